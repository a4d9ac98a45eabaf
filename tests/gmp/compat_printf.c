/* A program written for GMP, built twice: against the system GMP and against carry-gmp; ctest's
 * compat_printf runs both (compat_diff.py) and requires the same output, line for line. It covers
 * GMP's formatted output ("Formatted Output" in GMP's manual) and mpz_inp_str:
 *  - a table of formats: every integer conversion of Z, every combination of the flags, widths,
 *    precisions (also '.' alone and 0), '*' widths and precisions (negative ones too), on edge
 *    values (0, +-1, +-2^k, +-(2^k - 1), +-2^64) and numbers of hundreds of digits; each through
 *    gmp_snprintf, gmp_sprintf and gmp_asprintf, which must agree;
 *  - C's conversions with every length modifier mixed with Z, M and N in one format, so that an
 *    argument read with the wrong type shows in everything after it; %n into every type; each
 *    call through all ten functions (the stream ones into a tmpfile and stdout);
 *  - gmp_snprintf cut at every size from 0 to the length + 1;
 *  - gmp_asprintf's block: exactly strlen + 1 bytes from the functions of mp_set_memory_functions
 *    (a counting allocator that checks the size of every block it frees);
 *  - mpz_inp_str from tmpfiles: the return value, the value and the next character in the stream.
 * Only results that do not depend on the limb width are printed (the limb32 preset builds carry
 * with 32-bit limbs against a 64-bit GMP). SPDX-License-Identifier: MIT */
/* <stdarg.h> (and <stdio.h>) before <gmp.h>, which declares its va_list and FILE functions
 * (gmp_vsnprintf, gmp_fprintf, ...) only when it sees these headers' macros; on some targets no
 * other header had included them. */
#include <stdarg.h>
#include <stdio.h>
#include <gmp.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>

#include "compat.h"

/* ---- a counting allocator: every block carries its size, checked when it is resized or freed */

#define HDR 16
static long live_blocks, size_mismatches;

static void *c_alloc(size_t n)
{
    unsigned char *p = malloc(n + HDR);
    if (!p)
        abort();
    memcpy(p, &n, sizeof n);
    live_blocks++;
    return p + HDR;
}
static size_t c_size(void *q)
{
    size_t n;
    memcpy(&n, (unsigned char *)q - HDR, sizeof n);
    return n;
}
static void *c_realloc(void *q, size_t old, size_t n)
{
    size_mismatches += c_size(q) != old;
    unsigned char *p = realloc((unsigned char *)q - HDR, n + HDR);
    if (!p)
        abort();
    memcpy(p, &n, sizeof n);
    return p + HDR;
}
static void c_free(void *q, size_t n)
{
    size_mismatches += c_size(q) != n;
    live_blocks--;
    free((unsigned char *)q - HDR);
}

/* ---- values ---- */

#define NEDGE 24
#define NBIG 7
static mpz_t edge[NEDGE], big[NBIG];

