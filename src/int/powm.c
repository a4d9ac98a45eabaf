/* cy_int modular exponentiation: Montgomery sliding window (carry/mod.h) for odd moduli; for even
 * ones the odd part that way and the power of two by truncated products, joined by the CRT.
 * cy_int_powm_sec: the constant-time path of carry/mod.h (cy_mont_init, cy_mont_mod,
 * cy_mont_powm) for odd moduli. SPDX-License-Identifier: MIT */
#include "carry/mod.h"
#include "core/verify.h"
#include "impl.h"

/* R = B^e mod M for an odd M >= 3 and 0 <= B < M, e >= 0, on a Montgomery context set up in
 * variable time (cy_int_powm is): cy_mont_init_vartime's two divisions instead of cy_mont_init's
 * doublings and squarings (a quarter of the time of a 4-limb powm); for a one-limb M,
 * cy_mont_powm_vartime runs on one-limb products. */
static int powm_odd(cy_int *R, const cy_int *B, const cy_int *e, const cy_int *M)
{
    size_t n = cy__int_n(M), en = cy__int_n(e), sn = cy_mont_storage_limbs(n);
    size_t itch = cy_mont_init_vartime_itch(n), pitch = cy_mont_powm_vartime_itch(n, en);
    if (pitch > itch)
        itch = pitch;
    cy_limb *res, *tmp, local[CY__INT_LOCAL];
    int err = cy__int_ralloc(&res, n);
    if (!err && (err = cy__int_salloc(&tmp, cy__int_addsz(sn + n, itch), local)) != CY_OK)
        cy__int_tfree(res);
    if (err)
        return err;
    cy_limb *storage = tmp, *base = tmp + sn, *scratch = base + n;
    cy_mpn_copy(base, B->d, cy__int_n(B));
    cy_mpn_zero(base + cy__int_n(B), n - cy__int_n(B));
    cy_mont ctx;
    cy_mont_init_vartime(&ctx, storage, M->d, n, scratch); /* M odd, >= 3, top limb != 0 */
    cy_mont_powm_vartime(res, base, e->d, en, &ctx, scratch); /* B < M */
    cy__int_sfree(tmp, local);
    cy__int_install(R, res, n, n, 0);
    return CY_OK;
}

/* x = x mod 2^k for x >= 0: the low k bits, in place (no allocation). */
static void low_bits(cy_int *x, uint64_t k)
{
    uint64_t limbs = k / CY_LIMB_BITS;
    unsigned sh = (unsigned)(k % CY_LIMB_BITS);
    if (limbs >= cy__int_n(x))
        return;
    size_t n = (size_t)limbs;
    if (sh)
        x->d[n++] &= ((cy_limb)1 << sh) - 1;
    cy__int_setsize(x, n, 0);
}

/* R = B^e mod 2^k for 0 <= B < 2^k, e >= 0, k >= 1: left to right over the bits of e, keeping
 * the low k bits of each product. */
static int powm_2exp(cy_int *R, const cy_int *B, const cy_int *e, uint64_t k)
{
    int err = cy_int_set_i64(R, 1);
    for (size_t i = cy_int_sizeinbase(e, 2); !err && e->size && i-- > 0;) {
        err = cy_int_mul(R, R, R);
        low_bits(R, k);
        if (!err && ((e->d[i / CY_LIMB_BITS] >> (i % CY_LIMB_BITS)) & 1)) {
            err = cy_int_mul(R, R, B);
            low_bits(R, k);
        }
    }
    return err;
}

/* R = B^e mod M for an even M >= 2 and 0 <= B < M, e >= 0. With M = 2^k O, O odd: B^e mod O by
 * Montgomery (when O > 1), B^e mod 2^k by products truncated to k bits, joined by the Chinese
 * remainder theorem (Garner): R = R1 + O ((R2 - R1) O^-1 mod 2^k), which is below O 2^k = M. */
static int powm_even(cy_int *R, const cy_int *B, const cy_int *e, const cy_int *M)
{
    size_t z = 0;
    while (M->d[z] == 0)
        z++;
    uint64_t k = (uint64_t)z * CY_LIMB_BITS;
    for (cy_limb low = M->d[z]; !(low & 1); low >>= 1)
        k++;
    cy_int O, P, B2, R1, R2, t;
    cy_int *all[] = {&O, &P, &B2, &R1, &R2, &t};
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        cy_int_init(all[i]);
    int err = cy_int_fdiv_q_2exp(&O, M, k);
    if (!err)
        err = cy_int_set(&B2, B);
    low_bits(&B2, k);
    if (!err)
        err = powm_2exp(&R2, &B2, e, k);
    if (!err && cy_int_cmp_i64(&O, 1) == 0) /* M = 2^k */
        cy_int_swap(R, &R2);
    else if (!err) {
        err = cy_int_mod(&B2, B, &O);
        if (!err)
            err = powm_odd(&R1, &B2, e, &O);
        if (!err)
            err = cy_int_set_i64(&t, 1);
        if (!err)
            err = cy_int_mul_2exp(&P, &t, k);
        if (!err)
            err = cy_int_invert(&t, &O, &P);
        if (!err)
            err = cy_int_sub(&R2, &R2, &R1);
        if (!err)
            err = cy_int_mul(&R2, &R2, &t);
        if (!err)
            err = cy_int_mod(&R2, &R2, &P);
        if (!err)
            err = cy_int_mul(&R2, &R2, &O);
        if (!err)
            err = cy_int_add(&R1, &R1, &R2);
        CY_VERIFY(err || (R1.size >= 0 && cy_int_cmp(&R1, M) < 0));
        if (!err)
            cy_int_swap(R, &R1);
    }
    for (size_t i = 0; i < sizeof all / sizeof *all; i++)
        cy_int_clear(all[i]);
    return err;
}

