/* RSA test keys: see rsakey.h. SPDX-License-Identifier: MIT */
#include "rsakey.h"

void t_rsa_key_limbs(t_rsa_key *k)
{
    size_t n = k->n, h = k->h;
    k->nl = t_alloc(n), k->el = t_alloc(1), k->pl = t_alloc(h), k->ql = t_alloc(h);
    k->dpl = t_alloc(h), k->dql = t_alloc(h), k->qil = t_alloc(h);
    t_from_mpz(k->nl, n, k->N), t_from_mpz(k->el, 1, k->E), t_from_mpz(k->pl, h, k->P);
    t_from_mpz(k->ql, h, k->Q), t_from_mpz(k->dpl, h, k->DP), t_from_mpz(k->dql, h, k->DQ);
    t_from_mpz(k->qil, h, k->QI);
}

/* N, D and the CRT parts from E, P, Q. */
static void key_derive(t_rsa_key *k)
{
    mpz_t p1, q1, l;
    mpz_inits(p1, q1, l, NULL);
    mpz_sub_ui(p1, k->P, 1), mpz_sub_ui(q1, k->Q, 1), mpz_lcm(l, p1, q1);
    mpz_mul(k->N, k->P, k->Q);
    T_CHECK(mpz_invert(k->D, k->E, l) != 0, "e not invertible");
    mpz_mod(k->DP, k->D, p1), mpz_mod(k->DQ, k->D, q1);
    T_CHECK(mpz_invert(k->QI, k->Q, k->P) != 0, "q not invertible mod p");
    mpz_clears(p1, q1, l, NULL);
}

/* Whether gcd(e, p - 1) = 1. */
static int coprime_e(const mpz_t p, const mpz_t e)
{
    mpz_t g;
    mpz_init(g);
    mpz_sub_ui(g, p, 1), mpz_gcd(g, g, e);
    int ok = mpz_cmp_ui(g, 1) == 0;
    mpz_clear(g);
    return ok;
}

/* A usable prime of `bits` bits, top two set: random, or the largest below `below` (which must
 * leave one, as 2^bits does for the bit lengths of the tests). */
static void gen_prime(mpz_t p, size_t bits, const mpz_t e, const mpz_t below)
{
    if (below) {
        mpz_sub_ui(p, below, 1);
        mpz_setbit(p, 0);
        if (mpz_cmp(p, below) >= 0)
            mpz_sub_ui(p, p, 2);
        while (!coprime_e(p, e) || !mpz_probab_prime_p(p, 25))
            mpz_sub_ui(p, p, 2);
        T_CHECK(mpz_sizeinbase(p, 2) == bits && mpz_tstbit(p, bits - 2), "top prime of %zu bits", bits);
        return;
    }
    size_t l = (bits + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
    cy_limb *buf = t_alloc(l);
    do {
        t_fill(buf, l, T_UNIFORM);
        t_to_mpz(p, buf, l);
        mpz_tdiv_r_2exp(p, p, bits);
        mpz_setbit(p, bits - 1), mpz_setbit(p, bits - 2);
        mpz_nextprime(p, p);
    } while (mpz_sizeinbase(p, 2) != bits || !coprime_e(p, e)); /* mpz_nextprime: p is prime */
    t_free(buf);
}

void t_rsa_key_init(t_rsa_key *k, size_t bits, int top)
{
    k->n = bits / CY_LIMB_BITS, k->h = k->n / 2;
    mpz_inits(k->N, k->E, k->D, k->P, k->Q, k->DP, k->DQ, k->QI, NULL);
    mpz_set_ui(k->E, 65537);
    if (top) {
        mpz_t b;
        mpz_init(b);
        mpz_setbit(b, bits / 2);
        gen_prime(k->P, bits / 2, k->E, b);
        gen_prime(k->Q, bits / 2, k->E, k->P);
        mpz_clear(b);
    } else {
        do {
            gen_prime(k->P, bits / 2, k->E, NULL);
            gen_prime(k->Q, bits / 2, k->E, NULL);
        } while (mpz_cmp(k->P, k->Q) == 0);
    }
    key_derive(k);
    t_rsa_key_limbs(k);
}

void t_rsa_key_clear(t_rsa_key *k)
{
    mpz_clears(k->N, k->E, k->D, k->P, k->Q, k->DP, k->DQ, k->QI, NULL);
    t_free(k->nl), t_free(k->el), t_free(k->pl), t_free(k->ql);
    t_free(k->dpl), t_free(k->dql), t_free(k->qil);
}
