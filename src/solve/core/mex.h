/* mex.h: the set of option values of a position as a bitset, and its mex (the least value not in
   it). Shared by the strategies that compute SG values themselves. */
#ifndef GRUNDY_MEX_H
#define GRUNDY_MEX_H
#include <stddef.h>
#include <stdint.h>

typedef struct Mex {
    uint64_t *bits;
    size_t words;   /* allocated */
    size_t hi;      /* words in use (the rest are zero) */
} Mex;

void mex_grow(Mex *m, uint64_t x);
/* Add the option value x (values of 2^32 and more are never a mex: ignored). */
static inline void mex_set(Mex *m, uint64_t x)
{
    if (x >> 32) return;
    size_t w = (size_t)(x >> 6);
    if (w >= m->words) mex_grow(m, x);
    m->bits[w] |= (uint64_t)1 << (x & 63);
    if (w + 1 > m->hi) m->hi = w + 1;
}
/* Add the values below 64 given as a mask (bit x: value x). */
static inline void mex_set_low(Mex *m, uint64_t low)
{
    if (!low) return;
    if (!m->words) mex_grow(m, 0);
    m->bits[0] |= low;
    if (!m->hi) m->hi = 1;
}
void mex_clear_words(Mex *m);
/* Empty the set (inline for the common one-word set: a call per position shows in tight loops). */
static inline void mex_clear(Mex *m)
{
    if (m->hi == 1) m->bits[0] = 0;
    else if (m->hi) mex_clear_words(m);
    m->hi = 0;
}
/* The least value not in the set. */
static inline uint64_t mex_value(const Mex *m);
/* The first zero bit of words words of bits. */
uint64_t mex_of_bits(const uint64_t *bits, size_t words);
static inline uint64_t mex_value(const Mex *m)
{
    if (m->hi == 1 && ~m->bits[0]) return (uint64_t)__builtin_ctzll(~m->bits[0]);
    return mex_of_bits(m->bits, m->hi);
}
void mex_fini(Mex *m);
#endif
