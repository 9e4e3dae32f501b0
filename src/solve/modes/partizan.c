/* partizan.c: positions of partizan games: the canonical form of each component from its Left and
   Right options (recursively, once per state), sums of them, a query's outcome class and value,
   and each player's winning moves with their rules (docs/theory.md, "Short partizan games"). An
   impartial component of a partizan sum is the nimber of its SG value, which the strategies find. */
#include "config.h"
#include "solve/solve.h"
#include "ast.h"
#include "key.h"
#include "rules.h"
#include <stdlib.h>
#include <string.h>

/* A component whose form is being computed (a cycle reaching it is an error). */
#define PZ_BUSY (CGT_NONE - 1)
/* How deep the forms' recursion may go (positions on one line of play). */
#define PZ_MAX_DEPTH 3000

struct Partizan {
    CgtStore *cgt;
    struct CgtThermoCache *thermo;   /* thermographs by form */
    CgtId *form;        /* by state id: its canonical form, CGT_NONE unknown, PZ_BUSY in progress */
    uint8_t *dead;      /* by state id: no move for either player */
    size_t cap;
    uint64_t *rec;      /* the moves of the components in progress: side, parts, (id, count) each */
    size_t nrec, caprec;
    CgtId *opt;         /* their forms as they are found: side, form */
    size_t nopt, capopt;
    size_t depth;
};

static void pz_fini(struct Partizan *z)
{
    if (!z) return;
    cgt_thermo_cache_free(z->thermo);
    cgt_free(z->cgt);
    xfree(z->form);
    xfree(z->dead);
    xfree(z->rec);
    xfree(z->opt);
    xfree(z);
}

/* The store's poll: whether a deadline, an interrupt, the steps or the memory budget says to stop
   (full() then stops through the program's own poll, which names the limit). */
static bool pz_poll(void *ctx)
{
    Program *p = ((Solver *)ctx)->p;
    p->run.polls += 1024;
    if (*p->run.interrupt || p->run.polls > p->run.steps_end) return true;
    double now = prog_now();
    if (p->run.deadline && now >= p->run.deadline) return true;
    if (now < p->run.mem_next || !prog_memory_budget(p)) return false;
    p->run.mem_next = now + PROG_MEMORY_EVERY;
    return prog_memory_used(p) > p->opt.max_memory;
}

static struct Partizan *state(Solver *s)
{
    if (!s->partizan) {
        s->partizan = xcalloc(1, sizeof *s->partizan);
        s->partizan->cgt = cgt_new(0);
        cgt_set_poll(s->partizan->cgt, pz_poll, s);
        s->partizan->thermo = cgt_thermo_cache_new();
        s->partizan_fini = pz_fini;
    }
    return s->partizan;
}

CgtStore *pz_store(Solver *s) { return state(s)->cgt; }

bool pz_applies(Solver *s, const Value *pos)
{
    if (pos->t != VT_POS || pos->strs) return false;
    for (uint32_t i = 0; i < pos->n; i++)
        if (s->p->code.games[KEY_GAME(pos->u.pos.keys[i])].partizan) return true;
    return false;
}

static void push_rec(struct Partizan *z, uint64_t w)
{
    if (z->nrec == z->caprec) {
        z->caprec = z->caprec ? 2 * z->caprec : 256;
        z->rec = xrealloc(z->rec, z->caprec * sizeof *z->rec);
    }
    z->rec[z->nrec++] = w;
}

static void push_opt(struct Partizan *z, CgtId side, CgtId f)
{
    if (z->nopt + 2 > z->capopt) {
        z->capopt = z->capopt ? 2 * z->capopt : 256;
        z->opt = xrealloc(z->opt, z->capopt * sizeof *z->opt);
    }
    z->opt[z->nopt++] = side;
    z->opt[z->nopt++] = f;
}

static _Noreturn void full(Solver *s, Loc loc)
{
    if (cgt_stopped(state(s)->cgt)) {   /* the poll said to stop: the poll again, which names why */
        Program *p = s->p;
        p->run.mem_next = 0;
        p->run.poll_next = p->run.polls;
        prog_poll_slow(p, loc);
        p->run.mem_next = 0;   /* (the memory's one poll of grace) */
        prog_poll_slow(p, loc);
        prog_fail(p, EXIT_LIMIT, loc, "partizan game '%s': stopped", p->code.games[p->run.work_game].name);
    }
    if (cgt_too_big(state(s)->cgt))
        prog_fail(s->p, EXIT_LIMIT, loc, "partizan game '%s': a number beyond the store's range (integers up to 2^20 "
                  "either way, denominators up to 2^60)", s->p->code.games[s->p->run.work_game].name);
    prog_fail(s->p, EXIT_LIMIT, loc, "partizan game '%s': more than %zu game forms (canonical forms and the sums made "
              "on the way); the store of forms is full", s->p->code.games[s->p->run.work_game].name, cgt_count(state(s)->cgt));
}

