/* solve.c: the top of the solver: the table of strategies and of play modes and their lifecycle,
   queries (the disjunctive sum of components, XOR of SG values, or a play mode's answer), winning
   moves, positions compared as games, the period statement's fallback, and the interpreter's
   host table. The shared core below it: core.c. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include "solve/core/period.h"
#include "solve/core/compose.h"
#include "solve/core/nimber.h"
#include "vm.h"
#include <assert.h>
#include <stdlib.h>
#include <string.h>

/* ORDER matters: the first strategy that applies and does not decline answers. A new strategy is
   its own file and one entry here. */
const Strategy *const solve_strategies[] = { &strategy_tokens, &strategy_closed, &strategy_sequence, &strategy_table,
                                             &strategy_memo, &strategy_retro, &strategy_interval, &strategy_negamax, NULL };

/* The play modes besides normal play of a sum: one file and one entry each. */
const PlayMode *const solve_modes[] = { &mode_misere, &mode_every, &mode_conj, &mode_select, &mode_shortselect, NULL };

Solver *solve_new(Program *p, Vm *vm)
{
    Solver *s = xcalloc(1, sizeof *s);
    s->p = p;
    s->vm = vm;
    s->store = eng_new(p, vm);
    s->strategies = solve_strategies;
    size_t n = 0;
    while (solve_strategies[n]) n++;
    for (size_t i = 0; i < n; i++) assert(solve_strategies[i]->id == i);   /* StrategyId is the table's order */
    s->state = xcalloc(n, sizeof *s->state);
    for (size_t i = 0; i < n; i++)
        if (solve_strategies[i]->init) s->state[i] = solve_strategies[i]->init(s);
    return s;
}

void solve_free(Solver *s)
{
    if (!s) return;
    for (size_t i = 0; solve_strategies[i]; i++)
        if (solve_strategies[i]->fini) solve_strategies[i]->fini(s, s->state[i]);
    xfree(s->state);
    xfree(s->tries);
    xfree(s->cyclic);
    if (s->sums) s->sums_fini(s->sums);
    if (s->mqcache) s->mqcache_fini(s->mqcache);
    if (s->partizan) s->partizan_fini(s->partizan);
    eng_free(s->store);
    xfree(s);
}

void solve_forget(Solver *s)
{
    if (s->sums) s->sums_fini(s->sums);
    if (s->mqcache) s->mqcache_fini(s->mqcache);
    s->sums = NULL;
    s->mqcache = NULL;
    if (s->partizan) s->partizan_fini(s->partizan);
    s->partizan = NULL;
    eng_clear(s->store);
    if (s->ncyclic) memset(s->cyclic, 0, s->ncyclic);   /* no state labelled any more */
    for (size_t i = 0; solve_strategies[i]; i++) {
        const Strategy *st = solve_strategies[i];
        if (st->fini) st->fini(s, s->state[i]);
        s->state[i] = st->init ? st->init(s) : NULL;
    }
}

/* ---- components and the play mode ----------------------------------------------------------- */

/* The play mode queries use: normal play, the disjunctive sum. */
static const Compose *const mode = &compose_sum;

/* A non-terminal component of a query: its state, how many copies, its value and strategy. */
typedef struct Comp { uint32_t id; uint64_t count; GameValue v; const char *strategy; } Comp;


/* The play mode of a position (NULL: normal play of the sum). */
static const PlayMode *mode_of(const Value *pos)
{
    if (pos->t != VT_POS || !pos->strs) return NULL;
    for (size_t i = 0; solve_modes[i]; i++)
        if (solve_modes[i]->compound == (pos->strs & PM_COMPOUND)) return solve_modes[i];
    return NULL;
}

static void check_idle(Solver *s, Loc loc)
{
    if (s->busy)
        prog_fail(s->p, EXIT_COMPILE, loc, "sg() and 'is' cannot be used inside a game's moves "
                  "(the solver is enumerating moves); compute such values with def helpers instead");
}

/* Intern and solve each component; returns the count of non-terminal ones, fills comps (in
   scratch memory) and *total, their combined value. With outcome_ok a lone component may be
   decided by an outcome-only form. With first (a query), each component's strategy is named too,
   and *first is the first component's. */
#define SOLVE_PREFETCH 8
static size_t solve_comps(Solver *s, const Value *pos, Loc loc, Comp **out, bool outcome_ok, const char **first,
                          GameValue *total)
{
    Engine *e = s->store;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    check_idle(s, loc);
    solve_components(s, pos, loc, &keys, &cnt, &n);
    size_t m = n ? n : 1;   /* one block: components, their values, their counts */
    Comp *c = vm_alloc(s->vm, m * (sizeof *c + sizeof(GameValue) + sizeof(uint64_t)), loc);
    GameValue *v = (GameValue *)(c + m);
    uint64_t *counts = (uint64_t *)(v + m);
    bool lone = n == 1 && (!cnt || cnt[0] == 1);   /* one copy of one component */
    bool counted = cnt != NULL;
    bool scoring = false;   /* a scoring game: its value is its score, and it is alone */
    for (uint32_t i = 0; i < n; i++) scoring |= s->p->code.games[KEY_GAME(keys[i])].scoring;
    if (scoring && !lone) {
        char b[200];
        key_text(s->p, keys[0], b, sizeof b);
        prog_fail(s->p, EXIT_COMPILE, loc, "a sum with a scoring game (%s%s) has no value: scores do not add up under "
                  "alternating play; ask about one scoring position at a time", b, n > 1 ? ", ..." : "");
    }
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (i + SOLVE_PREFETCH < n) eng_prefetch(e, keys[i + SOLVE_PREFETCH]);   /* a big sum's slots: cache misses */
        uint32_t id = eng_intern(e, keys[i], loc);
        const char *name = NULL;
        solve_component(s, id, loc, first ? &name : NULL, !(outcome_ok && lone));
        if (first && i == 0) *first = name;
        if ((e->st[id].flags & ST_TERMINAL) || (cnt && cnt[i] == 0)) continue;   /* terminal components are dropped */
        uint64_t copies = cnt ? cnt[i] : 1;
        if (k && c[k - 1].id == id) {   /* the same component again: one component, more copies */
            if (__builtin_add_overflow(c[k - 1].count, copies, &c[k - 1].count))
                prog_fail(s->p, EXIT_LIMIT, loc, "a position with more than 2^64 - 1 copies of a component");
            counts[k - 1] = c[k - 1].count;
            counted = true;
            continue;
        }
        c[k].id = id;
        c[k].count = counts[k] = copies;
        c[k].v = v[k] = solve_value_of(&e->st[id]);
        c[k].strategy = name;
        k++;
    }
    if (scoring) *total = k ? v[0] : score_int(0);
    else *total = mode->combine(s->p, v, counted ? counts : NULL, k);
    *out = c;
    return k;
}

/* The SG value of component key from the first strategy that holds it or finds it without a
   stored state (Strategy.peek). */
