/* Which back end runs: CPUID probes (x86-64), AT_HWCAP2 (ppc64le), the CARRY_CPU override and
 * cy_cpu_set.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "cpu.h"

#ifdef CY_ASM_X86_64
#include <cpuid.h>

/* The adx back end needs BMI2 (mulx), ADX (adcx/adox) and AVX2 with the OS saving YMM state
 * (Intel SDM vol. 1, 13.3 "Enabling the XSAVE feature set"; CPUID leaf 7 EBX bits 5, 8, 19). */
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

/* The best back end this CPU runs. CPUID is slow (tens of thousands of cycles under a hypervisor
 * that traps it), so the answer is computed once; racing threads compute and store the same. */
static cy_cpu best(void)
{
    static _Atomic int known = -1; /* -1: not probed yet */
    int k = atomic_load_explicit(&known, memory_order_relaxed);
    if (k < 0) {
        k = probe_ifma() ? CY_CPU_IFMA : probe_adx() ? CY_CPU_ADX : CY_CPU_X86_64;
        atomic_store_explicit(&known, k, memory_order_relaxed);
    }
    return (cy_cpu)k;
}
#elif defined(CY_ASM_AARCH64)
/* Every AArch64 processor has the base instructions the aarch64 back end uses. */
static cy_cpu best(void)
{
    return CY_CPU_AARCH64;
}
#elif defined(CY_ASM_PPC64LE)
#include <sys/auxv.h>

/* The kernel's bit for Power ISA 3.0 (POWER9) in AT_HWCAP2: Linux arch/powerpc/include/uapi/
 * asm/cputable.h. glibc's <bits/hwcap.h> has it too, but not every libc does. */
#ifndef PPC_FEATURE2_ARCH_3_00
#define PPC_FEATURE2_ARCH_3_00 0x00800000
#endif

/* Every 64-bit POWER little-endian Linux system runs on POWER8 or later (the ppc64le ELF V2
 * ABI's minimum), which has the base instructions the power8 back end uses; the power9 back end
 * needs Power ISA 3.0 (maddld, maddhdu), which the kernel reports in AT_HWCAP2 (qemu-user too,
 * from its -cpu or QEMU_CPU). getauxval reads the auxiliary vector the kernel passed at exec:
 * cheap, and the same answer every time, so no caching. */
static cy_cpu best(void)
{
    return (getauxval(AT_HWCAP2) & PPC_FEATURE2_ARCH_3_00) ? CY_CPU_POWER9 : CY_CPU_POWER8;
}
#else
static cy_cpu best(void)
{
    return CY_CPU_GENERIC;
}
#endif

/* generic, and the back ends of this build's family up to the best one this CPU runs. */
int cy_cpu_available(cy_cpu cpu)
{
    cy_cpu b = best();
    return (unsigned)cpu < CY_CPU_COUNT &&
           (cpu == CY_CPU_GENERIC || (cy__cpu_family(cpu) == cy__cpu_family(b) && cpu <= b));
}

static const char *const names[CY_CPU_COUNT] = {"generic", "x86_64", "adx", "ifma",
                                                    "aarch64", "power8", "power9"};

const char *cy_cpu_name(cy_cpu cpu)
{
    return (unsigned)cpu < CY_CPU_COUNT ? names[cpu] : NULL;
}

_Atomic int cy__cpu_current = CY_CPU_GENERIC;

/* Runs when the library is loaded (a static library: when the program starts; cpu.o is always
 * linked, since every dispatched entry point reads cy__cpu_current). */
__attribute__((constructor)) static void select_at_load(void)
{
    cy_cpu c = best();
    const char *env = getenv("CARRY_CPU");
    for (int i = 0; env && i < CY_CPU_COUNT; i++)
        if (strcmp(env, names[i]) == 0 && cy_cpu_available((cy_cpu)i))
            c = (cy_cpu)i;
    atomic_store_explicit(&cy__cpu_current, (int)c, memory_order_relaxed);
}

int cy_cpu_set(cy_cpu cpu)
{
    if (!cy_cpu_available(cpu))
        return -1;
    atomic_store_explicit(&cy__cpu_current, (int)cpu, memory_order_relaxed);
    return 0;
}

cy_cpu cy_cpu_get(void)
{
    return cy__cpu_now();
}
