/* cy__mont_redc_adx -- Montgomery reduction by groups of 8 quotient limbs, BMI2 mulx + ADX.
 * SPDX-License-Identifier: MIT
 *
 * Computes   {t + n, n} + 2^(64 n) * h = ({t, 2n} + Q m) / 2^(64 n),   h (0 or 1) is returned,
 * with Q = {q, n}, q_j = (limb j of t + {q, j} m) * minv mod 2^64, minv = -m^-1 mod 2^64, so that
 * the division is exact. For t < 2^(64 n) m the value is < 2m; the caller subtracts m once.
 *
 *   cy_limb cy__mont_redc_adx(cy_limb *t, const cy_limb *m, size_t n, cy_limb minv, cy_limb *q);
 *
 * n is a multiple of 4, n >= 8. {t, 2n} is overwritten ({t, n} with zeros), {q, n} is scratch
 * and receives Q. No overlap between t, m and q.
 * Method: Q is taken in groups {q + s, w} (w = 8, the last one 4 when n = 4 mod 8). A group
 * keeps a window of w + 1 limbs of t in registers, t[s+l .. s+l+w] at row l, and adds one row
 * per limb of m: row l adds m_l {q + s, w} (mulx for the products, adcx for the low halves on
 * the CF chain, adox for the high halves on the OF chain); then t[s+l] is final, is stored, and
 * the window moves up one limb by register moves, its new top loaded from t. The first w rows
 * cannot take m_l times the group (its limbs are not known yet): row k = 0 .. w-1 instead adds
 * q_(s+k) {m, w} with q_(s+k) = (window's low limb) minv, which zeroes that limb; the two kinds
 * of rows together add every product q_(s+k) m_l of the group once. A row adds at most
 * (B - 1)(B^w - 1) + 2 to a window below B^(w+1), so the carry out of a row is 0 or 1 (CF + OF);
 * it waits in a stack slot and enters the next row at its top. The carry out of a group's last
 * row belongs at limb s + n + w, untouched t until row n - w' of the next group (width w') loads
 * it as its top: it waits in a second slot and joins the row carry there (a row carry of 2 keeps
 * the bound above). The last group's final carry is h.
 * Koc, Acar, Kaliski, "Analyzing and comparing Montgomery multiplication algorithms", IEEE
 * Micro 16(3), 1996 (separated operand scanning), with the reduction's rows blocked w at a time
 * as in a basecase multiplication (mpn/x86_64/mul_basecase_adx.S keeps its window the same way).
 * Registers: rdi = t + s + l, rsi = {m, w} or {q + s, w} (the row's vector), rcx = q + s + k
 *   or m + l, rdx = the row's multiplier (mulx's implicit operand), window r8-r11, rbx, rbp,
 *   r12, r13 (r8-r11 for w = 4), top r14 (rbx for w = 4), rax / r15 = low / high halves.
 *   Stack: 0 row carry, 8 group carry, 16 minv, 24 m + n, 32 m + n - w, 40 t + s, 48 q + s,
 *   56 m, 64 q + s + w, 72 q + n.
 * Measured: see docs/mod.md.
 * Needs: BMI2 (mulx), ADX (adcx, adox). Branches depend on n only.
 */

.macro	PROD off, lo, hi
	mulx	\off(%rsi), %rax, %r15
	adcx	%rax, \lo
	adox	%r15, \hi
.endm

/* {window, top} += rdx {rsi, w} + row carry; the low limb to t; the window moves up. */
.macro	ROW w
	test	%rdx, %rdx		/* clears CF and OF */
.if \w == 8
	mov	64(%rdi), %r14
	PROD	0, %r8, %r9
	PROD	8, %r9, %r10
	PROD	16, %r10, %r11
	PROD	24, %r11, %rbx
	PROD	32, %rbx, %rbp
	PROD	40, %rbp, %r12
	PROD	48, %r12, %r13
	PROD	56, %r13, %r14
	adcx	0(%rsp), %r14
.else
	mov	32(%rdi), %rbx
	PROD	0, %r8, %r9
	PROD	8, %r9, %r10
	PROD	16, %r10, %r11
	PROD	24, %r11, %rbx
	adcx	0(%rsp), %rbx
