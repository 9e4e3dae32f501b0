/* retro.c: the retrograde strategy: a ruleset whose positions can repeat. From the position asked
   for, every reachable position is found through the rules (a move leads to one position or to 0),
   the graph is labelled with the generalized Sprague-Grundy function and Smith's remoteness
   (loopy.h), and every position found gets its value (γ finite with its counter, or ∞(K)). It is
   tried when another strategy met a cycle (or when forced); it applies to every game. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/loopy.h"
#include "solve/core/nimber.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

/* The strategy's state: the remoteness of every state it labelled, and the buffers of an
   exploration (kept here, so an error that unwinds through it leaks nothing). */
typedef struct Retro {
    uint32_t *remote;       /* per state id: remoteness, LOOPY_DRAW for a draw, UINT32_MAX - 1 unknown */
    size_t nremote;
    uint32_t *ids;          /* local vertex -> state id (UINT32_MAX: the empty position) */
    size_t nids, capids;
    uint32_t *map;          /* open addressing: state id + 1 -> local index, at map[cap + slot] */
    size_t mapcap;
    uint64_t *arcs;         /* (local u << 32) | local v */
    size_t narcs, caparcs;
} Retro;

#define REMOTE_UNKNOWN (UINT32_MAX - 1)

typedef struct Explore { Solver *s; Retro *r; Loc loc; uint32_t cur, zero; } Explore;

static void map_reset(Retro *r, size_t need)
{
    size_t cap = 64;
    while (cap < 2 * need) cap *= 2;
    if (cap != r->mapcap) {
        xfree(r->map);
        r->map = xmalloc(2 * cap * sizeof *r->map);
        r->mapcap = cap;
    }
    memset(r->map, 0, cap * sizeof *r->map);
}

/* The local index of state id (added, and *fresh set, when new). */
static uint32_t local_of(Retro *r, uint32_t id, bool *fresh)
{
    if ((r->nids + 1) * 2 > r->mapcap) {   /* grow and rehash */
        size_t cap = r->mapcap * 2;
        uint32_t *m = xcalloc(2 * cap, sizeof *m);
        for (size_t i = 0; i < r->nids; i++) {
            if (r->ids[i] == UINT32_MAX) continue;
            size_t j = (r->ids[i] * 0x9E3779B1u) & (cap - 1);
            while (m[j]) j = (j + 1) & (cap - 1);
            m[j] = r->ids[i] + 1;
            m[cap + j] = (uint32_t)i;
        }
        xfree(r->map);
        r->map = m;
        r->mapcap = cap;
    }
    size_t j = (id * 0x9E3779B1u) & (r->mapcap - 1);
    for (; r->map[j]; j = (j + 1) & (r->mapcap - 1))
        if (r->map[j] == id + 1) {
            *fresh = false;
            return r->map[r->mapcap + j];
        }
    r->map[j] = id + 1;
    r->map[r->mapcap + j] = (uint32_t)r->nids;
    VEC_PUSH(r->ids, r->nids, r->capids, id);
    *fresh = true;
    return (uint32_t)r->nids - 1;
}

static void arc(Retro *r, uint32_t u, uint32_t v)
{
    uint64_t a = (uint64_t)u << 32 | v;
    VEC_PUSH(r->arcs, r->narcs, r->caparcs, a);
}

static int on_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    Explore *x = ctx;
    Retro *r = x->r;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(x->s, v, x->loc, &keys, &cnt, &n);
    if (n == 0) {   /* the empty position: one vertex with no move */
        if (x->zero == UINT32_MAX) {
            x->zero = (uint32_t)r->nids;
            uint32_t none = UINT32_MAX;
            VEC_PUSH(r->ids, r->nids, r->capids, none);
        }
        arc(r, x->cur, x->zero);
        return 0;
    }
    if (n > 1 || (cnt && cnt[0] != 1)) {
        char b[200];
        key_text(x->s->p, eng_key(x->s->store, r->ids[x->cur]), b, sizeof b);
        prog_fail(x->s->p, EXIT_COMPILE, x->loc,
                  "%s has a move to a sum of %u positions; in a game with cycles a move leads to one position (or 0)",
                  b, n > 1 ? n : (unsigned)cnt[0]);
    }
    uint32_t id = eng_intern(x->s->store, keys[0], x->loc);
    bool fresh;
    uint32_t u = local_of(r, id, &fresh);
    arc(r, x->cur, u);
    return 0;
}

