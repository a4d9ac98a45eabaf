/* Generic sqr_basecase: {r, 2n} = {a, n}^2, n >= 1. SPDX-License-Identifier: MIT
 *
 * a^2 = sum_i a_i^2 B^2i + 2 T with T = sum_{i<j} a_i a_j B^(i+j): each cross product is computed
 * once (n(n-1)/2 limb products instead of n^2), doubled, and the diagonal added.
 * T < a^2 / 2 < B^2n / 2, and T's limbs 0 and 2n-1 are zero (the lowest cross product lands at B^1,
 * the highest, a_(n-2) a_(n-1), ends below B^(2n-1)). No branch on limb values. */
#include "carry/limb.h"
#include "../dispatch.h"

void cy__mpn_sqr_basecase_generic(cy_limb *r, const cy_limb *a, size_t n)
{
    r[0] = 0;
    r[2 * n - 1] = 0;
    if (n > 1) {
        /* Row i adds a_i * {a + i + 1, n - i - 1} at r[2i + 1 ..]; its carry limb lands at
         * r[n + i], which no earlier row reached. */
        r[n] = cy__mpn_mul_1_generic(r + 1, a + 1, n - 1, a[0]);
        for (size_t i = 1; i + 1 < n; i++)
            r[n + i] = cy__mpn_addmul_1_generic(r + 2 * i + 1, a + i + 1, n - i - 1, a[i]);
        cy__mpn_lshift_generic(r, r, 2 * n, 1); /* 2T < B^2n: nothing shifts out */
    }
    /* r += diagonal; the total is a^2 < B^2n, so the final carry is 0. */
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++) {
        cy_limb hi, lo = cy__umul(a[i], a[i], &hi);
        c = cy__addc(r[2 * i], lo, c, &r[2 * i]);
        c = cy__addc(r[2 * i + 1], hi, c, &r[2 * i + 1]);
    }
}
