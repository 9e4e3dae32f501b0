/* answer.c: positions answered as data (include/grundy.h: gr_query, gr_position, gr_draw and the
   gr_answer accessors): a one-position text loaded, run and solved inside session_run, its answer
   copied into caller-owned memory (made under no meter) and the text forgotten. */
#include "config.h"
#include "session/api_int.h"
#include "render.h"
#include "draw.h"
#include "key.h"
#include "pos.h"
#include "vm.h"
#include "solve/solve.h"
#include "ast.h"
#include "solve/core/nimber.h"
#include "solve/core/score.h"
#include <stdlib.h>
#include <string.h>

/* ---- one position's answer, as data ----------------------------------------------------------- */

/* A named value handed out: a binder of a move, a figure of the certificate. */
typedef struct gr_binder { char *name, *text; bool is_int; long long value; } gr_binder;

/* e set to name = the integer i (is_int) or to text. */
static void named_set(gr_binder *e, const char *name, bool is_int, int64_t i, const char *text)
{
    e->name = xstrdup(name);
    e->is_int = is_int;
    e->value = is_int ? (long long)i : 0;
    if (!is_int) {
        e->text = xstrdup(text);
        return;
    }
    StrBuf b;
    sb_init(&b);
    sb_put_i64(&b, i);
    e->text = sb_take(&b);
    sb_fini(&b);
}

static void named_free(gr_binder *v, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        xfree(v[j].name);
        xfree(v[j].text);
    }
    xfree(v);
}

/* The accessors' common part: -1 out of range, else 1 for an integer, 0 for a text. */
static int named_get(const gr_binder *v, size_t n, size_t j, const char **name, const char **text, long long *value)
{
    if (j >= n) return -1;
    if (name) *name = v[j].name;
    if (text) *text = v[j].text;
    if (value) *value = v[j].value;
    return v[j].is_int;
}
typedef struct gr_move {
    char *component, *rule, *args, *result;
    uint64_t copies;
    gr_binder *binders;     /* the rule's binders with their values */
    size_t nbinders;
    /* GR_EVERY_MOVE: the position it reaches, valued; whether it is one to make; a scoring
       game's gain, value after and worth */
    char outcome;
    char side;              /* a partizan position's move: 'L' (Left's) or 'R' (Right's); else 0 */
    int kind;
    bool best;
    char *value, *gain, *after, *worth;
    unsigned long long id;  /* GR_HOLD: the position it reaches, held in the session (0: not held) */
} gr_move;

/* A component of the position asked: its text, copies, strategy and certificate. */
typedef struct gr_component { char *position, *strategy, *why; uint64_t copies; } gr_component;

struct gr_answer {
    char outcome;
    char *value, *position, *strategy, *why;
    bool scoring, drawing, incomplete;
    char **results;         /* the distinct positions the listed moves reach */
    size_t nresults;
    gr_move *moves;         /* each move reaching one of them */
    size_t nmoves;
    gr_binder *facts;       /* the certificate's figures (name, text, integer) */
    size_t nfacts;
    int kind;               /* of value: GR_VALUE_* */
    const char *no_sg;      /* why there is no SG value (static text), or NULL */
    bool mode;              /* a play mode's position */
    gr_component *comps;    /* the position's components (at most GR_MAX_COMPONENTS) */
    size_t ncomps, ncomps_total;
    size_t capmoves;        /* GR_EVERY_MOVE: moves allocated */
};

#define GR_MAX_COMPONENTS 1000

static char *dup_or_null(const char *t) { return t ? xstrdup(t) : NULL; }

void gr_answer_free(gr_answer *a)
{
    if (!a) return;
    UtilMeter *meter = util_set_meter(NULL);   /* the caller's memory, never a session's */
    xfree(a->value);
    xfree(a->position);
    xfree(a->strategy);
    xfree(a->why);
    for (size_t i = 0; i < a->nresults; i++) xfree(a->results[i]);
    xfree(a->results);
    for (size_t i = 0; i < a->nmoves; i++) {
        xfree(a->moves[i].component);
        xfree(a->moves[i].rule);
        xfree(a->moves[i].args);
        xfree(a->moves[i].result);
        named_free(a->moves[i].binders, a->moves[i].nbinders);
        xfree(a->moves[i].value);
        xfree(a->moves[i].gain);
        xfree(a->moves[i].after);
        xfree(a->moves[i].worth);
    }
    for (size_t i = 0; i < a->ncomps; i++) {
        xfree(a->comps[i].position);
        xfree(a->comps[i].strategy);
        xfree(a->comps[i].why);
    }
    xfree(a->comps);
    named_free(a->facts, a->nfacts);
    xfree(a->moves);
    xfree(a);
    util_set_meter(meter);
}

