/* mquot_check.c: the exact check of a candidate misère quotient. A commutative automaton with a
   P-set predicts the misère outcome of every sum of a stage's heaps; the prediction is right for
   all of them (infinitely many) iff
     P: no sum predicted P has an option predicted P, a condition on (state, heap) pairs, and
     N: every non-empty sum predicted N has an option predicted P.
   N is decided on pairs (state of the sum, set of its options' states): adding a heap maps a
   pair to a pair, so the sums' pairs are the closure of (identity, {}) under the heaps, and a
   pair whose set includes another's with the same state can be left out, since every sum built
   on it has an option set at least as large (docs/theory.md 7.1). */
#include <string.h>
#include "mquot_impl.h"
#include "../../util.h"

static uint32_t apply_opt(const MqAuto *a, uint32_t s, const int32_t *t)
{
    for (int k = 0; k < 2; k++)
        if (t[k] >= 0) s = a->d[(size_t)s * a->ng + (uint32_t)t[k]];
    return s;
}

typedef struct Nodes {
    uint32_t *s, *par, *gen;
    uint64_t *T;
    size_t n, cap, W;
    uint32_t **keep;        /* per state: the kept nodes (an antichain of sets) */
    uint32_t *nkeep, *capkeep;
    uint8_t *dead;
} Nodes;

static uint32_t node_add(Nodes *z, uint32_t s, uint32_t par, uint32_t gen)
{
    if (z->n == z->cap) {
        z->cap = z->cap ? 2 * z->cap : 256;
        z->s = xrealloc(z->s, z->cap * sizeof *z->s);
        z->par = xrealloc(z->par, z->cap * sizeof *z->par);
        z->gen = xrealloc(z->gen, z->cap * sizeof *z->gen);
        z->dead = xrealloc(z->dead, z->cap);
        z->T = xrealloc(z->T, z->cap * z->W * sizeof *z->T);
    }
    z->s[z->n] = s;
    z->par[z->n] = par;
    z->gen[z->n] = gen;
    z->dead[z->n] = 0;
    return (uint32_t)z->n++;
}

static bool subset(const uint64_t *x, const uint64_t *y, size_t W)
{
    for (size_t i = 0; i < W; i++)
        if (x[i] & ~y[i]) return false;
    return true;
}

/* Keep the new set T for state s unless a kept one is inside it; drop kept ones that contain
   it. True when kept (the caller then adds the node). */
static bool keep_set(Nodes *z, uint32_t s, const uint64_t *T, uint32_t node)
{
    uint32_t *k = z->keep[s];
    uint32_t m = 0;
    for (uint32_t i = 0; i < z->nkeep[s]; i++)
        if (subset(z->T + (size_t)k[i] * z->W, T, z->W)) return false;
    for (uint32_t i = 0; i < z->nkeep[s]; i++) {
        if (subset(T, z->T + (size_t)k[i] * z->W, z->W)) z->dead[k[i]] = 1;
        else k[m++] = k[i];
    }
    if (m == z->capkeep[s]) {
        z->capkeep[s] = z->capkeep[s] ? 2 * z->capkeep[s] : 4;
        z->keep[s] = k = xrealloc(k, z->capkeep[s] * sizeof *k);
    }
    k[m++] = node;
    z->nkeep[s] = m;
    return true;
}

static void nodes_free(Nodes *z, uint32_t ns)
{
    for (uint32_t s = 0; s < ns; s++) xfree(z->keep[s]);
    xfree(z->keep);
    xfree(z->nkeep);
    xfree(z->capkeep);
    xfree(z->s);
    xfree(z->par);
    xfree(z->gen);
    xfree(z->T);
    xfree(z->dead);
}

