/* Kaliski's almost Montgomery inverse and what is built on it: cy_mod_ami_vartime (Algorithm 1),
 * cy_mod_sfami_vartime (Algorithm 2, subtraction-free), cy_mont_inv_vartime (Montgomery inverse,
 * with the correction phase) and cy_mod_inv_kaliski_vartime (plain inverse).
 * SPDX-License-Identifier: MIT
 *
 * B. S. Kaliski Jr., "The Montgomery inverse and its applications", IEEE Trans. Computers 44(8),
 * 1995; R. Lorencz, J. Hlavac, "Subtraction-free almost Montgomery inverse algorithm", IPL 94(1),
 * 2005; both as stated in J. Bucek, R. Lorencz, "Comparing subtraction-free and traditional AMI".
 *
 * Both keep m = u s + v r with u, v >= 1 until the last step, so r, s <= m fit in n limbs, and
 * a s = v 2^k, a r = -u 2^k (mod m). The loop ends when u = v (= gcd(a, m)); then a s = 2^k if
 * the gcd is 1. Each iteration halves u or v, and u v < m^2 shrinks by at least half per step
 * until it reaches 1, so k < 2 bits(m). */
#include "impl.h"

/* {a, n} == 1 */
static int is_one(const cy_limb *a, size_t n)
{
    return a[0] == 1 && cy_mpn_zero_p(a + 1, n - 1);
}

/* Common checks: 0 if 0 < a < m, else the error (and r = 0). */
static int check(cy_limb *r, const cy_limb *a, const cy_mont *ctx)
{
    size_t n = ctx->n;
    int err = cy_mpn_cmp(a, ctx->m, n) >= 0 ? CY_EUNREDUCED
              : cy_mpn_zero_p(a, n)        ? CY_ENOTINV
                                           : CY_OK;
    if (err)
        cy_mpn_zero(r, n);
    return err;
}

int cy__mod_ami(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                cy_limb *scratch, cy__ami_count *count)
{
    size_t n = ctx->n;
    int err = check(r, a, ctx);
    if (err)
        return err;
    cy_limb *u = scratch, *v = u + n, *rr = v + n, *s = rr + n;
    cy_mpn_copy(u, ctx->m, n);
    cy_mpn_copy(v, a, n);
    cy_mpn_zero(rr, n);
    cy_mpn_zero(s, n), s[0] = 1;
    unsigned long kk = 0, adds = 0, cmps = 0;
    for (;; kk++) {
        if (!(u[0] & 1)) {
            cy_mpn_rshift(u, u, n, 1);
            cy_mpn_lshift(s, s, n, 1);
        } else if (!(v[0] & 1)) {
            cy_mpn_rshift(v, v, n, 1);
            cy_mpn_lshift(rr, rr, n, 1);
        } else {
            /* x = u - v decides the branch; when it borrows, v - u is the second subtraction
             * that the subtraction-free form avoids. */
            int cmp = cy_mpn_cmp(u, v, n);
            adds++;
            if (cmp == 0)
                break;
            if (cmp > 0) {
                cy_mpn_sub_n(u, u, v, n);
                cy_mpn_rshift(u, u, n, 1);
                cy_mpn_add_n(rr, rr, s, n);
                cy_mpn_lshift(s, s, n, 1);
            } else {
                cmps++;
                cy_mpn_sub_n(v, v, u, n);
                cy_mpn_rshift(v, v, n, 1);
                cy_mpn_add_n(s, s, rr, n);
                cy_mpn_lshift(rr, rr, n, 1);
            }
        }
    }
    if (count)
        count->iterations = kk, count->additions = adds, count->compares = cmps;
    if (!is_one(u, n)) {
        cy_mpn_zero(r, n);
        return CY_ENOTINV;
    }
    cy_mpn_copy(r, s, n);
    *k = kk;
    return CY_OK;
}

