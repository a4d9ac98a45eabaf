/* Debug builds (CY_DEBUG) catch every violated precondition documented in carry/mpn.h.
 * SPDX-License-Identifier: MIT
 *
 * Each case runs in a forked child, on every back end: a violation must end the child with SIGABRT
 * after "carry: precondition failed" on stderr (the report of cy_assert_fail); a control case, a
 * valid call next to the boundary (r == a, an allowed one-sided overlap, the extreme shift counts),
 * must return normally and print nothing, so the checks are neither missing nor too eager.
 * All operands lie inside one static buffer, so a missing check shows as a normal exit (or at worst
 * a crash) of the child, reported as a failure, and never corrupts the parent.
 * Without CY_DEBUG the checks are compiled out: the test reports itself skipped (exit 77, ctest's
 * SKIP_RETURN_CODE for this test). */
#define _POSIX_C_SOURCE 200809L /* fork, pipe, dup2, waitpid, alarm */
#include <signal.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../common/test.h"

#define SKIP 77

#ifndef CY_DEBUG
int main(void)
{
    printf("test_preconditions: skipped: preconditions are checked only with CY_DEBUG "
           "(presets debug and sanitize)\n");
    return SKIP;
}
#else

/* Operands of 4 limbs at P, with room on both sides for every shifted view used below. */
static cy_limb buf[64];
#define P (buf + 16)
#define Q (buf + 40) /* disjoint from P .. P + 8 */
#define N 4

typedef struct {
    const char *name;
    void (*call)(void);
    int valid; /* 1: a control that must return normally */
} pcase;

/* clang-format off */
/* Shifts: 1 <= cnt <= LIMB_BITS - 1 and n >= 1; lshift may write above its source, rshift below. */
static void lshift_cnt0(void)       { cy_mpn_lshift(P, Q, N, 0); }
static void lshift_cntmax(void)     { cy_mpn_lshift(P, Q, N, CY_LIMB_BITS); }
static void lshift_n0(void)         { cy_mpn_lshift(P, Q, 0, 1); }
static void lshift_r_below_a(void)  { cy_mpn_lshift(P - 1, P, N, 1); }
static void lshift_ok(void)         { cy_mpn_lshift(P + 1, P, N, 1); cy_mpn_lshift(P, P, N, CY_LIMB_BITS - 1); }
static void rshift_cnt0(void)       { cy_mpn_rshift(P, Q, N, 0); }
static void rshift_cntmax(void)     { cy_mpn_rshift(P, Q, N, CY_LIMB_BITS); }
static void rshift_n0(void)         { cy_mpn_rshift(P, Q, 0, 1); }
static void rshift_r_above_a(void)  { cy_mpn_rshift(P + 1, P, N, 1); }
static void rshift_ok(void)         { cy_mpn_rshift(P - 1, P, N, 1); cy_mpn_rshift(P, P, N, CY_LIMB_BITS - 1); }

/* Unequal lengths: an >= bn; r equal to or disjoint from each source. */
static void add_an_lt_bn(void)      { cy_mpn_add(P, Q, N - 1, Q, N); }
static void sub_an_lt_bn(void)      { cy_mpn_sub(P, Q, N - 1, Q, N); }
static void add_r_partial_a(void)   { cy_mpn_add(P + 1, P, N, Q, 2); }
static void sub_r_partial_b(void)   { cy_mpn_sub(P, Q, N, P + 1, 2); }
static void add_sub_ok(void)        { cy_mpn_add(P, P, N, Q, N); cy_mpn_sub(P, Q, N, P, 2); cy_mpn_add(P, Q, N, Q, 0); }

