/* RSA private-key operation with the Chinese remainder theorem, base blinding and a result check;
 * the public-key operation. Contracts in carry/mod.h, design in docs/mod.md ("RSA").
 * SPDX-License-Identifier: MIT
 *
 * Notation: N = p q of n limbs, p and q of h = n / 2 limbs, R_p = B^h (the Montgomery radix of
 * the contexts modulo p and q), e public, dp = d mod (p - 1), dq = d mod (q - 1),
 * qinv = q^-1 mod p (RFC 8017, section 3.2). */
#include "impl.h"

/* An error code (0 or negative) as a limb 0 or positive, and back. */
static cy_limb err_limb(int err)
{
    return (cy_limb)(unsigned)-err;
}

/* a if a != 0, else b (error codes, 0 or negative), without branching: a may come from secrets. */
static int err_or(int a, int b)
{
    cy_limb ua = err_limb(a), mask = cy__mask_nz(ua);
    return -(int)((ua & mask) | (err_limb(b) & ~mask));
}

/* code where mask is all ones, else 0. */
static int err_if(cy_limb mask, int code)
{
    return -(int)(err_limb(code) & mask);
}

/* All ones if {a, n} != {b, n}. */
static cy_limb mask_ne_n(const cy_limb *a, const cy_limb *b, size_t n)
{
    cy_limb t = 0;
    for (size_t i = 0; i < n; i++)
        t |= a[i] ^ b[i];
    return cy__mask_nz(t);
}

/* {acc, ctx->n} = x^e R mod m for x in Montgomery form (x R mod m, maybe secret) and the public
 * exponent {e, en}, e[en - 1] != 0: left-to-right square-and-multiply. The branches follow the
 * bits of e only; x reaches products only. acc != x; ms: cy_mont_mul_itch(n) limbs. A window
 * would save little for the usual e = 65537 (16 squarings and 1 product either way). */
static void pow_pub(cy_limb *acc, const cy_limb *x, const cy_limb *e, size_t en,
                    const cy_mont *ctx, cy_limb *ms)
{
    size_t top = en * CY_LIMB_BITS - 1 - cy__clz(e[en - 1]);
    cy_mpn_copy(acc, x, ctx->n);
    for (size_t i = top; i-- > 0;) {
        cy_mont_sqr(acc, acc, ctx, ms);
        if ((e[i / CY_LIMB_BITS] >> (i % CY_LIMB_BITS)) & 1)
            cy_mont_mul(acc, acc, x, ctx, ms);
    }
}

/* Scratch below the temporaries of cy_rsa_private and cy_rsa_init: every mod-layer call they make
 * on h-limb and n-limb numbers. */
static size_t sub_itch(size_t n)
{
    size_t h = n / 2, s = cy_mont_powm_itch(h, h), t;
    if ((t = cy_mod_inv_itch(h)) > s) s = t;
    if ((t = cy_mont_mod_itch(h)) > s) s = t;
    if ((t = cy_mpn_mul_n_itch(h)) > s) s = t;
    if ((t = cy_mont_mul_itch(n)) > s) s = t;
    return s;
}

size_t cy_rsa_storage_limbs(size_t n, size_t en)
{
    size_t h = n / 2;
    return cy_mont_storage_limbs(n) + 2 * cy_mont_storage_limbs(h) + 3 * h + en;
}

size_t cy_rsa_init_itch(size_t n)
{
    size_t h = n / 2, s = n + h + sub_itch(n), t;
    if ((t = cy_mont_init_vartime_itch(n)) > s) s = t;
    if ((t = cy_mont_init_itch(h)) > s) s = t;
    return s;
}

int cy_rsa_init(cy_rsa_key *key, cy_limb *storage, const cy_limb *N, size_t n, const cy_limb *e,
                size_t en, const cy_limb *p, const cy_limb *q, const cy_limb *dp,
                const cy_limb *dq, const cy_limb *qinv, cy_limb *scratch)
{
    /* Public checks, in variable time: sizes and e. */
    while (en > 0 && e[en - 1] == 0)
        en--;
    if (n < 2 || n % 2 != 0 || en == 0 || !(e[0] & 1) || (en == 1 && e[0] < 3))
        return CY_EINVAL;
    size_t h = n / 2;
    cy_limb *sn = storage, *sp = sn + cy_mont_storage_limbs(n), *sq = sp + cy_mont_storage_limbs(h);
    cy_limb *sdp = sq + cy_mont_storage_limbs(h), *sdq = sdp + h, *sqi = sdq + h, *se = sqi + h;
    int err = cy_mont_init_vartime(&key->mn, sn, N, n, scratch); /* N is public */
    if (err)
        return err;
    key->n = n;
    key->en = en;
    cy_mpn_copy(se, e, en), key->e = se;
    cy_mpn_copy(sdp, dp, h), key->dp = sdp;
    cy_mpn_copy(sdq, dq, h), key->dq = sdq;
    key->qinv = sqi;

    /* From here on the values are secret: every check is a mask, and the work is the same
     * whatever they are (an invalid p or q gives a context whose arithmetic is meaningless but
     * harmless). */
    int errp = cy_mont_init(&key->mp, sp, p, h, scratch);
    int errq = cy_mont_init(&key->mq, sq, q, h, scratch);
    cy_limb *t = scratch, *pq = t + h, *ss = pq + n;
    /* qinv in Montgomery form modulo p; qinv R_p * (q mod p) / R_p = qinv q mod p must be 1 */
    cy_mont_to(sqi, qinv, &key->mp, ss);
    cy_mont_mod(t, key->mq.m, h, &key->mp, ss);
    cy_mont_mul(t, t, sqi, &key->mp, ss);
    t[0] ^= 1;
    cy_limb bad_qinv = cy__mask_nz_n(t, h);
    /* p q = N (with the qinv check, N = p q for coprime odd p, q > 1: the CRT applies) */
    cy_mpn_mul_n(pq, key->mp.m, key->mq.m, h, ss);
    cy_limb bad_pq = mask_ne_n(pq, N, n);
    err = err_or(err_or(errp, errq), err_if(bad_pq | bad_qinv, CY_EINVAL));
    cy_mpn_zero(scratch, cy_rsa_init_itch(n)); /* secrets: q mod p, p q, products of p */
    return err;
}

