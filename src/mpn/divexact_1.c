/* cy_mpn_divexact_1: exact division by one limb. SPDX-License-Identifier: MIT
 *
 * Hensel (right-to-left) division, as in T. Jebelean, "An algorithm for exact division",
 * J. Symbolic Computation 15 (1993): with d = 2^k * o, o odd, and A = {a, n} / 2^k (exact),
 * each quotient limb is q_i = (A_i - c) * o^-1 mod B, where c carries the high limb of q_i * o
 * (plus the borrow of the subtraction) into the next position. Since o * q_i = A_i - c (mod B)
 * exactly cancels limb i, the quotient is produced low limb first with no remainder
 * correction. */
#include "divimpl.h"

void cy_mpn_divexact_1(cy_limb *q, const cy_limb *a, size_t n, cy_limb d)
{
    CY_ASSERT(d != 0);
    CY_ASSERT(q == a || cy__disjoint(q, n, a, n));
    if (n == 0)
        return;
    unsigned k = cy__ctz(d);
    cy_limb o = d >> k, inv = cy__binvert_limb(o), c = 0;
    /* q may equal a: q[i] is written after a[i] and a[i+1] are read. */
    for (size_t i = 0; i < n; i++) {
        cy_limb x = a[i];
        if (k)
            x = (x >> k) | (i + 1 < n ? a[i + 1] << (CY_LIMB_BITS - k) : 0);
        cy_limb b = x < c, qi = (x - c) * inv, hi;
        q[i] = qi;
        cy__umul(qi, o, &hi);
        c = hi + b;
    }
}
