/* carry-bench's GMP peers (bench/gmp_lib.h): the table of one GMP build. Compiled twice when
 * carry-bench is configured with CARRY_GMP_HOST: plainly (the system GMP, peer "gmp"), and with
 * BENCH_GMP_HOST, the host build's include folder first and its renaming header included before
 * gmp.h, so that every name below resolves to libgmp-host.a (peer "gmp-host").
 * SPDX-License-Identifier: MIT */
#ifdef BENCH_GMP_HOST
#  include "gmp-host-rename.h"
#  define LIB bench_gmp_host_lib
#  define NAME "gmp-host"
#else
#  define LIB bench_gmp_system_lib
#  define NAME "gmp"
#endif
#include <gmp.h>

#include "gmp_lib.h"

#include <stdio.h>

/* Exported by every GMP (the mul suite has always timed it) but not declared in gmp.h. */
#define mpn_mullo_n __MPN(mullo_n)
void mpn_mullo_n(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t);

extern const bench_gmp_lib LIB;
const bench_gmp_lib LIB = {
    NAME,
    mpn_add_n, mpn_sub_n, mpn_mul_1, mpn_addmul_1, mpn_submul_1, mpn_lshift, mpn_rshift,
    mpn_add_1, mpn_sub_1, mpn_neg, mpn_com, mpn_copyi, mpn_cmp, mpn_and_n, mpn_ior_n, mpn_xor_n,
    mpn_mul_n, mpn_sqr, mpn_mullo_n, mpn_mul,
    mpn_divrem_1, mpn_tdiv_qr, mpn_gcd,
    mpn_sec_invert, mpn_sec_invert_itch,
    mpz_add, mpz_mul, mpz_fdiv_qr, mpz_gcd, mpz_powm, mpz_powm_sec, mpz_invert, mpz_get_str, mpz_set_str,
};

#ifndef BENCH_GMP_HOST
#  ifdef BENCH_HAVE_GMP_HOST
extern const bench_gmp_lib bench_gmp_host_lib;
const bench_gmp_lib *const bench_gmp_libs[] = {&bench_gmp_system_lib, &bench_gmp_host_lib, NULL};
const char *const bench_gmp_host_build = BENCH_HAVE_GMP_HOST;
#  else
const bench_gmp_lib *const bench_gmp_libs[] = {&bench_gmp_system_lib, NULL};
const char *const bench_gmp_host_build = NULL;
#  endif

void bench_gmp_rows(const char *group, const char *op, const char *fn_name, size_t n, double units,
                    double (*measure)(bench_fn, void *), bench_fn fn, void *ctx, const bench_gmp_lib **slot)
{
    for (const bench_gmp_lib *const *g = bench_gmp_libs; *g; g++) {
        char impl[64];
        snprintf(impl, sizeof impl, fn_name ? "%s-%s" : "%s", (*g)->name, fn_name);
        *slot = *g;
        bench_row(group, op, impl, n, units, measure(fn, ctx));
    }
}
#endif
