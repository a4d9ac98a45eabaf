/* cy_mpn_get_str: digits of a natural number in base 2..36. SPDX-License-Identifier: MIT
 *
 * Power-of-two bases read the digits straight from the bits (linear). Other bases:
 *  - basecase (quadratic): divide by big = base^k, the largest power below B, with the
 *    precomputed 2/1 reciprocal (one cy_mpn_divrem_1_preinv pass per k digits) and split each
 *    remainder into k digits;
 *  - divide-and-conquer from get_str_dc limbs (core/tune.h) (Knuth, TAOCP vol. 2, 4.4, exercise
 *    14; Brent and Zimmermann, "Modern Computer Arithmetic", 1.7): divide by a cached power
 *    P_i = base^(k 2^i) of about half the length, convert the quotient and the remainder (the
 *    latter padded to exactly k 2^i digits). O(D(n) log n) for D the cost of division. Powers
 *    of get_str_mu limbs and more get a normalised copy and a reciprocal
 *    (cy__mpn_invert) once, and every division by them is a block division with it
 *    (cy__mpn_mu_div_preinv, blocks of the power's length): no reciprocal or recursion per call.
 * Digits are written backwards, ending at the end of the cy_mpn_sizeinbase area, and moved to the
 * front at the end (the bound may exceed the true count by one).
 */
#include <string.h>

#include "core/tune.h"
#include "radix.h"

static const char digit_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* Writes the digits of r backwards before *pos: exactly `count` digits when all != 0 (leading
 * zeros included), else until r is exhausted. The base is a parameter of an inline function so
 * that the call for base 10 divides by a constant (a multiplication). */
static inline void put_limb(char **pos, cy_limb r, unsigned count, int all, cy_limb base)
{
    char *p = *pos;
    for (unsigned j = 0; j < count && (all || r != 0); j++) {
        *--p = digit_chars[r % base];
        r /= base;
    }
    *pos = p;
}

static void put_chunk(char **pos, cy_limb r, const cy__radix *ri, int all)
{
    if (ri->base == 10)
        put_limb(pos, r, ri->chunk, all, 10);
    else
        put_limb(pos, r, ri->chunk, all, (cy_limb)ri->base);
}

/* Basecase: the digits of {t, tn} (clobbered) written backwards before end; with want != 0,
 * padded with zeros to exactly want digits. Returns the new start. */
static char *basecase(char *end, size_t want, cy_limb *t, size_t tn, const cy__radix *ri)
{
    char *p = end;
    while (tn > 0 && t[tn - 1] == 0)
        tn--;
    while (tn > 0) {
        cy_limb r = cy_mpn_divrem_1_preinv(t, t, tn, &ri->inv);
        tn -= t[tn - 1] == 0;
        put_chunk(&p, r, ri, tn > 0); /* the last chunk without leading zeros */
    }
    while ((size_t)(end - p) < want)
        *--p = '0';
    return p;
}

/* Divide-and-conquer on {x, xn} (clobbered), as basecase. */
static char *dc(char *end, size_t want, cy_limb *x, size_t xn, const cy__radix *ri,
                const cy__radix_pow *pw, size_t npw, cy__bump bump)
{
    while (xn > 0 && x[xn - 1] == 0)
        xn--;
    if (xn < cy__tune_now()->get_str_dc)
        return basecase(end, want, x, xn, ri);
    /* The largest power of at most half the length: the quotient then has fewer than 3/4 of
     * the limbs (P_{i+1}, nearly twice as long, would exceed xn / 2). */
    size_t i = 0;
    while (i + 1 < npw && 2 * pw[i + 1].n <= xn)
        i++;
    const cy__radix_pow *P = &pw[i];
    size_t qn = xn - P->n + 1;
    cy_limb *q = cy__bump_take(&bump, qn), *r = cy__bump_take(&bump, P->n);
    cy__bump tmp = bump;
    if (P->inv) {
        /* as cy_mpn_divrem, with the power's reciprocal: shift X like P into xn + 1 limbs (the
         * top one below 2^shift, so the quotient has qn limbs and no high bit), divide in blocks
         * of up to P->n limbs, shift the remainder back */
        cy_limb *xs = cy__bump_take(&tmp, xn + 1);
        if (P->shift)
            xs[xn] = cy_mpn_lshift(xs, x, xn, P->shift);
        else {
            cy_mpn_copy(xs, x, xn);
            xs[xn] = 0;
        }
        cy_limb qh = cy__mpn_mu_div_preinv(q, xs, xn + 1, P->norm, P->n, P->inv, P->n,
                                           cy__bump_take(&tmp, cy__mpn_mu_div_preinv_itch(P->n, P->n)));
        CY_ASSERT(qh == 0);
        (void)qh;
        if (P->shift)
            cy_mpn_rshift(r, xs, P->n, P->shift);
        else
            cy_mpn_copy(r, xs, P->n);
    } else {
        cy_mpn_divrem(q, r, x, xn, P->p, P->n, cy__bump_take(&tmp, cy_mpn_divrem_itch(xn, P->n)));
    }
    char *mid = dc(end, P->digits, r, P->n, ri, pw, npw, bump);
    return dc(mid, want ? want - P->digits : 0, q, qn, ri, pw, npw, bump);
}

