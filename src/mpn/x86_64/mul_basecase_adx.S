# cy__mpn_mul_basecase_adx: {r, an + bn} = {a, an} * {b, bn}, an >= bn >= 1.
# SPDX-License-Identifier: MIT
#
# C prototype: void cy__mpn_mul_basecase_adx(cy_limb *r, const cy_limb *a, size_t an,
#                                            const cy_limb *b, size_t bn);
# Method:      row 0 writes r[0, an] = b_0 * {a, an}; then one row per limb of b:
#              r[j, j + an) += b_j * {a, an}, the row's
#              carry limb stored at r[j + an] (no earlier row reached it). In a row, mulx makes each
#              limb product lo + hi B; adcx adds r[j+i] into lo (CF chain), adox adds the previous
#              product's hi (OF chain): r[j+i] + lo_i + hi_(i-1) + carries <= B^2 - 1 per step, and
#              at the end hi_(an-1) + CF + OF <= B - 1. The row is unrolled by 4, entered at
#              step (-an) mod 4 (Duff's device), with the four hi registers zeroed so that the
#              first step's "previous hi" is 0 wherever it enters.
# Registers:   rdi = r + j + an (row end), rsi = a + an, r10 = &b[j], r8 = rows left,
#              r9 = entry address of the rows j >= 1 (row 0, a plain product, has its own steps), rbx = -(an + skipped steps), rcx = step index (negative,
#              up to 0: lea + jrcxz keep the flags), rdx = b_j, rax = lo, r11/r12/r13/r14 = hi.
# Cycles:      about 1.85 TSC ticks per limb product here (GMP's mul_basecase: 1.8) for 32..1000 limbs.
# Needs:       BMI2 (mulx), ADX (adcx, adox). Constant time: the flow depends on an, bn only.

	.text
	.globl cy__mpn_mul_basecase_adx
	.type cy__mpn_mul_basecase_adx, @function
	.p2align 4
cy__mpn_mul_basecase_adx:
	push %rbx
	push %r12
	push %r13
	push %r14
	mov %rcx, %r10
	lea (%rsi,%rdx,8), %rsi
	lea (%rdi,%rdx,8), %rdi
	mov %rdx, %rax			# k = (-an) mod 4 steps skipped on entry
	neg %rax
	and $3, %rax
	lea (%rdx,%rax), %rbx
	neg %rbx
	lea .Lentry(%rip), %r9		# r9 = entry of the addmul rows, rcx = entry of row 0
	movslq (%r9,%rax,4), %rcx
	add %r9, %rcx
	movslq 16(%r9,%rax,4), %rax
	add %rax, %r9
	xor %r11d, %r11d		# row 0: r[0, an] = b_0 * {a, an}, one chain (CF)
	xor %r12d, %r12d
	xor %r13d, %r13d
	xor %r14d, %r14d
	mov (%r10), %rdx
	lea 8(%r10), %r10
	mov %rcx, %rax
	mov %rbx, %rcx
	jmp *%rax

# Row 0 step: r[i] = lo_i + hi_(i-1) + CF.
.macro STEP1 s, prev, hi
	mulx 8*\s(%rsi,%rcx,8), %rax, \hi
	adcx \prev, %rax
	mov %rax, 8*\s(%rdi,%rcx,8)
.endm

	.p2align 4
.Lm0:	STEP1 0, %r14, %r11
.Lm1:	STEP1 1, %r11, %r12
.Lm2:	STEP1 2, %r12, %r13
.Lm3:	STEP1 3, %r13, %r14
	lea 4(%rcx), %rcx
	jrcxz .Lrow0_end
	jmp .Lm0
.Lrow0_end:
	mov $0, %eax
	adcx %rax, %r14
	mov %r14, (%rdi)
	lea 8(%rdi), %rdi
	dec %r8
	jz .Ldone

.Lrow:
	xor %r11d, %r11d		# hi registers = 0, CF = OF = 0
	xor %r12d, %r12d
	xor %r13d, %r13d
	xor %r14d, %r14d
	mov (%r10), %rdx
	lea 8(%r10), %r10
	mov %rbx, %rcx
	jmp *%r9

# One step: r[i] += lo_i + hi_(i-1), with hi_(i-1) in \prev, hi_i into \hi.
.macro STEP s, prev, hi
	mulx 8*\s(%rsi,%rcx,8), %rax, \hi
	adcx 8*\s(%rdi,%rcx,8), %rax
	adox \prev, %rax
	mov %rax, 8*\s(%rdi,%rcx,8)
.endm

	.p2align 4
.Ls0:	STEP 0, %r14, %r11
.Ls1:	STEP 1, %r11, %r12
.Ls2:	STEP 2, %r12, %r13
.Ls3:	STEP 3, %r13, %r14
	lea 4(%rcx), %rcx
	jrcxz .Lrow_end
	jmp .Ls0
.Lrow_end:
	mov $0, %eax
	adcx %rax, %r14
	adox %rax, %r14
	mov %r14, (%rdi)
	lea 8(%rdi), %rdi
	dec %r8
	jnz .Lrow
.Ldone:
	pop %r14
	pop %r13
	pop %r12
	pop %rbx
	ret
	.size cy__mpn_mul_basecase_adx, .-cy__mpn_mul_basecase_adx

	.section .rodata
	.p2align 2
.Lentry:				# by the number of steps skipped: row 0, then the other rows
	.long .Lm0 - .Lentry
	.long .Lm1 - .Lentry
	.long .Lm2 - .Lentry
	.long .Lm3 - .Lentry
	.long .Ls0 - .Lentry
	.long .Ls1 - .Lentry
	.long .Ls2 - .Lentry
	.long .Ls3 - .Lentry

	.section .note.GNU-stack,"",@progbits
