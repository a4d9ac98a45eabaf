/* cy__mpn_add_1_power8 -- {r, n} + 2^(64 n) * c = {a, n} + b, POWER (ppc64le): the add_1
 * instance of aors_1.inc, which holds the code, prototype, register map and method.
 * SPDX-License-Identifier: MIT */
#define OPERATION_add_1
#include "aors_1.inc"
