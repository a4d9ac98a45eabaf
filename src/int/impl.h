/* Internal helpers of the int layer. SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_INT_IMPL_H
#define CARRY_SRC_INT_IMPL_H

#include <limits.h>
#include <string.h>

#include "carry/int.h"

/* Limbs and blocks from the allocator of cy_set_allocator. cy__int_talloc sets *p to `limbs`
 * fresh limbs (NULL for limbs = 0, which is not an error) and returns CY_OK or CY_ENOMEM (also
 * when the byte count would overflow size_t). cy__int_tfree releases them (NULL is fine). */
int cy__int_talloc(cy_limb **p, size_t limbs);
void cy__int_tfree(cy_limb *p);

/* Bytes from the allocator of cy_set_allocator: cy__int_balloc returns n fresh bytes (n >= 1) or
 * NULL; cy__int_brealloc resizes a block from it (n >= 1; NULL on failure, the block kept). They
 * are released with cy_free. */
void *cy__int_balloc(size_t n);
void *cy__int_brealloc(void *p, size_t n);

/* Scratch of n limbs: `local`, an array of CY__INT_LOCAL limbs on the caller's stack, when it fits,
 * else from the allocator; so that small calls make no allocation for their scratch. */
#define CY__INT_LOCAL 256
static inline int cy__int_salloc(cy_limb **p, size_t n, cy_limb *local)
{
    if (n <= CY__INT_LOCAL) {
        *p = local;
        return CY_OK;
    }
    return cy__int_talloc(p, n);
}
static inline void cy__int_sfree(cy_limb *p, const cy_limb *local)
{
    if (p != local)
        cy__int_tfree(p);
}

/* The most limbs a cy_int holds: its size and alloc fields are ints (GMP's layout). */
#define CY__INT_MAX_LIMBS ((size_t)INT_MAX)

/* The limb count of |x| and whether x < 0, from the signed size. */
static inline size_t cy__int_n(const cy_int *x)
{
    return x->size < 0 ? (size_t)-(long long)x->size : (size_t)x->size;
}
static inline int cy__int_isneg(const cy_int *x)
{
    return x->size < 0;
}
/* |x| as a read-only view of x's limbs (the view owns nothing: never an output). */
static inline cy_int cy__int_absview(const cy_int *x)
{
    cy_int v = {0, (int)cy__int_n(x), x->d};
    return v;
}

/* Limbs of a uint64_t, and the limbs of v in d[0..CY__U64_LIMBS) (least significant first). */
#define CY__U64_LIMBS (64 / CY_LIMB_BITS)
static inline void cy__int_u64_limbs(cy_limb *d, uint64_t v)
{
    for (size_t i = 0; i < CY__U64_LIMBS; i++) {
        d[i] = (cy_limb)v;
        v = CY__U64_LIMBS > 1 ? v >> (CY_LIMB_BITS % 64) : 0; /* shift < 64 in both widths */
    }
}

/* Sets x's signed size from a normalised length n (n <= x->alloc) and a sign (none for 0). */
static inline void cy__int_put(cy_int *x, size_t n, int neg)
{
    x->size = neg ? -(int)n : (int)n;
}

/* (neg ? -1 : 1) * v as a read-only view of d (CY__U64_LIMBS limbs, filled here): an input
 * only, on the caller's stack. */
static inline cy_int cy__int_view_u64(cy_limb *d, uint64_t v, int neg)
{
    cy__int_u64_limbs(d, v);
    size_t n = CY__U64_LIMBS;
    while (n > 0 && d[n - 1] == 0)
        n--;
    cy_int x = {0, 0, d};
    cy__int_put(&x, n, neg);
    return x;
}

/* Grows x to at least `limbs` limbs, keeping its value: CY_OK or CY_ENOMEM (x unchanged; also
 * for more than CY__INT_MAX_LIMBS limbs). The common case (room already there) inline. */
int cy__int_grow_slow(cy_int *x, size_t limbs);
static inline int cy__int_grow(cy_int *x, size_t limbs)
{
    return limbs <= (size_t)x->alloc ? CY_OK : cy__int_grow_slow(x, limbs);
}

/* Fresh limbs for a result that cy__int_install will give to a cy_int: cy__int_talloc, but
 * CY_ENOMEM for more than CY__INT_MAX_LIMBS limbs. */
static inline int cy__int_ralloc(cy_limb **p, size_t limbs)
{
    if (limbs > CY__INT_MAX_LIMBS) {
        *p = NULL;
        return CY_ENOMEM;
    }
    return cy__int_talloc(p, limbs);
}

/* Makes {buf, alloc} (from cy__int_ralloc) x's limbs, releasing the old ones; the value becomes
 * the normalised (neg ? -1 : 1) * {buf, size}. Never fails. */
void cy__int_install(cy_int *x, cy_limb *buf, size_t alloc, size_t size, int neg);

/* The normalised length of {p, n}. */
static inline size_t cy__int_norm(const cy_limb *p, size_t n)
{
    while (n > 0 && p[n - 1] == 0)
        n--;
    return n;
}

/* {d, n} = {s, n} (disjoint): an inline loop for the few limbs of most results (the remainders
 * of a loop modulo a short number), where calling cy_mpn_copy costs more than the copy. */
static inline void cy__int_copy(cy_limb *d, const cy_limb *s, size_t n)
{
    if (n <= 4)
        for (size_t i = 0; i < n; i++)
            d[i] = s[i];
    else
        cy_mpn_copy(d, s, n);
}

/* Sets x's size to the normalised length of its first n limbs and its sign (positive for 0). */
static inline void cy__int_setsize(cy_int *x, size_t n, int neg)
{
    cy__int_put(x, cy__int_norm(x->d, n), neg);
}

/* Sign of |a| - |b| from the limbs. */
static inline int cy__int_cmp_mag(const cy_limb *a, size_t an, const cy_limb *b, size_t bn)
{
    if (an != bn)
        return an < bn ? -1 : 1;
    return cy_mpn_cmp(a, b, an);
}

/* Sum of two sizes, or SIZE_MAX when it would overflow (any allocation of it then fails). */
static inline size_t cy__int_addsz(size_t a, size_t b)
{
    return a > SIZE_MAX - b ? SIZE_MAX : a + b;
}

/* Products by binary splitting (prod.c): r = prod_{i < count} (first - i step) with every term
 * >= 1, and r = prod of the n words w[i]. CY_OK or CY_ENOMEM (r then some partial value). */
int cy__int_prod_ap(cy_int *r, uint64_t first, uint64_t step, uint64_t count);
int cy__int_prod_list(cy_int *r, const uint64_t *w, size_t n);
/* The *count primes up to n in a block of the allocator (cy_free it): CY_OK or CY_ENOMEM. */
int cy__int_primes(uint32_t **p, size_t *count, uint32_t n);

#endif
