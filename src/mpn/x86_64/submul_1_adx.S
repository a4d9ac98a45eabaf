/* cy__mpn_submul_1_adx -- subtract a limb vector times one limb, BMI2 mulx + ADX.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * h = {r, n} - {a, n} * b,   the borrow limb h (<= b) is returned.
 *
 *   cy_limb cy__mpn_submul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a, rdx = n on entry, then b (mulx's implicit
 *   operand), rcx = b on entry, then passes left, r9 = 0 (adcx/adox take no immediate), r10 = n,
 *   r11 = 2^31 (to set OF), then the limb in flight, r8 / rax = high products of even / odd
 *   slots (rax: return value).
 * Needs: BMI2 (mulx), ADX (adcx, adox).
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17, i.e. Zen 4, which the
 *   design notes call Zen 3; TSC ticks, 1 tick = about 1.45 core cycles; +-15% run to run):
 *   n = 1: 12.7 ticks/call; ticks/limb at n = 8: 1.82, n = 100: 1.44, n = 1000: 1.41,
 *   n = 100000: 1.41 (GMP 6.2.1 in the same run: 8.4; 1.90, 1.81, 1.87, 1.87).
 *
 * Method: a[i] * b = h_i * 2^64 + l_i. As in addmul_1, the product limbs come from one chain,
 *   t_i = l_i + h_(i-1) + CF   (adcx: CF only),
 * so {a, n} * b = T + H 2^(64 n) with T = sum t_i 2^(64 i), H = h_(n-1) + CF_out. ADX has no
 * subtract, so the second chain adds the complement: r - T = r + (2^(64 n) - 1 - T) + 1 - 2^(64 n),
 *   r[i] = r[i] + NOT t_i + OF   (adox: OF only, OF = 1 on entry for the "+ 1"),
 * which leaves {r, n} + OF_out 2^(64 n) = r - T + 2^(64 n), i.e. a borrow of 1 - OF_out.
 * h = H + 1 - OF_out = -(NOT H + OF_out), computed with not, adox, neg; it fits a limb (<= b).
 * Unrolled 4 times, entered at slot (4 - n mod 4) mod 4; every entry sets CF = 0, OF = 1 with
 * cmp $1 on 2^31 (-2^31 - 1 overflows 32 bits; no unsigned borrow).
 * Overlap: r == a is allowed (a[i] and r[i] are read before r[i] is written). Branches depend on
 * n only. n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_submul_1_adx
	.type	cy__mpn_submul_1_adx, @function
	.p2align 5
cy__mpn_submul_1_adx:
	mov	%rdx, %r10
	mov	%rcx, %rdx
	xor	%r9d, %r9d
	xor	%eax, %eax
	xor	%r8d, %r8d
	mov	$0x80000000, %r11d	/* for cmp $1: CF = 0, OF = 1 */
	lea	3(%r10), %rcx
	shr	$2, %rcx		/* passes = ceil(n / 4) */
	jz	.Ldone
	test	$1, %r10b
	jnz	.Lodd
	test	$2, %r10b
	jnz	.Ln2
	cmp	$1, %r11d
	jmp	.Ls0
.Ln2:	lea	-16(%rsi), %rsi
	lea	-16(%rdi), %rdi
	cmp	$1, %r11d
	jmp	.Ls2
.Lodd:	test	$2, %r10b
	jz	.Ln1
	lea	-8(%rsi), %rsi
	lea	-8(%rdi), %rdi
	cmp	$1, %r11d
	jmp	.Ls1
.Ln1:	lea	-24(%rsi), %rsi
	lea	-24(%rdi), %rdi
	cmp	$1, %r11d
	jmp	.Ls3

	.p2align 6
.Ls0:	mulx	(%rsi), %r11, %r8
	adcx	%rax, %r11
	not	%r11
	adox	(%rdi), %r11
	mov	%r11, (%rdi)
.Ls1:	mulx	8(%rsi), %r11, %rax
	adcx	%r8, %r11
	not	%r11
	adox	8(%rdi), %r11
	mov	%r11, 8(%rdi)
.Ls2:	mulx	16(%rsi), %r11, %r8
	adcx	%rax, %r11
	not	%r11
	adox	16(%rdi), %r11
	mov	%r11, 16(%rdi)
.Ls3:	mulx	24(%rsi), %r11, %rax
	adcx	%r8, %r11
	not	%r11
	adox	24(%rdi), %r11
	mov	%r11, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	lea	-1(%rcx), %rcx		/* dec would clobber OF: count with lea and jrcxz */
	jrcxz	.Lend
	jmp	.Ls0
.Lend:	adcx	%r9, %rax		/* H = h_(n-1) + CF_out */
	not	%rax
	adox	%r9, %rax		/* NOT H + OF_out */
	neg	%rax			/* H + 1 - OF_out */
.Ldone:	ret
	.size	cy__mpn_submul_1_adx, .-cy__mpn_submul_1_adx

	.section .note.GNU-stack, "", @progbits
