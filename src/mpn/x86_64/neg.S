/* cy__mpn_neg_x86_64 -- negate a limb vector, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} = -{a, n} mod 2^(64 n),   returns 1 if {a, n} != 0, else 0 (the borrow of
 * 0 - a).
 *
 *   cy_limb cy__mpn_neg_x86_64(cy_limb *r, const cy_limb *a, size_t n);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n, rcx = limbs or passes
 *   left, r9 = passes of the 4-way loop, r10 = odd limbs, r8 = limb in flight, rax = return value.
 * Needs: x86-64 baseline only (adc). The adx and ifma back ends use this code too: there is one
 *   carry chain and no multiplication, so ADX and BMI2 have nothing to offer.
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17 (Zen 4);
 *   TSC ticks, 1 tick = about 1.42 core cycles; +-15% run to run):
 *   n = 1: 10.7 ticks/call; ticks/limb at n = 8: 1.86, n = 100: 0.86, n = 1000: 0.87,
 *   n = 100000: 0.87 (GMP 6.2.1 in the same run: 11.3; 2.52, 0.79, 0.74, 0.77; the generic C
 *   kernel: 1.7 ticks/limb at n >= 1000).
 *
 * Method: -a = NOT a + 1 (mod 2^(64 n)) in one pass: r[i] = NOT a[i] + CF with CF = 1 before
 * limb 0 (stc), a carry chain of adc $0 through every limb, no early exit, so the time depends on
 * n only. The carry leaves the top exactly when NOT a is all ones, i.e. a = 0, which is when the
 * borrow of 0 - a is 0: the result is CF_out XOR 1. The n mod 4 odd limbs go one at a time, then
 * a loop unrolled 4 times. not, mov, lea, dec, jnz and jrcxz leave CF alone.
 * Overlap: r == a is allowed (each limb is read before it is written). n = 0 returns 0 and
 * touches nothing.
 */
	.text
	.globl	cy__mpn_neg_x86_64
	.type	cy__mpn_neg_x86_64, @function
	.p2align 5
cy__mpn_neg_x86_64:
	xor	%eax, %eax		/* the result for n = 0 */
	test	%rdx, %rdx
	jz	.Ldone
	mov	%rdx, %r9
	shr	$2, %r9			/* passes = n / 4 */
	mov	%rdx, %r10
	and	$3, %r10d		/* odd limbs = n mod 4 */
	mov	%r10, %rcx
	stc				/* the + 1 */
	jrcxz	.Lfour
.Lone:	mov	(%rsi), %r8
	not	%r8
	adc	$0, %r8			/* NOT a[i] + carry */
	mov	%r8, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	dec	%rcx			/* dec keeps CF */
	jnz	.Lone
.Lfour:	mov	%r9, %rcx
	jrcxz	.Lend
	.p2align 5
.Ltop:	mov	(%rsi), %r8
	not	%r8
	adc	$0, %r8
	mov	%r8, (%rdi)
	mov	8(%rsi), %r8
	not	%r8
	adc	$0, %r8
	mov	%r8, 8(%rdi)
	mov	16(%rsi), %r8
	not	%r8
	adc	$0, %r8
	mov	%r8, 16(%rdi)
	mov	24(%rsi), %r8
	not	%r8
	adc	$0, %r8
	mov	%r8, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	dec	%rcx
	jnz	.Ltop
.Lend:	mov	$0, %eax		/* mov keeps CF */
	adc	%eax, %eax		/* 1 exactly when a = 0 */
	xor	$1, %eax
.Ldone:	ret
	.size	cy__mpn_neg_x86_64, .-cy__mpn_neg_x86_64

	.section .note.GNU-stack, "", @progbits
