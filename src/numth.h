/* numth.h: exact number theory on 64-bit integers for the closed forms: primality, prime powers,
   integer square roots of 128-bit numbers, Wythoff pairs and Zeckendorf representations. */
#ifndef GRUNDY_NUMTH_H
#define GRUNDY_NUMTH_H
#include <stdint.h>
#include <stdbool.h>

typedef unsigned __int128 numth_u128;

/* Deterministic for every 64-bit n (Miller-Rabin with the first 12 primes as bases). */
bool numth_is_prime(uint64_t n);
/* n = p^k for a prime p and k >= 0 (so 1 counts). */
bool numth_is_prime_power(uint64_t n);
/* floor(sqrt(n)), exact. */
uint64_t numth_isqrt128(numth_u128 n);
/* floor(k * phi) for k <= NUMTH_WYTHOFF_KMAX (the lower Wythoff number of index k), exact. */
uint64_t numth_wythoff_lower(uint64_t k);
#define NUMTH_WYTHOFF_KMAX ((uint64_t)5700000000000000000ull)
/* The index k with floor(k phi) == v (lower) or floor(k phi) + k == v (upper); false if none. */
bool numth_wythoff_index(uint64_t v, bool upper, uint64_t *k);
/* The smallest term of the Zeckendorf representation of n >= 1. */
uint64_t numth_zeckendorf_smallest(uint64_t n);
#endif
