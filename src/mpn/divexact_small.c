/* cy__mpn_divexact_small: {q, n} = {a, n} / d for an exact multiple of a small odd d.
 * SPDX-License-Identifier: MIT
 *
 * Modulo B^n the quotient is a * d^-1, which is the exact quotient for every exact multiple,
 * including a two's complement negative one. Toom-3 divides by 3, Toom-4 by 3 and 5.
 *
 * Divisors of B - 1 (3, 5, 15, 17 for 32- and 64-bit limbs): with m = (B - 1) / d,
 * d m (1 + B + ... + B^(n-1)) = B^n - 1, so d^-1 = -m (1 + B + ... + B^(n-1)) mod B^n and
 * q = -(x (1 + B + ... + B^(n-1))) mod B^n for x = a m mod B^n. The second factor is a prefix sum:
 * q satisfies q = B q - x mod B^n, i.e. q_i = q_(i-1) - x_i - borrow, and x is a mul_1 by m whose
 * products do not depend on q. So the loop-carried chain is a subtraction with borrow per limb
 * (about 4-5 cycles as compiled) instead of two dependent multiplications (8-9 cycles per limb
 * with the Hensel step below); Toom-4 at n = 1000 went from 281000 to 270000 ticks. (The same
 * observation as GMP's bdiv_dbm1; derived here from the identity.)
 *
 * Other odd d: Hensel (2-adic) division from the low end, as in Jebelean, "An algorithm for exact
 * division" (J. Symbolic Computation 15, 1993): with d * inv = 1 mod B, each quotient limb is
 * q_i = (a_i - c) * inv mod B. Then d q_i = (a_i - c mod B) + h B with h the high limb of d q_i,
 * h <= d - 1, so what remains to divide above limb i is lowered by c' = h + borrow(a_i - c) <= d.
 *
 * Only multiplications, additions and subtractions: constant time. q may equal a. */
#include "impl.h"

void cy__mpn_divexact_small(cy_limb *q, const cy_limb *a, size_t n, cy_limb d)
{
    CY_ASSERT(d & 1);
    const cy_limb m = CY_LIMB_MAX / d;
    if (m * d == CY_LIMB_MAX) {
        cy_limb hprev = 0, z = 0, borrow = 0; /* x's carry limb, q_(i-1), the borrow into i */
        for (size_t i = 0; i < n; i++) {
            cy_limb hi, lo = cy__umul(a[i], m, &hi);
            cy_limb x = lo + hprev;
            hprev = hi + (x < lo); /* hi <= m - 1: no wrap */
            cy_limb t = z - x, b1 = z < x;
            z = t - borrow;
            borrow = b1 | (t < borrow);
            q[i] = z;
        }
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
