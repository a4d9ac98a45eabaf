/* carry-gmp: GMP's documented mpn functions (GMP manual, "Low-level Functions" and "Low-level
 * functions for cryptography", GMP 6.2), each a call into carry's cy_mpn_* kernels (carry/mpn.h)
 * or, for the side-channel silent ones, into carry's constant-time kernels and Montgomery
 * arithmetic (carry/mod.h). SPDX-License-Identifier: MIT
 *
 * Where GMP's conventions differ from carry's, the wrapper adapts:
 *  - GMP's functions without a scratch argument (mul_n, mul, sqr, tdiv_qr, gcd, sqrtrem, the
 *    string functions, perfect_square_p) take carry's scratch from the stack when it is small,
 *    else from carry's allocator, which carry-gmp points at the functions of
 *    mp_set_memory_functions, as GMP's own temporary allocation does;
 *  - the string functions read and write digit values (0 to base - 1), carry's read and write
 *    ASCII: the wrapper translates;
 *  - GMP requires a normalised operand only where carry does not need one, or the other way
 *    round (gcd, gcdext: only the second operand's top limb is non-zero): the wrapper strips
 *    the zero limbs carry must not see.
 * Everything else is the kernel itself: the same result, return value and allowed overlaps. */
#include <string.h>

#include <carry/limb.h>
#include <carry/mod.h>

#include "impl.h"

#define N(n) ((size_t)(n))

/* ---- scratch for the functions GMP documents without a scratch argument ---- */

#define LOCAL 256 /* limbs on the stack */

typedef struct {
    mp_limb_t *p;
    mp_limb_t local[LOCAL];
} tmp;

/* n limbs of scratch, or NULL once the failed allocation has been reported (CY_ENOMEM: a message
 * and abort(), or the program's handler; the caller then returns with its outputs unchanged). */
static mp_limb_t *tmp_get(tmp *t, size_t n)
{
    if (n <= LOCAL)
        return t->p = t->local;
    void *(*alloc)(size_t);
    cy_get_allocator(&alloc, NULL, NULL);
    t->p = n <= SIZE_MAX / sizeof(mp_limb_t) ? alloc(n * sizeof(mp_limb_t)) : NULL;
    if (!t->p)
        cy__gmp_check(CY_ENOMEM);
    return t->p;
}

static void tmp_free(tmp *t)
{
    if (t->p && t->p != t->local) {
        void (*fr)(void *);
        cy_get_allocator(NULL, NULL, &fr);
        fr(t->p);
    }
}

/* GMP divides by a zero limb as the hardware does: SIGFPE (cy__gmp_check, or the handler). */
static int zero_divisor(mp_limb_t d)
{
    if (d == 0)
        cy__gmp_check(CY_EDIVZERO);
    return d == 0;
}

/* ---- addition, subtraction, multiplication: the kernels with GMP's signatures ---- */

mp_limb_t mpn_add_n(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n) { return cy_mpn_add_n(r, a, b, N(n)); }
mp_limb_t mpn_add_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b) { return cy_mpn_add_1(r, a, N(n), b); }
mp_limb_t mpn_add(mp_ptr r, mp_srcptr a, mp_size_t an, mp_srcptr b, mp_size_t bn) { return cy_mpn_add(r, a, N(an), b, N(bn)); }
mp_limb_t mpn_sub_n(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n) { return cy_mpn_sub_n(r, a, b, N(n)); }
mp_limb_t mpn_sub_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b) { return cy_mpn_sub_1(r, a, N(n), b); }
mp_limb_t mpn_sub(mp_ptr r, mp_srcptr a, mp_size_t an, mp_srcptr b, mp_size_t bn) { return cy_mpn_sub(r, a, N(an), b, N(bn)); }
mp_limb_t mpn_neg(mp_ptr r, mp_srcptr a, mp_size_t n) { return cy_mpn_neg(r, a, N(n)); }
mp_limb_t mpn_mul_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b) { return cy_mpn_mul_1(r, a, N(n), b); }
mp_limb_t mpn_addmul_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b) { return cy_mpn_addmul_1(r, a, N(n), b); }
mp_limb_t mpn_submul_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b) { return cy_mpn_submul_1(r, a, N(n), b); }

