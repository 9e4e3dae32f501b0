/* mquot_learn.c: learning a stage's misère quotient when the new heap needs new elements. The
   sums whose misère outcome is P, read as words over the heaps, form a regular language exactly
   when the quotient is finite, and its least automaton is the quotient; Angluin's L* (with
   Maler and Pnueli's counterexample handling: every suffix becomes a test) learns it. The oracle
   is an exact misère search of one sum, where sums without the newest heap are answered by the
   previous stage's (proven) quotient. The equivalence oracle is mqv_check, whose failures name a
   sum the candidate gets wrong. */
#include <string.h>
#include "mquot_impl.h"
#include "../../util.h"

typedef struct Slot {
    uint64_t h;
    uint32_t off, len;
    uint8_t used, val;
} Slot;

typedef struct Ctx {
    const MqStage *sg;
    uint32_t porder;
    const uint32_t *pmul, *pimg;
    const uint8_t *pisp;
    uint32_t top;           /* the newest generator */
    MqWork *w;
    bool over;
    uint32_t depth;         /* of the recursion in outcome */
    Slot *tab;
    size_t cap, n;
    uint32_t *pool;
    size_t npool, cappool;
} Ctx;

static uint64_t hash_word(const uint32_t *v, size_t len)
{
    uint64_t h = 0x9E3779B97F4A7C15u ^ len;
    for (size_t i = 0; i < len; i++) h = (h ^ v[i]) * 0xFF51AFD7ED558CCDu, h ^= h >> 29;
    return h | 1;
}

static Slot *memo_find(Ctx *c, const uint32_t *v, size_t len, uint64_t h)
{
    size_t i = h & (c->cap - 1);
    for (;; i = (i + 1) & (c->cap - 1)) {
        Slot *s = &c->tab[i];
        if (!s->used) return s;
        if (s->h == h && s->len == len && !memcmp(c->pool + s->off, v, len * sizeof *v)) return s;
    }
}

static void memo_put(Ctx *c, const uint32_t *v, size_t len, uint64_t h, uint8_t val)
{
    if (2 * (c->n + 1) > c->cap) {
        Slot *old = c->tab;
        size_t oc = c->cap;
        c->cap = oc ? 2 * oc : 1024;
        c->tab = xcalloc(c->cap, sizeof *c->tab);
        for (size_t i = 0; i < oc; i++)
            if (old[i].used) *memo_find(c, c->pool + old[i].off, old[i].len, old[i].h) = old[i];
        xfree(old);
    }
    if (c->npool + len > c->cappool) {
        c->cappool = 2 * (c->npool + len) + 1024;
        c->pool = xrealloc(c->pool, c->cappool * sizeof *c->pool);
    }
    memcpy(c->pool + c->npool, v, len * sizeof *v);
    Slot *s = memo_find(c, v, len, h);
    *s = (Slot){ .h = h, .off = (uint32_t)c->npool, .len = (uint32_t)len, .used = 1, .val = val };
    c->npool += len;
    c->n++;
}

static void sort_word(uint32_t *v, size_t len)
{
    for (size_t i = 1; i < len; i++) {
        uint32_t x = v[i];
        size_t j = i;
        while (j && v[j - 1] > x) { v[j] = v[j - 1]; j--; }
        v[j] = x;
    }
}

/* The misère outcome of the sum v[0..len) (sorted generators): 1 for P, 0 for N. */
static int outcome(Ctx *c, const uint32_t *v, size_t len)
{
    if (c->over) return 0;
    if (!mq_tick(c->w, 1) || c->depth >= MQ_MAX_DEPTH) {
        c->w->deep |= c->depth >= MQ_MAX_DEPTH;
        c->over = true;
        return 0;
    }
    if (!len) return 0;
    if (v[len - 1] != c->top) {   /* the previous quotient knows it */
        uint32_t x = 0;
        for (size_t i = 0; i < len; i++) x = c->pmul[(size_t)x * c->porder + c->pimg[v[i]]];
        return c->pisp[x];
    }
    uint64_t h = hash_word(v, len);
    if (c->cap) {
        Slot *s = memo_find(c, v, len, h);
        if (s->used) return s->val;
    }
    uint32_t buf[len + 2];
    int res = 1;
    for (size_t i = 0; i < len && res; i++) {
        if (i && v[i] == v[i - 1]) continue;
        uint32_t g = v[i];
        for (uint32_t k = c->sg->optoff[g]; k < c->sg->optoff[g + 1] && res; k++) {
            size_t m = 0;
            for (size_t j = 0; j < len; j++)
                if (j != i) buf[m++] = v[j];
            for (int t = 0; t < 2; t++)
                if (c->sg->opt[k][t] >= 0) buf[m++] = (uint32_t)c->sg->opt[k][t];
            sort_word(buf, m);
            c->depth++;
            if (outcome(c, buf, m)) res = 0;
            c->depth--;
        }
    }
    if (c->over) return 0;
    memo_put(c, v, len, h, (uint8_t)res);
    return res;
}

