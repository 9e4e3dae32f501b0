/* dense.h: the parts of the table strategy, shared by its files: the integer expression code
   (dense_code.c: compiling a rule's integer expressions and comprehensions; dense_eval.c:
   evaluating them; dense_lmap.c: the lists comprehensions make), the recognition of a
   ruleset as integer arithmetic (dense_rules.c), boards of text as bitmasks (dense_board.c), the
   table and its search (dense_table.c) and the strategy's entry (dense.c). A ruleset is
   recognised on its checked syntax tree when its positions are 1-6 integers and every move is
   integer arithmetic over ranges (binders over a..b, lets, guards) leading to a sum of positions
   of the same game, or when they are a board of text whose rules read and set single cells
   (DBoard). Such a game is compiled to
   a small integer expression code and solved by an explicit-stack search over a dense array of
   SG values: no interpreter values, no keys, no hashing. Anything else is left to memo. */
#ifndef GRUNDY_DENSE_H
#define GRUNDY_DENSE_H
#include "key.h"
#include "solve/solve.h"
#include "solve/core/cellmap.h"
#include "ast.h"
#include <setjmp.h>
#include <stddef.h>

typedef enum MOpCode {
    MO_CONST, MO_VAR, MO_ADD, MO_SUB, MO_MUL, MO_DIV, MO_MOD, MO_NEG, MO_NOT, MO_EQ, MO_NE, MO_LT,
    MO_LE, MO_GT, MO_GE, MO_BAND, MO_BOR, MO_BXOR, MO_MIN, MO_MAX, MO_ABS, MO_TRUTH, MO_JF, MO_JMP,
    MO_JFK, MO_JTK, MO_SHL, MO_SHR, MO_POW, MO_POPCOUNT, MO_INDEX, MO_IN,
    /* a board of text (DBoard), a bits each cell: MO_CELL (r c -- the code of cell (r, c)),
       MO_ROWLEN (r -- the row length), MO_ROWGET (r -- row r's cells as an integer), MO_CELLPUT
       (row c -- the row with cell c's code k), MO_ROWPUT (mask r row -- the mask with row r
       replaced); an index out of range is the interpreter's error (the table declines) */
    MO_CELL, MO_ROWLEN, MO_ROWGET, MO_CELLPUT, MO_ROWPUT,
    /* a list of integers (DBoard ints): MO_ELEM (i -- element i), MO_ELEMSET (list i v -- the
       list with element i set to v; a v the cell's width does not hold declines) */
    MO_ELEM, MO_ELEMSET,
    /* a window of a row (interval.c; EvalCtx's row and its running sums, the window's offset and
       length in slots W_OFF and W_LEN): MO_WELEM (i -- element i of the window), MO_WSUM (lo hi
       -- the sum of its elements lo..hi, 0 when hi < lo); an index out of range is the
       interpreter's error (the strategy declines) */
    MO_WELEM, MO_WSUM
} MOpCode;

/* An instruction. rk: a binary operation's right operand comes with it (1: the constant k, 2:
   the variable a) instead of from the stack: a constant or variable pushed just before it is
   fused into it, which saves a dispatch. */
typedef struct MOp { int op; int a; int rk; int64_t k; const Node *n; const int64_t *tab; } MOp;
/* An expression; when it is affine (c + sum of k * variable, at most MAX_TERMS terms) it is
   evaluated in that form, without the stack code. */
