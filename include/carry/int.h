/* carry/int.h -- signed arbitrary-precision integers, the everyday API.
 *
 * SPDX-License-Identifier: MIT
 *
 * A cy_int holds an integer of any size (limited by memory). Semantics follow GMP's mpz where
 * sensible; the differences are listed in docs/int.md. Built on carry/mpn.h and carry/mod.h.
 *
 * Conventions:
 *  - Memory: a cy_int owns its limbs. cy_int_init allocates nothing; functions grow their outputs
 *    as needed through the allocator set by cy_set_allocator (default malloc/realloc/free) and
 *    take their scratch from it too. cy_int_clear releases the limbs.
 *  - Errors: every function that may allocate or reject an input returns an int: CY_OK (0) or a
 *    negative cy_err of carry/config.h: CY_ENOMEM, CY_EDIVZERO, CY_EINVAL, CY_ENOTINV or
 *    CY_ERANGE (cy_strerror describes them). Nothing aborts. On any error, every output keeps the
 *    value it had before the call (its capacity may have grown): computation runs on fresh memory
 *    or after every allocation has succeeded, and outputs are written last.
 *  - Aliasing: any output may be the same object as any input (cy_int_add(a, a, a) is fine).
 *    Where a function has two outputs, they must be different objects (CY_EINVAL otherwise).
 *  - Timing: everything here is variable time (branches and memory sizes depend on the values,
 *    including cy_int_powm): not for secrets, except cy_int_powm_sec (constant time in the values
 *    of its operands, through carry/mod.h). Use carry/mod.h for constant-time arithmetic.
 *  - Threads: distinct objects may be used from different threads at once; the allocator is
 *    global and should be set before any cy_int is used.
 */
#ifndef CARRY_INT_H
#define CARRY_INT_H

#include <stdio.h>

#include "carry/mpn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The value is sgn(size) * {d, |size|}: size < 0 for a negative value, 0 for zero, and
 * d[|size| - 1] != 0 otherwise. alloc limbs are allocated at d (alloc = 0: d owns no memory).
 * This is the field layout of GMP's __mpz_struct (_mp_alloc, _mp_size, _mp_d), so that the
 * GMP-compatible layer (carry-gmp) works on the same objects without conversion; code using
 * this header should still treat the fields as opaque and use the functions below. A value has
 * at most INT_MAX limbs: a result that would need more gives CY_ENOMEM, as GMP's mpz aborts. */
typedef struct cy_int {
    int alloc;
    int size;
    cy_limb *d;
} cy_int;

/* ---- Memory ---------------------------------------------------------------------------------- */

/* The allocator for every cy_int and every scratch buffer of this layer. The functions have the
 * signatures of malloc, realloc and free (which are the default; cy_set_allocator(NULL, NULL,
 * NULL) restores them). alloc and realloc may return NULL: the calling function then returns
 * CY_ENOMEM. realloc is only called on blocks from alloc or realloc, with a non-zero size. Set
 * it before any cy_int holds memory (a block must be freed by the allocator that gave it). */
CY_API void cy_set_allocator(void *(*alloc)(size_t), void *(*realloc)(void *, size_t),
                             void (*free)(void *));
CY_API void cy_get_allocator(void *(**alloc)(size_t), void *(**realloc)(void *, size_t),
                             void (**free)(void *));

/* Releases a block that a function of this layer allocated for the caller (the string of
 * cy_int_get_str_alloc) with the free function of cy_set_allocator. NULL is fine. */
CY_API void cy_free(void *p);

/* x = 0, with no memory. Never fails. */
CY_API void cy_int_init(cy_int *x);
/* Releases x's memory; x is then as after cy_int_init (it may be reused or cleared again). */
CY_API void cy_int_clear(cy_int *x);
/* Exchanges the values (and memory) of a and b. Never fails. */
CY_API void cy_int_swap(cy_int *a, cy_int *b);
/* Makes room for at least `limbs` limbs without changing the value. CY_OK or CY_ENOMEM. */
CY_API int cy_int_reserve(cy_int *x, size_t limbs);

