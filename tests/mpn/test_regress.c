/* Regression vectors for the classes of bignum bugs that have shipped in other libraries, on
 * operands of our own built to drive carry's corresponding code paths to their extreme values,
 * on every back end, against GMP. SPDX-License-Identifier: MIT
 *
 * The classes (OpenSSL security advisories):
 *   - CVE-2014-3570: BN_sqr lost a carry when it doubled the cross products of a column
 *     (bn_sqr_comba*, mul_add_c2). Our paths: cy_mpn_sqr's basecase of every back end (generic,
 *     x86_64, the adx mulx/adcx/adox rows, the IFMA basecase) and the Toom squarings.
 *   - CVE-2017-3732, CVE-2017-3736: carry propagation bugs in the x86-64 mulx/adx squaring
 *     (bn_sqrx8x_internal), reached by exponentiation. Ours: the adx squaring kernels and the
 *     Montgomery squaring cy_mont_sqr.
 *   - CVE-2017-3738: an overflow in the AVX2 1024-bit Montgomery multiplication
 *     (rsaz_1024_mul_avx2). Ours: the IFMA Montgomery product and exponentiation (16 limbs and
 *     the whole IFMA range).
 *   - CVE-2019-1551: an overflow in the 512-bit Montgomery squaring (rsaz_512_sqr). Ours: the
 *     fixed-size Montgomery kernels (8 limbs and around) and cy_mont_sqr.
 *   - CVE-2016-7055: a carry bug in the Broadwell-specific (mulx/adx) Montgomery multiplication
 *     for input lengths divisible by, but longer than, 256 bits. Ours: the ADX Montgomery kernels
 *     at n = 8, 12, 16, 24, 32, 64, 72, 80 limbs (the ADX reduction's unrolled row loop has exits
 *     by n mod 8 and n mod 72).
 *
 * Each bug needed operands whose intermediate sums reach their bound, which random operands
 * almost never do. The vectors here do:
 *   - products and squares where every limb of a product column is all ones (B - 1), with zero
 *     limbs cut into every position, and operands made of pieces that are all ones or zero (the
 *     Toom evaluations at 0, +-1, +-2, infinity then reach their maxima and minima, and so do the
 *     interpolated coefficients), at sizes around every multiplication crossover of the back end;
 *   - Montgomery products, squares and powers of the largest residues (m - 1, m - 2) modulo
 *     moduli with all-ones top limbs (B^n - 1 - 2k), with m = 1 mod B (so -m^-1 mod B = B - 1
 *     and every REDC quotient digit is as large as the product lets it be), and B^n - B^k + 1,
 *     at the sizes of every Montgomery code path (fixed kernels, ADX CIOS and REDC with their
 *     n mod 8 exits, IFMA). */
#include <string.h>

#include "../common/test.h"
#include "../../src/core/tune.h" /* the crossovers of the back end in use */

static mpz_t za, zb, zp, zr, zm;
static int cpu; /* the back end in use, for the reports */

/* {a, an} * {b, bn} (an >= bn) by cy_mpn_mul, and by cy_mpn_mul_n and cy_mpn_sqr where they
 * apply, against mpz_mul. */
static void check_mul(const cy_limb *a, size_t an, const cy_limb *b, size_t bn, const char *what)
{
    size_t rn = an + bn, itch = cy_mpn_mul_itch(an, bn);
    if (an == bn && cy_mpn_mul_n_itch(an) > itch) itch = cy_mpn_mul_n_itch(an);
    if (an == bn && cy_mpn_sqr_itch(an) > itch) itch = cy_mpn_sqr_itch(an);
    cy_limb *r = t_alloc(rn), *tp = t_alloc(itch);
    t_to_mpz(za, a, an), t_to_mpz(zb, b, bn);
    mpz_mul(zp, za, zb);
    cy_mpn_mul(r, a, an, b, bn, tp);
    t_to_mpz(zr, r, rn);
    T_CHECK(mpz_cmp(zp, zr) == 0 && t_guards_ok(r, rn), "%s: mul %zu x %zu wrong on %s", what, an,
            bn, cy_cpu_name((cy_cpu)cpu));
    if (an == bn) {
        cy_mpn_mul_n(r, a, b, an, tp);
        t_to_mpz(zr, r, rn);
        T_CHECK(mpz_cmp(zp, zr) == 0, "%s: mul_n %zu wrong on %s", what, an, cy_cpu_name((cy_cpu)cpu));
        if (memcmp(a, b, an * sizeof *a) == 0) {
            cy_mpn_sqr(r, a, an, tp);
            t_to_mpz(zr, r, rn);
            T_CHECK(mpz_cmp(zp, zr) == 0 && t_guards_ok(r, rn), "%s: sqr %zu wrong on %s", what,
                    an, cy_cpu_name((cy_cpu)cpu));
        }
    }
    t_free(r), t_free(tp);
}

