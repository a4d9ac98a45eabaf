/* Modular inversion by Bernstein-Yang safegcd: cy_mod_inv_safegcd (constant time) and
 * cy_mod_inv_safegcd_vartime (variable-time divsteps until g = 0). Also cy_mod_inv_itch for
 * every inversion.
 * SPDX-License-Identifier: MIT
 *
 * D. J. Bernstein, B.-Y. Yang, "Fast constant-time gcd computation and modular inversion",
 * TCHES 2019(3). One divstep maps (delta, f, g), f odd, to
 *     (1 - delta, g, (g - f) / 2)   if delta > 0 and g is odd,
 *     (1 + delta, f, (g + f) / 2)   if g is odd (otherwise),
 *     (1 + delta, f, g / 2)         if g is even,
 * and from f = m, g = a reaches g = 0 with f = +-gcd(m, a); then f = +-1 exactly when a is
 * invertible, and the coefficient d with f = d a (mod m) gives a^-1 = +-d.
 *
 * Variant and bound: we start from delta = 1/2 instead of 1 ("hddivsteps", P. Wuille,
 * github.com/sipa/safegcd-bounds), which needs about 20% fewer steps. For 0 <= g <= f <= M the
 * number of steps is at most floor((3787 log2(M) + 2166) / 1644) (convex-hull bound, verified
 * there for M <= 2^3805), and 590 for M <= 2^256 (machine-checked there, coq/hddivsteps). For
 * longer inputs we fall back to the paper's original divsteps (delta = 1) and its proven bound
 * floor((49 d + 57) / 17) (Theorem 11.2). The step count depends on d = n * CY_LIMB_BITS only.
 *
 * Representation (as in libsecp256k1's modinv64, P. Wuille, doc/safegcd_implementation.md):
 * f, g, d, e and m are held in SB = CY_LIMB_BITS - 2 bit signed limbs (62 bits on 64-bit
 * targets): limbs 0..L-2 in [0, 2^SB), the top limb signed. A batch of up to SB divsteps runs on
 * the low limbs and yields a matrix T scaled to 2^SB, so applying it is a multiply-accumulate per
 * limb into a double-limb accumulator and a shift by one whole limb: no bit shifts across limbs.
 * The coefficients d, e stay in (-2m, m) (libsecp256k1's bound argument), the division by 2^SB
 * being made exact by adding a multiple of m chosen with m^-1 mod 2^SB. */
#include "core/verify.h"
#include "impl.h"

#define W CY_LIMB_BITS
#define SB (W - 2)
/* The constant-length instances below rely on inlining, which clang declines for functions this
 * large unless told, and on unrolling the loops whose counts then become constants. */
#if defined(__GNUC__)
#  define INLINE static inline __attribute__((always_inline))
#  define UNROLL(n) _Pragma(#n)
#else
#  define INLINE static inline
#  define UNROLL(n)
#endif
#define SMASK (((cy_limb)1 << SB) - 1)

/* Signed limbs per value: f, g, m below 2^d in magnitude, d and e in (-2m, m), so d + 2 bits
 * with the sign. */
static size_t slimbs(size_t n)
{
    return (n * W + 2 + SB - 1) / SB;
}

size_t cy_mod_inv_itch(size_t n)
{
    size_t safegcd = 5 * slimbs(n); /* f, g, d, e, m; a cy_slimb is a limb's size */
    size_t fermat = n + cy_mont_powm_itch(n, n);
    size_t ami = 4 * n + cy_mont_mul_itch(n); /* u, v, r, s then the corrections */
    size_t lehmer = cy__mod_inv_lehmer_itch(n);
    size_t x = safegcd > fermat ? safegcd : fermat;
    x = x > ami ? x : ami;
    return x > lehmer ? x : lehmer;
}

/* The double-limb signed accumulator: acc += a * b, its low limb, and acc >>= SB. */
#if W == 32
typedef int64_t acc;
#  define ACC_NATIVE 1
#elif defined(CY_HAVE_INT128)
typedef __int128 acc;
#  define ACC_NATIVE 1
#endif

