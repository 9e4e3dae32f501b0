/* draw.h: the game graph below a position as Graphviz DOT (the draw statement, :draw). */
#ifndef GRUNDY_DRAW_H
#define GRUNDY_DRAW_H
#include "program.h"

/* Nodes drawn at most: a larger graph is cut (a comment in the output says so). */
#define DRAW_MAX_NODES 400

/* Append to out a DOT digraph of the positions reachable from pos in at most depth moves (normal
   play): nodes labelled with the position and its SG value (or outcome, or generalized value),
   filled by outcome, edges labelled with the rule, winning moves bold. */
void draw_dot(Program *p, const Value *pos, int64_t depth, Loc loc, StrBuf *out);
#endif
