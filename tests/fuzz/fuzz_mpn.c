/* libFuzzer target: carry/mpn.h against GMP's mpz on every back end, with the aliasing each
 * function allows. Input: back end, operation, lengths, then the operands (fuzz.h).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"

#define MAXN 800 /* past the Toom-4 thresholds of every back end (src/core/tune_*.c) */
#define B_BITS CY_LIMB_BITS

typedef struct {
    fz_in in;
    mpz_t A, B, W, T; /* operands, the expected result, a temporary */
} ctx;

static void Z(mpz_t z, const cy_limb *p, size_t n)
{
    mpz_import(z, n, -1, sizeof *p, 0, 0, p);
}

/* A fresh operand of n limbs; normalised: the top limb non-zero. */
static cy_limb *operand(ctx *c, size_t n, int normalised)
{
    cy_limb *p = fz_alloc(n);
    fz_limbs(&c->in, p, n);
    if (normalised && n && !p[n - 1])
        p[n - 1] = 1;
    return p;
}

/* W = W mod B^n. */
static void mod_bn(mpz_t w, size_t n)
{
    mpz_fdiv_r_2exp(w, w, (mp_bitcnt_t)n * B_BITS);
}

static void add_sub_n(ctx *c, int sub)
{
    size_t n = fz_len(&c->in, MAXN);
    int alias = fz_byte(&c->in) % 4; /* 0: r apart; 1: r = a; 2: r = b; 3: r = a = b */
    cy_limb *a = operand(c, n, 0), *b = alias == 3 ? a : operand(c, n, 0);
    Z(c->A, a, n);
    Z(c->B, b, n);
    cy_limb *r = alias == 0 ? fz_alloc(n) : alias == 2 ? b : a;
    cy_limb cy = sub ? cy_mpn_sub_n(r, a, b, n) : cy_mpn_add_n(r, a, b, n);
    (sub ? mpz_sub : mpz_add)(c->W, c->A, c->B);
    int want = sub ? mpz_sgn(c->W) < 0 : mpz_sizeinbase(c->W, 2) > n * B_BITS && mpz_sgn(c->W);
    mod_bn(c->W, n);
    FZ_CHECK(fz_eq(r, n, c->W) && cy == (cy_limb)want, "%s_n n=%zu alias=%d", sub ? "sub" : "add", n, alias);
    if (alias == 0)
        free(r);
    if (b != a)
        free(b);
    free(a);
}

static void add_sub(ctx *c, int sub)
{
    size_t an = fz_len(&c->in, MAXN), bn = fz_len(&c->in, an);
    int alias = fz_byte(&c->in) % 3; /* 0: r apart; 1: r = a; 2: b starts at r */
    cy_limb *a = operand(c, an, 0), *b = operand(c, bn, 0);
    Z(c->A, a, an);
    Z(c->B, b, bn);
    cy_limb *r = a, *bp = b;
    if (alias != 1) {
        r = fz_alloc(an);
        if (alias == 2) {
            memcpy(r, b, bn * sizeof *b);
            bp = r;
        }
    }
    cy_limb cy = sub ? cy_mpn_sub(r, a, an, bp, bn) : cy_mpn_add(r, a, an, bp, bn);
    (sub ? mpz_sub : mpz_add)(c->W, c->A, c->B);
    int want = sub ? mpz_sgn(c->W) < 0 : mpz_sgn(c->W) && mpz_sizeinbase(c->W, 2) > an * B_BITS;
    mod_bn(c->W, an);
    FZ_CHECK(fz_eq(r, an, c->W) && cy == (cy_limb)want, "%s an=%zu bn=%zu alias=%d", sub ? "sub" : "add", an, bn, alias);
    if (r != a)
        free(r);
    free(a);
    free(b);
}

static void add_sub_1(ctx *c, int sub)
{
    size_t n = fz_len(&c->in, MAXN);
    int alias = fz_byte(&c->in) & 1;
    cy_limb *a = operand(c, n, 0), b;
    fz_limbs(&c->in, &b, 1);
    Z(c->A, a, n);
    Z(c->B, &b, 1);
    cy_limb *r = alias ? a : fz_alloc(n);
    cy_limb cy = sub ? cy_mpn_sub_1(r, a, n, b) : cy_mpn_add_1(r, a, n, b);
    (sub ? mpz_sub : mpz_add)(c->W, c->A, c->B);
    /* the carry or borrow out; for n = 0 the documented return is b itself */
    cy_limb want = n == 0 ? b : sub ? mpz_sgn(c->W) < 0 : mpz_sizeinbase(c->W, 2) > n * B_BITS;
    mod_bn(c->W, n);
    FZ_CHECK(fz_eq(r, n, c->W) && cy == want, "%s_1 n=%zu alias=%d", sub ? "sub" : "add", n, alias);
    if (!alias)
        free(r);
    free(a);
}