static bool peek_one(Solver *s, const int64_t *key, Loc loc, uint64_t *g)
{
    if (s->p->code.games[KEY_GAME(key)].scoring) return false;
    for (size_t j = 0; solve_strategies[j]; j++) {
        const Strategy *st = solve_strategies[j];
        if (st->peek && solve_allowed(s->p, st->name) && st->peek(s, s->state[j], key, loc, g)) return true;
    }
    return false;
}

/* The XOR of the components' SG values (pos: a sum in normal play) when every component has a
   peek: sg() and outcome() of a sum of 10^6 heaps then store no state. The peeks come first in
   the strategies' order, as a stored state's strategy would. False: the usual way. */
static bool peek_sum(Solver *s, const Value *pos, Loc loc, uint64_t *x)
{
    if (pos->t != VT_POS || pos->strs || s->busy) return false;   /* busy: the usual way reports sg() inside moves */
    uint64_t acc = 0;
    for (uint32_t i = 0; i < pos->n; i++) {
        uint64_t g;
        if (!peek_one(s, pos->u.pos.keys[i], loc, &g)) return false;
        if (val_count(pos, i) & 1) acc ^= g;
    }
    *x = acc;
    return true;
}

/* The value of a sum in normal play by solving its components (no peek). */
static GameValue sum_value(Solver *s, const Value *pos, Loc loc)
{
    Comp *c;
    GameValue total;
    solve_comps(s, pos, loc, &c, false, NULL, &total);
    return total;
}

/* sg() of a partizan position: an error naming what to ask instead. */
static void no_partizan_sg(Solver *s, const Value *pos, Loc loc)
{
    if (pz_applies(s, pos))
        prog_fail(s->p, EXIT_COMPILE, loc, "a partizan position has no Sprague-Grundy value: its value is a canonical "
                  "form (value() gives it as text, outcome() its class L, R, P or N)");
}

GameValue solve_sg_value(Solver *s, const Value *pos, Loc loc)
{
    no_partizan_sg(s, pos, loc);
    if (mode_of(pos))
        prog_fail(s->p, EXIT_COMPILE, loc, "misere play and the compounds have no SG value (sg() and gamma() are for "
                  "normal play); ask for outcome() instead, or the genus statement");
    uint64_t x;
    if (peek_sum(s, pos, loc, &x)) return gv_sg(x);
    return sum_value(s, pos, loc);
}

char solve_outcome_value(Solver *s, const Value *pos, Loc loc)
{
    if (pz_applies(s, pos)) {
        check_idle(s, loc);
        return pz_outcome(s, pos, loc);
    }
    if (mode_of(pos)) {
        size_t mark;
        Answer *a = solve_answer_new(s->p, &mark);
        solve_query(s, pos, loc, false, a);
        char o = a->outcome;
        prog_release(s->p, mark);
        solve_answer_free(a);
        return o;
    }
    uint64_t x;
    if (peek_sum(s, pos, loc, &x)) return x ? 'N' : 'P';
    Comp *c;
    GameValue total;
    solve_comps(s, pos, loc, &c, true, NULL, &total);
    return total.outcome;
}

static bool parts_equal(const AnswerPart *a, const AnswerPart *b, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (a[i].id != b[i].id || a[i].count != b[i].count) return false;
    return true;
}

/* A listed move's change (the component removed, the parts put in its place) hashed. */
static uint64_t move_hash(uint32_t removed, const AnswerPart *parts, uint32_t np)
{
    uint64_t h = ((uint64_t)removed << 32 | np) * 0x9e3779b97f4a7c15ull;
    for (uint32_t i = 0; i < np; i++) {
        h = (h ^ parts[i].id) * 0xff51afd7ed558ccdull;
        h = (h ^ parts[i].count) * 0xc4ceb9fe1a85ec53ull;
    }
    return h ^ h >> 31;
}

/* Put a->moves[i] in the set of listed moves (a->seen: at most half full). */
static void seen_put(Answer *a, size_t i)
{
    const struct AnswerMove *m = &a->moves[i];
    size_t j = (size_t)move_hash(m->removed, m->parts, m->nparts) & (a->seencap - 1);
    while (a->seen[j]) j = (j + 1) & (a->seencap - 1);
    a->seen[j] = (uint32_t)(i + 1);
}

/* Whether the change (removed, parts) is among a's listed moves. */
static bool seen_has(Answer *a, uint32_t removed, const AnswerPart *parts, uint32_t np)
{
    if (2 * (a->nchanges + 1) > a->seencap) {   /* room for one more: rebuild, twice as big */
        size_t cap = a->seencap ? a->seencap : 64;
        while (2 * (a->nchanges + 1) > cap) cap *= 2;
        xfree(a->seen);
        a->seen = xcalloc(cap, sizeof *a->seen);
        a->seencap = cap;
        a->nseen = 0;
    }
    for (; a->nseen < a->nchanges; a->nseen++) seen_put(a, a->nseen);
    for (size_t j = (size_t)move_hash(removed, parts, np) & (a->seencap - 1); a->seen[j];
         j = (j + 1) & (a->seencap - 1)) {
        const struct AnswerMove *m = &a->moves[a->seen[j] - 1];
        if (m->removed == removed && m->nparts == np && parts_equal(m->parts, parts, np)) return true;
    }
    return false;
}

/* Whether parts hold removed: the change puts back the component it takes (a move of a game with
   cycles that keeps it, in effect); its index in parts, or np. */
static uint32_t puts_back(uint32_t removed, const AnswerPart *parts, uint32_t np)
{
    uint32_t j = 0;
    while (j < np && parts[j].id != removed) j++;
    return j;
}

/* The listed result the change (removed, parts) reaches when it is not among the changes but
   reaches a listed position all the same: both changes put back the component they take, and
   what they add besides agrees (parts are sorted multisets). SIZE_MAX: a new position. */
static size_t same_position(const Answer *a, uint32_t removed, const AnswerPart *parts, uint32_t np)
{
    uint32_t j = puts_back(removed, parts, np);
    if (j == np) return SIZE_MAX;
    for (size_t i = 0; i < a->nchanges; i++) {
        const struct AnswerMove *m = &a->moves[i];
        uint32_t k = puts_back(m->removed, m->parts, m->nparts);
        if (k == m->nparts) continue;
        /* parts less one copy of removed against m's parts less one copy of m->removed */
        uint32_t x = 0, y = 0;
        bool same = true;
        while (same && (x < np || y < m->nparts)) {
            uint64_t cx = 0, cy = 0;
            uint32_t idx = UINT32_MAX, idy = UINT32_MAX;
            if (x < np) { idx = parts[x].id; cx = parts[x].count - (x == j); }
            if (y < m->nparts) { idy = m->parts[y].id; cy = m->parts[y].count - (y == k); }
            if (x < np && !cx) { x++; continue; }
            if (y < m->nparts && !cy) { y++; continue; }
            same = idx == idy && cx == cy;
            x++;
            y++;
        }
        if (same) return m->result;
    }
    return SIZE_MAX;
}

/* Print the sum of states ids with their counts (NULL: one each; terminal ones dropped) in the
   given order, copies of one component next to each other as "k * A"; with span (ids with no
   such neighbours), also where each component's text starts and ends (span[2i], span[2i + 1]). */
