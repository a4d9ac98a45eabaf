/* Modular exponentiation: constant-time fixed window (cy_mont_powm) and sliding window
 * (cy_mont_powm_vartime), both left to right on Montgomery forms.
 * SPDX-License-Identifier: MIT */
#include <stdint.h>
#include <string.h>

#include "core/verify.h"
#include "impl.h"
#if defined(CY_ASM_X86_64)
#include "core/digits52.h"
#endif

/* Fixed-window width for an exponent of `bits` bits: the w that minimises roughly
 * bits * (1 + 1/w) products + 2^w table products + the table scans (2^w * n limb reads per
 * window, cheap next to a product). Depends on the length only. Measured (carry-bench --suite
 * mod, n = en): at 1024 bits w = 5 0.82M ticks, w = 6 0.85M; at 2048 bits w = 6 5.34M, w = 5
 * 5.38M. At most 6: table_select takes 64 entries. */
static unsigned fixed_window(size_t bits)
{
    return bits <= 32 ? 2 : bits <= 160 ? 3 : bits <= 640 ? 4 : bits <= 1536 ? 5 : 6;
}

/* Bits [pos, pos + w) of {e, en} (zero above the top), w < CY_LIMB_BITS. The limbs read depend on
 * pos only. */
static cy_limb window_bits(const cy_limb *e, size_t en, size_t pos, unsigned w)
{
    size_t i = pos / CY_LIMB_BITS;
    unsigned s = pos % CY_LIMB_BITS;
    cy_limb x = e[i] >> s;
    if (s + w > CY_LIMB_BITS && i + 1 < en)
        x |= e[i + 1] << (CY_LIMB_BITS - s);
    return x & (((cy_limb)1 << w) - 1);
}

/* {r, n} = table[d] for d < count <= 64, reading every entry (the address sequence is the same
 * for every d): column by column, LANES limbs at a time in a vector register, ORing each entry
 * ANDed with its mask (a vector of 0 or all ones, made once per call), so r is written once and
 * the table is read with the widest loads the target has. NAME is defined with the attribute
 * ATTR (a target's instruction set). Where the compiler has no vector extensions, one limb at a
 * time. Measured (docs/mod.md): 32 entries of 16 limbs, 614 ticks for the entry-by-entry scan
 * that read and wrote r for each entry, 239 with 16-byte vectors, 151 with AVX2's 32 bytes. */
#if defined(__GNUC__)
#define CY__TABLE_SELECT(NAME, ATTR, LANES)                                                       \
    ATTR static void NAME(cy_limb *r, const cy_limb *table, size_t count, size_t n, cy_limb d)   \
    {                                                                                             \
        typedef cy_limb vec __attribute__((vector_size((LANES) * sizeof(cy_limb))));            \
        vec mask[64], acc, x;                                                                     \
        for (size_t i = 0; i < count; i++)                                                        \
            mask[i] = (vec){0} + ~cy__mask_nz((cy_limb)i ^ d);                                    \
        size_t j = 0;                                                                             \
        for (; j + (LANES) <= n; j += (LANES)) {                                                  \
            acc = (vec){0};                                                                       \
            for (size_t i = 0; i < count; i++) {                                                  \
                memcpy(&x, table + i * n + j, sizeof x);                                          \
                acc |= x & mask[i];                                                               \
            }                                                                                     \
            memcpy(r + j, &acc, sizeof acc);                                                      \
        }                                                                                         \
        for (; j < n; j++) {                                                                      \
            cy_limb a = 0;                                                                        \
            for (size_t i = 0; i < count; i++)                                                    \
                a |= table[i * n + j] & mask[i][0];                                               \
            r[j] = a;                                                                             \
        }                                                                                         \
    }
CY__TABLE_SELECT(table_select_vec, , 16 / sizeof(cy_limb))
#if defined(CY_ASM_X86_64)
CY__TABLE_SELECT(table_select_avx2, __attribute__((target("avx2"))), 32 / sizeof(cy_limb))
#endif
#endif

