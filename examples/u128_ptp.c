/* PTP clock frequency adjustment with carry/u128.h: scale a 64-bit increment value by a
 * scaled_ppm request exactly, the way a NIC driver's adjfine callback does, and compare with the
 * old "shift until the product fits in 64 bits" code.
 * Build: cc -I<carry>/include u128_ptp.c (header-only: no library needed). SPDX-License-Identifier: MIT */
#include <carry/u128.h>
#include <inttypes.h>
#include <stdio.h>

/* The old way: drop low bits of multiplier and divisor until incval * ppm fits in 64 bits. */
static uint64_t adjust_old(uint64_t incval, int64_t scaled_ppm)
{
    uint64_t ppm = scaled_ppm < 0 ? (uint64_t)0 - (uint64_t)scaled_ppm : (uint64_t)scaled_ppm;
    uint64_t divisor = UINT64_C(1000000) << 16;
    while (ppm > UINT64_MAX / incval) {
        ppm >>= 2;
        divisor >>= 2;
    }
    uint64_t diff = ppm * incval / divisor;
    return scaled_ppm < 0 ? incval - diff : incval + diff;
}

int main(void)
{
    const uint64_t incval = UINT64_C(0x13b13b13b); /* nanoseconds per tick, 32 fractional bits */
    const int64_t requests[] = {1, -65536, 6553600, -3000000000, 4000000000, 6553600000};
    int bad = 0;
    for (size_t i = 0; i < sizeof requests / sizeof requests[0]; i++) {
        bool err = false;
        uint64_t exact = cy_adjust_by_scaled_ppm(incval, requests[i], &err);
        uint64_t old = adjust_old(incval, requests[i]);
        /* the same through the lower-level pieces: diff = floor(incval * |ppm| / (10^6 * 2^16)) */
        uint64_t diff;
        bool neg = cy_diff_by_scaled_ppm(incval, requests[i], &diff, &err);
        bad |= err || exact != (neg ? incval - diff : incval + diff);
        printf("scaled_ppm %12" PRId64 " (%10.3f ppm): exact %" PRIu64 ", old way %" PRIu64 " (off by %" PRId64 ")\n",
               requests[i], requests[i] / 65536.0, exact, old, (int64_t)(old - exact));
    }
    /* errors are flags, never traps: a division by zero gives a documented value */
    bool err = false;
    uint64_t q = cy_mul_u64_u64_div_u64(5, 7, 0, &err);
    char buf[CY_U128_DEC_SIZE];
    cy_u128_to_dec(buf, cy_u128_mul_u64_u64(UINT64_MAX, UINT64_MAX));
    printf("5 * 7 / 0 = %" PRIu64 " (err %d); (2^64 - 1)^2 = %s\n", q, err, buf);
    return bad || !err;
}
