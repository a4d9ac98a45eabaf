/* Every unsigned fixed-width operation against GMP (mpz), for one width TW (compiled once per
 * width, and once more per code path: CY_UINT_NO_ASM, -mbmi2 -madx). Random operands of every
 * shape (t_fill), powers of two and their neighbours, short values of random bit length, and for
 * the modular helpers values next to the modulus. SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

#ifndef TW
#  error "compile with -DTW=<width>"
#endif
#define CAT_(a, b, c) a##b##c
#define CAT(a, b, c) CAT_(a, b, c)
#define F(f) CAT(cy_u, TW, _##f)
typedef CAT(cy_u, TW, ) T;
#define N (TW / CY_LIMB_BITS)

/* The operands of the current case, dumped on a failure. */
static T A, B, M;
static unsigned K;

#define CHECK(cond, op)                                                                           \
    do {                                                                                          \
        if (cond) {                                                                               \
            t_pass();                                                                             \
        } else {                                                                                  \
            t_fail(__FILE__, __LINE__, "%s (W=%d, k=%u)", op, TW, K);                             \
            t_dump("a", A.l, N);                                                                  \
            t_dump("b", B.l, N);                                                                  \
            t_dump("m", M.l, N);                                                                  \
        }                                                                                         \
    } while (0)

static void gen(T *x)
{
    unsigned k = (unsigned)t_below(TW);
    unsigned j = (unsigned)t_below(k + 1);
    switch (t_below(9)) {
    case 0: case 1: case 2: t_fill(x->l, N, T_ANY); break;
    case 8: /* 2^k + 2^j - 1: a one, zeros, ones; normalised, a top limb near B/2 and the next
             * limbs all ones make algorithm D's first quotient estimates two too large */
        *x = F(add)(F(shl)(F(from_u64)(1), k), F(sub)(F(shl)(F(from_u64)(1), j), F(from_u64)(1)));
        break;
    case 3: *x = F(shl)(F(from_u64)(1), k); break;                          /* 2^k */
    case 4: *x = F(sub)(F(shl)(F(from_u64)(1), k), F(from_u64)(1)); break; /* 2^k - 1 */
    case 5: t_fill(x->l, N, T_UNIFORM); *x = F(shr)(*x, k); break;          /* short */
    case 6: *x = t_below(2) ? F(from_u64)(t_below(4)) : F(not)(F(from_u64)(t_below(3))); break;
    default: t_fill(x->l, N, T_RUNS); *x = F(shr)(*x, k); break;
    }
}

/* A value next to m: m + d or m - d for a small d, or random below m, or m itself. */
static void gen_near(T *x, T m)
{
    T d = F(from_u64)(t_below(5));
    switch (t_below(5)) {
    case 0: *x = F(add)(m, d); break;
    case 1: *x = F(sub)(m, d); break;
    case 2: *x = m; break;
    default: gen(x); break;
    }
}

static void z(mpz_t r, T x) { t_to_mpz(r, x.l, N); }

/* x == v mod 2^W (v may be negative or >= 2^W) */
static int eqz(T x, const mpz_t v)
{
    mpz_t t, u;
    mpz_inits(t, u, NULL);
    mpz_fdiv_r_2exp(u, v, TW);
    z(t, x);
    int ok = mpz_cmp(t, u) == 0;
    mpz_clears(t, u, NULL);
    return ok;
}

static mpz_t za, zb, zm, zv, zw, zp; /* operands, expected values, 2^W */
static size_t R;

