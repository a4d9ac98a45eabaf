/* libFuzzer target: every function of carry/int.h that computes something, against GMP's mpz on
 * every back end: assignment and conversion (words, doubles, import and export, limbs),
 * comparison, arithmetic, the word-operand forms, the division family (truncated, floor,
 * ceiling, by a word and by 2^k), the divisibility and congruence tests, the bit operations,
 * pow, powm, powm_sec, gcd, gcdext, lcm, invert, roots, the prime functions, the Kronecker
 * symbol, factorials, binomials, Fibonacci and Lucas numbers, perfect powers, the random numbers
 * (their documented properties and determinism: GMP's streams differ), strings and streams;
 * outputs aliasing inputs in any pattern the header allows (and the two outputs of a pair the
 * same object: CY_EINVAL); an allocation failure injected at a decoded allocation (the outputs,
 * also those behind pointers, must keep their values, nothing may leak:
 * tests/common/failalloc.h).
 * SPDX-License-Identifier: MIT */
#define _POSIX_C_SOURCE 200809L /* open_memstream, fmemopen */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fuzz.h"
#include "../common/failalloc.h"

#define MAXN 40 /* limbs of an operand */
#define NOBJ 5  /* objects: the three operands, then two spare outputs */

enum { ADD, SUB, MUL, NEG, ABS, POW, MUL2, FDIV2, TDIV2, TDIVQR, FDIVQR, MOD, DIVEXACT, POWM, GCD, GCDEXT, INVERT, SQRTREM,
       CDIVQR, ADDMUL, SUBMUL, ADDMUL_U64, SUBMUL_U64, AND, IOR, XOR, COM, LCM, ROOTREM, FDIVR2, CDIVQ2, CDIVR2, BIN,
       REMOVE, NEXTPRIME,
       /* assignment and conversion */
       SET, SET_U64, SET_I64, SET_D, GET_U64, GET_I64, GET_D, GET_D_2EXP, IMPORT, EXPORT, LIMBS,
       /* comparison */
       CMP, CMPABS, CMP_I64, CMP_U64, CMPABS_U64, SGN, ODD_P, SIZEINBASE,
       /* word operands */
       ADD_U64, SUB_U64, U64_SUB, MUL_U64, MUL_I64, TDIVQR_U64, FDIVQR_U64, CDIVQR_U64, MOD_U64, DIVEXACT_U64,
       GCD_U64, LCM_U64,
       /* divisibility */
       TDIVR2, DIVISIBLE_P, CONGRUENT_P, DIVISIBLE_2EXP_P, CONGRUENT_2EXP_P, DIVISIBLE_U64_P, CONGRUENT_U64_P,
       /* bits */
       SETBIT, CLRBIT, COMBIT, TSTBIT, POPCOUNT, HAMDIST, SCAN0, SCAN1,
       /* number theory */
       POWM_SEC, PROBAB_PRIME, PREVPRIME, KRONECKER, JACOBI, LEGENDRE, FAC, FAC2, MFAC, PRIMORIAL, BIN_U64, FIB, FIB2,
       LUCNUM, LUCNUM2, ROOT, PERFECT_SQUARE_P, PERFECT_POWER_P,
       /* random numbers */
       URANDOMB, URANDOMM, RRANDOMB, NOPS };
/* nout: cy_int outputs, nin: cy_int inputs, nsc: scalar results (a value returned or written
 * through a pointer: compared with sc[] of the reference; a pointer's target must keep its
 * value on error). A predicate's 0 or 1 is its return value, compared as the error code is. */
static const struct { const char *name; int nout, nin, nsc; } ops[NOPS] = {
    {"add", 1, 2, 0}, {"sub", 1, 2, 0}, {"mul", 1, 2, 0}, {"neg", 1, 1, 0}, {"abs", 1, 1, 0}, {"pow_u64", 1, 1, 0},
    {"mul_2exp", 1, 1, 0}, {"fdiv_q_2exp", 1, 1, 0}, {"tdiv_q_2exp", 1, 1, 0}, {"tdiv_qr", 2, 2, 0},
    {"fdiv_qr", 2, 2, 0}, {"mod", 1, 2, 0}, {"divexact", 1, 2, 0}, {"powm", 1, 3, 0}, {"gcd", 1, 2, 0},
    {"gcdext", 3, 2, 0}, {"invert", 1, 2, 0}, {"sqrtrem", 2, 1, 0},
    {"cdiv_qr", 2, 2, 0}, {"addmul", 1, 2, 0}, {"submul", 1, 2, 0}, {"addmul_u64", 1, 1, 0}, {"submul_u64", 1, 1, 0},
    {"and", 1, 2, 0}, {"ior", 1, 2, 0}, {"xor", 1, 2, 0}, {"com", 1, 1, 0}, {"lcm", 1, 2, 0}, {"rootrem", 2, 1, 0},
    {"fdiv_r_2exp", 1, 1, 0}, {"cdiv_q_2exp", 1, 1, 0}, {"cdiv_r_2exp", 1, 1, 0}, {"bin", 1, 1, 0},
    {"remove", 1, 2, 1}, {"nextprime", 1, 1, 0},
    {"set", 1, 1, 0}, {"set_u64", 1, 0, 0}, {"set_i64", 1, 0, 0}, {"set_d", 1, 0, 0}, {"get_u64", 0, 1, 1},
    {"get_i64", 0, 1, 1}, {"get_d", 0, 1, 1}, {"get_d_2exp", 0, 1, 2}, {"import", 1, 0, 0}, {"export", 0, 1, 1},
    {"limbs_write", 1, 1, 0},
    {"cmp", 0, 2, 1}, {"cmpabs", 0, 2, 1}, {"cmp_i64", 0, 1, 1}, {"cmp_u64", 0, 1, 1}, {"cmpabs_u64", 0, 1, 1},
    {"sgn", 0, 1, 1}, {"odd_p", 0, 1, 1}, {"sizeinbase", 0, 1, 1},
    {"add_u64", 1, 1, 0}, {"sub_u64", 1, 1, 0}, {"u64_sub", 1, 1, 0}, {"mul_u64", 1, 1, 0}, {"mul_i64", 1, 1, 0},
    {"tdiv_qr_u64", 2, 1, 0}, {"fdiv_qr_u64", 2, 1, 0}, {"cdiv_qr_u64", 2, 1, 0}, {"mod_u64", 0, 1, 1},
    {"divexact_u64", 1, 1, 0}, {"gcd_u64", 1, 1, 0}, {"lcm_u64", 1, 1, 0},
    {"tdiv_r_2exp", 1, 1, 0}, {"divisible_p", 0, 2, 0}, {"congruent_p", 0, 3, 0}, {"divisible_2exp_p", 0, 1, 0},
    {"congruent_2exp_p", 0, 2, 0}, {"divisible_u64_p", 0, 1, 0}, {"congruent_u64_p", 0, 1, 0},
    {"setbit", 1, 0, 0}, {"clrbit", 1, 0, 0}, {"combit", 1, 0, 0}, {"tstbit", 0, 1, 1}, {"popcount", 0, 1, 1},
    {"hamdist", 0, 2, 1}, {"scan0", 0, 1, 1}, {"scan1", 0, 1, 1},
    {"powm_sec", 1, 3, 0}, {"probab_prime_p", 0, 1, 0}, {"prevprime", 1, 1, 0}, {"kronecker", 0, 2, 1},
    {"jacobi", 0, 2, 1}, {"legendre", 0, 2, 1}, {"fac_u64", 1, 0, 0}, {"2fac_u64", 1, 0, 0}, {"mfac_u64", 1, 0, 0},
    {"primorial_u64", 1, 0, 0}, {"bin_u64", 1, 0, 0}, {"fib_u64", 1, 0, 0}, {"fib2_u64", 2, 0, 0},
    {"lucnum_u64", 1, 0, 0}, {"lucnum2_u64", 2, 0, 0}, {"root", 1, 1, 0}, {"perfect_square_p", 0, 1, 0},
    {"perfect_power_p", 0, 1, 0},
    {"urandomb", 1, 0, 0}, {"urandomm", 1, 1, 0}, {"rrandomb", 1, 0, 0},
};

