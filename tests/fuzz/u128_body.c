/* The carry/u128.h checks of fuzz_u128 for one backend (CY_U128_BACKEND, see CMakeLists.txt),
 * against the compiler's unsigned __int128: the entry point FZ_VARIANT decodes one operation.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "fuzz.h"
#include "carry/u128.h"

typedef unsigned __int128 u128;
typedef __int128 s128;

static u128 N(cy_u128 a) { return (u128)cy_u128_hi(a) << 64 | cy_u128_lo(a); }
static s128 S(cy_s128 a) { return (s128)N(cy_u128_from_s128(a)); }
static cy_u128 C(u128 a) { return cy_u128_make((uint64_t)(a >> 64), (uint64_t)a); }
static cy_s128 CS(s128 a) { return cy_s128_from_u128(C((u128)a)); }

static u128 get(fz_in *in)
{
    cy_limb l[128 / CY_LIMB_BITS];
    fz_limbs(in, l, 128 / CY_LIMB_BITS);
    u128 x = 0;
    for (int i = 128 / CY_LIMB_BITS - 1; i >= 0; i--)
        x = x << (CY_LIMB_BITS % 128) | l[i];
    return x;
}

/* The exact 256-bit product hi * 2^128 + lo by 64-bit pieces (schoolbook, independent of u128.h). */
static void mul256(u128 a, u128 b, u128 *hi, u128 *lo)
{
    uint64_t x[2] = {(uint64_t)a, (uint64_t)(a >> 64)}, y[2] = {(uint64_t)b, (uint64_t)(b >> 64)};
    uint64_t r[4] = {0};
    for (int i = 0; i < 2; i++) {
        u128 c = 0;
        for (int j = 0; j < 2; j++) {
            c += (u128)x[i] * y[j] + r[i + j];
            r[i + j] = (uint64_t)c;
            c >>= 64;
        }
        r[i + 2] = (uint64_t)c;
    }
    *lo = (u128)r[1] << 64 | r[0];
    *hi = (u128)r[3] << 64 | r[2];
}

/* Reference parser: digits of base 10 or 16 (hex: optional 0x after the sign), CY_EEMPTY,
 * CY_EDIGIT or CY_ERANGE as documented. */
static int ref_parse(u128 *v, const char *s, size_t n, int hex)
{
    if (hex && n >= 2 && s[0] == '0' && (s[1] == 'x' || s[1] == 'X'))
        s += 2, n -= 2;
    if (n == 0)
        return CY_EEMPTY;
    u128 x = 0;
    int over = 0;
    for (size_t i = 0; i < n; i++) {
        int c = (unsigned char)s[i], d;
        if (c >= '0' && c <= '9') d = c - '0';
        else if (hex && c >= 'a' && c <= 'f') d = c - 'a' + 10;
        else if (hex && c >= 'A' && c <= 'F') d = c - 'A' + 10;
        else return CY_EDIGIT;
        u128 base = hex ? 16 : 10;
        if (x > (~(u128)0 - d) / base)
            over = 1;
        x = x * base + d;
    }
    *v = x;
    return over ? CY_ERANGE : 0;
}

