/* cy__mpn_sub_n_aarch64 -- {r, n} - 2^(64 n) * c = {a, n} - {b, n}, AArch64: the sub_n instance
 * of aors_n.inc, which holds the code, prototype, register map and method.
 * SPDX-License-Identifier: MIT */
#define OPERATION_sub_n
#include "aors_n.inc"
