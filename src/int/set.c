/* cy_int assignment, conversion to and from 64-bit integers, comparison, sign changes.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

int cy_int_set(cy_int *r, const cy_int *a)
{
    if (r == a)
        return CY_OK;
    int err = cy__int_grow(r, cy__int_n(a));
    if (err)
        return err;
    cy_mpn_copy(r->d, a->d, cy__int_n(a));
    r->size = a->size;
    return CY_OK;
}

/* r = (neg ? -1 : 1) * m. */
static int set_mag64(cy_int *r, uint64_t m, int neg)
{
    int err = cy__int_grow(r, CY__U64_LIMBS);
    if (err)
        return err;
    cy__int_u64_limbs(r->d, m);
    cy__int_setsize(r, CY__U64_LIMBS, neg);
    return CY_OK;
}

int cy_int_set_u64(cy_int *r, uint64_t v)
{
    return set_mag64(r, v, 0);
}

int cy_int_set_i64(cy_int *r, int64_t v)
{
    /* |v| as uint64_t without overflowing for INT64_MIN. */
    return set_mag64(r, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
}

/* |a| as uint64_t, or CY_ERANGE when it has more than 64 bits. */
static int get_mag64(const cy_int *a, uint64_t *m)
{
    if (cy__int_n(a) > CY__U64_LIMBS)
        return CY_ERANGE;
    uint64_t x = 0;
    for (size_t i = cy__int_n(a); i-- > 0;)
        x = (CY__U64_LIMBS > 1 ? x << (CY_LIMB_BITS % 64) : 0) | a->d[i];
    *m = x;
    return CY_OK;
}

int cy_int_get_u64(const cy_int *a, uint64_t *v)
{
    uint64_t m;
    if (cy__int_isneg(a) || get_mag64(a, &m))
        return CY_ERANGE;
    *v = m;
    return CY_OK;
}

int cy_int_get_i64(const cy_int *a, int64_t *v)
{
    uint64_t m;
    int neg = cy__int_isneg(a);
    if (get_mag64(a, &m) || m > (uint64_t)INT64_MAX + neg)
        return CY_ERANGE;
    /* -m for m = 2^63 is INT64_MIN: negate in unsigned arithmetic, convert in range. */
    *v = neg ? (m == (uint64_t)INT64_MAX + 1 ? INT64_MIN : -(int64_t)m) : (int64_t)m;
    return CY_OK;
}

int cy_int_sgn(const cy_int *a)
{
    return a->size < 0 ? -1 : a->size > 0;
}

int cy_int_odd_p(const cy_int *a)
{
    return a->size && (a->d[0] & 1);
}

int cy_int_cmpabs(const cy_int *a, const cy_int *b)
{
    return cy__int_cmp_mag(a->d, cy__int_n(a), b->d, cy__int_n(b));
}

int cy_int_cmp(const cy_int *a, const cy_int *b)
{
    if (cy__int_isneg(a) != cy__int_isneg(b))
        return cy__int_isneg(a) ? -1 : 1;
    int c = cy_int_cmpabs(a, b);
    return cy__int_isneg(a) ? -c : c;
}

int cy_int_cmp_i64(const cy_int *a, int64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v < 0 ? 0 - (uint64_t)v : (uint64_t)v, v < 0);
    return cy_int_cmp(a, &b);
}

int cy_int_cmp_u64(const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return cy_int_cmp(a, &b);
}

int cy_int_cmpabs_u64(const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return cy_int_cmpabs(a, &b);
}

size_t cy_int_sizeinbase(const cy_int *a, int base)
{
    if (base < 2 || base > 36)
        return 0;
    return cy_mpn_sizeinbase(a->d, cy__int_n(a), base);
}

int cy_int_neg(cy_int *r, const cy_int *a)
{
    int err = cy_int_set(r, a);
    if (!err)
        r->size = -r->size;
    return err;
}

int cy_int_abs(cy_int *r, const cy_int *a)
{
    int err = cy_int_set(r, a);
    if (!err && r->size < 0)
        r->size = -r->size;
    return err;
}
