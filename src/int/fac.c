/* cy_int factorials, multifactorials, primorials and binomial coefficients: products of many
 * words by binary splitting (prod.c), never n multiplications into a growing result.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

/* Too large to exist: log2(n!) >= n (log2 n - log2 e) > n (b - 3) for n of b bits, against the
 * bits a cy_int holds. The limit catches absurd requests at once; results just below it fail
 * with CY_ENOMEM when their memory cannot be had. */
static int fac_too_large(uint64_t n)
{
    unsigned b = 0;
    while (b < 64 && (n >> b))
        b++;
    uint64_t max_bits = (uint64_t)CY__INT_MAX_LIMBS * CY_LIMB_BITS;
    return b > 3 && n > max_bits / (b - 3);
}

/* r = the odd part of n! for 3 <= n < 2^32, given the primes up to n (pr, np, 2 first) and a
 * scratch of np words. The swinging factorial S(n) = n! / floor(n/2)!^2 makes
 * O(n) = O(floor(n/2))^2 O(S(n)): a square and one product by a number of about n bits per
 * halving of n, where the product of all odd numbers would multiply many numbers as large as the
 * result. The exponent of a prime p in S(n) is
 *     sum_{k >= 1} (floor(n/p^k) - 2 floor(n/(2 p^k))) = sum_{k >= 1} (floor(n/p^k) mod 2)
 * (Legendre's formula, and floor(floor(n/2)/p^k) = floor(floor(n/p^k)/2)), so p's factor is the
 * product of the p^k <= n with floor(n/p^k) odd; it is at most n, a word (P. Luschny, "Divide,
 * swing and conquer the factorial", the prime swing algorithm). */
static int oddfac_swing(cy_int *r, uint64_t n, const uint32_t *pr, size_t np, uint64_t *w)
{
    if (n < 3)
        return cy_int_set_u64(r, 1);
    int err = oddfac_swing(r, n / 2, pr, np, w);
    if (err)
        return err;
    size_t m = 0;
    for (size_t i = 1; i < np && pr[i] <= n; i++) { /* the odd primes */
        uint64_t p = pr[i], pe = 1;
        for (uint64_t q = n / p; q; q /= p)
            if (q & 1)
                pe *= p;
        if (pe > 1)
            w[m++] = pe;
    }
    cy_int s;
    cy_int_init(&s);
    err = cy__int_prod_list(&s, w, m);
    if (!err)
        err = cy_int_mul(r, r, r);
    if (!err)
        err = cy_int_mul(r, r, &s);
    cy_int_clear(&s);
    return err;
}

int cy_int_fac_u64(cy_int *r, uint64_t n)
{
    /* n! = 2^(n - popcount(n)) O(n): Legendre's formula gives the exponent of 2 in n! as n minus
     * the number of ones of n; O(n), the odd part, by the prime swing. The sieve covers n < 2^32:
     * (2^32)! would have 1.3 10^11 bits, beyond what a cy_int holds (CY_ENOMEM, as primorial). */
    if (fac_too_large(n) || (n >> 32))
        return CY_ENOMEM;
    uint32_t *pr;
    size_t np;
    uint64_t *w = NULL;
    cy_int o;
    cy_int_init(&o);
    int err = cy__int_primes(&pr, &np, (uint32_t)n);
    if (!err && np && !(w = cy__int_balloc(np * sizeof *w)))
        err = CY_ENOMEM;
    if (!err)
        err = oddfac_swing(&o, n, pr, np, w);
    cy_free(w);
    cy_free(pr);
    uint64_t twos = n;
    for (uint64_t m = n; m; m &= m - 1)
        twos--;
    if (!err)
        err = cy_int_mul_2exp(&o, &o, twos);
    if (!err)
        cy_int_swap(r, &o);
    cy_int_clear(&o);
    return err;
}

int cy_int_mfac_u64(cy_int *r, uint64_t n, uint64_t m)
{
    /* n (n - m) (n - 2m) ... down to the last term >= 1; 1 for n = 0; n itself when m = 0 or
     * m >= n (one term), as GMP's mpz_mfac_uiui. */
    if (n == 0)
        return cy_int_set_u64(r, 1);
    if (m == 0 || m >= n)
        return cy_int_set_u64(r, n);
    if (m == 1)
        return cy_int_fac_u64(r, n);
    if (m == 2 && !(n & 1)) { /* n!! = 2^(n/2) (n/2)! for even n */
        cy_int t;
        cy_int_init(&t);
        int err = cy_int_fac_u64(&t, n / 2);
        if (!err)
            err = cy_int_mul_2exp(&t, &t, n / 2);
        if (!err)
            cy_int_swap(r, &t);
        cy_int_clear(&t);
        return err;
    }
    if (fac_too_large((n - 1) / m + 1))
        return CY_ENOMEM;
    cy_int t;
    cy_int_init(&t);
    int err = cy__int_prod_ap(&t, n, m, (n - 1) / m + 1);
    if (!err)
        cy_int_swap(r, &t);
    cy_int_clear(&t);
    return err;
}

int cy_int_2fac_u64(cy_int *r, uint64_t n)
{
    return cy_int_mfac_u64(r, n, 2);
}

/* r = the product of the n words w[i], r unchanged if it fails. */
static int product_of(cy_int *r, const uint64_t *w, size_t n)
{
    cy_int t;
    cy_int_init(&t);
    int err = cy__int_prod_list(&t, w, n);
    if (!err)
        cy_int_swap(r, &t);
    cy_int_clear(&t);
    return err;
}

