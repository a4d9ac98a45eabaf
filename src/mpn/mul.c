/* Multiplication: the choice of algorithm, the recursion, and the public entry points cy_mpn_mul,
 * cy_mpn_mul_n, cy_mpn_sqr with their scratch sizes. SPDX-License-Identifier: MIT
 *
 * Algorithms by size n (crossovers: cy__tune_now(), the back end's src/core/tune_<backend>.c):
 *   n <= fixed_max (8 or 16)    fully unrolled kernels (table mul_fixed / sqr_fixed / mullo_fixed,
 *                               tools/gen-mul)
 *   n <  toom22                 basecase (table mul_basecase / sqr_basecase)
 *   toom22 <= n < toom33        Karatsuba, subtractive form (|a0 - a1| |b0 - b1|)  toom22.c
 *   toom33 <= n < toom44        Toom-3 at 0, 1, -1, 2, inf; interpolation of Bodrato and Zanoni
 *                                                                                  toom33.c
 *   toom44 <= n < fft           Toom-4 at 0, 1, -1, 2, -2, 1/2, inf                toom44.c
 *   n >= fft                    number-theoretic transforms over 3 or 4 primes     mul_fft.c
 * Unbalanced products cut the longer operand into pieces of the shorter one's length, or of twice
 * that length multiplied by Toom-4/2 (toom42.c) when the shorter one takes Karatsuba or more, or
 * run as one Toom-3/2 (toom32.c) or unbalanced Karatsuba (toom22.c) for shapes below 2 : 1 (rows
 * of addmul_1 when the shorter one has at most mul_rows_max limbs); when the shorter one has at
 * least 2/3 of the transforms' threshold, the pieces (of up to 16 times its length) are
 * transforms. The short product is in
 * mullo.c. Constant time and scratch: src/mpn/toom.h. */
#include "carry/limb.h"
#include "core/tune.h"
#include "dispatch.h"
#include "mulimpl.h"
#include "toom.h"

/* ---- the choice and the recursion ---- */

cy__mul_alg cy__mul_choose(size_t n, int sq)
{
    const cy__tune *th = cy__tune_now();
    size_t t22 = sq ? th->sqr_toom22 : th->mul_toom22;
    size_t t33 = sq ? th->sqr_toom33 : th->mul_toom33;
    size_t t44 = sq ? th->sqr_toom44 : th->mul_toom44;
    size_t tfft = sq ? th->sqr_fft : th->mul_fft;
    if (n <= CY__MUL_FIXED_MAX)
        return CY__MUL_FIXED;
    if (n >= tfft)
        return CY__MUL_FFT;
    if (n < t22)
        return CY__MUL_BASECASE;
    if (n < t33)
        return CY__MUL_TOOM22;
    /* toom44 needs s >= 1: n = 9 would give s = 0 */
    return n < t44 || n < 10 ? CY__MUL_TOOM33 : CY__MUL_TOOM44;
}

size_t cy__mul_rec_itch(size_t n, int sq)
{
    switch (cy__mul_choose(n, sq)) {
    case CY__MUL_TOOM22: return cy__mpn_toom22_itch(n, sq);
    case CY__MUL_TOOM33: return cy__mpn_toom33_itch(n, sq);
    case CY__MUL_TOOM44: return cy__mpn_toom44_itch(n, sq);
    case CY__MUL_FFT: /* no less than toom44 would take: callers rely on S(n) not decreasing */
        return cy__max2(cy__mpn_mul_fft_itch(n, n, sq), cy__mpn_toom44_itch(n, sq));
    default: return 0;
    }
}

void cy__mul_rec(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    const cy_mpn_table *t = cy__mpn_table();
    switch (cy__mul_choose(n, sq)) {
    case CY__MUL_FIXED:
    case CY__MUL_BASECASE:
        if (n <= t->fixed_max) {
            if (sq)
                t->sqr_fixed[n](r, a);
            else
                t->mul_fixed[n](r, a, b);
        } else if (sq) {
            t->sqr_basecase(r, a, n);
        } else {
            t->mul_basecase(r, a, n, b, n);
        }
        break;
    case CY__MUL_TOOM22: cy__mpn_toom22(r, a, b, n, tp, sq); break;
    case CY__MUL_TOOM33: cy__mpn_toom33(r, a, b, n, tp, sq); break;
    case CY__MUL_TOOM44: cy__mpn_toom44(r, a, b, n, tp, sq); break;
    case CY__MUL_FFT: cy__mpn_mul_fft(r, a, n, b, n, tp, sq); break;
    }
}

