/* The carry/uint.h checks of fuzz_uint for one compile-time code path (the build's flags,
 * CY_UINT_NO_ASM, or -mbmi2 -madx; see CMakeLists.txt): the entry point FZ_VARIANT decodes a
 * width and one operation. Signed types: division and checked products of cy_s256 and cy_s512.
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "fuzz.h"
#include "carry/uint.h"

#define CAT_(a, b, c) a##b##c
#define CAT(a, b, c) CAT_(a, b, c)

static void Z(mpz_t z, const cy_limb *p, size_t n)
{
    mpz_import(z, n, -1, sizeof *p, 0, 0, p);
}

/* x == w mod 2^TW */
#define EQW(x, w) eqw((x).l, sizeof(x).l / sizeof *(x).l, w)
static int eqw(const cy_limb *p, size_t n, const mpz_t w)
{
    mpz_t t;
    mpz_init(t);
    mpz_fdiv_r_2exp(t, w, n * CY_LIMB_BITS);
    int eq = fz_eq(p, n, t);
    mpz_clear(t);
    return eq;
}

#define TW 192
#include "uint_width.h"
#undef TW
#define TW 256
#include "uint_width.h"
#undef TW
#define TW 384
#include "uint_width.h"
#undef TW
#define TW 512
#include "uint_width.h"
#undef TW
#define TW 1024
#include "uint_width.h"
#undef TW
#define TW 2048
#include "uint_width.h"
#undef TW
#define TW 4096
#include "uint_width.h"
#undef TW

/* z = the two's complement value of {p, n}. */
static void Zs(mpz_t z, const cy_limb *p, size_t n)
{
    Z(z, p, n);
    if (p[n - 1] >> (CY_LIMB_BITS - 1)) {
        mpz_t t;
        mpz_init_set_ui(t, 1);
        mpz_mul_2exp(t, t, n * CY_LIMB_BITS);
        mpz_sub(z, z, t);
        mpz_clear(t);
    }
}

#define SIGNED(W)                                                                                  \
    static void s##W(fz_in *in)                                                                    \
    {                                                                                              \
        enum { NL = W / CY_LIMB_BITS };                                                            \
        cy_s##W A, B, Q, R;                                                                        \
        fz_limbs(in, A.l, NL);                                                                     \
        fz_limbs(in, B.l, NL);                                                                     \
        int fl = fz_byte(in) & 1;                                                                  \
        mpz_t a, b, q, r, lim;                                                                     \
        mpz_inits(a, b, q, r, lim, NULL);                                                          \
        Zs(a, A.l, NL);                                                                            \
        Zs(b, B.l, NL);                                                                            \
        mpz_setbit(lim, W - 1); /* 2^(W-1) */                                                      \
        int err = fl ? cy_s##W##_div_floor_vartime(&Q, &R, A, B) : cy_s##W##_div_trunc_vartime(&Q, &R, A, B); \
        if (!mpz_sgn(b)) {                                                                         \
            FZ_CHECK(err == CY_EDIVZERO, "s%d div by 0", W);                                      \
        } else {                                                                                   \
            (fl ? mpz_fdiv_qr : mpz_tdiv_qr)(q, r, a, b);                                          \
            int over = mpz_cmp(q, lim) >= 0;                                                       \
            FZ_CHECK(err == (over ? CY_ERANGE : 0) && eqw(Q.l, NL, q) && eqw(R.l, NL, r),          \
                     "s%d div_%s", W, fl ? "floor" : "trunc");                                     \
        }                                                                                          \
        err = cy_s##W##_mul_checked(&Q, A, B);                                                     \
        mpz_mul(q, a, b);                                                                          \
        mpz_neg(r, lim);                                                                           \
        int out = mpz_cmp(q, lim) >= 0 || mpz_cmp(q, r) < 0;                                      \
        FZ_CHECK(err == (out ? CY_ERANGE : 0) && eqw(Q.l, NL, q), "s%d mul_checked", W);         \
        char buf[CY_UINT_DEC_SIZE(W) + 1], ref[CY_UINT_DEC_SIZE(W) + 2];                          \
        cy_s##W##_to_dec(buf, A);                                                                  \
        mpz_get_str(ref, 10, a);                                                                   \
        FZ_CHECK(!strcmp(buf, ref) && !cy_s##W##_from_dec(&R, buf) && eqw(R.l, NL, a), "s%d dec", W); \
        mpz_clears(a, b, q, r, lim, NULL);                                                         \
    }
SIGNED(256)
SIGNED(512)

int FZ_VARIANT(fz_in *in)
{
    switch (fz_byte(in) % 9) {
    case 0: u192(in); break;
    case 1: u256(in); break;
    case 2: u384(in); break;
    case 3: u512(in); break;
    case 4: u1024(in); break;
    case 5: u2048(in); break;
    case 6: u4096(in); break;
    case 7: s256(in); break;
    case 8: s512(in); break;
    }
    return 0;
}
