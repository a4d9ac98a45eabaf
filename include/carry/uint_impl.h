/* carry/uint_impl.h -- internal to carry/uint.h: limb-array kernels of the fixed-width integers.
 * SPDX-License-Identifier: MIT
 *
 * Every function here works on n-limb arrays (least significant limb first) with n a compile-time
 * constant at each call site: the per-width wrappers in uint_tmpl.h inline them, so loops unroll
 * and the n-dependent branches fold. Nothing here allocates; nothing is part of the public API.
 *
 * Arithmetic follows Knuth, TAOCP vol. 2, 4.3.1 (algorithms A, S, M and D), on the one-limb
 * primitives of carry/limb.h (add with carry, products, the divisions of Moller and Granlund),
 * which the library's mpn and mod layers use too.
 */
#ifndef CARRY_UINT_IMPL_H
#define CARRY_UINT_IMPL_H

#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "config.h"
#include "limb.h"

#if defined(__GNUC__) || defined(__clang__)
#  define CY__AI static inline __attribute__((always_inline))
#  define CY__UNROLL _Pragma("GCC unroll 16")
#else
#  define CY__AI static inline
#  define CY__UNROLL
#endif

/* x86-64 inline assembly: only with 64-bit limbs, GNU-style compilers, optimisation on, and not
 * opted out. Without optimisation (-O0) gcc cannot find registers for the kernels' many operands
 * ("impossible constraints"), so such builds use the portable C. The mulx/adcx/adox kernels also
 * need the compiler to target BMI2 and ADX (-mbmi2 -madx or -march=native on a CPU that has
 * them): a header cannot choose at run time cheaply. */
#if defined(__x86_64__) && CY_LIMB_BITS == 64 && defined(__GNUC__) && defined(__OPTIMIZE__) && \
    !defined(CY_UINT_NO_ASM)
#  define CY__UINT_X86_64 1
#  if defined(__BMI2__) && defined(__ADX__)
#    define CY__UINT_ADX 1
#  endif
#endif

#define CY__LB CY_LIMB_BITS

/* ---- n-limb kernels (n >= 1) ---- */

CY__AI void cy__u_set0(cy_limb *r, int n)
{
    for (int i = 0; i < n; i++)
        r[i] = 0;
}

/* r = a + b + c mod B^n; returns the carry. r may equal a or b. */
CY__AI cy_limb cy__u_add(cy_limb *r, const cy_limb *a, const cy_limb *b, cy_limb c, int n)
{
    CY__UNROLL
    for (int i = 0; i < n; i++)
        c = cy__addc(a[i], b[i], c, &r[i]);
    return c;
}

/* r = a - b - c mod B^n; returns the borrow. r may equal a or b. */
CY__AI cy_limb cy__u_sub(cy_limb *r, const cy_limb *a, const cy_limb *b, cy_limb c, int n)
{
    CY__UNROLL
    for (int i = 0; i < n; i++)
        c = cy__subb(a[i], b[i], c, &r[i]);
    return c;
}

/* -1, 0, 1 as a <, =, > b. */
CY__AI int cy__u_cmp(const cy_limb *a, const cy_limb *b, int n)
{
    for (int i = n - 1; i >= 0; i--)
        if (a[i] != b[i])
            return a[i] < b[i] ? -1 : 1;
    return 0;
}

CY__AI int cy__u_is0(const cy_limb *a, int n)
{
    cy_limb t = 0;
    for (int i = 0; i < n; i++)
        t |= a[i];
    return t == 0;
}

/* Number of significant limbs (0 for zero). */
CY__AI int cy__u_len(const cy_limb *a, int n)
{
    while (n > 0 && a[n - 1] == 0)
        n--;
    return n;
}