void mpn_mul_n(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n)
{
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_mul_n_itch(N(n)));
    if (s)
        cy_mpn_mul_n(r, a, b, N(n), s);
    tmp_free(&t);
}

mp_limb_t mpn_mul(mp_ptr r, mp_srcptr a, mp_size_t an, mp_srcptr b, mp_size_t bn)
{
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_mul_itch(N(an), N(bn))), hi = 0;
    if (s)
        hi = cy_mpn_mul(r, a, N(an), b, N(bn), s);
    tmp_free(&t);
    return hi;
}

void mpn_sqr(mp_ptr r, mp_srcptr a, mp_size_t n)
{
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_sqr_itch(N(n)));
    if (s)
        cy_mpn_sqr(r, a, N(n), s);
    tmp_free(&t);
}

/* ---- division ---- */

void mpn_tdiv_qr(mp_ptr q, mp_ptr r, mp_size_t qxn, mp_srcptr a, mp_size_t an, mp_srcptr d, mp_size_t dn)
{
    if (qxn != 0) { /* GMP: "The qxn operand must be zero" */
        cy__gmp_check(CY_EINVAL);
        return;
    }
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_divrem_itch(N(an), N(dn)));
    if (s)
        cy_mpn_divrem(q, r, a, N(an), d, N(dn), s); /* r may be a, as GMP allows */
    tmp_free(&t);
}

mp_limb_t mpn_divrem_1(mp_ptr q, mp_size_t qxn, mp_srcptr a, mp_size_t an, mp_limb_t d)
{
    if (zero_divisor(d))
        return 0;
    size_t xn = N(qxn), n = N(an);
    if (xn == 0)
        return cy_mpn_divrem_1(q, a, n, d); /* n = 0 gives 0, as GMP allows */
    /* qxn fraction limbs: the quotient of {a, an} B^qxn, divided from a copy with qxn zero limbs
     * below it, so that the quotient's {q + qxn, an} may start at a (GMP: q and a identical or
     * apart) while its fraction limbs land below */
    tmp t;
    mp_limb_t *x = tmp_get(&t, n + xn), rem = 0;
    if (x) {
        cy_mpn_zero(x, xn);
        cy_mpn_copy(x + xn, a, n);
        rem = cy_mpn_divrem_1(q, x, n + xn, d);
    }
    tmp_free(&t);
    return rem;
}

void mpn_divexact_1(mp_ptr q, mp_srcptr a, mp_size_t n, mp_limb_t d)
{
    if (!zero_divisor(d))
        cy_mpn_divexact_1(q, a, N(n), d);
}

/* GMP defines a result for every input: c B^n + a - i = 3 q with c in {0, 1, 2}. As B = 1 (mod 3),
 * c = (i - a) mod 3, and q = (a - i) / 3 mod B^n, Hensel's quotient, which cy_mpn_divexact_1
 * computes for an odd divisor whether the division is exact or not (carry/mpn.h). */
mp_limb_t mpn_divexact_by3c(mp_ptr q, mp_srcptr a, mp_size_t n, mp_limb_t i)
{
    mp_limb_t c = (i + 3 - cy_mpn_mod_1(a, N(n), 3)) % 3; /* before q (maybe a) is written */
    cy_mpn_sub_1(q, a, N(n), i);                         /* a - i mod B^n */
    cy_mpn_divexact_1(q, q, N(n), 3);
    return c;
}

mp_limb_t mpn_mod_1(mp_srcptr a, mp_size_t n, mp_limb_t d)
{
    return zero_divisor(d) ? 0 : cy_mpn_mod_1(a, N(n), d);
}

/* ---- shifts, comparison ---- */

