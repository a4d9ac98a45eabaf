/* cy_int limb access and word import/export (GMP's mpz_import/mpz_export parameters).
 * SPDX-License-Identifier: MIT */
#include "impl.h"

size_t cy_int_size(const cy_int *a)
{
    return cy__int_n(a);
}

const cy_limb *cy_int_limbs_read(const cy_int *a)
{
    return a->d;
}

int cy_int_limbs_write(cy_int *x, size_t n, cy_limb **p)
{
    int err = cy__int_grow(x, n);
    if (!err)
        *p = x->d;
    return err;
}

void cy_int_limbs_finish(cy_int *x, size_t n, int neg)
{
    cy__int_setsize(x, n, neg != 0);
}

/* The bits of a word that carry the value (8 size - nails), or 0 for invalid parameters. */
static size_t word_bits(int order, size_t size, int endian, size_t nails)
{
    if ((order != 1 && order != -1) || endian < -1 || endian > 1 || size == 0 || size > SIZE_MAX / 8 ||
        nails >= 8 * size)
        return 0;
    return 8 * size - nails;
}

/* The offset of byte j (0 = least significant) of word i (0 = least significant) among count
 * words of size bytes. */
static size_t byte_at(size_t i, size_t j, size_t count, int order, size_t size, int endian)
{
    static const union {
        unsigned short s;
        unsigned char c;
    } probe = {1};
    if (endian == 0)
        endian = probe.c ? -1 : 1;
    size_t w = order < 0 ? i : count - 1 - i;
    return w * size + (endian < 0 ? j : size - 1 - j);
}

int cy_int_import(cy_int *r, size_t count, int order, size_t size, int endian, size_t nails, const void *op)
{
    size_t w = word_bits(order, size, endian, nails);
    if (!w || (count && !op) || (count && size > SIZE_MAX / count))
        return CY_EINVAL;
    /* At most 8 size bits per word: count size bytes bound the limbs. */
    size_t limbs = count * size / sizeof(cy_limb) + 1;
    cy_limb *d;
    int err = cy__int_ralloc(&d, limbs);
    if (err)
        return err;
    const unsigned char *src = op;
    cy_limb acc = 0;
    size_t n = 0;
    unsigned have = 0; /* bits in acc */
    for (size_t i = 0; i < count; i++)
        for (size_t j = 0, left = w; left > 0; j++) {
            unsigned k = left < 8 ? (unsigned)left : 8;
            cy_limb v = src[byte_at(i, j, count, order, size, endian)] & ((1u << k) - 1);
            left -= k;
            acc |= v << have;
            have += k;
            if (have >= CY_LIMB_BITS) {
                d[n++] = acc;
                have -= CY_LIMB_BITS;
                acc = have ? v >> (k - have) : 0;
            }
        }
    if (have)
        d[n++] = acc;
    cy__int_install(r, d, limbs, n, 0);
    return CY_OK;
}

size_t cy_int_export_count(const cy_int *a, size_t size, size_t nails)
{
    size_t w = word_bits(1, size, 0, nails);
    if (!w || a->size == 0)
        return 0;
    size_t bits = cy_int_sizeinbase(a, 2);
    return bits / w + (bits % w != 0);
}

int cy_int_export(void *rop, size_t cap, size_t *count, int order, size_t size, int endian, size_t nails,
                  const cy_int *a)
{
    size_t w = word_bits(order, size, endian, nails), words = cy_int_export_count(a, size, nails);
    if (!w || (words && !rop))
        return CY_EINVAL;
    if (words > cap)
        return CY_ERANGE;
    unsigned char *dst = rop;
    size_t an = cy__int_n(a);
    size_t pos = 0; /* the next bit of |a| */
    for (size_t i = 0; i < words; i++)
        for (size_t j = 0; j < size; j++) {
            size_t used = 8 * j < w ? w - 8 * j : 0; /* bits of the value in this byte */
            unsigned k = used < 8 ? (unsigned)used : 8, v = 0;
            size_t l = pos / CY_LIMB_BITS;
            unsigned off = (unsigned)(pos % CY_LIMB_BITS);
            if (k && l < an) {
                cy_limb x = a->d[l] >> off;
                if (off + k > CY_LIMB_BITS && l + 1 < an)
                    x |= a->d[l + 1] << (CY_LIMB_BITS - off);
                v = (unsigned)(x & ((1u << k) - 1));
            }
            pos += k;
            dst[byte_at(i, j, words, order, size, endian)] = (unsigned char)v;
        }
    if (count)
        *count = words;
    return CY_OK;
}
