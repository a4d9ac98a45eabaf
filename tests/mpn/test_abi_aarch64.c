/* The AArch64 assembly kernels (src/mpn/aarch64/), called directly (not through the dispatch
 * table), each through the trampoline t_abi_call_aarch64 (abi_check_aarch64.S), which checks that
 * x19-x28, x29, d8-d15 and sp survive. Every result is compared with the generic C kernel on the
 * same operands, and guard limbs around every operand must stay untouched (abi_run.c). Its
 * lengths 0..17 cover every entry of the loops unrolled by 2 and 4, after the odd limb and pair;
 * then 31..33, 63..65 and random lengths up to 300.
 * Built only when the library has the AArch64 assembly (tests/CMakeLists.txt).
 * SPDX-License-Identifier: MIT */
#include "../common/test.h"
#include "../../src/mpn/dispatch.h"
#include "abi_run.h"

CY__DECLARE_KERNELS(aarch64)

uint64_t t_abi_call_aarch64(const void *fn, const uint64_t args[4], uint64_t *ret);

typedef struct {
    abi_kernel k;
    void *aarch64;
} kernel;

#define KERNEL(k, s) {{#k, s, (void *)cy__mpn_##k##_generic}, (void *)cy__mpn_##k##_aarch64}
static const kernel kernels[] = {
    KERNEL(add_n, SIG_RABN),    KERNEL(sub_n, SIG_RABN),    KERNEL(mul_1, SIG_RANL),
    KERNEL(addmul_1, SIG_RANL), KERNEL(submul_1, SIG_RANL), KERNEL(lshift, SIG_RANC),
    KERNEL(rshift, SIG_RANC),   KERNEL(add_1, SIG_RANL),    KERNEL(sub_1, SIG_RANL),
};

static const char *const reg_names[20] = {"x19", "x20", "x21", "x22", "x23", "x24", "x25",
                                          "x26", "x27", "x28", "x29", "d8",  "d9",  "d10",
                                          "d11", "d12", "d13", "d14", "d15", "sp"};

int main(void)
{
    t_init("test_abi_aarch64");
    const abi_backend aarch64 = {"aarch64", t_abi_call_aarch64, reg_names, 20};
    T_CHECK(cy_cpu_available(CY_CPU_AARCH64), "aarch64 back end missing from an AArch64 assembly build");
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++)
        abi_run_lengths(&kernels[i].k, kernels[i].aarch64, &aarch64);
    return t_done();
}
