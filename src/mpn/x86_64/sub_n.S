/* cy__mpn_sub_n_x86_64 -- limb-vector subtraction, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * c = {a, n} - {b, n},   the borrow c in {0, 1} is returned.
 *
 *   cy_limb cy__mpn_sub_n_x86_64(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = b (all three advance), rcx = n, then
 *   passes left, rax = n mod 4, then the return value, r8 = limb in flight.
 * Needs: x86-64 baseline only (sbb).
 * Zen 3 (carry-bench ticks/limb): see SUB_N_CYCLES below.
 * SUB_N_CYCLES: n = 1: 9.0 ticks/call, n = 8: 1.6/limb, n = 1000: 1.03/limb
 *
 * Method: one borrow chain in CF through sbb. The n mod 4 odd limbs go first, in straight-line
 * code for each case (the first with sub), then n / 4 passes of a loop unrolled 4 times; lea,
 * dec and jrcxz leave CF alone, so the borrow runs through the whole vector. Small n costs one
 * or two taken branches. Each limb is read before it is written and never read again, so
 * r == a and r == b are safe. Branches depend on n only (constant time in the limb values).
 * n = 0 reads and writes nothing and returns 0.
 */
#ifndef SUB_N_NAME /* sub_n_adx.S reuses this code under its own name */
#define SUB_N_NAME cy__mpn_sub_n_x86_64
#endif

	.text
	.globl	SUB_N_NAME
	.type	SUB_N_NAME, @function
	.p2align 5
SUB_N_NAME:
	mov	%ecx, %eax
	shr	$2, %rcx		/* q = n / 4 passes of the loop */
	and	$3, %eax		/* m = n mod 4 limbs first; CF = 0 */
	jz	.Lm0
	cmp	$2, %eax
	je	.Lm2
	ja	.Lm3
	mov	(%rsi), %r8
	sub	(%rdx), %r8
	mov	%r8, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdx), %rdx
	lea	8(%rdi), %rdi
	jrcxz	.Lend			/* jrcxz, lea and dec keep CF */

	.p2align 6
.Ltop:
	mov	(%rsi), %r8
	sbb	(%rdx), %r8
	mov	%r8, (%rdi)
	mov	8(%rsi), %r8
	sbb	8(%rdx), %r8
	mov	%r8, 8(%rdi)
	mov	16(%rsi), %r8
	sbb	16(%rdx), %r8
	mov	%r8, 16(%rdi)
	mov	24(%rsi), %r8
	sbb	24(%rdx), %r8
	mov	%r8, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdx), %rdx
	lea	32(%rdi), %rdi
	dec	%rcx
	jnz	.Ltop
.Lend:	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax
	ret

.Lm0:	jrcxz	.Lend			/* n = 0: return 0 */
	jmp	.Ltop
.Lm2:
	mov	(%rsi), %r8
	sub	(%rdx), %r8
	mov	%r8, (%rdi)
	mov	8(%rsi), %r8
	sbb	8(%rdx), %r8
	mov	%r8, 8(%rdi)
	lea	16(%rsi), %rsi
	lea	16(%rdx), %rdx
	lea	16(%rdi), %rdi
	jrcxz	.Lend
	jmp	.Ltop
.Lm3:
	mov	(%rsi), %r8
	sub	(%rdx), %r8
	mov	%r8, (%rdi)
	mov	8(%rsi), %r8
	sbb	8(%rdx), %r8
	mov	%r8, 8(%rdi)
	mov	16(%rsi), %r8
	sbb	16(%rdx), %r8
	mov	%r8, 16(%rdi)
	lea	24(%rsi), %rsi
	lea	24(%rdx), %rdx
	lea	24(%rdi), %rdi
	jrcxz	.Lend
	jmp	.Ltop
	.size	SUB_N_NAME, .-SUB_N_NAME

	.section .note.GNU-stack, "", @progbits
