/* carry-bench suite "u128": carry/u128.h on every backend against the obvious unsigned __int128
 * code ("int128") and libgcc's division routines ("libgcc"), and the PTP adjfine
 * experiment (the clock adjustment of the 128-bit API proposal cited in docs/u128.md).
 * SPDX-License-Identifier: MIT
 *
 * Every timed body runs over BU_N = 512 different operands (bench/u128/ops.h), so a row is the
 * throughput of a realistic mix: uniform 128-bit operands, shift counts 0..127, divisors of every
 * bit length (u128 / u64: the quotient is above 2^64 about half the time). ticks/unit is per
 * operation. The carry rows come from bench/u128/ops.c compiled once per backend. */
#include <gmp.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "bench.h"
#include "u128/ops.h"

static const bu_backend *const backends[] = {
#ifdef BU_HAVE_NATIVE
    &bu_native,
#endif
    &bu_halves, &bu_digits32,
};
#define NBACKENDS (sizeof backends / sizeof backends[0])

static const char *const op_names[BU_OPS] = {
    [BU_ADD] = "add", [BU_SUB] = "sub", [BU_LT] = "cmp_lt", [BU_MUL] = "mul",
    [BU_MUL_U64_U64] = "mul_u64_u64", [BU_MUL_HI] = "mul_hi", [BU_SHL] = "shl",
    [BU_DIV_U64] = "div_u64", [BU_DIVREM_U64] = "divrem_u64", [BU_DIV] = "div",
    [BU_DIVREM] = "divrem", [BU_MUL_U64_U64_DIV_U64] = "mul_u64_u64_div_u64",
    [BU_DIV_U64_CHAIN] = "div_u64 latency", [BU_MUL_U64_U64_DIV_U64_CHAIN] = "mul_u64_u64_div_u64 latency",
    [BU_TO_DEC] = "to_dec", [BU_S128_ADD_CHECKED] = "s128_add_checked",
    [BU_S128_MUL_CHECKED] = "s128_mul_checked",
    [BU_DIVREM_U64_PI] = "divrem_u64_pi", [BU_DIVREM_U64_PI_CHAIN] = "divrem_u64_pi latency",
    [BU_DIVREM_U64_WORST] = "divrem_u64 worst", [BU_DIVREM_U64_WORST_CHAIN] = "divrem_u64 worst latency",
    [BU_MUL_U64_U64_DIV_U64_WORST] = "mul_u64_u64_div_u64 worst",
    [BU_MUL_U64_U64_DIV_U64_WORST_CHAIN] = "mul_u64_u64_div_u64 worst latency",
};

static bu_ctx ctx;

static uint64_t rnd64(void)
{
    uint64_t x;
    bench_random(&x, sizeof x);
    return x;
}

/* x with its top bits cleared down to a random length 1..bits (never 0). */
static uint64_t rnd_len64(void)
{
    uint64_t x = rnd64() >> (rnd64() % 64);
    return x ? x : 1;
}

static void fill(void)
{
    for (size_t i = 0; i < BU_N; i++) {
        ctx.a[i] = cy_u128_make(rnd64(), rnd64());
        ctx.b[i] = cy_u128_make(rnd64(), rnd64());
        ctx.s[i] = (unsigned)(rnd64() % 128);
        ctx.num[i] = cy_u128_make(rnd64(), rnd64());
        ctx.d64[i] = rnd_len64();
        unsigned len = 1 + (unsigned)(rnd64() % 128);
        ctx.d128[i] = cy_u128_shr(cy_u128_make(rnd64() | (uint64_t)1 << 63, rnd64()), 128 - len);
        ctx.d[i] = rnd_len64();
        ctx.x[i] = rnd64();
        ctx.y[i] = rnd64() % ctx.d[i]; /* x * y < 2^64 * d: the quotient fits in 64 bits */
        ctx.dv[i] = cy_u128_divisor_init(ctx.d64[i], NULL);
    }
}

/* The worst cases of the 32-bit path (CY_U128_DIGITS32, the -m32 default): a quotient above
 * 2^64 takes four 3-by-2 steps; the divisors below with a = 2^128 - 1 take the rare correction
 * (quotient digit one too small) in three of them, and the mul_u64_u64_div_u64 operands below in
 * both of their two steps (found by a search counting CY__U128_COVER(2) over 2 * 10^7 random
 * operands just above powers of two, no operand took more). Half of the operands are those,
 * half random ones with the same number of steps, in random order so that the correction
 * branches mispredict. Ticks of these rows are the "worst case" of docs/u128.md. */