static void values(void)
{
    static const int pow2[] = {31, 32, 63, 64, 65, 128};
    int k = 0;
    for (int i = 0; i < NEDGE; i++)
        mpz_init(edge[i]);
    mpz_set_si(edge[k++], 0);
    mpz_set_si(edge[k++], 1);
    mpz_set_si(edge[k++], -1);
    mpz_set_si(edge[k++], 8);
    mpz_set_si(edge[k++], -255);
    mpz_set_si(edge[k++], 4095);
    for (int i = 0; i < 6; i++) { /* +-2^k and +-(2^k - 1) */
        mpz_ui_pow_ui(edge[k], 2, (unsigned long)pow2[i]);
        mpz_sub_ui(edge[k + 1], edge[k], 1);
        if (i & 1)
            mpz_neg(edge[k], edge[k]);
        else
            mpz_neg(edge[k + 1], edge[k + 1]);
        k += 2;
    }
    mpz_ui_pow_ui(edge[k++], 10, 19);
    mpz_ui_pow_ui(edge[k], 10, 20), mpz_neg(edge[k], edge[k]), k++;
    mpz_set_str(edge[k++], "deadbeefcafebabe0123456789", 16);
    mpz_set_str(edge[k++], "-7777777777777777777777", 8);
    mpz_set_str(edge[k++], "123456789012345678901234567890", 10);
    mpz_set_si(edge[k++], 2);
    if (k != NEDGE)
        abort();
    for (int i = 0; i < NBIG; i++)
        mpz_init(big[i]);
    mpz_ui_pow_ui(big[0], 3, 500);         /* 239 digits */
    mpz_ui_pow_ui(big[1], 7, 400);         /* 339 digits */
    mpz_neg(big[1], big[1]);
    mpz_ui_pow_ui(big[2], 2, 1000);        /* 2^1000 - 1: all ones */
    mpz_sub_ui(big[2], big[2], 1);
    mpz_ui_pow_ui(big[3], 10, 300);        /* -10^300 */
    mpz_neg(big[3], big[3]);
    mpz_ui_pow_ui(big[4], 2, 2000);        /* 2^2000 + 1 */
    mpz_add_ui(big[4], big[4], 1);
    mpz_set_ui(big[5], 0);                  /* random limbs, 40 of 64 bits */
    for (int i = 0; i < 40; i++) {
        mpz_mul_2exp(big[5], big[5], 64);
        mpz_add_ui(big[5], big[5], (unsigned long)(next() & 0xffffffffu));
        mpz_add_ui(big[5], big[5], (unsigned long)(next() & 0xffffffffu) * 2);
    }
    mpz_neg(big[6], big[5]);
}

/* ---- output helpers ---- */

/* n bytes at s, a NUL as '@' (a cut buffer shows where the terminator went), other control and
 * non-ASCII bytes as \xNN */
static void show_bytes(const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        if (c == 0)
            putchar('@');
        else if (c < 32 || c > 126)
            printf("\\x%02x", c);
        else
            putchar(c);
    }
}

/* the contents of a tmpfile written by gmp_fprintf or gmp_vfprintf, then closed */
static void show_file(FILE *f)
{
    rewind(f);
    int c;
    while ((c = getc(f)) != EOF)
        putchar(c);
    fclose(f);
}

/* One format with one mpz (and up to two '*' values before it) through snprintf, sprintf and
 * asprintf: one line with the return value and the text, "MISMATCH" if the three differ. */
static char sbuf[8192], sbuf2[8192];
static void one(const char *fmt, int stars, int w, int p, mpz_srcptr z, const char *tag)
{
    int r1, r2, r3;
    char *s3 = NULL;
    if (stars == 0) {
        r1 = gmp_snprintf(sbuf, sizeof sbuf, fmt, z);
        r2 = gmp_sprintf(sbuf2, fmt, z);
        r3 = gmp_asprintf(&s3, fmt, z);
    } else if (stars == 1) {
        r1 = gmp_snprintf(sbuf, sizeof sbuf, fmt, w, z);
        r2 = gmp_sprintf(sbuf2, fmt, w, z);
        r3 = gmp_asprintf(&s3, fmt, w, z);
    } else {
        r1 = gmp_snprintf(sbuf, sizeof sbuf, fmt, w, p, z);
        r2 = gmp_sprintf(sbuf2, fmt, w, p, z);
        r3 = gmp_asprintf(&s3, fmt, w, p, z);
    }
    printf("%s %s %d [%s]%s\n", fmt, tag, r1, sbuf,
           r1 == r2 && r1 == r3 && !strcmp(sbuf, sbuf2) && s3 && !strcmp(sbuf, s3) ? "" : " MISMATCH");
    if (s3)
        free_str(s3);
}

/* every flag combination (in this order: - + space 0 #), and orders where the last flag matters */
static const char *flags[40];
static int nflags;
static void make_flags(void)
{
    static char store[32][6];
    for (int m = 0; m < 32; m++) {
        char *p = store[m];
        for (int b = 0; b < 5; b++)
            if (m >> b & 1)
                *p++ = "-+ 0#"[b];
        *p = 0;
        flags[nflags++] = store[m];
    }
    static const char *const extra[] = {" +", "0 +", "-# +", "+0-", "0-", "#0", "00", "--"};
    for (size_t i = 0; i < sizeof extra / sizeof extra[0]; i++)
        flags[nflags++] = extra[i];
}

