/* cy_int multiplication and powers. SPDX-License-Identifier: MIT */
#include "core/verify.h"
#include "carry/limb.h"
#include "impl.h"

int cy_int_mul(cy_int *r, const cy_int *a, const cy_int *b)
{
    if (cy__int_n(a) < cy__int_n(b)) { /* cy_mpn_mul wants an >= bn */
        const cy_int *t = a;
        a = b;
        b = t;
    }
    size_t an = cy__int_n(a), bn = cy__int_n(b);
    if (bn == 0) {
        r->size = 0;
        return CY_OK;
    }
    int neg = cy__int_isneg(a) ^ cy__int_isneg(b), sqr = a == b;
    size_t rn = an + bn; /* cannot overflow: both are sizes of allocated arrays */
    if (an <= 2) {
        /* two limbs at most (a rho or Miller-Rabin loop on numbers below B^2): schoolbook in
         * registers, then one grow, no scratch and no dispatch. Each partial product plus the
         * two limbs added to it stays below B^2 (cy__umac). r may be a or b: both are read. */
        const cy_limb a0 = a->d[0], a1 = an == 2 ? a->d[1] : 0, b0 = b->d[0], b1 = bn == 2 ? b->d[1] : 0;
        cy_limb p0, p1, p2, p3, h;
        p0 = cy__umul(a0, b0, &p1);
        p1 = cy__umac(a1, b0, p1, 0, &p2); /* 0 when an = 1 */
        p1 = cy__umac(a0, b1, p1, 0, &h);  /* the b1 terms are 0 when bn = 1 */
        p2 = cy__umac(a1, b1, p2, h, &p3);
        int err = cy__int_grow(r, rn);
        if (err)
            return err;
        /* rn >= 2, and the limbs from rn up are 0; a stored limb cannot be r->d itself */
        cy_limb *rd = r->d;
        rd[0] = p0;
        rd[1] = p1;
        if (rn > 2)
            rd[2] = p2;
        if (rn > 3)
            rd[3] = p3;
        cy__int_put(r, p3 ? 4 : p2 ? 3 : p1 ? 2 : 1, neg); /* the product of non-zero numbers */
        return CY_OK;
    }
    /* The product must not overlap its operands: a fresh buffer when r is one of them, on the
     * stack when it is short (copied into r once the operands are read: no allocation when r
     * has room, as in y = y^2 mod n loops). */
    int fresh = r == a || r == b, onstack = fresh && rn <= CY__INT_LOCAL;
    cy_limb *buf = NULL, *scratch = NULL, local[CY__INT_LOCAL], prod[CY__INT_LOCAL];
    int err = onstack ? CY_OK : fresh ? cy__int_ralloc(&buf, rn) : cy__int_grow(r, rn);
    /* Equal lengths go straight to cy_mpn_sqr or cy_mpn_mul_n (their fixed-size kernels, and
     * one itch function instead of cy_mpn_mul_itch's two). */
    if (!err && bn > 1) {
        size_t itch = sqr ? cy_mpn_sqr_itch(an) : an == bn ? cy_mpn_mul_n_itch(an) : cy_mpn_mul_itch(an, bn);
        err = cy__int_salloc(&scratch, itch, local);
    }
    if (err) {
        cy__int_tfree(buf);
        return err;
    }
    cy_limb *rp = onstack ? prod : fresh ? buf : r->d;
    if (bn == 1) /* no scratch, no dispatch on the lengths */
        rp[an] = cy_mpn_mul_1(rp, a->d, an, b->d[0]);
    else if (sqr)
        cy_mpn_sqr(rp, a->d, an, scratch);
    else if (an == bn)
        cy_mpn_mul_n(rp, a->d, b->d, an, scratch);
    else
        cy_mpn_mul(rp, a->d, an, b->d, bn, scratch);
    cy__int_sfree(scratch, local); /* NULL when bn = 1: nothing to free */
    if (onstack) {
        if ((err = cy__int_grow(r, rn)) != CY_OK)
            return err;
        cy_mpn_copy(r->d, prod, rn);
        cy__int_setsize(r, rn, neg);
    } else if (fresh)
        cy__int_install(r, buf, rn, rn, neg);
    else
        cy__int_setsize(r, rn, neg);
    return CY_OK;
}

/* Limbs of b^e for |b| of bits bits, an upper bound (plus one limb of slack), or SIZE_MAX when
 * that does not fit size_t. */
static size_t pow_limbs(uint64_t bits, uint64_t e)
{
    uint64_t max_bits = (uint64_t)(SIZE_MAX / sizeof(cy_limb)) < UINT64_MAX / CY_LIMB_BITS
                            ? (uint64_t)(SIZE_MAX / sizeof(cy_limb)) * CY_LIMB_BITS
                            : UINT64_MAX;
    if (bits > (max_bits - CY_LIMB_BITS) / e)
        return SIZE_MAX;
    return (size_t)((bits * e + CY_LIMB_BITS - 1) / CY_LIMB_BITS + 1);
}