static void neg_logic(ctx *c)
{
    size_t n = fz_len(&c->in, MAXN);
    int op = fz_byte(&c->in) % 5, alias = fz_byte(&c->in) % 3;
    cy_limb *a = operand(c, n, 0), *b = operand(c, n, 0);
    Z(c->A, a, n);
    Z(c->B, b, n);
    cy_limb *r = alias == 0 ? fz_alloc(n) : alias == 1 ? a : b;
    if (op == 0) {
        cy_limb bw = cy_mpn_neg(r, a, n);
        mpz_neg(c->W, c->A);
        mod_bn(c->W, n);
        FZ_CHECK(bw == (mpz_sgn(c->A) != 0), "neg borrow n=%zu", n);
    } else if (op == 4) {
        cy_mpn_com(r, a, n);
        mpz_com(c->W, c->A);
        mod_bn(c->W, n);
    } else {
        (op == 1 ? cy_mpn_and_n : op == 2 ? cy_mpn_ior_n : cy_mpn_xor_n)(r, a, b, n);
        (op == 1 ? mpz_and : op == 2 ? mpz_ior : mpz_xor)(c->W, c->A, c->B);
    }
    FZ_CHECK(fz_eq(r, n, c->W), "neg/logic op=%d n=%zu alias=%d", op, n, alias);
    if (alias == 0)
        free(r);
    free(a);
    free(b);
}

static void shifts(ctx *c)
{
    size_t n = 1 + fz_len(&c->in, MAXN - 1);
    int right = fz_byte(&c->in) & 1;
    unsigned cnt = 1 + fz_byte(&c->in) % (B_BITS - 1);
    size_t d = fz_byte(&c->in) % 4; /* r = a + d (lshift) or a = r + d (rshift): allowed overlaps */
    cy_limb *buf = fz_alloc(n + d);
    fz_limbs(&c->in, buf, n + d);
    cy_limb *a = right ? buf + d : buf, *r = right ? buf : buf + d;
    Z(c->A, a, n);
    cy_limb out = right ? cy_mpn_rshift(r, a, n, cnt) : cy_mpn_lshift(r, a, n, cnt);
    if (right) {
        mpz_fdiv_q_2exp(c->W, c->A, cnt);
        mpz_fdiv_r_2exp(c->T, c->A, cnt);
        mpz_mul_2exp(c->T, c->T, B_BITS - cnt); /* the bits out, at the top of the limb */
    } else {
        mpz_mul_2exp(c->W, c->A, cnt);
        mpz_fdiv_q_2exp(c->T, c->W, n * B_BITS);
        mod_bn(c->W, n);
    }
    FZ_CHECK(fz_eq(r, n, c->W) && fz_eq(&out, 1, c->T), "%s n=%zu cnt=%u d=%zu", right ? "rshift" : "lshift", n, cnt, d);
    free(buf);
}

static void mul_1s(ctx *c)
{
    size_t n = fz_len(&c->in, MAXN);
    int op = fz_byte(&c->in) % 3, alias = fz_byte(&c->in) & 1;
    cy_limb *a = operand(c, n, 0), *r = alias ? a : operand(c, n, 0), b;
    fz_limbs(&c->in, &b, 1);
    Z(c->A, a, n);
    Z(c->B, &b, 1);
    Z(c->T, r, n);
    mpz_mul(c->W, c->A, c->B);
    cy_limb hi;
    if (op == 0) {
        hi = cy_mpn_mul_1(r, a, n, b);
    } else if (op == 1) {
        hi = cy_mpn_addmul_1(r, a, n, b);
        mpz_add(c->W, c->W, c->T);
    } else {
        hi = cy_mpn_submul_1(r, a, n, b);
        mpz_sub(c->W, c->T, c->W); /* r - a b = low - B^n hi */
        mpz_neg(c->T, c->W);
        mpz_cdiv_q_2exp(c->T, c->T, n * B_BITS); /* the borrow limb: ceil((a b - r) / B^n) */
        FZ_CHECK(mpz_sgn(c->T) >= 0 ? fz_eq(&hi, 1, c->T) : hi == 0, "submul_1 borrow n=%zu", n);
    }
    if (op != 2) {
        mpz_fdiv_q_2exp(c->T, c->W, n * B_BITS);
        FZ_CHECK(fz_eq(&hi, 1, c->T), "mul_1 op=%d high limb n=%zu", op, n);
    }
    mod_bn(c->W, n);
    FZ_CHECK(fz_eq(r, n, c->W), "mul_1 op=%d n=%zu alias=%d", op, n, alias);
    if (!alias)
        free(r);
    free(a);
}

