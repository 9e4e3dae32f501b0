/* tokens.c: the token strategy: the standard library's Token(G, v), a token on a digraph given as
   a value, answered from the graph itself instead of its rules. Per graph, on first use: the
   outcome of every vertex by retrograde breadth-first search (Smith's remoteness: the lecture's
   algorithm, one pass); the generalized SG values (loopy.h) only when a value is needed (a sum,
   sg(), a lone query's value, a defence), since they take a pass per value. */
#include "config.h"
#include "graph.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/loopy.h"
#include "solve/core/nimber.h"
#include <stdlib.h>
#include <string.h>

typedef struct TokGraph {
    LoopyGraph lg;          /* the graph's own arrays (repeated arcs and all) */
    uint32_t *remote;       /* remoteness of every vertex (LOOPY_DRAW: a draw) */
    bool labelled;
    LoopyLabels l;          /* γ, counters and K sets, once labelled */
} TokGraph;

typedef struct Tokens {
    int game;               /* the standard library's Token, once loaded (-1: not yet) */
    TokGraph **g;           /* per graph id */
    size_t ng;
} Tokens;

static void *tok_init(Solver *s)
{
    (void)s;
    Tokens *t = xcalloc(1, sizeof *t);
    t->game = -1;
    return t;
}

static void tok_free_graph(TokGraph *tg)
{
    if (!tg) return;
    xfree(tg->remote);
    loopy_labels_fini(&tg->l);
    xfree(tg);
}

static void tok_fini(Solver *s, void *st)
{
    (void)s;
    Tokens *t = st;
    for (size_t i = 0; i < t->ng; i++) tok_free_graph(t->g[i]);
    xfree(t->g);
    xfree(t);
}

static bool tok_applies(Solver *s, void *st, const int64_t *key)
{
    Tokens *t = st;
    if (t->game < 0) t->game = prog_stdlib_game(s->p, "Token");   /* -1 until the library's Token is loaded */
    return t->game >= 0 && (int)KEY_GAME(key) == t->game && ((uint64_t)key[1] & 3) == POS_ARG_STR &&
           ((uint64_t)key[2] & KEY_GRAPH_BIT);
}

/* The graph's data, built on first use: the outcome of every vertex; with need_sg the values too
   (with --jobs > 1 the two passes side by side). */
static TokGraph *tok_graph(Solver *s, Tokens *t, const Graph *g, Loc loc, bool need_sg)
{
    if (g->id >= t->ng) {
        size_t n = s->p->code.ngraphs;
        t->g = xrealloc(t->g, n * sizeof *t->g);
        memset(t->g + t->ng, 0, (n - t->ng) * sizeof *t->g);
        t->ng = n;
    }
    if (t->g[g->id]) return t->g[g->id];
    if (!g->directed)
        prog_fail(s->p, EXIT_COMPILE, loc, "Token moves along the arcs of a digraph, not the edges of a graph "
                  "(undirected: make each edge two arcs)");
    TokGraph *tg = xcalloc(1, sizeof *tg);
    g = graph_adjacency(g);   /* (here, before a solver thread reads the arrays) */
    tg->lg = (LoopyGraph){ g->n, g->off, g->adj, g->poff, g->padj };   /* the graph's own arrays */
    if (need_sg && solve_threads(s)) {
        solve_burn(s, 5 * ((uint64_t)g->n + g->m), loc);   /* as the two passes one after the other */
        loopy_label(&tg->lg, &tg->l, true);
        tg->remote = tg->l.remote;   /* the graph's own (freed once) */
        tg->l.remote = NULL;
        tg->labelled = true;
    } else {
        tg->remote = xmalloc((g->n ? g->n : 1) * sizeof *tg->remote);
        loopy_label_remote(&tg->lg, tg->remote);
        solve_burn(s, g->n + g->m, loc);
    }
    t->g[g->id] = tg;
    return tg;
}

static void tok_label(Solver *s, TokGraph *tg, Loc loc)
{
    if (tg->labelled) return;
    solve_burn(s, 4 * ((uint64_t)tg->lg.n + tg->lg.off[tg->lg.n]), loc);   /* a few passes at least */
    loopy_label_gamma(&tg->lg, &tg->l);
    tg->labelled = true;
}