static char *print_ids(Solver *s, const uint32_t *ids, const uint64_t *cnt, size_t n, size_t *span)
{
    Engine *e = s->store;
    StrBuf b;
    sb_init(&b);
    size_t k = 0;
    for (size_t i = 0; i < n;) {
        uint64_t copies = 0;
        size_t j = i;
        for (; j < n && ids[j] == ids[i]; j++) copies += cnt ? cnt[j] : 1;
        if ((e->st[ids[i]].flags & ST_TERMINAL) || !copies) {
            i = j;
            continue;
        }
        if (k++) sb_puts(&b, " + ");
        if (span) span[2 * i] = b.len;
        solve_print_copies(s, &b, copies, ids[i]);
        if (span) span[2 * i + 1] = b.len;
        i = j;
    }
    if (!k) sb_putc(&b, '0');
    return sb_take(&b);
}

/* ---- winning moves ------------------------------------------------------------------------- */

typedef struct WinCtx {
    Solver *s;
    Loc loc;
    GameValue want;           /* the value the moved component must get */
    const Comp *comps;
    size_t ncomps, which;
    Answer *a;                /* collects the winning positions and the multisets already listed */
    uint64_t budget;          /* moves still to examine (0: no limit) */
    bool cut;                 /* the budget ran out */
    bool full;                /* the printed positions reached SOLVE_MAX_PRINTED */
    bool tentative;           /* an option known by its outcome only gets its SG value by a tentative
                                 search (a cheap strategy's component: its options were never searched) */
    bool keep_draw;           /* list the moves after which the position is still a draw */
    bool scoring;             /* a scoring game: list the moves with gain - value after == best */
    GameValue best;
    GameValue rest;           /* ... the value of the rest of the position (keep_draw) */
} WinCtx;

static bool sg_affordable(Solver *s, uint32_t id, Loc loc);

static int on_win_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    WinCtx *w = ctx;
    Answer *a = w->a;
    Solver *s = w->s;
    Engine *e = s->store;
    GameValue gain = w->scoring ? score_gain(s->vm) : score_int(0);   /* before the solver runs the interpreter again */
    if (w->budget && --w->budget == 0) {
        w->cut = true;
        return 1;
    }
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(s, v, w->loc, &keys, &cnt, &n);
    AnswerPart *parts = vm_alloc(s->vm, (n ? n : 1) * sizeof *parts, w->loc);
    GameValue *pv = vm_alloc(s->vm, (n ? n : 1) * sizeof *pv, w->loc);
    uint64_t *pc = vm_alloc(s->vm, (n ? n : 1) * sizeof *pc, w->loc);
    uint32_t np = 0;
    const Comp *moved = &w->comps[w->which];
    /* a lone component aiming at a P-position with one part needs only that part's outcome */
    bool to_p = !w->keep_draw && w->want.outcome == 'P' && (w->want.kind == GV_OUTCOME || w->want.n == 0);
    bool outcome_only = w->ncomps == 1 && moved->count == 1 && n == 1 && (!cnt || cnt[0] == 1) && to_p;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = eng_intern(e, keys[i], w->loc);
        solve_component(s, id, w->loc, NULL, !outcome_only && !w->tentative);
        if (!outcome_only && (e->st[id].flags & ST_OUTCOME) && !sg_affordable(s, id, w->loc)) {
            /* its value is beyond the budget of a tentative search: whether this move wins is
               unknown, and so are the next options' (of the same game): the list stops here */
            a->unvalued = a->truncated = true;
            return 1;
        }
        if ((e->st[id].flags & ST_TERMINAL) || (cnt && !cnt[i])) continue;
        pv[np] = solve_value_of(&e->st[id]);
        pc[np] = cnt ? cnt[i] : 1;
        parts[np].id = id;
        parts[np].count = pc[np];
        np++;
    }
    if (w->scoring) {   /* a best move: its gain less the value after it is the position's value */
        GameValue after = np ? pv[0] : score_int(0), val = score_sub(s->p, &gain, &after);
        if (score_cmp(&val, &w->best)) return 0;
    } else {
        GameValue got = mode->combine(s->p, pv, cnt ? pc : NULL, np);
        if (w->keep_draw) {
            GameValue pair[2] = { w->rest, got };
            if (mode->combine(s->p, pair, NULL, 2).outcome != 'D') return 0;
        } else if (outcome_only ? got.outcome != 'P' : !mode->meets(&got, &w->want)) {
            return 0;
        }
    }
    /* the same position as a move listed before? (compare the changes, not whole positions) */
    uint32_t removed = moved->id;
    np = solve_multiset(parts, np);
    if (seen_has(a, removed, parts, np)) return 0;
    size_t again = same_position(a, removed, parts, np);
    if (again != SIZE_MAX) {   /* another change to a listed position (cycles): kept for the labels */
        struct AnswerMove m = { w->which, removed, xmalloc((np ? np : 1) * sizeof *parts), np, again };
        memcpy(m.parts, parts, np * sizeof *parts);
        VEC_PUSH(a->moves, a->nchanges, a->capmoves, m);
        return 0;
    }
    size_t total = w->ncomps - 1 + np;
    if (a->nwin && a->printed + total > SOLVE_MAX_PRINTED) {   /* whole positions too big to list more */
        a->truncated = true;
        w->full = true;
        return 1;
    }
    /* the position after the move: the query's text with the moved component's text ("k * A")
       replaced by the copies left and the parts (in the result's order), or cut out with a
       separator when nothing is left of it */
    uint32_t *ordered = vm_alloc(s->vm, (n ? n : 1) * sizeof *ordered, w->loc);
    for (uint32_t i = 0; i < n; i++) ordered[i] = eng_intern(e, keys[i], w->loc);
    StrBuf mid;
    sb_init(&mid);
    if (moved->count > 1) solve_print_copies(s, &mid, moved->count - 1, moved->id);
    if (np) {
        char *t = print_ids(s, ordered, cnt, n, NULL);
        if (mid.len) sb_puts(&mid, " + ");
        sb_puts(&mid, t);
        xfree(t);
    }
    const char *pos = a->position;
    const size_t *span = a->span;
    size_t from = span[2 * w->which], to = span[2 * w->which + 1];
    if (!mid.len) {   /* drop " + " on one side (or everything: the empty position) */
        if (w->ncomps == 1) from = 0;
        else if (w->which == 0) to = span[2];
        else from = span[2 * w->which - 1];
    }
    StrBuf b;
    sb_init(&b);
    sb_reserve(&b, from + mid.len + strlen(pos + to) + 1);
    sb_putn(&b, pos, from);
    if (mid.len) sb_puts(&b, mid.s);
    sb_puts(&b, pos + to);
    if (!b.len) sb_putc(&b, '0');
    sb_fini(&mid);
    struct AnswerMove m = { w->which, removed, xmalloc((np ? np : 1) * sizeof *parts), np, a->nwin };
    memcpy(m.parts, parts, np * sizeof *parts);
    VEC_PUSH(a->moves, a->nchanges, a->capmoves, m);
    char *str = sb_take(&b);
    VEC_PUSH(a->winning, a->nwin, a->capwin, str);
    a->printed += total;
    return a->nwin >= SOLVE_MAX_WINNING;
}

