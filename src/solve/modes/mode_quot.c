/* mode_quot.c: misère play of a sum of heaps of one family through the family's misère quotient
   (docs/theory.md 7.1): the misere:quotient path. A family is one game with all arguments fixed
   but the heap; its quotient is computed once per session (within a small budget) and used only
   when proven for every heap, so heaps of any size the periodic map covers are answered at once. */
#include "config.h"
#include "solve/modes/compound.h"
#include "solve/modes/sums.h"
#include "solve/modes/mode_quot.h"
#include "solve/core/mquot.h"
#include "solve/core/heaprules.h"
#include "key.h"
#include "vm.h"
#include <string.h>

#define QUOT_QUERY_WORK 30000000u  /* guesses and checks: about a fifth of a second */
#define QUOT_QUERY_LEARN 3000000u  /* learning a stage by L*: about half a second */
#define QUOT_QUERY_HEAPS 400
#define QUOT_QUERY_ORDER 1024
#define QUOT_CACHE_MAX 4096

typedef struct QFam {
    int64_t *pat;           /* the key, with the heap word zeroed */
    size_t len, cw;         /* cw: the heap's word (0: no heap argument the quotient reads) */
    bool ok;                /* a quotient proven for every heap */
    MqStatus st;            /* else why not (MQ_OK: heaps up to QUOT_QUERY_HEAPS without a proof) */
    uint64_t exact;         /* the quotients of heaps up to this were found */
    MqQuot q;
    char rules[96];
} QFam;

struct MqCache {
    QFam *v;
    size_t n, cap;
};

static void cache_free(struct MqCache *c)
{
    for (size_t i = 0; i < c->n; i++) {
        xfree(c->v[i].pat);
        mq_free(&c->v[i].q);
    }
    xfree(c->v);
    xfree(c);
}

static struct MqCache *cache_of(Solver *s)
{
    if (!s->mqcache) {
        s->mqcache = xcalloc(1, sizeof *s->mqcache);
        s->mqcache_fini = cache_free;
    }
    return s->mqcache;
}

static bool matches(const QFam *f, const int64_t *key)
{
    if (KEY_LEN(key) != f->len) return false;
    for (size_t w = 0; w < f->len; w++)   /* word 0 (game, length) always; cw is never 0 when set */
        if ((w != f->cw || !f->cw) && key[w] != f->pat[w]) return false;
    return true;
}

bool quotient_stop(void *ctx)
{
    Program *p = ctx;
    if (*p->run.interrupt) return true;
    if (p->run.deadline && prog_now() >= p->run.deadline) return true;
    return prog_memory_budget(p) && prog_memory_used(p) > p->opt.max_memory;
}

void quotient_stopped(Program *p, Loc loc)
{
    p->run.mem_over = true;   /* no grace: the quotient has seen it already */
    p->run.mem_next = 0;
    for (int i = 0; i < 2; i++) prog_poll_slow(p, loc);
    prog_fail(p, EXIT_LIMIT, loc, "quotient: stopped");
}

