/* Generic mul_basecase: {r, an+bn} = {a, an} * {b, bn}, an >= bn >= 1. SPDX-License-Identifier: MIT
 *
 * Schoolbook by rows (Knuth, TAOCP vol. 2, 4.3.1 algorithm M): row j adds {a, an} * b[j] at
 * r[j..]; the limb a row carries out is the first one no earlier row wrote, so it is stored, not
 * added. an * bn limb products, no branch on limb values. */
#include "../dispatch.h"

void cy__mpn_mul_basecase_generic(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b,
                                  size_t bn)
{
    r[an] = cy__mpn_mul_1_generic(r, a, an, b[0]);
    for (size_t j = 1; j < bn; j++)
        r[an + j] = cy__mpn_addmul_1_generic(r + j, a, an, b[j]);
}
