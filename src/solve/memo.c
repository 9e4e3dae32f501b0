/* memo.c: the memo strategy: depth-first SG search over interned states with an explicit stack
   (no C recursion); each state's options are recorded on its first enumeration, so when it is on
   top again its value is the mex of their values without enumerating it a second time. Applies
   to every acyclic ruleset. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/nimber.h"
#include <stdlib.h>
#include <string.h>

/* A stack entry: the state, and where its recorded options start (UNEXPANDED before it is
   enumerated, NORECORD when the option buffer was full). */
typedef struct Frame { uint32_t id; uint32_t opt; } Frame;
#define UNEXPANDED UINT32_MAX
#define NORECORD (UINT32_MAX - 1)
#define MAX_OPT ((size_t)1 << 27)

typedef struct Memo {
    Frame *stack;
    size_t sp, scap;
    uint32_t *opt;          /* per recorded move: its component count, then the component ids */
    size_t nopt, capopt;
    Mex mex;
} Memo;

typedef struct MemoCtx { Solver *s; Memo *m; Loc loc; size_t pushed; size_t moves; bool recording; uint32_t cycle; } MemoCtx;

static void push(Memo *m, uint32_t id)
{
    Frame f = { id, UNEXPANDED };
    VEC_PUSH(m->stack, m->sp, m->scap, f);
}

static void record(Memo *m, uint32_t v)
{
    VEC_PUSH(m->opt, m->nopt, m->capopt, v);
}

/* First enumeration of a state: intern every option's components, push the unsolved ones, and
   record the options (when there is room) so that the state need not be enumerated again. */
static int on_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    MemoCtx *c = ctx;
    Memo *m = c->m;
    Engine *e = c->s->store;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(c->s, v, c->loc, &keys, &cnt, &n);
    c->moves++;
    /* copies of a component cancel in pairs: an option's value is the XOR of the components with
       an odd count (the others are solved all the same, as their rules are part of the game) */
    uint32_t nodd = n;
    if (cnt) {
        nodd = 0;
        for (uint32_t i = 0; i < n; i++) nodd += (uint32_t)(cnt[i] & 1);
    }
    if (c->recording) record(m, nodd);
    uint64_t x = 0;
    bool big = false;
    for (uint32_t i = 0; i < n; i++) {
        if (c->s->p->games[KEY_GAME(keys[i])].scoring) {   /* a score is no SG value */
            char b[200];
            key_text(c->s->p, keys[i], b, sizeof b);
            prog_fail(c->s->p, EXIT_COMPILE, c->loc, "a move of an impartial game leads to %s, a position of a scoring "
                      "game", b);
        }
        uint32_t id = eng_intern(e, keys[i], c->loc);
        bool odd = !cnt || (cnt[i] & 1);
        if (c->recording && odd) record(m, id);
        const State *s = &e->st[id];
        if (!(s->flags & ST_DONE)) solve_cheap(c->s, id);
        if ((s->flags & ST_DONE) && ST_KIND(s->flags) == GV_LOOPY) {   /* a game with cycles: not for mex */
            c->cycle = id;
            return 1;
        }
        if (s->flags & ST_DONE) {
            if (odd) {
                x ^= s->sg;
                big |= (s->flags & ST_BIG) != 0;
            }
        } else {
            if (s->flags & ST_ONPATH) {   /* a position on the search path again: a cycle */
                c->cycle = id;
                return 1;
            }
            push(m, id);
            c->pushed++;
        }
    }
    if (big && !c->pushed) {   /* a component beyond 64 bits: the option's value exactly */
        uint32_t *ids = vm_alloc(c->s->vm, (nodd ? nodd : 1) * sizeof *ids, c->loc);
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (!cnt || (cnt[i] & 1)) ids[k++] = eng_intern(e, keys[i], c->loc);
        if (!nim_xor_small(e, ids, k, &x)) return 0;   /* beyond 64 bits: above any mex */
    }
    if (!c->pushed) mex_set(&m->mex, x);
    return 0;
}

/* The state's value from its recorded options (all solved by now). */
static void mex_from_record(Memo *m, const Engine *e, size_t from)
{
    mex_clear(&m->mex);
    for (size_t i = from; i < m->nopt;) {
        uint32_t n = m->opt[i++];
        uint64_t x = 0;
        bool big = false;
        for (uint32_t j = 0; j < n; j++) {
            x ^= e->st[m->opt[i + j]].sg;
            big |= (e->st[m->opt[i + j]].flags & ST_BIG) != 0;
        }
        if (!big || nim_xor_small(e, m->opt + i, n, &x)) mex_set(&m->mex, x);
        i += n;
    }
}

