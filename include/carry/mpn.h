/* carry/mpn.h -- natural numbers as limb vectors.
 *
 * SPDX-License-Identifier: MIT
 *
 * A natural number of n limbs is a pointer to n cy_limb values, least significant limb first:
 * {p, n} = sum p[i] * B^i with B = 2^CY_LIMB_BITS. Nothing in this layer allocates; functions that
 * need scratch take it from the caller.
 *
 * Conventions (GMP's, so that a user of mpn_add_n can guess every signature here):
 *  - `_n` takes operands of equal length n; `_1` takes one single-limb operand.
 *  - The return value is the carry, the borrow, the high limb or the bits shifted out.
 *  - n = 0 is allowed wherever stated; such a call reads and writes nothing.
 *  - Overlap: unless a function says otherwise, the destination may be identical to a source
 *    (r == a), but must not overlap a source partially. Sources may overlap each other freely.
 *  - Timing: the linear kernels in this header take time that depends on the lengths only, never
 *    on limb values (they are safe for secrets); cy_mpn_cmp and cy_mpn_zero_p are the exceptions
 *    and say `variable time` below.
 *  - Preconditions marked [checked] are verified by CY_ASSERT in debug builds (CY_DEBUG).
 */
#ifndef CARRY_MPN_H
#define CARRY_MPN_H

#include "carry/config.h"
#include "carry/cpu.h" /* the back ends: cy_cpu, cy_cpu_set */

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Addition and subtraction ------------------------------------------------------------ */

/* {r, n} = {a, n} + {b, n} mod B^n; returns the carry out (0 or 1). n >= 0. r may equal a and/or b. */
CY_API cy_limb cy_mpn_add_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);

/* {r, n} = {a, n} - {b, n} mod B^n; returns the borrow out (0 or 1). n >= 0. r may equal a and/or b. */
CY_API cy_limb cy_mpn_sub_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);

/* {r, n} + B^n * return = {a, n} + b: the carry out (0 or 1) for n >= 1; n = 0 returns b.
 * r may equal a. Constant time in the values: the carry is propagated through all n limbs. */
CY_API cy_limb cy_mpn_add_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);

/* {r, n} - B^n * return = {a, n} - b: the borrow out (0 or 1) for n >= 1; n = 0 returns b.
 * r may equal a. Constant time in the values. */
CY_API cy_limb cy_mpn_sub_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);

/* {r, an} = {a, an} + {b, bn} mod B^an; returns the carry out (0 or 1).
 * an >= bn >= 0 [checked]. r may equal a or b (b only as r == b, i.e. b starts at r). */
CY_API cy_limb cy_mpn_add(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn);

/* {r, an} = {a, an} - {b, bn} mod B^an; returns the borrow out (0 or 1).
 * an >= bn >= 0 [checked]. r may equal a or b. */
CY_API cy_limb cy_mpn_sub(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn);

/* {r, n} = -{a, n} mod B^n; returns 1 if {a, n} != 0 (the borrow of 0 - a), else 0.
 * n >= 0. r may equal a. Constant time. */
CY_API cy_limb cy_mpn_neg(cy_limb *r, const cy_limb *a, size_t n);

/* ---- Comparison ---------------------------------------------------------------------------- */

/* Sign of {a, n} - {b, n}: returns -1, 0 or +1. n >= 0. Variable time: stops at the most
 * significant differing limb. */
CY_API int cy_mpn_cmp(const cy_limb *a, const cy_limb *b, size_t n);

/* 1 if {a, n} == 0, else 0. n >= 0 (n = 0 gives 1). Variable time: stops at the first non-zero limb. */
CY_API int cy_mpn_zero_p(const cy_limb *a, size_t n);

/* ---- Copies and logic ---------------------------------------------------------------------- */

/* {r, n} = {a, n}. n >= 0. r == a is allowed; any other overlap is not [checked]. */
CY_API void cy_mpn_copy(cy_limb *r, const cy_limb *a, size_t n);

/* {r, n} = 0. n >= 0. */
CY_API void cy_mpn_zero(cy_limb *r, size_t n);

/* Limb-wise logic on equal lengths: r = a AND b, a OR b, a XOR b; com: r = NOT a.
 * n >= 0. r may equal a and/or b. */
CY_API void cy_mpn_and_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
CY_API void cy_mpn_ior_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
CY_API void cy_mpn_xor_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
CY_API void cy_mpn_com(cy_limb *r, const cy_limb *a, size_t n);

