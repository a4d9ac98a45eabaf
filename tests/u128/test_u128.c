/* carry/u128.h: every function against GMP, on one backend per executable (CMake compiles this
 * file once per backend with CY_U128_BACKEND=1, 2 or 3).
 *
 * The oracle is mpz arithmetic on the exact values (no __int128, so the same test runs under
 * -m32): for each operation the test forms the exact mathematical result with GMP and compares it
 * with what the header returns. Operands: every pair from the edge set {0, 1, 2^k - 1, 2^k,
 * 2^k + 1 (k = 1..127), 2^128 - 1}, every shift count 0..300 on edge values, then random operands
 * of random bit length, with long runs of 0 and 1 bits (t_reps(1000000) triples by default).
 * CARRY_TEST_REPS below 1 also thins the edge pairs (see main).
 * SPDX-License-Identifier: MIT */

/* Count the rare correction branches of the divisions (see CY__U128_COVER in u128.h). */
static unsigned long cover[3];
#define CY__U128_COVER(id) (cover[id]++)

#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

/* carry/u128.h includes nothing of carry's and keeps its own copy of the codes it returns; they
 * must be carry/config.h's (test.h includes both). */
_Static_assert(CY__U128_EDIGIT == CY_EDIGIT && CY__U128_EEMPTY == CY_EEMPTY &&
                   CY__U128_ERANGE == CY_ERANGE,
               "carry/u128.h's error codes differ from carry/config.h's");

#ifndef CY_U128_BACKEND
#error "compile with -DCY_U128_BACKEND=1, 2 or 3"
#endif

/* ---- mpz bridge ---- */

static mpz_t Z[8], W[4]; /* scratch, initialised once (keeps the oracle cheap) */

/* z = the 128-bit (or 64-bit) value, written straight into GMP's limbs (GMP_NUMB_BITS is 64 or
 * 32 here; mpz_limbs_finish strips the high zero limbs). */
static void z_words(mpz_t z, const uint64_t *w, int nw)
{
    int nl = nw * 64 / GMP_NUMB_BITS;
    mp_limb_t *p = mpz_limbs_write(z, nl);
    for (int i = 0; i < nl; i++)
        p[i] = (mp_limb_t)(w[i * GMP_NUMB_BITS / 64] >> (i * GMP_NUMB_BITS % 64));
    mpz_limbs_finish(z, nl);
}
static void z_u(mpz_t z, cy_u128 a)
{
    uint64_t w[2] = {a.lo, a.hi};
    z_words(z, w, 2);
}
static void z_u64(mpz_t z, uint64_t x)
{
    z_words(z, &x, 1);
}
static void z_s(mpz_t z, cy_s128 a)
{
    z_u(z, cy_u128_from_s128(a));
    if (cy_s128_is_neg(a)) { /* two's complement: value - 2^128 */
        mpz_set_ui(W[3], 1);
        mpz_mul_2exp(W[3], W[3], 128);
        mpz_sub(z, z, W[3]);
    }
}
/* z mod 2^bits as the low words of w (bits = 64 or 128). */
static void z_mod(mpz_t z, unsigned bits)
{
    mpz_fdiv_r_2exp(z, z, bits);
}
/* a == z exactly (z taken as is: a negative or too large z never matches). */
static int eq_u(cy_u128 a, const mpz_t z)
{
    z_u(W[0], a);
    return mpz_cmp(W[0], z) == 0;
}
static int eq_u64(uint64_t a, const mpz_t z)
{
    z_u64(W[0], a);
    return mpz_cmp(W[0], z) == 0;
}
static int eq_s(cy_s128 a, const mpz_t z)
{
    z_s(W[1], a);
    return mpz_cmp(W[1], z) == 0;
}
/* a == z mod 2^128 (for the wrapping operations). */
static int eq_u_mod(cy_u128 a, mpz_t z)
{
    z_mod(z, 128);
    return eq_u(a, z);
}
static int eq_s_mod(cy_s128 a, mpz_t z)
{
    z_mod(z, 128);
    return eq_u(cy_u128_from_s128(a), z);
}

/* An overflow-checked signed result: the exact z without error when z is in [-2^127, 2^127),
 * else z wrapped mod 2^128 with the error set. */
static int eq_s_checked(cy_s128 r, bool err, mpz_t z)
{
    bool fits = mpz_sizeinbase(z, 2) <= 127 || (mpz_sgn(z) < 0 && mpz_scan1(z, 0) == 127 &&
                                                 mpz_sizeinbase(z, 2) == 128); /* -2^127 */
    return fits ? !err && eq_s(r, z) : err && eq_s_mod(r, z);
}

#define HX(a) (unsigned long long)(a).hi, (unsigned long long)(a).lo
#define FMT "%016llx_%016llx"

/* ---- operands ---- */

static cy_u128 edges[3 * 128 + 2];
static size_t nedges;

static void make_edges(void)
{
    edges[nedges++] = cy_u128_make(0, 0);
    edges[nedges++] = cy_u128_make(0, 1);
    for (unsigned k = 1; k < 128; k++) {
        cy_u128 p = cy_u128_shl(cy_u128_make(0, 1), k);
        edges[nedges++] = cy_u128_sub_u64(p, 1);
        edges[nedges++] = p;
        edges[nedges++] = cy_u128_add_u64(p, 1);
    }
    edges[nedges++] = cy_u128_make(UINT64_MAX, UINT64_MAX);
}

/* A random operand: uniform, of random bit length, runs of equal bits, an edge value, or an edge
 * value plus or minus a small random number. */
static cy_u128 rnd(void)
{
    cy_u128 x = cy_u128_make(t_rand64(), t_rand64());
    switch (t_below(6)) {
    case 0: return x;
    case 1: return cy_u128_shr(x, (unsigned)t_below(128));
    case 2: { /* runs of 0 and 1 bits of random lengths, then a random bit length */
        cy_u128 r = cy_u128_make(0, 0);
        unsigned pos = 0, bit = t_rand64() & 1;
        while (pos < 128) {
            unsigned len = 1 + (unsigned)t_below(40);
            if (bit)
                r = cy_u128_or(r, cy_u128_shl(cy_u128_shr(cy_u128_make(UINT64_MAX, UINT64_MAX), 128 - len), pos));
            pos += len;
            bit ^= 1;
        }
        return cy_u128_shr(r, (unsigned)t_below(100));
    }
    case 3: return edges[t_below(nedges)];
    case 4: return cy_u128_add_u64(edges[t_below(nedges)], t_rand64() & 0xff);
    default: return cy_u128_sub_u64(edges[t_below(nedges)], t_rand64() & 0xff);
    }
}

