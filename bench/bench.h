/* carry-bench framework: timing with the TSC, rows, suites. SPDX-License-Identifier: MIT
 *
 * A suite is one file (bench/<suite>.c or .cpp) with a function `void bench_<suite>(int quick)`
 * listed in carry-bench.c's `suites`, with every group it prints (the first argument of its
 * bench_row and bench_note calls) and the unit of that group's n listed in `groups`. It times each implementation of an operation on the same operands
 * with bench_time() and records the result with bench_row(). Implementations whose name starts
 * with "carry" are ours; every other name is a peer (gmp, openssl, boost, int128, ...). The
 * driver prints, for every row of ours, the ratio ours/peer against every peer row with the same
 * (group, op, n): that ratio is what the targets in the issues are stated in.
 */
#ifndef CARRY_BENCH_H
#define CARRY_BENCH_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Ticks per call of fn(ctx): warm-up, then batches of calls sized to about 20000 ticks, and the
 * minimum over many batches (fewer in quick mode). */
typedef void (*bench_fn)(void *ctx);
double bench_time(bench_fn fn, void *ctx);

/* Ticks per call of fn(ctx) for slow calls (milliseconds and up): the minimum over `reps` single
 * calls after one warm-up call, where bench_time's batching would take minutes. */
double bench_time_slow(bench_fn fn, void *ctx, int reps);

/* Records one measurement. units: what "per unit" means for this row (limbs for mpn kernels,
 * 1 for a whole call); the table shows ticks/call, ticks/unit and ns/call. */
void bench_row(const char *group, const char *op, const char *impl, size_t n, double units,
               double ticks_per_call);

/* Records one line of free text (Markdown) for the report section of `group`, for results that are
 * not a time per call: an error against the exact value, an iteration count, a distribution.
 * Printed as "# note <group>: <text>" and written to the CSV as a `#note,<group>,<text>` line. */
void bench_note(const char *group, const char *fmt, ...)
#ifdef __GNUC__
    __attribute__((format(printf, 2, 3)))
#endif
    ;

/* 1 if the run wants the rows of `group` (carry-bench --suite selects suites and groups): a suite
 * asks before measuring a group, so that `--suite powm` measures only that group of the mod suite.
 * bench_row and bench_note drop what is not wanted. */
int bench_want(const char *group);

/* boost's version ("1.74.0"), or NULL where the uint suite is not built. */
const char *bench_boost_version(void);

/* 1 in --quick mode (fewer repetitions and sizes; the whole program under a minute). */
extern int bench_quick;

/* Keeps the compiler from deleting a computation whose result is otherwise unused. */
#define BENCH_KEEP(x) __asm__ volatile("" : : "g"(x) : "memory")

/* Fills p with n random 64-bit words (deterministic: the same operands in every run). */
void bench_random(void *p, size_t bytes);

#ifdef __cplusplus
}
#endif

#endif
