/* Constant time, checked natively on every back end the CPU has (including the AVX-512 IFMA code,
 * which valgrind cannot execute): each constant-time function runs in a forked child that the
 * test single-steps with ptrace (PTRACE_SINGLESTEP, one trap per instruction, Intel SDM vol. 3,
 * 18.3.1.4 "Single-Step Exception Condition"), recording the number of instructions executed and
 * a hash of the sequence of their addresses. Both must be the same for every input of the same
 * lengths: a branch that depends on a value (the modulus, an operand, an exponent) changes the
 * sequence, and almost always the count. This is the control-flow half of the constant-time claim;
 * the data-address half (a table index computed from a secret) is what tests/mod/test_ct.c checks
 * under valgrind memcheck (every back end but ifma) and what the sequence catches here only when
 * the index also steers a branch.
 *
 * Covered: every constant-time function of carry/mod.h (cy_mont_init and the arithmetic,
 * exponentiation, cy_mod_inv_safegcd, cy_mod_inv_fermat, cy_rsa_init, cy_rsa_private), the
 * constant-time mpn functions of
 * carry/mpn.h (linear kernels, products, squares, short products), the number-theoretic transforms
 * behind the large products (cy__mpn_mul_fft, called directly at 32 limbs), and carry/uint.h's arithmetic
 * at 256 and 512 bits as this build compiles it; sizes of 4, 8, 16 and 32 limbs (the fixed
 * kernels, the ADX REDC's n mod 8 path and the IFMA ranges), four inputs each: random, extreme
 * (all ones, m - 1), small (0, 1) and, where the function reports it, unreduced (a >= m).
 * Linux on x86-64 only; elsewhere the test exits 77 (skipped).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/rsakey.h"
#include "../../src/mpn/mulimpl.h" /* cy__mpn_mul_fft */

#if defined(__linux__) && defined(__x86_64__)
#include <errno.h>
#include <signal.h>
#include <stddef.h>
#include <sys/ptrace.h>
#include <sys/user.h>
#include <sys/wait.h>
#include <unistd.h>

enum {
    /* mod */
    OP_MONT_INIT, OP_MONT_MUL, OP_MONT_SQR, OP_MONT_TO, OP_MONT_FROM, OP_MONT_MOD, OP_MONT_ADD,
    OP_MONT_SUB, OP_MONT_NEG, OP_MONT_POWM, OP_INV_SAFEGCD, OP_INV_FERMAT, OP_RSA_INIT,
    OP_RSA_PRIVATE,
    /* mpn */
    OP_ADD_N, OP_SUB_N, OP_ADD_1, OP_SUB_1, OP_ADD, OP_SUB, OP_NEG, OP_MUL_1, OP_ADDMUL_1,
    OP_SUBMUL_1, OP_LSHIFT, OP_RSHIFT, OP_MUL, OP_MUL_N, OP_SQR, OP_MULLO_N, OP_MUL_FFT, OP_SQR_FFT,
    /* uint (the same for every back end: run once) */
    OP_U256_ARITH, OP_U512_ARITH, OP_COUNT
};
static const char *const op_names[OP_COUNT] = {
    "mont_init", "mont_mul", "mont_sqr", "mont_to", "mont_from", "mont_mod", "mont_add",
    "mont_sub", "mont_neg", "mont_powm", "mod_inv_safegcd", "mod_inv_fermat", "rsa_init",
    "rsa_private", "mpn_add_n",
    "mpn_sub_n", "mpn_add_1", "mpn_sub_1", "mpn_add", "mpn_sub", "mpn_neg", "mpn_mul_1",
    "mpn_addmul_1", "mpn_submul_1", "mpn_lshift", "mpn_rshift", "mpn_mul", "mpn_mul_n", "mpn_sqr",
    "mpn_mullo_n", "mpn_mul_fft", "mpn_mul_fft (square)", "u256 arithmetic", "u512 arithmetic"};

