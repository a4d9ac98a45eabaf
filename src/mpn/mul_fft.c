/* Large products by number-theoretic transforms: cy__mpn_mul_fft and its scratch size.
 * SPDX-License-Identifier: MIT
 *
 * The operands are cut into coefficients of b bits (74 <= b <= 92), a = sum a_i 2^(ib), and the
 * cyclic convolution c_i = sum_{j} a_j b_{i-j} of length L = 2^k or 3 2^k >= #a + #b - 1 is
 * computed modulo three primes p = c 2^36 + 1 < 2^62, 3 | c (so L <= 3 2^36), by transforms, then
 * c_i < P = p1 p2 p3 is rebuilt by the Chinese remainder theorem (Garner's form) and the c_i 2^(ib)
 * are summed into the product. Exactness: a coefficient is a sum of at most L/2 products below
 * 2^(2b), and plan() takes the largest b with 2b + log2(L) <= 186, so c_i < 2^185 < P
 * (P > 2^185.99).
 *
 * Arithmetic modulo p: Montgomery's REDC with R = 2^64 (P. Montgomery, "Modular multiplication
 * without trial division", Math. Comp. 44, 1985), in the form that returns
 * hi(x y) - hi(m p) + p in (0, 2p) for x y < p 2^64; with 4p < 2^64 the transforms keep their
 * values in [0, 2p) and reduce lazily, by one conditional subtraction of 2p per output
 * (D. Harvey, "Faster arithmetic for number-theoretic transforms", J. Symb. Comp. 60, 2014).
 * Forward: decimation in frequency (Gentleman-Sande), natural order in, bit-reversed order out;
 * inverse: decimation in time (Cooley-Tukey), bit-reversed in, natural out: no permutation pass.
 * Both recurse on halves above LEAF points, so the work of the small levels stays in L1, and run
 * level by level below. The twiddles w_{2h}^j of a level with half-size h are one table,
 * tw[h + j] (j < h), shared by every block of that level; the inverse uses
 * w^-j = -w^(h - j) and swaps the roles of sum and difference.
 * Scaling: inputs enter as plain residues, the pointwise REDC multiplies by R^-1, the inverse
 * transform by L, and the final REDC by R^2 L^-1 mod p (times R^-1) undoes both.
 *
 * Constant time: every branch and index depends on the lengths only; reductions are masks.
 * Limbs of 32 bits are read and written two to a 64-bit word, so the code is the same for both
 * limb sizes; without unsigned __int128 the 64 x 64 products take four 32 x 32 ones. */
#include "carry/u128.h"
#include "core/cpu.h"
#include "mulimpl.h"

/* The ifma back end's transforms (x86_64/mul_fft_ifma.c) take every size their primes allow. */
#ifdef CY_ASM_X86_64
#define IFMA() cy__cpu_uses(CY_CPU_IFMA)
#else
#define IFMA() 0
#define cy__mpn_mul_fft_ifma_itch(an, bn, sq) 0
#define cy__mpn_mul_fft_ifma(r, a, an, b, bn, tp, sq) 0
#define cy__mpn_mulmod_bm1_ifma_size(n) 0
#define cy__mpn_mulmod_bm1_ifma_itch(m) 0
#define cy__mpn_mulmod_bm1_ifma(r, a, an, b, bn, m, tp) 0
#endif

typedef uint64_t u64;

#define LEAF 1024 /* transforms of up to LEAF points run level by level (8 KiB per array) */

typedef struct prime {
    u64 p, pinv; /* p^-1 mod 2^64 */
    u64 r2, r3;  /* R^2 and R^3 mod p, R = 2^64 */
    u64 one;     /* R mod p */
    u64 root;    /* a primitive (3 2^36)-th root of unity, times R */
} prime;

/* p = c 2^36 + 1 with 3 | c (so that 3 2^36 | p - 1), the three largest below 2^62: 4p < 2^64, and
 * p1 < 2 p2, p1 < 2 p3, which the reductions in crt() use. Roots g^((p-1) / (3 2^36)) of the
 * generators g = 5, 13, 11. */
