/* Internal to carry's mpn layer: the dispatch table, limb arithmetic helpers, per-back-end names.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_MPN_IMPL_H
#define CARRY_SRC_MPN_IMPL_H

#include "carry/mpn.h"
#include "core/cpu.h"

/* The unrolled products of one size n (1 <= n <= fixed_max of the back end's table):
 * {r, 2n} = {a, n} * {b, n}, {r, 2n} = {a, n}^2. */
typedef void (*cy__mul_fixed_fn)(cy_limb *, const cy_limb *, const cy_limb *);
typedef void (*cy__sqr_fixed_fn)(cy_limb *, const cy_limb *);

/* Algorithm crossovers of src/mpn/mul.c, in limbs: an operation of size n uses the faster
 * algorithm from n >= threshold on. Sizes n <= 8 always use the unrolled kernels; toom22 needs
 * n >= 2, toom33 n >= 5 and toom44 n >= 10, which n > 8 guarantees for the first two and algo()
 * enforces for toom44; the transforms (mul_fft, sqr_fft) work at any size. */
typedef struct cy__mul_thresholds {
    size_t mul_toom22, mul_toom33, sqr_toom22, sqr_toom33, mullo, mul_toom44, sqr_toom44, mul_fft,
        sqr_fft;
} cy__mul_thresholds;

/* The kernels that have assembly versions. Every back end provides every slot; a back end that has
 * no faster version of a kernel points the slot at the best one it can run. */
