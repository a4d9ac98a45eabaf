/* carry-gmp: strings, streams, the raw format, import and export, random numbers.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <string.h>

#include "core/digit.h"
#include "impl.h"

#define CHECK(call) cy__gmp_check(call)

/* mpz_set_str, as GMP reads: white space before the number; an optional '-' right before the
 * digits or prefix; base 0 reads "0x"/"0X" as 16, "0b"/"0B" as 2, a leading "0" as 8, else 10
 * (a bare prefix is the number 0); then digits of the base in either case (bases 2 to 36 here),
 * with white space among them ignored. 0 on success, -1 (rop unchanged) for an invalid string. */
int mpz_set_str(mpz_ptr rop, const char *str, int base)
{
    if (base != 0 && (base < 2 || base > 36))
        return -1;
    while (isspace((unsigned char)*str))
        str++;
    int neg = *str == '-', prefix = 0;
    str += neg;
    if (base == 0) {
        if (str[0] == '0' && (str[1] == 'x' || str[1] == 'X'))
            base = 16, prefix = 2;
        else if (str[0] == '0' && (str[1] == 'b' || str[1] == 'B'))
            base = 2, prefix = 2;
        else if (str[0] == '0')
            base = 8, prefix = 1;
        else
            base = 10;
    }
    str += prefix;
    size_t n = strlen(str), k = 0;
    char *t = cy__gmp_user_alloc(n + 1);
    int ok = prefix || (*str && !isspace((unsigned char)*str));
    for (size_t i = 0; ok && i < n; i++) {
        int c = tolower((unsigned char)str[i]);
        if (isspace(c))
            continue;
        int v = isdigit(c) ? c - '0' : islower(c) ? c - 'a' + 10 : 99;
        ok = v < base;
        t[k++] = (char)c;
    }
    if (ok) {
        cy_int x;
        cy_int_init(&x);
        if (k)
            CHECK(cy_int_set_strn(&x, t, k, base));
        if (neg)
            cy_int_neg(&x, &x);
        cy_int_swap(CY(rop), &x);
        cy_int_clear(&x);
    }
    void (*f)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &f);
    f(t, n + 1);
    return ok ? 0 : -1;
}

int mpz_init_set_str(mpz_ptr rop, const char *str, int base)
{
    mpz_init(rop);
    return mpz_set_str(rop, str, base);
}

/* mpz_get_str: bases 2..36 in lower case, -2..-36 in upper case (GMP's convention); str NULL:
 * a block of exactly strlen + 1 bytes from the memory functions. NULL for another base. */
char *mpz_get_str(char *str, int base, mpz_srcptr op)
{
    int upper = base < 0;
    if (upper)
        base = -base;
    if (base == 0 || base == 1)
        base = 10;
    if (base < 2 || base > 36)
        return NULL;
    size_t size = cy_int_str_size(CYC(op), base), len = 0;
    char *buf = str;
    if (!buf)
        buf = cy__gmp_user_alloc(size);
    int err = cy_int_get_str(buf, size, &len, base, CYC(op));
    CHECK(err);
    if (upper)
        for (size_t i = 0; i < len; i++)
            buf[i] = (char)toupper((unsigned char)buf[i]);
    if (!str && len + 1 < size) { /* the bound was one too large: shrink to strlen + 1 */
        void *(*re)(void *, size_t, size_t);
        mp_get_memory_functions(NULL, &re, NULL);
        buf = re(buf, size, len + 1);
    }
    return buf;
}

size_t mpz_out_str(FILE *stream, int base, mpz_srcptr op)
{
    if (!stream)
        stream = stdout;
    int b = base < 0 ? -base : base;
    if (b == 0)
        base = 10;
    else if (b < 2 || b > 36)
        return 0;
    char *s = mpz_get_str(NULL, base, op);
    size_t n = strlen(s), w = fwrite(s, 1, n, stream);
    void (*f)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &f);
    f(s, n + 1);
    return w == n ? n : 0;
}

/* The value of c (a character of getc, or EOF) as a digit in bases up to 36, either case; 36,
 * no digit of any base, for every other character. */
static unsigned digit_value(int c)
{
    return c == EOF ? 36 : cy__digit_value((unsigned char)c);
}

/* mpz_inp_str, as GMP's manual ("I/O of Integers") documents it and GMP 6.2 reads (checked
 * character by character against it, tests/gmp/compat_printf.c): white space (isspace), an
 * optional '-', then with base 0 the prefixes "0x"/"0X" (16), "0b"/"0B" (2) or "0" (8), else
 * base 10; then the longest run of digits of the base, whose first non-digit is pushed back.
 * A prefix without digits after it reads as 0 ("0x" then 'g' is 0, the 'g' left unread).
 * Returns the characters consumed (white space included, the pushed-back one not), or 0 if no
 * digit comes after the white space and the sign; the character that showed it is consumed
 * then, and rop keeps its value. Bases 37 to 62 are not supported (0 is returned, nothing read).
 * The digits are collected (leading zeros dropped) and converted by carry in one call. */
/* The next character of f, counted in *n unless it is EOF. */
static int next_char(FILE *f, size_t *n)
{
    int c = getc(f);
    *n += c != EOF;
    return c;
}

