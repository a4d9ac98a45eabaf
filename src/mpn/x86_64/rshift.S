/* cy__mpn_rshift_x86_64 -- shift a limb vector right, x86-64 baseline (SSE2).
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} = floor({a, n} / 2^cnt),   returns a[0] << (64 - cnt),
 *            that is r[i] = (a[i] >> cnt) | (a[i+1] << (64 - cnt)), r[n-1] = a[n-1] >> cnt.
 *
 *   cy_limb cy__mpn_rshift_x86_64(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n, ecx = cnt, then
 *   64 - cnt, r9 = 64 - cnt, r10 = vector passes left, rax = return value;
 *   xmm0 = cnt, xmm1 = 64 - cnt, xmm2 / xmm3 = two limbs.
 * Needs: x86-64 baseline only (SSE2 is part of it).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17 (Zen 4);
 *   TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 10.5 ticks/call; ticks/limb at n = 8: 1.58, n = 100: 0.59, n = 1000: 0.55,
 *   n = 100000: 0.54 (GMP 6.2.1 in the same run: 9.1; 1.67, 1.10, 1.06, 1.17).
 *
 * Method: from the bottom up, two limbs r[i..i+1] at a time from two unaligned loads,
 * a[i..i+1] and a[i+1..i+2] (one limb higher): psrlq by cnt, psllq by 64 - cnt, por. That
 * covers r[0] up to r[n-2 - (n-1) mod 2]; then r[n-2] if (n-1) is odd, and
 * r[n-1] = a[n-1] >> cnt, one limb each in the low half of an xmm register (no shrd: slow on
 * AMD Zen).
 * Overlap: r <= a is allowed: every store goes to r[j..j+1] after the loads of a[j..j+2],
 * and everything still to be read lies above a[j+2] > r[j+1].
 * Branches depend on n only. n = 0 returns 0 and touches nothing (the API requires n >= 1).
 */
	.text
	.globl	cy__mpn_rshift_x86_64
	.type	cy__mpn_rshift_x86_64, @function
	.p2align 5
cy__mpn_rshift_x86_64:
	xor	%eax, %eax
	test	%rdx, %rdx
	jz	.Ldone
	movd	%ecx, %xmm0
	mov	$64, %r9d
	sub	%ecx, %r9d		/* 64 - cnt, in 1..63 */
	movd	%r9d, %xmm1
	mov	(%rsi), %rax
	mov	%r9d, %ecx
	shl	%cl, %rax		/* a[0] << (64 - cnt) */
	lea	-1(%rdx), %r10
	shr	$1, %r10		/* vector passes: (n - 1) / 2 */
	jz	.Ltail

	.p2align 6
.Lvec:	movdqu	(%rsi), %xmm2		/* a[i..i+1] */
	movdqu	8(%rsi), %xmm3		/* a[i+1..i+2] */
	psrlq	%xmm0, %xmm2
	psllq	%xmm1, %xmm3
	por	%xmm3, %xmm2
	movdqu	%xmm2, (%rdi)
	lea	16(%rsi), %rsi
	lea	16(%rdi), %rdi
	dec	%r10
	jnz	.Lvec

.Ltail:	test	$1, %dl			/* n even: one limb with a neighbour is left */
	jnz	.Llast
	movq	(%rsi), %xmm2
	movq	8(%rsi), %xmm3
	psrlq	%xmm0, %xmm2
	psllq	%xmm1, %xmm3
	por	%xmm3, %xmm2
	movq	%xmm2, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
.Llast:	movq	(%rsi), %xmm2
	psrlq	%xmm0, %xmm2
	movq	%xmm2, (%rdi)
.Ldone:	ret
	.size	cy__mpn_rshift_x86_64, .-cy__mpn_rshift_x86_64

	.section .note.GNU-stack, "", @progbits
