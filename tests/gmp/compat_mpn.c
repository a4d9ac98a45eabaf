/* A program written for GMP's mpn functions, built twice: against the system GMP and against
 * carry-gmp; compat_diff.py runs both and requires the same output, line for line. It calls every
 * mpn function carry-gmp provides, at every length from 1 to 40 and at lengths that cross carry's
 * multiplication, division and radix conversion thresholds, on random and adversarial operands
 * (all-ones and zero limbs, long runs of ones and zeros, a single high bit, 2^k and 2^k - 1), in
 * every overlap GMP documents, and prints the results and return values. Output areas have guard
 * limbs on both sides and are filled with a pattern first, so that a limb written outside the
 * area, or one of the area left unwritten, shows.
 *
 * The output does not depend on the limb width: the limbs32 configuration builds carry-gmp with
 * 32-bit limbs and compares it with a GMP of 64-bit limbs. Operands are made of 64-bit units
 * (two limbs there), results are printed as numbers (hex, without leading zeros), and limb counts
 * and limb-shaped return values (mpn_mul's top limb, rshift's bits, gcd's length) are printed as
 * what they mean. Single-limb operands and shift counts have COMPAT_WORD_BITS bits (32 in that
 * configuration, for both programs; else 64). SPDX-License-Identifier: MIT */
#include <gmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef COMPAT_WORD_BITS
#define COMPAT_WORD_BITS 64
#endif
#define W COMPAT_WORD_BITS
#if (GMP_LIMB_BITS != 32 && GMP_LIMB_BITS != 64) || W > GMP_LIMB_BITS
#error "needs 32- or 64-bit limbs, at least COMPAT_WORD_BITS wide"
#endif
#define LPU (64 / GMP_LIMB_BITS) /* limbs per 64-bit unit */
#define WMASK (W == 64 ? ~0ull : 0xffffffffull)

static unsigned long long seed = 0x9e3779b97f4a7c15ull;
static uint64_t next(void)
{
    seed ^= seed << 13; /* Marsaglia's xorshift64 */
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return seed;
}

/* ---- limb areas with guards ---- */

#define GUARD 2
#define PAT ((mp_limb_t)0xa5a5a5a5a5a5a5a5ull)

/* limbs limbs (at least one) between GUARD guard limbs each side, all filled with PAT */
static mp_limb_t *area(size_t limbs)
{
    size_t k = limbs + 2 * GUARD + 1;
    mp_limb_t *p = malloc(k * sizeof *p);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
    for (size_t i = 0; i < k; i++)
        p[i] = PAT;
    return p + GUARD;
}
static void release(mp_limb_t *p) { free(p - GUARD); }
static void refill(mp_limb_t *p, size_t limbs)
{
    for (size_t i = 0; i < limbs; i++)
        p[i] = PAT;
}
static int guards(const mp_limb_t *p, size_t limbs)
{
    for (int i = 1; i <= GUARD; i++)
        if (p[-i] != PAT || p[limbs + (size_t)i - 1] != PAT)
            return 0;
    return 1;
}

/* {p, units * LPU} = the units */
static void set(mp_limb_t *p, const uint64_t *u, size_t units)
{
    for (size_t i = 0; i < units; i++)
        for (int j = 0; j < LPU; j++)
            p[i * LPU + (size_t)j] = (mp_limb_t)(u[i] >> (j * GMP_LIMB_BITS % 64));
}

static size_t nprinted;
static uint64_t unitsbuf[1 << 16];

/* prints " tag value": the value of {p, limbs} in hex (no leading zeros); a long one as its
 * length in units, a hash (FNV-1a over the units) and its top and bottom units */
static void pv(const char *tag, const mp_limb_t *p, size_t limbs)
{
    size_t units = (limbs + LPU - 1) / LPU, u = units;
    uint64_t *x = unitsbuf;
    if (units > sizeof unitsbuf / sizeof unitsbuf[0]) {
        fprintf(stderr, "value too long\n");
        exit(2);
    }
    for (size_t i = 0; i < units; i++) {
        x[i] = 0;
        for (int j = 0; j < LPU && i * LPU + (size_t)j < limbs; j++)
            x[i] |= (uint64_t)p[i * LPU + (size_t)j] << (j * GMP_LIMB_BITS % 64);
    }
    while (u > 0 && x[u - 1] == 0)
        u--;
    printf(" %s ", tag);
    if (u == 0) {
        printf("0");
    } else if (u <= 40) {
        printf("%llx", (unsigned long long)x[u - 1]);
        for (size_t i = u - 1; i-- > 0;)
            printf("%016llx", (unsigned long long)x[i]);
    } else {
        uint64_t h = 14695981039346656037ull;
        for (size_t i = 0; i < u; i++)
            for (int b = 0; b < 64; b += 8)
                h = (h ^ ((x[i] >> b) & 0xff)) * 1099511628211ull;
        printf("[%zu units, hash %016llx, top %llx, low %016llx]", u, (unsigned long long)h,
               (unsigned long long)x[u - 1], (unsigned long long)x[0]);
    }
    nprinted++;
}
static void pw(const char *tag, unsigned long long v) { printf(" %s %llx", tag, v); }
static void line(const char *what) { printf("\n%s", what); }

/* ---- operands ---- */

