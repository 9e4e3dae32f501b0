/* labels.c: winning moves as moves: for each listed result, every rule of the moved component
   that reaches it, with the rule's label and its binder values (two moves may reach one
   position: both are listed, and counted). */
#include "config.h"
#include "solve/solve.h"
#include "solve/core/score.h"
#include "key.h"
#include "json.h"
#include "rules.h"
#include "solve/core/label_jump.h"
#include <stdlib.h>
#include <string.h>

/* Options of one component examined at most for its labels (the listed results stay unlabelled,
   and winning_count refuses to guess, past it). */
#define LABEL_MAX_SCAN ((uint64_t)1 << 18)
/* ... and interpreter loop steps spent on them in all (a rule with costly guards) */
#define LABEL_MAX_STEPS ((uint64_t)1 << 19)

typedef struct LabelCtx {
    Solver *s;
    Answer *a;
    Loc loc;
    size_t which;            /* the component whose rules are enumerated */
    uint64_t copies;         /* its copies in the position (equal components anywhere in it) */
    uint64_t left;           /* options still to examine */
    bool cut;
    AnswerPart *parts;       /* scratch for one option's parts */
    size_t capparts;
    LabelJumps *lj;          /* jumps over a huge rule's binder values, or NULL */
    const size_t *mv;        /* the listed moves of the component enumerated (indices into moves) */
    size_t nmv;
    struct MvAt *ord;        /* the same moves ordered by their parts (then index): an option's match
                                is a binary search, not a scan (thousands of moves, of options) */
    struct IdAt *mi;         /* scratch of label_run: the listed moves by the state they remove */
    struct LGroup *groups;   /* the removed states, each with its first component, moves and copies */
    size_t *mvbuf;
} LabelCtx;

static int first_move(void *ctx, const Value *v, const Value *frame)
{
    (void)v;
    (void)frame;
    *(bool *)ctx = true;
    return 1;
}

/* Whether the component key has no move (a terminal part leaves no trace in a listed move). */
bool labels_terminal(Solver *s, const int64_t *key, uint32_t id)
{
    if (id != UINT32_MAX && (s->store->st[id].flags & ST_DONE)) return (s->store->st[id].flags & ST_TERMINAL) != 0;
    bool any = false;
    size_t mark = scratch_mark(&s->vm->scratch);
    vm_enum_moves(s->vm, key, first_move, &any);
    scratch_release(&s->vm->scratch, mark);
    return !any;
}

/* The rule's binders with their values in frame: integers as they are, other values as text
   and JSON (the frame is gone once the move is listed). */
void labels_binders(Solver *s, const RRule *mv, const Value *frame, AnswerBinders *out)
{
    out->v = NULL;
    out->n = 0;
    if (!mv || !frame || !mv->nb) return;
    out->v = xcalloc((size_t)mv->nb, sizeof *out->v);
    for (int i = 0; i < mv->nb; i++) {
        const RBinder *b = &mv->b[i];
        AnswerBinder *d = &out->v[out->n++];
        const Value *v = &frame[b->slot];
        d->name = b->name;
        if (v->t == VT_INT) {
            d->is_int = true;
            d->i = v->u.i;
            continue;
        }
        StrBuf t;
        sb_init(&t);
        key_print_value(s->p, &t, v);
        d->text = sb_take(&t);
        key_json_value(s->p, &t, v);
        d->json = sb_take(&t);
        sb_fini(&t);
    }
}


static int match_option(LabelCtx *c, int tag, const Value *v, const Value *frame);

/* A listed move and its index, ordered by part count, the parts (id, count) and the index. */
typedef struct MvAt { const struct AnswerMove *m; size_t r; } MvAt;

static int cmp_parts(uint32_t n, const AnswerPart *p, const struct AnswerMove *m)
{
    if (n != m->nparts) return n < m->nparts ? -1 : 1;
    for (uint32_t i = 0; i < n; i++) {
        if (p[i].id != m->parts[i].id) return p[i].id < m->parts[i].id ? -1 : 1;
        if (p[i].count != m->parts[i].count) return p[i].count < m->parts[i].count ? -1 : 1;
    }
    return 0;
}

static int by_parts(const void *x, const void *y)
{
    const MvAt *u = x, *v = y;
    int c = cmp_parts(u->m->nparts, u->m->parts, v->m);
    return c ? c : (u->r > v->r) - (u->r < v->r);
}

