/* sqrtrem and perfect_square_p against GMP: every length to 120, random lengths to 6000, squares,
 * squares minus one, the largest remainder (x^2 + 2x), powers of two, all-ones; guard limbs around
 * outputs and scratch. SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "../common/test.h"

static size_t limbs(mpz_srcptr z)
{
    return mpz_sgn(z) ? (mpz_sizeinbase(z, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS : 0;
}

static void check(mpz_srcptr A, const char *what)
{
    size_t n = limbs(A);
    if (n == 0)
        return;
    size_t sn = (n + 1) / 2, itch = cy_mpn_sqrtrem_itch(n);
    cy_limb *a = t_alloc(n), *s = t_alloc(sn), *r = t_alloc(n), *sc = t_alloc(itch);
    t_from_mpz(a, n, A);
    mpz_t S, R, GS, GR;
    mpz_inits(S, R, GS, GR, NULL);
    mpz_sqrtrem(S, R, A);
    size_t rn = cy_mpn_sqrtrem(s, r, a, n, sc);
    t_to_mpz(GS, s, sn);
    t_to_mpz(GR, r, n);
    int ok = !mpz_cmp(GS, S) && !mpz_cmp(GR, R) && rn == limbs(R);
    T_CHECK(ok && t_guards_ok(s, sn) && t_guards_ok(r, n) && t_guards_ok(sc, itch) && t_guards_ok(a, n),
            "sqrtrem %s n=%zu: %s", what, n, ok ? "guard limb changed" : "wrong result");
    if (!ok && n <= 6) {
        t_dump("a", a, n);
        t_dump("s", s, sn);
    }
    /* without the remainder */
    size_t nz = cy_mpn_sqrtrem(s, NULL, a, n, sc);
    t_to_mpz(GS, s, sn);
    T_CHECK(!mpz_cmp(GS, S) && nz == (mpz_sgn(R) != 0), "sqrtrem r=NULL %s n=%zu", what, n);
    /* perfect_square_p */
    size_t pitch = cy_mpn_sqrtrem_itch(n) + n;
    cy_limb *ps = t_alloc(pitch);
    int want = mpz_perfect_square_p(A) != 0;
    T_CHECK(cy_mpn_perfect_square_p(a, n, ps) == want && t_guards_ok(ps, pitch), "perfect_square_p %s n=%zu",
            what, n);
    t_free(ps);
    mpz_clears(S, R, GS, GR, NULL);
    t_free(a);
    t_free(s);
    t_free(r);
    t_free(sc);
}

static void check_len(size_t n)
{
    cy_limb *p = malloc(n * sizeof *p);
    t_fill(p, n, T_ANY);
    if (p[n - 1] == 0)
        p[n - 1] = 1;
    mpz_t A, X;
    mpz_inits(A, X, NULL);
    t_to_mpz(A, p, n);
    check(A, "random");
    /* squares and their neighbours, from a root of about half the length */
    mpz_sqrt(X, A);
    if (t_below(2))
        mpz_add_ui(X, X, t_below(1000));
    mpz_mul(A, X, X);
    check(A, "square");
    mpz_sub_ui(A, A, 1);
    check(A, "square - 1");
    mpz_add_ui(A, A, 1);
    mpz_addmul_ui(A, X, 2);
    check(A, "square + 2 root");
    mpz_clears(A, X, NULL);
    free(p);
}

int main(void)
{
    t_init("test_sqrt");
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu_set(t_cpus[c]);
        for (size_t n = 1; n <= 120; n++)
            for (size_t rep = 0; rep < t_reps(6); rep++)
                check_len(n);
        for (size_t rep = 0; rep < t_reps(8); rep++)
            check_len(1 + t_below(t_reps(1000) >= 1000 ? 6000 : 1500));
        mpz_t A;
        mpz_init(A);
        for (unsigned long k = 0; k < 40 * CY_LIMB_BITS; k += 1 + (unsigned long)t_below(13)) {
            mpz_set_ui(A, 1);
            mpz_mul_2exp(A, A, k);
            check(A, "power of two");
            mpz_sub_ui(A, A, 1);
            check(A, "all ones");
        }
        for (unsigned long x = 1; x < 600; x++) {
            mpz_set_ui(A, x);
            check(A, "small");
        }
        mpz_clear(A);
    }
    return t_done();
}