typedef struct SgTry { Solver *s; uint32_t id; Loc loc; size_t room; } SgTry;

typedef struct Counted { size_t n, limit; } Counted;
static int count_move(void *ctx, const Value *v, const Value *frame)
{
    (void)v;
    (void)frame;
    Counted *c = ctx;
    return ++c->n > c->limit;
}

static void sg_try_run(Program *p, void *ctx)
{
    SgTry *t = ctx;
    /* the position's own moves first, counted without interning their results: more than the
       room for new states (Wythoff(10^18, ...)) and the search cannot succeed */
    Counted c = { 0, t->room };
    size_t mark = scratch_mark(&t->s->vm->scratch);
    vm_enum_moves(t->s->vm, eng_key(t->s->store, t->id), count_move, &c);
    scratch_release(&t->s->vm->scratch, mark);
    if (c.n > c.limit) prog_fail(p, PROG_BUDGET, t->loc, "too many moves for a tentative search");
    solve_component(t->s, t->id, t->loc, NULL, true);
}

/* The SG value of state id (known by its outcome only) by a search within SOLVE_SG_BUDGET new
   states, quietly: true when it is known now. */
static bool sg_affordable(Solver *s, uint32_t id, Loc loc)
{
    Engine *e = s->store;
    const Strategy *by = solve_strategies[HOW_STRATEGY(e->st[id].how)];
    if (by->sg_at_hand && by->sg_at_hand(s, s->state[HOW_STRATEGY(e->st[id].how)], id)) {
        solve_component(s, id, loc, NULL, true);
        return true;
    }
    if (e->n + 1 >= s->p->opt.max_states) return false;
    size_t room = s->p->opt.max_states - e->n - 1;
    SgTry t = { s, id, loc, room < SOLVE_SG_BUDGET ? room : SOLVE_SG_BUDGET };
    size_t saved = e->budget;
    uint64_t vfuel = s->vm->fuel, sfuel = s->fuel;
    e->budget = e->n + (room < SOLVE_SG_BUDGET ? room : SOLVE_SG_BUDGET);
    s->vm->fuel = s->fuel = SOLVE_SG_WORK;
    s->p->run.silent++;
    int st = prog_try(s->p, sg_try_run, &t);
    s->p->run.silent--;
    e->budget = saved;
    s->vm->fuel = vfuel;
    s->fuel = sfuel;
    return st == 0 && (e->st[id].flags & ST_DONE);
}

/* A lone component c decided by its outcome alone (total its value): its SG value into c->v and
   *total where a search within SOLVE_SG_BUDGET finds it (the strategy that decided it stays its
   strategy); false when the search would take more. What solve_query and solve_query_value share. */
static bool sg_where_affordable(Solver *s, Comp *c, Loc loc, GameValue *total)
{
    Engine *e = s->store;
    uint32_t how = e->st[c->id].how;
    if (!sg_affordable(s, c->id, loc)) return false;
    if (e->st[c->id].how != how) e->st[c->id].flags |= ST_SGSEARCH;   /* another strategy found it */
    e->st[c->id].how = how;
    c->v = *total = solve_value_of(&e->st[c->id]);
    return true;
}

GameValue solve_query_value(Solver *s, const Value *pos, Loc loc)
{
    if (mode_of(pos) || pz_applies(s, pos)) return gv_outcome(solve_outcome_value(s, pos, loc));
    uint64_t x;
    if (peek_sum(s, pos, loc, &x)) return gv_sg(x);
    Comp *c;
    GameValue total;
    size_t n = solve_comps(s, pos, loc, &c, true, NULL, &total);
    if (n == 1 && total.kind == GV_OUTCOME) sg_where_affordable(s, &c[0], loc, &total);
    return total;
}

/* ---- the defence of a P-position with cycles ---------------------------------------------- */

/* The first follower of a position (one component, or the empty position) with the finite value
   g and, when it has a counter (a loopy value), a counter below max. */
typedef struct ReplyCtx { Solver *s; Loc loc; uint64_t g; int64_t max; uint32_t found; bool empty; } ReplyCtx;

static int on_reply(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    ReplyCtx *r = ctx;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(r->s, v, r->loc, &keys, &cnt, &n);
    if (n == 0) {   /* the empty position: value 0, the first labelled of all */
        r->empty = r->g == 0;
        return r->empty;
    }
    if (n != 1 || (cnt && cnt[0] != 1)) return 0;
    uint32_t id = eng_intern(r->s->store, keys[0], r->loc);
    solve_component(r->s, id, r->loc, NULL, true);
    const State *st = &r->s->store->st[id];
    GameValue gv = solve_value_of(st);
    if ((st->flags & ST_TERMINAL) && r->g == 0) {
        r->empty = true;
        return 1;
    }
    if (!gv_finite(&gv) || gv.big || gv.n != r->g || (gv.kind == GV_LOOPY && gv.score >= r->max)) return 0;
    r->found = id;
    return 1;
}

/* The reply from state id to value g (counter below max): true, with *to the state (UINT32_MAX
   for the empty position). */
static bool find_reply(Solver *s, Loc loc, uint32_t id, uint64_t g, int64_t max, uint32_t *to)
{
    ReplyCtx r = { s, loc, g, max, UINT32_MAX, false };
    size_t mark = scratch_mark(&s->vm->scratch);
    vm_enum_moves(s->vm, eng_key(s->store, id), on_reply, &r);
    scratch_release(&s->vm->scratch, mark);
    *to = r.found;
    return r.empty || r.found != UINT32_MAX;
}

typedef struct DefCtx { Solver *s; Loc loc; Answer *a; const Comp *c; size_t n, which; } DefCtx;

/* The position text of the components with one copy of comps[i] changed into `into` (UINT32_MAX:
   nothing) and, if j < n, one copy of comps[j] into `into2`. */
static char *changed(Solver *s, const Comp *c, size_t n, size_t i, uint32_t into, size_t j, uint32_t into2)
{
    uint32_t *ids = vm_alloc(s->vm, (n + 2) * sizeof *ids, (Loc){ 0 });
    uint64_t *cnt = vm_alloc(s->vm, (n + 2) * sizeof *cnt, (Loc){ 0 });
    size_t k = 0;
    for (size_t q = 0; q < n; q++) {
        uint64_t left = c[q].count - (q == i) - (q == j);
        if (left) {
            ids[k] = c[q].id;
            cnt[k++] = left;
        }
        if (q == i && into != UINT32_MAX) { ids[k] = into; cnt[k++] = 1; }
        if (q == j && into2 != UINT32_MAX) { ids[k] = into2; cnt[k++] = 1; }
    }
    return print_ids(s, ids, cnt, k, NULL);
}