static uint64_t rnd64(void)
{
    cy_u128 x = rnd();
    return t_rand64() & 1 ? x.lo : x.hi;
}

/* ---- the checks: each forms the exact value with GMP and compares ---- */

static void check_compare(cy_u128 a, cy_u128 b)
{
    z_u(Z[0], a);
    z_u(Z[1], b);
    int c = mpz_cmp(Z[0], Z[1]);
    c = (c > 0) - (c < 0);
    T_CHECK(cy_u128_cmp(a, b) == c && cy_u128_eq(a, b) == (c == 0) && cy_u128_ne(a, b) == (c != 0) &&
                cy_u128_lt(a, b) == (c < 0) && cy_u128_le(a, b) == (c <= 0) &&
                cy_u128_gt(a, b) == (c > 0) && cy_u128_ge(a, b) == (c >= 0) &&
                cy_u128_is_zero(a) == (mpz_sgn(Z[0]) == 0),
            "compare " FMT " " FMT, HX(a), HX(b));
    cy_s128 sa = cy_s128_from_u128(a), sb = cy_s128_from_u128(b);
    z_s(Z[0], sa);
    z_s(Z[1], sb);
    c = mpz_cmp(Z[0], Z[1]);
    c = (c > 0) - (c < 0);
    T_CHECK(cy_s128_cmp(sa, sb) == c && cy_s128_eq(sa, sb) == (c == 0) && cy_s128_ne(sa, sb) == (c != 0) &&
                cy_s128_lt(sa, sb) == (c < 0) && cy_s128_le(sa, sb) == (c <= 0) &&
                cy_s128_gt(sa, sb) == (c > 0) && cy_s128_ge(sa, sb) == (c >= 0) &&
                cy_s128_is_neg(sa) == (mpz_sgn(Z[0]) < 0),
            "signed compare " FMT " " FMT, HX(a), HX(b));
}

static void check_addsub(cy_u128 a, cy_u128 b)
{
    uint64_t b64 = b.lo;
    unsigned cin = (unsigned)(a.lo ^ b.hi) & 1, c;
    z_u(Z[0], a);
    z_u(Z[1], b);
    z_u64(Z[2], b64);
    mpz_set_ui(Z[7], 1);
    mpz_mul_2exp(Z[7], Z[7], 128); /* 2^128 */

    mpz_add(Z[3], Z[0], Z[1]);
    mpz_add_ui(Z[4], Z[3], cin); /* a + b + cin */
    cy_u128 r = cy_u128_addc(a, b, cin, &c);
    z_u(Z[5], r);
    if (c)
        mpz_add(Z[5], Z[5], Z[7]);
    T_CHECK(c <= 1 && mpz_cmp(Z[5], Z[4]) == 0, "addc " FMT " " FMT " cin %u", HX(a), HX(b), cin);
    T_CHECK(mpz_cmp(Z[3], Z[7]) >= 0 ? cy_u128_eq(cy_u128_add_sat(a, b), cy_u128_make(UINT64_MAX, UINT64_MAX))
                                     : eq_u(cy_u128_add_sat(a, b), Z[3]),
            "add_sat " FMT " " FMT, HX(a), HX(b));
    T_CHECK(eq_u_mod(cy_u128_add(a, b), Z[3]), "add " FMT " " FMT, HX(a), HX(b));

    mpz_sub(Z[3], Z[0], Z[1]);
    mpz_sub_ui(Z[4], Z[3], cin);
    r = cy_u128_subb(a, b, cin, &c);
    z_u(Z[5], r);
    if (c)
        mpz_sub(Z[5], Z[5], Z[7]);
    T_CHECK(c <= 1 && mpz_cmp(Z[5], Z[4]) == 0, "subb " FMT " " FMT " bin %u", HX(a), HX(b), cin);
    T_CHECK(mpz_sgn(Z[3]) < 0 ? cy_u128_is_zero(cy_u128_sub_sat(a, b)) : eq_u(cy_u128_sub_sat(a, b), Z[3]),
            "sub_sat " FMT " " FMT, HX(a), HX(b));
    T_CHECK(eq_u_mod(cy_u128_sub(a, b), Z[3]), "sub " FMT " " FMT, HX(a), HX(b));

    /* u64 operand forms */
    mpz_add(Z[3], Z[0], Z[2]);
    r = cy_u128_addc_u64(a, b64, &c);
    z_u(Z[5], r);
    if (c)
        mpz_add(Z[5], Z[5], Z[7]);
    T_CHECK(c <= 1 && mpz_cmp(Z[5], Z[3]) == 0, "addc_u64 " FMT " %llx", HX(a), (unsigned long long)b64);
    T_CHECK(mpz_cmp(Z[3], Z[7]) >= 0 ? cy_u128_eq(cy_u128_add_u64_sat(a, b64), cy_u128_make(UINT64_MAX, UINT64_MAX))
                                     : eq_u(cy_u128_add_u64_sat(a, b64), Z[3]),
            "add_u64_sat " FMT " %llx", HX(a), (unsigned long long)b64);
    T_CHECK(eq_u_mod(cy_u128_add_u64(a, b64), Z[3]), "add_u64 " FMT " %llx", HX(a), (unsigned long long)b64);
    mpz_sub(Z[3], Z[0], Z[2]);
    r = cy_u128_subb_u64(a, b64, &c);
    z_u(Z[5], r);
    if (c)
        mpz_sub(Z[5], Z[5], Z[7]);
    T_CHECK(c <= 1 && mpz_cmp(Z[5], Z[3]) == 0, "subb_u64 " FMT " %llx", HX(a), (unsigned long long)b64);
    T_CHECK(mpz_sgn(Z[3]) < 0 ? cy_u128_is_zero(cy_u128_sub_u64_sat(a, b64)) : eq_u(cy_u128_sub_u64_sat(a, b64), Z[3]),
            "sub_u64_sat " FMT " %llx", HX(a), (unsigned long long)b64);
    T_CHECK(eq_u_mod(cy_u128_sub_u64(a, b64), Z[3]), "sub_u64 " FMT " %llx", HX(a), (unsigned long long)b64);

    mpz_neg(Z[3], Z[0]);
    T_CHECK(eq_u_mod(cy_u128_neg(a), Z[3]), "neg " FMT, HX(a));

    /* signed wrapping add, sub, neg, abs */
    cy_s128 sa = cy_s128_from_u128(a), sb = cy_s128_from_u128(b);
    z_s(Z[0], sa);
    z_s(Z[1], sb);
    mpz_add(Z[3], Z[0], Z[1]);
    T_CHECK(eq_s_mod(cy_s128_add(sa, sb), Z[3]), "s128_add " FMT " " FMT, HX(a), HX(b));
    mpz_sub(Z[3], Z[0], Z[1]);
    T_CHECK(eq_s_mod(cy_s128_sub(sa, sb), Z[3]), "s128_sub " FMT " " FMT, HX(a), HX(b));
    bool err = false;
    mpz_add(Z[3], Z[0], Z[1]);
    cy_s128 cadd = cy_s128_add_checked(sa, sb, &err); /* before err is read */
    T_CHECK(eq_s_checked(cadd, err, Z[3]), "s128_add_checked " FMT " " FMT, HX(a), HX(b));
    err = false;
    mpz_sub(Z[3], Z[0], Z[1]);
    cy_s128 csub = cy_s128_sub_checked(sa, sb, &err); /* before err is read */
    T_CHECK(eq_s_checked(csub, err, Z[3]), "s128_sub_checked " FMT " " FMT, HX(a), HX(b));
    mpz_neg(Z[3], Z[0]);
    T_CHECK(eq_s_mod(cy_s128_neg(sa), Z[3]), "s128_neg " FMT, HX(a));
    mpz_abs(Z[3], Z[0]);
    T_CHECK(eq_u(cy_s128_abs(sa), Z[3]), "s128_abs " FMT, HX(a));
}