#ifdef ACC_NATIVE
#  define ACC_ZERO 0
static inline void acc_mac(acc *c, cy_slimb a, cy_slimb b) { *c += (acc)a * b; }
static inline cy_limb acc_low(acc c) { return (cy_limb)c; }
static inline void acc_shr(acc *c) { *c >>= SB; } /* arithmetic: gcc and clang define it so */
#else
/* Two's complement in two limbs, for 64-bit limbs without __int128. */
typedef struct {
    cy_limb lo, hi;
} acc;
#  define ACC_ZERO {0, 0}
static inline void acc_mac(acc *c, cy_slimb a, cy_slimb b)
{
    cy_limb hi, lo = cy__umul((cy_limb)a, (cy_limb)b, &hi);
    /* a b = (a mod B)(b mod B) - B (b [a < 0] + a [b < 0]) mod B^2 */
    hi -= ((cy_limb)b & (cy_limb)(a >> (W - 1))) + ((cy_limb)a & (cy_limb)(b >> (W - 1)));
    c->lo += lo;
    c->hi += hi + (c->lo < lo);
}
static inline cy_limb acc_low(acc c) { return c.lo; }
static inline void acc_shr(acc *c)
{
    c->lo = (c->lo >> SB) | (c->hi << (W - SB));
    c->hi = (cy_limb)((cy_slimb)c->hi >> SB);
}
#endif

typedef struct {
    cy_slimb u, v, q, r;
} matrix;

#ifdef CY_DEBUG
/* For the invariants (core/verify.h) of debug builds. */

/* |x| as an unsigned limb. */
static cy_limb mag(cy_slimb x)
{
    return x < 0 ? (cy_limb)0 - (cy_limb)x : (cy_limb)x;
}

/* The sign (-1, 0 or 1) of {x, L} + k {m, L}, both in signed limbs, for small k. */
static int sign_plus(const cy_slimb *x, const cy_slimb *m, size_t L, cy_slimb k)
{
    acc c = ACC_ZERO;
    cy_limb nz = 0;
    for (size_t i = 0; i < L; i++) {
        acc_mac(&c, x[i], 1), acc_mac(&c, k, m[i]);
        if (i + 1 < L)
            nz |= acc_low(c) & SMASK, acc_shr(&c);
    }
    cy_slimb top = (cy_slimb)acc_low(c); /* the top limbs are small: the sum fits one limb */
    return top < 0 ? -1 : top > 0 || nz ? 1 : 0;
}

/* 1 if {x, L} is in [lo m, hi m] (ends included when closed). */
static int in_range(const cy_slimb *x, const cy_slimb *m, size_t L, int lo, int hi, int closed)
{
    return sign_plus(x, m, L, -lo) >= (closed ? 0 : 1) && sign_plus(x, m, L, -hi) <= (closed ? 0 : -1);
}

/* The matrix of `steps` divsteps scaled to 2^SB, for f, g with low limbs f0, g0: u f + v g and
 * q f + r g divisible by 2^SB (update_fg's and update_de's exact division), |u| + |v| and
 * |q| + |r| at most 2^SB (their accumulator bounds), and determinant 2^(2 SB - steps) (every
 * divstep's matrix on 2 (f', g') has determinant 2; the scaling multiplies by 4^(SB - steps)). */
static int matrix_ok(const matrix *t, cy_limb f0, cy_limb g0, int steps)
{
    cy_limb one = (cy_limb)1 << SB;
    if (mag(t->u) + mag(t->v) > one || mag(t->q) + mag(t->r) > one)
        return 0;
    if ((((cy_limb)t->u * f0 + (cy_limb)t->v * g0) & SMASK) ||
        (((cy_limb)t->q * f0 + (cy_limb)t->r * g0) & SMASK))
        return 0;
    acc det = ACC_ZERO;
    acc_mac(&det, t->u, t->r), acc_mac(&det, (cy_slimb)((cy_limb)0 - (cy_limb)t->v), t->q);
    int p = 2 * SB - steps;
    for (; p >= SB; p -= SB) {
        if (acc_low(det) & SMASK)
            return 0;
        acc_shr(&det);
    }
    if (acc_low(det) != (cy_limb)1 << p)
        return 0;
    acc_shr(&det);
    return acc_low(det) == 0;
}
#endif

