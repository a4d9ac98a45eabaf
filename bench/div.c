/* carry-bench suite "div": division, gcd and decimal conversion against GMP, on the same operands.
 * SPDX-License-Identifier: MIT
 *
 * Rows: divrem_1 (n limbs by one limb), divrem (2n by n limbs), gcd (n by n limbs), get_str and
 * set_str in base 10 (n = digits). GMP's mpn functions where they exist with the same contract
 * (mpn_gcd clobbers its inputs, so both sides copy them; ours copies internally), mpz_get_str and
 * mpz_set_str for the conversions (both sides produce and read ASCII). Rows need GMP's limb to be
 * ours; other builds (limb32) print a note instead. GMP rows for every GMP build carry-bench has
 * ("gmp", "gmp-host": bench/gmp_lib.h). */
#include <gmp.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "carry.h"
#include "gmp_lib.h"

typedef struct {
    const bench_gmp_lib *g; /* the GMP build the *_gmp callbacks call */
    size_t n, dn, len;
    cy_limb *a, *b, *q, *r, *s, *t, *u, dl;
    char *str;
    mpz_t z;
} ctx;

#define G(p) ((mp_limb_t *)(void *)(p))

static void *xmalloc(size_t bytes)
{
    void *p = malloc(bytes ? bytes : 1);
    if (!p)
        abort();
    return p;
}

static cy_limb *limbs(size_t n)
{
    cy_limb *p = xmalloc(n * sizeof *p);
    bench_random(p, n * sizeof *p);
    return p;
}

/* bench_time for fast calls, bench_time_slow for calls of milliseconds and more */
static double measure(bench_fn fn, void *c)
{
    double once = bench_time_slow(fn, c, 1);
    if (once > 2e7)
        return bench_time_slow(fn, c, bench_quick ? 1 : 3);
    return bench_time(fn, c);
}

static void divrem_1_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_mpn_divrem_1(c->q, c->a, c->n, c->dl)); }
static void divrem_1_gmp(void *p) { ctx *c = p; BENCH_KEEP(c->g->n_divrem_1(G(c->q), 0, G(c->a), (mp_size_t)c->n, c->dl)); }
static void divrem_carry(void *p) { ctx *c = p; cy_mpn_divrem(c->q, c->r, c->a, c->n, c->b, c->dn, c->s); }
static void divrem_gmp(void *p)
{
    ctx *c = p;
    c->g->n_tdiv_qr(G(c->q), G(c->r), 0, G(c->a), (mp_size_t)c->n, G(c->b), (mp_size_t)c->dn);
}
static void gcd_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_mpn_gcd(c->r, c->a, c->n, c->b, c->n, c->s)); }
static void gcd_gmp(void *p)
{
    ctx *c = p;
    memcpy(c->t, c->a, c->n * sizeof *c->a);
    memcpy(c->u, c->b, c->n * sizeof *c->b);
    BENCH_KEEP(c->g->n_gcd(G(c->r), G(c->t), (mp_size_t)c->n, G(c->u), (mp_size_t)c->n));
}
static void get_str_carry(void *p) { ctx *c = p; BENCH_KEEP(cy_mpn_get_str(c->str, 10, c->a, c->n, c->s)); }
static void get_str_gmp(void *p) { ctx *c = p; BENCH_KEEP(c->g->z_get_str(c->str, 10, c->z)); }
static void set_str_carry(void *p)
{
    ctx *c = p;
    size_t rn;
    BENCH_KEEP(cy_mpn_set_str(c->r, &rn, c->str, c->len, 10, c->s));
}
static void set_str_gmp(void *p) { ctx *c = p; BENCH_KEEP(c->g->z_set_str(c->z, c->str, 10)); }

static void row2(const char *op, size_t n, double units, bench_fn ours, bench_fn peer, ctx *c)
{
    bench_row("div", op, "carry", n, units, measure(ours, c));
    bench_gmp_rows("div", op, NULL, n, units, measure, peer, c, &c->g);
}

