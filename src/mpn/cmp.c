/* cy_mpn_cmp: sign of {a,n} - {b,n}; variable time. SPDX-License-Identifier: MIT */
#include "carry/mpn.h"

int cy_mpn_cmp(const cy_limb *a, const cy_limb *b, size_t n)
{
    while (n-- > 0)
        if (a[n] != b[n])
            return a[n] > b[n] ? 1 : -1;
    return 0;
}
