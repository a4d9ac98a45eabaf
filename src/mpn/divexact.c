/* cy_mpn_divexact: division known to be exact. SPDX-License-Identifier: MIT
 *
 * Hensel (right-to-left) schoolbook division, as cy_mpn_divexact_1 but by a vector (Jebelean,
 * "An algorithm for exact division", J. Symbolic Computation 15, 1993): with the common factor
 * 2^z removed, D' = D / 2^z is odd and Q = A' / D' is the unique solution of Q D' = A' mod B^qn,
 * qn = an - dn + 1 (Q < B^qn). Quotient limb i is the low limb of the running remainder times
 * D'^-1 mod B, and subtracting q_i D' B^i clears that limb; only the limbs below qn are ever
 * needed, so the work is about qn * min(qn, dn) / 2 limb products, half of a schoolbook
 * division's for 2n / n. Above the divide-and-conquer threshold (in both dn and qn) this calls
 * cy_mpn_divrem instead, which is subquadratic with a fast multiplication.
 */
#include "core/tune.h"
#include "divimpl.h"

static int use_divrem(size_t an, size_t dn)
{
    return dn >= cy__tune_now()->dc_div && an - dn + 1 >= cy__tune_now()->dc_div;
}

size_t cy_mpn_divexact_itch(size_t an, size_t dn)
{
    return use_divrem(an, dn) ? cy_mpn_divrem_itch(an, dn) : (an - dn + 1) + dn;
}

void cy_mpn_divexact(cy_limb *q, const cy_limb *a, size_t an, const cy_limb *d, size_t dn,
                     cy_limb *scratch)
{
    CY_ASSERT(an >= dn && dn >= 1 && d[dn - 1] != 0);
    CY_ASSERT(cy__disjoint(q, an - dn + 1, a, an) && cy__disjoint(q, an - dn + 1, d, dn));
    if (use_divrem(an, dn)) {
        cy_mpn_divrem(q, NULL, a, an, d, dn, scratch);
        return;
    }
    const size_t qn = an - dn + 1;
    /* z = zl limbs + zb bits of trailing zeros in D; A has at least as many (exactness) */
    size_t zl = 0;
    while (d[zl] == 0)
        zl++;
    unsigned zb = cy__ctz(d[zl]);
    size_t dn2 = dn - zl;
    cy_limb *r = scratch, *dp = scratch + qn;
    /* D' = D >> z, and the low qn limbs of A' = A >> z (zl + qn <= an since zl < dn) */
    if (zb) {
        cy_mpn_rshift(dp, d + zl, dn2, zb);
        cy_mpn_rshift(r, a + zl, qn, zb);
        if (zl + qn < an)
            r[qn - 1] |= a[zl + qn] << (CY_LIMB_BITS - zb);
    } else {
        cy_mpn_copy(dp, d + zl, dn2);
        cy_mpn_copy(r, a + zl, qn);
    }
    const cy_limb inv = cy__binvert_limb(dp[0]);
    for (size_t i = 0; i < qn; i++) {
        cy_limb qi = r[i] * inv;
        q[i] = qi;
        size_t len = dn2 < qn - i ? dn2 : qn - i;
        /* {r + i, len} -= qi D' (mod B^len); its borrow belongs at limb i + len, and a borrow
         * out of that limb moves up (rarely far), always below qn */
        cy_limb b = cy_mpn_submul_1(r + i, dp, len, qi);
        for (size_t k = i + len; b && k < qn; k++) {
            cy_limb t = r[k];
            r[k] = t - b;
            b = t < b;
        }
    }
}
