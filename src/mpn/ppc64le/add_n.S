/* cy__mpn_add_n_power8 -- {r, n} + 2^(64 n) * c = {a, n} + {b, n}, POWER (ppc64le): the
 * add_n instance of aors_n.inc, which holds the code, prototype, register map and method.
 * SPDX-License-Identifier: MIT */
#define OPERATION_add_n
#include "aors_n.inc"
