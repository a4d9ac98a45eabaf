/* RSA-2048 private-key operation with the Chinese remainder theorem, built from carry's
 * constant-time Montgomery arithmetic, checked against OpenSSL on a key OpenSSL generates at run
 * time. Exits non-zero on a mismatch. SPDX-License-Identifier: MIT
 *
 *   m1 = (c mod p)^dp mod p,  m2 = (c mod q)^dq mod q,
 *   h  = qinv (m1 - m2) mod p,  m = m2 + h q     (Quisquater and Couvreur, 1982)
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <carry.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

#define NL (2048 / CY_LIMB_BITS) /* limbs of n and c */
#define HL (NL / 2)              /* limbs of p, q and the CRT exponents */

static void limbs_of(cy_limb *r, size_t n, const BIGNUM *x)
{
    unsigned char buf[2048 / 8];
    BN_bn2lebinpad(x, buf, (int)(n * sizeof(cy_limb)));
    for (size_t i = 0; i < n; i++) {
        r[i] = 0;
        for (size_t b = 0; b < sizeof(cy_limb); b++)
            r[i] |= (cy_limb)buf[i * sizeof(cy_limb) + b] << (8 * b);
    }
}

typedef struct {
    cy_mont p, q;
    cy_limb pst[3 * HL], qst[3 * HL];
    cy_limb dp[HL], dq[HL], qinv_mont[HL], qv[HL]; /* qinv in Montgomery form mod p */
    cy_limb scratch[4096];
} rsa_key;

/* m = c^d mod n, c < n, time independent of c, p, q, dp, dq, qinv. */
static int rsa_private(cy_limb *m, const cy_limb *c, rsa_key *k)
{
    cy_limb cp[HL], cq[HL], m1[HL], m2[HL], t[HL], hq[NL];
    cy_mont_mod(cp, c, NL, &k->p, k->scratch);
    cy_mont_mod(cq, c, NL, &k->q, k->scratch);
    int err = cy_mont_powm(m1, cp, k->dp, HL, &k->p, k->scratch);
    err |= cy_mont_powm(m2, cq, k->dq, HL, &k->q, k->scratch);
    cy_mont_mod(t, m2, HL, &k->p, k->scratch); /* m2 < q may exceed p */
    cy_mont_sub(t, m1, t, &k->p);
    cy_mont_mul(t, t, k->qinv_mont, &k->p, k->scratch); /* h = qinv (m1 - m2) mod p */
    cy_mpn_mul_n(hq, t, k->qv, HL, k->scratch);
    cy_mpn_add(m, hq, NL, m2, HL); /* m2 + h q < q + (p - 1) q = n: no carry */
    return err;
}

int main(void)
{
    EVP_PKEY *pkey = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
    BIGNUM *bn = NULL, *bd = NULL, *bp = NULL, *bq = NULL, *bdp = NULL, *bdq = NULL, *bqi = NULL;
    if (!pkey || !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &bn) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_D, &bd) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR1, &bp) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR2, &bq) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_EXPONENT1, &bdp) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_EXPONENT2, &bdq) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, &bqi)) {
        fprintf(stderr, "rsa2048: OpenSSL key generation failed\n");
        return 2;
    }
    static rsa_key k;
    cy_limb p[HL], q[HL], qinv[HL];
    limbs_of(p, HL, bp), limbs_of(q, HL, bq), limbs_of(qinv, HL, bqi);
    limbs_of(k.dp, HL, bdp), limbs_of(k.dq, HL, bdq);
    memcpy(k.qv, q, sizeof q);
    if (cy_mont_init(&k.p, k.pst, p, HL, k.scratch) || cy_mont_init(&k.q, k.qst, q, HL, k.scratch)) {
        fprintf(stderr, "rsa2048: bad prime\n");
        return 2;
    }
    cy_mont_to(k.qinv_mont, qinv, &k.p, k.scratch);

    BN_CTX *bctx = BN_CTX_new();
    BIGNUM *bc = BN_new(), *bm = BN_new();
    int bad = 0, ops = 0;
    double secs = 0;
    for (int trial = 0; trial < 8; trial++) {
        BN_rand_range(bc, bn);
        BN_mod_exp(bm, bc, bd, bn, bctx); /* OpenSSL's answer, c^d mod n without CRT */
        cy_limb c[NL], want[NL], m[NL];
        limbs_of(c, NL, bc), limbs_of(want, NL, bm);
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int err = rsa_private(m, c, &k);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        secs += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        ops++;
        if (err || memcmp(m, want, sizeof m) != 0) {
            fprintf(stderr, "rsa2048: trial %d: carry's CRT result differs from OpenSSL's\n", trial);
            bad = 1;
        }
    }
    printf("rsa2048: %d private operations %s OpenSSL, %.0f ops/s\n", ops,
           bad ? "DIFFER from" : "match", ops / secs);
    BN_free(bc), BN_free(bm), BN_CTX_free(bctx);
    BN_free(bn), BN_free(bd), BN_free(bp), BN_free(bq), BN_free(bdp), BN_free(bdq), BN_free(bqi);
    EVP_PKEY_free(pkey);
    return bad;
}
