/* Montgomery contexts and arithmetic modulo m: init, mul, sqr, to/from, mod, add, sub, neg.
 * SPDX-License-Identifier: MIT */
#include "core/verify.h"
#include "impl.h"

size_t cy_mont_storage_limbs(size_t n)
{
    return 3 * n;
}

#ifdef CY_ASM_X86_64
/* The moduli (in limbs) for which cy_mont_mul and cy_mont_sqr use IFMA under the crossovers t,
 * when the back end has it: below, the ADX kernels are as fast or faster (docs/mod.md). */
static int ifma_mul_size(const cy__tune *t, size_t n)
{
    return n >= t->mont_mul_ifma_min && n <= t->mont_ifma_max;
}

static int ifma_sqr_size(const cy__tune *t, size_t n)
{
    return n >= t->mont_sqr_ifma_min && n <= t->mont_ifma_max;
}
#endif

size_t cy_mont_mul_itch(size_t n)
{
    size_t a = cy_mpn_mul_n_itch(n), b = cy_mpn_sqr_itch(n);
    size_t itch = 2 * n + 3 + (a > b ? a : b); /* the product's 2n, or CIOS's n + 3 */
#ifdef CY_ASM_X86_64
    /* Whatever the back end, so that a size computed before cy_cpu_set stays valid. */
    const cy__tune *ifma = cy__tunes[CY_CPU_IFMA];
    if ((ifma_mul_size(ifma, n) || ifma_sqr_size(ifma, n)) && cy__ifma_mont_mul_itch(n) > itch)
        itch = cy__ifma_mont_mul_itch(n);
#endif
    return itch;
}

size_t cy_mont_init_itch(size_t n)
{
    return cy_mont_mul_itch(n);
}

size_t cy_mont_init_vartime_itch(size_t n)
{
    /* B^2n (2n + 1 limbs), a quotient (n + 2), the division's scratch; from 2 limbs, or
     * cy_mont_init's for a modulus whose top limb is 0 */
    size_t div = 3 * n + 3 + cy_mpn_divrem_itch(2 * n + 1, n);
    if (n < 2)
        return div;
    size_t init = cy_mont_init_itch(n);
    return div > init ? div : init;
}

size_t cy_mont_mod_itch(size_t n)
{
    return n + cy_mont_mul_itch(n);
}

#ifdef CY_ASM_X86_64
/* The straight-line assembly reduction for n limbs, or NULL. */
static void (*fixed_redc(size_t n))(cy_limb *, const cy_limb *, const cy_limb *, cy_limb)
{
    return n == 4   ? cy__mont_redc_4_adx
           : n == 6 ? cy__mont_redc_6_adx
           : n == 8 ? cy__mont_redc_8_adx
                    : NULL;
}
#endif

static inline void redc(cy_limb *r, cy_limb *t, const cy_mont *ctx)
{
    /* Row i adds q_i * m * B^i with q_i chosen so that limb i becomes 0; the row's carry belongs
     * at limb i + n, which later rows still change, so it is parked in the now-zero limb i and
     * added at the end (sum_i carry_i B^(i+n) = {t, n} * B^n). The total is t + Q m < 2 R m when
     * t < R m, so (t + Q m) / R < 2m: one conditional subtraction, whose condition includes the
     * carry out of the final addition. For t < R^2 the quotient is < R + m < 2R: still one carry
     * bit, and the subtraction leaves a value < R. */
    size_t n = ctx->n;
    const cy_limb *m = ctx->m;
#ifdef CY_ASM_X86_64
    if (fixed_redc(n) && cy__cpu_uses(CY_CPU_ADX)) {
        fixed_redc(n)(r, t, m, ctx->minv);
        return;
    }
    if (n % 8 == 0 && cy__cpu_uses(CY_CPU_ADX)) {
        cy__mod_fix_to(r, t + n, cy__mont_redc_adx(t, m, n, ctx->minv), m, n);
        return;
    }
#endif
    for (size_t i = 0; i < n; i++) {
        cy_limb q = t[i] * ctx->minv;
        CY_VERIFY(!(m[0] & 1) || (cy_limb)(t[i] + q * m[0]) == 0); /* limb i becomes 0 */
        t[i] = cy_mpn_addmul_1(t + i, m, n, q);
    }
    cy_limb hi = cy_mpn_add_n(t + n, t + n, t, n);
    /* (t + Q m) / R < R + m for t < R^2: with a carry out, the rest is below m */
    CY_VERIFY(!hi || cy_mpn_cmp(t + n, m, n) < 0);
    cy__mod_fix_to(r, t + n, hi, m, n);
}