static const char convs[] = "diuxXo";

/* every "%<flags><width><precision>Z<conv>" of the lists, on every value */
static void grid(const char *const *fl, int nf, const char *const *wd, int nw, const char *const *pr, int np,
                 mpz_t *vals, int nv, char tagc)
{
    char fmt[64], tag[16];
    for (int c = 0; convs[c]; c++)
        for (int f = 0; f < nf; f++)
            for (int w = 0; w < nw; w++)
                for (int p = 0; p < np; p++) {
                    snprintf(fmt, sizeof fmt, "%%%s%s%sZ%c", fl[f], wd[w], pr[p], convs[c]);
                    for (int v = 0; v < nv; v++) {
                        snprintf(tag, sizeof tag, "%c%d", tagc, v);
                        one(fmt, 0, 0, 0, vals[v], tag);
                    }
                }
}

static void table(void)
{
    static const char *const widths[] = {"", "1", "9", "30"};
    static const char *const precs[] = {"", ".", ".0", ".1", ".5", ".28"};
    char fmt[64], tag[16];
    printf("rep table\n");
    grid(flags, nflags, widths, 4, precs, 6, edge, NEDGE, 'e');
    /* numbers of hundreds of digits: widths and precisions below and above their length */
    static const char *const bflags[] = {"", "-", "+", " ", "0", "#", "-0+#", "0#", "- #"};
    static const char *const bwidths[] = {"", "300", "700"};
    static const char *const bprecs[] = {"", ".0", ".400", ".800"};
    printf("rep big\n");
    grid(bflags, 9, bwidths, 3, bprecs, 4, big, NBIG, 'b');
    /* '*': negative widths are '-' with the width, negative precisions as GMP takes them */
    static const char *const sfmts[] = {"%*Zd", "%-*Zd", "%0*Zd", "%#*Zx", "%.*Zd", "%#.*Zo", "%*.*Zd",
                                        "%#0*.*Zx", "%-#*.*Zo", "%+0*.*Zi", "% *.*ZX", "%0-*.*Zu"};
    static const int sw[] = {-30, -7, -1, 0, 1, 7, 30}, sp[] = {-5, -1, 0, 1, 4, 20};
    printf("rep star\n");
    for (size_t i = 0; i < sizeof sfmts / sizeof sfmts[0]; i++) {
        const char *f = sfmts[i];
        int stars = (int)(strchr(f, '*') != NULL) + (int)(strchr(f, '*') != strrchr(f, '*'));
        /* one '*': a width, or a precision (".*"); two: a width and a precision */
        const int *first = stars == 1 && strstr(f, ".*") ? sp : sw;
        int nfirst = first == sp ? 6 : 7;
        for (int a = 0; a < nfirst; a++)
            for (int b = 0; b < (stars == 2 ? 6 : 1); b++)
                for (int v = 0; v < NEDGE; v += 2) {
                    snprintf(tag, sizeof tag, "%d,%d,e%d", first[a], sp[b], v);
                    one(f, stars, first[a], sp[b], edge[v], tag);
                }
    }
    /* random numbers of 1 to 30 limbs of 64 bits, every conversion */
    printf("rep random\n");
    mpz_t z;
    mpz_init(z);
    for (int rep = 0; rep < 200; rep++) {
        mpz_set_ui(z, 0);
        int limbs = 1 + (int)(next() % 30);
        for (int i = 0; i < 2 * limbs; i++) {
            mpz_mul_2exp(z, z, 32);
            mpz_add_ui(z, z, (unsigned long)(next() & 0xffffffffu));
        }
        mpz_fdiv_q_2exp(z, z, next() % 64);
        if (next() & 1)
            mpz_neg(z, z);
        for (int c = 0; convs[c]; c++) {
            snprintf(fmt, sizeof fmt, "%%#Z%c", convs[c]);
            snprintf(tag, sizeof tag, "r%d", rep);
            one(fmt, 0, 0, 0, z, tag);
        }
    }
    mpz_clear(z);
}

