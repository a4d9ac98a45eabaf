/* cy_int addition and subtraction. SPDX-License-Identifier: MIT */
#include "impl.h"

/* r = a + (bneg ? -1 : 1) * |b| (b's own sign replaced by bneg: sub passes !b->neg). */
static int add_signed(cy_int *r, const cy_int *a, const cy_int *b, int bneg)
{
    size_t an = a->size, bn = b->size;
    size_t big = an > bn ? an : bn;
    /* Grow first: if r is a or b, its limbs move but keep their value, and are read after. */
    int err = cy__int_grow(r, cy__int_addsz(big, 1));
    if (err)
        return err;
    const cy_limb *ad = a->d, *bd = b->d;
    int aneg = a->neg;
    if (aneg == bneg) {
        /* cy_mpn_add wants the longer operand first and allows r to be either operand. */
        cy_limb cy = an >= bn ? cy_mpn_add(r->d, ad, an, bd, bn) : cy_mpn_add(r->d, bd, bn, ad, an);
        r->d[big] = cy;
        cy__int_setsize(r, big + 1, aneg);
    } else if (cy__int_cmp_mag(ad, an, bd, bn) >= 0) {
        cy_mpn_sub(r->d, ad, an, bd, bn);
        cy__int_setsize(r, an, aneg);
    } else {
        cy_mpn_sub(r->d, bd, bn, ad, an);
        cy__int_setsize(r, bn, bneg);
    }
    return CY_OK;
}

int cy_int_add(cy_int *r, const cy_int *a, const cy_int *b)
{
    return add_signed(r, a, b, b->neg);
}

int cy_int_sub(cy_int *r, const cy_int *a, const cy_int *b)
{
    return add_signed(r, a, b, b->size ? !b->neg : 0);
}
