/* carry-bench suite "mod": Montgomery multiplication, constant-time exponentiation, RSA 2048-4096 CRT
 * and inversion against GMP and OpenSSL, and the operation counts of AMI and subtraction-free AMI (docs/mod.md).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include <gmp.h>
#include <time.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "carry.h"
#include "gmp_lib.h"
#include "mod/impl.h" /* cy__mod_ami / cy__mod_sfami with operation counts */

#ifndef CARRY_BENCH_OPENSSL
/* This target has no usable libcrypto (e.g. -m32 without libssl-dev:i386). */
void bench_mod(int quick)
{
    (void)quick;
    bench_note("mont", "suite mod skipped: OpenSSL's libcrypto is not available for this target");
}
#else
#include <openssl/bn.h>
#include <openssl/rand.h>
#include <openssl/rsa.h>

#include "../examples/rsa2048/rsa_openssl.h"

typedef struct {
    size_t n;
    cy_mont ctx;
    cy_limb *st, *sc, *a, *b, *r, *e, *m;
    size_t en;
    /* GMP: the build the t_gmp_* callbacks call */
    const bench_gmp_lib *g;
    mpz_t M, A, E, R;
    mp_limb_t *ga, *gm, *gr, *gsc;
    /* OpenSSL */
    BIGNUM *bm, *ba, *bb, *be, *br;
    BN_MONT_CTX *mont;
    BN_CTX *bctx;
} job;

static size_t max3(size_t a, size_t b, size_t c)
{
    size_t x = a > b ? a : b;
    return x > c ? x : c;
}

static BIGNUM *bn_of(const cy_limb *p, size_t n)
{
    unsigned char buf[1024];
    size_t bytes = n * sizeof(cy_limb);
    for (size_t i = 0; i < bytes; i++)
        buf[bytes - 1 - i] = (unsigned char)(p[i / sizeof(cy_limb)] >> (8 * (i % sizeof(cy_limb))));
    return BN_bin2bn(buf, (int)bytes, NULL);
}

/* A job for a modulus {m, n}: operands a, b < m random, exponent of en limbs random. */
static void job_init(job *j, const cy_limb *m, size_t n, size_t en)
{
    memset(j, 0, sizeof *j);
    j->n = n, j->en = en;
    size_t itch = max3(cy_mont_init_itch(n), cy_mont_powm_itch(n, en), cy_mod_inv_itch(n));
    if (cy_mont_powm_vartime_itch(n, en) > itch)
        itch = cy_mont_powm_vartime_itch(n, en);
    j->st = malloc(cy_mont_storage_limbs(n) * sizeof(cy_limb));
    j->sc = malloc(itch * sizeof(cy_limb));
    j->m = malloc(n * sizeof(cy_limb));
    j->a = malloc(n * sizeof(cy_limb)), j->b = malloc(n * sizeof(cy_limb));
    j->r = malloc(n * sizeof(cy_limb)), j->e = malloc((en ? en : 1) * sizeof(cy_limb));
    memcpy(j->m, m, n * sizeof(cy_limb));
    if (cy_mont_init(&j->ctx, j->st, m, n, j->sc) != 0)
        abort();
    mpz_inits(j->M, j->A, j->E, j->R, NULL);
    mpz_import(j->M, n, -1, sizeof(cy_limb), 0, 0, m);
    bench_random(j->a, n * sizeof(cy_limb));
    bench_random(j->b, n * sizeof(cy_limb));
    bench_random(j->e, en * sizeof(cy_limb));
    cy_mont_mod(j->a, j->a, n, &j->ctx, j->sc);
    cy_mont_mod(j->b, j->b, n, &j->ctx, j->sc);
    mpz_import(j->A, n, -1, sizeof(cy_limb), 0, 0, j->a);
    mpz_import(j->E, en, -1, sizeof(cy_limb), 0, 0, j->e);
    size_t gn = mpz_size(j->M);
    j->ga = calloc(gn, sizeof(mp_limb_t)), j->gm = calloc(gn, sizeof(mp_limb_t));
    j->gr = calloc(gn, sizeof(mp_limb_t));
    mp_size_t sec_itch = 1; /* the larger of the GMP builds' needs */
    for (const bench_gmp_lib *const *g = bench_gmp_libs; *g; g++) {
        mp_size_t need = (*g)->n_sec_invert_itch((mp_size_t)gn);
        sec_itch = need > sec_itch ? need : sec_itch;
    }
    j->gsc = malloc((size_t)sec_itch * sizeof(mp_limb_t));
    mpz_export(j->gm, NULL, -1, sizeof(mp_limb_t), 0, 0, j->M);
    mpz_export(j->ga, NULL, -1, sizeof(mp_limb_t), 0, 0, j->A);
    j->bm = bn_of(m, n), j->ba = bn_of(j->a, n), j->bb = bn_of(j->b, n), j->be = bn_of(j->e, en);
    j->br = BN_new();
    j->bctx = BN_CTX_new();
    j->mont = BN_MONT_CTX_new();
    BN_MONT_CTX_set(j->mont, j->bm, j->bctx);
}

