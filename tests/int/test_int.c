/* carry/int.h against GMP's mpz: every function on random and edge operands (0, +-1, +-B^k,
 * +-(B^k - 1), runs of ones, sizes 0 to about 110 limbs and a few thousand), all sign
 * combinations, every aliasing of outputs with inputs, an allocation failure injected at every
 * allocation of a call (the outputs must keep their values, nothing may leak), bad input, on every
 * back end. SPDX-License-Identifier: MIT */
#include <limits.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "../common/failalloc.h"
#include "../common/test.h"
#include "core/tune.h"

/* ---- Conversions and invariants ------------------------------------------------------------ */

static void to_mpz(mpz_t z, const cy_int *x)
{
    t_to_mpz(z, x->d, (size_t)abs(x->size));
    if (x->size < 0)
        mpz_neg(z, z);
}

static size_t zlimbs(const mpz_t z)
{
    return mpz_sgn(z) ? (mpz_sizeinbase(z, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS : 0;
}

/* x = z through the limbs (not through carry's conversions, which are under test). */
static void from_mpz(cy_int *x, const mpz_t z)
{
    size_t n = zlimbs(z);
    if (cy_int_reserve(x, n + 1)) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    mpz_t a;
    mpz_init(a);
    mpz_abs(a, z);
    t_from_mpz(x->d, n, a);
    x->size = mpz_sgn(z) < 0 ? -(int)n : (int)n;
    mpz_clear(a);
}

static void mpz_set_i64(mpz_t z, int64_t v)
{
    uint64_t m = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    mpz_import(z, 1, -1, sizeof m, 0, 0, &m);
    if (v < 0)
        mpz_neg(z, z);
}

static void mpz_set_u64(mpz_t z, uint64_t v)
{
    mpz_import(z, 1, -1, sizeof v, 0, 0, &v);
}

static uint64_t mpz_get_u64(const mpz_t z)
{
    uint64_t v = 0;
    if (mpz_sizeinbase(z, 2) <= 64)
        mpz_export(&v, NULL, -1, sizeof v, 0, 0, z);
    return v;
}

/* The representation invariants of cy_int (GMP's layout: a signed size). */
static int valid(const cy_int *x)
{
    int n = abs(x->size);
    return x->alloc >= 0 && n <= x->alloc && (n == 0 || x->d[n - 1] != 0) && (x->alloc == 0 || x->d != NULL);
}

/* 1 if x is valid and equals z. */
static int eq(const cy_int *x, const mpz_t z)
{
    if (!valid(x))
        return 0;
    mpz_t t;
    mpz_init(t);
    to_mpz(t, x);
    int r = mpz_cmp(t, z) == 0;
    mpz_clear(t);
    return r;
}

/* ---- Operands ------------------------------------------------------------------------------ */

/* Sizes in limbs: mostly up to 110 (past the unrolled kernels and Karatsuba's and Toom-3's
 * thresholds), and with big != 0 half the time 200 to 200 + big. */
static size_t pick_size(size_t big)
{
    if (big && t_below(2))
        return 200 + t_below(big);
    size_t k = t_below(100);
    if (k < 45)
        return t_below(11);
    if (k < 75)
        return t_below(41);
    return t_below(111);
}

/* A random integer of about n limbs: random shapes, or one of the edge forms 0, +-1, +-B^k,
 * +-(B^k - 1), +-2^j; random sign. */
static void rand_mpz(mpz_t z, size_t n)
{
    switch (t_below(10)) {
    case 0:
        mpz_set_ui(z, t_below(3)); /* 0, 1, 2 */
        break;
    case 1: /* B^n */
        mpz_set_ui(z, 1);
        mpz_mul_2exp(z, z, (mp_bitcnt_t)n * CY_LIMB_BITS);
        break;
    case 2: /* B^n - 1 */
        mpz_set_ui(z, 1);
        mpz_mul_2exp(z, z, (mp_bitcnt_t)n * CY_LIMB_BITS);
        mpz_sub_ui(z, z, 1);
        break;
    case 3: /* 2^j */
        mpz_set_ui(z, 1);
        mpz_mul_2exp(z, z, (mp_bitcnt_t)t_below(n * CY_LIMB_BITS + 1));
        break;
    default: {
        cy_limb *p = malloc((n + 1) * sizeof *p);
        t_fill(p, n, T_ANY);
        t_to_mpz(z, p, n);
        free(p);
    }
    }
    if (t_below(2))
        mpz_neg(z, z);
}

/* ---- Binary operations ---------------------------------------------------------------------- */

typedef int (*binop)(cy_int *, const cy_int *, const cy_int *);
/* The reference: the expected error code, and the result in r when it is CY_OK. */
typedef int (*refop)(mpz_t, const mpz_t, const mpz_t);

static int tdiv_q(cy_int *r, const cy_int *a, const cy_int *b) { return cy_int_tdiv_qr(r, NULL, a, b); }
static int tdiv_r(cy_int *r, const cy_int *a, const cy_int *b) { return cy_int_tdiv_qr(NULL, r, a, b); }
static int fdiv_q(cy_int *r, const cy_int *a, const cy_int *b) { return cy_int_fdiv_qr(r, NULL, a, b); }
static int fdiv_r(cy_int *r, const cy_int *a, const cy_int *b) { return cy_int_fdiv_qr(NULL, r, a, b); }
static int cdiv_q(cy_int *r, const cy_int *a, const cy_int *b) { return cy_int_cdiv_qr(r, NULL, a, b); }
static int cdiv_r(cy_int *r, const cy_int *a, const cy_int *b) { return cy_int_cdiv_qr(NULL, r, a, b); }
static int gcd_s(cy_int *r, const cy_int *a, const cy_int *b)
{
    cy_int g;
    cy_int_init(&g);
    int err = cy_int_gcdext(&g, r, NULL, a, b);
    cy_int_clear(&g);
    return err;
}
static int gcd_t(cy_int *r, const cy_int *a, const cy_int *b)
{
    cy_int g;
    cy_int_init(&g);
    int err = cy_int_gcdext(&g, NULL, r, a, b);
    cy_int_clear(&g);
    return err;
}
static int gcd_g(cy_int *r, const cy_int *a, const cy_int *b)
{
    cy_int s, t;
    cy_int_init(&s);
    cy_int_init(&t);
    int err = cy_int_gcdext(r, &s, &t, a, b);
    cy_int_clear(&s);
    cy_int_clear(&t);
    return err;
}

static int r_add(mpz_t r, const mpz_t a, const mpz_t b) { mpz_add(r, a, b); return CY_OK; }
static int r_sub(mpz_t r, const mpz_t a, const mpz_t b) { mpz_sub(r, a, b); return CY_OK; }
static int r_mul(mpz_t r, const mpz_t a, const mpz_t b) { mpz_mul(r, a, b); return CY_OK; }
static int r_gcd(mpz_t r, const mpz_t a, const mpz_t b) { mpz_gcd(r, a, b); return CY_OK; }
static int r_lcm(mpz_t r, const mpz_t a, const mpz_t b) { mpz_lcm(r, a, b); return CY_OK; }
static int r_and(mpz_t r, const mpz_t a, const mpz_t b) { mpz_and(r, a, b); return CY_OK; }
static int r_ior(mpz_t r, const mpz_t a, const mpz_t b) { mpz_ior(r, a, b); return CY_OK; }
static int r_xor(mpz_t r, const mpz_t a, const mpz_t b) { mpz_xor(r, a, b); return CY_OK; }
/* r holds the output's old value on entry (run_binop sets it): r + a b and r - a b */
static int r_addmul(mpz_t r, const mpz_t a, const mpz_t b) { mpz_addmul(r, a, b); return CY_OK; }
static int r_submul(mpz_t r, const mpz_t a, const mpz_t b) { mpz_submul(r, a, b); return CY_OK; }
#define REF_DIV(name, call)                                                                        \
    static int name(mpz_t r, const mpz_t a, const mpz_t b)                                         \
    {                                                                                              \
        if (!mpz_sgn(b))                                                                           \
            return CY_EDIVZERO;                                                                    \
        call;                                                                                      \
        return CY_OK;                                                                              \
    }
REF_DIV(r_tdiv_q, mpz_tdiv_q(r, a, b))
REF_DIV(r_tdiv_r, mpz_tdiv_r(r, a, b))
REF_DIV(r_fdiv_q, mpz_fdiv_q(r, a, b))
REF_DIV(r_fdiv_r, mpz_fdiv_r(r, a, b))
REF_DIV(r_cdiv_q, mpz_cdiv_q(r, a, b))
REF_DIV(r_cdiv_r, mpz_cdiv_r(r, a, b))
REF_DIV(r_mod, mpz_mod(r, a, b))
REF_DIV(r_divexact, mpz_divexact(r, a, b))

static int r_invert(mpz_t r, const mpz_t a, const mpz_t m)
{
    if (!mpz_sgn(m))
        return CY_EDIVZERO;
    if (mpz_cmpabs_ui(m, 1) == 0) {
        mpz_set_ui(r, 0);
        return CY_OK;
    }
    return mpz_invert(r, a, m) ? CY_OK : CY_ENOTINV;
}

/* The cofactors of the contract of cy_int_gcdext, from GMP's: s reduced into (-M/2, M/2] with
 * M = |b| / g, t = (g - a s) / b; the special cases for a zero operand. */
static void ref_gcdext(mpz_t g, mpz_t s, mpz_t t, const mpz_t a, const mpz_t b)
{
    mpz_gcdext(g, s, t, a, b);
    if (!mpz_sgn(b)) {
        mpz_set_si(s, mpz_sgn(a));
        mpz_set_ui(t, 0);
    } else if (!mpz_sgn(a)) {
        mpz_set_ui(s, 0);
        mpz_set_si(t, mpz_sgn(b));
    } else {
        mpz_t M, x;
        mpz_inits(M, x, NULL);
        mpz_divexact(M, b, g);
        mpz_abs(M, M);
        mpz_fdiv_r(s, s, M);
        mpz_mul_2exp(x, s, 1);
        if (mpz_cmp(x, M) > 0 || (mpz_cmp_ui(M, 2) == 0 && mpz_sgn(a) < 0))
            mpz_sub(s, s, M);
        mpz_mul(x, a, s);
        mpz_sub(x, g, x);
        mpz_divexact(t, x, b);
        mpz_clears(M, x, NULL);
    }
}
static int r_gcd_s(mpz_t r, const mpz_t a, const mpz_t b)
{
    mpz_t g, t;
    mpz_inits(g, t, NULL);
    ref_gcdext(g, r, t, a, b);
    mpz_clears(g, t, NULL);
    return CY_OK;
}
static int r_gcd_t(mpz_t r, const mpz_t a, const mpz_t b)
{
    mpz_t g, s;
    mpz_inits(g, s, NULL);
    ref_gcdext(g, s, r, a, b);
    mpz_clears(g, s, NULL);
    return CY_OK;
}

static const struct {
    const char *name;
    binop f;
    refop ref;
} binops[] = {
    {"add", cy_int_add, r_add},       {"sub", cy_int_sub, r_sub},       {"mul", cy_int_mul, r_mul},
    {"tdiv_q", tdiv_q, r_tdiv_q},     {"tdiv_r", tdiv_r, r_tdiv_r},     {"fdiv_q", fdiv_q, r_fdiv_q},
    {"fdiv_r", fdiv_r, r_fdiv_r},     {"mod", cy_int_mod, r_mod},       {"divexact", cy_int_divexact, r_divexact},
    {"gcd", cy_int_gcd, r_gcd},       {"gcdext_g", gcd_g, r_gcd},       {"gcdext_s", gcd_s, r_gcd_s},
    {"gcdext_t", gcd_t, r_gcd_t},     {"invert", cy_int_invert, r_invert},
    {"cdiv_q", cdiv_q, r_cdiv_q},     {"cdiv_r", cdiv_r, r_cdiv_r},     {"lcm", cy_int_lcm, r_lcm},
    {"and", cy_int_and, r_and},       {"ior", cy_int_ior, r_ior},       {"xor", cy_int_xor, r_xor},
    {"addmul", cy_int_addmul, r_addmul}, {"submul", cy_int_submul, r_submul},
};
#define NBINOPS (sizeof binops / sizeof binops[0])

/* Aliasing patterns: objects 0 (= a), 1 (= b), 2 (holds an unrelated value); indices of the
 * output and the two inputs. */
static const int patterns[][3] = {{2, 0, 1}, {0, 0, 1}, {1, 0, 1}, {2, 0, 0}, {0, 0, 0}};

/* Runs one pattern with the k-th allocation failing (k = -1: none); checks the outcome. Returns
 * 1 when the call got an allocation failure (so the caller tries the next k). */
static int run_binop(size_t op, const int *pat, const mpz_t A, const mpz_t B, const mpz_t G, long k)
{
    cy_int x[3];
    mpz_t in[3], want, X, Y;
    mpz_inits(in[0], in[1], in[2], want, X, Y, NULL);
    mpz_set(in[0], A);
    mpz_set(in[1], B);
    mpz_set(in[2], G);
    for (int i = 0; i < 3; i++) {
        cy_int_init(&x[i]);
        from_mpz(&x[i], in[i]);
    }
    mpz_set(X, in[pat[1]]);
    mpz_set(Y, in[pat[2]]);
    mpz_set(want, in[pat[0]]); /* the output's old value, for addmul and submul */
    int want_err = binops[op].ref(want, X, Y);
    t_arm(k);
    int err = binops[op].f(&x[pat[0]], &x[pat[1]], &x[pat[2]]);
    t_arm(-1);
    int nomem = k >= 0 && err == CY_ENOMEM;
    int ok = nomem || err == want_err;
    for (int i = 0; i < 3; i++) /* inputs unchanged; the output unchanged on error */
        if (i != pat[0] || err)
            ok &= eq(&x[i], in[i]);
    if (!err)
        ok &= eq(&x[pat[0]], want);
    if (!ok) {
        t_fail(__FILE__, __LINE__, "%s pattern r=%d a=%d b=%d, fail_at=%ld: err %d (want %d), sizes %zu %zu", binops[op].name,
               pat[0], pat[1], pat[2], k, err, want_err, zlimbs(X), zlimbs(Y));
        gmp_fprintf(stderr, "  a=%Zx\n  b=%Zx\n  want=%Zx\n", X, Y, want);
        mpz_t got;
        mpz_init(got);
        to_mpz(got, &x[pat[0]]);
        gmp_fprintf(stderr, "  got=%Zx\n", got);
        mpz_clear(got);
    } else
        t_pass();
    for (int i = 0; i < 3; i++)
        cy_int_clear(&x[i]);
    mpz_clears(in[0], in[1], in[2], want, X, Y, NULL);
    return nomem;
}

static void check_leaks(const char *what)
{
    T_CHECK(t_live == 0, "%s: %ld blocks leaked", what, t_live);
    t_live = 0;
}

/* Every pattern; with inject, also with each allocation of the call failing in turn. */
static void check_binop(size_t op, const mpz_t A, const mpz_t B, int inject)
{
    mpz_t G;
    mpz_init(G);
    rand_mpz(G, t_below(4));
    for (size_t p = 0; p < sizeof patterns / sizeof patterns[0]; p++) {
        run_binop(op, patterns[p], A, B, G, -1);
        if (inject) {
            long k = 0;
            while (run_binop(op, patterns[p], A, B, G, k) && k < 1000)
                k++;
            T_CHECK(k < 1000, "%s: still failing after 1000 allocations", binops[op].name);
        }
    }
    check_leaks(binops[op].name);
    mpz_clear(G);
}

/* Operands for op: divexact gets a multiple of b, invert mostly odd moduli. */
static void binop_operands(size_t op, mpz_t A, mpz_t B, size_t big)
{
    rand_mpz(A, pick_size(big));
    rand_mpz(B, pick_size(big));
    if (t_below(16) == 0) { /* equal top limbs, often equal lengths: B = +-A + 2^j */
        mpz_t c;
        mpz_init(c);
        mpz_setbit(c, (mp_bitcnt_t)t_below(mpz_sizeinbase(A, 2) + 1));
        t_below(2) ? mpz_add(B, A, c) : mpz_sub(B, A, c);
        if (t_below(2))
            mpz_neg(B, B);
        mpz_clear(c);
    }
    if (binops[op].f == cy_int_divexact)
        mpz_mul(A, A, B);
    if (t_below(8) == 0) /* a shared factor */ {
        mpz_t c;
        mpz_init(c);
        rand_mpz(c, 1 + t_below(3));
        mpz_mul(A, A, c);
        mpz_mul(B, B, c);
        mpz_clear(c);
    }
    if (t_below(16) == 0) /* equal magnitudes */
        mpz_set(A, B), t_below(2) ? mpz_neg(A, A) : (void)0;
}

/* ---- Division with both outputs -------------------------------------------------------------- */

static void check_qr(int floor_div, const mpz_t N, const mpz_t D, int inject)
{
    /* objects 0 = n, 1 = d, 2 and 3 unrelated; (q, r, n, d), -1 for a NULL output */
    static const int pats[][4] = {{2, 3, 0, 1}, {0, 3, 0, 1}, {1, 3, 0, 1}, {2, 0, 0, 1}, {2, 1, 0, 1},
                                  {0, 1, 0, 1}, {1, 0, 0, 1}, {2, 3, 0, 0}, {0, 3, 0, 0}, {3, 0, 0, 0},
                                  {-1, 0, 0, 1}, {1, -1, 0, 1}, {-1, -1, 0, 1}};
    for (size_t p = 0; p < sizeof pats / sizeof pats[0]; p++) {
        for (long k = inject ? 0 : -1; k < 1000; k++) {
            const int *pat = pats[p];
            cy_int x[4];
            mpz_t in[4], Q, R;
            mpz_inits(in[0], in[1], in[2], in[3], Q, R, NULL);
            mpz_set(in[0], N);
            mpz_set(in[1], D);
            rand_mpz(in[2], t_below(3));
            rand_mpz(in[3], t_below(3));
            for (int i = 0; i < 4; i++) {
                cy_int_init(&x[i]);
                from_mpz(&x[i], in[i]);
            }
            const mpz_t *n = &in[pat[2]], *d = &in[pat[3]];
            int want = mpz_sgn(*d) ? CY_OK : CY_EDIVZERO;
            if (!want) {
                if (floor_div)
                    mpz_fdiv_qr(Q, R, *n, *d);
                else
                    mpz_tdiv_qr(Q, R, *n, *d);
            }
            t_arm(k);
            cy_int *q = pat[0] < 0 ? NULL : &x[pat[0]], *r = pat[1] < 0 ? NULL : &x[pat[1]];
            int err = floor_div ? cy_int_fdiv_qr(q, r, &x[pat[2]], &x[pat[3]])
                                : cy_int_tdiv_qr(q, r, &x[pat[2]], &x[pat[3]]);
            t_arm(-1);
            int nomem = k >= 0 && err == CY_ENOMEM;
            int ok = nomem || err == want;
            for (int i = 0; i < 4; i++)
                if ((i != pat[0] && i != pat[1]) || err)
                    ok &= eq(&x[i], in[i]);
            if (!err && q)
                ok &= eq(q, Q);
            if (!err && r)
                ok &= eq(r, R);
            T_CHECK(ok, "%s_qr pattern q=%d r=%d n=%d d=%d fail_at=%ld: err %d, sizes %zu %zu",
                    floor_div ? "fdiv" : "tdiv", pat[0], pat[1], pat[2], pat[3], k, err, zlimbs(*n), zlimbs(*d));
            for (int i = 0; i < 4; i++)
                cy_int_clear(&x[i]);
            mpz_clears(in[0], in[1], in[2], in[3], Q, R, NULL);
            if (!nomem)
                break;
        }
    }
    check_leaks("div_qr");
}

/* ---- Unary operations (one input, an integer parameter) ------------------------------------- */

/* The bit-count ops take k as a bit index; from U_ADDU on, k is a 64-bit word operand (U_MULI:
 * read as int64_t). setbit, clrbit and combit work in place (r = a only). */
enum unop {
    U_SET, U_NEG, U_ABS, U_MUL2EXP, U_FDIV2EXP, U_TDIV2EXP, U_POW, U_SQRT, U_SQRTREM_R,
    U_CDIV2EXP, U_TDIVR2EXP, U_FDIVR2EXP, U_CDIVR2EXP, U_COM, U_SETBIT, U_CLRBIT, U_COMBIT,
    U_ADDU, U_SUBU, U_USUB, U_MULU, U_MULI, U_ADDMULU, U_SUBMULU, U_TDIVQU, U_TDIVRU, U_FDIVQU,
    U_FDIVRU, U_CDIVQU, U_CDIVRU, U_GCDU, U_LCMU, U_COUNT
};
static const char *const unop_names[] = {
    "set", "neg", "abs", "mul_2exp", "fdiv_q_2exp", "tdiv_q_2exp", "pow_u64", "sqrtrem_s", "sqrtrem_r",
    "cdiv_q_2exp", "tdiv_r_2exp", "fdiv_r_2exp", "cdiv_r_2exp", "com", "setbit", "clrbit", "combit",
    "add_u64", "sub_u64", "u64_sub", "mul_u64", "mul_i64", "addmul_u64", "submul_u64", "tdiv_q_u64",
    "tdiv_r_u64", "fdiv_q_u64", "fdiv_r_u64", "cdiv_q_u64", "cdiv_r_u64", "gcd_u64", "lcm_u64"};
#define U_WORD U_ADDU
#define U_IN_PLACE(u) ((u) == U_SETBIT || (u) == U_CLRBIT || (u) == U_COMBIT)

static int un_call(enum unop u, cy_int *r, const cy_int *a, uint64_t k)
{
    switch (u) {
    case U_SET: return cy_int_set(r, a);
    case U_NEG: return cy_int_neg(r, a);
    case U_ABS: return cy_int_abs(r, a);
    case U_MUL2EXP: return cy_int_mul_2exp(r, a, k);
    case U_FDIV2EXP: return cy_int_fdiv_q_2exp(r, a, k);
    case U_TDIV2EXP: return cy_int_tdiv_q_2exp(r, a, k);
    case U_POW: return cy_int_pow_u64(r, a, k);
    case U_SQRT: return cy_int_sqrtrem(r, NULL, a);
    case U_SQRTREM_R: {
        cy_int s;
        cy_int_init(&s);
        int err = cy_int_sqrtrem(&s, r, a);
        cy_int_clear(&s);
        return err;
    }
    case U_CDIV2EXP: return cy_int_cdiv_q_2exp(r, a, k);
    case U_TDIVR2EXP: return cy_int_tdiv_r_2exp(r, a, k);
    case U_FDIVR2EXP: return cy_int_fdiv_r_2exp(r, a, k);
    case U_CDIVR2EXP: return cy_int_cdiv_r_2exp(r, a, k);
    case U_COM: return cy_int_com(r, a);
    case U_SETBIT: return cy_int_setbit(r, k);
    case U_CLRBIT: return cy_int_clrbit(r, k);
    case U_COMBIT: return cy_int_combit(r, k);
    case U_ADDU: return cy_int_add_u64(r, a, k);
    case U_SUBU: return cy_int_sub_u64(r, a, k);
    case U_USUB: return cy_int_u64_sub(r, k, a);
    case U_MULU: return cy_int_mul_u64(r, a, k);
    case U_MULI: return cy_int_mul_i64(r, a, (int64_t)k);
    case U_ADDMULU: return cy_int_addmul_u64(r, a, k);
    case U_SUBMULU: return cy_int_submul_u64(r, a, k);
    case U_TDIVQU: return cy_int_tdiv_qr_u64(r, NULL, a, k);
    case U_TDIVRU: return cy_int_tdiv_qr_u64(NULL, r, a, k);
    case U_FDIVQU: return cy_int_fdiv_qr_u64(r, NULL, a, k);
    case U_FDIVRU: return cy_int_fdiv_qr_u64(NULL, r, a, k);
    case U_CDIVQU: return cy_int_cdiv_qr_u64(r, NULL, a, k);
    case U_CDIVRU: return cy_int_cdiv_qr_u64(NULL, r, a, k);
    case U_GCDU: return cy_int_gcd_u64(r, a, k);
    default: return cy_int_lcm_u64(r, a, k);
    }
}

/* r holds the output's old value on entry (for addmul_u64, submul_u64 and the in-place ops). */
static int un_ref(enum unop u, mpz_t r, const mpz_t a, uint64_t k)
{
    mpz_t K;
    mpz_init(K);
    if (u == U_MULI)
        mpz_set_i64(K, (int64_t)k);
    else
        mpz_set_u64(K, k);
    int err = CY_OK;
    if (u >= U_TDIVQU && u <= U_CDIVRU && k == 0)
        err = CY_EDIVZERO;
    else
        switch (u) {
        case U_SET: mpz_set(r, a); break;
        case U_NEG: mpz_neg(r, a); break;
        case U_ABS: mpz_abs(r, a); break;
        case U_MUL2EXP: mpz_mul_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_FDIV2EXP: mpz_fdiv_q_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_TDIV2EXP: mpz_tdiv_q_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_POW: mpz_pow_ui(r, a, (unsigned long)k); break;
        case U_SQRT:
        case U_SQRTREM_R: {
            if (mpz_sgn(a) < 0) {
                err = CY_EINVAL;
                break;
            }
            mpz_t s;
            mpz_init(s);
            mpz_sqrtrem(s, r, a);
            if (u == U_SQRT)
                mpz_set(r, s);
            mpz_clear(s);
            break;
        }
        case U_CDIV2EXP: mpz_cdiv_q_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_TDIVR2EXP: mpz_tdiv_r_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_FDIVR2EXP: mpz_fdiv_r_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_CDIVR2EXP: mpz_cdiv_r_2exp(r, a, (mp_bitcnt_t)k); break;
        case U_COM: mpz_com(r, a); break;
        case U_SETBIT: mpz_setbit(r, (mp_bitcnt_t)k); break;
        case U_CLRBIT: mpz_clrbit(r, (mp_bitcnt_t)k); break;
        case U_COMBIT: mpz_combit(r, (mp_bitcnt_t)k); break;
        case U_ADDU: mpz_add(r, a, K); break;
        case U_SUBU: mpz_sub(r, a, K); break;
        case U_USUB: mpz_sub(r, K, a); break;
        case U_MULU:
        case U_MULI: mpz_mul(r, a, K); break;
        case U_ADDMULU: mpz_addmul(r, a, K); break;
        case U_SUBMULU: mpz_submul(r, a, K); break;
        case U_TDIVQU: mpz_tdiv_q(r, a, K); break;
        case U_TDIVRU: mpz_tdiv_r(r, a, K); break;
        case U_FDIVQU: mpz_fdiv_q(r, a, K); break;
        case U_FDIVRU: mpz_fdiv_r(r, a, K); break;
        case U_CDIVQU: mpz_cdiv_q(r, a, K); break;
        case U_CDIVRU: mpz_cdiv_r(r, a, K); break;
        case U_GCDU: mpz_gcd(r, a, K); break;
        default: mpz_lcm(r, a, K); break;
        }
    mpz_clear(K);
    return err;
}

/* A bit index for an operand of n limbs: up to 3 (n + 1) limbs' worth, often at a limb boundary
 * (where the partial-limb masks of the 2^k functions switch off). */
static uint64_t rand_bit(size_t n)
{
    if (t_below(4) == 0)
        return (uint64_t)CY_LIMB_BITS * t_below(n + 3);
    return t_below(3 * CY_LIMB_BITS * (n + 1));
}

/* A word operand: the edges 0, 1, 2, 2^32 - 1, 2^32, 2^63, 2^64 - 1, 2^64 - 2, and small or
 * random values. */
static uint64_t rand_word(void)
{
    static const uint64_t edge[] = {0, 1, 2, 0xffffffffu, (uint64_t)1 << 32, (uint64_t)1 << 63, UINT64_MAX, UINT64_MAX - 1};
    switch (t_below(4)) {
    case 0: return edge[t_below(sizeof edge / sizeof edge[0])];
    case 1: return t_below(1000);
    default: {
        cy_limb l[2];
        t_fill(l, 2, T_ANY);
        return CY_LIMB_BITS == 64 ? (uint64_t)l[0] : (uint64_t)l[0] | (uint64_t)l[1] << (CY_LIMB_BITS % 64);
    }
    }
}

static void check_unop(enum unop u, const mpz_t A, uint64_t k, int inject)
{
    for (int alias = U_IN_PLACE(u); alias < 2; alias++) {
        for (long f = inject ? 0 : -1; f < 1000; f++) {
            cy_int a, o;
            mpz_t G, want;
            mpz_inits(G, want, NULL);
            rand_mpz(G, t_below(3));
            cy_int_init(&a);
            cy_int_init(&o);
            from_mpz(&a, A);
            from_mpz(&o, G);
            cy_int *r = alias ? &a : &o;
            mpz_set(want, alias ? A : G); /* the output's old value */
            int want_err = un_ref(u, want, A, k);
            t_arm(f);
            int err = un_call(u, r, &a, k);
            t_arm(-1);
            int nomem = f >= 0 && err == CY_ENOMEM;
            int ok = (nomem || err == want_err) && eq(&a, err || !alias ? A : want) &&
                     eq(&o, err || alias ? G : want);
            T_CHECK(ok, "%s alias=%d k=%llu fail_at=%ld: err %d, size %zu", unop_names[u], alias,
                    (unsigned long long)k, f, err, zlimbs(A));
            cy_int_clear(&a);
            cy_int_clear(&o);
            mpz_clears(G, want, NULL);
            if (!nomem)
                break;
        }
    }
    check_leaks(unop_names[u]);
}

/* GMP's bit-count results use ~0 for "none" or "infinite": carry's UINT64_MAX. */
static uint64_t bitcnt(mp_bitcnt_t v)
{
    return v == ~(mp_bitcnt_t)0 ? UINT64_MAX : (uint64_t)v;
}

/* The queries that allocate nothing (or only a temporary, checked under allocation failure):
 * word comparisons and remainders, divisibility and congruence, the bit queries. B is a second
 * operand; D is made a divisor of A - B half the time so that the tests see both answers. */
static void check_queries(const mpz_t A, const mpz_t B, uint64_t k, uint64_t w, int inject)
{
    cy_int a, b, d;
    cy_int_init(&a);
    cy_int_init(&b);
    cy_int_init(&d);
    mpz_t D, W, t;
    mpz_inits(D, W, t, NULL);
    rand_mpz(D, t_below(4));
    switch (t_below(4)) {
    case 3: /* B = A -+ B^n for A of n limbs: the same limbs in two's complement, the other sign */
        mpz_set_si(W, mpz_sgn(A) < 0 ? 1 : -1);
        mpz_mul_2exp(W, W, (mp_bitcnt_t)(CY_LIMB_BITS * zlimbs(A)));
        mpz_add(t, A, W);
        break;
    case 0: /* B = A + D x: congruent mod D */
        rand_mpz(W, t_below(3));
        mpz_mul(W, W, D);
        mpz_add(t, A, W);
        break;
    case 1: /* B = A + 2^j x for j = k or the limb boundary below: congruent mod 2^k, and often
             * of the other sign */
        rand_mpz(W, t_below(4));
        mpz_mul_2exp(W, W, (mp_bitcnt_t)(t_below(2) ? k : k - k % CY_LIMB_BITS));
        mpz_add(t, A, W);
        break;
    default: mpz_set(t, B); break;
    }
    from_mpz(&a, A);
    from_mpz(&b, t);
    from_mpz(&d, D);
    mpz_set_u64(W, w);
    const char *what = "";
#define Q(cond, name)                                                                                  do {                                                                                                   what = name;                                                                                       T_CHECK(cond, "%s: sizes %zu %zu %zu, k=%llu w=%llu", what, zlimbs(A), zlimbs(t), zlimbs(D),                 (unsigned long long)k, (unsigned long long)w);                                          } while (0)
    Q(cy_int_cmp_u64(&a, w) == (mpz_cmp(A, W) > 0) - (mpz_cmp(A, W) < 0), "cmp_u64");
    Q(cy_int_cmpabs_u64(&a, w) == (mpz_cmpabs(A, W) > 0) - (mpz_cmpabs(A, W) < 0), "cmpabs_u64");
    uint64_t m = 12345;
    if (w == 0)
        Q(cy_int_mod_u64(&m, &a, w) == CY_EDIVZERO && m == 12345, "mod_u64 by 0");
    else {
        mpz_t R;
        mpz_init(R);
        mpz_fdiv_r(R, A, W);
        Q(cy_int_mod_u64(&m, &a, w) == CY_OK && mpz_cmp_ui(R, 0) >= 0 && m == mpz_get_u64(R), "mod_u64");
        mpz_clear(R);
    }
    Q(cy_int_divisible_u64_p(&a, w) == (w ? mpz_divisible_p(A, W) != 0 : !mpz_sgn(A)), "divisible_u64_p");
    uint64_t c = t_below(2) ? rand_word() : m; /* m: a residue of a, often a true case */
    mpz_t C;
    mpz_init(C);
    mpz_set_u64(C, c);
    Q(cy_int_congruent_u64_p(&a, c, w) == (mpz_congruent_p(A, C, W) != 0), "congruent_u64_p");
    mpz_clear(C);
    Q(cy_int_divisible_2exp_p(&a, k) == (mpz_divisible_2exp_p(A, (mp_bitcnt_t)k) != 0), "divisible_2exp_p");
    Q(cy_int_congruent_2exp_p(&a, &b, k) == (mpz_congruent_2exp_p(A, t, (mp_bitcnt_t)k) != 0), "congruent_2exp_p");
    Q(cy_int_tstbit(&a, k) == mpz_tstbit(A, (mp_bitcnt_t)k), "tstbit");
    Q(cy_int_popcount(&a) == bitcnt(mpz_popcount(A)), "popcount");
    Q(cy_int_hamdist(&a, &b) == bitcnt(mpz_hamdist(A, t)), "hamdist");
    Q(cy_int_scan0(&a, k) == bitcnt(mpz_scan0(A, (mp_bitcnt_t)k)), "scan0");
    Q(cy_int_scan1(&a, k) == bitcnt(mpz_scan1(A, (mp_bitcnt_t)k)), "scan1");
    /* the two that use a temporary: CY_ENOMEM or the answer under each failing allocation */
    int want_div = mpz_divisible_p(t, D) != 0, want_cong = mpz_congruent_p(A, t, D) != 0;
    for (long f = inject ? 0 : -1; f < 1000; f++) {
        t_arm(f);
        int x = cy_int_divisible_p(&b, &d), y = cy_int_congruent_p(&a, &b, &d);
        t_arm(-1);
        Q((x == want_div || (f >= 0 && x == CY_ENOMEM)) && (y == want_cong || (f >= 0 && y == CY_ENOMEM)),
          "divisible_p / congruent_p");
        if (x != CY_ENOMEM && y != CY_ENOMEM)
            break;
    }
    Q(eq(&a, A) && eq(&b, t) && eq(&d, D), "queries changed their operands");
#undef Q
    cy_int_clear(&a);
    cy_int_clear(&b);
    cy_int_clear(&d);
    mpz_clears(D, W, t, NULL);
    check_leaks("queries");
}

/* divexact_u64 on a multiple of the word (the result is unspecified otherwise). */
static void check_divexact_u64(const mpz_t A, uint64_t w)
{
    cy_int a, q;
    cy_int_init(&a);
    cy_int_init(&q);
    mpz_t N, W;
    mpz_inits(N, W, NULL);
    mpz_set_u64(W, w);
    mpz_mul(N, A, W);
    from_mpz(&a, N);
    int err = cy_int_divexact_u64(&q, &a, w);
    T_CHECK(w ? !err && eq(&q, A) : err == CY_EDIVZERO, "divexact_u64 w=%llu: err %d", (unsigned long long)w, err);
    T_CHECK(!cy_int_divexact_u64(&a, &a, w ? w : 1) && eq(&a, w ? A : N), "divexact_u64 in place");
    cy_int_clear(&a);
    cy_int_clear(&q);
    mpz_clears(N, W, NULL);
}

/* ---- Number theory ---------------------------------------------------------------------------- */

/* Runs f(r, arg) with each allocation failing in turn until it succeeds (inject), checking that a
 * failure leaves r's value (12345) and returning the final error; then r holds the result. */
typedef int (*u64fn)(cy_int *, uint64_t);
static int call_injected(u64fn f, cy_int *r, uint64_t n, int inject, const char *name)
{
    int err = CY_ENOMEM;
    for (long k = inject ? 0 : -1; k < 100000 && err == CY_ENOMEM; k++) {
        cy_int_set_i64(r, 12345);
        t_arm(k);
        err = f(r, n);
        t_arm(-1);
        if (err == CY_ENOMEM)
            T_CHECK(k >= 0 && cy_int_cmp_i64(r, 12345) == 0 && valid(r), "%s(%llu) changed its output and failed", name,
                    (unsigned long long)n);
        if (k < 0)
            break;
    }
    return err;
}
static int mfac3(cy_int *r, uint64_t n) { return cy_int_mfac_u64(r, n, 3); }
static int bin_half(cy_int *r, uint64_t n) { return cy_int_bin_u64(r, n, n / 2 - n / 7); }
static int fib_n(cy_int *r, uint64_t n) { return cy_int_fib_u64(r, n); }
static int luc_n(cy_int *r, uint64_t n) { return cy_int_lucnum_u64(r, n); }

/* The functions of a word: against GMP at every n up to 300, then at larger n, under allocation
 * failure for some. */
static void check_word_functions(void)
{
    cy_int r, s;
    cy_int_init(&r);
    cy_int_init(&s);
    mpz_t want, w2;
    mpz_inits(want, w2, NULL);
    static const uint64_t big[] = {1000, 4096, 20000, 100003};
    for (size_t i = 0; i < 300 + sizeof big / sizeof big[0]; i++) {
        uint64_t n = i < 300 ? i : big[i - 300];
        int inject = n < 300 && n % 37 == 5;
        mpz_fac_ui(want, (unsigned long)n);
        T_CHECK(call_injected(cy_int_fac_u64, &r, n, inject, "fac") == CY_OK && eq(&r, want), "fac(%llu)", (unsigned long long)n);
        mpz_2fac_ui(want, (unsigned long)n);
        T_CHECK(call_injected(cy_int_2fac_u64, &r, n, inject, "2fac") == CY_OK && eq(&r, want), "2fac(%llu)", (unsigned long long)n);
        mpz_mfac_uiui(want, (unsigned long)n, 3);
        T_CHECK(call_injected(mfac3, &r, n, inject, "mfac") == CY_OK && eq(&r, want), "mfac(%llu, 3)", (unsigned long long)n);
        uint64_t m = t_below(n + 3);
        mpz_mfac_uiui(want, (unsigned long)n, (unsigned long)m);
        T_CHECK(!cy_int_mfac_u64(&r, n, m) && eq(&r, want), "mfac(%llu, %llu)", (unsigned long long)n, (unsigned long long)m);
        mpz_primorial_ui(want, (unsigned long)n);
        T_CHECK(call_injected(cy_int_primorial_u64, &r, n, inject, "primorial") == CY_OK && eq(&r, want), "primorial(%llu)",
                (unsigned long long)n);
        mpz_bin_uiui(want, (unsigned long)n, (unsigned long)(n / 2 - n / 7));
        T_CHECK(call_injected(bin_half, &r, n, inject, "bin") == CY_OK && eq(&r, want), "bin(%llu, ~n/2)", (unsigned long long)n);
        uint64_t k = t_below(n + 2);
        mpz_bin_uiui(want, (unsigned long)n, (unsigned long)k);
        T_CHECK(!cy_int_bin_u64(&r, n, k) && eq(&r, want), "bin(%llu, %llu)", (unsigned long long)n, (unsigned long long)k);
        mpz_fib_ui(want, (unsigned long)n);
        T_CHECK(call_injected(fib_n, &r, n, inject, "fib") == CY_OK && eq(&r, want), "fib(%llu)", (unsigned long long)n);
        mpz_fib2_ui(want, w2, (unsigned long)n);
        T_CHECK(!cy_int_fib2_u64(&r, &s, n) && eq(&r, want) && eq(&s, w2), "fib2(%llu)", (unsigned long long)n);
        mpz_lucnum_ui(want, (unsigned long)n);
        T_CHECK(call_injected(luc_n, &r, n, inject, "lucnum") == CY_OK && eq(&r, want), "lucnum(%llu)", (unsigned long long)n);
        mpz_lucnum2_ui(want, w2, (unsigned long)n);
        T_CHECK(!cy_int_lucnum2_u64(&r, &s, n) && eq(&r, want) && eq(&s, w2), "lucnum2(%llu)", (unsigned long long)n);
    }
    /* C(n, k) for n beyond the sieve and for negative and huge cy_int n, against mpz_bin_ui */
    for (int i = 0; i < 40; i++) {
        mpz_t N;
        mpz_init(N);
        rand_mpz(N, t_below(3));
        if (i < 8)
            mpz_set_ui(N, 1), mpz_mul_2exp(N, N, 32 + t_below(40)), mpz_sub_ui(N, N, t_below(5));
        unsigned long k = (unsigned long)t_below(i < 20 ? 70 : 300);
        cy_int n;
        cy_int_init(&n);
        from_mpz(&n, N);
        mpz_bin_ui(want, N, k);
        uint64_t nv;
        int err = !cy_int_get_u64(&n, &nv) ? cy_int_bin_u64(&r, nv, k) : cy_int_bin(&r, &n, k);
        T_CHECK(!err && eq(&r, want), "bin(n of %zu limbs, %lu)", zlimbs(N), k);
        T_CHECK(!cy_int_bin(&n, &n, k) && eq(&n, want), "bin(n, %lu) in place", k);
        cy_int_clear(&n);
        mpz_clear(N);
    }
    T_CHECK(cy_int_fib2_u64(&r, &r, 5) == CY_EINVAL && cy_int_lucnum2_u64(&r, &r, 5) == CY_EINVAL, "pair outputs equal");
    T_CHECK(cy_int_fac_u64(&r, UINT64_MAX) == CY_ENOMEM && cy_int_fib_u64(&r, UINT64_MAX) == CY_ENOMEM &&
                cy_int_primorial_u64(&r, (uint64_t)1 << 40) == CY_ENOMEM && cy_int_mfac_u64(&r, UINT64_MAX, 2) == CY_ENOMEM,
            "impossible sizes");
    cy_int_clear(&r);
    cy_int_clear(&s);
    mpz_clears(want, w2, NULL);
    check_leaks("word functions");
}

/* 1 if n is prime by GMP's test (the oracle; 0 or nonzero compared, not 1 against 2). */
static int gmp_prime(const mpz_t n)
{
    return mpz_probab_prime_p(n, 40) != 0;
}

/* Primality, next and previous primes, Kronecker symbols, remove, roots and perfect powers. */
static void check_number_theory(const mpz_t A, const mpz_t B, int inject)
{
    cy_int a, b, r, s;
    cy_int_init(&a);
    cy_int_init(&b);
    cy_int_init(&r);
    cy_int_init(&s);
    mpz_t want, w2, t;
    mpz_inits(want, w2, t, NULL);
    from_mpz(&a, A);
    from_mpz(&b, B);
    /* primality of A, of a prime near it, and of a product of two primes */
    T_CHECK((cy_int_probab_prime_p(&a, 30) > 0) == gmp_prime(A), "probab_prime_p, %zu limbs", zlimbs(A));
    if (zlimbs(A) <= 8) {
        mpz_nextprime(want, A);
        T_CHECK(!cy_int_nextprime(&r, &a) && eq(&r, want), "nextprime, %zu limbs", zlimbs(A));
        T_CHECK(cy_int_probab_prime_p(&r, 30) > 0 && (mpz_sizeinbase(want, 2) > 64 || cy_int_probab_prime_p(&r, 0) == 2),
                "probab_prime_p of a prime");
        mpz_nextprime(w2, want);
        mpz_mul(t, want, w2);
        from_mpz(&s, t);
        T_CHECK(cy_int_probab_prime_p(&s, 30) == 0, "probab_prime_p of a product of two primes");
        /* prevprime(nextprime(A) + 1) = nextprime(A) */
        mpz_add_ui(t, want, 1);
        from_mpz(&s, t);
        T_CHECK(mpz_cmp_ui(want, 2) == 0 || (!cy_int_prevprime(&s, &s) && eq(&s, want)), "prevprime");
        /* each allocation failing in turn (the sieve's tables, the tests' scratch): CY_ENOMEM with
         * r unchanged, until the call succeeds with the same answer */
        from_mpz(&s, t); /* nextprime(A) + 1 again */
        for (int dir = 0; dir < 3; dir++) {
            if (dir == 1 && mpz_cmp_ui(want, 2) == 0)
                continue; /* no prime below 2 */
            int err = CY_ENOMEM, p = 0;
            for (long f = inject ? 0 : -1; f < 1000 && err == CY_ENOMEM; f++) {
                cy_int_set_i64(&r, 12345);
                t_arm(f);
                if (dir == 2)
                    err = (p = cy_int_probab_prime_p(&s, 30)) < 0 ? p : 0; /* s = nextprime(A) + 1 */
                else
                    err = dir ? cy_int_prevprime(&r, &s) : cy_int_nextprime(&r, &a);
                t_arm(-1);
                T_CHECK(err != CY_ENOMEM || (f >= 0 && cy_int_cmp_i64(&r, 12345) == 0 && valid(&r)),
                        "a failed nextprime/prevprime changed its output");
                if (f < 0)
                    break;
            }
            T_CHECK(!err && (dir == 2 ? (p > 0) == gmp_prime(t) : eq(&r, want)),
                    "nextprime/prevprime/probab_prime_p (%d) under allocation failure: %d", dir, err);
        }
    }
    /* Kronecker for any a, b; Jacobi and Legendre for odd b > 0 */
    int k = 7, want_k = mpz_kronecker(A, B);
    T_CHECK(!cy_int_kronecker(&k, &a, &b) && k == want_k, "kronecker: %d, want %d (sizes %zu %zu)", k, want_k, zlimbs(A), zlimbs(B));
    k = 7;
    if (mpz_sgn(B) > 0 && mpz_odd_p(B))
        T_CHECK(!cy_int_jacobi(&k, &a, &b) && k == mpz_jacobi(A, B) && !cy_int_legendre(&k, &a, &b) && k == mpz_jacobi(A, B),
                "jacobi");
    else
        T_CHECK(cy_int_jacobi(&k, &a, &b) == CY_EINVAL && k == 7, "jacobi of an even or negative b accepted");
    /* remove: the factor B from A * B^j */
    if (mpz_sgn(B)) {
        mpz_set(t, A);
        for (unsigned j = (unsigned)t_below(5); j > 0; j--)
            mpz_mul(t, t, B);
        from_mpz(&s, t);
        uint64_t cnt = 99;
        unsigned long wc = mpz_cmpabs_ui(B, 1) == 0 ? 0 : mpz_remove(want, t, B);
        if (mpz_cmpabs_ui(B, 1) == 0)
            mpz_set(want, t);
        for (long f = inject ? 0 : -1; f < 1000; f++) {
            t_arm(f);
            int err = cy_int_remove(&r, &cnt, &s, &b);
            t_arm(-1);
            if (f >= 0 && err == CY_ENOMEM)
                continue;
            T_CHECK(!err && eq(&r, want) && cnt == wc, "remove: count %llu want %lu", (unsigned long long)cnt, wc);
            break;
        }
    } else
        T_CHECK(cy_int_remove(&r, NULL, &a, &b) == CY_EDIVZERO, "remove of 0");
    /* roots: of A (odd n for A < 0), and of an exact power */
    uint64_t n = 1 + t_below(t_below(4) ? 12 : 200);
    if (mpz_sgn(A) < 0 && !(n & 1))
        n++;
    mpz_rootrem(want, w2, A, (unsigned long)n);
    T_CHECK(!cy_int_rootrem(&r, &s, &a, n) && eq(&r, want) && eq(&s, w2), "rootrem(%zu limbs, %llu)", zlimbs(A),
            (unsigned long long)n);
    T_CHECK(!cy_int_root(&s, &a, n) && eq(&s, want), "root");
    T_CHECK(mpz_sgn(A) >= 0 || cy_int_rootrem(&r, NULL, &a, 2) == CY_EINVAL, "even root of a negative");
    T_CHECK(cy_int_rootrem(&r, &r, &a, 3) == CY_EINVAL && cy_int_root(&r, &a, 0) == CY_EINVAL, "rootrem misuse");
    mpz_pow_ui(t, B, (unsigned long)(1 + t_below(5)));
    if (t_below(2))
        mpz_add_ui(t, t, 1);
    from_mpz(&s, t);
    T_CHECK(cy_int_perfect_power_p(&s) == (mpz_perfect_power_p(t) != 0), "perfect_power_p");
    T_CHECK(cy_int_perfect_square_p(&s) == (mpz_perfect_square_p(t) != 0), "perfect_square_p");
    T_CHECK(cy_int_perfect_power_p(&a) == (mpz_perfect_power_p(A) != 0), "perfect_power_p of a");
    T_CHECK(eq(&a, A) && eq(&b, B), "number theory changed its inputs");
    cy_int_clear(&a);
    cy_int_clear(&b);
    cy_int_clear(&r);
    cy_int_clear(&s);
    mpz_clears(want, w2, t, NULL);
    check_leaks("number theory");
}

/* Perfect powers c^k with roots of up to 64 bits (c with factors 2 often) and large exponents,
 * their negatives and neighbours, against mpz_perfect_power_p. */
static void check_perfect_powers(size_t reps)
{
    cy_int x;
    cy_int_init(&x);
    mpz_t z;
    mpz_init(z);
    for (size_t i = 0; i < 40 * reps + 200; i++) {
        uint64_t c = 2 + t_below(t_below(2) ? 1000 : UINT32_MAX);
        if (t_below(3) == 0)
            c <<= t_below(20);
        unsigned long k = 2 + (unsigned long)t_below(t_below(2) ? 10 : 300);
        mpz_set_u64(z, c);
        mpz_pow_ui(z, z, k);
        switch (t_below(4)) {
        case 0: mpz_neg(z, z); break;
        case 1: t_below(2) ? mpz_add_ui(z, z, 1) : mpz_sub_ui(z, z, 1); break;
        default: break;
        }
        from_mpz(&x, z);
        T_CHECK(cy_int_perfect_power_p(&x) == (mpz_perfect_power_p(z) != 0), "perfect_power_p(%llu^%lu, variant)",
                (unsigned long long)c, k);
    }
    cy_int_clear(&x);
    mpz_clear(z);
    check_leaks("perfect powers");
}

/* Doubles, raw I/O and random numbers against GMP (and their own contracts). */
static void check_conversions(const mpz_t A, int inject)
{
    cy_int a, r;
    cy_int_init(&a);
    cy_int_init(&r);
    from_mpz(&a, A);
    double d = cy_int_get_d(&a), want = mpz_get_d(A);
    T_CHECK(d == want || (mpz_sizeinbase(A, 2) > 1024 && d == (mpz_sgn(A) < 0 ? -HUGE_VAL : HUGE_VAL)),
            "get_d: %g want %g (%zu bits)", d, want, mpz_sizeinbase(A, 2));
    int64_t e = 7;
    signed long we;
    double d2 = cy_int_get_d_2exp(&e, &a), w2 = mpz_get_d_2exp(&we, A);
    T_CHECK(d2 == w2 && e == we, "get_d_2exp: %g 2^%lld want %g 2^%ld", d2, (long long)e, w2, we);
    /* set_d of get_d, of fractions and of a scaled value */
    mpz_t t;
    mpz_init(t);
    double x = t_below(2) ? want : ldexp((double)t_below(1u << 30) - (1 << 29) + 0.75, (int)t_below(1100) - 40);
    if (!isinf(x)) {
        mpz_set_d(t, x);
        T_CHECK(!cy_int_set_d(&r, x) && eq(&r, t), "set_d(%a)", x);
    }
    T_CHECK(cy_int_set_d(&r, HUGE_VAL) == CY_EINVAL && cy_int_set_d(&r, -HUGE_VAL) == CY_EINVAL && cy_int_set_d(&r, NAN) == CY_EINVAL,
            "set_d of an infinity or NaN");
    /* raw format: byte-identical with mpz_out_raw, and each reads the other's */
    FILE *f = tmpfile(), *g = tmpfile();
    T_CHECK(f && g && !cy_int_out_raw(f, &a) && mpz_out_raw(g, A) > 0, "out_raw");
    long n1 = ftell(f), n2 = ftell(g);
    rewind(f);
    rewind(g);
    int same = n1 == n2;
    for (long i = 0; same && i < n1; i++)
        same = getc(f) == getc(g);
    T_CHECK(same, "out_raw differs from mpz_out_raw (%ld and %ld bytes)", n1, n2);
    rewind(f);
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        rewind(g);
        cy_int_set_i64(&r, 12345);
        t_arm(k);
        int err = cy_int_inp_raw(&r, g);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(cy_int_cmp_i64(&r, 12345) == 0, "inp_raw changed its output and failed");
            continue;
        }
        T_CHECK(!err && eq(&r, A), "inp_raw of mpz_out_raw: err %d", err);
        break;
    }
    mpz_set_ui(t, 99);
    T_CHECK(mpz_inp_raw(t, f) > 0 && mpz_cmp(t, A) == 0, "mpz_inp_raw of out_raw");
    cy_int_set_i64(&r, 5);
    T_CHECK(cy_int_inp_raw(&r, f) == CY_EIO && cy_int_cmp_i64(&r, 5) == 0, "inp_raw at the end of the stream");
    fclose(f);
    fclose(g);
    mpz_clear(t);
    cy_int_clear(&a);
    cy_int_clear(&r);
    check_leaks("conversions");
}

