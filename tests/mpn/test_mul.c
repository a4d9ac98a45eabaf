/* cy_mpn_mul, mul_n, sqr, mullo_n against GMP (mpz_mul), on every back end and under several
 * threshold settings so that every algorithm (unrolled, basecase, toom22, toom33, toom44, the
 * transforms, unbalanced pieces, short product) runs at small sizes too.
 * SPDX-License-Identifier: MIT
 *
 * Each call gets guard limbs around the product and around a scratch area of exactly *_itch limbs
 * (filled with garbage first: an algorithm that reads scratch it has not written fails), and the
 * operands' guards are checked as well. Under valgrind (the valgrind preset) every call runs with
 * its operands marked undefined, so memcheck fails the test on any branch or memory index that
 * depends on limb values: the constant-time claim of carry/mpn.h, checked. */
#include <stdlib.h>
#include <string.h>

#include "../common/ct.h"
#include "../common/test.h"
#include "../../src/core/tune.h" /* cy__tune_force: the crossovers, overridden here */
#include "../../src/mpn/dispatch.h"
#include "../../src/mpn/mulimpl.h" /* the transforms, exact division by 3 and 5 */

typedef enum { K_MUL, K_MUL_N, K_SQR, K_MUL_SELF, K_MULLO, K_MUL_OVERLAP } kind;
static const char *const kind_names[] = {"mul", "mul_n", "sqr", "mul(a,a)", "mullo_n",
                                         "mul(a, a + off)"};

static mpz_t za, zb, zp, zr;

/* One call of `k` on operands of shape sh, compared with GMP. For K_MUL, an >= bn; the square
 * kinds use an only. */
static void check(kind k, size_t an, size_t bn, t_shape sh)
{
    int square = k == K_SQR || k == K_MUL_SELF;
    if (k != K_MUL && k != K_MUL_OVERLAP)
        bn = an;
    size_t rn = k == K_MULLO ? an : an + bn;
    size_t itch;
    switch (k) {
    case K_MUL: case K_MUL_SELF: case K_MUL_OVERLAP: itch = cy_mpn_mul_itch(an, bn); break;
    case K_MUL_N: itch = cy_mpn_mul_n_itch(an); break;
    case K_SQR: itch = cy_mpn_sqr_itch(an); break;
    default: itch = cy_mpn_mullo_n_itch(an); break;
    }
    cy_limb *a = t_alloc(an), *b = t_alloc(bn), *r = t_alloc(rn), *tp = t_alloc(itch);
    t_fill(a, an, sh);
    t_fill(b, bn, sh);
    for (size_t i = 0; i < rn; i++)
        r[i] = t_rand_limb();
    for (size_t i = 0; i < itch; i++)
        tp[i] = t_rand_limb();
    /* K_MUL_OVERLAP: b lies inside a (operands may overlap each other) */
    const cy_limb *bb = square ? a : k == K_MUL_OVERLAP ? a + (an - bn) / 2 : b;
    cy_limb ret = 0;
    T_SECRET(a, an);
    T_SECRET(b, bn);
    switch (k) {
    case K_MUL: ret = cy_mpn_mul(r, a, an, b, bn, tp); break;
    case K_MUL_SELF: ret = cy_mpn_mul(r, a, an, a, an, tp); break;
    case K_MUL_OVERLAP: ret = cy_mpn_mul(r, a, an, bb, bn, tp); break;
    case K_MUL_N: cy_mpn_mul_n(r, a, b, an, tp); break;
    case K_SQR: cy_mpn_sqr(r, a, an, tp); break;
    default: cy_mpn_mullo_n(r, a, b, an, tp); break;
    }
    T_PUBLIC(a, an);
    T_PUBLIC(b, bn);
    T_PUBLIC(r, rn);
    T_PUBLIC(tp, itch);
    T_PUBLIC_VAR(ret);
    t_to_mpz(za, a, an);
    t_to_mpz(zb, bb, bn);
    mpz_mul(zp, za, zb);
    if (k == K_MULLO)
        mpz_tdiv_r_2exp(zp, zp, (mp_bitcnt_t)an * CY_LIMB_BITS);
    t_to_mpz(zr, r, rn);
    int ok = mpz_cmp(zr, zp) == 0;
    if (k == K_MUL || k == K_MUL_SELF || k == K_MUL_OVERLAP)
        ok &= ret == r[rn - 1];
    /* the bounds documented in carry/mpn.h */
    ok &= k == K_MUL || k == K_MUL_SELF || k == K_MUL_OVERLAP ? itch <= 128 * bn + 64
                                                              : itch <= 16 * an + 64;
    ok &= t_guards_ok(a, an) && t_guards_ok(b, bn) && t_guards_ok(r, rn) && t_guards_ok(tp, itch);
    const cy__tune *th = cy__tune_now();
    T_CHECK(ok, "%s an=%zu bn=%zu shape=%d cpu=%s thresholds mul %zu/%zu/%zu/%zu sqr "
            "%zu/%zu/%zu/%zu mullo %zu rows %zu itch=%zu", kind_names[k], an, bn, (int)sh,
            cy_cpu_name(cy_cpu_get()), th->mul_toom22, th->mul_toom33, th->mul_toom44,
            th->mul_fft, th->sqr_toom22, th->sqr_toom33, th->sqr_toom44, th->sqr_fft, th->mullo,
            th->mul_rows_max, itch);
    if (!ok && an <= 40) {
        t_dump("a", a, an);
        t_dump("b", bb, bn);
        t_dump("r", r, rn);
    }
    t_free(a);
    t_free(b);
    t_free(r);
    t_free(tp);
}

