/* Large products by number-theoretic transforms: cy__mpn_mul_fft, cy__mpn_mulmod_bm1 and their
 * sizes, portable C (64-bit arithmetic). On the ifma back end these call the AVX-512 IFMA
 * transforms of x86_64/mul_fft_ifma.c instead, on the adx back end the AVX2 ones of
 * x86_64/mul_fft_avx2.c (same method, other primes).
 * SPDX-License-Identifier: MIT
 *
 * The operands are cut into coefficients of b bits (65 <= b <= 123), a = sum a_i 2^(ib), and the
 * cyclic convolution c_i = sum_{j} a_j b_{i-j} of length L = 2^k or 3 2^k >= #a + #b - 1 is
 * computed modulo np = 3 or 4 primes p = c 2^36 + 1 < 2^62, 3 | c (so L <= 3 2^36), by
 * transforms, then c_i < P = p_0 ... p_(np-1) is rebuilt by the Chinese remainder theorem
 * (Garner's form) and the c_i 2^(ib) are summed into the product. Exactness: a coefficient is a
 * sum of at most T = min(#a, #b) products below 2^(2b) (L for the product mod B^m - 1), and the
 * plans keep 2b + ceil(log2 T) <= PBITS[np] = floor(log2 P) (185 and 247), so c_i < P. The plan
 * takes the np of least np L: more primes allow larger coefficients, fewer of them, and so
 * smooth the steps of L (10^5 limbs: 4 primes, b = 115, L = 2^17, where 3 need b = 84,
 * L = 3 2^16).
 *
 * Arithmetic modulo p: the twiddles are multiplied with Shoup's precomputed quotient
 * floor(w 2^64 / p) (V. Shoup, NTL; one widening and two low products, the result in [0, 2p) for
 * any 64-bit input), the pointwise products with Montgomery's REDC, R = 2^64 (P. Montgomery,
 * "Modular multiplication without trial division", Math. Comp. 44, 1985), in the form that returns
 * hi(x y) - hi(m p) + p in (0, 2p) for x y < p 2^64; with 4p < 2^64 the transforms keep their
 * values in [0, 2p) (forward) or [0, 4p) (inverse) and reduce lazily, by one conditional
 * subtraction of 2p per butterfly (D. Harvey, "Faster arithmetic for number-theoretic transforms",
 * J. Symb. Comp. 60, 2014).
 * Forward: decimation in frequency (Gentleman-Sande), natural order in, bit-reversed order out;
 * inverse: its transpose (the same twiddles, the butterflies (u, v) -> (u + w v, u - w v), the
 * levels in reverse order), which computes sum_k X_k w^(jk) = L x_(-j) in natural order: no
 * permutation pass, and the CRT reads coefficient i at index -i mod L. The levels go two at a
 * time (radix-4 passes: four values in registers, one trip through memory for two levels), the
 * last two in registers on blocks of 4. fmi() does the forward transforms of both operands, their
 * pointwise product and the inverse in one recursion on quarters (halves where the number of
 * levels is odd): each block of LEAF points goes through its forward levels, the product and its
 * inverse levels while it is in the L1 cache. The twiddles w_{2h}^j of a level with half-size h
 * and their quotients are one table, tw[2(h + j)] and tw[2(h + j) + 1] (j < h), shared by every
 * block of that level.
 * Scaling: inputs enter as plain residues, the pointwise REDC multiplies by R^-1, the inverse
 * transform by L; the CRT's first constant of each prime carries R L^-1.
 *
 * Constant time: every branch and index depends on the lengths only; reductions are masks (a
 * conditional move where the build has x86-64 assembly). Limbs of 32 bits are read and written two
 * to a 64-bit word, so the code is the same for both limb sizes; without unsigned __int128 the
 * 64 x 64 products take four 32 x 32 ones. */
#include "carry/u128.h"
#include "core/cpu.h"
#include "fftplan.h"
#include "mulimpl.h"