static void check_random(void)
{
    cy_randstate s1, s2;
    cy_int r, n;
    cy_int_init(&r);
    cy_int_init(&n);
    cy_rand_init(&s1, 42);
    cy_rand_init(&s2, 42);
    int same = 1;
    for (int i = 0; i < 100; i++)
        same &= cy_rand_u64(&s1) == cy_rand_u64(&s2);
    cy_rand_init(&s2, 43);
    T_CHECK(same && cy_rand_u64(&s1) != cy_rand_u64(&s2), "equal seeds give equal streams, others not");
    cy_int_set_str(&n, "123456789012345678901234567890", 10);
    cy_rand_seed(&s1, &n);
    cy_rand_seed(&s2, &n);
    T_CHECK(cy_rand_u64(&s1) == cy_rand_u64(&s2), "rand_seed");
    /* urandomb: below 2^bits, and each bit position set about half of the time */
    uint64_t bits = 200, ones[200] = {0}, draws = 2000;
    for (uint64_t i = 0; i < draws; i++) {
        T_CHECK(!cy_int_urandomb(&r, &s1, bits) && cy_int_sgn(&r) >= 0 && cy_int_sizeinbase(&r, 2) <= bits, "urandomb range");
        for (uint64_t b = 0; b < bits; b++)
            ones[b] += (uint64_t)cy_int_tstbit(&r, b);
    }
    for (uint64_t b = 0; b < bits; b++) /* binomial(2000, 1/2): sd 22; 7 sd */
        T_CHECK(ones[b] > 845 && ones[b] < 1155, "urandomb bit %llu set %llu times of 2000", (unsigned long long)b,
                (unsigned long long)ones[b]);
    /* urandomm: below |n|, every residue of a small n reached, n = 0 refused */
    int seen[7] = {0};
    cy_int_set_i64(&n, -7);
    for (int i = 0; i < 700; i++) {
        int64_t v = -1;
        T_CHECK(!cy_int_urandomm(&r, &s1, &n) && !cy_int_get_i64(&r, &v) && v >= 0 && v < 7, "urandomm(7)");
        if (v >= 0 && v < 7)
            seen[v]++;
    }
    for (int i = 0; i < 7; i++)
        T_CHECK(seen[i] > 50, "urandomm(7) gave %d %d times of 700", i, seen[i]);
    cy_int_set_str(&n, "100000000000000000000000000000000000001", 10);
    for (int i = 0; i < 100; i++)
        T_CHECK(!cy_int_urandomm(&r, &s1, &n) && cy_int_sgn(&r) >= 0 && cy_int_cmp(&r, &n) < 0, "urandomm(10^38 + 1)");
    cy_int_set_i64(&n, 0);
    T_CHECK(cy_int_urandomm(&r, &s1, &n) == CY_EDIVZERO, "urandomm(0)");
    cy_int_set_i64(&n, 1);
    T_CHECK(!cy_int_urandomm(&r, &s1, &n) && cy_int_sgn(&r) == 0, "urandomm(1)");
    /* rrandomb: exactly `bits` bits */
    for (uint64_t b = 0; b < 300; b++)
        T_CHECK(!cy_int_rrandomb(&r, &s1, b) && cy_int_sizeinbase(&r, 2) == (b ? b : 1) && (b || cy_int_sgn(&r) == 0),
                "rrandomb(%llu)", (unsigned long long)b);
    T_CHECK(cy_int_urandomb(&r, &s1, UINT64_MAX) == CY_ENOMEM && cy_int_rrandomb(&r, &s1, UINT64_MAX) == CY_ENOMEM,
            "impossible sizes");
    cy_int_clear(&r);
    cy_int_clear(&n);
    check_leaks("random");
}

