/* cy__hgcd: the half-gcd reduction for the subquadratic cy_mpn_gcd; variable time.
 * SPDX-License-Identifier: MIT
 *
 * N. Moller, "On Schonhage's algorithm and subquadratic integer gcd computation", Math. Comp. 77
 * (2008), 589-607: the reduction with the size bound s, the two recursive calls on the top parts
 * and the choice of the second split; written from the paper, B = 2^CY_LIMB_BITS.
 *
 * Matrices. M = (m00 m01; m10 m11) with entries >= 0 and det M = +1, a product of elementary
 * steps (1 q; 0 1) and (1 0; q 1) (q >= 1) or of cy__hgcd2 blocks. A pair (a, b) is reduced to
 * (a', b') with (a; b) = M (a'; b'), i.e. a' = m11 a - m01 b, b' = m00 b - m10 a. M is
 * unimodular, so gcd(a', b') = gcd(a, b). m00, m11 >= 1 (det 1 with entries >= 0), so a' <= a and
 * b' <= b.
 *
 * cy__hgcd(a, b, n): a, b < B^n, s = floor(n/2) + 1. If both a, b >= B^s it finds M != I and
 * reduces (a, b) in place to (a', b') with
 *   (R1) a', b' >= B^s,
 * and typically a', b' < B^(s+2) (Moller: the reduction stops only when |a' - b'| < B^s; here also
 * when a step of the base loop would break R1, which the loop checks). From R1 and
 * a = m00 a' + m01 b' >= m01 b' (and likewise for the other entries):
 *   (R2) m01 <= a / b' < B^(n-s), and every entry is below B^(n-s) = B^(ceil(n/2) - 1).
 * Otherwise (a or b < B^s, or no step keeps R1) it returns 0 and leaves everything unchanged.
 *
 * Adjusting a reduction of the top part (Moller's Lemma on reduced top parts): split
 * a = a_hi B^p + a_lo, b = b_hi B^p + b_lo (0 <= a_lo, b_lo < B^p), and let M reduce (a_hi, b_hi)
 * of k limbs to (alpha, beta) with alpha, beta >= B^s1, s1 = floor(k/2) + 1. By linearity
 *   a' = m11 a - m01 b = alpha B^p + (m11 a_lo - m01 b_lo) > (alpha - m01) B^p,
 *   b' = m00 b - m10 a = beta B^p + (m00 b_lo - m10 a_lo) > (beta - m10) B^p,
 * and by R2 m01, m10 < B^(k - s1) <= B^(s1 - 1), so a', b' > B^(p + s1 - 1) > 0.
 *  - First call: p = floor(n/2), k = n - p >= 2: p + s1 - 1 >= floor(n/2) + 1 = s, R1 holds for
 *    the full pair, whose size is about p + s1 + 1 = 3n/4 + O(1).
 *  - Second call, at size n1 with s + 2 < n1 <= 3n/4 + 1: p2 = 2s - n1 + 1 >= 0,
 *    k2 = n1 - p2 = 2(n1 - s) - 1, s2 = floor(k2/2) + 1 = n1 - s: p2 + s2 - 1 = s, R1 again, and the
 *    size falls to about p2 + s2 + 1 = s + 2. k2 <= ceil(n/2), so the matrix room of the top level
 *    suffices for both calls.
 * Between and after the calls, single steps (cy__hgcd2 on the top two limbs, else one division
 * with quotient q, or q - 1 when the remainder would fall below B^s) each keep R1 and det 1.
 * Cost: H(n) = 2 H(n/2) + O(M(n)), so O(M(n) log n).
 */
#include "gcdimpl.h"

#include "core/tune.h"

/* Room per matrix entry for hgcd on n limbs: entries < B^(ceil(n/2) - 1) by R2, plus one limb
 * for the carry of a mul_1 before normalisation and one spare. */
static size_t mat_cap(size_t n)
{
    return (n + 1) / 2 + 1;
}

static size_t hgcd_thr(void)
{
    size_t t = cy__tune_now()->hgcd;
    return t < 8 ? 8 : t;
}

