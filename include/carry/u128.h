/* carry/u128.h -- portable 128-bit integer arithmetic, header-only.
 *
 * SPDX-License-Identifier: MIT
 *
 * Self-contained: includes only <stdbool.h>, <stddef.h> and <stdint.h>, and may be copied out of
 * carry on its own. Every function is `static inline`; names are cy_u128_*, cy_s128_*, CY_U128_*,
 * plus the Linux-kernel style helpers cy_mul_u64_u64_div_u64() & co. and the PTP helpers.
 *
 * Types. cy_u128 is a natural number in [0, 2^128), cy_s128 an integer in [-2^127, 2^127) in two's
 * complement; both are a struct of two uint64_t halves, value = hi * 2^64 + lo (for cy_s128 the
 * bit pattern is read as two's complement). On the x86-64 and AArch64 ABIs such a struct travels in
 * the same two registers as `unsigned __int128`, so the native backend converts at no cost.
 *
 * Backends. CY_U128_BACKEND selects how the core operations (add, sub, compare, the 64x64
 * product, the low product, division) are done; everything else is written once on top of them:
 *   CY_U128_NATIVE   (1) the compiler's unsigned __int128; on x86-64, u128 / u64 uses the `div`
 *                        instruction (one when the quotient fits in 64 bits, else two) instead
 *                        of libgcc's __udivti3. Default where __SIZEOF_INT128__ is defined
 *                        (unless CY_NO_INT128 is, as in carry's own no-__int128 build).
 *   CY_U128_HALVES   (2) two 64-bit halves: the high half of a 64x64 product from four
 *                        32x32 -> 64 products, 128 / 64 division by Knuth's algorithm D on
 *                        32-bit half-words, 128 / 128 by algorithm D with 64-bit digits (shared
 *                        with the native backend). Default on 64-bit targets without __int128.
 *   CY_U128_DIGITS32 (3) 32-bit words throughout division: by a 64-bit divisor, Moller-Granlund
 *                        3-by-2 steps (one 64 / 32 division per call, for the reciprocal);
 *                        by a longer one, Knuth's algorithm D on up to four 32-bit digits (only
 *                        64 / 32 divisions); products as in (2). Default on 32-bit targets.
 * Define CY_U128_BACKEND to 1, 2 or 3 before including this header to force one (tests and
 * benchmarks compile the header once per backend). Results are identical on every backend.
 *
 * Error model. Nothing here traps or has undefined behaviour for any argument value. Operations
 * that can fail (division by zero, a quotient that does not fit its result type, an operand out
 * of its documented range) return a documented value and report the failure through a last
 * parameter `bool *err`: if err is not NULL, *err is set to true on failure and left unchanged on
 * success, so one flag initialised to false collects the failures of a sequence of calls.
 * Division by zero gives the all-ones quotient (2^128 - 1, or -1 for signed) and remainder 0.
 * Parsing returns 0 (CY_OK) or a negative code of carry/config.h's cy_err: CY_EEMPTY, CY_EDIGIT
 * or CY_ERANGE (this header keeps a private copy of those values as CY__U128_E*).
 *
 * Timing: variable time (division and the helpers built on it branch on the values).
 *
 * References: D. E. Knuth, The Art of Computer Programming vol. 2, 3rd ed., 4.3.1 (algorithms M
 * and D); H. S. Warren, Hacker's Delight, 2nd ed., 8-2 (mulhu) and 9-4 (divlu); N. Moller and
 * T. Granlund, "Improved division by invariant integers", IEEE Trans. Computers 60(2), 2011
 * (division by a reciprocal: cy_u128_divrem_u64_pi, and u128 / u64 on CY_U128_DIGITS32).
 */
#ifndef CARRY_U128_H
#define CARRY_U128_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CY_U128_NATIVE 1
#define CY_U128_HALVES 2
#define CY_U128_DIGITS32 3

#ifndef CY_U128_BACKEND
#  if defined(__SIZEOF_INT128__) && !defined(CY_NO_INT128)
#    define CY_U128_BACKEND CY_U128_NATIVE
#  elif UINTPTR_MAX > 0xffffffffu
#    define CY_U128_BACKEND CY_U128_HALVES
#  else
#    define CY_U128_BACKEND CY_U128_DIGITS32
#  endif
#endif
#if CY_U128_BACKEND == CY_U128_NATIVE && !defined(__SIZEOF_INT128__)
#  error "CY_U128_BACKEND=CY_U128_NATIVE needs a compiler with unsigned __int128"
#endif
#if CY_U128_BACKEND < 1 || CY_U128_BACKEND > 3
#  error "CY_U128_BACKEND must be 1 (native), 2 (halves) or 3 (digits32)"
#endif

/* ---- Types, construction, access ----------------------------------------------------------- */

typedef struct {
    uint64_t lo, hi;
} cy_u128;

typedef struct {
    uint64_t lo, hi; /* hi holds the top 64 bits of the two's complement pattern */
} cy_s128;

/* Constant initialisers, usable in static data: cy_u128 x = CY_U128_INIT(hi, lo);
 * value hi * 2^64 + lo; for CY_S128_INIT, hi is the signed top half (two's complement). */
#define CY_U128_INIT(hi, lo) { (uint64_t)(lo), (uint64_t)(hi) }
#define CY_S128_INIT(hi, lo) { (uint64_t)(lo), (uint64_t)(int64_t)(hi) }
#define CY_U128_MAX_INIT CY_U128_INIT(UINT64_MAX, UINT64_MAX)

/* Buffer sizes for the string conversions, the terminating NUL included:
 * 2^128 - 1 has 39 decimal and 32 hex digits; -2^127 has 39 digits and a sign. */
#define CY_U128_DEC_SIZE 40
#define CY_U128_HEX_SIZE 33
#define CY_S128_DEC_SIZE 41
#define CY_S128_HEX_SIZE 34

/* hi * 2^64 + lo. */
static inline cy_u128 cy_u128_make(uint64_t hi, uint64_t lo)
{
    cy_u128 r;
    r.lo = lo;
    r.hi = hi;
    return r;
}

/* x, for x in [0, 2^64). */
static inline cy_u128 cy_u128_from_u64(uint64_t x)
{
    return cy_u128_make(0, x);
}

/* floor(a / 2^64) and a mod 2^64. */
static inline uint64_t cy_u128_hi(cy_u128 a) { return a.hi; }
static inline uint64_t cy_u128_lo(cy_u128 a) { return a.lo; }

/* hi * 2^64 + lo, hi signed: the value is in [-2^127, 2^127). */
static inline cy_s128 cy_s128_make(int64_t hi, uint64_t lo)
{
    cy_s128 r;
    r.lo = lo;
    r.hi = (uint64_t)hi;
    return r;
}

/* x, for x in [-2^63, 2^63). */
static inline cy_s128 cy_s128_from_s64(int64_t x)
{
    return cy_s128_make(x < 0 ? -1 : 0, (uint64_t)x);
}

/* floor(a / 2^64) (signed) and a mod 2^64. */
static inline int64_t cy_s128_hi(cy_s128 a)
{
    /* two's complement reinterpretation without implementation-defined conversion */
    return a.hi >> 63 ? -(int64_t)(~a.hi) - 1 : (int64_t)a.hi;
}
static inline uint64_t cy_s128_lo(cy_s128 a) { return a.lo; }

/* Reinterpretation between signed and unsigned: the same 128 bits (a mod 2^128 either way). */
static inline cy_s128 cy_s128_from_u128(cy_u128 a)
{
    cy_s128 r;
    r.lo = a.lo;
    r.hi = a.hi;
    return r;
}
static inline cy_u128 cy_u128_from_s128(cy_s128 a)
{
    return cy_u128_make(a.hi, a.lo);
}

#ifdef __SIZEOF_INT128__
/* Conversions to and from the compiler's 128-bit types (where they exist, on every backend);
 * they compile to nothing on the usual ABIs. */
__extension__ typedef unsigned __int128 cy_u128_native;
__extension__ typedef __int128 cy_s128_native;

#  if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
/* Same bytes as the struct {lo, hi}: reinterpreting through a union (defined in C11, 6.5.2.3)
 * lets the compiler keep the value in memory operands, as it does for plain __int128 code. */
typedef union {
    cy_u128 s;
    cy_u128_native n;
} cy__u128_pun;
static inline cy_u128 cy_u128_from_native(cy_u128_native x)
{
    cy__u128_pun u;
    u.n = x;
    return u.s;
}
static inline cy_u128_native cy_u128_to_native(cy_u128 a)
{
    cy__u128_pun u;
    u.s = a;
    return u.n;
}
#  else
static inline cy_u128 cy_u128_from_native(cy_u128_native x)
{
    return cy_u128_make((uint64_t)(x >> 64), (uint64_t)x);
}
static inline cy_u128_native cy_u128_to_native(cy_u128 a)
{
    return ((cy_u128_native)a.hi << 64) | a.lo;
}
#  endif
static inline cy_s128 cy_s128_from_native(cy_s128_native x)
{
    return cy_s128_from_u128(cy_u128_from_native((cy_u128_native)x));
}
/* The conversion to the signed type is the two's complement reinterpretation (GCC and clang
 * define the conversion of an out-of-range unsigned value that way). */
static inline cy_s128_native cy_s128_to_native(cy_s128 a)
{
    return (cy_s128_native)cy_u128_to_native(cy_u128_from_s128(a));
}
#endif

/* ---- Internal helpers on 64-bit words (backend-independent) --------------------------------- */

/* Tests define CY__U128_COVER(id) to count how often each rare correction branch of the divisions
 * runs (and fail if a branch is never reached); it is empty otherwise. */
