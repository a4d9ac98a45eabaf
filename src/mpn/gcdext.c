/* cy_mpn_gcdext: gcd with a cofactor, by the loop of cy_mpn_gcd (Lehmer, half-gcd from gcd_dc
 * limbs); variable time.
 * SPDX-License-Identifier: MIT
 *
 * Invariant: A = U0 a (mod b) and B = U1 a (mod b) for the original a, b, where the signed
 * cofactors are U0 = sgn |U0| and U1 = -sgn |U1| (they alternate in sign, as in the extended
 * Euclidean algorithm, Knuth TAOCP vol. 2, 4.5.2, algorithm X). Every step combines A and B with
 * non-negative coefficients and alternating signs, so the cofactor magnitudes combine by
 * additions only:
 *  - a Lehmer step alpha = +-(s_a A - t_a B) gives |U_alpha| = s_a |U0| + t_a |U1|;
 *  - a division A - q B gives |U0| + q |U1|, with U0's sign;
 *  - swapping A and B swaps the cofactors and flips sgn.
 *  - a half-gcd reduction (A; B) = M (A'; B'), det M = 1, from gcd_dc limbs (hgcd.c):
 *    |U0'| = m11 |U0| + m01 |U1|, |U1'| = m10 |U0| + m00 |U1|, sgn unchanged.
 * The magnitudes stay below max(a, b) / g (the Euclidean bound), within an + 1 limbs.
 */
#include "gcdimpl.h"

size_t cy_mpn_gcdext_itch(size_t an, size_t bn)
{
    /* A, B, T, U, quotient: an limbs each; four cofactor buffers of an + 2 limbs; the product
     * q * |U1| (2 an + 2 limbs) with its scratch; a division's scratch. */
    (void)bn;
    size_t base = 5 * an + 4 * (an + 2);
    size_t lehmer = 2 * an + 2 + cy_mpn_mul_itch(an + 2, an + 2) + cy_mpn_divrem_itch(an, an);
    /* or, in the same area (never both at once): the half-gcd reduction (its matrix at the
     * start, which stays live), then two products of a cofactor by a matrix entry, an + 2 limbs
     * each (the products end in cofactors below B^(an+1)), with their scratch */
    size_t dc = an >= cy__gcd_dc_thr()
                    ? cy__gcd_reduce_itch(an) + 2 * (an + 2) + cy_mpn_mul_itch(an + 2, an + 2)
                    : 0;
    return base + (lehmer > dc ? lehmer : dc);
}

/* {r, rn} = {x, xn} {y, yn} + {z, zn} {w, wn} (normalised lengths, any may be 0); returns rn,
 * normalised. The sum must fit in `room` limbs; p1, p2: room limbs each (each product is at most
 * the sum, so its normalised factors fit), tp: the products' scratch. */
static size_t mul_add(cy_limb *r, size_t room, const cy_limb *x, size_t xn, const cy_limb *y,
                      size_t yn, const cy_limb *z, size_t zn, const cy_limb *w, size_t wn,
                      cy_limb *p1, cy_limb *p2, cy_limb *tp)
{
    (void)room;
    CY_ASSERT((!xn || !yn || xn + yn <= room) && (!zn || !wn || zn + wn <= room));
    size_t n1 = cy__nlen(p1, cy__mul_any(p1, x, xn, y, yn, tp));
    size_t n2 = cy__nlen(p2, cy__mul_any(p2, z, zn, w, wn, tp));
    if (n1 < n2) {
        const cy_limb *t = p1; p1 = p2; p2 = (cy_limb *)t;
        size_t tn = n1; n1 = n2; n2 = tn;
    }
    if (!n1)
        return 0;
    cy_limb c = cy_mpn_add(r, p1, n1, p2, n2);
    if (c) {
        CY_ASSERT(n1 < room);
        r[n1++] = c;
    }
    return n1;
}

/* {r, un + 2} = x |U0| + y |U1| for limbs x, y; U0 and U1 are zero-padded to un limbs. Each
 * product is below B^(un+1), their sum below 2 B^(un+1): two limbs above un. */
static void combine(cy_limb *r, const cy_limb *u0, const cy_limb *u1, size_t un, cy_limb x, cy_limb y)
{
    cy_limb c1 = cy_mpn_mul_1(r, u0, un, x);
    cy_limb c2 = cy_mpn_addmul_1(r, u1, un, y);
    r[un] = c1 + c2;
    r[un + 1] = r[un] < c1;
}