static void check_logic(cy_u128 a, cy_u128 b)
{
    z_u(Z[0], a);
    z_u(Z[1], b);
    mpz_and(Z[3], Z[0], Z[1]);
    T_CHECK(eq_u(cy_u128_and(a, b), Z[3]), "and " FMT " " FMT, HX(a), HX(b));
    mpz_ior(Z[3], Z[0], Z[1]);
    T_CHECK(eq_u(cy_u128_or(a, b), Z[3]), "or " FMT " " FMT, HX(a), HX(b));
    mpz_xor(Z[3], Z[0], Z[1]);
    T_CHECK(eq_u(cy_u128_xor(a, b), Z[3]), "xor " FMT " " FMT, HX(a), HX(b));
    mpz_com(Z[3], Z[0]); /* -a - 1 */
    T_CHECK(eq_u_mod(cy_u128_not(a), Z[3]), "not " FMT, HX(a));
    unsigned bl = mpz_sgn(Z[0]) ? (unsigned)mpz_sizeinbase(Z[0], 2) : 0;
    unsigned tz = mpz_sgn(Z[0]) ? (unsigned)mpz_scan1(Z[0], 0) : 128;
    T_CHECK(cy_u128_bit_length(a) == bl && cy_u128_clz(a) == 128 - bl && cy_u128_ctz(a) == tz &&
                cy_u128_popcount(a) == (unsigned)mpz_popcount(Z[0]),
            "bit counts " FMT, HX(a));
}

static void check_shift(cy_u128 a, unsigned n)
{
    z_u(Z[0], a);
    mpz_mul_2exp(Z[3], Z[0], n);
    T_CHECK(eq_u_mod(cy_u128_shl(a, n), Z[3]), "shl " FMT " %u", HX(a), n);
    mpz_fdiv_q_2exp(Z[3], Z[0], n);
    T_CHECK(eq_u(cy_u128_shr(a, n), Z[3]), "shr " FMT " %u", HX(a), n);
    /* rotl by n = (a << (n mod 128)) | (a >> (128 - n mod 128)) */
    unsigned m = n % 128;
    mpz_mul_2exp(Z[3], Z[0], m);
    mpz_fdiv_q_2exp(Z[4], Z[3], 128);
    mpz_add(Z[3], Z[3], Z[4]);
    T_CHECK(eq_u_mod(cy_u128_rotl(a, n), Z[3]), "rotl " FMT " %u", HX(a), n);
    mpz_mul_2exp(Z[3], Z[0], (128 - m) % 128);
    mpz_fdiv_q_2exp(Z[4], Z[3], 128);
    mpz_add(Z[3], Z[3], Z[4]);
    T_CHECK(eq_u_mod(cy_u128_rotr(a, n), Z[3]), "rotr " FMT " %u", HX(a), n);
    cy_s128 sa = cy_s128_from_u128(a);
    z_s(Z[1], sa);
    mpz_fdiv_q_2exp(Z[3], Z[1], n);
    T_CHECK(eq_s(cy_s128_sar(sa, n), Z[3]), "sar " FMT " %u", HX(a), n);
}

/* floor(Z[3] / 2^n) mod 2^128 vs r */
static int eq_shr_mod(cy_u128 r, unsigned n)
{
    mpz_fdiv_q_2exp(Z[4], Z[3], n);
    return eq_u_mod(r, Z[4]);
}

