/* t_abi_call -- call an assembly kernel and check that it kept the System V AMD64 ABI.
 * SPDX-License-Identifier: MIT
 *
 *   uint64_t t_abi_call(const void *fn, const uint64_t args[4], const uint64_t vals[6],
 *                       uint64_t *ret);
 *
 * Loads vals[0..5] into the callee-saved rbx, rbp, r12, r13, r14, r15, calls
 * fn(args[0], args[1], args[2], args[3]) with an aligned stack, stores its rax in *ret, and
 * returns a mask of what the callee broke, 0 when nothing:
 *   bit 0..5  rbx, rbp, r12, r13, r14, r15 changed
 *   bit 6     rsp not restored (the stack pointer is put back from a saved copy)
 *   bit 7     direction flag left set (cleared again before returning)
 * (System V AMD64 ABI, 3.2.1 "Registers and the Stack Frame": rbx, rbp, r12-r15 and rsp belong
 * to the caller; DF must be clear on function entry and return.)
 * Not reentrant: the saved stack pointer lives in a static slot, since a callee that broke rsp
 * would also have lost any copy kept on the stack. The tests are single-threaded.
 */
	.bss
	.p2align 3
saved_rsp:
	.zero	8

	.text
	.globl	t_abi_call
	.type	t_abi_call, @function
	.p2align 4
t_abi_call:
	push	%rbp
	push	%rbx
	push	%r12
	push	%r13
	push	%r14
	push	%r15
	sub	$40, %rsp		/* 8 (return address) + 48 + 40 = 96: rsp is 16-aligned at the call */
	mov	%rdx, 0(%rsp)		/* vals */
	mov	%rcx, 8(%rsp)		/* ret */
	mov	%rsp, saved_rsp(%rip)
	mov	0(%rdx), %rbx
	mov	8(%rdx), %rbp
	mov	16(%rdx), %r12
	mov	24(%rdx), %r13
	mov	32(%rdx), %r14
	mov	40(%rdx), %r15
	mov	%rdi, %rax
	mov	0(%rsi), %rdi
	mov	16(%rsi), %rdx
	mov	24(%rsi), %rcx
	mov	8(%rsi), %rsi
	call	*%rax

	xor	%ecx, %ecx		/* the failure mask */
	mov	saved_rsp(%rip), %rdx
	cmp	%rdx, %rsp
	je	1f
	or	$64, %ecx
	mov	%rdx, %rsp
1:	mov	8(%rsp), %rdx
	mov	%rax, (%rdx)
	mov	0(%rsp), %rdx		/* vals */
	cmp	0(%rdx), %rbx
	je	1f
	or	$1, %ecx
1:	cmp	8(%rdx), %rbp
	je	1f
	or	$2, %ecx
1:	cmp	16(%rdx), %r12
	je	1f
	or	$4, %ecx
1:	cmp	24(%rdx), %r13
	je	1f
	or	$8, %ecx
1:	cmp	32(%rdx), %r14
	je	1f
	or	$16, %ecx
1:	cmp	40(%rdx), %r15
	je	1f
	or	$32, %ecx
1:	pushfq
	pop	%rdx
	test	$0x400, %edx		/* DF is bit 10 of rflags */
	jz	1f
	or	$128, %ecx
	cld
1:	mov	%ecx, %eax
	add	$40, %rsp
	pop	%r15
	pop	%r14
	pop	%r13
	pop	%r12
	pop	%rbx
	pop	%rbp
	ret
	.size	t_abi_call, .-t_abi_call

	.section .note.GNU-stack, "", @progbits
