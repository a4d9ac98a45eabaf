/* Multiplication: cy_mpn_mul, cy_mpn_mul_n, cy_mpn_sqr, cy_mpn_mullo_n and their scratch sizes.
 * SPDX-License-Identifier: MIT
 *
 * Algorithms by size n (thresholds: cy__mul_tune_now(), the back end's set from the generated
 * src/mpn/thresholds.h or, on the ifma back end, thresholds_ifma.h):
 *   n <= fixed_max (8 or 16)    fully unrolled kernels (table mul_fixed / sqr_fixed / mullo_fixed,
 *                               tools/gen-mul)
 *   n <  toom22                 basecase (table mul_basecase / sqr_basecase)
 *   toom22 <= n < toom33        Karatsuba, subtractive form (|a0 - a1| |b0 - b1|)
 *   toom33 <= n < toom44        Toom-3 at 0, 1, -1, 2, inf; interpolation of Bodrato and Zanoni
 *   toom44 <= n < fft           Toom-4 at 0, 1, -1, 2, -2, 1/2, inf
 *   n >= fft                    number-theoretic transforms over three primes (mul_fft.c)
 * Unbalanced products cut the longer operand into pieces of the shorter one's length, or of twice
 * that length multiplied by Toom-4/2 (toom42) when the shorter one takes Karatsuba or more (rows
 * of addmul_1 when the shorter one has at most ROWS_MAX limbs).
 *
 * Constant time: every branch and every memory index depends on the lengths only. Signs of
 * differences become masks that drive a conditional negation, never a branch.
 *
 * Scratch: each recursive step takes its temporaries from the front of its scratch area and hands
 * the rest to the steps it calls, so the scratch of a size is its own temporaries plus the largest
 * scratch among the calls made while they are live. The *_itch functions below compute exactly
 * that recurrence (O(log n) steps); the formulas are in carry/mpn.h. */
#include "impl.h"
#include "thresholds.h"
#include "thresholds_ifma.h"

const cy__mul_thresholds cy__mul_tune_base = {
    CY_MUL_TOOM22_THRESHOLD, CY_MUL_TOOM33_THRESHOLD, CY_SQR_TOOM22_THRESHOLD,
    CY_SQR_TOOM33_THRESHOLD, CY_MULLO_THRESHOLD,      CY_MUL_TOOM44_THRESHOLD,
    CY_SQR_TOOM44_THRESHOLD, CY_MUL_FFT_THRESHOLD,    CY_SQR_FFT_THRESHOLD,
};
const cy__mul_thresholds cy__mul_tune_ifma = {
    CY_IFMA_MUL_TOOM22_THRESHOLD, CY_IFMA_MUL_TOOM33_THRESHOLD, CY_IFMA_SQR_TOOM22_THRESHOLD,
    CY_IFMA_SQR_TOOM33_THRESHOLD, CY_IFMA_MULLO_THRESHOLD,      CY_IFMA_MUL_TOOM44_THRESHOLD,
    CY_IFMA_SQR_TOOM44_THRESHOLD, CY_IFMA_MUL_FFT_THRESHOLD,    CY_IFMA_SQR_FFT_THRESHOLD,
};
const cy__mul_thresholds *cy__mul_tune_force = NULL;

#define FIXED_MAX 8 /* unrolled kernels exist up to this n on every back end (the table's fixed_max) */
/* Unbalanced products with bn <= ROWS_MAX run as rows of mul_1 / addmul_1: for so few rows the
 * linear kernels beat a basecase built for longer b (measured on the adx back end: 1000 x 4). */
#define ROWS_MAX 4

static size_t max2(size_t x, size_t y) { return x > y ? x : y; }
static size_t min2(size_t x, size_t y) { return x < y ? x : y; }

/* ---- helpers ---- */

/* {r, n} = mask ? -{a, n} mod B^n : {a, n}, for mask 0 or all ones, n >= 1; returns 1 when mask
 * is all ones and {a, n} != 0, else 0. -a = NOT(a) + 1: one XOR pass (no carry, so the compiler
 * vectorises it) and the dispatched add_1, which propagates the carry through all n limbs
 * whatever the values (constant time). Its carry out is 1 exactly when NOT(a) + 1 = B^n, i.e.
 * a = 0. r may equal a. (A single C loop carrying the +1 as a running OR of the limbs ran at
 * about 2.4 cycles/limb; this pair at about 1.) */
static cy_limb cnd_neg(cy_limb *r, const cy_limb *a, size_t n, cy_limb mask)
{
    for (size_t i = 0; i < n; i++)
        r[i] = a[i] ^ mask;
    return (mask & 1) ^ cy_mpn_add_1(r, r, n, mask & 1);
}

/* {r, xn} = |{x, xn} - {y, yn}|, xn >= yn; returns the sign as a mask: all ones when x < y.
 * x - y mod B^xn borrows exactly when x < y, and then B^xn - (x - y mod B^xn) = y - x. */
static cy_limb abs_sub(cy_limb *r, const cy_limb *x, size_t xn, const cy_limb *y, size_t yn)
{
    cy_limb mask = -cy_mpn_sub(r, x, xn, y, yn);
    cnd_neg(r, r, xn, mask);
    return mask;
}

/* ---- equal sizes: the recursion ---- */

static void mul_rec(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq);

/* Which algorithm serves size n: 0 fixed, 1 basecase (or fixed up to the table's fixed_max),
 * 2 toom22, 3 toom33, 4 toom44, 5 fft. */
