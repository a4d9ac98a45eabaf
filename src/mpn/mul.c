/* Multiplication entry points: cy_mpn_mul, cy_mpn_mul_n, cy_mpn_sqr, cy_mpn_mullo_n.
 * SPDX-License-Identifier: MIT
 *
 * Schoolbook for now: one cy_mpn_mul_1 row, then one cy_mpn_addmul_1 row per limb of b. Each row
 * adds {a, an} * b[j] into r[j ..], whose top limb is written by the row's return value. */
#include "impl.h"

size_t cy_mpn_mul_itch(size_t an, size_t bn)
{
    (void)an;
    (void)bn;
    return 0;
}

cy_limb cy_mpn_mul(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                   cy_limb *scratch)
{
    CY_ASSERT(an >= bn && bn >= 1);
    CY_ASSERT(cy__disjoint(r, an + bn, a, an) && cy__disjoint(r, an + bn, b, bn));
    (void)scratch;
    r[an] = cy_mpn_mul_1(r, a, an, b[0]);
    for (size_t j = 1; j < bn; j++)
        r[an + j] = cy_mpn_addmul_1(r + j, a, an, b[j]);
    return r[an + bn - 1];
}

size_t cy_mpn_mul_n_itch(size_t n)
{
    return cy_mpn_mul_itch(n, n);
}

void cy_mpn_mul_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *scratch)
{
    cy_mpn_mul(r, a, n, b, n, scratch);
}

size_t cy_mpn_sqr_itch(size_t n)
{
    return cy_mpn_mul_itch(n, n);
}

void cy_mpn_sqr(cy_limb *r, const cy_limb *a, size_t n, cy_limb *scratch)
{
    cy_mpn_mul(r, a, n, a, n, scratch);
}

size_t cy_mpn_mullo_n_itch(size_t n)
{
    (void)n;
    return 0;
}

void cy_mpn_mullo_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *scratch)
{
    /* Row j only needs its first n - j limbs: the rest land at or above B^n. */
    CY_ASSERT(n >= 1 && cy__disjoint(r, n, a, n) && cy__disjoint(r, n, b, n));
    (void)scratch;
    cy_mpn_mul_1(r, a, n, b[0]);
    for (size_t j = 1; j < n; j++)
        cy_mpn_addmul_1(r + j, a, n - j, b[j]);
}
