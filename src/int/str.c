/* cy_int conversion to and from strings in bases 2..36. SPDX-License-Identifier: MIT */
#include "impl.h"

size_t cy_int_str_size(const cy_int *a, int base)
{
    size_t digits = cy_int_sizeinbase(a, base);
    return digits ? digits + (size_t)cy__int_isneg(a) + 1 : 0;
}

int cy_int_get_str(char *str, size_t size, size_t *len, int base, const cy_int *a)
{
    if (base < 2 || base > 36)
        return CY_EINVAL;
    size_t n = cy__int_n(a), bound = cy_mpn_sizeinbase(a->d, n, base), neg = (size_t)cy__int_isneg(a);
    /* The digits go straight into str when the bound fits, else into a temporary area (limbs of
     * the allocator) and are copied if their exact count fits. */
    int direct = size >= neg + bound + 1;
    cy_limb *tmp = NULL, *scratch, local[CY__INT_LOCAL];
    int err = direct ? CY_OK : cy__int_talloc(&tmp, bound / sizeof(cy_limb) + 1);
    if (!err && (err = cy__int_salloc(&scratch, cy_mpn_get_str_itch(n, base), local)) != CY_OK)
        cy__int_tfree(tmp);
    if (err)
        return err;
    char *digits = direct ? str + neg : (char *)tmp;
    size_t k = cy_mpn_get_str(digits, base, a->d, n, scratch);
    cy__int_sfree(scratch, local);
    if (!direct) {
        if (neg + k + 1 > size)
            err = CY_ERANGE;
        else
            memcpy(str + neg, digits, k);
        cy__int_tfree(tmp);
        if (err)
            return err;
    }
    if (neg)
        str[0] = '-';
    str[neg + k] = '\0';
    if (len)
        *len = neg + k;
    return CY_OK;
}

/* 1 if the n characters at s start with '0' and then c or its upper case. */
static int prefix(const char *s, size_t n, char c)
{
    return n >= 2 && s[0] == '0' && (s[1] == c || s[1] == c - 'a' + 'A');
}

int cy_int_set_strn(cy_int *r, const char *str, size_t len, int base)
{
    if (base != 0 && (base < 2 || base > 36))
        return CY_EINVAL;
    int neg = len > 0 && str[0] == '-';
    if (len > 0 && (str[0] == '-' || str[0] == '+')) {
        str++;
        len--;
    }
    size_t skip = 0;
    if ((base == 0 || base == 16) && prefix(str, len, 'x')) {
        base = 16;
        skip = 2;
    } else if (base == 0 && prefix(str, len, 'b')) {
        base = 2;
        skip = 2;
    } else if (base == 0)
        base = 10;
    str += skip;
    len -= skip;
    if (len == 0)
        return CY_EINVAL;
    /* cy_mpn_set_str checks every character before it writes anything. */
    size_t rn = cy_mpn_set_str_size(len, base), n;
    if (rn > CY__INT_MAX_LIMBS)
        return CY_ENOMEM;
    cy_limb *buf, *scratch, lbuf[CY__INT_LOCAL], lscratch[CY__INT_LOCAL];
    int err = cy__int_salloc(&buf, rn, lbuf);
    if (!err && (err = cy__int_salloc(&scratch, cy_mpn_set_str_itch(len, base), lscratch)) != CY_OK)
        cy__int_sfree(buf, lbuf);
    if (err)
        return err;
    int bad = cy_mpn_set_str(buf, &n, str, len, base, scratch);
    cy__int_sfree(scratch, lscratch);
    if (bad) {
        cy__int_sfree(buf, lbuf);
        return CY_EINVAL;
    }
    if (buf != lbuf) {
        cy__int_install(r, buf, rn, n, neg);
        return CY_OK;
    }
    /* A value parsed on the stack goes into r's own limbs (no allocation when they suffice). */
    err = cy__int_grow(r, n);
    if (!err) {
        cy_mpn_copy(r->d, buf, n);
        cy__int_setsize(r, n, neg);
    }
    return err;
}

int cy_int_set_str(cy_int *r, const char *str, int base)
{
    return cy_int_set_strn(r, str, strlen(str), base);
}
