/* Generic cy_mpn_com: {r, n} = NOT {a, n} = (B^n - 1) - {a, n}. SPDX-License-Identifier: MIT */
#include "../dispatch.h"

void cy__mpn_com_generic(cy_limb *r, const cy_limb *a, size_t n)
{
    /* One limb at a time; r == a is fine (each limb is read before it is written). The compiler
     * may vectorise the loop; the adx and ifma back ends have their own vector kernels. */
    for (size_t i = 0; i < n; i++)
        r[i] = ~a[i];
}