typedef struct cy_mpn_table {
    cy_limb (*add_n)(cy_limb *, const cy_limb *, const cy_limb *, size_t);
    cy_limb (*sub_n)(cy_limb *, const cy_limb *, const cy_limb *, size_t);
    cy_limb (*mul_1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    cy_limb (*addmul_1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    cy_limb (*submul_1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    cy_limb (*lshift)(cy_limb *, const cy_limb *, size_t, unsigned);
    cy_limb (*rshift)(cy_limb *, const cy_limb *, size_t, unsigned);
    cy_limb (*add_1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    cy_limb (*sub_1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    cy_limb (*neg)(cy_limb *, const cy_limb *, size_t);
    /* divexact_bm1(q, a, n, m): {q, n} = {a, n} d^-1 mod B^n for d = (B - 1) / m, i.e. the exact
     * quotient {a, n} / d when d divides it (two's complement too); returns the high limb of
     * {a, n} m. q may equal a. Constant time. Used by cy__mpn_divexact_small (src/mpn/divexact_small.c). */
    cy_limb (*divexact_bm1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    /* cy_mpn_divrem_1_preinv (variable time; its contract is in carry/mpn.h) */
    cy_limb (*divrem_1_preinv)(cy_limb *, const cy_limb *, size_t, const cy_mpn_div1_inv *);
    /* Multiplication kernels (src/mpn/mul.c builds the algorithms on them):
     * mul_basecase {r, an+bn} = {a, an} * {b, bn}, an >= bn >= 1; sqr_basecase {r, 2n} = {a, n}^2,
     * n >= 1; mul_fixed[n] / sqr_fixed[n] the same for 1 <= n <= fixed_max (8 in C, 16 on adx),
     * fully unrolled, one function per n (tools/gen-mul; index 0 is NULL). All constant time; r
     * never overlaps an operand. */
    void (*mul_basecase)(cy_limb *, const cy_limb *, size_t, const cy_limb *, size_t);
    void (*sqr_basecase)(cy_limb *, const cy_limb *, size_t);
    const cy__mul_fixed_fn *mul_fixed;
    const cy__sqr_fixed_fn *sqr_fixed;
    size_t fixed_max;
    /* mullo_fixed[n]: {r, n} = {a, n} * {b, n} mod B^n for 1 <= n <= fixed_max, fully unrolled
     * (tools/gen-mul; index 0 is NULL). Constant time; r never overlaps an operand. */
    const cy__mul_fixed_fn *mullo_fixed;
    /* The multiplication crossovers tuned for this back end: the ifma back end's IFMA basecase
     * moves them far up (src/mpn/thresholds_ifma.h); the others share src/mpn/thresholds.h
     * (measured on adx). */
    const cy__mul_thresholds *tune;
} cy_mpn_table;

/* The kernel table of each back end, indexed by cy_cpu (src/mpn/dispatch.c). */
extern const cy_mpn_table cy__mpn_tables[CY_CPU_COUNT] __attribute__((visibility("hidden")));

/* The table of the back end in use (src/core/cpu.h chooses it). */
static inline const cy_mpn_table *cy__mpn_table(void)
{
    return &cy__mpn_tables[cy__cpu_now()];
}

/* The two tuned sets (src/mpn/mul.c, from the generated thresholds headers). */
extern const cy__mul_thresholds cy__mul_tune_base, cy__mul_tune_ifma;
/* Tests and carry-tune point this at a set of their own to impose it on every back end (not
 * thread-safe: only while no other thread multiplies); NULL (the default): each back end's own.
 * Scratch sizes (*_itch) follow the values in force when they are called. */
extern const cy__mul_thresholds *cy__mul_tune_force;
/* The thresholds in force. */
static inline const cy__mul_thresholds *cy__mul_tune_now(void)
{
    const cy__mul_thresholds *f = cy__mul_tune_force;
    return f ? f : cy__mpn_table()->tune;
}

/* Back-end kernels: cy__mpn_<kernel>_<backend>. Generic versions are in src/mpn/generic/<kernel>.c,
 * assembly in src/mpn/x86_64/<kernel>.S (baseline) and <kernel>_adx.S (BMI2 + ADX). */
#define CY__DECLARE_KERNELS(be)                                                                  \
    cy_limb cy__mpn_add_n_##be(cy_limb *, const cy_limb *, const cy_limb *, size_t);            \
    cy_limb cy__mpn_sub_n_##be(cy_limb *, const cy_limb *, const cy_limb *, size_t);            \
    cy_limb cy__mpn_mul_1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);                    \
    cy_limb cy__mpn_addmul_1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);                 \
    cy_limb cy__mpn_submul_1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);                 \
    cy_limb cy__mpn_lshift_##be(cy_limb *, const cy_limb *, size_t, unsigned);                  \
    cy_limb cy__mpn_rshift_##be(cy_limb *, const cy_limb *, size_t, unsigned);                  \
    cy_limb cy__mpn_add_1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);                    \
    cy_limb cy__mpn_sub_1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);                    \
    cy_limb cy__mpn_neg_##be(cy_limb *, const cy_limb *, size_t);                               \
    cy_limb cy__mpn_divexact_bm1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);             \
    cy_limb cy__mpn_divrem_1_preinv_##be(cy_limb *, const cy_limb *, size_t,                    \
                                         const cy_mpn_div1_inv *);                              \
    void cy__mpn_mul_basecase_##be(cy_limb *, const cy_limb *, size_t, const cy_limb *, size_t); \
    void cy__mpn_sqr_basecase_##be(cy_limb *, const cy_limb *, size_t);                         \
    extern const cy__mul_fixed_fn cy__mpn_mul_fixed_##be[];                                     \
    extern const cy__sqr_fixed_fn cy__mpn_sqr_fixed_##be[];                                     \
    extern const cy__mul_fixed_fn cy__mpn_mullo_fixed_##be[];
CY__DECLARE_KERNELS(generic)

/* The ifma back end's own basecase kernels (src/mpn/mul_basecase_ifma.c; the table's other slots
 * are the adx ones). Same contracts as the mul_basecase / sqr_basecase slots above. */
void cy__mpn_mul_basecase_ifma(cy_limb *, const cy_limb *, size_t, const cy_limb *, size_t);
void cy__mpn_sqr_basecase_ifma(cy_limb *, const cy_limb *, size_t);

/* Exact division by a small odd d (3 and 5 in Toom-3 and Toom-4): {q, n} = {a, n} / d, assuming d
 * divides {a, n} (otherwise {q, n} is {a, n} * d^-1 mod B^n). Works as well for a two's
 * complement {a, n} that is an exact multiple. n >= 0; q may equal a. Constant time. */