static void test_conversions(void)
{
    unsigned char be[TW / 8], le[TW / 8], ex[TW / 8];
    char s[CY_UINT_DEC_SIZE(TW) + 8], *g;
    for (size_t i = 0; i < R; i++) {
        gen(&A);
        z(za, A);
        uint64_t x = t_rand64(), y = t_rand64(), hi, lo;
        mpz_set_ui(zv, 0);
        mpz_import(zv, 1, 1, 8, 0, 0, &x);
        CHECK(eqz(F(from_u64)(x), zv) && F(to_u64)(F(from_u64)(x)) == x, "from_u64");
        mpz_fdiv_r_2exp(zv, za, 64);
        mpz_export(&lo, NULL, -1, 8, 0, 0, zv);
        CHECK(F(to_u64)(A) == (mpz_sgn(zv) ? lo : 0), "to_u64");
        F(to_u64x2)(&hi, &lo, F(from_u64x2)(x, y));
        T xy = F(from_u64x2)(x, y);
        mpz_import(zv, 1, 1, 8, 0, 0, &x);
        mpz_mul_2exp(zv, zv, 64);
        mpz_import(zw, 1, 1, 8, 0, 0, &y);
        mpz_add(zv, zv, zw);
        CHECK(eqz(xy, zv) && hi == x && lo == y, "u64x2");
        cy_u128 w = F(to_u128)(A);
        F(to_u64x2)(&hi, &lo, A);
        CHECK(cy_u128_hi(w) == hi && cy_u128_lo(w) == lo &&
                  F(eq)(F(from_u128)(cy_u128_make(x, y)), xy),
              "u128");

        /* bytes: GMP exports without leading zeros, so right-align in the buffer */
        memset(ex, 0, sizeof ex);
        size_t cnt = 0;
        mpz_export(ex, &cnt, 1, 1, 1, 0, za);
        memmove(ex + sizeof ex - cnt, ex, cnt);
        memset(ex, 0, sizeof ex - cnt);
        F(to_be)(be, A);
        CHECK(memcmp(be, ex, sizeof be) == 0, "to_be");
        CHECK(F(eq)(F(from_be)(ex), A), "from_be");
        for (size_t j = 0; j < sizeof le; j++)
            le[j] = ex[sizeof ex - 1 - j];
        F(to_le)(be, A);
        CHECK(memcmp(be, le, sizeof le) == 0, "to_le");
        CHECK(F(eq)(F(from_le)(le), A), "from_le");

        /* strings */
        T r;
        g = mpz_get_str(NULL, 16, za);
        size_t n = F(to_hex)(s, A);
        CHECK(n == strlen(g) && strcmp(s, g) == 0, "to_hex");
        CHECK(F(from_hex)(&r, g) == CY_OK && F(eq)(r, A), "from_hex");
        snprintf(s, sizeof s, "0X%s", g);
        for (char *c = s; *c; c++)
            if (t_below(2) && *c >= 'a')
                *c = (char)(*c - 'a' + 'A');
        CHECK(F(from_hex)(&r, s) == CY_OK && F(eq)(r, A), "from_hex upper/prefix");
        free(g);
        g = mpz_get_str(NULL, 10, za);
        n = F(to_dec)(s, A);
        CHECK(n == strlen(g) && strcmp(s, g) == 0, "to_dec");
        CHECK(F(from_dec)(&r, g) == CY_OK && F(eq)(r, A), "from_dec");
        /* leading zeros are fine */
        snprintf(s, sizeof s, "000000%s", g);
        CHECK(F(from_dec)(&r, s) == CY_OK && F(eq)(r, A), "from_dec zeros");
        /* a bad character anywhere */
        size_t len = strlen(g);
        strcpy(s, g);
        s[t_below(len)] = "x -/:g\x7f"[t_below(7)];
        CHECK(F(from_dec)(&r, s) == CY_EDIGIT && F(is_zero)(r), "from_dec bad digit");
        CHECK(F(from_hex)(&r, s) == CY_EDIGIT || strchr(s, 'x') == s + 1, "from_hex bad digit");
        free(g);
        /* overflow: 2^W + small, and 2^W + random, and a random value above 2^W */
        mpz_add(zv, zp, za);
        if (t_below(2))
            mpz_mul_2exp(zv, zv, t_below(70));
        g = mpz_get_str(NULL, 10, zv);
        CHECK(F(from_dec)(&r, g) == CY_ERANGE && F(is_zero)(r), "from_dec overflow");
        free(g);
        g = mpz_get_str(NULL, 16, zv);
        CHECK(F(from_hex)(&r, g) == CY_ERANGE && F(is_zero)(r), "from_hex overflow");
        free(g);
    }
    T r;
    CHECK(cy__invert_limb(CY__DEC_BASE << CY__DEC_SHIFT) == CY__DEC_RECIP, "decimal reciprocal");
    CHECK(F(from_dec)(&r, "") == CY_EEMPTY, "from_dec empty");
    CHECK(F(from_hex)(&r, "") == CY_EEMPTY, "from_hex empty");
    CHECK(F(from_hex)(&r, "0x") == CY_EEMPTY, "from_hex 0x");
    CHECK(F(from_hex)(&r, "0") == CY_OK && F(is_zero)(r), "from_hex 0");
    CHECK(F(to_dec)(s, F(from_u64)(0)) == 1 && !strcmp(s, "0"), "to_dec 0");
}

