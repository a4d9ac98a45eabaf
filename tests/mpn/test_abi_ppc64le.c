/* The POWER little-endian assembly kernels (src/mpn/ppc64le/: the power8 back end, and the
 * power9 one's mul_1, addmul_1 and submul_1 where the CPU has Power ISA 3.0), called
 * directly (not through the dispatch table), each through the trampoline t_abi_call_ppc64le
 * (abi_check_ppc64le.S), which checks that r14-r31, f14-f31, v20-v31, the CR fields cr2-cr4, r1
 * (the stack pointer), r2 (the TOC pointer) and r13 (the thread pointer) survive. Every result is
 * compared with the generic C kernel on the same operands, and guard limbs around every operand
 * must stay untouched (abi_run.c). Its lengths 0..17 cover every entry of the loops unrolled by 2
 * and 4, after the odd limb and pair (power8) or the n mod 4 limbs (power9); then 31..33, 63..65
 * and random lengths up to 300.
 * Built only when the library has the ppc64le assembly (tests/CMakeLists.txt).
 * SPDX-License-Identifier: MIT */
#include "../common/test.h"
#include "../../src/mpn/dispatch.h"
#include "abi_run.h"

CY__DECLARE_KERNELS(power8)
CY__DECLARE_KERNELS(power9)

uint64_t t_abi_call_ppc64le(const void *fn, const uint64_t args[4], uint64_t *ret);

typedef struct {
    abi_kernel k;
    void *fn; /* the back end's version */
} kernel;

#define KERNEL(k, s) {{#k, s, (void *)cy__mpn_##k##_generic}, (void *)cy__mpn_##k##_power8}
static const kernel kernels[] = {
    KERNEL(add_n, SIG_RABN),    KERNEL(sub_n, SIG_RABN),    KERNEL(mul_1, SIG_RANL),
    KERNEL(addmul_1, SIG_RANL), KERNEL(submul_1, SIG_RANL), KERNEL(lshift, SIG_RANC),
    KERNEL(rshift, SIG_RANC),   KERNEL(add_1, SIG_RANL),    KERNEL(sub_1, SIG_RANL),
};

/* The power9 back end's own kernels (the rest of it is power8's). */
#define KERNEL9(k, s) {{#k, s, (void *)cy__mpn_##k##_generic}, (void *)cy__mpn_##k##_power9}
static const kernel kernels9[] = {
    KERNEL9(mul_1, SIG_RANL),
    KERNEL9(addmul_1, SIG_RANL),
    KERNEL9(submul_1, SIG_RANL),
};

/* Bit i of the trampoline's mask: r14-r31 (0..17), f14-f31 (18..35), v20-v31 (36..47), cr2-cr4
 * (48..50), r1, r2, r13 (51..53). */
static const char *const reg_names[54] = {
    "r14", "r15", "r16", "r17", "r18", "r19", "r20", "r21", "r22", "r23", "r24",
    "r25", "r26", "r27", "r28", "r29", "r30", "r31", "f14", "f15", "f16", "f17",
    "f18", "f19", "f20", "f21", "f22", "f23", "f24", "f25", "f26", "f27", "f28",
    "f29", "f30", "f31", "v20", "v21", "v22", "v23", "v24", "v25", "v26", "v27",
    "v28", "v29", "v30", "v31", "cr2", "cr3", "cr4", "r1",  "r2",  "r13"};

int main(void)
{
    t_init("test_abi_ppc64le");
    const abi_backend power8 = {"power8", t_abi_call_ppc64le, reg_names, 54};
    T_CHECK(cy_cpu_available(CY_CPU_POWER8), "power8 back end missing from a ppc64le assembly build");
    for (size_t i = 0; i < sizeof kernels / sizeof *kernels; i++)
        abi_run_lengths(&kernels[i].k, kernels[i].fn, &power8);
    /* Only where the CPU runs them (test.c checks that cy_cpu_available agrees with AT_HWCAP2):
     * elsewhere maddld and maddhdu are illegal instructions. */
    const abi_backend power9 = {"power9", t_abi_call_ppc64le, reg_names, 54};
    if (cy_cpu_available(CY_CPU_POWER9)) {
        for (size_t i = 0; i < sizeof kernels9 / sizeof *kernels9; i++)
            abi_run_lengths(&kernels9[i].k, kernels9[i].fn, &power9);
    } else {
        printf("test_abi_ppc64le: power9 kernels not run (no Power ISA 3.0 on this CPU)\n");
    }
    return t_done();
}
