/* cy_mpn_divexact: division known to be exact. SPDX-License-Identifier: MIT
 *
 * Computed by cy_mpn_divrem without the remainder, so it has divrem's speed (schoolbook or
 * divide-and-conquer) and an inexact division still gives floor(A / D). */
#include "divimpl.h"

size_t cy_mpn_divexact_itch(size_t an, size_t dn)
{
    return cy_mpn_divrem_itch(an, dn);
}

void cy_mpn_divexact(cy_limb *q, const cy_limb *a, size_t an, const cy_limb *d, size_t dn,
                     cy_limb *scratch)
{
    cy_mpn_divrem(q, NULL, a, an, d, dn, scratch);
}
