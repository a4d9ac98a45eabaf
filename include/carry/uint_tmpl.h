/* carry/uint_tmpl.h -- internal to carry/uint.h: the unsigned fixed-width API for one width.
 * SPDX-License-Identifier: MIT
 *
 * Included once per width by carry/uint.h with CY__W defined to the width in bits; defines
 * cy_u<W> and every cy_u<W>_* function. The contracts are in carry/uint.h. Written once as a
 * template (rather than generated) so that every width runs the same reviewed source.
 */
#ifndef CY__W
#  error "internal header: include carry/uint.h"
#endif

#define CY__T CY__CAT(cy_u, CY__W)
#define CY__F(name) CY__CAT3(cy_u, CY__W, _##name)
#define CY__N (CY__W / CY_LIMB_BITS)
#define CY__K (64 / CY_LIMB_BITS) /* limbs in a uint64_t */

typedef struct {
    cy_limb l[CY__N];
} CY__T;

/* ---- conversions ---- */

CY__AI CY__T CY__F(from_u64)(uint64_t x)
{
    CY__T r;
    cy__u_set0(r.l, CY__N);
    for (int i = 0; i < CY__K; i++)
        r.l[i] = (cy_limb)(x >> (i * CY_LIMB_BITS % 64));
    return r;
}

CY__AI CY__T CY__F(from_u64x2)(uint64_t hi, uint64_t lo)
{
    CY__T r = CY__F(from_u64)(lo);
    for (int i = 0; i < CY__K; i++)
        r.l[CY__K + i] = (cy_limb)(hi >> (i * CY_LIMB_BITS % 64));
    return r;
}

CY__AI uint64_t CY__F(to_u64)(CY__T a)
{
    uint64_t x = 0;
    for (int i = 0; i < CY__K; i++)
        x |= (uint64_t)a.l[i] << (i * CY_LIMB_BITS % 64);
    return x;
}

CY__AI void CY__F(to_u64x2)(uint64_t *hi, uint64_t *lo, CY__T a)
{
    CY__T h;
    cy__u_shr(h.l, a.l, 64, CY__N);
    *lo = CY__F(to_u64)(a);
    *hi = CY__F(to_u64)(h);
}

CY__AI CY__T CY__F(from_u128)(cy_u128 x)
{
    return CY__F(from_u64x2)(cy_u128_hi(x), cy_u128_lo(x));
}

CY__AI cy_u128 CY__F(to_u128)(CY__T a) /* the low 128 bits */
{
    uint64_t hi, lo;
    CY__F(to_u64x2)(&hi, &lo, a);
    return cy_u128_make(hi, lo);
}

static inline CY__T CY__F(from_be)(const unsigned char *p)
{
    CY__T r;
    for (int i = 0; i < CY__N; i++) {
        cy_limb x = 0;
        for (int j = 0; j < CY_LIMB_BYTES; j++)
            x = (x << 8) | p[(CY__N - 1 - i) * CY_LIMB_BYTES + j];
        r.l[i] = x;
    }
    return r;
}

static inline void CY__F(to_be)(unsigned char *p, CY__T a)
{
    for (int i = 0; i < CY__N; i++)
        for (int j = 0; j < CY_LIMB_BYTES; j++)
            p[(CY__N - 1 - i) * CY_LIMB_BYTES + j] =
                (unsigned char)(a.l[i] >> (8 * (CY_LIMB_BYTES - 1 - j)));
}

static inline CY__T CY__F(from_le)(const unsigned char *p)
{
    CY__T r;
    for (int i = 0; i < CY__N; i++) {
        cy_limb x = 0;
        for (int j = CY_LIMB_BYTES - 1; j >= 0; j--)
            x = (x << 8) | p[i * CY_LIMB_BYTES + j];
        r.l[i] = x;
    }
    return r;
}

static inline void CY__F(to_le)(unsigned char *p, CY__T a)
{
    for (int i = 0; i < CY__N; i++)
        for (int j = 0; j < CY_LIMB_BYTES; j++)
            p[i * CY_LIMB_BYTES + j] = (unsigned char)(a.l[i] >> (8 * j));
}

/* ---- comparison ---- */

CY__AI int CY__F(cmp)(CY__T a, CY__T b) { return cy__u_cmp(a.l, b.l, CY__N); }
CY__AI int CY__F(eq)(CY__T a, CY__T b) { return cy__u_cmp(a.l, b.l, CY__N) == 0; }
CY__AI int CY__F(lt)(CY__T a, CY__T b) { return cy__u_sub(a.l, a.l, b.l, 0, CY__N) != 0; }
CY__AI int CY__F(is_zero)(CY__T a) { return cy__u_is0(a.l, CY__N); }

