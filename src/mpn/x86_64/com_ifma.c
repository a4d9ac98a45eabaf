/* cy__mpn_com_ifma -- {r, n} = NOT {a, n} with AVX-512, 8 limbs per 512-bit vector: the com slot of
 * the ifma back end (src/mpn/dispatch.c). SPDX-License-Identifier: MIT
 *
 * Math: NOT x = x XOR (B - 1) limb by limb (vpternlogq with the truth table of NOT a, 0x55).
 * Lengths: 32 limbs per pass, then 8, then the last n mod 8 limbs with masked loads and stores
 * (masked-off lanes neither fault nor store: Intel SDM vol. 2, VMOVDQU64); 4 <= n < 8 is that
 * last block alone (n >= 4: cy_mpn_com does shorter lengths itself). Overlap: r == a or disjoint (blocks do not
 * overlap; each is read, then written).
 * No branch or address depends on the values.
 * Intrinsics: Intel Intrinsics Guide, Intel SDM vol. 2 (VPTERNLOGQ, VMOVDQU64 with opmask). */
#include <immintrin.h>
#include <stdint.h>

#include "../dispatch.h"

#define AVX512_TARGET __attribute__((target("avx512f,avx512vl")))

static inline AVX512_TARGET __m512i not8(__m512i v)
{
    return _mm512_ternarylogic_epi64(v, v, v, 0x55);
}

AVX512_TARGET void cy__mpn_com_ifma(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(n >= 4);
    size_t i = 0;
    for (; i + 32 <= n; i += 32) {
        __m512i v0 = _mm512_loadu_si512(a + i), v1 = _mm512_loadu_si512(a + i + 8),
                v2 = _mm512_loadu_si512(a + i + 16), v3 = _mm512_loadu_si512(a + i + 24);
        _mm512_storeu_si512(r + i, not8(v0));
        _mm512_storeu_si512(r + i + 8, not8(v1));
        _mm512_storeu_si512(r + i + 16, not8(v2));
        _mm512_storeu_si512(r + i + 24, not8(v3));
    }
    for (; i + 8 <= n; i += 8)
        _mm512_storeu_si512(r + i, not8(_mm512_loadu_si512(a + i)));
    if (i < n) {
        __mmask8 k = (__mmask8)(((uint64_t)1 << (n - i)) - 1);
        _mm512_mask_storeu_epi64(r + i, k, not8(_mm512_maskz_loadu_epi64(k, a + i)));
    }
}
