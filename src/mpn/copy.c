/* cy_mpn_copy and cy_mpn_zero. SPDX-License-Identifier: MIT */
#include <string.h>

#include "carry/limb.h"
#include "carry/mpn.h"

void cy_mpn_copy(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    if (r != a && n > 0) /* memcpy of an object onto itself, or with a NULL pointer, is undefined */
        memcpy(r, a, n * sizeof *r);
}

void cy_mpn_zero(cy_limb *r, size_t n)
{
    if (n > 0)
        memset(r, 0, n * sizeof *r);
}
