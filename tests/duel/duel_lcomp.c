/* duel_lcomp.c: random rulesets on one list of small non-negative integers, `game G(a...)`
   (positions G(3, 1, 4)) or `game G(a)` (positions G([3, 1, 4])), in which every move's result is
   a list comprehension, checked against a brute force written from the rules as stated. A move
   binds an index r (over the list, or a part of it) and an amount (k in 1..a[r], c in 0..a[r] - 1,
   a second index s), has guards (a[r] > 0, r > 0 or c > 0, k <= 3, ...), and builds its result
   by one comprehension of one binder: over an index range ([E for i in 0..len(a) - 1], 1..len(a) - 1,
   0..len(a) - 2, 0..r, 0..r - 1, r..len(a) - 1, r + 1..len(a) - 1: ranges that may be empty) or over
   the list ([E for x in a]), with or without a filter (when a[i] > 0, x != 0, i != r,
   a[i] != a[r], x < a[r], ...), whose element E changes the elements selected by i == r,
   i >= r, i <= r or abs(i - r) <= 1 (a[i] - k, max(a[i] - k, 0), min(a[i], c), c, 0, a[i] / 2,
   abs(a[i] - 2 * k), a[i] - k - i % 2) and maps the others (a[i], min(a[i], c), max(a[i] - i, 0),
   a[i] - a[i] % 2, a[i] - i % 2, min(a[i], i + 1), min(a[i], abs(a[i] - k))), written as
   `if SEL then .. else ..` or inverted; over the list it caps, lowers, halves, drops or replaces
   elements (min(x, c), if x >= a[r] then x - k else x, x - 1 when x > 0, x when x != a[r],
   c when x > c, ...). Some moves raise an element (a[i] + 1 where a[r] loses k >= 2, a[s] + k where
   a[r] loses 2 * k).
   The element forms the table reads natively (a split of the index at an interval, each side the
   element, min or max of it and an invariant, it plus an invariant, or an invariant alone) have
   shapes of their own. Splits: `if SEL then .. else ..` with SEL i == r, i != r (if i != r then
   min(a[i], c) else 0, ...), one bound strict or mirrored (i > r, r < i, i >= r + 1, i < r, r > i,
   i <= r - 1, i > r - 1, r + 1 > i, ...) or a window, `and` of a lower and an upper bound in either
   order (i >= r and i <= r + 1, i <= r + 1 and i >= r, r - 1 < i and i < r + 2, s..r with s in
   0..r, r..s, and windows that may be empty, hold no r or reach past the ends: r + 1..r, r + 2..r + 1,
   s..r with s anywhere, s..s + 2), over ranges from 0, 1, r or r + 1 (or to len(a) - 2, r, r - 1);
   r's side lowers a[r] (a[i] - k, max(a[i] - k, 0), min(a[i], c), min(c, a[i]), a[i] / 2, and r's
   alone: c with c <= a[r] - 1 or a[r] - 2, 0, 1, a[r] - k), the other is a[i], a map of the
   others, or lowers a[r] too (min(a[i], c) with c < a[r], 0), as it must where the window may miss
   r. Lifts: an element rises, never past the list's largest, by less than another loses:
   if i == s then max(a[i], c) (max(c, a[i]), max(a[i], 1), a[i] + k, k + a[i]; or the window
   s..s + 1) else min(a[i], c) where a[r] > c loses more; a[r] rising by less than the elements
   a range r..len(a) - 1 leaves out (a[0] among them); the others rising to max(a[i], c),
   c <= k / len(a), where a[r] loses k. Zeros: where a[r] == 0, [x for x in a when x > 0] (x != 0,
   x >= 1, 0 < x; or [a[i] for i in 0..len(a) - 1 when a[i] > 0]); [x for x in a when x > 0 and
   x != a[r]]. A move's result is now and then sort([...]) of its comprehension (mostly in rules
   the order matters to). Where a reading of a selection the wrong way round, or one bound off,
   would still lower the list (the other side lowers a[r] too, or the range leaves an element out)
   a wrong reading gives wrong values instead of a cycle (which sends the query to memo).
   Every move lowers the sum of the positive elements or shortens the list (a move may leave
   negative elements: a[i] - k for i >= r), checked here on every move, so play ends. Rulesets
   whose rules are the same under any permutation of the list get `canon (sort(a)...)` half the
   time, those blind to zeros (and that make no negative element)
   `canon ([x for x in a when x > 0]...)`, those both now and then
   `canon (sort([x for x in a when x > 0])...)` (x != 0, x >= 1, 0 < x); the brute force
   canonicalises its positions the same way and checks that the values are those of the rules
   without the canon. Every eighth ruleset is
   Chomp (the standard library's text, under the ruleset's name) or a variant of it, on
   non-increasing rows; the exact one is also checked against a Chomp written in plain C from the
   game's rules, and so are the standard library's Chomp(rows, cols) and ChompRows(...). Each
   ruleset is rendered as .game text, its SG values compared on random lists (lengths 0..6,
   elements 0..7, some with one larger element, the empty list) by the engine's own choice and
   by --strategy memo, and the first list's winning moves (the positions they reach after the
   canon, as a set) too; the first list's query counts the rulesets the `table` strategy took (at
   least 3/4 must be), and the rulesets that have each native form (and of them the ones the table
   took) are counted. A broken promise of the generator (a move that does not lower the list, a
   read out of range, a canon that changes a value) stops the test with status 99. Seeded: the
   same every run. Planted in the native forms (dense_lmap.c), each failed here: the window's second
   bound read where the first is empty, max(y, k) as y, i != r read as i == r, > and <= without
   their one, y + k as y - k, a sorted result left unsorted, an invariant side one too high. */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULESETS 700
#define MAXMOVES 3
#define MAXN 6          /* list length */
#define MAXQ 10
#define MAXB 4          /* binders of a move */
#define MAXCL 4         /* guard clauses of a move */
#define MAX_STATES 4000000
#define CHOMP_EVERY 8
/* the brute force's budget for one query: new positions, binder values tried */
#define SBUDGET 150000
#define IBUDGET 4000000L
/* at least 3/4 of the rulesets solved by the table (about 6/7 are: 83-88% with 50 other seeds) */
#define TABLE_NUM 3
#define TABLE_DEN 4

static uint64_t seed = 20270311;

static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* ---- the rules as a small expression tree, rendered as text and evaluated here ---- */

enum { X_LIT, X_BIN, X_LEN, X_EL, X_ADD, X_SUB, X_MUL, X_DIV, X_MOD, X_MIN, X_MAX, X_ABS,
       X_EQ, X_NE, X_LT, X_LE, X_GT, X_GE, X_AND, X_OR, X_NOT, X_IF };
/* binders: r, s index the list, c, k amounts (the move's); i, x the comprehension's */
enum { V_R, V_S, V_C, V_K, V_I, V_X, NVARS };
static const char vname[NVARS] = { 'r', 's', 'c', 'k', 'i', 'x' };

/* X_LIT: v; X_BIN: binder v; X_EL: a[a]; X_IF: if a then b else c */
typedef struct Ex { int op; long v; struct Ex *a, *b, *c; } Ex;

static Ex pool[16384];
static int npool;

static Ex *mk(int op, long v, Ex *a, Ex *b, Ex *c)
{
    if (npool == (int)(sizeof pool / sizeof *pool)) {
        fprintf(stderr, "duel_lcomp: expression pool exhausted\n");
        exit(99);
    }
    Ex *e = &pool[npool++];
    e->op = op;
    e->v = v;
    e->a = a;
    e->b = b;
    e->c = c;
    return e;
}
static Ex *L(long v) { return mk(X_LIT, v, NULL, NULL, NULL); }
static Ex *B(int var) { return mk(X_BIN, var, NULL, NULL, NULL); }
static Ex *LEN(void) { return mk(X_LEN, 0, NULL, NULL, NULL); }
static Ex *A(Ex *i) { return mk(X_EL, 0, i, NULL, NULL); }
static Ex *AB(int var) { return A(B(var)); }
static Ex *O(int op, Ex *a, Ex *b) { return mk(op, 0, a, b, NULL); }
static Ex *NOT(Ex *a) { return mk(X_NOT, 0, a, NULL, NULL); }
static Ex *ABS(Ex *a) { return mk(X_ABS, 0, a, NULL, NULL); }
static Ex *IF(Ex *c, Ex *t, Ex *e) { return mk(X_IF, 0, c, t, e); }
static Ex *len_1(void) { return O(X_SUB, LEN(), L(1)); }

/* a binder var in lo..hi */
typedef struct Bind { int var; Ex *lo, *hi; } Bind;

typedef struct Move {
    const char *label;
    int nb;
    Bind b[MAXB];
    int ncl;
    Ex *cl[MAXCL];       /* the guard's clauses, and-ed left to right */
    Ex *guard;
    bool over_list;      /* the result is [el for x in a when filt], else [el for i in lo..hi when filt] */
    Ex *lo, *hi, *el, *filt;
    bool full_idx;       /* r (and s) and the comprehension's range cover the whole list */
    bool zel;            /* el keeps a zero a zero (or the filter drops it), and reads i only against r */
    bool rpos;           /* the move needs a[r] > 0 */
    bool neg;            /* it may leave a negative element */
    bool raises;         /* it may raise an element */
    bool lifts;          /* it may raise an element, never past the list's largest (another loses more) */
    bool sorted;         /* the result is sort([...]) */
} Move;

enum { C_NONE, C_DROP0, C_SORT, C_SORT0, NCANONS };
enum { SH_ELEM, SH_LIST, SH_REMOVE, SH_SLICE, SH_RAISE, SH_CONST, SH_SPLIT, SH_LIFT, SH_ZEROS, SH_CHOMP, NSHAPES };
static const char *const shname[NSHAPES] = { "element-wise", "over the list", "removal", "slice", "raising",
                                             "constant element", "split", "lifting", "zeros dropped", "Chomp" };

typedef struct Ruleset {
    bool list, chomp, exact_chomp, neg, raises, lifts;
    int canon, n;
    const char *nz;      /* C_SORT0's filter: x > 0, x != 0, x >= 1 or 0 < x */
    unsigned feat;       /* the native forms it has (F_...) */
    Move mv[MAXMOVES];
} Ruleset;

static int prec(const Ex *e)
{
    switch (e->op) {
    case X_IF: return 0;
    case X_OR: return 1;
    case X_AND: return 2;
    case X_NOT: return 3;
    case X_EQ: case X_NE: case X_LT: case X_LE: case X_GT: case X_GE: return 4;
    case X_ADD: case X_SUB: return 6;
    case X_MUL: case X_DIV: case X_MOD: return 7;
    default: return 10;
    }
}

