/* cy_mod_inv_lehmer_vartime: a^-1 mod m from the extended gcd, variable time, for public values.
 * SPDX-License-Identifier: MIT
 *
 * cy_mpn_gcdext (Lehmer's algorithm with double-limb steps, Knuth TAOCP vol. 2, 4.5.2) returns
 * g = gcd(A, m) and s with s A = g (mod m), |s| <= m / g. With A = a + m (so that A has at least
 * as many limbs as m, which cy_mpn_gcdext requires, and A = a mod m), a is invertible exactly when
 * g = 1, and then s != 0 mod m, so |s| < m and the inverse is s or m - |s|. */
#include "impl.h"

/* Scratch of cy_mod_inv_lehmer_vartime (part of cy_mod_inv_itch): A, g, s, then the gcd's. */
size_t cy__mod_inv_lehmer_itch(size_t n)
{
    return (n + 1) + 2 * n + cy_mpn_gcdext_itch(n + 1, n);
}

int cy_mod_inv_lehmer_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    size_t n = ctx->n, mn = n;
    const cy_limb *m = ctx->m;
    cy_limb *A = scratch, *g = A + n + 1, *s = g + n, *sc = s + n;
    if (cy_mpn_cmp(a, m, n) >= 0) {
        cy_mpn_zero(r, n);
        return CY_EUNREDUCED;
    }
    while (m[mn - 1] == 0) /* m >= 3: stops at a non-zero limb */
        mn--;
    A[n] = cy_mpn_add_n(A, a, m, n);
    size_t An = n + 1;
    while (A[An - 1] == 0) /* A >= m > 0 */
        An--;
    ptrdiff_t sn;
    size_t gn = cy_mpn_gcdext(g, s, &sn, A, An, m, mn, sc);
    if (gn != 1 || g[0] != 1) {
        cy_mpn_zero(r, n);
        return CY_ENOTINV;
    }
    size_t k = (size_t)(sn < 0 ? -sn : sn);
    cy_mpn_zero(r + mn, n - mn);
    if (sn > 0) {
        cy_mpn_copy(r, s, k);
        cy_mpn_zero(r + k, mn - k);
    } else { /* r = m - |s| */
        cy_mpn_sub(r, m, mn, s, k);
    }
    return 0;
}