int FZ_VARIANT(fz_in *in)
{
    int op = fz_byte(in) % 10;
    u128 a = get(in), b = get(in), w, h, l;
    unsigned k = fz_byte(in);
    cy_u128 A = C(a), B = C(b), R, Q;
    bool err = false;
    unsigned c;
    switch (op) {
    case 0: /* additive */
        R = cy_u128_addc(A, B, k & 1, &c);
        w = a + b + (k & 1);
        FZ_CHECK(N(R) == w && c == (w < a || (w == a && (b | (k & 1)))), "addc");
        R = cy_u128_subb(A, B, k & 1, &c);
        FZ_CHECK(N(R) == a - b - (k & 1) && c == (a < b || (a == b && (k & 1))), "subb");
        FZ_CHECK(N(cy_u128_add_sat(A, B)) == (a + b < a ? ~(u128)0 : a + b), "add_sat");
        FZ_CHECK(N(cy_u128_sub_sat(A, B)) == (a < b ? 0 : a - b), "sub_sat");
        FZ_CHECK(N(cy_u128_neg(A)) == -a && cy_u128_cmp(A, B) == (a > b) - (a < b), "neg/cmp");
        {
            cy_s128 r = cy_s128_add_checked(CS((s128)a), CS((s128)b), &err);
            s128 x = (s128)a, y = (s128)b, z;
            int over = __builtin_add_overflow(x, y, &z);
            FZ_CHECK(S(r) == (s128)(a + b) && err == over, "s128_add_checked");
            err = false;
            r = cy_s128_sub_checked(CS(x), CS(y), &err);
            over = __builtin_sub_overflow(x, y, &z);
            FZ_CHECK(S(r) == (s128)(a - b) && err == over, "s128_sub_checked");
        }
        break;
    case 1: case 2: /* products */
        mul256(a, b, &h, &l);
        R = cy_u128_mul_full(A, B, &Q);
        FZ_CHECK(N(R) == l && N(Q) == h && N(cy_u128_mul(A, B)) == l && N(cy_u128_mul_hi(A, B)) == h, "mul_full");
        {
            unsigned n = k % 260;
            u128 want = n >= 256 ? 0 : n >= 128 ? h >> (n - 128) : n == 0 ? l : l >> n | h << (128 - n);
            FZ_CHECK(N(cy_u128_mul_shr(A, B, n)) == want, "mul_shr %u", n);
            uint64_t hi64;
            mul256(a, (uint64_t)b, &h, &l);
            R = cy_u128_mul_u64_full(A, (uint64_t)b, &hi64);
            FZ_CHECK(N(R) == l && hi64 == (uint64_t)h, "mul_u64_full");
            s128 x = (s128)a, y = (s128)b, z;
            int over = __builtin_mul_overflow(x, y, &z);
            cy_s128 r = cy_s128_mul_checked(CS(x), CS(y), &err);
            FZ_CHECK(S(r) == (s128)(a * b) && err == over, "s128_mul_checked");
        }
        break;
    case 3: case 4: /* division */
        Q = cy_u128_divrem(A, B, &R, &err);
        FZ_CHECK(b ? !err && N(Q) == a / b && N(R) == a % b : err && N(Q) == ~(u128)0 && N(R) == 0, "divrem");
        {
            uint64_t r64, d = (uint64_t)b;
            err = false;
            Q = cy_u128_divrem_u64(A, d, &r64, &err);
            FZ_CHECK(d ? !err && N(Q) == a / d && r64 == a % d : err && N(Q) == ~(u128)0 && r64 == 0, "divrem_u64");
            err = false;
            cy_u128_divisor dv = cy_u128_divisor_init(d, &err);
            r64 = 1;
            Q = cy_u128_divrem_u64_pi(A, &dv, &r64);
            FZ_CHECK(d ? !err && N(Q) == a / d && r64 == a % d : err && N(Q) == ~(u128)0 && r64 == 0, "divrem_u64_pi");
            uint32_t r32, d32 = (uint32_t)b;
            err = false;
            Q = cy_u128_divrem_u32(A, d32, &r32, &err);
            FZ_CHECK(d32 ? !err && N(Q) == a / d32 && r32 == a % d32 : err && N(Q) == ~(u128)0 && r32 == 0, "divrem_u32");
            u128 b96 = k & 1 ? b >> 32 : b; /* below 2^96 half the time */
            err = false;
            Q = cy_u128_divrem_u96(A, C(b96), &R, &err);
            int bad = (b96 >> 96) != 0 || b96 == 0;
            FZ_CHECK(err == bad && (b96 ? N(Q) == a / b96 && N(R) == a % b96 : N(Q) == ~(u128)0 && N(R) == 0), "divrem_u96");
            s128 x = (s128)a, y = (s128)b;
            cy_s128 sr, sq;
            err = false;
            int floor = k & 2;
            sq = floor ? cy_s128_divrem_floor(CS(x), CS(y), &sr, &err) : cy_s128_divrem_trunc(CS(x), CS(y), &sr, &err);
            s128 min = (s128)((u128)1 << 127);
            if (y == 0) {
                FZ_CHECK(err && S(sq) == -1 && S(sr) == 0, "s128 divrem by 0");
            } else if (x == min && y == -1) {
                FZ_CHECK(err && S(sq) == min && S(sr) == 0, "s128 divrem -2^127 / -1");
            } else {
                s128 q = x / y, r = x % y;
                if (floor && r && ((r < 0) != (y < 0)))
                    q--, r += y;
                FZ_CHECK(!err && S(sq) == q && S(sr) == r, "s128 divrem_%s", floor ? "floor" : "trunc");
            }
        }
        break;
    case 5: { /* shifts and bits */
        unsigned n = k % 140;
        FZ_CHECK(N(cy_u128_shl(A, n)) == (n >= 128 ? 0 : a << n) && N(cy_u128_shr(A, n)) == (n >= 128 ? 0 : a >> n), "shl/shr %u", n);
        unsigned m = n % 128;
        FZ_CHECK(N(cy_u128_rotl(A, n)) == (m ? a << m | a >> (128 - m) : a), "rotl %u", n);
        s128 x = (s128)a;
        FZ_CHECK(S(cy_s128_sar(CS(x), n)) == (n >= 128 ? (x < 0 ? -1 : 0) : x >> n), "sar %u", n);
        unsigned lz = a ? (unsigned)(a >> 64 ? __builtin_clzll((uint64_t)(a >> 64)) : 64 + __builtin_clzll((uint64_t)a)) : 128;
        unsigned tz = a ? (unsigned)((uint64_t)a ? __builtin_ctzll((uint64_t)a) : 64 + __builtin_ctzll((uint64_t)(a >> 64))) : 128;
        FZ_CHECK(cy_u128_clz(A) == lz && cy_u128_ctz(A) == tz && cy_u128_bit_length(A) == 128 - lz, "clz/ctz");
        FZ_CHECK(cy_u128_popcount(A) == (unsigned)(__builtin_popcountll((uint64_t)a) + __builtin_popcountll((uint64_t)(a >> 64))), "popcount");
        break;
    }
    case 6: { /* the kernel-style 64-bit helpers */
        uint64_t x = (uint64_t)a, y = (uint64_t)(a >> 64), d = (uint64_t)b;
        uint64_t q = cy_mul_u64_u64_div_u64(x, y, d, &err);
        u128 p = (u128)x * y;
        int over = !d || (p / d) >> 64 != 0; /* also d = 0: UINT64_MAX and an error */
        FZ_CHECK(err == over && q == (over ? UINT64_MAX : (uint64_t)(p / d)), "mul_u64_u64_div_u64");
        break;
    }
    case 7: { /* conversions out and back */
        char buf[CY_U128_DEC_SIZE], ref[48];
        size_t n = cy_u128_to_dec(buf, A);
        int len = 0;
        u128 t = a;
        do
            ref[len++] = (char)('0' + (int)(t % 10));
        while (t /= 10);
        for (int i = 0; i < len / 2; i++) {
            char x = ref[i];
            ref[i] = ref[len - 1 - i];
            ref[len - 1 - i] = x;
        }
        ref[len] = 0;
        FZ_CHECK(n == (size_t)len && !strcmp(buf, ref), "to_dec");
        FZ_CHECK(!cy_u128_from_dec(&R, buf, n) && N(R) == a, "from_dec");
        char hex[CY_U128_HEX_SIZE];
        n = cy_u128_to_hex(hex, A);
        FZ_CHECK(!cy_u128_from_hex(&R, hex, n) && N(R) == a, "to_hex/from_hex");
        char sd[CY_U128_DEC_SIZE + 1];
        n = cy_s128_to_dec(sd, CS((s128)a));
        cy_s128 sr;
        FZ_CHECK(!cy_s128_from_dec(&sr, sd, n) && S(sr) == (s128)a, "s128 dec");
        break;
    }
    default: { /* parsing the rest of the input */
        char s[64];
        size_t n = 0;
        while (in->n && n < sizeof s)
            s[n++] = (char)fz_byte(in);
        int hex = op == 9;
        u128 v = 0;
        int want = ref_parse(&v, s, n, hex);
        int got = hex ? cy_u128_from_hex(&R, s, n) : cy_u128_from_dec(&R, s, n);
        u128 wantv = want == CY_ERANGE ? ~(u128)0 : want ? 0 : v;
        FZ_CHECK(got == want && N(R) == wantv, "from_%s: %d, want %d", hex ? "hex" : "dec", got, want);
        break;
    }
    }
    return 0;
}