static int algo(size_t n, int sq)
{
    const cy__mul_thresholds *th = cy__mul_tune_now();
    size_t t22 = sq ? th->sqr_toom22 : th->mul_toom22;
    size_t t33 = sq ? th->sqr_toom33 : th->mul_toom33;
    size_t t44 = sq ? th->sqr_toom44 : th->mul_toom44;
    size_t tfft = sq ? th->sqr_fft : th->mul_fft;
    if (n <= FIXED_MAX)
        return 0;
    if (n >= tfft)
        return 5;
    if (n < t22)
        return 1;
    if (n < t33)
        return 2;
    return n < t44 || n < 10 ? 3 : 4; /* toom44 needs s >= 1: n = 9 would give s = 0 */
}

/* Split sizes. toom22: a = a0 + a1 B^m, m = ceil(n/2) >= h = n - m >= 1.
 * toom33: a = a0 + a1 B^k + a2 B^2k, k = ceil(n/3), s = n - 2k, 1 <= s <= k for n >= 5.
 * toom44: a = a0 + a1 B^k + a2 B^2k + a3 B^3k, k = ceil(n/4), s = n - 3k, 1 <= s <= k for n >= 10. */
#define T22_M(n) (((n) + 1) / 2)
#define T33_K(n) (((n) + 2) / 3)
#define T44_K(n) (((n) + 3) / 4)

static size_t rec_itch(size_t n, int sq);

/* toom22 needs 2m limbs (the middle product) plus the scratch of its products of sizes m and h
 * (both: the scratch is not monotone in the size, a smaller size may take a hungrier algorithm). */
static size_t toom22_itch(size_t n, int sq)
{
    size_t m = T22_M(n);
    return 2 * m + max2(rec_itch(m, sq), rec_itch(n - m, sq));
}

/* toom33: three products of W = 2k + 2 limbs, the evaluations (6 of k + 1 limbs, 3 for a square)
 * live while v1, v-1, v2 are computed; then v0 (size k) and vinf (size s) reuse that space. */
static size_t toom33_itch(size_t n, int sq)
{
    size_t k = T33_K(n), s = n - 2 * k, w = 2 * k + 2;
    size_t evals = (sq ? 3 : 6) * (k + 1);
    return 3 * w + max2(evals + rec_itch(k + 1, sq), max2(rec_itch(k, sq), rec_itch(s, sq)));
}

/* toom44: five products of W = 2k + 2 limbs, the evaluations (10 of k + 1 limbs, 5 for a square)
 * while v1, v-1, v2, v-2, v1/2 are computed; then v0, vinf and the interpolation's temporary
 * (W limbs) reuse that space. */
static size_t toom44_itch(size_t n, int sq)
{
    size_t k = T44_K(n), s = n - 3 * k, w = 2 * k + 2;
    size_t evals = (sq ? 5 : 10) * (k + 1);
    return 5 * w + max2(evals + rec_itch(k + 1, sq), max2(rec_itch(k, sq), rec_itch(s, sq)));
}

static size_t rec_itch(size_t n, int sq)
{
    switch (algo(n, sq)) {
    case 2: return toom22_itch(n, sq);
    case 3: return toom33_itch(n, sq);
    case 4: return toom44_itch(n, sq);
    case 5: /* no less than toom44 would take: callers rely on S(n) not decreasing with n */
        return max2(cy__mpn_mul_fft_itch(n, n, sq), toom44_itch(n, sq));
    default: return 0;
    }
}

/* The Karatsuba sum in place: on entry {r, 2m} = z0 = L + H0 B^m, {r + 2m, m + hl} = z2 = L2 + H2 B^m
 * (H2 has hl limbs, 0 <= hl <= m; hl = 2h - m for n = m + h) and {zm, 2m} = |a0 - a1| |b0 - b1|;
 * on exit {r, 3m + hl} = z0 + (z0 + z2 + Q) B^m + z2 B^2m, with Q = zm, or -zm when negate is all
 * ones, a product that fits 3m + hl limbs.
 * With t = H0 + L2 = t' + ct B^m (t' < B^m) the sum is, by blocks of m limbs,
 *   [0, m): L    [m, 2m): t' + L    [2m, 3m): t' + H2    [3m, 3m + hl): H2    plus Q B^m,
 * with ct at B^2m and at B^3m. Every pass is a dispatched kernel (add_n, add_1: one carry chain
 * in assembly on x86-64), and each reads its blocks before it overwrites them: t' replaces L2,
 * t' + L replaces H0, t' + H2 replaces t'. Q is added as zm' = Q mod B^2m (cnd_neg): for
 * negate and zm != 0 that adds B^2m - zm, so 1 is taken back at B^3m. The carries (or borrow)
 * collected at B^3m sum to d in [-1, 4]; the product fits 2n limbs, so what would leave the top
 * is void and the signed d can go in as + (d + 1) then - 1. zm is clobbered. */
static void toom22_combine(cy_limb *r, cy_limb *zm, size_t m, size_t hl, cy_limb negate)
{
    cy_limb ct = cy_mpn_add_n(r + 2 * m, r + m, r + 2 * m, m);   /* t' */
    cy_limb c1 = cy_mpn_add_n(r + m, r + 2 * m, r, m);           /* t' + L, carry at B^2m */
    cy_limb c2 = cy_mpn_add(r + 2 * m, r + 2 * m, m, r + 3 * m, hl); /* t' + H2, carry at B^3m */
    cy_limb back = cnd_neg(zm, zm, 2 * m, negate);               /* 1 when B^2m was added */
    cy_limb c3 = cy_mpn_add_n(r + m, r + m, zm, 2 * m);          /* + Q, carry at B^3m */
    cy_limb c4 = cy_mpn_add_1(r + 2 * m, r + 2 * m, m, ct + c1); /* <= 2 at B^2m */
    cy_mpn_add_1(r + 3 * m, r + 3 * m, hl, ct + c2 + c3 + c4 + 1 - back);
    cy_mpn_sub_1(r + 3 * m, r + 3 * m, hl, 1);
}

