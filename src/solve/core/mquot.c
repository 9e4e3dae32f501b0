/* mquot.c: computing misère quotients heap by heap. For each new heap, first try to map it to an
   element the quotient already has; else learn the quotient of the larger set again (Angluin's
   L* with an exact outcome search as the oracle). Every answer is proven by mqv_check (the P- and
   N-conditions over every sum), never guessed; docs/theory.md 7.1 states the argument. */
#include <stdlib.h>
#include <string.h>
#include "mquot.h"
#include "mquot_impl.h"
#include "../../util.h"

void mq_opts_free(MqOpts *o)
{
    xfree(o->v);
    memset(o, 0, sizeof *o);
}

static void opt_add(MqOpts *o, uint64_t a, uint64_t b)
{
    if (a > b) { uint64_t t = a; a = b; b = t; }
    if (o->n == o->cap) {
        o->cap = o->cap ? 2 * o->cap : 16;
        o->v = xrealloc(o->v, o->cap * sizeof *o->v);
    }
    o->v[o->n][0] = a;
    o->v[o->n][1] = b;
    o->n++;
}

static int cmp_opt(const void *x, const void *y)
{
    const uint64_t *a = x, *b = y;
    return a[0] != b[0] ? (a[0] > b[0]) - (a[0] < b[0]) : (a[1] > b[1]) - (a[1] < b[1]);
}

/* Sort the options and drop repeats (two moves to one sum). */
static void opts_unique(MqOpts *o)
{
    if (o->n < 2) return;
    qsort(o->v, o->n, sizeof *o->v, cmp_opt);
    size_t k = 1;
    for (size_t i = 1; i < o->n; i++)
        if (o->v[i][0] != o->v[k - 1][0] || o->v[i][1] != o->v[k - 1][1]) {
            o->v[k][0] = o->v[i][0];
            o->v[k][1] = o->v[i][1];
            k++;
        }
    o->n = k;
}

/* The results of removing tokens to leave r, under digit bits d. */
static void digit_opts(MqOpts *o, uint8_t d, uint64_t r)
{
    if ((d & HR_NONE) && r == 0) opt_add(o, 0, 0);
    if ((d & HR_ONE) && r >= 1) opt_add(o, 0, r);
    if ((d & HR_TWO) && r >= 2)
        for (uint64_t a = 1; 2 * a <= r; a++)
            if (!((d & HR_UNEQUAL) && 2 * a == r)) opt_add(o, a, r - a);
}

void mq_heap_options(const HeapRules *hr, uint64_t n, MqOpts *o)
{
    o->n = 0;
    if (hr->digit[0] & HR_TWO) digit_opts(o, (uint8_t)(hr->digit[0] & (HR_TWO | HR_UNEQUAL)), n);
    for (size_t j = 0; j < hr->nrem && hr->rem[j] <= n; j++) digit_opts(o, hr->digit[hr->rem[j]], n - hr->rem[j]);
    if (hr->inf_from)
        for (uint64_t i = hr->inf_from > hr->t + 1 ? hr->inf_from : hr->t + 1; i <= n; i++) digit_opts(o, hr->inf_bits, n - i);
    opts_unique(o);
}

void mq_free(MqQuot *q)
{
    xfree(q->mul);
    xfree(q->isp);
    xfree(q->phi);
    xfree(q->gen_heap);
    xfree(q->gen_rule);
    xfree(q->gen_elem);
    xfree(q->nf);
    xfree(q->rel);
    xfree(q->rel_to);
    memset(q, 0, sizeof *q);
}

uint32_t mq_heap(const MqQuot *q, uint32_t r, uint64_t n)
{
    if (r >= q->nrules) return UINT32_MAX;
    if (n < q->nheaps) return q->phi[n * q->nrules + r];
    if (q->proven && q->per && n >= q->n0) return q->phi[(q->n0 + (n - q->n0) % q->per) * q->nrules + r];
    return UINT32_MAX;
}

/* ---- the heaps of one stage ---- */