mp_limb_t mpn_lshift(mp_ptr r, mp_srcptr a, mp_size_t n, unsigned int cnt) { return cy_mpn_lshift(r, a, N(n), cnt); }
mp_limb_t mpn_rshift(mp_ptr r, mp_srcptr a, mp_size_t n, unsigned int cnt) { return cy_mpn_rshift(r, a, N(n), cnt); }
int mpn_cmp(mp_srcptr a, mp_srcptr b, mp_size_t n) { return cy_mpn_cmp(a, b, N(n)); }
int mpn_zero_p(mp_srcptr a, mp_size_t n) { return cy_mpn_zero_p(a, N(n)); }

/* ---- gcd, square root ---- */

/* The length of {a, n} without its zero top limbs. */
static size_t normal(mp_srcptr a, size_t n)
{
    while (n > 0 && a[n - 1] == 0)
        n--;
    return n;
}

mp_size_t mpn_gcd(mp_ptr g, mp_ptr x, mp_size_t xn, mp_ptr y, mp_size_t yn)
{
    /* GMP asks for y's top limb only (and xn >= yn); carry for both, longer operand first */
    size_t an = normal(x, N(xn)), bn = N(yn);
    if (an == 0) { /* gcd(0, y) = y */
        mpn_copyi(g, y, yn);
        return yn;
    }
    mp_srcptr a = x, b = y;
    if (an < bn) {
        a = y, b = x;
        size_t k = an;
        an = bn, bn = k;
    }
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_gcd_itch(an, bn));
    size_t gn = s ? cy_mpn_gcd(g, a, an, b, bn, s) : 0;
    tmp_free(&t);
    return (mp_size_t)gn;
}

mp_limb_t mpn_gcd_1(mp_srcptr x, mp_size_t xn, mp_limb_t y)
{
    return cy_mpn_gcd_1(cy_mpn_mod_1(x, N(xn), y), y); /* gcd(x mod y, y); gcd(0, y) = y */
}

/* GMP's cofactor is the one of mpz_gcdext (S = 1 or |S| < V / (2G), S = 0 exactly when V
 * divides U), which cy_int_gcdext computes; U and V are read-only cy_int views of the limbs. */
mp_size_t mpn_gcdext(mp_ptr gp, mp_ptr sp, mp_size_t *sn, mp_ptr up, mp_size_t un, mp_ptr vp, mp_size_t vn)
{
    cy_int u = {0, (int)normal(up, N(un)), up}, v = {0, (int)vn, vp}, g, s;
    cy_int_init(&g);
    cy_int_init(&s);
    int err = cy_int_gcdext(&g, &s, NULL, &u, &v);
    mp_size_t gn = 0;
    if (!err) {
        gn = g.size;
        cy_mpn_copy(gp, g.d, (size_t)g.size);
        cy_mpn_copy(sp, s.d, (size_t)(s.size < 0 ? -s.size : s.size));
        *sn = s.size;
    }
    cy_int_clear(&g);
    cy_int_clear(&s);
    cy__gmp_check(err);
    return gn;
}

mp_size_t mpn_sqrtrem(mp_ptr s, mp_ptr r, mp_srcptr a, mp_size_t n)
{
    /* GMP lets the remainder overwrite a (r == a); carry's must be apart: then it goes to
     * scratch first */
    size_t k = N(n), itch = cy_mpn_sqrtrem_itch(k), in_place = r == a;
    tmp t;
    mp_limb_t *sc = tmp_get(&t, itch + (in_place ? k : 0));
    size_t rn = 0;
    if (sc) {
        rn = cy_mpn_sqrtrem(s, in_place ? sc + itch : r, a, k, sc);
        if (in_place)
            cy_mpn_copy(r, sc + itch, k);
    }
    tmp_free(&t);
    return (mp_size_t)rn; /* with r = NULL carry returns 1 or 0: non-zero exactly for a remainder */
}

int mpn_perfect_square_p(mp_srcptr a, mp_size_t n)
{
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_sqrtrem_itch(N(n)) + N(n));
    int sq = s ? cy_mpn_perfect_square_p(a, N(n), s) : 0;
    tmp_free(&t);
    return sq;
}

