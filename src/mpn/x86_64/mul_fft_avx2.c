/* Large products by number-theoretic transforms on AVX2: the adx back end's cy__mpn_mul_fft and
 * cy__mpn_mulmod_bm1 (src/mpn/mul_fft.c calls these when the back end in use is exactly adx; ifma
 * has its own, x86_64/mul_fft_ifma.c, and generic/x86_64 keep the portable transforms).
 * SPDX-License-Identifier: MIT
 *
 * The method is the one of mul_fft.c and mul_fft_ifma.c (coefficients of b bits, cyclic
 * convolution of length L = 2^k or 3 2^k modulo np primes, Garner's CRT, the c_i 2^(ib) summed),
 * with the structure of mul_fft_ifma.c (radix-4 passes, leaf blocks in L1, register kernels for
 * the last four levels, the same twiddle-table layout), built on AVX2's only wide multiplier,
 * vpmuludq (32 x 32 -> 64 bits on the even lanes), and vpmulld (the low 32 bits, eight lanes):
 * eight residues of 32 bits per ymm register.
 *
 * Why 32-bit lanes: a micro-benchmark of one forward butterfly loop (1024 points in L1, minimum
 * over repetitions) on an AMD EPYC Zen 3 (adx back end) measured, in TSC ticks per butterfly:
 * the portable scalar one of mul_fft.c (62-bit primes, Shoup, mulx) 5.28; this file's (primes
 * < 2^30, eight lanes) 0.563; doubles with FMA (primes < 2^50, four lanes, van der Hoeven, Lecerf,
 * Quintin, "Modular SIMD arithmetic in Mathemagix", ACM TOMS 2016) 0.713. Per butterfly and bit of
 * prime: 0.085, 0.0188 and 0.0143. Doubles are 1.3x better per bit in the butterfly; 32-bit lanes
 * were chosen for this first version because their arithmetic is the unsigned, lazily reduced
 * Montgomery form of mul_fft_ifma.c lane for lane (eight lanes, the same kernels and bounds),
 * so the structure carries over unchanged; a double-precision variant is the next step.
 *
 * Primes p_0 .. p_7 < 2^30, p = c 2^21 + 1 with 3 | c (so 3 2^21 | p - 1; the table below); np of
 * them (4 to 8) per product, P = p_0 ... p_(np-1) >= 2^PBITS[np]. With p < 2^30, 4p < 2^32: every
 * value stays below 4p and fits a lane.
 *
 * Multiplication by a constant w (a twiddle, w R mod p with R = 2^32, < p) with its companion
 * w' = w p^-1 mod 2^32 (P. Montgomery, "Modular multiplication without trial division", Math.
 * Comp. 44, 1985; the quotient's factor folded into the constant as Shoup does): for x < 4p,
 *   m = lo32(x w'),  x w - m p = (hi32(x w) - hi32(m p)) 2^32  (their low halves are equal),
 * so x w R^-1 mod p = hi32(x w) - hi32(m p) + p in (0, 2p) (x w < 4p p < p 2^32): one vpmulld
 * and four vpmuludq (even and odd lanes of the two high halves). Two variables x, y < 2p take one
 * more vpmulld (m = lo32(lo32(x y) p^-1)). Lazy reduction as in D. Harvey, "Faster arithmetic for
 * number-theoretic transforms", J. Symb. Comp. 60, 2014: forward (decimation in frequency) values
 * in [0, 2p), inverse (its transpose) in [0, 4p); a conditional subtraction is
 * min(x, x - m) on unsigned lanes (vpminud), no branch.
 *
 * Transforms of length M = 2^k >= 16: levels of half-size h >= 16 two at a time (radix-4 passes),
 * twiddles w_(2h)^j from one table per level (vector loads); the last four levels (h = 8, 4, 2, 1)
 * on blocks of 16 values in two registers, the lanes rearranged between levels by vperm2i128,
 * vpunpck{l,h}qdq and vshufps (and their inverses, vperm2i128 and vpunpck{l,h}{qdq,dq}, in the
 * inverse kernel): the output is bit-reversed, then permuted within blocks of 16, the same for
 * both operands, which is all the pointwise product needs. The inverse is the transpose of the
 * forward (same twiddles, butterflies (u, v) -> (u + w v, u - w v), steps in reverse order), which
 * computes sum_k X_k w^(jk) = L x_(-j): the CRT reads coefficient i at index -i mod L. Above LEAF
 * points one function recurses on the blocks (forward top levels of both operands, the quarters,
 * inverse top levels), so every block of LEAF points goes through its levels, the product and
 * back in L1. Length 3M: one radix-3 step before and after (Cooley and Tukey's split).
 *
 * Coefficients in: each b-bit coefficient is cut once into 30-bit digits (scalar, into scratch),
 * then for each prime a_i = sum_d digit_d 2^(30d) mod p by products with constants (vector).
 * Scaling: inputs plain residues, the pointwise product R^-1, the inverse L: the CRT's first
 * constant of each prime carries R^2 L^-1.
 * CRT (Garner): y_k = (x_k - (y_0 + p_0 y_1 + ...)) (p_0 ... p_(k-1))^-1 mod p_k, eight
 * coefficients per vector, each term a product by a constant; then c = y_0 + sum_k y_k
 * (p_0 ... p_(k-1)) in 64-bit words (scalar mulx), shifted by the coefficient's bit offset and
 * added into a window of words that moves up the product.
 * Exactness: a coefficient of the product is a sum of at most T = min(#a, #b) products below
 * 2^(2b), and the plans keep 2b + ceil(log2 T) <= PBITS[np], so c_i < P.
 *
 * Constant time: loops, branches, masks and addresses depend on the lengths only.
 * 64-bit limbs only (the x86-64 back ends). */