static uint64_t wrnd(void) /* a private stream (xorshift64, Marsaglia 2003): the PTP operands
                              * that follow fill() in bench_random's stream stay as they were */
{
    static uint64_t x = 0x9e3779b97f4a7c15u;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}
static uint64_t wrnd_len64(void)
{
    uint64_t x = wrnd() >> (wrnd() % 64);
    return x ? x : 1;
}
static void fill_worst(void)
{
    static const uint64_t d3[] = {0x010427d7, 0x104cc620, 0x021db614, 0x41135c08,
                                  0x00103a12, 0x40129eb7, 0x002010fa, 0x00081808};
    static const uint64_t m2[][3] = {{UINT64_MAX, 0x1160c5374, 0x1235ae531},
                                     {UINT64_MAX, 0xd201d427f, 0x1047950906},
                                     {UINT64_MAX, 0x10c9b2109cf, 0x11455e74cfc}};
    for (size_t i = 0; i < BU_N; i++) {
        if (wrnd() & 1) {
            ctx.wnum[i] = cy_u128_make(UINT64_MAX, UINT64_MAX);
            ctx.wd64[i] = d3[wrnd() % 8];
        } else {
            ctx.wd64[i] = wrnd_len64();
            uint64_t hi = wrnd();
            ctx.wnum[i] = cy_u128_make(hi >= ctx.wd64[i] ? hi : ctx.wd64[i], wrnd());
        }
        if (wrnd() & 1) {
            size_t k = wrnd() % 3;
            ctx.wx[i] = m2[k][0];
            ctx.wy[i] = m2[k][1];
            ctx.wd[i] = m2[k][2];
        } else {
            ctx.wd[i] = wrnd_len64();
            ctx.wx[i] = wrnd();
            ctx.wy[i] = wrnd() % ctx.wd[i];
        }
    }
}

/* ---- peers: the obvious unsigned __int128 code, and libgcc's routines called by name ---- */
#ifdef __SIZEOF_INT128__
typedef unsigned __int128 u128;
static struct {
    u128 a[BU_N], b[BU_N], num[BU_N], d128[BU_N];
    uint64_t d64[BU_N];
    unsigned s[BU_N];
} nat;

u128 __udivti3(u128, u128);            /* libgcc: a / b */
u128 __udivmodti4(u128, u128, u128 *); /* libgcc: a / b and a % b */

#define PEER(name, expr)                                                                    \
    static void name(void *unused)                                                          \
    {                                                                                       \
        (void)unused;                                                                       \
        for (size_t i = 0; i < BU_N; i++) {                                                 \
            u128 r = expr;                                                                  \
            BENCH_KEEP((uint64_t)r);                                                        \
            BENCH_KEEP((uint64_t)(r >> 64));                                                \
        }                                                                                   \
    }
PEER(p_add, nat.a[i] + nat.b[i])
PEER(p_sub, nat.a[i] - nat.b[i])
PEER(p_lt, (u128)(nat.a[i] < nat.b[i]))
PEER(p_mul, nat.a[i] * nat.b[i])
PEER(p_mul_u64_u64, (u128)(uint64_t)nat.a[i] * (uint64_t)(nat.b[i] >> 64))
PEER(p_shl, nat.a[i] << nat.s[i])
PEER(p_div_u64, nat.num[i] / nat.d64[i])
PEER(p_div, nat.num[i] / nat.d128[i])
PEER(p_mul_u64_u64_div_u64, (u128)ctx.x[i] * ctx.y[i] / ctx.d[i])
PEER(g_div_u64, __udivti3(nat.num[i], nat.d64[i]))
PEER(g_div, __udivti3(nat.num[i], nat.d128[i]))

