/* cy_int primality: the Baillie-PSW probable-prime test with extra Miller-Rabin rounds, and the
 * next and previous primes. SPDX-License-Identifier: MIT */
#include "impl.h"

/* The odd primes below 256. */
static const uint8_t small_primes[] = {
    3,   5,   7,   11,  13,  17,  19,  23,  29,  31,  37,  41,  43,  47,  53,  59,  61,  67,
    71,  73,  79,  83,  89,  97,  101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157,
    163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251};
#define NSMALL (sizeof small_primes / sizeof small_primes[0])

/* 1 if n (odd, > 3) passes the strong test to base b (Miller-Rabin): with n - 1 = d 2^s, d odd,
 * b^d = 1 or b^(d 2^r) = -1 (mod n) for some r < s. 0 if not, or an error. */
static int strong_fermat(const cy_int *n, const cy_int *b)
{
    cy_int nm1, d, x;
    cy_int_init(&nm1);
    cy_int_init(&d);
    cy_int_init(&x);
    int res = cy_int_sub_u64(&nm1, n, 1);
    uint64_t s = cy_int_scan1(&nm1, 0);
    if (!res)
        res = cy_int_tdiv_q_2exp(&d, &nm1, s);
    if (!res)
        res = cy_int_powm(&x, b, &d, n);
    if (!res) {
        res = cy_int_cmp_u64(&x, 1) == 0 || cy_int_cmp(&x, &nm1) == 0;
        for (uint64_t r = 1; r < s && res == 0; r++) {
            int err = cy_int_mul(&x, &x, &x);
            if (!err)
                err = cy_int_mod(&x, &x, n);
            res = err ? err : cy_int_cmp(&x, &nm1) == 0;
            if (!err && !res && cy_int_cmp_u64(&x, 1) == 0)
                break; /* 1 stays 1: no -1 will come */
        }
    }
    cy_int_clear(&nm1);
    cy_int_clear(&d);
    cy_int_clear(&x);
    return res;
}

/* x = x / 2 mod n for odd n and 0 <= x < n. */
static int half_mod(cy_int *x, const cy_int *n)
{
    int err = cy_int_odd_p(x) ? cy_int_add(x, x, n) : CY_OK;
    return err ? err : cy_int_tdiv_q_2exp(x, x, 1);
}

/* x = (x * y + c) mod n, the result in [0, n). */
static int mulmod(cy_int *x, const cy_int *y, const cy_int *c, const cy_int *n)
{
    int err = cy_int_mul(x, x, y);
    if (!err && c)
        err = cy_int_add(x, x, c);
    return err ? err : cy_int_mod(x, x, n);
}

/* 1 if n (odd, > 3, not a square) passes the strong Lucas probable-prime test with Selfridge's
 * parameters (Baillie and Wagstaff, "Lucas pseudoprimes", Math. Comp. 35, 1980): D the first
 * of 5, -7, 9, -11, ... with (D/n) = -1, P = 1, Q = (1 - D) / 4; with n + 1 = d 2^s, d odd,
 * U_d = 0 or V_(d 2^r) = 0 (mod n) for some r < s. 0 if not (or when some D shares a factor
 * with n), or an error. The Lucas sequences by the index-doubling formulas
 * U_2k = U_k V_k, V_2k = V_k^2 - 2 Q^k, and U_(k+1) = (P U_k + V_k) / 2,
 * V_(k+1) = (D U_k + P V_k) / 2 for a set bit. */
