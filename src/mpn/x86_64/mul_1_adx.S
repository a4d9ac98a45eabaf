/* cy__mpn_mul_1_adx -- {r, n} + 2^(64 n) * h = {a, n} * b, BMI2 mulx + ADX:
 * the mul_1 instance of aorsmul_1_adx.inc, which holds the code, prototype, register map and
 * measurements.
 * SPDX-License-Identifier: MIT */
#define OPERATION_mul_1
#include "aorsmul_1_adx.inc"