static void job_free(job *j)
{
    free(j->st), free(j->sc), free(j->m), free(j->a), free(j->b), free(j->r), free(j->e);
    mpz_clears(j->M, j->A, j->E, j->R, NULL);
    free(j->ga), free(j->gm), free(j->gr), free(j->gsc);
    BN_free(j->bm), BN_free(j->ba), BN_free(j->bb), BN_free(j->be), BN_free(j->br);
    BN_MONT_CTX_free(j->mont);
    BN_CTX_free(j->bctx);
}

/* ---- timed calls ---- */
static void t_mont_mul(void *p) { job *j = p; cy_mont_mul(j->r, j->a, j->b, &j->ctx, j->sc); }
static void t_mont_sqr(void *p) { job *j = p; cy_mont_sqr(j->r, j->a, &j->ctx, j->sc); }
static void t_ossl_mul(void *p) { job *j = p; BN_mod_mul_montgomery(j->br, j->ba, j->bb, j->mont, j->bctx); }
static void t_powm(void *p) { job *j = p; cy_mont_powm(j->r, j->a, j->e, j->en, &j->ctx, j->sc); }
static void t_powm_vt(void *p) { job *j = p; cy_mont_powm_vartime(j->r, j->a, j->e, j->en, &j->ctx, j->sc); }
static void t_gmp_powm(void *p) { job *j = p; j->g->z_powm(j->R, j->A, j->E, j->M); }
static void t_gmp_powm_sec(void *p) { job *j = p; j->g->z_powm_sec(j->R, j->A, j->E, j->M); }
static void t_ossl_powm(void *p) { job *j = p; BN_mod_exp_mont_consttime(j->br, j->ba, j->be, j->bm, j->bctx, j->mont); }
static void t_inv_safegcd(void *p) { job *j = p; cy_mod_inv_safegcd(j->r, j->a, &j->ctx, j->sc); }
static void t_inv_safegcd_vt(void *p) { job *j = p; cy_mod_inv_safegcd_vartime(j->r, j->a, &j->ctx, j->sc); }
static void t_inv_lehmer_vt(void *p) { job *j = p; cy_mod_inv_lehmer_vartime(j->r, j->a, &j->ctx, j->sc); }
static void t_inv_fermat(void *p) { job *j = p; cy_mod_inv_fermat(j->r, j->a, &j->ctx, j->sc); }
static void t_ami(void *p) { job *j = p; unsigned long k; cy_mod_ami_vartime(j->r, &k, j->a, &j->ctx, j->sc); }
static void t_sfami(void *p) { job *j = p; unsigned long k; cy_mod_sfami_vartime(j->r, &k, j->a, &j->ctx, j->sc); }
static void t_mont_inv(void *p) { job *j = p; cy_mont_inv_vartime(j->r, j->a, &j->ctx, j->sc); }
static void t_kaliski(void *p) { job *j = p; cy_mod_inv_kaliski_vartime(j->r, j->a, &j->ctx, j->sc); }
static void t_gmp_invert(void *p) { job *j = p; j->g->z_invert(j->R, j->A, j->M); }
static void t_gmp_sec_invert(void *p)
{
    job *j = p;
    size_t gn = mpz_size(j->M);
    mpz_export(j->ga, NULL, -1, sizeof(mp_limb_t), 0, 0, j->A); /* mpn_sec_invert destroys a */
    j->g->n_sec_invert(j->gr, j->ga, j->gm, (mp_size_t)gn, 2 * (mp_bitcnt_t)gn * GMP_NUMB_BITS, j->gsc);
}
static void t_ossl_inv(void *p) { job *j = p; BN_mod_inverse(j->br, j->ba, j->bm, j->bctx); }