/* Karatsuba: a b = z0 + (z0 + z2 - (a0 - a1)(b0 - b1)) B^m + z2 B^2m with z0 = a0 b0, z2 = a1 b1
 * (Knuth, TAOCP vol. 2, 4.3.3, the subtractive form, which keeps the factors at m limbs).
 * The sign of (a0 - a1)(b0 - b1) is a mask that toom22_combine applies. */
static void toom22(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    size_t m = T22_M(n), h = n - m;
    cy_limb *zm = tp, *rest = tp + 2 * m;
    /* |a0 - a1| in r[0, m), |b0 - b1| in r[m, 2m): r is free until z0 and z2 are written. */
    cy_limb sign = abs_sub(r, a, m, a + m, h);
    if (sq) {
        mul_rec(zm, r, r, m, rest, 1);
        sign = 0; /* (a0 - a1)^2 >= 0 */
    } else {
        sign ^= abs_sub(r + m, b, m, b + m, h);
        mul_rec(zm, r, r + m, m, rest, 0);
    }
    mul_rec(r, a, b, m, rest, sq);                   /* z0 */
    mul_rec(r + 2 * m, a + m, b + m, h, rest, sq);   /* z2 */
    toom22_combine(r, zm, m, 2 * h - m, ~sign);
}

/* Karatsuba for bn < an < 1.5 bn: a = a0 + a1 B^m, b = b0 + b1 B^m with m = ceil(an/2), h = an - m
 * limbs in a1 and hb = bn - m in b1 (1 <= hb <= h <= m, h + hb >= m for the caller's shapes): z0
 * and |a0 - a1| |b0 - b1| are m x m products, z2 = a1 b1 an h x hb one, and the sum is
 * toom22_combine's with hl = h + hb - m. Three products instead of bn x bn plus bn x (an - bn).
 * Scratch: the middle product (2m limbs), then the products' own. */
static size_t toom22u_itch(size_t an, size_t bn)
{
    size_t m = T22_M(an), h = an - m, hb = bn - m;
    return 2 * m + max2(rec_itch(m, 0), cy_mpn_mul_itch(h, hb));
}

static void toom22u(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn, cy_limb *tp)
{
    size_t m = T22_M(an), h = an - m, hb = bn - m;
    cy_limb *zm = tp, *rest = tp + 2 * m;
    cy_limb sign = abs_sub(r, a, m, a + m, h) ^ abs_sub(r + m, b, m, b + m, hb);
    mul_rec(zm, r, r + m, m, rest, 0);
    mul_rec(r, a, b, m, rest, 0);                             /* z0 */
    cy_mpn_mul(r + 2 * m, a + m, h, b + m, hb, rest);          /* z2 */
    toom22_combine(r, zm, m, h + hb - m, ~sign);
}

/* The interpolation of Toom-3 (and Toom-4/2) from the points 0, 1, -1, 2, inf, and the sum of
 * the coefficients into r. On entry {r, 2k} = v0 = c0, {r + 4k, vinfn} = vinf = c4, v1, vm1 (its
 * absolute value; sign: all ones when v-1 < 0) and v2 are W = 2k + 2 limbs; on exit
 * {r, rn} = c0 + c1 B^k + c2 B^2k + c3 B^3k + c4 B^4k, rn = 4k + vinfn (v1, vm1, v2 clobbered).
 * The sequence of M. Bodrato and A. Zanoni, "Integer and polynomial multiplication: towards optimal
 * Toom-Cook matrices" (ISSAC 2007), for these points:
 *   v2 = (v2 - v-1) / 3        = c1 + c2 + 3c3 + 5c4
 *   v-1 = (v1 - v-1) / 2       = c1 + c3
 *   v1 = v1 - v0               = c1 + c2 + c3 + c4
 *   v2 = (v2 - v1) / 2 - 2vinf = c3
 *   v1 = v1 - v-1 - vinf       = c2
 *   v-1 = v-1 - v2             = c1
 * Every intermediate value is a non-negative integer below B^(2k+1) when the caller's products
 * satisfy |v-1| <= v1, |v-1| <= v2 and c_i < B^(2k+1) (so v2 - v-1 >= 0, v1 - v-1 >= 0), so the
 * work is done modulo B^W, with v-1 in two's complement, and the halvings are plain right shifts.
 * c3 must have at most rn - 3k significant limbs (the callers' bounds). */
static void interpolate5(cy_limb *r, size_t rn, size_t k, cy_limb *v1, cy_limb *vm1, cy_limb *v2,
                         size_t vinfn, cy_limb sign)
{
    size_t w = 2 * k + 2;
    const cy_limb *v0 = r, *vinf = r + 4 * k;
    cnd_neg(vm1, vm1, w, sign);                  /* v-1 with its sign (two's complement) */
    cy_mpn_sub_n(v2, v2, vm1, w);
    cy__mpn_divexact_small(v2, v2, w, 3);
    cy_mpn_sub_n(vm1, v1, vm1, w);
    cy_mpn_rshift(vm1, vm1, w, 1);
    cy_mpn_sub(v1, v1, w, v0, 2 * k);
    cy_mpn_sub_n(v2, v2, v1, w);
    cy_mpn_rshift(v2, v2, w, 1);
    cy_mpn_sub(v2, v2, w, vinf, vinfn);
    cy_mpn_sub(v2, v2, w, vinf, vinfn);
    cy_mpn_sub_n(v1, v1, vm1, w);
    cy_mpn_sub(v1, v1, w, vinf, vinfn);
    cy_mpn_sub_n(vm1, vm1, v2, w);

    /* r = c0 + c1 B^k + c2 B^2k + c3 B^3k + c4 B^4k: c1, c2 fit in W limbs (below B^(2k+1)) and
     * W <= rn - 2k (callers: vinfn >= 2); c3 has at most rn - 3k significant limbs. */
    cy_mpn_zero(r + 2 * k, 2 * k);
    cy_mpn_add(r + k, r + k, rn - k, vm1, w);
    cy_mpn_add(r + 2 * k, r + 2 * k, rn - 2 * k, v1, w);
    cy_mpn_add(r + 3 * k, r + 3 * k, rn - 3 * k, v2, min2(w, rn - 3 * k));
}

