/* carry/config.h -- limb type and feature macros.
 *
 * SPDX-License-Identifier: MIT
 *
 * CY_LIMB_BITS   64 on targets with 64-bit pointers, 32 otherwise. A build may force 32-bit limbs
 *                on a 64-bit target (CMake option CARRY_LIMB_BITS=32, which exports the definition
 *                to every user of the library): tests use this to run the 32-bit code paths natively.
 * CY_HAVE_INT128 defined where the compiler has `unsigned __int128` and the build has not turned it
 *                off with CY_NO_INT128 (a test configuration for the portable 64x64 multiply).
 * CY_ASSERT(c)   checks a documented precondition in debug builds (CY_DEBUG); compiled out otherwise.
 */
#ifndef CARRY_CONFIG_H
#define CARRY_CONFIG_H

#include <stddef.h>
#include <stdint.h>

#ifndef CY_LIMB_BITS
#  if UINTPTR_MAX > 0xffffffffu
#    define CY_LIMB_BITS 64
#  else
#    define CY_LIMB_BITS 32
#  endif
#endif

#if CY_LIMB_BITS == 64
typedef uint64_t cy_limb;
typedef int64_t cy_slimb;
#  define CY_LIMB_MAX UINT64_MAX
#elif CY_LIMB_BITS == 32
typedef uint32_t cy_limb;
typedef int32_t cy_slimb;
#  define CY_LIMB_MAX UINT32_MAX
#else
#  error "CY_LIMB_BITS must be 32 or 64"
#endif

#define CY_LIMB_BYTES (CY_LIMB_BITS / 8)

#if defined(__SIZEOF_INT128__) && !defined(CY_NO_INT128)
#  define CY_HAVE_INT128 1
#endif

/* Debug builds stop on a violated precondition with the file, line and condition. The handler
 * is a function so that tests can replace the default (print and abort) and observe the report. */
#ifdef CY_DEBUG
#  ifdef __cplusplus
extern "C" {
#  endif
void cy_assert_fail(const char *file, int line, const char *cond);
#  ifdef __cplusplus
}
#  endif
#  define CY_ASSERT(c) ((c) ? (void)0 : cy_assert_fail(__FILE__, __LINE__, #c))
#else
#  define CY_ASSERT(c) ((void)0)
#endif

#endif /* CARRY_CONFIG_H */