static SolveResult retro_solve(Solver *s, void *st, uint32_t root, Loc loc, bool need_sg)
{
    (void)need_sg;
    Retro *r = st;
    Engine *e = s->store;
    r->nids = 0;
    r->narcs = 0;
    map_reset(r, 1024);
    Explore x = { s, r, loc, 0, UINT32_MAX };
    bool fresh;
    local_of(r, root, &fresh);
    /* every position reachable from the root, breadth first (ids grows as they are found) */
    for (uint32_t u = 0; u < r->nids; u++) {
        if (r->ids[u] == UINT32_MAX) continue;
        x.cur = u;
        size_t mark = scratch_mark(&s->vm->scratch);
        s->busy++;
        vm_enum_moves(s->vm, eng_key(e, r->ids[u]), on_move, &x);
        s->busy--;
        scratch_release(&s->vm->scratch, mark);
        solve_burn(s, 1, loc);
    }
    if (r->nids > UINT32_MAX - 2) prog_fail(s->p, EXIT_LIMIT, loc, "more than 2^32 positions in one game with cycles");
    LoopyGraph g;
    loopy_graph_from_arcs(&g, (uint32_t)r->nids, r->arcs, r->narcs);
    LoopyLabels l;
    loopy_label(&g, &l, solve_threads(s));
    if (e->n > r->nremote) {
        r->remote = xrealloc(r->remote, e->n * sizeof *r->remote);
        for (size_t i = r->nremote; i < e->n; i++) r->remote[i] = REMOTE_UNKNOWN;
        r->nremote = e->n;
    }
    for (uint32_t u = 0; u < r->nids; u++) {
        uint32_t id = r->ids[u];
        if (id == UINT32_MAX) continue;
        r->remote[id] = l.remote[u];
        State *sv = &e->st[id];
        if (sv->flags & ST_DONE) continue;   /* solved before (an acyclic part): the same value */
        GameValue v;
        if (l.gamma[u] == LOOPY_INF) {
            uint64_t kn = l.koff[u + 1] - l.koff[u];
            uint64_t *k = xmalloc((kn ? kn : 1) * sizeof *k);
            for (uint64_t i = 0; i < kn; i++) k[i] = l.kval[l.koff[u] + i];
            v = gv_inf(gv_kset(s->p, k, kn), 0);
            xfree(k);
        } else {
            v = gv_loopy(l.gamma[u], l.counter[u]);
        }
        solve_set_value(sv, v);
        if (g.off[u + 1] == g.off[u]) sv->flags |= ST_TERMINAL;
        sv->how = solve_how(&strategy_retro, 0);
        solve_mark_cyclic(s, KEY_GAME(eng_key(e, id)));
    }
    loopy_labels_fini(&l);
    loopy_graph_fini(&g);
    return SOLVE_DONE;
}

static uint32_t retro_remoteness(Solver *s, void *st, uint32_t id)
{
    (void)s;
    Retro *r = st;
    return r && id < r->nremote && r->remote[id] != REMOTE_UNKNOWN ? r->remote[id] : REMOTE_UNKNOWN;
}

static void *retro_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Retro));
}

static void retro_fini(Solver *s, void *st)
{
    (void)s;
    Retro *r = st;
    xfree(r->remote);
    xfree(r->ids);
    xfree(r->map);
    xfree(r->arcs);
    xfree(r);
}

static void retro_recover(Solver *s, void *st, bool cleared)
{
    (void)s;
    Retro *r = st;
    r->nids = 0;
    r->narcs = 0;
    if (cleared) r->nremote = 0;   /* the store was emptied: its ids are gone */
}

static bool retro_applies(Solver *s, void *st, const int64_t *key)
{
    (void)s;
    (void)st;
    (void)key;
    return true;
}

static void retro_explain(Solver *s, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts)
{
    solve_fact_text(facts, "method", "retrograde");
    (void)s;
    (void)st;
    (void)id;
    (void)variant;
    sb_puts(b, "retrograde analysis of every position reachable (found through the rules): generalized SG values "
               "by Fraenkel-Yesha labelling, remoteness by Smith");
}

const Strategy strategy_retro = {
    .name = "retrograde",
    .id = STRATEGY_RETRO,
    .remoteness = retro_remoteness,
    .loopy = true,
    .init = retro_init,
    .fini = retro_fini,
    .recover = retro_recover,
    .applies = retro_applies,
    .solve = retro_solve,
    .explain = retro_explain,
};
