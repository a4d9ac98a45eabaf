/* The evaluator of carry-calc (calc.h has the grammar and the limits). SPDX-License-Identifier: MIT */
#include "calc.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define TOO_LARGE "result too large (over 2^26 bits)"

typedef struct {
    char name[CALC_NAME_MAX + 1];
    cy_int v;
} var;

struct calc {
    var vars[CALC_MAX_VARS]; /* vars[0] is ans */
    size_t nvars;
};

typedef struct {
    calc *c;
    const char *s;
    size_t pos;
    int depth;
    calc_error *err;
    int failed;
} parser;

/* Records an error at the current position (the first one wins) and returns -1. */
#ifdef __GNUC__
__attribute__((format(printf, 2, 3)))
#endif
static int fail(parser *p, const char *fmt, ...)
{
    if (!p->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(p->err->msg, sizeof p->err->msg, fmt, ap);
        va_end(ap);
        p->err->column = p->pos;
        p->failed = 1;
    }
    return -1;
}

/* Maps a carry error code to a message; CY_OK to 0. */
static int check(parser *p, int err)
{
    return err ? fail(p, "%s", cy_strerror(err)) : 0;
}

/* The limit on every value: bits(a) <= CALC_MAX_BITS, exactly. */
static int check_bits(parser *p, const cy_int *a)
{
    return cy_int_sgn(a) && cy_int_sizeinbase(a, 2) > CALC_MAX_BITS ? fail(p, TOO_LARGE) : 0;
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

/* The length of the name at s (0 if none starts there). */
static size_t name_len(const char *s)
{
    size_t n = 0;
    if (isalpha((unsigned char)s[0]) || s[0] == '_')
        while (isalnum((unsigned char)s[n]) || s[n] == '_')
            n++;
    return n;
}

static int expr(parser *p, cy_int *r);
static int unary(parser *p, cy_int *r);

static int number(parser *p, cy_int *r)
{
    const char *s = p->s + p->pos;
    size_t n = 0, start = 0;
    double bits_per_digit = 3.321928094887362; /* log2(10) */
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        n = start = 2;
        bits_per_digit = 4;
        while (isxdigit((unsigned char)s[n]))
            n++;
    } else if (s[0] == '0' && (s[1] == 'b' || s[1] == 'B')) {
        n = start = 2;
        bits_per_digit = 1;
        while (s[n] == '0' || s[n] == '1')
            n++;
    } else
        while (isdigit((unsigned char)s[n]))
            n++;
    if (isalnum((unsigned char)s[n]) || s[n] == '_') {
        p->pos += n;
        return fail(p, "invalid digit '%.1s' in a number", s + n);
    }
    if (n == start)
        return fail(p, "a number needs digits after its prefix");
    /* A literal of k significant digits has more than (k - 1) log2(base) bits: one that surely
     * exceeds the limit is rejected before it is parsed, the others are checked exactly after. */
    size_t k = n - start;
    for (size_t i = start; i < n && s[i] == '0'; i++)
        k--;
    if (k > 1 && (double)(k - 1) * bits_per_digit > (double)CALC_MAX_BITS + 1)
        return fail(p, TOO_LARGE);
    int err = check(p, cy_int_set_strn(r, s, n, 0));
    if (!err)
        err = check_bits(p, r);
    if (!err)
        p->pos += n;
    return err;
}

/* r = the number of decimal digits of |a| (1 for 0): cy_int_sizeinbase's d or d - 1, decided by
 * comparing |a| with 10^(d - 1). */
static int digits(cy_int *r, const cy_int *a)
{
    uint64_t d = cy_int_sizeinbase(a, 10);
    cy_int t, m;
    cy_int_init(&t);
    cy_int_init(&m);
    int err = CY_OK;
    if (d > 1) {
        err = cy_int_set_i64(&t, 10);
        if (!err)
            err = cy_int_pow_u64(&t, &t, d - 1);
        if (!err)
            err = cy_int_abs(&m, a);
        if (!err && cy_int_cmp(&m, &t) < 0)
            d--;
    }
    if (!err)
        err = cy_int_set_u64(r, d);
    cy_int_clear(&t);
    cy_int_clear(&m);
    return err;
}

/* Python's sign convention for a result r in [0, |m|) of arithmetic modulo m: for m < 0 the
 * representative in (m, 0]. */
