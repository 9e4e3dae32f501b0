/* mode_quot.h: the misere:quotient path of misère play (mode_quot.c). */
#ifndef GRUNDY_MODE_QUOT_H
#define GRUNDY_MODE_QUOT_H
#include "solve/modes/compound.h"

/* Answer misère play of the sum c[0..n) (non-terminal components, each a heap of one family) by
   the family's misère quotient, when one is proven for every heap (computed once per session,
   within a small budget): true with *a filled (the outcome, why, and the winning moves if moves);
   false, with *a untouched, when the path does not apply. */
bool misere_quotient(Solver *s, const CpdComp *c, size_t n, Loc loc, bool moves, Answer *a);
/* Whether the components' family (one game) has a proven quotient already computed this session
   (nothing is computed here). */
bool misere_quotient_known(Solver *s, const CpdComp *c, size_t n);
/* Why the quotient did not answer for these components, appended to b ("; no misere quotient of
   0.77 is proven (...)"), when it was tried; nothing otherwise. */
void misere_quotient_note(Solver *s, const CpdComp *c, size_t n, StrBuf *b);
/* A quotient's stop callback (MqLimits.stop, ctx the Program): an interrupt, the clock or the
   memory budget; then quotient_stopped, once the quotient's memory is freed, raises that error. */
bool quotient_stop(void *ctx);
void quotient_stopped(Program *p, Loc loc) __attribute__((noreturn));
#endif
