/* A program written for GMP: computes number-theoretic functions of word arguments and prints
 * them in decimal. It uses GMP's documented mpz interface only, so it builds unchanged against
 * GMP or carry-gmp, and ctest's compat_print_nt requires the two builds to print the same lines.
 *
 * usage: print_nt [-h] FUNCTION ARGS... [FUNCTION ARGS...]...
 *   fac N        N!                      (mpz_fac_ui)
 *   2fac N       N!!                     (mpz_2fac_ui)
 *   primorial N  the product of the primes <= N (mpz_primorial_ui)
 *   fib N        the Fibonacci number F(N) (mpz_fib_ui)
 *   lucas N      the Lucas number L(N)   (mpz_lucnum_ui)
 *   bin N K      the binomial coefficient (mpz_bin_uiui)
 *   -h           from here on, instead of the digits: their count, the first and last 20 and a
 *                64-bit FNV-1a hash of them (the decimal conversion still runs in full)
 *
 * Without -h the digits go out through mpz_out_str; with it, through mpz_get_str(NULL, ...), whose
 * block is freed with the function mp_get_memory_functions names, as GMP's manual asks. For
 * example print_nt -h fac 1000000 fib 10000000 bin 1000000 500000.
 * SPDX-License-Identifier: MIT */
#include <stdio.h> /* before gmp.h, which declares mpz_out_str only after it */
#include <gmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned long arg(int argc, char **argv, int i)
{
    if (i >= argc) {
        fprintf(stderr, "print_nt: %s needs more arguments\n", argv[i - 1]);
        exit(2);
    }
    char *end;
    unsigned long v = strtoul(argv[i], &end, 10);
    if (*end || end == argv[i]) {
        fprintf(stderr, "print_nt: '%s' is not a number\n", argv[i]);
        exit(2);
    }
    return v;
}

/* count, ends and FNV-1a (Fowler, Noll, Vo) of the decimal digits */
static void print_summary(const mpz_t x)
{
    char *s = mpz_get_str(NULL, 10, x);
    size_t len = strlen(s);
    uint64_t h = 0xcbf29ce484222325u;
    for (size_t i = 0; i < len; i++)
        h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
    size_t ends = len < 20 ? len : 20;
    printf("%zu digits %.*s...%s fnv1a %016llx\n", len, (int)ends, s, s + len - ends,
           (unsigned long long)h);
    void (*free_fn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &free_fn);
    free_fn(s, len + 1);
}

int main(int argc, char **argv)
{
    mpz_t x;
    mpz_init(x);
    int summary = 0;
    for (int i = 1; i < argc; i++) {
        const char *f = argv[i];
        unsigned long n, k = 0;
        if (strcmp(f, "-h") == 0) {
            summary = 1;
            continue;
        }
        n = arg(argc, argv, ++i);
        if (strcmp(f, "fac") == 0)
            mpz_fac_ui(x, n);
        else if (strcmp(f, "2fac") == 0)
            mpz_2fac_ui(x, n);
        else if (strcmp(f, "primorial") == 0)
            mpz_primorial_ui(x, n);
        else if (strcmp(f, "fib") == 0)
            mpz_fib_ui(x, n);
        else if (strcmp(f, "lucas") == 0)
            mpz_lucnum_ui(x, n);
        else if (strcmp(f, "bin") == 0) {
            k = arg(argc, argv, ++i);
            mpz_bin_uiui(x, n, k);
        } else {
            fprintf(stderr, "print_nt: unknown function '%s'\n", f);
            return 2;
        }
        if (strcmp(f, "bin") == 0)
            printf("bin(%lu, %lu) = ", n, k);
        else
            printf("%s(%lu) = ", f, n);
        if (summary)
            print_summary(x);
        else {
            mpz_out_str(stdout, 10, x);
            putchar('\n');
        }
    }
    mpz_clear(x);
    return 0;
}
