/* carry/limb.h -- internal to carry: the one-limb primitives that every layer uses (the mpn and
 * mod layers in src/, and the header-only fixed-width integers of carry/uint.h). It is installed
 * only because uint.h is header-only: its cy__ names are not part of the API and may change in
 * any release. SPDX-License-Identifier: MIT
 *
 * Notation: B = 2^CY_LIMB_BITS. Division by invariant integers follows N. Moller and T. Granlund,
 * "Improved division by invariant integers", IEEE Trans. Computers 60(2), 2011: a divisor d is
 * normalised when its top bit is set (B/2 <= d < B); its reciprocal is
 * v = floor((B^2 - 1) / d) - B (section 3 of the paper), and for a two-limb normalised divisor
 * <d1, d0> the 3/2 reciprocal is v = floor((B^3 - 1) / <d1, d0>) - B (section 4).
 */
#ifndef CARRY_LIMB_H
#define CARRY_LIMB_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"

#ifdef CY_HAVE_INT128
/* The double limb of a 64-bit target. __extension__ marks the GNU type as intended, so that the
 * public headers stay quiet under -std=c11 -pedantic and -std=c++17 -pedantic. */
__extension__ typedef unsigned __int128 cy__wlimb;
#endif

#if defined(__GNUC__) || defined(__clang__)
#  define CY__LIMB_INLINE static inline __attribute__((always_inline))
#  define CY__LIMB_UNLIKELY(c) __builtin_expect(!!(c), 0)
#else
#  define CY__LIMB_INLINE static inline
#  define CY__LIMB_UNLIKELY(c) (c)
#endif

/* x86-64 inline assembly (divq for the 2/1 division): only with 64-bit limbs, GNU-style
 * compilers, optimisation on (at -O0 gcc cannot allocate the operands), and not opted out:
 * CY_UINT_NO_ASM (carry/uint.h's portable build) or CY_LIMB_NO_ASM (the library built without
 * its assembly back end). */
#if defined(__x86_64__) && CY_LIMB_BITS == 64 && defined(__GNUC__) && defined(__OPTIMIZE__) && \
    !defined(CY_UINT_NO_ASM) && !defined(CY_LIMB_NO_ASM)
#  define CY__LIMB_X86_64 1
#endif

#ifndef __has_builtin
#  define __has_builtin(x) 0
#endif
#if (defined(__x86_64__) || defined(__i386__)) && defined(__GNUC__) && \
    !(__has_builtin(__builtin_addcl) && __has_builtin(__builtin_subcl))
#  include <x86intrin.h>
#  define CY__LIMB_ADDCARRY_INTRIN 1
#endif

/* True when [p, p+pn) and [q, q+qn) share no limb. Used in CY_ASSERTs of overlap rules. The ends
 * are computed on integers: p + pn is undefined for p = NULL (a zero-length operand may be NULL),
 * and for a range that does not point into one object. */
CY__LIMB_INLINE int cy__disjoint(const cy_limb *p, size_t pn, const cy_limb *q, size_t qn)
{
    uintptr_t pa = (uintptr_t)p, qa = (uintptr_t)q;
    return pa + pn * sizeof(cy_limb) <= qa || qa + qn * sizeof(cy_limb) <= pa;
}

/* *s = a + b + c (c in {0,1}); returns the carry out. The compiler's add-with-carry builtins or
 * intrinsics where it has them (they become adc chains), else comparisons, which gcc and clang
 * also recognise as a carry chain. */
CY__LIMB_INLINE cy_limb cy__addc(cy_limb a, cy_limb b, cy_limb c, cy_limb *s)
{
#if __has_builtin(__builtin_addcl) && CY_LIMB_BITS == 64 && ULONG_MAX == UINT64_MAX
    unsigned long co, r = __builtin_addcl(a, b, (unsigned long)c, &co);
    *s = r;
    return co;
#elif __has_builtin(__builtin_addcll) && CY_LIMB_BITS == 64
    unsigned long long co, r = __builtin_addcll(a, b, c, &co);
    *s = r;
    return co;
#elif __has_builtin(__builtin_addc) && CY_LIMB_BITS == 32 && UINT_MAX == UINT32_MAX
    unsigned co, r = __builtin_addc(a, b, c, &co);
    *s = r;
    return co;
#elif defined(CY__LIMB_ADDCARRY_INTRIN) && CY_LIMB_BITS == 64 && defined(__x86_64__)
    unsigned long long r;
    unsigned char co = _addcarry_u64((unsigned char)c, a, b, &r);
    *s = r;
    return co;
#elif defined(CY__LIMB_ADDCARRY_INTRIN) && CY_LIMB_BITS == 32
    unsigned int r;
    unsigned char co = _addcarry_u32((unsigned char)c, a, b, &r);
    *s = r;
    return co;
#else
    cy_limb t = a + c, u = t + b;
    *s = u;
    return (cy_limb)(t < c) | (cy_limb)(u < b);
#endif
}

