/* cy__mpn_sub_n_adx -- the sub_n of the adx back end.
 * SPDX-License-Identifier: MIT
 *
 * This is the code of sub_n.S assembled under a second name, not a different algorithm: sub_n
 * has one carry chain, so ADX (two chains) and BMI2 (flag-free multiply) have nothing to offer,
 * and the baseline loop already runs within about 20% of the floor of one limb per cycle (two loads
 * and a store per limb, three memory operations per cycle). A separate symbol keeps the back-end
 * tables uniform and lets this file diverge if a CPU with ADX ever wants different code here.
 * See sub_n.S for the formula, prototype, register map and method.
 *
 *   cy_limb cy__mpn_sub_n_adx(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
 *
 * Needs: x86-64 baseline only.
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 7.0 ticks/call; ticks/limb at n = 8: 1.17, n = 100: 0.86, n = 1000: 0.85,
 *   n = 100000: 1.04 (GMP 6.2.1 in the same run: 8.4; 1.32, 0.78, 0.78, 0.99).
 */
#define SUB_N_NAME cy__mpn_sub_n_adx
#include "sub_n.S"
