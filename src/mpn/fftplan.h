/* Internal to carry's mpn layer: the choice of the number-theoretic transforms' parameters (number
 * of primes, length, coefficient bits), shared by the portable transforms (src/mpn/mul_fft.c) and
 * the AVX-512 IFMA ones (src/mpn/x86_64/mul_fft_ifma.c), which differ in their primes and limits.
 * SPDX-License-Identifier: MIT
 *
 * A product cuts its operands into coefficients of b bits and takes their cyclic convolution of
 * length L = 2^k or 3 2^k modulo np primes, P their product. A coefficient of the convolution sums
 * at most T products of two b-bit pieces (T = min(#a, #b) for a full product, at most L for the
 * product mod B^m - 1), so it is exact when 2b + ceil(log2 T) <= pbits[np] (2^pbits[np] <= P).
 * The cost of a plan is taken as np L (np transforms of length L per operand); more primes allow
 * larger coefficients, so fewer of them, and the choice among np smooths the steps of L. */
#ifndef CARRY_SRC_MPN_FFTPLAN_H
#define CARRY_SRC_MPN_FFTPLAN_H

#include <stddef.h>

typedef struct cy__fft_plan {
    unsigned np, k, b; /* primes, M = 2^k, coefficient bits */
    int three;         /* L = 3M */
    size_t len;        /* L */
} cy__fft_plan;

/* A family of transforms: np primes for npmin <= np <= npmax with P >= 2^pbits[np]; lengths 2^k
 * and 3 2^k for kmin <= k <= kmax; coefficients of bmin to bmax bits; for the product mod
 * B^m - 1, L b >= lbmin bits. */
typedef struct cy__fft_limits {
    const unsigned *pbits;
    unsigned npmin, npmax, kmin, kmax, bmin, bmax;
    size_t lbmin;
} cy__fft_limits;

static inline size_t cy__fft_ceil_div(size_t a, size_t b)
{
    return (a + b - 1) / b;
}

static inline unsigned cy__fft_ceil_log2(size_t t)
{
    unsigned l = 0;
    while (((size_t)1 << l) < t)
        l++;
    return l;
}

/* The smallest length >= need (2^k, then 3 2^(k-1), which lies between 2^k and 2^(k+1)), with k
 * its power of 2; 0 beyond the family's lengths. */
static inline size_t cy__fft_length(size_t need, const cy__fft_limits *lim, unsigned *k, int *three)
{
    for (unsigned j = lim->kmin; j <= lim->kmax + 1; j++) {
        if (j <= lim->kmax && ((size_t)1 << j) >= need) {
            *k = j, *three = 0;
            return (size_t)1 << j;
        }
        if (j - 1 >= lim->kmin && ((size_t)3 << (j - 1)) >= need) {
            *k = j - 1, *three = 1;
            return (size_t)3 << (j - 1);
        }
    }
    return 0;
}

/* The full product of operands of abits and bbits bits: for each np, the largest b with
 * 2b + ceil(log2 min(#a, #b)) <= pbits[np], the smallest length holding the #a + #b - 1
 * coefficients; the least np L (fewer primes on a tie). 0 if no np has one. */
static inline int cy__fft_plan_mul(size_t abits, size_t bbits, const cy__fft_limits *lim,
                                   cy__fft_plan *best)
{
    int found = 0;
    *best = (cy__fft_plan){0, 0, 0, 0, 0};
    for (unsigned np = lim->npmin; np <= lim->npmax; np++) {
        unsigned b = (lim->pbits[np] - 1) / 2 < lim->bmax ? (lim->pbits[np] - 1) / 2 : lim->bmax;
        size_t ca = 0, cb = 0;
        for (; b >= lim->bmin; b--) {
            ca = cy__fft_ceil_div(abits, b);
            cb = cy__fft_ceil_div(bbits, b);
            if (2 * b + cy__fft_ceil_log2(ca < cb ? ca : cb) <= lim->pbits[np])
                break;
        }
        cy__fft_plan pl = {np, 0, b, 0, 0};
        if (b < lim->bmin || !(pl.len = cy__fft_length(ca + cb - 1, lim, &pl.k, &pl.three)))
            continue;
        if (!found || pl.np * pl.len < best->np * best->len) {
            *best = pl;
            found = 1;
        }
    }
    return found;
}

/* The product mod B^m - 1 (m limbs of lb bits, m lb = L b): then 2^(L b) = 1 and the cyclic
 * convolution of length L is the product's wrap-around. The smallest m >= nbits / lb over the
 * lengths and np with 2b + ceil(log2 L) <= pbits[np], 64 | L b (the transforms' sums write 64-bit
 * words): for each np its first length (the cheapest), then the least np L, then the least m, so
 * that the plan of m gives m again. 0 if none. */
static inline int cy__fft_plan_bm1(size_t nbits, const cy__fft_limits *lim, cy__fft_plan *best)
{
    int found = 0;
    *best = (cy__fft_plan){0, 0, 0, 0, 0};
    if (nbits < lim->lbmin)
        nbits = lim->lbmin;
    for (unsigned np = lim->npmin; np <= lim->npmax; np++)
        for (unsigned j = lim->kmin; j <= lim->kmax; j++) {
            cy__fft_plan pl = {np, j, 0, 0, (size_t)1 << j};
            size_t b = 0;
            for (int t = 0; t < 2; t++) { /* 2^j, then 3 2^(j-1) */
                if (t)
                    pl = (cy__fft_plan){np, j - 1, 0, 1, (size_t)3 << (j - 1)};
                size_t unit = (size_t)64 >> (pl.k < 6 ? pl.k : 6); /* 64 | L b */
                b = cy__fft_ceil_div(cy__fft_ceil_div(nbits, pl.len), unit) * unit;
                if (b < lim->bmin)
                    b = cy__fft_ceil_div(lim->bmin, unit) * unit;
                unsigned lb = pl.three ? pl.k + 2 : pl.k; /* ceil(log2 L) */
                if (pl.k >= lim->kmin && b <= lim->bmax && 2 * b + lb <= lim->pbits[np])
                    break;
                b = 0;
            }
            if (!b)
                continue;
            pl.b = (unsigned)b;
            if (!found || np * pl.len < best->np * best->len ||
                (np * pl.len == best->np * best->len && pl.len * pl.b < best->len * best->b)) {
                *best = pl;
                found = 1;
            }
            break;
        }
    return found;
}

#endif /* CARRY_SRC_MPN_FFTPLAN_H */