#include <immintrin.h>
#include <stdint.h>

#include "../fftplan.h"
#include "../mulimpl.h"

typedef uint32_t u32;
typedef uint64_t u64;
typedef unsigned __int128 u128;
typedef __m256i V;

#define TARGET __attribute__((target("avx2,bmi2")))
#define INLINE TARGET __attribute__((always_inline)) static inline

#define NPMIN 4
#define NPMAX 8
#define ROOT_LOG 21 /* 3 2^21 | p - 1 */
#define LEAF 2048   /* transforms of up to LEAF points (8 KiB per array) go through all levels in L1 */
#define KMIN 4      /* M >= 2^KMIN = 16: the register kernels work on blocks of 16 */
#define DIG 30      /* bits of the input digits: a digit < 2^30 < 4p */
#define BMAX 120    /* coefficient bits: at most 4 digits */

/* p = c 2^21 + 1 < 2^30, 3 | c, the eight largest (c = 483, 465, 459, 453, 450, 441, 438, 429),
 * and a root of unity of order 3 2^21 for each (g^((p-1) / (3 2^21)) for the least primitive
 * root g = 5, 17, 7, 7, 7, 5, 5, 7). PBITS[np] = floor(log2(p_0 ... p_(np-1))). */
static const u32 primes[NPMAX] = {0x3c600001u, 0x3a200001u, 0x39600001u, 0x38a00001u,
                                  0x38400001u, 0x37200001u, 0x36c00001u, 0x35a00001u};
static const u32 roots[NPMAX] = {0x2b787ca9u, 0x259c1be7u, 0x3632679au, 0x2129cdafu,
                                 0x051f6113u, 0x2b96229bu, 0x2dc1edb6u, 0x26d2703eu};
static const unsigned PBITS[NPMAX + 1] = {0, 29, 59, 89, 119, 149, 179, 208, 238};

/* ---- scalar arithmetic modulo one prime (set-up only) ---- */

typedef struct prime {
    u32 p, pinv; /* pinv = p^-1 mod 2^32 */
    u32 r1, r2;  /* R mod p, R^2 mod p, R = 2^32 */
} prime;

static void prime_init(prime *q, u32 p)
{
    u32 inv = p; /* p p = 1 mod 8; each step doubles the correct bits */
    for (int i = 0; i < 4; i++)
        inv *= 2 - p * inv;
    q->p = p;
    q->pinv = inv;
    q->r1 = (u32)(((u64)1 << 32) % p);
    q->r2 = (u32)((u64)q->r1 * q->r1 % p);
}

/* x y R^-1 mod p in [0, p), for x y < p 2^32 */
static u32 smm(u32 x, u32 y, const prime *q)
{
    u64 t = (u64)x * y;
    u32 m = (u32)t * q->pinv;
    u64 r = (t >> 32) - (((u64)m * q->p) >> 32) + q->p; /* (0, 2p), x y - m p = 0 mod 2^32 */
    return (u32)(r - (q->p & -(u64)(r >= q->p)));
}

/* x^e (Montgomery form in and out) */
static u32 spow(u32 x, u64 e, const prime *q)
{
    u32 r = q->r1;
    for (; e; e >>= 1) {
        if (e & 1)
            r = smm(r, x, q);
        x = smm(x, x, q);
    }
    return r;
}

/* the companion w p^-1 mod 2^32 of a constant w (w R mod p, < p) */
static u32 comp(u32 w, const prime *q)
{
    return w * q->pinv;
}

/* ---- vector arithmetic ---- */

INLINE V bc(u32 x) { return _mm256_set1_epi32((int)x); }
INLINE V ld(const u32 *p) { return _mm256_load_si256((const V *)p); }
INLINE void st(u32 *p, V x) { _mm256_store_si256((V *)p, x); }
INLINE V add(V a, V b) { return _mm256_add_epi32(a, b); }
INLINE V sub(V a, V b) { return _mm256_sub_epi32(a, b); }

/* x - m if x >= m, else x */
INLINE V csub(V x, V m) { return _mm256_min_epu32(x, _mm256_sub_epi32(x, m)); }

/* hi32(x y) on each of the eight lanes: the even lanes' products, the odd lanes' (moved down by
 * a 64-bit shift), recombined */
INLINE V mulhi(V x, V y)
{
    V e = _mm256_srli_epi64(_mm256_mul_epu32(x, y), 32);
    V o = _mm256_mul_epu32(_mm256_srli_epi64(x, 32), _mm256_srli_epi64(y, 32));
    return _mm256_blend_epi32(e, o, 0xaa);
}

/* x w R^-1 mod p in (0, 2p), for x < 4p and a constant w < p with companion wc */
INLINE V mulc(V x, V w, V wc, V p)
{
    V m = _mm256_mullo_epi32(x, wc);
    return add(sub(mulhi(x, w), mulhi(m, p)), p);
}

/* x y R^-1 mod p in (0, 2p), for x y < p 2^32 (x, y < 2p will do) */
INLINE V mulv(V x, V y, V p, V pinv)
{
    V m = _mm256_mullo_epi32(_mm256_mullo_epi32(x, y), pinv);
    return add(sub(mulhi(x, y), mulhi(m, p)), p);
}

/* ---- transforms ---- */

