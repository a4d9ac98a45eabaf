/* Generic cy_mpn_add_n: r = a + b over n limbs, carry out. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "../dispatch.h"
#include "chain.h"

cy_limb cy__mpn_add_n_generic(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
#ifdef CY__GEN_X86_CHAIN
    return cy__gen_addsub_n(r, a, b, n, 0);
#else
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++)
        c = cy__addc(a[i], b[i], c, &r[i]);
    return c;
#endif
}