/* {p, n}: k pieces of n/k limbs (the last one takes the rest), piece i all ones if bit i of
 * pattern is set, else zero. */
static void pieces(cy_limb *p, size_t n, unsigned k, unsigned pattern)
{
    size_t len = n / k;
    for (size_t i = 0; i < n; i++) {
        size_t piece = len ? i / len : 0;
        if (piece >= k)
            piece = k - 1;
        p[i] = (pattern >> piece & 1) ? CY_LIMB_MAX : 0;
    }
}

/* CVE-2014-3570 / 2017-3732 / 2017-3736 class: every product column at its maximum, at size n
 * (squares and balanced products) and n x bn for a few bn < n (the unbalanced Toom cases). */
static void products(size_t n)
{
    cy_limb *a = t_alloc(n), *b = t_alloc(n);
    /* all ones: every column of a * a holds only (B - 1)^2 products */
    memset(a, 0xff, n * sizeof *a);
    check_mul(a, n, a, n, "all ones");
    /* all ones but one limb, at the ends and in the middle: the carry chain cut there */
    size_t at[] = {0, 1, n / 2, n - 1};
    for (int i = 0; i < 4; i++) {
        if (at[i] >= n)
            continue;
        memset(a, 0xff, n * sizeof *a);
        a[at[i]] = 0;
        check_mul(a, n, a, n, "all ones, one zero limb");
        a[at[i]] = CY_LIMB_MAX - 1;
        check_mul(a, n, a, n, "all ones, one limb B - 2");
        memset(b, 0xff, n * sizeof *b);
        check_mul(b, n, a, n, "all ones times all ones but one limb");
    }
    /* B^n - B^k and B^k - 1: ones above or below a boundary */
    for (size_t k = 1; k < n; k += (n > 16 ? n / 8 : 1)) {
        memset(a, 0xff, n * sizeof *a);
        memset(a, 0, k * sizeof *a);
        check_mul(a, n, a, n, "B^n - B^k");
        memset(b, 0, n * sizeof *b);
        memset(b, 0xff, k * sizeof *b);
        check_mul(b, n, b, n, "B^k - 1");
        check_mul(a, n, b, n, "(B^n - B^k)(B^k - 1)");
    }
    /* Toom pieces: 2, 3 and 4 pieces, each all ones or zero (evaluations and interpolated
     * coefficients at their extremes), squared and times all ones */
    for (unsigned k = 2; k <= 4; k++)
        for (unsigned pat = 1; pat < 1u << k; pat++) {
            if (n < k)
                break;
            pieces(a, n, k, pat);
            check_mul(a, n, a, n, "Toom pieces squared");
            memset(b, 0xff, n * sizeof *b);
            check_mul(b, n, a, n, "Toom pieces times all ones");
            pieces(b, n, k, ~pat);
            check_mul(a, n, b, n, "complementary Toom pieces");
        }
    /* unbalanced: an = n, bn = n/2, n/3, 2n/3 (toom32 and toom42 shapes), all ones and pieces */
    size_t bns[] = {n / 2, n / 3, 2 * n / 3, n - 1};
    for (int i = 0; i < 4; i++) {
        size_t bn = bns[i];
        if (bn == 0)
            continue;
        memset(a, 0xff, n * sizeof *a);
        memset(b, 0xff, bn * sizeof *b);
        check_mul(a, n, b, bn, "unbalanced all ones");
        for (unsigned pat = 1; pat < 8; pat++) {
            pieces(a, n, 3, pat), pieces(b, bn, 2, pat);
            check_mul(a, n, b, bn, "unbalanced Toom pieces");
        }
    }
    t_free(a), t_free(b);
}

/* CVE-2017-3732 / 3736 / 3738, 2019-1551, 2016-7055 class: the Montgomery operations on the
 * largest residues modulo the n-limb modulus in zm, against GMP. */