/* ---- Shifts -------------------------------------------------------------------------------- */

/* {r, n} = {a, n} * 2^cnt mod B^n; returns the cnt bits shifted out of the top, in the low bits
 * of the result: a[n-1] >> (CY_LIMB_BITS - cnt).
 * n >= 1, 1 <= cnt <= CY_LIMB_BITS - 1 [checked]. r == a is allowed, and so is r above a
 * (r >= a: the loop runs from the top limb down, as GMP's mpn_lshift). */
CY_API cy_limb cy_mpn_lshift(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);

/* {r, n} = floor({a, n} / 2^cnt); returns the cnt bits shifted out of the bottom, in the high
 * bits of the result: a[0] << (CY_LIMB_BITS - cnt).
 * n >= 1, 1 <= cnt <= CY_LIMB_BITS - 1 [checked]. r == a is allowed, and so is r below a (r <= a). */
CY_API cy_limb cy_mpn_rshift(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);

/* ---- Products by one limb ----------------------------------------------------------------- */

/* {r, n} + B^n * return = {a, n} * b. n >= 0 (n = 0 returns 0). r == a allowed, and so is
 * r <= a (the loop runs upwards). */
CY_API cy_limb cy_mpn_mul_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);

/* {r, n} + B^n * return = {r, n} + {a, n} * b. The return value is at most b
 * (since {r, n} + {a, n} * b < B^n * (b + 1)).
 * n >= 0. {r, n} and {a, n} must not overlap unless r == a [checked]. */
CY_API cy_limb cy_mpn_addmul_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);

/* {r, n} - B^n * return = {r, n} - {a, n} * b: {r, n} becomes ({r, n} - {a, n} * b) mod B^n and
 * the return value is the borrow limb, at most b (since {a, n} * b - {r, n} < B^n * b).
 * n >= 0. Overlap as cy_mpn_addmul_1. */
CY_API cy_limb cy_mpn_submul_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);