static void render(Str *t, const Ex *e, int min)
{
    static const char *const opname[] = { [X_ADD] = " + ", [X_SUB] = " - ", [X_MUL] = " * ", [X_DIV] = " / ",
                                          [X_MOD] = " % ", [X_EQ] = " == ", [X_NE] = " != ", [X_LT] = " < ",
                                          [X_LE] = " <= ", [X_GT] = " > ", [X_GE] = " >= ", [X_AND] = " and ",
                                          [X_OR] = " or " };
    int p = prec(e);
    if (p < min) sput(t, "(");
    switch (e->op) {
    case X_LIT:
        if (e->v < 0) sput(t, "(%ld)", e->v);
        else sput(t, "%ld", e->v);
        break;
    case X_BIN: sput(t, "%c", vname[e->v]); break;
    case X_LEN: sput(t, "len(a)"); break;
    case X_EL: sput(t, "a["); render(t, e->a, 0); sput(t, "]"); break;
    case X_MIN: case X_MAX:
        sput(t, e->op == X_MIN ? "min(" : "max(");
        render(t, e->a, 1);
        sput(t, ", ");
        render(t, e->b, 1);
        sput(t, ")");
        break;
    case X_ABS: sput(t, "abs("); render(t, e->a, 1); sput(t, ")"); break;
    case X_NOT: sput(t, "not ("); render(t, e->a, 0); sput(t, ")"); break;
    case X_IF:
        sput(t, "if ");
        render(t, e->a, 0);
        sput(t, " then ");
        render(t, e->b, 1);   /* an if in the then-branch gets parentheses */
        sput(t, " else ");
        render(t, e->c, 0);
        break;
    case X_EQ: case X_NE: case X_LT: case X_LE: case X_GT: case X_GE:
        render(t, e->a, 5);
        sput(t, "%s", opname[e->op]);
        render(t, e->b, 5);
        break;
    default:   /* left-associative binary operators */
        render(t, e->a, p);
        sput(t, "%s", opname[e->op]);
        render(t, e->b, p + 1);
        break;
    }
    if (p < min) sput(t, ")");
}

static void render_comp(Str *t, const Move *m)
{
    sput(t, "[");
    render(t, m->el, 0);
    if (m->over_list) {
        sput(t, " for x in a");
    } else {
        sput(t, " for i in ");
        render(t, m->lo, 6);
        sput(t, "..");
        render(t, m->hi, 6);
    }
    if (m->filt) {
        sput(t, " when ");
        render(t, m->filt, 0);
    }
    sput(t, "]");
}

static void render_ruleset(Str *t, int id, const Ruleset *rs)
{
    const char *spread = rs->list ? "" : "...";
    sput(t, "game G%d(%s) {\n", id, rs->list ? "a" : "a...");
    if (rs->canon == C_DROP0) sput(t, "    canon ([x for x in a when x > 0]%s);\n", spread);
    if (rs->canon == C_SORT) sput(t, "    canon (sort(a)%s);\n", spread);
    if (rs->canon == C_SORT0) sput(t, "    canon (sort([x for x in a when %s])%s);\n", rs->nz, spread);
    for (int j = 0; j < rs->n; j++) {
        const Move *m = &rs->mv[j];
        if (m->label) sput(t, "    move %s", m->label);
        else sput(t, "    move m%d", j);
        if (m->nb) {
            sput(t, "(");
            for (int b = 0; b < m->nb; b++) {
                const Bind *d = &m->b[b];
                sput(t, "%s%c in ", b ? ", " : "", vname[d->var]);
                render(t, d->lo, 6);
                sput(t, "..");
                render(t, d->hi, 6);
            }
            sput(t, ")");
        }
        if (m->guard) {
            sput(t, " when ");
            render(t, m->guard, 0);
        }
        sput(t, "\n        => G%d(%s", id, m->sorted ? "sort(" : "");
        render_comp(t, m);
        sput(t, "%s%s);\n", m->sorted ? ")" : "", spread);
    }
    sput(t, "}\n");
}

/* ---- lists and the evaluator ---- */

typedef struct Lst { int n; long e[MAXN]; } Lst;

static void render_list(Str *t, const char *game, bool list, const Lst *p)
{
    sput(t, "%s(%s", game, list ? "[" : "");
    for (int i = 0; i < p->n; i++) sput(t, "%s%ld", i ? ", " : "", p->e[i]);
    sput(t, "%s)", list ? "]" : "");
}

static bool oob;           /* an index out of range was read (the generator's promise broken) */
static long bv[NVARS];     /* the binders' values */
static const Lst *cur;     /* the list the rules read */

static long fdiv(long x, long y) { long q = x / y; return (x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q; }
static long fmod_(long x, long y) { long r = x % y; return r != 0 && (r < 0) != (y < 0) ? r + y : r; }

/* The value of e on the list cur (truths 0 / 1), with the language's short-circuit `and` / `or`;
   oob set (and the value meaningless) when an index is out of range. */
static long ev(const Ex *e)
{
    long x, y;
    switch (e->op) {
    case X_LIT: return e->v;
    case X_BIN: return bv[e->v];
    case X_LEN: return cur->n;
    case X_EL:
        x = ev(e->a);
        if (oob) return 0;
        if (x < 0 || x >= cur->n) { oob = true; return 0; }
        return cur->e[x];
    case X_ABS:
        x = ev(e->a);
        return x < 0 ? -x : x;
    case X_NOT:
        x = ev(e->a);
        return !x;
    case X_AND: case X_OR:
        x = ev(e->a);
        if (oob || (e->op == X_AND ? !x : x)) return x != 0;
        return ev(e->b) != 0;
    case X_IF:
        x = ev(e->a);
        if (oob) return 0;
        return x ? ev(e->b) : ev(e->c);
    default: break;
    }
    x = ev(e->a);
    if (oob) return 0;
    y = ev(e->b);
    if (oob) return 0;
    switch (e->op) {
    case X_ADD: return x + y;
    case X_SUB: return x - y;
    case X_MUL: return x * y;
    case X_DIV: return fdiv(x, y);
    case X_MOD: return fmod_(x, y);
    case X_MIN: return x < y ? x : y;
    case X_MAX: return x > y ? x : y;
    case X_EQ: return x == y;
    case X_NE: return x != y;
    case X_LT: return x < y;
    case X_LE: return x <= y;
    case X_GT: return x > y;
    case X_GE: return x >= y;
    }
    abort();
}

static void sort_list(Lst *q)
{
    for (int a = 1; a < q->n; a++)
        for (int b = a; b > 0 && q->e[b - 1] > q->e[b]; b--) { long t = q->e[b]; q->e[b] = q->e[b - 1]; q->e[b - 1] = t; }
}

/* The move's result on cur, the binders bound: the comprehension, its filter read for each
   element (or index) before its element, then sorted (ascending) if the move says sort([...]);
   false when an index is out of range or the result would be longer than any list here. */
static bool build(const Move *m, Lst *q)
{
    q->n = 0;
    long lo = 0, hi = cur->n - 1;
    if (!m->over_list) {
        lo = ev(m->lo);
        if (oob) return false;
        hi = ev(m->hi);
        if (oob) return false;
    }
    for (long t = lo; t <= hi; t++) {
        if (m->over_list) bv[V_X] = cur->e[t];
        else bv[V_I] = t;
        if (m->filt) {
            long f = ev(m->filt);
            if (oob) return false;
            if (!f) continue;
        }
        long v = ev(m->el);
        if (oob) return false;
        if (q->n == MAXN) { oob = true; return false; }
        q->e[q->n++] = v;
    }
    if (m->sorted) sort_list(q);
    return true;
}

/* The canon as the game states it: [x for x in a when x > 0], sort(a) (ascending), or
   sort([x for x in a when x > 0]). */
static void canonical(int canon, Lst *q)
{
    if (canon == C_DROP0 || canon == C_SORT0) {
        int n = 0;
        for (int i = 0; i < q->n; i++)
            if (q->e[i] > 0) q->e[n++] = q->e[i];
        q->n = n;
    }
    if (canon == C_SORT || canon == C_SORT0) sort_list(q);
}

static long pos_sum(const Lst *p)
{
    long s = 0;
    for (int i = 0; i < p->n; i++) s += p->e[i] > 0 ? p->e[i] : 0;
    return s;
}

/* ---- the brute force: a memo over the lists of one ruleset ---- */

#define HBITS 19
static Lst hkey[1 << HBITS];
static uint32_t hgen[1 << HBITS];
static int hval[1 << HBITS];
static uint32_t gen = 1;
static long nstates, iters;

static uint64_t lhash(const Lst *p)
{
    uint64_t h = (uint64_t)p->n * 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < p->n; i++) h = (h ^ (uint64_t)p->e[i]) * 0xBF58476D1CE4E5B9ull + 0x94D049BB133111EBull;
    return h ^ (h >> 29);
}

static bool leq(const Lst *a, const Lst *b) { return a->n == b->n && !memcmp(a->e, b->e, sizeof(long) * (size_t)a->n); }

static int *slot(const Lst *p)
{
    uint64_t h = lhash(p) & ((1u << HBITS) - 1);
    while (hgen[h] == gen && !leq(&hkey[h], p)) h = (h + 1) & ((1u << HBITS) - 1);
    if (hgen[h] != gen) {
        hgen[h] = gen;
        hkey[h] = *p;
        hval[h] = -1;
    }
    return &hval[h];
}

typedef struct Opts { Lst *v; int n, cap; } Opts;

static void push(Opts *o, const Lst *q)
{
    if (o->n == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 64;
        o->v = realloc(o->v, sizeof *o->v * (size_t)o->cap);
    }
    o->v[o->n++] = *q;
}

/* the errors of the brute force: an index out of range, past the budget, a move that does not
   lower the list (the generator's promises: fatal) */
enum { E_OOB = -1, E_BUDGET = -2, E_GROW = -3 };

/* Every option of move m from cur, binders from bi on, into o, canonicalised by canon: 0 or an
   error. Each binder's domain is read for every value of the binders before it; the guard for
   every combination; the result from the list before the move. */
static int walk(const Move *m, int bi, int canon, Opts *o)
{
    if (bi == m->nb) {
        if (++iters > IBUDGET) return E_BUDGET;
        if (m->guard) {
            long g = ev(m->guard);
            if (oob) return E_OOB;
            if (!g) return 0;
        }
        Lst q;
        if (!build(m, &q)) return E_OOB;
        canonical(canon, &q);
        long s0 = pos_sum(cur), s1 = pos_sum(&q);
        if (s1 > s0 || (s1 == s0 && q.n >= cur->n)) return E_GROW;
        push(o, &q);
        return 0;
    }
    const Bind *d = &m->b[bi];
    long lo = ev(d->lo);
    if (oob) return E_OOB;
    long hi = ev(d->hi);
    if (oob) return E_OOB;
    if (hi >= lo && hi - lo >= IBUDGET - iters) return E_BUDGET;
    for (long x = lo; x <= hi; x++) {
        bv[d->var] = x;
        int r = walk(m, bi + 1, canon, o);
        if (r < 0) return r;
    }
    return 0;
}