/* Numbers that fool weaker tests: strong pseudoprimes to base 2, Carmichael numbers, Lucas
 * pseudoprimes, squares of primes; and primes next to them. */
static void check_pseudoprimes(void)
{
    static const char *const comp[] = {
        "2047", "3277", "4033", "4681", "8321", "15841", "29341", "42799", "49141", "52633", "65281", "74665",
        "80581", "85489", "88357", "90751", "561", "1105", "1729", "2465", "2821", "6601", "8911", "5459", "5777",
        "10877", "16109", "18971", "22499", "24569", "25199", "40309", "58519", "75077", "97439", "3215031751",
        "2152302898747", "3474749660383", "341550071728321", "3825123056546413051",
        "318665857834031151167461", "3317044064679887385961981", "1194649", "12327121", "4294967297",
        "18446744073709551617", "340282366920938463463374607431768211457",
        "170141183460469231731687303715884105727000000000000000000001"};
    static const char *const prime[] = {"65537", "4294967291", "18446744073709551557", "18446744073709551629",
                                        "170141183460469231731687303715884105727",
                                        "6864797660130609714981900799081393217269435300143305409394463459185543183397656052122559640661454554977296311391480858037121987999716643812574028291115057151"};
    cy_int x;
    cy_int_init(&x);
    mpz_t z;
    mpz_init(z);
    for (size_t i = 0; i < sizeof comp / sizeof comp[0]; i++) {
        mpz_set_str(z, comp[i], 10);
        cy_int_set_str(&x, comp[i], 10);
        T_CHECK(cy_int_probab_prime_p(&x, 25) == (gmp_prime(z) ? 1 + (mpz_sizeinbase(z, 2) <= 64) : 0),
                "probab_prime_p(%s)", comp[i]);
    }
    for (size_t i = 0; i < sizeof prime / sizeof prime[0]; i++) {
        cy_int_set_str(&x, prime[i], 10);
        int want = strlen(prime[i]) <= 19 || !strcmp(prime[i], "18446744073709551557") ? 2 : 1;
        T_CHECK(cy_int_probab_prime_p(&x, 25) == want && cy_int_probab_prime_p(&x, 50) == want, "probab_prime_p(%s)",
                prime[i]);
    }
    static const int64_t small[] = {-7, -2, -1, 0, 1, 2, 3, 4, 5, 9, 25, 49, 65535, 65536, 65537, 65539, 65541};
    for (size_t i = 0; i < sizeof small / sizeof small[0]; i++) {
        cy_int_set_i64(&x, small[i]);
        mpz_set_si(z, (long)small[i]);
        T_CHECK(cy_int_probab_prime_p(&x, 25) == (gmp_prime(z) ? 2 : 0), "probab_prime_p(%lld)", (long long)small[i]);
    }
    /* across the maximal prime gaps of 1132 after 1693182318746371 and of 1550 after
     * 18361375334787046697 (Nicely's tables): nextprime's sieve moves through many windows */
    static const char *const gap[] = {"1693182318746371", "18361375334787046697"};
    for (size_t i = 0; i < sizeof gap / sizeof gap[0]; i++) {
        cy_int y;
        cy_int_init(&y);
        mpz_t zw;
        mpz_init(zw);
        mpz_set_str(z, gap[i], 10);
        mpz_nextprime(zw, z);
        cy_int_set_str(&x, gap[i], 10);
        T_CHECK(!cy_int_nextprime(&y, &x) && eq(&y, zw) && mpz_cmp_ui(zw, 0) > 0, "nextprime(%s)", gap[i]);
        T_CHECK(!cy_int_prevprime(&y, &y) && cy_int_cmp(&y, &x) == 0, "prevprime across the gap after %s", gap[i]);
        cy_int_clear(&y);
        mpz_clear(zw);
    }
    cy_int_set_i64(&x, 2);
    T_CHECK(cy_int_prevprime(&x, &x) == CY_EINVAL && cy_int_cmp_i64(&x, 2) == 0, "prevprime(2)");
    cy_int_set_i64(&x, 3);
    T_CHECK(!cy_int_prevprime(&x, &x) && cy_int_cmp_i64(&x, 2) == 0, "prevprime(3)");
    cy_int_set_i64(&x, -10);
    T_CHECK(!cy_int_nextprime(&x, &x) && cy_int_cmp_i64(&x, 2) == 0, "nextprime(-10)");
    cy_int_clear(&x);
    mpz_clear(z);
    check_leaks("pseudoprimes");
}

