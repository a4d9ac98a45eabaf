/* carry-tune: measures the multiplication crossovers on this machine for the back end in use and
 * writes them as a thresholds header.
 * SPDX-License-Identifier: MIT
 *
 *   carry-tune [--out FILE]     (default: print the header to stdout)
 *
 * The ifma back end (IFMA basecase) has its own set, the others share one measured on adx:
 *   CARRY_CPU=adx  carry-tune --out src/mpn/thresholds.h
 *   CARRY_CPU=ifma carry-tune --out src/mpn/thresholds_ifma.h   (macros CY_IFMA_...)
 *
 * For each threshold, sizes n are scanned upwards; at every n both algorithms run at the top level
 * only (cy__mul_tune_force is set so that size n takes one or the other while the smaller products
 * inside use the thresholds found so far), each timed as the minimum over many runs; see scan().
 * Order: mul toom22, 33, 44, fft, sqr toom22, 33, 44, fft, mullo (each uses the ones found before
 * it). The transforms' scans run to 16000 limbs and take most of the few minutes. */
#define _POSIX_C_SOURCE 199309L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "carry.h"
#include "mpn/impl.h"

#define HUGE_N (SIZE_MAX / 2) /* "never" */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static cy_limb *a, *b, *r, *tp;
typedef enum { OP_MUL, OP_SQR, OP_MULLO } op;

/* Minimum over batches of ns per call; a batch lasts about 20 microseconds. */
static double measure(op o, size_t n)
{
    unsigned inner = 1;
    for (;;) {
        double t0 = now_ns();
        for (unsigned i = 0; i < inner; i++)
            o == OP_MUL ? cy_mpn_mul_n(r, a, b, n, tp)
            : o == OP_SQR ? cy_mpn_sqr(r, a, n, tp) : cy_mpn_mullo_n(r, a, b, n, tp);
        if (now_ns() - t0 > 20000 || inner >= (1u << 20))
            break;
        inner *= 2;
    }
    double best = 1e300;
    for (int k = 0; k < 60; k++) {
        double t0 = now_ns();
        for (unsigned i = 0; i < inner; i++)
            o == OP_MUL ? cy_mpn_mul_n(r, a, b, n, tp)
            : o == OP_SQR ? cy_mpn_sqr(r, a, n, tp) : cy_mpn_mullo_n(r, a, b, n, tp);
        double t = (now_ns() - t0) / inner;
        best = t < best ? t : best;
    }
    return best;
}

/* The threshold field `field` of the set being tuned: at sizes n from lo below hi (steps of about 3%),
 * "old" is the time with the field set to n + 1 (size n below it), "new" with the field set to n.
 * The threshold T is the one that minimises the total relative time over the scanned sizes,
 * sum_{n < T} 1 + sum_{n >= T} new(n) / old(n): a noisy size near a flat crossover moves T little. */
static size_t scan(const char *name, op o, size_t *field, size_t lo, size_t hi)
{
    size_t ns[512], count = 0;
    double rel[512];
    for (size_t n = lo; n < hi && count < 512; n += 1 + n / 32) {
        *field = n + 1;
        double t_old = measure(o, n);
        *field = n;
        double t_new = measure(o, n);
        fprintf(stderr, "  %-6s n=%5zu old %10.1f ns  new %10.1f ns\n", name, n, t_old, t_new);
        ns[count] = n;
        rel[count++] = t_new / t_old;
    }
    /* cost(T = ns[i]) - cost(T = hi) = sum_{j >= i} (rel[j] - 1): minimise it over i. */
    double sum = 0, best = 0;
    size_t t = hi;
    for (size_t i = count; i-- > 0;) {
        sum += rel[i] - 1;
        if (sum < best) {
            best = sum;
            t = ns[i];
        }
    }
    *field = t;
    return t;
}

