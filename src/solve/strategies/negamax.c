/* negamax.c: the negamax strategy, for scoring games (`scoring game`, docs/language.md): the value
   of a position is the best score difference the player to move can force, the maximum over the
   moves of (the move's gain - the value of the position after it), 0 when there is no move
   (docs/theory.md section 9). Depth-first over interned states with an explicit stack, each
   state's options (gain, state) recorded on its first visit, so a state is enumerated once; a
   position met again on the search path is a cycle, an error (play might never end). The only
   strategy for scoring games, and for nothing else. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include <stdlib.h>
#include <string.h>

/* A move: its gain (beyond 64 bits: gbig, the words of its interned record) and the state after
   it (UINT32_MAX: the move ends the game). */
typedef struct Opt { int64_t gain; const int64_t *gbig; uint32_t id; } Opt;
typedef struct Frame { uint32_t id; size_t opt; bool expanded; } Frame;

typedef struct Negamax {
    Frame *stack;
    size_t sp, scap;
    Opt *opt;
    size_t nopt, capopt;
} Negamax;

typedef struct NmCtx { Solver *s; Negamax *m; Loc loc; size_t pushed; uint32_t cur; } NmCtx;

/* The message for a move of a scoring game that leads to a sum (or to another kind of game). */
static _Noreturn void bad_result(Solver *s, Loc loc, const int64_t *from, const char *why)
{
    char b[200];
    key_text(s->p, from, b, sizeof b);
    prog_fail(s->p, EXIT_COMPILE, loc, "a move of %s %s", b, why);
}

static int on_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    NmCtx *c = ctx;
    Solver *s = c->s;
    Engine *e = s->store;
    Negamax *m = c->m;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(s, v, c->loc, &keys, &cnt, &n);
    const int64_t *from = eng_key(e, c->cur);
    Opt o = { s->vm->gain, s->vm->gain_big, UINT32_MAX };
    if (n > 1 || (n == 1 && cnt && cnt[0] != 1))
        bad_result(s, c->loc, from, "leads to a sum: sums of scoring games have no value, as scores do not add up "
                   "under alternating play");
    if (n == 1 && !(cnt && cnt[0] == 0)) {
        if (!s->p->code.games[KEY_GAME(keys[0])].scoring)
            bad_result(s, c->loc, from, "leads to a position of a game that is not a scoring game");
        o.id = eng_intern(e, keys[0], c->loc);
        State *st = &e->st[o.id];
        if (!(st->flags & ST_DONE)) {
            if (st->flags & ST_ONPATH) {
                char b[200];
                key_text(s->p, eng_key(e, o.id), b, sizeof b);
                prog_fail(s->p, EXIT_COMPILE, c->loc, "scoring game '%s' has a cycle: position %s can be reached again "
                          "from itself, so play may never end", s->p->code.games[KEY_GAME(eng_key(e, o.id))].name, b);
            }
            Frame f = { o.id, 0, false };
            VEC_PUSH(m->stack, m->sp, m->scap, f);
            c->pushed++;
        }
    }
    VEC_PUSH(m->opt, m->nopt, m->capopt, o);
    return 0;
}

/* The state's value from its recorded options opt[from..nopt) (all solved by now): the best of
   gain - value after, exact at any size: in 64 bits while everything fits, in GMP from the first
   option that does not (only the best is interned, as the state's value). */