static int on_option(void *ctx, const Value *v, const Value *frame)
{
    LabelCtx *c = ctx;
    Solver *s = c->s;
    if (c->left-- == 0) {
        c->cut = true;
        return 1;
    }
    int tag = s->vm->yield_tag;
    ljump_yield(s->p, c->lj, tag, v, frame);
    ljump_install(NULL, s->vm);   /* the checks below enumerate other positions' moves */
    int stop = match_option(c, tag, v, frame);
    ljump_install(c->lj, s->vm);
    return stop;
}

static int match_option(LabelCtx *c, int tag, const Value *v, const Value *frame)
{
    Solver *s = c->s;
    Answer *a = c->a;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(s, v, c->loc, &keys, &cnt, &n);
    if (n > c->capparts) {
        c->capparts = n;
        c->parts = xrealloc(c->parts, n * sizeof *c->parts);
    }
    uint32_t np = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (cnt && !cnt[i]) continue;
        uint32_t id = eng_find(s->store, keys[i], c->loc);
        if (labels_terminal(s, keys[i], id)) continue;
        if (id == UINT32_MAX) return 0;   /* a part no listed move has */
        c->parts[np++] = (AnswerPart){ id, cnt ? cnt[i] : 1 };
    }
    uint32_t m = solve_multiset(c->parts, np);
    size_t lo = 0, hi = c->nmv;   /* the first listed move (least index) with these parts */
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (cmp_parts(m, c->parts, c->ord[mid].m) > 0) lo = mid + 1; else hi = mid;
    }
    if (lo < c->nmv && !cmp_parts(m, c->parts, c->ord[lo].m)) {
        size_t r = a->moves[c->ord[lo].r].result;
        const Game *g = &s->p->code.games[KEY_GAME(eng_key(s->store, a->comps[c->which]))];
        const RRule *rule = g->rules && tag >= 0 && tag < g->rules->n ? &g->rules->items[tag] : NULL;
        a->nmoves += c->copies;
        struct AnswerLabel l = { r, c->which, c->copies, rule ? rule->name : NULL, { NULL, 0 } };
        if (a->nlabels < SOLVE_MAX_WINNING) {
            labels_binders(s, rule, frame, &l.args);
            VEC_PUSH(a->labels, a->nlabels, a->caplabels, l);
        }
    }
    return 0;
}

/* An index with the state id it names: sorted by id (ties by index), equal ids form groups. */
typedef struct IdAt { uint32_t id; size_t i; } IdAt;
/* A state the listed moves remove: its first component, where its moves start in the sorted
   list, and the copies of it in the position. */
typedef struct LGroup { uint32_t id; size_t comp, from; uint64_t copies; } LGroup;
static int by_id(const void *x, const void *y)
{
    const IdAt *u = x, *v = y;
    if (u->id != v->id) return u->id < v->id ? -1 : 1;
    return (u->i > v->i) - (u->i < v->i);
}