/* The ifma back end's transforms (x86_64/mul_fft_ifma.c) take every size their primes allow. */
#ifdef CY_ASM_X86_64
#define IFMA() cy__cpu_uses(CY_CPU_IFMA)
#else
#define IFMA() 0
#define cy__mpn_mul_fft_ifma_plan(an, bn, np, bits) 0
#define cy__mpn_mul_fft_ifma_itch(an, bn, sq) 0
#define cy__mpn_mul_fft_ifma(r, a, an, b, bn, tp, sq) 0
#define cy__mpn_mulmod_bm1_ifma_size(n) 0
#define cy__mpn_mulmod_bm1_ifma_itch(m) 0
#define cy__mpn_mulmod_bm1_ifma(r, a, an, b, bn, m, tp) 0
#endif

/* The adx back end's AVX2 transforms (x86_64/mul_fft_avx2.c), exactly on adx (ifma has its own).
 * CARRY_FFT_AVX2 (0 or 1) is the default; 0 keeps the portable transforms on adx. */
#ifndef CARRY_FFT_AVX2
#define CARRY_FFT_AVX2 1
#endif
#if defined(CY_ASM_X86_64) && CARRY_FFT_AVX2
#define AVX2() (cy__cpu_now() == CY_CPU_ADX)
#else
#define AVX2() 0
#define cy__mpn_mul_fft_avx2_plan(an, bn, np, bits) 0
#define cy__mpn_mul_fft_avx2_itch(an, bn, sq) 0
#define cy__mpn_mul_fft_avx2(r, a, an, b, bn, tp, sq) 0
#define cy__mpn_mulmod_bm1_avx2_size(n) 0
#define cy__mpn_mulmod_bm1_avx2_itch(m) 0
#define cy__mpn_mulmod_bm1_avx2(r, a, an, b, bn, m, tp) 0
#endif

typedef uint64_t u64;

#define LEAF 1024 /* transforms of up to LEAF points run level by level (8 KiB per array) */

typedef struct prime {
    u64 p, pinv; /* p^-1 mod 2^64 */
    u64 r2;      /* R^2 mod p, R = 2^64 */
    u64 one;     /* R mod p */
    u64 root;    /* a primitive (3 2^36)-th root of unity, times R */
    u64 mu;      /* floor(2^128 / p) - 2^66, for the twiddles' Shoup quotients */
} prime;

/* p = c 2^36 + 1 with 3 | c (so that 3 2^36 | p - 1), the four largest below 2^62 (4p < 2^64);
 * roots g^((p-1) / (3 2^36)) of the generators g = 5, 13, 11, 14. PBITS[np] =
 * floor(log2(p_0 ... p_(np-1))). */
#define NP 4
static const prime primes[NP] = {
    {0x3fffff3000000001u, 0xc00000d000000001u, 0x2253e5ffffd5c010u,
     0x0000033ffffffffcu, 0x26caa859196db421u, 0xd00002a3ff0u}, /* c = 67108851 */
    {0x3ffffd2000000001u, 0xc00002e000000001u, 0x30dfe61ffdeefff9u,
     0x00000b7ffffffffcu, 0x11bb99827229aa85u, 0x2e0002110007u}, /* c = 67108818 */
    {0x3ffff96000000001u, 0xc00006a000000001u, 0x31a6ad3ff506feeeu,
     0x00001a7ffffffffcu, 0x35e77c8af2717396u, 0x6a000af90112u}, /* c = 67108758 */
    {0x3ffff3c000000001u, 0xc0000c4000000001u, 0x11566b7fda7bf8e2u,
     0x000030fffffffffcu, 0x1fcc7394d50a8107u, 0xc4002584071eu}, /* c = 67108668 */
};
static const unsigned PBITS[NP + 1] = {0, 61, 123, 185, 247};
#define ROOT_LOG 36

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

/* x - m if x >= m, else x; for x < 2m. A conditional move where the build has x86-64 assembly
 * (two instructions instead of six), else a mask; never a branch. */
static inline u64 sub_if(u64 x, u64 m)
{
#if defined(CY_ASM_X86_64) && defined(__GNUC__)
    u64 t = x;
    __asm__("subq %2, %0\n\tcmovbq %1, %0" : "+&r"(t) : "r"(x), "r"(m) : "cc");
    return t;
#else
    return x - (m & -(u64)(x >= m));
#endif
}

/* x w mod p in [0, 2p) for any x < 2^64 and w < p, given ws = floor(w 2^64 / p) (V. Shoup, NTL;
 * Harvey 2014, Algorithm 2): q = hi(x ws) is floor(x w / p) or one less, and x w - q p is
 * computed modulo 2^64. One widening and two low products. */