static const prime primes[3] = {
    {0x3fffff3000000001u, 0xc00000d000000001u, 0x2253e5ffffd5c010u, 0x1f5afe81bdf5556cu,
     0x0000033ffffffffcu, 0x26caa859196db421u}, /* c = 67108851 */
    {0x3ffffd2000000001u, 0xc00002e000000001u, 0x30dfe61ffdeefff9u, 0x3d6328b7cc8541d0u,
     0x00000b7ffffffffcu, 0x11bb99827229aa85u}, /* c = 67108818 */
    {0x3ffff96000000001u, 0xc00006a000000001u, 0x31a6ad3ff506feeeu, 0x0cd01f912606babbu,
     0x00001a7ffffffffcu, 0x35e77c8af2717396u}, /* c = 67108758 */
};
#define ROOT_LOG 36
/* Garner: C12 = p1^-1 R mod p2, C13 = p1 R mod p3, C123 = (p1 p2)^-1 R mod p3; P12 = p1 p2. */
#define C12 0x383e0cfd17c1f07du
#define C13 0x31d58a1ffd97dfc1u
#define C123 0x1418343d571af9f2u
#define P12_HI 0x0fffff1400025600u
#define P12_LO 0x7ffffc5000000001u

/* x y = hi 2^64 + lo: the portable 64 x 64 product of carry/u128.h (native where the compiler
 * has unsigned __int128, four 32 x 32 products otherwise). */
static inline u64 mul64(u64 x, u64 y, u64 *hi)
{
    cy_u128 t = cy_u128_mul_u64_u64(x, y);
    *hi = t.hi;
    return t.lo;
}

/* x y R^-1 mod p, in (0, 2p), for x y < p 2^64 (x < 4p and y < p will do). With m = lo(x y) p^-1,
 * x y - m p is divisible by 2^64, and its quotient hi(x y) - hi(m p) lies in (-p, p). */
static inline u64 redc_p(u64 x, u64 y, u64 p, u64 pinv)
{
    u64 th, mh;
    u64 m = mul64(x, y, &th) * pinv;
    mul64(m, p, &mh);
    return th - mh + p;
}

static inline u64 redc(u64 x, u64 y, const prime *q)
{
    return redc_p(x, y, q->p, q->pinv);
}

/* x - m if x >= m, else x; for x < 2m. */
static inline u64 sub_if(u64 x, u64 m)
{
    return x - (m & -(u64)(x >= m));
}

/* ---- transforms ---- */

/* root^(2^(36 - k)), a primitive (3 2^k)-th root of unity (times R, reduced) */
static u64 root3k(unsigned k, const prime *q)
{
    u64 w = q->root;
    for (unsigned i = k; i < ROOT_LOG; i++)
        w = sub_if(redc(w, w, q), q->p);
    return w;
}

/* t[j] = w^j R mod p (< p) for j < n, w given times R: the powers by doubling,
 * w^(m + j) = w^m w^j, the m products of a round independent of each other. */
static void powers(u64 *t, size_t n, u64 w, const prime *q)
{
    t[0] = q->one;
    for (size_t m = 1; m < n; m *= 2) {
        for (size_t j = 0; j < m && m + j < n; j++)
            t[m + j] = sub_if(redc(t[j], w, q), q->p);
        w = sub_if(redc(w, w, q), q->p);
    }
}

/* tw[h + j] = w_{2h}^j R mod p (< p) for every level 1 <= h <= M/2 and j < h, M = 2^k >= 2,
 * w_M = w^3 for the (3M)-th root w of root3k(). */
static void twiddles(u64 *tw, unsigned k, const prime *q)
{
    size_t half = (size_t)1 << (k - 1);
    u64 w = root3k(k, q);
    w = sub_if(redc(sub_if(redc(w, w, q), q->p), w, q), q->p);
    powers(tw + half, half, w, q);
    for (size_t h = half / 2; h >= 1; h /= 2)
        for (size_t j = 0; j < h; j++)
            tw[h + j] = tw[2 * h + 2 * j];
}

/* The 3-point transform (a, b, c) -> (a + b + c, a + z b + z^2 c, a + z^2 b + z c) for a cube root
 * of unity z (times R), using z^2 = -1 - z: with t = z (b - c), the last two are (a - c) + t and
 * (a - b) - t, one product. Inputs in [0, 2p); outputs: the first in [0, 2p), the others in
 * [0, 4p). */
