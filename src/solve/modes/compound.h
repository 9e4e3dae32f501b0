/* compound.h: what the play modes (misere play, the compounds) share: a query's components
   solved, options of a component found by a test, and answers assembled from them. */
#ifndef GRUNDY_COMPOUND_H
#define GRUNDY_COMPOUND_H
#include "solve/solve.h"
#include "solve/modes/sums.h"

/* A component of a query in a play mode: one game (id, count copies of it), or a sum of games
   written as one argument of a compound (id UINT32_MAX, count 1, its parts as written: count
   words with POS_GROUP / POS_JOIN). sum: one copy as a sum of its non-terminal parts. */
typedef struct CpdComp {
    uint32_t id;
    uint64_t count;
    bool terminal;            /* ended: no part can move */
    bool loopy;               /* a part is a game with cycles (the compound is searched: cpd_retro) */
    uint32_t sum;
    const AnswerPart *parts;
    uint32_t nparts;
} CpdComp;

/* The components of a compound position in order (one-game components next to an equal one
   merged), each solved; in the interpreter's scratch. */
size_t cpd_components(Solver *s, const Value *pos, Loc loc, CpdComp **out);
/* The games of a position as one sum (misere play): every part a one-game component. */
size_t cpd_flat(Solver *s, const Value *pos, Loc loc, CpdComp **out);
/* A one-game component: count copies of state id (solved). */
CpdComp cpd_one(Solver *s, uint32_t id, uint64_t count, Loc loc);
/* An option of component c (a sum, *found) for which ok holds. With hint, the options a one-game
   component's strategy lists for that value are tried first (want SG 0: moves to P-positions). */
bool cpd_option(Solver *s, const CpdComp *c, Loc loc, const GameValue *hint, bool (*ok)(void *ctx, uint32_t x),
                void *ctx, uint32_t *found);
/* Whether positions a and b of one play mode are the same game: equal multisets of components,
   each compared as a sum of canonical games (ended ones left out where play goes on without them). */
bool cpd_same(Solver *s, const Value *a, const Value *b, Loc loc);
/* Whether a component is a game with cycles. */
bool cpd_any_loopy(const CpdComp *c, size_t n);
/* Answer a play mode's query whose components may have cycles by retrograde analysis of the
   compound itself (its positions: one position of each component): outcome P, N or D, the moves
   to P-positions (N) or that keep the draw (D). At most CPD_MAX_UNITS components. */
#define CPD_MAX_UNITS 12
void cpd_retro(Solver *s, Answer *a, const CpdComp *c, size_t n, bool terminal_too, bool moves, Loc loc);
/* One component as text (malloc'd): "Kayles(3)", "2 * Heap(1)", "Kayles(1) + Kayles(2)". */
char *cpd_text(Solver *s, const CpdComp *c);
/* The answer's position: the components, in the answer's mode (ended ones kept if terminal_too:
   a compound that ends with one component). */
void cpd_position(Solver *s, Answer *a, const CpdComp *c, size_t n, bool terminal_too);
/* Add the winning move that takes the copies of each component c[i] to sum to[i] (UINT32_MAX:
   it stays). A move that cannot be written is not added (a->unwritten). */
void cpd_add_move(Solver *s, Answer *a, const CpdComp *c, const uint32_t *to, size_t n, bool terminal_too, Loc loc);
/* Every move of compound position pos (listing): each result added to a (its winning list and
   mpos, in a's mode; a result the position syntax cannot write sets a->unwritten), at most max;
   true when there were more. Lists each copy of a component as a component of its own. */
bool cpd_all_moves(Solver *s, const Value *pos, Loc loc, size_t max, Answer *a);
#endif