int cy__mod_sfami(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                  cy_limb *scratch, cy__ami_count *count)
{
    /* u is kept as -u in n limbs of two's complement (B^n - u): it is never positive, so its sign
     * needs no bit of its own. x = (-u) + v carries out exactly when v >= u, i.e. when x >= 0:
     * the carry picks the branch and replaces the comparison. -u / 2 is an arithmetic shift (the
     * top bit set again); x / 2 for x >= 0 is a plain shift (the carry is the dropped top bit). */
    size_t n = ctx->n;
    int err = check(r, a, ctx);
    if (err)
        return err;
    cy_limb *u = scratch, *v = u + n, *rr = v + n, *s = rr + n;
    const cy_limb top = (cy_limb)1 << (CY_LIMB_BITS - 1);
    cy_mpn_neg(u, ctx->m, n);
    cy_mpn_copy(v, a, n);
    cy_mpn_zero(rr, n);
    cy_mpn_zero(s, n), s[0] = 1;
    unsigned long kk = 0, adds = 0;
    cy_limb *x = r; /* the sum is formed in r, which is free until the end */
    for (;; kk++) {
        if (!(u[0] & 1)) {
            cy_mpn_rshift(u, u, n, 1);
            u[n - 1] |= top;
            cy_mpn_lshift(s, s, n, 1);
        } else if (!(v[0] & 1)) {
            cy_mpn_rshift(v, v, n, 1);
            cy_mpn_lshift(rr, rr, n, 1);
        } else {
            cy_limb carry = cy_mpn_add_n(x, u, v, n);
            adds++;
            /* Algorithm 2 as printed also runs the update for x = 0 (then s becomes r + s = m);
             * the answer is the s before it, as in Algorithm 1. */
            if (cy_mpn_zero_p(x, n))
                break;
            if (!carry) {
                cy_mpn_rshift(u, x, n, 1);
                u[n - 1] |= top;
                cy_mpn_add_n(rr, rr, s, n);
                cy_mpn_lshift(s, s, n, 1);
            } else {
                cy_mpn_rshift(v, x, n, 1);
                cy_mpn_add_n(s, s, rr, n);
                cy_mpn_lshift(rr, rr, n, 1);
            }
        }
    }
    if (count)
        count->iterations = kk, count->additions = adds, count->compares = 0;
    if (!is_one(v, n)) { /* at the end v = u = gcd(a, m) */
        cy_mpn_zero(r, n);
        return CY_ENOTINV;
    }
    cy_mpn_copy(r, s, n);
    *k = kk;
    return CY_OK;
}

int cy_mod_ami_vartime(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                       cy_limb *scratch)
{
    return cy__mod_ami(r, k, a, ctx, scratch, NULL);
}

int cy_mod_sfami_vartime(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                         cy_limb *scratch)
{
    return cy__mod_sfami(r, k, a, ctx, scratch, NULL);
}

int cy_mont_inv_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    /* AMI gives a^-1 2^k with k < 2 bits(m) <= 2 n W; the correction phase doubles it mod m
     * 2 n W - k times to reach a^-1 2^(2 n W) = a^-1 R^2. */
    unsigned long k;
    int err = cy_mod_ami_vartime(r, &k, a, ctx, scratch);
    if (err)
        return err;
    for (unsigned long i = k; i < 2 * (unsigned long)ctx->n * CY_LIMB_BITS; i++)
        cy__mod_fix(r, cy_mpn_lshift(r, r, ctx->n, 1), ctx->m, ctx->n);
    return CY_OK;
}

int cy_mod_inv_kaliski_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx,
                               cy_limb *scratch)
{
    /* a^-1 R^2 reduced twice by R. */
    int err = cy_mont_inv_vartime(r, a, ctx, scratch);
    if (err)
        return err;
    cy_mont_from(r, r, ctx, scratch);
    cy_mont_from(r, r, ctx, scratch);
    return CY_OK;
}
