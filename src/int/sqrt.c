/* cy_int square root with remainder, on cy_mpn_sqrtrem. SPDX-License-Identifier: MIT */
#include "impl.h"

int cy_int_sqrtrem(cy_int *s, cy_int *r, const cy_int *a)
{
    if (s == r || a->size < 0)
        return CY_EINVAL;
    size_t n = cy__int_n(a);
    if (n == 0) {
        s->size = 0;
        if (r)
            r->size = 0;
        return CY_OK;
    }
    size_t sn = (n + 1) / 2;
    cy_limb *sbuf, *rbuf = NULL, *scratch = NULL, local[CY__INT_LOCAL];
    int err = cy__int_ralloc(&sbuf, sn);
    if (!err && r)
        err = cy__int_ralloc(&rbuf, n);
    if (!err)
        err = cy__int_salloc(&scratch, cy_mpn_sqrtrem_itch(n), local);
    if (err) {
        cy__int_tfree(sbuf);
        cy__int_tfree(rbuf);
        return err;
    }
    size_t rn = cy_mpn_sqrtrem(sbuf, rbuf, a->d, n, scratch); /* fresh s, r: no overlap with a */
    cy__int_sfree(scratch, local);
    cy__int_install(s, sbuf, sn, sn, 0);
    if (r)
        cy__int_install(r, rbuf, n, rn, 0);
    return CY_OK;
}