/* Scratch at one level of n limbs, for whichever of these runs (never two at once):
 *  - single steps: two result buffers and a quotient (3n), then either a division's scratch or
 *    the product q * entry (at most cap + n limbs) with its scratch;
 *  - the adjustment: a copy of p <= n/2 limbs and two products of at most cap + p limbs, with
 *    their scratch (2.5n + 4 + S);
 *  - the matrix product: one entry (cap) and a product's scratch.
 * Every product has factors of n + 4 limbs in all (an entry is below B^(cap - 2), and a product
 * that ends in an entry is at most that entry), so its scratch is at most S(n + 4) =
 * mul_itch(n + 4, n + 4) (mul_itch(an, bn) <= mul_itch(an + bn, an + bn), mpn.h). */
static size_t local_itch(size_t n)
{
    size_t d = cy_mpn_divrem_itch(n, n), m = 2 * n + 4 + cy_mpn_mul_itch(n + 4, n + 4);
    return 3 * n + (d > m ? d : m);
}

/* The first recursive call runs on all of tp (the caller's matrix is outside it); the second
 * keeps its matrix, 8 cap(k2) <= 8 cap(k) limbs, at the front while it recurses and while the
 * adjustment and the matrix product run after it: itch(n) = 8 cap(k) + max(itch(k), local(n)),
 * k = ceil(n/2) >= k2. */
size_t cy__hgcd_itch(size_t n)
{
    if (n < hgcd_thr())
        return local_itch(n);
    size_t k = n - n / 2, h = cy__hgcd_itch(k), l = local_itch(n);
    return 8 * mat_cap(k) + (h > l ? h : l);
}

/* ---- matrices ---- */

void cy__hgcd_mat_init(cy__hgcd_mat *M, size_t n, cy_limb *storage)
{
    M->cap = mat_cap(n);
    for (int i = 0; i < 4; i++) {
        M->e[i] = storage + (size_t)i * M->cap;
        M->spare[i] = storage + (size_t)(4 + i) * M->cap;
    }
    M->e[0][0] = 1, M->e[1][0] = 0, M->e[2][0] = 0, M->e[3][0] = 1;
    M->len = 1;
}

static void mat_set_len(cy__hgcd_mat *M, size_t len)
{
    size_t l = 0;
    for (int i = 0; i < 4; i++) {
        size_t li = cy__nlen(M->e[i], len);
        l = li > l ? li : l;
    }
    CY_ASSERT(l + 1 < M->cap);
    M->len = l ? l : 1;
}

/* M <- M (x y; z w) for limbs x, y, z, w. The new entries are those of a valid reduction, below
 * B^(cap-2) (R2): a mul_1 and an addmul_1 over len limbs and two carry limbs fit the cap. */
static void mat_mul_limbs(cy__hgcd_mat *M, cy_limb x, cy_limb y, cy_limb z, cy_limb w)
{
    const size_t len = M->len;
    const cy_limb f[4] = {x, y, z, w}; /* column j of the step: (f[j], f[2 + j]) */
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            cy_limb *r = M->spare[2 * i + j];
            cy_limb c1 = cy_mpn_mul_1(r, M->e[2 * i], len, f[j]);
            cy_limb c2 = cy_mpn_addmul_1(r, M->e[2 * i + 1], len, f[2 + j]);
            r[len] = c1 + c2;
            r[len + 1] = r[len] < c1;
        }
    for (int i = 0; i < 4; i++) {
        cy_limb *t = M->e[i];
        M->e[i] = M->spare[i];
        M->spare[i] = t;
    }
    mat_set_len(M, len + 2);
}

/* Column `dst` of M += q * column 1 - dst: the step (1 q; 0 1) (dst = 1) or (1 0; q 1)
 * (dst = 0). {q, qn} normalised, qn >= 1; tp: cap + qn limbs and a product's scratch. */
static void mat_addmul_q(cy__hgcd_mat *M, int dst, const cy_limb *q, size_t qn, cy_limb *tp)
{
    const size_t len = M->len;
    size_t wl[2], newlen = len;
    for (int i = 0; i < 2; i++) {
        cy_limb *d = M->e[2 * i + dst];
        const cy_limb *src = M->e[2 * i + 1 - dst];
        if (qn == 1) {
            d[len] = cy_mpn_addmul_1(d, src, len, q[0]);
            wl[i] = len + 1;
        } else {
            size_t pn = cy__mul_any(tp, src, cy__nlen(src, len), q, qn, tp + len + qn);
            /* d + q src is an entry of a valid reduction, below B^(cap-2): pn <= cap - 1 */
            CY_ASSERT(pn < M->cap);
            size_t l = pn > len ? pn : len;
            cy_limb c = pn >= len ? cy_mpn_add(d, tp, pn, d, len) : cy_mpn_add(d, d, len, tp, pn);
            CY_ASSERT(l < M->cap);
            d[l] = c;
            wl[i] = l + 1;
        }
        newlen = wl[i] > newlen ? wl[i] : newlen;
    }
    /* zero-pad all four entries to the common length */
    for (int i = 0; i < 2; i++) {
        cy_mpn_zero(M->e[2 * i + dst] + wl[i], newlen - wl[i]);
        cy_mpn_zero(M->e[2 * i + 1 - dst] + len, newlen - len);
    }
    mat_set_len(M, newlen);
}

