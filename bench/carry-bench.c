/* carry-bench: times carry against GMP and the other peers in one run. SPDX-License-Identifier: MIT
 *
 * usage: carry-bench [--quick] [--csv FILE] [--json FILE] [--suite NAME]...
 * Prints a table; --csv and --json write every row (bench/report.py turns a CSV into BENCHMARKS.md).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "bench.h"

int bench_quick;

/* ---- suites ---- */
void bench_mpn(int quick);
void bench_u128(int quick);
void bench_div(int quick);
void bench_mul(int quick);
void bench_mod(int quick);
void bench_uint(int quick);
void bench_int(int quick);

static const struct {
    const char *name;
    void (*run)(int quick);
} suites[] = {
    {"mpn", bench_mpn},
    {"u128", bench_u128},
    {"div", bench_div},
    {"mul", bench_mul},
    {"mod", bench_mod},
    {"uint", bench_uint},
    {"int", bench_int},
};

/* ---- timing ---- */
static inline uint64_t tsc(void)
{
#if defined(__x86_64__) || defined(__i386__)
    /* lfence keeps earlier work from drifting past the read (Intel SDM vol. 2, RDTSC). Written as
     * asm, not _mm_lfence(), so that -m32 builds without -msse2 compile it too. */
    __asm__ volatile("lfence" ::: "memory");
    uint64_t t = __rdtsc();
    __asm__ volatile("lfence" ::: "memory");
    return t;
#else /* elsewhere a "tick" is a nanosecond */
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

double bench_time(bench_fn fn, void *ctx)
{
    /* Size a batch to about 20000 ticks so the read overhead (~40 ticks) stays under 1%. */
    unsigned inner = 1;
    for (;;) {
        uint64_t t0 = tsc();
        for (unsigned i = 0; i < inner; i++)
            fn(ctx);
        uint64_t t = tsc() - t0;
        if (t >= 20000 || inner >= (1u << 24))
            break;
        inner *= 2;
    }
    int batches = bench_quick ? 15 : 100;
    double best = 1e300;
    for (int b = 0; b < batches; b++) {
        uint64_t t0 = tsc();
        for (unsigned i = 0; i < inner; i++)
            fn(ctx);
        double t = (double)(tsc() - t0) / inner;
        if (t < best)
            best = t;
    }
    return best;
}

double bench_time_slow(bench_fn fn, void *ctx, int reps)
{
    fn(ctx);
    double best = 1e300;
    for (int r = 0; r < reps; r++) {
        uint64_t t0 = tsc();
        fn(ctx);
        double t = (double)(tsc() - t0);
        if (t < best)
            best = t;
    }
    return best;
}

void bench_random(void *p, size_t bytes)
{
    static uint64_t x = 0x853c49e6748fea9bu;
    unsigned char *c = p;
    for (size_t i = 0; i < bytes; i++) {
        x = x * 6364136223846793005u + 1442695040888963407u; /* Knuth's MMIX LCG */
        c[i] = (unsigned char)(x >> 56);
    }
}

/* ---- rows ---- */
typedef struct {
    char group[24], op[40], impl[32];
    size_t n;
    double units, ticks;
} row;

static row *rows;
static size_t nrows, cap;
static double ns_per_tick;

static int is_ours(const row *r)
{
    return strncmp(r->impl, "carry", 5) == 0;
}

static int same_key(const row *a, const row *b)
{
    return a->n == b->n && !strcmp(a->group, b->group) && !strcmp(a->op, b->op);
}

void bench_row(const char *group, const char *op, const char *impl, size_t n, double units,
               double ticks_per_call)
{
    if (nrows == cap) {
        cap = cap ? 2 * cap : 256;
        rows = realloc(rows, cap * sizeof *rows);
        if (!rows) {
            fprintf(stderr, "carry-bench: out of memory\n");
            exit(2);
        }
    }
    row *r = &rows[nrows++];
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->op, sizeof r->op, "%s", op);
    snprintf(r->impl, sizeof r->impl, "%s", impl);
    r->n = n;
    r->units = units;
    r->ticks = ticks_per_call;
    printf("%-8s %-24s %8zu %-14s %12.1f %9.3f %12.1f", r->group, r->op, n, r->impl, r->ticks,
           r->ticks / r->units, r->ticks * ns_per_tick);
    /* Ours against every peer already recorded for this key; a peer against ours likewise. */
    for (size_t i = 0; i + 1 < nrows; i++) {
        row *o = &rows[i];
        if (!same_key(o, r) || is_ours(o) == is_ours(r))
            continue;
        const row *ours = is_ours(r) ? r : o, *peer = is_ours(r) ? o : r;
        printf("  %s/%s=%.2f", ours->impl, peer->impl, ours->ticks / peer->ticks);
    }
    printf("\n");
    fflush(stdout);
}

static char **notes; /* "group\ttext" */
static size_t nnotes;

void bench_note(const char *group, const char *fmt, ...)
{
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    printf("# note %s: %s\n", group, text);
    char **grown = realloc(notes, (nnotes + 1) * sizeof *notes);
    char *line = malloc(strlen(group) + strlen(text) + 2);
    if (!grown || !line) {
        fprintf(stderr, "carry-bench: out of memory\n");
        exit(2);
    }
    notes = grown;
    sprintf(line, "%s\t%s", group, text);
    notes[nnotes++] = line;
}

