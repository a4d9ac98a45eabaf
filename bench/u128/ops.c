/* carry-bench suite "u128": the timed bodies for one backend. CMake compiles this file once per
 * backend with CY_U128_BACKEND and BU_NAME set (bu_native, bu_halves, bu_digits32).
 * SPDX-License-Identifier: MIT */
#include "ops.h"

#include "../bench.h"

/* One body: for every i, r = expr on the i-th operands; BENCH_KEEP forces every result. */
#define BODY(name, expr)                                                                    \
    static void name(void *vctx)                                                            \
    {                                                                                       \
        const bu_ctx *c = vctx;                                                             \
        for (size_t i = 0; i < BU_N; i++) {                                                 \
            cy_u128 r = expr;                                                               \
            BENCH_KEEP(r.lo);                                                               \
            BENCH_KEEP(r.hi);                                                               \
        }                                                                                   \
    }

BODY(op_add, cy_u128_add(c->a[i], c->b[i]))
BODY(op_sub, cy_u128_sub(c->a[i], c->b[i]))
BODY(op_lt, cy_u128_from_u64(cy_u128_lt(c->a[i], c->b[i])))
BODY(op_mul, cy_u128_mul(c->a[i], c->b[i]))
BODY(op_mul_u64_u64, cy_u128_mul_u64_u64(c->a[i].lo, c->b[i].hi))
BODY(op_mul_hi, cy_u128_mul_hi(c->a[i], c->b[i]))
BODY(op_shl, cy_u128_shl(c->a[i], c->s[i]))
BODY(op_div_u64, cy_u128_divrem_u64(c->num[i], c->d64[i], NULL, NULL))
BODY(op_div, cy_u128_divrem(c->num[i], c->d128[i], NULL, NULL))
BODY(op_mul_u64_u64_div_u64, cy_u128_from_u64(cy_mul_u64_u64_div_u64(c->x[i], c->y[i], c->d[i], NULL)))

/* Quotient and 64-bit remainder of a division by a 64-bit divisor: call divides the dividend n
 * (the i-th of c->nums) and stores the remainder in rem. The throughput body keeps both; the
 * latency body makes bit 0 of each dividend depend on the previous quotient and remainder (x is
 * 0 or 1, so the operands stay those of the throughput body, bit 0 aside). */
#define BODY_REM(name, nums, call)                                                          \
    static void name(void *vctx)                                                            \
    {                                                                                       \
        const bu_ctx *c = vctx;                                                             \
        for (size_t i = 0; i < BU_N; i++) {                                                 \
            cy_u128 n = c->nums[i];                                                         \
            uint64_t rem;                                                                   \
            cy_u128 q = call;                                                               \
            BENCH_KEEP(q.lo);                                                               \
            BENCH_KEEP(q.hi);                                                               \
            BENCH_KEEP(rem);                                                                \
        }                                                                                   \
    }
#define CHAIN_REM(name, nums, call)                                                         \
    static void name(void *vctx)                                                            \
    {                                                                                       \
        const bu_ctx *c = vctx;                                                             \
        uint64_t x = 0;                                                                     \
        for (size_t i = 0; i < BU_N; i++) {                                                 \
            cy_u128 n = cy_u128_make(c->nums[i].hi, c->nums[i].lo ^ x);                     \
            uint64_t rem;                                                                   \
            cy_u128 q = call;                                                               \
            x = (q.lo ^ rem) & 1;                                                           \
        }                                                                                   \
        BENCH_KEEP(x);                                                                      \
    }
/* Latency of cy_mul_u64_u64_div_u64 on the operand arrays x, y, d of the context: the first
 * factor's bit 0 depends on the previous result. */
#define MULDIV_CHAIN(name, x_, y_, d_)                                                      \
    static void name(void *vctx)                                                            \
    {                                                                                       \
        const bu_ctx *c = vctx;                                                             \
        uint64_t x = 0;                                                                     \
        for (size_t i = 0; i < BU_N; i++)                                                   \
            x = cy_mul_u64_u64_div_u64(c->x_[i] ^ x, c->y_[i], c->d_[i], NULL) & 1;         \
        BENCH_KEEP(x);                                                                      \
    }

BODY_REM(op_divrem_u64, num, cy_u128_divrem_u64(n, c->d64[i], &rem, NULL))

static void op_divrem(void *vctx)
{
    const bu_ctx *c = vctx;
    for (size_t i = 0; i < BU_N; i++) {
        cy_u128 rem, q = cy_u128_divrem(c->num[i], c->d128[i], &rem, NULL);
        BENCH_KEEP(q.lo);
        BENCH_KEEP(q.hi);
        BENCH_KEEP(rem.lo);
        BENCH_KEEP(rem.hi);
    }
}

/* Latency: each operand depends on the previous result (x is 0 or 1, so the operands stay the
 * same as in the throughput bodies, bit 0 of the dividend aside). */
