/* loopy.c: the generalized Sprague-Grundy labelling of a graph with cycles and Smith's remoteness
   (see loopy.h; the algorithm and its invariant in docs/theory.md section 5). */
#include "config.h"
#include "solve/core/loopy.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>
#ifdef HAVE_THREADS_H
#include <threads.h>
#endif

void loopy_graph_from_arcs(LoopyGraph *g, uint32_t n, uint64_t *arcs, uint64_t m)
{
    util_sort_u64(arcs, m);
    uint64_t k = 0;   /* repeated arcs dropped */
    for (uint64_t i = 0; i < m; i++)
        if (!k || arcs[k - 1] != arcs[i]) arcs[k++] = arcs[i];
    uint32_t *off = xcalloc((size_t)n + 1, sizeof *off), *poff = xcalloc((size_t)n + 1, sizeof *poff);
    uint32_t *adj = xmalloc((k ? k : 1) * sizeof *adj), *padj = xmalloc((k ? k : 1) * sizeof *padj);
    for (uint64_t i = 0; i < k; i++) {
        off[(arcs[i] >> 32) + 1]++;
        poff[(uint32_t)arcs[i] + 1]++;
    }
    for (uint32_t i = 0; i < n; i++) {
        off[i + 1] += off[i];
        poff[i + 1] += poff[i];
    }
    uint32_t *at = xmalloc(((size_t)n + 1) * sizeof *at);
    memcpy(at, poff, ((size_t)n + 1) * sizeof *at);
    for (uint64_t i = 0; i < k; i++) {
        adj[i] = (uint32_t)arcs[i];   /* sorted by (u, v): already grouped by u */
        padj[at[(uint32_t)arcs[i]]++] = (uint32_t)(arcs[i] >> 32);
    }
    xfree(at);
    *g = (LoopyGraph){ n, off, adj, poff, padj };
}

void loopy_graph_fini(LoopyGraph *g)
{
    xfree((void *)g->off);
    xfree((void *)g->adj);
    xfree((void *)g->poff);
    xfree((void *)g->padj);
}

enum { UNL, FIN, INF };

/* Fraenkel-Yesha, level-synchronous: at level m the unlabelled vertices none of whose followers
   may still exceed m (every follower finite, or reversible to m: it has a follower of value m)
   get m, unless a follower already has m; whatever is left with no follower of value m can never
   be finite. Kept incremental, so a level costs what its labels touch, not the whole graph:
   nonfin counts the followers not yet finite; a vertex whose last follower got m is ready: it
   gets m + 1 (its followers' values are at most m, one of them m; had its value been below m it
   would have been labelled, or found infinite, at that level); blk is nonfin less the
   followers reversible at this level, set when first touched (blkstamp); the unlabelled vertices
   are exactly those with a follower labelled at the last level (surv). */
