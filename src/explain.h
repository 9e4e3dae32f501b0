/* explain.h: the explain statement: why a position has its value, step by step (a lone
   component's options and their mex, a sum's XOR in binary, the outcome rule with cycles, a
   scoring game's best worth, a closed form's theorem with its numbers). */
#ifndef GRUNDY_EXPLAIN_H
#define GRUNDY_EXPLAIN_H
#include "program.h"

/* Explain pos (written text in the program) on the program's output: text lines, or one JSON
   object {"kind":"explain",...,"lines":[...]} with --json. Errors go through the program's error
   path (prog_defer cleans up). */
void explain_position(Program *p, const Value *pos, const char *text, Loc loc);
#endif
