/* Private to carry: every crossover of a back end, in one struct per back end.
 * SPDX-License-Identifier: MIT
 *
 * Each back end has one file, src/core/tune_<backend>.c, holding its cy__tune as a designated
 * initializer, with a banner that names the machine, date, compiler and command that produced
 * it. tools/carry-tune writes that file for the back end it runs on (CARRY_CPU=<backend>
 * carry-tune --out src/core/tune_<backend>.c): the multiplication crossovers it measures, the
 * other fields carried over from the compiled-in values.
 *
 * A threshold is the first size (in limbs, or digits where said) that takes the faster method. A
 * field that does not apply to a back end (the IFMA ranges on adx, the ADX range on generic)
 * holds CY__TUNE_OFF as its lower end and 0 as its upper end: the range is empty. The code that
 * reads a range still asks cy__cpu_uses for the instruction set, so a forced set (below) can
 * never run code the CPU lacks. */
#ifndef CARRY_SRC_CORE_TUNE_H
#define CARRY_SRC_CORE_TUNE_H

#include <stddef.h>
#include <stdint.h>

#include "core/cpu.h"

/* "Never": the lower end of a range or a threshold that is switched off. */
#define CY__TUNE_OFF (SIZE_MAX / 2)

typedef struct cy__tune {
    /* Multiplication (src/mpn/mul.c and the Toom files). Sizes n <= 8 always use the unrolled
     * kernels; toom22 needs n >= 2, toom33 n >= 5 and toom44 n >= 10, which n > 8 guarantees for
     * the first two and the algorithm choice enforces for toom44; the transforms (mul_fft,
     * sqr_fft) work at any size. Measured by carry-tune. */
    size_t mul_toom22, mul_toom33, mul_toom44, mul_fft;
    size_t sqr_toom22, sqr_toom33, sqr_toom44, sqr_fft;
    size_t mullo; /* cy_mpn_mullo_n: Mulders' split from here, rows of addmul_1 below */
    /* Unbalanced products with bn <= mul_rows_max run as rows of mul_1 / addmul_1 (for so few
     * rows the linear kernels beat a basecase built for longer b; measured on adx: 1000 x 4). */
    size_t mul_rows_max;
    /* Division (docs/div.md): cy_mpn_divrem takes divide-and-conquer from dc_div divisor limbs
     * and block division with a reciprocal when divisor and quotient both reach mu_div;
     * cy__mpn_invert uses Newton's iteration from inv_newton limbs (at least 3). */
    size_t dc_div, mu_div, inv_newton;
    /* GCD (docs/div.md): cy__hgcd (src/mpn/hgcd.c) recurses from hgcd limbs and runs Lehmer
     * steps below; cy_mpn_gcd reduces by half-gcd steps while its larger operand has at least
     * gcd_dc limbs (at least 8 for both). */
    size_t hgcd, gcd_dc;
    /* Radix conversion (docs/div.md): get_str divide-and-conquer from get_str_dc limbs, with a
     * reciprocal per power from get_str_mu limbs of the power; set_str divide-and-conquer from
     * set_str_dc digits; get_str from get_str_srt limbs by the scaled remainder tree (products by
     * the powers of a fraction, no division). */
    size_t get_str_dc, get_str_mu, set_str_dc, get_str_srt;
    /* The mod layer (docs/mod.md). Modulus sizes in limbs, both ends included: cy_mont_mul and
     * cy_mont_sqr use the IFMA code for [mont_mul_ifma_min, mont_ifma_max] and
     * [mont_sqr_ifma_min, mont_ifma_max], cy_mont_powm and cy_mont_powm_vartime for
     * [powm_ifma_min, powm_ifma_max]; below mont_mul_ifma_min the ADX kernels are as fast or
     * faster. cy_mont_mul uses the ADX CIOS kernel up to mont_mul_adx_max limbs, the product
     * plus the reduction above. */
    size_t mont_mul_ifma_min, mont_sqr_ifma_min, mont_ifma_max;
    size_t powm_ifma_min, powm_ifma_max;
    size_t mont_mul_adx_max;
} cy__tune;

/* The set of each back end (src/core/tune_<backend>.c). */
extern const cy__tune cy__tune_generic, cy__tune_x86_64, cy__tune_adx, cy__tune_ifma;

/* The set in force for each back end, indexed by cy_cpu (src/core/tune.c): the back end's own
 * unless cy__tune_force replaced it. Hidden: the inline accessor reads it directly. */
extern const cy__tune *cy__tunes[CY_CPU_COUNT] __attribute__((visibility("hidden")));

/* Tests and carry-tune impose a set of their own on every back end with cy__tune_force(t), and
 * restore each back end's own with cy__tune_force(NULL). Not thread-safe: only while no other
 * thread computes. Scratch sizes (*_itch) follow the values in force when they are called. */
void cy__tune_force(const cy__tune *t);

/* The crossovers in force for the back end in use: one load more than the back-end query. */
static inline const cy__tune *cy__tune_now(void)
{
    return cy__tunes[cy__cpu_now()];
}

#endif /* CARRY_SRC_CORE_TUNE_H */
