/* Toom-3 (toom33) and the interpolation it shares with Toom-4/2.
 * SPDX-License-Identifier: MIT */
#include "mulimpl.h"
#include "toom.h"

/* toom33: three products of W = 2k + 2 limbs, the evaluations (6 of k + 1 limbs, 3 for a square)
 * live while v1, v-1, v2 are computed; then v0 (size k) and vinf (size s) reuse that space. */
size_t cy__mpn_toom33_itch(size_t n, int sq)
{
    size_t k = T33_K(n), s = n - 2 * k, w = 2 * k + 2;
    size_t evals = (sq ? 3 : 6) * (k + 1);
    return 3 * w + cy__max2(evals + cy__mul_rec_itch(k + 1, sq),
                            cy__max2(cy__mul_rec_itch(k, sq), cy__mul_rec_itch(s, sq)));
}

/* The interpolation of Toom-3 (and Toom-4/2) from the points 0, 1, -1, 2, inf, and the sum of
 * the coefficients into r. On entry {r, 2k} = v0 = c0, {r + 4k, vinfn} = vinf = c4, v1, vm1 (its
 * absolute value; sign: all ones when v-1 < 0) and v2 are W = 2k + 2 limbs; on exit
 * {r, rn} = c0 + c1 B^k + c2 B^2k + c3 B^3k + c4 B^4k, rn = 4k + vinfn (v1, vm1, v2 clobbered).
 * The sequence of M. Bodrato and A. Zanoni, "Integer and polynomial multiplication: towards optimal
 * Toom-Cook matrices" (ISSAC 2007), for these points:
 *   v2 = (v2 - v-1) / 3        = c1 + c2 + 3c3 + 5c4
 *   v-1 = (v1 - v-1) / 2       = c1 + c3
 *   v1 = v1 - v0               = c1 + c2 + c3 + c4
 *   v2 = (v2 - v1) / 2 - 2vinf = c3
 *   v1 = v1 - v-1 - vinf       = c2
 *   v-1 = v-1 - v2             = c1
 * Every intermediate value is a non-negative integer below B^(2k+1) when the caller's products
 * satisfy |v-1| <= v1, |v-1| <= v2 and c_i < B^(2k+1) (so v2 - v-1 >= 0, v1 - v-1 >= 0), so the
 * work is done modulo B^W, with v-1 in two's complement, and the halvings are plain right shifts.
 * c3 must have at most rn - 3k significant limbs (the callers' bounds). */
void cy__toom_interpolate5(cy_limb *r, size_t rn, size_t k, cy_limb *v1, cy_limb *vm1,
                           cy_limb *v2, size_t vinfn, cy_limb sign)
{
    size_t w = 2 * k + 2;
    const cy_limb *v0 = r, *vinf = r + 4 * k;
    CY_VERIFY(cy_mpn_cmp(vm1, v1, w) <= 0 && cy_mpn_cmp(vm1, v2, w) <= 0); /* |v-1| <= v1, v2 */
    cy__mul_cnd_neg(vm1, vm1, w, sign); /* v-1 with its sign (two's complement) */
    cy_mpn_sub_n(v2, v2, vm1, w);
    cy__mpn_divexact_small(v2, v2, w, 3);
    CY__VERIFY_BELOW_TOP(v2, w);        /* c1 + c2 + 3c3 + 5c4 */
    cy_mpn_sub_n(vm1, v1, vm1, w);
    cy_mpn_rshift(vm1, vm1, w, 1);
    CY__VERIFY_BELOW_TOP(vm1, w);       /* c1 + c3 */
    cy_mpn_sub(v1, v1, w, v0, 2 * k);
    CY__VERIFY_BELOW_TOP(v1, w);        /* c1 + c2 + c3 + c4 */
    cy_mpn_sub_n(v2, v2, v1, w);
    cy_mpn_rshift(v2, v2, w, 1);
    cy_mpn_sub(v2, v2, w, vinf, vinfn);
    cy_mpn_sub(v2, v2, w, vinf, vinfn);
    CY__VERIFY_BELOW_TOP(v2, w);        /* c3 */
    cy_mpn_sub_n(v1, v1, vm1, w);
    cy_mpn_sub(v1, v1, w, vinf, vinfn);
    CY__VERIFY_BELOW_TOP(v1, w);        /* c2 */
    cy_mpn_sub_n(vm1, vm1, v2, w);
    CY__VERIFY_BELOW_TOP(vm1, w);       /* c1 */
    CY_VERIFY(w <= rn - 3 * k || cy_mpn_zero_p(v2 + (rn - 3 * k), w - (rn - 3 * k)));

    /* r = c0 + c1 B^k + c2 B^2k + c3 B^3k + c4 B^4k: c1, c2 fit in W limbs (below B^(2k+1)) and
     * W <= rn - 2k (callers: vinfn >= 2); c3 has at most rn - 3k significant limbs. */
    cy_mpn_zero(r + 2 * k, 2 * k);
    cy_mpn_add(r + k, r + k, rn - k, vm1, w);
    cy_mpn_add(r + 2 * k, r + 2 * k, rn - 2 * k, v1, w);
    cy_mpn_add(r + 3 * k, r + 3 * k, rn - 3 * k, v2, cy__min2(w, rn - 3 * k));
}