static void table_select(cy_limb *r, const cy_limb *table, size_t count, size_t n, cy_limb d)
{
#if defined(__GNUC__)
#if defined(CY_ASM_X86_64)
    /* AVX2 with every back end but the generic one, so that forcing it tests the other path. */
    if (cy__cpu_uses(CY_CPU_X86_64) && __builtin_cpu_supports("avx2")) {
        table_select_avx2(r, table, count, n, d);
        return;
    }
#endif
    table_select_vec(r, table, count, n, d);
#else
    for (size_t j = 0; j < n; j++)
        r[j] = 0;
    for (size_t i = 0; i < count; i++) {
        cy_limb mask = ~cy__mask_nz((cy_limb)i ^ d);
        for (size_t j = 0; j < n; j++)
            r[j] |= table[i * n + j] & mask;
    }
#endif
}

#if defined(CY_ASM_X86_64)
/* The moduli (in limbs) for which the exponentiations use IFMA under the crossovers t, when the
 * back end allows it. */
static int ifma_size(const cy__tune *t, size_t n)
{
    return n >= t->powm_ifma_min && n <= t->powm_ifma_max;
}

/* Scratch of powm_ifma: the table and three numbers in digits, two in limbs, cy_mont_mul's
 * scratch, and up to 7 limbs to align the digits to 64 bytes. */
static size_t powm_ifma_itch(size_t n, unsigned w)
{
    size_t kp = cy__ifma_padded(n);
    return (((size_t)1 << w) + 3) * kp + 2 * n + cy_mont_mul_itch(n) + 7;
}

/* The exponentiations in radix 2^52 (x86_64/mont_ifma.c) work on numbers of k digits in the
 * Montgomery form x 2^(52k) mod m, kept < 2m between products. The forms come from the limb
 * context: 2^(52k) = R 2^d with d = 52k - 64n, so the form of 1 is R mod m doubled d times and
 * that of b is cy_mont_mul(b, R^2 2^d mod m). ifma_enter sets md to m's digits, one and bf to the
 * forms of 1 and b (< m), using {l, 2n + cy_mont_mul_itch(n)}. The time depends on n only. */
static void ifma_enter(cy_limb *md, cy_limb *one, cy_limb *bf, const cy_limb *b,
                       const cy_mont *ctx, cy_limb *l)
{
    size_t n = ctx->n, d = 52 * cy__ifma_digits(n) - 64 * n;
    cy_limb *l1 = l, *l2 = l1 + n, *ms = l2 + n;
    cy_mpn_copy(l1, ctx->one, n);
    cy_mpn_copy(l2, ctx->rr, n);
    for (size_t i = 0; i < d; i++) {
        cy_mont_add(l1, l1, l1, ctx);
        cy_mont_add(l2, l2, l2, ctx);
    }
    size_t kp = cy__ifma_padded(n);
    cy__digits52_from_limbs(md, kp, ctx->m, n, 0);
    cy__digits52_from_limbs(one, kp, l1, n, 0);
    cy_mont_mul(l1, b, l2, ctx, ms);
    cy__digits52_from_limbs(bf, kp, l1, n, 0);
}

/* {r, n} = x mod m for the form {acc, padded(n)} of x (destroyed), t: padded(n) digits of
 * scratch. The way out is a product by 1, which gives a value <= m, and one masked subtraction. */
static void ifma_leave(cy_limb *r, cy_limb *acc, cy_limb *t, const cy_limb *md, const cy_mont *ctx)
{
    size_t n = ctx->n;
    cy_mpn_zero(t, cy__ifma_padded(n));
    t[0] = 1;
    cy__ifma_amm(acc, acc, t, md, ctx->minv, n);
    cy__digits52_to_limbs(r, n, acc, cy__ifma_padded(n));
    cy__mod_fix(r, 0, ctx->m, n);
    CY_VERIFY(cy_mpn_cmp(r, ctx->m, n) < 0);
}

