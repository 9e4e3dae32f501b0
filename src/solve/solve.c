/* solve.c: splits a query into components, solves each by the first applicable strategy, and
   combines them by the sum rule (XOR); finds winning moves. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/memo.h"
#include "pos.h"
#include "vm.h"
#include "solve/dense.h"
#include "solve/closed.h"
#include "solve/seq.h"
#include <stdlib.h>
#include <string.h>

static bool memo_applies(Engine *e, const int64_t *key) { (void)e; (void)key; return true; }
static bool memo_solve(Engine *e, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    memo_sg(e, id, loc);
    return true;
}

static bool table_solve(Engine *e, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    uint64_t g;
    bool terminal;
    if (!dense_solve(e, e->st[id].key, loc, &g, &terminal)) return false;
    State *s = &e->st[id];
    s->sg = g;
    s->flags = ST_DONE | (terminal ? ST_TERMINAL : 0);
    s->how = SOLVED_TABLE;
    return true;
}

static bool closed_applies(Engine *e, const int64_t *key) { return closed_has_form(e->p, key); }

/* An outcome-only form marks an N-position ST_OUTCOME (its SG value stays unknown); a P-position
   has SG 0, so it is solved outright. */
static bool closed_solve(Engine *e, uint32_t id, Loc loc, bool need_sg)
{
    (void)loc;
    ClosedAnswer a;
    const ClosedForm *f = closed_find(e->p, e->st[id].key, &a);
    if (!f || (a.outcome_only && a.sg && need_sg)) return false;
    State *s = &e->st[id];
    s->sg = a.sg;
    s->flags = (a.outcome_only && a.sg ? ST_OUTCOME : ST_DONE) | (a.terminal ? ST_TERMINAL : 0);
    s->how = SOLVED_CLOSED + (uint32_t)closed_index(f);
    return true;
}

/* ORDER matters: the first strategy that applies and does not decline answers. */
static const Strategy strategies[] = {
    { "closed", closed_applies, closed_solve },
    { "sequence", seq_applies, seq_solve },
    { "table", dense_applies, table_solve },
    { "memo", memo_applies, memo_solve },
};

static bool allowed(const Program *p, const char *name)
{
    return !p->force_strategy || !strcmp(p->force_strategy, name);
}

void solve_try_closed(Engine *e, uint32_t id)
{
    if (allowed(e->p, "closed")) closed_solve(e, id, (Loc){ 0 }, true);
}

const char *solve_how_name(uint32_t how)
{
    if (how >= SOLVED_CLOSED) return closed_at((int)(how - SOLVED_CLOSED))->strategy;
    if (how >= SOLVED_SEQ) return seq_how_name(how - SOLVED_SEQ);
    return how == SOLVED_TABLE ? "table" : "memo";
}

uint64_t solve_component(Program *p, uint32_t id, Loc loc, const char **strategy, bool need_sg)
{
    Engine *e = p->eng;
    const int64_t *key = e->st[id].key;
    uint32_t fl = e->st[id].flags;
    if ((fl & ST_DONE) || ((fl & ST_OUTCOME) && !need_sg)) {
        if (strategy) *strategy = solve_how_name(e->st[id].how);
        return e->st[id].sg;
    }
    for (size_t j = 0; j < sizeof strategies / sizeof strategies[0]; j++) {
        const Strategy *s = &strategies[j];
        if (!allowed(p, s->name)) continue;
        if (!s->applies(e, key)) continue;
        const int64_t *saved = e->root;
        e->root = key;
        bool ok = s->solve(e, id, loc, need_sg);
        e->root = saved;
        if (ok) {
            if (strategy) *strategy = solve_how_name(e->st[id].how);
            return e->st[id].sg;
        }
    }
    /* memo applies to everything; only a forced strategy that declines gets here */
    prog_fail(p, EXIT_COMPILE, loc, "strategy '%s' cannot solve this position", p->force_strategy ? p->force_strategy : "?");
}

typedef struct Comp { uint32_t id; uint64_t sg; const char *strategy; } Comp;

