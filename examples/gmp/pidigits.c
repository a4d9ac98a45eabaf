/* A program written for GMP, unchanged: the first N digits of pi by the unbounded spigot of
 * Gibbons ("An unbounded spigot algorithm for the digits of pi", Amer. Math. Monthly 113, 2006),
 * in the form the Computer Language Benchmarks Game's pidigits uses. It builds against GMP or,
 * as here, against carry-gmp:
 *
 *     cc pidigits.c $(pkg-config --cflags --libs carry-gmp)
 *
 * Usage: pidigits [N] (default 300). Prints the digits, ten per line with their count, and exits
 * non-zero if the first 100 differ from pi's. SPDX-License-Identifier: MIT */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static mpz_t numer, accum, denom, tmp1, tmp2;

/* floor((numer * nth + accum) / denom) */
static unsigned long extract(unsigned long nth)
{
    mpz_mul_ui(tmp1, numer, nth);
    mpz_add(tmp2, tmp1, accum);
    mpz_tdiv_q(tmp1, tmp2, denom);
    return mpz_get_ui(tmp1);
}

/* the state (numer, accum, denom) advanced by the next term of the series */
static void next_term(unsigned long k)
{
    unsigned long k2 = 2 * k + 1;
    mpz_addmul_ui(accum, numer, 2);
    mpz_mul_ui(accum, accum, k2);
    mpz_mul_ui(denom, denom, k2);
    mpz_mul_ui(numer, numer, k);
}

/* the digit d taken out of the state */
static void eliminate(unsigned long d)
{
    mpz_submul_ui(accum, denom, d);
    mpz_mul_ui(accum, accum, 10);
    mpz_mul_ui(numer, numer, 10);
}

int main(int argc, char **argv)
{
    static const char pi100[] = "3141592653589793238462643383279502884197169399375105820974944592"
                                "307816406286208998628034825342117067";
    unsigned long n = argc > 1 ? strtoul(argv[1], NULL, 10) : 300, i = 0, k = 0;
    char *digits = malloc(n + 1);
    if (!digits)
        return 2;
    mpz_inits(tmp1, tmp2, accum, NULL);
    mpz_init_set_ui(numer, 1);
    mpz_init_set_ui(denom, 1);
    while (i < n) {
        next_term(++k);
        if (mpz_cmp(numer, accum) > 0)
            continue;
        unsigned long d = extract(3);
        if (d != extract(4))
            continue;
        digits[i++] = (char)('0' + d);
        if (i % 10 == 0)
            printf("%.10s\t:%lu\n", digits + i - 10, i);
        eliminate(d);
    }
    if (n % 10)
        printf("%-10.*s\t:%lu\n", (int)(n % 10), digits + n - n % 10, n);
    size_t check = n < 100 ? n : 100;
    int ok = memcmp(digits, pi100, check) == 0;
    mpz_clears(tmp1, tmp2, accum, numer, denom, NULL);
    free(digits);
    if (!ok)
        fprintf(stderr, "pidigits: wrong digits\n");
    return ok ? 0 : 1;
}