static inline void dft3(u64 *a, u64 *b, u64 *c, u64 z, u64 p, u64 pinv)
{
    const u64 p2 = 2 * p;
    u64 t = redc_p(*b - *c + p2, z, p, pinv);
    u64 y0 = sub_if(sub_if(*a + *b, p2) + *c, p2);
    u64 y1 = sub_if(*a - *c + p2, p2) + t;
    u64 y2 = sub_if(*a - *b + p2, p2) - t + p2;
    *a = y0;
    *b = y1;
    *c = y2;
}

/* One forward level over a block of 2h: (u, v) -> (u + v, (u - v) w^j), values in [0, 2p). */
static inline void dif_level(u64 *x, size_t h, const u64 *tw, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv, p2 = 2 * p; /* locals: x's stores cannot alias them */
    u64 u = x[0], v = x[h];
    x[0] = sub_if(u + v, p2);
    x[h] = sub_if(u - v + p2, p2);
    for (size_t j = 1; j < h; j++) {
        u = x[j];
        v = x[j + h];
        x[j] = sub_if(u + v, p2);
        x[j + h] = redc_p(u - v + p2, tw[h + j], p, pinv);
    }
}

/* One inverse level: (u, v) -> (u + v w^-j, u - v w^-j), with t = v w^(h-j) = -v w^-j. Values in
 * [0, 4p) (Harvey's lazy Cooley-Tukey butterfly: u brought below 2p, t < 2p from REDC). */
static inline void dit_level(u64 *x, size_t h, const u64 *tw, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv, p2 = 2 * p;
    u64 u = sub_if(x[0], p2), v = sub_if(x[h], p2);
    x[0] = u + v;
    x[h] = u - v + p2;
    for (size_t j = 1; j < h; j++) {
        u = sub_if(x[j], p2);
        u64 t = redc_p(x[j + h], tw[2 * h - j], p, pinv);
        x[j] = u - t + p2;
        x[j + h] = u + t;
    }
}

/* The last two forward levels (h = 2, 1) on blocks of 4, in registers: one product (by w_4). */
static void dif_tail(u64 *x, size_t n, const u64 *tw, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv, p2 = 2 * p, w = tw[3];
    for (size_t i = 0; i < n; i += 4) {
        u64 x0 = x[i], x1 = x[i + 1], x2 = x[i + 2], x3 = x[i + 3];
        u64 s0 = sub_if(x0 + x2, p2), d0 = sub_if(x0 - x2 + p2, p2);
        u64 s1 = sub_if(x1 + x3, p2), d1 = redc_p(x1 - x3 + p2, w, p, pinv);
        x[i] = sub_if(s0 + s1, p2);
        x[i + 1] = sub_if(s0 - s1 + p2, p2);
        x[i + 2] = sub_if(d0 + d1, p2);
        x[i + 3] = sub_if(d0 - d1 + p2, p2);
    }
}

/* The first two inverse levels (h = 1, 2) on blocks of 4; w_4^-1 = -w_4 as in dit_level.
 * Values in [0, 4p). */
static void dit_head(u64 *x, size_t n, const u64 *tw, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv, p2 = 2 * p, w = tw[3];
    for (size_t i = 0; i < n; i += 4) {
        u64 x0 = sub_if(x[i], p2), x1 = sub_if(x[i + 1], p2);
        u64 x2 = sub_if(x[i + 2], p2), x3 = sub_if(x[i + 3], p2);
        u64 s0 = sub_if(x0 + x1, p2), d0 = sub_if(x0 - x1 + p2, p2);
        u64 s1 = sub_if(x2 + x3, p2), t = redc_p(x2 - x3 + p2, w, p, pinv);
        x[i] = s0 + s1;
        x[i + 2] = s0 - s1 + p2;
        x[i + 1] = d0 - t + p2;
        x[i + 3] = d0 + t;
    }
}

static void dif(u64 *x, size_t n, const u64 *tw, const prime *q)
{
    if (n <= LEAF) {
        if (n == 2) {
            dif_level(x, 1, tw, q);
            return;
        }
        for (size_t h = n / 2; h >= 4; h /= 2)
            for (size_t blk = 0; blk < n; blk += 2 * h)
                dif_level(x + blk, h, tw, q);
        dif_tail(x, n, tw, q);
        return;
    }
    dif_level(x, n / 2, tw, q);
    dif(x, n / 2, tw, q);
    dif(x + n / 2, n / 2, tw, q);
}

