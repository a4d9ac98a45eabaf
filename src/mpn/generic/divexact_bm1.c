/* Generic divexact_bm1: {q, n} = {a, n} d^-1 mod B^n for d = (B - 1) / m; returns the high limb of
 * {a, n} m. SPDX-License-Identifier: MIT
 *
 * d m (1 + B + ... + B^(n-1)) = B^n - 1, so d^-1 = -m (1 + B + ... + B^(n-1)) mod B^n and
 * q = -(x (1 + B + ... + B^(n-1))) mod B^n with x = a m mod B^n. That prefix sum satisfies
 * q = B q - x mod B^n, i.e. q_i = q_(i-1) - x_i - borrow: the loop-carried chain is one
 * subtraction with borrow, and the products a_i m (a mul_1 whose carry limb is hprev) do not
 * depend on it. (The identity behind GMP's bdiv_dbm1; derived here, no code taken.) */
#include "carry/limb.h"
#include "../dispatch.h"

cy_limb cy__mpn_divexact_bm1_generic(cy_limb *q, const cy_limb *a, size_t n, cy_limb m)
{
    cy_limb hprev = 0, z = 0, borrow = 0; /* x's carry limb, q_(i-1), the borrow into limb i */
    for (size_t i = 0; i < n; i++) {
        cy_limb hi, lo = cy__umul(a[i], m, &hi);
        cy_limb x = lo + hprev;
        hprev = hi + (x < lo); /* hi <= m - 1: no wrap */
        borrow = cy__subb(z, x, borrow, &z);
        q[i] = z;
    }
    return hprev;
}