static void test_add_sub(void)
{
    for (size_t i = 0; i < R; i++) {
        gen(&A);
        if (t_below(4))
            gen(&B);
        else
            gen_near(&B, A);
        z(za, A);
        z(zb, B);
        T r;
        unsigned cin = (unsigned)t_below(2);
        int c = mpz_cmp(za, zb);
        CHECK(F(cmp)(A, B) == (c > 0) - (c < 0) && F(eq)(A, B) == (c == 0) &&
                  F(lt)(A, B) == (c < 0) && F(is_zero)(A) == (mpz_sgn(za) == 0),
              "cmp");
        mpz_add(zv, za, zb);
        CHECK(eqz(F(add)(A, B), zv), "add");
        int ovf = mpz_cmp(zv, zp) >= 0;
        CHECK(F(add_checked)(&r, A, B) == (ovf ? CY_ERANGE : CY_OK) && eqz(r, zv),
              "add_checked");
        CHECK(ovf ? F(eq)(F(add_sat)(A, B), F(not)(F(from_u64)(0))) : eqz(F(add_sat)(A, B), zv),
              "add_sat");
        mpz_add_ui(zv, zv, cin);
        CHECK(F(addc)(&r, A, B, cin) == (mpz_cmp(zv, zp) >= 0) && eqz(r, zv), "addc");
        mpz_sub(zv, za, zb);
        CHECK(eqz(F(sub)(A, B), zv), "sub");
        ovf = mpz_sgn(zv) < 0;
        CHECK(F(sub_checked)(&r, A, B) == (ovf ? CY_ERANGE : CY_OK) && eqz(r, zv),
              "sub_checked");
        CHECK(ovf ? F(is_zero)(F(sub_sat)(A, B)) : eqz(F(sub_sat)(A, B), zv), "sub_sat");
        mpz_sub_ui(zv, zv, cin);
        CHECK(F(subb)(&r, A, B, cin) == (mpz_sgn(zv) < 0) && eqz(r, zv), "subb");
        mpz_neg(zv, za);
        CHECK(eqz(F(neg)(A), zv), "neg");
    }
}

static void test_mul(void)
{
    for (size_t i = 0; i < R; i++) {
        gen(&A);
        gen(&B);
        z(za, A);
        z(zb, B);
        T hi, lo;
        mpz_mul(zv, za, zb);
        CHECK(eqz(F(mul)(A, B), zv), "mul");
        F(mul_wide)(&hi, &lo, A, B);
        mpz_fdiv_q_2exp(zw, zv, TW);
        CHECK(eqz(lo, zv) && eqz(hi, zw), "mul_wide");
        mpz_mul(zv, za, za);
        CHECK(eqz(F(sqr)(A), zv), "sqr");
        F(sqr_wide)(&hi, &lo, A);
        mpz_fdiv_q_2exp(zw, zv, TW);
        CHECK(eqz(lo, zv) && eqz(hi, zw), "sqr_wide");
        uint64_t d = B.l[0], h;
        if (CY_LIMB_BITS == 32)
            d |= (uint64_t)B.l[1] << 32 % 64;
        mpz_import(zw, 1, 1, 8, 0, 0, &d);
        mpz_mul(zv, za, zw);
        T r = F(mul_u64)(A, d, &h);
        mpz_fdiv_q_2exp(zw, zv, TW);
        uint64_t eh = 0;
        mpz_export(&eh, NULL, -1, 8, 0, 0, zw);
        CHECK(eqz(r, zv) && h == eh, "mul_u64");
    }
}