/* r[0, an + bn) = a[0, an) * b[0, bn); r must not overlap a or b. Rows of Knuth's algorithm M. */
CY__AI void cy__u_mul(cy_limb *r, const cy_limb *a, int an, const cy_limb *b, int bn)
{
    cy_limb c = 0;
    CY__UNROLL
    for (int j = 0; j < an; j++)
        r[j] = cy__umac(a[j], b[0], c, 0, &c);
    r[an] = c;
    CY__UNROLL
    for (int i = 1; i < bn; i++) {
        c = 0;
        CY__UNROLL
        for (int j = 0; j < an; j++)
            r[i + j] = cy__umac(a[j], b[i], r[i + j], c, &c);
        r[i + an] = c;
    }
}

/* r = a * b mod B^n (the low half of the product); r must not overlap a or b. */
CY__AI void cy__u_mullo(cy_limb *r, const cy_limb *a, const cy_limb *b, int n)
{
    cy_limb c = 0;
    CY__UNROLL
    for (int j = 0; j < n; j++)
        r[j] = cy__umac(a[j], b[0], c, 0, &c);
    CY__UNROLL
    for (int i = 1; i < n; i++) {
        c = 0;
        CY__UNROLL
        for (int j = 0; j < n - i - 1; j++)
            r[i + j] = cy__umac(a[j], b[i], r[i + j], c, &c);
        r[n - 1] += a[n - 1 - i] * b[i] + c; /* only the low limb of the last product counts */
    }
}

/* r[0, 2n) = a^2; r must not overlap a. The off-diagonal products a_i a_j (i < j) once, doubled
 * by a one-bit shift, plus the squares a_i^2 on the diagonal: about n^2/2 limb products. */
CY__AI void cy__u_sqr(cy_limb *r, const cy_limb *a, int n)
{
    r[0] = 0;
    r[2 * n - 1] = 0;
    if (n > 1) {
        cy_limb c = 0;
        CY__UNROLL
        for (int j = 1; j < n; j++)
            r[j] = cy__umac(a[j], a[0], c, 0, &c);
        r[n] = c;
        CY__UNROLL
        for (int i = 1; i < n - 1; i++) {
            c = 0;
            CY__UNROLL
            for (int j = i + 1; j < n; j++)
                r[i + j] = cy__umac(a[j], a[i], r[i + j], c, &c);
            r[i + n] = c;
        }
    }
    /* now r = sum_{i<j} a_i a_j B^(i+j) < B^(2n-1); double it and add the diagonal */
    cy_limb top = 0;
    CY__UNROLL
    for (int i = 0; i < 2 * n; i++) {
        cy_limb next = r[i] >> (CY__LB - 1);
        r[i] = (r[i] << 1) | top;
        top = next;
    }
    cy_limb c = 0;
    CY__UNROLL
    for (int i = 0; i < n; i++) {
        cy_limb hi, lo = cy__umac(a[i], a[i], 0, 0, &hi);
        c = cy__addc(r[2 * i], lo, c, &r[2 * i]);
        c = cy__addc(r[2 * i + 1], hi, c, &r[2 * i + 1]);
    }
}

/* r = a^2 mod B^n (the low half of the square); r must not overlap a. As cy__u_sqr, restricted to
 * the limbs below B^n: the off-diagonal products a_i a_j (i < j, i + j < n) once, doubled, plus
 * the squares a_i^2 with 2i < n: about n^2/4 limb products, against n^2/2 for cy__u_mullo(a, a). */
CY__AI void cy__u_sqrlo(cy_limb *r, const cy_limb *a, int n)
{
    cy_limb c = 0;
    r[0] = 0;
    CY__UNROLL
    for (int j = 1; j < n; j++) /* row 0: positions 1 .. n - 1 */
        r[j] = cy__umac(a[j], a[0], c, 0, &c);
    CY__UNROLL
    for (int i = 1; 2 * i + 1 < n; i++) { /* row i: positions 2i + 1 .. n - 1, the carry out dropped */
        c = 0;
        CY__UNROLL
        for (int j = i + 1; j < n - i; j++)
            r[i + j] = cy__umac(a[j], a[i], r[i + j], c, &c);
    }
    CY__UNROLL
    for (int i = n - 1; i > 0; i--) /* double, mod B^n */
        r[i] = (r[i] << 1) | (r[i - 1] >> (CY__LB - 1));
    r[0] <<= 1;
    c = 0;
    CY__UNROLL
    for (int i = 0; 2 * i < n; i++) {
        cy_limb hi, lo = cy__umac(a[i], a[i], 0, 0, &hi);
        c = cy__addc(r[2 * i], lo, c, &r[2 * i]);
        if (2 * i + 1 < n)
            c = cy__addc(r[2 * i + 1], hi, c, &r[2 * i + 1]);
    }
}

