/* duel_lists.c: random rulesets on one list of small integers ("heaps in a list"), `game G(a...)`
   (positions G(3, 1, 4)) or `game G(a)` (positions G([3, 1, 4])), the shape the table strategy
   takes by packing the list into a bitmask. A ruleset has 1-3 moves: take from one heap (a range
   or a set of amounts), take the same from two heaps, set a heap to a smaller value, move part of
   what a heap loses onto another heap (an element may grow past the query's largest), a move on
   a fixed index (a[0], a[1], the last); guards mix elements, binders, `%` and `/` (floor, also of
   negative numbers), min, max, abs, len, `or`, `not`. Every move lowers the sum of the list, and
   every element it lowers stays >= 0 (checked here on every move), so play ends, also from lists
   with a negative element. Rulesets whose rules are symmetric under permuting the list get
   `canon (sort(a)...)` half the time. Every tenth ruleset reads a[i + 1] (or the like) in a
   guard: where the search of a query reaches such a read (`and` / `or` short-circuit), both runs
   must stop with an `out of range` error. Each ruleset is rendered as .game text and, from the
   same struct, evaluated here by a small interpreter of the rules as stated; its SG values (a
   memo over lists) are compared with the engine's, by its own choice and by memo, on random
   lists, G(), lists with one larger element, with a negative element and with a huge one
   (10^12: compared where the brute force ends within its budget). A query of the first list
   counts the rulesets the `table` strategy solved: at least half of those without a planted
   error must be; its winning moves (the positions they reach) must be the brute force's, as a
   set. Seeded: the same every run. */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULESETS 150
#define MAXMOVES 3
#define MAXN 5          /* list length */
#define MAXQ 10
#define MAXB 4          /* binders of a move */
#define MAXCL 8         /* guard clauses of a move */
#define MAXUP 2         /* updates of a move's result */
#define MAX_STATES 4000000
#define HUGE_EL 1000000000000L
/* the brute force's budget for one query: new positions, binder values tried, depth */
#define SBUDGET 150000
#define IBUDGET 3000000L
#define DBUDGET 3000

static uint64_t seed = 20261219;

static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* ---- the rules as a small expression tree, rendered as text and evaluated here ---- */

enum { X_LIT, X_BIN, X_LEN, X_EL, X_ADD, X_SUB, X_MUL, X_DIV, X_MOD, X_MIN, X_MAX, X_ABS,
       X_EQ, X_NE, X_LT, X_LE, X_GT, X_GE, X_AND, X_OR, X_NOT };
enum { V_I, V_J, V_K, V_M, V_V, NVARS };   /* binders: i, j index the list; k, m, v amounts */
static const char vname[NVARS] = { 'i', 'j', 'k', 'm', 'v' };

/* X_LIT: v; X_BIN: binder v; X_EL: a[a] */
typedef struct Ex { int op; long v; struct Ex *a, *b; } Ex;

static Ex pool[16384];
static int npool;

static Ex *mk(int op, long v, Ex *a, Ex *b)
{
    if (npool == (int)(sizeof pool / sizeof *pool)) {
        fprintf(stderr, "duel_lists: expression pool exhausted\n");
        exit(99);
    }
    Ex *e = &pool[npool++];
    e->op = op;
    e->v = v;
    e->a = a;
    e->b = b;
    return e;
}
static Ex *L(long v) { return mk(X_LIT, v, NULL, NULL); }
static Ex *B(int var) { return mk(X_BIN, var, NULL, NULL); }
static Ex *LEN(void) { return mk(X_LEN, 0, NULL, NULL); }
static Ex *A(Ex *i) { return mk(X_EL, 0, i, NULL); }
static Ex *AB(int var) { return A(B(var)); }
static Ex *O(int op, Ex *a, Ex *b) { return mk(op, 0, a, b); }

/* a binder: a range lo..hi, or (nset > 0) a set literal */
typedef struct Bind { int var, nset; long set[5]; Ex *lo, *hi; } Bind;

typedef struct Move {
    int nb;
    Bind b[MAXB];
    int ncl;
    Ex *cl[MAXCL];       /* the guard's clauses, and-ed left to right */
    Ex *guard;
    int nup;
    Ex *ui[MAXUP], *uv[MAXUP];   /* a[ui[0] := uv[0], ui[1] := uv[1]] */
    bool sym;            /* the move is the same under any permutation of the list */
    bool raises;         /* it may raise an element */
    bool pair;           /* it takes each pair of indexes once, i < j: symmetric only if i and j are read alike */
    bool fixed;          /* it reads fixed indexes (a[0], a[1], the last) */
} Move;

