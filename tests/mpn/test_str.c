/* Radix conversion and byte import/export against GMP: every base 2..36, lengths around the
 * divide-and-conquer thresholds, round trips, a 10^6-digit decimal number (CARRY_TEST_REPS >= 1),
 * malformed strings, guard bytes and limbs around every output and the scratch.
 * SPDX-License-Identifier: MIT */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"
#include "../../src/core/tune.h" /* the crossovers of the back end under test */
#include "../../src/mpn/radix.h"

#define GB 16 /* guard bytes around strings */

/* Limbs of z in carry's limb width (GMP's may differ). */
static size_t limbs(mpz_srcptr z)
{
    return mpz_sgn(z) ? (mpz_sizeinbase(z, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS : 0;
}

static char *str_alloc(size_t n)
{
    char *p = malloc(n + 2 * GB);
    memset(p, 0x5a, n + 2 * GB);
    return p + GB;
}

static int str_guards_ok(const char *p, size_t n)
{
    for (size_t i = 0; i < GB; i++)
        if (p[-1 - (ptrdiff_t)i] != 0x5a || p[n + i] != 0x5a)
            return 0;
    return 1;
}

static void str_free(char *p) { free(p - GB); }

/* get_str of {a, n} against mpz_get_str, then set_str of GMP's string (randomly upper-cased,
 * with leading zeros sometimes) back to {a, n}. */
static void check_number(const cy_limb *a, size_t n, int base)
{
    mpz_t A, G;
    mpz_inits(A, G, NULL);
    t_to_mpz(A, a, n);
    char *want = mpz_get_str(NULL, base, A);
    size_t wlen = strlen(want);

    size_t bound = cy_mpn_sizeinbase(a, n, base);
    T_CHECK(bound >= wlen && bound <= wlen + 1, "sizeinbase base=%d n=%zu: %zu for %zu digits", base, n,
            bound, wlen);
    size_t itch = cy_mpn_get_str_itch(n, base);
    cy_limb *s = t_alloc(itch), *ac = t_alloc(n);
    cy_mpn_copy(ac, a, n);
    char *got = str_alloc(bound);
    size_t glen = cy_mpn_get_str(got, base, ac, n, s);
    int ok = glen == wlen && memcmp(got, want, wlen) == 0;
    T_CHECK(ok && str_guards_ok(got, bound) && t_guards_ok(s, itch) && cy_mpn_cmp(ac, a, n) == 0,
            "get_str base=%d n=%zu: %s", base, n, ok ? "guard or input changed" : "wrong digits");
    if (!ok && wlen < 200)
        fprintf(stderr, "  got  %.*s\n  want %s\n", (int)glen, got, want);

    /* set_str */
    size_t extra = t_below(4) == 0 ? t_below(5) : 0, len = wlen + extra;
    char *in = malloc(len + 1);
    memset(in, '0', extra);
    for (size_t i = 0; i < wlen; i++)
        in[extra + i] = t_below(2) ? (char)toupper((unsigned char)want[i]) : want[i];
    size_t rcap = cy_mpn_set_str_size(len, base), sitch = cy_mpn_set_str_itch(len, base), rn = 12345;
    cy_limb *r = t_alloc(rcap), *ss = t_alloc(sitch);
    int rc = cy_mpn_set_str(r, &rn, in, len, base, ss);
    t_to_mpz(G, r, rn <= rcap ? rn : 0);
    size_t want_n = limbs(A);
    ok = rc == CY_OK && rn == want_n && !mpz_cmp(G, A);
    T_CHECK(ok && t_guards_ok(r, rcap) && t_guards_ok(ss, sitch), "set_str base=%d len=%zu: %s", base, len,
            ok ? "guard limb changed" : "wrong value");
    free(in);
    t_free(r);
    t_free(ss);
    str_free(got);
    t_free(s);
    t_free(ac);
    free(want);
    mpz_clears(A, G, NULL);
}

static void check_random(size_t n, int base)
{
    cy_limb *a = t_alloc(n);
    t_fill(a, n, T_ANY);
    check_number(a, n, base);
    t_free(a);
}

/* Malformed input: an error code, and neither r nor *rn touched. */
static void check_errors(void)
{
    cy_limb r[8], s[1];
    size_t rn;
    const char *bad[] = {"12a", "+1", "-1", " 1", "1 ", "0x10", "1.5", "9@", "/", ":", "`", "{", "[", "1\n"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        for (int k = 0; k < 8; k++)
            r[k] = (cy_limb)0x77 * (cy_limb)(k + 1);
        rn = 999;
        int rc = cy_mpn_set_str(r, &rn, bad[i], strlen(bad[i]), 10, s);
        int untouched = rn == 999;
        for (int k = 0; k < 8; k++)
            untouched &= r[k] == (cy_limb)0x77 * (cy_limb)(k + 1);
        T_CHECK(rc == CY_EDIGIT && untouched, "set_str(\"%s\", 10) = %d, output %s", bad[i], rc,
                untouched ? "untouched" : "changed");
    }
    rn = 999;
    T_CHECK(cy_mpn_set_str(r, &rn, "", 0, 10, s) == CY_EEMPTY && rn == 999, "empty string");
    T_CHECK(cy_mpn_set_str(r, &rn, "10", 2, 1, s) == CY_EBASE && rn == 999, "base 1");
    T_CHECK(cy_mpn_set_str(r, &rn, "10", 2, 37, s) == CY_EBASE && rn == 999, "base 37");
    /* a digit just past the base, in every base; and the embedded NUL */
    for (int base = 2; base <= 36; base++) {
        char c = base < 10 ? (char)('0' + base) : (char)('a' + base - 10);
        char str[] = {'1', '0', c, '1', 0};
        if (base == 36)
            str[2] = '~';
        rn = 999;
        int rc = cy_mpn_set_str(r, &rn, str, 4, base, s);
        T_CHECK(rc == CY_EDIGIT && rn == 999, "digit '%c' in base %d: %d", str[2], base, rc);
    }
    rn = 999;
    T_CHECK(cy_mpn_set_str(r, &rn, "1\0" "1", 3, 10, s) == CY_EDIGIT && rn == 999, "embedded NUL");
    /* a long string whose bad digit is at the very end still writes nothing (the D&C path) */
    size_t len = 3 * cy__tune_now()->set_str_dc;
    char *big = malloc(len);
    memset(big, '7', len);
    big[len - 1] = 'x';
    size_t cap = cy_mpn_set_str_size(len, 10);
    cy_limb *rr = t_alloc(cap), *ss = t_alloc(cy_mpn_set_str_itch(len, 10));
    cy_mpn_zero(rr, cap);
    rn = 999;
    T_CHECK(cy_mpn_set_str(rr, &rn, big, len, 10, ss) == CY_EDIGIT && rn == 999 && cy_mpn_zero_p(rr, cap),
            "long string with a bad last digit");
    t_free(rr);
    t_free(ss);
    free(big);
}

static void check_bytes(size_t n)
{
    cy_limb *a = t_alloc(n);
    t_fill(a, n, T_ANY);
    mpz_t A, G;
    mpz_inits(A, G, NULL);
    t_to_mpz(A, a, n);
    size_t full = (mpz_sizeinbase(A, 2) + 7) / 8;
    if (mpz_sgn(A) == 0)
        full = 0;
    size_t len = t_below(n * CY_LIMB_BYTES + 4);
    unsigned char *be = malloc(len + 1), *le = malloc(len + 1), *want = calloc(full + 1, 1);
    size_t cnt = 0;
    mpz_export(want, &cnt, 1, 1, 1, 0, A); /* big-endian, full length */
    int tb = cy_mpn_get_bytes_be(be, len, a, n), tl = cy_mpn_get_bytes_le(le, len, a, n);
    int trunc = full > len, ok = tb == trunc && tl == trunc;
    for (size_t i = 0; i < len; i++) { /* byte i from the least significant end */
        unsigned char w = i < cnt ? want[cnt - 1 - i] : 0;
        ok &= be[len - 1 - i] == w && le[i] == w;
    }
    T_CHECK(ok, "get_bytes n=%zu len=%zu (full %zu)", n, len, full);
    /* import: the low len bytes */
    size_t rn = (len + CY_LIMB_BYTES - 1) / CY_LIMB_BYTES + t_below(2);
    cy_limb *r = t_alloc(rn);
    mpz_t M;
    mpz_init(M);
    mpz_import(M, len, 1, 1, 1, 0, be);
    cy_mpn_set_bytes_be(r, rn, be, len);
    t_to_mpz(G, r, rn);
    ok = !mpz_cmp(G, M) && t_guards_ok(r, rn);
    cy_mpn_set_bytes_le(r, rn, le, len);
    t_to_mpz(G, r, rn);
    ok &= !mpz_cmp(G, M) && t_guards_ok(r, rn);
    T_CHECK(ok, "set_bytes n=%zu len=%zu", n, len);
    mpz_clear(M);
    t_free(r);
    free(be);
    free(le);
    free(want);
    t_free(a);
    mpz_clears(A, G, NULL);
}

/* The constant table of base parameters against a recomputation, and the one-limb path of
 * get_str at every power of the base and its neighbours: base^j - 1, base^j, base^j + 1 (j up to
 * past the chunk k, so big = base^k and the split by it), big * m - 1 and big * m, B - 1. */
static void check_radix_table(int base)
{
    const cy__radix *ri = cy__radix_of(base);
    cy_limb big = 1;
    unsigned k = 0;
    while (big <= CY_LIMB_MAX / (cy_limb)base) {
        big *= (cy_limb)base;
        k++;
    }
    cy_mpn_div1_inv inv;
    cy_mpn_div1_inv_init(&inv, big);
    T_CHECK(ri->base == base && ri->chunk == k && ri->big == big && ri->inv.d == inv.d &&
                ri->inv.dnorm == inv.dnorm && ri->inv.v == inv.v && ri->inv.shift == inv.shift &&
                ri->log2 == ((base & (base - 1)) ? 0u : (unsigned)cy__ctz((cy_limb)base)),
            "radix table base=%d", base);
    cy_limb a[1];
    cy_limb p = 1;
    for (unsigned j = 0; j <= k; j++, p *= (cy_limb)base)
        for (int d = -1; d <= 1; d++) {
            a[0] = p + (cy_limb)d;
            check_number(a, 1, base);
        }
    for (cy_limb m = 1; m < (cy_limb)base && big <= CY_LIMB_MAX / m; m++)
        for (int d = -1; d <= 0; d++) {
            a[0] = big * m + (cy_limb)d;
            check_number(a, 1, base);
        }
    a[0] = CY_LIMB_MAX;
    check_number(a, 1, base);
}

/* check_number on the value of A (not zero). */
static void check_mpz(mpz_srcptr A, int base)
{
    size_t an = limbs(A);
    cy_limb *a = t_alloc(an);
    t_from_mpz(a, an, A);
    check_number(a, an, base);
    t_free(a);
}

/* The scaled remainder tree of get_str (from get_str_srt limbs) on about n limbs, with the
 * operands whose digits hold the long runs of 0 and base-1 where a truncated fraction gives a
 * wrong chunk: base^j and base^j +- 1 (j the most digits in n limbs), big^(2^i) - 1 and
 * big^(2^i) (the powers the tree multiplies by), r base^j' +- 1 with j' at a random split point,
 * all-ones limbs, random. full = 0: only base^j - 1 and a random number (the largest sizes). */
static void check_srt_size(size_t n, int base, int full)
{
    const cy__radix *ri = cy__radix_of(base);
    mpz_t A, P, R;
    mpz_inits(A, P, R, NULL);
    mpz_set_ui(P, 0);
    mpz_setbit(P, n * CY_LIMB_BITS);
    size_t j = mpz_sizeinbase(P, (int)base) - 2; /* base^j < B^n */
    mpz_ui_pow_ui(P, (unsigned long)base, (unsigned long)j);
    mpz_sub_ui(A, P, 1);
    check_mpz(A, base);
    check_random(n, base);
    if (full) {
        check_mpz(P, base);
        mpz_add_ui(A, P, 1);
        check_mpz(A, base);
        /* big^(2^i) - 1 and big^(2^i) for the largest power within n limbs */
        size_t c = 1;
        while (c * ri->chunk * 2 <= j)
            c *= 2;
        mpz_ui_pow_ui(P, (unsigned long)base, (unsigned long)(c * ri->chunk));
        check_mpz(P, base);
        mpz_sub_ui(A, P, 1);
        check_mpz(A, base);
        /* a random top, then a run of zeros or base-1 digits down to a small random tail */
        for (int d = -1; d <= 1; d += 2) {
            size_t jj = j / 4 + t_below(j / 2);
            mpz_ui_pow_ui(P, (unsigned long)base, (unsigned long)jj);
            cy_limb *r = t_alloc(n);
            t_fill(r, n / 4 + 1, T_UNIFORM);
            t_to_mpz(R, r, n / 4 + 1);
            mpz_mul(A, R, P);
            if (d < 0)
                mpz_sub_ui(A, A, 1 + t_below(1000));
            else
                mpz_add_ui(A, A, 1 + t_below(1000));
            check_mpz(A, base);
            t_free(r);
        }
        cy_limb *a = t_alloc(n);
        t_fill(a, n, T_ONES);
        check_number(a, n, base);
        t_fill(a, n, T_RUNS);
        a[n - 1] |= 1;
        check_number(a, n, base);
        t_free(a);
    }
    mpz_clears(A, P, R, NULL);
}

static void check_srt(void)
{
    /* the tree at every small size and base, its threshold forced down (it needs 4 chunks) */
    cy__tune low = *cy__tune_now();
    low.get_str_srt = 2;
    cy__tune_force(&low);
    for (int base = 3; base <= 36; base++) {
        if (!(base & (base - 1)))
            continue;
        for (size_t n = 2; n <= 70; n += base == 10 ? 1 : 1 + t_below(20))
            check_srt_size(n, base, 1);
    }
    for (size_t rep = 0; rep < t_reps(4); rep++)
        check_srt_size(70 + t_below(1500), 3 + (int)t_below(34), 1);
    cy__tune_force(NULL);
    /* around the threshold and well above it, decimal */
    size_t T = cy__tune_now()->get_str_srt;
    size_t sizes[] = {T - 1, T, T + 1, 2000, 5000, 16000, 40000};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++)
        if (sizes[i] < 60000)
            check_srt_size(sizes[i], 10, sizes[i] == T || sizes[i] <= 16000);
}

int main(void)
{
    t_init("test_str");
    check_errors();
    check_srt();
    for (int base = 2; base <= 36; base++) {
        check_radix_table(base);
        for (size_t n = 0; n <= 2 * cy__tune_now()->get_str_dc + 5; n++)
            for (size_t rep = 0; rep < t_reps(2); rep++)
                check_random(n, base);
        for (size_t rep = 0; rep < t_reps(3); rep++)
            check_random(1 + t_below(3000), base);
        /* edge values: B^k - 1, B^k, base^j - 1, base^j */
        for (size_t k = 1; k < 80; k += 7) {
            cy_limb *a = t_alloc(k + 1);
            t_fill(a, k, T_ONES);
            check_number(a, k, base);
            cy_mpn_zero(a, k);
            a[k] = 1;
            check_number(a, k + 1, base);
            mpz_t P;
            mpz_init(P);
            mpz_ui_pow_ui(P, (unsigned long)base, (unsigned long)(k * 9));
            size_t pn = (mpz_sizeinbase(P, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
            cy_limb *p = t_alloc(pn);
            t_from_mpz(p, pn, P);
            check_number(p, pn, base);
            cy_mpn_sub_1(p, p, pn, 1);
            check_number(p, pn, base);
            t_free(p);
            t_free(a);
            mpz_clear(P);
        }
    }
    /* set_str lengths around its threshold and the split points (digits) */
    size_t T = cy__tune_now()->set_str_dc;
    size_t marks[] = {T - 1, T, T + 1, 2 * T - 1, 2 * T, 2 * T + 1, 4 * T + 3};
    for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
        for (int base = 2; base <= 36; base += 1 + (int)t_below(t_reps(1000) >= 1000 ? 6 : 20)) {
            mpz_t A;
            mpz_init(A);
            char *digits = malloc(marks[m] + 1);
            for (size_t i = 0; i < marks[m]; i++)
                digits[i] = "0123456789abcdefghijklmnopqrstuvwxyz"[i == 0 ? 1 + t_below((size_t)base - 1)
                                                                           : t_below((size_t)base)];
            digits[marks[m]] = 0;
            mpz_set_str(A, digits, base);
            size_t an = limbs(A);
            cy_limb *a = t_alloc(an);
            t_from_mpz(a, an, A);
            check_number(a, an, base);
            t_free(a);
            free(digits);
            mpz_clear(A);
        }
    for (size_t n = 0; n < 40; n++)
        for (size_t rep = 0; rep < t_reps(4); rep++)
            check_bytes(n);
    /* big decimal numbers: 10^6 digits at full scale (CARRY_TEST_REPS >= 1), else 2 * 10^4 */
    int full = t_reps(1000) >= 1000;
    size_t big[] = {full ? 100000 : 20000, 1000000};
    for (size_t b = 0; b < 2; b++) {
        if (b == 1 && !full)
            break;
        mpz_t A;
        mpz_init(A);
        size_t an = (size_t)(big[b] * 3.3219280948873623 / CY_LIMB_BITS);
        cy_limb *a = t_alloc(an);
        t_fill(a, an, T_UNIFORM);
        a[an - 1] |= 1;
        check_number(a, an, 10);
        t_free(a);
        mpz_clear(A);
    }
    return t_done();
}
