/* cy_int addition and subtraction. SPDX-License-Identifier: MIT */
#include "impl.h"

/* r = a + (bneg ? -1 : 1) * |b| (b's own sign replaced by bneg: sub passes the opposite). */
static int add_signed(cy_int *r, const cy_int *a, const cy_int *b, int bneg)
{
    size_t an = cy__int_n(a), bn = cy__int_n(b);
    size_t big = an > bn ? an : bn;
    /* Grow first: if r is a or b, its limbs move but keep their value, and are read after. */
    int err = cy__int_grow(r, cy__int_addsz(big, 1));
    if (err)
        return err;
    const cy_limb *ad = a->d, *bd = b->d;
    int aneg = cy__int_isneg(a);
    if (big <= 1) { /* single limbs (or zero) inline: no calls, no normalisation loop */
        cy_limb x = an ? ad[0] : 0, y = bn ? bd[0] : 0, s, c = 0;
        int neg = aneg;
        if (aneg == bneg) {
            s = x + y;
            c = s < x;
        } else if (x >= y) {
            s = x - y;
        } else {
            s = y - x;
            neg = bneg;
        }
        r->d[0] = s;
        if (c) /* then big = 1 and r has 2 limbs */
            r->d[1] = c;
        cy__int_put(r, c ? 2 : s != 0, neg);
    } else if (aneg == bneg) {
        /* cy_mpn_add_n and cy_mpn_add_1 allow r to be either operand; the longer one goes
         * first. The operands are normalised, so the top limb of the sum (without the carry) is
         * non-zero unless the carry is: the size is big + carry, no normalisation needed. */
        if (an < bn) {
            const cy_limb *t = ad;
            ad = bd;
            bd = t;
            size_t tn = an;
            an = bn;
            bn = tn;
        }
        cy_limb cy = cy_mpn_add_n(r->d, ad, bd, bn);
        if (an > bn)
            cy = cy_mpn_add_1(r->d + bn, ad + bn, an - bn, cy);
        r->d[big] = cy;
        cy__int_put(r, big + (size_t)cy, aneg);
    } else if (an == bn) {
        /* Equal lengths: the limbs above the highest one that differs cancel, so only those
         * below it are subtracted, the larger from the smaller (and r's limbs above are not
         * needed: the size comes from the limbs written). */
        size_t k = an;
        while (k > 0 && ad[k - 1] == bd[k - 1])
            k--;
        if (k == 0)
            r->size = 0;
        else if (ad[k - 1] > bd[k - 1]) {
            cy_mpn_sub_n(r->d, ad, bd, k);
            cy__int_setsize(r, k, aneg);
        } else {
            cy_mpn_sub_n(r->d, bd, ad, k);
            cy__int_setsize(r, k, bneg);
        }
    } else if (an > bn) {
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
    return add_signed(r, a, b, cy__int_isneg(b));
}

int cy_int_sub(cy_int *r, const cy_int *a, const cy_int *b)
{
    return add_signed(r, a, b, b->size > 0);
}

/* The word forms: v as a view on the stack (an input only, so any aliasing of r and a holds). */

int cy_int_add_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return add_signed(r, a, &b, 0);
}

int cy_int_sub_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return add_signed(r, a, &b, v != 0);
}

int cy_int_u64_sub(cy_int *r, uint64_t v, const cy_int *a)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return add_signed(r, &b, a, a->size > 0);
}
