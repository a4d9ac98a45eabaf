/* Constant-time check of every constant-time function in carry/mod.h (RSA included: run_rsa) and of the constant-time
 * functions of carry/mpn.h (run_mpn), on every back end in t_cpus (with CARRY_TEST_FORCE_CPUS,
 * also those valgrind hides: tests/mod/ct_memcheck.cmake): the secret operands (and
 * for cy_mont_init the modulus) are marked undefined (tests/common/ct.h), so that under valgrind
 * any branch or address computed from them is reported as an error ("Conditional jump or move
 * depends on uninitialised value(s)", "Use of uninitialised value of size 8"), and the test run
 * fails (the valgrind preset runs every test with --error-exitcode; MemorySanitizer reports them
 * too). Outside a checker the marks do nothing and the test only checks the results. The results are marked defined
 * before they are compared (comparing them is the caller's business, not the function's).
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "../common/ct.h"
#include "../common/rsakey.h"

static void run(size_t n)
{
    size_t itch = cy_mont_init_itch(n), t, en = n;
    if ((t = cy_mont_mod_itch(n)) > itch) itch = t;
    if ((t = cy_mont_powm_itch(n, en)) > itch) itch = t;
    if ((t = cy_mod_inv_itch(n)) > itch) itch = t;
    cy_limb *m = t_alloc(n), *st = t_alloc(cy_mont_storage_limbs(n)), *sc = t_alloc(itch);
    cy_limb *a = t_alloc(2 * n), *b = t_alloc(n), *r = t_alloc(n), *e = t_alloc(en);
    mpz_t M, A, Bz, X, Y;
    mpz_inits(M, A, Bz, X, Y, NULL);

    /* a random prime modulus of n limbs (so that Fermat's inverse is one) */
    t_fill(m, n, T_UNIFORM);
    t_to_mpz(M, m, n);
    mpz_setbit(M, n * CY_LIMB_BITS - 1);
    mpz_clrbit(M, n * CY_LIMB_BITS - 2); /* the next prime is far below B^n */
    mpz_nextprime(M, M);
    t_from_mpz(m, n, M);

    cy_mont ctx;
    T_SECRET(m, n); /* e.g. a prime factor of an RSA key */
    int err = cy_mont_init(&ctx, st, m, n, sc);
    T_PUBLIC_VAR(err);
    T_CHECK(err == 0, "init %d", err);
    /* The modulus stays secret in the context: every later call runs on undefined m, R mod m,
     * R^2 mod m and -m^-1 mod B. */

    for (int rep = 0; rep < 3; rep++) {
        t_fill(a, n, T_ANY), t_fill(b, n, T_ANY);
        T_PUBLIC(m, n);
        t_to_mpz(A, a, n), mpz_mod(A, A, M), t_from_mpz(a, n, A);
        t_to_mpz(Bz, b, n), mpz_mod(Bz, Bz, M), t_from_mpz(b, n, Bz);
        t_fill(e, en, T_ANY);
        T_SECRET(a, n), T_SECRET(b, n), T_SECRET(e, en);

        cy_mont_mul(r, a, b, &ctx, sc);
        cy_mont_sqr(r, r, &ctx, sc);
        cy_mont_to(r, r, &ctx, sc);
        cy_mont_from(r, r, &ctx, sc);
        cy_mont_add(r, r, a, &ctx);
        cy_mont_sub(r, r, b, &ctx);
        cy_mont_neg(r, r, &ctx);
        T_PUBLIC(r, n);
        /* r = -((a b / R)^2 / R + a - b) */
        mpz_set_ui(Y, 1), mpz_mul_2exp(Y, Y, n * CY_LIMB_BITS), mpz_invert(Y, Y, M);
        mpz_mul(X, A, Bz), mpz_mul(X, X, Y), mpz_mod(X, X, M);
        mpz_mul(X, X, X), mpz_mul(X, X, Y), mpz_add(X, X, A), mpz_sub(X, X, Bz);
        mpz_neg(X, X), mpz_mod(X, X, M);
        t_to_mpz(Y, r, n);
        T_CHECK(mpz_cmp(X, Y) == 0, "mont chain wrong n=%zu", n);

        cy_mont_mod(r, a, n, &ctx, sc);
        T_PUBLIC(r, n);
        t_to_mpz(Y, r, n);
        T_CHECK(mpz_cmp(A, Y) == 0, "mont_mod wrong n=%zu", n);

        err = cy_mont_powm(r, a, e, en, &ctx, sc);
        T_PUBLIC(r, n), T_PUBLIC_VAR(err), T_PUBLIC(e, en);
        t_to_mpz(X, e, en);
        mpz_powm(X, A, X, M);
        t_to_mpz(Y, r, n);
        T_CHECK(err == 0 && mpz_cmp(X, Y) == 0, "powm wrong n=%zu", n);
        /* an unreduced base must not show either */
        cy_mpn_copy(b, m, n);
        T_SECRET(b, n);
        err = cy_mont_powm(r, b, e, en, &ctx, sc);
        T_PUBLIC_VAR(err);
        T_CHECK(err == CY_EUNREDUCED, "powm unreduced: %d", err);

        int (*const inv[])(cy_limb *, const cy_limb *, const cy_mont *, cy_limb *) = {
            cy_mod_inv_safegcd, cy_mod_inv_fermat};
        for (int f = 0; f < 2; f++) {
            T_SECRET(a, n);
            err = inv[f](r, a, &ctx, sc);
            T_PUBLIC(r, n), T_PUBLIC_VAR(err);
            int ok = mpz_invert(X, A, M);
            t_to_mpz(Y, r, n);
            T_CHECK(ok ? err == 0 && mpz_cmp(X, Y) == 0 : err == CY_ENOTINV,
                    "inverse %d wrong n=%zu err=%d", f, n, err);
        }
        T_SECRET(m, n);
    }
    T_PUBLIC(m, n);
    mpz_clears(M, A, Bz, X, Y, NULL);
    t_free(m), t_free(st), t_free(sc), t_free(a), t_free(b), t_free(r), t_free(e);
}