/* Toom-3 (Toom 1963, Cook 1966) with evaluation points 0, 1, -1, 2, inf.
 * Evaluations (k + 1 limbs each): A(1) = a0 + a1 + a2 < 3 B^k, |A(-1)| = |a0 - a1 + a2| < 2 B^k,
 * A(2) = a0 + 2 a1 + 4 a2 < 7 B^k. Products v0 = a0 b0, v1, v-1 (signed), v2, vinf = a2 b2 give
 * the coefficients c0..c4 of the product polynomial by interpolate5: |A(-1)| <= A(1), A(2), the
 * coefficients are below 3 B^2k, and c3 = a1 b2 + a2 b1 < 2 B^(k+s) has at most k + s + 1 <=
 * 2n - 3k significant limbs. */
static void toom33(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    size_t k = T33_K(n), s = n - 2 * k, w = 2 * k + 2, k1 = k + 1;
    cy_limb *v1 = tp, *vm1 = tp + w, *v2 = tp + 2 * w, *ev = tp + 3 * w;
    const cy_limb *x = a;
    cy_limb sign = 0;
    /* Evaluate a (then b) into ev: [A(1)][|A(-1)|][A(2)]. */
    for (int side = 0; side < (sq ? 1 : 2); side++, x = b) {
        cy_limb *e1 = ev + 3 * k1 * side, *em1 = e1 + k1, *e2 = em1 + k1;
        e1[k] = cy_mpn_add(e1, x, k, x + 2 * k, s);            /* a0 + a2 < 2 B^k */
        sign ^= abs_sub(em1, e1, k1, x + k, k);                /* |a0 + a2 - a1| */
        cy_mpn_add(e1, e1, k1, x + k, k);                      /* a0 + a1 + a2 */
        e2[s] = cy_mpn_lshift(e2, x + 2 * k, s, 1);            /* 2 a2 */
        cy_mpn_zero(e2 + s + 1, k - s);
        cy_mpn_add(e2, e2, k1, x + k, k);                      /* a1 + 2 a2 < 3 B^k */
        cy_mpn_lshift(e2, e2, k1, 1);                          /* < 6 B^k: nothing out */
        cy_mpn_add(e2, e2, k1, x, k);                          /* a0 + 2 a1 + 4 a2 */
    }
    if (sq)
        sign = 0; /* A(-1)^2 >= 0 */
    cy_limb *f1 = ev + (sq ? 0 : 3 * k1), *rest = ev + (sq ? 3 : 6) * k1;
    mul_rec(v1, ev, f1, k1, rest, sq);
    mul_rec(vm1, ev + k1, f1 + k1, k1, rest, sq);
    mul_rec(v2, ev + 2 * k1, f1 + 2 * k1, k1, rest, sq);
    /* v0 and vinf go to their places in r; the evaluations are dead, so their space is scratch. */
    mul_rec(r, a, b, k, ev, sq);
    mul_rec(r + 4 * k, a + 2 * k, b + 2 * k, s, ev, sq);
    interpolate5(r, 2 * n, k, v1, vm1, v2, 2 * s, sign);
}

/* {t, w} = {x, xn} * 2^c, for xn < w and 1 <= c < CY_LIMB_BITS. */
static void shifted(cy_limb *t, size_t w, const cy_limb *x, size_t xn, unsigned c)
{
    t[xn] = cy_mpn_lshift(t, x, xn, c);
    cy_mpn_zero(t + xn + 1, w - xn - 1);
}

/* Toom-4 (Toom 1963, Cook 1966) with evaluation points 0, 1, -1, 2, -2, 1/2, inf (the points
 * of Bodrato and Zanoni, ISSAC 2007, for Toom-4; 1/2 as 8 A(1/2) = 8a0 + 4a1 + 2a2 + a3, whose
 * product is 64 C(1/2)). Evaluations (k + 1 limbs): A(1) < 4 B^k, |A(-1)| < 2 B^k, A(2) < 15 B^k,
 * |A(-2)| < 10 B^k, 8 A(1/2) < 15 B^k; the products are below 225 B^2k < B^(2k+1), so the
 * coefficients c0..c6 of C = A B and every step below fit W = 2k + 2 limbs. The interpolation
 * (derived for carry; every intermediate value is a non-negative integer, so the work is done
 * modulo B^W with v-1, v-2 in two's complement and the divisions by 2, 4 are plain shifts):
 *   v-1 = (v1 + v-1) / 2 = c0 + c2 + c4 + c6,   v1 = v1 - v-1 = c1 + c3 + c5            (O1)
 *   v-2 = (v2 + v-2) / 2 = c0 + 4c2 + 16c4 + 64c6,   v2 = (v2 - v-2) / 2 = c1 + 4c3 + 16c5 (O2)
 *   v-1 = v-1 - c0 - c6 = c2 + c4,   v-2 = (v-2 - c0 - 64 c6) / 4 = c2 + 4 c4
 *   v-2 = (v-2 - v-1) / 3 = c4,   v-1 = v-1 - v-2 = c2
 *   vh = (vh - 64 c0 - 16 c2 - 4 c4 - c6) / 2 = 16 c1 + 4 c3 + c5                         (O3)
 *   v2 = (O2 - O1) / 3 = c3 + 5 c5,   vh = (16 O1 - O3) / 3 = 4 c3 + 5 c5
 *   vh = (vh - v2) / 3 = c3,   v2 = (v2 - vh) / 5 = c5,   v1 = v1 - vh - v2 = c1 */
