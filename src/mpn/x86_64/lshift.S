/* cy__mpn_lshift_x86_64 -- shift a limb vector left, x86-64 baseline (SSE2).
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} = {a, n} * 2^cnt mod 2^(64 n),   returns a[n-1] >> (64 - cnt),
 *            that is r[i] = (a[i] << cnt) | (a[i-1] >> (64 - cnt)), r[0] = a[0] << cnt.
 *
 *   cy_limb cy__mpn_lshift_x86_64(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = n, then the limb index i (counting down),
 *   ecx = cnt, then 64 - cnt, r9 = 64 - cnt, r10 = vector passes left, rax = return value;
 *   xmm0 = cnt, xmm1 = 64 - cnt, xmm2 / xmm3 = two limbs.
 * Needs: x86-64 baseline only (SSE2 is part of it).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17 (Zen 4);
 *   TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 12.6 ticks/call; ticks/limb at n = 8: 1.58, n = 100: 0.54, n = 1000: 0.49,
 *   n = 100000: 0.53 (GMP 6.2.1 in the same run: 9.1; 1.58, 1.09, 1.07, 1.18).
 *
 * Method: from the top down, two limbs r[i-2..i-1] at a time from two unaligned loads,
 * a[i-2..i-1] and a[i-3..i-2] (one limb lower): psllq by cnt, psrlq by 64 - cnt, por. That
 * covers r[n-1] down to r[1 + (n-1) mod 2]; then r[1] if (n-1) is odd, and r[0] = a[0] << cnt,
 * one limb each in the low half of an xmm register (shld would do it in a general register,
 * but it is slow on AMD Zen; psllq/psrlq take their counts from xmm0/xmm1).
 * Overlap: r >= a is allowed: every store goes to r[j..j+1] after the loads of a[j-1..j+1],
 * and everything still to be read lies below a[j] <= r[j].
 * Branches depend on n only. n = 0 returns 0 and touches nothing (the API requires n >= 1).
 */
	.text
	.globl	cy__mpn_lshift_x86_64
	.type	cy__mpn_lshift_x86_64, @function
	.p2align 5
cy__mpn_lshift_x86_64:
	xor	%eax, %eax
	test	%rdx, %rdx
	jz	.Ldone
	movd	%ecx, %xmm0
	mov	$64, %r9d
	sub	%ecx, %r9d		/* 64 - cnt, in 1..63 */
	movd	%r9d, %xmm1
	mov	-8(%rsi,%rdx,8), %rax
	mov	%r9d, %ecx
	shr	%cl, %rax		/* a[n-1] >> (64 - cnt) */
	lea	-1(%rdx), %r10
	shr	$1, %r10		/* vector passes: (n - 1) / 2 */
	jz	.Ltail

	.p2align 6
.Lvec:	movdqu	-16(%rsi,%rdx,8), %xmm2	/* a[i-2..i-1] */
	movdqu	-24(%rsi,%rdx,8), %xmm3	/* a[i-3..i-2] */
	psllq	%xmm0, %xmm2
	psrlq	%xmm1, %xmm3
	por	%xmm3, %xmm2
	movdqu	%xmm2, -16(%rdi,%rdx,8)
	sub	$2, %rdx
	dec	%r10
	jnz	.Lvec

.Ltail:	dec	%rdx			/* (n - 1) mod 2 limbs left above r[0] */
	jz	.Llast
	movq	8(%rsi), %xmm2
	movq	(%rsi), %xmm3
	psllq	%xmm0, %xmm2
	psrlq	%xmm1, %xmm3
	por	%xmm3, %xmm2
	movq	%xmm2, 8(%rdi)
.Llast:	movq	(%rsi), %xmm2
	psllq	%xmm0, %xmm2
	movq	%xmm2, (%rdi)
.Ldone:	ret
	.size	cy__mpn_lshift_x86_64, .-cy__mpn_lshift_x86_64

	.section .note.GNU-stack, "", @progbits
