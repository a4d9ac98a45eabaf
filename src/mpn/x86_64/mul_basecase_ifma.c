/* Basecase multiplication and squaring with AVX-512 IFMA (vpmadd52luq / vpmadd52huq): the
 * mul_basecase and sqr_basecase slots of the ifma back end (src/mpn/dispatch.c).
 * SPDX-License-Identifier: MIT
 *
 * Method (lazy normalisation, after Gueron and Krasnov, "Accelerating big integer arithmetic
 * using Intel IFMA extensions", ARITH 2016; our own column-block arrangement):
 *   1. a and b are cut into digits of 52 bits (ka = ceil(64 an / 52), kb likewise) by the
 *      conversion of core/digits52.h, which the mod layer's IFMA code uses too.
 *   2. The product's columns are summed in 256-bit vectors, 8 columns c0 .. c0 + 7 at a time:
 *      for each digit b_j, the 8 digits a_(c - j) (an unaligned load from a zero-padded copy of
 *      a) times the broadcast b_j; vpmadd52luq adds the low 52 bits of each 104-bit product to
 *      L_c, vpmadd52huq the high 52 bits to H_c (they belong to column c + 1). Two sets of
 *      accumulators (even and odd j) keep 8 multiply-adds in flight (latency 4, two per cycle on
 *      Zen 4). Nothing carries: a column gets at most kb low halves and kb high halves, each
 *      < 2^52, so c_k = L_k + H_(k-1) < 2 kb 2^52 <= 2^64 for kb <= 2048.
 *   3. c_k = X_k + 2^52 Y_(k+1) with X_k = c_k mod 2^52, Y_(k+1) = c_k >> 52 < 2^12: X and Y are
 *      both proper 52-bit digit vectors, each packed back to 64-bit limbs straight from the
 *      registers (cy__digits52_pack16 of core/digits52.h, 16 digits to 13 limbs), and the
 *      product is X + Y (the adx add_n).
 * Squares (sqr_basecase): only the products a_i a_j with i > j (per block of columns, the rows j
 * below c0 / 2 with all lanes, then four rows with the lanes i <= j masked off at the load),
 * doubled, plus the diagonal a_i^2 (its low and high halves spread to the even lanes).
 *
 * Below the crossovers (IFMA_MUL, IFMA_SQR_MIN_N) the adx kernels run instead.
 * Constant time: loops, loads and masks depend on an and bn only. No heap: the digit copies and
 * the packed Y are on the stack, for chunks of at most MAXL limbs of a; a longer a is done in
 * chunks whose products are added. b longer than MAXL limbs goes to the adx basecase (such
 * basecase products do not occur with tuned thresholds; Karatsuba takes over far below). */
#include <immintrin.h>
#include <stdint.h>

#include "../dispatch.h"
#include "core/digits52.h"

CY__DECLARE_KERNELS(x86_64)
CY__DECLARE_KERNELS(adx)

#define IFMA_TARGET __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define MASK52 ((((uint64_t)1) << 52) - 1)

/* The largest chunk of a and the largest b handled here, in limbs (above the tuned Karatsuba
 * thresholds); the stack takes about 23 KB (b's digits and a saved top for the chunks, a's
 * digits and the packed carries). */
#define MAXL 512
#define GROUPS(n) (((n) + 12) / 13)      /* groups of 13 limbs = 16 digits */
#define KMAX (16 * GROUPS(MAXL))         /* digits of MAXL limbs, rounded up to a group */
#define PAD 8                            /* zero digits around a's digits */

/* Below these sizes the adx kernels are faster: the conversions and the packing cost about 100
 * TSC ticks per call plus about 3 per limb of a, which a few rows of mulx do not amortise.
 * Measured on Zen 4 (rdtsc, minimum; IFMA / adx): 32x8 0.92, 16x8 1.08, 16x12 0.90, 12x12 0.93,
 * 1000x6 0.83 (but 32x6 1.06, 100x6 0.90); squares 16: 1.05, 20: 0.85 (docs/mul.md). */
#define IFMA_MUL(an, bn) ((bn) >= 8 && (an) * (bn) >= 256)
#define IFMA_SQR_MIN_N 18