/* sqrtrem with both outputs and their aliasing, s == r rejected. */
static void check_sqrtrem(const mpz_t A)
{
    mpz_t S, R;
    mpz_inits(S, R, NULL);
    int want = mpz_sgn(A) < 0 ? CY_EINVAL : CY_OK;
    if (!want)
        mpz_sqrtrem(S, R, A);
    for (int alias = 0; alias < 3; alias++) { /* none, s = a, r = a */
        cy_int a, s, r;
        cy_int_init(&a);
        cy_int_init(&s);
        cy_int_init(&r);
        from_mpz(&a, A);
        cy_int *ps = alias == 1 ? &a : &s, *pr = alias == 2 ? &a : &r;
        int err = cy_int_sqrtrem(ps, pr, &a);
        T_CHECK(err == want && (err || (eq(ps, S) && eq(pr, R))), "sqrtrem alias=%d", alias);
        T_CHECK(cy_int_sqrtrem(&s, &s, &a) == CY_EINVAL, "sqrtrem s == r accepted");
        cy_int_clear(&a);
        cy_int_clear(&s);
        cy_int_clear(&r);
    }
    mpz_clears(S, R, NULL);
}

/* ---- powm ------------------------------------------------------------------------------------ */

static int r_powm(mpz_t r, const mpz_t b, const mpz_t e, const mpz_t m)
{
    if (!mpz_sgn(m))
        return CY_EDIVZERO;
    if (mpz_cmpabs_ui(m, 1) == 0) {
        mpz_set_ui(r, 0);
        return CY_OK;
    }
    mpz_t base, ae, am;
    mpz_inits(base, ae, am, NULL);
    mpz_abs(am, m);
    mpz_abs(ae, e);
    int err = CY_OK;
    if (mpz_sgn(e) < 0) {
        if (!mpz_invert(base, b, am))
            err = CY_ENOTINV;
    } else
        mpz_set(base, b);
    if (!err)
        mpz_powm(r, base, ae, am);
    mpz_clears(base, ae, am, NULL);
    return err;
}

