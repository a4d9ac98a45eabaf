/* cy_mpn_sqrtrem: integer square root and remainder; variable time. SPDX-License-Identifier: MIT
 *
 * Scale A to N = A 4^c with an even number 2m of limbs and a top limb >= B/4 (so floor(sqrt N)
 * has m limbs and its top bit set); then floor(sqrt A) = floor(sqrt N) >> c.
 *
 * floor(sqrt N) by Newton's iteration with doubling precision (Brent and Zimmermann, "Modern
 * Computer Arithmetic", 1.5; the same recursion as Zimmermann's "Karatsuba square root", INRIA
 * RR-3805, 1999, with the remainder recomputed instead of carried). Let S = floor(sqrt A_k) for
 * the top 2k limbs A_k of N, K <= 2k, d = K - k. Then x = S B^d satisfies
 * sqrt A_K - B^d < x <= sqrt A_K, and one integer Newton step
 *     x' = floor((x + floor(A_K / x)) / 2)
 * never falls below floor(sqrt A_K) (AM-GM, for any x > 0) and exceeds sqrt A_K by less than
 * (sqrt A_K - x)^2 / (2x) < B^(2d) / B^K <= 1, since x >= B^K / 2. So at most one decrement,
 * found by squaring, makes it exact. floor(A_K / x) = floor(floor(A_K / B^d) / S) is one
 * cy_mpn_divrem of K + k limbs by k. Cost: a division and a squaring per doubling, O(M(n)) for
 * superlinear M.
 */
#include "divimpl.h"

/* floor(sqrt(<h, l>)) for h >= B/4, bit by bit from the top (only the base of the iteration). */
static cy_limb sqrt_2limb(cy_limb h, cy_limb l)
{
    cy_limb root = 0;
    for (int i = CY_LIMB_BITS - 1; i >= 0; i--) {
        cy_limb c = root | (cy_limb)1 << i, sh, sl = cy__umul(c, c, &sh);
        if (sh < h || (sh == h && sl <= l))
            root = c;
    }
    return root;
}

size_t cy_mpn_sqrtrem_itch(size_t n)
{
    size_t m = (n + 1) / 2;
    /* N (2m), the root (m + 1), the Newton sum (m + 2), a square (2m), then the larger of the
     * division's and the squaring's scratch (both bounded by their largest calls). */
    size_t d = cy_mpn_divrem_itch(2 * m, m), q = cy_mpn_sqr_itch(m);
    return 2 * m + (m + 1) + (m + 2) + 2 * m + (d > q ? d : q);
}

size_t cy_mpn_sqrtrem(cy_limb *s, cy_limb *r, const cy_limb *a, size_t n, cy_limb *scratch)
{
    CY_ASSERT(n >= 1 && a[n - 1] != 0);
    CY_ASSERT(cy__disjoint(s, (n + 1) / 2, a, n) && (!r || cy__disjoint(r, n, a, n)));
    const size_t m = (n + 1) / 2;
    cy_limb *N = scratch, *S = N + 2 * m, *Q = S + m + 1, *P = Q + m + 2, *ws = P + 2 * m;

    /* N = A 4^c with bit length 2m B - 1 or 2m B */
    size_t bits = n * CY_LIMB_BITS - cy__clz(a[n - 1]);
    size_t c = (2 * m * CY_LIMB_BITS - bits) / 2, limbs = (2 * c) / CY_LIMB_BITS;
    unsigned sh = (unsigned)((2 * c) % CY_LIMB_BITS);
    cy_mpn_zero(N, 2 * m);
    cy_limb top = sh ? cy_mpn_lshift(N + limbs, a, n, sh) : (cy_mpn_copy(N + limbs, a, n), 0);
    if (limbs + n < 2 * m)
        N[limbs + n] = top;
    CY_ASSERT(limbs + n < 2 * m || top == 0);

    /* precisions: K_j = ceil(K_{j+1} / 2) down to 1 */
    size_t ks[8 * sizeof(size_t)], nk = 0;
    for (size_t k = m; k > 1; k = (k + 1) / 2)
        ks[nk++] = k;
    S[0] = sqrt_2limb(N[2 * m - 1], N[2 * m - 2]);
    size_t k = 1;
    while (nk > 0) {
        size_t K = ks[--nk], d = K - k;
        const cy_limb *A = N + 2 * (m - K); /* the top 2K limbs */
        cy_mpn_divrem(Q, P, A + d, 2 * K - d, S, k, ws); /* Q: K + 1 limbs; P: discarded */
        cy_limb cy = cy_mpn_add(Q + d, Q + d, K + 1 - d, S, k);
        CY_ASSERT(cy == 0); /* x < B^K and A/x < 2 B^K (x >= B^K/2): K + 1 limbs hold it */
        (void)cy;
        cy_mpn_rshift(Q, Q, K + 1, 1);
        if (Q[K]) /* x' >= B^K: floor(sqrt(A)) <= B^K - 1 is the better start */
            for (size_t i = 0; i < K; i++)
                Q[i] = CY_LIMB_MAX;
        cy_mpn_copy(S, Q, K);
        for (;;) { /* at most one decrement, by the bound above */
            cy_mpn_sqr(P, S, K, ws);
            if (cy_mpn_cmp(P, A, 2 * K) <= 0)
                break;
            cy_mpn_sub_1(S, S, K, 1);
        }
        k = K;
    }

    /* s = S >> c; c < B since A has more than 2(m - 1) limbs */
    CY_ASSERT(c < CY_LIMB_BITS);
    if (c)
        cy_mpn_rshift(s, S, m, (unsigned)c);
    else
        cy_mpn_copy(s, S, m);
    /* R = A - s^2 (s^2 <= A; s^2's limbs above n are zero) */
    cy_mpn_sqr(P, s, m, ws);
    if (!r)
        return cy_mpn_cmp(P, a, n) != 0;
    cy_mpn_sub_n(r, a, P, n);
    size_t rn = n;
    while (rn > 0 && r[rn - 1] == 0)
        rn--;
    return rn;
}
