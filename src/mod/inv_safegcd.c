/* Modular inversion by Bernstein-Yang safegcd: cy_mod_inv_safegcd (constant time) and
 * cy_mod_inv_safegcd_vartime (stops when done). Also cy_mod_inv_itch for every inversion.
 * SPDX-License-Identifier: MIT
 *
 * D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation and modular inversion",
 * TCHES 2019(3). One divstep maps (delta, f, g), f odd, to
 *     (1 - delta, g, (g - f) / 2)   if delta > 0 and g is odd,
 *     (1 + delta, f, (g + f) / 2)   if g is odd (otherwise),
 *     (1 + delta, f, g / 2)         if g is even,
 * and from f = m, g = a, delta = 1 reaches g = 0 with f = +-gcd(m, a) within
 * floor((49 d + 57) / 17) steps (d >= 46; (49 d + 80) / 17 below) when m, a < 2^d (Theorem 11.2).
 * S = CY_LIMB_BITS - 2 consecutive divsteps depend only on the low S bits of f and g, so they run
 * on one limb each and produce a matrix T with 2^S (f', g') = T (f, g) and entries of magnitude
 * <= 2^S (each step at most doubles the row sums |u| + |v| and |q| + |r|, starting from 1). T is
 * then applied to the full f, g (exactly divisible by 2^S) and to the coefficients d, e with
 * f = d a, g = e a (mod m), where the division by 2^S is done mod m Montgomery-style. At the end
 * f = +-1 exactly when a is invertible, and a^-1 = +-d. */
#include "impl.h"

#define S (CY_LIMB_BITS - 2)

size_t cy_mod_inv_itch(size_t n)
{
    size_t safegcd = 8 * (n + 1) + 2;
    size_t fermat = n + cy_mont_powm_itch(n, n);
    size_t ami = 4 * n + cy_mont_mul_itch(n); /* u, v, r, s then the corrections */
    size_t x = safegcd > fermat ? safegcd : fermat;
    return x > ami ? x : ami;
}

/* Divstep count for d-bit inputs (Theorem 11.2). */
static size_t divstep_bound(size_t d)
{
    return d < 46 ? (49 * d + 80) / 17 : (49 * d + 57) / 17;
}

typedef struct {
    cy_limb u, v, q, r; /* signed, two's complement limbs */
} matrix;

/* S divsteps on the low limbs f and g (f odd), in the form of libsecp256k1's constant-time
 * divsteps (Wuille, doc/safegcd_implementation.md): with eta = -delta, first g += f or g -= f
 * (the latter when delta > 0) if g is odd, then f += g (the new g) when the step swaps, which
 * makes f the old g; the dependency chain per step is short. Each step is the same instruction
 * sequence, the choices are masks. Returns eta; the matrix goes to *t with
 * 2^S (f', g') = T (f, g). */
static cy_limb divsteps(cy_limb eta, cy_limb f, cy_limb g, matrix *t)
{
    cy_limb u = 1, v = 0, q = 0, r = 1;
    for (int i = 0; i < S; i++) {
        cy_limb c1 = (cy_limb)0 - (eta >> (CY_LIMB_BITS - 1)); /* delta > 0 */
        cy_limb c2 = (cy_limb)0 - (g & 1);                      /* g odd */
        cy_limb x = (f ^ c1) - c1, y = (u ^ c1) - c1, z = (v ^ c1) - c1;
        g += x & c2, q += y & c2, r += z & c2;
        c1 &= c2; /* the step swaps: (f, g) <- (g, (g - f) / 2), delta <- 1 - delta */
        eta = (eta ^ c1) - 1 - c1; /* eta - 1, or ~eta = -eta - 1 when swapping */
        f += g & c1, u += q & c1, v += r & c1;
        g >>= 1, u <<= 1, v <<= 1; /* keeping 2^i (f, g) = T (f0, g0) doubles f's row */
    }
    t->u = u, t->v = v, t->q = q, t->r = r;
    return eta;
}

