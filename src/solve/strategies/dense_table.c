/* dense_table.c: the table strategy's table and search (dense.h): the cells of a recognised game
   (dense, or a map when mostly empty), the explicit-stack search and the bottom-up fill that
   solve them, and the fast loops over a rule's binders. */
#include "config.h"
#include "solve/strategies/dense.h"
#include "rules.h"
#include "builtins.h"
#include "arith.h"
#include <stdlib.h>
#include <string.h>

/* The table grows to hold a query's position (the box below it, where a search whose moves go
   down stays) up to DENSE_TABLE_CELLS; for the positions a search meets beyond, it stays dense
   while it has at most SPARSE_FROM cells or SPARSE_RATIO cells per position solved or on the
   stack. Past that (a bitmask game, coordinates far apart), or at a negative coordinate, the
   values move to a map (sparse). */
#define SPARSE_FROM ((size_t)1 << 20)
#define SPARSE_RATIO 16

static void to_sparse(DenseGame *g)
{
    cm_init(&g->map, g->np);
    size_t n = dense_table_cells(g);
    int64_t c[DNP] = { 0 };
    for (size_t x = 0; x < n; x++) {   /* c: the coordinates of cell x, the last one fastest */
        uint32_t v = ~g->val[x];
        if (v != V_UNK) cm_set(&g->map, c, v);
        for (int i = ndims(g) - 1; i >= 0 && ++c[i] == (int64_t)g->dim[i]; i--) c[i] = 0;
    }
    dense_drop_table(g);
    g->sparse = true;
}

/* Make room for coordinates c (in the dense table, or by going sparse); root: c is the query's. */
static void ensure(DenseGame *g, const int64_t *c, Program *p, Loc loc, bool root)
{
    if (g->sparse) return;
    if (g->board) {   /* its sizes are constants a box would multiply its cells by: the map keeps them once */
        to_sparse(g);
        return;
    }
    uint64_t max_states = p->opt.max_states;
    size_t cap = DENSE_TABLE_CELLS;
    if (max_states < cap / 4) cap = (size_t)max_states * 4 < 1024 ? 1024 : (size_t)max_states * 4;
    bool grow = false;
    size_t nd[DNP], cells = 1;
    int nd_ = ndims(g);
    for (int i = 0; i < nd_; i++) {
        nd[i] = g->dim[i] ? g->dim[i] : 1;
        if (i < g->np) {
            if (c[i] < 0 || (uint64_t)c[i] >= cap) {
                to_sparse(g);
                return;
            }
            if (!g->dim[i]) nd[i] = (uint64_t)c[i] < 16 ? 16 : (size_t)c[i] + 1;   /* a first table: the query's box */
            while (nd[i] <= (uint64_t)c[i]) nd[i] *= 2;
        }
        if (nd[i] != g->dim[i]) grow = true;
        if (nd[i] > cap / cells) {   /* more cells than the cap (and no overflow) */
            to_sparse(g);
            return;
        }
        cells *= nd[i];
    }
    if (!grow) return;
    if (!root && cells > SPARSE_FROM && cells / SPARSE_RATIO > g->solved + g->ds.n) {
        to_sparse(g);
        return;
    }
    size_t had = g->val ? dense_table_cells(g) : 0;
    prog_memory_need(p, (cells - had) * sizeof *g->val, loc, "the game's table");
    bool inner_same = true;   /* only the outermost dimension grows: the old table is the new one's start */
    for (int i = 1; i < nd_; i++) inner_same &= nd[i] == g->dim[i];
    if (had && inner_same) {   /* its pages move, the new ones are zero (all unknown): no copy */
        g->val = util_remap_zero(g->val, had * sizeof *g->val, cells * sizeof *g->val);
        memcpy(g->dim, nd, (size_t)nd_ * sizeof *nd);
        return;
    }
    uint32_t *v = util_map_zero(cells * sizeof *v);   /* all unknown */
    if (had) {   /* the old table's rows (along the last dimension) into their places */
        size_t row = g->dim[nd_ - 1], rows = had / row;
        for (size_t r = 0; r < rows; r++) {
            size_t at = 0, q = r;
            size_t idx[DNP];
            for (int i = nd_ - 2; i >= 0; i--) {
                idx[i] = q % g->dim[i];
                q /= g->dim[i];
            }
            for (int i = 0; i < nd_ - 1; i++) at = at * nd[i] + idx[i];
            memcpy(v + at * nd[nd_ - 1], g->val + r * row, row * sizeof *v);
        }
    }
    dense_drop_table(g);
    g->val = v;
    memcpy(g->dim, nd, (size_t)nd_ * sizeof *nd);
}

/* Set the cell at c (room made). */
static inline void setv(DenseGame *g, const int64_t *c, uint32_t v, Program *p, Loc loc)
{
    if (!g->sparse && !in_table(g, c)) ensure(g, c, p, loc, false);
    if (g->sparse) cm_set(&g->map, c, v);
    else g->val[cell(g, c)] = ~v;
}

/* More positions solved or waiting than --max-states allows, or than a tentative search's budget
   allows this query (the solver then gives up the search, not the run). */
static inline bool over_limit(const Walk *w, size_t waiting)
{
    const DenseGame *g = w->g;
    return g->solved + waiting > w->e->p->opt.max_states || g->solved - w->solved0 + waiting > w->room;
}

/* Whether the deepest cell of the search shows a runaway recursion: the hint in hint. */
static bool runaway(const Walk *w, char *hint, size_t cap)
{
    const DenseGame *g = w->g;
    if (g->ds.n == 0 || g->np > POS_MAX_ARGS || g->board) return false;
    Value deep[POS_MAX_ARGS];
    for (int i = 0; i < g->np; i++) deep[i] = val_int(g->ds.v[g->ds.n - 1].c[i]);
    return key_runaway(w->e->p, w->key, deep, g->np, hint, cap);
}

/* The memory budget as the search deepens: a poll found it over (program.h, mem_over). */
static void memory_check(const Walk *w)
{
    if (!w->e->p->run.mem_over || w->e->budget) return;
    char hint[400];
    prog_memory_stop(w->e->p, w->loc, runaway(w, hint, sizeof hint) ? hint : NULL);
}