/* k <= H = W/2 - 2 divsteps on the low bits of f and g (f odd), in the form of libsecp256k1's
 * constant-time divsteps: with eta = -delta (hd = 0) or eta = -(delta + 1/2) (hd = 1) the
 * condition delta > 0 is the sign of eta; g += -f or +f if g is odd, and when the step swaps f
 * becomes the old g and its row u, v becomes q, r (qr += -uv, and uv takes the old qr). Every
 * step is the same instruction sequence, the choices are masks. The rows of the matrix are packed
 * two entries to a limb (Pornin, "Optimized binary GCD for modular inversion", IACR eprint
 * 2020/972, packs his update factors the same way): uv = u + 2^(W/2) v, qr = q + 2^(W/2) r, all
 * linear operations act on both halves at once, and with 2^k (f', g') = T (f, g) every entry
 * stays below 2^k <= 2^(W/2 - 2) in magnitude (each step at most doubles the row sums |u| + |v|
 * and |q| + |r|), so the halves never interfere.
 *
 * f is odd, so we keep fh = (f - 1) / 2 instead, which shortens the chain from one step's g to
 * the next: for g odd and s = 0 or -1 (the sign mask of eta), (g + (f ^ s) - s) / 2 =
 * (g - 1) / 2 + (fh ^ s) + 1, i.e. g' = (g >> 1) + odd + ((fh ^ s) & -odd), and a swap's new fh
 * is g >> 1. Returns eta; *pf and *pg become the new f and g, exact in their low W - k bits (the
 * top bits of g are lost in the shifts). */
#define H (W / 2 - 2)
INLINE cy_limb divsteps_packed(cy_limb eta, cy_limb *pf, cy_limb *pg, int k, cy_limb *puv,
                               cy_limb *pqr, int hd)
{
    cy_limb uv = 1, qr = (cy_limb)1 << (W / 2), fh = *pf >> 1, g = *pg;
    /* by 2 or 4: ~2% faster than fully in carry-bench; not at all: ~4% slower */
    UNROLL(GCC unroll 2)
    for (int i = 0; i < k; i++) {
#if defined(CY_ASM_X86_64) && defined(__GNUC__)
        /* The same step on the flags: shr leaves g's low bit in CF, which picks the new g by
         * cmovc and, spread into the mask c2 by sbb, the rest; the swap's two moves are cmovs on
         * the zero flag of c1 = s & c2. Flags and cmovs are data, not branches: the same
         * instructions run whatever the values (test_ct checks it under memcheck). 16 ALU
         * operations a step instead of the 21 gcc makes of the C below, and g's own chain is
         * shr, lea, cmov: at 256 bits ~5.4 cycles a step (the C: about 7). */
        cy_limb s, x, y, c2, gh;
#  define CY__DIVSTEP(eta_extra)                                                                \
        __asm__("mov %[eta], %[s]\n\t"                                                          \
                "sar $63, %[s]\n\t"           /* s: delta > 0 */                               \
                "mov %[fh], %[x]\n\t"                                                           \
                "xor %[s], %[x]\n\t"          /* x = fh ^ s */                                 \
                "mov %[uv], %[y]\n\t"                                                           \
                "xor %[s], %[y]\n\t"                                                            \
                "sub %[s], %[y]\n\t"          /* y = -uv if s */                               \
                "shr $1, %[g]\n\t"            /* g >> 1, CF = g odd */                         \
                "sbb %[c2], %[c2]\n\t"        /* c2 = -odd (CF unchanged) */                   \
                "lea 1(%[g],%[x]), %[x]\n\t"                                                    \
                "mov %[g], %[gh]\n\t"                                                           \
                "cmovc %[x], %[g]\n\t"        /* g odd: g = (g >> 1) + x + 1 */                \
                "and %[c2], %[s]\n\t"         /* s = c1: the step swaps; ZF = !c1 */           \
                "cmovnz %[gh], %[fh]\n\t"     /* swap: f <- old g */                           \
                "cmovnz %[qr], %[uv]\n\t"     /* swap: uv <- old qr */                         \
                "and %[c2], %[y]\n\t"                                                           \
                "add %[y], %[qr]\n\t"                                                           \
                "xor %[s], %[eta]\n\t"                                                          \
                "sub $1, %[eta]\n\t" eta_extra                                                 \
                "add %[uv], %[uv]"                                                              \
                : [eta] "+r"(eta), [fh] "+r"(fh), [g] "+r"(g), [uv] "+r"(uv), [qr] "+r"(qr),   \
                  [s] "=&r"(s), [x] "=&r"(x), [y] "=&r"(y), [c2] "=&r"(c2), [gh] "=&r"(gh)     \
                :                                                                               \
                : "cc")
        if (hd)
            CY__DIVSTEP("");
        else
            CY__DIVSTEP("\n\tsub %[s], %[eta]\n\t"); /* eta - 1 - c1 */
#  undef CY__DIVSTEP
#else
        cy_limb c1 = (cy_limb)((cy_slimb)eta >> (W - 1)); /* delta > 0 */
        cy_limb c2 = (cy_limb)0 - (g & 1);                 /* g odd */
        cy_limb x = (fh ^ c1) + 1, y = (uv ^ c1) - c1, gh = g >> 1;
        g = gh + (x & c2), qr += y & c2;
        c1 &= c2; /* the step swaps: (f, g) <- (g, (g - f) / 2), delta <- 1 - delta */
        /* eta - 1, or when swapping -eta - 1 (divsteps) or -eta - 2 (hddivsteps) */
        eta = (eta ^ c1) - 1 - (hd ? 0 : c1);
        fh ^= (fh ^ gh) & c1, uv += qr & c1; /* qr is already q - u, r - v */
        uv <<= 1; /* keeping 2^i (f, g) = T (f0, g0) doubles f's row */
#endif
    }
    *puv = uv, *pqr = qr;
    *pf = fh << 1 | 1, *pg = g;
    return eta;
}

