/* carry-bench: times carry against GMP and the other peers in one run. SPDX-License-Identifier: MIT
 *
 * usage: carry-bench [--quick] [--summary] [--suite NAME]... [--csv FILE] [--json FILE] | --list
 * Prints a header naming the CPU, its features, the back end and the peers' versions, then one
 * table per group; --csv and --json write every row (bench/report.py turns a CSV into
 * BENCHMARKS.md). An unknown option, suite or group is an error (exit status 2).
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#include <x86intrin.h>
#endif
#include <gmp.h>
#ifdef CARRY_BENCH_OPENSSL
#include <openssl/crypto.h>
#endif

#include "bench.h"
#include "carry/cpu.h"
#include "gmp_lib.h"

int bench_quick;

/* ---- suites and the groups they print ---- */
void bench_summary(int quick);
void bench_mpn(int quick);
void bench_u128(int quick);
void bench_div(int quick);
void bench_mul(int quick);
void bench_mod(int quick);
void bench_uint(int quick);
void bench_int(int quick);

/* in_all: run when no --suite is given (summary is run by --summary or --suite summary). */
static const struct {
    const char *name;
    void (*run)(int quick);
    int in_all;
} suites[] = {
    {"summary", bench_summary, 0},
    {"mpn", bench_mpn, 1},
    {"u128", bench_u128, 1},
    {"div", bench_div, 1},
    {"mul", bench_mul, 1},
    {"mod", bench_mod, 1},
    {"uint", bench_uint, 1},
    {"int", bench_int, 1},
};
#define NSUITES (sizeof suites / sizeof suites[0])

/* Every group a suite prints (the first field of its rows and notes), and what its n counts. */
typedef struct {
    const char *name, *suite, *n_unit;
} group_info;

static const group_info groups[] = {
    {"summary", "summary", "the unit named in each op; carry's default back end against GMP"},
    {"mpn", "mpn", "limbs of each operand (tick/unit: per limb)"},
    {"u128", "u128", "bits of the operands, 128 (tick/unit: per operation)"},
    {"u128-ptp", "u128", "iterations of the adjfine loop (tick/unit: per iteration)"},
    {"div", "div", "limbs (divrem_1: dividend, divrem_2n_n: divisor, gcd: each operand), digits "
                   "(set_str_10, get_str_10); tick/unit: per n"},
    {"mul", "mul", "limbs of each operand, of the larger for mul AxB (tick/unit: per limb)"},
    {"mont", "mod", "bits of the modulus"},
    {"powm", "mod", "bits of the modulus, an exponent of as many bits"},
    {"rsa", "mod", "bits of the RSA modulus"},
    {"inv", "mod", "bits of the modulus"},
    {"ami", "mod", "bits of the modulus (notes only: operation counts of AMI and SF-AMI)"},
    {"u256", "uint", "bits of the fixed-width type (one operation per call)"},
    {"u512", "uint", "bits of the fixed-width type (one operation per call)"},
    {"u1024", "uint", "bits of the fixed-width type (one operation per call)"},
    {"u2048", "uint", "bits of the fixed-width type (one operation per call)"},
    {"int", "int", "limbs of each operand (fdiv_qr: of the divisor, the dividend has 2n; powm: of "
                   "the modulus and the exponent)"},
};
#define NGROUPS (sizeof groups / sizeof groups[0])

static const group_info *find_group(const char *name)
{
    for (size_t g = 0; g < NGROUPS; g++)
        if (!strcmp(groups[g].name, name))
            return &groups[g];
    return NULL;
}

/* The groups selected by --suite (every group of a named suite, and each named group); when
 * nothing is selected, every group of the suites in the full run. */
static unsigned char wanted[NGROUPS];

int bench_want(const char *group)
{
    const group_info *g = find_group(group);
    return g && wanted[g - groups];
}

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

/* ---- rows, printed one table per group ---- */
typedef struct {
    char group[24], op[40], impl[32];
    size_t n;
    double units, ticks;
} row;

static row *rows;
static size_t nrows, cap;
static double ns_per_tick;

typedef struct {
    char *group, *text;
    int printed;
} note;
static note *notes;
static size_t nnotes;

/* The group being measured (current[0] == 0: none): its rows are rows[group_first..nrows), its
 * table is printed when a row of another group arrives or the suite ends (the widths need every
 * row). Notes wait for the current group's table, if there is one. */
static char current[sizeof ((row *)0)->group];
static size_t group_first;

static int is_ours(const row *r)
{
    return strncmp(r->impl, "carry", 5) == 0;
}

