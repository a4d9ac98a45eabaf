/* A program written for GMP: a calculator of integer expressions. It uses GMP's documented mpz
 * interface only, so it builds unchanged against GMP or carry-gmp, and ctest's compat_calc feeds
 * both builds tests/gmp/programs/calc.in and requires the same lines from them.
 *
 * usage: calc < FILE   (one expression per line; prints one line per expression)
 *
 * Language (recursive descent, lowest precedence first):
 *   line     := [letter '='] expr | empty       ('#' starts a comment; a-z are variables)
 *   expr     := term (('+' | '-') term)*
 *   term     := unary (('*' | '/' | '%') unary)*
 *   unary    := ('-' | '+') unary | power
 *   power    := primary ['^' unary]          (right associative: 2^3^2 = 2^9, -2^2 = -4)
 *   primary  := number | letter | name '(' expr (',' expr)* ')' | '(' expr ')'
 *   number   := decimal digits, or 0x and hexadecimal digits
 * '/' and '%' round toward minus infinity (mpz_fdiv_q, mpz_fdiv_r: -7 / 2 = -4, -7 % 2 = 1,
 * 7 % -2 = -1, as Python's // and %); tdiv(a, b) and tmod(a, b) truncate (C's / and %),
 * cdiv(a, b) and cmod(a, b) round up. Functions: abs, gcd, lcm, sqrt (floor), root(a, k),
 * fac(n), fib(n), bin(n, k) (any n, k >= 0), powm(a, b, m) (b < 0 through the inverse),
 * invert(a, m), isprime(a) (mpz_probab_prime_p(|a|, 25): 0, 1 or 2), nextprime(a).
 *
 * A result is printed in decimal; an error prints "error at COLUMN: MESSAGE" and the line is
 * skipped (its assignment does not happen). The program checks every operand GMP would reject
 * itself (division by zero, a negative exponent, the root of a negative number, a modulus with no
 * inverse), so GMP's SIGFPE never happens, and refuses a result of more than MAX_BITS bits before
 * computing it (GMP would abort on an allocation it cannot make). Nesting is limited to
 * MAX_DEPTH levels (the parser recurses). SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdio.h> /* before gmp.h, which declares mpz_out_str only after it */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BITS (1ul << 26) /* 64 Mbit: 8 MB per number */
#define MAX_DEPTH 1000

typedef struct {
    const char *line, *p; /* the line and the parser's position in it */
    const char *err;      /* the first error, NULL while there is none */
    size_t col;           /* its column, from 1 */
    int depth;            /* nesting of unary() */
} parser;

static mpz_t vars[26];
static int var_set[26];

/* records the first error, at the position `at`; returns -1 for `return fail(...)` */
static int fail(parser *ps, const char *at, const char *msg)
{
    if (!ps->err) {
        ps->err = msg;
        ps->col = (size_t)(at - ps->line) + 1;
    }
    return -1;
}

static void skip_space(parser *ps)
{
    while (*ps->p == ' ' || *ps->p == '\t' || *ps->p == '\r')
        ps->p++;
}

/* consumes c (after white space) if it comes next */
static int accept(parser *ps, char c)
{
    skip_space(ps);
    if (*ps->p != c)
        return 0;
    ps->p++;
    return 1;
}

/* an operand of a word-sized argument: 0 <= x <= max */
static int word_arg(parser *ps, const char *at, const mpz_t x, unsigned long max, unsigned long *v)
{
    if (mpz_sgn(x) < 0 || mpz_cmp_ui(x, max) > 0)
        return fail(ps, at, "argument out of range");
    *v = mpz_get_ui(x);
    return 0;
}

static int expr(parser *ps, mpz_t out);
static int unary(parser *ps, mpz_t out);

