/* The x86-64 assembly kernels, called directly (not through the dispatch table), each through
 * the trampoline t_abi_call (abi_check.S), which checks that rbx, rbp, r12-r15 and rsp survive
 * and that the direction flag is clear afterwards. Every result is compared with the generic C
 * kernel on the same operands, and guard limbs around the output must stay untouched.
 * Lengths 0..17 (every entry of the 4-way unrolled loops, around the vector widths of the
 * shifts), 31..33, 63..65 and random lengths up to 300; n = 0 must read and write nothing and
 * return 0 (the shifts too, although their API asks for n >= 1), or b for add_1 and sub_1.
 * Built only when the library has the x86-64 assembly (tests/CMakeLists.txt).
 * SPDX-License-Identifier: MIT */
#include <string.h>

#include "../common/test.h"
#include "../../src/mpn/dispatch.h"

CY__DECLARE_KERNELS(x86_64)
CY__DECLARE_KERNELS(adx)

uint64_t t_abi_call(const void *fn, const uint64_t args[4], const uint64_t vals[6], uint64_t *ret);

typedef enum { SIG_RABN, SIG_RANL, SIG_RANC, SIG_RAN, SIG_RANI } sig;

typedef struct {
    const char *name;
    sig s;
    void *generic, *x86_64, *adx;
} kernel;

#define KERNEL(k, s) {#k, s, (void *)cy__mpn_##k##_generic, (void *)cy__mpn_##k##_x86_64, (void *)cy__mpn_##k##_adx}
/* one version for both back ends: the adx table points at the baseline code */
#define KERNEL_BASE(k, s) {#k, s, (void *)cy__mpn_##k##_generic, (void *)cy__mpn_##k##_x86_64, (void *)cy__mpn_##k##_x86_64}
static const kernel kernels[] = {
    KERNEL_BASE(add_n, SIG_RABN), KERNEL_BASE(sub_n, SIG_RABN), KERNEL(mul_1, SIG_RANL),
    KERNEL(addmul_1, SIG_RANL),   KERNEL(submul_1, SIG_RANL),   KERNEL(lshift, SIG_RANC),
    KERNEL(rshift, SIG_RANC),     KERNEL_BASE(add_1, SIG_RANL), KERNEL_BASE(sub_1, SIG_RANL),
    KERNEL_BASE(neg, SIG_RAN),
    /* the x86_64 back end uses the generic C (the kernel needs mulx, adcx, adox) */
    {"divexact_bm1", SIG_RANL, (void *)cy__mpn_divexact_bm1_generic,
     (void *)cy__mpn_divexact_bm1_generic, (void *)cy__mpn_divexact_bm1_adx},
    /* one version for both back ends (mulx would not help its latency chain) */
    {"divrem_1_preinv", SIG_RANI, (void *)cy__mpn_divrem_1_preinv_generic,
     (void *)cy__mpn_divrem_1_preinv_x86_64, (void *)cy__mpn_divrem_1_preinv_x86_64},
};

static const char *const reg_names[8] = {"rbx", "rbp", "r12", "r13", "r14", "r15", "rsp", "DF"};

/* The generic kernel, called the ordinary way (the reference). */
static cy_limb call_generic(const kernel *k, cy_limb *r, const cy_limb *a, const cy_limb *b,
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

static void run(const kernel *k, const char *flavour, void *fn, size_t n)
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
        /* the upper half of a 32-bit argument is undefined in the ABI: make it garbage (and
         * the fourth register, unused by neg) */
        args[3] = k->s == SIG_RANL   ? limb
                  : k->s == SIG_RANI ? (uint64_t)(uintptr_t)&inv
                                     : (t_rand64() << 32 | cnt);
    }
    uint64_t vals[6], ret = 0;
    for (int i = 0; i < 6; i++)
        vals[i] = t_rand64();
    uint64_t broken = t_abi_call(fn, args, vals, &ret);

    for (int i = 0; i < 8; i++)
        T_CHECK(!(broken >> i & 1), "%s_%s n=%zu: %s not preserved", k->name, flavour, n, reg_names[i]);
    int same = memcmp(r, want, n * sizeof *r) == 0 && ret == want_ret;
    T_CHECK(same, "%s_%s n=%zu limb=%llx cnt=%u: differs from generic (ret %llx, want %llx)", k->name,
            flavour, n, (unsigned long long)limb, cnt, (unsigned long long)ret,
            (unsigned long long)want_ret);
    if (!same && n <= 8) {
        t_dump("got ", r, n);
        t_dump("want", want, n);
    }
    T_CHECK(t_guards_ok(r, n) && t_guards_ok(a, n) && t_guards_ok(b, n),
            "%s_%s n=%zu: guard limb changed", k->name, flavour, n);
    t_free(a);
    t_free(b);
    t_free(r);
    t_free(want);
}

int main(void)
{
    t_init("test_abi");
    static const size_t fixed[] = {0,  1,  2,  3,  4,  5,  6,  7,  8,  9,  10, 11,
                                   12, 13, 14, 15, 16, 17, 31, 32, 33, 63, 64, 65};
    const int adx = cy_cpu_available(CY_CPU_ADX);
    if (!adx)
        printf("test_abi: this CPU lacks BMI2/ADX/AVX2, the _adx kernels are not run\n");
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
        const kernel *k = &kernels[i];
        for (int f = 0; f < 1 + adx; f++) {
            if (f && k->adx == k->x86_64)
                continue; /* one version, tested as x86_64 */
            const char *flavour = f ? "adx" : "x86_64";
            void *fn = f ? k->adx : k->x86_64;
            for (size_t j = 0; j < sizeof fixed / sizeof *fixed; j++)
                for (size_t rep = 0; rep < t_reps(4); rep++)
                    run(k, flavour, fn, fixed[j]);
            for (size_t rep = 0; rep < t_reps(40); rep++)
                run(k, flavour, fn, t_below(301));
        }
    }
    return t_done();
}