/* The arguments besides the cy_int operands: words (bit counts, indexes, word operands), a
 * double, and the parameters and buffers of import and export. */
typedef struct {
    uint64_t k, k2;
    double d;
    int reps;
    int order, endian;
    size_t size, nails, count, cap;
    const unsigned char *src;  /* import's words (NULL: a NULL pointer passed) */
    unsigned char *dst;        /* export's buffer (NULL: a NULL pointer passed) */
    cy_randstate st;
} fz_args;

/* A sentinel for the scalar results written through a pointer: must stay on error. */
#define UNSET 0x5a5a5a5a5a5a5a5au
#define EXPORT_MAX 72 /* words of export's buffer */

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

static void zu64(mpz_t z, uint64_t u)
{
    mpz_import(z, 1, 1, sizeof u, 0, 0, &u);
}

static void zi64(mpz_t z, int64_t i)
{
    zu64(z, i < 0 ? -(uint64_t)i : (uint64_t)i);
    if (i < 0)
        mpz_neg(z, z);
}

static uint64_t sgn64(int s)
{
    return (uint64_t)(int64_t)(s > 0 ? 1 : s < 0 ? -1 : 0);
}

static int isprime(const mpz_t n)
{
    return mpz_probab_prime_p(n, 30) > 0;
}

/* Bit k of x set, cleared or flipped (op SETBIT, CLRBIT, COMBIT) as GMP does; CY_ENOMEM where the
 * result would reach bit 2^32 and beyond (the decoded huge k), which no cy_int holds. */
static int put_bit(int op, mpz_t w, const mpz_t x, uint64_t k)
{
    int bit = mpz_tstbit(x, k), want = op == SETBIT ? 1 : op == CLRBIT ? 0 : !bit;
    mpz_set(w, x);
    if (bit == want)
        return 0;
    if (k >> 32)
        return CY_ENOMEM;
    (op == SETBIT ? mpz_setbit : op == CLRBIT ? mpz_clrbit : mpz_combit)(w, k);
    return 0;
}