/* Equal lengths: r == a, r == b or disjoint, never a partial overlap. */
static void add_n_r_partial_a(void) { cy_mpn_add_n(P + 1, P, Q, N); }
static void add_n_r_partial_b(void) { cy_mpn_add_n(P, Q, P - 1, N); }
static void sub_n_r_partial_a(void) { cy_mpn_sub_n(P - 1, P, Q, N); }
static void sub_n_r_partial_b(void) { cy_mpn_sub_n(P, Q, P + 3, N); }
static void add_sub_n_ok(void)      { cy_mpn_add_n(P, P, P, N); cy_mpn_sub_n(P, Q, P, N); cy_mpn_add_n(P + N, P, Q, N); }
static void add_1_r_partial(void)   { cy_mpn_add_1(P + 1, P, N, 1); }
static void sub_1_r_partial(void)   { cy_mpn_sub_1(P - 1, P, N, 1); }
static void and_n_r_partial(void)   { cy_mpn_and_n(P + 1, P, Q, N); }
static void ior_n_r_partial(void)   { cy_mpn_ior_n(P, Q, P + 2, N); }
static void xor_n_r_partial(void)   { cy_mpn_xor_n(P - 2, P, Q, N); }
static void com_r_partial(void)     { cy_mpn_com(P + 1, P, N); }
static void logic_1_ok(void)        { cy_mpn_add_1(P, P, N, 1); cy_mpn_sub_1(Q, P, N, 1); cy_mpn_xor_n(P, P, Q, N); cy_mpn_com(P, P, N); }
static void copy_r_above_a(void)    { cy_mpn_copy(P + 1, P, N); }
static void copy_r_below_a(void)    { cy_mpn_copy(P - 1, P, N); }
static void copy_ok(void)           { cy_mpn_copy(P, P, N); cy_mpn_copy(P + N, P, N); }

/* Products by one limb: mul_1 may write below its source; addmul_1/submul_1 need r == a or disjoint. */
static void mul_1_r_above_a(void)   { cy_mpn_mul_1(P + 1, P, N, 3); }
static void addmul_1_r_above(void)  { cy_mpn_addmul_1(P + 1, P, N, 3); }
static void addmul_1_r_below(void)  { cy_mpn_addmul_1(P - 1, P, N, 3); }
static void submul_1_r_above(void)  { cy_mpn_submul_1(P + 3, P, N, 3); }
static void mul_1_ok(void)          { cy_mpn_mul_1(P - 1, P, N, 3); cy_mpn_addmul_1(P, P, N, 3); cy_mpn_submul_1(P, Q, N, 3); }

/* Multiplication: an >= bn >= 1, n >= 1, and the product overlaps no operand at all (not even r == a). */
static void mul_an_lt_bn(void)      { cy_mpn_mul(P, Q, 2, Q, 3, NULL); }
static void mul_bn0(void)           { cy_mpn_mul(P, Q, 2, Q, 0, NULL); }
static void mul_r_eq_a(void)        { cy_mpn_mul(P, P, 3, Q, 2, NULL); }
static void mul_r_partial_b(void)   { cy_mpn_mul(P, Q, 3, P + 4, 2, NULL); }
static void mul_n_n0(void)          { cy_mpn_mul_n(P, Q, Q, 0, NULL); }
static void mul_n_r_partial(void)   { cy_mpn_mul_n(P, P + 2, Q, 2, NULL); }
static void sqr_n0(void)            { cy_mpn_sqr(P, Q, 0, NULL); }
static void sqr_r_partial(void)     { cy_mpn_sqr(P, P + 3, 2, NULL); }
static void mullo_n0(void)          { cy_mpn_mullo_n(P, Q, Q, 0, NULL); }
static void mullo_r_partial(void)   { cy_mpn_mullo_n(P + 1, P, Q, 2, NULL); }
/* clang-format on */

/* Valid products need scratch of the *_itch size; main checks that SCRATCH is enough. */
#define SCRATCH 4096
static void mul_ok(void)
{
    static cy_limb scratch[SCRATCH];
    cy_mpn_mul(P, Q, 3, Q, 2, scratch);    /* {P, 5} after {Q, 3}: disjoint */
    cy_mpn_mul(P, Q, 3, Q + 1, 2, scratch); /* operands may overlap each other */
    cy_mpn_mul_n(P, Q, Q, 2, scratch);
    cy_mpn_sqr(P + N, Q, 2, scratch);
    cy_mpn_mullo_n(P - 2, Q, Q + 2, 2, scratch);
}