void cy__mpn_divexact_small(cy_limb *q, const cy_limb *a, size_t n, cy_limb d);

/* {r, an + bn} = {a, an} {b, bn} by number-theoretic transforms over three primes
 * (src/mpn/mul_fft.c); sq: the caller promises a == b, an == bn, and one transform is saved.
 * an, bn >= 1, total bits below 2^40 or so (transform length <= 2^36); r must not overlap a or b;
 * tp: cy__mpn_mul_fft_itch(an, bn, sq) limbs. Constant time. */
size_t cy__mpn_mul_fft_itch(size_t an, size_t bn, int sq);
void cy__mpn_mul_fft(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                     cy_limb *tp, int sq);

/* {r, m} = {a, an} {b, bn} mod (B^m - 1) by one cyclic convolution of the transforms above
 * (src/mpn/mul_fft.c): about the cost of a full product of m limbs in all, instead of an + bn.
 * m must be a supported size, cy__mpn_mulmod_bm1_size(n) = the smallest one >= n (n >= 1);
 * 1 <= an, bn <= m. The result is in [0, B^m - 1] (zero may come out as B^m - 1). r must not
 * overlap a or b; tp: cy__mpn_mulmod_bm1_itch(m) limbs. Constant time. */
size_t cy__mpn_mulmod_bm1_size(size_t n);
size_t cy__mpn_mulmod_bm1_itch(size_t m);
void cy__mpn_mulmod_bm1(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                        size_t m, cy_limb *tp);

/* True when [p, p+pn) and [q, q+qn) share no limb. Used in CY_ASSERTs of overlap rules. */
static inline int cy__disjoint(const cy_limb *p, size_t pn, const cy_limb *q, size_t qn)
{
    return (uintptr_t)(p + pn) <= (uintptr_t)q || (uintptr_t)(q + qn) <= (uintptr_t)p;
}

/* The double-limb product a * b = hi * B + lo, returned as lo with hi stored in *hi.
 * Three ways, by what the target has: a native double-width type (__int128 for 64-bit limbs,
 * uint64_t for 32-bit limbs), or four half-limb products (schoolbook on h = CY_LIMB_BITS/2-bit
 * halves; the middle sum cannot overflow since (2^h-1)^2 + 2(2^h-1) < 2^(2h)). */
static inline cy_limb cy__umul(cy_limb a, cy_limb b, cy_limb *hi)
{
#if CY_LIMB_BITS == 32
    uint64_t p = (uint64_t)a * b;
    *hi = (cy_limb)(p >> 32);
    return (cy_limb)p;
#elif defined(CY_HAVE_INT128)
    unsigned __int128 p = (unsigned __int128)a * b;
    *hi = (cy_limb)(p >> 64);
    return (cy_limb)p;
#else
    const unsigned h = CY_LIMB_BITS / 2;
    const cy_limb mask = ((cy_limb)1 << h) - 1;
    cy_limb a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
    cy_limb p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    cy_limb mid = (p00 >> h) + (p01 & mask) + (p10 & mask); /* < 3 * 2^h: no overflow */
    *hi = p11 + (p01 >> h) + (p10 >> h) + (mid >> h);
    return (mid << h) | (p00 & mask);
#endif
}

/* s = a + b + cin (cin in {0,1}); returns the carry out in {0,1}. Written so that gcc and clang
 * recognise the carry chain on targets with a carry flag. */
static inline cy_limb cy__addc(cy_limb a, cy_limb b, cy_limb cin, cy_limb *s)
{
    cy_limb t = a + cin;
    cy_limb c1 = t < cin;
    cy_limb u = t + b;
    *s = u;
    return c1 | (u < b);
}

/* d = a - b - bin (bin in {0,1}); returns the borrow out in {0,1}. */
static inline cy_limb cy__subb(cy_limb a, cy_limb b, cy_limb bin, cy_limb *d)
{
    cy_limb t = a - b;
    cy_limb b1 = a < b;
    *d = t - bin;
    return b1 | (t < bin);
}

#endif /* CARRY_SRC_MPN_IMPL_H */
