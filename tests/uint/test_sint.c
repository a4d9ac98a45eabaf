/* Every signed fixed-width operation against GMP (mpz), for one width TW (256 or 512), and the
 * sign extension between cy_s256 and cy_s512. Operands: random of every shape (both signs), the
 * extremes -2^(W-1), 2^(W-1) - 1, 0, +-1, and short values of either sign.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

#ifndef TW
#  error "compile with -DTW=<width>"
#endif
#define CAT_(a, b, c) a##b##c
#define CAT(a, b, c) CAT_(a, b, c)
#define F(f) CAT(cy_s, TW, _##f)
#define UF(f) CAT(cy_u, TW, _##f)
typedef CAT(cy_s, TW, ) S;
typedef CAT(cy_u, TW, ) U;
#define N (TW / CY_LIMB_BITS)

static S A, B;

#define CHECK(cond, op)                                                                           \
    do {                                                                                          \
        if (cond) {                                                                               \
            t_pass();                                                                             \
        } else {                                                                                  \
            t_fail(__FILE__, __LINE__, "%s (W=%d)", op, TW);                                      \
            t_dump("a", A.l, N);                                                                  \
            t_dump("b", B.l, N);                                                                  \
        }                                                                                         \
    } while (0)

static void gen(S *x)
{
    U u;
    unsigned k = (unsigned)t_below(TW);
    switch (t_below(6)) {
    case 0: case 1: t_fill(u.l, N, T_ANY); break;
    case 2: u = UF(shl)(UF(from_u64)(1), TW - 1); u = t_below(2) ? u : UF(sub)(u, UF(from_u64)(1)); break;
    case 3: u = UF(from_u64)(t_below(3)); break;                                /* 0, 1, 2 */
    case 4: t_fill(u.l, N, T_UNIFORM); u = UF(shr)(u, k); break;                /* short positive */
    default: t_fill(u.l, N, T_RUNS); u = UF(shr)(u, k); break;
    }
    if (t_below(2) && (u.l[N - 1] >> (CY_LIMB_BITS - 1)) == 0)
        u = UF(neg)(u);
    *x = F(from_u)(u);
}

/* z = the value of x (two's complement) */
static void z(mpz_t r, S x)
{
    t_to_mpz(r, x.l, N);
    if (F(is_neg)(x)) {
        mpz_t p;
        mpz_init(p);
        mpz_setbit(p, TW);
        mpz_sub(r, r, p);
        mpz_clear(p);
    }
}

/* x == v mod 2^W */
static int eqz(S x, const mpz_t v)
{
    mpz_t t, u;
    mpz_inits(t, u, NULL);
    mpz_fdiv_r_2exp(u, v, TW);
    t_to_mpz(t, x.l, N);
    int ok = mpz_cmp(t, u) == 0;
    mpz_clears(t, u, NULL);
    return ok;
}

static mpz_t za, zb, zv, zw, zmin, zmax;

static int fits(const mpz_t v) { return mpz_cmp(v, zmin) >= 0 && mpz_cmp(v, zmax) <= 0; }

