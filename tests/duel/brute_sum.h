/* brute_sum.h: positions of the brute-force games (brute_list.h) as sums: a position's text, as
   grundy or a brute game writes it, read into a multiset of canonical components; each component
   valued by plain recursion over its game's moves (memoised by its canonical text). Independent
   of the engine: the duels of listed moves compare the engine's answers with these. */
#ifndef GRUNDY_BRUTE_SUM_H
#define GRUNDY_BRUTE_SUM_H
#include "brute_list.h"
#include <stdbool.h>
#include <stdint.h>

/* A component of a position: a state of the memo (its canonical text and value) with copies. */
typedef struct BsPart { int id; uint64_t count; } BsPart;
/* A position: its non-terminal components, sorted by id, equal ones merged (a multiset). */
typedef struct BsPos { BsPart *p; int n; } BsPos;
/* One move of a component: the rule's label (NULL: unnamed), the binder values as JSON, and the
   component's replacement (a multiset; empty: it is gone). */
typedef struct BsMove { char *label, *args; BsPos to; } BsMove;

/* Read a position text ("0", "A", "2 * A + B(1, [2, 3])") into *out (free with bs_pos_free).
   False, with a message in err, when it cannot be read or names a game the brute force lacks. */
bool bs_parse(const char *text, BsPos *out, char *err, size_t errcap);
void bs_pos_free(BsPos *p);
/* The canonical text of state id, its game, whether it has no move, and its SG value. */
const char *bs_text(int id);
const BrGame *bs_game(int id);
bool bs_terminal(int id);
int bs_sg(int id);
/* The moves of state id, each once as its rules enumerate them (owned by the memo). */
int bs_moves(int id, const BsMove **out);
/* The SG value of a position: the XOR of its components' (a count's parity decides). */
int bs_pos_sg(const BsPos *p);
/* The position after one copy of component `which` (an index into p) makes move m: into *out. */
void bs_after(const BsPos *p, int which, const BsMove *m, BsPos *out);
/* A canonical text of the whole position ("2 * A + B", sorted): equal texts, the same position. */
char *bs_key(const BsPos *p);
/* Whether the player to move wins the position in misère play (whoever cannot move wins), by
   plain recursion over the sum's positions (memoised by bs_key). */
bool bs_misere_win(const BsPos *p);
/* The brute game named name (NULL: none). */
const BrGame *bs_find(const char *name);
/* The memo's states, for a guard on work: how many so far. */
int bs_states(void);
#endif
