/* A program written for GMP: factorisation by Pollard's rho method in Brent's variant (R. P.
 * Brent, "An improved Monte Carlo factorization algorithm", BIT 20, 1980: Brent's cycle finding,
 * with the differences |x - y| multiplied together modulo n and one gcd per batch of m of them).
 * It uses GMP's documented mpz interface only, so it builds unchanged against GMP or carry-gmp,
 * and ctest's compat_rho requires the two builds to print the same lines.
 *
 * usage: rho [COUNT [MAXBITS [SEED]]]   (defaults 12, 32, 1)
 *
 * Factors a fixed list (primes, prime powers, Carmichael numbers, numbers with small factors)
 * and COUNT composites of two or three primes of 20 to MAXBITS bits each (at most about 100 bits
 * in all), each prime the mpz_nextprime of a number from splitmix64.h (GMP's and carry-gmp's
 * random streams differ). Prints each number with its prime factors in increasing order, their
 * exponents and the rho steps spent, and exits 1 if the product of the factors is not the number
 * or a factor is not a probable prime. SPDX-License-Identifier: MIT */
#include <stdio.h> /* before gmp.h, which declares mpz_out_str only after it */
#include <gmp.h>
#include <stdlib.h>

#include "splitmix64.h"

/* the prime factors found so far (with repetition) */
static mpz_t *factors;
static size_t nfactors, capacity;
static unsigned long iterations; /* rho steps (evaluations of x^2 + c) for the current number */

static void add_factor(const mpz_t f, unsigned long times)
{
    for (unsigned long i = 0; i < times; i++) {
        if (nfactors == capacity) {
            capacity = capacity ? 2 * capacity : 16;
            factors = realloc(factors, capacity * sizeof *factors);
            if (!factors)
                exit(2);
        }
        mpz_init_set(factors[nfactors++], f);
    }
}

/* y = y^2 + c mod n */
static void step(mpz_t y, unsigned long c, const mpz_t n)
{
    mpz_mul(y, y, y);
    mpz_add_ui(y, y, c);
    mpz_mod(y, y, n);
    iterations++;
}

/* g = a factor of the composite n > 3 found with x^2 + c from x0 = 2, batches of m: 1 < g < n,
 * or g = n when this c fails (the caller tries the next c). Brent's loop: x is y's value at the
 * last power of two r, y runs r more steps, each |x - y| is multiplied into q; a batch whose gcd
 * is n is replayed one step at a time from its start ys. */
static void brent(mpz_t g, const mpz_t n, unsigned long c, unsigned long m)
{
    mpz_t x, y, ys, q, t;
    mpz_inits(x, ys, q, t, NULL);
    mpz_init_set_ui(y, 2);
    mpz_set_ui(q, 1);
    mpz_set_ui(g, 1);
    for (unsigned long r = 1; mpz_cmp_ui(g, 1) == 0; r *= 2) {
        mpz_set(x, y);
        for (unsigned long i = 0; i < r; i++)
            step(y, c, n);
        for (unsigned long k = 0; k < r && mpz_cmp_ui(g, 1) == 0; k += m) {
            mpz_set(ys, y);
            for (unsigned long i = 0; i < m && i < r - k; i++) {
                step(y, c, n);
                mpz_sub(t, x, y);
                mpz_mul(q, q, t);
                mpz_mod(q, q, n);
            }
            mpz_gcd(g, q, n);
        }
    }
    if (mpz_cmp(g, n) == 0) /* the batch overshot: find the first step whose gcd is not 1 */
        do {
            step(ys, c, n);
            mpz_sub(t, x, ys);
            mpz_gcd(g, t, n);
        } while (mpz_cmp_ui(g, 1) == 0);
    mpz_clears(x, y, ys, q, t, NULL);
}

/* the prime factors of n > 1, `times` times each */
static void factor(const mpz_t n, unsigned long times)
{
    if (mpz_probab_prime_p(n, 25)) {
        add_factor(n, times);
        return;
    }
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    if (mpz_perfect_power_p(n)) { /* n = a^k with the largest k: rho cycles poorly on those */
        for (unsigned long k = mpz_sizeinbase(n, 2); k >= 2; k--)
            if (mpz_root(a, n, k)) {
                factor(a, times * k);
                mpz_clears(a, b, NULL);
                return;
            }
    }
    for (unsigned long c = 1;; c++) {
        brent(a, n, c, 64);
        if (mpz_cmp(a, n) != 0)
            break;
        printf("  c = %lu failed on ", c);
        mpz_out_str(stdout, 10, n);
        putchar('\n');
    }
    mpz_divexact(b, n, a);
    factor(a, times);
    factor(b, times);
    mpz_clears(a, b, NULL);
}

