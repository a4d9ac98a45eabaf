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

/* The tests below work in Montgomery form modulo n (odd, > 3, public: a variable-time context),
 * on one context and scratch block per cy_int_probab_prime_p call. Every value stays fully
 * reduced (< n), so a comparison of limbs decides equality. */
typedef struct {
    cy_mont ctx;
    size_t k;
    cy_limb *one, *mone, *x, *y, *z, *w, *p, *sc; /* R, -R mod n, then working values */
    cy_limb *block, local[CY__INT_LOCAL];
} ptest;

static int ptest_init(ptest *t, const cy_int *n)
{
    size_t k = cy__int_n(n), sn = cy_mont_storage_limbs(k);
    size_t itch = cy_mont_init_vartime_itch(k), m = cy_mont_mul_itch(k), p = cy_mont_powm_vartime_itch(k, k);
    itch = m > itch ? m : itch;
    itch = p > itch ? p : itch;
    int err = cy__int_salloc(&t->block, cy__int_addsz(sn + 7 * k, itch), t->local);
    if (err)
        return err;
    t->k = k;
    t->one = t->block + sn;
    t->mone = t->one + k;
    t->x = t->mone + k;
    t->y = t->x + k;
    t->z = t->y + k;
    t->w = t->z + k;
    t->p = t->w + k;
    t->sc = t->p + k;
    cy_mont_init_vartime(&t->ctx, t->block, n->d, k, t->sc); /* n odd, > 3, top limb != 0 */
    cy_mpn_copy(t->one, t->ctx.one, k);
    cy_mont_neg(t->mone, t->one, &t->ctx);
    return CY_OK;
}

static void ptest_clear(ptest *t)
{
    cy__int_sfree(t->block, t->local);
}

/* {r, k} = the Montgomery form of a, 0 <= a < n. */
static void ptest_to(ptest *t, cy_limb *r, const cy_int *a)
{
    size_t an = cy__int_n(a);
    cy_mpn_copy(r, a->d, an);
    cy_mpn_zero(r + an, t->k - an);
    cy_mont_to(r, r, &t->ctx, t->sc);
}

/* The end of the strong test to base b (Miller-Rabin), given x = b^d R mod n, with
 * n - 1 = d 2^s, d odd: 1 if b^d = 1 or b^(d 2^r) = -1 (mod n) for some r < s, else 0. */
static int strong_tail(ptest *t, uint64_t s)
{
    size_t k = t->k;
    if (!cy_mpn_cmp(t->x, t->one, k) || !cy_mpn_cmp(t->x, t->mone, k))
        return 1;
    for (uint64_t r = 1; r < s; r++) {
        cy_mont_sqr(t->x, t->x, &t->ctx, t->sc);
        if (!cy_mpn_cmp(t->x, t->mone, k))
            return 1;
        if (!cy_mpn_cmp(t->x, t->one, k))
            return 0; /* 1 stays 1: no -1 will come */
    }
    return 0;
}

/* x = 2^d R mod n (d > 0), left to right: a square per bit of d and, for a set bit, a doubling
 * (a modular addition) where a general base needs a product. */
static void pow2(ptest *t, const cy_int *d)
{
    uint64_t i = cy_int_sizeinbase(d, 2) - 1; /* the top bit: x = 2 */
    cy_mont_add(t->x, t->one, t->one, &t->ctx);
    while (i-- > 0) {
        cy_mont_sqr(t->x, t->x, &t->ctx, t->sc);
        if (cy_int_tstbit(d, i))
            cy_mont_add(t->x, t->x, t->x, &t->ctx);
    }
}

/* The strong Lucas conditions for P = 1, Q (a unit modulo n) and n + 1 = d 2^s, d odd: 1 if
 * U_d = 0 or V_(d 2^r) = 0 (mod n) for some 0 <= r < s, else 0. With D = 1 - 4 Q a unit as well
 * ((D/n) = -1).
 *
 * Without the powers of Q: the roots a, b of x^2 - x + Q give a^2 / Q and b^2 / Q, roots of
 * x^2 - P' x + 1 with P' = 1/Q - 2, so V_2k = Q^k V'_k, where V' is the sequence of (P', 1)
 * (Baillie and Wagstaff, "Lucas pseudoprimes", Math. Comp. 35, 1980, for the identities of the
 * sequences). With d = 2m + 1:
 *   V_(d+1) = Q^(m+1) V'_(m+1),   V_d = V_(d+1) + Q V_(d-1) = Q^(m+1) (V'_(m+1) + V'_m)
 * (the recurrence V_(j+1) = V_j - Q V_(j-1)), and D U_d = 2 V_(d+1) - V_d (from
 * V_(k+1) = (P V_k + D U_k) / 2), so, Q and D being units:
 *   U_d = 0 iff V'_(m+1) = V'_m,   V_d = 0 iff V'_(m+1) + V'_m = 0,
 *   V_(d 2^r) = Q^(d 2^(r-1)) V'_(d 2^(r-1)) = 0 iff V'_(d 2^(r-1)) = 0   (r >= 1),
 * with V'_d = V'_m V'_(m+1) - P' and V'_2j = V'_j^2 - 2. (V'_m, V'_(m+1)) comes from the ladder
 * over the bits of m from (V'_0, V'_1) = (2, P') by
 *   V'_2j = V'_j^2 - 2,   V'_(2j+1) = V'_j V'_(j+1) - P',   V'_(2j+2) = V'_(j+1)^2 - 2:
 * a product and a square per bit, where the sequence of (1, Q) needs the powers Q^k beside it
 * (a third product per bit and a fourth for a set bit). pq = P' R mod n. */
