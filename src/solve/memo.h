/* memo.h: memoized Sprague-Grundy search with an explicit stack (no C recursion). */
#ifndef GRUNDY_MEMO_H
#define GRUNDY_MEMO_H
#include "pos.h"

/* SG value of state id, computing every position below it once. A position met again while
   it is still being computed (a cycle) is an error naming the game and the position. */
uint64_t memo_sg(Engine *e, uint32_t id, Loc loc);
/* Read a move result (a POS value, or the integer 0) as component keys; errors otherwise. */
void memo_components(Engine *e, const Value *v, Loc loc, const int64_t *const **keys, uint32_t *n);
/* The option-value bitset of the engine (shared by the strategies): add x; clear. */
void memo_seen_grow(Engine *e, uint64_t x);
static inline void memo_seen_set(Engine *e, uint64_t x)
{
    if (x >> 32) return;   /* a mex never reaches it: that would take 2^32 options */
    size_t w = (size_t)(x >> 6);
    if (w >= e->seen_words) memo_seen_grow(e, x);
    e->seen[w] |= (uint64_t)1 << (x & 63);
    if (w + 1 > e->seen_hi) e->seen_hi = w + 1;
}
void memo_seen_clear(Engine *e);
/* mex of a bitset of words words: the first zero bit. */
uint64_t memo_mex(const uint64_t *bits, size_t words);
#endif
