/* cy__radix_init, cy__radix_powers: base parameters and the cached powers of the base for the
 * divide-and-conquer radix conversions. SPDX-License-Identifier: MIT */
#include "radix.h"

/* log2(base) for base = 2..36, to double precision (no libm needed). */
static const double log2_of_base[35] = {
    1.0, 1.584962500721156, 2.0, 2.321928094887362, 2.584962500721156,
    2.807354922057604, 3.0, 3.169925001442312, 3.321928094887362, 3.4594316186372973,
    3.584962500721156, 3.700439718141092, 3.807354922057604, 3.9068905956085187, 4.0,
    4.087462841250339, 4.169925001442312, 4.247927513443585, 4.321928094887363, 4.392317422778761,
    4.459431618637297, 4.523561956057013, 4.584962500721156, 4.643856189774724, 4.700439718141092,
    4.754887502163468, 4.807354922057604, 4.857980995127572, 4.906890595608519, 4.954196310386875,
    5.0, 5.044394119358453, 5.087462841250339, 5.129283016944966, 5.169925001442312,
};

void cy__radix_init(cy__radix *ri, int base)
{
    CY_ASSERT(base >= 2 && base <= 36);
    ri->base = base;
    ri->log2 = (base & (base - 1)) == 0 ? cy__ctz((cy_limb)base) : 0;
    ri->chunk = 0;
    ri->big = 1;
    while (ri->big <= CY_LIMB_MAX / (cy_limb)base) { /* big * base still < B */
        ri->big *= (cy_limb)base;
        ri->chunk++;
    }
    ri->bits_per_digit = log2_of_base[base - 2];
}

size_t cy__radix_powers_itch(size_t maxn)
{
    /* P_i takes at most 2^i limbs for 2^i <= maxn: 2 maxn in all; then one squaring's scratch. */
    return 2 * maxn + 2 + cy_mpn_sqr_itch(maxn);
}

size_t cy__radix_powers(cy__radix_pow *pw, size_t maxn, const cy__radix *ri, cy_limb *area)
{
    cy_limb *next = area;
    next[0] = ri->big;
    pw[0] = (cy__radix_pow){next, 1, ri->chunk, NULL, NULL, 0};
    next += 1;
    size_t count = 1;
    /* Square while the square stays within maxn limbs; the table never exceeds 2 maxn limbs. */
    while (count < CY__RADIX_MAX_POWERS && 2 * pw[count - 1].n <= maxn) {
        const cy__radix_pow *prev = &pw[count - 1];
        size_t n = 2 * prev->n;
        cy_mpn_sqr(next, prev->p, prev->n, next + n);
        n -= next[n - 1] == 0;
        pw[count] = (cy__radix_pow){next, n, 2 * prev->digits, NULL, NULL, 0};
        next += n;
        count++;
    }
    return count;
}