/* ---- public entry points ---- */

size_t cy_mpn_mul_n_itch(size_t n)
{
    return cy__mul_rec_itch(n, 0);
}

void cy_mpn_mul_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1);
    CY_ASSERT(cy__disjoint(r, 2 * n, a, n) && cy__disjoint(r, 2 * n, b, n));
    /* The common small case without the walk through cy__mul_rec: only tail jumps, no call. */
    const cy_mpn_table *t = cy__mpn_table();
    if (n <= t->fixed_max)
        t->mul_fixed[n](r, a, b);
    else
        cy__mul_rec(r, a, b, n, scratch, 0);
}

size_t cy_mpn_sqr_itch(size_t n)
{
    return cy__mul_rec_itch(n, 1);
}

void cy_mpn_sqr(cy_limb *r, const cy_limb *a, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1 && cy__disjoint(r, 2 * n, a, n));
    const cy_mpn_table *t = cy__mpn_table(); /* as in cy_mpn_mul_n */
    if (n <= t->fixed_max)
        t->sqr_fixed[n](r, a);
    else
        cy__mul_rec(r, a, a, n, scratch, 1);
}

/* Unbalanced: a is cut into chunks of step limbs, a = sum_i p_i B^(i step); chunk i's product
 * ({p_i, step} {b, bn}, step + bn limbs) lands at r[i step ..], where the top bn limbs of the
 * previous product already are: they are saved to scratch, overwritten, and added back. The step
 * is 2bn (chunks by toom42) when an >= 2bn, bn >= 24 and a bn x bn product takes Karatsuba or
 * more, else bn (balanced chunks). The last, shorter piece p (len < step limbs) is the same problem
 * on smaller sizes (like Euclid's algorithm, the sizes fall at least as fast as the Fibonacci
 * numbers, so the nesting is O(log bn) deep). bn >= 24 leaves room in r for toom42's evaluations
 * and keeps the scratch of an x bn within that of (an + bn) x (an + bn) for every threshold
 * setting of test_mul (which checks it). 2000 x 1000 went from 545000 to 479000 ticks, 200 x 100
 * from 16100 to 14700 (rdtsc, minimum). */
static int use_toom42(size_t an, size_t bn)
{
    return an >= 2 * bn && bn >= 24 && cy__mul_choose(bn, 0) >= CY__MUL_TOOM22;
}

/* toom22u for bn < an < 1.5 bn, bn >= 24 and Karatsuba or more at bn: then m = ceil(an/2) < bn,
 * hb = bn - m <= h and h + hb = an + bn - 2m >= bn - 1 >= m. */
static int use_toom22u(size_t an, size_t bn)
{
    return an > bn && 2 * an < 3 * bn && bn >= 24 && cy__mul_choose(bn, 0) >= CY__MUL_TOOM22;
}

/* toom32 for 1.5 bn <= an < 2bn (2an >= 3bn), bn >= 24 and Karatsuba or more at bn: then
 * k = ceil(an/3) < bn <= 2k, and sa + sb = an + bn - 3k >= k + 4. */
static int use_toom32(size_t an, size_t bn)
{
    return an < 2 * bn && 2 * an >= 3 * bn && bn >= 24 && cy__mul_choose(bn, 0) >= CY__MUL_TOOM22;
}

/* Transforms for an unbalanced product whose shorter operand is at least 2/3 of the transforms'
 * threshold: a in chunks of at most 16 bn limbs (equal, so none is short), each product one
 * transform (cy__mpn_mul_fft), added into place as above. A transform costs about as much for
 * an x bn as for an x an, so it pays only when bn is large; the chunks keep its length, and so
 * its cost per limb of a, fixed as an grows. Measured on a Zen 4 (rdtsc, minimum of 5), time
 * against the Toom chunks: ifma (TF = 740) 288889 x 15625 0.41, 100000 x 5000 0.44, 20000 x 1000
 * 0.54, 50000 x 500 0.69; adx (TF = 4340) 288889 x 15625 0.43, 288889 x 4000 0.61, 100000 x 5000
 * 0.53; below 2TF/3 on adx the Toom chunks can still win (288889 x 1000: the transform 1.23).
 * (With the earlier scalar transforms and TF = 16000 on ifma: 288889 x 15625 0.77, but
 * 288889 x 8000 1.22.) */