#define NMAX 32
#define EN 1 /* exponent limbs: every window costs the same, so one limb shows any difference */

/* The operands of one call; the parent fills them before each fork, so that every input runs on
 * the same addresses (an alignment-dependent path is public, but must not differ between inputs). */
static cy_limb *m, *st, *sc, *a, *b, *r, *e, *big;
static cy_mont ctx;
/* RSA: the key's secret parts (p, q, dp, dq, qinv of RSA_N / 2 limbs each, N in m), its
 * storage and the key the parent builds for OP_RSA_PRIVATE. */
#define RSA_N 2
static cy_limb *rsa_parts, *rsa_st;
static cy_rsa_key rsa_key;
static size_t itch;
static volatile cy_limb sink; /* keeps the uint results alive */

static void run_op(int op, size_t n)
{
    switch (op) {
    case OP_MONT_INIT: sink = (cy_limb)cy_mont_init(&ctx, st, m, n, sc); break;
    case OP_MONT_MUL: cy_mont_mul(r, a, b, &ctx, sc); break;
    case OP_MONT_SQR: cy_mont_sqr(r, a, &ctx, sc); break;
    case OP_MONT_TO: cy_mont_to(r, a, &ctx, sc); break;
    case OP_MONT_FROM: cy_mont_from(r, a, &ctx, sc); break;
    case OP_MONT_MOD: cy_mont_mod(r, big, 2 * n, &ctx, sc); break;
    case OP_MONT_ADD: cy_mont_add(r, a, b, &ctx); break;
    case OP_MONT_SUB: cy_mont_sub(r, a, b, &ctx); break;
    case OP_MONT_NEG: cy_mont_neg(r, a, &ctx); break;
    case OP_MONT_POWM: sink = (cy_limb)cy_mont_powm(r, a, e, EN, &ctx, sc); break;
    case OP_INV_SAFEGCD: sink = (cy_limb)cy_mod_inv_safegcd(r, a, &ctx, sc); break;
    case OP_INV_FERMAT: sink = (cy_limb)cy_mod_inv_fermat(r, a, &ctx, sc); break;
    case OP_RSA_INIT: {
        size_t h = n / 2;
        const cy_limb *kp = rsa_parts;
        sink = (cy_limb)cy_rsa_init(&rsa_key, rsa_st, m, n, e, 1, kp, kp + h, kp + 2 * h,
                                    kp + 3 * h, kp + 4 * h, sc);
        break;
    }
    case OP_RSA_PRIVATE: sink = (cy_limb)cy_rsa_private(r, a, b, &rsa_key, sc); break;
    case OP_ADD_N: sink = cy_mpn_add_n(r, a, b, n); break;
    case OP_SUB_N: sink = cy_mpn_sub_n(r, a, b, n); break;
    case OP_ADD_1: sink = cy_mpn_add_1(r, a, n, b[0]); break;
    case OP_SUB_1: sink = cy_mpn_sub_1(r, a, n, b[0]); break;
    case OP_ADD: sink = cy_mpn_add(r, a, n, b, n / 2); break;
    case OP_SUB: sink = cy_mpn_sub(r, a, n, b, n / 2); break;
    case OP_NEG: sink = cy_mpn_neg(r, a, n); break;
    case OP_MUL_1: sink = cy_mpn_mul_1(r, a, n, b[0]); break;
    case OP_ADDMUL_1: sink = cy_mpn_addmul_1(r, a, n, b[0]); break;
    case OP_SUBMUL_1: sink = cy_mpn_submul_1(r, a, n, b[0]); break;
    case OP_LSHIFT: sink = cy_mpn_lshift(r, a, n, 1 + (unsigned)(n % (CY_LIMB_BITS - 1))); break;
    case OP_RSHIFT: sink = cy_mpn_rshift(r, a, n, 1 + (unsigned)(n % (CY_LIMB_BITS - 1))); break;
    case OP_MUL: sink = cy_mpn_mul(big, a, n, b, n / 2, sc); break;
    case OP_MUL_N: cy_mpn_mul_n(big, a, b, n, sc); break;
    case OP_SQR: cy_mpn_sqr(big, a, n, sc); break;
    case OP_MULLO_N: cy_mpn_mullo_n(r, a, b, n, sc); break;
    case OP_MUL_FFT: cy__mpn_mul_fft(big, a, n, b, n, sc, 0); break;
    case OP_SQR_FFT: cy__mpn_mul_fft(big, a, n, a, n, sc, 1); break;
    case OP_U256_ARITH: {
        cy_u256 x, y, hi, lo;
        memcpy(x.l, a, sizeof x.l), memcpy(y.l, b, sizeof y.l);
        cy_u256 s = cy_u256_add(cy_u256_sub(x, y), cy_u256_neg(cy_u256_mul(x, y)));
        cy_u256_mul_wide(&hi, &lo, x, y);
        s = cy_u256_add(s, cy_u256_add_sat(hi, cy_u256_sub_sat(lo, x)));
        cy_u256_sqr_wide(&hi, &lo, s);
        sink = hi.l[0] ^ lo.l[0] ^ cy_u256_mul_u64(x, y.l[0], NULL).l[0];
        break;
    }
    case OP_U512_ARITH: {
        cy_u512 x, y, hi, lo;
        memcpy(x.l, a, sizeof x.l), memcpy(y.l, b, sizeof y.l);
        cy_u512 s = cy_u512_add(cy_u512_sub(x, y), cy_u512_neg(cy_u512_mul(x, y)));
        cy_u512_mul_wide(&hi, &lo, x, y);
        s = cy_u512_add(s, cy_u512_add_sat(hi, cy_u512_sub_sat(lo, x)));
        cy_u512_sqr_wide(&hi, &lo, cy_u512_sqr(s));
        sink = hi.l[0] ^ lo.l[0];
        break;
    }
    }
}