/* The position text, loaded as a one-statement unit and answered (inside session_run). */
/* A move's binders with their values, copied into m (the caller's memory: under no meter). */
static void copy_binders(gr_move *m, const AnswerBinders *b)
{
    m->binders = xcalloc(b->n ? b->n : 1, sizeof *m->binders);
    for (uint32_t j = 0; j < b->n; j++) {
        const AnswerBinder *d = &b->v[j];
        named_set(&m->binders[m->nbinders++], d->name, d->is_int, d->i, d->text);
    }
}

/* What a position run computes: gr_position's GR_*, a drawing, or a query's JSON object. */
enum { POS_DRAW = 100, POS_JSON = 101 };

typedef struct PosRun {
    gr_session *s;
    const char *text, *name, *who;   /* who: the caller's name in its messages ("gr_query", "this") */
    int what;                        /* GR_* without GR_HOLD */
    bool hold;                       /* GR_HOLD: each listed move's position held (gr_answer_move_id) */
    unsigned long long id;           /* the held position asked (0: text) */
    size_t max;
    int64_t depth;
    gr_answer *out;
    char *made;                      /* the drawing (POS_DRAW) or the JSON object (POS_JSON): the caller's */
    int status;
} PosRun;

/* A value as text (NULL for none), with its GR_VALUE_* kind. */
static char *value_text(const GameValue *g, bool scoring, int *kind)
{
    StrBuf b;
    sb_init(&b);
    *kind = GR_VALUE_NONE;
    if (scoring || g->kind == GV_SCORE) {
        score_print(&b, g);
        *kind = GR_VALUE_SCORE;
    } else if (g->kind == GV_SG) {
        nim_print(&b, g);
        *kind = GR_VALUE_SG;
    } else if (g->kind == GV_LOOPY) {
        gv_print_loopy(&b, g);
        *kind = GR_VALUE_LOOPY;
    }
    char *t = b.len ? sb_take(&b) : NULL;
    sb_fini(&b);
    return t;
}

/* The winning moves' answer (GR_WINNING) or the value alone with the components (GR_VALUE) into
   r->out. */
