/* libFuzzer target: carry/u128.h against unsigned __int128, each backend the compiler has (the
 * first byte picks it; u128_body.c holds the checks). SPDX-License-Identifier: MIT */
#include "fuzz.h"

#define X(v) int v(fz_in *in);
FZ_VARIANTS
#undef X
#define X(v) v,
static int (*const variants[])(fz_in *) = {FZ_VARIANTS};
#undef X

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = fz_start(data, size);
    return variants[fz_byte(&in) % (sizeof variants / sizeof variants[0])](&in);
}