/* The sizes each operation is traced at, 0-terminated. Single-stepping costs about 20
 * microseconds per instruction on a virtual machine, so each operation gets the fewest sizes that
 * reach its code paths: 4 and 8 limbs (the unrolled and fixed-size kernels), 5 (the ADX
 * Montgomery product CIOS kernel, which the fixed sizes 4, 6 and 8 bypass), 16 (the ADX
 * reduction's n mod 8 = 0 path and the IFMA Montgomery product and square, from 10 and 12 limbs
 * on the ifma back end), 32 (the basecase products, IFMA on ifma). The exponentiation runs its
 * IFMA code from 8 limbs on ifma; elsewhere its loop is that of every size, on the Montgomery
 * kernels traced above, and runs at 4 limbs. The context setup, the inversion and Fermat's
 * inverse (a full-length exponentiation) are traced where they are cheapest: their code is the
 * same at every length; so is rsa.c's own code (blinding, the CRT halves, the recombination and
 * the result check), traced at n = 2 (one-limb factors) over the kernels traced above. The
 * transforms at 32 limbs (the vector ones on ifma; the portable ones,
 * the same code on generic, x86_64 and adx, on generic only). */
static const size_t *sizes_of(int op, cy_cpu cpu)
{
    static const size_t one[] = {1, 0}, two[] = {2, 0}, four[] = {4, 0}, eight[] = {8, 0},
                        mont[] = {4, 5, 8, 16, 0}, lin[] = {4, 8, 32, 0}, sq[] = {4, 16, 0};
    switch (op) {
    case OP_INV_FERMAT: return one;
    case OP_MONT_INIT: return two;
    case OP_INV_SAFEGCD: return four;
    case OP_RSA_INIT: case OP_RSA_PRIVATE: return two;
    case OP_MONT_POWM: return cpu == CY_CPU_IFMA ? eight : four;
    case OP_U256_ARITH: case OP_U512_ARITH: return eight;
    case OP_MONT_MUL: case OP_MONT_SQR: case OP_MONT_TO: case OP_MONT_FROM: return mont;
    case OP_MONT_MOD: return sq;
    case OP_MUL_FFT: case OP_SQR_FFT: return lin + 2;
    default: return lin;
    }
}