static void check_mul(cy_u128 a, cy_u128 b, unsigned n)
{
    uint64_t b64 = b.lo;
    uint32_t b32 = (uint32_t)(b.hi >> (a.lo & 32));
    z_u(Z[0], a);
    z_u(Z[1], b);
    z_u64(Z[2], b64);

    mpz_mul(Z[3], Z[0], Z[1]);
    T_CHECK(eq_u_mod(cy_u128_mul(a, b), Z[3]), "mul " FMT " " FMT, HX(a), HX(b));
    mpz_mul(Z[3], Z[0], Z[1]);
    cy_u128 hi, lo = cy_u128_mul_full(a, b, &hi);
    z_u(Z[5], hi);
    mpz_mul_2exp(Z[5], Z[5], 128);
    z_u(Z[6], lo);
    mpz_add(Z[5], Z[5], Z[6]);
    T_CHECK(mpz_cmp(Z[5], Z[3]) == 0, "mul_full " FMT " " FMT, HX(a), HX(b));
    mpz_fdiv_q_2exp(Z[4], Z[3], 128);
    T_CHECK(eq_u(cy_u128_mul_hi(a, b), Z[4]), "mul_hi " FMT " " FMT, HX(a), HX(b));
    T_CHECK(eq_shr_mod(cy_u128_mul_shr(a, b, n), n), "mul_shr " FMT " " FMT " %u", HX(a), HX(b), n);

    mpz_mul(Z[3], Z[0], Z[2]);
    T_CHECK(eq_u_mod(cy_u128_mul_u64(a, b64), Z[3]), "mul_u64 " FMT " %llx", HX(a), (unsigned long long)b64);
    mpz_mul(Z[3], Z[0], Z[2]);
    uint64_t h64;
    lo = cy_u128_mul_u64_full(a, b64, &h64);
    z_u64(Z[5], h64);
    mpz_mul_2exp(Z[5], Z[5], 128);
    z_u(Z[6], lo);
    mpz_add(Z[5], Z[5], Z[6]);
    T_CHECK(mpz_cmp(Z[5], Z[3]) == 0, "mul_u64_full " FMT " %llx", HX(a), (unsigned long long)b64);
    T_CHECK(eq_shr_mod(cy_u128_mul_u64_shr(a, b64, n), n), "mul_u64_shr " FMT " %llx %u", HX(a),
            (unsigned long long)b64, n);

    mpz_set_ui(Z[2], b32);
    mpz_mul(Z[3], Z[0], Z[2]);
    T_CHECK(eq_u_mod(cy_u128_mul_u32(a, b32), Z[3]), "mul_u32 " FMT " %x", HX(a), b32);
    mpz_mul(Z[3], Z[0], Z[2]);
    uint32_t h32;
    lo = cy_u128_mul_u32_full(a, b32, &h32);
    mpz_set_ui(Z[5], h32);
    mpz_mul_2exp(Z[5], Z[5], 128);
    z_u(Z[6], lo);
    mpz_add(Z[5], Z[5], Z[6]);
    T_CHECK(mpz_cmp(Z[5], Z[3]) == 0, "mul_u32_full " FMT " %x", HX(a), b32);
    T_CHECK(eq_shr_mod(cy_u128_mul_u32_shr(a, b32, n), n), "mul_u32_shr " FMT " %x %u", HX(a), b32, n);

    /* 64 x 64 */
    z_u64(Z[0], a.lo);
    z_u64(Z[1], b.hi);
    mpz_mul(Z[3], Z[0], Z[1]);
    T_CHECK(eq_u(cy_u128_mul_u64_u64(a.lo, b.hi), Z[3]), "mul_u64_u64 %llx %llx", (unsigned long long)a.lo,
            (unsigned long long)b.hi);
    mpz_fdiv_q_2exp(Z[4], Z[3], n);
    z_mod(Z[4], 64);
    T_CHECK(eq_u64(cy_mul_u64_u64_shr(a.lo, b.hi, n), Z[4]), "mul_u64_u64_shr %llx %llx %u",
            (unsigned long long)a.lo, (unsigned long long)b.hi, n);
    mpz_set_ui(Z[2], b32);
    mpz_mul(Z[3], Z[0], Z[2]);
    mpz_fdiv_q_2exp(Z[4], Z[3], n);
    z_mod(Z[4], 64);
    T_CHECK(eq_u64(cy_mul_u64_u32_shr(a.lo, b32, n), Z[4]), "mul_u64_u32_shr %llx %x %u",
            (unsigned long long)a.lo, b32, n);

    /* signed: wrapping product and the two multiply-shifts */
    cy_s128 sa = cy_s128_from_u128(a), sb = cy_s128_from_u128(b);
    z_s(Z[0], sa);
    z_s(Z[1], sb);
    mpz_mul(Z[3], Z[0], Z[1]);
    T_CHECK(eq_s_mod(cy_s128_mul(sa, sb), Z[3]), "s128_mul " FMT " " FMT, HX(a), HX(b));
    bool err = false;
    mpz_mul(Z[3], Z[0], Z[1]);
    cy_s128 cmul = cy_s128_mul_checked(sa, sb, &err); /* before err is read */
    T_CHECK(eq_s_checked(cmul, err, Z[3]), "s128_mul_checked " FMT " " FMT, HX(a), HX(b));
    mpz_mul(Z[3], Z[0], Z[1]);
    mpz_fdiv_q_2exp(Z[4], Z[3], n);
    T_CHECK(eq_s_mod(cy_s128_mul_shr_floor(sa, sb, n), Z[4]), "s128_mul_shr_floor " FMT " " FMT " %u", HX(a),
            HX(b), n);
    mpz_tdiv_q_2exp(Z[4], Z[3], n);
    T_CHECK(eq_s_mod(cy_s128_mul_shr_trunc(sa, sb, n), Z[4]), "s128_mul_shr_trunc " FMT " " FMT " %u", HX(a),
            HX(b), n);
}

/* Checks q, r against a / b (exact, b != 0) or the division-by-zero convention, and err. */
static int div_ok(cy_u128 q, cy_u128 r, bool err, const mpz_t a, const mpz_t b, bool want_err)
{
    if (mpz_sgn(b) == 0)
        return err && cy_u128_eq(q, cy_u128_make(UINT64_MAX, UINT64_MAX)) && cy_u128_is_zero(r);
    mpz_fdiv_qr(Z[5], Z[6], a, b);
    return err == want_err && eq_u(q, Z[5]) && eq_u(r, Z[6]);
}

/* Division by a precomputed divisor: cy_u128_divisor_init + cy_u128_divrem_u64_pi against GMP,
 * and the same bits as cy_u128_divrem_u64. d = 0: the init reports it and the division gives
 * 2^128 - 1, remainder 0. */
static void check_div_pi(cy_u128 a, uint64_t d)
{
    bool err = false;
    cy_u128_divisor dv = cy_u128_divisor_init(d, &err);
    T_CHECK(err == (d == 0), "divisor_init %llx: err %d", (unsigned long long)d, err);
    uint64_t r = 12345, r2;
    cy_u128 q = cy_u128_divrem_u64_pi(a, &dv, &r);
    z_u(Z[0], a);
    z_u64(Z[2], d);
    T_CHECK(div_ok(q, cy_u128_from_u64(r), d == 0, Z[0], Z[2], false), "divrem_u64_pi " FMT " %llx -> " FMT
            " rem %llx", HX(a), (unsigned long long)d, HX(q), (unsigned long long)r);
    cy_u128 q2 = cy_u128_divrem_u64(a, d, &r2, NULL);
    T_CHECK(cy_u128_eq(q, q2) && r == r2, "divrem_u64_pi != divrem_u64 " FMT " %llx", HX(a), (unsigned long long)d);
    q2 = cy_u128_divrem_u64_pi(a, &dv, NULL);
    T_CHECK(cy_u128_eq(q, q2), "divrem_u64_pi (rem NULL) " FMT " %llx", HX(a), (unsigned long long)d);
}