int cy_int_pow_u64(cy_int *r, const cy_int *b, uint64_t e)
{
    int neg = cy__int_isneg(b) && (e & 1);
    size_t bn = cy__int_n(b);
    if (e == 0 || (bn == 1 && b->d[0] == 1)) { /* b^0 = 1 and (+-1)^e */
        int err = cy__int_grow(r, 1);
        if (err)
            return err;
        r->d[0] = 1;
        cy__int_put(r, 1, neg);
        return CY_OK;
    }
    if (bn == 0 || e == 1)
        return cy_int_set(r, b);
    if (cy_mpn_zero_p(b->d, bn - 1) && !(b->d[bn - 1] & (b->d[bn - 1] - 1))) {
        /* |b| = 2^j (j >= 1): the power is (+-1) 2^(j e), a shift instead of the squarings */
        uint64_t j = cy_mpn_sizeinbase(b->d, bn, 2) - 1;
        if (e > UINT64_MAX / j)
            return CY_ENOMEM; /* 2^64 bits or more */
        cy_limb one = 1;
        cy_int unit = {0, neg ? -1 : 1, &one}; /* a view of +-1 */
        return cy_int_mul_2exp(r, &unit, j * e);
    }
    size_t ln = pow_limbs(cy_mpn_sizeinbase(b->d, bn, 2), e);
    /* Two result areas that alternate (x and x^2 or x*b), and scratch for the largest product:
     * a square of at most ln/2 + 1 limbs or a product of at most ln limbs in all, both within
     * cy_mpn_mul_itch(ln, ln) (the itch functions do not decrease with the lengths, mpn.h). */
    cy_limb *x, *y, *scratch;
    int err = cy__int_ralloc(&x, ln);
    if (!err && (err = cy__int_talloc(&y, ln)) != CY_OK)
        cy__int_tfree(x);
    if (!err && (err = cy__int_talloc(&scratch, cy_mpn_mul_itch(ln, ln))) != CY_OK) {
        cy__int_tfree(x);
        cy__int_tfree(y);
    }
    if (err)
        return err;
    cy_mpn_copy(x, b->d, bn);
    size_t xn = bn;
    int top = 63;
    while (!((e >> top) & 1))
        top--;
    for (int i = top - 1; i >= 0; i--) {
        CY_VERIFY(2 * xn <= ln); /* x = b^j, 2 j <= e: x^2 fits the ln limbs */
        cy_mpn_sqr(y, x, xn, scratch);
        xn = cy__int_norm(y, 2 * xn);
        cy_limb *t = x;
        x = y;
        y = t;
        if ((e >> i) & 1) {
            CY_VERIFY(xn + bn <= ln); /* x = b^j, j < e: x b fits */
            cy_mpn_mul(y, x, xn, b->d, bn, scratch); /* x = b^j, j >= 1: xn >= bn */
            xn = cy__int_norm(y, xn + bn);
            t = x;
            x = y;
            y = t;
        }
    }
    cy__int_tfree(y);
    cy__int_tfree(scratch);
    cy__int_install(r, x, ln, xn, neg);
    return CY_OK;
}

int cy_int_mul_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return cy_int_mul(r, a, &b);
}

int cy_int_mul_i64(cy_int *r, const cy_int *a, int64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
    return cy_int_mul(r, a, &b);
}

/* r = r + a w (sub = 0) or r - a w (sub = 1) for a one-limb b = w, r not a or b, in place: one
 * pass of addmul_1 or submul_1 over r's limbs (extended with zeros to m = max(rn, an) + 1, so
 * that the value is X - K B^m with X the m limbs and K = 0 or 1), no temporary. When the term's
 * sign differs from r's and K = 1, the result is -(B^m - X): the limbs are negated and the sign
 * flips. r is grown first, so a failure leaves it unchanged. */
static int addmul_1(cy_int *r, const cy_int *a, cy_limb w, int tneg)
{
    size_t rn = cy__int_n(r), an = cy__int_n(a), m = (rn > an ? rn : an) + 1;
    int err = cy__int_grow(r, m);
    if (err)
        return err;
    int rneg = rn ? cy__int_isneg(r) : tneg;
    cy_limb *x = r->d;
    cy_mpn_zero(x + rn, m - rn);
    if (rneg == tneg) {
        cy_limb c = cy_mpn_addmul_1(x, a->d, an, w);
        cy_mpn_add_1(x + an, x + an, m - an, c); /* no carry out: the sum is below B^m */
    } else {
        cy_limb c = cy_mpn_submul_1(x, a->d, an, w);
        if (cy_mpn_sub_1(x + an, x + an, m - an, c)) {
            cy_mpn_neg(x, x, m);
            rneg = tneg;
        }
    }
    cy__int_setsize(r, m, rneg);
    return CY_OK;
}

/* r = r + a b (sub = 0) or r - a b (sub = 1): the product into a temporary first, so that r may
 * be a or b and stays unchanged if anything fails; a one-limb b with r distinct from a and b
 * runs in place (addmul_1 above). */
static int addmul(cy_int *r, const cy_int *a, const cy_int *b, int sub)
{
    if (cy__int_n(b) == 1 && r != a && r != b && a->size != 0)
        return addmul_1(r, a, b->d[0], cy__int_isneg(a) ^ cy__int_isneg(b) ^ sub);
    cy_int t;
    cy_int_init(&t);
    int err = cy_int_mul(&t, a, b);
    if (!err)
        err = sub ? cy_int_sub(r, r, &t) : cy_int_add(r, r, &t);
    cy_int_clear(&t);
    return err;
}

int cy_int_addmul(cy_int *r, const cy_int *a, const cy_int *b)
{
    return addmul(r, a, b, 0);
}

int cy_int_submul(cy_int *r, const cy_int *a, const cy_int *b)
{
    return addmul(r, a, b, 1);
}

int cy_int_addmul_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return addmul(r, a, &b, 0);
}

int cy_int_submul_u64(cy_int *r, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return addmul(r, a, &b, 1);
}