/* n units of an edge shape or random */
static void gen(uint64_t *u, size_t n)
{
    size_t bits = 64 * n, k = (size_t)(next() % bits);
    switch (next() % 10) {
    case 0: memset(u, 0xff, n * 8); break;
    case 1: memset(u, 0, n * 8); break;
    case 2: /* runs of ones and zeros */
        memset(u, 0, n * 8);
        for (size_t pos = 0, one = next() & 1; pos < bits; one ^= 1) {
            size_t len = 1 + (size_t)(next() % 150);
            for (size_t i = pos; one && i < pos + len && i < bits; i++)
                u[i / 64] |= 1ull << (i % 64);
            pos += len;
        }
        break;
    case 3: memset(u, 0, n * 8); u[n - 1] = 1ull << 63; break; /* a single high bit */
    case 4: /* zero units among random ones */
        for (size_t i = 0; i < n; i++)
            u[i] = next() % 3 ? 0 : next();
        break;
    case 5: /* 2^k - 1 */
        memset(u, 0, n * 8);
        for (size_t i = 0; i < k; i++)
            u[i / 64] |= 1ull << (i % 64);
        break;
    case 6: memset(u, 0, n * 8); u[k / 64] = 1ull << (k % 64); break; /* 2^k */
    case 7: /* random, small top unit */
        for (size_t i = 0; i < n; i++)
            u[i] = next();
        u[n - 1] %= 1000;
        break;
    default:
        for (size_t i = 0; i < n; i++)
            u[i] = next();
    }
}

/* the top limb of n units non-zero in either limb width */
static void top(uint64_t *u, size_t n)
{
    if ((u[n - 1] >> (64 - W)) == 0)
        u[n - 1] |= 1ull << (64 - W + next() % W);
}

/* a single-limb operand of W bits */
static mp_limb_t word(void)
{
    uint64_t x;
    switch (next() % 8) {
    case 0: x = next() % 4; break;
    case 1: x = ~0ull; break;
    case 2: x = 1ull << (W - 1); break;
    case 3: x = 1ull << (next() % W); break;
    case 4: x = next() >> (next() % 64); break;
    default: x = next(); break;
    }
    return (mp_limb_t)(x & WMASK);
}
static mp_limb_t nzword(void)
{
    mp_limb_t x = word();
    return x ? x : (mp_limb_t)(next() & WMASK) | 1;
}

/* an area of n units holding an operand (shape: gen; top != 0: top limb non-zero) */
static mp_limb_t *operand(uint64_t *u, size_t n, int nonzero_top)
{
    gen(u, n);
    if (nonzero_top)
        top(u, n);
    mp_limb_t *p = area(n * LPU);
    set(p, u, n);
    return p;
}

static int is_zero(const mp_limb_t *a, size_t limbs)
{
    mp_limb_t t = 0;
    for (size_t i = 0; i < limbs; i++)
        t |= a[i];
    return t == 0;
}

static mp_limb_t *copy_of(const mp_limb_t *a, size_t limbs, size_t room)
{
    mp_limb_t *p = area(room);
    mpn_copyi(p, a, (mp_size_t)limbs); /* a loop here draws a bogus -Wstringop-overflow from gcc 12 */
    return p;
}

/* ---- the functions, on operands of n units ---- */

static uint64_t U1[1 << 15], U2[1 << 15], U3[1 << 15];

