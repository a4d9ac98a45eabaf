/* cy__mpn_add_n_adx -- the add_n of the adx back end.
 * SPDX-License-Identifier: MIT
 *
 * This is the code of add_n.S assembled under a second name, not a different algorithm: add_n
 * has one carry chain, so ADX (two chains) and BMI2 (flag-free multiply) have nothing to offer,
 * and the baseline loop already runs at the Zen 3 floor of about one limb per cycle (two loads
 * and a store per limb, three memory operations per cycle). A separate symbol keeps the back-end
 * tables uniform and lets this file diverge if a CPU with ADX ever wants different code here.
 * See add_n.S for the formula, prototype, register map and method.
 *
 *   cy_limb cy__mpn_add_n_adx(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
 *
 * Needs: x86-64 baseline only.
 * Zen 3 (carry-bench ticks/limb): ADD_N_ADX_CYCLES
 */
#define ADD_N_NAME cy__mpn_add_n_adx
#include "add_n.S"
