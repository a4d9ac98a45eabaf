/* cy__invert_limb, cy__invert_pi1: the reciprocals of Moller and Granlund, "Improved division by
 * invariant integers" (IEEE Trans. Computers, 2011), sections 3 and 4. SPDX-License-Identifier: MIT */
#include "divimpl.h"

/* v = floor((B^2 - 1) / d) - B = floor(<~d, B - 1> / d) for a normalised d (see divimpl.h). */
cy_limb cy__invert_limb(cy_limb d)
{
    CY_ASSERT(d >> (CY_LIMB_BITS - 1));
#if defined(CY_ASM_X86_64)
    /* One divq (Intel SDM vol. 2, DIV) of <~d, B - 1> by d: the quotient fits since ~d < d. The
     * compiler would call the library's 128-bit division instead, about twice as slow. */
    cy_limb v, rem;
    __asm__("divq %4" : "=a"(v), "=d"(rem) : "a"(CY_LIMB_MAX), "d"(~d), "rm"(d) : "cc");
    (void)rem;
    return v;
#elif CY_LIMB_BITS == 32
    return (cy_limb)((((uint64_t)~d << 32) | 0xffffffffu) / d);
#elif defined(CY_HAVE_INT128)
    return (cy_limb)((((unsigned __int128)~d << 64) | CY_LIMB_MAX) / d);
#else
    /* Long division in half-limb digits (Knuth, TAOCP vol. 2, 4.3.1, algorithm D with base
     * 2^h): each digit is estimated from the high half dh of d, which is at least 2^(h-1), so the
     * estimate exceeds the digit by at most 2 and two corrections suffice. The numerator is
     * <u1, u0> = <~d, B - 1>, with u1 < d. */
    const unsigned h = CY_LIMB_BITS / 2;
    const cy_limb lo_mask = ((cy_limb)1 << h) - 1;
    cy_limb dh = d >> h, dl = d & lo_mask, u1 = ~d, u0 = CY_LIMB_MAX, q[2];
    cy_limb r = u1;
    for (int i = 0; i < 2; i++) {
        cy_limb digit = i == 0 ? u0 >> h : u0 & lo_mask;
        cy_limb qd = r / dh, rd = r - qd * dh;
        cy_limb m = qd * dl; /* qd <= 2^h + 1, so m < B */
        rd = (rd << h) | digit;
        if (rd < m) {
            qd--;
            rd += d;
            if (rd >= d && rd < m) { /* rd did not wrap and is still short */
                qd--;
                rd += d;
            }
        }
        r = rd - m;
        q[i] = qd;
    }
    return (q[0] << h) | q[1];
#endif
}

/* Algorithm 6 of the paper: start from the reciprocal of d1 and lower it while
 * B^3 - 1 < (B + v) * <d1, d0>, tracking the relevant limb of the remainder. Each of the two
 * phases lowers v at most twice. */
cy_limb cy__invert_pi1(cy_limb d1, cy_limb d0)
{
    cy_limb v = cy__invert_limb(d1);
    cy_limb p = d1 * v;
    p += d0;
    if (p < d0) {
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