static _Noreturn void state_limit(Walk *w)
{
    char b[200];
    Program *p = w->e->p;
    if (w->e->budget) prog_fail(p, PROG_BUDGET, w->loc, "over the budget of a tentative search");
    key_text(p, w->key, b, sizeof b);
    const DenseGame *g = w->g;
    char hint[400];
    if (runaway(w, hint, sizeof hint))
        prog_fail(p, EXIT_LIMIT, w->loc, "state limit reached while solving %s: more than %llu positions of game '%s' "
                  "(--max-states); %s", b, (unsigned long long)p->opt.max_states, p->code.games[g->gid].name, hint);
    prog_fail(p, EXIT_LIMIT, w->loc,
              "state limit reached while solving %s: more than %llu positions of game '%s' "
              "(raise the limit with --max-states N)", b, (unsigned long long)p->opt.max_states, p->code.games[w->g->gid].name);
}

typedef struct DStack DStack;

/* A cell met again on the search path: the ruleset has a cycle. The walk stops; the solver names
   the position (its key goes to the solver's buffer). */
static bool cycle(Walk *w, const int64_t *c)
{
    if (w->g->board) {   /* no key of integers names it: declined (memo finds the cycle) */
        w->abort = true;
        return false;
    }
    int64_t *key = w->sv->cycle_buf;
    key[0] = (int64_t)((uint64_t)(uint32_t)w->g->gid | ((uint64_t)(2 + w->g->np) << 32));
    key[1] = 0;
    for (int i = 0; i < w->g->np; i++) key[2 + i] = c[i];
    w->sv->cycle = key;
    w->cycled = true;
    w->abort = true;
    return false;
}

#define NOREC ((size_t)-1)
/* Records past this many words are not kept (the cell is walked again instead). */
#define REC_MAX ((size_t)1 << 24)

static void push_cell(DStack *ds, const int64_t *c, int np)
{
    if (ds->n == ds->cap) {
        ds->cap = ds->cap ? ds->cap * 2 : 256;
        ds->v = xrealloc(ds->v, ds->cap * sizeof *ds->v);
    }
    struct DEntry *d = &ds->v[ds->n++];
    memset(d->c, 0, sizeof d->c);   /* the coordinates past np stay 0 (in_table reads three) */
    memcpy(d->c, c, (size_t)np * sizeof *c);
    d->rec = NOREC;
}

/* Record a word of the walked cell's options (w->rec: recording; past REC_MAX it stops and the
   cell's record is lost). */
static inline void rec_put(Walk *w, int64_t x)
{
    DenseGame *g = w->g;
    if (__builtin_expect(g->rn == g->rcap, 0)) {
        if (g->rcap >= REC_MAX) {
            w->rec = false;
            w->rec_lost = true;
            return;
        }
        g->rcap = g->rcap ? 2 * g->rcap : 4096;
        g->rv = xrealloc(g->rv, g->rcap * sizeof *g->rv);
    }
    g->rv[g->rn++] = x;
}


/* One option component c (canonical coordinates): grow the table if needed; push it when it is
   unknown (first enumeration); report a cycle; add a solved value to *acc. False when the table
   declines (c is outside what it may hold). */
static bool settle_result(Walk *w, DStack *ds);

static inline bool visit(Walk *w, DStack *ds, const int64_t *c, uint32_t *acc)
{
    if (__builtin_expect(w->npend && !w->settling, 0) && !settle_result(w, ds)) return false;   /* the options in their order */
    DenseGame *g = w->g;
    if (!g->sparse && !in_table(g, c)) {
        if (w->ahead) {   /* cells nobody asked for yet: no table growth for them */
            w->skip = true;
            return false;
        }
        ensure(g, c, w->e->p, w->loc, false);
    }
    if (g->sparse && w->mode == M_FILL) {   /* the fill works on the dense table only */
        w->skip = true;
        return false;
    }
    uint32_t v = g->sparse ? cm_get(&g->map, c) : ~g->val[cell(g, c)];
    if (v >= V_ONPATH && w->mode == M_FILL) {
        w->skip = true;
        return false;
    }
    if (v == V_UNK) {
        if (w->mode == M_EXPAND) {
            if (over_limit(w, ds->n + 1)) state_limit(w);
            memory_check(w);
            push_cell(ds, c, g->np);
            w->pushed++;
        }
        return true;
    }
    if (v == V_ONPATH) return cycle(w, c);
    *acc ^= v & V_MASK;
    return true;
}

/* The oldest waiting option's components visited, its value into the mex. False to stop the walk. */
static bool settle_one(Walk *w, DStack *ds)
{
    int at = w->phead;
    w->phead = (w->phead + 1) % PEND_DEPTH;
    w->npend--;
    w->settling = true;   /* visit() must not settle the others first */
    uint32_t x = 0;
    bool ok = true;
    for (int i = 0; i < w->pn[at] && ok; i++) ok = visit(w, ds, w->pend[at][i], &x);
    w->settling = false;
    if (!ok) {   /* the walk stops: the others are dropped */
        w->npend = 0;
        return false;
    }
    if (!w->pushed) mex_set(w->mex, x);
    return true;
}

/* Every waiting option, in order. */
static bool settle_result(Walk *w, DStack *ds)
{
    while (w->npend)
        if (!settle_one(w, ds)) return false;
    return true;
}

/* One move's result: its components are in comp[0..n). Returns false to stop the walk. In a
   sparse game (the map) an option waits while the next PEND_DEPTH - 1 come (or until the walk
   ends) and its slots are fetched: a big map's lookups are cache misses, which then overlap the
   code making the next options. Options are visited in their order all the same (a visit by
   another path settles the waiting ones first). */
static bool on_result(Walk *w, DStack *ds, int64_t (*comp)[DNP], int n)
{
    w->moves++;
    uint32_t x = 0;
    if (w->rec) {
        rec_put(w, n);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < w->g->np; k++) rec_put(w, comp[i][k]);
    }
    if (w->g->sparse && w->mode != M_FILL) {
        if (w->npend == PEND_DEPTH && !settle_one(w, ds)) return false;
        int at = (w->phead + w->npend) % PEND_DEPTH;
        memcpy(w->pend[at], comp, (size_t)n * sizeof *comp);
        w->pn[at] = n;
        w->npend++;
        for (int i = 0; i < n; i++) cm_prefetch(&w->g->map, comp[i]);
        return true;
    }
    for (int i = 0; i < n; i++)
        if (!visit(w, ds, comp[i], &x)) return false;
    if (!w->pushed) mex_set(w->mex, x);
    return true;
}

/* Whether every variable of o other than skip is small enough for the affine form. */
static bool vars_small(const Ops *o, const int64_t *vars, int skip)
{
    for (int j = 0; j < o->nterms; j++) {
        int64_t x = vars[o->slot[j]];
        if (o->slot[j] != skip && (x > AFF_VAR_MAX || x < -AFF_VAR_MAX)) return false;
    }
    return true;
}