static size_t fft_chunk(size_t an, size_t bn)
{
    size_t c = (an + 16 * bn - 1) / (16 * bn);
    return (an + c - 1) / c;
}

static int use_fft_chunks(size_t an, size_t bn)
{
    size_t t = cy__tune_now()->mul_fft;
    return an > bn && an >= t && 3 * bn >= 2 * t;
}

size_t cy_mpn_mul_itch(size_t an, size_t bn)
{
    if (an == bn) /* a == b makes it a square */
        return cy__max2(cy_mpn_mul_n_itch(an), cy_mpn_sqr_itch(an));
    if (use_fft_chunks(an, bn))
        return bn + cy__mpn_mul_fft_itch(fft_chunk(an, bn), bn, 0);
    if (cy__mul_choose(bn, 0) < CY__MUL_TOOM22)
        return 0;
    if (use_toom32(an, bn))
        return cy__mpn_toom32_itch(an, bn);
    if (use_toom22u(an, bn))
        return cy__mpn_toom22u_itch(an, bn);
    int t42 = use_toom42(an, bn);
    size_t step = t42 ? 2 * bn : bn, len = an % step;
    size_t chunk = t42 ? cy__mpn_toom42_itch(step, bn) : cy_mpn_mul_n_itch(bn);
    size_t last = !len ? 0 : len >= bn ? cy_mpn_mul_itch(len, bn) : cy_mpn_mul_itch(bn, len);
    return bn + cy__max2(chunk, last);
}

cy_limb cy_mpn_mul(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                   cy_limb *scratch)
{
    CY_ASSERT(an >= bn && bn >= 1);
    CY_ASSERT(cy__disjoint(r, an + bn, a, an) && cy__disjoint(r, an + bn, b, bn));
    if (an == bn) {
        cy__mul_rec(r, a, b, an, scratch, a == b); /* a == b is a square (pointers, not values) */
    } else if (bn <= cy__tune_now()->mul_rows_max) {
        const cy_mpn_table *t = cy__mpn_table();
        r[an] = t->mul_1(r, a, an, b[0]);
        for (size_t j = 1; j < bn; j++)
            r[an + j] = t->addmul_1(r + j, a, an, b[j]);
    } else if (cy__mul_choose(bn, 0) < CY__MUL_TOOM22) {
        cy__mpn_table()->mul_basecase(r, a, an, b, bn);
    } else if (use_fft_chunks(an, bn)) {
        size_t step = fft_chunk(an, bn);
        cy_limb *save = scratch, *rest = scratch + bn;
        cy__mpn_mul_fft(r, a, step, b, bn, rest, 0);
        for (size_t i = step; i < an; i += step) {
            size_t len = an - i < step ? an - i : step;
            cy_mpn_copy(save, r + i, bn);
            cy__mpn_mul_fft(r + i, a + i, len, b, bn, rest, 0);
            cy_mpn_add(r + i, r + i, len + bn, save, bn);
        }
    } else if (use_toom32(an, bn)) {
        cy__mpn_toom32(r, a, an, b, bn, scratch);
    } else if (use_toom22u(an, bn)) {
        cy__mpn_toom22u(r, a, an, b, bn, scratch);
    } else {
        int t42 = use_toom42(an, bn);
        size_t step = t42 ? 2 * bn : bn, i = step, len = an % step;
        cy_limb *save = scratch, *rest = scratch + bn;
        if (t42)
            cy__mpn_toom42(r, a, step, b, bn, rest);
        else
            cy__mul_rec(r, a, b, bn, rest, 0);
        for (; i + step <= an; i += step) {
            cy_mpn_copy(save, r + i, bn);
            if (t42)
                cy__mpn_toom42(r + i, a + i, step, b, bn, rest);
            else
                cy__mul_rec(r + i, a + i, b, bn, rest, 0);
            cy_mpn_add(r + i, r + i, step + bn, save, bn); /* the running sum < B^(i + step + bn) */
        }
        if (len) {
            cy_mpn_copy(save, r + i, bn);
            if (len >= bn)
                cy_mpn_mul(r + i, a + i, len, b, bn, rest);
            else
                cy_mpn_mul(r + i, b, bn, a + i, len, rest);
            cy_mpn_add(r + i, r + i, bn + len, save, bn);
        }
    }
    return r[an + bn - 1];
}
