/* cy__mpn_addmul_1_power9 -- {r, n} + 2^(64 n) * c = {r, n} + {a, n} * b, POWER9 (ppc64le,
 * Power ISA 3.0): the addmul_1 instance of aorsmul_1_power9.inc, which holds the code, prototype,
 * register map, dependency chains and method (the carry limb rides in MADDHDU's addend, the sum
 * into r in CA).
 * SPDX-License-Identifier: MIT */
#define OPERATION_addmul_1
#include "aorsmul_1_power9.inc"
