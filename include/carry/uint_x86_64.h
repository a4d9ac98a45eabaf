/* carry/uint_x86_64.h -- internal to carry/uint.h: x86-64 inline assembly for 256-bit products.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_UINT_X86_64_H
#define CARRY_UINT_X86_64_H
#endif