static void answer_copy(Program *p, PosRun *r, const Answer *a)
{
    /* the answer is the caller's memory, not the session's: made under no meter, and held by
       r->out at once (the caller frees it if an allocation fails on the way; session_run puts the
       session's meter back) */
    UtilMeter *meter = util_set_meter(NULL);
    gr_answer *g = r->out = xcalloc(1, sizeof *g);
    g->outcome = a->outcome;
    StrBuf b;
    sb_init(&b);
    if (a->scoring) {
        score_print(&b, &a->sg);
        g->kind = GR_VALUE_SCORE;
    } else if (a->has_sg) {
        nim_print(&b, &a->sg);
        g->kind = GR_VALUE_SG;
    } else if (a->sg.kind == GV_LOOPY && a->sg.kset) {
        gv_print_loopy(&b, &a->sg);
        g->kind = GR_VALUE_LOOPY;
    }
    if (a->partizan) {
        sb_puts(&b, a->value);
        g->kind = GR_VALUE_FORM;
    }
    g->value = b.len ? sb_take(&b) : NULL;
    sb_fini(&b);
    g->no_sg = a->no_sg;
    g->mode = a->mode != 0;
    g->position = dup_or_null(a->position);
    g->strategy = dup_or_null(a->strategy);
    g->why = dup_or_null(a->why);
    g->facts = xcalloc(a->facts.n ? a->facts.n : 1, sizeof *g->facts);
    for (uint32_t j = 0; j < a->facts.n; j++) {
        const AnswerFact *f = &a->facts.v[j];
        named_set(&g->facts[g->nfacts++], f->key, f->is_int, f->i, f->text);
    }
    g->scoring = a->scoring;
    g->drawing = a->drawing;
    size_t nc = a->comps ? (a->ncomps < GR_MAX_COMPONENTS ? a->ncomps : GR_MAX_COMPONENTS) : 0;
    g->ncomps_total = a->comps ? a->ncomps : 0;
    g->comps = xcalloc(nc ? nc : 1, sizeof *g->comps);
    for (size_t i = 0; i < nc; i++) {
        util_set_meter(meter);   /* the texts are made in the session's memory, then copied */
        StrBuf t, w;
        sb_init(&t);
        sb_init(&w);
        key_print(p, &t, eng_key(p->solver->store, a->comps[i]));
        if (!a->partizan) solve_why(p->solver, a->comps[i], &w, NULL);
        const char *how = a->partizan ? a->strategy : solve_how_name(p->solver, p->solver->store->st[a->comps[i]].how);
        util_set_meter(NULL);
        gr_component *c = &g->comps[g->ncomps++];
        c->position = xstrdup(t.s);
        c->copies = a->counts[i];
        c->strategy = xstrdup(how);
        c->why = w.len ? xstrdup(w.s) : NULL;
        util_set_meter(meter);
        sb_fini(&t);
        sb_fini(&w);
        util_set_meter(NULL);
    }
    uint64_t listed = 0;   /* the moves kept, with their copies, against the moves there are */
    for (size_t i = 0; i < a->nlabels; i++) listed += a->labels[i].copies;
    g->incomplete = a->truncated || a->unvalued || a->labels_cut || a->unwritten || listed < a->nmoves || a->pz_truncated;
    if (a->partizan) {   /* each player's winning moves: the distinct positions, then the moves */
        g->results = xcalloc(a->npz ? a->npz : 1, sizeof *g->results);
        g->moves = xcalloc(a->npz ? a->npz : 1, sizeof *g->moves);
        for (size_t i = 0; i < a->npz; i++) {
            const struct AnswerPzMove *l = &a->pz[i];
            bool seen = false;
            for (size_t j = 0; j < g->nresults && !seen; j++) seen = !strcmp(g->results[j], l->result);
            if (!seen) g->results[g->nresults++] = xstrdup(l->result);
            gr_move *m = &g->moves[g->nmoves++];
            m->side = l->side;
            m->component = xstrdup(l->from);
            m->rule = dup_or_null(l->label);
            StrBuf c;
            sb_init(&c);
            render_binders_text(&c, &l->args);
            m->args = c.len ? sb_take(&c) : NULL;
            sb_fini(&c);
            copy_binders(m, &l->args);
            m->result = xstrdup(l->result);
            m->copies = l->copies;
        }
        util_set_meter(meter);
        return;
    }
    g->results = xcalloc(a->nwin ? a->nwin : 1, sizeof *g->results);
    for (size_t i = 0; i < a->nwin; i++) g->results[g->nresults++] = dup_or_null(a->winning[i]);
    g->moves = xcalloc(a->nlabels ? a->nlabels : 1, sizeof *g->moves);
    for (size_t i = 0; i < a->nlabels; i++) {
        const struct AnswerLabel *l = &a->labels[i];
        gr_move *m = &g->moves[g->nmoves++];
        StrBuf c;
        sb_init(&c);
        key_print(p, &c, eng_key(p->solver->store, a->comps[l->comp]));
        m->component = sb_take(&c);
        sb_fini(&c);
        m->rule = dup_or_null(l->label);
        render_binders_text(&c, &l->args);
        m->args = c.len ? sb_take(&c) : NULL;
        sb_fini(&c);
        copy_binders(m, &l->args);
        m->result = dup_or_null(a->winning[l->result]);
        m->copies = l->copies;
    }
    util_set_meter(meter);
}

/* A position's value for GR_EVERY_MOVE: what a query of it gives (its SG value of any kind, or
   its outcome alone in a play mode, or where only an unbounded search would find the SG value). */
static GameValue value_of(Program *p, const Value *pos, Loc loc)
{
    return solve_query_value(p->solver, pos, loc);
}

/* A listing's searches for SG values that failed (the value beyond the query's search): past
   this many, its other moves get their outcomes alone, so that a position with thousands of
   moves into such a game (Wythoff's far from 0) is listed in a second, not in an hour. */
#define EVERY_FAILED_SEARCHES 4

typedef struct EveryCtx { Program *p; PosRun *r; Loc loc; GameValue value; int failed; } EveryCtx;