void bench_div(int quick)
{
    if (CY_LIMB_BITS != GMP_NUMB_BITS) {
        bench_note("div", "skipped: carry limbs are %d bits, GMP's %d", CY_LIMB_BITS, (int)GMP_NUMB_BITS);
        return;
    }
    ctx c;
    mpz_init(c.z);

    /* divrem_1: n limbs by a random (unnormalised) limb */
    static const size_t n1[] = {1, 2, 4, 10, 100, 1000, 10000, 100000};
    static const size_t n1q[] = {1, 100, 10000};
    for (size_t i = 0; i < (quick ? 3u : 8u); i++) {
        c.n = quick ? n1q[i] : n1[i];
        c.a = limbs(c.n);
        c.q = limbs(c.n);
        c.dl = 0x3b9aca07u * 1234567u + 1; /* not normalised: the shifting path */
        row2("divrem_1", c.n, (double)c.n, divrem_1_carry, divrem_1_gmp, &c);
        free(c.a);
        free(c.q);
    }

    /* divrem: 2n by n limbs */
    static const size_t n2[] = {2, 4, 8, 16, 64, 256, 1000, 10000};
    static const size_t n2q[] = {2, 16, 256, 1000};
    for (size_t i = 0; i < (quick ? 4u : 8u); i++) {
        size_t n = quick ? n2q[i] : n2[i];
        c.n = 2 * n;
        c.dn = n;
        c.a = limbs(2 * n);
        c.b = limbs(n);
        c.b[n - 1] >>= 3; /* unnormalised */
        c.q = limbs(n + 1);
        c.r = limbs(n);
        c.s = limbs(cy_mpn_divrem_itch(2 * n, n));
        row2("divrem_2n_n", n, (double)n, divrem_carry, divrem_gmp, &c);
        free(c.a), free(c.b), free(c.q), free(c.r), free(c.s);
    }

    /* gcd: n by n limbs, b odd (GMP's mpn_gcd needs one odd operand) */
    static const size_t n3[] = {1, 2, 4, 10, 30, 100, 300, 1000};
    static const size_t n3q[] = {1, 10, 100};
    for (size_t i = 0; i < (quick ? 3u : 8u); i++) {
        c.n = quick ? n3q[i] : n3[i];
        c.a = limbs(c.n), c.b = limbs(c.n), c.t = limbs(c.n), c.u = limbs(c.n), c.r = limbs(c.n);
        c.a[c.n - 1] |= (cy_limb)1 << (CY_LIMB_BITS - 1);
        c.b[c.n - 1] |= 1;
        c.b[0] |= 1;
        c.s = limbs(cy_mpn_gcd_itch(c.n, c.n));
        row2("gcd", c.n, (double)c.n, gcd_carry, gcd_gmp, &c);
        free(c.a), free(c.b), free(c.t), free(c.u), free(c.r), free(c.s);
    }

    /* decimal conversion of a number of `digits` digits */
    static const size_t n4[] = {1000, 10000, 100000, 1000000};
    for (size_t i = 0; i < (quick ? 2u : 4u); i++) {
        size_t digits = n4[i];
        /* a random digit string, first digit non-zero */
        c.len = digits;
        c.str = xmalloc(digits + 2);
        unsigned char *rnd = xmalloc(digits);
        bench_random(rnd, digits);
        for (size_t j = 0; j < digits; j++)
            c.str[j] = (char)('0' + rnd[j] % 10);
        c.str[0] = '1' + (char)(rnd[0] % 9);
        c.str[digits] = 0;
        free(rnd);
        size_t cap = cy_mpn_set_str_size(digits, 10);
        c.r = limbs(cap);
        c.s = limbs(cy_mpn_set_str_itch(digits, 10));
        row2("set_str_10", digits, (double)digits, set_str_carry, set_str_gmp, &c);
        free(c.s);
        /* get_str of that value */
        mpz_set_str(c.z, c.str, 10);
        c.n = mpz_size(c.z);
        c.a = c.r;
        mpz_export(c.a, NULL, -1, sizeof(cy_limb), 0, 0, c.z);
        c.s = limbs(cy_mpn_get_str_itch(c.n, 10));
        free(c.str);
        c.str = xmalloc(cy_mpn_sizeinbase(c.a, c.n, 10) + 2);
        row2("get_str_10", digits, (double)digits, get_str_carry, get_str_gmp, &c);
        free(c.s), free(c.str), free(c.r);
    }
    mpz_clear(c.z);
}
