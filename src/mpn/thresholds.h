/* Multiplication crossovers, in limbs (see src/mpn/mul.c). SPDX-License-Identifier: MIT
 * Placeholder values until carry-tune has run. */
#ifndef CARRY_SRC_MPN_THRESHOLDS_H
#define CARRY_SRC_MPN_THRESHOLDS_H
#define CY_MUL_TOOM22_THRESHOLD 24
#define CY_MUL_TOOM33_THRESHOLD 80
#define CY_SQR_TOOM22_THRESHOLD 32
#define CY_SQR_TOOM33_THRESHOLD 100
#define CY_MULLO_THRESHOLD 40
#endif