/* The family of key: found, or read and its quotient computed now. */
static QFam *family(Solver *s, const int64_t *key, Loc loc)
{
    Program *p = s->p;
    struct MqCache *c = cache_of(s);
    for (size_t i = 0; i < c->n; i++)
        if (matches(&c->v[i], key)) return &c->v[i];
    if (c->n >= QUOT_CACHE_MAX) return NULL;
    const Game *G = &p->code.games[KEY_GAME(key)];
    HeapRules hr;
    memset(&hr, 0, sizeof hr);
    size_t cw = 0;
    uint64_t sig = (uint64_t)key[1];
    if (G->stdlib && !strcmp(G->name, "Octal")) {
        Value args[2];
        key_decode(p, key, args);
        if (G->nparams == 2 && ((sig >> 2) & 3) == POS_ARG_INT && args[0].t == VT_STR &&
            heaprules_octal(args[0].u.s, args[0].n, &hr))
            cw = key_arg_word(key, 1);
    } else {
        for (int a = 0; a < G->nparams && !cw; a++)
            if (((sig >> (2 * a)) & 3) == POS_ARG_INT && heaprules_read(p, key, a, &hr)) cw = key_arg_word(key, a);
    }
    if (c->n == c->cap) {
        c->cap = c->cap ? 2 * c->cap : 8;
        c->v = xrealloc(c->v, c->cap * sizeof *c->v);
    }
    QFam *f = &c->v[c->n++];
    memset(f, 0, sizeof *f);
    f->len = KEY_LEN(key);
    f->cw = cw;
    f->pat = xmalloc(f->len * sizeof *f->pat);
    memcpy(f->pat, key, f->len * sizeof *f->pat);
    if (cw) f->pat[cw] = 0;
    if (!cw) return f;
    StrBuf b;
    sb_init(&b);
    heaprules_describe(&hr, &b);
    snprintf(f->rules, sizeof f->rules, "%s", b.s ? b.s : "");
    sb_fini(&b);
    uint64_t budget = p->opt.max_steps < QUOT_QUERY_WORK ? p->opt.max_steps : QUOT_QUERY_WORK;
    MqLimits lim = { QUOT_QUERY_ORDER, budget, QUOT_QUERY_LEARN, quotient_stop, p };
    uint64_t at, work;
    const HeapRules *hrp = &hr;
    MqStatus st = mq_compute(&hrp, 1, 1, true, QUOT_QUERY_HEAPS, &lim, &f->q, &at, &work);
    heaprules_fini(&hr);
    if (st == MQ_STOPPED) {   /* no entry: the next query tries again; the error comes from a poll */
        mq_free(&f->q);
        xfree(f->pat);
        c->n--;
        quotient_stopped(p, loc);
    }
    f->ok = st == MQ_OK && f->q.proven;
    f->st = st;
    f->exact = st == MQ_OK ? f->q.nheaps - 1 : at > 1 ? at - 1 : 0;
    if (!f->ok) mq_free(&f->q);
    return f;
}

/* The element of state id (a heap of family f), or UINT32_MAX. */
static uint32_t elem_of(Solver *s, const QFam *f, uint32_t id)
{
    const int64_t *key = eng_key(s->store, id);
    if (!matches(f, key) || key[f->cw] < 0) return UINT32_MAX;
    return mq_heap(&f->q, 0, (uint64_t)key[f->cw]);
}

static uint32_t power(const MqQuot *q, uint32_t x, uint64_t k)
{
    uint32_t r = 0;
    while (k) {
        if (k & 1) r = mq_mul(q, r, x);
        x = mq_mul(q, x, x);
        k >>= 1;
    }
    return r;
}

/* The winning options of one heap: each option's element from its keys (no search, no store), the
   first SOLVE_MAX_WINNING + 1 winners copied; interned after the enumeration. */
typedef struct QMoves {
    Solver *s;
    const QFam *f;
    uint32_t rest;
    Loc loc;
    KeyCopy *win;
    size_t n;
    bool bad;
} QMoves;

static void free_win(void *arg)
{
    QMoves *t = arg;
    for (size_t k = 0; k < t->n; k++) key_copy_free(&t->win[k]);
    t->n = 0;
    xfree(t->win);
    t->win = NULL;
}

/* Whether the copied sum c has the parts keys[0..n) with counts cnt (NULL: one each), in any order. */
static bool same_sum(const KeyCopy *c, const int64_t *const *keys, const uint64_t *cnt, uint32_t n)
{
    uint32_t m = 0;
    for (uint32_t j = 0; j < n; j++) m += !cnt || cnt[j];
    if (m != c->n) return false;
    for (uint32_t j = 0; j < n; j++) {
        if (cnt && !cnt[j]) continue;
        bool found = false;
        for (uint32_t i = 0; i < c->n && !found; i++)
            found = KEY_LEN(c->keys[i]) == KEY_LEN(keys[j]) && (c->cnt ? c->cnt[i] : 1) == (cnt ? cnt[j] : 1) &&
                    !memcmp(c->keys[i], keys[j], KEY_LEN(keys[j]) * sizeof *keys[j]);
        if (!found) return false;
    }
    return true;
}

