/* compound.h: what the play modes (misere play, the compounds) share: a query's components
   solved, options of a component found by a test, and answers assembled from them. */
#ifndef GRUNDY_COMPOUND_H
#define GRUNDY_COMPOUND_H
#include "solve/solve.h"
#include "solve/sums.h"

/* A component of a query in a play mode: its state, how many copies, whether it has ended. */
typedef struct CpdComp { uint32_t id; uint64_t count; bool terminal; } CpdComp;

/* The components of pos in query order (adjacent equal ones merged), each solved; in the
   interpreter's scratch. */
size_t cpd_components(Solver *s, const Value *pos, Loc loc, CpdComp **out);
/* The sum of one copy of state id. */
uint32_t cpd_lone(Solver *s, uint32_t id, Loc loc);
/* An option of state id (a sum, *found) for which ok holds. With hint, the options the
   strategy lists for that value are tried first (want SG 0: the moves to P-positions). */
bool cpd_option(Solver *s, uint32_t id, Loc loc, const GameValue *hint, bool (*ok)(void *ctx, uint32_t x), void *ctx,
                uint32_t *found);
/* The answer's position: the components, in the answer's mode (terminal ones kept if
   terminal_too: a compound that ends with one component). */
void cpd_position(Solver *s, Answer *a, const CpdComp *c, size_t n, bool terminal_too);
/* Add the winning move that takes the copies of each component c[i] to sum to[i] (UINT32_MAX:
   it stays). */
void cpd_add_move(Solver *s, Answer *a, const CpdComp *c, const uint32_t *to, size_t n, bool terminal_too, Loc loc);
#endif