/* The graph and vertex of a Token key. */
static const Graph *tok_args(Solver *s, const int64_t *key, uint32_t *v)
{
    Value args[2];
    key_decode(s->p, key, args);
    const Graph *g = args[0].u.g;
    int64_t i = graph_vertex(g, &args[1]);
    *v = (uint32_t)i;
    return i < 0 ? NULL : g;
}

static GameValue tok_value(Solver *s, TokGraph *tg, uint32_t v)
{
    if (tg->l.gamma[v] != LOOPY_INF) return gv_loopy(tg->l.gamma[v], tg->l.counter[v]);
    uint64_t kn = tg->l.koff[v + 1] - tg->l.koff[v];
    uint64_t *k = xmalloc((kn ? kn : 1) * sizeof *k);
    for (uint64_t i = 0; i < kn; i++) k[i] = tg->l.kval[tg->l.koff[v] + i];
    GameValue r = gv_inf(gv_kset(s->p, k, kn), 0);
    xfree(k);
    return r;
}

static SolveResult tok_solve(Solver *s, void *st, uint32_t id, Loc loc, bool need_sg)
{
    Tokens *t = st;
    uint32_t v;
    const Graph *g = tok_args(s, eng_key(s->store, id), &v);
    if (!g) return SOLVE_DECLINE;   /* not a vertex: the rules say what that is (an error) */
    TokGraph *tg = tok_graph(s, t, g, loc, need_sg);
    State *x = &s->store->st[id];
    uint32_t r = tg->remote[v];
    if (need_sg || tg->labelled) {
        tok_label(s, tg, loc);
        solve_set_value(x, tok_value(s, tg, v));
    } else {   /* the outcome is enough: the values wait until something needs them */
        solve_set_value(x, gv_outcome(r == LOOPY_DRAW ? 'D' : r % 2 ? 'N' : 'P'));
    }
    if (tg->lg.off[v + 1] == tg->lg.off[v]) x->flags |= ST_TERMINAL;
    x->how = solve_how(&strategy_tokens, 0);
    return SOLVE_DONE;
}

/* The values are one labelling of the graph already held (its arcs a few times over). */
static bool tok_sg_at_hand(Solver *s, void *st, uint32_t id)
{
    (void)s;
    (void)st;
    (void)id;
    return true;
}

/* The followers straight from the graph (a few may not reach want: the caller checks). */
static SolveMoves tok_moves(Solver *s, void *st, uint32_t id, const GameValue *want, VmYield cb, void *ctx)
{
    (void)st;
    (void)want;
    uint32_t v;
    const Graph *g = tok_args(s, eng_key(s->store, id), &v);
    if (!g) return MOVES_RULES;
    g = graph_adjacency(g);
    for (uint32_t k = g->off[v]; k < g->off[v + 1]; k++) {
        if (k > g->off[v] && g->adj[k] == g->adj[k - 1]) continue;
        Value args[2] = { { .t = VT_GRAPH }, graph_label(g, g->adj[k]) };
        args[0].u.g = g;
        Value pos = vm_make_pos(s->vm, (int)KEY_GAME(eng_key(s->store, id)), args, 2, (Loc){ 0 });
        if (cb(ctx, &pos, NULL)) break;
    }
    return MOVES_ALL;
}

static uint32_t tokens_remoteness(Solver *s, void *st, uint32_t id)
{
    Tokens *t = st;
    if (!t || !tok_applies(s, t, eng_key(s->store, id))) return UINT32_MAX - 1;
    uint32_t v;
    const Graph *g = tok_args(s, eng_key(s->store, id), &v);
    if (!g || g->id >= t->ng || !t->g[g->id]) return UINT32_MAX - 1;
    return t->g[g->id]->remote[v];
}

static void tok_explain(Solver *s, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts)
{
    solve_fact_text(facts, "method", "retrograde");
    (void)s;
    (void)st;
    (void)id;
    (void)variant;
    sb_puts(b, "the digraph's positions labelled backwards: outcomes and remoteness by retrograde breadth-first "
               "search, generalized SG values by Fraenkel-Yesha labelling");
}

const Strategy strategy_tokens = {
    .name = "tokens",
    .id = STRATEGY_TOKENS,
    .remoteness = tokens_remoteness,
    .cheap = true,
    .loopy = true,
    .init = tok_init,
    .fini = tok_fini,
    .applies = tok_applies,
    .solve = tok_solve,
    .sg_at_hand = tok_sg_at_hand,
    .explain = tok_explain,
    .moves = tok_moves,
};