/* Inputs per size: random, extreme, small, and unreduced for the functions that report it; five
 * for RSA (make_rsa_input). */
static int inputs_of(int op)
{
    if (op == OP_RSA_INIT || op == OP_RSA_PRIVATE)
        return 5;
    return op == OP_MONT_POWM || op == OP_INV_SAFEGCD || op == OP_INV_FERMAT ? 4 : 3;
}

typedef struct {
    uint64_t count, hash;
} trace_t;

/* Runs run_op(op, n) in a child single-stepped from its first instruction after the stop to its
 * exit; returns the instruction count and the FNV-1a hash of the instruction addresses. */
static trace_t trace(int op, size_t n)
{
    trace_t t = {0, 0xcbf29ce484222325u};
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        perror("fork");
        exit(1);
    }
    if (pid == 0) {
        if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) != 0)
            _exit(2);
        raise(SIGSTOP);
        run_op(op, n);
        _exit(0);
    }
    int status;
    waitpid(pid, &status, 0); /* stopped by its SIGSTOP */
    for (;;) {
        if (ptrace(PTRACE_SINGLESTEP, pid, NULL, NULL) != 0)
            break;
        if (waitpid(pid, &status, 0) < 0 || WIFEXITED(status) || WIFSIGNALED(status))
            break;
        errno = 0;
        uint64_t rip = (uint64_t)ptrace(PTRACE_PEEKUSER, pid,
                                        (void *)offsetof(struct user_regs_struct, rip), NULL);
        t.count++;
        for (int i = 0; i < 8; i++)
            t.hash = (t.hash ^ ((rip >> (8 * i)) & 0xff)) * 0x100000001b3u;
    }
    T_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "%s: traced child did not exit cleanly",
            op_names[op]);
    return t;
}

static mpz_t M, X;

/* The RSA inputs of n limbs. cy_rsa_init is constant time in the secrets for a given N (its
 * context modulo N is set up in variable time, N being public), so its inputs share one N: 0 a
 * random key; 1 the factors swapped (q, p, dq, dp, p^-1 mod q: as valid); 2 dp and dq all ones
 * (cy_rsa_init does not check them); 3 a wrong qinv and 4 p + 2 for p (CY_EINVAL). cy_rsa_private
 * is traced on a new key for each input: 0 a random key, input and blinding value; 1 the key of
 * the two largest primes below B^(n/2) (limbs near all ones), input N - 1 and an all-ones blinding
 * value; 2 input 1 and blinding value 1; 3 the unreduced input N (CY_EUNREDUCED); 4 one bit of dp
 * flipped after cy_rsa_init (a fault: CY_EFAULT). Each input's outcome is checked here, in the
 * parent. */