/* Chomp as its rules state it, apart from the interpreter: row i of the bar keeps its first a[i]
   cells; a move takes a cell (row r, column c) other than the poisoned corner (0, 0), with every
   cell above and to its right: rows r, r + 1, ... keep at most c cells; empty rows are dropped
   (the canon). Whoever cannot move (faces the poisoned cell alone) loses. */
static void chomp_options(const Lst *p, Opts *o)
{
    for (int r = 0; r < p->n; r++)
        for (long c = 0; c < p->e[r]; c++) {
            if (r == 0 && c == 0) continue;
            Lst q = { 0 };
            for (int i = 0; i < p->n; i++) {
                long v = i >= r && p->e[i] > c ? c : p->e[i];
                if (v > 0) q.e[q.n++] = v;
            }
            push(o, &q);
        }
}

static const Ruleset *crs;   /* the rules the brute force plays (NULL: chomp_options) */
static int ccanon;           /* the canon it applies */

static int options(const Lst *p, Opts *o)
{
    cur = p;
    oob = false;
    if (!crs) {
        chomp_options(p, o);
        return 0;
    }
    for (int j = 0; j < crs->n; j++) {
        int r = walk(&crs->mv[j], 0, ccanon, o);
        if (r < 0) return r;
    }
    return 0;
}

/* The SG value of p (canonical) under crs and ccanon; an error (< 0). */
static int brute(const Lst *p)
{
    int *sl = slot(p);
    if (*sl >= 0) return *sl;
    if (++nstates > SBUDGET) return E_BUDGET;
    Opts o = { NULL, 0, 0 };
    int r = options(p, &o);
    unsigned char *seen = calloc((size_t)o.n + 1, 1);
    for (int i = 0; i < o.n && !r; i++) {
        int v = brute(&o.v[i]);
        if (v < 0) r = v;
        else if (v <= o.n) seen[v] = 1;
    }
    int g = 0;
    while (!r && seen[g]) g++;
    free(seen);
    free(o.v);
    if (r) return r;
    sl = slot(p);
    *sl = g;
    return g;
}

/* The value of list p (canonicalised first) under rs (NULL: Chomp) with canon, in the memo of the
   current generation. */
static int solve(const Ruleset *rs, int canon, const Lst *p)
{
    Lst q = *p;
    canonical(canon, &q);
    crs = rs;
    ccanon = canon;
    nstates = iters = 0;
    return brute(&q);
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

/* n strings sorted, each once, one a line (malloc'd); frees the strings. */
static char *set_text(char **v, int n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_str);
    Str t = { 0 };
    sput(&t, "%s", "");
    for (int i = 0; i < n; i++)
        if (!i || strcmp(v[i], v[i - 1])) sput(&t, "%s\n", v[i]);
    for (int i = 0; i < n; i++) free(v[i]);
    return t.s;
}

/* The winning moves of p (solved just before under the same rules and canon, its options' values
   in the memo) as the engine lists them: the positions they reach after the canon (0 for one
   without moves), each once. */
static char *winning_text(const Lst *p0, const char *name, bool list)
{
    Lst p = *p0;
    canonical(ccanon, &p);
    Opts o = { NULL, 0, 0 };
    options(&p, &o);
    char **v = malloc(sizeof *v * (size_t)(o.n + 1));
    int n = 0;
    for (int i = 0; i < o.n; i++) {
        if (*slot(&o.v[i]) != 0) continue;
        Opts none = { NULL, 0, 0 };
        options(&o.v[i], &none);
        free(none.v);
        if (!none.n) {
            v[n++] = strdup("0");
            continue;
        }
        Str t = { 0 };
        render_list(&t, name, list, &o.v[i]);
        v[n++] = t.s;
    }
    free(o.v);
    char *r = set_text(v, n);
    free(v);
    return r;
}

/* The "winning" positions of a query's JSON line, as winning_text writes them (NULL: none). */
static char *engine_winning(const char *line)
{
    DJson j;
    if (!line || !dj_parse(line, &j)) { dj_free(&j); return NULL; }
    const DJson *w = dj_get(&j, "winning");
    char *r = NULL;
    if (w && w->t == 'a') {
        char **v = malloc(sizeof *v * (size_t)(w->n + 1));
        for (int i = 0; i < w->n; i++) v[i] = strdup(w->a[i].t == 's' ? w->a[i].s : "?");
        r = set_text(v, w->n);
        free(v);
    }
    dj_free(&j);
    return r;
}

/* ---- generating a ruleset ---- */

static Move *M;            /* the move being built */
static bool has[NVARS];
static bool g_sym, g_zb;   /* the ruleset being built aims at rules symmetric / blind to zeros */
static long shapes[NSHAPES];

/* The forms the table's comprehensions read natively, counted by the rulesets that have them
   (and of those, the rulesets whose first query the table took). */
enum { F_WINDOW, F_STRICT, F_NE, F_MAX, F_ADD, F_INV, F_CFIRST, F_NZ, F_SORTRES, F_SORTCANON, F_START, NFEAT };
static const char *const featname[NFEAT] = { "windows (and of two bounds)", "strict or mirrored bounds",
                                             "if i != r then", "max(a[i], c)", "a[i] + k", "a side alone (c, 0, 1, a[r] - k)",
                                             "min or max (c, a[i])", "[x for x in a when x > 0] as a move",
                                             "sort([...]) as a result", "sort([x for x in a when x > 0]) as the canon",
                                             "a selection over a range from 1, r or r + 1" };
static unsigned fmask;     /* the features of the ruleset being built */
static long feat[NFEAT], feat_table[NFEAT];
static void feature(int f) { fmask |= 1u << f; }

static void bind(int var, Ex *lo, Ex *hi)
{
    Bind *d = &M->b[M->nb++];
    d->var = var;
    d->lo = lo;
    d->hi = hi;
    has[var] = true;
}

static void clause(Ex *e) { M->cl[M->ncl++] = e; }
static Ex *AR(void) { return AB(V_R); }
static Ex *AI(void) { return AB(V_I); }
static Ex *X(void) { return B(V_X); }
static bool isidx(long v) { return v == V_R || v == V_S || v == V_I; }

/* r over the whole list, now and then over a part of it */
static void bind_r(void)
{
    int t = rnd(0, 9);
    if (g_sym || g_zb || t < 8) {
        bind(V_R, L(0), len_1());
    } else if (t == 8) {
        bind(V_R, L(1), len_1());
        M->full_idx = false;
    } else {
        bind(V_R, L(0), O(X_SUB, LEN(), L(2)));
        M->full_idx = false;
    }
}

/* k in 1..a[r] (or fewer): k <= a[r] */
static void bind_k(void)
{
    if (rnd(0, 3)) bind(V_K, L(1), AR());
    else bind(V_K, L(1), O(X_MIN, AR(), L(rnd(2, 4))));
    M->rpos = true;
}

/* c in 0..a[r] - 1 (or its upper half): c < a[r] */
static void bind_c(void)
{
    bind(V_C, rnd(0, 3) ? L(0) : O(X_DIV, AR(), L(2)), O(X_SUB, AR(), L(1)));
    M->rpos = true;
}

/* `a[r] > 0` (or its like) when the move's binders do not ask it */
static void need_pos(void)
{
    if (M->rpos) return;
    clause(rnd(0, 1) ? O(X_GT, AR(), L(0)) : O(X_GE, AR(), L(1)));
    M->rpos = true;
}

/* A guard clause over the binders (restricting a move never breaks its promises). */
static Ex *extra_guard(void)
{
    for (;;) {
        switch (rnd(0, 13)) {
        case 0: return O(X_EQ, O(X_MOD, AR(), L(2)), L(1));
        case 1: return O(X_NE, AR(), L(rnd(1, 3)));
        case 2: return O(X_LT, AR(), L(rnd(4, 7)));   /* a cap: large elements stay put */
        case 3:
            if (g_zb) break;
            return rnd(0, 1) ? O(X_GT, LEN(), L(1)) : O(X_EQ, O(X_MOD, LEN(), L(2)), L(rnd(0, 1)));
        case 4:
            if (g_sym || g_zb) break;
            return rnd(0, 1) ? O(X_EQ, O(X_MOD, B(V_R), L(2)), L(0)) : O(X_LT, B(V_R), L(3));
        case 5:
            if (!has[V_C] || g_sym || g_zb) break;
            switch (rnd(0, 2)) {
            case 0: return O(X_OR, O(X_GT, B(V_R), L(0)), O(X_GT, B(V_C), L(0)));
            case 1: return O(X_OR, O(X_GT, B(V_C), L(0)), O(X_GT, B(V_R), L(0)));
            default: return NOT(O(X_AND, O(X_EQ, B(V_R), L(0)), O(X_EQ, B(V_C), L(0))));
            }
        case 6:
            if (!has[V_K]) break;
            return rnd(0, 1) ? O(X_LE, B(V_K), L(3)) : O(X_NE, B(V_K), L(2));
        case 7:
            if (!has[V_C]) break;
            return rnd(0, 1) ? O(X_EQ, O(X_MOD, B(V_C), L(2)), L(0)) : O(X_GE, B(V_C), O(X_DIV, AR(), L(2)));
        case 8:
            if (!has[V_K]) break;
            return rnd(0, 1) ? O(X_NE, O(X_SUB, AR(), B(V_K)), L(1)) : O(X_LE, ABS(O(X_SUB, AR(), O(X_MUL, L(2), B(V_K)))), L(3));
        case 9: return O(X_GE, O(X_MIN, AR(), L(4)), L(2));
        case 10: return O(X_GE, O(X_MAX, AR(), L(2)), L(3));
        case 11:
            if (!has[V_S]) break;
            return rnd(0, 1) ? O(X_LT, AB(V_S), AR()) : O(X_NE, B(V_S), B(V_R));
        case 12:
            if (!has[V_C]) break;
            return NOT(O(X_EQ, B(V_C), L(1)));
        case 13:
            if (g_sym || g_zb) break;
            return O(X_LE, AR(), A(L(0)));   /* a fixed index */
        }
    }
}