static CgtId checked(Solver *s, CgtId f, Loc loc)
{
    if (f == CGT_NONE) full(s, loc);
    return f;
}

/* count copies of f (doubling) */
static CgtId times(Solver *s, CgtId f, uint64_t count, Loc loc)
{
    CgtStore *st = state(s)->cgt;
    CgtId r = checked(s, cgt_zero(st), loc);
    for (CgtId d = f; count; count >>= 1) {
        if (count & 1) r = checked(s, cgt_add(st, r, d), loc);
        if (count > 1) d = checked(s, cgt_add(st, d, d), loc);
    }
    return r;
}

typedef struct EnumCtx { Solver *s; const Game *g; Loc loc; } EnumCtx;

/* A move of the component being valued: its side and its parts as state ids. */
static int on_move(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    EnumCtx *c = ctx;
    struct Partizan *z = c->s->partizan;
    int tag = c->s->vm->yield_tag;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_parts(c->s, v, c->loc, &keys, &cnt, &n);
    push_rec(z, c->g->move_sides ? c->g->move_sides[tag] : MOVE_BOTH);
    push_rec(z, n);
    for (uint32_t i = 0; i < n; i++) {
        push_rec(z, eng_intern(c->s->store, keys[i], c->loc));
        push_rec(z, cnt ? cnt[i] : 1);
    }
    return 0;
}

static CgtId form_of(Solver *s, uint32_t id, Loc loc);

/* The form of a move's parts, rec[at ..] (n parts). */
static CgtId parts_form(Solver *s, size_t at, uint64_t n, Loc loc)
{
    CgtStore *st = state(s)->cgt;
    CgtId f = checked(s, cgt_zero(st), loc);
    for (uint64_t i = 0; i < n; i++) {
        uint32_t id = (uint32_t)s->partizan->rec[at + 2 * i];
        uint64_t count = s->partizan->rec[at + 2 * i + 1];
        f = checked(s, cgt_add(st, f, times(s, form_of(s, id, loc), count, loc)), loc);
    }
    return f;
}

/* An impartial component: the nimber of its SG value. */
static CgtId impartial_form(Solver *s, uint32_t id, const Game *g, Loc loc)
{
    if (g->scoring)
        prog_fail(s->p, EXIT_COMPILE, loc, "'%s' is a scoring game: it cannot be part of a partizan sum", g->name);
    solve_component(s, id, loc, NULL, true);
    GameValue v = solve_value_of(&s->store->st[id]);
    if (v.kind != GV_SG || v.big || v.n > 4096) {
        char b[200];
        key_text(s->p, eng_key(s->store, id), b, sizeof b);
        prog_fail(s->p, EXIT_COMPILE, loc, "%s in a partizan sum: %s", b,
                  v.kind == GV_SG ? "its nimber is beyond *4096, too large for a canonical form"
                                  : "a game with cycles has no canonical form as a short game");
    }
    state(s)->dead[id] = (s->store->st[id].flags & ST_TERMINAL) != 0;
    return checked(s, cgt_nimber(state(s)->cgt, (uint32_t)v.n), loc);
}

