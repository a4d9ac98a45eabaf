/* carry-gmp: the gmp_printf family, as GMP's manual documents it ("Formatted Output": "Format
 * Strings" and "Functions"), with the details GMP 6.2 shows where the manual is silent (checked
 * against it by tests/gmp/compat_printf.c). SPDX-License-Identifier: MIT
 *
 * A format is read one conversion at a time. C's own conversions go to the C library, one per
 * snprintf call, in a format rebuilt from the parsed fields (the values of '*' written in), with
 * the argument read from the va_list as the type its length modifier names: so the C library
 * decides what they print, and every later argument is read from the right place. GMP's integer
 * types Z (mpz_t) and N (limb array) are written here, from the digits of carry's conversion
 * (cy_int_get_str), by GMP's rules, which are not C's (see put_integer). M (mp_limb_t) is a C
 * conversion of the limb's type, as in GMP. Q (mpq_t) and F (mpf_t) are not supported: carry-gmp
 * has neither type, and a format that names them makes the call return -1. The output goes to a
 * sink: a stream, a buffer of bounded size, or a block that grows through the memory functions
 * of mp_set_memory_functions (gmp_asprintf). */
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <wchar.h>

#include "impl.h"

/* ---- sinks ---- */

typedef struct {
    FILE *f;          /* a stream, or NULL for memory */
    char *buf;        /* memory: the bytes */
    size_t cap;       /* memory: bytes at buf, the NUL included (SIZE_MAX: no bound known) */
    int grow;         /* memory: buf is a block of the memory functions of cap bytes, grown on need */
    size_t len;       /* characters produced, those beyond cap included (the return value) */
    int err;          /* a write, an allocation or the format failed: the call returns -1 */
} sink;

static void put(sink *o, const char *s, size_t n)
{
    if (o->err || n == 0)
        return;
    if (o->f) {
        if (fwrite(s, 1, n, o->f) != n)
            o->err = 1;
    } else {
        if (o->grow && o->cap - o->len <= n) { /* room for the NUL too */
            size_t cap = o->cap;
            while (cap - o->len <= n)
                cap = cap > SIZE_MAX / 2 ? SIZE_MAX : 2 * cap;
            char *b = cy__gmp_user_realloc(o->buf, o->cap, cap);
            if (!b) {
                o->err = 1;
                return;
            }
            o->buf = b, o->cap = cap;
        }
        size_t room = o->cap ? o->cap - 1 : 0; /* characters the buffer holds before its NUL */
        if (o->len < room)
            memcpy(o->buf + o->len, s, n < room - o->len ? n : room - o->len);
    }
    o->len += n;
}

static void pad(sink *o, char c, size_t n)
{
    char block[64];
    memset(block, c, sizeof block);
    for (; n > sizeof block; n -= sizeof block)
        put(o, block, sizeof block);
    put(o, block, n);
}

/* One C conversion (spec, then its arguments) through the C library's vsnprintf. */
static void put_c(sink *o, const char *spec, ...)
{
    char local[256], *b = local;
    va_list ap, again;
    va_start(ap, spec);
    va_copy(again, ap);
    int n = vsnprintf(local, sizeof local, spec, ap);
    if (n >= (int)sizeof local) {
        b = cy__gmp_user_alloc((size_t)n + 1);
        if (b)
            vsnprintf(b, (size_t)n + 1, spec, again);
    }
    if (n < 0 || !b)
        o->err = 1;
    else
        put(o, b, (size_t)n);
    if (b && b != local)
        cy__gmp_user_free(b, (size_t)n + 1);
    va_end(again);
    va_end(ap);
}

/* ---- one conversion specification: % [flags] [width] [.[precision]] [type] conv ---- */

enum { L_NONE, L_HH, L_H, L_L, L_LL, L_J, L_Z, L_T, L_BIGL };
/* the length modifiers as C spells them; q (BSD's quad_t) is passed on as ll */
static const char *const len_text[] = {"", "hh", "h", "l", "ll", "j", "z", "t", "L"};

