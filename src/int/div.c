/* cy_int division: truncating and floor quotient and remainder, mod, exact division.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

enum round { TRUNC, FLOOR, MOD };

/* n = q d + r with q rounded as `round` says (MOD: the remainder in [0, |d|), q unused).
 * Every output is grown first, the quotient and remainder are computed in a temporary area, and
 * copied out last, so that any output may be any input and a failure leaves them unchanged. */
static int divmod(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d, enum round round)
{
    if (d->size == 0)
        return CY_EDIVZERO;
    if (q && q == r)
        return CY_EINVAL;
    size_t nn = cy__int_n(n), dn = cy__int_n(d);
    size_t qn = nn >= dn ? nn - dn + 1 : 0;
    int err = q ? cy__int_grow(q, qn + 1) : CY_OK; /* + 1: the floor quotient may be one larger */
    if (!err && r)
        err = cy__int_grow(r, dn);
    cy_limb *tmp = NULL, local[CY__INT_LOCAL];
    size_t itch = qn ? cy_mpn_divrem_itch(nn, dn) : 0;
    if (!err)
        err = cy__int_salloc(&tmp, cy__int_addsz(qn + 1 + dn, itch), local);
    if (err)
        return err;
    cy_limb *qp = tmp, *rp = tmp + qn + 1;
    if (qn)
        cy_mpn_divrem(qp, rp, n->d, nn, d->d, dn, rp + dn);
    else { /* |n| < |d|: quotient 0, remainder n */
        cy_mpn_copy(rp, n->d, nn);
        cy_mpn_zero(rp + nn, dn - nn);
    }
    qp[qn] = 0;
    int qneg = cy__int_isneg(n) ^ cy__int_isneg(d), rneg = cy__int_isneg(n);
    /* The floor quotient of operands of different signs is one further from zero than the
     * truncated one, and the remainder becomes r + d = (d's sign) (|d| - |r|). The same remainder
     * is mod's when n < 0. */
    if (!cy_mpn_zero_p(rp, dn) && ((round == FLOOR && qneg) || (round == MOD && rneg))) {
        qp[qn] = cy_mpn_add_1(qp, qp, qn, 1);
        cy_mpn_sub_n(rp, d->d, rp, dn);
        rneg = round == FLOOR ? cy__int_isneg(d) : 0;
    }
    if (q) {
        cy_mpn_copy(q->d, qp, qn + 1);
        cy__int_setsize(q, qn + 1, qneg);
    }
    if (r) {
        cy_mpn_copy(r->d, rp, dn);
        cy__int_setsize(r, dn, rneg);
    }
    cy__int_sfree(tmp, local);
    return CY_OK;
}

int cy_int_tdiv_qr(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d)
{
    return divmod(q, r, n, d, TRUNC);
}

int cy_int_fdiv_qr(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d)
{
    return divmod(q, r, n, d, FLOOR);
}

int cy_int_mod(cy_int *r, const cy_int *n, const cy_int *d)
{
    return divmod(NULL, r, n, d, MOD);
}

int cy_int_divexact(cy_int *q, const cy_int *n, const cy_int *d)
{
    if (d->size == 0)
        return CY_EDIVZERO;
    size_t nn = cy__int_n(n), dn = cy__int_n(d);
    if (nn < dn) { /* 0, or d does not divide n (the result is then unspecified: 0) */
        q->size = 0;
        return CY_OK;
    }
    size_t qn = nn - dn + 1;
    cy_limb *buf, *scratch, local[CY__INT_LOCAL];
    int err = cy__int_ralloc(&buf, qn);
    if (!err && (err = cy__int_salloc(&scratch, cy_mpn_divexact_itch(nn, dn), local)) != CY_OK)
        cy__int_tfree(buf);
    if (err)
        return err;
    cy_mpn_divexact(buf, n->d, nn, d->d, dn, scratch); /* buf overlaps nothing */
    cy__int_sfree(scratch, local);
    cy__int_install(q, buf, qn, qn, cy__int_isneg(n) ^ cy__int_isneg(d));
    return CY_OK;
}
