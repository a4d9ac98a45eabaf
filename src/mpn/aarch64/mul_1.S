/* cy__mpn_mul_1_aarch64 -- {r, n} + 2^(64 n) * c = {a, n} * b, AArch64.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * c = {a, n} * b,   the high limb c is returned.
 *
 *   cy_limb cy__mpn_mul_1_aarch64(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (AAPCS64): x0 = r, x1 = a (both advance), x2 = n, then pairs left, x3 = b,
 *   x4 = the carry limb c; x5-x10 limbs and partial products in flight; x0 = the return value.
 *   Only caller-saved registers; no stack.
 * Needs: ARMv8-A base instructions only (A64). Written from the Arm Architecture Reference Manual
 *   for A-profile (ARM DDI 0487), C6.2: MUL (low 64 bits) and UMULH (high 64 bits of the
 *   unsigned 128-bit product), ADDS/ADCS/ADC, LDP/STP; AAPCS64 (ARM IHI 0055) for the registers.
 * Measured: not yet (qemu-user only here, which cannot time).
 *
 * Method: per pair of limbs, lo_i + 2^64 hi_i = a_i * b (MUL, UMULH); then
 *   r_0 = lo_0 + c, r_1 = lo_1 + hi_0 + C, c = hi_1 + C (ADDS, ADCS, ADC). The high half of a
 *   product is at most 2^64 - 2, so hi_1 + C never wraps. The carry limb is the only loop-carried
 *   value (one ADDS, one ADCS and one ADC per pair); the flags are dead between passes.
 *   The odd limb (n bit 0) goes first, then n / 2 passes.
 * r <= a or disjoint (r may lie below a, overlapping it): each pass loads its two limbs before it
 *   stores two limbs at addresses no higher, and never reads below what it loaded.
 * Branches depend on n only (constant time in the limb values). n = 0 returns 0.
 */
	.text
	.globl	cy__mpn_mul_1_aarch64
	.type	cy__mpn_mul_1_aarch64, %function
	.p2align 4
cy__mpn_mul_1_aarch64:
	mov	x4, xzr			/* c = 0 */
	tbz	x2, #0, 1f
	ldr	x5, [x1], #8
	mul	x6, x5, x3
	umulh	x4, x5, x3
	str	x6, [x0], #8
1:	lsr	x2, x2, #1
	cbz	x2, 3f
2:	ldp	x5, x7, [x1], #16
	mul	x6, x5, x3		/* lo_0 */
	umulh	x8, x5, x3		/* hi_0 */
	mul	x9, x7, x3		/* lo_1 */
	umulh	x10, x7, x3		/* hi_1 */
	adds	x6, x6, x4
	adcs	x9, x9, x8
	adc	x4, x10, xzr
	stp	x6, x9, [x0], #16
	sub	x2, x2, #1
	cbnz	x2, 2b
3:	mov	x0, x4
	ret
	.size	cy__mpn_mul_1_aarch64, . - cy__mpn_mul_1_aarch64
	.section .note.GNU-stack, "", %progbits
