/* cy_mpn_add_1: {r,n} + B^n*ret = {a,n} + b. SPDX-License-Identifier: MIT */
#include "impl.h"

cy_limb cy_mpn_add_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    /* The carry runs through every limb, without an early exit, so the time depends on n only. */
    cy_limb c = b;
    for (size_t i = 0; i < n; i++) {
        cy_limb s = a[i] + c;
        c = s < c;
        r[i] = s;
    }
    return c;
}
