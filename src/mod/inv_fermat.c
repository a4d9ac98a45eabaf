/* cy_mod_inv_fermat: a^-1 = a^(m-2) mod m for prime m (Fermat's little theorem), the constant-time
 * baseline the faster inverses are measured against. SPDX-License-Identifier: MIT */
#include "impl.h"

int cy_mod_inv_fermat(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    size_t n = ctx->n;
    cy_limb *e = scratch;
    cy_mpn_sub_1(e, ctx->m, n, 2); /* m >= 3 */
    /* a = 0 is the only non-invertible residue when m is prime; it is read before the power,
     * which may overwrite a (r == a). a = 0 and a >= m exclude each other, so at most one of the
     * two codes is non-zero and their sum is the code. Both give r = 0. */
    cy_limb zero = ~cy__mask_nz_n(a, n) & 1;
    int err = cy_mont_powm(r, a, e, n, ctx, scratch + n);
    return err + (int)zero * CY_ENOTINV;
}
