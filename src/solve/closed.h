/* closed.h: closed forms: standard-library games answered by a proven formula instead of search.
   A form answers only where its proof covers the position's parameters; otherwise the engine
   searches the game's rules. Every form is duelled against that search (tests/duel/duel_closed). */
#ifndef GRUNDY_CLOSED_H
#define GRUNDY_CLOSED_H
#include "solve/solve.h"

/* What a form knows about one position. */
typedef struct ClosedAnswer {
    uint64_t sg;        /* the SG value; with outcome_only: 0 for P, 1 for N */
    bool outcome_only;  /* the form decides P/N but does not know the SG value of an N-position */
    bool terminal;      /* the position has no moves */
} ClosedAnswer;

/* Options of a position whose value is target, yielded in the rules' move order (yielding a few
   others too is harmless: the caller checks each). Returns false when the list may be incomplete
   (more than CLOSED_MAX_SCAN candidates would have to be examined). */
typedef bool (*ClosedMoves)(Vm *vm, int gid, const Value *args, int nargs, uint64_t target, VmYield cb, void *ctx);
#define CLOSED_MAX_SCAN SOLVE_MAX_SCAN
/* Arguments of a position a form reads (a variadic list spread out). */
#define CLOSED_MAX_ARGS 1024

typedef struct ClosedForm {
    const char *game;       /* the standard-library game it answers */
    const char *strategy;   /* reported as the strategy: "closed:nim" */
    /* Whether the formula is proven for these arguments; fills *a when it is. */
    bool (*eval)(const Value *args, int nargs, ClosedAnswer *a);
    ClosedMoves moves;      /* NULL: winning moves come from enumerating the rules */
    const char *why;        /* the theorem, in a line (the text output's explanation) */
} ClosedForm;

/* The arguments of key with a variadic list spread out; -1 if there are too many. */
int closed_args(const Program *p, const int64_t *key, Value *args);
/* Index of a form (for storing which strategy solved a state) and back. */
int closed_index(const ClosedForm *f);
const ClosedForm *closed_at(int i);

/* Nim-multiplication (docs/theory.md section 3). */
uint64_t closed_nim_mul(uint64_t a, uint64_t b);

/* The families, each in its own file: ORDER does not matter between them. */
extern const ClosedForm closed_heap_forms[];
extern const ClosedForm closed_pair_forms[];
extern const ClosedForm closed_coin_forms[];
extern const ClosedForm closed_multi_forms[];

/* Helpers for the families: yield the one-component position g(args). */
int closed_yield(Vm *vm, int gid, const Value *args, int nargs, VmYield cb, void *ctx);
static inline bool closed_int(const Value *v) { return v->t == VT_INT; }
#endif