static void finish(Memo *m, Engine *e, uint32_t id, size_t moves, Loc loc)
{
    uint64_t g = mex_value(&m->mex);
    if (g >= UINT32_MAX) prog_fail(e->p, EXIT_LIMIT, loc, "SG value too large");
    State *s = &e->st[id];
    s->sg = g;
    s->flags = ST_DONE | (moves == 0 ? ST_TERMINAL : 0);
    s->how = solve_how(&strategy_memo, 0);
}

static SolveResult memo_sg(Solver *sv, Memo *m, uint32_t root, Loc loc)
{
    Engine *e = sv->store;
    if (e->st[root].flags & ST_DONE) return SOLVE_DONE;
    size_t base = m->sp, nopt0 = m->nopt;
    push(m, root);
    MemoCtx c = { .s = sv, .m = m, .loc = loc, .cycle = UINT32_MAX };
    while (m->sp > base) {
        Frame *f = &m->stack[m->sp - 1];
        uint32_t id = f->id;
        State *s = &e->st[id];
        if (s->flags & ST_DONE) {
            m->sp--;
            continue;
        }
        if (f->opt != UNEXPANDED && f->opt != NORECORD) {
            /* second visit: every option is solved; no need to enumerate again */
            size_t from = f->opt;
            size_t moves = 0;
            for (size_t i = from; i < m->nopt; i += 1 + m->opt[i]) moves++;
            mex_from_record(m, e, from);
            m->nopt = from;
            finish(m, e, id, moves, loc);
            m->sp--;
            continue;
        }
        s->flags |= ST_ONPATH;
        mex_clear(&m->mex);
        c.pushed = 0;
        c.moves = 0;
        c.recording = f->opt == UNEXPANDED && m->nopt < MAX_OPT;
        size_t from = m->nopt;
        size_t sp0 = m->sp;
        size_t mark = scratch_mark(&sv->vm->scratch);
        sv->busy++;
        vm_enum_moves(sv->vm, eng_key(e, id), on_move, &c);
        sv->busy--;
        scratch_release(&sv->vm->scratch, mark);
        if (c.cycle != UINT32_MAX) {   /* back to idle; the solver reports the cycle */
            sv->cycle = eng_key(e, c.cycle);
            for (size_t i = base; i < m->sp; i++) e->st[m->stack[i].id].flags &= ~(uint32_t)ST_ONPATH;
            m->sp = base;
            m->nopt = nopt0;
            return SOLVE_CYCLE;
        }
        f = &m->stack[sp0 - 1];   /* the stack may have moved */
        if (c.pushed) {   /* children first; this state is finished when it is on top again */
            f->opt = c.recording ? (uint32_t)from : NORECORD;
            if (!c.recording) m->nopt = from;
            continue;
        }
        m->nopt = from;
        finish(m, e, id, c.moves, loc);
        m->sp--;
    }
    return SOLVE_DONE;
}

/* ---- the strategy -------------------------------------------------------------------------------- */

static void *memo_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Memo));
}

static void memo_fini(Solver *s, void *st)
{
    (void)s;
    Memo *m = st;
    free(m->stack);
    free(m->opt);
    mex_fini(&m->mex);
    free(m);
}

/* States left on the search path are in progress no more (unless the store was emptied). */
static void memo_recover(Solver *s, void *st, bool cleared)
{
    Memo *m = st;
    for (size_t i = 0; i < m->sp && !cleared; i++) s->store->st[m->stack[i].id].flags &= ~(uint32_t)ST_ONPATH;
    m->sp = 0;
    m->nopt = 0;
}

static bool memo_applies(Solver *s, void *st, const int64_t *key)
{
    (void)s;
    (void)st;
    (void)key;
    return true;
}

static SolveResult memo_solve(Solver *s, void *st, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    return memo_sg(s, st, id, loc);
}

const Strategy strategy_memo = {
    .name = "memo",
    .init = memo_init,
    .fini = memo_fini,
    .recover = memo_recover,
    .applies = memo_applies,
    .solve = memo_solve,
};
