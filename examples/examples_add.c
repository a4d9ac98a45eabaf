/* Adds two 192-bit numbers with carry's limb-vector layer and prints the sum in hex.
 * Build: cc examples_add.c $(pkg-config --cflags --libs carry). SPDX-License-Identifier: MIT */
#include <carry.h>
#include <inttypes.h>
#include <stdio.h>

int main(void)
{
    /* 2^192 - 1 (all ones) plus 1: every limb carries, the sum is 2^192. */
    cy_limb a[192 / CY_LIMB_BITS], b[192 / CY_LIMB_BITS] = {1}, r[192 / CY_LIMB_BITS];
    size_t n = sizeof a / sizeof a[0];
    for (size_t i = 0; i < n; i++)
        a[i] = CY_LIMB_MAX;
    cy_limb carry = cy_mpn_add_n(r, a, b, n);
    printf("carry=%u sum=", (unsigned)carry);
    for (size_t i = n; i-- > 0;)
        printf("%0*" PRIx64, CY_LIMB_BITS / 4, (uint64_t)r[i]);
    printf(" (backend %s)\n", cy_cpu_name(cy_cpu_get()));
    return !(carry == 1 && r[0] == 0 && r[n - 1] == 0);
}