/* A transform's constants. The twiddle table holds, for each level h = 8, 16, .., M/2, the
 * w_(2h)^j R mod p (j < h) in blocks of eight followed by their eight companions, from
 * tw + 2 (h - 8). t8: w_16^j (j < 8), level 8's; t4, t2: the lanes of t8 that levels 4 and 2
 * need in the register layouts of f16 and i16 (the same for both). */
typedef struct tctx {
    V p, p2, pinv;
    V t8, t8c, t4, t4c, t2, t2c;
    const u32 *tw;
} tctx;

#define TWL(c, h) ((c)->tw + 2 * ((h) - 8))

/* forward butterfly (u, v) -> (u + v, (u - v) w): [0, 2p) in and out */
INLINE void fly_f(V *u, V *v, V w, V wc, const tctx *c)
{
    V a = *u, b = *v;
    *u = csub(add(a, b), c->p2);
    *v = mulc(sub(add(a, c->p2), b), w, wc, c->p);
}

/* inverse butterfly (u, v) -> (u + w v, u - w v): [0, 4p) in and out */
INLINE void fly_i(V *u, V *v, V w, V wc, const tctx *c)
{
    V a = csub(*u, c->p2);
    V t = mulc(*v, w, wc, c->p);
    *u = add(a, t);
    *v = sub(add(a, c->p2), t);
}

INLINE V shufps(V x, V y, int imm_is_even)
{
    __m256 a = _mm256_castsi256_ps(x), b = _mm256_castsi256_ps(y);
    return _mm256_castps_si256(imm_is_even ? _mm256_shuffle_ps(a, b, 0x88)   /* x0 x2 y0 y2 */
                                           : _mm256_shuffle_ps(a, b, 0xdd)); /* x1 x3 y1 y3 */
}

/* Levels 8, 4, 2, 1 of the forward transform of the 16 values in (a, b) (a: 0..7, b: 8..15),
 * lanes rearranged between levels so that each pairs lane i of one register with lane i of the
 * other (per 128-bit half: [A B] denotes the halves):
 *   level 8: (x, y) = (a, b), pairs (j, j + 8), twiddle w_16^j;
 *   level 4: u = [x0..3 | y0..3], v = [x4..7 | y4..7], pairs (j, j + 4) of each 8-block,
 *            twiddle w_8^(j mod 4) = t8 lanes (0 2 4 6 0 2 4 6);
 *   level 2: x = [u0 u1 v0 v1 | u4 u5 v4 v5], y = [u2 u3 v2 v3 | u6 u7 v6 v7], pairs (j, j + 2)
 *            of each 4-block, twiddle w_4^(j mod 2) = t8 lanes (0 4 0 4 ..);
 *   level 1: u = [x0 x2 y0 y2 | ..], v = [x1 x3 y1 y3 | ..], twiddle 1. */
INLINE void f16(V *a, V *b, const tctx *c)
{
    V x = *a, y = *b, u, v;
    fly_f(&x, &y, c->t8, c->t8c, c);
    u = _mm256_permute2x128_si256(x, y, 0x20);
    v = _mm256_permute2x128_si256(x, y, 0x31);
    fly_f(&u, &v, c->t4, c->t4c, c);
    x = _mm256_unpacklo_epi64(u, v);
    y = _mm256_unpackhi_epi64(u, v);
    fly_f(&x, &y, c->t2, c->t2c, c);
    u = shufps(x, y, 1);
    v = shufps(x, y, 0);
    *a = csub(add(u, v), c->p2);
    *b = csub(sub(add(u, c->p2), v), c->p2);
}

/* The transpose of f16: levels 1, 2, 4, 8 of the inverse, each rearrangement undone by its
 * inverse (vpunpck{l,h}dq undoes the vshufps pair, vpunpck{l,h}qdq itself, vperm2i128 itself). */
INLINE void i16(V *a, V *b, const tctx *c)
{
    V u = csub(*a, c->p2), v = csub(*b, c->p2), x, y;
    V s = add(u, v), d = sub(add(u, c->p2), v);
    x = _mm256_unpacklo_epi32(s, d);
    y = _mm256_unpackhi_epi32(s, d);
    fly_i(&x, &y, c->t2, c->t2c, c);
    u = _mm256_unpacklo_epi64(x, y);
    v = _mm256_unpackhi_epi64(x, y);
    fly_i(&u, &v, c->t4, c->t4c, c);
    x = _mm256_permute2x128_si256(u, v, 0x20);
    y = _mm256_permute2x128_si256(u, v, 0x31);
    fly_i(&x, &y, c->t8, c->t8c, c);
    *a = x;
    *b = y;
}

/* Levels n/2 and n/4 of a forward transform on a block of n >= 64 values (inv = 0), or levels
 * n/4 and n/2 of an inverse one, its transpose (inv = 1). */
INLINE void pass4(u32 *x, size_t n, const tctx *c, int inv)
{
    size_t q = n / 4;
    const u32 *t1 = TWL(c, 2 * q), *t2 = TWL(c, q);
    for (size_t j = 0; j < q; j += 8) {
        V x0 = ld(x + j), x1 = ld(x + j + q), x2 = ld(x + j + 2 * q), x3 = ld(x + j + 3 * q);
        V w = ld(t2 + 2 * j), wc = ld(t2 + 2 * j + 8);
        V wa = ld(t1 + 2 * j), wac = ld(t1 + 2 * j + 8);
        V wb = ld(t1 + 2 * (j + q)), wbc = ld(t1 + 2 * (j + q) + 8);
        if (!inv) {
            fly_f(&x0, &x2, wa, wac, c);
            fly_f(&x1, &x3, wb, wbc, c);
            fly_f(&x0, &x1, w, wc, c);
            fly_f(&x2, &x3, w, wc, c);
        } else {
            fly_i(&x0, &x1, w, wc, c);
            fly_i(&x2, &x3, w, wc, c);
            fly_i(&x0, &x2, wa, wac, c);
            fly_i(&x1, &x3, wb, wbc, c);
        }
        st(x + j, x0);
        st(x + j + q, x1);
        st(x + j + 2 * q, x2);
        st(x + j + 3 * q, x3);
    }
}