int mqv_check(const MqAuto *a, const MqStage *sg, bool commutes, MqWork *w, MqFail *f)
{
    memset(f, 0, sizeof *f);
    uint32_t ns = a->ns, ng = a->ng;
    if (a->isp[0]) return MQV_N;   /* the empty sum is N in misère play: len 0 */
    for (uint32_t s = 0; s < ns && !commutes; s++)
        for (uint32_t g = 0; g < ng; g++)
            for (uint32_t g2 = g + 1; g2 < ng; g2++) {
                uint32_t x = a->d[(size_t)a->d[(size_t)s * ng + g] * ng + g2];
                uint32_t y = a->d[(size_t)a->d[(size_t)s * ng + g2] * ng + g];
                if (x != y) { f->s = s; f->g = g; f->g2 = g2; return MQV_COMM; }
            }
    if (!mq_tick(w, (commutes ? 0 : (uint64_t)ns * ng * (ng + 1) / 2) + (uint64_t)ns * sg->optoff[ng])) return MQV_WORK;
    /* each generator's option states from each state, as a set; generators alike in both
       respects are one for the N condition */
    size_t W = (ns + 63) / 64;
    uint64_t *optset = xcalloc((size_t)ng * ns * W, sizeof *optset);
    for (uint32_t g = 0; g < ng; g++)
        for (uint32_t s = 0; s < ns; s++) {
            bool sp = a->isp[a->d[(size_t)s * ng + g]];
            uint64_t *o = optset + ((size_t)g * ns + s) * W;
            for (uint32_t i = sg->optoff[g]; i < sg->optoff[g + 1]; i++) {
                uint32_t t = apply_opt(a, s, sg->opt[i]);
                if (sp && a->isp[t]) {
                    f->s = s; f->g = g; f->opt = i;
                    xfree(optset);
                    return MQV_P;
                }
                o[t / 64] |= (uint64_t)1 << (t % 64);
            }
        }
    uint32_t *uniq = xmalloc((ng ? ng : 1) * sizeof *uniq), nu = 0;
    for (uint32_t g = 0; g < ng; g++) {
        bool same = false;
        for (uint32_t j = 0; j < nu && !same; j++) {
            uint32_t h = uniq[j];
            same = !memcmp(optset + (size_t)g * ns * W, optset + (size_t)h * ns * W, ns * W * sizeof *optset);
            for (uint32_t s = 0; s < ns && same; s++) same = a->d[(size_t)s * ng + g] == a->d[(size_t)s * ng + h];
        }
        if (!same) uniq[nu++] = g;
    }
    uint64_t *pset = xcalloc(W, sizeof *pset);
    for (uint32_t s = 0; s < ns; s++)
        if (a->isp[s]) pset[s / 64] |= (uint64_t)1 << (s % 64);
    Nodes z = { .W = W };
    z.keep = xcalloc(ns, sizeof *z.keep);
    z.nkeep = xcalloc(ns, sizeof *z.nkeep);
    z.capkeep = xcalloc(ns, sizeof *z.capkeep);
    node_add(&z, 0, UINT32_MAX, 0);
    memset(z.T, 0, W * sizeof *z.T);
    uint64_t *T = xmalloc(W * sizeof *T);
    int r = MQV_OK;
    for (size_t q = 0; q < z.n && r == MQV_OK; q++) {
        if (z.dead[q]) continue;
        uint32_t s = z.s[q];
        for (uint32_t j = 0; j < nu && r == MQV_OK; j++) {
            uint32_t g = uniq[j];
            if (!mq_tick(w, 1 + W)) { r = MQV_WORK; break; }
            uint32_t s2 = a->d[(size_t)s * ng + g];
            memcpy(T, optset + ((size_t)g * ns + s) * W, W * sizeof *T);
            const uint64_t *from = z.T + q * W;
            for (size_t i = 0; i < W; i++)
                for (uint64_t b = from[i]; b; b &= b - 1) {
                    uint32_t t = (uint32_t)(i * 64 + (size_t)__builtin_ctzll(b));
                    uint32_t u = a->d[(size_t)t * ng + g];
                    T[u / 64] |= (uint64_t)1 << (u % 64);
                }
            bool hit = false;
            for (size_t i = 0; i < W && !hit; i++) hit = (T[i] & pset[i]) != 0;
            if (!a->isp[s2] && !hit) {   /* predicted N with no option predicted P */
                size_t len = 1;
                for (size_t x = q; z.par[x] != UINT32_MAX; x = z.par[x]) len++;
                f->word = xmalloc(len * sizeof *f->word);
                f->len = len;
                f->word[--len] = g;
                for (size_t x = q; z.par[x] != UINT32_MAX; x = z.par[x]) f->word[--len] = z.gen[x];
                r = MQV_N;
                break;
            }
            uint32_t id = (uint32_t)z.n;
            if (keep_set(&z, s2, T, id)) {
                node_add(&z, s2, (uint32_t)q, g);
                memcpy(z.T + (size_t)id * W, T, W * sizeof *T);
            }
        }
    }
    xfree(T);
    xfree(pset);
    xfree(uniq);
    xfree(optset);
    nodes_free(&z, ns);
    return r;
}
