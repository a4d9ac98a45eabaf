/* cy_mpn_divrem_1_preinv: quotient and remainder by a prepared limb. SPDX-License-Identifier: MIT */
#include "divimpl.h"

cy_limb cy_mpn_divrem_1_preinv(cy_limb *q, const cy_limb *a, size_t n, const cy_mpn_div1_inv *inv)
{
    CY_ASSERT(q == a || cy__disjoint(q, n, a, n));
    return cy__divrem_1_loop(q, a, n, inv);
}