/* cy_int_powm, or with sec cy_int_powm_sec (odd moduli and e >= 0 only: CY_EEVEN, CY_EINVAL). */
static void check_powm(const mpz_t B, const mpz_t E, const mpz_t M, int inject, int sec)
{
    /* objects 0 = b, 1 = e, 2 = m, 3 unrelated; (r, b, e, m) */
    static const int pats[][4] = {{3, 0, 1, 2}, {0, 0, 1, 2}, {1, 0, 1, 2}, {2, 0, 1, 2}, {3, 0, 0, 0}, {0, 0, 0, 2}};
    const mpz_srcptr src[3] = {B, E, M};
    mpz_t want;
    mpz_init(want);
    for (size_t p = 0; p < sizeof pats / sizeof pats[0]; p++) {
        const int *pat = pats[p];
        const mpz_srcptr m = src[pat[3]], e = src[pat[2]];
        int want_err = sec && mpz_sgn(m) && mpz_even_p(m) ? CY_EEVEN
                       : sec && mpz_sgn(m) && mpz_sgn(e) < 0 ? CY_EINVAL
                                                          : r_powm(want, src[pat[1]], e, m);
        for (long k = inject ? 0 : -1; k < 1000; k++) {
            cy_int x[4];
            mpz_t in[4];
            mpz_inits(in[0], in[1], in[2], in[3], NULL);
            mpz_set(in[0], B);
            mpz_set(in[1], E);
            mpz_set(in[2], M);
            rand_mpz(in[3], 2);
            for (int i = 0; i < 4; i++) {
                cy_int_init(&x[i]);
                from_mpz(&x[i], in[i]);
            }
            t_arm(k);
            int err = (sec ? cy_int_powm_sec : cy_int_powm)(&x[pat[0]], &x[pat[1]], &x[pat[2]], &x[pat[3]]);
            t_arm(-1);
            int nomem = k >= 0 && err == CY_ENOMEM;
            int ok = nomem || err == want_err;
            for (int i = 0; i < 4; i++)
                if (i != pat[0] || err)
                    ok &= eq(&x[i], in[i]);
            if (!err)
                ok &= eq(&x[pat[0]], want);
            T_CHECK(ok, "powm%s pattern %zu fail_at=%ld: err %d want %d, sizes b %zu e %zu m %zu (m %s)", sec ? "_sec" : "", p, k, err,
                    want_err, zlimbs(in[pat[1]]), zlimbs(in[pat[2]]), zlimbs(in[pat[3]]),
                    mpz_odd_p(in[pat[3]]) ? "odd" : "even");
            for (int i = 0; i < 4; i++)
                cy_int_clear(&x[i]);
            mpz_clears(in[0], in[1], in[2], in[3], NULL);
            if (!nomem)
                break;
        }
    }
    mpz_clear(want);
    check_leaks("powm");
}

