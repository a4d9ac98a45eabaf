/* Montgomery multiplication in radix 2^52 with AVX-512 IFMA (vpmadd52luq / vpmadd52huq), for the
 * exponentiations (cy_mont_powm, cy_mont_powm_vartime) and, through conversions from and to
 * limbs, cy_mont_mul / cy_mont_sqr on CPUs that have it.
 * SPDX-License-Identifier: MIT
 *
 * Following Gueron and Krasnov, "Accelerating big integer arithmetic using Intel IFMA
 * extensions", ARITH 2016: a number is held as k digits of 52 bits in the 64-bit lanes of vector
 * registers; vpmadd52luq / vpmadd52huq add the low / high 52 bits of the 104-bit products of
 * the lanes' low 52 bits to 64-bit accumulators, so the sums of many products need no carry
 * handling until the end of a multiplication (lazy normalisation). Word-by-word Montgomery
 * reduction with q = t * (-m^-1) mod 2^52; almost-Montgomery bounds (R = 2^(52k) > 4m, operands
 * and results < 2m), so no conditional subtraction inside the exponentiation. */
#include <immintrin.h>
#include <stdint.h>

#include "../impl.h"
#include "core/digits52.h"

#define IFMA_TARGET __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define MASK52 ((((cy_limb)1) << 52) - 1)

/* Up to this many limbs 256-bit vectors (AVX512VL) are faster than 512-bit ones; Zen 4 runs a
 * 512-bit IFMA instruction as two 256-bit halves on the same units, and 256-bit kernels fit k
 * more closely (k = 20 at 16 limbs: 5 ymm against 3 zmm with 4 idle lanes). Measured per product:
 * 16 limbs 295 vs 317 ticks, 24 limbs 499 vs 494, 32 limbs 763 vs 715. */
#define CY__IFMA_YMM_LIMBS 20

size_t cy__ifma_digits(size_t n)
{
    /* 52k >= 64n + 2, so that R = 2^(52k) > 4m for any m < B^n. */
    return (64 * n + 2 + 51) / 52;
}

size_t cy__ifma_padded(size_t n)
{
    return (cy__ifma_digits(n) + 7) & ~(size_t)7;
}

/* r = a b / 2^(52k) + (a multiple of m), the almost-Montgomery product: for a, b < 2m it is
 * < 2m (a b + Q m < 4m^2 + R m < 2 R m as R > 4m). a, b, m: 52-bit digits, padded with zero
 * digits to L vectors of W lanes; r gets the k digits of the result and zeros up to
 * cy__ifma_padded (L W rounded up to 8).
 *
 * One iteration per digit b_i: the accumulator (lanes j = 0 .. L W - 1, weight 2^(52 j)) gets the
 * low halves of a b_i and m q (q chosen so that digit 0 becomes 0 mod 2^52), then moves down one
 * lane and takes the high halves (collected in H at their own lanes, which after the move are the
 * lanes they belong to); the carry out of the vanishing digit 0 goes to x, below. A lane receives at most 4 values
 * < 2^52 per iteration and there are k <= 80 iterations: < 2^61, no overflow.
 *
 * The serial chain is q_i -> digit 0 of the next accumulator -> q_(i+1). Through the vector unit
 * (broadcast, vpmadd52luq, valignq, adds, vmovq) it measured 27 cycles per digit; so digit 0 is
 * kept exactly in a general register x instead (the vector lane 0 is left stale and dropped by
 * the next move), and the next digit 0 is computed there from q (two 64x64 -> 128 products, two
 * 64-bit ones, off the chain but one):
 * x' = A_1 + lo(a_1 b_i) + lo(m_1 q) + hi(a_0 b_i) + hi(m_0 q) + (x + lo(a_0 b_i) + lo(m_0 q)) / 2^52,
 * where A_1 (lane 1 at the start of the iteration) comes from the vector unit, which has a whole
 * iteration to deliver it. q = ((x + a_0 b_i) m') mod 2^52.
 * The final carry propagation is a scalar pass over the lanes; nothing branches on values. */
