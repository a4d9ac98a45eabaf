/* Constant-time check of carry-gmp's side-channel silent mpn functions (mpn_cnd_*, mpn_sec_*),
 * on every back end of this build that the CPU (or valgrind's view of it) runs: the secret inputs,
 * the condition limbs and the table index among them, are marked undefined (tests/common/ct.h),
 * so that under valgrind's memcheck (ctest runs this program so, see tests/CMakeLists.txt) any
 * branch or address computed from them is an error, which fails the test. carry's kernels
 * underneath are checked the same way by tests/mod/test_ct.c; this covers carry-gmp's glue (the
 * condition as a 0/1 limb, the table scan, the reduction of the operands, M = 1). Results are
 * marked public before they are compared with the leaky functions of carry-gmp (themselves
 * compared with GMP by compat_mpn). SPDX-License-Identifier: MIT */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../common/ct.h"

static unsigned long long seed = 0x2545f4914f6cdd1dull;
static mp_limb_t next(void)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (mp_limb_t)seed;
}

static int failures;
#define CHECK(c, ...)                                                                              \
    do {                                                                                           \
        if (!(c)) {                                                                                \
            printf("compat_mpn_ct: FAIL line %d: ", __LINE__);                                     \
            printf(__VA_ARGS__);                                                                   \
            printf("\n");                                                                          \
            failures++;                                                                            \
        }                                                                                          \
    } while (0)

#define SECRET_VAR(x) t_ct_mark(&(x), sizeof(x), 1)

static mp_limb_t *limbs(size_t n)
{
    mp_limb_t *p = malloc((n ? n : 1) * sizeof *p);
    if (!p)
        exit(2);
    for (size_t i = 0; i < n; i++)
        p[i] = next();
    return p;
}