/* Every kind at one size (mul: the unbalanced shape an x bn). */
static void check_all(size_t an, size_t bn, t_shape sh)
{
    check(K_MUL, an, bn, sh);
    check(K_MUL_N, an, 0, sh);
    check(K_SQR, an, 0, sh);
    check(K_MUL_SELF, an, 0, sh);
    check(K_MULLO, an, 0, sh);
}

/* cy__mpn_divexact_small (the Toom exact divisions) on {x, n} * d mod B^n, so that x may be any
 * value, read as two's complement too. Limbs around B/d multiples make d x_i + carry wrap, the
 * case that needs the borrow of the quotient step; random operands almost never do. */
static void check_divexact(size_t n, cy_limb d)
{
    cy_limb *x = t_alloc(n), *a = t_alloc(n), *q = t_alloc(n);
    const cy_limb part = CY_LIMB_MAX / d;
    for (size_t i = 0; i < n; i++) {
        switch (t_below(4)) {
        case 0: x[i] = part + t_below(3) - 1; break;
        case 1: x[i] = part * (1 + t_below(d - 1)) + t_below(3) - 1; break;
        case 2: x[i] = t_edge_limb(); break;
        default: x[i] = t_rand_limb(); break;
        }
    }
    cy_mpn_mul_1(a, x, n, d);
    cy__mpn_divexact_small(q, a, n, d);
    int ok = memcmp(q, x, n * sizeof *x) == 0 && t_guards_ok(q, n);
    cy__mpn_divexact_small(a, a, n, d); /* in place */
    ok &= memcmp(a, x, n * sizeof *x) == 0;
    T_CHECK(ok, "divexact_small n=%zu d=%u", n, (unsigned)d);
    t_free(x);
    t_free(a);
    t_free(q);
}

/* The transforms directly (cy__mpn_mul_fft, any an x bn, and its squaring path) against GMP, with
 * guards around the product and exactly the itch of scratch, pre-filled with garbage. */
static void check_fft(size_t an, size_t bn, int sq, t_shape sh)
{
    if (sq)
        bn = an;
    size_t itch = cy__mpn_mul_fft_itch(an, bn, sq);
    cy_limb *a = t_alloc(an), *b = t_alloc(bn), *r = t_alloc(an + bn), *tp = t_alloc(itch);
    t_fill(a, an, sh);
    t_fill(b, bn, sh);
    for (size_t i = 0; i < an + bn; i++)
        r[i] = t_rand_limb();
    for (size_t i = 0; i < itch; i++)
        tp[i] = t_rand_limb();
    T_SECRET(a, an);
    T_SECRET(b, bn);
    cy__mpn_mul_fft(r, a, an, sq ? a : b, bn, tp, sq);
    T_PUBLIC(a, an);
    T_PUBLIC(b, bn);
    T_PUBLIC(r, an + bn);
    T_PUBLIC(tp, itch);
    t_to_mpz(za, a, an);
    t_to_mpz(zb, sq ? a : b, bn);
    mpz_mul(zp, za, zb);
    t_to_mpz(zr, r, an + bn);
    int ok = mpz_cmp(zr, zp) == 0 && t_guards_ok(r, an + bn) && t_guards_ok(tp, itch) &&
             t_guards_ok(a, an) && t_guards_ok(b, bn);
    T_CHECK(ok, "mul_fft an=%zu bn=%zu sq=%d shape=%d itch=%zu", an, bn, sq, (int)sh, itch);
    t_free(a);
    t_free(b);
    t_free(r);
    t_free(tp);
}

