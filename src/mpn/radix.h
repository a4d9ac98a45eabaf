/* Internal to carry's mpn layer: what radix conversion needs to know about a base, and the table
 * of cached powers of the base used by the divide-and-conquer conversions.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_MPN_RADIX_H
#define CARRY_SRC_MPN_RADIX_H

#include "divimpl.h"

typedef struct cy__radix {
    int base;
    unsigned log2;        /* m when base = 2^m, else 0 */
    unsigned chunk;       /* k: the most digits whose value always fits in a limb, base^k < B */
    cy_limb big;          /* base^k */
    double bits_per_digit; /* log2(base) */
    cy_mpn_div1_inv inv;   /* big prepared for cy_mpn_divrem_1_preinv */
} cy__radix;

/* The parameters of bases 2..36, constants (radix_powers.c). */
extern const cy__radix cy__radix_table[35];
static inline const cy__radix *cy__radix_of(int base)
{
    CY_ASSERT(base >= 2 && base <= 36);
    return &cy__radix_table[base - 2];
}

/* The cached powers P_i = big^(2^i) = base^(k 2^i), i = 0, 1, ...: P_i is {p, n}, normalised,
 * n <= 2^i (as big < B). */
typedef struct cy__radix_pow {
    const cy_limb *p;
    size_t n;
    size_t digits; /* k 2^i */
    /* get_str from get_str_mu (core/tune.h) limbs: P << shift (normalised) and the reciprocal
     * {inv, n} of that (cy__mpn_invert), else NULL */
    const cy_limb *norm, *inv;
    unsigned shift;
} cy__radix_pow;

#define CY__RADIX_MAX_POWERS 64

/* Fills pw[0..ret) with the powers whose length is at most maxn limbs (at least P_0), in area,
 * which has cy__radix_powers_itch(maxn) limbs. Squarings use the scratch after the table. */
size_t cy__radix_powers(cy__radix_pow *pw, size_t maxn, const cy__radix *ri, cy_limb *area);
size_t cy__radix_powers_itch(size_t maxn);

/* A bump allocator over caller scratch: the conversions carve their buffers from it in stack
 * order. Running past the end is a bug in the *_itch bound; debug builds check it. */
typedef struct cy__bump {
    cy_limb *p;
    size_t left;
} cy__bump;

static inline cy_limb *cy__bump_take(cy__bump *b, size_t n)
{
    CY_ASSERT(n <= b->left);
    cy_limb *p = b->p;
    b->p += n;
    b->left -= n;
    return p;
}

#endif /* CARRY_SRC_MPN_RADIX_H */
