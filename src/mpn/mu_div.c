/* cy__mpn_mu_div: block division with a precomputed reciprocal. SPDX-License-Identifier: MIT
 *
 * Barrett's method in blocks (P. Barrett, CRYPTO '86; the block form of Brent and Zimmermann,
 * "Modern Computer Arithmetic", section 3.4.2 and exercise 3.15, which GMP calls mu-division).
 * Take the k top limbs D_k = floor(D / B^(dn-k)) of the normalised divisor and its reciprocal
 * X = B^k + {ip, k} from cy__mpn_invert: D_k X < B^(2k) <= D_k (X + 2). The quotient comes out in
 * blocks of kk <= k limbs from the top. For a block the partial remainder W = {n + i, dn + kk}
 * is below B^kk D, and with W_t = floor(W / B^(dn+kk-k)) (its top k limbs, W_t <= D_k) the
 * estimate
 *     Q' = floor(W_t X / B^(2k-kk))                  (one k x k product: W_t {ip, k} + W_t B^k)
 * is within [Q - 4, Q + 2] of the true block quotient Q = floor(W / D):
 *  - Q' > W_t (B^(2k)/D_k - 2) / B^(2k-kk) - 1 > W_t B^kk / D_k - 3 (W_t < B^k), and
 *    Q <= W / D < (W_t + 1) B^(dn+kk-k) / (D_k B^(dn-k)) <= W_t B^kk / D_k + 2 (D_k >= B^k/2):
 *    Q - Q' < 5;
 *  - Q' <= W_t X / B^(2k-kk) < W_t B^kk / D_k, and Q > W / D - 1 > W_t B^kk / (D_k + 1) - 1
 *    (D < (D_k + 1) B^(dn-k)): Q' - Q < W_t B^kk / (D_k (D_k + 1)) + 1 <= B^kk / (D_k + 1) + 1
 *    < 3.
 * Also Q' < W_t B^kk / D_k <= B^kk: the estimate fits the block. A short block (kk < k) needs
 * only the top m = kk + 1 limbs of W_t and of X: with W_t = W' B^(k-m) + w0 and
 * X = X' B^(k-m) + x0 (w0, x0 < B^(k-m)), the dropped terms W' x0 B^(k-m) + w0 X add less than
 * B^(kk-m) + 2 B^(kk-m) <= 3/B < 1 to W_t X / B^(2k-kk), so floor(W' X' / B^(2m-kk)) is Q' or
 * Q' - 1: within [Q - 5, Q + 2], one m x m product instead of k x k. Then W - Q' D (one dn x kk
 * product) lies in [-2D, 6D): it is brought into [0, D) by at most two additions or five
 * subtractions of D, read on its low dn + 1 limbs (the limbs above are its sign).
 * Only the low dn + 1 limbs of W - Q' D are needed, so from the transforms' threshold on the
 * product Q' D is taken mod B^m - 1 with m >= dn + 2 (low_remainder below): one cyclic
 * convolution of about dn limbs instead of a product of dn + kk limbs (GMP does the same; the
 * high half of that product is known in advance).
 * A 2n / n division then costs the reciprocal of n/2 limbs and, per block of n/2 limbs, one
 * n/2 x n/2 product and one product mod B^m - 1, m about n: at n = 10000 about 2.7 M(n), against
 * 3.2 M(n) for the divide-and-conquer recursion (whose cost grows like M(n) log n) and 2.2 M(n)
 * for GMP's mpn_tdiv_qr; with full products instead of the wrap-around ones it costs 4.2-4.5 M(n) from 20000 to 60000 limbs. So
 * cy_mpn_divrem takes it from mu_div limbs (core/tune.h, per back end) (docs/div.md). With the
 * reciprocal given (get_str reuses one per power) and k = dn, a 2n / n division is one n x n
 * product and one product mod B^m - 1.
 */
#include "mulimpl.h"
#include "divimpl.h"

static size_t max2(size_t x, size_t y) { return x > y ? x : y; }

/* The size m of the product mod B^m - 1 that gives W - Q' D for a block of kk quotient limbs,
 * or 0 for a full product: the wrap-around runs when the full dn x kk product would be a
 * transform anyway (dn + kk from the transforms' threshold); then its cyclic convolution of
 * about dn + 2 limbs is shorter. */