/* cy_rsa_init and cy_rsa_private on a key of n limbs (n / 2 per factor) with the secrets marked:
 * p, q, dp, dq, qinv (and the key storage built from them), the input and the blinding value;
 * N and e are public. The keys are made once per size and reused on every back end. */
static t_rsa_key rsa_keys[8]; /* made once per size, reused on every back end; freed in main */

static void run_rsa(size_t n)
{
    size_t h = n / 2, slot = 0;
    while (rsa_keys[slot].n && rsa_keys[slot].n != n)
        slot++;
    t_rsa_key *K = &rsa_keys[slot];
    if (!K->n)
        t_rsa_key_init(K, n * CY_LIMB_BITS, 0);
    mpz_t C, W, G, T;
    mpz_inits(C, W, G, T, NULL);
    size_t itch = cy_rsa_init_itch(n), t;
    if ((t = cy_rsa_private_itch(n)) > itch) itch = t;
    cy_limb *in = t_alloc(n), *r = t_alloc(n), *out = t_alloc(n);
    cy_limb *st = t_alloc(cy_rsa_storage_limbs(n, 1)), *sc = t_alloc(itch);
    cy_limb *secrets[] = {K->pl, K->ql, K->dpl, K->dql, K->qil};

    cy_rsa_key key;
    for (int i = 0; i < 5; i++)
        T_SECRET(secrets[i], h);
    int err = cy_rsa_init(&key, st, K->nl, n, K->el, 1, K->pl, K->ql, K->dpl, K->dql, K->qil, sc);
    T_PUBLIC_VAR(err);
    T_CHECK(err == 0, "rsa_init n=%zu: %d", n, err);
    for (int rep = 0; rep < 2; rep++) {
        t_fill(in, n, T_ANY), t_to_mpz(C, in, n), mpz_mod(C, C, K->N), t_from_mpz(in, n, C);
        t_fill(r, n, T_UNIFORM);
        T_SECRET(in, n), T_SECRET(r, n);
        err = cy_rsa_private(out, in, r, &key, sc);
        T_PUBLIC(out, n), T_PUBLIC_VAR(err);
        mpz_powm(W, C, K->D, K->N), t_to_mpz(G, out, n);
        T_CHECK(err == 0 && mpz_cmp(W, G) == 0, "rsa_private n=%zu: %d", n, err);
        /* an unreduced input and a fault (a bit of dp flipped) must not show either */
        cy_mpn_copy(in, K->nl, n);
        T_SECRET(in, n);
        err = cy_rsa_private(out, in, r, &key, sc);
        T_PUBLIC_VAR(err);
        T_CHECK(err == CY_EUNREDUCED, "rsa_private unreduced n=%zu: %d", n, err);
        t_from_mpz(in, n, C);
        ((cy_limb *)key.dp)[0] ^= 2;
        T_SECRET(in, n);
        err = cy_rsa_private(out, in, r, &key, sc);
        T_PUBLIC_VAR(err);
        mpz_add_ui(T, C, 1); /* 0, 1 and N - 1 are fixed points of every odd exponent */
        T_CHECK(err == CY_EFAULT || mpz_cmp_ui(C, 1) <= 0 || mpz_cmp(T, K->N) == 0,
                "rsa_private fault n=%zu: %d", n, err);
        ((cy_limb *)key.dp)[0] ^= 2;
        /* the public operation on a secret input */
        t_from_mpz(in, n, W);
        T_SECRET(in, n);
        err = cy_rsa_public(out, in, &key, sc);
        T_PUBLIC(out, n), T_PUBLIC_VAR(err);
        t_to_mpz(G, out, n);
        T_CHECK(err == 0 && mpz_cmp(G, C) == 0, "rsa_public n=%zu: %d", n, err);
    }
    T_PUBLIC(st, cy_rsa_storage_limbs(n, 1)), T_PUBLIC(sc, itch);
    for (int i = 0; i < 5; i++)
        T_PUBLIC(secrets[i], h);
    T_PUBLIC(in, n), T_PUBLIC(r, n);
    mpz_clears(C, W, G, T, NULL);
    t_free(in), t_free(r), t_free(out), t_free(st), t_free(sc);
}