static void check_div(cy_u128 a, cy_u128 b)
{
    z_u(Z[0], a);
    z_u(Z[1], b);
    bool err = false;
    cy_u128 r, q = cy_u128_divrem(a, b, &r, &err);
    T_CHECK(div_ok(q, r, err, Z[0], Z[1], false), "divrem " FMT " " FMT, HX(a), HX(b));
    err = false;
    q = cy_u128_divrem(a, b, NULL, &err);
    T_CHECK(mpz_sgn(Z[1]) ? eq_u(q, Z[5]) : err, "divrem (rem NULL) " FMT " " FMT, HX(a), HX(b));

    /* 96-bit forms: operands out of range are errors with the exact result */
    bool a96 = a.hi >> 32 == 0, b96 = b.hi >> 32 == 0;
    err = false;
    q = cy_u128_divrem_u96(a, b, &r, &err);
    T_CHECK(div_ok(q, r, err, Z[0], Z[1], !b96), "divrem_u96 " FMT " " FMT, HX(a), HX(b));
    err = false;
    q = cy_u128_divrem_u96_u96(a, b, &r, &err);
    T_CHECK(div_ok(q, r, err, Z[0], Z[1], !(a96 && b96)), "divrem_u96_u96 " FMT " " FMT, HX(a), HX(b));

    uint64_t d64 = b.lo, r64;
    z_u64(Z[2], d64);
    err = false;
    q = cy_u128_divrem_u64(a, d64, &r64, &err);
    T_CHECK(div_ok(q, cy_u128_from_u64(r64), err, Z[0], Z[2], false), "divrem_u64 " FMT " %llx", HX(a),
            (unsigned long long)d64);
    uint32_t d32 = (uint32_t)(b.lo >> (b.hi & 32)), r32;
    mpz_set_ui(Z[2], d32);
    err = false;
    q = cy_u128_divrem_u32(a, d32, &r32, &err);
    T_CHECK(div_ok(q, cy_u128_from_u64(r32), err, Z[0], Z[2], false), "divrem_u32 " FMT " %x", HX(a), d32);
    check_div_pi(a, d64);

}

/* Adversarial divisions by a fixed divisor: d = 1, 2, 3, 2^63, 2^64 - 1, just above and below
 * powers of two (with the same divisor for many dividends, as the API is meant to be used), a in
 * {0, 1, d - 1, d, d + 1, 2^64 - 1, 2^64, 2^128 - 1, (2^64 - 1) d + r (quotient 2^64 - 1),
 * 2^64 d (quotient 2^64), (2^64 + 1) d - 1, 2^128 - 1 - (2^128 - 1) mod d (exact division)} and
 * random a. */
static void check_div_pi_edges(uint64_t d)
{
    cy_u128 m = cy_u128_make(UINT64_MAX, UINT64_MAX);
    cy_u128 as[] = {
        cy_u128_make(0, 0), cy_u128_make(0, 1), cy_u128_make(0, d - 1), cy_u128_make(0, d),
        cy_u128_add_u64(cy_u128_make(0, d), 1), cy_u128_make(0, UINT64_MAX), cy_u128_make(1, 0), m,
        cy_u128_mul_u64_u64(UINT64_MAX, d), cy_u128_add_u64(cy_u128_mul_u64_u64(UINT64_MAX, d), d - 1),
        cy_u128_make(d, 0), cy_u128_sub_u64(cy_u128_make(d, d), 1), cy_u128_make(UINT64_MAX, 0),
        cy_u128_make(d - 1, UINT64_MAX), cy_u128_make(d ? d - 1 : 0, 0),
    };
    for (size_t i = 0; i < sizeof as / sizeof as[0]; i++)
        check_div_pi(as[i], d);
    if (d) {
        uint64_t r;
        cy_u128_divrem_u64(m, d, &r, NULL);
        check_div_pi(cy_u128_sub_u64(m, r), d);
    }
    for (int i = 0; i < 8; i++)
        check_div_pi(rnd(), d);
}

static void check_sdiv(cy_u128 a, cy_u128 b)
{
    cy_s128 sa = cy_s128_from_u128(a), sb = cy_s128_from_u128(b), sr, sq;
    z_s(Z[0], sa);
    z_s(Z[1], sb);
    bool zero = mpz_sgn(Z[1]) == 0;
    /* the quotient overflows only for -2^127 / -1 */
    bool ovf = a.hi == (uint64_t)1 << 63 && a.lo == 0 && b.hi == UINT64_MAX && b.lo == UINT64_MAX;
    for (int fl = 0; fl < 2; fl++) {
        bool err = false;
        sq = fl ? cy_s128_divrem_floor(sa, sb, &sr, &err) : cy_s128_divrem_trunc(sa, sb, &sr, &err);
        int ok;
        if (zero)
            ok = err && cy_u128_eq(cy_u128_from_s128(sq), cy_u128_make(UINT64_MAX, UINT64_MAX)) &&
                 cy_u128_is_zero(cy_u128_from_s128(sr));
        else if (ovf)
            ok = err && cy_s128_eq(sq, sa) && cy_u128_is_zero(cy_u128_from_s128(sr));
        else {
            if (fl)
                mpz_fdiv_qr(Z[5], Z[6], Z[0], Z[1]);
            else
                mpz_tdiv_qr(Z[5], Z[6], Z[0], Z[1]);
            ok = !err && eq_s(sq, Z[5]) && eq_s(sr, Z[6]);
        }
        T_CHECK(ok, "s128_divrem_%s " FMT " " FMT, fl ? "floor" : "trunc", HX(a), HX(b));
        err = false;
        cy_s128 q2 = fl ? cy_s128_divrem_floor(sa, sb, NULL, &err) : cy_s128_divrem_trunc(sa, sb, NULL, &err);
        T_CHECK(cy_s128_eq(q2, sq) && err == (zero || ovf), "s128_divrem (rem NULL) " FMT " " FMT, HX(a), HX(b));
    }
}

/* Division by d (edge divisors: 1, 3, 2^63, 2^64 - 1, just above and below powers of two) at the
 * top of the 64-bit quotient range: a = (2^64 - 1) d + r for r in {0, 1, d - 1} (quotient exactly
 * 2^64 - 1, through u128 / u64, u128 / u128 and the mul_u64_add_u64_div_u64 helper), and
 * (2^64 - 1) d + d = 2^64 d, where the helper's quotient no longer fits. */
