/* Internal to carry's mpn layer: what the multiplication files share (mul.c: the policy and the
 * public entry points; toom22.c, toom32.c, toom33.c, toom42.c, toom44.c: one algorithm each;
 * mullo.c: the short product). SPDX-License-Identifier: MIT
 *
 * Constant time: every branch and every memory index depends on the lengths only. Signs of
 * differences become masks that drive a conditional negation, never a branch.
 *
 * Scratch: each recursive step takes its temporaries from the front of its scratch area and hands
 * the rest to the steps it calls, so the scratch of a size is its own temporaries plus the largest
 * scratch among the calls made while they are live. The *_itch functions compute exactly that
 * recurrence (O(log n) steps); the formulas are in carry/mpn.h. */
#ifndef CARRY_SRC_MPN_TOOM_H
#define CARRY_SRC_MPN_TOOM_H

#include "carry/mpn.h"
#include "core/verify.h"

/* Unrolled kernels exist up to this n on every back end (the table's fixed_max is 8 or 16). */
#define CY__MUL_FIXED_MAX 8

/* The algorithm that serves a product of size n x n (src/mpn/mul.c chooses it from the
 * crossovers of core/tune.h), in the order of the sizes they serve. */
typedef enum cy__mul_alg {
    CY__MUL_FIXED, /* n <= CY__MUL_FIXED_MAX: the unrolled kernels */
    CY__MUL_BASECASE, /* the table's basecase (or its unrolled kernels up to fixed_max) */
    CY__MUL_TOOM22,   /* Karatsuba */
    CY__MUL_TOOM33,   /* Toom-3 */
    CY__MUL_TOOM44,   /* Toom-4 */
    CY__MUL_FFT       /* the transforms of mul_fft.c */
} cy__mul_alg;

/* The choice for size n (sq: a square), and the recursion that runs it: {r, 2n} = {a, n} {b, n}
 * (a == b when sq) with tp of cy__mul_rec_itch(n, sq) limbs (src/mpn/mul.c). */