static inline u64 shoup(u64 x, u64 w, u64 ws, u64 p)
{
    u64 q;
    mul64(x, ws, &q);
    return x * w - q * p;
}

/* floor(w 2^64 / p) for w < p, by Barrett's method with mu = floor(2^128 / p) = 2^66 + q->mu: the
 * estimate 4w + hi(w q->mu) is at most 2 too small; w 2^64 - estimate p < 3p decides. */
static u64 shoup_quotient(u64 w, const prime *q)
{
    u64 e;
    mul64(w, q->mu, &e);
    e += 4 * w;
    u64 r = 0 - e * q->p; /* w 2^64 - e p, exactly, in [0, 3p) */
    e += (u64)(r >= q->p) + (u64)(r >= 2 * q->p);
    return e;
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

/* tw[2(h + j)] = w_{2h}^j mod p (< p) and tw[2(h + j) + 1] its Shoup quotient, for every level
 * 1 <= h <= M/2 and j < h, M = 2^k >= 4, w_M = w^3 for the (3M)-th root w of root3k() (2M words):
 * the powers in Montgomery form in tw[M ..], then each brought out of it (a REDC by 1). */
static void twiddles(u64 *tw, unsigned k, const prime *q)
{
    size_t half = (size_t)1 << (k - 1);
    u64 w = root3k(k, q);
    w = sub_if(redc(sub_if(redc(w, w, q), q->p), w, q), q->p);
    powers(tw + 2 * half, half, w, q);
    for (size_t j = half; j-- > 0;) {
        u64 v = sub_if(redc(tw[2 * half + j], 1, q), q->p);
        tw[2 * (half + j)] = v;
        tw[2 * (half + j) + 1] = shoup_quotient(v, q);
    }
    for (size_t h = half / 2; h >= 1; h /= 2)
        for (size_t j = 0; j < h; j++) {
            tw[2 * (h + j)] = tw[2 * (2 * h + 2 * j)];
            tw[2 * (h + j) + 1] = tw[2 * (2 * h + 2 * j) + 1];
        }
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

/* The twiddles of a transform of length M, w_(2h)^j and its Shoup quotient at t[2(h + j)] and
 * t[2(h + j) + 1] (twiddles()). */
typedef const u64 *twd;

/* Forward butterfly (u, v) -> (u + v, (u - v) w) (Gentleman-Sande), values in [0, 2p). */
static inline void fly_f(u64 *u, u64 *v, twd t, size_t i, u64 p)
{
    u64 a = *u, b = *v;
    *u = sub_if(a + b, 2 * p);
    *v = shoup(a - b + 2 * p, t[2 * i], t[2 * i + 1], p);
}

/* Its transpose, the inverse butterfly (u, v) -> (u + w v, u - w v) (Cooley-Tukey), values in
 * [0, 4p): u brought below 2p, w v in [0, 2p) (Harvey's lazy butterfly). */
static inline void fly_i(u64 *u, u64 *v, twd t, size_t i, u64 p)
{
    u64 a = sub_if(*u, 2 * p), b = shoup(*v, t[2 * i], t[2 * i + 1], p);
    *u = a + b;
    *v = a - b + 2 * p;
}

/* Levels n/2 and n/4 of the forward transform on a block of n >= 16 values, in one pass: the
 * four values x_j, x_(j+n/4), x_(j+n/2), x_(j+3n/4) in registers. */
static void f4(u64 *x, size_t n, twd t, u64 p)
{
    size_t q = n / 4;
    for (size_t j = 0; j < q; j++) {
        u64 x0 = x[j], x1 = x[j + q], x2 = x[j + 2 * q], x3 = x[j + 3 * q];
        fly_f(&x0, &x2, t, 2 * q + j, p);
        fly_f(&x1, &x3, t, 3 * q + j, p);
        fly_f(&x0, &x1, t, q + j, p);
        fly_f(&x2, &x3, t, q + j, p);
        x[j] = x0, x[j + q] = x1, x[j + 2 * q] = x2, x[j + 3 * q] = x3;
    }
}

/* Levels n/4 and n/2 of the inverse, the transpose of f4. */
static void i4(u64 *x, size_t n, twd t, u64 p)
{
    size_t q = n / 4;
    for (size_t j = 0; j < q; j++) {
        u64 x0 = x[j], x1 = x[j + q], x2 = x[j + 2 * q], x3 = x[j + 3 * q];
        fly_i(&x0, &x1, t, q + j, p);
        fly_i(&x2, &x3, t, q + j, p);
        fly_i(&x0, &x2, t, 2 * q + j, p);
        fly_i(&x1, &x3, t, 3 * q + j, p);
        x[j] = x0, x[j + q] = x1, x[j + 2 * q] = x2, x[j + 3 * q] = x3;
    }
}

/* Level n/2 alone (n >= 8), forward and inverse. */
static void f2(u64 *x, size_t n, twd t, u64 p)
{
    for (size_t h = n / 2, j = 0; j < h; j++)
        fly_f(&x[j], &x[j + h], t, h + j, p);
}

static void i2(u64 *x, size_t n, twd t, u64 p)
{
    for (size_t h = n / 2, j = 0; j < h; j++)
        fly_i(&x[j], &x[j + h], t, h + j, p);
}

/* The last two forward levels (h = 2, 1) of a block of 4, in registers: one product (by w_4). */
static inline void t4f(u64 x[4], twd t, u64 p)
{
    const u64 p2 = 2 * p;
    u64 s0 = sub_if(x[0] + x[2], p2), d0 = sub_if(x[0] - x[2] + p2, p2);
    u64 s1 = sub_if(x[1] + x[3], p2), d1 = shoup(x[1] - x[3] + p2, t[6], t[7], p);
    x[0] = sub_if(s0 + s1, p2);
    x[1] = sub_if(s0 - s1 + p2, p2);
    x[2] = sub_if(d0 + d1, p2);
    x[3] = sub_if(d0 - d1 + p2, p2);
}

/* Its transpose, the first two inverse levels (h = 1, 2); values in [0, 4p). */
static inline void t4i(u64 x[4], twd t, u64 p)
{
    const u64 p2 = 2 * p;
    u64 y0 = sub_if(x[0], p2), y1 = sub_if(x[1], p2), y2 = sub_if(x[2], p2), y3 = sub_if(x[3], p2);
    u64 s0 = sub_if(y0 + y1, p2), s1 = sub_if(y0 - y1 + p2, p2);
    u64 d0 = sub_if(y2 + y3, p2), d1 = shoup(y2 - y3 + p2, t[6], t[7], p);
    x[0] = s0 + d0;
    x[2] = s0 - d0 + p2;
    x[1] = s1 + d1;
    x[3] = s1 - d1 + p2;
}

static unsigned lg(size_t n)
{
    unsigned l = 0;
    while (((size_t)1 << l) < n)
        l++;
    return l;
}

/* The forward levels n/2 .. 4 of a block of n <= LEAF values, each pass over the whole block: one
 * radix-2 pass first when their number is odd, then radix-4 passes. */
static void leaf_f(u64 *x, size_t n, twd t, u64 p)
{
    size_t m = n;
    if ((lg(n) - 2) & 1) {
        f2(x, n, t, p);
        m /= 2;
    }
    for (; m >= 16; m /= 4)
        for (size_t blk = 0; blk < n; blk += m)
            f4(x + blk, m, t, p);
}

/* The inverse levels 4 .. n/2, in the reverse order of leaf_f. */
static void leaf_i(u64 *x, size_t n, twd t, u64 p)
{
    size_t m = 16;
    for (unsigned l = (lg(n) - 2) / 2; l > 0; l--, m *= 4)
        for (size_t blk = 0; blk < n; blk += m)
            i4(x + blk, m, t, p);
    if ((lg(n) - 2) & 1)
        i2(x, n, t, p);
}

/* x = the inverse transform of (the forward transform of x) times (that of y), or of its square
 * (y NULL), on a block of n >= 4 points of a transform of length M = 2^k (the forward levels
 * above n done, the inverse levels above n left to the caller); x, y in [0, 2p), x out in
 * [0, 4p). Above LEAF points: the top one or two levels of both operands, the halves or quarters,
 * the top levels of the inverse; so every block of LEAF points goes through its forward levels,
 * the pointwise product (REDC: times R^-1) and its inverse levels while it is in the L1 cache.
 * The output is in the natural order of the transposed transform: x_j = sum_k X_k Y_k w^(jk). */
static void fmi(u64 *x, u64 *y, size_t n, twd t, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv;
    if (n <= LEAF) {
        leaf_f(x, n, t, p);
        if (y)
            leaf_f(y, n, t, p);
        for (size_t j = 0; j < n; j += 4) {
            u64 u[4] = {x[j], x[j + 1], x[j + 2], x[j + 3]}, v[4];
            t4f(u, t, p);
            if (y) {
                v[0] = y[j], v[1] = y[j + 1], v[2] = y[j + 2], v[3] = y[j + 3];
                t4f(v, t, p);
            } else {
                v[0] = u[0], v[1] = u[1], v[2] = u[2], v[3] = u[3];
            }
            for (int i = 0; i < 4; i++)
                u[i] = redc_p(u[i], v[i], p, pinv);
            t4i(u, t, p);
            x[j] = u[0], x[j + 1] = u[1], x[j + 2] = u[2], x[j + 3] = u[3];
        }
        leaf_i(x, n, t, p);
        return;
    }
    /* one level (halves) where their number above the 4-point kernels is odd, else two */
    int two = (lg(n) - 2) & 1;
    size_t parts = two ? 2 : 4;
    (two ? f2 : f4)(x, n, t, p);
    if (y)
        (two ? f2 : f4)(y, n, t, p);
    for (size_t i = 0; i < parts; i++)
        fmi(x + i * n / parts, y ? y + i * n / parts : NULL, n / parts, t, q);
    (two ? i2 : i4)(x, n, t, p);
}

/* The radix-3 step of a transform of length 3M (Cooley and Tukey's split, 1965): for t < M, the
 * 3-point transform of (x_t, x_(t+M), x_(t+2M)) with z = w^M, then the second and third times
 * w^t and w^2t (w3[j] = w^j, w of order 3M); each block of M then takes a transform of length M.
 * [0, 2p) in and out. */
static void r3_f(u64 *x, size_t m, const u64 *w3, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv, z = w3[m];
    for (size_t t = 0; t < m; t++) {
        dft3(x + t, x + m + t, x + 2 * m + t, z, p, pinv);
        x[m + t] = redc_p(x[m + t], w3[t], p, pinv);
        x[2 * m + t] = redc_p(x[2 * m + t], w3[2 * t], p, pinv);
    }
}

/* Its transpose, after the inverse transforms of the blocks: [0, 4p) in and out. */
static void r3_i(u64 *x, size_t m, const u64 *w3, const prime *q)
{
    const u64 p = q->p, pinv = q->pinv, z = w3[m];
    for (size_t t = 0; t < m; t++) {
        x[t] = sub_if(x[t], 2 * p);
        x[m + t] = redc_p(x[m + t], w3[t], p, pinv);
        x[2 * m + t] = redc_p(x[2 * m + t], w3[2 * t], p, pinv);
        dft3(x + t, x + m + t, x + 2 * m + t, z, p, pinv);
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

/* ---- coefficients out ---- */

/* 64-bit word o of {r, rn}: written where it lies in the product (two limbs of 32 bits), else
 * dropped. */
static inline void emit(cy_limb *r, size_t rn, size_t o, u64 v)
{
#if CY_LIMB_BITS == 64
    if (o < rn)
        r[o] = v;
#else
    if (2 * o < rn)
        r[2 * o] = (cy_limb)v;
    if (2 * o + 1 < rn)
        r[2 * o + 1] = (cy_limb)(v >> 32);
#endif
}

/* Garner's constants for np primes and length L: a[k] = R L^-1 Q_k and bm[k][j] =
 * -(p_0 ... p_(j-1)) Q_k mod p_k, Q_k = (p_0 ... p_(k-1))^-1 mod p_k, with their Shoup quotients
 * (as, bs). */
typedef struct crtc {
    u64 a[NP], as[NP], bm[NP][NP], bs[NP][NP];
} crtc;

/* x^e, x and the result times R (Montgomery form) */
static u64 mont_pow(u64 x, u64 e, const prime *q)
{
    u64 r = q->one;
    for (; e; e >>= 1) {
        if (e & 1)
            r = sub_if(redc(r, x, q), q->p);
        x = sub_if(redc(x, x, q), q->p);
    }
    return r;
}

static void crt_init(crtc *cc, unsigned np, size_t len)
{
    for (unsigned k = 0; k < np; k++) {
        const prime *q = &primes[k];
        u64 pre[NP]; /* p_0 ... p_(j-1) times R, mod p_k; p_j < 4 p_k */
        pre[0] = q->one;
        for (unsigned j = 0; j < k; j++)
            pre[j + 1] = sub_if(redc(pre[j], sub_if(redc(primes[j].p, q->r2, q), q->p), q), q->p);
        u64 qk = mont_pow(pre[k], q->p - 2, q); /* Q_k R */
        u64 linv = sub_if(redc(q->p - (q->p - 1) / len, q->r2, q), q->p); /* L^-1 R */
        cc->a[k] = sub_if(redc(qk, linv, q), q->p);                          /* Q_k L^-1 R */
        cc->as[k] = shoup_quotient(cc->a[k], q);
        for (unsigned j = 0; j < k; j++) {
            u64 t = sub_if(redc(redc(pre[j], qk, q), 1, q), q->p);
            cc->bm[k][j] = t ? q->p - t : 0;
            cc->bs[k][j] = shoup_quotient(cc->bm[k][j], q);
        }
    }
}

/* c (np words) = c_i < P rebuilt from the outputs x[k] < 4 p_k of the inverse transforms
 * (c_i L R^-1 mod p_k), by Garner's form: c = y_0 + p_0 (y_1 + p_1 (y_2 + ...)) with
 * y_k = (c - y_0 - p_0 y_1 - ...) (p_0 ... p_(k-1))^-1 mod p_k, each term one product by a
 * constant, the sum brought below p_k. */
static inline void crt(u64 *c, const u64 *x, const crtc *cc, unsigned np)
{
    u64 y[NP];
    for (unsigned k = 0; k < np; k++) {
        const u64 p = primes[k].p;
        u64 acc = shoup(x[k], cc->a[k], cc->as[k], p);
        for (unsigned j = 0; j < k; j++)
            acc = sub_if(acc + shoup(y[j], cc->bm[k][j], cc->bs[k][j], p), 2 * p);
        y[k] = sub_if(acc, p);
    }
    unsigned n = 1;
    c[0] = y[np - 1];
    for (unsigned k = np - 1; k-- > 0;) { /* c = c p_k + y_k */
        u64 carry = y[k];
        for (unsigned t = 0; t < n; t++) {
            u64 hi, lo = mul64(c[t], primes[k].p, &hi);
            lo += carry;
            c[t] = lo;
            carry = hi + (lo < carry);
        }
        c[n++] = carry;
    }
}

/* {r, rn} = sum c_i 2^(ib) for i < nc, the c_i rebuilt from the residues x (prime k's at
 * x + k len, coefficient i at index -i mod len); the 64-bit words of the sum from word W on, W
 * the words of rn limbs, in top (np + 1 words: the wrapped part of a product mod B^rn - 1; zero
 * for a full product). A window of np + 1 words, from word o on, holds what is not yet final:
 * coefficient i, at bit i b = 64 o_i + s_i, moves the window up to o_i (the words left behind
 * are final: every later coefficient starts above them) and adds c_i 2^(s_i), which fits: the
 * window's value is below 2P 2^63 < 2^(64 np + 64). */
static void sum(cy_limb *r, size_t rn, const u64 *x, size_t len, size_t nc, unsigned b,
                unsigned np, u64 *top)
{
    crtc cc;
    crt_init(&cc, np, len);
    u64 w[NP + 1] = {0};
    size_t o = 0, words = rn * CY_LIMB_BITS / 64;
    for (size_t i = 0; i < nc; i++) {
        u64 xs[NP], c[NP];
        size_t ii = i ? len - i : 0;
        for (unsigned k = 0; k < np; k++)
            xs[k] = x[k * len + ii];
        crt(c, xs, &cc, np);
        u64 pos = (u64)i * b;
        unsigned sh = pos % 64;
        for (; o < pos / 64; o++) {
            emit(r, rn, o, w[0]);
            for (unsigned t = 0; t < np; t++)
                w[t] = w[t + 1];
            w[np] = 0;
        }
        u64 cy = 0, prev = 0;
        for (unsigned t = 0; t <= np; t++) {
            u64 v = t < np ? c[t] : 0, add = v << sh | prev >> 1 >> (63 - sh);
            prev = v;
            u64 s1 = w[t] + add, c1 = s1 < add;
            w[t] = s1 + cy;
            cy = c1 + (w[t] < cy);
        }
    }
    for (unsigned t = 0; t <= np; t++)
        top[t] = 0;
    for (unsigned t = 0; t <= np; t++, o++) {
        emit(r, rn, o, w[t]);
        if (o >= words)
            top[o - words] = w[t];
    }
    for (size_t i = o * (64 / CY_LIMB_BITS); i < rn; i++)
        r[i] = 0;
}

/* ---- the product ---- */

typedef cy__fft_plan plan;

/* 3 or 4 primes, lengths 4 .. 3 2^36, 64 < b <= 128 (load() takes a coefficient from two words
 * and the low 64 bits whole; T <= 2^55 keeps b > 64 with three primes). */
static const cy__fft_limits limits = {PBITS, 3, NP, 2, ROOT_LOG, 65, 128, 0};

static void plan_mul(size_t an, size_t bn, plan *best)
{
    int found = cy__fft_plan_mul(an * CY_LIMB_BITS, bn * CY_LIMB_BITS, &limits, best);
    CY_ASSERT(found);
    (void)found;
}

static void plan_bm1(size_t n, plan *best)
{
    int found = cy__fft_plan_bm1(n * CY_LIMB_BITS, &limits, best);
    CY_ASSERT(found);
    (void)found;
}

/* Scratch in 64-bit words: np residue arrays and the second operand's transform (not for squares),
 * L words each, the twiddles of length M and their quotients (2M words), for L = 3M the powers of
 * the (3M)-th root (2M words): at most (np + 3) L <= 2 np L (squares 5/3 np L), with L <= np L / 3.
 * The scratch asked for is that bound, a function of the cost np L alone, which does not decrease
 * as the operands grow (the words a plan uses may, where np changes): callers size one area for
 * several products. In limbs, plus one to align the words. */
static size_t itch_of(const plan *pl, int sq)
{
    size_t c = pl->np * pl->len;
    return (sq ? c + 2 * c / 3 : 2 * c) * (64 / CY_LIMB_BITS) + 1;
}

size_t cy__mpn_mul_fft_plan(size_t an, size_t bn, unsigned *np, unsigned *bits)
{
    size_t len = IFMA()   ? cy__mpn_mul_fft_ifma_plan(an, bn, np, bits)
                 : AVX2() ? cy__mpn_mul_fft_avx2_plan(an, bn, np, bits)
                          : 0;
    if (len)
        return len;
    plan pl;
    plan_mul(an, bn, &pl);
    *np = pl.np;
    *bits = pl.b;
    return pl.len;
}

size_t cy__mpn_mul_fft_itch(size_t an, size_t bn, int sq)
{
    size_t s = IFMA()   ? cy__mpn_mul_fft_ifma_itch(an, bn, sq)
               : AVX2() ? cy__mpn_mul_fft_avx2_itch(an, bn, sq)
                        : 0;
    if (s)
        return s;
    plan pl;
    plan_mul(an, bn, &pl);
    return itch_of(&pl, sq);
}

/* The residues modulo the plan's primes of the cyclic convolution of length L of the b-bit
 * coefficients of {a, an} and {b, bn} (both with at most L coefficients), times L R^-1, at index
 * -i mod L for coefficient i: np arrays of L words from the returned pointer (in tp). */
static u64 *convolve(const cy_limb *a, size_t an, const cy_limb *b, size_t bn, cy_limb *tp, int sq,
                     const plan *pl)
{
    size_t len = pl->len, m = (size_t)1 << pl->k;
    u64 *x = (u64 *)(((uintptr_t)tp + 7) & ~(uintptr_t)7);
    u64 *tw = x + pl->np * len, *w3 = tw + 2 * m, *y = w3 + (pl->three ? 2 * m : 0);
    twd t = tw;
    for (unsigned j = 0; j < pl->np; j++) {
        const prime *q = &primes[j];
        u64 *xj = x + (size_t)j * len;
        twiddles(tw, pl->k, q);
        load(xj, len, a, an, pl->b, q);
        if (!sq)
            load(y, len, b, bn, pl->b, q);
        if (pl->three) {
            powers(w3, 2 * m, root3k(pl->k, q), q);
            r3_f(xj, m, w3, q);
            if (!sq)
                r3_f(y, m, w3, q);
            for (size_t blk = 0; blk < 3; blk++)
                fmi(xj + blk * m, sq ? NULL : y + blk * m, m, t, q);
            r3_i(xj, m, w3, q);
        } else {
            fmi(xj, sq ? NULL : y, m, t, q);
        }
    }
    return x;
}

void cy__mpn_mul_fft(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                     cy_limb *tp, int sq)
{
    if (IFMA() && cy__mpn_mul_fft_ifma(r, a, an, b, bn, tp, sq))
        return;
    if (AVX2() && cy__mpn_mul_fft_avx2(r, a, an, b, bn, tp, sq))
        return;
    plan pl;
    plan_mul(an, bn, &pl);
    size_t nc = cy__fft_ceil_div(an * CY_LIMB_BITS, pl.b) +
                cy__fft_ceil_div(bn * CY_LIMB_BITS, pl.b) - 1;
    const u64 *x = convolve(a, an, b, bn, tp, sq, &pl);
    u64 top[NP + 1];
    sum(r, an + bn, x, pl.len, nc, pl.b, pl.np, top); /* top: zero, the product fits */
}

/* ---- the product mod B^m - 1 ---- */

size_t cy__mpn_mulmod_bm1_size(size_t n)
{
    size_t s = IFMA()   ? cy__mpn_mulmod_bm1_ifma_size(n)
               : AVX2() ? cy__mpn_mulmod_bm1_avx2_size(n)
                        : 0;
    if (s)
        return s;
    plan pl;
    plan_bm1(n, &pl);
    return pl.len * pl.b / CY_LIMB_BITS;
}

size_t cy__mpn_mulmod_bm1_itch(size_t m)
{
    size_t s = IFMA()   ? cy__mpn_mulmod_bm1_ifma_itch(m)
               : AVX2() ? cy__mpn_mulmod_bm1_avx2_itch(m)
                        : 0;
    if (s)
        return s;
    plan pl;
    plan_bm1(m, &pl);
    return itch_of(&pl, 0);
}

void cy__mpn_mulmod_bm1(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                        size_t m, cy_limb *tp)
{
    if (IFMA() && cy__mpn_mulmod_bm1_ifma(r, a, an, b, bn, m, tp))
        return;
    if (AVX2() && cy__mpn_mulmod_bm1_avx2(r, a, an, b, bn, m, tp))
        return;
    plan pl;
    plan_bm1(m, &pl);
    CY_ASSERT(pl.len * pl.b == m * CY_LIMB_BITS && an >= 1 && bn >= 1 && an <= m && bn <= m);
    const u64 *x = convolve(a, an, b, bn, tp, 0, &pl);
    /* the L b = m CY_LIMB_BITS bits of sum c_i 2^(i b) fill {r, m} exactly (64 | L b); the part
     * above, below 2P < 2^(64 np), is worth itself times 2^(L b) = 1: add it at the bottom.
     * m CY_LIMB_BITS = L b >= 4 * 65 > 64 np, so it fits, and a carry out leaves r below
     * 2^(64 np), so the end-around carry does not carry again. */
    u64 top[NP + 1];
    sum(r, m, x, pl.len, pl.len, pl.b, pl.np, top);
#if CY_LIMB_BITS == 64
    cy_limb c = cy_mpn_add(r, r, m, top, pl.np);
#else
    cy_limb t32[2 * NP];
    for (unsigned i = 0; i < pl.np; i++)
        t32[2 * i] = (cy_limb)top[i], t32[2 * i + 1] = (cy_limb)(top[i] >> 32);
    cy_limb c = cy_mpn_add(r, r, m, t32, 2 * pl.np);
#endif
    c = cy_mpn_add_1(r, r, m, c);
    CY_ASSERT(c == 0);
    (void)c;
}
