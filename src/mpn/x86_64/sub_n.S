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
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 11.9 ticks/call; ticks/limb at n = 8: 1.76, n = 100: 0.81, n = 1000: 0.79,
 *   n = 100000: 1.07 (GMP 6.2.1 in the same run: 8.4; 1.32, 0.78, 0.78, 0.99).
 *
 * Method: one borrow chain in CF through sbb. The n mod 4 odd limbs go first, in straight-line
 * code for each case (the first with sub), then n / 4 passes of a loop unrolled 4 times; lea,
 * dec, loop, jrcxz and jmp leave CF alone, so the chain runs through the whole vector.
 * Taken branches cost more than anything else at small n, so the common paths fall through:
 * n = 4 and 8 go straight into the loop, n = 1 takes one branch, and each odd case ends with
 * `loop`, which jumps on into the loop (through the trampoline .Lmore: `loop` reaches only
 * 128 bytes) only when there is more to do.
 * Each limb is read before it is written and never read again, so r == a and r == b are safe.
 * Branches depend on n only (constant time in the limb values).
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
	and	$3, %eax		/* m = n mod 4 odd limbs; CF = 0 */
	jnz	.Lodd
	jrcxz	.Lzero			/* n = 0: return 0 */

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
	dec	%rcx			/* dec, lea, loop, jrcxz and jmp keep CF */
	jnz	.Ltop
	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax
	ret
.Lzero:	ret

.Lodd:	lea	1(%rcx), %rcx		/* q + 1: `loop` below decrements first */
	cmp	$2, %eax		/* each case starts the chain with sub, so CF is free */
	je	.Lm2
	ja	.Lm3
	mov	(%rsi), %r8
	sub	(%rdx), %r8
	mov	%r8, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdx), %rdx
	lea	8(%rdi), %rdi
	loop	.Lmore			/* q > 0: on with the loop, else done */
	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax
	ret
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
	loop	.Lmore
	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax
	ret
.Lmore:	jmp	.Ltop			/* within reach of every `loop` (rel8) */
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
	loop	.Lmore
	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax
	ret
	.size	SUB_N_NAME, .-SUB_N_NAME

	.section .note.GNU-stack, "", @progbits
