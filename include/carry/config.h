/* carry/config.h -- limb type, feature macros, the export macro and the error codes.
 *
 * SPDX-License-Identifier: MIT
 *
 * CY_LIMB_BITS   64 on targets with 64-bit pointers, 32 otherwise. A build may force 32-bit limbs
 *                on a 64-bit target (CMake option CARRY_LIMB_BITS=32, which exports the definition
 *                to every user of the library): tests use this to run the 32-bit code paths natively.
 * CY_HAVE_INT128 defined where the compiler has `unsigned __int128` and the build has not turned it
 *                off with CY_NO_INT128 (a test configuration for the portable 64x64 multiply).
 * CY_ASSERT(c)   checks a documented precondition in debug builds (CY_DEBUG); compiled out otherwise.
 * CY_API         marks a function the shared library exports; everything else in it is hidden.
 * cy_err         the error codes of every layer, and cy_strerror to describe them.
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

/* The library is built with hidden visibility (-fvisibility=hidden, and .hidden on the assembly
 * kernels): only functions declared with CY_API are exported from the shared library. */
#if defined(__GNUC__) || defined(__clang__)
#  define CY_API __attribute__((visibility("default")))
#else
#  define CY_API
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Every function of every layer that can fail returns an int: CY_OK (0) or one of these negative
 * codes. Each code has one meaning in every layer; the function's comment says which it returns.
 * carry/u128.h keeps its own copy of the values it returns (it includes nothing of carry's). */
typedef enum cy_err {
    CY_OK = 0,
    CY_ENOMEM = -1,      /* an allocation failed, or a size would exceed what size_t can count */
    CY_EDIVZERO = -2,    /* division or reduction by zero */
    CY_EINVAL = -3,      /* an invalid argument (cy_int: a bad string or base, sqrt of a negative,
                          * two outputs that are the same object) */
    CY_ENOTINV = -4,     /* no modular inverse (the operand is 0 or shares a factor with m) */
    CY_ERANGE = -5,      /* the exact result does not fit its destination (type or buffer) */
    CY_EDIGIT = -6,      /* a character that is not a digit of the base */
    CY_EEMPTY = -7,      /* a number with no digits (an empty string) */
    CY_EBASE = -8,       /* a base outside the supported range */
    CY_EEVEN = -9,       /* the modulus is even where an odd one is required */
    CY_EONE = -10,       /* the modulus is 1, or has no limbs */
    CY_EUNREDUCED = -11, /* an operand is >= the modulus */
    CY_EIO = -12,        /* a stream read or write failed (cy_int_fprint, cy_int_fscan), or the input
                          * ended before a number */
    CY_EFAULT = -13      /* a result failed its check (cy_rsa_private: out^e != in mod N, a fault in
                          * the computation or a corrupted key); the result is zeroed */
} cy_err;

/* A short English description of an error code ("out of memory", ...); "unknown error" for a
 * value that is not a cy_err; never NULL. */
CY_API const char *cy_strerror(int err);

/* Debug builds stop on a violated precondition with the file, line and condition. The handler
 * is a function so that tests can replace the default (print and abort) and observe the report. */
#ifdef CY_DEBUG
CY_API void cy_assert_fail(const char *file, int line, const char *cond);
#  define CY_ASSERT(c) ((c) ? (void)0 : cy_assert_fail(__FILE__, __LINE__, #c))
#else
#  define CY_ASSERT(c) ((void)0)
#endif

#ifdef __cplusplus
}
#endif

#endif /* CARRY_CONFIG_H */