/* ---- Multiplication -------------------------------------------------------------------------
 *
 * Products never allocate: a function that needs scratch takes `scratch` of at least the limbs its
 * *_itch function returns (which may be 0, in which case scratch may be NULL). The product
 * {r, an + bn} must not overlap any operand [checked]; the operands may overlap each other
 * (a == b with an == bn is a square and takes the squaring code).
 * Timing: these are constant time in the limb values (the algorithm and its branches depend on
 * the lengths only; signs inside Karatsuba and Toom-3 are masks, not branches; the transforms'
 * modular reductions are masks too).
 *
 * Algorithms by size (docs/mul.md): n <= 8 unrolled kernels, then basecase, Karatsuba (toom22),
 * Toom-3 (toom33) and Toom-4 (toom44) from the thresholds T22 <= T33 <= T44 of the back end's
 * src/core/tune_<backend>.c (measured by carry-tune; mul and sqr have their own), and from TF on
 * number-theoretic transforms over three or four primes (src/mpn/mul_fft.c; 64-bit arithmetic, so
 * the same code for 32- and 64-bit limbs; on the ifma back end AVX-512 IFMA transforms over three
 * to five primes below 2^50, src/mpn/x86_64/mul_fft_ifma.c). Unbalanced products cut {a, an} into pieces of bn limbs,
 * or of 2bn limbs each multiplied by Toom-4/2 (toom42) when an >= 2bn and bn >= max(24, T22);
 * Toom-3/2 (toom32) takes 1.5 bn <= an < 2bn whole and an unbalanced Karatsuba (toom22u)
 * bn < an < 1.5 bn, when bn >= max(24, T22). When an >= TF and bn >= 2TF/3, the pieces are
 * of up to 16bn limbs, each one transform.
 *
 * Scratch, exactly what the *_itch functions return, with S(n) the scratch of one n x n product
 * (mul_n; sqr uses its own thresholds and 3 instead of 6 evaluations), m = ceil(n/2),
 * k = ceil(n/3), s = n - 2k:
 *   S(n) = 0                                                      n <= 8 or n < T22
 *   S(n) = 2m + max(S(m), S(n - m))                               T22 <= n < T33 (toom22)
 *   S(n) = 3(2k + 2) + max(6(k + 1) + S(k + 1), S(k), S(s))       T33 <= n < T44 (toom33)
 *   S(n) = 5(2j + 2) + max(10(j + 1) + S(j + 1), S(j), S(n - 3j))  T44 <= n < TF (toom44),
 *                                                                  j = ceil(n/4), n >= 10
 *   S(n) = max(F(n), the toom44 formula at n)                      n >= TF (transforms), with
 *   F(n) = 2 np L 64/CY_LIMB_BITS + 1 (squares floor(5 np L / 3) 64/CY_LIMB_BITS + 1) for the
 *          plan of src/mpn/mul_fft.c: for np = 3 and 4 the largest b with
 *          2b + ceil(log2 ceil(n CY_LIMB_BITS / b)) <= 185 and 247, L = 2^k >= 4 or 3 2^k >= 12
 *          the smallest with 2 ceil(n CY_LIMB_BITS / b) - 1 <= L, the np of least np L (3 on a
 *          tie); on the ifma back end for n >= 16 the plan of mul_fft_ifma.c (np = 3, 4, 5 primes
 *          below 2^50, 185 and 247 become 149, 199, 249; L >= 16), F(n) = 2 np L + 104 (squares
 *          floor(5 np L / 3) + 104), where that is at most 16n + 64 (else the portable plan)
 * Why it fits: each level keeps its own temporaries at the front of its area (toom22: the
 * middle product, 2m limbs; toom33: v1, v-1, v2 of 2k + 2 limbs, and the six evaluations
 * of k + 1 limbs while their products run; toom44 likewise with five products and ten
 * evaluations) and passes the rest to the products it calls; the products v0 and vinf run after
 * the evaluations are dead and reuse their space. The recursion shrinks n to at most (n + 5)/3
 * or (n + 1)/2, so the itch functions take O(log n) steps and S(n) = O(n): S(n) <= 16n + 64,
 * mullo_n_itch(n) <= 16n + 64 and mul_itch(an, bn) <= 128 bn + 64 under any thresholds
 * (tests/mpn/test_mul.c checks these bounds on every call; below the transforms' threshold
 * S(n) <= 8n + 64, with the default thresholds S(n) <= 7n there). For callers that size one
 * area for several products, the tests also check, for the shipped thresholds and theirs, that
 * mul_itch(n, n) does not decrease with n and that mul_itch(an, bn) <= mul_itch(an + bn, an + bn)
 * (the transforms' S(n) is taken at least as large as toom44's at n, so the step at TF is up).
 *   mul_itch(an, bn) = max(S_mul(an), S_sqr(an))                  an == bn
 *                    = 0                                           bn <= 8 or bn < T22
 *                    = bn + F(c, bn)                               an >= TF, 3bn >= 2TF (transforms
 *                          in chunks of c = ceil(an/j) limbs, j = ceil(an/16bn); F(c, bn): as
 *                          S(n) >= TF below 4L + ..., with ceil(c CY_LIMB_BITS / b)
 *                          + ceil(bn CY_LIMB_BITS / b) - 1 <= L)
 *                    = 2m + max(S(m), mul_itch(an - m, bn - m))    2bn < 2an < 3bn, bn >= 24 (toom22u),
 *                                                                  m = ceil(an/2)
 *                    = S32(an, bn)                                 3bn <= 2an < 4bn, bn >= 24 (toom32)
 *                    = bn + max(S42(2bn, bn), R(an mod 2bn))       an >= 2bn, bn >= 24 (toom42)
 *                    = bn + max(S(bn), R(an mod bn))               otherwise
 *     R(0) = 0, R(l) = mul_itch(l, bn) for l >= bn, mul_itch(bn, l) for l < bn;
 *     S42(an, bn) = 3(2k + 2) + max(k + 1 + S(k + 1), S(k), mul_itch(max(sa, sb), min(sa, sb)))
 *     with k = ceil(an/4), sa = an - 3k, sb = bn - k (five of its six evaluations are in r);
 *     S32(an, bn) = 2(2k + 2) + max(S(k + 1), S(k), mul_itch(max(sa, sb), min(sa, sb)))
 *     with k = ceil(an/3), sa = an - 2k, sb = bn - k (its four evaluations are in r)
 *   mullo_n_itch(n)  = 0                                           n <= 8 or n < TLO
 *                    = max(2m' + S(m'), h + mullo_n_itch(h))       h = floor(n/3), m' = n - h */

/* Scratch limbs needed by cy_mpn_mul(an, bn). */
CY_API size_t cy_mpn_mul_itch(size_t an, size_t bn);

/* {r, an + bn} = {a, an} * {b, bn}; returns r[an + bn - 1]. an >= bn >= 1 [checked]. */
CY_API cy_limb cy_mpn_mul(cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                          cy_limb *scratch);

