/* carry-gmp: errors, memory functions, version. SPDX-License-Identifier: MIT */
#include <signal.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"

_Static_assert(sizeof(__mpz_struct) == sizeof(cy_int), "mpz_t and cy_int differ in size");
_Static_assert(offsetof(__mpz_struct, _mp_alloc) == offsetof(cy_int, alloc) &&
                   offsetof(__mpz_struct, _mp_size) == offsetof(cy_int, size) &&
                   offsetof(__mpz_struct, _mp_d) == offsetof(cy_int, d),
               "mpz_t and cy_int differ in layout");

const int mp_bits_per_limb = CY_LIMB_BITS;
const char *const gmp_version = "6.2.1";
int gmp_errno = 0;

static void (*handler)(int) = NULL;

void carry_gmp_set_error_handler(void (*h)(int cy_err))
{
    handler = h;
}

void cy__gmp_fail(int err)
{
    int fpe = err == CY_EDIVZERO || err == CY_ENOTINV || err == CY_EINVAL || err == CY_EEVEN;
    gmp_errno |= err == CY_EDIVZERO ? GMP_ERROR_DIVISION_BY_ZERO : GMP_ERROR_INVALID_ARGUMENT;
    if (handler) {
        handler(err);
        return;
    }
    if (fpe) {
        raise(SIGFPE);
        return;
    }
    fprintf(stderr, "carry-gmp: %s\n", cy_strerror(err));
    fflush(stderr);
    abort();
}

/* ---- memory functions ----
 *
 * GMP's functions know the size of the block they resize or free; carry's allocator does not
 * pass it. So when a program installs its own functions, carry's blocks carry their size in a
 * header of one max_align_t before the bytes carry sees. Blocks handed to the program (strings,
 * exported words) come from its functions directly, without the header, as GMP documents. */

static void *d_alloc(size_t n)
{
    void *p = malloc(n);
    if (!p) {
        fprintf(stderr, "carry-gmp: cannot allocate memory (%zu bytes)\n", n);
        abort();
    }
    return p;
}
static void *d_realloc(void *p, size_t old, size_t n)
{
    (void)old;
    void *q = realloc(p, n);
    if (!q) {
        fprintf(stderr, "carry-gmp: cannot allocate memory (%zu bytes)\n", n);
        abort();
    }
    return q;
}
static void d_free(void *p, size_t n)
{
    (void)n;
    free(p);
}

static void *(*u_alloc)(size_t) = d_alloc;
static void *(*u_realloc)(void *, size_t, size_t) = d_realloc;
static void (*u_free)(void *, size_t) = d_free;

#define HDR sizeof(max_align_t)

static void *h_alloc(size_t n)
{
    if (n > SIZE_MAX - HDR)
        return NULL;
    unsigned char *p = u_alloc(n + HDR);
    if (!p)
        return NULL;
    memcpy(p, &n, sizeof n);
    return p + HDR;
}
static void *h_realloc(void *q, size_t n)
{
    if (n > SIZE_MAX - HDR)
        return NULL;
    unsigned char *p = (unsigned char *)q - HDR;
    size_t old;
    memcpy(&old, p, sizeof old);
    p = u_realloc(p, old + HDR, n + HDR);
    if (!p)
        return NULL;
    memcpy(p, &n, sizeof n);
    return p + HDR;
}
static void h_free(void *q)
{
    unsigned char *p = (unsigned char *)q - HDR;
    size_t n;
    memcpy(&n, p, sizeof n);
    u_free(p, n + HDR);
}

void mp_set_memory_functions(void *(*a)(size_t), void *(*r)(void *, size_t, size_t), void (*f)(void *, size_t))
{
    u_alloc = a ? a : d_alloc;
    u_realloc = r ? r : d_realloc;
    u_free = f ? f : d_free;
    if (!a && !r && !f)
        cy_set_allocator(NULL, NULL, NULL); /* malloc, realloc, free: no headers needed */
    else
        cy_set_allocator(h_alloc, h_realloc, h_free);
}

void mp_get_memory_functions(void *(**a)(size_t), void *(**r)(void *, size_t, size_t), void (**f)(void *, size_t))
{
    if (a)
        *a = u_alloc;
    if (r)
        *r = u_realloc;
    if (f)
        *f = u_free;
}

void *cy__gmp_user_alloc(size_t n)
{
    void *p = u_alloc(n ? n : 1);
    if (!p)
        cy__gmp_check(CY_ENOMEM);
    return p;
}

void *cy__gmp_user_realloc(void *p, size_t old, size_t n)
{
    void *q = u_realloc(p, old, n ? n : 1);
    if (!q)
        cy__gmp_check(CY_ENOMEM);
    return q;
}

void cy__gmp_user_free(void *p, size_t n)
{
    u_free(p, n);
}
