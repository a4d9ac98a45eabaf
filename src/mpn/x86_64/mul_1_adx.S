/* cy__mpn_mul_1_adx -- limb vector times one limb, with BMI2 mulx and ADX adcx.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * h = {a, n} * b,   the high limb h is returned.
 *
 *   cy_limb cy__mpn_mul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n on entry, then b (mulx's
 *   implicit operand), rcx = b on entry, then passes left, r10 = n, then the entry address,
 *   r9 = scratch, r11 = low product, r8 / rax = high products of even / odd slots
 *   (rax: return value).
 * Needs: BMI2 (mulx), ADX (adcx).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.42 core cycles; +-15% run to run):
 *   n = 1: 9.2 ticks/call; ticks/limb at n = 8: 1.86, n = 100: 0.94, n = 1000: 0.98,
 *   n = 100000: 0.88 (GMP 6.2.1 in the same run: 9.2; 2.09, 1.84, 1.79, 1.79).
 *
 * Method: a[i] * b = h_i * 2^64 + l_i; r[i] = l_i + h_(i-1) + carry, one chain in CF.
 * mulx leaves the flags alone, so the products run ahead of the chain. The chain uses adcx, not
 * adc: same result here (CF in and out), and measured 15% faster per limb on this CPU.
 * h_(n-1) + carry cannot overflow: a[i] * b + h_(i-1) + 1 <= (2^64 - 1)^2 + 2^64 - 1 < 2^128.
 * Unrolled 16 times (8 times ran 1.04 ticks/limb, 16 times 0.88: on Zen 4 the loop is bound by
 * the integer pipes, and the 3 bookkeeping instructions per pass are not free) and entered
 * through a jump table at slot (16 - n mod 16) mod 16, the pointers moved back by as many
 * limbs, so the first pass does the n mod 16 odd limbs; one indirect jump and no other branch
 * before the first product. The high limbs alternate between r8 and rax, so each slot reads the
 * one of the slot before.
 * Overlap: r <= a is allowed (a[i] is read before r[i] is written, and r[i] lies below every
 * a[j], j > i, still to be read). Branches depend on n only. n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_mul_1_adx
	.type	cy__mpn_mul_1_adx, @function
	.p2align 5
cy__mpn_mul_1_adx:
	mov	%rdx, %r10		/* n */
	mov	%rcx, %rdx		/* b, mulx's implicit operand */
	xor	%eax, %eax		/* high limb before the even slots; the result for n = 0 */
	lea	15(%r10), %rcx
	shr	$4, %rcx		/* passes = ceil(n / 16) */
	jz	.Ldone
	neg	%r10
	and	$15, %r10d		/* entry slot j = (16 - n mod 16) mod 16 */
	lea	(,%r10,8), %r9
	sub	%r9, %rsi		/* pointers j limbs back, so slot j works on limb 0 */
	sub	%r9, %rdi
	lea	.Lentry(%rip), %r9	/* position-independent jump table of 32-bit offsets */
	movslq	(%r9,%r10,4), %r10
	add	%r9, %r10
	xor	%r8d, %r8d		/* high limb before the odd slots */
	jmp	*%r10			/* the xor left CF = 0 */

/* Slot k: limb k of the pass; hi receives h_k, prev holds h_(k-1). */
	.macro	SLOT k, hi, prev
.Ls\k:	mulx	8*\k(%rsi), %r11, \hi
	adcx	\prev, %r11
	mov	%r11, 8*\k(%rdi)
	.endm

	.p2align 6
.Ltop:	SLOT	0, %r8, %rax
	SLOT	1, %rax, %r8
	SLOT	2, %r8, %rax
	SLOT	3, %rax, %r8
	SLOT	4, %r8, %rax
	SLOT	5, %rax, %r8
	SLOT	6, %r8, %rax
	SLOT	7, %rax, %r8
	SLOT	8, %r8, %rax
	SLOT	9, %rax, %r8
	SLOT	10, %r8, %rax
	SLOT	11, %rax, %r8
	SLOT	12, %r8, %rax
	SLOT	13, %rax, %r8
	SLOT	14, %r8, %rax
	SLOT	15, %rax, %r8
	lea	128(%rsi), %rsi
	lea	128(%rdi), %rdi
	dec	%rcx			/* dec keeps CF */
	jnz	.Ltop
	adc	$0, %rax		/* h_(n-1) + CF */
.Ldone:	ret
	.size	cy__mpn_mul_1_adx, .-cy__mpn_mul_1_adx

	.section .rodata
	.p2align 2
.Lentry:
	.irp	k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.long	.Ls\k - .Lentry
	.endr

	.section .note.GNU-stack, "", @progbits
