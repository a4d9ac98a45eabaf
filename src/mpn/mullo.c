/* Short product: cy_mpn_mullo_n and its scratch size.
 * SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "core/tune.h"
#include "dispatch.h"
#include "toom.h"

/* Short product. Up to fixed_max limbs (8 or 16): the unrolled short product. Below the threshold:
 * rows of shrinking length (row j needs n - j limbs).
 * Above: with n = m + h, h = floor(n/3), a = a0 + a1 B^m (likewise b),
 *   a b mod B^n = (a0 b0 + (a1 b0 + a0 b1) B^m) mod B^n
 *               = a0 b0 mod B^n + (mullo_h(a1, b0) + mullo_h(a0, b1)) B^m mod B^n,
 * one full m x m product and two short products of size h (the split of Mulders, "On short
 * multiplications and divisions", AAECC 11, 2000, with his balance of about 0.7 n in the full
 * product). The full product needs 2m scratch limbs. */
size_t cy_mpn_mullo_n_itch(size_t n)
{
    if (n <= CY__MUL_FIXED_MAX || n < cy__tune_now()->mullo)
        return 0;
    size_t h = n / 3, m = n - h;
    return cy__max2(2 * m + cy_mpn_mul_n_itch(m), h + cy_mpn_mullo_n_itch(h));
}

void cy_mpn_mullo_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1 && cy__disjoint(r, n, a, n) && cy__disjoint(r, n, b, n));
    const cy_mpn_table *t = cy__mpn_table();
    if (n <= t->fixed_max) { /* the unrolled short product: n(n+1)/2 limb products */
        t->mullo_fixed[n](r, a, b);
        return;
    }
    if (n < cy__tune_now()->mullo) {
        cy_mpn_mul_1(r, a, n, b[0]);
        for (size_t j = 1; j < n; j++)
            cy_mpn_addmul_1(r + j, a, n - j, b[j]);
        return;
    }
    size_t h = n / 3, m = n - h;
    cy__mul_rec(scratch, a, b, m, scratch + 2 * m, 0);
    cy_mpn_copy(r, scratch, n);
    cy_mpn_mullo_n(scratch, a + m, b, h, scratch + h);
    cy_mpn_add_n(r + m, r + m, scratch, h);
    cy_mpn_mullo_n(scratch, a, b + m, h, scratch + h);
    cy_mpn_add_n(r + m, r + m, scratch, h);
}
