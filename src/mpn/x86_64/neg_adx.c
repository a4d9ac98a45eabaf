/* cy__mpn_neg_adx -- {r, n} = -{a, n} mod B^n with AVX2, 4 limbs per 256-bit vector: the neg slot
 * of the adx back end (src/mpn/dispatch.c). Returns 1 if {a, n} != 0, else 0 (the borrow of 0 - a).
 * SPDX-License-Identifier: MIT
 *
 * Math. -a = NOT a + 1 (mod B^n): r[i] = NOT a[i] + c_i, where the carry into limb i is
 * c_i = [a[0] = ... = a[i-1] = 0] (NOT a[j] + 1 carries exactly when a[j] = 0). So if t is the
 * lowest non-zero limb, r[i] = 0 below t, r[t] = -a[t] and r[i] = NOT a[i] above t. NOT x + c =
 * (c - 1) - x, so r[i] = M_i - a[i] with M_i = 0 where the carry comes in and M_i = B - 1 where it
 * does not.
 *
 * The carries of a block of k limbs (k = 4 or 16) come from a k-bit scalar, as in a carry-lookahead
 * adder with propagate bits only: z = the bits j with a[j] = 0 (vpcmpeqq against zero, vmovmskpd),
 * c the carry into the block (0 or 1). Then z + c turns the trailing ones of z into zeros and the
 * next bit into one exactly when c = 1, so L = (z + c) XOR z has bits 0 .. t' set (t' the lowest
 * non-zero limb of the block, or k if there is none) when c = 1, and is 0 when c = 0; these are the
 * limbs that receive a carry. The carry out of the block is bit k of z + c. Limb j of the block
 * then gets M_j = B - 1 exactly when 2^j > L (L = 2^(t'+1) - 1 or 0, so 2^j > L iff j > t' or
 * c = 0): one signed vpcmpgtq of the constants 2^j against L broadcast, then one vpsubq.
 *
 * The only chain from block to block is c = (z + c) >> k: an add and a shift per 16 limbs; the rest
 * is independent per block. No branch and no address depends on the values (constant time; the
 * loop counts depend on n only).
 *
 * Lengths: n >= 4 (cy_mpn_neg does shorter ones itself). A head vector of
 * limbs 0..3 (carry 1 into limb 0), then blocks from limb h = ((n - 1) mod 4) + 1 in 1 <= h <= 4,
 * so that the blocks end exactly at n; the head overlaps the first block in limbs h..3, which get
 * the same values twice. The carry into limb h is [limbs 0 .. h-1 of the head are zero]. The head
 * is stored last: with r == a the first block must read limbs h..3 before the head overwrites them.
 * Overlap: r == a or disjoint (each block reads its limbs before it writes them).
 *
 * Intrinsics: Intel Intrinsics Guide and Intel SDM vol. 2 (VPCMPEQQ, VPCMPGTQ, VMOVMSKPD, VPSUBQ,
 * VPBROADCASTQ). */
#include <immintrin.h>
#include <stdint.h>

#include "../dispatch.h"

#define AVX2_TARGET __attribute__((target("avx2")))

/* Bit j set when limb j of v is zero. */
static inline AVX2_TARGET uint64_t zero_bits(__m256i v)
{
    __m256i z = _mm256_cmpeq_epi64(v, _mm256_setzero_si256());
    return (uint64_t)(unsigned)_mm256_movemask_pd(_mm256_castsi256_pd(z));
}

/* r_j = M_j - v_j with M_j = B - 1 where pow_j = 2^j > L (no carry into limb j), else 0. */
static inline AVX2_TARGET __m256i neg4(__m256i v, __m256i pow, __m256i lb)
{
    return _mm256_sub_epi64(_mm256_cmpgt_epi64(pow, lb), v);
}

#define LOAD(p) _mm256_loadu_si256((const __m256i *)(p))
#define STORE(p, v) _mm256_storeu_si256((__m256i *)(p), v)

AVX2_TARGET cy_limb cy__mpn_neg_adx(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(n >= 4);
    const __m256i p0 = _mm256_setr_epi64x(1, 2, 4, 8);
    /* the head: limbs 0..3, carry 1 into limb 0 */
    __m256i head = LOAD(a);
    uint64_t z = zero_bits(head);
    __m256i rhead = neg4(head, p0, _mm256_set1_epi64x((long long)((z + 1) ^ z)));
    size_t h = ((n - 1) & 3) + 1;
    uint64_t hm = ((uint64_t)1 << h) - 1;
    uint64_t c = (z & hm) == hm; /* carry into limb h */
    size_t i = h;
    if (n - h >= 16) {
        const __m256i p1 = _mm256_setr_epi64x(1 << 4, 1 << 5, 1 << 6, 1 << 7);
        const __m256i p2 = _mm256_setr_epi64x(1 << 8, 1 << 9, 1 << 10, 1 << 11);
        const __m256i p3 = _mm256_setr_epi64x(1 << 12, 1 << 13, 1 << 14, 1 << 15);
        for (; i + 16 <= n; i += 16) {
            __m256i v0 = LOAD(a + i), v1 = LOAD(a + i + 4), v2 = LOAD(a + i + 8),
                    v3 = LOAD(a + i + 12);
            uint64_t zb = zero_bits(v0) | zero_bits(v1) << 4 | zero_bits(v2) << 8 |
                          zero_bits(v3) << 12;
            uint64_t s = zb + c;
            __m256i lb = _mm256_set1_epi64x((long long)(s ^ zb));
            c = s >> 16;
            STORE(r + i, neg4(v0, p0, lb));
            STORE(r + i + 4, neg4(v1, p1, lb));
            STORE(r + i + 8, neg4(v2, p2, lb));
            STORE(r + i + 12, neg4(v3, p3, lb));
        }
    }
    for (; i < n; i += 4) {
        __m256i v = LOAD(a + i);
        uint64_t zb = zero_bits(v);
        uint64_t s = zb + c;
        c = s >> 4;
        STORE(r + i, neg4(v, p0, _mm256_set1_epi64x((long long)(s ^ zb))));
    }
    STORE(r, rhead);
    return c ^ 1;
}