/* The references of the ops added for full coverage (see reference). */
static int reference2(int op, mpz_t *w, mpz_t *v, const fz_args *A, const mpz_t r0, uint64_t *sc)
{
    uint64_t k = A->k, k2 = A->k2;
    mpz_t K, t;
    mpz_init(K);
    mpz_init(t);
    int res = 0;
    switch (op) {
    case SET: mpz_set(w[0], v[0]); break;
    case SET_U64: zu64(w[0], k); break;
    case SET_I64: zi64(w[0], (int64_t)k); break;
    case SET_D:
        if (!isfinite(A->d))
            res = CY_EINVAL;
        else
            mpz_set_d(w[0], A->d);
        break;
    case GET_U64:
        if (mpz_sgn(v[0]) < 0 || mpz_sizeinbase(v[0], 2) > 64)
            res = CY_ERANGE;
        else
            mpz_export(&sc[0], NULL, 1, sizeof sc[0], 0, 0, v[0]);
        if (!mpz_sgn(v[0]))
            sc[0] = 0;
        break;
    case GET_I64:
        zi64(K, INT64_MIN);
        zi64(t, INT64_MAX);
        if (mpz_cmp(v[0], K) < 0 || mpz_cmp(v[0], t) > 0) {
            res = CY_ERANGE;
        } else {
            uint64_t m = 0;
            mpz_export(&m, NULL, 1, sizeof m, 0, 0, v[0]);
            sc[0] = mpz_sgn(v[0]) < 0 ? -m : m;
        }
        break;
    case GET_D: {
        /* GMP leaves an overflow system-dependent; carry documents +-infinity */
        double d = mpz_sizeinbase(v[0], 2) > 1024 ? mpz_sgn(v[0]) * HUGE_VAL : mpz_get_d(v[0]);
        memcpy(&sc[0], &d, sizeof d);
        break;
    }
    case GET_D_2EXP: {
        long e = 0;
        double d = mpz_get_d_2exp(&e, v[0]);
        memcpy(&sc[0], &d, sizeof d);
        sc[1] = (uint64_t)(int64_t)e;
        break;
    }
    case IMPORT:
        if ((A->order != 1 && A->order != -1) || A->endian < -1 || A->endian > 1 || A->size == 0 ||
            A->nails >= 8 * A->size || (!A->src && A->count))
            res = CY_EINVAL;
        else if (A->count)
            mpz_import(w[0], A->count, A->order, A->size, A->endian, A->nails, A->src);
        break;
    case EXPORT: /* the count; the words are compared in the caller */
        if ((A->order != 1 && A->order != -1) || A->endian < -1 || A->endian > 1 || A->size == 0 ||
            A->nails >= 8 * A->size || (!A->dst && mpz_sgn(v[0])))
            res = CY_EINVAL;
        else {
            size_t numb = 8 * A->size - A->nails;
            sc[0] = (mpz_sizeinbase(v[0], 2) + numb - 1) / numb * (mpz_sgn(v[0]) != 0);
            if (sc[0] > A->cap)
                res = CY_ERANGE;
        }
        break;
    case LIMBS: /* neg: k & 1 */
        mpz_abs(w[0], v[0]);
        if (k & 1)
            mpz_neg(w[0], w[0]);
        break;
    case CMP: sc[0] = sgn64(mpz_cmp(v[0], v[1])); break;
    case CMPABS: sc[0] = sgn64(mpz_cmpabs(v[0], v[1])); break;
    case CMP_I64: zi64(K, (int64_t)k); sc[0] = sgn64(mpz_cmp(v[0], K)); break;
    case CMP_U64: zu64(K, k); sc[0] = sgn64(mpz_cmp(v[0], K)); break;
    case CMPABS_U64: zu64(K, k); sc[0] = sgn64(mpz_cmpabs(v[0], K)); break;
    case SGN: sc[0] = sgn64(mpz_sgn(v[0])); break;
    case ODD_P: sc[0] = mpz_odd_p(v[0]) != 0; break;
    case SIZEINBASE: { /* the exact digit count: checked against carry's in the caller */
        int base = (int)(k % 40);
        if (base < 2 || base > 36) {
            sc[0] = 0;
            break;
        }
        size_t s = mpz_sizeinbase(v[0], base);
        if (s > 1) {
            mpz_ui_pow_ui(t, (unsigned long)base, s - 1);
            if (mpz_cmpabs(v[0], t) < 0)
                s--;
        }
        sc[0] = s;
        break;
    }
    case ADD_U64: zu64(K, k); mpz_add(w[0], v[0], K); break;
    case SUB_U64: zu64(K, k); mpz_sub(w[0], v[0], K); break;
    case U64_SUB: zu64(K, k); mpz_sub(w[0], K, v[0]); break;
    case MUL_U64: zu64(K, k); mpz_mul(w[0], v[0], K); break;
    case MUL_I64: zi64(K, (int64_t)k); mpz_mul(w[0], v[0], K); break;
    case TDIVQR_U64: case FDIVQR_U64: case CDIVQR_U64: case MOD_U64: case DIVEXACT_U64:
        zu64(K, k);
        if (!k)
            res = CY_EDIVZERO;
        else if (op == MOD_U64) {
            mpz_fdiv_r(t, v[0], K);
            mpz_export(&sc[0], NULL, 1, sizeof sc[0], 0, 0, t);
            if (!mpz_sgn(t))
                sc[0] = 0;
        } else if (op == DIVEXACT_U64)
            mpz_divexact(w[0], v[0], K);
        else
            (op == TDIVQR_U64 ? mpz_tdiv_qr : op == FDIVQR_U64 ? mpz_fdiv_qr : mpz_cdiv_qr)(w[0], w[1], v[0], K);
        break;
    case GCD_U64: zu64(K, k); mpz_gcd(w[0], v[0], K); break;
    case LCM_U64: zu64(K, k); mpz_lcm(w[0], v[0], K); break;
    case TDIVR2: mpz_tdiv_r_2exp(w[0], v[0], k); break;
    case DIVISIBLE_P: res = mpz_divisible_p(v[0], v[1]) != 0; break;
    case CONGRUENT_P: res = mpz_congruent_p(v[0], v[1], v[2]) != 0; break;
    case DIVISIBLE_2EXP_P: res = mpz_divisible_2exp_p(v[0], k) != 0; break;
    case CONGRUENT_2EXP_P: res = mpz_congruent_2exp_p(v[0], v[1], k) != 0; break;
    case DIVISIBLE_U64_P: zu64(K, k); res = mpz_divisible_p(v[0], K) != 0; break;
    case CONGRUENT_U64_P: zu64(K, k); zu64(t, k2); res = mpz_congruent_p(v[0], K, t) != 0; break;
    case SETBIT: case CLRBIT: case COMBIT: res = put_bit(op, w[0], r0, k); break;
    case TSTBIT: sc[0] = (uint64_t)mpz_tstbit(v[0], k); break;
    case POPCOUNT: sc[0] = mpz_sgn(v[0]) < 0 ? UINT64_MAX : mpz_popcount(v[0]); break;
    case HAMDIST: sc[0] = (mpz_sgn(v[0]) < 0) != (mpz_sgn(v[1]) < 0) ? UINT64_MAX : mpz_hamdist(v[0], v[1]); break;
    case SCAN0: case SCAN1: {
        mp_bitcnt_t b = (op == SCAN0 ? mpz_scan0 : mpz_scan1)(v[0], k);
        sc[0] = b == ~(mp_bitcnt_t)0 ? UINT64_MAX : b;
        break;
    }
    case POWM_SEC:
        if (!mpz_sgn(v[2]))
            res = CY_EDIVZERO;
        else if (mpz_even_p(v[2]))
            res = CY_EEVEN;
        else if (mpz_sgn(v[1]) < 0)
            res = CY_EINVAL;
        else {
            mpz_powm(w[0], v[0], v[1], v[2]);
            mpz_mod(w[0], w[0], v[2]);
        }
        break;
    case PROBAB_PRIME: /* 2 below 2^64 (Baillie-PSW proves it there), 1 above, 0 if composite */
        mpz_abs(t, v[0]);
        res = !isprime(t) ? 0 : mpz_sizeinbase(t, 2) <= 64 ? 2 : 1;
        break;
    case PREVPRIME:
        if (mpz_cmp_ui(v[0], 2) <= 0) {
            res = CY_EINVAL;
            break;
        }
        mpz_sub_ui(w[0], v[0], 1);
        while (!isprime(w[0]))
            mpz_sub_ui(w[0], w[0], 1);
        break;
    case KRONECKER: sc[0] = sgn64(mpz_kronecker(v[0], v[1])); break;
    case JACOBI: case LEGENDRE:
        if (mpz_sgn(v[1]) <= 0 || mpz_even_p(v[1]))
            res = CY_EINVAL;
        else
            sc[0] = sgn64(mpz_jacobi(v[0], v[1]));
        break;
    /* the huge arguments the caller decodes (n >= 2^63) give results no cy_int holds */
    case FAC: if (k >> 63) res = CY_ENOMEM; else mpz_fac_ui(w[0], k); break;
    case FAC2: if (k >> 63) res = CY_ENOMEM; else mpz_2fac_ui(w[0], k); break;
    case MFAC: if (k >> 63 && k2 < 256) res = CY_ENOMEM; else mpz_mfac_uiui(w[0], k, k2); break;
    case PRIMORIAL: if (k >> 32) res = CY_ENOMEM; else mpz_primorial_ui(w[0], k); break;
    case BIN_U64: mpz_bin_uiui(w[0], k, k2); break;
    case FIB: if (k >> 63) res = CY_ENOMEM; else mpz_fib_ui(w[0], k); break;
    case FIB2: if (k >> 63) res = CY_ENOMEM; else mpz_fib2_ui(w[0], w[1], k); break;
    case LUCNUM: if (k >> 63) res = CY_ENOMEM; else mpz_lucnum_ui(w[0], k); break;
    case LUCNUM2: if (k >> 63) res = CY_ENOMEM; else mpz_lucnum2_ui(w[0], w[1], k); break;
    case ROOT:
        if (k == 0 || (mpz_sgn(v[0]) < 0 && !(k & 1)))
            res = CY_EINVAL;
        else
            mpz_root(w[0], v[0], (unsigned long)k);
        break;
    case PERFECT_SQUARE_P: res = mpz_perfect_square_p(v[0]) != 0; break;
    case PERFECT_POWER_P: res = mpz_perfect_power_p(v[0]) != 0; break;
    case URANDOMM: res = mpz_sgn(v[0]) ? 0 : CY_EDIVZERO; break;
    case URANDOMB: case RRANDOMB: break; /* properties, checked in the caller */
    }
    mpz_clear(K);
    mpz_clear(t);
    return res;
}