/* ---- Assignment and conversion --------------------------------------------------------------- */

CY_API int cy_int_set(cy_int *r, const cy_int *a);      /* r = a */
CY_API int cy_int_set_i64(cy_int *r, int64_t v);         /* r = v */
CY_API int cy_int_set_u64(cy_int *r, uint64_t v);        /* r = v */
/* *v = a if it fits int64_t (uint64_t), CY_OK; else CY_ERANGE and *v unchanged. Never allocate. */
CY_API int cy_int_get_i64(const cy_int *a, int64_t *v);
CY_API int cy_int_get_u64(const cy_int *a, uint64_t *v);

/* ---- Comparison (no allocation) -------------------------------------------------------------- */

CY_API int cy_int_cmp(const cy_int *a, const cy_int *b);     /* sign of a - b: -1, 0 or 1 */
CY_API int cy_int_cmpabs(const cy_int *a, const cy_int *b);  /* sign of |a| - |b| */
CY_API int cy_int_cmp_i64(const cy_int *a, int64_t v);       /* sign of a - v */
CY_API int cy_int_sgn(const cy_int *a);                      /* -1, 0 or 1 */
CY_API int cy_int_odd_p(const cy_int *a);                    /* 1 if a is odd, else 0 */
/* Digits of |a| in base 2..36, as cy_mpn_sizeinbase: exact for powers of two (so base 2 gives the
 * bit length, 1 for zero), at most one too large otherwise. 0 for a base outside 2..36. */
CY_API size_t cy_int_sizeinbase(const cy_int *a, int base);

/* ---- Addition, subtraction, multiplication ---------------------------------------------------- */

CY_API int cy_int_neg(cy_int *r, const cy_int *a);                   /* r = -a */
CY_API int cy_int_abs(cy_int *r, const cy_int *a);                   /* r = |a| */
CY_API int cy_int_add(cy_int *r, const cy_int *a, const cy_int *b);  /* r = a + b */
CY_API int cy_int_sub(cy_int *r, const cy_int *a, const cy_int *b);  /* r = a - b */
/* r = a * b: cy_mpn_mul (cy_mpn_sqr when a and b are the same object), scratch from the
 * allocator. */
CY_API int cy_int_mul(cy_int *r, const cy_int *a, const cy_int *b);
/* r = b^e (0^0 = 1), by left-to-right binary powering with squarings. CY_ENOMEM if the result
 * cannot be allocated (its size is checked before any work). */
CY_API int cy_int_pow_u64(cy_int *r, const cy_int *b, uint64_t e);

/* ---- Shifts (bit counts are uint64_t) -------------------------------------------------------- */

/* r = a * 2^k. */
CY_API int cy_int_mul_2exp(cy_int *r, const cy_int *a, uint64_t k);
/* r = floor(a / 2^k): an arithmetic right shift, rounding towards minus infinity, as
 * mpz_fdiv_q_2exp and as >> on two's complement (-1 >> k = -1, -5 >> 1 = -3). */
CY_API int cy_int_fdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k);
/* r = trunc(a / 2^k): the magnitude shifted, the sign kept (-5 -> -2), as mpz_tdiv_q_2exp. */
CY_API int cy_int_tdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k);
/* r = ceil(a / 2^k), as mpz_cdiv_q_2exp. */
CY_API int cy_int_cdiv_q_2exp(cy_int *r, const cy_int *a, uint64_t k);
/* The remainders a - q 2^k of the three quotients above, as mpz_[tfc]div_r_2exp: tdiv keeps a's
 * sign (|r| = |a| mod 2^k), fdiv gives 0 <= r < 2^k, cdiv gives -2^k < r <= 0. The last two
 * have about k bits for a of the other sign (fdiv_r_2exp(-1, k) = 2^k - 1): CY_ENOMEM when that
 * cannot be allocated. */
