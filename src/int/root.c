/* cy_int n-th roots, perfect squares and perfect powers. SPDX-License-Identifier: MIT */
#include "impl.h"

/* s = floor(m^(1/n)) and pw = s^n for m > 0 and n >= 2. The root has at most
 * rb = ceil(bits(m) / n) bits (m < 2^(n rb)); for n >= bits(m) it is 1. A root of up to 64 bits
 * is found a bit at a time from the top (x gets bit i when (x + 2^i)^n <= m). A longer one starts
 * from the root r' of the top part m' = floor(m / 2^(n sh)), found by the same function on rb - sh
 * bits: the root
 * lies in [r' 2^sh, (r' + 1) 2^sh), so x = (r' + 1) 2^sh is above it by a factor 1 + e with
 * e < 2^-(rb - sh - 1). Newton's iteration x' = floor(((n - 1) x + floor(m / x^(n-1))) / n)
 * decreases while x > floor(root) and never goes below it; from x = root (1 + e) one step
 * leaves x' - root < root (n - 1) e^2 / 2 + 1. Taking rb - sh = ceil(rb / 2) + 32 (or 64 for a
 * root of at most 128 bits) makes that below 2 for n < 2^61 (larger n have roots of under 64
 * bits), so each level halves the precision and costs one iteration and one or two powers
 * (below): the work is a few products at full size, not an iteration per doubling of 64 bits. */
static int root_mag(cy_int *s, cy_int *pw, const cy_int *m, uint64_t n)
{
    uint64_t bits = cy_int_sizeinbase(m, 2), rb = bits / n + (bits % n != 0);
    if (n >= bits) {
        int err = cy_int_set_u64(s, 1);
        return err ? err : cy_int_set_u64(pw, 1);
    }
    cy_int x, y, t, px; /* px = x^n once x is final */
    cy_int_init(&x);
    cy_int_init(&y);
    cy_int_init(&t);
    cy_int_init(&px);
    int err = CY_OK;
    if (rb <= 64) {
        for (uint64_t i = rb; !err && i-- > 0;) {
            err = cy_int_set(&y, &x);
            if (!err)
                err = cy_int_setbit(&y, i);
            if (!err)
                err = cy_int_pow_u64(&t, &y, n);
            if (!err && cy_int_cmp(&t, m) <= 0) {
                cy_int_swap(&x, &y);
                cy_int_swap(&px, &t);
            }
        }
    } else {
        uint64_t sh = rb <= 128 ? rb - 64 : rb - (rb + 1) / 2 - 32;
        err = cy_int_tdiv_q_2exp(&t, m, n * sh); /* n sh < bits: m' >= 1 */
        if (!err)
            err = root_mag(&x, &y, &t, n);
        if (!err)
            err = cy_int_add_u64(&x, &x, 1);
        /* x 2^k is the iterate: the first one has k = sh low zero bits, so its power is that
         * of the half-size x, and floor(m / (x^(n-1) 2^(k (n-1)))) =
         * floor(floor(m / 2^(k (n-1))) / x^(n-1)). */
        uint64_t k = sh;
        int done = 0;
        while (!err && !done) {
            err = cy_int_pow_u64(&t, &x, n - 1);
            if (!err)
                err = cy_int_tdiv_q_2exp(&y, m, k * (n - 1));
            if (!err)
                err = cy_int_tdiv_qr(&t, NULL, &y, &t);
            if (!err)
                err = cy_int_mul_2exp(&x, &x, k);
            k = 0;
            if (!err)
                err = cy_int_mul_u64(&y, &x, n - 1);
            if (!err)
                err = cy_int_add(&y, &y, &t);
            if (!err)
                err = cy_int_tdiv_qr_u64(&y, NULL, &y, n);
            cy_int_swap(&x, &y);
            /* x >= floor(root) after every step (the arithmetic-geometric mean inequality,
             * kept by the floors), so x^n <= m makes x the root; so does (x - 1)^n <= m when
             * x^n > m. Two powers cost less than the step that would confirm it. Otherwise
             * x >= floor(root) + 2, and the next step decreases x. */
            for (int back = 0; !err && !done && back < 2; back++) {
                err = back ? cy_int_sub_u64(&y, &x, 1) : cy_int_set(&y, &x);
                if (!err)
                    err = cy_int_pow_u64(&t, &y, n);
                done = !err && cy_int_cmp(&t, m) <= 0;
            }
            if (done) {
                cy_int_swap(&x, &y);
                cy_int_swap(&px, &t);
            }
        }
    }
    if (!err) {
        cy_int_swap(s, &x);
        cy_int_swap(pw, &px);
    }
    cy_int_clear(&x);
    cy_int_clear(&y);
    cy_int_clear(&t);
    cy_int_clear(&px);
    return err;
}

int cy_int_rootrem(cy_int *root, cy_int *rem, const cy_int *a, uint64_t n)
{
    /* root = trunc(a^(1/n)) (negative for a < 0 and odd n), rem = a - root^n (a's sign) */
    if (root == rem || n == 0 || (cy__int_isneg(a) && !(n & 1)))
        return CY_EINVAL;
    cy_int s, r;
    cy_int_init(&s);
    cy_int_init(&r);
    cy_int m = cy__int_absview(a);
    int err = n == 1 || a->size == 0 ? cy_int_set(&s, &m) : root_mag(&s, &r, &m, n);
    if (!err && n > 1 && a->size != 0)
        err = cy_int_sub(&r, &m, &r); /* m - s^n */
    if (!err && cy__int_isneg(a)) {
        cy_int_neg(&s, &s); /* no allocation: in place */
        cy_int_neg(&r, &r);
    }
    if (!err) { /* a is read for the last time above: the outputs may be a */
        cy_int_swap(root, &s);
        if (rem)
            cy_int_swap(rem, &r);
    }
    cy_int_clear(&s);
    cy_int_clear(&r);
    return err;
}

