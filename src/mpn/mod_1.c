/* cy_mpn_mod_1: remainder by one limb. SPDX-License-Identifier: MIT */
#include "divimpl.h"

cy_limb cy_mpn_mod_1(const cy_limb *a, size_t n, cy_limb d)
{
    CY_ASSERT(d != 0);
    if (n == 1)
        return a[0] % d;
    cy_mpn_div1_inv inv;
    cy_mpn_div1_inv_init(&inv, d);
    return cy__divrem_1_loop(NULL, a, n, &inv);
}