static void op_div_u64_chain(void *vctx)
{
    const bu_ctx *c = vctx;
    uint64_t x = 0;
    for (size_t i = 0; i < BU_N; i++) {
        cy_u128 q = cy_u128_divrem_u64(cy_u128_make(c->num[i].hi, c->num[i].lo ^ x), c->d64[i], NULL, NULL);
        x = q.lo & 1;
    }
    BENCH_KEEP(x);
}
MULDIV_CHAIN(op_mul_u64_u64_div_u64_chain, x, y, d)

/* Division by a precomputed divisor (cy_u128_divrem_u64_pi): the operands of divrem_u64. */
BODY_REM(op_divrem_u64_pi, num, cy_u128_divrem_u64_pi(n, &c->dv[i], &rem))
CHAIN_REM(op_divrem_u64_pi_chain, num, cy_u128_divrem_u64_pi(n, &c->dv[i], &rem))
/* The worst cases: throughput and latency. */
BODY_REM(op_divrem_u64_worst, wnum, cy_u128_divrem_u64(n, c->wd64[i], &rem, NULL))
CHAIN_REM(op_divrem_u64_worst_chain, wnum, cy_u128_divrem_u64(n, c->wd64[i], &rem, NULL))
BODY(op_mul_u64_u64_div_u64_worst, cy_u128_from_u64(cy_mul_u64_u64_div_u64(c->wx[i], c->wy[i], c->wd[i], NULL)))
MULDIV_CHAIN(op_mul_u64_u64_div_u64_worst_chain, wx, wy, wd)

static void op_to_dec(void *vctx)
{
    const bu_ctx *c = vctx;
    char buf[CY_U128_DEC_SIZE];
    for (size_t i = 0; i < BU_N; i++) {
        size_t n = cy_u128_to_dec(buf, c->a[i]);
        BENCH_KEEP(n);
        BENCH_KEEP(buf[0]);
    }
}

/* Overflow-checked signed add and multiply: result and flag. The multiply's operands a >> s and
 * b >> (128 - s) have 128 bits together, so about half the products overflow. */
static void op_s128_add_checked(void *vctx)
{
    const bu_ctx *c = vctx;
    for (size_t i = 0; i < BU_N; i++) {
        bool err = false;
        cy_s128 r = cy_s128_add_checked(cy_s128_from_u128(c->a[i]), cy_s128_from_u128(c->b[i]), &err);
        BENCH_KEEP(r.lo);
        BENCH_KEEP(r.hi);
        BENCH_KEEP(err);
    }
}
static void op_s128_mul_checked(void *vctx)
{
    const bu_ctx *c = vctx;
    for (size_t i = 0; i < BU_N; i++) {
        bool err = false;
        cy_s128 r = cy_s128_mul_checked(cy_s128_from_u128(cy_u128_shr(c->a[i], c->s[i])),
                                        cy_s128_from_u128(cy_u128_shr(c->b[i], 128 - c->s[i])), &err);
        BENCH_KEEP(r.lo);
        BENCH_KEEP(r.hi);
        BENCH_KEEP(err);
    }
}

static void adjfine(void *vctx)
{
    const bu_ptp *p = vctx;
    for (size_t i = 0; i < p->n; i++) {
        uint64_t v = cy_adjust_by_scaled_ppm(p->incval, p->ppm[i], NULL);
        BENCH_KEEP(v);
    }
}

const bu_backend BU_NAME = {
    BU_IMPL,
    {
        [BU_ADD] = op_add, [BU_SUB] = op_sub, [BU_LT] = op_lt, [BU_MUL] = op_mul,
        [BU_MUL_U64_U64] = op_mul_u64_u64, [BU_MUL_HI] = op_mul_hi, [BU_SHL] = op_shl,
        [BU_DIV_U64] = op_div_u64, [BU_DIVREM_U64] = op_divrem_u64, [BU_DIV] = op_div,
        [BU_DIVREM] = op_divrem, [BU_MUL_U64_U64_DIV_U64] = op_mul_u64_u64_div_u64,
        [BU_DIV_U64_CHAIN] = op_div_u64_chain, [BU_MUL_U64_U64_DIV_U64_CHAIN] = op_mul_u64_u64_div_u64_chain,
        [BU_TO_DEC] = op_to_dec, [BU_S128_ADD_CHECKED] = op_s128_add_checked,
        [BU_S128_MUL_CHECKED] = op_s128_mul_checked,
        [BU_DIVREM_U64_PI] = op_divrem_u64_pi, [BU_DIVREM_U64_PI_CHAIN] = op_divrem_u64_pi_chain,
        [BU_DIVREM_U64_WORST] = op_divrem_u64_worst, [BU_DIVREM_U64_WORST_CHAIN] = op_divrem_u64_worst_chain,
        [BU_MUL_U64_U64_DIV_U64_WORST] = op_mul_u64_u64_div_u64_worst,
        [BU_MUL_U64_U64_DIV_U64_WORST_CHAIN] = op_mul_u64_u64_div_u64_worst_chain,
    },
    adjfine,
};
