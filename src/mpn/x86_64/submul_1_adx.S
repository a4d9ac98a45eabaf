/* cy__mpn_submul_1_adx -- subtract a limb vector times one limb, BMI2 mulx + ADX (+ AVX2).
 * SPDX-License-Identifier: MIT
 *
 * Computes   {r, n} - 2^(64 n) * h = {r, n} - {a, n} * b,   the borrow limb h (<= b) is returned.
 *
 *   cy_limb cy__mpn_submul_1_adx(cy_limb *r, const cy_limb *a, size_t n, cy_limb b);
 *
 * Registers (System V AMD64): rdi = r, rsi = a (both advance), rdx = n on entry, then b (mulx's
 *   implicit operand), rcx = b on entry, then passes left (scalar loop, then vector loop),
 *   r10 = n, then S, then the complement buffer being read, r9 = vector passes V, then the
 *   other buffer, r11 = 2^31 (to set OF), then the limb in flight, r8 / rax = high products of
 *   even / odd slots (rax: return value), ymm0-3 = complemented limbs of a, ymm4 = all ones;
 *   rbp = frame pointer when there is a 256-byte stack frame (two buffers; n >= 48 only).
 * Needs: BMI2 (mulx), ADX (adcx, adox), AVX2 (256-bit vpxor).
 * Not an instance of aorsmul_1_adx.inc, the loop of mul_1_adx and addmul_1_adx: the complement
 *   changes the algorithm (two phases, a stack frame, vector complements a pass ahead), and only
 *   phase 2's slot is addmul_1's.
 * Measured (carry-bench --suite mpn; AMD EPYC family 25 model 17 (Zen 4);
 *   TSC ticks, 1 tick = about 1.42 core cycles; +-15% run to run):
 *   n = 1: 9.9 ticks/call; ticks/limb at n = 8: 1.88, n = 100: 1.31, n = 1000: 1.25,
 *   n = 100000: 1.26 (GMP 6.2.1 in the same run: 8.4; 1.90, 1.82, 1.94, 1.87).
 *
 * Method: a[i] * b = h_i * 2^64 + l_i. ADX adds only, so a subtraction becomes the addition of a
 * complement, and where the NOT is computed decides the speed: on Zen 4 the integer pipes are
 * the bound of these loops, and one more integer instruction per limb costs 0.3-0.45 ticks/limb
 * (1.44 against addmul_1's 1.0-1.1). So the long part takes its complements from the vector unit.
 * Phase 1, the first S limbs (S = n if n < 48, else n - 16 V with V = floor(n / 16) - 1, i.e.
 * 16 to 31 limbs; below 48 limbs phase 2 does not pay for its start: at n = 32..47 the call
 * took 0.97 of GMP's time with it, 0.87-0.93 without): as in addmul_1 the product limbs come
 * from one chain,
 *   t_i = l_i + h_(i-1) + CF   (adcx: CF only),
 * so {a, S} * b = T + H 2^(64 S), T = sum t_i 2^(64 i), H = h_(S-1) + CF_out, and the second chain
 * adds the complement: r - T = r + (2^(64 S) - 1 - T) + 1 - 2^(64 S),
 *   r[i] = r[i] + NOT t_i + OF   (adox: OF only, OF = 1 on entry for the "+ 1"),
 * which leaves {r, S} + OF_out 2^(64 S) = r - T + 2^(64 S): the borrow is
 * h' = H + 1 - OF_out = -(NOT H + OF_out) (not, adox, neg); it fits a limb (<= b). Unrolled 4
 * times, entered at slot (4 - S mod 4) mod 4 through branches (a 16-way jump table cost 20
 * against 14 ticks at n = 8).
 * Phase 2, the other m = 16 V limbs, with NOT A = 2^(64 m) - 1 - A (limb by limb NOT a[i]):
 *   r - A b - h' = r + (NOT A) b + (b - h') - b 2^(64 m),
 * which is addmul_1 (see aorsmul_1_adx.inc) on the limbs NOT a[i] with b - h' (>= 0) as the high limb
 * before the first one. It ends with {r, m} + H 2^(64 m) = r + (NOT A) b + b - h',
 * H = h_last + CF_out + OF_out, and the borrow is h = b - H (0 <= h <= b since the result is
 * above -b 2^(64 m)). Unrolled 16 times; each pass complements the next 16 limbs of a (4 vpxor
 * with all ones) into one of two stack buffers while mulx reads the other. A buffer is filled a
 * pass before it is read: read at once, the loads wait for the vector stores (measured 1.40
 * ticks/limb); a pass ahead, 1.14-1.27. The first buffer is filled before phase 1 runs.
 * Loops count with lea and jrcxz, which leave CF and OF alone. Every read of a stays in {a, n}.
 * Overlap: r == a is allowed (a block of a is complemented before any limb of it is written,
 * and each a[i], r[i] is read before r[i] is written). Branches depend on n only.
 * n = 0 returns 0 and touches nothing.
 */
	.text
	.globl	cy__mpn_submul_1_adx
	.type	cy__mpn_submul_1_adx, @function
	.p2align 5
cy__mpn_submul_1_adx:
	mov	%rdx, %r10		/* n */
	mov	%rcx, %rdx		/* b, mulx's implicit operand */
	xor	%eax, %eax		/* the result for n = 0 */
	xor	%r9d, %r9d		/* vector passes V = 0 if n < 48 ... */
	cmp	$48, %r10
	jae	.Lbig			/* ... else V = floor(n / 16) - 1 >= 1: set up phase 2 */