static void products(ctx *c)
{
    int op = fz_byte(&c->in) % 4; /* mul, mul_n, sqr, mullo_n */
    size_t an = 1 + fz_len(&c->in, MAXN - 1), bn = op == 0 ? 1 + fz_len(&c->in, an - 1) : an;
    int same = op == 2 || (op != 3 && an == bn && (fz_byte(&c->in) & 1)); /* a == b: the square */
    cy_limb *a = operand(c, an, 0), *b = same ? a : operand(c, bn, 0);
    Z(c->A, a, an);
    Z(c->B, b, bn);
    size_t rn = op == 3 ? an : an + bn;
    size_t itch = op == 0 ? cy_mpn_mul_itch(an, bn) : op == 1 ? cy_mpn_mul_n_itch(an)
                : op == 2 ? cy_mpn_sqr_itch(an) : cy_mpn_mullo_n_itch(an);
    cy_limb *r = fz_alloc(rn), *s = fz_alloc(itch);
    mpz_mul(c->W, c->A, c->B);
    if (op == 0) {
        cy_limb top = cy_mpn_mul(r, a, an, b, bn, s);
        FZ_CHECK(top == r[rn - 1], "mul return value");
    } else if (op == 1) {
        cy_mpn_mul_n(r, a, b, an, s);
    } else if (op == 2) {
        cy_mpn_sqr(r, a, an, s);
    } else {
        cy_mpn_mullo_n(r, a, b, an, s);
        mod_bn(c->W, an);
    }
    FZ_CHECK(fz_eq(r, rn, c->W), "product op=%d an=%zu bn=%zu same=%d", op, an, bn, same);
    free(r);
    free(s);
    if (b != a)
        free(b);
    free(a);
}

static void div_1s(ctx *c)
{
    size_t n = fz_len(&c->in, MAXN);
    int op = fz_byte(&c->in) % 5, alias = fz_byte(&c->in) & 1;
    cy_limb *a = operand(c, n, 0), d;
    fz_limbs(&c->in, &d, 1);
    d += !d;
    Z(c->B, &d, 1);
    if (op == 4) { /* divexact_1: a - (a mod d), a multiple of d below B^n */
        Z(c->A, a, n);
        mpz_fdiv_r(c->T, c->A, c->B);
        mpz_sub(c->A, c->A, c->T);
        if (n)
            memset(a, 0, n * sizeof *a);
        mpz_export(a, NULL, -1, sizeof *a, 0, 0, c->A);
    }
    Z(c->A, a, n);
    cy_limb *q = alias ? a : fz_alloc(n), rem = 0;
    cy_mpn_div1_inv inv;
    cy_mpn_div1_inv_init(&inv, d);
    switch (op) {
    case 0: rem = cy_mpn_divrem_1(q, a, n, d); break;
    case 1: rem = cy_mpn_divrem_1_preinv(q, a, n, &inv); break;
    case 2: rem = cy_mpn_mod_1(a, n, d); break;
    case 3: rem = cy_mpn_mod_1_preinv(a, n, &inv); break;
    case 4: cy_mpn_divexact_1(q, a, n, d); break;
    }
    mpz_fdiv_qr(c->W, c->T, c->A, c->B);
    FZ_CHECK(fz_eq(&rem, 1, c->T) || op == 4, "div_1 op=%d remainder n=%zu", op, n);
    FZ_CHECK(op == 2 || op == 3 || fz_eq(q, n, c->W), "div_1 op=%d quotient n=%zu alias=%d", op, n, alias);
    if (!alias)
        free(q);
    free(a);
}

