/* carry-calc: an integer calculator on carry/int.h.
 *
 * usage: carry-calc [-x] [EXPRESSION...]
 *
 * Evaluates each EXPRESSION, or each line of standard input when there is none, and prints the
 * value in decimal (-x: hexadecimal with a 0x prefix). Grammar (a recursive-descent parser with an
 * explicit nesting limit, so no input can exhaust the stack):
 *
 *   expr    = term { ("+" | "-") term }
 *   term    = unary { ("*" | "/" | "%") unary }
 *   unary   = ("-" | "+") unary | power
 *   power   = primary [ "^" unary ]                   right associative: 2^3^2 = 2^9; -2^2 = -4
 *   primary = number | "(" expr ")" | name "(" expr { "," expr } ")"
 *   number  = decimal digits | "0x" hex digits | "0b" binary digits
 *
 * / and % are floor division and its remainder (the remainder has the divisor's sign, as in
 * Python): -7 / 2 = -4, -7 % 2 = 1. Functions: gcd(a, b), sqrt(a) (floor), powm(b, e, m)
 * (b^e mod |m|; e < 0 uses the inverse), invert(a, m), fact(n), abs(a).
 * Errors (syntax, division by zero, no inverse, results over 2^26 bits, out of memory) print a
 * message with the column to stderr; the exit status is 1 if any expression failed, 2 for a usage
 * error. SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* getline */
#include <carry.h>
#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_DEPTH 1000                /* nesting of parentheses, signs and powers */
#define MAX_BITS ((uint64_t)1 << 26)  /* the largest result (8 MiB) */
#define TOO_LARGE "result too large (over 2^26 bits)"
#define MAX_FACT 1000000              /* fact(n) for n up to this (about 18.5 million bits) */

typedef struct {
    const char *s;
    size_t pos;
    int depth;
    char msg[200]; /* the first error, empty while there is none */
    size_t errpos;
} parser;

/* Records an error at the current position (the first one wins) and returns -1. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
static int fail(parser *p, const char *fmt, ...)
{
    if (!p->msg[0]) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->msg, sizeof p->msg, fmt, ap);
        va_end(ap);
        p->errpos = p->pos;
    }
    return -1;
}

/* Maps a carry error code to a message; CY_OK to 0. */
static int check(parser *p, int err)
{
    return err ? fail(p, "%s", cy_strerror(err)) : 0;
}

static void skip_space(parser *p)
{
    while (p->s[p->pos] == ' ' || p->s[p->pos] == '\t' || p->s[p->pos] == '\r')
        p->pos++;
}

/* If the next non-space character is c, consumes it and returns 1. */
static int accept(parser *p, char c)
{
    skip_space(p);
    if (p->s[p->pos] != c)
        return 0;
    p->pos++;
    return 1;
}

static int expect(parser *p, char c)
{
    if (accept(p, c))
        return 0;
    char want[2] = {c, 0};
    return fail(p, p->s[p->pos] ? "expected '%s'" : "expected '%s' at the end", want);
}

static int bits_over(const cy_int *a, uint64_t limit)
{
    return cy_int_sgn(a) && cy_int_sizeinbase(a, 2) > limit;
}

static int expr(parser *p, cy_int *r);
static int unary(parser *p, cy_int *r);

static int number(parser *p, cy_int *r)
{
    const char *s = p->s + p->pos;
    size_t n = 0;
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        n = 2;
        while (isxdigit((unsigned char)s[n]))
            n++;
    } else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
        n = 2;
        while (s[n] == '0' || s[n] == '1')
            n++;
    } else
        while (isdigit((unsigned char)s[n]))
            n++;
    if (isalnum((unsigned char)s[n]) || s[n] == '_') {
        p->pos += n;
        return fail(p, "invalid digit '%.1s' in a number", s + n);
    }
    int err = cy_int_set_strn(r, s, n, 0);
    if (err == CY_EINVAL)
        return fail(p, "a number needs digits after its prefix");
    p->pos += n;
    return check(p, err);
}

/* r = lo * (lo + 1) * ... * (hi - 1), by halves so that the products stay balanced. */
static int range_product(cy_int *r, uint64_t lo, uint64_t hi)
{
    if (hi - lo <= 16) {
        int err = cy_int_set_u64(r, 1);
        cy_int f;
        cy_int_init(&f);
        for (uint64_t i = lo; !err && i < hi; i++) {
            err = cy_int_set_u64(&f, i);
            if (!err)
                err = cy_int_mul(r, r, &f);
        }
        cy_int_clear(&f);
        return err;
    }
    uint64_t mid = lo + (hi - lo) / 2;
    cy_int h;
    cy_int_init(&h);
    int err = range_product(r, lo, mid);
    if (!err)
        err = range_product(&h, mid, hi);
    if (!err)
        err = cy_int_mul(r, r, &h);
    cy_int_clear(&h);
    return err;
}

