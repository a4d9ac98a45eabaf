/* Generic cy_mpn_com: {r, n} = NOT {a, n} = (B^n - 1) - {a, n}. SPDX-License-Identifier: MIT */
#include "../dispatch.h"

void cy__mpn_com_generic(cy_limb *r, const cy_limb *a, size_t n)
{
    /* The loop of dispatch.h; the compiler may vectorise it. The adx and ifma back ends have
     * their own vector kernels. */
    cy__mpn_com_loop(r, a, n);
}