/* M <- M M2 (both det 1, entries >= 0). Each new entry is one of a valid reduction, below
 * B^(cap-2); each of its two products is at most the entry, so its normalised factors have
 * xn + yn <= cap - 1 limbs. tp: cap limbs and a product's scratch. */
static void mat_mul(cy__hgcd_mat *M, const cy__hgcd_mat *M2, cy_limb *tp)
{
    const size_t cap = M->cap;
    size_t l1[4], l2[4];
    for (int i = 0; i < 4; i++) {
        l1[i] = cy__nlen(M->e[i], M->len);
        l2[i] = cy__nlen(M2->e[i], M2->len);
    }
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            /* new e[2i+j] = e[2i] M2.e[j] + e[2i+1] M2.e[2+j] */
            cy_limb *r = M->spare[2 * i + j];
            cy_mpn_zero(r, cap);
            size_t pn = cy__mul_any(r, M->e[2 * i], l1[2 * i], M2->e[j], l2[j], tp + cap);
            CY_ASSERT(pn < cap);
            (void)pn;
            size_t qn = cy__mul_any(tp, M->e[2 * i + 1], l1[2 * i + 1], M2->e[2 + j], l2[2 + j], tp + cap);
            CY_ASSERT(qn < cap);
            if (qn) {
                cy_limb c = cy_mpn_add(r, r, cap - 1, tp, qn);
                CY_ASSERT(c == 0);
                (void)c;
            }
        }
    for (int i = 0; i < 4; i++) {
        cy_limb *t = M->e[i];
        M->e[i] = M->spare[i];
        M->spare[i] = t;
    }
    mat_set_len(M, cap - 1);
}

/* ---- the reduced pair ---- */

/* (a, b) of n limbs (zero-padded), whose top parts {a + p, n - p}, {b + p, n - p} M reduced to
 * (alpha, beta) in place: replaces (a, b) by (m11 a - m01 b, m00 b - m10 a), computed as
 * alpha B^p - m01 b_lo + m11 a_lo (and likewise), every partial result non-negative (header
 * comment). Returns the new length max(len a', len b') (n limbs stay zero-padded). tp: p + 2
 * (cap + p) limbs and a product's scratch. */
size_t cy__hgcd_adjust(cy_limb *a, cy_limb *b, size_t n, size_t p, const cy__hgcd_mat *M, cy_limb *tp)
{
    if (p == 0)
        return cy__nlen(a, n) > cy__nlen(b, n) ? cy__nlen(a, n) : cy__nlen(b, n);
    const size_t len = M->len;
    cy_limb *lo = tp, *t1 = lo + p, *t2 = t1 + len + p, *mt = t2 + len + p;
    size_t aln = cy__nlen(a, p), bln = cy__nlen(b, p);
    cy_limb c;
    cy_mpn_copy(lo, a, aln);
    size_t l01 = cy__nlen(M->e[1], len), l00 = cy__nlen(M->e[0], len);
    size_t l11 = cy__nlen(M->e[3], len), l10 = cy__nlen(M->e[2], len);
    size_t n1 = cy__mul_any(t1, M->e[1], l01, b, bln, mt); /* m01 b_lo */
    size_t n2 = cy__mul_any(t2, M->e[0], l00, b, bln, mt); /* m00 b_lo */
    /* a' = alpha B^p - m01 b_lo + m11 a_lo */
    cy_mpn_zero(a, p);
    if (n1) {
        c = cy_mpn_sub(a, a, n, t1, n1);
        CY_ASSERT(c == 0);
    }
    n1 = cy__mul_any(t1, M->e[3], l11, lo, aln, mt);
    if (n1) {
        c = cy_mpn_add(a, a, n, t1, n1);
        CY_ASSERT(c == 0);
    }
    /* b' = beta B^p - m10 a_lo + m00 b_lo */
    cy_mpn_zero(b, p);
    n1 = cy__mul_any(t1, M->e[2], l10, lo, aln, mt);
    if (n1) {
        c = cy_mpn_sub(b, b, n, t1, n1);
        CY_ASSERT(c == 0);
    }
    if (n2) {
        c = cy_mpn_add(b, b, n, t2, n2);
        CY_ASSERT(c == 0);
    }
    (void)c;
    size_t an = cy__nlen(a, n), bn = cy__nlen(b, n);
    CY_ASSERT(an > 0 && bn > 0);
    return an > bn ? an : bn;
}