#define MAX_TERMS 4
#define MAX_CELL_PUTS 8
typedef struct Ops {
    MOp *v;
    int n, cap;
    bool affine;
    int cmp;                /* affine: 0, or the comparison of the form with 0 (MO_LE, MO_EQ, MO_NE) */
    int nterms;
    int64_t c, k[MAX_TERMS];
    int slot[MAX_TERMS];
    int64_t vmax;           /* affine: variables up to this magnitude cannot overflow the form */
    /* not affine: a bitmask idiom evaluated at once (shape, see bit_shape), x op K or x op (K << y)
       compared with C (cmp: 0, MO_EQ or MO_NE); the stack code where it would fail or differ */
    int shape, sop, scmp, sx, sy;
    int64_t sk, sc;
    /* SH_CELL: a board's cell (row slot cr plus cro, column slot cc plus cco; a slot -1 is 0),
       cbits bits a cell, its code compared with sc (scmp) */
    int cr, cc, cbits;
    int64_t cro, cco;
    /* SH_PUT: a board's mask with cells set, row by row (each row a group: `rows[r := rows[r][c
       := "x", ...]]`, the row read and written the same: slot and constant), ncput cells.
       SH_LPUT: a list's elements set, `a[i := v, ...]`, element rs + ro set to cs + co (vk 0) or
       to element cs + co plus (xneg: minus) slot xs (or 0) plus xo (vk 1) */
    struct CellPut { int grp, rs, cs, code, vk, xs, xneg; int64_t ro, co, xo; } *cput;   /* at most MAX_CELL_PUTS */
    int ncput;
    struct LMap *lmap;      /* SH_LMAP: a list made by a comprehension (owned) */
    const Node *node;       /* for overflow messages */
} Ops;

/* SH_LMAP: a list of integers made by a comprehension, `[e for x in lo..hi when f]` or `[e for
   x in a when f]` (a the list itself: x its elements in order), in the list's width (vars[BD_R]);
   its value the new list's cells, its length left in slot len (the binder's second slot, which the
   rules never name; the component's length argument reads it). An element the width does not
   hold, a list past BD_MAX_BITS bits, or a range of more than LMAP_MAX_RANGE values declines.
   Where e has a form of the pieces below it is read natively, without the stack code per
   element: split once at an interval of the binder (`if i >= t then A else B`, the other
   comparisons of i with an expression t that does not read it, `==`, `!=`, and `and` of a lower
   and an upper bound), each side the element
   itself (`a[i]`, or x over the list), min or max of it and an invariant k, it plus or minus k, or
   k alone; a filter only `x > 0` (or `!= 0`, `>= 1`) of the element itself, with e the element.
   `sort([...])` sorts the list made (sorted). */
#define LMAP_MAX_RANGE 4096
enum { LK_GEN, LK_ELEM, LK_MIN, LK_MAX, LK_ADD, LK_SUB, LK_INV };
typedef struct LPiece { int kind; struct Ops *k; } LPiece;
typedef struct LMap {
    int slot, len;          /* the binder's slot (written while the list is made), the length's */
    bool over;              /* x over the list's elements (else over lo..hi) */
    bool filt;              /* a `when` filter f */
    bool sorted;            /* `sort([...])`: the list made, sorted */
    struct Ops *lo, *hi, *e, *f;
    bool fast;              /* the pieces below, not e per element */
    bool nz;                /* the filter keeps the non-zero elements */
    /* the split (split): values i in [t[0] + tadd[0], t[1] + tadd[1]) are piece[1], the others
       piece[0]; a bound t[k] NULL is none; eq: i == t[0], the interval [t[0], t[0] + 1). The
       bound t[first] is the condition's first (the other is evaluated only where it is true,
       as `and` does). Without a split every value is piece[0]. */
    bool split, eq;
    int first;
    struct Ops *t[2];
    int64_t tadd[2];
    LPiece piece[2];
} LMap;

/* A board of text: a game of one parameter, its rows (a list of strings), whose rules read and
   set single cells (`rows[r][c] == "."`, `rows[r := rows[r][c := "#"]]`). Its cell is (mask,
   rows, columns), slots BD_M, BD_R and BD_C: the board's cells in bits bits each, row by row
   (cell (r, c) at bit (r * columns + c) * bits), a cell's code the index of its character in
   alpha (the one-character strings of the rules, in the order they are first written). A
   position whose rows differ in length, or hold another character, or need more than
   BD_MAX_BITS bits is not a cell: memo answers it. The game's locals are BD_SHIFT slots up. A
   game of one string is a board of one row (line). A game of one list of small non-negative
   integers (ints: `a[i]`, `len(a)`, `a[i := a[i] - k]`, heaps in a list) is a row of integers:
   its cell is (mask, bits, length), the width of an element (slot BD_R) the bits of the query's
   largest, at least 1; a result that does not fit declines (memo then answers); `canon
   (sort(a)...)` sorts the elements (sort). */
