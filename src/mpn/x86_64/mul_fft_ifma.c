/* Large products by number-theoretic transforms on AVX-512 IFMA: the ifma back end's
 * cy__mpn_mul_fft and cy__mpn_mulmod_bm1 (src/mpn/mul_fft.c calls these when
 * cy__cpu_uses(CY_CPU_IFMA)). SPDX-License-Identifier: MIT
 *
 * The method is the one of mul_fft.c (coefficients of b bits, cyclic convolution of length
 * L = 2^k or 3 2^k modulo several primes, Garner's CRT, the c_i 2^(ib) summed), with arithmetic
 * built for vpmadd52luq / vpmadd52huq (the low and high 52 bits of a 52 x 52-bit product, added
 * to a 64-bit lane), eight lanes at a time:
 *
 * Primes p_0 .. p_4 < 2^50, p = c 2^36 + 1 with 15 | c (so 15 2^36 | p - 1; the tables below);
 * np of them (3 to 5) per product, P = p_0 ... p_(np-1) >= 2^PBITS[np]. With p < 2^50, 4p < 2^52:
 * every value stays below 4p and fits the multipliers' 52-bit inputs.
 *
 * Multiplication by a constant w (a twiddle, w R mod p with R = 2^52, < p) with its companion
 * w' = w R p^-1 mod 2^52, precomputed (Montgomery's REDC with the quotient's factor folded into
 * the constant, as Shoup does with floor(w 2^52 / p), but the companion costs one multiplication
 * instead of a division; P. Montgomery, Math. Comp. 44, 1985; V. Shoup, NTL): for x < 4p,
 *   m = lo52(x w'),  x w - m p = (hi52(x w) - hi52(m p)) 2^52  (their low halves are equal),
 * so x w R^-1 mod p = hi52(x w) - hi52(m p) + p in (0, 2p): three multiply-adds and a subtraction.
 * Two variables x, y < 2p take one more (m = lo52(lo52(x y) p^-1)). The transforms reduce lazily
 * (D. Harvey, "Faster arithmetic for number-theoretic transforms", J. Symb. Comp. 60, 2014):
 * forward (decimation in frequency) values in [0, 2p), inverse (decimation in time) in [0, 4p);
 * a conditional subtraction is min(x, x - m) on unsigned lanes, no branch.
 *
 * Transforms of length M = 2^k: the levels of half-size h >= 16 two at a time (radix-4 passes,
 * one trip through memory for two levels), twiddles w_(2h)^j from one table per level (vector
 * loads); the last four levels (h = 8, 4, 2, 1) on blocks of 16 values in two registers, their
 * twiddles constants, the lanes rearranged between levels by shuffles (vshufi64x2, vpunpck*):
 * the output order is bit-reversed and then permuted within blocks of 16, the same for both
 * operands, which is all the pointwise product needs. The inverse is the transpose of the forward
 * (the same twiddles, the butterflies (u, v) -> (u + w v, u - w v), the steps in reverse order),
 * which computes sum_k X_k w^(jk) = L x_(-j): the CRT reads coefficient i at index -i mod L.
 * Above LEAF points one function recurses on the blocks of the forward transforms of both
 * operands, their pointwise product and the inverse (the forward's top levels, the four
 * quarters, the inverse's top levels), so each block of LEAF points goes through all its levels,
 * the product and back while it is in the L1 cache. Length 3M: one radix-3 step (3-point
 * transforms, one product by z via z^2 = -1 - z, and twiddles w^t, w^2t) before and after.
 *
 * Scaling: coefficients enter as plain residues (each 52-bit digit times 2^(52d) R, reduced), the
 * pointwise product contributes R^-1 and the inverse L: the CRT's first constant of each prime
 * carries R L^-1.
 * CRT (Garner, vectorised over eight coefficients): c = y_0 + p_0 y_1 + p_0 p_1 y_2 + ..., with
 * y_k = (x_k - (y_0 + p_0 y_1 + ...)) (p_0 ... p_(k-1))^-1 mod p_k, each term a product by a
 * constant; c in radix 2^52 by the multiply-adds, carried, repacked into 64-bit words and shifted
 * by the coefficient's bit offset i b mod 64; a scalar loop adds them into a window of words that
 * moves up the product.
 * Exactness: a coefficient of the product is a sum of at most T = min(#a, #b) products below
 * 2^(2b), and plan() keeps 2b + ceil(log2 T) <= PBITS[np], so c_i < P.
 *
 * Constant time: loops, branches, masks and addresses depend on the lengths only.
 * 64-bit limbs only (the x86-64 back ends). */