/* ---- radix conversion: GMP's digit values, carry's ASCII ---- */

static const char digit_chars[] = "0123456789abcdefghijklmnopqrstuvwxyz";

/* carry converts bases 2 to 36; GMP's others are CY_EBASE (a message and abort(), or the handler). */
static int base_ok(int base)
{
    if (base >= 2 && base <= 36)
        return 1;
    cy__gmp_check(CY_EBASE);
    return 0;
}

size_t mpn_sizeinbase(mp_srcptr a, mp_size_t n, int base)
{
    return base_ok(base) ? cy_mpn_sizeinbase(a, N(n), base) : 0;
}

/* GMP may clobber {a, n}; carry leaves it as it was, which GMP's contract allows. */
size_t mpn_get_str(unsigned char *str, int base, mp_ptr a, mp_size_t n)
{
    if (!base_ok(base))
        return 0;
    tmp t;
    mp_limb_t *s = tmp_get(&t, cy_mpn_get_str_itch(N(n), base));
    size_t len = s ? cy_mpn_get_str((char *)str, base, a, N(n), s) : 0;
    tmp_free(&t);
    for (size_t i = 0; i < len; i++) /* '0'-'9', 'a'-'z' to 0-35 */
        str[i] = (unsigned char)(str[i] <= '9' ? str[i] - '0' : str[i] - 'a' + 10);
    return len;
}

/* The digits are written as ASCII into scratch for cy_mpn_set_str; a digit value >= base becomes
 * a character carry rejects (CY_EDIGIT, reported as an error; GMP leaves that case undefined). */
mp_size_t mpn_set_str(mp_ptr r, const unsigned char *str, size_t len, int base)
{
    if (!base_ok(base))
        return 0;
    size_t itch = cy_mpn_set_str_itch(len, base), chars = len / sizeof(mp_limb_t) + 1;
    tmp t;
    mp_limb_t *s = tmp_get(&t, itch + chars);
    size_t rn = 0;
    if (s) {
        char *c = (char *)(s + itch);
        for (size_t i = 0; i < len; i++)
            c[i] = str[i] < base ? digit_chars[str[i]] : '?';
        /* carry writes at most the limbs of the value (GMP's bound: that plus one) */
        cy__gmp_check(cy_mpn_set_str(r, &rn, c, len, base, s));
    }
    tmp_free(&t);
    return (mp_size_t)rn;
}

/* ---- bits: tiny loops on carry's one-limb primitives (carry has no mpn scan or popcount) ---- */

/* The first bit at or above `bit` that differs from `skip` (0: scan1; all ones: scan0); GMP
 * promises there is one. */
static mp_bitcnt_t scan(mp_srcptr a, mp_bitcnt_t bit, mp_limb_t skip)
{
    size_t i = bit / GMP_NUMB_BITS;
    mp_limb_t x = (a[i] ^ skip) & (GMP_NUMB_MAX << (bit % GMP_NUMB_BITS));
    while (x == 0)
        x = a[++i] ^ skip;
    return (mp_bitcnt_t)i * GMP_NUMB_BITS + cy__ctz(x);
}

mp_bitcnt_t mpn_scan0(mp_srcptr a, mp_bitcnt_t bit) { return scan(a, bit, GMP_NUMB_MAX); }
mp_bitcnt_t mpn_scan1(mp_srcptr a, mp_bitcnt_t bit) { return scan(a, bit, 0); }

mp_bitcnt_t mpn_popcount(mp_srcptr a, mp_size_t n)
{
    mp_bitcnt_t c = 0;
    for (size_t i = 0; i < N(n); i++)
        c += cy__popcount(a[i]);
    return c;
}

mp_bitcnt_t mpn_hamdist(mp_srcptr a, mp_srcptr b, mp_size_t n)
{
    mp_bitcnt_t c = 0;
    for (size_t i = 0; i < N(n); i++)
        c += cy__popcount(a[i] ^ b[i]);
    return c;
}

