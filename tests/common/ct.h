/* Marking secret data for the constant-time tests.
 * SPDX-License-Identifier: MIT
 *
 * T_SECRET marks memory as uninitialised for a memory checker, T_PUBLIC as initialised again.
 * Between the two, the checker reports every branch and every memory address computed from the
 * marked bytes, which is exactly a secret-dependent branch or table index: running a test under
 * the checker turns the constant-time claim of a function into a failing test when it is false
 * (the method of Langley's ctgrind; libsecp256k1's src/checkmem.h does the same). Results must be
 * marked public before a test compares them (the comparison is the caller's business).
 *
 *   - Under clang's MemorySanitizer (__has_feature(memory_sanitizer)): __msan_allocated_memory and
 *     __msan_unpoison. Since clang 16 MSan also checks every value passed to or returned from a
 *     function (-fsanitize-memory-param-retval), which flags a secret limb passed by value; a
 *     constant-time run needs -fno-sanitize-memory-param-retval.
 *   - Otherwise, where <valgrind/memcheck.h> exists: memcheck's client requests
 *     VALGRIND_MAKE_MEM_UNDEFINED and VALGRIND_MAKE_MEM_DEFINED (no-ops outside valgrind).
 *   - Otherwise nothing: the test only checks its results.
 *
 * Each mark is a call of type void, so marks can be joined with commas. */
#ifndef CARRY_TESTS_CT_H
#define CARRY_TESTS_CT_H

#include <stddef.h>

#include "carry.h"

#if defined(__has_feature)
#if __has_feature(memory_sanitizer)
#define T_CT_MSAN 1
#endif
#endif
#if defined(T_CT_MSAN)
#include <sanitizer/msan_interface.h>
#elif defined(__has_include)
#if __has_include(<valgrind/memcheck.h>)
#include <valgrind/memcheck.h>
#define T_CT_MEMCHECK 1
#endif
#endif

/* The bytes [p, p + bytes) become secret (undefined) if secret, else public (defined). */
static inline void t_ct_mark(const volatile void *p, size_t bytes, int secret)
{
#if defined(T_CT_MSAN)
    if (secret)
        __msan_allocated_memory(p, bytes);
    else
        __msan_unpoison(p, bytes);
#elif defined(T_CT_MEMCHECK)
    if (secret)
        (void)VALGRIND_MAKE_MEM_UNDEFINED(p, bytes);
    else
        (void)VALGRIND_MAKE_MEM_DEFINED(p, bytes);
#else
    (void)p, (void)bytes, (void)secret;
#endif
}

/* The n limbs at p become secret / public. */
#define T_SECRET(p, n) t_ct_mark((p), (n) * sizeof(cy_limb), 1)
#define T_PUBLIC(p, n) t_ct_mark((p), (n) * sizeof(cy_limb), 0)
/* The object x (a return value, an error code) becomes public. */
#define T_PUBLIC_VAR(x) t_ct_mark(&(x), sizeof(x), 0)

#endif
