/* cy__mpn_sub_n_power8 -- {r, n} - 2^(64 n) * c = {a, n} - {b, n}, POWER (ppc64le): the
 * sub_n instance of aors_n.inc, which holds the code, prototype, register map and method.
 * SPDX-License-Identifier: MIT */
#define OPERATION_sub_n
#include "aors_n.inc"
