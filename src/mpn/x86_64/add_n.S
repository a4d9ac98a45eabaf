/* cy__mpn_add_n_x86_64 -- {r, n} + 2^(64 n) * c = {a, n} + {b, n}, x86-64 baseline: the add_n
 * instance of aors_n.inc, which holds the code, prototype, register map and measurements.
 * SPDX-License-Identifier: MIT */
#define OPERATION_add_n
#include "aors_n.inc"
