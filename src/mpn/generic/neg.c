/* Generic cy_mpn_neg: {r,n} = -{a,n} mod B^n, returns [a != 0]. SPDX-License-Identifier: MIT */
#include "../dispatch.h"

cy_limb cy__mpn_neg_generic(cy_limb *r, const cy_limb *a, size_t n)
{
    return cy__mpn_neg_loop(r, a, n); /* the one-pass loop of dispatch.h */
}