enum { BD_M = 0, BD_R = 1, BD_C = 2, BD_NP = 3, BD_SHIFT = 2, BD_MAX_BITS = 62, BD_MAX_ALPHA = 16 };
typedef struct DBoard {
    bool line;                 /* the parameter is one string (one row: `s[c]`, `len(s)`, `s[c := "x"]`) */
    bool ints, sort;           /* a list of integers (its canon sorting it) */
    int bits;
    int nalpha;
    unsigned char alpha[BD_MAX_ALPHA];
    signed char code[256];     /* a character's code, or -1 */
} DBoard;

#define MAX_RULES 32
#define MAX_BINDERS 8
#define MAX_CLAUSES 16
#define MAX_COMPS 8
/* Parameters of a compiled game (coordinates of its cells). */
#define DNP 6
_Static_assert(DNP <= CM_MAXP, "the map holds a cell's coordinates");
#define EVAL_STACK 32

/* A clause; a guard on the innermost binder i that can be read for every i in 0..63 at once has
   a bit kind (bk): BK_ZERO `(x >> i) & K == 0` or `x & (K << i) == 0` (either way round), and
   BK_NONZERO the same with `!=` (x not i), from x's bits; BK_BINDER, a guard of i alone (affine
   or a shape: `i % 4 != 3`), whose values for i in 0..63 are bmask; BK_CELL, a board's cell in a
   column i + j of a row that does not depend on i, compared with a character (SH_CELL): from the
   row's cells. */
enum { BK_NONE, BK_ZERO, BK_NONZERO, BK_BINDER, BK_CELL };
typedef struct DClause {
    bool let;
    int slot;
    Ops e;
    int bk;
    uint64_t bmask;
    bool inv;            /* does not read the innermost binder (see invariants) */
} DClause;
typedef struct DRule {
    int nb;
    int slot[MAX_BINDERS];
    Ops lo[MAX_BINDERS], hi[MAX_BINDERS];
    /* a binder over a literal set or list of integers ({1, 3, 4}): its values (set[i] NULL: a
       range lo..hi) */
    int64_t *set[MAX_BINDERS];
    int nset[MAX_BINDERS];
    /* the leading guards (before any let) that bound the innermost binder: an affine d <= 0
       whose binder coefficient is +1 (an upper bound) or -1 (a lower bound); while the other
       variables stay within the form's vmax they narrow its loop instead of being evaluated per
       value (the clauses from nhoist on are evaluated as usual) */
    int nhoist;
    int ncl;
    DClause cl[MAX_CLAUSES];
    int ncomp;
    Ops arg[MAX_COMPS][DNP];
    bool fast;           /* no clauses and affine arguments: the innermost loop steps the arguments */
    bool args_affine;    /* every argument affine: the innermost loop may step them (fast_range) */
    /* a stencil (two coordinates, no canon): one binder over a literal set whose clauses are all
       hoisted bounds, one component with affine arguments; option x is the cell (A + sda * x,
       B + sdb * x), A and B the arguments at x = 0 (see stencil) */
    bool sten;
    int64_t sda, sdb;
    /* a stencil's hoisted bounds hk * x + hc + ha * a + hb * b <= 0 (hk 1 or -1; the coordinates
       a and b within hv) */
    int64_t hk[MAX_CLAUSES], hc[MAX_CLAUSES], ha[MAX_CLAUSES], hb[MAX_CLAUSES], hv[MAX_CLAUSES];
} DRule;

