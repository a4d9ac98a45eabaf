/* Generic cy_mpn_sub_n: r = a - b over n limbs, borrow out. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "../dispatch.h"
#include "chain.h"

cy_limb cy__mpn_sub_n_generic(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
#ifdef CY__GEN_X86_CHAIN
    return cy__gen_addsub_n(r, a, b, n, 1);
#else
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++)
        c = cy__subb(a[i], b[i], c, &r[i]);
    return c;
#endif
}
