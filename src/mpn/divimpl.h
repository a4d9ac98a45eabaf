/* Internal to carry's mpn layer: limb division primitives shared by division, gcd, square root
 * and radix conversion. SPDX-License-Identifier: MIT
 *
 * Reference: N. Moller and T. Granlund, "Improved division by invariant integers", IEEE Trans.
 * Computers 60(2), 2011. Notation: B = 2^CY_LIMB_BITS; a divisor d is normalised when its top bit
 * is set (B/2 <= d < B). Its reciprocal is v = floor((B^2 - 1) / d) - B (section 3 of the paper),
 * and for a two-limb normalised divisor <d1, d0> the 3/2 reciprocal is
 * v = floor((B^3 - 1) / <d1, d0>) - B (section 4).
 */
#ifndef CARRY_SRC_MPN_DIVIMPL_H
#define CARRY_SRC_MPN_DIVIMPL_H

#include "impl.h"

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

/* o^-1 mod B for odd o by Newton's iteration x <- x * (2 - o * x): o * o = 1 (mod 8), so x = o
 * is right to 3 bits and each step doubles the correct bits (3, 6, 12, 24, 48, 96). */
static inline cy_limb cy__binvert_limb(cy_limb o)
{
    cy_limb x = o;
    for (int bits = 3; bits < CY_LIMB_BITS; bits *= 2)
        x *= 2 - o * x;
    return x;
}

/* The reciprocal v = floor((B^2 - 1) / d) - B of a normalised limb d. Since
 * B^2 - 1 - B*d = (B - 1 - d) * B + (B - 1), v is the 2/1 quotient of <~d, B-1> by d, whose high
 * limb ~d < d: it fits in one limb. Computed once per divisor (src/mpn/invert_limb.c). */
cy_limb cy__invert_limb(cy_limb d);

/* The 3/2 reciprocal v = floor((B^3 - 1) / <d1, d0>) - B of a normalised two-limb divisor. */
cy_limb cy__invert_pi1(cy_limb d1, cy_limb d0);

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

/* Schoolbook division (src/mpn/sb_div.c): {n, nn} by the normalised {d, dn}, dn >= 2, nn >= dn,
 * v = cy__invert_pi1(d[dn-1], d[dn-2]). Writes the quotient Q = ret * B^(nn-dn) + {q, nn - dn}
 * (ret in {0, 1}) and leaves the remainder in {n, dn}; the rest of {n, nn} is clobbered.
 * q must not overlap n or d. */
cy_limb cy__mpn_sb_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb v);

/* Divide-and-conquer division (src/mpn/dc_div.c), same contract as cy__mpn_sb_div; tp has
 * cy__mpn_dc_div_itch(dn) limbs. */
cy_limb cy__mpn_dc_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb v,
                       cy_limb *tp);
size_t cy__mpn_dc_div_itch(size_t dn);

/* Divisor length from which cy_mpn_divrem uses cy__mpn_dc_div (tuned on this machine with
 * the multiplication in place; see docs/div.md). */
#ifndef CY_DC_DIV_THRESHOLD
#define CY_DC_DIV_THRESHOLD 40
#endif

/* The products of the large divisions and conversions: cy_mpn_mul, except that an unbalanced
 * product whose longer operand reaches the transforms' threshold, with bn >= an / 16, runs as one
 * transform (cy__mpn_mul_fft) instead of cy_mpn_mul's sequence of bn x bn pieces: measured 0.35
 * to 0.99 of the time of cy_mpn_mul on such shapes (docs/div.md), never slower. an >= bn >= 1;
 * tp has cy__mpn_mul_big_itch(an, bn) limbs. */
static inline int cy__mul_big_uses_fft(size_t an, size_t bn)
{
    return an > bn && an >= cy__mul_tune_now()->mul_fft && 16 * bn >= an;
}

static inline size_t cy__mpn_mul_big_itch(size_t an, size_t bn)
{
    return cy__mul_big_uses_fft(an, bn) ? cy__mpn_mul_fft_itch(an, bn, 0) : cy_mpn_mul_itch(an, bn);
}

