/* carry-bench suites "int" and "summary": cy_int (carry/int.h) against GMP's mpz on the same
 * values. SPDX-License-Identifier: MIT
 *
 * Rows (n = limbs of the operands, one unit per call): add and mul of two n-limb signed values,
 * fdiv_qr of 2n by n limbs, gcd of two n-limb values, powm with an odd n-limb modulus and an
 * n-limb exponent, get_str and set_str in base 10. The outputs are allocated once before the
 * timing, as a program reusing its variables would; what remains is each library's own per-call
 * work (scratch allocation, sign handling, copies). Operands come from the same limbs on both
 * sides (through strings in base 16, so that GMP's limb width need not be ours). GMP rows for
 * every GMP build carry-bench has ("gmp", "gmp-host": bench/gmp_lib.h). */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "carry.h"
#include "gmp_lib.h"

typedef struct {
    const bench_gmp_lib *g; /* the GMP build the *_gmp callbacks call */
    cy_int a, b, m, q, r;
    mpz_t za, zb, zm, zq, zr;
    char *str;
} ctx;

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        abort();
    return p;
}

/* x (and z) = a random value of n limbs, top limb non-zero, with the given sign. */
static void random_value(cy_int *x, mpz_t z, size_t n, int neg)
{
    cy_limb *p = xmalloc(n * sizeof *p);
    bench_random(p, n * sizeof *p);
    p[n - 1] |= (cy_limb)1 << (CY_LIMB_BITS - 1);
    char *s = xmalloc(n * CY_LIMB_BYTES * 2 + 2), *q = s;
    if (neg)
        *q++ = '-';
    for (size_t i = n; i-- > 0;)
        for (int j = CY_LIMB_BITS - 4; j >= 0; j -= 4)
            *q++ = "0123456789abcdef"[(p[i] >> j) & 15];
    *q = 0;
    if (cy_int_set_str(x, s, 16) || mpz_set_str(z, s, 16))
        abort();
    free(s);
    free(p);
}

static double measure(bench_fn fn, void *c)
{
    double once = bench_time_slow(fn, c, 1);
    if (once > 2e7)
        return bench_time_slow(fn, c, bench_quick ? 1 : 3);
    return bench_time(fn, c);
}

static void add_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_int_add(&c->q, &c->a, &c->b)); }
static void add_gmp(void *p) { ctx *c = p; c->g->z_add(c->zq, c->za, c->zb); }
static void mul_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_int_mul(&c->q, &c->a, &c->b)); }
static void mul_gmp(void *p) { ctx *c = p; c->g->z_mul(c->zq, c->za, c->zb); }
static void div_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_int_fdiv_qr(&c->q, &c->r, &c->m, &c->b)); }
static void div_gmp(void *p) { ctx *c = p; c->g->z_fdiv_qr(c->zq, c->zr, c->zm, c->zb); }
static void gcd_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_int_gcd(&c->q, &c->a, &c->b)); }
static void gcd_gmp(void *p) { ctx *c = p; c->g->z_gcd(c->zq, c->za, c->zb); }
static void powm_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_int_powm(&c->q, &c->a, &c->b, &c->m)); }
static void powm_gmp(void *p) { ctx *c = p; c->g->z_powm(c->zq, c->za, c->zb, c->zm); }
static void get_str_carry(void *p)
{
    ctx *c = p;
    BENCH_KEEP(cy_int_get_str(c->str, cy_int_str_size(&c->a, 10), NULL, 10, &c->a));
}
static void get_str_gmp(void *p) { ctx *c = p; BENCH_KEEP(c->g->z_get_str(c->str, 10, c->za)); }
static void set_str_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_int_set_str(&c->q, c->str, 10)); }
static void set_str_gmp(void *p) { ctx *c = p; BENCH_KEEP(c->g->z_set_str(c->zq, c->str, 10)); }

static void row2(const char *op, size_t n, bench_fn ours, bench_fn peer, ctx *c)
{
    bench_row("int", op, "carry", n, 1, measure(ours, c));
    bench_gmp_rows("int", op, NULL, n, 1, measure, peer, c, &c->g);
}

static void summary_row(const char *op, size_t n, bench_fn ours, bench_fn peer, ctx *c)
{
    bench_row("summary", op, "carry", n, 1, measure(ours, c));
    bench_gmp_rows("summary", op, NULL, n, 1, measure, peer, c, &c->g);
}

