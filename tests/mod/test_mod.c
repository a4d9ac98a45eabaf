/* The mod layer against GMP: Montgomery arithmetic, exponentiation (mpz_powm) and every inversion
 * (mpz_invert), on random and edge moduli (3, all ones, the NIST and curve primes, random primes
 * and composites) of 1..64 limbs, edge and random operands, aliasing, guard limbs, every back end,
 * and the documented errors. SPDX-License-Identifier: MIT */
#include <stdio.h> /* before gmp.h, for gmp_fprintf */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

static const char *const named_primes[][2] = {
    {"P-256", "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff"},
    {"P-384", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffeffffffff0000000000000000"
              "ffffffff"},
    {"P-521", "1ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"
              "ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff"},
    {"2^255-19", "7fffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffed"},
    {"secp256k1", "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f"},
    {"secp256k1 n", "fffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141"},
};

static mpz_t M, A, Bz, X, Y, E;

static size_t limbs_of(const mpz_t z)
{
    return (mpz_sizeinbase(z, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
}

/* An operand for modulus M: edge values or random below M. */
static void operand(cy_limb *a, size_t n, int kind)
{
    switch (kind) {
    case 0: mpz_set_ui(X, 0); break;
    case 1: mpz_set_ui(X, 1); break;
    case 2: mpz_sub_ui(X, M, 1); break;
    case 3: mpz_sub_ui(X, M, 2); break;
    case 4: mpz_set_ui(X, 2); break;
    default:
        t_fill(a, n, T_ANY);
        t_to_mpz(X, a, n);
        mpz_mod(X, X, M);
    }
    t_from_mpz(a, n, X);
}

static void check_eq(const cy_limb *r, size_t n, const mpz_t want, const char *what, int cpu)
{
    t_to_mpz(Y, r, n);
    int ok = mpz_cmp(Y, want) == 0;
    T_CHECK(ok, "%s wrong, n=%zu cpu=%s", what, n, cy_cpu_name((cy_cpu)cpu));
    if (!ok) {
        gmp_fprintf(stderr, "  m=%Zx\n  want=%Zx\n  got =%Zx\n", M, want, Y);
    }
}

/* The inverses, called alike: ami and sfami through wrappers that drop their exponent k. */
static int ami(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *sc)
{
    unsigned long k;
    return cy_mod_ami_vartime(r, &k, a, ctx, sc);
}
static int sfami(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *sc)
{
    unsigned long k;
    return cy_mod_sfami_vartime(r, &k, a, ctx, sc);
}
static const struct {
    const char *name;
    int (*f)(cy_limb *, const cy_limb *, const cy_mont *, cy_limb *);
    int prime_only; /* Fermat's inverse reports only a = 0, and is an inverse only for prime m */
} inverses[] = {
    {"inv_safegcd", cy_mod_inv_safegcd, 0},
    {"inv_safegcd_vartime", cy_mod_inv_safegcd_vartime, 0},
    {"inv_lehmer_vartime", cy_mod_inv_lehmer_vartime, 0},
    {"inv_fermat", cy_mod_inv_fermat, 1},
    {"ami_vartime", ami, 0},
    {"sfami_vartime", sfami, 0},
    {"mont_inv_vartime", cy_mont_inv_vartime, 0},
    {"inv_kaliski_vartime", cy_mod_inv_kaliski_vartime, 0},
};

/* Every error path of every inverse (mod.h: CY_EUNREDUCED for a >= m, CY_ENOTINV for a = 0 or
 * gcd(a, m) > 1, and r = 0 on error), with r apart from a and with r == a (mod.h allows it; the
 * result then overwrites the operand while the function may still need it). The modulus is in M
 * and in ctx; a and r have n limbs. Unreduced: m, m + 1 (when it fits), all ones. Not invertible:
 * 0, and for composite m a proper factor p of m and m / p (found by trial division). */
static void test_inverse_errors(size_t n, int prime, const cy_mont *ctx, cy_limb *a, cy_limb *r,
                                cy_limb *sc)
{
    mpz_t bad[8];
    int want[8], nbad = 0;
    for (int i = 0; i < 8; i++)
        mpz_init(bad[i]);
    mpz_set(bad[nbad], M), want[nbad++] = CY_EUNREDUCED;
    mpz_add_ui(bad[nbad], M, 1);
    if (mpz_sizeinbase(bad[nbad], 2) <= n * CY_LIMB_BITS)
        want[nbad++] = CY_EUNREDUCED;
    mpz_set_ui(bad[nbad], 1), mpz_mul_2exp(bad[nbad], bad[nbad], n * CY_LIMB_BITS);
    mpz_sub_ui(bad[nbad], bad[nbad], 1), want[nbad++] = CY_EUNREDUCED;
    mpz_set_ui(bad[nbad], 0), want[nbad++] = CY_ENOTINV;
    for (unsigned long p = 3; p < 200 && !prime; p += 2)
        if (mpz_divisible_ui_p(M, p) && mpz_cmp_ui(M, p) > 0) {
            mpz_set_ui(bad[nbad], p), want[nbad++] = CY_ENOTINV;
            mpz_divexact_ui(bad[nbad], M, p), want[nbad++] = CY_ENOTINV;
            break;
        }
    for (size_t f = 0; f < sizeof inverses / sizeof inverses[0]; f++) {
        if (inverses[f].prime_only && (!prime || n > 16))
            continue;
        for (int i = 0; i < nbad; i++)
            for (int alias = 0; alias < 2; alias++) {
                cy_limb *out = alias ? a : r;
                t_from_mpz(a, n, bad[i]);
                if (!alias)
                    t_fill(r, n, T_ONES); /* must become 0 */
                int err = inverses[f].f(out, a, ctx, sc);
                T_CHECK(err == want[i] && cy_mpn_zero_p(out, n),
                        "%s(%s) of case %d: got %d, want %d, r %s 0, n=%zu", inverses[f].name,
                        alias ? "r == a" : "r, a", i, err, want[i],
                        cy_mpn_zero_p(out, n) ? "=" : "!=", n);
            }
    }
    for (int i = 0; i < 8; i++)
        mpz_clear(bad[i]);
}

/* Inputs on which safegcd needs nearly all the divsteps it runs. The constant-time inverse runs a
 * fixed count (inv_safegcd.c, divstep_bound: 590 hddivsteps at 256 bits, else the formula
 * floor((3787 d + 2166) / 1644): 148, 296 and 443 at 64, 128 and 192 bits). Random inputs finish
 * well before it: at 256 bits 513 steps on average, standard deviation 5, 530 the most of 20000.
 * With the count lowered to 520 (522 steps run) under 1% of random inverses come out wrong, which
 * the random tests here catch only by chance (7 of 8 seeds tried), and at 580 none would.
 * steps: hddivsteps until g = 0; fsteps: the first count after which f = +-1, which it stays.
 * After any count below fsteps f != +-1, where safegcd cannot have the inverse (f = +-d a mod m
 * is all it knows), so each vector fails every constant-time count below its fsteps. The test
 * recomputes both numbers with its own loop (ref_hddivsteps).
 * Found by a throwaway beam search (Python) run backwards from the end, f = 1 and g = 0, over the
 * three inverse divsteps (g <- 2 g; g <- 2 g - f when delta - 1 < 0; (f, g) <- (f - 2 g, f)
 * when 1 - delta > 0), keeping per delta the 300 states of smallest f^2 + 4 g^2 at each depth
 * and taking the deepest with delta = 1/2 and 0 < g < f < 2^bits as m = f, a = g. */
static const struct {
    unsigned bits; /* the length the bound is taken for: bits / CY_LIMB_BITS limbs */
    unsigned long steps, fsteps;
    const char *m, *a;
} slow_inputs[] = {
    {64, 147, 143, "e1dbe6c314e2c893", "df0321148faa230d"},
    {128, 294, 290, "eb8377f6a08bc743a877cf17fa5651d1", "dcc69103c24500866e3dd7a5852a691f"},
    {192, 441, 436, "f825cd33239034808bd0e9f36c22879fa36998086fa485b1",
     "dc00747b662bbaa9802454311ef7ca461a77fe994dd821d2"},
    {256, 587, 582, "cf7c9bb049f25c82e11519ab28ccf26eb2de4d149c8b73057495ea235e24a6a9",
     "a4166c33792d553035a98ed1c67c283f5a09b3bf49fd5454d076e885afc5ca0f"},
    {256, 587, 582, "f8b947bdb50a41748d15ea43838af1503ec7e3c5118f977eb620de035f22c7d1",
     "d45dd89f7e73eb1e3b0fee0f1633e68bd24d655508f9d9d053df18b5cd026bef"},
};

/* The hddivsteps of f = m, g = a (Bernstein and Yang's divstep with delta starting at 1/2, as
 * the top comment of src/mod/inv_safegcd.c has it), kept as e = 2 delta, an odd integer:
 *     (e, f, g) -> (2 - e, g, (g - f) / 2)  if e > 0 and g odd,
 *                  (2 + e, f, (g + f) / 2)  if g odd,
 *                  (2 + e, f, g / 2)        if g even.
 * Returns the steps until g = 0; *fsteps = the first count after which f = +-1, if f stays +-1
 * from there on, else 0. */
static unsigned long ref_hddivsteps(const mpz_t m, const mpz_t a, unsigned long *fsteps)
{
    mpz_t f, g, t;
    mpz_init_set(f, m), mpz_init_set(g, a), mpz_init(t);
    long e = 1;
    /* |f| = 1 first after `first` steps, |f| != 1 last after `last` */
    unsigned long steps = 0, first = 0, last = 0;
    while (mpz_sgn(g) != 0) {
        if (mpz_odd_p(g) && e > 0) {
            mpz_sub(t, g, f), mpz_swap(f, g), mpz_tdiv_q_2exp(g, t, 1); /* t even: exact */
            e = 2 - e;
        } else {
            if (mpz_odd_p(g))
                mpz_add(g, g, f);
            mpz_tdiv_q_2exp(g, g, 1);
            e = 2 + e;
        }
        steps++;
        if (mpz_cmpabs_ui(f, 1) != 0)
            last = steps;
        else if (!first)
            first = steps;
    }
    mpz_clears(f, g, t, NULL);
    *fsteps = first == last + 1 ? first : 0;
    return steps;
}

/* The slow inputs through both safegcd inverses (against mpz_invert), r apart from a and r == a,
 * on the back end in use; with check_counts, first the step counts of the table. */
static void test_slow_inverses(int cpu, int check_counts)
{
    for (size_t i = 0; i < sizeof slow_inputs / sizeof slow_inputs[0]; i++) {
        size_t n = slow_inputs[i].bits / CY_LIMB_BITS;
        mpz_set_str(M, slow_inputs[i].m, 16);
        mpz_set_str(A, slow_inputs[i].a, 16);
        T_CHECK(mpz_odd_p(M) && mpz_sizeinbase(M, 2) <= slow_inputs[i].bits && mpz_sgn(A) > 0 &&
                    mpz_cmp(A, M) < 0 && mpz_invert(X, A, M),
                "slow input %zu: not odd m, 0 < a < m < 2^%u, gcd 1", i, slow_inputs[i].bits);
        if (check_counts) {
            unsigned long fsteps, steps = ref_hddivsteps(M, A, &fsteps);
            T_CHECK(steps == slow_inputs[i].steps && fsteps == slow_inputs[i].fsteps,
                    "slow input %zu: %lu and %lu hddivsteps, the table says %lu and %lu", i, steps,
                    fsteps, slow_inputs[i].steps, slow_inputs[i].fsteps);
        }
        size_t storage_n = cy_mont_storage_limbs(n), itch = cy_mont_init_itch(n);
        if (cy_mod_inv_itch(n) > itch)
            itch = cy_mod_inv_itch(n);
        cy_limb *m = t_alloc(n), *st = t_alloc(storage_n), *sc = t_alloc(itch);
        cy_limb *a = t_alloc(n), *r = t_alloc(n);
        t_from_mpz(m, n, M);
        cy_mont ctx;
        int err = cy_mont_init(&ctx, st, m, n, sc);
        T_CHECK(err == 0, "slow input %zu: init failed %d", i, err);
        for (int f = 0; f < 2; f++)
            for (int alias = 0; alias < 2; alias++) {
                const char *name =
                    f ? "inv_safegcd_vartime (slow input)" : "inv_safegcd (slow input)";
                cy_limb *out = alias ? a : r;
                t_from_mpz(a, n, A);
                t_fill(r, n, T_ONES);
                err = f ? cy_mod_inv_safegcd_vartime(out, a, &ctx, sc)
                        : cy_mod_inv_safegcd(out, a, &ctx, sc);
                T_CHECK(err == 0, "%s %zu (%u bits, %s): err %d", name, i, slow_inputs[i].bits,
                        alias ? "r == a" : "r, a", err);
                check_eq(out, n, X, name, cpu);
            }
        cy_limb *bufs[] = {m, st, sc, a, r};
        size_t lens[] = {n, storage_n, itch, n, n};
        for (int j = 0; j < 5; j++) {
            T_CHECK(t_guards_ok(bufs[j], lens[j]), "slow input %zu: guard of buffer %d", i, j);
            t_free(bufs[j]);
        }
    }
}

/* Montgomery arithmetic and exponentiation for the modulus in M (n limbs). */
static void test_modulus(size_t n, int prime, int reps, int cpu)
{
    size_t storage_n = cy_mont_storage_limbs(n);
    size_t itch = cy_mont_init_itch(n);
    size_t en_max = n + 2;
    size_t t;
    if ((t = cy_mont_mul_itch(n)) > itch) itch = t;
    if ((t = cy_mont_mod_itch(n)) > itch) itch = t;
    if ((t = cy_mont_powm_itch(n, en_max)) > itch) itch = t;
    if ((t = cy_mont_powm_vartime_itch(n, en_max)) > itch) itch = t;
    if ((t = cy_mod_inv_itch(n)) > itch) itch = t;
    cy_limb *m = t_alloc(n), *st = t_alloc(storage_n), *sc = t_alloc(itch);
    cy_limb *a = t_alloc(2 * n), *b = t_alloc(n), *r = t_alloc(n), *e = t_alloc(en_max);
    t_from_mpz(m, n, M);
    cy_mont ctx;
    int err = cy_mont_init(&ctx, st, m, n, sc);
    T_CHECK(err == 0, "init failed %d n=%zu", err, n);
    /* R mod m and R^2 mod m */
    mpz_t Rinv;
    mpz_init(Rinv);
    mpz_set_ui(Y, 1);
    mpz_mul_2exp(Y, Y, n * CY_LIMB_BITS);
    mpz_invert(Rinv, Y, M);
    mpz_mod(A, Y, M);
    check_eq(ctx.one, n, A, "R mod m", cpu);
    mpz_mul(A, Y, Y);
    mpz_mod(A, A, M);
    check_eq(ctx.rr, n, A, "R^2 mod m", cpu);
    /* cy_mont_init_vartime: the same context and storage, with scratch of exactly its itch */
    size_t vitch = cy_mont_init_vartime_itch(n);
    cy_limb *st2 = t_alloc(storage_n), *sc2 = t_alloc(vitch);
    cy_mont vctx;
    err = cy_mont_init_vartime(&vctx, st2, m, n, sc2);
    T_CHECK(err == 0 && vctx.n == n && vctx.m == st2 && vctx.one == st2 + n && vctx.rr == st2 + 2 * n
                && vctx.minv == ctx.minv && memcmp(st2, st, storage_n * sizeof *st) == 0,
            "init_vartime: err %d or a context unlike cy_mont_init's, n=%zu cpu=%s", err, n,
            cy_cpu_name((cy_cpu)cpu));
    T_CHECK(t_guards_ok(st2, storage_n) && t_guards_ok(sc2, vitch), "init_vartime n=%zu: guard", n);
    t_free(sc2);

    for (int rep = 0; rep < reps; rep++) {
        operand(a, n, rep < 6 ? rep : 6 + (int)t_below(6));
        operand(b, n, rep < 6 ? (rep + 2) % 7 : 6 + (int)t_below(6));
        t_to_mpz(A, a, n);
        t_to_mpz(Bz, b, n);
        int alias = (int)t_below(4); /* 0: r separate, 1: r = a, 2: r = b, 3: r = a = b */
        cy_limb *ra = alias == 1 || alias == 3 ? a : r, *rb = alias == 2 ? b : r;
        cy_limb *a0 = t_alloc(n), *b0 = t_alloc(n);
        cy_mpn_copy(a0, a, n), cy_mpn_copy(b0, b, n);
        const cy_limb *bb = alias == 3 ? a : b;
        mpz_t Bb;
        mpz_init_set(Bb, alias == 3 ? A : Bz);

        /* mul: a b / R */
        cy_limb *out = alias == 2 ? rb : ra;
        cy_mont_mul(out, a, bb, &ctx, sc);
        mpz_mul(X, A, Bb), mpz_mul(X, X, Rinv), mpz_mod(X, X, M);
        check_eq(out, n, X, "mont_mul", cpu);
        cy_mpn_copy(a, a0, n), cy_mpn_copy(b, b0, n);
        /* sqr */
        cy_mont_sqr(ra, a, &ctx, sc);
        mpz_mul(X, A, A), mpz_mul(X, X, Rinv), mpz_mod(X, X, M);
        check_eq(ra, n, X, "mont_sqr", cpu);
        cy_mpn_copy(a, a0, n);
        /* to / from */
        cy_mont_to(ra, a, &ctx, sc);
        mpz_mul_2exp(X, A, n * CY_LIMB_BITS), mpz_mod(X, X, M);
        check_eq(ra, n, X, "mont_to", cpu);
        cy_mont_from(ra, ra, &ctx, sc);
        check_eq(ra, n, A, "mont_from(mont_to)", cpu);
        cy_mpn_copy(a, a0, n);
        /* add, sub, neg */
        cy_mont_add(out, a, bb, &ctx);
        mpz_add(X, A, Bb), mpz_mod(X, X, M);
        check_eq(out, n, X, "mont_add", cpu);
        cy_mpn_copy(a, a0, n), cy_mpn_copy(b, b0, n);
        cy_mont_sub(out, a, bb, &ctx);
        mpz_sub(X, A, Bb), mpz_mod(X, X, M);
        check_eq(out, n, X, "mont_sub", cpu);
        cy_mpn_copy(a, a0, n), cy_mpn_copy(b, b0, n);
        cy_mont_neg(ra, a, &ctx);
        mpz_neg(X, A), mpz_mod(X, X, M);
        check_eq(ra, n, X, "mont_neg", cpu);
        cy_mpn_copy(a, a0, n);

        /* unreduced operands of mul: the result stays < B^n and congruent */
        t_fill(a, n, T_ANY), t_fill(b, n, T_ANY);
        t_to_mpz(X, a, n), t_to_mpz(Y, b, n);
        mpz_mul(X, X, Y), mpz_mul(X, X, Rinv), mpz_mod(X, X, M);
        cy_mont_mul(r, a, b, &ctx, sc);
        t_to_mpz(Y, r, n);
        mpz_mod(Y, Y, M);
        T_CHECK(mpz_cmp(X, Y) == 0, "mont_mul on unreduced operands not congruent, n=%zu", n);
        /* to and from accept any a < B^n and reduce fully */
        t_to_mpz(X, a, n);
        cy_mont_from(r, a, &ctx, sc);
        mpz_mul(Y, X, Rinv), mpz_mod(Y, Y, M);
        check_eq(r, n, Y, "mont_from unreduced", cpu);
        /* mod of an <= 2n limbs; first all ones in 2n limbs, which with m = B^n - 1 gives every
         * quotient limb all ones and the reduction's largest carries */
        size_t an = rep == 0 ? 2 * n : t_below(2 * n + 1);
        t_fill(a, an, rep == 0 ? T_ONES : T_ANY);
        t_to_mpz(X, a, an);
        cy_mont_mod(r, a, an, &ctx, sc);
        mpz_mod(X, X, M);
        check_eq(r, n, X, "mont_mod", cpu);

        /* powm, both versions: exponent lengths 0..n+2, edge and random exponents; n large
         * gets shorter exponents (the test's time is dominated by these). */
        operand(a, n, rep < 6 ? rep : 6);
        t_to_mpz(A, a, n);
        cy_mpn_copy(a0, a, n);
        size_t en = n > 16 ? t_below(3) : t_below(en_max + 1);
        if (rep == 0)
            en = 0;
        t_fill(e, en, rep == 1 ? T_ONES : T_ANY);
        t_to_mpz(E, e, en);
        mpz_powm(X, A, E, M);
        err = cy_mont_powm(ra, a, e, en, &ctx, sc);
        T_CHECK(err == 0, "powm err %d", err);
        check_eq(ra, n, X, "mont_powm", cpu);
        cy_mpn_copy(a, a0, n);
        err = cy_mont_powm_vartime(ra, a, e, en, rep & 1 ? &vctx : &ctx, sc);
        T_CHECK(err == 0, "powm_vartime err %d", err);
        check_eq(ra, n, X, "mont_powm_vartime", cpu);
        cy_mpn_copy(a, a0, n);

        /* inverses */
        int inv = mpz_invert(X, A, M);
        for (int f = 0; f < 6; f++) {
            if (f == 2 && (!prime || n > 16))
                continue;
            const char *name = "";
            cy_mpn_copy(a, a0, n);
            switch (f) {
            case 0: name = "inv_safegcd"; err = cy_mod_inv_safegcd(ra, a, &ctx, sc); break;
            case 1: name = "inv_safegcd_vartime"; err = cy_mod_inv_safegcd_vartime(ra, a, &ctx, sc); break;
            case 2: name = "inv_fermat"; err = cy_mod_inv_fermat(ra, a, &ctx, sc); break;
            case 3: name = "inv_kaliski_vartime"; err = cy_mod_inv_kaliski_vartime(ra, a, &ctx, sc); break;
            case 4: name = "mont_inv_vartime"; err = cy_mont_inv_vartime(ra, a, &ctx, sc); break;
            case 5: name = "inv_lehmer_vartime"; err = cy_mod_inv_lehmer_vartime(ra, a, &ctx, sc); break;
            }
            if (!inv) {
                T_CHECK(err == CY_ENOTINV && cy_mpn_zero_p(ra, n), "%s: want ENOTINV, got %d", name, err);
                continue;
            }
            T_CHECK(err == 0, "%s err %d n=%zu", name, err, n);
            if (f == 4) { /* a^-1 R^2 */
                mpz_set_ui(Y, 1);
                mpz_mul_2exp(Y, Y, 2 * n * CY_LIMB_BITS);
                mpz_mul(Y, Y, X), mpz_mod(Y, Y, M);
                check_eq(ra, n, Y, name, cpu);
            } else {
                check_eq(ra, n, X, name, cpu);
            }
        }
        /* AMI and SF-AMI: a s = 2^k with bits(m) - 1 <= k < 2 bits(m), the same (s, k) */
        if (inv) {
            unsigned long k1 = 0, k2 = 0;
            cy_mpn_copy(a, a0, n);
            int e1 = cy_mod_ami_vartime(r, &k1, a, &ctx, sc);
            int e2 = cy_mod_sfami_vartime(b, &k2, a, &ctx, sc);
            size_t bits = mpz_sizeinbase(M, 2);
            T_CHECK(e1 == 0 && e2 == 0 && k1 == k2 && cy_mpn_cmp(r, b, n) == 0,
                    "ami/sfami disagree: %d %d k %lu %lu", e1, e2, k1, k2);
            T_CHECK(k1 + 1 >= bits && k1 < 2 * bits, "ami k=%lu outside [bits-1, 2 bits), bits=%zu", k1, bits);
            mpz_set_ui(Y, 1);
            mpz_mul_2exp(Y, Y, k1);
            mpz_mul(Y, Y, X), mpz_mod(Y, Y, M);
            check_eq(r, n, Y, "ami", cpu);
        }
        t_free(a0), t_free(b0);
        mpz_clear(Bb);
    }

    /* Errors of the exponentiations: unreduced bases (= m and all ones). */
    cy_mpn_copy(a, m, n);
    for (int which = 0; which < 2; which++) {
        if (which)
            memset(a, 0xff, n * sizeof *a);
        T_CHECK(cy_mont_powm(r, a, e, 1, &ctx, sc) == CY_EUNREDUCED && cy_mpn_zero_p(r, n),
                "powm unreduced");
        T_CHECK(cy_mont_powm_vartime(r, a, e, 1, &ctx, sc) == CY_EUNREDUCED && cy_mpn_zero_p(r, n),
                "powm_vartime unreduced");
    }
    test_inverse_errors(n, prime, &ctx, a, r, sc);

    cy_limb *bufs[] = {m, st, sc, a, b, r, e, st2};
    size_t lens[] = {n, storage_n, itch, 2 * n, n, n, en_max, storage_n};
    for (int i = 0; i < 8; i++) {
        T_CHECK(t_guards_ok(bufs[i], lens[i]), "guard limbs of buffer %d overwritten, n=%zu", i, n);
        t_free(bufs[i]);
    }
    mpz_clear(Rinv);
}

static void test_errors(void)
{
    cy_limb m[3] = {4, 0, 0}, st[9], sc[64];
    cy_mont ctx;
    T_CHECK(cy_mont_init(&ctx, st, m, 0, sc) == CY_EONE, "n = 0 accepted");
    T_CHECK(cy_mont_init(&ctx, st, m, 1, sc) == CY_EEVEN, "m = 4 accepted");
    m[0] = 0, m[2] = 1;
    T_CHECK(cy_mont_init(&ctx, st, m, 3, sc) == CY_EEVEN, "even 3-limb m accepted");
    m[0] = 1, m[2] = 0;
    T_CHECK(cy_mont_init(&ctx, st, m, 3, sc) == CY_EONE, "m = 1 accepted");
    T_CHECK(cy_mont_init(&ctx, st, m, 1, sc) == CY_EONE, "m = 1 (one limb) accepted");
    m[0] = 3;
    T_CHECK(cy_mont_init(&ctx, st, m, 2, sc) == 0, "m = 3 in two limbs rejected");

    /* cy_mont_init_vartime: the same codes, on its own way (top limb != 0) and cy_mont_init's */
    cy_limb big[64];
    T_CHECK(cy_mont_init_vartime_itch(3) <= 64, "init_vartime_itch(3) = %zu", cy_mont_init_vartime_itch(3));
    m[0] = 4, m[1] = 0, m[2] = 0;
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 0, big) == CY_EONE, "vartime: n = 0 accepted");
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 1, big) == CY_EEVEN, "vartime: m = 4 accepted");
    m[0] = 0;
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 1, big) == CY_EEVEN, "vartime: m = 0 accepted");
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 3, big) == CY_EEVEN, "vartime: m = 0 (3 limbs) accepted");
    m[2] = 1;
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 3, big) == CY_EEVEN, "vartime: even 3-limb m accepted");
    m[0] = 1, m[2] = 0;
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 3, big) == CY_EONE, "vartime: m = 1 accepted");
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 1, big) == CY_EONE, "vartime: m = 1 (one limb) accepted");
    m[0] = 3;
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 2, big) == 0 && ctx.one[0] == 1 && ctx.rr[0] == 1,
            "vartime: m = 3 in two limbs");
    m[0] = 1, m[1] = 0, m[2] = 1;
    T_CHECK(cy_mont_init_vartime(&ctx, st, m, 3, big) == 0, "vartime: m = B^2 + 1 rejected");
}

