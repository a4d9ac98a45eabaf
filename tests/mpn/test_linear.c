/* Every linear mpn function x every back end against GMP: lengths 0..80 and random lengths up to
 * 10000, adversarial operands, every allowed overlap, guard limbs around every output.
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

/* The functions under test, by signature. For each, the oracle is
 *   V = the exact integer result (mpz), r = V mod B^n, and the return value
 *   ret = floor(V / B^n) for additive operations, -floor(V / B^n) for subtractive ones. */
typedef enum { ADDITIVE, SUBTRACTIVE, NO_RET } ret_rule;

typedef enum {
    OP_ADD_N, OP_SUB_N, OP_AND_N, OP_IOR_N, OP_XOR_N,             /* (r, a, b, n) */
    OP_ADD_1, OP_SUB_1, OP_MUL_1, OP_ADDMUL_1, OP_SUBMUL_1,       /* (r, a, n, limb) */
    OP_LSHIFT, OP_RSHIFT,                                         /* (r, a, n, cnt) */
    OP_NEG, OP_COM, OP_COPY,                                      /* (r, a, n) */
    OP_ADD, OP_SUB,                                               /* (r, a, an, b, bn) */
    OP_COUNT
} op;

static const char *const op_names[OP_COUNT] = {
    "add_n", "sub_n", "and_n", "ior_n", "xor_n", "add_1", "sub_1", "mul_1", "addmul_1",
    "submul_1", "lshift", "rshift", "neg", "com", "copy", "add", "sub",
};

static int is_binary_n(op o) { return o <= OP_XOR_N; }
static int is_shift(op o) { return o == OP_LSHIFT || o == OP_RSHIFT; }

/* One call: inputs a (an limbs), b (bn limbs), the limb operand, the shift count; the output
 * buffer r holds the old r (for addmul/submul). Pointers may alias as the caller arranges. */
static cy_limb call(op o, cy_limb *r, const cy_limb *a, size_t an, const cy_limb *b, size_t bn,
                    cy_limb limb, unsigned cnt)
{
    switch (o) {
    case OP_ADD_N: return cy_mpn_add_n(r, a, b, an);
    case OP_SUB_N: return cy_mpn_sub_n(r, a, b, an);
    case OP_AND_N: cy_mpn_and_n(r, a, b, an); return 0;
    case OP_IOR_N: cy_mpn_ior_n(r, a, b, an); return 0;
    case OP_XOR_N: cy_mpn_xor_n(r, a, b, an); return 0;
    case OP_ADD_1: return cy_mpn_add_1(r, a, an, limb);
    case OP_SUB_1: return cy_mpn_sub_1(r, a, an, limb);
    case OP_MUL_1: return cy_mpn_mul_1(r, a, an, limb);
    case OP_ADDMUL_1: return cy_mpn_addmul_1(r, a, an, limb);
    case OP_SUBMUL_1: return cy_mpn_submul_1(r, a, an, limb);
    case OP_LSHIFT: return cy_mpn_lshift(r, a, an, cnt);
    case OP_RSHIFT: return cy_mpn_rshift(r, a, an, cnt);
    case OP_NEG: return cy_mpn_neg(r, a, an);
    case OP_COM: cy_mpn_com(r, a, an); return 0;
    case OP_COPY: cy_mpn_copy(r, a, an); return 0;
    case OP_ADD: return cy_mpn_add(r, a, an, b, bn);
    case OP_SUB: return cy_mpn_sub(r, a, an, b, bn);
    default: abort();
    }
}

/* The oracle, on copies of the operands taken before the call. Returns the rule for ret and
 * leaves V in v (for rshift, which has its own rule, ret is stored in *rshift_ret). */
