/* Generic cy_mpn_submul_1: {r,n} - B^n*ret = {r,n} - {a,n} * b. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "../dispatch.h"
#include "chain.h"

cy_limb cy__mpn_submul_1_generic(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
#ifdef CY__GEN_X86_CHAIN
    return cy__gen_mul_1_op(r, a, n, b, -1);
#else
    /* Subtract the limb lo = low(a[i]*b + c) and carry hi + (borrow) upward; as in addmul_1,
     * a[i]*b + c + 1 <= B^2 - 1 keeps the borrow limb from wrapping. */
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++) {
        cy_limb hi, lo = cy__umul(a[i], b, &hi);
        lo += c;
        hi += lo < c;
        cy_limb x = r[i];
        r[i] = x - lo;
        c = hi + (x < lo);
    }
    return c;
#endif
}