/* Toom-3 (Toom 1963, Cook 1966) with evaluation points 0, 1, -1, 2, inf.
 * Evaluations (k + 1 limbs each): A(1) = a0 + a1 + a2 < 3 B^k, |A(-1)| = |a0 - a1 + a2| < 2 B^k,
 * A(2) = a0 + 2 a1 + 4 a2 < 7 B^k. Products v0 = a0 b0, v1, v-1 (signed), v2, vinf = a2 b2 give
 * the coefficients c0..c4 of the product polynomial by cy__toom_interpolate5: |A(-1)| <= A(1),
 * A(2), the coefficients are below 3 B^2k, and c3 = a1 b2 + a2 b1 < 2 B^(k+s) has at most k + s + 1 <=
 * 2n - 3k significant limbs. */
void cy__mpn_toom33(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    size_t k = T33_K(n), s = n - 2 * k, w = 2 * k + 2, k1 = k + 1;
    cy_limb *v1 = tp, *vm1 = tp + w, *v2 = tp + 2 * w, *ev = tp + 3 * w;
    const cy_limb *x = a;
    cy_limb sign = 0;
    /* Evaluate a (then b) into ev: [A(1)][|A(-1)|][A(2)]. */
    for (int side = 0; side < (sq ? 1 : 2); side++, x = b) {
        cy_limb *e1 = ev + 3 * k1 * side, *em1 = e1 + k1, *e2 = em1 + k1;
        e1[k] = cy_mpn_add(e1, x, k, x + 2 * k, s);            /* a0 + a2 < 2 B^k */
        sign ^= cy__mul_abs_sub(em1, e1, k1, x + k, k);        /* |a0 + a2 - a1| */
        cy_mpn_add(e1, e1, k1, x + k, k);                      /* a0 + a1 + a2 */
        e2[s] = cy_mpn_lshift(e2, x + 2 * k, s, 1);            /* 2 a2 */
        cy_mpn_zero(e2 + s + 1, k - s);
        cy_mpn_add(e2, e2, k1, x + k, k);                      /* a1 + 2 a2 < 3 B^k */
        cy_mpn_lshift(e2, e2, k1, 1);                          /* < 6 B^k: nothing out */
        cy_mpn_add(e2, e2, k1, x, k);                          /* a0 + 2 a1 + 4 a2 */
    }
    if (sq)
        sign = 0; /* A(-1)^2 >= 0 */
    cy_limb *f1 = ev + (sq ? 0 : 3 * k1), *rest = ev + (sq ? 3 : 6) * k1;
    cy__mul_rec(v1, ev, f1, k1, rest, sq);
    cy__mul_rec(vm1, ev + k1, f1 + k1, k1, rest, sq);
    cy__mul_rec(v2, ev + 2 * k1, f1 + 2 * k1, k1, rest, sq);
    /* v0 and vinf go to their places in r; the evaluations are dead, so their space is scratch. */
    cy__mul_rec(r, a, b, k, ev, sq);
    cy__mul_rec(r + 4 * k, a + 2 * k, b + 2 * k, s, ev, sq);
    cy__toom_interpolate5(r, 2 * n, k, v1, vm1, v2, 2 * s, sign);
}
