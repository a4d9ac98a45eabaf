/* cy__mpn_invert: approximate reciprocal of a normalised n-limb number by Newton's iteration.
 * SPDX-License-Identifier: MIT
 *
 * R. Brent and P. Zimmermann, "Modern Computer Arithmetic" (2010), section 3.4.1, Algorithm 3.5
 * (ApproximateReciprocal) and Theorem 3.5. For B^n/2 <= A < B^n the result X = B^n + {ip, n}
 * satisfies
 *     A X < B^(2n) <= A (X + 2),                                              (*)
 * i.e. X is floor((B^(2n) - 1) / A) or one below it. The iteration, with l = floor((n-1)/2),
 * h = n - l and A_h = floor(A / B^l) (the top h limbs, normalised too):
 *     X_h = reciprocal of A_h with (*) at h limbs               (recursion)
 *     T = A X_h; while T >= B^(n+h): X_h -= 1, T -= A           (a few times, see below)
 *     T = B^(n+h) - T                                           (0 < T <= 2A after the loop)
 *     U = floor(T / B^l) X_h
 *     X = X_h B^l + floor(U / B^(2h-l)).
 * The book proves (*) for X (section 3.4.1: the Newton error, quadratic in the error of X_h, and
 * the truncations stay within the two units because X_h is good to h limbs and 2h >= n + 1);
 * tests/mpn/test_div.c checks (*) at every size to 100, around the Newton threshold and its
 * halvings, and at random sizes. Bounds used by the code below:
 *  - before the loop A X_h < 2 B^n * B^h, so T has n + h limbs and a top bit; the loop runs while
 *    that bit (limb n + h) is set. It runs at most four times: A_h X_h < B^(2h) gives
 *    A X_h < (A_h + 1) B^l X_h < B^(n+h) + B^l X_h < B^(n+h) + 4A. Each step keeps X_h >= B^h
 *    (A X_h >= B^(n+h) needs X_h > B^h as A < B^n), so X_h stays B^h + {I_h, h}.
 *  - after it, A X_h < B^(n+h) and, from (*) at h limbs, A (X_h + 2) >= A_h B^l (X_h + 2)
 *    >= B^(n+h) (before a decrement; after one, T - A >= B^(n+h) - A): so 0 < T <= 2A < 2 B^n,
 *    n + 1 limbs, and floor(T / B^l) has h + 1 limbs with a top limb of at most 1.
 *  - U < 2 B^h * 2 B^h, so floor(U / B^(2h-l)) < 4 B^l: l + 1 limbs, added into {ip, n} at
 *    I_h B^l without a carry out (X < B^(2n) / A <= 2 B^n by (*)).
 * Below inv_newton limbs (core/tune.h) the reciprocal is exact: floor((B^(2n) - 1) / A), which
 * satisfies (*), from one schoolbook or divide-and-conquer division (n = 1: cy__invert_limb).
 * Cost: M(n, n/2) + M(n/2) + the cost at n/2; measured about 2.4 M(n) at n = 10000 and 2.5 M(n)
 * at 30000 and 60000 (all products full: no wrap-around product mod B^m - 1 to save their unused
 * halves, as GMP has).
 */
#include "mulimpl.h"
#include "divimpl.h"

static size_t max2(size_t x, size_t y) { return x > y ? x : y; }

/* The size m of the product mod B^m - 1 for the Newton step at n limbs (n x h), or 0 for a full
 * product: from n >= half the transforms' threshold, where the cyclic convolution of about n
 * limbs was measured faster than the full n x n/2 product (0.76-0.97 of its time from 4000 to
 * 7000 limbs, 1.29 at 3000). */
static size_t wrap_size(size_t n)
{
    return 2 * n >= cy__tune_now()->mul_fft ? cy__mpn_mulmod_bm1_size(n + 2) : 0;
}

/* {t, n + 1} = E mod B^(n+1) for E = A X_h - B^(n+h) = A {ih, h} + A B^h - B^(n+h), given that
 * E lies in [-2A, 4A) (bounds above), from one product mod B^m - 1, m = wrap_size(n) >= n + 2
 * (so h <= n <= m and n + h < 2m):
 *  - T = A {ih, h} + A B^h - B^j mod B^m - 1, j = n + h mod m (B^m = 1), is E mod B^m - 1;
 *  - |E| < 4 B^n <= B^(n+1) / 2 <= B^(m-1) / 2: as in mu_div.c, with the top bit of T set
 *    E = T + 1 - B^m (low n + 1 limbs those of T + 1), without it E = T.
 * t: m limbs; tp: cy__mpn_mulmod_bm1_itch(m) limbs. */
static void newton_error(cy_limb *t, const cy_limb *a, size_t n, const cy_limb *ih, size_t h,
                         size_t m, cy_limb *tp)
{
    cy__mpn_mulmod_bm1(t, a, n, ih, h, m, tp);
    /* + A B^h: the limbs of A that fall below B^m at t + h, the others wrap to t; each carry out
     * is worth 1. After an end-around carry the sum is below 2, so the loop runs at most twice. */
    size_t lo = n + h <= m ? n : m - h;
    cy_limb c = cy_mpn_add(t + h, t + h, m - h, a, lo);
    if (lo < n)
        c += cy_mpn_add(t, t, m, a + lo, n - lo);
    while (c)
        c = cy_mpn_add_1(t, t, m, c);
    /* - B^j: after a borrow the value is T - B^j + B^m >= B^m - B^(m-1) > 1, so one more
     * subtraction of 1 (B^m = 1 + (B^m - 1)) does not borrow */
    size_t j = n + h >= m ? n + h - m : n + h;
    cy_limb b = cy_mpn_sub_1(t + j, t + j, m - j, 1);
    b = cy_mpn_sub_1(t, t, m, b);
    CY_ASSERT(b == 0);
    (void)b;
    cy_mpn_add_1(t, t, n + 1, t[m - 1] >> (CY_LIMB_BITS - 1)); /* mod B^(n+1) */
}

