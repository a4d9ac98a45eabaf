/* cy_mpn_sub: {r,an} - B^an*ret = {a,an} - {b,bn}, an >= bn. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "carry/mpn.h"

cy_limb cy_mpn_sub(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn)
{
    CY_ASSERT(an >= bn);
    CY_ASSERT((r == a || cy__disjoint(r, an, a, an)) && (r == b || cy__disjoint(r, an, b, bn)));
    cy_limb c = cy_mpn_sub_n(r, a, b, bn);
    return cy_mpn_sub_1(r + bn, a + bn, an - bn, c);
}