static void label_run(Program *p, void *ctx)
{
    LabelCtx *c = ctx;
    Solver *s = c->s;
    Answer *a = c->a;
    /* the listed moves grouped by the state they remove, in increasing state order; each group's
       component is the first written with that state, its copies those of every component equal
       to it (a component written twice is enumerated once, for all its copies). One pass over the
       components, each looked up among the few removed states: a sum of 10^6 heaps with two
       listed moves sorts nothing of its size. */
    IdAt *mi = c->mi;
    LGroup *gr = c->groups;
    size_t *mv = c->mvbuf;
    for (size_t r = 0; r < a->nchanges; r++) mi[r] = (IdAt){ a->moves[r].removed, r };
    qsort(mi, a->nchanges, sizeof *mi, by_id);
    size_t ng = 0;
    for (size_t r = 0; r < a->nchanges; r++) {
        mv[r] = mi[r].i;
        if (!ng || gr[ng - 1].id != mi[r].id) gr[ng++] = (LGroup){ mi[r].id, SIZE_MAX, r, 0 };
    }
    for (size_t i = 0; i < a->ncomps; i++) {
        size_t lo = 0, hi = ng;
        uint32_t id = a->comps[i];
        while (lo < hi) {
            size_t mid = (lo + hi) / 2;
            if (gr[mid].id < id) lo = mid + 1; else hi = mid;
        }
        if (lo == ng || gr[lo].id != id) continue;
        if (gr[lo].comp == SIZE_MAX) gr[lo].comp = i;
        gr[lo].copies += a->counts[i];
    }
    for (size_t g = 0; g < ng; g++) {
        size_t i = gr[g].comp;
        uint32_t id = gr[g].id;
        c->copies = gr[g].copies;
        c->mv = mv + gr[g].from;
        c->nmv = (g + 1 < ng ? gr[g + 1].from : a->nchanges) - gr[g].from;
        if (i == SIZE_MAX) continue;   /* no component is that state (a move removes one of them) */
        for (size_t q = 0; q < c->nmv; q++) c->ord[q] = (MvAt){ &a->moves[c->mv[q]], c->mv[q] };
        qsort(c->ord, c->nmv, sizeof *c->ord, by_parts);
        Value args[POS_MAX_ARGS];
        int nargs = key_decode(s->p, eng_key(s->store, id), args);
        bool big = false;   /* rules over ranges beyond 64 bits: far too many moves to label */
        for (int q = 0; q < nargs; q++) big |= args[q].t == VT_BIG;
        if (big) {
            a->labels_cut = true;
            continue;
        }
        c->which = i;
        c->left = LABEL_MAX_SCAN;
        /* the positions wanted of it (jumps over a huge rule need them): each one's single part
           (NULL when it has more, or none), and every part of every one */
        const int64_t **want = xmalloc((c->nmv + 1) * sizeof *want);
        size_t nall = 0;
        bool empty = false;
        for (size_t q = 0; q < c->nmv; q++) nall += a->moves[c->mv[q]].nparts;
        const int64_t **all = xmalloc((nall + 1) * sizeof *all);
        nall = 0;
        for (size_t q = 0; q < c->nmv; q++) {
            const struct AnswerMove *m = &a->moves[c->mv[q]];
            want[q] = m->nparts == 1 && m->parts[0].count == 1 ? eng_key(s->store, m->parts[0].id) : NULL;
            empty |= m->nparts == 0;
            for (uint32_t k = 0; k < m->nparts; k++) all[nall++] = eng_key(s->store, m->parts[k].id);
        }
        c->lj = ljump_new(s->p, eng_key(s->store, id), want, c->nmv, empty ? NULL : all, nall);
        xfree(want);
        xfree(all);
        ljump_install(c->lj, s->vm);
        size_t mark = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, eng_key(s->store, id), on_option, c);
        scratch_release(&s->vm->scratch, mark);
        ljump_install(NULL, s->vm);
        ljump_free(c->lj);
        c->lj = NULL;
        if (c->cut) a->labels_cut = true;
        c->cut = false;
    }
    c->mv = NULL;
    c->nmv = 0;
    (void)p;
}

/* The context's buffers (also when a budget or an interrupt ends the whole statement inside
   label_run: prog_try passes that on, and the cleanup registered around it runs). */
static void label_ctx_free(void *arg)
{
    LabelCtx *c = arg;
    ljump_install(NULL, c->s->vm);
    ljump_free(c->lj);
    xfree(c->parts);
    xfree(c->groups);
    xfree(c->mi);
    xfree(c->mvbuf);
    xfree(c->ord);
    xfree(c);
}

static void label_moves(Solver *s, Answer *a, Loc loc)
{
    if (!a->moves || !a->nwin) return;
    LabelCtx *c = xcalloc(1, sizeof *c);
    *c = (LabelCtx){ .s = s, .a = a, .loc = loc };
    size_t mark = prog_defer(s->p, label_ctx_free, c);
    c->groups = xmalloc((a->nchanges + 1) * sizeof *c->groups);
    c->mi = xmalloc((a->nchanges + 1) * sizeof *c->mi);
    c->mvbuf = xmalloc((a->nchanges + 1) * sizeof *c->mvbuf);
    c->ord = xmalloc((a->nchanges + 1) * sizeof *c->ord);
    /* within a budget of interpreter steps: past it the results stay unlabelled */
    uint64_t fuel = s->vm->fuel;
    s->vm->fuel = LABEL_MAX_STEPS;
    s->p->run.silent++;
    int st = prog_try(s->p, label_run, c);
    s->p->run.silent--;
    s->vm->fuel = fuel;
    if (st) a->labels_cut = true;
    prog_release(s->p, mark);
    label_ctx_free(c);
    /* in the order of the listed results (a component's rules were enumerated in turn) */
    for (size_t i = 1; i < a->nlabels; i++) {
        struct AnswerLabel l = a->labels[i];
        size_t j = i;
        for (; j > 0 && a->labels[j - 1].result > l.result; j--) a->labels[j] = a->labels[j - 1];
        a->labels[j] = l;
    }
}

