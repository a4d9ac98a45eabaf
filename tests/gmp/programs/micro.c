/* A program written for GMP that times single calls: the micro targets of bench/gmpcompat. It uses
 * GMP's documented mpz interface only, so it builds unchanged against GMP or carry-gmp; ctest's
 * compat_micro runs each operation once at a small size in both builds and requires the same
 * results.
 *
 * usage: micro [-t SECONDS] OPERATION ARGS... [OPERATION ARGS...]...
 *   prime BITS         mpz_probab_prime_p(p, 25) of a prime p of BITS bits
 *   nextprime BITS K   mpz_nextprime of K numbers of BITS bits, one after the other
 *   fac N              mpz_fac_ui(N) (without a decimal conversion: print_nt has that)
 *   -t SECONDS         repeat each following operation until SECONDS have passed (at least
 *                      once; default 0: once) and keep the fastest run
 *
 * The results go to stdout (the same from every GMP-compatible library: sizes, residues and
 * answers, nothing that depends on the limb width), the times to stderr as
 * "time OPERATION ARGS: NANOSECONDS" (the fastest run of the whole operation). The operands come
 * from splitmix64.h, seeded by the operation's arguments, and are made before the clock starts.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 199309L /* clock_gettime */
#include <stdio.h>
#include <gmp.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "splitmix64.h"

static double now_ns(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec * 1e9 + t.tv_nsec;
}

static unsigned long arg(int argc, char **argv, int i)
{
    if (i >= argc) {
        fprintf(stderr, "micro: %s needs more arguments\n", argv[i - 1]);
        exit(2);
    }
    return strtoul(argv[i], NULL, 10);
}

/* one operation, its operands made once; run() does the timed part */
typedef struct {
    const char *name;
    unsigned long a, b;
    mpz_t *x; /* b operands (nextprime), or one (prime) */
    mpz_t r;
    int answer;
} op;

static void run(op *o)
{
    if (!strcmp(o->name, "prime"))
        o->answer = mpz_probab_prime_p(o->x[0], 25);
    else if (!strcmp(o->name, "nextprime"))
        for (unsigned long i = 0; i < o->b; i++)
            mpz_nextprime(o->r, o->x[i]); /* the results are compared in report() */
    else
        mpz_fac_ui(o->r, o->a);
}

/* the result line: the same numbers from any library */
static void report(op *o)
{
    if (!strcmp(o->name, "prime")) {
        printf("prime %lu: probab_prime_p %d, p mod 1000000007 = %lu\n", o->a, o->answer,
               mpz_fdiv_ui(o->x[0], 1000000007));
    } else if (!strcmp(o->name, "nextprime")) {
        printf("nextprime %lu %lu: gaps", o->a, o->b);
        for (unsigned long i = 0; i < o->b; i++) {
            mpz_nextprime(o->r, o->x[i]);
            mpz_sub(o->r, o->r, o->x[i]);
            printf(" %lu", mpz_get_ui(o->r));
        }
        putchar('\n');
    } else
        printf("fac %lu: %lu bits, mod 1000000007 = %lu\n", o->a,
               (unsigned long)mpz_sizeinbase(o->r, 2), mpz_fdiv_ui(o->r, 1000000007));
}

int main(int argc, char **argv)
{
    double seconds = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "-t")) {
            seconds = atof(argv[i + 1 < argc ? ++i : i]);
            continue;
        }
        op o = {argv[i], arg(argc, argv, i + 1), 0, NULL, {{0}}, 0};
        i++;
        if (strcmp(o.name, "prime") && strcmp(o.name, "nextprime") && strcmp(o.name, "fac")) {
            fprintf(stderr, "micro: unknown operation '%s'\n", o.name);
            return 2;
        }
        if (!strcmp(o.name, "nextprime"))
            o.b = arg(argc, argv, ++i);
        size_t count = !strcmp(o.name, "nextprime") ? o.b : !strcmp(o.name, "prime");
        if (count && o.a < 2) {
            fprintf(stderr, "micro: %s needs at least 2 bits\n", o.name);
            return 2;
        }
        splitmix64_state = o.a * 1000003 + o.b;
        o.x = malloc((count ? count : 1) * sizeof *o.x);
        if (!o.x)
            return 2;
        mpz_init(o.r);
        for (size_t k = 0; k < count; k++) {
            mpz_init(o.x[k]);
            random_bits(o.x[k], o.a);
        }
        if (!strcmp(o.name, "prime")) /* a prime of o.a bits (or one more, rarely) */
            mpz_nextprime(o.x[0], o.x[0]);
        double best = 0, start = now_ns();
        do {
            double t = now_ns();
            run(&o);
            t = now_ns() - t;
            if (best == 0 || t < best)
                best = t;
        } while (now_ns() - start < seconds * 1e9);
        report(&o);
        if (o.b)
            fprintf(stderr, "time %s %lu %lu: %.0f\n", o.name, o.a, o.b, best);
        else
            fprintf(stderr, "time %s %lu: %.0f\n", o.name, o.a, best);
        for (size_t k = 0; k < count; k++)
            mpz_clear(o.x[k]);
        free(o.x);
        mpz_clear(o.r);
    }
    return 0;
}
