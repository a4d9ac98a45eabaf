/* libFuzzer target: radix conversion with garbage input on every back end. cy_mpn_set_str and
 * cy_int_set_strn on arbitrary bytes and bases must give exactly the documented error (and leave
 * their outputs alone) or the value GMP reads; cy_mpn_get_str and cy_int_get_str of decoded
 * operands must print what GMP prints. SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAXLEN 3000 /* characters: past the divide-and-conquer conversion thresholds */

/* The value of character c as a digit, or 99. */
static int digit(int c)
{
    return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'z' ? c - 'a' + 10 : c >= 'A' && c <= 'Z' ? c - 'A' + 10 : 99;
}

/* Reference reading of the len characters as digits of base into z: CY_EDIGIT or 0. */
static int ref_digits(mpz_t z, const char *s, size_t len, int base)
{
    mpz_set_ui(z, 0);
    for (size_t i = 0; i < len; i++) {
        int d = digit((unsigned char)s[i]);
        if (d >= base)
            return CY_EDIGIT;
        mpz_mul_ui(z, z, (unsigned long)base);
        mpz_add_ui(z, z, (unsigned long)d);
    }
    return 0;
}

static void mpn_set(fz_in *in, const char *s, size_t len)
{
    int base = (int)(fz_byte(in) % 40) - 1; /* -1 .. 38 */
    mpz_t want;
    mpz_init(want);
    int werr = base < 2 || base > 36 ? CY_EBASE : len == 0 ? CY_EEMPTY : ref_digits(want, s, len, base);
    int ok_base = base >= 2 && base <= 36;
    size_t rsize = ok_base ? cy_mpn_set_str_size(len, base) : 1;
    cy_limb *r = fz_alloc(rsize + 1), *sc = fz_alloc(ok_base ? cy_mpn_set_str_itch(len, base) : 0);
    for (size_t i = 0; i <= rsize; i++)
        r[i] = (cy_limb)0x5a5a5a5a5a5a5a5au;
    size_t rn = 12345;
    int err = cy_mpn_set_str(r, &rn, s, len, base, sc);
    FZ_CHECK(err == werr, "mpn_set_str base %d len %zu: %d, want %d", base, len, err, werr);
    if (err) {
        FZ_CHECK(rn == 12345 && r[0] == (cy_limb)0x5a5a5a5a5a5a5a5au, "mpn_set_str wrote its output and failed");
    } else {
        FZ_CHECK(rn <= rsize && (rn == 0 || r[rn - 1]) && fz_eq(r, rn, want), "mpn_set_str base %d len %zu value", base, len);
        FZ_CHECK(r[rsize] == (cy_limb)0x5a5a5a5a5a5a5a5au, "mpn_set_str wrote past set_str_size");
    }
    free(r);
    free(sc);
    mpz_clear(want);
}

/* cy_int_set_strn's grammar (carry/int.h): sign, a prefix by base, at least one digit. */
static int ref_int(mpz_t z, const char *s, size_t len, int base)
{
    if (base != 0 && (base < 2 || base > 36))
        return CY_EINVAL;
    int neg = len && s[0] == '-';
    if (len && (s[0] == '-' || s[0] == '+'))
        s++, len--;
    int px = len >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X');
    int pb = len >= 2 && s[0] == '0' && (s[1] == 'b' || s[1] == 'B');
    if ((base == 0 || base == 16) && px)
        base = 16, s += 2, len -= 2;
    else if (base == 0 && pb)
        base = 2, s += 2, len -= 2;
    else if (base == 0)
        base = 10;
    if (len == 0 || ref_digits(z, s, len, base))
        return CY_EINVAL;
    if (neg)
        mpz_neg(z, z);
    return 0;
}

static void int_set(fz_in *in, const char *s, size_t len)
{
    int base = (int)(fz_byte(in) % 40) - 1;
    mpz_t want, got;
    mpz_inits(want, got, NULL);
    int werr = ref_int(want, s, len, base);
    cy_int r;
    cy_int_init(&r);
    cy_int_set_i64(&r, -12345);
    int err = cy_int_set_strn(&r, s, len, base);
    FZ_CHECK(err == werr, "int_set_strn base %d len %zu: %d, want %d", base, len, err, werr);
    if (err)
        mpz_set_si(want, -12345);
    int rn = abs(r.size);
    mpz_import(got, (size_t)rn, -1, sizeof(cy_limb), 0, 0, r.d);
    if (r.size < 0)
        mpz_neg(got, got);
    FZ_CHECK(!mpz_cmp(got, want) && (rn == 0 || r.d[rn - 1] != 0), "int_set_strn base %d value", base);
    cy_int_clear(&r);
    mpz_clears(want, got, NULL);
}

static void get(fz_in *in)
{
    int base = 2 + fz_byte(in) % 35;
    size_t n = fz_len(in, MAXLEN / 8);
    cy_limb *a = fz_alloc(n);
    fz_limbs(in, a, n);
    mpz_t z;
    mpz_init(z);
    mpz_import(z, n, -1, sizeof *a, 0, 0, a);
    char *ref = mpz_get_str(NULL, base, z);
    size_t bound = cy_mpn_sizeinbase(a, n, base), want = strlen(ref);
    FZ_CHECK(bound == want || (bound == want + 1 && (base & (base - 1))), "sizeinbase %zu for %zu digits", bound, want);
    char *s = malloc(bound);
    cy_limb *sc = fz_alloc(cy_mpn_get_str_itch(n, base));
    size_t len = cy_mpn_get_str(s, base, a, n, sc);
    FZ_CHECK(len == want && !memcmp(s, ref, len), "mpn_get_str base %d n=%zu", base, n);
    free(s);
    free(sc);
    free(ref);
    free(a);
    mpz_clear(z);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = fz_start(data, size);
    fz_cpu(&in);
    int op = fz_byte(&in) % 3;
    if (op == 2) {
        get(&in);
        return 0;
    }
    uint8_t b = fz_byte(&in); /* the rest of the input is the string; base from this byte */
    fz_in bin = fz_start(&b, 1);
    size_t len = in.n < MAXLEN ? in.n : MAXLEN;
    const char *s = (const char *)in.p;
    (op ? int_set : mpn_set)(&bin, s, len);
    return 0;
}