/* ---- Strings ---------------------------------------------------------------------------------- */

static void check_strings(const mpz_t A, int inject)
{
    cy_int a, r;
    cy_int_init(&a);
    cy_int_init(&r);
    from_mpz(&a, A);
    int base = 2 + (int)t_below(35);
    char *want = mpz_get_str(NULL, base, A);
    size_t wlen = strlen(want), size = cy_int_str_size(&a, base);
    T_CHECK(size >= wlen + 1 && size <= wlen + 2, "str_size base %d: %zu for %zu characters", base, size, wlen);
    /* get_str: into a buffer of the bound, of the exact size, and one too small */
    char *buf = malloc(size + 2);
    size_t len = 0;
    for (int which = 0; which < 3; which++) {
        size_t bsz = which == 0 ? size : which == 1 ? wlen + 1 : wlen;
        for (long k = inject ? 0 : -1; k < 1000; k++) {
            memset(buf, '#', size + 2);
            t_arm(k);
            int err = cy_int_get_str(buf, bsz, &len, base, &a);
            t_arm(-1);
            if (k >= 0 && err == CY_ENOMEM) {
                T_CHECK(buf[0] == '#' || which == 0, "get_str wrote into the buffer and failed");
                continue;
            }
            if (which < 2)
                T_CHECK(!err && len == wlen && !strcmp(buf, want), "get_str base %d size %zu: err %d '%.40s' want '%.40s'",
                        base, bsz, err, buf, want);
            else
                T_CHECK(err == CY_ERANGE && buf[0] == '#', "get_str base %d into a too small buffer: err %d", base, err);
            break;
        }
    }
    /* set_str: the same digits with random case, sign and prefix variations */
    size_t n = wlen + 4;
    char *s = malloc(n + 1), *p = s;
    const char *digits = want;
    int neg = digits[0] == '-';
    if (neg)
        digits++;
    int b = base;
    switch (t_below(4)) {
    case 0: *p++ = neg ? '-' : '+'; break;
    default: if (neg) *p++ = '-'; break;
    }
    if (base == 16 && t_below(2)) {
        memcpy(p, t_below(2) ? "0x" : "0X", 2);
        p += 2;
        b = t_below(2) ? 0 : 16;
    } else if (base == 2 && t_below(2)) {
        memcpy(p, "0b", 2);
        p += 2;
        b = 0;
    } else if (base == 10 && t_below(2))
        b = 0;
    for (const char *q = digits; *q; q++)
        *p++ = t_below(2) && *q >= 'a' ? (char)(*q - 'a' + 'A') : *q;
    *p = 0;
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        from_mpz(&r, A); /* some value; overwritten */
        cy_int_set_i64(&r, 12345);
        t_arm(k);
        int err = cy_int_set_str(&r, s, b);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(cy_int_cmp_i64(&r, 12345) == 0, "set_str changed its output and failed");
            continue;
        }
        T_CHECK(!err && eq(&r, A), "set_str('%.60s', %d): err %d", s, b, err);
        break;
    }
    free(s);
    free(buf);
    free(want);
    cy_int_clear(&a);
    cy_int_clear(&r);
    check_leaks("strings");
}

static void check_bad_strings(void)
{
    static const struct {
        const char *s;
        int base;
    } bad[] = {{"", 10}, {"-", 10}, {"+", 10}, {"0x", 16}, {"0x", 0}, {"0b", 0}, {"12a", 10}, {" 1", 10},
               {"1 ", 10}, {"--1", 10}, {"+-1", 10}, {"0x-1", 0}, {"-0x", 0}, {"2", 2}, {"0b2", 0},
               {"z", 35}, {"10", 1}, {"10", 37}, {"10", -1}, {"1_000", 10}, {"0x1g", 0}, {"1\xff", 10}, {"0b1", 2}};
    cy_int r;
    cy_int_init(&r);
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        cy_int_set_i64(&r, -77);
        int err = cy_int_set_str(&r, bad[i].s, bad[i].base);
        T_CHECK(err == CY_EINVAL && cy_int_cmp_i64(&r, -77) == 0 && valid(&r), "set_str('%s', %d) accepted: %d",
                bad[i].s, bad[i].base, err);
    }
    /* an embedded NUL within len is an invalid character */
    T_CHECK(cy_int_set_strn(&r, "12\0" "3", 4, 10) == CY_EINVAL, "set_strn accepted a NUL");
    static const struct {
        const char *s;
        int base;
        int64_t v;
    } good[] = {{"0", 10, 0}, {"-0", 10, 0}, {"+0", 0, 0}, {"0x0", 0, 0}, {"-0x1F", 0, -31}, {"0X1f", 16, 31},
                {"1f", 16, 31}, {"0b101", 0, 5}, {"-101", 2, -5}, {"010", 0, 10}, {"Zz", 36, 36 * 35 + 35},
                {"-9223372036854775808", 10, INT64_MIN}, {"9223372036854775807", 0, INT64_MAX}};
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        int err = cy_int_set_str(&r, good[i].s, good[i].base);
        int64_t v = 1;
        T_CHECK(!err && valid(&r) && !cy_int_get_i64(&r, &v) && v == good[i].v, "set_str('%s', %d): err %d value %lld",
                good[i].s, good[i].base, err, (long long)v);
    }
    char buf[8] = "#######";
    cy_int_set_i64(&r, -5);
    T_CHECK(cy_int_get_str(buf, sizeof buf, NULL, 1, &r) == CY_EINVAL && cy_int_get_str(buf, sizeof buf, NULL, 37, &r) == CY_EINVAL &&
                cy_int_str_size(&r, 37) == 0 && cy_int_sizeinbase(&r, 1) == 0 && buf[0] == '#',
            "get_str with a bad base");
    T_CHECK(cy_int_get_str(buf, 2, NULL, 10, &r) == CY_ERANGE && buf[0] == '#', "get_str(-5) into 2 bytes");
    T_CHECK(cy_int_get_str(buf, 3, NULL, 10, &r) == CY_OK && !strcmp(buf, "-5"), "get_str(-5) into 3 bytes");
    cy_int_clear(&r);
    check_leaks("bad strings");
}

/* ---- Allocated strings, streams ---------------------------------------------------------------- */

static void check_io(const mpz_t A, int inject)
{
    cy_int a, r;
    cy_int_init(&a);
    cy_int_init(&r);
    from_mpz(&a, A);
    int base = 2 + (int)t_below(35);
    char *want = mpz_get_str(NULL, base, A);
    size_t wlen = strlen(want);
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        char *str = (char *)&a; /* a sentinel: must stay unless the call succeeds */
        size_t len = 7;
        t_arm(k);
        int err = cy_int_get_str_alloc(&str, &len, base, &a);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(str == (char *)&a && len == 7, "get_str_alloc changed its outputs and failed");
            continue;
        }
        T_CHECK(!err && len == wlen && !strcmp(str, want), "get_str_alloc base %d: err %d '%.40s' want '%.40s'", base,
                err, err ? "" : str, want);
        if (!err)
            cy_free(str);
        break;
    }
    /* fprint, then fscan of the same text between other characters (with injection on both) */
    FILE *f = tmpfile();
    T_CHECK(f != NULL, "tmpfile");
    if (!f)
        return;
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        rewind(f);
        t_arm(k);
        int err = cy_int_fprint(f, base, &a);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(ftell(f) == 0, "fprint wrote and failed");
            continue;
        }
        T_CHECK(!err && ftell(f) == (long)wlen, "fprint base %d: err %d, %ld characters for %zu", base, err, ftell(f), wlen);
        break;
    }
    char *back = malloc(wlen + 1);
    rewind(f);
    T_CHECK(fread(back, 1, wlen, f) == wlen && !memcmp(back, want, wlen), "fprint base %d wrote other text", base);
    free(back);
    /* " \n\t<want>;" in base `base`, or with a 0x / 0b prefix in base 0 */
    int pre = (base == 16 || base == 2) && t_below(2);
    rewind(f);
    fputs(" \n\t", f);
    if (want[0] == '-')
        fputc('-', f);
    else if (t_below(2))
        fputc('+', f);
    fputs(pre ? (base == 16 ? "0X" : "0b") : "", f);
    fputs(want + (want[0] == '-'), f);
    fputs(";rest", f);
    fflush(f);
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        rewind(f);
        cy_int_set_i64(&r, 12345);
        t_arm(k);
        int err = cy_int_fscan(&r, f, pre ? 0 : base);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(cy_int_cmp_i64(&r, 12345) == 0, "fscan changed its output and failed");
            continue;
        }
        int next = getc(f);
        T_CHECK(!err && eq(&r, A) && next == ';', "fscan base %d (prefix %d): err %d, next '%c'", base, pre, err, next);
        break;
    }
    fclose(f);
    free(want);
    cy_int_clear(&a);
    cy_int_clear(&r);
    check_leaks("io");
}