static int on_qmove(void *ctx, const Value *v, const Value *frame)
{
    (void)frame;
    QMoves *t = ctx;
    const MqQuot *q = &t->f->q;
    const int64_t *const *keys;
    const uint64_t *cnt;
    uint32_t n;
    solve_components(t->s, v, t->loc, &keys, &cnt, &n);
    uint32_t x = 0;
    for (uint32_t j = 0; j < n; j++) {
        uint32_t e = matches(t->f, keys[j]) && keys[j][t->f->cw] >= 0 ? mq_heap(q, 0, (uint64_t)keys[j][t->f->cw]) : UINT32_MAX;
        if (e == UINT32_MAX) {
            t->bad = true;
            return 1;
        }
        x = mq_mul(q, x, power(q, e, cnt ? cnt[j] : 1));
    }
    if (!mq_is_p(q, mq_mul(q, t->rest, x))) return 0;
    for (size_t k = 0; k < t->n; k++)   /* two moves to one sum are one winning result */
        if (same_sum(&t->win[k], keys, cnt, n)) return 0;
    t->win[t->n++] = key_copy_parts(keys, cnt, n, 0);
    return t->n > SOLVE_MAX_WINNING;
}

void misere_quotient_note(Solver *s, const CpdComp *c, size_t n, StrBuf *b)
{
    if (!n || !s->mqcache) return;
    const int64_t *key = eng_key(s->store, c[0].id);
    for (size_t i = 1; i < n; i++)
        if (KEY_GAME(eng_key(s->store, c[i].id)) != KEY_GAME(key)) return;
    const struct MqCache *m = s->mqcache;
    for (size_t i = 0; i < m->n; i++) {
        const QFam *f = &m->v[i];
        if (!matches(f, key) || !f->cw || f->ok) continue;
        sb_printf(b, "; no misere quotient of %s is proven (", f->rules);
        if (f->st == MQ_OK)
            sb_printf(b, "no period proven up to heap %llu", (unsigned long long)f->exact);
        else
            sb_printf(b, "the quotients of heaps up to %llu are found; heap %llu ran over the %s", (unsigned long long)f->exact,
                      (unsigned long long)f->exact + 1, f->st == MQ_ORDER ? "order limit" : "query's quotient budget");
        sb_puts(b, ": quotient misere(...) for n says more)");
        return;
    }
}

bool misere_quotient_known(Solver *s, const CpdComp *c, size_t n)
{
    if (!n) return false;
    const int64_t *key = eng_key(s->store, c[0].id);
    for (size_t i = 1; i < n; i++)
        if (KEY_GAME(eng_key(s->store, c[i].id)) != KEY_GAME(key)) return false;
    struct MqCache *mc = cache_of(s);
    for (size_t i = 0; i < mc->n; i++)
        if (matches(&mc->v[i], key)) return mc->v[i].ok;
    return false;
}

