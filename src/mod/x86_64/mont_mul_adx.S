/* cy__mont_mul_adx -- Montgomery multiplication, CIOS, BMI2 mulx + ADX, any n >= 1.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {t, n} + 2^(64 n) * h = (a b + Q m) / 2^(64 n),   h (0 or 1) is returned,
 * with Q < 2^(64 n) chosen limb by limb (q_i = t[0] * minv mod 2^64, minv = -m^-1 mod 2^64) so
 * that the division is exact. For a, b < m the value is < 2m; the caller subtracts m once.
 *
 *   cy_limb cy__mont_mul_adx(cy_limb *t, const cy_limb *a, const cy_limb *b, const cy_limb *m,
 *                            size_t n, cy_limb minv);
 *
 * {t - 1, n + 3} is writable scratch: t[0 .. n+1] must be zero on entry, t[-1] receives garbage.
 * It must not overlap a, b or m.
 * Registers (System V AMD64): rdi = t, rsi = a, r10 = b, r11 = m, r8 = n, r9 = minv,
 *   rbx = row i, rcx = passes left, rdx = b[i] or q_i (mulx's implicit operand), r15 / r13 =
 *   walkers over a or m / t, r12 = low product, r14 / rax = high products of even / odd slots,
 *   ebp = 0 (adcx/adox take no immediate); on the stack: the entry slot's address for each pass,
 *   the byte offset 8 (4 - n mod 4) mod 4 and the pass count.
 * Needs: BMI2 (mulx), ADX (adcx, adox).
 * Measured (carry-bench --suite mod, TSC ticks per call): see the Measured appendix of docs/mod.md.
 * Method (Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication algorithms",
 * IEEE Micro 16(3), 1996), each row i in two passes over the limbs:
 *   pass A: t += a b[i]             t[j] += l_j + h_(j-1): h through CF (adcx), t through OF (adox)
 *   pass B: t = (t + q_i m) / 2^64  the same, each limb stored one place lower (limb 0, which
 *                                   becomes 0, into t[-1])
 * Before pass A, t < 2m < 2^(64 n + 1); after it t < 2^(64 (n + 1)) + 2^(64 n + 1), so t[n+1] <= 1.
 * Each pass is unrolled 4 times and entered at slot (4 - n mod 4) mod 4 with the walkers moved
 * back as many limbs, as in mpn/x86_64/addmul_1_adx.S. Loops count with lea and jrcxz, which
 * leave CF and OF alone. Branches depend on n only.
 */
	.text
	.globl	cy__mont_mul_adx
	.type	cy__mont_mul_adx, @function
	.p2align 5
cy__mont_mul_adx:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$40, %rsp		/* 0: entry A, 8: entry B, 16: back offset, 24: passes */
	mov	%rdx, %r10		/* b */
	mov	%rcx, %r11		/* m */
	mov	%r8, %rax
	neg	%rax
	and	$3, %eax		/* slot = (4 - n mod 4) mod 4 */
	lea	.LentryA(%rip), %rcx
	movslq	(%rcx,%rax,4), %rdx
	add	%rcx, %rdx
	mov	%rdx, 0(%rsp)
	lea	.LentryB(%rip), %rcx
	movslq	(%rcx,%rax,4), %rdx
	add	%rcx, %rdx
	mov	%rdx, 8(%rsp)
	shl	$3, %rax
	mov	%rax, 16(%rsp)
	lea	3(%r8), %rax
	shr	$2, %rax
	mov	%rax, 24(%rsp)
	xor	%ebx, %ebx		/* i = 0 */
	mov	$0, %ebp

.Lrow:	/* pass A: {t, n + 2} += {a, n} * b[i] */
	mov	(%r10,%rbx,8), %rdx
	mov	%rsi, %r15
	mov	%rdi, %r13
	sub	16(%rsp), %r15
	sub	16(%rsp), %r13
	mov	24(%rsp), %rcx
	xor	%r14d, %r14d		/* clears CF and OF */
	xor	%eax, %eax
	jmp	*0(%rsp)
	.p2align 4
