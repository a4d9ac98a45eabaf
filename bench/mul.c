/* carry-bench suite "mul": cy_mpn_mul_n, cy_mpn_sqr and unbalanced cy_mpn_mul against GMP's
 * mpn_mul_n, mpn_sqr and mpn_mul on the same operands, in the back end the dispatcher picks.
 * SPDX-License-Identifier: MIT
 *
 * Rows: group "mul", ops "mul_n", "sqr" (n x n limbs), "mullo_n" (n = 4 .. 16, against GMP's
 * internal but exported mpn_mullo_n) and "mul AxB" (unbalanced), units = limbs of one operand.
 * GMP rows for every GMP build carry-bench has ("gmp", "gmp-host": bench/gmp_lib.h). A note per
 * size gives sqr/mul_n for carry (the squaring target: <= 0.85). */
#include <gmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "carry.h"
#include "gmp_lib.h"

typedef struct {
    const bench_gmp_lib *g; /* the GMP build the gmp_* callbacks call */
    cy_limb *r, *a, *b, *tp;
    mp_limb_t *gr, *ga, *gb;
    size_t an, bn, gan, gbn; /* gan, gbn: the same operands in GMP limbs */
} ctx;

static void carry_mul_n(void *p) { ctx *c = p; cy_mpn_mul_n(c->r, c->a, c->b, c->an, c->tp); }
static void carry_sqr(void *p) { ctx *c = p; cy_mpn_sqr(c->r, c->a, c->an, c->tp); }
static void carry_mul(void *p) { ctx *c = p; cy_mpn_mul(c->r, c->a, c->an, c->b, c->bn, c->tp); }
static void gmp_mul_n(void *p) { ctx *c = p; c->g->n_mul_n(c->gr, c->ga, c->gb, (mp_size_t)c->gan); }
static void gmp_sqr(void *p) { ctx *c = p; c->g->n_sqr(c->gr, c->ga, (mp_size_t)c->gan); }
static void carry_mullo(void *p) { ctx *c = p; cy_mpn_mullo_n(c->r, c->a, c->b, c->an, c->tp); }
static void gmp_mullo(void *p) { ctx *c = p; c->g->n_mullo_n(c->gr, c->ga, c->gb, (mp_size_t)c->gan); }
static void gmp_mul(void *p)
{
    ctx *c = p;
    c->g->n_mul(c->gr, c->ga, (mp_size_t)c->gan, c->gb, (mp_size_t)c->gbn);
}