int cy_int_root(cy_int *root, const cy_int *a, uint64_t n)
{
    return cy_int_rootrem(root, NULL, a, n);
}

int cy_int_perfect_square_p(const cy_int *a)
{
    if (cy__int_isneg(a))
        return 0;
    size_t n = cy__int_n(a);
    if (n == 0)
        return 1;
    cy_limb *scratch, local[CY__INT_LOCAL];
    int err = cy__int_salloc(&scratch, cy_mpn_sqrtrem_itch(n) + n, local);
    if (err)
        return err;
    int r = cy_mpn_perfect_square_p(a->d, n, scratch);
    cy__int_sfree(scratch, local);
    return r;
}

/* x^e mod 2^64, and mod p < 2^32. */
static uint64_t pow64(uint64_t x, uint64_t e)
{
    uint64_t r = 1;
    for (; e; e >>= 1, x *= x)
        if (e & 1)
            r *= x;
    return r;
}
static uint64_t powp(uint64_t x, uint64_t e, uint64_t p)
{
    uint64_t r = 1;
    for (x %= p; e; e >>= 1, x = x * x % p)
        if (e & 1)
            r = r * x % p;
    return r;
}

/* 1 if the odd x >= 3 is prime: trial division by the odd numbers up to its square root (x is
 * an exponent, or a prime candidate below 2^16). */
static int odd_prime(uint64_t x)
{
    for (uint64_t q = 3; q * q <= x; q += 2)
        if (x % q == 0)
            return 0;
    return 1;
}

/* 0 if |a| is certainly not a k-th power (k an odd prime) by its residues modulo up to three
 * primes p = 1 mod k below 2^16 (a k-th power is 0 or has a^((p-1)/k) = 1 mod p; a non-power
 * passes each prime with probability about 1/k), else 1. The odd p = 1 mod k are the
 * 1 + 2kj. */
static int kth_residue(const cy_int *a, uint64_t k)
{
    int used = 0;
    for (uint64_t p = 2 * k + 1; p < 65536 && used < 3; p += 2 * k) {
        if (!odd_prime(p))
            continue;
        used++;
        uint64_t m;
        cy_int_mod_u64(&m, a, p);
        if (m && powp(m, (p - 1) / k, p) != 1)
            return 0;
    }
    return 1;
}

int cy_int_perfect_power_p(const cy_int *a)
{
    /* |a| = b^k for some k >= 2 (odd k for a < 0); 0, 1 and -1 are perfect powers. Enough to
     * try the prime k up to bits(|a|) (b^(pq) = (b^q)^p). With |a| = 2^v o, o odd: k divides v
     * (o = 1: the answer is whether v has such a prime factor). For odd k, x -> x^k is a
     * bijection on the odd residues modulo 2^64 (their group has exponent 2^62 and k is prime to
     * it), so o's k-th root, if any, is o^(k^-1 mod 2^62) modulo 2^64: when the root has at most
     * 64 bits that is the one candidate, checked by its length and then one power. Longer roots
     * (k <= bits / 64) first pass a residue filter, then an exact root. */
    if (cy_int_cmpabs_u64(a, 1) <= 0)
        return 1;
    int neg = cy__int_isneg(a);
    cy_int m = cy__int_absview(a), o, c, t;
    uint64_t bits = cy_int_sizeinbase(&m, 2), v = cy_int_scan1(&m, 0);
    cy_int_init(&o);
    cy_int_init(&c);
    cy_int_init(&t);
    int res = cy_int_tdiv_q_2exp(&o, &m, v);
    uint64_t o64 = 0;
    if (!res)
        for (size_t i = 0; i < CY__U64_LIMBS && i < cy__int_n(&o); i++)
            o64 |= (uint64_t)o.d[i] << (i * CY_LIMB_BITS % 64);
    for (uint64_t k = 2 + neg; !res && k <= bits; k += 1 + (k > 2 || neg)) {
        if ((k > 2 && !odd_prime(k)) || (v && v % k))
            continue;
        if (cy_int_cmp_u64(&o, 1) == 0) {
            res = 1; /* 2^v with k | v */
            break;
        }
        uint64_t rb = bits / k + (bits % k != 0);
        if (k > 2 && rb <= 64) {
            /* k^-1 mod 2^62 by Newton's iteration y = y (2 - k y), exact to 62 bits after 6 */
            uint64_t y = k;
            for (int i = 0; i < 6; i++)
                y *= 2 - k * y;
            uint64_t r0 = pow64(o64, y & (((uint64_t)1 << 62) - 1)), lo = 0;
            while (lo < 64 && (r0 >> lo))
                lo++; /* the bit length of the candidate odd part */
            uint64_t cb = lo + v / k; /* of the candidate root: (2^(cb-1))^k <= |a| < 2^(cb k) */
            if (cb == 0 || (cb - 1) * k >= bits || cb * k < bits)
                continue;
            res = cy_int_set_u64(&c, r0);
            if (!res)
                res = cy_int_mul_2exp(&c, &c, v / k);
        } else {
            if (k > 2 && !kth_residue(&m, k))
                continue;
            if (k == 2) {
                int sq = cy_int_perfect_square_p(&m);
                if (sq)
                    res = sq; /* 1, or an error */
                continue;
            }
            res = cy_int_root(&c, &m, k);
        }
        if (!res)
            res = cy_int_pow_u64(&t, &c, k);
        if (!res)
            res = cy_int_cmp(&t, &m) == 0;
    }
    cy_int_clear(&o);
    cy_int_clear(&c);
    cy_int_clear(&t);
    return res;
}
