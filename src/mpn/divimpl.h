/* Internal to carry's mpn layer: the division internals shared by division, gcd, square root
 * and radix conversion (the one-limb steps they build on are in carry/limb.h, the crossovers in
 * core/tune.h). SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_MPN_DIVIMPL_H
#define CARRY_SRC_MPN_DIVIMPL_H

#include "carry/limb.h"
#include "carry/mpn.h"

/* Schoolbook division (src/mpn/sb_div.c): {n, nn} by the normalised {d, dn}, dn >= 2, nn >= dn,
 * v = cy__invert_pi1(d[dn-1], d[dn-2]). Writes the quotient Q = ret * B^(nn-dn) + {q, nn - dn}
 * (ret in {0, 1}) and leaves the remainder in {n, dn}; the rest of {n, nn} is clobbered.
 * q must not overlap n or d. */
cy_limb cy__mpn_sb_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb v);

/* Divide-and-conquer division (src/mpn/dc_div.c), same contract as cy__mpn_sb_div; tp has
 * cy__mpn_dc_div_itch(dn) limbs. */
cy_limb cy__mpn_dc_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb v,
                       cy_limb *tp);
size_t cy__mpn_dc_div_itch(size_t dn);


/* Approximate reciprocal (src/mpn/invert.c): for a normalised {a, n}, n >= 1, writes {ip, n} with
 * X = B^n + {ip, n} satisfying A X < B^(2n) <= A (X + 2) (floor((B^(2n) - 1) / A) or one less).
 * tp has cy__mpn_invert_itch(n) limbs; ip must not overlap a or tp. Exact (the floor) below
 * cy__tune_now()->inv_newton limbs, Newton's iteration above. */
void cy__mpn_invert(cy_limb *ip, const cy_limb *a, size_t n, cy_limb *tp);
size_t cy__mpn_invert_itch(size_t n);

/* Block division with a reciprocal of the divisor's top limbs (src/mpn/mu_div.c), the contract of
 * cy__mpn_sb_div with nn > dn; tp has cy__mpn_mu_div_itch(nn, dn) limbs. */
cy_limb cy__mpn_mu_div(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn, cy_limb *tp);
size_t cy__mpn_mu_div_itch(size_t nn, size_t dn);

/* The same with a given reciprocal: {ip, k} from cy__mpn_invert of the top k limbs of D,
 * 1 <= k <= dn, nn >= dn; quotient blocks of at most k limbs. tp has
 * cy__mpn_mu_div_preinv_itch(dn, k) limbs. Each block costs a k x k and a dn x k product. */
cy_limb cy__mpn_mu_div_preinv(cy_limb *q, cy_limb *n, size_t nn, const cy_limb *d, size_t dn,
                              const cy_limb *ip, size_t k, cy_limb *tp);
size_t cy__mpn_mu_div_preinv_itch(size_t dn, size_t k);

/* The single-limb division loop behind cy_mpn_divrem_1 and cy_mpn_mod_1 (the latter passes
 * q = NULL, and inlining removes the stores): divides {a, n} * 2^shift by dnorm, feeding each
 * step the next limb of the shifted dividend, so the quotient is that of {a, n} by d and the
 * remainder is shifted back at the end. Each step is cy__udiv_2by1 with remainder < dnorm, so its
 * precondition u1 < d holds. q may equal a: q[i] is written after a[i] and a[i-1] are read. */
static inline cy_limb cy__divrem_1_loop(cy_limb *q, const cy_limb *a, size_t n,
                                        const cy_mpn_div1_inv *inv)
{
    const cy_limb d = inv->dnorm, v = inv->v;
    const unsigned s = inv->shift;
    if (n == 0)
        return 0;
    cy_limb r, qq;
    if (s == 0) {
        size_t i = n;
        r = 0;
        if (a[n - 1] < d) { /* the top quotient limb is 0: skip one step */
            r = a[n - 1];
            if (q)
                q[n - 1] = 0;
            i--;
        }
        while (i-- > 0) {
            qq = cy__udiv_2by1(r, a[i], d, v, &r);
            if (q)
                q[i] = qq;
        }
        return r;
    }
    r = a[n - 1] >> (CY_LIMB_BITS - s); /* < 2^s <= B/2 <= d */
    for (size_t i = n - 1; i > 0; i--) {
        qq = cy__udiv_2by1(r, (a[i] << s) | (a[i - 1] >> (CY_LIMB_BITS - s)), d, v, &r);
        if (q)
            q[i] = qq;
    }
    qq = cy__udiv_2by1(r, a[0] << s, d, v, &r);
    if (q)
        q[0] = qq;
    return r >> s;
}

#endif /* CARRY_SRC_MPN_DIVIMPL_H */
