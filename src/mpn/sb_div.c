/* cy__mpn_sb_div: schoolbook division with the 3/2 reciprocal. SPDX-License-Identifier: MIT
 *
 * Knuth's algorithm D (TAOCP vol. 2, 4.3.1) with each quotient limb from Moller and Granlund's
 * 3/2 division ("Improved division by invariant integers", 2011, section 4). For quotient limb i
 * the partial remainder is the window W = {n + i, dn + 1}, W < B * D. The 3/2 quotient of its top
 * three limbs by <d1, d0> is the true quotient limb or one more (the lower dn - 2 limbs of D can
 * lower it by at most one, since <d1, d0> >= B^2 / 2), so one add-back corrects it; the add-back
 * runs with probability about 2/B. The 3/2 step already yields the top two limbs of the new
 * remainder, so only the dn - 2 lower limbs need a submul_1 pass.
 */
#include "divimpl.h"

cy_limb cy__mpn_sb_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb v)
{
    CY_ASSERT(dn >= 2 && nn >= dn && (d[dn - 1] >> (CY_LIMB_BITS - 1)));
    const cy_limb d1 = d[dn - 1], d0 = d[dn - 2];
    size_t qn = nn - dn;
    cy_limb *top = n + qn;
    cy_limb qh = cy_mpn_cmp(top, d, dn) >= 0; /* the top quotient bit: 0 or 1 since D >= B^dn/2 */
    if (qh)
        cy_mpn_sub_n(top, top, d, dn);
    cy_limb n1 = n[nn - 1]; /* the top limb of the current window, kept in a register */
    for (size_t i = qn; i-- > 0;) {
        cy_limb *w = n + i; /* window {w, dn + 1}, top limb n1 */
        cy_limb qi, n0;
        if (n1 == d1 && w[dn - 1] == d0) {
            /* The 3/2 quotient would be B, out of range. The quotient limb is B - 1 exactly:
             * with W = <d1, d0> B^(dn-1) + X and D = <d1, d0> B^(dn-2) + Y (X < B^(dn-1),
             * Y < B^(dn-2)), W - (B-1) D = X + <d1, d0> B^(dn-2) - (B-1) Y > 0 because
             * <d1, d0> >= B^2/2; and W < B D. The borrow of the pass cancels n1. */
            qi = CY_LIMB_MAX;
            cy_mpn_submul_1(w, d, dn, qi);
            n1 = w[dn - 1];
        } else {
            qi = cy__udiv_3by2(n1, w[dn - 1], w[dn - 2], d1, d0, v, &n1, &n0);
            cy_limb cy = dn > 2 ? cy_mpn_submul_1(w, d, dn - 2, qi) : 0;
            cy_limb b0 = n0 < cy;
            n0 -= cy;
            cy_limb b1 = n1 < b0;
            n1 -= b0;
            w[dn - 2] = n0;
            if (b1) { /* qi was one too large: add D back, the carry out cancels the borrow */
                n1 += d1 + cy_mpn_add_n(w, w, d, dn - 1);
                qi--;
            }
        }
        q[i] = qi;
    }
    n[dn - 1] = n1;
    return qh;
}
