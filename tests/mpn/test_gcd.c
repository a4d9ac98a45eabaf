/* gcd_1, gcd and gcdext against GMP: all length pairs up to 60, random lengths up to 3000 (and one
 * pair near 20000 at full scale), consecutive Fibonacci numbers (the longest quotient sequences),
 * shared factors, powers of two, equal and nested operands; guard limbs around every output and
 * the scratch. SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"
#include "core/tune.h"

/* Limbs of z in carry's limb width (GMP's may differ). */
static size_t limbs(mpz_srcptr z)
{
    return mpz_sgn(z) ? (mpz_sizeinbase(z, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS : 0;
}

static void check_pair(mpz_srcptr A, mpz_srcptr Bz, const char *what)
{
    /* cy_mpn_gcd needs an >= bn: order by length */
    mpz_srcptr x = A, y = Bz;
    if (limbs(A) < limbs(Bz)) {
        x = Bz;
        y = A;
    }
    size_t an = limbs(x), bn = limbs(y);
    if (bn == 0)
        return;
    cy_limb *a = t_alloc(an), *b = t_alloc(bn), *g = t_alloc(bn), *s = t_alloc(bn);
    t_from_mpz(a, an, x);
    t_from_mpz(b, bn, y);
    mpz_t G, W, S, T;
    mpz_inits(G, W, S, T, NULL);
    mpz_gcd(W, A, Bz);

    size_t itch = cy_mpn_gcd_itch(an, bn);
    cy_limb *sc = t_alloc(itch);
    size_t gn = cy_mpn_gcd(g, a, an, b, bn, sc);
    t_to_mpz(G, g, gn);
    int ok = gn <= bn && !mpz_cmp(G, W) && (gn == 0 || g[gn - 1] != 0);
    T_CHECK(ok && t_guards_ok(g, bn) && t_guards_ok(sc, itch) && t_guards_ok(a, an) && t_guards_ok(b, bn),
            "gcd %s an=%zu bn=%zu: %s", what, an, bn, ok ? "guard limb changed" : "wrong gcd");
    t_free(sc);

    itch = cy_mpn_gcdext_itch(an, bn);
    sc = t_alloc(itch);
    cy_mpn_zero(g, bn);
    ptrdiff_t sn = 0;
    gn = cy_mpn_gcdext(g, s, &sn, a, an, b, bn, sc);
    t_to_mpz(G, g, gn);
    size_t sabs = (size_t)(sn < 0 ? -sn : sn);
    t_to_mpz(S, s, sabs <= bn ? sabs : 0);
    if (sn < 0)
        mpz_neg(S, S);
    /* s a = g (mod b), i.e. b divides g - s a; and |s| <= b / g */
    mpz_t X, Y;
    mpz_inits(X, Y, NULL);
    t_to_mpz(X, a, an);
    t_to_mpz(Y, b, bn);
    mpz_mul(T, S, X);
    mpz_sub(T, W, T);
    int ok_id = sabs <= bn && mpz_divisible_p(T, Y);
    mpz_divexact(T, Y, W);
    mpz_abs(S, S);
    int ok_bound = mpz_cmp(S, T) <= 0;
    ok = !mpz_cmp(G, W) && ok_id && ok_bound && (sabs == 0 || s[sabs - 1] != 0);
    T_CHECK(ok && t_guards_ok(g, bn) && t_guards_ok(s, bn) && t_guards_ok(sc, itch),
            "gcdext %s an=%zu bn=%zu: %s", what, an, bn,
            !ok ? (mpz_cmp(G, W) ? "wrong gcd" : !ok_id ? "s a != g mod b" : !ok_bound ? "|s| > b/g" : "s not normalised")
                : "guard limb changed");
    mpz_clears(X, Y, NULL);
    t_free(sc);
    mpz_clears(G, W, S, T, NULL);
    t_free(a);
    t_free(b);
    t_free(g);
    t_free(s);
}

static void random_mpz(mpz_t z, size_t n, t_shape shape)
{
    cy_limb *p = malloc((n + 1) * sizeof *p);
    t_fill(p, n, shape);
    if (n)
        p[n - 1] |= p[n - 1] ? 0 : 1;
    t_to_mpz(z, p, n);
    free(p);
}

static void check_random(size_t an, size_t bn)
{
    mpz_t A, Bz, C;
    mpz_inits(A, Bz, C, NULL);
    random_mpz(A, an, T_ANY);
    random_mpz(Bz, bn, T_ANY);
    check_pair(A, Bz, "random");
    /* a shared factor of up to a quarter of the length */
    size_t cn = 1 + t_below(bn / 4 + 1);
    random_mpz(C, cn, T_ANY);
    mpz_mul(A, A, C);
    mpz_mul(Bz, Bz, C);
    check_pair(A, Bz, "common factor");
    /* powers of two */
    mpz_mul_2exp(A, A, t_below(3 * CY_LIMB_BITS));
    mpz_mul_2exp(Bz, Bz, t_below(3 * CY_LIMB_BITS));
    check_pair(A, Bz, "powers of two");
    mpz_clears(A, Bz, C, NULL);
}

int main(void)
{
    t_init("test_gcd");
    /* gcd_1 */
    for (size_t rep = 0; rep < t_reps(20000); rep++) {
        cy_limb x = t_below(4) ? t_edge_limb() : t_rand_limb() >> t_below(CY_LIMB_BITS);
        cy_limb y = t_below(4) ? t_edge_limb() : t_rand_limb() >> t_below(CY_LIMB_BITS);
        if (!x && !y)
            y = 1;
        if (t_below(4) == 0) { /* a shared factor */
            cy_limb c = 1 + t_below(1000);
            x = (x >> 12) * c, y = (y >> 12) * c;
            if (!x && !y)
                y = c;
        }
        mpz_t X, Y, W;
        mpz_inits(X, Y, W, NULL);
        t_to_mpz(X, &x, 1);
        t_to_mpz(Y, &y, 1);
        mpz_gcd(W, X, Y);
        cy_limb want = 0;
        t_from_mpz(&want, 1, W);
        T_CHECK(cy_mpn_gcd_1(x, y) == want, "gcd_1(%llx, %llx)", (unsigned long long)x, (unsigned long long)y);
        mpz_clears(X, Y, W, NULL);
    }
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu_set(t_cpus[c]);
        /* every pair to 30 limbs, then the extreme divisor lengths and about two more per
         * dividend length to 60 (fewer when CARRY_TEST_REPS < 1) */
        for (size_t an = 1; an <= 60; an++)
            for (size_t bn = 1; bn <= an; bn++)
                if (an <= 30 || bn <= 2 || bn + 2 >= an || t_below(1000 * an) < 2 * t_reps(1000))
                    check_random(an, bn);
        size_t max_len = t_reps(1000) >= 1000 ? 3000 : 800;
        for (size_t rep = 0; rep < t_reps(6); rep++) {
            size_t an = 1 + t_below(max_len);
            check_random(an, 1 + t_below(an));
        }
        /* consecutive Fibonacci numbers, every quotient 1: from 1 limb to about 300 limbs */
        mpz_t F0, F1, A, Bz;
        mpz_inits(F0, F1, A, Bz, NULL);
        unsigned long fib_step = 97 * 10 / (unsigned long)t_reps(10); /* sparser at low scale */
        for (unsigned long k = 2; k < 300 * (unsigned long)CY_LIMB_BITS * 3 / 2; k += 1 + (unsigned long)t_below(fib_step)) {
            mpz_fib2_ui(F1, F0, k);
            check_pair(F1, F0, "fibonacci");
            mpz_mul_2exp(A, F1, 5); /* an even pair sharing 2^5 */
            mpz_mul_2exp(Bz, F0, 5);
            check_pair(A, Bz, "fibonacci * 32");
        }
        /* equal, nested, off by one, one, all ones */
        for (size_t n = 1; n < 80; n += 1 + t_below(9)) {
            random_mpz(A, n, T_ANY);
            check_pair(A, A, "equal");
            mpz_add_ui(Bz, A, 1);
            check_pair(Bz, A, "a = b + 1");
            mpz_mul_ui(Bz, A, 1 + t_below(1000));
            check_pair(Bz, A, "multiple");
            mpz_set_ui(Bz, 1);
            check_pair(A, Bz, "b = 1");
            random_mpz(A, n, T_ONES);
            random_mpz(Bz, 1 + t_below(n), T_ONES);
            check_pair(A, Bz, "all ones");
            mpz_setbit(Bz, 0);
            mpz_set_ui(A, 1);
            mpz_mul_2exp(A, A, n * CY_LIMB_BITS - 1);
            check_pair(A, Bz, "power of two");
        }
        /* a quotient of up to a limb at every length: Lehmer steps with large quotients, near
         * the end of a step's cofactor room and where the divisor drops to one limb */
        for (size_t n = 1; n <= 100; n++) {
            random_mpz(Bz, n, T_ANY);
            cy_limb q = 1 + (t_rand_limb() >> t_below(CY_LIMB_BITS));
            mpz_t Q;
            mpz_init(Q);
            t_to_mpz(Q, &q, 1);
            mpz_mul(A, Bz, Q);
            random_mpz(Q, 1 + t_below(n), T_ANY);
            mpz_mod(Q, Q, Bz);
            mpz_add(A, A, Q);
            check_pair(A, Bz, "large quotient");
            mpz_clear(Q);
        }
        /* the half-gcd (hgcd.c) with its thresholds lowered, so that the recursion runs several
         * levels deep at a few hundred to a few thousand limbs, then with the shipped ones
         * around and above them */
        cy__tune low = *cy__tune_now();
        const size_t ship_hgcd = low.hgcd, ship_dc = low.gcd_dc;
        cy__tune_force(&low);
        for (int pass = 0; pass < 4; pass++) {
            low.hgcd = pass == 3 ? ship_hgcd : 8 + t_below(24);
            low.gcd_dc = pass == 3 ? ship_dc : 8 + t_below(64);
            size_t top = pass == 3 ? 3 * ship_dc : t_reps(1000) >= 1000 ? 3000 : 1000;
            for (size_t rep = 0; rep < t_reps(4); rep++) {
                size_t an = low.gcd_dc / 2 + t_below(top);
                check_random(an, an - t_below(an / 6 + 1));
                check_random(an, 1 + t_below(an));
            }
            /* consecutive Fibonacci numbers: all quotients 1 */
            unsigned long k = (unsigned long)(low.gcd_dc + t_below(top)) * CY_LIMB_BITS * 3 / 2;
            mpz_fib2_ui(F1, F0, k);
            check_pair(F1, F0, "hgcd fibonacci");
            mpz_mul_2exp(A, F1, 1 + t_below(200));
            mpz_mul_2exp(Bz, F0, 1 + t_below(200));
            check_pair(A, Bz, "hgcd fibonacci * 2^k");
            /* a huge common factor, equal operands, all-ones limbs, one much shorter */
            size_t n = low.gcd_dc + t_below(top);
            mpz_t C;
            mpz_init(C);
            random_mpz(C, n - n / 8, T_ANY);
            random_mpz(A, n / 8 + 1, T_ANY);
            random_mpz(Bz, n / 8 + 1, T_ANY);
            mpz_mul(A, A, C);
            mpz_mul(Bz, Bz, C);
            check_pair(A, Bz, "hgcd huge common factor");
            random_mpz(A, n, T_ANY);
            check_pair(A, A, "hgcd equal");
            random_mpz(A, n, T_ONES);
            random_mpz(Bz, n - t_below(3), T_ONES);
            check_pair(A, Bz, "hgcd all ones");
            random_mpz(Bz, n / 2 + t_below(n / 3), T_ANY);
            check_pair(A, Bz, "hgcd shorter");
            mpz_add(C, A, Bz); /* a = b + c with c shorter: a huge first quotient of 1 then c */
            check_pair(C, A, "hgcd a + b");
            mpz_clear(C);
        }
        cy__tune_force(NULL);
        if (t_reps(1000) >= 1000) {
            random_mpz(A, 20000, T_UNIFORM);
            random_mpz(Bz, 19000 + t_below(1000), T_UNIFORM);
            check_pair(A, Bz, "20000 limbs");
        }
        mpz_clears(F0, F1, A, Bz, NULL);
    }
    return t_done();
}
