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

#include <stddef.h>
#include <stdint.h>

#include "config.h"

/* True when [p, p+pn) and [q, q+qn) share no limb. Used in CY_ASSERTs of overlap rules. */
static inline int cy__disjoint(const cy_limb *p, size_t pn, const cy_limb *q, size_t qn)
{
    return (uintptr_t)(p + pn) <= (uintptr_t)q || (uintptr_t)(q + qn) <= (uintptr_t)p;
}


/* The double-limb product a * b = hi * B + lo, returned as lo with hi stored in *hi.
 * Three ways, by what the target has: a native double-width type (__int128 for 64-bit limbs,
 * uint64_t for 32-bit limbs), or four half-limb products (schoolbook on h = CY_LIMB_BITS/2-bit
 * halves; the middle sum cannot overflow since (2^h-1)^2 + 2(2^h-1) < 2^(2h)). */
static inline cy_limb cy__umul(cy_limb a, cy_limb b, cy_limb *hi)
{
#if CY_LIMB_BITS == 32
    uint64_t p = (uint64_t)a * b;
    *hi = (cy_limb)(p >> 32);
    return (cy_limb)p;
#elif defined(CY_HAVE_INT128)
    unsigned __int128 p = (unsigned __int128)a * b;
    *hi = (cy_limb)(p >> 64);
    return (cy_limb)p;
#else
    const unsigned h = CY_LIMB_BITS / 2;
    const cy_limb mask = ((cy_limb)1 << h) - 1;
    cy_limb a0 = a & mask, a1 = a >> h, b0 = b & mask, b1 = b >> h;
    cy_limb p00 = a0 * b0, p01 = a0 * b1, p10 = a1 * b0, p11 = a1 * b1;
    cy_limb mid = (p00 >> h) + (p01 & mask) + (p10 & mask); /* < 3 * 2^h: no overflow */
    *hi = p11 + (p01 >> h) + (p10 >> h) + (mid >> h);
    return (mid << h) | (p00 & mask);
#endif
}


/* s = a + b + cin (cin in {0,1}); returns the carry out in {0,1}. Written so that gcc and clang
 * recognise the carry chain on targets with a carry flag. */
static inline cy_limb cy__addc(cy_limb a, cy_limb b, cy_limb cin, cy_limb *s)
{
    cy_limb t = a + cin;
    cy_limb c1 = t < cin;
    cy_limb u = t + b;
    *s = u;
    return c1 | (u < b);
}


/* d = a - b - bin (bin in {0,1}); returns the borrow out in {0,1}. */
static inline cy_limb cy__subb(cy_limb a, cy_limb b, cy_limb bin, cy_limb *d)
{
    cy_limb t = a - b;
    cy_limb b1 = a < b;
    *d = t - bin;
    return b1 | (t < bin);
}


/* Number of leading / trailing zero bits of a non-zero limb. */
static inline unsigned cy__clz(cy_limb x)
{
#if CY_LIMB_BITS == 64
    return (unsigned)__builtin_clzll((unsigned long long)x);
#else
    return (unsigned)__builtin_clzl((unsigned long)x) - (unsigned)(8 * sizeof(unsigned long) - 32);
#endif
}


static inline unsigned cy__ctz(cy_limb x)
{
#if CY_LIMB_BITS == 64
    return (unsigned)__builtin_ctzll((unsigned long long)x);
#else
    return (unsigned)__builtin_ctzl((unsigned long)x);
#endif
}


/* Number of trailing zero bits of a non-zero uint64_t, whatever the limb width. */
static inline unsigned cy__ctz64(uint64_t x)
{
    return (unsigned)__builtin_ctzll((unsigned long long)x);
}

/* o^-1 mod B for odd o by Newton's iteration x <- x * (2 - o * x): o * o = 1 (mod 8), so x = o
 * is right to 3 bits and each step doubles the correct bits (3, 6, 12, 24, 48, 96). */
static inline cy_limb cy__binvert_limb(cy_limb o)
{
    cy_limb x = o;
    for (int bits = 3; bits < CY_LIMB_BITS; bits *= 2)
        x *= 2 - o * x;
    return x;
}


