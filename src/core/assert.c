/* The debug-build precondition report. SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>

#include "carry/config.h"

#ifdef CY_DEBUG
void cy_assert_fail(const char *file, int line, const char *cond)
{
    fprintf(stderr, "carry: precondition failed: %s (%s:%d)\n", cond, file, line);
    abort();
}
#endif