/* The loop of fast_loop2 for nc components and a sort (1 ascending, -1 descending, 0 none), both
   constants where it is inlined, so that the compiler unrolls the components and keeps the
   coordinates in registers. */
static inline __attribute__((always_inline)) bool loop2(Walk *w, DStack *ds, int64_t *a, int64_t *b, const int64_t *da,
                                                        const int64_t *db, int64_t lo, int64_t hi, const int nc,
                                                        const int sort, const int64_t *xs)
{
    DenseGame *g = w->g;
    size_t d0 = g->dim[0], d1 = g->dim[1];
    const uint32_t *val = g->val;
    Mex *mex = w->mex;
    size_t moves = 0, pushed = w->pushed;
    bool ok = true;
    /* option values below 64 gather in a register (the set's word 0 at the end) */
    uint64_t low = 0;
    bool rec = w->rec;   /* rec_put turns it off when the record is full */
#define MEX_ADD(x)                                           \
    do {                                                     \
        uint32_t x_ = (x);                                   \
        if (x_ < 64) low |= (uint64_t)1 << x_;               \
        else mex_set(mex, x_);                               \
    } while (0)
    /* one component: its coordinates (c0, c1) from (A, B), stepped; its value into acc (a cell
       outside the table, not solved yet or on the path goes through visit()) */
#define LOOP2_COMP(A, B, DA, DB)                                                              \
    do {                                                                                      \
        int64_t c0 = (A), c1 = (B);                                                           \
        (A) += (DA);                                                                          \
        (B) += (DB);                                                                          \
        if (sort) {                                                                           \
            int64_t s0 = c0 < c1 ? c0 : c1, s1 = c0 < c1 ? c1 : c0;                           \
            c0 = sort > 0 ? s0 : s1;                                                          \
            c1 = sort > 0 ? s1 : s0;                                                          \
        }                                                                                     \
        if (rec) {                                                                            \
            rec_put(w, c0);                                                                   \
            rec_put(w, c1);                                                                   \
            rec = w->rec;                                                                     \
        }                                                                                     \
        uint32_t v = V_UNK;                                                                   \
        if ((uint64_t)c0 < d0 && (uint64_t)c1 < d1) v = ~val[(size_t)c0 * d1 + (size_t)c1];   \
        if (__builtin_expect(v >= V_ONPATH, 0)) {                                             \
            int64_t c[DNP] = { c0, c1, 0 };                                                   \
            uint32_t vx = 0;                                                                  \
            w->pushed = pushed;                                                               \
            if (!visit(w, ds, c, &vx)) { pushed = w->pushed; ok = false; goto out; }         \
            pushed = w->pushed;                                                               \
            d0 = g->dim[0];                                                                   \
            d1 = g->dim[1];                                                                   \
            val = g->val;                                                                     \
            acc ^= vx;                                                                        \
        } else                                                                                \
            acc ^= v;                                                                         \
    } while (0)
    if (xs) {   /* the values xs[lo..hi] of a literal set: (a, b) are the coordinates at 0 */
        for (int64_t j = lo; j <= hi; j++) {
            moves++;
            uint32_t acc = 0;
            if (rec) { rec_put(w, nc); rec = w->rec; }
            for (int i = 0; i < nc; i++) {
                int64_t ai = a[i] + da[i] * xs[j], bi = b[i] + db[i] * xs[j];
                LOOP2_COMP(ai, bi, 0, 0);
            }
            if (!pushed) MEX_ADD(acc & V_MASK);
        }
        goto out;
    }
    if (nc == 2) {   /* the common shape, in registers */
        int64_t a0 = a[0], b0 = b[0], a1 = a[1], b1 = b[1];
        for (int64_t x = lo; x <= hi; x++) {
            moves++;
            uint32_t acc = 0;
            if (rec) { rec_put(w, 2); rec = w->rec; }
            LOOP2_COMP(a0, b0, da[0], db[0]);
            LOOP2_COMP(a1, b1, da[1], db[1]);
            if (!pushed) MEX_ADD(acc & V_MASK);
        }
        goto out;
    }
    if (nc == 1) {
        int64_t a0 = a[0], b0 = b[0];
        for (int64_t x = lo; x <= hi; x++) {
            moves++;
            uint32_t acc = 0;
            if (rec) { rec_put(w, 1); rec = w->rec; }
            LOOP2_COMP(a0, b0, da[0], db[0]);
            if (!pushed) MEX_ADD(acc & V_MASK);
        }
        goto out;
    }
    for (int64_t x = lo; x <= hi; x++) {
        moves++;
        uint32_t acc = 0;
        if (rec) { rec_put(w, nc); rec = w->rec; }
        for (int i = 0; i < nc; i++) LOOP2_COMP(a[i], b[i], da[i], db[i]);
        if (!pushed) MEX_ADD(acc & V_MASK);
    }
#undef LOOP2_COMP
#undef MEX_ADD
out:
    mex_set_low(mex, low);
    w->moves += moves;
    w->pushed = pushed;
    return ok;
}

/* fast_loop for two coordinates (the common case), with visit() unrolled for them and the
   usual shapes (one or two components, sorted or not) specialised. */
static bool fast_loop2(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi, const int64_t *xs)
{
    int slot = r->slot[level], nc = r->ncomp;
    int64_t a[MAX_COMPS], b[MAX_COMPS], da[MAX_COMPS], db[MAX_COMPS];
    w->vars[slot] = xs ? 0 : lo;
    for (int i = 0; i < nc; i++) {
        a[i] = eval(&w->ev, &r->arg[i][0], w->vars);
        b[i] = eval(&w->ev, &r->arg[i][1], w->vars);
        da[i] = dense_coef(&r->arg[i][0], slot);
        db[i] = dense_coef(&r->arg[i][1], slot);
    }
    int sort = w->g->sort;
    if (xs) {   /* a literal set: positions xs[lo..hi] of it */
        if (nc == 1 && sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 1, xs);
        if (nc == 1 && sort == 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 0, xs);
        return loop2(w, ds, a, b, da, db, lo, hi, nc, sort, xs);
    }
    if (nc == 2 && sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, 2, 1, NULL);
    if (nc == 1 && sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 1, NULL);
    if (nc == 2 && sort == 0) return loop2(w, ds, a, b, da, db, lo, hi, 2, 0, NULL);
    if (nc == 1 && sort == 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 0, NULL);
    if (sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, nc, 1, NULL);
    if (sort < 0) return loop2(w, ds, a, b, da, db, lo, hi, nc, -1, NULL);
    return loop2(w, ds, a, b, da, db, lo, hi, nc, 0, NULL);
}

