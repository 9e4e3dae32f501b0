/* score.h: the values of scoring games at any size. A GameValue of kind GV_SCORE holds its score
   in `score` while it fits 64 bits, and beyond them the words of an interned integer record
   (prog_intern_int) in `big`, so equal scores are equal records; arithmetic is exact (GMP when a
   side is big or a 64-bit result would overflow). */
#ifndef GRUNDY_SCORE_H
#define GRUNDY_SCORE_H
#include "solve/core/compose.h"
#include "pos.h"
#include "vm.h"
#include "gmpx.h"

/* A score in 64 bits; its outcome: N above 0, P below, D at 0 (best play ties). */
static inline GameValue score_int(int64_t v)
{
    return (GameValue){ .kind = GV_SCORE, .outcome = v > 0 ? 'N' : v < 0 ? 'P' : 'D', .score = v };
}
/* The score z: in 64 bits when it fits, else interned in p. */
GameValue score_from_mpz(Program *p, const mpz_t z);
/* The score v into z (initialised by the caller). */
void score_to_mpz(mpz_t z, const GameValue *v);
/* a - b and a + b, exact. */
GameValue score_sub(Program *p, const GameValue *a, const GameValue *b);
GameValue score_add(Program *p, const GameValue *a, const GameValue *b);
/* -1, 0, 1 as a is below, equal to or above b. */
int score_cmp(const GameValue *a, const GameValue *b);
/* Append the decimal digits of v (a sign first when negative). */
void score_print(StrBuf *b, const GameValue *v);
/* v as a language integer (a VT_BIG points into the record). */
Value score_value(const GameValue *v);
/* The score of an interned integer record's words. */
GameValue score_record(const int64_t *w);
/* The gain of the move the interpreter is handing over (a scoring game's, 0 for any other). */
GameValue score_gain(const Vm *vm);
/* A state's score stored (ST_BIG set for a record) and read back. */
void score_store(State *st, const GameValue *v);
GameValue score_load(const State *st);
#endif
