/* Generic cy_mpn_lshift: {r,n} = {a,n} << cnt, returns the bits shifted out.
 * SPDX-License-Identifier: MIT */
#include "../dispatch.h"

cy_limb cy__mpn_lshift_generic(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt)
{
    /* Top limb down, so that r >= a (overlapping upward) reads each limb before it is written.
     * 1 <= cnt <= CY_LIMB_BITS-1 keeps both shift counts below the limb width. */
    const unsigned tnc = CY_LIMB_BITS - cnt;
    cy_limb high = a[n - 1];
    cy_limb ret = high >> tnc;
    for (size_t i = n - 1; i > 0; i--) {
        cy_limb low = a[i - 1];
        r[i] = (high << cnt) | (low >> tnc);
        high = low;
    }
    r[0] = high << cnt;
    return ret;
}
