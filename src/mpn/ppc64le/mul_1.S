/* cy__mpn_mul_1_power8 -- {r, n} + 2^(64 n) * c = {a, n} * b, POWER little-endian (ppc64le).
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * c = {a, n} * b,   the high limb c is returned.
 *
 *   cy_limb cy__mpn_mul_1_power8(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (64-bit ELF V2 ABI): r3 = r, r4 = a (both run 8 bytes behind the next limb and
 *   advance with LDU/STDU), r5 = n, then pairs left (in CTR), r6 = b, r7 = the carry limb c;
 *   r0, r8-r11 limbs and partial products in flight; r3 = the return value. Only volatile
 *   registers; no stack.
 * Needs: Power ISA 2.07 (POWER8) base instructions only. Written from the Power ISA v3.0B Book I,
 *   3.3.9: MULLD (low 64 bits) and MULHDU (high 64 bits of the unsigned 128-bit product),
 *   ADDC/ADDE/ADDZE; LD/LDU, STD/STDU; MTCTR and BDNZ; the 64-bit ELF V2 ABI specification
 *   (OpenPOWER) for the registers.
 * Measured: not yet (qemu cannot time). The inner loop is a pair in LD, LDU, 2 MULLD, 2 MULHDU,
 *   ADDC, ADDE, ADDZE, STD, STDU and BDNZ: 12 instructions, 6 per limb; the chain from one c to
 *   the next is ADDC, ADDE, ADDZE, 1.5 per limb.
 *
 * Method: per pair of limbs, lo_i + 2^64 hi_i = a_i * b (MULLD, MULHDU); then
 *   r_0 = lo_0 + c, r_1 = lo_1 + hi_0 + CA, c = hi_1 + CA (ADDC, ADDE, ADDZE). The high half of a
 *   product is at most 2^64 - 2, so hi_1 + CA never wraps. The carry limb is the only
 *   loop-carried value; CA is dead between passes. The odd limb (n bit 0) goes first, then n / 2
 *   passes.
 * r <= a or disjoint (r may lie below a, overlapping it): each pass loads its two limbs before it
 *   stores two limbs at addresses no higher, and never reads below what it loaded.
 * Branches depend on n only (constant time in the limb values). n = 0 returns 0.
 */
	.abiversion 2
	.text
	.globl	cy__mpn_mul_1_power8
	.type	cy__mpn_mul_1_power8, @function
	.p2align 4
cy__mpn_mul_1_power8:
	li	%r7, 0			/* c = 0 */
	addi	%r3, %r3, -8
	addi	%r4, %r4, -8
	andi.	%r0, %r5, 1
	beq	%cr0, 1f
	ldu	%r8, 8(%r4)
	mulld	%r9, %r8, %r6
	mulhdu	%r7, %r8, %r6
	stdu	%r9, 8(%r3)
1:	srdi.	%r5, %r5, 1
	beq	%cr0, 3f
	mtctr	%r5
2:	ld	%r8, 8(%r4)
	ldu	%r10, 16(%r4)
	mulld	%r9, %r8, %r6		/* lo_0 */
	mulhdu	%r8, %r8, %r6		/* hi_0 */
	mulld	%r11, %r10, %r6		/* lo_1 */
	mulhdu	%r10, %r10, %r6		/* hi_1 */
	addc	%r9, %r9, %r7
	adde	%r11, %r11, %r8
	addze	%r7, %r10
	std	%r9, 8(%r3)
	stdu	%r11, 16(%r3)
	bdnz	2b
3:	mr	%r3, %r7
	blr
	.size	cy__mpn_mul_1_power8, . - cy__mpn_mul_1_power8
	.section .note.GNU-stack, "", @progbits
