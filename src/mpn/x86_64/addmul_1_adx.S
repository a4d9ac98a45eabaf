/* cy__mpn_addmul_1_adx -- accumulate a limb vector times one limb, BMI2 mulx + ADX.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} + 2^(64 n) * h = {r, n} + {a, n} * b,   h (<= b) is returned.
 *
 *   cy_limb cy__mpn_addmul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = n on entry, then b (mulx's implicit
 *   operand), rcx = b on entry, then passes left, r9 = 0 (adcx/adox take no immediate), r10 = n,
 *   r11 = limb in flight, r8 / rax = high products of even / odd slots (rax: return value).
 * Needs: BMI2 (mulx), ADX (adcx, adox).
 * Zen 3 (carry-bench ticks/limb): ADDMUL_1_ADX_CYCLES
 *
 * Method: a[i] * b = h_i * 2^64 + l_i. Two carry chains that do not wait for each other:
 *   t_i = l_i + h_(i-1) + CF   (adcx: CF only)      r[i] = r[i] + t_i + OF   (adox: OF only)
 * so sum t_i 2^(64 i) + CF_out 2^(64 n) = {a, n} * b - h_(n-1) 2^(64 n), and
 * h = h_(n-1) + CF_out + OF_out, which fits a limb since the whole result is below 2^(64 n) (b + 1).
 * Unrolled 4 times, entered at slot (4 - n mod 4) mod 4 (test clears CF and OF on the way in).
 * Overlap: r == a is allowed (a[i] and r[i] are read before r[i] is written). Branches depend on
 * n only. n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_addmul_1_adx
	.type	cy__mpn_addmul_1_adx, @function
	.p2align 5
cy__mpn_addmul_1_adx:
	mov	%rdx, %r10
	mov	%rcx, %rdx
	xor	%r9d, %r9d
	xor	%eax, %eax
	xor	%r8d, %r8d
	lea	3(%r10), %rcx
	shr	$2, %rcx		/* passes = ceil(n / 4) */
	jz	.Ldone
	test	$1, %r10b		/* test clears CF and OF */
	jnz	.Lodd
	test	$2, %r10b
	jz	.Ls0
	lea	-16(%rsi), %rsi
	lea	-16(%rdi), %rdi
	jmp	.Ls2
.Lodd:	test	$2, %r10b
	jz	.Ln1
	lea	-8(%rsi), %rsi
	lea	-8(%rdi), %rdi
	jmp	.Ls1
.Ln1:	lea	-24(%rsi), %rsi
	lea	-24(%rdi), %rdi
	jmp	.Ls3

	.p2align 4
.Ls0:	mulx	(%rsi), %r11, %r8
	adcx	%rax, %r11
	adox	(%rdi), %r11
	mov	%r11, (%rdi)
.Ls1:	mulx	8(%rsi), %r11, %rax
	adcx	%r8, %r11
	adox	8(%rdi), %r11
	mov	%r11, 8(%rdi)
.Ls2:	mulx	16(%rsi), %r11, %r8
	adcx	%rax, %r11
	adox	16(%rdi), %r11
	mov	%r11, 16(%rdi)
.Ls3:	mulx	24(%rsi), %r11, %rax
	adcx	%r8, %r11
	adox	24(%rdi), %r11
	mov	%r11, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	lea	-1(%rcx), %rcx		/* dec would clobber OF: count with lea and jrcxz */
	jrcxz	.Lend
	jmp	.Ls0
.Lend:	adcx	%r9, %rax		/* h_(n-1) + CF_out */
	adox	%r9, %rax		/*   + OF_out */
.Ldone:	ret
	.size	cy__mpn_addmul_1_adx, .-cy__mpn_addmul_1_adx

	.section .note.GNU-stack, "", @progbits
