/* carry/uint_x86_64.h -- internal to carry/uint.h: x86-64 inline assembly for 256-bit (4 x 64-bit
 * limb) products: mulq product scanning (baseline), mulx/adcx/adox rows (BMI2 + ADX). SPDX-License-Identifier: MIT
 *
 * Compiled only with CY__UINT_X86_64 (x86-64, 64-bit limbs, CY_UINT_NO_ASM not defined); the
 * mulx kernels also need CY__UINT_ADX (the compiler targeting BMI2 and ADX). Method of those: Intel, "New Instructions Supporting Large Integer Arithmetic
 * on Intel Architecture Processors" (Ozturk, Guilford, Gopal, Feghali, 2012): mulx leaves the flags
 * alone, so each row of the schoolbook product runs two carry chains at once, adcx (CF) adding the
 * low halves of the row's products and adox (OF) the high halves. A chain ends at the row's top
 * limb, which was zero before: the sum there is bounded by the full product, so no carry leaves.
 * The operands stay in memory (mulx and the loads read them); the accumulators are registers.
 */
#ifndef CARRY_UINT_X86_64_H
#define CARRY_UINT_X86_64_H

#if defined(CY__UINT_X86_64)

/* Baseline x86-64 (mulq, adc): r[0, 8) = a * b by product scanning (Comba): column k gathers every
 * a_i b_j with i + j = k into a three-register accumulator c0 + c1 B + c2 B^2 (a column of at most
 * 4 products of at most (B-1)^2 plus the carry in stays below B^3), then c0 is limb k and the
 * accumulator shifts down a limb: the registers rotate x -> y -> z instead of moving. gcc's code
 * for the C rows spends about twice the time on moves around the fixed rax:rdx of mulq. */
#define CY__MULQ_ACC(a, b, c0, c1, c2)                                                             \
    "movq " a ", %%rax\n\t"                                                                       \
    "mulq " b "\n\t"                                                                              \
    "addq %%rax, %[" c0 "]\n\t"                                                                   \
    "adcq %%rdx, %[" c1 "]\n\t"                                                                   \
    "adcq $0, %[" c2 "]\n\t"
#define CY__COL_END(rk, c0) "movq %[" c0 "], " rk "\n\t" "xorl %k[" c0 "], %k[" c0 "]\n\t"

CY__AI void cy__u_mul4_x86_64(cy_limb *r, const cy_limb *a, const cy_limb *b)
{
    cy_limb x = 0, y = 0, z = 0;
    __asm__(CY__MULQ_ACC("%[a0]", "%[b0]", "x", "y", "z")
            CY__COL_END("%[r0]", "x")
            CY__MULQ_ACC("%[a0]", "%[b1]", "y", "z", "x")
            CY__MULQ_ACC("%[a1]", "%[b0]", "y", "z", "x")
            CY__COL_END("%[r1]", "y")
            CY__MULQ_ACC("%[a0]", "%[b2]", "z", "x", "y")
            CY__MULQ_ACC("%[a1]", "%[b1]", "z", "x", "y")
            CY__MULQ_ACC("%[a2]", "%[b0]", "z", "x", "y")
            CY__COL_END("%[r2]", "z")
            CY__MULQ_ACC("%[a0]", "%[b3]", "x", "y", "z")
            CY__MULQ_ACC("%[a1]", "%[b2]", "x", "y", "z")
            CY__MULQ_ACC("%[a2]", "%[b1]", "x", "y", "z")
            CY__MULQ_ACC("%[a3]", "%[b0]", "x", "y", "z")
            CY__COL_END("%[r3]", "x")
            CY__MULQ_ACC("%[a1]", "%[b3]", "y", "z", "x")
            CY__MULQ_ACC("%[a2]", "%[b2]", "y", "z", "x")
            CY__MULQ_ACC("%[a3]", "%[b1]", "y", "z", "x")
            CY__COL_END("%[r4]", "y")
            CY__MULQ_ACC("%[a2]", "%[b3]", "z", "x", "y")
            CY__MULQ_ACC("%[a3]", "%[b2]", "z", "x", "y")
            CY__COL_END("%[r5]", "z")
            "movq %[a3], %%rax\n\t" /* the last column: a3 b3 + (y, x) */
            "mulq %[b3]\n\t"
            "addq %%rax, %[x]\n\t"
            "adcq %%rdx, %[y]\n\t"
            "movq %[x], %[r6]\n\t"
            "movq %[y], %[r7]\n\t"
            : [x] "+&r"(x), [y] "+&r"(y), [z] "+&r"(z), [r0] "=m"(r[0]), [r1] "=m"(r[1]),
              [r2] "=m"(r[2]), [r3] "=m"(r[3]), [r4] "=m"(r[4]), [r5] "=m"(r[5]), [r6] "=m"(r[6]),
              [r7] "=m"(r[7])
            : [a0] "m"(a[0]), [a1] "m"(a[1]), [a2] "m"(a[2]), [a3] "m"(a[3]), [b0] "m"(b[0]),
              [b1] "m"(b[1]), [b2] "m"(b[2]), [b3] "m"(b[3])
            : "rax", "rdx", "cc");
}