/* Power-of-two base 2^m: digit j is bits [j m, j m + m) of A. */
static size_t get_str_pow2(char *str, unsigned m, const cy_limb *a, size_t n)
{
    size_t bits = n * CY_LIMB_BITS - cy__clz(a[n - 1]);
    size_t nd = (bits + m - 1) / m;
    const cy_limb mask = ((cy_limb)1 << m) - 1;
    for (size_t j = 0; j < nd; j++) {
        size_t bit = j * m, li = bit / CY_LIMB_BITS;
        unsigned off = bit % CY_LIMB_BITS;
        cy_limb v = a[li] >> off;
        if (off + m > CY_LIMB_BITS && li + 1 < n)
            v |= a[li + 1] << (CY_LIMB_BITS - off);
        str[nd - 1 - j] = digit_chars[v & mask];
    }
    return nd;
}

size_t cy_mpn_get_str_itch(size_t n, int base)
{
    const cy__radix *ri = cy__radix_of(base);
    if (ri->log2)
        return 0;
    if (n < cy__tune_now()->get_str_dc)
        return n;
    /* the copy of A, the powers, then the recursion: each level holds a quotient and remainder
     * of its length x + 1 limbs, and a child has at most 3x/4 + 1 limbs, so a chain of levels
     * holds at most 4n + 5 limbs per level (under 100 levels); below them one division's
     * scratch. */
    size_t div = cy_mpn_divrem_itch(n, n), mu = n + 1 + cy__mpn_mu_div_preinv_itch(n, n);
    /* the normalised powers and their reciprocals take twice the powers' limbs; computing a
     * reciprocal takes cy__mpn_invert_itch of at most n / 2 limbs before the recursion starts */
    size_t inv = cy__mpn_invert_itch(n / 2);
    div = div > mu ? div : mu;
    div = div > inv ? div : inv;
    return n + 3 * cy__radix_powers_itch(n / 2) + 4 * n + 512 + div;
}

size_t cy_mpn_get_str(char *str, int base, const cy_limb *a, size_t n, cy_limb *scratch)
{
    CY_ASSERT(base >= 2 && base <= 36);
    while (n > 0 && a[n - 1] == 0)
        n--;
    if (n == 0) {
        str[0] = '0';
        return 1;
    }
    const cy__radix *ri = cy__radix_of(base);
    if (ri->log2)
        return get_str_pow2(str, ri->log2, a, n);
    if (n == 1) {
        /* One limb: at most one split by big (the high part is below base), no scratch. */
        char buf[CY_LIMB_BITS], *end = buf + sizeof buf, *p = end;
        cy_limb v = a[0];
        if (v >= ri->big) {
            put_chunk(&p, v % ri->big, ri, 1);
            v /= ri->big;
        }
        put_chunk(&p, v, ri, 0);
        memcpy(str, p, (size_t)(end - p));
        return (size_t)(end - p);
    }
    size_t bound = cy_mpn_sizeinbase(a, n, base);
    cy__bump bump = {scratch, cy_mpn_get_str_itch(n, base)};
    cy_limb *t = cy__bump_take(&bump, n);
    cy_mpn_copy(t, a, n);
    char *start;
    if (n < cy__tune_now()->get_str_dc) {
        start = basecase(str + bound, 0, t, n, ri);
    } else {
        cy__radix_pow pw[CY__RADIX_MAX_POWERS];
        size_t npw = cy__radix_powers(pw, n / 2, ri, cy__bump_take(&bump, cy__radix_powers_itch(n / 2)));
        /* the normalised large powers and their reciprocals, used by every division by them */
        for (size_t i = 0; i < npw; i++) {
            size_t pn = pw[i].n;
            if (pn < cy__tune_now()->get_str_mu)
                continue;
            cy_limb *norm = cy__bump_take(&bump, pn), *inv = cy__bump_take(&bump, pn);
            unsigned sh = cy__clz(pw[i].p[pn - 1]);
            if (sh)
                cy_mpn_lshift(norm, pw[i].p, pn, sh);
            else
                cy_mpn_copy(norm, pw[i].p, pn);
            cy__bump tmp = bump;
            cy__mpn_invert(inv, norm, pn, cy__bump_take(&tmp, cy__mpn_invert_itch(pn)));
            pw[i].norm = norm;
            pw[i].inv = inv;
            pw[i].shift = sh;
        }
        start = dc(str + bound, 0, t, n, ri, pw, npw, bump);
    }
    size_t len = (size_t)(str + bound - start);
    memmove(str, start, len);
    return len;
}
