/* libFuzzer target: carry/uint.h (every width, signed and unsigned) against GMP, in each code
 * path the header has: the first byte picks the build's (mulq inline assembly), the portable C,
 * or mulx/adcx/adox where the CPU has BMI2 and ADX. The checks: uint_width.h, uint_body.c.
 * SPDX-License-Identifier: MIT */
#include "fuzz.h"
#include "../common/test.h"

int fuzz_uint_asm(fz_in *in);
int fuzz_uint_c(fz_in *in);
int fuzz_uint_adx(fz_in *in);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = fz_start(data, size);
    int v = fz_byte(&in) % 3;
    if (v == 2 && !t_cpu_has_bmi2_adx())
        v = 0;
    return (v == 0 ? fuzz_uint_asm : v == 1 ? fuzz_uint_c : fuzz_uint_adx)(&in);
}