#undef CY__MULQ_ACC
#undef CY__COL_END

#endif /* CY__UINT_X86_64 */

#if defined(CY__UINT_ADX)

/* r[i .. i+4] += a * b_i for rows i >= 1 of the full product: registers named by position. */
#define CY__ADX_ROW(b, p0, p1, p2, p3, p4)                                                         \
    "movq " b ", %%rdx\n\t"                                                                      \
    "xorl %k[" p4 "], %k[" p4 "]\n\t" /* p4 = 0, CF = OF = 0 */                                  \
    "mulx %[a0], %[t0], %[t1]\n\t"                                                               \
    "adcx %[t0], %[" p0 "]\n\t"                                                                  \
    "adox %[t1], %[" p1 "]\n\t"                                                                  \
    "mulx %[a1], %[t0], %[t1]\n\t"                                                               \
    "adcx %[t0], %[" p1 "]\n\t"                                                                  \
    "adox %[t1], %[" p2 "]\n\t"                                                                  \
    "mulx %[a2], %[t0], %[t1]\n\t"                                                               \
    "adcx %[t0], %[" p2 "]\n\t"                                                                  \
    "adox %[t1], %[" p3 "]\n\t"                                                                  \
    "mulx %[a3], %[t0], %[t1]\n\t"                                                               \
    "adcx %[t0], %[" p3 "]\n\t"                                                                  \
    "adox %[t1], %[" p4 "]\n\t" /* p4 was 0 and t1 <= B - 2: no overflow */                      \
    "movl $0, %k[t0]\n\t"                                                                        \
    "adcx %[t0], %[" p4 "]\n\t"

/* r[0, 8) = a * b (16 limb products). */
CY__AI void cy__u_mul4_adx(cy_limb *r, const cy_limb *a, const cy_limb *b)
{
    cy_limb r0, r1, r2, r3, r4, r5, r6, r7, t0, t1;
    __asm__("movq %[b0], %%rdx\n\t" /* row 0: r[0, 5) = a * b0, one add chain */
            "mulx %[a0], %[r0], %[r1]\n\t"
            "mulx %[a1], %[t0], %[r2]\n\t"
            "addq %[t0], %[r1]\n\t"
            "mulx %[a2], %[t0], %[r3]\n\t"
            "adcq %[t0], %[r2]\n\t"
            "mulx %[a3], %[t0], %[r4]\n\t"
            "adcq %[t0], %[r3]\n\t"
            "adcq $0, %[r4]\n\t"
            CY__ADX_ROW("%[b1]", "r1", "r2", "r3", "r4", "r5")
            CY__ADX_ROW("%[b2]", "r2", "r3", "r4", "r5", "r6")
            CY__ADX_ROW("%[b3]", "r3", "r4", "r5", "r6", "r7")
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
              [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7), [t0] "=&r"(t0), [t1] "=&r"(t1)
            : [a0] "m"(a[0]), [a1] "m"(a[1]), [a2] "m"(a[2]), [a3] "m"(a[3]), [b0] "m"(b[0]),
              [b1] "m"(b[1]), [b2] "m"(b[2]), [b3] "m"(b[3])
            : "rdx", "cc");
    r[0] = r0, r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4, r[5] = r5, r[6] = r6, r[7] = r7;
}

