/* The x86-64 assembly kernels, called directly (not through the dispatch table), each through
 * the trampoline t_abi_call (abi_check.S), which checks that rbx, rbp, r12-r15 and rsp survive
 * and that the direction flag is clear afterwards. Every result is compared with the generic C
 * kernel on the same operands, and guard limbs around every operand must stay untouched
 * (abi_run.c). Its lengths 0..17 cover every entry of the 4-way unrolled loops and the vector
 * widths of the shifts; then 31..33, 63..65 and random lengths up to 300.
 * Built only when the library has the x86-64 assembly (tests/CMakeLists.txt).
 * SPDX-License-Identifier: MIT */
#include "../common/test.h"
#include "../../src/mpn/dispatch.h"
#include "abi_run.h"

CY__DECLARE_KERNELS(x86_64)
CY__DECLARE_KERNELS(adx)

uint64_t t_abi_call(const void *fn, const uint64_t args[4], const uint64_t vals[6], uint64_t *ret);

typedef struct {
    abi_kernel k;
    void *x86_64, *adx;
} kernel;

#define KERNEL(k, s) {{#k, s, (void *)cy__mpn_##k##_generic}, (void *)cy__mpn_##k##_x86_64, (void *)cy__mpn_##k##_adx}
/* one version for both back ends: the adx table points at the baseline code */
#define KERNEL_BASE(k, s) {{#k, s, (void *)cy__mpn_##k##_generic}, (void *)cy__mpn_##k##_x86_64, (void *)cy__mpn_##k##_x86_64}
static const kernel kernels[] = {
    KERNEL_BASE(add_n, SIG_RABN), KERNEL_BASE(sub_n, SIG_RABN), KERNEL(mul_1, SIG_RANL),
    KERNEL(addmul_1, SIG_RANL),   KERNEL(submul_1, SIG_RANL),   KERNEL(lshift, SIG_RANC),
    KERNEL(rshift, SIG_RANC),     KERNEL_BASE(add_1, SIG_RANL), KERNEL_BASE(sub_1, SIG_RANL),
    KERNEL_BASE(neg, SIG_RAN),
    /* the x86_64 back end uses the generic C (the kernel needs mulx, adcx, adox) */
    {{"divexact_bm1", SIG_RANL, (void *)cy__mpn_divexact_bm1_generic},
     (void *)cy__mpn_divexact_bm1_generic, (void *)cy__mpn_divexact_bm1_adx},
    /* one version for both back ends (mulx would not help its latency chain) */
    {{"divrem_1_preinv", SIG_RANI, (void *)cy__mpn_divrem_1_preinv_generic},
     (void *)cy__mpn_divrem_1_preinv_x86_64, (void *)cy__mpn_divrem_1_preinv_x86_64},
};

static const char *const reg_names[8] = {"rbx", "rbp", "r12", "r13", "r14", "r15", "rsp", "DF"};

/* t_abi_call with random values in the callee-saved registers. */
static uint64_t call_x86_64(const void *fn, const uint64_t args[4], uint64_t *ret)
{
    uint64_t vals[6];
    for (int i = 0; i < 6; i++)
        vals[i] = t_rand64();
    return t_abi_call(fn, args, vals, ret);
}

int main(void)
{
    t_init("test_abi");
    const abi_backend x86_64 = {"x86_64", call_x86_64, reg_names, 8};
    const abi_backend adx = {"adx", call_x86_64, reg_names, 8};
    const int has_adx = cy_cpu_available(CY_CPU_ADX);
    if (!has_adx)
        printf("test_abi: this CPU lacks BMI2/ADX/AVX2, the _adx kernels are not run\n");
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++) {
        const kernel *k = &kernels[i];
        abi_run_lengths(&k->k, k->x86_64, &x86_64);
        if (has_adx && k->adx != k->x86_64) /* else one version, tested as x86_64 */
            abi_run_lengths(&k->k, k->adx, &adx);
    }
    return t_done();
}