#if CY_LIMB_BITS == 32
typedef int64_t sdlimb; /* a signed double limb */
#  define HAVE_SDLIMB 1
#elif defined(CY_HAVE_INT128)
typedef __int128 sdlimb;
#  define HAVE_SDLIMB 1
#endif

/* {out, L} = (a x + b y + k m) / 2^S, exact, for x, y signed (two's complement) of L limbs,
 * |a| + |b| <= 2^S, 0 <= k < 2^S, m of L - 1 limbs (with_m = 0: k m is left out), and a
 * result that fits L limbs. out may equal neither x nor y. */
#ifdef HAVE_SDLIMB
/* One pass with a signed double-limb accumulator: per limb |a x_i + b y_i| <= 2^S (B - 1) and
 * k m_i < 2^S (B - 1), so with the carry (< B / 2 in magnitude) the sum stays below B^2 / 2. */
static void combine_shift(cy_limb *out, const cy_limb *x, const cy_limb *y, size_t L, cy_limb a,
                          cy_limb b, int with_m, cy_limb k, const cy_limb *m, cy_limb *tmp)
{
    (void)tmp;
    sdlimb sa = (cy_slimb)a, sb = (cy_slimb)b, acc = 0;
    cy_limb prev = 0;
    for (size_t i = 0; i < L; i++) {
        int top = i == L - 1; /* the sign limb (i is public) */
        sdlimb xi = top ? (sdlimb)(cy_slimb)x[i] : (sdlimb)x[i];
        sdlimb yi = top ? (sdlimb)(cy_slimb)y[i] : (sdlimb)y[i];
        acc += sa * xi + sb * yi;
        if (with_m && !top) /* public conditions */
            acc += (sdlimb)k * (sdlimb)m[i];
        cy_limb lo = (cy_limb)acc;
        acc >>= CY_LIMB_BITS; /* arithmetic: gcc and clang define it so */
        if (i)
            out[i - 1] = (prev >> S) | (lo << (CY_LIMB_BITS - S));
        prev = lo;
    }
    out[L - 1] = (prev >> S) | ((cy_limb)acc << (CY_LIMB_BITS - S));
}
#else
/* {p, L + 1} = {x, L} * s, both signed (two's complement), |s| <= 2^S. */
static void mul_signed(cy_limb *p, const cy_limb *x, size_t L, cy_limb s)
{
    cy_limb sneg = (cy_limb)0 - (s >> (CY_LIMB_BITS - 1));
    cy_limb sabs = (s ^ sneg) - sneg;
    cy_limb xneg = (cy_limb)0 - (x[L - 1] >> (CY_LIMB_BITS - 1));
    /* x = xu - B^L [x < 0], so x * |s| = xu * |s| - B^L |s| [x < 0] */
    p[L] = cy_mpn_mul_1(p, x, L, sabs) - (sabs & xneg);
    cy_limb c = sneg & 1; /* negate when s < 0: NOT p + 1 */
    for (size_t i = 0; i <= L; i++) {
        cy_limb t = (p[i] ^ sneg) + c;
        c = t < c;
        p[i] = t;
    }
}

/* Without a double-limb type: the products by mpn calls into {tmp, 2 (L + 1)}. */
static void combine_shift(cy_limb *out, const cy_limb *x, const cy_limb *y, size_t L, cy_limb a,
                          cy_limb b, int with_m, cy_limb k, const cy_limb *m, cy_limb *tmp)
{
    k &= (cy_limb)0 - (cy_limb)with_m;
    mul_signed(tmp, x, L, a);
    mul_signed(tmp + L + 1, y, L, b);
    cy_mpn_add_n(tmp, tmp, tmp + L + 1, L + 1);
    cy_mpn_add_1(tmp + L - 1, tmp + L - 1, 2, cy_mpn_addmul_1(tmp, m, L - 1, k));
    cy_mpn_rshift(tmp, tmp, L + 1, S);
    cy_mpn_copy(out, tmp, L);
}
#endif

