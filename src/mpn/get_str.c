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
 *    (cy__mpn_mu_div_preinv, blocks of the power's length): no reciprocal or recursion per call;
 *  - from get_str_srt limbs, the scaled remainder tree (below): one reciprocal of big^M, then
 *    products only; the division path stays for smaller sizes and as the fallback.
 * Digits are written backwards, ending at the end of the cy_mpn_sizeinbase area, and moved to the
 * front at the end (the bound may exceed the true count by one).
 */
#include <string.h>

#include "core/tune.h"
#include "mulimpl.h"
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

/* ---- Scaled remainder tree (from get_str_srt limbs, core/tune.h) ----
 *
 * D. J. Bernstein, "Scaled remainder trees" (2004), and R. Brent and P. Zimmermann, "Modern
 * Computer Arithmetic" (2010), 1.7 (conversion of an integer through a fixed-point fraction):
 * instead of dividing by the powers P_i = big^(2^i), compute once the fraction g ~ x / big^M
 * (M chunks of k digits, x < big^M) and descend with products only. A node holds a fixed-point
 * fraction g = {g, L} / B^L in [0, 1) and m chunks; its target is the integer
 * T = floor(g big^m), whose m chunks it writes. With m_hi = 2^i (the largest power of two at
 * most m / 2, a cached power) and m_lo = m - m_hi, the exact product g P_hi (L + n_hi limbs,
 * P_hi = big^m_hi) = q + f with q = floor(g P_hi) and f its fraction (L limbs, exact), and
 *     T = q big^m_lo + floor(f big^m_lo),
 * so the low child takes f (its top limbs) and the high child, whose target is q, takes g itself
 * (its top limbs). No division, one product per node.
 *
 * Error bound (why no digit can come out wrong). Invariant: a node's g has a margin,
 * frac(g big^m) in [mu, 1 - mu] with mu >= 1/4 - d 2^-64 at depth d (d counts tree levels and
 * leaf steps, under 200). Truncating a fraction to L' limbs with big^m' < B^(L'-1) (frac_limbs)
 * lowers g big^m' by less than B^-1 = 2^-64 and changes no floor while the margin exceeds that:
 *  - low child: its target floor(f big^m_lo) and margin come from frac(f big^m_lo) =
 *    frac(g big^m), the parent's, less 2^-64;
 *  - high child: g truncated to L_hi limbs gives g' P_hi = q + f - e, 0 <= e < 2^-64. If
 *    1/4 <= f < 3/4 the floor is q with margin 1/4 - e. Otherwise (digits 000.. or 999.. follow,
 *    where a truncated fraction would give q - 1 or leave no margin) we add (f < 1/4) or
 *    subtract (f >= 3/4) 2^-s, s = bitlength(P_hi) + 1, so c = 2^-s P_hi is in (1/4, 1/2):
 *    g' P_hi lands in (q + 1/4 - e, q + 3/4], floor q again, margin >= 1/4 - e. The check reads
 *    one limb of the exact product.
 *  - root: g0 = floor(B^L0 (x + 1/2) / big^M) up to the reciprocal's error, L0 = n_D + 1 for
 *    big^M of n_D limbs: g0 is below (x + 1/2) / big^M by less than 3 B^-L0 (the reciprocal of
 *    cy__mpn_invert is at most 2 units low, bound in the code), i.e. by less than 3 B^-1 in units
 *    of big^-M, so floor(g0 big^M) = x with margin about 1/2.
 *  - leaf: the chunks of T come out exactly as the carries of mul_1 by big, the fraction
 *    truncated as it shrinks (the same 2^-64 per step).
 * So every target is exact and the digits are those of x. The tests use 10^j, 10^j +- 1,
 * big^(2^i) - 1 and all-ones limbs: the runs of 0 and 9 digits that a truncated fraction
 * without the correction turns into a wrong chunk.
 * Cost: the root's big^M (one squaring and products of the powers), a reciprocal of n + 2 limbs
 * and one n x n product; then an L x L/2 product per node, against the division path's two or
 * three products per node (docs/div.md). */

/* Limbs of the fraction that carries m chunks: above the length of big^m, one guard limb (an
 * upper bound of that length from log2(big), rounded up by more than the double's error). */
static size_t frac_limbs(size_t m, const cy__radix *ri)
{
    double bits = (double)m * ri->bits_per_digit * ri->chunk * (1.0 + 1e-12);
    return (size_t)(bits / CY_LIMB_BITS) + 2;
}

/* The chunks written so far, from the top: leading zero chunks skipped, the first nonzero one
 * without leading zeros, the others as exactly k digits. */
typedef struct srt_out {
    char *p;
    int started;
    const cy__radix *ri;
} srt_out;

static void srt_emit(srt_out *o, cy_limb c)
{
    if (!o->started) {
        if (c == 0)
            return;
        char buf[CY_LIMB_BITS], *end = buf + sizeof buf, *q = end;
        put_chunk(&q, c, o->ri, 0);
        memcpy(o->p, q, (size_t)(end - q));
        o->p += end - q;
        o->started = 1;
        return;
    }
    char *end = o->p + o->ri->chunk;
    put_chunk(&end, c, o->ri, 1);
    o->p += o->ri->chunk;
}

/* The size m of the product mod B^m - 1 that gives a node's fraction f (limbs [L - ll, L) of
 * g P_hi, L + ph limbs), or 0 for the full product: from the transforms' threshold on. With
 * m >= L and m >= ll + ph + 2, g P_hi = H B^m + Lo gives Lo + H mod B^m - 1 where H < B^(ph - 1)
 * (L + ph - m limbs at most ph - 2) lands below limb L - ll - 1, so the limbs [L - ll, L) are
 * those of f, plus at most one unit at the bottom from the carry of the sum (a fraction at most
 * B^-ll too high: less than 2^-64 in the child's units, inside the margin below). The sum does not
 * reach B^m - 1 (nor is it 0, which the product may return as B^m - 1): that would need the limbs
 * of Lo from L - ll - 2 up all ones, so 1 - f < B^-(ll + 1), while the node's margin gives
 * 1 - f >= mu big^-ml > B^-ll / 8 (big^ml < B^(ll - 1)). */
static size_t srt_wrap(size_t L, size_t ll, size_t ph)
{
    size_t need = ll + ph + 2 > L ? ll + ph + 2 : L;
    if (2 * need < cy__tune_now()->mul_fft)
        return 0;
    size_t m = cy__mpn_mulmod_bm1_size(need);
    return m < L + ph ? m : 0;
}

#define SRT_LEAF 24 /* chunks: below, mul_1 by big per chunk (quadratic, as the basecase) */

static void srt_node(srt_out *o, cy_limb *g, size_t L, size_t m, const cy__radix_pow *pw,
                     cy__bump bump)
{
    const cy__radix *ri = o->ri;
    if (m <= SRT_LEAF) {
        while (m > 0) {
            srt_emit(o, cy_mpn_mul_1(g, g, L, ri->big));
            m--;
            size_t l = frac_limbs(m, ri);
            if (l < L) {
                g += L - l;
                L = l;
            }
        }
        return;
    }
    size_t i = 0;
    while (((size_t)2 << (i + 1)) <= m)
        i++;
    size_t mh = (size_t)1 << i, ml = m - mh, ph = pw[i].n;
    CY_ASSERT(L > ph);
    size_t lh = frac_limbs(mh, ri), ll = frac_limbs(ml, ri);
    lh = lh < L ? lh : L;
    ll = ll < L ? ll : L;
    size_t wm = srt_wrap(L, ll, ph);
    cy_limb *h = cy__bump_take(&bump, wm ? wm : L + ph);
    {
        cy__bump tmp = bump;
        if (wm)
            cy__mpn_mulmod_bm1(h, g, L, pw[i].p, ph, wm, cy__bump_take(&tmp, cy__mpn_mulmod_bm1_itch(wm)));
        else
            cy__mpn_mul_big(h, g, L, pw[i].p, ph, cy__bump_take(&tmp, cy__mpn_mul_big_itch(L, ph)));
    }
    cy_limb ftop = h[L - 1];
    cy_limb *gh = g + (L - lh);
    const cy_limb quarter = (cy_limb)1 << (CY_LIMB_BITS - 2);
    if (ftop < quarter || ftop >= 3 * quarter) {
        /* 2^-s in lh limbs: bit lh B - s from the bottom, s = bitlength(P_hi) + 1 */
        size_t s = ph * CY_LIMB_BITS - cy__clz(pw[i].p[ph - 1]) + 1;
        size_t bit = lh * CY_LIMB_BITS - s, li = bit / CY_LIMB_BITS;
        cy_limb v = (cy_limb)1 << (bit % CY_LIMB_BITS), c;
        if (ftop < quarter)
            c = cy_mpn_add_1(gh + li, gh + li, lh - li, v);
        else
            c = cy_mpn_sub_1(gh + li, gh + li, lh - li, v);
        CY_ASSERT(c == 0); /* g' P_hi stays in (q, q + 1) with q < P_hi */
        (void)c;
    }
    srt_node(o, gh, lh, mh, pw, bump);
    srt_node(o, h + (L - ll), ll, ml, pw, bump);
}

/* The longest big^M (M rounded up by at most 1/15 in srt) plus room, and the longest power the
 * table needs (P_(K-1), about half of big^M). */
#define SRT_LEN(n) ((n) + (n) / 14 + 16)
#define SRT_POW(n) ((n) / 2 + (n) / 28 + 16)

/* Scratch of srt for n limbs (a bound): the root's buffers, then the tree's (a product of
 * L + L/2 limbs per level, the child at most 3/4 of the parent plus two limbs) and one
 * product's scratch. */
static size_t srt_itch(size_t n)
{
    size_t N = SRT_LEN(n), mi = cy_mpn_mul_itch(N, N), fi = 16 * N + 64;
    size_t prod = mi > fi ? mi : fi, inv = cy__mpn_invert_itch(N);
    size_t root = 6 * N + (prod > inv ? prod : inv);
    size_t tree = N + 8 * N + 64 * 4 + prod;
    return cy__radix_powers_itch(SRT_POW(n)) + (root > tree ? root : tree);
}

/* The digits of {a, n} (n >= 2) with bound >= their count, written at str; returns their count,
 * or 0 if the power table is too short (not expected: the caller falls back). */
static size_t srt(char *str, size_t bound, const cy_limb *a, size_t n, const cy__radix *ri,
                  cy__bump bump)
{
    size_t M = (bound + ri->chunk - 1) / ri->chunk; /* x < base^bound <= big^M */
    unsigned K = 0;
    while (((size_t)2 << K) <= M)
        K++;
    if (K < 2)
        return 0;
    /* Within 1/16 below a power of two, round M up to it: D is then one squaring (no products
     * by the smaller powers) and the tree splits evenly; the fraction is at most 1/15 longer. */
    if (M > ((size_t)2 << K) - ((size_t)2 << K) / 16) {
        M = (size_t)2 << K;
        K++;
    }
    cy__radix_pow pw[CY__RADIX_MAX_POWERS];
    size_t npw = cy__radix_powers(pw, SRT_POW(n), ri, cy__bump_take(&bump, cy__radix_powers_itch(SRT_POW(n))));
    if (npw < K)
        return 0;
    size_t N = SRT_LEN(n);
    cy__bump tree = bump; /* the root's buffers are free again once g0 is made */
    cy_limb *g0 = cy__bump_take(&tree, N);
    cy__bump root = tree;
    /* D = big^M = P_{K-1}^2 big^r, r = M - 2^K: big^r from the small powers up, then one
     * product with the square */
    cy_limb *u = cy__bump_take(&root, N), *v = cy__bump_take(&root, N), *w = cy__bump_take(&root, N);
    size_t un = 0;
    for (unsigned b = 0; b < K; b++) {
        if (!((M >> b) & 1))
            continue;
        if (un == 0) {
            cy_mpn_copy(u, pw[b].p, pw[b].n);
            un = pw[b].n;
        } else {
            cy__bump t = root;
            cy__mpn_mul_big(v, pw[b].p, pw[b].n, u, un, cy__bump_take(&t, cy__mpn_mul_big_itch(pw[b].n, un)));
            un += pw[b].n;
            un -= v[un - 1] == 0;
            cy_limb *s = u;
            u = v;
            v = s;
        }
    }
    const cy__radix_pow *T = &pw[K - 1];
    size_t dn = 2 * T->n;
    {
        cy__bump t = root;
        cy_mpn_sqr(w, T->p, T->n, cy__bump_take(&t, cy_mpn_sqr_itch(T->n)));
    }
    dn -= w[dn - 1] == 0;
    cy_limb *d = w;
    if (un) {
        cy__bump t = root;
        cy__mpn_mul_big(v, w, dn, u, un, cy__bump_take(&t, cy__mpn_mul_big_itch(dn, un)));
        dn += un;
        dn -= v[dn - 1] == 0;
        d = v;
    }
    CY_ASSERT(dn + 2 <= N);
    /* D' = D 2^sh B, normalised, ni = dn + 1 limbs, and X = B^ni + {inv, ni} with
     * D' X < B^(2 ni) <= D' (X + 2) (cy__mpn_invert) */
    size_t ni = dn + 1;
    cy_limb *dp = (d == v) ? u : v; /* the buffer d does not use */
    unsigned sh = cy__clz(d[dn - 1]);
    dp[0] = 0;
    if (sh)
        cy_mpn_lshift(dp + 1, d, dn, sh);
    else
        cy_mpn_copy(dp + 1, d, dn);
    cy_limb *inv = (d == w) ? v : w;
    if (dp == v) /* u, v, w: d, dp and inv must be three different buffers */
        inv = (d == w) ? u : w;
    {
        cy__bump t = root;
        cy__mpn_invert(inv, dp, ni, cy__bump_take(&t, cy__mpn_invert_itch(ni)));
    }
    /* Y = (2x + 1) X; g0 = floor(Y / 2^t), t = B-bits (ni - 1) + 1 - sh. With X* = B^(2 ni) / D',
     * X* - 2 < X <= X*: Y / 2^t = (2x + 1) X 2^sh / (2 B^(ni-1)) is B^ni (x + 1/2) / D less
     * (2x + 1) (X* - X) 2^sh / (2 B^(ni-1)) < 2D 2^sh / B^dn < 2, so g0 B^ni is below
     * B^ni (x + 1/2) / D by less than 3 (bound used above). */
    cy_limb *x2 = cy__bump_take(&root, n + 1);
    x2[n] = cy_mpn_lshift(x2, a, n, 1);
    x2[0] |= 1;
    size_t yn = (n + 1) + ni + 1;
    cy_limb *y = cy__bump_take(&root, yn + N);
    {
        cy__bump t = root;
        if (n + 1 >= ni)
            cy_mpn_mul(y, x2, n + 1, inv, ni, cy__bump_take(&t, cy_mpn_mul_itch(n + 1, ni)));
        else
            cy_mpn_mul(y, inv, ni, x2, n + 1, cy__bump_take(&t, cy_mpn_mul_itch(ni, n + 1)));
    }
    y[yn - 1] = cy_mpn_add_n(y + ni, y + ni, x2, n + 1);
    for (size_t j = 0; j < N; j++)
        y[yn + j] = 0;
    size_t tb = CY_LIMB_BITS * (ni - 1) + 1 - sh, ti = tb / CY_LIMB_BITS;
    CY_ASSERT(ti + ni + 1 <= yn + N);
    if (tb % CY_LIMB_BITS)
        cy_mpn_rshift(g0, y + ti, ni + 1, tb % CY_LIMB_BITS);
    else
        cy_mpn_copy(g0, y + ti, ni + 1);
    CY_ASSERT(g0[ni] == 0); /* g0 < 1 */
    srt_out o = {str, 0, ri};
    srt_node(&o, g0, ni, M, pw, tree);
    return (size_t)(o.p - str);
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
    size_t s = n >= cy__tune_now()->get_str_srt ? srt_itch(n) : 0;
    if (n < cy__tune_now()->get_str_dc)
        return n > s ? n : s;
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
    size_t dcn = n + 3 * cy__radix_powers_itch(n / 2) + 4 * n + 512 + div;
    return dcn > s ? dcn : s;
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
    if (n >= cy__tune_now()->get_str_srt) {
        size_t len = srt(str, bound, a, n, ri, bump);
        if (len)
            return len;
    }
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