static void test_div(void)
{
    for (size_t i = 0; i < R; i++) {
        gen(&A);
        if (t_below(4))
            gen(&B);
        else
            gen_near(&B, A);
        z(za, A);
        z(zb, B);
        if (t_below(4) == 0) { /* a = q b + r with q of random length and r near 0 or b */
            gen(&M);
            z(zv, M);
            mpz_fdiv_q_2exp(zv, zv, t_below(TW));
            if (t_below(2)) { /* q = B^t - 1 - small: quotient limbs near B, the worst estimates */
                mpz_set_ui(zv, 0);
                mpz_setbit(zv, (1 + t_below(N)) * CY_LIMB_BITS);
                mpz_sub_ui(zv, zv, 1 + t_below(4));
            }
            mpz_mul(za, zb, zv);
            mpz_add_ui(za, za, t_below(3));
            if (t_below(2) && mpz_sgn(zb))
                mpz_add(za, za, zb), mpz_sub_ui(za, za, 1 + t_below(2));
            mpz_fdiv_r_2exp(za, za, TW);
            t_from_mpz(A.l, N, za);
        }
        T q, r;
        if (mpz_sgn(zb) == 0) {
            CHECK(F(divrem_vartime)(&q, &r, A, B) == CY_EDIVZERO && F(is_zero)(q) && F(is_zero)(r),
                  "divrem by 0");
            CHECK(F(mod_vartime)(&r, A, B) == CY_EDIVZERO && F(is_zero)(r), "mod by 0");
        } else {
            mpz_fdiv_qr(zv, zw, za, zb);
            CHECK(F(divrem_vartime)(&q, &r, A, B) == CY_OK && eqz(q, zv) && eqz(r, zw), "divrem");
            CHECK(F(mod_vartime)(&r, A, B) == CY_OK && eqz(r, zw), "mod");
            CHECK(F(divrem_vartime)(&q, NULL, A, B) == CY_OK && eqz(q, zv), "divrem q only");
        }
        /* one-limb and two-limb (u64) divisors, 0 included */
        uint64_t d = t_below(8) ? t_rand64() >> t_below(64) : t_below(3), rem;
        mpz_import(zw, 1, 1, 8, 0, 0, &d);
        if (!d) {
            mpz_set_ui(zw, 0);
            CHECK(F(divrem_u64_vartime)(&q, &rem, A, d) == CY_EDIVZERO && F(is_zero)(q) && rem == 0,
                  "divrem_u64 by 0");
        } else {
            mpz_fdiv_qr(zv, zm, za, zw);
            uint64_t er = 0;
            mpz_export(&er, NULL, -1, 8, 0, 0, zm);
            CHECK(F(divrem_u64_vartime)(&q, &rem, A, d) == CY_OK && eqz(q, zv) && rem == er,
                  "divrem_u64");
        }
    }
}

/* A limb for the divisor shapes: the quotient estimates go wrong most often near these. */
static cy_limb shape_limb(void)
{
    const cy_limb top = (cy_limb)1 << (CY_LIMB_BITS - 1);
    switch (t_below(6)) {
    case 0: return 0;
    case 1: return CY_LIMB_MAX;
    case 2: return top;
    case 3: return top + 1;
    case 4: return CY_LIMB_MAX - 1;
    default: return (cy_limb)t_rand64();
    }
}

static void mpz_set_limbs(mpz_t r, cy_limb hi, cy_limb mid, cy_limb lo)
{
    cy_limb t[3] = {lo, mid, hi};
    t_to_mpz(r, t, 3);
}

/* A normalised two-limb divisor (d1, d0) on which Moller and Granlund's Algorithm 6
 * (cy__invert_pi1) takes its last correction at the boundary p = d1, t0 >= d0 (about 1 divisor in
 * 10^4 at random with 10-bit limbs, never seen with 64-bit ones). With v = cy__invert_limb(d1) and
 * P = d1 v mod B, the divisors with P + d0 in [B, B + d1) take the first correction once (v - 1,
 * p = P + d0 - d1); the second wraps exactly onto p = d1 when P + d0 - d1 + hi((v - 1) d0) =
 * B + d1, a sum that grows with d0: search d0 by bisection for random d1 until it lands, and
 * keep it when t0 = lo((v - 1) d0) >= d0 (about 1 d1 in 70 gives one). */
static void recip32_boundary(cy_limb *d1p, cy_limb *d0p)
{
    for (;;) {
        cy_limb d1 = (cy_limb)t_rand64() | (cy_limb)1 << (CY_LIMB_BITS - 1);
        cy_limb v = cy__invert_limb(d1) - 1, p = d1 * (v + 1);
        cy_limb lo = -p, hi = -p + d1 - 1; /* P + d0 in [B, B + d1) */
        if (p == 0)
            continue;
        if (hi < lo) /* B - P + d1 - 1 >= B */
            hi = CY_LIMB_MAX;
        while (lo < hi) { /* the least d0 with f(d0) >= B + d1 */
            cy_limb mid = lo + (hi - lo) / 2, h, a = p + mid - d1, sum;
            cy__umac(v, mid, 0, 0, &h);
            cy_limb carry = cy__addc(a, h, 0, &sum);
            if (!carry || sum < d1)
                lo = mid + 1;
            else
                hi = mid;
        }
        cy_limb h, t0 = cy__umac(v, lo, 0, 0, &h), sum;
        if (cy__addc(p + lo - d1, h, 0, &sum) && sum == d1 && t0 >= lo) {
            *d1p = d1;
            *d0p = lo;
            return;
        }
    }
}

