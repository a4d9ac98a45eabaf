/* Internal to the generic kernels: the add-with-carry step that x86-64 compilers keep in the
 * carry flag, and the loops of add_n/sub_n and mul_1/addmul_1/submul_1 built on it.
 * SPDX-License-Identifier: MIT
 *
 * CY__GEN_X86_CHAIN: x86-64, 64-bit limbs, gcc or clang. There the kernels use _addcarry_u64 and
 * _subborrow_u64 (x86intrin.h: plain adc/sbb, no ADX needed) in straight-line blocks, so that
 * the carry stays in CF from limb to limb inside a block; it leaves the flag (setb, add $-1) only
 * once per block, at the loop branch. Why these forms (objdump of gcc 12.2 and clang 14.0.6 at
 * -O3, and carry-bench on Zen 3; docs/carry-chains.md has the counts):
 *   - clang: _addcarry_u64, not __builtin_addcll (which carry/limb.h's cy__addc prefers): with
 *     the builtin, clang 14 splits the first add of every block into add/setb/add/setb/or
 *     (a chain of 1.5 per limb at 8 limbs a block against 1.25, 1.22 against 1.0 ticks/limb).
 *   - gcc: pointers that advance and a counter that counts down, the result written through a
 *     local of the intrinsic's own type (unsigned long long) and stored at once. Indexed as
 *     r[i + j], gcc 12 keeps the intrinsic's output in a stack slot and stores it there too
 *     (one extra store per limb) or packs the results into SSE registers; 1.6 against 1.0.
 *   - add_n/sub_n: 8 limbs per block (4: 1.1 ticks/limb, 8: 1.0 with gcc, about the adx
 *     kernels' 1.05). __builtin_add_overflow and a double-width accumulator
 *     ((unsigned __int128)a + b + c) stay at 2.3 ticks/limb or more with gcc 12, unrolled or not:
 *     gcc 12 recognises no add-with-carry idiom in plain C. (With clang, the accumulator unrolled
 *     by 4 reaches 1.34.)
 *   - mul_1/addmul_1/submul_1: 4 limbs per block (the mul instruction ties rax/rdx; 2 limbs:
 *     2.1 ticks/limb for addmul_1, 4: 1.8). The four products' high limbs join the next low
 *     limbs in one adc chain (as GMP's mul_1), and for addmul_1/submul_1 that block is then
 *     added to or subtracted from r in a second chain: a chain of about 1.5 per limb in all.
 * Elsewhere (AArch64, POWER, s390x, 32-bit limbs) the kernels keep their one-limb loops over
 * cy__addc/cy__subb: this file's forms are not used there, and those objects are unchanged
 * (docs/carry-chains.md). Not yet tried there beyond a count: with clang 14, add_n as a
 * double-width accumulator in blocks of 8 has fewer instructions per limb (AArch64 6.1 against
 * 10, ppc64le 10 against 12.5, s390x 6.6 against 13.5); its chains and gcc's code are unread. */
#ifndef CARRY_SRC_MPN_GENERIC_CHAIN_H
#define CARRY_SRC_MPN_GENERIC_CHAIN_H

#include "carry/limb.h"

#if defined(__x86_64__) && defined(__GNUC__) && CY_LIMB_BITS == 64
#  include <x86intrin.h>
#  define CY__GEN_X86_CHAIN 1

/* *s = a + b + c, c in {0, 1}; the carry out. */
CY__LIMB_INLINE unsigned char cy__gen_adc(unsigned char c, cy_limb a, cy_limb b, cy_limb *s)
{
    unsigned long long t;
    c = _addcarry_u64(c, a, b, &t);
    *s = t;
    return c;
}

/* *d = a - b - c, c in {0, 1}; the borrow out. */
CY__LIMB_INLINE unsigned char cy__gen_sbb(unsigned char c, cy_limb a, cy_limb b, cy_limb *d)
{
    unsigned long long t;
    c = _subborrow_u64(c, a, b, &t);
    *d = t;
    return c;
}

