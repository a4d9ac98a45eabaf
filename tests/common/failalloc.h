/* An allocator for carry/int.h that counts its blocks and can fail the k-th call: allocation
 * failure injection, shared by test_int and the int fuzz target. SPDX-License-Identifier: MIT */
#ifndef CARRY_TESTS_FAILALLOC_H
#define CARRY_TESTS_FAILALLOC_H

/* Blocks allocated and not freed since t_failalloc_install (a leak check compares it with 0). */
extern long t_live;

/* Makes this allocator carry's (cy_set_allocator). Requests over 2^36 bytes (2^31 on 32-bit
 * targets) fail as they would on the test machines, where AddressSanitizer would abort instead. */
void t_failalloc_install(void);

/* From now on, the k-th alloc or realloc call (counted from 0) returns NULL; k = -1: none. */
void t_arm(long k);

#endif
