/* closed.c: the closed strategy: the registry of closed forms (one family per file), the form of a
   standard-library game, and the strategy entry that answers by it where its proof covers the
   position (each family decides that in its eval). */
#include "config.h"
#include "key.h"
#include "solve/closed/closed.h"
#include "rules.h"
#include "solve/core/nimber.h"
#include "bignum.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

static const ClosedForm *const families[] = { closed_heap_forms, closed_pair_forms, closed_coin_forms, closed_multi_forms,
                                              closed_board_forms, closed_row_forms,
                                              closed_array_forms };

const ClosedForm *closed_at(int i)
{
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const ClosedForm *c = families[f]; c->game; c++)
            if (i-- == 0) return c;
    return NULL;
}

int closed_index(const ClosedForm *form)
{
    int i = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const ClosedForm *c = families[f]; c->game; c++, i++)
            if (c == form) return i;
    return -1;
}

Value *closed_args(const Program *p, const int64_t *key, Value *buf, Vm *scratch, int *nargs)
{
    int n = key_decode(p, key, buf);
    const Game *G = &p->code.games[KEY_GAME(key)];
    Value *args = buf;
    if (G->variadic) {   /* spread the variadic list into separate arguments */
        Value last = buf[n - 1];
        n--;
        if (last.t != VT_LIST || (size_t)n + last.n > CLOSED_MAX_SPREAD) return NULL;
        if (n + (int)last.n > CLOSED_MAX_ARGS) {
            size_t bytes = ((size_t)n + last.n) * sizeof *args;
            args = scratch ? vm_alloc(scratch, bytes, (Loc){ 0 }) : xmalloc(bytes);
            memcpy(args, buf, (size_t)n * sizeof *args);
        }
        for (uint32_t i = 0; i < last.n; i++) args[n++] = val_elem(&last, i);
    }
    *nargs = n;
    return args;
}

/* The strategy's state: per game the index of its form (-1: none), once looked up; per form its
   cache. */
typedef struct Closed { int *form; size_t n; ClosedCache **cache; size_t ncache; } Closed;

static const ClosedForm *form_of(Closed *c, const Program *p, int gid)
{
    if ((size_t)gid >= c->n) {
        size_t n = p->code.ngames;
        c->form = xrealloc(c->form, n * sizeof *c->form);
        for (size_t i = c->n; i < n; i++) c->form[i] = -2;
        c->n = n;
    }
    if (c->form[gid] == -2) {   /* only games the standard library declared, by name */
        c->form[gid] = -1;
        for (int i = 0; p->code.games[gid].stdlib && closed_at(i); i++)
            if (!strcmp(closed_at(i)->game, p->code.games[gid].name)) c->form[gid] = i;
    }
    return c->form[gid] < 0 ? NULL : closed_at(c->form[gid]);
}

static void *closed_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Closed));
}

static void closed_fini(Solver *s, void *st)
{
    (void)s;
    Closed *c = st;
    for (size_t i = 0; i < c->ncache; i++)
        if (c->cache[i]) c->cache[i]->free(c->cache[i]);
    xfree(c->cache);
    xfree(c->form);
    xfree(c);
}

/* The cache of form f (made on first use). */
static ClosedCache **form_cache(Closed *c, const ClosedForm *f)
{
    size_t fi = (size_t)closed_index(f);
    if (fi >= c->ncache) {
        c->cache = xrealloc(c->cache, (fi + 1) * sizeof *c->cache);
        memset(c->cache + c->ncache, 0, (fi + 1 - c->ncache) * sizeof *c->cache);
        c->ncache = fi + 1;
    }
    return &c->cache[fi];
}

static bool closed_applies(Solver *s, void *st, const int64_t *key)
{
    return form_of(st, s->p, (int)KEY_GAME(key)) != NULL;
}

/* The form decides when its proof covers the arguments. An outcome-only form marks an
   N-position ST_OUTCOME (its SG value stays unknown); a P-position has SG 0, so it is solved
   outright. */
static SolveResult closed_solve(Solver *s, void *st, uint32_t id, Loc loc, bool need_sg)
{
    const int64_t *key = eng_key(s->store, id);
    const ClosedForm *f = form_of(st, s->p, (int)KEY_GAME(key));
    Value buf[CLOSED_MAX_ARGS];
    int n = -1;
    Value *args = closed_args(s->p, key, buf, NULL, &n);
    ClosedAnswer a;
    memset(&a, 0, sizeof a);
    a.cache = form_cache(st, f);
    a.p = s->p;
    a.loc = prog_here(s->p, loc);
    bool ok = args && f->eval(args, n, &a) && !(a.outcome_only && a.sg && need_sg);
    if (args != buf) xfree(args);
    GameValue v = gv_sg(a.sg);
    if (a.is_big) {   /* eval calls no callback: nothing unwinds past it */
        v = nim_from_mpz(s->p, a.big);
        mpz_clear(a.big);
    }
    if (!ok) return SOLVE_DECLINE;
    State *x = &s->store->st[id];
    x->flags = (a.outcome_only && a.sg ? ST_OUTCOME : ST_DONE) | (a.terminal ? ST_TERMINAL : 0);
    nim_store(x, &v);
    x->how = solve_how(&strategy_closed, (uint32_t)closed_index(f) | (a.rules_moves ? CLOSED_RULES_MOVES : 0));
    return SOLVE_DONE;
}

