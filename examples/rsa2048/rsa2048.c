/* RSA-2048 private-key operation with carry's cy_rsa_private (carry/mod.h: CRT, blinded, result
 * checked), on a key OpenSSL generates at run time, checked against OpenSSL (c^d mod n without
 * CRT). Shows what a caller supplies: the key's storage and scratch (rsa_openssl.h) and a fresh
 * random blinding value per call (here from /dev/urandom; getrandom(2) or the platform's
 * generator elsewhere). Exits non-zero on a mismatch. SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <time.h>

#include "rsa_openssl.h"

#define NL (2048 / CY_LIMB_BITS) /* limbs of n */

int main(void)
{
    EVP_PKEY *pkey = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
    BIGNUM *bn = NULL, *bd = NULL;
    rsa_carry k;
    FILE *urandom = fopen("/dev/urandom", "rb");
    if (!pkey || !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &bn) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_D, &bd) || rsa_carry_load(&k, pkey) != 0 ||
        k.n != NL || !urandom) {
        fprintf(stderr, "rsa2048: OpenSSL key generation, loading or /dev/urandom failed\n");
        return 2;
    }

    BN_CTX *bctx = BN_CTX_new();
    BIGNUM *bc = BN_new(), *bm = BN_new();
    int bad = 0, ops = 0;
    double secs = 0;
    for (int trial = 0; trial < 8; trial++) {
        BN_rand_range(bc, bn);
        BN_mod_exp(bm, bc, bd, bn, bctx); /* OpenSSL's answer, c^d mod n without CRT */
        cy_limb c[NL], want[NL], m[NL], r[NL];
        limbs_of(c, NL, bc), limbs_of(want, NL, bm);
        if (fread(r, sizeof r, 1, urandom) != 1) /* the blinding value: fresh for every call */
            return 2;
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        int err = cy_rsa_private(m, c, r, &k.key, k.scratch);
        clock_gettime(CLOCK_MONOTONIC, &t1);
        secs += (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        ops++;
        if (err || memcmp(m, want, sizeof m) != 0) {
            fprintf(stderr, "rsa2048: trial %d: %s\n", trial,
                    err ? cy_strerror(err) : "carry's result differs from OpenSSL's");
            bad = 1;
        }
    }
    printf("rsa2048: %d private operations %s OpenSSL, %.0f ops/s\n", ops,
           bad ? "DIFFER from" : "match", ops / secs);
    fclose(urandom);
    rsa_carry_free(&k);
    BN_free(bc), BN_free(bm), BN_CTX_free(bctx);
    BN_free(bn), BN_clear_free(bd);
    EVP_PKEY_free(pkey);
    return bad;
}
