/* cy_int primality: the Baillie-PSW probable-prime test with extra Miller-Rabin rounds, and the
 * next and previous primes. SPDX-License-Identifier: MIT */
#include "carry/mod.h"
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

/* The strong Lucas conditions for P = 1, Q (0 <= Q < n) and n + 1 = d 2^s, d odd (n odd, > 3):
 * 1 if U_d = 0 or V_(d 2^r) = 0 (mod n) for some 0 <= r < s, else 0; or CY_ENOMEM. In
 * Montgomery form modulo n (a variable-time context: n is public here), by the ladder over the
 * bits of d that keeps (V_k, V_(k+1), Q^k) from k = 1 (Joye and Quisquater, "Efficient
 * computation of full Lucas sequences", Electronics Letters 32(6), 1996):
 *   V_2k = V_k^2 - 2 Q^k,   V_(2k+1) = V_k V_(k+1) - P Q^k,   Q^(k+1) = Q^k Q,
 * three Montgomery products per bit of d and one more per set bit (the form with U needed five
 * products, each with a division). U_d is not computed: V_(k+1) = (P V_k + D U_k) / 2 (Baillie
 * and Wagstaff, below) gives
 * D U_d = 2 V_(d+1) - P V_d, and D is a unit modulo n ((D/n) = -1), so U_d = 0 exactly when
 * 2 V_(d+1) = V_d (mod n). Every value stays reduced (< n), so a comparison of limbs decides. */
static int lucas_conditions(const cy_int *n, const cy_int *d, uint64_t s, const cy_int *Q)
{
    size_t k = cy__int_n(n), sn = cy_mont_storage_limbs(k);
    size_t itch = cy_mont_init_vartime_itch(k), t = cy_mont_mul_itch(k);
    if (t > itch)
        itch = t;
    cy_limb *tmp, local[CY__INT_LOCAL];
    int err = cy__int_salloc(&tmp, cy__int_addsz(sn + 6 * k, itch), local);
    if (err)
        return err;
    cy_limb *storage = tmp, *v0 = tmp + sn, *v1 = v0 + k, *qk = v1 + k, *qm = qk + k, *u = qm + k;
    cy_limb *w = u + k, *sc = w + k;
    cy_mont ctx;
    cy_mont_init_vartime(&ctx, storage, n->d, k, sc); /* n odd, > 3, top limb != 0 */
    cy_mpn_copy(w, Q->d, cy__int_n(Q));
    cy_mpn_zero(w + cy__int_n(Q), k - cy__int_n(Q));
    cy_mont_to(qm, w, &ctx, sc); /* Q R */
    cy_mpn_copy(qk, qm, k);      /* Q^1 R */
    cy_mpn_zero(w, k);
    w[0] = 1;
    cy_mont_to(v0, w, &ctx, sc); /* V_1 R = P R = R */
    cy_mont_add(u, qm, qm, &ctx);
    cy_mont_sub(v1, v0, u, &ctx); /* V_2 R = (P^2 - 2 Q) R */
    for (uint64_t i = cy_int_sizeinbase(d, 2) - 1; i-- > 0;) {
        cy_mont_mul(u, v0, v1, &ctx, sc);
        cy_mont_sub(u, u, qk, &ctx); /* V_(2k+1) */
        if (cy_int_tstbit(d, i)) {   /* k -> 2k + 1: (V_(2k+1), V_(2k+2), Q^(2k+1)) */
            cy_mont_mul(w, qk, qm, &ctx, sc); /* Q^(k+1) */
            cy_mont_sqr(v1, v1, &ctx, sc);
            cy_mont_sub(v1, v1, w, &ctx);
            cy_mont_sub(v1, v1, w, &ctx); /* V_(2k+2) = V_(k+1)^2 - 2 Q^(k+1) */
            cy_mpn_copy(v0, u, k);
            cy_mont_mul(qk, qk, w, &ctx, sc); /* Q^(2k+1) = Q^k Q^(k+1) */
        } else {                              /* k -> 2k: (V_2k, V_(2k+1), Q^2k) */
            cy_mont_sqr(v0, v0, &ctx, sc);
            cy_mont_sub(v0, v0, qk, &ctx);
            cy_mont_sub(v0, v0, qk, &ctx); /* V_2k */
            cy_mpn_copy(v1, u, k);
            cy_mont_sqr(qk, qk, &ctx, sc);
        }
    }
    cy_mont_add(w, v1, v1, &ctx);
    int res = cy_mpn_cmp(w, v0, k) == 0 || cy_mpn_zero_p(v0, k); /* U_d = 0, or V_d = 0 */
    for (uint64_t r = 1; r < s && !res; r++) {                    /* V_(d 2^r) = 0 */
        cy_mont_sqr(v0, v0, &ctx, sc);
        cy_mont_sub(v0, v0, qk, &ctx);
        cy_mont_sub(v0, v0, qk, &ctx);
        cy_mont_sqr(qk, qk, &ctx, sc);
        res = cy_mpn_zero_p(v0, k);
    }
    cy__int_sfree(tmp, local);
    return res;
}

/* 1 if n (odd, > 3, not a square) passes the strong Lucas probable-prime test with Selfridge's
 * parameters (Baillie and Wagstaff, "Lucas pseudoprimes", Math. Comp. 35, 1980): D the first
 * of 5, -7, 9, -11, ... with (D/n) = -1, P = 1, Q = (1 - D) / 4; with n + 1 = d 2^s, d odd,
 * U_d = 0 or V_(d 2^r) = 0 (mod n) for some r < s. 0 if not (or when some D shares a factor
 * with n), or an error. The sequences: lucas_conditions. */
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
    cy_int Q, e;
    cy_int_init(&Q);
    cy_int_init(&e);
    if (!err)
        err = cy_int_set_i64(&Q, (1 - D) / 4);
    if (!err)
        err = cy_int_mod(&Q, &Q, n);
    if (!err)
        err = cy_int_add_u64(&e, n, 1);
    uint64_t s = err ? 0 : cy_int_scan1(&e, 0);
    if (!err)
        err = cy_int_tdiv_q_2exp(&e, &e, s); /* d */
    int res = err ? err : lucas_conditions(n, &e, s, &Q);
    cy_int_clear(&Q);
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