static int on_opponent(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    DefCtx *d = ctx;
    Solver *s = d->s;
    Answer *a = d->a;
    if (a->ndefence >= SOLVE_MAX_WINNING) {
        a->truncated = true;
        return 1;
    }
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(s, v, d->loc, &keys, &cnt, &n);
    if (n > 1 || (n == 1 && cnt && cnt[0] != 1)) return 0;   /* a split: no defence listed */
    const Comp *u = &d->c[d->which];
    uint32_t vid = UINT32_MAX;
    GameValue h = gv_sg(0);
    if (n == 1) {
        vid = eng_intern(s->store, keys[0], d->loc);
        solve_component(s, vid, d->loc, NULL, true);
        if (s->store->st[vid].flags & ST_TERMINAL) vid = UINT32_MAX;
        else h = solve_value_of(&s->store->st[vid]);
    }
    uint64_t g = u->v.n;
    uint32_t to = UINT32_MAX;
    size_t j = d->n;   /* the component the reply moves (d->n: the moved one) */
    bool ok;
    if (gv_finite(&h) && !h.big && h.n < g) {   /* it went down: answer as in Nim, in some component */
        uint64_t t = g ^ h.n;
        ok = false;
        if (vid != UINT32_MAX && (h.n ^ t) < h.n) ok = find_reply(s, d->loc, vid, h.n ^ t, INT64_MAX, &to);
        for (size_t q = 0; q < d->n && !ok; q++) {
            if (d->c[q].v.big || (d->c[q].v.n ^ t) >= d->c[q].v.n || (q == d->which && d->c[q].count == 1)) continue;
            ok = find_reply(s, d->loc, d->c[q].id, d->c[q].v.n ^ t, INT64_MAX, &to);
            if (ok) j = q;
        }
    } else {   /* up, or to an infinite value: back to g from there, the counter decreasing */
        ok = vid != UINT32_MAX && find_reply(s, d->loc, vid, g, u->v.kind == GV_LOOPY ? u->v.score : INT64_MAX, &to);
    }
    if (!ok) return 0;   /* not reached: conditions A and B give a reply */
    struct AnswerDefence def;
    def.move = changed(s, d->c, d->n, d->which, vid, d->n, UINT32_MAX);
    if (j == d->n) def.reply = changed(s, d->c, d->n, d->which, to, d->n, UINT32_MAX);
    else def.reply = changed(s, d->c, d->n, d->which, vid, j, to);
    VEC_PUSH(a->defence, a->ndefence, a->capdefence, def);
    return 0;
}

/* A P-position with a component on cycles: every opponent move and the reply to it. */
static void defence(Solver *s, Loc loc, Answer *a, const Comp *c, size_t n)
{
    bool cyclic = false;
    for (size_t i = 0; i < n; i++) cyclic |= c[i].v.kind == GV_LOOPY;
    if (!cyclic) return;
    DefCtx d = { s, loc, a, c, n, 0 };
    for (size_t i = 0; i < n && a->ndefence < SOLVE_MAX_WINNING; i++) {
        d.which = i;
        size_t mark = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, eng_key(s->store, c[i].id), on_opponent, &d);
        scratch_release(&s->vm->scratch, mark);
    }
}

/* The value of the position with one copy of component i gone. */
static GameValue rest_value(Solver *s, const Comp *c, size_t n, size_t i)
{
    GameValue *v = vm_alloc(s->vm, (n ? n : 1) * sizeof *v, (Loc){ 0 });
    uint64_t *cnt = vm_alloc(s->vm, (n ? n : 1) * sizeof *cnt, (Loc){ 0 });
    for (size_t k = 0; k < n; k++) {
        v[k] = c[k].v;
        cnt[k] = c[k].count - (k == i);
    }
    return mode->combine(s->p, v, cnt, n);
}

/* A draw: every move (of every component, its rules enumerated) after which it is still a draw. */
static void draw_moves(Solver *s, WinCtx *w, Engine *e, const Comp *c, size_t n)
{
    Answer *a = w->a;
    a->drawing = true;
    if (n > SOLVE_MAX_DRAW_COMPS) {
        a->truncated = true;
        return;
    }
    w->keep_draw = true;
    w->want = gv_outcome('D');
    for (size_t i = 0; i < n && a->nwin < SOLVE_MAX_WINNING && !w->full; i++) {
        size_t smark = scratch_mark(&s->vm->scratch);
        w->which = i;
        w->rest = rest_value(s, c, n, i);
        w->budget = SOLVE_MAX_SCAN;
        w->cut = false;
        vm_enum_moves(s->vm, eng_key(e, c[i].id), on_win_move, w);
        if (w->cut) a->truncated = true;
        w->budget = 0;
        scratch_release(&s->vm->scratch, smark);
    }
    if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
}

/* A best line of a scoring game from state `from`: the first best move each time, to the end. */
typedef struct LineCtx { Solver *s; Loc loc; GameValue want; uint32_t next; bool found; GameValue gain; } LineCtx;

static int on_line_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    LineCtx *l = ctx;
    GameValue gain = score_gain(l->s->vm);   /* before the solver runs the interpreter again */
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(l->s, v, l->loc, &keys, &cnt, &n);
    uint32_t id = UINT32_MAX;
    GameValue after = score_int(0);
    if (n == 1) {
        id = eng_intern(l->s->store, keys[0], l->loc);
        solve_component(l->s, id, l->loc, NULL, true);
        after = solve_value_of(&l->s->store->st[id]);
    }
    GameValue val = score_sub(l->s->p, &gain, &after);
    if (score_cmp(&val, &l->want)) return 0;
    l->found = true;
    l->next = id;
    l->gain = gain;
    return 1;
}

/* The players' totals along a best line (the mover's first), exact at any size: the first best
   move each time (each a step of the budgets). */
static void best_line(Solver *s, uint32_t from, Loc loc, Answer *a)
{
    GameValue t[2] = { score_int(0), score_int(0) };
    uint32_t cur = from;
    for (size_t k = 0; cur != UINT32_MAX && !(s->store->st[cur].flags & ST_TERMINAL); k++) {
        prog_poll(s->p, loc);
        LineCtx l = { s, loc, solve_value_of(&s->store->st[cur]), UINT32_MAX, false, score_int(0) };
        size_t mark = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, eng_key(s->store, cur), on_line_move, &l);
        scratch_release(&s->vm->scratch, mark);
        if (!l.found) return;   /* not reached: a value is the best of its moves */
        t[k & 1] = score_add(s->p, &t[k & 1], &l.gain);
        cur = l.next;
    }
    a->has_line = true;
    a->line[0] = t[0];
    a->line[1] = t[1];
}