/* A filter of a comprehension over i (on the list before the move). */
static Ex *filter_i(void)
{
    for (;;) {
        switch (rnd(0, 12)) {
        case 0: return O(X_GT, AI(), L(0));
        case 1: return O(X_NE, AI(), L(0));
        case 2: return O(X_GE, AI(), L(1));
        case 3: return O(X_NE, B(V_I), B(V_R));
        case 4: return O(X_NE, AI(), AR());
        case 5: return O(X_LT, AI(), L(rnd(4, 7)));
        case 6: return O(X_EQ, O(X_MOD, AI(), L(2)), L(0));
        case 7:
            if (!has[V_C]) break;
            return O(X_GE, AI(), B(V_C));
        case 8:
            if (!has[V_K]) break;
            return O(X_GT, AI(), B(V_K));
        case 9: return NOT(O(X_EQ, AI(), L(0)));
        case 10:
            if (g_sym) break;
            return O(X_LE, B(V_I), B(V_R));
        case 11:
            if (g_sym || g_zb) break;
            return rnd(0, 1) ? O(X_EQ, O(X_MOD, B(V_I), L(2)), L(0)) : O(X_GE, B(V_I), L(1));
        case 12:
            return O(X_OR, O(X_GT, AI(), L(rnd(2, 4))), O(X_EQ, AI(), AR()));
        }
    }
}

/* A filter of a comprehension over x. */
static Ex *filter_x(void)
{
    for (;;) {
        switch (rnd(0, 9)) {
        case 0: return O(X_GT, X(), L(0));
        case 1: return O(X_NE, X(), L(0));
        case 2: return O(X_GE, X(), L(1));
        case 3: return O(X_NE, X(), AR());
        case 4: return O(X_LE, X(), AR());
        case 5: return O(X_LT, X(), L(rnd(4, 7)));
        case 6: return O(X_EQ, O(X_MOD, X(), L(2)), L(rnd(0, 1)));
        case 7:
            if (!has[V_C]) break;
            return O(X_GE, X(), B(V_C));
        case 8:
            if (!has[V_K]) break;
            return NOT(O(X_EQ, X(), B(V_K)));
        case 9: return O(X_AND, O(X_GT, X(), L(0)), O(X_LT, X(), L(rnd(5, 7))));
        }
    }
}

/* The comprehension's index range: the whole list mostly; else a part (maybe empty), which the
   move shortens the list by. */
static void comp_range(void)
{
    int t = rnd(0, 15);
    if (g_sym || g_zb || t < 10) { M->lo = L(0); M->hi = len_1(); return; }
    M->full_idx = false;
    switch (t) {
    case 10: M->lo = L(0); M->hi = O(X_SUB, LEN(), L(2)); break;
    case 11: M->lo = L(1); M->hi = len_1(); break;
    case 12: M->lo = L(0); M->hi = B(V_R); break;
    case 13: M->lo = B(V_R); M->hi = len_1(); break;
    case 14: M->lo = L(0); M->hi = O(X_SUB, B(V_R), L(1)); break;
    default: M->lo = O(X_ADD, B(V_R), L(1)); M->hi = len_1(); break;
    }
}

/* The selections: which elements the move changes (true at i == r). */
enum { S_EQ, S_GE, S_LE, S_NEAR };
/* What the selected elements become; what the others become (never more than they were). */
enum { P_SUBK, P_MAXSUBK, P_C, P_MINC, P_HALF, P_ZERO, P_ABS, P_SUBKI, NP };
enum { O_ID, O_MINC, O_MAXSUBI, O_PAR, O_SUBPAR, O_MINI, O_MINABS, NO };

/* sel as a condition on i and r; inverted: its negation (for `if NOT then other else changed`) */
static Ex *selection(int sel, bool inverted)
{
    Ex *i = B(V_I), *r = B(V_R);
    switch (sel) {
    case S_EQ:
        if (inverted) return rnd(0, 1) ? O(X_NE, i, r) : O(X_NE, r, i);
        return (Ex *[]){ O(X_EQ, i, r), O(X_EQ, r, i), NOT(O(X_NE, i, r)) }[rnd(0, 2)];
    case S_GE:
        if (inverted) return O(X_LT, i, r);
        return (Ex *[]){ O(X_GE, i, r), O(X_LE, r, i), NOT(O(X_LT, i, r)) }[rnd(0, 2)];
    case S_LE:
        if (inverted) return O(X_GT, i, r);
        return rnd(0, 1) ? O(X_LE, i, r) : O(X_GE, r, i);
    default:
        if (inverted) return O(X_GT, ABS(O(X_SUB, i, r)), L(1));
        return O(X_LE, ABS(O(X_SUB, i, r)), L(1));
    }
}

/* The element-wise map other indices get. */
static Ex *other_map(void)
{
    if (rnd(0, 2)) return AI();
    for (;;) {
        int o = rnd(1, NO - 1);
        bool plain = !g_sym && !g_zb;   /* maps that read i as a number */
        switch (o) {
        case O_MINC:
            if (!has[V_C]) break;
            return O(X_MIN, AI(), B(V_C));
        case O_MAXSUBI:
            if (!plain) break;
            return O(X_MAX, O(X_SUB, AI(), B(V_I)), L(0));
        case O_PAR: return O(X_SUB, AI(), O(X_MOD, AI(), L(2)));
        case O_SUBPAR:
            if (!plain) break;
            M->neg = true;
            return O(X_SUB, AI(), O(X_MOD, B(V_I), L(2)));
        case O_MINI:
            if (!plain) break;
            return O(X_MIN, AI(), O(X_ADD, B(V_I), L(rnd(0, 2))));
        default:
            if (!has[V_K]) break;
            return O(X_MIN, AI(), ABS(O(X_SUB, AI(), B(V_K))));
        }
    }
}

/* [if SEL then P else O for i in RANGE when F]: r's element strictly lower, the others no
   higher (a selection wider than i == r changes them by a cap, or lowers them, maybe below 0). */
static void shape_elem(void)
{
    bind_r();
    int sel = g_sym ? S_EQ : rnd(0, 9);
    sel = sel < 5 ? S_EQ : sel < 8 ? S_GE : sel < 9 ? S_LE : S_NEAR;
    if (g_zb && sel == S_NEAR) sel = S_GE;
    int p;
    for (;;) {
        p = rnd(0, NP - 1);
        if ((p == P_C || p == P_ABS) && sel != S_EQ) continue;   /* would raise another element */
        if (p == P_SUBKI && (g_sym || g_zb || rnd(0, 1))) continue;
        if (p == P_SUBK && sel != S_EQ && g_zb) continue;
        break;
    }
    Ex *pe;
    bool zel = sel != S_NEAR;
    switch (p) {
    case P_SUBK:
        bind_k();
        pe = O(X_SUB, AI(), B(V_K));
        if (sel != S_EQ) M->neg = true, zel = false;
        break;
    case P_MAXSUBK: bind_k(); pe = O(X_MAX, O(X_SUB, AI(), B(V_K)), L(0)); break;
    case P_C: bind_c(); pe = B(V_C); break;
    case P_MINC: bind_c(); pe = O(X_MIN, AI(), B(V_C)); break;
    case P_HALF: need_pos(); pe = O(X_DIV, AI(), L(2)); break;
    case P_ZERO: need_pos(); pe = L(0); break;
    case P_ABS:
        bind(V_K, L(1), O(X_SUB, AR(), L(1)));
        M->rpos = true;
        pe = ABS(O(X_SUB, AI(), O(X_MUL, L(2), B(V_K))));
        break;
    default:
        bind_k();
        pe = O(X_SUB, O(X_SUB, AI(), B(V_K)), O(X_MOD, B(V_I), L(2)));
        M->neg = true;
        zel = false;
        break;
    }
    if (!has[V_C] && !has[V_K] && rnd(0, 3) == 0) bind_k();   /* a binder for the other map */
    Ex *oe = other_map();
    if (sel == S_NEAR && oe->op != X_EL) zel = false;
    comp_range();
    bool inv = rnd(0, 3) == 0;
    Ex *sc = selection(sel, inv);
    M->el = inv ? IF(sc, oe, pe) : IF(sc, pe, oe);
    if (rnd(0, 2) == 0) M->filt = filter_i();
    M->zel = zel;
}

/* [E for x in a when F]: caps, lowers, halves or replaces elements, a[r] strictly lower. */
static void shape_list(void)
{
    bind_r();
    M->over_list = true;
    M->zel = true;
    bool free_filter = true;
    switch (rnd(0, 9)) {
    case 0: bind_c(); M->el = O(X_MIN, X(), B(V_C)); break;
    case 1: bind_k(); M->el = O(X_MAX, O(X_SUB, X(), B(V_K)), L(0)); break;
    case 2: bind_k(); M->el = IF(O(X_GE, X(), AR()), O(X_SUB, X(), B(V_K)), X()); break;
    case 3: bind_c(); M->el = IF(O(X_EQ, X(), AR()), B(V_C), X()); break;
    case 4:   /* every positive element loses one */
        need_pos();
        M->el = O(X_SUB, X(), L(1));
        M->filt = (Ex *[]){ O(X_GT, X(), L(0)), O(X_GE, X(), L(1)), O(X_NE, X(), L(0)) }[rnd(0, 2)];
        free_filter = false;
        break;
    case 5: need_pos(); M->el = O(X_DIV, X(), L(2)); break;
    case 6: bind_k(); M->el = O(X_MIN, X(), ABS(O(X_SUB, X(), B(V_K)))); break;
    case 7:   /* a binder alone: the elements above c become c, the others go */
        bind_c();
        M->el = B(V_C);
        M->filt = O(X_GT, X(), B(V_C));
        free_filter = false;
        break;
    case 8:   /* a constant alone */
        clause(O(X_GT, AR(), L(1)));
        M->rpos = true;
        M->el = L(1);
        M->filt = O(X_GT, X(), L(0));
        free_filter = false;
        break;
    default: bind_c(); M->el = O(X_MIN, X(), O(X_MAX, B(V_C), O(X_SUB, X(), L(2)))); break;
    }
    if (free_filter && rnd(0, 2) == 0) M->filt = filter_x();
}

/* The element r (and maybe more) goes: the list gets shorter. */
static void shape_remove(void)
{
    bind_r();
    if (g_zb || rnd(0, 1)) need_pos();
    M->zel = true;
    switch (rnd(0, 5)) {
    case 0: comp_range(); M->el = AI(); M->filt = O(X_NE, B(V_I), B(V_R)); break;
    case 1: comp_range(); M->el = rnd(0, 1) ? AI() : other_map(); M->filt = O(X_NE, AI(), AR()); break;
    case 2: M->over_list = true; M->el = X(); M->filt = O(X_NE, X(), AR()); break;
    case 3: M->over_list = true; M->el = X(); M->filt = O(X_LT, X(), AR()); break;
    case 4: M->over_list = true; M->el = X(); M->filt = O(X_GT, X(), AR()); break;
    default: M->over_list = true; M->el = X(); M->filt = O(X_AND, O(X_NE, X(), AR()), O(X_GE, X(), L(0))); break;
    }
    if (M->el->op != X_EL && M->el->op != X_BIN) M->zel = false;   /* an other map (kept simple) */
}