/* The two signed halves of a packed row. */
static inline void unpack(cy_limb p, cy_limb *lo, cy_limb *hi)
{
    cy_limb l = (cy_limb)((cy_slimb)(p << (W / 2)) >> (W / 2));
    *lo = l, *hi = (cy_limb)((cy_slimb)(p - l) >> (W / 2));
}

/* `steps` <= SB divsteps as parts of at most H steps, the matrices multiplied together (entries
 * below 2^steps, so the products fit a limb); each part goes on from the low bits of f and g the
 * previous one left, exact in the W - done >= steps - done bits it needs.
 * The result is scaled to 2^SB (f', g') = T (f, g): |u| + |v|, |q| + |r| <= 2^SB. */
INLINE cy_limb divsteps(cy_limb eta, cy_limb f, cy_limb g, int steps, matrix *t, int hd)
{
    int parts = (steps + H - 1) / H, done = 0;
    cy_limb u = 1, v = 0, q = 0, r = 1;
    UNROLL(GCC unroll 4)
    for (int p = 0; p < parts; p++) {
        int k = (steps - done) / (parts - p);
        cy_limb uv, qr, u2, v2, q2, r2;
        eta = divsteps_packed(eta, &f, &g, k, &uv, &qr, hd);
        unpack(uv, &u2, &v2), unpack(qr, &q2, &r2);
        /* the halves did not interfere: every row sum at most 2^k */
        CY_VERIFY(mag((cy_slimb)u2) + mag((cy_slimb)v2) <= (cy_limb)1 << k &&
                  mag((cy_slimb)q2) + mag((cy_slimb)r2) <= (cy_limb)1 << k);
        cy_limb nu = u2 * u + v2 * q, nv = u2 * v + v2 * r;
        q = q2 * u + r2 * q, r = q2 * v + r2 * r;
        u = nu, v = nv;
        done += k;
    }
    int sc = SB - steps;
    t->u = (cy_slimb)(u << sc), t->v = (cy_slimb)(v << sc);
    t->q = (cy_slimb)(q << sc), t->r = (cy_slimb)(r << sc);
    return eta;
}

/* The same matrix for exactly SB divsteps of the paper's kind (eta = -delta), in variable time
 * (libsecp256k1's divsteps_var, doc/safegcd_implementation.md section 6): the even steps of a
 * run of zero bits of g in one shift (count trailing zeros), and after an odd g (swapped so that
 * delta <= 0) up to min(1 - delta, steps left, 6) low bits of g cancelled at once by adding w f,
 * w = -g / f mod 2^6 = g f (f^2 - 2) (Hacker's Delight's inverse mod 2^3 lifted once by Newton). */