int cy_int_primorial_u64(cy_int *r, uint64_t n)
{
    /* The product of the primes <= n; the sieve covers n < 2^32 (a primorial of 2^32 would have
     * 6 10^9 bits: CY_ENOMEM above). */
    if (n >> 32)
        return CY_ENOMEM;
    uint32_t *pr;
    size_t np;
    int err = cy__int_primes(&pr, &np, (uint32_t)n);
    uint64_t *w = NULL;
    if (!err && np && !(w = cy__int_balloc(np * sizeof *w)))
        err = CY_ENOMEM;
    if (!err) {
        for (size_t i = 0; i < np; i++)
            w[i] = pr[i];
        err = product_of(r, w, np);
    }
    cy_free(w);
    cy_free(pr);
    return err;
}

/* r = prod_{lo <= i < hi} (n - i), hi > lo, by splitting the range in halves. */
static int falling(cy_int *r, const cy_int *n, uint64_t lo, uint64_t hi)
{
    if (hi - lo == 1)
        return cy_int_sub_u64(r, n, lo);
    uint64_t mid = lo + (hi - lo) / 2;
    cy_int t;
    cy_int_init(&t);
    int err = falling(r, n, lo, mid);
    if (!err)
        err = falling(&t, n, mid, hi);
    if (!err)
        err = cy_int_mul(r, r, &t);
    cy_int_clear(&t);
    return err;
}

/* r = n (n - 1) ... (n - k + 1) / k! for n >= k: the falling product over k! (exact). */
static int bin_falling(cy_int *r, const cy_int *n, uint64_t k)
{
    if (k == 0)
        return cy_int_set_u64(r, 1);
    if (fac_too_large(k))
        return CY_ENOMEM;
    cy_int t, f;
    cy_int_init(&t);
    cy_int_init(&f);
    int err = falling(&t, n, 0, k);
    if (!err)
        err = cy_int_fac_u64(&f, k);
    if (!err)
        err = cy_int_divexact(&t, &t, &f);
    if (!err)
        cy_int_swap(r, &t);
    cy_int_clear(&t);
    cy_int_clear(&f);
    return err;
}

int cy_int_bin_u64(cy_int *r, uint64_t n, uint64_t k)
{
    if (k > n)
        return cy_int_set_u64(r, 0);
    if (k > n - k)
        k = n - k;
    /* The sieve costs about n steps: worth it when k is a fair part of n; otherwise (and beyond
     * the sieve) the falling product over k! */
    if (k < 64 || n / 8 > k || (n >> 32)) {
        cy_limb d[CY__U64_LIMBS];
        cy_int nv = cy__int_view_u64(d, n, 0);
        return bin_falling(r, &nv, k);
    }
    /* Kummer: the exponent e of a prime p in C(n, k) is the number of borrows when k is
     * subtracted from n in base p, so p^e <= n. The result is the product of those powers
     * (Goetgheluck, "On prime divisors of binomial coefficients", Math. Comp. 51, 1988). */
    uint32_t *pr;
    size_t np;
    int err = cy__int_primes(&pr, &np, (uint32_t)n);
    uint64_t *w = NULL;
    if (!err && !(w = cy__int_balloc(np * sizeof *w)))
        err = CY_ENOMEM;
    size_t m = 0;
    uint32_t n32 = (uint32_t)n, k32 = (uint32_t)k; /* n < 2^32 here, k <= n / 2 */
    for (size_t i = 0; !err && i < np; i++) {
        uint32_t p = pr[i];
        /* Shortcuts for p^2 > n, where n has two digits in base p and e <= 1: a borrow in the low
         * digit (n mod p < k mod p) is the only one possible (the high digits satisfy
         * n div p >= k div p, and a second borrow would make n < k). Above n / 2 that is
         * n - p < k: the primes of (n - k, n] and no other. */
        if (p > n32 / 2) {
            if (p > n32 - k32)
                w[m++] = p;
            continue;
        }
        if ((uint64_t)p * p > n32) {
            if (n32 % p < k32 % p)
                w[m++] = p;
            continue;
        }
        uint64_t pe = 1, a = n, b = k, borrow = 0;
        while (a) { /* digit by digit in base p */
            uint64_t da = a % p, db = b % p + borrow;
            borrow = da < db;
            if (borrow)
                pe *= p;
            a /= p;
            b /= p;
        }
        if (pe > 1)
            w[m++] = pe;
    }
    if (!err)
        err = product_of(r, w, m);
    cy_free(w);
    cy_free(pr);
    return err;
}

int cy_int_bin(cy_int *r, const cy_int *n, uint64_t k)
{
    /* C(n, k) for any integer n: for n < 0, C(n, k) = (-1)^k C(-n + k - 1, k) (the falling
     * product of n's terms, each negated); for 0 <= n < k it is 0. */
    if (cy__int_isneg(n)) {
        cy_int m;
        cy_int_init(&m);
        int err = cy_int_u64_sub(&m, k, n); /* k - n = -n + k > 0 */
        if (!err)
            err = cy_int_sub_u64(&m, &m, 1);
        if (!err)
            err = cy_int_bin(&m, &m, k);
        if (!err && (k & 1))
            err = cy_int_neg(&m, &m);
        if (!err)
            cy_int_swap(r, &m);
        cy_int_clear(&m);
        return err;
    }
    uint64_t v;
    if (!cy_int_get_u64(n, &v))
        return cy_int_bin_u64(r, v, k);
    return bin_falling(r, n, k); /* n >= 2^64 > k */
}
