/* compile.h: AST -> bytecode for defs, games (moves and canon), constants and statements. */
#ifndef GRUNDY_COMPILE_H
#define GRUNDY_COMPILE_H
#include "program.h"
#include "sema.h"

/* Compile a checked item (sema_item succeeded). Queues statements. Returns the number of errors
   (constant folding can find overflow). */
int compile_item(Program *p, Node *item, const SemaInfo *info, bool user);
/* A for or if statement's head (item: N_FOR, N_IFSTMT): a statement that runs its body once per
   element of the domain, set into constant var (for), or its first or second body (if); its
   bodies' statements are compiled after it (the caller sets its else_at and body_end). Returns the
   statement's index. */
size_t compile_block(Program *p, Node *item, const SemaInfo *info, bool user, int var);
/* A const of a for statement's body: a statement setting constant id each time. Returns errors. */
int compile_let(Program *p, Node *item, const SemaInfo *info, bool user, int id);
#endif