#include <immintrin.h>
#include <stdint.h>

#include "../fftplan.h"
#include "../mulimpl.h"

typedef uint64_t u64;
typedef unsigned __int128 u128;
typedef __m512i V;

#define TARGET __attribute__((target("avx512f,avx512vl,avx512ifma")))
#define INLINE TARGET __attribute__((always_inline)) static inline
#define M52 ((((u64)1) << 52) - 1)

#define NPMAX 5
#define ROOT_LOG 36 /* 15 2^36 | p - 1 */
#define LEAF 1024   /* transforms of up to LEAF points go through all their levels in L1 */
#define KMIN 4      /* M >= 2^KMIN = 16: the register kernels work on blocks of 16 */
#define BMAX 128    /* coefficient bits: the loader's two-register window */

/* p = c 2^36 + 1 < 2^50, 15 | c, the five largest (c = 16380, 16335, 16245, 16170, 16095), and
 * a root of unity of order 15 2^36 for each (g^((p-1) / (15 2^36)) for the least primitive root
 * g = 11, 13, 7, 38, 19). PBITS[np] = floor(log2(p_0 ... p_(np-1))). */
static const u64 primes[NPMAX] = {0x3ffc000000001u, 0x3fcf000000001u, 0x3f75000000001u,
                                  0x3f2a000000001u, 0x3edf000000001u};
static const u64 roots[NPMAX] = {0x73bafe8c40f8u, 0x2ba816b92aed3u, 0x67a4add8ae4fu,
                                 0x1e841205b0e41u, 0x58d4ce051602u};
static const unsigned PBITS[NPMAX + 1] = {0, 49, 99, 149, 199, 249};

/* ---- scalar arithmetic modulo one prime (set-up only) ---- */

typedef struct prime {
    u64 p, pinv; /* pinv = p^-1 mod 2^52 */
    u64 r1, r2;  /* R mod p, R^2 mod p */
} prime;

static void prime_init(prime *q, u64 p)
{
    u64 inv = p; /* p p = 1 mod 8; each step doubles the correct bits */
    for (int i = 0; i < 5; i++)
        inv *= 2 - p * inv;
    q->p = p;
    q->pinv = inv & M52;
    q->r1 = ((u64)1 << 52) % p;
    q->r2 = (u64)((((u128)1) << 104) % p);
}

/* x y R^-1 mod p in [0, p), for x y < p 2^52 */
static u64 smm(u64 x, u64 y, const prime *q)
{
    u128 t = (u128)x * y;
    u64 m = ((u64)t * q->pinv) & M52;
    u64 r = (u64)(t >> 52) - (u64)(((u128)m * q->p) >> 52) + q->p;
    return r - (q->p & -(u64)(r >= q->p));
}

/* x^e (Montgomery form in and out) */
static u64 spow(u64 x, u64 e, const prime *q)
{
    u64 r = q->r1;
    for (; e; e >>= 1) {
        if (e & 1)
            r = smm(r, x, q);
        x = smm(x, x, q);
    }
    return r;
}

/* the companion w R p^-1 mod 2^52 of a constant w R mod p */
static u64 comp(u64 w, const prime *q)
{
    return (w * q->pinv) & M52;
}

/* ---- vector arithmetic ---- */

INLINE V bc(u64 x) { return _mm512_set1_epi64((long long)x); }
INLINE V ld(const u64 *p) { return _mm512_load_si512((const void *)p); }
INLINE void st(u64 *p, V x) { _mm512_store_si512((void *)p, x); }
INLINE V add(V a, V b) { return _mm512_add_epi64(a, b); }
INLINE V sub(V a, V b) { return _mm512_sub_epi64(a, b); }

/* x - m if x >= m, else x */
INLINE V csub(V x, V m) { return _mm512_min_epu64(x, _mm512_sub_epi64(x, m)); }

/* x w R^-1 mod p in (0, 2p), for x < 4p and a constant w < p with companion wc */
INLINE V mulc(V x, V w, V wc, V p)
{
    V z = _mm512_setzero_si512();
    V hi = _mm512_madd52hi_epu64(p, x, w);
    V m = _mm512_madd52lo_epu64(z, x, wc);
    return sub(hi, _mm512_madd52hi_epu64(z, m, p));
}

