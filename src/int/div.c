/* cy_int division: truncating, floor and ceiling quotient and remainder, mod, exact division,
 * their word forms, divisibility and congruence.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

enum round { TRUNC, FLOOR, CEIL, MOD };

/* The quotient alone, when it has qn <= SHORT_Q limbs and d has more than qn + 1: from the top
 * limbs. With s = dn - qn - 1 low limbs dropped, N' = floor(|n| / B^s), D' = floor(|d| / B^s)
 * (qn + 1 limbs, D' >= B^qn > q), q' = floor(N' / D') and r' = N' - q' D':
 * |n| - q' |d| = r' B^s + (|n| mod B^s) - q' (|d| mod B^s) lies in ((r' - q') B^s, (r' + 1) B^s)
 * (open at the bottom: q' (|d| mod B^s) < q' B^s), so r' >= q' makes it positive and below
 * D' B^s <= |d|: q' is the truncated quotient and the remainder is not zero (which is all the
 * rounding needs). Otherwise (probability about q' / D' < 1/B) *done = 0 and the full division
 * runs. A division of 2qn by qn + 1 limbs instead of |n| by |d|, as in a spigot's digit
 * extraction. */
#define SHORT_Q 8
static int short_quotient(cy_int *q, const cy_int *n, const cy_int *d, enum round round, int *done)
{
    size_t nn = cy__int_n(n), dn = cy__int_n(d), qn = nn - dn + 1, s = dn - qn - 1;
    cy_limb qp[SHORT_Q + 1], rp[SHORT_Q + 1], scratch[4 * SHORT_Q + 4];
    *done = 0;
    if (cy_mpn_divrem_itch(nn - s, dn - s) > sizeof scratch / sizeof *scratch)
        return CY_OK; /* 3qn + 2 limbs unless the crossovers were set tiny */
    cy_mpn_divrem(qp, rp, n->d + s, nn - s, d->d + s, dn - s, scratch);
    qp[qn] = 0;
    *done = cy__int_cmp_mag(rp, cy__int_norm(rp, qn + 1), qp, cy__int_norm(qp, qn)) >= 0;
    if (!*done)
        return CY_OK;
    int qneg = cy__int_isneg(n) ^ cy__int_isneg(d);
    if ((round == FLOOR && qneg) || (round == CEIL && !qneg)) /* one further from zero */
        qp[qn] = cy_mpn_add_1(qp, qp, qn, 1);
    int err = cy__int_grow(q, qn + 1);
    if (err)
        return err;
    cy_mpn_copy(q->d, qp, qn + 1);
    cy__int_setsize(q, qn + 1, qneg);
    return CY_OK;
}

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
    if (q && !r && qn >= 1 && qn <= SHORT_Q && dn > qn + 1) {
        int done, err = short_quotient(q, n, d, round, &done);
        if (err || done)
            return err;
    }
    int err = q ? cy__int_grow(q, qn + 1) : CY_OK; /* + 1: the floor quotient may be one larger */
    if (!err && r)
        err = cy__int_grow(r, dn);
    cy_limb *tmp = NULL, local[CY__INT_LOCAL];
    size_t itch = qn && dn > 2 ? cy_mpn_divrem_itch(nn, dn) : 0; /* none for dn <= 2 */
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
     * is mod's when n < 0. The ceiling quotient of operands of the same sign is one further from
     * zero, and the remainder r - d = -(d's sign) (|d| - |r|). */
    if (cy__int_norm(rp, dn) &&
        ((round == FLOOR && qneg) || (round == CEIL && !qneg) || (round == MOD && rneg))) {
        qp[qn] = cy_mpn_add_1(qp, qp, qn, 1);
        cy_mpn_sub_n(rp, d->d, rp, dn);
        rneg = round == FLOOR ? cy__int_isneg(d) : round == CEIL ? !cy__int_isneg(d) : 0;
    }
    if (q) {
        cy__int_copy(q->d, qp, qn + 1);
        cy__int_setsize(q, qn + 1, qneg);
    }
    if (r) {
        cy__int_copy(r->d, rp, dn);
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

int cy_int_cdiv_qr(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d)
{
    return divmod(q, r, n, d, CEIL);
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

/* The word forms: d as a view on the stack (an input only). */

int cy_int_tdiv_qr_u64(cy_int *q, cy_int *r, const cy_int *n, uint64_t d)
{
    cy_limb l[CY__U64_LIMBS];
    cy_int v = cy__int_view_u64(l, d, 0);
    return divmod(q, r, n, &v, TRUNC);
}

int cy_int_fdiv_qr_u64(cy_int *q, cy_int *r, const cy_int *n, uint64_t d)
{
    cy_limb l[CY__U64_LIMBS];
    cy_int v = cy__int_view_u64(l, d, 0);
    return divmod(q, r, n, &v, FLOOR);
}

int cy_int_cdiv_qr_u64(cy_int *q, cy_int *r, const cy_int *n, uint64_t d)
{
    cy_limb l[CY__U64_LIMBS];
    cy_int v = cy__int_view_u64(l, d, 0);
    return divmod(q, r, n, &v, CEIL);
}

int cy_int_divexact_u64(cy_int *q, const cy_int *n, uint64_t d)
{
    cy_limb l[CY__U64_LIMBS];
    cy_int v = cy__int_view_u64(l, d, 0);
    return cy_int_divexact(q, n, &v);
}

/* |n| mod d for d != 0, without allocation: cy_mpn_mod_1 when d fits a limb, else (32-bit limbs)
 * Horner's rule a bit at a time on a remainder below d < 2^64. */
static uint64_t mod_word(const cy_int *n, uint64_t d)
{
    size_t nn = cy__int_n(n);
    if (CY_LIMB_BITS >= 64 || (d >> (CY_LIMB_BITS % 64)) == 0)
        return nn ? cy_mpn_mod_1(n->d, nn, (cy_limb)d) : 0;
    uint64_t r = 0;
    for (size_t i = nn; i-- > 0;)
        for (unsigned b = CY_LIMB_BITS; b-- > 0;) {
            int over = r >> 63; /* 2r + bit overflows 64 bits: then it is >= d */
            r = (r << 1) | ((n->d[i] >> b) & 1);
            if (over || r >= d)
                r -= d;
        }
    return r;
}

int cy_int_mod_u64(uint64_t *r, const cy_int *n, uint64_t d)
{
    if (d == 0)
        return CY_EDIVZERO;
    uint64_t m = mod_word(n, d);
    *r = m && cy__int_isneg(n) ? d - m : m;
    return CY_OK;
}

int cy_int_divisible_p(const cy_int *n, const cy_int *d)
{
    if (d->size == 0)
        return n->size == 0;
    cy_int r;
    cy_int_init(&r);
    int err = divmod(NULL, &r, n, d, TRUNC);
    int res = err ? err : r.size == 0;
    cy_int_clear(&r);
    return res;
}

int cy_int_divisible_u64_p(const cy_int *n, uint64_t d)
{
    return d == 0 ? n->size == 0 : mod_word(n, d) == 0;
}

int cy_int_congruent_p(const cy_int *a, const cy_int *c, const cy_int *d)
{
    cy_int t;
    cy_int_init(&t);
    int err = cy_int_sub(&t, a, c);
    int res = err ? err : cy_int_divisible_p(&t, d);
    cy_int_clear(&t);
    return res;
}

int cy_int_congruent_u64_p(const cy_int *a, uint64_t c, uint64_t d)
{
    if (d == 0)
        return cy_int_cmp_u64(a, c) == 0;
    uint64_t m;
    cy_int_mod_u64(&m, a, d);
    return m == c % d;
}

int cy_int_remove(cy_int *r, uint64_t *count, const cy_int *a, const cy_int *f)
{
    /* r = a / f^k with k the multiplicity of f in a (0 for a = 0 or |f| = 1). The powers
     * f^(2^i) are divided out while they divide (k gains 1, 2, 4, ...), up to f^(2^L) that does
     * not; what is left has a multiplicity m < 2^L, taken bit by bit from the largest power down. */
    if (f->size == 0)
        return CY_EDIVZERO;
    cy_int x, q, rem, *pw = NULL;
    cy_int_init(&x);
    cy_int_init(&q);
    cy_int_init(&rem);
    uint64_t k = 0;
    size_t L = 0, cap = 0;
    int err = cy_int_set(&x, a);
    int trivial = x.size == 0 || cy_int_cmpabs_u64(f, 1) == 0;
    while (!err && !trivial) {
        if (L == cap) { /* the list of powers: f^(2^i) divides x, so L < bits(a) */
            cap = cap ? 2 * cap : 8;
            cy_int *p = pw ? cy__int_brealloc(pw, cap * sizeof *pw) : cy__int_balloc(cap * sizeof *pw);
            if (!p) {
                err = CY_ENOMEM;
                break;
            }
            pw = p;
        }
        cy_int_init(&pw[L]);
        err = L ? cy_int_mul(&pw[L], &pw[L - 1], &pw[L - 1]) : cy_int_set(&pw[L], f);
        L++;
        if (!err && cy_int_cmpabs(&pw[L - 1], &x) > 0)
            break;
        if (!err)
            err = divmod(&q, &rem, &x, &pw[L - 1], TRUNC);
        if (err || rem.size != 0)
            break;
        cy_int_swap(&x, &q);
        k += (uint64_t)1 << (L - 1);
    }
    for (size_t i = L - 1; !err && L > 1 && i-- > 0;) { /* pw[L - 1] does not divide x */
        if (cy_int_cmpabs(&pw[i], &x) > 0)
            continue;
        err = divmod(&q, &rem, &x, &pw[i], TRUNC);
        if (!err && rem.size == 0) {
            cy_int_swap(&x, &q);
            k += (uint64_t)1 << i;
        }
    }
    if (!err) {
        cy_int_swap(r, &x);
        if (count)
            *count = k;
    }
    for (size_t i = 0; i < L; i++)
        cy_int_clear(&pw[i]);
    cy_free(pw);
    cy_int_clear(&x);
    cy_int_clear(&q);
    cy_int_clear(&rem);
    return err;
}
