/* cy__mpn_lshift_power8 -- {r, n} + 2^(64 n) * c = {a, n} * 2^cnt, POWER little-endian (ppc64le).
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * c = {a, n} * 2^cnt,   the bits shifted out,
 *   c = a_(n-1) >> (64 - cnt), are returned.
 *
 *   cy_limb cy__mpn_lshift_power8(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);
 *
 * Registers (64-bit ELF V2 ABI): r3 = r, r4 = a (both run down from the top with LDU/STDU,
 *   pointing at the last limb handled), r5 = n, then pairs left (in CTR), r6 = cnt (1..63; SLD and
 *   SRD read only its low 7 bits), r7 = 64 - cnt, r8 = the limb above the ones in flight, r9-r12
 *   limbs in flight, r0 = c until the end; r3 = the return value. Only volatile registers; no
 *   stack.
 * Needs: Power ISA 2.07 (POWER8) base instructions only. Written from the Power ISA v3.0B Book I,
 *   3.3.14.2: SLD and SRD (the amount is the low 7 bits of rB: 64 and more give 0, so 64 - cnt is
 *   computed exactly with SUBFIC), OR, SLDI; LD/LDU, STD/STDU; MTCTR and BDNZ; the 64-bit ELF V2
 *   ABI specification (OpenPOWER) for the registers.
 * Measured: not yet (qemu cannot time). The inner loop is a pair in LD, LDU, 2 SLD, 2 SRD, 2 OR,
 *   STD, STDU, MR and BDNZ: 12 instructions, 6 per limb.
 *
 * Method: r_i = (a_i << cnt) | (a_(i-1) >> (64 - cnt)) from the top limb down, r_0 = a_0 << cnt;
 *   after the top limb, the odd limb of n - 1 first, then pairs.
 * r >= a or disjoint (r may lie above a, overlapping it): the limbs are read and written from the
 *   top down, each loaded before any store at or below its address.
 * Needs n >= 1 and 1 <= cnt <= 63 (n = 0 returns 0 and touches nothing, as on x86-64).
 * Branches depend on n only (constant time in the limb values).
 */
	.abiversion 2
	.text
	.globl	cy__mpn_lshift_power8
	.type	cy__mpn_lshift_power8, @function
	.p2align 4
cy__mpn_lshift_power8:
	cmpdi	%cr0, %r5, 0
	beq	%cr0, 4f		/* n = 0 (outside the API): touch nothing, return 0 */
	subfic	%r7, %r6, 64		/* 64 - cnt */
	sldi	%r9, %r5, 3
	add	%r4, %r4, %r9		/* a + n */
	add	%r3, %r3, %r9		/* r + n */
	ldu	%r8, -8(%r4)		/* a_(n-1) */
	srd	%r0, %r8, %r7		/* c */
	addi	%r5, %r5, -1
	andi.	%r9, %r5, 1
	beq	%cr0, 1f
	ldu	%r9, -8(%r4)
	sld	%r11, %r8, %r6
	srd	%r12, %r9, %r7
	or	%r11, %r11, %r12
	stdu	%r11, -8(%r3)
	mr	%r8, %r9
1:	srdi.	%r5, %r5, 1
	beq	%cr0, 3f
	mtctr	%r5
2:	ld	%r9, -8(%r4)		/* the limb below r8 */
	ldu	%r10, -16(%r4)		/* the one below that */
	sld	%r11, %r8, %r6
	srd	%r12, %r9, %r7
	or	%r11, %r11, %r12
	std	%r11, -8(%r3)
	sld	%r11, %r9, %r6
	srd	%r12, %r10, %r7
	or	%r11, %r11, %r12
	stdu	%r11, -16(%r3)
	mr	%r8, %r10
	bdnz	2b
3:	sld	%r11, %r8, %r6		/* r_0 */
	std	%r11, -8(%r3)
	mr	%r3, %r0
	blr
4:	li	%r3, 0
	blr
	.size	cy__mpn_lshift_power8, . - cy__mpn_lshift_power8
	.section .note.GNU-stack, "", @progbits