static void linear(size_t n)
{
    size_t L = n * LPU, bn = 1 + (size_t)(next() % n), BL = bn * LPU;
    mp_limb_t *a = operand(U1, n, 0), *b = operand(U2, n, 0), *r = area(L), w = word(), c;
    pv("a", a, L), pv("b", b, L), pw("w", w);

    line("add_n"); c = mpn_add_n(r, a, b, (mp_size_t)L); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("sub_n"); c = mpn_sub_n(r, a, b, (mp_size_t)L); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("add_n r=a"); memcpy(r, a, L * sizeof *r); c = mpn_add_n(r, r, b, (mp_size_t)L); pv("r", r, L), pw("c", c);
    line("add_n r=b"); memcpy(r, b, L * sizeof *r); c = mpn_add_n(r, a, r, (mp_size_t)L); pv("r", r, L), pw("c", c);
    line("add_n r=a=b"); memcpy(r, a, L * sizeof *r); c = mpn_add_n(r, r, r, (mp_size_t)L); pv("r", r, L), pw("c", c);
    line("sub_n r=a"); memcpy(r, a, L * sizeof *r); c = mpn_sub_n(r, r, b, (mp_size_t)L); pv("r", r, L), pw("c", c);
    line("sub_n r=b"); memcpy(r, b, L * sizeof *r); c = mpn_sub_n(r, a, r, (mp_size_t)L); pv("r", r, L), pw("c", c);
    line("sub_n a=b"); c = mpn_sub_n(r, a, a, (mp_size_t)L); pv("r", r, L), pw("c", c);
    line("add_1"); c = mpn_add_1(r, a, (mp_size_t)L, w); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("sub_1"); c = mpn_sub_1(r, a, (mp_size_t)L, w); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("add_1 r=a"); memcpy(r, a, L * sizeof *r); c = mpn_add_1(r, r, (mp_size_t)L, w); pv("r", r, L), pw("c", c);
    line("sub_1 r=a"); memcpy(r, a, L * sizeof *r); c = mpn_sub_1(r, r, (mp_size_t)L, w); pv("r", r, L), pw("c", c);
    line("add"); c = mpn_add(r, a, (mp_size_t)L, b, (mp_size_t)BL); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("sub"); c = mpn_sub(r, a, (mp_size_t)L, b, (mp_size_t)BL); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("add r=a"); memcpy(r, a, L * sizeof *r); c = mpn_add(r, r, (mp_size_t)L, b, (mp_size_t)BL); pv("r", r, L), pw("c", c);
    line("sub r=a"); memcpy(r, a, L * sizeof *r); c = mpn_sub(r, r, (mp_size_t)L, b, (mp_size_t)BL); pv("r", r, L), pw("c", c);
    line("add r=b"); memcpy(r, b, BL * sizeof *r); c = mpn_add(r, a, (mp_size_t)L, r, (mp_size_t)BL); pv("r", r, L), pw("c", c);
    line("sub r=b"); memcpy(r, b, BL * sizeof *r); c = mpn_sub(r, a, (mp_size_t)L, r, (mp_size_t)BL); pv("r", r, L), pw("c", c);
    line("neg"); c = mpn_neg(r, a, (mp_size_t)L); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("neg r=a"); memcpy(r, a, L * sizeof *r); c = mpn_neg(r, r, (mp_size_t)L); pv("r", r, L), pw("c", c);

    /* products by a limb; mul_1 also into an area below its source, overlapping it */
    line("mul_1"); c = mpn_mul_1(r, a, (mp_size_t)L, w); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("mul_1 r=a"); memcpy(r, a, L * sizeof *r); c = mpn_mul_1(r, r, (mp_size_t)L, w); pv("r", r, L), pw("c", c);
    {
        mp_limb_t *t = area(L + LPU);
        memcpy(t + LPU, a, L * sizeof *t);
        line("mul_1 r<a"); c = mpn_mul_1(t, t + LPU, (mp_size_t)L, w); pv("r", t, L), pw("c", c);
        release(t);
    }
    line("addmul_1"); memcpy(r, b, L * sizeof *r); c = mpn_addmul_1(r, a, (mp_size_t)L, w); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("submul_1"); memcpy(r, b, L * sizeof *r); c = mpn_submul_1(r, a, (mp_size_t)L, w); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    line("addmul_1 r=a"); memcpy(r, a, L * sizeof *r); c = mpn_addmul_1(r, r, (mp_size_t)L, w); pv("r", r, L), pw("c", c);
    line("submul_1 r=a"); memcpy(r, a, L * sizeof *r); c = mpn_submul_1(r, r, (mp_size_t)L, w); pv("r", r, L), pw("c", c);

    /* shifts: in place and shifted by whole units (lshift up, rshift down) */
    unsigned cnt = 1 + (unsigned)(next() % (W - 1));
    line("lshift"); c = mpn_lshift(r, a, (mp_size_t)L, cnt); pv("r", r, L), pw("c", c), pw("cnt", cnt), pw("g", guards(r, L));
    line("rshift"); c = mpn_rshift(r, a, (mp_size_t)L, cnt); pv("r", r, L), pw("c", c >> (GMP_LIMB_BITS - cnt)), pw("g", guards(r, L));
    line("lshift r=a"); memcpy(r, a, L * sizeof *r); c = mpn_lshift(r, r, (mp_size_t)L, cnt); pv("r", r, L), pw("c", c);
    line("rshift r=a"); memcpy(r, a, L * sizeof *r); c = mpn_rshift(r, r, (mp_size_t)L, cnt); pv("r", r, L), pw("c", c >> (GMP_LIMB_BITS - cnt));
    {
        mp_limb_t *t = area(L + LPU);
        memcpy(t, a, L * sizeof *t);
        line("lshift r>a"); c = mpn_lshift(t + LPU, t, (mp_size_t)L, cnt); pv("r", t + LPU, L), pw("c", c);
        memcpy(t + LPU, a, L * sizeof *t);
        line("rshift r<a"); c = mpn_rshift(t, t + LPU, (mp_size_t)L, cnt); pv("r", t, L), pw("c", c >> (GMP_LIMB_BITS - cnt));
        release(t);
    }

    /* comparison (GMP documents the sign) */
    line("cmp");
    int s1 = mpn_cmp(a, b, (mp_size_t)L), s2 = mpn_cmp(b, a, (mp_size_t)L), s3 = mpn_cmp(a, a, (mp_size_t)L);
    printf(" %d %d %d zero_p %d %d", (s1 > 0) - (s1 < 0), (s2 > 0) - (s2 < 0), s3, mpn_zero_p(a, (mp_size_t)L),
           mpn_zero_p(b, (mp_size_t)BL));

    /* bits */
    line("popcount"); pw("p", mpn_popcount(a, (mp_size_t)L)), pw("h", mpn_hamdist(a, b, (mp_size_t)L));
    {
        /* a unit above the operand guarantees a bit to find: a clear one for scan0, set for scan1 */
        mp_limb_t *t = area(L + LPU);
        mp_bitcnt_t bit = (mp_bitcnt_t)(next() % (64 * n));
        memcpy(t, a, L * sizeof *t);
        memset(t + L, 0, LPU * sizeof *t);
        line("scan0"); pw("bit", bit), pw("at", mpn_scan0(t, bit));
        t[L + LPU - 1] = (mp_limb_t)1 << (GMP_LIMB_BITS - 1);
        line("scan1"); pw("at", mpn_scan1(t, bit));
        release(t);
    }

    /* logic, in place too; copies and zero */
    void (*const lf[])(mp_ptr, mp_srcptr, mp_srcptr, mp_size_t) = {mpn_and_n, mpn_ior_n, mpn_xor_n, mpn_andn_n,
                                                                  mpn_iorn_n, mpn_nand_n, mpn_nior_n, mpn_xnor_n};
    for (int f = 0; f < 8; f++) {
        printf("\nlogic %d", f);
        lf[f](r, a, b, (mp_size_t)L); pv("r", r, L), pw("g", guards(r, L));
        memcpy(r, a, L * sizeof *r); lf[f](r, r, b, (mp_size_t)L); pv("r=a", r, L);
        memcpy(r, b, L * sizeof *r); lf[f](r, a, r, (mp_size_t)L); pv("r=b", r, L);
    }
    line("com"); mpn_com(r, a, (mp_size_t)L); pv("r", r, L), pw("g", guards(r, L));
    memcpy(r, a, L * sizeof *r); mpn_com(r, r, (mp_size_t)L); pv("r=a", r, L);
    {
        mp_limb_t *t = area(L + LPU);
        memcpy(t + LPU, a, L * sizeof *t);
        line("copyi"); mpn_copyi(t, t + LPU, (mp_size_t)L); pv("r", t, L + LPU), pw("g", guards(t, L + LPU));
        memcpy(t, a, L * sizeof *t);
        line("copyd"); mpn_copyd(t + LPU, t, (mp_size_t)L); pv("r", t, L + LPU), pw("g", guards(t, L + LPU));
        line("zero"); mpn_zero(t, (mp_size_t)L); pv("r", t, L + LPU), pw("g", guards(t, L + LPU));
        release(t);
    }
    release(a), release(b), release(r);
}

