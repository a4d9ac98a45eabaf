/* cy__mpn_sub_1_aarch64 -- {r, n} - 2^(64 n) * c = {a, n} - b, AArch64.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * c = {a, n} - b,   the borrow c in {0, 1} is returned.
 *
 *   cy_limb cy__mpn_sub_1_aarch64(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (AAPCS64): x0 = r, x1 = a (both advance), x2 = n, then pairs left, x3 = b;
 *   x4, x5 limbs in flight; x0 = the return value. Only caller-saved registers; no stack.
 * Needs: ARMv8-A base instructions only (A64). Written from the Arm Architecture Reference Manual
 *   for A-profile (ARM DDI 0487), C6.2: SUBS and SBCS (C is the not-borrow for subtraction),
 *   LDP/STP; AAPCS64 (ARM IHI 0055) for the registers.
 * Measured: not yet (qemu-user only here, which cannot time).
 *
 * Method: b goes into limb 0 with SUBS; the carry then runs through every further limb with
 *   SBCS of xzr (no early exit: the time depends on n only, as for the generic kernel): the odd
 *   limb of n - 1 first, then pairs with LDP/STP. TBZ, CBZ, CBNZ, LSR and SUB leave C alone.
 * r == a or disjoint: each limb is read before it is written.
 * n = 0 reads and writes nothing and returns b (as the generic kernel does).
 */
	.text
	.globl	cy__mpn_sub_1_aarch64
	.type	cy__mpn_sub_1_aarch64, %function
	.p2align 4
cy__mpn_sub_1_aarch64:
	cbz	x2, 4f
	ldr	x4, [x1], #8
	subs	x4, x4, x3
	str	x4, [x0], #8
	sub	x2, x2, #1		/* SUB, LSR, TBZ, CBZ, CBNZ: C stays */
	tbz	x2, #0, 1f
	ldr	x4, [x1], #8
	sbcs	x4, x4, xzr
	str	x4, [x0], #8
1:	lsr	x2, x2, #1
	cbz	x2, 3f
2:	ldp	x4, x5, [x1], #16
	sbcs	x4, x4, xzr
	sbcs	x5, x5, xzr
	stp	x4, x5, [x0], #16
	sub	x2, x2, #1
	cbnz	x2, 2b
3:	cset	x0, cc
	ret
4:	mov	x0, x3			/* n = 0: b */
	ret
	.size	cy__mpn_sub_1_aarch64, . - cy__mpn_sub_1_aarch64
	.section .note.GNU-stack, "", %progbits