static int python_mod_sign(cy_int *r, const cy_int *m)
{
    return cy_int_sgn(m) < 0 && cy_int_sgn(r) ? cy_int_add(r, r, m) : CY_OK;
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
    } else if (!strcmp(name, "powm")) {
        err = cy_int_powm(r, &a[0], &a[1], &a[2]);
        if (!err)
            err = python_mod_sign(r, &a[2]);
    } else if (!strcmp(name, "invert")) {
        err = cy_int_invert(r, &a[0], &a[1]);
        if (!err)
            err = python_mod_sign(r, &a[1]);
    } else if (!strcmp(name, "bits"))
        err = cy_int_set_u64(r, cy_int_sgn(&a[0]) ? cy_int_sizeinbase(&a[0], 2) : 0);
    else if (!strcmp(name, "digits"))
        err = digits(r, &a[0]);
    else if (!strcmp(name, "fact")) {
        uint64_t n;
        if (cy_int_sgn(&a[0]) < 0)
            return fail(p, "fact of a negative number");
        if (cy_int_get_u64(&a[0], &n) || n > CALC_MAX_FACT)
            return fail(p, "fact argument too large (at most %d)", CALC_MAX_FACT);
        err = cy_int_fac_u64(r, n);
    } else if (!strcmp(name, "fib")) {
        uint64_t n;
        if (cy_int_sgn(&a[0]) < 0)
            return fail(p, "fib of a negative number");
        if (cy_int_get_u64(&a[0], &n) || n > CALC_MAX_FIB)
            return fail(p, "fib argument too large (at most %d)", CALC_MAX_FIB);
        err = cy_int_fib_u64(r, n);
    } else if (!strcmp(name, "binomial")) {
        /* log2 C(n, k) <= k log2 |m| with m = n, or -n + k - 1 for n < 0 (C(n, k) =
         * (-1)^k C(-n + k - 1, k)): refused before any work when that bound is far past the limit */
        uint64_t k;
        if (cy_int_sgn(&a[1]) < 0)
            return fail(p, "binomial with a negative k");
        if (cy_int_get_u64(&a[1], &k) || (k && (cy_int_sizeinbase(&a[0], 2) + 1 > 2 * CALC_MAX_BITS / k)))
            return fail(p, TOO_LARGE);
        err = cy_int_bin(r, &a[0], k);
    } else if (!strcmp(name, "root")) {
        uint64_t n;
        if (cy_int_sgn(&a[1]) <= 0 || cy_int_get_u64(&a[1], &n))
            n = 0;
        if (n == 0)
            return fail(p, "root needs a degree from 1 to 2^64 - 1");
        if (cy_int_sgn(&a[0]) < 0 && !(n & 1))
            return fail(p, "even root of a negative number");
        err = cy_int_root(r, &a[0], n);
    } else if (!strcmp(name, "lcm"))
        err = cy_int_lcm(r, &a[0], &a[1]);
    else if (!strcmp(name, "isprime")) {
        int pr = cy_int_probab_prime_p(&a[0], 25);
        err = pr < 0 ? pr : cy_int_set_u64(r, pr > 0);
    } else if (!strcmp(name, "nextprime"))
        err = cy_int_nextprime(r, &a[0]);
    else if (!strcmp(name, "jacobi")) {
        int k;
        if (cy_int_sgn(&a[1]) <= 0 || !cy_int_odd_p(&a[1]))
            return fail(p, "jacobi needs an odd positive second argument");
        err = cy_int_jacobi(&k, &a[0], &a[1]);
        if (!err)
            err = cy_int_set_i64(r, k);
    } else if (!strcmp(name, "and"))
        err = cy_int_and(r, &a[0], &a[1]);
    else if (!strcmp(name, "or"))
        err = cy_int_ior(r, &a[0], &a[1]);
    else /* xor */
        err = cy_int_xor(r, &a[0], &a[1]);
    if (err == CY_ENOTINV)
        return fail(p, "no inverse: the numbers are not coprime");
    return check(p, err);
}

static const struct {
    const char *name;
    int nargs;
} functions[] = {{"gcd", 2},      {"sqrt", 1},    {"powm", 3},  {"invert", 2},    {"fact", 1},
                 {"abs", 1},      {"digits", 1},  {"bits", 1},  {"fib", 1},       {"binomial", 2},
                 {"root", 2},     {"lcm", 2},     {"isprime", 1}, {"nextprime", 1}, {"jacobi", 2},
                 {"and", 2},      {"or", 2},      {"xor", 2}};

/* The number of arguments of the function called name (n characters), or -1 if there is none. */
static int function_args(const char *name, size_t n)
{
    for (size_t i = 0; i < sizeof functions / sizeof functions[0]; i++)
        if (strlen(functions[i].name) == n && !memcmp(name, functions[i].name, n))
            return functions[i].nargs;
    return -1;
}

