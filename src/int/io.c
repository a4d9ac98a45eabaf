/* cy_int text into a fresh string and through stdio streams. SPDX-License-Identifier: MIT */
#include <ctype.h>

#include "core/digit.h"
#include "impl.h"

int cy_int_get_str_alloc(char **str, size_t *len, int base, const cy_int *a)
{
    size_t size = cy_int_str_size(a, base), n;
    if (!size || !str)
        return CY_EINVAL;
    char *s = cy__int_balloc(size);
    if (!s)
        return CY_ENOMEM;
    int err = cy_int_get_str(s, size, &n, base, a);
    if (err) {
        cy_free(s);
        return err;
    }
    *str = s;
    if (len)
        *len = n;
    return CY_OK;
}

int cy_int_fprint(FILE *f, int base, const cy_int *a)
{
    if (!f)
        return CY_EINVAL;
    /* Values up to a few hundred digits go through the stack, larger ones through the allocator. */
    char local[512], *s = local;
    size_t size = cy_int_str_size(a, base), n = 0;
    int err = size > sizeof local ? cy_int_get_str_alloc(&s, &n, base, a)
                                  : cy_int_get_str(local, sizeof local, &n, base, a);
    if (err)
        return err;
    if (fwrite(s, 1, n, f) != n)
        err = CY_EIO;
    if (s != local)
        cy_free(s);
    return err;
}

/* A growing byte buffer: the stack array until it fills, then blocks of the allocator. */
typedef struct {
    char *p;
    size_t len, cap;
    char local[256];
} text;

static int put(text *t, char c)
{
    if (t->len == t->cap) {
        if (t->cap > SIZE_MAX / 2)
            return CY_ENOMEM;
        char *q = t->p == t->local ? cy__int_balloc(2 * t->cap) : cy__int_brealloc(t->p, 2 * t->cap);
        if (!q)
            return CY_ENOMEM;
        if (t->p == t->local)
            memcpy(q, t->local, t->len);
        t->p = q;
        t->cap *= 2;
    }
    t->p[t->len++] = c;
    return CY_OK;
}

int cy_int_fscan(cy_int *r, FILE *f, int base)
{
    if (!f || (base != 0 && (base < 2 || base > 36)))
        return CY_EINVAL;
    int c;
    do
        c = getc(f);
    while (c != EOF && isspace(c));
    if (c == EOF)
        return CY_EIO;
    text t;
    t.p = t.local;
    t.len = 0;
    t.cap = sizeof t.local;
    int err = CY_OK;
    if (c == '-' || c == '+') {
        err = put(&t, (char)c);
        c = getc(f);
    }
    /* The prefix: after a '0', an 'x' or 'b' picks the base; otherwise the '0' is a digit. */
    if (!err && c == '0' && (base == 0 || base == 16)) {
        int c2 = getc(f);
        if (c2 == 'x' || c2 == 'X')
            base = 16, c = getc(f);
        else if (base == 0 && (c2 == 'b' || c2 == 'B'))
            base = 2, c = getc(f);
        else {
            err = put(&t, '0');
            c = c2;
        }
    }
    if (base == 0)
        base = 10;
    size_t first = t.len; /* where the digits start */
    int seen = first > 0 && t.p[first - 1] == '0';
    while (!err && c != EOF && cy__digit_value((unsigned char)c) < (unsigned)base) {
        err = put(&t, (char)c);
        seen = 1;
        c = getc(f);
    }
    if (c != EOF)
        ungetc(c, f);
    if (!err && ferror(f))
        err = CY_EIO;
    if (!err && !seen)
        err = CY_EINVAL;
    if (!err)
        err = cy_int_set_strn(r, t.p, t.len, base);
    if (t.p != t.local)
        cy_free(t.p);
    return err;
}

int cy_int_out_raw(FILE *f, const cy_int *a)
{
    size_t bytes = cy_int_export_count(a, 1, 0);
    if (!f || bytes > 0x7fffffff)
        return CY_EINVAL;
    uint32_t h = cy__int_isneg(a) ? 0 - (uint32_t)bytes : (uint32_t)bytes;
    unsigned char head[4] = {(unsigned char)(h >> 24), (unsigned char)(h >> 16), (unsigned char)(h >> 8), (unsigned char)h};
    unsigned char *buf = bytes ? cy__int_balloc(bytes) : NULL;
    if (bytes && !buf)
        return CY_ENOMEM;
    if (bytes)
        cy_int_export(buf, bytes, NULL, 1, 1, 1, 0, a); /* cannot fail: room for every byte */
    int err = fwrite(head, 1, 4, f) != 4 || (bytes && fwrite(buf, 1, bytes, f) != bytes) ? CY_EIO : CY_OK;
    cy_free(buf);
    return err;
}

int cy_int_inp_raw(cy_int *r, FILE *f)
{
    unsigned char head[4];
    if (!f)
        return CY_EINVAL;
    if (fread(head, 1, 4, f) != 4)
        return CY_EIO;
    uint32_t h = (uint32_t)head[0] << 24 | (uint32_t)head[1] << 16 | (uint32_t)head[2] << 8 | head[3];
    int neg = h >> 31;
    size_t bytes = neg ? (size_t)(0 - h) : h;
    unsigned char *buf = bytes ? cy__int_balloc(bytes) : NULL;
    if (bytes && !buf)
        return CY_ENOMEM;
    int err = bytes && fread(buf, 1, bytes, f) != bytes ? CY_EIO : CY_OK;
    cy_int t;
    cy_int_init(&t);
    if (!err)
        err = cy_int_import(&t, bytes, 1, 1, 1, 0, buf);
    if (!err && neg)
        err = cy_int_neg(&t, &t);
    if (!err)
        cy_int_swap(r, &t);
    cy_int_clear(&t);
    cy_free(buf);
    return err;
}
