/* cy__mpn_add_1_x86_64 -- add one limb to a limb vector, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * c = {a, n} + b,   c in {0, 1} is returned (n = 0: b).
 *
 *   cy_limb cy__mpn_add_1_x86_64(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n, rcx = b, then limbs
 *   or passes left, r9 = passes of the 4-way loop, r10 = odd limbs, r8 = limb in flight,
 *   rax = return value.
 * Needs: x86-64 baseline only (adc).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.42 core cycles; +-15% run to run):
 *   n = 1: 11.5 ticks/call; ticks/limb at n = 8: 2.02, n = 100: 0.71, n = 1000: 0.73,
 *   n = 100000: 0.80 (GMP 6.2.1 in the same run: 9.3; 1.77, 1.22, 1.21, 1.21; the generic C
 *   kernel: 1.4-1.5 ticks/limb at n >= 100).
 *
 * Method: add b to a[0], then propagate the carry through every other limb with adc $0:
 * one carry chain in CF, and no early exit when the carry dies out, so the time depends on n
 * only (constant time in the values; GMP's mpn_add_1 stops and copies). After a[0], the (n - 1)
 * mod 4 odd limbs go one at a time, then a loop unrolled 4 times (one limb per cycle, the chain's
 * latency; one limb per pass ran 1.55 cycles/limb); n = 1 takes no branch after the n = 0 test.
 * mov, lea, dec, jnz and jrcxz leave CF alone.
 * Overlap: r == a is allowed (each limb is read before it is written). n = 0 returns b and
 * touches nothing.
 */
#ifndef ADD_1_NAME /* add_1_adx.S reuses this code under its own name */
#define ADD_1_NAME cy__mpn_add_1_x86_64
#endif

	.text
	.globl	ADD_1_NAME
	.type	ADD_1_NAME, @function
	.p2align 5
ADD_1_NAME:
	mov	%rcx, %rax		/* the result for n = 0 */
	test	%rdx, %rdx
	jz	.Ldone
	lea	-1(%rdx), %r9
	mov	%r9, %r10
	shr	$2, %r9			/* passes = (n - 1) / 4 */
	and	$3, %r10d		/* odd limbs = (n - 1) mod 4 */
	mov	(%rsi), %r8
	add	%rax, %r8		/* a[0] + b */
	mov	%r8, (%rdi)
	dec	%rdx			/* dec keeps CF; n = 1 falls through */
	jnz	.Lmore
.Lend:	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax
.Ldone:	ret
.Lmore:	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	mov	%r10, %rcx
	jrcxz	.Lfour
.Lone:	mov	(%rsi), %r8
	adc	$0, %r8		/* a[i] + carry */
	mov	%r8, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	dec	%rcx			/* dec keeps CF */
	jnz	.Lone
.Lfour:	mov	%r9, %rcx
	jrcxz	.Lend			/* n - 1 < 4 */
	.p2align 5
.Ltop:	mov	(%rsi), %r8
	adc	$0, %r8
	mov	%r8, (%rdi)
	mov	8(%rsi), %r8
	adc	$0, %r8
	mov	%r8, 8(%rdi)
	mov	16(%rsi), %r8
	adc	$0, %r8
	mov	%r8, 16(%rdi)
	mov	24(%rsi), %r8
	adc	$0, %r8
	mov	%r8, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	dec	%rcx
	jnz	.Ltop
	mov	$0, %eax
	adc	%eax, %eax
	ret
	.size	ADD_1_NAME, .-ADD_1_NAME

	.section .note.GNU-stack, "", @progbits