static void toom44(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    size_t k = T44_K(n), s = n - 3 * k, w = 2 * k + 2, k1 = k + 1;
    cy_limb *v1 = tp, *vm1 = tp + w, *v2 = tp + 2 * w, *vm2 = tp + 3 * w, *vh = tp + 4 * w;
    cy_limb *ev = tp + 5 * w;
    const cy_limb *x = a;
    cy_limb sign1 = 0, sign2 = 0;
    /* Evaluate a (then b) into ev: [A(1)][|A(-1)|][A(2)][|A(-2)|][8 A(1/2)]. */
    for (int side = 0; side < (sq ? 1 : 2); side++, x = b) {
        cy_limb *e1 = ev + 5 * k1 * side, *em1 = e1 + k1, *e2 = em1 + k1, *em2 = e2 + k1,
                *eh = em2 + k1;
        const cy_limb *x0 = x, *x1 = x + k, *x2 = x + 2 * k, *x3 = x + 3 * k;
        e1[k] = cy_mpn_add_n(e1, x0, x2, k);                   /* x0 + x2 */
        e2[k] = cy_mpn_add(e2, x1, k, x3, s);                  /* x1 + x3 */
        sign1 ^= abs_sub(em1, e1, k1, e2, k1);                 /* |A(-1)| */
        cy_mpn_add_n(e1, e1, e2, k1);                          /* A(1) */
        eh[k] = cy_mpn_lshift(eh, x2, k, 2);                   /* x0 + 4 x2 < 5 B^k */
        cy_mpn_add(eh, eh, k1, x0, k);
        shifted(e2, k1, x3, s, 2);                             /* 2 x1 + 8 x3 < 10 B^k */
        cy_mpn_add(e2, e2, k1, x1, k);
        cy_mpn_lshift(e2, e2, k1, 1);
        sign2 ^= abs_sub(em2, eh, k1, e2, k1);                 /* |A(-2)| */
        cy_mpn_add_n(e2, e2, eh, k1);                          /* A(2) */
        eh[k] = cy_mpn_lshift(eh, x0, k, 1);                   /* ((2 x0 + x1) 2 + x2) 2 + x3 */
        cy_mpn_add(eh, eh, k1, x1, k);
        cy_mpn_lshift(eh, eh, k1, 1);
        cy_mpn_add(eh, eh, k1, x2, k);
        cy_mpn_lshift(eh, eh, k1, 1);
        cy_mpn_add(eh, eh, k1, x3, s);
    }
    if (sq)
        sign1 = sign2 = 0; /* squares are >= 0 */
    const cy_limb *f = ev + (sq ? 0 : 5 * k1);
    cy_limb *rest = ev + (sq ? 5 : 10) * k1;
    mul_rec(v1, ev, f, k1, rest, sq);
    mul_rec(vm1, ev + k1, f + k1, k1, rest, sq);
    mul_rec(v2, ev + 2 * k1, f + 2 * k1, k1, rest, sq);
    mul_rec(vm2, ev + 3 * k1, f + 3 * k1, k1, rest, sq);
    mul_rec(vh, ev + 4 * k1, f + 4 * k1, k1, rest, sq);
    /* v0 and vinf go to their places in r; the evaluations are dead, so their space is scratch. */
    mul_rec(r, a, b, k, ev, sq);
    mul_rec(r + 6 * k, a + 3 * k, b + 3 * k, s, ev, sq);
    const cy_limb *v0 = r, *vinf = r + 6 * k;
    cy_limb *t = ev; /* W limbs */

    cnd_neg(vm1, vm1, w, sign1);
    cnd_neg(vm2, vm2, w, sign2);
    cy_mpn_add_n(vm1, v1, vm1, w);
    cy_mpn_rshift(vm1, vm1, w, 1);                 /* E1 = c0 + c2 + c4 + c6 */
    cy_mpn_sub_n(v1, v1, vm1, w);                  /* O1 = c1 + c3 + c5 */
    cy_mpn_add_n(vm2, v2, vm2, w);
    cy_mpn_rshift(vm2, vm2, w, 1);                 /* E2 = c0 + 4c2 + 16c4 + 64c6 */
    cy_mpn_sub_n(v2, v2, vm2, w);
    cy_mpn_rshift(v2, v2, w, 1);                   /* O2 = c1 + 4c3 + 16c5 */
    cy_mpn_sub(vm1, vm1, w, v0, 2 * k);
    cy_mpn_sub(vm1, vm1, w, vinf, 2 * s);          /* c2 + c4 */
    cy_mpn_sub(vm2, vm2, w, v0, 2 * k);
    shifted(t, w, vinf, 2 * s, 6);
    cy_mpn_sub_n(vm2, vm2, t, w);
    cy_mpn_rshift(vm2, vm2, w, 2);                 /* c2 + 4c4 */
    cy_mpn_sub_n(vm2, vm2, vm1, w);
    cy__mpn_divexact_small(vm2, vm2, w, 3);        /* c4 */
    cy_mpn_sub_n(vm1, vm1, vm2, w);                /* c2 */
    shifted(t, w, v0, 2 * k, 6);
    cy_mpn_sub_n(vh, vh, t, w);
    cy_mpn_lshift(t, vm1, w, 4);
    cy_mpn_sub_n(vh, vh, t, w);
    cy_mpn_lshift(t, vm2, w, 2);
    cy_mpn_sub_n(vh, vh, t, w);
    cy_mpn_sub(vh, vh, w, vinf, 2 * s);
    cy_mpn_rshift(vh, vh, w, 1);                   /* O3 = 16c1 + 4c3 + c5 */
    cy_mpn_sub_n(v2, v2, v1, w);
    cy__mpn_divexact_small(v2, v2, w, 3);          /* c3 + 5c5 */
    cy_mpn_lshift(t, v1, w, 4);
    cy_mpn_sub_n(vh, t, vh, w);
    cy__mpn_divexact_small(vh, vh, w, 3);          /* 4c3 + 5c5 */
    cy_mpn_sub_n(vh, vh, v2, w);
    cy__mpn_divexact_small(vh, vh, w, 3);          /* c3 */
    cy_mpn_sub_n(v2, v2, vh, w);
    cy__mpn_divexact_small(v2, v2, w, 5);          /* c5 */
    cy_mpn_sub_n(v1, v1, vh, w);
    cy_mpn_sub_n(v1, v1, v2, w);                   /* c1 */

    /* r = sum c_i B^ik: c1..c4 < 4 B^2k fit in W limbs and below B^2n; c5 = a2 b3 + a3 b2 <
     * 2 B^(k+s) has at most k + s + 1 <= 2n - 5k significant limbs. */
    cy_mpn_zero(r + 2 * k, 4 * k);
    cy_mpn_add(r + k, r + k, 2 * n - k, v1, w);
    cy_mpn_add(r + 2 * k, r + 2 * k, 2 * n - 2 * k, vm1, w);
    cy_mpn_add(r + 3 * k, r + 3 * k, 2 * n - 3 * k, vh, w);
    cy_mpn_add(r + 4 * k, r + 4 * k, 2 * n - 4 * k, vm2, w);
    cy_mpn_add(r + 5 * k, r + 5 * k, 2 * n - 5 * k, v2, min2(w, 2 * n - 5 * k));
}

