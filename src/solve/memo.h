/* memo.h: memoized Sprague-Grundy search with an explicit stack (no C recursion). */
#ifndef GRUNDY_MEMO_H
#define GRUNDY_MEMO_H
#include "pos.h"

/* SG value of state id, computing every position below it once. A position met again while
   it is still being computed (a cycle) is an error naming the game and the position. */
uint32_t memo_sg(Engine *e, uint32_t id, Loc loc);
/* Read a move result (a POS value, or the integer 0) as component keys; errors otherwise. */
void memo_components(Engine *e, const Value *v, Loc loc, const int64_t *const **keys, uint32_t *n);
/* mex of a bitset of words words: the first zero bit. */
uint64_t memo_mex(const uint64_t *bits, size_t words);
#endif