/* cy_mont_powm_vartime for one-limb moduli (its own path, one-limb products): moduli 3, 5,
 * B - 1, 2^(W-1) +- 1, 2^32 +- 1 and random odd ones of every size, with contexts from both
 * inits; exponents of 0..4 limbs (with leading zero limbs) around the 32-bit switch of the window
 * width; bases 0, 1, 2, m - 1, m - 2 and random; unreduced bases (m, B - 1). */
static void test_powm_1(void)
{
    cy_limb st[3], sc[64], st2[3], e[4], b, r;
    T_CHECK(cy_mont_powm_vartime_itch(1, 4) <= 64 && cy_mont_init_vartime_itch(1) <= 64 &&
                cy_mont_init_itch(1) <= 64, "one-limb itch over 64");
    const cy_limb fixed[] = {3, 5, CY_LIMB_MAX, CY_LIMB_MAX - 2, ((cy_limb)1 << (CY_LIMB_BITS - 1)) + 1,
                             ((cy_limb)1 << (CY_LIMB_BITS - 1)) - 1, (cy_limb)0xffffffff,
                             (cy_limb)((uint64_t)0x100000001 & CY_LIMB_MAX)};
    size_t nfixed = sizeof fixed / sizeof *fixed, count = nfixed + t_reps(200);
    for (size_t i = 0; i < count; i++) {
        cy_limb m = i < nfixed ? fixed[i] : t_rand_limb() >> t_below(CY_LIMB_BITS - 1) | 1;
        if (m < 3)
            continue;
        t_to_mpz(M, &m, 1);
        cy_mont c1, c2;
        T_CHECK(cy_mont_init(&c1, st, &m, 1, sc) == 0 && cy_mont_init_vartime(&c2, st2, &m, 1, sc) == 0,
                "init m=%llx", (unsigned long long)m);
        for (int rep = 0; rep < 12; rep++) {
            size_t en = t_below(5);
            t_fill(e, en, T_ANY);
            if (rep < 6 && en) { /* exponents next to 2^31, where the window widens */
                cy_limb top[] = {0, 1, 0x7fffffff, 0x80000000, 0xffffffff, CY_LIMB_MAX};
                e[0] = top[rep];
                for (size_t j = 1; j < en; j++)
                    e[j] = 0;
            } else if (en && t_below(4) == 0) {
                e[en - 1] = 0; /* a leading zero limb */
            }
            cy_limb bases[] = {0, 1, 2, m - 1, m - 2, t_rand_limb() % m};
            b = bases[rep % 6];
            t_to_mpz(A, &b, 1);
            t_to_mpz(E, e, en);
            mpz_powm(X, A, E, M);
            int err = cy_mont_powm_vartime(&r, &b, e, en, rep & 1 ? &c2 : &c1, sc);
            T_CHECK(err == 0, "powm_vartime (one limb) err %d", err);
            check_eq(&r, 1, X, "mont_powm_vartime (one limb)", cy_cpu_get());
            r = b;
            err = cy_mont_powm_vartime(&r, &r, e, en, &c2, sc); /* r = b */
            check_eq(&r, 1, X, "mont_powm_vartime (one limb, r = b)", cy_cpu_get());
        }
        cy_limb bad[] = {m, CY_LIMB_MAX};
        for (int j = 0; j < 2; j++) {
            r = 1;
            T_CHECK(cy_mont_powm_vartime(&r, &bad[j], e, 1, &c2, sc) == CY_EUNREDUCED && r == 0,
                    "powm_vartime (one limb): unreduced base accepted");
        }
    }
}