static void montgomery(size_t n)
{
    size_t en = n < 2 ? n : 2, itch = cy_mont_init_itch(n), t;
    if ((t = cy_mont_mul_itch(n)) > itch) itch = t;
    if ((t = cy_mont_powm_itch(n, en)) > itch) itch = t;
    if ((t = cy_mont_powm_vartime_itch(n, en)) > itch) itch = t;
    cy_limb *m = t_alloc(n), *st = t_alloc(cy_mont_storage_limbs(n)), *sc = t_alloc(itch);
    cy_limb *a = t_alloc(n), *b = t_alloc(n), *r = t_alloc(n), *e = t_alloc(en);
    mpz_t rinv, x;
    mpz_inits(rinv, x, NULL);
    t_from_mpz(m, n, zm);
    cy_mont ctx;
    T_CHECK(cy_mont_init(&ctx, st, m, n, sc) == 0, "init");
    mpz_set_ui(rinv, 1), mpz_mul_2exp(rinv, rinv, n * CY_LIMB_BITS), mpz_invert(rinv, rinv, zm);
    const char *cn = cy_cpu_name((cy_cpu)cpu);
    /* operand pairs: (m-1, m-1), (m-1, m-2), (m-2, m-2), (m-1, 1), (m-1, R mod m) */
    for (int pair = 0; pair < 5; pair++) {
        mpz_sub_ui(za, zm, pair < 2 || pair > 2 ? 1 : 2);
        switch (pair) {
        case 0: mpz_sub_ui(zb, zm, 1); break;
        case 1: case 2: mpz_sub_ui(zb, zm, 2); break;
        case 3: mpz_set_ui(zb, 1); break;
        default: mpz_set_ui(zb, 1), mpz_mul_2exp(zb, zb, n * CY_LIMB_BITS), mpz_mod(zb, zb, zm);
        }
        t_from_mpz(a, n, za), t_from_mpz(b, n, zb);
        cy_mont_mul(r, a, b, &ctx, sc);
        mpz_mul(x, za, zb), mpz_mul(x, x, rinv), mpz_mod(x, x, zm);
        t_to_mpz(zr, r, n);
        T_CHECK(mpz_cmp(x, zr) == 0, "mont_mul pair %d n=%zu on %s", pair, n, cn);
        cy_mont_sqr(r, a, &ctx, sc);
        mpz_mul(x, za, za), mpz_mul(x, x, rinv), mpz_mod(x, x, zm);
        t_to_mpz(zr, r, n);
        T_CHECK(mpz_cmp(x, zr) == 0, "mont_sqr pair %d n=%zu on %s", pair, n, cn);
        cy_mont_to(r, a, &ctx, sc);
        cy_mont_from(r, r, &ctx, sc);
        t_to_mpz(zr, r, n);
        T_CHECK(mpz_cmp(za, zr) == 0, "mont_to/from pair %d n=%zu on %s", pair, n, cn);
        /* exponents of en <= 2 limbs (each window costs the same products whatever its
         * length): all ones (every window full), the low limbs of m - 1 and m - 2 */
        for (int k = 0; k < 3 && pair != 2 && pair != 3; k++) {
            if (k == 0)
                memset(e, 0xff, en * sizeof *e);
            else
                cy_mpn_sub_1(e, m, en, (cy_limb)k);
            t_to_mpz(x, e, en);
            mpz_powm(x, za, x, zm);
            int err = cy_mont_powm(r, a, e, en, &ctx, sc);
            t_to_mpz(zr, r, n);
            T_CHECK(err == 0 && mpz_cmp(x, zr) == 0, "powm pair %d exp %d n=%zu on %s", pair, k,
                    n, cn);
            err = cy_mont_powm_vartime(r, a, e, en, &ctx, sc);
            t_to_mpz(zr, r, n);
            T_CHECK(err == 0 && mpz_cmp(x, zr) == 0, "powm_vartime pair %d exp %d n=%zu on %s",
                    pair, k, n, cn);
        }
    }
    cy_limb *bufs[] = {m, st, sc, a, b, r, e};
    size_t lens[] = {n, cy_mont_storage_limbs(n), itch, n, n, n, en};
    for (int i = 0; i < 7; i++) {
        T_CHECK(t_guards_ok(bufs[i], lens[i]), "guards of buffer %d, n=%zu", i, n);
        t_free(bufs[i]);
    }
    mpz_clears(rinv, x, NULL);
}

/* The moduli of montgomery(), w = CY_LIMB_BITS: B^n - 1, B^n - 3, B^n - w + 1 (all-ones top
 * limb; the last has a low limb with few ones, so -m^-1 mod B is dense), B^n - B + 1 (m = 1
 * mod B: -m^-1 mod B = B - 1, the REDC quotient digits are -t mod B), B^n - B^(n/2) + 1, and
 * 2^(nw - 1) + 1 (only the top bit: the smallest full-length modulus). */
