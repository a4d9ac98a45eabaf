/* A program written for GMP, built twice: against the system GMP and against carry-gmp. The test
 * (compat_diff.cmake) runs both and requires the same output, line for line. It calls every mpz
 * function of carry-gmp whose results GMP defines, on operands from a fixed generator of its own:
 * edge values (0, +-1, +-2^k, +-(2^k - 1)), long runs of ones and zeros, random limbs; with
 * outputs aliasing inputs. Random-number functions are left out (carry's streams are not GMP's),
 * and so are the results GMP leaves undefined. SPDX-License-Identifier: MIT */
#include <gmp.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "compat.h"

#define SGN(x) (((x) > 0) - ((x) < 0))

/* an operand: edge forms and random shapes up to `limbs` limbs, random sign */
static void operand(mpz_t z, int limbs)
{
    int bits = 1 + (int)(next() % (unsigned)(64 * limbs));
    switch (next() % 8) {
    case 0: mpz_set_ui(z, next() % 3); break;
    case 1: mpz_set_ui(z, 1); mpz_mul_2exp(z, z, bits); break;
    case 2: mpz_set_ui(z, 1); mpz_mul_2exp(z, z, bits); mpz_sub_ui(z, z, 1); break;
    case 3: /* runs of ones and zeros */
        mpz_set_ui(z, 0);
        for (int pos = 0; pos < bits;) {
            int len = 1 + (int)(next() % 70);
            if (next() & 1)
                for (int i = pos; i < pos + len && i < bits; i++)
                    mpz_setbit(z, i);
            pos += len;
        }
        break;
    default:
        mpz_set_ui(z, 0);
        for (int i = 0; i < bits; i += 64) {
            mpz_mul_2exp(z, z, 64);
            mpz_add_ui(z, z, (unsigned long)next());
        }
        mpz_fdiv_r_2exp(z, z, bits);
    }
    if (next() & 1)
        mpz_neg(z, z);
}

/* 1 if mpz_sizeinbase(z, base) is the number of digits of |z| or one more */
static int size_ok(const mpz_t z, int base)
{
    char *s = mpz_get_str(NULL, base, z);
    size_t n = strlen(s), digits = n - (s[0] == '-'), e = mpz_sizeinbase(z, base);
    free_str(s);
    return e == digits || e == digits + 1;
}

static void show(const char *what, const mpz_t z)
{
    char *s = mpz_get_str(NULL, 16, z);
    printf("%s %s\n", what, s);
    free_str(s);
}

