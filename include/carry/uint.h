/* carry/uint.h -- fixed-width integers: cy_u192 ... cy_u4096, cy_s256, cy_s512.
 * SPDX-License-Identifier: MIT
 *
 * Header-only, no allocation. A value is a struct of W / CY_LIMB_BITS limbs, least significant
 * first, passed and returned by value: cy_u256 x; x.l[0] is the low limb. Widths W: 192, 256, 384,
 * 512, 1024, 2048, 4096 (unsigned); 256 and 512 (signed, two's complement).
 *
 * Below, cy_uW stands for each unsigned type and cy_uW_f for cy_u192_f, cy_u256_f, ... All
 * arithmetic is modulo 2^W unless a function says otherwise. Status returns are CY_OK (0) or
 * a negative cy_err code (carry/config.h); on an error the outputs are set as documented, never
 * left undefined.
 *
 * Conversions
 *   cy_uW cy_uW_from_u64(uint64_t x); uint64_t cy_uW_to_u64(cy_uW a)          (low 64 bits)
 *   cy_uW cy_uW_from_u64x2(uint64_t hi, uint64_t lo)                        (hi * 2^64 + lo)
 *   void cy_uW_to_u64x2(uint64_t *hi, uint64_t *lo, cy_uW a)                (low 128 bits)
 *   cy_uW cy_uW_from_u128(cy_u128 x); cy_u128 cy_uW_to_u128(cy_uW a)         (low 128 bits)
 *   cy_uW cy_uW_from_be(const unsigned char p[W/8]); void cy_uW_to_be(unsigned char p[W/8], cy_uW)
 *   cy_uW cy_uW_from_le(...); void cy_uW_to_le(...)             (exactly W/8 bytes, big/little end)
 *   int cy_uW_from_hex(cy_uW *r, const char *s)  optional 0x/0X, then one or more hex digits
 *   int cy_uW_from_dec(cy_uW *r, const char *s)  one or more decimal digits
 *       -> CY_EEMPTY (no digits), CY_EDIGIT (a bad character), CY_ERANGE (value >= 2^W); *r = 0
 *   size_t cy_uW_to_hex(char buf[CY_UINT_HEX_SIZE(W)], cy_uW a)   lowercase, no prefix or leading 0
 *   size_t cy_uW_to_dec(char buf[CY_UINT_DEC_SIZE(W)], cy_uW a)   both NUL-terminate, return length
 * Comparison
 *   int cy_uW_cmp(a, b) -> -1, 0, 1;  int cy_uW_eq(a, b), cy_uW_lt(a, b), cy_uW_is_zero(a)
 * Addition and subtraction
 *   cy_uW cy_uW_add(a, b), cy_uW_sub(a, b), cy_uW_neg(a)                         (wrapping)
 *   unsigned cy_uW_addc(cy_uW *r, a, b, unsigned cin)   r = a + b + cin, returns the carry (0/1)
 *   unsigned cy_uW_subb(cy_uW *r, a, b, unsigned bin)   r = a - b - bin, returns the borrow
 *   int cy_uW_add_checked(cy_uW *r, a, b), cy_uW_sub_checked(...)  CY_ERANGE when the
 *       exact result is outside [0, 2^W); *r is the wrapped result
 *   cy_uW cy_uW_add_sat(a, b) (2^W - 1 on overflow), cy_uW_sub_sat(a, b) (0 on underflow)
 * Multiplication
 *   cy_uW cy_uW_mul(a, b)                                  a * b mod 2^W
 *   void cy_uW_mul_wide(cy_uW *hi, cy_uW *lo, a, b)        a * b = hi * 2^W + lo exactly
 *   cy_uW cy_uW_mul_u64(cy_uW a, uint64_t b, uint64_t *hi) low W bits; *hi = a * b >> W (hi may
 *                                                          be NULL)
 *   cy_uW cy_uW_sqr(a); void cy_uW_sqr_wide(cy_uW *hi, cy_uW *lo, a)
 * Division (variable time); q or r may be NULL
 *   int cy_uW_divrem_vartime(cy_uW *q, cy_uW *r, a, b)   q = floor(a / b), r = a mod b
 *   int cy_uW_mod_vartime(cy_uW *r, a, b)
 *   int cy_uW_divrem_u64_vartime(cy_uW *q, uint64_t *r, a, uint64_t d)   one-limb fast path
 *       -> CY_EDIVZERO when the divisor is 0 (q and r then 0)
 * Bits
 *   cy_uW_and, _or, _xor (a, b); cy_uW_not(a)
 *   cy_uW cy_uW_shl(a, unsigned k), cy_uW_shr(a, k)   any k; 0 when k >= W
 *   cy_uW cy_uW_rotl(a, k), cy_uW_rotr(a, k)          any k (taken mod W)
 *   unsigned cy_uW_clz(a), cy_uW_ctz(a)               W for a = 0
 *   unsigned cy_uW_popcount(a), cy_uW_bit_length(a)   bit_length(0) = 0
 * Modular (variable time; m = 0 gives CY_EDIVZERO and *r = 0; a, b need not be reduced)
 *   int cy_uW_addmod_vartime(cy_uW *r, a, b, m)   (a + b) mod m, with the exact W+1-bit sum
 *   int cy_uW_submod_vartime(cy_uW *r, a, b, m)   (a - b) mod m, in [0, m)
 *   int cy_uW_mulmod_vartime(cy_uW *r, a, b, m)   (a * b) mod m, through the exact 2W-bit product
 *   int cy_uW_powmod_vartime(cy_uW *r, a, e, m)   a^e mod m (0^0 = 1 mod m)
 *   int cy_uW_muldiv_vartime(cy_uW *q, a, b, c)   floor(a * b / c) with the exact 2W-bit product;
 *       CY_ERANGE when the quotient is >= 2^W (*q = the quotient mod 2^W),
 *       CY_EDIVZERO when c = 0 (*q = 0)
 *
 * Signed cy_sW (W = 256, 512), two's complement in W bits:
 *   cy_sW cy_sW_from_i64(int64_t); int64_t cy_sW_to_i64(a) (low 64 bits, wrapping)
 *   cy_sW cy_sW_from_u(cy_uW); cy_uW cy_sW_to_u(cy_sW)   reinterpret the bits
 *   int cy_sW_is_neg(a); cy_uW cy_sW_abs(a) (exact, also for -2^(W-1)); cy_sW cy_sW_neg(a)
 *   int cy_sW_cmp(a, b), cy_sW_eq, cy_sW_lt
 *   cy_sW cy_sW_add(a, b), cy_sW_sub, cy_sW_mul                      (wrapping)
 *   int cy_sW_add_checked(cy_sW *r, a, b), _sub_checked, _mul_checked  CY_ERANGE when the
 *       exact result is outside [-2^(W-1), 2^(W-1)); *r is the wrapped result
 *   int cy_sW_div_trunc_vartime(cy_sW *q, cy_sW *r, a, b)  q rounded toward 0, r has a's sign
 *   int cy_sW_div_floor_vartime(cy_sW *q, cy_sW *r, a, b)  q rounded toward -inf, r has b's sign
 *       -> CY_EDIVZERO (q = r = 0); CY_ERANGE for -2^(W-1) / -1 (q = -2^(W-1), r = 0)
 *   int cy_sW_from_dec(cy_sW *r, const char *s)  optional sign, then digits; errors as unsigned
 *   size_t cy_sW_to_dec(char buf[CY_UINT_DEC_SIZE(W) + 1], a)
 *   cy_s512 cy_s512_from_s256(cy_s256 a)              sign extension
 *   int cy_s256_from_s512(cy_s256 *r, cy_s512 a)      CY_ERANGE if a does not fit
 *                                                     (*r = the low 256 bits)
 *
 * Timing: the arithmetic whose time depends on the values says so in its name (_vartime: division,
 * the modular helpers, muldiv, signed division). Comparison (cmp, eq), clz, ctz, bit_length, the
 * checked operations and the string conversions are variable time too, as mpn's comparisons and
 * conversions; everything else runs in time that depends on W (and a shift count) only.
 *
 * Speed: add, sub, compare, shifts and the bitwise operations are branch-free loops that unroll;
 * multiplication is schoolbook (squaring about half the limb products) on the compiler's double-
 * width product. On x86-64 with 64-bit limbs, the 256-bit full product uses mulq inline assembly,
 * and the 256-bit full product and square use mulx/adcx/adox inline assembly when the compiler
 * targets BMI2 and ADX (-march=native on such a CPU, or -mbmi2 -madx); unoptimised builds (-O0)
 * and CY_UINT_NO_ASM use the portable C everywhere. Division is Knuth's algorithm D (TAOCP vol. 2,
 * 4.3.1), each quotient limb the 3-by-2 quotient of the top remainder limbs by the top two divisor
 * limbs through their reciprocal (Moller and Granlund 2011), specialised per divisor length in
 * types of up to 8 limbs; see docs/uint.md.
 */
