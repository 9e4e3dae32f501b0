/* rules.h: the one reading of a game's rules that the engine's recognisers share (the
   take-and-break reader, the table strategy's compiler, the label jumps, the sequence strategy,
   the store's canon sorting, the move labels). The compiler reads each game's declaration once
   into a GameRules: per item, its binders and their domains, its clauses (a guard's `and`s
   split), the calls of games its result sums, or its canon; and the shape of the canon. Integer
   expressions are then read through rules_affine, rules_mentions and rules_linear: no strategy
   walks the syntax tree of a rule itself. */
#ifndef GRUNDY_RULES_H
#define GRUNDY_RULES_H
#include "ast.h"
#include "value.h"
#include <stdbool.h>
#include <stdint.h>

typedef enum CanonForm {
    CF_NONE,        /* no canon, or one of another shape */
    CF_SORT_UP,     /* `(sort([p1, ..., pk])...)` over every parameter once, or `(min(a, b), max(a, b))` */
    CF_SORT_DOWN,   /* `(max(a, b), min(a, b))` */
    CF_SORT_TAIL    /* variadic: `(f1, ..., fj, sort(v)...)`, the fixed parameters in order */
} CanonForm;

/* What a binder ranges over. */
typedef enum RDomKind {
    RD_RANGE,       /* lo..hi */
    RD_INTS,        /* a literal set or list of integer literals (negated ones too) */
    RD_NAME,        /* a name: a parameter or local (REF_LOCAL) or a constant (REF_CONST) */
    RD_OTHER        /* anything else */
} RDomKind;

typedef struct RBinder {
    const char *name;
    int slot;                  /* its local slot */
    RDomKind kind;
    const Node *dom;           /* the domain as written */
    const Node *lo, *hi;       /* RD_RANGE */
    const int64_t *ints;       /* RD_INTS: in the order the binder takes them (a set: ascending, each once) */
    int nints;
    const int64_t *sorted;     /* RD_INTS: ascending, each once (the values, for a mex) */
    int nsorted;
    bool is_set;               /* RD_INTS: written as a set */
    int ref, ref_id;           /* RD_NAME: what the name refers to (SymRef) and its index */
} RBinder;

/* A clause of a rule in order: a guard's conjunct (`when a and b` gives a, then b), or a let. */
typedef struct RClause {
    bool let;
    int slot;                  /* let: the local it sets */
    const Node *e;
} RClause;

/* A call of a game in a rule's result. */
typedef struct RCall {
    const Node *node;
    int game;
    int nargs;
    const Node *const *args;
    bool splat;                /* some argument is spread (`xs...`) */
} RCall;

/* An item of a game: a move rule, or its canon. */
typedef struct RRule {
    bool canon;
    const char *name;          /* the move's label, or NULL */
    Loc loc;
    RBinder *b;                /* binders, outermost first */
    int nb;
    RClause *cl;
    int ncl;
    int nwhen;                 /* guard clauses as written (before splitting their `and`s) */
    bool lets;
    const Node *result;        /* the move's result (canon: NULL) */
    const Node *gain;          /* a scoring game's move: its gain as written (NULL: none, 0) */
    bool sum;                  /* the result is a sum (+) of calls of games and literal zeros */
    RCall *calls;              /* sum: the calls, left to right */
    int ncalls, nzeros;
    const Node *const *canon_args;   /* canon: the arguments as written */
    int ncanon_args;
} RRule;

typedef struct GameRules {
    int gid;
    int np;
    bool variadic;
    RRule *items;              /* in declaration order: a move's yield tag is its index here */
    int n;
    int nmoves;
    const RRule *canon;        /* the canon item, or NULL */
    CanonForm canon_form;
    bool canon_permutes;       /* see rules_read */
} GameRules;

/* The rules of game declaration g (checked by sema; gid its index), allocated in arena a.
   canon_permutes: the canon only puts integer arguments in another order (a sort, or (min, max)
   of two parameters that may be written int(p), the identity on integers); the labelling of
   huge positions relies on it, the store does not apply it (int() of a string is not the string). */
GameRules *rules_read(Arena *a, const Node *g);

/* Whether argument i of call c passes the game's parameter i on unchanged. */
bool rules_passes_on(const RCall *c, int i);

/* Whether e mentions the local slot. */
bool rules_mentions(const Node *e, int slot);
/* Whether e is s * x + c with s and c free of the local slot x (sums, differences, negation,
   products by factors free of x; any part free of x). */
bool rules_linear(const Node *e, int slot);

/* The affine form of an integer expression in up to RULES_TRACK tracked locals, everything else
   folded: integer literals, locals below nlocals that hold integers in locals[], constants that
   are ready (ready NULL: all) and integers. Additions, subtractions, negation and products with
   one constant side, in checked 64-bit arithmetic; ok false for anything else or an overflow. */
#define RULES_TRACK 3
typedef struct RFold {
    const Value *consts;
    const bool *ready;
    const Value *locals;
    int nlocals;
    int track[RULES_TRACK];    /* slots kept as variables (-1: none) */
} RFold;
typedef struct RAffine {
    bool ok;
    int64_t c;
    int64_t k[RULES_TRACK];    /* the coefficient of track[i] */
} RAffine;
RAffine rules_affine(const RFold *f, const Node *e);
/* Whether x is a constant (no tracked variable). */
bool rules_affine_const(RAffine x);
/* A guard clause read as `d op 0`: a comparison (==, !=, <, <=, >, >=) of two integer
   expressions, d the affine form of their difference; a literal true or false is 0 == 0 or
   0 != 0. False for anything else. */
bool rules_compare(const RFold *f, const Node *e, int *op, RAffine *d);

/* Small shapes of expressions: the slot of a plain local name (else -1); x when e is `x / 2`
   (else NULL); whether e is `min(x, y)`. */
int rules_local(const Node *e);
const Node *rules_halved(const Node *e);
bool rules_min_of(const Node *e, const Node **x, const Node **y);

/* The integer values of binder b's domain when they do not depend on the position beyond f's
   locals: RD_INTS, or a name for a list or set of 64-bit integers (a local below f->nlocals
   that is not excluded, or a ready constant), in the order the binder takes them. False
   otherwise. */
bool rules_int_values(const RFold *f, const RBinder *b, int excluded, const int64_t **v, size_t *n);
#endif