static int same_key(const row *a, const row *b)
{
    return a->n == b->n && !strcmp(a->group, b->group) && !strcmp(a->op, b->op);
}

static void *xrealloc(void *p, size_t bytes)
{
    p = realloc(p, bytes);
    if (!p) {
        fprintf(stderr, "carry-bench: out of memory\n");
        exit(2);
    }
    return p;
}

#define MAX_PEERS 8
#define NCOLS (6 + MAX_PEERS)
typedef char cells[NCOLS][48];

/* Prints rows of cells in columns as wide as their widest cell: text columns (bit c of `text`
 * set) left-aligned, numbers right-aligned. */
static void print_cells(cells *cell, size_t lines, int ncols, unsigned text)
{
    int width[NCOLS] = {0};
    for (size_t i = 0; i < lines; i++)
        for (int c = 0; c < ncols; c++) {
            int len = (int)strlen(cell[i][c]);
            width[c] = len > width[c] ? len : width[c];
        }
    for (size_t i = 0; i < lines; i++) {
        char line[NCOLS * 50], *out = line;
        for (int c = 0; c < ncols; c++)
            out += sprintf(out, text >> c & 1 ? "%s%-*s" : "%s%*s", c ? "  " : "", width[c],
                           cell[i][c]);
        while (out > line && out[-1] == ' ')
            out--;
        *out = 0;
        puts(line);
    }
}

/* A time in nanoseconds with a unit that keeps 3 or 4 significant digits. */
static void human_time(char *buf, size_t len, double ns)
{
    if (ns < 1e3)
        snprintf(buf, len, "%.1f ns", ns);
    else if (ns < 1e6)
        snprintf(buf, len, "%.1f us", ns / 1e3);
    else if (ns < 1e9)
        snprintf(buf, len, "%.1f ms", ns / 1e6);
    else
        snprintf(buf, len, "%.2f s", ns / 1e9);
}

/* The peers among rows g[0..count), in order of first appearance; returns how many. */
static int collect_peers(const row *g, size_t count, const char *peers[MAX_PEERS])
{
    int npeers = 0;
    for (size_t i = 0; i < count; i++) {
        int known = is_ours(&g[i]);
        for (int p = 0; p < npeers && !known; p++)
            known = !strcmp(peers[p], g[i].impl);
        if (!known && npeers < MAX_PEERS)
            peers[npeers++] = g[i].impl;
    }
    return npeers;
}

/* The summary group, one line per op and n: carry's time, then each peer's (GMP's, and the
 * host-built GMP's where carry-bench has it) and carry's time over it. */
static void print_summary(const row *g, size_t count)
{
    const char *peers[MAX_PEERS];
    int npeers = collect_peers(g, count, peers);
    if (npeers > (NCOLS - 3) / 2)
        npeers = (NCOLS - 3) / 2;
    int ncols = 3 + 2 * npeers;
    cells *cell = xrealloc(NULL, (count + 1) * sizeof *cell);
    snprintf(cell[0][0], sizeof cell[0][0], "op");
    snprintf(cell[0][1], sizeof cell[0][1], "n");
    snprintf(cell[0][2], sizeof cell[0][2], "carry");
    for (int p = 0; p < npeers; p++) {
        snprintf(cell[0][3 + 2 * p], sizeof cell[0][0], "%s", peers[p]);
        snprintf(cell[0][4 + 2 * p], sizeof cell[0][0], "carry/%s", peers[p]);
    }
    size_t lines = 1;
    for (size_t i = 0; i < count; i++) {
        if (!is_ours(&g[i]))
            continue;
        char(*c)[48] = cell[lines++];
        snprintf(c[0], 48, "%s", g[i].op);
        snprintf(c[1], 48, "%zu", g[i].n);
        human_time(c[2], 48, g[i].ticks * ns_per_tick);
        for (int p = 0; p < npeers; p++) {
            snprintf(c[3 + 2 * p], 48, "-");
            snprintf(c[4 + 2 * p], 48, "-");
            for (size_t k = 0; k < count; k++)
                if (same_key(&g[k], &g[i]) && !strcmp(g[k].impl, peers[p])) {
                    human_time(c[3 + 2 * p], 48, g[k].ticks * ns_per_tick);
                    snprintf(c[4 + 2 * p], 48, "%.2f", g[i].ticks / g[k].ticks);
                }
        }
    }
    print_cells(cell, lines, ncols, 1);
    free(cell);
}

