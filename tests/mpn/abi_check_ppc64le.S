/* t_abi_call_ppc64le -- calls a kernel with r14-r31, f14-f31, v20-v31 and the CR fields cr2-cr4,
 * the registers the 64-bit ELF V2 ABI (OpenPOWER, 2.2.1.1 "Register Roles") says a callee must
 * preserve, set to known values, and reports which of them the kernel changed; also r1 (the stack
 * pointer), r2 (the TOC pointer) and r13 (the thread pointer), which it must leave alone.
 * qemu-user runs a kernel that clobbers them without complaint; only a check like this one sees
 * it. Test code, not the library's.
 * SPDX-License-Identifier: MIT
 *
 *   uint64_t t_abi_call_ppc64le(const void *fn, const uint64_t args[4], uint64_t *ret);
 *
 * Calls fn(args[0], args[1], args[2], args[3]) in r3-r6 (through CTR, with r12 = fn as ELF V2
 * asks of a call to a global entry point), stores its r3 in *ret and returns a mask: bit i
 * (0..17) for r(14 + i), bits 18..35 for f14..f31 (the FPRs, doubleword 0 of VSR14-31, the part
 * the ABI preserves), bits 36..47 for v20..v31 (both doublewords), bits 48..50 for cr2..cr4, bit 51
 * for r1, 52 for r2, 53 for r13.
 *
 * Frame (576 bytes): 0 back chain, 8 CR save, 16 LR save, 24 TOC save (the callee's, ELF V2
 * header), 32 ret, 40 r1 as it must be after the call, 48 r2, 56 r13, 64-207 r14-r31, 208-351
 * f14-f31, 352-543 v20-v31, 544-559 a vector's two doublewords in transit, 560 an FPR in transit.
 * The caller's CR fields cr2-cr4 go to the CR save word of its frame (8(r1) on entry), LR to its
 * LR save doubleword (16(r1)).
 */
/* VAL reg, i: reg = a 64-bit value different for every i (0..160) */
.macro VAL reg, i
	lis	\reg, (0x1357 + (\i))
	ori	\reg, \reg, (0x9bdf - (\i))
	sldi	\reg, \reg, 32
	oris	\reg, \reg, (0x2468 + 3 * (\i))
	ori	\reg, \reg, (0xace0 ^ (\i))
.endm
/* NZBIT reg, bit: bit `bit` of r11 |= (reg != 0); clobbers reg */
.macro NZBIT reg, bit
	cntlzd	\reg, \reg		/* 64 only for 0 */
	srdi	\reg, \reg, 6		/* 1 for 0, else 0 */
	xori	\reg, \reg, 1
	sldi	\reg, \reg, \bit
	or	%r11, %r11, \reg
.endm
/* CHK reg, i, bit: bit `bit` of r11 |= (reg != VAL i); uses r10 */
.macro CHK reg, i, bit
	VAL	%r10, \i
	xor	%r10, \reg, %r10
	NZBIT	%r10, \bit
.endm
/* CRF shift, val, bit: bit `bit` of r11 |= (the CR field at bits shift..shift+3 of r9 != val) */
.macro CRF shift, val, bit
	srdi	%r10, %r9, \shift
	andi.	%r10, %r10, 0xf
	xori	%r10, %r10, \val
	NZBIT	%r10, \bit
.endm
/* SAVED g, f, v: g = std / ld, f = stfd / lfd, v = stvx / lvx saves or restores r14-r31,
 * f14-f31 and v20-v31 (uses r10) */
.macro SAVED g, f, v
	.irp	k, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	\g	%r\k, (64 + 8 * (\k - 14))(%r1)
	\f	%f\k, (208 + 8 * (\k - 14))(%r1)
	.endr
	.irp	k, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li	%r10, (352 + 16 * (\k - 20))
	\v	%v\k, %r1, %r10
	.endr
.endm

	.abiversion 2
	.text
	.globl	t_abi_call_ppc64le
	.type	t_abi_call_ppc64le, @function
	.p2align 4
t_abi_call_ppc64le:
	mflr	%r0
	std	%r0, 16(%r1)
	mfcr	%r0
	stw	%r0, 8(%r1)
	stdu	%r1, -576(%r1)
	std	%r5, 32(%r1)		/* ret */
	std	%r1, 40(%r1)		/* r1 as it must be after the call */
	std	%r2, 48(%r1)
	std	%r13, 56(%r1)
	SAVED	std, stfd, stvx
	mr	%r12, %r3		/* fn: r12 and CTR */
	mr	%r9, %r4		/* args */
	/* each register gets VAL i, i = its bit of the mask (the second doubleword of a vector
	 * VAL i + 100) */
	.irp	k, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	VAL	%r\k, \k - 14
	VAL	%r10, \k + 4
	std	%r10, 560(%r1)
	lfd	%f\k, 560(%r1)
	.endr
	.irp	k, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	VAL	%r10, \k + 16
	std	%r10, 544(%r1)
	VAL	%r10, \k + 116
	std	%r10, 552(%r1)
	li	%r10, 544
	lvx	%v\k, %r1, %r10
	.endr
	lis	%r10, 0xa5		/* cr2 = 0xa, cr3 = 0x5, cr4 = 0x9 */
	ori	%r10, %r10, 0x9000
	mtcrf	0x38, %r10
	ld	%r3, 0(%r9)
	ld	%r4, 8(%r9)
	ld	%r5, 16(%r9)
	ld	%r6, 24(%r9)
	mtctr	%r12
	bctrl
	li	%r11, 0			/* the mask: bit i set where VAL i was lost */
	/* r1 first: the saved copy is at 40(r1) only if r1 is right; a wrong r1 reads some other
	 * word, which then differs from r1 unless by chance (or crashes). */
	ld	%r9, 40(%r1)
	xor	%r9, %r9, %r1
	NZBIT	%r9, 51
	ld	%r9, 32(%r1)
	std	%r3, 0(%r9)
	ld	%r9, 48(%r1)
	xor	%r9, %r9, %r2
	NZBIT	%r9, 52
	ld	%r9, 56(%r1)
	xor	%r9, %r9, %r13
	NZBIT	%r9, 53
	ld	%r2, 48(%r1)
	ld	%r13, 56(%r1)
	mfcr	%r9
	CRF	20, 0xa, 48
	CRF	16, 0x5, 49
	CRF	12, 0x9, 50
	.irp	k, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	CHK	%r\k, \k - 14, \k - 14
	stfd	%f\k, 560(%r1)
	ld	%r9, 560(%r1)
	CHK	%r9, \k + 4, \k + 4
	.endr
	.irp	k, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31
	li	%r10, 544
	stvx	%v\k, %r1, %r10
	ld	%r9, 544(%r1)
	CHK	%r9, \k + 16, \k + 16
	ld	%r9, 552(%r1)
	CHK	%r9, \k + 116, \k + 16
	.endr
	SAVED	ld, lfd, lvx
	mr	%r3, %r11
	addi	%r1, %r1, 576
	ld	%r0, 16(%r1)
	mtlr	%r0
	lwz	%r0, 8(%r1)
	mtcrf	0x38, %r0		/* the caller's cr2-cr4 */
	blr
	.size	t_abi_call_ppc64le, . - t_abi_call_ppc64le
	.section .note.GNU-stack, "", @progbits
