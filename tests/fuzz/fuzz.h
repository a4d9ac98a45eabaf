/* The shared input decoder of the libFuzzer targets (tests/fuzz/fuzz_*.c): turns the fuzzer's
 * bytes into operations, lengths, back ends and operands of the adversarial shapes that carry
 * and borrow bugs need (runs of 0 and 1 bits, all-ones limbs, 2^k +- small, zero, edge limbs),
 * from few bytes. Every reader returns 0 once the input is exhausted, so any byte string decodes.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_FUZZ_H
#define CARRY_FUZZ_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h> /* before gmp.h */

#include <gmp.h>

#include "carry.h"

typedef struct {
    const uint8_t *p;
    size_t n;
    uint64_t seed; /* a running hash of the bytes read: the seed of the pseudo-random shapes */
} fz_in;

static inline fz_in fz_start(const uint8_t *data, size_t size)
{
    fz_in in = {data, size, 0x9e3779b97f4a7c15u};
    return in;
}

uint8_t fz_byte(fz_in *in);
/* Up to 8 bytes, little-endian (missing bytes are 0). */
uint64_t fz_u64(fz_in *in);
/* A length in [0, max]: one byte below 0x80 gives a small length (b mod 32, within max); above,
 * two bytes give any length up to max. */
size_t fz_len(fz_in *in, size_t max);
/* Picks one of the back ends this build and CPU can run (cy_cpu_available) from one byte and
 * selects it with cy_cpu_set; returns it. */
cy_cpu fz_cpu(fz_in *in);

/* {r, n} from one shape byte and its parameters: low 3 bits choose pseudo-random limbs, runs of
 * 0 and 1 bits (GMP's mpn_random2 pattern), all ones, zero, 2^k + s, 2^k - s (k and the small s
 * from the input, mod B^n), one edge limb per limb (0, 1, 2, B/2 - 1, B/2, B - 2, B - 1, 2^j,
 * 2^j - 1, random), or the input bytes themselves; bit 3 complements the result, bit 4 sets the
 * top limb to B - 1 (a normalised operand with the most carries), bit 5 clears the top limb. */
void fz_limbs(fz_in *in, cy_limb *r, size_t n);
/* A value of at most max_limbs limbs (length from fz_len, shape from fz_limbs) into z, with a
 * sign from the input when sign is non-zero. */
void fz_mpz(fz_in *in, mpz_t z, size_t max_limbs, int sign);

/* malloc of n >= 0 limbs (at least one byte, so that AddressSanitizer bounds every access
 * exactly); exits on failure. */
cy_limb *fz_alloc(size_t n);

/* Reports a failed check with the back end in use and aborts (libFuzzer keeps the input). */
#ifdef __GNUC__
__attribute__((noreturn, format(printf, 3, 4)))
#endif
void fz_fail(const char *file, int line, const char *fmt, ...);
#define FZ_CHECK(cond, ...) ((cond) ? (void)0 : fz_fail(__FILE__, __LINE__, __VA_ARGS__))

/* {p, n} == z (z >= 0). */
int fz_eq(const cy_limb *p, size_t n, const mpz_t z);

#endif
