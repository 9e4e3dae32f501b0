/* mquot_guess.c: a fast candidate for a stage whose new heap needs new elements. It assumes the
   sums of the old heaps keep the previous quotient's classes, so that the outcome of an old sum W
   plus k copies of the new heap H depends only on (the class of W, k); computes those outcomes
   by the misère rule over the classes; builds the monoid of pairs (class, k), the count k
   folded when the outcomes repeat with period 2; and reduces it. The assumption is never
   trusted: the candidate goes to the exact check (mqv_check), and the caller learns the stage
   with L* when the check fails (docs/theory.md 7.1). */
#include <string.h>
#include "mquot_impl.h"
#include "../../util.h"

enum { GUESS_MAX_K = 64, GUESS_MAX_STATES = 1 << 16 };

typedef struct Guess {
    const MqStage *sg;
    uint32_t order, top;
    const uint32_t *mul, *img;
    const uint8_t *isp;
    uint8_t *memo;          /* (class, k) -> 0 unknown, 1 N, 2 P, 3 being computed */
    MqWork *w;
    bool over;
    uint32_t depth;
} Guess;

static uint32_t word_class(const Guess *c, const uint32_t *v, size_t len)
{
    uint32_t x = 0;
    for (size_t i = 0; i < len; i++) x = c->mul[(size_t)x * c->order + c->img[v[i]]];
    return x;
}

/* The outcome (1: P) of the old sum v[0..len) plus k copies of the new heap, assuming it is a
   function of (class, k). The recursion goes through real sums: k falls, or k stays and the
   old sum moves to one of its options (the old heaps' game ends, so this does too); the memo
   only cuts it short, and MQ_MAX_DEPTH bounds it. */
static int guess_outcome(Guess *c, const uint32_t *v, size_t len, uint32_t k)
{
    uint32_t q = word_class(c, v, len);
    if (!k) return c->isp[q];
    if (c->over) return 0;
    uint8_t *m = &c->memo[(size_t)q * GUESS_MAX_K + k];
    if (*m == 1 || *m == 2) return *m == 2;
    if (!mq_tick(c->w, 1) || c->depth >= MQ_MAX_DEPTH) {
        c->w->deep |= c->depth >= MQ_MAX_DEPTH;
        c->over = true;
        return 0;
    }
    bool mine = *m == 0;
    if (mine) *m = 3;
    const MqStage *sg = c->sg;
    uint32_t buf[len + 2];
    int res = 1;
    c->depth++;
    /* a move in one copy of the new heap */
    for (uint32_t i = sg->optoff[c->top]; i < sg->optoff[c->top + 1] && res; i++) {
        size_t n = len;
        if (len) memcpy(buf, v, len * sizeof *v);
        for (int t = 0; t < 2; t++)
            if (sg->opt[i][t] >= 0) buf[n++] = (uint32_t)sg->opt[i][t];
        if (guess_outcome(c, buf, n, k - 1)) res = 0;
    }
    /* a move in the old sum */
    for (size_t i = 0; i < len && res; i++) {
        if (i && v[i] == v[i - 1]) continue;
        uint32_t g = v[i];
        for (uint32_t o = sg->optoff[g]; o < sg->optoff[g + 1] && res; o++) {
            size_t n = 0;
            for (size_t j = 0; j < len; j++)
                if (j != i) buf[n++] = v[j];
            for (int t = 0; t < 2; t++)
                if (sg->opt[o][t] >= 0) buf[n++] = (uint32_t)sg->opt[o][t];
            if (guess_outcome(c, buf, n, k)) res = 0;
        }
    }
    c->depth--;
    if (c->over) return 0;
    if (mine) *m = (uint8_t)(res ? 2 : 1);
    return res;
}