/* Stream and allocated-string misuse: a clear code, outputs unchanged. */
static void check_bad_io(void)
{
    cy_int r;
    cy_int_init(&r);
    cy_int_set_i64(&r, -5);
    char *str = NULL;
    size_t len = 3;
    T_CHECK(cy_int_get_str_alloc(&str, &len, 1, &r) == CY_EINVAL && cy_int_get_str_alloc(&str, &len, 37, &r) == CY_EINVAL &&
                cy_int_get_str_alloc(NULL, &len, 10, &r) == CY_EINVAL && str == NULL && len == 3,
            "get_str_alloc with a bad base or NULL");
    T_CHECK(cy_int_get_str_alloc(&str, NULL, 10, &r) == CY_OK && !strcmp(str, "-5"), "get_str_alloc(-5), len NULL");
    cy_free(str);
    cy_free(NULL);
    FILE *f = tmpfile();
    T_CHECK(cy_int_fprint(NULL, 10, &r) == CY_EINVAL && cy_int_fprint(f, 37, &r) == CY_EINVAL && ftell(f) == 0,
            "fprint with a bad base or NULL");
    FILE *ro = fopen("/dev/null", "r");
    if (ro) {
        T_CHECK(cy_int_fprint(ro, 10, &r) == CY_EIO, "fprint to a read-only stream");
        fclose(ro);
    }
    static const struct {
        const char *text;
        int base, err;
        int64_t v;
        int next; /* the character left unread (EOF: none) */
    } cases[] = {
        {"", 10, CY_EIO, 0, EOF}, {" \n\t ", 0, CY_EIO, 0, EOF}, {"-", 10, CY_EINVAL, 0, EOF},
        {"- 1", 10, CY_EINVAL, 0, ' '}, {"0x", 0, CY_EINVAL, 0, EOF}, {"0xg", 16, CY_EINVAL, 0, 'g'},
        {"0b2", 0, CY_EINVAL, 0, '2'}, {"abc", 10, CY_EINVAL, 0, 'a'}, {"12", 1, CY_EINVAL, 0, '1'},
        {"12", 37, CY_EINVAL, 0, '1'}, {"  -0x1F;", 0, CY_OK, -31, ';'}, {"0b101 ", 0, CY_OK, 5, ' '},
        {"012", 0, CY_OK, 12, EOF}, {"0", 0, CY_OK, 0, EOF}, {"0x1f", 10, CY_OK, 0, 'x'}, {"-0", 16, CY_OK, 0, EOF},
        {"zZ!", 36, CY_OK, 36 * 35 + 35, '!'}, {"+7\n", 8, CY_OK, 7, '\n'}, {"12abc", 10, CY_OK, 12, 'a'},
        {"0b1", 16, CY_OK, 0xb1, EOF}, {"0b1", 2, CY_OK, 0, 'b'}, {"-9223372036854775808", 10, CY_OK, INT64_MIN, EOF},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        FILE *g = tmpfile();
        fputs(cases[i].text, g);
        rewind(g);
        cy_int_set_i64(&r, -77);
        int err = cy_int_fscan(&r, g, cases[i].base);
        int64_t v = 1;
        int ok = err == cases[i].err && valid(&r) && getc(g) == cases[i].next;
        fclose(g);
        if (!err)
            ok &= !cy_int_get_i64(&r, &v) && v == cases[i].v;
        else
            ok &= cy_int_cmp_i64(&r, -77) == 0;
        T_CHECK(ok, "fscan('%s', %d): err %d want %d", cases[i].text, cases[i].base, err, cases[i].err);
    }
    cy_int_set_i64(&r, -77);
    T_CHECK(cy_int_fscan(&r, NULL, 10) == CY_EINVAL && cy_int_cmp_i64(&r, -77) == 0, "fscan(NULL)");
    fclose(f);
    cy_int_clear(&r);
    check_leaks("bad io");
}

/* ---- Limbs, import and export ------------------------------------------------------------------ */

static void check_limbs(const mpz_t A, int inject)
{
    cy_int a;
    cy_int_init(&a);
    from_mpz(&a, A);
    mpz_t z, w;
    mpz_inits(z, w, NULL);
    t_to_mpz(z, cy_int_limbs_read(&a), cy_int_size(&a));
    mpz_abs(w, A);
    T_CHECK(mpz_cmp(z, w) == 0 && cy_int_size(&a) == zlimbs(A), "limbs_read/size");
    /* write n random limbs (the top ones often 0), finish with a random sign */
    size_t n = zlimbs(A) + t_below(3);
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        cy_int x;
        cy_int_init(&x);
        cy_int_set_i64(&x, 9);
        cy_limb *p = (cy_limb *)&x;
        t_arm(k);
        int err = cy_int_limbs_write(&x, n, &p);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(cy_int_cmp_i64(&x, 9) == 0 && p == (cy_limb *)&x, "limbs_write changed its outputs and failed");
            cy_int_clear(&x);
            continue;
        }
        T_CHECK(!err && (size_t)x.alloc >= n && p[0] == (n ? 9 : p[0]), "limbs_write(%zu): err %d, old limbs not kept", n, err);
        t_fill(p, n, T_ANY);
        if (n && t_below(2))
            p[n - 1] = 0;
        int neg = (int)t_below(2);
        t_to_mpz(z, p, n);
        if (neg)
            mpz_neg(z, z);
        cy_int_limbs_finish(&x, n, neg ? 5 : 0);
        T_CHECK(eq(&x, z), "limbs_finish(%zu, %d)", n, neg);
        cy_int_clear(&x);
        break;
    }
    cy_int_clear(&a);
    mpz_clears(z, w, NULL);
    check_leaks("limbs");
}

static void check_import_export(const mpz_t A, int inject)
{
    static const size_t sizes[] = {1, 2, 3, 4, 5, 7, 8, 9, 16};
    size_t size = sizes[t_below(sizeof sizes / sizeof sizes[0])];
    int order = t_below(2) ? 1 : -1, endian = (int)t_below(3) - 1;
    size_t nails = t_below(3) ? 0 : t_below(8 * size);
    cy_int a, r;
    cy_int_init(&a);
    cy_int_init(&r);
    from_mpz(&a, A);
    /* export against mpz_export, into a buffer with guard bytes */
    size_t want_n = 0, words = cy_int_export_count(&a, size, nails);
    unsigned char *want = mpz_export(NULL, &want_n, order, size, endian, nails, A);
    size_t bytes = (want_n + 2) * size;
    unsigned char *buf = malloc(bytes);
    memset(buf, 0xa5, bytes);
    size_t cnt = 77;
    int err = cy_int_export(buf, want_n, &cnt, order, size, endian, nails, &a);
    int ok = !err && cnt == want_n && words == want_n && (want_n == 0 || !memcmp(buf, want, want_n * size));
    for (size_t i = want_n * size; i < bytes; i++)
        ok &= buf[i] == 0xa5;
    T_CHECK(ok, "export(order %d size %zu endian %d nails %zu) of %zu bits: err %d, %zu words want %zu", order, size,
            endian, nails, mpz_sizeinbase(A, 2), err, cnt, want_n);
    if (want_n) { /* one word too few: nothing written */
        memset(buf, 0xa5, bytes);
        cnt = 77;
        err = cy_int_export(buf, want_n - 1, &cnt, order, size, endian, nails, &a);
        T_CHECK(err == CY_ERANGE && cnt == 77 && buf[0] == 0xa5, "export into too small a buffer: %d", err);
    }
    /* import of random bytes (nail bits set too: they must be ignored) against mpz_import */
    size_t count = t_below(2) ? want_n : t_below(40);
    unsigned char *src = malloc(count * size + 1);
    for (size_t i = 0; i < count * size; i++)
        src[i] = (unsigned char)t_rand64();
    mpz_t z;
    mpz_init(z);
    mpz_import(z, count, order, size, endian, nails, src);
    for (long k = inject ? 0 : -1; k < 1000; k++) {
        cy_int_set_i64(&r, -3);
        t_arm(k);
        err = cy_int_import(&r, count, order, size, endian, nails, src);
        t_arm(-1);
        if (k >= 0 && err == CY_ENOMEM) {
            T_CHECK(cy_int_cmp_i64(&r, -3) == 0, "import changed its output and failed");
            continue;
        }
        T_CHECK(!err && eq(&r, z), "import(%zu words, order %d size %zu endian %d nails %zu): err %d", count, order,
                size, endian, nails, err);
        break;
    }
    /* round trip: import(export(a)) = |a| */
    if (want_n) {
        cy_int_export(buf, want_n, NULL, order, size, endian, nails, &a);
        mpz_abs(z, A);
        T_CHECK(!cy_int_import(&r, want_n, order, size, endian, nails, buf) && eq(&r, z), "import(export(a))");
    }
    void (*gmp_free)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &gmp_free);
    if (want)
        gmp_free(want, want_n * size);
    free(src);
    free(buf);
    mpz_clear(z);
    cy_int_clear(&a);
    cy_int_clear(&r);
    check_leaks("import/export");
}

static void check_bad_words(void)
{
    cy_int r;
    cy_int_init(&r);
    cy_int_set_i64(&r, -6);
    unsigned char buf[16];
    memset(buf, 0x5a, sizeof buf);
    static const struct {
        int order;
        size_t size;
        int endian;
        size_t nails;
    } bad[] = {{0, 1, 0, 0}, {2, 1, 0, 0}, {1, 0, 0, 0}, {1, 1, 2, 0}, {1, 1, -2, 0}, {1, 1, 0, 8},
               {-1, 2, 0, 16}, {1, 4, 1, 100}, {1, SIZE_MAX, 0, 0}};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        size_t cnt = 77;
        int e1 = cy_int_import(&r, 1, bad[i].order, bad[i].size, bad[i].endian, bad[i].nails, buf);
        int e2 = cy_int_export(buf, sizeof buf, &cnt, bad[i].order, bad[i].size, bad[i].endian, bad[i].nails, &r);
        T_CHECK(e1 == CY_EINVAL && e2 == CY_EINVAL && cnt == 77 && buf[0] == 0x5a && cy_int_cmp_i64(&r, -6) == 0,
                "import/export with bad parameters %zu: %d %d", i, e1, e2);
    }
    T_CHECK(cy_int_import(&r, 1, 1, 1, 0, 0, NULL) == CY_EINVAL && cy_int_export(NULL, 8, NULL, 1, 1, 0, 0, &r) == CY_EINVAL &&
                cy_int_cmp_i64(&r, -6) == 0,
            "import/export with NULL");
    T_CHECK(cy_int_import(&r, SIZE_MAX / 2, 1, 4, 0, 0, buf) == CY_EINVAL && cy_int_cmp_i64(&r, -6) == 0,
            "import of more bytes than size_t counts");
    /* zero words and zero: 0, nothing written, NULL allowed */
    size_t cnt = 77;
    T_CHECK(!cy_int_import(&r, 0, 1, 1, 0, 0, NULL) && cy_int_sgn(&r) == 0 && valid(&r), "import of 0 words");
    T_CHECK(!cy_int_export(NULL, 0, &cnt, -1, 8, 0, 0, &r) && cnt == 0 && cy_int_export_count(&r, 8, 0) == 0,
            "export of 0");
    /* the sign is dropped; one byte per bit with 7 nails */
    cy_int_set_i64(&r, -5);
    T_CHECK(!cy_int_export(buf, sizeof buf, &cnt, -1, 1, 0, 7, &r) && cnt == 3 && buf[0] == 1 && buf[1] == 0 &&
                buf[2] == 1,
            "export(-5) one bit per byte");
    cy_int_clear(&r);
    check_leaks("bad words");
}

/* ---- 64-bit conversions, comparisons, misc --------------------------------------------------- */

