/* RSA test keys made with GMP, shared by the RSA tests (test_rsa) and the constant-time tests
 * (test_ct, test_ct_trace). SPDX-License-Identifier: MIT */
#ifndef CARRY_TESTS_RSAKEY_H
#define CARRY_TESTS_RSAKEY_H

#include "test.h"

/* A key in GMP form, and its parts as limb vectors of n (N) and h = n / 2 limbs (t_alloc'ed). */
typedef struct {
    size_t n, h;
    mpz_t N, E, D, P, Q, DP, DQ, QI;
    cy_limb *nl, *el, *pl, *ql, *dpl, *dql, *qil;
} t_rsa_key;

/* A key of `bits` bits (a multiple of 2 CY_LIMB_BITS) with e = 65537: p != q primes of bits / 2
 * bits whose top two bits are set (so that N has exactly `bits` bits) and gcd(e, p - 1) = 1;
 * d = e^-1 mod lcm(p - 1, q - 1) and the CRT parts of RFC 8017, 3.2. With top != 0 the primes
 * are the two largest such primes below 2^(bits / 2) (limbs near all ones, N near 2^bits), else
 * random. */
void t_rsa_key_init(t_rsa_key *k, size_t bits, int top);
/* The limb vectors of k from its GMP parts (k->n and k->h set). */
void t_rsa_key_limbs(t_rsa_key *k);
void t_rsa_key_clear(t_rsa_key *k);

#endif