static void check_div_qmax(uint64_t d)
{
    if (d == 0)
        return;
    const uint64_t rs[3] = {0, 1 % d, d - 1};
    z_u64(Z[2], d);
    for (int i = 0; i < 3; i++) {
        uint64_t r = rs[i];
        z_u64(Z[0], UINT64_MAX);
        mpz_mul(Z[0], Z[0], Z[2]);
        z_u64(Z[3], r);
        mpz_add(Z[0], Z[0], Z[3]); /* (2^64 - 1) d + r */
        cy_u128 a = cy_u128_add_u64(cy_u128_mul_u64_u64(UINT64_MAX, d), r);
        T_CHECK(eq_u(a, Z[0]), "qmax operand %llx %llx", (unsigned long long)d, (unsigned long long)r);
        bool err = false;
        uint64_t rem;
        cy_u128 q = cy_u128_divrem_u64(a, d, &rem, &err);
        T_CHECK(div_ok(q, cy_u128_from_u64(rem), err, Z[0], Z[2], false), "qmax divrem_u64 %llx %llx",
                (unsigned long long)d, (unsigned long long)r);
        check_div_pi(a, d);
        err = false;
        cy_u128 r128;
        q = cy_u128_divrem(a, cy_u128_from_u64(d), &r128, &err);
        T_CHECK(div_ok(q, r128, err, Z[0], Z[2], false), "qmax divrem %llx %llx", (unsigned long long)d,
                (unsigned long long)r);
        err = false;
        uint64_t q64 = cy_mul_u64_add_u64_div_u64(UINT64_MAX, d, r, d, &err);
        mpz_fdiv_q(Z[4], Z[0], Z[2]);
        T_CHECK(!err && eq_u64(q64, Z[4]), "qmax mul_u64_add_u64_div_u64 %llx %llx", (unsigned long long)d,
                (unsigned long long)r);
    }
    bool err = false;
    uint64_t q64 = cy_mul_u64_add_u64_div_u64(UINT64_MAX, d, d, d, &err); /* 2^64 d / d = 2^64 */
    T_CHECK(err && q64 == UINT64_MAX, "qmax+1 mul_u64_add_u64_div_u64 %llx", (unsigned long long)d);
}

/* The 64-bit kernel helpers on (x, y, c, d). */
static void check_k64(uint64_t x, uint64_t y, uint64_t c, uint64_t d)
{
    z_u64(Z[0], x);
    z_u64(Z[1], y);
    z_u64(Z[2], c);
    z_u64(Z[3], d);
    mpz_set_ui(Z[7], 1);
    mpz_mul_2exp(Z[7], Z[7], 64); /* 2^64 */
    mpz_mul(Z[4], Z[0], Z[1]);     /* x * y */
    for (int k = 0; k < 4; k++) {
        bool err = false;
        uint64_t got;
        mpz_set(Z[5], Z[4]);
        switch (k) {
        case 0: got = cy_mul_u64_u64_div_u64(x, y, d, &err); break;
        case 1: got = cy_mul_u64_add_u64_div_u64(x, y, c, d, &err); mpz_add(Z[5], Z[5], Z[2]); break;
        case 2: got = cy_mul_u64_u64_div_u64_roundup(x, y, d, &err); break;
        default: got = cy_mul_u64_u64_div_u64_roundnear(x, y, d, &err); break;
        }
        int ok;
        if (d == 0)
            ok = err && got == UINT64_MAX;
        else {
            if (k == 2)
                mpz_cdiv_q(Z[6], Z[5], Z[3]);
            else if (k == 3) { /* floor(x*y/d + 1/2) = floor((2xy + d) / 2d) */
                mpz_mul_2exp(Z[6], Z[5], 1);
                mpz_add(Z[6], Z[6], Z[3]);
                mpz_fdiv_q(Z[6], Z[6], Z[3]);
                mpz_fdiv_q_2exp(Z[6], Z[6], 1);
            } else
                mpz_fdiv_q(Z[6], Z[5], Z[3]);
            ok = mpz_cmp(Z[6], Z[7]) >= 0 ? err && got == UINT64_MAX : !err && eq_u64(got, Z[6]);
        }
        T_CHECK(ok, "mul_u64_u64_div_u64 variant %d: %llx %llx %llx %llx -> %llx err %d", k,
                (unsigned long long)x, (unsigned long long)y, (unsigned long long)c, (unsigned long long)d,
                (unsigned long long)got, err);
    }
    bool err = false;
    uint64_t r, q = cy_div64_u64_rem(x, d, &r, &err);
    T_CHECK(d ? !err && q == x / d && r == x % d : err && q == UINT64_MAX && r == 0,
            "div64_u64_rem %llx %llx", (unsigned long long)x, (unsigned long long)d);

    /* PTP: diff = floor(base * |ppm| / (10^6 * 2^16)), adjust = base +- diff */
    int64_t ppm = (int64_t)y >> (y & 63);
    uint64_t diff;
    err = false;
    bool neg = cy_diff_by_scaled_ppm(x, ppm, &diff, &err);
    mpz_set_si(Z[1], 0);
    z_u64(Z[1], ppm < 0 ? (uint64_t)0 - (uint64_t)ppm : (uint64_t)ppm);
    mpz_mul(Z[4], Z[0], Z[1]);
    mpz_fdiv_q_ui(Z[4], Z[4], 1000000);
    mpz_fdiv_q_2exp(Z[4], Z[4], 16); /* floor(floor(v / 10^6) / 2^16) = floor(v / (10^6 2^16)) */
    bool big = mpz_cmp(Z[4], Z[7]) >= 0;
    T_CHECK(neg == (ppm < 0) && (big ? err && diff == UINT64_MAX : !err && eq_u64(diff, Z[4])),
            "diff_by_scaled_ppm %llx %lld", (unsigned long long)x, (long long)ppm);
    err = false;
    uint64_t adj = cy_adjust_by_scaled_ppm(x, ppm, &err);
    if (ppm < 0)
        mpz_sub(Z[5], Z[0], Z[4]);
    else
        mpz_add(Z[5], Z[0], Z[4]);
    int ok = mpz_sgn(Z[5]) < 0 ? err && adj == 0
           : mpz_cmp(Z[5], Z[7]) >= 0 ? err && adj == UINT64_MAX
           : !err && eq_u64(adj, Z[5]);
    T_CHECK(ok, "adjust_by_scaled_ppm %llx %lld -> %llx", (unsigned long long)x, (long long)ppm,
            (unsigned long long)adj);
}

