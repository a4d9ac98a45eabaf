/* carry-bench suite "mpn": the linear kernels, every back end, against GMP's mpn functions.
 * SPDX-License-Identifier: MIT */
#include <gmp.h>
#include <stdlib.h>

#include "bench.h"
#include "carry.h"

void bench_mpn(int quick)
{
    (void)quick; /* filled in by the foundation work */
}
