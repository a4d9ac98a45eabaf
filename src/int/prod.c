/* Products of many words by binary splitting, and the small primes: the shared pieces of the
 * factorials, binomials, primorials and of trial division. SPDX-License-Identifier: MIT */
#include <stdlib.h>

#include "impl.h"

/* Terms multiplied in one word before the product goes to cy_int_mul_u64. */
static int fits(uint64_t acc, uint64_t t)
{
    return t == 0 || acc <= UINT64_MAX / t;
}

/* r = prod_{i < count} (first - i step), every term >= 1. Leaves of up to 32 terms are multiplied
 * a word at a time; longer ranges split in two halves whose products are multiplied, so that the
 * large products have operands of equal size (where Karatsuba, Toom and the FFT pay). */
int cy__int_prod_ap(cy_int *r, uint64_t first, uint64_t step, uint64_t count)
{
    if (count <= 32) {
        int err = cy_int_set_u64(r, 1);
        uint64_t acc = 1;
        for (uint64_t i = 0; !err && i < count; i++) {
            uint64_t t = first - i * step;
            if (!fits(acc, t)) {
                err = cy_int_mul_u64(r, r, acc);
                acc = 1;
            }
            acc *= t;
        }
        return err ? err : cy_int_mul_u64(r, r, acc);
    }
    uint64_t half = count / 2;
    cy_int t;
    cy_int_init(&t);
    int err = cy__int_prod_ap(r, first, step, half);
    if (!err)
        err = cy__int_prod_ap(&t, first - half * step, step, count - half);
    if (!err)
        err = cy_int_mul(r, r, &t);
    cy_int_clear(&t);
    return err;
}

/* r = prod_{i < n} w[i], by the same splitting. */
int cy__int_prod_list(cy_int *r, const uint64_t *w, size_t n)
{
    if (n <= 32) {
        int err = cy_int_set_u64(r, 1);
        uint64_t acc = 1;
        for (size_t i = 0; !err && i < n; i++) {
            if (!fits(acc, w[i])) {
                err = cy_int_mul_u64(r, r, acc);
                acc = 1;
            }
            acc *= w[i];
        }
        return err ? err : cy_int_mul_u64(r, r, acc);
    }
    cy_int t;
    cy_int_init(&t);
    int err = cy__int_prod_list(r, w, n / 2);
    if (!err)
        err = cy__int_prod_list(&t, w + n / 2, n - n / 2);
    if (!err)
        err = cy_int_mul(r, r, &t);
    cy_int_clear(&t);
    return err;
}

/* The primes up to n (n < 2^32), by the sieve of Eratosthenes on the odd numbers: *p is a block
 * of the layer's allocator (release with cy_free; NULL when there are none) of *count primes. */
int cy__int_primes(uint32_t **p, size_t *count, uint32_t n)
{
    *p = NULL;
    *count = 0;
    if (n < 2)
        return CY_OK;
    size_t bytes = (size_t)n / 16 + 1; /* bit i of the sieve: the odd number 2 i + 1 */
    unsigned char *comp = cy__int_balloc(bytes);
    /* pi(n) < 1.26 n / ln n for n > 1 (Rosser and Schoenfeld, 1962), and ln n >= (b - 1) ln 2
     * for n of b bits: pi(n) < 1.82 n / (b - 1) <= 2 n / (b - 1). */
    unsigned b = 0;
    while (b < 32 && (n >> b))
        b++;
    size_t cap = 2 * (size_t)(n / (b - 1)) + 8;
    uint32_t *list = comp ? cy__int_balloc(cap * sizeof *list) : NULL;
    if (!list) {
        cy_free(comp);
        return CY_ENOMEM;
    }
    memset(comp, 0, bytes);
    size_t k = 0;
    list[k++] = 2;
    for (uint64_t i = 3; i <= n; i += 2) {
        if (comp[i / 16] >> (i / 2 % 8) & 1)
            continue;
        list[k++] = (uint32_t)i;
        for (uint64_t j = i * i; j <= n; j += 2 * i)
            comp[j / 16] |= (unsigned char)(1u << (j / 2 % 8));
    }
    cy_free(comp);
    *p = list;
    *count = k;
    return CY_OK;
}
