/* Toom-3/2 (toom32): unbalanced products with 1.5 bn <= an < 2bn.
 * SPDX-License-Identifier: MIT */
#include "toom.h"

/* Toom-3/2 (Bodrato and Zanoni, ISSAC 2007) for products with 1.5 bn <= an < 2bn or so:
 * a = a0 + a1 X + a2 X^2, b = b0 + b1 X with X = B^k, k = ceil(an/3), sa = an - 2k limbs in a2,
 * sb = bn - k in b1, 1 <= sa, sb <= k and sa + sb >= k + 4 (the caller's shapes). The product has
 * degree 3; points 0, 1, -1, inf. Evaluations (k + 1 limbs): A(1) < 3 B^k,
 * |A(-1)| = |(a0 + a2) - a1| < 2 B^k, B(1) < 2 B^k, |B(-1)| < B^k; v1 = A(1) B(1) < 6 B^2k,
 * |v-1| <= v1. With v-1 signed, (v1 + v-1)/2 = c0 + c2 and (v1 - v-1)/2 = c1 + c3, both
 * non-negative and below B^(2k+1), so the work is modulo B^W (W = 2k + 2), v-1 in two's
 * complement, the halving a plain shift. c2 = a1 b1 + a2 b0 < 2 B^(k + max(sa, sb)) has at most
 * an + bn - 2k significant limbs. Four products of about k limbs instead of a bn x bn product and
 * a bn x (an - bn) one. Scratch: v1 and v-1 (W limbs each); the four evaluations sit in r
 * (4 (k + 1) <= an + bn) until v0 and vinf are written. */
size_t cy__mpn_toom32_itch(size_t an, size_t bn)
{
    size_t k = T32_K(an), sa = an - 2 * k, sb = bn - k;
    return 2 * (2 * k + 2) + cy__max2(cy__mul_rec_itch(k + 1, 0), cy__max2(cy__mul_rec_itch(k, 0),
                                  cy_mpn_mul_itch(cy__max2(sa, sb), cy__min2(sa, sb))));
}

void cy__mpn_toom32(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                    cy_limb *tp)
{
    size_t k = T32_K(an), sa = an - 2 * k, sb = bn - k, w = 2 * k + 2, k1 = k + 1, rn = an + bn;
    cy_limb *v1 = tp, *vm1 = tp + w, *rest = tp + 2 * w;
    cy_limb *ea1 = r, *eam1 = r + k1, *eb1 = r + 2 * k1, *ebm1 = r + 3 * k1;
    const cy_limb *a1 = a + k, *a2 = a + 2 * k, *b1 = b + k;
    ea1[k] = cy_mpn_add(ea1, a, k, a2, sa);                /* a0 + a2 */
    cy_limb sign = cy__mul_abs_sub(eam1, ea1, k1, a1, k);  /* |A(-1)| */
    cy_mpn_add(ea1, ea1, k1, a1, k);                       /* A(1) */
    eb1[k] = cy_mpn_add(eb1, b, k, b1, sb);                /* B(1) */
    sign ^= cy__mul_abs_sub(ebm1, b, k, b1, sb);           /* |B(-1)| */
    ebm1[k] = 0;
    cy__mul_rec(v1, ea1, eb1, k1, rest, 0);
    cy__mul_rec(vm1, eam1, ebm1, k1, rest, 0);
    /* v0 and vinf go to their places in r over the dead evaluations. */
    cy__mul_rec(r, a, b, k, rest, 0);
    cy__mul_unordered(r + 3 * k, a2, sa, b1, sb, rest);
    CY_VERIFY(cy_mpn_cmp(vm1, v1, w) <= 0); /* |v-1| <= v1 */
    cy__mul_cnd_neg(vm1, vm1, w, sign);                    /* v-1 with its sign */
    cy_mpn_add_n(vm1, v1, vm1, w);
    cy_mpn_rshift(vm1, vm1, w, 1);                         /* c0 + c2 */
    CY__VERIFY_BELOW_TOP(vm1, w);
    cy_mpn_sub_n(v1, v1, vm1, w);                          /* c1 + c3 */
    CY__VERIFY_BELOW_TOP(v1, w);
    cy_mpn_sub(vm1, vm1, w, r, 2 * k);                     /* c2 */
    CY__VERIFY_BELOW_TOP(vm1, w);
    cy_mpn_sub(v1, v1, w, r + 3 * k, sa + sb);             /* c1 */
    CY__VERIFY_BELOW_TOP(v1, w);
    CY_VERIFY(w <= rn - 2 * k || cy_mpn_zero_p(vm1 + (rn - 2 * k), w - (rn - 2 * k)));
    cy_mpn_zero(r + 2 * k, k);
    cy_mpn_add(r + k, r + k, rn - k, v1, w);
    cy_mpn_add(r + 2 * k, r + 2 * k, rn - 2 * k, vm1, cy__min2(w, rn - 2 * k));
}