/* Scratch limbs needed by cy_mpn_mul_n(n). */
CY_API size_t cy_mpn_mul_n_itch(size_t n);

/* {r, 2n} = {a, n} * {b, n}. n >= 1 [checked]. */
CY_API void cy_mpn_mul_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n,
                         cy_limb *scratch);

/* Scratch limbs needed by cy_mpn_sqr(n). */
CY_API size_t cy_mpn_sqr_itch(size_t n);

/* {r, 2n} = {a, n}^2. n >= 1 [checked]. About 2/3 of the time of cy_mpn_mul_n(n) (each cross
 * product once). */
CY_API void cy_mpn_sqr(cy_limb *r, const cy_limb *a, size_t n, cy_limb *scratch);

/* Scratch limbs needed by cy_mpn_mullo_n(n). */
CY_API size_t cy_mpn_mullo_n_itch(size_t n);

/* {r, n} = {a, n} * {b, n} mod B^n (the low half of the product). n >= 1 [checked].
 * n <= 8: the unrolled full product; rows of shrinking length below the threshold TLO, above it
 * one full product of n - floor(n/3) limbs and two short products of floor(n/3) limbs (Mulders'
 * split). */
CY_API void cy_mpn_mullo_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n,
                           cy_limb *scratch);

/* ---- Division, GCD, square root, radix conversion -------------------------------------------
 *
 * Timing: everything in this section takes time that depends on the operand values (quotient
 * corrections, gcd steps, digit counts): variable time, not for secrets. Scratch, where needed,
 * comes from the caller in the amount the matching *_itch function returns. Where a divisor
 * {d, dn} is taken, its top limb must be non-zero [checked]; it need not be normalised (the
 * functions shift internally). Algorithms and bounds: docs/div.md. */

/* A divisor limb prepared for repeated division (Moller and Granlund's 2-by-1 reciprocal of
 * d << shift). Fill with cy_mpn_div1_inv_init; treat the fields as opaque (their order is
 * fixed: assembly kernels read them). */
typedef struct cy_mpn_div1_inv {
    cy_limb d;      /* the divisor as given */
    cy_limb dnorm;  /* d << shift: top bit set */
    cy_limb v;      /* floor((B^2 - 1) / dnorm) - B */
    unsigned shift; /* leading zero bits of d */
} cy_mpn_div1_inv;

/* Prepares *inv for dividing by d. d != 0 [checked]. */
CY_API void cy_mpn_div1_inv_init(cy_mpn_div1_inv *inv, cy_limb d);

/* {q, n} = floor({a, n} / d); returns {a, n} mod d. n >= 0 (n = 0 returns 0), d != 0 [checked].
 * q may equal a; otherwise no overlap. */
CY_API cy_limb cy_mpn_divrem_1(cy_limb *q, const cy_limb *a, size_t n, cy_limb d);

/* As cy_mpn_divrem_1 with a divisor prepared by cy_mpn_div1_inv_init. */
CY_API cy_limb cy_mpn_divrem_1_preinv(cy_limb *q, const cy_limb *a, size_t n,
                                      const cy_mpn_div1_inv *inv);

/* {a, n} mod d. n >= 0, d != 0 [checked]. */
CY_API cy_limb cy_mpn_mod_1(const cy_limb *a, size_t n, cy_limb d);

/* {a, n} mod inv->d, with a prepared divisor. */
CY_API cy_limb cy_mpn_mod_1_preinv(const cy_limb *a, size_t n, const cy_mpn_div1_inv *inv);

/* {q, n} = {a, n} / d where d divides {a, n} exactly (Hensel division: multiplication by the
 * inverse of the odd part of d mod B). For an odd d the result is {a, n} d^-1 mod B^n whether d
 * divides {a, n} or not (carry-gmp's mpn_divexact_by3c relies on it); for an even d that does not
 * divide {a, n} it is unspecified (no UB). n >= 0, d != 0 [checked]. q may equal a. */
CY_API void cy_mpn_divexact_1(cy_limb *q, const cy_limb *a, size_t n, cy_limb d);

/* Scratch limbs needed by cy_mpn_divrem(an, dn). */
CY_API size_t cy_mpn_divrem_itch(size_t an, size_t dn);