/* The same bytes as GMP limbs (GMP's limb may be wider than ours in a 32-bit-limb build). */
static size_t gmp_limbs(size_t n)
{
    size_t g = (n * CY_LIMB_BITS + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS;
    return g ? g : 1;
}

static void setup(ctx *c, size_t an, size_t bn)
{
    size_t itch = cy_mpn_mul_itch(an, bn);
    if (an == bn) {
        size_t s = cy_mpn_sqr_itch(an), lo = cy_mpn_mullo_n_itch(an);
        itch = itch > s ? itch : s;
        itch = itch > lo ? itch : lo;
    }
    c->an = an;
    c->bn = bn;
    c->gan = gmp_limbs(an);
    c->gbn = gmp_limbs(bn);
    c->a = calloc(c->gan * sizeof(mp_limb_t) / sizeof(cy_limb) + an, sizeof(cy_limb));
    c->b = calloc(c->gbn * sizeof(mp_limb_t) / sizeof(cy_limb) + bn, sizeof(cy_limb));
    c->r = malloc((an + bn) * sizeof(cy_limb));
    c->tp = malloc((itch + 1) * sizeof(cy_limb));
    c->ga = malloc(c->gan * sizeof(mp_limb_t));
    c->gb = malloc(c->gbn * sizeof(mp_limb_t));
    c->gr = malloc((c->gan + c->gbn) * sizeof(mp_limb_t));
    if (!c->a || !c->b || !c->r || !c->tp || !c->ga || !c->gb || !c->gr) {
        fprintf(stderr, "bench mul: out of memory\n");
        exit(2);
    }
    bench_random(c->a, an * sizeof(cy_limb));
    bench_random(c->b, bn * sizeof(cy_limb));
    memset(c->ga, 0, c->gan * sizeof(mp_limb_t));
    memset(c->gb, 0, c->gbn * sizeof(mp_limb_t));
    memcpy(c->ga, c->a, an * sizeof(cy_limb));
    memcpy(c->gb, c->b, bn * sizeof(cy_limb));
}

static void teardown(ctx *c)
{
    free(c->a); free(c->b); free(c->r); free(c->tp); free(c->ga); free(c->gb); free(c->gr);
}

void bench_mul(int quick)
{
    static const size_t full[] = {1, 2, 3, 4, 5, 6, 7, 8, 12, 16, 24, 32, 48, 64, 100, 200, 500,
                                  1000, 2000, 5000, 10000, 100000};
    static const size_t fast[] = {1, 2, 4, 8, 16, 32, 64, 100, 1000, 10000};
    const size_t *sizes = quick ? fast : full;
    size_t count = quick ? sizeof fast / sizeof fast[0] : sizeof full / sizeof full[0];
    /* CARRY_BENCH_MUL_SIZES=10000,100000,1000000: only these n x n rows (e.g. the transforms'
     * range, 10^6 limbs being beyond the default list) */
    static size_t env_sizes[16];
    const char *env = getenv("CARRY_BENCH_MUL_SIZES");
    if (env && *env) {
        count = 0;
        for (char *end; *env && count < 16; env = *end ? end + 1 : end) {
            env_sizes[count++] = (size_t)strtoull(env, &end, 10);
            if (end == env)
                break;
        }
        sizes = env_sizes;
    }
    char op[40];
    {   /* warm-up: the first timings of a run come out slow (clock ramp, first-touch) */
        ctx c;
        setup(&c, 64, 64);
        bench_time(carry_mul_n, &c);
        for (const bench_gmp_lib *const *g = bench_gmp_libs; *g; g++) {
            c.g = *g;
            bench_time(gmp_mul_n, &c);
        }
        teardown(&c);
    }
    for (size_t i = 0; i < count; i++) {
        size_t n = sizes[i];
        ctx c;
        setup(&c, n, n);
        double tm = bench_time(carry_mul_n, &c);
        bench_row("mul", "mul_n", "carry", n, (double)n, tm);
        bench_gmp_rows("mul", "mul_n", NULL, n, (double)n, bench_time, gmp_mul_n, &c, &c.g);
        double ts = bench_time(carry_sqr, &c);
        bench_row("mul", "sqr", "carry", n, (double)n, ts);
        bench_gmp_rows("mul", "sqr", NULL, n, (double)n, bench_time, gmp_sqr, &c, &c.g);
        bench_note("mul", "carry sqr/mul_n at n = %zu: %.2f", n, ts / tm);
        teardown(&c);
    }
    for (size_t n = 4; n <= 16 && !quick; n++) {
        ctx c;
        setup(&c, n, n);
        bench_row("mul", "mullo_n", "carry", n, (double)n, bench_time(carry_mullo, &c));
        bench_gmp_rows("mul", "mullo_n", NULL, n, (double)n, bench_time, gmp_mullo, &c, &c.g);
        teardown(&c);
    }
    static const size_t shapes[][2] = {{1000, 10}, {10000, 100}, {2000, 1000}};
    for (size_t i = 0; i < (quick ? 1u : 3u); i++) {
        ctx c;
        setup(&c, shapes[i][0], shapes[i][1]);
        snprintf(op, sizeof op, "mul %zux%zu", shapes[i][0], shapes[i][1]);
        bench_row("mul", op, "carry", c.an, (double)c.an, bench_time(carry_mul, &c));
        bench_gmp_rows("mul", op, NULL, c.an, (double)c.an, bench_time, gmp_mul, &c, &c.g);
        teardown(&c);
    }
}
