/* cy_mpn_zero_p: [{a,n} == 0]; variable time. SPDX-License-Identifier: MIT */
#include "carry/mpn.h"

int cy_mpn_zero_p(const cy_limb *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i] != 0)
            return 0;
    return 1;
}
