/* Karatsuba (toom22): balanced, and unbalanced for bn < an < 1.5 bn.
 * SPDX-License-Identifier: MIT */
#include "toom.h"

/* toom22 needs 2m limbs (the middle product) plus the scratch of its products of sizes m and h
 * (both: the scratch is not monotone in the size, a smaller size may take a hungrier algorithm). */
size_t cy__mpn_toom22_itch(size_t n, int sq)
{
    size_t m = T22_M(n);
    return 2 * m + cy__max2(cy__mul_rec_itch(m, sq), cy__mul_rec_itch(n - m, sq));
}

/* The Karatsuba sum in place: on entry {r, 2m} = z0 = L + H0 B^m, {r + 2m, m + hl} = z2 = L2 + H2 B^m
 * (H2 has hl limbs, 0 <= hl <= m; hl = 2h - m for n = m + h) and {zm, 2m} = |a0 - a1| |b0 - b1|;
 * on exit {r, 3m + hl} = z0 + (z0 + z2 + Q) B^m + z2 B^2m, with Q = zm, or -zm when negate is all
 * ones, a product that fits 3m + hl limbs.
 * With t = H0 + L2 = t' + ct B^m (t' < B^m) the sum is, by blocks of m limbs,
 *   [0, m): L    [m, 2m): t' + L    [2m, 3m): t' + H2    [3m, 3m + hl): H2    plus Q B^m,
 * with ct at B^2m and at B^3m. Every pass is a dispatched kernel (add_n, add_1: one carry chain
 * in assembly on x86-64), and each reads its blocks before it overwrites them: t' replaces L2,
 * t' + L replaces H0, t' + H2 replaces t'. Q is added as zm' = Q mod B^2m (cy__mul_cnd_neg): for
 * negate and zm != 0 that adds B^2m - zm, so 1 is taken back at B^3m. The carries (or borrow)
 * collected at B^3m sum to d in [-1, 4]; the product fits 2n limbs, so what would leave the top
 * is void and the signed d can go in as + (d + 1) then - 1. zm is clobbered. */
static void toom22_combine(cy_limb *r, cy_limb *zm, size_t m, size_t hl, cy_limb negate)
{
    cy_limb ct = cy_mpn_add_n(r + 2 * m, r + m, r + 2 * m, m);   /* t' */
    cy_limb c1 = cy_mpn_add_n(r + m, r + 2 * m, r, m);           /* t' + L, carry at B^2m */
    cy_limb c2 = cy_mpn_add(r + 2 * m, r + 2 * m, m, r + 3 * m, hl); /* t' + H2, carry at B^3m */
    cy_limb back = cy__mul_cnd_neg(zm, zm, 2 * m, negate);       /* 1 when B^2m was added */
    cy_limb c3 = cy_mpn_add_n(r + m, r + m, zm, 2 * m);          /* + Q, carry at B^3m */
    cy_limb c4 = cy_mpn_add_1(r + 2 * m, r + 2 * m, m, ct + c1); /* <= 2 at B^2m */
    CY_VERIFY(ct + c2 + c3 + c4 + 1 - back <= 5); /* d + 1 in [0, 5] */
    cy_mpn_add_1(r + 3 * m, r + 3 * m, hl, ct + c2 + c3 + c4 + 1 - back);
    cy_mpn_sub_1(r + 3 * m, r + 3 * m, hl, 1);
}

/* Karatsuba: a b = z0 + (z0 + z2 - (a0 - a1)(b0 - b1)) B^m + z2 B^2m with z0 = a0 b0, z2 = a1 b1
 * (Knuth, TAOCP vol. 2, 4.3.3, the subtractive form, which keeps the factors at m limbs).
 * The sign of (a0 - a1)(b0 - b1) is a mask that toom22_combine applies. */
void cy__mpn_toom22(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n, cy_limb *tp, int sq)
{
    size_t m = T22_M(n), h = n - m;
    cy_limb *zm = tp, *rest = tp + 2 * m;
    /* |a0 - a1| in r[0, m), |b0 - b1| in r[m, 2m): r is free until z0 and z2 are written. */
    cy_limb sign = cy__mul_abs_sub(r, a, m, a + m, h);
    if (sq) {
        cy__mul_rec(zm, r, r, m, rest, 1);
        sign = 0; /* (a0 - a1)^2 >= 0 */
    } else {
        sign ^= cy__mul_abs_sub(r + m, b, m, b + m, h);
        cy__mul_rec(zm, r, r + m, m, rest, 0);
    }
    cy__mul_rec(r, a, b, m, rest, sq);               /* z0 */
    cy__mul_rec(r + 2 * m, a + m, b + m, h, rest, sq); /* z2 */
    toom22_combine(r, zm, m, 2 * h - m, ~sign);
}

/* Karatsuba for bn < an < 1.5 bn: a = a0 + a1 B^m, b = b0 + b1 B^m with m = ceil(an/2), h = an - m
 * limbs in a1 and hb = bn - m in b1 (1 <= hb <= h <= m, h + hb >= m for the caller's shapes): z0
 * and |a0 - a1| |b0 - b1| are m x m products, z2 = a1 b1 an h x hb one, and the sum is
 * toom22_combine's with hl = h + hb - m. Three products instead of bn x bn plus bn x (an - bn).
 * Scratch: the middle product (2m limbs), then the products' own. */
size_t cy__mpn_toom22u_itch(size_t an, size_t bn)
{
    size_t m = T22_M(an), h = an - m, hb = bn - m;
    return 2 * m + cy__max2(cy__mul_rec_itch(m, 0), cy_mpn_mul_itch(h, hb));
}

void cy__mpn_toom22u(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                     cy_limb *tp)
{
    size_t m = T22_M(an), h = an - m, hb = bn - m;
    cy_limb *zm = tp, *rest = tp + 2 * m;
    cy_limb sign = cy__mul_abs_sub(r, a, m, a + m, h) ^ cy__mul_abs_sub(r + m, b, m, b + m, hb);
    cy__mul_rec(zm, r, r + m, m, rest, 0);
    cy__mul_rec(r, a, b, m, rest, 0);                         /* z0 */
    cy_mpn_mul(r + 2 * m, a + m, h, b + m, hb, rest);          /* z2 */
    toom22_combine(r, zm, m, h + hb - m, ~sign);
}
