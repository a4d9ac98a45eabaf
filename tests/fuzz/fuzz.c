/* The shared decoder of the fuzz targets (fuzz.h). SPDX-License-Identifier: MIT */
#include "fuzz.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

uint8_t fz_byte(fz_in *in)
{
    if (in->n == 0)
        return 0;
    uint8_t b = *in->p++;
    in->n--;
    in->seed = (in->seed ^ b) * 0x100000001b3u; /* FNV-1a step */
    return b;
}

uint64_t fz_u64(fz_in *in)
{
    uint64_t x = 0;
    for (int i = 0; i < 8; i++)
        x |= (uint64_t)fz_byte(in) << (8 * i);
    return x;
}

size_t fz_len(fz_in *in, size_t max)
{
    uint8_t b = fz_byte(in);
    size_t len = b < 0x80 ? b % 32u : ((size_t)(b & 0x7f) << 8 | fz_byte(in));
    return len % (max + 1);
}

cy_cpu fz_cpu(fz_in *in)
{
    cy_cpu list[CY_CPU_COUNT];
    int n = 0;
    for (int c = 0; c < CY_CPU_COUNT; c++)
        if (cy_cpu_available((cy_cpu)c))
            list[n++] = (cy_cpu)c;
    cy_cpu c = list[fz_byte(in) % n];
    cy_cpu_set(c);
    return c;
}

/* splitmix64 (Steele, Lea, Flood, "Fast splittable pseudorandom number generators", 2014). */
static uint64_t next(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

static cy_limb rand_limb(uint64_t *x)
{
#if CY_LIMB_BITS == 64
    return next(x);
#else
    return (cy_limb)next(x);
#endif
}

/* {r, n} += s (s < B) or -= s, mod B^n. */
static void add_small(cy_limb *r, size_t n, cy_limb s, int sub)
{
    for (size_t i = 0; i < n && s; i++) {
        cy_limb x = r[i];
        r[i] = sub ? x - s : x + s;
        s = sub ? (x < s) : (r[i] < s);
    }
}

void fz_limbs(fz_in *in, cy_limb *r, size_t n)
{
    uint8_t shape = fz_byte(in);
    uint64_t x = in->seed ^ fz_u64(in);
    const size_t bits = n * CY_LIMB_BITS;
    memset(r, 0, n * sizeof *r);
    switch (shape & 7) {
    case 0:
        for (size_t i = 0; i < n; i++)
            r[i] = rand_limb(&x);
        break;
    case 1: { /* alternating runs of ones and zeros, each 1 to 2 CY_LIMB_BITS long */
        int bit = next(&x) & 1;
        for (size_t i = 0; i < bits;) {
            size_t len = 1 + next(&x) % (2 * CY_LIMB_BITS);
            for (; len && i < bits; len--, i++)
                if (bit)
                    r[i / CY_LIMB_BITS] |= (cy_limb)1 << (i % CY_LIMB_BITS);
            bit ^= 1;
        }
        break;
    }
    case 2:
        memset(r, 0xff, n * sizeof *r);
        break;
    case 3:
        break;
    case 4:
    case 5: /* 2^k + s or 2^k - s, with k and s from the seed's bytes */
        if (bits) {
            size_t k = (size_t)(x >> 8) % bits;
            r[k / CY_LIMB_BITS] = (cy_limb)1 << (k % CY_LIMB_BITS);
            add_small(r, n, (cy_limb)(x & 0xff), (shape & 7) == 5);
        }
        break;
    case 6: {
        for (size_t i = 0; i < n; i++) {
            uint64_t y = next(&x);
            unsigned j = (unsigned)(y >> 8) % CY_LIMB_BITS;
            const cy_limb half = (cy_limb)1 << (CY_LIMB_BITS - 1);
            const cy_limb edges[] = {0, 1, 2, half - 1, half, (cy_limb)-2, (cy_limb)-1,
                                     (cy_limb)1 << j, ((cy_limb)1 << j) - 1, rand_limb(&x)};
            r[i] = edges[(y & 0xff) % (sizeof edges / sizeof edges[0])];
        }
        break;
    }
    case 7: /* the input's bytes as they are (the fuzzer's mutations act on the value) */
        for (size_t i = 0; i < n * sizeof *r && in->n; i++)
            r[i / sizeof *r] |= (cy_limb)fz_byte(in) << (8 * (i % sizeof *r));
        break;
    }
    if (shape & 8)
        for (size_t i = 0; i < n; i++)
            r[i] = ~r[i];
    if (n && (shape & 16))
        r[n - 1] = (cy_limb)-1;
    if (n && (shape & 32))
        r[n - 1] = 0;
}

void fz_mpz(fz_in *in, mpz_t z, size_t max_limbs, int sign)
{
    size_t n = fz_len(in, max_limbs);
    cy_limb *p = fz_alloc(n);
    fz_limbs(in, p, n);
    t_to_mpz(z, p, n);
    free(p);
    if (sign && (fz_byte(in) & 1))
        mpz_neg(z, z);
}

cy_limb *fz_alloc(size_t n)
{
    cy_limb *p = malloc(n ? n * sizeof *p : 1);
    if (!p) {
        fprintf(stderr, "fuzz: out of memory\n");
        exit(2);
    }
    return p;
}

void fz_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s:%d: [%s] ", file, line, cy_cpu_name(cy_cpu_get()));
    vfprintf(stderr, fmt, ap);
    fputc('\n', stderr);
    va_end(ap);
    abort();
}

int fz_eq(const cy_limb *p, size_t n, const mpz_t z)
{
    mpz_t t;
    mpz_init(t);
    t_to_mpz(t, p, n);
    int eq = mpz_cmp(t, z) == 0;
    mpz_clear(t);
    return eq;
}
