/* cy__mpn_submul_1_power8 -- {r, n} - 2^(64 n) * c = {r, n} - {a, n} * b, POWER (ppc64le): the
 * submul_1 instance of aorsmul_1.inc, which holds the code, prototype, register map and method.
 * SPDX-License-Identifier: MIT */
#define OPERATION_submul_1
#include "aorsmul_1.inc"