/* The value of a game whose form covers key's arguments, without a state: the SG value when the
   form gives it within 64 bits (sg() and outcome() of a sum of many such components store
   nothing). A canon that sorts the integer arguments is applied here; a game with another canon
   has no peek. */
static bool closed_peek(Solver *s, void *st, const int64_t *key, Loc loc, uint64_t *sg)
{
    const Game *g = &s->p->code.games[KEY_GAME(key)];
    const ClosedForm *f = form_of(st, s->p, (int)KEY_GAME(key));
    if (!f) return false;
    int sort = 0;
    if (g->canon_fn >= 0) {
        CanonForm cf = g->rules ? g->rules->canon_form : CF_NONE;
        if (cf != CF_SORT_UP && cf != CF_SORT_DOWN) return false;
        sort = cf == CF_SORT_UP ? 1 : -1;
    }
    Value buf[CLOSED_MAX_ARGS];
    int n = -1;
    Value *args = closed_args(s->p, key, buf, NULL, &n);
    if (args && sort) {   /* the canon's order (integer arguments only) */
        bool ints = args == buf;
        for (int i = 0; i < n && ints; i++) ints = args[i].t == VT_INT;
        if (!ints) {
            if (args != buf) xfree(args);
            return false;
        }
        for (int i = 1; i < n; i++)
            for (int k = i; k > 0 && (sort > 0 ? args[k - 1].u.i > args[k].u.i : args[k - 1].u.i < args[k].u.i); k--) {
                Value t = args[k];
                args[k] = args[k - 1];
                args[k - 1] = t;
            }
    }
    ClosedAnswer a;
    memset(&a, 0, sizeof a);
    a.cache = form_cache(st, f);
    a.p = s->p;
    a.loc = prog_here(s->p, loc);
    int game = s->p->run.work_game;
    s->p->run.work_game = (int)KEY_GAME(key);   /* for the budgets' messages (a long form polls) */
    bool ok = args && f->eval(args, n, &a) && !(a.outcome_only && a.sg);
    s->p->run.work_game = game;
    if (args != buf) xfree(args);
    if (a.is_big) {
        mpz_clear(a.big);
        return false;
    }
    if (!ok) return false;
    *sg = a.sg;
    return true;
}

static const char *closed_name(Solver *s, void *st, uint32_t variant)
{
    (void)s;
    (void)st;
    return closed_at((int)(variant & ~CLOSED_RULES_MOVES))->strategy;
}

static void closed_explain(Solver *s, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts)
{
    (void)s;
    (void)st;
    (void)id;
    const ClosedForm *f = closed_at((int)(variant & ~CLOSED_RULES_MOVES));
    sb_puts(b, f->why);
    const char *colon = strchr(f->strategy, ':');
    solve_fact_text(facts, "form", colon ? colon + 1 : f->strategy);
    solve_fact_text(facts, "theorem", f->why);
    solve_fact_int(facts, "outcome_only", f->p_only);
}

/* The form's own winning moves where it has them; the rules otherwise. */
static SolveMoves closed_moves(Solver *s, void *st, uint32_t id, const GameValue *want, VmYield cb, void *ctx)
{
    (void)st;
    const int64_t *key = eng_key(s->store, id);
    uint32_t variant = HOW_VARIANT(s->store->st[id].how);
    if (variant & CLOSED_RULES_MOVES) return MOVES_RULES;
    const ClosedForm *f = closed_at((int)variant);
    GameValue t = want->kind == GV_SG ? *want : gv_sg(0);   /* a move to a P-position: value 0 */
    /* a form that decides only the outcome knows only the moves to P-positions */
    if (!f->moves || ((t.n || t.big) && (f->p_only || (s->store->st[id].flags & ST_SGSEARCH)))) return MOVES_RULES;
    Value buf[CLOSED_MAX_ARGS];
    int n = -1;
    const Value *args = closed_args(s->p, key, buf, s->vm, &n);   /* in the VM's scratch: a callback may unwind */
    if (!args) return MOVES_SOME;
    return f->moves(s->vm, (int)KEY_GAME(key), args, n, &t, cb, ctx) ? MOVES_ALL : MOVES_SOME;
}

static bool closed_pace(Solver *s, void *st, uint32_t id, unsigned which, uint64_t *out)
{
    (void)st;
    const State *x = &s->store->st[id];
    if (HOW_STRATEGY(x->how) != HOW_STRATEGY(solve_how(&strategy_closed, 0))) return false;
    const ClosedForm *f = closed_at((int)(HOW_VARIANT(x->how) & ~CLOSED_RULES_MOVES));
    if (!f->pace) return false;
    Value buf[CLOSED_MAX_ARGS];
    int n = -1;
    Value *args = closed_args(s->p, eng_key(s->store, id), buf, NULL, &n);
    bool ok = args && f->pace(args, n, which, out);
    if (args != buf) xfree(args);
    return ok;
}

const Strategy strategy_closed = {
    .name = "closed",
    .id = STRATEGY_CLOSED,
    .cheap = true,
    .init = closed_init,
    .fini = closed_fini,
    .applies = closed_applies,
    .solve = closed_solve,
    .name_of = closed_name,
    .explain = closed_explain,
    .moves = closed_moves,
    .pace = closed_pace,
    .peek = closed_peek,
};
