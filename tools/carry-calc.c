/* carry-calc: an integer calculator on carry/int.h. This file is the program (options, input,
 * output, the terminal); the evaluator of one line is tools/calc/calc.c (the grammar and the
 * limits are in tools/calc/calc.h), the line editor tools/calc/lineedit.c. The usage text below
 * is the user's documentation. SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* getline, clock_gettime, alarm */
#include <ctype.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "calc/calc.h"
#include "calc/lineedit.h"

static const char usage_text[] =
    "usage: carry-calc [-x] [-q] [-t] [--timeout SECONDS] [EXPRESSION...]\n"
    "Evaluates each EXPRESSION, or each line of standard input, over the integers and prints one\n"
    "line per input line: the value in decimal (-x: hexadecimal), or \"error: ...\". On a terminal\n"
    "it prompts and edits the line (arrows, home/end, backspace, up/down history, Ctrl-C abandons\n"
    "the line, Ctrl-D on an empty line quits).\n"
    "  numbers    decimal, 0x hex, 0b binary\n"
    "  operators  + - * / % ^ (power, right associative; -2^2 = -4), unary - +, parentheses;\n"
    "             / and % round towards minus infinity, as Python's // and %\n"
    "  functions  gcd(a,b) lcm(a,b) sqrt(a) root(a,n) powm(b,e,m) invert(a,m) fact(n) fib(n)\n"
    "             binomial(n,k) isprime(a) nextprime(a) jacobi(a,b) and(a,b) or(a,b) xor(a,b)\n"
    "             abs(a) digits(a) bits(a); powm and invert follow Python's pow(): the result\n"
    "             has the sign of m; and/or/xor on two's complement, as Python's & | ^\n"
    "  variables  x = 2^127 - 1 sets x (and prints its value); ans is the last value\n"
    "  limits     every value at most 2^26 bits (a larger result is an error, and work that\n"
    "             would surely exceed it is not started); fact(n) for n <= 10^6, fib(n) for\n"
    "             n <= 9.6 10^7; 1000 levels of nesting. Time is bounded only by --timeout.\n"
    "options:\n"
    "  -x                 hexadecimal output (0x prefix)\n"
    "  -q                 errors on standard error only: a failed line gives an empty line on\n"
    "                     standard output instead of an \"error:\" line\n"
    "  -t                 print the time of each line (evaluation and printing) to standard error\n"
    "  --timeout SECONDS  stop (exit status 3) when one line takes longer than SECONDS\n"
    "Errors name the line (or argument) and column, with the input and a caret under the column,\n"
    "on standard error. Exit status: 0 if every line succeeded, 1 if any failed, 2 for a usage\n"
    "error, 3 when --timeout stopped the program.\n";

typedef struct {
    int hex, quiet, timing;
    unsigned timeout;
} options;

static void on_alarm(int sig)
{
    (void)sig;
    static const char msg[] = "\ncarry-calc: time limit exceeded (--timeout)\n";
    if (write(STDERR_FILENO, msg, sizeof msg - 1) < 0) { /* nothing more to do: exiting */
    }
    _exit(3);
}

/* Prints v on its own line: 0, or -1 when out of memory. */
static int print_value(const cy_int *v, int hex)
{
    char *s;
    if (cy_int_get_str_alloc(&s, NULL, hex ? 16 : 10, v))
        return -1;
    int neg = s[0] == '-';
    printf("%s%s%s\n", neg ? "-" : "", hex ? "0x" : "", s + neg);
    cy_free(s);
    return 0;
}

/* The input line on f, clipped to a window around col when long, with a caret under col. */
static void echo(FILE *f, const char *s, size_t len, size_t col)
{
    const size_t width = 72;
    size_t from = 0, to = len;
    if (len > width) {
        from = col > width / 2 ? col - width / 2 : 0;
        if (from > len - width)
            from = len - width;
        to = from + width;
    }
    fprintf(f, "  %s", from ? "..." : "");
    for (size_t i = from; i < to; i++)
        fputc(isprint((unsigned char)s[i]) ? s[i] : ' ', f);
    fprintf(f, "%s\n  %*s^\n", to < len ? "..." : "", (int)(col - from + (from ? 3 : 0)), "");
}

/* Evaluates and prints one line. where: "line N" or "argument N", or NULL on a terminal, where
 * the input is on the screen after a prompt of prompt_len characters. Returns 0 or 1 (failed). */
