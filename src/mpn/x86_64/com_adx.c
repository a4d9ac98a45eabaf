/* cy__mpn_com_adx -- {r, n} = NOT {a, n} with AVX2, 4 limbs per 256-bit vector: the com slot of the
 * adx back end (src/mpn/dispatch.c). SPDX-License-Identifier: MIT
 *
 * Math: NOT x = x XOR (B - 1) = (B - 1) - x, limb by limb (vpxor with all ones).
 * Lengths: n >= 4 (cy_mpn_com does shorter ones itself). A head vector of limbs 0..3, then vectors from limb
 * h = ((n - 1) mod 4) + 1 (1 <= h <= 4) so that they end exactly at n, 16 limbs per pass and then
 * 4; the head overlaps the first of them in limbs h..3 (same values written twice) and is stored
 * last, so that with r == a nothing is read after it was overwritten.
 * Overlap: r == a or disjoint. No branch or address depends on the values.
 * Intrinsics: Intel Intrinsics Guide, Intel SDM vol. 2 (VPXOR, VMOVDQU). */
#include <immintrin.h>

#include "../dispatch.h"

#define AVX2_TARGET __attribute__((target("avx2")))
#define LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(p), v)

AVX2_TARGET void cy__mpn_com_adx(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(n >= 4);
    const __m256i ones = _mm256_set1_epi64x(-1);
    __m256i head = _mm256_xor_si256(LOAD(a), ones);
    size_t i = ((n - 1) & 3) + 1;
    for (; i + 16 <= n; i += 16) {
        __m256i v0 = LOAD(a + i), v1 = LOAD(a + i + 4), v2 = LOAD(a + i + 8),
                v3 = LOAD(a + i + 12);
        STORE(r + i, _mm256_xor_si256(v0, ones));
        STORE(r + i + 4, _mm256_xor_si256(v1, ones));
        STORE(r + i + 8, _mm256_xor_si256(v2, ones));
        STORE(r + i + 12, _mm256_xor_si256(v3, ones));
    }
    for (; i < n; i += 4)
        STORE(r + i, _mm256_xor_si256(LOAD(a + i), ones));
    STORE(r, head);
}
