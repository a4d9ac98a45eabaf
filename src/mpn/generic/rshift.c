/* Generic cy_mpn_rshift: {r,n} = {a,n} >> cnt, returns the bits shifted out.
 * SPDX-License-Identifier: MIT */
#include "../dispatch.h"

cy_limb cy__mpn_rshift_generic(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt)
{
    /* Bottom limb up, so that r <= a (overlapping downward) reads each limb before it is written. */
    const unsigned tnc = CY_LIMB_BITS - cnt;
    cy_limb low = a[0];
    cy_limb ret = low << tnc;
    for (size_t i = 0; i + 1 < n; i++) {
        cy_limb high = a[i + 1];
        r[i] = (low >> cnt) | (high << tnc);
        low = high;
    }
    r[n - 1] = low >> cnt;
    return ret;
}
