/* The kernel table of each back end and the public entry points of the dispatched kernels.
 * SPDX-License-Identifier: MIT
 *
 * Every entry point costs the back-end query of src/core/cpu.h (one load, one well-predicted
 * test), an index into the tables below and one indirect call. */
#include <stddef.h>

#include "carry/limb.h"
#include "dispatch.h"

#ifdef CY_ASM_X86_64
CY__DECLARE_KERNELS(x86_64)
CY__DECLARE_KERNELS(adx)

/* src/mpn/x86_64/divrem_1_preinv.S reads the fields of cy_mpn_div1_inv at these offsets. */
_Static_assert(offsetof(cy_mpn_div1_inv, d) == 0 && offsetof(cy_mpn_div1_inv, dnorm) == 8 &&
                   offsetof(cy_mpn_div1_inv, v) == 16 && offsetof(cy_mpn_div1_inv, shift) == 24,
               "cy_mpn_div1_inv layout assumed by divrem_1_preinv.S");

/* The slots the adx and ifma back ends share: every kernel but the basecase products, neg and
 * com. The one-chain kernels (add_n, sub_n, add_1, sub_1) have nothing to gain from mulx, adcx and
 * adox and are the baseline ones. */
#define ADX_KERNELS                                                                              \
    .add_n = cy__mpn_add_n_x86_64, .sub_n = cy__mpn_sub_n_x86_64, .mul_1 = cy__mpn_mul_1_adx,    \
    .addmul_1 = cy__mpn_addmul_1_adx, .submul_1 = cy__mpn_submul_1_adx,                          \
    .lshift = cy__mpn_lshift_adx, .rshift = cy__mpn_rshift_adx, .add_1 = cy__mpn_add_1_x86_64,   \
    .sub_1 = cy__mpn_sub_1_x86_64,                                                               \
    .divexact_bm1 = cy__mpn_divexact_bm1_adx, .divrem_1_preinv = cy__mpn_divrem_1_preinv_x86_64, \
    .mul_fixed = cy__mpn_mul_fixed_adx, .sqr_fixed = cy__mpn_sqr_fixed_adx,                      \
    .mullo_fixed = cy__mpn_mullo_fixed_adx, .fixed_max = 16
#endif

#ifdef CY_ASM_AARCH64
CY__DECLARE_KERNELS(aarch64)
#endif
#ifdef CY_ASM_PPC64LE
CY__DECLARE_KERNELS(power8)
CY__DECLARE_KERNELS(power9)

/* The slots the power8 and power9 back ends share: every linear kernel but the three products,
 * which power9 does with maddld/maddhdu, and the generic C beyond. */
#define POWER8_KERNELS                                                                           \
    .add_n = cy__mpn_add_n_power8, .sub_n = cy__mpn_sub_n_power8,                                \
    .lshift = cy__mpn_lshift_power8, .rshift = cy__mpn_rshift_power8,                            \
    .add_1 = cy__mpn_add_1_power8, .sub_1 = cy__mpn_sub_1_power8, GENERIC_BEYOND_LINEAR
#endif

/* Every slot but the nine linear kernels (add_n to sub_1), filled with the generic C: the whole
 * rest of the generic table, and of a back end whose assembly has only the linear kernels. */
#define GENERIC_BEYOND_LINEAR                                                                    \
    .neg = cy__mpn_neg_generic, .com = cy__mpn_com_generic,                                      \
    .divexact_bm1 = cy__mpn_divexact_bm1_generic,                                                \
    .divrem_1_preinv = cy__mpn_divrem_1_preinv_generic,                                          \
    .mul_basecase = cy__mpn_mul_basecase_generic, .sqr_basecase = cy__mpn_sqr_basecase_generic, \
    .mul_fixed = cy__mpn_mul_fixed_generic, .sqr_fixed = cy__mpn_sqr_fixed_generic,              \
    .mullo_fixed = cy__mpn_mullo_fixed_generic, .fixed_max = 8

/* One table per back end, indexed by cy_cpu; src/core/cpu.c decides which one runs. The entries
 * of back ends this build lacks stay empty and are never selected (cy_cpu_available is 0). */