/* 2/1 division with a reciprocal (Moller-Granlund, Algorithm 4): the quotient of <u1, u0> by a
 * normalised d with u1 < d, returned; the remainder in *r. One full product, one low product; the
 * first adjustment runs with probability about 1/2 and is branch-free, the second is rare. */
static inline cy_limb cy__udiv_2by1(cy_limb u1, cy_limb u0, cy_limb d, cy_limb v, cy_limb *r)
{
    cy_limb hi, q0 = cy__umul(v, u1, &hi);
    /* <q1, q0> = v * u1 + <u1 + 1, u0>; cannot overflow two limbs (paper, Theorem 2). */
    cy_limb c = cy__addc(q0, u0, 0, &q0);
    cy_limb q1 = hi + u1 + 1 + c;
    /* rr = u0 - q1 d mod B, grouped so that only hi * d waits for the product: the terms in u1
     * and c are ready earlier, which shortens the loop-carried chain through the remainder. */
    cy_limb rr = (u0 - (u1 + 1) * d - (-c & d)) - hi * d;
    /* The candidate remainder lies in (-d, B) read mod B; rr > q0 identifies the wrapped case.
     * Written as a select (a conditional move) to keep the remainder's dependency chain short. */
    cy_limb wrapped = rr > q0, plus = rr + d;
    q1 -= wrapped;
    rr = wrapped ? plus : rr;
    if (__builtin_expect(rr >= d, 0)) {
        q1++;
        rr -= d;
    }
    *r = rr;
    return q1;
}


/* 3/2 division with a reciprocal (Moller-Granlund, Algorithm 5): the quotient of <u2, u1, u0> by
 * the normalised <d1, d0>, where <u2, u1> < <d1, d0>; remainder in <*r1, *r0>. */
static inline cy_limb cy__udiv_3by2(cy_limb u2, cy_limb u1, cy_limb u0, cy_limb d1, cy_limb d0,
                                    cy_limb v, cy_limb *r1, cy_limb *r0)
{
    cy_limb q1, q0 = cy__umul(v, u2, &q1);
    cy_limb c = cy__addc(q0, u1, 0, &q0);
    q1 += u2 + c;                      /* <q1, q0> = v * u2 + <u2, u1> */
    cy_limb t1, t0 = cy__umul(d0, q1, &t1);
    /* <s1, s0> = <u1, u0> - (q1 + 1) <d1, d0> mod B^2, the candidate remainder of q1 + 1 (the
     * paper subtracts q1 <d1, d0> first and <d1, d0> after). Here u0 - d0 and u1 - (q1 + 1) d1
     * do not wait for the product t = q1 d0, so only its two subtractions are on the chain.
     * q1 + 1 may wrap to 0 (then the adjustment below brings it back): t uses q1 itself, and
     * (q1 + 1) d1 is only needed mod B. */
    cy_limb s0, ba = cy__subb(u0, d0, 0, &s0);
    q1++;
    cy_limb s1 = u1 - q1 * d1 - ba;
    cy_limb bb = cy__subb(s0, t0, 0, &s0);
    s1 = s1 - t1 - bb;
    /* s1 >= q0 means the candidate was one too large (probability ~1/2): add <d1, d0> back. Both
     * candidates are formed and one is selected, so the chain is a compare and a select. */
    cy_limb p0, p1 = s1 + d1 + cy__addc(s0, d0, 0, &p0);
    int back = s1 >= q0;
    q1 -= (cy_limb)back;
    s0 = back ? p0 : s0;
    s1 = back ? p1 : s1;
    if (__builtin_expect(s1 > d1 || (s1 == d1 && s0 >= d0), 0)) { /* unlikely */
        q1++;
        cy_limb b = cy__subb(s0, d0, 0, &s0);
        s1 = s1 - d1 - b;
    }
    *r1 = s1;
    *r0 = s0;
    return q1;
}


#endif /* CARRY_LIMB_H */
