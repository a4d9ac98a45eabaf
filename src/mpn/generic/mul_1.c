/* Generic cy_mpn_mul_1: {r,n} + B^n*ret = {a,n} * b. SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "../dispatch.h"

cy_limb cy__mpn_mul_1_generic(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    /* Invariant: c <= B - 2 after each step, because a[i]*b + c <= (B-1)^2 + (B-1) < B(B-1). */
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++) {
        cy_limb hi, lo = cy__umul(a[i], b, &hi);
        lo += c;
        c = hi + (lo < c);
        r[i] = lo;
    }
    return c;
}
