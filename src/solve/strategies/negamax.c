/* negamax.c: the negamax strategy, for scoring games (`scoring game`, docs/language.md): the value
   of a position is the best score difference the player to move can force, the maximum over the
   moves of (the move's gain - the value of the position after it), 0 when there is no move
   (docs/theory.md section 9). Depth-first over interned states with an explicit stack, each
   state's options (gain, state) recorded on its first visit, so a state is enumerated once; a
   position met again on the search path is a cycle, an error (play might never end). The only
   strategy for scoring games, and for nothing else.
   A position whose only argument is a long list held as a view (listview.h: Ends(a...) and the
   like, a row and its slices) is kept out of the store: its value is a cell of an array by the
   view's id (cells), 16 bytes where a state, its slot and its key take about 64, found without
   hashing its key. */
#include "config.h"
#include "key.h"
#include "listview.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include <stdlib.h>
#include <string.h>

/* A move: its gain (beyond 64 bits: gbig, the words of its interned record) and the position
   after it: a state (cell false; UINT32_MAX: the move ends the game) or the cell of view id of
   game `game`. */
typedef struct Opt { int64_t gain; const int64_t *gbig; uint32_t id, game; bool cell; } Opt;
typedef struct Frame { uint32_t id, game; size_t opt; bool expanded, cell; } Frame;

/* The cells of one game: by view id, a State of which the value, flags and how are used, and kref
   is 1 once the position was met (counted in ncells). sig: the second word of its keys. */
typedef struct Cells { State *st; size_t cap; int64_t sig; } Cells;

typedef struct Negamax {
    Frame *stack;
    size_t sp, scap;
    Opt *opt;
    size_t nopt, capopt;
    Cells *cells;       /* by game id, below ngames (the games of a REPL grow) */
    size_t ngames;
    size_t ncells;      /* cells solved or on the path: positions held besides the store's */
} Negamax;

typedef struct NmCtx { Solver *s; Negamax *m; Loc loc; size_t pushed; const int64_t *cur; } NmCtx;

/* Whether key is a position the cells hold: a scoring game without a canon whose one argument is
   a list held as a view (keys [head, sig, length | KEY_VIEW_BIT, view id]); its view id in *vid. */
static bool cell_pos(const Program *p, const int64_t *key, uint64_t *vid)
{
    if (KEY_LEN(key) != 4 || ((uint64_t)key[1] & 3) != POS_ARG_LIST || !((uint64_t)key[2] & KEY_VIEW_BIT)) return false;
    const Game *g = &p->code.games[KEY_GAME(key)];
    if (g->nparams != 1 || g->canon_fn >= 0 || !g->scoring) return false;
    *vid = (uint64_t)key[3];
    return true;
}

/* The cell of view vid of game g (made, with the cells below it, when new). */
static State *cell_at(Solver *s, Negamax *m, uint32_t g, uint64_t vid)
{
    if (g >= m->ngames) {
        size_t was = m->ngames;
        util_grow((void **)&m->cells, &m->ngames, (size_t)g + 1, sizeof *m->cells);
        memset(m->cells + was, 0, (m->ngames - was) * sizeof *m->cells);
    }
    Cells *c = &m->cells[g];
    if (vid >= c->cap) {   /* zeroed: not met */
        size_t was = c->cap;
        util_grow((void **)&c->st, &c->cap, (size_t)vid + 1, sizeof *c->st);
        memset(c->st + was, 0, (c->cap - was) * sizeof *c->st);
    }
    (void)s;
    return &c->st[vid];
}

/* The key of view vid's position of game g into k (4 words). */
static const int64_t *cell_key(Solver *s, Negamax *m, uint32_t g, uint32_t vid, int64_t *k)
{
    uint32_t n;
    uint64_t base;
    lview_elems(s->p, vid, &n, &base);
    k[0] = (int64_t)((uint64_t)g | (uint64_t)4 << 32);
    k[1] = m->cells[g].sig;
    k[2] = (int64_t)((uint64_t)n | KEY_VIEW_BIT);
    k[3] = (int64_t)vid;
    return k;
}

/* The message for a move of a scoring game that leads to a sum (or to another kind of game). */
static _Noreturn void bad_result(Solver *s, Loc loc, const int64_t *from, const char *why)
{
    char b[200];
    key_text(s->p, from, b, sizeof b);
    prog_fail(s->p, EXIT_COMPILE, loc, "a move of %s %s", b, why);
}

/* The cell of key's position (cell_pos: view vid of game g), counted with the store's positions
   when met for the first time. */
static State *admit_cell(Solver *s, Negamax *m, const int64_t *key, uint32_t g, uint64_t vid, Loc loc)
{
    State *st = cell_at(s, m, g, vid);
    if (st->kref) return st;
    eng_admit(s->store, m->ncells, key, loc);
    st->kref = 1;
    m->cells[g].sig = key[1];
    m->ncells++;
    return st;
}