/* A slice: a part of the list, maybe mapped: shorter. */
static void shape_slice(void)
{
    M->full_idx = false;
    switch (rnd(0, 4)) {
    case 0: clause(O(X_GT, LEN(), L(0))); M->lo = L(1); M->hi = len_1(); break;
    case 1: clause(O(X_GT, LEN(), L(0))); M->lo = L(0); M->hi = O(X_SUB, LEN(), L(2)); break;
    case 2: bind(V_R, L(0), O(X_SUB, LEN(), L(2))); M->lo = L(0); M->hi = B(V_R); break;
    case 3: bind(V_R, L(0), len_1()); M->lo = L(0); M->hi = O(X_SUB, B(V_R), L(1)); break;
    default: bind(V_R, L(0), len_1()); M->lo = O(X_ADD, B(V_R), L(1)); M->hi = len_1(); break;
    }
    M->el = rnd(0, 2) ? AI() : rnd(0, 1) ? O(X_MAX, O(X_SUB, AI(), L(1)), L(0)) : other_map();
    if (has[V_R] && rnd(0, 2) == 0) clause(rnd(0, 1) ? O(X_GT, AR(), L(0)) : O(X_EQ, O(X_MOD, AR(), L(2)), L(0)));
    if (has[V_R] && rnd(0, 3) == 0) M->filt = filter_i();
    else if (rnd(0, 4) == 0) M->filt = O(X_GT, AI(), L(0));
}

/* One element grows by less than another loses. */
static void shape_raise(void)
{
    M->raises = true;
    Ex *pe, *gain, *target;
    if (g_sym || rnd(0, 1)) {   /* a[r] loses 2 * k, a[s] gains k */
        bind(V_R, L(0), len_1());
        bind(V_S, L(0), len_1());
        bind(V_K, L(1), O(X_DIV, AR(), L(2)));
        if (rnd(0, 1)) clause(O(X_NE, B(V_S), B(V_R)));
        pe = O(X_SUB, AI(), O(X_MUL, L(2), B(V_K)));
        gain = O(X_ADD, AI(), B(V_K));
        target = rnd(0, 1) ? O(X_EQ, B(V_I), B(V_S)) : O(X_EQ, B(V_S), B(V_I));
    } else {   /* a[r] loses k, its left neighbour (or the first) gains less */
        M->full_idx = false;
        bind(V_R, L(1), len_1());
        if (rnd(0, 1)) {
            bind(V_K, L(2), AR());
            gain = O(X_ADD, AI(), L(1));
        } else {
            bind(V_K, L(1), AR());
            gain = O(X_SUB, O(X_ADD, AI(), B(V_K)), L(1));
        }
        pe = O(X_SUB, AI(), B(V_K));
        switch (rnd(0, 2)) {
        case 0: target = O(X_EQ, B(V_I), O(X_SUB, B(V_R), L(1))); break;
        case 1: target = O(X_EQ, O(X_ADD, B(V_I), L(1)), B(V_R)); break;
        default: target = O(X_EQ, B(V_I), L(0)); break;
        }
    }
    M->rpos = true;
    M->lo = L(0);
    M->hi = len_1();
    Ex *oe = rnd(0, 3) ? AI() : other_map();
    M->el = IF(O(X_EQ, B(V_I), B(V_R)), pe, IF(target, gain, oe));
    if (rnd(0, 3) == 0) M->filt = filter_i();
}

/* [c for i in 0..len(a) - 1 when a[i] > c] or the like: an element that is a binder or a constant. */
static void shape_const(void)
{
    bind_r();
    comp_range();
    if (rnd(0, 1)) {
        bind_c();
        M->el = B(V_C);
        M->filt = O(X_GT, AI(), B(V_C));
        M->zel = true;
    } else if (rnd(0, 1)) {
        need_pos();
        M->el = L(0);
        M->filt = rnd(0, 1) ? O(X_NE, B(V_I), B(V_R)) : O(X_LT, AI(), AR());
    } else {   /* the positive elements but r's become 1 */
        need_pos();
        M->el = L(1);
        M->filt = O(X_AND, O(X_GT, AI(), L(0)), O(X_NE, B(V_I), B(V_R)));
    }
}

/* ---- the splits the table reads natively: the index against one bound, or two ----
   A split's two sides: the one r gets lowers a[r] (and no element rises), the other is no
   higher anywhere. A move stays lower than its list (a[r] strictly lower, or an element left
   out) even where a selection would be read wrong: the other side is often min(a[i], c) with
   c < a[r] (a[r] lower on either side), or the range leaves an element out; a wrong reading then
   answers wrong instead of making a cycle, which would send the query to memo. */

/* var + d */
static Ex *offs(int var, int d) { return d > 0 ? O(X_ADD, B(var), L(d)) : d < 0 ? O(X_SUB, B(var), L(-d)) : B(var); }

/* i >= var + d, spelled as >=, mirrored <=, > or mirrored < */
static Ex *lower_bound(int var, int d)
{
    Ex *i = B(V_I);
    int t = rnd(0, 3);
    if (t) feature(F_STRICT);
    switch (t) {
    case 0: return O(X_GE, i, offs(var, d));
    case 1: return O(X_LE, offs(var, d), i);
    case 2: return O(X_GT, i, offs(var, d - 1));
    default: return O(X_LT, offs(var, d - 1), i);
    }
}

/* i <= var + d, spelled as <=, mirrored >=, < or mirrored > */
static Ex *upper_bound(int var, int d)
{
    Ex *i = B(V_I);
    int t = rnd(0, 3);
    if (t) feature(F_STRICT);
    switch (t) {
    case 0: return O(X_LE, i, offs(var, d));
    case 1: return O(X_GE, offs(var, d), i);
    case 2: return O(X_LT, i, offs(var, d + 1));
    default: return O(X_GT, offs(var, d + 1), i);
    }
}

/* lo <= i <= hi as `and` of its two bounds, in either order */
static Ex *window(int lv, int ld, int hv, int hd)
{
    feature(F_WINDOW);
    Ex *lb = lower_bound(lv, ld), *ub = upper_bound(hv, hd);
    return rnd(0, 1) ? O(X_AND, lb, ub) : O(X_AND, ub, lb);
}

static Ex *min_c(Ex *e, int c)
{
    if (rnd(0, 2)) return O(X_MIN, e, B(c));
    feature(F_CFIRST);
    return O(X_MIN, B(c), e);
}

static Ex *max_of(Ex *e, Ex *c)
{
    feature(F_MAX);
    if (rnd(0, 1)) return O(X_MAX, e, c);
    feature(F_CFIRST);
    return O(X_MAX, c, e);
}

/* c in 0..a[r] - 2 now and then: a side c (or c + 1) lower than a[r] */
static void bind_c2(void)
{
    if (rnd(0, 1)) bind_c();
    else {
        bind(V_C, L(0), O(X_SUB, AR(), L(2)));
        M->rpos = true;
    }
}

/* `a[r] > 0`, or `a[r] > 1` (a side 0, or 1, lower than a[r]) */
static void need_pos2(void)
{
    if (M->rpos) return;
    if (rnd(0, 1)) need_pos();
    else {
        clause(rnd(0, 1) ? O(X_GT, AR(), L(1)) : O(X_GE, AR(), L(2)));
        M->rpos = true;
    }
}

/* The side r gets: a[r] strictly lower, no element higher. single: r's alone (then it may be a
   binder or a constant, which would raise others); constant: 0 or 1. */
static Ex *lowering(bool single, bool constant, bool *multi_only)
{
    *multi_only = false;
    for (;;) {
        switch (constant ? rnd(6, 8) : rnd(0, 10)) {
        case 0: case 1:
            if (!single && g_zb) break;
            bind_k();
            if (!single) M->neg = true, M->zel = false;
            return O(X_SUB, AI(), B(V_K));
        case 2: bind_k(); return O(X_MAX, O(X_SUB, AI(), B(V_K)), L(0));
        case 3: case 4: bind_c2(); return min_c(AI(), V_C);
        case 5:
            if (!single) break;
            bind_c2();
            feature(F_INV);
            *multi_only = true;
            return B(V_C);
        case 6: case 7:
            need_pos2();
            feature(F_INV);
            return L(0);
        case 8:
            if (!single || M->rpos) break;
            clause(O(X_GT, AR(), L(rnd(1, 2))));
            M->rpos = true;
            feature(F_INV);
            *multi_only = true;
            return L(1);
        case 9:
            if (!single) break;
            bind_k();
            feature(F_INV);
            *multi_only = true;
            return O(X_SUB, AR(), B(V_K));
        default: need_pos(); return O(X_DIV, AI(), L(2));
        }
    }
}

/* A side that lowers a[r] too, no element higher: min(a[i], c) with c < a[r]; or 0 (a[r] > 0)
   where r's side lw is a min already, or where c would be a fourth binder (r, s, k, c: too many
   options a position) */
static Ex *robust_side(const Ex *lw)
{
    bool zero = lw->op == X_MIN || (!has[V_C] && has[V_K] && has[V_S]);
    if (zero && lw->op != X_LIT) return L(0);
    if (!has[V_C]) bind_c();
    return min_c(AI(), V_C);
}

/* The others' side, never higher; *robust when it lowers a[r] too (robust_side) */
static Ex *others(const Ex *lw, bool *robust)
{
    int t = rnd(0, 9);
    *robust = false;
    if (t < 2 || (t < 8 && lw->op == X_MIN && rnd(0, 1))) return AI();
    if (t < 8) {
        *robust = true;
        return robust_side(lw);
    }
    return other_map();
}

/* The range of a split: often one that starts past 0 (1, r, r + 1) or ends early; *drops: it
   always leaves an element out */
static void split_range(bool *drops)
{
    *drops = false;
    int t = rnd(0, 11);
    if (g_sym || g_zb || t < 4) { M->lo = L(0); M->hi = len_1(); return; }
    M->full_idx = false;
    switch (t) {
    case 4: case 5: M->lo = L(1); M->hi = len_1(); *drops = true; break;
    case 6: case 7: M->lo = B(V_R); M->hi = len_1(); break;
    case 8: case 9: M->lo = O(X_ADD, B(V_R), L(1)); M->hi = len_1(); *drops = true; break;
    case 10: M->lo = L(0); M->hi = O(X_SUB, LEN(), L(2)); *drops = true; break;
    default:
        M->lo = L(0);
        *drops = rnd(0, 1);
        M->hi = *drops ? O(X_SUB, B(V_R), L(1)) : B(V_R);
        break;
    }
    if (M->lo->op != X_LIT) feature(F_START);
    else if (M->lo->v) feature(F_START);
}

