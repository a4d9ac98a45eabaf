/* RSA-2048 private-key operation with CRT built from carry's mod layer (rsa_crt.h), checked
 * against OpenSSL (c^d mod n without CRT) on a key OpenSSL generates at run time. Exits non-zero
 * on a mismatch. SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <stdio.h>
#include <time.h>

#include "rsa_crt.h"

int main(void)
{
    EVP_PKEY *pkey = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)2048);
    BIGNUM *bn = NULL, *bd = NULL;
    static rsa_key k;
    if (!pkey || !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &bn) ||
        !EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_D, &bd) || rsa_load(&k, pkey) != 0) {
        fprintf(stderr, "rsa2048: OpenSSL key generation or loading failed\n");
        return 2;
    }

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
    BN_free(bn), BN_free(bd);
    EVP_PKEY_free(pkey);
    return bad;
}