/* Quotient and remainder: {q, an - dn + 1} = floor({a, an} / {d, dn}) and
 * {r, dn} = {a, an} mod {d, dn}. an >= dn >= 1 and d[dn-1] != 0 [checked]. Schoolbook division
 * with the 3/2 reciprocal, divide-and-conquer (Burnikel-Ziegler style, via cy_mpn_mul) from
 * the back end's dc_div crossover (src/core/tune_<backend>.c) in divisor limbs. r may equal a;
 * q must not overlap a, d or r; r must not overlap d. r may be NULL when only the quotient is wanted. */
CY_API void cy_mpn_divrem(cy_limb *q, cy_limb *r, const cy_limb *a, size_t an, const cy_limb *d,
                          size_t dn, cy_limb *scratch);

/* Scratch limbs needed by cy_mpn_divexact(an, dn). */
CY_API size_t cy_mpn_divexact_itch(size_t an, size_t dn);

/* {q, an - dn + 1} = {a, an} / {d, dn} where the division is known to be exact (the result is
 * unspecified, without UB, otherwise). an >= dn >= 1, d[dn-1] != 0 [checked]. q must not overlap
 * a or d. Hensel division (about half the work of cy_mpn_divrem) below the divide-and-conquer
 * threshold, cy_mpn_divrem above it. */
CY_API void cy_mpn_divexact(cy_limb *q, const cy_limb *a, size_t an, const cy_limb *d, size_t dn,
                            cy_limb *scratch);

/* gcd(a, b) of two limbs, not both zero; gcd(a, 0) = a. Binary algorithm (Stein), variable time. */
CY_API cy_limb cy_mpn_gcd_1(cy_limb a, cy_limb b);

/* Scratch limbs needed by cy_mpn_gcd(an, bn) and cy_mpn_gcdext(an, bn), with D(n) =
 * cy_mpn_divrem_itch(n, n), S(n) = cy_mpn_mul_itch(n, n), the back end's crossovers
 * G = max(8, gcd_dc) and T = max(8, hgcd) (src/core/tune_<backend>.c; the values in force when
 * called), c(k) = ceil(k/2) + 1 (the room of a half-gcd matrix entry) and [x] = 1 if x, else 0:
 *   gcd_itch(an, bn)    = 5an + max(D(an), [an >= G] R(an))
 *   gcdext_itch(an, bn) = 9an + 8 + max(2an + 2 + S(an + 2) + D(an),
 *                                       [an >= G] (R(an) + 2an + 4 + S(an + 2)))
 *   R(n) = 8c(n) + H(n)          (the matrix of the top-level reduction and its half-gcd)
 *   H(k) = L(k)                                        k < T
 *        = 8c(ceil(k/2)) + max(H(ceil(k/2)), L(k))      k >= T  (the second call's matrix)
 *   L(k) = 3k + max(D(k), 2k + 4 + S(k + 4))           (single steps, adjustment, matrix product)
 * O(n); bn does not enter. With the shipped ifma thresholds gcd_itch is about 23n limbs at
 * 10^3 to 10^4 limbs and 28n at 10^5 (gcdext_itch 35n to 44n); below G, 8n to 13n. */
CY_API size_t cy_mpn_gcd_itch(size_t an, size_t bn);
CY_API size_t cy_mpn_gcdext_itch(size_t an, size_t bn);

/* {g, return} = gcd({a, an}, {b, bn}), normalised (top limb non-zero), at most bn limbs.
 * an >= bn >= 1, a[an-1] != 0 and b[bn-1] != 0 [checked] (no order between the values needed).
 * Lehmer's algorithm with double-limb steps, O(n^2); from G limbs (above) subquadratic: half-gcd
 * reductions (Moller, Math. Comp. 77, 2008; src/mpn/hgcd.c), O(M(n) log n). Variable time. g may
 * equal a or b. cy_mpn_gcdext below takes the same path and carries the cofactor through each
 * reduction's matrix. Measured in docs/div.md. */
CY_API size_t cy_mpn_gcd(cy_limb *g, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                         cy_limb *scratch);

/* {g, return} = gcd(A, B) as cy_mpn_gcd, and a cofactor s with s * A = g (mod B): s = sign * {s, sn}
 * where *sn is the signed length (negative for s < 0; 0 for s = 0), |s| <= B / g, so {s, bn} must
 * have room for bn limbs. The other cofactor is t = (g - s * A) / B (exact). Same preconditions as
 * cy_mpn_gcd; g and s must not overlap a, b or each other. Variable time. */
