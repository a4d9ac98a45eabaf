/* cy_int modular exponentiation: Montgomery sliding window (carry/mod.h) for odd moduli, square
 * and multiply with a division after each product for even ones. SPDX-License-Identifier: MIT */
#include "carry/mod.h"
#include "impl.h"

/* R = B^e mod M for an odd M >= 3 and 0 <= B < M, e >= 0. */
static int powm_odd(cy_int *R, const cy_int *B, const cy_int *e, const cy_int *M)
{
    size_t n = M->size, en = e->size;
    size_t itch = cy_mont_init_itch(n), pitch = cy_mont_powm_vartime_itch(n, en);
    if (pitch > itch)
        itch = pitch;
    cy_limb *res, *tmp, local[CY__INT_LOCAL];
    int err = cy__int_talloc(&res, n);
    if (!err && (err = cy__int_salloc(&tmp, cy__int_addsz(cy_mont_storage_limbs(n) + n, itch), local)) != CY_OK)
        cy__int_tfree(res);
    if (err)
        return err;
    cy_limb *storage = tmp, *base = tmp + cy_mont_storage_limbs(n), *scratch = base + n;
    cy_mpn_copy(base, B->d, B->size);
    cy_mpn_zero(base + B->size, n - B->size);
    cy_mont ctx;
    /* Neither can fail: M is odd and >= 3, base < M. */
    cy_mont_init(&ctx, storage, M->d, n, scratch);
    cy_mont_powm_vartime(res, base, e->d, en, &ctx, scratch);
    cy__int_sfree(tmp, local);
    cy__int_install(R, res, n, n, 0);
    return CY_OK;
}

/* R = B^e mod M for an even M >= 2 and 0 <= B < M, e >= 0: left to right over the bits of e. */
static int powm_even(cy_int *R, const cy_int *B, const cy_int *e, const cy_int *M)
{
    int err = cy_int_set_i64(R, 1);
    for (size_t i = cy_int_sizeinbase(e, 2); !err && e->size && i-- > 0;) {
        err = cy_int_mul(R, R, R);
        if (!err)
            err = cy_int_mod(R, R, M);
        if (!err && ((e->d[i / CY_LIMB_BITS] >> (i % CY_LIMB_BITS)) & 1)) {
            err = cy_int_mul(R, R, B);
            if (!err)
                err = cy_int_mod(R, R, M);
        }
    }
    return err;
}

int cy_int_powm(cy_int *r, const cy_int *b, const cy_int *e, const cy_int *m)
{
    if (m->size == 0)
        return CY_EDIVZERO;
    cy_int M = *m, E = *e, B, R; /* M = |m| and E = |e|: views of the limbs of m and e */
    M.neg = 0;
    E.neg = 0;
    cy_int_init(&B);
    cy_int_init(&R);
    /* The base reduced into [0, M), or its inverse for a negative exponent. */
    int err = e->neg ? cy_int_invert(&B, b, &M) : cy_int_mod(&B, b, &M);
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