/* Prints the table of rows[group_first..nrows): op, n, impl, the times, then one column per
 * peer of the group holding ours/peer on each row of ours (the peer measured on the same op and
 * n), so that every variant of ours is one line however many there are. */
static void print_group(void)
{
    const row *g = rows + group_first;
    size_t count = nrows - group_first;
    if (!strcmp(current, "summary")) {
        print_summary(g, count);
        return;
    }
    const char *peers[MAX_PEERS];
    int npeers = collect_peers(g, count, peers);
    /* tick/unit only where some unit is not a whole call (else it repeats ticks/call) */
    int per_unit = 0;
    for (size_t i = 0; i < count; i++)
        per_unit |= g[i].units != 1;
    int first_ratio = 5 + per_unit, ncols = first_ratio + npeers;
    cells *cell = xrealloc(NULL, (count + 1) * sizeof *cell);
    const char *head[6] = {"op", "n", "impl", "ticks/call", "ns/call", "tick/unit"};
    for (int c = 0; c < first_ratio; c++)
        snprintf(cell[0][c], sizeof cell[0][c], "%s", head[c]);
    for (int p = 0; p < npeers; p++)
        snprintf(cell[0][first_ratio + p], sizeof cell[0][0], "/%s", peers[p]);
    for (size_t i = 0; i < count; i++) {
        const row *r = &g[i];
        char(*c)[48] = cell[i + 1];
        snprintf(c[0], 48, "%s", r->op);
        snprintf(c[1], 48, "%zu", r->n);
        snprintf(c[2], 48, "%s", r->impl);
        snprintf(c[3], 48, r->ticks < 100 ? "%.1f" : "%.0f", r->ticks);
        snprintf(c[4], 48, "%.1f", r->ticks * ns_per_tick);
        snprintf(c[5], 48, "%.3f", r->ticks / r->units);
        for (int p = 0; p < npeers; p++) {
            c[first_ratio + p][0] = 0;
            for (size_t k = 0; k < count && is_ours(r); k++)
                if (same_key(&g[k], r) && !strcmp(g[k].impl, peers[p]))
                    snprintf(c[first_ratio + p], 48, "%.2f", r->ticks / g[k].ticks);
        }
    }
    print_cells(cell, count + 1, ncols, 1u << 0 | 1u << 2);
    free(cell);
}

/* Prints a note, its words wrapped to lines of at most 120 characters where they allow. */
static void print_note(note *nt)
{
    int col = printf("# note %s:", nt->group);
    for (const char *w = nt->text; *w;) {
        size_t len = strcspn(w, " ");
        if (col + 1 + (int)len > 120 && col > 8)
            col = printf("\n#  ");
        col += printf(" %.*s", (int)len, w);
        w += len;
        w += strspn(w, " ");
    }
    printf("\n");
    nt->printed = 1;
}

/* Ends the current group: its table, then its notes. */
static void end_group(void)
{
    if (!current[0])
        return;
    print_group();
    for (size_t i = 0; i < nnotes; i++)
        if (!notes[i].printed)
            print_note(&notes[i]);
    printf("\n");
    fflush(stdout);
    current[0] = 0;
}

/* Makes `name` the current group: ends the one before and prints the new one's heading (name and
 * the unit of n) at once, so that a long group shows it is running. */
static void enter_group(const char *name)
{
    if (!strcmp(current, name))
        return;
    end_group();
    const group_info *gi = find_group(name);
    printf("== %s: n = %s\n", name, gi ? gi->n_unit : "?");
    fflush(stdout);
    snprintf(current, sizeof current, "%s", name);
    group_first = nrows;
}

void bench_row(const char *group, const char *op, const char *impl, size_t n, double units,
               double ticks_per_call)
{
    if (!bench_want(group))
        return;
    enter_group(group);
    if (nrows == cap) {
        cap = cap ? 2 * cap : 256;
        rows = xrealloc(rows, cap * sizeof *rows);
    }
    row *r = &rows[nrows++];
    snprintf(r->group, sizeof r->group, "%s", group);
    snprintf(r->op, sizeof r->op, "%s", op);
    snprintf(r->impl, sizeof r->impl, "%s", impl);
    r->n = n;
    r->units = units;
    r->ticks = ticks_per_call;
}

static char *xstrdup(const char *s)
{
    return strcpy(xrealloc(NULL, strlen(s) + 1), s);
}