CY_API int cy_int_tdiv_r_2exp(cy_int *r, const cy_int *a, uint64_t k);
CY_API int cy_int_fdiv_r_2exp(cy_int *r, const cy_int *a, uint64_t k);
CY_API int cy_int_cdiv_r_2exp(cy_int *r, const cy_int *a, uint64_t k);
/* 1 if 2^k divides a (0 is divisible by every 2^k), else 0. No allocation. */
CY_API int cy_int_divisible_2exp_p(const cy_int *a, uint64_t k);
/* 1 if a = c mod 2^k, else 0. No allocation. */
CY_API int cy_int_congruent_2exp_p(const cy_int *a, const cy_int *c, uint64_t k);

/* ---- Division ---------------------------------------------------------------------------------
 *
 * n = q d + r in every case. d = 0 gives CY_EDIVZERO. q or r may be NULL when not wanted; when
 * both are given they must be different objects (CY_EINVAL). cy_mpn_divrem underneath. */

/* Truncating: q = trunc(n / d) (towards zero), r has the sign of n, |r| < |d|. (C's / and %.) */
CY_API int cy_int_tdiv_qr(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d);
/* Floor: q = floor(n / d), r has the sign of d, |r| < |d|. (Python's // and %.) */
CY_API int cy_int_fdiv_qr(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d);
/* Ceiling: q = ceil(n / d), r has the opposite sign of d, |r| < |d|. */
CY_API int cy_int_cdiv_qr(cy_int *q, cy_int *r, const cy_int *n, const cy_int *d);
/* r = n mod |d|, 0 <= r < |d| (as mpz_mod; the sign of d is ignored). */
CY_API int cy_int_mod(cy_int *r, const cy_int *n, const cy_int *d);
/* q = n / d for d dividing n (Hensel division, faster). If d does not divide n, q is some
 * unspecified integer (no error, no undefined behaviour). */
CY_API int cy_int_divexact(cy_int *q, const cy_int *n, const cy_int *d);

/* 1 if d divides n (n = q d for some q; 0 divides only 0), 0 if not, or CY_ENOMEM. */
CY_API int cy_int_divisible_p(const cy_int *n, const cy_int *d);
/* 1 if a = c mod d (d = 0: a = c), 0 if not, or CY_ENOMEM. */
CY_API int cy_int_congruent_p(const cy_int *a, const cy_int *c, const cy_int *d);

/* ---- Number theory ---------------------------------------------------------------------------- */

/* r = b^e mod |m|, 0 <= r < |m| (|m| = 1 gives 0). e < 0 means (b^-1)^|e|: CY_ENOTINV when b has
 * no inverse mod |m|. m = 0: CY_EDIVZERO. Odd |m|: Montgomery sliding window
 * (cy_mont_powm_vartime, on a context set up by divisions), or for one limb a fixed window over
 * one-limb Montgomery products; even |m| = 2^k O: the odd part O so, the power of two by
 * truncated products, joined by the CRT. Variable time in b, e and m alike. */
CY_API int cy_int_powm(cy_int *r, const cy_int *b, const cy_int *e, const cy_int *m);
/* r = b^e mod |m|, 0 <= r < |m|, for secrets: constant time in the values of b, e and m (the
 * branches and memory addresses depend on the limb counts of b, e and m only, which a cy_int
 * keeps without leading zero limbs: treat those lengths as public), through carry/mod.h:
 * cy_mont_init (no division), b reduced by cy_mont_mod on chunks of n limbs (n = the limbs of
 * m) and negated with a mask when negative, then cy_mont_powm's fixed window. |m| must be odd:
 * CY_EDIVZERO for m = 0, CY_EEVEN for an even m, CY_EINVAL for e < 0; r unchanged on error.
 * |m| = 1 gives 0 (also without a branch on it). The result is computed in n limbs; storing it
 * in r normalises it, which reads its top limbs: as for any cy_int, its limb count shows. */
