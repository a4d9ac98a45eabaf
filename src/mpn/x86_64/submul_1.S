/* cy__mpn_submul_1_x86_64 -- subtract a limb vector times one limb, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * c = {r, n} - {a, n} * b,   the borrow limb c (<= b) is returned.
 *
 *   cy_limb cy__mpn_submul_1_x86_64(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both moved to the end of their vectors),
 *   rdx = n on entry, rcx = b, r9 = -(limbs left), the index that counts up to 0,
 *   rdx:rax = product, r10 = r[i] in flight, r8 = borrow limb c (the return value at the end).
 * Needs: x86-64 baseline only (mul, adc).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 7.0 ticks/call; ticks/limb at n = 8: 2.29, n = 100: 1.98, n = 1000: 1.96,
 *   n = 100000: 1.95 (GMP 6.2.1 in the same run: 8.4; 1.90, 1.81, 1.87, 1.87).
 *
 * Method: for each limb, a[i] * b = hi * 2^64 + lo; r[i] becomes r[i] - lo - c, in two
 * subtractions (r[i] - lo first, which does not wait for c), and the new c is hi plus both
 * borrows, so that r[i] - a[i] * b - c_old = r[i]_new - c_new * 2^64. c_new fits a limb:
 * c_new * 2^64 <= a[i] * b + c_old + (2^64 - 1) <= (2^64 - 1)^2 + 2 (2^64 - 1) < 2^128.
 * mul writes the flags, so no carry survives from one limb to the next; c carries instead, and
 * the chain through c is two instructions per limb. Unrolled twice, an odd n does one limb first.
 * Overlap: r == a is allowed (a[i] and r[i] are read before r[i] is written).
 * Branches depend on n only. n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_submul_1_x86_64
	.type	cy__mpn_submul_1_x86_64, @function
	.p2align 5
cy__mpn_submul_1_x86_64:
	xor	%r8d, %r8d
	lea	(%rsi,%rdx,8), %rsi
	lea	(%rdi,%rdx,8), %rdi
	mov	%rdx, %r9
	neg	%r9			/* i = -n */
	jz	.Ldone
	test	$1, %r9b
	jz	.Ltop
	mov	(%rsi,%r9,8), %rax
	mul	%rcx
	mov	(%rdi,%r9,8), %r10
	sub	%rax, %r10		/* r[i] - lo first: off the chain through c */
	adc	$0, %rdx
	sub	%r8, %r10
	adc	$0, %rdx
	mov	%r10, (%rdi,%r9,8)
	mov	%rdx, %r8
	add	$1, %r9
	jz	.Ldone

	.p2align 6
.Ltop:
	mov	(%rsi,%r9,8), %rax
	mul	%rcx
	mov	(%rdi,%r9,8), %r10
	sub	%rax, %r10		/* r[i] - lo first: off the chain through c */
	adc	$0, %rdx
	sub	%r8, %r10
	adc	$0, %rdx
	mov	%r10, (%rdi,%r9,8)
	mov	%rdx, %r8
	mov	8(%rsi,%r9,8), %rax
	mul	%rcx
	mov	8(%rdi,%r9,8), %r10
	sub	%rax, %r10		/* r[i] - lo first: off the chain through c */
	adc	$0, %rdx
	sub	%r8, %r10
	adc	$0, %rdx
	mov	%r10, 8(%rdi,%r9,8)
	mov	%rdx, %r8
	add	$2, %r9
	jnz	.Ltop
.Ldone:	mov	%r8, %rax
	ret
	.size	cy__mpn_submul_1_x86_64, .-cy__mpn_submul_1_x86_64

	.section .note.GNU-stack, "", @progbits