size_t cy_rsa_private_itch(size_t n)
{
    return 4 * n + sub_itch(n);
}

/* One half of the CRT with its blinding: {mi, h} = c^d mod pi for c = {in, n}, from the blinded
 * base (c r^e mod pi), r = {blind, n}: (c r^e)^d = c^d r^(e d) = c^d r mod pi since
 * e d = 1 mod (pi - 1) (Fermat; also for r = 0 mod pi, which is reported). Returns all ones if
 * r = 0 mod pi (no inverse), else 0. t: 4h limbs, ss: sub_itch(n). */
static cy_limb crt_half(cy_limb *mi, const cy_limb *in, const cy_limb *blind, size_t n,
                        const cy_limb *d, const cy_rsa_key *key, const cy_mont *ctx, cy_limb *t,
                        cy_limb *ss)
{
    size_t h = ctx->n;
    cy_limb *c = t, *r = c + h, *x = r + h, *y = x + h;
    cy_mont_mod(c, in, n, ctx, ss);
    cy_mont_mod(r, blind, n, ctx, ss);
    cy_mont_to(x, r, ctx, ss);
    pow_pub(y, x, key->e, key->en, ctx, ss); /* r^e R_p */
    cy_mont_mul(c, c, y, ctx, ss);           /* c r^e mod pi, < pi */
    cy_mont_powm(mi, c, d, h, ctx, ss);      /* c^d r mod pi; c < pi: no error */
    int err = cy_mod_inv_safegcd(y, r, ctx, ss);
    cy_mont_to(y, y, ctx, ss);               /* r^-1 R_p */
    cy_mont_mul(mi, mi, y, ctx, ss);         /* c^d mod pi */
    return cy__mask_nz(err_limb(err));
}

int cy_rsa_private(cy_limb *out, const cy_limb *in, const cy_limb *blind, const cy_rsa_key *key,
                   cy_limb *scratch)
{
    size_t n = key->n, h = n / 2;
    const cy_mont *mp = &key->mp, *mq = &key->mq, *mn = &key->mn;
    cy_limb *m = scratch, *m1 = m + n, *m2 = m1 + h, *t = m2 + h, *ss = t + 2 * n;
    cy_limb bad_in = cy__mask_bit(cy__lt_n(in, mn->m, n) ^ 1);

    /* The two halves, blinded (rsa.c's crt_half); an unreduced input runs the same course. */
    cy_limb bad_r = crt_half(m1, in, blind, n, key->dp, key, mp, t, ss);
    bad_r |= crt_half(m2, in, blind, n, key->dq, key, mq, t, ss);

    /* Garner: m = m2 + q (qinv (m1 - m2) mod p) < q + q (p - 1) = N (RFC 8017 5.1.2 2.b). m2 < q
     * may exceed p: reduced first. */
    cy_mont_mod(t, m2, h, mp, ss);
    cy_mont_sub(t, m1, t, mp);
    cy_mont_mul(t, t, key->qinv, mp, ss); /* (m1 - m2) qinv R_p / R_p */
    cy_mpn_mul_n(m, t, mq->m, h, ss);
    cy_mpn_add(m, m, n, m2, h); /* no carry: the sum is < N */

    /* The check (Boneh, DeMillo, Lipton 1997): m^e = in mod N with the public key, computed
     * modulo N, independently of p, q and the CRT. A fault in one half makes m wrong modulo one
     * factor only, and such an m must not leave the function. */
    cy_limb *x = t, *y = t + n;
    cy_mont_to(x, m, mn, ss);
    pow_pub(y, x, key->e, key->en, mn, ss);
    cy_mont_from(y, y, mn, ss);
    cy_limb bad_check = mask_ne_n(y, in, n);

    cy_limb bad = bad_in | bad_r | bad_check;
    for (size_t i = 0; i < n; i++)
        out[i] = m[i] & ~bad;
    int err = err_or(err_if(bad_in, CY_EUNREDUCED),
                     err_or(err_if(bad_r, CY_ENOTINV), err_if(bad_check, CY_EFAULT)));
    /* Every intermediate is a secret (the result, the halves, r mod p, the exponentiations'
     * tables): none stays in the caller's scratch. */
    cy_mpn_zero(scratch, cy_rsa_private_itch(n));
    return err;
}

int cy_rsa_public(cy_limb *out, const cy_limb *in, const cy_rsa_key *key, cy_limb *scratch)
{
    size_t n = key->n;
    const cy_mont *mn = &key->mn;
    cy_limb *x = scratch, *y = x + n, *ss = y + n;
    cy_limb bad = cy__mask_bit(cy__lt_n(in, mn->m, n) ^ 1);
    cy_mont_to(x, in, mn, ss);
    pow_pub(y, x, key->e, key->en, mn, ss);
    cy_mont_from(y, y, mn, ss);
    for (size_t i = 0; i < n; i++)
        out[i] = y[i] & ~bad;
    return err_if(bad, CY_EUNREDUCED);
}
