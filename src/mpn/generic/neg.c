/* Generic cy_mpn_neg: {r,n} = -{a,n} mod B^n, returns [a != 0]. SPDX-License-Identifier: MIT */
#include "../dispatch.h"

cy_limb cy__mpn_neg_generic(cy_limb *r, const cy_limb *a, size_t n)
{
    /* -a = NOT a + 1 (mod B^n), in one pass: r[i] = NOT a[i] + c with c = 1 at the bottom.
     * NOT a[i] + c carries exactly when c = 1 and NOT a[i] = B - 1, i.e. a[i] = 0, so the chain
     * is one AND per limb (as in cy_mpn_add_1), through every limb: constant time. The carry
     * leaves the top exactly when a = 0, which is when the borrow of 0 - a is 0, so the result
     * is c XOR 1; n = 0 gives 1 XOR 1 = 0. */
    cy_limb c = 1;
    for (size_t i = 0; i < n; i++) {
        cy_limb x = a[i];
        r[i] = ~x + c;
        c &= x == 0;
    }
    return c ^ 1;
}