/* cy_mont_powm in radix 2^52: the same fixed window and table scan on the forms above. */
static void powm_ifma(cy_limb *r, const cy_limb *b, const cy_limb *e, size_t en,
                      const cy_mont *ctx, cy_limb *scratch)
{
    size_t n = ctx->n, kp = cy__ifma_padded(n);
    unsigned w = fixed_window(en * CY_LIMB_BITS);
    size_t count = (size_t)1 << w;
    cy_limb *table = scratch + (-((uintptr_t)scratch / sizeof(cy_limb)) & 7);
    cy_limb *acc = table + count * kp, *t = acc + kp, *md = t + kp;

    ifma_enter(md, table, table + kp, b, ctx, md + kp);
    for (size_t i = 2; i < count; i++)
        cy__ifma_amm(table + i * kp, table + (i - 1) * kp, table + kp, md, ctx->minv, n);

    size_t windows = (en * CY_LIMB_BITS + w - 1) / w;
    cy_mpn_copy(acc, table, kp);
    for (size_t k = windows; k-- > 0;) {
        cy_limb dw = window_bits(e, en, k * w, w);
        if (k + 1 == windows) {
            cy__ifma_select(acc, table, count, kp, dw);
            continue;
        }
        for (unsigned j = 0; j < w; j++)
            cy__ifma_amm(acc, acc, acc, md, ctx->minv, n);
        cy__ifma_select(t, table, count, kp, dw);
        cy__ifma_amm(acc, acc, t, md, ctx->minv, n);
    }
    ifma_leave(r, acc, t, md, ctx);
}
#endif

size_t cy_mont_powm_itch(size_t n, size_t en)
{
    unsigned w = fixed_window(en * CY_LIMB_BITS);
    size_t itch = ((size_t)1 << w) * n + 2 * n + cy_mont_mul_itch(n);
#if defined(CY_ASM_X86_64)
    /* Whatever the back end, so that a size computed before cy_cpu_set stays valid. */
    if (ifma_size(cy__tunes[CY_CPU_IFMA], n) && powm_ifma_itch(n, w) > itch)
        itch = powm_ifma_itch(n, w);
#endif
    return itch;
}

int cy_mont_powm(cy_limb *r, const cy_limb *b, const cy_limb *e, size_t en, const cy_mont *ctx,
                 cy_limb *scratch)
{
    size_t n = ctx->n;
    size_t bits = en * CY_LIMB_BITS;
    unsigned w = fixed_window(bits);
    size_t count = (size_t)1 << w;
    cy_limb *table = scratch, *acc = table + count * n, *t = acc + n, *ms = t + n;
    cy_limb bad = cy__mask_bit(cy__lt_n(b, ctx->m, n) ^ 1);
#if defined(CY_ASM_X86_64)
    if (cy__cpu_uses(CY_CPU_IFMA) && ifma_size(cy__tune_now(), n)) {
        powm_ifma(r, b, e, en, ctx, scratch);
        goto out;
    }
#endif

    /* table[i] = b^i R mod m */
    cy_mpn_copy(table, ctx->one, n);
    cy_mont_to(table + n, b, ctx, ms);
    for (size_t i = 2; i < count; i++)
        cy_mont_mul(table + i * n, table + (i - 1) * n, table + n, ctx, ms);

    /* Windows from the top; the first, at bit position (windows - 1) * w, may be partial. */
    size_t windows = (bits + w - 1) / w;
    cy_mpn_copy(acc, ctx->one, n);
    for (size_t k = windows; k-- > 0;) {
        cy_limb d = window_bits(e, en, k * w, w);
        if (k + 1 == windows) {
            table_select(acc, table, count, n, d);
            continue;
        }
        for (unsigned j = 0; j < w; j++)
            cy_mont_sqr(acc, acc, ctx, ms);
        table_select(t, table, count, n, d);
        cy_mont_mul(acc, acc, t, ctx, ms);
    }
    cy_mont_from(r, acc, ctx, ms);
#if defined(CY_ASM_X86_64)
out:
#endif
    for (size_t i = 0; i < n; i++)
        r[i] &= ~bad;
    return (int)(bad & 1) * CY_EUNREDUCED;
}

/* Sliding window over odd powers (Menezes, van Oorschot, Vanstone, Handbook of Applied
 * Cryptography, Algorithm 14.85), window width k from the exponent's bit length. */
static unsigned sliding_window(size_t bits)
{
    return bits <= 24 ? 1 : bits <= 80 ? 3 : bits <= 240 ? 4 : bits <= 672 ? 5 : 6;
}

/* Scratch of powm_vartime_ifma: the odd powers and four numbers in digits, and ifma_enter's. */
#if defined(CY_ASM_X86_64)
static size_t powm_vartime_ifma_itch(size_t n, unsigned k)
{
    return (((size_t)1 << (k - 1)) + 4) * cy__ifma_padded(n) + 2 * n + cy_mont_mul_itch(n);
}
#endif