static void products(size_t n, size_t bn)
{
    size_t L = n * LPU, BL = bn * LPU;
    mp_limb_t *a = operand(U1, n, 0), *b = operand(U2, bn, 0), *r = area(L + BL), *s = area(2 * L), c;
    printf("\nproducts %zu %zu", n, bn);
    pv("a", a, L), pv("b", b, BL);
    line("mul"); c = mpn_mul(r, a, (mp_size_t)L, b, (mp_size_t)BL); pv("r", r, L + BL), pw("top", c == r[L + BL - 1]), pw("g", guards(r, L + BL));
    line("mul a=b"); c = mpn_mul(s, a, (mp_size_t)L, a, (mp_size_t)L); pv("r", s, 2 * L), pw("top", c == s[2 * L - 1]), pw("g", guards(s, 2 * L));
    if (bn == n) {
        line("mul_n"); refill(r, L + BL); mpn_mul_n(r, a, b, (mp_size_t)L); pv("r", r, 2 * L), pw("g", guards(r, 2 * L));
        line("mul_n a=b"); refill(r, L + BL); mpn_mul_n(r, a, a, (mp_size_t)L); pv("r", r, 2 * L);
    }
    line("sqr"); refill(s, 2 * L); mpn_sqr(s, a, (mp_size_t)L); pv("r", s, 2 * L), pw("g", guards(s, 2 * L));
    /* the side-channel silent products, with exactly the scratch the _itch functions ask for */
    mp_size_t itch = mpn_sec_mul_itch((mp_size_t)L, (mp_size_t)BL);
    mp_limb_t *tp = area((size_t)itch);
    line("sec_mul"); refill(r, L + BL); mpn_sec_mul(r, a, (mp_size_t)L, b, (mp_size_t)BL, tp);
    pv("r", r, L + BL), pw("g", guards(r, L + BL)), pw("tp", guards(tp, (size_t)itch));
    release(tp);
    itch = mpn_sec_sqr_itch((mp_size_t)L);
    tp = area((size_t)itch);
    line("sec_sqr"); refill(s, 2 * L); mpn_sec_sqr(s, a, (mp_size_t)L, tp);
    pv("r", s, 2 * L), pw("g", guards(s, 2 * L)), pw("tp", guards(tp, (size_t)itch));
    release(tp);
    release(a), release(b), release(r), release(s);
}

static void division(size_t n, size_t dn)
{
    size_t L = n * LPU, DL = dn * LPU, QL = L - DL + 1;
    mp_limb_t *a = operand(U1, n, 0), *d = operand(U2, dn, 1), *q = area(QL), *r = area(DL);
    printf("\ndivision %zu %zu", n, dn);
    pv("a", a, L), pv("d", d, DL);
    line("tdiv_qr"); mpn_tdiv_qr(q, r, 0, a, (mp_size_t)L, d, (mp_size_t)DL);
    pv("q", q, QL), pv("r", r, DL), pw("g", guards(q, QL) && guards(r, DL));
    {
        mp_limb_t *t = copy_of(a, L, L);
        line("tdiv_qr r=a"); refill(q, QL); mpn_tdiv_qr(q, t, 0, t, (mp_size_t)L, d, (mp_size_t)DL);
        pv("q", q, QL), pv("r", t, DL);
        release(t);
    }
    release(a), release(d), release(q), release(r);
}