static int strong_lucas(const cy_int *n)
{
    int64_t D = 5;
    int j = 0, err = CY_OK;
    cy_int Dv;
    cy_int_init(&Dv);
    for (;;) {
        err = cy_int_set_i64(&Dv, D);
        if (!err)
            err = cy_int_kronecker(&j, &Dv, n);
        if (err || j == -1)
            break;
        if (j == 0 && cy_int_cmpabs_u64(n, (uint64_t)(D < 0 ? -D : D)) != 0) {
            cy_int_clear(&Dv);
            return 0; /* gcd(D, n) is a proper factor */
        }
        D = D > 0 ? -(D + 2) : -D + 2;
    }
    cy_int U, V, Qk, Q, t, e;
    cy_int_init(&U);
    cy_int_init(&V);
    cy_int_init(&Qk);
    cy_int_init(&Q);
    cy_int_init(&t);
    cy_int_init(&e);
    int res = err;
    if (!err)
        err = cy_int_set_i64(&Q, (1 - D) / 4);
    if (!err)
        err = cy_int_mod(&Q, &Q, n);
    if (!err)
        err = cy_int_mod(&Dv, &Dv, n);
    if (!err)
        err = cy_int_add_u64(&e, n, 1);
    uint64_t s = err ? 0 : cy_int_scan1(&e, 0);
    if (!err)
        err = cy_int_tdiv_q_2exp(&e, &e, s); /* d */
    if (!err)
        err = cy_int_set_u64(&U, 1);
    if (!err)
        err = cy_int_set_u64(&V, 1);
    if (!err)
        err = cy_int_set(&Qk, &Q);
    for (uint64_t i = cy_int_sizeinbase(&e, 2) - 1; !err && i-- > 0;) {
        err = mulmod(&U, &V, NULL, n); /* U_2k */
        if (!err)
            err = cy_int_mul_2exp(&t, &Qk, 1);
        if (!err)
            err = cy_int_neg(&t, &t);
        if (!err)
            err = mulmod(&V, &V, &t, n); /* V_2k = V^2 - 2 Q^k */
        if (!err)
            err = mulmod(&Qk, &Qk, NULL, n);
        if (!err && cy_int_tstbit(&e, i)) {
            err = cy_int_set(&t, &U);
            if (!err)
                err = cy_int_add(&U, &U, &V); /* (U + V) / 2 */
            if (!err)
                err = cy_int_mod(&U, &U, n);
            if (!err)
                err = half_mod(&U, n);
            if (!err)
                err = mulmod(&t, &Dv, &V, n); /* (D U + V) / 2 */
            if (!err)
                err = half_mod(&t, n);
            if (!err)
                cy_int_swap(&V, &t);
            if (!err)
                err = mulmod(&Qk, &Q, NULL, n);
        }
    }
    if (!err) {
        res = U.size == 0 || V.size == 0;
        for (uint64_t r = 1; r < s && !res && !err; r++) {
            err = cy_int_mul_2exp(&t, &Qk, 1);
            if (!err)
                err = cy_int_neg(&t, &t);
            if (!err)
                err = mulmod(&V, &V, &t, n);
            if (!err)
                err = mulmod(&Qk, &Qk, NULL, n);
            res = err ? err : V.size == 0;
        }
    }
    if (err)
        res = err;
    cy_int_clear(&U);
    cy_int_clear(&V);
    cy_int_clear(&Qk);
    cy_int_clear(&Q);
    cy_int_clear(&t);
    cy_int_clear(&e);
    cy_int_clear(&Dv);
    return res;
}