CY_API int cy_int_powm_sec(cy_int *r, const cy_int *b, const cy_int *e, const cy_int *m);
/* g = gcd(a, b) >= 0; gcd(0, 0) = 0. */
CY_API int cy_int_gcd(cy_int *g, const cy_int *a, const cy_int *b);
/* l = lcm(a, b) >= 0 (0 when a or b is 0). */
CY_API int cy_int_lcm(cy_int *l, const cy_int *a, const cy_int *b);
/* g = gcd(a, b) and cofactors with a s + b t = g. s or t may be NULL; g, s, t are distinct.
 * The cofactors are the smallest, as GMP's documented rule: if b = 0, s = sgn(a) and t = 0; if
 * a = 0 (b != 0), s = 0 and t = sgn(b); otherwise, with M = |b| / g, s is the representative of
 * its class mod M with |s| < M/2, unique but for M = 2 (|b| = 2g), where s = sgn(a) (and s = 0
 * when |b| divides a), and t = (g - a s) / b, which gives |t| <= |a| / (2g) + 1. */
CY_API int cy_int_gcdext(cy_int *g, cy_int *s, cy_int *t, const cy_int *a, const cy_int *b);
/* r = a^-1 mod |m|, 0 <= r < |m|: CY_ENOTINV when gcd(a, m) != 1, CY_EDIVZERO when m = 0.
 * |m| = 1 gives r = 0 (every a is invertible modulo 1). */
CY_API int cy_int_invert(cy_int *r, const cy_int *a, const cy_int *m);
/* s = floor(sqrt(a)) and r = a - s^2 (r may be NULL; s and r distinct). a < 0: CY_EINVAL. */
CY_API int cy_int_sqrtrem(cy_int *s, cy_int *r, const cy_int *a);

/* ---- Word operands ----------------------------------------------------------------------------
 *
 * GMP's mpz_*_ui / mpz_*_si forms with uint64_t / int64_t operands on every target: the same
 * results, errors and aliasing as the cy_int form, the word read as a value on the stack (no
 * allocation for it). */

CY_API int cy_int_add_u64(cy_int *r, const cy_int *a, uint64_t v); /* r = a + v */
CY_API int cy_int_sub_u64(cy_int *r, const cy_int *a, uint64_t v); /* r = a - v */
CY_API int cy_int_u64_sub(cy_int *r, uint64_t v, const cy_int *a); /* r = v - a */
CY_API int cy_int_mul_u64(cy_int *r, const cy_int *a, uint64_t v); /* r = a v */
CY_API int cy_int_mul_i64(cy_int *r, const cy_int *a, int64_t v);  /* r = a v */
/* r = r + a b and r = r - a b (r may be a or b); and the same with a word b. */
CY_API int cy_int_addmul(cy_int *r, const cy_int *a, const cy_int *b);
CY_API int cy_int_submul(cy_int *r, const cy_int *a, const cy_int *b);
CY_API int cy_int_addmul_u64(cy_int *r, const cy_int *a, uint64_t v);
CY_API int cy_int_submul_u64(cy_int *r, const cy_int *a, uint64_t v);
CY_API int cy_int_cmp_u64(const cy_int *a, uint64_t v);    /* sign of a - v */
CY_API int cy_int_cmpabs_u64(const cy_int *a, uint64_t v); /* sign of |a| - v */
/* Division by a word with the rounding of tdiv_qr, fdiv_qr and cdiv_qr (q or r may be NULL;
 * distinct when both are given). d = 0: CY_EDIVZERO. */
CY_API int cy_int_tdiv_qr_u64(cy_int *q, cy_int *r, const cy_int *n, uint64_t d);
CY_API int cy_int_fdiv_qr_u64(cy_int *q, cy_int *r, const cy_int *n, uint64_t d);
CY_API int cy_int_cdiv_qr_u64(cy_int *q, cy_int *r, const cy_int *n, uint64_t d);
/* *r = n mod d in [0, d) (mpz_fdiv_ui's value). CY_EDIVZERO for d = 0 (*r unchanged). Never
 * allocates. */
CY_API int cy_int_mod_u64(uint64_t *r, const cy_int *n, uint64_t d);
CY_API int cy_int_divexact_u64(cy_int *q, const cy_int *n, uint64_t d); /* as cy_int_divexact */
CY_API int cy_int_gcd_u64(cy_int *g, const cy_int *a, uint64_t v);      /* g = gcd(a, v) */
CY_API int cy_int_lcm_u64(cy_int *l, const cy_int *a, uint64_t v);      /* l = lcm(a, v) */
/* 1 if d divides n (d = 0: n = 0), else 0; 1 if a = c mod d (d = 0: a = c), else 0. Never
 * allocate. */