/* The value of a move's result in a listing (value_of, within the listing's failed searches). */
static GameValue move_value(EveryCtx *c, const Value *pos)
{
    if (c->failed >= EVERY_FAILED_SEARCHES && !pos->strs) return gv_outcome(solve_outcome_value(c->p->solver, pos, c->loc));
    GameValue g = value_of(c->p, pos, c->loc);
    if (g.kind == GV_OUTCOME && !pos->strs) c->failed++;
    return g;
}

/* The id of the position a move reaches, held by the session for the client (session memory)
   when the call asks for it; 0 otherwise. */
static unsigned long long hold(EveryCtx *c, const Value *pos)
{
    if (!c->r->hold) return 0;
    gr_session *s = c->r->s;
    KeyCopy k = key_copy(pos);
    VEC_PUSH(s->held, s->nheld, s->capheld, k);
    return s->nheld;
}

/* A new move of a, zeroed (the caller's memory: its meter is off). */
static gr_move *new_move(gr_answer *a)
{
    if (a->nmoves == a->capmoves) {
        a->capmoves = a->capmoves ? 2 * a->capmoves : 16;
        a->moves = xrealloc(a->moves, a->capmoves * sizeof *a->moves);
    }
    gr_move *mv = &a->moves[a->nmoves++];
    memset(mv, 0, sizeof *mv);
    return mv;
}

/* A move's texts, made in the session's memory: its component, the position it reaches, its
   binders. */
typedef struct MoveTexts { StrBuf from, to, args; } MoveTexts;

static void move_texts(Program *p, const SolveMove *m, MoveTexts *t)
{
    sb_init(&t->from);
    sb_init(&t->to);
    sb_init(&t->args);
    key_print(p, &t->from, m->from);
    key_print_pos(p, &t->to, &m->result);
    render_binders_text(&t->args, m->args);
}

static void move_texts_fini(MoveTexts *t)
{
    sb_fini(&t->from);
    sb_fini(&t->to);
    sb_fini(&t->args);
}

/* A new move of a for m: its component, result, rule, binders and copies (the caller's memory:
   its meter is off), from its texts. */
static gr_move *listed_move(gr_answer *a, const SolveMove *m, const MoveTexts *t)
{
    gr_move *mv = new_move(a);
    mv->component = xstrdup(t->from.s);
    mv->result = xstrdup(t->to.s);
    mv->rule = dup_or_null(m->label);
    mv->args = t->args.len ? xstrdup(t->args.s) : NULL;
    mv->copies = m->copies;
    copy_binders(mv, m->args);
    return mv;
}

static int every_move(void *ctx, const SolveMove *m)
{
    EveryCtx *c = ctx;
    Program *p = c->p;
    gr_answer *a = c->r->out;
    bool scoring = a->scoring;
    GameValue g = c->r->what == GR_EVERY_OUTCOME && !scoring ? gv_outcome(solve_outcome_value(p->solver, &m->result, c->loc))
                                                             : move_value(c, &m->result);
    /* a scoring game: what the move is worth, gain - value after; the best are marked */
    GameValue after = g.kind == GV_SCORE ? g : score_int(0), worth = score_int(0);
    if (scoring) worth = score_sub(p, &m->gain, &after);
    bool best = scoring ? !score_cmp(&worth, &c->value)
                        : (a->outcome == 'N' && g.outcome == 'P') || (a->outcome == 'D' && g.outcome == 'D');
    unsigned long long id = hold(c, &m->result);
    MoveTexts t;
    move_texts(p, m, &t);
    UtilMeter *meter = util_set_meter(NULL);   /* the caller's memory */
    gr_move *mv = listed_move(a, m, &t);
    mv->outcome = g.outcome;
    mv->best = best;
    mv->id = id;
    if (scoring) {
        int k;
        mv->gain = value_text(&m->gain, true, &k);
        mv->after = value_text(&after, true, &k);
        mv->worth = value_text(&worth, true, &k);
    } else {
        mv->value = value_text(&g, false, &mv->kind);
    }
    util_set_meter(meter);
    move_texts_fini(&t);
    return 0;
}

/* A compound's move (solve_mode_moves): its result and its outcome; one to make when it reaches
   a P-position from an N-position (or keeps a draw). */