#ifndef CARRY_UINT_H
#define CARRY_UINT_H

#include "config.h"
#include "u128.h"

/* Buffer sizes with the NUL: decimal digits of 2^W - 1 are floor(W log10 2) + 1, and
 * 30103 / 100000 > log10 2, so the bound is never short. */
#define CY_UINT_DEC_SIZE(bits) ((bits) * 30103 / 100000 + 2)
#define CY_UINT_HEX_SIZE(bits) ((bits) / 4 + 1)

#define CY__CAT_(a, b) a##b
#define CY__CAT(a, b) CY__CAT_(a, b)
#define CY__CAT3_(a, b, c) a##b##c
#define CY__CAT3(a, b, c) CY__CAT3_(a, b, c)

#include "uint_impl.h"
#include "uint_x86_64.h"

/* Decimal conversion works in chunks of the largest power of ten below B, dividing by it with the
 * constant reciprocal floor((B^2 - 1) / (base << shift)) - B (cy__invert_limb, carry/limb.h). */
#if CY_LIMB_BITS == 64
#  define CY__DEC_DIGITS 19
#  define CY__DEC_BASE ((cy_limb)10000000000000000000u)
#  define CY__DEC_SHIFT 0
#  define CY__DEC_RECIP ((cy_limb)0xd83c94fb6d2ac34au)
#else
#  define CY__DEC_DIGITS 9
#  define CY__DEC_BASE ((cy_limb)1000000000u)
#  define CY__DEC_SHIFT 2
#  define CY__DEC_RECIP ((cy_limb)0x12e0be82u)
#endif

