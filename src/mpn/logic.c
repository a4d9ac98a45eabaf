/* Limb-wise logic: cy_mpn_and_n, cy_mpn_ior_n, cy_mpn_xor_n (cy_mpn_com is a dispatched kernel:
 * src/mpn/dispatch.c). One file for the three: each is a single loop body that the compiler
 * vectorises.
 * SPDX-License-Identifier: MIT */
#include "carry/limb.h"
#include "carry/mpn.h"

#define SAME_OR_DISJOINT(r, a, n) ((r) == (a) || cy__disjoint(r, n, a, n))

void cy_mpn_and_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, a, n) && SAME_OR_DISJOINT(r, b, n));
    for (size_t i = 0; i < n; i++)
        r[i] = a[i] & b[i];
}

void cy_mpn_ior_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, a, n) && SAME_OR_DISJOINT(r, b, n));
    for (size_t i = 0; i < n; i++)
        r[i] = a[i] | b[i];
}

void cy_mpn_xor_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, a, n) && SAME_OR_DISJOINT(r, b, n));
    for (size_t i = 0; i < n; i++)
        r[i] = a[i] ^ b[i];
}
