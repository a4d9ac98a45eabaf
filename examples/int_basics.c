/* The everyday integer type, cy_int (carry/int.h): 50! in decimal, a Fermat test of the Mersenne
 * number 2^127 - 1, an extended gcd and a modular inverse, with every error code checked.
 * Build: cc int_basics.c $(pkg-config --cflags --libs carry). SPDX-License-Identifier: MIT */
#include <carry.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Stops with a message on any error code (a real program might recover instead). */
static void ok(int err, const char *what)
{
    if (err) {
        fprintf(stderr, "%s: %s\n", what, cy_strerror(err));
        exit(1);
    }
}

/* Prints x in base 10 after a label; returns the digits in a malloc'd string. */
static char *show(const char *label, const cy_int *x)
{
    size_t size = cy_int_str_size(x, 10);
    char *s = malloc(size);
    if (!s)
        exit(1);
    ok(cy_int_get_str(s, size, NULL, 10, x), "get_str");
    printf("%s%s\n", label, s);
    return s;
}

int main(void)
{
    cy_int f, k, p, e, r, a, g, s, t;
    cy_int *all[] = {&f, &k, &p, &e, &r, &a, &g, &s, &t};
    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        cy_int_init(all[i]);
    int wrong = 0;

    /* 50! by repeated multiplication */
    ok(cy_int_set_i64(&f, 1), "set");
    for (int i = 2; i <= 50; i++) {
        ok(cy_int_set_i64(&k, i), "set");
        ok(cy_int_mul(&f, &f, &k), "mul");
    }
    char *digits = show("50! = ", &f);
    wrong |= strcmp(digits, "30414093201713378043612608166064768844377641568960512000000000000") != 0;
    free(digits);

    /* p = 2^127 - 1 is prime, so 3^(p-1) = 1 mod p (Fermat); 2^128 + 1 is not (641 * ...): the
     * test says so too. */
    ok(cy_int_set_i64(&k, 1), "set");
    ok(cy_int_mul_2exp(&p, &k, 127), "mul_2exp");
    ok(cy_int_sub(&p, &p, &k), "sub");
    ok(cy_int_sub(&e, &p, &k), "sub");
    ok(cy_int_set_i64(&a, 3), "set");
    ok(cy_int_powm(&r, &a, &e, &p), "powm");
    printf("3^(p-1) mod p = %s for p = 2^127 - 1\n", cy_int_cmp_i64(&r, 1) == 0 ? "1" : "not 1");
    wrong |= cy_int_cmp_i64(&r, 1) != 0;
    ok(cy_int_set_str(&p, "0x100000000000000000000000000000001", 0), "set_str"); /* 2^128 + 1 */
    ok(cy_int_sub(&e, &p, &k), "sub");
    ok(cy_int_powm(&r, &a, &e, &p), "powm");
    wrong |= cy_int_cmp_i64(&r, 1) == 0;

    /* gcdext: a s + b t = g, and the inverse of 17 mod 3120 (the classic RSA toy: 2753) */
    ok(cy_int_set_i64(&a, 17), "set");
    ok(cy_int_set_i64(&k, 3120), "set");
    ok(cy_int_gcdext(&g, &s, &t, &a, &k), "gcdext");
    ok(cy_int_invert(&r, &a, &k), "invert");
    free(show("17^-1 mod 3120 = ", &r));
    wrong |= cy_int_cmp_i64(&g, 1) != 0 || cy_int_cmp_i64(&r, 2753) != 0;
    ok(cy_int_mul(&s, &s, &a), "mul");
    ok(cy_int_mul(&t, &t, &k), "mul");
    ok(cy_int_add(&s, &s, &t), "add");
    wrong |= cy_int_cmp(&s, &g) != 0;

    /* errors are values: no inverse of 6 mod 3120, and division by zero */
    ok(cy_int_set_i64(&a, 6), "set");
    int err = cy_int_invert(&r, &a, &k);
    printf("invert(6, 3120): %s\n", cy_strerror(err));
    wrong |= err != CY_ENOTINV;
    ok(cy_int_set_i64(&k, 0), "set");
    wrong |= cy_int_fdiv_qr(&r, NULL, &a, &k) != CY_EDIVZERO;

    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        cy_int_clear(all[i]);
    printf("%s\n", wrong ? "WRONG" : "all correct");
    return wrong;
}
