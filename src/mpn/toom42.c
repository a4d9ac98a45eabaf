/* Toom-4/2 (toom42): the 2bn x bn chunks of unbalanced products.
 * SPDX-License-Identifier: MIT */
#include "toom.h"

/* Toom-4/2 (the unbalanced Toom of Bodrato and Zanoni, ISSAC 2007) for 2bn x bn chunks of an
 * unbalanced product: a = a0 + a1 X + a2 X^2 + a3 X^3, b = b0 + b1 X with X = B^k, k = ceil(an/4),
 * sa = an - 3k limbs in a3, sb = bn - k in b1, 1 <= sa, sb <= k and 5 (k + 1) <= an + bn (the
 * caller's shapes: an = 2bn, bn >= 24). The product has degree 4: the points and the
 * interpolation of Toom-3 (cy__toom_interpolate5).
 * Evaluations (k + 1 limbs): A(1) < 4 B^k, |A(-1)| = |(a0 + a2) - (a1 + a3)| < 2 B^k,
 * A(2) = ((2 a3 + a2) 2 + a1) 2 + a0 < 15 B^k; B(1) < 2 B^k, |B(-1)| < B^k, B(2) = B(1) + b1 <
 * 3 B^k. So v2 < 45 B^2k < B^(2k+1), |A(-1)| <= A(1), A(2) and likewise for b; c1, c2, c3 < 2 B^2k,
 * and c3 = a2 b1 + a3 b0 < 2 B^(k + max(sa, sb)) has at most an + bn - 3k significant limbs.
 * Replaces the two bn x bn products of the chunk by five of about bn/2 limbs. Scratch: v1, v-1,
 * v2 (W limbs each) and B(2); the other evaluations sit in r until v0 and vinf are written. */
size_t cy__mpn_toom42_itch(size_t an, size_t bn)
{
    size_t k = T42_K(an), sa = an - 3 * k, sb = bn - k;
    size_t top = cy_mpn_mul_itch(cy__max2(sa, sb), cy__min2(sa, sb));
    return 3 * (2 * k + 2) +
           cy__max2(k + 1 + cy__mul_rec_itch(k + 1, 0), cy__max2(cy__mul_rec_itch(k, 0), top));
}

void cy__mpn_toom42(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                    cy_limb *tp)
{
    size_t k = T42_K(an), sa = an - 3 * k, sb = bn - k, w = 2 * k + 2, k1 = k + 1;
    cy_limb *v1 = tp, *vm1 = tp + w, *v2 = tp + 2 * w, *eb2 = tp + 3 * w, *rest = eb2 + k1;
    /* Five evaluations in r, free until v0 and vinf are written (the caller: 5 (k + 1) <= an + bn) */
    cy_limb *ea1 = r, *eam1 = r + k1, *ea2 = r + 2 * k1, *eb1 = r + 3 * k1, *ebm1 = r + 4 * k1;
    const cy_limb *a1 = a + k, *a2 = a + 2 * k, *a3 = a + 3 * k, *b1 = b + k;
    ea1[k] = cy_mpn_add_n(ea1, a, a2, k);                  /* a0 + a2 */
    ea2[k] = cy_mpn_add(ea2, a1, k, a3, sa);               /* a1 + a3 */
    cy_limb sign = cy__mul_abs_sub(eam1, ea1, k1, ea2, k1); /* |A(-1)| */
    cy_mpn_add_n(ea1, ea1, ea2, k1);                       /* A(1) */
    cy__mul_shifted(ea2, k1, a3, sa, 1);                   /* 2 a3 */
    cy_mpn_add(ea2, ea2, k1, a2, k);
    cy_mpn_lshift(ea2, ea2, k1, 1);
    cy_mpn_add(ea2, ea2, k1, a1, k);
    cy_mpn_lshift(ea2, ea2, k1, 1);
    cy_mpn_add(ea2, ea2, k1, a, k);                        /* A(2) */
    eb1[k] = cy_mpn_add(eb1, b, k, b1, sb);                /* B(1) */
    sign ^= cy__mul_abs_sub(ebm1, b, k, b1, sb);           /* |B(-1)| */
    ebm1[k] = 0;
    cy_mpn_add(eb2, eb1, k1, b1, sb);                      /* B(2) */
    cy__mul_rec(v1, ea1, eb1, k1, rest, 0);
    cy__mul_rec(vm1, eam1, ebm1, k1, rest, 0);
    cy__mul_rec(v2, ea2, eb2, k1, rest, 0);
    /* v0 and vinf go to their places in r over the dead evaluations. */
    cy__mul_rec(r, a, b, k, eb2, 0);
    cy__mul_unordered(r + 4 * k, a3, sa, b1, sb, eb2);
    cy__toom_interpolate5(r, an + bn, k, v1, vm1, v2, sa + sb, sign);
}