/* {r, xn + yn} = {x, xn} * {y, yn} for lengths in either order (the top pieces of toom42 and
 * toom32); scratch cy_mpn_mul_itch(max(xn, yn), min(xn, yn)). */
static void mul_unordered(cy_limb *r, const cy_limb *x, size_t xn, const cy_limb *y, size_t yn,
                          cy_limb *tp)
{
    if (xn >= yn)
        cy_mpn_mul(r, x, xn, y, yn, tp);
    else
        cy_mpn_mul(r, y, yn, x, xn, tp);
}

/* Toom-4/2 (the unbalanced Toom of Bodrato and Zanoni, ISSAC 2007) for 2bn x bn chunks of an
 * unbalanced product: a = a0 + a1 X + a2 X^2 + a3 X^3, b = b0 + b1 X with X = B^k, k = ceil(an/4),
 * sa = an - 3k limbs in a3, sb = bn - k in b1, 1 <= sa, sb <= k and 5 (k + 1) <= an + bn (the
 * caller's shapes: an = 2bn, bn >= 24). The product has degree 4: the points and the
 * interpolation of Toom-3 (interpolate5).
 * Evaluations (k + 1 limbs): A(1) < 4 B^k, |A(-1)| = |(a0 + a2) - (a1 + a3)| < 2 B^k,
 * A(2) = ((2 a3 + a2) 2 + a1) 2 + a0 < 15 B^k; B(1) < 2 B^k, |B(-1)| < B^k, B(2) = B(1) + b1 <
 * 3 B^k. So v2 < 45 B^2k < B^(2k+1), |A(-1)| <= A(1), A(2) and likewise for b; c1, c2, c3 < 2 B^2k,
 * and c3 = a2 b1 + a3 b0 < 2 B^(k + max(sa, sb)) has at most an + bn - 3k significant limbs.
 * Replaces the two bn x bn products of the chunk by five of about bn/2 limbs. Scratch: v1, v-1,
 * v2 (W limbs each) and B(2); the other evaluations sit in r until v0 and vinf are written. */
#define T42_K(an) (((an) + 3) / 4)

static size_t toom42_itch(size_t an, size_t bn)
{
    size_t k = T42_K(an), sa = an - 3 * k, sb = bn - k;
    return 3 * (2 * k + 2) + max2(k + 1 + rec_itch(k + 1, 0),
                                  max2(rec_itch(k, 0), cy_mpn_mul_itch(max2(sa, sb), min2(sa, sb))));
}

static void toom42(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn, cy_limb *tp)
{
    size_t k = T42_K(an), sa = an - 3 * k, sb = bn - k, w = 2 * k + 2, k1 = k + 1;
    cy_limb *v1 = tp, *vm1 = tp + w, *v2 = tp + 2 * w, *eb2 = tp + 3 * w, *rest = eb2 + k1;
    /* Five evaluations in r, free until v0 and vinf are written (the caller: 5 (k + 1) <= an + bn) */
    cy_limb *ea1 = r, *eam1 = r + k1, *ea2 = r + 2 * k1, *eb1 = r + 3 * k1, *ebm1 = r + 4 * k1;
    const cy_limb *a1 = a + k, *a2 = a + 2 * k, *a3 = a + 3 * k, *b1 = b + k;
    ea1[k] = cy_mpn_add_n(ea1, a, a2, k);                  /* a0 + a2 */
    ea2[k] = cy_mpn_add(ea2, a1, k, a3, sa);               /* a1 + a3 */
    cy_limb sign = abs_sub(eam1, ea1, k1, ea2, k1);        /* |A(-1)| */
    cy_mpn_add_n(ea1, ea1, ea2, k1);                       /* A(1) */
    shifted(ea2, k1, a3, sa, 1);                           /* 2 a3 */
    cy_mpn_add(ea2, ea2, k1, a2, k);
    cy_mpn_lshift(ea2, ea2, k1, 1);
    cy_mpn_add(ea2, ea2, k1, a1, k);
    cy_mpn_lshift(ea2, ea2, k1, 1);
    cy_mpn_add(ea2, ea2, k1, a, k);                        /* A(2) */
    eb1[k] = cy_mpn_add(eb1, b, k, b1, sb);                /* B(1) */
    sign ^= abs_sub(ebm1, b, k, b1, sb);                   /* |B(-1)| */
    ebm1[k] = 0;
    cy_mpn_add(eb2, eb1, k1, b1, sb);                      /* B(2) */
    mul_rec(v1, ea1, eb1, k1, rest, 0);
    mul_rec(vm1, eam1, ebm1, k1, rest, 0);
    mul_rec(v2, ea2, eb2, k1, rest, 0);
    /* v0 and vinf go to their places in r over the dead evaluations. */
    mul_rec(r, a, b, k, eb2, 0);
    mul_unordered(r + 4 * k, a3, sa, b1, sb, eb2);
    interpolate5(r, an + bn, k, v1, vm1, v2, sa + sb, sign);
}

