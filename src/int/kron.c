/* cy_int Jacobi, Legendre and Kronecker symbols, and the removal of a factor.
 * SPDX-License-Identifier: MIT */
#include "impl.h"

/* (2/b) for odd b, from b mod 8: 1 for +-1, -1 for +-3. */
static int two_over(const cy_int *b)
{
    unsigned r = (unsigned)(b->d[0] & 7);
    if (cy__int_isneg(b))
        r = (8 - r) & 7;
    return r == 1 || r == 7 ? 1 : -1;
}

/* The bits 1 and 0 of a's two's complement (a mod 4, in 0..3). */
static unsigned mod4(const cy_int *a)
{
    if (a->size == 0)
        return 0;
    unsigned r = (unsigned)(a->d[0] & 3);
    return cy__int_isneg(a) ? (4 - r) & 3 : r;
}

int cy_int_kronecker(int *k, const cy_int *a, const cy_int *b)
{
    /* Cohen, "A Course in Computational Algebraic Number Theory", algorithm 1.4.10. The factors
     * 2 of b through (a/2) = (2/a) for odd a, a negative b through (a/-1) = sgn(a); then for odd
     * y > 0 the factors 2 of x through (2/y), reciprocity ((x/y)(y/x) = -1 when x = y = 3 mod 4,
     * where x's bits are its two's complement's), and the reduction (y/|x|) = ((y mod |x|)/|x|). */
    if (b->size == 0) {
        *k = cy_int_cmpabs_u64(a, 1) == 0;
        return CY_OK;
    }
    if (!cy_int_odd_p(a) && !cy_int_odd_p(b)) {
        *k = 0;
        return CY_OK;
    }
    cy_int x, y, t;
    cy_int_init(&x);
    cy_int_init(&y);
    cy_int_init(&t);
    int s = 1;
    uint64_t v = cy_int_scan1(b, 0);
    int err = cy_int_set(&x, a);
    if (!err)
        err = cy_int_tdiv_q_2exp(&y, b, v); /* y odd */
    if (!err && (v & 1))
        s = two_over(&x); /* a odd here: (a/2) = (2/a) */
    if (!err && cy__int_isneg(&y)) {
        y.size = -y.size; /* |y| */
        if (cy__int_isneg(&x)) /* (a/-1) = -1 for a < 0 */
            s = -s;
    }
    while (!err) { /* y odd and positive */
        if (x.size == 0) {
            s = cy_int_cmp_u64(&y, 1) == 0 ? s : 0;
            break;
        }
        v = cy_int_scan1(&x, 0);
        err = cy_int_tdiv_q_2exp(&x, &x, v);
        if (err)
            break;
        if (v & 1)
            s *= two_over(&y);
        if ((mod4(&x) & 2) && (cy_int_limbs_read(&y)[0] & 2)) /* both = 3 mod 4 */
            s = -s;
        if (cy__int_isneg(&x))
            x.size = -x.size; /* |x|: only the first round can have x < 0 */
        err = cy_int_mod(&t, &y, &x); /* (x, y) = (y mod |x|, |x|) */
        if (!err) {
            cy_int_swap(&y, &x);
            cy_int_swap(&x, &t);
        }
    }
    cy_int_clear(&x);
    cy_int_clear(&y);
    cy_int_clear(&t);
    if (!err)
        *k = s;
    return err;
}

int cy_int_jacobi(int *k, const cy_int *a, const cy_int *b)
{
    if (cy__int_isneg(b) || !cy_int_odd_p(b))
        return CY_EINVAL;
    return cy_int_kronecker(k, a, b);
}

int cy_int_legendre(int *k, const cy_int *a, const cy_int *p)
{
    return cy_int_jacobi(k, a, p);
}
