/* cy__hgcd2: Lehmer's step on two-limb leading parts. SPDX-License-Identifier: MIT
 *
 * D. H. Lehmer, "Euclid's algorithm for large numbers", Amer. Math. Monthly 45 (1938); Knuth,
 * TAOCP vol. 2, 4.5.2, algorithm L; the two-limb variant and the stopping rule follow the idea of
 * N. Moller, "On Schonhage's algorithm and subquadratic integer gcd computation", Math. Comp. 77
 * (2008): run Euclid on the leading bits and keep a step only while it is provably valid for the
 * full numbers.
 *
 * Validity. Write A = a 2^k + a', B = b 2^k + b' with 0 <= a', b' < 2^k. If alpha = s a - t b
 * (or t b - s a) with s, t >= 0, the same combination of A, B is alpha 2^k + (s a' - t b')
 * (or its negation), and |s a' - t b'| < max(s, t) 2^k. So alpha >= max(s, t) keeps the full
 * value positive; the cofactor matrix is a product of Euclid steps (unimodular, non-negative), so
 * the new full pair has the same gcd and is at most max(A, B). The loop keeps exactly the steps
 * whose new remainder satisfies this, and whose cofactors fit in a limb. The result need not be
 * the exact Euclid sequence of A, B: only positivity and unimodularity matter for the gcd and the
 * cofactors.
 */
#include "gcdimpl.h"

/* Two-limb values: the native double-width type where there is one, else (hi, lo) pairs. */
#ifdef CY__HAVE_DLIMB
typedef cy__dlimb dlimb;
#define DL(h, l) (((dlimb)(h) << CY_LIMB_BITS) | (l))
#define DL_HI(x) ((cy_limb)((x) >> CY_LIMB_BITS))
#define DL_LO(x) ((cy_limb)(x))
#define DL_LT(x, y) ((x) < (y))
#define DL_SUB(x, y) ((x) - (y))
#define DL_ZERO(x) ((x) == 0)
#define DL_SHL(x, j) ((x) << (j))
#else
typedef struct { cy_limb h, l; } dlimb;
static inline dlimb DL(cy_limb h, cy_limb l) { return (dlimb){h, l}; }
#define DL_HI(x) ((x).h)
#define DL_LO(x) ((x).l)
static inline int DL_LT(dlimb x, dlimb y) { return x.h < y.h || (x.h == y.h && x.l < y.l); }
static inline dlimb DL_SUB(dlimb x, dlimb y) { return (dlimb){x.h - y.h - (x.l < y.l), x.l - y.l}; }
#define DL_ZERO(x) ((x).h == 0 && (x).l == 0)
static inline dlimb DL_SHL(dlimb x, unsigned j)
{
    return j ? (dlimb){(x.h << j) | (x.l >> (CY_LIMB_BITS - j)), x.l << j} : x;
}
#endif

/* Bit length of a non-zero two-limb value. */
static inline unsigned dl_bits(dlimb x)
{
    return DL_HI(x) ? 2 * CY_LIMB_BITS - cy__clz(DL_HI(x)) : CY_LIMB_BITS - cy__clz(DL_LO(x));
}

#if defined(CY_ASM_X86_64) && defined(CY_HAVE_INT128)
/* q = floor(a / b) and r = a mod b for b <= a / 3 and a < b 2^63 (bit lengths differ by at most
 * 63), by one divq instead of a shift-and-subtract loop with a data-dependent branch per bit.
 * With k = max(0, bits(b) - 64), b' = b >> k fits a limb (top bit set when k > 0) and
 * a' = a >> k < b' 2^64, so divq's quotient fits. q' = floor(a' / b') >= q (a' >= q b' because
 * floor(q x) >= q floor(x)), and q' <= q + 2 (Knuth, TAOCP vol. 2, 4.3.1, Theorem B; exact when
 * k = 0). r = a - q' b mod 2^128 is then below b exactly when q' = q; for q' = q + e, e <= 2, it
 * is 2^128 - e b + (a mod b) >= b since 3b <= a < 2^128: each step of the loop removes one. */
