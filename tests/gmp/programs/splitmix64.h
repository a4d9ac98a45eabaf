/* The random numbers of the programs written for GMP in this folder: SplitMix64 (Steele, Lea and
 * Flood, "Fast splittable pseudorandom number generators", OOPSLA 2014) and numbers of a given
 * size made from it with mpz_import. Not gmp_randstate_t: GMP and carry-gmp draw different
 * numbers from the same seed, and the programs must compute the same things with both.
 * SPDX-License-Identifier: MIT */
#ifndef GMP_PROGRAMS_SPLITMIX64_H
#define GMP_PROGRAMS_SPLITMIX64_H

#include <gmp.h>
#include <stdint.h>
#include <stdlib.h>

static uint64_t splitmix64_state; /* the seed, then the generator's state */

static uint64_t splitmix64(void)
{
    uint64_t z = (splitmix64_state += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

/* x = a number of exactly `bits` bits (bits >= 1) from the generator. Made of 64-bit words, least
 * significant first, so that the value does not depend on the limb size of the library. */
static void random_bits(mpz_t x, unsigned long bits)
{
    size_t words = (bits + 63) / 64;
    uint64_t *w = malloc(words * sizeof *w);
    if (!w)
        exit(2);
    for (size_t i = 0; i < words; i++)
        w[i] = splitmix64();
    mpz_import(x, words, -1, sizeof *w, 0, 0, w);
    free(w);
    mpz_fdiv_r_2exp(x, x, bits);
    mpz_setbit(x, bits - 1);
}

#endif
