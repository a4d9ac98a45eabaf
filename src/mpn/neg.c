/* cy_mpn_neg: {r,n} = -{a,n} mod B^n, returns [a != 0]. SPDX-License-Identifier: MIT */
#include "impl.h"

cy_limb cy_mpn_neg(cy_limb *r, const cy_limb *a, size_t n)
{
    /* -a = NOT a + 1 (mod B^n); the +1 carries out of the top exactly when NOT a is all ones,
     * i.e. when a = 0, which is also when the borrow of 0 - a is 0. n = 0 gives 1 ^ 1 = 0. */
    cy_mpn_com(r, a, n);
    return cy_mpn_add_1(r, r, n, 1) ^ 1;
}
