/* Toom-4 (toom44).
 * SPDX-License-Identifier: MIT */
#include "mulimpl.h"
#include "toom.h"

/* toom44: five products of W = 2k + 2 limbs, the evaluations (10 of k + 1 limbs, 5 for a square)
 * while v1, v-1, v2, v-2, v1/2 are computed; then v0, vinf and the interpolation's temporary
 * (W limbs) reuse that space. */
size_t cy__mpn_toom44_itch(size_t n, int sq)
{
    size_t k = T44_K(n), s = n - 3 * k, w = 2 * k + 2;
    size_t evals = (sq ? 5 : 10) * (k + 1);
    return 5 * w + cy__max2(evals + cy__mul_rec_itch(k + 1, sq),
                            cy__max2(cy__mul_rec_itch(k, sq), cy__mul_rec_itch(s, sq)));
}

/* Toom-4 (Toom 1963, Cook 1966) with evaluation points 0, 1, -1, 2, -2, 1/2, inf (the points
 * of Bodrato and Zanoni, ISSAC 2007, for Toom-4; 1/2 as 8 A(1/2) = 8a0 + 4a1 + 2a2 + a3, whose
 * product is 64 C(1/2)). Evaluations (k + 1 limbs): A(1) < 4 B^k, |A(-1)| < 2 B^k, A(2) < 15 B^k,
 * |A(-2)| < 10 B^k, 8 A(1/2) < 15 B^k; the products are below 225 B^2k < B^(2k+1), so the
 * coefficients c0..c6 of C = A B and every step below fit W = 2k + 2 limbs. The interpolation
 * (derived for carry; every intermediate value is a non-negative integer, so the work is done
 * modulo B^W with v-1, v-2 in two's complement and the divisions by 2, 4 are plain shifts):
 *   v-1 = (v1 + v-1) / 2 = c0 + c2 + c4 + c6,   v1 = v1 - v-1 = c1 + c3 + c5            (O1)
 *   v-2 = (v2 + v-2) / 2 = c0 + 4c2 + 16c4 + 64c6,   v2 = (v2 - v-2) / 2 = c1 + 4c3 + 16c5 (O2)
 *   v-1 = v-1 - c0 - c6 = c2 + c4,   v-2 = (v-2 - c0 - 64 c6) / 4 = c2 + 4 c4
 *   v-2 = (v-2 - v-1) / 3 = c4,   v-1 = v-1 - v-2 = c2
 *   vh = (vh - 64 c0 - 16 c2 - 4 c4 - c6) / 2 = 16 c1 + 4 c3 + c5                         (O3)
 *   v2 = (O2 - O1) / 3 = c3 + 5 c5,   vh = (16 O1 - O3) / 3 = 4 c3 + 5 c5
 *   vh = (vh - v2) / 3 = c3,   v2 = (v2 - vh) / 5 = c5,   v1 = v1 - vh - v2 = c1 */
