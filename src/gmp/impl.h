/* Internal helpers of carry-gmp. SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_GMP_IMPL_H
#define CARRY_SRC_GMP_IMPL_H

#include <gmp.h>

/* An mpz_t is a cy_int: the same fields, in the same order (checked in memory.c). */
#define CY(z) ((cy_int *)(void *)(z))
#define CYC(z) ((const cy_int *)(const void *)(z))

/* GMP's reaction to a failed call: the handler of carry_gmp_set_error_handler if one is set;
 * else SIGFPE for a division by zero, a missing inverse or a domain error (GMP raises SIGFPE for
 * each), and a message and abort() for anything else (an allocation failure). err = CY_OK does
 * nothing, inline: every mpz call passes through here. */
#if defined(__GNUC__)
#  define CY__GMP_HIDDEN __attribute__((visibility("hidden")))
#else
#  define CY__GMP_HIDDEN
#endif
CY__GMP_HIDDEN void cy__gmp_fail(int err);
static inline void cy__gmp_check(int err)
{
    if (err != CY_OK)
        cy__gmp_fail(err);
}

/* A block of n bytes from the memory functions of mp_set_memory_functions, for blocks handed to
 * the caller (strings of mpz_get_str, words of mpz_export), which the caller frees with them. */
CY__GMP_HIDDEN void *cy__gmp_user_alloc(size_t n);
/* The same block resized from `old` to n bytes (contents kept up to the smaller size), and
 * released (n its size), with the memory functions too. */
CY__GMP_HIDDEN void *cy__gmp_user_realloc(void *p, size_t old, size_t n);
CY__GMP_HIDDEN void cy__gmp_user_free(void *p, size_t n);

#endif
