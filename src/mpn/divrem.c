/* cy_mpn_divrem: quotient and remainder of any lengths. SPDX-License-Identifier: MIT
 *
 * Normalises (shifts D left until its top bit is set, and A by the same amount into one more
 * limb), divides with schoolbook or divide-and-conquer, and shifts the remainder back. With a
 * shift, the extra top limb of A is below 2^shift <= D's top limb, so the quotient has no bit
 * above its an - dn + 1 limbs; without one, the high quotient bit is the top limb. */
#include "divimpl.h"

size_t cy_mpn_divrem_itch(size_t an, size_t dn)
{
    if (dn == 1)
        return 0;
    /* shifted A (an + 1), shifted D (dn), then the divide-and-conquer scratch */
    return an + 1 + dn + (dn >= CY_DC_DIV_THRESHOLD ? cy__mpn_dc_div_itch(dn) : 0);
}

void cy_mpn_divrem(cy_limb *q, cy_limb *r, const cy_limb *a, size_t an, const cy_limb *d, size_t dn,
                   cy_limb *scratch)
{
    CY_ASSERT(an >= dn && dn >= 1 && d[dn - 1] != 0);
    CY_ASSERT(cy__disjoint(q, an - dn + 1, a, an) && cy__disjoint(q, an - dn + 1, d, dn));
    CY_ASSERT(!r || (cy__disjoint(q, an - dn + 1, r, dn) && cy__disjoint(r, dn, d, dn)));
    if (dn == 1) {
        cy_limb rem = cy_mpn_divrem_1(q, a, an, d[0]);
        if (r)
            r[0] = rem;
        return;
    }
    unsigned s = cy__clz(d[dn - 1]);
    cy_limb *np = scratch, *dp = scratch + an + 1, *tp = dp + dn;
    size_t nn = an;
    if (s) {
        cy_mpn_lshift(dp, d, dn, s);
        np[an] = cy_mpn_lshift(np, a, an, s);
        nn = an + 1;
    } else {
        cy_mpn_copy(dp, d, dn);
        cy_mpn_copy(np, a, an);
    }
    cy_limb v = cy__invert_pi1(dp[dn - 1], dp[dn - 2]);
    cy_limb qh = dn < CY_DC_DIV_THRESHOLD ? cy__mpn_sb_div(q, np, nn, dp, dn, v)
                                          : cy__mpn_dc_div(q, np, nn, dp, dn, v, tp);
    if (!s)
        q[an - dn] = qh;
    CY_ASSERT(!s || qh == 0);
    if (r) {
        if (s)
            cy_mpn_rshift(r, np, dn, s);
        else
            cy_mpn_copy(r, np, dn);
    }
}