/* ---- every function on one format and its arguments ---- */

static void vall(const char *fmt, ...)
{
    va_list ap;
    char *s;
    va_start(ap, fmt);
    int r = gmp_vsnprintf(sbuf, sizeof sbuf, fmt, ap);
    va_end(ap);
    printf("  vsnprintf %d [%s]\n", r, sbuf);
    va_start(ap, fmt);
    r = gmp_vsprintf(sbuf2, fmt, ap);
    va_end(ap);
    printf("  vsprintf %d %s\n", r, strcmp(sbuf, sbuf2) ? "MISMATCH" : "same");
    va_start(ap, fmt);
    r = gmp_vasprintf(&s, fmt, ap);
    va_end(ap);
    printf("  vasprintf %d %s\n", r, r < 0 || strcmp(sbuf, s) ? "MISMATCH" : "same");
    if (r >= 0)
        free_str(s);
    FILE *f = tmpfile();
    va_start(ap, fmt);
    r = gmp_vfprintf(f, fmt, ap);
    va_end(ap);
    printf("  vfprintf %d [", r);
    show_file(f);
    printf("]\n  vprintf [");
    va_start(ap, fmt);
    r = gmp_vprintf(fmt, ap);
    va_end(ap);
    printf("] %d\n", r);
}

/* fmt and its arguments through gmp_snprintf, gmp_sprintf, gmp_asprintf, gmp_fprintf, gmp_printf
 * and the five v-functions (vall); the text once, then the return value of each */
#define ALL(fmt, ...)                                                                            \
    do {                                                                                         \
        char *s_;                                                                                \
        FILE *f_ = tmpfile();                                                                    \
        int r1_ = gmp_snprintf(sbuf, sizeof sbuf, fmt, __VA_ARGS__);                             \
        printf("%s\n  snprintf %d [%s]\n", fmt, r1_, sbuf);                                      \
        int r2_ = gmp_sprintf(sbuf2, fmt, __VA_ARGS__);                                          \
        printf("  sprintf %d %s\n", r2_, strcmp(sbuf, sbuf2) ? "MISMATCH" : "same");             \
        int r3_ = gmp_asprintf(&s_, fmt, __VA_ARGS__);                                           \
        printf("  asprintf %d %s\n", r3_, r3_ < 0 || strcmp(sbuf, s_) ? "MISMATCH" : "same");    \
        if (r3_ >= 0)                                                                            \
            free_str(s_);                                                                        \
        int r4_ = gmp_fprintf(f_, fmt, __VA_ARGS__);                                             \
        printf("  fprintf %d [", r4_);                                                           \
        show_file(f_);                                                                           \
        printf("]\n  printf [");                                                                 \
        int r5_ = gmp_printf(fmt, __VA_ARGS__);                                                  \
        printf("] %d\n", r5_);                                                                   \
        vall(fmt, __VA_ARGS__);                                                                  \
    } while (0)

