/* cy_mpn_sizeinbase: digits of {a, n} in a base, exact for powers of two, else an upper bound at
 * most one too large. SPDX-License-Identifier: MIT */
#include "radix.h"

size_t cy_mpn_sizeinbase(const cy_limb *a, size_t n, int base)
{
    CY_ASSERT(base >= 2 && base <= 36);
    while (n > 0 && a[n - 1] == 0)
        n--;
    if (n == 0)
        return 1;
    double bits = (double)n * CY_LIMB_BITS - cy__clz(a[n - 1]);
    const cy__radix *ri = cy__radix_of(base);
    if (ri->log2)
        return (size_t)((bits + ri->log2 - 1) / ri->log2);
    /* 2^(bits-1) <= A < 2^bits, so the digit count floor(log_b A) + 1 lies between
     * floor((bits - 1) c) + 1 and floor(bits c) + 1 with c = 1 / log2(b) <= 0.631: one apart at
     * most. c is enlarged by 2^-45 relative so that rounding in the double product can only raise
     * the result; it raises it by one exactly when bits c is within bits c 2^-44 below an
     * integer N, and then the true count is at least floor(bits c - c) + 1 = N as long as
     * bits c 2^-44 <= 1 - c, i.e. for any length below 2^36 limbs. */
    double c = (1.0 / ri->bits_per_digit) * (1.0 + 0x1p-45);
    return (size_t)(bits * c) + 1;
}
