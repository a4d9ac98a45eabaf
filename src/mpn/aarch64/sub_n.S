/* cy__mpn_sub_n_aarch64 -- {r, n} - 2^(64 n) * c = {a, n} - {b, n}, AArch64.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * c = {a, n} - {b, n},   c in {0, 1} is returned (the borrow).
 *
 *   cy_limb cy__mpn_sub_n_aarch64(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
 *
 * Registers (AAPCS64): x0 = r, x1 = a, x2 = b (all three advance), x3 = n, then n / 4 passes
 *   left; x4-x11 limbs in flight; x0 = the return value. Only caller-saved registers (x0-x15)
 *   are written; no stack.
 * Needs: ARMv8-A base instructions only (A64). Written from the Arm Architecture Reference Manual
 *   for A-profile (ARM DDI 0487), C6.2: SUBS and SBCS (the carry flag C is the not-borrow for
 *   subtraction: SBCS computes a + NOT b + C), LDP/STP with post-index; AAPCS64 (ARM IHI 0055)
 *   for the registers.
 * Measured: not yet; the only AArch64 here is qemu-user, which cannot time (the inner loop is
 *   4 limbs in 2 + 2 LDP, 4 SBCS, 2 STP, 3 address adds, SUB and CBNZ: 3.75 instructions per limb,
 *   and the loop-carried chain is the one SBCS per limb through C).
 *
 * Method: one carry chain in C. The chain starts with C = 1 (CMP xzr, xzr: 0 - 0 does not
 *   borrow), then every limb goes through SBCS: first the odd limb (n bit 0), then a pair
 *   (n bit 1), then n / 4 passes of a loop of four limbs. TBZ, CBZ, CBNZ, LSR, SUB and ADD
 *   (without S) leave the flags alone, so the chain runs through the whole vector.
 * Each limb is read before it is written and never read again, so r == a and r == b are safe.
 * Branches depend on n only (constant time in the limb values).
 * n = 0 reads and writes nothing and returns 0.
 */
	.text
	.globl	cy__mpn_sub_n_aarch64
	.type	cy__mpn_sub_n_aarch64, %function
	.p2align 4
cy__mpn_sub_n_aarch64:
	cmp	xzr, xzr				/* C = 1: no carry in (no borrow in) */
	tbz	x3, #0, 1f
	ldr	x4, [x1], #8
	ldr	x5, [x2], #8
	sbcs	x4, x4, x5
	str	x4, [x0], #8
1:	tbz	x3, #1, 2f
	ldp	x4, x5, [x1], #16
	ldp	x6, x7, [x2], #16
	sbcs	x4, x4, x6
	sbcs	x5, x5, x7
	stp	x4, x5, [x0], #16
2:	lsr	x3, x3, #2		/* passes of the loop; LSR sets no flags */
	cbz	x3, 4f
3:	ldp	x4, x5, [x1]
	ldp	x8, x9, [x2]
	ldp	x6, x7, [x1, #16]
	ldp	x10, x11, [x2, #16]
	sbcs	x4, x4, x8
	sbcs	x5, x5, x9
	sbcs	x6, x6, x10
	sbcs	x7, x7, x11
	stp	x4, x5, [x0]
	stp	x6, x7, [x0, #16]
	add	x1, x1, #32
	add	x2, x2, #32
	add	x0, x0, #32
	sub	x3, x3, #1		/* SUB, not SUBS: C carries over to the next pass */
	cbnz	x3, 3b
4:	cset	x0, cc			/* the borrow: NOT C */
	ret
	.size	cy__mpn_sub_n_aarch64, . - cy__mpn_sub_n_aarch64
	.section .note.GNU-stack, "", %progbits