/* The innermost binder of a fast rule, x in lo..hi: each argument is affine, so it moves by a
   constant step per iteration. Returns false when the walk must stop. */
static bool fast_loop(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    DenseGame *g = w->g;
    int slot = r->slot[level], np = g->np, nc = r->ncomp;
    int64_t cur[MAX_COMPS][DNP] = { { 0 } }, step[MAX_COMPS][DNP] = { { 0 } };
    w->vars[slot] = lo;
    for (int i = 0; i < nc; i++)
        for (int k = 0; k < np; k++) {
            cur[i][k] = eval(&w->ev, &r->arg[i][k], w->vars);
            step[i][k] = dense_coef(&r->arg[i][k], slot);
        }
    for (int64_t x = lo; x <= hi; x++) {
        w->moves++;
        uint32_t acc = 0;
        if (w->rec) rec_put(w, nc);
        for (int i = 0; i < nc; i++) {
            int64_t c[DNP];
            memcpy(c, cur[i], sizeof c);
            for (int k = 0; k < np; k++) cur[i][k] += step[i][k];
            if (g->sort) sort_coords(g->sort, np, c);
            for (int k = 0; k < np && w->rec; k++) rec_put(w, c[k]);
            if (!g->sparse && in_table(g, c)) {   /* a solved cell read directly */
                uint32_t v = ~g->val[cell(g, c)];
                if (v < V_ONPATH) {
                    acc ^= v & V_MASK;
                    continue;
                }
            }
            if (!visit(w, ds, c, &acc)) return false;
        }
        if (!w->pushed) mex_set(w->mex, acc);
    }
    return true;
}

/* fast_loop for one component of three coordinates (sorted or not): the coordinates stepped in
   registers, the cell read directly; anything unusual (a cell outside the table, not solved, on
   the path) goes through visit(). */
static bool fast_loop3(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    DenseGame *g = w->g;
    int slot = r->slot[level];
    w->vars[slot] = lo;
    int64_t a = eval(&w->ev, &r->arg[0][0], w->vars), b = eval(&w->ev, &r->arg[0][1], w->vars),
            c = eval(&w->ev, &r->arg[0][2], w->vars);
    int64_t da = dense_coef(&r->arg[0][0], slot), db = dense_coef(&r->arg[0][1], slot), dc = dense_coef(&r->arg[0][2], slot);
    int sort = g->sort;
    size_t d0 = g->dim[0], d1 = g->dim[1], d2 = g->dim[2];
    size_t moves = 0;
    bool ok = true;
    for (int64_t x = lo; x <= hi; x++) {
        moves++;
        int64_t k[DNP] = { a, b, c };
        a += da;
        b += db;
        c += dc;
        if (sort > 0) {
            int64_t t;
            if (k[0] > k[1]) { t = k[0]; k[0] = k[1]; k[1] = t; }
            if (k[1] > k[2]) { t = k[1]; k[1] = k[2]; k[2] = t; }
            if (k[0] > k[1]) { t = k[0]; k[0] = k[1]; k[1] = t; }
        } else if (sort)
            sort_coords(sort, 3, k);
        if (w->rec) {
            rec_put(w, 1);
            rec_put(w, k[0]);
            rec_put(w, k[1]);
            rec_put(w, k[2]);
        }
        uint32_t v = V_UNK;
        if ((uint64_t)k[0] < d0 && (uint64_t)k[1] < d1 && (uint64_t)k[2] < d2) v = ~g->val[((size_t)k[0] * d1 + (size_t)k[1]) * d2 + (size_t)k[2]];
        if (__builtin_expect(v >= V_ONPATH, 0)) {   /* the general path (it may grow the table) */
            uint32_t acc = 0;
            w->moves += moves;
            moves = 0;
            if (!visit(w, ds, k, &acc)) { ok = false; break; }
            d0 = g->dim[0];
            d1 = g->dim[1];
            d2 = g->dim[2];
            if (!w->pushed) mex_set(w->mex, acc);
            continue;
        }
        if (!w->pushed) mex_set(w->mex, v & V_MASK);
    }
    w->moves += moves;
    return ok;
}

/* The bounds the hoisted guards of r put on its innermost binder (vars: the other variables):
   false when a variable is beyond a form's vmax (the guards are then evaluated per value). */
static bool hoist_bounds(const DRule *r, const int64_t *vars, int64_t *lo, int64_t *hi)
{
    int slot = r->slot[r->nb - 1];
    for (int i = 0; i < r->nhoist; i++) {
        const Ops *o = &r->cl[i].e;
        int64_t rest = o->c, kb = 0;
        for (int j = 0; j < o->nterms; j++) {
            if (o->slot[j] == slot) {
                kb = o->k[j];
                continue;
            }
            int64_t x = vars[o->slot[j]];
            if (x > o->vmax || x < -o->vmax) return false;
            rest += o->k[j] * x;   /* cannot overflow: see vmax */
        }
        /* kb * k + rest <= 0: k <= -rest (kb 1), or k >= rest (kb -1) */
        if (kb == 1 && -rest < *hi) *hi = -rest;
        if (kb == -1 && rest > *lo) *lo = rest;
    }
    return true;
}

/* The innermost binder of r over lo..hi by the stepping loops (fast_loop*), when no clause is
   left to evaluate and the arguments' variables are small enough: the walk's result (1 go on, 0
   stop), or -1 when it must go the general way. */
static int fast_range(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    if ((w->g->canon && !w->g->sort) || lo < -AFF_VAR_MAX || hi > AFF_VAR_MAX) return -1;
    for (int i = 0; i < r->ncomp; i++)
        for (int k = 0; k < w->g->np; k++)
            if (!vars_small(&r->arg[i][k], w->vars, r->slot[level])) return -1;
    if (lo > hi) return 1;
    if (w->g->np == 2) return fast_loop2(w, ds, r, level, lo, hi, NULL);
    if (w->g->np == 3 && r->ncomp == 1) return fast_loop3(w, ds, r, level, lo, hi);
    return fast_loop(w, ds, r, level, lo, hi);
}