static void dit(u64 *x, size_t n, const u64 *tw, const prime *q)
{
    if (n <= LEAF) {
        if (n == 2) {
            dit_level(x, 1, tw, q);
            return;
        }
        dit_head(x, n, tw, q);
        for (size_t h = 4; h < n; h *= 2)
            for (size_t blk = 0; blk < n; blk += 2 * h)
                dit_level(x + blk, h, tw, q);
        return;
    }
    dit(x, n / 2, tw, q);
    dit(x + n / 2, n / 2, tw, q);
    dit_level(x, n / 2, tw, q);
}

/* Forward transform of length L = M or 3M (M = 2^k), output in a permuted order (the same for
 * every operand). For 3M, with w of order 3M (w3[j] = w^j) and t = t0 + M t1, the index
 * 3 k0 + k1 of the result is sum_t0 w^(3 t0 k0) [w^(t0 k1) sum_t1 x_t z^(t1 k1)], z = w^M: a
 * 3-point transform of (x_t0, x_t0+M, x_t0+2M) times w^(t0 k1) into block k1, then a
 * transform of length M of each block (the radix-3 split of Cooley and Tukey, 1965). */
static void forward(u64 *x, size_t m, int three, const u64 *tw, const u64 *w3, const prime *q)
{
    if (three) {
        const u64 p = q->p, pinv = q->pinv, z = w3[m];
        for (size_t t = 0; t < m; t++) {
            dft3(x + t, x + m + t, x + 2 * m + t, z, p, pinv);
            x[m + t] = redc_p(x[m + t], w3[t], p, pinv);
            x[2 * m + t] = redc_p(x[2 * m + t], w3[2 * t], p, pinv);
        }
        dif(x + m, m, tw, q);
        dif(x + 2 * m, m, tw, q);
    }
    dif(x, m, tw, q);
}

/* The inverse of forward() times L: the blocks back, then w^-(t0 k1) = w^(3M - t0 k1) and the
 * 3-point transform with z^-1 = z^2. Input in [0, 2p), output in [0, 4p). */
static void inverse(u64 *x, size_t m, int three, const u64 *tw, const u64 *w3, const prime *q)
{
    dit(x, m, tw, q);
    if (three) {
        const u64 p = q->p, pinv = q->pinv, z = w3[2 * m];
        dit(x + m, m, tw, q);
        dit(x + 2 * m, m, tw, q);
        for (size_t t = 0; t < m; t++) {
            x[m + t] = redc_p(x[m + t], w3[t ? 3 * m - t : 0], p, pinv);
            x[2 * m + t] = redc_p(x[2 * m + t], w3[t ? 3 * m - 2 * t : 0], p, pinv);
            x[t] = sub_if(x[t], 2 * p);
            dft3(x + t, x + m + t, x + 2 * m + t, z, p, pinv);
        }
    }
}

/* ---- coefficients in and out ---- */

/* 64-bit word i of {a, n}, zero past the end. */
static inline u64 word(const cy_limb *a, size_t n, size_t i)
{
#if CY_LIMB_BITS == 64
    return i < n ? a[i] : 0;
#else
    u64 lo = 2 * i < n ? a[2 * i] : 0, hi = 2 * i + 1 < n ? a[2 * i + 1] : 0;
    return lo | hi << 32;
#endif
}

/* x[i] = a_i mod p in [0, 2p) for i < L, a_i = bits [ib, ib + b) of {a, n} (zero past it). */
static void load(u64 *x, size_t len, const cy_limb *a, size_t n, unsigned b, const prime *q)
{
    size_t pos = 0, i = 0;
    unsigned c = b - 64;
    for (; pos < n * CY_LIMB_BITS; i++, pos += b) {
        size_t w = pos / 64;
        unsigned sh = pos % 64;
        u64 w0 = word(a, n, w), w1 = word(a, n, w + 1), w2 = word(a, n, w + 2);
        u64 lo = w0 >> sh | w1 << 1 << (63 - sh);
        u64 hi = (w1 >> sh | w2 << 1 << (63 - sh)) & (((u64)1 << c) - 1);
        /* lo < 2^64 < 5p: lo - 4p if lo >= 4p leaves [0, 4p); hi 2^64 = REDC(hi, 2^128) */
        lo = sub_if(sub_if(lo, 4 * q->p), 2 * q->p);
        x[i] = sub_if(lo + redc(hi, q->r2, q), 2 * q->p);
    }
    for (; i < len; i++)
        x[i] = 0;
}

