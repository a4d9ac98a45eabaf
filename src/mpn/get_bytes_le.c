/* cy_mpn_get_bytes_le: {a, n} mod 256^len as len bytes, least significant first. SPDX-License-Identifier: MIT */
#include "carry/mpn.h"

int cy_mpn_get_bytes_le(unsigned char *out, size_t len, const cy_limb *a, size_t n)
{
    /* byte i (from the least significant end) is bits [8i, 8i + 8) of A */
    for (size_t i = 0; i < len; i++) {
        size_t li = i / CY_LIMB_BYTES;
        out[i] = li < n ? (unsigned char)(a[li] >> (8 * (i % CY_LIMB_BYTES))) : 0;
    }
    /* truncated when a limb or byte beyond the first len bytes is non-zero */
    for (size_t i = len; i < n * CY_LIMB_BYTES; i++)
        if ((unsigned char)(a[i / CY_LIMB_BYTES] >> (8 * (i % CY_LIMB_BYTES))))
            return 1;
    return 0;
}