static void make_rsa_input(int op, size_t n, int k)
{
    static const int expect[2][5] = {{0, 0, 0, CY_EINVAL, CY_EINVAL},
                                     {0, 0, 0, CY_EUNREDUCED, CY_EFAULT}};
    static t_rsa_key key;
    int priv = op == OP_RSA_PRIVATE;
    size_t h = n / 2;
    if (priv || k == 0)
        t_rsa_key_init(&key, n * CY_LIMB_BITS, priv && k == 1);
    cy_mpn_copy(m, key.nl, n), cy_mpn_copy(e, key.el, 1);
    cy_limb *p = rsa_parts, *q = p + h, *dp = q + h, *dq = dp + h, *qi = dq + h;
    cy_mpn_copy(p, key.pl, h), cy_mpn_copy(q, key.ql, h), cy_mpn_copy(dp, key.dpl, h);
    cy_mpn_copy(dq, key.dql, h), cy_mpn_copy(qi, key.qil, h);
    if (!priv) {
        switch (k) {
        case 1:
            cy_mpn_copy(p, key.ql, h), cy_mpn_copy(q, key.pl, h);
            cy_mpn_copy(dp, key.dql, h), cy_mpn_copy(dq, key.dpl, h);
            mpz_invert(X, key.P, key.Q), t_from_mpz(qi, h, X);
            break;
        case 2: t_fill(dp, 2 * h, T_ONES); break;
        case 3: qi[0] ^= 1; break; /* qinv + 1 or - 1: qinv q != 1 mod p */
        case 4: cy_mpn_add_1(p, p, h, 2); break; /* p < B^h - 2: p is odd and B^h - 1 = 0 mod 3 */
        }
    } else {
        t_fill(b, n, k == 1 ? T_ONES : T_UNIFORM);
        switch (k) {
        case 1: cy_mpn_sub_1(a, m, n, 1); break;
        case 2: cy_mpn_zero(a, n), cy_mpn_zero(b, n), a[0] = b[0] = 1; break;
        case 3: cy_mpn_copy(a, m, n); break;
        default: t_fill(a, n, T_UNIFORM), t_to_mpz(X, a, n), mpz_mod(X, X, key.N), t_from_mpz(a, n, X);
        }
        T_CHECK(cy_rsa_init(&rsa_key, rsa_st, m, n, e, 1, p, q, dp, dq, qi, sc) == 0, "rsa_init");
        if (k == 4)
            ((cy_limb *)rsa_key.dp)[0] ^= 2;
    }
    run_op(op, n);
    T_CHECK(sink == (cy_limb)expect[priv][k], "%s input %d returns %d, not %d", op_names[op], k,
            (int)sink, expect[priv][k]);
    if (priv || k == inputs_of(op) - 1)
        t_rsa_key_clear(&key);
}

static void make_input(int op, size_t n, int k)
{
    if (op == OP_RSA_INIT || op == OP_RSA_PRIVATE) {
        make_rsa_input(op, n, k);
        return;
    }
    t_fill(m, n, k == 1 ? T_ONES : T_UNIFORM);
    m[0] |= 1, m[n - 1] |= (cy_limb)1 << (CY_LIMB_BITS - 1);
    if (k == 1 && n > 1)
        m[0] = 1; /* m = 1 mod B: -m^-1 mod B = B - 1 */
    if (op == OP_INV_FERMAT) {
        t_to_mpz(M, m, n);
        mpz_clrbit(M, n * CY_LIMB_BITS - 2); /* the next prime is far below B^n */
        mpz_nextprime(M, M);
        t_from_mpz(m, n, M);
    }
    t_to_mpz(M, m, n);
    switch (k) {
    case 0: t_fill(a, n, T_UNIFORM), t_fill(b, n, T_UNIFORM), t_fill(e, EN, T_UNIFORM); break;
    case 1:
        mpz_sub_ui(X, M, 1), t_from_mpz(a, n, X), cy_mpn_copy(b, a, n);
        t_fill(e, EN, T_ONES);
        break;
    default:
        cy_mpn_zero(a, n), cy_mpn_zero(b, n), cy_mpn_zero(e, EN);
        a[0] = k == 2, e[0] = 1;
    }
    if (k != 1) { /* reduce a and b below m (k = 3: a >= m below, for the functions that report it) */
        t_to_mpz(X, a, n), mpz_mod(X, X, M), t_from_mpz(a, n, X);
        t_to_mpz(X, b, n), mpz_mod(X, X, M), t_from_mpz(b, n, X);
    }
    if (k == 3 && (op == OP_MONT_POWM || op == OP_INV_SAFEGCD || op == OP_INV_FERMAT))
        t_fill(a, n, T_ONES);
    t_fill(big, 2 * n, k == 1 ? T_ONES : k == 0 ? T_UNIFORM : T_ZERO);
    if (op != OP_MONT_INIT)
        T_CHECK(cy_mont_init(&ctx, st, m, n, sc) == 0, "init");
}

