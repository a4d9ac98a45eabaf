/* cy__mpn_divrem_1_preinv_x86_64 -- quotient and remainder by one prepared limb, x86-64 baseline.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {q, n} = floor({a, n} / d),   returns {a, n} mod d,   with inv = (d, dnorm, v, s)
 * from cy_mpn_div1_inv_init: dnorm = d << s has its top bit set, v = floor((B^2 - 1) / dnorm) - B.
 *
 *   cy_limb cy__mpn_divrem_1_preinv_x86_64(cy_limb *q, const cy_limb *a, size_t n,
 *                                          const cy_mpn_div1_inv *inv);
 *
 * Registers (System V AMD64): rdi = q, rsi = a, r9 = i (the limb being divided, n-1 down to 0),
 *   rcx = inv on entry, then cl = s; r10 = dnorm, r8 = v, r11 = r (remainder, < dnorm),
 *   rbx = u0 (the limb of a << s being brought in), r12 = q1, r13 = scratch, rdx:rax = product.
 * Needs: x86-64 baseline only (mul, imul, shld, cmov). The adx back end uses it as well: mulx
 *   has the same 4-cycle high-half latency here and nothing else in the loop gains from BMI2.
 * Measured (carry-bench --suite div, AMD EPYC family 25 model 17 (Zen 4); TSC ticks, 1 tick =
 *   about 1.42 core cycles): 7.7 ticks/limb = 11 cycles/limb from n = 100 to 100000, the
 *   latency of the chain below (GMP 6.2.1 in the same run: 8.2-8.4).
 *
 * Method: Moller and Granlund, "Improved division by invariant integers", IEEE Trans. Computers
 * 60(2), 2011, Algorithm 4, on the dividend a << s (n + 1 limbs, fed limb by limb with shld, so
 * no copy): with r < dnorm and the next limb u0,
 *     <q1, q0> = v r + <r + 1, u0>,   rr = u0 - q1 dnorm mod B,
 *     if rr > q0: q1 -= 1, rr += dnorm;   if rr >= dnorm (rare): q1 += 1, rr -= dnorm.
 * The loop-carried chain is r -> mul (high half, 4 cycles) -> adc -> imul -> sub -> cmp -> cmov,
 * 11 cycles; the rare second adjustment is a predicted-not-taken branch, off the chain.
 * (Splitting rr = [u0 - (r+1) dnorm - c dnorm] - hi dnorm shortens the chain to 10 cycles on
 * paper, but its extra imul and mask operations made the loop throughput-bound: 12 cycles.)
 * Top limb: when a[n-1] < d the top quotient limb is 0 and the first step is skipped.
 * Remainder: the division of a << s leaves (a mod d) << s, shifted back at the end.
 * Overlap: q == a is allowed (q[i] is written after a[i] and a[i-1] are read).
 * n = 0 returns 0 and touches nothing.
 */

/* One quotient limb: r11 = r < dnorm, rbx = u0; stores q1 to \dst, leaves the remainder in r11.
 * \fix and \back name the out-of-line rare adjustment (FIX) and the way back from it. */
	.macro	STEP dst, fix, back
	mov	%r11, %rax
	lea	1(%r11), %r12		/* r + 1 */
	mul	%r8			/* rdx:rax = v r */
	add	%rbx, %rax		/* q0 = lo + u0, CF = carry into the high limb */
	adc	%rdx, %r12		/* q1 = hi + r + 1 + CF; no carry out (paper, Theorem 2) */
	mov	%r12, %r13
	imul	%r10, %r13
	mov	%rbx, %r11
	sub	%r13, %r11		/* rr = u0 - q1 dnorm mod B */
	lea	(%r11,%r10), %r13	/* rr + dnorm */
	cmp	%r11, %rax		/* CF = q0 < rr: the candidate was one too large */
	cmovb	%r13, %r11
	sbb	$0, %r12
	cmp	%r10, %r11
	jae	\fix
\back:	mov	%r12, \dst
	.endm

	.macro	FIX fix, back
\fix:	sub	%r10, %r11
	add	$1, %r12
	jmp	\back
	.endm

	.text
	.globl	cy__mpn_divrem_1_preinv_x86_64
	.type	cy__mpn_divrem_1_preinv_x86_64, @function
	.p2align 5
cy__mpn_divrem_1_preinv_x86_64:
	xor	%eax, %eax
	test	%rdx, %rdx
	jz	.Lret
	push	%rbx
	push	%r12
	push	%r13
	mov	8(%rcx), %r10		/* dnorm */
	mov	16(%rcx), %r8		/* v */
	lea	-1(%rdx), %r9		/* i = n - 1 */
	xor	%r11d, %r11d		/* R = 0, the unshifted remainder so far */
	mov	(%rsi,%r9,8), %rax
	cmp	(%rcx), %rax		/* a[n-1] < d: quotient limb 0, remainder a[n-1] */
	mov	24(%rcx), %ecx		/* s */
	jae	.Lstart
	mov	%rax, %r11
	movq	$0, (%rdi,%r9,8)
	sub	$1, %r9
	jc	.Ltop_only		/* n = 1: the remainder is a[0] */
	mov	(%rsi,%r9,8), %rax
.Lstart:
	shld	%cl, %rax, %r11		/* r = (R << s) | (a[i] >> (64 - s)) < dnorm */
	test	%r9, %r9
	jz	.Llast
	.p2align 4
.Ltop:
	mov	(%rsi,%r9,8), %rbx
	mov	-8(%rsi,%r9,8), %rax
	shld	%cl, %rax, %rbx		/* u0 = limb i of a << s */
	STEP	"(%rdi,%r9,8)", .Lfix1, .Lback1
	sub	$1, %r9
	jnz	.Ltop
.Llast:
	mov	(%rsi), %rbx
	shl	%cl, %rbx		/* limb 0 of a << s */
	STEP	"(%rdi)", .Lfix2, .Lback2
	mov	%r11, %rax
	shr	%cl, %rax
	pop	%r13
	pop	%r12
	pop	%rbx
.Lret:
	ret
.Ltop_only:
	mov	%r11, %rax
	pop	%r13
	pop	%r12
	pop	%rbx
	ret
	FIX	.Lfix1, .Lback1
	FIX	.Lfix2, .Lback2
	.size	cy__mpn_divrem_1_preinv_x86_64, .-cy__mpn_divrem_1_preinv_x86_64

	.section .note.GNU-stack, "", @progbits