/* Toom-3/2 (Bodrato and Zanoni, ISSAC 2007) for products with 1.5 bn <= an < 2bn or so:
 * a = a0 + a1 X + a2 X^2, b = b0 + b1 X with X = B^k, k = ceil(an/3), sa = an - 2k limbs in a2,
 * sb = bn - k in b1, 1 <= sa, sb <= k and sa + sb >= k + 4 (the caller's shapes). The product has
 * degree 3; points 0, 1, -1, inf. Evaluations (k + 1 limbs): A(1) < 3 B^k,
 * |A(-1)| = |(a0 + a2) - a1| < 2 B^k, B(1) < 2 B^k, |B(-1)| < B^k; v1 = A(1) B(1) < 6 B^2k,
 * |v-1| <= v1. With v-1 signed, (v1 + v-1)/2 = c0 + c2 and (v1 - v-1)/2 = c1 + c3, both
 * non-negative and below B^(2k+1), so the work is modulo B^W (W = 2k + 2), v-1 in two's
 * complement, the halving a plain shift. c2 = a1 b1 + a2 b0 < 2 B^(k + max(sa, sb)) has at most
 * an + bn - 2k significant limbs. Four products of about k limbs instead of a bn x bn product and
 * a bn x (an - bn) one. Scratch: v1 and v-1 (W limbs each); the four evaluations sit in r
 * (4 (k + 1) <= an + bn) until v0 and vinf are written. */
#define T32_K(an) (((an) + 2) / 3)

static size_t toom32_itch(size_t an, size_t bn)
{
    size_t k = T32_K(an), sa = an - 2 * k, sb = bn - k;
    return 2 * (2 * k + 2) + max2(rec_itch(k + 1, 0), max2(rec_itch(k, 0),
                                  cy_mpn_mul_itch(max2(sa, sb), min2(sa, sb))));
}

static void toom32(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn, cy_limb *tp)
{
    size_t k = T32_K(an), sa = an - 2 * k, sb = bn - k, w = 2 * k + 2, k1 = k + 1, rn = an + bn;
    cy_limb *v1 = tp, *vm1 = tp + w, *rest = tp + 2 * w;
    cy_limb *ea1 = r, *eam1 = r + k1, *eb1 = r + 2 * k1, *ebm1 = r + 3 * k1;
    const cy_limb *a1 = a + k, *a2 = a + 2 * k, *b1 = b + k;
    ea1[k] = cy_mpn_add(ea1, a, k, a2, sa);                /* a0 + a2 */
    cy_limb sign = abs_sub(eam1, ea1, k1, a1, k);          /* |A(-1)| */
    cy_mpn_add(ea1, ea1, k1, a1, k);                       /* A(1) */
    eb1[k] = cy_mpn_add(eb1, b, k, b1, sb);                /* B(1) */
    sign ^= abs_sub(ebm1, b, k, b1, sb);                   /* |B(-1)| */
    ebm1[k] = 0;
    mul_rec(v1, ea1, eb1, k1, rest, 0);
    mul_rec(vm1, eam1, ebm1, k1, rest, 0);
    /* v0 and vinf go to their places in r over the dead evaluations. */
    mul_rec(r, a, b, k, rest, 0);
    mul_unordered(r + 3 * k, a2, sa, b1, sb, rest);
    cnd_neg(vm1, vm1, w, sign);                            /* v-1 with its sign */
    cy_mpn_add_n(vm1, v1, vm1, w);
    cy_mpn_rshift(vm1, vm1, w, 1);                         /* c0 + c2 */
    cy_mpn_sub_n(v1, v1, vm1, w);                          /* c1 + c3 */
    cy_mpn_sub(vm1, vm1, w, r, 2 * k);                     /* c2 */
    cy_mpn_sub(v1, v1, w, r + 3 * k, sa + sb);             /* c1 */
    cy_mpn_zero(r + 2 * k, k);
    cy_mpn_add(r + k, r + k, rn - k, v1, w);
    cy_mpn_add(r + 2 * k, r + 2 * k, rn - 2 * k, vm1, min2(w, rn - 2 * k));
}

static void mul_rec(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    const cy_mpn_table *t = cy__mpn_table();
    switch (algo(n, sq)) {
    case 0:
    case 1:
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
    case 2: toom22(r, a, b, n, tp, sq); break;
    case 3: toom33(r, a, b, n, tp, sq); break;
    case 4: toom44(r, a, b, n, tp, sq); break;
    default: cy__mpn_mul_fft(r, a, n, b, n, tp, sq); break;
    }
}

/* ---- public entry points ---- */

size_t cy_mpn_mul_n_itch(size_t n)
{
    return rec_itch(n, 0);
}

void cy_mpn_mul_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1);
    CY_ASSERT(cy__disjoint(r, 2 * n, a, n) && cy__disjoint(r, 2 * n, b, n));
    /* The common small case without the walk through mul_rec: only tail jumps, no call. */
    const cy_mpn_table *t = cy__mpn_table();
    if (n <= t->fixed_max)
        t->mul_fixed[n](r, a, b);
    else
        mul_rec(r, a, b, n, scratch, 0);
}

size_t cy_mpn_sqr_itch(size_t n)
{
    return rec_itch(n, 1);
}