static int cmp_mpz(const void *a, const void *b)
{
    return mpz_cmp(*(const mpz_t *)a, *(const mpz_t *)b);
}

/* prints "n = p1^e1 * p2 * ... (iterations)" and checks the factorisation; 0 when it holds */
static int factor_and_print(const mpz_t n)
{
    mpz_t r, check;
    mpz_inits(r, check, NULL);
    nfactors = 0;
    iterations = 0;
    mpz_set(r, n);
    /* small primes by trial division first: rho would spend most of its batches on them */
    for (unsigned long p = 2; p < 1000 && mpz_cmp_ui(r, 1) > 0; p += 1 + (p > 2)) {
        mpz_set_ui(check, p);
        unsigned long k = mpz_remove(r, r, check);
        if (k)
            add_factor(check, k);
    }
    if (mpz_cmp_ui(r, 1) > 0)
        factor(r, 1);
    qsort(factors, nfactors, sizeof *factors, cmp_mpz);
    mpz_out_str(stdout, 10, n);
    printf(" =");
    mpz_set_ui(check, 1);
    int bad = 0;
    for (size_t i = 0; i < nfactors;) {
        size_t j = i;
        while (j < nfactors && mpz_cmp(factors[j], factors[i]) == 0)
            j++;
        printf("%s ", i ? " *" : "");
        mpz_out_str(stdout, 10, factors[i]);
        if (j - i > 1)
            printf("^%lu", (unsigned long)(j - i));
        bad |= !mpz_probab_prime_p(factors[i], 25);
        for (; i < j; i++) {
            mpz_mul(check, check, factors[i]);
            mpz_clear(factors[i]);
        }
    }
    bad |= mpz_cmp(check, n) != 0;
    printf("  (%lu rho steps)%s\n", iterations, bad ? " WRONG" : "");
    mpz_clears(r, check, NULL);
    return bad;
}

int main(int argc, char **argv)
{
    unsigned long count = argc > 1 ? strtoul(argv[1], NULL, 10) : 12;
    unsigned long maxbits = argc > 2 ? strtoul(argv[2], NULL, 10) : 32;
    splitmix64_state = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
    if (maxbits < 20 || maxbits > 64) {
        fprintf(stderr, "rho: MAXBITS must be 20 to 64\n");
        return 2;
    }
    /* numbers of known shape: primes, prime powers (found by mpz_perfect_power_p and mpz_root),
     * Carmichael numbers, a number of small factors only (trial division), 2^64 + 1 (a 19-bit
     * and a 46-bit factor, the larger cofactor rho leaves), and 1 (no factors) */
    static const char *const fixed[] = {
        "618970019642690137449562111", /* 2^89 - 1, prime */
        "12157665459056928801",        /* 3^40 */
        "2305843009213693951",         /* 2^61 - 1, prime */
        "5316911983139663487003542222693990401", /* (2^61 - 1)^2 */
        "561",
        "41041", /* Carmichael: 7 * 11 * 13 * 41 */
        "1000000000000000000000000000000",
        "18446744073709551617", /* 2^64 + 1 */
        "1",
    };
    mpz_t n, a;
    mpz_inits(n, a, NULL);
    int bad = 0;
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++) {
        mpz_set_str(n, fixed[i], 10);
        bad |= factor_and_print(n);
    }
    /* (2^31 - 1)^3 * 1000003^2 */
    mpz_ui_pow_ui(n, 2147483647, 3);
    mpz_ui_pow_ui(a, 1000003, 2);
    mpz_mul(n, n, a);
    bad |= factor_and_print(n);
    for (unsigned long i = 0; i < count; i++) {
        unsigned long k = 2 + (i % 3 == 2), total = 0;
        mpz_set_ui(n, 1);
        for (unsigned long j = 0; j < k; j++) {
            unsigned long bits = 20 + splitmix64() % (maxbits - 19);
            if (total + bits > 100)
                bits = 100 - total < 20 ? 20 : 100 - total;
            total += bits;
            random_bits(a, bits);
            mpz_nextprime(a, a);
            mpz_mul(n, n, a);
        }
        bad |= factor_and_print(n);
    }
    mpz_clears(n, a, NULL);
    free(factors);
    return bad;
}