/* Level n/2 alone, forward or inverse, on a block of n >= 32 values. */
INLINE void pass2(u32 *x, size_t n, const tctx *c, int inv)
{
    size_t h = n / 2;
    const u32 *t = TWL(c, h);
    for (size_t j = 0; j < h; j += 8) {
        V x0 = ld(x + j), x1 = ld(x + j + h), w = ld(t + 2 * j), wc = ld(t + 2 * j + 8);
        if (!inv)
            fly_f(&x0, &x1, w, wc, c);
        else
            fly_i(&x0, &x1, w, wc, c);
        st(x + j, x0);
        st(x + j + h, x1);
    }
}

TARGET static void f4(u32 *x, size_t n, const tctx *c) { pass4(x, n, c, 0); }
TARGET static void i4(u32 *x, size_t n, const tctx *c) { pass4(x, n, c, 1); }
TARGET static void f2(u32 *x, size_t n, const tctx *c) { pass2(x, n, c, 0); }
TARGET static void i2(u32 *x, size_t n, const tctx *c) { pass2(x, n, c, 1); }

static unsigned lg(size_t n)
{
    return (unsigned)__builtin_ctzll((unsigned long long)n);
}

/* The forward levels n/2 .. 16 of a block of n <= LEAF values, every block of each pass in turn:
 * one radix-2 pass first when their number is odd, then radix-4 passes. */
TARGET static void leaf_f(u32 *x, size_t n, const tctx *c)
{
    size_t m = n;
    if ((lg(n) - 4) & 1) {
        f2(x, n, c);
        m /= 2;
    }
    for (; m >= 64; m /= 4)
        for (size_t blk = 0; blk < n; blk += m)
            f4(x + blk, m, c);
}

/* The inverse levels 16 .. n/2, in the reverse order of leaf_f. */
TARGET static void leaf_i(u32 *x, size_t n, const tctx *c)
{
    size_t m = 64;
    for (unsigned l = (lg(n) - 4) / 2; l > 0; l--, m *= 4)
        for (size_t blk = 0; blk < n; blk += m)
            i4(x + blk, m, c);
    if ((lg(n) - 4) & 1)
        i2(x, n, c);
}

/* x = the inverse transform of (the forward transform of x) times (that of y), or its square
 * (y NULL), on a block of n >= 16 points (the forward's levels above n done, the inverse's above n
 * left to the caller). x, y in [0, 2p), x out in [0, 4p). */
TARGET static void fmi(u32 *x, u32 *y, size_t n, const tctx *c)
{
    if (n <= LEAF) {
        leaf_f(x, n, c);
        if (y)
            leaf_f(y, n, c);
        for (size_t j = 0; j < n; j += 16) {
            V a = ld(x + j), b = ld(x + j + 8), e, f;
            f16(&a, &b, c);
            if (y) {
                e = ld(y + j);
                f = ld(y + j + 8);
                f16(&e, &f, c);
            } else {
                e = a;
                f = b;
            }
            a = mulv(a, e, c->p, c->pinv);
            b = mulv(b, f, c->p, c->pinv);
            i16(&a, &b, c);
            st(x + j, a);
            st(x + j + 8, b);
        }
        leaf_i(x, n, c);
        return;
    }
    /* one level (halves) where their number above the register kernel is odd, else two */
    int two = (lg(n) - 4) & 1;
    size_t parts = two ? 2 : 4;
    (two ? f2 : f4)(x, n, c);
    if (y)
        (two ? f2 : f4)(y, n, c);
    for (size_t i = 0; i < parts; i++)
        fmi(x + i * n / parts, y ? y + i * n / parts : NULL, n / parts, c);
    (two ? i2 : i4)(x, n, c);
}

/* t[16 i .. 16 i + 7] = w^(8i + l) R mod p (< p), t[16 i + 8 ..] their companions, for
 * 8i + l < cnt (a multiple of 8); w given as w R mod p. Powers by doubling: the products of a
 * round are independent of each other. */
TARGET static void powers(u32 *t, size_t cnt, u32 w, const prime *q)
{
    const V p = bc(q->p), pinv = bc(q->pinv);
    u32 cur = q->r1;
    for (int l = 0; l < 8; l++) {
        t[l] = cur;
        t[8 + l] = comp(cur, q);
        cur = smm(cur, w, q);
    }
    for (size_t m = 8; m < cnt; m *= 2) {
        V wm = bc(cur), wmc = bc(comp(cur, q));
        for (size_t j = 0; j < m && m + j < cnt; j += 8) {
            V y = csub(mulc(ld(t + 2 * j), wm, wmc, p), p);
            st(t + 2 * (m + j), y);
            st(t + 2 * (m + j) + 8, _mm256_mullo_epi32(y, pinv));
        }
        cur = smm(cur, cur, q);
    }
}