/* Add heap n of ruleset r (after heaps 0..n-1 of every ruleset), with its options as generator
   indices (-1: a heap with no move, the identity). */
static void stage_grow(MqStage *sg, const HeapRules *hr, const MqTable *tab, uint32_t r, uint64_t n)
{
    MqOpts o = { 0 };
    if (tab) {
        for (size_t i = tab->off[n]; i < tab->off[n + 1]; i++) opt_add(&o, tab->v[i][0], tab->v[i][1]);
        opts_unique(&o);
    } else
        mq_heap_options(hr, n, &o);
    size_t at = (size_t)n * sg->nr + r;
    if (at >= sg->cap_heaps) {
        sg->cap_heaps = 2 * at + 8;
        sg->gen_of = xrealloc(sg->gen_of, sg->cap_heaps * sizeof *sg->gen_of);
    }
    sg->gen_of[at] = -1;
    if (o.n) {
        if (sg->ng == sg->cap_gens) {
            sg->cap_gens = sg->cap_gens ? 2 * sg->cap_gens : 16;
            sg->heap = xrealloc(sg->heap, sg->cap_gens * sizeof *sg->heap);
            sg->optoff = xrealloc(sg->optoff, (sg->cap_gens + 1) * sizeof *sg->optoff);
        }
        if (!sg->ng) sg->optoff[0] = 0;
        sg->heap[sg->ng] = n;
        size_t need = sg->optoff[sg->ng] + o.n;
        if (need > sg->cap_opts) {
            sg->cap_opts = 2 * need + 16;
            sg->opt = xrealloc(sg->opt, sg->cap_opts * sizeof *sg->opt);
        }
        for (size_t i = 0; i < o.n; i++) {
            int32_t *t = sg->opt[sg->optoff[sg->ng] + i];
            for (int k = 0; k < 2; k++) t[k] = o.v[i][k] ? sg->gen_of[o.v[i][k] * sg->nr + r] : -1;
            if (t[0] > t[1]) { int32_t x = t[0]; t[0] = t[1]; t[1] = x; }
        }
        sg->optoff[sg->ng + 1] = (uint32_t)need;
        sg->gen_of[at] = (int32_t)sg->ng++;
    }
    sg->n = n;
    mq_opts_free(&o);
}

static void stage_free(MqStage *sg)
{
    xfree(sg->gen_of);
    xfree(sg->heap);
    xfree(sg->optoff);
    xfree(sg->opt);
}

/* ---- the monoid between stages ---- */

typedef struct Mon {
    uint32_t order;
    uint32_t *mul;
    uint8_t *isp;
    uint32_t *img;          /* per generator */
} Mon;

static void mon_free(Mon *m)
{
    xfree(m->mul);
    xfree(m->isp);
    xfree(m->img);
    memset(m, 0, sizeof *m);
}

/* The automaton of a monoid: state x reads generator g to x * img[g]. */
static void mon_auto(const Mon *m, uint32_t ng, MqAuto *a)
{
    a->ns = m->order;
    a->ng = ng;
    a->d = xmalloc((size_t)m->order * (ng ? ng : 1) * sizeof *a->d);
    a->isp = m->isp;
    for (uint32_t x = 0; x < m->order; x++)
        for (uint32_t g = 0; g < ng; g++) a->d[(size_t)x * ng + g] = m->mul[(size_t)x * m->order + m->img[g]];
}

/* Generator g's option elements in m, as a bitset of W words. */
static void opt_elems(const Mon *m, const MqStage *sg, uint32_t g, uint64_t *set, size_t W)
{
    memset(set, 0, W * sizeof *set);
    for (uint32_t i = sg->optoff[g]; i < sg->optoff[g + 1]; i++) {
        uint32_t x = 0;
        for (int k = 0; k < 2; k++)
            if (sg->opt[i][k] >= 0) x = m->mul[(size_t)x * m->order + m->img[sg->opt[i][k]]];
        set[x / 64] |= (uint64_t)1 << (x % 64);
    }
}