static ret_rule oracle(op o, mpz_t v, const mpz_t A, const mpz_t Bz, const mpz_t R0, cy_limb limb,
                       unsigned cnt, size_t n, cy_limb *rshift_ret)
{
    mpz_t t;
    mpz_init(t);
    ret_rule rule = ADDITIVE;
    switch (o) {
    case OP_ADD_N: case OP_ADD: mpz_add(v, A, Bz); break;
    case OP_SUB_N: case OP_SUB: mpz_sub(v, A, Bz); rule = SUBTRACTIVE; break;
    case OP_AND_N: mpz_and(v, A, Bz); rule = NO_RET; break;
    case OP_IOR_N: mpz_ior(v, A, Bz); rule = NO_RET; break;
    case OP_XOR_N: mpz_xor(v, A, Bz); rule = NO_RET; break;
    case OP_COM: /* NOT a = (B^n - 1) - a */
        mpz_set_ui(t, 1);
        mpz_mul_2exp(t, t, (mp_bitcnt_t)n * CY_LIMB_BITS);
        mpz_sub_ui(t, t, 1);
        mpz_sub(v, t, A);
        rule = NO_RET;
        break;
    case OP_COPY: mpz_set(v, A); rule = NO_RET; break;
    case OP_NEG: mpz_neg(v, A); rule = SUBTRACTIVE; break;
    case OP_ADD_1: t_to_mpz(t, &limb, 1); mpz_add(v, A, t); break;
    case OP_SUB_1: t_to_mpz(t, &limb, 1); mpz_sub(v, A, t); rule = SUBTRACTIVE; break;
    case OP_MUL_1: t_to_mpz(t, &limb, 1); mpz_mul(v, A, t); break;
    case OP_ADDMUL_1: t_to_mpz(t, &limb, 1); mpz_mul(v, A, t); mpz_add(v, v, R0); break;
    case OP_SUBMUL_1:
        t_to_mpz(t, &limb, 1);
        mpz_mul(v, A, t);
        mpz_sub(v, R0, v);
        rule = SUBTRACTIVE;
        break;
    case OP_LSHIFT: mpz_mul_2exp(v, A, cnt); break;
    case OP_RSHIFT:
        mpz_fdiv_q_2exp(v, A, cnt);
        mpz_fdiv_r_2exp(t, A, cnt);
        mpz_mul_2exp(t, t, CY_LIMB_BITS - cnt);
        t_from_mpz(rshift_ret, 1, t);
        rule = NO_RET;
        break;
    default: abort();
    }
    mpz_clear(t);
    return rule;
}

/* How the operands alias for one case. */
typedef enum { AL_NONE, AL_R_A, AL_R_B, AL_A_B, AL_ALL, AL_SHIFTED, AL_COUNT } alias;
static const char *const alias_names[AL_COUNT] = {"none", "r=a", "r=b", "a=b", "r=a=b", "r=a+-k"};

static int alias_allowed(op o, alias al)
{
    switch (al) {
    case AL_NONE: return 1;
    case AL_R_A: return 1;
    case AL_R_B: case AL_A_B: case AL_ALL: return is_binary_n(o) || o == OP_ADD || o == OP_SUB;
    /* documented partial overlaps: mul_1 with r below a, lshift with r above a, rshift below */
    case AL_SHIFTED: return o == OP_MUL_1 || is_shift(o);
    default: return 0;
    }
}