/* The twiddle table of a transform of length M = 2^k >= 16 (2(M - 8) words), w_M given as
 * w_M R mod p, and the constants of c: level M/2 by powers(), each lower level h the even
 * entries of level 2h (w_(2h)^j = w_(4h)^(2j)). */
TARGET static void twiddles(tctx *c, u32 *tw, size_t m, u32 wm, const prime *q)
{
    c->p = bc(q->p);
    c->p2 = bc(2 * q->p);
    c->pinv = bc(q->pinv);
    c->tw = tw;
    powers(tw + 2 * (m / 2 - 8), m / 2, wm, q);
    for (size_t h = m / 4; h >= 8; h /= 2) {
        const u32 *s = tw + 2 * (2 * h - 8);
        u32 *d = tw + 2 * (h - 8);
        for (size_t j = 0; j < h; j++) {
            size_t sj = 16 * (2 * j / 8) + 2 * j % 8, dj = 16 * (j / 8) + j % 8;
            d[dj] = s[sj];
            d[dj + 8] = s[sj + 8];
        }
    }
    const V i4 = _mm256_setr_epi32(0, 2, 4, 6, 0, 2, 4, 6);
    const V i2 = _mm256_setr_epi32(0, 4, 0, 4, 0, 4, 0, 4);
    c->t8 = ld(tw);
    c->t8c = ld(tw + 8);
    c->t4 = _mm256_permutevar8x32_epi32(c->t8, i4);
    c->t4c = _mm256_permutevar8x32_epi32(c->t8c, i4);
    c->t2 = _mm256_permutevar8x32_epi32(c->t8, i2);
    c->t2c = _mm256_permutevar8x32_epi32(c->t8c, i2);
}

/* The 3-point transform (a, b, d) -> (a + b + d, a + z b + z^2 d, a + z^2 b + z d) for a cube
 * root of unity z (z R mod p, companion zc), with z^2 = -1 - z: t = z (b - d), the last two are
 * (a - d) + t and (a - b) - t. In [0, 2p); out: the first in [0, 2p), the others in [0, 4p). */
INLINE void dft3(V *a, V *b, V *d, V z, V zc, const tctx *c)
{
    V t = mulc(sub(add(*b, c->p2), *d), z, zc, c->p);
    V y0 = csub(add(csub(add(*a, *b), c->p2), *d), c->p2);
    V y1 = add(csub(sub(add(*a, c->p2), *d), c->p2), t);
    V y2 = sub(add(csub(sub(add(*a, c->p2), *b), c->p2), c->p2), t);
    *a = y0;
    *b = y1;
    *d = y2;
}

/* The radix-3 step of a length-3M transform: for t < M, the 3-point transform of
 * (x_t, x_(t+M), x_(t+2M)), then the second and third times w^t and w^2t (w of order 3M;
 * t1: w^t R and companions, the layout of powers()). [0, 2p) in and out. */
TARGET static void r3_f(u32 *x, size_t m, const u32 *t1, V z, V zc, const tctx *c)
{
    for (size_t t = 0; t < m; t += 8) {
        V a = ld(x + t), b = ld(x + m + t), d = ld(x + 2 * m + t);
        V w = ld(t1 + 2 * t), wc = ld(t1 + 2 * t + 8);
        V w2 = csub(mulv(w, w, c->p, c->pinv), c->p);
        V w2c = _mm256_mullo_epi32(w2, c->pinv);
        dft3(&a, &b, &d, z, zc, c);
        st(x + t, a);
        st(x + m + t, mulc(b, w, wc, c->p));
        st(x + 2 * m + t, mulc(d, w2, w2c, c->p));
    }
}

/* Its transpose, after the inverse transforms of the blocks: [0, 4p) in and out. */
TARGET static void r3_i(u32 *x, size_t m, const u32 *t1, V z, V zc, const tctx *c)
{
    for (size_t t = 0; t < m; t += 8) {
        V w = ld(t1 + 2 * t), wc = ld(t1 + 2 * t + 8);
        V w2 = csub(mulv(w, w, c->p, c->pinv), c->p);
        V w2c = _mm256_mullo_epi32(w2, c->pinv);
        V a = csub(ld(x + t), c->p2);
        V b = mulc(ld(x + m + t), w, wc, c->p), d = mulc(ld(x + 2 * m + t), w2, w2c, c->p);
        dft3(&a, &b, &d, z, zc, c);
        st(x + t, a);
        st(x + m + t, b);
        st(x + 2 * m + t, d);
    }
}

/* ---- coefficients in ---- */

/* dg[d stride + i] = digit d (bits [30d, 30d + 30) clipped to b) of a_i = bits [ib, ib + b) of
 * {a, n}, for i < ca8 = ca rounded up to 8 (zero for i >= ca and past {a, n}). Scalar, once per
 * operand (every prime's residues come from these digits). */
static void digits(u32 *dg, size_t stride, const cy_limb *a, size_t n, unsigned b, size_t ca)
{
    unsigned nd = (b + DIG - 1) / DIG;
    size_t ca8 = (ca + 7) & ~(size_t)7;
    for (unsigned d = 0; d < nd; d++) {
        unsigned w = b - DIG * d < DIG ? b - DIG * d : DIG;
        u64 mask = ((u64)1 << w) - 1;
        u32 *o = dg + d * stride;
        size_t i = 0;
        for (u64 pos = DIG * d; i < ca; i++, pos += b) {
            size_t idx = pos / 64;
            unsigned sh = pos % 64;
            u64 lo = idx < n ? a[idx] >> sh : 0;
            if (sh + w > 64 && idx + 1 < n) /* sh > 0 here */
                lo |= a[idx + 1] << (64 - sh);
            o[i] = (u32)(lo & mask);
        }
        for (; i < ca8; i++)
            o[i] = 0;
    }
}