/* Growing arrays of words (access words of S, tests of E). */
typedef struct Words {
    uint32_t *v, *off;
    size_t n, nv, capv, capn;
} Words;

static void words_add(Words *ws, const uint32_t *v, size_t len)
{
    if (ws->n + 2 > ws->capn) {
        ws->capn = 2 * ws->n + 16;
        ws->off = xrealloc(ws->off, ws->capn * sizeof *ws->off);
    }
    if (!ws->n) ws->off[0] = 0;
    if (!ws->capv || ws->nv + len > ws->capv) {   /* never NULL, even with only empty words */
        ws->capv = 2 * (ws->nv + len) + 64;
        ws->v = xrealloc(ws->v, ws->capv * sizeof *ws->v);
    }
    if (len) memcpy(ws->v + ws->nv, v, len * sizeof *v);
    ws->nv += len;
    ws->off[++ws->n] = (uint32_t)ws->nv;
}

static bool words_has(const Words *ws, const uint32_t *v, size_t len)
{
    for (size_t i = 0; i < ws->n; i++)
        if (ws->off[i + 1] - ws->off[i] == len && (!len || !memcmp(ws->v + ws->off[i], v, len * sizeof *v))) return true;
    return false;
}

/* The outcome of the sum of three words. */
static int outcome3(Ctx *c, const uint32_t *a, size_t na, const uint32_t *b, size_t nb, const uint32_t *e, size_t ne)
{
    size_t len = na + nb + ne;
    uint32_t buf[len + 1];
    if (na) memcpy(buf, a, na * sizeof *a);   /* a, b, e may be NULL when empty */
    if (nb) memcpy(buf + na, b, nb * sizeof *b);
    if (ne) memcpy(buf + na + nb, e, ne * sizeof *e);
    sort_word(buf, len);
    return outcome(c, buf, len);
}

static uint32_t run(const MqAuto *a, uint32_t s, const uint32_t *v, size_t len)
{
    for (size_t i = 0; i < len; i++) s = a->d[(size_t)s * a->ng + v[i]];
    return s;
}

/* A sum the candidate gets wrong, from the check's failure, as a word in *cx. */
static int counterexample(Ctx *c, const MqAuto *a, const Words *S, const Words *E, const uint8_t *rows, const MqFail *f,
                          int kind, Words *cx)
{
    uint32_t ng = a->ng;
    size_t nE = E->n;
    uint32_t cand[2][512];
    size_t clen[2] = { 0, 0 };
    int ncand = 0;
    const uint32_t *as = S->v + S->off[f->s];
    size_t na = S->off[f->s + 1] - S->off[f->s];
    if (kind == MQV_COMM) {
        uint32_t s1 = a->d[(size_t)a->d[(size_t)f->s * ng + f->g] * ng + f->g2];
        uint32_t s2 = a->d[(size_t)a->d[(size_t)f->s * ng + f->g2] * ng + f->g];
        size_t e = 0;
        while (e < nE && rows[s1 * nE + e] == rows[s2 * nE + e]) e++;
        if (e == nE) return MQV_BUG;
        size_t ne = E->off[e + 1] - E->off[e];
        if (na + 2 + ne > 512) return MQV_ORDER;
        for (int k = 0; k < 2; k++) {
            if (na) memcpy(cand[k], as, na * sizeof *as);
            cand[k][na] = k ? f->g2 : f->g;
            cand[k][na + 1] = k ? f->g : f->g2;
            if (ne) memcpy(cand[k] + na + 2, E->v + E->off[e], ne * sizeof *E->v);
            clen[k] = na + 2 + ne;
        }
        ncand = 2;
    } else if (kind == MQV_P) {
        if (na + 2 > 512) return MQV_ORDER;
        if (na) memcpy(cand[0], as, na * sizeof *as);
        cand[0][na] = f->g;
        clen[0] = na + 1;
        if (na) memcpy(cand[1], as, na * sizeof *as);
        clen[1] = na;
        for (int t = 0; t < 2; t++)
            if (c->sg->opt[f->opt][t] >= 0) cand[1][clen[1]++] = (uint32_t)c->sg->opt[f->opt][t];
        ncand = 2;
    } else {
        if (!f->len || f->len + 2 > 512) return f->len ? MQV_ORDER : MQV_BUG;
        memcpy(cand[0], f->word, f->len * sizeof *f->word);
        clen[0] = f->len;
        ncand = 1;
        uint32_t sorted[512];
        memcpy(sorted, f->word, f->len * sizeof *f->word);
        sort_word(sorted, f->len);
        if (!outcome(c, sorted, f->len)) {   /* truly N: an option is truly P */
            ncand = 0;
            for (size_t i = 0; i < f->len && !ncand; i++) {
                uint32_t g = f->word[i];
                for (uint32_t k = c->sg->optoff[g]; k < c->sg->optoff[g + 1] && !ncand; k++) {
                    size_t m = 0;
                    for (size_t j = 0; j < f->len; j++)
                        if (j != i) cand[0][m++] = f->word[j];
                    for (int t = 0; t < 2; t++)
                        if (c->sg->opt[k][t] >= 0) cand[0][m++] = (uint32_t)c->sg->opt[k][t];
                    memcpy(sorted, cand[0], m * sizeof *sorted);
                    sort_word(sorted, m);
                    if (outcome(c, sorted, m)) { clen[0] = m; ncand = 1; }
                }
            }
            if (c->over) return MQV_WORK;
            if (!ncand) return MQV_BUG;
        }
    }
    for (int k = 0; k < ncand; k++) {
        int truth = outcome3(c, cand[k], clen[k], NULL, 0, NULL, 0);
        if (c->over) return MQV_WORK;
        if ((a->isp[run(a, 0, cand[k], clen[k])] != 0) != (truth != 0)) {
            words_add(cx, cand[k], clen[k]);
            return MQV_OK;
        }
    }
    return MQV_BUG;
}