/* *d = a - b - c (c in {0,1}); returns the borrow out. */
CY__LIMB_INLINE cy_limb cy__subb(cy_limb a, cy_limb b, cy_limb c, cy_limb *d)
{
#if __has_builtin(__builtin_subcl) && CY_LIMB_BITS == 64 && ULONG_MAX == UINT64_MAX
    unsigned long bo, r = __builtin_subcl(a, b, (unsigned long)c, &bo);
    *d = r;
    return bo;
#elif __has_builtin(__builtin_subcll) && CY_LIMB_BITS == 64
    unsigned long long bo, r = __builtin_subcll(a, b, c, &bo);
    *d = r;
    return bo;
#elif __has_builtin(__builtin_subc) && CY_LIMB_BITS == 32 && UINT_MAX == UINT32_MAX
    unsigned bo, r = __builtin_subc(a, b, c, &bo);
    *d = r;
    return bo;
#elif defined(CY__LIMB_ADDCARRY_INTRIN) && CY_LIMB_BITS == 64 && defined(__x86_64__)
    unsigned long long r;
    unsigned char bo = _subborrow_u64((unsigned char)c, a, b, &r);
    *d = r;
    return bo;
#elif defined(CY__LIMB_ADDCARRY_INTRIN) && CY_LIMB_BITS == 32
    unsigned int r;
    unsigned char bo = _subborrow_u32((unsigned char)c, a, b, &r);
    *d = r;
    return bo;
#else
    cy_limb t = a - b;
    cy_limb b1 = a < b;
    *d = t - c;
    return b1 | (cy_limb)(t < c);
#endif
}

/* a * b + c + d = hi * B + lo, returned as lo with hi in *hi. Never overflows two limbs:
 * (B-1)^2 + 2(B-1) = B^2 - 1. Without a double-width type, schoolbook on half limbs. */
CY__LIMB_INLINE cy_limb cy__umac(cy_limb a, cy_limb b, cy_limb c, cy_limb d, cy_limb *hi)
{
#if CY_LIMB_BITS == 32
    uint64_t p = (uint64_t)a * b + c + d;
    *hi = (cy_limb)(p >> 32);
    return (cy_limb)p;
#elif defined(CY_HAVE_INT128)
    cy__wlimb p = (cy__wlimb)a * b + c + d;
    *hi = (cy_limb)(p >> 64);
    return (cy_limb)p;
#else
    const unsigned h = CY_LIMB_BITS / 2;
    const cy_limb mask = ((cy_limb)1 << h) - 1;
    cy_limb a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
    cy_limb p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    cy_limb mid = (p00 >> h) + (p01 & mask) + (p10 & mask); /* < 3 * 2^h */
    cy_limb h1 = p11 + (p01 >> h) + (p10 >> h) + (mid >> h);
    cy_limb lo = (mid << h) | (p00 & mask);
    lo += c;
    h1 += lo < c;
    lo += d;
    h1 += lo < d;
    *hi = h1;
    return lo;
#endif
}

/* a * b = hi * B + lo, returned as lo with hi in *hi. */
CY__LIMB_INLINE cy_limb cy__umul(cy_limb a, cy_limb b, cy_limb *hi)
{
    return cy__umac(a, b, 0, 0, hi);
}

CY__LIMB_INLINE unsigned cy__clz(cy_limb x) /* the leading zero bits of x != 0 */
{
#if defined(__GNUC__) && CY_LIMB_BITS == 64
    return (unsigned)__builtin_clzll(x);
#elif defined(__GNUC__)
    return (unsigned)__builtin_clz(x);
#else
    unsigned n = 0;
    while (!(x >> (CY_LIMB_BITS - 1))) {
        x <<= 1;
        n++;
    }
    return n;
#endif
}