/* x[i] = a_i mod p in [0, 2p) for i < len, from the nd digit rows of dg (ca8 of them nonzero
 * at most): a_i = sum_d digit_d (2^(30d) R) R^-1. */
TARGET static void load(u32 *x, size_t len, const u32 *dg, size_t stride, unsigned nd, size_t ca8,
                        const prime *q)
{
    const V p = bc(q->p), p2 = bc(2 * q->p);
    V k[4], kc[4];
    u64 pw = 1; /* 2^(30d) mod p */
    for (unsigned d = 0; d < nd; d++, pw = (pw << DIG) % q->p) {
        u32 kk = smm((u32)pw, q->r2, q);
        k[d] = bc(kk);
        kc[d] = bc(comp(kk, q));
    }
    size_t i = 0;
    for (; i < ca8; i += 8) {
        V r = mulc(ld(dg + i), k[0], kc[0], p);
        for (unsigned d = 1; d < nd; d++)
            r = csub(add(r, mulc(ld(dg + d * stride + i), k[d], kc[d], p)), p2);
        st(x + i, r);
    }
    for (; i < len; i += 8)
        st(x + i, _mm256_setzero_si256());
}

/* ---- the plan ---- */

typedef cy__fft_plan plan;

/* 4 to 8 primes, lengths 16 .. 3 2^21, b <= BMAX; the product mod B^m - 1 with m >= 8 (its
 * wrapped top, nw + 1 <= 5 words, then fits below m). */
static const cy__fft_limits limits = {PBITS, NPMIN, NPMAX, KMIN, ROOT_LOG, 1, BMAX, 512};

/* Scratch in 64-bit words, as a function of the cost c = np L alone (callers size one area for
 * several products, so it must not decrease as the operands grow). Used, in 32-bit words:
 * np + 1 residue arrays of L + 8 (np for squares), the twiddles (2M) and for L = 3M the powers of
 * the (3M)-th root (2M): at most 2L; the digit rows of both operands: nd <= 4 rows of ca + cb
 * coefficients, each count rounded up to 8, where ca + cb <= L + 1 for a full product
 * (4 (L + 15) words) but up to 2L for the product mod B^m - 1 (an, bn <= m: 4 (2L + 14));
 * 6 words of alignment. With L <= c / 4 (np >= 4) and np <= 8: at most c + 7L + 138 <=
 * 11c/4 + 138 (full products), c + 11L + 134 <= 15c/4 + 134 (mod B^m - 1), so 11c/8 + 72 and
 * 15c/8 + 72 64-bit words. */
static size_t words(const plan *pl, int bm1)
{
    size_t c = pl->np * pl->len;
    return (bm1 ? 15 : 11) * c / 8 + 72;
}

/* The full product an x bn (cy__fft_plan_mul). Returns 0 where the scratch would exceed what
 * carry/mpn.h promises (8 (an + bn) + 64 limbs; the caller then takes the portable transforms). */
static int plan_mul(size_t an, size_t bn, plan *best)
{
    return cy__fft_plan_mul(an * 64, bn * 64, &limits, best) && an + bn >= 32 &&
           words(best, 0) <= 8 * (an + bn) + 64;
}

/* The product mod B^m - 1, m 64 = L b (cy__fft_plan_bm1). */
static int plan_bm1(size_t n, plan *best)
{
    return cy__fft_plan_bm1(n * 64, &limits, best);
}

/* ---- coefficients out ---- */

/* Garner's constants for np primes and length L: a[k] = R^2 L^-1 Q_k, bm[k][j] =
 * -(p_0 .. p_(j-1)) Q_k R mod p_k with Q_k = (p_0 ... p_(k-1))^-1 mod p_k, their companions, and
 * the 64-bit words of p_0 ... p_(k-1) (pw[k] of them). */
typedef struct crtc {
    u32 a[NPMAX], ac[NPMAX];
    u32 bm[NPMAX][NPMAX], bmc[NPMAX][NPMAX];
    u64 pi[NPMAX][4];
    unsigned pw[NPMAX];
} crtc;

static void crt_init(crtc *cc, unsigned np, size_t len)
{
    u64 pi[5] = {1, 0, 0, 0, 0}; /* p_0 ... p_(k-1) */
    for (unsigned k = 0; k < np; k++) {
        prime q;
        prime_init(&q, primes[k]);
        u32 pre[NPMAX + 1]; /* p_0 .. p_(j-1) R mod p_k, j <= k */
        pre[0] = q.r1;
        for (unsigned j = 0; j < k; j++)
            pre[j + 1] = smm(pre[j], smm(primes[j] % q.p, q.r2, &q), &q);
        u32 qk = spow(pre[k], q.p - 2, &q);                   /* Q_k R */
        u32 linv = smm((u32)(q.p - (q.p - 1) / len), q.r2, &q); /* L^-1 R */
        cc->a[k] = smm(smm(linv, q.r2, &q), qk, &q);            /* R^2 L^-1 Q_k */
        cc->ac[k] = comp(cc->a[k], &q);
        for (unsigned j = 0; j < k; j++) {
            u32 t = smm(pre[j], qk, &q); /* (p_0 .. p_(j-1)) Q_k R */
            cc->bm[k][j] = t ? q.p - t : 0;
            cc->bmc[k][j] = comp(cc->bm[k][j], &q);
        }
        unsigned w = (30 * k + 63) / 64; /* p_0 ... p_(k-1) < 2^(30k) */
        cc->pw[k] = w ? w : 1;
        for (unsigned t = 0; t < 4; t++)
            cc->pi[k][t] = pi[t];
        u64 carry = 0;
        for (unsigned t = 0; t < 5; t++) {
            u128 v = (u128)pi[t] * primes[k] + carry;
            pi[t] = (u64)v;
            carry = (u64)(v >> 64);
        }
    }
}