.Lscalar:
	/* The first S limbs: unrolled 4 times, entered at slot (4 - S mod 4) mod 4 through
	 * branches (cheaper than a jump table here at small n: measured 14 against 20 ticks at
	 * n = 8); every entry sets CF = 0, OF = 1 with cmp $1 on 2^31 (-2^31 - 1 overflows 32 bits,
	 * no unsigned borrow). */
	xor	%r8d, %r8d		/* high limbs before limb 0: 0 (eax too) */
	mov	$0x80000000, %r11d	/* for cmp $1 */
	lea	3(%r10), %rcx
	shr	$2, %rcx		/* passes = ceil(S / 4) */
	jz	.Lzero			/* n = 0 */
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

/* Scalar slot k: limb k of the pass; hi receives h_k, prev holds h_(k-1). */
	.macro	SSLOT k, hi, prev
.Ls\k:	mulx	8*\k(%rsi), %r11, \hi
	adcx	\prev, %r11
	not	%r11
	adox	8*\k(%rdi), %r11
	mov	%r11, 8*\k(%rdi)
	.endm

/* Vector slot k: addmul_1's slot on NOT a[k], from the buffer at r10. */
	.macro	VSLOT k, hi, prev
	mulx	8*\k(%r10), %r11, \hi
	adcx	\prev, %r11
	adox	8*\k(%rdi), %r11
	mov	%r11, 8*\k(%rdi)
	.endm

	.p2align 6
	SSLOT	0, %r8, %rax
	SSLOT	1, %rax, %r8
	SSLOT	2, %r8, %rax
	SSLOT	3, %rax, %r8
	lea	32(%rsi), %rsi
	lea	32(%rdi), %rdi
	lea	-1(%rcx), %rcx		/* dec would clobber OF: count with lea and jrcxz */
	jrcxz	.Lmid
	jmp	.Ls0

.Lmid:	mov	$0, %r11d		/* mov keeps the flags */
	adcx	%r11, %rax		/* H = h_(S-1) + CF */
	not	%rax
	adox	%r11, %rax		/* NOT H + OF */
	neg	%rax			/* borrow of the low S limbs: H + 1 - OF */
	test	%r9, %r9		/* V; the chains are closed, the flags are free */
	jnz	.Lvector
.Lzero:	ret				/* n < 48: no vector passes, no stack frame */

.Lbig:	mov	%r10, %r9
	shr	$4, %r9
	dec	%r9			/* ... else V = floor(n / 16) - 1 >= 1 */
	/* Two buffers of 16 limbs at rsp and rsp + 128. Complement the first vector block, limbs
	 * S .. S + 15 with S = n - 16 V, into the one at rsp while the scalar slots run. */
	push	%rbp
	mov	%rsp, %rbp
	sub	$256, %rsp
	mov	%r9, %r11
	shl	$4, %r11
	sub	%r11, %r10		/* S */
	vpcmpeqq %ymm4, %ymm4, %ymm4
	vpxor	(%rsi,%r10,8), %ymm4, %ymm0
	vpxor	32(%rsi,%r10,8), %ymm4, %ymm1
	vpxor	64(%rsi,%r10,8), %ymm4, %ymm2
	vpxor	96(%rsi,%r10,8), %ymm4, %ymm3
	vmovdqu	%ymm0, (%rsp)
	vmovdqu	%ymm1, 32(%rsp)
	vmovdqu	%ymm2, 64(%rsp)
	vmovdqu	%ymm3, 96(%rsp)
	jmp	.Lscalar

.Lvector:
	mov	%r9, %rcx		/* V */
	mov	%rdx, %r11
	sub	%rax, %r11
	mov	%r11, %rax		/* high limb before the first vector limb: b - borrow */
	xor	%r8d, %r8d		/* CF = OF = 0 */
	mov	%rsp, %r10		/* the block complemented before the scalar slots */
	lea	128(%rsp), %r9
	.p2align 5
.Lvtop:	lea	-1(%rcx), %rcx
	jrcxz	.Lvslots		/* last pass: no next block */
	vpxor	128(%rsi), %ymm4, %ymm0	/* complement the next block into the other buffer */
	vpxor	160(%rsi), %ymm4, %ymm1
	vpxor	192(%rsi), %ymm4, %ymm2
	vpxor	224(%rsi), %ymm4, %ymm3
	vmovdqu	%ymm0, (%r9)
	vmovdqu	%ymm1, 32(%r9)
	vmovdqu	%ymm2, 64(%r9)
	vmovdqu	%ymm3, 96(%r9)
.Lvslots:
	VSLOT	0, %r8, %rax
	VSLOT	1, %rax, %r8
	VSLOT	2, %r8, %rax
	VSLOT	3, %rax, %r8
	VSLOT	4, %r8, %rax
	VSLOT	5, %rax, %r8
	VSLOT	6, %r8, %rax
	VSLOT	7, %rax, %r8
	VSLOT	8, %r8, %rax
	VSLOT	9, %rax, %r8
	VSLOT	10, %r8, %rax
	VSLOT	11, %rax, %r8
	VSLOT	12, %r8, %rax
	VSLOT	13, %rax, %r8
	VSLOT	14, %r8, %rax
	VSLOT	15, %rax, %r8
	mov	%r10, %r11		/* swap the buffers */
	mov	%r9, %r10
	mov	%r11, %r9
	lea	128(%rsi), %rsi
	lea	128(%rdi), %rdi
	jrcxz	.Lvend
	jmp	.Lvtop
.Lvend:	mov	$0, %r11d
	adcx	%r11, %rax		/* H = h_(n-1) + CF */
	adox	%r11, %rax		/*   + OF */
	sub	%rax, %rdx		/* borrow h = b - H */
	mov	%rdx, %rax
	vzeroupper
	leave
	ret
	.size	cy__mpn_submul_1_adx, .-cy__mpn_submul_1_adx

	.section .note.GNU-stack, "", @progbits
