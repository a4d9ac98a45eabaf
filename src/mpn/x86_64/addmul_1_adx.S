/* cy__mpn_addmul_1_adx -- {r, n} + 2^(64 n) * h = {r, n} + {a, n} * b, BMI2 mulx + ADX:
 * the addmul_1 instance of aorsmul_1_adx.inc, which holds the code, prototype, register map and
 * measurements.
 * SPDX-License-Identifier: MIT */
#define OPERATION_addmul_1
#include "aorsmul_1_adx.inc"