size_t cy_mpn_gcdext(cy_limb *g, cy_limb *s, ptrdiff_t *sn, const cy_limb *a, size_t an,
                     const cy_limb *b, size_t bn, cy_limb *scratch)
{
    CY_ASSERT(an >= bn && bn >= 1 && a[an - 1] != 0 && b[bn - 1] != 0);
    const size_t n = an, un_max = an + 2;
    cy_limb *A = scratch, *B = A + n, *T = B + n, *U = T + n, *qs = U + n;
    cy_limb *U0 = qs + n, *U1 = U0 + un_max, *W0 = U1 + un_max, *W1 = W0 + un_max;
    cy_limb *prod = W1 + un_max, *ms = prod + 2 * n + 2;
    cy_limb *dscratch = ms + cy_mpn_mul_itch(n + 2, n + 2);
    cy_mpn_copy(A, a, an);
    cy_mpn_copy(B, b, bn);
    cy_mpn_zero(B + bn, n - bn);
    cy_mpn_zero(U0, un_max);
    cy_mpn_zero(U1, un_max);
    U0[0] = 1; /* A = 1 a, B = 0 a (mod b) */
    size_t na = an, nb = bn, un = 1;
    int sgn = 1;
    const size_t dc = cy__gcd_dc_thr();
    cy_limb *rsc = prod; /* the half-gcd's area: that of prod, ms and dscratch */
    for (;;) {
        if (na < nb || (na == nb && cy_mpn_cmp(A, B, na) < 0)) {
            cy_limb *t = A; A = B; B = t;
            size_t tn = na; na = nb; nb = tn;
            t = U0; U0 = U1; U1 = t;
            sgn = -sgn;
        }
        if (nb == 0)
            break;
        if (na >= dc && nb + nb / 8 >= na) {
            /* (A; B) = M (A'; B') with det M = 1: A' = m11 A - m01 B, B' = m00 B - m10 A, so
             * U0' = m11 U0 - m01 U1 = sgn (m11 |U0| + m01 |U1|) and
             * U1' = m00 U1 - m10 U0 = -sgn (m10 |U0| + m00 |U1|): additions of magnitudes, the
             * sign unchanged. */
            cy__hgcd_mat M;
            size_t nn = cy__gcd_reduce(A, B, na, &M, rsc);
            if (nn) {
                cy_limb *p1 = rsc + 8 * M.cap, *p2 = p1 + n + 2, *mt = p2 + n + 2;
                size_t l[4], u0n = cy__nlen(U0, un), u1n = cy__nlen(U1, un);
                for (int i = 0; i < 4; i++)
                    l[i] = cy__nlen(M.e[i], M.len);
                size_t w0 = mul_add(W0, un_max, M.e[3], l[3], U0, u0n, M.e[1], l[1], U1, u1n, p1, p2, mt);
                size_t w1 = mul_add(W1, un_max, M.e[2], l[2], U0, u0n, M.e[0], l[0], U1, u1n, p1, p2, mt);
                un = w0 > w1 ? w0 : w1;
                CY_ASSERT(un <= an);
                cy_mpn_zero(W0 + w0, un - w0);
                cy_mpn_zero(W1 + w1, un - w1);
                cy_limb *t = U0; U0 = W0; W0 = t;
                t = U1; U1 = W1; W1 = t;
                na = cy__nlen(A, nn), nb = cy__nlen(B, nn);
                continue;
            }
        }
        if (na == 1) {
            /* one Euclid step on single limbs: A = A mod B, U0 += q U1 */
            cy_limb q = A[0] / B[0];
            A[0] -= q * B[0];
            U0[un] = cy_mpn_addmul_1(U0, U1, un, q);
            U1[un] = 0;
            un++;
        } else {
            cy_limb w[4];
            cy__hgcd2_matrix m;
            cy__gcd_window(A, B, na, w);
            if (cy__hgcd2(w[0], w[1], w[2], w[3], &m)) {
                cy__hgcd2_apply(T, U, A, B, na, &m);
                cy_limb *t = A; A = T; T = t;
                t = B; B = U; U = t;
                nb = na;
                combine(W0, U0, U1, un, m.s_a, m.t_a);
                combine(W1, U0, U1, un, m.s_b, m.t_b);
                t = U0; U0 = W0; W0 = t;
                t = U1; U1 = W1; W1 = t;
                un += 2;
                if (m.neg) /* alpha = -(s_a A - t_a B): U_alpha has the opposite sign */
                    sgn = -sgn;
            } else {
                /* A = A - q B with q = floor(A / B): |U0| += q |U1| */
                size_t qn = na - nb + 1;
                cy_mpn_divrem(qs, A, A, na, B, nb, dscratch);
                cy_mpn_zero(A + nb, na - nb);
                while (qn > 0 && qs[qn - 1] == 0)
                    qn--;
                size_t u1n = un;
                while (u1n > 0 && U1[u1n - 1] == 0)
                    u1n--;
                if (qn && u1n) {
                    if (qn >= u1n)
                        cy_mpn_mul(prod, qs, qn, U1, u1n, ms);
                    else
                        cy_mpn_mul(prod, U1, u1n, qs, qn, ms);
                    size_t pn = qn + u1n;
                    if (pn >= un) {
                        prod[pn] = cy_mpn_add(prod, prod, pn, U0, un);
                    } else {
                        prod[un] = cy_mpn_add(prod, U0, un, prod, pn);
                        pn = un;
                    }
                    pn++;
                    /* |U0| + q |U1| is a cofactor magnitude: below B^(an+1) */
                    while (prod[pn - 1] == 0)
                        pn--;
                    CY_ASSERT(pn < un_max);
                    cy_mpn_copy(U0, prod, pn);
                    if (pn > un) {
                        cy_mpn_zero(U1 + un, pn - un);
                        un = pn;
                    } else {
                        cy_mpn_zero(U0 + pn, un - pn);
                    }
                }
            }
        }
        /* keep the cofactors zero-padded to a common, normalised length */
        while (un > 1 && U0[un - 1] == 0 && U1[un - 1] == 0)
            un--;
        CY_ASSERT(un <= an); /* magnitudes stay below max(a, b) < B^an */
        while (na > 0 && A[na - 1] == 0)
            na--;
        while (nb > 0 && B[nb - 1] == 0)
            nb--;
    }
    cy_mpn_copy(g, A, na);
    size_t k = un;
    while (k > 0 && U0[k - 1] == 0)
        k--;
    cy_mpn_copy(s, U0, k);
    *sn = sgn > 0 ? (ptrdiff_t)k : -(ptrdiff_t)k;
    return na;
}
