/* Every crossover of the x86_64 back end (the fields: src/core/tune.h).
 * SPDX-License-Identifier: MIT
 * Not measured on this back end: these are the values of the adx back end (src/core/tune_adx.c:
 * AMD EPYC, cpu family 25, model 17 (Zen 4); 2026-11-24; gcc 12.2.0; CARRY_CPU=adx carry-tune;
 * the transforms' crossovers 2026-11-27, CARRY_CPU=adx carry-tune --fft),
 * with the ADX and IFMA ranges of the mod layer off. To measure this back end's own, run
 *     CARRY_CPU=x86_64 carry-tune --out src/core/tune_x86_64.c */
#include "core/tune.h"

const cy__tune cy__tune_x86_64 = {
    .mul_toom22 = 28,
    .mul_toom33 = 67,
    .mul_toom44 = 166,
    .mul_fft = 4340,
    .sqr_toom22 = 64,
    .sqr_toom33 = 110,
    .sqr_toom44 = 313,
    .sqr_fft = 4479,
    .mullo = 12,
    .mul_rows_max = 4,
    .dc_div = 40,
    .mu_div = 7000,
    .inv_newton = 100,
    .hgcd = 100,
    .gcd_dc = 400,
    .get_str_dc = 30,
    .get_str_mu = 16000,
    .set_str_dc = 4000,
    .get_str_srt = 16000,
    .mont_mul_ifma_min = CY__TUNE_OFF,
    .mont_sqr_ifma_min = CY__TUNE_OFF,
    .mont_ifma_max = 0,
    .powm_ifma_min = CY__TUNE_OFF,
    .powm_ifma_max = 0,
    .mont_mul_adx_max = 0,
};