cy__mul_alg cy__mul_choose(size_t n, int sq) __attribute__((visibility("hidden")));
void cy__mul_rec(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
    __attribute__((visibility("hidden")));
size_t cy__mul_rec_itch(size_t n, int sq) __attribute__((visibility("hidden")));

static inline size_t cy__max2(size_t x, size_t y) { return x > y ? x : y; }
static inline size_t cy__min2(size_t x, size_t y) { return x < y ? x : y; }

/* A value of W limbs that an interpolation step leaves non-negative and below B^(W-1) (the
 * derivations' bound B^(2k+1) with W = 2k + 2): its top limb is 0. A negative intermediate, read
 * mod B^W in two's complement, has its top limb all ones. */
#define CY__VERIFY_BELOW_TOP(v, w) CY_VERIFY((v)[(w) - 1] == 0)

/* {r, n} = mask ? -{a, n} mod B^n : {a, n}, for mask 0 or all ones, n >= 1; returns 1 when mask
 * is all ones and {a, n} != 0, else 0. -a = NOT(a) + 1: one XOR pass (no carry, so the compiler
 * vectorises it) and the dispatched add_1, which propagates the carry through all n limbs
 * whatever the values (constant time). Its carry out is 1 exactly when NOT(a) + 1 = B^n, i.e.
 * a = 0. r may equal a. (A single C loop carrying the +1 as a running OR of the limbs ran at
 * about 2.4 cycles/limb; this pair at about 1.) */
static inline cy_limb cy__mul_cnd_neg(cy_limb *r, const cy_limb *a, size_t n, cy_limb mask)
{
    for (size_t i = 0; i < n; i++)
        r[i] = a[i] ^ mask;
    return (mask & 1) ^ cy_mpn_add_1(r, r, n, mask & 1);
}

/* {r, xn} = |{x, xn} - {y, yn}|, xn >= yn; returns the sign as a mask: all ones when x < y.
 * x - y mod B^xn borrows exactly when x < y, and then B^xn - (x - y mod B^xn) = y - x. */
static inline cy_limb cy__mul_abs_sub(cy_limb *r, const cy_limb *x, size_t xn, const cy_limb *y,
                                      size_t yn)
{
    cy_limb mask = -cy_mpn_sub(r, x, xn, y, yn);
    cy__mul_cnd_neg(r, r, xn, mask);
    return mask;
}

/* {t, w} = {x, xn} * 2^c, for xn < w and 1 <= c < CY_LIMB_BITS. */
static inline void cy__mul_shifted(cy_limb *t, size_t w, const cy_limb *x, size_t xn, unsigned c)
{
    t[xn] = cy_mpn_lshift(t, x, xn, c);
    cy_mpn_zero(t + xn + 1, w - xn - 1);
}

/* {r, xn + yn} = {x, xn} * {y, yn} for lengths in either order (the top pieces of toom42 and
 * toom32); scratch cy_mpn_mul_itch(max(xn, yn), min(xn, yn)). */
static inline void cy__mul_unordered(cy_limb *r, const cy_limb *x, size_t xn, const cy_limb *y,
                                     size_t yn, cy_limb *tp)
{
    if (xn >= yn)
        cy_mpn_mul(r, x, xn, y, yn, tp);
    else
        cy_mpn_mul(r, y, yn, x, xn, tp);
}

/* Split sizes. toom22: a = a0 + a1 B^m, m = ceil(n/2) >= h = n - m >= 1.
 * toom33: a = a0 + a1 B^k + a2 B^2k, k = ceil(n/3), s = n - 2k, 1 <= s <= k for n >= 5.
 * toom44: a = a0 + a1 B^k + a2 B^2k + a3 B^3k, k = ceil(n/4), s = n - 3k, 1 <= s <= k for n >= 10. */
#define T22_M(n) (((n) + 1) / 2)
#define T33_K(n) (((n) + 2) / 3)
#define T44_K(n) (((n) + 3) / 4)
#define T42_K(an) (((an) + 3) / 4)
#define T32_K(an) (((an) + 2) / 3)

/* The algorithms (their contracts at their definitions): balanced n x n ... */
void cy__mpn_toom22(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
    __attribute__((visibility("hidden")));
void cy__mpn_toom33(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
    __attribute__((visibility("hidden")));
void cy__mpn_toom44(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
    __attribute__((visibility("hidden")));
size_t cy__mpn_toom22_itch(size_t n, int sq) __attribute__((visibility("hidden")));
size_t cy__mpn_toom33_itch(size_t n, int sq) __attribute__((visibility("hidden")));
size_t cy__mpn_toom44_itch(size_t n, int sq) __attribute__((visibility("hidden")));
/* ... and unbalanced an x bn. */
void cy__mpn_toom22u(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                     cy_limb *tp) __attribute__((visibility("hidden")));
void cy__mpn_toom32(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                    cy_limb *tp) __attribute__((visibility("hidden")));
void cy__mpn_toom42(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                    cy_limb *tp) __attribute__((visibility("hidden")));
size_t cy__mpn_toom22u_itch(size_t an, size_t bn) __attribute__((visibility("hidden")));
size_t cy__mpn_toom32_itch(size_t an, size_t bn) __attribute__((visibility("hidden")));
size_t cy__mpn_toom42_itch(size_t an, size_t bn) __attribute__((visibility("hidden")));

/* The interpolation of Toom-3 and Toom-4/2 (src/mpn/toom33.c). */
void cy__toom_interpolate5(cy_limb *r, size_t rn, size_t k, cy_limb *v1, cy_limb *vm1,
                           cy_limb *v2, size_t vinfn, cy_limb sign)
    __attribute__((visibility("hidden")));

#endif /* CARRY_SRC_MPN_TOOM_H */