CY__AI int cy__u_hexval(char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    if (c >= 'A' && c <= 'F')
        return c - 'A' + 10;
    return -1;
}

#define CY__W 192
#include "uint_tmpl.h"
#define CY__W 256
#include "uint_tmpl.h"
#define CY__W 384
#include "uint_tmpl.h"
#define CY__W 512
#include "uint_tmpl.h"
#define CY__W 1024
#include "uint_tmpl.h"
#define CY__W 2048
#include "uint_tmpl.h"
#define CY__W 4096
#include "uint_tmpl.h"

#define CY__W 256
#include "sint_tmpl.h"
#define CY__W 512
#include "sint_tmpl.h"

CY__AI cy_s512 cy_s512_from_s256(cy_s256 a)
{
    cy_s512 r;
    const int n = 256 / CY_LIMB_BITS;
    cy_limb ext = cy_s256_is_neg(a) ? CY_LIMB_MAX : 0;
    for (int i = 0; i < n; i++) {
        r.l[i] = a.l[i];
        r.l[n + i] = ext;
    }
    return r;
}

/* Fits when the high half is the sign extension of the low half. */
CY__AI int cy_s256_from_s512(cy_s256 *r, cy_s512 a)
{
    const int n = 256 / CY_LIMB_BITS;
    for (int i = 0; i < n; i++)
        r->l[i] = a.l[i];
    cy_limb ext = cy_s256_is_neg(*r) ? CY_LIMB_MAX : 0;
    for (int i = 0; i < n; i++)
        if (a.l[n + i] != ext)
            return CY_ERANGE;
    return CY_OK;
}

#endif /* CARRY_UINT_H */