static void mixed(void)
{
    mpz_t a, b, c;
    mpz_init_set_si(a, -1234567);
    mpz_init_set_str(b, "1234567890abcdef1234567890abcdef", 16);
    mpz_init_set_si(c, 0);
    printf("rep mixed\n");
    ALL("%d %Zd %s %Zx %lf %lld %c", -42, a, "str", b, 3.25, -9000000000000000000LL, 'q');
    ALL("%hd|%Zi|%hhd|%Zo|%ld|%ZX|%lu|%jd|%zu|%td|%Lf|%Zd", (short)-300, b, (signed char)-5, a, -70000L, b,
        4000000000UL, (intmax_t)INTMAX_MIN, (size_t)123456, (ptrdiff_t)-77, (long double)2.5, c);
    ALL("%hhu %hu %hd %hhd|%+Zd", 300, 70000, 70000, 300, a); /* C narrows the int arguments */
    ALL("%.3f|%10.4e|%-12g|%G|%a|%A|%Le|%+.0f|%#.0f|%08.3f|%Zd", 3.14159265, -1e-300, 1e20, 1e-10, 1.0, -0.1,
        (long double)1e300, 2.5, 3.0, -1.5, b);
    ALL("%s|%.3s|%10s|%-10s|%5.1s|%Zd|%s", "hello world", "abcdef", "right", "left", "xyz", a, "");
    ALL("%c%c%-3c|%3c|%lc|%ls|%%|%5%|%Zd", 'a', 'b', 'c', 'd', (wint_t)L'w', L"wide", c);
    ALL("%p|%p|%Zx", (void *)0, (void *)(uintptr_t)0x1234, b);
    ALL("%x %X %o %#x %#o %#X %+d % d %05d %-5d| %.0d|%.0x|%#.0o|%Zd", 255u, 255u, 8u, 255u, 8u, 0u, 5, 5, -5, 5, 0, 0u, 0u, a);
    ALL("%d %d %u %lld %llu %ld|%Zd", INT_MIN, INT_MAX, UINT_MAX, LLONG_MIN, ULLONG_MAX, LONG_MIN, c);
    ALL("%*d|%-*d|%.*d|%*.*d|%*.*Zd|%.*s|%*s|%-*.*f", 6, 42, 6, 42, 5, 42, -8, -2, 42, 9, 3, a, 3, "abcdef", -6,
        "ab", 10, 2, 3.14159);
    ALL("%zd %zx %td %tx %jx %ju %lx %llo %qd|%Zo", (size_t)99, (size_t)255, (ptrdiff_t)-1, (ptrdiff_t)255,
        (uintmax_t)UINTMAX_MAX, (uintmax_t)17, 0xabcUL, 0777ULL, -5LL, b);
    /* M (mp_limb_t) and N (limb arrays): small limb values, and the limbs of mpz values, which
     * are the same numbers whatever the limb width */
    mp_limb_t ones = ~(mp_limb_t)0, five = 5;
    ALL("%Md %Mu %Mx %#MX %5Mo|%-6Mi|%Zd|%Md", ones, five, (mp_limb_t)0xabc, (mp_limb_t)0xabc, (mp_limb_t)8, five, a,
        (mp_limb_t)-7);
    ALL("%Nd|%Nx|%#NX|%Nd|%+12Nd|%-#40No|%Zd", mpz_limbs_read(b), (mp_size_t)mpz_size(b), mpz_limbs_read(b),
        -(mp_size_t)mpz_size(b), mpz_limbs_read(b), (mp_size_t)mpz_size(b), mpz_limbs_read(b), (mp_size_t)0,
        mpz_limbs_read(a), (mp_size_t)mpz_size(a), mpz_limbs_read(b), (mp_size_t)mpz_size(b), c);
    /* %n into every type, between conversions that move the count */
    signed char nhh = 0;
    short nh = 0;
    int n = 0;
    long nl = 0;
    long long nll = 0;
    intmax_t nj = 0;
    size_t nz = 0;
    ptrdiff_t nt = 0;
    mp_limb_t nm = 0, nn[2] = {7, 7};
    mpz_t nzz;
    mpz_init_set_ui(nzz, 99);
    ALL("ab%n%Zd%hhn%5s%hn%Zx%ln%d%lln%jn.%zn%tn%Mn%Nn%Zn|", &n, b, &nhh, "x", &nh, a, &nl, 7, &nll, &nj, &nz, &nt, &nm,
        nn, (mp_size_t)2, nzz);
    gmp_printf("counts %d %d %d %ld %lld %jd %zu %td %lu %lu %lu %Zd\n", n, nhh, nh, nl, nll, nj, nz, nt,
               (unsigned long)nm, (unsigned long)nn[0], (unsigned long)nn[1], nzz);
    /* a count past 127 in a signed char wraps as C stores it */
    ALL("%300d%hhn|%Zd", 1, &nhh, c);
    printf("hhn %d\n", nhh);
    /* errno = ERANGE without <errno.h> (which -m32 builds here cannot include) */
    strtol("99999999999999999999999999", NULL, 10);
    int r = gmp_snprintf(sbuf, sizeof sbuf, "%m|%Zd", a);
    printf("%%m %d [%s]\n", r, sbuf);
#ifdef CARRY_GMP
    /* carry-gmp returns -1 for mpq_t and mpf_t (it has neither; GMP prints them), for GMP's types
     * with a conversion that is not an integer one (GMP's own result there depends on its build:
     * -1 on x86-64, the text before it on i386) and for a format that ends inside a
     * specification (GMP returns -1 too, after reading past the end of the format: AddressSanitizer
     * reports it in GMP 6.2.1, so the GMP build does not run it) */
    printf("refused by carry-gmp %d %d %d %d %d %d\n", gmp_snprintf(sbuf, sizeof sbuf, "%Qd", a),
           gmp_snprintf(sbuf, sizeof sbuf, "%Ff", a), gmp_snprintf(sbuf, sizeof sbuf, "ab%Zs", a),
           gmp_snprintf(sbuf, sizeof sbuf, "ab%Zc", a), gmp_snprintf(sbuf, sizeof sbuf, "ab%", a),
           gmp_snprintf(sbuf, sizeof sbuf, "ab%5", a));
#else
    printf("refused by carry-gmp -1 -1 -1 -1 -1 -1\n");
#endif
    mpz_clears(a, b, c, nzz, NULL);
}

