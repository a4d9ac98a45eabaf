/* carry-bench suite "uint": fixed-width integers against boost::multiprecision (uint256_t,
 * uint512_t, a fixed 1024-bit cpp_int) and GMP's mpn functions at the same width.
 * SPDX-License-Identifier: MIT
 *
 * Each row times one pass over NOPS operand sets (random, with divisors of varied bit length so
 * that division sees every quotient length) and reports ticks per operation. Results are kept
 * with BENCH_KEEP so nothing folds. This file is compiled twice: as the suite (impl "carry": the
 * build's flags, plus the peers) and with -mbmi2 -madx -DBENCH_UINT_ADX (impl "carry-adx": the
 * mulx/adcx/adox kernels of carry/uint.h), whose rows the suite adds when the CPU has ADX.
 */
#include <gmp.h>
#include <string.h>

#include <boost/multiprecision/cpp_int.hpp>
#include <boost/version.hpp>

#include "bench.h"
#include "carry/uint.h"

namespace {

namespace mp = boost::multiprecision;
using b256 = mp::number<mp::cpp_int_backend<256, 256, mp::unsigned_magnitude, mp::unchecked, void>>;
using b512 = mp::number<mp::cpp_int_backend<512, 512, mp::unsigned_magnitude, mp::unchecked, void>>;
using b1024 = mp::number<mp::cpp_int_backend<1024, 1024, mp::unsigned_magnitude, mp::unchecked, void>>;
using b2048 = mp::number<mp::cpp_int_backend<2048, 2048, mp::unsigned_magnitude, mp::unchecked, void>>;

const int NOPS = 256;

/* The operands of one width as little-endian bytes: a, b random; m random of bit length in
 * [64, W] (the divisor and modulus). Every implementation imports the same bytes. */
template <int W> struct operands {
    unsigned char a[NOPS][W / 8], b[NOPS][W / 8], m[NOPS][W / 8];
    operands()
    {
        bench_random(a, sizeof a);
        bench_random(b, sizeof b);
        bench_random(m, sizeof m);
        unsigned char bits[NOPS];
        bench_random(bits, sizeof bits);
        for (int i = 0; i < NOPS; i++) {
            int len = 64 + (int)((unsigned)bits[i] * (W - 64) / 255); /* bit length */
            for (int j = 0; j < W / 8; j++)
                if (8 * j >= len)
                    m[i][j] = 0;
                else if (8 * j + 8 > len)
                    m[i][j] = (unsigned char)((m[i][j] | 0x80) >> (8 * j + 8 - len));
        }
    }
};

/* ---- carry ---- */
template <int W> struct ctraits;
#define CTRAITS(W)                                                                                \
    template <> struct ctraits<W> {                                                               \
        typedef cy_u##W T;                                                                        \
        static T from_le(const unsigned char *p) { return cy_u##W##_from_le(p); }               \
        static T add(T a, T b) { return cy_u##W##_add(a, b); }                                    \
        static T sub(T a, T b) { return cy_u##W##_sub(a, b); }                                    \
        static T mul(T a, T b) { return cy_u##W##_mul(a, b); }                                    \
        static T sqr(T a) { return cy_u##W##_sqr(a); }                                           \
        static void sqr_wide(T *h, T *l, T a) { cy_u##W##_sqr_wide(h, l, a); }                   \
        static void mul_wide(T *h, T *l, T a, T b) { cy_u##W##_mul_wide(h, l, a, b); }            \
        static void divrem(T *q, T *r, T a, T b) { cy_u##W##_divrem_vartime(q, r, a, b); }                \
        static void mulmod(T *r, T a, T b, T m) { cy_u##W##_mulmod_vartime(r, a, b, m); }                 \
        static void muldiv(T *q, T a, T b, T m) { cy_u##W##_muldiv_vartime(q, a, b, m); }                 \
        static size_t to_dec(char *s, T a) { return cy_u##W##_to_dec(s, a); }                     \
    };
CTRAITS(256)
CTRAITS(512)
CTRAITS(1024)
CTRAITS(2048)

template <int W> struct cctx {
    typedef typename ctraits<W>::T T;
    T a[NOPS], b[NOPS], m[NOPS];
    explicit cctx(const operands<W> &o)
    {
        for (int i = 0; i < NOPS; i++) {
            a[i] = ctraits<W>::from_le(o.a[i]);
            b[i] = ctraits<W>::from_le(o.b[i]);
            m[i] = ctraits<W>::from_le(o.m[i]);
        }
    }
};

template <int W> struct cops {
    typedef ctraits<W> C;
    typedef cctx<W> X;
    static void add(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++)
            BENCH_KEEP(x->a[i] = C::add(x->a[i], x->b[i]));
    }
    static void sub(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++)
            BENCH_KEEP(x->a[i] = C::sub(x->a[i], x->b[i]));
    }
    static void mul(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T r = C::mul(x->a[i], x->b[i]);
            BENCH_KEEP(r);
        }
    }
    static void mul_wide(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T h, l;
            C::mul_wide(&h, &l, x->a[i], x->b[i]);
            BENCH_KEEP(h);
            BENCH_KEEP(l);
        }
    }
    static void sqr(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T r = C::sqr(x->a[i]);
            BENCH_KEEP(r);
        }
    }
    static void sqr_wide(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T h, l;
            C::sqr_wide(&h, &l, x->a[i]);
            BENCH_KEEP(h);
            BENCH_KEEP(l);
        }
    }
    static void divrem(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T q, r;
            C::divrem(&q, &r, x->a[i], x->m[i]);
            BENCH_KEEP(q);
            BENCH_KEEP(r);
        }
    }
    static void mulmod(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T r;
            C::mulmod(&r, x->a[i], x->b[i], x->m[i]);
            BENCH_KEEP(r);
        }
    }
    static void muldiv(void *p)
    {
        X *x = (X *)p;
        for (int i = 0; i < NOPS; i++) {
            typename X::T q;
            C::muldiv(&q, x->a[i], x->b[i], x->m[i]);
            BENCH_KEEP(q);
        }
    }
    static void to_dec(void *p)
    {
        X *x = (X *)p;
        char s[CY_UINT_DEC_SIZE(W)];
        for (int i = 0; i < NOPS; i++) {
            BENCH_KEEP(C::to_dec(s, x->a[i]));
            BENCH_KEEP(s[0]);
        }
    }
};

template <int W> void run_carry(const char *impl, const operands<W> &o, bool with_str)
{
    cctx<W> *x = new cctx<W>(o);
    typedef cops<W> K;
    char g[16];
    snprintf(g, sizeof g, "u%d", W);
    double per = 1.0 / NOPS;
    bench_row(g, "add", impl, W, 1, per * bench_time(K::add, x));
    delete x;
    x = new cctx<W>(o); /* add overwrote a */
    bench_row(g, "sub", impl, W, 1, per * bench_time(K::sub, x));
    delete x;
    x = new cctx<W>(o);
    bench_row(g, "mul low", impl, W, 1, per * bench_time(K::mul, x));
    bench_row(g, "mul full", impl, W, 1, per * bench_time(K::mul_wide, x));
    bench_row(g, "sqr low", impl, W, 1, per * bench_time(K::sqr, x));
    bench_row(g, "sqr full", impl, W, 1, per * bench_time(K::sqr_wide, x));
    bench_row(g, "divrem", impl, W, 1, per * bench_time(K::divrem, x));
    bench_row(g, "mulmod", impl, W, 1, per * bench_time(K::mulmod, x));
    bench_row(g, "muldiv", impl, W, 1, per * bench_time(K::muldiv, x));
    if (with_str)
        bench_row(g, "to_dec", impl, W, 1, per * bench_time(K::to_dec, x));
    delete x;
}

} // namespace

#ifdef BENCH_UINT_ADX

extern "C" void bench_uint_adx(int w)
{
    static operands<256> o256;
    static operands<512> o512;
    static operands<1024> o1024;
    if (w == 256)
        run_carry<256>("carry-adx", o256, false);
    if (w == 512)
        run_carry<512>("carry-adx", o512, false);
    if (w == 1024)
        run_carry<1024>("carry-adx", o1024, false);
}

#else

#ifdef BENCH_UINT_HAVE_ADX
extern "C" void bench_uint_adx(int w);
#else
static void bench_uint_adx(int) {}
#endif

namespace {

/* ---- boost ---- */
template <int W> struct btraits;
template <> struct btraits<256> { typedef b256 T; typedef b512 D; };
template <> struct btraits<512> { typedef b512 T; typedef b1024 D; };
template <> struct btraits<1024> { typedef b1024 T; typedef b2048 D; };

template <int W> struct bctx {
    typedef typename btraits<W>::T T;
    typedef typename btraits<W>::D D;
    T a[NOPS], b[NOPS], m[NOPS];
    explicit bctx(const operands<W> &o)
    {
        for (int i = 0; i < NOPS; i++) {
            mp::import_bits(a[i], o.a[i], o.a[i] + W / 8, 8, false);
            mp::import_bits(b[i], o.b[i], o.b[i] + W / 8, 8, false);
            mp::import_bits(m[i], o.m[i], o.m[i] + W / 8, 8, false);
        }
    }
    static void add(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            x->a[i] = x->a[i] + x->b[i];
            BENCH_KEEP(x->a[i]);
        }
    }
    static void sub(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            x->a[i] = x->a[i] - x->b[i];
            BENCH_KEEP(x->a[i]);
        }
    }
    static void mul(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            T r = x->a[i] * x->b[i];
            BENCH_KEEP(r);
        }
    }
    static void mul_wide(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            D r;
            mp::multiply(r, x->a[i], x->b[i]);
            BENCH_KEEP(r);
        }
    }
    static void sqr(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            T r = x->a[i] * x->a[i];
            BENCH_KEEP(r);
        }
    }
    static void sqr_wide(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            D r;
            mp::multiply(r, x->a[i], x->a[i]);
            BENCH_KEEP(r);
        }
    }
    static void divrem(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            T q, r;
            mp::divide_qr(x->a[i], x->m[i], q, r);
            BENCH_KEEP(q);
            BENCH_KEEP(r);
        }
    }
    static void mulmod(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            D t;
            mp::multiply(t, x->a[i], x->b[i]);
            T r = static_cast<T>(t % D(x->m[i]));
            BENCH_KEEP(r);
        }
    }
    static void muldiv(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            D t;
            mp::multiply(t, x->a[i], x->b[i]);
            T q = static_cast<T>(t / D(x->m[i]));
            BENCH_KEEP(q);
        }
    }
    static void to_dec(void *p)
    {
        bctx *x = (bctx *)p;
        for (int i = 0; i < NOPS; i++) {
            std::string s = x->a[i].str();
            BENCH_KEEP(s[0]);
        }
    }
};

