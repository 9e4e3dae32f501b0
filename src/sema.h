/* sema.h: name resolution, arity and type checks; assigns local slots before compilation. */
#ifndef GRUNDY_SEMA_H
#define GRUNDY_SEMA_H
#include "program.h"
#include "ast.h"

#define SEMA_MAX_DEPTH 1000

/* Result of checking one item: the slot count and slot names of its function(s). */
typedef struct SemaInfo {
    int nlocals;
    const char **slotnames;  /* in the unit's arena */
    int errors;
} SemaInfo;

/* Declare the unit's consts, defs and games (so items may refer to later ones). Returns errors. */
int sema_declare(Program *p, Arena *a, NodeList *items);
/* Check one item and annotate its nodes (ref, ref_id, type). Returns the number of errors. */
int sema_item(Program *p, Arena *a, Node *item, SemaInfo *info);
/* Declare n->name (a for statement's loop variable or a constant of its body: n is the item) as
   a constant of type type, set when the statements run (its value is not known before). Returns
   the constant's index, or -1 after an error (the name is taken). */
int sema_declare_local(Program *p, Node *n, int type);
/* Names of fold functions usable with a generator; returns the FoldKind or -1. */
int sema_fold_kind(const char *name);
#endif
