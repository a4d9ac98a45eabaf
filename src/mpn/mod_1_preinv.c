/* cy_mpn_mod_1_preinv: remainder by a prepared limb. SPDX-License-Identifier: MIT */
#include "divimpl.h"

cy_limb cy_mpn_mod_1_preinv(const cy_limb *a, size_t n, const cy_mpn_div1_inv *inv)
{
    return cy__divrem_1_loop(NULL, a, n, inv);
}