/* Whether an old generator has element x and the same option elements as the new one: then the
   check of the stage is the previous stage's (it sees a generator only through its element and
   its option elements), already proven for this monoid. */
static bool alike_old(const Mon *m, const MqStage *sg, uint32_t x, const uint64_t *mine, uint64_t *buf, size_t W)
{
    for (uint32_t h = 0; h + 1 < sg->ng; h++) {
        if (m->img[h] != x) continue;
        opt_elems(m, sg, h, buf, W);
        if (!memcmp(buf, mine, W * sizeof *buf)) return true;
    }
    return false;
}

/* Try each element of m with the heap's outcome as the new generator's image, hint first (the
   element the heaps' sequence so far predicts; UINT32_MAX: none). */
static bool try_old(Mon *m, const MqStage *sg, MqWork *w, uint32_t hint)
{
    uint32_t g = sg->ng - 1;
    size_t W = (m->order + 63) / 64;
    uint64_t *mine = xmalloc(2 * W * sizeof *mine);
    opt_elems(m, sg, g, mine, W);
    bool none_p = true;   /* the heap alone is P iff no option is */
    for (uint32_t x = 0; x < m->order; x++)
        if ((mine[x / 64] >> (x % 64) & 1) && m->isp[x]) none_p = false;
    m->img = xrealloc(m->img, sg->ng * sizeof *m->img);
    bool ok = false;
    for (uint32_t i = 0; i <= m->order && !ok; i++) {
        uint32_t x = i == 0 ? hint : i - 1;
        if (x >= m->order || (i && x == hint)) continue;
        if ((m->isp[x] != 0) != none_p) continue;
        m->img[g] = x;
        if (alike_old(m, sg, x, mine, mine + W, W)) { ok = true; break; }
        MqAuto a;
        mon_auto(m, sg->ng, &a);
        MqFail f;
        int r = mqv_check(&a, sg, true, w, &f);
        xfree(f.word);
        xfree(a.d);
        if (r == MQV_OK) ok = true;
        if (r == MQV_WORK) break;
    }
    xfree(mine);
    return ok;
}

/* The monoid of a learned automaton: x * y = the state x reaches reading y's access word. */
static void mon_from_auto(Mon *m, const MqAuto *a, const MqLearned *l)
{
    mon_free(m);
    m->order = a->ns;
    m->mul = xmalloc((size_t)a->ns * a->ns * sizeof *m->mul);
    m->isp = xmalloc(a->ns);
    memcpy(m->isp, a->isp, a->ns);
    for (uint32_t x = 0; x < a->ns; x++)
        for (uint32_t y = 0; y < a->ns; y++) {
            uint32_t s = x;
            for (uint32_t i = l->acc_off[y]; i < l->acc_off[y + 1]; i++) s = a->d[(size_t)s * a->ng + l->acc[i]];
            m->mul[(size_t)x * a->ns + y] = s;
        }
    m->img = xmalloc((a->ng ? a->ng : 1) * sizeof *m->img);
    for (uint32_t g = 0; g < a->ng; g++) m->img[g] = a->d[g];
}

/* ---- periodicity ---- */

/* The theorem of docs/theory.md 7.1: a finite take-and-break ruleset (largest removal k, no
   equal-split ban) whose heaps n0 <= n <= N satisfy phi(n) = phi(n - per) for n >= n0 + per,
   with N >= 2 n0 + 2 per + k - 2, has this quotient for every heap. */
static bool find_period(const uint32_t *phi, uint64_t N, uint64_t k, bool can_prove, uint64_t *n0, uint64_t *per,
                        bool *proven)
{
    for (int pass = can_prove ? 0 : 1; pass < 2; pass++)
        for (uint64_t p = 1; 2 * p <= N; p++) {
            uint64_t n = N;
            while (n >= p + 1 && phi[n] == phi[n - p]) n--;
            uint64_t start = n + 1 - p;   /* phi(m) = phi(m - p) for m > n: periodic from n + 1 - p */
            if (start < 1) start = 1;
            if (pass == 0 ? N + 2 >= 2 * start + 2 * p + k : N >= start + 3 * p) {
                *n0 = start;
                *per = p;
                *proven = pass == 0;
                return true;
            }
        }
    *proven = false;
    return false;
}

