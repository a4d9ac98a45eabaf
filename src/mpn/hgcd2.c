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

/* Two-limb values as (hi, lo) pairs: portable to builds without a double-limb type. */
static inline int dl_less(cy_limb ah, cy_limb al, cy_limb bh, cy_limb bl)
{
    return ah < bh || (ah == bh && al < bl);
}

unsigned cy__hgcd2(cy_limb ah, cy_limb al, cy_limb bh, cy_limb bl, cy__hgcd2_matrix *m)
{
    cy_limb sa = 1, ta = 0, sb = 0, tb = 1;
    int neg = 0;
    unsigned steps = 0;
    for (;;) {
        if (bh == 0 && bl == 0)
            break;
        /* q = floor(a / b) by shift and subtract: quotients are small on average (Gauss-Kuzmin:
         * q = 1 with probability 0.42), so this is a few iterations. */
        unsigned la = ah ? 2 * CY_LIMB_BITS - cy__clz(ah) : CY_LIMB_BITS - cy__clz(al);
        unsigned lb = bh ? 2 * CY_LIMB_BITS - cy__clz(bh) : CY_LIMB_BITS - cy__clz(bl);
        if (la - lb >= CY_LIMB_BITS) /* q >= 2^(la-lb-1) would not leave room in the cofactors */
            break;
        unsigned sh = la - lb;
        cy_limb rh = ah, rl = al, q = 0;
        for (unsigned j = sh + 1; j-- > 0;) {
            /* <dh, dl> = b << j, j < CY_LIMB_BITS */
            cy_limb dh = j ? (bh << j) | (bl >> (CY_LIMB_BITS - j)) : bh, dlo = bl << j;
            if (!dl_less(rh, rl, dh, dlo)) {
                cy_limb borrow = rl < dlo;
                rl -= dlo;
                rh -= dh + borrow;
                q |= (cy_limb)1 << j;
            }
        }
        /* new cofactors s = sa + q sb, t = ta + q tb, each must fit in a limb */
        cy_limb h1, ns = cy__umul(q, sb, &h1), h2, nt = cy__umul(q, tb, &h2);
        ns += sa;
        nt += ta;
        if (h1 || h2 || ns < sa || nt < ta)
            break;
        /* the new remainder must be at least both cofactors */
        cy_limb mx = ns > nt ? ns : nt;
        if (rh == 0 && rl < mx)
            break;
        ah = bh, al = bl, bh = rh, bl = rl;
        sa = sb, ta = tb, sb = ns, tb = nt;
        neg ^= 1;
        steps++;
    }
    m->s_a = sa, m->t_a = ta, m->s_b = sb, m->t_b = tb;
    m->neg = neg;
    m->steps = steps;
    return steps;
}
