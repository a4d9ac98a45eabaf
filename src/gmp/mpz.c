/* carry-gmp: the mpz functions, each a call into carry/int.h on the same object.
 * SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdarg.h>
#include <string.h>

#include "impl.h"

#define CHECK(call) cy__gmp_check(call)

/* ---- initialisation and assignment ---- */

void mpz_init(mpz_ptr x)
{
    cy_int_init(CY(x));
}

void mpz_inits(mpz_ptr x, ...)
{
    va_list ap;
    va_start(ap, x);
    for (; x; x = va_arg(ap, mpz_ptr))
        mpz_init(x);
    va_end(ap);
}

/* Limbs for n bits, at least one. */
static size_t limbs_for(mp_bitcnt_t n)
{
    size_t k = (size_t)(n / CY_LIMB_BITS + (n % CY_LIMB_BITS != 0));
    return k ? k : 1;
}

void mpz_init2(mpz_ptr x, mp_bitcnt_t n)
{
    cy_int_init(CY(x));
    CHECK(cy_int_reserve(CY(x), limbs_for(n)));
}

void mpz_clear(mpz_ptr x)
{
    cy_int_clear(CY(x));
}

void mpz_clears(mpz_ptr x, ...)
{
    va_list ap;
    va_start(ap, x);
    for (; x; x = va_arg(ap, mpz_ptr))
        mpz_clear(x);
    va_end(ap);
}

void *_mpz_realloc(mpz_ptr x, mp_size_t n)
{
    /* the value is kept if it fits n limbs, else it becomes 0 (as GMP documents) */
    size_t k = n > 0 ? (size_t)n : 1;
    if (cy_int_size(CY(x)) > k)
        x->_mp_size = 0;
    CHECK(cy_int_reserve(CY(x), k));
    return x->_mp_d;
}

void mpz_realloc2(mpz_ptr x, mp_bitcnt_t n)
{
    if (cy_int_sizeinbase(CY(x), 2) > n && x->_mp_size)
        x->_mp_size = 0;
    CHECK(cy_int_reserve(CY(x), limbs_for(n)));
}

void mpz_set(mpz_ptr r, mpz_srcptr a) { CHECK(cy_int_set(CY(r), CYC(a))); }
void mpz_set_ui(mpz_ptr r, unsigned long v) { CHECK(cy_int_set_u64(CY(r), v)); }
void mpz_set_si(mpz_ptr r, signed long v) { CHECK(cy_int_set_i64(CY(r), v)); }
void mpz_set_d(mpz_ptr r, double v) { CHECK(cy_int_set_d(CY(r), v)); }
void mpz_swap(mpz_ptr a, mpz_ptr b) { cy_int_swap(CY(a), CY(b)); }
void mpz_init_set(mpz_ptr r, mpz_srcptr a) { mpz_init(r); mpz_set(r, a); }
void mpz_init_set_ui(mpz_ptr r, unsigned long v) { mpz_init(r); mpz_set_ui(r, v); }
void mpz_init_set_si(mpz_ptr r, signed long v) { mpz_init(r); mpz_set_si(r, v); }
void mpz_init_set_d(mpz_ptr r, double v) { mpz_init(r); mpz_set_d(r, v); }

/* ---- conversion ---- */

unsigned long mpz_get_ui(mpz_srcptr a)
{
    /* the low bits of |a| */
    unsigned long v = 0;
    size_t n = cy_int_size(CYC(a));
    for (size_t i = 0; i < n && i * CY_LIMB_BITS < sizeof v * CHAR_BIT; i++)
        v |= (unsigned long)a->_mp_d[i] << (i * CY_LIMB_BITS);
    return v;
}

signed long mpz_get_si(mpz_srcptr a)
{
    /* exact when a fits; otherwise, as GMP, the low bits of |a| below the sign bit, negated
     * for a < 0 in the form -1 - ((|a| - 1) mod 2^(bits - 1)) */
    unsigned long lo = mpz_get_ui(a);
    if (a->_mp_size >= 0)
        return (long)(lo & LONG_MAX);
    return -1 - (long)((lo - 1) & LONG_MAX);
}

double mpz_get_d(mpz_srcptr a) { return cy_int_get_d(CYC(a)); }

double mpz_get_d_2exp(signed long *exp, mpz_srcptr a)
{
    int64_t e;
    double d = cy_int_get_d_2exp(&e, CYC(a));
    *exp = (long)e;
    return d;
}

