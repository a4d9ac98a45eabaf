/* The crossovers of each back end, indexed by cy_cpu (src/core/tune.h).
 * SPDX-License-Identifier: MIT */
#include "core/tune.h"

const cy__tune *const cy__tunes[CY_CPU_COUNT] = {
    [CY_CPU_GENERIC] = &cy__tune_generic,
    [CY_CPU_X86_64] = &cy__tune_x86_64,
    [CY_CPU_ADX] = &cy__tune_adx,
    [CY_CPU_IFMA] = &cy__tune_ifma,
};

const cy__tune *cy__tune_force = NULL;
