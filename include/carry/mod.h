/* carry/mod.h -- modular arithmetic: Montgomery contexts, exponentiation, inversion.
 *
 * SPDX-License-Identifier: MIT
 *
 * Numbers are mpn limb vectors of exactly ctx->n limbs (B = 2^CY_LIMB_BITS, R = B^n). A value
 * "in Montgomery form" represents x by x * R mod m (Montgomery, "Modular multiplication without
 * trial division", Math. Comp. 44, 1985).
 *
 * Conventions:
 *  - Timing: a plain name is constant time in the values of its arguments (its time, branches and
 *    memory addresses depend on the lengths n and en only, never on limb values: the modulus, the
 *    operands and the exponent may all be secret). A name ending in _vartime is not.
 *  - No allocation: a function that needs scratch takes `scratch` of at least the limbs its
 *    *_itch function returns. A context keeps pointers into caller storage of
 *    cy_mont_storage_limbs(n) limbs, which must outlive it.
 *  - Overlap: a result may be identical to an operand (r == a); no partial overlap; scratch must
 *    not overlap anything else.
 *  - Errors: functions that can reject an input return 0 or a negative cy_err of carry/config.h
 *    (CY_EEVEN, CY_EONE, CY_EUNREDUCED, CY_ENOTINV; the RSA functions also CY_EINVAL, CY_EFAULT). A constant-time function computes its error
 *    code without branching and still runs its full course (so the rejection of an unreduced
 *    secret does not show in the timing); on error the result is 0.
 *  - RSA (the last section) treats the modulus N and the public exponent e as public: the time of
 *    its functions may depend on the value of e (a square-and-multiply over its bits) as well as
 *    on the lengths; it is constant in everything else (p, q, dp, dq, qinv, input, blinding value,
 *    output).
 */
#ifndef CARRY_MOD_H
#define CARRY_MOD_H

#include "carry/mpn.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A Montgomery context for an odd modulus m >= 3 of n >= 1 limbs (its top limb may be 0; the
 * arithmetic is then just slower than it could be). Read-only after cy_mont_init; several threads
 * may use one context at once. */
typedef struct cy_mont {
    size_t n;
    const cy_limb *m;  /* {m, n}: a copy in the storage */
    const cy_limb *one; /* R mod m: 1 in Montgomery form */
    const cy_limb *rr;  /* R^2 mod m: converts into Montgomery form */
    cy_limb minv;       /* -m^-1 mod B */
} cy_mont;

/* ---- Context ------------------------------------------------------------------------------- */

/* Limbs of storage a context for n-limb moduli keeps (3n). */
CY_API size_t cy_mont_storage_limbs(size_t n);
/* Scratch limbs cy_mont_init needs. */
CY_API size_t cy_mont_init_itch(size_t n);

/* Sets *ctx up for the modulus {m, n}, keeping m, R mod m and R^2 mod m in `storage`.
 * Returns 0, CY_EONE if n = 0 or m = 1, CY_EEVEN if m is even (then *ctx is unusable).
 * Constant time: R mod m comes from n * CY_LIMB_BITS modular doublings, R^2 mod m from
 * Montgomery squarings, -m^-1 mod B from Newton's iteration (no division, no branch on m). */
CY_API int cy_mont_init(cy_mont *ctx, cy_limb *storage, const cy_limb *m, size_t n,
                        cy_limb *scratch);

/* Scratch limbs cy_mont_init_vartime needs. */
CY_API size_t cy_mont_init_vartime_itch(size_t n);

/* The context of cy_mont_init for the modulus {m, n} (the same *ctx and storage contents, the
 * same return values), in variable time for a public m: R mod m and R^2 mod m are the remainders
 * of B^n and B^2n divided by m (cy_mpn_divrem; for n = 1 one-limb remainders) instead of cy_mont_init's
 * doublings and squarings (which cost a quarter of a 4-limb exponentiation), -m^-1 mod B comes
 * from Newton's iteration. A modulus whose top limb is 0 takes cy_mont_init's way. Neither
 * storage nor scratch may overlap m. Time depends on the value of m. */
CY_API int cy_mont_init_vartime(cy_mont *ctx, cy_limb *storage, const cy_limb *m, size_t n,
                                cy_limb *scratch);