/* r = a * b + c (b, c one limb) mod B^n; returns the high limb. r may equal a. */
CY__AI cy_limb cy__u_mul1(cy_limb *r, const cy_limb *a, cy_limb b, cy_limb c, int n)
{
    CY__UNROLL
    for (int i = 0; i < n; i++)
        r[i] = cy__umac(a[i], b, c, 0, &c);
    return c;
}

/* r = a << k mod B^n for any k (0 when k >= n * CY_LIMB_BITS); r may equal a. */
CY__AI void cy__u_shl(cy_limb *r, const cy_limb *a, unsigned k, int n)
{
    unsigned ls = k / CY__LB, bs = k % CY__LB;
    if (ls >= (unsigned)n) {
        cy__u_set0(r, n);
        return;
    }
    /* a[i] >> (LB - bs) written as two shifts so that bs = 0 gives 0 without an undefined shift */
    for (int i = n - 1; i > (int)ls; i--)
        r[i] = (a[i - ls] << bs) | ((a[i - ls - 1] >> 1) >> (CY__LB - 1 - bs));
    r[ls] = a[0] << bs;
    for (int i = (int)ls - 1; i >= 0; i--)
        r[i] = 0;
}

/* r = floor(a / 2^k) for any k; r may equal a. */
CY__AI void cy__u_shr(cy_limb *r, const cy_limb *a, unsigned k, int n)
{
    unsigned ls = k / CY__LB, bs = k % CY__LB;
    if (ls >= (unsigned)n) {
        cy__u_set0(r, n);
        return;
    }
    int top = n - 1 - (int)ls;
    for (int i = 0; i < top; i++)
        r[i] = (a[i + ls] >> bs) | ((a[i + ls + 1] << 1) << (CY__LB - 1 - bs));
    r[top] = a[n - 1] >> bs;
    for (int i = top + 1; i < n; i++)
        r[i] = 0;
}

/* r[0, n) -= a[0, n) * b; returns the limb that the subtraction borrows beyond r[n - 1], which is
 * below B as a b < B^n (B - 1). One chain: the limb c carried to the next position is the high
 * limb of a_i b + c plus the borrow of subtracting its low limb, at most B - 1 (a_i b + c <=
 * B^2 - B, so a high limb of B - 1 comes with a low limb of 0, which cannot borrow). r must not
 * overlap a. In C, gcc 12 keeps neither this chain nor a two-chain version (high limbs, borrows)
 * in registers once inlined into the division (it stores c and the product's halves to the stack
 * every limb), so x86-64 takes each limb's step from inline assembly: mulq, then add, adc, sub,
 * adc on the chain, and the compiler schedules the loads and stores between the limbs. */
CY__AI cy_limb cy__u_submul1(cy_limb *r, const cy_limb *a, cy_limb b, int n)
{
    cy_limb c = 0;
    for (int i = 0; i < n; i++) {
#if defined(CY__UINT_X86_64)
        cy_limb lo, t = r[i];
        __asm__("mulq %[b]\n\t"
                "addq %[c], %%rax\n\t"
                "adcq $0, %%rdx\n\t"
                "subq %%rax, %[t]\n\t"
                "adcq $0, %%rdx"
                : "=&a"(lo), "=&d"(c), [t] "+r"(t)
                : "0"(a[i]), [b] "rm"(b), [c] "r"(c)
                : "cc");
        r[i] = t;
#else
        cy_limb hi, lo = cy__umac(a[i], b, c, 0, &hi), t = r[i];
        r[i] = t - lo;
        c = hi + (t < lo);
#endif
    }
    return c;
}