static void p_div_u64_chain(void *unused)
{
    (void)unused;
    uint64_t x = 0;
    for (size_t i = 0; i < BU_N; i++)
        x = (uint64_t)((nat.num[i] ^ x) / nat.d64[i]) & 1;
    BENCH_KEEP(x);
}
static void g_div_u64_chain(void *unused)
{
    (void)unused;
    uint64_t x = 0;
    for (size_t i = 0; i < BU_N; i++)
        x = (uint64_t)__udivti3(nat.num[i] ^ x, nat.d64[i]) & 1;
    BENCH_KEEP(x);
}
/* latency of the __int128 expression on the operand arrays x, y, d of ctx (as in ops.c) */
#define P_MULDIV_CHAIN(name, x_, y_, d_)                                                    \
    static void name(void *unused)                                                          \
    {                                                                                       \
        (void)unused;                                                                       \
        uint64_t x = 0;                                                                     \
        for (size_t i = 0; i < BU_N; i++)                                                   \
            x = (uint64_t)((u128)(ctx.x_[i] ^ x) * ctx.y_[i] / ctx.d_[i]) & 1;              \
        BENCH_KEEP(x);                                                                      \
    }
P_MULDIV_CHAIN(p_mul_u64_u64_div_u64_chain, x, y, d)

/* high half of the 256-bit product: four 64 x 64 products, as one writes it with __int128 */
static u128 mul_hi_obvious(u128 a, u128 b)
{
    u128 a0 = (uint64_t)a, a1 = a >> 64, b0 = (uint64_t)b, b1 = b >> 64;
    u128 p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    u128 mid = (p00 >> 64) + (uint64_t)p01 + (uint64_t)p10;
    return p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
}
PEER(p_mul_hi, mul_hi_obvious(nat.a[i], nat.b[i]))

static void p_divrem_u64(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        u128 q = nat.num[i] / nat.d64[i];
        uint64_t r = (uint64_t)(nat.num[i] % nat.d64[i]);
        BENCH_KEEP((uint64_t)q);
        BENCH_KEEP((uint64_t)(q >> 64));
        BENCH_KEEP(r);
    }
}
static void p_divrem(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        u128 q = nat.num[i] / nat.d128[i], r = nat.num[i] % nat.d128[i];
        BENCH_KEEP((uint64_t)q);
        BENCH_KEEP((uint64_t)(q >> 64));
        BENCH_KEEP((uint64_t)r);
        BENCH_KEEP((uint64_t)(r >> 64));
    }
}
static void g_divrem_u64(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        u128 r, q = __udivmodti4(nat.num[i], nat.d64[i], &r);
        BENCH_KEEP((uint64_t)q);
        BENCH_KEEP((uint64_t)(q >> 64));
        BENCH_KEEP((uint64_t)r);
    }
}
static void g_divrem(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        u128 r, q = __udivmodti4(nat.num[i], nat.d128[i], &r);
        BENCH_KEEP((uint64_t)q);
        BENCH_KEEP((uint64_t)(q >> 64));
        BENCH_KEEP((uint64_t)r);
        BENCH_KEEP((uint64_t)(r >> 64));
    }
}
/* decimal digits by repeated % 10 and / 10 on the 128-bit value */
static void p_to_dec(void *unused)
{
    (void)unused;
    char buf[40];
    for (size_t i = 0; i < BU_N; i++) {
        u128 a = nat.a[i];
        char *p = buf + sizeof buf;
        *--p = 0;
        do {
            *--p = (char)('0' + (int)(a % 10));
            a /= 10;
        } while (a);
        BENCH_KEEP(p);
        BENCH_KEEP(buf[0]);
    }
}

/* checked signed add and multiply with the compilers' overflow builtins (operands as in ops.c) */
typedef __int128 s128;
static void p_s128_add_checked(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        s128 r;
        bool err = __builtin_add_overflow((s128)nat.a[i], (s128)nat.b[i], &r);
        BENCH_KEEP((uint64_t)r);
        BENCH_KEEP((uint64_t)((u128)r >> 64));
        BENCH_KEEP(err);
    }
}
#ifndef BENCH_NO_S128_MUL_OVERFLOW
static void p_s128_mul_checked(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        s128 r;
        u128 b = nat.s[i] ? nat.b[i] >> (128 - nat.s[i]) : 0; /* >> 128 would be undefined */
        bool err = __builtin_mul_overflow((s128)(nat.a[i] >> nat.s[i]), (s128)b, &r);
        BENCH_KEEP((uint64_t)r);
        BENCH_KEEP((uint64_t)((u128)r >> 64));
        BENCH_KEEP(err);
    }
}
#endif

