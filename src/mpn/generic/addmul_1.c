/* Generic cy_mpn_addmul_1: {r,n} + B^n*ret = {r,n} + {a,n} * b. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "../dispatch.h"
#include "chain.h"

cy_limb cy__mpn_addmul_1_generic(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
#ifdef CY__GEN_X86_CHAIN
    return cy__gen_mul_1_op(r, a, n, b, 1);
#else
    /* a[i]*b + r[i] + c <= (B-1)^2 + 2(B-1) = B^2 - 1: the step fits in two limbs, so the new
     * carry hi + (two carry bits) never wraps. */
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++) {
        cy_limb hi, lo = cy__umul(a[i], b, &hi);
        lo += c;
        hi += lo < c;
        cy_limb s = r[i] + lo;
        hi += s < lo;
        r[i] = s;
        c = hi;
    }
    return c;
#endif
}
