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
 * A 2n / n division costs the reciprocal of about n/2 limbs and, per block of n/2 limbs, one
 * n/2 x n/2 and one n x n/2 product (full products: we have no wrap-around product for the
 * latter, whose high half is known): measured 4.2-4.5 M(n) from n = 20000 to 60000, against
 * 4.4-5.2 M(n) for the divide-and-conquer recursion, whose cost grows like M(n) log n; so
 * cy_mpn_divrem takes it from CY_MU_DIV_THRESHOLD = 40000 limbs. With the reciprocal given
 * (get_str reuses one per power) and k = dn, a 2n / n division is two n x n products.
 */
#include "divimpl.h"

static size_t max2(size_t x, size_t y) { return x > y ? x : y; }

/* The block size for qn quotient limbs and a dn-limb divisor: the fewest blocks of at most dn
 * limbs, all of nearly equal size. */
static size_t block_size(size_t qn, size_t dn)
{
    size_t b = (qn + dn - 1) / dn;
    return (qn + b - 1) / b;
}

size_t cy__mpn_mu_div_preinv_itch(size_t dn, size_t k)
{
    /* the block's product area (a k x k product plus one limb, or a dn x kk product), then the
     * products' scratch: mul_itch(dn, kk) for kk <= k is not monotone in kk, but it is at most
     * mul_itch(dn + kk, dn + kk) <= mul_itch(dn + k, dn + k) (include/carry/mpn.h) */
    size_t m = max2(cy_mpn_mul_itch(k, k), cy_mpn_mul_itch(dn + k, dn + k));
    /* or one transform, whose scratch grows with the lengths */
    return dn + k + 1 + max2(m, cy__mpn_mul_fft_itch(dn, k, 0));
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
    cy_limb *prod = tp, *mtp = prod + dn + k + 1;
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
        /* W - Q' D, dn + kk limbs; its value is in [-2D, 6D), so limb dn carries the sign */
        cy__mpn_mul_big(prod, d, dn, qb, kk, mtp);
        cy_mpn_sub_n(w, w, prod, dn + kk);
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