/* out = b^e, refused when e < 0 or the result would have more than MAX_BITS bits */
static int power(parser *ps, const char *at, mpz_t out, const mpz_t b, const mpz_t e)
{
    if (mpz_sgn(e) < 0)
        return fail(ps, at, "negative exponent");
    if (mpz_cmpabs_ui(b, 1) <= 0) { /* 0, 1, -1: any exponent */
        int odd = mpz_odd_p(e);
        if (mpz_sgn(b) == 0)
            mpz_set_ui(out, mpz_sgn(e) == 0);
        else
            mpz_set_si(out, mpz_sgn(b) < 0 && odd ? -1 : 1);
        return 0;
    }
    /* b^e < 2^(bits(b) e); the products compared by division, without overflow */
    if (!mpz_fits_ulong_p(e) ||
        (mpz_sgn(e) > 0 && mpz_sizeinbase(b, 2) > MAX_BITS / mpz_get_ui(e)))
        return fail(ps, at, "result too large");
    mpz_pow_ui(out, b, mpz_get_ui(e));
    return 0;
}

/* one function call, its arguments a[0..n-1] already evaluated */
static int call(parser *ps, const char *at, const char *name, mpz_t out, mpz_t *a, int n)
{
    static const struct {
        const char *name;
        int args;
    } fns[] = {{"abs", 1},  {"gcd", 2},   {"lcm", 2},   {"sqrt", 1},   {"root", 2},
               {"fac", 1},  {"fib", 1},   {"bin", 2},   {"powm", 3},   {"invert", 2},
               {"isprime", 1}, {"nextprime", 1}, {"tdiv", 2}, {"tmod", 2}, {"cdiv", 2},
               {"cmod", 2}};
    size_t i = 0;
    while (i < sizeof fns / sizeof fns[0] && strcmp(fns[i].name, name) != 0)
        i++;
    if (i == sizeof fns / sizeof fns[0])
        return fail(ps, at, "unknown function");
    if (fns[i].args != n)
        return fail(ps, at, "wrong number of arguments");
    unsigned long k;
    if (!strcmp(name, "abs"))
        mpz_abs(out, a[0]);
    else if (!strcmp(name, "gcd"))
        mpz_gcd(out, a[0], a[1]);
    else if (!strcmp(name, "lcm"))
        mpz_lcm(out, a[0], a[1]);
    else if (!strcmp(name, "sqrt")) {
        if (mpz_sgn(a[0]) < 0)
            return fail(ps, at, "square root of a negative number");
        mpz_sqrt(out, a[0]);
    } else if (!strcmp(name, "root")) {
        if (mpz_sgn(a[1]) <= 0 || !mpz_fits_ulong_p(a[1]))
            return fail(ps, at, "argument out of range");
        k = mpz_get_ui(a[1]);
        if (mpz_sgn(a[0]) < 0 && k % 2 == 0)
            return fail(ps, at, "even root of a negative number");
        mpz_root(out, a[0], k);
    } else if (!strcmp(name, "fac")) {
        if (word_arg(ps, at, a[0], 2000000, &k))
            return -1;
        mpz_fac_ui(out, k);
    } else if (!strcmp(name, "fib")) {
        if (word_arg(ps, at, a[0], 30000000, &k))
            return -1;
        mpz_fib_ui(out, k);
    } else if (!strcmp(name, "bin")) {
        /* |bin(n, k)| < (|n| + k)^k, and at most 2^n when 0 <= n */
        if (word_arg(ps, at, a[1], MAX_BITS, &k))
            return -1;
        mpz_abs(out, a[0]);
        mpz_add_ui(out, out, k);
        if (k > 0 && mpz_sizeinbase(out, 2) > MAX_BITS / k &&
            (mpz_sgn(a[0]) < 0 || mpz_cmp_ui(a[0], MAX_BITS) > 0))
            return fail(ps, at, "result too large");
        mpz_bin_ui(out, a[0], k);
    } else if (!strcmp(name, "powm")) {
        if (mpz_sgn(a[2]) == 0)
            return fail(ps, at, "division by zero");
        if (mpz_sgn(a[1]) < 0) { /* a^b = (a^-1)^-b */
            if (mpz_cmpabs_ui(a[2], 1) == 0 || !mpz_invert(out, a[0], a[2]))
                return fail(ps, at, "not invertible");
            mpz_neg(a[1], a[1]);
            mpz_powm(out, out, a[1], a[2]);
        } else
            mpz_powm(out, a[0], a[1], a[2]);
    } else if (!strcmp(name, "invert")) {
        if (mpz_cmpabs_ui(a[1], 1) <= 0) /* GMP leaves modulus 0 and +-1 undefined */
            return fail(ps, at, "modulus must be at least 2 in absolute value");
        if (!mpz_invert(out, a[0], a[1]))
            return fail(ps, at, "not invertible");
    } else if (!strcmp(name, "isprime")) {
        mpz_abs(out, a[0]);
        mpz_set_ui(out, (unsigned long)mpz_probab_prime_p(out, 25));
    } else if (!strcmp(name, "nextprime"))
        mpz_nextprime(out, a[0]);
    else { /* the divisions */
        if (mpz_sgn(a[1]) == 0)
            return fail(ps, at, "division by zero");
        if (!strcmp(name, "tdiv"))
            mpz_tdiv_q(out, a[0], a[1]);
        else if (!strcmp(name, "tmod"))
            mpz_tdiv_r(out, a[0], a[1]);
        else if (!strcmp(name, "cdiv"))
            mpz_cdiv_q(out, a[0], a[1]);
        else
            mpz_cdiv_r(out, a[0], a[1]);
    }
    return 0;
}

