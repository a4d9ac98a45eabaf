/* carry-tune: measures the multiplication crossovers on this machine for the back end in use and
 * writes that back end's tuning file (src/core/tune_<backend>.c, the fields in src/core/tune.h).
 * SPDX-License-Identifier: MIT
 *
 *   CARRY_CPU=<backend> carry-tune [--fft] [--out FILE]   (default: print the file to stdout)
 *
 * for example CARRY_CPU=ifma carry-tune --out src/core/tune_ifma.c. The file holds every crossover
 * of the back end: the multiplication ones measured here, the others (division, radix conversion,
 * the mod layer's ranges, the basecase row limit) carried over from the values compiled in; its
 * banner names the machine (/proc/cpuinfo), the date, the compiler and the command.
 *
 * For each threshold, sizes n are scanned upwards; at every n both algorithms run at the top level
 * only (cy__tune_force imposes the set being tuned, so that size n takes one or the other while
 * the smaller products inside use the thresholds found so far), each timed as the minimum over
 * many runs; see scan().
 * Order: mul toom22, 33, 44, fft, sqr toom22, 33, 44, fft, mullo (each uses the ones found before
 * it). The transforms' scans run to 16000 limbs and take most of the few minutes. --fft measures
 * the transforms' two crossovers only (mul_fft, sqr_fft, each from the compiled-in toom44 on),
 * every other field carried over: for a change to the transforms alone. --div measures the two
 * crossovers that rest on the products (mu_div, then get_str_mu with that mu_div; the others
 * carried over) by the total time over operand sizes, see best_of(). */
#define _POSIX_C_SOURCE 199309L
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "carry.h"
#include "core/tune.h"
#include "mpn/mulimpl.h" /* cy__mpn_mul_fft_itch */


static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static cy_limb *a, *b, *r, *tp;
static char *digits;
typedef enum { OP_MUL, OP_SQR, OP_MULLO, OP_DIV, OP_GET_STR } op;

/* One call of o at size n: the products of n limbs; OP_DIV: {a, 2n} divided by {b, n}; OP_GET_STR:
 * the decimal digits of {a, n}. */
static void run(op o, size_t n)
{
    switch (o) {
    case OP_MUL: cy_mpn_mul_n(r, a, b, n, tp); break;
    case OP_SQR: cy_mpn_sqr(r, a, n, tp); break;
    case OP_MULLO: cy_mpn_mullo_n(r, a, b, n, tp); break;
    case OP_DIV: cy_mpn_divrem(r, r + n + 1, a, 2 * n, b, n, tp); break;
    case OP_GET_STR: cy_mpn_get_str(digits, 10, a, n, tp); break;
    }
}

/* Minimum over batches of ns per call; a batch lasts about 20 microseconds; `reps` batches. */
static double measure_reps(op o, size_t n, int reps)
{
    unsigned inner = 1;
    for (;;) {
        double t0 = now_ns();
        for (unsigned i = 0; i < inner; i++)
            run(o, n);
        if (now_ns() - t0 > 20000 || inner >= (1u << 20))
            break;
        inner *= 2;
    }
    double best = 1e300;
    for (int k = 0; k < reps; k++) {
        double t0 = now_ns();
        for (unsigned i = 0; i < inner; i++)
            run(o, n);
        double t = (now_ns() - t0) / inner;
        best = t < best ? t : best;
    }
    return best;
}