size_t cy_mont_powm_vartime_itch(size_t n, size_t en)
{
    if (n == 1) /* powm_1: no scratch */
        return 0;
    unsigned k = sliding_window(en * CY_LIMB_BITS);
    size_t itch = ((size_t)1 << (k - 1)) * n + 2 * n + cy_mont_mul_itch(n);
#if defined(CY_ASM_X86_64)
    if (ifma_size(cy__tunes[CY_CPU_IFMA], n) && powm_vartime_ifma_itch(n, k) > itch)
        itch = powm_vartime_ifma_itch(n, k);
#endif
    return itch;
}

static int bit_at(const cy_limb *e, size_t i)
{
    return (int)((e[i / CY_LIMB_BITS] >> (i % CY_LIMB_BITS)) & 1);
}

/* The product the sliding window runs on: r = a b in Montgomery form (r may equal a or b). */
typedef struct sliding_mul {
    void (*mul)(cy_limb *r, const cy_limb *a, const cy_limb *b, const struct sliding_mul *env);
    const cy_mont *ctx;
    const cy_limb *md; /* the ifma path: m's digits */
    cy_limb *ms;       /* the limb path: cy_mont_mul's scratch */
} sliding_mul;

static void limb_mul(cy_limb *r, const cy_limb *a, const cy_limb *b, const sliding_mul *env)
{
    if (a == b)
        cy_mont_sqr(r, a, env->ctx, env->ms);
    else
        cy_mont_mul(r, a, b, env->ctx, env->ms);
}

/* {acc, len} = the form of b^e, given the forms of 1 in acc and of the odd powers b^(2i+1) at
 * odd + i len; en > 0 with e[en - 1] != 0, or en = 0. */
static void sliding_window_run(cy_limb *acc, const cy_limb *odd, size_t len, const cy_limb *e,
                               size_t en, unsigned k, const sliding_mul *env)
{
    size_t i = en * CY_LIMB_BITS;
    int started = 0;
    while (i > 0) {
        if (!bit_at(e, i - 1)) {
            if (started)
                env->mul(acc, acc, acc, env);
            i--;
            continue;
        }
        /* The longest window e[i-1 .. l] of at most k bits that ends in a 1 bit. */
        size_t l = i >= k ? i - k : 0;
        while (!bit_at(e, l))
            l++;
        cy_limb v = 0;
        for (size_t j = i; j-- > l;)
            v = 2 * v + (cy_limb)bit_at(e, j);
        if (started)
            for (size_t j = l; j < i; j++)
                env->mul(acc, acc, acc, env);
        if (started)
            env->mul(acc, acc, odd + (v >> 1) * len, env);
        else
            cy_mpn_copy(acc, odd + (v >> 1) * len, len);
        started = 1;
        i = l;
    }
}

#if defined(CY_ASM_X86_64)
static void ifma_mul(cy_limb *r, const cy_limb *a, const cy_limb *b, const sliding_mul *env)
{
    cy__ifma_amm(r, a, b, env->md, env->ctx->minv, env->ctx->n);
}

/* cy_mont_powm_vartime in radix 2^52: the odd powers and the window on the forms of powm_ifma. */
static void powm_vartime_ifma(cy_limb *r, const cy_limb *b, const cy_limb *e, size_t en,
                              unsigned k, const cy_mont *ctx, cy_limb *scratch)
{
    size_t kp = cy__ifma_padded(ctx->n), count = (size_t)1 << (k - 1);
    cy_limb *odd = scratch, *acc = odd + count * kp, *b2 = acc + kp, *t = b2 + kp, *md = t + kp;
    sliding_mul env = {ifma_mul, ctx, md, NULL};

    ifma_enter(md, acc, odd, b, ctx, md + kp);
    cy__ifma_amm(b2, odd, odd, md, ctx->minv, ctx->n);
    for (size_t i = 1; i < count; i++)
        cy__ifma_amm(odd + i * kp, odd + (i - 1) * kp, b2, md, ctx->minv, ctx->n);
    sliding_window_run(acc, odd, kp, e, en, k, &env);
    ifma_leave(r, acc, t, md, ctx);
}
#endif