static int every_mode_move(void *ctx, const Value *result, const char *text)
{
    EveryCtx *c = ctx;
    Program *p = c->p;
    gr_answer *a = c->r->out;
    char o = solve_outcome_value(p->solver, result, c->loc);
    unsigned long long id = hold(c, result);
    UtilMeter *meter = util_set_meter(NULL);   /* the caller's memory */
    gr_move *mv = new_move(a);
    mv->component = xstrdup(a->position);
    mv->result = xstrdup(text);
    mv->copies = 1;
    mv->outcome = o;
    mv->best = (a->outcome == 'N' && o == 'P') || (a->outcome == 'D' && o == 'D');
    mv->id = id;
    GameValue g = gv_outcome(o);
    mv->value = value_text(&g, false, &mv->kind);
    util_set_meter(meter);
    return 0;
}

/* A partizan position's move (solve_each_move): its side (a move of both players' is listed once
   for each), the canonical form of the position it reaches and its outcome class; one to make when
   it wins for its maker (Left's to a position >= 0, Right's to one <= 0). */
static int partizan_move(void *ctx, const SolveMove *m)
{
    EveryCtx *c = ctx;
    Program *p = c->p;
    gr_answer *a = c->r->out;
    char o = solve_outcome_value(p->solver, &m->result, c->loc);
    char *value = pz_value_text(p->solver, &m->result, c->loc, false);
    unsigned long long id = hold(c, &m->result);
    MoveTexts t;
    move_texts(p, m, &t);
    for (int side = MOVE_LEFT; side <= MOVE_RIGHT; side++) {
        if (m->side != MOVE_BOTH && m->side != side) continue;
        UtilMeter *meter = util_set_meter(NULL);   /* the caller's memory */
        gr_move *mv = listed_move(a, m, &t);
        mv->side = side == MOVE_LEFT ? 'L' : 'R';
        mv->outcome = o;
        mv->best = o == 'P' || o == mv->side;
        mv->id = id;
        mv->value = xstrdup(value);
        mv->kind = GR_VALUE_FORM;
        util_set_meter(meter);
    }
    xfree(value);
    move_texts_fini(&t);
    return 0;
}

/* Every move of a partizan position (GR_EVERY_MOVE, GR_EVERY_OUTCOME: the values are its
   canonical forms either way) into r->out. */
static void partizan_moves(Program *p, PosRun *r, const Value *pos, Loc loc)
{
    char o = solve_outcome_value(p->solver, pos, loc);
    char *value = pz_value_text(p->solver, pos, loc, false);
    StrBuf b;
    sb_init(&b);
    key_print_pos(p, &b, pos);
    UtilMeter *meter = util_set_meter(NULL);
    gr_answer *a = r->out = xcalloc(1, sizeof *a);
    a->position = xstrdup(b.s);
    a->outcome = o;
    a->value = xstrdup(value);
    a->kind = GR_VALUE_FORM;
    a->strategy = xstrdup("partizan");
    util_set_meter(meter);
    xfree(value);
    sb_fini(&b);
    EveryCtx c = { p, r, loc, gv_outcome(o), 0 };
    a->incomplete = solve_each_move(p->solver, pos, loc, r->max ? r->max : 2000, partizan_move, &c);
}

/* Every move of pos (GR_EVERY_MOVE) into r->out. */
static void every_moves(Program *p, PosRun *r, const Value *pos, Loc loc)
{
    if (pz_applies(p->solver, pos)) {
        partizan_moves(p, r, pos, loc);
        return;
    }
    /* GR_EVERY_OUTCOME: the outcome alone, unless the game scores (its moves' worth needs values) */
    bool scoring = false;
    for (uint32_t i = 0; i < pos->n && !pos->strs && r->what == GR_EVERY_OUTCOME; i++)
        scoring |= p->code.games[KEY_GAME(pos->u.pos.keys[i])].scoring;
    GameValue g = r->what == GR_EVERY_OUTCOME && !scoring ? gv_outcome(solve_outcome_value(p->solver, pos, loc))
                                                          : value_of(p, pos, loc);
    StrBuf b;
    sb_init(&b);
    key_print_pos(p, &b, pos);
    UtilMeter *meter = util_set_meter(NULL);
    gr_answer *a = r->out = xcalloc(1, sizeof *a);
    a->position = xstrdup(b.s);
    a->outcome = g.outcome;
    a->scoring = g.kind == GV_SCORE;
    a->value = value_text(&g, false, &a->kind);
    a->mode = pos->strs != 0;
    util_set_meter(meter);
    sb_fini(&b);
    EveryCtx c = { p, r, loc, g, 0 };
    bool more = pos->strs & PM_COMPOUND ? solve_mode_moves(p->solver, pos, loc, r->max ? r->max : 2000, every_mode_move, &c)
                                         : solve_each_move(p->solver, pos, loc, r->max ? r->max : 2000, every_move, &c);
    a->incomplete = more;
}