/* M: mp_limb_t is a C type, which GMP passes on to the C library with its length modifier (so
 * "%Md" of a limb of all ones is -1). */
#if GMP_LIMB_BITS == 32 && UINT_MAX == 0xffffffffu
#  define LIMB_LEN L_NONE
#elif GMP_LIMB_BITS == 64 && ULONG_MAX == 0xffffffffffffffffu
#  define LIMB_LEN L_L
#else
#  define LIMB_LEN L_LL
#endif

typedef struct {
    int left, plus, space, alt, zero, group; /* the flags - + space # 0 ' */
    int sign;   /* for Z and N: '+' or ' ', whichever of the two flags came last (as GMP), or 0 */
    int width;  /* 0: none */
    int prec;   /* for Z and N: -1 none; '.' without digits is none too, a negative '*' is 0 */
    int cprec;  /* for C: -1 none; '.' alone is 0 and a negative '*' none, as C says */
    int len;    /* L_* */
    char type;  /* GMP's type letter: Z Q F M N, or 0 */
    char conv;
} spec;

/* A decimal number at *p (advanced past it), or -1 when it exceeds INT_MAX. */
static int read_number(const char **p)
{
    int v = 0, over = 0;
    for (; **p >= '0' && **p <= '9'; (*p)++) {
        int d = **p - '0';
        if (v > (INT_MAX - d) / 10)
            over = 1;
        else
            v = v * 10 + d;
    }
    return over ? -1 : v;
}

/* Parses the specification after a '%' at *p, reading the values of '*' from ap. 0, or -1 for
 * a format that ends inside it or a width or precision beyond INT_MAX. */
static int parse(spec *s, const char **p, va_list *ap)
{
    memset(s, 0, sizeof *s);
    s->prec = s->cprec = -1;
    const char *q = *p;
    for (;; q++) {
        switch (*q) {
        case '-': s->left = 1; continue;
        case '+': s->plus = 1, s->sign = '+'; continue;
        case ' ': s->space = 1, s->sign = ' '; continue;
        case '#': s->alt = 1; continue;
        case '0': s->zero = 1; continue;
        case '\'': s->group = 1; continue;
        }
        break;
    }
    if (*q == '*') {
        q++;
        int w = va_arg(*ap, int);
        if (w < 0) { /* a negative width is the '-' flag and the width */
            if (w == INT_MIN)
                return -1;
            s->left = 1, w = -w;
        }
        s->width = w;
    } else if ((s->width = read_number(&q)) < 0) {
        return -1;
    }
    if (*q == '.') {
        q++;
        if (*q == '*') {
            q++;
            int v = va_arg(*ap, int);
            s->prec = v < 0 ? 0 : v;
            s->cprec = v < 0 ? -1 : v;
        } else if (*q >= '0' && *q <= '9') {
            if ((s->prec = s->cprec = read_number(&q)) < 0)
                return -1;
        } else {
            s->cprec = 0;
        }
    }
    switch (*q) {
    case 'h': s->len = q[1] == 'h' ? (q++, L_HH) : L_H; q++; break;
    case 'l': s->len = q[1] == 'l' ? (q++, L_LL) : L_L; q++; break;
    case 'q': s->len = L_LL; q++; break;
    case 'L': s->len = L_BIGL; q++; break;
    case 'j': s->len = L_J; q++; break;
    case 'z': s->len = L_Z; q++; break;
    case 't': s->len = L_T; q++; break;
    }
    if (*q && strchr("ZQFMN", *q))
        s->type = *q++;
    if (!*q)
        return -1;
    s->conv = *q++;
    *p = q;
    return 0;
}

/* s as a C specification with the length modifier len, into out (64 bytes). */
static void c_text(char *out, const spec *s, const char *len)
{
    char *p = out;
    *p++ = '%';
    const char flags[] = {'-', '+', ' ', '#', '0', '\''};
    const int on[] = {s->left, s->plus, s->space, s->alt, s->zero, s->group};
    for (int i = 0; i < 6; i++)
        if (on[i])
            *p++ = flags[i];
    if (s->width)
        p += sprintf(p, "%d", s->width);
    if (s->cprec >= 0)
        p += sprintf(p, ".%d", s->cprec);
    p += sprintf(p, "%s%c", len, s->conv);
}