static int call2(int op, cy_int **o, cy_int **i, fz_args *A, uint64_t *sc)
{
    uint64_t k = A->k, k2 = A->k2;
    int r = 0;
    switch (op) {
    case SET: return cy_int_set(o[0], i[0]);
    case SET_U64: return cy_int_set_u64(o[0], k);
    case SET_I64: return cy_int_set_i64(o[0], (int64_t)k);
    case SET_D: return cy_int_set_d(o[0], A->d);
    case GET_U64: return cy_int_get_u64(i[0], &sc[0]);
    case GET_I64: return cy_int_get_i64(i[0], (int64_t *)&sc[0]);
    case GET_D: {
        double d = cy_int_get_d(i[0]);
        memcpy(&sc[0], &d, sizeof d);
        return 0;
    }
    case GET_D_2EXP: {
        int64_t e = (int64_t)UNSET;
        double d = cy_int_get_d_2exp(&e, i[0]);
        memcpy(&sc[0], &d, sizeof d);
        sc[1] = (uint64_t)e;
        return 0;
    }
    case IMPORT: return cy_int_import(o[0], A->count, A->order, A->size, A->endian, A->nails, A->src);
    case EXPORT: { /* the count to *count, or count NULL (k2 odd) */
        size_t c = (size_t)UNSET;
        r = cy_int_export(A->dst, A->cap, k2 & 1 ? NULL : &c, A->order, A->size, A->endian, A->nails, i[0]);
        sc[0] = c == (size_t)UNSET ? UNSET : c;
        return r;
    }
    case LIMBS: { /* |a| copied out first (o[0] may be i[0]), written with k2 % 4 zero limbs on top */
        size_t n = cy_int_size(i[0]), m = n + k2 % 4;
        FZ_CHECK(n == (size_t)abs(i[0]->size), "cy_int_size %zu", n);
        cy_limb *c = fz_alloc(n), *p = NULL;
        if (n)
            memcpy(c, cy_int_limbs_read(i[0]), n * sizeof *c);
        r = cy_int_limbs_write(o[0], m, &p);
        if (!r) {
            memcpy(p, c, n * sizeof *c);
            memset(p + n, 0, (m - n) * sizeof *c);
            cy_int_limbs_finish(o[0], m, (int)(k & 1));
        } else
            FZ_CHECK(p == NULL, "limbs_write: *p set on error");
        free(c);
        return r;
    }
    case CMP: sc[0] = (uint64_t)(int64_t)cy_int_cmp(i[0], i[1]); return 0;
    case CMPABS: sc[0] = (uint64_t)(int64_t)cy_int_cmpabs(i[0], i[1]); return 0;
    case CMP_I64: sc[0] = (uint64_t)(int64_t)cy_int_cmp_i64(i[0], (int64_t)k); return 0;
    case CMP_U64: sc[0] = (uint64_t)(int64_t)cy_int_cmp_u64(i[0], k); return 0;
    case CMPABS_U64: sc[0] = (uint64_t)(int64_t)cy_int_cmpabs_u64(i[0], k); return 0;
    case SGN: sc[0] = (uint64_t)(int64_t)cy_int_sgn(i[0]); return 0;
    case ODD_P: sc[0] = (uint64_t)(int64_t)cy_int_odd_p(i[0]); return 0;
    case SIZEINBASE: sc[0] = cy_int_sizeinbase(i[0], (int)(k % 40)); return 0;
    case ADD_U64: return cy_int_add_u64(o[0], i[0], k);
    case SUB_U64: return cy_int_sub_u64(o[0], i[0], k);
    case U64_SUB: return cy_int_u64_sub(o[0], k, i[0]);
    case MUL_U64: return cy_int_mul_u64(o[0], i[0], k);
    case MUL_I64: return cy_int_mul_i64(o[0], i[0], (int64_t)k);
    case TDIVQR_U64: return cy_int_tdiv_qr_u64(o[0], o[1], i[0], k);
    case FDIVQR_U64: return cy_int_fdiv_qr_u64(o[0], o[1], i[0], k);
    case CDIVQR_U64: return cy_int_cdiv_qr_u64(o[0], o[1], i[0], k);
    case MOD_U64: return cy_int_mod_u64(&sc[0], i[0], k);
    case DIVEXACT_U64: return cy_int_divexact_u64(o[0], i[0], k);
    case GCD_U64: return cy_int_gcd_u64(o[0], i[0], k);
    case LCM_U64: return cy_int_lcm_u64(o[0], i[0], k);
    case TDIVR2: return cy_int_tdiv_r_2exp(o[0], i[0], k);
    case DIVISIBLE_P: return cy_int_divisible_p(i[0], i[1]);
    case CONGRUENT_P: return cy_int_congruent_p(i[0], i[1], i[2]);
    case DIVISIBLE_2EXP_P: return cy_int_divisible_2exp_p(i[0], k);
    case CONGRUENT_2EXP_P: return cy_int_congruent_2exp_p(i[0], i[1], k);
    case DIVISIBLE_U64_P: return cy_int_divisible_u64_p(i[0], k);
    case CONGRUENT_U64_P: return cy_int_congruent_u64_p(i[0], k, k2);
    case SETBIT: return cy_int_setbit(o[0], k);
    case CLRBIT: return cy_int_clrbit(o[0], k);
    case COMBIT: return cy_int_combit(o[0], k);
    case TSTBIT: sc[0] = (uint64_t)(int64_t)cy_int_tstbit(i[0], k); return 0;
    case POPCOUNT: sc[0] = cy_int_popcount(i[0]); return 0;
    case HAMDIST: sc[0] = cy_int_hamdist(i[0], i[1]); return 0;
    case SCAN0: sc[0] = cy_int_scan0(i[0], k); return 0;
    case SCAN1: sc[0] = cy_int_scan1(i[0], k); return 0;
    case POWM_SEC: return cy_int_powm_sec(o[0], i[0], i[1], i[2]);
    case PROBAB_PRIME: return cy_int_probab_prime_p(i[0], A->reps);
    case PREVPRIME: return cy_int_prevprime(o[0], i[0]);
    case KRONECKER: case JACOBI: case LEGENDRE: {
        int s = (int)UNSET;
        r = (op == KRONECKER ? cy_int_kronecker : op == JACOBI ? cy_int_jacobi : cy_int_legendre)(&s, i[0], i[1]);
        sc[0] = s == (int)UNSET ? UNSET : (uint64_t)(int64_t)s;
        return r;
    }
    case FAC: return cy_int_fac_u64(o[0], k);
    case FAC2: return cy_int_2fac_u64(o[0], k);
    case MFAC: return cy_int_mfac_u64(o[0], k, k2);
    case PRIMORIAL: return cy_int_primorial_u64(o[0], k);
    case BIN_U64: return cy_int_bin_u64(o[0], k, k2);
    case FIB: return cy_int_fib_u64(o[0], k);
    case FIB2: return cy_int_fib2_u64(o[0], o[1], k);
    case LUCNUM: return cy_int_lucnum_u64(o[0], k);
    case LUCNUM2: return cy_int_lucnum2_u64(o[0], o[1], k);
    case ROOT: return cy_int_root(o[0], i[0], k);
    case PERFECT_SQUARE_P: return cy_int_perfect_square_p(i[0]);
    case PERFECT_POWER_P: return cy_int_perfect_power_p(i[0]);
    case URANDOMB: return cy_int_urandomb(o[0], &A->st, k);
    case URANDOMM: return cy_int_urandomm(o[0], &A->st, i[0]);
    case RRANDOMB: return cy_int_rrandomb(o[0], &A->st, k);
    }
    return 0;
}