/* Output bit stream into {r, rn}: 64-bit words, those past rn limbs dropped. */
typedef struct sink {
    cy_limb *r;
    size_t rn, w; /* next 64-bit word */
    u64 cur;
    unsigned nb;  /* bits pending in cur, < 64 */
} sink;

static inline void emit(sink *s, u64 v)
{
#if CY_LIMB_BITS == 64
    if (s->w < s->rn)
        s->r[s->w] = v;
#else
    if (2 * s->w < s->rn)
        s->r[2 * s->w] = (cy_limb)v;
    if (2 * s->w + 1 < s->rn)
        s->r[2 * s->w + 1] = (cy_limb)(v >> 32);
#endif
    s->w++;
}

/* append the low nbits (<= 64) of v, which has no bits above them */
static inline void put(sink *s, u64 v, unsigned nbits)
{
    s->cur |= v << s->nb;
    if (s->nb + nbits >= 64) {
        emit(s, s->cur);
        s->cur = v >> 1 >> (63 - s->nb);
        s->nb = s->nb + nbits - 64;
    } else {
        s->nb += nbits;
    }
}

/* ---- the product ---- */

/* Transform length L = M or 3M, M = 2^k >= 2, and coefficient bits b for an x bn limbs: the
 * smallest L with #a + #b - 1 <= L at the largest b with L/2 2^(2b) < 2^185 < P, i.e.
 * b = floor((186 - k) / 2) for 2^k and floor((184 - k) / 2) for 3 2^k (log2 3 < 2). */
static size_t plan(size_t an, size_t bn, unsigned *kk, int *three, unsigned *bits)
{
    for (unsigned k = 1;; k++) {
        for (int t = 0; t <= 1; t++) { /* 2^k < 3 2^(k-1) < 2^(k+1) */
            unsigned kb = t ? k - 1 : k, b = t ? (184 - kb) / 2 : (186 - kb) / 2;
            size_t len = t ? (size_t)3 << kb : (size_t)1 << kb;
            size_t ca = (an * CY_LIMB_BITS + b - 1) / b, cb = (bn * CY_LIMB_BITS + b - 1) / b;
            if (kb >= 1 && ca + cb - 1 <= len) {
                *kk = kb;
                *three = t;
                *bits = b;
                return len;
            }
        }
    }
}

/* Three residue arrays, the second operand's transform (not for squares), L 64-bit words each,
 * the twiddles of the length-M transforms (M words) and for L = 3M the powers of the (3M)-th root
 * (L words), plus one limb to align them. */
size_t cy__mpn_mul_fft_itch(size_t an, size_t bn, int sq)
{
    size_t s = IFMA() ? cy__mpn_mul_fft_ifma_itch(an, bn, sq) : 0;
    if (s)
        return s;
    unsigned k, b;
    int three;
    size_t len = plan(an, bn, &k, &three, &b);
    return ((sq ? 3 : 4) * len + ((size_t)1 << k) + (three ? len : 0)) * (64 / CY_LIMB_BITS) + 1;
}

/* c_i from its residues x1 < p1, x2 < p2, x3 < p3 (Garner): c = x1 + p1 y2 + p1 p2 y3 with
 * y2 = (x2 - x1) p1^-1 mod p2, y3 = (x3 - x1 - p1 y2) (p1 p2)^-1 mod p3; c[0..2], c < 2^186. */
static inline void crt(u64 c[3], u64 x1, u64 x2, u64 x3)
{
    const prime *q2 = &primes[1], *q3 = &primes[2];
    u64 y2 = sub_if(redc(x2 + 2 * q2->p - x1, C12, q2), q2->p);            /* x1 < p1 < 2 p2 */
    u64 s3 = sub_if(redc(y2, C13, q3) + x1, 2 * q3->p);                    /* x1 < 2 p3 */
    u64 y3 = sub_if(redc(x3 + 2 * q3->p - s3, C123, q3), q3->p);
    u64 h, l = mul64(y2, primes[0].p, &h);
    l += x1;
    h += l < x1;
    u64 h0, l0 = mul64(y3, P12_LO, &h0), h1, l1 = mul64(y3, P12_HI, &h1);
    c[0] = l + l0;
    u64 cy = c[0] < l;
    u64 m = h + cy;
    cy = m < cy;
    m += h0;
    cy += m < h0;
    m += l1;
    cy += m < l1;
    c[1] = m;
    c[2] = h1 + cy;
}

