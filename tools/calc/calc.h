/* The evaluator of carry-calc: one line of input to one value, with variables kept between lines.
 * Independent of the terminal and of stdio, so that tools/carry-calc.c (the program) and a fuzz
 * harness can both call it. SPDX-License-Identifier: MIT
 *
 * Grammar (a recursive-descent parser with an explicit nesting limit, so that no input exhausts
 * the stack):
 *
 *   line    = [ name "=" ] expr
 *   expr    = term { ("+" | "-") term }
 *   term    = unary { ("*" | "/" | "%") unary }
 *   unary   = ("-" | "+") unary | power
 *   power   = primary [ "^" unary ]                   right associative: 2^3^2 = 2^9; -2^2 = -4
 *   primary = number | "(" expr ")" | name "(" expr { "," expr } ")" | name
 *   number  = decimal digits | "0x" hex digits | "0b" binary digits
 *   name    = letter or "_", then letters, digits, "_" (at most CALC_NAME_MAX characters)
 *
 * / and % are floor division and its remainder (the remainder has the divisor's sign), and
 * powm and invert follow Python's pow(b, e, m) for a negative m (the result has m's sign):
 * Python's integers are the reference. Functions: gcd(a, b), lcm(a, b), sqrt(a) (floor),
 * root(a, n) (truncated), powm(b, e, m), invert(a, m), fact(n), fib(n), binomial(n, k),
 * isprime(a) (1 or 0, Baillie-PSW), nextprime(a), jacobi(a, b), and(a, b), or(a, b), xor(a, b)
 * (two's complement, as Python's & | ^), abs(a), digits(a) (decimal digits of |a|, 1 for 0),
 * bits(a) (bit length of |a|, 0 for 0). A name alone is a variable: set by "name = expr"; ans is the value of the
 * last line that succeeded (0 at first).
 *
 * Limits: every value (literals, intermediate results, variables) has at most CALC_MAX_BITS bits
 * (exactly: a value of CALC_MAX_BITS bits is accepted, one bit more is an error; the work is
 * skipped when a lower bound of the result already exceeds it); fact(n) for n <= CALC_MAX_FACT, fib(n) for n <= CALC_MAX_FIB;
 * CALC_MAX_DEPTH levels of nesting; CALC_MAX_VARS variables. Time is not bounded here (powm with
 * a 2^26-bit exponent and modulus runs for days): carry-calc's --timeout is that bound. */
#ifndef CARRY_TOOLS_CALC_H
#define CARRY_TOOLS_CALC_H

#include <carry.h>

#define CALC_MAX_BITS ((uint64_t)1 << 26) /* the largest value (8 MiB) */
#define CALC_MAX_FACT 1000000             /* fact(n) for n up to this (about 18.5 million bits) */
#define CALC_MAX_FIB 96000000             /* fib(n) for n up to this (about 66.6 million bits) */
#define CALC_MAX_DEPTH 1000               /* nesting of parentheses, signs and powers */
#define CALC_MAX_VARS 1000
#define CALC_NAME_MAX 32

typedef struct calc calc;

/* The outcome of calc_eval that failed: the message and the 0-based byte offset it points at. */
typedef struct {
    char msg[200];
    size_t column;
} calc_error;

/* A new evaluator (no variables, ans = 0), or NULL when out of memory. */
calc *calc_new(void);
void calc_free(calc *c);

/* Evaluates the line of len bytes at s (s[len] must be '\0'; a NUL byte inside is an error, as is
 * a line of only white space). On success returns 0 with the value in *value and updates ans
 * (and the variable of an assignment); otherwise returns -1 with *err filled, and nothing
 * changes. value must be an initialised cy_int. */
int calc_eval(calc *c, const char *s, size_t len, cy_int *value, calc_error *err);

#endif