static CgtId form_of(Solver *s, uint32_t id, Loc loc)
{
    struct Partizan *z = state(s);
    if (id >= z->cap) {
        size_t cap = z->cap ? z->cap : 1024;
        while (cap <= id) cap *= 2;
        z->form = xrealloc(z->form, cap * sizeof *z->form);
        z->dead = xrealloc(z->dead, cap);
        for (size_t i = z->cap; i < cap; i++) z->form[i] = CGT_NONE;
        memset(z->dead + z->cap, 0, cap - z->cap);
        z->cap = cap;
    }
    CgtId f = z->form[id];
    const int64_t *key = eng_key(s->store, id);
    const Game *g = &s->p->code.games[KEY_GAME(key)];
    if (f == PZ_BUSY) {
        char b[200];
        key_text(s->p, key, b, sizeof b);
        prog_fail(s->p, EXIT_COMPILE, loc, "partizan game '%s' has a cycle: position %s can be reached again from itself "
                  "(canonical forms are for short games, where play always ends)", g->name, b);
    }
    if (f != CGT_NONE) return f;
    if (!g->partizan) return z->form[id] = impartial_form(s, id, g, loc);
    if (g->negated) {   /* -G's form is the negative of G's: one search serves both */
        size_t len = KEY_LEN(key), smark = scratch_mark(&s->vm->scratch);
        int64_t *k = vm_alloc(s->vm, len * sizeof *k, loc);
        memcpy(k, key, len * sizeof *k);
        k[0] = (int64_t)(((uint64_t)k[0] & ~(uint64_t)0xffffffffu) | (uint32_t)g->neg);
        z->form[id] = PZ_BUSY;
        uint32_t bid = eng_intern(s->store, k, loc);
        scratch_release(&s->vm->scratch, smark);
        CgtId b = form_of(s, bid, loc);
        f = checked(s, cgt_neg(z->cgt, b), loc);
        z->form[id] = f;
        z->dead[id] = z->dead[bid];
        return f;
    }
    if (z->depth >= PZ_MAX_DEPTH)
        prog_fail(s->p, EXIT_LIMIT, loc, "partizan game '%s': a line of play longer than %d moves", g->name, PZ_MAX_DEPTH);
    z->form[id] = PZ_BUSY;
    z->depth++;
    size_t base = z->nrec, obase = z->nopt;
    EnumCtx c = { s, g, loc };
    size_t smark = scratch_mark(&s->vm->scratch);
    int saved = s->p->run.work_game;
    s->p->run.work_game = (int)KEY_GAME(key);
    s->busy++;
    vm_enum_moves(s->vm, key, on_move, &c);
    s->busy--;
    scratch_release(&s->vm->scratch, smark);
    size_t end = z->nrec;
    bool dead = end == base;
    for (size_t at = base; at < end;) {
        uint64_t side = z->rec[at], n = z->rec[at + 1];
        CgtId m = parts_form(s, at + 2, n, loc);
        push_opt(z, (CgtId)side, m);
        at += 2 + 2 * n;
    }
    s->p->run.work_game = saved;
    /* the options by side: Left's first, then Right's (a move of both sides is in each) */
    size_t nm = (z->nopt - obase) / 2, nl = 0, nr = 0;
    CgtId *o = xmalloc((2 * nm + 1) * sizeof *o);
    for (size_t i = 0; i < nm; i++)
        if (z->opt[obase + 2 * i] != MOVE_RIGHT) o[nl++] = z->opt[obase + 2 * i + 1];
    for (size_t i = 0; i < nm; i++)
        if (z->opt[obase + 2 * i] != MOVE_LEFT) o[nl + nr++] = z->opt[obase + 2 * i + 1];
    f = cgt_make(z->cgt, o, nl, o + nl, nr);
    xfree(o);
    z->nrec = base;
    z->nopt = obase;
    z->depth--;
    checked(s, f, loc);
    z->form[id] = f;
    z->dead[id] = dead;
    return f;
}

/* The position's components as parts (sorted by state, equal ones merged), in scratch. */
static uint32_t position_parts(Solver *s, const Value *pos, Loc loc, AnswerPart **out)
{
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_parts(s, pos, loc, &keys, &cnt, &n);
    AnswerPart *p = vm_alloc(s->vm, (n ? n : 1) * sizeof *p, loc);
    for (uint32_t i = 0; i < n; i++) p[i] = (AnswerPart){ eng_intern(s->store, keys[i], loc), cnt ? cnt[i] : 1 };
    *out = p;
    return solve_multiset(p, n);
}

CgtId pz_form(Solver *s, const Value *pos, Loc loc)
{
    AnswerPart *p;
    uint32_t n = position_parts(s, pos, loc, &p);
    CgtStore *st = state(s)->cgt;
    CgtId f = checked(s, cgt_zero(st), loc);
    for (uint32_t i = 0; i < n; i++) f = checked(s, cgt_add(st, f, times(s, form_of(s, p[i].id, loc), p[i].count, loc)), loc);
    return f;
}

static char *form_text(Solver *s, CgtId f, bool unicode)
{
    StrBuf b;
    sb_init(&b);
    cgt_print(state(s)->cgt, &b, f, unicode);
    return sb_take(&b);
}

/* parts as a printed position: the components with a move (dead ones left out), "0" for none */
static char *parts_text(Solver *s, const AnswerPart *p, uint32_t n)
{
    StrBuf b;
    sb_init(&b);
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (!p[i].count || state(s)->dead[p[i].id]) continue;
        if (k++) sb_puts(&b, " + ");
        solve_print_copies(s, &b, p[i].count, p[i].id);
    }
    if (!k) sb_putc(&b, '0');
    return sb_take(&b);
}