static void finish(Solver *s, Negamax *m, uint32_t id, size_t from)
{
    Engine *e = s->store;
    int64_t best = 0;
    bool wide = false;   /* the best so far is in z[0] */
    mpz_t z[3];
    for (size_t i = from; i < m->nopt; i++) {
        const Opt *o = &m->opt[i];
        GameValue after = o->id == UINT32_MAX ? score_int(0) : score_load(&e->st[o->id]);
        int64_t v;
        if (!wide && !o->gbig && !after.big && !__builtin_sub_overflow(o->gain, after.score, &v)) {
            if (i == from || v > best) best = v;
            continue;
        }
        if (!wide) {   /* from here on in GMP */
            mpz_inits(z[0], z[1], z[2], NULL);
            mpz_set_si(z[0], (int64_t)best);
            wide = true;
        }
        GameValue gain = o->gbig ? score_record(o->gbig) : score_int(o->gain);
        score_to_mpz(z[1], &gain);
        score_to_mpz(z[2], &after);
        mpz_sub(z[1], z[1], z[2]);
        if (i == from || mpz_cmp(z[1], z[0]) > 0) mpz_set(z[0], z[1]);
    }
    GameValue v = score_int(best);
    if (wide) {
        v = score_from_mpz(s->p, z[0]);
        mpz_clears(z[0], z[1], z[2], NULL);
    }
    State *st = &e->st[id];
    st->flags = ST_DONE | ((uint32_t)GV_SCORE << ST_KIND_SHIFT) | (m->nopt == from ? ST_TERMINAL : 0);
    score_store(st, &v);
    st->how = solve_how(&strategy_negamax, 0);
    m->nopt = from;
}

static SolveResult nm_solve(Solver *sv, void *stp, uint32_t root, Loc loc, bool need_sg)
{
    (void)need_sg;
    Negamax *m = stp;
    Engine *e = sv->store;
    if (e->st[root].flags & ST_DONE) return SOLVE_DONE;
    size_t base = m->sp;
    Frame f0 = { root, 0, false };
    VEC_PUSH(m->stack, m->sp, m->scap, f0);
    NmCtx c = { .s = sv, .m = m, .loc = loc };
    while (m->sp > base) {
        Frame *f = &m->stack[m->sp - 1];
        uint32_t id = f->id;
        if (e->st[id].flags & ST_DONE) {
            m->sp--;
            continue;
        }
        if (f->expanded) {   /* second visit: every option is solved */
            e->st[id].flags &= ~(uint32_t)ST_ONPATH;
            finish(sv, m, id, f->opt);
            m->sp--;
            continue;
        }
        e->st[id].flags |= ST_ONPATH;
        f->expanded = true;
        f->opt = m->nopt;
        size_t sp0 = m->sp, from = m->nopt;
        c.pushed = 0;
        c.cur = id;
        size_t mark = scratch_mark(&sv->vm->scratch);
        sv->busy++;
        vm_enum_moves(sv->vm, eng_key(e, id), on_move, &c);
        sv->busy--;
        scratch_release(&sv->vm->scratch, mark);
        if (!c.pushed) {   /* every option known: done now */
            e->st[id].flags &= ~(uint32_t)ST_ONPATH;
            finish(sv, m, id, from);
            /* the frame is on top only when nothing was pushed */
            m->sp = sp0 - 1;
        }
    }
    return SOLVE_DONE;
}

static void *nm_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Negamax));
}

static void nm_fini(Solver *s, void *st)
{
    (void)s;
    Negamax *m = st;
    xfree(m->stack);
    xfree(m->opt);
    xfree(m);
}

/* States left on the search path are in progress no more (unless the store was emptied). */
static void nm_recover(Solver *s, void *st, bool cleared)
{
    Negamax *m = st;
    for (size_t i = 0; i < m->sp && !cleared; i++) s->store->st[m->stack[i].id].flags &= ~(uint32_t)ST_ONPATH;
    m->sp = 0;
    m->nopt = 0;
}

static bool nm_applies(Solver *s, void *st, const int64_t *key)
{
    (void)st;
    return s->p->code.games[KEY_GAME(key)].scoring;
}

static void nm_explain(Solver *s, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts)
{
    solve_fact_text(facts, "method", "negamax");
    (void)s;
    (void)st;
    (void)id;
    (void)variant;
    sb_puts(b, "negamax: the value is the best of (gain - the value after) over the moves, 0 at the end");
}

const Strategy strategy_negamax = {
    .name = "negamax",
    .id = STRATEGY_NEGAMAX,
    .scoring = true,
    .init = nm_init,
    .fini = nm_fini,
    .recover = nm_recover,
    .applies = nm_applies,
    .solve = nm_solve,
    .explain = nm_explain,
};