/* [if SEL then .. else .. for i in RANGE]: SEL i == r, i != r, one bound (i >= r - 1, i > r, r < i,
   i <= r - 1, ...) or a window of two (r - 1..r + 1, s..r, r + 1..r: empty, s..s + 1, ...). */
static void shape_split(void)
{
    enum { IN, OUT, MAYBE } where;
    bind_r();
    M->zel = true;
    Ex *sel;
    bool single = false;
    int t = g_sym ? rnd(0, 1) : rnd(0, 12);
    if (t == 12) t = 1;
    switch (t) {
    case 0:
        sel = (Ex *[]){ O(X_EQ, B(V_I), B(V_R)), O(X_EQ, B(V_R), B(V_I)) }[rnd(0, 1)];
        where = IN;
        single = true;
        break;
    case 1:
        feature(F_NE);
        sel = rnd(0, 1) ? O(X_NE, B(V_I), B(V_R)) : O(X_NE, B(V_R), B(V_I));
        where = OUT;
        single = true;
        break;
    case 2: case 3: {   /* i >= r - 1, i >= r, i >= r + 1 (as i > r, r < i, ...) */
        int d = g_zb ? rnd(0, 1) : rnd(-1, 1);
        sel = lower_bound(V_R, d);
        where = d <= 0 ? IN : OUT;
        break;
    }
    case 4: case 5: {
        int d = g_zb ? rnd(-1, 0) : rnd(-1, 1);
        sel = upper_bound(V_R, d);
        where = d >= 0 ? IN : OUT;
        break;
    }
    case 6: case 7: {   /* r - dl..r + du */
        int lo = -rnd(0, 2), hi = rnd(0, 2);
        sel = window(V_R, lo, V_R, hi);
        where = IN;
        break;
    }
    case 8: {   /* r + lo..r + hi anywhere: empty, or without r */
        int lo = rnd(-2, 2), hi = rnd(-2, 2);
        sel = window(V_R, lo, V_R, hi);
        where = lo <= 0 && 0 <= hi ? IN : OUT;
        break;
    }
    case 9:   /* s..r or r..s */
        if (rnd(0, 1)) {
            bind(V_S, L(0), B(V_R));
            sel = window(V_S, 0, V_R, 0);
        } else {
            bind(V_S, B(V_R), len_1());
            sel = window(V_R, 0, V_S, 0);
        }
        where = IN;
        break;
    default:   /* 10, 11: s..r with s anywhere, or s..s + d */
        bind(V_S, L(0), len_1());
        sel = rnd(0, 1) ? window(V_S, 0, V_R, 0) : window(V_S, 0, V_S, rnd(0, 2));
        where = MAYBE;
        M->zel = false;   /* s past the last non-zero element: an empty window the list without zeros has not */
        break;
    }
    bool multi_only, robust, drops;
    /* i != r then min(a[i], c) else 0: read the other way round, still no cycle */
    bool ne_robust = t == 1 && rnd(0, 1);
    Ex *lw = lowering(single, ne_robust, &multi_only), *ot = others(lw, &robust);
    if (ne_robust && !robust) ot = robust_side(lw);
    split_range(&drops);
    if (where == MAYBE && !drops && !robust) ot = robust_side(lw);   /* a[r] lower on either side */
    bool r_lw = where == IN || (where == MAYBE && rnd(0, 1));   /* the selection gets lw */
    if (drops && !multi_only && rnd(0, 3) == 0) r_lw = !r_lw;   /* anything no higher goes */
    M->el = r_lw ? IF(sel, lw, ot) : IF(sel, ot, lw);
    if (rnd(0, 7) == 0) M->filt = filter_i();
}

/* An element rises by less than a[r] loses (a[r] capped at c): if i == s then max(a[i], c) (or
   max(a[i], 1), a[i] + k) else min(a[i], c); or by less than the elements a range leaves out; or
   the others rise by less than a[r] loses (max(a[i], c), c <= k / len(a)). No element rises past
   the list's largest. */
static void shape_lift(void)
{
    M->lifts = true;
    M->rpos = true;
    M->lo = L(0);
    M->hi = len_1();
    int t = g_sym ? rnd(0, 5) : rnd(0, 11);
    if (t < 6) {
        bind(V_R, L(0), len_1());
        bind(V_S, L(0), len_1());
        Ex *up, *sel;
        int kind = rnd(0, 19);
        kind = kind < 7 ? 0 : kind < 12 ? 1 : 2;
        bool win = kind != 2 && !g_sym && rnd(0, 2) == 0;   /* s..s + 1 rise (s + 1 maybe past the end) */
        switch (kind) {
        case 0:   /* max(a[i], c): c <= (a[r] - 1) / 2, a[r] loses a[r] - c > c */
            bind(V_C, L(0), O(X_DIV, O(X_SUB, AR(), L(1)), L(win ? 3 : 2)));
            up = max_of(AI(), B(V_C));
            break;
        case 1: {   /* max(a[i], K): a[r] loses at least K + 1 */
            int k = rnd(1, 2);
            bind(V_C, L(0), O(X_SUB, AR(), L(win ? 2 * k + 1 : k + 1)));
            up = max_of(AI(), L(k));
            break;
        }
        default:   /* a[s] + k <= a[r], k <= a[s]: a[r] loses more than k */
            bind(V_K, L(1), O(X_MIN, AB(V_S), O(X_SUB, AR(), AB(V_S))));
            bind(V_C, L(0), O(X_SUB, O(X_SUB, AR(), B(V_K)), L(1)));
            feature(F_ADD);
            up = rnd(0, 1) ? O(X_ADD, AI(), B(V_K)) : O(X_ADD, B(V_K), AI());
            break;
        }
        Ex *down = min_c(AI(), V_C);
        if (win) {
            clause(rnd(0, 1) ? O(X_OR, O(X_LT, B(V_R), B(V_S)), O(X_GT, B(V_R), O(X_ADD, B(V_S), L(1))))
                             : O(X_GT, ABS(O(X_SUB, O(X_MUL, L(2), B(V_R)), O(X_ADD, O(X_MUL, L(2), B(V_S)), L(1)))), L(1)));
            sel = window(V_S, 0, V_S, 1);
            M->el = IF(sel, up, down);
        } else {
            if (kind != 2) clause(rnd(0, 1) ? O(X_NE, B(V_S), B(V_R)) : O(X_NE, B(V_R), B(V_S)));
            if (rnd(0, 2)) {
                sel = rnd(0, 1) ? O(X_EQ, B(V_I), B(V_S)) : O(X_EQ, B(V_S), B(V_I));
                M->el = IF(sel, up, down);
            } else {
                feature(F_NE);
                sel = rnd(0, 1) ? O(X_NE, B(V_I), B(V_S)) : O(X_NE, B(V_S), B(V_I));
                M->el = IF(sel, down, up);
            }
        }
    } else if (t < 10) {   /* the elements before r go (a[0] among them), r rises by less than a[0] */
        M->full_idx = false;
        bind(V_R, L(1), len_1());
        Ex *up;
        if (t < 8) {
            bind(V_C, L(0), O(X_SUB, A(L(0)), L(1)));
            up = max_of(AI(), B(V_C));
        } else {
            bind(V_K, L(1), O(X_MIN, AR(), O(X_SUB, O(X_SUB, A(L(0)), AR()), L(1))));
            feature(F_ADD);
            up = rnd(0, 1) ? O(X_ADD, AI(), B(V_K)) : O(X_ADD, B(V_K), AI());
        }
        feature(F_START);
        M->lo = B(V_R);
        Ex *sel;
        switch (rnd(0, 3)) {
        case 0: sel = O(X_EQ, B(V_I), B(V_R)); break;
        case 1: sel = O(X_EQ, B(V_R), B(V_I)); break;
        case 2: sel = upper_bound(V_R, 0); break;   /* only r in the range */
        default: sel = window(V_R, -rnd(0, 1), V_R, 0); break;
        }
        Ex *ot = has[V_C] && rnd(0, 1) ? min_c(AI(), V_C) : AI();
        M->el = IF(sel, up, ot);
    } else {   /* a[r] loses k, the others rise to c <= k / len(a) at most */
        bind_r();
        bind_k();
        bind(V_C, L(0), O(X_DIV, B(V_K), LEN()));
        Ex *up = max_of(AI(), B(V_C)), *dn = O(X_SUB, AI(), B(V_K));
        if (rnd(0, 1)) M->el = IF(rnd(0, 1) ? O(X_EQ, B(V_I), B(V_R)) : O(X_EQ, B(V_R), B(V_I)), dn, up);
        else {
            feature(F_NE);
            M->el = IF(rnd(0, 1) ? O(X_NE, B(V_I), B(V_R)) : O(X_NE, B(V_R), B(V_I)), up, dn);
        }
    }
    if (rnd(0, 7) == 0) M->filt = filter_i();
}

/* x > 0 (x != 0, x >= 1, 0 < x) of e */
static Ex *nonzero(Ex *e)
{
    switch (rnd(0, 3)) {
    case 0: return O(X_GT, e, L(0));
    case 1: return O(X_NE, e, L(0));
    case 2: return O(X_GE, e, L(1));
    default: return O(X_LT, L(0), e);
    }
}

/* The zeros go, where a[r] is one: [x for x in a when x > 0] (or [a[i] for i in .. when a[i] > 0]);
   or they go with the elements a[r]'s value (or above), a[r] > 0. */
static void shape_zeros(void)
{
    bind_r();
    M->zel = true;
    M->over_list = true;
    if (!g_zb && rnd(0, 2)) {
        switch (rnd(0, 2)) {
        case 0: clause(O(X_EQ, AR(), L(0))); break;   /* (a[r] < 1 would take a negative element) */
        case 1: clause(O(X_EQ, L(0), AR())); break;
        default: clause(NOT(O(X_NE, AR(), L(0)))); break;
        }
        feature(F_NZ);
        if (rnd(0, 2)) {
            M->el = X();
            M->filt = nonzero(X());
        } else {
            M->over_list = false;
            M->lo = L(0);
            M->hi = len_1();
            M->el = AI();
            M->filt = nonzero(AI());
        }
        return;
    }
    need_pos();
    M->el = X();
    Ex *nz = nonzero(X()), *other = rnd(0, 2) ? O(X_NE, X(), AR()) : O(X_LT, X(), AR());
    M->filt = rnd(0, 1) ? O(X_AND, nz, other) : O(X_AND, other, nz);
}