void mql_free(MqAuto *a, MqLearned *l)
{
    xfree(a->d);
    xfree(a->isp);
    xfree(l->acc);
    xfree(l->acc_off);
    memset(a, 0, sizeof *a);
    memset(l, 0, sizeof *l);
}

int mql_learn(const MqStage *sg, const uint32_t *order, const uint32_t *mul, const uint8_t *isp, const uint32_t *img,
              MqWork *w, MqAuto *a, MqLearned *l)
{
    memset(a, 0, sizeof *a);
    memset(l, 0, sizeof *l);
    Ctx c = { .sg = sg, .porder = *order, .pmul = mul, .pimg = img, .pisp = isp, .top = sg->ng - 1, .w = w };
    uint32_t ng = sg->ng;
    Words S = { 0 }, E = { 0 };
    words_add(&S, NULL, 0);
    words_add(&E, NULL, 0);
    uint8_t *rows = NULL;
    uint32_t *d = NULL;
    int r = MQV_OK;
    for (;;) {
        /* fill the table and close it */
        size_t nE = E.n;
        rows = xrealloc(rows, S.n * nE);
        for (size_t i = 0; i < S.n; i++)
            for (size_t e = 0; e < nE; e++)
                rows[i * nE + e] = (uint8_t)outcome3(&c, S.v + S.off[i], S.off[i + 1] - S.off[i], NULL, 0, E.v + E.off[e],
                                                     E.off[e + 1] - E.off[e]);
        uint8_t *row = xmalloc(nE ? nE : 1);
        for (size_t i = 0; i < S.n && !c.over && r == MQV_OK; i++) {
            d = xrealloc(d, S.n * ng * sizeof *d);
            for (uint32_t g = 0; g < ng && !c.over; g++) {
                const uint32_t *si = S.v + S.off[i];
                size_t ni = S.off[i + 1] - S.off[i];
                for (size_t e = 0; e < nE; e++)
                    row[e] = (uint8_t)outcome3(&c, si, ni, &g, 1, E.v + E.off[e], E.off[e + 1] - E.off[e]);
                size_t j = 0;
                while (j < S.n && memcmp(rows + j * nE, row, nE)) j++;
                if (!mq_tick(w, S.n)) {
                    c.over = true;
                    break;
                }
                if (j == S.n) {
                    if (S.n >= w->max_order) { r = MQV_ORDER; break; }
                    uint32_t buf[ni + 1];
                    if (ni) memcpy(buf, si, ni * sizeof *si);
                    buf[ni] = g;
                    words_add(&S, buf, ni + 1);
                    rows = xrealloc(rows, S.n * nE);
                    memcpy(rows + j * nE, row, nE);
                    d = xrealloc(d, S.n * ng * sizeof *d);
                }
                d[i * ng + g] = (uint32_t)j;
            }
        }
        xfree(row);
        if (c.over) r = MQV_WORK;
        if (r != MQV_OK) break;
        a->ns = (uint32_t)S.n;
        a->ng = ng;
        a->d = d;
        xfree(a->isp);
        a->isp = xmalloc(S.n);
        for (size_t i = 0; i < S.n; i++) a->isp[i] = rows[i * nE];   /* test 0 is the empty word */
        MqFail f;
        int v = mqv_check(a, sg, false, w, &f);
        if (v == MQV_OK) break;
        if (v == MQV_WORK) { xfree(f.word); r = v; break; }
        Words cx = { 0 };
        int k = counterexample(&c, a, &S, &E, rows, &f, v, &cx);
        xfree(f.word);
        if (k != MQV_OK) { r = k; xfree(cx.v); xfree(cx.off); break; }
        size_t len = cx.off[1];
        for (size_t i = 0; i <= len; i++)
            if (!words_has(&E, cx.v + i, len - i)) words_add(&E, cx.v + i, len - i);
        xfree(cx.v);
        xfree(cx.off);
        a->d = NULL;   /* d is reused by the next round */
    }
    if (r == MQV_OK) {
        l->acc = S.v;
        l->acc_off = S.off;
    } else {
        xfree(S.v);
        xfree(S.off);
        if (a->d != d) xfree(d);
    }
    xfree(rows);
    xfree(E.v);
    xfree(E.off);
    xfree(c.tab);
    xfree(c.pool);
    return r;
}
