/* libFuzzer target: carry/mod.h against GMP (mpz_powm, mpz_invert) on every back end: both
 * context set-ups, Montgomery products and conversions, reduction, add/sub/neg, both
 * exponentiations and every inverse, with the result aliasing the operand (which mod.h allows)
 * and with unreduced operands (the documented error, r = 0). SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAXN 40

static void Z(mpz_t z, const cy_limb *p, size_t n)
{
    mpz_import(z, n, -1, sizeof *p, 0, 0, p);
}

static int zero(const cy_limb *p, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (p[i])
            return 0;
    return 1;
}

typedef int (*inv_fn)(cy_limb *, const cy_limb *, const cy_mont *, cy_limb *);
static int ami(cy_limb *r, const cy_limb *a, const cy_mont *c, cy_limb *s)
{
    unsigned long k;
    return cy_mod_ami_vartime(r, &k, a, c, s);
}
static int sfami(cy_limb *r, const cy_limb *a, const cy_mont *c, cy_limb *s)
{
    unsigned long k;
    return cy_mod_sfami_vartime(r, &k, a, c, s);
}
static const struct { const char *name; inv_fn f; } invs[] = {
    {"safegcd", cy_mod_inv_safegcd}, {"safegcd_vartime", cy_mod_inv_safegcd_vartime},
    {"lehmer_vartime", cy_mod_inv_lehmer_vartime}, {"fermat", cy_mod_inv_fermat},
    {"ami_vartime", ami}, {"sfami_vartime", sfami}, {"mont_inv_vartime", cy_mont_inv_vartime},
    {"kaliski_vartime", cy_mod_inv_kaliski_vartime},
};
#define NINV (sizeof invs / sizeof invs[0])

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = fz_start(data, size);
    fz_cpu(&in);
    int op = fz_byte(&in) % 8;
    size_t n = 1 + fz_len(&in, MAXN - 1);
    cy_limb *m = fz_alloc(n), *a = fz_alloc(2 * n), *b = fz_alloc(n), *r = fz_alloc(2 * n);
    fz_limbs(&in, m, n);
    fz_limbs(&in, a, 2 * n);
    fz_limbs(&in, b, n);
    uint8_t mode = fz_byte(&in);
    mpz_t M, A, B, W, T, R;
    mpz_inits(M, A, B, W, T, R, NULL);
    Z(M, m, n);
    size_t st = cy_mont_storage_limbs(n);
    cy_limb *s1 = fz_alloc(st), *s2 = fz_alloc(st);
    cy_limb *sc = fz_alloc(cy_mont_init_itch(n)), *sv = fz_alloc(cy_mont_init_vartime_itch(n));
    cy_mont c1, c2;
    int e1 = cy_mont_init(&c1, s1, m, n, sc), e2 = cy_mont_init_vartime(&c2, s2, m, n, sv);
    int want = !mpz_cmp_ui(M, 1) ? CY_EONE : mpz_even_p(M) ? CY_EEVEN : 0;
    FZ_CHECK(e1 == want && e2 == want, "init n=%zu: %d and %d, want %d", n, e1, e2, want);
    if (want)
        goto done;
    FZ_CHECK(!memcmp(s1, s2, st * sizeof *s1) && c1.minv == c2.minv, "init and init_vartime differ, n=%zu", n);
    const cy_mont *ctx = mode & 1 ? &c2 : &c1;
    int reduce = mode & 2; /* operands below m (else any value below B^n) */
    Z(A, a, n);
    Z(B, b, n);
    if (reduce) {
        mpz_mod(A, A, M);
        mpz_mod(B, B, M);
        memset(a, 0, n * sizeof *a);
        memset(b, 0, n * sizeof *b);
        mpz_export(a, NULL, -1, sizeof *a, 0, 0, A);
        mpz_export(b, NULL, -1, sizeof *b, 0, 0, B);
    }
    int alias = mode >> 2 & 3; /* 0: r apart; 1: r = a; 2: r = b (binary operations) */
    cy_limb *out = alias == 1 ? a : alias == 2 && op <= 1 ? b : r;
    mpz_t Rinv;
    mpz_init_set_ui(Rinv, 1);
    mpz_mul_2exp(Rinv, Rinv, n * CY_LIMB_BITS);
    FZ_CHECK(mpz_invert(Rinv, Rinv, M), "R not invertible");
    cy_limb *s = fz_alloc(cy_mont_mul_itch(n) + cy_mont_mod_itch(n) + cy_mod_inv_itch(n)
                          + cy_mont_powm_itch(n, n) + cy_mont_powm_vartime_itch(n, n));
    switch (op) {
    case 0: case 1: { /* mul, sqr: a b / R, congruent and below B^n; below m for reduced input */
        int sqr = op == 1;
        if (sqr)
            cy_mont_sqr(out, a, ctx, s);
        else
            cy_mont_mul(out, a, b, ctx, s);
        mpz_mul(W, A, sqr ? A : B);
        mpz_mul(W, W, Rinv);
        mpz_mod(W, W, M);
        Z(R, out, n);
        mpz_mod(T, R, M);
        FZ_CHECK(!mpz_cmp(T, W) && (!reduce || mpz_cmp(R, M) < 0), "mont_%s n=%zu alias=%d reduced=%d", sqr ? "sqr" : "mul", n, alias, !!reduce);
        break;
    }
    case 2: { /* to, from, mod */
        int which = mode >> 4 & 3;
        size_t an = which == 2 ? fz_len(&in, 2 * n) : n;
        Z(A, a, an);
        if (which == 0) {
            cy_mont_to(out, a, ctx, s);
            mpz_mul_2exp(W, A, n * CY_LIMB_BITS);
        } else if (which == 1) {
            cy_mont_from(out, a, ctx, s);
            mpz_mul(W, A, Rinv);
        } else {
            cy_mont_mod(r, a, an, ctx, s);
            mpz_set(W, A);
            out = r;
        }
        mpz_mod(W, W, M);
        FZ_CHECK(fz_eq(out, n, W), "mont to/from/mod (%d) n=%zu an=%zu alias=%d", which, n, an, alias);
        break;
    }
    case 3: { /* add, sub, neg on reduced operands */
        if (!reduce)
            break;
        int which = mode >> 4 & 3;
        if (which == 0)
            cy_mont_add(out, a, b, ctx), mpz_add(W, A, B);
        else if (which == 1)
            cy_mont_sub(out, a, b, ctx), mpz_sub(W, A, B);
        else
            cy_mont_neg(out, a, ctx), mpz_neg(W, A);
        mpz_mod(W, W, M);
        FZ_CHECK(fz_eq(out, n, W), "mont add/sub/neg (%d) n=%zu alias=%d", which, n, alias);
        break;
    }
    case 4: case 5: { /* powm, powm_vartime: b^e, e of en <= n limbs (the b limbs) */
        size_t en = fz_len(&in, n);
        Z(T, b, en);
        int vt = op == 5;
        int err = vt ? cy_mont_powm_vartime(out, a, b, en, ctx, s) : cy_mont_powm(out, a, b, en, ctx, s);
        if (mpz_cmp(A, M) >= 0) {
            FZ_CHECK(err == CY_EUNREDUCED && zero(out, n), "powm%s unreduced: %d n=%zu", vt ? "_vartime" : "", err, n);
        } else {
            mpz_powm(W, A, T, M);
            FZ_CHECK(!err && fz_eq(out, n, W), "powm%s n=%zu en=%zu alias=%d", vt ? "_vartime" : "", n, en, alias);
        }
        break;
    }
    default: { /* the inverses */
        size_t which = (mode >> 4) % NINV;
        int err = invs[which].f(out, a, ctx, s);
        int inv = mpz_invert(W, A, M);
        int want = mpz_cmp(A, M) >= 0 ? CY_EUNREDUCED : !mpz_sgn(A) || (!inv && which != 3) ? CY_ENOTINV : 0;
        FZ_CHECK(err == want && (!err || zero(out, n)), "inv_%s n=%zu alias=%d: %d, want %d", invs[which].name, n, alias, err, want);
        if (err)
            break;
        Z(R, out, n);
        if (which == 3) { /* Fermat: a^(m-2) whether or not m is prime */
            mpz_sub_ui(T, M, 2);
            mpz_powm(W, A, T, M);
        } else if (which == 4 || which == 5) { /* a^-1 2^k, k in [bits(m) - 1, 2 bits(m)) */
            size_t bits = mpz_sizeinbase(M, 2), k;
            for (k = bits - 1; k < 2 * bits; k++) {
                mpz_mul_2exp(T, W, k);
                mpz_mod(T, T, M);
                if (!mpz_cmp(T, R))
                    break;
            }
            FZ_CHECK(k < 2 * bits, "inv_%s: no k fits, n=%zu", invs[which].name, n);
            mpz_set(W, R);
        } else if (which == 6) { /* a^-1 R^2 */
            mpz_mul_2exp(W, W, 2 * n * CY_LIMB_BITS);
            mpz_mod(W, W, M);
        }
        FZ_CHECK(!mpz_cmp(R, W), "inv_%s n=%zu alias=%d", invs[which].name, n, alias);
        break;
    }
    }
    free(s);
    mpz_clear(Rinv);
done:
    free(m), free(a), free(b), free(r), free(s1), free(s2), free(sc), free(sv);
    mpz_clears(M, A, B, W, T, R, NULL);
    return 0;
}