/* a name at ps->p: a function call, or a variable */
static int name_or_call(parser *ps, mpz_t out)
{
    const char *at = ps->p;
    char name[16];
    size_t len = 0;
    while (isalnum((unsigned char)*ps->p) || *ps->p == '_') {
        if (len + 1 < sizeof name)
            name[len] = *ps->p;
        len++;
        ps->p++;
    }
    if (len >= sizeof name)
        return fail(ps, at, "unknown name");
    name[len] = 0;
    if (!accept(ps, '(')) {
        if (len != 1 || !islower((unsigned char)name[0]))
            return fail(ps, at, "unknown name");
        if (!var_set[name[0] - 'a'])
            return fail(ps, at, "variable not set");
        mpz_set(out, vars[name[0] - 'a']);
        return 0;
    }
    mpz_t a[3];
    int n = 0, err = 0;
    do {
        if (n == 3) {
            err = fail(ps, ps->p, "too many arguments");
            break;
        }
        mpz_init(a[n++]);
        err = expr(ps, a[n - 1]);
    } while (!err && accept(ps, ','));
    if (!err && !accept(ps, ')'))
        err = fail(ps, ps->p, "expected ')'");
    if (!err)
        err = call(ps, at, name, out, a, n);
    while (n > 0)
        mpz_clear(a[--n]);
    return err;
}

static int primary(parser *ps, mpz_t out)
{
    skip_space(ps);
    const char *at = ps->p;
    if (accept(ps, '(')) {
        if (expr(ps, out))
            return -1;
        return accept(ps, ')') ? 0 : fail(ps, ps->p, "expected ')'");
    }
    if (isalpha((unsigned char)*at))
        return name_or_call(ps, out);
    if (!isdigit((unsigned char)*at))
        return fail(ps, at, *at ? "expected a number" : "unexpected end of line");
    int base = 10;
    if (at[0] == '0' && (at[1] == 'x' || at[1] == 'X') && isxdigit((unsigned char)at[2])) {
        base = 16;
        at += 2;
    }
    const char *end = at;
    while (base == 16 ? isxdigit((unsigned char)*end) : isdigit((unsigned char)*end))
        end++;
    if (isalnum((unsigned char)*end) || *end == '_')
        return fail(ps, end, "bad digit");
    char *digits = malloc((size_t)(end - at) + 1);
    if (!digits)
        exit(2);
    memcpy(digits, at, (size_t)(end - at));
    digits[end - at] = 0;
    mpz_set_str(out, digits, base);
    free(digits);
    ps->p = end;
    return 0;
}