#ifdef CY_DEBUG
/* 1 if the bounds of REDC apply to the context: an odd modulus (an even one reaches the
 * arithmetic only through cy_mont_init's error path) with minv m = -1 mod B. */
static int redc_ctx_ok(const cy_mont *ctx)
{
    return (ctx->m[0] & 1) && (cy_limb)(ctx->minv * ctx->m[0]) == CY_LIMB_MAX;
}
#endif

void cy__mont_redc(cy_limb *r, cy_limb *t, const cy_mont *ctx)
{
    CY_ASSERT(r != t + ctx->n);
#ifdef CY_DEBUG
    /* t < R m (its high half below m) gives a fully reduced result */
    int full = redc_ctx_ok(ctx) && cy_mpn_cmp(t + ctx->n, ctx->m, ctx->n) < 0;
    CY_VERIFY(!(ctx->m[0] & 1) || redc_ctx_ok(ctx));
#endif
    redc(r, t, ctx);
    CY_VERIFY(!full || cy_mpn_cmp(r, ctx->m, ctx->n) < 0);
}

/* The unrolled kernel for n limbs, or NULL. */
static void (*fixed_kernel(size_t n))(cy_limb *, const cy_limb *, const cy_limb *, const cy_limb *,
                                      cy_limb)
{
    return n == 4 ? cy__mont_mul_4 : n == 6 ? cy__mont_mul_6 : n == 8 ? cy__mont_mul_8 : NULL;
}

static inline void mont_mul(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx,
                            cy_limb *scratch)
{
    size_t n = ctx->n;
#ifdef CY_ASM_X86_64
    if (ifma_mul_size(cy__tune_now(), n) && cy__cpu_uses(CY_CPU_IFMA)) {
        cy__ifma_mont_mul(r, a, b, ctx, scratch);
        return;
    }
    /* Above mont_mul_adx_max limbs the product plus the reduction wins (docs/mod.md). */
    if (fixed_kernel(n) && cy__cpu_uses(CY_CPU_ADX)) {
        (n == 4 ? cy__mont_mul_4_adx : n == 6 ? cy__mont_mul_6_adx : cy__mont_mul_8_adx)(
            r, a, b, ctx->m, ctx->minv);
        return;
    }
    if (n <= cy__tune_now()->mont_mul_adx_max && cy__cpu_uses(CY_CPU_ADX)) {
        cy_limb *t = scratch + 1; /* t[-1] takes the zeroed limb of each row */
        cy_mpn_zero(t, n + 2);
        cy_limb hi = cy__mont_mul_adx(t, a, b, ctx->m, n, ctx->minv);
        cy__mod_fix_to(r, t, hi, ctx->m, n);
        return;
    }
#endif
    void (*k)(cy_limb *, const cy_limb *, const cy_limb *, const cy_limb *, cy_limb) =
        fixed_kernel(n);
    if (k) {
        k(r, a, b, ctx->m, ctx->minv);
        return;
    }
    cy_mpn_mul_n(scratch, a, b, n, scratch + 2 * n);
    cy__mont_redc(r, scratch, ctx);
}

void cy_mont_mul(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx,
                 cy_limb *scratch)
{
#ifdef CY_DEBUG
    /* a, b < m: every kernel (unrolled, assembly, IFMA, product and REDC) returns r < m */
    int full = redc_ctx_ok(ctx) && cy_mpn_cmp(a, ctx->m, ctx->n) < 0 && cy_mpn_cmp(b, ctx->m, ctx->n) < 0;
#endif
    mont_mul(r, a, b, ctx, scratch);
    CY_VERIFY(!full || cy_mpn_cmp(r, ctx->m, ctx->n) < 0);
}

