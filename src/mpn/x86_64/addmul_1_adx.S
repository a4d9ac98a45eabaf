/* cy__mpn_addmul_1_adx -- accumulate a limb vector times one limb, BMI2 mulx + ADX.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * h = {r, n} + {a, n} * b,   h (<= b) is returned.
 *
 *   cy_limb cy__mpn_addmul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n on entry, then b (mulx's
 *   implicit operand), rcx = b on entry, then passes left, r10 = n, then S = n mod 16,
 *   r9 = 16-way passes, r11 = limb in flight, then 0 (adcx/adox take no immediate), r8 / rax =
 *   high products of even / odd slots (rax: return value).
 * Needs: BMI2 (mulx), ADX (adcx, adox).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.42 core cycles; two runs on a loaded
 *   machine): n = 1: 10.5-17.0 ticks/call; ticks/limb at n = 8: 2.42-2.47, n = 100: 1.20-1.62,
 *   n = 1000: 1.15-1.18, n = 100000: 1.20-1.24 (GMP 6.2.1 in the same runs: 8.5-10.5; 2.20-2.89,
 *   1.92-2.10, 1.96-1.98, 1.87-1.93).
 *
 * Method: a[i] * b = h_i * 2^64 + l_i. Two carry chains that do not wait for each other:
 *   t_i = l_i + h_(i-1) + CF   (adcx: CF only)      r[i] = r[i] + t_i + OF   (adox: OF only)
 * so sum t_i 2^(64 i) + CF_out 2^(64 n) = {a, n} * b - h_(n-1) 2^(64 n), and
 * h = h_(n-1) + CF_out + OF_out, which fits a limb since the whole result is below 2^(64 n) (b + 1).
 * Two loops over the same slot: first the S = n mod 16 odd limbs, unrolled 4 times and entered
 * at slot (4 - S mod 4) mod 4 through branches (the pointers moved back by as many limbs), then
 * n / 16 passes unrolled 16 times. On Zen 4 the integer pipes are the bound of the long loop, so
 * its bookkeeping per pass counts (8 times unrolled ran 1.19 ticks/limb at n = 1024, 16 times
 * 1.01-1.09); at small n the entry counts, and well-predicted branches cost less than the
 * indirect jump of a 16-way jump table. Both loops count with lea and jrcxz, which leave OF and
 * CF alone, and end on rax, the high limb the first slot reads.
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
	mov	%r10, %r9
	shr	$4, %r9			/* 16-way passes */
	and	$15, %r10d		/* S = n mod 16 */
	lea	3(%r10), %rcx
	shr	$2, %rcx		/* 4-way passes = ceil(S / 4) */
	xor	%r8d, %r8d		/* high limb before the odd slots */
	test	%r10d, %r10d		/* CF = OF = 0 on every path from here */
	jz	.Lmain
	test	$1, %r10b
	jnz	.Lodd
	test	$2, %r10b
	jz	.Ls0
	lea	-16(%rsi), %rsi		/* S mod 4 = 2: slot 2 */
	lea	-16(%rdi), %rdi
	jmp	.Ls2
.Lodd:	test	$2, %r10b
	jz	.Ln1
	lea	-8(%rsi), %rsi		/* S mod 4 = 3: slot 1 */
	lea	-8(%rdi), %rdi
	jmp	.Ls1
.Ln1:	lea	-24(%rsi), %rsi		/* S mod 4 = 1: slot 3 */
	lea	-24(%rdi), %rdi
	jmp	.Ls3

/* Slot k: limb k of the pass; hi receives h_k, prev holds h_(k-1). */
	.macro	SLOT k, hi, prev
	mulx	8*\k(%rsi), %r11, \hi
	adcx	\prev, %r11
	adox	8*\k(%rdi), %r11
	mov	%r11, 8*\k(%rdi)
	.endm

	.p2align 5
.Ls0:	SLOT	0, %r8, %rax
.Ls1:	SLOT	1, %rax, %r8
.Ls2:	SLOT	2, %r8, %rax
.Ls3:	SLOT	3, %rax, %r8
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	lea	-1(%rcx), %rcx		/* dec would clobber OF: count with lea and jrcxz */
	jrcxz	.Lmain
	jmp	.Ls0
.Lmain:	mov	%r9, %rcx
	jrcxz	.Lend
	jmp	.Ltop
.Lend:	mov	$0, %r11d		/* mov keeps the flags */
	adcx	%r11, %rax		/* h_(n-1) + CF_out */
	adox	%r11, %rax		/*   + OF_out */
	ret

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
	lea	-1(%rcx), %rcx
	jrcxz	.Ldone			/* jrcxz reaches 128 bytes only */
	jmp	.Ltop
.Ldone:	jmp	.Lend
	.size	cy__mpn_addmul_1_adx, .-cy__mpn_addmul_1_adx

	.section .note.GNU-stack, "", @progbits