/* ---- single steps ---- */

/* Steps on (a, b) of n limbs (zero-padded; both >= B^s) that keep R1 and update M, until the
 * length is at most `stop` (0: until no step keeps R1). *done is set when no step was possible;
 * *progress when at least one was taken. Returns the length; a and b hold the result, zero-padded
 * to the n limbs given. tp: local_itch(n) limbs. */
static size_t hgcd_steps(cy_limb *a, cy_limb *b, size_t n, size_t s, size_t stop, cy__hgcd_mat *M,
                         cy_limb *tp, int *done, int *progress)
{
    const size_t n0 = n;
    cy_limb *pa = a, *pb = b, *sp[2] = {tp, tp + n0};
    cy_limb *qs = tp + 2 * n0, *rest = qs + n0;
    *done = 0;
    while (n > stop) {
        size_t an = cy__nlen(pa, n), bn = cy__nlen(pb, n);
        CY_ASSERT(an > s && bn > s);
        n = an > bn ? an : bn;
        if (n <= stop)
            break;
        int swap = an < bn || (an == bn && cy_mpn_cmp(pa, pb, n) < 0);
        cy_limb *x = swap ? pb : pa, *y = swap ? pa : pb;
        size_t xn = swap ? bn : an, yn = swap ? an : bn;
        if (n >= s + 2 && yn + 1 >= xn) {
            cy_limb w[4];
            cy__hgcd2_matrix m;
            cy__gcd_window(x, y, n, w);
            if (cy__hgcd2(w[0], w[1], w[2], w[3], &m)) {
                cy_limb *T = sp[0], *U = sp[1];
                cy__hgcd2_apply(T, U, x, y, n, &m);
                if (cy__nlen(T, n) > s && cy__nlen(U, n) > s) {
                    /* (x; y) = X (x'; y'), det X = 1: neg == 0 gives x' = alpha, y' = beta and
                     * X = (t_b t_a; s_b s_a); neg == 1 the columns swapped, x' = beta. */
                    cy_limb *xp = m.neg ? U : T, *yp = m.neg ? T : U;
                    cy_limb X[4];
                    if (!m.neg)
                        X[0] = m.t_b, X[1] = m.t_a, X[2] = m.s_b, X[3] = m.s_a;
                    else
                        X[0] = m.t_a, X[1] = m.t_b, X[2] = m.s_a, X[3] = m.s_b;
                    sp[0] = x, sp[1] = y;
                    if (!swap) {
                        pa = xp, pb = yp;
                        mat_mul_limbs(M, X[0], X[1], X[2], X[3]);
                    } else { /* (b; a) = X (b'; a'): (a; b) = P X P (a'; b') */
                        pa = yp, pb = xp;
                        mat_mul_limbs(M, X[3], X[2], X[1], X[0]);
                    }
                    *progress = 1;
                    continue;
                }
            }
        }
        /* one division: x = q y + r; keep r if r >= B^s, else r + y with q - 1 (q = 1: none) */
        size_t qn = xn - yn + 1;
        cy_mpn_divrem(qs, x, x, xn, y, yn, rest);
        qn = cy__nlen(qs, qn);
        if (cy__nlen(x, yn) <= s) {
            if (qn == 1 && qs[0] == 1) {
                /* x - y < B^s: restore x and stop */
                cy_limb c = cy_mpn_add_n(x, x, y, yn);
                if (xn > yn)
                    x[yn] = c, cy_mpn_zero(x + yn + 1, xn - yn - 1);
                *done = 1;
                break;
            }
            cy_mpn_sub_1(qs, qs, qn, 1);
            qn = cy__nlen(qs, qn);
            cy_limb c = cy_mpn_add_n(x, x, y, yn);
            if (xn > yn)
                x[yn] = c, cy_mpn_zero(x + yn + 1, xn - yn - 1);
            else
                CY_ASSERT(c == 0);
        } else {
            cy_mpn_zero(x + yn, xn - yn);
        }
        /* x = a: (a; b) = (1 q; 0 1) (a'; b); x = b: (1 0; q 1) */
        mat_addmul_q(M, swap ? 0 : 1, qs, qn, rest);
        *progress = 1;
    }
    /* results back into a and b, zero-padded to n0 */
    if (pb == a) {
        cy_limb *t = pa == b ? sp[0] : b;
        cy_mpn_copy(t, pb, n);
        pb = t;
    }
    if (pa != a)
        cy_mpn_copy(a, pa, n);
    if (pb != b)
        cy_mpn_copy(b, pb, n);
    cy_mpn_zero(a + n, n0 - n);
    cy_mpn_zero(b + n, n0 - n);
    size_t an = cy__nlen(a, n), bn = cy__nlen(b, n);
    return an > bn ? an : bn;
}