#ifndef CY__U128_COVER
#  define CY__U128_COVER(id) ((void)0)
#endif

/* Reports a failure through the error flag (see the error model above). */
static inline void cy__u128_fail(bool *err)
{
    if (err)
        *err = true;
}

/* Leading and trailing zero bits of a non-zero x (0..63); the 0 case is handled by callers. */
static inline unsigned cy__u128_clz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_clzll(x);
#else
    unsigned n = 0;
    for (uint64_t m = (uint64_t)1 << 63; !(x & m); m >>= 1)
        n++;
    return n;
#endif
}
static inline unsigned cy__u128_ctz64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_ctzll(x);
#else
    unsigned n = 0;
    for (; !(x & 1); x >>= 1)
        n++;
    return n;
#endif
}
static inline unsigned cy__u128_popcount64(uint64_t x)
{
#if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_popcountll(x);
#else
    /* Hacker's Delight 5-1: sum bits in 2-, 4-, 8-bit fields, then bytes by a multiply */
    x -= (x >> 1) & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + ((x >> 2) & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (unsigned)((x * 0x0101010101010101u) >> 56);
#endif
}

/* ---- Core operations: the only code that differs between backends --------------------------
 *
 * cy__u128_add/sub   a + b, a - b mod 2^128
 * cy__u128_lt        a < b
 * cy__u128_mul       a * b mod 2^128
 * cy__u128_mul64     a * b for 64-bit a, b (exact, < 2^128)
 * cy__u128_div_2by1  floor((hi * 2^64 + lo) / d) and the remainder, for hi < d (so d != 0 and
 *                    the quotient fits in 64 bits)
 * cy__u128_divrem_nz floor(a / b), a mod b, for b != 0
 */

/* The common end of the Moller-Granlund division steps (algorithms 4 and 5): rr is the remainder
 * left by the candidate quotient q + 1, reduced mod the word size of the step, and over (0 or 1)
 * says that the candidate was one too large. Adds d back when over, subtracts d once more in the
 * rare case the remainder is still >= d (the candidate was one too small, counted by
 * CY__U128_COVER(2)), stores the remainder (< d) in *r and returns what to add to the candidate:
 * 0 - over or 1, reduced mod the word size by the caller. */
static inline uint64_t cy__u128_mg_fix(uint64_t rr, uint64_t over, uint64_t d, uint64_t *r)
{
    rr += d & ((uint64_t)0 - over);
    uint64_t up = 0;
    if (rr >= d) {
        CY__U128_COVER(2);
        up = 1;
        rr -= d;
    }
    *r = rr;
    return up - over;
}

#if CY_U128_BACKEND == CY_U128_NATIVE

static inline cy_u128 cy__u128_add(cy_u128 a, cy_u128 b)
{
    return cy_u128_from_native(cy_u128_to_native(a) + cy_u128_to_native(b));
}
static inline cy_u128 cy__u128_sub(cy_u128 a, cy_u128 b)
{
    return cy_u128_from_native(cy_u128_to_native(a) - cy_u128_to_native(b));
}
static inline bool cy__u128_lt(cy_u128 a, cy_u128 b)
{
    return cy_u128_to_native(a) < cy_u128_to_native(b);
}
static inline cy_u128 cy__u128_mul(cy_u128 a, cy_u128 b)
{
    return cy_u128_from_native(cy_u128_to_native(a) * cy_u128_to_native(b));
}
static inline cy_u128 cy__u128_mul64(uint64_t a, uint64_t b)
{
    return cy_u128_from_native((cy_u128_native)a * b);
}
static inline uint64_t cy__u128_div_2by1(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *r)
{
#  if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    /* DIV r/m64 divides RDX:RAX by the operand (Intel SDM vol. 2, DIV); it faults when the
     * quotient does not fit in 64 bits, which hi < d (the caller's precondition) excludes. */
    uint64_t q, rem;
    __asm__("divq %4" : "=a"(q), "=d"(rem) : "a"(lo), "d"(hi), "rm"(d) : "cc");
    *r = rem;
    return q;
#  else
    cy_u128_native n = ((cy_u128_native)hi << 64) | lo;
    *r = (uint64_t)(n % d);
    return (uint64_t)(n / d);
#  endif
}

#else /* CY_U128_HALVES, CY_U128_DIGITS32: two 64-bit halves */

static inline cy_u128 cy__u128_add(cy_u128 a, cy_u128 b)
{
    uint64_t lo = a.lo + b.lo;
    return cy_u128_make(a.hi + b.hi + (lo < a.lo), lo);
}
static inline cy_u128 cy__u128_sub(cy_u128 a, cy_u128 b)
{
    return cy_u128_make(a.hi - b.hi - (a.lo < b.lo), a.lo - b.lo);
}
static inline bool cy__u128_lt(cy_u128 a, cy_u128 b)
{
    return a.hi < b.hi || (a.hi == b.hi && a.lo < b.lo);
}
/* Knuth's algorithm M on 32-bit digits, 2 x 2 digits, for the high half (Hacker's Delight 8-2,
 * mulhu); the low half is the machine's 64-bit product. Every partial sum stays below 2^64:
 * (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1. */
static inline cy_u128 cy__u128_mul64(uint64_t a, uint64_t b)
{
    uint64_t a0 = (uint32_t)a, a1 = a >> 32, b0 = (uint32_t)b, b1 = b >> 32;
    uint64_t t = a1 * b0 + ((a0 * b0) >> 32);
    uint64_t w1 = (uint32_t)t + a0 * b1;
    return cy_u128_make(a1 * b1 + (t >> 32) + (w1 >> 32), a * b);
}
/* Low 128 bits: a.lo * b.lo in full, the cross products mod 2^64 (a.hi * b.hi is all above). */
static inline cy_u128 cy__u128_mul(cy_u128 a, cy_u128 b)
{
    cy_u128 p = cy__u128_mul64(a.lo, b.lo);
    p.hi += a.lo * b.hi + a.hi * b.lo;
    return p;
}

#  if CY_U128_BACKEND == CY_U128_HALVES
/* One step of Knuth's algorithm D with base 2^32 and the normalised 2-digit divisor d (top bit
 * set): divides the 3-digit number top * 2^32 + u0 (with top < d) by d, returns the quotient
 * digit in *q and the remainder (< d). The estimate from the top two digits is at most 2 too
 * large (Knuth, Theorem 4.3.1B); the D3 test with the second divisor digit removes nearly every
 * excess and the final product check is exact because the remainder is computed mod 2^64. */
static inline uint64_t cy__u128_div_step(uint64_t top, uint64_t u0, uint64_t d, uint64_t *q)
{
    uint64_t d1 = d >> 32, d0 = (uint32_t)d;
    uint64_t qh = top / d1, rh = top - qh * d1;
    while ((qh >> 32) != 0 || qh * d0 > ((rh << 32) | u0)) {
        CY__U128_COVER(0);
        qh--;
        rh += d1;
        if ((rh >> 32) != 0)
            break;
    }
    *q = qh;
    return ((top << 32) | u0) - qh * d; /* true remainder < d < 2^64: exact mod 2^64 */
}
static inline uint64_t cy__u128_div_2by1(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *r)
{
    /* Normalise (Knuth D1) so that d has its top bit set; hi < d keeps the shifted top < d. */
    unsigned s = cy__u128_clz64(d);
    d <<= s;
    uint64_t top = s ? (hi << s) | (lo >> (64 - s)) : hi;
    lo <<= s;
    uint64_t q1, q0;
    top = cy__u128_div_step(top, lo >> 32, d, &q1);
    top = cy__u128_div_step(top, (uint32_t)lo, d, &q0);
    *r = top >> s;
    return (q1 << 32) | q0;
}
#  else /* CY_U128_DIGITS32 */
/* Knuth's algorithm D on 32-bit digits, least significant first: u has m digits, v has n digits
 * with v[n - 1] != 0, 1 <= n <= m <= 4. Writes the m - n + 1 quotient digits to q and the n
 * remainder digits to r. Only 32 x 32 -> 64 products and 64 / 32 divisions are used. */
static inline void cy__u128_knuth_d(uint32_t *q, uint32_t *r, const uint32_t *u, int m,
                                    const uint32_t *v, int n)
{
    if (n == 1) { /* short division (Knuth 4.3.1, exercise 16) */
        uint64_t rem = 0;
        for (int i = m - 1; i >= 0; i--) {
            uint64_t t = (rem << 32) | u[i];
            q[i] = (uint32_t)(t / v[0]);
            rem = t % v[0];
        }
        r[0] = (uint32_t)rem;
        return;
    }
    /* D1: shift so that the top divisor digit has its top bit set (s in 0..31). */
    uint32_t un[5], vn[4];
    unsigned s = cy__u128_clz64(v[n - 1]) - 32;
    for (int i = n - 1; i > 0; i--)
        vn[i] = (v[i] << s) | (s ? v[i - 1] >> (32 - s) : 0);
    vn[0] = v[0] << s;
    un[m] = s ? u[m - 1] >> (32 - s) : 0;
    for (int i = m - 1; i > 0; i--)
        un[i] = (u[i] << s) | (s ? u[i - 1] >> (32 - s) : 0);
    un[0] = u[0] << s;
    for (int j = m - n; j >= 0; j--) {
        /* D3: estimate from the top two digits; after the test on vn[n - 2] the estimate is the
         * true digit or one too large (Knuth, exercise 4.3.1-20). */
        uint64_t top = ((uint64_t)un[j + n] << 32) | un[j + n - 1];
        uint64_t qh = top / vn[n - 1], rh = top % vn[n - 1];
        while ((qh >> 32) != 0 || qh * vn[n - 2] > ((rh << 32) | un[j + n - 2])) {
            CY__U128_COVER(0);
            qh--;
            rh += vn[n - 1];
            if ((rh >> 32) != 0)
                break;
        }
        /* D4: un[j .. j + n] -= qh * vn, digit by digit with a product carry k and a borrow b. */
        uint64_t k = 0, b = 0;
        for (int i = 0; i < n; i++) {
            uint64_t p = qh * vn[i] + k; /* <= (2^32 - 1)^2 + 2^32 - 1 < 2^64 */
            k = p >> 32;
            uint64_t t = (uint64_t)un[i + j] - (uint32_t)p - b;
            un[i + j] = (uint32_t)t;
            b = t >> 63; /* 1 if the digit subtraction wrapped */
        }
        uint64_t t = (uint64_t)un[j + n] - k - b;
        un[j + n] = (uint32_t)t;
        if (t >> 63) { /* D6: the estimate was one too large (rare): add the divisor back */
            CY__U128_COVER(1);
            qh--;
            uint64_t c = 0;
            for (int i = 0; i < n; i++) {
                uint64_t sum = (uint64_t)un[i + j] + vn[i] + c;
                un[i + j] = (uint32_t)sum;
                c = sum >> 32;
            }
            un[j + n] += (uint32_t)c;
        }
        q[j] = (uint32_t)qh;
    }
    /* D8: unnormalise the remainder. */
    for (int i = 0; i < n; i++)
        r[i] = (un[i] >> s) | (s ? un[i + 1] << (32 - s) : 0);
}
static inline void cy__u128_to_digits(uint32_t d[4], cy_u128 a)
{
    d[0] = (uint32_t)a.lo;
    d[1] = (uint32_t)(a.lo >> 32);
    d[2] = (uint32_t)a.hi;
    d[3] = (uint32_t)(a.hi >> 32);
}
static inline cy_u128 cy__u128_from_digits(const uint32_t d[4])
{
    return cy_u128_make(((uint64_t)d[3] << 32) | d[2], ((uint64_t)d[1] << 32) | d[0]);
}
static inline int cy__u128_ndigits(const uint32_t d[4])
{
    int n = 4;
    while (n > 0 && d[n - 1] == 0)
        n--;
    return n;
}
/* Division by a 64-bit divisor with 32-bit words and a precomputed reciprocal (N. Moller and
 * T. Granlund, "Improved division by invariant integers", IEEE Trans. Computers 60(2), 2011:
 * section 4, the 3-by-2 division, algorithms 5 and 6), written with B = 2^32 so that a
 * two-word value is a uint64_t. Each quotient digit costs three 32 x 32 -> 64 products and no
 * division; Knuth's algorithm D above pays a 64 / 32 division per digit, which a 32-bit target
 * has no instruction for (a call to libgcc's __udivdi3 on i386). */

/* floor((B^2 - 1) / d) - B for d in [B/2, B): the numerator's top word ~d is below d, so the
 * quotient fits in 32 bits. One DIVL on i386 (Intel SDM vol. 2, DIV: EDX:EAX / r/m32, no fault
 * as EDX < the divisor); elsewhere the compiler's 64 / 32 division. */
static inline uint32_t cy__u128_recip32(uint32_t d)
{
#  if defined(__i386__) && (defined(__GNUC__) || defined(__clang__))
    uint32_t q, r;
    __asm__("divl %4" : "=a"(q), "=d"(r) : "a"(UINT32_MAX), "d"(~d), "rm"(d) : "cc");
    (void)r;
    return q;
#  else
    return (uint32_t)((((uint64_t)~d << 32) | UINT32_MAX) / d);
#  endif
}
/* The 3-by-2 reciprocal v = floor((B^3 - 1) / d) - B of a normalised two-word d (top bit set),
 * from the reciprocal of its top word (Moller-Granlund algorithm 6): floor((B^2 - 1) / d1) - B is
 * v or a little more (taking d0 into account can only lower it); the adjustments below take
 * off one for each time (B + v) d, computed from the top word down with p its running low word,
 * exceeds B^3 - 1, at most four in all. */
static inline uint32_t cy__u128_recip_3by2(uint64_t d)
{
    uint32_t d1 = (uint32_t)(d >> 32), d0 = (uint32_t)d;
    uint32_t v = cy__u128_recip32(d1);
    /* The conditions below are about as likely as not for random d: computed as masks, not
     * branches (a mispredicted branch costs more than the arithmetic). */
    uint32_t p = d1 * v + d0;             /* (B + v) d1 + d0 - B^2, mod B */
    uint32_t c1 = p < d0;                 /* it wrapped: (B + v) d1 + d0 >= B^2, v is too large */
    uint32_t c2 = c1 & (p >= d1);         /* and once more */
    v -= c1 + c2;
    p -= (d1 & (0 - c1)) + (d1 & (0 - c2));
    uint64_t t = (uint64_t)v * d0;        /* add the high word of v d0 */
    uint32_t t1 = (uint32_t)(t >> 32);
    p += t1;
    uint32_t c3 = p < t1;                 /* wrapped: v is too large */
    uint32_t c4 = c3 & ((((uint64_t)p << 32) | (uint32_t)t) >= d);
    return v - c3 - c4;
}
/* clz of a non-zero 64-bit x from the count of one 32-bit word, chosen without a branch (a
 * divisor below 2^32 is as likely as not in a mix; __builtin_clzll branches on it on i386). */
static inline unsigned cy__u128_clz64_w32(uint64_t x)
{
    uint32_t h = (uint32_t)(x >> 32);
    uint32_t z = h == 0;
    uint32_t w = z ? (uint32_t)x : h;
#  if defined(__GNUC__) || defined(__clang__)
    return (unsigned)__builtin_clz(w) + 32 * z;
#  else
    return cy__u128_clz64(w) - 32 + 32 * z;
#  endif
}
/* Divides u21 * B + u0 by the normalised two-word d with v = cy__u128_recip_3by2(d), for
 * u21 < d (so the quotient fits in one word): returns the quotient, *r the remainder (< d).
 * Moller-Granlund algorithm 5: the candidate q1 + 1 from (q1 q0) = v u2 + (u2 u1) (< B^2) is at
 * most one too large (the remainder computed mod B^2 then has its top word >= q0; corrected
 * without a branch) and rarely one too small (the remainder is still >= d: the branch, counted
 * by CY__U128_COVER(2); about 3 in 100 calls on random operands with B = 2^32). */
static inline uint32_t cy__u128_div_3by2(uint64_t u21, uint32_t u0, uint64_t d, uint32_t v, uint64_t *r)
{
    uint32_t u2 = (uint32_t)(u21 >> 32), u1 = (uint32_t)u21;
    uint64_t q = (uint64_t)v * u2 + u21; /* below B^2 (MG theorem 2) */
    uint32_t q1 = (uint32_t)(q >> 32), q0 = (uint32_t)q;
    uint32_t r1 = u1 - q1 * (uint32_t)(d >> 32);
    uint64_t rr = ((((uint64_t)r1 << 32) | u0) - (uint64_t)q1 * (uint32_t)d) - d; /* mod B^2 */
    q1++;
    uint64_t over = (uint32_t)(rr >> 32) >= q0; /* q1 is one too large: add d back */
    return q1 + (uint32_t)cy__u128_mg_fix(rr, over, d, r);
}
/* floor(a / d) and a mod d for d != 0: normalise d (Knuth D1) and run 3-by-2 steps from the top
 * of a * 2^s, four when the quotient needs more than 64 bits, else two. */
static inline cy_u128 cy__u128_divrem_u64_nz(cy_u128 a, uint64_t d, uint64_t *rem)
{
    unsigned s = cy__u128_clz64_w32(d);
    bool big = a.hi >= d;
    d <<= s;
    uint32_t v = cy__u128_recip_3by2(d);
    /* a * 2^s = (top hi lo); (top hi) = a.hi * 2^s < d * 2^s unless big. The double shift is
     * defined for s = 0 (it gives 0) where a single shift by 64 - s would not be. */
    uint64_t top = (a.hi >> 1) >> (63 - s);
    uint64_t hi = (a.hi << s) | ((a.lo >> 1) >> (63 - s)), lo = a.lo << s;
    uint64_t r = hi;
    uint32_t q3 = 0, q2 = 0;
    if (big) {
        q3 = cy__u128_div_3by2(top, (uint32_t)(hi >> 32), d, v, &r);
        q2 = cy__u128_div_3by2(r, (uint32_t)hi, d, v, &r);
    }
    uint32_t q1 = cy__u128_div_3by2(r, (uint32_t)(lo >> 32), d, v, &r);
    uint32_t q0 = cy__u128_div_3by2(r, (uint32_t)lo, d, v, &r);
    *rem = r >> s;
    return cy_u128_make(((uint64_t)q3 << 32) | q2, ((uint64_t)q1 << 32) | q0);
}
static inline cy_u128 cy__u128_divrem_nz(cy_u128 a, cy_u128 b, cy_u128 *rem)
{
    if (b.hi == 0) {
        uint64_t r;
        cy_u128 q = cy__u128_divrem_u64_nz(a, b.lo, &r);
        *rem = cy_u128_make(0, r);
        return q;
    }
    uint32_t u[4], v[4], q[4] = {0, 0, 0, 0}, r[4] = {0, 0, 0, 0};
    cy__u128_to_digits(u, a);
    cy__u128_to_digits(v, b);
    int m = cy__u128_ndigits(u), n = cy__u128_ndigits(v); /* n >= 1 as b != 0 */
    if (m < n) {
        *rem = a;
        return cy_u128_make(0, 0);
    }
    cy__u128_knuth_d(q, r, u, m, v, n);
    *rem = cy__u128_from_digits(r);
    return cy__u128_from_digits(q);
}
static inline uint64_t cy__u128_div_2by1(uint64_t hi, uint64_t lo, uint64_t d, uint64_t *r)
{
    /* hi < d: two 3-by-2 steps on (hi lo) * 2^s */
    unsigned s = cy__u128_clz64_w32(d);
    d <<= s;
    uint32_t v = cy__u128_recip_3by2(d);
    uint64_t top = (hi << s) | ((lo >> 1) >> (63 - s));
    lo <<= s;
    uint32_t q1 = cy__u128_div_3by2(top, (uint32_t)(lo >> 32), d, v, &top);
    uint32_t q0 = cy__u128_div_3by2(top, (uint32_t)lo, d, v, &top);
    *r = top >> s;
    return ((uint64_t)q1 << 32) | q0;
}
#  endif
#endif

#if CY_U128_BACKEND != CY_U128_DIGITS32
/* floor(a / b), a mod b for b != 0 with 64-bit digits, on top of div_2by1 (Knuth's algorithm D
 * with base 2^64).
 * b < 2^64: division by one digit, at most two 2-by-1 steps (one when a.hi < b).
 * b >= 2^64: the quotient is one digit. Normalise by n = clz(b.hi) (D1): v = b * 2^n = (v1 v0)
 * with v1 >= 2^63 and u = a * 2^n = (u2 u1 u0) with u2 < 2^n <= v1. The estimate
 * qhat = floor((u2 u1) / v1) exceeds u / v by less than (u / (v1 B)) * (v0 / (v1 B)) + 1, B = 2^64,
 * where u / (v1 B) < 2^(n+1) and v0 / (v1 B) < 2^-63 (and v0 <= 2^63 when n = 63): so
 * qhat is q or q + 1. With a two-digit divisor the D3 test qhat * v0 > (rhat u0) is exactly
 * qhat * v > u, so one conditional decrement gives q. The 2-by-1 quotient has at most n + 1
 * bits, which keeps dividers with an early exit fast. */
static inline cy_u128 cy__u128_divrem_nz(cy_u128 a, cy_u128 b, cy_u128 *rem)
{
    uint64_t r;
    if (b.hi == 0) {
        uint64_t qhi = 0, top = a.hi;
        if (a.hi >= b.lo) {
            qhi = a.hi / b.lo;
            top = a.hi % b.lo;
        }
        uint64_t qlo = cy__u128_div_2by1(top, a.lo, b.lo, &r);
        *rem = cy_u128_make(0, r);
        return cy_u128_make(qhi, qlo);
    }
    unsigned n = cy__u128_clz64(b.hi);
    uint64_t q;
    if (n == 0) { /* b >= 2^127: the quotient is 0 or 1 */
        q = !cy__u128_lt(a, b);
    } else {
        uint64_t v1 = (b.hi << n) | (b.lo >> (64 - n)), v0 = b.lo << n;
        uint64_t u2 = a.hi >> (64 - n), u1 = (a.hi << n) | (a.lo >> (64 - n)), u0 = a.lo << n;
        q = cy__u128_div_2by1(u2, u1, v1, &r);
        bool over = cy__u128_lt(cy_u128_make(r, u0), cy__u128_mul64(q, v0));
        if (over)
            CY__U128_COVER(1);
        q -= over;
    }
    /* q * b <= a: the low 128 bits of the product are the product */
    cy_u128 qb = cy__u128_mul64(q, b.lo);
    qb.hi += q * b.hi;
    *rem = cy__u128_sub(a, qb);
    return cy_u128_make(0, q);
}
#endif

/* ---- Comparison ---------------------------------------------------------------------------- */

/* a == b, a != b, a < b, a <= b, a > b, a >= b; cmp: -1, 0 or +1 as a <, =, > b. */
static inline bool cy_u128_eq(cy_u128 a, cy_u128 b) { return ((a.lo ^ b.lo) | (a.hi ^ b.hi)) == 0; }
static inline bool cy_u128_ne(cy_u128 a, cy_u128 b) { return !cy_u128_eq(a, b); }
static inline bool cy_u128_lt(cy_u128 a, cy_u128 b) { return cy__u128_lt(a, b); }
static inline bool cy_u128_gt(cy_u128 a, cy_u128 b) { return cy__u128_lt(b, a); }
static inline bool cy_u128_le(cy_u128 a, cy_u128 b) { return !cy__u128_lt(b, a); }
static inline bool cy_u128_ge(cy_u128 a, cy_u128 b) { return !cy__u128_lt(a, b); }
static inline int cy_u128_cmp(cy_u128 a, cy_u128 b)
{
    return (int)cy__u128_lt(b, a) - (int)cy__u128_lt(a, b);
}
/* a == 0. */
static inline bool cy_u128_is_zero(cy_u128 a) { return (a.lo | a.hi) == 0; }

/* Signed comparisons: flipping the sign bit maps [-2^127, 2^127) monotonically onto [0, 2^128). */
static inline cy_u128 cy__s128_bias(cy_s128 a) { return cy_u128_make(a.hi ^ ((uint64_t)1 << 63), a.lo); }
static inline bool cy_s128_eq(cy_s128 a, cy_s128 b) { return cy_u128_eq(cy_u128_from_s128(a), cy_u128_from_s128(b)); }
static inline bool cy_s128_ne(cy_s128 a, cy_s128 b) { return !cy_s128_eq(a, b); }
static inline bool cy_s128_lt(cy_s128 a, cy_s128 b) { return cy__u128_lt(cy__s128_bias(a), cy__s128_bias(b)); }
static inline bool cy_s128_gt(cy_s128 a, cy_s128 b) { return cy_s128_lt(b, a); }
static inline bool cy_s128_le(cy_s128 a, cy_s128 b) { return !cy_s128_lt(b, a); }
static inline bool cy_s128_ge(cy_s128 a, cy_s128 b) { return !cy_s128_lt(a, b); }
static inline int cy_s128_cmp(cy_s128 a, cy_s128 b)
{
    return (int)cy_s128_lt(b, a) - (int)cy_s128_lt(a, b);
}
/* a < 0. */
static inline bool cy_s128_is_neg(cy_s128 a) { return (a.hi >> 63) != 0; }

/* ---- Addition and subtraction --------------------------------------------------------------- */

/* a + b mod 2^128, a - b mod 2^128 (wrapping); the _u64 forms take b in [0, 2^64). */
static inline cy_u128 cy_u128_add(cy_u128 a, cy_u128 b) { return cy__u128_add(a, b); }
static inline cy_u128 cy_u128_sub(cy_u128 a, cy_u128 b) { return cy__u128_sub(a, b); }
static inline cy_u128 cy_u128_add_u64(cy_u128 a, uint64_t b) { return cy__u128_add(a, cy_u128_from_u64(b)); }
static inline cy_u128 cy_u128_sub_u64(cy_u128 a, uint64_t b) { return cy__u128_sub(a, cy_u128_from_u64(b)); }

/* a + b + cin = result + 2^128 * *cout, for cin in {0, 1} (other values are read as 1);
 * *cout is 0 or 1. */
static inline cy_u128 cy_u128_addc(cy_u128 a, cy_u128 b, unsigned cin, unsigned *cout)
{
    cy_u128 s = cy__u128_add(a, b);
    unsigned c = cy__u128_lt(s, a);
    cy_u128 t = cy__u128_add(s, cy_u128_from_u64(cin != 0));
    *cout = c | cy__u128_lt(t, s);
    return t;
}
/* a - b - bin = result - 2^128 * *bout, for bin in {0, 1} (other values are read as 1);
 * *bout is 0 or 1. */
static inline cy_u128 cy_u128_subb(cy_u128 a, cy_u128 b, unsigned bin, unsigned *bout)
{
    cy_u128 d = cy__u128_sub(a, b);
    unsigned w = cy__u128_lt(a, b);
    cy_u128 t = cy__u128_sub(d, cy_u128_from_u64(bin != 0));
    *bout = w | cy__u128_lt(d, t);
    return t;
}
/* a + b = result + 2^128 * *cout and a - b = result - 2^128 * *bout for b in [0, 2^64). */
static inline cy_u128 cy_u128_addc_u64(cy_u128 a, uint64_t b, unsigned *cout)
{
    return cy_u128_addc(a, cy_u128_from_u64(b), 0, cout);
}
static inline cy_u128 cy_u128_subb_u64(cy_u128 a, uint64_t b, unsigned *bout)
{
    return cy_u128_subb(a, cy_u128_from_u64(b), 0, bout);
}

/* Saturating: min(a + b, 2^128 - 1) and max(a - b, 0). */
static inline cy_u128 cy_u128_add_sat(cy_u128 a, cy_u128 b)
{
    cy_u128 s = cy__u128_add(a, b);
    return cy__u128_lt(s, a) ? cy_u128_make(UINT64_MAX, UINT64_MAX) : s;
}
static inline cy_u128 cy_u128_sub_sat(cy_u128 a, cy_u128 b)
{
    return cy__u128_lt(a, b) ? cy_u128_make(0, 0) : cy__u128_sub(a, b);
}
static inline cy_u128 cy_u128_add_u64_sat(cy_u128 a, uint64_t b) { return cy_u128_add_sat(a, cy_u128_from_u64(b)); }
static inline cy_u128 cy_u128_sub_u64_sat(cy_u128 a, uint64_t b) { return cy_u128_sub_sat(a, cy_u128_from_u64(b)); }

/* -a mod 2^128 (two's complement negation). */
static inline cy_u128 cy_u128_neg(cy_u128 a) { return cy__u128_sub(cy_u128_make(0, 0), a); }

/* Signed, wrapping: (a + b), (a - b), -a, reduced into [-2^127, 2^127) mod 2^128
 * (so -(-2^127) = -2^127). Defined for all operands. */
static inline cy_s128 cy_s128_add(cy_s128 a, cy_s128 b)
{
    return cy_s128_from_u128(cy__u128_add(cy_u128_from_s128(a), cy_u128_from_s128(b)));
}
static inline cy_s128 cy_s128_sub(cy_s128 a, cy_s128 b)
{
    return cy_s128_from_u128(cy__u128_sub(cy_u128_from_s128(a), cy_u128_from_s128(b)));
}
static inline cy_s128 cy_s128_neg(cy_s128 a) { return cy_s128_from_u128(cy_u128_neg(cy_u128_from_s128(a))); }

/* Overflow-checked signed addition and subtraction: a + b and a - b when the exact value lies in
 * [-2^127, 2^127); otherwise the wrapped value (as cy_s128_add, cy_s128_sub) and an error.
 * Two's complement addition overflows exactly when both addends have the same sign and the sum
 * has the other one (for a - b: a and b differ in sign and the difference differs from a). */
static inline cy_s128 cy_s128_add_checked(cy_s128 a, cy_s128 b, bool *err)
{
    cy_s128 r = cy_s128_add(a, b);
    if (((a.hi ^ r.hi) & (b.hi ^ r.hi)) >> 63)
        cy__u128_fail(err);
    return r;
}
static inline cy_s128 cy_s128_sub_checked(cy_s128 a, cy_s128 b, bool *err)
{
    cy_s128 r = cy_s128_sub(a, b);
    if (((a.hi ^ b.hi) & (a.hi ^ r.hi)) >> 63)
        cy__u128_fail(err);
    return r;
}

/* |a| as an unsigned value, exact for every a (|-2^127| = 2^127). */
static inline cy_u128 cy_s128_abs(cy_s128 a)
{
    cy_u128 u = cy_u128_from_s128(a);
    return cy_s128_is_neg(a) ? cy_u128_neg(u) : u;
}

/* ---- Logic, shifts, bit counts ------------------------------------------------------------- */

/* Bitwise a AND b, a OR b, a XOR b, NOT a (= 2^128 - 1 - a). */
static inline cy_u128 cy_u128_and(cy_u128 a, cy_u128 b) { return cy_u128_make(a.hi & b.hi, a.lo & b.lo); }
static inline cy_u128 cy_u128_or(cy_u128 a, cy_u128 b) { return cy_u128_make(a.hi | b.hi, a.lo | b.lo); }
static inline cy_u128 cy_u128_xor(cy_u128 a, cy_u128 b) { return cy_u128_make(a.hi ^ b.hi, a.lo ^ b.lo); }
static inline cy_u128 cy_u128_not(cy_u128 a) { return cy_u128_make(~a.hi, ~a.lo); }

/* a * 2^n mod 2^128 and floor(a / 2^n), for every n (n >= 128 gives 0). */
static inline cy_u128 cy_u128_shl(cy_u128 a, unsigned n)
{
    if (n >= 128)
        return cy_u128_make(0, 0);
    if (n >= 64)
        return cy_u128_make(a.lo << (n - 64), 0);
    if (n == 0)
        return a;
    return cy_u128_make((a.hi << n) | (a.lo >> (64 - n)), a.lo << n);
}
static inline cy_u128 cy_u128_shr(cy_u128 a, unsigned n)
{
    if (n >= 128)
        return cy_u128_make(0, 0);
    if (n >= 64)
        return cy_u128_make(0, a.hi >> (n - 64));
    if (n == 0)
        return a;
    return cy_u128_make(a.hi >> n, (a.lo >> n) | (a.hi << (64 - n)));
}
/* Rotations by n mod 128, for every n. */
static inline cy_u128 cy_u128_rotl(cy_u128 a, unsigned n)
{
    n &= 127;
    return n ? cy_u128_or(cy_u128_shl(a, n), cy_u128_shr(a, 128 - n)) : a;
}
static inline cy_u128 cy_u128_rotr(cy_u128 a, unsigned n)
{
    return cy_u128_rotl(a, (128 - (n & 127)) & 127);
}
/* floor(a / 2^n) for signed a (arithmetic shift), for every n: n >= 127 gives 0 or -1. */
static inline cy_s128 cy_s128_sar(cy_s128 a, unsigned n)
{
    uint64_t fill = cy_s128_is_neg(a) ? UINT64_MAX : 0;
    cy_u128 ones = cy_u128_make(fill, fill);
    if (n >= 128)
        return cy_s128_from_u128(ones);
    cy_u128 u = cy_u128_shr(cy_u128_from_s128(a), n);
    /* the n vacated top bits take the sign: ones << (128 - n) (0 when n == 0) */
    return cy_s128_from_u128(cy_u128_or(u, cy_u128_shl(ones, 128 - n)));
}

/* Leading zeros, trailing zeros (128 for a = 0), number of one bits, and the bit length
 * (the least k with a < 2^k; 0 for a = 0). */
static inline unsigned cy_u128_clz(cy_u128 a)
{
    return a.hi ? cy__u128_clz64(a.hi) : a.lo ? 64 + cy__u128_clz64(a.lo) : 128;
}
static inline unsigned cy_u128_ctz(cy_u128 a)
{
    return a.lo ? cy__u128_ctz64(a.lo) : a.hi ? 64 + cy__u128_ctz64(a.hi) : 128;
}
static inline unsigned cy_u128_popcount(cy_u128 a)
{
    return cy__u128_popcount64(a.lo) + cy__u128_popcount64(a.hi);
}
static inline unsigned cy_u128_bit_length(cy_u128 a) { return 128 - cy_u128_clz(a); }

/* ---- Multiplication ------------------------------------------------------------------------ */

/* a * b, exact, for 64-bit a and b. */
static inline cy_u128 cy_u128_mul_u64_u64(uint64_t a, uint64_t b) { return cy__u128_mul64(a, b); }

/* a * b mod 2^128. */
static inline cy_u128 cy_u128_mul(cy_u128 a, cy_u128 b) { return cy__u128_mul(a, b); }
static inline cy_u128 cy_u128_mul_u64(cy_u128 a, uint64_t b) { return cy__u128_mul(a, cy_u128_from_u64(b)); }
static inline cy_u128 cy_u128_mul_u32(cy_u128 a, uint32_t b) { return cy__u128_mul(a, cy_u128_from_u64(b)); }

/* a * b = *hi * 2^128 + result (the full 192-bit product); *hi < b <= 2^64 - 1. */
static inline cy_u128 cy_u128_mul_u64_full(cy_u128 a, uint64_t b, uint64_t *hi)
{
    cy_u128 p0 = cy__u128_mul64(a.lo, b), p1 = cy__u128_mul64(a.hi, b);
    cy_u128 mid = cy__u128_add(p1, cy_u128_from_u64(p0.hi)); /* < 2^128: no carry out */
    *hi = mid.hi;
    return cy_u128_make(mid.lo, p0.lo);
}
/* a * b = *hi * 2^128 + result (the full 160-bit product); *hi < b. */
static inline cy_u128 cy_u128_mul_u32_full(cy_u128 a, uint32_t b, uint32_t *hi)
{
    uint64_t h;
    cy_u128 lo = cy_u128_mul_u64_full(a, b, &h);
    *hi = (uint32_t)h;
    return lo;
}
/* a * b = *hi * 2^128 + result (the full 256-bit product). hi must not be NULL. */
static inline cy_u128 cy_u128_mul_full(cy_u128 a, cy_u128 b, cy_u128 *hi)
{
    /* Knuth's algorithm M with 64-bit digits: two rows of mul_u64_full. */
    uint64_t h0, h1;
    cy_u128 r0 = cy_u128_mul_u64_full(a, b.lo, &h0); /* a * b.lo = h0 : r0 */
    cy_u128 r1 = cy_u128_mul_u64_full(a, b.hi, &h1); /* a * b.hi = h1 : r1, weight 2^64 */
    cy_u128 mid = cy__u128_add(cy_u128_make(0, r0.hi), cy_u128_make(h0, 0));
    unsigned c;
    mid = cy_u128_addc(mid, r1, 0, &c); /* bits 64..191 of the product, carry into bit 192 */
    *hi = cy_u128_make(h1 + c, mid.hi);
    return cy_u128_make(mid.lo, r0.lo);
}
/* floor(a * b / 2^128): the high half of the 256-bit product. */
static inline cy_u128 cy_u128_mul_hi(cy_u128 a, cy_u128 b)
{
    cy_u128 hi;
    cy_u128_mul_full(a, b, &hi);
    return hi;
}

/* floor((hi * 2^128 + lo) / 2^n) mod 2^128 for every n (n >= 256 gives 0). */
static inline cy_u128 cy__u128_shr256(cy_u128 lo, cy_u128 hi, unsigned n)
{
    if (n >= 128)
        return cy_u128_shr(hi, n - 128);
    return cy_u128_or(cy_u128_shr(lo, n), cy_u128_shl(hi, 128 - n)); /* shl by 128 gives 0 */
}

/* Multiply and shift right: floor(a * b / 2^n) mod 2^128, for every n; exact (the product is
 * formed in full: 256 bits for u128 x u128, 192 for x u64, 160 for x u32) and truncated to its
 * low 128 bits only if the shifted value needs more (n < 128, 64 or 32 respectively). n beyond
 * the product width gives 0. */
static inline cy_u128 cy_u128_mul_shr(cy_u128 a, cy_u128 b, unsigned n)
{
    cy_u128 hi, lo = cy_u128_mul_full(a, b, &hi);
    return cy__u128_shr256(lo, hi, n);
}
static inline cy_u128 cy_u128_mul_u64_shr(cy_u128 a, uint64_t b, unsigned n)
{
    uint64_t hi;
    cy_u128 lo = cy_u128_mul_u64_full(a, b, &hi);
    return cy__u128_shr256(lo, cy_u128_from_u64(hi), n);
}
static inline cy_u128 cy_u128_mul_u32_shr(cy_u128 a, uint32_t b, unsigned n)
{
    return cy_u128_mul_u64_shr(a, b, n);
}

/* Signed multiplication mod 2^128 (wrapping, as cy_s128_add). */
static inline cy_s128 cy_s128_mul(cy_s128 a, cy_s128 b)
{
    return cy_s128_from_u128(cy__u128_mul(cy_u128_from_s128(a), cy_u128_from_s128(b)));
}

/* The exact signed 256-bit product a * b as magnitude (hi:lo) and sign. */
static inline bool cy__s128_mul_mag(cy_s128 a, cy_s128 b, cy_u128 *lo, cy_u128 *hi)
{
    *lo = cy_u128_mul_full(cy_s128_abs(a), cy_s128_abs(b), hi);
    return cy_s128_is_neg(a) != cy_s128_is_neg(b);
}

/* Overflow-checked signed multiplication: a * b when the exact product lies in [-2^127, 2^127);
 * otherwise the wrapped product (as cy_s128_mul) and an error. With magnitudes m = |a|, n = |b|:
 * if both are >= 2^64 the product is >= 2^128 (overflow); else one of them, say n, is below 2^64
 * and the 192-bit product m * n = h * 2^128 + p (two 64 x 64 products) fits iff h = 0 and
 * p <= 2^127 - 1 (p <= 2^127 for a negative product); -p mod 2^128 is the wrapped product. */
static inline cy_s128 cy_s128_mul_checked(cy_s128 a, cy_s128 b, bool *err)
{
    cy_u128 m = cy_s128_abs(a), n = cy_s128_abs(b);
    bool neg = cy_s128_is_neg(a) != cy_s128_is_neg(b);
    if (m.hi != 0 && n.hi != 0) {
        cy__u128_fail(err);
        return cy_s128_mul(a, b);
    }
    uint64_t h;
    cy_u128 p = m.hi != 0 ? cy_u128_mul_u64_full(m, n.lo, &h) : cy_u128_mul_u64_full(n, m.lo, &h);
    const cy_u128 lim = CY_U128_INIT((uint64_t)1 << 63, 0); /* 2^127 */
    if (h != 0 || cy_u128_gt(p, lim) || (!neg && cy_u128_eq(p, lim)))
        cy__u128_fail(err);
    return cy_s128_from_u128(neg ? cy_u128_neg(p) : p);
}

/* Signed multiply and shift right, for every n (n >= 256 gives 0, or -1 when flooring a
 * negative product), result mod 2^128 reduced into [-2^127, 2^127):
 *   _floor: floor(a * b / 2^n)   (an arithmetic shift of the 256-bit product)
 *   _trunc: the quotient rounded toward zero, sign(ab) * floor(|a * b| / 2^n). */
static inline cy_s128 cy_s128_mul_shr_trunc(cy_s128 a, cy_s128 b, unsigned n)
{
    cy_u128 lo, hi;
    bool neg = cy__s128_mul_mag(a, b, &lo, &hi);
    cy_u128 m = cy__u128_shr256(lo, hi, n);
    return cy_s128_from_u128(neg ? cy_u128_neg(m) : m);
}
static inline cy_s128 cy_s128_mul_shr_floor(cy_s128 a, cy_s128 b, unsigned n)
{
    cy_u128 lo, hi;
    bool neg = cy__s128_mul_mag(a, b, &lo, &hi);
    cy_u128 m = cy__u128_shr256(lo, hi, n);
    if (!neg)
        return cy_s128_from_u128(m);
    /* floor(-x / 2^n) = -ceil(x / 2^n) = -(floor(x / 2^n) + [x mod 2^n != 0]) */
    bool inexact;
    if (n >= 256)
        inexact = !cy_u128_is_zero(lo) || !cy_u128_is_zero(hi);
    else if (n >= 128)
        inexact = !cy_u128_is_zero(lo) || !cy_u128_is_zero(cy_u128_shl(hi, 256 - n));
    else
        inexact = !cy_u128_is_zero(cy_u128_shl(lo, 128 - n));
    if (n >= 256)
        return cy_s128_from_u128(inexact ? cy_u128_make(UINT64_MAX, UINT64_MAX) : cy_u128_make(0, 0));
    return cy_s128_from_u128(cy_u128_neg(cy__u128_add(m, cy_u128_from_u64(inexact))));
}

/* ---- Division ------------------------------------------------------------------------------ */

/* floor(a / b) and a mod b. rem may be NULL. b = 0: returns 2^128 - 1, remainder 0, error. */
static inline cy_u128 cy_u128_divrem(cy_u128 a, cy_u128 b, cy_u128 *rem, bool *err)
{
    cy_u128 r;
    if (cy_u128_is_zero(b)) {
        cy__u128_fail(err);
        r = cy_u128_make(0, 0);
        if (rem)
            *rem = r;
        return cy_u128_make(UINT64_MAX, UINT64_MAX);
    }
    cy_u128 q = cy__u128_divrem_nz(a, b, &r);
    if (rem)
        *rem = r;
    return q;
}
/* floor(a / d) and a mod d for a 64-bit divisor; on x86-64 with the native backend one `div`
 * instruction when a < d * 2^64, else two. rem may be NULL. d = 0: 2^128 - 1, remainder 0, error. */
static inline cy_u128 cy_u128_divrem_u64(cy_u128 a, uint64_t d, uint64_t *rem, bool *err)
{
    cy_u128 r, q = cy_u128_divrem(a, cy_u128_from_u64(d), &r, err);
    if (rem)
        *rem = r.lo;
    return q;
}
/* floor(a / d) and a mod d for a 32-bit divisor. rem may be NULL. d = 0: as above. */
static inline cy_u128 cy_u128_divrem_u32(cy_u128 a, uint32_t d, uint32_t *rem, bool *err)
{
    uint64_t r;
    cy_u128 q = cy_u128_divrem_u64(a, d, &r, err);
    if (rem)
        *rem = (uint32_t)r;
    return q;
}
/* Division by a fixed 64-bit divisor with a precomputed reciprocal (Moller and Granlund,
 * "Improved division by invariant integers", IEEE Trans. Computers 60(2), 2011).
 * cy_u128_divisor_init(d, err) does the work that depends on d alone: s = clz(d), the normalised
 * divisor d * 2^s (top bit set) and its reciprocal v = floor((2^128 - 1) / (d * 2^s)) - 2^64.
 * cy_u128_divrem_u64_pi(a, &dv, rem) then returns floor(a / d) (any a: the quotient may need all
 * 128 bits) and *rem = a mod d (rem may be NULL), with products, additions and shifts only: two
 * 2-by-1 steps (MG algorithm 4) on 64-bit words, or on CY_U128_DIGITS32 four 3-by-2 steps on
 * 32-bit words with the reciprocal floor(v / 2^32) (floor((2^96 - 1) / (d * 2^s)) - 2^32, the
 * same number: floor(floor(x / y) / z) = floor(x / (y z)), and no multiple of 2^32 lies in
 * (2^128 - 2^32, 2^128 - 1]). Results are those of cy_u128_divrem_u64 on every backend.
 * d = 0: the init reports an error and returns a divisor with which cy_u128_divrem_u64_pi gives
 * 2^128 - 1, remainder 0 (as division by zero does everywhere here). The struct is the same on
 * every backend; its fields are private. Pays off when one divisor serves several divisions:
 * the init costs about one plain division. */
typedef struct {
    uint64_t d;     /* the divisor times 2^shift (top bit set); 0 after an init with d = 0 */
    uint64_t v;     /* floor((2^128 - 1) / d) - 2^64 */
    unsigned shift; /* 0..63 */
} cy_u128_divisor;

static inline cy_u128_divisor cy_u128_divisor_init(uint64_t d, bool *err)
{
    cy_u128_divisor dv;
    dv.d = 0;
    dv.v = 0;
    dv.shift = 0;
    if (d == 0) {
        cy__u128_fail(err);
        return dv;
    }
    dv.shift = cy__u128_clz64(d);
    dv.d = d << dv.shift;
#if CY_U128_BACKEND == CY_U128_DIGITS32
    /* floor((2^128 - 1 - d 2^64) / d): (~d) 2^64 + 2^64 - 1 by two 3-by-2 steps */
    uint32_t v32 = cy__u128_recip_3by2(dv.d);
    uint64_t r;
    uint32_t v1 = cy__u128_div_3by2(~dv.d, UINT32_MAX, dv.d, v32, &r);
    uint32_t v0 = cy__u128_div_3by2(r, UINT32_MAX, dv.d, v32, &r);
    dv.v = ((uint64_t)v1 << 32) | v0;
#else
    uint64_t r;
    dv.v = cy__u128_div_2by1(~dv.d, UINT64_MAX, dv.d, &r); /* ~d < d: the quotient fits */
#endif
    return dv;
}

#if CY_U128_BACKEND != CY_U128_DIGITS32
/* Divides (u1 u0) by the normalised d with v = floor((2^128 - 1) / d) - 2^64, for u1 < d:
 * returns the quotient, *r the remainder. MG algorithm 4: (q1 q0) = v u1 + (u1 u0); the candidate
 * q1 + 1 leaves the remainder u0 - (q1 + 1) d mod 2^64, which is above q0 exactly when the
 * candidate is one too large (add d back, without a branch); the remainder is still >= d in rare
 * cases (MG: probability about 2^-64 for random operands), then q is one too small. */
static inline uint64_t cy__u128_div_2by1_pi(uint64_t u1, uint64_t u0, uint64_t d, uint64_t v, uint64_t *r)
{
    cy_u128 q = cy__u128_add(cy__u128_mul64(v, u1), cy_u128_make(u1, u0));
    uint64_t q1 = q.hi + 1;
    uint64_t rr = u0 - q1 * d;
    uint64_t over = rr > q.lo;
    return q1 + cy__u128_mg_fix(rr, over, d, r);
}
#endif

static inline cy_u128 cy_u128_divrem_u64_pi(cy_u128 a, const cy_u128_divisor *dv, uint64_t *rem)
{
    uint64_t d = dv->d, r;
    unsigned s = dv->shift;
    if (d == 0) {
        if (rem)
            *rem = 0;
        return cy_u128_make(UINT64_MAX, UINT64_MAX);
    }
    /* a * 2^s = (top hi lo) with top < 2^s <= d; the double shifts are 0 for s = 0 */
    uint64_t top = (a.hi >> 1) >> (63 - s);
    uint64_t hi = (a.hi << s) | ((a.lo >> 1) >> (63 - s)), lo = a.lo << s;
    cy_u128 q;
#if CY_U128_BACKEND == CY_U128_DIGITS32
    uint32_t v = (uint32_t)(dv->v >> 32);
    r = hi;
    uint32_t q3 = 0, q2 = 0;
    if (top != 0 || hi >= d) { /* the quotient needs more than 64 bits */
        q3 = cy__u128_div_3by2(top, (uint32_t)(hi >> 32), d, v, &r);
        q2 = cy__u128_div_3by2(r, (uint32_t)hi, d, v, &r);
    }
    uint32_t q1 = cy__u128_div_3by2(r, (uint32_t)(lo >> 32), d, v, &r);
    uint32_t q0 = cy__u128_div_3by2(r, (uint32_t)lo, d, v, &r);
    q = cy_u128_make(((uint64_t)q3 << 32) | q2, ((uint64_t)q1 << 32) | q0);
#else
    q.hi = cy__u128_div_2by1_pi(top, hi, d, dv->v, &r);
    q.lo = cy__u128_div_2by1_pi(r, lo, d, dv->v, &r);
#endif
    if (rem)
        *rem = r >> s;
    return q;
}

/* The 96-bit forms of the Linux PTP 128-bit API proposal (Plantykw, Olech, Lobakin, "Generic
 * 128-bit Math API", 2022). A u96 is a cy_u128 below 2^96.
 *   cy_u128_divrem_u96_u96: a and b below 2^96;  cy_u128_divrem_u96: a any, b below 2^96.
 * Both return floor(a / b) and a mod b (rem may be NULL). An operand at or above 2^96 is an
 * error (reported) but the result is still the exact 128-bit quotient and remainder; b = 0 is
 * reported and gives 2^128 - 1, remainder 0. On CY_U128_DIGITS32 these run Knuth's algorithm D
 * on three digits instead of four. */
static inline cy_u128 cy_u128_divrem_u96(cy_u128 a, cy_u128 b, cy_u128 *rem, bool *err)
{
    if ((b.hi >> 32) != 0)
        cy__u128_fail(err);
    return cy_u128_divrem(a, b, rem, err);
}
static inline cy_u128 cy_u128_divrem_u96_u96(cy_u128 a, cy_u128 b, cy_u128 *rem, bool *err)
{
    if ((a.hi >> 32) != 0)
        cy__u128_fail(err);
    return cy_u128_divrem_u96(a, b, rem, err);
}

/* Signed division, for every a, b:
 *   _trunc: q = a / b rounded toward zero (C's rule), r = a - q * b (sign of a or 0);
 *   _floor: q = floor(a / b), r = a - q * b (sign of b or 0).
 * rem may be NULL. b = 0: q = -1, r = 0, error. a = -2^127, b = -1: the quotient 2^127 does not
 * fit: q = -2^127 (wrapped), r = 0, error. */
static inline cy_s128 cy_s128_divrem_trunc(cy_s128 a, cy_s128 b, cy_s128 *rem, bool *err)
{
    cy_u128 r, q = cy_u128_divrem(cy_s128_abs(a), cy_s128_abs(b), &r, err);
    if (!cy_u128_is_zero(cy_u128_from_s128(b))) {
        if (cy_s128_is_neg(a) != cy_s128_is_neg(b))
            q = cy_u128_neg(q);
        if (cy_s128_is_neg(a))
            r = cy_u128_neg(r);
        /* |q| = 2^127 with a positive sign happens only for -2^127 / -1 */
        if (q.hi == ((uint64_t)1 << 63) && q.lo == 0 && !cy_s128_is_neg(b) == !cy_s128_is_neg(a))
            cy__u128_fail(err);
    }
    if (rem)
        *rem = cy_s128_from_u128(r);
    return cy_s128_from_u128(q);
}
static inline cy_s128 cy_s128_divrem_floor(cy_s128 a, cy_s128 b, cy_s128 *rem, bool *err)
{
    cy_s128 r, q = cy_s128_divrem_trunc(a, b, &r, err);
    /* truncation rounded up when the exact quotient is negative and not an integer */
    if (!cy_u128_is_zero(cy_u128_from_s128(r)) && cy_s128_is_neg(r) != cy_s128_is_neg(b)) {
        q = cy_s128_sub(q, cy_s128_from_s64(1));
        r = cy_s128_add(r, b);
    }
    if (rem)
        *rem = r;
    return q;
}

/* ---- Linux-kernel style 64-bit helpers (exact; math64.h semantics plus an error flag) ---------- */

/* floor((a * b + c) / d), exact (a * b + c < 2^128 always). The quotient must fit in 64 bits:
 * otherwise, and for d = 0, returns UINT64_MAX and reports an error. */
static inline uint64_t cy_mul_u64_add_u64_div_u64(uint64_t a, uint64_t b, uint64_t c, uint64_t d,
                                                  bool *err)
{
    cy_u128 p = cy__u128_add(cy__u128_mul64(a, b), cy_u128_from_u64(c));
    if (p.hi >= d) { /* also d = 0: the quotient would be >= 2^64 */
        cy__u128_fail(err);
        return UINT64_MAX;
    }
    uint64_t r;
    return cy__u128_div_2by1(p.hi, p.lo, d, &r);
}
/* floor(a * b / d); ceil(a * b / d); a * b / d rounded to nearest with ties upward
 * (floor((a * b + floor(d / 2)) / d)). Errors as cy_mul_u64_add_u64_div_u64. */
static inline uint64_t cy_mul_u64_u64_div_u64(uint64_t a, uint64_t b, uint64_t d, bool *err)
{
    return cy_mul_u64_add_u64_div_u64(a, b, 0, d, err);
}
static inline uint64_t cy_mul_u64_u64_div_u64_roundup(uint64_t a, uint64_t b, uint64_t d, bool *err)
{
    return cy_mul_u64_add_u64_div_u64(a, b, d ? d - 1 : 0, d, err);
}
static inline uint64_t cy_mul_u64_u64_div_u64_roundnear(uint64_t a, uint64_t b, uint64_t d, bool *err)
{
    return cy_mul_u64_add_u64_div_u64(a, b, d / 2, d, err);
}

/* floor(a * b / 2^n) mod 2^64 for every n (n >= 128 gives 0), as the kernel's mul_u64_u32_shr and
 * mul_u64_u64_shr (which truncate to 64 bits the same way). */
static inline uint64_t cy_mul_u64_u64_shr(uint64_t a, uint64_t b, unsigned n)
{
    return cy_u128_shr(cy__u128_mul64(a, b), n).lo;
}
static inline uint64_t cy_mul_u64_u32_shr(uint64_t a, uint32_t b, unsigned n)
{
    return cy_mul_u64_u64_shr(a, b, n);
}

/* floor(a / b), *rem = a mod b (rem may be NULL). b = 0: UINT64_MAX, remainder 0, error. */
static inline uint64_t cy_div64_u64_rem(uint64_t a, uint64_t b, uint64_t *rem, bool *err)
{
    uint64_t q = UINT64_MAX, r = 0;
    if (b == 0)
        cy__u128_fail(err);
    else {
        q = a / b;
        r = a % b;
    }
    if (rem)
        *rem = r;
    return q;
}

/* PTP frequency adjustment (Linux ptp_clock_kernel.h meaning). scaled_ppm is parts per million
 * with 16 fractional bits: 65536 = 1 ppm.
 * cy_diff_by_scaled_ppm: *diff = floor(base * |scaled_ppm| / (10^6 * 2^16)); returns true when
 *   scaled_ppm < 0 (the adjustment is downward). If *diff would not fit in 64 bits it is set to
 *   UINT64_MAX and an error is reported.
 * cy_adjust_by_scaled_ppm: base + diff or base - diff by the sign of scaled_ppm (diff as above).
 *   A result outside [0, 2^64) saturates to UINT64_MAX or 0 and is reported as an error. */
/* floor(base * mag / (10^6 * 2^16)); UINT64_MAX and an error if that does not fit. */
static inline uint64_t cy__ptp_diff(uint64_t base, uint64_t mag, bool *err)
{
    const uint64_t d = (uint64_t)1000000 << 16;
    cy_u128 p = cy__u128_mul64(base, mag);
    if (p.hi == 0) {
        /* the usual case (|adjustment| below ~3.5e9 / base * 2^32 ppm): a 64-bit division by a
         * constant, which compilers turn into a multiplication (Granlund and Montgomery 1994) */
        return p.lo / d;
    }
#if CY_U128_BACKEND == CY_U128_NATIVE
    uint64_t r;
    if (p.hi >= d) {
        cy__u128_fail(err);
        return UINT64_MAX;
    }
    return cy__u128_div_2by1(p.hi, p.lo, d, &r);
#else
    /* d = 15625 * 2^22: floor(p / 2^22) first (exact: floor(floor(x/a)/b) = floor(x/(ab)));
     * the quotient by 15625 fits in 64 bits iff y.hi < 15625, and a short division by the
     * constant (Knuth 4.3.1, exercise 16) on 32-bit digits needs only 64-bit divisions by a
     * constant: 3 to 5 times faster than algorithm D here. */
    cy_u128 y = cy_u128_shr(p, 22);
    if (y.hi >= 15625) {
        cy__u128_fail(err);
        return UINT64_MAX;
    }
    uint64_t t1 = (y.hi << 32) | (y.lo >> 32); /* < 15625 * 2^32 */
    uint64_t q1 = t1 / 15625, t0 = ((t1 % 15625) << 32) | (uint32_t)y.lo;
    return (q1 << 32) + t0 / 15625;
#endif
}
static inline bool cy_diff_by_scaled_ppm(uint64_t base, int64_t scaled_ppm, uint64_t *diff, bool *err)
{
    bool neg = scaled_ppm < 0;
    *diff = cy__ptp_diff(base, neg ? (uint64_t)0 - (uint64_t)scaled_ppm : (uint64_t)scaled_ppm, err);
    return neg;
}
static inline uint64_t cy_adjust_by_scaled_ppm(uint64_t base, int64_t scaled_ppm, bool *err)
{
    uint64_t diff;
    bool e = false;
    bool neg = cy_diff_by_scaled_ppm(base, scaled_ppm, &diff, &e);
    if (neg) {
        if (e || diff > base) {
            cy__u128_fail(err);
            return 0;
        }
        return base - diff;
    }
    if (e || diff > UINT64_MAX - base) {
        cy__u128_fail(err);
        return UINT64_MAX;
    }
    return base + diff;
}

/* ---- Strings ------------------------------------------------------------------------------- */

/* The parsers' status codes: the values of CY_OK, CY_EEMPTY, CY_EDIGIT and CY_ERANGE in
 * carry/config.h (src/core/strerror.c asserts that they agree). */
#define CY__U128_OK 0
#define CY__U128_EEMPTY (-7) /* no digits */
#define CY__U128_EDIGIT (-6) /* a character that is not a digit of the base */
#define CY__U128_ERANGE (-5) /* all digits valid, but the value does not fit */

/* Writes a in decimal (no leading zeros; "0" for 0), NUL-terminated, to buf of at least
 * CY_U128_DEC_SIZE bytes; returns the number of digits. */
static inline size_t cy_u128_to_dec(char *buf, cy_u128 a)
{
    char tmp[CY_U128_DEC_SIZE];
    size_t n = 0;
    /* peel 19 digits at a time with one division by 10^19 < 2^64 */
    while (a.hi != 0) {
        uint64_t r;
        a = cy_u128_divrem_u64(a, UINT64_C(10000000000000000000), &r, NULL);
        for (int i = 0; i < 19; i++, r /= 10)
            tmp[n++] = (char)('0' + r % 10);
    }
    uint64_t x = a.lo;
    do {
        tmp[n++] = (char)('0' + x % 10);
        x /= 10;
    } while (x != 0);
    for (size_t i = 0; i < n; i++)
        buf[i] = tmp[n - 1 - i];
    buf[n] = 0;
    return n;
}
/* Writes a in lower-case hexadecimal without prefix (no leading zeros; "0" for 0),
 * NUL-terminated, to buf of at least CY_U128_HEX_SIZE bytes; returns the number of digits. */
static inline size_t cy_u128_to_hex(char *buf, cy_u128 a)
{
    unsigned nd = (cy_u128_bit_length(a) + 3) / 4;
    if (nd == 0)
        nd = 1;
    for (unsigned i = 0; i < nd; i++)
        buf[i] = "0123456789abcdef"[cy_u128_shr(a, 4 * (nd - 1 - i)).lo & 15];
    buf[nd] = 0;
    return nd;
}
/* Writes a in decimal with a leading '-' when negative, NUL-terminated, to buf of at least
 * CY_S128_DEC_SIZE bytes; returns the number of characters. */
static inline size_t cy_s128_to_dec(char *buf, cy_s128 a)
{
    size_t s = 0;
    if (cy_s128_is_neg(a))
        buf[s++] = '-';
    return s + cy_u128_to_dec(buf + s, cy_s128_abs(a));
}

/* Writes a in lower-case hexadecimal, sign and magnitude ("-80000000000000000000000000000000" for
 * -2^127, no prefix, no leading zeros, "0" for 0), NUL-terminated, to buf of at least
 * CY_S128_HEX_SIZE bytes; returns the number of characters. */
static inline size_t cy_s128_to_hex(char *buf, cy_s128 a)
{
    size_t s = 0;
    if (cy_s128_is_neg(a))
        buf[s++] = '-';
    return s + cy_u128_to_hex(buf + s, cy_s128_abs(a));
}

/* Value of the digit c in base (16 or 10), or -1. */
static inline int cy__u128_digit(char c, unsigned base)
{
    int v = c >= '0' && c <= '9' ? c - '0'
          : c >= 'a' && c <= 'f' ? c - 'a' + 10
          : c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
    return v < (int)base ? v : -1;
}
/* Parses s[0 .. n) in base 10 or 16: every character must be a digit. On EEMPTY or EDIGIT *r = 0;
 * on ERANGE *r = 2^128 - 1 (invalid digits are reported in preference to overflow). */
static inline int cy__u128_parse(cy_u128 *r, const char *s, size_t n, unsigned base)
{
    *r = cy_u128_make(0, 0);
    if (n == 0)
        return CY__U128_EEMPTY;
    for (size_t i = 0; i < n; i++)
        if (cy__u128_digit(s[i], base) < 0)
            return CY__U128_EDIGIT;
    cy_u128 v = cy_u128_make(0, 0);
    for (size_t i = 0; i < n; i++) {
        uint64_t hi;
        unsigned c;
        v = cy_u128_mul_u64_full(v, base, &hi);
        v = cy_u128_addc_u64(v, (uint64_t)cy__u128_digit(s[i], base), &c);
        if (hi != 0 || c != 0) {
            *r = cy_u128_make(UINT64_MAX, UINT64_MAX);
            return CY__U128_ERANGE;
        }
    }
    *r = v;
    return CY__U128_OK;
}
/* Parses the n characters at s as an unsigned decimal number (digits only, no sign or spaces;
 * leading zeros allowed). Returns CY_OK; CY_EEMPTY (n = 0; *r = 0), CY_EDIGIT (a non-digit;
 * *r = 0), CY_ERANGE (value >= 2^128; *r = 2^128 - 1). */
static inline int cy_u128_from_dec(cy_u128 *r, const char *s, size_t n)
{
    return cy__u128_parse(r, s, n, 10);
}
/* As cy_u128_from_dec in hexadecimal: digits 0-9, a-f, A-F, with an optional "0x" or "0X"
 * prefix (which must be followed by at least one digit). */
static inline int cy_u128_from_hex(cy_u128 *r, const char *s, size_t n)
{
    if (n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        s += 2;
        n -= 2;
    }
    return cy__u128_parse(r, s, n, 16);
}
/* An optional '+' or '-', then the magnitude parsed by cy_u128_from_hex (hex) or _from_dec, which
 * must lie in [0, 2^127] for '-' and [0, 2^127) otherwise. */
static inline int cy__s128_parse(cy_s128 *r, const char *s, size_t n, bool hex)
{
    bool neg = n > 0 && s[0] == '-';
    size_t skip = n > 0 && (s[0] == '-' || s[0] == '+');
    cy_u128 m;
    int st = hex ? cy_u128_from_hex(&m, s + skip, n - skip) : cy_u128_from_dec(&m, s + skip, n - skip);
    const cy_u128 lim = CY_U128_INIT((uint64_t)1 << 63, 0); /* 2^127 */
    if (st == CY__U128_OK && (cy_u128_gt(m, lim) || (!neg && cy_u128_eq(m, lim))))
        st = CY__U128_ERANGE;
    if (st == CY__U128_EEMPTY || st == CY__U128_EDIGIT)
        *r = cy_s128_make(0, 0);
    else if (st == CY__U128_ERANGE)
        *r = neg ? cy_s128_make(INT64_MIN, 0) : cy_s128_make(INT64_MAX, UINT64_MAX);
    else
        *r = cy_s128_from_u128(neg ? cy_u128_neg(m) : m);
    return st;
}
/* Parses an optional '+' or '-' followed by decimal digits. Errors as cy_u128_from_dec; on
 * overflow (value outside [-2^127, 2^127)) *r saturates to -2^127 or 2^127 - 1. */
static inline int cy_s128_from_dec(cy_s128 *r, const char *s, size_t n)
{
    return cy__s128_parse(r, s, n, false);
}
/* Parses an optional '+' or '-', then hexadecimal as cy_u128_from_hex (optional "0x" or "0X" after
 * the sign: "-0x1f"). Errors and saturation as cy_s128_from_dec. */
static inline int cy_s128_from_hex(cy_s128 *r, const char *s, size_t n)
{
    return cy__s128_parse(r, s, n, true);
}

#endif /* CARRY_U128_H */
