/* cy_int memory: the replaceable allocator, init/clear/swap/reserve, cy_free.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "impl.h"

static void *(*alloc_fn)(size_t) = malloc;
static void *(*realloc_fn)(void *, size_t) = realloc;
static void (*free_fn)(void *) = free;

void cy_set_allocator(void *(*alloc)(size_t), void *(*re)(void *, size_t), void (*fr)(void *))
{
    alloc_fn = alloc ? alloc : malloc;
    realloc_fn = re ? re : realloc;
    free_fn = fr ? fr : free;
}

void cy_get_allocator(void *(**alloc)(size_t), void *(**re)(void *, size_t), void (**fr)(void *))
{
    if (alloc)
        *alloc = alloc_fn;
    if (re)
        *re = realloc_fn;
    if (fr)
        *fr = free_fn;
}

int cy__int_talloc(cy_limb **p, size_t limbs)
{
    *p = NULL;
    if (limbs == 0)
        return CY_OK;
    if (limbs > SIZE_MAX / sizeof(cy_limb))
        return CY_ENOMEM;
    *p = alloc_fn(limbs * sizeof(cy_limb));
    return *p ? CY_OK : CY_ENOMEM;
}

void cy__int_tfree(cy_limb *p)
{
    cy_free(p);
}

void *cy__int_balloc(size_t n)
{
    return alloc_fn(n);
}

void *cy__int_brealloc(void *p, size_t n)
{
    return realloc_fn(p, n);
}

void cy_free(void *p)
{
    if (p)
        free_fn(p);
}

int cy__int_grow_slow(cy_int *x, size_t limbs)
{
    if (limbs > CY__INT_MAX_LIMBS || limbs > SIZE_MAX / sizeof(cy_limb))
        return CY_ENOMEM;
    /* Grow by at least half again, so that a sequence of small growths costs linear time. */
    size_t have = (size_t)x->alloc, want = have + have / 2;
    if (want < limbs || want > CY__INT_MAX_LIMBS || want > SIZE_MAX / sizeof(cy_limb))
        want = limbs;
    /* alloc = 0 with d set is a view of limbs x does not own (GMP's read-only initialiser):
     * those are never reallocated or freed. */
    cy_limb *old = have ? x->d : NULL;
    cy_limb *p = old ? realloc_fn(old, want * sizeof(cy_limb)) : alloc_fn(want * sizeof(cy_limb));
    if (!p && want > limbs) { /* the extra margin may be what failed: try the exact size */
        want = limbs;
        p = old ? realloc_fn(old, want * sizeof(cy_limb)) : alloc_fn(want * sizeof(cy_limb));
    }
    if (!p)
        return CY_ENOMEM;
    if (!old)
        cy_mpn_copy(p, x->d, cy__int_n(x)); /* a view's limbs (none for a fresh x) */
    x->d = p;
    x->alloc = (int)want;
    return CY_OK;
}

void cy__int_install(cy_int *x, cy_limb *buf, size_t alloc, size_t size, int neg)
{
    if (x->alloc)
        cy__int_tfree(x->d);
    x->d = buf;
    x->alloc = (int)(alloc < CY__INT_MAX_LIMBS ? alloc : CY__INT_MAX_LIMBS);
    cy__int_setsize(x, size, neg);
}

void cy_int_init(cy_int *x)
{
    x->d = NULL;
    x->size = x->alloc = 0;
}

void cy_int_clear(cy_int *x)
{
    if (x->alloc)
        cy__int_tfree(x->d);
    cy_int_init(x);
}

void cy_int_swap(cy_int *a, cy_int *b)
{
    cy_int t = *a;
    *a = *b;
    *b = t;
}

int cy_int_reserve(cy_int *x, size_t limbs)
{
    return cy__int_grow(x, limbs);
}
