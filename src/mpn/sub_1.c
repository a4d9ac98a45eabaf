/* cy_mpn_sub_1: {r,n} - B^n*ret = {a,n} - b. SPDX-License-Identifier: MIT */
#include "impl.h"

cy_limb cy_mpn_sub_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    cy_limb c = b; /* borrow, through every limb as in cy_mpn_add_1 */
    for (size_t i = 0; i < n; i++) {
        cy_limb x = a[i];
        r[i] = x - c;
        c = x < c;
    }
    return c;
}
