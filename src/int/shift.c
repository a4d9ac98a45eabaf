/* cy_int and powers of two: r = a * 2^k; the quotient by 2^k rounded towards zero, minus or plus
 * infinity, and the remainders that go with them; divisibility by 2^k.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

int cy_int_mul_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    size_t an = cy__int_n(a);
    if (an == 0)
        return cy_int_set(r, a);
    uint64_t limbs64 = k / CY_LIMB_BITS;
    unsigned sh = (unsigned)(k % CY_LIMB_BITS);
    if (limbs64 > SIZE_MAX)
        return CY_ENOMEM;
    size_t limbs = (size_t)limbs64;
    size_t rn = cy__int_addsz(cy__int_addsz(an, limbs), 1);
    int err = cy__int_grow(r, rn);
    if (err)
        return err;
    int neg = cy__int_isneg(a);
    /* Move the limbs up first (from the top down, as r may be a), then clear the bottom. */
    if (sh)
        r->d[an + limbs] = cy_mpn_lshift(r->d + limbs, a->d, an, sh);
    else {
        memmove(r->d + limbs, a->d, an * sizeof(cy_limb));
        r->d[an + limbs] = 0;
    }
    cy_mpn_zero(r->d, limbs);
    cy__int_setsize(r, rn, neg);
    return CY_OK;
}

enum round { TRUNC, FLOOR, CEIL };

/* r = (a's sign) * floor(|a| / 2^k), one further from zero when bits were lost and the rounding
 * goes away from zero: FLOOR for a < 0, CEIL for a > 0. */
static int rshift(cy_int *r, const cy_int *a, uint64_t k, enum round round)
{
    size_t an = cy__int_n(a);
    uint64_t limbs64 = k / CY_LIMB_BITS;
    unsigned sh = (unsigned)(k % CY_LIMB_BITS);
    int neg = cy__int_isneg(a);
    int away = an && (round == FLOOR ? neg : round == CEIL ? !neg : 0);
    int up = 0; /* whether the magnitude gets +1 */
    if (limbs64 >= an) { /* every bit shifted out: 0, or +-1 when rounding away from zero */
        if (!away) {
            r->size = 0;
            return CY_OK;
        }
        int err = cy__int_grow(r, 1);
        if (err)
            return err;
        r->d[0] = 1;
        r->size = neg ? -1 : 1;
        return CY_OK;
    }
    size_t limbs = (size_t)limbs64, qn = an - limbs;
    if (away)
        up = !cy_mpn_zero_p(a->d, limbs) || (sh && (a->d[limbs] << (CY_LIMB_BITS - sh)) != 0);
    /* One limb more for the +1: all-ones quotient limbs can carry out. */
    int err = cy__int_grow(r, qn + 1);
    if (err)
        return err;
    if (sh)
        cy_mpn_rshift(r->d, a->d + limbs, qn, sh); /* r at or below a's limbs: allowed */
    else
        memmove(r->d, a->d + limbs, qn * sizeof(cy_limb));
    r->d[qn] = up ? cy_mpn_add_1(r->d, r->d, qn, 1) : 0;
    cy__int_setsize(r, qn + 1, neg);
    return CY_OK;
}

int cy_int_fdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rshift(r, a, k, FLOOR);
}

int cy_int_tdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rshift(r, a, k, TRUNC);
}

int cy_int_cdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rshift(r, a, k, CEIL);
}

/* The normalised limb count of |a| mod 2^k. */
static size_t low_limbs(const cy_int *a, uint64_t k)
{
    size_t an = cy__int_n(a);
    uint64_t kl = k / CY_LIMB_BITS;
    if (kl >= an)
        return an;
    size_t n = (size_t)kl;
    unsigned sh = (unsigned)(k % CY_LIMB_BITS);
    if (sh && (a->d[n] & (((cy_limb)1 << sh) - 1)))
        return n + 1;
    return cy__int_norm(a->d, n);
}

/* The remainder of the division by 2^k rounded as `round`: n = q 2^k + r. With L = |a| mod 2^k,
 * r = (a's sign) L, or when L != 0 and the quotient was rounded away from zero,
 * r = -(a's sign) (2^k - L): floor gives [0, 2^k), ceil (-2^k, 0]. */
static int rem_2exp(cy_int *r, const cy_int *a, uint64_t k, enum round round)
{
    int neg = cy__int_isneg(a);
    size_t ln = low_limbs(a, k);
    int away = ln && (round == FLOOR ? neg : round == CEIL ? !neg : 0);
    if (!away) { /* the low bits of |a|, a's sign: r's limbs at or below a's */
        int err = cy__int_grow(r, ln);
        if (err)
            return err;
        if (r != a)
            cy_mpn_copy(r->d, a->d, ln);
        unsigned sh = (unsigned)(k % CY_LIMB_BITS);
        if (ln && sh && k / CY_LIMB_BITS == ln - 1)
            r->d[ln - 1] &= ((cy_limb)1 << sh) - 1;
        cy__int_setsize(r, ln, neg);
        return CY_OK;
    }
    /* 2^k - L = the k-bit two's complement of L, in kn = ceil(k / W) limbs (L != 0: < 2^k) */
    uint64_t kn64 = k / CY_LIMB_BITS + (k % CY_LIMB_BITS != 0);
    if (kn64 > CY__INT_MAX_LIMBS)
        return CY_ENOMEM;
    size_t kn = (size_t)kn64;
    cy_limb *buf;
    int err = cy__int_ralloc(&buf, kn);
    if (err)
        return err;
    cy_limb mask = k % CY_LIMB_BITS ? ((cy_limb)1 << (k % CY_LIMB_BITS)) - 1 : CY_LIMB_MAX;
    cy_mpn_copy(buf, a->d, ln);
    cy_mpn_zero(buf + ln, kn - ln);
    buf[kn - 1] &= mask; /* L: the bits of |a| from k up dropped */
    cy_mpn_neg(buf, buf, kn);
    buf[kn - 1] &= mask; /* B^kn - L reduced mod 2^k: 2^k - L */
    cy__int_install(r, buf, kn, kn, !neg);
    return CY_OK;
}

int cy_int_tdiv_r_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rem_2exp(r, a, k, TRUNC);
}

int cy_int_fdiv_r_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rem_2exp(r, a, k, FLOOR);
}

int cy_int_cdiv_r_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rem_2exp(r, a, k, CEIL);
}

int cy_int_divisible_2exp_p(const cy_int *a, uint64_t k)
{
    return low_limbs(a, k) == 0;
}