/* ---- the recursion ---- */

size_t cy__hgcd(cy_limb *a, cy_limb *b, size_t n, cy__hgcd_mat *M, cy_limb *tp)
{
    const size_t s = n / 2 + 1, n0 = n;
    int done = 0, progress = 0;
    CY_ASSERT(M->cap >= mat_cap(n));
    M->e[0][0] = 1, M->e[1][0] = 0, M->e[2][0] = 0, M->e[3][0] = 1;
    M->len = 1;
    if (cy__nlen(a, n) <= s || cy__nlen(b, n) <= s)
        return 0;
    if (n < hgcd_thr()) {
        n = hgcd_steps(a, b, n, s, 0, M, tp, &done, &progress);
        return progress ? n : 0;
    }
    /* first call: the top ceil(n/2) limbs */
    size_t p = n / 2, nn = cy__hgcd(a + p, b + p, n - p, M, tp);
    if (nn) {
        n = cy__hgcd_adjust(a, b, n, p, M, tp);
        progress = 1;
    }
    /* single steps down to 3n/4 + 1 limbs (many only when the first call could not reduce) */
    const size_t n2 = 3 * n0 / 4 + 1;
    if (n > n2) {
        n = hgcd_steps(a, b, n, s, n2, M, tp, &done, &progress);
        if (done)
            return progress ? n : 0;
    }
    if (n > s + 2) {
        /* second call: the top k2 = 2(n - s) - 1 limbs, so that R1 survives the adjustment */
        size_t p2 = 2 * s - n + 1, k2 = n - p2;
        CY_ASSERT(k2 <= n0 - n0 / 2); /* scratch: cy__hgcd_itch */
        cy__hgcd_mat M2;
        cy__hgcd_mat_init(&M2, k2, tp);
        cy_limb *tp2 = tp + 8 * M2.cap;
        nn = cy__hgcd(a + p2, b + p2, k2, &M2, tp2);
        if (nn) {
            n = cy__hgcd_adjust(a, b, n, p2, &M2, tp2);
            mat_mul(M, &M2, tp2);
            progress = 1;
        }
    }
    n = hgcd_steps(a, b, n, s, 0, M, tp, &done, &progress);
    return progress ? n : 0;
}

/* ---- the gcd's reduction ---- */

size_t cy__gcd_reduce_itch(size_t n)
{
    return 8 * mat_cap(n) + cy__hgcd_itch(n);
}

size_t cy__gcd_reduce(cy_limb *a, cy_limb *b, size_t n, cy__hgcd_mat *M, cy_limb *tp)
{
    /* hgcd on the top n - p limbs: its reduced pair has about (n - p)/2 limbs, the adjusted full
     * pair about p + (n - p)/2; any 2 <= p <= n - 2 keeps the pair positive (header comment).
     * p = n/3 measured as good as n/6 to 2n/3 at 2000 to 10^5 limbs. */
    size_t p = n / 3;
    cy__hgcd_mat_init(M, n - p, tp);
    cy_limb *tp2 = tp + 8 * M->cap;
    size_t nn = cy__hgcd(a + p, b + p, n - p, M, tp2);
    if (!nn)
        return 0;
    return cy__hgcd_adjust(a, b, n, p, M, tp2);
}