static size_t digits_of(size_t n) { return (64 * n + 51) / 52; }

/* ---- the column sums ---- */

#define LO(acc, x, y) _mm256_madd52lo_epu64(acc, x, y)
#define HI(acc, x, y) _mm256_madd52hi_epu64(acc, x, y)
#define LD(p) _mm256_loadu_si256((const __m256i *)(p))
#define BC(p) _mm256_set1_epi64x((long long)*(p))
#define ALWAYS_INLINE IFMA_TARGET __attribute__((always_inline)) static inline

/* The sums of columns c0 .. c0 + 7: l0, l1 the low halves (columns c0 .. c0 + 3, c0 + 4 ..),
 * h0, h1 the high halves (which belong one column up). */
typedef struct {
    __m256i l0, l1, h0, h1;
} block;

/* Two sets of accumulators (rows of even and odd parity), added at the end: two independent
 * dependency chains through the multiply-adds. */
typedef struct {
    __m256i la0, la1, ha0, ha1, lb0, lb1, hb0, hb1;
} rows_acc;

/* Rows j .. jend - 1 of block c0: row j adds {ad + c0 - j, 8} * bd[j] to the column sums. */
ALWAYS_INLINE rows_acc block_rows(const uint64_t *ad, const uint64_t *bd, size_t c0, size_t j,
                                  size_t jend)
{
    __m256i la0 = _mm256_setzero_si256(), la1 = la0, ha0 = la0, ha1 = la0;
    __m256i lb0 = la0, lb1 = la0, hb0 = la0, hb1 = la0;
    for (; j + 1 < jend; j += 2) {
        const uint64_t *p = ad + c0 - j;
        __m256i x0 = LD(p), x1 = LD(p + 4), b = BC(bd + j);
        la0 = LO(la0, x0, b), ha0 = HI(ha0, x0, b), la1 = LO(la1, x1, b), ha1 = HI(ha1, x1, b);
        x0 = LD(p - 1), x1 = LD(p + 3), b = BC(bd + j + 1);
        lb0 = LO(lb0, x0, b), hb0 = HI(hb0, x0, b), lb1 = LO(lb1, x1, b), hb1 = HI(hb1, x1, b);
    }
    if (j < jend) {
        const uint64_t *p = ad + c0 - j;
        __m256i x0 = LD(p), x1 = LD(p + 4), b = BC(bd + j);
        la0 = LO(la0, x0, b), ha0 = HI(ha0, x0, b), la1 = LO(la1, x1, b), ha1 = HI(ha1, x1, b);
    }
    return (rows_acc){la0, la1, ha0, ha1, lb0, lb1, hb0, hb1};
}

/* Block c0 of {ad, ka} * {bd, kb} (digits; ad readable with zeros from -PAD to ka + PAD): rows
 * j with 0 <= c - j < ka for some column c of the block. */
ALWAYS_INLINE block block_mul(const uint64_t *ad, size_t ka, const uint64_t *bd, size_t kb,
                              size_t c0)
{
    size_t j = c0 + 1 > ka ? c0 + 1 - ka : 0, jend = c0 + 8 < kb ? c0 + 8 : kb;
    rows_acc r = block_rows(ad, bd, c0, j, jend);
    return (block){_mm256_add_epi64(r.la0, r.lb0), _mm256_add_epi64(r.la1, r.lb1),
                   _mm256_add_epi64(r.ha0, r.hb0), _mm256_add_epi64(r.ha1, r.hb1)};
}

/* Block c0 of {ad, k}^2: twice the products a_i a_j, i > j, plus a_i^2. Rows j < c0 / 2 have
 * i = c - j > j in every lane; rows c0 / 2 + t (t = 0..3) only in lanes l > 2t (masked loads; a
 * row below the lower bound of j reads only zero digits of the padding). The diagonal
 * a_(c0/2 + t)^2 goes to lane 2t. */