static void check_idle(Program *p, Loc loc)
{
    if (p->eng->busy)
        prog_fail(p, EXIT_COMPILE, loc, "sg() and 'is' cannot be used inside a game's moves "
                  "(the solver is enumerating moves); compute such values with def helpers instead");
}

/* Intern and solve each component; returns the count, fills comps (in scratch memory). With
   outcome_ok a lone component may be decided by an outcome-only form (its sg is then 0 or 1). */
static size_t solve_comps(Program *p, const Value *pos, Loc loc, Comp **out, bool outcome_ok, const char **first)
{
    Engine *e = p->eng;
    const int64_t *const *keys;
    uint32_t n;
    check_idle(p, loc);
    memo_components(e, pos, loc, &keys, &n);
    Comp *c = vm_alloc(p->vm, (n ? n : 1) * sizeof *c, loc);
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = eng_intern(e, keys[i], loc);
        const char *name;
        uint64_t g = solve_component(p, id, loc, &name, !(outcome_ok && n == 1));
        if (first && i == 0) *first = name;
        if (e->st[id].flags & ST_TERMINAL) continue;   /* terminal components are dropped */
        c[k].id = id;
        c[k].sg = g;
        c[k].strategy = name;
        k++;
    }
    *out = c;
    return k;
}

uint64_t solve_sg_value(Program *p, const Value *pos, Loc loc)
{
    Comp *c;
    size_t n = solve_comps(p, pos, loc, &c, false, NULL);
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x ^= c[i].sg;
    return x;
}

char solve_outcome_value(Program *p, const Value *pos, Loc loc)
{
    Comp *c;
    size_t n = solve_comps(p, pos, loc, &c, true, NULL);
    uint64_t x = 0;
    for (size_t i = 0; i < n; i++) x ^= c[i].sg;
    return x ? 'N' : 'P';
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Print the sum of states ids (terminal ones dropped) in the given order. */
static char *print_ids(Program *p, const uint32_t *ids, size_t n)
{
    Engine *e = p->eng;
    const int64_t **keys = vm_alloc(p->vm, (n ? n : 1) * sizeof *keys, (Loc){0});
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (!(e->st[ids[i]].flags & ST_TERMINAL)) keys[k++] = e->st[ids[i]].key;
    StrBuf b;
    sb_init(&b);
    key_print_sum(p, &b, keys, k);
    return sb_take(&b);
}

typedef struct WinCtx {
    Program *p;
    Loc loc;
    uint64_t target;          /* the value the moved component must get */
    const Comp *comps;
    size_t ncomps, which;
    Answer *a;                /* collects the winning positions and the multisets already listed */
    uint64_t budget;          /* moves still to examine (0: no limit) */
    bool cut;                 /* the budget ran out */
} WinCtx;

static int on_win_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    WinCtx *w = ctx;
    Answer *a = w->a;
    Engine *e = w->p->eng;
    if (w->budget && --w->budget == 0) {
        w->cut = true;
        return 1;
    }
    const int64_t *const *keys;
    uint32_t n;
    memo_components(e, v, w->loc, &keys, &n);
    uint64_t x = 0;
    size_t total = w->ncomps - 1 + n;
    uint32_t *ids = vm_alloc(w->p->vm, (total ? total : 1) * sizeof *ids, w->loc);
    size_t k = 0;
    for (size_t i = 0; i < w->which; i++) ids[k++] = w->comps[i].id;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = eng_intern(e, keys[i], w->loc);
        /* a lone component aiming at a P-position needs only its outcome */
        x ^= solve_component(w->p, id, w->loc, NULL, !(w->ncomps == 1 && n == 1 && w->target == 0));
        ids[k++] = id;
    }
    for (size_t i = w->which + 1; i < w->ncomps; i++) ids[k++] = w->comps[i].id;
    if (x != w->target) return 0;
    /* de-duplicate by the multiset of non-terminal components */
    uint32_t *norm = vm_alloc(w->p->vm, (total ? total : 1) * sizeof *norm, w->loc);
    size_t m = 0;
    for (size_t i = 0; i < total; i++)
        if (!(e->st[ids[i]].flags & ST_TERMINAL)) norm[m++] = ids[i];
    qsort(norm, m, sizeof *norm, cmp_u32);
    for (size_t i = 0; i < a->nseen; i++)
        if (a->seenlen[i] == m && !memcmp(a->seen[i], norm, m * sizeof *norm)) return 0;
    uint32_t *keep = xmalloc((m ? m : 1) * sizeof *keep);
    memcpy(keep, norm, m * sizeof *keep);
    VEC_PUSH(a->seen, a->nseen, a->capseen, keep);
    a->nseen--;
    VEC_PUSH(a->seenlen, a->nseen, a->capseenlen, m);
    char *s = print_ids(w->p, ids, total);
    VEC_PUSH(a->winning, a->nwin, a->capwin, s);
    return a->nwin >= SOLVE_MAX_WINNING;
}