/* A random odd modulus of `bits` bits (top bit set), prime if `prime`, as limbs; returns n. */
static size_t random_modulus(cy_limb *m, unsigned bits, int prime)
{
    mpz_t z;
    mpz_init(z);
    size_t n = (bits + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
    cy_limb buf[8192 / 32 + 8]; /* up to 8192 bits with 32-bit limbs */
    bench_random(buf, n * sizeof(cy_limb));
    mpz_import(z, n, -1, sizeof(cy_limb), 0, 0, buf);
    mpz_fdiv_r_2exp(z, z, bits);
    mpz_setbit(z, bits - 1);
    mpz_clrbit(z, bits - 2);
    mpz_setbit(z, 0);
    if (prime)
        mpz_nextprime(z, z);
    memset(m, 0, n * sizeof(cy_limb));
    mpz_export(m, NULL, -1, sizeof(cy_limb), 0, 0, z);
    mpz_clear(z);
    return n;
}

static void bench_mul(int quick)
{
    static const unsigned sizes[] = {256, 384, 512, 1024, 2048, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        cy_limb m[80];
        size_t n = random_modulus(m, sizes[i], 0);
        job j;
        job_init(&j, m, n, 1);
        bench_row("mont", "mul", "carry", sizes[i], 1, bench_time(t_mont_mul, &j));
        bench_row("mont", "mul", "openssl", sizes[i], 1, bench_time(t_ossl_mul, &j));
        bench_row("mont", "sqr", "carry", sizes[i], 1, bench_time(t_mont_sqr, &j));
        job_free(&j);
        (void)quick;
    }
}

static void bench_powm(int quick)
{
    static const unsigned sizes[] = {1024, 2048, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (quick && sizes[i] > 1024)
            break;
        cy_limb m[80];
        size_t n = random_modulus(m, sizes[i], 0);
        job j;
        job_init(&j, m, n, n);
        bench_row("powm", "powm (ct)", "carry", sizes[i], 1, bench_time(t_powm, &j));
        bench_row("powm", "powm (ct)", "openssl-consttime", sizes[i], 1, bench_time(t_ossl_powm, &j));
        bench_gmp_rows("powm", "powm (ct)", "powm_sec", sizes[i], 1, bench_time, t_gmp_powm_sec, &j, &j.g);
        bench_row("powm", "powm (vartime)", "carry-vartime", sizes[i], 1, bench_time(t_powm_vt, &j));
        bench_gmp_rows("powm", "powm (vartime)", "powm", sizes[i], 1, bench_time, t_gmp_powm, &j, &j.g);
        job_free(&j);
    }
}

/* Time of every inverse at one modulus size. */
static void bench_inv_at(const cy_limb *m, size_t n, unsigned bits, int all)
{
    if (!bench_want("inv"))
        return;
    job j;
    job_init(&j, m, n, 1);
    bench_row("inv", "inverse", "carry-safegcd", bits, 1, bench_time(t_inv_safegcd, &j));
    bench_row("inv", "inverse", "carry-safegcd_vartime", bits, 1, bench_time(t_inv_safegcd_vt, &j));
    bench_row("inv", "inverse", "carry-lehmer_vartime", bits, 1, bench_time(t_inv_lehmer_vt, &j));
    bench_row("inv", "inverse", "carry-ami_vartime", bits, 1, bench_time(t_ami, &j));
    bench_row("inv", "inverse", "carry-sfami_vartime", bits, 1, bench_time(t_sfami, &j));
    bench_row("inv", "inverse", "carry-mont_inv_vartime", bits, 1, bench_time(t_mont_inv, &j));
    if (all) {
        bench_row("inv", "inverse", "carry-kaliski_vartime", bits, 1, bench_time(t_kaliski, &j));
        bench_row("inv", "inverse", "carry-fermat", bits, 1, bench_time(t_inv_fermat, &j));
        bench_row("inv", "inverse", "openssl-BN_mod_inverse", bits, 1, bench_time(t_ossl_inv, &j));
    }
    bench_gmp_rows("inv", "inverse", "mpz_invert", bits, 1, bench_time, t_gmp_invert, &j, &j.g);
    bench_gmp_rows("inv", "inverse", "mpn_sec_invert", bits, 1, bench_time, t_gmp_sec_invert, &j, &j.g);
    job_free(&j);
}

/* The n-limb constant-time inverse against GMP's constant-time mpn_sec_invert (and its
 * variable-time mpz_invert) on random odd moduli of 512..4096 bits (issue 19, deliverable 4). */
static void bench_inv_ct(int quick)
{
    static const unsigned sizes[] = {512, 1024, 2048, 3072, 4096};
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (quick && sizes[i] > 1024)
            break;
        cy_limb m[4096 / CY_LIMB_BITS];
        size_t n = random_modulus(m, sizes[i], 0);
        job j;
        job_init(&j, m, n, 1);
        bench_row("inv", "inverse", "carry-safegcd", sizes[i], 1, bench_time(t_inv_safegcd, &j));
        bench_row("inv", "inverse", "carry-safegcd_vartime", sizes[i], 1, bench_time(t_inv_safegcd_vt, &j));
        bench_gmp_rows("inv", "inverse", "mpz_invert", sizes[i], 1, bench_time, t_gmp_invert, &j, &j.g);
        bench_gmp_rows("inv", "inverse", "mpn_sec_invert", sizes[i], 1, bench_time, t_gmp_sec_invert, &j, &j.g);
        job_free(&j);
    }
}

