/* cy__mpn_addmul_1_adx -- accumulate a limb vector times one limb, BMI2 mulx + ADX.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * h = {r, n} + {a, n} * b,   h (<= b) is returned.
 *
 *   cy_limb cy__mpn_addmul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n on entry, then b (mulx's
 *   implicit operand), rcx = b on entry, then passes left, r10 = n, then the entry address,
 *   r9 = scratch, then 0 (adcx/adox take no immediate), r11 = limb in flight, r8 / rax = high
 *   products of even / odd slots (rax: return value).
 * Needs: BMI2 (mulx), ADX (adcx, adox).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.42 core cycles; +-15% run to run):
 *   n = 1: 12.6 ticks/call; ticks/limb at n = 8: 2.03, n = 100: 1.13, n = 1000: 1.02,
 *   n = 100000: 1.20 (GMP 6.2.1 in the same run: 10.5; 1.90, 1.81, 1.86, 1.87).
 *
 * Method: a[i] * b = h_i * 2^64 + l_i. Two carry chains that do not wait for each other:
 *   t_i = l_i + h_(i-1) + CF   (adcx: CF only)      r[i] = r[i] + t_i + OF   (adox: OF only)
 * so sum t_i 2^(64 i) + CF_out 2^(64 n) = {a, n} * b - h_(n-1) 2^(64 n), and
 * h = h_(n-1) + CF_out + OF_out, which fits a limb since the whole result is below 2^(64 n) (b + 1).
 * Unrolled 16 times (8 times ran 1.19 ticks/limb at n = 1024, 16 times 1.01-1.09: the loop is
 * bound by the integer pipes, so the 4 bookkeeping instructions per pass count) and entered
 * through a jump table at slot (16 - n mod 16) mod 16, the pointers moved back by as many limbs,
 * so the first pass does the n mod 16 odd limbs. The loop counts with lea and jrcxz, which leave
 * OF and CF alone.
 * Overlap: r == a is allowed (a[i] and r[i] are read before r[i] is written). Branches depend on
 * n only. n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_addmul_1_adx
	.type	cy__mpn_addmul_1_adx, @function
	.p2align 5
cy__mpn_addmul_1_adx:
	mov	%rdx, %r10		/* n */
	mov	%rcx, %rdx		/* b, mulx's implicit operand */
	xor	%eax, %eax		/* high limb before the even slots; the result for n = 0 */
	lea	15(%r10), %rcx
	shr	$4, %rcx		/* passes = ceil(n / 16) */
	jz	.Ldone
	neg	%r10
	and	$15, %r10d		/* entry slot j = (16 - n mod 16) mod 16 */
	lea	(,%r10,8), %r9
	sub	%r9, %rsi		/* pointers j limbs back, so slot j works on limb 0 */
	sub	%r9, %rdi
	lea	.Lentry(%rip), %r9	/* position-independent jump table of 32-bit offsets */
	movslq	(%r9,%r10,4), %r10
	add	%r9, %r10
	xor	%r8d, %r8d		/* high limb before the odd slots */
	xor	%r9d, %r9d		/* 0 for the last adcx/adox; clears CF and OF */
	jmp	*%r10

/* Slot k: limb k of the pass; hi receives h_k, prev holds h_(k-1). */
	.macro	SLOT k, hi, prev
.Ls\k:	mulx	8*\k(%rsi), %r11, \hi
	adcx	\prev, %r11
	adox	8*\k(%rdi), %r11
	mov	%r11, 8*\k(%rdi)
	.endm

	.p2align 6
.Ltop:	SLOT	0, %r8, %rax
	SLOT	1, %rax, %r8
	SLOT	2, %r8, %rax
	SLOT	3, %rax, %r8
	SLOT	4, %r8, %rax
	SLOT	5, %rax, %r8
	SLOT	6, %r8, %rax
	SLOT	7, %rax, %r8
	SLOT	8, %r8, %rax
	SLOT	9, %rax, %r8
	SLOT	10, %r8, %rax
	SLOT	11, %rax, %r8
	SLOT	12, %r8, %rax
	SLOT	13, %rax, %r8
	SLOT	14, %r8, %rax
	SLOT	15, %rax, %r8
	lea	128(%rsi), %rsi
	lea	128(%rdi), %rdi
	lea	-1(%rcx), %rcx		/* dec would clobber OF: count with lea and jrcxz */
	jrcxz	.Lend
	jmp	.Ltop
.Lend:	adcx	%r9, %rax		/* h_(n-1) + CF_out */
	adox	%r9, %rax		/*   + OF_out */
.Ldone:	ret
	.size	cy__mpn_addmul_1_adx, .-cy__mpn_addmul_1_adx

	.section .rodata
	.p2align 2
.Lentry:
	.irp	k, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.long	.Ls\k - .Lentry
	.endr

	.section .note.GNU-stack, "", @progbits

