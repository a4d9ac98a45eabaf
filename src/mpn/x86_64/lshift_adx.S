/* cy__mpn_lshift_adx -- shift a limb vector left, AVX2 + BMI2.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} = {a, n} * 2^cnt mod 2^(64 n),   returns a[n-1] >> (64 - cnt),
 *            that is r[i] = (a[i] << cnt) | (a[i-1] >> (64 - cnt)), r[0] = a[0] << cnt.
 *
 *   cy_limb cy__mpn_lshift_adx(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = n, then the limb index i (counting down),
 *   ecx = cnt (1..63), r9 = 64 - cnt, r10 = vector passes left, r8 / r11 = scalar limbs,
 *   rax = return value; xmm0 = cnt, xmm1 = 64 - cnt, ymm2 / ymm3 = four limbs.
 * Needs: AVX2 (vpsllq / vpsrlq on ymm), BMI2 (shlx, shrx).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17 (Zen 4);
 *   TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 7.7 ticks/call; ticks/limb at n = 8: 1.67, n = 100: 0.36, n = 1000: 0.38,
 *   n = 100000: 0.49 (GMP 6.2.1 in the same run: 9.1; 1.58, 1.09, 1.07, 1.18).
 *
 * Method: from the top down, four limbs r[i-4..i-1] at a time from two unaligned loads,
 * a[i-4..i-1] and a[i-5..i-2] (one limb lower): shift each left by cnt and right by 64 - cnt,
 * or them. That covers r[n-1] down to r[1 + (n-1) mod 4]; the (n-1) mod 4 limbs below go one
 * at a time with shlx/shrx (no shld: it is slow on AMD Zen), and r[0] = a[0] << cnt last.
 * Overlap: r >= a is allowed: every store goes to r[j..j+3] after the loads of a[j-1..j+3],
 * and everything still to be read lies below a[j] <= r[j].
 * Branches depend on n only. n = 0 returns 0 and touches nothing (the API requires n >= 1).
 * vzeroupper on the way out (the caller may run SSE code).
 */
	.text
	.globl	cy__mpn_lshift_adx
	.type	cy__mpn_lshift_adx, @function
	.p2align 5
cy__mpn_lshift_adx:
	xor	%eax, %eax
	test	%rdx, %rdx
	jz	.Ldone
	mov	$64, %r9d
	sub	%ecx, %r9d		/* 64 - cnt, in 1..63 */
	shrx	%r9, -8(%rsi,%rdx,8), %rax
	lea	-1(%rdx), %r10
	shr	$2, %r10		/* vector passes: (n - 1) / 4 */
	jz	.Ltail
	vmovd	%ecx, %xmm0
	vmovd	%r9d, %xmm1

	.p2align 6
.Lvec:	vmovdqu	-32(%rsi,%rdx,8), %ymm2	/* a[i-4..i-1] */
	vmovdqu	-40(%rsi,%rdx,8), %ymm3	/* a[i-5..i-2] */
	vpsllq	%xmm0, %ymm2, %ymm2
	vpsrlq	%xmm1, %ymm3, %ymm3
	vpor	%ymm3, %ymm2, %ymm2
	vmovdqu	%ymm2, -32(%rdi,%rdx,8)
	sub	$4, %rdx
	dec	%r10
	jnz	.Lvec
	vzeroupper

.Ltail:	dec	%rdx			/* i = n - 4 * passes - 1 = (n - 1) mod 4 limbs left above r[0] */
	jz	.Llast
.Lone:	shlx	%rcx, (%rsi,%rdx,8), %r8
	shrx	%r9, -8(%rsi,%rdx,8), %r11
	or	%r11, %r8
	mov	%r8, (%rdi,%rdx,8)
	dec	%rdx
	jnz	.Lone
.Llast:	shlx	%rcx, (%rsi), %r8
	mov	%r8, (%rdi)
.Ldone:	ret
	.size	cy__mpn_lshift_adx, .-cy__mpn_lshift_adx

	.section .note.GNU-stack, "", @progbits
