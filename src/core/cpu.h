/* Private to carry: which back end runs. Every layer asks here, and only here, whether it may use
 * an instruction set (the mpn layer to index its kernel table, the mod layer for its ADX and IFMA
 * code); nobody infers it from function pointers.
 * SPDX-License-Identifier: MIT
 *
 * The back ends of one architecture are ordered: each one can run the code of every back end below
 * it (generic < x86_64 < adx < ifma, generic < power8 < power9), so "at least adx" is a
 * comparison within the x86-64 family (cy__cpu_family); aarch64 and the POWER chain are families
 * of their own, and generic belongs to every family. The choice is made once,
 * on first use (CARRY_CPU, else the best one this CPU runs), and changed only by cy_cpu_set. */
#ifndef CARRY_SRC_CORE_CPU_H
#define CARRY_SRC_CORE_CPU_H

#include <stdatomic.h>

#include "carry/cpu.h"

/* The back end in use: always a valid one. It is generic until the library's load-time
 * constructor (src/core/cpu.c) stores the choice (CARRY_CPU, else the best available), so code
 * that runs before it (another constructor) is correct, only slower. Hidden: the inline query
 * below reads it directly (a call to an exported function could not be inlined under -fPIC). */
extern _Atomic int cy__cpu_current __attribute__((visibility("hidden")));

/* The back end in use: one relaxed load, no test and no call, so that the dispatched entry points
 * stay leaf functions that end in a tail jump. */
static inline cy_cpu cy__cpu_now(void)
{
    return (cy_cpu)atomic_load_explicit(&cy__cpu_current, memory_order_relaxed);
}

/* The architecture of a back end: 0 for generic (it runs everywhere), 1 for the x86-64 chain
 * (x86_64 < adx < ifma), 2 for aarch64, 3 for the POWER chain (power8 < power9). */
static inline int cy__cpu_family(int cpu)
{
    return cpu == CY_CPU_GENERIC ? 0 : cpu <= CY_CPU_IFMA ? 1 : cpu == CY_CPU_AARCH64 ? 2 : 3;
}

/* 1 when the back end in use can run the code of back end `at_least` (and so has its
 * instruction set): cy__cpu_uses(CY_CPU_ADX) is true for adx and ifma, not for aarch64. */
static inline int cy__cpu_uses(cy_cpu at_least)
{
    int now = cy__cpu_now();
    return at_least == CY_CPU_GENERIC ||
           (now >= (int)at_least && cy__cpu_family(now) == cy__cpu_family((int)at_least));
}

#endif /* CARRY_SRC_CORE_CPU_H */
