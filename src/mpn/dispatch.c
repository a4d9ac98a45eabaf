/* Run-time choice of back end and the public entry points of the dispatched kernels.
 * SPDX-License-Identifier: MIT
 *
 * `cy__mpn_current` points at one of the constant tables below, or is NULL until the first call chooses
 * one (CARRY_CPU, else the best this CPU runs). After that every entry point costs one load, one
 * well-predicted test and one indirect call. Threads racing through the first call compute the
 * same choice and store the same pointer; the tables are constant objects, so a relaxed atomic
 * load is all the ordering needed. */
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "impl.h"

static const cy_mpn_table generic_table = {
    cy__mpn_add_n_generic,    cy__mpn_sub_n_generic,  cy__mpn_mul_1_generic,
    cy__mpn_addmul_1_generic, cy__mpn_submul_1_generic, cy__mpn_lshift_generic,
    cy__mpn_rshift_generic, cy__mpn_add_1_generic, cy__mpn_sub_1_generic,
    cy__mpn_neg_generic, cy__mpn_divexact_bm1_generic, cy__mpn_divrem_1_preinv_generic,
    cy__mpn_mul_basecase_generic, cy__mpn_sqr_basecase_generic, cy__mpn_mul_fixed_generic,
    cy__mpn_sqr_fixed_generic, 8, 0,
    cy__mpn_mullo_fixed_generic, &cy__mul_tune_base,
};

#ifdef CY_ASM_X86_64
#include <cpuid.h>

CY__DECLARE_KERNELS(x86_64)
CY__DECLARE_KERNELS(adx)

/* src/mpn/x86_64/divrem_1_preinv.S reads the fields of cy_mpn_div1_inv at these offsets. */
#include <stddef.h>
_Static_assert(offsetof(cy_mpn_div1_inv, d) == 0 && offsetof(cy_mpn_div1_inv, dnorm) == 8 &&
                   offsetof(cy_mpn_div1_inv, v) == 16 && offsetof(cy_mpn_div1_inv, shift) == 24,
               "cy_mpn_div1_inv layout assumed by divrem_1_preinv.S");

static const cy_mpn_table x86_64_table = {
    cy__mpn_add_n_x86_64,    cy__mpn_sub_n_x86_64,    cy__mpn_mul_1_x86_64,
    cy__mpn_addmul_1_x86_64, cy__mpn_submul_1_x86_64, cy__mpn_lshift_x86_64,
    cy__mpn_rshift_x86_64, cy__mpn_add_1_x86_64, cy__mpn_sub_1_x86_64,
    cy__mpn_neg_x86_64, cy__mpn_divexact_bm1_generic, cy__mpn_divrem_1_preinv_x86_64,
    cy__mpn_mul_basecase_generic, cy__mpn_sqr_basecase_generic, cy__mpn_mul_fixed_generic,
    cy__mpn_sqr_fixed_generic, 8, 0,
    cy__mpn_mullo_fixed_generic, &cy__mul_tune_base,
};

static const cy_mpn_table adx_table = {
    cy__mpn_add_n_x86_64, cy__mpn_sub_n_x86_64, cy__mpn_mul_1_adx,
    cy__mpn_addmul_1_adx, cy__mpn_submul_1_adx, cy__mpn_lshift_adx,
    cy__mpn_rshift_adx, cy__mpn_add_1_x86_64, cy__mpn_sub_1_x86_64,
    cy__mpn_neg_x86_64, cy__mpn_divexact_bm1_adx, cy__mpn_divrem_1_preinv_x86_64,
    cy__mpn_mul_basecase_adx, cy__mpn_sqr_basecase_adx, cy__mpn_mul_fixed_adx,
    cy__mpn_sqr_fixed_adx, 16, 0,
    cy__mpn_mullo_fixed_adx, &cy__mul_tune_base,
};

/* The adx kernels, basecase products with AVX-512 IFMA (src/mpn/mul_basecase_ifma.c), and IFMA
 * for Montgomery exponentiation in the mod layer. */
static const cy_mpn_table ifma_table = {
    cy__mpn_add_n_x86_64, cy__mpn_sub_n_x86_64, cy__mpn_mul_1_adx,
    cy__mpn_addmul_1_adx, cy__mpn_submul_1_adx, cy__mpn_lshift_adx,
    cy__mpn_rshift_adx, cy__mpn_add_1_x86_64, cy__mpn_sub_1_x86_64,
    cy__mpn_neg_x86_64, cy__mpn_divexact_bm1_adx, cy__mpn_divrem_1_preinv_x86_64,
    cy__mpn_mul_basecase_ifma, cy__mpn_sqr_basecase_ifma, cy__mpn_mul_fixed_adx,
    cy__mpn_sqr_fixed_adx, 16, 1,
    cy__mpn_mullo_fixed_adx, &cy__mul_tune_ifma,
};