ALWAYS_INLINE block block_sqr(const uint64_t *ad, size_t k, size_t c0)
{
    const __m256i z = _mm256_setzero_si256();
    rows_acc r = block_rows(ad, ad, c0, c0 + 1 > k ? c0 + 1 - k : 0, c0 / 2);
    __m256i la0 = r.la0, la1 = r.la1, ha0 = r.ha0, ha1 = r.ha1;
    __m256i lb0 = r.lb0, lb1 = r.lb1, hb0 = r.hb0, hb1 = r.hb1;
    const uint64_t *p = ad + c0 / 2;
    __m256i x0 = _mm256_maskz_loadu_epi64(0xe, p), x1 = LD(p + 4), b = BC(p);
    la0 = LO(la0, x0, b), ha0 = HI(ha0, x0, b), la1 = LO(la1, x1, b), ha1 = HI(ha1, x1, b);
    x0 = _mm256_maskz_loadu_epi64(0x8, p - 1), x1 = LD(p + 3), b = BC(p + 1);
    lb0 = LO(lb0, x0, b), hb0 = HI(hb0, x0, b), lb1 = LO(lb1, x1, b), hb1 = HI(hb1, x1, b);
    x1 = _mm256_maskz_loadu_epi64(0xe, p + 2), b = BC(p + 2);
    la1 = LO(la1, x1, b), ha1 = HI(ha1, x1, b);
    x1 = _mm256_maskz_loadu_epi64(0x8, p + 1), b = BC(p + 3);
    lb1 = LO(lb1, x1, b), hb1 = HI(hb1, x1, b);
    const __m256i spread0 = _mm256_set_epi64x(1, 1, 0, 0), spread1 = _mm256_set_epi64x(3, 3, 2, 2);
    __m256i d = LD(p), dl = LO(z, d, d), dh = HI(z, d, d), s0, s1, t0, t1;
    s0 = _mm256_add_epi64(la0, lb0), s1 = _mm256_add_epi64(la1, lb1);
    t0 = _mm256_add_epi64(ha0, hb0), t1 = _mm256_add_epi64(ha1, hb1);
    return (block){
        _mm256_add_epi64(_mm256_add_epi64(s0, s0), _mm256_maskz_permutexvar_epi64(0x5, spread0, dl)),
        _mm256_add_epi64(_mm256_add_epi64(s1, s1), _mm256_maskz_permutexvar_epi64(0x5, spread1, dl)),
        _mm256_add_epi64(_mm256_add_epi64(t0, t0), _mm256_maskz_permutexvar_epi64(0x5, spread0, dh)),
        _mm256_add_epi64(_mm256_add_epi64(t1, t1), _mm256_maskz_permutexvar_epi64(0x5, spread1, dh))};
}

/* The columns of a block, c_k = L_k + H_(k-1) < 2^64, split as c_k = X_k + 2^52 Y_(k+1): x gets
 * X (c mod 2^52), y gets Y (c_(k-1) >> 52 < 2^12), as 8 lanes. hp, cp: the previous block's
 * upper H and c vectors (zero before the first block), updated. */
ALWAYS_INLINE void split(block u, __m256i *hp, __m256i *cp, __m512i *x, __m512i *y)
{
    const __m256i m = _mm256_set1_epi64x((long long)MASK52);
    __m256i c0 = _mm256_add_epi64(u.l0, _mm256_alignr_epi64(u.h0, *hp, 3));
    __m256i c1 = _mm256_add_epi64(u.l1, _mm256_alignr_epi64(u.h1, u.h0, 3));
    __m256i y0 = _mm256_srli_epi64(_mm256_alignr_epi64(c0, *cp, 3), 52);
    __m256i y1 = _mm256_srli_epi64(_mm256_alignr_epi64(c1, c0, 3), 52);
    *hp = u.h1;
    *cp = c1;
    *x = _mm512_inserti64x4(_mm512_castsi256_si512(_mm256_and_si256(c0, m)), _mm256_and_si256(c1, m), 1);
    *y = _mm512_inserti64x4(_mm512_castsi256_si512(y0), y1, 1);
}

/* {r, rn} = the product whose columns the blocks give (sq: {ad, ka}^2, else {ad, ka} {bd, kb}),
 * 16 columns (13 limbs) at a time: X packed into r, Y into tmp (13 GROUPS(rn) limbs), then
 * r = X + Y. The columns beyond ka + kb - 1 are zero. */
