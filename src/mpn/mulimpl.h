/* Internal to carry's mpn layer: what the rest of the layer uses of the multiplication besides
 * the public cy_mpn_mul family -- the transforms, exact division by 3 and 5, and the product
 * policy of the large divisions and conversions. The crossovers are in core/tune.h.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_MPN_MULIMPL_H
#define CARRY_SRC_MPN_MULIMPL_H

#include "carry/mpn.h"
#include "core/tune.h"

/* Exact division by a small odd d (3 and 5 in Toom-3 and Toom-4): {q, n} = {a, n} / d, assuming d
 * divides {a, n} (otherwise {q, n} is {a, n} * d^-1 mod B^n). Works as well for a two's
 * complement {a, n} that is an exact multiple. n >= 0; q may equal a. Constant time. */
void cy__mpn_divexact_small(cy_limb *q, const cy_limb *a, size_t n, cy_limb d);

/* {r, an + bn} = {a, an} {b, bn} by number-theoretic transforms over three or four primes
 * (src/mpn/mul_fft.c; on the ifma back end three to five primes, x86_64/mul_fft_ifma.c; on adx
 * four to eight, x86_64/mul_fft_avx2.c); sq: the
 * caller promises a == b, an == bn, and one transform is saved. an, bn >= 1, total bits below
 * 2^40 or so (transform length <= 3 2^36); r must not overlap a or b;
 * tp: cy__mpn_mul_fft_itch(an, bn, sq) limbs (at most 8 (an + bn) + 64). Constant time. */
size_t cy__mpn_mul_fft_itch(size_t an, size_t bn, int sq);
void cy__mpn_mul_fft(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                     cy_limb *tp, int sq);

/* The transforms' choice for an x bn in the back end in use (for the tests): returns the length L,
 * with *np primes and *bits bits per coefficient. */
size_t cy__mpn_mul_fft_plan(size_t an, size_t bn, unsigned *np, unsigned *bits);

/* {r, m} = {a, an} {b, bn} mod (B^m - 1) by one cyclic convolution of the transforms above
 * (src/mpn/mul_fft.c): about the cost of a full product of m limbs in all, instead of an + bn.
 * m must be a supported size, cy__mpn_mulmod_bm1_size(n) = the smallest one >= n (n >= 1);
 * 1 <= an, bn <= m. The result is in [0, B^m - 1] (zero may come out as B^m - 1). r must not
 * overlap a or b; tp: cy__mpn_mulmod_bm1_itch(m) limbs. Constant time. */
size_t cy__mpn_mulmod_bm1_size(size_t n);
size_t cy__mpn_mulmod_bm1_itch(size_t m);
void cy__mpn_mulmod_bm1(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                        size_t m, cy_limb *tp);

#ifdef CY_ASM_X86_64
/* The same on AVX-512 IFMA (src/mpn/x86_64/mul_fft_ifma.c), for the ifma back end: the functions
 * above call these when cy__cpu_uses(CY_CPU_IFMA). Sizes and scratch are their own (0 from the
 * _size and _itch functions, and 0 returned by the products without touching r, for a length
 * beyond their primes: the portable transforms take those). */
size_t cy__mpn_mul_fft_ifma_plan(size_t an, size_t bn, unsigned *np, unsigned *bits);
size_t cy__mpn_mul_fft_ifma_itch(size_t an, size_t bn, int sq);
int cy__mpn_mul_fft_ifma(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                         cy_limb *tp, int sq);
size_t cy__mpn_mulmod_bm1_ifma_size(size_t n);
size_t cy__mpn_mulmod_bm1_ifma_itch(size_t m);
int cy__mpn_mulmod_bm1_ifma(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                            size_t m, cy_limb *tp);

/* The same on AVX2 (src/mpn/x86_64/mul_fft_avx2.c: eight 32-bit lanes, primes below 2^30), for
 * the adx back end (exactly: ifma keeps its own), with the same conventions. */
size_t cy__mpn_mul_fft_avx2_plan(size_t an, size_t bn, unsigned *np, unsigned *bits);
size_t cy__mpn_mul_fft_avx2_itch(size_t an, size_t bn, int sq);
int cy__mpn_mul_fft_avx2(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                         cy_limb *tp, int sq);
size_t cy__mpn_mulmod_bm1_avx2_size(size_t n);
size_t cy__mpn_mulmod_bm1_avx2_itch(size_t m);
int cy__mpn_mulmod_bm1_avx2(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                            size_t m, cy_limb *tp);
#endif

/* The products of the large divisions and conversions: cy_mpn_mul, except that an unbalanced
 * product an x bn with bn >= an / 16, an + bn >= 2 TF and bn >= TF / 3 (TF: the transforms'
 * threshold mul_fft) runs as one transform (cy__mpn_mul_fft) instead of cy_mpn_mul's sequence of
 * bn x bn pieces: measured 0.35 to 0.99 of the time of cy_mpn_mul on such shapes (docs/div.md).
 * The transform costs about as much as that of a balanced product of (an + bn) / 2 limbs, and the
 * Toom pieces of a short bn are cheap: with only an >= TF, as before, the transform took on a
 * Zen 3 (adx, TF = 921; rdtsc, min of 31 interleaved) 1.70 the time of cy_mpn_mul at 1010 x 142,
 * 1.17 at 1010 x 402, 1.95 at 1500 x 100, 1.41 at 2020 x 142, 1.12 at 2020 x 300, 1.27 at
 * 3000 x 200; it won (0.77 to 0.99) at 1500 x 400, 1500 x 600, 2020 x 500, 3000 x 400,
 * 4040 x 600. an >= bn >= 1; tp has cy__mpn_mul_big_itch(an, bn) limbs. */
static inline int cy__mul_big_uses_fft(size_t an, size_t bn)
{
    size_t t = cy__tune_now()->mul_fft;
    return an > bn && an + bn >= 2 * t && 3 * bn >= t && 16 * bn >= an;
}

static inline size_t cy__mpn_mul_big_itch(size_t an, size_t bn)
{
    return cy__mul_big_uses_fft(an, bn) ? cy__mpn_mul_fft_itch(an, bn, 0) : cy_mpn_mul_itch(an, bn);
}

static inline void cy__mpn_mul_big(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b,
                                   size_t bn, cy_limb *tp)
{
    if (cy__mul_big_uses_fft(an, bn))
        cy__mpn_mul_fft(r, a, an, b, bn, tp, 0);
    else
        cy_mpn_mul(r, a, an, b, bn, tp);
}

#endif /* CARRY_SRC_MPN_MULIMPL_H */
