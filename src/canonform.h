/* canonform.h: the shapes of `canon` that the engine applies itself instead of running the
   interpreter, read off a game's syntax tree (the store sorts keys by them, the table strategy
   sorts coordinates). */
#ifndef GRUNDY_CANONFORM_H
#define GRUNDY_CANONFORM_H
#include "ast.h"
#include <stdbool.h>

typedef enum CanonForm {
    CF_NONE,        /* no canon, or one of another shape */
    CF_SORT_UP,     /* `(sort([p1, ..., pk])...)` over every parameter once, or `(min(a, b), max(a, b))` */
    CF_SORT_DOWN,   /* `(max(a, b), min(a, b))` */
    CF_SORT_TAIL    /* variadic: `(f1, ..., fj, sort(v)...)`, the fixed parameters in order */
} CanonForm;

/* The shape of the canon of game (its declaration node) with np parameters (the last collecting
   the rest when variadic). */
CanonForm canonform_of(const Node *game, int np, bool variadic);
/* Whether the canon only puts integer arguments in another order: a sort above, or (min, max) of
   two parameters that may be written int(p) (the identity on integers). The labelling of huge
   positions relies on it; the store does not apply it (int() of a string is not the string). */
bool canonform_permutes(const Node *game, int np, bool variadic);
#endif