ALWAYS_INLINE void product(cy_limb *r, size_t rn, cy_limb *tmp, const uint64_t *ad, size_t ka,
                           const uint64_t *bd, size_t kb, int sq)
{
    __m256i hp = _mm256_setzero_si256(), cp = hp;
    for (size_t q = 0, c0 = 0; q < rn; q += 13, c0 += 16) {
        block u = sq ? block_sqr(ad, ka, c0) : block_mul(ad, ka, bd, kb, c0);
        block v = sq ? block_sqr(ad, ka, c0 + 8) : block_mul(ad, ka, bd, kb, c0 + 8);
        __m512i x0, x1, y0, y1;
        split(u, &hp, &cp, &x0, &y0);
        split(v, &hp, &cp, &x1, &y1);
        cy__digits52_pack16(r, q, rn, x0, x1);
        cy__digits52_pack16(tmp, q, rn, y0, y1);
    }
    cy__mpn_add_n_x86_64(r, r, tmp, rn);
}

/* ad[PAD .. PAD + 16 GROUPS(n)) = the digits of {a, n}, with PAD zero digits on each side. */
IFMA_TARGET static void padded_digits(uint64_t *ad, const cy_limb *a, size_t n)
{
    _mm512_store_si512((void *)ad, _mm512_setzero_si512());
    _mm512_store_si512((void *)(ad + PAD + 16 * GROUPS(n)), _mm512_setzero_si512());
    cy__digits52_from_limbs(ad + PAD, 16 * GROUPS(n), a, n, 0);
}

/* {r, an + bn} = {a, an} * {bd, kb} (b's digits, bn limbs), an <= MAXL. */
IFMA_TARGET static void mul_chunk(cy_limb *r, const cy_limb *a, size_t an, const uint64_t *bd,
                                  size_t kb, size_t bn)
{
    uint64_t ad[PAD + KMAX + PAD] __attribute__((aligned(64)));
    cy_limb tmp[13 * GROUPS(2 * MAXL)] __attribute__((aligned(64)));
    padded_digits(ad, a, an);
    product(r, an + bn, tmp, ad + PAD, digits_of(an), bd, kb, 0);
}

/* ---- entry points ---- */

IFMA_TARGET void cy__mpn_mul_basecase_ifma(cy_limb *r, const cy_limb *a, size_t an,
                                           const cy_limb *b, size_t bn)
{
    if (bn > MAXL || !IFMA_MUL(an, bn)) {
        cy__mpn_mul_basecase_adx(r, a, an, b, bn);
        return;
    }
    uint64_t bd[KMAX] __attribute__((aligned(64)));
    size_t kb = digits_of(bn);
    cy__digits52_from_limbs(bd, 16 * GROUPS(bn), b, bn, 0);
    /* chunks of a: the first writes r, each later one adds its product to the bn limbs the
     * previous one left at its offset (saved first) */
    size_t len = an < MAXL ? an : MAXL;
    mul_chunk(r, a, len, bd, kb, bn);
    for (size_t i = len; i < an; i += len) {
        cy_limb save[MAXL];
        len = an - i < MAXL ? an - i : MAXL;
        for (size_t t = 0; t < bn; t++)
            save[t] = r[i + t];
        mul_chunk(r + i, a + i, len, bd, kb, bn);
        cy_limb c = cy__mpn_add_n_x86_64(r + i, r + i, save, bn);
        cy__mpn_add_1_x86_64(r + i + bn, r + i + bn, len, c);
    }
}

IFMA_TARGET void cy__mpn_sqr_basecase_ifma(cy_limb *r, const cy_limb *a, size_t n)
{
    if (n < IFMA_SQR_MIN_N || n > MAXL) {
        cy__mpn_sqr_basecase_adx(r, a, n);
        return;
    }
    uint64_t ad[PAD + KMAX + PAD] __attribute__((aligned(64)));
    cy_limb tmp[13 * GROUPS(2 * MAXL)] __attribute__((aligned(64)));
    padded_digits(ad, a, n);
    product(r, 2 * n, tmp, ad + PAD, digits_of(n), NULL, 0, 1);
}
