/* cy_int Fibonacci and Lucas numbers by doubling. SPDX-License-Identifier: MIT */
#include "impl.h"

/* f = F(n), g = F(n + 1), from the top bit of n down with the doubling formulas
 * F(2k) = F(k) (2 F(k+1) - F(k)) and F(2k+1) = F(k)^2 + F(k+1)^2, then one step for a set bit
 * (F(2k+1), F(2k+2) = F(2k) + F(2k+1)). Three products a bit, half of them squares. */
static int fib_pair(cy_int *f, cy_int *g, uint64_t n)
{
    /* F(n) has about 0.694 n bits: refuse what no cy_int can hold before any work */
    if (n / 2 > (uint64_t)CY__INT_MAX_LIMBS * CY_LIMB_BITS)
        return CY_ENOMEM;
    cy_int a, b, t;
    cy_int_init(&a);
    cy_int_init(&b);
    cy_int_init(&t);
    int err = cy_int_set_u64(&b, 1); /* (a, b) = (F(0), F(1)) */
    int top = 63;
    while (top >= 0 && !((n >> top) & 1))
        top--;
    for (int i = top; !err && i >= 0; i--) {
        err = cy_int_mul_2exp(&t, &b, 1); /* t = 2 F(k+1) - F(k) */
        if (!err)
            err = cy_int_sub(&t, &t, &a);
        if (!err)
            err = cy_int_mul(&t, &t, &a); /* F(2k) */
        if (!err)
            err = cy_int_mul(&a, &a, &a);
        if (!err)
            err = cy_int_mul(&b, &b, &b);
        if (!err)
            err = cy_int_add(&b, &b, &a); /* F(2k+1) */
        if (!err)
            cy_int_swap(&a, &t); /* a = F(2k) */
        if (!err && ((n >> i) & 1)) {
            err = cy_int_add(&t, &a, &b); /* (F(2k+1), F(2k+2)) */
            if (!err) {
                cy_int_swap(&a, &b);
                cy_int_swap(&b, &t);
            }
        }
    }
    if (!err) {
        cy_int_swap(f, &a);
        cy_int_swap(g, &b);
    }
    cy_int_clear(&a);
    cy_int_clear(&b);
    cy_int_clear(&t);
    return err;
}

int cy_int_fib_u64(cy_int *r, uint64_t n)
{
    cy_int f, g;
    cy_int_init(&f);
    cy_int_init(&g);
    int err = fib_pair(&f, &g, n);
    if (!err)
        cy_int_swap(r, &f);
    cy_int_clear(&f);
    cy_int_clear(&g);
    return err;
}

int cy_int_fib2_u64(cy_int *fn, cy_int *fnsub1, uint64_t n)
{
    /* F(n - 1) = F(n + 1) - F(n), and F(-1) = 1 */
    if (fn == fnsub1)
        return CY_EINVAL;
    cy_int f, g;
    cy_int_init(&f);
    cy_int_init(&g);
    int err = fib_pair(&f, &g, n);
    if (!err)
        err = cy_int_sub(&g, &g, &f);
    if (!err) {
        cy_int_swap(fn, &f);
        cy_int_swap(fnsub1, &g);
    }
    cy_int_clear(&f);
    cy_int_clear(&g);
    return err;
}

/* L(n) = 2 F(n - 1) + F(n) = F(n) + 2 (F(n + 1) - F(n)) and L(n - 1) = 2 F(n) - F(n - 1). */
int cy_int_lucnum2_u64(cy_int *ln, cy_int *lnsub1, uint64_t n)
{
    if (ln == lnsub1)
        return CY_EINVAL;
    cy_int f, g, l;
    cy_int_init(&f);
    cy_int_init(&g);
    cy_int_init(&l);
    int err = fib_pair(&f, &g, n);
    if (!err)
        err = cy_int_sub(&g, &g, &f); /* F(n - 1) */
    if (!err)
        err = cy_int_mul_2exp(&l, &g, 1);
    if (!err)
        err = cy_int_add(&l, &l, &f); /* L(n) */
    if (!err && lnsub1) {
        err = cy_int_mul_2exp(&f, &f, 1);
        if (!err)
            err = cy_int_sub(&f, &f, &g); /* L(n - 1) */
    }
    if (!err) {
        cy_int_swap(ln, &l);
        if (lnsub1)
            cy_int_swap(lnsub1, &f);
    }
    cy_int_clear(&f);
    cy_int_clear(&g);
    cy_int_clear(&l);
    return err;
}

int cy_int_lucnum_u64(cy_int *r, uint64_t n)
{
    return cy_int_lucnum2_u64(r, NULL, n);
}