typedef struct DenseGame {
    int gid, np, nlocals;
    const DBoard *board;     /* a board of text (NULL: integer parameters) */
    int nrules;
    DRule *rules;        /* one per move (12 KB each: not MAX_RULES of them in every game) */
    bool canon;
    bool record;         /* a rule is not fast: a cell's options are recorded on its first walk */
    /* a subtraction game among the flat ones: every rule one component n - sub[i] under guards
       n >= c; from sub_from on (up to flat_max) every rule applies (nsub 0: not this shape) */
    int nsub;
    int64_t sub[MAX_RULES], sub_from;
    int64_t flat_max;    /* > 0: one coordinate, rules without binders or lets whose guards and
                            arguments are affine in it: the fill reads them directly up to here */
    int sort;            /* canon recognised as sorting the parameters: 1 ascending, -1 descending */
    Ops canon_arg[DNP];
    /* the table: UNK, ONPATH, or the SG value; TERM marks terminal positions. A dense cell holds
       the complement of its value (~v), so zeroed memory is all unknown and a new table needs no
       pass of its own. Dense (val, dim)
       until it would be mostly empty, then sparse (map; dim stays 0, so every direct read is out
       of bounds and goes through visit()) */
    uint32_t *val;
    size_t dim[DNP];
    bool sparse;
    CellMap map;
    size_t solved;
    /* search state, owned here so that an error unwinding the search leaks nothing */
    int64_t *vars;
    /* the search stack: a cell, and where its recorded options start (NOREC: not recorded) */
    struct DStack { struct DEntry { int64_t c[DNP]; size_t rec; } *v; size_t n, cap; } ds;
    /* options recorded on a cell's first walk, so that its value once they are solved needs no
       second walk: per move its component count, then each component's np coordinates */
    int64_t *rv;
    size_t rn, rcap;
} DenseGame;

/* Tables beyond this many cells are declined (memo answers instead). */
#define DENSE_TABLE_CELLS ((size_t)1 << 26)

/* The strategy's state: each game's compiled form (NULL when not recognised), once analysed. */
typedef struct Dense {
    DenseGame **games;
    bool *tried;
    size_t n;
    Mex mex;
} Dense;

#define V_UNK 0xFFFFFFFFu
_Static_assert(V_UNK == CM_NONE, "an unknown cell is one the map does not have");
#define V_ONPATH 0xFFFFFFFEu
#define V_TERM 0x80000000u     /* flag on a solved value: the position has no moves */
#define V_MASK 0x7FFFFFFFu

/* Bitmask idioms (shapes) the stack code is read as: (x >> y) & K, x & (K << y), x | (K << y),
   x ^ (K << y), x & K, x % K (K > 0), each alone or compared (== or !=) with a constant C; x and y
   variables. SH_CELL: a board's cell `rows[r + i][c + j]` (r, c variables or absent, i, j
   constants) compared with a character; SH_PUT and SH_LPUT (below); SH_ROWLEN: `len(rows[r +
   i]) + j`. */
enum { SH_NONE, SH_SHR_AND, SH_SHL_OP, SH_OP_K, SH_CELL, SH_PUT, SH_ROWLEN, SH_LPUT, SH_LMAP };

/* What the integer code runs for: the program (its messages); during the bottom-up fill, where
   an error returns to instead (the fill stops there; nothing is reported); during a search, where
   an overflow returns to (the table declines: the language's integers have any size). */
typedef struct EvalCtx { Program *p; jmp_buf *spec, *decline; const int64_t *row; const __int128 *rsum; } EvalCtx;

/* Evaluate o over the slots vars (integers; conditions are 0 or 1): the stack code. */
int64_t dense_eval_code(const EvalCtx *p, const Ops *o, const int64_t *vars);
/* SH_PUT's value: the cells set, or the stack code's where an index is out of range or two rows
   written are one. */
int64_t dense_eval_put(const EvalCtx *p, const Ops *o, const int64_t *vars);
/* SH_LPUT's value: the elements set, or the stack code's where an index is out of range or a
   value does not fit (the stack code then declines). */
int64_t dense_eval_lput(const EvalCtx *p, const Ops *o, const int64_t *vars);
/* SH_LMAP's value (see LMap): writes the comprehension's two slots of vars (scratch: no rule
   reads them across it), hence vars not const. */
int64_t dense_eval_lmap(const EvalCtx *p, const Ops *o, int64_t *vars);
/* An error of the rules at n: declined where the walk may (an overflow, an index out of range),
   abandoned in a fill, else the program's error. */
_Noreturn void dense_fail(const EvalCtx *ev, const Node *n, const char *what);