/* The expected outputs w[], scalar results sc[] and error of op on inputs v[]; A: the word
 * arguments (k) and parameters; r0: the first output's value before the call (addmul and submul
 * add to it, setbit and its kin change it); sc[0]: remove's count. */
static int reference(int op, mpz_t *w, mpz_t *v, const fz_args *A, const mpz_t r0, uint64_t *sc)
{
    uint64_t k = A->k, *count = &sc[0];
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
        /* Not mpz_remove: GMP 6.2.1's counts 1 for f = 2^128 - 1 and a 23-limb negative a that f
         * does not divide (a = -1 mod f; seed remove-gmp-6.2.1-wrong): divisions until a remainder. */
        mpz_set(w[0], v[0]);
        *count = 0;
        {
            mpz_t q, rem;
            mpz_inits(q, rem, NULL);
            for (;;) {
                mpz_tdiv_qr(q, rem, w[0], v[1]);
                if (mpz_sgn(rem))
                    break;
                mpz_swap(w[0], q);
                ++*count;
            }
            mpz_clears(q, rem, NULL);
        }
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
    return reference2(op, w, v, A, r0, sc);
}

static int call(int op, cy_int **o, cy_int **i, fz_args *A, uint64_t *count, uint64_t *sc)
{
    uint64_t k = A->k;
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
    return call2(op, o, i, A, sc);
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

/* Round trip through the strings of a base (2..36), the allocated string, the NUL-terminated
 * form, and the streams: fprint and fscan (the character after the digits stays unread),
 * out_raw and inp_raw (GMP's bytes). */
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
    cy_int_set_u64(&r, 7);
    FZ_CHECK(!cy_int_set_str(&r, ref, base) && eq(&r, A), "set_str base %d", base);
    char *s = NULL;
    size_t slen = 0;
    FZ_CHECK(!cy_int_get_str_alloc(&s, &slen, base, a) && s && slen == len && !strcmp(s, ref),
             "get_str_alloc base %d", base);
    cy_free(s);

    char *mem = NULL;
    size_t mlen = 0;
    FILE *f = open_memstream(&mem, &mlen);
    FZ_CHECK(f && !cy_int_fprint(f, base, a) && !fclose(f) && mlen == len && !memcmp(mem, ref, len),
             "fprint base %d", base);
    free(mem);
    /* fscan of " <ref>;": the ';' stays */
    char *line = malloc(len + 3);
    line[0] = ' ';
    memcpy(line + 1, ref, len);
    memcpy(line + 1 + len, ";", 2);
    f = fmemopen(line, len + 2, "r");
    cy_int_set_u64(&r, 7);
    FZ_CHECK(f && !cy_int_fscan(&r, f, base) && eq(&r, A) && fgetc(f) == ';', "fscan base %d", base);
    fclose(f);
    free(line);

    char *raw = NULL, *want = NULL;
    size_t rawlen = 0, wantlen = 0;
    f = open_memstream(&raw, &rawlen);
    FZ_CHECK(f && !cy_int_out_raw(f, a) && !fclose(f), "out_raw");
    f = open_memstream(&want, &wantlen);
    FZ_CHECK(f && mpz_out_raw(f, A) && !fclose(f), "mpz_out_raw");
    FZ_CHECK(rawlen == wantlen && !memcmp(raw, want, rawlen), "out_raw: %zu bytes, GMP %zu", rawlen, wantlen);
    f = fmemopen(raw, rawlen, "r");
    cy_int_set_u64(&r, 7);
    FZ_CHECK(f && !cy_int_inp_raw(&r, f) && eq(&r, A), "inp_raw");
    fclose(f);
    free(raw);
    free(want);
    cy_int_clear(&r);
    free(buf);
    free(ref);
}