/* ---- logic and copies: carry's kernels, and one loop for each combination carry lacks ---- */

void mpn_and_n(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n) { cy_mpn_and_n(r, a, b, N(n)); }
void mpn_ior_n(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n) { cy_mpn_ior_n(r, a, b, N(n)); }
void mpn_xor_n(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n) { cy_mpn_xor_n(r, a, b, N(n)); }
void mpn_com(mp_ptr r, mp_srcptr a, mp_size_t n) { cy_mpn_com(r, a, N(n)); }

#define LOGIC(name, x, y, expr)                                                                   \
    void name(mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n)                                    \
    {                                                                                             \
        for (size_t i = 0; i < N(n); i++) {                                                       \
            mp_limb_t x = a[i], y = b[i];                                                         \
            r[i] = (expr);                                                                        \
        }                                                                                         \
    }
LOGIC(mpn_andn_n, x, y, x & ~y)
LOGIC(mpn_iorn_n, x, y, x | ~y)
LOGIC(mpn_nand_n, x, y, ~(x & y))
LOGIC(mpn_nior_n, x, y, ~(x | y))
LOGIC(mpn_xnor_n, x, y, ~(x ^ y))

/* Upwards and downwards, so that rp <= s1p (copyi) and rp >= s1p (copyd) may overlap, which
 * cy_mpn_copy does not allow. */
void mpn_copyi(mp_ptr r, mp_srcptr a, mp_size_t n)
{
    for (size_t i = 0; i < N(n); i++)
        r[i] = a[i];
}

void mpn_copyd(mp_ptr r, mp_srcptr a, mp_size_t n)
{
    for (size_t i = N(n); i-- > 0;)
        r[i] = a[i];
}

void mpn_zero(mp_ptr r, mp_size_t n) { cy_mpn_zero(r, N(n)); }

/* ---- side-channel silent functions ----
 *
 * Only carry's constant-time code runs here: the linear kernels (add_n, sub_n, add_1, sub_1,
 * mul_1, addmul_1, submul_1, xor_n), the products (cy_mpn_mul, cy_mpn_sqr) and Montgomery
 * arithmetic with safegcd inversion (cy_mont_init, cy_mont_mod, cy_mont_powm,
 * cy_mod_inv_safegcd), all checked under valgrind by tests/mod/test_ct.c, and this file's own
 * glue, whose branches and addresses depend on sizes and pointers only (tests/gmp/compat_mpn_ct.c).
 * A condition becomes the limb 0 or 1 by arithmetic, and selecting by it is a product by that
 * limb (mul_1, addmul_1), never a branch. */

/* 1 if x != 0, else 0: the top bit of x | -x. */
static mp_limb_t nz(mp_limb_t x)
{
    return (x | (0 - x)) >> (GMP_LIMB_BITS - 1);
}

/* r = a + b cnd (cnd 0 or 1): addmul_1 in place; otherwise the masked b first (mul_1 by 0 or 1,
 * into r, which may be b), then a added. */
mp_limb_t mpn_cnd_add_n(mp_limb_t cnd, mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n)
{
    if (r == a)
        return cy_mpn_addmul_1(r, b, N(n), nz(cnd));
    cy_mpn_mul_1(r, b, N(n), nz(cnd));
    return cy_mpn_add_n(r, a, r, N(n));
}

mp_limb_t mpn_cnd_sub_n(mp_limb_t cnd, mp_ptr r, mp_srcptr a, mp_srcptr b, mp_size_t n)
{
    if (r == a)
        return cy_mpn_submul_1(r, b, N(n), nz(cnd));
    cy_mpn_mul_1(r, b, N(n), nz(cnd));
    return cy_mpn_sub_n(r, a, r, N(n));
}

/* carry's add_1 and sub_1 run through all n limbs: no scratch needed. */
mp_limb_t mpn_sec_add_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b, mp_ptr tp)
{
    (void)tp;
    return cy_mpn_add_1(r, a, N(n), b);
}