CY_API int cy_int_divisible_u64_p(const cy_int *n, uint64_t d);
CY_API int cy_int_congruent_u64_p(const cy_int *a, uint64_t c, uint64_t d);

/* ---- Bits --------------------------------------------------------------------------------------
 *
 * As GMP: a negative value stands for its infinite two's complement (-1 = ...111, -2 = ...110),
 * bit 0 the least significant. */

CY_API int cy_int_and(cy_int *r, const cy_int *a, const cy_int *b); /* r = a AND b */
CY_API int cy_int_ior(cy_int *r, const cy_int *a, const cy_int *b); /* r = a OR b */
CY_API int cy_int_xor(cy_int *r, const cy_int *a, const cy_int *b); /* r = a XOR b */
CY_API int cy_int_com(cy_int *r, const cy_int *a);                  /* r = NOT a = -a - 1 */
/* Set, clear or flip bit k of x in place (as mpz_setbit, mpz_clrbit, mpz_combit). CY_ENOMEM
 * (x unchanged) when the result cannot be allocated. */
CY_API int cy_int_setbit(cy_int *x, uint64_t k);
CY_API int cy_int_clrbit(cy_int *x, uint64_t k);
CY_API int cy_int_combit(cy_int *x, uint64_t k);
/* Bit k of a: 0 or 1 (for a < 0, 1 from the top of |a| on). No allocation. */
CY_API int cy_int_tstbit(const cy_int *a, uint64_t k);
/* The number of one bits of a >= 0; UINT64_MAX for a < 0 (infinitely many), as mpz_popcount. */
CY_API uint64_t cy_int_popcount(const cy_int *a);
/* The number of bit positions where a and b differ; UINT64_MAX when their signs differ. */
CY_API uint64_t cy_int_hamdist(const cy_int *a, const cy_int *b);
/* The index of the first 0 (scan0) or 1 (scan1) bit at or above bit k, or UINT64_MAX when there
 * is none (scan1 of a >= 0 past its top bit, scan0 of a < 0 past the top of |a|). */
CY_API uint64_t cy_int_scan0(const cy_int *a, uint64_t k);
CY_API uint64_t cy_int_scan1(const cy_int *a, uint64_t k);

/* ---- More number theory -----------------------------------------------------------------------
 *
 * Results that can be huge (factorials and their kin, Fibonacci and Lucas numbers) are refused
 * with CY_ENOMEM before any work when they could not fit a cy_int, else CY_ENOMEM when their
 * memory cannot be had. Predicates return 1 or 0, or a negative error code. */

/* 2 if |n| is prime for certain, 1 if it is probably prime, 0 if it is composite (0 and 1 are
 * not prime), or CY_ENOMEM, as mpz_probab_prime_p: trial division by the primes below 256, then
 * the Baillie-PSW test (a strong Fermat test to base 2 and a strong Lucas test), which has no
 * known pseudoprime and none below 2^64 (so the answer is 2 below 2^64), then reps - 24
 * Miller-Rabin rounds with bases from a generator seeded by n (deterministic). */
CY_API int cy_int_probab_prime_p(const cy_int *n, int reps);
/* r = the least prime > n (2 for n < 2); r = the greatest prime < n (CY_EINVAL for n <= 2),
 * primes as cy_int_probab_prime_p(c, 25) > 0 judges them. */
CY_API int cy_int_nextprime(cy_int *r, const cy_int *n);
CY_API int cy_int_prevprime(cy_int *r, const cy_int *n);
/* *k = the Kronecker symbol (a/b) in {-1, 0, 1}, for any a and b (GMP's mpz_kronecker).
 * cy_int_jacobi and cy_int_legendre are the same for odd b > 0 (CY_EINVAL otherwise; whether p
 * is prime is not checked). CY_OK, or CY_ENOMEM with *k unchanged. */