/* scan() three times, the threshold set to the median: the machine's noise moves single scans. */
static void median3(const char *name, op o, size_t *field, size_t lo, size_t hi)
{
    size_t v[3];
    for (int i = 0; i < 3; i++)
        v[i] = scan(name, o, field, lo, hi);
    for (int i = 0; i < 2; i++) /* sort the three */
        for (int j = 0; j < 2 - i; j++)
            if (v[j] > v[j + 1]) {
                size_t x = v[j];
                v[j] = v[j + 1];
                v[j + 1] = x;
            }
    *field = v[1];
    fprintf(stderr, "carry-tune: %s = %zu (runs %zu %zu %zu)\n", name, v[1], v[0], v[1], v[2]);
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else {
            fprintf(stderr, "usage: carry-tune [--out FILE]\n");
            return 2;
        }
    }
    const size_t nmax = 16000;
    /* Scratch for the largest size under any thresholds: toom22 all the way is the hungriest. */
    static cy__mul_thresholds tset;
    cy__mul_tune_force = &tset;
    tset = (cy__mul_thresholds){9, HUGE_N, 9, HUGE_N, 3, HUGE_N, HUGE_N, HUGE_N, HUGE_N};
    size_t itch = cy_mpn_mul_n_itch(nmax) + cy_mpn_mullo_n_itch(nmax) +
                  cy__mpn_mul_fft_itch(nmax, nmax, 0) + 16 * nmax;
    a = malloc(nmax * sizeof *a);
    b = malloc(nmax * sizeof *b);
    r = malloc(2 * nmax * sizeof *r);
    tp = malloc(itch * sizeof *tp);
    if (!a || !b || !r || !tp) {
        fprintf(stderr, "carry-tune: out of memory\n");
        return 2;
    }
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < nmax; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        a[i] = (cy_limb)(x >> 7);
        x = x * 6364136223846793005u + 1442695040888963407u;
        b[i] = (cy_limb)(x >> 9);
    }
    fprintf(stderr, "carry-tune: back end %s\n", cy_cpu_name(cy_cpu_get()));
    cy__mul_thresholds *t = &tset;
    int ifma = cy_cpu_get() == CY_CPU_IFMA;
    const char *pre = ifma ? "IFMA_" : "", *file = ifma ? "thresholds_ifma.h" : "thresholds.h";
    *t = (cy__mul_thresholds){HUGE_N, HUGE_N, HUGE_N, HUGE_N, HUGE_N,
                              HUGE_N, HUGE_N, HUGE_N, HUGE_N};
    median3("mul22", OP_MUL, &t->mul_toom22, 9, 400);
    median3("mul33", OP_MUL, &t->mul_toom33, t->mul_toom22 + 1, 800);
    median3("mul44", OP_MUL, &t->mul_toom44, t->mul_toom33 + 1, 2000);
    median3("mulfft", OP_MUL, &t->mul_fft, t->mul_toom44 + 1, nmax);
    median3("sqr22", OP_SQR, &t->sqr_toom22, 9, 400);
    median3("sqr33", OP_SQR, &t->sqr_toom33, t->sqr_toom22 + 1, 800);
    median3("sqr44", OP_SQR, &t->sqr_toom44, t->sqr_toom33 + 1, 2000);
    median3("sqrfft", OP_SQR, &t->sqr_fft, t->sqr_toom44 + 1, nmax);
    median3("mullo", OP_MULLO, &t->mullo, 3, 800);

    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        perror(out);
        return 1;
    }
    fprintf(f, "/* GENERATED by carry-tune -- multiplication crossovers in limbs (see src/mpn/mul.c).\n"
               " * SPDX-License-Identifier: MIT\n"
               " * Values measured with the %s back end, %d-bit limbs, by:\n"
               " *     CARRY_CPU=%s carry-tune --out src/mpn/%s\n"
               " * A threshold is the first size that uses the faster algorithm. */\n",
            cy_cpu_name(cy_cpu_get()), CY_LIMB_BITS, cy_cpu_name(cy_cpu_get()), file);
    fprintf(f, "#ifndef CARRY_SRC_MPN_THRESHOLDS_%sH\n#define CARRY_SRC_MPN_THRESHOLDS_%sH\n", pre,
            pre);
    fprintf(f, "#define CY_%sMUL_TOOM22_THRESHOLD %zu\n", pre, t->mul_toom22);
    fprintf(f, "#define CY_%sMUL_TOOM33_THRESHOLD %zu\n", pre, t->mul_toom33);
    fprintf(f, "#define CY_%sSQR_TOOM22_THRESHOLD %zu\n", pre, t->sqr_toom22);
    fprintf(f, "#define CY_%sSQR_TOOM33_THRESHOLD %zu\n", pre, t->sqr_toom33);
    fprintf(f, "#define CY_%sMULLO_THRESHOLD %zu\n", pre, t->mullo);
    fprintf(f, "#define CY_%sMUL_TOOM44_THRESHOLD %zu\n", pre, t->mul_toom44);
    fprintf(f, "#define CY_%sSQR_TOOM44_THRESHOLD %zu\n", pre, t->sqr_toom44);
    fprintf(f, "#define CY_%sMUL_FFT_THRESHOLD %zu\n", pre, t->mul_fft);
    fprintf(f, "#define CY_%sSQR_FFT_THRESHOLD %zu\n", pre, t->sqr_fft);
    fprintf(f, "#endif\n");
    if (out)
        fclose(f);
    return 0;
}