/* cy_mont_mul, cy_mont_sqr on the ifma back end (radix 2^52 and back, src/mod/x86_64/mont_ifma.c) at
 * every length from 8 to 64 limbs, against mpz and the adx back end: operands 0, 1, m - 1,
 * B^n - 1 (all ones: the lazy bound, far above m when the top limb of m is 1), random below m,
 * random below B^n, m; r = a, r = b and r = a = b. For a, b < m the result must be the fully
 * reduced one (the same as adx); otherwise congruent. */
static void ifma_mul_operand(cy_limb *a, const cy_limb *m, size_t n, int kind)
{
    switch (kind) {
    case 0: cy_mpn_zero(a, n); break;
    case 1: cy_mpn_zero(a, n), a[0] = 1; break;
    case 2: cy_mpn_copy(a, m, n), a[0]--; break; /* m odd: m - 1 */
    case 3: t_fill(a, n, T_ONES); break;
    case 4: cy_mpn_copy(a, m, n); break;
    case 5: t_fill(a, n, T_ANY); break;
    default:
        t_fill(a, n, T_ANY);
        t_to_mpz(X, a, n);
        mpz_mod(X, X, M);
        t_from_mpz(a, n, X);
    }
}

static void test_mul_ifma(size_t n, const cy_mont *ctx, cy_limb *sc, size_t itch)
{
    cy_limb *a = t_alloc(n), *b = t_alloc(n), *r1 = t_alloc(n), *r2 = t_alloc(n);
    cy_limb *a0 = t_alloc(n), *b0 = t_alloc(n);
    mpz_t Rinv;
    mpz_init(Rinv);
    mpz_set_ui(Y, 1);
    mpz_mul_2exp(Y, Y, n * CY_LIMB_BITS);
    mpz_invert(Rinv, Y, M);
    for (int ka = 0; ka < 8; ka++)
        for (int kb = 0; kb < 8; kb++) {
            ifma_mul_operand(a0, ctx->m, n, ka);
            ifma_mul_operand(b0, ctx->m, n, kb);
            int reduced = cy_mpn_cmp(a0, ctx->m, n) < 0 && cy_mpn_cmp(b0, ctx->m, n) < 0;
            for (int sqr = 0; sqr < 2; sqr++) {
                const cy_limb *bb = sqr ? a0 : b0;
                t_to_mpz(A, a0, n);
                t_to_mpz(Bz, bb, n);
                mpz_mul(X, A, Bz), mpz_mul(X, X, Rinv), mpz_mod(X, X, M);
                cy_cpu_set(CY_CPU_ADX);
                if (sqr)
                    cy_mont_sqr(r2, a0, ctx, sc);
                else
                    cy_mont_mul(r2, a0, bb, ctx, sc);
                int alias = (ka + kb + sqr) % 3; /* 0: r separate, 1: r = a, 2: r = b (= a) */
                cy_mpn_copy(a, a0, n), cy_mpn_copy(b, bb, n);
                cy_limb *out = alias == 0 ? r1 : alias == 1 ? a : sqr ? a : b;
                const cy_limb *bin = sqr && alias ? a : b;
                cy_cpu_set(CY_CPU_IFMA);
                if (sqr)
                    cy_mont_sqr(out, a, ctx, sc);
                else
                    cy_mont_mul(out, a, bin, ctx, sc);
                const char *what = sqr ? "mont_sqr (ifma)" : "mont_mul (ifma)";
                if (reduced) {
                    check_eq(out, n, X, what, CY_CPU_IFMA);
                    T_CHECK(cy_mpn_cmp(out, r2, n) == 0, "%s != adx, n=%zu", what, n);
                } else {
                    t_to_mpz(Y, out, n);
                    mpz_mod(Y, Y, M);
                    T_CHECK(mpz_cmp(X, Y) == 0, "%s on unreduced operands (%d, %d) not congruent, n=%zu",
                            what, ka, kb, n);
                }
                T_CHECK(t_guards_ok(sc, itch) && t_guards_ok(r1, n) && t_guards_ok(a, n) &&
                            t_guards_ok(b, n), "%s n=%zu: guard", what, n);
            }
        }
    mpz_clear(Rinv);
    t_free(a), t_free(b), t_free(r1), t_free(r2), t_free(a0), t_free(b0);
}

