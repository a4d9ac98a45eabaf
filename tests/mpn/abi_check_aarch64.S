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
/* VAL reg, i: reg = a 64-bit value different for every i (four MOVZ/MOVK halves); i may be an
 * expression such as k-19 */
.macro VAL reg, i
	movz	\reg, #(0x1357 + (\i)), lsl #48
	movk	\reg, #(0x9bdf - (\i)), lsl #32
	movk	\reg, #(0x2468 + 3 * (\i)), lsl #16
	movk	\reg, #(0xace0 ^ (\i))
.endm
/* CHK reg, i: bit i of x11 |= (reg != VAL i); uses x12, x13 */
.macro CHK reg, i
	VAL	x12, \i
	cmp	\reg, x12
	cset	x13, ne
	orr	x11, x11, x13, lsl #(\i)
.endm
/* SAVED op: op = stp saves, op = ldp restores x19-x28 and d8-d15 at sp + 16 .. sp + 159 (x29 and
 * x30 go with the frame's own push and pop) */
.macro SAVED op
	\op	x19, x20, [sp, #16]
	\op	x21, x22, [sp, #32]
	\op	x23, x24, [sp, #48]
	\op	x25, x26, [sp, #64]
	\op	x27, x28, [sp, #80]
	\op	d8, d9, [sp, #96]
	\op	d10, d11, [sp, #112]
	\op	d12, d13, [sp, #128]
	\op	d14, d15, [sp, #144]
.endm

	.text
	.globl	t_abi_call_aarch64
	.type	t_abi_call_aarch64, %function
	.p2align 4
t_abi_call_aarch64:
	stp	x29, x30, [sp, #-176]!
	SAVED	stp
	mov	x10, sp
	stp	x2, x10, [sp, #160]	/* ret, and sp as it must be after the call */
	mov	x9, x0
	ldp	x2, x3, [x1, #16]
	ldp	x0, x1, [x1]
	/* each register gets VAL i, i = its bit of the mask: xk bit k - 19 (0..10), dk bit k + 3
	 * (11..18, written through x12) */
	.irp	k, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	VAL	x\k, \k-19
	.endr
	.irp	k, 8, 9, 10, 11, 12, 13, 14, 15
	VAL	x12, \k+3
	fmov	d\k, x12
	.endr
	blr	x9
	mov	x11, xzr		/* the mask: bit i set where VAL i was lost */
	.irp	k, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29
	CHK	x\k, \k-19
	.endr
	.irp	k, 8, 9, 10, 11, 12, 13, 14, 15
	fmov	x14, d\k
	CHK	x14, \k+3
	.endr
	/* sp: the saved copy is at [sp + 168] only if sp is right; a wrong sp reads some other
	 * word, which then differs from sp unless by chance (or crashes). */
	mov	x10, sp
	ldp	x9, x12, [sp, #160]
	cmp	x10, x12
	cset	x13, ne
	orr	x11, x11, x13, lsl #19
	str	x0, [x9]
	mov	x0, x11
	SAVED	ldp
	ldp	x29, x30, [sp], #176
	ret
	.size	t_abi_call_aarch64, . - t_abi_call_aarch64
	.section .note.GNU-stack, "", %progbits
