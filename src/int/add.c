/* cy_int addition and subtraction. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "impl.h"

/* r = a + (vneg ? -1 : 1) * v for a one-limb v: the carry or borrow runs up only as far as it
 * goes, then the rest of a is copied (nothing to copy when r is a, as in y = y^2 + c). No view,
 * no call below: the word forms and the one-limb operands of add_long come here. */
static int add_word(cy_int *r, const cy_int *a, cy_limb v, int vneg)
{
    size_t an = cy__int_n(a);
    int err = cy__int_grow(r, cy__int_addsz(an, 1));
    if (err)
        return err;
    const cy_limb *ad = a->d;
    cy_limb *rd = r->d, c;
    int aneg = cy__int_isneg(a);
    if (an == 0 || (an == 1 && aneg != vneg)) { /* |a| may be below v: |x - v| */
        cy_limb x = an ? ad[0] : 0;
        if (x >= v) {
            rd[0] = x - v;
            cy__int_put(r, x != v, aneg);
        } else {
            rd[0] = v - x;
            cy__int_put(r, 1, vneg);
        }
        return CY_OK;
    }
    size_t i = 1;
    if (aneg == vneg)
        for (c = cy__addc(ad[0], v, 0, &rd[0]); c && i < an; i++)
            c = cy__addc(ad[i], 0, c, &rd[i]);
    else /* an >= 2, so |a| >= B > v: the sign is a's */
        for (c = cy__subb(ad[0], v, 0, &rd[0]); c && i < an; i++)
            c = cy__subb(ad[i], 0, c, &rd[i]);
    if (rd != ad)
        cy_mpn_copy(rd + i, ad + i, an - i);
    if (aneg == vneg) { /* the carry is a new top limb */
        rd[an] = c;
        cy__int_put(r, an + (size_t)c, aneg);
    } else /* the borrow stopped below the top, which may have become 0 */
        cy__int_setsize(r, an, aneg);
    return CY_OK;
}

/* add_signed for a or b longer than two limbs, r grown to one limb more than the longer. */
static int add_long(cy_int *r, const cy_int *a, const cy_int *b, int bneg)
{
    size_t an = cy__int_n(a), bn = cy__int_n(b), big = an > bn ? an : bn;
    const cy_limb *ad = a->d, *bd = b->d;
    int aneg = cy__int_isneg(a);
    if (bn == 1)
        return add_word(r, a, bd[0], bneg);
    if (aneg == bneg) {
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

/* r = a + (bneg ? -1 : 1) * |b| (b's own sign replaced by bneg: sub passes the opposite). Inline,
 * so that the word forms reach the two-limb case without a call. */
static inline int add_signed(cy_int *r, const cy_int *a, const cy_int *b, int bneg)
{
    size_t an = cy__int_n(a), bn = cy__int_n(b);
    size_t big = an > bn ? an : bn;
    /* Grow first: if r is a or b, its limbs move but keep their value, and are read after. */
    int err = cy__int_grow(r, cy__int_addsz(big, 1));
    if (err)
        return err;
    const cy_limb *ad = a->d, *bd = b->d;
    int aneg = cy__int_isneg(a);
    if (big <= 2) {
        /* up to two limbs inline (the y = y^2 + c mod n and x - y of a rho loop): no calls, no
         * dispatch. x = <x1, x0> and y = <y1, y0>; the sum has a third limb for the carry, the
         * difference is the larger magnitude minus the smaller. */
        cy_limb x0 = an ? ad[0] : 0, x1 = an > 1 ? ad[1] : 0, y0 = bn ? bd[0] : 0, y1 = bn > 1 ? bd[1] : 0;
        cy_limb s0, s1, c = 0;
        int neg = aneg;
        if (aneg == bneg) {
            c = cy__addc(x1, y1, cy__addc(x0, y0, 0, &s0), &s1);
        } else if (x1 > y1 || (x1 == y1 && x0 >= y0)) {
            cy__subb(x1, y1, cy__subb(x0, y0, 0, &s0), &s1);
        } else {
            cy__subb(y1, x1, cy__subb(y0, x0, 0, &s0), &s1);
            neg = bneg;
        }
        /* s1 != 0 needs big >= 1 and c != 0 needs big = 2: r has the big + 1 limbs written */
        cy_limb *rd = r->d;
        rd[0] = s0;
        if (s1 || c)
            rd[1] = s1;
        if (c)
            rd[2] = c;
        cy__int_put(r, c ? 3 : s1 ? 2 : s0 != 0, neg);
        return CY_OK;
    }
    return add_long(r, a, b, bneg);
}

int cy_int_add(cy_int *r, const cy_int *a, const cy_int *b)
{
    return add_signed(r, a, b, cy__int_isneg(b));
}

int cy_int_sub(cy_int *r, const cy_int *a, const cy_int *b)
{
    return add_signed(r, a, b, b->size > 0);
}

/* The word forms: add_word when v fits a limb (always with 64-bit limbs), else v as a view on
 * the stack (an input only, so any aliasing of r and a holds). */

int cy_int_add_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    if (v <= CY_LIMB_MAX)
        return add_word(r, a, (cy_limb)v, 0);
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return add_signed(r, a, &b, 0);
}

int cy_int_sub_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    if (v <= CY_LIMB_MAX)
        return add_word(r, a, (cy_limb)v, 1);
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return add_signed(r, a, &b, 1);
}

int cy_int_u64_sub(cy_int *r, uint64_t v, const cy_int *a)
{
    if (v <= CY_LIMB_MAX) { /* v - a = -(a - v) */
        int err = add_word(r, a, (cy_limb)v, 1);
        if (!err)
            r->size = -r->size;
        return err;
    }
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return add_signed(r, &b, a, a->size > 0);
}