static void query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a)
{
    memset(a, 0, sizeof *a);
    const PlayMode *pm = mode_of(pos);
    if (pm) {
        check_idle(s, loc);
        for (uint32_t i = 0; i < pos->n; i++)
            if (s->p->code.games[KEY_GAME(pos->u.pos.keys[i])].scoring || s->p->code.games[KEY_GAME(pos->u.pos.keys[i])].partizan)
                prog_fail(s->p, EXIT_COMPILE, loc, "misere play and the compounds are for impartial games, not for "
                          "%s game '%s'", s->p->code.games[KEY_GAME(pos->u.pos.keys[i])].scoring ? "scoring" : "partizan",
                          s->p->code.games[KEY_GAME(pos->u.pos.keys[i])].name);
        a->mode = pos->strs;
        a->remoteness = -1;
        pm->query(s, pos, loc, moves, a);
        return;
    }
    if (pz_applies(s, pos)) {
        check_idle(s, loc);
        pz_query(s, pos, loc, moves, a);
        return;
    }
    Engine *e = s->store;
    Comp *c;
    const char *first = NULL;   /* names the strategy when every component is terminal */
    GameValue total;
    size_t n = solve_comps(s, pos, loc, &c, true, &first, &total);
    if (n == 1 && total.kind == GV_OUTCOME && !sg_where_affordable(s, &c[0], loc, &total))   /* the SG value too */
        a->no_sg = "a search of its rules would take more than " SOLVE_SG_BUDGET_TEXT " positions or 2^22 steps";
    const char *strategy = NULL;
    bool mixed = false;
    for (size_t i = 0; i < n; i++) {
        if (strategy && strcmp(strategy, c[i].strategy)) mixed = true;
        strategy = c[i].strategy;
    }
    a->sg = total;
    a->has_sg = total.kind == GV_SG || (total.kind == GV_LOOPY && !total.kset);
    a->remoteness = -1;
    if (n == 1 && c[0].count == 1) {
        uint32_t r = UINT32_MAX - 1;
        for (size_t j = 0; solve_strategies[j] && r == UINT32_MAX - 1; j++)
            if (solve_strategies[j]->remoteness) r = solve_strategies[j]->remoteness(s, s->state[j], c[0].id);
        if (r != UINT32_MAX - 1) a->remoteness = r == UINT32_MAX ? -2 : (int64_t)r;
    }
    a->outcome = total.outcome;
    a->strategy = mixed ? "sum" : strategy ? strategy : first ? first : "memo";
    uint32_t *ids = vm_alloc(s->vm, (n ? n : 1) * sizeof *ids, loc);
    uint64_t *counts = vm_alloc(s->vm, (n ? n : 1) * sizeof *counts, loc);
    for (size_t i = 0; i < n; i++) {
        ids[i] = c[i].id;
        counts[i] = c[i].count;
    }
    size_t *span = vm_alloc(s->vm, (2 * n + 2) * sizeof *span, loc);
    a->position = print_ids(s, ids, counts, n, span);
    a->comps = ids;
    a->counts = counts;
    a->ncomps = n;
    a->span = span;
    if (!mixed && n) {   /* one method for every component: say which theorem it rests on */
        StrBuf b;
        sb_init(&b);
        solve_why(s, c[0].id, &b, &a->facts);
        a->why = b.len ? sb_take(&b) : NULL;
        sb_fini(&b);
    }
    if (total.kind == GV_SCORE) {   /* a scoring game: its best moves, and a best line's totals */
        a->scoring = true;
        if (!moves || !n) return;
        WinCtx w = { .s = s, .loc = loc, .comps = c, .ncomps = n, .a = a, .scoring = true, .best = total };
        size_t smark = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, eng_key(e, c[0].id), on_win_move, &w);
        scratch_release(&s->vm->scratch, smark);
        if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
        best_line(s, c[0].id, loc, a);
        return;
    }
    if (!moves) return;
    WinCtx w = { .s = s, .loc = loc, .comps = c, .ncomps = n, .a = a };
    if (total.outcome == 'D') {
        draw_moves(s, &w, e, c, n);
        return;
    }
    if (total.outcome == 'P') defence(s, loc, a, c, n);
    for (size_t i = 0; i < n && a->nwin < SOLVE_MAX_WINNING && !w.full; i++) {
        if (!mode->target(s->p, &total, &c[i].v, c[i].count, &w.want)) continue;   /* no move of this component wins */
        w.which = i;
        size_t smark = scratch_mark(&s->vm->scratch);
        uint32_t how = e->st[c[i].id].how;
        const Strategy *st = solve_strategies[HOW_STRATEGY(how)];
        SolveMoves r = st->moves ? st->moves(s, s->state[HOW_STRATEGY(how)], c[i].id, &w.want, on_win_move, &w) : MOVES_RULES;
        if (r == MOVES_SOME) a->truncated = true;
        if (r == MOVES_RULES) {
            /* a cheap strategy answered without the rules' moves being enumerated: their number
               is unbounded (KamPebbles(10^18)), so the scan is cut as the forms' own are */
            w.budget = st->cheap ? SOLVE_MAX_SCAN : 0;
            w.tentative = st->cheap;
            w.cut = false;
            vm_enum_moves(s->vm, eng_key(e, c[i].id), on_win_move, &w);
            if (w.cut) a->truncated = true;
            w.budget = 0;
            w.tentative = false;
        }
        scratch_release(&s->vm->scratch, smark);
        if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
    }
}

void solve_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a)
{
    int game = s->p->run.work_game;
    if (pos->n) s->p->run.work_game = (int)KEY_GAME(pos->u.pos.keys[0]);   /* for the budgets' messages */
    query(s, pos, loc, moves, a);
    s->p->run.work_game = game;
}

/* winning_count() and winning_move() are a player's to move: a partizan position has two. */
static void no_partizan_winning(Solver *s, const Value *pos, Loc loc)
{
    if (pz_applies(s, pos))
        prog_fail(s->p, EXIT_COMPILE, loc, "winning_count(), winning_positions() and winning_move() are for impartial "
                  "games: a partizan position's winning moves depend on who moves (its query lists Left's and Right's)");
}

int64_t solve_winning_count(Solver *s, const Value *pos, Loc loc, bool positions)
{
    no_partizan_winning(s, pos, loc);
    size_t mark;
    Answer *a = solve_answer_new(s->p, &mark);
    solve_query(s, pos, loc, true, a);
    if (!positions) solve_label(s, a, pos, loc);
    if (a->unvalued)
        prog_fail(s->p, EXIT_LIMIT, loc, "the winning moves of this position cannot be counted: an option's SG value "
                  "would take a search of more than " SOLVE_SG_BUDGET_TEXT " positions or 2^22 steps");
    if (a->truncated && a->nwin >= SOLVE_MAX_WINNING)
        prog_fail(s->p, EXIT_LIMIT, loc, "this position has too many winning moves to count (more than the %d listed)",
                  SOLVE_MAX_WINNING);
    if (a->truncated)
        prog_fail(s->p, EXIT_LIMIT, loc, "the winning moves of this position cannot be counted: more than 2^20 "
                  "candidate moves of a component would have to be examined");
    int64_t n = (int64_t)a->nwin;
    if (!positions && a->moves) {   /* moves: every rule reaching a result, in each copy of its component */
        if (a->labels_cut)
            prog_fail(s->p, EXIT_LIMIT, loc, "a component of this position has more than 2^22 moves: its winning moves "
                      "cannot be counted (winning_positions counts the positions they reach)");
        if (a->nmoves > (uint64_t)INT64_MAX)
            prog_fail(s->p, EXIT_COMPILE, loc, "the number of winning moves overflows 64 bits");
        uint64_t total = a->nmoves;
        n = (int64_t)total;
    }
    prog_release(s->p, mark);
    solve_answer_free(a);
    return n;
}