static bool provable(const HeapRules *hr)
{
    if (hr->inf_from) return false;
    if (hr->digit[0] & HR_UNEQUAL) return false;
    for (size_t j = 0; j < hr->nrem; j++)
        if (hr->digit[hr->rem[j]] & HR_UNEQUAL) return false;
    return true;
}

/* ---- the driver ---- */

/* The element of heap h of ruleset r in the stage's monoid (heaps added so far). */
static uint32_t stage_elem(const MqStage *sg, const Mon *m, uint64_t h, uint32_t r)
{
    int32_t g = sg->gen_of[(size_t)h * sg->nr + r];
    return g >= 0 && (uint32_t)g < sg->ng && m->img ? m->img[g] : 0;
}

/* The element heap n of ruleset r most likely has: that of heap n - p, for the p whose
   repetition phi(h) = phi(h - p) runs longest back from heap n - 1. */
static uint32_t predict(const MqStage *sg, const Mon *m, uint64_t n, uint32_t r)
{
    uint64_t best = 0, bestp = 0;
    for (uint64_t p = 1; 2 * p < n && p <= 64; p++) {
        uint64_t h = n - 1, run = 0;
        while (h > p && stage_elem(sg, m, h, r) == stage_elem(sg, m, h - p, r)) h--, run++;
        if (run > best) best = run, bestp = p;
    }
    return bestp ? stage_elem(sg, m, n - bestp, r) : UINT32_MAX;
}

/* Add one heap: an old element if one passes the check, else learn the grown quotient. */
static MqStatus add_heap(Mon *m, MqStage *sg, MqWork *w, uint32_t hint, bool *grew)
{
    *grew = false;
    if (try_old(m, sg, w, hint)) return MQ_OK;
    if (w->work >= w->max_work || w->stopped) return MQ_WORK;
    MqAuto a;
    MqLearned l;
    int r = mqg_guess(sg, m->order, m->mul, m->isp, m->img, w, &a, &l);
    if (r != MQV_OK && r != MQV_WORK) {   /* learning may have a smaller budget of its own */
        uint64_t max = w->max_work;
        if (w->max_learn && w->work + w->max_learn < max) w->max_work = w->work + w->max_learn;
        r = mql_learn(sg, &m->order, m->mul, m->isp, m->img, w, &a, &l);
        w->max_work = max;
    }
    if (r != MQV_OK) {
        mql_free(&a, &l);
        return r == MQV_WORK ? MQ_WORK : r == MQV_ORDER ? MQ_ORDER : MQ_INTERNAL;
    }
    mon_from_auto(m, &a, &l);
    mql_free(&a, &l);
    *grew = true;
    return MQ_OK;
}