size_t cy__mpn_invert_itch(size_t n)
{
    if (n < cy__tune_now()->inv_newton) /* all-ones dividend (2n) and quotient (n) */
        return n < 2 ? 0 : 3 * n + (n >= cy__tune_now()->dc_div ? cy__mpn_dc_div_itch(n) : 0);
    size_t l = (n - 1) / 2, h = n - l, m = wrap_size(n);
    /* T (n + h + 1 or m), U (2h + 2), then one product's scratch; the recursion comes first */
    size_t prod = max2(cy__mpn_mul_big_itch(n, h), cy_mpn_mul_itch(h + 1, h));
    if (m)
        prod = max2(prod, cy__mpn_mulmod_bm1_itch(m));
    size_t here = max2(n + h + 1, m) + (2 * h + 2) + prod;
    return max2(here, cy__mpn_invert_itch(h));
}

void cy__mpn_invert(cy_limb *ip, const cy_limb *a, size_t n, cy_limb *tp)
{
    CY_ASSERT(n >= 1 && (a[n - 1] >> (CY_LIMB_BITS - 1)));
    CY_ASSERT(cy__disjoint(ip, n, a, n));
    if (n == 1) {
        ip[0] = cy__invert_limb(a[0]);
        return;
    }
    if (n < cy__tune_now()->inv_newton) {
        /* B^(2n) - 1 = (B^n + I) A + R: the quotient's top limb is 1 and {ip, n} is I */
        cy_limb *num = tp, *dtp = tp + 2 * n;
        for (size_t i = 0; i < 2 * n; i++)
            num[i] = CY_LIMB_MAX;
        cy_limb v = cy__invert_pi1(a[n - 1], a[n - 2]);
        cy_limb qh = n < cy__tune_now()->dc_div ? cy__mpn_sb_div(ip, num, 2 * n, a, n, v)
                                             : cy__mpn_dc_div(ip, num, 2 * n, a, n, v, dtp);
        CY_ASSERT(qh == 1);
        (void)qh;
        return;
    }
    CY_ASSERT(cy__tune_now()->inv_newton >= 3); /* so that h < n */
    size_t l = (n - 1) / 2, h = n - l;
    cy_limb *ih = ip + l; /* X_h = B^h + {ih, h} */
    cy__mpn_invert(ih, a + l, h, tp);

    /* E = A X_h - B^(n+h), in [-2A, 4A) (|E| < 4 B^n <= B^(n+1) / 2): its low n + 1 limbs, read
     * in two's complement, hold it. Either from T = A X_h = A {ih, h} + A B^h in full (n + h + 1
     * limbs; B^(n+h) = 0 mod B^(n+1)) or from a product mod B^m - 1. */
    size_t m = wrap_size(n);
    cy_limb *t = tp, *u = t + max2(n + h + 1, m), *mtp = u + 2 * h + 2;
    if (m) {
        newton_error(t, a, n, ih, h, m, mtp);
    } else {
        cy__mpn_mul_big(t, a, n, ih, h, mtp);
        t[n + h] = cy_mpn_add_n(t + h, t + h, a, n);
    }
    unsigned steps = 0; /* at most four, checked in debug builds */
    (void)steps;
    while (!(t[n] >> (CY_LIMB_BITS - 1))) { /* E >= 0: A X_h >= B^(n+h) */
        CY_ASSERT(++steps <= 4);
        cy_mpn_sub(t, t, n + 1, a, n);
        cy_limb b = cy_mpn_sub_1(ih, ih, h, 1);
        CY_ASSERT(b == 0);
        (void)b;
    }
    /* T = B^(n+h) - A X_h = -E, known to be in (0, 2 B^n): the low n + 1 limbs of -E */
    cy_mpn_neg(t, t, n + 1);
    CY_ASSERT(t[n] <= 1);
    /* U = Tm X_h = Tm {ih, h} + Tm B^h with Tm = {t + l, h + 1} */
    cy_limb *tm = t + l;
    cy_mpn_mul(u, tm, h + 1, ih, h, mtp);
    u[2 * h + 1] = cy_mpn_add_n(u + h, u + h, tm, h + 1);
    /* X = X_h B^l + floor(U / B^(2h-l)): {ip, l} = low limbs of that quotient, the other l + 2
     * (top ones zero, see the bounds above) add into {ih, h} */
    const cy_limb *uh = u + 2 * h - l;
    cy_mpn_copy(ip, uh, l);
    CY_ASSERT(uh[l + 1] == 0);
    cy_limb c = cy_mpn_add(ih, ih, h, uh + l, 1);
    CY_ASSERT(c == 0);
    (void)c;
}