template <int W> void run_boost(const operands<W> &o)
{
    typedef bctx<W> X;
    X *x = new X(o);
    char g[16];
    snprintf(g, sizeof g, "u%d", W);
    double per = 1.0 / NOPS;
    bench_row(g, "add", "boost", W, 1, per * bench_time(X::add, x));
    delete x;
    x = new X(o);
    bench_row(g, "sub", "boost", W, 1, per * bench_time(X::sub, x));
    delete x;
    x = new X(o);
    bench_row(g, "mul low", "boost", W, 1, per * bench_time(X::mul, x));
    bench_row(g, "mul full", "boost", W, 1, per * bench_time(X::mul_wide, x));
    bench_row(g, "sqr low", "boost", W, 1, per * bench_time(X::sqr, x));
    bench_row(g, "sqr full", "boost", W, 1, per * bench_time(X::sqr_wide, x));
    bench_row(g, "divrem", "boost", W, 1, per * bench_time(X::divrem, x));
    bench_row(g, "mulmod", "boost", W, 1, per * bench_time(X::mulmod, x));
    bench_row(g, "muldiv", "boost", W, 1, per * bench_time(X::muldiv, x));
    bench_row(g, "to_dec", "boost", W, 1, per * bench_time(X::to_dec, x));
    delete x;
}