/* ---- Arithmetic modulo m (operands and results n limbs) ------------------------------------ */

/* Scratch limbs for cy_mont_mul, cy_mont_sqr, cy_mont_to, cy_mont_from (the largest of them). */
CY_API size_t cy_mont_mul_itch(size_t n);

/* r = a * b / R mod m (Montgomery multiplication; Koc, Acar, Kaliski, "Analyzing and comparing
 * Montgomery multiplication algorithms", IEEE Micro 16(3), 1996: coarsely integrated operand
 * scanning, unrolled for n = 4, 6, 8 and in BMI2+ADX assembly up to 12 limbs, else separated
 * operand scanning on the mpn multiplication). For a, b < m the result is < m. For any
 * a, b < B^n the result is < B^n and congruent to a * b / R (lazy: maybe not fully reduced). */
CY_API void cy_mont_mul(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx,
                        cy_limb *scratch);
/* r = a^2 / R mod m; the contract of cy_mont_mul(r, a, a). A square computing the cross products
 * once, then the reduction (without BMI2+ADX, the unrolled kernel of cy_mont_mul for n = 4, 6,
 * 8). */
CY_API void cy_mont_sqr(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch);
/* r = a * R mod m, for any a < B^n (need not be reduced); r < m. */
CY_API void cy_mont_to(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch);
/* r = a / R mod m, for any a < B^n; r < m (fully reduced). */
CY_API void cy_mont_from(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch);

/* Scratch limbs for cy_mont_mod. */
CY_API size_t cy_mont_mod_itch(size_t n);
/* {r, n} = {a, an} mod m, for 0 <= an <= 2n (a plain residue, not Montgomery form). */
CY_API void cy_mont_mod(cy_limb *r, const cy_limb *a, size_t an, const cy_mont *ctx,
                        cy_limb *scratch);

/* r = a + b, a - b, -a mod m. Require a, b < m [checked in debug builds]; the result is < m.
 * They work the same on Montgomery forms and plain residues. No scratch. */
CY_API void cy_mont_add(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx);
CY_API void cy_mont_sub(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx);
CY_API void cy_mont_neg(cy_limb *r, const cy_limb *a, const cy_mont *ctx);

/* ---- Exponentiation ------------------------------------------------------------------------ */

/* Scratch limbs for cy_mont_powm / cy_mont_powm_vartime with an en-limb exponent. */
CY_API size_t cy_mont_powm_itch(size_t n, size_t en);
CY_API size_t cy_mont_powm_vartime_itch(size_t n, size_t en);

/* r = b^e mod m (plain residues in and out), e = {e, en}, en >= 0 (e = 0 gives 1).
 * Fixed window of w bits (w from en): every window costs w squarings and one multiplication, and
 * the table entry is read by scanning the whole table with masks. Time depends on n and en only.
 * Returns 0, or CY_EUNREDUCED if b >= m (then r = 0). */
CY_API int cy_mont_powm(cy_limb *r, const cy_limb *b, const cy_limb *e, size_t en,
                        const cy_mont *ctx, cy_limb *scratch);
/* The same for public exponents: sliding window over the odd powers, skipping zero bits and
 * leading zero limbs; for n = 1 a fixed window of 4 bits (1 below 32 exponent bits) on one-limb
 * Montgomery products, without calls in the loop. Returns 0 or CY_EUNREDUCED (r = 0). */
CY_API int cy_mont_powm_vartime(cy_limb *r, const cy_limb *b, const cy_limb *e, size_t en,
                                const cy_mont *ctx, cy_limb *scratch);

/* ---- Inversion -----------------------------------------------------------------------------
 *
 * All take a < m and return 0, CY_EUNREDUCED (a >= m) or CY_ENOTINV (a = 0 or
 * gcd(a, m) > 1); on error r = 0. */

/* Scratch limbs for every inversion function below. */
CY_API size_t cy_mod_inv_itch(size_t n);

