/* A program written for GMP: RSA key generation, signing and verification, deterministic from a
 * seed. It uses GMP's documented mpz interface only, so it builds unchanged against GMP or
 * carry-gmp, and ctest's compat_rsa requires the two builds to print the same lines.
 *
 * usage: rsa [BITS [MESSAGES [KEYS [SEED]]]]   (defaults 512, 4, 1, 1)
 *
 * Makes KEYS keys one after the other (PKCS #1 style, e = 65537): p and q are mpz_nextprime of
 * BITS/2-bit candidates with the top two bits set (so that n = pq has exactly BITS bits), drawn
 * again while gcd(e, p - 1) != 1; d = e^-1 mod lcm(p - 1, q - 1) (and e^-1 mod phi(n), which
 * differs by a multiple of lambda), and the CRT parameters dp, dq, qinv. Every message m < n is
 * signed twice, s = m^d mod n (mpz_powm) and by the CRT with mpz_powm_sec (Garner's
 * recombination); the two must agree and s^e mod n must give m back, else the program exits 1.
 *
 * The candidates and messages come from splitmix64.h (GMP's and carry-gmp's random streams
 * differ; the test needs the same keys from both). SPDX-License-Identifier: MIT */
#include <stdio.h> /* before gmp.h, which declares mpz_out_str only after it */
#include <gmp.h>
#include <stdlib.h>

#include "splitmix64.h"

static void put(const char *name, const mpz_t x)
{
    printf("%s = ", name);
    mpz_out_str(stdout, 16, x);
    putchar('\n');
}

/* p = the prime after a random number of `bits` bits whose top two bits are set, with p - 1
 * prime to e */
static void rsa_prime(mpz_t p, unsigned long bits, unsigned long e)
{
    for (;;) {
        random_bits(p, bits);
        mpz_setbit(p, bits - 2);
        mpz_nextprime(p, p);
        mpz_sub_ui(p, p, 1);
        int coprime = mpz_gcd_ui(NULL, p, e) == 1;
        mpz_add_ui(p, p, 1);
        if (coprime && mpz_sizeinbase(p, 2) == bits)
            return;
        printf("candidate %lu bits rejected\n", (unsigned long)mpz_sizeinbase(p, 2));
    }
}

/* one key and the scratch of signing */
typedef struct {
    mpz_t p, q, n, pm1, qm1, lambda, phi, d, dphi, dp, dq, qinv, m, s, s1, s2, h, v;
} rsa_key;

/* a new key of `bits` bits for the public exponent e, printed; 0 on success */
static int keygen(rsa_key *k, unsigned long bits, unsigned long e)
{
    rsa_prime(k->p, bits / 2, e);
    do
        rsa_prime(k->q, bits / 2, e);
    while (mpz_cmp(k->p, k->q) == 0);
    if (mpz_cmp(k->p, k->q) < 0) /* p > q, the usual order for the CRT */
        mpz_swap(k->p, k->q);
    mpz_mul(k->n, k->p, k->q);
    mpz_sub_ui(k->pm1, k->p, 1);
    mpz_sub_ui(k->qm1, k->q, 1);
    mpz_lcm(k->lambda, k->pm1, k->qm1);
    mpz_mul(k->phi, k->pm1, k->qm1);
    mpz_set_ui(k->h, e);
    if (!mpz_invert(k->d, k->h, k->lambda) || !mpz_invert(k->dphi, k->h, k->phi) ||
        !mpz_invert(k->qinv, k->q, k->p)) {
        printf("no inverse\n");
        return 1;
    }
    mpz_mod(k->dp, k->d, k->pm1);
    mpz_mod(k->dq, k->d, k->qm1);

    printf("key of %lu bits, n has %lu bits, probab_prime_p(p, 30) %d, probab_prime_p(q, 30) %d\n",
           bits, (unsigned long)mpz_sizeinbase(k->n, 2), mpz_probab_prime_p(k->p, 30),
           mpz_probab_prime_p(k->q, 30));
    put("n", k->n);
    put("p", k->p);
    put("q", k->q);
    put("lambda", k->lambda);
    put("d", k->d);
    put("d mod phi", k->dphi);
    /* e^-1 mod phi and e^-1 mod lambda differ by a multiple of lambda (lambda divides phi) */
    mpz_sub(k->h, k->dphi, k->d);
    mpz_tdiv_qr(k->h, k->v, k->h, k->lambda);
    put("(d mod phi - d) / lambda", k->h);
    put("(d mod phi - d) % lambda", k->v);
    put("dp", k->dp);
    put("dq", k->dq);
    put("qinv", k->qinv);
    return mpz_sgn(k->v) != 0;
}

/* signs `messages` random messages m < n both ways and verifies them; 0 when all hold */
static int sign_and_verify(rsa_key *k, unsigned long messages, unsigned long e)
{
    int bad = 0;
    for (unsigned long i = 0; i < messages; i++) {
        random_bits(k->m, mpz_sizeinbase(k->n, 2));
        mpz_mod(k->m, k->m, k->n);
        mpz_powm(k->s, k->m, k->d, k->n);
        /* CRT (Garner): s1 = m^dp mod p, s2 = m^dq mod q, s = s2 + q ((s1 - s2) qinv mod p) */
        mpz_mod(k->h, k->m, k->p);
        mpz_powm_sec(k->s1, k->h, k->dp, k->p);
        mpz_mod(k->h, k->m, k->q);
        mpz_powm_sec(k->s2, k->h, k->dq, k->q);
        mpz_sub(k->h, k->s1, k->s2);
        mpz_mul(k->h, k->h, k->qinv);
        mpz_mod(k->h, k->h, k->p);
        mpz_mul(k->h, k->h, k->q);
        mpz_add(k->h, k->h, k->s2);
        mpz_powm_ui(k->v, k->s, e, k->n);
        int crt = mpz_cmp(k->h, k->s) == 0, verify = mpz_cmp(k->v, k->m) == 0;
        bad |= !crt || !verify;
        printf("message %lu:\n", i);
        put("  m", k->m);
        put("  s", k->s);
        printf("  crt %s, verify %s\n", crt ? "equal" : "DIFFERENT", verify ? "ok" : "FAILED");
    }
    return bad;
}

int main(int argc, char **argv)
{
    unsigned long bits = argc > 1 ? strtoul(argv[1], NULL, 10) : 512;
    unsigned long messages = argc > 2 ? strtoul(argv[2], NULL, 10) : 4;
    unsigned long keys = argc > 3 ? strtoul(argv[3], NULL, 10) : 1;
    splitmix64_state = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
    if (bits < 16 || bits % 2) {
        fprintf(stderr, "rsa: BITS must be even and at least 16\n");
        return 2;
    }
    const unsigned long e = 65537;
    rsa_key k;
    mpz_inits(k.p, k.q, k.n, k.pm1, k.qm1, k.lambda, k.phi, k.d, k.dphi, k.dp, k.dq, k.qinv, k.m,
              k.s, k.s1, k.s2, k.h, k.v, NULL);
    int bad = 0;
    for (unsigned long i = 0; i < keys && !bad; i++)
        bad = keygen(&k, bits, e) || sign_and_verify(&k, messages, e);
    mpz_clears(k.p, k.q, k.n, k.pm1, k.qm1, k.lambda, k.phi, k.d, k.dphi, k.dp, k.dq, k.qinv, k.m,
               k.s, k.s1, k.s2, k.h, k.v, NULL);
    return bad;
}
