/* Helpers of the programs written for GMP (compat_diff.c, compat_printf.c), which are built
 * against GMP and against carry-gmp: a generator of their own, which gives the same numbers with
 * either library, and the release of a string the library allocated. SPDX-License-Identifier: MIT */
#ifndef CARRY_TESTS_GMP_COMPAT_H
#define CARRY_TESTS_GMP_COMPAT_H

#include <gmp.h>
#include <string.h>

static unsigned long long seed = 88172645463325252ull;
static unsigned long long next(void)
{
    seed ^= seed << 13; /* Marsaglia's xorshift64 */
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

/* s, from mpz_get_str(NULL, ...) or gmp_asprintf, back to the memory functions with the size GMP
 * documents for it: strlen + 1. */
static void free_str(char *s)
{
    void (*f)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &f);
    f(s, strlen(s) + 1);
}

#endif
