/* carry.h -- all of carry's public layers. SPDX-License-Identifier: MIT */
#ifndef CARRY_H
#define CARRY_H

#include "carry/config.h"
#include "carry/cpu.h"
#include "carry/mpn.h"
#include "carry/u128.h"
#include "carry/mod.h"
#include "carry/uint.h"
#include "carry/int.h"

#endif /* CARRY_H */