/* cy_mont_powm and cy_mont_powm_vartime on the ifma back end (radix 2^52, src/mod/x86_64/mont_ifma.c)
 * against mpz_powm and the adx back end, at every modulus length the IFMA path takes (8..64
 * limbs): all-ones moduli, random odd ones with the top bit set, and ones with a top limb of 1
 * (R = 2^(52k) far above m); bases 0, 1, m - 1, m - 2, 2, random, m (rejected); exponents 0, 1,
 * all ones, 2^j, random, of lengths that give every window width (0, 1, 3, 11, 25 limbs, and n at
 * 1024, 2048 and 4096 bits); and the products above. Skipped where the CPU has no IFMA. */
static void test_powm_ifma(void)
{
    if (!cy_cpu_available(CY_CPU_IFMA) || !cy_cpu_available(CY_CPU_ADX)) {
        printf("test_mod: no AVX-512 IFMA here, its exponentiation is not run\n");
        return;
    }
    cy_cpu saved = cy_cpu_get();
    static const size_t ens[] = {0, 1, 3, 11, 25};
    for (size_t n = 8; n <= 64; n++) {
        size_t en_max = n > 25 ? n : 25;
        size_t itch = cy_mont_init_itch(n), t;
        if ((t = cy_mont_powm_itch(n, en_max)) > itch) itch = t;
        if ((t = cy_mont_powm_vartime_itch(n, en_max)) > itch) itch = t;
        cy_limb *m = t_alloc(n), *st = t_alloc(cy_mont_storage_limbs(n)), *sc = t_alloc(itch);
        cy_limb *a = t_alloc(n), *e = t_alloc(en_max), *r1 = t_alloc(n), *r2 = t_alloc(n);
        for (int kind = 0; kind < 3; kind++) {
            t_fill(m, n, kind == 0 ? T_ONES : T_ANY);
            m[0] |= 1;
            if (kind == 1)
                m[n - 1] |= (cy_limb)1 << (CY_LIMB_BITS - 1);
            if (kind == 2)
                m[n - 1] = 1;
            t_to_mpz(M, m, n);
            cy_mont ctx;
            T_CHECK(cy_mont_init(&ctx, st, m, n, sc) == 0, "init n=%zu", n);
            test_mul_ifma(n, &ctx, sc, itch);
            int cases = (n % 16 == 0 && kind == 1) ? 8 : 6;
            for (int c = 0; c < cases; c++) {
                size_t en = c < 5 ? ens[c] : c == 5 ? t_below(en_max + 1) : n;
                operand(a, n, c < 6 ? (int)t_below(7) : 5);
                t_to_mpz(A, a, n);
                int eshape = (int)t_below(4);
                cy_mpn_zero(e, en);
                if (en > 0 && eshape == 0)
                    e[t_below(en)] = (cy_limb)1 << t_below(CY_LIMB_BITS); /* 2^j */
                else if (en > 0 && eshape == 1)
                    e[0] = 1;
                else if (en > 0)
                    t_fill(e, en, eshape == 2 ? T_ONES : T_ANY);
                t_to_mpz(E, e, en);
                mpz_powm(X, A, E, M);
                cy_cpu_set(CY_CPU_IFMA);
                int err1 = cy_mont_powm(r1, a, e, en, &ctx, sc);
                cy_cpu_set(CY_CPU_ADX);
                int err2 = cy_mont_powm(r2, a, e, en, &ctx, sc);
                T_CHECK(err1 == 0 && err2 == 0, "powm err %d %d", err1, err2);
                check_eq(r1, n, X, "mont_powm (ifma)", CY_CPU_IFMA);
                T_CHECK(cy_mpn_cmp(r1, r2, n) == 0, "mont_powm ifma != adx, n=%zu en=%zu", n, en);
                T_CHECK(t_guards_ok(r1, n) && t_guards_ok(sc, itch), "powm (ifma) n=%zu: guard", n);
                cy_cpu_set(CY_CPU_IFMA);
                err1 = cy_mont_powm_vartime(r1, a, e, en, &ctx, sc);
                T_CHECK(err1 == 0, "powm_vartime err %d", err1);
                check_eq(r1, n, X, "mont_powm_vartime (ifma)", CY_CPU_IFMA);
                T_CHECK(t_guards_ok(r1, n) && t_guards_ok(sc, itch), "powm_vartime (ifma) n=%zu: guard",
                        n);
            }
            /* an unreduced base: CY_EUNREDUCED and r = 0 */
            cy_mpn_copy(a, m, n);
            e[0] = 5;
            cy_cpu_set(CY_CPU_IFMA);
            T_CHECK(cy_mont_powm(r1, a, e, 1, &ctx, sc) == CY_EUNREDUCED && cy_mpn_zero_p(r1, n),
                    "powm (ifma) unreduced n=%zu", n);
        }
        t_free(m), t_free(st), t_free(sc), t_free(a), t_free(e), t_free(r1), t_free(r2);
    }
    cy_cpu_set(saved);
}