static int unary(parser *ps, mpz_t out)
{
    skip_space(ps);
    const char *at = ps->p;
    if (++ps->depth > MAX_DEPTH) {
        ps->depth--;
        return fail(ps, at, "nesting too deep");
    }
    int err;
    if (accept(ps, '-')) {
        err = unary(ps, out);
        mpz_neg(out, out);
    } else if (accept(ps, '+'))
        err = unary(ps, out);
    else if (!(err = primary(ps, out)) && accept(ps, '^')) {
        mpz_t e;
        mpz_init(e);
        at = ps->p - 1;
        err = unary(ps, e) || power(ps, at, out, out, e);
        mpz_clear(e);
    }
    ps->depth--;
    return err ? -1 : 0;
}

/* out = a op b for a binary operator of expr or term */
static int binary(parser *ps, const char *at, char op, mpz_t a, const mpz_t b)
{
    if (op == '+')
        mpz_add(a, a, b);
    else if (op == '-')
        mpz_sub(a, a, b);
    else if (op == '*') {
        if (mpz_sizeinbase(a, 2) + mpz_sizeinbase(b, 2) > MAX_BITS)
            return fail(ps, at, "result too large");
        mpz_mul(a, a, b);
    } else if (mpz_sgn(b) == 0)
        return fail(ps, at, "division by zero");
    else if (op == '/')
        mpz_fdiv_q(a, a, b);
    else
        mpz_fdiv_r(a, a, b);
    return 0;
}

/* expr (level 0, the operators + -) and term (level 1, * / %): operands of the next level
 * joined by this level's operators, left to right */
static int operands(parser *ps, mpz_t out, int level)
{
    static const char *const ops[] = {"+-", "*/%"};
    if (level ? unary(ps, out) : operands(ps, out, 1))
        return -1;
    mpz_t b;
    mpz_init(b);
    int err = 0;
    for (;;) {
        skip_space(ps);
        const char *at = ps->p;
        if (!*at || !strchr(ops[level], *at))
            break;
        ps->p++;
        err = level ? unary(ps, b) : operands(ps, b, 1);
        if (err || (err = binary(ps, at, *at, out, b)))
            break;
    }
    mpz_clear(b);
    return err;
}

static int expr(parser *ps, mpz_t out)
{
    return operands(ps, out, 0);
}

/* evaluates one line (without its newline) and prints the result or the error */
static void run_line(char *line, mpz_t result)
{
    char *comment = strchr(line, '#');
    if (comment)
        *comment = 0;
    parser ps = {line, line, NULL, 0, 0};
    skip_space(&ps);
    if (!*ps.p)
        return;
    int var = -1;
    if (islower((unsigned char)ps.p[0]) && !isalnum((unsigned char)ps.p[1]) && ps.p[1] != '_') {
        const char *after = ps.p + 1;
        while (*after == ' ' || *after == '\t')
            after++;
        if (*after == '=') {
            var = ps.p[0] - 'a';
            ps.p = after + 1;
        }
    }
    if (!expr(&ps, result)) {
        skip_space(&ps);
        if (*ps.p)
            fail(&ps, ps.p, *ps.p == ')' ? "unbalanced ')'" : "unexpected character");
    }
    if (ps.err) {
        printf("error at %zu: %s\n", ps.col, ps.err);
        return;
    }
    if (var >= 0) {
        mpz_set(vars[var], result);
        var_set[var] = 1;
        printf("%c = ", 'a' + var);
    }
    mpz_out_str(stdout, 10, result);
    putchar('\n');
}

int main(void)
{
    size_t cap = 256, len = 0;
    char *line = malloc(cap);
    if (!line)
        return 2;
    mpz_t result;
    mpz_init(result);
    for (int i = 0; i < 26; i++)
        mpz_init(vars[i]);
    for (int c; (c = getchar()) != EOF;) {
        if (len + 1 == cap && !(line = realloc(line, cap *= 2)))
            return 2;
        if (c != '\n') {
            line[len++] = (char)c;
            continue;
        }
        line[len] = 0;
        run_line(line, result);
        len = 0;
    }
    if (len) { /* the last line without its newline */
        line[len] = 0;
        run_line(line, result);
    }
    for (int i = 0; i < 26; i++)
        mpz_clear(vars[i]);
    mpz_clear(result);
    free(line);
    return 0;
}
