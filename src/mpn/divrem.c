/* cy_mpn_divrem: quotient and remainder of any lengths. SPDX-License-Identifier: MIT
 *
 * Normalises (shifts D left until its top bit is set, and A by the same amount into one more
 * limb), divides with schoolbook or divide-and-conquer, and shifts the remainder back. With a
 * shift, the extra top limb of A is below 2^shift <= D's top limb, so the quotient has no bit
 * above its an - dn + 1 limbs; without one, the high quotient bit is the top limb. */
#include "core/tune.h"
#include "divimpl.h"

size_t cy_mpn_divrem_itch(size_t an, size_t dn)
{
    if (dn <= 2)
        return 0;
    /* shifted A (an + 1), shifted D (dn), then the scratch of whichever division runs: the
     * normalised dividend has an or an + 1 limbs (and mu_div's block size depends on it) */
    size_t div = dn >= cy__tune_now()->dc_div ? cy__mpn_dc_div_itch(dn) : 0;
    for (size_t nn = an; nn <= an + 1; nn++)
        if (dn >= cy__tune_now()->mu_div && nn - dn >= cy__tune_now()->mu_div) {
            size_t mu = cy__mpn_mu_div_itch(nn, dn);
            div = mu > div ? mu : div;
        }
    return an + 1 + dn + div;
}

/* Division by two limbs (an >= 2): one 3/2 step (divimpl.h) per quotient limb on the dividend
 * X = A * 2^s shifted on the fly, as in cy__divrem_1_loop: no copy, no submul_1 pass, no call.
 * X has limbs x_0..x_an (x_an = 0 when s = 0). The window starts at <x_an, x_(an-1)>, which is
 * below the normalised divisor: for s > 0, x_an < 2^s <= its top limb; for s = 0, x_an = 0. So
 * every 3/2 step meets its precondition <u2, u1> < <d1, d0>, and the an - 1 steps give the
 * quotient limbs an-2 .. 0 exactly (3/2 division is exact, with both corrections). r may equal a:
 * it is written after the last read of a. */
static void divrem_2(cy_limb *q, cy_limb *r, const cy_limb *a, size_t an, const cy_limb *d)
{
    const unsigned s = cy__clz(d[1]);
    cy_limb d1 = d[1], d0 = d[0], r1 = 0, r0 = a[an - 1];
    if (s) {
        const unsigned t = CY_LIMB_BITS - s;
        d1 = (d1 << s) | (d0 >> t);
        d0 <<= s;
        r1 = r0 >> t;
        r0 = (r0 << s) | (a[an - 2] >> t);
        const cy_limb v = cy__invert_pi1(d1, d0);
        for (size_t i = an - 1; i-- > 0;) {
            cy_limb x = (a[i] << s) | (i ? a[i - 1] >> t : 0);
            q[i] = cy__udiv_3by2(r1, r0, x, d1, d0, v, &r1, &r0);
        }
        if (r) {
            r[0] = (r0 >> s) | (r1 << t);
            r[1] = r1 >> s;
        }
    } else {
        const cy_limb v = cy__invert_pi1(d1, d0);
        for (size_t i = an - 1; i-- > 0;)
            q[i] = cy__udiv_3by2(r1, r0, a[i], d1, d0, v, &r1, &r0);
        if (r) {
            r[0] = r0;
            r[1] = r1;
        }
    }
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
    if (dn == 2) {
        divrem_2(q, r, a, an, d);
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
    cy_limb qh;
    if (dn >= cy__tune_now()->mu_div && nn - dn >= cy__tune_now()->mu_div)
        qh = cy__mpn_mu_div(q, np, nn, dp, dn, tp);
    else if (dn >= cy__tune_now()->dc_div)
        qh = cy__mpn_dc_div(q, np, nn, dp, dn, v, tp);
    else
        qh = cy__mpn_sb_div(q, np, nn, dp, dn, v);
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