/* Each class's lightest word (fewest tokens) over the old generators, by Dijkstra. */
static void class_words(const Guess *c, uint32_t **acc, uint32_t **off)
{
    uint32_t n = c->order, ng = c->top;
    uint64_t *dist = xmalloc(n * sizeof *dist);
    uint32_t *par = xmalloc(n * sizeof *par), *gen = xmalloc(n * sizeof *gen);
    uint8_t *done = xcalloc(n, 1);
    for (uint32_t x = 0; x < n; x++) dist[x] = UINT64_MAX;
    dist[0] = 0;
    for (;;) {
        uint32_t best = n;
        for (uint32_t x = 0; x < n; x++)
            if (!done[x] && dist[x] != UINT64_MAX && (best == n || dist[x] < dist[best])) best = x;
        if (best == n) break;
        done[best] = 1;
        for (uint32_t g = 0; g < ng; g++) {
            uint32_t y = c->mul[(size_t)best * n + c->img[g]];
            uint64_t d = dist[best] + c->sg->heap[g];
            if (!done[y] && d < dist[y]) dist[y] = d, par[y] = best, gen[y] = g;
        }
    }
    *off = xmalloc((n + 1) * sizeof **off);
    size_t tot = 0;
    for (uint32_t x = 0; x < n; x++) {
        (*off)[x] = (uint32_t)tot;
        for (uint32_t y = x; y && done[y]; y = par[y]) tot++;
    }
    (*off)[n] = (uint32_t)tot;
    *acc = xmalloc((tot ? tot : 1) * sizeof **acc);
    for (uint32_t x = 0; x < n; x++) {
        uint32_t i = (*off)[x + 1];
        for (uint32_t y = x; y && done[y]; y = par[y]) (*acc)[--i] = gen[y];
    }
    xfree(dist);
    xfree(par);
    xfree(gen);
    xfree(done);
}

/* The successor of state s = q * K + k reading generator g. */
static uint32_t pair_next(const Guess *c, uint32_t K, uint32_t back, uint32_t s, uint32_t g)
{
    uint32_t q = s / K, k = s % K;
    if (g == c->top) return q * K + (k + 1 < K ? k + 1 : back);
    return c->mul[(size_t)q * c->order + c->img[g]] * K + k;
}

/* Reduce the automaton of pairs (class, k) to its least automaton (Moore's refinement: split
   classes by the classes of their successors until stable), write it to *a with access words
   in *l. States are q * K + k. False when the work budget ran out. */
static bool reduce(Guess *c, uint32_t K, uint32_t back, const uint8_t *outP, MqAuto *a, MqLearned *l)
{
    uint32_t ng = c->sg->ng, ns = c->order * K, W = ng + 1;
    uint32_t *cls = xmalloc(ns * sizeof *cls), *sig = xmalloc((size_t)ns * W * sizeof *sig);
    size_t cap = 16;
    while (cap < 2 * (size_t)ns) cap *= 2;
    uint32_t *tab = xmalloc(cap * sizeof *tab);
    uint32_t ncls = 2;
    for (uint32_t s = 0; s < ns; s++) cls[s] = outP[s];
    bool ok = true;
    for (;;) {
        if (!mq_tick(c->w, (uint64_t)ns * W)) { ok = false; break; }
        for (uint32_t s = 0; s < ns; s++) {
            uint32_t *v = sig + (size_t)s * W;
            v[0] = cls[s];
            for (uint32_t g = 0; g < ng; g++) v[g + 1] = cls[pair_next(c, K, back, s, g)];
        }
        for (size_t i = 0; i < cap; i++) tab[i] = UINT32_MAX;
        uint32_t nn = 0;
        uint32_t *next = xmalloc(ns * sizeof *next);
        uint32_t *first = xmalloc(ns * sizeof *first);   /* class -> a state of it */
        for (uint32_t s = 0; s < ns; s++) {
            const uint32_t *v = sig + (size_t)s * W;
            uint64_t h = 0x9E3779B97F4A7C15u;
            for (uint32_t i = 0; i < W; i++) h = (h ^ v[i]) * 0xFF51AFD7ED558CCDu, h ^= h >> 29;
            size_t i = h & (cap - 1);
            for (;; i = (i + 1) & (cap - 1)) {
                if (tab[i] == UINT32_MAX) {
                    tab[i] = nn;
                    first[nn] = s;
                    next[s] = nn++;
                    break;
                }
                if (!memcmp(sig + (size_t)first[tab[i]] * W, v, W * sizeof *v)) {
                    next[s] = tab[i];
                    break;
                }
            }
        }
        xfree(first);
        bool stable = nn == ncls;
        xfree(cls);
        cls = next;
        ncls = nn;
        if (stable) break;
    }
    xfree(sig);
    xfree(tab);
    if (!ok) {
        xfree(cls);
        return false;
    }
    /* the automaton on classes in breadth-first order from the empty sum's */
    uint32_t *ren = xmalloc(ncls * sizeof *ren), *qrep = xmalloc(ncls * sizeof *qrep);
    uint32_t *par = xmalloc(ncls * sizeof *par), *pgen = xmalloc(ncls * sizeof *pgen);
    for (uint32_t i = 0; i < ncls; i++) ren[i] = UINT32_MAX;
    uint32_t head = 0, tail = 1;
    ren[cls[0]] = 0;
    qrep[0] = 0;
    a->ng = ng;
    a->d = xmalloc((size_t)ncls * ng * sizeof *a->d);
    a->isp = xmalloc(ncls);
    while (head < tail) {
        uint32_t i = head++, s = qrep[i];
        a->isp[i] = outP[s];
        for (uint32_t g = 0; g < ng; g++) {
            uint32_t t = pair_next(c, K, back, s, g);
            if (ren[cls[t]] == UINT32_MAX) {
                ren[cls[t]] = tail;
                qrep[tail] = t;
                par[tail] = i;
                pgen[tail++] = g;
            }
            a->d[(size_t)i * ng + g] = ren[cls[t]];
        }
    }
    a->ns = tail;
    l->acc_off = xmalloc((tail + 1) * sizeof *l->acc_off);
    size_t tot = 0;
    for (uint32_t i = 0; i < tail; i++) {
        l->acc_off[i] = (uint32_t)tot;
        for (uint32_t y = i; y; y = par[y]) tot++;
    }
    l->acc_off[tail] = (uint32_t)tot;
    l->acc = xmalloc((tot ? tot : 1) * sizeof *l->acc);
    for (uint32_t i = 0; i < tail; i++) {
        uint32_t j = l->acc_off[i + 1];
        for (uint32_t y = i; y; y = par[y]) l->acc[--j] = pgen[y];
    }
    xfree(par);
    xfree(pgen);
    xfree(ren);
    xfree(qrep);
    xfree(cls);
    return true;
}

