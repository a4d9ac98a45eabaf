/* The conversions between limbs and 52-bit digits (src/core/digits52.h).
 * SPDX-License-Identifier: MIT */
#include "core/digits52.h"

/* Limbs to digits 16 at a time, from a window of 16 limbs: digit j (0..15) of group g is bit
 * 52 j - sh + 64 of the window that starts at limb 13 g - 1 (the limb below the group, whose top
 * sh bits the first digit takes; before a it is a masked-off lane, read as 0). So lane j takes
 * window limb q = (52 j - sh + 64) / 64 shifted right by t = (52 j - sh + 64) mod 64 and limb
 * q + 1 shifted left by 64 - t (q + 1 <= 15); q and t depend on sh only, computed once. */
CY__D52_TARGET void cy__digits52_from_limbs(uint64_t *d, size_t kd, const cy_limb *a, size_t n,
                                            unsigned sh)
{
    const __m512i m52 = _mm512_set1_epi64((long long)CY__D52_MASK), m63 = _mm512_set1_epi64(63);
    const __m512i one = _mm512_set1_epi64(1), c64 = _mm512_set1_epi64(64);
    const __m512i vsh = _mm512_set1_epi64((long long)sh);
    const __m512i p0 =
        _mm512_sub_epi64(_mm512_setr_epi64(64, 116, 168, 220, 272, 324, 376, 428), vsh);
    const __m512i p1 = _mm512_add_epi64(p0, _mm512_set1_epi64(416));
    const __m512i i0 = _mm512_srli_epi64(p0, 6), i1 = _mm512_srli_epi64(p1, 6);
    const __m512i j0 = _mm512_add_epi64(i0, one), j1 = _mm512_add_epi64(i1, one);
    const __m512i r0 = _mm512_and_si512(p0, m63), r1 = _mm512_and_si512(p1, m63);
    const __m512i l0 = _mm512_sub_epi64(c64, r0), l1 = _mm512_sub_epi64(c64, r1);
    for (size_t g = 0; 16 * g < kd; g++) {
        /* window limbs 13 g - 1 + t, t = 0..15, present for 0 <= 13 g - 1 + t < n */
        size_t w0 = 13 * g; /* = index of window lane 1 */
        __mmask8 mx = cy__digits52_lanes(w0, n + 1, 8) & (__mmask8)(g ? 0xff : 0xfe);
        __mmask8 my = cy__digits52_lanes(w0 + 8, n + 1, 8);
        __m512i x = _mm512_maskz_loadu_epi64(mx, a + w0 - 1);
        __m512i y = _mm512_maskz_loadu_epi64(my, a + w0 + 7);
        __m512i lo = _mm512_srlv_epi64(_mm512_permutex2var_epi64(x, i0, y), r0);
        __m512i hi = _mm512_sllv_epi64(_mm512_permutex2var_epi64(x, j0, y), l0);
        _mm512_storeu_si512((void *)(d + 16 * g), _mm512_and_si512(_mm512_or_si512(lo, hi), m52));
        if (16 * g + 16 > kd)
            break;
        lo = _mm512_srlv_epi64(_mm512_permutex2var_epi64(x, i1, y), r1);
        hi = _mm512_sllv_epi64(_mm512_permutex2var_epi64(x, j1, y), l1);
        _mm512_storeu_si512((void *)(d + 16 * g + 8),
                            _mm512_and_si512(_mm512_or_si512(lo, hi), m52));
    }
}

/* Groups of 16 digits to 13 limbs (cy__digits52_pack16), then the bits from 64n on: digit
 * j = 64n / 52 from bit s = 64n mod 52 and the one or two digits after it. */
CY__D52_TARGET cy_limb cy__digits52_to_limbs(cy_limb *r, size_t n, const uint64_t *d, size_t kd)
{
    for (size_t q = 0, g = 0; q < n; q += 13, g += 16) {
        __m512i x = _mm512_maskz_loadu_epi64(cy__digits52_lanes(g, kd, 8), d + g);
        __m512i y = _mm512_maskz_loadu_epi64(cy__digits52_lanes(g + 8, kd, 8), d + g + 8);
        cy__digits52_pack16(r, q, n, x, y);
    }
    size_t j = 64 * n / 52;
    unsigned s = 64 * n % 52;
    cy_limb x = d[j] >> s;
    if (j + 1 < kd)
        x |= d[j + 1] << (52 - s);
    if (s > 40 && j + 2 < kd)
        x |= d[j + 2] << (104 - s);
    return x;
}
