/* Private to carry: internal invariants, in the style of libsecp256k1's VERIFY_CHECK.
 * SPDX-License-Identifier: MIT
 *
 * CY_VERIFY(c) states a bound that a derivation in a comment relies on (a matrix entry's range,
 * the sign or size of an interpolation intermediate, a reduction's output bound). Debug builds
 * (CY_DEBUG: the debug and sanitize presets) check it and stop through cy_assert_fail with the
 * condition prefixed by "invariant: ", so a broken derivation fails a test at the place it breaks
 * instead of producing a wrong result later; other builds compile it out. The condition must have
 * no side effect and, in constant-time code, may read secret values only in debug builds (which
 * are never the constant-time builds). */
#ifndef CARRY_SRC_CORE_VERIFY_H
#define CARRY_SRC_CORE_VERIFY_H

#include "carry/config.h"

#ifdef CY_DEBUG
#  define CY_VERIFY(c) ((c) ? (void)0 : cy_assert_fail(__FILE__, __LINE__, "invariant: " #c))
#else
#  define CY_VERIFY(c) ((void)0)
#endif

#endif /* CARRY_SRC_CORE_VERIFY_H */