static void check_strings(cy_u128 a)
{
    char buf[80], want[64];
    z_u(Z[0], a);
    mpz_get_str(want, 10, Z[0]);
    size_t n = cy_u128_to_dec(buf, a);
    T_CHECK(n == strlen(want) && !strcmp(buf, want), "to_dec " FMT ": %s", HX(a), buf);
    cy_u128 r;
    T_CHECK(cy_u128_from_dec(&r, want, strlen(want)) == CY_OK && cy_u128_eq(r, a), "from_dec %s", want);
    mpz_get_str(want, 16, Z[0]);
    n = cy_u128_to_hex(buf, a);
    T_CHECK(n == strlen(want) && !strcmp(buf, want), "to_hex " FMT ": %s", HX(a), buf);
    T_CHECK(cy_u128_from_hex(&r, want, strlen(want)) == CY_OK && cy_u128_eq(r, a), "from_hex %s", want);
    for (char *p = want; *p; p++) /* upper case with prefix */
        *p = (char)(*p >= 'a' ? *p - 'a' + 'A' : *p);
    snprintf(buf, sizeof buf, "0x%s", want);
    T_CHECK(cy_u128_from_hex(&r, buf, strlen(buf)) == CY_OK && cy_u128_eq(r, a), "from_hex %s", buf);

    cy_s128 sa = cy_s128_from_u128(a), sr;
    z_s(Z[1], sa);
    mpz_get_str(want, 10, Z[1]);
    n = cy_s128_to_dec(buf, sa);
    T_CHECK(n == strlen(want) && !strcmp(buf, want), "s128_to_dec " FMT ": %s", HX(a), buf);
    T_CHECK(cy_s128_from_dec(&sr, want, strlen(want)) == CY_OK && cy_s128_eq(sr, sa), "s128_from_dec %s", want);
    mpz_get_str(want, 16, Z[1]); /* "-" and the magnitude for a negative value */
    n = cy_s128_to_hex(buf, sa);
    T_CHECK(n == strlen(want) && n < CY_S128_HEX_SIZE && !strcmp(buf, want), "s128_to_hex " FMT ": %s", HX(a), buf);
    T_CHECK(cy_s128_from_hex(&sr, want, strlen(want)) == CY_OK && cy_s128_eq(sr, sa), "s128_from_hex %s", want);
    /* with a '+' or '-' sign and an upper-case prefix: "+0X1F", "-0X1F" */
    bool neg = want[0] == '-';
    snprintf(buf, sizeof buf, "%c0X%s", neg ? '-' : '+', want + neg);
    T_CHECK(cy_s128_from_hex(&sr, buf, strlen(buf)) == CY_OK && cy_s128_eq(sr, sa), "s128_from_hex %s", buf);
}

/* Fixed parsing cases: invalid digits, empty input, overflow at the exact boundary. */
static void check_parse_errors(void)
{
    static const struct {
        const char *s;
        int base, sign;
        int st;
    } cases[] = {
        {"", 10, 0, CY_EEMPTY},
        {"12a", 10, 0, CY_EDIGIT},
        {" 1", 10, 0, CY_EDIGIT},
        {"-1", 10, 0, CY_EDIGIT},
        {"340282366920938463463374607431768211455", 10, 0, CY_OK},
        {"340282366920938463463374607431768211456", 10, 0, CY_ERANGE},
        {"0000000000000000000000000000000000000000000000000000340282366920938463463374607431768211455", 10, 0, CY_OK},
        {"999999999999999999999999999999999999999999", 10, 0, CY_ERANGE},
        {"99999999999999999999999999999999999999999x", 10, 0, CY_EDIGIT},
        {"ffffffffffffffffffffffffffffffff", 16, 0, CY_OK},
        {"1ffffffffffffffffffffffffffffffff", 16, 0, CY_ERANGE},
        {"0x", 16, 0, CY_EEMPTY},
        {"0xg", 16, 0, CY_EDIGIT},
        {"170141183460469231731687303715884105727", 10, 1, CY_OK},
        {"170141183460469231731687303715884105728", 10, 1, CY_ERANGE},
        {"-170141183460469231731687303715884105728", 10, 1, CY_OK},
        {"-170141183460469231731687303715884105729", 10, 1, CY_ERANGE},
        {"+5", 10, 1, CY_OK},
        {"-", 10, 1, CY_EEMPTY},
        {"--5", 10, 1, CY_EDIGIT},
        {"7fffffffffffffffffffffffffffffff", 16, 1, CY_OK},
        {"80000000000000000000000000000000", 16, 1, CY_ERANGE},
        {"-80000000000000000000000000000000", 16, 1, CY_OK},
        {"-0x80000000000000000000000000000001", 16, 1, CY_ERANGE},
        {"+0x7FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF", 16, 1, CY_OK},
        {"-0x00000000000000000000000000000000000000080000000000000000000000000000000", 16, 1, CY_OK},
        {"-0x", 16, 1, CY_EEMPTY},
        {"0x-1", 16, 1, CY_EDIGIT},
        {"-1g", 16, 1, CY_EDIGIT},
        {"-", 16, 1, CY_EEMPTY},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const char *s = cases[i].s;
        size_t n = strlen(s);
        int st;
        int ok;
        if (cases[i].sign) {
            cy_s128 r;
            st = cases[i].base == 10 ? cy_s128_from_dec(&r, s, n) : cy_s128_from_hex(&r, s, n);
            /* GMP takes a "0x" prefix only in base 0, and no '+' */
            mpz_set_str(Z[0], s[0] == '+' ? s + 1 : s, strchr(s, 'x') || strchr(s, 'X') ? 0 : cases[i].base);
            ok = st == cases[i].st;
            if (st == CY_OK)
                ok &= eq_s(r, Z[0]);
            else if (st == CY_EDIGIT || st == CY_EEMPTY)
                ok &= cy_u128_is_zero(cy_u128_from_s128(r));
            else
                ok &= cy_s128_eq(r, s[0] == '-' ? cy_s128_make(INT64_MIN, 0) : cy_s128_make(INT64_MAX, UINT64_MAX));
        } else {
            cy_u128 r;
            st = cases[i].base == 10 ? cy_u128_from_dec(&r, s, n) : cy_u128_from_hex(&r, s, n);
            ok = st == cases[i].st;
            if (st == CY_OK) {
                mpz_set_str(Z[0], s, cases[i].base);
                ok &= eq_u(r, Z[0]);
            } else if (st == CY_EDIGIT || st == CY_EEMPTY)
                ok &= cy_u128_is_zero(r);
            else
                ok &= cy_u128_eq(r, cy_u128_make(UINT64_MAX, UINT64_MAX));
        }
        T_CHECK(ok, "parse \"%s\" -> status %d", s, (int)st);
    }
    /* a string is read only up to n: "123" with n = 2 is 12 */
    cy_u128 r;
    T_CHECK(cy_u128_from_dec(&r, "123", 2) == CY_OK && cy_u128_eq(r, cy_u128_from_u64(12)), "from_dec length");
}