/* ---- GMP's integer types ---- */

/* a by GMP's rules for Z and N, which differ from C's: the '0' flag pads with zeros even with a
 * precision, and on the right of a left-justified field; '#' adds 0x/0X/0 before the precision's
 * zeros (so "%#.5Zo" of 8 is "000010") unless the digits are a lone "0", which a precision of 0
 * removes ("%#.0Zx" of 0 is "0x", "%.0Zd" of 0 is empty); u, o, x and X show a negative value
 * with '-'; '+' and ' ' hold for every conversion, the later of the two winning. */
static void put_integer(sink *o, const spec *s, const cy_int *a)
{
    int base = s->conv == 'o' ? 8 : s->conv == 'x' || s->conv == 'X' ? 16 : 10;
    char local[128];
    size_t size = cy_int_str_size(a, base), n;
    char *str = size <= sizeof local ? local : cy__gmp_user_alloc(size);
    int err = str ? cy_int_get_str(str, size, &n, base, a) : CY_ENOMEM;
    if (err) {
        if (str) /* carry could not allocate its scratch: GMP's reaction, or the handler's */
            cy__gmp_check(err);
        o->err = 1;
    } else {
        int neg = str[0] == '-';
        char *digits = str + neg;
        n -= (size_t)neg;
        if (s->conv == 'X')
            for (size_t i = 0; i < n; i++)
                if (digits[i] >= 'a')
                    digits[i] = (char)(digits[i] - 'a' + 'A');
        if (n == 1 && digits[0] == '0' && s->prec == 0)
            n = 0;
        int lone_zero = n == 1 && digits[0] == '0';
        const char *prefix = !s->alt || lone_zero ? "" : base == 16 ? (s->conv == 'X' ? "0X" : "0x")
                                                        : base == 8 ? "0" : "";
        char sign = neg ? '-' : (char)s->sign;
        size_t zeros = s->prec > 0 && (size_t)s->prec > n ? (size_t)s->prec - n : 0;
        size_t body = (sign != 0) + strlen(prefix) + zeros + n;
        size_t fill = (size_t)s->width > body ? (size_t)s->width - body : 0;
        if (!s->left && !s->zero)
            pad(o, ' ', fill);
        put(o, &sign, sign != 0);
        put(o, prefix, strlen(prefix));
        if (!s->left && s->zero)
            pad(o, '0', fill);
        pad(o, '0', zeros);
        put(o, digits, n);
        if (s->left)
            pad(o, s->zero ? '0' : ' ', fill);
    }
    if (str && str != local)
        cy__gmp_user_free(str, size);
}

/* The limbs {p, |n|} with the sign of n, as a read-only cy_int (high zero limbs dropped). */
static int limb_view(cy_int *v, const mp_limb_t *p, mp_size_t n)
{
    size_t k = n < 0 ? (size_t)0 - (size_t)n : (size_t)n;
    while (k > 0 && p[k - 1] == 0)
        k--;
    if (k > INT_MAX)
        return -1;
    v->alloc = 0;
    v->size = n < 0 ? -(int)k : (int)k;
    v->d = (cy_limb *)p;
    return 0;
}