void bench_note(const char *group, const char *fmt, ...)
{
    if (!bench_want(group))
        return;
    char text[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    notes = xrealloc(notes, (nnotes + 1) * sizeof *notes);
    note *nt = &notes[nnotes++];
    *nt = (note){xstrdup(group), xstrdup(text), 0};
    if (!current[0]) /* else with the current group's table */
        print_note(nt);
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

/* The CPUID bits that decide carry's back end (src/core/cpu.c): leaf 7, sub-leaf 0, EBX bits 8
 * (BMI2), 19 (ADX), 5 (AVX2), 21 (AVX512_IFMA) (Intel SDM vol. 2A, CPUID). The back end also needs
 * the OS to save the vector state, which cy_cpu_get() checks and this list does not. */
static void cpu_features(char *buf, size_t len)
{
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__)
    unsigned a = 0, b = 0, c = 0, d = 0;
    if (__get_cpuid_max(0, NULL) >= 7)
        __cpuid_count(7, 0, a, b, c, d);
    snprintf(buf, len, "BMI2 %s, ADX %s, AVX2 %s, AVX-512 IFMA %s", b >> 8 & 1 ? "yes" : "no",
             b >> 19 & 1 ? "yes" : "no", b >> 5 & 1 ? "yes" : "no", b >> 21 & 1 ? "yes" : "no");
#else
    snprintf(buf, len, "not x86 (the generic back end only)");
#endif
}

/* The peers' versions, as their libraries report them at run time. */
static void peer_versions(char *buf, size_t len)
{
    const char *boost = bench_boost_version();
    char host[160] = "";
    if (bench_gmp_host_build)
        snprintf(host, sizeof host, "; gmp-host: %s", bench_gmp_host_build);
    snprintf(buf, len, "GMP %s%s; OpenSSL %s; boost %s", gmp_version, host,
#if defined(OPENSSL_VERSION_STRING) /* "3.0.11"; before 3.0, "OpenSSL 1.1.1w  11 Sep 2023" */
             OpenSSL_version(OPENSSL_VERSION_STRING),
#elif defined(CARRY_BENCH_OPENSSL)
             OpenSSL_version(OPENSSL_VERSION),
#else
             "not linked",
#endif
             boost ? boost : "not built");
}

static void usage(FILE *f)
{
    fprintf(f, "usage: carry-bench [--quick] [--summary] [--suite NAME]... [--csv FILE] [--json FILE]\n"
               "       carry-bench --list | --help\n"
               "Times carry against GMP, OpenSSL and boost on the same operands; prints one table per\n"
               "group, with the ratio carry/peer in the last columns (below 1: carry is faster).\n"
               "  --quick       fewer sizes and repetitions (the full run takes many minutes)\n"
               "  --summary     a one-screen summary: carry against GMP on a few operations\n"
               "  --suite NAME  run only this suite or group (repeatable); names below\n"
               "  --csv FILE    write every row as CSV (bench/report.py makes BENCHMARKS.md of it)\n"
               "  --json FILE   write every row as JSON\n"
               "  --list        list the suites and the groups each prints\n");
}

static void list_suites(FILE *f)
{
    fprintf(f, "suites and their groups (n of each group):\n");
    for (size_t s = 0; s < NSUITES; s++) {
        fprintf(f, "  %s%s\n", suites[s].name, suites[s].in_all ? "" : " (not in the full run)");
        for (size_t g = 0; g < NGROUPS; g++)
            if (!strcmp(groups[g].suite, suites[s].name))
                fprintf(f, "    %-9s n = %s\n", groups[g].name, groups[g].n_unit);
    }
}

/* Marks the groups of `name` (a suite or a group) wanted; 0 if it is neither. */
static int select_name(const char *name)
{
    int found = 0;
    for (size_t g = 0; g < NGROUPS; g++)
        if (!strcmp(groups[g].name, name) || !strcmp(groups[g].suite, name))
            wanted[g] = 1, found = 1;
    return found;
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
    int selected = 0, summary = 0;
    for (int i = 1; i < argc; i++) {
        const char *arg = argv[i];
        int has_value = i + 1 < argc;
        if (!strcmp(arg, "--quick"))
            bench_quick = 1;
        else if (!strcmp(arg, "--summary"))
            summary = 1;
        else if (!strcmp(arg, "--list")) {
            list_suites(stdout);
            return 0;
        } else if (!strcmp(arg, "--help") || !strcmp(arg, "-h")) {
            usage(stdout);
            list_suites(stdout);
            return 0;
        } else if ((!strcmp(arg, "--csv") || !strcmp(arg, "--json") || !strcmp(arg, "--suite")) &&
                   !has_value) {
            fprintf(stderr, "carry-bench: %s needs a value\n", arg);
            usage(stderr);
            return 2;
        } else if (!strcmp(arg, "--csv"))
            csv = argv[++i];
        else if (!strcmp(arg, "--json"))
            json = argv[++i];
        else if (!strcmp(arg, "--suite")) {
            if (!select_name(argv[++i])) {
                fprintf(stderr, "carry-bench: unknown suite or group '%s'\n", argv[i]);
                list_suites(stderr);
                return 2;
            }
            selected = 1;
        } else {
            fprintf(stderr, "carry-bench: unknown option '%s'\n", arg);
            usage(stderr);
            return 2;
        }
    }
    if (summary) {
        bench_quick = 1;
        selected = select_name("summary");
    }
    for (size_t g = 0; g < NGROUPS && !selected; g++)
        for (size_t s = 0; s < NSUITES; s++)
            if (!strcmp(groups[g].suite, suites[s].name))
                wanted[g] = (unsigned char)suites[s].in_all;

    char model[256], features[128], peers[256];
    cpu_model(model, sizeof model);
    cpu_features(features, sizeof features);
    peer_versions(peers, sizeof peers);
    const char *backend = cy_cpu_name(cy_cpu_get()), *forced = getenv("CARRY_CPU");
    ns_per_tick = calibrate();
    printf("# carry-bench%s on %s, TSC %.3f GHz\n",
           summary ? " --summary" : bench_quick ? " --quick" : "", model, 1 / ns_per_tick);
    printf("# CPU features that choose the back end: %s\n", features);
    printf("# carry back end: %s (%s; the mpn group times each one the CPU runs)\n", backend,
           forced && *forced ? "set by CARRY_CPU" : "the fastest this CPU runs");
    printf("# peers: %s\n", peers);
    printf("# times: minima over many batches; /PEER: carry's time over the peer's on the same op\n"
           "# and n (below 1: carry is faster)\n\n");
    for (size_t s = 0; s < NSUITES; s++) {
        int run = 0;
        for (size_t g = 0; g < NGROUPS; g++)
            run |= wanted[g] && !strcmp(groups[g].suite, suites[s].name);
        if (run) {
            suites[s].run(bench_quick);
            end_group();
        }
    }
    if (csv) {
        FILE *f = fopen(csv, "w");
        if (!f) {
            perror(csv);
            return 1;
        }
        fprintf(f, "# cpu=%s tsc_ghz=%.3f quick=%d\n", model, 1 / ns_per_tick, bench_quick);
        fprintf(f, "# features=%s\n# backend=%s\n# peers=%s\n", features, backend, peers);
        for (size_t g = 0; g < NGROUPS; g++)
            if (wanted[g])
                fprintf(f, "#unit,%s,%s\n", groups[g].name, groups[g].n_unit);
        for (size_t i = 0; i < nnotes; i++)
            fprintf(f, "#note,%s,%s\n", notes[i].group, notes[i].text);
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
        fprintf(f, "{\"cpu\": ");
        json_string(f, model);
        fprintf(f, ", \"features\": ");
        json_string(f, features);
        fprintf(f, ", \"backend\": ");
        json_string(f, backend);
        fprintf(f, ", \"peers\": ");
        json_string(f, peers);
        fprintf(f, ", \"tsc_ghz\": %.3f, \"quick\": %d, \"rows\": [\n", 1 / ns_per_tick, bench_quick);
        for (size_t i = 0; i < nrows; i++)
            fprintf(f,
                    "  {\"group\": \"%s\", \"op\": \"%s\", \"n\": %zu, \"impl\": \"%s\", "
                    "\"ticks_per_call\": %.2f, \"ticks_per_unit\": %.4f, \"ns_per_call\": %.2f}%s\n",
                    rows[i].group, rows[i].op, rows[i].n, rows[i].impl, rows[i].ticks,
                    rows[i].ticks / rows[i].units, rows[i].ticks * ns_per_tick,
                    i + 1 < nrows ? "," : "");
        fprintf(f, "], \"notes\": [\n");
        for (size_t i = 0; i < nnotes; i++) {
            fprintf(f, "  {\"group\": ");
            json_string(f, notes[i].group);
            fprintf(f, ", \"text\": ");
            json_string(f, notes[i].text);
            fprintf(f, "}%s\n", i + 1 < nnotes ? "," : "");
        }
        fprintf(f, "]}\n");
        fclose(f);
    }
    free(rows);
    for (size_t i = 0; i < nnotes; i++)
        free(notes[i].group), free(notes[i].text);
    free(notes);
    return 0;
}