/* ---- misere play of a sum ------------------------------------------------------------------- */

/* parts without terminal components, sorted and merged: the multiset's size */
static uint32_t live_multiset(Solver *s, AnswerPart *p, uint32_t n)
{
    uint32_t m = 0;
    for (uint32_t i = 0; i < n; i++)
        if (p[i].count && !labels_terminal(s, eng_key(s->store, p[i].id), p[i].id)) p[m++] = p[i];
    return solve_multiset(p, m);
}

/* Misere play of a sum: each winning position as one component's move, then labelled. */
static void label_mode_moves(Solver *s, Answer *a, const Value *pos, Loc loc)
{
    if (a->mode != PM_MISERE || !a->nwin || !a->mpos || a->moves) return;
    /* the position's live components */
    AnswerPart *orig = vm_alloc(s->vm, (pos->n ? pos->n : 1) * sizeof *orig, loc);
    for (uint32_t i = 0; i < pos->n; i++) orig[i] = (AnswerPart){ eng_intern(s->store, pos->u.pos.keys[i], loc), val_count(pos, i) };
    uint32_t no = live_multiset(s, orig, pos->n);
    uint32_t *comps = vm_alloc(s->vm, (no ? no : 1) * sizeof *comps, loc);
    uint64_t *counts = vm_alloc(s->vm, (no ? no : 1) * sizeof *counts, loc);
    for (uint32_t i = 0; i < no; i++) {
        comps[i] = orig[i].id;
        counts[i] = orig[i].count;
    }
    a->comps = comps;
    a->counts = counts;
    a->ncomps = no;
    /* each winning position as one copy of one component replaced by its parts */
    a->moves = xcalloc(a->nwin, sizeof *a->moves);
    a->capmoves = a->nchanges = a->nwin;
    for (size_t r = 0; r < a->nwin; r++) {
        const struct AnswerPos *mp = &a->mpos[r];
        AnswerPart *now = xmalloc((mp->nparts + 1) * sizeof *now);
        memcpy(now, mp->parts, mp->nparts * sizeof *now);
        uint32_t nn = live_multiset(s, now, mp->nparts);
        /* removed: the component with one copy fewer; added: what is new */
        uint32_t removed = UINT32_MAX, nadd = 0;
        bool ok = true;
        for (uint32_t i = 0; i < no && ok; i++) {
            uint64_t had = orig[i].count, has = 0;
            for (uint32_t j = 0; j < nn; j++)
                if (now[j].id == orig[i].id) has = now[j].count;
            if (has >= had) continue;
            if (had - has == 1 && removed == UINT32_MAX) removed = orig[i].id;
            else ok = false;
        }
        AnswerPart *add = xmalloc((nn + 1) * sizeof *add);
        for (uint32_t j = 0; j < nn && ok; j++) {
            uint64_t had = 0;
            for (uint32_t i = 0; i < no; i++)
                if (orig[i].id == now[j].id) had = orig[i].count - (orig[i].id == removed);
            if (now[j].count > had) add[nadd++] = (AnswerPart){ now[j].id, now[j].count - had };
        }
        xfree(now);
        if (!ok || removed == UINT32_MAX) {   /* not one component's move: left unlabelled */
            a->labels_cut = true;
            removed = UINT32_MAX;
            nadd = 0;
        }
        size_t which = 0;
        while (which < no && comps[which] != removed) which++;
        a->moves[r] = (struct AnswerMove){ which, removed, add, nadd, r };
    }
    label_moves(s, a, loc);
}

void solve_label(Solver *s, Answer *a, const Value *pos, Loc loc)
{
    if (a->mode) label_mode_moves(s, a, pos, loc);
    else label_moves(s, a, loc);
}