static void division_1(size_t n)
{
    size_t L = n * LPU, xu = (size_t)(next() % 3), XL = xu * LPU;
    mp_limb_t *a = operand(U1, n, 0), *q = area(L + XL), d = nzword(), rem;
    pv("a", a, L), pw("d", d), pw("qxn", xu);
    line("divrem_1"); rem = mpn_divrem_1(q, (mp_size_t)XL, a, (mp_size_t)L, d);
    pv("q", q, L + XL), pw("r", rem), pw("g", guards(q, L + XL));
    {
        mp_limb_t *t = copy_of(a, L, L + XL);
        line("divrem_1 q=a"); rem = mpn_divrem_1(t, (mp_size_t)XL, t, (mp_size_t)L, d);
        pv("q", t, L + XL), pw("r", rem), pw("g", guards(t, L + XL));
        release(t);
    }
    line("divrem_1 s2n=0"); refill(q, XL + 1); rem = mpn_divrem_1(q, (mp_size_t)XL, a, 0, d); pv("q", q, XL), pw("r", rem);
    line("divmod_1"); rem = mpn_divmod_1(q, a, (mp_size_t)L, d); pv("q", q, L), pw("r", rem);
    line("mod_1"); pw("r", mpn_mod_1(a, (mp_size_t)L, d)), pw("r0", mpn_mod_1(a, 0, d));
    /* exact: {a, n} d, one unit longer, divided by d */
    mp_limb_t *e = area(L + LPU);
    e[L] = mpn_mul_1(e, a, (mp_size_t)L, d);
    if (LPU == 2)
        e[L + 1] = 0;
    mp_limb_t *qe = area(L + LPU);
    line("divexact_1"); mpn_divexact_1(qe, e, (mp_size_t)(L + LPU), d);
    pv("q", qe, L + LPU), pw("g", guards(qe, L + LPU));
    line("divexact_1 q=a"); mpn_divexact_1(e, e, (mp_size_t)(L + LPU), d); pv("q", e, L + LPU);
    /* by 3: exact or not (GMP defines both), with a carry in, and in two pieces */
    mp_limb_t i = next() % 3, c;
    line("divexact_by3"); c = mpn_divexact_by3(q, a, (mp_size_t)L); pv("q", q, L), pw("c", c), pw("g", guards(q, L + XL));
    line("divexact_by3c"); c = mpn_divexact_by3c(q, a, (mp_size_t)L, i); pv("q", q, L), pw("c", c), pw("i", i);
    memcpy(e, a, L * sizeof *e);
    line("divexact_by3c q=a"); c = mpn_divexact_by3c(e, e, (mp_size_t)L, i); pv("q", e, L), pw("c", c);
    if (n > 1) { /* low piece first, its return value the carry into the high one */
        size_t h = (1 + (size_t)(next() % (n - 1))) * LPU;
        c = mpn_divexact_by3c(q, a, (mp_size_t)h, 0);
        c = mpn_divexact_by3c(q + h, a + h, (mp_size_t)(L - h), c);
        line("divexact_by3c pieces"); pv("q", q, L), pw("c", c);
    }
    e[L] = mpn_mul_1(e, a, (mp_size_t)L, 3); /* 3 a, one unit longer */
    if (LPU == 2)
        e[L + 1] = 0;
    line("divexact_by3 exact"); c = mpn_divexact_by3(qe, e, (mp_size_t)(L + LPU)); pv("q", qe, L + LPU), pw("c", c);
    release(a), release(q), release(e), release(qe);
}

static void gcds(size_t n, size_t bn)
{
    size_t L = n * LPU, BL = bn * LPU;
    mp_limb_t *x = operand(U1, n, 0), *y = operand(U2, bn, 1), *g = area(BL), *s = area(BL + 1);
    printf("\ngcd %zu %zu", n, bn);
    if (bn >= 2 && next() % 3 == 0) { /* x = f u, y = f v for f of fu units (top bits set: y's top limb != 0) */
        size_t fu = 1 + (size_t)(next() % (bn - 1)), FL = fu * LPU, UL = L - FL, VL = BL - FL;
        mp_limb_t *f = operand(U3, fu, 0), *u = operand(U1, n - fu, 0), *v = operand(U2, bn - fu, 0);
        f[FL - 1] |= (mp_limb_t)1 << (GMP_LIMB_BITS - 1);
        v[VL - 1] |= (mp_limb_t)1 << (GMP_LIMB_BITS - 1);
        f[0] |= 1, v[0] |= 1; /* GMP 6.2's gcd needs an odd operand */
        if (UL >= FL)
            mpn_mul(x, u, (mp_size_t)UL, f, (mp_size_t)FL);
        else
            mpn_mul(x, f, (mp_size_t)FL, u, (mp_size_t)UL);
        if (VL >= FL)
            mpn_mul(y, v, (mp_size_t)VL, f, (mp_size_t)FL);
        else
            mpn_mul(y, f, (mp_size_t)FL, v, (mp_size_t)VL);
        release(f), release(u), release(v);
    } else if (next() & 1) { /* GMP 6.2's gcd needs an odd operand */
        y[0] |= 1;
    } else {
        x[0] |= 1;
    }
    if (is_zero(x, L)) /* GMP's gcd and gcdext do not return for x = 0 */
        x[0] = 1 + (mp_limb_t)(next() % 4);
    pv("x", x, L), pv("y", y, BL);
    mp_limb_t *xc = copy_of(x, L, L), *yc = copy_of(y, BL, BL);
    line("gcd"); mp_size_t gn = mpn_gcd(g, xc, (mp_size_t)L, yc, (mp_size_t)BL);
    pv("g", g, (size_t)gn), pw("norm", gn > 0 && g[gn - 1] != 0), pw("gd", guards(g, BL));
    release(xc), release(yc);
    xc = copy_of(x, L, L), yc = copy_of(y, BL, BL);
    mp_size_t sn = 0;
    refill(g, BL);
    line("gcdext"); gn = mpn_gcdext(g, s, &sn, xc, (mp_size_t)L, yc, (mp_size_t)BL);
    pv("g", g, (size_t)gn), pw("norm", gn > 0 && g[gn - 1] != 0), pv("s", s, (size_t)(sn < 0 ? -sn : sn));
    printf(" sign %d", (sn > 0) - (sn < 0));
    pw("gd", guards(g, BL) && guards(s, BL + 1));
    release(xc), release(yc);
    if (!mpn_zero_p(x, (mp_size_t)L)) { /* gcd_1 needs a non-zero x */
        mp_limb_t w = nzword();
        line("gcd_1"); pw("w", w), pw("g", mpn_gcd_1(x, (mp_size_t)L, w));
    }
    release(x), release(y), release(g), release(s);
}

