/* Random integers: a seedable generator state (xoshiro256**, seeded through SplitMix64) and the
 * uniform and long-run integers of GMP's urandomb, urandomm and rrandomb (not GMP's streams).
 * Not for cryptography. SPDX-License-Identifier: MIT */
#include "impl.h"

/* SplitMix64 (Steele, Lea and Flood, "Fast splittable pseudorandom number generators", OOPSLA
 * 2014): a 64-bit counter through a mixing function; it fills the state of xoshiro. */
static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void cy_rand_init(cy_randstate *st, uint64_t seed)
{
    for (int i = 0; i < 4; i++)
        st->s[i] = splitmix(&seed);
}

void cy_rand_seed(cy_randstate *st, const cy_int *seed)
{
    /* every limb and the sign through SplitMix64 in turn: equal seeds, equal streams */
    uint64_t x = (uint64_t)seed->size;
    for (size_t i = 0, n = cy__int_n(seed); i < n; i++) {
        x ^= seed->d[i];
        splitmix(&x);
    }
    cy_rand_init(st, x);
}

static uint64_t rotl(uint64_t x, int k)
{
    return (x << k) | (x >> (64 - k));
}

/* xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom number generators", ACM TOMS
 * 47(4), 2021): period 2^256 - 1. */
uint64_t cy_rand_u64(cy_randstate *st)
{
    uint64_t *s = st->s, r = rotl(s[1] * 5, 7) * 9, t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return r;
}

/* Grows r to the *n limbs of a number of `bits` bits: CY_OK or CY_ENOMEM (r unchanged). */
static int grow_bits(cy_int *r, uint64_t bits, size_t *n)
{
    uint64_t n64 = bits / CY_LIMB_BITS + (bits % CY_LIMB_BITS != 0);
    if (n64 > CY__INT_MAX_LIMBS)
        return CY_ENOMEM;
    *n = (size_t)n64;
    return cy__int_grow(r, *n);
}

int cy_int_urandomb(cy_int *r, cy_randstate *st, uint64_t bits)
{
    size_t n;
    int err = grow_bits(r, bits, &n);
    if (err)
        return err;
    for (size_t i = 0; i < n; i += 64 / CY_LIMB_BITS) {
        uint64_t w = cy_rand_u64(st);
        for (size_t j = 0; j < 64 / CY_LIMB_BITS && i + j < n; j++)
            r->d[i + j] = (cy_limb)(w >> (j * CY_LIMB_BITS % 64));
    }
    if (bits % CY_LIMB_BITS)
        r->d[n - 1] &= ((cy_limb)1 << (bits % CY_LIMB_BITS)) - 1;
    cy__int_setsize(r, n, 0);
    return CY_OK;
}

int cy_int_urandomm(cy_int *r, cy_randstate *st, const cy_int *n)
{
    /* uniform in [0, |n|) by rejection: draws of bits(|n| - 1) bits, each below |n| with
     * probability above 1/2 */
    if (n->size == 0)
        return CY_EDIVZERO;
    cy_int m = cy__int_absview(n), t, lim;
    cy_int_init(&t);
    cy_int_init(&lim);
    int err = cy_int_sub_u64(&lim, &m, 1);
    uint64_t bits = err ? 0 : cy_int_sizeinbase(&lim, 2) - (lim.size == 0);
    while (!err) {
        err = cy_int_urandomb(&t, st, bits);
        if (!err && cy_int_cmpabs(&t, &m) < 0)
            break;
    }
    if (!err)
        cy_int_swap(r, &t);
    cy_int_clear(&t);
    cy_int_clear(&lim);
    return err;
}

int cy_int_rrandomb(cy_int *r, cy_randstate *st, uint64_t bits)
{
    /* bits bits with the top one set, made of alternating runs of ones and zeros (starting with
     * ones at the top) whose lengths are drawn uniformly from 1 to max(1, bits / 4): the
     * adversarial shapes of carry chains and normalisation */
    size_t n;
    int err = grow_bits(r, bits, &n);
    if (err)
        return err;
    cy_mpn_zero(r->d, n);
    uint64_t maxrun = bits / 4 ? bits / 4 : 1;
    for (uint64_t pos = bits, one = 1; pos > 0; one ^= 1) {
        uint64_t len = 1 + cy_rand_u64(st) % maxrun;
        if (len > pos)
            len = pos;
        for (uint64_t i = pos - len; one && i < pos; i++)
            r->d[i / CY_LIMB_BITS] |= (cy_limb)1 << (i % CY_LIMB_BITS);
        pos -= len;
    }
    cy__int_setsize(r, n, 0);
    return CY_OK;
}
