/* cy_mpn_set_str: a natural number from its digits in base 2..36. SPDX-License-Identifier: MIT
 *
 * The string is validated completely before anything is written, so an error leaves r and *rn as
 * they were. Power-of-two bases pack bits (linear). Other bases:
 *  - basecase (quadratic): Horner's rule on chunks of k digits, R = R * base^k + chunk, one
 *    cy_mpn_mul_1 and one cy_mpn_add_1 pass per chunk;
 *  - divide-and-conquer from set_str_dc digits (core/tune.h): split off the low k 2^i digits
 *    (the largest such block shorter than the string, so at least half of it), convert both parts
 *    and combine them as high * P_i + low with the cached power P_i = base^(k 2^i). O(M(n) log n).
 */
#include <string.h>

#include "core/digit.h"
#include "mulimpl.h"
#include "radix.h"

size_t cy_mpn_set_str_size(size_t len, int base)
{
    const cy__radix *ri = cy__radix_of(base);
    /* len digits are below base^len = 2^(len log2 base); one limb of slack covers the rounding
     * of the double product. */
    return (size_t)((double)len * ri->bits_per_digit / CY_LIMB_BITS) + 2;
}

size_t cy_mpn_set_str_itch(size_t len, int base)
{
    const cy__radix *ri = cy__radix_of(base);
    if (ri->log2 || len < cy__tune_now()->set_str_dc)
        return 0;
    /* Result of the top level (n + 2 limbs), the powers, then per level a high and a low part
     * (the level's size + 4 limbs); the digit count at least halves every second level, so a
     * chain holds under 4n + 8 limbs per level (under 128 levels); below them one product's
     * scratch. */
    size_t n = cy_mpn_set_str_size(len, base);
    return n + 2 + cy__radix_powers_itch(n) + 4 * n + 1024 +
           (cy_mpn_mul_itch(n, n) > cy__mpn_mul_fft_itch(n, n, 0) ? cy_mpn_mul_itch(n, n)
                                                                  : cy__mpn_mul_fft_itch(n, n, 0));
}

/* The value of the n valid digits at s. The base is a parameter of an inline function so that
 * the call for base 10 multiplies by a constant (shifts and adds). */
static inline cy_limb get_chunk(const char *s, size_t n, cy_limb base)
{
    cy_limb v = 0;
    for (size_t j = 0; j < n; j++)
        v = v * base + (base <= 10 ? (cy_limb)((unsigned char)s[j] - '0') : cy__digit_value((unsigned char)s[j]));
    return v;
}

/* Basecase into {r, ret}: the digits are valid. r has room for cy_mpn_set_str_size limbs. */
static size_t basecase(cy_limb *r, const char *s, size_t len, const cy__radix *ri)
{
    size_t rn = 0, first = len % ri->chunk ? len % ri->chunk : ri->chunk;
    for (size_t i = 0; i < len;) {
        size_t take = i == 0 ? first : ri->chunk; /* every chunk after the first is full */
        cy_limb chunk = ri->base == 10 ? get_chunk(s + i, take, 10) : get_chunk(s + i, take, (cy_limb)ri->base);
        i += take;
        if (rn == 0) {
            r[0] = chunk;
            rn = chunk != 0;
            continue;
        }
        cy_limb hi = cy_mpn_mul_1(r, r, rn, ri->big);
        /* + chunk, stopping as soon as the carry dies (almost always at once); the total
         * R * big + chunk < B^rn * big cannot carry out of hi */
        size_t k = 0;
        cy_limb c = chunk;
        while (c && k < rn) {
            r[k] += c;
            c = r[k++] < c;
        }
        hi += c;
        if (hi)
            r[rn++] = hi;
    }
    return rn;
}

static size_t dc(cy_limb *r, const char *s, size_t len, const cy__radix *ri, const cy__radix_pow *pw,
                 size_t npw, cy__bump bump)
{
    if (len < cy__tune_now()->set_str_dc)
        return basecase(r, s, len, ri);
    size_t i = 0;
    while (i + 1 < npw && pw[i + 1].digits < len)
        i++;
    const cy__radix_pow *P = &pw[i];
    size_t lo_len = P->digits, hi_len = len - lo_len;
    cy_limb *hi = cy__bump_take(&bump, cy_mpn_set_str_size(hi_len, ri->base));
    cy_limb *lo = cy__bump_take(&bump, cy_mpn_set_str_size(lo_len, ri->base));
    size_t hn = dc(hi, s, hi_len, ri, pw, npw, bump);
    size_t ln = dc(lo, s + hi_len, lo_len, ri, pw, npw, bump);
    if (hn == 0) {
        cy_mpn_copy(r, lo, ln);
        return ln;
    }
    size_t rn = hn + P->n;
    if (hn >= P->n)
        cy__mpn_mul_big(r, hi, hn, P->p, P->n, cy__bump_take(&bump, cy__mpn_mul_big_itch(hn, P->n)));
    else
        cy__mpn_mul_big(r, P->p, P->n, hi, hn, cy__bump_take(&bump, cy__mpn_mul_big_itch(P->n, hn)));
    /* lo < P, so the sum stays below (hi + 1) P <= B^rn */
    if (ln)
        cy_mpn_add(r, r, rn, lo, ln);
    while (rn > 0 && r[rn - 1] == 0)
        rn--;
    return rn;
}

int cy_mpn_set_str(cy_limb *r, size_t *rn, const char *str, size_t len, int base, cy_limb *scratch)
{
    if (base < 2 || base > 36)
        return CY_EBASE;
    if (len == 0)
        return CY_EEMPTY;
    if (base <= 10) { /* digits '0' .. '0' + base - 1 only: one comparison each */
        for (size_t i = 0; i < len; i++)
            if ((unsigned)((unsigned char)str[i] - '0') >= (unsigned)base)
                return CY_EDIGIT;
    } else {
        for (size_t i = 0; i < len; i++)
            if (cy__digit_value((unsigned char)str[i]) >= (unsigned)base)
                return CY_EDIGIT;
    }
    while (len > 1 && str[0] == '0') { /* leading zeros change nothing */
        str++;
        len--;
    }
    const cy__radix *ri = cy__radix_of(base);
    size_t n;
    if (ri->log2) {
        /* digit j from the end holds bits [j m, j m + m) */
        size_t limbs = (len * ri->log2 + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
        cy_mpn_zero(r, limbs);
        for (size_t j = 0; j < len; j++) {
            cy_limb v = cy__digit_value((unsigned char)str[len - 1 - j]);
            size_t bit = j * ri->log2, li = bit / CY_LIMB_BITS;
            unsigned off = bit % CY_LIMB_BITS;
            r[li] |= v << off;
            if (off + ri->log2 > CY_LIMB_BITS)
                r[li + 1] |= v >> (CY_LIMB_BITS - off);
        }
        n = limbs;
        while (n > 0 && r[n - 1] == 0)
            n--;
    } else if (len < cy__tune_now()->set_str_dc) {
        n = basecase(r, str, len, ri);
    } else {
        size_t cap = cy_mpn_set_str_size(len, base);
        cy__bump bump = {scratch, cy_mpn_set_str_itch(len, base)};
        cy_limb *t = cy__bump_take(&bump, cap + 2);
        cy__radix_pow pw[CY__RADIX_MAX_POWERS];
        size_t npw = cy__radix_powers(pw, cap / 2 + 1, ri,
                                      cy__bump_take(&bump, cy__radix_powers_itch(cap / 2 + 1)));
        n = dc(t, str, len, ri, pw, npw, bump);
        cy_mpn_copy(r, t, n);
    }
    *rn = n;
    return CY_OK;
}