.endif
	mov	$0, %eax
	adcx	%rax, %rax
	mov	$0, %r15d
	adox	%r15, %r15
	add	%r15, %rax
	mov	%rax, 0(%rsp)
	mov	%r8, (%rdi)
	mov	%r9, %r8
	mov	%r10, %r9
	mov	%r11, %r10
.if \w == 8
	mov	%rbx, %r11
	mov	%rbp, %rbx
	mov	%r12, %rbp
	mov	%r13, %r12
	mov	%r14, %r13
.else
	mov	%rbx, %r11
.endif
	lea	8(%rdi), %rdi
.endm

/* One group of w quotient limbs at s: rdi = t + s, 48(%rsp) = q + s on entry; both advance by w. */
.macro	GROUP w
	mov	%rdi, 40(%rsp)
	mov	0(%rdi), %r8
	mov	8(%rdi), %r9
	mov	16(%rdi), %r10
	mov	24(%rdi), %r11
.if \w == 8
	mov	32(%rdi), %rbx
	mov	40(%rdi), %rbp
	mov	48(%rdi), %r12
	mov	56(%rdi), %r13
.endif
	movq	$0, 0(%rsp)
	mov	24(%rsp), %rax
	sub	$8*\w, %rax
	mov	%rax, 32(%rsp)		/* m + n - w */
	mov	48(%rsp), %rcx
	lea	8*\w(%rcx), %rax
	mov	%rax, 64(%rsp)		/* q + s + w */
	mov	56(%rsp), %rsi		/* the first w rows: q_(s+k) {m, w} */
1:
	mov	%r8, %rdx
	imul	16(%rsp), %rdx
	mov	%rdx, (%rcx)
	ROW	\w
	lea	8(%rcx), %rcx
	cmp	64(%rsp), %rcx
	jne	1b
	mov	48(%rsp), %rsi		/* the other rows: m_l {q + s, w} */
	mov	56(%rsp), %rcx
	lea	8*\w(%rcx), %rcx
	jmp	3f
2:
	cmp	32(%rsp), %rcx
	jne	4f			/* at row n - w: the previous group's carry joins the row carry */
	mov	8(%rsp), %rax
	add	%rax, 0(%rsp)
4:
	mov	(%rcx), %rdx
	ROW	\w
	lea	8(%rcx), %rcx
3:
	cmp	24(%rsp), %rcx
	jne	2b
	mov	%r8, 0(%rdi)
	mov	%r9, 8(%rdi)
	mov	%r10, 16(%rdi)
	mov	%r11, 24(%rdi)
.if \w == 8
	mov	%rbx, 32(%rdi)
	mov	%rbp, 40(%rdi)
	mov	%r12, 48(%rdi)
	mov	%r13, 56(%rdi)
.endif
	mov	0(%rsp), %rax		/* the group's carry, at limb s + n + w */
	mov	%rax, 8(%rsp)
	mov	40(%rsp), %rdi
	lea	8*\w(%rdi), %rdi
	addq	$8*\w, 48(%rsp)
.endm

	.text
	.globl	cy__mont_redc_adx
	.type	cy__mont_redc_adx, @function
	.p2align 5
cy__mont_redc_adx:
	push	%rbx
	push	%rbp
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$80, %rsp
	movq	$0, 8(%rsp)
	mov	%rcx, 16(%rsp)		/* minv */
	lea	(%rsi,%rdx,8), %rax
	mov	%rax, 24(%rsp)		/* m + n */
	mov	%r8, 48(%rsp)		/* q + s, s = 0 */
	mov	%rsi, 56(%rsp)		/* m */
	lea	(%r8,%rdx,8), %rax
	mov	%rax, 72(%rsp)		/* q + n */
.Lgroups:
	mov	72(%rsp), %rax
	sub	48(%rsp), %rax		/* bytes of q left */
	cmp	$64, %rax
	jb	.Ltail
	GROUP	8
	jmp	.Lgroups
.Ltail:
	test	%rax, %rax
	jz	.Ldone
	GROUP	4
.Ldone:
	mov	8(%rsp), %rax		/* h */
	add	$80, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbp
	pop	%rbx
	ret
	.size	cy__mont_redc_adx, .-cy__mont_redc_adx

	.section .note.GNU-stack, "", @progbits