void cy_mpn_sqr(cy_limb *r, const cy_limb *a, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1 && cy__disjoint(r, 2 * n, a, n));
    const cy_mpn_table *t = cy__mpn_table(); /* as in cy_mpn_mul_n */
    if (n <= t->fixed_max)
        t->sqr_fixed[n](r, a);
    else
        mul_rec(r, a, a, n, scratch, 1);
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
    return an >= 2 * bn && bn >= 24 && algo(bn, 0) >= 2;
}

/* toom22u for bn < an < 1.5 bn, bn >= 24 and Karatsuba or more at bn: then m = ceil(an/2) < bn,
 * hb = bn - m <= h and h + hb = an + bn - 2m >= bn - 1 >= m. */
static int use_toom22u(size_t an, size_t bn)
{
    return an > bn && 2 * an < 3 * bn && bn >= 24 && algo(bn, 0) >= 2;
}

/* toom32 for 1.5 bn <= an < 2bn (2an >= 3bn), bn >= 24 and Karatsuba or more at bn: then
 * k = ceil(an/3) < bn <= 2k, and sa + sb = an + bn - 3k >= k + 4. */
static int use_toom32(size_t an, size_t bn)
{
    return an < 2 * bn && 2 * an >= 3 * bn && bn >= 24 && algo(bn, 0) >= 2;
}

size_t cy_mpn_mul_itch(size_t an, size_t bn)
{
    if (an == bn) /* a == b makes it a square */
        return max2(cy_mpn_mul_n_itch(an), cy_mpn_sqr_itch(an));
    if (algo(bn, 0) < 2)
        return 0;
    if (use_toom32(an, bn))
        return toom32_itch(an, bn);
    if (use_toom22u(an, bn))
        return toom22u_itch(an, bn);
    int t42 = use_toom42(an, bn);
    size_t step = t42 ? 2 * bn : bn, len = an % step;
    size_t chunk = t42 ? toom42_itch(step, bn) : cy_mpn_mul_n_itch(bn);
    size_t last = !len ? 0 : len >= bn ? cy_mpn_mul_itch(len, bn) : cy_mpn_mul_itch(bn, len);
    return bn + max2(chunk, last);
}

cy_limb cy_mpn_mul(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                   cy_limb *scratch)
{
    CY_ASSERT(an >= bn && bn >= 1);
    CY_ASSERT(cy__disjoint(r, an + bn, a, an) && cy__disjoint(r, an + bn, b, bn));
    if (an == bn) {
        mul_rec(r, a, b, an, scratch, a == b); /* a == b is a square (pointers, not values) */
    } else if (bn <= ROWS_MAX) {
        const cy_mpn_table *t = cy__mpn_table();
        r[an] = t->mul_1(r, a, an, b[0]);
        for (size_t j = 1; j < bn; j++)
            r[an + j] = t->addmul_1(r + j, a, an, b[j]);
    } else if (algo(bn, 0) < 2) {
        cy__mpn_table()->mul_basecase(r, a, an, b, bn);
    } else if (use_toom32(an, bn)) {
        toom32(r, a, an, b, bn, scratch);
    } else if (use_toom22u(an, bn)) {
        toom22u(r, a, an, b, bn, scratch);
    } else {
        int t42 = use_toom42(an, bn);
        size_t step = t42 ? 2 * bn : bn, i = step, len = an % step;
        cy_limb *save = scratch, *rest = scratch + bn;
        if (t42)
            toom42(r, a, step, b, bn, rest);
        else
            mul_rec(r, a, b, bn, rest, 0);
        for (; i + step <= an; i += step) {
            cy_mpn_copy(save, r + i, bn);
            if (t42)
                toom42(r + i, a + i, step, b, bn, rest);
            else
                mul_rec(r + i, a + i, b, bn, rest, 0);
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

/* Short product. Up to fixed_max limbs (8 or 16): the unrolled short product. Below the threshold:
 * rows of shrinking length (row j needs n - j limbs).
 * Above: with n = m + h, h = floor(n/3), a = a0 + a1 B^m (likewise b),
 *   a b mod B^n = (a0 b0 + (a1 b0 + a0 b1) B^m) mod B^n
 *               = a0 b0 mod B^n + (mullo_h(a1, b0) + mullo_h(a0, b1)) B^m mod B^n,
 * one full m x m product and two short products of size h (the split of Mulders, "On short
 * multiplications and divisions", AAECC 11, 2000, with his balance of about 0.7 n in the full
 * product). The full product needs 2m scratch limbs. */
size_t cy_mpn_mullo_n_itch(size_t n)
{
    if (n <= FIXED_MAX || n < cy__mul_tune_now()->mullo)
        return 0;
    size_t h = n / 3, m = n - h;
    return max2(2 * m + cy_mpn_mul_n_itch(m), h + cy_mpn_mullo_n_itch(h));
}

void cy_mpn_mullo_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1 && cy__disjoint(r, n, a, n) && cy__disjoint(r, n, b, n));
    const cy_mpn_table *t = cy__mpn_table();
    if (n <= t->fixed_max) { /* the unrolled short product: n(n+1)/2 limb products */
        t->mullo_fixed[n](r, a, b);
        return;
    }
    if (n < cy__mul_tune_now()->mullo) {
        cy_mpn_mul_1(r, a, n, b[0]);
        for (size_t j = 1; j < n; j++)
            cy_mpn_addmul_1(r + j, a, n - j, b[j]);
        return;
    }
    size_t h = n / 3, m = n - h;
    mul_rec(scratch, a, b, m, scratch + 2 * m, 0);
    cy_mpn_copy(r, scratch, n);
    cy_mpn_mullo_n(scratch, a + m, b, h, scratch + h);
    cy_mpn_add_n(r + m, r + m, scratch, h);
    cy_mpn_mullo_n(scratch, a, b + m, h, scratch + h);
    cy_mpn_add_n(r + m, r + m, scratch, h);
}