/* ---- addition and subtraction ---- */

CY__AI CY__T CY__F(add)(CY__T a, CY__T b)
{
    CY__T r;
    cy__u_add(r.l, a.l, b.l, 0, CY__N);
    return r;
}

CY__AI unsigned CY__F(addc)(CY__T *r, CY__T a, CY__T b, unsigned cin)
{
    return (unsigned)cy__u_add(r->l, a.l, b.l, cin != 0, CY__N);
}

CY__AI int CY__F(add_checked)(CY__T *r, CY__T a, CY__T b)
{
    return cy__u_add(r->l, a.l, b.l, 0, CY__N) ? CY_ERANGE : CY_OK;
}

CY__AI CY__T CY__F(add_sat)(CY__T a, CY__T b)
{
    CY__T r;
    cy_limb mask = -cy__u_add(r.l, a.l, b.l, 0, CY__N); /* all ones on overflow */
    for (int i = 0; i < CY__N; i++)
        r.l[i] |= mask;
    return r;
}

CY__AI CY__T CY__F(sub)(CY__T a, CY__T b)
{
    CY__T r;
    cy__u_sub(r.l, a.l, b.l, 0, CY__N);
    return r;
}

CY__AI unsigned CY__F(subb)(CY__T *r, CY__T a, CY__T b, unsigned bin)
{
    return (unsigned)cy__u_sub(r->l, a.l, b.l, bin != 0, CY__N);
}

CY__AI int CY__F(sub_checked)(CY__T *r, CY__T a, CY__T b)
{
    return cy__u_sub(r->l, a.l, b.l, 0, CY__N) ? CY_ERANGE : CY_OK;
}

CY__AI CY__T CY__F(sub_sat)(CY__T a, CY__T b)
{
    CY__T r;
    cy_limb mask = cy__u_sub(r.l, a.l, b.l, 0, CY__N) - 1; /* zero on underflow */
    for (int i = 0; i < CY__N; i++)
        r.l[i] &= mask;
    return r;
}

CY__AI CY__T CY__F(neg)(CY__T a)
{
    CY__T r, z;
    cy__u_set0(z.l, CY__N);
    cy__u_sub(r.l, z.l, a.l, 0, CY__N);
    return r;
}

/* ---- bitwise ---- */

CY__AI CY__T CY__CAT3(cy_u, CY__W, _and)(CY__T a, CY__T b)
{
    for (int i = 0; i < CY__N; i++)
        a.l[i] &= b.l[i];
    return a;
}

CY__AI CY__T CY__CAT3(cy_u, CY__W, _or)(CY__T a, CY__T b)
{
    for (int i = 0; i < CY__N; i++)
        a.l[i] |= b.l[i];
    return a;
}

CY__AI CY__T CY__CAT3(cy_u, CY__W, _xor)(CY__T a, CY__T b)
{
    for (int i = 0; i < CY__N; i++)
        a.l[i] ^= b.l[i];
    return a;
}

CY__AI CY__T CY__CAT3(cy_u, CY__W, _not)(CY__T a)
{
    for (int i = 0; i < CY__N; i++)
        a.l[i] = ~a.l[i];
    return a;
}

CY__AI CY__T CY__F(shl)(CY__T a, unsigned k)
{
    cy__u_shl(a.l, a.l, k, CY__N);
    return a;
}

CY__AI CY__T CY__F(shr)(CY__T a, unsigned k)
{
    cy__u_shr(a.l, a.l, k, CY__N);
    return a;
}

/* rotl by k = (a << k') | (a >> (W - k')) with k' = k mod W; k' = 0 makes the second shift W,
 * which gives 0 by the shift contract. */
CY__AI CY__T CY__F(rotl)(CY__T a, unsigned k)
{
    CY__T h, l;
    k %= CY__W;
    cy__u_shl(h.l, a.l, k, CY__N);
    cy__u_shr(l.l, a.l, CY__W - k, CY__N);
    return CY__CAT3(cy_u, CY__W, _or)(h, l);
}

CY__AI CY__T CY__F(rotr)(CY__T a, unsigned k)
{
    return CY__F(rotl)(a, CY__W - k % CY__W);
}

CY__AI unsigned CY__F(clz)(CY__T a)
{
    for (int i = CY__N - 1; i >= 0; i--)
        if (a.l[i])
            return (unsigned)(CY__N - 1 - i) * CY_LIMB_BITS + cy__clz(a.l[i]);
    return CY__W;
}

