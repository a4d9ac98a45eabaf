/* cy__mpn_sub_1_power8 -- {r, n} - 2^(64 n) * c = {a, n} - b, POWER (ppc64le): the sub_1
 * instance of aors_1.inc, which holds the code, prototype, register map and method.
 * SPDX-License-Identifier: MIT */
#define OPERATION_sub_1
#include "aors_1.inc"