int main(void)
{
    mpz_t a, b, c, r, s, t;
    mpz_inits(a, b, c, r, s, t, NULL);
    for (int rep = 0; rep < 400; rep++) {
        int L = 1 + (int)(next() % (rep % 10 == 0 ? 40 : 5));
        operand(a, L);
        operand(b, L);
        operand(c, 2);
        /* words of every length that unsigned long has (32 or 64 bits) */
        unsigned long w = next() % 4 ? (unsigned long)(next() >> (next() % 64)) : (unsigned long)(next() % 3);
        long sw = (long)((next() >> (1 + next() % 63)) % (unsigned long)LONG_MAX) * ((next() & 1) ? -1 : 1);
        mp_bitcnt_t k = next() % (64 * (unsigned)L + 70);
        printf("rep %d\n", rep);
        show("a", a);
        show("b", b);
        mpz_add(r, a, b); show("add", r);
        mpz_sub(r, a, b); show("sub", r);
        mpz_mul(r, a, b); show("mul", r);
        mpz_set(r, a); mpz_mul(r, r, r); show("sqr", r);
        mpz_add_ui(r, a, w); show("add_ui", r);
        mpz_sub_ui(r, a, w); show("sub_ui", r);
        mpz_ui_sub(r, w, a); show("ui_sub", r);
        mpz_mul_ui(r, a, w); show("mul_ui", r);
        mpz_mul_si(r, a, sw); show("mul_si", r);
        mpz_set(r, c); mpz_addmul(r, a, b); show("addmul", r);
        mpz_set(r, c); mpz_submul(r, a, b); show("submul", r);
        mpz_set(r, c); mpz_addmul_ui(r, a, w); show("addmul_ui", r);
        mpz_set(r, c); mpz_submul_ui(r, a, w); show("submul_ui", r);
        mpz_mul_2exp(r, a, k); show("mul_2exp", r);
        mpz_neg(r, a); show("neg", r);
        mpz_abs(r, a); show("abs", r);
        if (mpz_sgn(b)) {
            mpz_cdiv_qr(r, s, a, b); show("cdiv_q", r); show("cdiv_r", s);
            mpz_fdiv_qr(r, s, a, b); show("fdiv_q", r); show("fdiv_r", s);
            mpz_tdiv_qr(r, s, a, b); show("tdiv_q", r); show("tdiv_r", s);
            mpz_cdiv_q(r, a, b); show("cdiv_q1", r);
            mpz_fdiv_r(r, a, b); show("fdiv_r1", r);
            mpz_mod(r, a, b); show("mod", r);
            mpz_mul(t, a, b); mpz_divexact(r, t, b); show("divexact", r);
            printf("divisible %d congruent %d\n", mpz_divisible_p(a, b) != 0, mpz_congruent_p(a, c, b) != 0);
            mpz_gcdext(r, s, t, a, b); show("gcdext_g", r); show("gcdext_s", s); show("gcdext_t", t);
            if (mpz_cmpabs_ui(b, 1) > 0) { /* modulo 1 GMP leaves the result undefined */
                printf("invert %d", mpz_invert(r, a, b) != 0);
                if (mpz_invert(r, a, b))
                    show("", r);
                else
                    printf("\n");
            }
            mpz_set(r, a); printf("remove %lu", (unsigned long)(mpz_cmpabs_ui(b, 1) ? mpz_remove(r, a, b) : 0)); show("", r);
            printf("kronecker %d\n", mpz_kronecker(a, b));
        }
        if (w) {
            unsigned long q1 = mpz_cdiv_qr_ui(r, s, a, w); show("cdiv_q_ui", r); show("cdiv_r_ui", s);
            unsigned long q2 = mpz_fdiv_qr_ui(r, s, a, w); show("fdiv_q_ui", r); show("fdiv_r_ui", s);
            unsigned long q3 = mpz_tdiv_qr_ui(r, s, a, w); show("tdiv_q_ui", r); show("tdiv_r_ui", s);
            printf("ui %lu %lu %lu %lu %lu %lu %lu\n", q1, q2, q3, mpz_cdiv_ui(a, w), mpz_fdiv_ui(a, w), mpz_tdiv_ui(a, w),
                   mpz_mod_ui(r, a, w));
            mpz_tdiv_q_ui(r, a, w); show("tdiv_q_ui1", r);
            mpz_mul_ui(t, a, w); mpz_divexact_ui(r, t, w); show("divexact_ui", r);
            printf("divisible_ui %d congruent_ui %d\n", mpz_divisible_ui_p(a, w) != 0, mpz_congruent_ui_p(a, w / 3, w) != 0);
            printf("gcd_ui %lu\n", mpz_gcd_ui(r, a, w)); show("gcd_ui", r);
            mpz_lcm_ui(r, a, w); show("lcm_ui", r);
        }
        mpz_cdiv_q_2exp(r, a, k); show("cdiv_q_2exp", r);
        mpz_fdiv_q_2exp(r, a, k); show("fdiv_q_2exp", r);
        mpz_tdiv_q_2exp(r, a, k); show("tdiv_q_2exp", r);
        mpz_cdiv_r_2exp(r, a, k % 300); show("cdiv_r_2exp", r);
        mpz_fdiv_r_2exp(r, a, k % 300); show("fdiv_r_2exp", r);
        mpz_tdiv_r_2exp(r, a, k); show("tdiv_r_2exp", r);
        printf("2exp_p %d %d\n", mpz_divisible_2exp_p(a, k) != 0, mpz_congruent_2exp_p(a, b, k % 100) != 0);
        mpz_gcd(r, a, b); show("gcd", r);
        mpz_lcm(r, a, b); show("lcm", r);
        mpz_and(r, a, b); show("and", r);
        mpz_ior(r, a, b); show("ior", r);
        mpz_xor(r, a, b); show("xor", r);
        mpz_com(r, a); show("com", r);
        mpz_set(r, a); mpz_setbit(r, k); show("setbit", r);
        mpz_set(r, a); mpz_clrbit(r, k); show("clrbit", r);
        mpz_set(r, a); mpz_combit(r, k); show("combit", r);
        printf("bits %d %lu %lu %lu %lu\n", mpz_tstbit(a, k), (unsigned long)mpz_popcount(a), (unsigned long)mpz_hamdist(a, b),
               (unsigned long)mpz_scan0(a, k), (unsigned long)mpz_scan1(a, k));
        /* GMP documents the sign of a comparison only */
        printf("cmp %d %d %d %d %d %d %d\n", SGN(mpz_cmp(a, b)), SGN(mpz_cmp_ui(a, w)), SGN(mpz_cmp_si(a, sw)),
               SGN(mpz_cmpabs(a, b)), SGN(mpz_cmpabs_ui(a, w)), SGN(mpz_cmp_d(a, (double)sw * 1.5)),
               SGN(mpz_cmpabs_d(a, (double)w / 3)));
        /* the limb count in 64-bit units: the same for 32- and 64-bit limbs */
        printf("get %lu %ld %.17g sgn %d odd %d even %d size %lu\n", mpz_get_ui(a), mpz_get_si(a), mpz_get_d(a), mpz_sgn(a),
               mpz_odd_p(a), mpz_even_p(a), (unsigned long)((mpz_size(a) * GMP_LIMB_BITS + 63) / 64));
        long e;
        double d = mpz_get_d_2exp(&e, a);
        printf("get_d_2exp %.17g %ld\n", d, e);
        printf("fits %d %d %d %d %d %d\n", mpz_fits_ulong_p(a), mpz_fits_slong_p(a), mpz_fits_uint_p(a), mpz_fits_sint_p(a),
               mpz_fits_ushort_p(a), mpz_fits_sshort_p(a));
        /* exact in base 2; elsewhere GMP documents "exact or one too big" only */
        printf("sizeinbase %lu %d %d\n", (unsigned long)mpz_sizeinbase(a, 2), size_ok(a, 10), size_ok(a, 36));
        mpz_set_d(r, (double)sw / 7.0); show("set_d", r);
        unsigned long n = next() % 6 + 1;
        if (mpz_sgn(a) >= 0 || (n & 1)) {
            mpz_rootrem(r, s, a, n); show("root", r); show("rootrem", s);
            printf("root_exact %d\n", mpz_root(r, a, n) != 0);
        }
        if (mpz_sgn(a) >= 0) {
            mpz_sqrtrem(r, s, a); show("sqrt", r); show("sqrtrem", s);
        }
        printf("perfect %d %d\n", mpz_perfect_power_p(a) != 0, mpz_perfect_square_p(a) != 0);
        mpz_pow_ui(r, c, next() % 20); show("pow_ui", r);
        mpz_ui_pow_ui(r, next() % 1000, next() % 30); show("ui_pow_ui", r);
        if (mpz_sgn(b)) {
            mpz_abs(t, c);
            mpz_powm(r, a, t, b); show("powm", r);
            mpz_powm_ui(r, a, w, b); show("powm_ui", r);
            if (mpz_odd_p(b) && mpz_sgn(t) > 0) {
                mpz_powm_sec(r, a, t, b); show("powm_sec", r);
            }
        }
        if (L <= 3) {
            printf("prime %d\n", mpz_probab_prime_p(a, 25) != 0);
            mpz_nextprime(r, a); show("nextprime", r);
        }
        unsigned long m = next() % 300;
        mpz_fac_ui(r, m); show("fac", r);
        mpz_2fac_ui(r, m); show("2fac", r);
        mpz_mfac_uiui(r, m, next() % 5); show("mfac", r);
        mpz_primorial_ui(r, m); show("primorial", r);
        mpz_bin_uiui(r, m, next() % (m + 2)); show("bin_uiui", r);
        mpz_bin_ui(r, c, next() % 40); show("bin_ui", r);
        mpz_fib2_ui(r, s, m); show("fib", r); show("fib1", s);
        mpz_lucnum2_ui(r, s, m); show("luc", r); show("luc1", s);
        /* strings both ways, every base, and the raw format through a file */
        int base = 2 + (int)(next() % 35);
        char *str = mpz_get_str(NULL, next() & 1 ? base : -base, a);
        printf("set_str %d", mpz_set_str(r, str, base)); show("", r);
        free_str(str);
        size_t cnt;
        unsigned char buf[4096];
        if (mpz_sizeinbase(a, 256) < sizeof buf / 2) {
            mpz_export(buf, &cnt, -1, 2, 1, 0, a);
            mpz_import(r, cnt, -1, 2, 1, 0, buf);
            printf("export %lu", (unsigned long)cnt); show("", r);
        }
        printf("limbn %lu\n", (unsigned long)(mpz_getlimbn(a, 0) & 0xffffffffu)); /* any limb width */
    }
    static const char *const strs[] = {"  12 34 ", "-0x1F", "0b101", "017", "0", "-", "", "12a", "0x", "+5", " - 7", "0b", "-0x", "0x 1", "08", "0X1g", "1 0"};
    for (size_t i = 0; i < sizeof strs / sizeof strs[0]; i++) {
        mpz_set_ui(r, 99);
        int ret = mpz_set_str(r, strs[i], 0);
        printf("set_str '%s' %d", strs[i], ret);
        if (ret == 0)
            show("", r);
        else
            printf("\n");
    }
    /* the linear congruential initialisers: which sizes GMP accepts (its table ends at 128 bits),
     * and numbers below the bound asked for (the streams themselves differ) */
    static const unsigned long lc_sizes[] = {0, 1, 16, 32, 33, 64, 100, 127, 128, 129, 200};
    for (size_t i = 0; i < sizeof lc_sizes / sizeof lc_sizes[0]; i++) {
        unsigned long size = lc_sizes[i];
        gmp_randstate_t st;
        int ok = gmp_randinit_lc_2exp_size(st, size);
        printf("lc_2exp_size %lu %d", size, ok != 0);
        if (ok) {
            gmp_randseed_ui(st, size);
            mpz_urandomb(r, st, 100);
            printf(" %d", mpz_sizeinbase(r, 2) <= 100);
            gmp_randclear(st);
        }
        printf("\n");
    }
    gmp_randstate_t lc;
    mpz_set_ui(a, 1103515245);
    gmp_randinit_lc_2exp(lc, a, 12345, 64);
    gmp_randseed_ui(lc, 7);
    printf("lc_2exp urandomm %d\n", (mpz_set_ui(b, 1000), mpz_urandomm(r, lc, b), mpz_cmp(r, b) < 0));
    gmp_randclear(lc);
    mpz_clears(a, b, c, r, s, t, NULL);
    printf("version %d.%d\n", __GNU_MP_VERSION, __GNU_MP_VERSION_MINOR);
    return 0;
}