typedef struct Ruleset { bool list, canon, err, raises; int n; Move mv[MAXMOVES]; } Ruleset;

static int prec(const Ex *e)
{
    switch (e->op) {
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
        render(t, e->a, 0);
        sput(t, ", ");
        render(t, e->b, 0);
        sput(t, ")");
        break;
    case X_ABS: sput(t, "abs("); render(t, e->a, 0); sput(t, ")"); break;
    case X_NOT: sput(t, "not ("); render(t, e->a, 0); sput(t, ")"); break;
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

static void render_ruleset(Str *t, int id, const Ruleset *rs)
{
    sput(t, "game G%d(%s) {\n", id, rs->list ? "a" : "a...");
    if (rs->canon) sput(t, "    canon (sort(a)...);\n");
    for (int j = 0; j < rs->n; j++) {
        const Move *m = &rs->mv[j];
        sput(t, "    move m%d", j);
        if (m->nb) {
            sput(t, "(");
            for (int b = 0; b < m->nb; b++) {
                const Bind *d = &m->b[b];
                sput(t, "%s%c in ", b ? ", " : "", vname[d->var]);
                if (d->nset) {
                    sput(t, "{");
                    for (int s = 0; s < d->nset; s++) sput(t, "%s%ld", s ? ", " : "", d->set[s]);
                    sput(t, "}");
                } else {
                    render(t, d->lo, 6);
                    sput(t, "..");
                    render(t, d->hi, 6);
                }
            }
            sput(t, ")");
        }
        if (m->guard) {
            sput(t, " when ");
            render(t, m->guard, 0);
        }
        sput(t, "\n        => G%d(a[", id);
        for (int u = 0; u < m->nup; u++) {
            sput(t, "%s", u ? ", " : "");
            render(t, m->ui[u], 0);
            sput(t, " := ");
            render(t, m->uv[u], 0);
        }
        sput(t, "]%s);\n", rs->list ? "" : "...");
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

static bool err;           /* an index out of range was read */
static long bv[NVARS];     /* the binders' values */
static const Lst *cur;     /* the list the rules read */

static long fdiv(long x, long y) { long q = x / y; return (x % y != 0 && (x < 0) != (y < 0)) ? q - 1 : q; }
static long fmod_(long x, long y) { long r = x % y; return r != 0 && (r < 0) != (y < 0) ? r + y : r; }

/* The value of e on the list cur (truths 0 / 1), with the language's short-circuit `and` / `or`;
   err set (and the value meaningless) when an index is out of range. */
static long ev(const Ex *e)
{
    long x, y;
    switch (e->op) {
    case X_LIT: return e->v;
    case X_BIN: return bv[e->v];
    case X_LEN: return cur->n;
    case X_EL:
        x = ev(e->a);
        if (err) return 0;
        if (x < 0 || x >= cur->n) { err = true; return 0; }
        return cur->e[x];
    case X_ABS:
        x = ev(e->a);
        return x < 0 ? -x : x;
    case X_NOT:
        x = ev(e->a);
        return !x;
    case X_AND: case X_OR:
        x = ev(e->a);
        if (err || (e->op == X_AND ? !x : x)) return x;
        return ev(e->b) != 0;
    default: break;
    }
    x = ev(e->a);
    if (err) return 0;
    y = ev(e->b);
    if (err) return 0;
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

/* Every option of move m from cur, binders from bi on, into o: 0, -1 (an out-of-range read) or -2
   (past the budget). Each binder's domain is read for every value of the binders before it; the
   guard for every combination, the result's indexes and values from the list before the move. */
static int walk(const Move *m, int bi, Opts *o)
{
    if (bi == m->nb) {
        if (++iters > IBUDGET) return -2;
        if (m->guard) {
            long g = ev(m->guard);
            if (err) return -1;
            if (!g) return 0;
        }
        Lst q = *cur;
        long ix[MAXUP], val[MAXUP];
        for (int u = 0; u < m->nup; u++) {
            ix[u] = ev(m->ui[u]);
            if (err) return -1;
            if (ix[u] < 0 || ix[u] >= cur->n) { err = true; return -1; }
            val[u] = ev(m->uv[u]);
            if (err) return -1;
        }
        for (int u = 0; u < m->nup; u++) q.e[ix[u]] = val[u];   /* a later equal index wins */
        long s0 = 0, s1 = 0;
        bool below = false;   /* an element lowered below 0 */
        for (int i = 0; i < q.n; i++) {
            s0 += cur->e[i];
            s1 += q.e[i];
            below |= q.e[i] < cur->e[i] && q.e[i] < 0;
        }
        if (s1 >= s0 || below) {   /* the generator's promise broken: the test itself is wrong */
            fprintf(stderr, "duel_lists: a move does not lower the sum, or lowers an element below 0\n");
            exit(99);
        }
        if (o->n == o->cap) {
            o->cap = o->cap ? o->cap * 2 : 64;
            o->v = realloc(o->v, sizeof *o->v * (size_t)o->cap);
        }
        o->v[o->n++] = q;
        return 0;
    }
    const Bind *d = &m->b[bi];
    if (d->nset) {
        for (int s = 0; s < d->nset; s++) {
            bv[d->var] = d->set[s];
            int r = walk(m, bi + 1, o);
            if (r < 0) return r;
        }
        return 0;
    }
    long lo = ev(d->lo);
    if (err) return -1;
    long hi = ev(d->hi);
    if (err) return -1;
    if (hi >= lo && hi - lo >= IBUDGET - iters) return -2;
    for (long x = lo; x <= hi; x++) {
        bv[d->var] = x;
        int r = walk(m, bi + 1, o);
        if (r < 0) return r;
    }
    return 0;
}

static const Ruleset *crs;

/* The SG value of p under crs as stated; -1 when an out-of-range read is reached, -2 past the
   budget. */
static int brute(const Lst *p, int depth)
{
    int *sl = slot(p);
    if (*sl >= 0) return *sl;
    if (++nstates > SBUDGET || depth > DBUDGET) return -2;
    Opts o = { NULL, 0, 0 };
    int r = 0;
    cur = p;
    for (int j = 0; j < crs->n && !r; j++) r = walk(&crs->mv[j], 0, &o);
    unsigned char *seen = calloc((size_t)o.n + 1, 1);
    for (int i = 0; i < o.n && !r; i++) {
        int v = brute(&o.v[i], depth + 1);
        if (v < 0) r = v;
        else if (v <= o.n) seen[v] = 1;
    }
    int g = 0;
    while (!r && seen[g]) g++;
    free(seen);
    free(o.v);
    if (r) return r;
    sl = slot(p);   /* entries never move, but be plain about it */
    *sl = g;
    return g;
}

static int solve(const Ruleset *rs, const Lst *p)
{
    err = false;
    crs = rs;
    nstates = iters = 0;
    return brute(p, 0);
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

/* The winning moves of p (solved just before, its options' values in the memo) as the engine
   lists them: the positions they reach (sorted for a sorting canon; 0 for one without moves),
   each once. */
static char *winning_text(const Ruleset *rs, const Lst *p, const char *name)
{
    Opts o = { NULL, 0, 0 };
    cur = p;
    err = false;
    for (int j = 0; j < rs->n; j++) walk(&rs->mv[j], 0, &o);
    char **v = malloc(sizeof *v * (size_t)(o.n + 1));
    int n = 0;
    for (int i = 0; i < o.n; i++) {
        if (*slot(&o.v[i]) != 0) continue;
        Lst q = o.v[i];
        Opts none = { NULL, 0, 0 };   /* a position without moves is listed as 0 */
        cur = &q;
        for (int j = 0; j < rs->n && !none.n; j++) walk(&rs->mv[j], 0, &none);
        free(none.v);
        if (!none.n) {
            v[n++] = strdup("0");
            continue;
        }
        for (int a = 1; rs->canon && a < q.n; a++)   /* ascending, as the canon sorts */
            for (int b = a; b > 0 && q.e[b - 1] > q.e[b]; b--) { long t = q.e[b]; q.e[b] = q.e[b - 1]; q.e[b - 1] = t; }
        Str t = { 0 };
        render_list(&t, name, rs->list, &q);
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

static long symmetric;   /* variadic rulesets with symmetric rules */
static Move *M;          /* the move being built */
static bool has[NVARS];

static void bind_range(int var, Ex *lo, Ex *hi)
{
    Bind *d = &M->b[M->nb++];
    memset(d, 0, sizeof *d);
    d->var = var;
    d->lo = lo;
    d->hi = hi;
    has[var] = true;
}

/* a set of 1-3 amounts of 1..5, increasing (k in {1, 2, 4}) */
static void bind_set(int var)
{
    Bind *d = &M->b[M->nb++];
    memset(d, 0, sizeof *d);
    d->var = var;
    int n = rnd(1, 3);
    bool in[6] = { false };
    for (int t = 0; t < n; t++) in[rnd(1, 5)] = true;
    for (int x = 1; x <= 5; x++)
        if (in[x]) d->set[d->nset++] = x;
    has[var] = true;
}

static void clause(Ex *e) { M->cl[M->ncl++] = e; }
static void upd(Ex *i, Ex *v) { M->ui[M->nup] = i; M->uv[M->nup++] = v; }
static Ex *len_1(void) { return O(X_SUB, LEN(), L(1)); }

/* An index binder over the whole list, now and then over a part of it (not symmetric). */
static void bind_index(int var)
{
    int r = rnd(0, 11);
    if (r < 10) bind_range(var, L(0), len_1());
    else if (r == 10) { bind_range(var, L(1), len_1()); M->sym = false; }
    else { bind_range(var, L(0), O(X_SUB, LEN(), L(2))); M->sym = false; }
}

/* Symmetric under permutations of the list: index binders appear only as a[i] (or in i != j). */
static bool sym_ok(const Ex *e)
{
    if (!e) return true;
    switch (e->op) {
    case X_BIN: return e->v >= V_K;
    case X_EL: return e->a->op == X_BIN && e->a->v < V_K;
    case X_EQ: case X_NE:
        if (e->a->op == X_BIN && e->b->op == X_BIN) return true;
        /* fall through */
    default: return sym_ok(e->a) && sym_ok(e->b);
    }
}

static Ex *fixed_el;     /* the element a fixed move reads (a[0]), NULL in a binder move */
static bool swap_ok;     /* the filters made so far read i and j alike (the same with i, j swapped) */

/* an element the move reads: a[i], a[j], or a fixed move's a[0] */
static Ex *elem(void)
{
    if (fixed_el) return A(fixed_el->a);
    return has[V_J] && rnd(0, 1) ? AB(V_J) : AB(V_I);
}

/* One filter clause over the move's binders and the list. */
static Ex *filter(int depth)
{
    for (;;) {
        switch (rnd(0, 16)) {
        case 0: swap_ok = false; return O(X_EQ, O(X_MOD, elem(), L(2)), L(rnd(0, 1)));
        case 1: {
            if (!has[V_J]) break;
            int op = (int[]){ X_GT, X_GE, X_NE, X_LT }[rnd(0, 3)];
            if (op != X_NE) swap_ok = false;
            return O(op, AB(V_I), AB(V_J));
        }
        case 2:
            if (!has[V_J]) break;
            return O(X_NE, B(V_I), B(V_J));
        case 3:
            if (!has[V_K]) break;
            swap_ok = false;
            return O(X_LE, B(V_K), O(X_DIV, elem(), L(2)));
        case 4:
            if (!has[V_K] || !has[V_I]) break;
            swap_ok = false;
            return O(X_NE, O(X_MOD, O(X_ADD, B(V_I), B(V_K)), L(3)), L(rnd(0, 2)));
        case 5:
            if (!has[V_J]) break;
            return O(X_LE, mk(X_ABS, 0, O(X_SUB, AB(V_I), AB(V_J)), NULL), L(rnd(0, 3)));
        case 6:
            if (!has[V_J] || !has[V_K]) break;
            return rnd(0, 1) ? O(X_GT, O(X_MAX, AB(V_I), AB(V_J)), B(V_K)) : O(X_GE, O(X_MIN, AB(V_I), AB(V_J)), O(X_ADD, B(V_K), L(1)));
        case 7:
            if (!has[V_J]) break;
            return O(X_GT, O(X_ADD, AB(V_I), AB(V_J)), L(rnd(1, 6)));
        case 8: return rnd(0, 1) ? O(X_GT, LEN(), L(rnd(1, 3))) : O(X_EQ, O(X_MOD, LEN(), L(2)), L(rnd(0, 1)));
        case 9:
            if (!has[V_K]) break;
            swap_ok = false;
            return O(X_NE, O(X_MOD, O(X_SUB, elem(), B(V_K)), L(3)), L(rnd(0, 2)));
        case 10: swap_ok = false; return O(X_LT, elem(), L(rnd(4, 8)));   /* a cap: huge elements stay put */
        case 11:
            if (!has[V_V]) break;
            swap_ok = false;
            return rnd(0, 1) ? O(X_EQ, O(X_MOD, B(V_V), L(2)), L(0)) : O(X_GE, B(V_V), O(X_DIV, AB(V_I), L(2)));
        case 12:
            if (!has[V_I]) break;
            swap_ok = false;
            return rnd(0, 1) ? O(X_EQ, O(X_MOD, B(V_I), L(2)), L(rnd(0, 1))) : O(X_LT, O(X_ADD, B(V_I), L(1)), LEN());
        case 13:   /* floor division and remainder of negative numbers */
            swap_ok = false;
            if (rnd(0, 1)) return O(X_NE, O(X_DIV, O(X_SUB, elem(), L(rnd(3, 6))), L(2)), L(rnd(-3, 1)));
            return O(X_EQ, O(X_MOD, O(X_SUB, elem(), L(rnd(2, 5))), L(3)), L(rnd(0, 2)));
        case 14:
            if (!has[V_K]) break;
            swap_ok = false;
            return O(X_LE, O(X_MUL, L(2), B(V_K)), O(X_ADD, elem(), L(1)));
        case 15:
            if (depth) break;
            return O(X_OR, filter(1), filter(1));
        case 16:
            if (depth) break;
            return mk(X_NOT, 0, filter(1), NULL);
        }
    }
}

/* A read past the list's end (or before its start) for some binder value; wrapped now and then
   so that it is read only when the left side of an `or` is false, or negated. */
static Ex *bad_read(void)
{
    Ex *e;
    switch (rnd(0, 3)) {
    case 0: e = O(X_GT, A(O(X_ADD, B(V_I), L(1))), AB(V_I)); break;
    case 1: e = O(X_NE, A(O(X_SUB, B(V_I), L(1))), L(rnd(0, 3))); break;
    case 2: e = O(X_GE, A(O(X_SUB, LEN(), B(V_I))), L(1)); break;
    default:
        e = has[V_J] ? O(X_EQ, O(X_MOD, A(O(X_ADD, B(V_J), L(1))), L(2)), L(0)) : O(X_LT, A(O(X_ADD, B(V_I), L(2))), L(3));
        break;
    }
    int w = rnd(0, 9);
    if (w < 3) e = O(X_OR, filter(1), e);
    else if (w == 3) e = mk(X_NOT, 0, e, NULL);
    return e;
}

/* The move's shape: its binders, the clauses that keep it lowering the sum, its result. */
static void shape(bool need_i)
{
    int s = rnd(0, 19);
    if (need_i && s >= 18) s = rnd(0, 17);
    if (s < 4) {                                   /* take from one heap: k in 1..a[i] (or less) */
        bind_index(V_I);
        int h = rnd(0, 5);
        bind_range(V_K, L(1), h < 3 ? AB(V_I) : h < 5 ? O(X_DIV, AB(V_I), L(2)) : mk(X_MIN, 0, AB(V_I), L(rnd(1, 3))));
        upd(B(V_I), O(X_SUB, AB(V_I), B(V_K)));
    } else if (s < 7) {                            /* take k of a set when k <= a[i] */
        bind_index(V_I);
        bind_set(V_K);
        int h = rnd(0, 2);
        clause(h == 0 ? O(X_LE, B(V_K), AB(V_I)) : h == 1 ? O(X_GE, AB(V_I), B(V_K)) : O(X_GE, O(X_SUB, AB(V_I), B(V_K)), L(0)));
        if (rnd(0, 2) == 0) clause(O(X_LT, AB(V_I), L(rnd(5, 9))));   /* a cap */
        upd(B(V_I), O(X_SUB, AB(V_I), B(V_K)));
    } else if (s < 10) {                           /* the same from two heaps */
        bind_index(V_I);
        int how = rnd(0, 3);
        if (how == 0) bind_range(V_J, O(X_ADD, B(V_I), L(1)), len_1());
        else bind_index(V_J);
        M->pair = how < 2;
        if (how == 1) clause(O(X_LT, B(V_I), B(V_J)));
        else if (how == 2) clause(O(X_NE, B(V_I), B(V_J)));
        /* how 3: i == j too, where the later update wins: a[i] - k */
        if (rnd(0, 3)) {
            bind_range(V_K, L(1), mk(X_MIN, 0, AB(V_I), AB(V_J)));
        } else {
            bind_set(V_K);
            clause(O(X_LE, B(V_K), mk(X_MIN, 0, AB(V_I), AB(V_J))));
        }
        upd(B(V_I), O(X_SUB, AB(V_I), B(V_K)));
        upd(B(V_J), O(X_SUB, AB(V_J), B(V_K)));
    } else if (s < 13) {                           /* set a heap to a smaller value */
        bind_index(V_I);
        bind_range(V_V, rnd(0, 2) ? L(0) : O(X_DIV, AB(V_I), L(2)), O(X_SUB, AB(V_I), L(1)));
        upd(B(V_I), B(V_V));
    } else if (s < 18) {                           /* take from a heap, put part of it on another */
        M->raises = true;
        bind_index(V_I);
        bool after = rnd(0, 1);   /* the heap that gains written first: with i == j the loss wins */
        if (rnd(0, 4) == 0) {
            bind_range(V_J, O(X_ADD, B(V_I), L(1)), len_1());
            M->sym = false;
        } else {
            bind_index(V_J);
            if (!after) clause(O(X_NE, B(V_I), B(V_J)));
        }
        Ex *loss, *gain;
        if (rnd(0, 2)) {
            bind_range(V_K, L(1), AB(V_I));
            bind_range(V_M, L(0), rnd(0, 1) ? O(X_SUB, B(V_K), L(1)) : mk(X_MIN, 0, O(X_SUB, B(V_K), L(1)), L(rnd(1, 2))));
            loss = O(X_SUB, AB(V_I), B(V_K));
            gain = O(X_ADD, AB(V_J), B(V_M));
        } else {   /* two for one: a[i] - 2 * k, a[j] + k */
            bind_range(V_K, L(1), O(X_DIV, AB(V_I), L(2)));
            loss = O(X_SUB, AB(V_I), O(X_MUL, L(2), B(V_K)));
            gain = O(X_ADD, AB(V_J), B(V_K));
        }
        if (after) {
            upd(B(V_J), gain);
            upd(B(V_I), loss);
        } else {
            upd(B(V_I), loss);
            upd(B(V_J), gain);
        }
    } else {                                       /* a fixed index */
        M->sym = false;
        M->fixed = true;
        switch (rnd(0, 3)) {
        case 0:
            clause(O(X_GT, LEN(), L(0)));
            clause(O(X_GT, A(L(0)), L(0)));
            upd(L(0), O(X_SUB, A(L(0)), L(1)));
            fixed_el = A(L(0));
            break;
        case 1:
            bind_set(V_K);
            clause(O(X_GT, LEN(), L(0)));
            clause(O(X_LE, B(V_K), A(L(0))));
            upd(L(0), O(X_SUB, A(L(0)), B(V_K)));
            fixed_el = A(L(0));
            break;
        case 2:   /* the last heap pays two, the first gains one */
            M->raises = true;
            clause(O(X_GT, LEN(), L(1)));
            clause(O(X_GE, A(len_1()), L(2)));
            upd(len_1(), O(X_SUB, A(len_1()), L(2)));
            upd(L(0), O(X_ADD, A(L(0)), L(1)));
            fixed_el = A(len_1());
            break;
        default:   /* a[1] down to a[0] */
            clause(O(X_GT, LEN(), L(1)));
            clause(O(X_GT, A(L(1)), A(L(0))));
            clause(O(X_GE, A(L(0)), L(0)));
            upd(L(1), A(L(0)));
            fixed_el = A(L(rnd(0, 1)));
            break;
        }
    }
}

static void gen_move(Move *m, bool witherr)
{
    memset(m, 0, sizeof *m);
    M = m;
    memset(has, 0, sizeof has);
    fixed_el = NULL;
    swap_ok = true;
    m->sym = true;
    shape(witherr);
    int pre = m->fixed ? m->ncl : 0;   /* a fixed move's clauses that keep its reads in range */
    int extra = rnd(0, 9);
    extra = extra < 4 ? 0 : extra < 8 ? 1 : 2;
    for (int t = 0; t < extra; t++) {
        Ex *e = filter(0);
        if (!sym_ok(e)) m->sym = false;
        clause(e);
    }
    if (m->pair && !swap_ok) m->sym = false;
    for (int i = m->ncl - 1; i > pre; i--) {   /* in random order, after the protecting ones */
        int j = pre + rnd(0, i - pre);
        Ex *t = m->cl[i];
        m->cl[i] = m->cl[j];
        m->cl[j] = t;
    }
    if (witherr) {
        int at = rnd(0, m->ncl);
        memmove(&m->cl[at + 1], &m->cl[at], sizeof *m->cl * (size_t)(m->ncl - at));
        m->cl[at] = bad_read();
        m->ncl++;
        m->sym = false;
    }
    m->guard = m->ncl ? m->cl[0] : NULL;
    for (int i = 1; i < m->ncl; i++) m->guard = O(X_AND, m->guard, m->cl[i]);
}

static void gen_ruleset(Ruleset *rs, bool witherr)
{
    memset(rs, 0, sizeof *rs);
    rs->list = rnd(0, 9) < 4;
    rs->n = rnd(1, MAXMOVES);
    rs->err = witherr;
    int bad = rnd(0, rs->n - 1);
    bool sym = !witherr;
    for (int j = 0; j < rs->n; j++) {
        gen_move(&rs->mv[j], witherr && j == bad);
        sym &= rs->mv[j].sym;
        rs->raises |= rs->mv[j].raises;
    }
    rs->canon = !rs->list && sym && rnd(0, 1);
    symmetric += !rs->list && sym;
}

/* ---- queries ---- */

enum { Q_PLAIN, Q_LARGE, Q_EMPTY, Q_NEG, Q_HUGE, NKINDS };
static const char *const kindname[NKINDS] = { "plain", "one larger element", "empty", "a negative element", "a huge element" };

/* A bound on the positions the search of p reaches: the product of (e + 1), or with moves that
   raise elements the lists of its length and at most its sum (negative elements count as 0). */
static double est(const Ruleset *rs, const Lst *p)
{
    double prod = 1, sum = 0;
    for (int i = 0; i < p->n; i++) {
        long e = p->e[i] < 0 ? 0 : p->e[i];
        prod *= (double)(e + 1);
        sum += (double)e;
    }
    if (!rs->raises) return prod;
    double c = 1;   /* C(sum + n, n) */
    for (int i = 1; i <= p->n; i++) c = c * (sum + i) / i;
    return c;
}

static void gen_list(Lst *p, const Ruleset *rs, int kind)
{
    double lim = rnd(0, 4) ? 20000 : 100000;
    memset(p, 0, sizeof *p);
    if (kind == Q_EMPTY) return;
    for (int t = 0;; t++) {
        if (kind == Q_LARGE || kind == Q_HUGE) {
            p->n = rnd(1, 3);
            for (int i = 0; i < p->n; i++) p->e[i] = rnd(0, kind == Q_HUGE ? 5 : 4);
            p->e[rnd(0, p->n - 1)] = kind == Q_HUGE ? HUGE_EL + rnd(0, 3) : rnd(8, 40);
            if (kind == Q_HUGE || est(rs, p) <= 25000) return;
            continue;
        }
        p->n = rnd(1, t < 50 ? MAXN : 2);
        for (int i = 0; i < p->n; i++) p->e[i] = rnd(0, 7);
        if (kind == Q_NEG) p->e[rnd(0, p->n - 1)] = rnd(0, 5) ? rnd(-4, -1) : -HUGE_EL;
        if (est(rs, p) <= lim) return;
    }
}

/* ---- running ---- */

static long compared, compared_moves, failed, errs_checked, skipped[NKINDS], by_kind[NKINDS], canons, lists_form;

static void fail_show(const char *prog)
{
    if (failed <= 6) printf("%s\n", prog);
}

static int table_count, table_base;
static bool verbose;

static void run_ruleset(int id)
{
    Ruleset rs;
    gen_ruleset(&rs, id % 10 == 9);
    canons += rs.canon;
    lists_form += rs.list;
    gen++;   /* a fresh memo for the brute force */
    Str game = { 0 };
    render_ruleset(&game, id, &rs);
    char name[16];
    snprintf(name, sizeof name, "G%d", id);
    int nq = rnd(6, MAXQ);
    Lst q[MAXQ];
    int want[MAXQ], kind[MAXQ];
    for (int i = 0; i < nq; i++) {
        int r = rnd(0, 99);
        kind[i] = i == 0 || r < 55 ? Q_PLAIN : r < 67 ? Q_LARGE : r < 75 ? Q_EMPTY : r < 87 ? Q_NEG : Q_HUGE;
        gen_list(&q[i], &rs, kind[i]);
        want[i] = solve(&rs, &q[i]);
        for (int t = 0; t < 3 && kind[i] == Q_HUGE && want[i] < 0; t++) {   /* the huge element elsewhere */
            gen_list(&q[i], &rs, kind[i]);
            want[i] = solve(&rs, &q[i]);
        }
        if (want[i] == -2 || (want[i] == -1 && kind[i] == Q_HUGE)) skipped[kind[i]]++;   /* no answer here to hold the engine to */
    }
    char *wwant = want[0] >= 0 ? winning_text(&rs, &q[0], name) : NULL;   /* the first list's winning moves */
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
        if (!rs.err) table_base++;
    }
    if (verbose) printf("%s", prog.s);
    for (int run = 0; run < 2; run++) {
        int st;
        char *e = NULL;
        char *out = duel_run_capped(prog.s, run ? "memo" : NULL, MAX_STATES, &st, &e);
        char *line[MAXQ + 2];
        int nl = duel_lines(out, line, MAXQ + 2), li = 0;
        const char *how = run ? "memo" : "default";
        bool bad = false;   /* a mismatch reported (else a failed run is reported by its status) */
        for (int i = 0; i < nq; i++) {
            if (want[i] < 0) continue;
            const char *v = li < nl ? strstr(line[li], "\"value\":") : NULL;
            li++;
            long got = v ? atol(v + 8) : -1;
            compared++;
            if (!run) by_kind[kind[i]]++;
            if (got != want[i]) {
                bad = true;
                if (failed++ < 6) {
                    Str bs = { 0 };
                    render_list(&bs, name, rs.list, &q[i]);
                    printf("ruleset %d (%s), %s: engine %ld, rules %d (status %d%s%s)\n", id, how, bs.s, got, want[i], st,
                           e && *e ? ": " : "", e ? e : "");
                    fail_show(prog.s);
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
                if (failed++ < 6) {
                    printf("ruleset %d (%s), query of the first list: sg %s, rules %d\n", id, how, sg ? sg : "(none)", want[0]);
                    fail_show(prog.s);
                }
            }
            if (!run && !rs.err && table) table_count++;
            free(sg);
            char *wgot = engine_winning(li < nl ? line[li] : NULL);   /* the listed winning moves, as a set */
            compared_moves++;
            if ((!wgot || strcmp(wgot, wwant)) && failed++ < 6) {
                bad = true;
                printf("ruleset %d (%s), winning moves of the first list:\nengine:\n%srules:\n%s", id, how, wgot ? wgot : "(none)\n",
                       wwant);
                fail_show(prog.s);
            }
            free(wgot);
        }
        if (st != 0 && !bad && failed++ < 6) {   /* every value right, yet an error */
            printf("ruleset %d (%s): status %d: %s\n", id, how, st, e ? e : "");
            fail_show(prog.s);
        }
        free(out);
        free(e);
    }
    for (int i = 0; i < nq; i++)
        if (want[i] == -1 && kind[i] != Q_HUGE) {
            Str one = { 0 };
            sput(&one, "%sprint sg(", game.s);
            render_list(&one, name, rs.list, &q[i]);
            sput(&one, ");\n");
            char what[64];
            snprintf(what, sizeof what, "ruleset %d, list %d", id, i);
            failed += duel_both_fail(one.s, MAX_STATES, "out of range", what, failed < 6);
            errs_checked += 2;
            free(one.s);
        }
    free(prog.s);
    free(game.s);
    free(wwant);
}

int main(int argc, char **argv)
{
    (void)argv;
    verbose = argc > 1;   /* any argument: print every program run */
    for (int id = 0; id < RULESETS; id++) {
        npool = 0;
        run_ruleset(id);
    }
    bool few = table_count * 2 < table_base;
    printf("lists compared (skipped past the brute force's budget):");
    for (int k = 0; k < NKINDS; k++) printf("%s %ld (%ld) %s", k ? "," : "", by_kind[k], skipped[k], kindname[k]);
    printf("\n%ld out-of-range errors checked; %ld rulesets with a list parameter, %ld variadic with symmetric rules, "
           "%ld of them with canon; %d of %d by the table\n",
           errs_checked, lists_form, symmetric, canons, table_count, table_base);
    printf("int lists duel: %d rulesets, %ld positions compared, %ld winning-move sets, %d by the table, %ld failures\n", RULESETS, compared, compared_moves, table_count,
           failed);
    if (few) printf("FAIL: fewer than half of the rulesets without a planted error were solved by the table strategy\n");
    return failed || few ? 1 : 0;
}
