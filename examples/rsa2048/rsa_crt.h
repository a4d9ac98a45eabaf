/* RSA-2048 private-key operation with the Chinese remainder theorem from carry's constant-time
 * Montgomery arithmetic; used by examples/rsa2048/rsa2048.c and by carry-bench's mod suite.
 * SPDX-License-Identifier: MIT
 *
 *   m1 = (c mod p)^dp mod p,  m2 = (c mod q)^dq mod q,
 *   h  = qinv (m1 - m2) mod p,  m = m2 + h q     (Quisquater and Couvreur, 1982)
 */
#ifndef CARRY_EXAMPLES_RSA_CRT_H
#define CARRY_EXAMPLES_RSA_CRT_H

#include <carry.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <string.h>

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

/* Loads the CRT key of an OpenSSL RSA-2048 key; returns 0 or -1. */
static int rsa_load(rsa_key *k, EVP_PKEY *pkey)
{
    BIGNUM *bp = NULL, *bq = NULL, *bdp = NULL, *bdq = NULL, *bqi = NULL;
    int ok = EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR1, &bp) &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_FACTOR2, &bq) &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_EXPONENT1, &bdp) &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_EXPONENT2, &bdq) &&
             EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_COEFFICIENT1, &bqi);
    if (ok) {
        cy_limb p[HL], qinv[HL];
        limbs_of(p, HL, bp), limbs_of(k->qv, HL, bq), limbs_of(qinv, HL, bqi);
        limbs_of(k->dp, HL, bdp), limbs_of(k->dq, HL, bdq);
        ok = cy_mont_init(&k->p, k->pst, p, HL, k->scratch) == 0 &&
             cy_mont_init(&k->q, k->qst, k->qv, HL, k->scratch) == 0;
        if (ok)
            cy_mont_to(k->qinv_mont, qinv, &k->p, k->scratch);
    }
    BN_free(bp), BN_free(bq), BN_free(bdp), BN_free(bdq), BN_free(bqi);
    return ok ? 0 : -1;
}

#endif