CY__AI unsigned CY__F(ctz)(CY__T a)
{
    for (int i = 0; i < CY__N; i++)
        if (a.l[i])
            return (unsigned)i * CY_LIMB_BITS + cy__ctz(a.l[i]);
    return CY__W;
}

CY__AI unsigned CY__F(popcount)(CY__T a)
{
    unsigned n = 0;
    for (int i = 0; i < CY__N; i++)
        n += cy__popcount(a.l[i]);
    return n;
}

CY__AI unsigned CY__F(bit_length)(CY__T a) { return CY__W - CY__F(clz)(a); }

/* ---- multiplication ---- */

CY__AI CY__T CY__F(mul)(CY__T a, CY__T b)
{
    CY__T r;
    cy__u_mullo(r.l, a.l, b.l, CY__N); /* the mulx version measured no faster: none */
    return r;
}

CY__AI void CY__F(mul_wide)(CY__T *hi, CY__T *lo, CY__T a, CY__T b)
{
    cy_limb t[2 * CY__N];
#if defined(CY__UINT_ADX)
    if (CY__N == 4)
        cy__u_mul4_adx(t, a.l, b.l);
    else
#elif defined(CY__UINT_X86_64)
    if (CY__N == 4)
        cy__u_mul4_x86_64(t, a.l, b.l);
    else
#endif
        cy__u_mul(t, a.l, CY__N, b.l, CY__N);
    for (int i = 0; i < CY__N; i++) {
        lo->l[i] = t[i];
        hi->l[i] = t[CY__N + i];
    }
}

CY__AI CY__T CY__F(mul_u64)(CY__T a, uint64_t b, uint64_t *hi)
{
    CY__T r, bb = CY__F(from_u64)(b);
    cy_limb t[CY__N + CY__K];
    cy__u_mul(t, a.l, CY__N, bb.l, CY__K);
    uint64_t h = 0;
    for (int i = 0; i < CY__N; i++)
        r.l[i] = t[i];
    for (int i = 0; i < CY__K; i++)
        h |= (uint64_t)t[CY__N + i] << (i * CY_LIMB_BITS % 64);
    if (hi)
        *hi = h;
    return r;
}

CY__AI CY__T CY__F(sqr)(CY__T a)
{
    CY__T r;
    cy__u_sqrlo(r.l, a.l, CY__N);
    return r;
}

CY__AI void CY__F(sqr_wide)(CY__T *hi, CY__T *lo, CY__T a)
{
    cy_limb t[2 * CY__N];
#if defined(CY__UINT_ADX)
    if (CY__N == 4)
        cy__u_sqr4_adx(t, a.l);
    else
#endif
        cy__u_sqr(t, a.l, CY__N);
    for (int i = 0; i < CY__N; i++) {
        lo->l[i] = t[i];
        hi->l[i] = t[CY__N + i];
    }
}

/* ---- division ---- */

static inline int CY__F(divrem_vartime)(CY__T *q, CY__T *r, CY__T a, CY__T b)
{
    CY__T qq, rr;
    cy_limb w[2 * CY__N + 1];
    if (cy__u_is0(b.l, CY__N)) {
        cy__u_set0(qq.l, CY__N);
        cy__u_set0(rr.l, CY__N);
        if (q)
            *q = qq;
        if (r)
            *r = rr;
        return CY_EDIVZERO;
    }
    cy__u_divmod(qq.l, rr.l, a.l, CY__N, b.l, CY__N, w);
    if (q)
        *q = qq;
    if (r)
        *r = rr;
    return CY_OK;
}

static inline int CY__F(mod_vartime)(CY__T *r, CY__T a, CY__T b)
{
    return CY__F(divrem_vartime)(NULL, r, a, b);
}

static inline int CY__F(divrem_u64_vartime)(CY__T *q, uint64_t *r, CY__T a, uint64_t d)
{
    CY__T qq, dd = CY__F(from_u64)(d);
    uint64_t rem = 0;
    if (d == 0) {
        cy__u_set0(qq.l, CY__N);
    } else if (CY__K == 1 || d <= CY_LIMB_MAX) {
        rem = cy__u_divrem1(qq.l, a.l, (cy_limb)d, CY__N);
    } else { /* 32-bit limbs and a two-limb divisor */
        CY__T rr;
        cy_limb w[2 * CY__N + 1];
        cy__u_divmod(qq.l, rr.l, a.l, CY__N, dd.l, CY__N, w);
        rem = CY__F(to_u64)(rr);
    }
    if (q)
        *q = qq;
    if (r)
        *r = rem;
    return d ? CY_OK : CY_EDIVZERO;
}