int main(void)
{
    t_init("test_mod");
    mpz_inits(M, A, Bz, X, Y, E, NULL);
    test_errors();
    test_powm_ifma();
    for (int ci = 0; ci < t_ncpus; ci++) {
        int cpu = (int)t_cpus[ci];
        cy_cpu_set(t_cpus[ci]);
        test_powm_1();
        test_slow_inverses(cpu, ci == 0);
        int reps = (int)t_reps(12);
        /* m = 3, 5, 7 in 1 and 2 limbs */
        for (unsigned long small = 3; small <= 7; small += 2)
            for (size_t n = 1; n <= 2; n++) {
                mpz_set_ui(M, small);
                test_modulus(n, 1, reps, cpu);
            }
        /* named primes */
        for (size_t i = 0; i < sizeof named_primes / sizeof named_primes[0]; i++) {
            mpz_set_str(M, named_primes[i][1], 16);
            test_modulus(limbs_of(M), 1, 2 * reps, cpu);
        }
        /* all-ones moduli B^n - 1, random odd moduli (full top limb or not), random primes */
        for (size_t n = 1; n <= 64; n += n < 41 ? 1 : 1 + t_below(8)) { /* every n up to 41 */
            mpz_set_ui(M, 1);
            mpz_mul_2exp(M, M, n * CY_LIMB_BITS);
            mpz_sub_ui(M, M, 1);
            test_modulus(n, 0, reps / 3 + 1, cpu);
            cy_limb *p = malloc(n * sizeof *p);
            t_fill(p, n, T_ANY);
            p[0] |= 1;
            if (n > 1 && t_below(4) == 0)
                p[n - 1] = 0;
            t_to_mpz(M, p, n);
            if (mpz_cmp_ui(M, 3) >= 0)
                test_modulus(n, 0, reps / 2 + 1, cpu);
            if (n > 12) { /* primes this large take GMP long to find; the named ones cover them */
                free(p);
                continue;
            }
            t_fill(p, n, T_UNIFORM);
            t_to_mpz(M, p, n);
            mpz_setbit(M, n * CY_LIMB_BITS - 1);
            mpz_nextprime(M, M);
            if (limbs_of(M) == n)
                test_modulus(n, 1, reps / 2 + 1, cpu);
            free(p);
        }
        /* every multiple of 8 limbs up to 80: the ADX reduction (x86_64/mont_redc_adx.S) leaves
         * its unrolled row loop through one of nine exits by n mod 72; n <= 41 above covers five */
        for (size_t n = 48; n <= 80; n += 8) {
            mpz_set_ui(M, 1);
            mpz_mul_2exp(M, M, n * CY_LIMB_BITS);
            mpz_sub_ui(M, M, 1);
            test_modulus(n, 0, 2, cpu);
            cy_limb *p = malloc(n * sizeof *p);
            t_fill(p, n, T_ANY);
            p[0] |= 1;
            p[n - 1] |= (cy_limb)1 << (CY_LIMB_BITS - 1);
            t_to_mpz(M, p, n);
            test_modulus(n, 0, 3, cpu);
            free(p);
        }
        /* either side of 3805 bits, where safegcd changes variant and bound (hddivsteps below,
         * the paper's divsteps above) */
        for (size_t n = 3805 / CY_LIMB_BITS; n <= 3805 / CY_LIMB_BITS + 1; n++) {
            cy_limb *p = malloc(n * sizeof *p);
            t_fill(p, n, T_ANY);
            p[0] |= 1;
            t_to_mpz(M, p, n);
            mpz_setbit(M, n * CY_LIMB_BITS - 1); /* all n limbs in use */
            test_modulus(n, 0, 3, cpu);
            free(p);
        }
    }
    mpz_clears(M, A, Bz, X, Y, E, NULL);
    return t_done();
}
