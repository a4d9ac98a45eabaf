/* cy_int and double: conversions truncating towards zero, as GMP's. The double is read and built
 * through its IEEE 754 binary64 bits (sign, 11-bit biased exponent, 52-bit fraction), so no libm
 * call is needed. SPDX-License-Identifier: MIT */
#include <float.h>
#include <string.h>

#include "impl.h"

#if DBL_MANT_DIG != 53 || DBL_MAX_EXP != 1024
#  error "carry's double conversions need IEEE 754 binary64 doubles"
#endif

int cy_int_set_d(cy_int *r, double d)
{
    uint64_t u;
    memcpy(&u, &d, sizeof u);
    int neg = (int)(u >> 63);
    unsigned e = (unsigned)(u >> 52) & 0x7ff;
    uint64_t m = u & (((uint64_t)1 << 52) - 1);
    if (e == 0x7ff)
        return CY_EINVAL; /* infinity or NaN */
    if (e < 1023) /* |d| < 1 (subnormals and zero included): 0 */
        return cy_int_set_u64(r, 0);
    m |= (uint64_t)1 << 52; /* |d| = m 2^(e - 1075) */
    cy_int t;
    cy_int_init(&t);
    int err = e >= 1075 ? cy_int_set_u64(&t, m) : cy_int_set_u64(&t, m >> (1075 - e));
    if (!err && e > 1075)
        err = cy_int_mul_2exp(&t, &t, e - 1075);
    if (!err && neg)
        err = cy_int_neg(&t, &t);
    if (!err)
        cy_int_swap(r, &t);
    cy_int_clear(&t);
    return err;
}

/* The top 53 bits of |a| (truncated) as m in [2^52, 2^53), and the bit length of |a|; a != 0.
 * Bit by bit: 53 steps, whatever the limb width. */
static uint64_t top53(const cy_int *a, uint64_t *bits)
{
    *bits = cy_int_sizeinbase(a, 2);
    uint64_t m = 0;
    for (uint64_t i = 0; i < 53 && i < *bits; i++) {
        uint64_t pos = *bits - 1 - i;
        m |= (uint64_t)((a->d[pos / CY_LIMB_BITS] >> (pos % CY_LIMB_BITS)) & 1) << (52 - i);
    }
    return m;
}

/* The double of sign neg and value m 2^(x - 53) for m in [2^52, 2^53): infinity beyond the
 * largest double, else exact (the exponent x - 1 <= 1023). */
static double make(int neg, uint64_t m, uint64_t x)
{
    uint64_t u = (uint64_t)neg << 63;
    if (x > 1024)
        u |= (uint64_t)0x7ff << 52;
    else
        u |= (x - 1 + 1023) << 52 | (m & (((uint64_t)1 << 52) - 1));
    double d;
    memcpy(&d, &u, sizeof d);
    return d;
}

double cy_int_get_d(const cy_int *a)
{
    if (a->size == 0)
        return 0.0;
    uint64_t bits, m = top53(a, &bits);
    return make(cy__int_isneg(a), m, bits);
}

double cy_int_get_d_2exp(int64_t *exp, const cy_int *a)
{
    if (a->size == 0) {
        *exp = 0;
        return 0.0;
    }
    uint64_t bits, m = top53(a, &bits);
    *exp = (int64_t)bits;
    return make(cy__int_isneg(a), m, 0); /* m 2^-53 in [0.5, 1) */
}