static void label_gamma(const LoopyGraph *g, LoopyLabels *l)
{
    uint32_t n = g->n, N = n ? n : 1;
    uint8_t *state = xcalloc(N, 1);
    uint32_t *hasm = xcalloc(N, sizeof *hasm);   /* m + 1 when a follower has value m */
    uint32_t *blkstamp = xcalloc(N, sizeof *blkstamp);
    uint32_t *blk = xmalloc(N * sizeof *blk), *nonfin = xmalloc(N * sizeof *nonfin);
    uint32_t *queue = xmalloc(N * sizeof *queue);
    uint32_t *surv = xmalloc(N * sizeof *surv), *next = xmalloc(N * sizeof *next);   /* UNL: surv */
    uint32_t *ready = xmalloc(N * sizeof *ready), *ready2 = xmalloc(N * sizeof *ready2);
    uint32_t nsurv = n, nready = 0, ctr = 0;
    for (uint32_t u = 0; u < n; u++) {
        surv[u] = u;
        nonfin[u] = g->off[u + 1] - g->off[u];
        if (!nonfin[u]) ready[nready++] = u;
    }
    for (uint32_t m = 0; nsurv; m++) {
        uint32_t stamp = m + 1, qh = 0, qt = 0, nnext = 0, nready2 = 0;
        for (uint32_t i = 0; i < nready; i++) queue[qt++] = ready[i];
        while (qh < qt) {
            uint32_t u = queue[qh++];
            if (state[u] != UNL || hasm[u] == stamp || (blkstamp[u] == stamp ? blk[u] : nonfin[u])) continue;
            state[u] = FIN;
            l->gamma[u] = m;
            l->counter[u] = ctr++;
            for (uint32_t k = g->poff[u]; k < g->poff[u + 1]; k++) {
                uint32_t p = g->padj[k];
                nonfin[p]--;
                if (blkstamp[p] == stamp) blk[p]--;
                if (state[p] == UNL && !nonfin[p]) ready2[nready2++] = p;   /* its level is the next */
                if (hasm[p] == stamp) continue;
                hasm[p] = stamp;   /* p has a follower of value m: p is never m */
                if (state[p] == UNL) next[nnext++] = p;
                if (state[p] == FIN) continue;
                for (uint32_t j = g->poff[p]; j < g->poff[p + 1]; j++) {   /* p is reversible to m: it stops blocking */
                    uint32_t q = g->padj[j];
                    if (state[q] != UNL) continue;
                    if (blkstamp[q] != stamp) {
                        blkstamp[q] = stamp;
                        blk[q] = nonfin[q];
                    }
                    if (--blk[q] == 0 && hasm[q] != stamp) queue[qt++] = q;
                }
            }
        }
        for (uint32_t i = 0; i < nsurv; i++)   /* no follower of value m: never finite */
            if (state[surv[i]] == UNL && hasm[surv[i]] != stamp) state[surv[i]] = INF;
        uint32_t k = 0;
        for (uint32_t i = 0; i < nnext; i++)
            if (state[next[i]] == UNL) surv[k++] = next[i];
        nsurv = k;
        k = 0;
        for (uint32_t i = 0; i < nready2; i++)
            if (state[ready2[i]] == UNL) ready[k++] = ready2[i];
        nready = k;
    }
    /* the sets K of the infinite vertices: the finite values of their followers, in place after
       the ones before, sorted and without repeats (a handful each) */
    uint64_t total = 0;
    for (uint32_t u = 0; u < n; u++)
        if (state[u] == INF)
            for (uint32_t k = g->off[u]; k < g->off[u + 1]; k++) total += state[g->adj[k]] == FIN;
    l->koff = xcalloc((size_t)n + 1, sizeof *l->koff);
    l->kval = xmalloc((total ? total : 1) * sizeof *l->kval);
    uint64_t at = 0;
    for (uint32_t u = 0; u < n; u++) {
        uint64_t from = at;
        if (state[u] == INF) {
            l->gamma[u] = LOOPY_INF;
            for (uint32_t k = g->off[u]; k < g->off[u + 1]; k++)
                if (state[g->adj[k]] == FIN) l->kval[at++] = l->gamma[g->adj[k]];
            for (uint64_t i = from + 1; i < at; i++)
                for (uint64_t j = i; j > from && l->kval[j - 1] > l->kval[j]; j--) {
                    uint32_t t = l->kval[j];
                    l->kval[j] = l->kval[j - 1];
                    l->kval[j - 1] = t;
                }
            uint64_t w = from;
            for (uint64_t i = from; i < at; i++)
                if (w == from || l->kval[w - 1] != l->kval[i]) l->kval[w++] = l->kval[i];
            at = w;
        }
        l->koff[u + 1] = at;
    }
    xfree(state);
    xfree(hasm);
    xfree(blkstamp);
    xfree(blk);
    xfree(nonfin);
    xfree(queue);
    xfree(surv);
    xfree(next);
    xfree(ready);
    xfree(ready2);
}

