/* libFuzzer target: carry/int.h against GMP's mpz on every back end: arithmetic, the division
 * family (truncated, floor, ceiling, and by 2^k), addmul and submul (also by a word), the bit
 * operations, pow, powm, gcd, gcdext, lcm, invert, sqrtrem, rootrem, bin, remove, nextprime,
 * strings; outputs aliasing inputs in any
 * pattern the header allows; an allocation failure injected at a decoded allocation (the
 * outputs must keep their values, nothing may leak: tests/common/failalloc.h).
 * SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../common/failalloc.h"

#define MAXN 40 /* limbs of an operand */
#define NOBJ 5  /* objects: the three operands, then two spare outputs */

enum { ADD, SUB, MUL, NEG, ABS, POW, MUL2, FDIV2, TDIV2, TDIVQR, FDIVQR, MOD, DIVEXACT, POWM, GCD, GCDEXT, INVERT, SQRTREM,
       CDIVQR, ADDMUL, SUBMUL, ADDMUL_U64, SUBMUL_U64, AND, IOR, XOR, COM, LCM, ROOTREM, FDIVR2, CDIVQ2, CDIVR2, BIN,
       REMOVE, NEXTPRIME, NOPS };
static const struct { const char *name; int nout, nin; } ops[NOPS] = {
    {"add", 1, 2}, {"sub", 1, 2}, {"mul", 1, 2}, {"neg", 1, 1}, {"abs", 1, 1}, {"pow_u64", 1, 1},
    {"mul_2exp", 1, 1}, {"fdiv_q_2exp", 1, 1}, {"tdiv_q_2exp", 1, 1}, {"tdiv_qr", 2, 2},
    {"fdiv_qr", 2, 2}, {"mod", 1, 2}, {"divexact", 1, 2}, {"powm", 1, 3}, {"gcd", 1, 2},
    {"gcdext", 3, 2}, {"invert", 1, 2}, {"sqrtrem", 2, 1},
    {"cdiv_qr", 2, 2}, {"addmul", 1, 2}, {"submul", 1, 2}, {"addmul_u64", 1, 1}, {"submul_u64", 1, 1},
    {"and", 1, 2}, {"ior", 1, 2}, {"xor", 1, 2}, {"com", 1, 1}, {"lcm", 1, 2}, {"rootrem", 2, 1},
    {"fdiv_r_2exp", 1, 1}, {"cdiv_q_2exp", 1, 1}, {"cdiv_r_2exp", 1, 1}, {"bin", 1, 1},
    {"remove", 1, 2}, {"nextprime", 1, 1},
};

static void to_mpz(mpz_t z, const cy_int *x)
{
    mpz_import(z, (size_t)abs(x->size), -1, sizeof(cy_limb), 0, 0, x->d);
    if (x->size < 0)
        mpz_neg(z, z);
}

static int valid(const cy_int *x)
{
    int n = abs(x->size);
    return x->alloc >= 0 && n <= x->alloc && (n == 0 || x->d[n - 1] != 0) && (x->alloc == 0 || x->d != NULL);
}

static int eq(const cy_int *x, const mpz_t z)
{
    mpz_t t;
    mpz_init(t);
    to_mpz(t, x);
    int r = valid(x) && mpz_cmp(t, z) == 0;
    mpz_clear(t);
    return r;
}

/* x = z through the limbs (not through carry's conversions, which are under test). */
static void from_mpz(cy_int *x, const mpz_t z)
{
    size_t n = (mpz_sizeinbase(z, 2) + CY_LIMB_BITS - 1) / CY_LIMB_BITS;
    if (cy_int_reserve(x, n + 1))
        abort();
    size_t got = 0;
    mpz_export(x->d, &got, -1, sizeof(cy_limb), 0, 0, z);
    x->size = mpz_sgn(z) < 0 ? -(int)got : (int)got;
}

/* The expected outputs w[] and error of op on inputs v[]; k: the u64 argument; r0: the first
 * output's value before the call (addmul and submul add to it); *count: remove's count. */