static void run(size_t n)
{
    mp_limb_t *a = limbs(n), *b = limbs(n), *r = limbs(2 * n), *s = limbs(2 * n), *m = limbs(n);
    mp_limb_t *e = limbs(n), *x = limbs(n), *y = limbs(n);
    mp_size_t N = (mp_size_t)n;

    /* conditional add and subtract, swap, with a secret condition */
    for (int k = 0; k < 2; k++) {
        mp_limb_t cnd = k ? next() | 1 : 0, c1, c2, c3, c4, want;
        SECRET_VAR(cnd), T_SECRET(a, n), T_SECRET(b, n);
        c1 = mpn_cnd_add_n(cnd, r, a, b, N); /* apart, in place, in place, apart */
        c2 = mpn_cnd_sub_n(cnd, r, r, b, N);
        c3 = mpn_cnd_add_n(cnd, r, r, b, N);
        c4 = mpn_cnd_sub_n(cnd, s, r, b, N);
        memcpy(x, a, n * sizeof *x), memcpy(y, b, n * sizeof *y);
        mpn_cnd_swap(cnd, x, y, N);
        T_PUBLIC(r, n), T_PUBLIC(s, n), T_PUBLIC(x, n), T_PUBLIC(y, n), T_PUBLIC(a, n), T_PUBLIC(b, n);
        T_PUBLIC_VAR(c1), T_PUBLIC_VAR(c2), T_PUBLIC_VAR(c3), T_PUBLIC_VAR(c4), T_PUBLIC_VAR(cnd);
        want = k ? mpn_add_n(s + n, a, b, N) : 0;
        CHECK(c1 == want && c2 == want && c3 == want && c4 == want && mpn_cmp(r, k ? s + n : a, N) == 0 &&
                  mpn_cmp(s, a, N) == 0,
              "cnd_add_n, cnd_sub_n n=%zu k=%d", n, k);
        CHECK(mpn_cmp(x, k ? b : a, N) == 0 && mpn_cmp(y, k ? a : b, N) == 0, "cnd_swap n=%zu k=%d", n, k);
    }

    /* add and subtract a secret limb */
    mp_limb_t w = next(), c1, c2;
    mp_limb_t *tp = limbs((size_t)mpn_sec_add_1_itch(N) + (size_t)mpn_sec_sub_1_itch(N) + 1);
    T_SECRET(a, n), SECRET_VAR(w);
    c1 = mpn_sec_add_1(r, a, N, w, tp);
    c2 = mpn_sec_sub_1(r, r, N, w, tp);
    T_PUBLIC(r, n), T_PUBLIC(a, n), T_PUBLIC_VAR(c1), T_PUBLIC_VAR(c2), T_PUBLIC_VAR(w);
    CHECK(c1 == c2 && mpn_cmp(r, a, N) == 0, "sec_add_1, sec_sub_1 n=%zu", n);
    free(tp);

    /* products */
    size_t bn = (n + 1) / 2;
    tp = limbs((size_t)mpn_sec_mul_itch(N, (mp_size_t)bn));
    T_SECRET(a, n), T_SECRET(b, bn);
    mpn_sec_mul(r, a, N, b, (mp_size_t)bn, tp);
    T_PUBLIC(r, n + bn), T_PUBLIC(a, n), T_PUBLIC(b, bn);
    mpn_mul(s, a, N, b, (mp_size_t)bn);
    CHECK(mpn_cmp(r, s, (mp_size_t)(n + bn)) == 0, "sec_mul n=%zu", n);
    free(tp);
    tp = limbs((size_t)mpn_sec_sqr_itch(N));
    T_SECRET(a, n);
    mpn_sec_sqr(r, a, N, tp);
    T_PUBLIC(r, 2 * n), T_PUBLIC(a, n);
    mpn_sqr(s, a, N);
    CHECK(mpn_cmp(r, s, (mp_size_t)(2 * n)) == 0, "sec_sqr n=%zu", n);
    free(tp);

    /* a table read at a secret index */
    size_t nents = 1 + n % 7;
    mp_limb_t *tab = limbs(nents * n);
    mp_size_t which = (mp_size_t)(next() % nents);
    SECRET_VAR(which), T_SECRET(tab, nents * n);
    mpn_sec_tabselect(r, tab, N, (mp_size_t)nents, which);
    T_PUBLIC(r, n), T_PUBLIC(tab, nents * n), T_PUBLIC_VAR(which);
    CHECK(mpn_cmp(r, tab + (size_t)which * n, N) == 0, "sec_tabselect n=%zu", n);
    free(tab);

    /* exponentiation and inverse modulo a secret odd m (and m = 1), base longer than m */
    for (int one = 0; one < 2; one++) {
        m[0] |= 1;
        if (one) {
            memset(m, 0, n * sizeof *m);
            m[0] = 1;
        }
        size_t bl = 2 * n + 1;
        mp_limb_t *base = limbs(bl), *inv = limbs(n);
        mp_bitcnt_t enb = (mp_bitcnt_t)n * GMP_NUMB_BITS;
        mp_size_t itch = mpn_sec_powm_itch((mp_size_t)bl, enb, N), it2 = mpn_sec_invert_itch(N);
        tp = limbs((size_t)(itch > it2 ? itch : it2));
        T_SECRET(m, n), T_SECRET(base, bl), T_SECRET(e, n), T_SECRET(a, n);
        mpn_sec_powm(r, base, (mp_size_t)bl, e, enb, m, N, tp);
        memcpy(x, a, n * sizeof *x);
        int ok = mpn_sec_invert(inv, x, m, N, 2 * enb, tp);
        T_PUBLIC(r, n), T_PUBLIC(inv, n), T_PUBLIC_VAR(ok), T_PUBLIC(m, n), T_PUBLIC(base, bl), T_PUBLIC(e, n),
            T_PUBLIC(a, n), T_PUBLIC(x, n);
        mpz_t B, E, M, A, G, R; /* views of the limbs (read-only, normalised), and R */
        mpz_roinit_n(B, base, (mp_size_t)bl), mpz_roinit_n(E, e, N), mpz_roinit_n(M, m, N);
        mpz_roinit_n(A, a, N), mpz_roinit_n(G, r, N);
        mpz_init(R);
        mpz_powm(R, B, E, M);
        CHECK(mpz_cmp(R, G) == 0, "sec_powm n=%zu one=%d", n, one);
        mpz_roinit_n(G, inv, N);
        CHECK(ok == (one || mpz_invert(R, A, M)), "sec_invert n=%zu one=%d ok=%d", n, one, ok);
        if (ok) /* modulo 1 the inverse is 0 */
            CHECK(one ? mpz_sgn(G) == 0 : mpz_cmp(R, G) == 0, "sec_invert n=%zu one=%d", n, one);
        mpz_clear(R);
        free(base), free(inv), free(tp);
    }
    free(a), free(b), free(r), free(s), free(m), free(e), free(x), free(y);
}

int main(void)
{
    char checked[64] = "";
    for (int ci = 0; ci < CY_CPU_COUNT; ci++) {
        if (!cy_cpu_available((cy_cpu)ci) || cy_cpu_set((cy_cpu)ci) != 0)
            continue;
        for (size_t n = 1; n <= 9; n++)
            run(n);
        run(16), run(32);
        strcat(strcat(checked, " "), cy_cpu_name((cy_cpu)ci));
    }
    printf("compat_mpn_ct: back ends checked:%s, %d failures\n", checked, failures);
    return failures != 0;
}