Value solve_winning_move(Solver *s, const Value *pos, int64_t i, Loc loc)
{
    no_partizan_winning(s, pos, loc);
    size_t mark;
    Answer *a = solve_answer_new(s->p, &mark);
    solve_query(s, pos, loc, true, a);
    if (i < 0 || (uint64_t)i >= a->nwin)
        prog_fail(s->p, EXIT_COMPILE, loc, "there is no winning move number %lld (this position has %zu)", (long long)i,
                  a->nwin);
    if (a->mpos) {   /* a play mode's move: its components as they are */
        Value v = solve_answer_mpos(s, a, (size_t)i, loc);
        prog_release(s->p, mark);
        solve_answer_free(a);
        return v;
    }
    /* the position: the query's components with one copy of the moved one replaced by its parts
       (the first change reaching result i) */
    const struct AnswerMove *mv = a->moves;
    while (mv->result != (size_t)i) mv++;
    size_t m = a->ncomps + mv->nparts, k = 0;
    const int64_t **keys = vm_alloc(s->vm, (m ? m : 1) * sizeof *keys, loc);
    uint64_t *cnt = vm_alloc(s->vm, (m ? m : 1) * sizeof *cnt, loc);
    for (size_t j = 0; j < a->ncomps; j++) {
        uint64_t c = a->counts[j] - (j == mv->which);
        if (c) {
            keys[k] = eng_key(s->store, a->comps[j]);
            cnt[k++] = c;
        }
        if (j != mv->which) continue;
        for (uint32_t q = 0; q < mv->nparts; q++) {
            keys[k] = eng_key(s->store, mv->parts[q].id);
            cnt[k++] = mv->parts[q].count;
        }
    }
    Value v = val_pos(keys, cnt, (uint32_t)k);
    prog_release(s->p, mark);
    solve_answer_free(a);
    return v;
}

/* ---- positions compared as games ------------------------------------------------------------- */

typedef struct AnyMove { bool any; } AnyMove;
static int on_any_move(void *ctx, const Value *v, const Value *frame)
{
    (void)v;
    (void)frame;
    ((AnyMove *)ctx)->any = true;
    return 1;
}

/* The canonical non-terminal components of pos with their counts: a multiset. */
static size_t canon_ids(Solver *s, const Value *pos, Loc loc, AnswerPart **out)
{
    Engine *e = s->store;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(s, pos, loc, &keys, &cnt, &n);
    AnswerPart *ids = vm_alloc(s->vm, (n ? n : 1) * sizeof *ids, loc);
    uint32_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = eng_intern(e, keys[i], loc);
        bool terminal;
        if (e->st[id].flags & (ST_DONE | ST_OUTCOME)) {
            terminal = (e->st[id].flags & ST_TERMINAL) != 0;
        } else {
            AnyMove m = { false };
            size_t mark = scratch_mark(&s->vm->scratch);
            vm_enum_moves(s->vm, eng_key(e, id), on_any_move, &m);
            scratch_release(&s->vm->scratch, mark);
            terminal = !m.any;
        }
        if (!terminal && (!cnt || cnt[i])) ids[k++] = (AnswerPart){ id, cnt ? cnt[i] : 1 };
    }
    *out = ids;
    return solve_multiset(ids, k);
}

bool solve_same_position(Solver *s, const Value *a, const Value *b, Loc loc)
{
    AnswerPart *x, *y;
    if ((a->t == VT_POS ? a->strs : 0) != (b->t == VT_POS ? b->strs : 0)) return false;
    const PlayMode *pm = mode_of(a);
    if (pm) return pm->same(s, a, b, loc);
    if (pz_applies(s, a) || pz_applies(s, b)) {   /* equal as games: one canonical form */
        check_idle(s, loc);
        return pz_compare(s, a, b, loc) == '=';
    }
    size_t n = canon_ids(s, a, loc, &x), m = canon_ids(s, b, loc, &y);
    return n == m && parts_equal(x, y, n);
}

/* ---- the period statement ----------------------------------------------------------------------- */

/* Whether word w of key is the id of a long list (a view, listview.h): a name, not a number the
   position holds, so never the integer a family varies (ids 0 and 1 are two lists). */
static bool view_word(const int64_t *key, size_t w)
{
    uint64_t sig = (uint64_t)key[1];
    for (size_t a = 0, at = 2; at < KEY_LEN(key) && a < POS_MAX_ARGS; a++) {
        int ty = (int)((sig >> (2 * a)) & 3);
        if (ty == POS_ARG_LIST && ((uint64_t)key[at] & KEY_VIEW_BIT) && w == at + 1) return true;
        at += key_arg_words(key, at, ty);
    }
    return false;
}

bool solve_family_shape(const int64_t *key0, const int64_t *key1)
{
    size_t len = KEY_LEN(key0), cw = 0;
    int diffs = 0;
    if (KEY_LEN(key1) == len && key0[0] == key1[0] && key0[1] == key1[1])
        for (size_t w = 2; w < len; w++)
            if (key0[w] != key1[w]) { diffs++; cw = w; }
    return diffs == 1 && key1[cw] == key0[cw] + 1 && key0[cw] == 0 && !view_word(key0, cw);
}

size_t solve_family_word(Solver *s, const int64_t *key0, const int64_t *key1, Loc loc, const char *need)
{
    if (!solve_family_shape(key0, key1)) prog_fail(s->p, EXIT_COMPILE, loc, "%s", need);
    size_t cw = 2;
    while (key0[cw] == key1[cw]) cw++;
    return cw;
}

bool solve_period(Solver *s, const int64_t *key0, const int64_t *key1, uint64_t bound, Loc loc, SolvePeriod *out,
                  size_t *cwp, uint64_t *count)
{
    Program *p = s->p;
    memset(out, 0, sizeof *out);
    size_t cw = solve_family_word(s, key0, key1, loc, "period needs a position of one game whose integer argument is "
                                  "the variable itself, e.g. 'period Kayles(n) for n'");
    for (size_t j = 0; solve_strategies[j]; j++) {
        const Strategy *st = solve_strategies[j];
        if (st->period && solve_allowed(p, st->name) && st->period(s, s->state[j], key0, cw, bound, loc, out)) return true;
    }
    /* no strategy knows the family: the values one by one, by the strategies that apply */
    if (bound >= p->opt.max_instances)
        prog_fail(p, EXIT_LIMIT, loc, "period: %llu values of game '%s' exceed the limit of %llu instances "
                  "(raise it with --max-instances N)", (unsigned long long)bound + 1, p->code.games[KEY_GAME(key0)].name,
                  (unsigned long long)p->opt.max_instances);
    *cwp = cw;
    *count = bound ? bound + 1 : 1000;
    return false;
}