int mqg_guess(const MqStage *sg, uint32_t order, const uint32_t *mul, const uint8_t *isp, const uint32_t *img,
              MqWork *w, MqAuto *a, MqLearned *l)
{
    memset(a, 0, sizeof *a);
    memset(l, 0, sizeof *l);
    Guess c = { .sg = sg, .order = order, .top = sg->ng - 1, .mul = mul, .img = img, .isp = isp, .w = w };
    c.memo = xcalloc((size_t)order * GUESS_MAX_K, 1);
    uint32_t *acc, *off;
    class_words(&c, &acc, &off);
    /* the outcomes of (q, k) for k = 0, 1, ... until two apart agree for every class */
    uint8_t *out = xmalloc((size_t)order * GUESS_MAX_K);
    uint32_t K = 0;
    int r = MQV_OK;
    for (uint32_t k = 0; k < GUESS_MAX_K && !K && !c.over; k++) {
        for (uint32_t q = 0; q < order && !c.over; q++) {
            uint32_t len = off[q + 1] - off[q];
            out[(size_t)q * GUESS_MAX_K + k] = (uint8_t)guess_outcome(&c, acc + off[q], len, k);
        }
        if (k >= 2) {
            bool same = true;
            for (uint32_t q = 0; q < order && same; q++)
                same = out[(size_t)q * GUESS_MAX_K + k] == out[(size_t)q * GUESS_MAX_K + k - 2];
            if (same) K = k;   /* states k = 0..K-1; the new heap takes K-1 to K-2 */
        }
    }
    if (c.over) r = MQV_WORK;
    else if (!K) r = MQV_ORDER;
    if (r == MQV_OK) {
        uint8_t *outP = xmalloc((size_t)order * K);
        for (uint32_t q = 0; q < order; q++)
            for (uint32_t k = 0; k < K; k++) outP[(size_t)q * K + k] = out[(size_t)q * GUESS_MAX_K + k];
        if ((uint64_t)order * K > GUESS_MAX_STATES) r = MQV_ORDER;
        else if (!reduce(&c, K, K - 2, outP, a, l)) r = MQV_WORK;
        else if (a->ns > w->max_order) r = MQV_ORDER;
        xfree(outP);
        if (r == MQV_OK) {
            MqFail f;
            r = mqv_check(a, sg, false, w, &f);
            xfree(f.word);
        }
        if (r != MQV_OK) mql_free(a, l);
    }
    xfree(out);
    xfree(acc);
    xfree(off);
    xfree(c.memo);
    return r;
}