/* Division, gcd, square root, conversion: a divisor's top limb non-zero, an >= dn,
 * q apart from a; a divisor limb non-zero; gcd operands with non-zero top limbs, an >= bn; a
 * normalised square root operand; bases 2..36. */
static cy_limb dscratch[SCRATCH];
static void divrem_d_top0(void)     { Q[1] = 0; cy_mpn_divrem(buf + 2, buf + 8, P, N, Q, 2, dscratch); }
static void divrem_an_lt_dn(void)   { Q[2] |= 1; cy_mpn_divrem(buf + 2, buf + 8, P, 2, Q, 3, dscratch); }
static void divrem_q_on_a(void)     { Q[1] |= 1; cy_mpn_divrem(P + 1, buf + 8, P, N, Q, 2, dscratch); }
static void divrem_1_d0(void)       { cy_mpn_divrem_1(P, Q, N, 0); }
static void mod_1_d0(void)          { cy_mpn_mod_1(Q, N, 0); }
static void divexact_1_d0(void)     { cy_mpn_divexact_1(P, Q, N, 0); }
static void div1_inv_d0(void)       { cy_mpn_div1_inv inv; cy_mpn_div1_inv_init(&inv, 0); }
static void gcd_b_top0(void)        { P[N - 1] |= 1; Q[1] = 0; cy_mpn_gcd(buf + 2, P, N, Q, 2, dscratch); }
static void gcd_an_lt_bn(void)      { P[1] |= 1; Q[2] |= 1; cy_mpn_gcd(buf + 2, P, 2, Q, 3, dscratch); }
static void sqrtrem_top0(void)      { P[N - 1] = 0; cy_mpn_sqrtrem(buf + 2, buf + 8, P, N, dscratch); }
static void get_str_base37(void)    { static char str[512]; cy_mpn_get_str(str, 37, Q, N, dscratch); }
static void div_ok(void)
{
    static char str[512];
    Q[1] |= 1, P[N - 1] |= 1;
    cy_mpn_divrem(buf + 2, P, P, N, Q, 2, dscratch); /* r == a */
    cy_mpn_divrem_1(Q, Q, N, 7);
    P[N - 1] |= 1, Q[N - 1] |= 1;
    cy_mpn_gcd(buf + 2, P, N, Q, N, dscratch);
    cy_mpn_sqrtrem(buf + 2, buf + 8, P, N, dscratch);
    cy_mpn_get_str(str, 36, Q, N, dscratch);
}

#define BAD(f) {#f, f, 0}
#define OK(f) {#f, f, 1}
static const pcase cases[] = {
    BAD(lshift_cnt0),       BAD(lshift_cntmax),    BAD(lshift_n0),         BAD(lshift_r_below_a),
    OK(lshift_ok),          BAD(rshift_cnt0),      BAD(rshift_cntmax),     BAD(rshift_n0),
    BAD(rshift_r_above_a),  OK(rshift_ok),         BAD(add_an_lt_bn),      BAD(sub_an_lt_bn),
    BAD(add_r_partial_a),   BAD(sub_r_partial_b),  OK(add_sub_ok),         BAD(add_n_r_partial_a),
    BAD(add_n_r_partial_b), BAD(sub_n_r_partial_a), BAD(sub_n_r_partial_b), OK(add_sub_n_ok),
    BAD(add_1_r_partial),   BAD(sub_1_r_partial),  BAD(and_n_r_partial),   BAD(ior_n_r_partial),
    BAD(xor_n_r_partial),   BAD(com_r_partial),    OK(logic_1_ok),         BAD(copy_r_above_a),
    BAD(copy_r_below_a),    OK(copy_ok),           BAD(mul_1_r_above_a),   BAD(addmul_1_r_above),
    BAD(addmul_1_r_below),  BAD(submul_1_r_above), OK(mul_1_ok),           BAD(mul_an_lt_bn),
    BAD(mul_bn0),           BAD(mul_r_eq_a),       BAD(mul_r_partial_b),   BAD(mul_n_n0),
    BAD(mul_n_r_partial),   BAD(sqr_n0),           BAD(sqr_r_partial),     BAD(mullo_n0),
    BAD(mullo_r_partial),   OK(mul_ok),
    BAD(divrem_d_top0),     BAD(divrem_an_lt_dn),  BAD(divrem_q_on_a),     BAD(divrem_1_d0),
    BAD(mod_1_d0),          BAD(divexact_1_d0),    BAD(div1_inv_d0),       BAD(gcd_b_top0),
    BAD(gcd_an_lt_bn),      BAD(sqrtrem_top0),     BAD(get_str_base37),    OK(div_ok),
};

