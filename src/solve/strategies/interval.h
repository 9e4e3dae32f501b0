/* interval.h: the parts of the interval strategy (scoring games over a row of numbers), shared by
   its files: the rules compiled (interval_rules.c) and the table of a row's slices with its search
   (interval.c). A game is taken when its parameters are up to IV_MAXINT integers and then one
   list (`game G(t, a...)`), it has no canon, and every move is integer code over ranges (binders,
   guards, lets: dense_code.c's, the list read as a window: `a[e]`, `len(a)`, `sum([a[i] for i in
   lo..hi])`) with an integer gain, leading to one position of the same game whose integers are
   integer code and whose list is the list itself or a slice of it, `[a[i] for i in lo..hi]...`. A
   position is then (its integers, an offset and a length in one row): no key, no interpreter. */
#ifndef GRUNDY_INTERVAL_H
#define GRUNDY_INTERVAL_H
#include "solve/strategies/dense.h"

#define IV_MAXINT 3
enum { IG_CODE, IG_ELEM, IG_SUM };

/* A move compiled (the locals W_SHIFT slots up, dense.h). */
typedef struct IRule {
    int nb;
    int slot[MAX_BINDERS];
    Ops lo[MAX_BINDERS], hi[MAX_BINDERS];
    int64_t *set[MAX_BINDERS];  /* a binder over literal integers: its values (NULL: lo..hi) */
    int nset[MAX_BINDERS];
    int ncl;
    bool let[MAX_CLAUSES];
    int lslot[MAX_CLAUSES];
    Ops cl[MAX_CLAUSES];
    bool has_gain;              /* false: the gain is 0 */
    Ops gain;
    /* the gain's native forms: IG_ELEM `a[e]`, IG_SUM `sum([a[i] for i in e..f])`, e and f (gx,
       gy) affine (IG_CODE: the code in gain) */
    int gk;
    Ops gx, gy;
    Ops arg[IV_MAXINT];         /* the result's integers */
    bool whole;                 /* the result's list is the list itself */
    Ops slo, shi;               /* else the slice [a[i] for i in slo..shi] */
} IRule;

typedef struct IGame {
    int gid, nint, nvars;       /* nint integer parameters, then the list; vars: the slots */
    int nrules;
    IRule *rules;
    /* the running best (CoinGame): one rule of one binder k in lo..hi, the game's one integer t
       read by hi alone. The options of (t, w) are then those of k = lo..hi(t, w), so a position is
       kept as (h, w) with h = max(hi(t, w), lo - 1), and the best of (h, w)'s options is the better
       of (h - 1, w)'s best and option k = h: O(1) a position, not O(h) (iv_canon_h) */
    bool prefix;
} IGame;

/* Game gid compiled, or NULL when it is not of the shape above. */
IGame *iv_compile(Program *p, int gid);
void iv_free_game(IGame *g);
#endif
