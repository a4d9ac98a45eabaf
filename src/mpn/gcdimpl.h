/* Internal to carry's mpn layer: Lehmer steps for cy_mpn_gcd and cy_mpn_gcdext.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_MPN_GCDIMPL_H
#define CARRY_SRC_MPN_GCDIMPL_H

#include "divimpl.h"
#include "core/tune.h"

/* The native double-limb type, where the target has one (CY__HAVE_DLIMB): two-limb values in
 * gcd.c's binary gcd and hgcd2.c's Euclid steps. */
#if CY_LIMB_BITS == 32
#  define CY__HAVE_DLIMB 1
typedef uint64_t cy__dlimb;
#elif defined(CY_HAVE_INT128)
#  define CY__HAVE_DLIMB 1
typedef unsigned __int128 cy__dlimb;
#endif

/* The outcome of cy__hgcd2 on the leading bits a, b of two numbers A >= B: after `steps`
 * Euclid steps the pair (a, b) became (alpha, beta) with
 *     alpha = s_a a - t_a b,  beta = t_b b - s_b a        (neg == 0)
 *     alpha = t_a b - s_a a,  beta = s_b a - t_b b        (neg == 1)
 * and the same combinations of the full A, B are non-negative (see hgcd2.c). */
typedef struct cy__hgcd2_matrix {
    cy_limb s_a, t_a, s_b, t_b;
    int neg;
    unsigned steps;
} cy__hgcd2_matrix;

/* Runs Euclid's algorithm on the two-limb values <ah, al> >= <bh, bl> (ah's top bit set) while
 * the cofactors fit in a limb and the remainders stay at least as large as their cofactors.
 * Fills *m; returns m->steps (0 when not even one step is safe). */
unsigned cy__hgcd2(cy_limb ah, cy_limb al, cy_limb bh, cy_limb bl, cy__hgcd2_matrix *m);

/* The top two limbs of {a, n} shifted so that the first has its top bit set, and the bits of
 * {b, n} (zero-padded to n limbs) at the same positions. n >= 2, a[n-1] != 0. */
static inline void cy__gcd_window(const cy_limb *a, const cy_limb *b, size_t n, cy_limb w[4])
{
    unsigned c = cy__clz(a[n - 1]);
    cy_limb a2 = n >= 3 ? a[n - 3] : 0, b2 = n >= 3 ? b[n - 3] : 0;
    w[0] = a[n - 1], w[1] = a[n - 2], w[2] = b[n - 1], w[3] = b[n - 2];
    if (c) {
        const unsigned r = CY_LIMB_BITS - c;
        w[0] = (w[0] << c) | (w[1] >> r);
        w[1] = (w[1] << c) | (a2 >> r);
        w[2] = (w[2] << c) | (w[3] >> r);
        w[3] = (w[3] << c) | (b2 >> r);
    }
}

/* {ra, n} = alpha and {rb, n} = beta for the full numbers {a, n}, {b, n} (b zero-padded), by the
 * combinations in *m. Both results are non-negative and at most max(A, B), so the top carries
 * cancel. ra and rb must not overlap a or b. */
static inline void cy__hgcd2_apply(cy_limb *ra, cy_limb *rb, const cy_limb *a, const cy_limb *b,
                                   size_t n, const cy__hgcd2_matrix *m)
{
    cy_limb h;
    if (!m->neg) {
        h = cy_mpn_mul_1(ra, a, n, m->s_a) - cy_mpn_submul_1(ra, b, n, m->t_a);
        CY_ASSERT(h == 0);
        h = cy_mpn_mul_1(rb, b, n, m->t_b) - cy_mpn_submul_1(rb, a, n, m->s_b);
        CY_ASSERT(h == 0);
    } else {
        h = cy_mpn_mul_1(ra, b, n, m->t_a) - cy_mpn_submul_1(ra, a, n, m->s_a);
        CY_ASSERT(h == 0);
        h = cy_mpn_mul_1(rb, a, n, m->s_b) - cy_mpn_submul_1(rb, b, n, m->t_b);
        CY_ASSERT(h == 0);
    }
    (void)h;
}