static void check_construct(cy_u128 a)
{
    static const cy_u128 c = CY_U128_INIT(0x0123456789abcdefu, 0xfedcba9876543210u);
    static const cy_s128 s = CY_S128_INIT(-2, 5);
    T_CHECK(c.hi == 0x0123456789abcdefu && c.lo == 0xfedcba9876543210u && s.hi == UINT64_MAX - 1 && s.lo == 5 &&
                cy_s128_hi(s) == -2,
            "initialisers");
    cy_u128 m = cy_u128_make(a.hi, a.lo);
    T_CHECK(cy_u128_hi(m) == a.hi && cy_u128_lo(m) == a.lo && cy_u128_eq(cy_u128_from_u64(a.lo), cy_u128_make(0, a.lo)),
            "make/hi/lo " FMT, HX(a));
    z_s(Z[0], cy_s128_from_u128(a));
    mpz_fdiv_q_2exp(Z[1], Z[0], 64);
    int64_t h = cy_s128_hi(cy_s128_from_u128(a));
    z_u64(Z[2], (uint64_t)h); /* the oracle reads h from its bits: h < 0 means h + 2^64 */
    if (h < 0) {
        mpz_set_ui(Z[3], 1);
        mpz_mul_2exp(Z[3], Z[3], 64);
        mpz_sub(Z[2], Z[2], Z[3]);
    }
    T_CHECK(mpz_cmp(Z[1], Z[2]) == 0 && cy_s128_lo(cy_s128_from_u128(a)) == a.lo,
            "s128_hi/lo " FMT, HX(a));
    /* x = a.lo read as int64_t, shifted arithmetically (the oracle builds it from halves) */
    int64_t x = (int64_t)a.lo >> (a.hi & 63); /* GCC and clang: modular conversion, arithmetic shift */
    z_u64(Z[2], a.lo);
    if (a.lo >> 63) {
        mpz_set_ui(Z[3], 1);
        mpz_mul_2exp(Z[3], Z[3], 64);
        mpz_sub(Z[2], Z[2], Z[3]);
    }
    mpz_fdiv_q_2exp(Z[2], Z[2], a.hi & 63);
    T_CHECK(eq_s(cy_s128_from_s64(x), Z[2]) && cy_u128_eq(cy_u128_from_s128(cy_s128_make(cy_s128_hi(cy_s128_from_u128(a)), a.lo)), a),
            "s128_from_s64 / make " FMT, HX(a));
#ifdef __SIZEOF_INT128__
    cy_u128_native n = cy_u128_to_native(a);
    T_CHECK((uint64_t)(n >> 64) == a.hi && (uint64_t)n == a.lo && cy_u128_eq(cy_u128_from_native(n), a),
            "native conversion " FMT, HX(a));
    cy_s128_native sn = cy_s128_to_native(cy_s128_from_u128(a));
    T_CHECK((sn < 0) == (a.hi >> 63) && cy_s128_eq(cy_s128_from_native(sn), cy_s128_from_u128(a)),
            "signed native conversion " FMT, HX(a));
#endif
}

static void check_pair(cy_u128 a, cy_u128 b, unsigned n)
{
    check_compare(a, b);
    check_addsub(a, b);
    check_logic(a, b);
    check_mul(a, b, n);
    check_div(a, b);
    check_sdiv(a, b);
}

int main(void)
{
    static const char *const names[] = {"", "test_u128 (native)", "test_u128 (halves)", "test_u128 (digits32)"};
    t_init(names[CY_U128_BACKEND]);
    for (int i = 0; i < 8; i++)
        mpz_init(Z[i]);
    for (int i = 0; i < 4; i++)
        mpz_init(W[i]);
    make_edges();

    check_parse_errors();
    /* Every edge pair, and every shift count 0..300 on every edge (the multiply-shifts' count runs
     * over 0..260 along the pairs). Exhaustive at CARRY_TEST_REPS >= 1; a smaller scale (the
     * valgrind configuration) takes every k-th pair, k = 1 / scale, each edge still in both roles. */
    size_t stride = 1000000 / t_reps(1000000);
    stride = stride ? stride : 1;
    unsigned n = 0;
    for (size_t i = 0; i < nedges; i++) {
        check_construct(edges[i]);
        check_strings(edges[i]);
        for (unsigned s = (unsigned)(i % stride); s <= 300; s += (unsigned)stride)
            check_shift(edges[i], s);
        for (size_t j = i % stride; j < nedges; j += stride)
            check_pair(edges[i], edges[j], n++ % 261);
    }
    /* the 64-bit helpers on every pair of 64-bit edge words, as (x, y) with the divisor and the
     * addend running over the edge set, and as (x, d) with y running over it */
    uint64_t e64[3 * 64 + 2];
    size_t n64 = 0;
    for (size_t i = 0; i < nedges; i++)
        if (edges[i].hi == 0)
            e64[n64++] = edges[i].lo; /* 0, 1, 2^k - 1, 2^k, 2^k + 1 (k < 64), 2^64 - 1 */
    for (size_t i = 0; i < n64; i++)
        for (size_t j = i % stride; j < n64; j += stride) {
            check_k64(e64[i], e64[j], e64[(i + j) % n64], e64[(7 * i + j) % n64]);
            check_k64(e64[i], e64[(7 * i + j) % n64], e64[(i + j) % n64], e64[j]);
        }
    for (size_t i = 0; i < n64; i++) {
        check_div_qmax(e64[i]);
        check_div_pi_edges(e64[i]);
    }
    /* special divisions: -2^127 / -1 and the like */
    check_sdiv(cy_u128_make((uint64_t)1 << 63, 0), cy_u128_make(UINT64_MAX, UINT64_MAX));

    size_t reps = t_reps(1000000);
    for (size_t i = 0; i < reps; i++) {
        cy_u128 a = rnd(), b = rnd();
        unsigned s = (unsigned)t_below(270);
        check_pair(a, b, s);
        check_shift(a, s);
        if (i % 4 == 0) {
            check_div_qmax(rnd64());
            check_div_pi_edges(rnd64());
            check_construct(a);
            check_strings(a);
        }
        /* x, y, d with random lengths: the quotient fits about half the time */
        check_k64(t_rand64() >> t_below(64), rnd64() >> t_below(64), rnd64(), rnd64() >> t_below(64));
    }
#if CY_U128_BACKEND != CY_U128_NATIVE
    T_CHECK(cover[0] > 0, "the division's quotient-digit correction never ran");
#endif
    T_CHECK(cover[1] > 0, "the division's final correction (add back / increment) never ran");
    T_CHECK(cover[2] > 0, "the reciprocal division's rare correction (quotient one too small) never ran");
    printf("corrections: estimate %lu, final %lu, reciprocal %lu\n", cover[0], cover[1], cover[2]);
    for (int i = 0; i < 8; i++)
        mpz_clear(Z[i]);
    for (int i = 0; i < 4; i++)
        mpz_clear(W[i]);
    return t_done();
}