CY_API size_t cy_mpn_gcdext(cy_limb *g, cy_limb *s, ptrdiff_t *sn, const cy_limb *a, size_t an,
                            const cy_limb *b, size_t bn, cy_limb *scratch);

/* Scratch limbs needed by cy_mpn_sqrtrem(n). */
CY_API size_t cy_mpn_sqrtrem_itch(size_t n);

/* {s, ceil(n/2)} = floor(sqrt({a, n})) and, when r != NULL, {r, n} = {a, n} - s^2 (at most
 * ceil(n/2) + 1 limbs are significant; the rest are written as zero). Returns the normalised
 * length of the remainder, or with r == NULL 1 if the remainder is non-zero, else 0 (so 0 exactly
 * for perfect squares). n >= 1, a[n-1] != 0 [checked]. s and r must not overlap a or each
 * other. Newton's iteration on doubling precision; variable time. */
CY_API size_t cy_mpn_sqrtrem(cy_limb *s, cy_limb *r, const cy_limb *a, size_t n, cy_limb *scratch);

/* 1 if {a, n} is a perfect square, else 0. n >= 1, a[n-1] != 0 [checked]. Scratch:
 * cy_mpn_sqrtrem_itch(n) + n limbs. Variable time. */
CY_API int cy_mpn_perfect_square_p(const cy_limb *a, size_t n, cy_limb *scratch);

/* ---- Radix conversion ------------------------------------------------------------------------
 *
 * Digits are ASCII '0'-'9', 'a'-'z' for bases 2..36, most significant first. Power-of-two bases
 * take linear time; the others are quadratic below a threshold and divide-and-conquer above
 * (a subquadratic algorithm once cy_mpn_mul is). */

/* An upper bound on the digits of {a, n} in base (2 <= base <= 36 [checked]): exact for powers of
 * two, at most one too large otherwise; 1 for zero. n >= 0 (n = 0 is zero). */
CY_API size_t cy_mpn_sizeinbase(const cy_limb *a, size_t n, int base);

/* Scratch limbs needed by cy_mpn_get_str(n, base). */
CY_API size_t cy_mpn_get_str_itch(size_t n, int base);

/* Writes the digits of {a, n} in base to str (no sign, no leading zeros, "0" for zero, no
 * terminating NUL) and returns their count. str has room for cy_mpn_sizeinbase(a, n, base)
 * characters. n >= 0; 2 <= base <= 36 [checked]. {a, n} is not modified. */
CY_API size_t cy_mpn_get_str(char *str, int base, const cy_limb *a, size_t n, cy_limb *scratch);

/* Limbs {r, ...} may need for a len-digit string in base (an upper bound; 2..36). */
CY_API size_t cy_mpn_set_str_size(size_t len, int base);

/* Scratch limbs needed by cy_mpn_set_str(len, base). */
CY_API size_t cy_mpn_set_str_itch(size_t len, int base);

/* Parses the len characters of str as a number in base (digits and letters of either case; no
 * sign, prefix or space) into {r, *rn}, normalised (*rn = 0 for zero). r has room for
 * cy_mpn_set_str_size(len, base) limbs. Returns CY_OK, or without writing r or *rn:
 * CY_EBASE (base outside 2..36), CY_EEMPTY (len = 0), CY_EDIGIT (a character that is not a digit
 * of base). r must not overlap scratch. */
CY_API int cy_mpn_set_str(cy_limb *r, size_t *rn, const char *str, size_t len, int base,
                          cy_limb *scratch);

/* Byte export: writes {a, n} mod 256^len as exactly len bytes, most significant first (_be) or
 * least significant first (_le). Returns 0 if the value fits in len bytes, 1 if it was truncated.
 * n >= 0, len >= 0. */
CY_API int cy_mpn_get_bytes_be(unsigned char *out, size_t len, const cy_limb *a, size_t n);
CY_API int cy_mpn_get_bytes_le(unsigned char *out, size_t len, const cy_limb *a, size_t n);

/* Byte import: {r, rn} = the value of the len bytes at in (big- or little-endian), with the limbs
 * above it zero. rn >= ceil(len / CY_LIMB_BYTES) [checked]. */
CY_API void cy_mpn_set_bytes_be(cy_limb *r, size_t rn, const unsigned char *in, size_t len);
CY_API void cy_mpn_set_bytes_le(cy_limb *r, size_t rn, const unsigned char *in, size_t len);

#ifdef __cplusplus
}
#endif

#endif /* CARRY_MPN_H */