/* The constant-time functions of carry/mpn.h on secret operands of n limbs (the linear kernels,
 * products, squares, short products), against GMP. */
static void run_mpn(size_t n)
{
    size_t bn = (n + 1) / 2, itch = cy_mpn_mul_itch(n, bn), t;
    if ((t = cy_mpn_mul_n_itch(n)) > itch) itch = t;
    if ((t = cy_mpn_sqr_itch(n)) > itch) itch = t;
    if ((t = cy_mpn_mullo_n_itch(n)) > itch) itch = t;
    cy_limb *a = t_alloc(n), *b = t_alloc(n), *r = t_alloc(2 * n), *sc = t_alloc(itch);
    mpz_t A, Bz, X, Y;
    mpz_inits(A, Bz, X, Y, NULL);
    t_fill(a, n, T_ANY), t_fill(b, n, T_ANY);
    t_to_mpz(A, a, n), t_to_mpz(Bz, b, n);
    cy_limb c[8], s = b[0];
    mpz_t S;
    mpz_init_set_ui(S, 0);
    t_to_mpz(S, &s, 1);
    unsigned sh = 1 + (unsigned)(n % (CY_LIMB_BITS - 1)), nw = (unsigned)(n * CY_LIMB_BITS);
    T_SECRET(a, n), T_SECRET(b, n), T_SECRET(&s, 1);
    c[0] = cy_mpn_add_n(r, a, b, n);
    T_PUBLIC(r, n), T_PUBLIC(c, 1);
    mpz_add(X, A, Bz), mpz_tdiv_r_2exp(X, X, nw), t_to_mpz(Y, r, n);
    T_CHECK(mpz_cmp(X, Y) == 0, "add_n n=%zu", n);
    /* r = -(-(a - b + s - s)) = a - b mod B^n; the carry of + s equals the borrow of - s */
    c[1] = cy_mpn_sub_n(r, a, b, n);
    c[2] = cy_mpn_add_1(r, r, n, s);
    c[3] = cy_mpn_sub_1(r, r, n, s);
    c[4] = cy_mpn_neg(r, r, n);
    c[4] = cy_mpn_neg(r, r, n);
    T_PUBLIC(r, n), T_PUBLIC(c + 1, 4);
    mpz_sub(X, A, Bz), mpz_fdiv_r_2exp(X, X, nw), t_to_mpz(Y, r, n);
    T_CHECK(mpz_cmp(X, Y) == 0 && c[1] == (mpz_cmp(A, Bz) < 0) && c[2] == c[3],
            "sub_n, add_1, sub_1, neg n=%zu", n);
    /* r = a + b - b (bn limbs) = a, with equal carry and borrow */
    c[5] = cy_mpn_add(r, a, n, b, bn);
    c[6] = cy_mpn_sub(r, r, n, b, bn);
    T_PUBLIC(r, n), T_PUBLIC(c + 5, 2);
    t_to_mpz(Y, r, n);
    T_CHECK(mpz_cmp(A, Y) == 0 && c[5] == c[6], "add, sub n=%zu", n);
    /* r = (a s + a s - a s) mod B^n, then shifted left and back right by sh: (a s) mod 2^(nw - sh) */
    c[7] = cy_mpn_mul_1(r, a, n, s);
    c[7] += cy_mpn_addmul_1(r, a, n, s);
    c[7] -= cy_mpn_submul_1(r, a, n, s);
    c[7] ^= cy_mpn_lshift(r, r, n, sh);
    c[7] ^= cy_mpn_rshift(r, r, n, sh);
    T_PUBLIC(r, n), T_PUBLIC(c + 7, 1), T_PUBLIC(&s, 1);
    mpz_mul(X, A, S), mpz_tdiv_r_2exp(X, X, nw - sh), t_to_mpz(Y, r, n);
    T_CHECK(mpz_cmp(X, Y) == 0, "mul_1, addmul_1, submul_1, lshift, rshift n=%zu", n);
    mpz_clear(S);
    cy_mpn_mul(r, a, n, b, bn, sc);
    T_PUBLIC(r, n + bn);
    mpz_tdiv_r_2exp(Y, Bz, bn * CY_LIMB_BITS), mpz_mul(X, A, Y), t_to_mpz(Y, r, n + bn);
    T_CHECK(mpz_cmp(X, Y) == 0, "mul %zu x %zu", n, bn);
    cy_mpn_mul_n(r, a, b, n, sc);
    T_PUBLIC(r, 2 * n);
    mpz_mul(X, A, Bz), t_to_mpz(Y, r, 2 * n);
    T_CHECK(mpz_cmp(X, Y) == 0, "mul_n n=%zu", n);
    cy_mpn_sqr(r, a, n, sc);
    T_PUBLIC(r, 2 * n);
    mpz_mul(X, A, A), t_to_mpz(Y, r, 2 * n);
    T_CHECK(mpz_cmp(X, Y) == 0, "sqr n=%zu", n);
    cy_mpn_mullo_n(r, a, b, n, sc);
    T_PUBLIC(r, n), T_PUBLIC(a, n), T_PUBLIC(b, n);
    mpz_mul(X, A, Bz), mpz_tdiv_r_2exp(X, X, n * CY_LIMB_BITS), t_to_mpz(Y, r, n);
    T_CHECK(mpz_cmp(X, Y) == 0, "mullo_n n=%zu", n);
    mpz_clears(A, Bz, X, Y, NULL);
    t_free(a), t_free(b), t_free(r), t_free(sc);
}

