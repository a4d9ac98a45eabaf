/* cy_int shifts by powers of two: r = a * 2^k, floor(a / 2^k), trunc(a / 2^k).
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

/* r = (a's sign) * floor(|a| / 2^k), plus -1 when round_down, a < 0 and bits were lost: the
 * floor of a negative quotient is one further from zero than its truncation. */
static int rshift(cy_int *r, const cy_int *a, uint64_t k, int round_down)
{
    size_t an = cy__int_n(a);
    uint64_t limbs64 = k / CY_LIMB_BITS;
    unsigned sh = (unsigned)(k % CY_LIMB_BITS);
    int neg = cy__int_isneg(a);
    int up = 0; /* whether the magnitude gets +1 */
    if (limbs64 >= an) { /* every bit shifted out: 0, or -1 for a negative a under floor */
        up = neg && round_down;
        if (!up) {
            r->size = 0;
            return CY_OK;
        }
        int err = cy__int_grow(r, 1);
        if (err)
            return err;
        r->d[0] = 1;
        r->size = -1;
        return CY_OK;
    }
    size_t limbs = (size_t)limbs64, qn = an - limbs;
    if (neg && round_down)
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
    return rshift(r, a, k, 1);
}

int cy_int_tdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k)
{
    return rshift(r, a, k, 0);
}
