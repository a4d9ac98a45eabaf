/* cy_mpn_gcd_1: gcd of two limbs by the binary algorithm (J. Stein, 1967; Knuth, TAOCP vol. 2,
 * 4.5.2, algorithm B), with trailing-zero counts removing all factors 2 at once. Variable time.
 * SPDX-License-Identifier: MIT */
#include "divimpl.h"

cy_limb cy_mpn_gcd_1(cy_limb a, cy_limb b)
{
    CY_ASSERT(a != 0 || b != 0);
    if (a == 0)
        return b;
    if (b == 0)
        return a;
    unsigned k = cy__ctz(a | b); /* the common power of two */
    a >>= cy__ctz(a);
    b >>= cy__ctz(b);
    /* Both odd: the difference of the two is even and non-negative; replacing the larger by it
     * (with its factors 2 removed) keeps the gcd and at least halves the larger value. */
    while (a != b) {
        if (a > b) {
            a -= b;
            a >>= cy__ctz(a);
        } else {
            b -= a;
            b >>= cy__ctz(b);
        }
    }
    return a << k;
}