/* ---- arithmetic ---- */

void mpz_add(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_add(CY(r), CYC(a), CYC(b))); }
void mpz_add_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { CHECK(cy_int_add_u64(CY(r), CYC(a), b)); }
void mpz_sub(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_sub(CY(r), CYC(a), CYC(b))); }
void mpz_sub_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { CHECK(cy_int_sub_u64(CY(r), CYC(a), b)); }
void mpz_ui_sub(mpz_ptr r, unsigned long a, mpz_srcptr b) { CHECK(cy_int_u64_sub(CY(r), a, CYC(b))); }
void mpz_mul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_mul(CY(r), CYC(a), CYC(b))); }
void mpz_mul_si(mpz_ptr r, mpz_srcptr a, long b) { CHECK(cy_int_mul_i64(CY(r), CYC(a), b)); }
void mpz_mul_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { CHECK(cy_int_mul_u64(CY(r), CYC(a), b)); }
void mpz_addmul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_addmul(CY(r), CYC(a), CYC(b))); }
void mpz_addmul_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { CHECK(cy_int_addmul_u64(CY(r), CYC(a), b)); }
void mpz_submul(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_submul(CY(r), CYC(a), CYC(b))); }
void mpz_submul_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { CHECK(cy_int_submul_u64(CY(r), CYC(a), b)); }
void mpz_mul_2exp(mpz_ptr r, mpz_srcptr a, mp_bitcnt_t k) { CHECK(cy_int_mul_2exp(CY(r), CYC(a), k)); }
void mpz_neg(mpz_ptr r, mpz_srcptr a) { CHECK(cy_int_neg(CY(r), CYC(a))); }
void mpz_abs(mpz_ptr r, mpz_srcptr a) { CHECK(cy_int_abs(CY(r), CYC(a))); }

/* ---- division ---- */

typedef int (*qr_fn)(cy_int *, cy_int *, const cy_int *, const cy_int *);
typedef int (*qr_u64_fn)(cy_int *, cy_int *, const cy_int *, uint64_t);

/* The _ui forms: the quotient and the remainder (with its sign) where asked, and |remainder|
 * returned. */
static unsigned long div_ui_signed(qr_u64_fn f, mpz_ptr q, mpz_ptr r, mpz_srcptr n, unsigned long d)
{
    cy_int t;
    cy_int_init(&t);
    int err = f(q ? CY(q) : NULL, &t, CYC(n), d);
    CHECK(err);
    unsigned long rem = 0;
    if (!err) {
        uint64_t v = 0;
        cy_int m = t;
        if (m.size < 0)
            m.size = -m.size;
        cy_int_get_u64(&m, &v);
        rem = (unsigned long)v;
        if (r)
            cy_int_swap(CY(r), &t);
    }
    cy_int_clear(&t);
    return rem;
}

