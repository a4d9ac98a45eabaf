/* cy__mpn_sub_n_x86_64 -- limb-vector subtraction, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * c = {a, n} - {b, n},   the borrow c in {0, 1} is returned.
 *
 *   cy_limb cy__mpn_sub_n_x86_64(cy_limb *r, const cy_limb *a, const cy_limb *b, size_t n);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = b, rcx = n, r9 = passes left,
 *   r8 = limb in flight, rax = return value.
 * Needs: x86-64 baseline only (sbb).
 * Zen 3 (carry-bench ticks/limb): see SUB_N_CYCLES below.
 * SUB_N_CYCLES: n = 1: 9.0 ticks/call, n = 8: 1.6/limb, n = 1000: 1.03/limb
 *
 * Method: one borrow chain in CF through sbb. The loop is unrolled 4 times and entered at slot
 * (4 - n mod 4) mod 4 with the pointers moved back by as many limbs, so the first pass does the
 * n mod 4 odd limbs and every pass after it four; lea and dec leave CF alone, so the borrow runs
 * through the whole loop. Each limb is read before it is written and never read again, so
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
	xor	%eax, %eax
	lea	3(%rcx), %r9
	shr	$2, %r9			/* passes = ceil(n / 4) */
	jz	.Ldone			/* n = 0 */
	test	$1, %cl			/* test clears CF: no borrow in */
	jnz	.Lodd
	test	$2, %cl
	jz	.Ls0			/* n = 0 mod 4 */
	lea	-16(%rsi), %rsi		/* n = 2 mod 4: enter at slot 2 */
	lea	-16(%rdx), %rdx
	lea	-16(%rdi), %rdi
	jmp	.Ls2
.Lodd:	test	$2, %cl
	jz	.Ln1
	lea	-8(%rsi), %rsi		/* n = 3 mod 4: enter at slot 1 */
	lea	-8(%rdx), %rdx
	lea	-8(%rdi), %rdi
	jmp	.Ls1
.Ln1:	lea	-24(%rsi), %rsi		/* n = 1 mod 4: enter at slot 3 */
	lea	-24(%rdx), %rdx
	lea	-24(%rdi), %rdi
	jmp	.Ls3

	.p2align 4
.Ls0:	mov	(%rsi), %r8
	sbb	(%rdx), %r8
	mov	%r8, (%rdi)
.Ls1:	mov	8(%rsi), %r8
	sbb	8(%rdx), %r8
	mov	%r8, 8(%rdi)
.Ls2:	mov	16(%rsi), %r8
	sbb	16(%rdx), %r8
	mov	%r8, 16(%rdi)
.Ls3:	mov	24(%rsi), %r8
	sbb	24(%rdx), %r8
	mov	%r8, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdx), %rdx
	lea	32(%rdi), %rdi
	dec	%r9
	jnz	.Ls0
	adc	%eax, %eax		/* rax = 0 + CF, the borrow */
.Ldone:	ret
	.size	SUB_N_NAME, .-SUB_N_NAME

	.section .note.GNU-stack, "", @progbits