static void roots(size_t n)
{
    size_t L = n * LPU, SL = (L + 1) / 2;
    mp_limb_t *a = operand(U1, n, 1), *s = area(SL), *r = area(L), rn;
    pv("a", a, L);
    line("sqrtrem"); rn = (mp_limb_t)mpn_sqrtrem(s, r, a, (mp_size_t)L);
    pv("s", s, SL), pv("r", r, (size_t)rn), pw("norm", rn == 0 || r[rn - 1] != 0), pw("g", guards(s, SL) && guards(r, L));
    line("sqrtrem r=NULL"); refill(s, SL); rn = (mp_limb_t)mpn_sqrtrem(s, NULL, a, (mp_size_t)L); pv("s", s, SL), pw("nz", rn != 0);
    {
        mp_limb_t *t = copy_of(a, L, L);
        line("sqrtrem r=a"); refill(s, SL); rn = (mp_limb_t)mpn_sqrtrem(s, t, t, (mp_size_t)L);
        pv("s", s, SL), pv("r", t, (size_t)rn);
        release(t);
    }
    line("perfect_square_p"); pw("a", mpn_perfect_square_p(a, (mp_size_t)L) != 0);
    {
        mp_limb_t *sq = area(2 * L);
        mpn_sqr(sq, a, (mp_size_t)L);
        size_t k = 2 * L;
        while (sq[k - 1] == 0)
            k--;
        pw("a^2", mpn_perfect_square_p(sq, (mp_size_t)k) != 0);
        mpn_add_1(sq, sq, (mp_size_t)(2 * L), 1);
        k = 2 * L;
        while (sq[k - 1] == 0)
            k--;
        pw("a^2+1", mpn_perfect_square_p(sq, (mp_size_t)k) != 0);
        line("sqrtrem a^2");
        mpn_sub_1(sq, sq, (mp_size_t)(2 * L), 1);
        mp_limb_t *s2 = area(L), *r2 = area(k);
        rn = (mp_limb_t)mpn_sqrtrem(s2, r2, sq, (mp_size_t)k);
        pv("s", s2, (k + 1) / 2), pw("rn", rn);
        release(sq), release(s2), release(r2);
    }
    release(a), release(s), release(r);
}

/* digits of {a, L} in base as ASCII, leading zeros dropped (GMP may write some) */
static void show_digits(const unsigned char *d, size_t len, int base)
{
    size_t i = 0;
    int ok = 1;
    for (size_t j = 0; j < len; j++)
        ok &= d[j] < base;
    while (i + 1 < len && d[i] == 0)
        i++;
    printf(" ok %d digits ", ok);
    if (len - i > 600) {
        uint64_t h = 14695981039346656037ull;
        for (size_t j = i; j < len; j++)
            h = (h ^ d[j]) * 1099511628211ull;
        printf("[%zu, hash %016llx]", len - i, (unsigned long long)h);
        return;
    }
    for (; i < len; i++)
        putchar("0123456789abcdefghijklmnopqrstuvwxyz"[d[i]]);
}

static void radix(size_t n, int base)
{
    size_t L = n * LPU;
    mp_limb_t *a = operand(U1, n, 1), *ones = area(L);
    for (size_t i = 0; i < L; i++)
        ones[i] = ~(mp_limb_t)0;
    printf("\nradix %zu %d", n, base);
    pv("a", a, L);
    size_t e = mpn_sizeinbase(a, (mp_size_t)L, base), room = mpn_sizeinbase(ones, (mp_size_t)L, base) + 1;
    unsigned char *str = malloc(room + 8);
    memset(str, 0x5a, room + 8);
    mp_limb_t *t = copy_of(a, L, L); /* GMP clobbers its input */
    size_t len = mpn_get_str(str, base, t, (mp_size_t)L);
    int guard = 1;
    for (size_t j = room; j < room + 8; j++)
        guard &= str[j] == 0x5a;
    line("get_str"); show_digits(str, len, base), pw("g", guard);
    size_t digits = len;
    for (size_t j = 0; j + 1 < len && str[j] == 0; j++)
        digits--;
    /* GMP documents sizeinbase as exact for powers of two, else exact or one too big */
    int pow2 = (base & (base - 1)) == 0;
    line("sizeinbase"); pw("ok", pow2 ? e == digits : e == digits || e == digits + 1);
    if (pow2)
        pw("e", e);
    /* back: the digit values with a few leading zeros, into an area of GMP's bound */
    size_t z = (size_t)(next() % 3), slen = len + z, bits = 0;
    unsigned char *in = malloc(slen);
    memset(in, 0, z);
    memcpy(in + z, str, len);
    while ((1 << bits) < base)
        bits++;
    size_t rl = (slen * bits + GMP_LIMB_BITS - 1) / GMP_LIMB_BITS + 1;
    mp_limb_t *r = area(rl);
    mp_size_t rn = mpn_set_str(r, in, slen, base);
    line("set_str"); pv("r", r, (size_t)rn), pw("g", guards(r, rl));
    release(r), free(in);
    /* a random digit string */
    slen = 1 + (size_t)(next() % (40 * n));
    in = malloc(slen);
    for (size_t j = 0; j < slen; j++)
        in[j] = (unsigned char)(next() % 4 == 0 ? (next() & 1 ? (unsigned)base - 1 : 0) : next() % (unsigned)base);
    rl = (slen * bits + GMP_LIMB_BITS - 1) / GMP_LIMB_BITS + 1;
    r = area(rl);
    rn = mpn_set_str(r, in, slen, base);
    line("set_str random"); pv("r", r, (size_t)rn), pw("g", guards(r, rl));
    release(r), free(in), free(str), release(t), release(a), release(ones);
}