char pz_outcome(Solver *s, const Value *pos, Loc loc)
{
    CgtId f = pz_form(s, pos, loc);
    char o = cgt_outcome(state(s)->cgt, f);
    if (cgt_full(state(s)->cgt)) full(s, loc);
    return o;
}

char pz_compare(Solver *s, const Value *a, const Value *b, Loc loc)
{
    CgtId f = pz_form(s, a, loc), g = pz_form(s, b, loc);
    char c = cgt_cmp(state(s)->cgt, f, g);
    if (cgt_full(state(s)->cgt)) full(s, loc);
    return c;
}

char *pz_value_text(Solver *s, const Value *pos, Loc loc, bool unicode)
{
    return form_text(s, pz_form(s, pos, loc), unicode);
}

const CgtThermo *pz_thermograph(Solver *s, const Value *pos, Loc loc)
{
    CgtId f = pz_form(s, pos, loc);
    const CgtThermo *th = cgt_thermograph(state(s)->cgt, state(s)->thermo, f);
    if (!th)
        prog_fail(s->p, EXIT_LIMIT, loc, "the thermograph of this position needs numbers beyond 64-bit dyadic fractions");
    if (cgt_full(state(s)->cgt)) full(s, loc);
    return th;
}

char *pz_figure(Solver *s, const Value *pos, int which, Loc loc)
{
    CgtNum x;
    if (which == VM_PZ_LEFTSTOP || which == VM_PZ_RIGHTSTOP) {
        CgtId f = pz_form(s, pos, loc);
        x = which == VM_PZ_LEFTSTOP ? cgt_leftstop(state(s)->cgt, f) : cgt_rightstop(state(s)->cgt, f);
    } else {
        const CgtThermo *th = pz_thermograph(s, pos, loc);
        x = which == VM_PZ_MEAN ? th->mean : th->temperature;
    }
    StrBuf b;
    sb_init(&b);
    cgt_num_print(&b, x);
    return sb_take(&b);
}

/* ---- winning moves ---- */

typedef struct Listed { char side; int tag; AnswerBinders args; size_t at, n; } Listed;
typedef struct WinCtx { Solver *s; const Game *g; Loc loc; Listed *v; size_t n, cap; } WinCtx;

static void win_free(void *arg)
{
    WinCtx *w = arg;
    for (size_t i = 0; i < w->n; i++) solve_binders_free(&w->v[i].args);
    xfree(w->v);
    w->v = NULL;
    w->n = 0;
}

static int on_win(void *ctx, const Value *v, const Value *frame)
{
    WinCtx *w = ctx;
    struct Partizan *z = w->s->partizan;
    int tag = w->s->vm->yield_tag;
    size_t at = z->nrec;
    on_move(&(EnumCtx){ w->s, w->g, w->loc }, v, frame);
    Listed l = { (char)z->rec[at], tag, { NULL, 0 }, at + 2, (size_t)z->rec[at + 1] };
    const RRule *rule = w->g->rules && tag >= 0 && tag < w->g->rules->n ? &w->g->rules->items[tag] : NULL;
    labels_binders(w->s, rule, frame, &l.args);
    VEC_PUSH(w->v, w->n, w->cap, l);
    return 0;
}