/* The values set[i..j] of the innermost binder (ascending) by the stepping loops: as fast_range. */
static int fast_set(Walk *w, DStack *ds, const DRule *r, int level, int i, int j)
{
    const int64_t *xs = r->set[level];
    if (w->g->np != 2 || (w->g->canon && !w->g->sort) || xs[i] < -AFF_VAR_MAX || xs[j] > AFF_VAR_MAX) return -1;
    for (int c = 0; c < r->ncomp; c++)
        for (int k = 0; k < 2; k++)
            if (!vars_small(&r->arg[c][k], w->vars, r->slot[level])) return -1;
    return fast_loop2(w, ds, r, level, i, j, xs);
}

/* Binder values of the general loop between two counts of its steps. */
#define BINDER_BURN 4096

/* The clauses from w->from_clause on with the binders' values set: lets assigned; false when a
   guard fails. */
static inline bool clauses(Walk *w, const DRule *r)
{
    for (int i = w->from_clause; i < r->ncl; i++) {
        int64_t v = eval(&w->ev, &r->cl[i].e, w->vars);
        if (r->cl[i].let) w->vars[r->cl[i].slot] = v;
        else if (!v) return false;
    }
    return true;
}

/* The move's result once its clauses passed: as binders. */
static bool result(Walk *w, DStack *ds, const DRule *r)
{
    const EvalCtx *p = &w->ev;
    if (w->g->np == 1 && !w->g->canon) {   /* one coordinate: the cells read directly */
        DenseGame *g = w->g;
        uint32_t acc = 0;
        w->moves++;
        if (w->rec) rec_put(w, r->ncomp);
        for (int i = 0; i < r->ncomp; i++) {
            int64_t c0 = eval(p, &r->arg[i][0], w->vars);
            if (w->rec) rec_put(w, c0);
            if ((uint64_t)c0 < g->dim[0]) {
                uint32_t v = ~g->val[c0];
                if (v < V_ONPATH) {
                    acc ^= v;
                    continue;
                }
            }
            int64_t c[DNP] = { c0, 0, 0 };
            uint32_t x = 0;
            if (!visit(w, ds, c, &x)) return false;
            acc ^= x;
        }
        if (!w->pushed) mex_set(w->mex, acc & V_MASK);
        return true;
    }
    int64_t comp[MAX_COMPS][DNP];
    for (int i = 0; i < r->ncomp; i++) {
        int64_t *c = comp[i];   /* in place: a copy read back as a whole stalls on the stores just made */
        for (int k = 0; k < DNP; k++) c[k] = k < w->g->np ? eval(p, &r->arg[i][k], w->vars) : 0;
        if (w->g->sort) {
            sort_coords(w->g->sort, w->g->np, c);
        } else if (w->g->board && w->g->board->sort) {   /* a list's sort */
            c[BD_M] = dense_sort_cells(c[BD_M], c[BD_C], c[BD_R]);
        } else if (w->g->canon) {   /* canon reads the child's own parameters */
            int64_t saved[DNP];
            for (int k = 0; k < w->g->np; k++) { saved[k] = w->vars[k]; w->vars[k] = c[k]; }
            /* a list's canon made by a comprehension writes its binder's slots, which a rule's
               binder may share (the canon is an item of its own): kept */
            const LMap *cl = w->g->canon_arg[BD_M].lmap;
            int64_t ks = cl ? w->vars[cl->slot] : 0, kl = cl ? w->vars[cl->len] : 0;
            int64_t cc[DNP] = { 0, 0, 0 };
            for (int k = 0; k < w->g->np; k++) cc[k] = eval(p, &w->g->canon_arg[k], w->vars);
            for (int k = 0; k < w->g->np; k++) { w->vars[k] = saved[k]; c[k] = cc[k]; }
            if (cl) { w->vars[cl->slot] = ks; w->vars[cl->len] = kl; }
        }
    }
    return on_result(w, ds, comp, r->ncomp);
}

/* A BK_CELL guard (SH_CELL, its column the binder i plus cco) for the values i in pass at once:
   bit i of *eq is whether cell (row, i + cco) holds the character. False when the row or a column
   is out of range (the guard then goes value by value, and the error comes at its value). */
static bool cell_word(const int64_t *vars, const Ops *o, uint64_t pass, uint64_t *eq)
{
    int64_t ri = o->cro, nc = vars[BD_C];
    if (o->cr >= 0 && __builtin_add_overflow(ri, vars[o->cr], &ri)) return false;
    int64_t first, last;
    if (__builtin_add_overflow((int64_t)__builtin_ctzll(pass), o->cco, &first) ||
        __builtin_add_overflow((int64_t)(63 - __builtin_clzll(pass)), o->cco, &last))
        return false;
    if ((uint64_t)ri >= (uint64_t)vars[BD_R] || first < 0 || last >= nc) return false;
    int bits = o->cbits;
    uint64_t row = (uint64_t)vars[BD_M] >> (ri * nc * bits), e = 0;
    if (bits == 1) {
        e = o->sc ? row : ~row;
    } else {
        uint64_t cm = ((uint64_t)1 << bits) - 1;
        for (int64_t j = 0; j < nc; j++) e |= (uint64_t)(((row >> (j * bits)) & cm) == (uint64_t)o->sc) << j;
    }
    *eq = o->cco >= 0 ? e >> o->cco : e << -o->cco;
    return true;
}

/* The innermost binder over lo..hi (0 <= lo <= hi <= 63) when the clauses from w->from_clause on start
   with guards of a bit kind: those are read for every value at once (a word of the values that
   pass), the values that pass all of them go on in order through the other clauses and the
   result. */
static bool bit_loop(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    uint64_t pass = (hi == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1) & ~(((uint64_t)1 << lo) - 1);
    int j = w->from_clause;
    for (; j < r->ncl && r->cl[j].bk && pass; j++) {
        const DClause *cl = &r->cl[j];
        if (cl->bk == BK_BINDER) {
            pass &= cl->bmask;
            continue;
        }
        if (cl->bk == BK_CELL) {
            uint64_t eq;
            if (!cell_word(w->vars, &cl->e, pass, &eq)) break;
            pass &= cl->e.scmp == MO_EQ ? eq : ~eq;
            continue;
        }
        /* bit b of (x >> i) is bit i of (x >> b), both arithmetic shifts, for i, b in 0..63; so is
           bit i + b of x while K << i keeps every bit (else the clause goes value by value, and
           the shift's error comes at its value) */
        int64_t k = cl->e.sk;
        if (cl->e.shape == SH_SHL_OP && (k <= 0 || 64 - __builtin_clzll((uint64_t)k) + hi > 63)) break;
        int64_t x = w->vars[cl->e.sx];
        uint64_t any = 0;
        for (uint64_t b = (uint64_t)k; b; b &= b - 1) any |= (uint64_t)(x >> __builtin_ctzll(b));
        pass &= cl->bk == BK_ZERO ? ~any : any;
    }
    int from = w->from_clause;
    w->from_clause = j;
    for (; pass; pass &= pass - 1) {
        w->vars[r->slot[level]] = __builtin_ctzll(pass);
        if (clauses(w, r) && !result(w, ds, r)) {
            w->from_clause = from;
            return false;
        }
    }
    w->from_clause = from;
    return true;
}