/* the worst-case operands (fill_worst) with __int128 */
static void p_divrem_u64_worst(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        u128 a = cy_u128_to_native(ctx.wnum[i]);
        u128 q = a / ctx.wd64[i];
        uint64_t r = (uint64_t)(a % ctx.wd64[i]);
        BENCH_KEEP((uint64_t)q);
        BENCH_KEEP((uint64_t)(q >> 64));
        BENCH_KEEP(r);
    }
}
static void p_divrem_u64_worst_chain(void *unused)
{
    (void)unused;
    uint64_t x = 0;
    for (size_t i = 0; i < BU_N; i++) {
        u128 a = cy_u128_to_native(ctx.wnum[i]) ^ x;
        u128 q = a / ctx.wd64[i];
        uint64_t r = (uint64_t)(a % ctx.wd64[i]);
        x = ((uint64_t)q ^ r) & 1;
    }
    BENCH_KEEP(x);
}
PEER(p_mul_u64_u64_div_u64_worst, (u128)ctx.wx[i] * ctx.wy[i] / ctx.wd[i])
P_MULDIV_CHAIN(p_mul_u64_u64_div_u64_worst_chain, wx, wy, wd)

static void (*const peers[BU_OPS])(void *) = {
    [BU_ADD] = p_add, [BU_SUB] = p_sub, [BU_LT] = p_lt, [BU_MUL] = p_mul,
    [BU_MUL_U64_U64] = p_mul_u64_u64, [BU_MUL_HI] = p_mul_hi, [BU_SHL] = p_shl,
    [BU_DIV_U64] = p_div_u64, [BU_DIVREM_U64] = p_divrem_u64, [BU_DIV] = p_div,
    [BU_DIVREM] = p_divrem, [BU_MUL_U64_U64_DIV_U64] = p_mul_u64_u64_div_u64,
    [BU_DIV_U64_CHAIN] = p_div_u64_chain, [BU_MUL_U64_U64_DIV_U64_CHAIN] = p_mul_u64_u64_div_u64_chain,
    [BU_TO_DEC] = p_to_dec, [BU_S128_ADD_CHECKED] = p_s128_add_checked,
#ifndef BENCH_NO_S128_MUL_OVERFLOW
    [BU_S128_MUL_CHECKED] = p_s128_mul_checked,
#endif
    [BU_DIVREM_U64_WORST] = p_divrem_u64_worst, [BU_DIVREM_U64_WORST_CHAIN] = p_divrem_u64_worst_chain,
    [BU_MUL_U64_U64_DIV_U64_WORST] = p_mul_u64_u64_div_u64_worst,
    [BU_MUL_U64_U64_DIV_U64_WORST_CHAIN] = p_mul_u64_u64_div_u64_worst_chain,
};
static void (*const libgcc[BU_OPS])(void *) = {
    [BU_DIV_U64] = g_div_u64, [BU_DIVREM_U64] = g_divrem_u64, [BU_DIV] = g_div, [BU_DIVREM] = g_divrem,
    [BU_DIV_U64_CHAIN] = g_div_u64_chain,
};
#endif

/* ---- peer "plain" of the precomputed-divisor rows: cy_u128_divrem_u64 of this file's (the
 * default) backend on the same operands, so the ratio is what precomputing the reciprocal
 * saves: on x86-64 the native backend's divq instructions (one or two), under -m32 the
 * CY_U128_DIGITS32 path with its reciprocal computed in every call. */
static void plain_divrem_u64(void *unused)
{
    (void)unused;
    for (size_t i = 0; i < BU_N; i++) {
        uint64_t rem;
        cy_u128 q = cy_u128_divrem_u64(ctx.num[i], ctx.d64[i], &rem, NULL);
        BENCH_KEEP(q.lo);
        BENCH_KEEP(q.hi);
        BENCH_KEEP(rem);
    }
}
static void plain_divrem_u64_chain(void *unused)
{
    (void)unused;
    uint64_t x = 0;
    for (size_t i = 0; i < BU_N; i++) {
        uint64_t rem;
        cy_u128 q = cy_u128_divrem_u64(cy_u128_make(ctx.num[i].hi, ctx.num[i].lo ^ x), ctx.d64[i], &rem, NULL);
        x = (q.lo ^ rem) & 1;
    }
    BENCH_KEEP(x);
}
static void (*const plain[BU_OPS])(void *) = {
    [BU_DIVREM_U64_PI] = plain_divrem_u64, [BU_DIVREM_U64_PI_CHAIN] = plain_divrem_u64_chain,
};

