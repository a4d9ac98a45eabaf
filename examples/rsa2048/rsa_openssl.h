/* An OpenSSL RSA key as carry's cy_rsa_key (carry/mod.h): the glue between the two, used by
 * examples/rsa2048/rsa2048.c and by carry-bench's rsa group (bench/mod.c).
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_EXAMPLES_RSA_OPENSSL_H
#define CARRY_EXAMPLES_RSA_OPENSSL_H

#include <carry.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <stdlib.h>
#include <string.h>

/* {r, n} = x, least significant limb first (x < B^n). */
static void limbs_of(cy_limb *r, size_t n, const BIGNUM *x)
{
    size_t bytes = n * sizeof(cy_limb);
    unsigned char *buf = malloc(bytes);
    BN_bn2lebinpad(x, buf, (int)bytes);
    for (size_t i = 0; i < n; i++) {
        r[i] = 0;
        for (size_t b = 0; b < sizeof(cy_limb); b++)
            r[i] |= (cy_limb)buf[i * sizeof(cy_limb) + b] << (8 * b);
    }
    free(buf);
}

/* A carry key with its storage and the scratch of one private operation at a time. */
typedef struct {
    cy_rsa_key key;
    size_t n;         /* limbs of N (even) */
    cy_limb *storage; /* cy_rsa_storage_limbs(n, en): holds the secrets */
    cy_limb *scratch; /* cy_rsa_private_itch(n) */
} rsa_carry;

/* Loads the modulus, the public exponent and the CRT parts of an OpenSSL RSA key (p and q of the
 * same limb count, as from OpenSSL's generator). Returns 0 or -1. */
static int rsa_carry_load(rsa_carry *rc, EVP_PKEY *pkey)
{
    const char *names[] = {OSSL_PKEY_PARAM_RSA_N,         OSSL_PKEY_PARAM_RSA_E,
                           OSSL_PKEY_PARAM_RSA_FACTOR1,   OSSL_PKEY_PARAM_RSA_FACTOR2,
                           OSSL_PKEY_PARAM_RSA_EXPONENT1, OSSL_PKEY_PARAM_RSA_EXPONENT2,
                           OSSL_PKEY_PARAM_RSA_COEFFICIENT1};
    BIGNUM *bn[7] = {0};
    int ok = 1;
    for (int i = 0; i < 7; i++)
        ok = ok && EVP_PKEY_get_bn_param(pkey, names[i], &bn[i]);
    memset(rc, 0, sizeof *rc);
    if (ok) {
        const size_t w = CY_LIMB_BITS;
        size_t n = ((size_t)BN_num_bits(bn[0]) + 2 * w - 1) / (2 * w) * 2, h = n / 2;
        size_t en = ((size_t)BN_num_bits(bn[1]) + w - 1) / w;
        ok = (size_t)BN_num_bits(bn[2]) <= h * w && (size_t)BN_num_bits(bn[3]) <= h * w;
        cy_limb *v = ok ? malloc((2 * n + en + 5 * h) * sizeof(cy_limb)) : NULL;
        rc->n = n;
        rc->storage = malloc(cy_rsa_storage_limbs(n, en) * sizeof(cy_limb));
        size_t itch = cy_rsa_init_itch(n) > cy_rsa_private_itch(n) ? cy_rsa_init_itch(n)
                                                                     : cy_rsa_private_itch(n);
        rc->scratch = malloc(itch * sizeof(cy_limb));
        ok = ok && v && rc->storage && rc->scratch;
        if (ok) {
            cy_limb *N = v, *e = N + n, *p = e + en, *q = p + h, *dp = q + h, *dq = dp + h,
                    *qinv = dq + h;
            limbs_of(N, n, bn[0]), limbs_of(e, en, bn[1]), limbs_of(p, h, bn[2]);
            limbs_of(q, h, bn[3]), limbs_of(dp, h, bn[4]), limbs_of(dq, h, bn[5]);
            limbs_of(qinv, h, bn[6]);
            ok = cy_rsa_init(&rc->key, rc->storage, N, n, e, en, p, q, dp, dq, qinv,
                             rc->scratch) == 0;
            OPENSSL_cleanse(v, (2 * n + en + 5 * h) * sizeof(cy_limb)); /* the secrets */
        }
        free(v);
    }
    for (int i = 0; i < 7; i++)
        BN_clear_free(bn[i]);
    if (!ok) {
        free(rc->storage), free(rc->scratch);
        rc->storage = rc->scratch = NULL;
    }
    return ok ? 0 : -1;
}

static void rsa_carry_free(rsa_carry *rc)
{
    if (rc->storage) /* the key's secrets */
        OPENSSL_cleanse(rc->storage, cy_rsa_storage_limbs(rc->n, rc->key.en) * sizeof(cy_limb));
    free(rc->storage), free(rc->scratch);
    rc->storage = rc->scratch = NULL;
}

#endif
