/* Internal to carry's mpn layer: the kernel table of each back end (the slots that have
 * assembly versions) and the names of the back ends' kernels. SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_MPN_DISPATCH_H
#define CARRY_SRC_MPN_DISPATCH_H

#include "carry/mpn.h"
#include "core/cpu.h"

/* The unrolled products of one size n (1 <= n <= fixed_max of the back end's table):
 * {r, 2n} = {a, n} * {b, n}, {r, 2n} = {a, n}^2. */
typedef void (*cy__mul_fixed_fn)(cy_limb *, const cy_limb *, const cy_limb *);
typedef void (*cy__sqr_fixed_fn)(cy_limb *, const cy_limb *);

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
    /* neg and com: cy_mpn_neg and cy_mpn_com of carry/mpn.h for n >= 4 (the entry points do
     * shorter lengths with cy__mpn_neg_loop and cy__mpn_com_loop below, without the call). */
    cy_limb (*neg)(cy_limb *, const cy_limb *, size_t);
    void (*com)(cy_limb *, const cy_limb *, size_t);
    /* divexact_bm1(q, a, n, m): {q, n} = {a, n} d^-1 mod B^n for d = (B - 1) / m, i.e. the exact
     * quotient {a, n} / d when d divides it (two's complement too); returns the high limb of
     * {a, n} m. q may equal a. Constant time. Used by cy__mpn_divexact_small (src/mpn/divexact_small.c). */
    cy_limb (*divexact_bm1)(cy_limb *, const cy_limb *, size_t, cy_limb);
    /* cy_mpn_divrem_1_preinv (variable time; its contract is in carry/mpn.h) */
    cy_limb (*divrem_1_preinv)(cy_limb *, const cy_limb *, size_t, const cy_mpn_div1_inv *);
    /* Multiplication kernels (src/mpn/mul.c and the Toom files build the algorithms on them):
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
} cy_mpn_table;

/* {r, n} = -{a, n} mod B^n in one pass, returning [a != 0]; r == a or disjoint. -a = NOT a + 1,
 * so r[i] = NOT a[i] + c with c = 1 at the bottom; NOT a[i] + c carries exactly when c = 1 and
 * a[i] = 0, so the chain is one AND per limb, through every limb (constant time). The carry
 * leaves the top exactly when a = 0, when the borrow of 0 - a is 0: the result is c XOR 1 (0 for
 * n = 0). The generic neg kernel, and cy_mpn_neg below 4 limbs on every back end. */
static inline cy_limb cy__mpn_neg_loop(cy_limb *r, const cy_limb *a, size_t n)
{
    cy_limb c = 1;
    for (size_t i = 0; i < n; i++) {
        cy_limb x = a[i];
        r[i] = ~x + c;
        c &= x == 0;
    }
    return c ^ 1;
}

/* {r, n} = NOT {a, n} one limb at a time; r == a or disjoint. The generic com kernel, and
 * cy_mpn_com below 4 limbs on every back end. */
static inline void cy__mpn_com_loop(cy_limb *r, const cy_limb *a, size_t n)
{
    for (size_t i = 0; i < n; i++)
        r[i] = ~a[i];
}

/* The kernel table of each back end, indexed by cy_cpu (src/mpn/dispatch.c). */
extern const cy_mpn_table cy__mpn_tables[CY_CPU_COUNT] __attribute__((visibility("hidden")));

/* The table of the back end in use (src/core/cpu.h chooses it). */
static inline const cy_mpn_table *cy__mpn_table(void)
{
    return &cy__mpn_tables[cy__cpu_now()];
}

/* Back-end kernels: cy__mpn_<kernel>_<backend>. Generic versions are in src/mpn/generic/<kernel>.c,
 * assembly in src/mpn/x86_64/<kernel>.S (baseline) and <kernel>_adx.S (BMI2 + ADX) where the adx
 * back end has a faster version, in src/mpn/aarch64/<kernel>.S and in src/mpn/ppc64le/<kernel>.S (power8; the linear kernels only) and <kernel>_power9.S (mul_1,
 * addmul_1, submul_1 on Power ISA 3.0). The macro declares every name for a back end; the tables in
 * dispatch.c reference only the ones that exist (the adx table takes add_n, sub_n, add_1 and
 * sub_1 from x86_64; its neg and com are C with AVX2 intrinsics, x86_64/neg_adx.c, com_adx.c). */
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
    void cy__mpn_com_##be(cy_limb *, const cy_limb *, size_t);                                  \
    cy_limb cy__mpn_divexact_bm1_##be(cy_limb *, const cy_limb *, size_t, cy_limb);             \
    cy_limb cy__mpn_divrem_1_preinv_##be(cy_limb *, const cy_limb *, size_t,                    \
                                         const cy_mpn_div1_inv *);                              \
    void cy__mpn_mul_basecase_##be(cy_limb *, const cy_limb *, size_t, const cy_limb *, size_t); \
    void cy__mpn_sqr_basecase_##be(cy_limb *, const cy_limb *, size_t);                         \
    extern const cy__mul_fixed_fn cy__mpn_mul_fixed_##be[];                                     \
    extern const cy__sqr_fixed_fn cy__mpn_sqr_fixed_##be[];                                     \
    extern const cy__mul_fixed_fn cy__mpn_mullo_fixed_##be[];
CY__DECLARE_KERNELS(generic)

/* The ifma back end's own basecase kernels (src/mpn/x86_64/mul_basecase_ifma.c; the table's other
 * slots are the adx ones). Same contracts as the mul_basecase / sqr_basecase slots above. */
void cy__mpn_mul_basecase_ifma(cy_limb *, const cy_limb *, size_t, const cy_limb *, size_t);
void cy__mpn_sqr_basecase_ifma(cy_limb *, const cy_limb *, size_t);

/* neg and com in vector code: AVX2 for the adx back end (x86_64/neg_adx.c, com_adx.c), AVX-512 for
 * ifma (x86_64/neg_ifma.c, com_ifma.c). Same contracts as the neg and com slots above. */
cy_limb cy__mpn_neg_ifma(cy_limb *, const cy_limb *, size_t);
void cy__mpn_com_ifma(cy_limb *, const cy_limb *, size_t);

#endif /* CARRY_SRC_MPN_DISPATCH_H */
