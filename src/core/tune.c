/* The crossovers in force for each back end (src/core/tune.h).
 * SPDX-License-Identifier: MIT */
#include "core/tune.h"

static const cy__tune *const own[CY_CPU_COUNT] = {
    [CY_CPU_GENERIC] = &cy__tune_generic,
    [CY_CPU_X86_64] = &cy__tune_x86_64,
    [CY_CPU_ADX] = &cy__tune_adx,
    [CY_CPU_IFMA] = &cy__tune_ifma,
    [CY_CPU_AARCH64] = &cy__tune_generic, /* not tuned yet: no AArch64 hardware to measure on */
    [CY_CPU_POWER8] = &cy__tune_generic,  /* not tuned yet: no POWER hardware to measure on */
    [CY_CPU_POWER9] = &cy__tune_generic,  /* not tuned yet: no POWER hardware to measure on */
};

const cy__tune *cy__tunes[CY_CPU_COUNT] = {
    [CY_CPU_GENERIC] = &cy__tune_generic,
    [CY_CPU_X86_64] = &cy__tune_x86_64,
    [CY_CPU_ADX] = &cy__tune_adx,
    [CY_CPU_IFMA] = &cy__tune_ifma,
    [CY_CPU_AARCH64] = &cy__tune_generic, /* not tuned yet: no AArch64 hardware to measure on */
    [CY_CPU_POWER8] = &cy__tune_generic,  /* not tuned yet: no POWER hardware to measure on */
    [CY_CPU_POWER9] = &cy__tune_generic,  /* not tuned yet: no POWER hardware to measure on */
};

void cy__tune_force(const cy__tune *t)
{
    for (int c = 0; c < CY_CPU_COUNT; c++)
        cy__tunes[c] = t ? t : own[c];
}
