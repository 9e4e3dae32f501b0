/* dense.c: the table strategy's entry (see dense.h for its parts): each game's compiled form
   once analysed, solving a state or peeking at a cell, reading cells ahead for a sum. */
#include "config.h"
#include "solve/strategies/dense.h"
#include "rules.h"
#include "builtins.h"
#include "arith.h"
#include <stdlib.h>
#include <string.h>

static void *dense_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Dense));
}

static void dense_fini(Solver *s, void *st)
{
    (void)s;
    Dense *d = st;
    for (size_t i = 0; i < d->n; i++)
        if (d->games[i]) dense_free_game(d->games[i]);
    xfree(d->games);
    xfree(d->tried);
    mex_fini(&d->mex);
    xfree(d);
}

/* After an error: positions left in progress go back to unknown; after a limit (cleared) every
   table is dropped, as the store's states are. */
static void dense_recover(Solver *s, void *st, bool cleared)
{
    (void)s;
    Dense *d = st;
    for (size_t i = 0; i < d->n; i++) {
        DenseGame *g = d->games[i];
        if (!g || (!g->val && !g->sparse)) continue;
        if (cleared) {
            dense_drop_table(g);
            cm_free(&g->map);
            g->sparse = false;
            g->solved = 0;
            g->ds.n = 0;
            continue;
        }
        dense_reset_onpath(g);
    }
}

/* Games recognised as integer arithmetic (1 to 6 parameters, moves over ranges leading to
   positions of the same game), at non-negative coordinates; boards of text (DBoard) whose rows
   are a cell. */
static bool dense_applies(Solver *s, void *st, const int64_t *key)
{
    if (key[1] != 0 && (uint64_t)key[1] != POS_ARG_LIST && (uint64_t)key[1] != POS_ARG_STR) return false;   /* integers, or a board */
    if (solve_cyclic(s, KEY_GAME(key))) return false;   /* memo reads the labels a retrograde analysis left */
    DenseGame *g = dense_game_of(st, s->p, (int)KEY_GAME(key));
    int64_t c[DNP];
    return g && dense_cell_of(g, key, c);
}

SolveResult dense_table_solve(Solver *sv, Dense *d, Engine *e, const int64_t *key, Loc loc, uint64_t *sg, bool *terminal);

/* Reading ahead. A query of cell c that the table had not solved, while the cell before it along
   the last coordinate is solved, is most likely one of a scan (sg() over a range, a claim or a
   table over every position): each such query would be a search of its own, with its setup, for
   one cell. So the cells after c along that coordinate are solved too, up to AHEAD_CELLS of them
   inside the table as it is, each by one walk whose options are all solved (as the bottom-up
   fill's), and the scan's next queries find their values. It stops at the first cell with an
   option not solved yet or outside the table (no table growth for cells nobody asked for), at an
   error in the rules' arithmetic (no message: a query of that cell reports it), at the state
   limit, and never runs in a tentative search. Two or more coordinates, dense tables, not sorted
   downwards (a step up the last coordinate would leave the sorted cells). */
#define AHEAD_CELLS 64
static void read_ahead(Solver *sv, Dense *d, Engine *e, DenseGame *g, const int64_t *key, const int64_t *c0, Loc loc)
{
    int last = g->np - 1;
    if (g->np < 2 || g->sparse || g->sort < 0 || e->budget || c0[last] < 1) return;
    int64_t c[DNP] = { 0, 0, 0 };
    memcpy(c, c0, (size_t)g->np * sizeof *c);
    c[last]--;
    if (getv(g, c) >= V_ONPATH) return;   /* the cell before it is not solved: not a scan */
    const uint64_t max = e->p->opt.max_states;
    Walk w;
    dense_walk_init(&w, sv, d, e, g, key, loc);
    w.mode = M_FILL;
    w.ahead = true;
    jmp_buf jb;
    w.ev.spec = &jb;
    volatile uint64_t burn = 0;   /* the walks' work, counted once (it survives a longjmp) */
    if (setjmp(jb) == 0) {
        for (int64_t j = 1; j <= AHEAD_CELLS && g->solved < max; j++) {
            c[last] = c0[last] + j;
            if (!in_table(g, c)) break;
            if (getv(g, c) != V_UNK) continue;
            int f = dense_fill_one(&w, &g->ds, c);
            burn += w.moves + 1;
            if (f <= 0) break;
        }
    }
    w.ev.spec = NULL;
    solve_burn(sv, burn, loc);
}

/* The value of key (the coordinates sorted by a sorting canon; a canon the table evaluates itself
   is not applied here: no answer) when its game is compiled already (the table strategy took a
   position of it before): from its cell, or by a search of the table (no state stored for key;
   a search that declines or meets a cycle leaves key to the usual way, which reports it). */
static bool dense_peek(Solver *s, void *st, const int64_t *key, Loc loc, uint64_t *sg)
{
    Dense *d = st;
    uint32_t gid = KEY_GAME(key);
    if (gid >= d->n || !d->games[gid] || solve_cyclic(s, gid)) return false;   /* analysed games only */
    DenseGame *g = d->games[gid];
    if (g->canon && !g->sort) return false;
    if (!g->board && (key[1] != 0 || KEY_LEN(key) != 2 + (size_t)g->np)) return false;
    int64_t c[DNP] = { 0, 0, 0 };
    if (g->board) {
        if (!dense_cell_of(g, key, c)) return false;
    } else {
        for (int i = 0; i < g->np; i++) c[i] = key[2 + i];
        if (g->sort) sort_coords(g->sort, g->np, c);
        for (int i = 0; i < g->np; i++)
            if (c[i] < 0) return false;
    }
    uint32_t v = getv(g, c);
    if (v == V_UNK && !s->busy) {   /* the search starts from the sorted coordinates, as from a stored key */
        int64_t k[2 + DNP];
        memcpy(k, key, 2 * sizeof *k);
        for (int i = 0; i < g->np; i++) k[2 + i] = c[i];
        bool terminal;
        int game = s->p->run.work_game;
        s->p->run.work_game = (int)gid;   /* for the budgets' messages */
        const int64_t *q = g->board ? key : k;
        bool done = dense_table_solve(s, d, s->store, q, loc, sg, &terminal) == SOLVE_DONE;
        if (done && !g->board) read_ahead(s, d, s->store, g, k, c, loc);
        s->p->run.work_game = game;
        return done;
    }
    if (v >= V_ONPATH) return false;
    *sg = v & V_MASK;
    return true;
}

/* Declines when a position falls outside the table (a negative coordinate, or too many cells). */
static SolveResult dense_solve(Solver *s, void *st, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    uint64_t g;
    bool terminal;
    SolveResult r = dense_table_solve(s, st, s->store, eng_key(s->store, id), loc, &g, &terminal);
    if (r != SOLVE_DONE) return r;
    State *x = &s->store->st[id];
    x->sg = g;
    x->flags = ST_DONE | (terminal ? ST_TERMINAL : 0);
    x->how = solve_how(&strategy_table, 0);
    return SOLVE_DONE;
}

const Strategy strategy_table = {
    .name = "table",
    .id = STRATEGY_TABLE,
    .init = dense_init,
    .fini = dense_fini,
    .recover = dense_recover,
    .applies = dense_applies,
    .solve = dense_solve,
    .peek = dense_peek,
};
