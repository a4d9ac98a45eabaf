/* The fixed-width checks for one width TW, included once per width by uint_body.c: defines
 * static void CAT(u, TW)(fz_in *in), one decoded operation against GMP. SPDX-License-Identifier: MIT */
#define F(f) CAT(cy_u, TW, _##f)
#define T CAT(cy_u, TW, )
#define N (TW / CY_LIMB_BITS)

static T CAT(get, TW, )(fz_in *in)
{
    T x;
    fz_limbs(in, x.l, N);
    return x;
}

static void CAT(u, TW, )(fz_in *in)
{
    mpz_t a, b, m, w, t;
    mpz_inits(a, b, m, w, t, NULL);
    int op = fz_byte(in) % 14;
    T A = CAT(get, TW, )(in), B = CAT(get, TW, )(in), M = CAT(get, TW, )(in), R, Q;
    unsigned k = fz_byte(in) | (unsigned)fz_byte(in) << 8;
    Z(a, A.l, N);
    Z(b, B.l, N);
    Z(m, M.l, N);
    int err;
    switch (op) {
    case 0: { /* add, sub, addc, subb, checked and saturated forms */
        unsigned cin = k & 1;
        unsigned c1 = F(addc)(&R, A, B, cin);
        mpz_add(w, a, b);
        mpz_add_ui(w, w, cin);
        FZ_CHECK(EQW(R, w) && c1 == (mpz_sizeinbase(w, 2) > TW), "u%d addc", TW);
        FZ_CHECK(F(eq)(F(add)(A, B), cin ? F(sub)(R, F(from_u64)(1)) : R), "u%d add", TW);
        err = F(add_checked)(&Q, A, B);
        mpz_add(w, a, b);
        FZ_CHECK(EQW(Q, w) && (err == CY_ERANGE) == (mpz_sizeinbase(w, 2) > TW) && (err == 0 || err == CY_ERANGE), "u%d add_checked", TW);
        FZ_CHECK(F(eq)(F(add_sat)(A, B), err ? F(not)(F(from_u64)(0)) : Q), "u%d add_sat", TW);
        unsigned b1 = F(subb)(&R, A, B, cin);
        mpz_sub(w, a, b);
        mpz_sub_ui(w, w, cin);
        FZ_CHECK(EQW(R, w) && b1 == (mpz_sgn(w) < 0), "u%d subb", TW);
        err = F(sub_checked)(&Q, A, B);
        FZ_CHECK((err == CY_ERANGE) == (mpz_cmp(a, b) < 0) && (err == 0 || err == CY_ERANGE), "u%d sub_checked", TW);
        FZ_CHECK(F(eq)(F(sub_sat)(A, B), err ? F(from_u64)(0) : F(sub)(A, B)), "u%d sub_sat", TW);
        break;
    }
    case 1: { /* products */
        T H, L;
        mpz_mul(w, a, b);
        F(mul_wide)(&H, &L, A, B);
        Z(t, H.l, N);
        mpz_mul_2exp(t, t, TW);
        Z(m, L.l, N);
        mpz_add(t, t, m);
        FZ_CHECK(mpz_cmp(t, w) == 0 && EQW(F(mul)(A, B), w), "u%d mul_wide/mul", TW);
        uint64_t hi, b64 = B.l[0];
#if CY_LIMB_BITS == 32
        b64 |= (uint64_t)B.l[1] << 32;
#endif
        R = F(mul_u64)(A, b64, &hi);
        mpz_import(t, 1, -1, 8, 0, 0, &b64);
        mpz_mul(w, a, t);
        mpz_fdiv_q_2exp(t, w, TW);
        FZ_CHECK(EQW(R, w) && mpz_get_ui(t) == hi && mpz_sizeinbase(t, 2) <= 64, "u%d mul_u64", TW);
        mpz_mul(w, a, a);
        F(sqr_wide)(&H, &L, A);
        Z(t, H.l, N);
        mpz_mul_2exp(t, t, TW);
        Z(m, L.l, N);
        mpz_add(t, t, m);
        FZ_CHECK(mpz_cmp(t, w) == 0 && EQW(F(sqr)(A), w), "u%d sqr_wide/sqr", TW);
        break;
    }
    case 2: case 3: { /* division; divisors of every length from B's shape */
        err = F(divrem_vartime)(&Q, &R, A, B);
        if (!mpz_sgn(b)) {
            FZ_CHECK(err == CY_EDIVZERO && F(is_zero)(Q) && F(is_zero)(R), "u%d divrem by 0", TW);
        } else {
            mpz_fdiv_qr(w, t, a, b);
            FZ_CHECK(!err && EQW(Q, w) && EQW(R, t), "u%d divrem", TW);
            T R2;
            FZ_CHECK(!F(mod_vartime)(&R2, A, B) && F(eq)(R, R2), "u%d mod", TW);
        }
        uint64_t d = B.l[0], r64;
        err = F(divrem_u64_vartime)(&Q, &r64, A, d);
        if (!d) {
            FZ_CHECK(err == CY_EDIVZERO && F(is_zero)(Q) && r64 == 0, "u%d divrem_u64 by 0", TW);
        } else {
            mpz_import(t, 1, -1, 8, 0, 0, &d);
            mpz_fdiv_qr(w, t, a, t);
            FZ_CHECK(!err && EQW(Q, w) && mpz_get_ui(t) == r64, "u%d divrem_u64", TW);
        }
        break;
    }
    case 4: case 5: { /* modular helpers */
        int which = k % 4;
        if (which == 0) err = F(addmod_vartime)(&R, A, B, M), mpz_add(w, a, b);
        else if (which == 1) err = F(submod_vartime)(&R, A, B, M), mpz_sub(w, a, b);
        else if (which == 2) err = F(mulmod_vartime)(&R, A, B, M), mpz_mul(w, a, b);
        else { /* powmod: left-to-right binary, one mulmod per bit of e (uint_tmpl.h); nothing in
                * it depends on e's length but the number of steps, each the mulmod that which == 2
                * checks on its own. So e keeps its low EBITS bits: all of them up to 512 bits,
                * then 256, 128, 64 (each a whole number of limbs). The full 4096-bit exponent
                * made one u4096 powmod take about 0.5 s under the sanitizers: most of the
                * target's time. */
            enum { EBITS = TW <= 512 ? TW : (1 << 18) / TW };
            for (int i = EBITS / CY_LIMB_BITS; i < N; i++)
                B.l[i] = 0;
            Z(b, B.l, N);
            err = F(powmod_vartime)(&R, A, B, M);
        }
        if (!mpz_sgn(m)) {
            FZ_CHECK(err == CY_EDIVZERO && F(is_zero)(R), "u%d modular op %d, m = 0", TW, which);
        } else {
            if (which == 3)
                mpz_powm(w, a, b, m);
            else
                mpz_mod(w, w, m);
            FZ_CHECK(!err && EQW(R, w), "u%d modular op %d", TW, which);
        }
        break;
    }
    case 6: { /* muldiv */
        err = F(muldiv_vartime)(&Q, A, B, M);
        if (!mpz_sgn(m)) {
            FZ_CHECK(err == CY_EDIVZERO && F(is_zero)(Q), "u%d muldiv by 0", TW);
        } else {
            mpz_mul(w, a, b);
            mpz_fdiv_q(w, w, m);
            int big = mpz_sizeinbase(w, 2) > TW;
            FZ_CHECK(err == (big ? CY_ERANGE : 0) && EQW(Q, w), "u%d muldiv", TW);
        }
        break;
    }
    case 7: { /* shifts, rotations, bit counts */
        unsigned s = k % (2 * TW);
        mpz_mul_2exp(w, a, s);
        FZ_CHECK(EQW(F(shl)(A, s), w), "u%d shl %u", TW, s);
        mpz_fdiv_q_2exp(w, a, s);
        FZ_CHECK(EQW(F(shr)(A, s), w), "u%d shr %u", TW, s);
        unsigned sr = s % TW;
        mpz_mul_2exp(w, a, sr);
        mpz_fdiv_q_2exp(t, a, (TW - sr) % TW);
        if (sr)
            mpz_ior(w, w, t);
        FZ_CHECK(EQW(F(rotl)(A, s), w) && F(eq)(F(rotr)(F(rotl)(A, s), s), A), "u%d rotl/rotr %u", TW, s);
        unsigned bl = mpz_sgn(a) ? (unsigned)mpz_sizeinbase(a, 2) : 0;
        FZ_CHECK(F(bit_length)(A) == bl && F(clz)(A) == TW - bl, "u%d bit_length/clz", TW);
        FZ_CHECK(F(ctz)(A) == (mpz_sgn(a) ? mpz_scan1(a, 0) : TW) && F(popcount)(A) == mpz_popcount(a), "u%d ctz/popcount", TW);
        int c = mpz_cmp(a, b);
        FZ_CHECK(F(cmp)(A, B) == (c > 0) - (c < 0) && F(lt)(A, B) == (c < 0) && F(eq)(A, B) == (c == 0), "u%d cmp", TW);
        mpz_and(w, a, b);
        FZ_CHECK(EQW(F(and)(A, B), w), "u%d and", TW);
        mpz_xor(w, a, b);
        FZ_CHECK(EQW(F(xor)(A, B), w), "u%d xor", TW);
        break;
    }
    case 8: { /* conversions out and back */
        char buf[CY_UINT_DEC_SIZE(TW)], ref[CY_UINT_DEC_SIZE(TW) + 2];
        size_t len = F(to_dec)(buf, A);
        mpz_get_str(ref, 10, a);
        FZ_CHECK(len == strlen(ref) && !strcmp(buf, ref), "u%d to_dec", TW);
        FZ_CHECK(!F(from_dec)(&R, buf) && F(eq)(R, A), "u%d from_dec", TW);
        char hex[CY_UINT_HEX_SIZE(TW)];
        len = F(to_hex)(hex, A);
        mpz_get_str(ref, 16, a);
        FZ_CHECK(len == strlen(ref) && !strcmp(hex, ref), "u%d to_hex", TW);
        FZ_CHECK(!F(from_hex)(&R, hex) && F(eq)(R, A), "u%d from_hex", TW);
        unsigned char be[TW / 8], le[TW / 8];
        F(to_be)(be, A);
        F(to_le)(le, A);
        mpz_import(w, TW / 8, 1, 1, 0, 0, be);
        mpz_import(t, TW / 8, -1, 1, 0, 0, le);
        FZ_CHECK(!mpz_cmp(w, a) && !mpz_cmp(t, a) && F(eq)(F(from_be)(be), A) && F(eq)(F(from_le)(le), A), "u%d bytes", TW);
        break;
    }
    default: { /* parsing the rest of the input as a string: exactly the documented errors */
        char s[2 * TW];
        size_t n = 0;
        while (in->n && n < sizeof s - 1)
            s[n++] = (char)fz_byte(in);
        s[n] = 0;
        int hex = op & 1;
        err = hex ? F(from_hex)(&R, s) : F(from_dec)(&R, s);
        const char *d = s + (hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X') ? 2 : 0);
        size_t nd = strlen(d), good = strspn(d, hex ? "0123456789abcdefABCDEF" : "0123456789");
        int want = nd == 0 ? CY_EEMPTY : good < nd ? CY_EDIGIT : 0;
        if (!want) {
            mpz_set_str(w, d, hex ? 16 : 10);
            if (mpz_sizeinbase(w, 2) > TW)
                want = CY_ERANGE;
        }
        FZ_CHECK(err == want && (want ? F(is_zero)(R) : EQW(R, w)), "u%d from_%s \"%s\": %d, want %d", TW,
                 hex ? "hex" : "dec", s, err, want);
        break;
    }
    }
    mpz_clears(a, b, m, w, t, NULL);
}

#undef F
#undef T
#undef N