/* Knuth's algorithm D (TAOCP vol. 2, 4.3.1) on normalised operands: un[0, m + 1) holds u 2^s with
 * m >= n, and vn[0, n) v 2^s with its top bit set, n >= 2. Writes q[0, m - n + 1) = floor(u / v)
 * and r[0, n) = u mod v (shifted back by s); un is destroyed. Each quotient limb is the exact
 * quotient of the top three remainder limbs by the top two divisor limbs (cy__udiv_3by2),
 * which is the true quotient limb or one too large (Knuth 4.3.1, exercise 21): then the
 * multiply-subtract of the other n - 2 divisor limbs borrows and one add-back fixes it. A top
 * (u2, u1) equal to (d1, d0) has the quotient limb B - 1 exactly (the remainder is below
 * B v and d1 >= B / 2), and no add-back. Inlined with a constant n, every limb loop unrolls. */
CY__AI void cy__u_divrem_norm(cy_limb *q, cy_limb *r, cy_limb *un, int m, const cy_limb *vn, int n,
                              unsigned s)
{
    cy_limb d1 = vn[n - 1], d0 = vn[n - 2], v = cy__invert_pi1(d1, d0);
    /* the top two remainder limbs stay in registers from one step to the next (through memory,
     * as un[], they cost a store and a reload on the critical path) */
    cy_limb u2 = un[m], u1 = un[m - 1];
    for (int j = m - n; j >= 0; j--) {
        cy_limb u0 = un[j + n - 2], qh, r1, r0;
        if (u2 == d1 && u1 == d0) { /* only in adversarial cases */
            qh = CY_LIMB_MAX;
            un[j + n] -= cy__u_submul1(un + j, vn, qh, n); /* leaves 0 */
            r1 = un[j + n - 1];
            r0 = un[j + n - 2];
        } else {
            qh = cy__udiv_3by2(u2, u1, u0, d1, d0, v, &r1, &r0);
            cy_limb c = cy__u_submul1(un + j, vn, qh, n - 2);
            cy_limb b = cy__subb(r0, c, 0, &r0);
            b = cy__subb(r1, 0, b, &r1);
            un[j + n - 2] = r0;
            un[j + n - 1] = r1;
            if (b) { /* qh was one too large: add v back (the carry out cancels the borrow) */
                qh--;
                cy__u_add(un + j, un + j, vn, 0, n);
                r1 = un[j + n - 1];
                r0 = un[j + n - 2];
            }
        }
        q[j] = qh;
        u2 = r1;
        u1 = r0;
    }
    /* x << (LB - s) as two shifts, so that s = 0 gives 0 without an undefined shift */
    CY__UNROLL
    for (int i = 0; i < n - 1; i++)
        r[i] = (un[i] >> s) | ((un[i + 1] << 1) << (CY__LB - 1 - s));
    r[n - 1] = un[n - 1] >> s;
}

/* a mod d and q = floor(a / d) for a one-limb d = dn >> s != 0 given normalised dn = d << s and
 * v = cy__invert_limb(dn), n >= 0 (q may equal a): divide a 2^s by dn, the same quotient and the
 * remainder scaled by 2^s. */
static inline cy_limb cy__u_divrem1_preinv(cy_limb *q, const cy_limb *a, int n, cy_limb dn,
                                           unsigned s, cy_limb v)
{
    if (n <= 0)
        return 0;
    /* x >> (LB - s) as two shifts, so that s = 0 gives 0 without an undefined shift */
    cy_limb rem = (a[n - 1] >> 1) >> (CY__LB - 1 - s); /* < 2^s <= dn */
    for (int i = n - 1; i > 0; i--) {
        cy_limb t = (a[i] << s) | ((a[i - 1] >> 1) >> (CY__LB - 1 - s));
        q[i] = cy__udiv_2by1(rem, t, dn, v, &rem);
    }
    q[0] = cy__udiv_2by1(rem, a[0] << s, dn, v, &rem);
    return rem >> s;
}