mp_limb_t mpn_sec_sub_1(mp_ptr r, mp_srcptr a, mp_size_t n, mp_limb_t b, mp_ptr tp)
{
    (void)tp;
    return cy_mpn_sub_1(r, a, N(n), b);
}

mp_size_t mpn_sec_add_1_itch(mp_size_t n) { (void)n; return 0; }
mp_size_t mpn_sec_sub_1_itch(mp_size_t n) { (void)n; return 0; }

/* d = (a XOR b) cnd, then a ^= d and b ^= d, through a block on the stack (cleared after). */
void mpn_cnd_swap(mp_limb_t cnd, volatile mp_limb_t *ap, volatile mp_limb_t *bp, mp_size_t n)
{
    mp_limb_t *a = (mp_limb_t *)ap, *b = (mp_limb_t *)bp, d[64], bit = nz(cnd);
    for (size_t i = 0; i < N(n); i += 64) {
        size_t k = N(n) - i < 64 ? N(n) - i : 64;
        cy_mpn_xor_n(d, a + i, b + i, k);
        cy_mpn_mul_1(d, d, k, bit);
        cy_mpn_xor_n(a + i, a + i, d, k);
        cy_mpn_xor_n(b + i, b + i, d, k);
    }
    cy_mpn_zero(d, 64);
}

/* r = the sum of every entry times (its index == which): each entry is read, one adds. */
void mpn_sec_tabselect(volatile mp_limb_t *rp, volatile const mp_limb_t *tab, mp_size_t n,
                       mp_size_t nents, mp_size_t which)
{
    mp_limb_t *r = (mp_limb_t *)rp;
    const mp_limb_t *t = (const mp_limb_t *)tab;
    cy_mpn_zero(r, N(n));
    for (size_t k = 0; k < N(nents); k++) {
        unsigned long long x = (unsigned long long)(k ^ N(which)); /* all bits of a size */
        cy_mpn_addmul_1(r, t + k * N(n), N(n), (mp_limb_t)(((x | (0 - x)) >> 63) ^ 1));
    }
}

/* carry's products are constant time (carry/mpn.h) at every size. GMP promises scratch sizes that
 * grow with the operands; carry's mul_itch(an, bn) need not, but it is at most
 * mul_itch(an + bn, an + bn), and mul_itch(n, n) (which covers a square) never decreases with n. */
void mpn_sec_mul(mp_ptr r, mp_srcptr a, mp_size_t an, mp_srcptr b, mp_size_t bn, mp_ptr tp)
{
    cy_mpn_mul(r, a, N(an), b, N(bn), tp);
}

mp_size_t mpn_sec_mul_itch(mp_size_t an, mp_size_t bn)
{
    return (mp_size_t)cy_mpn_mul_itch(N(an + bn), N(an + bn));
}

void mpn_sec_sqr(mp_ptr r, mp_srcptr a, mp_size_t an, mp_ptr tp)
{
    cy_mpn_sqr(r, a, N(an), tp);
}

mp_size_t mpn_sec_sqr_itch(mp_size_t an)
{
    return (mp_size_t)cy_mpn_mul_itch(N(an), N(an));
}

/* Sets *ctx up for the odd modulus {m, n} >= 1 (its copy and init's scratch in w), in constant
 * time; returns 1 if m = 1, else 0. carry's contexts take m >= 3: m = 1 becomes 3, without a
 * branch, and the caller turns the result into 0 (everything is 0 modulo 1). */
static mp_limb_t sec_init(cy_mont *ctx, mp_limb_t *storage, mp_srcptr m, size_t n, mp_limb_t *w)
{
    mp_limb_t x = m[0] ^ 1;
    for (size_t i = 1; i < n; i++)
        x |= m[i];
    mp_limb_t one = nz(x) ^ 1;
    cy_mpn_copy(w, m, n);
    w[0] += 2 * one;
    cy_mont_init(ctx, storage, w, n, w + n);
    return one;
}

/* {r, n} = {b, bn} mod m for any bn >= 1, with cy_mont_mod on at most 2n limbs at a time from the
 * top (r = r B^n + the next n limbs, mod m); w has 2n + cy_mont_mod_itch(n) limbs. The steps
 * depend on bn and n only. */