/* The residues modulo the three primes of the cyclic convolution of length len = M or 3M
 * (M = 2^k) of the bits-bit coefficients of {a, an} and {b, bn} (both with at most len
 * coefficients), scaled back, for the first nc coefficients: three arrays of len words from the
 * returned pointer (in tp). */
static u64 *convolve(const cy_limb *a, size_t an, const cy_limb *b, size_t bn, cy_limb *tp, int sq,
                     size_t len, unsigned k, int three, unsigned bits, size_t nc)
{
    size_t m = (size_t)1 << k;
    u64 *x = (u64 *)(((uintptr_t)tp + 7) & ~(uintptr_t)7);
    u64 *tw = x + 3 * len, *w3 = tw + m, *y = w3 + (three ? len : 0);
    for (int j = 0; j < 3; j++) {
        const prime *q = &primes[j];
        u64 *xj = x + (size_t)j * len;
        twiddles(tw, k, q);
        if (three)
            powers(w3, len, root3k(k, q), q);
        load(xj, len, a, an, bits, q);
        forward(xj, m, three, tw, w3, q);
        if (sq) {
            for (size_t i = 0; i < len; i++)
                xj[i] = redc(xj[i], xj[i], q);
        } else {
            load(y, len, b, bn, bits, q);
            forward(y, m, three, tw, w3, q);
            for (size_t i = 0; i < len; i++)
                xj[i] = redc(xj[i], y[i], q);
        }
        inverse(xj, m, three, tw, w3, q);
        u64 linv = q->p - (q->p - 1) / len;           /* L^-1 mod p: L divides p - 1 */
        linv = sub_if(redc(q->r3, linv, q), q->p);     /* R^2 L^-1 */
        for (size_t i = 0; i < nc; i++)
            xj[i] = sub_if(redc(xj[i], linv, q), q->p);
    }
    return x;
}

/* Writes sum c_i 2^(i bits) for i < nc into the sink, c_i rebuilt from the residues x; what is
 * left above the last coefficient's bits, below 2^(187 - bits + 64), in *lo + 2^64 *hi. acc
 * holds what is not yet written, below 2^187. */
static void sum(sink *s, const u64 *x, size_t len, size_t nc, unsigned bits, u64 *lo, u64 *hi)
{
    unsigned c = bits - 64;
    u64 a0 = 0, a1 = 0, a2 = 0;
    for (size_t i = 0; i < nc; i++) {
        u64 v[3];
        crt(v, x[i], x[len + i], x[2 * len + i]);
        a0 += v[0];
        u64 cy = a0 < v[0];
        a1 += cy;
        cy = a1 < cy;
        a1 += v[1];
        cy += a1 < v[1];
        a2 += v[2] + cy;
        put(s, a0, 64);
        put(s, a1 & (((u64)1 << c) - 1), c);
        a0 = a1 >> c | a2 << (64 - c);
        a1 = a2 >> c;
        a2 = 0;
    }
    *lo = a0;
    *hi = a1;
}

void cy__mpn_mul_fft(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                     cy_limb *tp, int sq)
{
    if (IFMA() && cy__mpn_mul_fft_ifma(r, a, an, b, bn, tp, sq))
        return;
    unsigned bits, k;
    int three;
    size_t len = plan(an, bn, &k, &three, &bits);
    size_t nc = (an * CY_LIMB_BITS + bits - 1) / bits + (bn * CY_LIMB_BITS + bits - 1) / bits - 1;
    const u64 *x = convolve(a, an, b, bn, tp, sq, len, k, three, bits, nc);
    sink s = {r, an + bn, 0, 0, 0};
    u64 a0, a1;
    sum(&s, x, len, nc, bits, &a0, &a1);
    put(&s, a0, 64);
    put(&s, a1, 64);
    emit(&s, s.cur);
    for (size_t i = s.w * (64 / CY_LIMB_BITS); i < an + bn; i++)
        r[i] = 0;
}