void solve_query(Program *p, const Value *pos, Loc loc, bool moves, Answer *a)
{
    memset(a, 0, sizeof *a);
    Comp *c;
    const char *first = NULL;   /* names the strategy when every component is terminal */
    size_t n = solve_comps(p, pos, loc, &c, true, &first);
    uint64_t x = 0;
    const char *strategy = NULL;
    bool mixed = false;
    for (size_t i = 0; i < n; i++) {
        x ^= c[i].sg;
        if (strategy && strcmp(strategy, c[i].strategy)) mixed = true;
        strategy = c[i].strategy;
    }
    a->sg = x;
    a->has_sg = !(n == 1 && (p->eng->st[c[0].id].flags & ST_OUTCOME));
    a->outcome = x ? 'N' : 'P';
    a->strategy = mixed ? "sum" : strategy ? strategy : first ? first : "memo";
    uint32_t *ids = vm_alloc(p->vm, (n ? n : 1) * sizeof *ids, loc);
    for (size_t i = 0; i < n; i++) ids[i] = c[i].id;
    a->position = print_ids(p, ids, n);
    if (!mixed && n) {   /* one method for every component: say which theorem it rests on */
        uint32_t how = p->eng->st[c[0].id].how;
        StrBuf b;
        sb_init(&b);
        if (how >= SOLVED_CLOSED) sb_puts(&b, closed_at((int)(how - SOLVED_CLOSED))->why);
        else if (how >= SOLVED_SEQ) seq_explain(p, p->eng->st[c[0].id].key, &b);
        a->why = b.len ? sb_take(&b) : NULL;
        sb_fini(&b);
    }
    if (moves && x) {
        WinCtx w = { .p = p, .loc = loc, .comps = c, .ncomps = n, .a = a };
        Engine *e = p->eng;
        for (size_t i = 0; i < n && a->nwin < SOLVE_MAX_WINNING; i++) {
            uint64_t t = x ^ c[i].sg;
            if (t >= c[i].sg) continue;   /* SG theory: only a component whose value drops can win */
            w.which = i;
            w.target = t;
            size_t mark = scratch_mark(&p->vm->scratch);
            const int64_t *key = e->st[c[i].id].key;
            uint32_t how = e->st[c[i].id].how;
            const ClosedForm *f = how >= SOLVED_CLOSED ? closed_at((int)(how - SOLVED_CLOSED)) : NULL;
            if (how >= SOLVED_SEQ && how < SOLVED_CLOSED && seq_big_heap(p, key)) {
                if (!seq_moves(p, key, t, on_win_move, &w)) a->truncated = true;
            } else if (f && f->moves) {
                Value args[CLOSED_MAX_ARGS];
                int na = closed_args(p, key, args);
                if (!f->moves(p->vm, (int)KEY_GAME(key), args, na, t, on_win_move, &w)) a->truncated = true;
            } else {
                /* a closed form answered without the rules' moves being enumerated: their number
                   is unbounded (KamPebbles(10^18)), so the scan is cut as the forms' own are */
                w.budget = how >= SOLVED_CLOSED ? CLOSED_MAX_SCAN : 0;
                w.cut = false;
                vm_enum_moves(p->vm, key, on_win_move, &w);
                if (w.cut) a->truncated = true;
                w.budget = 0;
            }
            scratch_release(&p->vm->scratch, mark);
            if (a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
        }
    }
}

void solve_answer_fini(Answer *a)
{
    for (size_t i = 0; i < a->nseen; i++) free(a->seen[i]);
    free(a->seen);
    free(a->seenlen);
    free(a->position);
    free(a->why);
    for (size_t i = 0; i < a->nwin; i++) free(a->winning[i]);
    free(a->winning);
    memset(a, 0, sizeof *a);
}

/* ---- winning moves and positions as values ---------------------------------------------- */

/* Run a query with winning moves into a fresh answer owned by p (freed after an error too). */
static Answer *answer_of(Program *p, const Value *pos, Loc loc, Answer **saved)
{
    Answer *a = xcalloc(1, sizeof *a);
    *saved = p->answer;
    if (*saved) {   /* only one answer is tracked for error cleanup: keep the outer one */
        free(a);
        prog_fail(p, EXIT_COMPILE, loc, "winning moves cannot be asked for while a query is being answered");
    }
    p->answer = a;
    solve_query(p, pos, loc, true, a);
    return a;
}

static void answer_done(Program *p, Answer *a, Answer *saved)
{
    solve_answer_fini(a);
    free(a);
    p->answer = saved;
}

int64_t solve_winning_count(Program *p, const Value *pos, Loc loc)
{
    Answer *saved;
    Answer *a = answer_of(p, pos, loc, &saved);
    if (a->truncated) {
        answer_done(p, a, saved);
        prog_fail(p, EXIT_LIMIT, loc, "this position has too many winning moves to count (more than the %d listed)",
                  SOLVE_MAX_WINNING);
    }
    int64_t n = (int64_t)a->nwin;
    answer_done(p, a, saved);
    return n;
}

Value solve_winning_move(Program *p, const Value *pos, int64_t i, Loc loc)
{
    Answer *saved;
    Answer *a = answer_of(p, pos, loc, &saved);
    if (i < 0 || (uint64_t)i >= a->nwin) {
        size_t n = a->nwin;
        answer_done(p, a, saved);
        prog_fail(p, EXIT_COMPILE, loc, "there is no winning move number %lld (this position has %zu)", (long long)i, n);
    }
    size_t m = a->seenlen[i];
    Value v = { .t = VT_POS, .n = (uint32_t)m };
    const int64_t **keys = vm_alloc(p->vm, (m ? m : 1) * sizeof *keys, loc);
    for (size_t j = 0; j < m; j++) keys[j] = p->eng->st[a->seen[i][j]].key;
    v.u.p = keys;
    answer_done(p, a, saved);
    return v;
}

typedef struct AnyMove { bool any; } AnyMove;
static int on_any_move(void *ctx, const Value *v, const Value *frame)
{
    (void)v;
    (void)frame;
    ((AnyMove *)ctx)->any = true;
    return 1;
}

/* The canonical non-terminal components of pos, sorted. */
static size_t canon_ids(Program *p, const Value *pos, Loc loc, uint32_t **out)
{
    Engine *e = p->eng;
    const int64_t *const *keys;
    uint32_t n;
    memo_components(e, pos, loc, &keys, &n);
    uint32_t *ids = vm_alloc(p->vm, (n ? n : 1) * sizeof *ids, loc);
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = eng_intern(e, keys[i], loc);
        bool terminal;
        if (e->st[id].flags & (ST_DONE | ST_OUTCOME)) {
            terminal = (e->st[id].flags & ST_TERMINAL) != 0;
        } else {
            AnyMove m = { false };
            size_t mark = scratch_mark(&p->vm->scratch);
            vm_enum_moves(p->vm, e->st[id].key, on_any_move, &m);
            scratch_release(&p->vm->scratch, mark);
            terminal = !m.any;
        }
        if (!terminal) ids[k++] = id;
    }
    qsort(ids, k, sizeof *ids, cmp_u32);
    *out = ids;
    return k;
}

bool solve_same_position(Program *p, const Value *a, const Value *b, Loc loc)
{
    uint32_t *x, *y;
    size_t n = canon_ids(p, a, loc, &x), m = canon_ids(p, b, loc, &y);
    return n == m && (n == 0 || !memcmp(x, y, n * sizeof *x));
}