/* ---- modular helpers: m == 0 gives CY_EDIVZERO and *r = 0 ---- */

/* r = (t mod m) for t of tn limbs (internal; m != 0) */
CY__AI void CY__CAT3(cy__u, CY__W, _reduce)(cy_limb *r, const cy_limb *t, int tn,
                                                    const cy_limb *m)
{
    cy_limb q[2 * CY__N], w[3 * CY__N + 1]; /* tn <= 2N */
    cy__u_divmod(q, r, t, tn, m, CY__N, w);
}

static inline int CY__F(addmod_vartime)(CY__T *r, CY__T a, CY__T b, CY__T m)
{
    if (cy__u_is0(m.l, CY__N)) {
        cy__u_set0(r->l, CY__N);
        return CY_EDIVZERO;
    }
    cy_limb t[CY__N + 1];
    if (cy__u_cmp(a.l, m.l, CY__N) < 0 && cy__u_cmp(b.l, m.l, CY__N) < 0) {
        /* a + b < 2m: one conditional subtraction */
        cy_limb c = cy__u_add(t, a.l, b.l, 0, CY__N);
        if (c || cy__u_cmp(t, m.l, CY__N) >= 0)
            cy__u_sub(t, t, m.l, 0, CY__N);
        for (int i = 0; i < CY__N; i++)
            r->l[i] = t[i];
        return CY_OK;
    }
    t[CY__N] = cy__u_add(t, a.l, b.l, 0, CY__N);
    CY__CAT3(cy__u, CY__W, _reduce)(r->l, t, CY__N + 1, m.l);
    return CY_OK;
}

static inline int CY__F(submod_vartime)(CY__T *r, CY__T a, CY__T b, CY__T m)
{
    if (cy__u_is0(m.l, CY__N)) {
        cy__u_set0(r->l, CY__N);
        return CY_EDIVZERO;
    }
    CY__T ar = a, br = b;
    if (cy__u_cmp(a.l, m.l, CY__N) >= 0)
        CY__CAT3(cy__u, CY__W, _reduce)(ar.l, a.l, CY__N, m.l);
    if (cy__u_cmp(b.l, m.l, CY__N) >= 0)
        CY__CAT3(cy__u, CY__W, _reduce)(br.l, b.l, CY__N, m.l);
    /* a, b < m: a - b in (-m, m), one conditional addition of m */
    if (cy__u_sub(r->l, ar.l, br.l, 0, CY__N))
        cy__u_add(r->l, r->l, m.l, 0, CY__N);
    return CY_OK;
}

/* q[0, 2N) = floor(a b / m) and r = a b mod m for m != 0 (internal): the exact 2N-limb product
 * divided at constant lengths; mulmod and muldiv share it. */
CY__AI void CY__CAT3(cy__u, CY__W, _muldivmod)(cy_limb *q, cy_limb *r, CY__T a, CY__T b,
                                               const cy_limb *m)
{
    cy_limb t[2 * CY__N], w[3 * CY__N + 1];
    CY__T hi, lo;
    CY__F(mul_wide)(&hi, &lo, a, b);
    for (int i = 0; i < CY__N; i++) {
        t[i] = lo.l[i];
        t[CY__N + i] = hi.l[i];
    }
    cy__u_divmod(q, r, t, 2 * CY__N, m, CY__N, w);
}

static inline int CY__F(mulmod_vartime)(CY__T *r, CY__T a, CY__T b, CY__T m)
{
    if (cy__u_is0(m.l, CY__N)) {
        cy__u_set0(r->l, CY__N);
        return CY_EDIVZERO;
    }
    cy_limb q[2 * CY__N];
    CY__CAT3(cy__u, CY__W, _muldivmod)(q, r->l, a, b, m.l);
    return CY_OK;
}

/* Left-to-right binary exponentiation; time depends on e and on the operands. 0^0 = 1 mod m. */
static inline int CY__F(powmod_vartime)(CY__T *r, CY__T a, CY__T e, CY__T m)
{
    CY__T x;
    int st = CY__F(mod_vartime)(&a, a, m);
    if (st != CY_OK) {
        cy__u_set0(r->l, CY__N);
        return st;
    }
    CY__F(mod_vartime)(&x, CY__F(from_u64)(1), m);
    for (int i = (int)CY__F(bit_length)(e) - 1; i >= 0; i--) {
        CY__F(mulmod_vartime)(&x, x, x, m);
        if ((e.l[i / CY_LIMB_BITS] >> (i % CY_LIMB_BITS)) & 1)
            CY__F(mulmod_vartime)(&x, x, a, m);
    }
    *r = x;
    return CY_OK;
}