#define CY__AMM(NAME, VEC, W, L, SET1, LOAD, STORE, LO, HI, ALIGNR, LANE1)                        \
    IFMA_TARGET static void NAME(cy_limb *r, const cy_limb *a, const cy_limb *b,                  \
                                 const cy_limb *m, cy_limb minv, size_t k)                        \
    {                                                                                             \
        VEC A[L], H[L], zero = SET1(0);                                                           \
        _Pragma("GCC unroll 32") for (int v = 0; v < (L); v++) A[v] = zero;                       \
        cy_limb a0 = a[0], a1 = a[1], m0 = m[0], m1 = m[1], x = 0;                                \
        for (size_t i = 0; i < k; i++) {                                                          \
            cy_limb bi = b[i];                                                                    \
            unsigned __int128 p = (unsigned __int128)a0 * bi;                                     \
            cy_limb q = ((x + (cy_limb)p) * minv) & MASK52;                                       \
            unsigned __int128 s = (unsigned __int128)m0 * q;                                      \
            cy_limb t = x + ((cy_limb)p & MASK52) + ((cy_limb)s & MASK52);                        \
            x = LANE1(A[0]) + ((a1 * bi) & MASK52) + (cy_limb)(p >> 52) + ((m1 * q) & MASK52) +  \
                (cy_limb)(s >> 52) + (t >> 52);                                                   \
            VEC bv = SET1((long long)bi), qv = SET1((long long)q);                                \
            _Pragma("GCC unroll 32") for (int v = 0; v < (L); v++) {                              \
                VEC av = LOAD(a + (W) * v), mv = LOAD(m + (W) * v);                               \
                A[v] = LO(A[v], av, bv);                                                          \
                H[v] = HI(zero, av, bv);                                                          \
                A[v] = LO(A[v], mv, qv);                                                          \
                H[v] = HI(H[v], mv, qv);                                                          \
            }                                                                                     \
            _Pragma("GCC unroll 32") for (int v = 0; v < (L); v++) A[v] =                         \
                ALIGNR(v + 1 < (L) ? A[v + 1] : zero, A[v]) + H[v];                               \
        }                                                                                         \
        cy_limb t[((L) * (W) + 7) & ~7] __attribute__((aligned(64))), c = 0;                      \
        _Pragma("GCC unroll 32") for (int v = 0; v < (L); v++) STORE(t + (W) * v, A[v]);          \
        for (size_t j = (L) * (W); j < (((L) * (W) + 7) & ~7u); j++)                              \
            t[j] = 0;                                                                             \
        t[0] = x;                                                                                 \
        for (size_t j = 0; j < (((L) * (W) + 7) & ~7u); j++) {                                    \
            cy_limb y = t[j] + c;                                                                 \
            r[j] = y & MASK52;                                                                    \
            c = y >> 52;                                                                          \
        }                                                                                         \
    }

#define Z_SET1(x) _mm512_set1_epi64(x)
#define Z_LOAD(p) _mm512_loadu_si512((const void *)(p))
#define Z_STORE(p, x) _mm512_store_si512((void *)(p), x)
#define Z_ALIGNR(hi, lo) _mm512_alignr_epi64(hi, lo, 1)
#define Z_LANE1(x) (cy_limb) _mm_extract_epi64(_mm512_castsi512_si128(x), 1)
#define Z_AMM(L)                                                                                  \
    CY__AMM(amm_z##L, __m512i, 8, L, Z_SET1, Z_LOAD, Z_STORE, _mm512_madd52lo_epu64,            \
            _mm512_madd52hi_epu64, Z_ALIGNR, Z_LANE1)

#define Y_SET1(x) _mm256_set1_epi64x(x)
#define Y_LOAD(p) _mm256_loadu_si256((const void *)(p))
#define Y_STORE(p, x) _mm256_store_si256((void *)(p), x)
#define Y_ALIGNR(hi, lo) _mm256_alignr_epi64(hi, lo, 1)
#define Y_LANE1(x) (cy_limb) _mm_extract_epi64(_mm256_castsi256_si128(x), 1)
#define Y_AMM(L)                                                                                  \
    CY__AMM(amm_y##L, __m256i, 4, L, Y_SET1, Y_LOAD, Y_STORE, _mm256_madd52lo_epu64,            \
            _mm256_madd52hi_epu64, Y_ALIGNR, Y_LANE1)

Z_AMM(2)
Z_AMM(3)
Z_AMM(4)
Z_AMM(5)
Z_AMM(6)
Z_AMM(7)
Z_AMM(8)
Z_AMM(9)
Z_AMM(10)