/* The plan of the transforms at an x bn in the back end in use: length, primes, coefficient bits. */
typedef struct {
    size_t len;
    unsigned np, bits;
} fft_plan;

static fft_plan plan_of(size_t an, size_t bn)
{
    fft_plan f;
    f.len = cy__mpn_mul_fft_plan(an, bn, &f.np, &f.bits);
    return f;
}

static int plan_same(fft_plan x, fft_plan y)
{
    return x.len == y.len && x.np == y.np && x.bits == y.bits;
}

/* The transforms in the back end in use: every size to 70 (lengths up to about 100, both radices),
 * unbalanced shapes, and the sizes where the plan changes (length, number of primes or
 * coefficient bits b), on both sides, with all-ones operands: the last n of a plan has the largest
 * coefficients for its b, where the bound 2b + log2(terms) <= log2 P is tightest (the b-bit
 * pieces of all-ones operands are all 2^b - 1 but the top one). full: all of them to 20000 limbs
 * and the largest changes below 300000 limbs with a few large products; else a sample. */
static void check_fft_all(int full)
{
    for (size_t n = 1; n <= 70; n++) {
        check_fft(n, n, 0, T_ANY);
        check_fft(n, n, 1, T_ANY);
        check_fft(n, 1 + t_below(n), 0, T_ANY);
        check_fft(n, n, n % 2, T_ONES);
    }
    size_t events = 0, cap = full ? t_reps(200) : t_reps(8);
    fft_plan cur = plan_of(70, 70);
    for (size_t n = 70; n < 20000 && events < cap; n++) {
        fft_plan next = plan_of(n + 1, n + 1);
        if (plan_same(cur, next))
            continue;
        cur = next;
        if (!full && t_below(8))
            continue;
        events++;
        check_fft(n, n, 0, T_ONES);
        check_fft(n, n, 1, T_ONES);
        check_fft(n + 1, n + 1, 0, T_ONES);
        check_fft(n, n, 0, T_ANY);
        check_fft(n, n, 1, T_RUNS); /* long runs of 0 and 1 bits */
        check_fft(2 * n, n / 2 + 1, 0, T_ONES);
    }
    if (full && t_reps(4) >= 4) { /* not under valgrind */
        /* the two largest changes of the coefficient bits below 300000 limbs */
        size_t found = 0;
        fft_plan hi = plan_of(300000, 300000);
        for (size_t n = 300000; n > 20000 && found < 2; n--) {
            fft_plan lo = plan_of(n - 1, n - 1);
            if (lo.bits != hi.bits) {
                check_fft(n - 1, n - 1, found, T_ONES);
                found++;
            }
            hi = lo;
        }
        check_fft(100000, 100000, 0, T_ONES);
        check_fft(100000, 100000, 1, T_ANY);
        check_fft(300001, 150000, 0, T_ANY);
        check_fft(262144, 262144, 1, T_ONES);
    }
}

static const t_shape shapes[] = {T_UNIFORM, T_RUNS, T_ONES, T_EDGES};

/* The back end's basecase kernels called directly (the public functions reach mul_basecase only
 * for bn >= 5 and sqr_basecase only above the unrolled sizes): every an x bn up to 44 (the ADX
 * kernels work on blocks of 8 limbs of a, the first one an mod 8, over rows of b: every block
 * shape and row count), every shape and operands that make the longest carries, against GMP,
 * with guard limbs. fixed: the unrolled kernel of size an instead (bn == an or 0, an <= the
 * table's fixed_max; the ADX ones above 8 work on blocks of 8 and an - 8 limbs); fixed == 2:
 * the unrolled short product mullo_fixed (bn == an), checked against the low an limbs. */
