/* carry/cpu.h -- the back end: which instruction set the library's kernels use.
 *
 * SPDX-License-Identifier: MIT
 *
 * Below every compiled layer (mpn indexes its kernel table by it, mod picks its ADX and IFMA code
 * by it); carry/mpn.h includes it.
 */
#ifndef CARRY_CPU_H
#define CARRY_CPU_H

#include "carry/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* ---- Back ends ------------------------------------------------------------------------------
 *
 * Kernels that have assembly versions are called through one table of function pointers, chosen
 * when the library is loaded, from CPUID (x86-64), from getauxval(AT_HWCAP2) (ppc64le: power9
 * where the kernel reports Power ISA 3.0, else power8; an AArch64 build always has its one back
 * end, aarch64) or from the environment variable
 * CARRY_CPU=generic|x86_64|adx|ifma|aarch64|power8|power9 when it names a back end this build has
 * and this CPU can run. The back ends of one architecture form a chain:
 * each x86-64 one can run the code of the x86-64 ones before it in the enumeration, power9 that of
 * power8; every processor runs generic. power9 has the kernels of power8 except mul_1, addmul_1
 * and submul_1, which use Power ISA 3.0's maddld/maddhdu. ifma has the
 * kernels of adx except the basecase multiplication and squaring, which use AVX-512 IFMA, and its
 * own crossovers (src/core/tune_ifma.c); the mod layer uses IFMA in it for cy_mont_mul,
 * cy_mont_sqr, cy_mont_powm and cy_mont_powm_vartime (size ranges in docs/mod.md).
 */
typedef enum cy_cpu {
    CY_CPU_GENERIC = 0, /* portable C, every target */
    CY_CPU_X86_64 = 1,  /* x86-64 baseline assembly: adc, sbb, mul */
    CY_CPU_ADX = 2,     /* x86-64 with BMI2 and ADX: mulx, adcx, adox */
    CY_CPU_IFMA = 3,    /* adx, and AVX-512 F, VL, IFMA (vpmadd52luq) with ZMM state enabled */
    CY_CPU_AARCH64 = 4, /* AArch64 (ARMv8-A base): adds/adcs, subs/sbcs, mul/umulh, ldp/stp */
    CY_CPU_POWER8 = 5,  /* POWER little-endian, ISA 2.07 base: addc/adde, subfc/subfe, mulld/mulhdu */
    CY_CPU_POWER9 = 6   /* power8, and Power ISA 3.0 (POWER9): maddld/maddhdu */
} cy_cpu;

#define CY_CPU_COUNT 7

/* 1 if this build contains back end `cpu` and this processor can run it, else 0. */
CY_API int cy_cpu_available(cy_cpu cpu);

/* Makes `cpu` the back end for all later calls, from every thread. Returns 0, or -1 (and changes
 * nothing) when cy_cpu_available(cpu) is 0. Meant for tests and benchmarks: switching while
 * another thread is inside a kernel is safe (each call uses one back end) but mixes back ends. */
CY_API int cy_cpu_set(cy_cpu cpu);

/* The back end in use (after selecting one if none has been yet). */
CY_API cy_cpu cy_cpu_get(void);

/* "generic", "x86_64", "adx", "ifma", "aarch64", "power8" or "power9"; NULL for a value outside
 * the enumeration. */
CY_API const char *cy_cpu_name(cy_cpu cpu);

#ifdef __cplusplus
}
#endif

#endif /* CARRY_CPU_H */