static cy_limb divsteps_vartime(cy_limb eta, cy_limb f, cy_limb g, matrix *t)
{
    cy_limb u = 1, v = 0, q = 0, r = 1, x;
    int i = SB;
    for (;;) {
        int zeros = (int)cy__ctz64((uint64_t)(g | ((cy_limb)1 << i)));
        g >>= zeros, u <<= zeros, v <<= zeros, eta -= (cy_limb)zeros, i -= zeros;
        if (!i)
            break;
        if ((cy_slimb)eta < 0) { /* (delta, f, g) <- (-delta, g, -f), rows likewise */
            eta = (cy_limb)0 - eta;
            x = f, f = g, g = (cy_limb)0 - x;
            x = u, u = q, q = (cy_limb)0 - x;
            x = v, v = r, r = (cy_limb)0 - x;
        }
        int limit = (int)eta + 1 < i ? (int)eta + 1 : i;
        limit = limit < 6 ? limit : 6;
        cy_limb w = (g * f * (f * f - 2)) & (((cy_limb)1 << limit) - 1);
        g += f * w, q += u * w, r += v * w;
    }
    t->u = (cy_slimb)u, t->v = (cy_slimb)v, t->q = (cy_slimb)q, t->r = (cy_slimb)r;
    return eta;
}

/* (f, g) <- T (f, g) / 2^SB, exact. |f|, |g| never grow, so L limbs hold them; per limb the
 * accumulator holds at most (|u| + |v|) 2^SB + carry < 2^(2 SB + 1). */
INLINE void update_fg(cy_slimb *f, cy_slimb *g, size_t L, const matrix *t)
{
    acc cf = ACC_ZERO, cg = ACC_ZERO;
    for (size_t i = 0; i < L; i++) {
        acc_mac(&cf, t->u, f[i]), acc_mac(&cf, t->v, g[i]);
        acc_mac(&cg, t->q, f[i]), acc_mac(&cg, t->r, g[i]);
        if (i) /* i = 0: the low SB bits are 0 */
            f[i - 1] = (cy_slimb)(acc_low(cf) & SMASK), g[i - 1] = (cy_slimb)(acc_low(cg) & SMASK);
        else
            CY_VERIFY(!(acc_low(cf) & SMASK) && !(acc_low(cg) & SMASK));
        acc_shr(&cf), acc_shr(&cg);
    }
    f[L - 1] = (cy_slimb)acc_low(cf), g[L - 1] = (cy_slimb)acc_low(cg);
}

/* (d, e) <- (T (d, e) + m (md, me)) / 2^SB for d, e in (-2m, m), result in (-2m, m)
 * (libsecp256k1's update_de argument): md, me start as the entries of T that meet a negative
 * d or e (which adds m to it, so the products see values in (-m, m)), then lose what makes the
 * low SB bits of the sum vanish, a value in [0, 2^SB). minv = m^-1 mod 2^SB. The accumulator
 * per limb: 2^SB (2^SB + 2^(SB + 1)) + carry < 2^(2 SB + 2), within the double limb. */
INLINE void update_de(cy_slimb *d, cy_slimb *e, size_t L, const matrix *t,
                      const cy_slimb *m, cy_limb minv)
{
    cy_limb sd = (cy_limb)(d[L - 1] >> (W - 1)), se = (cy_limb)(e[L - 1] >> (W - 1));
    cy_limb md = ((cy_limb)t->u & sd) + ((cy_limb)t->v & se);
    cy_limb me = ((cy_limb)t->q & sd) + ((cy_limb)t->r & se);
    cy_limb d0 = (cy_limb)t->u * (cy_limb)d[0] + (cy_limb)t->v * (cy_limb)e[0];
    cy_limb e0 = (cy_limb)t->q * (cy_limb)d[0] + (cy_limb)t->r * (cy_limb)e[0];
    md -= (minv * d0 + md) & SMASK;
    me -= (minv * e0 + me) & SMASK;
    acc cd = ACC_ZERO, ce = ACC_ZERO;
    for (size_t i = 0; i < L; i++) {
        acc_mac(&cd, t->u, d[i]), acc_mac(&cd, t->v, e[i]), acc_mac(&cd, (cy_slimb)md, m[i]);
        acc_mac(&ce, t->q, d[i]), acc_mac(&ce, t->r, e[i]), acc_mac(&ce, (cy_slimb)me, m[i]);
        if (i)
            d[i - 1] = (cy_slimb)(acc_low(cd) & SMASK), e[i - 1] = (cy_slimb)(acc_low(ce) & SMASK);
        else /* md, me made the low SB bits vanish */
            CY_VERIFY(!(acc_low(cd) & SMASK) && !(acc_low(ce) & SMASK));
        acc_shr(&cd), acc_shr(&ce);
    }
    d[L - 1] = (cy_slimb)acc_low(cd), e[L - 1] = (cy_slimb)acc_low(ce);
}

