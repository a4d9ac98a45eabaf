/* cy_mpn_com and cy_mpn_neg on every back end, against a one-limb-at-a-time reference: every n from
 * 0 to 80 and some long n (across the 4-, 8-, 16- and 32-limb blocks of the vector kernels), zero,
 * all-ones, and for every k the inputs whose low k limbs are zero (the carry of neg ripples through
 * exactly those), limb k a non-zero edge value and the rest of each shape; out of place with guard
 * limbs, and in place (r == a). SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "../common/test.h"

static const size_t long_n[] = {96, 127, 128, 129, 255, 1000, 1001, 1003, 4099, 10007};

/* The reference: r = NOT a + 1 with the carry rippling (neg), or NOT a (com). */
static cy_limb ref(int neg, cy_limb *r, const cy_limb *a, size_t n)
{
    cy_limb c = (cy_limb)neg;
    for (size_t i = 0; i < n; i++) {
        r[i] = ~a[i] + c;
        c = c && a[i] == 0;
    }
    return neg ? c ^ 1 : 0;
}

static cy_limb call(int neg, cy_limb *r, const cy_limb *a, size_t n)
{
    if (neg)
        return cy_mpn_neg(r, a, n);
    cy_mpn_com(r, a, n);
    return 0;
}

/* a: an input of n limbs (guarded). Checks both ops, out of place and in place. */
static void check(const cy_limb *a, size_t n, cy_cpu cpu, const char *what, size_t k)
{
    cy_limb *want = t_alloc(n), *r = t_alloc(n), *ra = t_alloc(n);
    for (int neg = 0; neg < 2; neg++) {
        cy_limb want_ret = ref(neg, want, a, n);
        t_fill(r, n, T_UNIFORM);
        cy_limb ret = call(neg, r, a, n);
        int ok = memcmp(r, want, n * sizeof *r) == 0 && ret == want_ret;
        T_CHECK(ok && t_guards_ok(r, n),
                "%s backend=%s n=%zu %s k=%zu r!=a: %s (ret %llu want %llu)",
                neg ? "neg" : "com", cy_cpu_name(cpu), n, what, k,
                ok ? "guard limb changed" : "wrong result", (unsigned long long)ret,
                (unsigned long long)want_ret);
        if (!ok && n <= 8) {
            t_dump("got ", r, n);
            t_dump("want", want, n);
        }
        memcpy(ra, a, n * sizeof *a);
        ret = call(neg, ra, ra, n);
        ok = memcmp(ra, want, n * sizeof *ra) == 0 && ret == want_ret;
        T_CHECK(ok && t_guards_ok(ra, n),
                "%s backend=%s n=%zu %s k=%zu r=a: %s (ret %llu want %llu)",
                neg ? "neg" : "com", cy_cpu_name(cpu), n, what, k,
                ok ? "guard limb changed" : "wrong result", (unsigned long long)ret,
                (unsigned long long)want_ret);
    }
    t_free(want);
    t_free(r);
    t_free(ra);
}

static cy_limb nonzero_edge(void)
{
    cy_limb x;
    do
        x = t_edge_limb();
    while (x == 0);
    return x;
}

static void run_n(size_t n, cy_cpu cpu, int every_k)
{
    cy_limb *a = t_alloc(n);
    t_fill(a, n, T_ZERO);
    check(a, n, cpu, "zero", n);
    t_fill(a, n, T_ONES);
    check(a, n, cpu, "ones", 0);
    for (size_t rep = 0; rep < t_reps(2); rep++) {
        t_fill(a, n, T_ANY);
        check(a, n, cpu, "any", 0);
    }
    static const t_shape rest[] = {T_UNIFORM, T_ZERO, T_ONES, T_EDGES};
    for (size_t k = 0; k < n; k++) {
        if (!every_k && k > 80 && k + 40 < n && k % 97 != 0)
            continue;
        t_shape s = rest[k % 4];
        memset(a, 0, k * sizeof *a);
        a[k] = nonzero_edge();
        t_fill(a + k + 1, n - k - 1, s);
        check(a, n, cpu, "low-zero", k);
    }
    t_free(a);
}

int main(void)
{
    t_init("test_comneg");
    for (int c = 0; c < t_ncpus; c++) {
        cy_cpu cpu = t_cpus[c];
        T_CHECK(t_cpu_set(cpu) == 0 && cy_cpu_get() == cpu, "cy_cpu_set(%s)", cy_cpu_name(cpu));
        for (size_t n = 0; n <= 80; n++)
            run_n(n, cpu, 1);
        for (size_t i = 0; i < sizeof long_n / sizeof long_n[0]; i++)
            run_n(long_n[i], cpu, long_n[i] <= 255);
    }
    return t_done();
}
