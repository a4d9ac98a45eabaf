/* cy__mpn_rshift_aarch64 -- {r, n} + 2^(-64) * c = {a, n} / 2^cnt, AArch64.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} = floor({a, n} / 2^cnt),   the bits shifted out, in the high bits of the
 *   returned limb c = a_0 << (64 - cnt).
 *
 *   cy_limb cy__mpn_rshift_aarch64(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);
 *
 * Registers (AAPCS64): x0 = r, x1 = a (both advance), x2 = n, then pairs left, w3 = cnt (1..63),
 *   x4 = -cnt (LSLV/LSRV use the amount mod 64: 64 - cnt), x5 = the limb below the ones in
 *   flight, x6-x12 limbs in flight, x7 = c until the end; x0 = the return value. Only
 *   caller-saved registers; no stack.
 * Needs: ARMv8-A base instructions only (A64). Written from the Arm Architecture Reference Manual
 *   for A-profile (ARM DDI 0487), C6.2: LSLV/LSRV (the amount is taken mod 64), ORR, LDP/STP with
 *   post-index; AAPCS64 (ARM IHI 0055) for the registers.
 * Measured: not yet (qemu-user only here, which cannot time).
 *
 * Method: r_i = (a_i >> cnt) | (a_(i+1) << (64 - cnt)) from the bottom up, r_(n-1) = a_(n-1) >>
 *   cnt; after limb 0, the odd limb of n - 1 first, then pairs with LDP/STP.
 * r <= a or disjoint (r may lie below a, overlapping it): the limbs are read and written from the
 *   bottom up, each loaded before any store at or above its address.
 * Needs n >= 1 and 1 <= cnt <= 63 (n = 0 returns 0 and touches nothing, as on x86-64).
 * Branches depend on n only (constant time in the limb values).
 */
	.text
	.globl	cy__mpn_rshift_aarch64
	.type	cy__mpn_rshift_aarch64, %function
	.p2align 4
cy__mpn_rshift_aarch64:
	cbz	x2, 4f			/* n = 0 (outside the API): touch nothing, return 0 */
	neg	x4, x3			/* 64 - cnt, mod 64 */
	ldr	x5, [x1], #8		/* a_0 */
	lsl	x7, x5, x4		/* c */
	sub	x2, x2, #1
	tbz	x2, #0, 1f
	ldr	x6, [x1], #8
	lsr	x8, x5, x3
	lsl	x9, x6, x4
	orr	x8, x8, x9
	str	x8, [x0], #8
	mov	x5, x6
1:	lsr	x2, x2, #1
	cbz	x2, 3f
2:	ldp	x6, x10, [x1], #16	/* x6 = the limb above x5, x10 the one above that */
	lsr	x8, x5, x3
	lsl	x9, x6, x4
	orr	x8, x8, x9
	lsr	x11, x6, x3
	lsl	x12, x10, x4
	orr	x11, x11, x12
	stp	x8, x11, [x0], #16
	mov	x5, x10
	sub	x2, x2, #1
	cbnz	x2, 2b
3:	lsr	x8, x5, x3		/* r_(n-1) */
	str	x8, [x0]
	mov	x0, x7
	ret
4:	mov	x0, xzr
	ret
	.size	cy__mpn_rshift_aarch64, . - cy__mpn_rshift_aarch64
	.section .note.GNU-stack, "", %progbits