/* r[0, 8) = a^2: the 6 off-diagonal products a_i a_j (i < j), then one pass that doubles them
 * (adcx chain) and adds the 4 squares a_i^2 (adox chain). */
CY__AI void cy__u_sqr4_adx(cy_limb *r, const cy_limb *a)
{
    cy_limb r0, r1, r2, r3, r4, r5, r6, r7, t0, t1;
    __asm__("movq %[a0], %%rdx\n\t" /* a0 * a[1..3] at limbs 1..4 */
            "mulx %[a1], %[r1], %[r2]\n\t"
            "mulx %[a2], %[t0], %[r3]\n\t"
            "addq %[t0], %[r2]\n\t"
            "mulx %[a3], %[t0], %[r4]\n\t"
            "adcq %[t0], %[r3]\n\t"
            "adcq $0, %[r4]\n\t"
            "movq %[a1], %%rdx\n\t" /* a1 * a[2..3] at limbs 3..5 */
            "xorl %k[r5], %k[r5]\n\t"
            "mulx %[a2], %[t0], %[t1]\n\t"
            "adcx %[t0], %[r3]\n\t"
            "adox %[t1], %[r4]\n\t"
            "mulx %[a3], %[t0], %[t1]\n\t"
            "adcx %[t0], %[r4]\n\t"
            "adox %[t1], %[r5]\n\t"
            "movq %[a2], %%rdx\n\t" /* a2 * a3 at limbs 5..6, on the pending CF */
            "mulx %[a3], %[t0], %[r6]\n\t"
            "adcx %[t0], %[r5]\n\t"
            "movl $0, %k[t0]\n\t"
            "adcx %[t0], %[r6]\n\t"
            "xorl %k[r7], %k[r7]\n\t" /* 2 * (r1..r6) + sum a_i^2 B^(2i) */
            "movq %[a0], %%rdx\n\t"
            "mulx %%rdx, %[r0], %[t0]\n\t"
            "adcx %[r1], %[r1]\n\t"
            "adox %[t0], %[r1]\n\t"
            "movq %[a1], %%rdx\n\t"
            "mulx %%rdx, %[t0], %[t1]\n\t"
            "adcx %[r2], %[r2]\n\t"
            "adox %[t0], %[r2]\n\t"
            "adcx %[r3], %[r3]\n\t"
            "adox %[t1], %[r3]\n\t"
            "movq %[a2], %%rdx\n\t"
            "mulx %%rdx, %[t0], %[t1]\n\t"
            "adcx %[r4], %[r4]\n\t"
            "adox %[t0], %[r4]\n\t"
            "adcx %[r5], %[r5]\n\t"
            "adox %[t1], %[r5]\n\t"
            "movq %[a3], %%rdx\n\t"
            "mulx %%rdx, %[t0], %[t1]\n\t"
            "adcx %[r6], %[r6]\n\t"
            "adox %[t0], %[r6]\n\t"
            "adcx %[r7], %[r7]\n\t"
            "adox %[t1], %[r7]\n\t"
            : [r0] "=&r"(r0), [r1] "=&r"(r1), [r2] "=&r"(r2), [r3] "=&r"(r3), [r4] "=&r"(r4),
              [r5] "=&r"(r5), [r6] "=&r"(r6), [r7] "=&r"(r7), [t0] "=&r"(t0), [t1] "=&r"(t1)
            : [a0] "m"(a[0]), [a1] "m"(a[1]), [a2] "m"(a[2]), [a3] "m"(a[3])
            : "rdx", "cc");
    r[0] = r0, r[1] = r1, r[2] = r2, r[3] = r3, r[4] = r4, r[5] = r5, r[6] = r6, r[7] = r7;
}

#undef CY__ADX_ROW

#endif /* CY__UINT_ADX */
#endif /* CARRY_UINT_X86_64_H */
