/* Shared test harness: reproducible random operands, guard limbs, the GMP bridge, failure reports.
 * SPDX-License-Identifier: MIT
 *
 * Environment:
 *   CARRY_TEST_SEED  64-bit seed (decimal or 0x hex); default: from the clock. Printed at start and
 *                    with every failure, so any failure can be replayed.
 *   CARRY_TEST_REPS  scale for random repetitions (a positive number, default 1).
 *   CARRY_TEST_FORCE_CPUS  back ends to run although CPUID (as a tool shows it) denies them; see
 *                    t_cpu_set below.
 */
#ifndef CARRY_TESTS_TEST_H
#define CARRY_TESTS_TEST_H

#include <stdint.h>
#include <stdio.h> /* before gmp.h, which declares its FILE functions only after stdio.h */

#include <gmp.h>

#include "carry.h"

/* Call first: reads the environment, seeds the generator, prints the seed. */
void t_init(const char *test_name);
/* Call last: prints "N passed, N failed" and returns the process exit status. */
int t_done(void);

/* Random numbers: xoshiro256** (Blackman and Vigna, "Scrambled linear pseudorandom number
 * generators", 2021). */
uint64_t t_rand64(void);
cy_limb t_rand_limb(void);
/* Uniform in [0, n) for n >= 1 (slight bias is harmless here). */
size_t t_below(size_t n);
/* Repetition count: base scaled by CARRY_TEST_REPS, at least 1. */
size_t t_reps(size_t base);

/* Operand shapes. T_ANY picks one of the others at random. */
typedef enum {
    T_UNIFORM,   /* every bit random */
    T_RUNS,      /* long runs of 0 and 1 bits, as GMP's mpn_random2: the most carry traffic */
    T_ONES,      /* every limb all ones */
    T_ZERO,      /* zero */
    T_EDGES,     /* each limb one of 0, 1, 2, B/2, B-2, B-1, 2^k, 2^k - 1, random */
    T_ANY
} t_shape;
void t_fill(cy_limb *p, size_t n, t_shape shape);
/* One limb drawn from the edge set or at random. */
cy_limb t_edge_limb(void);

/* Buffers with T_GUARD guard limbs on each side, filled with a known pattern. t_alloc returns the
 * first usable limb; t_check_guards reports any guard limb that changed; t_free releases. */
#define T_GUARD 4
cy_limb *t_alloc(size_t n);
int t_guards_ok(const cy_limb *p, size_t n);
void t_free(cy_limb *p);

/* GMP bridge (works for any limb width): z = {p, n}; {p, n} = z mod B^n. */
void t_to_mpz(mpz_t z, const cy_limb *p, size_t n);
void t_from_mpz(cy_limb *p, size_t n, const mpz_t z);

/* Failure reporting. T_CHECK records a failure with its context; after 20 failures the test stops. */
void t_fail(const char *file, int line, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 3, 4)))
#endif
    ;
void t_pass(void);
#define T_CHECK(cond, ...) ((cond) ? t_pass() : t_fail(__FILE__, __LINE__, __VA_ARGS__))

/* Prints {p, n} in hex, most significant limb first, to stderr (for failure reports). */
void t_dump(const char *label, const cy_limb *p, size_t n);

/* 1 when the CPU has BMI2 and ADX (CPUID leaf 7 EBX bits 8 and 19, read directly: clang 14's
 * __builtin_cpu_supports knows no "adx"); 0 on other architectures. Valgrind 3.19 hides ADX. */
int t_cpu_has_bmi2_adx(void);

/* Back ends this build and CPU can run; iterate with for (int i = 0; i < t_ncpus; i++) and
 * cy_cpu_set(t_cpus[i]). t_init fills them and fails the test if an x86-64 assembly build on a
 * CPU with ADX does not offer all three (and ifma on a CPU with AVX-512 IFMA). */
extern cy_cpu t_cpus[CY_CPU_COUNT];
extern int t_ncpus;

/* CARRY_TEST_FORCE_CPUS=name,name,... (names of cy_cpu_name) adds back ends of this build to
 * t_cpus that cy_cpu_available denies because a tool hides the CPU's features: valgrind 3.19
 * masks ADX in CPUID but executes mulx, adcx and adox. Only the harness honours it, through
 * t_cpu_set, never the library; whoever sets it must have read the real CPU (tests/mod/
 * ct_memcheck.cmake does, outside valgrind), since a back end the CPU lacks dies on SIGILL.
 * Ignored in builds without assembly. */
/* cy_cpu_set(cpu), or for a forced back end the same selection without the CPUID check.
 * Returns 0, or -1 if cpu is neither available nor forced. */
int t_cpu_set(cy_cpu cpu);

#endif