/* The adx back end needs BMI2 (mulx), ADX (adcx/adox) and AVX2 with the OS saving YMM state
 * (Intel SDM vol. 1, 13.3 "Enabling the XSAVE feature set"; CPUID leaf 7 EBX bits 5, 8, 19).
 * CPUID is slow (tens of thousands of cycles under a hypervisor that traps it), so the answer is
 * computed once; racing threads compute and store the same value. */
static int probe_adx(void)
{
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE) || !(c & bit_AVX))
        return 0;
    unsigned xlo, xhi;
    __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
    if ((xlo & 6) != 6) /* XMM and YMM state enabled */
        return 0;
    if (!__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    return (b & bit_AVX2) && (b & bit_BMI2) && (b & bit_ADX);
}

/* The ifma back end needs the adx one, AVX-512 F, VL and IFMA (CPUID leaf 7 EBX bits 16, 31,
 * 21) and the OS saving the opmask and ZMM state (XCR0 bits 5, 6, 7: SDM vol. 1, 15.2). */
static int probe_ifma(void)
{
    unsigned a, b, c, d;
    if (!probe_adx() || !__get_cpuid_count(7, 0, &a, &b, &c, &d))
        return 0;
    if (!(b & bit_AVX512F) || !(b & bit_AVX512VL) || !(b & bit_AVX512IFMA))
        return 0;
    unsigned xlo, xhi;
    __asm__("xgetbv" : "=a"(xlo), "=d"(xhi) : "c"(0));
    return (xlo & 0xe6) == 0xe6;
}

/* Probes once; bit 0: adx, bit 1: ifma. */
static int cpu_features(void)
{
    static _Atomic int known = -1; /* -1: not probed yet */
    int k = atomic_load_explicit(&known, memory_order_relaxed);
    if (k < 0) {
        k = probe_adx() | probe_ifma() << 1;
        atomic_store_explicit(&known, k, memory_order_relaxed);
    }
    return k;
}
#endif

static const cy_mpn_table *table_of(cy_cpu cpu)
{
    switch (cpu) {
    case CY_CPU_GENERIC:
        return &generic_table;
#ifdef CY_ASM_X86_64
    case CY_CPU_X86_64:
        return &x86_64_table;
    case CY_CPU_ADX:
        return cpu_features() & 1 ? &adx_table : NULL;
    case CY_CPU_IFMA:
        return cpu_features() & 2 ? &ifma_table : NULL;
#endif
    default:
        return NULL;
    }
}

int cy_cpu_available(cy_cpu cpu)
{
    return table_of(cpu) != NULL;
}

static const char *const names[CY_CPU_COUNT] = {"generic", "x86_64", "adx", "ifma"};

const char *cy_cpu_name(cy_cpu cpu)
{
    return (unsigned)cpu < CY_CPU_COUNT ? names[cpu] : NULL;
}

_Atomic(const cy_mpn_table *) cy__mpn_current = NULL;

__attribute__((noinline)) const cy_mpn_table *cy__mpn_select_table(void)
{
    const cy_mpn_table *t = NULL;
    const char *env = getenv("CARRY_CPU");
    for (int i = 0; env && i < CY_CPU_COUNT && !t; i++)
        if (strcmp(env, names[i]) == 0)
            t = table_of((cy_cpu)i);
    for (int i = CY_CPU_COUNT - 1; i >= 0 && !t; i--) /* the best one available */
        t = table_of((cy_cpu)i);
    atomic_store_explicit(&cy__mpn_current, t, memory_order_relaxed);
    return t;
}

/* The entry points below use the inline copy of impl.h (a load and a test, then a tail jump). */
static inline const cy_mpn_table *table(void)
{
    return cy__mpn_table_inline();
}

const cy_mpn_table *cy__mpn_table(void)
{
    return table();
}

int cy_cpu_set(cy_cpu cpu)
{
    const cy_mpn_table *t = table_of(cpu);
    if (!t)
        return -1;
    atomic_store_explicit(&cy__mpn_current, t, memory_order_relaxed);
    return 0;
}

cy_cpu cy_cpu_get(void)
{
    const cy_mpn_table *t = cy__mpn_table();
    for (int i = 0; i < CY_CPU_COUNT; i++)
        if (table_of((cy_cpu)i) == t)
            return (cy_cpu)i;
    return CY_CPU_GENERIC; /* not reached: every table comes from table_of */
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
    return table()->neg(r, a, n);
}

cy_limb cy_mpn_divrem_1_preinv(cy_limb *q, const cy_limb *a, size_t n, const cy_mpn_div1_inv *inv)
{
    CY_ASSERT(q == a || cy__disjoint(q, n, a, n));
    return table()->divrem_1_preinv(q, a, n, inv);
}