static bool binders(Walk *w, DStack *ds, const DRule *r, int level);

/* The innermost binder's loop-invariant clauses: the leading run from w->from_clause on of
   clauses that do not read the binder (inv), evaluated once before a loop over values that is
   not empty, as they would be at its first value (lets assigned); false when a guard fails (the
   loop has no moves). w->from_clause moves past them. */
static bool invariants(Walk *w, const DRule *r)
{
    int i = w->from_clause;
    for (; i < r->ncl && r->cl[i].inv; i++) {
        int64_t v = eval(&w->ev, &r->cl[i].e, w->vars);
        if (r->cl[i].let) w->vars[r->cl[i].slot] = v;
        else if (!v) return false;
    }
    w->from_clause = i;
    return true;
}

/* The values set[i..j] (within the hoisted bounds, not empty) of the binder at level. */
static bool set_loop(Walk *w, DStack *ds, const DRule *r, int level, int i, int j)
{
    bool fast = level == r->nb - 1 && r->args_affine && w->from_clause == r->ncl;
    if (fast) {   /* the values at once */
        int f = fast_set(w, ds, r, level, i, j);
        if (f >= 0) return f;
    }
    for (int k = i; k <= j; k++) {
        int64_t x = r->set[level][k];
        int f = fast ? fast_range(w, ds, r, level, x, x) : -1;
        if (f >= 0) {
            if (!f) return false;
            continue;
        }
        w->vars[r->slot[level]] = x;
        if (!binders(w, ds, r, level + 1)) return false;
    }
    return true;
}

/* The values lo..hi (not empty) of the binder at level. */
static bool range_loop(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    bool last = level == r->nb - 1;
    if (last && r->args_affine && w->from_clause == r->ncl) {   /* no clause left: the stepping loops */
        int f = fast_range(w, ds, r, level, lo, hi);
        if (f >= 0) return f;
    }
    if (last && lo >= 0 && hi <= 63 && w->from_clause < r->ncl && r->cl[w->from_clause].bk)
        return bit_loop(w, ds, r, level, lo, hi);
    for (int64_t x = lo; x <= hi; x++) {
        w->vars[r->slot[level]] = x;
        if (last ? clauses(w, r) && !result(w, ds, r) : !binders(w, ds, r, level + 1)) return false;
        /* binder values whose guards fail are no moves: counted here, so that a loop over
           10^12 values meets --max-steps, the clock and interrupts */
        if (((uint64_t)x - (uint64_t)lo) % BINDER_BURN == BINDER_BURN - 1) solve_burn(w->sv, BINDER_BURN, w->loc);
        if (x == INT64_MAX) break;
    }
    return true;
}

/* A stencil rule's options when every one of them is in the table and solved, with a value below
   64: their values into the mex and true. False, with nothing changed but bits the rule's usual
   walk sets all the same: that walk decides (an option outside the table, unknown or on the path;
   coordinates too big for the affine forms; a cell whose options are being recorded). */
static inline bool stencil(Walk *w, const DRule *r)
{
    const DenseGame *g = w->g;
    int64_t *vars = w->vars;
    if (w->rec || g->sparse || vars[0] > AFF_VAR_MAX || vars[0] < -AFF_VAR_MAX || vars[1] > AFF_VAR_MAX ||
        vars[1] < -AFF_VAR_MAX)
        return false;
    int64_t lo = INT64_MIN, hi = INT64_MAX, ca = vars[0], cb = vars[1];
    for (int i = 0; i < r->nhoist; i++) {   /* as hoist_bounds */
        if ((r->ha[i] && (ca > r->hv[i] || ca < -r->hv[i])) || (r->hb[i] && (cb > r->hv[i] || cb < -r->hv[i])))
            return false;
        int64_t rest = r->hc[i] + r->ha[i] * ca + r->hb[i] * cb;
        if (r->hk[i] == 1 && -rest < hi) hi = -rest;
        if (r->hk[i] == -1 && rest > lo) lo = rest;
    }
    vars[r->slot[0]] = 0;
    int64_t a = eval(&w->ev, &r->arg[0][0], vars), b = eval(&w->ev, &r->arg[0][1], vars);
    const int64_t *xs = r->set[0];
    const uint32_t *val = g->val;
    size_t d0 = g->dim[0], d1 = g->dim[1], moves = 0;
    uint64_t low = 0;
    for (int i = 0, n = r->nset[0]; i < n; i++) {
        int64_t x = xs[i];
        if (x < lo) continue;
        if (x > hi) break;
        int64_t c0 = a + r->sda * x, c1 = b + r->sdb * x;
        if ((uint64_t)c0 >= d0 || (uint64_t)c1 >= d1) return false;
        uint32_t v = ~val[(size_t)c0 * d1 + (size_t)c1];
        if (v >= V_ONPATH || (v & V_MASK) >= 64) return false;
        low |= (uint64_t)1 << (v & V_MASK);
        moves++;
    }
    mex_set_low(w->mex, low);
    w->moves += moves;
    return true;
}

/* The binders from level on, then the clauses and the result. At the innermost binder its
   hoisted guards become bounds [blo, bhi] when they can be worked out, and its loop-invariant
   clauses are evaluated once; with no clause left and affine arguments its values go through the
   stepping loops. A stencil rule reads its cells directly first (stencil). */
static bool binders(Walk *w, DStack *ds, const DRule *r, int level)
{
    if (level == 0 && r->sten && stencil(w, r)) return true;
    if (level == r->nb) return !clauses(w, r) || result(w, ds, r);
    bool last = level == r->nb - 1;
    int64_t blo = INT64_MIN, bhi = INT64_MAX;
    bool hoisted = last && r->nhoist && hoist_bounds(r, w->vars, &blo, &bhi);
    int from = w->from_clause;
    if (hoisted) w->from_clause = r->nhoist;
    bool ok = true;
    if (r->set[level]) {
        int i = 0, j = r->nset[level] - 1;
        while (i <= j && r->set[level][i] < blo) i++;
        while (j >= i && r->set[level][j] > bhi) j--;
        if (i <= j && (!last || invariants(w, r))) ok = set_loop(w, ds, r, level, i, j);
    } else {
        int64_t lo = eval(&w->ev, &r->lo[level], w->vars), hi = eval(&w->ev, &r->hi[level], w->vars);
        if (blo > lo) lo = blo;
        if (bhi < hi) hi = bhi;
        if (lo <= hi && (!last || invariants(w, r))) ok = range_loop(w, ds, r, level, lo, hi);
    }
    w->from_clause = from;
    return ok;
}