/* y[k][l] = y_k of coefficients i .. i + 7 (Garner's mixed-radix digits, < p_k), from their
 * residues (x[k] at index -i mod L, read as a reversed vector from x[k] + pos, pos = L - i - 7;
 * x[k][L] = x[k][0]). */
INLINE void garner(u32 (*yo)[8], u32 *const *x, size_t pos, const crtc *cc, unsigned np)
{
    const V rev = _mm256_setr_epi32(7, 6, 5, 4, 3, 2, 1, 0);
    V y[NPMAX];
    for (unsigned k = 0; k < np; k++) {
        V p = bc(primes[k]), p2 = bc(2 * primes[k]);
        V xk = _mm256_permutevar8x32_epi32(_mm256_loadu_si256((const V *)(x[k] + pos)), rev);
        V acc = mulc(xk, bc(cc->a[k]), bc(cc->ac[k]), p);
        for (unsigned j = 0; j < k; j++) /* y_j < p_j < 2^30 < 4 p_k */
            acc = csub(add(acc, mulc(y[j], bc(cc->bm[k][j]), bc(cc->bmc[k][j]), p)), p2);
        y[k] = csub(acc, p);
        _mm256_store_si256((V *)yo[k], y[k]);
    }
}

/* {r, rn} = sum c_i 2^(ib) for i < nc, the c_i rebuilt from the residues x[0 .. np) of length
 * len (c_i < P < 2^(30 np), nw = ceil(30 np / 64) <= 4 words); the words of the sum from rn on
 * in top (nw + 1 words, the wrapped part of a product mod B^rn - 1; zero for a full product). A
 * window of nw + 1 words, from word o on, holds what is not yet final: coefficient i, at bit
 * i b = 64 o_i + s_i, moves the window up to o_i (the words left behind are final: every later
 * coefficient starts above them) and adds c_i 2^(s_i), which fits: the window's value is below
 * 2P 2^63 < 2^(64 (nw + 1)). */
INLINE void sum_np(cy_limb *r, size_t rn, u32 *const *x, size_t len, size_t nc, unsigned b,
                   const crtc *cc, unsigned np, unsigned nw, u64 *top)
{
    u32 yb[NPMAX][8] __attribute__((aligned(32)));
    u64 w[6] = {0}; /* the window, nw + 1 words (w[5] stays 0) */
    size_t o = 0;
    for (size_t i = 0; i < nc; i += 8) {
        garner(yb, x, len - i - 7, cc, np);
        u64 pos = (u64)i * b;
        for (size_t l = 0; l < 8 && i + l < nc; l++, pos += b) {
            u64 c[5] = {yb[0][l], 0, 0, 0, 0};
            for (unsigned k = 1; k < np; k++) { /* c += y_k p_0 ... p_(k-1): stays below P */
                u64 carry = 0, yk = yb[k][l];
                for (unsigned t = 0; t < cc->pw[k]; t++) {
                    u128 v = (u128)yk * cc->pi[k][t] + c[t] + carry;
                    c[t] = (u64)v;
                    carry = (u64)(v >> 64);
                }
                for (unsigned t = cc->pw[k]; t < nw; t++) {
                    u128 v = (u128)c[t] + carry;
                    c[t] = (u64)v;
                    carry = (u64)(v >> 64);
                }
            }
            for (; o < pos / 64; o++) {
                r[o] = w[0];
                for (unsigned t = 0; t < nw; t++)
                    w[t] = w[t + 1];
                w[nw] = 0;
            }
            unsigned sh = pos % 64;
            unsigned char cy = 0;
            u64 prev = 0;
            for (unsigned t = 0; t <= nw; t++) {
                u64 v = t < nw ? c[t] : 0, add = v << sh | (prev >> 1 >> (63 - sh));
                prev = v;
                cy = _addcarry_u64(cy, w[t], add, (unsigned long long *)&w[t]);
            }
        }
    }
    for (unsigned t = 0; t <= nw; t++)
        top[t] = 0;
    for (unsigned t = 0; t <= nw; t++, o++)
        if (o < rn)
            r[o] = w[t];
        else
            top[o - rn] = w[t];
    for (; o < rn; o++)
        r[o] = 0;
}

static unsigned nwords(unsigned np) { return (30 * np + 63) / 64; }

TARGET static void sum(cy_limb *r, size_t rn, u32 *const *x, size_t len, size_t nc, unsigned b,
                       unsigned np, u64 *top)
{
    crtc cc;
    crt_init(&cc, np, len);
    switch (np) {
    case 4: sum_np(r, rn, x, len, nc, b, &cc, 4, nwords(4), top); break;
    case 5: sum_np(r, rn, x, len, nc, b, &cc, 5, nwords(5), top); break;
    case 6: sum_np(r, rn, x, len, nc, b, &cc, 6, nwords(6), top); break;
    case 7: sum_np(r, rn, x, len, nc, b, &cc, 7, nwords(7), top); break;
    default: sum_np(r, rn, x, len, nc, b, &cc, 8, nwords(8), top); break;
    }
}