/* The length of {p, n} without its high zero limbs. */
static inline size_t cy__nlen(const cy_limb *p, size_t n)
{
    while (n > 0 && p[n - 1] == 0)
        n--;
    return n;
}

/* {r, xn + yn} = {x, xn} {y, yn} for lengths in either order, either may be 0 (then nothing is
 * written and 0 returned); else returns xn + yn. tp: cy_mpn_mul_itch of the two lengths. */
static inline size_t cy__mul_any(cy_limb *r, const cy_limb *x, size_t xn, const cy_limb *y,
                                 size_t yn, cy_limb *tp)
{
    if (!xn || !yn)
        return 0;
    if (xn >= yn)
        cy_mpn_mul(r, x, xn, y, yn, tp);
    else
        cy_mpn_mul(r, y, yn, x, xn, tp);
    return xn + yn;
}

/* Half-gcd (src/mpn/hgcd.c, after Moller 2008; the bounds and the proof are there). A reduction
 * matrix M = (m00 m01; m10 m11): entries >= 0, det M = 1, (a; b) = M (a'; b'). Entries e[0..3] =
 * m00, m01, m10, m11 of up to cap limbs each, zero-padded to len limbs (all below B^len); spare:
 * the buffers of a matrix product. */
typedef struct cy__hgcd_mat {
    cy_limb *e[4], *spare[4];
    size_t cap, len;
} cy__hgcd_mat;

/* A matrix for cy__hgcd on n limbs, set to the identity: storage of 8 * (ceil(n/2) + 1) limbs. */
void cy__hgcd_mat_init(cy__hgcd_mat *M, size_t n, cy_limb *storage);

/* Reduces {a, n}, {b, n} (zero-padded, not both below B^s, s = floor(n/2) + 1) in place to
 * a', b' >= B^s with (a; b) = M (a'; b'), M the matrix of the reduction (M->cap at least that of
 * cy__hgcd_mat_init for n). Returns max(len a', len b'), or 0 when no step keeps both at least
 * B^s (a, b, M unchanged apart from M = I). tp: cy__hgcd_itch(n) limbs. */
size_t cy__hgcd_itch(size_t n);
size_t cy__hgcd(cy_limb *a, cy_limb *b, size_t n, cy__hgcd_mat *M, cy_limb *tp);

/* After cy__hgcd reduced the top parts {a + p, n - p}, {b + p, n - p} with M: the full pair
 * becomes (m11 a - m01 b, m00 b - m10 a), returned length as cy__hgcd. */
size_t cy__hgcd_adjust(cy_limb *a, cy_limb *b, size_t n, size_t p, const cy__hgcd_mat *M,
                       cy_limb *tp);

/* One subquadratic reduction of cy_mpn_gcd and cy_mpn_gcdext: cy__hgcd on the top 2n/3 limbs
 * of {a, n}, {b, n} (zero-padded) and the adjustment; returns the new length (about 2n/3), or 0
 * when cy__hgcd found no step (then unchanged). *M receives the matrix (det 1, (a; b) = M (a'; b'))
 * with its storage at the start of tp, valid until tp is reused; the limbs of tp after
 * 8 M->cap are free once this returns. tp: cy__gcd_reduce_itch(n) limbs. */
size_t cy__gcd_reduce_itch(size_t n);

/* cy_mpn_gcd and cy_mpn_gcdext reduce by cy__gcd_reduce from this many limbs (tune.h). */
static inline size_t cy__gcd_dc_thr(void)
{
    size_t t = cy__tune_now()->gcd_dc;
    return t < 8 ? 8 : t;
}
size_t cy__gcd_reduce(cy_limb *a, cy_limb *b, size_t n, cy__hgcd_mat *M, cy_limb *tp);

#endif /* CARRY_SRC_MPN_GCDIMPL_H */