/* x y / B mod m for x, y < m odd, with mi = m^-1 mod B (one-limb Montgomery reduction, REDC).
 * With x y = hi B + lo and q = lo mi mod B, q m has low limb lo, so x y - q m =
 * (hi - qh) B where qh is the high limb of q m; hi, qh < m puts hi - qh in (-m, m): one
 * conditional addition. */
static inline cy_limb mulmod_1(cy_limb x, cy_limb y, cy_limb m, cy_limb mi)
{
    CY_VERIFY(x < m && y < m);
    cy_limb hi, lo = cy__umul(x, y, &hi), qh;
    cy__umul(lo * mi, m, &qh);
    cy_limb r = hi - qh;
    return hi < qh ? r + m : r;
}

/* cy_mont_powm_vartime for n = 1 and b < m, e = {e, en} with en = 0 or e[en - 1] != 0:
 * fixed-window exponentiation (k bits, 4 for exponents of 32 bits and more, else binary) on
 * mulmod_1, whose products are inlined: no calls in the loop, and a window digit selects a table
 * entry instead of a hard-to-predict branch per exponent bit. */
static cy_limb powm_1(cy_limb b, const cy_limb *e, size_t en, const cy_mont *ctx)
{
    const cy_limb m = ctx->m[0], mi = (cy_limb)0 - ctx->minv;
    /* bits >= 32: a second limb, or bit 31 of the only one */
    const unsigned k = en > 1 || (en == 1 && e[0] >> 31) ? 4 : 1; /* divides CY_LIMB_BITS */
    cy_limb tab[16];
    tab[0] = ctx->one[0];
    tab[1] = mulmod_1(b, ctx->rr[0], m, mi);
    for (unsigned j = 2; j < (1u << k); j++)
        tab[j] = mulmod_1(tab[j - 1], tab[1], m, mi);
    cy_limb x = tab[0];
    int started = 0; /* skips the squarings of 1 before the top digit */
    for (size_t i = en; i-- > 0;)
        for (int j = CY_LIMB_BITS - (int)k; j >= 0; j -= (int)k) {
            unsigned digit = (unsigned)(e[i] >> j) & ((1u << k) - 1);
            if (started) {
                for (unsigned u = 0; u < k; u++)
                    x = mulmod_1(x, x, m, mi);
                x = mulmod_1(x, tab[digit], m, mi);
            } else if (digit) {
                x = tab[digit];
                started = 1;
            }
        }
    return mulmod_1(x, 1, m, mi); /* out of Montgomery form, < m */
}

int cy_mont_powm_vartime(cy_limb *r, const cy_limb *b, const cy_limb *e, size_t en,
                         const cy_mont *ctx, cy_limb *scratch)
{
    size_t n = ctx->n;
    if (!cy__lt_n(b, ctx->m, n)) {
        cy_mpn_zero(r, n);
        return CY_EUNREDUCED;
    }
    unsigned k = sliding_window(en * CY_LIMB_BITS);
    while (en > 0 && e[en - 1] == 0)
        en--;
    if (n == 1) {
        r[0] = powm_1(b[0], e, en, ctx);
        return CY_OK;
    }
#if defined(CY_ASM_X86_64)
    if (cy__cpu_uses(CY_CPU_IFMA) && ifma_size(cy__tune_now(), n)) {
        powm_vartime_ifma(r, b, e, en, k, ctx, scratch);
        return CY_OK;
    }
#endif
    size_t count = (size_t)1 << (k - 1);
    cy_limb *odd = scratch, *acc = odd + count * n, *b2 = acc + n, *ms = b2 + n;
    sliding_mul env = {limb_mul, ctx, NULL, ms};

    /* odd[i] = b^(2i+1) R mod m */
    cy_mont_to(odd, b, ctx, ms);
    cy_mont_sqr(b2, odd, ctx, ms);
    for (size_t i = 1; i < count; i++)
        cy_mont_mul(odd + i * n, odd + (i - 1) * n, b2, ctx, ms);
    cy_mpn_copy(acc, ctx->one, n);
    sliding_window_run(acc, odd, n, e, en, k, &env);
    cy_mont_from(r, acc, ctx, ms);
    return CY_OK;
}
