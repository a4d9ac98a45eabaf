/* cy_mpn_perfect_square_p: is {a, n} a square? Variable time. SPDX-License-Identifier: MIT
 *
 * A square is 0, 1, 4 or 9 mod 16 (and odd squares are 1 mod 8), which rejects 3/4 of the
 * non-squares from the low limb alone; otherwise the remainder of cy_mpn_sqrtrem decides. */
#include "divimpl.h"

int cy_mpn_perfect_square_p(const cy_limb *a, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1 && a[n - 1] != 0);
    unsigned low = (unsigned)(a[0] & 15);
    if (low != 0 && low != 1 && low != 4 && low != 9)
        return 0;
    return cy_mpn_sqrtrem(scratch, NULL, a, n, scratch + (n + 1) / 2) == 0;
}