static void secure(size_t n)
{
    size_t L = n * LPU;
    mp_limb_t *a = operand(U1, n, 0), *b = operand(U2, n, 0), *r = area(L), c;
    mp_limb_t cnds[] = {0, 1, (mp_limb_t)(next() & WMASK) | 1, (mp_limb_t)1 << (W - 1)};
    pv("a", a, L), pv("b", b, L);
    for (int k = 0; k < 4; k++) {
        mp_limb_t cnd = cnds[k];
        printf("\ncnd %llx", (unsigned long long)cnd);
        c = mpn_cnd_add_n(cnd, r, a, b, (mp_size_t)L); pv("add", r, L), pw("c", c), pw("g", guards(r, L));
        c = mpn_cnd_sub_n(cnd, r, a, b, (mp_size_t)L); pv("sub", r, L), pw("c", c), pw("g", guards(r, L));
        memcpy(r, a, L * sizeof *r); c = mpn_cnd_add_n(cnd, r, r, b, (mp_size_t)L); pv("add r=a", r, L), pw("c", c);
        memcpy(r, b, L * sizeof *r); c = mpn_cnd_add_n(cnd, r, a, r, (mp_size_t)L); pv("add r=b", r, L), pw("c", c);
        memcpy(r, a, L * sizeof *r); c = mpn_cnd_sub_n(cnd, r, r, b, (mp_size_t)L); pv("sub r=a", r, L), pw("c", c);
        memcpy(r, b, L * sizeof *r); c = mpn_cnd_sub_n(cnd, r, a, r, (mp_size_t)L); pv("sub r=b", r, L), pw("c", c);
        memcpy(r, a, L * sizeof *r); c = mpn_cnd_add_n(cnd, r, r, r, (mp_size_t)L); pv("add r=a=b", r, L), pw("c", c);
        mp_limb_t *x = copy_of(a, L, L), *y = copy_of(b, L, L);
        mpn_cnd_swap(cnd, x, y, (mp_size_t)L); pv("swap x", x, L), pv("y", y, L), pw("g", guards(x, L) && guards(y, L));
        release(x), release(y);
    }
    mp_limb_t w = word();
    mp_size_t itch = mpn_sec_add_1_itch((mp_size_t)L);
    mp_limb_t *tp = area((size_t)itch + 1);
    line("sec_add_1"); c = mpn_sec_add_1(r, a, (mp_size_t)L, w, tp); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    pw("tp", guards(tp, (size_t)itch + 1) && itch <= (mp_size_t)L);
    memcpy(r, a, L * sizeof *r); c = mpn_sec_add_1(r, r, (mp_size_t)L, w, tp); pv("r=a", r, L), pw("c", c);
    release(tp);
    itch = mpn_sec_sub_1_itch((mp_size_t)L);
    tp = area((size_t)itch + 1);
    line("sec_sub_1"); c = mpn_sec_sub_1(r, a, (mp_size_t)L, w, tp); pv("r", r, L), pw("c", c), pw("g", guards(r, L));
    pw("tp", guards(tp, (size_t)itch + 1) && itch <= (mp_size_t)L);
    memcpy(r, a, L * sizeof *r); c = mpn_sec_sub_1(r, r, (mp_size_t)L, w, tp); pv("r=a", r, L), pw("c", c);
    release(tp);
    /* a table of nents entries of n units */
    size_t nents = 1 + (size_t)(next() % 16), which = (size_t)(next() % nents);
    mp_limb_t *tab = area(nents * L);
    for (size_t k = 0; k < nents; k++) {
        gen(U3, n);
        set(tab + k * L, U3, n);
    }
    line("tabselect"); mpn_sec_tabselect(r, tab, (mp_size_t)L, (mp_size_t)nents, (mp_size_t)which);
    pw("which", which), pv("r", r, L), pw("g", guards(r, L));
    release(tab), release(a), release(b), release(r);
}

/* sec_powm and sec_invert modulo an odd m of n units (m = 1 if one) */
static void modular(size_t n, size_t bu, size_t eu, int one)
{
    size_t L = n * LPU, BL = bu * LPU;
    /* GMP 6.2.1's sec_powm gives wrong results for a modulus whose top limb is 0 (carry-gmp's
     * are right): the top limb is set */
    mp_limb_t *m = operand(U1, n, 1), *b = operand(U2, bu, 0), *r = area(L);
    m[0] |= 1;
    if (one) {
        memset(m, 0, L * sizeof *m);
        m[0] = 1;
    }
    if (mpn_zero_p(b, (mp_size_t)BL)) /* GMP asks for B > 0 */
        b[0] = 1 + (mp_limb_t)(next() % 5);
    gen(U3, eu);
    mp_bitcnt_t enb = 1 + (mp_bitcnt_t)(next() % (64 * eu));
    for (size_t i = 0; i < eu; i++) /* E < 2^enb */
        U3[i] = i * 64 >= enb ? 0 : enb - i * 64 >= 64 ? U3[i] : U3[i] & ((1ull << (enb - i * 64)) - 1);
    mp_limb_t *e = area(eu * LPU);
    set(e, U3, eu);
    printf("\nsec_powm %zu %zu %zu", n, bu, eu);
    pv("m", m, L), pv("b", b, BL), pv("e", e, eu * LPU), pw("enb", enb);
    mp_size_t itch = mpn_sec_powm_itch((mp_size_t)BL, enb, (mp_size_t)L);
    mp_limb_t *tp = area((size_t)itch);
    mpn_sec_powm(r, b, (mp_size_t)BL, e, enb, m, (mp_size_t)L, tp);
    pv("r", r, L), pw("g", guards(r, L)), pw("tp", guards(tp, (size_t)itch));
    release(tp);
    /* the inverse of a (any n units, so often >= m) */
    mp_limb_t *a = operand(U3, n, 0);
    if (next() % 8 == 0)
        memcpy(a, m, L * sizeof *a);
    if (one && bu % 2) /* modulo 1, 0 has an inverse too */
        memset(a, 0, L * sizeof *a);
    pv("a", a, L);
    itch = mpn_sec_invert_itch((mp_size_t)L);
    tp = area((size_t)itch);
    refill(r, L);
    int ok = mpn_sec_invert(r, a, m, (mp_size_t)L, (mp_bitcnt_t)(2 * L * GMP_NUMB_BITS), tp);
    line("sec_invert"); pw("ok", ok);
    if (ok)
        pv("r", r, L);
    pw("g", guards(r, L)), pw("tp", guards(tp, (size_t)itch));
    release(tp), release(a), release(m), release(b), release(r), release(e);
}