static void moduli(size_t n)
{
    size_t w = CY_LIMB_BITS;
    for (int k = 0; k < 6; k++) {
        if ((k == 3 || k == 4) && n == 1)
            continue;
        mpz_set_ui(zm, 1), mpz_mul_2exp(zm, zm, n * w);
        mpz_set_ui(za, 1);
        switch (k) {
        case 0: mpz_sub_ui(zm, zm, 1); break;
        case 1: mpz_sub_ui(zm, zm, 3); break;
        case 2: mpz_sub_ui(zm, zm, w - 1); break; /* w - 1 is odd */
        case 3: mpz_mul_2exp(za, za, w), mpz_sub(zm, zm, za), mpz_add_ui(zm, zm, 1); break;
        case 4: mpz_mul_2exp(za, za, w * (n / 2)), mpz_sub(zm, zm, za), mpz_add_ui(zm, zm, 1); break;
        default: mpz_tdiv_q_2exp(zm, zm, 1), mpz_add_ui(zm, zm, 1);
        }
        montgomery(n);
    }
}

/* Zero-length operands given as NULL, which the debug overlap checks (cy__disjoint) must not turn
 * into pointer arithmetic on NULL (undefined: clang's -fsanitize=pointer-overflow reports
 * "applying zero offset to null pointer" in the sanitize-clang preset). Reached from cy_int_set and
 * cy_int_gcdext with a zero operand, whose limb pointer is NULL. */
static void null_zero_length(void)
{
    cy_limb one[1] = {1};
    cy_mpn_copy(one, NULL, 0);
    cy_mpn_copy(NULL, one, 0);
    T_CHECK(cy_mpn_add(one, one, 1, NULL, 0) == 0 && one[0] == 1, "add of a NULL zero-length b");
    T_CHECK(cy_mpn_sub(one, one, 1, NULL, 0) == 0 && one[0] == 1, "sub of a NULL zero-length b");
    cy_int z, x, g, s, t;
    cy_int_init(&z), cy_int_init(&x), cy_int_init(&g), cy_int_init(&s), cy_int_init(&t);
    T_CHECK(cy_int_set_u64(&x, 7) == 0 && cy_int_set(&x, &z) == 0 && cy_int_sgn(&x) == 0,
            "cy_int_set of zero");
    T_CHECK(cy_int_set_u64(&x, 7) == 0 && cy_int_gcdext(&g, &s, &t, &x, &z) == 0 &&
                cy_int_cmp_i64(&g, 7) == 0, "gcdext(7, 0)");
    T_CHECK(cy_int_gcdext(&g, &s, &t, &z, &x) == 0 && cy_int_cmp_i64(&g, 7) == 0, "gcdext(0, 7)");
    T_CHECK(cy_int_gcdext(&g, &s, &t, &z, &z) == 0 && cy_int_sgn(&g) == 0, "gcdext(0, 0)");
    cy_int_clear(&z), cy_int_clear(&x), cy_int_clear(&g), cy_int_clear(&s), cy_int_clear(&t);
}

/* Sizes around a crossover t: t - 1, t, t + 1 (when below max). */
static size_t add_around(size_t *sizes, size_t count, size_t t, size_t max)
{
    for (size_t s = t - 1; s <= t + 1; s++)
        if (s >= 1 && s <= max)
            sizes[count++] = s;
    return count;
}

int main(void)
{
    t_init("test_regress");
    mpz_inits(za, zb, zp, zr, zm, NULL);
    null_zero_length();
    for (int ci = 0; ci < t_ncpus; ci++) {
        cpu = (int)t_cpus[ci];
        cy_cpu_set(t_cpus[ci]);
        const cy__tune *tn = cy__tune_now();
        /* the unrolled and basecase sizes, then around every crossover up to toom44 */
        size_t sizes[64], count = 0, max = 1000;
        for (size_t n = 1; n <= 20; n++)
            sizes[count++] = n;
        size_t th[] = {tn->mul_toom22, tn->mul_toom33, tn->mul_toom44,
                       tn->sqr_toom22, tn->sqr_toom33, tn->sqr_toom44};
        for (int i = 0; i < 6; i++)
            if (th[i] > 20)
                count = add_around(sizes, count, th[i], max);
        for (size_t i = 0; i < count; i++)
            products(sizes[i]);
        /* the Montgomery paths: fixed kernels (n <= 8 or so), ADX CIOS up to mont_mul_adx_max,
         * the ADX REDC's exits (n = 8, 16, 24, ... and n mod 72), IFMA from its minimum to 64 */
        size_t mn[] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 16, 24, 32, 33, 64, 72, 80};
        for (size_t i = 0; i < sizeof mn / sizeof mn[0]; i++)
            if (mn[i] <= 32 || t_reps(10) >= 10) /* all unless CARRY_TEST_REPS < 1 */
                moduli(mn[i]);
    }
    mpz_clears(za, zb, zp, zr, zm, NULL);
    return t_done();
}
