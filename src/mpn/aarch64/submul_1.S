/* cy__mpn_submul_1_aarch64 -- {r, n} - 2^(64 n) * c = {r, n} - {a, n} * b, AArch64.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * c = {r, n} - {a, n} * b,   the borrow limb c is returned.
 *
 *   cy_limb cy__mpn_submul_1_aarch64(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (AAPCS64): x0 = r, x1 = a (both advance), x2 = n, then pairs left, x3 = b,
 *   x4 = the borrow limb c; x5-x12 limbs and partial products in flight; x0 = the return value.
 *   Only caller-saved registers; no stack.
 * Needs: ARMv8-A base instructions only (A64). Written from the Arm Architecture Reference Manual
 *   for A-profile (ARM DDI 0487), C6.2: MUL, UMULH, ADDS/ADCS/ADC, SUBS/SBCS (C = NOT borrow),
 *   CINC, LDP/STP; AAPCS64 (ARM IHI 0055) for the registers.
 * Measured: not yet (qemu-user only here, which cannot time).
 *
 * Method: per pair of limbs, p = {a_0, a_1} * b + c as three limbs p_0, p_1, p_2 (ADDS, ADCS,
 *   ADC; below 2^192); then {r_0, r_1} - {p_0, p_1} (SUBS, SBCS) and the new c = p_2 + borrow
 *   (CINC on C clear). p <= (2^128 - 1)(2^64 - 1) + 2^64 - 1 = 2^192 - 2^128, so p_2 = 2^64 - 1
 *   only with p_0 = p_1 = 0, when nothing borrows: c never wraps. The odd limb (n bit 0) first.
 * r == a or disjoint: each pass loads its limbs of a and r before it stores.
 * Branches depend on n only (constant time in the limb values). n = 0 returns 0.
 */
	.text
	.globl	cy__mpn_submul_1_aarch64
	.type	cy__mpn_submul_1_aarch64, %function
	.p2align 4
cy__mpn_submul_1_aarch64:
	mov	x4, xzr			/* c = 0 */
	tbz	x2, #0, 1f
	ldr	x5, [x1], #8
	ldr	x11, [x0]
	mul	x6, x5, x3
	umulh	x4, x5, x3
	subs	x11, x11, x6
	cinc	x4, x4, cc		/* + borrow; hi <= 2^64 - 2 */
	str	x11, [x0], #8
1:	lsr	x2, x2, #1
	cbz	x2, 3f
2:	ldp	x5, x7, [x1], #16
	ldp	x11, x12, [x0]
	mul	x6, x5, x3		/* lo_0 */
	umulh	x8, x5, x3		/* hi_0 */
	mul	x9, x7, x3		/* lo_1 */
	umulh	x10, x7, x3		/* hi_1 */
	adds	x6, x6, x4		/* p = {a_0, a_1} b + c */
	adcs	x9, x9, x8
	adc	x10, x10, xzr
	subs	x11, x11, x6		/* {r_0, r_1} - {p_0, p_1} */
	sbcs	x12, x12, x9
	cinc	x4, x10, cc		/* c = p_2 + borrow (C clear: borrow) */
	stp	x11, x12, [x0], #16
	sub	x2, x2, #1
	cbnz	x2, 2b
3:	mov	x0, x4
	ret
	.size	cy__mpn_submul_1_aarch64, . - cy__mpn_submul_1_aarch64
	.section .note.GNU-stack, "", %progbits