void bench_int(int quick)
{
    static const size_t sizes[] = {1, 4, 16, 100, 1000};
    static const size_t quick_sizes[] = {4, 100};
    const size_t *ns = quick ? quick_sizes : sizes;
    size_t count = quick ? sizeof quick_sizes / sizeof *quick_sizes : sizeof sizes / sizeof *sizes;
    for (size_t i = 0; i < count; i++) {
        size_t n = ns[i];
        ctx c;
        cy_int *all[] = {&c.a, &c.b, &c.m, &c.q, &c.r};
        for (size_t k = 0; k < 5; k++)
            cy_int_init(all[k]);
        mpz_inits(c.za, c.zb, c.zm, c.zq, c.zr, NULL);
        random_value(&c.a, c.za, n, 0);
        random_value(&c.b, c.zb, n, 1);
        random_value(&c.m, c.zm, 2 * n, 0);
        /* room for every result, on both sides */
        if (cy_int_reserve(&c.q, 4 * n + 2) || cy_int_reserve(&c.r, 2 * n + 2))
            abort();
        mpz_realloc2(c.zq, (mp_bitcnt_t)(4 * n + 2) * CY_LIMB_BITS);
        mpz_realloc2(c.zr, (mp_bitcnt_t)(2 * n + 2) * CY_LIMB_BITS);
        row2("add", n, add_carry, add_gmp, &c);
        row2("mul", n, mul_carry, mul_gmp, &c);
        row2("fdiv_qr 2n/n", n, div_carry, div_gmp, &c);
        row2("gcd", n, gcd_carry, gcd_gmp, &c);
        c.str = xmalloc(cy_int_str_size(&c.a, 10));
        row2("get_str", n, get_str_carry, get_str_gmp, &c);
        row2("set_str", n, set_str_carry, set_str_gmp, &c);
        free(c.str);
        if (n <= 100) { /* odd modulus of n limbs, exponent of n limbs, base below the modulus */
            random_value(&c.m, c.zm, n, 0);
            if (!cy_int_odd_p(&c.m)) {
                if (cy_int_set_i64(&c.q, 1) || cy_int_add(&c.m, &c.m, &c.q))
                    abort();
                mpz_add_ui(c.zm, c.zm, 1);
            }
            cy_int_abs(&c.b, &c.b);
            mpz_abs(c.zb, c.zb);
            cy_int_fdiv_qr(NULL, &c.a, &c.a, &c.m);
            mpz_fdiv_r(c.za, c.za, c.zm);
            row2("powm odd", n, powm_carry, powm_gmp, &c);
        }
        for (size_t k = 0; k < 5; k++)
            cy_int_clear(all[k]);
        mpz_clears(c.za, c.zb, c.zm, c.zq, c.zr, NULL);
    }
}

/* Suite "summary" (carry-bench --summary): a few operations that show where carry stands against
 * GMP, each at a size where a user meets it, on carry's default back end; a few seconds in all.
 * The op names say what n counts. */
void bench_summary(int quick)
{
    (void)quick;
    ctx c;
    cy_int *all[] = {&c.a, &c.b, &c.m, &c.q, &c.r};
    for (size_t k = 0; k < 5; k++)
        cy_int_init(all[k]);
    mpz_inits(c.za, c.zb, c.zm, c.zq, c.zr, NULL);
    static const size_t mul_limbs[] = {10, 100, 10000};
    for (size_t i = 0; i < sizeof mul_limbs / sizeof *mul_limbs; i++) {
        size_t n = mul_limbs[i];
        random_value(&c.a, c.za, n, 0);
        random_value(&c.b, c.zb, n, 0);
        summary_row("mul (n limbs each)", n, mul_carry, mul_gmp, &c);
    }
    random_value(&c.m, c.zm, 2000, 0); /* 2n by n limbs, n = 1000 */
    random_value(&c.b, c.zb, 1000, 0);
    summary_row("fdiv_qr (2n by n limbs)", 1000, div_carry, div_gmp, &c);
    random_value(&c.a, c.za, 1000, 0);
    summary_row("gcd (n limbs each)", 1000, gcd_carry, gcd_gmp, &c);
    /* 2048-bit odd modulus, 2048-bit exponent, base below the modulus */
    size_t n = 2048 / CY_LIMB_BITS;
    random_value(&c.m, c.zm, n, 0);
    random_value(&c.b, c.zb, n, 0);
    random_value(&c.a, c.za, n - 1, 0);
    if (!cy_int_odd_p(&c.m)) {
        if (cy_int_set_i64(&c.q, 1) || cy_int_add(&c.m, &c.m, &c.q))
            abort();
        mpz_add_ui(c.zm, c.zm, 1);
    }
    summary_row("powm (n-bit modulus, exponent)", 2048, powm_carry, powm_gmp, &c);
    /* decimal conversion of a number of about 10^6 digits: 10^6 / log10(2^64) limbs */
    random_value(&c.a, c.za, (size_t)(1e6 / (CY_LIMB_BITS * 0.30102999566398120) + 1), 0);
    c.str = xmalloc(cy_int_str_size(&c.a, 10));
    size_t digits = strlen(mpz_get_str(c.str, 10, c.za));
    summary_row("get_str base 10 (n digits)", digits, get_str_carry, get_str_gmp, &c);
    summary_row("set_str base 10 (n digits)", digits, set_str_carry, set_str_gmp, &c);
    free(c.str);
    for (size_t k = 0; k < 5; k++)
        cy_int_clear(all[k]);
    mpz_clears(c.za, c.zb, c.zm, c.zq, c.zr, NULL);
}