/* The variable called name (n characters), or NULL. */
static var *lookup(calc *c, const char *name, size_t n)
{
    for (size_t i = 0; i < c->nvars; i++)
        if (strlen(c->vars[i].name) == n && !memcmp(name, c->vars[i].name, n))
            return &c->vars[i];
    return NULL;
}

/* A name: a function call when "(" follows, else a variable. */
static int name(parser *p, cy_int *r)
{
    size_t start = p->pos, n = name_len(p->s + start);
    p->pos += n;
    skip_space(p);
    char shown[CALC_NAME_MAX + 1];
    snprintf(shown, sizeof shown, "%.*s", (int)(n < CALC_NAME_MAX ? n : CALC_NAME_MAX), p->s + start);
    if (p->s[p->pos] != '(') {
        var *v = lookup(p->c, p->s + start, n);
        if (!v) {
            p->pos = start;
            return fail(p, function_args(p->s + start, n) >= 0 ? "expected '(' after %s"
                                                                 : "unknown variable '%s'",
                        shown);
        }
        return check(p, cy_int_set(r, &v->v));
    }
    int nargs = function_args(p->s + start, n);
    if (nargs < 0) {
        p->pos = start;
        return fail(p, "unknown function '%s'", shown);
    }
    p->pos++; /* "(" */
    cy_int a[3];
    for (int i = 0; i < 3; i++)
        cy_int_init(&a[i]);
    int err = 0;
    for (int i = 0; !err && i < nargs; i++)
        err = (i > 0 && expect(p, ',')) || expr(p, &a[i]);
    if (!err && !accept(p, ')'))
        err = fail(p, p->s[p->pos] == ',' ? "too many arguments to %s" : "expected ')' after the arguments of %s",
                   shown);
    if (!err) { /* errors of the function point at its name */
        size_t end = p->pos;
        p->pos = start;
        err = call(p, shown, r, a);
        if (!err)
            err = check_bits(p, r);
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
    if (name_len(p->s + p->pos))
        return name(p, r);
    if (!c)
        return fail(p, "unexpected end of the expression");
    if (!isprint((unsigned char)c))
        return fail(p, "unexpected character (byte 0x%02x)", (unsigned char)c);
    char what[2] = {c, 0};
    return fail(p, "unexpected '%s'", what);
}

/* r = r^e, its size checked: a result of L-bit |r| has between (L - 1) k + 1 and L k bits; when
 * the lower bound already exceeds the limit no work is done, otherwise the power is computed
 * (at most 2 CALC_MAX_BITS bits, as (L - 1) k < CALC_MAX_BITS gives L k < 2 CALC_MAX_BITS for
 * L >= 2) and its exact size checked. */
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
        uint64_t L = cy_int_sgn(r) ? cy_int_sizeinbase(r, 2) : 0; /* L <= 1: 0, 1 or -1 */
        if (cy_int_sgn(&e) < 0)
            err = fail(p, "negative exponent (use powm or invert)");
        else if (cy_int_get_u64(&e, &k)) { /* over 64 bits: only 0, 1 and -1 have such powers */
            if (L <= 1)
                k = 2 + (uint64_t)cy_int_odd_p(&e); /* an exponent of the same parity */
            else
                err = fail(p, TOO_LARGE);
        } else if (L > 1 && (k > CALC_MAX_BITS || (L - 1) * k + 1 > CALC_MAX_BITS))
            err = fail(p, TOO_LARGE);
        if (!err)
            err = check(p, cy_int_pow_u64(r, r, k));
        if (!err)
            err = check_bits(p, r);
        if (!err)
            p->pos = end;
    }
    cy_int_clear(&e);
    return err;
}

