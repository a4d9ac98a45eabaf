/* Internal: the value of a digit character in bases up to 36, shared by the string readers of the
 * mpn and int layers. SPDX-License-Identifier: MIT */
#ifndef CARRY_SRC_CORE_DIGIT_H
#define CARRY_SRC_CORE_DIGIT_H

/* 0-9, then a-z and A-Z as 10..35; 36 (no digit of any base) for every other character. */
static inline unsigned cy__digit_value(unsigned char c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'z')
        return c - 'a' + 10u;
    if (c >= 'A' && c <= 'Z')
        return c - 'A' + 10u;
    return 36;
}

#endif
