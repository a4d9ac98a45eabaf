/* cy_mpn_set_bytes_be: a natural number from len bytes, most significant first. SPDX-License-Identifier: MIT */
#include "carry/mpn.h"

void cy_mpn_set_bytes_be(cy_limb *r, size_t rn, const unsigned char *in, size_t len)
{
    CY_ASSERT(rn >= (len + CY_LIMB_BYTES - 1) / CY_LIMB_BYTES);
    cy_mpn_zero(r, rn);
    for (size_t i = 0; i < len; i++)
        r[i / CY_LIMB_BYTES] |= (cy_limb)in[len - 1 - i] << (8 * (i % CY_LIMB_BYTES));
}