CY__LIMB_INLINE unsigned cy__ctz(cy_limb x) /* the trailing zero bits of x != 0 */
{
#if defined(__GNUC__) && CY_LIMB_BITS == 64
    return (unsigned)__builtin_ctzll(x);
#elif defined(__GNUC__)
    return (unsigned)__builtin_ctz(x);
#else
    unsigned n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

CY__LIMB_INLINE unsigned cy__popcount(cy_limb x) /* the one bits of x */
{
#if defined(__GNUC__) && CY_LIMB_BITS == 64
    return (unsigned)__builtin_popcountll(x);
#elif defined(__GNUC__)
    return (unsigned)__builtin_popcount(x);
#else
    unsigned n = 0;
    for (; x; x &= x - 1)
        n++;
    return n;
#endif
}

/* Number of trailing zero bits of a non-zero uint64_t, whatever the limb width. */
CY__LIMB_INLINE unsigned cy__ctz64(uint64_t x)
{
#if defined(__GNUC__)
    return (unsigned)__builtin_ctzll((unsigned long long)x);
#else
    unsigned n = 0;
    while (!(x & 1)) {
        x >>= 1;
        n++;
    }
    return n;
#endif
}

/* o^-1 mod B for odd o by Newton's iteration x <- x * (2 - o * x): o * o = 1 (mod 8), so x = o
 * is right to 3 bits and each step doubles the correct bits (3, 6, 12, 24, 48, 96). */
CY__LIMB_INLINE cy_limb cy__binvert_limb(cy_limb o)
{
    cy_limb x = o;
    for (int bits = 3; bits < CY_LIMB_BITS; bits *= 2)
        x *= 2 - o * x;
    return x;
}

/* floor((u1 * B + u0) / d) with the remainder in *r; requires u1 < d (so the quotient fits a limb)
 * and d normalised (top bit set), which the half-limb fallback needs (Knuth's algorithm D on two
 * half-limb digits). */
CY__LIMB_INLINE cy_limb cy__div21(cy_limb u1, cy_limb u0, cy_limb d, cy_limb *r)
{
#if defined(CY__LIMB_X86_64)
    /* volatile: divq traps on a zero divisor or a quotient overflow, so the compiler must not
     * hoist it above the callers' checks */
    cy_limb q, rem;
    __asm__ volatile("divq %4" : "=a"(q), "=d"(rem) : "a"(u0), "d"(u1), "rm"(d) : "cc");
    *r = rem;
    return q;
#elif CY_LIMB_BITS == 32
    uint64_t u = (uint64_t)u1 << 32 | u0;
    *r = (cy_limb)(u % d);
    return (cy_limb)(u / d);
#elif defined(CY_HAVE_INT128)
    cy__wlimb u = (cy__wlimb)u1 << 64 | u0;
    *r = (cy_limb)(u % d);
    return (cy_limb)(u / d);
#else
    /* Two steps of base-2^h long division by the normalised d = d1 * 2^h + d0; each quotient
     * digit estimate from the top two digits over d1 is at most 2 too large (Knuth, Theorem B). */
    const unsigned h = CY_LIMB_BITS / 2;
    const cy_limb base = (cy_limb)1 << h, mask = base - 1;
    cy_limb d1 = d >> h, d0 = d & mask;
    cy_limb q1 = u1 / d1, rh = u1 % d1;
    while (q1 >= base || q1 * d0 > ((rh << h) | (u0 >> h))) {
        q1--;
        rh += d1;
        if (rh >= base)
            break;
    }
    cy_limb t = (u1 << h) + (u0 >> h) - q1 * d; /* the partial remainder, < d */
    cy_limb q0 = t / d1;
    rh = t % d1;
    while (q0 >= base || q0 * d0 > ((rh << h) | (u0 & mask))) {
        q0--;
        rh += d1;
        if (rh >= base)
            break;
    }
    *r = (t << h) + (u0 & mask) - q0 * d;
    return (q1 << h) | q0;
#endif
}

/* The reciprocal v = floor((B^2 - 1) / d) - B of a normalised limb d (section 3 of the paper):
 * B^2 - 1 - B d = (B - 1 - d) B + (B - 1) and B - 1 - d < d, so v is the one-limb quotient of
 * <~d, B - 1> by d. */
CY__LIMB_INLINE cy_limb cy__invert_limb(cy_limb d)
{
    cy_limb r;
    return cy__div21(~d, CY_LIMB_MAX, d, &r);
}

/* The 3-by-2 reciprocal of a normalised two-limb d = d1 B + d0: v = floor((B^3 - 1) / d) - B,
 * from the 2-by-1 reciprocal of d1 and at most four corrections (Algorithm 6 of the paper). */
CY__LIMB_INLINE cy_limb cy__invert_pi1(cy_limb d1, cy_limb d0)
{
    cy_limb v = cy__invert_limb(d1), p = d1 * v + d0;
    if (p < d0) { /* the addition of d0 wrapped */
        v--;
        if (p >= d1) {
            v--;
            p -= d1;
        }
        p -= d1;
    }
    cy_limb t1, t0 = cy__umul(v, d0, &t1);
    p += t1;
    if (p < t1) {
        v--;
        if (p > d1 || (p == d1 && t0 >= d0))
            v--;
    }
    return v;
}

/* 2/1 division with a reciprocal (Moller-Granlund, Algorithm 4): the quotient of <u1, u0> by a
 * normalised d with u1 < d, returned; the remainder in *r. One full product, one low product; the
 * first adjustment runs with probability about 1/2 and is branch-free, the second is rare. */
/* 2/1 division with a reciprocal (Moller-Granlund, Algorithm 4): the quotient of <u1, u0> by a
 * normalised d with u1 < d, returned; the remainder in *r. The candidate q1 from
 * v u1 + <u1 + 1, u0> (which cannot overflow two limbs: paper, Theorem 2) is exact or one too
 * large (the first adjustment, taken when the remainder wrapped: about half the time, and
 * compiled to conditional moves) or, rarely, one too small (the second). One full product and
 * one low product. */
CY__LIMB_INLINE cy_limb cy__udiv_2by1(cy_limb u1, cy_limb u0, cy_limb d, cy_limb v, cy_limb *r)
{
    cy_limb q1, q0 = cy__umac(v, u1, u0, 0, &q1);
    q1 += u1 + 1;
    cy_limb rr = u0 - q1 * d;
    if (rr > q0) {
        q1--;
        rr += d;
    }
    if (rr >= d) {
        q1++;
        rr -= d;
    }
    *r = rr;
    return q1;
}
/* 3/2 division with a reciprocal (Moller-Granlund, Algorithm 5): the quotient of <u2, u1, u0> by
 * the normalised <d1, d0>, where <u2, u1> < <d1, d0>; remainder in <*r1, *r0>. The one-limb
 * carries and borrows are comparisons rather than cy__addc / cy__subb: with the add-with-carry
 * intrinsics gcc 12 makes this step about 15% slower (a 4 / 2 limb division, measured). */
CY__LIMB_INLINE cy_limb cy__udiv_3by2(cy_limb u2, cy_limb u1, cy_limb u0, cy_limb d1, cy_limb d0,
                                    cy_limb v, cy_limb *r1, cy_limb *r0)
{
    cy_limb q1, q0 = cy__umul(v, u2, &q1);
    q0 += u1;
    cy_limb c = q0 < u1;
    q1 += u2 + c;                      /* <q1, q0> = v * u2 + <u2, u1> */
    cy_limb t1, t0 = cy__umul(d0, q1, &t1);
    /* <s1, s0> = <u1, u0> - (q1 + 1) <d1, d0> mod B^2, the candidate remainder of q1 + 1 (the
     * paper subtracts q1 <d1, d0> first and <d1, d0> after). Here u0 - d0 and u1 - (q1 + 1) d1
     * do not wait for the product t = q1 d0, so only its two subtractions are on the chain.
     * q1 + 1 may wrap to 0 (then the adjustment below brings it back): t uses q1 itself, and
     * (q1 + 1) d1 is only needed mod B. */
    cy_limb s0 = u0 - d0, ba = u0 < d0;
    q1++;
    cy_limb s1 = u1 - q1 * d1 - ba;
    cy_limb bb = s0 < t0;
    s0 -= t0;
    s1 = s1 - t1 - bb;
    /* s1 >= q0 means the candidate was one too large (probability ~1/2): add <d1, d0> back. Both
     * candidates are formed and one is selected, so the chain is a compare and a select. */
    cy_limb p0 = s0 + d0, p1 = s1 + d1 + (p0 < d0);
    int back = s1 >= q0;
    q1 -= (cy_limb)back;
    s0 = back ? p0 : s0;
    s1 = back ? p1 : s1;
    if (CY__LIMB_UNLIKELY(s1 > d1 || (s1 == d1 && s0 >= d0))) {
        q1++;
        cy_limb b = s0 < d0;
        s0 -= d0;
        s1 = s1 - d1 - b;
    }
    *r1 = s1;
    *r0 = s0;
    return q1;
}

#endif /* CARRY_LIMB_H */
