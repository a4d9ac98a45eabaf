/* carry-bench suite "mpn": the linear kernels, every back end, against GMP's mpn functions.
 * SPDX-License-Identifier: MIT
 *
 * Every row times one call of one kernel on the same operands: carry through its public entry
 * point with each back end this CPU runs (impl "carry-generic", "carry-x86_64", "carry-adx",
 * and "carry-ifma" for neg and com, the kernels ifma has of its own; chosen with cy_cpu_set),
 * and GMP's mpn_* (impl "gmp", and "gmp-host" where carry-bench has the host build:
 * bench/gmp_lib.h). Every side goes through the same harness: a wrapper reads the
 * operands from one context struct and calls the kernel through a function pointer stored there,
 * so the per-call overhead is the same for carry and GMP. units = n, so the
 * table's ticks/unit column is ticks per limb.
 *
 * Operands are random and fixed for the run; cmp compares a vector with an equal copy (the
 * slowest case for both, every limb is read); addmul_1/submul_1 accumulate into the same r again
 * and again, which changes nothing in their timing. GMP rows are skipped when its limb is not the
 * size of ours (CARRY_LIMB_BITS=32 on a 64-bit target), since the operands would differ.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "carry.h"
#include "gmp_lib.h"

/* One call's operands and the function to call. fn holds any function pointer; each wrapper
 * converts it back to the type it was stored from (C11 6.3.2.3p8). */
typedef void (*any_fn)(void);
typedef struct {
    any_fn fn;
    cy_limb *r;
    const cy_limb *a, *b;
    size_t n;
    cy_limb limb;
    unsigned cnt;
} ctx;

/* Signatures, carry's and GMP's. */
typedef cy_limb (*c_rabn)(cy_limb *, const cy_limb *, const cy_limb *, size_t);
typedef void (*c_rabn_v)(cy_limb *, const cy_limb *, const cy_limb *, size_t);
typedef cy_limb (*c_ranl)(cy_limb *, const cy_limb *, size_t, cy_limb);
typedef cy_limb (*c_ranc)(cy_limb *, const cy_limb *, size_t, unsigned);
typedef cy_limb (*c_ran)(cy_limb *, const cy_limb *, size_t);
typedef void (*c_ran_v)(cy_limb *, const cy_limb *, size_t);
typedef int (*c_cmp)(const cy_limb *, const cy_limb *, size_t);

typedef mp_limb_t (*g_rabn)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
typedef void (*g_rabn_v)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
typedef mp_limb_t (*g_ranl)(mp_ptr, mp_srcptr, mp_size_t, mp_limb_t);
typedef mp_limb_t (*g_ranc)(mp_ptr, mp_srcptr, mp_size_t, unsigned);
typedef mp_limb_t (*g_ran)(mp_ptr, mp_srcptr, mp_size_t);
typedef void (*g_ran_v)(mp_ptr, mp_srcptr, mp_size_t);
typedef int (*g_cmp)(mp_srcptr, mp_srcptr, mp_size_t);

/* The wrappers: identical code for both sides apart from the argument types. */
#define W(name, type, call)                                                                      \
    static void name(void *p)                                                                    \
    {                                                                                            \
        const ctx *c = p;                                                                        \
        BENCH_KEEP(((type)c->fn) call);                                                          \
    }
#define W_VOID(name, type, call)                                                                 \
    static void name(void *p)                                                                    \
    {                                                                                            \
        const ctx *c = p;                                                                        \
        ((type)c->fn) call;                                                                      \
        BENCH_KEEP(c->r);                                                                        \
    }
#define GR ((mp_ptr)c->r)
#define GA ((mp_srcptr)c->a)
#define GB ((mp_srcptr)c->b)
#define GN ((mp_size_t)c->n)

W(c_w_rabn, c_rabn, (c->r, c->a, c->b, c->n))
W(g_w_rabn, g_rabn, (GR, GA, GB, GN))
W_VOID(c_w_rabn_v, c_rabn_v, (c->r, c->a, c->b, c->n))
W_VOID(g_w_rabn_v, g_rabn_v, (GR, GA, GB, GN))
W(c_w_ranl, c_ranl, (c->r, c->a, c->n, c->limb))
W(g_w_ranl, g_ranl, (GR, GA, GN, (mp_limb_t)c->limb))
W(c_w_ranc, c_ranc, (c->r, c->a, c->n, c->cnt))
W(g_w_ranc, g_ranc, (GR, GA, GN, c->cnt))
W(c_w_ran, c_ran, (c->r, c->a, c->n))
W(g_w_ran, g_ran, (GR, GA, GN))
W_VOID(c_w_ran_v, c_ran_v, (c->r, c->a, c->n))
W_VOID(g_w_ran_v, g_ran_v, (GR, GA, GN))
W(c_w_cmp, c_cmp, (c->a, c->b, c->n))
W(g_w_cmp, g_cmp, (GA, GB, GN))

/* GMP's kernel `field` of a build's table, as any_fn. */
#define G(field)                                                                                 \
    static any_fn gf_##field(const bench_gmp_lib *g) { return (any_fn)g->n_##field; }
G(add_n) G(sub_n) G(mul_1) G(addmul_1) G(submul_1) G(lshift) G(rshift) G(add_1) G(sub_1) G(neg)
G(com) G(copyi) G(cmp) G(and_n) G(ior_n) G(xor_n)

