/* carry-bench suite "uint" where bench/uint.cpp cannot be built (no working C++ compiler for the
 * target, or no boost headers): says so instead of timing. SPDX-License-Identifier: MIT */
#include "bench.h"

void bench_uint(int quick)
{
    (void)quick;
    bench_note("u256", "suite uint not built: it needs a C++ compiler for this target and "
                       "boost::multiprecision headers (libboost-dev)");
}

const char *bench_boost_version(void)
{
    return NULL;
}