/* ---- the PTP adjfine experiment (docs/u128.md) ----
 * A hardware clock advances by incval (nanoseconds with 32 fractional bits) per tick; adjfine
 * scales it by 1 + scaled_ppm / (10^6 * 2^16). The E810 nominal increment 0x13b13b13b is
 * about 5.3e9, so incval * |scaled_ppm| overflows 64 bits once |scaled_ppm| > ~3.5e9 (53000 ppm). */
#define PTP_INCVAL UINT64_C(0x13b13b13b)
#define PTP_DIVISOR (UINT64_C(1000000) << 16)

/* The old way: drop low bits of the multiplier and the divisor together until the 64-bit
 * product cannot overflow, then divide. Loses the dropped bits. */
static uint64_t adjfine_old(uint64_t incval, int64_t scaled_ppm)
{
    bool neg = scaled_ppm < 0;
    uint64_t ppm = neg ? (uint64_t)0 - (uint64_t)scaled_ppm : (uint64_t)scaled_ppm;
    uint64_t divisor = PTP_DIVISOR;
    while (ppm > UINT64_MAX / incval) {
        ppm >>= 2;
        divisor >>= 2;
    }
    uint64_t diff = ppm * incval / divisor;
    return neg ? incval - diff : incval + diff;
}
static void ptp_old(void *vctx)
{
    const bu_ptp *p = vctx;
    for (size_t i = 0; i < p->n; i++) {
        uint64_t v = adjfine_old(p->incval, p->ppm[i]);
        BENCH_KEEP(v);
    }
}
#ifdef __SIZEOF_INT128__
static void ptp_int128(void *vctx)
{
    const bu_ptp *p = vctx;
    for (size_t i = 0; i < p->n; i++) {
        int64_t s = p->ppm[i];
        uint64_t m = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
        uint64_t diff = (uint64_t)((u128)p->incval * m / PTP_DIVISOR);
        uint64_t v = s < 0 ? p->incval - diff : p->incval + diff;
        BENCH_KEEP(v);
    }
}
#endif

#define PTP_MAX 10000
static int64_t ptp_ppm[PTP_MAX];

/* scaled_ppm values: magnitudes of a uniform random bit length 1..33 (about log-uniform) up to
 * 6.5536e9 (the E810's 100000 ppm range), random signs. */
static void ptp_fill(void)
{
    for (size_t i = 0; i < PTP_MAX; i++) {
        int64_t m = (int64_t)(rnd64() >> (31 + rnd64() % 33)) % 6553600001;
        ptp_ppm[i] = rnd64() & 1 ? -m : m;
    }
}

