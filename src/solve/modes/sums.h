/* sums.h: sums of components as states of their own, for the play modes that the XOR of SG values
   does not decide (misere play, the compounds). A sum is a multiset of non-terminal components
   (store ids with counts), interned; its options (one copy of one part replaced by the parts of
   one of that part's options) are listed once. On sums the solver computes Conway's genus (with
   the tame shortcut), remoteness and suspense, normal and misere (docs/theory.md sections 7, 8). */
#ifndef GRUNDY_SUMS_H
#define GRUNDY_SUMS_H
#include "solve/solve.h"

typedef struct SumPart { uint32_t id; uint32_t count; } SumPart;
typedef struct Sums Sums;

/* A genus g^{γ0 γ1 ...}: the normal SG value g and n >= 2 terms, alternating after the last two. */
typedef struct Genus { uint64_t g; uint32_t n; const uint64_t *gamma; bool tame, heaplike; } Genus;

/* The solver's sums (made on first use; emptied with the store). */
Sums *sums_of(Solver *s);
void sums_free(Sums *m);
/* The sum of parts[0..n) (any order, repeated ids merged, terminal parts and zero counts
   dropped); every part must be solved. A limit error past --max-states sums. */
uint32_t sums_intern(Sums *m, const SumPart *parts, size_t n, Loc loc);
/* The parts of sum x (sorted by id). */
size_t sums_parts(Sums *m, uint32_t x, const SumPart **out);
/* Solve store state id for use in a sum (its outcome at least; SG values are found when a genus
   or an SG value of a sum is asked for); whether it is a game with cycles. */
bool sums_solve_part(Sums *m, uint32_t id, Loc loc);
/* The SG value of sum x (normal play: the XOR of its parts'). */
uint64_t sums_sg(Sums *m, uint32_t x, Loc loc);
/* Whether state id plays as a Nim heap of its SG value (any size) in every position. */
bool sums_nim(Sums *m, uint32_t id, Loc loc);
/* The remoteness or suspense of sum x (SolvePace PACE_R .. PACE_SM). */
uint64_t sums_pace(Sums *m, uint32_t x, unsigned which, Loc loc);
/* The genus of sum x (valid until the next call into sums). */
Genus sums_genus(Sums *m, uint32_t x, Loc loc);
/* Whether state id is hereditarily tame (its genus is computed if needed), and its normal and
   misere SG values (*g, *gm); *nim: it plays as a Nim heap (a strategy's PACE_NIM). */
bool sums_part_tame(Sums *m, uint32_t id, Loc loc, uint64_t *g, uint64_t *gm, bool *heaplike, bool *nim);
/* The options of sum x (valid until the next call into sums). */
size_t sums_options(Sums *m, uint32_t x, Loc loc, const uint32_t **out);
/* The options of state id (each a sum), listing them on first use. */
size_t sums_part_options(Sums *m, uint32_t id, Loc loc, const uint32_t **out);
/* The options of state id its strategy's moves hook yields for want, as sums in *out (in the
   interpreter's scratch); false when the strategy lists none itself (enumerate the rules). */
bool sums_hinted_options(Sums *m, uint32_t id, const GameValue *want, Loc loc, uint32_t **out, size_t *n);
/* A terminal position (state id) met among the moves of state id when its options were listed
   (UINT32_MAX: none, or they were not listed). */
uint32_t sums_terminal_option(Sums *m, uint32_t id);
/* Print a genus in Conway's notation: 4^{146}, 12^{12,14}. */
void sums_print_genus(StrBuf *b, const Genus *g);
#endif