const cy_mpn_table cy__mpn_tables[CY_CPU_COUNT] = {
    [CY_CPU_GENERIC] = {
        .add_n = cy__mpn_add_n_generic,
        .sub_n = cy__mpn_sub_n_generic,
        .mul_1 = cy__mpn_mul_1_generic,
        .addmul_1 = cy__mpn_addmul_1_generic,
        .submul_1 = cy__mpn_submul_1_generic,
        .lshift = cy__mpn_lshift_generic,
        .rshift = cy__mpn_rshift_generic,
        .add_1 = cy__mpn_add_1_generic,
        .sub_1 = cy__mpn_sub_1_generic,
        GENERIC_BEYOND_LINEAR,
    },
#ifdef CY_ASM_X86_64
    /* Baseline x86-64 (adc, sbb, mul) for the linear kernels; C for the rest. */
    [CY_CPU_X86_64] = {
        .add_n = cy__mpn_add_n_x86_64,
        .sub_n = cy__mpn_sub_n_x86_64,
        .mul_1 = cy__mpn_mul_1_x86_64,
        .addmul_1 = cy__mpn_addmul_1_x86_64,
        .submul_1 = cy__mpn_submul_1_x86_64,
        .lshift = cy__mpn_lshift_x86_64,
        .rshift = cy__mpn_rshift_x86_64,
        .add_1 = cy__mpn_add_1_x86_64,
        .sub_1 = cy__mpn_sub_1_x86_64,
        .neg = cy__mpn_neg_x86_64,
        .com = cy__mpn_com_generic,
        .divexact_bm1 = cy__mpn_divexact_bm1_generic,
        .divrem_1_preinv = cy__mpn_divrem_1_preinv_x86_64,
        .mul_basecase = cy__mpn_mul_basecase_generic,
        .sqr_basecase = cy__mpn_sqr_basecase_generic,
        .mul_fixed = cy__mpn_mul_fixed_generic,
        .sqr_fixed = cy__mpn_sqr_fixed_generic,
        .mullo_fixed = cy__mpn_mullo_fixed_generic,
        .fixed_max = 8,
    },
    /* BMI2 + ADX: mulx with two carry chains (adcx, adox) in every multiplying kernel; neg and
     * com in AVX2 (x86_64/neg_adx.c, com_adx.c). */
    [CY_CPU_ADX] = {
        ADX_KERNELS,
        .neg = cy__mpn_neg_adx,
        .com = cy__mpn_com_adx,
        .mul_basecase = cy__mpn_mul_basecase_adx,
        .sqr_basecase = cy__mpn_sqr_basecase_adx,
    },
    /* The adx kernels, with basecase products on AVX-512 IFMA (x86_64/mul_basecase_ifma.c) and
     * their own crossovers (src/core/tune_ifma.c), and neg and com in AVX-512
     * (x86_64/neg_ifma.c, com_ifma.c); the mod layer uses IFMA too. */
    [CY_CPU_IFMA] = {
        ADX_KERNELS,
        .neg = cy__mpn_neg_ifma,
        .com = cy__mpn_com_ifma,
        .mul_basecase = cy__mpn_mul_basecase_ifma,
        .sqr_basecase = cy__mpn_sqr_basecase_ifma,
    },
#endif
#ifdef CY_ASM_AARCH64
    /* AArch64 assembly for the linear kernels (src/mpn/aarch64/: adcs/sbcs chains, mul/umulh,
     * ldp/stp); the generic C for the rest. */
    [CY_CPU_AARCH64] = {
        .add_n = cy__mpn_add_n_aarch64,
        .sub_n = cy__mpn_sub_n_aarch64,
        .mul_1 = cy__mpn_mul_1_aarch64,
        .addmul_1 = cy__mpn_addmul_1_aarch64,
        .submul_1 = cy__mpn_submul_1_aarch64,
        .lshift = cy__mpn_lshift_aarch64,
        .rshift = cy__mpn_rshift_aarch64,
        .add_1 = cy__mpn_add_1_aarch64,
        .sub_1 = cy__mpn_sub_1_aarch64,
        GENERIC_BEYOND_LINEAR,
    },
#endif
#ifdef CY_ASM_PPC64LE
    /* POWER little-endian assembly for the linear kernels (src/mpn/ppc64le/: adde/subfe chains
     * through CA, mulld/mulhdu, ldu/stdu); the generic C for the rest. */
    [CY_CPU_POWER8] = {
        POWER8_KERNELS,
        .mul_1 = cy__mpn_mul_1_power8,
        .addmul_1 = cy__mpn_addmul_1_power8,
        .submul_1 = cy__mpn_submul_1_power8,
    },
    /* power8, with mul_1, addmul_1 and submul_1 on Power ISA 3.0's maddld/maddhdu
     * (src/mpn/ppc64le/<kernel>_power9.S: the carry limb in the multiply-add's addend). */
    [CY_CPU_POWER9] = {
        POWER8_KERNELS,
        .mul_1 = cy__mpn_mul_1_power9,
        .addmul_1 = cy__mpn_addmul_1_power9,
        .submul_1 = cy__mpn_submul_1_power9,
    },
#endif
};

