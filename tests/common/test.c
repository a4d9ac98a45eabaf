/* Shared test harness, see test.h. SPDX-License-Identifier: MIT */
#include "test.h"
#include "core/cpu.h" /* cy__cpu_current: t_cpu_set's selection of a forced back end */

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif
#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) && !defined(CARRY_TEST_NO_ASM)
#include <sys/auxv.h>
#endif

static uint64_t s[4];
static uint64_t seed;
static double reps_scale = 1.0;
static const char *name;
static unsigned long long passed, failed;
cy_cpu t_cpus[CY_CPU_COUNT];
int t_ncpus;
static int forced[CY_CPU_COUNT]; /* named in CARRY_TEST_FORCE_CPUS */

static uint64_t splitmix(uint64_t *x)
{
    uint64_t z = (*x += 0x9e3779b97f4a7c15u);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9u;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebu;
    return z ^ (z >> 31);
}

void t_init(const char *test_name)
{
    name = test_name;
    const char *e = getenv("CARRY_TEST_SEED");
    seed = e ? strtoull(e, NULL, 0) : (uint64_t)time(NULL) ^ ((uint64_t)clock() << 32);
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        s[i] = splitmix(&x);
    const char *r = getenv("CARRY_TEST_REPS");
    if (r && atof(r) > 0)
        reps_scale = atof(r);
    printf("%s: CARRY_TEST_SEED=%llu CARRY_TEST_REPS=%g limb=%d bits\n", name,
           (unsigned long long)seed, reps_scale, CY_LIMB_BITS);
#if !defined(CARRY_TEST_NO_ASM)
    const char *f = getenv("CARRY_TEST_FORCE_CPUS");
    for (int i = 0; f && i < CY_CPU_COUNT; i++) {
        const char *at = strstr(f, cy_cpu_name((cy_cpu)i));
        size_t len = strlen(cy_cpu_name((cy_cpu)i));
        /* a whole name of the comma-separated list ("x86_64" is not in "x86_64x") */
        forced[i] = at && (at == f || at[-1] == ',') && (at[len] == ',' || at[len] == '\0');
    }
#endif
    for (int i = 0; i < CY_CPU_COUNT; i++)
        if (cy_cpu_available((cy_cpu)i) || forced[i])
            t_cpus[t_ncpus++] = (cy_cpu)i;
    for (int i = 0; i < CY_CPU_COUNT; i++)
        if (forced[i] && !cy_cpu_available((cy_cpu)i))
            printf("%s: back end %s forced (CARRY_TEST_FORCE_CPUS)\n", name, cy_cpu_name((cy_cpu)i));
#if defined(__x86_64__) && !defined(CARRY_TEST_NO_ASM)
    /* An assembly build must offer the baseline back end everywhere; the adx one where the CPU
     * has BMI2, ADX and AVX2 (__builtin_cpu_supports reads CPUID independently of carry; ADX from
     * CPUID leaf 7 EBX bit 19 directly, as clang 14 has no "adx" there). Valgrind 3.19 hides ADX,
     * so under memcheck the adx back end is rightly absent; the ifma one where the CPU also has
     * AVX-512 F, VL and IFMA with the OS saving ZMM state (libgcc checks XCR0 for these). */
    __builtin_cpu_init();
    T_CHECK(cy_cpu_available(CY_CPU_X86_64), "x86_64 back end missing from an assembly build");
    if (t_cpu_has_bmi2_adx() && __builtin_cpu_supports("avx2"))
        T_CHECK(cy_cpu_available(CY_CPU_ADX), "adx back end missing on a CPU that has BMI2/ADX/AVX2");
    if (cy_cpu_available(CY_CPU_ADX) && __builtin_cpu_supports("avx512f") &&
        __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512ifma"))
        T_CHECK(cy_cpu_available(CY_CPU_IFMA), "ifma back end missing on a CPU with AVX-512 IFMA");
#endif
#if defined(__aarch64__) && !defined(CARRY_TEST_NO_ASM)
    /* An AArch64 assembly build must offer its back end (every AArch64 CPU runs it). */
    T_CHECK(cy_cpu_available(CY_CPU_AARCH64), "aarch64 back end missing from an assembly build");
#endif
#if defined(__powerpc64__) && defined(__LITTLE_ENDIAN__) && !defined(CARRY_TEST_NO_ASM)
    /* A ppc64le assembly build must offer the power8 back end (every ppc64le CPU runs it), and
     * the power9 one exactly when the kernel reports Power ISA 3.0 in AT_HWCAP2 (bit 0x00800000,
     * PPC_FEATURE2_ARCH_3_00; under qemu-user, QEMU_CPU=power8 clears it and power9 sets it). */
    T_CHECK(cy_cpu_available(CY_CPU_POWER8), "power8 back end missing from an assembly build");
    T_CHECK(cy_cpu_available(CY_CPU_POWER9) == !!(getauxval(AT_HWCAP2) & 0x00800000u),
            "power9 back end %s on a CPU %s Power ISA 3.0",
            cy_cpu_available(CY_CPU_POWER9) ? "offered" : "missing",
            cy_cpu_available(CY_CPU_POWER9) ? "without" : "with");
#endif
    /* Which back ends the loops over t_cpus run, so that a log shows it (a cross check under
     * qemu-user runs twice, with and without the newer CPU's back end). */
    printf("%s: back ends", name);
    for (int i = 0; i < t_ncpus; i++)
        printf(" %s", cy_cpu_name(t_cpus[i]));
    printf("\n");
}

int t_cpu_set(cy_cpu cpu)
{
    if (cy_cpu_set(cpu) == 0)
        return 0;
    if ((unsigned)cpu >= CY_CPU_COUNT || !forced[cpu])
        return -1;
    atomic_store_explicit(&cy__cpu_current, (int)cpu, memory_order_relaxed);
    return 0;
}

int t_cpu_has_bmi2_adx(void)
{
#if defined(__x86_64__) || defined(__i386__)
    unsigned eax, ebx, ecx, edx;
    return __get_cpuid_count(7, 0, &eax, &ebx, &ecx, &edx) && (ebx & bit_BMI2) && (ebx & bit_ADX);
#else
    return 0;
#endif
}

int t_done(void)
{
    printf("%s: %llu passed, %llu failed\n", name, passed, failed);
    return failed ? 1 : 0;
}

uint64_t t_rand64(void)
{
    /* xoshiro256** */
    uint64_t r = s[1] * 5;
    r = ((r << 7) | (r >> 57)) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = (s[3] << 45) | (s[3] >> 19);
    return r;
}

cy_limb t_rand_limb(void)
{
    return (cy_limb)t_rand64();
}

size_t t_below(size_t n)
{
    return (size_t)(t_rand64() % n);
}

size_t t_reps(size_t base)
{
    double r = (double)base * reps_scale;
    return r < 1 ? 1 : (size_t)r;
}

cy_limb t_edge_limb(void)
{
    unsigned k = (unsigned)t_below(CY_LIMB_BITS);
    switch (t_below(9)) {
    case 0: return 0;
    case 1: return 1;
    case 2: return 2;
    case 3: return (cy_limb)1 << (CY_LIMB_BITS - 1);
    case 4: return CY_LIMB_MAX - 1;
    case 5: return CY_LIMB_MAX;
    case 6: return (cy_limb)1 << k;
    case 7: return ((cy_limb)1 << k) - 1;
    default: return t_rand_limb();
    }
}

/* Runs of equal bits with random lengths (1 .. 2 * limb bits), alternating 0 and 1 from a random
 * start: long carry and borrow chains, as in GMP's mpn_random2 test operands. */
static void fill_runs(cy_limb *p, size_t n)
{
    size_t bits = n * CY_LIMB_BITS, pos = 0;
    int bit = (int)(t_rand64() & 1);
    memset(p, 0, n * sizeof *p);
    while (pos < bits) {
        size_t len = 1 + t_below(2 * CY_LIMB_BITS);
        if (bit)
            for (size_t i = pos; i < pos + len && i < bits; i++)
                p[i / CY_LIMB_BITS] |= (cy_limb)1 << (i % CY_LIMB_BITS);
        pos += len;
        bit ^= 1;
    }
}

void t_fill(cy_limb *p, size_t n, t_shape shape)
{
    if (shape == T_ANY) { /* uniform and runs most often: they find the most bugs per case */
        size_t k = t_below(8);
        shape = k < 3 ? T_UNIFORM : k < 6 ? T_RUNS : (t_shape)t_below(T_ANY);
    }
    for (size_t i = 0; i < n; i++) {
        switch (shape) {
        case T_UNIFORM: p[i] = t_rand_limb(); break;
        case T_ONES: p[i] = CY_LIMB_MAX; break;
        case T_ZERO: p[i] = 0; break;
        default: p[i] = t_edge_limb(); break;
        }
    }
    if (shape == T_RUNS)
        fill_runs(p, n);
}

#define GUARD_PATTERN ((cy_limb)0xa5c3f00d7b1e9a61u)

cy_limb *t_alloc(size_t n)
{
    cy_limb *b = malloc((n + 2 * T_GUARD) * sizeof *b);
    if (!b) {
        fprintf(stderr, "%s: out of memory\n", name);
        exit(2);
    }
    for (size_t i = 0; i < n + 2 * T_GUARD; i++)
        b[i] = GUARD_PATTERN ^ (cy_limb)i;
    return b + T_GUARD;
}

int t_guards_ok(const cy_limb *p, size_t n)
{
    const cy_limb *b = p - T_GUARD;
    for (size_t i = 0; i < T_GUARD; i++)
        if (b[i] != (GUARD_PATTERN ^ (cy_limb)i) ||
            b[T_GUARD + n + i] != (GUARD_PATTERN ^ (cy_limb)(T_GUARD + n + i)))
            return 0;
    return 1;
}

void t_free(cy_limb *p)
{
    if (p)
        free(p - T_GUARD);
}

void t_to_mpz(mpz_t z, const cy_limb *p, size_t n)
{
    mpz_import(z, n, -1, sizeof *p, 0, 0, p);
}

void t_from_mpz(cy_limb *p, size_t n, const mpz_t z)
{
    /* Take z mod B^n, then export its limbs and zero the rest. */
    mpz_t t;
    mpz_init(t);
    mpz_fdiv_r_2exp(t, z, (mp_bitcnt_t)n * CY_LIMB_BITS);
    size_t count = 0;
    if (n > 0) {
        memset(p, 0, n * sizeof *p);
        mpz_export(p, &count, -1, sizeof *p, 0, 0, t);
    }
    mpz_clear(t);
}

void t_pass(void)
{
    passed++;
}

void t_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    failed++;
    fprintf(stderr, "%s: FAIL %s:%d (CARRY_TEST_SEED=%llu): ", name, file, line, (unsigned long long)seed);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n");
    if (failed >= 20) {
        fprintf(stderr, "%s: too many failures, stopping\n", name);
        exit(t_done());
    }
}

void t_dump(const char *label, const cy_limb *p, size_t n)
{
    fprintf(stderr, "  %s (%zu limbs):", label, n);
    for (size_t i = n; i-- > 0;)
        fprintf(stderr, " %0*llx", CY_LIMB_BITS / 4, (unsigned long long)p[i]);
    fprintf(stderr, "\n");
}