/* r = a^-1 mod m by Bernstein-Yang safegcd ("Fast constant-time gcd computation and modular
 * inversion", TCHES 2019) in its half-delta variant (hddivsteps, Wuille's safegcd-bounds):
 * batches of at most CY_LIMB_BITS - 2 divsteps on the low limbs, each batch's 2x2 matrix applied
 * to f, g and to the Bezout coefficients mod m held in signed (CY_LIMB_BITS - 2)-bit limbs. The
 * number of divsteps is a proven or verified bound for n * CY_LIMB_BITS-bit inputs (590 for 256
 * bits), so the time depends on n only. Any odd m >= 3. */
CY_API int cy_mod_inv_safegcd(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch);

/* The same representation with variable-time divsteps (runs of zeros skipped, several bits
 * cancelled per odd step), stopping as soon as g = 0: for public values. */
CY_API int cy_mod_inv_safegcd_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx,
                                      cy_limb *scratch);

/* The inverse from the extended gcd (cy_mpn_gcdext, Lehmer's algorithm with double-limb steps)
 * of a + m and m: the fastest for public values. Variable time. */
CY_API int cy_mod_inv_lehmer_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx,
                                     cy_limb *scratch);

/* r = a^(m-2) mod m by cy_mont_powm: the inverse when m is prime (Fermat's little theorem),
 * the baseline. For composite m the result is not an inverse; only a = 0 is reported
 * (CY_ENOTINV, computed without branching). Constant time. */
CY_API int cy_mod_inv_fermat(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch);

/* Kaliski's almost Montgomery inverse ("The Montgomery inverse and its applications", IEEE
 * Trans. Computers 44(8), 1995), as Algorithm 1 of Bucek and Lorencz, "Comparing
 * subtraction-free and traditional AMI": r = a^-1 * 2^k mod m and *k, with
 * bits(m) - 1 <= k < 2 bits(m). Variable time. */
CY_API int cy_mod_ami_vartime(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                              cy_limb *scratch);
/* The same result by Lorencz and Hlavac's subtraction-free AMI (Algorithm 2 there): u is kept
 * negative in two's complement, so each step is one addition whose sign picks the branch; no
 * comparison. Variable time. */
CY_API int cy_mod_sfami_vartime(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                                cy_limb *scratch);
/* Kaliski's Montgomery inverse: for a = x * R mod m (Montgomery form of x), r = x^-1 * R mod m
 * (Montgomery form of x^-1), i.e. a^-1 * R^2: the AMI followed by the correction phase that
 * doubles the result 2 * n * CY_LIMB_BITS - k times. Variable time. */
CY_API int cy_mont_inv_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch);
/* r = a^-1 mod m from the Montgomery inverse (two Montgomery reductions). Variable time. */
CY_API int cy_mod_inv_kaliski_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx,
                                      cy_limb *scratch);

/* ---- RSA private-key operation (CRT, blinded, checked) --------------------------------------
 *
 * An RSA key of an n-limb modulus N = p q, with p and q of n/2 limbs each (n even; any bit
 * sizes that fit, e.g. 2048, 3072, 4096 bits: 32, 48, 64 limbs of 64 bits), and the CRT form of
 * the private exponent d (RFC 8017, section 3.2, second representation, u = 2):
 * dp = d mod (p - 1), dq = d mod (q - 1), qinv = q^-1 mod p. The key keeps copies of all of it,
 * and Montgomery contexts modulo N, p and q, in caller storage of cy_rsa_storage_limbs(n, en)
 * limbs, which must outlive it and which holds the secrets: the caller zeroes it when done.
 * Read-only after cy_rsa_init; several threads may use one key at once. */
typedef struct cy_rsa_key {
    size_t n;               /* limbs of N; p, q, dp, dq, qinv have n / 2 */
    size_t en;              /* limbs of e (top limb non-zero) */
    const cy_limb *e;       /* {e, en}: the public exponent, odd, >= 3 */
    const cy_limb *dp, *dq; /* {dp, n/2}, {dq, n/2} */
    const cy_limb *qinv;    /* q^-1 R_p mod p: qinv in Montgomery form modulo p */
    cy_mont mn, mp, mq;     /* contexts modulo N (public), p and q (secret) */
} cy_rsa_key;

/* Limbs of storage a key keeps: 3n (context modulo N) + 9n/2 (contexts modulo p and q, dp, dq,
 * qinv) + en. */
