/* numth.c: exact number theory for the closed forms (see numth.h). No floating point decides an
   answer: estimates are corrected by exact integer checks. */
#include "config.h"
#include "numth.h"
#include <math.h>
#include <stddef.h>

static uint64_t mulmod(uint64_t a, uint64_t b, uint64_t m) { return (uint64_t)((numth_u128)a * b % m); }

static uint64_t powmod(uint64_t a, uint64_t e, uint64_t m)
{
    uint64_t r = 1 % m;
    a %= m;
    while (e) {
        if (e & 1) r = mulmod(r, a, m);
        a = mulmod(a, a, m);
        e >>= 1;
    }
    return r;
}

bool numth_is_prime(uint64_t n)
{
    static const uint64_t bases[] = { 2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37 };
    if (n < 2) return false;
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        if (n == bases[i]) return true;
        if (n % bases[i] == 0) return false;
    }
    uint64_t d = n - 1;
    int s = 0;
    while (!(d & 1)) { d >>= 1; s++; }
    for (size_t i = 0; i < sizeof bases / sizeof bases[0]; i++) {
        uint64_t x = powmod(bases[i], d, n);
        if (x == 1 || x == n - 1) continue;
        bool composite = true;
        for (int r = 1; r < s && composite; r++) {
            x = mulmod(x, x, n);
            if (x == n - 1) composite = false;
        }
        if (composite) return false;
    }
    return true;
}

/* floor(n^(1/k)), exact. */
static uint64_t iroot(uint64_t n, int k)
{
    uint64_t r = (uint64_t)powl((long double)n, 1.0L / k);
    for (;;) {   /* correct the estimate: r^k <= n < (r+1)^k */
        numth_u128 p = 1;
        bool over = false;
        for (int i = 0; i < k && !over; i++) { p *= r; if (p > n) over = true; }
        if (over) { r--; continue; }
        numth_u128 q = 1;
        for (int i = 0; i < k && q <= n; i++) q *= (numth_u128)r + 1;
        if (q <= n) { r++; continue; }
        return r;
    }
}

bool numth_is_prime_power(uint64_t n)
{
    if (n == 1) return true;
    for (int k = 1; k < 64 && ((uint64_t)1 << k) <= n; k++) {
        uint64_t r = iroot(n, k);
        numth_u128 p = 1;
        for (int i = 0; i < k; i++) p *= r;
        if (p == n && numth_is_prime(r)) return true;
    }
    return false;
}

uint64_t numth_zeckendorf_smallest(uint64_t n)
{
    uint64_t f[100];
    int m = 0;
    f[m++] = 1;
    f[m++] = 2;
    while (f[m - 1] <= n - f[m - 2] && m < 99) { f[m] = f[m - 1] + f[m - 2]; m++; }
    uint64_t last = n;
    for (int i = m - 1; i >= 0 && n; i--)
        if (f[i] <= n) { n -= f[i]; last = f[i]; }
    return last;
}
