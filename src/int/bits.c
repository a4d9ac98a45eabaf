/* cy_int bit operations on the two's complement, as GMP defines them: a negative x stands for
 * the infinite two's complement -|x| = ~(|x| - 1), ones to the left without end.
 * SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "impl.h"

/* The limbs of x's infinite two's complement, read one at a time without a copy. With z the
 * lowest non-zero limb of |x|, for x < 0: limb i is 0 below z (the borrow of |x| - 1 runs through
 * them and the complement clears them), -|x|_z at z (where the borrow stops), ~|x|_i above, and
 * all ones from |x|'s length on; for x >= 0: |x|_i, then 0. */
typedef struct {
    const cy_limb *d;
    size_t n, z;
    cy_limb ext; /* the limbs from n on */
} twos;

static twos twos_of(const cy_int *x)
{
    twos t = {x->d, cy__int_n(x), 0, cy__int_isneg(x) ? CY_LIMB_MAX : 0};
    if (t.ext)
        while (t.d[t.z] == 0) /* x != 0: a non-zero limb exists */
            t.z++;
    return t;
}

static cy_limb limb(const twos *t, size_t i)
{
    if (i >= t->n)
        return t->ext;
    if (!t->ext)
        return t->d[i];
    return i < t->z ? 0 : i == t->z ? 0 - t->d[i] : ~t->d[i];
}

enum logic { AND, IOR, XOR };

static cy_limb apply(enum logic op, cy_limb x, cy_limb y)
{
    return op == AND ? x & y : op == IOR ? x | y : x ^ y;
}

/* r = a op b. The result's two's complement is op applied limb by limb, over n = max(an, bn)
 * limbs and then on the extensions; an extension of ones makes it negative, and then
 * |r| = ~R + 1 over the n limbs, with a carry into limb n when R's n limbs are all zero
 * (r = -B^n). Into a fresh buffer, so r may be a or b. */
static int logic(cy_int *r, const cy_int *a, const cy_int *b, enum logic op)
{
    twos ta = twos_of(a), tb = twos_of(b);
    size_t n = ta.n > tb.n ? ta.n : tb.n;
    cy_limb ext = apply(op, ta.ext, tb.ext);
    cy_limb *buf;
    int err = cy__int_ralloc(&buf, n + 1);
    if (err)
        return err;
    for (size_t i = 0; i < n; i++)
        buf[i] = apply(op, limb(&ta, i), limb(&tb, i)) ^ ext;
    buf[n] = ext ? cy_mpn_add_1(buf, buf, n, 1) : 0;
    cy__int_install(r, buf, n + 1, n + 1, ext != 0);
    return CY_OK;
}

int cy_int_and(cy_int *r, const cy_int *a, const cy_int *b)
{
    return logic(r, a, b, AND);
}

int cy_int_ior(cy_int *r, const cy_int *a, const cy_int *b)
{
    return logic(r, a, b, IOR);
}

int cy_int_xor(cy_int *r, const cy_int *a, const cy_int *b)
{
    return logic(r, a, b, XOR);
}

int cy_int_com(cy_int *r, const cy_int *a)
{
    /* ~a = -a - 1: for a >= 0, -(|a| + 1); for a < 0, |a| - 1 >= 0. r grows first (keeping a's
     * value when r is a); nothing can fail after that. */
    size_t an = cy__int_n(a);
    int neg = cy__int_isneg(a);
    int err = cy__int_grow(r, an + 1);
    if (err)
        return err;
    if (r != a)
        cy_mpn_copy(r->d, a->d, an);
    if (!neg) {
        r->d[an] = cy_mpn_add_1(r->d, r->d, an, 1);
        cy__int_setsize(r, an + 1, 1);
    } else {
        cy_mpn_sub_1(r->d, r->d, an, 1);
        cy__int_setsize(r, an, 0);
    }
    return CY_OK;
}

int cy_int_tstbit(const cy_int *a, uint64_t k)
{
    twos t = twos_of(a);
    uint64_t kl = k / CY_LIMB_BITS;
    cy_limb x = kl >= t.n ? t.ext : limb(&t, (size_t)kl);
    return (int)((x >> (k % CY_LIMB_BITS)) & 1);
}

/* Bit k of x becomes `bit`: x + 2^k to set a clear bit, x - 2^k to clear a set one (no carry
 * crosses the sign in two's complement). On the magnitude: |x| + 2^k when the change has x's
 * sign (x >= 0 gaining a bit, x < 0 losing one), else |x| - 2^k, which stays positive: a
 * positive x with bit k set has |x| >= 2^k, and a negative x with bit k clear has |x| > 2^k
 * (every -|x| >= -2^k has all bits from k up set). */