/* {out, L} = (a x + b y) / 2^S mod m for x, y in [0, m) (L = n + 1 limbs, top limb 0), result
 * in [0, m). With |a| + |b| <= 2^S the sum lies in (-2^S m, 2^S m); adding k m, k < 2^S chosen to
 * clear the low S bits, and dividing gives a value in (-m, 2m), brought into [0, m) by adding m
 * when negative and subtracting m when >= m. */
static void update_de(cy_limb *out, const cy_limb *x, const cy_limb *y, size_t L, cy_limb a,
                      cy_limb b, const cy_mont *ctx, cy_limb *tmp)
{
    size_t n = ctx->n;
    cy_limb k = ((a * x[0] + b * y[0]) * ctx->minv) & (((cy_limb)1 << S) - 1);
    combine_shift(out, x, y, L, a, b, 1, k, ctx->m, tmp);
    cy_limb neg = (cy_limb)0 - (out[n] >> (CY_LIMB_BITS - 1));
    out[n] += cy__cnd_add_n(out, out, ctx->m, n, neg); /* -1 + 1 = 0 in the top limb */
    cy__mod_fix(out, out[n], ctx->m, n);
    out[n] = 0;
}

static int safegcd(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch,
                   int vartime)
{
    size_t n = ctx->n, L = n + 1;
    cy_limb *f = scratch, *g = f + L, *d = g + L, *e = d + L, *f2 = e + L, *g2 = f2 + L;
    cy_limb *tmp = g2 + L;
    cy_limb bad = cy__lt_n(a, ctx->m, n) ^ 1;

    cy_mpn_copy(f, ctx->m, n), f[n] = 0;
    cy_mpn_copy(g, a, n), g[n] = 0;
    cy_mpn_zero(d, L);
    cy_mpn_zero(e, L), e[0] = 1;
    cy_limb eta = CY_LIMB_MAX; /* eta = -delta, delta = 1 */
    size_t batches = (divstep_bound(n * CY_LIMB_BITS) + S - 1) / S;
    for (size_t i = 0; i < batches; i++) {
        if (vartime && cy_mpn_zero_p(g, L))
            break;
        matrix t;
        eta = divsteps(eta, f[0], g[0], &t);
        /* (f, g) <- T (f, g) / 2^S: exact, and |f|, |g| stay <= m < B^n, so L limbs hold them */
        combine_shift(f2, f, g, L, t.u, t.v, 0, 0, ctx->m, tmp);
        combine_shift(g2, f, g, L, t.q, t.r, 0, 0, ctx->m, tmp);
        cy_mpn_copy(f, f2, L);
        cy_mpn_copy(g, g2, L);
        update_de(f2, d, e, L, t.u, t.v, ctx, tmp);
        update_de(g2, d, e, L, t.q, t.r, ctx, tmp);
        cy_mpn_copy(d, f2, L);
        cy_mpn_copy(e, g2, L);
    }
    /* f = 1: a^-1 = d; f = -1 (all ones): a^-1 = -d; anything else: gcd(a, m) > 1 or a = 0. */
    cy_limb hi = 0, ones = CY_LIMB_MAX;
    for (size_t i = 1; i < L; i++)
        hi |= f[i], ones &= f[i];
    cy_limb plus = ~cy__mask_nz(hi | (f[0] ^ 1));
    cy_limb minus = ~cy__mask_nz(~(ones & f[0]));
    cy_mont_neg(f2, d, ctx);
    cy__cnd_copy(d, f2, n, minus);
    cy_limb ok = (plus | minus) & ~cy__mask_bit(bad);
    for (size_t i = 0; i < n; i++)
        r[i] = d[i] & ok;
    return (int)bad * CY_MOD_EUNREDUCED + (int)((bad ^ 1) & ~ok & 1) * CY_MOD_ENOTINV;
}

int cy_mod_inv_safegcd(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch)
{
    return safegcd(r, a, ctx, scratch, 0);
}

int cy_mod_inv_safegcd_vartime(cy_limb *r, const cy_limb *a, const cy_mont *ctx,
                               cy_limb *scratch)
{
    return safegcd(r, a, ctx, scratch, 1);
}