/* A word of one of four shapes (2 bits of sel): as read, one byte, 2^j +- s, or 2^64 - 1 - s. */
static uint64_t word(uint64_t k, unsigned sel)
{
    switch (sel & 3) {
    case 1: return k >> 56;
    case 2: {
        uint64_t p = (uint64_t)1 << (k % 64), s = (k >> 8) & 0xf;
        return (k >> 12) & 1 ? p - s : p + s;
    }
    case 3: return UINT64_MAX - (k & 0xff);
    }
    return k;
}

static int is_rand(int op)
{
    return op == URANDOMB || op == URANDOMM || op == RRANDOMB;
}

/* The documented properties of a random number r (GMP's streams differ): urandomb's r <
 * 2^bits, urandomm's 0 <= r < |n|, rrandomb's exactly `bits` bits in runs of at most
 * max(1, bits / 4) (the lowest run may be cut short). */
static int rand_ok(int op, const mpz_t r, const mpz_t n, uint64_t bits)
{
    if (mpz_sgn(r) < 0)
        return 0;
    if (op == URANDOMB)
        return !mpz_sgn(r) || mpz_sizeinbase(r, 2) <= bits;
    if (op == URANDOMM)
        return mpz_cmpabs(r, n) < 0;
    if (!bits)
        return !mpz_sgn(r);
    if (mpz_sizeinbase(r, 2) != bits)
        return 0;
    uint64_t max = bits / 4 ? bits / 4 : 1, run = 0;
    for (uint64_t i = bits; i-- > 0;) {
        run = (i + 1 < bits && mpz_tstbit(r, i) == mpz_tstbit(r, i + 1)) ? run + 1 : 1;
        if (run > max)
            return 0;
    }
    return 1;
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
    uint64_t k = fz_byte(&in), k2 = 0;
    uint8_t kshift = fz_byte(&in);
    if (op == ADDMUL_U64 || op == SUBMUL_U64) /* a word of any length */
        for (int j = 0; j < 7; j++)
            k = k << 8 | fz_byte(&in);
    if (op > NEXTPRIME && op < NOPS) /* the ops added later: two words (k is word, bit count, n...) */
        for (int j = 0; j < 15; j++)
            j < 7 ? (k = k << 8 | fz_byte(&in)) : (k2 = k2 << 8 | fz_byte(&in));
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
    mpz_ptr a0 = v[in_slot[0]], a1 = v[in_slot[1]], a2 = v[in_slot[2]];
    fz_args A;
    memset(&A, 0, sizeof A);
    if (op == POW) /* results up to about 2^16 bits */
        k = mpz_sizeinbase(a0, 2) ? k % (1 + 65536 / mpz_sizeinbase(a0, 2)) : k;
    else if (op == MUL2 || op == FDIV2 || op == TDIV2 || op == FDIVR2 || op == CDIVQ2 || op == CDIVR2)
        k = (op != MUL2 && op != FDIVR2 && op != CDIVR2 && (flags & 0x80)) ? UINT64_MAX - k
                                                                        : k << (kshift % 12);
    else if (op == ROOTREM || op == ROOT) /* degrees 0 (an error) to 31 */
        k %= 32;
    else if (op == BIN) /* n of up to 256 bits, k up to 255 */
        mpz_tdiv_r_2exp(a0, a0, 256);
    if (op == NEXTPRIME || op == PREVPRIME) /* up to 192 bits keep an execution short */
        mpz_tdiv_r_2exp(a0, a0, 192);
    if (op == DIVEXACT) /* a multiple of the divisor (the divisor's object may be the dividend's) */
        mpz_mul(a0, a0, v[in_slot[1]]);
    if (op == POWM || op == POWM_SEC) /* exponents up to 704 bits (11 limbs of 64: every width of the sliding window
                     * of src/mod/powm.c, 1 to 6 bits) for moduli up to 1024 bits, up to 256 bits
                     * (widths 1 to 5) for longer ones: the cost (bits of e times limbs of m
                     * squared) stays within that of a 40-limb modulus and a 256-bit exponent */
        mpz_tdiv_r_2exp(v[in_slot[1]], v[in_slot[1]], mpz_sizeinbase(v[in_slot[2]], 2) <= 1024 ? 704 : 256);
    switch (op) {
    case SET_U64: case SET_I64: case CMP_I64: case CMP_U64: case CMPABS_U64: case ADD_U64: case SUB_U64:
    case U64_SUB: case MUL_U64: case MUL_I64: case TDIVQR_U64: case FDIVQR_U64: case CDIVQR_U64: case MOD_U64:
    case DIVEXACT_U64: case GCD_U64: case LCM_U64: case DIVISIBLE_U64_P: case CONGRUENT_U64_P:
        k = word(k, kshift);
        k2 = word(k2, kshift >> 2);
        if (op == DIVEXACT_U64 || (op == DIVISIBLE_U64_P && (flags & 0x40))) { /* a multiple of k */
            mpz_t t;
            mpz_init(t);
            zu64(t, k);
            mpz_mul(a0, a0, t);
            mpz_clear(t);
        }
        if (op == CONGRUENT_U64_P && (flags & 0x40)) { /* a = k + q k2 */
            mpz_t t;
            mpz_init(t);
            zu64(t, k2);
            mpz_mul(a0, a0, t);
            zu64(t, k);
            mpz_add(a0, a0, t);
            mpz_clear(t);
        }
        break;
    case SET_D: /* any bit pattern, an infinity or a NaN (CY_EINVAL), or a word scaled by 2^-64..2^63 */
        if ((kshift & 0x30) == 0x30)
            A.d = k % 3 == 0 ? HUGE_VAL : k % 3 == 1 ? -HUGE_VAL : NAN;
        else if (kshift & 0x10)
            memcpy(&A.d, &k, sizeof A.d);
        else
            A.d = ldexp((double)(int64_t)word(k, kshift), (int)(k2 % 128) - 64);
        break;
    case TDIVR2: case DIVISIBLE_2EXP_P: case CONGRUENT_2EXP_P: case SETBIT: case CLRBIT: case COMBIT: case TSTBIT:
    case SCAN0: case SCAN1: /* bit counts and indexes as for the shifts, or near a's top bit or a limb's
                             * edge; setting a bit from 2^32 on: CY_ENOMEM */ {
        /* the operand whose bits are indexed: setbit's and its kin's is the output (oi[0] below) */
        mpz_ptr b = op == SETBIT || op == CLRBIT || op == COMBIT ? v[(pick[3] + 3) % NOBJ] : a0;
        if (flags & 0x80)
            k = UINT64_MAX - (k & 0xff);
        else if ((kshift & 0xc0) == 0x80) /* around a's top bit (where a negative a's ones begin) */
            k = mpz_sizeinbase(b, 2) + (k & 0xf) >= 8 ? mpz_sizeinbase(b, 2) + (k & 0xf) - 8 : 0;
        else if ((kshift & 0xc0) == 0xc0) { /* at a limb's edge (bits 0, 1, 62, 63 of limb j) */
            static const unsigned edge[4] = {0, 1, CY_LIMB_BITS - 2, CY_LIMB_BITS - 1};
            k = CY_LIMB_BITS * ((k >> 2) % (mpz_size(b) + 2)) + edge[k & 3];
        } else
            k = (k & 0xff) << (kshift % 12);
        if ((op == DIVISIBLE_2EXP_P || op == CONGRUENT_2EXP_P) && (flags & 0x40)) {
            /* a true case: k within a's bits, a's low k bits cleared (then plus c) */
            k = (k & 0xff) % (mpz_sizeinbase(a0, 2) + 1);
            mpz_tdiv_q_2exp(a0, a0, k);
            mpz_mul_2exp(a0, a0, k);
            if (op == CONGRUENT_2EXP_P)
                mpz_add(a0, a0, a1);
        }
        break;
    }
    case DIVISIBLE_P: case CONGRUENT_P:
        if (flags & 0x40) { /* a true case: a = q d (+ c) */
            mpz_ptr d = op == DIVISIBLE_P ? a1 : a2;
            mpz_mul(a0, a0, d);
            if (op == CONGRUENT_P)
                mpz_add(a0, a0, a1);
        }
        break;
    case POWM_SEC: /* mostly an odd modulus and e >= 0, the others give the documented errors */
        if (!(flags & 0x40)) {
            mpz_abs(a1, a1);
            if (mpz_even_p(a2))
                mpz_add_ui(a2, a2, 1);
        }
        break;
    case PROBAB_PRIME: /* up to 256 bits (the Miller-Rabin rounds cost a powm each), often a prime */
        mpz_tdiv_r_2exp(a0, a0, 256);
        if (flags & 0x40) {
            int neg = mpz_sgn(a0) < 0;
            mpz_abs(a0, a0);
            mpz_nextprime(a0, a0);
            if (neg)
                mpz_neg(a0, a0);
        }
        A.reps = kshift % 40;
        break;
    case KRONECKER: case JACOBI: case LEGENDRE: /* often an odd b > 0 */
        if (flags & 0x40) {
            mpz_abs(a1, a1);
            if (mpz_even_p(a1))
                mpz_add_ui(a1, a1, 1);
        }
        break;
    case FAC: case FAC2: case MFAC: case PRIMORIAL: case FIB: case FIB2: case LUCNUM: case LUCNUM2:
        /* n < 4096 (results up to about 43000 bits for 4095!, and cheap in GMP too), or a huge n
         * (>= 2^64 - 256), which no cy_int holds: CY_ENOMEM before any work. mfac: m < 256, or
         * for a huge n also 2^(64 - j) - 1 (j < 8: at most 256 factors). A huge n a quarter of the
         * time: n < 4096 is where a wrong value hides (one n in 4096 took minutes to reach) */
        if ((flags & 0xc0) == 0xc0) {
            k = UINT64_MAX - (k & 0xff);
            k2 = kshift & 1 ? 1 + (k2 & 0x7f) : UINT64_MAX >> (1 + k2 % 8);
        } else {
            k %= 4096;
            k2 &= 0xff;
        }
        break;
    case BIN_U64: { /* C(n, m): n any word and m < 256 or m > n - 256 (cost min(m, n - m)), or n < 4096 */
        uint64_t n = word(k2, kshift), m = k & 0xff;
        if (kshift % 12 / 4 == 1 && n >= m)
            m = n - m;
        else if (kshift % 12 / 4 == 2)
            n %= 4096, m = k % (n + 2);
        k = n;
        k2 = m;
        break;
    }
    case PERFECT_SQUARE_P: /* often a square (of up to 20 limbs), negated or not */
        if (flags & 0x40) {
            mpz_tdiv_r_2exp(a0, a0, 20 * 64);
            mpz_mul(a0, a0, a0);
            if (flags & 0x20)
                mpz_neg(a0, a0);
        }
        break;
    case PERFECT_POWER_P: /* up to 1024 bits (a root for every prime exponent up to the bit
                           * length); often a power b^e (b < 2^128, e 2..8, any sign) */
        mpz_tdiv_r_2exp(a0, a0, 1024);
        if (flags & 0x40) {
            mpz_tdiv_r_2exp(a0, a0, 128);
            mpz_pow_ui(a0, a0, 2 + k % 7);
        }
        break;
    case URANDOMB: case RRANDOMB: /* up to 4080 bits */
        k = (k & 0xff) << (kshift % 5);
        break;
    case IMPORT: case EXPORT: /* size 1..16, any nails, order, endian; an invalid one sometimes */
        A.size = 1 + (k & 0xf);
        A.order = (k >> 8) & 1 ? 1 : -1;
        A.endian = (int)((k >> 9) & 3) % 3 - 1;
        A.nails = (k >> 8) & 8 ? ((k >> 16) & 0xff) % (8 * A.size) : 0;
        A.count = (k >> 32) % 65;
        A.cap = (k >> 40) & 3; /* export: words more than needed, less one */
        break;
    }
    if (op == IMPORT || op == EXPORT) {
        A.src = (const unsigned char *)1; /* set below */
        A.dst = (unsigned char *)1;
        if ((k >> 8) & 0x80)
            switch (((k >> 24) & 0xff) % 5) {
            case 0: A.order = (k >> 24) & 1 ? 0 : 2; break;
            case 1: A.endian = (k >> 24) & 1 ? 2 : -2; break;
            case 2: A.size = 0; break;
            case 3: A.nails = 8 * A.size + ((k >> 27) & 3); break;
            case 4: A.src = NULL, A.dst = NULL; break;
            }
    }
    A.k = k;
    A.k2 = k2;
    cy_int x[NOBJ];
    for (int i = 0; i < NOBJ; i++) {
        cy_int_init(&x[i]);
        from_mpz(&x[i], v[i]);
    }
    cy_limb *src = NULL;
    if (op == IMPORT && A.src) {
        size_t n = (A.count * A.size + sizeof(cy_limb) - 1) / sizeof(cy_limb);
        src = fz_alloc(n);
        fz_limbs(&in, src, n);
        A.src = (const unsigned char *)src;
    }
    unsigned char *dst = NULL, *dst_want = NULL;
    size_t dbytes = 0;
    if (op == EXPORT) { /* a buffer of cap words: 0 to 2 more than needed, or 1 less */
        size_t need = A.size && A.nails < 8 * A.size ? cy_int_export_count(&x[in_slot[0]], A.size, A.nails) : 0;
        FZ_CHECK(need == ((A.size && A.nails < 8 * A.size && mpz_sgn(a0))
                              ? (mpz_sizeinbase(a0, 2) + 8 * A.size - A.nails - 1) / (8 * A.size - A.nails)
                              : 0),
                 "export_count %zu", need);
        A.cap = need + A.cap >= 1 ? need + A.cap - 1 : 0;
        dbytes = A.cap * A.size;
        dst = malloc(dbytes + 1);
        dst_want = malloc(dbytes + 1);
        if (!dst || !dst_want)
            abort();
        memset(dst, 0xa5, dbytes + 1);
        memset(dst_want, 0xa5, dbytes + 1);
        if (A.dst)
            A.dst = dst;
    }
    if (is_rand(op)) {
        if (flags & 0x40)
            cy_rand_seed(&A.st, &x[in_slot[1]]);
        else
            cy_rand_init(&A.st, k2);
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
        if ((op == TDIVQR || op == FDIVQR || op == CDIVQR || op == TDIVQR_U64 || op == FDIVQR_U64 ||
             op == CDIVQR_U64) && drop % 3)
            o[drop % 3 - 1] = NULL;
        if ((op == SQRTREM || op == ROOTREM || op == LUCNUM2) && drop & 1)
            o[1] = NULL;
        if (op == GCDEXT && drop % 3)
            o[drop % 3] = NULL;
        uint64_t sc[2] = {UNSET, UNSET}, got[2] = {UNSET, UNSET};
        int want = reference(op, w, in_v, &A, oi[0] >= 0 ? v[oi[0]] : v[0], sc);
        /* the two outputs of a pair the same object: CY_EINVAL (a zero divisor is found first) */
        int same = (drop & 0x80) && ops[op].nout >= 2 && o[0] && o[1];
        if (same) {
            o[1] = o[0];
            if (want != CY_EDIVZERO)
                want = CY_EINVAL;
        }
        if (op == EXPORT && A.dst && mpz_sgn(a0) && want == 0)
            mpz_export(dst_want, NULL, A.order, A.size, A.endian, A.nails, a0);
        cy_randstate st0 = A.st;
        t_arm(fail);
        int err = call(op, o, i, &A, (op == REMOVE && (drop & 4)) ? NULL : &got[0], got);
        t_arm(-1);
        int nomem = fail >= 0 && err == CY_ENOMEM;
        FZ_CHECK(err == want || nomem, "%s: error %d, want %d (allocation %ld failing)", ops[op].name, err, want, fail);
        for (int j = 0; j < NOBJ; j++) { /* every object that is not a written output keeps its value */
            int out = 0;
            for (int m = 0; m < ops[op].nout; m++)
                out |= o[m] == &x[j];
            FZ_CHECK((out && !err) || eq(&x[j], v[j]), "%s: object %d changed (error %d)", ops[op].name, j, err);
        }
        /* scalar results: the reference's; a target behind a pointer unchanged on error */
        for (int m = 0; m < ops[op].nsc; m++) {
            if (op == SIZEINBASE) { /* exact for powers of two, else at most one too large */
                int base = (int)(k % 40), pow2 = !(base & (base - 1));
                FZ_CHECK(got[0] == sc[0] || (!pow2 && got[0] == sc[0] + 1), "sizeinbase %d: %llu, exact %llu",
                         base, (unsigned long long)got[0], (unsigned long long)sc[0]);
            } else if (err) {
                FZ_CHECK(got[m] == UNSET, "%s: scalar output %d written on error %d", ops[op].name, m, err);
            } else if (!(op == REMOVE && (drop & 4)) && !(op == EXPORT && (k2 & 1))) {
                FZ_CHECK(got[m] == sc[m], "%s: scalar %d is %llu (0x%llx), want %llu (0x%llx)", ops[op].name, m,
                         (unsigned long long)got[m], (unsigned long long)got[m], (unsigned long long)sc[m],
                         (unsigned long long)sc[m]);
            }
        }
        if (op == EXPORT) { /* the words GMP writes; nothing past them, nothing on error */
            if (err)
                memset(dst_want, 0xa5, dbytes + 1);
            FZ_CHECK(!memcmp(dst, dst_want, dbytes + 1), "export: words differ (error %d)", err);
        }
        if (!err && is_rand(op)) {
            mpz_t r;
            mpz_init(r);
            to_mpz(r, o[0]);
            FZ_CHECK(valid(o[0]) && rand_ok(op, r, in_v[0], k), "%s: a value outside the documented range",
                     ops[op].name);
            /* the same state gives the same number and the same next state */
            cy_int y, n;
            cy_int_init(&y);
            cy_int_init(&n);
            from_mpz(&n, in_v[0]);
            A.k = k;
            cy_randstate st1 = A.st;
            A.st = st0;
            cy_int *yo[1] = {&y}, *ni[1] = {&n};
            FZ_CHECK(!call(op, yo, ni, &A, NULL, got) && eq(&y, r) && !memcmp(&A.st, &st1, sizeof st1),
                     "%s: not reproducible from the same state", ops[op].name);
            cy_int_clear(&y);
            cy_int_clear(&n);
            mpz_clear(r);
        }
        if (!err) {
            for (int m = 0; m < ops[op].nout; m++) {
                if (!o[m] || (op == GCDEXT && m > 0) || is_rand(op))
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
    free(src);
    free(dst);
    free(dst_want);
    for (int i = 0; i < NOBJ; i++) {
        cy_int_clear(&x[i]);
        mpz_clear(v[i]);
    }
    for (int i = 0; i < 3; i++)
        mpz_clears(w[i], in_v[i], NULL);
    FZ_CHECK(t_live == 0, "%ld blocks leaked", t_live);
    return 0;
}