/* Distribution of AMI's k, additions and failed u > v tests over random a, against the range
 * n - 1 <= k < 2n stated with Buček and Lórencz's Algorithm 1 and the binary-gcd estimates
 * k ~ 2qn, additions ~ qn, tests ~ qn/2, q = 0.70597 (Knuth, TAOCP vol. 2, 4.5.2) that they
 * compare with (references in docs/mod.md). */
static void ami_analysis(int quick)
{
    static const unsigned sizes[] = {64, 128, 162, 256};
    const double q = 0.70597;
    int samples = quick ? 300 : 3000;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        cy_limb m[8], a[8], r[8];
        unsigned bits = sizes[i];
        size_t n = random_modulus(m, bits, 1);
        cy_mont ctx;
        cy_limb st[24], sc[1024];
        cy_mont_init(&ctx, st, m, n, sc);
        unsigned long kmin = ~0ul, kmax = 0;
        double ksum = 0, asum = 0, csum = 0, k2sum = 0;
        int mismatch = 0;
        for (int s = 0; s < samples; s++) {
            bench_random(a, n * sizeof(cy_limb));
            cy_mont_mod(a, a, n, &ctx, sc);
            cy__ami_count c1, c2;
            unsigned long k1, k2;
            cy_limb r2[8];
            if (cy__mod_ami(r, &k1, a, &ctx, sc, &c1) || cy__mod_sfami(r2, &k2, a, &ctx, sc, &c2))
                continue;
            mismatch += k1 != k2 || c1.additions != c2.additions || memcmp(r, r2, n * sizeof *r);
            kmin = k1 < kmin ? k1 : kmin;
            kmax = k1 > kmax ? k1 : kmax;
            ksum += k1, k2sum += (double)k1 * k1, asum += c1.additions, csum += c1.compares;
        }
        double km = ksum / samples;
        bench_note("ami", "n=%u bits, %d random a: k min %lu mean %.1f max %lu (sd %.1f) = %.3f n "
                   "[seed: k in [n-1, 2n), mean 2qn = %.1f]; additions mean %.1f [qn = %.1f]; "
                   "failed u>v tests (SF-AMI saves) mean %.1f [qn/2 = %.1f]; SF-AMI equal: %s",
                   bits, samples, kmin, km, kmax, sqrt(k2sum / samples - km * km), km / bits,
                   2 * q * bits, asum / samples, q * bits, csum / samples, q * bits / 2,
                   mismatch ? "NO" : "yes");
        if (bits != 256)
            bench_inv_at(m, n, bits, 0);
    }
}

/* RSA private operation: carry's cy_rsa_private (CRT, blinded with a fresh r from RAND_bytes per
 * call, result checked) against OpenSSL's EVP_PKEY_decrypt without padding (CRT, blinded, with
 * its own result check), on a key OpenSSL generates now, at 2048, 3072 and 4096 bits. */
#define RSA_MAX_LIMBS (4096 / CY_LIMB_BITS)
typedef struct {
    rsa_carry k;
    cy_limb c[RSA_MAX_LIMBS], m[RSA_MAX_LIMBS], r[RSA_MAX_LIMBS];
    EVP_PKEY_CTX *pctx;
    unsigned char in[512], out[512];
    size_t bytes;
} rsa_job;