static const char report[] = "carry: precondition failed";

/* Runs c->call in a child with stderr captured; checks how the child ended. */
static void run(const pcase *c, cy_cpu cpu)
{
    int fd[2];
    if (pipe(fd) != 0) {
        t_fail(__FILE__, __LINE__, "pipe failed");
        return;
    }
    fflush(NULL); /* nothing buffered may be written twice */
    pid_t pid = fork();
    if (pid < 0) {
        t_fail(__FILE__, __LINE__, "fork failed");
        return;
    }
    if (pid == 0) {
        dup2(fd[1], STDERR_FILENO);
        close(fd[0]);
        close(fd[1]);
        alarm(20); /* a missing check could send a kernel through SIZE_MAX limbs */
        for (size_t i = 0; i < sizeof buf / sizeof buf[0]; i++)
            buf[i] = t_rand_limb();
        c->call();
        _exit(0);
    }
    close(fd[1]);
    char err[4096];
    size_t len = 0;
    for (;;) { /* read to EOF, keeping the start */
        char chunk[512];
        ssize_t k = read(fd[0], chunk, sizeof chunk);
        if (k <= 0)
            break;
        size_t keep = (size_t)k < sizeof err - 1 - len ? (size_t)k : sizeof err - 1 - len;
        memcpy(err + len, chunk, keep);
        len += keep;
    }
    err[len] = 0;
    close(fd[0]);
    int status;
    waitpid(pid, &status, 0);
    const char *be = cy_cpu_name(cpu);
    if (c->valid) {
        T_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0 && len == 0,
                "%s [%s]: a valid call did not return normally (status 0x%x), stderr: %s", c->name,
                be, (unsigned)status, err);
    } else {
        T_CHECK(WIFSIGNALED(status) && WTERMSIG(status) == SIGABRT && strstr(err, report),
                "%s [%s]: violation not caught: %s (status 0x%x), stderr: %s", c->name, be,
                WIFSIGNALED(status) ? "killed by another signal" : "returned normally",
                (unsigned)status, err);
    }
}

int main(void)
{
    t_init("test_preconditions");
    T_CHECK(cy_mpn_mul_itch(3, 2) <= SCRATCH && cy_mpn_sqr_itch(2) <= SCRATCH &&
                cy_mpn_mul_n_itch(2) <= SCRATCH && cy_mpn_mullo_n_itch(2) <= SCRATCH,
            "scratch for the control products too small");
    T_CHECK(cy_mpn_divrem_itch(N, 3) <= SCRATCH && cy_mpn_gcd_itch(N, N) <= SCRATCH &&
                cy_mpn_sqrtrem_itch(N) <= SCRATCH && cy_mpn_get_str_itch(N, 36) <= SCRATCH,
            "scratch for the control divisions too small");
    for (int i = 0; i < t_ncpus; i++) {
        cy_cpu_set(t_cpus[i]);
        for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++)
            run(&cases[k], t_cpus[i]);
    }
    return t_done();
}
#endif