/* A shape's value (see bit_shape), or the stack code's where a shift leaves 0..63 or loses bits. */
static inline __attribute__((always_inline)) int64_t eval_shape(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    int64_t x = vars[o->sx], r;
    switch (o->shape) {
    case SH_SHR_AND: {
        int64_t y = vars[o->sy];
        if ((uint64_t)y > 63) return dense_eval_code(p, o, vars);
        r = (x >> y) & o->sk;
        break;
    }
    case SH_SHL_OP: {
        int64_t y = vars[o->sy];
        if ((uint64_t)y > 63) return dense_eval_code(p, o, vars);
        int64_t t = (int64_t)((uint64_t)o->sk << y);
        if ((t >> y) != o->sk) return dense_eval_code(p, o, vars);
        r = o->sop == MO_BAND ? x & t : o->sop == MO_BOR ? x | t : x ^ t;
        break;
    }
    case SH_PUT: return dense_eval_put(p, o, vars);
    case SH_LPUT: return dense_eval_lput(p, o, vars);
    case SH_LMAP: return dense_eval_lmap(p, o, (int64_t *)vars);   /* the walk's vars, mutable (LMap) */
    case SH_ROWLEN: {
        int64_t ri = o->cro;
        if ((o->cr >= 0 && __builtin_add_overflow(ri, vars[o->cr], &ri)) || (uint64_t)ri >= (uint64_t)vars[BD_R])
            return dense_eval_code(p, o, vars);   /* out of range: its error */
        return vars[BD_C] + o->cco;               /* 0 <= C <= BD_MAX_BITS, |cco| < 2^62 */
    }
    case SH_CELL: {
        int64_t ri = o->cro, c = o->cco, nc = vars[BD_C];
        if ((o->cr >= 0 && __builtin_add_overflow(ri, vars[o->cr], &ri)) ||
            (o->cc >= 0 && __builtin_add_overflow(c, vars[o->cc], &c)) || (uint64_t)ri >= (uint64_t)vars[BD_R] ||
            (uint64_t)c >= (uint64_t)nc)
            return dense_eval_code(p, o, vars);   /* out of range: its error */
        r = (vars[BD_M] >> ((ri * nc + c) * o->cbits)) & ((INT64_C(1) << o->cbits) - 1);
        break;
    }
    default:
        if (o->sop == MO_MOD) {   /* the floor's remainder; by a power of two, the low bits (negative x too) */
            if (!(o->sk & (o->sk - 1))) {
                r = x & (o->sk - 1);
            } else {
                r = x % o->sk;
                if (r < 0) r += o->sk;
            }
        } else {
            r = o->sop == MO_BAND ? x & o->sk : o->sop == MO_BOR ? x | o->sk : x ^ o->sk;
        }
        break;
    }
    if (!o->scmp) return r;
    return (o->scmp == MO_EQ) == (r == o->sc);
}

static inline __attribute__((always_inline)) int64_t eval(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    if (!o->affine) return o->shape ? eval_shape(p, o, vars) : dense_eval_code(p, o, vars);
    int64_t r = o->c;
    for (int j = 0; j < o->nterms; j++) {
        int64_t x = vars[o->slot[j]];
        if (__builtin_expect(x > o->vmax || x < -o->vmax, 0)) return dense_eval_code(p, o, vars);
        r += o->k[j] * x;   /* cannot overflow: see vmax */
    }
    if (__builtin_expect(!o->cmp, 1)) return r;
    return o->cmp == MO_LE ? r <= 0 : (o->cmp == MO_EQ) == (r == 0);
}

/* The affine form is used only while every variable is at most AFF_VAR_MAX in magnitude, and only
   for code whose every intermediate value is then provably below AFF_SAFE: in that range neither
   the stack code nor the affine form can overflow, so both give the same exact integer. */
#define AFF_VAR_MAX ((int64_t)1 << 20)

/* The dimensions a table of g spans: its coordinates, and at least three (those past np are 1). */
static inline int ndims(const DenseGame *g) { return g->np > 3 ? g->np : 3; }

