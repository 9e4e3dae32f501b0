/* closed.h: closed forms: standard-library games answered by a proven formula instead of search.
   A form answers only where its proof covers the position's parameters; otherwise the engine
   searches the game's rules. Every form is duelled against that search (tests/duel/duel_closed). */
#ifndef GRUNDY_CLOSED_H
#define GRUNDY_CLOSED_H
#include "solve/solve.h"
#include "gmpx.h"

/* A form's memory kept between positions of one run (a table shared by many queries): the form
   allocates it, the closed strategy frees it with its own free at the end. */
typedef struct ClosedCache { void (*free)(struct ClosedCache *c); } ClosedCache;

/* What a form knows about one position. */
typedef struct ClosedAnswer {
    uint64_t sg;        /* the SG value; with outcome_only: 0 for P, 1 for N */
    bool outcome_only;  /* the form decides P/N but does not know the SG value of an N-position */
    bool terminal;      /* the position has no moves */
    bool is_big;        /* the SG value is big instead of sg (set by closed_sg_mpz, cleared by the caller) */
    mpz_t big;
    bool rules_moves;   /* the form's moves do not cover this position: the rules list them */
    ClosedCache **cache;  /* in: the form's cache slot (NULL: none; the form works without it) */
    Program *p;         /* in: where a form whose work is long counts it (prog_poll_n; NULL: it does
                           not), and registers what an error unwinding past it must free */
    Loc loc;
} ClosedAnswer;
/* In a state's strategy variant (solve_how): the form's index with this bit when rules_moves. */
#define CLOSED_RULES_MOVES 0x400u

/* Options of a position whose value is want (an SG value of any size; 0 for the moves to
   P-positions of an outcome-only form), yielded in the rules' move order (yielding a few others
   too is harmless: the caller checks each). Returns false when the list may be incomplete (more
   than CLOSED_MAX_SCAN candidates would have to be examined). A form keeps no GMP value alive
   while a callback runs unless closed_tmp holds it (a callback may end in an error). */
typedef bool (*ClosedMoves)(Vm *vm, int gid, const Value *args, int nargs, const GameValue *want, VmYield cb,
                            void *ctx);
#define CLOSED_MAX_SCAN SOLVE_MAX_SCAN
/* Arguments of a position a form reads (a variadic list spread out): up to CLOSED_MAX_ARGS a form
   may keep per-argument arrays on its stack (it declines beyond); up to CLOSED_MAX_SPREAD the
   forms that read the arguments in place (EndPiles) answer. */
#define CLOSED_MAX_ARGS 1024
#define CLOSED_MAX_SPREAD (1 << 20)

typedef struct ClosedForm {
    const char *game;       /* the standard-library game it answers */
    const char *strategy;   /* reported as the strategy: "closed:nim" */
    /* Whether the formula is proven for these arguments; fills *a when it is. */
    bool (*eval)(const Value *args, int nargs, ClosedAnswer *a);
    ClosedMoves moves;      /* NULL: winning moves come from enumerating the rules */
    const char *why;        /* the theorem, in a line (the text output's explanation) */
    /* Optional: a remoteness or suspense of the position, or PACE_NIM (SolvePace); false when the
       form does not know it for these arguments. */
    bool (*pace)(const Value *args, int nargs, unsigned which, uint64_t *out);
    /* An outcome-only form: its moves are the moves to P-positions. A move to another value
       (a P-position's move in a sum that needs a value above 0) comes from the rules, each
       option valued by a tentative search. */
    bool p_only;
} ClosedForm;

/* The arguments of key with a variadic list spread out, *nargs of them: in buf (CLOSED_MAX_ARGS
   values) when they fit, else in scratch (the VM's, freed with it) or, without one, in xmalloc'd
   memory the caller frees (the result is not buf). NULL past CLOSED_MAX_SPREAD arguments. */
Value *closed_args(const Program *p, const int64_t *key, Value *buf, Vm *scratch, int *nargs);
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
extern const ClosedForm closed_board_forms[];
extern const ClosedForm closed_row_forms[];
extern const ClosedForm closed_array_forms[];

/* Helpers for the families: yield the one-component position g(args). */
int closed_yield(Vm *vm, int gid, const Value *args, int nargs, VmYield cb, void *ctx);
static inline bool closed_int(const Value *v) { return v->t == VT_INT; }

/* ---- arguments of any size: the forms that answer them beyond 64 bits work in GMP ---- */
/* Whether v is an integer >= 0 of either representation. */
static inline bool closed_nat(const Value *v) { return (v->t == VT_INT && v->u.i >= 0) || (v->t == VT_BIG && !v->strs); }
/* Whether one of a[0..n) is beyond 64 bits. */
bool closed_any_big(const Value *a, int n);
/* The form's SG value z (any size) into r. */
void closed_sg_mpz(ClosedAnswer *r, const mpz_t z);
/* z as an argument of a result (an integer of either representation, in vm's scratch). */
Value closed_arg(Vm *vm, const mpz_t z);
/* GMP values that live across callbacks: cleared by closed_tmp_end, or by the error unwinding
   past a callback. */
typedef struct ClosedTmp { Vm *vm; size_t mark; int n; mpz_t z[8]; } ClosedTmp;
ClosedTmp *closed_tmp(Vm *vm);
void closed_tmp_end(ClosedTmp *t);
#endif
