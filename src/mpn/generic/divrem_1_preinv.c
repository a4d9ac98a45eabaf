/* Generic cy_mpn_divrem_1_preinv: {q, n} = floor({a, n} / d), returns {a, n} mod d, for a divisor
 * prepared by cy_mpn_div1_inv_init (Moller-Granlund 2/1 steps, src/mpn/divimpl.h).
 * SPDX-License-Identifier: MIT */
#include "../divimpl.h"

cy_limb cy__mpn_divrem_1_preinv_generic(cy_limb *q, const cy_limb *a, size_t n,
                                        const cy_mpn_div1_inv *inv)
{
    return cy__divrem_1_loop(q, a, n, inv);
}