static void check_kernel(size_t an, size_t bn, t_shape sh, int flush, int fixed)
{
    int square = bn == 0, lo = fixed == 2;
    size_t rn = lo ? an : square ? 2 * an : an + bn;
    cy_limb *a = t_alloc(an), *b = t_alloc(square ? 1 : bn), *r = t_alloc(rn);
    t_fill(a, an, sh);
    t_fill(b, square ? 1 : bn, sh);
    if (flush && fixed) {
        /* a = all ones, b = 1 + (B-1) B^(an-1): the top block's window ends all ones below its
         * top limb, and the carry of its last row (adding the lower block's limb) runs through
         * all of it (found by simulating the blocks; the top limbs of a b are those of b - 1) */
        for (size_t i = 0; i < an; i++)
            a[i] = CY_LIMB_MAX;
        for (size_t i = 0; !square && i < bn; i++)
            b[i] = i == 0 ? 1 : i + 1 == bn ? CY_LIMB_MAX : 0;
    } else if (flush) {
        /* a = all ones below its top 8 limbs, those 0 .. 0 y; b = all ones: the carry left by
         * the rows of the top block of a runs through its whole window when it is added */
        for (size_t i = 0; i < an; i++)
            a[i] = i + 8 < an ? CY_LIMB_MAX : i + 1 < an ? 0 : t_rand_limb() | 1;
        for (size_t i = 0; !square && i < bn; i++)
            b[i] = CY_LIMB_MAX;
    }
    for (size_t i = 0; i < rn; i++)
        r[i] = t_rand_limb();
    const cy_mpn_table *t = cy__mpn_table();
    if (lo)
        t->mullo_fixed[an](r, a, b);
    else if (fixed && square)
        t->sqr_fixed[an](r, a);
    else if (fixed)
        t->mul_fixed[an](r, a, b);
    else if (square)
        t->sqr_basecase(r, a, an);
    else
        t->mul_basecase(r, a, an, b, bn);
    t_to_mpz(za, a, an);
    t_to_mpz(zb, square ? a : b, square ? an : bn);
    mpz_mul(zp, za, zb);
    if (lo)
        mpz_fdiv_r_2exp(zp, zp, an * CY_LIMB_BITS);
    t_to_mpz(zr, r, rn);
    int ok = mpz_cmp(zr, zp) == 0;
    ok &= t_guards_ok(a, an) && t_guards_ok(b, square ? 1 : bn) && t_guards_ok(r, rn);
    T_CHECK(ok, "%s_%s an=%zu bn=%zu shape=%d%s cpu=%s", lo ? "mullo" : square ? "sqr" : "mul",
            fixed ? "fixed" : "basecase", an, bn, (int)sh, flush ? " (long carry)" : "",
            cy_cpu_name(cy_cpu_get()));
    t_free(a);
    t_free(b);
    t_free(r);
}

/* Multiplication crossover settings: the tuned ones (row 0, the back end's own set), and small
 * ones that put every algorithm under 120 limbs (sizes <= 8 always use the unrolled kernels).
 * Columns: mul toom22, toom33, toom44, fft; sqr toom22, toom33, toom44, fft; mullo. The other
 * fields of the forced set are the back end's own. */
#define NMUL 9
static const size_t mul_settings[][NMUL] = {
    {0},
    {9, 18, 40, 70, 10, 21, 45, 90, 3},
    {9, 200000, 200000, 200000, 9, 200000, 200000, 200000, 9}, /* toom22 all the way down */
    {12, 12, 200000, 200000, 12, 12, 200000, 200000, 12},      /* toom33 all the way down */
    {9, 10, 10, 200000, 9, 10, 10, 200000, 3},                 /* toom44 all the way down */
    {9, 10, 10, 9, 9, 10, 10, 9, 3},                           /* transforms from 9 on */
    {200000, 200000, 200000, 200000, 200000, 200000, 200000, 200000, 200000}, /* basecase, rows */
};
#define NSETTINGS (sizeof mul_settings / sizeof mul_settings[0])
static cy__tune settings[NSETTINGS];

/* The multiplication fields of t, in the columns' order. */
static size_t *mul_field(cy__tune *t, int i)
{
    size_t *f[NMUL] = {&t->mul_toom22, &t->mul_toom33, &t->mul_toom44, &t->mul_fft, &t->sqr_toom22,
                       &t->sqr_toom33, &t->sqr_toom44, &t->sqr_fft, &t->mullo};
    return f[i];
}