static int unary(parser *p, cy_int *r)
{
    if (++p->depth > CALC_MAX_DEPTH)
        return fail(p, "expression nested too deeply (over %d levels)", CALC_MAX_DEPTH);
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

/* r = r op b for a multiplicative operator (* / %), errors pointing at p->pos. */
static int apply_term(parser *p, char op, cy_int *r, const cy_int *b)
{
    if (op == '*') {
        /* a product of an a-bit and a b-bit number has a + b - 1 or a + b bits */
        if (cy_int_sgn(r) && cy_int_sgn(b) && cy_int_sizeinbase(r, 2) + cy_int_sizeinbase(b, 2) - 1 > CALC_MAX_BITS)
            return fail(p, TOO_LARGE);
        return check(p, cy_int_mul(r, r, b)) || check_bits(p, r);
    }
    if (!cy_int_sgn(b))
        return fail(p, "division by zero");
    return check(p, op == '/' ? cy_int_fdiv_qr(r, NULL, r, b) : cy_int_fdiv_qr(NULL, r, r, b));
}

/* r = r op b for an additive operator (+ -). */
static int apply_expr(parser *p, char op, cy_int *r, const cy_int *b)
{
    return check(p, op == '+' ? cy_int_add(r, r, b) : cy_int_sub(r, r, b)) || check_bits(p, r);
}

/* One level of left-associative binary operators: operand (op operand)*, where the operators are
 * the characters of ops, next parses an operand, and apply performs one operation; the errors of
 * an operation point at its operator. */
static int binary(parser *p, cy_int *r, const char *ops, int (*next)(parser *, cy_int *),
                  int (*apply)(parser *, char, cy_int *, const cy_int *))
{
    if (next(p, r))
        return -1;
    cy_int b;
    cy_int_init(&b);
    int err = 0;
    for (;;) {
        skip_space(p);
        char op = p->s[p->pos];
        if (!op || !strchr(ops, op))
            break;
        size_t at = p->pos++;
        if ((err = next(p, &b)) != 0)
            break;
        size_t end = p->pos;
        p->pos = at;
        if ((err = apply(p, op, r, &b)) != 0)
            break;
        p->pos = end;
    }
    cy_int_clear(&b);
    return err ? -1 : 0;
}

static int term(parser *p, cy_int *r) { return binary(p, r, "*/%", unary, apply_term); }

static int expr(parser *p, cy_int *r) { return binary(p, r, "+-", term, apply_expr); }

calc *calc_new(void)
{
    calc *c = malloc(sizeof *c);
    if (!c)
        return NULL;
    strcpy(c->vars[0].name, "ans");
    cy_int_init(&c->vars[0].v);
    c->nvars = 1;
    return c;
}

void calc_free(calc *c)
{
    if (!c)
        return;
    for (size_t i = 0; i < c->nvars; i++)
        cy_int_clear(&c->vars[i].v);
    free(c);
}

int calc_eval(calc *c, const char *s, size_t len, cy_int *value, calc_error *err)
{
    parser p = {c, s, 0, 0, err, 0};
    if (strlen(s) != len) {
        p.pos = strlen(s);
        return fail(&p, "a NUL character in the input");
    }
    skip_space(&p);
    if (!s[p.pos])
        return fail(&p, "empty expression");
    /* "name = expr" assigns; "name == ..." or "name" alone are expressions */
    size_t n = name_len(s + p.pos), at = p.pos;
    var *target = NULL;
    int assign = 0;
    if (n) {
        p.pos += n;
        skip_space(&p);
        assign = s[p.pos] == '=' && s[p.pos + 1] != '=';
        if (assign) {
            p.pos = at;
            if (n > CALC_NAME_MAX)
                return fail(&p, "a variable name has at most %d characters", CALC_NAME_MAX);
            if (function_args(s + at, n) >= 0)
                return fail(&p, "'%.*s' is a function", (int)n, s + at);
            target = lookup(c, s + at, n);
            if (!target && c->nvars == CALC_MAX_VARS)
                return fail(&p, "too many variables (at most %d)", CALC_MAX_VARS);
            p.pos += n;
            skip_space(&p);
            p.pos++; /* "=" */
        } else
            p.pos = at;
    }
    cy_int r;
    cy_int_init(&r);
    int bad = expr(&p, &r);
    if (!bad) {
        skip_space(&p);
        if (p.s[p.pos]) {
            char what[2] = {p.s[p.pos], 0};
            bad = isprint((unsigned char)what[0])
                      ? fail(&p, what[0] == ')' ? "unbalanced '%s'" : "unexpected '%s'", what)
                      : fail(&p, "unexpected character (byte 0x%02x)", (unsigned char)what[0]);
        }
    }
    /* the results: the variable, ans and *value, all or none */
    cy_int copies[2];
    cy_int_init(&copies[0]);
    cy_int_init(&copies[1]);
    if (!bad)
        bad = check(&p, cy_int_set(&copies[0], &r)) || (assign && check(&p, cy_int_set(&copies[1], &r)));
    if (!bad) {
        if (assign && !target) {
            target = &c->vars[c->nvars++];
            snprintf(target->name, sizeof target->name, "%.*s", (int)n, s + at);
            cy_int_init(&target->v);
        }
        if (assign)
            cy_int_swap(&target->v, &copies[1]);
        cy_int_swap(&c->vars[0].v, &copies[0]);
        cy_int_swap(value, &r);
    }
    cy_int_clear(&copies[0]);
    cy_int_clear(&copies[1]);
    cy_int_clear(&r);
    return bad ? -1 : 0;
}