/* Coordinates in the order of a sorting canon (g->sort: 1 ascending, -1 descending). */
static inline void sort_coords(int sort, int np, int64_t *c)
{
    int64_t t;
#define SORT_CMP(i, j) if ((sort > 0) == (c[i] > c[j])) { t = c[i]; c[i] = c[j]; c[j] = t; }
    if (np == 4) {   /* a sorting network, without branches */
#define CSWAP(i, j)                                                             \
        do {                                                                    \
            int64_t x_ = c[i], y_ = c[j];                                       \
            bool s_ = (sort > 0) == (x_ > y_);                                  \
            c[i] = s_ ? y_ : x_;                                                \
            c[j] = s_ ? x_ : y_;                                                \
        } while (0)
        CSWAP(0, 1);
        CSWAP(2, 3);
        CSWAP(0, 2);
        CSWAP(1, 3);
        CSWAP(1, 2);
#undef CSWAP
        return;
    }
    if (np > 3) {   /* insertion sort */
        for (int i = 1; i < np; i++)
            for (int j = i; j > 0; j--) SORT_CMP(j - 1, j) else break;
        return;
    }
    SORT_CMP(0, 1);
    if (np == 3) {
        SORT_CMP(1, 2);
        SORT_CMP(0, 1);
    }
#undef SORT_CMP
}

static inline size_t cell(const DenseGame *g, const int64_t *c)
{
    size_t x = ((size_t)c[0] * g->dim[1] + (size_t)(g->np > 1 ? c[1] : 0)) * g->dim[2] + (size_t)(g->np > 2 ? c[2] : 0);
    for (int i = 3; i < g->np; i++) x = x * g->dim[i] + (size_t)c[i];
    return x;
}

static inline bool in_table(const DenseGame *g, const int64_t *c)
{
    if (!((uint64_t)c[0] < g->dim[0] && (uint64_t)c[1] < g->dim[1] && (uint64_t)c[2] < g->dim[2])) return false;
    for (int i = 3; i < g->np; i++)
        if ((uint64_t)c[i] >= g->dim[i]) return false;
    return true;
}

/* The value of the cell at c (V_UNK when the table has no room for it yet). */
static inline uint32_t getv(const DenseGame *g, const int64_t *c)
{
    if (g->sparse) return cm_get(&g->map, c);
    return in_table(g, c) ? ~g->val[cell(g, c)] : V_UNK;
}

/* first enumeration, the value once options are solved, or a cell of the bottom-up fill (an
   option not solved yet stops the walk: the cell is left to the search) */
typedef enum Mode { M_EXPAND, M_MEX, M_FILL } Mode;
#define PEND_DEPTH 4

typedef struct Walk {
    Solver *sv;
    Engine *e;
    Mex *mex;
    DenseGame *g;
    Loc loc;
    Mode mode;
    EvalCtx ev;
    int64_t *vars;
    size_t pushed, moves;
    bool abort;
    bool cycled;        /* the abort was a cycle */
    bool skip;          /* M_FILL: an option is not solved yet (or outside the table) */
    bool ahead;         /* M_FILL reading ahead (read_ahead): an option outside the table is not made room for */
    bool rec, rec_lost; /* M_EXPAND: recording the options (rec_put); the record ran out of room */
    int from_clause;    /* the innermost binder's loop took the hoisted guards as bounds: the clauses left */
    const int64_t *key; /* the query (for a limit message) */
    size_t solved0, room; /* the game's cells solved before the query; how many more a budget allows */
    /* a sparse game's options wait here, PEND_DEPTH at most, their map slots asked for from memory
       meanwhile (see on_result): a ring from phead, npend of them */
    bool settling;      /* settle_one is visiting one of them */
    int phead, npend;
    int pn[PEND_DEPTH];
    int64_t pend[PEND_DEPTH][MAX_COMPS][DNP];
} Walk;

/* dense_code.c: compile expression n into o at the top level (defs inlined); false when it is
   not integer arithmetic the code can run. The affine form of o, where it has one (o->affine). */
bool dense_cexpr_top(Program *p, Ops *o, const Node *n, const DBoard *bd);
/* The same for a window of a row (interval.c): the list parameter, local slot wlist, read only
   as `a[e]` (MO_WELEM), `len(a)` (slot W_LEN) and the sum of a slice, `sum([a[i] for i in lo..hi])`
   or `sum(a[i] for i in lo..hi)` (MO_WSUM); the other locals W_SHIFT slots up. */
enum { W_OFF = 0, W_LEN = 1, W_SHIFT = 2 };
bool dense_cexpr_win(Program *p, Ops *o, const Node *n, int wlist);
/* The range lo..hi of a window's slice: g is `[a[i] for i in lo..hi]` (a list comprehension) or
   `a[i] for i in lo..hi` (a sum's generator), a the list in local slot wlist; else NULL. */