/* Enumerate the moves of position c in the given mode. */
static void walk(Walk *w, DStack *ds, const int64_t *c)
{
    for (int k = 0; k < w->g->np; k++) w->vars[k] = c[k];
    w->pushed = 0;
    w->moves = 0;
    w->abort = false;
    w->from_clause = 0;   /* a walk the fill's error cut short may have left it set */
    w->npend = w->phead = 0;
    w->settling = false;
    bool ok = true;
    for (int i = 0; i < w->g->nrules && ok; i++) ok = binders(w, ds, &w->g->rules[i], 0);
    if (ok) settle_result(w, ds);   /* the last options */
    w->npend = 0;
}

/* The bottom-up fill of a one-parameter game whose search went deep (FILL_DEPTH cells on the
   stack, covering at least 1 / FILL_SPARSE of their range): every unknown cell from 0 up to the
   largest on the stack, in increasing order, each by one walk whose options are all solved (a
   cell with an option not solved yet, a move upwards for one, stays for the search; a cell the
   search has expanded is solved all the same, and the search pops it when it is on top). A chain of
   moves downwards then costs one walk per cell and no stack, where the search walks each cell
   twice and stacks them all. An error in the code (an overflow, a division by zero) ends the fill
   without a message: the search reports it if it meets it; so does the state limit. */
#define FILL_DEPTH 256
#define FILL_SPARSE 64

/* An affine form of the coordinate alone at n (|n| within the form's vmax). */
static inline int64_t flat_eval(const Ops *o, int64_t n)
{
    int64_t r = o->c;
    for (int j = 0; j < o->nterms; j++) r += o->k[j] * n;
    if (!o->cmp) return r;
    return o->cmp == MO_LE ? r <= 0 : (o->cmp == MO_EQ) == (r == 0);
}

/* Cell n of a flat game (g->flat_max) read directly: 1 and *val when every option is solved and
   every value below 64; 0 when an option is not solved yet (the cell stays for the search); -1
   for the general walk (an option outside the table, a value of 64 or more). */
static int fill_flat(const DenseGame *g, int64_t n, uint32_t *val, uint64_t *moves)
{
    uint64_t seen = 0, nm = 0;
    for (int i = 0; i < g->nrules; i++) {
        const DRule *r = &g->rules[i];
        bool ok = true;
        for (int j = 0; j < r->ncl && ok; j++) ok = flat_eval(&r->cl[j].e, n) != 0;
        if (!ok) continue;
        nm++;
        uint32_t x = 0;
        for (int j = 0; j < r->ncomp; j++) {
            int64_t c = flat_eval(&r->arg[j][0], n);
            if ((uint64_t)c >= g->dim[0]) return -1;
            uint32_t v = ~g->val[c];
            if (v >= V_ONPATH) return 0;
            x ^= v & V_MASK;
        }
        if (x >= 64) return -1;
        seen |= (uint64_t)1 << x;
    }
    *val = (uint32_t)__builtin_ctzll(~seen) | (nm ? 0 : V_TERM);
    *moves = nm;
    return 1;
}

/* fill_flat for cell n, its value stored when known; false: the general walk is needed. */
static bool fill_flat_cell(Walk *w, DenseGame *g, int64_t n, Loc loc)
{
    uint32_t v = 0;
    uint64_t moves = 0;
    int f = fill_flat(g, n, &v, &moves);
    if (f < 0) return false;
    solve_burn(w->sv, moves + 1, loc);
    if (f) {
        g->val[n] = ~v;
        g->solved++;
    }
    return true;
}

/* (dense.h) */
int dense_fill_one(Walk *w, DStack *ds, const int64_t *c)
{
    DenseGame *g = w->g;
    mex_clear(w->mex);
    w->skip = false;
    walk(w, ds, c);
    if (w->skip) return 0;
    uint64_t m = mex_value(w->mex);
    if (m >= V_MASK || g->sparse) return -1;
    setv(g, c, (uint32_t)m | (w->moves ? 0 : V_TERM), w->e->p, w->loc);
    g->solved++;
    return 1;
}

static void fill_cells(Walk *w, DStack *ds, int64_t top, Loc loc)
{
    DenseGame *g = w->g;
    const uint64_t max = w->e->p->opt.max_states;
    jmp_buf jb;
    w->ev.spec = &jb;
    w->mode = M_FILL;
    if (setjmp(jb) == 0) {
        uint64_t burn = 0;   /* the subtraction loop's work, counted in batches */
        for (int64_t k = 0; k < top && g->solved < max && !g->sparse; k++) {
            if (~g->val[k] < V_ONPATH) continue;   /* a cell on the search path may be filled too */
            if (g->nsub && k >= g->sub_from && k <= g->flat_max) {   /* mex of v(k - d), every d */
                uint64_t seen = 0;
                int i = 0;
                for (; i < g->nsub; i++) {
                    uint32_t v = ~g->val[k - g->sub[i]];
                    if (v >= V_ONPATH || (v & V_MASK) >= 64) break;
                    seen |= (uint64_t)1 << (v & V_MASK);
                }
                if (i == g->nsub) {
                    g->val[k] = ~(uint32_t)__builtin_ctzll(~seen);
                    g->solved++;
                    if ((burn += (uint64_t)g->nsub + 1) >= 4096) {
                        solve_burn(w->sv, burn, loc);
                        burn = 0;
                    }
                    continue;
                }
            }
            if (g->flat_max > 0 && k <= g->flat_max && fill_flat_cell(w, g, k, loc)) continue;
            int64_t c[DNP] = { k, 0, 0 };
            int f = dense_fill_one(w, ds, c);
            solve_burn(w->sv, w->moves + 1, loc);
            if (f < 0) break;
            if (f) prog_poll(w->e->p, loc);
        }
        if (burn) solve_burn(w->sv, burn, loc);
    }
    w->ev.spec = NULL;
}