/* The division steps inside algorithm D, directly: the 3-by-2 reciprocal (cy__invert_pi1) of
 * shaped normalised divisors, including d0 = d1 + 1 + ((B^2 - 1) mod d1), whose first partial
 * product lands exactly on d1 (a boundary of Moller and Granlund's Algorithm 6), and the 3-by-2
 * quotient (cy__udiv_3by2) of shaped dividends below d B. */
static void test_div_steps(void)
{
    mpz_t zd, zu, zB;
    mpz_inits(zd, zu, zB, NULL);
    mpz_setbit(zB, CY_LIMB_BITS);
    for (size_t i = 0; i < R / 4; i++) {
        cy_limb d1 = shape_limb() | (cy_limb)1 << (CY_LIMB_BITS - 1), d0 = shape_limb();
        if (t_below(8) == 0) {
            recip32_boundary(&d1, &d0);
        } else if (t_below(4) == 0) {
            mpz_set_limbs(zv, 0, CY_LIMB_MAX, CY_LIMB_MAX); /* (B^2 - 1) mod d1 */
            cy_limb rem = (cy_limb)mpz_fdiv_ui(zv, d1);
            if (d1 + 1 + rem > d1)
                d0 = d1 + 1 + rem;
        }
        mpz_set_limbs(zd, 0, d1, d0);
        mpz_set_limbs(zv, CY_LIMB_MAX, CY_LIMB_MAX, CY_LIMB_MAX);
        mpz_fdiv_q(zv, zv, zd);
        mpz_sub(zv, zv, zB);
        cy_limb v = cy__invert_pi1(d1, d0);
        t_to_mpz(zw, &v, 1);
        CHECK(mpz_cmp(zv, zw) == 0, "recip32");
        cy_limb u2 = shape_limb(), u1 = shape_limb(), u0 = shape_limb(), r1, r0;
        if (u2 > d1 || (u2 == d1 && u1 >= d0)) { /* bring (u2, u1) below (d1, d0) */
            u2 = d1;
            u1 = d0 - 1;
            if (d0 == 0)
                u2--;
        }
        mpz_set_limbs(zu, u2, u1, u0);
        mpz_fdiv_qr(zv, zw, zu, zd);
        cy_limb qq = cy__udiv_3by2(u2, u1, u0, d1, d0, v, &r1, &r0);
        mpz_set_limbs(zm, 0, r1, r0);
        t_to_mpz(zu, &qq, 1);
        CHECK(mpz_cmp(zv, zu) == 0 && mpz_cmp(zw, zm) == 0, "div32_preinv");
    }
    mpz_clears(zd, zu, zB, NULL);
}

/* Division by divisors of every limb count n (1..N) in shapes that stress quotient estimation:
 * each limb 0, all ones, 0x80..0, 0x80..01, all ones but the last bit or random, the top limb
 * nonzero and one time in four shifted down to a random bit length. Dividends b q + r with
 * r = 0, 1 or b - 1 and q random, of all-ones limbs (every quotient limb B - 1) or 2^k - 1;
 * b B^t - 1 (its partial remainders start with the divisor's top two limbs: the quotient limb
 * B - 1 taken without an estimate); b - 1, b, b + 1 and random. Each case checks divrem and mod,
 * and mulmod and muldiv with the same modulus (2W-bit dividends), against GMP. */