static inline cy_limb quotient_divq(dlimb a, dlimb b, dlimb *rem)
{
    unsigned bb = dl_bits(b), k = bb > 64 ? bb - 64 : 0;
    dlimb a1 = a >> k;
    cy_limb q, r1;
    __asm__("divq %4" : "=a"(q), "=d"(r1) : "a"(DL_LO(a1)), "d"(DL_HI(a1)), "rm"((cy_limb)(b >> k))
            : "cc");
    (void)r1;
    dlimb r = a - (dlimb)q * b;
    while (r >= b) {
        q--;
        r += b;
    }
    *rem = r;
    return q;
}
#endif

/* q = floor(a / b), *r = a mod b, for a >= b > 0; returns 0 when q >= 2^(CY_LIMB_BITS-1) may
 * hold (no room left in the cofactors). Quotients are small (Gauss-Kuzmin: 1 with probability
 * 0.42, 2 with 0.17), so try q = 1 and 2 by subtraction first. */
static inline int quotient(dlimb a, dlimb b, cy_limb *q, dlimb *r)
{
    *r = DL_SUB(a, b);
    *q = 1;
    if (DL_LT(*r, b))
        return 1;
    *r = DL_SUB(*r, b);
    *q = 2;
    if (DL_LT(*r, b))
        return 1;
    unsigned sh = dl_bits(a) - dl_bits(b);
    if (sh >= CY_LIMB_BITS) /* q >= 2^(sh-1) */
        return 0;
#if defined(CY_ASM_X86_64) && defined(CY_HAVE_INT128)
    *q = quotient_divq(a, b, r);
#else
    *r = a, *q = 0;
    for (unsigned j = sh + 1; j-- > 0;) {
        dlimb d = DL_SHL(b, j);
        if (!DL_LT(*r, d)) {
            *r = DL_SUB(*r, d);
            *q |= (cy_limb)1 << j;
        }
    }
#endif
    return 1;
}

unsigned cy__hgcd2(cy_limb ah, cy_limb al, cy_limb bh, cy_limb bl, cy__hgcd2_matrix *m)
{
    dlimb a = DL(ah, al), b = DL(bh, bl);
    cy_limb sa = 1, ta = 0, sb = 0, tb = 1;
    int neg = 0;
    unsigned steps = 0;
    /* First phase, b >= 2^CY_LIMB_BITS: no overflow test. Every step so far is an exact Euclid
     * step of the initial pair (a0, b0), for which t_{k+1} r_k + t_k r_{k+1} = a0 and
     * s_{k+1} r_k + s_k r_{k+1} = b0 (the extended Euclidean algorithm's cofactor identities,
     * by induction on k from r_{-1} = a0, r_0 = b0); with the divisor r_k = b >= 2^CY_LIMB_BITS the new cofactors are below
     * 2^(2 CY_LIMB_BITS) / 2^CY_LIMB_BITS, and q < 2^CY_LIMB_BITS. A remainder with a non-zero
     * high limb is then at least both cofactors. */
    while (DL_HI(b) != 0) {
        cy_limb q;
        dlimb r;
        quotient(a, b, &q, &r); /* cannot fail: bits(a) - bits(b) < CY_LIMB_BITS */
        cy_limb ns = sa + q * sb, nt = ta + q * tb;
        if (DL_HI(r) == 0 && DL_LO(r) < (ns > nt ? ns : nt))
            goto done;
        a = b, b = r;
        sa = sb, ta = tb, sb = ns, tb = nt;
        neg ^= 1;
        steps++;
    }
    /* Second phase, b < 2^CY_LIMB_BITS: cofactors may overflow. */
    while (!DL_ZERO(b)) {
        cy_limb q;
        dlimb r;
        if (!quotient(a, b, &q, &r))
            break;
        /* new cofactors s = sa + q sb, t = ta + q tb, each must fit in a limb (the products
         * also for q = 1: a branch on q would be mispredicted about half the time) */
        cy_limb h1, h2, ns, nt;
        ns = cy__umul(q, sb, &h1) + sa;
        nt = cy__umul(q, tb, &h2) + ta;
        if (h1 || h2 || ns < sa || nt < ta)
            break;
        /* the new remainder must be at least both cofactors */
        cy_limb mx = ns > nt ? ns : nt;
        if (DL_HI(r) == 0 && DL_LO(r) < mx)
            break;
        a = b, b = r;
        sa = sb, ta = tb, sb = ns, tb = nt;
        neg ^= 1;
        steps++;
    }
done:
    m->s_a = sa, m->t_a = ta, m->s_b = sb, m->t_b = tb;
    m->neg = neg;
    m->steps = steps;
    return steps;
}
