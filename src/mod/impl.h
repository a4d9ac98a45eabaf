/* Internal to carry's mod layer: constant-time limb-vector helpers and the shared cores.
 * SPDX-License-Identifier: MIT
 *
 * Masks are limbs that are 0 or all ones (CY_LIMB_MAX); they are built with arithmetic only, so
 * that no branch or address depends on the value they describe. */
#ifndef CARRY_SRC_MOD_IMPL_H
#define CARRY_SRC_MOD_IMPL_H

#include "carry/mod.h"
#include "mpn/impl.h"

/* All ones if x != 0, else 0: the top bit of x | -x is set exactly when x != 0. */
static inline cy_limb cy__mask_nz(cy_limb x)
{
    return (cy_limb)0 - ((x | ((cy_limb)0 - x)) >> (CY_LIMB_BITS - 1));
}

/* All ones if b (0 or 1) is 1. */
static inline cy_limb cy__mask_bit(cy_limb b)
{
    return (cy_limb)0 - b;
}

/* All ones if {a, n} != 0. */
static inline cy_limb cy__mask_nz_n(const cy_limb *a, size_t n)
{
    cy_limb t = 0;
    for (size_t i = 0; i < n; i++)
        t |= a[i];
    return cy__mask_nz(t);
}

/* {r, n} = mask ? {a, n} : {r, n}. */
static inline void cy__cnd_copy(cy_limb *r, const cy_limb *a, size_t n, cy_limb mask)
{
    for (size_t i = 0; i < n; i++)
        r[i] ^= (r[i] ^ a[i]) & mask;
}

/* {r, n} = {a, n} + ({b, n} AND mask); returns the carry. r may equal a or b. */
static inline cy_limb cy__cnd_add_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n,
                                    cy_limb mask)
{
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++)
        c = cy__addc(a[i], b[i] & mask, c, &r[i]);
    return c;
}

/* {r, n} = {a, n} - ({b, n} AND mask); returns the borrow. r may equal a or b. */
static inline cy_limb cy__cnd_sub_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n,
                                    cy_limb mask)
{
    cy_limb c = 0;
    for (size_t i = 0; i < n; i++)
        c = cy__subb(a[i], b[i] & mask, c, &r[i]);
    return c;
}

/* The borrow of {a, n} - {b, n}: 1 if a < b, without writing anything. */
static inline cy_limb cy__lt_n(const cy_limb *a, const cy_limb *b, size_t n)
{
    cy_limb c = 0, d;
    for (size_t i = 0; i < n; i++)
        c = cy__subb(a[i], b[i], c, &d);
    return c;
}

/* {r, n} = (hi * B^n + {r, n}) mod m for a value < 2m given as n limbs plus the bit hi:
 * subtract m when hi = 1 or r >= m (when hi = 1 the subtraction borrows, which cancels hi). */
static inline void cy__mod_fix(cy_limb *r, cy_limb hi, const cy_limb *m, size_t n)
{
    cy_limb ge = hi | (cy__lt_n(r, m, n) ^ 1);
    cy__cnd_sub_n(r, r, m, n, cy__mask_bit(ge));
}

/* Montgomery reduction of {t, 2n} (destroyed): {r, n} = t / R mod m for t < R * m, fully
 * reduced; for any t < R^2 the result is < B^n and congruent. */
void cy__mont_redc(cy_limb *r, cy_limb *t, const cy_mont *ctx);

/* Operation counts of one AMI run, for the analysis in bench/mod.c; NULL when not wanted. */
typedef struct cy__ami_count {
    unsigned long iterations; /* loop iterations = halvings = k */
    unsigned long additions;  /* multi-limb additions/subtractions of u and v */
    unsigned long compares;   /* u > v tests that came out false (Algorithm 1 pays a second
                                 subtraction for them; Algorithm 2 has none) */
} cy__ami_count;

/* The AMI cores behind cy_mod_ami_vartime and cy_mod_sfami_vartime, with counting. */
int cy__mod_ami(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                cy_limb *scratch, cy__ami_count *count);
int cy__mod_sfami(cy_limb *r, unsigned long *k, const cy_limb *a, const cy_mont *ctx,
                  cy_limb *scratch, cy__ami_count *count);

#endif