/* x y R^-1 mod p in (0, 2p), for x y < p 2^52 (x, y < 2p will do) */
INLINE V mulv(V x, V y, V p, V pinv)
{
    V z = _mm512_setzero_si512();
    V lo = _mm512_madd52lo_epu64(z, x, y);
    V hi = _mm512_madd52hi_epu64(p, x, y);
    V m = _mm512_madd52lo_epu64(z, lo, pinv);
    return sub(hi, _mm512_madd52hi_epu64(z, m, p));
}

/* ---- transforms ---- */

/* A transform's constants. The twiddle table holds, for each level h = 8, 16, .., M/2, the
 * w_(2h)^j R mod p (j < h) in blocks of eight followed by their eight companions, from
 * tw + 2 (h - 8). t8: w_16^j (j < 8), the constants of level 8; t4f, t4i, t2: the lanes of t8
 * that levels 4 and 2 need in the register layouts of the forward and inverse kernels. */
typedef struct tctx {
    V p, p2, pinv;
    V t8, t8c, t4f, t4fc, t4i, t4ic, t2, t2c;
    const u64 *tw;
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

/* Levels 8, 4, 2, 1 of the forward transform of the 16 values in (a, b), lanes rearranged
 * between the levels so that each pairs lane i of one register with lane i of the other. */
INLINE void f16(V *a, V *b, const tctx *c)
{
    V x = *a, y = *b, u, v;
    fly_f(&x, &y, c->t8, c->t8c, c);
    u = _mm512_shuffle_i64x2(x, y, 0x44); /* x0..3 y0..3 */
    v = _mm512_shuffle_i64x2(x, y, 0xee); /* x4..7 y4..7 */
    fly_f(&u, &v, c->t4f, c->t4fc, c);
    x = _mm512_shuffle_i64x2(u, v, 0x88);
    y = _mm512_shuffle_i64x2(u, v, 0xdd);
    fly_f(&x, &y, c->t2, c->t2c, c);
    u = _mm512_unpacklo_epi64(x, y);
    v = _mm512_unpackhi_epi64(x, y);
    *a = csub(add(u, v), c->p2);
    *b = csub(sub(add(u, c->p2), v), c->p2);
}

/* The transpose of f16: levels 1, 2, 4, 8 of the inverse. */
INLINE void i16(V *a, V *b, const tctx *c)
{
    V u = csub(*a, c->p2), v = csub(*b, c->p2), x, y;
    x = add(u, v);
    y = sub(add(u, c->p2), v);
    u = _mm512_unpacklo_epi64(x, y);
    v = _mm512_unpackhi_epi64(x, y);
    fly_i(&u, &v, c->t2, c->t2c, c);
    x = _mm512_shuffle_i64x2(u, v, 0x44);
    y = _mm512_shuffle_i64x2(u, v, 0xee);
    fly_i(&x, &y, c->t4i, c->t4ic, c);
    u = _mm512_shuffle_i64x2(x, y, 0x88);
    v = _mm512_shuffle_i64x2(x, y, 0xdd);
    fly_i(&u, &v, c->t8, c->t8c, c);
    *a = u;
    *b = v;
}

/* Levels n/2 and n/4 of a forward transform on a block of n >= 64 values (inv = 0), or levels
 * n/4 and n/2 of an inverse one, its transpose (inv = 1). */
INLINE void pass4(u64 *x, size_t n, const tctx *c, int inv)
{
    size_t q = n / 4;
    const u64 *t1 = TWL(c, 2 * q), *t2 = TWL(c, q);
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
INLINE void pass2(u64 *x, size_t n, const tctx *c, int inv)
{
    size_t h = n / 2;
    const u64 *t = TWL(c, h);
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

TARGET static void f4(u64 *x, size_t n, const tctx *c) { pass4(x, n, c, 0); }
TARGET static void i4(u64 *x, size_t n, const tctx *c) { pass4(x, n, c, 1); }
TARGET static void f2(u64 *x, size_t n, const tctx *c) { pass2(x, n, c, 0); }
TARGET static void i2(u64 *x, size_t n, const tctx *c) { pass2(x, n, c, 1); }

static unsigned lg(size_t n)
{
    return (unsigned)__builtin_ctzll((unsigned long long)n);
}

/* The forward levels n/2 .. 16 of a block of n <= LEAF values, every block of each pass in turn:
 * one radix-2 pass first when their number is odd, then radix-4 passes. */
TARGET static void leaf_f(u64 *x, size_t n, const tctx *c)
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
TARGET static void leaf_i(u64 *x, size_t n, const tctx *c)
{
    size_t m = 64;
    for (unsigned l = (lg(n) - 4) / 2; l > 0; l--, m *= 4)
        for (size_t blk = 0; blk < n; blk += m)
            i4(x + blk, m, c);
    if ((lg(n) - 4) & 1)
        i2(x, n, c);
}

/* x = the inverse transform of (the forward transform of x) times (that of y), or its square
 * (y NULL), on a block of n points (a length-n transform's subblock: the forward's levels above n
 * are done, the inverse's levels above n are left to the caller). x, y in [0, 2p), x out in
 * [0, 4p). */
TARGET static void fmi(u64 *x, u64 *y, size_t n, const tctx *c)
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
TARGET static void powers(u64 *t, size_t cnt, u64 w, const prime *q)
{
    const V p = bc(q->p), pinv = bc(q->pinv), z = _mm512_setzero_si512();
    u64 cur = q->r1;
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
            st(t + 2 * (m + j) + 8, _mm512_madd52lo_epu64(z, y, pinv));
        }
        cur = smm(cur, cur, q);
    }
}

/* The twiddle table of a transform of length M = 2^k >= 16 (2(M - 8) words), w_M given as
 * w_M R mod p, and the constants of c. */
TARGET static void twiddles(tctx *c, u64 *tw, size_t m, u64 wm, const prime *q)
{
    const V even = _mm512_set_epi64(14, 12, 10, 8, 6, 4, 2, 0);
    c->p = bc(q->p);
    c->p2 = bc(2 * q->p);
    c->pinv = bc(q->pinv);
    c->tw = tw;
    powers(tw + 2 * (m / 2 - 8), m / 2, wm, q);
    for (size_t h = m / 4; h >= 8; h /= 2) {
        const u64 *s = TWL(c, 2 * h);
        u64 *d = tw + 2 * (h - 8);
        for (size_t j = 0; j < h; j += 8) {
            st(d + 2 * j, _mm512_permutex2var_epi64(ld(s + 4 * j), even, ld(s + 4 * j + 16)));
            st(d + 2 * j + 8,
               _mm512_permutex2var_epi64(ld(s + 4 * j + 8), even, ld(s + 4 * j + 24)));
        }
    }
    const V i4f = _mm512_set_epi64(6, 4, 2, 0, 6, 4, 2, 0);
    const V i4i = _mm512_set_epi64(6, 4, 6, 4, 2, 0, 2, 0);
    const V i2 = _mm512_set_epi64(4, 0, 4, 0, 4, 0, 4, 0);
    c->t8 = ld(tw);
    c->t8c = ld(tw + 8);
    c->t4f = _mm512_permutexvar_epi64(i4f, c->t8);
    c->t4fc = _mm512_permutexvar_epi64(i4f, c->t8c);
    c->t4i = _mm512_permutexvar_epi64(i4i, c->t8);
    c->t4ic = _mm512_permutexvar_epi64(i4i, c->t8c);
    c->t2 = _mm512_permutexvar_epi64(i2, c->t8);
    c->t2c = _mm512_permutexvar_epi64(i2, c->t8c);
}

/* The 3-point transform (a, b, d) -> (a + b + d, a + z b + z^2 d, a + z^2 b + z d) for a cube
 * root of unity z (z = w^M R, companion zc), with z^2 = -1 - z: t = z (b - d), the last two are
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
 * t1: w^t R and companions, the layout of powers()). The transform of length M of each block
 * follows (the radix-3 split of Cooley and Tukey, 1965). [0, 2p) in and out. */
TARGET static void r3_f(u64 *x, size_t m, const u64 *t1, V z, V zc, const tctx *c)
{
    for (size_t t = 0; t < m; t += 8) {
        V a = ld(x + t), b = ld(x + m + t), d = ld(x + 2 * m + t);
        V w = ld(t1 + 2 * t), wc = ld(t1 + 2 * t + 8);
        V w2 = csub(mulv(w, w, c->p, c->pinv), c->p);
        V w2c = _mm512_madd52lo_epu64(_mm512_setzero_si512(), w2, c->pinv);
        dft3(&a, &b, &d, z, zc, c);
        st(x + t, a);
        st(x + m + t, mulc(b, w, wc, c->p));
        st(x + 2 * m + t, mulc(d, w2, w2c, c->p));
    }
}

/* Its transpose, after the inverse transforms of the blocks: [0, 4p) in and out. */
TARGET static void r3_i(u64 *x, size_t m, const u64 *t1, V z, V zc, const tctx *c)
{
    for (size_t t = 0; t < m; t += 8) {
        V w = ld(t1 + 2 * t), wc = ld(t1 + 2 * t + 8);
        V w2 = csub(mulv(w, w, c->p, c->pinv), c->p);
        V w2c = _mm512_madd52lo_epu64(_mm512_setzero_si512(), w2, c->pinv);
        V a = csub(ld(x + t), c->p2);
        V b = mulc(ld(x + m + t), w, wc, c->p), d = mulc(ld(x + 2 * m + t), w2, w2c, c->p);
        dft3(&a, &b, &d, z, zc, c);
        st(x + t, a);
        st(x + m + t, b);
        st(x + 2 * m + t, d);
    }
}

/* ---- coefficients in ---- */

/* Lanes i .. i + 7 that lie below n. */
INLINE __mmask8 below(size_t i, size_t n)
{
    size_t k = n > i ? n - i : 0;
    return (__mmask8)((1u << (k < 8 ? k : 8)) - 1);
}

/* x[i] = a_i mod p in [0, 2p) for i < len, a_i = bits [ib, ib + b) of {a, n} (b <= BMAX), the
 * first ca of them possibly nonzero. Each a_i as 52-bit digits d_0 + d_1 2^52 + ..., digit d of
 * eight coefficients from a window of 16 words (two masked loads, nothing read past {a, n}) by
 * two permutations and shifts; a_i = sum_d d_d (2^(52d) R) R^-1. */
TARGET static void load(u64 *x, size_t len, const cy_limb *a, size_t n, unsigned b, size_t ca,
                        const prime *q)
{
    const V p = bc(q->p), p2 = bc(2 * q->p), one = bc(1), s64 = bc(64), m63 = bc(63);
    const V lanes = _mm512_set_epi64(7 * b, 6 * b, 5 * b, 4 * b, 3 * b, 2 * b, b, 0);
    unsigned nd = (b + 51) / 52;
    V k[3], kc[3], mask[3];
    u64 kk = q->r1; /* 2^(52d) R mod p, R = 2^52 */
    for (unsigned d = 0; d < nd; d++) {
        kk = d ? smm(kk, q->r2, q) : q->r1;
        k[d] = bc(kk);
        kc[d] = bc(comp(kk, q));
        unsigned w = b - 52 * d < 52 ? b - 52 * d : 52;
        mask[d] = bc((((u64)1) << w) - 1);
    }
    size_t i = 0;
    for (; i < ca; i += 8) {
        V r = _mm512_setzero_si512();
        for (unsigned d = 0; d < nd; d++) {
            u64 pos = (u64)i * b + 52 * d;
            size_t w0 = pos / 64;
            V lo = _mm512_maskz_loadu_epi64(below(w0, n), a + w0);
            V hi = _mm512_maskz_loadu_epi64(below(w0 + 8, n), a + w0 + 8);
            V rel = add(bc(pos % 64), lanes), idx = _mm512_srli_epi64(rel, 6);
            V sh = _mm512_and_si512(rel, m63);
            V u = _mm512_permutex2var_epi64(lo, idx, hi);
            V v = _mm512_permutex2var_epi64(lo, add(idx, one), hi);
            V dig = _mm512_or_si512(_mm512_srlv_epi64(u, sh), _mm512_sllv_epi64(v, sub(s64, sh)));
            V t = mulc(_mm512_and_si512(dig, mask[d]), k[d], kc[d], p);
            r = d ? csub(add(r, t), p2) : t;
        }
        st(x + i, r);
    }
    for (; i < len; i += 8)
        st(x + i, _mm512_setzero_si512());
}

/* ---- the plan ---- */

typedef cy__fft_plan plan;

/* 3 to 5 primes, lengths 16 .. 3 2^36, b <= BMAX; the product mod B^m - 1 with m >= 8 (its
 * wrapped top, nw + 1 words, then fits below m). */
static const cy__fft_limits limits = {PBITS, 3, NPMAX, KMIN, ROOT_LOG, 1, BMAX, 512};

/* Scratch words of a plan: np residue arrays and the second operand's (not for squares), L + 16
 * words each (the CRT reads x[L] = x[0]), the twiddles of length M (2M words) and for L = 3M the
 * powers of the (3M)-th root (2M words), and 64 bytes of alignment: at most
 * (np + 1) (L + 16) + 2L + 8 <= 2 np L + 104 (L <= np L / 3), squares np L + 2L + 88 <=
 * 5/3 np L + 104. The scratch asked for is that bound, a function of the cost np L alone, which
 * does not decrease as the operands grow (the words a plan uses may, where np changes): callers
 * size one area for several products. */
static size_t words(const plan *pl, int sq)
{
    size_t c = pl->np * pl->len;
    return (sq ? c + 2 * c / 3 : 2 * c) + 104;
}

/* The full product an x bn (cy__fft_plan_mul). Returns 0 where the scratch would exceed the
 * bound below (the caller falls back to mul_fft.c's own transforms). */
static int plan_mul(size_t an, size_t bn, plan *best)
{
    /* carry/mpn.h promises products at most 16n + 64 limbs of scratch: beyond it (only for a few
     * limbs, where the shortest length holds far more coefficients than there are: below 32
     * limbs in all, so that the scratch never shrinks as the operands grow), the portable
     * transforms */
    return cy__fft_plan_mul(an * 64, bn * 64, &limits, best) && an + bn >= 32 &&
           words(best, 0) <= 8 * (an + bn) + 64;
}

/* The product mod B^m - 1, m 64 = L b (cy__fft_plan_bm1). */
static int plan_bm1(size_t n, plan *best)
{
    return cy__fft_plan_bm1(n * 64, &limits, best);
}

/* ---- coefficients out ---- */

/* Garner's constants for np primes and length L: a[k] = R^2 L^-1 Q_k, bm[k][j] = -(p_0 .. p_(j-1))
 * Q_k R mod p_k with Q_k = (p_0 ... p_(k-1))^-1 mod p_k, their companions, and the radix-2^52
 * digits of p_0 ... p_(k-1) (k digits). */
typedef struct crtc {
    u64 p[NPMAX], pinv[NPMAX];
    u64 a[NPMAX], ac[NPMAX];
    u64 bm[NPMAX][NPMAX], bmc[NPMAX][NPMAX];
    u64 pi[NPMAX][NPMAX];
} crtc;

static void crt_init(crtc *cc, unsigned np, size_t len)
{
    for (unsigned k = 0; k < np; k++) {
        prime q;
        prime_init(&q, primes[k]);
        cc->p[k] = q.p;
        cc->pinv[k] = q.pinv;
        /* prefix products p_0 .. p_(j-1) mod p_k in Montgomery form, j <= k */
        u64 pre[NPMAX + 1];
        pre[0] = q.r1;
        for (unsigned j = 0; j < k; j++)
            pre[j + 1] = smm(pre[j], smm(primes[j] % q.p, q.r2, &q), &q);
        u64 qk = spow(pre[k], q.p - 2, &q); /* Q_k R */
        u64 linv = smm(q.p - (q.p - 1) / len, q.r2, &q); /* L^-1 R */
        u64 a = smm(linv, q.r2, &q);                      /* L^-1 R^2 */
        cc->a[k] = smm(a, qk, &q);                        /* R^2 L^-1 Q_k */
        cc->ac[k] = comp(cc->a[k], &q);
        for (unsigned j = 0; j < k; j++) {
            u64 t = smm(pre[j], qk, &q); /* (p_0 .. p_(j-1)) Q_k R */
            cc->bm[k][j] = t ? q.p - t : 0;
            cc->bmc[k][j] = comp(cc->bm[k][j], &q);
        }
        /* digits of p_0 ... p_(k-1), radix 2^52 */
        u64 dg[NPMAX + 1] = {1};
        for (unsigned j = 0; j < k; j++) {
            u128 carry = 0;
            for (unsigned d = 0; d <= j + 1; d++) {
                u128 t = (u128)dg[d] * primes[j] + carry;
                dg[d] = (u64)t & M52;
                carry = t >> 52;
            }
        }
        for (unsigned d = 0; d < k; d++)
            cc->pi[k][d] = dg[d];
    }
}

/* 64-bit word t of the number whose 52-bit digits are dg[0 .. nd) */
INLINE V word_of(const V *dg, unsigned nd, unsigned t)
{
    unsigned q = 64 * t / 52, r = 64 * t % 52;
    V w = _mm512_srlv_epi64(dg[q], bc(r));
    if (q + 1 < nd)
        w = _mm512_or_si512(w, _mm512_sllv_epi64(dg[q + 1], bc(52 - r)));
    if (q + 2 < nd && 104 - r < 64)
        w = _mm512_or_si512(w, _mm512_sllv_epi64(dg[q + 2], bc(104 - r)));
    return w;
}

/* Coefficients i .. i + 7 rebuilt from their residues (x[k] at index -i mod L, read as a
 * reversed vector from x[k] + pos, pos = L - i - 7; x[k][L] = x[k][0]), each shifted left by
 * sh (its lane's bit offset i b mod 64) into nw + 1 words: out[8 t + l] = word t of
 * coefficient i + l. */
INLINE void crt_block(u64 *out, u64 *const *x, size_t pos, V sh, const crtc *cc, unsigned np,
                      unsigned nw)
{
    const V rev = _mm512_set_epi64(0, 1, 2, 3, 4, 5, 6, 7), z = _mm512_setzero_si512();
    V y[NPMAX], col[NPMAX];
    for (unsigned k = 0; k < np; k++) {
        V p = bc(cc->p[k]), p2 = bc(2 * cc->p[k]);
        V xk = _mm512_permutexvar_epi64(rev, _mm512_loadu_si512((const void *)(x[k] + pos)));
        V acc = mulc(xk, bc(cc->a[k]), bc(cc->ac[k]), p);
        for (unsigned j = 0; j < k; j++)
            acc = csub(add(acc, mulc(y[j], bc(cc->bm[k][j]), bc(cc->bmc[k][j]), p)), p2);
        y[k] = csub(acc, p);
        col[k] = z;
    }
    col[0] = y[0];
    for (unsigned k = 1; k < np; k++)
        for (unsigned d = 0; d < k; d++) {
            V dgt = bc(cc->pi[k][d]);
            col[d] = _mm512_madd52lo_epu64(col[d], y[k], dgt);
            col[d + 1] = _mm512_madd52hi_epu64(col[d + 1], y[k], dgt);
        }
    const V m52 = bc(M52), rsh = sub(bc(64), sh);
    for (unsigned d = 0; d + 1 < np; d++) {
        col[d + 1] = add(col[d + 1], _mm512_srli_epi64(col[d], 52));
        col[d] = _mm512_and_si512(col[d], m52);
    }
    V prev = z;
    for (unsigned t = 0; t < nw; t++) {
        V w = word_of(col, np, t);
        st(out + 8 * t, _mm512_or_si512(_mm512_sllv_epi64(w, sh), _mm512_srlv_epi64(prev, rsh)));
        prev = w;
    }
    st(out + 8 * nw, _mm512_srlv_epi64(prev, rsh));
}

/* {r, rn} = sum c_i 2^(ib) for i < nc, the c_i rebuilt from the residues x[0 .. np) of length
 * len (nw = ceil(50 np / 64) words each); the words of the sum from rn on in top (nw + 1 words,
 * the wrapped part of a product mod B^rn - 1; zero for a full product). A window of nw + 1
 * words, from word o on, holds what is not yet final: coefficient i, at bit i b = 64 o_i + s_i,
 * moves the window up to o_i (the words left behind are final: every later coefficient starts
 * above them) and adds c_i 2^(s_i), which fits: the window's value is below 2P 2^63, so
 * 50 np + 64 bits. */
INLINE void sum_np(cy_limb *r, size_t rn, u64 *const *x, size_t len, size_t nc, unsigned b,
                   const crtc *cc, unsigned np, unsigned nw, u64 *top)
{
    u64 buf[8 * 5] __attribute__((aligned(64)));
    u64 w0 = 0, w1 = 0, w2 = 0, w3 = 0, w4 = 0; /* the window (w4 for nw = 4 only) */
    const V lanes = _mm512_set_epi64(7 * b, 6 * b, 5 * b, 4 * b, 3 * b, 2 * b, b, 0);
    size_t o = 0;
    for (size_t i = 0; i < nc; i += 8) {
        u64 pos = (u64)i * b;
        crt_block(buf, x, len - i - 7, _mm512_and_si512(add(bc(pos % 64), lanes), bc(63)), cc,
                  np, nw);
        for (size_t l = 0; l < 8 && i + l < nc; l++, pos += b) {
            for (; o < pos / 64; o++) {
                r[o] = w0;
                w0 = w1, w1 = w2, w2 = w3, w3 = w4, w4 = 0;
            }
            unsigned char cy = _addcarry_u64(0, w0, buf[l], (unsigned long long *)&w0);
            cy = _addcarry_u64(cy, w1, buf[8 + l], (unsigned long long *)&w1);
            cy = _addcarry_u64(cy, w2, buf[16 + l], (unsigned long long *)&w2);
            cy = _addcarry_u64(cy, w3, buf[24 + l], (unsigned long long *)&w3);
            if (nw == 4)
                _addcarry_u64(cy, w4, buf[32 + l], (unsigned long long *)&w4);
        }
    }
    u64 w[5] = {w0, w1, w2, w3, w4};
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

static unsigned nwords(unsigned np) { return (50 * np + 63) / 64; }

TARGET static void sum(cy_limb *r, size_t rn, u64 *const *x, size_t len, size_t nc, unsigned b,
                       unsigned np, u64 *top)
{
    crtc cc;
    crt_init(&cc, np, len);
    switch (np) {
    case 3: sum_np(r, rn, x, len, nc, b, &cc, 3, nwords(3), top); break;
    case 4: sum_np(r, rn, x, len, nc, b, &cc, 4, nwords(4), top); break;
    default: sum_np(r, rn, x, len, nc, b, &cc, 5, nwords(5), top); break;
    }
}

/* ---- the product ---- */

/* The residues of the cyclic convolution of length L of the b-bit coefficients of {a, an} and
 * {b, bn} (sq: the square of a's), scaled by L R^-1, in x[k] (len + 16 words each) for each
 * prime; x[k][len] = x[k][0]. */
TARGET static void convolve(u64 **x, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                            int sq, const plan *pl, cy_limb *tp)
{
    size_t len = pl->len, m = (size_t)1 << pl->k;
    u64 *base = (u64 *)(((uintptr_t)tp + 63) & ~(uintptr_t)63);
    for (unsigned k = 0; k < pl->np; k++)
        x[k] = base + k * (len + 16);
    u64 *y = sq ? NULL : base + pl->np * (len + 16);
    u64 *tw = base + (pl->np + !sq) * (len + 16), *t1 = tw + 2 * m;
    size_t ca = cy__fft_ceil_div(an * 64, pl->b), cb = cy__fft_ceil_div(bn * 64, pl->b);
    for (unsigned k = 0; k < pl->np; k++) {
        prime q;
        tctx c;
        prime_init(&q, primes[k]);
        /* the root of order L, and w_M = its cube for L = 3M */
        u64 wl = spow(smm(roots[k], q.r2, &q), ((u64)15 << ROOT_LOG) / len, &q);
        u64 wm = pl->three ? smm(smm(wl, wl, &q), wl, &q) : wl;
        twiddles(&c, tw, m, wm, &q);
        load(x[k], len, a, an, pl->b, ca, &q);
        if (!sq)
            load(y, len, b, bn, pl->b, cb, &q);
        if (pl->three) {
            u64 zz = spow(wl, m, &q);
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

size_t cy__mpn_mul_fft_ifma_plan(size_t an, size_t bn, unsigned *np, unsigned *bits)
{
    plan pl;
    if (!plan_mul(an, bn, &pl))
        return 0;
    *np = pl.np;
    *bits = pl.b;
    return pl.len;
}

size_t cy__mpn_mul_fft_ifma_itch(size_t an, size_t bn, int sq)
{
    plan pl;
    return plan_mul(an, bn, &pl) ? words(&pl, sq) : 0;
}

int cy__mpn_mul_fft_ifma(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                         cy_limb *tp, int sq)
{
    plan pl;
    if (!plan_mul(an, bn, &pl))
        return 0;
    u64 *x[NPMAX], top[5];
    convolve(x, a, an, b, bn, sq, &pl, tp);
    size_t nc = cy__fft_ceil_div(an * 64, pl.b) + cy__fft_ceil_div(bn * 64, pl.b) - 1;
    sum(r, an + bn, x, pl.len, nc, pl.b, pl.np, top); /* top: zero, the product fits */
    return 1;
}

/* ---- the product mod B^m - 1 ---- */

size_t cy__mpn_mulmod_bm1_ifma_size(size_t n)
{
    plan pl;
    return plan_bm1(n, &pl) ? pl.len * pl.b / 64 : 0;
}

size_t cy__mpn_mulmod_bm1_ifma_itch(size_t m)
{
    plan pl;
    return plan_bm1(m, &pl) ? words(&pl, 0) : 0;
}

int cy__mpn_mulmod_bm1_ifma(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                            size_t m, cy_limb *tp)
{
    plan pl;
    if (!plan_bm1(m, &pl) || pl.len * pl.b / 64 != m)
        return 0;
    u64 *x[NPMAX], top[5];
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
