/* cy_mod_inv_fermat: a^-1 = a^(m-2) mod m for prime m (Fermat's little theorem), the constant-time
 * baseline the faster inverses are measured against. SPDX-License-Identifier: MIT */
#include "impl.h"

int cy_mod_inv_fermat(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    size_t n = ctx->n;
    cy_limb *e = scratch;
    cy_mpn_sub_1(e, ctx->m, n, 2); /* m >= 3 */
    int err = cy_mont_powm(r, a, e, n, ctx, scratch + n);
    /* a = 0 (the only non-invertible residue when m is prime) gives r = 0, as does a >= m. */
    cy_limb zero = ~cy__mask_nz_n(a, n) & 1;
    return err + (int)zero * CY_ENOTINV;
}
