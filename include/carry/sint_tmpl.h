/* carry/sint_tmpl.h -- internal to carry/uint.h: the signed fixed-width API for one width.
 * SPDX-License-Identifier: MIT
 *
 * Included by carry/uint.h with CY__W defined, after the unsigned type of the same width; defines
 * cy_s<W> (two's complement in W bits, limbs least significant first) and its functions.
 * Contracts in carry/uint.h.
 */
#ifndef CY__W
#  error "internal header: include carry/uint.h"
#endif

#define CY__S CY__CAT(cy_s, CY__W)
#define CY__U CY__CAT(cy_u, CY__W)
#define CY__F(name) CY__CAT3(cy_s, CY__W, _##name)
#define CY__UF(name) CY__CAT3(cy_u, CY__W, _##name)
#define CY__N (CY__W / CY_LIMB_BITS)

typedef struct {
    cy_limb l[CY__N];
} CY__S;

CY__AI CY__S CY__F(from_u)(CY__U a) /* the same bits */
{
    CY__S r;
    for (int i = 0; i < CY__N; i++)
        r.l[i] = a.l[i];
    return r;
}

CY__AI CY__U CY__F(to_u)(CY__S a) /* the same bits */
{
    CY__U r;
    for (int i = 0; i < CY__N; i++)
        r.l[i] = a.l[i];
    return r;
}

CY__AI int CY__F(is_neg)(CY__S a) { return (int)(a.l[CY__N - 1] >> (CY_LIMB_BITS - 1)); }

CY__AI CY__S CY__F(from_i64)(int64_t x)
{
    CY__S r = CY__F(from_u)(CY__UF(from_u64)((uint64_t)x));
    cy_limb ext = x < 0 ? CY_LIMB_MAX : 0;
    for (int i = 64 / CY_LIMB_BITS; i < CY__N; i++)
        r.l[i] = ext;
    return r;
}

/* The low 64 bits as a two's complement int64_t. */
CY__AI int64_t CY__F(to_i64)(CY__S a)
{
    uint64_t u = CY__UF(to_u64)(CY__F(to_u)(a));
    return u <= INT64_MAX ? (int64_t)u : -(int64_t)(~u) - 1; /* no implementation-defined cast */
}

CY__AI CY__S CY__F(neg)(CY__S a) { return CY__F(from_u)(CY__UF(neg)(CY__F(to_u)(a))); }

/* |a| as an unsigned (exact, also for the minimum). */
CY__AI CY__U CY__F(abs)(CY__S a)
{
    return CY__F(is_neg)(a) ? CY__UF(neg)(CY__F(to_u)(a)) : CY__F(to_u)(a);
}

CY__AI int CY__F(cmp)(CY__S a, CY__S b)
{
    int na = CY__F(is_neg)(a), nb = CY__F(is_neg)(b);
    if (na != nb)
        return na ? -1 : 1;
    return cy__u_cmp(a.l, b.l, CY__N); /* same sign: two's complement orders like unsigned */
}

CY__AI int CY__F(eq)(CY__S a, CY__S b) { return cy__u_cmp(a.l, b.l, CY__N) == 0; }
CY__AI int CY__F(lt)(CY__S a, CY__S b) { return CY__F(cmp)(a, b) < 0; }

CY__AI CY__S CY__F(add)(CY__S a, CY__S b)
{
    cy__u_add(a.l, a.l, b.l, 0, CY__N);
    return a;
}

CY__AI CY__S CY__F(sub)(CY__S a, CY__S b)
{
    cy__u_sub(a.l, a.l, b.l, 0, CY__N);
    return a;
}

CY__AI CY__S CY__F(mul)(CY__S a, CY__S b) /* the low W bits are those of the unsigned product */
{
    return CY__F(from_u)(CY__UF(mul)(CY__F(to_u)(a), CY__F(to_u)(b)));
}

/* Overflow when both operands have one sign and the wrapped sum the other. */
CY__AI int CY__F(add_checked)(CY__S *r, CY__S a, CY__S b)
{
    *r = CY__F(add)(a, b);
    int na = CY__F(is_neg)(a);
    return na == CY__F(is_neg)(b) && na != CY__F(is_neg)(*r) ? CY_ERANGE : CY_OK;
}

