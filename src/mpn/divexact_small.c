/* cy__mpn_divexact_small: {q, n} = {a, n} / d for an exact multiple of a small odd d.
 * SPDX-License-Identifier: MIT
 *
 * Modulo B^n the quotient is a * d^-1, which is the exact quotient for every exact multiple,
 * including a two's complement negative one. Toom-3 divides by 3, Toom-4 by 3 and 5.
 *
 * Divisors of B - 1 (3, 5, 15, 17 for 32- and 64-bit limbs) go to the dispatched kernel
 * divexact_bm1 (a mul_1 by m = (B - 1) / d and a prefix subtraction, no dependent multiplications;
 * src/mpn/generic/divexact_bm1.c, src/mpn/x86_64/divexact_bm1_adx.S): Toom-4 at n = 1000 went from
 * 281000 to 270000 ticks with the portable loop, to 262000 with the adx kernel (rdtsc, minimum).
 *
 * Other odd d: Hensel (2-adic) division from the low end, as in Jebelean, "An algorithm for exact
 * division" (J. Symbolic Computation 15, 1993): with d * inv = 1 mod B, each quotient limb is
 * q_i = (a_i - c) * inv mod B. Then d q_i = (a_i - c mod B) + h B with h the high limb of d q_i,
 * h <= d - 1, so what remains to divide above limb i is lowered by c' = h + borrow(a_i - c) <= d.
 *
 * Only multiplications, additions and subtractions: constant time. q may equal a. */
#include "carry/limb.h"
#include "dispatch.h"
#include "mulimpl.h"

void cy__mpn_divexact_small(cy_limb *q, const cy_limb *a, size_t n, cy_limb d)
{
    CY_ASSERT(d & 1);
    const cy_limb m = CY_LIMB_MAX / d;
    if (m * d == CY_LIMB_MAX) {
        cy__mpn_table()->divexact_bm1(q, a, n, m);
        return;
    }
    /* Newton's iteration for the inverse mod B: d * d = 1 mod 8 (d odd), and each step
     * inv = inv (2 - d inv) doubles the number of correct low bits: 3, 6, 12, 24, 48, 96. */
    cy_limb inv = d;
    for (int i = 0; i < 5; i++)
        inv *= 2 - d * inv;
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++) {
        cy_limb ai = a[i];
        cy_limb s = ai - c;
        cy_limb borrow = ai < c;
        cy_limb qi = s * inv;
        cy_limb h;
        cy__umul(qi, d, &h);
        q[i] = qi;
        c = h + borrow;
    }
}
