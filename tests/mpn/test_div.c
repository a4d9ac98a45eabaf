/* Division against GMP: divrem_1, mod_1 and their preinv forms, divexact_1, divrem, divexact.
 * Every dividend and divisor length up to 100, lengths around the divide-and-conquer threshold and
 * its multiples, random lengths up to 30000; divisors that stress quotient estimation; guard limbs
 * around every output and the scratch; the documented overlaps. SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"
#include "../../src/core/tune.h" /* the crossovers of the back end under test */
#include "../../src/mpn/divimpl.h"
#include "../../src/mpn/mulimpl.h" /* the product mod B^m - 1 */

static const cy_limb TOP = (cy_limb)1 << (CY_LIMB_BITS - 1);

/* A divisor limb of one of the shapes that matter to the reciprocal and the shift. */
static cy_limb divisor_limb(void)
{
    switch (t_below(7)) {
    case 0: return TOP;                              /* 0x8000..: smallest normalised */
    case 1: return CY_LIMB_MAX;                      /* all ones */
    case 2: return 1 + t_below(16);                  /* tiny: large shift */
    case 3: return (cy_limb)1 << t_below(CY_LIMB_BITS); /* power of two */
    case 4: return TOP | t_rand_limb();              /* random normalised */
    case 5: { cy_limb x = t_edge_limb(); return x ? x : 3; }
    default: { cy_limb x = t_rand_limb() >> t_below(CY_LIMB_BITS); return x ? x : 1; }
    }
}

/* A divisor of dn limbs with a non-zero top limb, in one of the shapes that stress the quotient
 * estimate: top limb 0x8000.. with the rest zero or random, all ones, a small top limb (big
 * normalisation shift), B/2 followed by all ones, runs of bits. */
static void make_divisor(cy_limb *d, size_t dn)
{
    switch (t_below(6)) {
    case 0: t_fill(d, dn, T_ZERO); d[dn - 1] = TOP; break;
    case 1: t_fill(d, dn, T_UNIFORM); d[dn - 1] = TOP; break;
    case 2: t_fill(d, dn, T_ONES); break;
    case 3: t_fill(d, dn, T_ONES); d[dn - 1] = TOP; break;
    case 4: t_fill(d, dn, T_ANY); d[dn - 1] = divisor_limb(); break;
    default: t_fill(d, dn, T_ANY); break;
    }
    if (d[dn - 1] == 0)
        d[dn - 1] = divisor_limb();
}

/* A dividend of an limbs for divisor D: random, runs, all ones, or Q * D + R with R = D - 1 or a
 * random R (remainder d - 1 forces the largest partial remainders), truncated to an limbs. */
static void make_dividend(cy_limb *a, size_t an, const cy_limb *d, size_t dn)
{
    int shape = (int)t_below(5);
    if (shape < 3 || an < dn) {
        t_fill(a, an, shape == 0 ? T_UNIFORM : shape == 1 ? T_ONES : T_ANY);
        return;
    }
    mpz_t Q, D, A;
    mpz_inits(Q, D, A, NULL);
    size_t qn = an - dn + 1;
    cy_limb *q = malloc(qn * sizeof *q);
    t_fill(q, qn, T_ANY);
    t_to_mpz(Q, q, qn);
    t_to_mpz(D, d, dn);
    mpz_mul(A, Q, D);
    if (shape == 3) {
        mpz_add(A, A, D);
        mpz_sub_ui(A, A, 1);
    } else {
        mpz_t R;
        mpz_init(R);
        t_to_mpz(R, q, qn); /* any value, reduced */
        mpz_mod(R, R, D);
        mpz_add(A, A, R);
        mpz_clear(R);
    }
    t_from_mpz(a, an, A); /* mod B^an: still a valid dividend */
    free(q);
    mpz_clears(Q, D, A, NULL);
}