static double measure(op o, size_t n)
{
    return measure_reps(o, n, 60);
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

/* The threshold field `field` for an operation whose crossover moves with the products (division
 * with a reciprocal, radix conversion with reciprocals of the powers), where one size switches
 * several levels at once: each candidate value in a geometric series from lo to hi is timed at
 * operand sizes from lo/2 to 2 hi (factors of about 1.5), relative to the field switched off, and
 * the candidate with the least sum of relative times wins (switched off if none is below the
 * count of sizes). */
static void best_of(const char *name, op o, size_t *field, size_t lo, size_t hi)
{
    size_t sizes[32], ns = 0;
    for (size_t n = lo / 2; n <= 2 * hi && ns < 32; n += n / 2)
        sizes[ns++] = n;
    double base[32];
    *field = CY__TUNE_OFF;
    for (size_t i = 0; i < ns; i++)
        base[i] = measure_reps(o, sizes[i], 7);
    size_t best = CY__TUNE_OFF;
    double best_sum = (double)ns;
    for (size_t v = lo; v <= hi; v += v * 2 / 5) {
        *field = v;
        double sum = 0;
        for (size_t i = 0; i < ns; i++)
            sum += measure_reps(o, sizes[i], 7) / base[i];
        fprintf(stderr, "  %-10s %6zu: %.3f of switched off over %zu sizes\n", name, v, sum / (double)ns, ns);
        if (sum < best_sum) {
            best_sum = sum;
            best = v;
        }
    }
    *field = best;
    fprintf(stderr, "carry-tune: %s = %zu\n", name, best);
}

/* The CPU's name for the banner: "model name (cpu family F, model M)" from /proc/cpuinfo, or
 * "unknown machine" where there is none. */
static void cpu_model(char *buf, size_t size)
{
    char line[512], name[256] = "", family[32] = "", model[32] = "";
    FILE *f = fopen("/proc/cpuinfo", "r");
    while (f && fgets(line, sizeof line, f) && !(name[0] && family[0] && model[0])) {
        char *colon = strchr(line, ':');
        if (!colon)
            continue;
        char *v = colon + 1 + (colon[1] == ' ');
        v[strcspn(v, "\n")] = 0;
        if (!strncmp(line, "model name", 10) && !name[0])
            snprintf(name, sizeof name, "%s", v);
        else if (!strncmp(line, "cpu family", 10) && !family[0])
            snprintf(family, sizeof family, "%s", v);
        else if (!strncmp(line, "model\t", 6) && !model[0])
            snprintf(model, sizeof model, "%s", v);
    }
    if (f)
        fclose(f);
    if (!name[0])
        snprintf(buf, size, "unknown machine");
    else if (family[0] && model[0])
        snprintf(buf, size, "%s (cpu family %s, model %s)", name, family, model);
    else
        snprintf(buf, size, "%s", name);
}

#if defined(__clang__)
#define COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define COMPILER "gcc " __VERSION__
#else
#define COMPILER "unknown compiler"
#endif

/* One line of the struct; a switched-off value as CY__TUNE_OFF. */
static void field(FILE *f, const char *name, size_t v)
{
    if (v == CY__TUNE_OFF)
        fprintf(f, "    .%s = CY__TUNE_OFF,\n", name);
    else
        fprintf(f, "    .%s = %zu,\n", name, v);
}

int main(int argc, char **argv)
{
    const char *out = NULL;
    int fft_only = 0, div_only = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--out") && i + 1 < argc)
            out = argv[++i];
        else if (!strcmp(argv[i], "--fft"))
            fft_only = 1;
        else if (!strcmp(argv[i], "--div"))
            div_only = 1;
        else {
            fprintf(stderr, "usage: carry-tune [--fft | --div] [--out FILE]\n");
            return 2;
        }
    }
    const cy__tune compiled = *cy__tune_now();
    const size_t nmax = 16000;
    /* The set being tuned starts as the back end's compiled-in one: the fields not measured here
     * are written back as they are. Scratch for the largest size under any thresholds: toom22 all
     * the way is the hungriest. */
    static cy__tune tset;
    tset = *cy__tune_now();
    cy__tune_force(&tset);
    tset.mul_toom22 = tset.sqr_toom22 = 9;
    tset.mullo = 3;
    tset.mul_toom33 = tset.mul_toom44 = tset.mul_fft = CY__TUNE_OFF;
    tset.sqr_toom33 = tset.sqr_toom44 = tset.sqr_fft = CY__TUNE_OFF;
    /* --div's operands reach 2 nmax limbs: a dividend of 2 nmax, a number of 2 nmax to print */
    size_t itch = cy_mpn_mul_n_itch(nmax) + cy_mpn_mullo_n_itch(nmax) +
                  cy__mpn_mul_fft_itch(nmax, nmax, 0) + 16 * nmax, div_itch = cy_mpn_divrem_itch(2 * nmax, nmax);
    size_t str_itch = cy_mpn_get_str_itch(2 * nmax, 10);
    itch = itch > div_itch ? itch : div_itch;
    itch = itch > str_itch ? itch : str_itch;
    a = malloc(2 * nmax * sizeof *a);
    b = malloc(nmax * sizeof *b);
    r = malloc((2 * nmax + 2) * sizeof *r);
    tp = malloc(itch * sizeof *tp);
    digits = malloc(2 * nmax * CY_LIMB_BITS / 3 + 2); /* decimal digits: fewer than bits / 3 */
    if (!a || !b || !r || !tp || !digits) {
        fprintf(stderr, "carry-tune: out of memory\n");
        return 2;
    }
    uint64_t x = 0x9e3779b97f4a7c15u;
    for (size_t i = 0; i < 2 * nmax; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u;
        a[i] = (cy_limb)(x >> 7);
        x = x * 6364136223846793005u + 1442695040888963407u;
        if (i < nmax)
            b[i] = (cy_limb)(x >> 9) | (cy_limb)1 << (CY_LIMB_BITS - 10); /* top limbs non-zero */
    }
    const char *be = cy_cpu_name(cy_cpu_get());
    fprintf(stderr, "carry-tune: back end %s\n", be);
    cy__tune *t = &tset;
    if (fft_only) {
        tset = compiled;
        t->mul_fft = t->sqr_fft = CY__TUNE_OFF;
        median3("mulfft", OP_MUL, &t->mul_fft, t->mul_toom44 + 1, nmax);
        median3("sqrfft", OP_SQR, &t->sqr_fft, t->sqr_toom44 + 1, nmax);
    } else if (div_only) {
        tset = compiled;
    } else {
        t->mul_toom22 = t->mul_toom33 = t->mul_toom44 = t->mul_fft = CY__TUNE_OFF;
        t->sqr_toom22 = t->sqr_toom33 = t->sqr_toom44 = t->sqr_fft = t->mullo = CY__TUNE_OFF;
        median3("mul22", OP_MUL, &t->mul_toom22, 9, 400);
        median3("mul33", OP_MUL, &t->mul_toom33, t->mul_toom22 + 1, 800);
        median3("mul44", OP_MUL, &t->mul_toom44, t->mul_toom33 + 1, 2000);
        median3("mulfft", OP_MUL, &t->mul_fft, t->mul_toom44 + 1, nmax);
        median3("sqr22", OP_SQR, &t->sqr_toom22, 9, 400);
        median3("sqr33", OP_SQR, &t->sqr_toom33, t->sqr_toom22 + 1, 800);
        median3("sqr44", OP_SQR, &t->sqr_toom44, t->sqr_toom33 + 1, 2000);
        median3("sqrfft", OP_SQR, &t->sqr_fft, t->sqr_toom44 + 1, nmax);
        median3("mullo", OP_MULLO, &t->mullo, 3, 800);
    }
    if (!fft_only) { /* on the products just found (the compiled-in ones for --div) */
        best_of("mu_div", OP_DIV, &t->mu_div, 500, nmax / 2);
        best_of("get_str_mu", OP_GET_STR, &t->get_str_mu, 250, nmax);
        best_of("get_str_srt", OP_GET_STR, &t->get_str_srt, 4000, 2 * nmax);
    }
    cy__tune_force(NULL);

    FILE *f = out ? fopen(out, "w") : stdout;
    if (!f) {
        perror(out);
        return 1;
    }
    char machine[256], date[32];
    cpu_model(machine, sizeof machine);
    time_t now = time(NULL);
    strftime(date, sizeof date, "%Y-%m-%d", gmtime(&now));
    fprintf(f, "/* GENERATED by carry-tune -- every crossover of the %s back end (the fields: "
               "src/core/tune.h).\n"
               " * SPDX-License-Identifier: MIT\n"
               " * Machine:  %s\n"
               " * Date:     %s\n"
               " * Compiler: %s\n"
               " * Command:  CARRY_CPU=%s carry-tune%s%s%s\n"
               " * The %s crossovers are measured by that command; the other\n"
               " * fields are carried over from the values compiled in when it ran. */\n",
            be, machine, date, COMPILER, be, fft_only ? " --fft" : div_only ? " --div" : "",
            out ? " --out " : "", out ? out : "",
            fft_only ? "transforms' (mul_fft, sqr_fft)"
            : div_only ? "reciprocals' (mu_div, get_str_mu, get_str_srt)"
                       : "multiplication, mu_div, get_str_mu and get_str_srt");
    fprintf(f, "#include \"core/tune.h\"\n\nconst cy__tune cy__tune_%s = {\n", be);
#define FIELD(name) field(f, #name, t->name)
    FIELD(mul_toom22);
    FIELD(mul_toom33);
    FIELD(mul_toom44);
    FIELD(mul_fft);
    FIELD(sqr_toom22);
    FIELD(sqr_toom33);
    FIELD(sqr_toom44);
    FIELD(sqr_fft);
    FIELD(mullo);
    FIELD(mul_rows_max);
    FIELD(dc_div);
    FIELD(mu_div);
    FIELD(inv_newton);
    FIELD(hgcd);
    FIELD(gcd_dc);
    FIELD(get_str_dc);
    FIELD(get_str_mu);
    FIELD(set_str_dc);
    FIELD(get_str_srt);
    FIELD(mont_mul_ifma_min);
    FIELD(mont_sqr_ifma_min);
    FIELD(mont_ifma_max);
    FIELD(powm_ifma_min);
    FIELD(powm_ifma_max);
    FIELD(mont_mul_adx_max);
#undef FIELD
    fprintf(f, "};\n");
    if (out)
        fclose(f);
    return 0;
}