#define DIV_FAMILY(X)                                                                               \
    void mpz_##X##div_q(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { CHECK(cy_int_##X##div_qr(CY(q), NULL, CYC(n), CYC(d))); } \
    void mpz_##X##div_r(mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { CHECK(cy_int_##X##div_qr(NULL, CY(r), CYC(n), CYC(d))); } \
    void mpz_##X##div_qr(mpz_ptr q, mpz_ptr r, mpz_srcptr n, mpz_srcptr d)                          \
    {                                                                                               \
        CHECK(cy_int_##X##div_qr(CY(q), CY(r), CYC(n), CYC(d)));                                    \
    }                                                                                               \
    unsigned long mpz_##X##div_q_ui(mpz_ptr q, mpz_srcptr n, unsigned long d)                       \
    {                                                                                               \
        return div_ui_signed(cy_int_##X##div_qr_u64, q, NULL, n, d);                                \
    }                                                                                               \
    unsigned long mpz_##X##div_r_ui(mpz_ptr r, mpz_srcptr n, unsigned long d)                       \
    {                                                                                               \
        return div_ui_signed(cy_int_##X##div_qr_u64, NULL, r, n, d);                                \
    }                                                                                               \
    unsigned long mpz_##X##div_qr_ui(mpz_ptr q, mpz_ptr r, mpz_srcptr n, unsigned long d)           \
    {                                                                                               \
        return div_ui_signed(cy_int_##X##div_qr_u64, q, r, n, d);                                   \
    }                                                                                               \
    unsigned long mpz_##X##div_ui(mpz_srcptr n, unsigned long d)                                    \
    {                                                                                               \
        return div_ui_signed(cy_int_##X##div_qr_u64, NULL, NULL, n, d);                             \
    }                                                                                               \
    void mpz_##X##div_q_2exp(mpz_ptr q, mpz_srcptr n, mp_bitcnt_t b) { CHECK(cy_int_##X##div_q_2exp(CY(q), CYC(n), b)); } \
    void mpz_##X##div_r_2exp(mpz_ptr r, mpz_srcptr n, mp_bitcnt_t b) { CHECK(cy_int_##X##div_r_2exp(CY(r), CYC(n), b)); }
DIV_FAMILY(c)
DIV_FAMILY(f)
DIV_FAMILY(t)

void mpz_mod(mpz_ptr r, mpz_srcptr n, mpz_srcptr d) { CHECK(cy_int_mod(CY(r), CYC(n), CYC(d))); }

unsigned long mpz_mod_ui(mpz_ptr r, mpz_srcptr n, unsigned long d)
{
    uint64_t m = 0;
    int err = cy_int_mod_u64(&m, CYC(n), d);
    CHECK(err);
    if (!err && r)
        CHECK(cy_int_set_u64(CY(r), m));
    return (unsigned long)m;
}

void mpz_divexact(mpz_ptr q, mpz_srcptr n, mpz_srcptr d) { CHECK(cy_int_divexact(CY(q), CYC(n), CYC(d))); }
void mpz_divexact_ui(mpz_ptr q, mpz_srcptr n, unsigned long d) { CHECK(cy_int_divexact_u64(CY(q), CYC(n), d)); }

/* predicates that may meet CY_ENOMEM */
static int pred(int r)
{
    if (r < 0) {
        CHECK(r);
        return 0;
    }
    return r;
}

int mpz_divisible_p(mpz_srcptr n, mpz_srcptr d) { return pred(cy_int_divisible_p(CYC(n), CYC(d))); }
int mpz_divisible_ui_p(mpz_srcptr n, unsigned long d) { return cy_int_divisible_u64_p(CYC(n), d); }
int mpz_divisible_2exp_p(mpz_srcptr n, mp_bitcnt_t b) { return cy_int_divisible_2exp_p(CYC(n), b); }
int mpz_congruent_p(mpz_srcptr n, mpz_srcptr c, mpz_srcptr d) { return pred(cy_int_congruent_p(CYC(n), CYC(c), CYC(d))); }
int mpz_congruent_ui_p(mpz_srcptr n, unsigned long c, unsigned long d) { return cy_int_congruent_u64_p(CYC(n), c, d); }
int mpz_congruent_2exp_p(mpz_srcptr n, mpz_srcptr c, mp_bitcnt_t b) { return cy_int_congruent_2exp_p(CYC(n), CYC(c), b); }

/* ---- exponentiation and roots ---- */

/* a word as a cy_int view on the stack */
static cy_int word(cy_limb *d, unsigned long v, int neg)
{
    d[0] = (cy_limb)v;
    d[1] = CY_LIMB_BITS < 64 ? (cy_limb)((uint64_t)v >> (CY_LIMB_BITS % 64)) : 0;
    cy_int x = {0, d[1] ? 2 : d[0] != 0, d};
    if (neg)
        x.size = -x.size;
    return x;
}

void mpz_powm(mpz_ptr r, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m) { CHECK(cy_int_powm(CY(r), CYC(b), CYC(e), CYC(m))); }

void mpz_powm_ui(mpz_ptr r, mpz_srcptr b, unsigned long e, mpz_srcptr m)
{
    cy_limb d[2];
    cy_int ev = word(d, e, 0);
    CHECK(cy_int_powm(CY(r), CYC(b), &ev, CYC(m)));
}

void mpz_powm_sec(mpz_ptr r, mpz_srcptr b, mpz_srcptr e, mpz_srcptr m) { CHECK(cy_int_powm_sec(CY(r), CYC(b), CYC(e), CYC(m))); }
void mpz_pow_ui(mpz_ptr r, mpz_srcptr b, unsigned long e) { CHECK(cy_int_pow_u64(CY(r), CYC(b), e)); }

void mpz_ui_pow_ui(mpz_ptr r, unsigned long b, unsigned long e)
{
    CHECK(cy_int_set_u64(CY(r), b));
    CHECK(cy_int_pow_u64(CY(r), CY(r), e));
}

int mpz_root(mpz_ptr r, mpz_srcptr a, unsigned long n)
{
    cy_int rem;
    cy_int_init(&rem);
    int err = cy_int_rootrem(CY(r), &rem, CYC(a), n);
    CHECK(err);
    int exact = !err && cy_int_sgn(&rem) == 0;
    cy_int_clear(&rem);
    return exact;
}

void mpz_rootrem(mpz_ptr root, mpz_ptr rem, mpz_srcptr a, unsigned long n) { CHECK(cy_int_rootrem(CY(root), CY(rem), CYC(a), n)); }
void mpz_sqrt(mpz_ptr r, mpz_srcptr a) { CHECK(cy_int_sqrtrem(CY(r), NULL, CYC(a))); }
void mpz_sqrtrem(mpz_ptr s, mpz_ptr r, mpz_srcptr a) { CHECK(cy_int_sqrtrem(CY(s), CY(r), CYC(a))); }
int mpz_perfect_power_p(mpz_srcptr a) { return pred(cy_int_perfect_power_p(CYC(a))); }
int mpz_perfect_square_p(mpz_srcptr a) { return pred(cy_int_perfect_square_p(CYC(a))); }

/* ---- number theory ---- */

int mpz_probab_prime_p(mpz_srcptr n, int reps) { return pred(cy_int_probab_prime_p(CYC(n), reps)); }
void mpz_nextprime(mpz_ptr r, mpz_srcptr n) { CHECK(cy_int_nextprime(CY(r), CYC(n))); }
void mpz_gcd(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_gcd(CY(r), CYC(a), CYC(b))); }

unsigned long mpz_gcd_ui(mpz_ptr r, mpz_srcptr a, unsigned long b)
{
    cy_int g;
    cy_int_init(&g);
    int err = cy_int_gcd_u64(&g, CYC(a), b);
    CHECK(err);
    uint64_t v = 0;
    if (!err && cy_int_get_u64(&g, &v))
        v = 0; /* does not fit: GMP returns 0 */
    if (!err && r)
        cy_int_swap(CY(r), &g);
    cy_int_clear(&g);
    return (unsigned long)v;
}

void mpz_gcdext(mpz_ptr g, mpz_ptr s, mpz_ptr t, mpz_srcptr a, mpz_srcptr b)
{
    CHECK(cy_int_gcdext(CY(g), s ? CY(s) : NULL, t ? CY(t) : NULL, CYC(a), CYC(b)));
}

void mpz_lcm(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_lcm(CY(r), CYC(a), CYC(b))); }
void mpz_lcm_ui(mpz_ptr r, mpz_srcptr a, unsigned long b) { CHECK(cy_int_lcm_u64(CY(r), CYC(a), b)); }

int mpz_invert(mpz_ptr r, mpz_srcptr a, mpz_srcptr m)
{
    int err = cy_int_invert(CY(r), CYC(a), CYC(m));
    if (err == CY_ENOTINV)
        return 0;
    CHECK(err);
    return !err;
}

static int symbol(int (*f)(int *, const cy_int *, const cy_int *), const cy_int *a, const cy_int *b)
{
    int k = 0;
    CHECK(f(&k, a, b));
    return k;
}

static unsigned long mag(long v)
{
    return v < 0 ? 0 - (unsigned long)v : (unsigned long)v;
}

int mpz_jacobi(mpz_srcptr a, mpz_srcptr b) { return symbol(cy_int_jacobi, CYC(a), CYC(b)); }
int mpz_legendre(mpz_srcptr a, mpz_srcptr p) { return symbol(cy_int_legendre, CYC(a), CYC(p)); }
int mpz_kronecker(mpz_srcptr a, mpz_srcptr b) { return symbol(cy_int_kronecker, CYC(a), CYC(b)); }

int mpz_kronecker_si(mpz_srcptr a, long b)
{
    cy_limb d[2];
    cy_int w = word(d, mag(b), b < 0);
    return symbol(cy_int_kronecker, CYC(a), &w);
}

int mpz_kronecker_ui(mpz_srcptr a, unsigned long b)
{
    cy_limb d[2];
    cy_int w = word(d, b, 0);
    return symbol(cy_int_kronecker, CYC(a), &w);
}

int mpz_si_kronecker(long a, mpz_srcptr b)
{
    cy_limb d[2];
    cy_int w = word(d, mag(a), a < 0);
    return symbol(cy_int_kronecker, &w, CYC(b));
}

int mpz_ui_kronecker(unsigned long a, mpz_srcptr b)
{
    cy_limb d[2];
    cy_int w = word(d, a, 0);
    return symbol(cy_int_kronecker, &w, CYC(b));
}

mp_bitcnt_t mpz_remove(mpz_ptr r, mpz_srcptr a, mpz_srcptr f)
{
    uint64_t k = 0;
    CHECK(cy_int_remove(CY(r), &k, CYC(a), CYC(f)));
    return (mp_bitcnt_t)k;
}

void mpz_fac_ui(mpz_ptr r, unsigned long n) { CHECK(cy_int_fac_u64(CY(r), n)); }
void mpz_2fac_ui(mpz_ptr r, unsigned long n) { CHECK(cy_int_2fac_u64(CY(r), n)); }
void mpz_mfac_uiui(mpz_ptr r, unsigned long n, unsigned long m) { CHECK(cy_int_mfac_u64(CY(r), n, m)); }
void mpz_primorial_ui(mpz_ptr r, unsigned long n) { CHECK(cy_int_primorial_u64(CY(r), n)); }
void mpz_bin_ui(mpz_ptr r, mpz_srcptr n, unsigned long k) { CHECK(cy_int_bin(CY(r), CYC(n), k)); }
void mpz_bin_uiui(mpz_ptr r, unsigned long n, unsigned long k) { CHECK(cy_int_bin_u64(CY(r), n, k)); }
void mpz_fib_ui(mpz_ptr f, unsigned long n) { CHECK(cy_int_fib_u64(CY(f), n)); }
void mpz_fib2_ui(mpz_ptr f, mpz_ptr g, unsigned long n) { CHECK(cy_int_fib2_u64(CY(f), CY(g), n)); }
void mpz_lucnum_ui(mpz_ptr l, unsigned long n) { CHECK(cy_int_lucnum_u64(CY(l), n)); }
void mpz_lucnum2_ui(mpz_ptr l, mpz_ptr m, unsigned long n) { CHECK(cy_int_lucnum2_u64(CY(l), CY(m), n)); }

/* ---- comparison ---- */

int mpz_cmp(mpz_srcptr a, mpz_srcptr b) { return cy_int_cmp(CYC(a), CYC(b)); }
int mpz_cmp_si(mpz_srcptr a, signed long b) { return cy_int_cmp_i64(CYC(a), b); }
int mpz_cmp_ui(mpz_srcptr a, unsigned long b) { return cy_int_cmp_u64(CYC(a), b); }
int mpz_cmpabs(mpz_srcptr a, mpz_srcptr b) { return cy_int_cmpabs(CYC(a), CYC(b)); }
int mpz_cmpabs_ui(mpz_srcptr a, unsigned long b) { return cy_int_cmpabs_u64(CYC(a), b); }

/* sign of a - d for a finite d: a against trunc(d), then the fraction of d breaks a tie */
static int cmp_d(const cy_int *a, double d)
{
    if (d != d) {
        CHECK(CY_EINVAL); /* NaN */
        return 0;
    }
    if (d > 1.7976931348623157e308)
        return -1;
    if (d < -1.7976931348623157e308)
        return 1;
    cy_int t;
    cy_int_init(&t);
    CHECK(cy_int_set_d(&t, d));
    int c = cy_int_cmp(a, &t);
    if (c == 0) {
        double f = d > -9007199254740992.0 && d < 9007199254740992.0 ? d - (double)(long long)d : 0.0;
        c = f > 0 ? -1 : f < 0 ? 1 : 0;
    }
    cy_int_clear(&t);
    return c;
}

int mpz_cmp_d(mpz_srcptr a, double d) { return cmp_d(CYC(a), d); }

int mpz_cmpabs_d(mpz_srcptr a, double d)
{
    cy_int m = *CYC(a);
    if (m.size < 0)
        m.size = -m.size;
    return cmp_d(&m, d < 0 ? -d : d);
}

/* ---- logic and bits ---- */

void mpz_and(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_and(CY(r), CYC(a), CYC(b))); }
void mpz_ior(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_ior(CY(r), CYC(a), CYC(b))); }
void mpz_xor(mpz_ptr r, mpz_srcptr a, mpz_srcptr b) { CHECK(cy_int_xor(CY(r), CYC(a), CYC(b))); }
void mpz_com(mpz_ptr r, mpz_srcptr a) { CHECK(cy_int_com(CY(r), CYC(a))); }

/* UINT64_MAX (carry's "none") as GMP's largest mp_bitcnt_t */
static mp_bitcnt_t bitcnt(uint64_t v)
{
    return v == UINT64_MAX ? ~(mp_bitcnt_t)0 : (mp_bitcnt_t)v;
}

mp_bitcnt_t mpz_popcount(mpz_srcptr a) { return bitcnt(cy_int_popcount(CYC(a))); }
mp_bitcnt_t mpz_hamdist(mpz_srcptr a, mpz_srcptr b) { return bitcnt(cy_int_hamdist(CYC(a), CYC(b))); }
mp_bitcnt_t mpz_scan0(mpz_srcptr a, mp_bitcnt_t s) { return bitcnt(cy_int_scan0(CYC(a), s)); }
mp_bitcnt_t mpz_scan1(mpz_srcptr a, mp_bitcnt_t s) { return bitcnt(cy_int_scan1(CYC(a), s)); }
void mpz_setbit(mpz_ptr r, mp_bitcnt_t b) { CHECK(cy_int_setbit(CY(r), b)); }
void mpz_clrbit(mpz_ptr r, mp_bitcnt_t b) { CHECK(cy_int_clrbit(CY(r), b)); }
void mpz_combit(mpz_ptr r, mp_bitcnt_t b) { CHECK(cy_int_combit(CY(r), b)); }
int mpz_tstbit(mpz_srcptr a, mp_bitcnt_t b) { return cy_int_tstbit(CYC(a), b); }

/* ---- miscellaneous ---- */

static int fits(mpz_srcptr a, long lo, unsigned long hi)
{
    return a->_mp_size >= 0 ? cy_int_cmp_u64(CYC(a), hi) <= 0 : cy_int_cmp_i64(CYC(a), lo) >= 0;
}

int mpz_fits_ulong_p(mpz_srcptr a) { return fits(a, 0, ULONG_MAX); }
int mpz_fits_slong_p(mpz_srcptr a) { return fits(a, LONG_MIN, LONG_MAX); }
int mpz_fits_uint_p(mpz_srcptr a) { return fits(a, 0, UINT_MAX); }
int mpz_fits_sint_p(mpz_srcptr a) { return fits(a, INT_MIN, INT_MAX); }
int mpz_fits_ushort_p(mpz_srcptr a) { return fits(a, 0, USHRT_MAX); }
int mpz_fits_sshort_p(mpz_srcptr a) { return fits(a, SHRT_MIN, SHRT_MAX); }

size_t mpz_sizeinbase(mpz_srcptr a, int base) { return cy_int_sizeinbase(CYC(a), base); }

/* ---- low-level access ---- */

mp_limb_t mpz_getlimbn(mpz_srcptr a, mp_size_t n)
{
    return n >= 0 && (size_t)n < cy_int_size(CYC(a)) ? a->_mp_d[n] : 0;
}

size_t mpz_size(mpz_srcptr a) { return cy_int_size(CYC(a)); }
const mp_limb_t *mpz_limbs_read(mpz_srcptr x) { return cy_int_limbs_read(CYC(x)); }

mp_limb_t *mpz_limbs_modify(mpz_ptr x, mp_size_t n)
{
    cy_limb *p = NULL;
    CHECK(cy_int_limbs_write(CY(x), n > 0 ? (size_t)n : 1, &p));
    return p;
}

mp_limb_t *mpz_limbs_write(mpz_ptr x, mp_size_t n) { return mpz_limbs_modify(x, n); }

void mpz_limbs_finish(mpz_ptr x, mp_size_t s)
{
    cy_int_limbs_finish(CY(x), (size_t)(s < 0 ? -s : s), s < 0);
}

mpz_srcptr mpz_roinit_n(mpz_ptr x, const mp_limb_t *xp, mp_size_t xs)
{
    size_t n = (size_t)(xs < 0 ? -xs : xs);
    while (n > 0 && xp[n - 1] == 0)
        n--;
    x->_mp_alloc = 0;
    x->_mp_d = (mp_limb_t *)xp;
    x->_mp_size = xs < 0 ? -(int)n : (int)n;
    return x;
}
