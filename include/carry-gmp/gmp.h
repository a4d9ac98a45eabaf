/* carry-gmp's gmp.h: the integer (mpz) part of GMP's interface over carry's cy_int, and GMP's
 * low-level (mpn) functions over carry's cy_mpn kernels, so that a C program written for GMP
 * builds against carry without a source change:
 *
 *     cc prog.c $(pkg-config --cflags --libs carry-gmp)
 *
 * SPDX-License-Identifier: MIT. Written from GMP's manual (the documented interface of GMP 6.2):
 * names, argument order, types and results as documented there; no code of GMP.
 *
 * An mpz_t is a cy_int (the same fields in the same order: _mp_alloc, _mp_size, _mp_d), so that
 * each function is a call into carry/int.h. Behaviour GMP programs expect: a division by zero
 * raises SIGFPE, and an allocation failure prints a message and aborts, as GMP does;
 * carry_gmp_set_error_handler installs a handler instead (it gets carry's error code; when it
 * returns, the function returns with its outputs unchanged). Formatted output (gmp_printf and
 * its family) takes GMP's Z, M and N types besides C's conversions. Not provided: mpq_*, mpf_*
 * and gmpxx.h, formatted input (gmp_scanf and its family) and gmp_obstack_printf (a program that
 * uses them fails to compile: the names are poisoned), the obsolete functions, and bases above 36
 * in the string functions; of the mpn functions, mpn_sec_div_qr and mpn_sec_div_r (carry has no
 * constant-time division by an even divisor) and mpn_random, mpn_random2 (poisoned too).
 * Differences are listed in docs/gmp-compat.md. */
#ifndef CARRY_GMP_H
#define CARRY_GMP_H
#ifndef __GMP_H__
#define __GMP_H__
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>

#include <carry/int.h>

