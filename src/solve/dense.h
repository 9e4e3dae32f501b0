/* dense.h: the table strategy: integer-coordinate rulesets solved natively over a dense array. */
#ifndef GRUNDY_DENSE_H
#define GRUNDY_DENSE_H
#include "pos.h"

/* Whether key's game was recognised (1 to 3 integer parameters, moves that are integer
   arithmetic over ranges leading to positions of the same game) and key's arguments are >= 0. */
bool dense_applies(Engine *e, const int64_t *key);
/* SG value of key by the table; sets *terminal. Returns false (declines) when a position falls
   outside the table (a negative coordinate, or more than DENSE_TABLE_CELLS cells). */
bool dense_solve(Engine *e, const int64_t *key, Loc loc, uint64_t *sg, bool *terminal);
/* After an error unwound a search: positions left in progress go back to unknown. */
void dense_recover(Program *p);
/* Forget every table (after a resource limit). */
void dense_clear(Program *p);
/* Free the compiled forms and tables of every game. */
void dense_free_all(Program *p);
#define DENSE_TABLE_CELLS ((size_t)1 << 26)
#endif
