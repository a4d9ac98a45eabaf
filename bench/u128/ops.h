/* carry-bench suite "u128": what the per-backend translation units share (see ../u128.c).
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_BENCH_U128_OPS_H
#define CARRY_BENCH_U128_OPS_H

#include <stddef.h>
#include <stdint.h>

#include "carry/u128.h" /* types only here; each ops.c instance picks its backend */

/* Every timed body runs over BU_N varied operands, so a row is the throughput of a mix. */
#define BU_N 512

typedef struct {
    cy_u128 a[BU_N], b[BU_N];   /* uniform 128-bit operands */
    unsigned s[BU_N];           /* shift counts 0..127 */
    cy_u128 num[BU_N];          /* dividends: uniform 128-bit */
    uint64_t d64[BU_N];         /* 64-bit divisors of random bit length 1..64 */
    cy_u128 d128[BU_N];         /* 128-bit divisors of random bit length 1..128 */
    uint64_t x[BU_N], y[BU_N], d[BU_N]; /* mul_u64_u64_div_u64 operands, quotient fits */
    cy_u128_divisor dv[BU_N];   /* d64[i] precomputed (cy_u128_divisor_init) */
    /* the worst cases found for the 32-bit path (see fill_worst in ../u128.c): every u128 / u64
     * with a quotient above 2^64 (four 3-by-2 steps), half of them hitting the rare correction
     * in three steps, in random order (the branches mispredict); mul_u64_u64_div_u64 likewise */
    cy_u128 wnum[BU_N];
    uint64_t wd64[BU_N];
    uint64_t wx[BU_N], wy[BU_N], wd[BU_N];
} bu_ctx;

/* The adjfine experiment: n scaled_ppm values applied to one increment value. */
typedef struct {
    const int64_t *ppm;
    size_t n;
    uint64_t incval;
} bu_ptp;

enum {
    BU_ADD, BU_SUB, BU_LT, BU_MUL, BU_MUL_U64_U64, BU_MUL_HI, BU_SHL, BU_DIV_U64, BU_DIVREM_U64,
    BU_DIV, BU_DIVREM, BU_MUL_U64_U64_DIV_U64, BU_DIV_U64_CHAIN, BU_MUL_U64_U64_DIV_U64_CHAIN,
    BU_TO_DEC, BU_S128_ADD_CHECKED, BU_S128_MUL_CHECKED,
    BU_DIVREM_U64_PI, BU_DIVREM_U64_PI_CHAIN, BU_DIVREM_U64_WORST, BU_DIVREM_U64_WORST_CHAIN,
    BU_MUL_U64_U64_DIV_U64_WORST, BU_MUL_U64_U64_DIV_U64_WORST_CHAIN, BU_OPS
};

typedef struct {
    const char *impl;
    void (*op[BU_OPS])(void *ctx); /* on a bu_ctx */
    void (*adjfine)(void *ctx);    /* on a bu_ptp: cy_adjust_by_scaled_ppm over every value */
} bu_backend;

extern const bu_backend bu_native, bu_halves, bu_digits32;

#endif