static void answer_value(Program *p, PosRun *r, const Value *pos, Loc loc);

static void pos_run(Program *p, void *ctx)
{
    PosRun *r = ctx;
    size_t n0 = p->code.nstmts, nsyms0 = p->code.nsyms, nredefs0 = p->code.nredefs, pending = p->code.next_stmt;
    DrvMark m0 = drv_mark(p);   /* the position's text is forgotten once answered */
    session_forget_at_end(r->s);   /* or when an error, a limit or an interrupt ends it */
    r->s->restore_next = pending;
    r->s->restore_armed = true;
    p->opt.bare_print = false;   /* a bare expression is a query (session_run puts it back) */
    int errors = drv_load(p, r->name, r->text, strlen(r->text), NULL);
    if (errors) {
        r->status = p->run.load_status == EXIT_LIMIT ? EXIT_LIMIT : EXIT_COMPILE;
        if (!p->run.load_status) drv_undeclare(p, &m0, true);   /* it did not compile: nothing ran */
        return;
    }
    p->code.next_stmt = p->code.nstmts;   /* the unit's statement runs here, not in a later gr_eval */
    bool defines = p->code.nredefs != nredefs0;   /* a definition (the standard library's load as they are used) */
    for (size_t i = nsyms0; i < p->code.nsyms; i++) defines |= !p->code.syms[i].stdlib;
    if (defines || p->code.nstmts != n0 + 1 || p->code.stmts[n0].kind != ST_QUERY) {
        Loc at = n0 < p->code.nstmts ? p->code.stmts[n0].loc : (Loc){ 0 };
        if (!drv_undeclare(p, &m0, false)) {   /* the text leaves nothing behind (a constant: its name) */
            prog_forget_syms(p, nsyms0);
            p->code.nredefs = nredefs0;
        }
        p->code.nstmts = p->code.next_stmt = n0;
        prog_fail(p, EXIT_COMPILE, at, "%s needs one position, such as Nim(3, 4, 5), and no definitions", r->who);
    }
    Stmt *st = &p->code.stmts[n0];
    p->run.stmt = st;
    prog_budget_start(p);
    Value v = vm_call(p->vm, st->fn, NULL, 0, NULL, NULL);
    if (v.t == VT_INT && v.u.i == 0) v = val_pos(NULL, NULL, 0);
    if (v.t != VT_POS) prog_fail(p, EXIT_COMPILE, st->loc, "%s needs a position, but this is %s", r->who, val_type_an(v.t));
    answer_value(p, r, &v, st->loc);
    p->run.stmt = NULL;
    r->s->forget_armed = r->s->restore_armed = false;
    if (!drv_forget(p, &m0)) p->code.nstmts = n0;   /* its statement never runs again (a gr_run) */
    p->code.next_stmt = pending;   /* statements gr_load left for gr_run stay for it */
}

/* A held position answered (inside session_run): no text is read. */
static void held_run(Program *p, void *ctx)
{
    PosRun *r = ctx;
    prog_budget_start(p);
    Value v = key_copy_value(&r->s->held[r->id - 1]);
    answer_value(p, r, &v, (Loc){ 0 });
}