static int run(calc *c, const char *s, size_t len, const char *where, size_t prompt_len, const options *o)
{
    cy_int v;
    cy_int_init(&v);
    calc_error e;
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (o->timeout)
        alarm(o->timeout);
    int bad = calc_eval(c, s, len, &v, &e);
    if (!bad && print_value(&v, o->hex)) {
        bad = -1;
        snprintf(e.msg, sizeof e.msg, "out of memory printing the result");
        e.column = 0;
    }
    if (o->timeout)
        alarm(0);
    clock_gettime(CLOCK_MONOTONIC, &t1);
    cy_int_clear(&v);
    if (bad && !where)
        printf("%*s^\nerror: %s\n", (int)(prompt_len + e.column), "", e.msg);
    else if (bad) {
        if (o->quiet)
            putchar('\n');
        else
            printf("error: column %zu: %s\n", e.column + 1, e.msg);
        fflush(stdout);
        fprintf(stderr, "carry-calc: %s, column %zu: %s\n", where, e.column + 1, e.msg);
        echo(stderr, s, len, e.column);
    }
    fflush(stdout);
    if (o->timing)
        fprintf(stderr, "time: %.6f s\n", (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec));
    return bad ? 1 : 0;
}

static int usage(FILE *f)
{
    fputs(usage_text, f);
    return f == stderr ? 2 : 0;
}

int main(int argc, char **argv)
{
    options o = {0, 0, 0, 0};
    int first = 1, status = 0;
    for (; first < argc; first++) { /* options; anything else is an expression ("-5+3") */
        const char *a = argv[first];
        if (!strcmp(a, "-x"))
            o.hex = 1;
        else if (!strcmp(a, "-q"))
            o.quiet = 1;
        else if (!strcmp(a, "-t"))
            o.timing = 1;
        else if (!strcmp(a, "--timeout") || !strncmp(a, "--timeout=", 10)) {
            const char *v = a[9] == '=' ? a + 10 : first + 1 < argc ? argv[++first] : "";
            char *end;
            unsigned long t = strtoul(v, &end, 10);
            if (!isdigit((unsigned char)v[0]) || *end || t == 0 || t > 86400 * 365) {
                fprintf(stderr, "carry-calc: --timeout needs a number of seconds from 1 to 31536000, not '%s'\n", v);
                return usage(stderr);
            }
            o.timeout = (unsigned)t;
        } else if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return usage(stdout);
        else if (!strcmp(a, "--")) {
            first++;
            break;
        } else if (a[0] == '-' && a[1] == '-' && isalpha((unsigned char)a[2])) {
            fprintf(stderr, "carry-calc: unknown option '%s'\n", a);
            return usage(stderr);
        } else
            break;
    }
    if (o.timeout)
        signal(SIGALRM, on_alarm);
    calc *c = calc_new();
    if (!c) {
        fputs("carry-calc: out of memory\n", stderr);
        return 1;
    }
    char where[64];
    if (first < argc) {
        for (int i = first; i < argc; i++) {
            snprintf(where, sizeof where, "argument %d", i - first + 1);
            status |= run(c, argv[i], strlen(argv[i]), where, 0, &o);
        }
    } else if (isatty(STDIN_FILENO) && isatty(STDOUT_FILENO)) {
        static const char prompt[] = "> ";
        le_history h = {NULL, 0, 0};
        char *line;
        printf("carry-calc: integer expressions, variables (x = 2^127 - 1), ans; --help for more; "
               "Ctrl-D quits\n");
        fflush(stdout);
        while ((line = le_read(prompt, &h)) != NULL) {
            if (line[strspn(line, " \t")]) {
                le_add(&h, line);
                status |= run(c, line, strlen(line), NULL, sizeof prompt - 1, &o);
            }
            free(line);
        }
        le_free(&h);
    } else {
        char *line = NULL;
        size_t cap = 0, lineno = 0;
        ssize_t len;
        while ((len = getline(&line, &cap, stdin)) >= 0) {
            lineno++;
            if (len > 0 && line[len - 1] == '\n')
                line[--len] = 0;
            if (!line[strspn(line, " \t\r")]) { /* a blank line gives a blank line */
                putchar('\n');
                continue;
            }
            snprintf(where, sizeof where, "line %zu", lineno);
            status |= run(c, line, (size_t)len, where, 0, &o);
        }
        free(line);
    }
    calc_free(c);
    return status;
}
