/* cy__mpn_mul_1_adx -- limb vector times one limb, with BMI2 mulx.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * h = {a, n} * b,   the high limb h is returned.
 *
 *   cy_limb cy__mpn_mul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = n on entry, then b (mulx's implicit
 *   operand), rcx = b on entry, r10 = n, r9 = passes left, r11 = low product,
 *   r8 / rax = high products of even / odd slots (rax holds the return value).
 * Needs: BMI2 (mulx).
 * Zen 3 (carry-bench ticks/limb): MUL_1_ADX_CYCLES
 *
 * Method: a[i] * b = h_i * 2^64 + l_i; r[i] = l_i + h_(i-1) + carry, one chain in CF through adc.
 * mulx does not touch the flags, so the products run ahead of the chain; the chain costs one
 * adc per limb. h_i + carry cannot overflow: l_i + h_(i-1) + 1 <= 2^64 - 1 + 2^64 - 2 + 1 and
 * the full sum a[i] * b + h_(i-1) + 1 <= (2^64 - 1)^2 + 2^64 - 1 < 2^128.
 * Unrolled 4 times, entered at slot (4 - n mod 4) mod 4 with the pointers moved back; the
 * high limbs alternate between r8 and rax so that each slot reads the one before it.
 * Overlap: r <= a is allowed (a[i] is read before r[i] is written, and r[i] lies below every
 * a[j], j > i, still to be read). Branches depend on n only. n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_mul_1_adx
	.type	cy__mpn_mul_1_adx, @function
	.p2align 5
cy__mpn_mul_1_adx:
	mov	%rdx, %r10
	mov	%rcx, %rdx
	xor	%eax, %eax		/* h_(-1) = 0 for slots 0 and 2 */
	xor	%r8d, %r8d		/* and for slots 1 and 3 */
	lea	3(%r10), %r9
	shr	$2, %r9			/* passes = ceil(n / 4) */
	jz	.Ldone
	test	$1, %r10b		/* test clears CF */
	jnz	.Lodd
	test	$2, %r10b
	jz	.Ls0
	lea	-16(%rsi), %rsi
	lea	-16(%rdi), %rdi
	jmp	.Ls2
.Lodd:	test	$2, %r10b
	jz	.Ln1
	lea	-8(%rsi), %rsi
	lea	-8(%rdi), %rdi
	jmp	.Ls1
.Ln1:	lea	-24(%rsi), %rsi
	lea	-24(%rdi), %rdi
	jmp	.Ls3

	.p2align 4
.Ls0:	mulx	(%rsi), %r11, %r8
	adc	%rax, %r11
	mov	%r11, (%rdi)
.Ls1:	mulx	8(%rsi), %r11, %rax
	adc	%r8, %r11
	mov	%r11, 8(%rdi)
.Ls2:	mulx	16(%rsi), %r11, %r8
	adc	%rax, %r11
	mov	%r11, 16(%rdi)
.Ls3:	mulx	24(%rsi), %r11, %rax
	adc	%r8, %r11
	mov	%r11, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	dec	%r9
	jnz	.Ls0
	adc	$0, %rax		/* h_(n-1) + carry */
.Ldone:	ret
	.size	cy__mpn_mul_1_adx, .-cy__mpn_mul_1_adx

	.section .note.GNU-stack, "", @progbits