/* ---- GMP mpn at the same width (GMP's limbs are 64-bit here whatever carry's are) ---- */
template <int W> struct gctx {
    enum { N = W / GMP_NUMB_BITS };
    mp_limb_t a[NOPS][N], b[NOPS][N], m[NOPS][N];
    mp_size_t mn[NOPS];
    explicit gctx(const operands<W> &o)
    {
        for (int i = 0; i < NOPS; i++) {
            memcpy(a[i], o.a[i], W / 8); /* little-endian host */
            memcpy(b[i], o.b[i], W / 8);
            memcpy(m[i], o.m[i], W / 8);
            mn[i] = N;
            while (mn[i] > 1 && m[i][mn[i] - 1] == 0)
                mn[i]--;
        }
    }
    static void add(void *p)
    {
        gctx *x = (gctx *)p;
        for (int i = 0; i < NOPS; i++)
            BENCH_KEEP(mpn_add_n(x->a[i], x->a[i], x->b[i], N));
    }
    static void sub(void *p)
    {
        gctx *x = (gctx *)p;
        for (int i = 0; i < NOPS; i++)
            BENCH_KEEP(mpn_sub_n(x->a[i], x->a[i], x->b[i], N));
    }
    static void mul(void *p) /* GMP has no public low product: the full one */
    {
        gctx *x = (gctx *)p;
        mp_limb_t r[2 * N];
        for (int i = 0; i < NOPS; i++) {
            mpn_mul_n(r, x->a[i], x->b[i], N);
            BENCH_KEEP(r[0]);
        }
    }
    static void sqr(void *p)
    {
        gctx *x = (gctx *)p;
        mp_limb_t r[2 * N];
        for (int i = 0; i < NOPS; i++) {
            mpn_sqr(r, x->a[i], N);
            BENCH_KEEP(r[0]);
        }
    }
    static void divrem(void *p)
    {
        gctx *x = (gctx *)p;
        mp_limb_t q[N], r[N];
        for (int i = 0; i < NOPS; i++) {
            mpn_tdiv_qr(q, r, 0, x->a[i], N, x->m[i], x->mn[i]);
            BENCH_KEEP(q[0]);
        }
    }
    static void mulmod(void *p)
    {
        gctx *x = (gctx *)p;
        mp_limb_t t[2 * N], q[2 * N], r[N];
        for (int i = 0; i < NOPS; i++) {
            mpn_mul_n(t, x->a[i], x->b[i], N);
            mpn_tdiv_qr(q, r, 0, t, 2 * N, x->m[i], x->mn[i]);
            BENCH_KEEP(r[0]);
        }
    }
    static void to_dec(void *p)
    {
        gctx *x = (gctx *)p;
        mp_limb_t t[N + 1];
        unsigned char s[CY_UINT_DEC_SIZE(W) + 8];
        for (int i = 0; i < NOPS; i++) {
            memcpy(t, x->a[i], sizeof x->a[i]); /* mpn_get_str destroys its input */
            mp_size_t n = N;
            while (n > 1 && t[n - 1] == 0)
                n--;
            BENCH_KEEP(mpn_get_str(s, 10, t, n));
        }
    }
};