.La0:	mulx	(%r15), %r12, %rax
	adcx	%r14, %r12
	adox	(%r13), %r12
	mov	%r12, (%r13)
.La1:	mulx	8(%r15), %r12, %r14
	adcx	%rax, %r12
	adox	8(%r13), %r12
	mov	%r12, 8(%r13)
.La2:	mulx	16(%r15), %r12, %rax
	adcx	%r14, %r12
	adox	16(%r13), %r12
	mov	%r12, 16(%r13)
.La3:	mulx	24(%r15), %r12, %r14
	adcx	%rax, %r12
	adox	24(%r13), %r12
	mov	%r12, 24(%r13)
	lea	32(%r15), %r15
	lea	32(%r13), %r13
	lea	-1(%rcx), %rcx
	jrcxz	.Laend
	jmp	.La0
.Laend:	/* the last slot is 3: its high limb is in r14 */
	adcx	%rbp, %r14		/* h_(n-1) + CF: no carry, h <= 2^64 - 2 */
	mov	(%rdi,%r8,8), %r12
	adox	%r14, %r12		/* t[n] + h + OF */
	mov	%r12, (%rdi,%r8,8)
	mov	8(%rdi,%r8,8), %r12
	adox	%rbp, %r12		/* t[n+1] + OF */
	mov	%r12, 8(%rdi,%r8,8)

	/* pass B: {t - 1, n + 2} = {t, n + 2} + q m, i.e. ({t, n + 2} + q m) / 2^64 in {t, n + 2} */
	mov	(%rdi), %rdx
	imul	%r9, %rdx		/* q = t[0] * minv */
	mov	%r11, %r15
	mov	%rdi, %r13
	sub	16(%rsp), %r15
	sub	16(%rsp), %r13
	mov	24(%rsp), %rcx
	xor	%r14d, %r14d		/* clears CF and OF */
	xor	%eax, %eax
	jmp	*8(%rsp)
	.p2align 4
.Lb0:	mulx	(%r15), %r12, %rax
	adcx	%r14, %r12
	adox	(%r13), %r12
	mov	%r12, -8(%r13)
.Lb1:	mulx	8(%r15), %r12, %r14
	adcx	%rax, %r12
	adox	8(%r13), %r12
	mov	%r12, (%r13)
.Lb2:	mulx	16(%r15), %r12, %rax
	adcx	%r14, %r12
	adox	16(%r13), %r12
	mov	%r12, 8(%r13)
.Lb3:	mulx	24(%r15), %r12, %r14
	adcx	%rax, %r12
	adox	24(%r13), %r12
	mov	%r12, 16(%r13)
	lea	32(%r15), %r15
	lea	32(%r13), %r13
	lea	-1(%rcx), %rcx
	jrcxz	.Lbend
	jmp	.Lb0
.Lbend:	adcx	%rbp, %r14
	mov	(%rdi,%r8,8), %r12
	adox	%r14, %r12		/* t[n-1] = t[n] + h + OF */
	mov	%r12, -8(%rdi,%r8,8)
	mov	8(%rdi,%r8,8), %r12
	adox	%rbp, %r12		/* t[n] = t[n+1] + OF */
	mov	%r12, (%rdi,%r8,8)
	movq	$0, 8(%rdi,%r8,8)

	lea	1(%rbx), %rbx
	cmp	%r8, %rbx
	jne	.Lrow
	mov	(%rdi,%r8,8), %rax
	add	$40, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.size	cy__mont_mul_adx, .-cy__mont_mul_adx

	.section .rodata
	.p2align 2
.LentryA:
	.long	.La0 - .LentryA
	.long	.La1 - .LentryA
	.long	.La2 - .LentryA
	.long	.La3 - .LentryA
.LentryB:
	.long	.Lb0 - .LentryB
	.long	.Lb1 - .LentryB
	.long	.Lb2 - .LentryB
	.long	.Lb3 - .LentryB

	.section .note.GNU-stack, "", @progbits
