/* cy__mpn_mul_1_x86_64 -- {r, n} + 2^(64 n) * c = {a, n} * b, x86-64 baseline:
 * the mul_1 instance of aorsmul_1.inc, which holds the code, prototype, register map and
 * measurements.
 * SPDX-License-Identifier: MIT */
#define OPERATION_mul_1
#include "aorsmul_1.inc"