int cy_int_powm(cy_int *r, const cy_int *b, const cy_int *e, const cy_int *m)
{
    if (m->size == 0)
        return CY_EDIVZERO;
    cy_int M = cy__int_absview(m), E = cy__int_absview(e), B, R;
    cy_int_init(&B);
    cy_int_init(&R);
    /* The base reduced into [0, M), or its inverse for a negative exponent. */
    int err = cy__int_isneg(e) ? cy_int_invert(&B, b, &M) : cy_int_mod(&B, b, &M);
    if (!err && cy_int_cmp_i64(&M, 1) == 0)
        R.size = 0; /* everything is 0 modulo 1 */
    else if (!err)
        err = (M.d[0] & 1) ? powm_odd(&R, &B, &E, &M) : powm_even(&R, &B, &E, &M);
    if (!err)
        cy_int_swap(r, &R);
    cy_int_clear(&B);
    cy_int_clear(&R);
    return err;
}

int cy_int_powm_sec(cy_int *r, const cy_int *b, const cy_int *e, const cy_int *m)
{
    if (m->size == 0)
        return CY_EDIVZERO;
    if (!(m->d[0] & 1))
        return CY_EEVEN;
    if (cy__int_isneg(e))
        return CY_EINVAL;
    size_t n = cy__int_n(m), bn = cy__int_n(b), en = cy__int_n(e), sn = cy_mont_storage_limbs(n);
    size_t itch = cy_mont_init_itch(n), t;
    if ((t = cy_mont_mod_itch(n)) > itch)
        itch = t;
    if ((t = cy_mont_powm_itch(n, en)) > itch)
        itch = t;
    /* storage, the modulus (n), the reduced base x (n), its negation (n), a 2n-limb chunk
     * buffer, scratch */
    cy_limb *res, *tmp, local[CY__INT_LOCAL];
    int err = cy__int_ralloc(&res, n);
    if (!err && (err = cy__int_salloc(&tmp, cy__int_addsz(sn + 5 * n, itch), local)) != CY_OK)
        cy__int_tfree(res);
    if (err)
        return err;
    cy_limb *storage = tmp, *mm = tmp + sn, *x = mm + n, *y = x + n, *buf = y + n, *scratch = buf + 2 * n;
    /* |m| = 1 (possible only for n = 1) is run as m = 3 and the result masked to 0 at the end: no
     * branch on whether the secret modulus is 1. */
    cy_limb low = m->d[0] ^ 1, one = (cy_limb)0 - (cy_limb)(n == 1);
    one &= ((low | ((cy_limb)0 - low)) >> (CY_LIMB_BITS - 1)) - 1; /* all ones iff low = 0 */
    cy_mpn_copy(mm, m->d, n);
    mm[0] |= one & 2;
    cy_mont ctx;
    cy_mont_init(&ctx, storage, mm, n, scratch); /* odd and >= 3: no error */
    /* x = |b| mod m by Horner's rule on chunks of n limbs, from the top:
     * x = (x B^n + chunk) mod m, one constant-time cy_mont_mod of 2n limbs each. */
    cy_mpn_zero(x, n);
    for (size_t c = (bn + n - 1) / n; c-- > 0;) {
        size_t lo = c * n, k = bn - lo < n ? bn - lo : n;
        cy_mpn_copy(buf, b->d + lo, k);
        cy_mpn_zero(buf + k, n - k);
        cy_mpn_copy(buf + n, x, n);
        cy_mont_mod(x, buf, 2 * n, &ctx, scratch);
    }
    /* x = -x mod m when b < 0, selected with a mask: no branch on the sign */
    cy_mont_neg(y, x, &ctx);
    cy_limb mask = (cy_limb)0 - (cy_limb)cy__int_isneg(b);
    for (size_t i = 0; i < n; i++)
        x[i] = (y[i] & mask) | (x[i] & ~mask);
    cy_mont_powm(res, x, e->d, en, &ctx, scratch); /* x < m: no error */
    for (size_t i = 0; i < n; i++)
        res[i] &= ~one;
    cy__int_sfree(tmp, local);
    cy__int_install(r, res, n, n, 0);
    return CY_OK;
}