/* What r asks of the position v (loc: where its text is, for messages). */
static void answer_value(Program *p, PosRun *r, const Value *pos, Loc loc)
{
    Value v = *pos;
    if (r->what == POS_DRAW) {
        StrBuf b;
        sb_init(&b);
        draw_dot(p, &v, r->depth, loc, &b);
        UtilMeter *meter = util_set_meter(NULL);
        r->made = util_strdup_libc(b.s ? b.s : "");   /* the caller's, freed with gr_free */
        util_set_meter(meter);
        sb_fini(&b);
        if (!r->made) prog_fail(p, EXIT_LIMIT, loc, "out of memory");
    } else if (r->what == POS_JSON) {
        size_t mark;
        Answer *a = solve_answer_new(p, &mark);
        solve_query(p->solver, &v, loc, true, a);
        solve_label(p->solver, a, &v, loc);
        StrBuf b;
        sb_init(&b);
        render_query_json(p, a, &b);
        prog_release(p, mark);
        solve_answer_free(a);
        UtilMeter *meter = util_set_meter(NULL);
        r->made = util_strdup_libc(b.s);   /* the caller's, freed with gr_free */
        util_set_meter(meter);
        sb_fini(&b);
        if (!r->made) prog_fail(p, EXIT_LIMIT, loc, "out of memory");
    } else if (r->what == GR_EVERY_MOVE || r->what == GR_EVERY_OUTCOME) {
        every_moves(p, r, &v, loc);
    } else {
        size_t mark;
        Answer *a = solve_answer_new(p, &mark);
        solve_query(p->solver, &v, loc, r->what == GR_WINNING, a);
        if (r->what == GR_WINNING) solve_label(p->solver, a, &v, loc);
        answer_copy(p, r, a);
        prog_release(p, mark);
        solve_answer_free(a);
    }
}

/* A position run (r->id: the held position, else r->text): its answer into *out or its drawing
   into *dot; 0 or the failure's status. */
static int position_run(gr_session *s, PosRun *r, gr_answer **out, char **dot, char **errors)
{
    if (out) *out = NULL;
    if (dot) *dot = NULL;
    int st = session_run(s, r->id ? held_run : pos_run, r, &r->status, errors);
    if (st) {
        gr_answer_free(r->out);
        util_free_libc(r->made);
        return st;
    }
    if (out) *out = r->out;
    if (dot) *dot = r->made;
    return EXIT_OK;
}

int gr_query(gr_session *s, const char *position, gr_answer **out, char **errors)
{
    if (out) *out = NULL;
    if (errors) *errors = NULL;
    if (!s || !position || !out) return EXIT_USAGE;
    PosRun r = { .s = s, .text = position, .name = "<query>", .who = "gr_query", .what = GR_WINNING };
    return position_run(s, &r, out, NULL, errors);
}

int gr_query_json(gr_session *s, const char *position, const char *name, char **json, char **errors)
{
    if (json) *json = NULL;
    if (errors) *errors = NULL;
    if (!s || !position || !json) return EXIT_USAGE;
    PosRun r = { .s = s, .text = position, .name = name ? name : "<query>", .who = "this", .what = POS_JSON };
    return position_run(s, &r, NULL, json, errors);
}

int gr_position(gr_session *s, const char *position, const char *name, int what, size_t max, gr_answer **out,
                char **errors)
{
    if (out) *out = NULL;
    if (errors) *errors = NULL;
    int mode = what & ~GR_HOLD;
    if (!s || !position || !out || what < 0 || mode > GR_EVERY_OUTCOME) return EXIT_USAGE;
    PosRun r = { .s = s, .text = position, .name = name ? name : "<query>", .who = "this", .what = mode,
                 .hold = (what & GR_HOLD) != 0, .max = max };
    return position_run(s, &r, out, NULL, errors);
}

int gr_position_held(gr_session *s, unsigned long long id, int what, size_t max, gr_answer **out, char **errors)
{
    if (out) *out = NULL;
    if (errors) *errors = NULL;
    int mode = what & ~GR_HOLD;
    if (!s || !out || what < 0 || mode > GR_EVERY_OUTCOME || !id || id > s->nheld) return EXIT_USAGE;
    PosRun r = { .s = s, .who = "this", .what = mode, .hold = (what & GR_HOLD) != 0, .id = id, .max = max };
    return position_run(s, &r, out, NULL, errors);
}

unsigned long long gr_session_held(gr_session *s) { return s ? s->nheld : 0; }

void gr_session_release(gr_session *s, unsigned long long after)
{
    if (!s || after >= s->nheld) return;
    UtilMeter *meter0 = util_set_meter(&s->meter);
    for (size_t i = after; i < s->nheld; i++) key_copy_free(&s->held[i]);
    s->nheld = after;
    if (!after) {
        xfree(s->held);
        s->held = NULL;
        s->capheld = 0;
    }
    util_set_meter(meter0);
}

int gr_draw(gr_session *s, const char *position, const char *name, int depth, char **dot, char **errors)
{
    if (dot) *dot = NULL;
    if (errors) *errors = NULL;
    if (!s || !position || !dot || depth < 0 || depth > 50) return EXIT_USAGE;
    PosRun r = { .s = s, .text = position, .name = name ? name : "<query>", .who = "this", .what = POS_DRAW,
                 .depth = depth };
    return position_run(s, &r, NULL, dot, errors);
}

