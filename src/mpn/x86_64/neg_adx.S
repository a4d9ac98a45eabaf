/* cy__mpn_neg_adx -- the neg of the adx back end.
 * SPDX-License-Identifier: MIT
 *
 * This is the code of neg.S assembled under a second name, not a different algorithm: neg has
 * one carry chain and no multiplication, so ADX and BMI2 have nothing to offer. A separate
 * symbol keeps the back-end tables uniform. See neg.S for the formula, prototype, register map,
 * method and measurements.
 *
 *   cy_limb cy__mpn_neg_adx(cy_limb *r, const cy_limb *a, size_t n);
 *
 * Needs: x86-64 baseline only.
 */
#define NEG_NAME cy__mpn_neg_adx
#include "neg.S"