bool misere_quotient(Solver *s, const CpdComp *c, size_t n, Loc loc, bool moves, Answer *a)
{
    if (!n) return false;
    for (size_t i = 1; i < n; i++)
        if (KEY_GAME(eng_key(s->store, c[i].id)) != KEY_GAME(eng_key(s->store, c[0].id))) return false;
    QFam *f = family(s, eng_key(s->store, c[0].id), loc);
    if (!f || !f->ok) return false;
    const MqQuot *q = &f->q;
    uint32_t *e = vm_alloc(s->vm, n * sizeof *e, loc);
    uint32_t x = 0;
    for (size_t i = 0; i < n; i++) {
        e[i] = elem_of(s, f, c[i].id);
        if (e[i] == UINT32_MAX) return false;
        x = mq_mul(q, x, power(q, e[i], c[i].count));
    }
    /* the winning moves first: an option outside the family means no answer here */
    Sums *m = sums_of(s);
    uint32_t **win = vm_alloc(s->vm, n * sizeof *win, loc);
    size_t *nwin = vm_alloc(s->vm, n * sizeof *nwin, loc);
    bool want = moves && !mq_is_p(q, x), more = false;
    QMoves t = { .s = s, .f = f, .loc = loc };
    t.win = xmalloc((SOLVE_MAX_WINNING + 1) * sizeof *t.win);
    size_t mark = prog_defer(s->p, free_win, &t);
    for (size_t i = 0; i < n; i++) {
        nwin[i] = 0;
        win[i] = NULL;
        if (!want) continue;
        t.rest = 0;   /* the others and the other copies */
        for (size_t j = 0; j < n; j++) t.rest = mq_mul(q, t.rest, power(q, e[j], c[j].count - (j == i)));
        size_t sm = scratch_mark(&s->vm->scratch);
        vm_enum_moves(s->vm, eng_key(s->store, c[i].id), on_qmove, &t);
        scratch_release(&s->vm->scratch, sm);
        if (t.bad) {
            prog_release(s->p, mark);
            free_win(&t);
            return false;
        }
        win[i] = vm_alloc(s->vm, (t.n ? t.n : 1) * sizeof *win[i], loc);
        for (size_t k = 0; k < t.n && k < SOLVE_MAX_WINNING; k++) {
            SumPart *sp = vm_alloc(s->vm, (t.win[k].n ? t.win[k].n : 1) * sizeof *sp, loc);
            for (uint32_t j = 0; j < t.win[k].n; j++) {
                uint32_t id = eng_intern(s->store, t.win[k].keys[j], loc);
                sums_solve_part(m, id, loc);
                if (t.win[k].cnt && t.win[k].cnt[j] > UINT32_MAX) prog_fail(s->p, EXIT_LIMIT, loc, "a move to more than 2^32 - 1 copies");
                sp[j] = (SumPart){ id, t.win[k].cnt ? (uint32_t)t.win[k].cnt[j] : 1 };
            }
            uint32_t y = sums_intern(m, sp, t.win[k].n, loc);
            bool seen = false;
            for (size_t r = 0; r < nwin[i] && !seen; r++) seen = win[i][r] == y;
            if (!seen) win[i][nwin[i]++] = y;
        }
        more |= t.n > SOLVE_MAX_WINNING;
        for (size_t k = 0; k < t.n; k++) key_copy_free(&t.win[k]);
        t.n = 0;
    }
    prog_release(s->p, mark);
    free_win(&t);
    cpd_position(s, a, c, n, false);
    a->outcome = mq_is_p(q, x) ? 'P' : 'N';
    a->strategy = "misere:quotient";
    StrBuf w, xt;
    sb_init(&w);
    sb_init(&xt);
    mq_word_text(q, x, &xt);
    sb_printf(&w, "the misere quotient of %s (order %u, proven for every heap; heap n + %llu is heap n for n >= %llu): ",
              f->rules, (unsigned)q->order, (unsigned long long)q->per, (unsigned long long)q->n0);
    for (size_t i = 0; i < n && i < 8; i++) {
        char *txt = cpd_text(s, &c[i]);
        sb_printf(&w, "%s%s -> ", i ? ", " : "", txt);
        xfree(txt);
        mq_word_text(q, power(q, e[i], c[i].count), &w);
    }
    if (n > 8) sb_printf(&w, ", ... %zu in all", n);
    sb_printf(&w, "; the product %s is %sin P = {", xt.s, mq_is_p(q, x) ? "" : "not ");
    bool first = true;
    for (uint32_t y = 0; y < q->order; y++)
        if (q->isp[y]) {
            sb_puts(&w, first ? "" : ", ");
            first = false;
            mq_word_text(q, y, &w);
        }
    sb_puts(&w, "}; presentation ");
    mq_presentation_text(q, &w);
    a->why = sb_take(&w);
    solve_fact_text(&a->facts, "rule", "quotient");
    solve_fact_int(&a->facts, "order", q->order);
    solve_fact_text(&a->facts, "element", xt.s);
    sb_fini(&xt);
    for (size_t i = 0; i < n && a->nwin < SOLVE_MAX_WINNING; i++)
        for (size_t k = 0; k < nwin[i] && a->nwin < SOLVE_MAX_WINNING; k++) {
            CpdComp *d = vm_alloc(s->vm, (n + 1) * sizeof *d, loc);
            uint32_t *to = vm_alloc(s->vm, (n + 1) * sizeof *to, loc);
            size_t r = 0;
            for (size_t j = 0; j < n; j++) {
                if (j == i) {
                    d[r] = c[j];
                    d[r].count = 1;
                    to[r++] = win[i][k];
                }
                uint64_t cnt = c[j].count - (j == i);
                if (!cnt) continue;
                d[r] = c[j];
                d[r].count = cnt;
                to[r++] = UINT32_MAX;
            }
            cpd_add_move(s, a, d, to, r, false, loc);
        }
    if (more || a->nwin >= SOLVE_MAX_WINNING) a->truncated = true;
    return true;
}
