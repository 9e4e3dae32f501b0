/* mex.c: option-value bitsets (see mex.h). */
#include "config.h"
#include "solve/core/mex.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

uint64_t mex_of_bits(const uint64_t *bits, size_t words)
{
    for (size_t i = 0; i < words; i++)
        if (~bits[i]) return i * 64 + (uint64_t)__builtin_ctzll(~bits[i]);
    return words * 64;
}

void mex_grow(Mex *m, uint64_t x)
{
    size_t w = (size_t)(x >> 6);
    size_t nw = m->words ? m->words : 16;
    while (nw <= w) nw *= 2;
    m->bits = xrealloc(m->bits, nw * sizeof *m->bits);
    memset(m->bits + m->words, 0, (nw - m->words) * sizeof *m->bits);
    m->words = nw;
}

void mex_clear_words(Mex *m)
{
    memset(m->bits, 0, m->hi * sizeof *m->bits);
    m->hi = 0;
}

void mex_fini(Mex *m)
{
    xfree(m->bits);
    memset(m, 0, sizeof *m);
}