static int put_bit(cy_int *x, uint64_t k, int bit)
{
    if (cy_int_tstbit(x, k) == bit)
        return CY_OK;
    int neg = cy__int_isneg(x);
    size_t xn = cy__int_n(x);
    uint64_t kl = k / CY_LIMB_BITS;
    cy_limb one = (cy_limb)1 << (k % CY_LIMB_BITS);
    if (bit != neg) { /* the magnitude grows: to max(xn, kl + 1) limbs, plus a carry limb */
        if (kl >= CY__INT_MAX_LIMBS)
            return CY_ENOMEM;
        size_t n = (size_t)kl + 1 > xn ? (size_t)kl + 1 : xn;
        int err = cy__int_grow(x, n + 1);
        if (err)
            return err;
        cy_mpn_zero(x->d + xn, n + 1 - xn);
        cy_mpn_add_1(x->d + kl, x->d + kl, n + 1 - (size_t)kl, one); /* cannot carry out */
        cy__int_setsize(x, n + 1, neg);
    } else { /* kl < xn: |x| >= 2^k */
        cy_mpn_sub_1(x->d + kl, x->d + kl, xn - (size_t)kl, one);
        cy__int_setsize(x, xn, neg);
    }
    return CY_OK;
}

int cy_int_setbit(cy_int *x, uint64_t k)
{
    return put_bit(x, k, 1);
}

int cy_int_clrbit(cy_int *x, uint64_t k)
{
    return put_bit(x, k, 0);
}

int cy_int_combit(cy_int *x, uint64_t k)
{
    return put_bit(x, k, !cy_int_tstbit(x, k));
}

uint64_t cy_int_popcount(const cy_int *a)
{
    if (cy__int_isneg(a))
        return UINT64_MAX;
    uint64_t c = 0;
    for (size_t i = 0, n = cy__int_n(a); i < n; i++)
        c += cy__popcount(a->d[i]);
    return c;
}

uint64_t cy_int_hamdist(const cy_int *a, const cy_int *b)
{
    if (cy__int_isneg(a) != cy__int_isneg(b))
        return UINT64_MAX; /* the extensions differ everywhere */
    twos ta = twos_of(a), tb = twos_of(b);
    size_t n = ta.n > tb.n ? ta.n : tb.n;
    uint64_t c = 0;
    for (size_t i = 0; i < n; i++)
        c += cy__popcount(limb(&ta, i) ^ limb(&tb, i));
    return c;
}

/* The first bit at or after k that equals `bit`, or UINT64_MAX when there is none. */
static uint64_t scan(const cy_int *a, uint64_t k, int bit)
{
    twos t = twos_of(a);
    cy_limb flip = bit ? 0 : CY_LIMB_MAX; /* look for ones in limb ^ flip */
    uint64_t kl = k / CY_LIMB_BITS;
    if (kl >= t.n)
        return (t.ext ^ flip) ? k : UINT64_MAX;
    cy_limb x = (limb(&t, (size_t)kl) ^ flip) & (CY_LIMB_MAX << (k % CY_LIMB_BITS));
    for (size_t i = (size_t)kl;;) {
        if (x)
            return (uint64_t)i * CY_LIMB_BITS + cy__ctz(x);
        if (++i >= t.n)
            return (t.ext ^ flip) ? (uint64_t)t.n * CY_LIMB_BITS : UINT64_MAX;
        x = limb(&t, i) ^ flip;
    }
}

uint64_t cy_int_scan0(const cy_int *a, uint64_t k)
{
    return scan(a, k, 0);
}

uint64_t cy_int_scan1(const cy_int *a, uint64_t k)
{
    return scan(a, k, 1);
}

int cy_int_congruent_2exp_p(const cy_int *a, const cy_int *c, uint64_t k)
{
    /* a = c mod 2^k when the low k bits of their two's complements agree. Limb `top` is an
     * extension limb of both: the limbs above it agree when it does. */
    twos ta = twos_of(a), tc = twos_of(c);
    size_t top = ta.n > tc.n ? ta.n : tc.n;
    uint64_t kl = k / CY_LIMB_BITS;
    size_t n = kl > top ? top + 1 : (size_t)kl; /* the whole limbs to compare */
    for (size_t i = 0; i < n; i++)
        if (limb(&ta, i) != limb(&tc, i))
            return 0;
    if (kl > top)
        return 1;
    cy_limb mask = ((cy_limb)1 << (k % CY_LIMB_BITS)) - 1; /* the bits of limb kl below k */
    return !((limb(&ta, n) ^ limb(&tc, n)) & mask);
}