static int reference(int op, mpz_t *w, mpz_t *v, uint64_t k, const mpz_t r0, uint64_t *count)
{
    switch (op) {
    case CDIVQR:
        if (mpz_sgn(v[1]) == 0)
            return CY_EDIVZERO;
        mpz_cdiv_qr(w[0], w[1], v[0], v[1]);
        return 0;
    case ADDMUL: mpz_set(w[0], r0); mpz_addmul(w[0], v[0], v[1]); return 0;
    case SUBMUL: mpz_set(w[0], r0); mpz_submul(w[0], v[0], v[1]); return 0;
    case ADDMUL_U64: case SUBMUL_U64: {
        mpz_t t;
        mpz_init(t);
        mpz_import(t, 1, 1, sizeof k, 0, 0, &k);
        mpz_mul(t, t, v[0]);
        (op == ADDMUL_U64 ? mpz_add : mpz_sub)(w[0], r0, t);
        mpz_clear(t);
        return 0;
    }
    case AND: mpz_and(w[0], v[0], v[1]); return 0;
    case IOR: mpz_ior(w[0], v[0], v[1]); return 0;
    case XOR: mpz_xor(w[0], v[0], v[1]); return 0;
    case COM: mpz_com(w[0], v[0]); return 0;
    case LCM: mpz_lcm(w[0], v[0], v[1]); return 0;
    case ROOTREM:
        if (k == 0 || (mpz_sgn(v[0]) < 0 && !(k & 1)))
            return CY_EINVAL;
        mpz_rootrem(w[0], w[1], v[0], (unsigned long)k);
        return 0;
    case FDIVR2: mpz_fdiv_r_2exp(w[0], v[0], k); return 0;
    case CDIVQ2: mpz_cdiv_q_2exp(w[0], v[0], k); return 0;
    case CDIVR2: mpz_cdiv_r_2exp(w[0], v[0], k); return 0;
    case BIN: mpz_bin_ui(w[0], v[0], (unsigned long)k); return 0;
    case REMOVE:
        if (mpz_sgn(v[1]) == 0)
            return CY_EDIVZERO;
        if (mpz_sgn(v[0]) == 0 || mpz_cmpabs_ui(v[1], 1) == 0) { /* GMP leaves |f| = 1 undefined */
            mpz_set(w[0], v[0]);
            *count = 0;
            return 0;
        }
        *count = mpz_remove(w[0], v[0], v[1]);
        return 0;
    case NEXTPRIME: mpz_nextprime(w[0], v[0]); return 0;
    case ADD: mpz_add(w[0], v[0], v[1]); return 0;
    case SUB: mpz_sub(w[0], v[0], v[1]); return 0;
    case MUL: mpz_mul(w[0], v[0], v[1]); return 0;
    case NEG: mpz_neg(w[0], v[0]); return 0;
    case ABS: mpz_abs(w[0], v[0]); return 0;
    case POW: mpz_pow_ui(w[0], v[0], (unsigned long)k); return 0;
    case MUL2: mpz_mul_2exp(w[0], v[0], k); return 0;
    case FDIV2: mpz_fdiv_q_2exp(w[0], v[0], k); return 0;
    case TDIV2: mpz_tdiv_q_2exp(w[0], v[0], k); return 0;
    case TDIVQR: case FDIVQR: case MOD: case DIVEXACT:
        if (!mpz_sgn(v[1]))
            return CY_EDIVZERO;
        if (op == MOD)
            mpz_mod(w[0], v[0], v[1]);
        else if (op == DIVEXACT)
            mpz_divexact(w[0], v[0], v[1]);
        else
            (op == TDIVQR ? mpz_tdiv_qr : mpz_fdiv_qr)(w[0], w[1], v[0], v[1]);
        return 0;
    case POWM:
        if (!mpz_sgn(v[2]))
            return CY_EDIVZERO;
        if (mpz_sgn(v[1]) < 0 && !mpz_invert(w[0], v[0], v[2]) && mpz_cmpabs_ui(v[2], 1))
            return CY_ENOTINV;
        mpz_powm(w[0], v[0], v[1], v[2]);
        mpz_mod(w[0], w[0], v[2]);
        return 0;
    case GCD: case GCDEXT: mpz_gcd(w[0], v[0], v[1]); return 0;
    case INVERT:
        if (!mpz_sgn(v[1]))
            return CY_EDIVZERO;
        if (!mpz_cmpabs_ui(v[1], 1)) {
            mpz_set_ui(w[0], 0);
            return 0;
        }
        return mpz_invert(w[0], v[0], v[1]) ? 0 : CY_ENOTINV;
    case SQRTREM:
        if (mpz_sgn(v[0]) < 0)
            return CY_EINVAL;
        mpz_sqrtrem(w[0], w[1], v[0]);
        return 0;
    }
    return 0;
}

