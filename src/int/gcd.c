/* cy_int gcd, extended gcd and modular inverse, on cy_mpn_gcd and cy_mpn_gcdext.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

int cy_int_gcd(cy_int *g, const cy_int *a, const cy_int *b)
{
    if (cy__int_n(a) < cy__int_n(b)) { /* cy_mpn_gcd wants an >= bn */
        const cy_int *t = a;
        a = b;
        b = t;
    }
    if (b->size == 0)
        return cy_int_abs(g, a);
    size_t an = cy__int_n(a), bn = cy__int_n(b);
    /* g may be a or b: cy_mpn_gcd allows its result to start at either operand, and growing g to
     * bn limbs moves nothing then (a and b already have at least bn limbs). */
    cy_limb *scratch, local[CY__INT_LOCAL];
    int err = cy__int_grow(g, bn);
    if (!err)
        err = cy__int_salloc(&scratch, cy_mpn_gcd_itch(an, bn), local);
    if (err)
        return err;
    size_t gn = cy_mpn_gcd(g->d, a->d, an, b->d, bn, scratch);
    cy__int_sfree(scratch, local);
    cy__int_setsize(g, gn, 0);
    return CY_OK;
}

/* For x, y != 0 with |x| at least as many limbs as |y|: G = gcd(x, y) and a cofactor C with C |x| = G mod |y|
 * (cy_mpn_gcdext's, |C| <= |y| / G). */
static int gcdext_mpn(cy_int *G, cy_int *C, const cy_int *x, const cy_int *y)
{
    size_t xn = cy__int_n(x), yn = cy__int_n(y);
    cy_limb *gbuf, *sbuf = NULL, *scratch = NULL, local[CY__INT_LOCAL];
    int err = cy__int_ralloc(&gbuf, yn);
    if (!err)
        err = cy__int_ralloc(&sbuf, yn);
    if (!err)
        err = cy__int_salloc(&scratch, cy_mpn_gcdext_itch(xn, yn), local);
    if (err) {
        cy__int_tfree(gbuf);
        cy__int_tfree(sbuf);
        return err;
    }
    ptrdiff_t sn;
    size_t gn = cy_mpn_gcdext(gbuf, sbuf, &sn, x->d, xn, y->d, yn, scratch);
    cy__int_sfree(scratch, local);
    cy__int_install(G, gbuf, yn, gn, 0);
    cy__int_install(C, sbuf, yn, (size_t)(sn < 0 ? -sn : sn), sn < 0);
    return CY_OK;
}

/* r = (g - x c) / y, exact when g = x c (mod y). */
static int other_cofactor(cy_int *r, const cy_int *g, const cy_int *x, const cy_int *c,
                          const cy_int *y)
{
    cy_int tmp;
    cy_int_init(&tmp);
    int err = cy_int_mul(&tmp, x, c);
    if (!err)
        err = cy_int_sub(&tmp, g, &tmp);
    if (!err)
        err = cy_int_divexact(r, &tmp, y);
    cy_int_clear(&tmp);
    return err;
}

/* a, b != 0: G = gcd(a, b), S the cofactor of a reduced into (-M/2, M/2] for M = |b| / G, and
 * T = (G - a S) / b. */
static int gcdext_nonzero(cy_int *G, cy_int *S, cy_int *T, const cy_int *a, const cy_int *b)
{
    cy_int M, twice;
    cy_int_init(&M);
    cy_int_init(&twice);
    int err;
    /* Any cofactor of a first: from cy_mpn_gcdext on (|a|, |b|), or, when a is the shorter,
     * from b's cofactor on (|b|, |a|). The sign of the operand goes into its cofactor. */
    if (cy__int_n(a) >= cy__int_n(b)) {
        err = gcdext_mpn(G, S, a, b);
        if (!err && cy__int_isneg(a))
            err = cy_int_neg(S, S);
    } else {
        err = gcdext_mpn(G, T, b, a);
        if (!err && cy__int_isneg(b))
            err = cy_int_neg(T, T);
        if (!err)
            err = other_cofactor(S, G, b, T, a);
    }
    cy_int bmag = cy__int_absview(b);
    if (!err)
        err = cy_int_divexact(&M, &bmag, G);
    if (!err)
        err = cy_int_mod(S, S, &M);
    if (!err)
        err = cy_int_mul_2exp(&twice, S, 1);
    /* s in (-M/2, M/2]; the one tie, M = 2 (|b| = 2g, s = +-1), goes to sgn(a), as GMP's rule */
    if (!err && (cy_int_cmp(&twice, &M) > 0 || (cy_int_cmp_u64(&M, 2) == 0 && cy__int_isneg(a))))
        err = cy_int_sub(S, S, &M);
    if (!err)
        err = other_cofactor(T, G, a, S, b);
    cy_int_clear(&M);
    cy_int_clear(&twice);
    return err;
}