/* A position on the search path met again: play may never end. */
static _Noreturn void cycle(Solver *s, Loc loc, const int64_t *key)
{
    char b[200];
    key_text(s->p, key, b, sizeof b);
    prog_fail(s->p, EXIT_COMPILE, loc, "scoring game '%s' has a cycle: position %s can be reached again "
              "from itself, so play may never end", s->p->code.games[KEY_GAME(key)].name, b);
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
    const int64_t *from = c->cur;
    Opt o = { s->vm->gain, s->vm->gain_big, UINT32_MAX, 0, false };
    if (n > 1 || (n == 1 && cnt && cnt[0] != 1))
        bad_result(s, c->loc, from, "leads to a sum: sums of scoring games have no value, as scores do not add up "
                   "under alternating play");
    if (n == 1 && !(cnt && cnt[0] == 0)) {
        if (!s->p->code.games[KEY_GAME(keys[0])].scoring)
            bad_result(s, c->loc, from, "leads to a position of a game that is not a scoring game");
        uint64_t vid;
        uint32_t flags;
        if (cell_pos(s->p, keys[0], &vid)) {
            o.cell = true;
            o.game = KEY_GAME(keys[0]);
            o.id = (uint32_t)vid;
            flags = admit_cell(s, m, keys[0], o.game, vid, c->loc)->flags;
        } else {
            o.id = eng_intern(e, keys[0], c->loc);
            flags = e->st[o.id].flags;
        }
        if (!(flags & ST_DONE)) {
            if (flags & ST_ONPATH) cycle(s, c->loc, keys[0]);
            Frame f = { o.id, o.game, 0, false, o.cell };
            VEC_PUSH(m->stack, m->sp, m->scap, f);
            c->pushed++;
        }
    }
    VEC_PUSH(m->opt, m->nopt, m->capopt, o);
    return 0;
}

/* The state of frame f: its state in the store or its cell (a pointer valid until cells are made). */
static State *frame_state(Solver *s, Negamax *m, const Frame *f)
{
    return f->cell ? &m->cells[f->game].st[f->id] : &s->store->st[f->id];
}

/* The value after option o (0 after a move that ends the game). */
static GameValue after_value(Solver *s, const Negamax *m, const Opt *o)
{
    if (o->cell) return score_load(&m->cells[o->game].st[o->id]);
    return o->id == UINT32_MAX ? score_int(0) : score_load(&s->store->st[o->id]);
}

/* The value of frame f's position from its recorded options opt[from..nopt) (all solved by now):
   the best of gain - value after, exact at any size: in 64 bits while everything fits, in GMP from
   the first option that does not (only the best is interned, as the value). */
static void finish(Solver *s, Negamax *m, const Frame *f, size_t from)
{
    int64_t best = 0;
    bool wide = false;   /* the best so far is in z[0] */
    mpz_t z[3];
    for (size_t i = from; i < m->nopt; i++) {
        const Opt *o = &m->opt[i];
        GameValue after = after_value(s, m, o);
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
    State *st = frame_state(s, m, f);
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
    const int64_t *rkey = eng_key(e, root);
    uint64_t vid;
    Frame f0 = { root, 0, 0, false, false };
    if (cell_pos(sv->p, rkey, &vid)) {   /* solved as a cell, then copied into its state */
        f0 = (Frame){ (uint32_t)vid, KEY_GAME(rkey), 0, false, true };
        if (admit_cell(sv, m, rkey, f0.game, vid, loc)->flags & ST_ONPATH) cycle(sv, loc, rkey);
    }
    size_t base = m->sp;
    VEC_PUSH(m->stack, m->sp, m->scap, f0);
    NmCtx c = { .s = sv, .m = m, .loc = loc };
    int64_t kb[4];
    while (m->sp > base) {
        Frame f = m->stack[m->sp - 1];
        State *st = frame_state(sv, m, &f);
        if (st->flags & ST_DONE) {
            m->sp--;
            continue;
        }
        if (f.expanded) {   /* second visit: every option is solved */
            st->flags &= ~(uint32_t)ST_ONPATH;
            finish(sv, m, &f, f.opt);
            m->sp--;
            continue;
        }
        st->flags |= ST_ONPATH;
        m->stack[m->sp - 1].expanded = true;
        m->stack[m->sp - 1].opt = m->nopt;
        size_t sp0 = m->sp, from = m->nopt;
        c.pushed = 0;
        c.cur = f.cell ? cell_key(sv, m, f.game, f.id, kb) : eng_key(e, f.id);
        size_t mark = scratch_mark(&sv->vm->scratch);
        sv->busy++;
        vm_enum_moves(sv->vm, c.cur, on_move, &c);
        sv->busy--;
        scratch_release(&sv->vm->scratch, mark);
        if (!c.pushed) {   /* every option known: done now */
            frame_state(sv, m, &f)->flags &= ~(uint32_t)ST_ONPATH;
            finish(sv, m, &f, from);
            /* the frame is on top only when nothing was pushed */
            m->sp = sp0 - 1;
        }
    }
    if (f0.cell) {   /* the root's state takes its cell's value */
        const State *cs = frame_state(sv, m, &f0);
        State *rs = &e->st[root];
        rs->sg = cs->sg;
        rs->flags = cs->flags;
        rs->how = cs->how;
    }
    return SOLVE_DONE;
}

static void *nm_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Negamax));
}

/* Every cell dropped. */
static void drop_cells(Negamax *m)
{
    for (size_t g = 0; g < m->ngames; g++) xfree(m->cells[g].st);
    xfree(m->cells);
    m->cells = NULL;
    m->ngames = m->ncells = 0;
}

static void nm_fini(Solver *s, void *st)
{
    (void)s;
    Negamax *m = st;
    drop_cells(m);
    xfree(m->stack);
    xfree(m->opt);
    xfree(m);
}

/* States and cells left on the search path are in progress no more; when the store was emptied
   (after a limit) the cells go too. */
static void nm_recover(Solver *s, void *st, bool cleared)
{
    Negamax *m = st;
    for (size_t i = 0; i < m->sp && !cleared; i++) frame_state(s, m, &m->stack[i])->flags &= ~(uint32_t)ST_ONPATH;
    if (cleared) drop_cells(m);
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