static inline int CY__F(muldiv_vartime)(CY__T *q, CY__T a, CY__T b, CY__T c)
{
    if (cy__u_is0(c.l, CY__N)) {
        cy__u_set0(q->l, CY__N);
        return CY_EDIVZERO;
    }
    cy_limb qt[2 * CY__N], rt[CY__N];
    CY__CAT3(cy__u, CY__W, _muldivmod)(qt, rt, a, b, c.l);
    for (int i = 0; i < CY__N; i++)
        q->l[i] = qt[i];
    return cy__u_is0(qt + CY__N, CY__N) ? CY_OK : CY_ERANGE;
}

/* ---- strings ---- */

static inline int CY__F(from_hex)(CY__T *r, const char *s)
{
    cy__u_set0(r->l, CY__N);
    if (s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2;
    size_t len = 0, first = 0;
    for (; s[len]; len++)
        if (cy__u_hexval(s[len]) < 0)
            return CY_EDIGIT;
    if (len == 0)
        return CY_EEMPTY;
    while (first < len && s[first] == '0')
        first++;
    if (len - first > CY__W / 4)
        return CY_ERANGE;
    for (size_t i = first; i < len; i++) {
        size_t k = len - 1 - i; /* nibble index */
        r->l[k / (CY_LIMB_BITS / 4)] |= (cy_limb)cy__u_hexval(s[i]) << (4 * (k % (CY_LIMB_BITS / 4)));
    }
    return CY_OK;
}

static inline int CY__F(from_dec)(CY__T *r, const char *s)
{
    size_t len = 0;
    cy__u_set0(r->l, CY__N);
    for (; s[len]; len++)
        if (s[len] < '0' || s[len] > '9')
            return CY_EDIGIT;
    if (len == 0)
        return CY_EEMPTY;
    /* chunks of CY__DEC_DIGITS digits: r = r * 10^k + chunk, overflow when a high limb appears */
    size_t i = 0, k = len % CY__DEC_DIGITS ? len % CY__DEC_DIGITS : CY__DEC_DIGITS;
    while (i < len) {
        cy_limb chunk = 0, scale = 1;
        for (size_t j = 0; j < k; j++) {
            chunk = chunk * 10 + (cy_limb)(s[i + j] - '0');
            scale *= 10;
        }
        if (cy__u_mul1(r->l, r->l, scale, chunk, CY__N)) {
            cy__u_set0(r->l, CY__N);
            return CY_ERANGE;
        }
        i += k;
        k = CY__DEC_DIGITS;
    }
    return CY_OK;
}

static inline size_t CY__F(to_hex)(char *buf, CY__T a)
{
    static const char digits[] = "0123456789abcdef";
    size_t n = 0;
    int started = 0;
    for (int k = CY__W / 4 - 1; k >= 0; k--) {
        unsigned d = (unsigned)(a.l[k / (CY_LIMB_BITS / 4)] >> (4 * (k % (CY_LIMB_BITS / 4)))) & 15;
        started |= d != 0 || k == 0;
        if (started)
            buf[n++] = digits[d];
    }
    buf[n] = 0;
    return n;
}

/* Repeated division by 10^CY__DEC_DIGITS (the one-limb path), low chunks first. */
static inline size_t CY__F(to_dec)(char *buf, CY__T a)
{
    char tmp[CY_UINT_DEC_SIZE(CY__W)];
    size_t p = sizeof tmp - 1;
    int n = cy__u_len(a.l, CY__N);
    tmp[p] = 0;
    while (n) {
        cy_limb c = cy__u_divrem1_preinv(a.l, a.l, n, CY__DEC_BASE << CY__DEC_SHIFT,
                                         CY__DEC_SHIFT, CY__DEC_RECIP);
        n = cy__u_len(a.l, n);
        for (int j = 0; j < CY__DEC_DIGITS && (n || c); j++) {
            tmp[--p] = (char)('0' + c % 10);
            c /= 10;
        }
    }
    if (p == sizeof tmp - 1)
        tmp[--p] = '0';
    size_t len = sizeof tmp - 1 - p;
    for (size_t i = 0; i <= len; i++)
        buf[i] = tmp[p + i];
    return len;
}

#undef CY__T
#undef CY__F
#undef CY__N
#undef CY__K
#undef CY__W