size_t mpz_inp_str(mpz_ptr rop, FILE *stream, int base)
{
    if (!stream)
        stream = stdin;
    if (base != 0 && (base < 2 || base > 36))
        return 0;
    size_t nread = 0;
    int c = next_char(stream, &nread);
    while (isspace(c))
        c = next_char(stream, &nread);
    int neg = c == '-';
    if (neg)
        c = next_char(stream, &nread);
    if (digit_value(c) >= (unsigned)(base ? base : 10))
        return 0;
    if (base == 0) {
        base = 10;
        if (c == '0') {
            base = 8;
            c = next_char(stream, &nread);
            if (c == 'x' || c == 'X' || c == 'b' || c == 'B') {
                base = c == 'x' || c == 'X' ? 16 : 2;
                c = next_char(stream, &nread);
            }
        }
    }
    while (c == '0') /* not kept: carry reads the rest, and in bases 34 to 36 no "0x" can start it */
        c = next_char(stream, &nread);
    size_t cap = 64, k = 0;
    char *t = cy__gmp_user_alloc(cap);
    if (!t)
        return 0;
    for (; digit_value(c) < (unsigned)base; c = next_char(stream, &nread)) {
        if (k == cap) {
            char *u = cy__gmp_user_realloc(t, cap, 2 * cap);
            if (!u) {
                cy__gmp_user_free(t, cap);
                return 0;
            }
            t = u, cap *= 2;
        }
        t[k++] = (char)c;
    }
    if (c != EOF) { /* the first non-digit goes back, uncounted */
        ungetc(c, stream);
        nread--;
    }
    int err = CY_OK;
    cy_int x;
    cy_int_init(&x);
    if (k)
        err = cy_int_set_strn(&x, t, k, base);
    cy__gmp_user_free(t, cap);
    if (err == CY_OK) {
        if (neg)
            cy_int_neg(&x, &x);
        cy_int_swap(CY(rop), &x);
    }
    cy_int_clear(&x);
    CHECK(err);
    return err ? 0 : nread;
}

size_t mpz_out_raw(FILE *stream, mpz_srcptr op)
{
    if (!stream)
        stream = stdout;
    int err = cy_int_out_raw(stream, CYC(op));
    if (err == CY_ENOMEM)
        CHECK(err);
    return err ? 0 : 4 + cy_int_export_count(CYC(op), 1, 0);
}

size_t mpz_inp_raw(mpz_ptr rop, FILE *stream)
{
    if (!stream)
        stream = stdin;
    int err = cy_int_inp_raw(CY(rop), stream);
    if (err == CY_ENOMEM)
        CHECK(err);
    return err ? 0 : 4 + cy_int_export_count(CYC(rop), 1, 0);
}

void mpz_import(mpz_ptr rop, size_t count, int order, size_t size, int endian, size_t nails, const void *op)
{
    CHECK(cy_int_import(CY(rop), count, order, size, endian, nails, op));
}

void *mpz_export(void *rop, size_t *countp, int order, size_t size, int endian, size_t nails, mpz_srcptr op)
{
    size_t count = cy_int_export_count(CYC(op), size, nails);
    if (!rop && count)
        rop = cy__gmp_user_alloc(count * size);
    CHECK(cy_int_export(rop, count, NULL, order, size, endian, nails, CYC(op)));
    if (countp)
        *countp = count;
    return rop;
}

/* ---- random numbers: carry's generator, not GMP's streams ---- */

void gmp_randinit_default(gmp_randstate_t st) { cy_rand_init(&st->_cy_state, 0); }
void gmp_randinit_mt(gmp_randstate_t st) { cy_rand_init(&st->_cy_state, 0); }
void gmp_randinit_set(gmp_randstate_t rop, const __gmp_randstate_struct *op) { *rop = *op; }

/* The linear congruential initialisers take carry's generator too (GMP's manual does not promise
 * a stream, and a 2^k-modulus LCG's low bits are weak); a, c and m2exp are not used.
 * gmp_randinit_lc_2exp_size answers as GMP does: 0 (failure) above the 128 bits of its table. */
void gmp_randinit_lc_2exp(gmp_randstate_t st, mpz_srcptr a, unsigned long c, mp_bitcnt_t m2exp)
{
    (void)a, (void)c, (void)m2exp;
    cy_rand_init(&st->_cy_state, 0);
}

int gmp_randinit_lc_2exp_size(gmp_randstate_t st, mp_bitcnt_t size)
{
    if (size > 128)
        return 0;
    cy_rand_init(&st->_cy_state, 0);
    return 1;
}
void gmp_randseed(gmp_randstate_t st, mpz_srcptr seed) { cy_rand_seed(&st->_cy_state, CYC(seed)); }
void gmp_randseed_ui(gmp_randstate_t st, unsigned long seed) { cy_rand_init(&st->_cy_state, seed); }
void gmp_randclear(gmp_randstate_t st) { (void)st; }

unsigned long gmp_urandomb_ui(gmp_randstate_t st, unsigned long n)
{
    uint64_t v = cy_rand_u64(&st->_cy_state);
    return n == 0 ? 0 : n >= 64 ? (unsigned long)v : (unsigned long)(v >> (64 - n));
}

unsigned long gmp_urandomm_ui(gmp_randstate_t st, unsigned long n)
{
    if (n == 0) {
        CHECK(CY_EDIVZERO);
        return 0;
    }
    /* rejection from the largest multiple of n below 2^64: uniform */
    uint64_t lim = UINT64_MAX - UINT64_MAX % n, v;
    do
        v = cy_rand_u64(&st->_cy_state);
    while (v >= lim);
    return (unsigned long)(v % n);
}

void mpz_urandomb(mpz_ptr r, gmp_randstate_t st, mp_bitcnt_t n) { CHECK(cy_int_urandomb(CY(r), &st->_cy_state, n)); }
void mpz_urandomm(mpz_ptr r, gmp_randstate_t st, mpz_srcptr n) { CHECK(cy_int_urandomm(CY(r), &st->_cy_state, CYC(n))); }
void mpz_rrandomb(mpz_ptr r, gmp_randstate_t st, mp_bitcnt_t n) { CHECK(cy_int_rrandomb(CY(r), &st->_cy_state, n)); }
