/* cy__mpn_divexact_by3: {q, n} = {a, n} / 3 for an exact multiple of 3. SPDX-License-Identifier: MIT
 *
 * Hensel (2-adic) division from the low end, as in Jebelean, "An algorithm for exact division"
 * (J. Symbolic Computation 15, 1993): with 3 * inv = 1 mod B, each quotient limb is
 * q_i = (a_i - c) * inv mod B. Then 3 q_i = (a_i - c mod B) + h B with h the high limb of 3 q_i,
 * so what remains to divide above limb i is lowered by c' = h + borrow(a_i - c), where h <= 2 and
 * the borrow is 0 or 1: c' <= 3. Only multiplications and additions: constant time. Modulo B^n
 * the result is a * 3^-1, which is the exact quotient for every exact multiple, including a two's
 * complement negative one. */
#include "impl.h"

void cy__mpn_divexact_by3(cy_limb *q, const cy_limb *a, size_t n)
{
    /* 3 * 0xAA..AB = 2 * B + 1 (for both limb widths): the inverse of 3 mod B. */
    const cy_limb inv = (CY_LIMB_MAX / 3) * 2 + 1;
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++) {
        cy_limb ai = a[i];
        cy_limb s = ai - c;
        cy_limb borrow = ai < c;
        cy_limb qi = s * inv;
        cy_limb h;
        cy__umul(qi, 3, &h);
        q[i] = qi;
        c = h + borrow;
    }
}