char gr_answer_outcome(const gr_answer *a) { return a ? a->outcome : 0; }
const char *gr_answer_value(const gr_answer *a) { return a ? a->value : NULL; }
const char *gr_answer_position(const gr_answer *a) { return a ? a->position : NULL; }
const char *gr_answer_strategy(const gr_answer *a) { return a ? a->strategy : NULL; }
const char *gr_answer_certificate(const gr_answer *a) { return a ? a->why : NULL; }
int gr_answer_is_scoring(const gr_answer *a) { return a && a->scoring; }
int gr_answer_is_draw(const gr_answer *a) { return a && a->drawing; }
int gr_answer_incomplete(const gr_answer *a) { return a && a->incomplete; }
size_t gr_answer_result_count(const gr_answer *a) { return a ? a->nresults : 0; }
const char *gr_answer_result(const gr_answer *a, size_t i) { return a && i < a->nresults ? a->results[i] : NULL; }
size_t gr_answer_move_count(const gr_answer *a) { return a ? a->nmoves : 0; }

int gr_answer_move(const gr_answer *a, size_t i, const char **component, const char **rule, const char **args,
                   const char **result, unsigned long long *copies)
{
    if (!a || i >= a->nmoves) return -1;
    const gr_move *m = &a->moves[i];
    if (component) *component = m->component;
    if (rule) *rule = m->rule;
    if (args) *args = m->args;
    if (result) *result = m->result;
    if (copies) *copies = m->copies;
    return 0;
}

size_t gr_answer_binder_count(const gr_answer *a, size_t i) { return a && i < a->nmoves ? a->moves[i].nbinders : 0; }

int gr_answer_binder(const gr_answer *a, size_t i, size_t j, const char **name, const char **text, long long *value)
{
    if (!a || i >= a->nmoves) return -1;
    return named_get(a->moves[i].binders, a->moves[i].nbinders, j, name, text, value);
}

size_t gr_answer_fact_count(const gr_answer *a) { return a ? a->nfacts : 0; }

int gr_answer_fact_at(const gr_answer *a, size_t j, const char **name, const char **text, long long *value)
{
    return a ? named_get(a->facts, a->nfacts, j, name, text, value) : -1;
}

int gr_answer_fact(const gr_answer *a, const char *name, const char **text, long long *value)
{
    for (size_t j = 0; a && name && j < a->nfacts; j++)
        if (!strcmp(a->facts[j].name, name)) return gr_answer_fact_at(a, j, NULL, text, value);
    return -1;
}


int gr_answer_value_kind(const gr_answer *a) { return a ? a->kind : GR_VALUE_NONE; }
const char *gr_answer_no_value(const gr_answer *a) { return a ? a->no_sg : NULL; }
int gr_answer_is_mode(const gr_answer *a) { return a && a->mode; }
size_t gr_answer_component_count(const gr_answer *a) { return a ? a->ncomps : 0; }
size_t gr_answer_component_total(const gr_answer *a) { return a ? a->ncomps_total : 0; }

int gr_answer_component(const gr_answer *a, size_t i, const char **position, unsigned long long *copies,
                        const char **strategy, const char **certificate)
{
    if (!a || i >= a->ncomps) return -1;
    const gr_component *c = &a->comps[i];
    if (position) *position = c->position;
    if (copies) *copies = c->copies;
    if (strategy) *strategy = c->strategy;
    if (certificate) *certificate = c->why;
    return 0;
}

unsigned long long gr_answer_move_id(const gr_answer *a, size_t i) { return a && i < a->nmoves ? a->moves[i].id : 0; }

char gr_answer_move_side(const gr_answer *a, size_t i) { return a && i < a->nmoves ? a->moves[i].side : 0; }

char gr_answer_move_value(const gr_answer *a, size_t i, const char **value, int *kind, int *best, const char **gain,
                          const char **after, const char **worth)
{
    if (!a || i >= a->nmoves) return 0;
    const gr_move *m = &a->moves[i];
    if (value) *value = m->value;
    if (kind) *kind = m->kind;
    if (best) *best = m->best;
    if (gain) *gain = m->gain;
    if (after) *after = m->after;
    if (worth) *worth = m->worth;
    return m->outcome;
}