/* The entry points below use the inline lookup of dispatch.h (a load, a test and an index, then a
 * tail jump). */
static inline const cy_mpn_table *table(void)
{
    return cy__mpn_table();
}

/* Public entry points. Preconditions are the ones documented in carry/mpn.h. */

/* r may equal a source exactly, or not touch it. */
#define SAME_OR_DISJOINT(r, rn, a, an) ((r) == (a) || cy__disjoint(r, rn, a, an))

cy_limb cy_mpn_add_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, n, a, n) && SAME_OR_DISJOINT(r, n, b, n));
    return table()->add_n(r, a, b, n);
}

cy_limb cy_mpn_sub_n(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, n, a, n) && SAME_OR_DISJOINT(r, n, b, n));
    return table()->sub_n(r, a, b, n);
}

cy_limb cy_mpn_mul_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(r <= a || cy__disjoint(r, n, a, n));
    return table()->mul_1(r, a, n, b);
}

cy_limb cy_mpn_addmul_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, n, a, n));
    return table()->addmul_1(r, a, n, b);
}

cy_limb cy_mpn_submul_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(SAME_OR_DISJOINT(r, n, a, n));
    return table()->submul_1(r, a, n, b);
}

cy_limb cy_mpn_lshift(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt)
{
    CY_ASSERT(n >= 1 && cnt >= 1 && cnt < CY_LIMB_BITS);
    CY_ASSERT(r >= a || cy__disjoint(r, n, a, n));
    return table()->lshift(r, a, n, cnt);
}

cy_limb cy_mpn_rshift(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt)
{
    CY_ASSERT(n >= 1 && cnt >= 1 && cnt < CY_LIMB_BITS);
    CY_ASSERT(r <= a || cy__disjoint(r, n, a, n));
    return table()->rshift(r, a, n, cnt);
}

cy_limb cy_mpn_add_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    return table()->add_1(r, a, n, b);
}

cy_limb cy_mpn_sub_1(cy_limb *r, const cy_limb *a, size_t n, cy_limb b)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    return table()->sub_1(r, a, n, b);
}

cy_limb cy_mpn_neg(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    if (n < 4) /* as for cy_mpn_com */
        return cy__mpn_neg_loop(r, a, n);
    return table()->neg(r, a, n);
}

void cy_mpn_com(cy_limb *r, const cy_limb *a, size_t n)
{
    CY_ASSERT(r == a || cy__disjoint(r, n, a, n));
    if (n < 4) { /* below one vector: inline, the table lookup and call cost more than the limbs */
        cy__mpn_com_loop(r, a, n);
        return;
    }
    table()->com(r, a, n);
}

cy_limb cy_mpn_divrem_1_preinv(cy_limb *q, const cy_limb *a, size_t n, const cy_mpn_div1_inv *inv)
{
    CY_ASSERT(q == a || cy__disjoint(q, n, a, n));
    return table()->divrem_1_preinv(q, a, n, inv);
}