int cy_int_gcdext(cy_int *g, cy_int *s, cy_int *t, const cy_int *a, const cy_int *b)
{
    if (g == s || g == t || (s && s == t))
        return CY_EINVAL;
    cy_int G, S, T;
    cy_int_init(&G);
    cy_int_init(&S);
    cy_int_init(&T);
    int err;
    if (b->size == 0) { /* g = |a| = a sgn(a) */
        err = cy_int_abs(&G, a);
        if (!err)
            err = cy_int_set_i64(&S, cy_int_sgn(a));
    } else if (a->size == 0) {
        err = cy_int_abs(&G, b);
        if (!err)
            err = cy_int_set_i64(&T, cy_int_sgn(b));
    } else
        err = gcdext_nonzero(&G, &S, &T, a, b);
    if (!err) { /* every value is ready: the outputs change only now, and this cannot fail */
        cy_int_swap(g, &G);
        if (s)
            cy_int_swap(s, &S);
        if (t)
            cy_int_swap(t, &T);
    }
    cy_int_clear(&G);
    cy_int_clear(&S);
    cy_int_clear(&T);
    return err;
}

int cy_int_invert(cy_int *r, const cy_int *a, const cy_int *m)
{
    if (m->size == 0)
        return CY_EDIVZERO;
    cy_int A, G, S;
    cy_int_init(&A);
    cy_int_init(&G);
    cy_int_init(&S);
    cy_int ma = cy__int_absview(m); /* read before r is written */
    int err = cy_int_mod(&A, a, &ma);
    if (!err && cy_int_cmp_i64(&ma, 1) > 0) { /* modulo 1 the inverse is 0 = A */
        if (A.size == 0)
            err = CY_ENOTINV;
        if (!err)
            err = cy_int_gcdext(&G, &S, NULL, &A, &ma);
        if (!err && cy_int_cmp_i64(&G, 1) != 0)
            err = CY_ENOTINV;
        if (!err)
            err = cy_int_mod(&A, &S, &ma);
    }
    if (!err)
        cy_int_swap(r, &A);
    cy_int_clear(&A);
    cy_int_clear(&G);
    cy_int_clear(&S);
    return err;
}

int cy_int_lcm(cy_int *l, const cy_int *a, const cy_int *b)
{
    /* lcm = |a| / gcd(a, b) * |b|, 0 when either is 0; into temporaries, then swapped into l */
    if (a->size == 0 || b->size == 0) {
        l->size = 0;
        return CY_OK;
    }
    cy_int g, t;
    cy_int_init(&g);
    cy_int_init(&t);
    cy_int am = cy__int_absview(a), bm = cy__int_absview(b);
    int err = cy_int_gcd(&g, &am, &bm);
    if (!err)
        err = cy_int_divexact(&t, &am, &g);
    if (!err)
        err = cy_int_mul(&g, &t, &bm);
    if (!err)
        cy_int_swap(l, &g);
    cy_int_clear(&g);
    cy_int_clear(&t);
    return err;
}

int cy_int_gcd_u64(cy_int *g, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return cy_int_gcd(g, a, &b);
}

int cy_int_lcm_u64(cy_int *l, const cy_int *a, uint64_t v)
{
    cy_limb d[CY__U64_LIMBS];
    cy_int b = cy__int_view_u64(d, v, 0);
    return cy_int_lcm(l, a, &b);
}
