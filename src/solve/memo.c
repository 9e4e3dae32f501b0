/* memo.c: the memo strategy: depth-first SG computation over interned states, bitset mex. */
#include "config.h"
#include "key.h"
#include "solve/memo.h"
#include "solve/solve.h"
#include <string.h>

typedef struct MemoCtx { Engine *e; Loc loc; size_t pushed; size_t moves; bool recording; } MemoCtx;

uint64_t memo_mex(const uint64_t *bits, size_t words)
{
    for (size_t i = 0; i < words; i++)
        if (~bits[i]) return i * 64 + (uint64_t)__builtin_ctzll(~bits[i]);
    return words * 64;
}

void memo_seen_grow(Engine *e, uint64_t x)
{
    size_t w = (size_t)(x >> 6);
    size_t nw = e->seen_words ? e->seen_words : 16;
    while (nw <= w) nw *= 2;
    e->seen = xrealloc(e->seen, nw * sizeof *e->seen);
    memset(e->seen + e->seen_words, 0, (nw - e->seen_words) * sizeof *e->seen);
    e->seen_words = nw;
}

void memo_seen_clear(Engine *e)
{
    if (e->seen_hi) memset(e->seen, 0, e->seen_hi * sizeof *e->seen);
    e->seen_hi = 0;
}

void memo_components(Engine *e, const Value *v, Loc loc, const int64_t *const **keys, uint32_t *n)
{
    if (v->t == VT_POS) {
        *keys = v->u.p;
        *n = v->n;
        return;
    }
    if ((v->t == VT_INT) && v->u.i == 0) {
        *keys = NULL;
        *n = 0;
        return;
    }
    prog_fail(e->p, EXIT_COMPILE, loc, "a move must lead to a position (or 0), but this one gives %s",
              val_type_an(v->t));
}

static _Noreturn void cycle_error(Engine *e, uint32_t again, Loc loc)
{
    char b[200];
    key_text(e->p, e->st[again].key, b, sizeof b);
    const char *game = e->p->games[KEY_GAME(e->st[again].key)].name;
    prog_fail(e->p, EXIT_COMPILE, loc,
              "ruleset '%s' has a cycle: position %s can be reached again from itself, so play may never end "
              "(games with cycles are not supported by this solver yet)", game, b);
}

static void push(Engine *e, uint32_t id)
{
    MemoFrame f = { id, MEMO_UNEXPANDED };
    VEC_PUSH(e->stack, e->sp, e->scap, f);
}

static void record(Engine *e, uint32_t v)
{
    VEC_PUSH(e->opt, e->nopt, e->capopt, v);
}

/* First enumeration of a state: intern every option's components, push the unsolved ones, and
   record the options (when there is room) so that the state need not be enumerated again. */
static int on_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    MemoCtx *m = ctx;
    Engine *e = m->e;
    const int64_t *const *keys;
    uint32_t n;
    memo_components(e, v, m->loc, &keys, &n);
    m->moves++;
    if (m->recording) record(e, n);
    uint64_t x = 0;
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = eng_intern(e, keys[i], m->loc);
        if (m->recording) record(e, id);
        const State *s = &e->st[id];
        if (!(s->flags & ST_DONE)) solve_try_closed(e, id);
        if (s->flags & ST_DONE) {
            x ^= s->sg;
        } else {
            if (s->flags & ST_ONPATH) cycle_error(e, id, m->loc);
            push(e, id);
            m->pushed++;
        }
    }
    if (!m->pushed) memo_seen_set(e, x);
    return 0;
}

/* The state's value from its recorded options (all solved by now). */
static void mex_from_record(Engine *e, size_t from)
{
    memo_seen_clear(e);
    for (size_t i = from; i < e->nopt;) {
        uint32_t n = e->opt[i++];
        uint64_t x = 0;
        for (uint32_t j = 0; j < n; j++) x ^= e->st[e->opt[i++]].sg;
        memo_seen_set(e, x);
    }
}

static void finish(Engine *e, uint32_t id, size_t moves, Loc loc)
{
    uint64_t g = memo_mex(e->seen, e->seen_hi);
    if (g >= UINT32_MAX) prog_fail(e->p, EXIT_LIMIT, loc, "SG value too large");
    State *s = &e->st[id];
    s->sg = g;
    s->flags = ST_DONE | (moves == 0 ? ST_TERMINAL : 0);
    s->how = SOLVED_MEMO;
}

uint64_t memo_sg(Engine *e, uint32_t root, Loc loc)
{
    if (e->st[root].flags & ST_DONE) return e->st[root].sg;
    size_t base = e->sp;
    push(e, root);
    MemoCtx m = { .e = e, .loc = loc };
    while (e->sp > base) {
        MemoFrame *f = &e->stack[e->sp - 1];
        uint32_t id = f->id;
        State *s = &e->st[id];
        if (s->flags & ST_DONE) {
            e->sp--;
            continue;
        }
        if (f->opt != MEMO_UNEXPANDED && f->opt != MEMO_NORECORD) {
            /* second visit: every option is solved; no need to enumerate again */
            size_t from = f->opt;
            size_t moves = 0;
            for (size_t i = from; i < e->nopt; i += 1 + e->opt[i]) moves++;
            mex_from_record(e, from);
            e->nopt = from;
            finish(e, id, moves, loc);
            e->sp--;
            continue;
        }
        s->flags |= ST_ONPATH;
        memo_seen_clear(e);
        m.pushed = 0;
        m.moves = 0;
        m.recording = f->opt == MEMO_UNEXPANDED && e->nopt < MEMO_MAX_OPT;
        size_t from = e->nopt;
        size_t sp0 = e->sp;
        size_t mark = scratch_mark(&e->vm->scratch);
        e->busy++;
        vm_enum_moves(e->vm, s->key, on_move, &m);
        e->busy--;
        scratch_release(&e->vm->scratch, mark);
        f = &e->stack[sp0 - 1];   /* the stack may have moved */
        if (m.pushed) {   /* children first; this state is finished when it is on top again */
            f->opt = m.recording ? from : MEMO_NORECORD;
            if (!m.recording) e->nopt = from;
            continue;
        }
        e->nopt = from;
        finish(e, id, m.moves, loc);
        e->sp--;
    }
    return e->st[root].sg;
}
