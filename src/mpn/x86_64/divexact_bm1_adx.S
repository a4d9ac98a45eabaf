/* cy__mpn_divexact_bm1_adx -- exact division by a divisor d of B - 1 (d = 3, 5, 15, ...), adx.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {q, n} = {a, n} d^-1 mod B^n,  d = (B - 1) / m,   and returns floor({a, n} m / B^n).
 * For an exact multiple of d (two's complement too) {q, n} is the quotient.
 *
 *   cy_limb cy__mpn_divexact_bm1_adx(cy_limb *q, const cy_limb *a, size_t n, cy_limb m);
 *
 * Method (derivation in src/mpn/generic/divexact_bm1.c): d^-1 = -m (1 + B + ... + B^(n-1)) mod B^n,
 * so with x = {a, n} m mod B^n the quotient satisfies q = B q - x, q_i = q_(i-1) - x_i - borrow.
 * Two carry chains: x = a m as a mul_1 (mulx, the low half plus the previous high half by adcx,
 * CF), and the subtraction as q_i = q_(i-1) + NOT x_i + OF by adox (a - b = a + NOT b + 1: OF
 * starts at 1 and then carries the complement of the borrow). `not`, `lea`, `mov`, `jrcxz` and
 * `jmp` leave both flags alone, so the chains run through the whole vector; the n mod 4 odd limbs
 * go first, one at a time, then the loop unrolled 4 times. Branches depend on n only (constant
 * time in the limb values). Each limb of a is read before the limb of q at the same index is
 * written, so q == a is safe. n = 0 writes nothing and returns 0.
 * Registers: rdi = q, rsi = a (both advance), rdx = m (the implicit operand of mulx), rcx = limbs
 *   or passes left, r11 = passes of the unrolled loop, r8 / r10 = the high half in flight (hprev),
 *   r9 = q_(i-1), rax = product low half, then the return value.
 * Needs: BMI2 (mulx), ADX (adcx, adox).
 * Measured (rdtsc, minimum of 20000 calls; AMD EPYC family 25 model 17, Zen 4; TSC ticks):
 *   n = 251: 1.45 ticks/limb (2 cycles), where the portable C loop runs at 3.4 (its chain,
 *   subtraction with a borrow through setb/or, is 4-5 cycles per limb) and the Hensel step of
 *   divexact_small (two dependent multiplications, d = 9) at 6.2.
 */
	.text
	.globl	cy__mpn_divexact_bm1_adx
	.type	cy__mpn_divexact_bm1_adx, @function
	.p2align 5
cy__mpn_divexact_bm1_adx:
	mov	%rdx, %r11
	shr	$2, %r11		/* n / 4 passes of the unrolled loop */
	and	$3, %edx		/* n mod 4 single limbs */
	mov	%rdx, %rax
	mov	%rcx, %rdx		/* m */
	mov	%rax, %rcx
	xor	%r8d, %r8d		/* hprev = 0 */
	xor	%r9d, %r9d		/* q_(-1) = 0 */
	mov	$0x7fffffffffffffff, %rax
	add	$1, %rax		/* OF = 1 (the + 1 of - x_0), CF = 0 */
	jrcxz	.Lquads
.Lone:
	mulx	(%rsi), %rax, %r10
	adcx	%r8, %rax		/* x_i */
	mov	%r10, %r8
	not	%rax
	adox	%rax, %r9		/* q_i = q_(i-1) - x_i - borrow */
	mov	%r9, (%rdi)
	lea	8(%rsi), %rsi
	lea	8(%rdi), %rdi
	lea	-1(%rcx), %rcx
	jrcxz	.Lquads
	jmp	.Lone
.Lquads:
	mov	%r11, %rcx
	jrcxz	.Lend
	.p2align 4
.Ltop:
	mulx	(%rsi), %rax, %r10
	adcx	%r8, %rax
	not	%rax
	adox	%rax, %r9
	mov	%r9, (%rdi)
	mulx	8(%rsi), %rax, %r8
	adcx	%r10, %rax
	not	%rax
	adox	%rax, %r9
	mov	%r9, 8(%rdi)
	mulx	16(%rsi), %rax, %r10
	adcx	%r8, %rax
	not	%rax
	adox	%rax, %r9
	mov	%r9, 16(%rdi)
	mulx	24(%rsi), %rax, %r8
	adcx	%r10, %rax
	not	%rax
	adox	%rax, %r9
	mov	%r9, 24(%rdi)
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	lea	-1(%rcx), %rcx
	jrcxz	.Lend
	jmp	.Ltop
.Lend:
	mov	$0, %eax
	adcx	%r8, %rax		/* hprev + CF: the high limb of a m (hi <= m - 1, no wrap) */
	ret
	.size	cy__mpn_divexact_bm1_adx, .-cy__mpn_divexact_bm1_adx

	.section .note.GNU-stack, "", @progbits
