/* Generic cy_mpn_add_1: {r,n} + B^n*ret = {a,n} + b. SPDX-License-Identifier: MIT */
#include "../dispatch.h"

cy_limb cy__mpn_add_1_generic(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    if (n == 0)
        return b;
    /* The carry runs through every limb, without an early exit, so the time depends on n only.
     * After limb 0 the carry c is 0 or 1, and a[i] + c carries out exactly when c = 1 and
     * a[i] = B - 1. So the chain from limb to limb is one AND with a flag computed from a[i]
     * alone (c &= a[i] == B - 1), a latency of one operation; the form c = (a[i] + c < c)
     * chains an add, a compare and a zero extension (2.1 ticks/limb against 1.5). */
    cy_limb s = a[0] + b;
    cy_limb c = s < b;
    r[0] = s;
    for (size_t i = 1; i < n; i++) {
        cy_limb x = a[i];
        r[i] = x + c;
        c &= x == CY_LIMB_MAX;
    }
    return c;
}