/* {out, L} signed limbs of {a, n} (a >= 0, below 2^(nW)); indices depend on n only. */
static void to_slimbs(cy_slimb *out, size_t L, const cy_limb *a, size_t n)
{
    for (size_t i = 0; i < L; i++) {
        size_t bit = i * SB, w = bit / W, sh = bit % W;
        cy_limb x = w < n ? a[w] >> sh : 0;
        if (sh > W - SB && w + 1 < n)
            x |= a[w + 1] << (W - sh);
        out[i] = (cy_slimb)(x & SMASK);
    }
}

/* {r, n} from signed limbs holding a value in [0, 2^(nW)) (every limb in [0, 2^SB)). */
static void from_slimbs(cy_limb *r, size_t n, const cy_slimb *x, size_t L)
{
    for (size_t j = 0; j < n; j++) {
        size_t bit = j * W, i = bit / SB, sh = bit % SB;
        cy_limb y = (cy_limb)x[i] >> sh;
        for (size_t k = SB - sh; k < W && ++i < L; k += SB)
            y |= (cy_limb)x[i] << k;
        r[j] = y;
    }
}

/* {x, L} += m if mask; the limbs come out canonical (low limbs in [0, 2^SB)). */
static void cnd_add_m(cy_slimb *x, const cy_slimb *m, size_t L, cy_limb mask)
{
    cy_slimb c = 0;
    for (size_t i = 0; i < L; i++) {
        c += x[i] + (cy_slimb)((cy_limb)m[i] & mask);
        x[i] = i < L - 1 ? (cy_slimb)((cy_limb)c & SMASK) : c;
        c >>= SB;
    }
}

/* {x, L} = -x if mask. */
static void cnd_neg(cy_slimb *x, size_t L, cy_limb mask)
{
    cy_slimb c = 0;
    for (size_t i = 0; i < L; i++) {
        c += (cy_slimb)(((cy_limb)x[i] ^ mask) - mask);
        x[i] = i < L - 1 ? (cy_slimb)((cy_limb)c & SMASK) : c;
        c >>= SB;
    }
}

/* Divstep count for d-bit inputs and the variant (hd) it is for; see the top of the file. */
static size_t divstep_bound(size_t d, int *hd)
{
    *hd = d <= 3805;
    if (!*hd)
        return (49 * d + 57) / 17;
    size_t b = (3787 * d + 2166) / 1644;
    return d <= 256 && b > 590 ? 590 : b;
}

/* The whole computation for n-limb moduli, L = slimbs(n); inlined with constant n <= 4 (up to
 * 256-bit moduli, 64-bit limbs), which unrolls the matrix applications and the divsteps and makes
 * the step counts constants. */