static void divrem(ctx *c)
{
    size_t dn = 1 + fz_len(&c->in, MAXN / 2 - 1), an = dn + fz_len(&c->in, MAXN / 2);
    int alias = fz_byte(&c->in) % 3; /* 0: r apart; 1: r = a; 2: r = NULL */
    cy_limb *a = operand(c, an, 0), *d = operand(c, dn, 1);
    Z(c->A, a, an);
    Z(c->B, d, dn);
    cy_limb *q = fz_alloc(an - dn + 1), *r = alias == 0 ? fz_alloc(dn) : alias == 1 ? a : NULL;
    cy_limb *s = fz_alloc(cy_mpn_divrem_itch(an, dn));
    cy_mpn_divrem(q, r, a, an, d, dn, s);
    mpz_fdiv_qr(c->W, c->T, c->A, c->B);
    FZ_CHECK(fz_eq(q, an - dn + 1, c->W) && (!r || fz_eq(r, dn, c->T)), "divrem an=%zu dn=%zu alias=%d", an, dn, alias);
    free(s);
    free(q);
    if (alias == 0)
        free(r);
    free(a);
    free(d);
}

static void divexact(ctx *c)
{
    size_t dn = 1 + fz_len(&c->in, MAXN / 2 - 1), qn = 1 + fz_len(&c->in, MAXN / 2 - 1);
    cy_limb *d = operand(c, dn, 1), *q0 = operand(c, qn, 0);
    Z(c->B, d, dn);
    Z(c->W, q0, qn);
    mpz_mul(c->A, c->W, c->B);
    size_t an = dn + qn; /* the product's length, top limbs possibly zero */
    cy_limb *a = fz_alloc(an), *q = fz_alloc(an - dn + 1), *s = fz_alloc(cy_mpn_divexact_itch(an, dn));
    memset(a, 0, an * sizeof *a);
    mpz_export(a, NULL, -1, sizeof *a, 0, 0, c->A);
    cy_mpn_divexact(q, a, an, d, dn, s);
    FZ_CHECK(fz_eq(q, an - dn + 1, c->W), "divexact an=%zu dn=%zu", an, dn);
    free(a);
    free(q);
    free(s);
    free(d);
    free(q0);
}

static void gcds(ctx *c)
{
    int ext = fz_byte(&c->in) & 1, alias = fz_byte(&c->in) % 3; /* gcd: 1: g = a, 2: g = b */
    size_t an = 1 + fz_len(&c->in, MAXN / 2 - 1), bn = 1 + fz_len(&c->in, an - 1);
    cy_limb *a = operand(c, an, 1), *b = operand(c, bn, 1);
    Z(c->A, a, an);
    Z(c->B, b, bn);
    mpz_gcd(c->W, c->A, c->B);
    cy_limb *s = fz_alloc(ext ? cy_mpn_gcdext_itch(an, bn) : cy_mpn_gcd_itch(an, bn));
    if (!ext) {
        cy_limb *g = alias == 0 ? fz_alloc(bn) : alias == 1 ? a : b;
        size_t gn = cy_mpn_gcd(g, a, an, b, bn, s);
        FZ_CHECK(gn >= 1 && gn <= bn && g[gn - 1] && fz_eq(g, gn, c->W), "gcd an=%zu bn=%zu alias=%d", an, bn, alias);
        if (alias == 0)
            free(g);
    } else {
        cy_limb *g = fz_alloc(bn), *co = fz_alloc(bn);
        ptrdiff_t sn;
        size_t gn = cy_mpn_gcdext(g, co, &sn, a, an, b, bn, s);
        size_t asn = sn < 0 ? (size_t)-sn : (size_t)sn;
        FZ_CHECK(gn >= 1 && gn <= bn && g[gn - 1] && fz_eq(g, gn, c->W) && asn <= bn, "gcdext g an=%zu bn=%zu", an, bn);
        Z(c->T, co, asn);
        FZ_CHECK(asn == 0 || co[asn - 1], "gcdext: cofactor not normalised");
        if (sn < 0)
            mpz_neg(c->T, c->T);
        mpz_t t;
        mpz_init(t);
        mpz_tdiv_q(t, c->B, c->W);
        FZ_CHECK(mpz_cmpabs(c->T, t) <= 0, "gcdext |s| > B / g an=%zu bn=%zu", an, bn);
        mpz_mul(t, c->T, c->A);
        mpz_sub(t, t, c->W);
        FZ_CHECK(mpz_divisible_p(t, c->B), "gcdext s A != g mod B an=%zu bn=%zu", an, bn);
        mpz_clear(t);
        free(g);
        free(co);
    }
    free(s);
    free(a);
    free(b);
}