const Node *dense_win_slice(const Node *g, int wlist);
/* The same of a slice's sum, `sum([a[i] for i in lo..hi])` or `sum(a[i] for i in lo..hi)`. */
const Node *dense_win_sum(const Node *n, int wlist);
/* Whether expression n is an integer, not a truth value (sema's type, or where it has none, its
   form: an element, arithmetic, min, max, abs). */
bool dense_int_valued(const Node *n);
/* A board game's call argument x (its rows: `rows`, or `rows[i := X, ...]` with each X a row
   `rows[j]` or `rows[j][c := "x", ...]` of one-character literals; a line's `s[c := "x", ...]`)
   compiled into the cell's coordinates out[BD_NP]; false for any other argument. bd: the board
   (dense_cexpr_top's too, where a board's rules read cells and rows: `rows[r][c] == "."`,
   `rows[r] != rows[r + 1]`, `len(rows)`, `len(rows[r])`). */
bool dense_cboard_args(Program *p, Ops *out, const Node *x, const DBoard *bd);
void dense_affine(Ops *o);
/* Whether code o reads the variable in slot. */
bool dense_reads_slot(const Ops *o, int slot);
/* A list of integers made by a comprehension (n, an N_GEN, or sort() of one) compiled into o's
   SH_LMAP (LMap); false when it is not one the table reads (o's parts are freed with o). */
bool dense_clmap(Program *p, Ops *o, const Node *n, const DBoard *bd);
/* An Ops made by xcalloc freed, its parts with it (NULL: nothing); an Ops' parts freed (it is
   empty then). */
void dense_free_ops(Ops *o);
void dense_clear_ops(Ops *o);
/* The coefficient of slot in the affine form o (0 if absent). */
static inline int64_t dense_coef(const Ops *o, int slot)
{
    for (int j = 0; j < o->nterms; j++)
        if (o->slot[j] == slot) return o->k[j];
    return 0;
}

/* dense_rules.c: the compiled form of game gid (NULL: not recognised), analysed once; its table's
   cells (0: none yet); the table dropped; the whole game freed. */
DenseGame *dense_game_of(Dense *d, Program *p, int gid);
size_t dense_table_cells(const DenseGame *g);
void dense_drop_table(DenseGame *g);
void dense_free_game(DenseGame *g);

/* dense_board.c: the board of a game of one parameter whose rules name one-character strings
   (their alphabet; false when they name none or more than BD_MAX_ALPHA); the cell of key in
   game g (integer arguments, or a board: DBoard), false when key is not one of g's cells. */
bool dense_board_read(const struct GameRules *gr, DBoard *bd);
/* A game of one parameter as a list of integers (false when its canon is neither none nor
   `(sort(a)...)`); the elements of a list cell sorted (n of them, bits wide). */
bool dense_list_read(const struct GameRules *gr, DBoard *bd);
int64_t dense_sort_cells(int64_t m, int64_t n, int64_t bits);
bool dense_cell_of(const DenseGame *g, const int64_t *key, int64_t *c);

/* dense_table.c: a walk of game g for the query key (its budgets, the evaluation context). */
void dense_walk_init(Walk *w, Solver *sv, Dense *d, Engine *e, DenseGame *g, const int64_t *key, Loc loc);
/* One cell of a fill or of reading ahead (w in M_FILL), walked once: 1 when its value is set
   (every option solved), 0 when an option is not solved yet or lies outside the table (w->skip),
   -1 when filling must stop (a value too big for the table, or the table went sparse). The
   caller counts the walk's work (w->moves). */
int dense_fill_one(Walk *w, struct DStack *ds, const int64_t *c);
/* Positions left half-done (on the search path) go back to unknown. */
void dense_reset_onpath(DenseGame *g);
/* The cell of key in its game's table solved (its SG value in *sg, whether it is terminal in
   *terminal), or declined. */
SolveResult dense_table_solve(Solver *sv, Dense *d, Engine *e, const int64_t *key, Loc loc, uint64_t *sg, bool *terminal);

#endif
