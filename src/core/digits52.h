/* Private to carry, x86-64 only: numbers as digits of 52 bits in 64-bit words, the form the
 * AVX-512 IFMA code works in (vpmadd52luq / vpmadd52huq multiply the low 52 bits of each lane),
 * for the mpn layer's IFMA basecase (src/mpn/x86_64/mul_basecase_ifma.c) and the mod layer's
 * radix-2^52 Montgomery arithmetic (src/mod/x86_64/mont_ifma.c). The conversions are in
 * src/core/x86_64/digits52.c, built with the x86-64 back end only; their callers run them only
 * when cy__cpu_uses(CY_CPU_IFMA). SPDX-License-Identifier: MIT
 *
 * 16 digits hold exactly 13 limbs (16 * 52 = 13 * 64). Both directions move 8 digits or limbs per
 * zmm register: a masked load of the source words a group needs (lanes outside the number masked
 * off, so nothing is read beyond it), the words behind each lane brought into place by a
 * permutation and joined with variable shifts (a count of 64 or more gives 0, which covers the
 * lanes that need no second or third word). Addresses and masks depend on the lengths only. */
#ifndef CARRY_SRC_CORE_DIGITS52_H
#define CARRY_SRC_CORE_DIGITS52_H

#include <immintrin.h>
#include <stddef.h>
#include <stdint.h>

#include "carry/config.h"

#define CY__D52_TARGET __attribute__((target("avx512f,avx512vl")))
#define CY__D52_MASK ((((uint64_t)1) << 52) - 1)

/* {d, kd} = the digits of {a, n} 2^sh (sh < 64), zero beyond the number; kd a multiple of 8 with
 * 52 kd >= 64 n + sh. Needs AVX-512F. */
void cy__digits52_from_limbs(uint64_t *d, size_t kd, const cy_limb *a, size_t n, unsigned sh)
    __attribute__((visibility("hidden")));

/* {r, n} = the value of the digits {d, kd} (each < 2^52, kd a multiple of 8) mod B^n; returns its
 * bits from 64n on (those of the digits below kd, at most 64 of them). Needs AVX-512F. */
cy_limb cy__digits52_to_limbs(cy_limb *r, size_t n, const uint64_t *d, size_t kd)
    __attribute__((visibility("hidden")));

/* Lanes of limbs i .. i + w - 1 that lie below n (at most w). */
CY__D52_TARGET static inline __mmask8 cy__digits52_lanes(size_t i, size_t n, unsigned w)
{
    size_t k = n > i ? n - i : 0;
    return (__mmask8)((1u << (k < w ? k : w)) - 1);
}

/* Limb q (0..12) of a group of 16 digits: digit j = 64q / 52 shifted right by s = 64q mod 52,
 * digit j + 1 shifted left by 52 - s and digit j + 2 by 104 - s (0 when s <= 40: count >= 64;
 * j + 2 = 16 only for q = 12, s = 40, so index 15 stands in for it). */
#define CY__D52_PJ(q) ((64 * (q)) / 52)
#define CY__D52_PS(q) ((64 * (q)) % 52)
#define CY__D52_PJ2(q) (CY__D52_PJ(q) + 2 > 15 ? 15 : CY__D52_PJ(q) + 2)
#define CY__D52_PIDX(o, f) \
    _mm512_set_epi64(f(o + 7), f(o + 6), f(o + 5), f(o + 4), f(o + 3), f(o + 2), f(o + 1), f(o))
#define CY__D52_PJ1(q) (CY__D52_PJ(q) + 1)
#define CY__D52_PSL1(q) (52 - CY__D52_PS(q))
#define CY__D52_PSL2(q) (104 - CY__D52_PS(q))

/* Limbs q .. q + 12 (those below n) of a number whose digits q / 13 * 16 .. + 15 are the lanes of
 * x (the lower 8) and y, each < 2^52: the 13 limbs that 16 digits make (16 * 52 = 13 * 64). */
CY__D52_TARGET static inline void cy__digits52_pack16(cy_limb *r, size_t q, size_t n, __m512i x,
                                                     __m512i y)
{
    const __m512i i0 = CY__D52_PIDX(0, CY__D52_PJ), i1 = CY__D52_PIDX(8, CY__D52_PJ);
    const __m512i j0 = CY__D52_PIDX(0, CY__D52_PJ1), j1 = CY__D52_PIDX(8, CY__D52_PJ1);
    const __m512i k0 = CY__D52_PIDX(0, CY__D52_PJ2), k1 = CY__D52_PIDX(8, CY__D52_PJ2);
    const __m512i s0 = CY__D52_PIDX(0, CY__D52_PS), s1 = CY__D52_PIDX(8, CY__D52_PS);
    const __m512i t0 = CY__D52_PIDX(0, CY__D52_PSL1), t1 = CY__D52_PIDX(8, CY__D52_PSL1);
    const __m512i u0 = CY__D52_PIDX(0, CY__D52_PSL2), u1 = CY__D52_PIDX(8, CY__D52_PSL2);
    __m512i v = _mm512_srlv_epi64(_mm512_permutex2var_epi64(x, i0, y), s0);
    v = _mm512_or_si512(v, _mm512_sllv_epi64(_mm512_permutex2var_epi64(x, j0, y), t0));
    v = _mm512_or_si512(v, _mm512_sllv_epi64(_mm512_permutex2var_epi64(x, k0, y), u0));
    _mm512_mask_storeu_epi64(r + q, cy__digits52_lanes(q, n, 8), v);
    v = _mm512_srlv_epi64(_mm512_permutex2var_epi64(x, i1, y), s1);
    v = _mm512_or_si512(v, _mm512_sllv_epi64(_mm512_permutex2var_epi64(x, j1, y), t1));
    v = _mm512_or_si512(v, _mm512_sllv_epi64(_mm512_permutex2var_epi64(x, k1, y), u1));
    _mm512_mask_storeu_epi64(r + q + 8, cy__digits52_lanes(q + 8, n, 5), v);
}

#endif /* CARRY_SRC_CORE_DIGITS52_H */