/* Smith's remoteness by retrograde breadth-first search: terminal vertices 0; a vertex is N
   (1 + the least even remoteness) the first time a follower with even remoteness is reached, P
   (1 + the greatest odd one) when its last follower gets an odd one; never reached: a draw. Every
   vertex found from v gets remote[v] + 1, so the queue holds the layers in order and a vertex's
   remoteness is its layer. left[u] counts u's followers not yet found to be N; 0 also marks a
   vertex decided (one random access per arc, as the lecture's version). left and queue: g->n
   entries each, scratch (allocated by the caller, so that a second thread allocates nothing). */
static void label_remoteness(const LoopyGraph *g, uint32_t *remote, uint32_t *left, uint32_t *queue)
{
    uint32_t n = g->n;
    uint32_t qh = 0, qt = 0;
    for (uint32_t u = 0; u < n; u++) {
        left[u] = g->off[u + 1] - g->off[u];
        remote[u] = LOOPY_DRAW;
        if (!left[u]) {
            remote[u] = 0;
            queue[qt++] = u;
        }
    }
    for (uint32_t r = 0, end = qt; qh < qt; r++, end = qt)   /* layer r: queue[qh .. end) */
        for (; qh < end; qh++) {
            uint32_t v = queue[qh];
            for (uint32_t k = g->poff[v]; k < g->poff[v + 1]; k++) {
                uint32_t p = g->padj[k];
                if (!left[p]) continue;
                if (r % 2 == 0) left[p] = 0;   /* a move to a P-position: N */
                else if (--left[p]) continue;  /* every move to an N-position: P */
                remote[p] = r + 1;
                queue[qt++] = p;
            }
        }
}

void loopy_label_gamma(const LoopyGraph *g, LoopyLabels *l)
{
    size_t n = g->n ? g->n : 1;
    l->gamma = xmalloc(n * sizeof *l->gamma);
    l->counter = xmalloc(n * sizeof *l->counter);
    label_gamma(g, l);
}

void loopy_label_remote(const LoopyGraph *g, uint32_t *remote)
{
    size_t n = g->n ? g->n : 1;
    uint32_t *left = xmalloc(n * sizeof *left), *queue = xmalloc(n * sizeof *queue);
    label_remoteness(g, remote, left, queue);
    xfree(left);
    xfree(queue);
}

/* The remoteness pass in a thread of its own: its graph, result and scratch. */
typedef struct RemoteJob { const LoopyGraph *g; uint32_t *remote, *left, *queue; } RemoteJob;

#ifdef HAVE_THREADS_H
static int remote_thread(void *arg)
{
    RemoteJob *j = arg;
    label_remoteness(j->g, j->remote, j->left, j->queue);
    return 0;
}
#endif

void loopy_label(const LoopyGraph *g, LoopyLabels *l, bool parallel)
{
    size_t n = g->n ? g->n : 1;
    l->remote = xmalloc(n * sizeof *l->remote);
    RemoteJob j = { g, l->remote, xmalloc(n * sizeof *j.left), xmalloc(n * sizeof *j.queue) };
    bool joined = false;
#ifdef HAVE_THREADS_H
    thrd_t t;
    if (parallel && g->n >= LOOPY_PARALLEL_FROM && thrd_create(&t, remote_thread, &j) == thrd_success) {
        loopy_label_gamma(g, l);   /* meanwhile: both passes only read g */
        thrd_join(t, NULL);
        joined = true;
    }
#else
    (void)parallel;
#endif
    if (!joined) {
        label_remoteness(g, l->remote, j.left, j.queue);
        loopy_label_gamma(g, l);
    }
    xfree(j.left);
    xfree(j.queue);
}

void loopy_labels_fini(LoopyLabels *l)
{
    xfree(l->gamma);
    xfree(l->counter);
    xfree(l->remote);
    xfree(l->koff);
    xfree(l->kval);
    memset(l, 0, sizeof *l);
}
