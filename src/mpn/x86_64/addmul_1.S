/* cy__mpn_addmul_1_x86_64 -- {r, n} + 2^(64 n) * c = {r, n} + {a, n} * b, x86-64 baseline:
 * the addmul_1 instance of aorsmul_1.inc, which holds the code, prototype, register map and
 * measurements.
 * SPDX-License-Identifier: MIT */
#define OPERATION_addmul_1
#include "aorsmul_1.inc"