CY_API int cy_int_kronecker(int *k, const cy_int *a, const cy_int *b);
CY_API int cy_int_jacobi(int *k, const cy_int *a, const cy_int *b);
CY_API int cy_int_legendre(int *k, const cy_int *a, const cy_int *p);
/* r = a / f^k for the largest k with f^k dividing a, and that k to *count (count may be NULL);
 * a = 0 or |f| = 1 give r = a and k = 0. CY_EDIVZERO for f = 0. */
CY_API int cy_int_remove(cy_int *r, uint64_t *count, const cy_int *a, const cy_int *f);
/* n!, n!! (double factorial), the multifactorial n (n - m) (n - 2m) ... (> 0; 1 for n = 0, n for
 * m = 0), and the product of the primes <= n (n < 2^32, else CY_ENOMEM); by binary splitting. */
CY_API int cy_int_fac_u64(cy_int *r, uint64_t n);
CY_API int cy_int_2fac_u64(cy_int *r, uint64_t n);
CY_API int cy_int_mfac_u64(cy_int *r, uint64_t n, uint64_t m);
CY_API int cy_int_primorial_u64(cy_int *r, uint64_t n);
/* r = the binomial coefficient C(n, k); for n < 0, C(n, k) = (-1)^k C(-n + k - 1, k), as
 * mpz_bin_ui. For 64 <= k and n <= 8k (< 2^32) from Kummer's prime factorisation, otherwise the
 * falling product n (n - 1) ... (n - k + 1) divided by k!. */
CY_API int cy_int_bin(cy_int *r, const cy_int *n, uint64_t k);
CY_API int cy_int_bin_u64(cy_int *r, uint64_t n, uint64_t k);
/* Fibonacci F(n) (F(0) = 0, F(1) = 1), and with fib2 also F(n - 1) (F(-1) = 1); Lucas L(n)
 * (L(0) = 2, L(1) = 1), and with lucnum2 also L(n - 1) (L(-1) = -1). The two outputs of the
 * pair forms must differ (CY_EINVAL); lucnum2's second may be NULL. */
CY_API int cy_int_fib_u64(cy_int *r, uint64_t n);
CY_API int cy_int_fib2_u64(cy_int *fn, cy_int *fnsub1, uint64_t n);
CY_API int cy_int_lucnum_u64(cy_int *r, uint64_t n);
CY_API int cy_int_lucnum2_u64(cy_int *ln, cy_int *lnsub1, uint64_t n);
/* root = trunc(a^(1/n)) and rem = a - root^n (rem may be NULL; root and rem distinct), as
 * mpz_rootrem: a < 0 with an odd n gives a negative root and remainder. CY_EINVAL for n = 0,
 * for a < 0 with an even n, or root == rem. */
CY_API int cy_int_rootrem(cy_int *root, cy_int *rem, const cy_int *a, uint64_t n);
CY_API int cy_int_root(cy_int *root, const cy_int *a, uint64_t n);
/* 1 if a = b^2 (0 for a < 0); 1 if a = b^k for some k >= 2 (0, 1 and -1 are; a negative a needs
 * an odd k). 0 if not, or CY_ENOMEM. */
CY_API int cy_int_perfect_square_p(const cy_int *a);
CY_API int cy_int_perfect_power_p(const cy_int *a);

/* ---- Doubles ---------------------------------------------------------------------------------- */

/* r = trunc(d) (towards zero, as mpz_set_d). CY_EINVAL for an infinity or a NaN. */
CY_API int cy_int_set_d(cy_int *r, double d);
/* a as a double, truncated towards zero (as mpz_get_d); +-infinity beyond the largest double. */
CY_API double cy_int_get_d(const cy_int *a);
/* d with 0.5 <= |d| < 1 and a = d 2^*exp (d truncated), as mpz_get_d_2exp; 0.0 and 0 for a = 0. */
CY_API double cy_int_get_d_2exp(int64_t *exp, const cy_int *a);