Y_AMM(3)
Y_AMM(4)
Y_AMM(5)
Y_AMM(6)
Y_AMM(7)
Y_AMM(8)
Y_AMM(9)
Y_AMM(10)
Y_AMM(11)
Y_AMM(12)
Y_AMM(13)
Y_AMM(14)
Y_AMM(15)
Y_AMM(16)
Y_AMM(17)
Y_AMM(18)
Y_AMM(19)
Y_AMM(20)

typedef void amm_fn(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_limb *m,
                    cy_limb minv, size_t k);

/* Indexed by the number of vectors, ceil(k / W). */
static amm_fn *const amm_z[11] = {0, 0, amm_z2, amm_z3, amm_z4, amm_z5,
                                  amm_z6, amm_z7, amm_z8, amm_z9, amm_z10};
static amm_fn *const amm_y[21] = {0,       0,       0,       amm_y3,  amm_y4,  amm_y5,  amm_y6,
                                  amm_y7,  amm_y8,  amm_y9,  amm_y10, amm_y11, amm_y12, amm_y13,
                                  amm_y14, amm_y15, amm_y16, amm_y17, amm_y18, amm_y19, amm_y20};

/* {r, kp} = table[d] (entries of kp digits, kp a multiple of 8, count <= 64) reading every entry:
 * per column of 8 digits, a masked move of each entry into the accumulator under an opmask that
 * is all ones for entry d only (made by a compare, no branch; the loads' addresses depend on
 * count and kp only). Half the instructions of the AVX2 scan in powm.c (load, AND, OR per 4
 * limbs): 8% off a 1024-bit exponentiation. */
IFMA_TARGET void cy__ifma_select(cy_limb *r, const cy_limb *table, size_t count, size_t kp,
                                 cy_limb d)
{
    __mmask8 k[64];
    __m512i dv = _mm512_set1_epi64((long long)d);
    for (size_t i = 0; i < count; i++)
        k[i] = _mm512_cmpeq_epi64_mask(_mm512_set1_epi64((long long)i), dv);
    for (size_t j = 0; j < kp; j += 8) {
        __m512i acc = _mm512_setzero_si512();
        for (size_t i = 0; i < count; i++)
            acc = _mm512_mask_mov_epi64(acc, k[i], Z_LOAD(table + i * kp + j));
        _mm512_storeu_si512((void *)(r + j), acc);
    }
}

void cy__ifma_amm(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_limb *m, cy_limb minv,
                  size_t n)
{
    size_t k = cy__ifma_digits(n);
    if (n <= CY__IFMA_YMM_LIMBS)
        amm_y[(k + 3) / 4](r, a, b, m, minv, k);
    else
        amm_z[(k + 7) / 8](r, a, b, m, minv, k);
}

/* With R' = 2^(52k) = B^n 2^d (d = 52k - 64n, 2 <= d <= 53), the almost-Montgomery product of a
 * and b 2^d (shifted in the conversion: < 2^(64n + d) = R', k digits) is
 * (a b 2^d + Q m) / R' = (a b + Q m 2^-d) / B^n, congruent to a b / B^n, and
 * < a b / B^n + m: < 2m for a, b < m, and < B^n + m for any a, b < B^n (no overflow of the k
 * digits: R' >= 4 B^n). The limbs and the bit hi above them then lose m under a mask
 * (cy__mod_fix_to): a value >= m becomes value - m < B^n, one < m stays, so the result is < m
 * for a, b < m and < B^n always, the contract of cy_mont_mul. */
size_t cy__ifma_mont_mul_itch(size_t n)
{
    return 3 * cy__ifma_padded(n);
}

void cy__ifma_mont_mul(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx,
                       cy_limb *scratch)
{
    size_t n = ctx->n, kp = cy__ifma_padded(n);
    unsigned d = (unsigned)(52 * cy__ifma_digits(n) - 64 * n);
    cy_limb *ad = scratch, *bd = ad + kp, *md = bd + kp;
    cy__digits52_from_limbs(ad, kp, a, n, 0);
    cy__digits52_from_limbs(bd, kp, b, n, d);
    cy__digits52_from_limbs(md, kp, ctx->m, n, 0);
    cy__ifma_amm(ad, ad, bd, md, ctx->minv, n);
    cy_limb hi = cy__digits52_to_limbs(bd, n, ad, kp);
    cy__mod_fix_to(r, bd, hi, ctx->m, n);
}