/* The driver: rulesets hr[0..nr), or (hr NULL, nr 1) the family of a table. */
static MqStatus compute(const HeapRules *const *hr, const MqTable *tab, uint32_t nr, uint64_t N, bool auto_extend,
                        uint64_t max_heap, const MqLimits *lim, MqQuot *q, uint64_t *at, uint64_t *work)
{
    memset(q, 0, sizeof *q);
    MqStage sg = { .nr = nr };
    Mon m = { .order = 1 };
    m.mul = xcalloc(1, sizeof *m.mul);
    m.isp = xcalloc(1, 1);
    MqWork w = { .max_work = lim->max_work, .max_learn = lim->max_learn_work, .max_order = lim->max_order, .stop = lim->stop, .stop_ctx = lim->stop_ctx };
    bool can_prove = !tab;   /* a table's rules are unknown past it: observed only */
    uint64_t k = 0;
    for (uint32_t r = 0; r < nr && hr; r++) {
        can_prove &= provable(hr[r]);
        if (hr[r]->t > k) k = hr[r]->t;
    }
    if (tab && max_heap > tab->nheaps - 1) max_heap = tab->nheaps - 1;
    MqStatus st = MQ_OK;
    uint64_t grew = 0, n;
    bool done = false, periodic = false, proven = false;
    uint64_t n0 = 0, per = 0;
    for (uint32_t r = 0; r < nr; r++) stage_grow(&sg, hr ? hr[r] : NULL, tab, r, 0);
    uint32_t *sym = NULL, *tup = NULL;   /* each heap's elements as one symbol, for the period */
    size_t nsym = 0;
    for (n = 1; !done && st == MQ_OK; n++) {
        if (n > N && (!auto_extend || n > max_heap)) break;
        for (uint32_t r = 0; r < nr && st == MQ_OK; r++) {
            uint32_t before = sg.ng ? sg.optoff[sg.ng] : 0;
            stage_grow(&sg, hr ? hr[r] : NULL, tab, r, n);
            /* a heap's options and the period's symbols are work too (and the stop is asked) */
            if (!mq_tick(&w, 1 + (sg.ng ? sg.optoff[sg.ng] : 0) - before + (n >= N ? n * nr : 0))) {
                st = MQ_WORK;
                break;
            }
            bool g = false;
            if (sg.gen_of[(size_t)n * nr + r] >= 0) st = add_heap(&m, &sg, &w, predict(&sg, &m, n, r), &g);
            if (g) grew = n;
        }
        if (st != MQ_OK) break;
        if (n >= N) {
            sym = xrealloc(sym, (n + 1) * sizeof *sym);
            tup = xrealloc(tup, (n + 1) * nr * sizeof *tup);
            nsym = 0;
            for (uint64_t h = 0; h <= n; h++) {
                uint32_t *t = tup + nsym * nr;
                for (uint32_t r = 0; r < nr; r++) t[r] = stage_elem(&sg, &m, h, r);
                size_t j = 0;
                while (j < nsym && memcmp(tup + j * nr, t, nr * sizeof *t)) j++;
                if (j == nsym) nsym++;
                sym[h] = (uint32_t)j;
            }
            periodic = find_period(sym, n, k, can_prove, &n0, &per, &proven);
            if (!auto_extend || proven || (tab && n >= max_heap)) done = true;
        }
    }
    xfree(sym);
    xfree(tup);
    if (st != MQ_OK && w.stopped) st = MQ_STOPPED;
    else if (st != MQ_OK && w.deep) st = MQ_DEEP;
    *work = w.work;
    *at = n;
    uint64_t last = n - 1;   /* heaps 0..last are covered */
    q->order = m.order;
    q->mul = m.mul;
    q->isp = m.isp;
    q->nheaps = last + 1;
    q->nrules = nr;
    q->phi = xmalloc((last + 1) * nr * sizeof *q->phi);
    for (uint64_t h = 0; h <= last; h++)
        for (uint32_t r = 0; r < nr; r++) {
            uint32_t x = stage_elem(&sg, &m, h, r);
            q->phi[h * nr + r] = x < m.order ? x : 0;
        }
    q->periodic = st == MQ_OK && periodic;
    q->proven = st == MQ_OK && proven;
    q->n0 = n0;
    q->per = per;
    q->grew_at = grew;
    xfree(m.img);
    stage_free(&sg);
    if (st == MQ_OK) mqp_present(q);
    return st;
}

MqStatus mq_compute(const HeapRules *const *hr, uint32_t nr, uint64_t N, bool auto_extend, uint64_t max_heap,
                    const MqLimits *lim, MqQuot *q, uint64_t *at, uint64_t *work)
{
    return compute(hr, NULL, nr, N, auto_extend, max_heap, lim, q, at, work);
}

MqStatus mq_compute_table(const MqTable *t, uint64_t N, const MqLimits *lim, MqQuot *q, uint64_t *at, uint64_t *work)
{
    if (N > t->nheaps - 1) N = t->nheaps - 1;
    return compute(NULL, t, 1, N, false, N, lim, q, at, work);
}