static size_t wrap_size(size_t dn, size_t kk)
{
    return dn + kk >= cy__tune_now()->mul_fft ? cy__mpn_mulmod_bm1_size(dn + 2) : 0;
}

/* {w, dn + 1} = W - Q' D mod B^(dn+1) for W = {w, dn + kk} and Q' = {qb, kk}, given that
 * R = W - Q' D lies in [-2D, 6D), from one product mod B^m - 1, m = wrap_size(dn, kk) >= dn + 2
 * (so dn, kk <= m and dn + kk <= 2m):
 *  - T = (W mod B^m - 1) - (Q' D mod B^m - 1) mod B^m - 1 is R mod B^m - 1, in [0, B^m - 1];
 *  - |R| < 6 B^dn < B^(dn+1) / 2 <= B^(m-1) / 2: for R >= 0, T is R (top bit of T clear) or,
 *    for R = 0, possibly B^m - 1; for R < 0, T = B^m - 1 + R > B^m / 2 (top bit set). So with
 *    the top bit set R = T + 1 - B^m, whose low dn + 1 limbs are those of T + 1 (this also maps
 *    B^m - 1 to 0), and without it R = T.
 * tp: 2m limbs, then mtp: cy__mpn_mulmod_bm1_itch(m) limbs. */
static void low_remainder(cy_limb *w, size_t dn, size_t kk, const cy_limb *d, const cy_limb *qb,
                          size_t m, cy_limb *tp, cy_limb *mtp)
{
    cy_limb *pm = tp, *wm = tp + m;
    cy__mpn_mulmod_bm1(pm, d, dn, qb, kk, m, mtp);
    size_t wn = dn + kk;
    if (wn <= m) {
        cy_mpn_copy(wm, w, wn);
        cy_mpn_zero(wm + wn, m - wn);
    } else {
        /* W mod B^m - 1 = W_lo + W_hi with an end-around carry; after a carry the sum is below
         * W_hi < B^m - 1, so adding it back does not carry again */
        cy_limb c = cy_mpn_add(wm, w, m, w + m, wn - m);
        c = cy_mpn_add_1(wm, wm, m, c);
        CY_ASSERT(c == 0);
        (void)c;
    }
    /* x - y mod B^m - 1 for x, y in [0, B^m - 1]: after a borrow x - y + B^m >= 1, minus one */
    cy_limb b = cy_mpn_sub_n(wm, wm, pm, m);
    b = cy_mpn_sub_1(wm, wm, m, b);
    CY_ASSERT(b == 0);
    (void)b;
    cy_mpn_add_1(wm, wm, dn + 1, wm[m - 1] >> (CY_LIMB_BITS - 1)); /* mod B^(dn+1) */
    cy_mpn_copy(w, wm, dn + 1);
}

/* The block size for qn quotient limbs and a dn-limb divisor: the fewest blocks of at most dn
 * limbs, all of nearly equal size; but two blocks for dn/2 <= qn <= dn when the wrap-around
 * product is in use. A block of kk limbs costs about M(kk) + M(dn)/2 and the reciprocal of k
 * limbs about 2 M(k): for qn = dn one block costs about 3.5 M(dn), two blocks 2.7 M(dn)
 * (measured at 10000 limbs: three blocks were no faster); below qn = dn/2 the extra cyclic
 * product of about dn limbs outweighs the smaller reciprocal. */
static size_t block_size(size_t qn, size_t dn)
{
    size_t b = (qn + dn - 1) / dn;
    if (b == 1 && 2 * qn >= dn && wrap_size(dn, (qn + 1) / 2))
        b = 2;
    return (qn + b - 1) / b;
}

