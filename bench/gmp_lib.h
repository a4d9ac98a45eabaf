/* carry-bench's GMP peers: the functions the suites time, as one table per GMP build.
 * SPDX-License-Identifier: MIT
 *
 * bench/gmp_lib.c fills the table. It is compiled once against the system GMP (the peer "gmp",
 * always there) and, when carry-bench is configured with CARRY_GMP_HOST (a prefix made by
 * bench/peers/gmp-host), once more against GMP built for this machine (the peer "gmp-host"): that
 * build's symbols are renamed (carry_host__gmp*), so both link into one program and every suite
 * times both in the same run. The suites call every GMP function of both builds through these
 * pointers, so the two peers pay the same per-call cost (the system library's calls go through
 * the PLT anyway, an indirect jump of the same kind). The limb types of both builds are the same
 * (64-bit GMP on a 64-bit target); mpz values created by one build are valid for the other, both
 * allocating with the C library's malloc. */
#ifndef CARRY_BENCH_GMP_LIB_H
#define CARRY_BENCH_GMP_LIB_H

#include <gmp.h>
#include <stddef.h>

#include "bench.h"

typedef struct {
    const char *name; /* the peer's impl name in the rows: "gmp" or "gmp-host" */
    /* the linear kernels (suite mpn) */
    mp_limb_t (*n_add_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    mp_limb_t (*n_sub_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    mp_limb_t (*n_mul_1)(mp_ptr, mp_srcptr, mp_size_t, mp_limb_t);
    mp_limb_t (*n_addmul_1)(mp_ptr, mp_srcptr, mp_size_t, mp_limb_t);
    mp_limb_t (*n_submul_1)(mp_ptr, mp_srcptr, mp_size_t, mp_limb_t);
    mp_limb_t (*n_lshift)(mp_ptr, mp_srcptr, mp_size_t, unsigned);
    mp_limb_t (*n_rshift)(mp_ptr, mp_srcptr, mp_size_t, unsigned);
    mp_limb_t (*n_add_1)(mp_ptr, mp_srcptr, mp_size_t, mp_limb_t);
    mp_limb_t (*n_sub_1)(mp_ptr, mp_srcptr, mp_size_t, mp_limb_t);
    mp_limb_t (*n_neg)(mp_ptr, mp_srcptr, mp_size_t);
    void (*n_com)(mp_ptr, mp_srcptr, mp_size_t);
    void (*n_copyi)(mp_ptr, mp_srcptr, mp_size_t);
    int (*n_cmp)(mp_srcptr, mp_srcptr, mp_size_t);
    void (*n_and_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    void (*n_ior_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    void (*n_xor_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    /* products (suite mul) */
    void (*n_mul_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    void (*n_sqr)(mp_ptr, mp_srcptr, mp_size_t);
    void (*n_mullo_n)(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);
    mp_limb_t (*n_mul)(mp_ptr, mp_srcptr, mp_size_t, mp_srcptr, mp_size_t);
    /* division, gcd (suite div) */
    mp_limb_t (*n_divrem_1)(mp_ptr, mp_size_t, mp_srcptr, mp_size_t, mp_limb_t);
    void (*n_tdiv_qr)(mp_ptr, mp_ptr, mp_size_t, mp_srcptr, mp_size_t, mp_srcptr, mp_size_t);
    mp_size_t (*n_gcd)(mp_ptr, mp_ptr, mp_size_t, mp_ptr, mp_size_t);
    /* modular (suite mod) */
    int (*n_sec_invert)(mp_ptr, mp_ptr, mp_srcptr, mp_size_t, mp_bitcnt_t, mp_ptr);
    mp_size_t (*n_sec_invert_itch)(mp_size_t);
    /* mpz (suites int, summary, div, mod) */
    void (*z_add)(mpz_ptr, mpz_srcptr, mpz_srcptr);
    void (*z_mul)(mpz_ptr, mpz_srcptr, mpz_srcptr);
    void (*z_fdiv_qr)(mpz_ptr, mpz_ptr, mpz_srcptr, mpz_srcptr);
    void (*z_gcd)(mpz_ptr, mpz_srcptr, mpz_srcptr);
    void (*z_powm)(mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr);
    void (*z_powm_sec)(mpz_ptr, mpz_srcptr, mpz_srcptr, mpz_srcptr);
    int (*z_invert)(mpz_ptr, mpz_srcptr, mpz_srcptr);
    char *(*z_get_str)(char *, int, mpz_srcptr);
    int (*z_set_str)(mpz_ptr, const char *, int);
} bench_gmp_lib;

/* The GMP builds this carry-bench times, the system's first; NULL-terminated. */
extern const bench_gmp_lib *const bench_gmp_libs[];

/* The host build's description for the report header ("GMP 6.2.1 for zen3, mpn path
 * x86_64/zen2", from its build-info file), or NULL where carry-bench has no host build. */
extern const char *const bench_gmp_host_build;

/* One row per GMP build: times fn(ctx) with *slot set to the build (the suite's callbacks call
 * GMP through (*slot)->...) and records it as impl = the build's name, or "<name>-<fn_name>" when
 * fn_name is not NULL (several GMP functions in one group). measure: bench_time, or the suite's
 * own choice between bench_time and bench_time_slow. */
void bench_gmp_rows(const char *group, const char *op, const char *fn_name, size_t n, double units,
                    double (*measure)(bench_fn, void *), bench_fn fn, void *ctx, const bench_gmp_lib **slot);

#endif