/* ---- Random numbers ----------------------------------------------------------------------------
 *
 * A generator state: xoshiro256** seeded through SplitMix64, the same stream on every target for
 * the same seed (not GMP's streams, and not for cryptography). A state may be copied; distinct
 * states may be used from different threads. */

typedef struct cy_randstate {
    uint64_t s[4];
} cy_randstate;

CY_API void cy_rand_init(cy_randstate *st, uint64_t seed);           /* seed from a word */
CY_API void cy_rand_seed(cy_randstate *st, const cy_int *seed);      /* seed from an integer */
CY_API uint64_t cy_rand_u64(cy_randstate *st);                       /* 64 uniform bits */
/* r uniform in [0, 2^bits). */
CY_API int cy_int_urandomb(cy_int *r, cy_randstate *st, uint64_t bits);
/* r uniform in [0, |n|) (rejection sampling); CY_EDIVZERO for n = 0. */
CY_API int cy_int_urandomm(cy_int *r, cy_randstate *st, const cy_int *n);
/* r of exactly `bits` bits (0 for bits = 0) made of long runs of ones and zeros, as mpz_rrandomb's
 * numbers are meant for testing: alternating runs from the top, lengths uniform in
 * [1, max(1, bits / 4)]. */
CY_API int cy_int_rrandomb(cy_int *r, cy_randstate *st, uint64_t bits);

/* ---- Strings -----------------------------------------------------------------------------------
 *
 * Digits are '0'-'9' then letters for bases 2..36. */

/* Characters cy_int_get_str needs for a in base, counting the sign and the terminating NUL (an
 * upper bound, at most one too large); 0 for a base outside 2..36. */
CY_API size_t cy_int_str_size(const cy_int *a, int base);
/* Writes a in base (2..36; lower-case letters; "-" before negative values; no prefix) as a
 * NUL-terminated string into str, which has room for `size` characters, and its length (without
 * the NUL) to *len when len is not NULL. Errors: CY_EINVAL (base), CY_ERANGE (size too small:
 * str unchanged), CY_ENOMEM. */
CY_API int cy_int_get_str(char *str, size_t size, size_t *len, int base, const cy_int *a);
/* r = the value of the `len` characters at str: an optional '+' or '-', then for base 16 an
 * optional "0x" or "0X", then at least one digit of base (either case). base 0 reads "0x"/"0X"
 * as hexadecimal, "0b"/"0B" as binary, anything else as decimal. No spaces, no other character.
 * CY_EINVAL (r unchanged) for an empty or invalid string or a base outside {0, 2..36}. */
CY_API int cy_int_set_strn(cy_int *r, const char *str, size_t len, int base);
/* The same for a NUL-terminated string. */
CY_API int cy_int_set_str(cy_int *r, const char *str, int base);
/* *str = a freshly allocated NUL-terminated string of a in base, in the format of cy_int_get_str,
 * and its length to *len when len is not NULL. The block comes from the allocator of
 * cy_set_allocator and is exactly len + 1 bytes; release it with cy_free. Errors: CY_EINVAL (a
 * base outside 2..36, or str NULL), CY_ENOMEM; then *str and *len are unchanged. */
CY_API int cy_int_get_str_alloc(char **str, size_t *len, int base, const cy_int *a);

/* ---- Streams -----------------------------------------------------------------------------------
 *
 * Text in the format of the string functions above. */

/* Writes a to f in base 2..36 as cy_int_get_str formats it (no newline). CY_OK, CY_EINVAL (base
 * or f NULL: nothing written), CY_ENOMEM (nothing written), CY_EIO (a write failed; part of the
 * digits may have been written). */
CY_API int cy_int_fprint(FILE *f, int base, const cy_int *a);
/* Reads one integer from f: skips white space (isspace), then reads an optional '+' or '-' and,
 * for base 0 or 16, a "0x"/"0X" prefix (base 0: also "0b"/"0B"; otherwise base 10), then the
 * longest run of digits of the base; the character after them is pushed back (ungetc) and stays
 * unread. base is 0 or 2..36, as for cy_int_set_strn. Errors, r unchanged in each: CY_EIO when
 * the stream fails or ends before the first character of a number; CY_EINVAL for a bad base, f
 * NULL, or when no digit follows the sign or prefix (the characters read up to and including
 * the first non-digit are consumed, except that non-digit, which is pushed back); CY_ENOMEM. */