size_t cy__mpn_mu_div_preinv_itch(size_t dn, size_t k)
{
    /* the block's product area (a k x k product plus one limb, or a dn x kk product), then the
     * products' scratch: mul_itch(dn, kk) for kk <= k is not monotone in kk, but it is at most
     * mul_itch(dn + kk, dn + kk) <= mul_itch(dn + k, dn + k) (include/carry/mpn.h) */
    size_t m = max2(cy_mpn_mul_itch(k, k), cy_mpn_mul_itch(dn + k, dn + k));
    /* or one transform, whose scratch grows with the lengths, or the product mod B^m - 1 with
     * its 2m limbs (any block: wrap_size grows with kk) */
    size_t mw = wrap_size(dn, k), area = max2(dn + k + 1, 2 * mw);
    m = max2(m, mw ? cy__mpn_mulmod_bm1_itch(mw) : 0);
    return area + max2(m, cy__mpn_mul_fft_itch(dn, k, 0));
}

size_t cy__mpn_mu_div_itch(size_t nn, size_t dn)
{
    size_t k = block_size(nn - dn, dn);
    return k + max2(cy__mpn_invert_itch(k), cy__mpn_mu_div_preinv_itch(dn, k));
}

cy_limb cy__mpn_mu_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb *tp)
{
    CY_ASSERT(dn >= 2 && nn > dn && (d[dn - 1] >> (CY_LIMB_BITS - 1)));
    size_t k = block_size(nn - dn, dn);
    cy__mpn_invert(tp, d + dn - k, k, tp + k);
    return cy__mpn_mu_div_preinv(q, n, nn, d, dn, tp, k, tp + k);
}

cy_limb cy__mpn_mu_div_preinv(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn,
                              const cy_limb *ip, size_t k, cy_limb *tp)
{
    CY_ASSERT(dn >= 2 && nn >= dn && k >= 1 && k <= dn && (d[dn - 1] >> (CY_LIMB_BITS - 1)));
    size_t qn = nn - dn;
    cy_limb *prod = tp, *mtp = prod + max2(dn + k + 1, 2 * wrap_size(dn, k));
    cy_limb qh = cy_mpn_cmp(n + qn, d, dn) >= 0; /* the top quotient bit, as D >= B^dn / 2 */
    if (qh)
        cy_mpn_sub_n(n + qn, n + qn, d, dn);
    for (size_t i = qn; i > 0;) {
        size_t kk = i % k ? i % k : k; /* the first block takes the odd part */
        i -= kk;
        cy_limb *w = n + i, *qb = q + i;
        /* Q' from the top m limbs of W_t and X (m = k for a full block), limbs 2m - kk .. 2m of
         * W' {ip + k - m, m} + W' B^m */
        size_t m = kk < k ? kk + 1 : k;
        const cy_limb *wt = w + dn + kk - m;
        cy_mpn_mul_n(prod, wt, ip + k - m, m, mtp);
        cy_limb top = cy_mpn_add_n(prod + m, prod + m, wt, m);
        CY_ASSERT(top == 0); /* Q' < B^kk */
        (void)top;
        cy_mpn_copy(qb, prod + 2 * m - kk, kk);
        /* W - Q' D; its value is in [-2D, 6D), so its low dn + 1 limbs hold it, limb dn carrying
         * the sign */
        size_t mw = wrap_size(dn, kk);
        if (mw) {
            low_remainder(w, dn, kk, d, qb, mw, prod, mtp);
        } else {
            cy__mpn_mul_big(prod, d, dn, qb, kk, mtp);
            cy_mpn_sub_n(w, w, prod, dn + kk);
        }
        cy_limb rt = w[dn];
        unsigned fixes = 0; /* the bounds above, checked in debug builds */
        (void)fixes;
        while (rt >> (CY_LIMB_BITS - 1)) { /* negative: Q' was too large */
            CY_ASSERT(++fixes <= 2);
            rt += cy_mpn_add_n(w, w, d, dn);
            cy_limb b = cy_mpn_sub_1(qb, qb, kk, 1);
            CY_ASSERT(b == 0);
            (void)b;
        }
        while (rt || cy_mpn_cmp(w, d, dn) >= 0) { /* at least D: Q' was too small */
            CY_ASSERT(++fixes <= 5);
            rt -= cy_mpn_sub_n(w, w, d, dn);
            cy_limb c = cy_mpn_add_1(qb, qb, kk, 1);
            CY_ASSERT(c == 0);
            (void)c;
        }
    }
    return qh;
}
