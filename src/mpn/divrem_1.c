/* cy_mpn_divrem_1: quotient and remainder by one limb. SPDX-License-Identifier: MIT */
#include "divimpl.h"

cy_limb cy_mpn_divrem_1(cy_limb *q, const cy_limb *a, size_t n, cy_limb d)
{
    CY_ASSERT(d != 0);
    CY_ASSERT(q == a || cy__disjoint(q, n, a, n));
    if (n == 1) { /* one hardware (or library) division beats computing a reciprocal */
        cy_limb x = a[0]; /* q may equal a */
        q[0] = x / d;
        return x % d;
    }
    cy_mpn_div1_inv inv;
    cy_mpn_div1_inv_init(&inv, d);
    return cy_mpn_divrem_1_preinv(q, a, n, &inv);
}
