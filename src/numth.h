/* numth.h: exact number theory on 64-bit integers for the closed forms: primality, prime powers,
   and Zeckendorf representations (Wythoff pairs are in
   closed_pair.c, with GMP). */
#ifndef GRUNDY_NUMTH_H
#define GRUNDY_NUMTH_H
#include <stdint.h>
#include <stdbool.h>

typedef unsigned __int128 numth_u128;

/* Deterministic for every 64-bit n (Miller-Rabin with the first 12 primes as bases). */
bool numth_is_prime(uint64_t n);
/* n = p^k for a prime p and k >= 0 (so 1 counts). */
bool numth_is_prime_power(uint64_t n);
/* The smallest term of the Zeckendorf representation of n >= 1. */
uint64_t numth_zeckendorf_smallest(uint64_t n);
#endif