static int call(int op, cy_int **o, cy_int **i, uint64_t k, uint64_t *count)
{
    switch (op) {
    case ADD: return cy_int_add(o[0], i[0], i[1]);
    case SUB: return cy_int_sub(o[0], i[0], i[1]);
    case MUL: return cy_int_mul(o[0], i[0], i[1]);
    case NEG: return cy_int_neg(o[0], i[0]);
    case ABS: return cy_int_abs(o[0], i[0]);
    case POW: return cy_int_pow_u64(o[0], i[0], k);
    case MUL2: return cy_int_mul_2exp(o[0], i[0], k);
    case FDIV2: return cy_int_fdiv_q_2exp(o[0], i[0], k);
    case TDIV2: return cy_int_tdiv_q_2exp(o[0], i[0], k);
    case TDIVQR: return cy_int_tdiv_qr(o[0], o[1], i[0], i[1]);
    case FDIVQR: return cy_int_fdiv_qr(o[0], o[1], i[0], i[1]);
    case MOD: return cy_int_mod(o[0], i[0], i[1]);
    case DIVEXACT: return cy_int_divexact(o[0], i[0], i[1]);
    case POWM: return cy_int_powm(o[0], i[0], i[1], i[2]);
    case GCD: return cy_int_gcd(o[0], i[0], i[1]);
    case GCDEXT: return cy_int_gcdext(o[0], o[1], o[2], i[0], i[1]);
    case INVERT: return cy_int_invert(o[0], i[0], i[1]);
    case SQRTREM: return cy_int_sqrtrem(o[0], o[1], i[0]);
    case CDIVQR: return cy_int_cdiv_qr(o[0], o[1], i[0], i[1]);
    case ADDMUL: return cy_int_addmul(o[0], i[0], i[1]);
    case SUBMUL: return cy_int_submul(o[0], i[0], i[1]);
    case ADDMUL_U64: return cy_int_addmul_u64(o[0], i[0], k);
    case SUBMUL_U64: return cy_int_submul_u64(o[0], i[0], k);
    case AND: return cy_int_and(o[0], i[0], i[1]);
    case IOR: return cy_int_ior(o[0], i[0], i[1]);
    case XOR: return cy_int_xor(o[0], i[0], i[1]);
    case COM: return cy_int_com(o[0], i[0]);
    case LCM: return cy_int_lcm(o[0], i[0], i[1]);
    case ROOTREM: return cy_int_rootrem(o[0], o[1], i[0], k);
    case FDIVR2: return cy_int_fdiv_r_2exp(o[0], i[0], k);
    case CDIVQ2: return cy_int_cdiv_q_2exp(o[0], i[0], k);
    case CDIVR2: return cy_int_cdiv_r_2exp(o[0], i[0], k);
    case BIN: return cy_int_bin(o[0], i[0], k);
    case REMOVE: return cy_int_remove(o[0], count, i[0], i[1]);
    case NEXTPRIME: return cy_int_nextprime(o[0], i[0]);
    }
    return 0;
}

/* The cofactors of cy_int_gcdext (carry/int.h): a s + b t = g, and the smallest s, with the
 * documented tie for M = |b| / g = 2 (s = sgn(a): GMP's rule, so -1 for a < 0). */
static int gcdext_ok(const mpz_t s, const mpz_t t, const mpz_t a, const mpz_t b, const mpz_t g)
{
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    mpz_mul(x, a, s);
    mpz_addmul(x, b, t);
    int ok = mpz_cmp(x, g) == 0;
    if (!mpz_sgn(b))
        ok &= mpz_cmp_si(s, mpz_sgn(a)) == 0 && !mpz_sgn(t);
    else if (!mpz_sgn(a))
        ok &= !mpz_sgn(s) && mpz_cmp_si(t, mpz_sgn(b)) == 0;
    else { /* -M < 2 s <= M, M = |b| / g; s = sgn(a) for M = 2 */
        mpz_divexact(x, b, g);
        mpz_abs(x, x);
        if (mpz_cmp_ui(x, 2) == 0) {
            ok &= mpz_cmp_si(s, mpz_sgn(a)) == 0;
        } else {
            mpz_mul_2exp(y, s, 1);
            ok &= mpz_cmp(y, x) <= 0;
            mpz_neg(x, x);
            ok &= mpz_cmp(y, x) > 0;
        }
    }
    mpz_clears(x, y, NULL);
    return ok;
}

