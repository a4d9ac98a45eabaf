/* t_abi_call_aarch64 -- calls a kernel with x19-x28, x29 (the frame pointer) and d8-d15, the
 * registers AAPCS64 (ARM IHI 0055, 6.1.1 and 6.1.2) says a callee must preserve, set to known
 * values, and reports which of them the kernel changed. qemu-user runs a kernel that clobbers
 * them without complaint; only a check like this one sees it. Test code, not the library's.
 * SPDX-License-Identifier: MIT
 *
 *   uint64_t t_abi_call_aarch64(const void *fn, const uint64_t args[4], uint64_t *ret);
 *
 * Calls fn(args[0], args[1], args[2], args[3]) in x0-x3, stores its x0 in *ret and returns a mask:
 * bit i (0..9) for x(19 + i), bit 10 for x29, bits 11..18 for d8..d15 (the low 64 bits of v8-v15,
 * the part AAPCS64 preserves), bit 19 for sp.
 */
/* VAL reg, i: reg = a 64-bit value different for every i (four MOVZ/MOVK halves) */
.macro VAL reg, i
	movz	\reg, #(0x1357 + \i), lsl #48
	movk	\reg, #(0x9bdf - \i), lsl #32
	movk	\reg, #(0x2468 + 3 * \i), lsl #16
	movk	\reg, #(0xace0 ^ \i)
.endm
/* CHK reg, i, bit: bit `bit` of x11 |= (reg != VAL i); uses x12, x13 */
.macro CHK reg, i, bit
	VAL	x12, \i
	cmp	\reg, x12
	cset	x13, ne
	orr	x11, x11, x13, lsl #\bit
.endm
.macro CHKD dreg, i, bit
	fmov	x14, \dreg
	CHK	x14, \i, \bit
.endm

	.text
	.globl	t_abi_call_aarch64
	.type	t_abi_call_aarch64, %function
	.p2align 4
t_abi_call_aarch64:
	stp	x29, x30, [sp, #-176]!
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]
	mov	x10, sp
	stp	x2, x10, [sp, #160]	/* ret, and sp as it must be after the call */
	mov	x9, x0
	ldp	x2, x3, [x1, #16]
	ldp	x0, x1, [x1]
	VAL	x19, 0
	VAL	x20, 1
	VAL	x21, 2
	VAL	x22, 3
	VAL	x23, 4
	VAL	x24, 5
	VAL	x25, 6
	VAL	x26, 7
	VAL	x27, 8
	VAL	x28, 9
	VAL	x29, 10
	VAL	x12, 11
	fmov	d8, x12
	VAL	x12, 12
	fmov	d9, x12
	VAL	x12, 13
	fmov	d10, x12
	VAL	x12, 14
	fmov	d11, x12
	VAL	x12, 15
	fmov	d12, x12
	VAL	x12, 16
	fmov	d13, x12
	VAL	x12, 17
	fmov	d14, x12
	VAL	x12, 18
	fmov	d15, x12
	blr	x9
	mov	x11, xzr
	CHK	x19, 0, 0
	CHK	x20, 1, 1
	CHK	x21, 2, 2
	CHK	x22, 3, 3
	CHK	x23, 4, 4
	CHK	x24, 5, 5
	CHK	x25, 6, 6
	CHK	x26, 7, 7
	CHK	x27, 8, 8
	CHK	x28, 9, 9
	CHK	x29, 10, 10
	CHKD	d8, 11, 11
	CHKD	d9, 12, 12
	CHKD	d10, 13, 13
	CHKD	d11, 14, 14
	CHKD	d12, 15, 15
	CHKD	d13, 16, 16
	CHKD	d14, 17, 17
	CHKD	d15, 18, 18
	/* sp: the saved copy is at [sp + 168] only if sp is right; a wrong sp reads some other
	 * word, which then differs from sp unless by chance (or crashes). */
	mov	x10, sp
	ldp	x9, x12, [sp, #160]
	cmp	x10, x12
	cset	x13, ne
	orr	x11, x11, x13, lsl #19
	str	x0, [x9]
	mov	x0, x11
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	d8, d9, [sp, #96]
	ldp	d10, d11, [sp, #112]
	ldp	d12, d13, [sp, #128]
	ldp	d14, d15, [sp, #144]
	ldp	x29, x30, [sp], #176
	ret
	.size	t_abi_call_aarch64, . - t_abi_call_aarch64
	.section .note.GNU-stack, "", %progbits