/* GMP promises scratch sizes that never decrease as a size grows */
static void itch_monotone(void)
{
    int ok = 1;
    for (mp_size_t n = 2; n <= 80; n++) {
        ok &= mpn_sec_sqr_itch(n) >= mpn_sec_sqr_itch(n - 1);
        ok &= mpn_sec_invert_itch(n) >= mpn_sec_invert_itch(n - 1);
        ok &= mpn_sec_add_1_itch(n) >= mpn_sec_add_1_itch(n - 1) && mpn_sec_add_1_itch(n) <= n;
        ok &= mpn_sec_sub_1_itch(n) >= mpn_sec_sub_1_itch(n - 1) && mpn_sec_sub_1_itch(n) <= n;
        for (mp_size_t bn = 1; bn < n; bn++)
            ok &= mpn_sec_mul_itch(n, bn) >= mpn_sec_mul_itch(n - 1, bn) &&
                  mpn_sec_mul_itch(n, bn + 1) >= mpn_sec_mul_itch(n, bn);
        for (mp_bitcnt_t enb = 1; enb < 3000; enb = enb * 3 + 1)
            ok &= mpn_sec_powm_itch(1, enb, n) >= mpn_sec_powm_itch(1, enb, n - 1) &&
                  mpn_sec_powm_itch(1, 3 * enb, n) >= mpn_sec_powm_itch(1, enb, n) &&
                  mpn_sec_powm_itch(n, enb, n) >= mpn_sec_powm_itch(n - 1, enb, n);
    }
    printf("\nitch monotone %d", ok);
}

int main(void)
{
    itch_monotone();
    for (size_t n = 1; n <= 40; n++) {
        for (int rep = 0; rep < 3; rep++) {
            printf("\nlength %zu rep %d", n, rep);
            linear(n);
            products(n, 1 + (size_t)(next() % n));
            if (rep == 0)
                products(n, n);
            division(n, 1 + (size_t)(next() % n));
            division_1(n);
            gcds(n, 1 + (size_t)(next() % n));
            roots(n);
            radix(n, 2 + (int)(next() % 35));
            secure(n);
            modular(n, 1 + (size_t)(next() % (2 * n + 3)), 1 + (size_t)(next() % n), 0);
        }
    }
    /* past the thresholds of every back end of carry (src/core/tune_*.c; in units of 64 bits,
     * twice as many limbs with 32-bit limbs): Karatsuba, Toom-3 and -4 for products and squares,
     * the unbalanced Toom-4/2 and -3/2, the transforms (7564 to 16000 limbs), divide-and-conquer
     * and Newton division, subquadratic radix conversion */
    static const size_t mul_sizes[][2] = {{60, 60},     {150, 150},   {250, 250},   {280, 280},
                                          {400, 400},   {1200, 1200}, {3000, 1100}, {2000, 1400},
                                          {5000, 2000}, {8000, 8000}, {9500, 300},  {16500, 16500}};
    for (size_t i = 0; i < sizeof mul_sizes / sizeof mul_sizes[0]; i++)
        products(mul_sizes[i][0], mul_sizes[i][1]);
    static const size_t div_sizes[][2] = {{300, 100}, {1000, 500}, {3000, 60}, {16000, 7600}, {9000, 8000}};
    for (size_t i = 0; i < sizeof div_sizes / sizeof div_sizes[0]; i++)
        division(div_sizes[i][0], div_sizes[i][1]);
    static const size_t gcd_sizes[][2] = {{200, 150}, {1500, 1400}, {3000, 40}};
    for (size_t i = 0; i < sizeof gcd_sizes / sizeof gcd_sizes[0]; i++)
        gcds(gcd_sizes[i][0], gcd_sizes[i][1]);
    static const size_t root_sizes[] = {101, 800, 3001};
    for (size_t i = 0; i < sizeof root_sizes / sizeof root_sizes[0]; i++) {
        printf("\nroots %zu", root_sizes[i]);
        roots(root_sizes[i]);
    }
    static const size_t radix_sizes[] = {50, 300, 2000, 17000};
    for (size_t i = 0; i < sizeof radix_sizes / sizeof radix_sizes[0]; i++) {
        radix(radix_sizes[i], 10);
        radix(radix_sizes[i], 3 + (int)(next() % 33));
        radix(radix_sizes[i], 16);
    }
    modular(32, 70, 32, 0);
    modular(64, 64, 2, 0);
    if (W == 64) /* M = 1 in one limb (in two, GMP's top limb rule again) */
        for (int i = 0; i < 4; i++)
            modular(1, 1 + (size_t)i, 1, 1);
    division_1(3000);
    secure(2000);
    printf("\nvalues printed %zu\n", nprinted);
    return 0;
}