static inline void cy__mpn_mul_big(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b,
                                   size_t bn, cy_limb *tp)
{
    if (cy__mul_big_uses_fft(an, bn))
        cy__mpn_mul_fft(r, a, an, b, bn, tp, 0);
    else
        cy_mpn_mul(r, a, an, b, bn, tp);
}

/* Approximate reciprocal (src/mpn/invert.c): for a normalised {a, n}, n >= 1, writes {ip, n} with
 * X = B^n + {ip, n} satisfying A X < B^(2n) <= A (X + 2) (floor((B^(2n) - 1) / A) or one less).
 * tp has cy__mpn_invert_itch(n) limbs; ip must not overlap a or tp. Exact (the floor) below
 * CY_INV_NEWTON_THRESHOLD limbs, Newton's iteration above. */
void cy__mpn_invert(cy_limb *ip, const cy_limb *a, size_t n, cy_limb *tp);
size_t cy__mpn_invert_itch(size_t n);

/* Block division with a reciprocal of the divisor's top limbs (src/mpn/mu_div.c), the contract of
 * cy__mpn_sb_div with nn > dn; tp has cy__mpn_mu_div_itch(nn, dn) limbs. */
cy_limb cy__mpn_mu_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb *tp);
size_t cy__mpn_mu_div_itch(size_t nn, size_t dn);

/* The same with a given reciprocal: {ip, k} from cy__mpn_invert of the top k limbs of D,
 * 1 <= k <= dn, nn >= dn; quotient blocks of at most k limbs. tp has
 * cy__mpn_mu_div_preinv_itch(dn, k) limbs. Each block costs a k x k and a dn x k product. */
cy_limb cy__mpn_mu_div_preinv(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn,
                              const cy_limb *ip, size_t k, cy_limb *tp);
size_t cy__mpn_mu_div_preinv_itch(size_t dn, size_t k);

/* Size from which cy__mpn_invert uses Newton's iteration (at least 3), and the divisor and
 * quotient length from which cy_mpn_divrem uses cy__mpn_mu_div (docs/div.md). */
#ifndef CY_INV_NEWTON_THRESHOLD
#define CY_INV_NEWTON_THRESHOLD 100
#endif
#ifndef CY_MU_DIV_THRESHOLD
#define CY_MU_DIV_THRESHOLD 7000
#endif

/* The single-limb division loop behind cy_mpn_divrem_1 and cy_mpn_mod_1 (the latter passes
 * q = NULL, and inlining removes the stores): divides {a, n} * 2^shift by dnorm, feeding each
 * step the next limb of the shifted dividend, so the quotient is that of {a, n} by d and the
 * remainder is shifted back at the end. Each step is cy__udiv_2by1 with remainder < dnorm, so its
 * precondition u1 < d holds. q may equal a: q[i] is written after a[i] and a[i-1] are read. */
static inline cy_limb cy__divrem_1_loop(cy_limb *q, const cy_limb *a, size_t n,
                                        const cy_mpn_div1_inv *inv)
{
    const cy_limb d = inv->dnorm, v = inv->v;
    const unsigned s = inv->shift;
    if (n == 0)
        return 0;
    cy_limb r, qq;
    if (s == 0) {
        size_t i = n;
        r = 0;
        if (a[n - 1] < d) { /* the top quotient limb is 0: skip one step */
            r = a[n - 1];
            if (q)
                q[n - 1] = 0;
            i--;
        }
        while (i-- > 0) {
            qq = cy__udiv_2by1(r, a[i], d, v, &r);
            if (q)
                q[i] = qq;
        }
        return r;
    }
    r = a[n - 1] >> (CY_LIMB_BITS - s); /* < 2^s <= B/2 <= d */
    for (size_t i = n - 1; i > 0; i--) {
        qq = cy__udiv_2by1(r, (a[i] << s) | (a[i - 1] >> (CY_LIMB_BITS - s)), d, v, &r);
        if (q)
            q[i] = qq;
    }
    qq = cy__udiv_2by1(r, a[0] << s, d, v, &r);
    if (q)
        q[0] = qq;
    return r >> s;
}

#endif /* CARRY_SRC_MPN_DIVIMPL_H */