/* Round trip through the strings of a base (2..36, or 0 for the prefixed forms). */
static void strings(fz_in *in, const cy_int *a, const mpz_t A)
{
    int base = 2 + fz_byte(in) % 35;
    size_t size = cy_int_str_size(a, base);
    char *buf = malloc(size), *ref = mpz_get_str(NULL, base, A);
    size_t len;
    FZ_CHECK(buf && !cy_int_get_str(buf, size, &len, base, a) && len == strlen(ref) && !strcmp(buf, ref),
             "get_str base %d", base);
    FZ_CHECK(size <= len + 2 && size >= len + 1, "str_size %zu for %zu characters", size, len);
    FZ_CHECK(cy_int_get_str(buf, len, NULL, base, a) == CY_ERANGE, "get_str into a short buffer");
    cy_int r;
    cy_int_init(&r);
    FZ_CHECK(!cy_int_set_strn(&r, ref, len, base) && eq(&r, A), "set_strn base %d", base);
    cy_int_clear(&r);
    free(buf);
    free(ref);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int installed;
    if (!installed) {
        t_failalloc_install();
        installed = 1;
    }
    fz_in in = fz_start(data, size);
    fz_cpu(&in);
    int op = fz_byte(&in) % (NOPS + 1);
    uint8_t flags = fz_byte(&in);
    /* The choices come before the operands' bytes, so that a short input (whose missing bytes
     * read as 0) still picks distinct inputs and outputs: which objects are the inputs and the
     * outputs, which optional output is left out, the failing allocation, the word argument. */
    uint8_t pick[6], drop = fz_byte(&in);
    for (int j = 0; j < 6; j++)
        pick[j] = fz_byte(&in);
    long fail = flags & 1 ? (long)fz_byte(&in) : -1;
    uint64_t k = fz_byte(&in);
    uint8_t kshift = fz_byte(&in);
    if (op == ADDMUL_U64 || op == SUBMUL_U64) /* a word of any length */
        for (int j = 0; j < 7; j++)
            k = k << 8 | fz_byte(&in);
    mpz_t v[NOBJ], w[3], in_v[3];
    for (int i = 0; i < NOBJ; i++)
        mpz_init(v[i]);
    for (int i = 0; i < 3; i++)
        mpz_inits(w[i], in_v[i], NULL);
    for (int i = 0; i < NOBJ; i++)
        fz_mpz(&in, v[i], i < 3 ? MAXN : 2, 1);
    /* The operands the call reads (inputs: any of the three, repeats allowed). The bounds below
     * apply to these objects, not to fixed slots: with a bound on v[0] while the call read v[1],
     * a nextprime or bin of a 2560-bit operand took up to seconds under the sanitizers and made
     * most of the target's time. */
    int in_slot[3];
    for (int j = 0; j < 3; j++)
        in_slot[j] = (pick[j] + j) % 3; /* zero bytes: inputs 0, 1, 2 */
    mpz_ptr a0 = v[in_slot[0]];
    if (op == POW) /* results up to about 2^16 bits */
        k = mpz_sizeinbase(a0, 2) ? k % (1 + 65536 / mpz_sizeinbase(a0, 2)) : k;
    else if (op == MUL2 || op == FDIV2 || op == TDIV2 || op == FDIVR2 || op == CDIVQ2 || op == CDIVR2)
        k = (op != MUL2 && op != FDIVR2 && op != CDIVR2 && (flags & 0x80)) ? UINT64_MAX - k
                                                                        : k << (kshift % 12);
    else if (op == ROOTREM) /* degrees 0 (an error) to 31 */
        k %= 32;
    else if (op == BIN) /* n of up to 256 bits, k up to 255 */
        mpz_tdiv_r_2exp(a0, a0, 256);
    if (op == NEXTPRIME) /* up to 192 bits keep an execution short */
        mpz_tdiv_r_2exp(a0, a0, 192);
    if (op == DIVEXACT) /* a multiple of the divisor (the divisor's object may be the dividend's) */
        mpz_mul(a0, a0, v[in_slot[1]]);
    if (op == POWM) /* exponents up to 704 bits (11 limbs of 64: every width of the sliding window
                     * of src/mod/powm.c, 1 to 6 bits) for moduli up to 1024 bits, up to 256 bits
                     * (widths 1 to 5) for longer ones: the cost (bits of e times limbs of m
                     * squared) stays within that of a 40-limb modulus and a 256-bit exponent */
        mpz_tdiv_r_2exp(v[in_slot[1]], v[in_slot[1]], mpz_sizeinbase(v[in_slot[2]], 2) <= 1024 ? 704 : 256);
    cy_int x[NOBJ];
    for (int i = 0; i < NOBJ; i++) {
        cy_int_init(&x[i]);
        from_mpz(&x[i], v[i]);
    }
    if (op == NOPS) {
        strings(&in, &x[0], v[0]);
    } else {
        /* inputs: any of the three operands, repeats allowed; outputs: distinct objects among all
         * five (so an output may be an input) */
        cy_int *o[3], *i[3];
        int oi[3] = {-1, -1, -1};
        for (int j = 0; j < ops[op].nin; j++) {
            int s = in_slot[j];
            i[j] = &x[s];
            mpz_set(in_v[j], v[s]);
        }
        for (int j = 0; j < ops[op].nout; j++) {
            int s = (pick[3 + j] + 3 + j) % NOBJ; /* zero bytes: outputs 3, 4, 0 */
            while (s == oi[0] || s == oi[1])
                s = (s + 1) % NOBJ;
            oi[j] = s;
            o[j] = &x[s];
        }
        /* optional outputs left out: the remainder of the divisions, sqrtrem's, gcdext's cofactors */
        if ((op == TDIVQR || op == FDIVQR || op == CDIVQR) && drop % 3)
            o[drop % 3 - 1] = NULL;
        if ((op == SQRTREM || op == ROOTREM) && drop & 1)
            o[1] = NULL;
        if (op == GCDEXT && drop % 3)
            o[drop % 3] = NULL;
        uint64_t want_count = 0, got_count = UINT64_MAX;
        int want = reference(op, w, in_v, k, v[oi[0]], &want_count);
        t_arm(fail);
        int err = call(op, o, i, k, (drop & 4) ? NULL : &got_count);
        t_arm(-1);
        if (op == REMOVE && !err && !(drop & 4))
            FZ_CHECK(got_count == want_count, "remove: count %llu, want %llu", (unsigned long long)got_count,
                     (unsigned long long)want_count);
        int nomem = fail >= 0 && err == CY_ENOMEM;
        FZ_CHECK(err == want || nomem, "%s: error %d, want %d (allocation %ld failing)", ops[op].name, err, want, fail);
        for (int j = 0; j < NOBJ; j++) { /* every object that is not a written output keeps its value */
            int out = 0;
            for (int m = 0; m < ops[op].nout; m++)
                out |= o[m] == &x[j];
            FZ_CHECK((out && !err) || eq(&x[j], v[j]), "%s: object %d changed (error %d)", ops[op].name, j, err);
        }
        if (!err) {
            for (int m = 0; m < ops[op].nout; m++) {
                if (!o[m] || (op == GCDEXT && m > 0))
                    continue;
                FZ_CHECK(eq(o[m], w[m]), "%s: output %d wrong", ops[op].name, m);
            }
            if (op == GCDEXT) {
                mpz_t s, t;
                mpz_inits(s, t, NULL);
                if (o[1])
                    to_mpz(s, o[1]);
                if (o[2])
                    to_mpz(t, o[2]);
                /* a cofactor left out: the one the other determines (t = (g - a s) / b) */
                if (!o[1])
                    mpz_sgn(in_v[0]) ? (mpz_set(s, w[0]), mpz_submul(s, in_v[1], t), mpz_divexact(s, s, in_v[0]))
                                     : mpz_set_si(s, 0);
                if (!o[2] && mpz_sgn(in_v[1])) {
                    mpz_set(t, w[0]);
                    mpz_submul(t, in_v[0], s);
                    mpz_divexact(t, t, in_v[1]);
                }
                FZ_CHECK(gcdext_ok(s, t, in_v[0], in_v[1], w[0]), "gcdext cofactors (s %s, t %s)",
                         o[1] ? "given" : "left out", o[2] ? "given" : "left out");
                mpz_clears(s, t, NULL);
            }
        }
    }
    for (int i = 0; i < NOBJ; i++) {
        cy_int_clear(&x[i]);
        mpz_clear(v[i]);
    }
    for (int i = 0; i < 3; i++)
        mpz_clears(w[i], in_v[i], NULL);
    FZ_CHECK(t_live == 0, "%ld blocks leaked", t_live);
    return 0;
}