typedef struct {
    const char *name;
    bench_fn carry_wrap, gmp_wrap;
    any_fn carry;
    any_fn (*gmp)(const bench_gmp_lib *);
} kernel;

#define K(name, sig, cfn, gfield) {name, c_w_##sig, g_w_##sig, (any_fn)cfn, gf_##gfield}
static const kernel kernels[] = {
    K("add_n", rabn, cy_mpn_add_n, add_n),
    K("sub_n", rabn, cy_mpn_sub_n, sub_n),
    K("mul_1", ranl, cy_mpn_mul_1, mul_1),
    K("addmul_1", ranl, cy_mpn_addmul_1, addmul_1),
    K("submul_1", ranl, cy_mpn_submul_1, submul_1),
    K("lshift", ranc, cy_mpn_lshift, lshift),
    K("rshift", ranc, cy_mpn_rshift, rshift),
    K("add_1", ranl, cy_mpn_add_1, add_1),
    K("sub_1", ranl, cy_mpn_sub_1, sub_1),
    K("neg", ran, cy_mpn_neg, neg),
    K("com", ran_v, cy_mpn_com, com),
    K("copy", ran_v, cy_mpn_copy, copyi),
    K("cmp", cmp, cy_mpn_cmp, cmp),
    K("and_n", rabn_v, cy_mpn_and_n, and_n),
    K("ior_n", rabn_v, cy_mpn_ior_n, ior_n),
    K("xor_n", rabn_v, cy_mpn_xor_n, xor_n),
};

static const size_t sizes_full[] = {1, 2, 3, 4, 6, 8, 16, 32, 64, 100, 256, 1000, 10000, 100000};
static const size_t sizes_quick[] = {1, 2, 4, 8, 16, 32, 64, 256, 1000, 10000};

void bench_mpn(int quick)
{
    const size_t *sizes = quick ? sizes_quick : sizes_full;
    size_t nsizes = quick ? sizeof sizes_quick / sizeof *sizes : sizeof sizes_full / sizeof *sizes;
    size_t max = sizes[nsizes - 1];
    /* One block, the operands at different offsets modulo 4096 bytes: large separate mallocs
     * all start at the same page offset, and a load 4096 bytes from an earlier store stalls
     * ("4K aliasing"), which would time the allocator, not the kernels. */
    const size_t span = max + 64;
    cy_limb *block = malloc(4 * span * sizeof *block);
    if (!block) {
        fprintf(stderr, "carry-bench mpn: out of memory\n");
        exit(2);
    }
    cy_limb *r = block, *a = block + span + 8, *b = block + 2 * span + 24, *eq = block + 3 * span + 40;
    bench_random(r, max * sizeof *r);
    bench_random(a, max * sizeof *a);
    bench_random(b, max * sizeof *b);
    memcpy(eq, a, max * sizeof *a);
    cy_limb limb;
    bench_random(&limb, sizeof limb);
    const int gmp_ok = sizeof(mp_limb_t) == sizeof(cy_limb);
    const cy_cpu saved = cy_cpu_get();

    /* Warm-up, untimed: lets the clock ramp up before the first row (whose n = 1 figure was
     * several times too high without it). */
    ctx warm = {(any_fn)cy_mpn_add_n, r, a, b, max < 1000 ? max : 1000, limb, 13};
    for (int i = 0; i < 20; i++)
        (void)bench_time(c_w_rabn, &warm);

    for (size_t k = 0; k < sizeof kernels / sizeof *kernels; k++) {
        const kernel *kn = &kernels[k];
        /* One untimed round of each side at n = 1 first: without it the first GMP row of some
         * kernels (add_n, copy, cmp) read 52 ticks instead of about 9, every run. */
        ctx first = {kn->carry, r, a, strcmp(kn->name, "cmp") ? b : eq, 1, limb, 13};
        (void)bench_time(kn->carry_wrap, &first);
        for (const bench_gmp_lib *const *g = bench_gmp_libs; gmp_ok && *g; g++) {
            first.fn = kn->gmp(*g);
            (void)bench_time(kn->gmp_wrap, &first);
        }
        for (size_t s = 0; s < nsizes; s++) {
            ctx c = {0, r, a, strcmp(kn->name, "cmp") ? b : eq, sizes[s], limb, 13};
            for (const bench_gmp_lib *const *g = bench_gmp_libs; gmp_ok && *g; g++) {
                c.fn = kn->gmp(*g);
                bench_row("mpn", kn->name, (*g)->name, c.n, (double)c.n, bench_time(kn->gmp_wrap, &c));
            }
            c.fn = kn->carry;
            for (int cpu = 0; cpu < CY_CPU_COUNT; cpu++) {
                /* ifma has the linear kernels of adx but neg and com (AVX-512): its other rows
                 * would repeat those. */
                if ((cpu == CY_CPU_IFMA && strcmp(kn->name, "neg") && strcmp(kn->name, "com")) ||
                    cy_cpu_set((cy_cpu)cpu) != 0)
                    continue;
                char impl[32];
                snprintf(impl, sizeof impl, "carry-%s", cy_cpu_name((cy_cpu)cpu));
                bench_row("mpn", kn->name, impl, c.n, (double)c.n, bench_time(kn->carry_wrap, &c));
            }
        }
    }
    cy_cpu_set(saved);
    free(block);
}