/* ---- snprintf cut at every size ---- */

static int vsn(char *buf, size_t size, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int r = gmp_vsnprintf(buf, size, fmt, ap);
    va_end(ap);
    return r;
}

#define CUT(fmt, ...)                                                                      \
    do {                                                                                   \
        int len_ = gmp_snprintf(NULL, 0, fmt, __VA_ARGS__);                                \
        printf("cut %s len %d\n", fmt, len_);                                              \
        for (int size_ = 0; size_ <= len_ + 1; size_++) {                                  \
            memset(sbuf, '#', (size_t)len_ + 8);                                           \
            memset(sbuf2, '#', (size_t)len_ + 8);                                          \
            int r_ = gmp_snprintf(sbuf, (size_t)size_, fmt, __VA_ARGS__);                  \
            int v_ = vsn(sbuf2, (size_t)size_, fmt, __VA_ARGS__);                          \
            printf(" %d %d %d ", size_, r_, v_);                                           \
            show_bytes(sbuf, (size_t)size_ + 2);                                           \
            printf("%s\n", memcmp(sbuf, sbuf2, (size_t)len_ + 8) ? " MISMATCH" : "");      \
        }                                                                                  \
    } while (0)

static void cuts(void)
{
    printf("rep cut\n");
    CUT("%Zd", big[0]);
    CUT("[%#-40Zx|%d]", edge[10], -17);
    CUT("%s=%+.30Zd;%c%%", "name", edge[4], 'z');
    CUT("%.0Zd", edge[0]);
    CUT("%5.2f|%08Zo|%ls", 2.71828, edge[13], L"w");
}

/* ---- gmp_asprintf's block under the counting allocator ---- */

static void asprintf_blocks(void)
{
    printf("rep asprintf\n");
    static const int widths[] = {0, 1, 62, 63, 64, 65, 127, 128, 255, 256, 1000, 5000};
    for (size_t i = 0; i < sizeof widths / sizeof widths[0]; i++) {
        char *s = NULL;
        long before = live_blocks;
        /* below 1000 small values: the width sets the length, around sizes where a buffer grows */
        int r = gmp_asprintf(&s, "%*Zd", widths[i], widths[i] < 1000 ? edge[i] : big[i % NBIG]);
        size_t n = strlen(s);
        printf("asprintf width %d: %d chars, block %s, new blocks %ld\n", widths[i], r,
               c_size(s) == n + 1 ? "strlen + 1" : "of another size", live_blocks - before);
        free_str(s);
    }
    char *s = NULL;
    int r = gmp_asprintf(&s, "");
    printf("asprintf empty: %d, block %s\n", r, c_size(s) == 1 ? "strlen + 1" : "of another size");
    free_str(s);
}