int main(void)
{
    char name[32];
#if defined(__ADX__) && defined(__BMI2__)
    if (!t_cpu_has_bmi2_adx()) {
        printf("skipped: this CPU has no BMI2/ADX\n");
        return 77;
    }
#endif
    snprintf(name, sizeof name, "sint%d", TW);
    t_init(name);
    mpz_inits(za, zb, zv, zw, zmin, zmax, NULL);
    mpz_setbit(zmax, TW - 1);
    mpz_neg(zmin, zmax);
    mpz_sub_ui(zmax, zmax, 1);
    size_t R = t_reps(100000);
    char s[CY_UINT_DEC_SIZE(TW) + 8], *g;
    for (size_t i = 0; i < R; i++) {
        gen(&A);
        gen(&B);
        z(za, A);
        z(zb, B);
        S r, q;
        int c = mpz_cmp(za, zb);
        CHECK(F(cmp)(A, B) == (c > 0) - (c < 0) && F(lt)(A, B) == (c < 0) &&
                  F(eq)(A, B) == (c == 0) && F(is_neg)(A) == (mpz_sgn(za) < 0),
              "cmp");
        int64_t x = (int64_t)t_rand64() >> t_below(64);
        mpz_import(zv, 1, 1, 8, 0, 0, &x); /* the bits of x, then minus 2^64 if negative */
        if (x < 0) {
            mpz_set_ui(zw, 0);
            mpz_setbit(zw, 64);
            mpz_sub(zv, zv, zw);
        }
        CHECK(eqz(F(from_i64)(x), zv) && F(to_i64)(F(from_i64)(x)) == x, "from_i64/to_i64");
        mpz_neg(zv, za);
        CHECK(eqz(F(neg)(A), zv), "neg");
        mpz_abs(zv, za);
        U ab = F(abs)(A);
        CHECK(eqz(F(from_u)(ab), zv) && F(eq)(F(from_u)(F(to_u)(A)), A), "abs");

        mpz_add(zv, za, zb);
        CHECK(eqz(F(add)(A, B), zv), "add");
        CHECK(F(add_checked)(&r, A, B) == (fits(zv) ? CY_OK : CY_ERANGE) &&
                  eqz(r, zv),
              "add_checked");
        mpz_sub(zv, za, zb);
        CHECK(eqz(F(sub)(A, B), zv), "sub");
        CHECK(F(sub_checked)(&r, A, B) == (fits(zv) ? CY_OK : CY_ERANGE) &&
                  eqz(r, zv),
              "sub_checked");
        mpz_mul(zv, za, zb);
        CHECK(eqz(F(mul)(A, B), zv), "mul");
        CHECK(F(mul_checked)(&r, A, B) == (fits(zv) ? CY_OK : CY_ERANGE) &&
                  eqz(r, zv),
              "mul_checked");

        if (mpz_sgn(zb) == 0) {
            CHECK(F(div_trunc_vartime)(&q, &r, A, B) == CY_EDIVZERO &&
                      UF(is_zero)(F(to_u)(q)) && UF(is_zero)(F(to_u)(r)),
                  "div_trunc by 0");
            CHECK(F(div_floor_vartime)(&q, &r, A, B) == CY_EDIVZERO &&
                      UF(is_zero)(F(to_u)(q)) && UF(is_zero)(F(to_u)(r)),
                  "div_floor by 0");
        } else {
            mpz_tdiv_qr(zv, zw, za, zb);
            int st = fits(zv) ? CY_OK : CY_ERANGE; /* only MIN / -1 */
            CHECK(F(div_trunc_vartime)(&q, &r, A, B) == st && eqz(q, zv) && eqz(r, zw), "div_trunc");
            mpz_fdiv_qr(zv, zw, za, zb);
            CHECK(F(div_floor_vartime)(&q, &r, A, B) == st && eqz(q, zv) && eqz(r, zw), "div_floor");
        }

        g = mpz_get_str(NULL, 10, za);
        CHECK(F(to_dec)(s, A) == strlen(g) && strcmp(s, g) == 0, "to_dec");
        CHECK(F(from_dec)(&r, g) == CY_OK && F(eq)(r, A), "from_dec");
        if (mpz_sgn(za) >= 0) {
            snprintf(s, sizeof s, "+%s", g);
            CHECK(F(from_dec)(&r, s) == CY_OK && F(eq)(r, A), "from_dec +");
        }
        free(g);
        /* one past either end overflows */
        if (t_below(2))
            mpz_add_ui(zv, zmax, 1 + t_below(3));
        else
            mpz_sub_ui(zv, zmin, 1 + t_below(3));
        g = mpz_get_str(NULL, 10, zv);
        CHECK(F(from_dec)(&r, g) == CY_ERANGE, "from_dec overflow");
        free(g);

#if TW == 256
        /* sign extension to 512 bits and the checked narrowing back */
        cy_s512 w = cy_s512_from_s256(A);
        cy_s256 n;
        CHECK(cy_s256_from_s512(&n, w) == CY_OK && cy_s256_eq(n, A) &&
                  cy_s512_cmp(w, cy_s512_from_i64(0)) == mpz_sgn(za),
              "s512_from_s256");
        mpz_mul_2exp(zv, za, t_below(TW + 1));
        if (t_below(2))
            mpz_add_ui(zv, zv, t_below(5));
        t_from_mpz(w.l, 512 / CY_LIMB_BITS, zv); /* zv mod 2^512 */
        CHECK(cy_s256_from_s512(&n, w) == (fits(zv) ? CY_OK : CY_ERANGE) &&
                  eqz(n, zv),
              "s256_from_s512");
#endif
    }
    S r;
    CHECK(F(from_dec)(&r, "-") == CY_EEMPTY && F(from_dec)(&r, "1-") == CY_EDIGIT,
          "from_dec bad");
    mpz_clears(za, zb, zv, zw, zmin, zmax, NULL);
    return t_done();
}