int cy_int_probab_prime_p(const cy_int *a, int reps)
{
    cy_int n = cy__int_absview(a);
    if (cy_int_cmp_u64(&n, 2) < 0)
        return 0;
    if (!cy_int_odd_p(&n))
        return cy_int_cmp_u64(&n, 2) == 0 ? 2 : 0;
    for (size_t i = 0; i < NSMALL; i++) {
        uint64_t m;
        cy_int_mod_u64(&m, &n, small_primes[i]);
        if (m == 0)
            return cy_int_cmp_u64(&n, small_primes[i]) == 0 ? 2 : 0;
    }
    if (cy_int_cmp_u64(&n, 256 * 256) < 0)
        return 2; /* no prime factor below 256 <= sqrt(n) */
    cy_int b;
    cy_int_init(&b);
    int res = cy_int_set_u64(&b, 2);
    if (!res)
        res = strong_fermat(&n, &b);
    if (res == 1) { /* a square passes no Lucas test (no D has (D/n) = -1): rule it out */
        int sq = cy_int_perfect_square_p(&n);
        res = sq < 0 ? sq : sq ? 0 : strong_lucas(&n);
    }
    /* Baillie-PSW has no pseudoprime below 2^64 (Feitsma and Galway's list of the base-2 strong
     * pseudoprimes below 2^64, each checked against the Lucas test): a pass there is a proof. */
    if (res == 1 && cy_int_cmp_u64(&n, UINT64_MAX) <= 0)
        res = 2;
    /* reps - 24 further Miller-Rabin rounds, as GMP counts, with bases from a generator seeded
     * by n (the same answer on every call): 3 <= b <= n - 2. */
    uint64_t seed = n.d[0] ^ ((uint64_t)cy__int_n(&n) << 32);
    for (int i = 24; res == 1 && i < reps; i++) {
        seed = seed * 6364136223846793005u + 1442695040888963407u; /* Knuth's MMIX LCG */
        cy_int m;
        cy_int_init(&m);
        int err = cy_int_sub_u64(&m, &n, 4); /* b = 3 + (x mod (n - 4)) */
        uint64_t x = seed >> 1;
        if (!err)
            err = cy_int_set_u64(&b, x);
        if (!err)
            err = cy_int_mod(&b, &b, &m);
        if (!err)
            err = cy_int_add_u64(&b, &b, 3);
        cy_int_clear(&m);
        res = err ? err : strong_fermat(&n, &b);
    }
    cy_int_clear(&b);
    return res;
}

/* r = the first prime after n (dir = 1) or before it (dir = -1): the odd candidates from n on,
 * with their residues modulo the small primes stepped along (computed once by division), so
 * that a candidate with a small factor costs no test. */
static int step_prime(cy_int *r, const cy_int *n, int dir)
{
    if (dir > 0 && cy_int_cmp_u64(n, 2) < 0)
        return cy_int_set_u64(r, 2);
    if (dir < 0 && cy_int_cmp_u64(n, 3) <= 0) {
        if (cy_int_cmp_u64(n, 3) == 0)
            return cy_int_set_u64(r, 2);
        return CY_EINVAL; /* no prime below n <= 2 */
    }
    cy_int c;
    cy_int_init(&c);
    int err = dir > 0 ? cy_int_add_u64(&c, n, 1) : cy_int_sub_u64(&c, n, 1);
    if (!err && !cy_int_odd_p(&c))
        err = dir > 0 ? cy_int_add_u64(&c, &c, 1) : cy_int_sub_u64(&c, &c, 1);
    uint64_t res[NSMALL];
    for (size_t i = 0; !err && i < NSMALL; i++)
        cy_int_mod_u64(&res[i], &c, small_primes[i]);
    while (!err) {
        int small_factor = 0;
        for (size_t i = 0; i < NSMALL; i++) {
            uint64_t p = small_primes[i];
            small_factor |= res[i] == 0 && cy_int_cmp_u64(&c, p) != 0;
            res[i] = dir > 0 ? (res[i] + 2) % p : (res[i] + p - 2) % p; /* for c + 2 dir */
        }
        int pr = small_factor ? 0 : cy_int_probab_prime_p(&c, 25);
        if (pr != 0) {
            err = pr < 0 ? pr : CY_OK;
            break;
        }
        err = dir > 0 ? cy_int_add_u64(&c, &c, 2) : cy_int_sub_u64(&c, &c, 2);
    }
    if (!err)
        cy_int_swap(r, &c);
    cy_int_clear(&c);
    return err;
}

int cy_int_nextprime(cy_int *r, const cy_int *n)
{
    return step_prime(r, n, 1);
}

int cy_int_prevprime(cy_int *r, const cy_int *n)
{
    return step_prime(r, n, -1);
}