static void test_div_shapes(void)
{
    for (size_t i = 0; i < R; i++) {
        int n = 1 + (int)t_below(N);
        B = F(from_u64)(0);
        for (int k = 0; k < n; k++)
            B.l[k] = shape_limb();
        if (t_below(4) == 0)
            B.l[n - 1] >>= t_below(CY_LIMB_BITS);
        if (B.l[n - 1] == 0)
            B.l[n - 1] = 1 + (cy_limb)t_below(3);
        z(zb, B);
        switch (t_below(8)) {
        case 0: gen(&A); z(za, A); break;
        case 1: mpz_sub_ui(za, zb, 1); break;
        case 2: mpz_add_ui(za, zb, t_below(2)); break;
        case 3: /* b B^t - 1 */
            mpz_mul_2exp(za, zb, t_below(N - n + 1) * CY_LIMB_BITS);
            mpz_sub_ui(za, za, 1);
            break;
        default: /* b q + r */
            switch (t_below(3)) {
            case 0: gen(&M); z(zv, M); break;
            case 1: mpz_set_ui(zv, 0); mpz_setbit(zv, t_below(TW + 1)); mpz_sub_ui(zv, zv, 1); break;
            default:
                mpz_set_ui(zv, 0);
                mpz_setbit(zv, t_below(N - n + 2) * CY_LIMB_BITS);
                mpz_sub_ui(zv, zv, 1);
                break;
            }
            mpz_mul(za, zb, zv);
            switch (t_below(3)) {
            case 0: break;
            case 1: mpz_add_ui(za, za, 1); break;
            default: mpz_add(za, za, zb); mpz_sub_ui(za, za, 1); break;
            }
            break;
        }
        mpz_fdiv_r_2exp(za, za, TW);
        t_from_mpz(A.l, N, za);
        T q, r;
        mpz_fdiv_qr(zv, zw, za, zb);
        CHECK(F(divrem_vartime)(&q, &r, A, B) == CY_OK && eqz(q, zv) && eqz(r, zw), "divrem shapes");
        CHECK(F(mod_vartime)(&r, A, B) == CY_OK && eqz(r, zw), "mod shapes");
        /* the same modulus under a 2W-bit product: a times a random or all-ones value */
        M = B;
        T x;
        if (t_below(2))
            gen(&x);
        else
            x = F(not)(F(from_u64)(0));
        mpz_t zx;
        mpz_init(zx);
        z(zx, x);
        mpz_mul(zx, za, zx);
        mpz_fdiv_qr(zv, zw, zx, zb);
        CHECK(F(mulmod_vartime)(&r, A, x, B) == CY_OK && eqz(r, zw), "mulmod shapes");
        int ovf = mpz_cmp(zv, zp) >= 0;
        CHECK(F(muldiv_vartime)(&q, A, x, B) == (ovf ? CY_ERANGE : CY_OK) && eqz(q, zv),
              "muldiv shapes");
        mpz_clear(zx);
    }
}

static void test_bits(void)
{
    for (size_t i = 0; i < R; i++) {
        gen(&A);
        gen(&B);
        z(za, A);
        z(zb, B);
        switch (t_below(4)) { /* counts: within the width, past it, huge, word-aligned */
        case 0: K = (unsigned)t_below(TW); break;
        case 1: K = (unsigned)t_below(3 * TW); break;
        case 2: K = ~0u - (unsigned)t_below(3); break;
        default: K = (unsigned)(t_below(TW / CY_LIMB_BITS + 1) * CY_LIMB_BITS); break;
        }
        mpz_mul_2exp(zv, za, K < 2 * TW ? K : 2 * TW);
        CHECK(eqz(F(shl)(A, K), zv), "shl");
        mpz_fdiv_q_2exp(zv, za, K);
        CHECK(eqz(F(shr)(A, K), zv), "shr");
        unsigned k = K % TW; /* rotl: (a << k) | (a >> (W - k)) */
        mpz_mul_2exp(zv, za, k);
        mpz_fdiv_q_2exp(zw, za, TW - k);
        mpz_fdiv_r_2exp(zv, zv, TW);
        mpz_ior(zv, zv, zw);
        CHECK(eqz(F(rotl)(A, K), zv), "rotl");
        CHECK(F(eq)(F(rotr)(F(rotl)(A, K), K), A), "rotr(rotl)");
        mpz_mul_2exp(zv, za, TW - k); /* rotr by k = rotl by W - k */
        mpz_fdiv_q_2exp(zw, za, k);
        mpz_fdiv_r_2exp(zv, zv, TW);
        mpz_ior(zv, zv, zw);
        CHECK(eqz(F(rotr)(A, K), zv), "rotr");
        mpz_and(zv, za, zb);
        CHECK(eqz(F(and)(A, B), zv), "and");
        mpz_ior(zv, za, zb);
        CHECK(eqz(F(or)(A, B), zv), "or");
        mpz_xor(zv, za, zb);
        CHECK(eqz(F(xor)(A, B), zv), "xor");
        mpz_sub(zv, zp, za);
        mpz_sub_ui(zv, zv, 1);
        CHECK(eqz(F(not)(A), zv), "not");
        size_t bl = mpz_sgn(za) ? mpz_sizeinbase(za, 2) : 0;
        CHECK(F(bit_length)(A) == bl && F(clz)(A) == TW - bl, "clz/bit_length");
        CHECK(F(ctz)(A) == (mpz_sgn(za) ? mpz_scan1(za, 0) : TW), "ctz");
        CHECK(F(popcount)(A) == mpz_popcount(za), "popcount");
    }
}