uint64_t solve_period_value(Solver *s, const int64_t *key, Loc loc)
{
    uint32_t id = eng_intern(s->store, key, loc);
    uint64_t v = solve_component(s, id, loc, NULL, true);
    GameValue gv = solve_value_of(&s->store->st[id]);
    if (gv.kind == GV_LOOPY) {   /* finite: γ without its counter; ∞(K): no sequence of numbers */
        if (gv.kset) {
            char b[200];
            key_text(s->p, key, b, sizeof b);
            prog_fail(s->p, EXIT_COMPILE, loc, "period: %s has the generalized value ∞(...) of a game with cycles; a "
                      "period is of SG values (table shows these values)", b);
        }
        v = gv.n;
    }
    return v;
}

void solve_period_values(const uint32_t *g, uint64_t L, SolvePeriod *out)
{
    memset(out, 0, sizeof *out);
    period_observed(g, L, out);
    out->checked = L;
    out->method = "search";
}

/* ---- the interpreter's host table ------------------------------------------------------------------ */

/* sg() or gamma() of a position whose value is v. */
static Value sg_result(Solver *s, GameValue v, bool gamma, Loc loc)
{
    if (v.kind == GV_SCORE)
        prog_fail(s->p, EXIT_COMPILE, loc, "%s: a scoring game has no Sprague-Grundy value; value() gives its score",
                  gamma ? "gamma()" : "sg()");
    if (gamma || (v.kind == GV_LOOPY && v.kset)) {
        StrBuf b;
        sb_init(&b);
        gv_print_loopy(&b, &v);
        const StrRec *r = prog_intern(s->p, b.s, b.len);
        sb_fini(&b);
        if (!gamma)
            prog_fail(s->p, EXIT_COMPILE, loc, "sg(): the position has no Sprague-Grundy value: its generalized value "
                      "is %.*s (with cycles, play can go on forever; gamma() gives that value)", (int)r->len, r->s);
        return val_str_rec(r);
    }
    if (!v.big && v.n <= (uint64_t)INT64_MAX) return val_int((int64_t)v.n);
    return nim_value(&v, s->vm, loc);
}

static Value host_sg(void *ctx, const Value *pos, bool gamma, Loc loc)
{
    return sg_result(ctx, solve_sg_value(ctx, pos, loc), gamma, loc);
}

/* sg(G(a, b, ...)) with integer arguments (the interpreter's SGPOS): the key on the stack, no
   position value made; a strategy's peek answers as in solve_sg_value (peek_sum of one
   component), else the position goes the usual way. */
static Value host_sg_ints(void *ctx, int g, const int64_t *args, int n, Loc loc)
{
    Solver *s = ctx;
    int64_t key[2 + VM_SGPOS_MAX];
    key[0] = (int64_t)((uint64_t)(uint32_t)g | ((uint64_t)(2 + n) << 32));
    key[1] = 0;
    for (int i = 0; i < n; i++) key[2 + i] = args[i];
    uint64_t x;
    if (!s->busy && peek_one(s, key, loc, &x)) {
        if (x <= (uint64_t)INT64_MAX) return val_int((int64_t)x);
        return sg_result(s, gv_sg(x), false, loc);
    }
    const int64_t *k = key;
    Value pos = val_pos(&k, NULL, 1);
    return sg_result(s, sum_value(s, &pos, loc), false, loc);
}

static char host_outcome(void *ctx, const Value *pos, Loc loc) { return solve_outcome_value(ctx, pos, loc); }
static bool host_same(void *ctx, const Value *a, const Value *b, Loc loc) { return solve_same_position(ctx, a, b, loc); }

/* mean(), temperature(), leftstop(), rightstop(): a partizan position's figure as text (an
   impartial one is a nimber: mean 0, stops 0, temperature 0 or -1 for 0). */
static Value host_partizan(void *ctx, const Value *pos, int which, Loc loc)
{
    Solver *s = ctx;
    check_idle(s, loc);
    if (mode_of(pos))
        prog_fail(s->p, EXIT_COMPILE, loc, "misere play and the compounds have no thermograph: mean(), temperature() and "
                  "the stops are for positions in normal play");
    char *t = pz_figure(s, pos, which, loc);
    const StrRec *r = prog_intern(s->p, t, strlen(t));
    xfree(t);
    return val_str_rec(r);
}

/* Two positions as games: partizan ones by their canonical forms; impartial ones (normal play) are
   equal when their SG values are, else confused (G - H is impartial: a P- or an N-position). */
static char host_compare(void *ctx, const Value *a, const Value *b, Loc loc)
{
    Solver *s = ctx;
    if (pz_applies(s, a) || pz_applies(s, b)) {
        check_idle(s, loc);
        if (mode_of(a) || mode_of(b))
            prog_fail(s->p, EXIT_COMPILE, loc, "misere play and the compounds are for impartial games: a partizan "
                      "position compares only with positions in normal play");
        return pz_compare(s, a, b, loc);
    }
    if (mode_of(a) || mode_of(b))
        prog_fail(s->p, EXIT_COMPILE, loc, "misere play and the compounds have no order as games: compare their "
                  "outcomes, or positions in normal play");
    GameValue x = solve_sg_value(s, a, loc), y = solve_sg_value(s, b, loc);
    if (!gv_finite(&x) || !gv_finite(&y))
        prog_fail(s->p, EXIT_COMPILE, loc, "games with cycles have no order as games here: compare their outcomes");
    return nim_cmp(&x, &y) ? '|' : '=';
}
static int64_t host_count(void *ctx, const Value *pos, bool positions, Loc loc)
{
    return solve_winning_count(ctx, pos, loc, positions);
}
static Value host_move(void *ctx, const Value *pos, int64_t i, Loc loc) { return solve_winning_move(ctx, pos, i, loc); }

static Value host_score(void *ctx, const Value *pos, Loc loc)
{
    Solver *s = ctx;
    if (pz_applies(s, pos)) {   /* a partizan position: its canonical form as text */
        check_idle(s, loc);
        CgtId f = pz_form(s, pos, loc);
        StrBuf b;
        sb_init(&b);
        cgt_print(pz_store(s), &b, f, false);
        const StrRec *r = prog_intern(s->p, b.s, b.len);
        sb_fini(&b);
        return val_str_rec(r);
    }
    GameValue v = solve_sg_value(s, pos, loc);
    if (v.kind == GV_SG && !v.big && !mode_of(pos)) {   /* an impartial position: the nimber *n, as in a partizan sum */
        char t[32];
        if (v.n == 0) snprintf(t, sizeof t, "0");
        else if (v.n == 1) snprintf(t, sizeof t, "*");
        else snprintf(t, sizeof t, "*%llu", (unsigned long long)v.n);
        return val_str_rec(prog_intern(s->p, t, strlen(t)));
    }
    if (v.kind != GV_SCORE)
        prog_fail(s->p, EXIT_COMPILE, loc, "value() is the score of a scoring game, or a position's canonical form "
                  "(an impartial game's nimber *n); this position's value is not one (sg() or gamma() gives it)");
    return score_value(&v);
}

void solve_host(Solver *s, VmHost *host)
{
    *host = (VmHost){ s, host_sg, host_outcome, host_same, host_partizan, host_compare, host_count, host_move, host_score,
                      host_sg_ints };
}
