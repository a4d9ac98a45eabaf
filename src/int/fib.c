/* cy_int Fibonacci and Lucas numbers by doubling. SPDX-License-Identifier: MIT */
#include "impl.h"

/* f = F(n), g = F(n - 1) (F(-1) = 1), from the top bit of n down with two squares a step: for
 * (x, y) = (F(k), F(k-1)), F(2k-1) = x^2 + y^2 and F(2k+1) = 4 x^2 - y^2 + 2 (-1)^k (Cassini's
 * identity F(k+1) F(k-1) - F(k)^2 = (-1)^k folded into F(2k+1) = F(k+1)^2 + F(k)^2), and
 * F(2k) = F(2k+1) - F(2k-1); a set bit takes (F(2k+1), F(2k)), a clear one (F(2k), F(2k-1)). */
static int fib_pair(cy_int *f, cy_int *g, uint64_t n)
{
    /* F(n) has about 0.694 n bits: refuse what no cy_int can hold before any work */
    if (n / 2 > (uint64_t)CY__INT_MAX_LIMBS * CY_LIMB_BITS)
        return CY_ENOMEM;
    cy_int x, y, t;
    cy_int_init(&x);
    cy_int_init(&y);
    cy_int_init(&t);
    int err = cy_int_set_u64(n ? &x : &y, 1); /* (F(1), F(0)), or (F(0), F(-1)) for n = 0 */
    int top = 63, odd = 1;                      /* k = 1 */
    while (top > 0 && !((n >> top) & 1))
        top--;
    for (int i = n ? top - 1 : -1; !err && i >= 0; i--) {
        err = cy_int_mul(&x, &x, &x); /* F(k)^2 */
        if (!err)
            err = cy_int_mul(&y, &y, &y); /* F(k-1)^2 */
        if (!err)
            err = cy_int_add(&t, &x, &y); /* F(2k-1) */
        if (!err)
            err = cy_int_mul_2exp(&x, &x, 2);
        if (!err)
            err = cy_int_sub(&x, &x, &y);
        if (!err)
            err = odd ? cy_int_sub_u64(&x, &x, 2) : cy_int_add_u64(&x, &x, 2); /* F(2k+1) */
        if (!err)
            err = cy_int_sub(&y, &x, &t); /* F(2k) */
        odd = (int)((n >> i) & 1); /* set: (x, y) = (F(2k+1), F(2k)) already */
        if (!err && !odd) {        /* clear: (F(2k), F(2k-1)) */
            cy_int_swap(&x, &y);
            cy_int_swap(&y, &t);
        }
    }
    if (!err) {
        cy_int_swap(f, &x);
        cy_int_swap(g, &y);
    }
    cy_int_clear(&x);
    cy_int_clear(&y);
    cy_int_clear(&t);
    return err;
}

/* l = L(k) = F(k) + 2 F(k-1) from the pair (f, g) = (F(k), F(k-1)); l may be g, not f. */
static int lucas_of_pair(cy_int *l, const cy_int *f, const cy_int *g)
{
    int err = cy_int_mul_2exp(l, g, 1);
    return err ? err : cy_int_add(l, l, f);
}

/* r = F(n) for n >= 2 with the last doubling as one product instead of two squares: with
 * (x, y) = (F(k), F(k-1)), k = floor(n/2), and L(k) = x + 2y, F(2k) = F(k) L(k) and
 * F(2k+1) = F(k+1) L(k) - (-1)^k, F(k+1) = x + y (from F(a+b) = (F(a) L(b) + L(a) F(b)) / 2 and
 * Cassini's identity). */
int cy_int_fib_u64(cy_int *r, uint64_t n)
{
    if (n < 2)
        return cy_int_set_u64(r, n);
    cy_int f, g, h;
    cy_int_init(&f);
    cy_int_init(&g);
    cy_int_init(&h);
    uint64_t k = n / 2;
    int odd = (int)(n & 1);
    int err = fib_pair(&f, &g, k);
    if (!err && odd)
        err = cy_int_add(&h, &f, &g); /* F(k+1) */
    if (!err)
        err = lucas_of_pair(&g, &f, &g);
    if (!err)
        err = cy_int_mul(&f, odd ? &h : &f, &g);
    if (!err && odd)
        err = k & 1 ? cy_int_add_u64(&f, &f, 1) : cy_int_sub_u64(&f, &f, 1);
    if (!err)
        cy_int_swap(r, &f);
    cy_int_clear(&f);
    cy_int_clear(&g);
    cy_int_clear(&h);
    return err;
}

int cy_int_fib2_u64(cy_int *fn, cy_int *fnsub1, uint64_t n)
{
    if (fn == fnsub1)
        return CY_EINVAL;
    cy_int f, g;
    cy_int_init(&f);
    cy_int_init(&g);
    int err = fib_pair(&f, &g, n);
    if (!err) {
        cy_int_swap(fn, &f);
        cy_int_swap(fnsub1, &g);
    }
    cy_int_clear(&f);
    cy_int_clear(&g);
    return err;
}

/* L(n) = 2 F(n - 1) + F(n) and L(n - 1) = 2 F(n) - F(n - 1). */
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
        err = lucas_of_pair(&l, &f, &g);
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

/* L(n), n = 2^j m with m odd: L(m) = L(k) L(k+1) - (-1)^k for m = 2k + 1, with
 * L(k) = F(k) + 2F(k-1) and L(k+1) = 3F(k) + F(k-1) from one Fibonacci pair at k, then j squarings
 * L(2i) = L(i)^2 - 2(-1)^i: a square a doubling where the pairs take two. */
int cy_int_lucnum_u64(cy_int *r, uint64_t n)
{
    if (n == 0)
        return cy_int_set_u64(r, 2);
    unsigned j = 0;
    while (!((n >> j) & 1))
        j++;
    uint64_t m = n >> j, k = m / 2;
    cy_int f, g, h;
    cy_int_init(&f);
    cy_int_init(&g);
    cy_int_init(&h);
    int err = fib_pair(&f, &g, k);
    if (!err)
        err = cy_int_mul_2exp(&h, &f, 1);
    if (!err)
        err = cy_int_add(&h, &h, &f);
    if (!err)
        err = cy_int_add(&h, &h, &g); /* L(k+1) = 3F(k) + F(k-1) */
    if (!err)
        err = lucas_of_pair(&g, &f, &g);
    if (!err)
        err = cy_int_mul(&g, &g, &h);
    if (!err)
        err = k & 1 ? cy_int_add_u64(&g, &g, 1) : cy_int_sub_u64(&g, &g, 1); /* L(m) */
    for (unsigned i = 0; !err && i < j; i++) {
        err = cy_int_mul(&g, &g, &g);
        if (!err) /* the index before squaring is odd (m) only the first time */
            err = i == 0 ? cy_int_add_u64(&g, &g, 2) : cy_int_sub_u64(&g, &g, 2);
    }
    if (!err)
        cy_int_swap(r, &g);
    cy_int_clear(&f);
    cy_int_clear(&g);
    cy_int_clear(&h);
    return err;
}
