/* cy__mpn_neg_ifma -- {r, n} = -{a, n} mod B^n with AVX-512, 8 limbs per 512-bit vector: the neg
 * slot of the ifma back end (src/mpn/dispatch.c). Returns 1 if {a, n} != 0, else 0 (the borrow of
 * 0 - a). SPDX-License-Identifier: MIT
 *
 * Math (as in neg_adx.c). -a = NOT a + 1 (mod B^n): r[i] = NOT a[i] + c_i with the carry
 * c_i = [a[0] = ... = a[i-1] = 0]. For a block of k limbs (k = 16, 8, or the last n mod 8), with
 * z = the bits j with a[j] = 0 (vptestnmq) and c the carry into the block, L = (z + c) XOR z is the
 * set of limbs of the block that receive a carry (bits 0 .. t', t' the lowest non-zero limb of the
 * block, when c = 1; empty when c = 0), and bit k of z + c is the carry out. Then
 * r = M - a with M_j = B - 1 outside L and 0 in L (NOT x + c = (c - 1) - x): a zero-masked move of
 * all ones under NOT L, and one vpsubq. The carry from block to block is an add and a shift per
 * 16 limbs; nothing else is chained.
 *
 * Lengths: blocks of 16 limbs (two vectors under one 16-bit z), then one of 8 if left, then the
 * last n mod 8 limbs with masked loads and stores (the lanes past n load as zero, so they only pass
 * the carry along, which keeps the return value right, and are not stored). 4 <= n < 8 is that
 * masked block alone (n >= 4: cy_mpn_neg does shorter lengths itself, faster there). Masked-off lanes do not
 * fault (Intel SDM vol. 2, VMOVDQU64: "memory fault suppression"). Overlap: r == a or disjoint
 * (every block reads its limbs before it writes them, and blocks do not overlap). Constant time:
 * the loop counts and masks depend on n only.
 *
 * Intrinsics: Intel Intrinsics Guide and Intel SDM vol. 2 (VPTESTNMQ, VMOVDQU64 with opmask,
 * VPSUBQ, KMOVW). */
#include <immintrin.h>
#include <stdint.h>

#include "../dispatch.h"

#define AVX512_TARGET __attribute__((target("avx512f,avx512vl")))

/* r_j = -v_j for the limbs j in l (they receive the carry), NOT v_j for the others. */
static inline AVX512_TARGET __m512i neg8(__m512i v, uint64_t l)
{
    __m512i m = _mm512_maskz_mov_epi64((__mmask8)~l, _mm512_set1_epi64(-1));
    return _mm512_sub_epi64(m, v);
}

AVX512_TARGET cy_limb cy__mpn_neg_ifma(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(n >= 4);
    uint64_t c = 1;
    size_t i = 0;
    for (; i + 16 <= n; i += 16) {
        __m512i v0 = _mm512_loadu_si512(a + i), v1 = _mm512_loadu_si512(a + i + 8);
        uint64_t z = (uint64_t)_mm512_testn_epi64_mask(v0, v0) |
                     (uint64_t)_mm512_testn_epi64_mask(v1, v1) << 8;
        uint64_t s = z + c, l = s ^ z;
        c = s >> 16;
        _mm512_storeu_si512(r + i, neg8(v0, l));
        _mm512_storeu_si512(r + i + 8, neg8(v1, l >> 8));
    }
    if (i + 8 <= n) {
        __m512i v = _mm512_loadu_si512(a + i);
        uint64_t z = _mm512_testn_epi64_mask(v, v);
        uint64_t s = z + c;
        c = s >> 8;
        _mm512_storeu_si512(r + i, neg8(v, s ^ z));
        i += 8;
    }
    if (i < n) {
        __mmask8 k = (__mmask8)(((uint64_t)1 << (n - i)) - 1);
        __m512i v = _mm512_maskz_loadu_epi64(k, a + i);
        uint64_t z = _mm512_testn_epi64_mask(v, v);
        uint64_t s = z + c;
        c = s >> 8;
        _mm512_mask_storeu_epi64(r + i, k, neg8(v, s ^ z));
    }
    return c ^ 1;
}