static void t_rsa_carry(void *p)
{
    rsa_job *j = p;
    RAND_bytes((unsigned char *)j->r, (int)(j->k.n * sizeof(cy_limb)));
    if (cy_rsa_private(j->m, j->c, j->r, &j->k.key, j->k.scratch) != 0)
        abort();
}
static void t_rsa_ossl(void *p)
{
    rsa_job *j = p;
    size_t outlen = j->bytes;
    EVP_PKEY_decrypt(j->pctx, j->out, &outlen, j->in, j->bytes);
}

/* Calls per second of fn over about 0.2 s of wall-clock time. */
static double per_second(bench_fn fn, void *ctx)
{
    struct timespec t0, t1;
    int calls = 0;
    double s;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    do {
        fn(ctx);
        calls++;
        clock_gettime(CLOCK_MONOTONIC, &t1);
        s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
    } while (s < 0.2);
    return calls / s;
}

static void bench_rsa(int quick)
{
    static const unsigned sizes[] = {2048, 3072, 4096};
    static rsa_job j;
    for (size_t i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (quick && sizes[i] > 2048)
            break;
        unsigned bits = sizes[i];
        EVP_PKEY *pkey = EVP_PKEY_Q_keygen(NULL, NULL, "RSA", (size_t)bits);
        if (!pkey || rsa_carry_load(&j.k, pkey) != 0 || j.k.n > RSA_MAX_LIMBS)
            abort();
        j.bytes = bits / 8;
        BIGNUM *bn = NULL, *bc = BN_new(), *bm = BN_new();
        EVP_PKEY_get_bn_param(pkey, OSSL_PKEY_PARAM_RSA_N, &bn);
        BN_rand_range(bc, bn);
        limbs_of(j.c, j.k.n, bc);
        BN_bn2binpad(bc, j.in, (int)j.bytes);
        j.pctx = EVP_PKEY_CTX_new(pkey, NULL);
        EVP_PKEY_decrypt_init(j.pctx);
        EVP_PKEY_CTX_set_rsa_padding(j.pctx, RSA_NO_PADDING);
        /* both give the same result */
        t_rsa_carry(&j), t_rsa_ossl(&j);
        cy_limb want[RSA_MAX_LIMBS];
        BN_bin2bn(j.out, (int)j.bytes, bm);
        limbs_of(want, j.k.n, bm);
        if (memcmp(want, j.m, j.k.n * sizeof(cy_limb)) != 0)
            abort();
        char op[48];
        snprintf(op, sizeof op, "rsa%u private (CRT)", bits);
        double tc = bench_time(t_rsa_carry, &j), to = bench_time(t_rsa_ossl, &j);
        bench_row("rsa", op, "carry", bits, 1, tc);
        bench_row("rsa", op, "openssl", bits, 1, to);
        bench_note("rsa", "RSA-%u private operations per second (wall clock): carry %.0f "
                   "(cy_rsa_private: CRT, blinded, checked), OpenSSL EVP_PKEY_decrypt (no padding, "
                   "blinded) %.0f; compare `openssl speed rsa%u` sign/s on the same machine", bits,
                   per_second(t_rsa_carry, &j), per_second(t_rsa_ossl, &j), bits);
        EVP_PKEY_CTX_free(j.pctx);
        rsa_carry_free(&j.k);
        BN_free(bn), BN_free(bc), BN_free(bm);
        EVP_PKEY_free(pkey);
    }
}

void bench_mod(int quick)
{
    if (bench_want("mont"))
        bench_mul(quick);
    if (bench_want("powm"))
        bench_powm(quick);
    if (bench_want("rsa"))
        bench_rsa(quick);
    /* inversion modulo the 256-bit prime of secp256k1 */
    static const char *p256k1 = "fffffffffffffffffffffffffffffffffffffffffffffffffffffffefffffc2f";
    mpz_t z;
    mpz_init_set_str(z, p256k1, 16);
    cy_limb m[8] = {0};
    size_t n = (256 + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
    mpz_export(m, NULL, -1, sizeof(cy_limb), 0, 0, z);
    mpz_clear(z);
    bench_inv_at(m, n, 256, 1);
    if (bench_want("ami") || bench_want("inv"))
        ami_analysis(quick);
    if (bench_want("inv"))
        bench_inv_ct(quick);
}
#endif /* CARRY_BENCH_OPENSSL */