static inline void mont_sqr(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    size_t n = ctx->n;
    /* The unrolled CIOS kernels (n = 4, 6, 8) beat a square plus the portable reduction; with
     * the assembly reduction the square is as fast at n = 4 and faster at n = 6, 8; elsewhere
     * the squaring's halved products win (measured, docs/mod.md). */
    int adx = 0;
#ifdef CY_ASM_X86_64
    if (ifma_sqr_size(cy__tune_now(), n) && cy__cpu_uses(CY_CPU_IFMA)) {
        cy__ifma_mont_mul(r, a, a, ctx, scratch);
        return;
    }
    adx = cy__cpu_uses(CY_CPU_ADX);
#endif
    if (fixed_kernel(n) && !adx) {
        cy_mont_mul(r, a, a, ctx, scratch);
        return;
    }
    cy_mpn_sqr(scratch, a, n, scratch + 2 * n);
    cy__mont_redc(r, scratch, ctx);
}

void cy_mont_sqr(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
#ifdef CY_DEBUG
    int full = redc_ctx_ok(ctx) && cy_mpn_cmp(a, ctx->m, ctx->n) < 0; /* a < m: r < m */
#endif
    mont_sqr(r, a, ctx, scratch);
    CY_VERIFY(!full || cy_mpn_cmp(r, ctx->m, ctx->n) < 0);
}

void cy_mont_to(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    /* a * (R^2 mod m) < R m: the product is fully reduced whatever a < R is. */
    cy_mont_mul(r, a, ctx->rr, ctx, scratch);
}

void cy_mont_from(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    /* (a + Q m) / R < (R + R m) / R = m + 1 for a < R: at most m, and m itself (a = 0 mod m,
     * a != 0) becomes 0 in the conditional subtraction. */
    size_t n = ctx->n;
    cy_mpn_copy(scratch, a, n);
    cy_mpn_zero(scratch + n, n);
    cy__mont_redc(r, scratch, ctx);
}

void cy_mont_mod(cy_limb *r, const cy_limb *a, size_t an, const cy_mont *ctx, cy_limb *scratch)
{
    /* x = a / R (congruent, < R), then x * R^2 / R = a mod m, fully reduced since x * rr < R m. */
    size_t n = ctx->n;
    CY_ASSERT(an <= 2 * n);
    cy_limb *x = scratch, *t = scratch + n;
    cy_mpn_copy(t, a, an);
    cy_mpn_zero(t + an, 2 * n - an);
    cy__mont_redc(x, t, ctx);
    cy_mont_mul(r, x, ctx->rr, ctx, t);
}

void cy_mont_add(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx)
{
    CY_ASSERT(cy_mpn_cmp(a, ctx->m, ctx->n) < 0 && cy_mpn_cmp(b, ctx->m, ctx->n) < 0);
    cy_limb hi = cy_mpn_add_n(r, a, b, ctx->n); /* a + b < 2m */
    cy__mod_fix(r, hi, ctx->m, ctx->n);
}

void cy_mont_sub(cy_limb *r, const cy_limb *a, const cy_limb *b, const cy_mont *ctx)
{
    CY_ASSERT(cy_mpn_cmp(a, ctx->m, ctx->n) < 0 && cy_mpn_cmp(b, ctx->m, ctx->n) < 0);
    cy_limb bw = cy_mpn_sub_n(r, a, b, ctx->n); /* a - b > -m: one m added back on a borrow */
    cy__cnd_add_n(r, r, ctx->m, ctx->n, cy__mask_bit(bw));
}

void cy_mont_neg(cy_limb *r, const cy_limb *a, const cy_mont *ctx)
{
    /* m - a for a != 0, and 0 (not m) for a = 0. */
    CY_ASSERT(cy_mpn_cmp(a, ctx->m, ctx->n) < 0);
    cy_limb nz = cy__mask_nz_n(a, ctx->n);
    cy_limb c = 0;
    for (size_t i = 0; i < ctx->n; i++)
        c = cy__subb(ctx->m[i] & nz, a[i], c, &r[i]);
}