int main(void)
{
    t_init("test_mul");
    mpz_inits(za, zb, zp, zr, NULL);
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu_set(t_cpus[c]);
        /* generic and x86_64 share the portable transforms (all of them on generic); adx has its
         * AVX2 ones, ifma its IFMA ones */
        check_fft_all(t_cpus[c] == CY_CPU_GENERIC || t_cpus[c] == CY_CPU_ADX ||
                      t_cpus[c] == CY_CPU_IFMA);
        for (size_t s = 0; s < NSETTINGS; s++) {
            settings[s] = *cy__tune_now(); /* the back end's own */
            for (int i = 0; s > 0 && i < NMUL; i++)
                *mul_field(&settings[s], i) = mul_settings[s][i];
        }
        /* 3, 5, 15, 17 divide B - 1 (the divexact_bm1 kernel of each back end), 7 and 9 not */
        static const cy_limb divisors[] = {3, 5, 7, 9, 15, 17};
        for (size_t n = 0; n <= 40; n++)
            for (size_t rep = t_reps(8); rep > 0; rep--)
                for (size_t j = 0; j < sizeof divisors / sizeof *divisors; j++)
                    check_divexact(n, divisors[j]);
        for (size_t j = 0; j < sizeof divisors / sizeof *divisors; j++)
            check_divexact(100 + t_below(1000), divisors[j]);
        for (size_t an = 1; an <= 44; an++)
            for (size_t i = 0; i < 5; i++) {
                for (size_t bn = 1; bn <= an; bn++)
                    check_kernel(an, bn, shapes[i % 4], i == 4, 0);
                check_kernel(an, 0, shapes[i % 4], i == 4, 0);
            }
        /* Larger basecase shapes: the ifma kernels' crossovers (bn >= 8 and an bn >= 256,
         * squares from 18), their limit on bn (512 limbs: above it they call the adx kernels)
         * and their chunks of a (512 limbs each, the products added); other back ends just
         * run them too. */
        static const size_t big[][2] = {{31, 8},   {32, 8},    {33, 7},    {64, 8},    {255, 12},
                                        {512, 511}, {512, 512}, {513, 512}, {513, 513}, {300, 100},
                                        {1024, 40}, {1025, 41}, {1300, 200}, {1000, 10}, {600, 9}};
        for (size_t j = 0; j < sizeof big / sizeof *big; j++)
            for (size_t i = 0; i < 5; i++)
                check_kernel(big[j][0], big[j][1], shapes[i % 4], i == 4, 0);
        static const size_t big_sqr[] = {17, 18, 19, 64, 100, 511, 512, 513};
        for (size_t j = 0; j < sizeof big_sqr / sizeof *big_sqr; j++)
            for (size_t i = 0; i < 5; i++)
                check_kernel(big_sqr[j], 0, shapes[i % 4], i == 4, 0);
        for (size_t n = 1; n <= cy__mpn_table()->fixed_max; n++)
            for (size_t i = 0; i < 5 * t_reps(20); i++) {
                check_kernel(n, n, shapes[i % 4], i % 5 == 4, 1);
                check_kernel(n, 0, shapes[i % 4], i % 5 == 4, 1);
                check_kernel(n, n, shapes[i % 4], i % 5 == 4, 2);
            }
        for (size_t s = 0; s < NSETTINGS; s++) {
            cy__tune_force(&settings[s]);
            /* Callers size one scratch area for several smaller products (dc_div, gcdext): the
             * scratch of an x bn must not exceed that of (an + bn) x (an + bn), and n x n must
             * not shrink as n grows. Not implied by the recurrences in general; checked here. */
            if (c == 0) {
                int mono = 1;
                for (size_t n = 1; n < 600; n++) {
                    mono &= cy_mpn_mul_itch(n, n) <= cy_mpn_mul_itch(n + 1, n + 1);
                    size_t m = settings[s].mul_fft + n - 300; /* around the transforms' */
                    if (settings[s].mul_fft > 300 && settings[s].mul_fft < 100000)
                        mono &= cy_mpn_mul_itch(m, m) <= cy_mpn_mul_itch(m + 1, m + 1);
                    for (size_t bn = 1; 2 * bn <= n; bn += 1 + bn / 8)
                        mono &= cy_mpn_mul_itch(n - bn, bn) <= cy_mpn_mul_itch(n, n);
                }
                T_CHECK(mono, "mul_itch not monotone, thresholds setting %zu", s);
            }
            /* every shape an x bn up to 120 (the tuned thresholds run them all through the
             * shapes' adversarial operands; the others with random shapes). With
             * CARRY_TEST_REPS below 1 (valgrind) a fraction of the sizes is sampled, larger for
             * the tuned thresholds. */
            size_t keep = s == 0 ? t_reps(250) : t_reps(100);
            for (size_t an = 1; an <= 120; an++)
                for (size_t bn = 1; bn <= an; bn++)
                    if (t_below(100) < keep)
                        check((an + bn) % 8 ? K_MUL : K_MUL_OVERLAP, an, bn,
                              s == 0 ? shapes[(an + bn) % 4] : T_ANY);
            for (size_t n = 1; n <= 120; n++)
                for (size_t i = 0; i < 4; i++) {
                    if (t_below(100) >= keep)
                        continue;
                    check(K_MUL_N, n, 0, shapes[i]);
                    check(K_SQR, n, 0, shapes[i]);
                    check(K_MUL_SELF, n, 0, shapes[i]);
                    check(K_MULLO, n, 0, shapes[i]);
                }
            /* within 3 of every multiplication threshold in force, balanced and unbalanced */
            for (int t = 0; t < NMUL; t++)
                for (size_t th = *mul_field(&settings[s], t), n = th > 3 ? th - 3 : 1;
                     n <= th + 3 && n <= 20000; n++)
                    for (size_t i = 0; i < 2; i++) {
                        check_all(n, n, shapes[i * 2]);
                        check(K_MUL, 3 * n + 1, n, shapes[i * 2 + 1]);
                        check(K_MUL, n + 1 + t_below(n), n, T_ANY);
                    }
            /* toom42 chunks (an >= 2bn, bn >= 24 and at least toom22): bn around its minimum and
             * both parities of k, an = 2bn (one chunk), chunks plus a remainder above and below bn;
             * toom32 (1.5 bn <= an < 2bn): its ends and a random shape between; toom22u
             * (bn < an < 1.5 bn): its ends and a random shape between */
            /* transform chunks (an >= TF, 3bn >= 2TF): bn at and above its minimum, one chunk
             * (an <= 16bn), two equal ones (16bn + 1), three with a random length */
            size_t tf = settings[s].mul_fft;
            for (size_t bn = (2 * tf + 2) / 3; tf <= 2000 && bn <= (2 * tf + 2) / 3 + 2; bn++) {
                check(K_MUL, tf > bn ? tf : bn + 1, bn, shapes[bn % 4]);
                check(K_MUL, 16 * bn, bn, T_ONES);
                check(K_MUL, 16 * bn + 1, bn, shapes[(bn + 1) % 4]);
                check(K_MUL, 32 * bn + 1 + t_below(16 * bn), bn, T_ANY);
            }
            static const size_t t42_bn[] = {23, 24, 25, 26, 27, 31, 40, 41, 64, 101, 150, 333};
            for (size_t j = 0; j < sizeof t42_bn / sizeof *t42_bn; j++) {
                size_t bn = t42_bn[j];
                check(K_MUL, 2 * bn, bn, shapes[j % 4]);
                check(K_MUL, 2 * bn + 1, bn, T_ONES);
                check(K_MUL, 4 * bn + 1 + t_below(bn), bn, T_ANY);
                check(K_MUL, 2 * bn + bn + t_below(bn), bn, T_RUNS);
                check(K_MUL, (3 * bn + 1) / 2, bn, shapes[(j + 1) % 4]);
                check(K_MUL, 2 * bn - 1, bn, T_ONES);
                check(K_MUL, (3 * bn + 1) / 2 + t_below(bn / 2), bn, T_ANY);
                check(K_MUL, bn + 1, bn, shapes[(j + 2) % 4]);
                check(K_MUL, (3 * bn - 1) / 2, bn, T_ONES);
                check(K_MUL, bn + 1 + t_below(bn / 2), bn, T_ANY);
            }
        }
        cy__tune_force(NULL); /* the back end's own set */
        /* random sizes up to 20000 limbs, log-uniform, and long unbalanced operands */
        for (size_t rep = t_reps(12); rep > 0; rep--) {
            size_t half = (size_t)1 << t_below(15); /* 1 .. 16384 */
            size_t n = half + t_below(half);
            n = n > 20000 ? 20000 : n;
            if (rep < 3) /* the transforms' sizes */
                n = cy__tune_now()->mul_fft + t_below(20000);
            size_t bn = 1 + t_below(n);
            check_all(n, bn, rep % 3 == 0 ? T_ONES : T_ANY);
        }
    }
    mpz_clears(za, zb, zp, zr, NULL);
    return t_done();
}