INLINE int safegcd_core(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_slimb *f,
                        size_t n, size_t L, int vartime)
{
    cy_slimb *g = f + L, *d = g + L, *e = d + L, *m = e + L;
    cy_limb bad = cy__lt_n(a, ctx->m, n) ^ 1;
    cy_limb minv = ((cy_limb)0 - ctx->minv) & SMASK; /* ctx->minv = -m^-1 mod B */

    to_slimbs(m, L, ctx->m, n);
    for (size_t i = 0; i < L; i++)
        f[i] = m[i], d[i] = 0, e[i] = 0;
    to_slimbs(g, L, a, n);
    for (size_t i = 0; i < L; i++) /* a >= m: run on g = 0, report CY_EUNREDUCED */
        g[i] = (cy_slimb)((cy_limb)g[i] & ~cy__mask_bit(bad));
    e[0] = 1;
    cy_limb eta = CY_LIMB_MAX; /* delta = 1 (eta = -1) or 1/2 (eta = -(1/2 + 1/2)) */
    matrix t;
    if (vartime) {
        for (;;) {
            cy_limb nz = 0;
            for (size_t j = 0; j < L; j++)
                nz |= (cy_limb)g[j];
            if (!nz)
                break;
            eta = divsteps_vartime(eta, (cy_limb)f[0], (cy_limb)g[0], &t);
            CY_VERIFY(matrix_ok(&t, (cy_limb)f[0], (cy_limb)g[0], SB));
            update_fg(f, g, L, &t);
            update_de(d, e, L, &t, m, minv);
            CY_VERIFY(in_range(f, m, L, -1, 1, 1) && in_range(g, m, L, -1, 1, 1));
            CY_VERIFY(in_range(d, m, L, -2, 1, 0) && in_range(e, m, L, -2, 1, 0));
        }
    } else {
        int hd;
        size_t total = divstep_bound(n * W, &hd);
        size_t batches = (total + SB - 1) / SB;
        int steps = (int)((total + batches - 1) / batches);
        for (size_t i = 0; i < batches; i++) {
            eta = hd ? divsteps(eta, (cy_limb)f[0], (cy_limb)g[0], steps, &t, 1)
                     : divsteps(eta, (cy_limb)f[0], (cy_limb)g[0], steps, &t, 0);
            CY_VERIFY(matrix_ok(&t, (cy_limb)f[0], (cy_limb)g[0], steps));
            update_fg(f, g, L, &t);
            update_de(d, e, L, &t, m, minv);
            /* |f|, |g| <= m: a divstep's new g, (g +- f) / 2 or g / 2, is no larger than both */
            CY_VERIFY(in_range(f, m, L, -1, 1, 1) && in_range(g, m, L, -1, 1, 1));
            CY_VERIFY(in_range(d, m, L, -2, 1, 0) && in_range(e, m, L, -2, 1, 0));
        }
        /* the divstep bound: g has reached 0 */
        CY_VERIFY(sign_plus(g, m, L, 0) == 0);
    }
    /* f = 1: a^-1 = d; f = -1: a^-1 = -d; anything else: gcd(a, m) > 1 or a = 0. */
    cy_limb plus = (cy_limb)f[0] ^ 1, minus = (cy_limb)f[0] ^ SMASK;
    for (size_t i = 1; i < L - 1; i++)
        plus |= (cy_limb)f[i], minus |= (cy_limb)f[i] ^ SMASK;
    plus |= (cy_limb)f[L - 1], minus |= ~(cy_limb)f[L - 1];
    plus = ~cy__mask_nz(plus), minus = ~cy__mask_nz(minus);
    /* d in (-2m, m): add m if negative, negate if f = -1, add m if negative: [0, m) */
    cnd_add_m(d, m, L, cy__ct_barrier((cy_limb)(d[L - 1] >> (W - 1))));
    cnd_neg(d, L, minus);
    cnd_add_m(d, m, L, cy__ct_barrier((cy_limb)(d[L - 1] >> (W - 1))));
    cy_limb ok = (plus | minus) & ~cy__mask_bit(bad);
    from_slimbs(r, n, d, L);
    for (size_t i = 0; i < n; i++)
        r[i] &= ok;
    return (int)bad * CY_EUNREDUCED + (int)((bad ^ 1) & ~ok & 1) * CY_ENOTINV;
}

static int safegcd(cy_limb *r, const cy_limb *a, const cy_mont *ctx, cy_limb *scratch,
                   int vartime)
{
    size_t n = ctx->n;
    cy_slimb *f = (cy_slimb *)scratch;
    if (W == 64)
        switch (n) { /* up to 256 bits: every loop unrolled */
        case 1: return safegcd_core(r, a, ctx, f, 1, 2, vartime);
        case 2: return safegcd_core(r, a, ctx, f, 2, 3, vartime);
        case 3: return safegcd_core(r, a, ctx, f, 3, 4, vartime);
        case 4: return safegcd_core(r, a, ctx, f, 4, 5, vartime);
        }
    return safegcd_core(r, a, ctx, f, n, slimbs(n), vartime);
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
