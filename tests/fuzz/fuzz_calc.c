/* libFuzzer target: carry-calc's parser and evaluator on arbitrary input lines. tools/carry-calc.c
 * is compiled into this target with its main renamed carry_calc_main (CMakeLists.txt) and run
 * in-process on the input as one expression, its output captured. Checks: no crash, no sanitizer
 * report, no leak; exit status 0 with exactly one number printed and nothing on stderr, or status
 * 1 with one error message naming a column inside the expression on stderr, then the expression
 * with a caret under that column, and the same message on stdout; and a result printed in decimal
 * and (-x) in hexadecimal is the same number. Results are bounded through the allocator: a block
 * over 8 KiB fails (the calculator then reports "out of memory"), which keeps every input fast
 * (it also bounds the work of powm, isprime and nextprime: their scratch outgrows 8 KiB from
 * moduli of about 28 limbs on). Every function of the calculator (tools/calc/calc.c) and its
 * documented limits (calc.h: the 2^26-bit values, fact and fib arguments, 1000 levels of
 * nesting, names of 32 characters) are reachable: fuzz_calc.dict (which tools/fuzz passes)
 * names the functions, operators and limit values, and corpus/fuzz_calc has a seed for each.
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* open_memstream */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

int carry_calc_main(int argc, char **argv);

#define MAX_BLOCK (8 * 1024)
#define MAX_LINE 1100

static void *small_alloc(size_t n) { return n > MAX_BLOCK ? NULL : malloc(n); }
static void *small_realloc(void *p, size_t n) { return n > MAX_BLOCK ? NULL : realloc(p, n); }

/* Runs carry-calc [-x] -- expr with stdout and stderr captured into out and err (malloc'd). */
static int run(char *expr, int hex, char **out, char **err)
{
    size_t on, en;
    FILE *o = open_memstream(out, &on), *e = open_memstream(err, &en), *so = stdout, *se = stderr;
    stdout = o;
    stderr = e;
    char *argv[] = {"carry-calc", hex ? "-x" : "--", hex ? "--" : expr, hex ? expr : NULL, NULL};
    int status = carry_calc_main(hex ? 4 : 3, argv);
    stdout = so;
    stderr = se;
    fclose(o);
    fclose(e);
    return status;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int installed;
    if (!installed) {
        cy_set_allocator(small_alloc, small_realloc, free);
        installed = 1;
    }
    /* one line, as the calculator reads them, long enough for the nesting limit (1000 levels) */
    if (size > MAX_LINE || memchr(data, 0, size) || memchr(data, '\n', size))
        return 0;
    char *expr = malloc(size + 1);
    memcpy(expr, data, size);
    expr[size] = 0;
    if (!expr[strspn(expr, " \t")]) { /* the empty expression is main's case, not the parser's */
        free(expr);
        return 0;
    }
    char *out, *err, *hout, *herr;
    int st = run(expr, 0, &out, &err);
    FZ_CHECK(st == 0 || st == 1, "status %d for \"%s\"", st, expr);
    if (st == 0) {
        size_t digits = strspn(out + (out[0] == '-'), "0123456789");
        FZ_CHECK(!err[0] && digits > 0 && !strcmp(out + (out[0] == '-') + digits, "\n"), "\"%s\": output \"%s\"", expr, out);
        int hst = run(expr, 1, &hout, &herr);
        FZ_CHECK(hst == 0 || (hst == 1 && strstr(herr, "out of memory")), "\"%s\": -x status %d: %s", expr, hst, herr);
        if (hst == 0) {
            mpz_t d, h;
            mpz_inits(d, h, NULL);
            out[strlen(out) - 1] = hout[strlen(hout) - 1] = 0;
            int neg = hout[0] == '-';
            FZ_CHECK(!strncmp(hout + neg, "0x", 2) && !mpz_set_str(d, out, 10) && !mpz_set_str(h, hout + neg + 2, 16), "\"%s\": -x output \"%s\"", expr, hout);
            if (neg)
                mpz_neg(h, h);
            FZ_CHECK(!mpz_cmp(d, h), "\"%s\": %s and %s differ", expr, out, hout);
            mpz_clears(d, h, NULL);
        }
        free(hout);
        free(herr);
    } else {
        /* on stderr "carry-calc: argument 1, column C: message", the input (clipped around C when
         * longer than 72 bytes), and a caret under column C; on stdout "error: column C: message" */
        const char *col = strstr(err, ", column "), *l2 = col ? strchr(col, '\n') + 1 : NULL;
        const char *l3 = l2 ? strchr(l2, '\n') + 1 : NULL;
        FZ_CHECK(l3 && strchr(l3, '\n') && !strchr(l3, '\n')[1] && !strncmp(out, "error:", 6) &&
                     strlen(out + 6) == (size_t)(l2 - col - 1) && !strncmp(out + 6, col + 1, strlen(out + 6)),
                 "\"%s\": output \"%s\", error output \"%s\"", expr, out, err);
        unsigned long c = strtoul(col + 9, NULL, 10);
        size_t caret = strspn(l3, " ");
        FZ_CHECK(c >= 1 && c <= size + 1 && !strcmp(l3 + caret, "^\n") && (size > 72 || caret == c + 1),
                 "\"%s\": column %lu, caret line \"%s\"", expr, c, l3);
    }
    free(out);
    free(err);
    free(expr);
    return 0;
}