/* ---- the product ---- */

/* The residues of the cyclic convolution of length L of the b-bit coefficients of {a, an} and
 * {b, bn} (sq: the square of a's), scaled by L R^-1, in x[k] (len + 8 words each) for each
 * prime; x[k][len] = x[k][0]. */
TARGET static void convolve(u32 **x, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                            int sq, const plan *pl, cy_limb *tp)
{
    size_t len = pl->len, m = (size_t)1 << pl->k;
    u32 *base = (u32 *)(((uintptr_t)tp + 31) & ~(uintptr_t)31);
    for (unsigned k = 0; k < pl->np; k++)
        x[k] = base + k * (len + 8);
    u32 *y = sq ? NULL : base + pl->np * (len + 8);
    u32 *tw = base + (pl->np + !sq) * (len + 8), *t1 = tw + 2 * m;
    size_t ca = cy__fft_ceil_div(an * 64, pl->b), cb = cy__fft_ceil_div(bn * 64, pl->b);
    size_t ca8 = (ca + 7) & ~(size_t)7, cb8 = (cb + 7) & ~(size_t)7;
    unsigned nd = (pl->b + DIG - 1) / DIG;
    u32 *dga = t1 + (pl->three ? 2 * m : 0), *dgb = dga + nd * ca8;
    CY_ASSERT((size_t)(dgb + (sq ? 0 : nd * cb8) - (u32 *)tp) <= 2 * words(pl, ca + cb > len + 1));
    digits(dga, ca8, a, an, pl->b, ca);
    if (!sq)
        digits(dgb, cb8, b, bn, pl->b, cb);
    for (unsigned k = 0; k < pl->np; k++) {
        prime q;
        tctx c;
        prime_init(&q, primes[k]);
        /* the root of order L, and w_M = its cube for L = 3M */
        u32 wl = spow(smm(roots[k], q.r2, &q), ((u64)3 << ROOT_LOG) / len, &q);
        u32 wm = pl->three ? smm(smm(wl, wl, &q), wl, &q) : wl;
        twiddles(&c, tw, m, wm, &q);
        load(x[k], len, dga, ca8, nd, ca8, &q);
        if (!sq)
            load(y, len, dgb, cb8, nd, cb8, &q);
        if (pl->three) {
            u32 zz = spow(wl, m, &q);
            V z = bc(zz), zc = bc(comp(zz, &q));
            powers(t1, m, wl, &q);
            r3_f(x[k], m, t1, z, zc, &c);
            if (!sq)
                r3_f(y, m, t1, z, zc, &c);
            for (size_t blk = 0; blk < 3; blk++)
                fmi(x[k] + blk * m, sq ? NULL : y + blk * m, m, &c);
            r3_i(x[k], m, t1, z, zc, &c);
        } else {
            fmi(x[k], y, m, &c);
        }
        x[k][len] = x[k][0];
    }
}

size_t cy__mpn_mul_fft_avx2_plan(size_t an, size_t bn, unsigned *np, unsigned *bits)
{
    plan pl;
    if (!plan_mul(an, bn, &pl))
        return 0;
    *np = pl.np;
    *bits = pl.b;
    return pl.len;
}

size_t cy__mpn_mul_fft_avx2_itch(size_t an, size_t bn, int sq)
{
    plan pl;
    (void)sq;
    return plan_mul(an, bn, &pl) ? words(&pl, 0) : 0;
}

int cy__mpn_mul_fft_avx2(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                         cy_limb *tp, int sq)
{
    plan pl;
    if (!plan_mul(an, bn, &pl))
        return 0;
    u32 *x[NPMAX];
    u64 top[6];
    convolve(x, a, an, b, bn, sq, &pl, tp);
    size_t nc = cy__fft_ceil_div(an * 64, pl.b) + cy__fft_ceil_div(bn * 64, pl.b) - 1;
    sum(r, an + bn, x, pl.len, nc, pl.b, pl.np, top); /* top: zero, the product fits */
    return 1;
}

/* ---- the product mod B^m - 1 ---- */

size_t cy__mpn_mulmod_bm1_avx2_size(size_t n)
{
    plan pl;
    return plan_bm1(n, &pl) ? pl.len * pl.b / 64 : 0;
}

size_t cy__mpn_mulmod_bm1_avx2_itch(size_t m)
{
    plan pl;
    return plan_bm1(m, &pl) ? words(&pl, 1) : 0;
}

int cy__mpn_mulmod_bm1_avx2(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                            size_t m, cy_limb *tp)
{
    plan pl;
    if (!plan_bm1(m, &pl) || pl.len * pl.b / 64 != m)
        return 0;
    u32 *x[NPMAX];
    u64 top[6];
    convolve(x, a, an, b, bn, 0, &pl, tp);
    /* the L b = 64 m bits of sum c_i 2^(ib) fill {r, m}; the part above, below 2P, is worth
     * itself times 2^(L b) = 1: add it at the bottom. m >= 8 > nw + 1, so a carry out leaves r
     * below 2^(64 (nw + 1)) and the end-around carry does not carry again. */
    sum(r, m, x, pl.len, pl.len, pl.b, pl.np, top);
    cy_limb c = cy_mpn_add(r, r, m, top, nwords(pl.np) + 1);
    c = cy_mpn_add_1(r, r, m, c);
    (void)c;
    return 1;
}