/* %n: the characters produced so far (an int, as the return value), into the argument's type. */
static void store_count(sink *o, const spec *s, va_list *ap)
{
    int n = o->len > INT_MAX ? INT_MAX : (int)o->len;
    switch (s->type) {
    case 'Z': mpz_set_si(va_arg(*ap, mpz_ptr), n); return;
    case 'M': *va_arg(*ap, mp_limb_t *) = (mp_limb_t)n; return;
    case 'N': {
        mp_limb_t *p = va_arg(*ap, mp_limb_t *);
        mp_size_t k = va_arg(*ap, mp_size_t);
        if (k < 0)
            k = -k;
        if (k > 0) { /* the count in the low limb, zeros above, as GMP */
            p[0] = (mp_limb_t)n;
            memset(p + 1, 0, (size_t)(k - 1) * sizeof *p);
        }
        return;
    }
    }
    switch (s->len) {
    case L_HH: *va_arg(*ap, signed char *) = (signed char)n; break;
    case L_H: *va_arg(*ap, short *) = (short)n; break;
    case L_L: *va_arg(*ap, long *) = n; break;
    case L_LL: case L_BIGL: *va_arg(*ap, long long *) = n; break;
    case L_J: *va_arg(*ap, intmax_t *) = n; break;
    case L_Z: *va_arg(*ap, size_t *) = (size_t)n; break;
    case L_T: *va_arg(*ap, ptrdiff_t *) = n; break;
    default: *va_arg(*ap, int *) = n;
    }
}

/* A conversion of C's own (no GMP type): its argument read as the type that the conversion and
 * length modifier name (after the default promotions), printed by the C library. */
static void put_standard(sink *o, const spec *s, va_list *ap)
{
    char f[64];
    int len = s->len;
    /* L before an integer conversion: long long, which C spells ll */
    c_text(f, s, len == L_BIGL && strchr("diuoxXn", s->conv) ? "ll" : len_text[len]);
    switch (s->conv) {
    case 'd': case 'i':
        switch (len) {
        case L_L: put_c(o, f, va_arg(*ap, long)); break;
        case L_LL: case L_BIGL: put_c(o, f, va_arg(*ap, long long)); break;
        case L_J: put_c(o, f, va_arg(*ap, intmax_t)); break;
        case L_Z: put_c(o, f, va_arg(*ap, size_t)); break;
        case L_T: put_c(o, f, va_arg(*ap, ptrdiff_t)); break;
        default: put_c(o, f, va_arg(*ap, int)); /* hh and h too: passed as int */
        }
        break;
    case 'u': case 'o': case 'x': case 'X':
        switch (len) {
        case L_L: put_c(o, f, va_arg(*ap, unsigned long)); break;
        case L_LL: case L_BIGL: put_c(o, f, va_arg(*ap, unsigned long long)); break;
        case L_J: put_c(o, f, va_arg(*ap, uintmax_t)); break;
        case L_Z: put_c(o, f, va_arg(*ap, size_t)); break;
        case L_T: put_c(o, f, va_arg(*ap, ptrdiff_t)); break;
        default: put_c(o, f, va_arg(*ap, unsigned));
        }
        break;
    case 'a': case 'A': case 'e': case 'E': case 'f': case 'F': case 'g': case 'G':
        if (len == L_BIGL)
            put_c(o, f, va_arg(*ap, long double));
        else
            put_c(o, f, va_arg(*ap, double));
        break;
    case 'c': case 'C':
        if (len == L_L || s->conv == 'C')
            put_c(o, f, va_arg(*ap, wint_t));
        else
            put_c(o, f, va_arg(*ap, int));
        break;
    case 's': case 'S':
        if (len == L_L || s->conv == 'S')
            put_c(o, f, va_arg(*ap, const wchar_t *));
        else
            put_c(o, f, va_arg(*ap, const char *));
        break;
    case 'p':
        put_c(o, f, va_arg(*ap, void *));
        break;
    default: /* no argument: %m (glibc's strerror(errno)), or what the C library makes of others */
        put_c(o, f);
    }
}

