/* cy__mpn_add_1_x86_64 -- {r, n} + 2^(64 n) * c = {a, n} + b, x86-64 baseline: the add_1
 * instance of aors_1.inc, which holds the code, prototype, register map and measurements.
 * SPDX-License-Identifier: MIT */
#define OPERATION_add_1
#include "aors_1.inc"