CY_API size_t cy_rsa_storage_limbs(size_t n, size_t en);
/* Scratch limbs cy_rsa_init needs. */
CY_API size_t cy_rsa_init_itch(size_t n);

/* Sets *key up for the modulus {N, n}, the public exponent {e, en} and the CRT key {p, n/2},
 * {q, n/2}, {dp, n/2}, {dq, n/2}, {qinv, n/2}, copied into `storage` (which may not overlap
 * them). Checks what is cheap to check: n even and >= 2, e odd and >= 3 (variable time, e is
 * public), N odd, p and q odd and > 1, p q = N, qinv q = 1 mod p (so p != q); the checks on the
 * secrets are computed with masks and the function runs its full course. dp and dq are not
 * checked against e (that needs a division by p - 1): a wrong one makes every cy_rsa_private
 * fail its result check (CY_EFAULT). Returns 0, CY_EINVAL (sizes, e, p q != N, qinv), CY_EEVEN
 * (N, p or q even) or CY_EONE (N, p or q = 1); on error *key is unusable. The scratch is zeroed
 * before returning (it held products of the secrets). */
CY_API int cy_rsa_init(cy_rsa_key *key, cy_limb *storage, const cy_limb *N, size_t n,
                       const cy_limb *e, size_t en, const cy_limb *p, const cy_limb *q,
                       const cy_limb *dp, const cy_limb *dq, const cy_limb *qinv,
                       cy_limb *scratch);

/* Scratch limbs for cy_rsa_private and cy_rsa_public with an n-limb modulus. */
CY_API size_t cy_rsa_private_itch(size_t n);

/* {out, n} = in^d mod N, the RSA private-key operation (RSADP / RSASP1 of RFC 8017, 5.1.2 and
 * 5.2.1, without padding), for in < N:
 *  - CRT (Quisquater and Couvreur, 1982; RFC 8017 5.1.2 step 2.b): m1 = c^dp mod p,
 *    m2 = c^dq mod q, then Garner's recombination m = m2 + q (qinv (m1 - m2) mod p);
 *  - base blinding (Kocher, "Timing attacks on implementations of Diffie-Hellman, RSA, DSS, and
 *    other systems", CRYPTO 1996, section 10): with r = {blind, n}, each half exponentiates
 *    c r^e instead of c and multiplies its result by r^-1 (modulo p and modulo q: the same as
 *    blinding modulo N, by the CRT, at a quarter of the cost per product). The library has no
 *    random generator: `blind` must be n limbs drawn uniformly at random (e.g. from
 *    getrandom(2)) afresh for every call, and must not be 0 modulo p or q (then CY_ENOTINV; for
 *    random r of about N's size this has probability about 2^-(bits of p) and would reveal a
 *    factor to whoever chose r);
 *  - result check (Boneh, DeMillo, Lipton, "On the importance of checking cryptographic
 *    protocols for faults", EUROCRYPT 1997: one faulty CRT half gives a signature s with
 *    gcd(s^e - c, N) = a factor): out^e = in mod N is verified with the public key before
 *    returning; on a mismatch the result is zeroed and CY_EFAULT returned.
 * Constant time in p, q, dp, dq, qinv, in, blind and the result; the time depends on n, en and
 * the bits of e (public). out may equal in or blind; no other overlap. The scratch (which held
 * the halves and the result) is zeroed before returning.
 * Returns 0; CY_EUNREDUCED if in >= N; CY_ENOTINV if blind = 0 mod p or q; CY_EFAULT if the check
 * failed (in that order of precedence); on error out = 0. */
CY_API int cy_rsa_private(cy_limb *out, const cy_limb *in, const cy_limb *blind,
                          const cy_rsa_key *key, cy_limb *scratch);

/* {out, n} = in^e mod N, the public-key operation (RSAEP / RSAVP1 of RFC 8017), for in < N:
 * square-and-multiply over the bits of e modulo N. Constant time in in (time depends on n, en
 * and the bits of e). out may equal in. Returns 0 or CY_EUNREDUCED (in >= N; out = 0). */
CY_API int cy_rsa_public(cy_limb *out, const cy_limb *in, const cy_rsa_key *key,
                         cy_limb *scratch);

#ifdef __cplusplus
}
#endif

#endif /* CARRY_MOD_H */