static void run_case(op o, alias al, size_t an, size_t bn, cy_cpu cpu)
{
    if (is_shift(o) && an == 0)
        return; /* shifts need n >= 1 */
    if ((o == OP_ADD || o == OP_SUB) && (al == AL_A_B || al == AL_ALL || al == AL_R_B) && bn != an)
        bn = an; /* b aliasing a or r needs the same start; keep it simple and equal */
    size_t k = (al == AL_SHIFTED) ? 1 + t_below(3) : 0;
    /* One region holds everything that may alias: r and a live in `ra` (k limbs apart when
     * shifted), b in its own buffer unless aliased. */
    cy_limb *ra = t_alloc(an + k), *bb = t_alloc(bn), *rr = t_alloc(an);
    cy_limb limb = t_edge_limb();
    unsigned cnt = 1 + (unsigned)t_below(CY_LIMB_BITS - 1);
    cy_limb *a, *b, *r;
    if (al == AL_SHIFTED) {
        /* mul_1 and rshift: r below a; lshift: r above a. */
        int r_low = o != OP_LSHIFT;
        r = r_low ? ra : ra + k;
        a = r_low ? ra + k : ra;
    } else {
        a = ra;
        r = (al == AL_R_A || al == AL_ALL) ? a : rr;
    }
    b = (al == AL_A_B || al == AL_ALL) ? a : (al == AL_R_B ? r : bb);
    t_fill(ra, an + k, T_ANY);
    t_fill(bb, bn, T_ANY);
    if (r == rr)
        t_fill(rr, an, T_ANY);
    if (al == AL_R_B) /* r == b: the b operand lives in r */
        t_fill(r, an, T_ANY);

    mpz_t A, Bz, R0, V;
    mpz_inits(A, Bz, R0, V, NULL);
    t_to_mpz(A, a, an);
    t_to_mpz(Bz, b, (is_binary_n(o) || al == AL_R_B) ? an : bn);
    t_to_mpz(R0, r, an);
    size_t rbase_n = an + k; /* guard-checked extent of the region containing r */
    cy_limb *rbase = (r == rr) ? rr : ra;
    if (r == rr)
        rbase_n = an;

    cy_limb rs_ret = 0;
    ret_rule rule = oracle(o, V, A, Bz, R0, limb, cnt, an, &rs_ret);
    cy_limb ret = call(o, r, a, an, b, is_binary_n(o) ? an : bn, limb, cnt);

    cy_limb *want = t_alloc(an);
    t_from_mpz(want, an, V);
    cy_limb want_ret = rs_ret;
    if (rule != NO_RET) {
        mpz_t q;
        mpz_init(q);
        mpz_fdiv_q_2exp(q, V, (mp_bitcnt_t)an * CY_LIMB_BITS);
        if (rule == SUBTRACTIVE)
            mpz_neg(q, q);
        t_from_mpz(&want_ret, 1, q);
        mpz_clear(q);
    }
    int ok = memcmp(r, want, an * sizeof *r) == 0 && ret == want_ret;
    int guards = t_guards_ok(rbase, rbase_n) && t_guards_ok(bb, bn) && t_guards_ok(rr, an);
    T_CHECK(ok && guards, "%s backend=%s n=%zu bn=%zu alias=%s limb=%llx cnt=%u: %s (ret %llx want %llx)",
            op_names[o], cy_cpu_name(cpu), an, bn, alias_names[al], (unsigned long long)limb, cnt,
            ok ? "guard limb changed" : "wrong result", (unsigned long long)ret,
            (unsigned long long)want_ret);
    if (!ok && an <= 8) {
        t_dump("got ", r, an);
        t_dump("want", want, an);
    }
    mpz_clears(A, Bz, R0, V, NULL);
    t_free(want);
    t_free(ra);
    t_free(bb);
    t_free(rr);
}

static void run_all_aliases(op o, size_t an, size_t bn, cy_cpu cpu)
{
    for (int al = 0; al < AL_COUNT; al++)
        if (alias_allowed(o, (alias)al))
            run_case(o, (alias)al, an, bn, cpu);
}

int main(void)
{
    t_init("test_linear");
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu cpu = t_cpus[c];
        T_CHECK(cy_cpu_set(cpu) == 0 && cy_cpu_get() == cpu, "cy_cpu_set(%s)", cy_cpu_name(cpu));
        for (int o = 0; o < OP_COUNT; o++) {
            for (size_t n = 0; n <= 80; n++)
                for (size_t rep = 0; rep < t_reps(3); rep++)
                    run_all_aliases((op)o, n, (o == OP_ADD || o == OP_SUB) ? t_below(n + 1) : n, cpu);
            for (size_t rep = 0; rep < t_reps(10); rep++) {
                size_t n = 1 + t_below(10000);
                run_all_aliases((op)o, n, (o == OP_ADD || o == OP_SUB) ? t_below(n + 1) : n, cpu);
            }
        }
    }
    return t_done();
}