static void sec_reduce(mp_limb_t *r, mp_srcptr b, size_t bn, const cy_mont *ctx, mp_limb_t *w)
{
    size_t n = ctx->n, q = (bn - 1) / n; /* n-limb chunks below the top one of 1 to n limbs */
    cy_mont_mod(r, b + q * n, bn - q * n, ctx, w);
    while (q-- > 0) {
        cy_mpn_copy(w, b + q * n, n);
        cy_mpn_copy(w + n, r, n);
        cy_mont_mod(r, w, 2 * n, ctx, w + 2 * n);
    }
}

static size_t max3(size_t a, size_t b, size_t c)
{
    size_t m = a > b ? a : b;
    return m > c ? m : c;
}

/* Scratch of mpn_sec_powm (powm = 1, en exponent limbs) and mpn_sec_invert (powm = 0) for an
 * n-limb modulus: the context's storage (3n) and the reduced operand (n), then the largest step:
 * the modulus copy with init's scratch, the reduction, the exponentiation or the inversion. */
static size_t sec_need(size_t n, int powm, size_t en)
{
    size_t last = powm ? cy_mont_powm_itch(n, en) : cy_mod_inv_itch(n);
    return 4 * n + max3(n + cy_mont_init_itch(n), 2 * n + cy_mont_mod_itch(n), last);
}

/* GMP's scratch sizes never decrease as the operands grow: the largest need of any modulus of at
 * most n limbs (the need grows with en already: the window grows with the exponent). */
static mp_size_t sec_itch(size_t n, int powm, size_t en)
{
    size_t m = 0;
    for (size_t k = 1; k <= n; k++)
        if (sec_need(k, powm, en) > m)
            m = sec_need(k, powm, en);
    return (mp_size_t)m;
}

void mpn_sec_powm(mp_ptr r, mp_srcptr b, mp_size_t bn, mp_srcptr e, mp_bitcnt_t enb, mp_srcptr m,
                  mp_size_t n, mp_ptr tp)
{
    size_t k = N(n), en = (size_t)((enb + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS);
    cy_mont ctx;
    mp_limb_t *base = tp + 3 * k, *w = base + k;
    mp_limb_t one = sec_init(&ctx, tp, m, k, w);
    sec_reduce(base, b, N(bn), &ctx, w); /* carry's exponentiation takes a reduced base */
    cy_mont_powm(r, base, e, en, &ctx, w);
    cy_mpn_mul_1(r, r, k, one ^ 1);
}

mp_size_t mpn_sec_powm_itch(mp_size_t bn, mp_bitcnt_t enb, mp_size_t n)
{
    (void)bn; /* the base is reduced n limbs at a time */
    return sec_itch(N(n), 1, (size_t)((enb + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS));
}

/* safegcd runs the divsteps that any n-limb operands need, so nbcnt does not matter; A is reduced
 * first (GMP does not ask for A < M) and is left as it was (GMP allows its destruction). */
int mpn_sec_invert(mp_ptr r, mp_ptr a, mp_srcptr m, mp_size_t n, mp_bitcnt_t nbcnt, mp_ptr tp)
{
    (void)nbcnt;
    size_t k = N(n);
    cy_mont ctx;
    mp_limb_t *ar = tp + 3 * k, *w = ar + k;
    mp_limb_t one = sec_init(&ctx, tp, m, k, w);
    cy_mont_mod(ar, a, k, &ctx, w);
    int err = cy_mod_inv_safegcd(r, ar, &ctx, w); /* 0 or CY_ENOTINV, without a branch */
    cy_mpn_mul_1(r, r, k, one ^ 1);
    return (int)((nz((mp_limb_t)(unsigned)err) ^ 1) | one); /* modulo 1 every A has inverse 0 */
}

mp_size_t mpn_sec_invert_itch(mp_size_t n)
{
    return sec_itch(N(n), 0, 0);
}
