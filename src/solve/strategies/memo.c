/* memo.c: the memo strategy: depth-first SG search over interned states with an explicit stack
   (no C recursion); each state's options are recorded on its first enumeration, so when it is on
   top again its value is the mex of their values without enumerating it a second time. Applies
   to every acyclic ruleset. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/nimber.h"
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

/* Options move through the context in three steps, one per option the interpreter makes: the
   new option's keys are copied (their memory is the interpreter's) and the store's cells for them
   asked for; one option later they are interned and their states asked for; one more later the
   option is settled. So the cache misses of a big search overlap the interpreter's work. An
   option of more than PEND_MAX components or KEY_WORDS words of keys goes straight through (after
   the ones before it). The context is one per search: a search that a canon or a cheap strategy
   starts inside this one has its own. */
#define PEND_MAX 8
#define KEY_WORDS 64
typedef struct MemoCtx {
    Solver *s;
    Memo *m;
    Loc loc;
    size_t pushed;
    size_t moves;
    bool recording;
    uint32_t cycle;
    bool pending, kwait;        /* an interned option waits (pend); a copied one waits (kbuf) */
    uint32_t npend, nk;
    uint32_t pend[PEND_MAX];
    uint8_t podd[PEND_MAX], kodd[PEND_MAX];
    uint32_t koff[PEND_MAX];
    int64_t kbuf[KEY_WORDS];
} MemoCtx;

static void push(Memo *m, uint32_t id)
{
    Frame f = { id, UNEXPANDED };
    VEC_PUSH(m->stack, m->sp, m->scap, f);
}

static void record(Memo *m, uint32_t v)
{
    VEC_PUSH(m->opt, m->nopt, m->capopt, v);
}

/* One option, its n components interned (ids; odd: the count's parity): record it, push its
   unsolved components, or add its value to the mex. False on a cycle (c->cycle is set). */
static bool settle(MemoCtx *c, const uint32_t *ids, const uint8_t *odd, uint32_t n)
{
    Memo *m = c->m;
    Engine *e = c->s->store;
    uint32_t nodd = 0;
    for (uint32_t i = 0; i < n; i++) nodd += odd[i];
    if (c->recording) record(m, nodd);
    uint64_t x = 0;
    bool big = false;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = ids[i];
        if (c->recording && odd[i]) record(m, id);
        const State *s = &e->st[id];
        if (!(s->flags & ST_DONE)) solve_cheap(c->s, id);
        if ((s->flags & ST_DONE) && ST_KIND(s->flags) == GV_LOOPY) {   /* a game with cycles: not for mex */
            c->cycle = id;
            return false;
        }
        if (s->flags & ST_DONE) {
            if (odd[i]) {
                x ^= s->sg;
                big |= (s->flags & ST_BIG) != 0;
            }
        } else {
            if (s->flags & ST_ONPATH) {   /* a position on the search path again: a cycle */
                c->cycle = id;
                return false;
            }
            push(m, id);
            c->pushed++;
        }
    }
    if (big && !c->pushed) {   /* a component beyond 64 bits: the option's value exactly */
        uint32_t *odds = vm_alloc(c->s->vm, (nodd ? nodd : 1) * sizeof *odds, c->loc);
        uint32_t k = 0;
        for (uint32_t i = 0; i < n; i++)
            if (odd[i]) odds[k++] = ids[i];
        if (!nim_xor_small(e, odds, k, &x)) return true;   /* beyond 64 bits: above any mex */
    }
    if (!c->pushed) mex_set(&m->mex, x);
    return true;
}

/* The waiting option, if any. */
static bool settle_pending(MemoCtx *c)
{
    if (!c->pending) return true;
    c->pending = false;
    return settle(c, c->pend, c->podd, c->npend);
}

/* Settle the interned option; intern the copied one, asking for its states. False on a cycle. */
static bool advance(MemoCtx *c)
{
    if (!settle_pending(c)) return false;
    if (c->kwait) {
        c->kwait = false;
        Engine *e = c->s->store;
        for (uint32_t i = 0; i < c->nk; i++) {
            c->pend[i] = eng_intern(e, c->kbuf + c->koff[i], c->loc);
            __builtin_prefetch(&e->st[c->pend[i]]);
            c->podd[i] = c->kodd[i];
        }
        c->npend = c->nk;
        c->pending = true;
    }
    return true;
}

/* First enumeration of a state: intern every option's components, push the unsolved ones, and
   record the options (when there is room) so that the state need not be enumerated again (the
   options pass through the context's steps above). */
static int on_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    MemoCtx *c = ctx;
    Engine *e = c->s->store;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(c->s, v, c->loc, &keys, &cnt, &n);
    c->moves++;
    size_t words = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (c->s->p->code.games[KEY_GAME(keys[i])].scoring) {   /* a score is no SG value */
            char b[200];
            key_text(c->s->p, keys[i], b, sizeof b);
            prog_fail(c->s->p, EXIT_COMPILE, c->loc, "a move of an impartial game leads to %s, a position of a scoring "
                      "game", b);
        }
        words += KEY_LEN(keys[i]);
    }
    if (!advance(c)) return 1;
    /* copies of a component cancel in pairs: an option's value is the XOR of the components with
       an odd count (the others are solved all the same, as their rules are part of the game) */
    if (n <= PEND_MAX && words <= KEY_WORDS) {
        size_t at = 0;
        for (uint32_t i = 0; i < n; i++) {
            size_t len = KEY_LEN(keys[i]);
            memcpy(c->kbuf + at, keys[i], len * sizeof *keys[i]);
            c->koff[i] = (uint32_t)at;
            c->kodd[i] = !cnt || (cnt[i] & 1);
            eng_prefetch(e, keys[i]);
            at += len;
        }
        c->nk = n;
        c->kwait = true;
        return 0;
    }
    if (!settle_pending(c)) return 1;   /* the options before it first */
    uint32_t *ids = vm_alloc(c->s->vm, (n ? n : 1) * sizeof *ids, c->loc);
    uint8_t *odd = vm_alloc(c->s->vm, n ? n : 1, c->loc);
    for (uint32_t i = 0; i < n; i++) {
        ids[i] = eng_intern(e, keys[i], c->loc);
        odd[i] = !cnt || (cnt[i] & 1);
    }
    return settle(c, ids, odd, n) ? 0 : 1;
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
        c.pending = c.kwait = false;
        vm_enum_moves(sv->vm, eng_key(e, id), on_move, &c);
        if (c.cycle == UINT32_MAX && advance(&c)) settle_pending(&c);   /* the last two options */
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
    xfree(m->stack);
    xfree(m->opt);
    mex_fini(&m->mex);
    xfree(m);
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
    .id = STRATEGY_MEMO,
    .init = memo_init,
    .fini = memo_fini,
    .recover = memo_recover,
    .applies = memo_applies,
    .solve = memo_solve,
};