/* name(args): args[] already evaluated. */
static int call(parser *p, const char *name, cy_int *r, cy_int *a)
{
    int err;
    if (!strcmp(name, "gcd"))
        err = cy_int_gcd(r, &a[0], &a[1]);
    else if (!strcmp(name, "abs"))
        err = cy_int_abs(r, &a[0]);
    else if (!strcmp(name, "sqrt")) {
        if (cy_int_sgn(&a[0]) < 0)
            return fail(p, "square root of a negative number");
        err = cy_int_sqrtrem(r, NULL, &a[0]);
    } else if (!strcmp(name, "powm"))
        err = cy_int_powm(r, &a[0], &a[1], &a[2]);
    else if (!strcmp(name, "invert"))
        err = cy_int_invert(r, &a[0], &a[1]);
    else { /* fact */
        uint64_t n;
        if (cy_int_sgn(&a[0]) < 0)
            return fail(p, "fact of a negative number");
        if (cy_int_get_u64(&a[0], &n) || n > MAX_FACT)
            return fail(p, "fact argument too large (at most %d)", MAX_FACT);
        err = range_product(r, 1, n + 1);
    }
    if (err == CY_ENOTINV)
        return fail(p, "no inverse: the numbers are not coprime");
    return check(p, err);
}

static int function(parser *p, cy_int *r)
{
    static const struct {
        const char *name;
        int nargs;
    } fns[] = {{"gcd", 2}, {"sqrt", 1}, {"powm", 3}, {"invert", 2}, {"fact", 1}, {"abs", 1}};
    char name[16];
    size_t start = p->pos, n = 0;
    while (isalnum((unsigned char)p->s[p->pos]) || p->s[p->pos] == '_')
        p->pos++, n++;
    snprintf(name, sizeof name, "%.*s", (int)(n < 15 ? n : 15), p->s + start);
    int nargs = -1;
    for (size_t i = 0; i < sizeof fns / sizeof fns[0]; i++)
        if (n < sizeof name && !strcmp(name, fns[i].name))
            nargs = fns[i].nargs;
    if (nargs < 0) {
        p->pos = start;
        return fail(p, "unknown function '%s'", name);
    }
    if (expect(p, '('))
        return -1;
    cy_int a[3];
    for (int i = 0; i < 3; i++)
        cy_int_init(&a[i]);
    int err = 0;
    for (int i = 0; !err && i < nargs; i++)
        err = (i > 0 && expect(p, ',')) || expr(p, &a[i]);
    if (!err && !accept(p, ')')) {
        err = fail(p, p->s[p->pos] == ',' ? "too many arguments to %s" : "expected ')' after the arguments of %s",
                   name);
    }
    if (!err) { /* errors of the function point at its name */
        size_t end = p->pos;
        p->pos = start;
        err = call(p, name, r, a);
        p->pos = end;
    }
    for (int i = 0; i < 3; i++)
        cy_int_clear(&a[i]);
    return err;
}

static int primary(parser *p, cy_int *r)
{
    skip_space(p);
    char c = p->s[p->pos];
    if (c == '(') {
        p->pos++;
        return expr(p, r) || expect(p, ')') ? -1 : 0;
    }
    if (isdigit((unsigned char)c))
        return number(p, r);
    if (isalpha((unsigned char)c))
        return function(p, r);
    if (!c)
        return fail(p, "unexpected end of the expression");
    char what[2] = {c, 0};
    return fail(p, "unexpected '%s'", what);
}

static int power(parser *p, cy_int *r)
{
    if (primary(p, r))
        return -1;
    if (!accept(p, '^'))
        return 0;
    size_t at = p->pos;
    cy_int e;
    cy_int_init(&e);
    int err = unary(p, &e);
    uint64_t k = 0;
    if (!err) {
        size_t end = p->pos;
        p->pos = at; /* errors of the power point at the exponent */
        int small_base = cy_int_sizeinbase(r, 2) == 1; /* 0, 1 or -1 */
        if (cy_int_sgn(&e) < 0)
            err = fail(p, "negative exponent (use powm or invert)");
        else if (cy_int_get_u64(&e, &k)) { /* over 64 bits: only 0, 1 and -1 have such powers */
            if (small_base)
                k = 2 + (uint64_t)cy_int_odd_p(&e); /* an exponent of the same parity */
            else
                err = fail(p, TOO_LARGE);
        } else if (!small_base && (k > MAX_BITS || (cy_int_sizeinbase(r, 2) - 1) * k > MAX_BITS))
            err = fail(p, TOO_LARGE);
        if (!err)
            err = check(p, cy_int_pow_u64(r, r, k));
        if (!err)
            p->pos = end;
    }
    cy_int_clear(&e);
    return err;
}

static int unary(parser *p, cy_int *r)
{
    if (++p->depth > MAX_DEPTH)
        return fail(p, "expression nested too deeply (over %d levels)", MAX_DEPTH);
    int err;
    skip_space(p);
    if (accept(p, '-'))
        err = unary(p, r) || check(p, cy_int_neg(r, r));
    else if (accept(p, '+'))
        err = unary(p, r);
    else
        err = power(p, r);
    p->depth--;
    return err ? -1 : 0;
}

