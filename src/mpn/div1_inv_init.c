/* cy_mpn_div1_inv_init: a divisor limb with its 2/1 reciprocal. SPDX-License-Identifier: MIT */
#include "divimpl.h"

void cy_mpn_div1_inv_init(cy_mpn_div1_inv *inv, cy_limb d)
{
    CY_ASSERT(d != 0);
    inv->d = d;
    inv->shift = cy__clz(d);
    inv->dnorm = d << inv->shift;
    inv->v = cy__invert_limb(inv->dnorm);
}
