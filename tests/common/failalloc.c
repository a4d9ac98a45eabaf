/* SPDX-License-Identifier: MIT */
#include "failalloc.h"

#include <stdlib.h>

#include "carry.h"

long t_live;
static long calls;        /* alloc and realloc calls since the last t_arm() */
static long fail_at = -1; /* the call that returns NULL; -1: none */

#define T_ALLOC_MAX ((size_t)1 << (sizeof(size_t) > 4 ? 36 : 31))

static void *t_malloc(size_t n)
{
    if (calls++ == fail_at || n > T_ALLOC_MAX)
        return NULL;
    void *p = malloc(n);
    if (p)
        t_live++;
    return p;
}

static void *t_realloc(void *p, size_t n)
{
    if (calls++ == fail_at || n > T_ALLOC_MAX)
        return NULL;
    return realloc(p, n);
}

static void t_free_fn(void *p)
{
    if (p)
        t_live--;
    free(p);
}

void t_failalloc_install(void)
{
    cy_set_allocator(t_malloc, t_realloc, t_free_fn);
}

void t_arm(long k)
{
    calls = 0;
    fail_at = k;
}