/* Each winning move of component p[i]: Left's to a position >= 0, Right's to one <= 0. */
static void list_moves(Solver *s, const AnswerPart *p, uint32_t n, uint32_t i, CgtId total, Answer *a, Loc loc)
{
    struct Partizan *z = state(s);
    CgtStore *st = z->cgt;
    const int64_t *key = eng_key(s->store, p[i].id);
    WinCtx w = { s, &s->p->code.games[KEY_GAME(key)], loc, NULL, 0, 0 };
    size_t mark = prog_defer(s->p, win_free, &w);
    size_t base = z->nrec;
    size_t smark = scratch_mark(&s->vm->scratch);
    s->busy++;
    vm_enum_moves(s->vm, key, on_win, &w);
    s->busy--;
    scratch_release(&s->vm->scratch, smark);
    (void)total;
    CgtId zero = checked(s, cgt_zero(st), loc);
    /* the rest of the sum: the other components, and the other copies of this one (added up,
       not total - this: a difference of forms is costly where a sum is not, x + *n) */
    CgtId rest = zero;
    for (uint32_t r = 0; r < n; r++) {
        uint64_t c = p[r].count - (r == i);
        if (c) rest = checked(s, cgt_add(st, rest, times(s, form_of(s, p[r].id, loc), c, loc)), loc);
    }
    char *from = NULL;
    for (size_t j = 0; j < w.n; j++) {
        Listed *l = &w.v[j];
        CgtId after = checked(s, cgt_add(st, rest, parts_form(s, l->at, l->n, loc)), loc);
        bool left = l->side != MOVE_RIGHT && cgt_le(st, zero, after);
        bool right = l->side != MOVE_LEFT && cgt_le(st, after, zero);
        if (!left && !right) continue;
        /* the position after it: one copy of p[i] replaced by the move's parts */
        AnswerPart *q = vm_alloc(s->vm, (n + l->n) * sizeof *q, loc);
        uint32_t k = 0;
        for (uint32_t r = 0; r < n; r++)
            if (p[r].count - (r == i)) q[k++] = (AnswerPart){ p[r].id, p[r].count - (r == i) };
        for (size_t r = 0; r < l->n; r++) q[k++] = (AnswerPart){ (uint32_t)z->rec[l->at + 2 * r], z->rec[l->at + 2 * r + 1] };
        k = solve_multiset(q, k);
        for (int side = 0; side < 2; side++) {
            if (!(side ? right : left)) continue;
            size_t count = 0;
            for (size_t r = 0; r < a->npz; r++) count += a->pz[r].side == (side ? 'R' : 'L');
            if (count >= SOLVE_MAX_WINNING) {
                a->pz_truncated = true;
                continue;
            }
            if (!from) {
                StrBuf b;
                sb_init(&b);
                key_print(s->p, &b, key);
                from = sb_take(&b);
            }
            struct AnswerPzMove m = { side ? 'R' : 'L', NULL, p[i].count, l->tag >= 0 && l->tag < w.g->nmove_names ? w.g->move_names[l->tag] : NULL,
                                      { NULL, 0 }, parts_text(s, q, k) };
            m.from = xmalloc(strlen(from) + 1);
            strcpy(m.from, from);
            if (l->args.n) {   /* the binders: copied for the second side, moved for the last */
                m.args.v = xcalloc(l->args.n, sizeof *m.args.v);
                m.args.n = l->args.n;
                for (uint32_t r = 0; r < l->args.n; r++) {
                    m.args.v[r] = l->args.v[r];
                    if (!l->args.v[r].is_int) {
                        m.args.v[r].text = xmalloc(strlen(l->args.v[r].text) + 1);
                        strcpy(m.args.v[r].text, l->args.v[r].text);
                        m.args.v[r].json = xmalloc(strlen(l->args.v[r].json) + 1);
                        strcpy(m.args.v[r].json, l->args.v[r].json);
                    }
                }
            }
            VEC_PUSH(a->pz, a->npz, a->cappz, m);
        }
    }
    xfree(from);
    if (cgt_full(st)) full(s, loc);
    z->nrec = base;
    prog_release(s->p, mark);
    win_free(&w);
}

void pz_query(Solver *s, const Value *pos, Loc loc, bool moves, Answer *a)
{
    AnswerPart *p;
    uint32_t n = position_parts(s, pos, loc, &p);
    CgtStore *st = state(s)->cgt;
    CgtId total = checked(s, cgt_zero(st), loc);
    for (uint32_t i = 0; i < n; i++) total = checked(s, cgt_add(st, total, times(s, form_of(s, p[i].id, loc), p[i].count, loc)), loc);
    a->partizan = true;
    a->outcome = cgt_outcome(st, total);
    a->value = form_text(s, total, false);
    a->value_unicode = form_text(s, total, true);
    a->position = parts_text(s, p, n);
    a->strategy = "partizan";
    a->remoteness = -1;
    /* the components with a move, for the listings of every move (scratch, as a query's) */
    uint32_t *ids = vm_alloc(s->vm, (n ? n : 1) * sizeof *ids, loc);
    uint64_t *cnt = vm_alloc(s->vm, (n ? n : 1) * sizeof *cnt, loc);
    size_t k = 0;
    for (uint32_t i = 0; i < n; i++)
        if (!state(s)->dead[p[i].id]) ids[k] = p[i].id, cnt[k++] = p[i].count;
    a->comps = ids;
    a->counts = cnt;
    a->ncomps = k;
    if (cgt_full(st)) full(s, loc);
    if (!moves) return;
    for (uint32_t i = 0; i < n; i++)
        if (!state(s)->dead[p[i].id]) list_moves(s, p, n, i, total, a, loc);
}
