/* compile.h: AST -> bytecode for defs, games (moves and canon), constants and statements. */
#ifndef GRUNDY_COMPILE_H
#define GRUNDY_COMPILE_H
#include "program.h"
#include "sema.h"

/* Compile a checked item (sema_item succeeded). Queues statements. Returns the number of errors
   (constant folding can find overflow). */
int compile_item(Program *p, Node *item, const SemaInfo *info, bool user);
#endif
