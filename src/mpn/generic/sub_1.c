/* Generic cy_mpn_sub_1: {r,n} - B^n*ret = {a,n} - b. SPDX-License-Identifier: MIT */
#include "../dispatch.h"

cy_limb cy__mpn_sub_1_generic(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    if (n == 0)
        return b;
    /* Borrow through every limb as in cy_mpn_add_1: after limb 0 the borrow c is 0 or 1, and
     * a[i] - c borrows exactly when c = 1 and a[i] = 0. */
    cy_limb x = a[0];
    cy_limb c = x < b;
    r[0] = x - b;
    for (size_t i = 1; i < n; i++) {
        x = a[i];
        r[i] = x - c;
        c &= x == 0;
    }
    return c;
}