int main(void)
{
    t_init("test_ct_trace");
    mpz_inits(M, X, NULL);
    itch = cy_mont_init_itch(NMAX);
    size_t t;
    if ((t = cy_mont_powm_itch(NMAX, EN)) > itch) itch = t;
    if ((t = cy_mod_inv_itch(NMAX)) > itch) itch = t;
    if ((t = cy_mont_mod_itch(NMAX)) > itch) itch = t;
    if ((t = cy_mpn_mul_itch(NMAX, NMAX / 2)) > itch) itch = t;
    if ((t = cy_mpn_mul_n_itch(NMAX)) > itch) itch = t;
    if ((t = cy_mpn_sqr_itch(NMAX)) > itch) itch = t;
    if ((t = cy_mpn_mullo_n_itch(NMAX)) > itch) itch = t;
    if ((t = cy_rsa_init_itch(RSA_N)) > itch) itch = t;
    if ((t = cy_rsa_private_itch(RSA_N)) > itch) itch = t;
    for (int ci = 0; ci < t_ncpus; ci++) { /* each back end's transforms have their own scratch */
        cy_cpu_set(t_cpus[ci]);
        if ((t = cy__mpn_mul_fft_itch(NMAX, NMAX, 0)) > itch) itch = t;
    }
    m = t_alloc(NMAX), st = t_alloc(cy_mont_storage_limbs(NMAX)), sc = t_alloc(itch);
    a = t_alloc(NMAX), b = t_alloc(NMAX), r = t_alloc(NMAX), e = t_alloc(EN);
    big = t_alloc(2 * NMAX);
    rsa_parts = t_alloc(5 * (RSA_N / 2)), rsa_st = t_alloc(cy_rsa_storage_limbs(RSA_N, 1));
    unsigned long long traced = 0, steps = 0;
    for (int ci = 0; ci < t_ncpus; ci++) {
        cy_cpu_set(t_cpus[ci]);
        for (int op = 0; op < OP_COUNT; op++) {
            /* uint is header-only, safegcd calls no dispatched kernel: no back end to vary */
            if ((op >= OP_U256_ARITH || op == OP_INV_SAFEGCD) && ci > 0)
                continue;
            if ((op == OP_MUL_FFT || op == OP_SQR_FFT) && t_cpus[ci] != CY_CPU_GENERIC &&
                t_cpus[ci] != CY_CPU_IFMA)
                continue;
            for (const size_t *np = sizes_of(op, t_cpus[ci]); *np; np++) {
                size_t n = *np;
                trace_t first = {0, 0};
                for (int k = 0; k < inputs_of(op); k++) {
                    make_input(op, n, k);
                    trace_t tk = trace(op, n);
                    traced++, steps += tk.count;
                    if (k == 0) {
                        first = tk;
                        continue;
                    }
                    T_CHECK(tk.count == first.count && tk.hash == first.hash,
                            "%s n=%zu on %s: input %d executes %llu instructions (hash %016llx), "
                            "input 0 %llu (%016llx)",
                            op_names[op], n, cy_cpu_name(t_cpus[ci]), k,
                            (unsigned long long)tk.count, (unsigned long long)tk.hash,
                            (unsigned long long)first.count, (unsigned long long)first.hash);
                }
            }
        }
        printf("test_ct_trace: back end %s traced\n", cy_cpu_name(t_cpus[ci]));
    }
    printf("test_ct_trace: %llu traces, %llu instructions single-stepped\n", traced, steps);
    t_free(m), t_free(st), t_free(sc), t_free(a), t_free(b), t_free(r), t_free(e), t_free(big);
    t_free(rsa_parts), t_free(rsa_st);
    mpz_clears(M, X, NULL);
    return t_done();
}
#else
int main(void)
{
    return 77; /* ptrace single-stepping of x86-64 code on Linux only */
}
#endif