static int lucas_conditions(ptest *t, const cy_limb *pq, const cy_int *m, uint64_t s)
{
    size_t k = t->k;
    cy_limb *v0 = t->x, *v1 = t->y, *two = t->z, *u = t->w;
    cy_mont_add(two, t->one, t->one, &t->ctx);
    cy_mpn_copy(v0, two, k); /* V'_0 */
    cy_mpn_copy(v1, pq, k);  /* V'_1 */
    for (uint64_t i = cy_int_sgn(m) ? cy_int_sizeinbase(m, 2) : 0; i-- > 0;) {
        cy_limb *p = v0, *q = v1; /* set bit: (V'_2j+1, V'_2j+2), else (V'_2j, V'_2j+1) */
        if (cy_int_tstbit(m, i))
            p = v1, q = v0;
        cy_mont_mul(q, v0, v1, &t->ctx, t->sc);
        cy_mont_sub(q, q, pq, &t->ctx);
        cy_mont_sqr(p, p, &t->ctx, t->sc);
        cy_mont_sub(p, p, two, &t->ctx);
    }
    cy_mont_add(u, v0, v1, &t->ctx);
    if (!cy_mpn_cmp(v0, v1, k) || cy_mpn_zero_p(u, k))
        return 1; /* U_d = 0, or V_d = 0 */
    cy_mont_mul(v0, v0, v1, &t->ctx, t->sc);
    cy_mont_sub(v0, v0, pq, &t->ctx); /* V'_d */
    for (uint64_t r = 1; r < s; r++) { /* V_(d 2^r) = 0 */
        if (cy_mpn_zero_p(v0, k))
            return 1;
        cy_mont_sqr(v0, v0, &t->ctx, t->sc);
        cy_mont_sub(v0, v0, two, &t->ctx);
    }
    return 0;
}

/* 1 if n (odd, > 3, not a square) passes the strong Lucas probable-prime test with Selfridge's
 * parameters (Baillie and Wagstaff): D the first of 5, -7, 9, -11, ... with (D/n) = -1, P = 1,
 * Q = (1 - D) / 4; with n + 1 = d 2^s, d odd, U_d = 0 or V_(d 2^r) = 0 (mod n) for some r < s.
 * 0 if not (or when D or Q shares a factor with n: modulo such a prime p, D = 0 makes the test
 * fail for n != |D|, and Q = 0 makes every U_k and V_k (k >= 1) 1), or an error. The sequences:
 * lucas_conditions. */
static int strong_lucas(ptest *t, const cy_int *n)
{
    int64_t D = 5;
    int j = 0, err = CY_OK;
    cy_int a, m;
    cy_int_init(&a);
    cy_int_init(&m);
    for (;;) {
        err = cy_int_set_i64(&a, D);
        if (!err)
            err = cy_int_kronecker(&j, &a, n);
        if (err || j == -1)
            break;
        if (j == 0 && cy_int_cmpabs_u64(n, (uint64_t)(D < 0 ? -D : D)) != 0) {
            err = 1; /* gcd(D, n) is a proper factor: the answer 0, below */
            break;
        }
        D = D > 0 ? -(D + 2) : -D + 2;
    }
    if (!err)
        err = cy_int_set_i64(&a, (1 - D) / 4); /* Q */
    if (!err)
        err = cy_int_invert(&a, &a, n);
    if (!err)
        err = cy_int_sub_u64(&a, &a, 2);
    if (!err)
        err = cy_int_mod(&a, &a, n); /* P' = 1/Q - 2 */
    if (!err)
        err = cy_int_add_u64(&m, n, 1);
    uint64_t s = err ? 0 : cy_int_scan1(&m, 0);
    if (!err)
        err = cy_int_tdiv_q_2exp(&m, &m, s + 1); /* m = (d - 1) / 2 */
    int res;
    if (err == 1 || err == CY_ENOTINV)
        res = 0;
    else if (err)
        res = err;
    else {
        ptest_to(t, t->p, &a);
        res = lucas_conditions(t, t->p, &m, s);
    }
    cy_int_clear(&a);
    cy_int_clear(&m);
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
    ptest t;
    int res = ptest_init(&t, &n);
    if (res)
        return res;
    cy_int d, b;
    cy_int_init(&d);
    cy_int_init(&b);
    res = cy_int_sub_u64(&d, &n, 1);
    uint64_t s = cy_int_scan1(&d, 0);
    if (!res)
        res = cy_int_tdiv_q_2exp(&d, &d, s); /* n - 1 = d 2^s */
    if (!res) {
        pow2(&t, &d);
        res = strong_tail(&t, s);
    }
    if (res == 1) { /* a square passes no Lucas test (no D has (D/n) = -1): rule it out */
        int sq = cy_int_perfect_square_p(&n);
        res = sq < 0 ? sq : sq ? 0 : strong_lucas(&t, &n);
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
        if (!err)
            err = cy_int_set_u64(&b, seed >> 1);
        if (!err)
            err = cy_int_mod(&b, &b, &m);
        if (!err)
            err = cy_int_add_u64(&b, &b, 3);
        cy_int_clear(&m);
        if (!err) { /* x = b^d R mod n */
            cy_mpn_copy(t.y, b.d, cy__int_n(&b));
            cy_mpn_zero(t.y + cy__int_n(&b), t.k - cy__int_n(&b));
            err = cy_mont_powm_vartime(t.x, t.y, d.d, cy__int_n(&d), &t.ctx, t.sc);
            cy_mont_to(t.x, t.x, &t.ctx, t.sc);
        }
        res = err ? err : strong_tail(&t, s);
    }
    cy_int_clear(&d);
    cy_int_clear(&b);
    ptest_clear(&t);
    return res;
}