#ifdef __cplusplus
extern "C" {
#endif

#define __GNU_MP__ 6
#define __GNU_MP_VERSION 6
#define __GNU_MP_VERSION_MINOR 2
#define __GNU_MP_VERSION_PATCHLEVEL 1
#define __GNU_MP_RELEASE 60201
#define CARRY_GMP 1

#define GMP_LIMB_BITS CY_LIMB_BITS
#define GMP_NAIL_BITS 0
#define GMP_NUMB_BITS CY_LIMB_BITS
#define GMP_NUMB_MASK (~(mp_limb_t)0)
#define GMP_NUMB_MAX GMP_NUMB_MASK

typedef cy_limb mp_limb_t;
typedef long mp_limb_signed_t;
typedef long mp_size_t;
typedef long mp_exp_t;
typedef unsigned long mp_bitcnt_t;
typedef mp_limb_t *mp_ptr;
typedef const mp_limb_t *mp_srcptr;

/* GMP's field names over cy_int's layout (carry-gmp checks the two agree at build time). */
typedef struct {
    int _mp_alloc;
    int _mp_size;
    mp_limb_t *_mp_d;
} __mpz_struct;
typedef __mpz_struct mpz_t[1];
typedef __mpz_struct *mpz_ptr;
typedef const __mpz_struct *mpz_srcptr;
typedef __mpz_struct MP_INT;

typedef struct {
    cy_randstate _cy_state;
} __gmp_randstate_struct;
typedef __gmp_randstate_struct gmp_randstate_t[1];

extern const int mp_bits_per_limb;
extern const char *const gmp_version;
extern int gmp_errno;
enum { GMP_ERROR_NONE = 0, GMP_ERROR_UNSUPPORTED_ARGUMENT = 1, GMP_ERROR_DIVISION_BY_ZERO = 2,
       GMP_ERROR_SQRT_OF_NEGATIVE = 4, GMP_ERROR_INVALID_ARGUMENT = 8 };

/* carry's extension: called with carry's error code instead of raising SIGFPE or aborting. NULL
 * restores GMP's behaviour. */
void carry_gmp_set_error_handler(void (*handler)(int cy_err));

/* ---- memory ---- */
void mp_set_memory_functions(void *(*alloc)(size_t), void *(*realloc)(void *, size_t, size_t),
                             void (*free)(void *, size_t));
void mp_get_memory_functions(void *(**alloc)(size_t), void *(**realloc)(void *, size_t, size_t),
                             void (**free)(void *, size_t));

/* ---- initialisation and assignment ---- */
void mpz_init(mpz_ptr x);
void mpz_inits(mpz_ptr x, ...);
void mpz_init2(mpz_ptr x, mp_bitcnt_t n);
void mpz_clear(mpz_ptr x);
void mpz_clears(mpz_ptr x, ...);
void mpz_realloc2(mpz_ptr x, mp_bitcnt_t n);
void *_mpz_realloc(mpz_ptr x, mp_size_t n);
void mpz_set(mpz_ptr rop, mpz_srcptr op);
void mpz_set_ui(mpz_ptr rop, unsigned long op);
void mpz_set_si(mpz_ptr rop, signed long op);
void mpz_set_d(mpz_ptr rop, double op);
int mpz_set_str(mpz_ptr rop, const char *str, int base);
void mpz_swap(mpz_ptr a, mpz_ptr b);
void mpz_init_set(mpz_ptr rop, mpz_srcptr op);
void mpz_init_set_ui(mpz_ptr rop, unsigned long op);
void mpz_init_set_si(mpz_ptr rop, signed long op);
void mpz_init_set_d(mpz_ptr rop, double op);
int mpz_init_set_str(mpz_ptr rop, const char *str, int base);

/* ---- conversion ---- */
unsigned long mpz_get_ui(mpz_srcptr op);
signed long mpz_get_si(mpz_srcptr op);
double mpz_get_d(mpz_srcptr op);
double mpz_get_d_2exp(signed long *exp, mpz_srcptr op);
char *mpz_get_str(char *str, int base, mpz_srcptr op);

/* ---- arithmetic ---- */
void mpz_add(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_add_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
void mpz_sub(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_sub_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
void mpz_ui_sub(mpz_ptr rop, unsigned long a, mpz_srcptr b);
void mpz_mul(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_mul_si(mpz_ptr rop, mpz_srcptr a, long b);
void mpz_mul_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
void mpz_addmul(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_addmul_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
void mpz_submul(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_submul_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
void mpz_mul_2exp(mpz_ptr rop, mpz_srcptr a, mp_bitcnt_t k);
void mpz_neg(mpz_ptr rop, mpz_srcptr op);
void mpz_abs(mpz_ptr rop, mpz_srcptr op);

/* ---- division ---- */
void mpz_cdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d);
void mpz_cdiv_r(mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
void mpz_cdiv_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
unsigned long mpz_cdiv_q_ui(mpz_ptr q, mpz_srcptr n, unsigned long d);
unsigned long mpz_cdiv_r_ui(mpz_ptr r, mpz_srcptr n, unsigned long d);
unsigned long mpz_cdiv_qr_ui(mpz_ptr q, mpz_ptr r, mpz_srcptr n, unsigned long d);
unsigned long mpz_cdiv_ui(mpz_srcptr n, unsigned long d);
void mpz_cdiv_q_2exp(mpz_ptr q, mpz_srcptr n, mp_bitcnt_t b);
void mpz_cdiv_r_2exp(mpz_ptr r, mpz_srcptr n, mp_bitcnt_t b);
void mpz_fdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d);
void mpz_fdiv_r(mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
void mpz_fdiv_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
unsigned long mpz_fdiv_q_ui(mpz_ptr q, mpz_srcptr n, unsigned long d);
unsigned long mpz_fdiv_r_ui(mpz_ptr r, mpz_srcptr n, unsigned long d);
unsigned long mpz_fdiv_qr_ui(mpz_ptr q, mpz_ptr r, mpz_srcptr n, unsigned long d);
unsigned long mpz_fdiv_ui(mpz_srcptr n, unsigned long d);
void mpz_fdiv_q_2exp(mpz_ptr q, mpz_srcptr n, mp_bitcnt_t b);
void mpz_fdiv_r_2exp(mpz_ptr r, mpz_srcptr n, mp_bitcnt_t b);
void mpz_tdiv_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d);
void mpz_tdiv_r(mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
void mpz_tdiv_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
unsigned long mpz_tdiv_q_ui(mpz_ptr q, mpz_srcptr n, unsigned long d);
unsigned long mpz_tdiv_r_ui(mpz_ptr r, mpz_srcptr n, unsigned long d);
unsigned long mpz_tdiv_qr_ui(mpz_ptr q, mpz_ptr r, mpz_srcptr n, unsigned long d);
unsigned long mpz_tdiv_ui(mpz_srcptr n, unsigned long d);
void mpz_tdiv_q_2exp(mpz_ptr q, mpz_srcptr n, mp_bitcnt_t b);
void mpz_tdiv_r_2exp(mpz_ptr r, mpz_srcptr n, mp_bitcnt_t b);
void mpz_mod(mpz_ptr r, mpz_srcptr n, mpz_srcptr d);
unsigned long mpz_mod_ui(mpz_ptr r, mpz_srcptr n, unsigned long d);
void mpz_divexact(mpz_ptr q, mpz_srcptr n, mpz_srcptr d);
void mpz_divexact_ui(mpz_ptr q, mpz_srcptr n, unsigned long d);
int mpz_divisible_p(mpz_srcptr n, mpz_srcptr d);
int mpz_divisible_ui_p(mpz_srcptr n, unsigned long d);
int mpz_divisible_2exp_p(mpz_srcptr n, mp_bitcnt_t b);
int mpz_congruent_p(mpz_srcptr n, mpz_srcptr c, mpz_srcptr d);
int mpz_congruent_ui_p(mpz_srcptr n, unsigned long c, unsigned long d);
int mpz_congruent_2exp_p(mpz_srcptr n, mpz_srcptr c, mp_bitcnt_t b);

/* ---- exponentiation and roots ---- */
void mpz_powm(mpz_ptr rop, mpz_srcptr base, mpz_srcptr exp, mpz_srcptr mod);
void mpz_powm_ui(mpz_ptr rop, mpz_srcptr base, unsigned long exp, mpz_srcptr mod);
void mpz_powm_sec(mpz_ptr rop, mpz_srcptr base, mpz_srcptr exp, mpz_srcptr mod);
void mpz_pow_ui(mpz_ptr rop, mpz_srcptr base, unsigned long exp);
void mpz_ui_pow_ui(mpz_ptr rop, unsigned long base, unsigned long exp);
int mpz_root(mpz_ptr rop, mpz_srcptr op, unsigned long n);
void mpz_rootrem(mpz_ptr root, mpz_ptr rem, mpz_srcptr op, unsigned long n);
void mpz_sqrt(mpz_ptr rop, mpz_srcptr op);
void mpz_sqrtrem(mpz_ptr rop1, mpz_ptr rop2, mpz_srcptr op);
int mpz_perfect_power_p(mpz_srcptr op);
int mpz_perfect_square_p(mpz_srcptr op);

/* ---- number theory ---- */
int mpz_probab_prime_p(mpz_srcptr n, int reps);
void mpz_nextprime(mpz_ptr rop, mpz_srcptr op);
void mpz_gcd(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
unsigned long mpz_gcd_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
void mpz_gcdext(mpz_ptr g, mpz_ptr s, mpz_ptr t, mpz_srcptr a, mpz_srcptr b);
void mpz_lcm(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_lcm_ui(mpz_ptr rop, mpz_srcptr a, unsigned long b);
int mpz_invert(mpz_ptr rop, mpz_srcptr a, mpz_srcptr m);
int mpz_jacobi(mpz_srcptr a, mpz_srcptr b);
int mpz_legendre(mpz_srcptr a, mpz_srcptr p);
int mpz_kronecker(mpz_srcptr a, mpz_srcptr b);
int mpz_kronecker_si(mpz_srcptr a, long b);
int mpz_kronecker_ui(mpz_srcptr a, unsigned long b);
int mpz_si_kronecker(long a, mpz_srcptr b);
int mpz_ui_kronecker(unsigned long a, mpz_srcptr b);
mp_bitcnt_t mpz_remove(mpz_ptr rop, mpz_srcptr op, mpz_srcptr f);
void mpz_fac_ui(mpz_ptr rop, unsigned long n);
void mpz_2fac_ui(mpz_ptr rop, unsigned long n);
void mpz_mfac_uiui(mpz_ptr rop, unsigned long n, unsigned long m);
void mpz_primorial_ui(mpz_ptr rop, unsigned long n);
void mpz_bin_ui(mpz_ptr rop, mpz_srcptr n, unsigned long k);
void mpz_bin_uiui(mpz_ptr rop, unsigned long n, unsigned long k);
void mpz_fib_ui(mpz_ptr fn, unsigned long n);
void mpz_fib2_ui(mpz_ptr fn, mpz_ptr fnsub1, unsigned long n);
void mpz_lucnum_ui(mpz_ptr ln, unsigned long n);
void mpz_lucnum2_ui(mpz_ptr ln, mpz_ptr lnsub1, unsigned long n);

/* ---- comparison ---- */
int mpz_cmp(mpz_srcptr a, mpz_srcptr b);
int mpz_cmp_d(mpz_srcptr a, double b);
int mpz_cmp_si(mpz_srcptr a, signed long b);
int mpz_cmp_ui(mpz_srcptr a, unsigned long b);
int mpz_cmpabs(mpz_srcptr a, mpz_srcptr b);
int mpz_cmpabs_d(mpz_srcptr a, double b);
int mpz_cmpabs_ui(mpz_srcptr a, unsigned long b);
#define mpz_sgn(z) ((z)->_mp_size < 0 ? -1 : (z)->_mp_size > 0)

/* ---- logic and bits ---- */
void mpz_and(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_ior(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_xor(mpz_ptr rop, mpz_srcptr a, mpz_srcptr b);
void mpz_com(mpz_ptr rop, mpz_srcptr op);
mp_bitcnt_t mpz_popcount(mpz_srcptr op);
mp_bitcnt_t mpz_hamdist(mpz_srcptr a, mpz_srcptr b);
mp_bitcnt_t mpz_scan0(mpz_srcptr op, mp_bitcnt_t start);
mp_bitcnt_t mpz_scan1(mpz_srcptr op, mp_bitcnt_t start);
void mpz_setbit(mpz_ptr rop, mp_bitcnt_t bit);
void mpz_clrbit(mpz_ptr rop, mp_bitcnt_t bit);
void mpz_combit(mpz_ptr rop, mp_bitcnt_t bit);
int mpz_tstbit(mpz_srcptr op, mp_bitcnt_t bit);

/* ---- input and output ---- */
size_t mpz_out_str(FILE *stream, int base, mpz_srcptr op);
size_t mpz_inp_str(mpz_ptr rop, FILE *stream, int base);
size_t mpz_out_raw(FILE *stream, mpz_srcptr op);
size_t mpz_inp_raw(mpz_ptr rop, FILE *stream);

/* ---- formatted output (GMP's manual, "Formatted Output") ----
 * C's printf formats plus the type letters Z (mpz_t), M (mp_limb_t) and N (a limb array and an
 * mp_size_t, negative for a negative value) with the integer conversions d i u o x X and n. Q
 * (mpq_t) and F (mpf_t) are not supported: the call returns -1. The return value is that of C's
 * printf: the characters written (for snprintf, the characters the whole output has), or -1.
 * gmp_asprintf's string is a block of strlen + 1 bytes from the memory functions. */
int gmp_printf(const char *fmt, ...);
int gmp_fprintf(FILE *stream, const char *fmt, ...);
int gmp_sprintf(char *buf, const char *fmt, ...);
int gmp_snprintf(char *buf, size_t size, const char *fmt, ...);
int gmp_asprintf(char **pp, const char *fmt, ...);
int gmp_vprintf(const char *fmt, va_list ap);
int gmp_vfprintf(FILE *stream, const char *fmt, va_list ap);
int gmp_vsprintf(char *buf, const char *fmt, va_list ap);
int gmp_vsnprintf(char *buf, size_t size, const char *fmt, va_list ap);
int gmp_vasprintf(char **pp, const char *fmt, va_list ap);

/* ---- random numbers ---- */
void gmp_randinit_default(gmp_randstate_t state);
void gmp_randinit_mt(gmp_randstate_t state);
void gmp_randinit_set(gmp_randstate_t rop, const __gmp_randstate_struct *op);
void gmp_randinit_lc_2exp(gmp_randstate_t state, mpz_srcptr a, unsigned long c, mp_bitcnt_t m2exp);
int gmp_randinit_lc_2exp_size(gmp_randstate_t state, mp_bitcnt_t size);
void gmp_randseed(gmp_randstate_t state, mpz_srcptr seed);
void gmp_randseed_ui(gmp_randstate_t state, unsigned long seed);
void gmp_randclear(gmp_randstate_t state);
unsigned long gmp_urandomb_ui(gmp_randstate_t state, unsigned long n);
unsigned long gmp_urandomm_ui(gmp_randstate_t state, unsigned long n);
void mpz_urandomb(mpz_ptr rop, gmp_randstate_t state, mp_bitcnt_t n);
void mpz_urandomm(mpz_ptr rop, gmp_randstate_t state, mpz_srcptr n);
void mpz_rrandomb(mpz_ptr rop, gmp_randstate_t state, mp_bitcnt_t n);

/* ---- import, export, miscellaneous ---- */
void mpz_import(mpz_ptr rop, size_t count, int order, size_t size, int endian, size_t nails,
                const void *op);
void *mpz_export(void *rop, size_t *countp, int order, size_t size, int endian, size_t nails,
                 mpz_srcptr op);
int mpz_fits_ulong_p(mpz_srcptr op);
int mpz_fits_slong_p(mpz_srcptr op);
int mpz_fits_uint_p(mpz_srcptr op);
int mpz_fits_sint_p(mpz_srcptr op);
int mpz_fits_ushort_p(mpz_srcptr op);
int mpz_fits_sshort_p(mpz_srcptr op);
#define mpz_odd_p(z) ((z)->_mp_size != 0 && ((z)->_mp_d[0] & 1)) /* _mp_d may be NULL for 0 */
#define mpz_even_p(z) (!mpz_odd_p(z))
size_t mpz_sizeinbase(mpz_srcptr op, int base);

/* ---- low-level access ---- */
mp_limb_t mpz_getlimbn(mpz_srcptr op, mp_size_t n);
size_t mpz_size(mpz_srcptr op);
const mp_limb_t *mpz_limbs_read(mpz_srcptr x);
mp_limb_t *mpz_limbs_write(mpz_ptr x, mp_size_t n);
mp_limb_t *mpz_limbs_modify(mpz_ptr x, mp_size_t n);
void mpz_limbs_finish(mpz_ptr x, mp_size_t s);
mpz_srcptr mpz_roinit_n(mpz_ptr x, const mp_limb_t *xp, mp_size_t xs);
#define MPZ_ROINIT_N(xp, xs) {{0, (int)(xs), (mp_limb_t *)(xp)}}

/* ---- low-level (mpn) functions ----
 *
 * GMP's documented mpn functions (GMP manual, "Low-level Functions" and "Low-level functions for
 * cryptography"), each on carry's cy_mpn_* kernels (src/gmp/mpn.c maps every one). GMP's rules
 * hold: every source has at least one limb unless a function says otherwise; a destination may
 * be the same area as a source but not overlap it partly, except where a function allows more
 * (mul_1 and rshift: rp <= sp; lshift: rp >= sp; copyi, copyd). Limb counts and return values
 * are GMP's. The mpn_sec_* and mpn_cnd_* functions run only carry's constant-time code (their
 * time and memory accesses depend on the sizes, never on the limb values); their scratch sizes
 * (the _itch functions) are carry's and never decrease as a size grows, as GMP guarantees. */
mp_limb_t mpn_add_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
mp_limb_t mpn_add_1(mp_ptr rp, mp_srcptr s1p, mp_size_t n, mp_limb_t s2limb);
mp_limb_t mpn_add(mp_ptr rp, mp_srcptr s1p, mp_size_t s1n, mp_srcptr s2p, mp_size_t s2n);
mp_limb_t mpn_sub_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
mp_limb_t mpn_sub_1(mp_ptr rp, mp_srcptr s1p, mp_size_t n, mp_limb_t s2limb);
mp_limb_t mpn_sub(mp_ptr rp, mp_srcptr s1p, mp_size_t s1n, mp_srcptr s2p, mp_size_t s2n);
mp_limb_t mpn_neg(mp_ptr rp, mp_srcptr sp, mp_size_t n);
void mpn_mul_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
mp_limb_t mpn_mul(mp_ptr rp, mp_srcptr s1p, mp_size_t s1n, mp_srcptr s2p, mp_size_t s2n);
void mpn_sqr(mp_ptr rp, mp_srcptr s1p, mp_size_t n);
mp_limb_t mpn_mul_1(mp_ptr rp, mp_srcptr s1p, mp_size_t n, mp_limb_t s2limb);
mp_limb_t mpn_addmul_1(mp_ptr rp, mp_srcptr s1p, mp_size_t n, mp_limb_t s2limb);
mp_limb_t mpn_submul_1(mp_ptr rp, mp_srcptr s1p, mp_size_t n, mp_limb_t s2limb);
void mpn_tdiv_qr(mp_ptr qp, mp_ptr rp, mp_size_t qxn, mp_srcptr np, mp_size_t nn, mp_srcptr dp,
                 mp_size_t dn);
mp_limb_t mpn_divrem_1(mp_ptr r1p, mp_size_t qxn, mp_srcptr s2p, mp_size_t s2n, mp_limb_t s3limb);
#define mpn_divmod_1(r1p, s2p, s2n, s3limb) mpn_divrem_1(r1p, (mp_size_t)0, s2p, s2n, s3limb)
void mpn_divexact_1(mp_ptr rp, mp_srcptr sp, mp_size_t n, mp_limb_t d);
mp_limb_t mpn_divexact_by3c(mp_ptr rp, mp_srcptr sp, mp_size_t n, mp_limb_t carry);
#define mpn_divexact_by3(rp, sp, n) mpn_divexact_by3c(rp, sp, n, (mp_limb_t)0)
mp_limb_t mpn_mod_1(mp_srcptr s1p, mp_size_t s1n, mp_limb_t s2limb);
mp_limb_t mpn_lshift(mp_ptr rp, mp_srcptr sp, mp_size_t n, unsigned int count);
mp_limb_t mpn_rshift(mp_ptr rp, mp_srcptr sp, mp_size_t n, unsigned int count);
int mpn_cmp(mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
int mpn_zero_p(mp_srcptr sp, mp_size_t n);
mp_size_t mpn_gcd(mp_ptr rp, mp_ptr xp, mp_size_t xn, mp_ptr yp, mp_size_t yn);
mp_limb_t mpn_gcd_1(mp_srcptr xp, mp_size_t xn, mp_limb_t ylimb);
mp_size_t mpn_gcdext(mp_ptr gp, mp_ptr sp, mp_size_t *sn, mp_ptr up, mp_size_t un, mp_ptr vp,
                     mp_size_t vn);
mp_size_t mpn_sqrtrem(mp_ptr r1p, mp_ptr r2p, mp_srcptr sp, mp_size_t n);
int mpn_perfect_square_p(mp_srcptr s1p, mp_size_t n);
/* bases 2 to 36 (GMP: 2 to 256, 62 for sizeinbase); another base is carry's CY_EBASE error:
 * a message and abort(), or the handler of carry_gmp_set_error_handler, then 0 */
size_t mpn_sizeinbase(mp_srcptr xp, mp_size_t n, int base);
size_t mpn_get_str(unsigned char *str, int base, mp_ptr s1p, mp_size_t s1n);
mp_size_t mpn_set_str(mp_ptr rp, const unsigned char *str, size_t strsize, int base);
mp_bitcnt_t mpn_scan0(mp_srcptr s1p, mp_bitcnt_t bit);
mp_bitcnt_t mpn_scan1(mp_srcptr s1p, mp_bitcnt_t bit);
mp_bitcnt_t mpn_popcount(mp_srcptr s1p, mp_size_t n);
mp_bitcnt_t mpn_hamdist(mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_and_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_ior_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_xor_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_andn_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_iorn_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_nand_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_nior_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_xnor_n(mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
void mpn_com(mp_ptr rp, mp_srcptr sp, mp_size_t n);
void mpn_copyi(mp_ptr rp, mp_srcptr s1p, mp_size_t n);
void mpn_copyd(mp_ptr rp, mp_srcptr s1p, mp_size_t n);
void mpn_zero(mp_ptr rp, mp_size_t n);

/* side-channel silent (GMP's "Low-level functions for cryptography"); the pointer types are
 * those of GMP 6.2's gmp.h */
mp_limb_t mpn_cnd_add_n(mp_limb_t cnd, mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
mp_limb_t mpn_cnd_sub_n(mp_limb_t cnd, mp_ptr rp, mp_srcptr s1p, mp_srcptr s2p, mp_size_t n);
mp_limb_t mpn_sec_add_1(mp_ptr rp, mp_srcptr ap, mp_size_t n, mp_limb_t b, mp_ptr tp);
mp_size_t mpn_sec_add_1_itch(mp_size_t n);
mp_limb_t mpn_sec_sub_1(mp_ptr rp, mp_srcptr ap, mp_size_t n, mp_limb_t b, mp_ptr tp);
mp_size_t mpn_sec_sub_1_itch(mp_size_t n);
void mpn_cnd_swap(mp_limb_t cnd, volatile mp_limb_t *ap, volatile mp_limb_t *bp, mp_size_t n);
void mpn_sec_mul(mp_ptr rp, mp_srcptr ap, mp_size_t an, mp_srcptr bp, mp_size_t bn, mp_ptr tp);
mp_size_t mpn_sec_mul_itch(mp_size_t an, mp_size_t bn);
void mpn_sec_sqr(mp_ptr rp, mp_srcptr ap, mp_size_t an, mp_ptr tp);
mp_size_t mpn_sec_sqr_itch(mp_size_t an);
void mpn_sec_powm(mp_ptr rp, mp_srcptr bp, mp_size_t bn, mp_srcptr ep, mp_bitcnt_t enb,
                  mp_srcptr mp, mp_size_t n, mp_ptr tp);
mp_size_t mpn_sec_powm_itch(mp_size_t bn, mp_bitcnt_t enb, mp_size_t n);
void mpn_sec_tabselect(volatile mp_limb_t *rp, volatile const mp_limb_t *tab, mp_size_t n,
                       mp_size_t nents, mp_size_t which);
int mpn_sec_invert(mp_ptr rp, mp_ptr ap, mp_srcptr mp, mp_size_t n, mp_bitcnt_t nbcnt, mp_ptr tp);
mp_size_t mpn_sec_invert_itch(mp_size_t n);

/* Not provided, so poisoned (a compile-time error that names them): mpn_sec_div_qr and
 * mpn_sec_div_r (carry has no constant-time division by an even divisor), mpn_random and
 * mpn_random2 (GMP's own generator), the obsolete mpn_divrem and mpn_divmod. */
#if defined(__GNUC__) && !defined(CARRY_GMP_NO_POISON)
#pragma GCC poison mpn_sec_div_qr mpn_sec_div_qr_itch mpn_sec_div_r mpn_sec_div_r_itch
#pragma GCC poison mpn_random mpn_random2 mpn_divrem mpn_divmod
#endif

#ifdef __cplusplus
}
#endif

/* What carry-gmp does not provide: using any of these names is a compile-time error that names
 * it ("attempt to use poisoned"). */
#if defined(__GNUC__) && !defined(CARRY_GMP_NO_POISON)
#pragma GCC poison mpq_t mpq_ptr mpq_srcptr mpq_init mpq_clear mpq_set mpq_canonicalize
#pragma GCC poison mpf_t mpf_ptr mpf_srcptr mpf_init mpf_init2 mpf_clear mpf_set mpf_set_default_prec
#pragma GCC poison mpz_random mpz_random2 mpz_set_q mpz_set_f
#pragma GCC poison gmp_scanf gmp_fscanf gmp_sscanf gmp_vscanf gmp_vfscanf gmp_vsscanf
#pragma GCC poison gmp_obstack_printf gmp_obstack_vprintf
#endif

#endif /* CARRY_GMP_H */