static void fill(Walk *w, DStack *ds, Loc loc)
{
    int64_t lo = INT64_MAX, hi = 0;
    for (size_t i = 0; i < ds->n; i++) {
        if (ds->v[i].c[0] > hi) hi = ds->v[i].c[0];
        if (ds->v[i].c[0] < lo) lo = ds->v[i].c[0];
    }
    if ((uint64_t)(hi - lo) <= (uint64_t)FILL_SPARSE * ds->n && !w->g->sparse) fill_cells(w, ds, hi, loc);
}

/* The value of a cell from its options recorded on its first walk (all solved by now): the mex
   and w->moves. False (nothing changed but the mex) when an option is not solved after all. */
static bool from_record(Walk *w, size_t from)
{
    DenseGame *g = w->g;
    int np = g->np;
    size_t moves = 0;
    for (size_t i = from; i < g->rn; moves++) {
        int64_t k = g->rv[i++];
        uint32_t acc = 0;
        for (int64_t j = 0; j < k; j++, i += (size_t)np) {
            int64_t c[DNP] = { 0, 0, 0 };
            for (int q = 0; q < np; q++) c[q] = g->rv[i + (size_t)q];
            uint32_t v = getv(g, c);
            if (v >= V_ONPATH) return false;
            acc ^= v;
        }
        mex_set(w->mex, acc & V_MASK);
    }
    w->moves = moves;
    return true;
}

/* The search from root (unknown): false when it stopped (w->abort: outside the table, or a
   cycle). The stack is the game's own (g->ds), so an error or a decline unwinding from inside
   leaves it owned. */
static bool search(Walk *w, const int64_t *root)
{
    DenseGame *g = w->g;
    Engine *e = w->e;
    DStack *ds = &g->ds;
    bool filled = g->np != 1;
    ds->n = 0;
    push_cell(ds, root, g->np);
    while (ds->n) {
        if (ds->n >= FILL_DEPTH && !filled) {
            filled = true;
            fill(w, ds, w->loc);
        }
        int64_t c[DNP];
        memcpy(c, ds->v[ds->n - 1].c, sizeof c);
        uint32_t v = getv(g, c);
        if (v != V_UNK && v != V_ONPATH) {   /* solved meanwhile (by the fill): its record goes too */
            if (ds->v[ds->n - 1].rec != NOREC) g->rn = ds->v[ds->n - 1].rec;
            ds->n--;
            continue;
        }
        mex_clear(w->mex);
        size_t n0 = ds->n, own = ds->v[n0 - 1].rec;
        size_t from = v == V_ONPATH && own != NOREC ? own : g->rn;   /* where this cell's record starts */
        if (v == V_ONPATH && own != NOREC && from_record(w, own)) {
            g->rn = own;   /* its options' values from the record: no second walk */
        } else {
            mex_clear(w->mex);
            w->mode = v == V_UNK ? M_EXPAND : M_MEX;
            /* the query's own cell is not recorded: when every option is solved already (one
               sg() after another along a loop) the record would be thrown away at once, and
               otherwise one second walk is all it costs */
            bool recording = v == V_UNK && g->record && ds->n > 1;
            w->rec = recording;
            w->rec_lost = false;
            setv(g, c, V_ONPATH, e->p, w->loc);
            walk(w, ds, c);
            w->rec = false;
            solve_burn(w->sv, w->moves + 1, w->loc);
            if (w->abort) return false;
            if (w->pushed) {   /* options first; the cell is finished when it is on top again */
                ds->v[n0 - 1].rec = recording && !w->rec_lost ? from : NOREC;
                if (ds->v[n0 - 1].rec == NOREC) g->rn = from;
                continue;
            }
            g->rn = from;
        }
        ds->n = n0 - 1;
        uint64_t m = mex_value(w->mex);
        if (m >= V_MASK) prog_fail(e->p, EXIT_LIMIT, w->loc, "SG value too large");
        setv(g, c, (uint32_t)m | (w->moves ? 0 : V_TERM), e->p, w->loc);
        g->solved++;
        if (over_limit(w, 0)) state_limit(w);
    }
    return true;
}

/* Positions left half-done go back to unknown. */
void dense_reset_onpath(DenseGame *g)
{
    for (size_t i = 0, n = g->val ? dense_table_cells(g) : 0; i < n; i++)
        if (~g->val[i] == V_ONPATH) g->val[i] = ~V_UNK;
    g->rn = 0;
    if (g->sparse) cm_replace(&g->map, V_ONPATH, V_UNK);
    g->ds.n = 0;
}

/* The search with its decline: an integer beyond 64 bits in the rules' arithmetic (the language's
   integers have any size) makes the table decline, and memo answers with exact integers. */
static bool search_or_decline(Walk *w, const int64_t *root)
{
    jmp_buf jb;
    w->ev.decline = &jb;
    if (setjmp(jb)) {
        w->ev.decline = NULL;
        w->abort = true;
        w->cycled = false;
        return false;
    }
    bool ok = search(w, root);
    w->ev.decline = NULL;
    return ok;
}

/* A walk of game g for the query key. */
void dense_walk_init(Walk *w, Solver *sv, Dense *d, Engine *e, DenseGame *g, const int64_t *key, Loc loc)
{
    memset(w, 0, offsetof(Walk, pn));   /* not the waiting options (1.5 KB): each is written before it is read */
    w->sv = sv;
    w->e = e;
    w->mex = &d->mex;
    w->g = g;
    w->loc = loc;
    w->vars = g->vars;
    w->ev = (EvalCtx){ e->p, NULL, NULL, NULL, NULL };
    w->key = key;
    w->solved0 = g->solved;
    w->room = e->budget ? e->budget - (e->budget < e->n ? e->budget : e->n) : SIZE_MAX;
}

SolveResult dense_table_solve(Solver *sv, Dense *d, Engine *e, const int64_t *key, Loc loc, uint64_t *sg, bool *terminal)
{
    DenseGame *g = dense_game_of(d, e->p, (int)KEY_GAME(key));
    int64_t root[DNP] = { 0, 0, 0 };
    if (!g || !dense_cell_of(g, key, root)) return SOLVE_DECLINE;
    if (!g->sparse && !in_table(g, root)) ensure(g, root, e->p, loc, true);
    uint32_t v = getv(g, root);
    if (v == V_UNK) {
        Walk w;
        dense_walk_init(&w, sv, d, e, g, key, loc);
        if (!search_or_decline(&w, root)) {
            dense_reset_onpath(g);
            return w.cycled ? SOLVE_CYCLE : SOLVE_DECLINE;
        }
        v = getv(g, root);
    }
    *sg = v & V_MASK;
    *terminal = (v & V_TERM) != 0;
    return SOLVE_DONE;
}