CY__AI int CY__F(sub_checked)(CY__S *r, CY__S a, CY__S b)
{
    *r = CY__F(sub)(a, b);
    int na = CY__F(is_neg)(a);
    return na != CY__F(is_neg)(b) && na != CY__F(is_neg)(*r) ? CY_ERANGE : CY_OK;
}

/* Exact |a| |b| in 2W bits; the result fits when it is below 2^(W-1), or equal to it and
 * negative. *r is the wrapped product either way. */
static inline int CY__F(mul_checked)(CY__S *r, CY__S a, CY__S b)
{
    CY__U hi, lo;
    int neg = CY__F(is_neg)(a) != CY__F(is_neg)(b);
    CY__UF(mul_wide)(&hi, &lo, CY__F(abs)(a), CY__F(abs)(b));
    *r = CY__F(mul)(a, b);
    int top = (int)(lo.l[CY__N - 1] >> (CY_LIMB_BITS - 1));
    int fits = CY__UF(is_zero)(hi) &&
               (!top || (neg && CY__UF(bit_length)(lo) == CY__UF(ctz)(lo) + 1));
    return fits ? CY_OK : CY_ERANGE;
}

/* Truncating division (C's / and %): q rounded toward zero, r = a - q b with the sign of a.
 * b = 0: CY_EDIVZERO, q = r = 0. MIN / -1: CY_ERANGE, q = MIN (wrapped), r = 0. */
static inline int CY__F(div_trunc_vartime)(CY__S *q, CY__S *r, CY__S a, CY__S b)
{
    CY__U qu, ru;
    int st = CY__UF(divrem_vartime)(&qu, &ru, CY__F(abs)(a), CY__F(abs)(b));
    int qneg = CY__F(is_neg)(a) != CY__F(is_neg)(b);
    CY__S qs = CY__F(from_u)(qneg ? CY__UF(neg)(qu) : qu);
    CY__S rs = CY__F(from_u)(CY__F(is_neg)(a) ? CY__UF(neg)(ru) : ru);
    if (st == CY_OK && !qneg && CY__F(is_neg)(qs))
        st = CY_ERANGE; /* the quotient 2^(W-1) of MIN / -1 */
    if (q)
        *q = qs;
    if (r)
        *r = rs;
    return st;
}

/* Flooring division: q rounded toward minus infinity, r = a - q b with the sign of b (or 0).
 * Errors as div_trunc. */
static inline int CY__F(div_floor_vartime)(CY__S *q, CY__S *r, CY__S a, CY__S b)
{
    CY__S qs, rs;
    int st = CY__F(div_trunc_vartime)(&qs, &rs, a, b);
    if (st == CY_OK && !CY__UF(is_zero)(CY__F(to_u)(rs)) &&
        CY__F(is_neg)(rs) != CY__F(is_neg)(b)) {
        qs = CY__F(sub)(qs, CY__F(from_i64)(1));
        rs = CY__F(add)(rs, b);
    }
    if (q)
        *q = qs;
    if (r)
        *r = rs;
    return st;
}

/* Decimal with an optional leading '-' or '+'. */
static inline int CY__F(from_dec)(CY__S *r, const char *s)
{
    int neg = s[0] == '-';
    CY__U m;
    int st = CY__UF(from_dec)(&m, s + (neg || s[0] == '+'));
    *r = CY__F(from_u)(m);
    if (st != CY_OK)
        return st;
    /* |value| must be at most 2^(W-1) - 1, or 2^(W-1) when negative */
    if (CY__UF(bit_length)(m) == CY__W && !(neg && CY__UF(ctz)(m) == CY__W - 1)) {
        cy__u_set0(r->l, CY__N);
        return CY_ERANGE;
    }
    *r = CY__F(from_u)(neg ? CY__UF(neg)(m) : m);
    return CY_OK;
}

static inline size_t CY__F(to_dec)(char *buf, CY__S a)
{
    int neg = CY__F(is_neg)(a);
    buf[0] = '-';
    return (size_t)neg + CY__UF(to_dec)(buf + neg, CY__F(abs)(a));
}

#undef CY__S
#undef CY__U
#undef CY__F
#undef CY__UF
#undef CY__N
#undef CY__W