CY_API int cy_int_fscan(cy_int *r, FILE *f, int base);
/* GMP's portable binary format (mpz_out_raw / mpz_inp_raw): the byte count of |a| as a 4-byte
 * big-endian two's complement integer, negative for a < 0, then the bytes of |a|, most
 * significant first. out_raw: CY_OK, CY_EINVAL (f NULL; |a| of 2^31 bytes or more), CY_EIO.
 * inp_raw: CY_OK, CY_EIO (the stream ends or fails: r unchanged), CY_ENOMEM. */
CY_API int cy_int_out_raw(FILE *f, const cy_int *a);
CY_API int cy_int_inp_raw(cy_int *r, FILE *f);

/* ---- Limbs and words ---------------------------------------------------------------------------
 *
 * Direct access to the magnitude |a| = {limbs, cy_int_size(a)} (least significant limb first,
 * the top one non-zero), for example to hand it to carry/mod.h or carry/mpn.h without a string
 * round trip; as GMP's mpz_limbs_read / mpz_limbs_write / mpz_limbs_finish. */

/* The number of limbs of |a| (0 for zero). */
CY_API size_t cy_int_size(const cy_int *a);
/* The limbs of |a|, valid until a is next modified (NULL when a has no memory). */
CY_API const cy_limb *cy_int_limbs_read(const cy_int *a);
/* Makes room for n limbs (keeping the current limbs, as mpz_limbs_modify) and sets *p to them:
 * write the new magnitude there, then call cy_int_limbs_finish. CY_OK, or CY_ENOMEM with x and *p
 * unchanged. Until cy_int_limbs_finish, x must not be used otherwise. */
CY_API int cy_int_limbs_write(cy_int *x, size_t n, cy_limb **p);
/* Ends a cy_int_limbs_write: x = (neg ? -1 : 1) * {limbs, n} for the limbs written (n at most
 * the n given to cy_int_limbs_write; leading zero limbs are dropped; zero is never negative). */
CY_API void cy_int_limbs_finish(cy_int *x, size_t n, int neg);

/* Word import and export, with the parameters of GMP's mpz_import / mpz_export: `count` words of
 * `size` bytes each; order 1 puts the most significant word first, -1 the least significant;
 * endian 1 stores each word's bytes most significant first, -1 least significant first, 0 in the
 * host's order; the top `nails` bits of each word are unused (0 <= nails < 8 size; export writes
 * them as 0, import ignores them). Each word then carries 8 size - nails bits of the value.
 * Byte by byte: any size, alignment and endianness, the same result on every host. */

/* r = the non-negative value of the count words at op (op may be NULL when count is 0).
 * CY_EINVAL (order not +-1, endian not in -1..1, size 0, nails >= 8 size, op NULL with count
 * > 0) or CY_ENOMEM; then r is unchanged. */
CY_API int cy_int_import(cy_int *r, size_t count, int order, size_t size, int endian, size_t nails,
                         const void *op);
/* Words cy_int_export writes for |a|: ceil(bits / (8 size - nails)), 0 for zero (0 also for
 * size 0 or nails >= 8 size). */
CY_API size_t cy_int_export_count(const cy_int *a, size_t size, size_t nails);
/* Writes |a| (the sign is not stored, as mpz_export) as cy_int_export_count(a, size, nails)
 * words at rop, which has room for `cap` words, and that count to *count when count is not NULL
 * (0 words for zero). CY_EINVAL (parameters as for cy_int_import, rop NULL with a != 0) or
 * CY_ERANGE (cap too small); then nothing is written. */
CY_API int cy_int_export(void *rop, size_t cap, size_t *count, int order, size_t size, int endian,
                         size_t nails, const cy_int *a);

#ifdef __cplusplus
}
#endif

#endif /* CARRY_INT_H */