/* Symmetric under permutations of the list: index binders only as a[r] or in r == i, r != i. */
static bool sym_ok(const Ex *e)
{
    if (!e) return true;
    switch (e->op) {
    case X_BIN: return !isidx(e->v);
    case X_EL: return e->a->op == X_BIN && isidx(e->a->v);
    case X_EQ: case X_NE:
        if (e->a->op == X_BIN && e->b->op == X_BIN && isidx(e->a->v) && isidx(e->b->v)) return true;
        /* fall through */
    default: return sym_ok(e->a) && sym_ok(e->b) && sym_ok(e->c);
    }
}

/* Blind to zeros: no len, index binders only as a[r], a[i] or compared with each other (the order
   of the other elements is kept when zeros go). */
static bool zb_ok(const Ex *e)
{
    if (!e) return true;
    switch (e->op) {
    case X_LEN: return false;
    case X_BIN: return !isidx(e->v);
    case X_EL:   /* not a[s]: s may stand on a zero (r may not, a[r] > 0), and a[s] < a[r] holds there */
        return e->a->op == X_BIN && isidx(e->a->v) && e->a->v != V_S;
    case X_EQ: case X_NE: case X_LT: case X_LE: case X_GT: case X_GE:
        if (e->a->op == X_BIN && e->b->op == X_BIN && isidx(e->a->v) && isidx(e->b->v)) return true;
        /* fall through */
    default: return zb_ok(e->a) && zb_ok(e->b) && zb_ok(e->c);
    }
}

static bool move_sym(const Move *m)
{
    bool ok = m->full_idx && sym_ok(m->guard) && sym_ok(m->el) && sym_ok(m->filt);
    for (int b = 0; b < m->nb; b++)
        if (!isidx(m->b[b].var)) ok &= sym_ok(m->b[b].lo) && sym_ok(m->b[b].hi);
    return ok;
}

static bool move_zb(const Move *m)
{
    bool ok = m->full_idx && m->zel && m->rpos && !m->neg && !m->raises && !m->lifts && zb_ok(m->guard) && zb_ok(m->el) &&
              zb_ok(m->filt);
    for (int b = 0; b < m->nb; b++)
        if (!isidx(m->b[b].var)) ok &= zb_ok(m->b[b].lo) && zb_ok(m->b[b].hi);
    return ok;
}

static void gen_move(Move *m)
{
    memset(m, 0, sizeof *m);
    M = m;
    memset(has, 0, sizeof has);
    m->full_idx = true;
    int s;
    for (;;) {
        s = rnd(0, 99);
        s = s < 18 ? SH_ELEM : s < 28 ? SH_LIST : s < 36 ? SH_REMOVE : s < 42 ? SH_SLICE : s < 48 ? SH_RAISE : s < 54 ? SH_CONST
          : s < 77 ? SH_SPLIT : s < 92 ? SH_LIFT : SH_ZEROS;
        if ((g_sym || g_zb) && s == SH_SLICE) continue;
        if (g_zb && (s == SH_RAISE || s == SH_LIFT)) continue;
        break;
    }
    shapes[s]++;
    switch (s) {
    case SH_ELEM: shape_elem(); break;
    case SH_LIST: shape_list(); break;
    case SH_REMOVE: shape_remove(); break;
    case SH_SLICE: shape_slice(); break;
    case SH_RAISE: shape_raise(); break;
    case SH_CONST: shape_const(); break;
    case SH_SPLIT: shape_split(); break;
    case SH_LIFT: shape_lift(); break;
    default: shape_zeros(); break;
    }
    if (rnd(0, g_sym ? 9 : 3) == 0) {   /* G(sort([...])...): sorted as made */
        m->sorted = true;
        feature(F_SORTRES);
    }
    int extra = rnd(0, 9);
    extra = !has[V_R] || extra < 5 ? 0 : extra < 8 ? 1 : 2;
    for (int t = 0; t < extra && m->ncl < MAXCL; t++) clause(extra_guard());
    for (int i = m->ncl - 1; i > 0; i--) {   /* in random order */
        int j = rnd(0, i);
        Ex *t = m->cl[i];
        m->cl[i] = m->cl[j];
        m->cl[j] = t;
    }
    m->guard = m->ncl ? m->cl[0] : NULL;
    for (int i = 1; i < m->ncl; i++) m->guard = O(X_AND, m->guard, m->cl[i]);
}

/* Chomp (the standard library's text) or a variant: other spellings of the same rule, the
   poisoned cell edible, a filter, a second move. Rows stay non-increasing. */
static void gen_chomp(Ruleset *rs)
{
    rs->chomp = true;
    rs->n = 1;
    rs->exact_chomp = rnd(0, 2) == 0;
    Move *m = &rs->mv[0];
    memset(m, 0, sizeof *m);
    M = m;
    memset(has, 0, sizeof has);
    shapes[SH_CHOMP]++;
    m->label = "take";
    m->full_idx = true;
    bind(V_R, L(0), len_1());
    bind(V_C, L(0), O(X_SUB, AR(), L(1)));
    m->lo = L(0);
    m->hi = len_1();
    Ex *cut = O(X_MIN, AI(), B(V_C));
    if (rs->exact_chomp) {
        m->guard = O(X_OR, O(X_GT, B(V_R), L(0)), O(X_GT, B(V_C), L(0)));
        m->el = IF(O(X_GE, B(V_I), B(V_R)), cut, AI());
        rs->canon = rnd(0, 3) ? C_DROP0 : C_NONE;
        return;
    }
    switch (rnd(0, 4)) {
    case 0: m->guard = O(X_OR, O(X_GT, B(V_C), L(0)), O(X_GT, B(V_R), L(0))); break;
    case 1: m->guard = NOT(O(X_AND, O(X_EQ, B(V_R), L(0)), O(X_EQ, B(V_C), L(0)))); break;
    case 2: m->guard = NULL; break;   /* the poisoned cell may be eaten: whoever eats the last cell wins */
    case 3: m->guard = O(X_AND, O(X_OR, O(X_GT, B(V_R), L(0)), O(X_GT, B(V_C), L(0))), O(X_NE, B(V_C), L(rnd(1, 3)))); break;
    default: m->guard = O(X_OR, O(X_GT, B(V_R), L(0)), O(X_GT, B(V_C), L(0))); break;
    }
    if (rnd(0, 2) == 0) cut = IF(O(X_GT, AI(), B(V_C)), B(V_C), AI());
    switch (rnd(0, 3)) {
    case 0: m->el = IF(O(X_LE, B(V_R), B(V_I)), cut, AI()); break;
    case 1: m->el = IF(NOT(O(X_LT, B(V_I), B(V_R))), cut, AI()); break;
    case 2: m->el = IF(O(X_LT, B(V_I), B(V_R)), AI(), cut); break;
    default: m->el = IF(O(X_GE, B(V_I), B(V_R)), cut, AI()); break;
    }
    if (rnd(0, 4) == 0) m->filt = O(X_GT, AI(), L(0));
    rs->canon = rnd(0, 1) ? C_DROP0 : C_NONE;
    if (rs->canon == C_NONE && rnd(0, 2) == 0) {   /* a second move: the top row goes */
        Move *t = &rs->mv[rs->n++];
        memset(t, 0, sizeof *t);
        t->label = "top";
        t->ncl = 1;
        t->cl[0] = t->guard = O(X_GT, LEN(), L(1));
        t->lo = L(0);
        t->hi = O(X_SUB, LEN(), L(2));
        t->el = AI();
    }
}

static long symmetric, blind, negs, raising, lifting, canons[NCANONS], lists_form;

static void gen_ruleset(Ruleset *rs, int id)
{
    memset(rs, 0, sizeof *rs);
    fmask = 0;
    rs->list = rnd(0, 9) < 4;
    if (id % CHOMP_EVERY == 3) {
        gen_chomp(rs);
        return;
    }
    int aim = rnd(0, 9);
    g_sym = aim < 3;
    g_zb = aim >= 3 && aim < 5;
    rs->n = rnd(1, MAXMOVES);
    bool sym = true, zb = true;
    for (int j = 0; j < rs->n; j++) {
        gen_move(&rs->mv[j]);
        sym &= move_sym(&rs->mv[j]);
        zb &= move_zb(&rs->mv[j]);
        rs->neg |= rs->mv[j].neg;
        rs->raises |= rs->mv[j].raises;
        rs->lifts |= rs->mv[j].lifts;
    }
    g_sym = g_zb = false;
    symmetric += sym;
    blind += zb;
    negs += rs->neg;
    raising += rs->raises;
    lifting += rs->lifts;
    if (sym && zb && rnd(0, 1)) {
        rs->canon = C_SORT0;
        rs->nz = (const char *[]){ "x > 0", "x != 0", "x >= 1", "0 < x" }[rnd(0, 3)];
        feature(F_SORTCANON);
    } else if (sym && rnd(0, 2)) rs->canon = C_SORT;
    else if (zb && rnd(0, 2)) rs->canon = C_DROP0;
    rs->feat = fmask;
}

/* ---- queries ---- */

enum { Q_PLAIN, Q_LARGE, Q_EMPTY, NKINDS };
static const char *const kindname[NKINDS] = { "plain", "one larger element", "empty" };

/* A bound on the positions the search of p reaches: the product of (e + 1), with moves that
   lift elements no higher than the largest (max + 1)^n, with moves that raise elements the lists
   of its length and at most its sum; more with negative elements. */
static double est(const Ruleset *rs, const Lst *p)
{
    double prod = 1, sum = 0, top = 0;
    for (int i = 0; i < p->n; i++) {
        prod *= (double)(p->e[i] + 1);
        sum += (double)p->e[i];
        if (p->e[i] > top) top = (double)p->e[i];
    }
    if (rs->lifts) {
        prod = 1;
        for (int i = 0; i < p->n; i++) prod *= top + 1;
    }
    if (rs->raises) {
        double c = 1;   /* C(sum + n, n) */
        for (int i = 1; i <= p->n; i++) c = c * (sum + i) / i;
        prod = c;
    }
    if (rs->neg) prod *= 1 << p->n;
    return prod;
}

static int cmp_desc(const void *x, const void *y)
{
    long a = *(const long *)x, b = *(const long *)y;
    return (a < b) - (a > b);
}

/* A query list of the kind: Chomp's rows non-increasing (zeros last). shrink > 0 after a list
   past the brute force's budget. */