static void test_mod(void)
{
    for (size_t i = 0; i < R; i++) {
        gen(&M);
        gen_near(&A, M);
        gen_near(&B, M);
        z(za, A);
        z(zb, B);
        z(zm, M);
        T r;
        if (mpz_sgn(zm) == 0) {
            CHECK(F(addmod_vartime)(&r, A, B, M) == CY_EDIVZERO && F(is_zero)(r), "addmod 0");
            CHECK(F(submod_vartime)(&r, A, B, M) == CY_EDIVZERO && F(is_zero)(r), "submod 0");
            CHECK(F(mulmod_vartime)(&r, A, B, M) == CY_EDIVZERO && F(is_zero)(r), "mulmod 0");
            CHECK(F(muldiv_vartime)(&r, A, B, M) == CY_EDIVZERO && F(is_zero)(r), "muldiv 0");
            continue;
        }
        mpz_add(zv, za, zb);
        mpz_fdiv_r(zv, zv, zm);
        CHECK(F(addmod_vartime)(&r, A, B, M) == CY_OK && eqz(r, zv), "addmod");
        mpz_sub(zv, za, zb);
        mpz_fdiv_r(zv, zv, zm);
        CHECK(F(submod_vartime)(&r, A, B, M) == CY_OK && eqz(r, zv), "submod");
        mpz_mul(zw, za, zb);
        mpz_fdiv_r(zv, zw, zm);
        CHECK(F(mulmod_vartime)(&r, A, B, M) == CY_OK && eqz(r, zv), "mulmod");
        mpz_fdiv_q(zv, zw, zm);
        int ovf = mpz_cmp(zv, zp) >= 0;
        CHECK(F(muldiv_vartime)(&r, A, B, M) == (ovf ? CY_ERANGE : CY_OK) && eqz(r, zv),
              "muldiv");
    }
}

/* powmod costs (exponent bits) x W^2: R * 256 / W cases for W > 256, exponents mostly up to 64
 * bits, one in 16 full width (up to 256 bits above 512-bit widths). */
static void test_powmod(void)
{
    size_t reps = TW > 256 ? R * 256 / TW : R;
    for (size_t i = 0; i < reps; i++) {
        gen(&M);
        gen_near(&A, M);
        gen(&B);
        if (t_below(16))
            B = F(shr)(B, TW - (unsigned)t_below(65));
        else if (TW > 512) /* a full-width exponent costs W modular squarings */
            B = F(shr)(B, TW - (unsigned)t_below(257));
        T r;
        z(za, A);
        z(zb, B);
        z(zm, M);
        if (mpz_sgn(zm) == 0) {
            CHECK(F(powmod_vartime)(&r, A, B, M) == CY_EDIVZERO && F(is_zero)(r), "powmod 0");
            continue;
        }
        mpz_powm(zv, za, zb, zm);
        CHECK(F(powmod_vartime)(&r, A, B, M) == CY_OK && eqz(r, zv), "powmod_vartime");
    }
}

int main(void)
{
    char name[32];
#if defined(__ADX__) && defined(__BMI2__)
    if (!t_cpu_has_bmi2_adx()) {
        printf("skipped: this CPU has no BMI2/ADX\n");
        return 77;
    }
#endif
    snprintf(name, sizeof name, "uint%d", TW);
    t_init(name);
    mpz_inits(za, zb, zm, zv, zw, zp, NULL);
    mpz_setbit(zp, TW);
    R = t_reps(100000);
    test_conversions();
    test_add_sub();
    test_mul();
    test_div();
    test_div_steps();
    test_div_shapes();
    test_bits();
    test_mod();
    test_powmod();
    mpz_clears(za, zb, zm, zv, zw, zp, NULL);
    return t_done();
}
