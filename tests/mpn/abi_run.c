/* abi_run_lengths (abi_run.h): one kernel of an assembly back end against the generic C kernel.
 * SPDX-License-Identifier: MIT */
#include "abi_run.h"

#include <string.h>

#include "../common/test.h"
#include "../../src/mpn/dispatch.h"

/* The generic kernel, called the ordinary way (the reference). */
static cy_limb call_generic(const abi_kernel *k, cy_limb *r, const cy_limb *a, const cy_limb *b,
                            size_t n, cy_limb limb, unsigned cnt, const cy_mpn_div1_inv *inv)
{
    switch (k->s) {
    case SIG_RANI:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, size_t, const cy_mpn_div1_inv *))k->generic)(r, a, n, inv);
    case SIG_RABN:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, const cy_limb *, size_t))k->generic)(r, a, b, n);
    case SIG_RANL:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, size_t, cy_limb))k->generic)(r, a, n, limb);
    case SIG_RAN:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, size_t))k->generic)(r, a, n);
    default:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, size_t, unsigned))k->generic)(r, a, n, cnt);
    }
}

static void run(const abi_kernel *k, const void *fn, const abi_backend *be, size_t n)
{
    cy_limb *a = t_alloc(n), *b = t_alloc(n), *r = t_alloc(n), *want = t_alloc(n);
    t_fill(a, n, T_ANY);
    t_fill(b, n, T_ANY);
    t_fill(r, n, T_ANY);
    memcpy(want, r, n * sizeof *r);
    cy_limb limb = t_edge_limb();
    unsigned cnt = 1 + (unsigned)t_below(63);
    cy_mpn_div1_inv inv; /* the divisor of divrem_1_preinv */
    cy_mpn_div1_inv_init(&inv, limb ? limb : 1);
    /* n = 0: nothing is read or written and the return value is 0, for every kernel but add_1
     * and sub_1, which return b (their generic versions do that too). */
    int n0_is_b = k->generic == (void *)cy__mpn_add_1_generic || k->generic == (void *)cy__mpn_sub_1_generic;
    cy_limb want_ret = n || n0_is_b ? call_generic(k, want, a, b, n, limb, cnt, &inv) : 0;

    uint64_t args[4] = {(uint64_t)(uintptr_t)r, (uint64_t)(uintptr_t)a, 0, 0};
    if (k->s == SIG_RABN) {
        args[2] = (uint64_t)(uintptr_t)b;
        args[3] = n;
    } else {
        args[2] = n;
        /* the upper half of a 32-bit argument (cnt) is unspecified in System V AMD64 and AAPCS64:
         * make it garbage (and the fourth register, unused by neg) */
        args[3] = k->s == SIG_RANL   ? limb
                  : k->s == SIG_RANI ? (uint64_t)(uintptr_t)&inv
                                     : (t_rand64() << 32 | cnt);
    }
    uint64_t ret = 0;
    uint64_t broken = be->call(fn, args, &ret);

    for (int i = 0; i < be->nregs; i++)
        T_CHECK(!(broken >> i & 1), "%s_%s n=%zu: %s not preserved", k->name, be->suffix, n,
                be->reg_names[i]);
    int same = memcmp(r, want, n * sizeof *r) == 0 && ret == want_ret;
    T_CHECK(same, "%s_%s n=%zu limb=%llx cnt=%u: differs from generic (ret %llx, want %llx)",
            k->name, be->suffix, n, (unsigned long long)limb, cnt, (unsigned long long)ret,
            (unsigned long long)want_ret);
    if (!same && n <= 8) {
        t_dump("got ", r, n);
        t_dump("want", want, n);
    }
    T_CHECK(t_guards_ok(r, n) && t_guards_ok(a, n) && t_guards_ok(b, n),
            "%s_%s n=%zu: guard limb changed", k->name, be->suffix, n);
    t_free(a);
    t_free(b);
    t_free(r);
    t_free(want);
}

void abi_run_lengths(const abi_kernel *k, const void *fn, const abi_backend *be)
{
    static const size_t fixed[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                   12, 13, 14, 15, 16, 17, 31, 32, 33, 63, 64, 65};
    for (size_t j = 0; j < sizeof fixed / sizeof *fixed; j++)
        for (size_t rep = 0; rep < t_reps(4); rep++)
            run(k, fn, be, fixed[j]);
    for (size_t rep = 0; rep < t_reps(40); rep++)
        run(k, fn, be, t_below(301));
}
