/* The AArch64 assembly kernels (src/mpn/aarch64/), called directly (not through the dispatch
 * table), each through the trampoline t_abi_call_aarch64 (abi_check_aarch64.S), which checks that
 * x19-x28, x29, d8-d15 and sp survive. Every result is compared with the generic C kernel on the
 * same operands, and guard limbs around every operand must stay untouched.
 * Lengths 0..17 (every entry of the loops unrolled by 2 and 4, after the odd limb and pair),
 * 31..33, 63..65 and random lengths up to 300; n = 0 must read and write nothing and return 0
 * (the shifts too, although their API asks for n >= 1), or b for add_1 and sub_1.
 * Built only when the library has the AArch64 assembly (tests/CMakeLists.txt).
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "../common/test.h"
#include "../../src/mpn/dispatch.h"

CY__DECLARE_KERNELS(aarch64)

uint64_t t_abi_call_aarch64(const void *fn, const uint64_t args[4], uint64_t *ret);

typedef enum { SIG_RABN, SIG_RANL, SIG_RANC } sig;

typedef struct {
    const char *name;
    sig s;
    void *generic, *aarch64;
} kernel;

#define KERNEL(k, s) {#k, s, (void *)cy__mpn_##k##_generic, (void *)cy__mpn_##k##_aarch64}
static const kernel kernels[] = {
    KERNEL(add_n, SIG_RABN),    KERNEL(sub_n, SIG_RABN),    KERNEL(mul_1, SIG_RANL),
    KERNEL(addmul_1, SIG_RANL), KERNEL(submul_1, SIG_RANL), KERNEL(lshift, SIG_RANC),
    KERNEL(rshift, SIG_RANC),   KERNEL(add_1, SIG_RANL),    KERNEL(sub_1, SIG_RANL),
};

static const char *const reg_names[20] = {"x19", "x20", "x21", "x22", "x23", "x24", "x25",
                                          "x26", "x27", "x28", "x29", "d8",  "d9",  "d10",
                                          "d11", "d12", "d13", "d14", "d15", "sp"};

/* The generic kernel, called the ordinary way (the reference). */
static cy_limb call_generic(const kernel *k, cy_limb *r, const cy_limb *a, const cy_limb *b,
                            size_t n, cy_limb limb, unsigned cnt)
{
    switch (k->s) {
    case SIG_RABN:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, const cy_limb *, size_t))k->generic)(r, a, b, n);
    case SIG_RANL:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, size_t, cy_limb))k->generic)(r, a, n, limb);
    default:
        return ((cy_limb(*)(cy_limb *, const cy_limb *, size_t, unsigned))k->generic)(r, a, n, cnt);
    }
}

static void run(const kernel *k, size_t n)
{
    cy_limb *a = t_alloc(n), *b = t_alloc(n), *r = t_alloc(n), *want = t_alloc(n);
    t_fill(a, n, T_ANY);
    t_fill(b, n, T_ANY);
    t_fill(r, n, T_ANY);
    memcpy(want, r, n * sizeof *r);
    cy_limb limb = t_edge_limb();
    unsigned cnt = 1 + (unsigned)t_below(63);
    int n0_is_b = k->generic == (void *)cy__mpn_add_1_generic || k->generic == (void *)cy__mpn_sub_1_generic;
    cy_limb want_ret = n || n0_is_b ? call_generic(k, want, a, b, n, limb, cnt) : 0;

    uint64_t args[4] = {(uint64_t)(uintptr_t)r, (uint64_t)(uintptr_t)a, 0, 0};
    if (k->s == SIG_RABN) {
        args[2] = (uint64_t)(uintptr_t)b;
        args[3] = n;
    } else {
        args[2] = n;
        /* the upper half of a 32-bit argument (cnt) is unspecified in AAPCS64: make it garbage */
        args[3] = k->s == SIG_RANL ? limb : (t_rand64() << 32 | cnt);
    }
    uint64_t ret = 0;
    uint64_t broken = t_abi_call_aarch64(k->aarch64, args, &ret);

    for (int i = 0; i < 20; i++)
        T_CHECK(!(broken >> i & 1), "%s_aarch64 n=%zu: %s not preserved", k->name, n, reg_names[i]);
    int same = memcmp(r, want, n * sizeof *r) == 0 && ret == want_ret;
    T_CHECK(same, "%s_aarch64 n=%zu limb=%llx cnt=%u: differs from generic (ret %llx, want %llx)",
            k->name, n, (unsigned long long)limb, cnt, (unsigned long long)ret,
            (unsigned long long)want_ret);
    if (!same && n <= 8) {
        t_dump("got ", r, n);
        t_dump("want", want, n);
    }
    T_CHECK(t_guards_ok(r, n) && t_guards_ok(a, n) && t_guards_ok(b, n),
            "%s_aarch64 n=%zu: guard limb changed", k->name, n);
    t_free(a);
    t_free(b);
    t_free(r);
    t_free(want);
}

int main(void)
{
    t_init("test_abi_aarch64");
    static const size_t fixed[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                   12, 13, 14, 15, 16, 17, 31, 32, 33, 63, 64, 65};
    T_CHECK(cy_cpu_available(CY_CPU_AARCH64), "aarch64 back end missing from an AArch64 assembly build");
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
        const kernel *k = &kernels[i];
        for (size_t j = 0; j < sizeof fixed / sizeof *fixed; j++)
            for (size_t rep = 0; rep < t_reps(4); rep++)
                run(k, fixed[j]);
        for (size_t rep = 0; rep < t_reps(40); rep++)
            run(k, t_below(301));
    }
    return t_done();
}