/* ---- mpz_inp_str ---- */

static void inp(const char *in, size_t len, int base)
{
    FILE *f = tmpfile();
    fwrite(in, 1, len, f);
    rewind(f);
    mpz_t z;
    mpz_init_set_ui(z, 12345); /* kept on error */
    size_t r = mpz_inp_str(z, f, base);
    int c = getc(f);
    printf("inp [");
    show_bytes(in, len < 60 ? len : 60);
    printf("%s] base %d: %lu ", len < 60 ? "" : "...", base, (unsigned long)r);
    mpz_out_str(stdout, 10, z);
    printf(" next %d at %ld\n", c, ftell(f));
    mpz_clear(z);
    fclose(f);
}

static void inp_str(void)
{
    static const char *const ins[] = {
        "123", "  123", "\t\n\v\f\r 42x", "-17", "- 17", "+5", "", "   ", "-", "-x", "0x1F", "0X1fz", "0b101",
        "0B2", "017", "018", "0", "00", "000x1", "0x", "0xg", "-0x10", "-0", "-0b", "12 34", "zz", "ZZ", "1_0",
        "0009", "  -0010", "0 x1", "-0x", "0x-1", "--1", "0b", "0bz", "0X0", "0x00f", "7fffffffffffffff",
        "-ffffffffffffffffffffffffffffffff,", "18446744073709551616", "-18446744073709551615 ", "1z9Az",
        " \n-0777abc", "0b1111111111111111111111111111111111111111111111111111111111111111111111",
        "\xff", "9\xe9", "1e5", "1.5", "0o17"};
    static const int bases[] = {0, 2, 8, 10, 16, 36};
    printf("rep inp_str\n");
    for (size_t i = 0; i < sizeof ins / sizeof ins[0]; i++)
        for (size_t b = 0; b < sizeof bases / sizeof bases[0]; b++)
            inp(ins[i], strlen(ins[i]), bases[b]);
    for (int base = 2; base <= 36; base++) {
        inp("1z9Az-", 6, base);
        inp("  -0777abcxyz", 13, base);
        inp("0x1b", 4, base);
    }
    inp("12\0" "3", 4, 10);
    /* longer than any first buffer: 600 digits, leading zeros, then junk or the end */
    char longin[1400];
    for (int i = 0; i < 600; i++)
        longin[i] = (char)('0' + (i * 7 + 3) % 10);
    memcpy(longin + 600, "junk", 5);
    inp(longin, 604, 10);
    inp(longin, 600, 10);
    inp(longin, 600, 16);
    memset(longin, '0', 700);
    memcpy(longin + 700, "12345", 6);
    inp(longin, 705, 0);
    inp(longin, 705, 10);
    memset(longin, ' ', 100);
    memcpy(longin + 100, "-0x", 3);
    memset(longin + 103, 'f', 900);
    inp(longin, 1003, 0);
    /* numbers one after another in one stream, until the first error */
    static const char stream[] = "12 -34\n0x1f  0b11 077 -0 999999999999999999999999 junk 5";
    FILE *f = tmpfile();
    fputs(stream, f);
    rewind(f);
    mpz_t z;
    mpz_init(z);
    size_t r;
    while ((r = mpz_inp_str(z, f, 0)) != 0) {
        printf("stream %lu ", (unsigned long)r);
        mpz_out_str(stdout, 10, z);
        printf(" at %ld\n", ftell(f));
    }
    printf("stream end at %ld next %d\n", ftell(f), getc(f));
    mpz_clear(z);
    fclose(f);
}

int main(void)
{
    /* before any mpz_t holds memory */
    mp_set_memory_functions(c_alloc, c_realloc, c_free);
    values();
    make_flags();
    table();
    mixed();
    cuts();
    asprintf_blocks();
    inp_str();
    for (int i = 0; i < NEDGE; i++)
        mpz_clear(edge[i]);
    for (int i = 0; i < NBIG; i++)
        mpz_clear(big[i]);
    printf("allocator: %ld blocks live, %ld sizes wrong\n", live_blocks, size_mismatches);
    return 0;
}