/* {r, n} = {a, n} + {b, n} (sub = 0) or - {b, n} (sub = 1); the carry or borrow out. sub is a
 * constant at each call, so the branch folds away. */
CY__LIMB_INLINE cy_limb cy__gen_addsub_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n,
                                         int sub)
{
    unsigned char c = 0;
    for (size_t k = n / 8; k > 0; k--) {
        for (int j = 0; j < 8; j++)
            c = sub ? cy__gen_sbb(c, a[j], b[j], &r[j]) : cy__gen_adc(c, a[j], b[j], &r[j]);
        a += 8;
        b += 8;
        r += 8;
    }
    for (size_t k = n % 8; k > 0; k--) {
        c = sub ? cy__gen_sbb(c, *a, *b, r) : cy__gen_adc(c, *a, *b, r);
        a++;
        b++;
        r++;
    }
    return c;
}

/* The product {a, m} * b + c into s[0..m-1], m <= 4 limbs, returning the high limb: the low limb
 * of each product and the high limb of the one before in one adc chain. The high limb returned
 * is at most B - 1: {a, m} * b + c <= (B^m - 1)(B - 1) + B - 1 < B^m * B. */
CY__LIMB_INLINE cy_limb cy__gen_mul_block(cy_limb *s, const cy_limb *a, int m, cy_limb b,
                                          cy_limb c)
{
    /* Every product first, then the chain: mul clobbers the flags, and gcc 12 does not move
     * the products out of the chain itself (it would save and restore CF around each). */
    cy_limb lo[4], hi[4];
    for (int j = 0; j < m; j++)
        lo[j] = cy__umul(a[j], b, &hi[j]);
    unsigned char f = cy__gen_adc(0, lo[0], c, &s[0]);
    for (int j = 1; j < m; j++)
        f = cy__gen_adc(f, lo[j], hi[j - 1], &s[j]);
    /* hi[m - 1] <= B - 2 (the high limb of a product of two limbs): hi + f does not wrap. */
    return hi[m - 1] + f;
}

/* One block of m limbs of the op of cy__gen_mul_1_op, carry limb c in, carry limb out. */
CY__LIMB_INLINE cy_limb cy__gen_mul_1_step(cy_limb *r, const cy_limb *a, int m, cy_limb b,
                                           cy_limb c, int op)
{
    if (op == 0)
        return cy__gen_mul_block(r, a, m, b, c);
    cy_limb s[4];
    cy_limb hi = cy__gen_mul_block(s, a, m, b, c);
    unsigned char f = 0;
    for (int j = 0; j < m; j++)
        f = op > 0 ? cy__gen_adc(f, r[j], s[j], &r[j]) : cy__gen_sbb(f, r[j], s[j], &r[j]);
    /* hi + f fits: B^m hi + {s, m} = {a, m} * b + c <= (B^m - 1)(B - 1) + B - 1
     * = B^(m+1) - B^m, so hi = B - 1 only with {s, m} = 0, which neither carries nor borrows. */
    return hi + f;
}

/* {r, n} + B^n * ret = {r, n} + {a, n} * b (op = 1), {r, n} - B^n * ret = {r, n} - {a, n} * b
 * (op = -1), or {r, n} + B^n * ret = {a, n} * b (op = 0); op is a constant at each call. Blocks
 * of 4 limbs: the product block, then (op != 0) its addition to or subtraction from r in a
 * second chain. */
CY__LIMB_INLINE cy_limb cy__gen_mul_1_op(cy_limb *r, const cy_limb *a, size_t n, cy_limb b,
                                         int op)
{
    cy_limb c = 0;
    for (size_t k = n / 4; k > 0; k--) {
        c = cy__gen_mul_1_step(r, a, 4, b, c, op);
        a += 4;
        r += 4;
    }
    for (size_t k = n % 4; k > 0; k--)
        c = cy__gen_mul_1_step(r++, a++, 1, b, c, op);
    return c;
}
#endif

#endif
