/* cy__mpn_addmul_1_x86_64 -- accumulate a limb vector times one limb, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * c = {r, n} + {a, n} * b,   c (<= b) is returned.
 *
 *   cy_limb cy__mpn_addmul_1_x86_64(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = n on entry, rcx = b, r9 = limbs left,
 *   r8 = carry limb c (the return value at the end), rdx:rax = product.
 * Needs: x86-64 baseline only (mul, adc).
 * Zen 3 (carry-bench ticks/limb): ADDMUL_1_CYCLES
 *
 * Method: for each limb, a[i] * b + c + r[i] = hi * 2^64 + lo with lo the new r[i] and hi the
 * new c; the sum is at most (2^64 - 1)^2 + 2 (2^64 - 1) = 2^128 - 1, so neither adc $0 overflows.
 * mul writes the flags, so no carry survives from one limb to the next; c carries instead.
 * Overlap: r == a is allowed (a[i] and r[i] are read before r[i] is written). Branches depend on n only. n = 0 returns 0 and
 * touches nothing.
 */
	.text
	.globl	cy__mpn_addmul_1_x86_64
	.type	cy__mpn_addmul_1_x86_64, @function
	.p2align 5
cy__mpn_addmul_1_x86_64:
	mov	%rdx, %r9
	xor	%r8d, %r8d
	test	%r9, %r9
	jz	.Ldone

	.p2align 4
.Ltop:	mov	(%rsi), %rax
	mul	%rcx
	add	%r8, %rax
	adc	$0, %rdx
	add	%rax, (%rdi)
	adc	$0, %rdx
	mov	%rdx, %r8
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	dec	%r9
	jnz	.Ltop
.Ldone:	mov	%r8, %rax
	ret
	.size	cy__mpn_addmul_1_x86_64, .-cy__mpn_addmul_1_x86_64

	.section .note.GNU-stack, "", @progbits
