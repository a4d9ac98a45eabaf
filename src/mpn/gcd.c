/* cy_mpn_gcd: greatest common divisor by Lehmer's algorithm with two-limb steps (hgcd2.c);
 * variable time. SPDX-License-Identifier: MIT
 *
 * Loop on A >= B > 0: when B is one limb, finish with cy_mpn_mod_1 and the binary cy_mpn_gcd_1;
 * otherwise take about 64 bits of quotient sequence from the leading two limbs (cy__hgcd2) and
 * apply them to the full numbers in four linear passes; when no step is safe (B much shorter than
 * A, or a huge quotient) do one division step A = A mod B instead. Each iteration lowers A + B, so
 * the loop ends; O(n^2). From gcd_dc limbs (tune.h), with B not much shorter than A, an iteration
 * is instead one half-gcd reduction (cy__gcd_reduce, hgcd.c: Moller 2008), which takes the pair
 * from n to about 2n/3 limbs in O(M(n) log n); when it finds no step, the Lehmer or division
 * step runs. Subquadratic overall.
 */
#include "gcdimpl.h"

size_t cy_mpn_gcd_itch(size_t an, size_t bn)
{
    /* A, B, two result buffers and a quotient of an limbs; the scratch of a division of at most
     * an limbs by at most an limbs (the lengths of A and B only fall), or from gcd_dc limbs
     * that of the half-gcd reduction at an limbs: the two never run at once (formula in mpn.h) */
    (void)bn;
    size_t d = cy_mpn_divrem_itch(an, an), r = an >= cy__gcd_dc_thr() ? cy__gcd_reduce_itch(an) : 0;
    return 5 * an + (d > r ? d : r);
}

#ifdef CY__HAVE_DLIMB
typedef cy__dlimb dlimb;

static inline unsigned dl_ctz(dlimb x) /* x != 0 */
{
    cy_limb lo = (cy_limb)x;
    return lo ? cy__ctz(lo) : CY_LIMB_BITS + cy__ctz((cy_limb)(x >> CY_LIMB_BITS));
}

/* gcd of two non-zero two-limb numbers into {g, 2}, its length returned: the binary algorithm
 * (Stein, 1967) on the double-limb type, written so that its only unpredictable choice (which of
 * the two is larger) is a select: a, b odd; a <- |a - b| >> ctz, b <- min(a, b) keeps the gcd and
 * removes at least one bit per step. For two-limb operands this beats a Lehmer step, whose
 * Euclid quotients cost a mispredicted branch each. Finishes with cy_mpn_gcd_1 once both fit a
 * limb. */
static size_t gcd_2(cy_limb *g, dlimb a, dlimb b)
{
    unsigned za = dl_ctz(a), zb = dl_ctz(b), k = za < zb ? za : zb;
    a >>= za;
    b >>= zb;
    while ((a | b) >> CY_LIMB_BITS) {
        dlimb t = a - b;
        if (__builtin_expect(t == 0, 0))
            break; /* a = b is the odd part of the gcd */
        int less = a < b;
        dlimb m = -(dlimb)less;
        b = less ? a : b;
        a = (t ^ m) - m;
        a >>= dl_ctz(a);
    }
    if (!((a | b) >> CY_LIMB_BITS))
        a = cy_mpn_gcd_1((cy_limb)a, (cy_limb)b);
    a <<= k; /* the gcd divides both operands: it fits two limbs */
    g[0] = (cy_limb)a;
    g[1] = (cy_limb)(a >> CY_LIMB_BITS);
    return g[1] ? 2 : 1;
}
#endif

size_t cy_mpn_gcd(cy_limb *g, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                  cy_limb *scratch)
{
    CY_ASSERT(an >= bn && bn >= 1 && a[an - 1] != 0 && b[bn - 1] != 0);
    const size_t n = an;
    cy_limb *A = scratch, *B = A + n, *T = B + n, *U = T + n, *qs = U + n;
    cy_limb *dscratch = qs + n;
    cy_mpn_copy(A, a, an);
    cy_mpn_copy(B, b, bn);
    cy_mpn_zero(B + bn, n - bn);
    size_t na = an, nb = bn;
    const size_t dc = cy__gcd_dc_thr();
    for (;;) {
        if (na < nb || (na == nb && cy_mpn_cmp(A, B, na) < 0)) {
            cy_limb *t = A; A = B; B = t;
            size_t tn = na; na = nb; nb = tn;
        }
        if (nb == 0) {
            cy_mpn_copy(g, A, na);
            return na;
        }
#ifdef CY__HAVE_DLIMB
        if (na == 2 && nb == 2)
            return gcd_2(g, (dlimb)A[1] << CY_LIMB_BITS | A[0], (dlimb)B[1] << CY_LIMB_BITS | B[0]);
#endif
        if (nb == 1) {
            g[0] = cy_mpn_gcd_1(cy_mpn_mod_1(A, na, B[0]), B[0]);
            return 1;
        }
        if (na >= dc && nb + nb / 8 >= na) {
            /* half-gcd reduction of the top 2n/3 limbs (hgcd.c); the lengths only fall, so the
             * scratch of an limbs suffices */
            cy__hgcd_mat M;
            size_t nn = cy__gcd_reduce(A, B, na, &M, qs + n);
            if (nn) {
                na = nb = nn;
                while (na > 0 && A[na - 1] == 0)
                    na--;
                while (nb > 0 && B[nb - 1] == 0)
                    nb--;
                continue;
            }
        }
        cy_limb w[4];
        cy__hgcd2_matrix m;
        cy__gcd_window(A, B, na, w);
        if (cy__hgcd2(w[0], w[1], w[2], w[3], &m)) {
            cy__hgcd2_apply(T, U, A, B, na, &m);
            cy_limb *t = A; A = T; T = t;
            t = B; B = U; U = t;
            nb = na;
        } else {
            /* A = A mod B (the remainder in place, r == a allowed), zero above it */
            cy_mpn_divrem(qs, A, A, na, B, nb, dscratch);
            cy_mpn_zero(A + nb, na - nb);
        }
        while (na > 0 && A[na - 1] == 0)
            na--;
        while (nb > 0 && B[nb - 1] == 0)
            nb--;
    }
}