/* The sieve of step_prime: the odd candidates c, c + 2 dir, ... in windows of W, each crossed out
 * when a prime 2 < p <= B divides it, with c > B + 2 W, so that every candidate of the window is
 * above B and a crossed-out one is composite. The residues c mod p come from one division of c by
 * each product of primes that fits a word, then move with the window. B grows with the size of c
 * as the cost of a test does (about bits^3 word products against about bits per prime for its
 * residue and its crossing out): B = bits^2 / 4, between 2^10 and 2^20, which leaves a share of
 * about ln 256 / ln B of the candidates that the trial division below 256 leaves (Mertens).
 * The window holds about 3 expected gaps (0.35 bits odd numbers). */
#define SIEVE_MAX_W 4096
static int sieve_search(cy_int *c, int dir, int *found)
{
    uint64_t bits = cy_int_sizeinbase(c, 2);
    uint64_t B = bits < 64 ? 1024 : bits * bits / 4;
    B = B < 1024 ? 1024 : B > (1u << 20) ? (1u << 20) : B;
    size_t W = bits < 64 ? 64 : bits > SIEVE_MAX_W ? SIEVE_MAX_W : (size_t)bits;
    if (cy_int_cmp_u64(c, B + 2 * W) <= 0)
        return CY_OK; /* small: no window */
    uint32_t *pr, *res = NULL;
    size_t np;
    int err = cy__int_primes(&pr, &np, (uint32_t)B);
    if (!err && !(res = cy__int_balloc(np * sizeof *res)))
        err = CY_ENOMEM;
    for (size_t i = 1; !err && i < np;) { /* pr[0] = 2 */
        uint64_t prod = pr[i], m;
        size_t j = i + 1;
        while (j < np && prod <= UINT64_MAX / pr[j])
            prod *= pr[j++];
        cy_int_mod_u64(&m, c, prod);
        for (; i < j; i++)
            res[i] = (uint32_t)(m % pr[i]);
    }
    unsigned char out[SIEVE_MAX_W];
    cy_int x;
    cy_int_init(&x);
    while (!err && cy_int_cmp_u64(c, B + 2 * W) > 0) {
        memset(out, 0, W);
        for (size_t t = 1; t < np; t++) {
            /* c + 2 i dir = 0 (mod p): i = -dir r / 2 = (p - r or r) (p + 1) / 2 (mod p) */
            uint64_t p = pr[t], r = res[t];
            uint64_t i = (dir > 0 ? p - r : r) % p * ((p + 1) / 2) % p;
            for (; i < W; i += p)
                out[i] = 1;
            res[t] = (uint32_t)(dir > 0 ? (r + 2 * W) % p : (r + p - 2 * W % p) % p); /* next window */
        }
        for (size_t i = 0; i < W && !err; i++) {
            if (out[i])
                continue;
            err = dir > 0 ? cy_int_add_u64(&x, c, 2 * i) : cy_int_sub_u64(&x, c, 2 * i);
            int p = err ? err : cy_int_probab_prime_p(&x, 25);
            if (p < 0)
                err = p;
            else if (p) {
                cy_int_swap(c, &x);
                *found = 1;
                break;
            }
        }
        if (!err && !*found)
            err = dir > 0 ? cy_int_add_u64(c, c, 2 * W) : cy_int_sub_u64(c, c, 2 * W);
        if (*found)
            break;
    }
    cy_int_clear(&x);
    cy_free(pr);
    cy_free(res);
    return err;
}

/* r = the first prime after n (dir = 1) or before it (dir = -1): the odd candidates from n on,
 * through sieve_search while they are large enough, then one by one (small numbers, whose test
 * is a trial division). */
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
    int found = 0;
    if (!err)
        err = sieve_search(&c, dir, &found);
    while (!err && !found) {
        int pr = cy_int_probab_prime_p(&c, 25);
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