static void sqrts(ctx *c)
{
    size_t n = 1 + fz_len(&c->in, MAXN - 1);
    int op = fz_byte(&c->in) % 3; /* sqrtrem, sqrtrem without r, perfect_square_p */
    cy_limb *a = operand(c, n, 1);
    if (fz_byte(&c->in) & 1) { /* a perfect square (or its neighbour) now and then */
        size_t h = (n + 1) / 2;
        mpz_t x;
        mpz_init(x);
        Z(x, a, h);
        mpz_mul(x, x, x);
        mpz_sub_ui(x, x, fz_byte(&c->in) & 1);
        mod_bn(x, n);
        memset(a, 0, n * sizeof *a);
        mpz_export(a, NULL, -1, sizeof *a, 0, 0, x);
        if (!a[n - 1])
            a[n - 1] = 1;
        mpz_clear(x);
    }
    Z(c->A, a, n);
    mpz_sqrtrem(c->W, c->T, c->A);
    size_t h = (n + 1) / 2;
    size_t itch = cy_mpn_sqrtrem_itch(n) + (op == 2 ? n : 0);
    cy_limb *s = fz_alloc(h), *r = fz_alloc(n), *sc = fz_alloc(itch);
    if (op == 2) {
        FZ_CHECK(cy_mpn_perfect_square_p(a, n, sc) == (mpz_sgn(c->T) == 0), "perfect_square_p n=%zu", n);
    } else {
        size_t rn = cy_mpn_sqrtrem(s, op == 0 ? r : NULL, a, n, sc);
        FZ_CHECK(fz_eq(s, h, c->W), "sqrtrem root n=%zu", n);
        if (op == 0) {
            size_t want = mpz_sgn(c->T) ? (mpz_sizeinbase(c->T, 2) + B_BITS - 1) / B_BITS : 0;
            FZ_CHECK(rn == want && fz_eq(r, n, c->T), "sqrtrem remainder n=%zu", n);
        } else {
            FZ_CHECK(rn == (mpz_sgn(c->T) != 0), "sqrtrem(r = NULL) return n=%zu", n);
        }
    }
    free(s);
    free(r);
    free(sc);
    free(a);
}

static void compare(ctx *c)
{
    size_t n = fz_len(&c->in, MAXN);
    cy_limb *a = operand(c, n, 0), *b = operand(c, n, 0);
    Z(c->A, a, n);
    Z(c->B, b, n);
    int cmp = mpz_cmp(c->A, c->B);
    FZ_CHECK(cy_mpn_cmp(a, b, n) == (cmp > 0) - (cmp < 0) && cy_mpn_zero_p(a, n) == !mpz_sgn(c->A), "cmp/zero_p n=%zu", n);
    free(a);
    free(b);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    ctx c = {fz_start(data, size), {{0}}, {{0}}, {{0}}, {{0}}};
    mpz_inits(c.A, c.B, c.W, c.T, NULL);
    fz_cpu(&c.in);
    switch (fz_byte(&c.in) % 16) {
    case 0: add_sub_n(&c, 0); break;
    case 1: add_sub_n(&c, 1); break;
    case 2: add_sub(&c, 0); break;
    case 3: add_sub(&c, 1); break;
    case 4: add_sub_1(&c, 0); break;
    case 5: add_sub_1(&c, 1); break;
    case 6: neg_logic(&c); break;
    case 7: shifts(&c); break;
    case 8: mul_1s(&c); break;
    case 9: case 10: products(&c); break;
    case 11: div_1s(&c); break;
    case 12: divrem(&c); break;
    case 13: divexact(&c); break;
    case 14: gcds(&c); break;
    case 15: fz_byte(&c.in) & 1 ? sqrts(&c) : compare(&c); break;
    }
    mpz_clears(c.A, c.B, c.W, c.T, NULL);
    return 0;
}