/* TSC ticks per nanosecond, against CLOCK_MONOTONIC over 50 ms. */
static double calibrate(void)
{
    struct timespec a, b;
    clock_gettime(CLOCK_MONOTONIC, &a);
    uint64_t t0 = tsc();
    do
        clock_gettime(CLOCK_MONOTONIC, &b);
    while ((b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec) < 5e7);
    uint64_t t1 = tsc();
    double ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
    return ns / (double)(t1 - t0);
}

static void cpu_model(char *buf, size_t len)
{
    snprintf(buf, len, "unknown");
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    while (f && fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            snprintf(buf, len, "%s", strchr(line, ':') + 2);
            buf[strcspn(buf, "\n")] = 0;
            break;
        }
    if (f)
        fclose(f);
}

/* Writes s as a JSON string literal (RFC 8259, section 7): quotes, backslashes and control
 * characters escaped. Notes are free text. */
static void json_string(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

int main(int argc, char **argv)
{
    const char *csv = NULL, *json = NULL;
    const char *only[16];
    int nonly = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--quick"))
            bench_quick = 1;
        else if (!strcmp(argv[i], "--csv") && i + 1 < argc)
            csv = argv[++i];
        else if (!strcmp(argv[i], "--json") && i + 1 < argc)
            json = argv[++i];
        else if (!strcmp(argv[i], "--suite") && i + 1 < argc && nonly < 16)
            only[nonly++] = argv[++i];
        else {
            fprintf(stderr, "usage: %s [--quick] [--csv FILE] [--json FILE] [--suite NAME]...\n",
                    argv[0]);
            return 2;
        }
    }
    char model[256];
    cpu_model(model, sizeof model);
    ns_per_tick = calibrate();
    printf("# carry-bench%s on %s, TSC %.3f GHz\n", bench_quick ? " --quick" : "", model,
           1 / ns_per_tick);
    printf("%-8s %-24s %8s %-14s %12s %9s %12s  ratios ours/peer\n", "group", "op", "n", "impl",
           "ticks/call", "tick/unit", "ns/call");
    for (size_t s = 0; s < sizeof suites / sizeof suites[0]; s++) {
        int run = nonly == 0;
        for (int i = 0; i < nonly; i++)
            run |= !strcmp(only[i], suites[s].name);
        if (run)
            suites[s].run(bench_quick);
    }
    if (csv) {
        FILE *f = fopen(csv, "w");
        if (!f) {
            perror(csv);
            return 1;
        }
        fprintf(f, "# cpu=%s tsc_ghz=%.3f quick=%d\n", model, 1 / ns_per_tick, bench_quick);
        for (size_t i = 0; i < nnotes; i++) {
            char *tab = strchr(notes[i], '\t');
            fprintf(f, "#note,%.*s,%s\n", (int)(tab - notes[i]), notes[i], tab + 1);
        }
        fprintf(f, "group,op,n,impl,ticks_per_call,ticks_per_unit,ns_per_call\n");
        for (size_t i = 0; i < nrows; i++)
            fprintf(f, "%s,%s,%zu,%s,%.2f,%.4f,%.2f\n", rows[i].group, rows[i].op, rows[i].n,
                    rows[i].impl, rows[i].ticks, rows[i].ticks / rows[i].units,
                    rows[i].ticks * ns_per_tick);
        fclose(f);
    }
    if (json) {
        FILE *f = fopen(json, "w");
        if (!f) {
            perror(json);
            return 1;
        }
        fprintf(f, "{\"cpu\": \"%s\", \"tsc_ghz\": %.3f, \"quick\": %d, \"rows\": [\n", model,
                1 / ns_per_tick, bench_quick);
        for (size_t i = 0; i < nrows; i++)
            fprintf(f,
                    "  {\"group\": \"%s\", \"op\": \"%s\", \"n\": %zu, \"impl\": \"%s\", "
                    "\"ticks_per_call\": %.2f, \"ticks_per_unit\": %.4f, \"ns_per_call\": %.2f}%s\n",
                    rows[i].group, rows[i].op, rows[i].n, rows[i].impl, rows[i].ticks,
                    rows[i].ticks / rows[i].units, rows[i].ticks * ns_per_tick,
                    i + 1 < nrows ? "," : "");
        fprintf(f, "], \"notes\": [\n");
        for (size_t i = 0; i < nnotes; i++) {
            char *tab = strchr(notes[i], '\t');
            *tab = 0;
            fprintf(f, "  {\"group\": ");
            json_string(f, notes[i]);
            fprintf(f, ", \"text\": ");
            json_string(f, tab + 1);
            fprintf(f, "}%s\n", i + 1 < nnotes ? "," : "");
            *tab = '\t';
        }
        fprintf(f, "]}\n");
        fclose(f);
    }
    free(rows);
    for (size_t i = 0; i < nnotes; i++)
        free(notes[i]);
    free(notes);
    return 0;
}