void cy__mpn_toom44(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    size_t k = T44_K(n), s = n - 3 * k, w = 2 * k + 2, k1 = k + 1;
    cy_limb *v1 = tp, *vm1 = tp + w, *v2 = tp + 2 * w, *vm2 = tp + 3 * w, *vh = tp + 4 * w;
    cy_limb *ev = tp + 5 * w;
    const cy_limb *x = a;
    cy_limb sign1 = 0, sign2 = 0;
    /* Evaluate a (then b) into ev: [A(1)][|A(-1)|][A(2)][|A(-2)|][8 A(1/2)]. */
    for (int side = 0; side < (sq ? 1 : 2); side++, x = b) {
        cy_limb *e1 = ev + 5 * k1 * side, *em1 = e1 + k1, *e2 = em1 + k1, *em2 = e2 + k1,
                *eh = em2 + k1;
        const cy_limb *x0 = x, *x1 = x + k, *x2 = x + 2 * k, *x3 = x + 3 * k;
        e1[k] = cy_mpn_add_n(e1, x0, x2, k);                   /* x0 + x2 */
        e2[k] = cy_mpn_add(e2, x1, k, x3, s);                  /* x1 + x3 */
        sign1 ^= cy__mul_abs_sub(em1, e1, k1, e2, k1);         /* |A(-1)| */
        cy_mpn_add_n(e1, e1, e2, k1);                          /* A(1) */
        eh[k] = cy_mpn_lshift(eh, x2, k, 2);                   /* x0 + 4 x2 < 5 B^k */
        cy_mpn_add(eh, eh, k1, x0, k);
        cy__mul_shifted(e2, k1, x3, s, 2);                     /* 2 x1 + 8 x3 < 10 B^k */
        cy_mpn_add(e2, e2, k1, x1, k);
        cy_mpn_lshift(e2, e2, k1, 1);
        sign2 ^= cy__mul_abs_sub(em2, eh, k1, e2, k1);         /* |A(-2)| */
        cy_mpn_add_n(e2, e2, eh, k1);                          /* A(2) */
        eh[k] = cy_mpn_lshift(eh, x0, k, 1);                   /* ((2 x0 + x1) 2 + x2) 2 + x3 */
        cy_mpn_add(eh, eh, k1, x1, k);
        cy_mpn_lshift(eh, eh, k1, 1);
        cy_mpn_add(eh, eh, k1, x2, k);
        cy_mpn_lshift(eh, eh, k1, 1);
        cy_mpn_add(eh, eh, k1, x3, s);
    }
    if (sq)
        sign1 = sign2 = 0; /* squares are >= 0 */
    const cy_limb *f = ev + (sq ? 0 : 5 * k1);
    cy_limb *rest = ev + (sq ? 5 : 10) * k1;
    cy__mul_rec(v1, ev, f, k1, rest, sq);
    cy__mul_rec(vm1, ev + k1, f + k1, k1, rest, sq);
    cy__mul_rec(v2, ev + 2 * k1, f + 2 * k1, k1, rest, sq);
    cy__mul_rec(vm2, ev + 3 * k1, f + 3 * k1, k1, rest, sq);
    cy__mul_rec(vh, ev + 4 * k1, f + 4 * k1, k1, rest, sq);
    /* v0 and vinf go to their places in r; the evaluations are dead, so their space is scratch. */
    cy__mul_rec(r, a, b, k, ev, sq);
    cy__mul_rec(r + 6 * k, a + 3 * k, b + 3 * k, s, ev, sq);
    const cy_limb *v0 = r, *vinf = r + 6 * k;
    cy_limb *t = ev; /* W limbs */

    CY_VERIFY(cy_mpn_cmp(vm1, v1, w) <= 0 && cy_mpn_cmp(vm2, v2, w) <= 0); /* |v-1|, |v-2| */
    cy__mul_cnd_neg(vm1, vm1, w, sign1);
    cy__mul_cnd_neg(vm2, vm2, w, sign2);
    cy_mpn_add_n(vm1, v1, vm1, w);
    cy_mpn_rshift(vm1, vm1, w, 1);                 /* E1 = c0 + c2 + c4 + c6 */
    CY__VERIFY_BELOW_TOP(vm1, w);
    cy_mpn_sub_n(v1, v1, vm1, w);                  /* O1 = c1 + c3 + c5 */
    CY__VERIFY_BELOW_TOP(v1, w);
    cy_mpn_add_n(vm2, v2, vm2, w);
    cy_mpn_rshift(vm2, vm2, w, 1);                 /* E2 = c0 + 4c2 + 16c4 + 64c6 */
    CY__VERIFY_BELOW_TOP(vm2, w);
    cy_mpn_sub_n(v2, v2, vm2, w);
    cy_mpn_rshift(v2, v2, w, 1);                   /* O2 = c1 + 4c3 + 16c5 */
    CY__VERIFY_BELOW_TOP(v2, w);
    cy_mpn_sub(vm1, vm1, w, v0, 2 * k);
    cy_mpn_sub(vm1, vm1, w, vinf, 2 * s);          /* c2 + c4 */
    CY__VERIFY_BELOW_TOP(vm1, w);
    cy_mpn_sub(vm2, vm2, w, v0, 2 * k);
    cy__mul_shifted(t, w, vinf, 2 * s, 6);
    cy_mpn_sub_n(vm2, vm2, t, w);
    cy_mpn_rshift(vm2, vm2, w, 2);                 /* c2 + 4c4 */
    CY__VERIFY_BELOW_TOP(vm2, w);
    cy_mpn_sub_n(vm2, vm2, vm1, w);
    cy__mpn_divexact_small(vm2, vm2, w, 3);        /* c4 */
    CY__VERIFY_BELOW_TOP(vm2, w);
    cy_mpn_sub_n(vm1, vm1, vm2, w);                /* c2 */
    CY__VERIFY_BELOW_TOP(vm1, w);
    cy__mul_shifted(t, w, v0, 2 * k, 6);
    cy_mpn_sub_n(vh, vh, t, w);
    cy_mpn_lshift(t, vm1, w, 4);
    cy_mpn_sub_n(vh, vh, t, w);
    cy_mpn_lshift(t, vm2, w, 2);
    cy_mpn_sub_n(vh, vh, t, w);
    cy_mpn_sub(vh, vh, w, vinf, 2 * s);
    cy_mpn_rshift(vh, vh, w, 1);                   /* O3 = 16c1 + 4c3 + c5 */
    CY__VERIFY_BELOW_TOP(vh, w);
    cy_mpn_sub_n(v2, v2, v1, w);
    cy__mpn_divexact_small(v2, v2, w, 3);          /* c3 + 5c5 */
    CY__VERIFY_BELOW_TOP(v2, w);
    cy_mpn_lshift(t, v1, w, 4);
    cy_mpn_sub_n(vh, t, vh, w);
    cy__mpn_divexact_small(vh, vh, w, 3);          /* 4c3 + 5c5 */
    CY__VERIFY_BELOW_TOP(vh, w);
    cy_mpn_sub_n(vh, vh, v2, w);
    cy__mpn_divexact_small(vh, vh, w, 3);          /* c3 */
    CY__VERIFY_BELOW_TOP(vh, w);
    cy_mpn_sub_n(v2, v2, vh, w);
    cy__mpn_divexact_small(v2, v2, w, 5);          /* c5 */
    CY__VERIFY_BELOW_TOP(v2, w);
    cy_mpn_sub_n(v1, v1, vh, w);
    cy_mpn_sub_n(v1, v1, v2, w);                   /* c1 */
    CY__VERIFY_BELOW_TOP(v1, w);

    /* r = sum c_i B^ik: c1..c4 < 4 B^2k fit in W limbs and below B^2n; c5 = a2 b3 + a3 b2 <
     * 2 B^(k+s) has at most k + s + 1 <= 2n - 5k significant limbs. */
    CY_VERIFY(w <= 2 * n - 5 * k || cy_mpn_zero_p(v2 + (2 * n - 5 * k), w - (2 * n - 5 * k)));
    cy_mpn_zero(r + 2 * k, 4 * k);
    cy_mpn_add(r + k, r + k, 2 * n - k, v1, w);
    cy_mpn_add(r + 2 * k, r + 2 * k, 2 * n - 2 * k, vm1, w);
    cy_mpn_add(r + 3 * k, r + 3 * k, 2 * n - 3 * k, vh, w);
    cy_mpn_add(r + 4 * k, r + 4 * k, 2 * n - 4 * k, vm2, w);
    cy_mpn_add(r + 5 * k, r + 5 * k, 2 * n - 5 * k, v2, cy__min2(w, 2 * n - 5 * k));
}