static void check_64(void)
{
    static const int64_t iv[] = {0, 1, -1, 2, -2, INT64_MAX, INT64_MIN, INT64_MAX - 1, INT64_MIN + 1,
                                 (int64_t)1 << 32, -((int64_t)1 << 32), ((int64_t)1 << 32) - 1, 0x7fffffff, -0x80000000LL};
    cy_int a, b;
    cy_int_init(&a);
    cy_int_init(&b);
    mpz_t z, w;
    mpz_inits(z, w, NULL);
    for (size_t rep = 0; rep < t_reps(3000); rep++) {
        int64_t v = rep < sizeof iv / sizeof iv[0] ? iv[rep] : (int64_t)(t_rand64() >> t_below(64));
        if (rep >= sizeof iv / sizeof iv[0] && t_below(2) && v != INT64_MIN)
            v = -v;
        mpz_set_i64(z, v);
        T_CHECK(!cy_int_set_i64(&a, v) && eq(&a, z), "set_i64(%lld)", (long long)v);
        int64_t g = 0;
        T_CHECK(!cy_int_get_i64(&a, &g) && g == v, "get_i64(%lld) = %lld", (long long)v, (long long)g);
        uint64_t u = (uint64_t)v, gu = 0;
        mpz_set_u64(w, u);
        T_CHECK(!cy_int_set_u64(&b, u) && eq(&b, w), "set_u64(%llu)", (unsigned long long)u);
        T_CHECK(!cy_int_get_u64(&b, &gu) && gu == u, "get_u64(%llu)", (unsigned long long)u);
        T_CHECK(cy_int_get_u64(&a, &gu) == (v < 0 ? CY_ERANGE : CY_OK), "get_u64 of %lld", (long long)v);
        /* cmp_i64 against a random neighbour, cmp and cmpabs against mpz */
        int64_t v2 = (int64_t)t_rand64();
        if (t_below(2)) /* a neighbour, within the range */
            v2 = v == INT64_MIN ? v + (int64_t)t_below(2) : v == INT64_MAX ? v - (int64_t)t_below(2)
                                                                         : v + ((int64_t)t_below(3) - 1);
        mpz_set_i64(w, v2);
        int c = cy_int_cmp_i64(&a, v2), cw = mpz_cmp(z, w);
        T_CHECK((c > 0) - (c < 0) == (cw > 0) - (cw < 0), "cmp_i64(%lld, %lld)", (long long)v, (long long)v2);
        cy_int_set_i64(&b, v2);
        c = cy_int_cmp(&a, &b);
        T_CHECK((c > 0) - (c < 0) == (cw > 0) - (cw < 0), "cmp(%lld, %lld)", (long long)v, (long long)v2);
        c = cy_int_cmpabs(&a, &b), cw = mpz_cmpabs(z, w);
        T_CHECK((c > 0) - (c < 0) == (cw > 0) - (cw < 0), "cmpabs(%lld, %lld)", (long long)v, (long long)v2);
        T_CHECK(cy_int_sgn(&a) == mpz_sgn(z), "sgn(%lld)", (long long)v);
    }
    /* out of range: +-2^63 +- 1, 2^64, -(2^64 - 1) */
    static const char *const over_i[] = {"9223372036854775808", "-9223372036854775809", "18446744073709551616",
                                         "-18446744073709551615"};
    for (size_t i = 0; i < 4; i++) {
        int64_t g = 7;
        mpz_set_str(z, over_i[i], 10);
        from_mpz(&a, z);
        T_CHECK(cy_int_get_i64(&a, &g) == CY_ERANGE && g == 7, "get_i64(%s) accepted", over_i[i]);
    }
    uint64_t gu = 7;
    mpz_set_str(z, "18446744073709551616", 10);
    from_mpz(&a, z);
    T_CHECK(cy_int_get_u64(&a, &gu) == CY_ERANGE && gu == 7, "get_u64(2^64) accepted");
    mpz_set_str(z, "-1", 10);
    from_mpz(&a, z);
    T_CHECK(cy_int_get_u64(&a, &gu) == CY_ERANGE && gu == 7, "get_u64(-1) accepted");
    /* allocation failure in set_i64 keeps the value */
    cy_int_clear(&a);
    cy_int_set_i64(&b, 5);
    t_arm(0);
    T_CHECK(cy_int_set_i64(&a, 99) == CY_ENOMEM && cy_int_sgn(&a) == 0 && valid(&a), "set_i64 under failure");
    t_arm(0);
    T_CHECK(cy_int_set(&a, &b) == CY_ENOMEM && cy_int_sgn(&a) == 0, "set under failure");
    t_arm(-1);
    /* swap, reserve, clear twice */
    cy_int_set_i64(&a, -3);
    cy_int_swap(&a, &b);
    T_CHECK(cy_int_cmp_i64(&a, 5) == 0 && cy_int_cmp_i64(&b, -3) == 0, "swap");
    T_CHECK(!cy_int_reserve(&a, 1000) && a.alloc >= 1000 && cy_int_cmp_i64(&a, 5) == 0, "reserve");
    T_CHECK(cy_int_reserve(&a, SIZE_MAX) == CY_ENOMEM && cy_int_cmp_i64(&a, 5) == 0, "reserve(SIZE_MAX)");
    cy_int_clear(&a);
    cy_int_clear(&a);
    cy_int_clear(&b);
    mpz_clears(z, w, NULL);
    check_leaks("64-bit conversions");
    /* every code (CY_EFAULT is the last) has its own message; anything else is unknown */
    const char *unknown = cy_strerror(1);
    T_CHECK(unknown && *unknown && !strcmp(unknown, cy_strerror(CY_EFAULT - 1)) &&
                !strcmp(unknown, cy_strerror(INT_MIN)) && !strcmp(unknown, cy_strerror(INT_MAX)),
            "strerror of unknown codes");
    for (int e = CY_OK; e >= CY_EFAULT; e--) {
        const char *msg = cy_strerror(e);
        T_CHECK(msg && *msg && strcmp(msg, unknown), "strerror(%d)", e);
        for (int f = e + 1; f <= CY_OK; f++)
            T_CHECK(strcmp(msg, cy_strerror(f)), "strerror(%d) = strerror(%d)", e, f);
    }
}

/* Misuse and sizes that cannot be allocated: error codes, outputs unchanged. */
static void check_errors(void)
{
    cy_int a, b, c;
    cy_int_init(&a);
    cy_int_init(&b);
    cy_int_init(&c);
    cy_int_set_i64(&a, 7);
    cy_int_set_i64(&b, 3);
    cy_int_set_i64(&c, 11);
    T_CHECK(cy_int_tdiv_qr(&c, &c, &a, &b) == CY_EINVAL && cy_int_cmp_i64(&c, 11) == 0, "tdiv_qr(q == r)");
    T_CHECK(cy_int_fdiv_qr(&c, &c, &a, &b) == CY_EINVAL, "fdiv_qr(q == r)");
    T_CHECK(cy_int_gcdext(&c, &c, NULL, &a, &b) == CY_EINVAL && cy_int_gcdext(&c, NULL, &c, &a, &b) == CY_EINVAL &&
                cy_int_gcdext(&a, &c, &c, &a, &b) == CY_EINVAL && cy_int_cmp_i64(&c, 11) == 0,
            "gcdext with equal outputs");
    /* 2^(2^64 - 1) and a * 2^(2^64 - 1) cannot be allocated */
    T_CHECK(cy_int_mul_2exp(&c, &a, UINT64_MAX) == CY_ENOMEM && cy_int_cmp_i64(&c, 11) == 0, "mul_2exp(a, 2^64 - 1)");
    T_CHECK(cy_int_pow_u64(&c, &a, UINT64_MAX) == CY_ENOMEM && cy_int_cmp_i64(&c, 11) == 0, "pow(7, 2^64 - 1)");
    cy_int_set_i64(&a, -1);
    T_CHECK(!cy_int_pow_u64(&c, &a, UINT64_MAX) && cy_int_cmp_i64(&c, -1) == 0, "pow(-1, 2^64 - 1)");
    cy_int_set_i64(&a, 0);
    T_CHECK(!cy_int_pow_u64(&c, &a, UINT64_MAX) && cy_int_sgn(&c) == 0, "pow(0, 2^64 - 1)");
    T_CHECK(!cy_int_pow_u64(&c, &a, 0) && cy_int_cmp_i64(&c, 1) == 0, "pow(0, 0)");
    cy_int_set_i64(&a, -5);
    T_CHECK(!cy_int_fdiv_q_2exp(&c, &a, UINT64_MAX) && cy_int_cmp_i64(&c, -1) == 0, "fdiv_q_2exp(-5, 2^64 - 1)");
    T_CHECK(!cy_int_tdiv_q_2exp(&c, &a, UINT64_MAX) && cy_int_sgn(&c) == 0, "tdiv_q_2exp(-5, 2^64 - 1)");
    /* At most INT_MAX limbs (the int fields of GMP's layout): one more is refused before any
     * allocation, so these fail fast and leave c alone. */
    T_CHECK(cy_int_reserve(&c, (size_t)INT_MAX + 1) == CY_ENOMEM && cy_int_sgn(&c) == 0, "reserve(INT_MAX + 1)");
    T_CHECK(cy_int_mul_2exp(&c, &a, (uint64_t)INT_MAX * CY_LIMB_BITS) == CY_ENOMEM && cy_int_sgn(&c) == 0,
            "mul_2exp to INT_MAX + 2 limbs");
    /* A view as GMP's MPZ_ROINIT_N makes one (alloc = 0, limbs the object does not own): read as
     * an input; as an output its limbs are copied into fresh memory, never freed or resized. */
    cy_limb held[2] = {5, 1};
    cy_int view = {0, -2, held};
    T_CHECK(!cy_int_add(&c, &view, &view) && cy_int_cmpabs(&c, &view) > 0 && cy_int_sgn(&c) < 0, "view as input");
    T_CHECK(!cy_int_add(&view, &view, &a) && view.alloc >= 2 && view.d != held && held[0] == 5 && held[1] == 1 &&
                cy_int_cmp(&view, &c) > 0,
            "view as output");
    cy_int_clear(&view);
    view = (cy_int){0, 2, held};
    cy_int_clear(&view); /* frees nothing */
    T_CHECK(view.size == 0 && view.d == NULL && held[1] == 1, "clear of a view");
    cy_int_clear(&a);
    cy_int_clear(&b);
    cy_int_clear(&c);
    check_leaks("errors");
}

int main(void)
{
    t_init("test_int");
    t_failalloc_install();
    check_64();
    check_errors();
    check_bad_strings();
    check_bad_io();
    check_bad_words();
    check_word_functions();
    check_pseudoprimes();
    check_random();
    check_perfect_powers(t_reps(10));
    mpz_t A, B, M;
    mpz_inits(A, B, M, NULL);
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu_set(t_cpus[c]);
        size_t reps = t_reps(c == 0 ? 300 : 100);
        for (size_t op = 0; op < NBINOPS; op++)
            for (size_t rep = 0; rep < reps; rep++) {
                binop_operands(op, A, B, rep % 20 == 0 ? 3000 : 0);
                check_binop(op, A, B, rep % 4 == 0 && zlimbs(A) + zlimbs(B) < 300);
            }
        /* gcd, gcdext and invert through the half-gcd (src/mpn/hgcd.c) with its thresholds
         * lowered, so that it runs from a few dozen limbs (test_gcd covers the mpn layer) */
        cy__tune low = *cy__tune_now();
        cy__tune_force(&low);
        for (size_t op = 0; op < NBINOPS; op++)
            if (!strncmp(binops[op].name, "gcd", 3) || !strcmp(binops[op].name, "invert"))
                for (size_t rep = 0; rep < reps / 4; rep++) {
                    low.gcd_dc = 8 + t_below(40);
                    low.hgcd = 8 + t_below(24);
                    binop_operands(op, A, B, 1000);
                    check_binop(op, A, B, rep % 4 == 0 && zlimbs(A) + zlimbs(B) < 300);
                }
        cy__tune_force(NULL);
        for (size_t rep = 0; rep < reps; rep++) {
            binop_operands(0, A, B, rep % 20 == 0 ? 3000 : 0);
            int inject = rep % 4 == 0 && zlimbs(A) + zlimbs(B) < 300;
            check_qr(0, A, B, inject);
            check_qr(1, A, B, inject);
        }
        for (size_t rep = 0; rep < 2 * reps; rep++) {
            rand_mpz(A, pick_size(rep % 20 == 0 ? 3000 : 0));
            int inject = rep % 4 == 0 && zlimbs(A) < 200;
            for (int u = 0; u < U_COUNT; u++) {
                uint64_t k = rand_bit(zlimbs(A));
                if (u == U_POW) /* results up to about 400 limbs */
                    k = t_below(4) ? t_below(400 / (zlimbs(A) + 1) + 2) : t_below(3);
                if (u >= U_WORD)
                    k = rand_word();
                check_unop((enum unop)u, A, k, inject);
            }
            check_sqrtrem(A);
            rand_mpz(B, pick_size(0));
            check_queries(A, B, rand_bit(zlimbs(A)), rand_word(), inject);
            check_divexact_u64(A, rand_word());
            check_conversions(A, inject);
            if (rep % 4 == 0 && zlimbs(A) <= 40) /* primality tests cost a power each: short operands */
                check_number_theory(A, B, inject);
            check_strings(A, inject);
            check_io(A, inject);
            check_limbs(A, inject);
            check_import_export(A, inject);
        }
        for (size_t rep = 0; rep < reps; rep++) {
            rand_mpz(B, pick_size(0) / 2);
            rand_mpz(M, 1 + t_below(rep % 10 == 0 ? 40 : 8));
            if (t_below(4) == 0) /* a small modulus, often 1 or 2 */
                mpz_set_si(M, (long)t_below(5) - 2);
            if (t_below(3) == 0)
                mpz_setbit(M, 0); /* odd: the Montgomery path */
            else if (t_below(3) == 0) /* 2^j times an odd part: the CRT path */
                mpz_mul_2exp(M, M, (mp_bitcnt_t)t_below(3 * CY_LIMB_BITS));
            rand_mpz(A, t_below(3));
            if (t_below(4) == 0)
                mpz_set_si(A, (long)t_below(5) - 2);
            check_powm(B, A, M, rep % 4 == 0, 0);
            check_powm(B, A, M, rep % 4 == 0, 1);
        }
        /* one-limb odd moduli (the direct path): every normalisation shift, 3 and B - 1, with
         * exponents below and above the window's 32 bits */
        for (size_t rep = 0; rep < reps; rep++) {
            unsigned sh = (unsigned)t_below(CY_LIMB_BITS - 1);
            cy_limb m = (CY_LIMB_MAX >> sh) & ~(cy_limb)t_below(3); /* often all ones */
            cy_limb p[1];
            t_fill(p, 1, T_ANY);
            if (t_below(2))
                m &= p[0];
            m |= (cy_limb)1 | ((cy_limb)1 << (CY_LIMB_BITS - 1 - sh));
            if (rep % 7 == 0)
                m = 3;
            t_to_mpz(M, &m, 1);
            rand_mpz(B, 1 + t_below(2));
            rand_mpz(A, t_below(3));
            if (t_below(3) == 0)
                mpz_set_si(A, (long)t_below(40) - 3);
            check_powm(B, A, M, 0, 0);
            check_powm(B, A, M, 0, 1);
        }
    }
    mpz_clears(A, B, M, NULL);
    return t_done();
}