/* The whole format into o. */
static void run(sink *o, const char *fmt, va_list args)
{
    va_list ap;
    va_copy(ap, args);
    while (!o->err) {
        const char *pc = strchr(fmt, '%');
        if (!pc) {
            put(o, fmt, strlen(fmt));
            break;
        }
        put(o, fmt, (size_t)(pc - fmt));
        fmt = pc + 1;
        spec s;
        if (parse(&s, &fmt, &ap) < 0) {
            o->err = 1;
            break;
        }
        if (s.conv == '%') {
            put(o, "%", 1);
        } else if (s.type == 'Q' || s.type == 'F') {
            o->err = 1; /* carry-gmp has no mpq_t or mpf_t */
        } else if (s.conv == 'n') {
            store_count(o, &s, &ap);
        } else if (!s.type) {
            put_standard(o, &s, &ap);
        } else if (!strchr("diuoxX", s.conv)) {
            o->err = 1; /* GMP's types with the integer conversions only (and n) */
        } else if (s.type == 'M') {
            s.len = LIMB_LEN;
            put_standard(o, &s, &ap);
        } else if (s.type == 'Z') {
            put_integer(o, &s, CYC(va_arg(ap, mpz_srcptr)));
        } else { /* N */
            const mp_limb_t *p = va_arg(ap, const mp_limb_t *);
            cy_int v;
            if (limb_view(&v, p, va_arg(ap, mp_size_t)) < 0)
                o->err = 1;
            else
                put_integer(o, &s, &v);
        }
    }
    va_end(ap);
}

/* The return value: the count, or -1 after a failure or beyond INT_MAX. A bounded buffer gets
 * its NUL after what fits. (errno is left alone, so that %m shows the caller's; and <errno.h>
 * is not included, as it needs kernel headers that -m32 builds may lack.) */
static int done(sink *o)
{
    if (!o->f && !o->grow && o->cap)
        o->buf[o->len < o->cap - 1 ? o->len : o->cap - 1] = '\0';
    if (o->err || o->len > INT_MAX)
        return -1;
    return (int)o->len;
}

/* ---- the functions ---- */

int gmp_vfprintf(FILE *stream, const char *fmt, va_list ap)
{
    sink o = {.f = stream};
    run(&o, fmt, ap);
    return done(&o);
}

int gmp_vprintf(const char *fmt, va_list ap)
{
    return gmp_vfprintf(stdout, fmt, ap);
}

int gmp_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap)
{
    sink o = {.buf = buf, .cap = size};
    run(&o, fmt, ap);
    return done(&o);
}

int gmp_vsprintf(char *buf, const char *fmt, va_list ap)
{
    return gmp_vsnprintf(buf, SIZE_MAX, fmt, ap);
}

/* The string in a block of exactly strlen + 1 bytes from the memory functions, as GMP documents,
 * so that the program frees it with its free function and that size. */
int gmp_vasprintf(char **pp, const char *fmt, va_list ap)
{
    sink o = {.grow = 1, .cap = 64};
    o.buf = cy__gmp_user_alloc(o.cap);
    if (!o.buf)
        return -1;
    run(&o, fmt, ap);
    int r = done(&o);
    if (r >= 0 && o.cap != o.len + 1) {
        char *b = cy__gmp_user_realloc(o.buf, o.cap, o.len + 1);
        if (b)
            o.buf = b, o.cap = o.len + 1;
        else
            r = -1;
    }
    if (r < 0) {
        cy__gmp_user_free(o.buf, o.cap);
        return -1;
    }
    o.buf[o.len] = '\0';
    *pp = o.buf;
    return r;
}

#define VARIADIC(call)           \
    va_list ap;                  \
    va_start(ap, fmt);           \
    int r = call;                \
    va_end(ap);                  \
    return r

int gmp_printf(const char *fmt, ...) { VARIADIC(gmp_vfprintf(stdout, fmt, ap)); }
int gmp_fprintf(FILE *stream, const char *fmt, ...) { VARIADIC(gmp_vfprintf(stream, fmt, ap)); }
int gmp_sprintf(char *buf, const char *fmt, ...) { VARIADIC(gmp_vsnprintf(buf, SIZE_MAX, fmt, ap)); }
int gmp_snprintf(char *buf, size_t size, const char *fmt, ...) { VARIADIC(gmp_vsnprintf(buf, size, fmt, ap)); }
int gmp_asprintf(char **pp, const char *fmt, ...) { VARIADIC(gmp_vasprintf(pp, fmt, ap)); }