static inline cy_limb cy__u_divrem1(cy_limb *q, const cy_limb *a, cy_limb d, int n)
{
    unsigned s = cy__clz(d);
    return cy__u_divrem1_preinv(q, a, n, d << s, s, cy__invert_limb(d << s));
}

/* Full division: q[0, ul) = floor(u / v), r[0, vl) = u mod v, both zero-padded, for v != 0. w is
 * scratch of ul + 1 + vl limbs; q and r must not overlap u, v, w. ul and vl are constants at every
 * call site: the operands are shifted at those lengths, and algorithm D runs on the significant
 * limbs, in a copy specialised for each divisor length when the divisor type has at most 8 limbs
 * (unrolled loops, no loop overhead: with the 3/2 steps, u256 divrem went from 108 to 68 ticks),
 * else generic. */
CY__AI void cy__u_divmod(cy_limb *q, cy_limb *r, const cy_limb *u, int ul, const cy_limb *v,
                         int vl, cy_limb *w)
{
    int m = cy__u_len(u, ul), n = cy__u_len(v, vl);
    cy__u_set0(q, ul);
    cy__u_set0(r, vl);
    if (n == 0) /* excluded by the callers; q = r = 0 rather than a read before v */
        return;
    if (m < n) {
        for (int i = 0; i < m; i++)
            r[i] = u[i];
        return;
    }
    if (n == 1) {
        r[0] = cy__u_divrem1(q, u, v[0], m);
        return;
    }
    cy_limb *un = w, *vn = w + ul + 1;
    unsigned s = cy__clz(v[n - 1]);
    /* un = u 2^s (ul + 1 limbs), vn = v 2^s (vl limbs); x >> (LB - s) as two shifts, so that s = 0
     * gives 0 without an undefined shift */
    un[ul] = (u[ul - 1] >> 1) >> (CY__LB - 1 - s);
    CY__UNROLL
    for (int i = ul - 1; i > 0; i--)
        un[i] = (u[i] << s) | ((u[i - 1] >> 1) >> (CY__LB - 1 - s));
    un[0] = u[0] << s;
    CY__UNROLL
    for (int i = vl - 1; i > 0; i--)
        vn[i] = (v[i] << s) | ((v[i - 1] >> 1) >> (CY__LB - 1 - s));
    vn[0] = v[0] << s;
    /* Divisors of up to 8 limbs (the widths up to 512 bits) take a copy of algorithm D for their
     * length n; a dividend of up to 8 limbs is divided whole (leading zero limbs give zero quotient
     * limbs), so that the quotient loop unrolls too. For longer types the copies measured slower
     * than the generic loop (u1024 divrem 441 against 415 ticks). */
    if (vl <= 8) {
        int mm = ul <= 8 ? ul : m;
        switch (n) { /* n <= vl: the cases above vl fold away */
#define CY__U_DIV_CASE(k)                                                                          \
        case k:                                                                                   \
            if (k <= vl) {                                                                        \
                cy__u_divrem_norm(q, r, un, mm, vn, k, s);                                        \
                return;                                                                           \
            }                                                                                     \
            break;
            CY__U_DIV_CASE(2)
            CY__U_DIV_CASE(3)
            CY__U_DIV_CASE(4)
            CY__U_DIV_CASE(5)
            CY__U_DIV_CASE(6)
            CY__U_DIV_CASE(7)
            CY__U_DIV_CASE(8)
#undef CY__U_DIV_CASE
        default:
            break;
        }
    }
    cy__u_divrem_norm(q, r, un, m, vn, n, s);
}

#endif /* CARRY_UINT_IMPL_H */
