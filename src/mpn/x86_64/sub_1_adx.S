/* cy__mpn_sub_1_adx -- the sub_1 of the adx back end.
 * SPDX-License-Identifier: MIT
 *
 * This is the code of sub_1.S assembled under a second name, not a different algorithm: sub_1
 * has one carry chain and no multiplication, so ADX and BMI2 have nothing to offer. A separate
 * symbol keeps the back-end tables uniform. See sub_1.S for the formula, prototype, register map,
 * method and measurements.
 *
 *   cy_limb cy__mpn_sub_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Needs: x86-64 baseline only.
 */
#define SUB_1_NAME cy__mpn_sub_1_adx
#include "sub_1.S"
