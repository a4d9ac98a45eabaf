/* cy__mpn_dc_div: divide-and-conquer division. SPDX-License-Identifier: MIT
 *
 * C. Burnikel and J. Ziegler, "Fast recursive division", MPI-I-98-1-022 (1998), in the form
 * that divides a 2n-limb window by an n-limb divisor D as two steps of "n + k limbs by n limbs"
 * (k = ceil(n/2), then floor(n/2)). Each such step divides the top 2k limbs by the top k limbs of
 * D recursively, which gives a quotient Q' at most 2 too large (the dropped n - k limbs of D
 * change the quotient by less than 2, since D's top k limbs are at least B^k / 2), then subtracts
 * Q' * (the low n - k limbs of D) with one cy_mpn_mul and adds D back while the partial
 * remainder is negative. With multiplication in M(n), the division costs about 2 M(n) log n
 * (or O(M(n)) once M is superlinear).
 */
#include "core/tune.h"
#include "divimpl.h"

static cy_limb div_2n(cy_limb *q, cy_limb *n, const cy_limb *d, size_t dn, cy_limb v, cy_limb *tp);

/* {n, dn + k} / {d, dn} for 1 <= k <= dn, normalised D: quotient ret * B^k + {q, k}, remainder in
 * {n, dn}. Every sub-divisor is a top part of D, so they all share the 3/2 reciprocal v. */
static cy_limb div_block(cy_limb *q, cy_limb *n, const cy_limb *d, size_t dn, size_t k, cy_limb v,
                         cy_limb *tp)
{
    if (k < cy__tune_now()->dc_div)
        return cy__mpn_sb_div(q, n, dn + k, d, dn, v);
    if (k == dn)
        return div_2n(q, n, d, dn, v, tp);
    size_t lo = dn - k; /* low limbs of D left out of the recursive step */
    cy_limb qh = div_2n(q, n + lo, d + lo, k, v, tp);
    /* The partial remainder is now {n, dn} - Q' * {d, lo} with Q' = qh B^k + {q, k}. */
    cy_limb *prod = tp, *mul_scratch = tp + dn;
    if (k >= lo)
        cy_mpn_mul(prod, q, k, d, lo, mul_scratch);
    else
        cy_mpn_mul(prod, d, lo, q, k, mul_scratch);
    cy_limb borrow = cy_mpn_sub_n(n, n, prod, dn);
    if (qh)
        borrow += cy_mpn_sub_n(n + k, n + k, d, lo);
    /* At most two add-backs (Q' - Q <= 2); each one's carry cancels one unit of borrow. */
    while (borrow) {
        qh -= cy_mpn_sub_1(q, q, k, 1);
        borrow -= cy_mpn_add_n(n, n, d, dn);
    }
    return qh;
}

/* {n, 2 dn} / {d, dn}: quotient ret * B^dn + {q, dn}, remainder in {n, dn}. */
static cy_limb div_2n(cy_limb *q, cy_limb *n, const cy_limb *d, size_t dn, cy_limb v, cy_limb *tp)
{
    if (dn < cy__tune_now()->dc_div)
        return cy__mpn_sb_div(q, n, 2 * dn, d, dn, v);
    size_t lo = dn / 2, hi = dn - lo;
    cy_limb qh = div_block(q + lo, n + lo, d, dn, hi, v, tp);
    /* The partial remainder {n, dn + lo} is now below D B^lo, so the low quotient fits in lo
     * limbs and this step's high bit is 0. */
    cy_limb ql = div_block(q, n, d, dn, lo, v, tp);
    CY_ASSERT(ql == 0);
    (void)ql;
    return qh;
}

size_t cy__mpn_dc_div_itch(size_t dn)
{
    /* One product of at most dn limbs at a time, plus its scratch. The products are k x (dn - k)
     * with k + (dn - k) <= dn, whose scratch cy_mpn_mul_itch(dn, dn) bounds (it grows with the
     * operand lengths). */
    return dn + cy_mpn_mul_itch(dn, dn);
}

cy_limb cy__mpn_dc_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb v,
                       cy_limb *tp)
{
    CY_ASSERT(dn >= 2 && nn >= dn && (d[dn - 1] >> (CY_LIMB_BITS - 1)));
    size_t qn = nn - dn;
    if (qn == 0)
        return cy__mpn_sb_div(q, n, nn, d, dn, v);
    /* Quotient blocks of dn limbs from the top; the first takes the remainder qn mod dn. After
     * it the window's top dn limbs are a remainder below D, so later blocks have no high bit. */
    size_t k = qn % dn ? qn % dn : dn;
    size_t i = qn - k;
    cy_limb qh = div_block(q + i, n + i, d, dn, k, v, tp);
    while (i > 0) {
        i -= dn;
        cy_limb h = div_block(q + i, n + i, d, dn, dn, v, tp);
        CY_ASSERT(h == 0);
        (void)h;
    }
    return qh;
}