/* test_ct --list-cpus prints the back ends this build and CPU run (natively: under valgrind the
 * CPUID it reads is masked) and exits; tests/mod/ct_memcheck.cmake compares them with the line
 * "back ends checked:" of a run under memcheck. */
int main(int argc, char **argv)
{
    if (argc > 1 && strcmp(argv[1], "--list-cpus") == 0) {
        for (int i = 0; i < CY_CPU_COUNT; i++)
            if (cy_cpu_available((cy_cpu)i))
                printf("%s%s", i ? " " : "", cy_cpu_name((cy_cpu)i));
        printf("\n");
        return 0;
    }
    t_init("test_ct");
    char checked[64] = "";
    for (int ci = 0; ci < t_ncpus; ci++) {
        T_CHECK(t_cpu_set(t_cpus[ci]) == 0, "back end %s not selected", cy_cpu_name(t_cpus[ci]));
        for (size_t n = 1; n <= 9; n++)
            run(n), run_mpn(n);
        run(16), run_mpn(16), run_mpn(32);
        /* RSA: factors of 2, 3, 4, 6, 8, 16 limbs (the n = 4, 6, 8 kernels, the ADX CIOS, the
         * product plus reduction) */
        const size_t rsa_n[] = {4, 6, 8, 12, 16, 32};
        for (size_t i = 0; i < sizeof rsa_n / sizeof rsa_n[0]; i++)
            run_rsa(rsa_n[i]);
        strcat(strcat(checked, " "), cy_cpu_name(t_cpus[ci]));
    }
    printf("test_ct: back ends checked:%s\n", checked);
    for (size_t i = 0; i < sizeof rsa_keys / sizeof rsa_keys[0] && rsa_keys[i].n; i++)
        t_rsa_key_clear(&rsa_keys[i]);
    return t_done();
}
