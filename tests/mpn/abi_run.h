/* What the ABI tests of the assembly back ends share (test_abi.c for x86-64, test_abi_aarch64.c):
 * a kernel of the back end, called directly through the back end's trampoline at every length of
 * the test, against the generic C kernel on the same operands.
 * SPDX-License-Identifier: MIT */
#ifndef CARRY_TESTS_ABI_RUN_H
#define CARRY_TESTS_ABI_RUN_H

#include <stdint.h>

/* The kernel's arguments after r, a: b, n (add_n, sub_n); n, limb (mul_1, addmul_1, submul_1,
 * add_1, sub_1, divexact_bm1); n, cnt (lshift, rshift); n (neg); n, inv (divrem_1_preinv). */
typedef enum { SIG_RABN, SIG_RANL, SIG_RANC, SIG_RAN, SIG_RANI } abi_sig;

typedef struct {
    const char *name; /* the kernel's name without its suffix: "add_n" */
    abi_sig s;
    void *generic; /* the reference, cy__mpn_<name>_generic */
} abi_kernel;

/* A back end's trampoline: calls fn(args[0], args[1], args[2], args[3]), stores its return value
 * in *ret and returns a mask of what the callee broke, bit i for reg_names[i]. */
typedef uint64_t abi_call_fn(const void *fn, const uint64_t args[4], uint64_t *ret);

typedef struct {
    const char *suffix; /* of the kernels' names in messages: "x86_64", "adx", "aarch64", "power8",
                           "power9" */
    abi_call_fn *call;
    const char *const *reg_names;
    int nregs; /* bits of the mask, names in reg_names */
} abi_backend;

/* fn, the version of k in back end be, at lengths 0..17, 31..33 and 63..65 (t_reps(4) times each)
 * and t_reps(40) random lengths up to 300, on random operands with guard limbs (T_CHECK on any
 * difference from the generic kernel, broken register or changed guard). n = 0 must read and
 * write nothing and return 0 (the shifts too, although their API asks for n >= 1), or b for
 * add_1 and sub_1. */
void abi_run_lengths(const abi_kernel *k, const void *fn, const abi_backend *be);

#endif