template <int W> void run_gmp(const operands<W> &o)
{
    typedef gctx<W> X;
    X *x = new X(o);
    char g[16];
    snprintf(g, sizeof g, "u%d", W);
    double per = 1.0 / NOPS;
    bench_row(g, "add", "gmp-mpn", W, 1, per * bench_time(X::add, x));
    delete x;
    x = new X(o);
    bench_row(g, "sub", "gmp-mpn", W, 1, per * bench_time(X::sub, x));
    delete x;
    x = new X(o);
    bench_row(g, "mul low", "gmp-mpn", W, 1, per * bench_time(X::mul, x));
    bench_row(g, "mul full", "gmp-mpn", W, 1, per * bench_time(X::mul, x));
    bench_row(g, "sqr low", "gmp-mpn", W, 1, per * bench_time(X::sqr, x)); /* full: no low */
    bench_row(g, "sqr full", "gmp-mpn", W, 1, per * bench_time(X::sqr, x));
    bench_row(g, "divrem", "gmp-mpn", W, 1, per * bench_time(X::divrem, x));
    bench_row(g, "mulmod", "gmp-mpn", W, 1, per * bench_time(X::mulmod, x));
    bench_row(g, "muldiv", "gmp-mpn", W, 1, per * bench_time(X::mulmod, x)); /* same work */
    bench_row(g, "to_dec", "gmp-mpn", W, 1, per * bench_time(X::to_dec, x));
    delete x;
}

template <int W, bool with_boost> void run_width(bool adx)
{
    static operands<W> o; /* also when not wanted: the next width's operands follow these */
    char g[16];
    snprintf(g, sizeof g, "u%d", W);
    if (!bench_want(g))
        return;
    if constexpr (with_boost)
        run_boost<W>(o);
    if (GMP_NUMB_BITS == 64)
        run_gmp<W>(o);
    run_carry<W>("carry", o, true);
    if (adx)
        bench_uint_adx(W);
}

} // namespace

extern "C" const char *bench_boost_version(void)
{
    static char v[32]; /* BOOST_VERSION is major * 100000 + minor * 100 + patch */
    snprintf(v, sizeof v, "%d.%d.%d", BOOST_VERSION / 100000, BOOST_VERSION / 100 % 1000,
             BOOST_VERSION % 100);
    return v;
}

extern "C" void bench_uint(int quick)
{
    bool adx = false;
#if defined(BENCH_UINT_HAVE_ADX) && defined(__x86_64__) && CY_LIMB_BITS == 64 && defined(__GNUC__)
    adx = __builtin_cpu_supports("adx") && __builtin_cpu_supports("bmi2");
#endif
    run_width<256, true>(adx);
    run_width<512, true>(adx);
    run_width<1024, true>(adx);
    if (!quick)
        run_width<2048, false>(false);
    bench_note("u256", "carry-adx: the same header built with -mbmi2 -madx (mulx/adcx/adox "
                       "kernels). gmp-mpn has no low products: its mul low and sqr low rows are "
                       "mpn_mul_n and mpn_sqr (full), its muldiv row mpn_mul_n + mpn_tdiv_qr as "
                       "mulmod; to_dec for gmp is mpn_get_str (digit values, no ASCII)");
}

#endif