static int term(parser *p, cy_int *r)
{
    if (unary(p, r))
        return -1;
    cy_int b;
    cy_int_init(&b);
    int err = 0;
    for (;;) {
        skip_space(p);
        char op = p->s[p->pos];
        if (op != '*' && op != '/' && op != '%')
            break;
        size_t at = p->pos++;
        if ((err = unary(p, &b)) != 0)
            break;
        size_t end = p->pos;
        p->pos = at; /* errors of the operation point at the operator */
        if (op == '*')
            err = cy_int_sgn(r) && cy_int_sgn(&b) &&
                          cy_int_sizeinbase(r, 2) + cy_int_sizeinbase(&b, 2) > MAX_BITS + 1
                      ? fail(p, TOO_LARGE)
                      : check(p, cy_int_mul(r, r, &b));
        else if (!cy_int_sgn(&b))
            err = fail(p, "division by zero");
        else
            err = check(p, op == '/' ? cy_int_fdiv_qr(r, NULL, r, &b) : cy_int_fdiv_qr(NULL, r, r, &b));
        if (err)
            break;
        p->pos = end;
    }
    cy_int_clear(&b);
    return err;
}

static int expr(parser *p, cy_int *r)
{
    if (term(p, r))
        return -1;
    cy_int b;
    cy_int_init(&b);
    int err = 0;
    for (;;) {
        skip_space(p);
        char op = p->s[p->pos];
        if (op != '+' && op != '-')
            break;
        p->pos++;
        if ((err = term(p, &b)) != 0)
            break;
        if ((err = check(p, op == '+' ? cy_int_add(r, r, &b) : cy_int_sub(r, r, &b))) != 0)
            break;
        if (bits_over(r, MAX_BITS)) {
            err = fail(p, TOO_LARGE);
            break;
        }
    }
    cy_int_clear(&b);
    return err;
}

/* Evaluates one expression and prints its value or an error. Returns 0 on success. */
static int evaluate(const char *src, const char *where, int hex)
{
    parser p = {src, 0, 0, "", 0};
    cy_int r;
    cy_int_init(&r);
    int err = expr(&p, &r);
    if (!err) {
        skip_space(&p);
        if (p.s[p.pos]) {
            char what[2] = {p.s[p.pos], 0};
            err = fail(&p, p.s[p.pos] == ')' ? "unbalanced '%s'" : "unexpected '%s'", what);
        }
    }
    if (!err) {
        int base = hex ? 16 : 10;
        size_t size = cy_int_str_size(&r, base);
        char *buf = malloc(size);
        if (!buf || cy_int_get_str(buf, size, NULL, base, &r))
            err = fail(&p, "out of memory printing the result");
        else if (hex && buf[0] == '-')
            printf("-0x%s\n", buf + 1);
        else
            printf("%s%s\n", hex ? "0x" : "", buf);
        free(buf);
    }
    if (err)
        fprintf(stderr, "carry-calc: %s, column %zu: %s\n", where, p.errpos + 1, p.msg);
    cy_int_clear(&r);
    fflush(stdout);
    return err ? 1 : 0;
}

static int usage(FILE *f)
{
    fputs("usage: carry-calc [-x] [EXPRESSION...]\n"
               "Evaluates each expression (or each line of standard input) over the integers and\n"
               "prints its value in decimal (-x: hexadecimal). Numbers: decimal, 0x hex, 0b binary.\n"
               "Operators: + - * / % ^ (power), unary -, parentheses; / and % round towards minus\n"
               "infinity (floor division). Functions: gcd(a,b) sqrt(a) powm(b,e,m) invert(a,m)\n"
               "fact(n) abs(a). Exit status 1 if any expression failed.\n",
          f);
    return f == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
    int hex = 0, first = 1, status = 0;
    for (; first < argc; first++) { /* options; anything else is an expression ("-5+3") */
        if (!strcmp(argv[first], "-x"))
            hex = 1;
        else if (!strcmp(argv[first], "-h") || !strcmp(argv[first], "--help"))
            return usage(stdout);
        else if (!strcmp(argv[first], "--")) {
            first++;
            break;
        } else
            break;
    }
    char where[64];
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            snprintf(where, sizeof where, "argument %d", i - first + 1);
            if (!argv[i][strspn(argv[i], " \t")]) {
                fprintf(stderr, "carry-calc: %s: empty expression\n", where);
                status = 1;
            } else
                status |= evaluate(argv[i], where, hex);
        }
        return status;
    }
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t len;
    while ((len = getline(&line, &cap, stdin)) >= 0) {
        lineno++;
        if (len > 0 && line[len - 1] == '\n')
            line[--len] = 0;
        if ((size_t)len != strlen(line)) {
            fprintf(stderr, "carry-calc: line %zu: a NUL character in the input\n", lineno);
            status = 1;
            continue;
        }
        if (!line[strspn(line, " \t\r")])
            continue; /* blank lines are skipped */
        snprintf(where, sizeof where, "line %zu", lineno);
        status |= evaluate(line, where, hex);
    }
    free(line);
    return status;
}