/* The old way's error against the exact value, by magnitude band, as Markdown. */
static void ptp_errors(void)
{
    static const struct { double lo, hi; const char *name; } bands[] = {
        {0, 1e6, "< 10^6 (15 ppm)"},
        {1e6, 1e9, "10^6 .. 10^9"},
        {1e9, 3.5e9, "10^9 .. 3.5*10^9"},
        {3.5e9, 7e9, "3.5*10^9 .. 6.5*10^9 (53000 .. 100000 ppm)"},
    };
    const char *g = "u128-ptp";
    bench_note(g, "adjfine on incval 0x13b13b13b, %d scaled_ppm values (|scaled_ppm| of random bit "
                  "length up to 6.5536e9, random sign); error in units of 2^-32 ns, exact = GMP", PTP_MAX);
    bench_note(g, "| abs(scaled_ppm) | cases | old way: wrong | old way: max error | old way: mean error | carry: wrong |");
    bench_note(g, "|---|---:|---:|---:|---:|---:|");
    mpz_t z, t;
    mpz_init(z);
    mpz_init(t);
    for (size_t b = 0; b < sizeof bands / sizeof bands[0]; b++) {
        size_t cases = 0, wrong = 0, cwrong = 0;
        double maxe = 0, sum = 0;
        for (size_t i = 0; i < PTP_MAX; i++) {
            int64_t s = ptp_ppm[i];
            double m = s < 0 ? -(double)s : (double)s;
            if (m < bands[b].lo || m >= bands[b].hi)
                continue;
            cases++;
            /* exact: incval +- floor(incval * |s| / divisor) */
            mpz_set_ui(z, (unsigned long)(PTP_INCVAL >> 32));
            mpz_mul_2exp(z, z, 32);
            mpz_add_ui(z, z, (unsigned long)(PTP_INCVAL & 0xffffffffu));
            uint64_t mag = s < 0 ? (uint64_t)0 - (uint64_t)s : (uint64_t)s;
            mpz_set_ui(t, (unsigned long)(mag >> 32));
            mpz_mul_2exp(t, t, 32);
            mpz_add_ui(t, t, (unsigned long)(mag & 0xffffffffu));
            mpz_mul(t, t, z);
            mpz_fdiv_q_ui(t, t, 1000000);
            mpz_fdiv_q_2exp(t, t, 16);
            if (s < 0)
                mpz_sub(t, z, t);
            else
                mpz_add(t, z, t);
            double exact = mpz_get_d(t);
            uint64_t old = adjfine_old(PTP_INCVAL, s);
            double e = (double)old - exact;
            e = e < 0 ? -e : e;
            wrong += e != 0;
            sum += e;
            maxe = e > maxe ? e : maxe;
            /* carry (any backend gives the same bits; the tests prove it) */
            uint64_t c = cy_adjust_by_scaled_ppm(PTP_INCVAL, s, NULL);
            mpz_set_ui(z, (unsigned long)(c >> 32));
            mpz_mul_2exp(z, z, 32);
            mpz_add_ui(z, z, (unsigned long)(c & 0xffffffffu));
            cwrong += mpz_cmp(z, t) != 0;
        }
        bench_note(g, "| %s | %zu | %zu | %.0f | %.2f | %zu |", bands[b].name, cases, wrong, maxe,
                   cases ? sum / (double)cases : 0.0, cwrong);
    }
    mpz_clear(z);
    mpz_clear(t);
}

static void ptp(void)
{
    ptp_fill();
    static const size_t iters[] = {100, 10000};
    for (size_t k = 0; k < 2; k++) {
        bu_ptp p = {ptp_ppm, iters[k], PTP_INCVAL};
        char op[32];
        snprintf(op, sizeof op, "adjfine x%zu", iters[k]);
        for (size_t b = 0; b < NBACKENDS; b++)
            bench_row("u128-ptp", op, backends[b]->impl, iters[k], (double)iters[k],
                      bench_time(backends[b]->adjfine, &p));
        bench_row("u128-ptp", op, "old-shift", iters[k], (double)iters[k], bench_time(ptp_old, &p));
#ifdef __SIZEOF_INT128__
        bench_row("u128-ptp", op, "int128", iters[k], (double)iters[k], bench_time(ptp_int128, &p));
#endif
    }
    ptp_errors();
}

void bench_u128(int quick)
{
    (void)quick;
    fill(); /* also when only u128-ptp runs: its operands follow these in the random stream */
    fill_worst();
#ifdef __SIZEOF_INT128__
    for (size_t i = 0; i < BU_N; i++) {
        nat.a[i] = cy_u128_to_native(ctx.a[i]);
        nat.b[i] = cy_u128_to_native(ctx.b[i]);
        nat.num[i] = cy_u128_to_native(ctx.num[i]);
        nat.d128[i] = cy_u128_to_native(ctx.d128[i]);
        nat.d64[i] = ctx.d64[i];
        nat.s[i] = ctx.s[i];
    }
#endif
    for (int op = 0; op < BU_OPS && bench_want("u128"); op++) {
        if (plain[op])
            bench_row("u128", op_names[op], "plain", 128, BU_N, bench_time(plain[op], NULL));
#ifdef __SIZEOF_INT128__
        if (peers[op])
            bench_row("u128", op_names[op], "int128", 128, BU_N, bench_time(peers[op], NULL));
        if (libgcc[op])
            bench_row("u128", op_names[op], "libgcc", 128, BU_N, bench_time(libgcc[op], NULL));
#endif
        for (size_t b = 0; b < NBACKENDS; b++)
            bench_row("u128", op_names[op], backends[b]->impl, 128, BU_N, bench_time(backends[b]->op[op], &ctx));
    }
    if (bench_want("u128-ptp"))
        ptp();
}