static void gen_list(Lst *p, const Ruleset *rs, int kind, int shrink)
{
    double lim = (rnd(0, 4) ? 30000 : 100000) / (double)(1 << (2 * shrink));
    memset(p, 0, sizeof *p);
    if (kind == Q_EMPTY) return;
    for (int t = 0;; t++) {
        int maxn = t < 50 ? MAXN - shrink : 2;
        if (kind == Q_LARGE) {
            p->n = rnd(1, 3);
            for (int i = 0; i < p->n; i++) p->e[i] = rnd(0, 4);
            int at = rnd(0, p->n - 1);
            p->e[at] = rnd(0, 2) ? (rnd(0, 1) ? 20 : 40) : rnd(8, 40);
        } else {
            p->n = rnd(1, maxn < 1 ? 1 : maxn);
            for (int i = 0; i < p->n; i++) p->e[i] = rs->chomp ? rnd(0, 6) : rnd(0, 7);
        }
        if (rs->chomp) qsort(p->e, (size_t)p->n, sizeof *p->e, cmp_desc);
        if (est(rs, p) <= lim || (t > 100 && kind == Q_PLAIN)) return;
    }
}

/* ---- running ---- */

static long compared, compared_moves, failed, failed_sets, skipped[NKINDS], by_kind[NKINDS], canon_checked, chomp_checked;
static int table_count, table_base;
static bool took_table;   /* the table took the last ruleset's first query */
static bool verbose;

/* The generator broke its promises (a move that does not lower the list, a read out of range,
   a canon that changes values): the test is wrong, not the engine. */
static void generator_error(const char *what, int code, const char *prog, const Lst *p)
{
    Str t = { 0 };
    render_list(&t, "G", false, p);
    fprintf(stderr, "duel_lcomp: test generator error (%s, code %d) at %s in\n%s", what, code, t.s, prog);
    exit(99);
}

/* Compare the engine's answers to prog (its print lines, want[i] >= 0 of them, then a query of
   the first list when want[0] >= 0, whose winning moves must be wwant) by default and by memo. */
static void duel(int id, const char *prog, const char *name, bool list, const Lst *q, const int *want,
                 const int *kind, int nq, const char *wwant, bool count_table)
{
    for (int run = 0; run < 2; run++) {
        int st;
        char *e = NULL;
        char *out = duel_run_capped(prog, run ? "memo" : NULL, MAX_STATES, &st, &e);
        int maxl = nq + 2;
        char **line = malloc(sizeof *line * (size_t)maxl);
        int nl = duel_lines(out, line, maxl), li = 0;
        const char *how = run ? "memo" : "default";
        bool bad = false;
        for (int i = 0; i < nq; i++) {
            if (want[i] < 0) continue;
            const char *v = li < nl ? strstr(line[li], "\"value\":") : NULL;
            li++;
            long got = v ? atol(v + 8) : -1;
            compared++;
            if (!run && kind) by_kind[kind[i]]++;
            if (got != want[i]) {
                bad = true;
                if (failed++ < 6) {
                    Str bs = { 0 };
                    render_list(&bs, name, list, &q[i]);
                    printf("ruleset %d (%s), %s: engine %ld, rules %d (status %d%s%s)\n%s\n", id, how, bs.s, got, want[i],
                           st, e && *e ? ": " : "", e ? e : "", prog);
                    free(bs.s);
                }
            }
        }
        if (want[0] >= 0) {
            char *sg;
            int table;
            compared++;
            if (!duel_query_sg(li < nl ? line[li] : NULL, want[0], &table, &sg)) {
                bad = true;
                if (failed++ < 6)
                    printf("ruleset %d (%s), query of the first list: sg %s, rules %d\n%s\n", id, how, sg ? sg : "(none)",
                           want[0], prog);
            }
            if (!run && count_table && table) table_count++, took_table = true;
            free(sg);
            char *wgot = engine_winning(li < nl ? line[li] : NULL);
            compared_moves++;
            if (!wgot || strcmp(wgot, wwant)) {
                bad = true;
                if (failed++ < 6)
                    printf("ruleset %d (%s), winning moves of the first list:\nengine:\n%srules:\n%s%s\n", id, how,
                           wgot ? wgot : "(none)\n", wwant, prog);
            }
            free(wgot);
        }
        if (st != 0 && !bad && failed++ < 6) printf("ruleset %d (%s): status %d: %s\n%s\n", id, how, st, e ? e : "", prog);
        free(line);
        free(out);
        free(e);
    }
}

static void run_ruleset(int id)
{
    Ruleset rs;
    gen_ruleset(&rs, id);
    canons[rs.canon]++;
    lists_form += rs.list;
    Str game = { 0 };
    render_ruleset(&game, id, &rs);
    char name[16];
    snprintf(name, sizeof name, "G%d", id);
    int nq = rnd(6, MAXQ);
    Lst q[MAXQ];
    int want[MAXQ], kind[MAXQ];
    gen++;   /* a fresh memo for the brute force */
    for (int i = 0; i < nq; i++) {
        int r = rnd(0, 99);
        kind[i] = i == 0 || r < 72 ? Q_PLAIN : r < 88 ? Q_LARGE : Q_EMPTY;
        for (int t = 0;; t++) {
            gen_list(&q[i], &rs, kind[i], t);
            want[i] = solve(&rs, rs.canon, &q[i]);
            if (want[i] != E_BUDGET || t == 2) break;
        }
        if (want[i] == E_BUDGET) skipped[kind[i]]++;   /* no answer here to hold the engine to */
        else if (want[i] < 0) generator_error("brute force", want[i], game.s, &q[i]);
    }
    char *wwant = want[0] >= 0 ? winning_text(&q[0], name, rs.list) : NULL;
    if (rs.canon != C_NONE) {   /* the canon must keep the rules' values */
        gen++;
        for (int i = 0; i < nq; i++) {
            if (want[i] < 0) continue;
            int raw = solve(&rs, C_NONE, &q[i]);
            if (raw == E_BUDGET) continue;
            if (raw != want[i]) generator_error("the canon changes a value", raw, game.s, &q[i]);
            canon_checked++;
        }
    }
    if (rs.exact_chomp) {   /* the interpreter's Chomp against the plain one */
        gen++;
        for (int i = 0; i < nq; i++) {
            if (want[i] < 0) continue;
            int c = solve(NULL, C_DROP0, &q[i]);
            chomp_checked++;
            if (c != want[i] && failed++ < 6) printf("ruleset %d: the brute forces disagree on Chomp: %d, %d\n", id, c, want[i]);
        }
    }
    Str prog = { 0 };
    sput(&prog, "%s", game.s);
    for (int i = 0; i < nq; i++)
        if (want[i] >= 0) {
            sput(&prog, "print sg(");
            render_list(&prog, name, rs.list, &q[i]);
            sput(&prog, ");\n");
        }
    if (want[0] >= 0) {
        sput(&prog, "query ");
        render_list(&prog, name, rs.list, &q[0]);
        sput(&prog, ";\n");
        table_base++;
    }
    if (verbose) printf("%s", prog.s);
    took_table = false;
    long failed0 = failed;
    duel(id, prog.s, name, rs.list, q, want, kind, nq, wwant, true);
    failed_sets += failed > failed0;
    for (int f = 0; f < NFEAT; f++)
        if (rs.feat >> f & 1) feat[f]++, feat_table[f] += took_table;
    free(prog.s);
    free(game.s);
    free(wwant);
}

/* The standard library's Chomp(rows, cols) for 1..6 x 1..6 and ChompRows on random rows (zeros
   last), against chomp_options; the winning moves of the first rows. */
static void run_stdlib_chomp(void)
{
    enum { NC = 14 + 36 };
    Lst q[NC];
    int want[NC];
    gen++;
    Str prog = { 0 };
    for (int n = 0; n < NC; n++) {
        Lst *p = &q[n];
        if (n < 14) {
            p->n = rnd(1, MAXN);
            for (int i = 0; i < p->n; i++) p->e[i] = rnd(n ? 0 : 1, 6);
            qsort(p->e, (size_t)p->n, sizeof *p->e, cmp_desc);
            sput(&prog, "print sg(");
            render_list(&prog, "ChompRows", false, p);
            sput(&prog, ");\n");
        } else {
            int rows = (n - 14) / 6 + 1, cols = (n - 14) % 6 + 1;
            p->n = rows;
            for (int i = 0; i < rows; i++) p->e[i] = cols;
            sput(&prog, "print sg(Chomp(%d, %d));\n", rows, cols);
        }
        want[n] = solve(NULL, C_DROP0, p);
    }
    sput(&prog, "query ");
    render_list(&prog, "ChompRows", false, &q[0]);
    sput(&prog, ";\n");
    char *wwant = winning_text(&q[0], "ChompRows", false);
    chomp_checked += NC;
    if (verbose) printf("%s", prog.s);
    duel(-1, prog.s, "ChompRows", false, q, want, NULL, NC, wwant, false);
    free(wwant);
    free(prog.s);
}

int main(int argc, char **argv)
{
    (void)argv;
    verbose = argc > 1;   /* any argument: print every program run */
    for (int id = 0; id < RULESETS; id++) {
        npool = 0;
        run_ruleset(id);
    }
    run_stdlib_chomp();
    bool few = table_count * TABLE_DEN < table_base * TABLE_NUM;
    printf("shapes:");
    for (int s = 0; s < NSHAPES; s++) printf("%s %ld %s", s ? "," : "", shapes[s], shname[s]);
    printf("\nlists compared (skipped past the brute force's budget):");
    for (int k = 0; k < NKINDS; k++) printf("%s %ld (%ld) %s", k ? "," : "", by_kind[k], skipped[k], kindname[k]);
    printf("\n%ld rulesets with a list parameter; %ld symmetric, %ld blind to zeros, %ld leaving negative elements, "
           "%ld raising, %ld lifting; canons: %ld sort, %ld dropping zeros, %ld both (%ld values checked without them); "
           "%ld Chomp values checked against the plain brute force\n",
           lists_form, symmetric, blind, negs, raising, lifting, canons[C_SORT], canons[C_DROP0], canons[C_SORT0],
           canon_checked, chomp_checked);
    printf("native forms (rulesets, of them by the table):");
    for (int f = 0; f < NFEAT; f++) printf("%s %s %ld (%ld)", f ? "," : "", featname[f], feat[f], feat_table[f]);
    printf("\n");
    printf("list comprehension duel: %d rulesets, %ld positions compared, %ld winning-move sets, %d of %d by the table, "
           "%ld failures (%ld rulesets)\n",
           RULESETS, compared, compared_moves, table_count, table_base, failed, failed_sets);
    if (few) printf("FAIL: fewer than %d/%d of the rulesets were solved by the table strategy\n", TABLE_NUM, TABLE_DEN);
    return failed || few ? 1 : 0;
}