static void check_divrem(size_t an, size_t dn, int with_special)
{
    cy_limb *a = t_alloc(an), *d = t_alloc(dn);
    make_divisor(d, dn);
    if (with_special)
        make_dividend(a, an, d, dn);
    else
        t_fill(a, an, T_ANY);
    size_t qn = an - dn + 1, itch = cy_mpn_divrem_itch(an, dn);
    cy_limb *q = t_alloc(qn), *r = t_alloc(dn), *s = t_alloc(itch);
    t_fill(q, qn, T_UNIFORM);
    t_fill(r, dn, T_UNIFORM);
    t_fill(s, itch, T_UNIFORM);
    mpz_t A, D, Q, R, GQ, GR;
    mpz_inits(A, D, Q, R, GQ, GR, NULL);
    t_to_mpz(A, a, an);
    t_to_mpz(D, d, dn);
    mpz_tdiv_qr(Q, R, A, D);

    /* separate outputs */
    cy_mpn_divrem(q, r, a, an, d, dn, s);
    t_to_mpz(GQ, q, qn);
    t_to_mpz(GR, r, dn);
    int ok = !mpz_cmp(GQ, Q) && !mpz_cmp(GR, R);
    int guards = t_guards_ok(q, qn) && t_guards_ok(r, dn) && t_guards_ok(s, itch) &&
                 t_guards_ok(a, an) && t_guards_ok(d, dn);
    T_CHECK(ok && guards, "divrem an=%zu dn=%zu: %s", an, dn, ok ? "guard limb changed" : "wrong result");
    if (!ok && an <= 8) {
        t_dump("a", a, an);
        t_dump("d", d, dn);
        t_dump("q", q, qn);
        t_dump("r", r, dn);
    }

    /* r == a, and quotient only */
    cy_limb *ac = t_alloc(an);
    cy_mpn_copy(ac, a, an);
    cy_mpn_divrem(q, ac, ac, an, d, dn, s);
    t_to_mpz(GQ, q, qn);
    t_to_mpz(GR, ac, dn);
    T_CHECK(!mpz_cmp(GQ, Q) && !mpz_cmp(GR, R) && t_guards_ok(ac, an), "divrem r==a an=%zu dn=%zu", an, dn);
    cy_mpn_zero(q, qn);
    cy_mpn_divrem(q, NULL, a, an, d, dn, s);
    t_to_mpz(GQ, q, qn);
    T_CHECK(!mpz_cmp(GQ, Q) && t_guards_ok(q, qn), "divrem r=NULL an=%zu dn=%zu", an, dn);

    /* divexact on the exact product Q * D */
    mpz_mul(A, Q, D);
    size_t pn = mpz_size(A) ? (mpz_sizeinbase(A, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS : 0;
    if (pn >= dn && mpz_sgn(Q) > 0) {
        cy_limb *p = t_alloc(pn), *e = t_alloc(pn - dn + 1), *es = t_alloc(cy_mpn_divexact_itch(pn, dn));
        t_from_mpz(p, pn, A);
        cy_mpn_divexact(e, p, pn, d, dn, es);
        t_to_mpz(GQ, e, pn - dn + 1);
        T_CHECK(!mpz_cmp(GQ, Q) && t_guards_ok(e, pn - dn + 1) && t_guards_ok(es, cy_mpn_divexact_itch(pn, dn)),
                "divexact an=%zu dn=%zu", pn, dn);
        t_free(p);
        t_free(e);
        t_free(es);
    }
    mpz_clears(A, D, Q, R, GQ, GR, NULL);
    t_free(a);
    t_free(ac);
    t_free(d);
    t_free(q);
    t_free(r);
    t_free(s);
}

static void check_div1(size_t n)
{
    cy_limb *a = t_alloc(n), *q = t_alloc(n), *q2 = t_alloc(n);
    cy_limb dl = divisor_limb();
    t_fill(a, n, T_ANY);
    if (n && t_below(3) == 0) { /* remainder d - 1: a = q d + d - 1 */
        cy_limb c = cy_mpn_mul_1(a, a, n, dl);
        (void)c;
        cy_mpn_add_1(a, a, n, dl - 1);
    }
    mpz_t A, D, Q, R, G;
    mpz_inits(A, D, Q, R, G, NULL);
    t_to_mpz(A, a, n);
    t_to_mpz(D, &dl, 1);
    mpz_tdiv_qr(Q, R, A, D);
    cy_limb want_r = 0;
    t_from_mpz(&want_r, 1, R);

    cy_limb rem = cy_mpn_divrem_1(q, a, n, dl);
    t_to_mpz(G, q, n);
    T_CHECK(!mpz_cmp(G, Q) && rem == want_r && t_guards_ok(q, n) && t_guards_ok(a, n),
            "divrem_1 n=%zu d=%llx", n, (unsigned long long)dl);
    T_CHECK(cy_mpn_mod_1(a, n, dl) == want_r, "mod_1 n=%zu d=%llx", n, (unsigned long long)dl);

    cy_mpn_div1_inv inv;
    cy_mpn_div1_inv_init(&inv, dl);
    rem = cy_mpn_divrem_1_preinv(q2, a, n, &inv);
    t_to_mpz(G, q2, n);
    T_CHECK(!mpz_cmp(G, Q) && rem == want_r && t_guards_ok(q2, n), "divrem_1_preinv n=%zu d=%llx", n,
            (unsigned long long)dl);
    T_CHECK(cy_mpn_mod_1_preinv(a, n, &inv) == want_r, "mod_1_preinv n=%zu", n);

    /* in place: q == a */
    cy_mpn_copy(q2, a, n);
    rem = cy_mpn_divrem_1(q2, q2, n, dl);
    t_to_mpz(G, q2, n);
    T_CHECK(!mpz_cmp(G, Q) && rem == want_r, "divrem_1 in place n=%zu d=%llx", n, (unsigned long long)dl);

    /* divexact_1 on q * d (mod B^n: exact division still holds when the product fits) */
    mpz_mul(A, Q, D);
    if (mpz_sizeinbase(A, 2) <= (size_t)n * CY_LIMB_BITS) {
        t_from_mpz(a, n, A);
        cy_mpn_divexact_1(q, a, n, dl);
        t_to_mpz(G, q, n);
        T_CHECK(!mpz_cmp(G, Q) && t_guards_ok(q, n), "divexact_1 n=%zu d=%llx", n, (unsigned long long)dl);
        cy_mpn_divexact_1(a, a, n, dl);
        t_to_mpz(G, a, n);
        T_CHECK(!mpz_cmp(G, Q), "divexact_1 in place n=%zu d=%llx", n, (unsigned long long)dl);
    }
    /* an odd d, exact or not: the quotient is {a, n} d^-1 mod B^n (Hensel's), as documented */
    if (n) {
        cy_limb od = dl | 1;
        t_fill(a, n, T_ANY);
        t_to_mpz(A, a, n);
        cy_mpn_divexact_1(q, a, n, od);
        t_to_mpz(D, &od, 1);
        mpz_set_ui(G, 0);
        mpz_setbit(G, (mp_bitcnt_t)n * CY_LIMB_BITS);
        mpz_invert(D, D, G);
        mpz_mul(Q, A, D);
        mpz_tdiv_r_2exp(Q, Q, (mp_bitcnt_t)n * CY_LIMB_BITS);
        t_to_mpz(G, q, n);
        T_CHECK(!mpz_cmp(G, Q) && t_guards_ok(q, n), "divexact_1 inexact n=%zu d=%llx", n,
                (unsigned long long)od);
    }
    mpz_clears(A, D, Q, R, G, NULL);
    t_free(a);
    t_free(q);
    t_free(q2);
}

/* The reciprocal directly: X = B^n + {ip, n} must satisfy A X < B^(2n) <= A (X + 2) for the
 * normalised A (divimpl.h), with guard limbs around ip and the scratch. */
static void check_invert(size_t n)
{
    cy_limb *a = t_alloc(n), *ip = t_alloc(n);
    size_t itch = cy__mpn_invert_itch(n);
    cy_limb *s = t_alloc(itch);
    switch (t_below(5)) {
    case 0: t_fill(a, n, T_ZERO); break;                    /* B^n / 2: X = 2 B^n - 1 */
    case 1: t_fill(a, n, T_ONES); break;                    /* B^n - 1: X = B^n + 1 */
    case 2: t_fill(a, n, T_ZERO); a[0] = 1; break;          /* B^n / 2 + 1 */
    case 3: t_fill(a, n, T_ONES); a[n - 1] = 0; break;      /* B^n / 2 - 1 before the top bit */
    default: t_fill(a, n, T_ANY); break;
    }
    a[n - 1] |= TOP;
    t_fill(ip, n, T_UNIFORM);
    t_fill(s, itch, T_UNIFORM);
    cy__mpn_invert(ip, a, n, s);
    mpz_t A, X, P, L;
    mpz_inits(A, X, P, L, NULL);
    t_to_mpz(A, a, n);
    t_to_mpz(X, ip, n);
    mpz_setbit(X, n * CY_LIMB_BITS);
    mpz_set_ui(L, 0);
    mpz_setbit(L, 2 * n * CY_LIMB_BITS); /* B^(2n) */
    mpz_mul(P, A, X);
    int below = mpz_cmp(P, L) < 0;
    mpz_add(P, P, A);
    mpz_add(P, P, A);
    int above = mpz_cmp(P, L) >= 0;
    T_CHECK(below && above && t_guards_ok(ip, n) && t_guards_ok(s, itch) && t_guards_ok(a, n),
            "invert n=%zu: %s", n, !below ? "A X >= B^2n" : !above ? "A (X+2) < B^2n" : "guard limb changed");
    mpz_clears(A, X, P, L, NULL);
    t_free(a);
    t_free(ip);
    t_free(s);
}

/* The product mod B^m - 1 of the transforms (used by the block division and the reciprocal):
 * {a, an} {b, bn} mod (B^m - 1) at m = cy__mpn_mulmod_bm1_size(n), against the full product
 * reduced by GMP (zero may come out as B^m - 1); all-ones and 0x8000.. operands, whose
 * coefficients and wrapped sums are the largest; guard limbs around r and the scratch. */
static void check_mulmod_bm1(size_t n)
{
    size_t m = cy__mpn_mulmod_bm1_size(n), itch = cy__mpn_mulmod_bm1_itch(m);
    T_CHECK(m >= n && cy__mpn_mulmod_bm1_size(m) == m, "mulmod_bm1 size(%zu) = %zu", n, m);
    int shape = (int)t_below(5);
    size_t an = m - t_below(m) * t_below(2), bn = m - t_below(m) * t_below(2);
    if (shape == 4) /* A = B^m - 2 = -1 and B = -1 - t: the result t is small, so the sum of the
                     * wrapped coefficients needs its end-around carry */
        an = bn = m;
    cy_limb *a = t_alloc(an), *b = t_alloc(bn), *r = t_alloc(m), *s = t_alloc(itch);
    t_fill(a, an, shape == 0 || shape == 4 ? T_ONES : shape == 1 ? T_ZERO : T_ANY);
    t_fill(b, bn, shape == 0 || shape == 2 || shape == 4 ? T_ONES : T_ANY);
    if (shape == 1)
        a[an - 1] = TOP;
    if (shape == 4) {
        a[0] -= 1;
        b[0] -= t_below(3) ? t_below(1000) : t_rand_limb() >> 1;
    }
    t_fill(r, m, T_UNIFORM);
    t_fill(s, itch, T_UNIFORM);
    cy__mpn_mulmod_bm1(r, a, an, b, bn, m, s);
    mpz_t A, B, M, G;
    mpz_inits(A, B, M, G, NULL);
    t_to_mpz(A, a, an);
    t_to_mpz(B, b, bn);
    mpz_mul(A, A, B);
    mpz_set_ui(M, 0);
    mpz_setbit(M, m * CY_LIMB_BITS);
    mpz_sub_ui(M, M, 1);
    mpz_mod(A, A, M);
    t_to_mpz(G, r, m);
    if (!mpz_cmp(G, M))
        mpz_set_ui(G, 0);
    T_CHECK(!mpz_cmp(G, A) && t_guards_ok(r, m) && t_guards_ok(s, itch),
            "mulmod_bm1 m=%zu an=%zu bn=%zu shape %d", m, an, bn, shape);
    mpz_clears(A, B, M, G, NULL);
    t_free(a);
    t_free(b);
    t_free(r);
    t_free(s);
}

/* Block division called directly (cy_mpn_divrem takes it only from mu_div limbs):
 * {a, nn} by a normalised {d, dn}, with its own reciprocal (k = 0) or with the reciprocal of the
 * top k limbs given, against GMP; guard limbs around the quotient and the scratch. */
static void check_mu(size_t nn, size_t dn, size_t k)
{
    cy_limb *a = t_alloc(nn), *d = t_alloc(dn), *ip = t_alloc(dn);
    make_divisor(d, dn);
    d[dn - 1] |= TOP;
    make_dividend(a, nn, d, dn);
    size_t qn = nn - dn, itch = k ? cy__mpn_mu_div_preinv_itch(dn, k) : cy__mpn_mu_div_itch(nn, dn);
    size_t iitch = k ? cy__mpn_invert_itch(k) : 0;
    cy_limb *q = t_alloc(qn + 1), *s = t_alloc(itch > iitch ? itch : iitch);
    mpz_t A, D, Q, R, GQ, GR;
    mpz_inits(A, D, Q, R, GQ, GR, NULL);
    t_to_mpz(A, a, nn);
    t_to_mpz(D, d, dn);
    mpz_tdiv_qr(Q, R, A, D);
    t_fill(q, qn + 1, T_UNIFORM);
    if (k) {
        cy__mpn_invert(ip, d + dn - k, k, s);
        q[qn] = cy__mpn_mu_div_preinv(q, a, nn, d, dn, ip, k, s);
    } else {
        q[qn] = cy__mpn_mu_div(q, a, nn, d, dn, s);
    }
    t_to_mpz(GQ, q, qn + 1);
    t_to_mpz(GR, a, dn);
    T_CHECK(!mpz_cmp(GQ, Q) && !mpz_cmp(GR, R) && t_guards_ok(q, qn + 1) &&
                t_guards_ok(s, itch > iitch ? itch : iitch),
            "mu_div nn=%zu dn=%zu k=%zu", nn, dn, k);
    mpz_clears(A, D, Q, R, GQ, GR, NULL);
    t_free(a);
    t_free(d);
    t_free(ip);
    t_free(q);
    t_free(s);
}

int main(void)
{
    t_init("test_div");
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu_set(t_cpus[c]);
        const size_t T = cy__tune_now()->dc_div;
        for (size_t n = 0; n <= 100; n++)
            for (size_t rep = 0; rep < t_reps(6); rep++)
                check_div1(n);
        for (size_t rep = 0; rep < t_reps(10); rep++)
            check_div1(1 + t_below(100000));
        /* every (an, dn) with 1 <= dn <= an <= 100 (above 40 a CARRY_TEST_REPS share of them
         * when that is below 1, for valgrind runs) */
        for (size_t an = 1; an <= 100; an++)
            for (size_t dn = 1; dn <= an; dn++)
                if (an <= 40 || t_below(1000) < t_reps(1000))
                    check_divrem(an, dn, 1);
        /* around the divide-and-conquer threshold and the recursion's split points */
        size_t marks[] = {T, 2 * T, 2 * T - 1, 4 * T, 4 * T + 1, 8 * T - 1};
        for (size_t m = 0; m < sizeof marks / sizeof marks[0]; m++)
            for (size_t dn = marks[m] - 2; dn <= marks[m] + 2; dn++)
                for (size_t rep = 0; rep < t_reps(3); rep++) {
                    check_divrem(dn + t_below(dn + 1), dn, 1);
                    check_divrem(2 * dn, dn, 1);
                    check_divrem(3 * dn + t_below(4), dn, 1);
                }
        /* the reciprocal: every size to 100, around the Newton threshold and its halvings, and
         * random sizes */
        const size_t TI = cy__tune_now()->inv_newton, TM = cy__tune_now()->mu_div;
        for (size_t n = 1; n <= 100; n++)
            check_invert(n);
        size_t inv_marks[] = {TI, 2 * TI - 2, 2 * TI - 1, 2 * TI, 4 * TI - 3, 4 * TI};
        for (size_t m = 0; m < sizeof inv_marks / sizeof inv_marks[0]; m++)
            for (size_t n = inv_marks[m] - 2; n <= inv_marks[m] + 2; n++)
                check_invert(n);
        for (size_t rep = 0; rep < t_reps(20); rep++)
            check_invert(1 + t_below(t_reps(1000) >= 1000 ? 20000 : 4000));
        /* the Newton step's product mod B^m - 1 (wrap_size in invert.c: from 2n >= the
         * transforms' threshold), with that threshold lowered so that it runs at small sizes */
        cy__tune low = *cy__tune_now();
        cy__tune_force(&low);
        for (size_t n = TI; n <= 4 * TI; n += 1 + t_below(8)) {
            low.mul_fft = 2 + t_below(2 * n);
            check_invert(n);
        }
        cy__tune_force(NULL);
        /* the product mod B^m - 1: every size to 300, then random ones */
        for (size_t n = 1; n <= 300; n++)
            check_mulmod_bm1(n);
        for (size_t rep = 0; rep < t_reps(40); rep++)
            check_mulmod_bm1(1 + t_below(t_reps(1000) >= 1000 ? 40000 : 5000));
        /* block division directly: every small shape (quotient in one to three blocks, the
         * first one short), then random lengths with and without a given reciprocal */
        for (size_t dn = 2; dn <= 12; dn++)
            for (size_t nn = dn; nn <= 4 * dn + 1; nn++) {
                if (nn > dn)
                    check_mu(nn, dn, 0);
                check_mu(nn, dn, 1 + t_below(dn));
                check_mu(nn, dn, dn);
            }
        for (size_t rep = 0; rep < t_reps(30); rep++) {
            size_t dn = 2 + t_below(t_reps(1000) >= 1000 ? 3000 : 600), nn = dn + 1 + t_below(3 * dn);
            check_mu(nn, dn, 0);
            check_mu(nn, dn, 1 + t_below(dn));
            check_mu(nn, dn, dn);
        }
        /* the block division's remainder from the product mod B^m - 1 (wrap_size in mu_div.c:
         * from dn + kk >= the transforms' threshold), with that threshold lowered so that it
         * runs at small sizes too: every small shape, then random ones */
        cy__tune_force(&low);
        for (size_t dn = 2; dn <= 40; dn++) {
            low.mul_fft = 2 + t_below(2 * dn);
            size_t nn = dn + 1 + t_below(3 * dn);
            check_mu(nn, dn, 0);
            check_mu(nn, dn, 1 + t_below(dn));
            check_mu(nn, dn, dn);
        }
        for (size_t rep = 0; rep < t_reps(30); rep++) {
            size_t dn = 2 + t_below(t_reps(1000) >= 1000 ? 3000 : 600), nn = dn + 1 + t_below(3 * dn);
            low.mul_fft = 2 + t_below(2 * dn);
            check_mu(nn, dn, 0);
            check_mu(nn, dn, 1 + t_below(dn));
        }
        cy__tune_force(NULL);
        /* cy_mpn_divrem around the block division's threshold (more shapes at full scale) */
        for (size_t rep = 0; rep < (t_reps(1000) >= 1000 ? 6 : 2); rep++) {
            size_t dn = TM - 1 + t_below(3), qn = TM - 1 + t_below(3);
            check_divrem(dn + qn - 1 + t_below(2), dn, 1);
            if (t_reps(1000) >= 1000) { /* both lengths at least TM, any shape */
                size_t an = 2 * TM + t_below(4 * TM);
                check_divrem(an, TM + t_below(an - 2 * TM + 1), 1);
            }
        }
        size_t max_len = t_reps(1000) >= 1000 ? 30000 : 4000;
        for (size_t rep = 0; rep < t_reps(4); rep++) {
            size_t an = 1 + t_below(max_len), dn = 1 + t_below(an);
            check_divrem(an, dn, 1);
        }
    }
    return t_done();
}