/* The context's layout in storage (m, R mod m, R^2 mod m) and -m^-1 mod B, for both setups. */
static void layout(cy_mont *ctx, cy_limb *storage, const cy_limb *m, size_t n)
{
    cy_mpn_copy(storage, m, n);
    ctx->n = n;
    ctx->m = storage;
    ctx->one = storage + n;
    ctx->rr = storage + 2 * n;
    ctx->minv = (cy_limb)0 - cy__binvert_limb(m[0]); /* -m^-1 mod B */
}

int cy_mont_init(cy_mont *ctx, cy_limb *storage, const cy_limb *m, size_t n, cy_limb *scratch)
{
    if (n == 0)
        return CY_EONE;
    /* The checks are computed without branching on m (it may be a secret prime of an RSA key);
     * only the final error code is a branch, and the caller branches on it anyway. */
    cy_limb even = (m[0] & 1) ^ 1;
    cy_limb one = ~cy__mask_nz_n(m + 1, n - 1) & ~cy__mask_nz(m[0] ^ 1) & 1;
    int err = (int)even * CY_EEVEN + (int)((even ^ 1) & one) * CY_EONE;

    layout(ctx, storage, m, n);
    cy_limb *mm = storage, *r1 = storage + n, *r2 = storage + 2 * n;

    /* R mod m: 1 doubled n * CY_LIMB_BITS times mod m (each step 2x < 2m, one conditional
     * subtraction, whose condition includes the bit shifted out). */
    cy_mpn_zero(r1, n);
    r1[0] = 1;
    for (size_t i = 0; i < n * CY_LIMB_BITS; i++) {
        cy_limb hi = cy_mpn_lshift(r1, r1, n, 1);
        cy__mod_fix(r1, hi, mm, n);
    }
    /* R^2 mod m is the Montgomery form of 2^(n * CY_LIMB_BITS): raise the Montgomery form of 2
     * (R mod m doubled) to the public power n * CY_LIMB_BITS by left-to-right binary powering,
     * where a multiplication by 2 is a modular doubling. */
    size_t e = n * CY_LIMB_BITS;
    int top = 0;
    while ((e >> top) > 1)
        top++;
    cy_mpn_copy(r2, r1, n);
    cy__mod_fix(r2, cy_mpn_lshift(r2, r2, n, 1), mm, n); /* the top bit of e */
    for (int b = top - 1; b >= 0; b--) {
        cy_mont_sqr(r2, r2, ctx, scratch);
        if ((e >> b) & 1)
            cy__mod_fix(r2, cy_mpn_lshift(r2, r2, n, 1), mm, n);
    }
    CY_VERIFY(err || (cy_mpn_cmp(r1, mm, n) < 0 && cy_mpn_cmp(r2, mm, n) < 0));
    return err;
}

int cy_mont_init_vartime(cy_mont *ctx, cy_limb *storage, const cy_limb *m, size_t n,
                         cy_limb *scratch)
{
    if (n == 0)
        return CY_EONE;
    if (!(m[0] & 1))
        return CY_EEVEN;
    if (m[n - 1] == 0) /* n >= 2 (m is odd); cy_mpn_divrem needs a non-zero top limb */
        return cy_mont_init(ctx, storage, m, n, scratch);
    if (n == 1 && m[0] == 1)
        return CY_EONE;
    layout(ctx, storage, m, n);
    cy_limb *mm = storage, *r1 = storage + n, *r2 = storage + 2 * n;
    if (n == 1) { /* B mod m = (B - m) mod m, a one-limb remainder; B^2 mod m from its square */
        cy_limb sq[2];
        r1[0] = ((cy_limb)0 - m[0]) % m[0];
        sq[0] = cy__umul(r1[0], r1[0], &sq[1]);
        r2[0] = cy_mpn_mod_1(sq, 2, m[0]);
        return CY_OK;
    }
    cy_limb *pw = scratch, *q = pw + 2 * n + 1, *dscratch = q + n + 2;
    cy_mpn_zero(pw, 2 * n);
    pw[2 * n] = 1;
    cy_mpn_divrem(q, r2, pw, 2 * n + 1, mm, n, dscratch);
    cy_mpn_divrem(q, r1, pw + n, n + 1, mm, n, dscratch); /* {pw + n, n + 1} = B^n */
    return CY_OK;
}