/* ---- the product mod B^m - 1 ---- */

/* Transform length L = M or 3M (M = 2^k) and coefficient bits b for a product mod B^m - 1, with
 * m CY_LIMB_BITS = L b: then 2^(L b) = 1 (mod B^m - 1) and the cyclic convolution of length L is
 * the product's wrap-around. A cyclic coefficient is a sum of up to L products below 2^(2b), so
 * L 2^(2b) <= 2^185 < P: b <= (185 - k) / 2 for 2^k and (183 - k) / 2 for 3 2^k (log2 3 < 1.6).
 * Also b >= 65 (sum() splits a coefficient at bit 64) and 64 | L b (the sink's words). Returns
 * the smallest such m >= n, over the lengths in increasing order (so plan_bm1(m) gives m again). */
static size_t plan_bm1(size_t n, unsigned *kk, int *three, unsigned *bits)
{
    for (unsigned k = 1;; k++) {
        for (int t = 0; t <= 1; t++) {
            unsigned kb = t ? k - 1 : k, bmax = t ? (183 - kb) / 2 : (185 - kb) / 2;
            size_t len = t ? (size_t)3 << kb : (size_t)1 << kb;
            size_t unit = (size_t)64 >> (kb < 6 ? kb : 6); /* b multiple of unit: 64 | L b */
            size_t b = (n * CY_LIMB_BITS + len - 1) / len;
            b = b < 65 ? 65 : b;
            b = (b + unit - 1) / unit * unit;
            if (kb >= 1 && b <= bmax) {
                *kk = kb;
                *three = t;
                *bits = (unsigned)b;
                return len * b / CY_LIMB_BITS;
            }
        }
    }
}

size_t cy__mpn_mulmod_bm1_size(size_t n)
{
    size_t s = IFMA() ? cy__mpn_mulmod_bm1_ifma_size(n) : 0;
    if (s)
        return s;
    unsigned k, b;
    int three;
    return plan_bm1(n, &k, &three, &b);
}

size_t cy__mpn_mulmod_bm1_itch(size_t m)
{
    size_t s = IFMA() ? cy__mpn_mulmod_bm1_ifma_itch(m) : 0;
    if (s)
        return s;
    unsigned k, b;
    int three;
    plan_bm1(m, &k, &three, &b);
    size_t len = three ? (size_t)3 << k : (size_t)1 << k;
    return (4 * len + ((size_t)1 << k) + (three ? len : 0)) * (64 / CY_LIMB_BITS) + 1;
}

void cy__mpn_mulmod_bm1(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                        size_t m, cy_limb *tp)
{
    if (IFMA() && cy__mpn_mulmod_bm1_ifma(r, a, an, b, bn, m, tp))
        return;
    unsigned bits, k;
    int three;
    size_t mm = plan_bm1(m, &k, &three, &bits);
    CY_ASSERT(mm == m && an >= 1 && bn >= 1 && an <= m && bn <= m);
    (void)mm;
    size_t len = three ? (size_t)3 << k : (size_t)1 << k;
    const u64 *x = convolve(a, an, b, bn, tp, 0, len, k, three, bits, len);
    /* the L b = m CY_LIMB_BITS bits of sum c_i 2^(i b) fill {r, m} exactly (64 | L b, so the
     * sink has no pending bits); the part above, below 2^128, is worth itself times
     * 2^(L b) = 1: add it at the bottom. m CY_LIMB_BITS = L b >= 2 * 65 > 128, so it fits, and a
     * carry out leaves r below 2^128, so the end-around carry does not carry again. */
    sink s = {r, m, 0, 0, 0};
    u64 lo, hi;
    sum(&s, x, len, len, bits, &lo, &hi);
    CY_ASSERT(s.nb == 0 && s.w * 64 == m * CY_LIMB_BITS);
#if CY_LIMB_BITS == 64
    cy_limb top[2] = {lo, hi};
#else
    cy_limb top[4] = {(cy_limb)lo, (cy_limb)(lo >> 32), (cy_limb)hi, (cy_limb)(hi >> 32)};
#endif
    cy_limb c = cy_mpn_add(r, r, m, top, 128 / CY_LIMB_BITS);
    c = cy_mpn_add_1(r, r, m, c);
    CY_ASSERT(c == 0);
    (void)c;
}
