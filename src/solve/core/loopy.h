/* loopy.h: the labelling of a game graph with cycles, shared by the retrograde strategy (a user's
   ruleset, explored through its rules) and the token strategy (a digraph given as a value): the
   generalized Sprague-Grundy function γ (Fraenkel-Yesha labelling, level by level, with the
   counters that make a defence end) and Smith's remoteness (docs/theory.md section 5). */
#ifndef GRUNDY_LOOPY_H
#define GRUNDY_LOOPY_H
#include "solve/core/compose.h"
#include <stdbool.h>
#include <stdint.h>

/* A graph of n vertices in CSR form (successors of u: adj[off[u] .. off[u + 1]), predecessors
   likewise in padj / poff). A repeated arc may stay: it is counted on both sides alike (as many
   times among u's successors as u among v's predecessors), which leaves every label the same. */
typedef struct LoopyGraph {
    uint32_t n;
    const uint32_t *off, *adj, *poff, *padj;
} LoopyGraph;

#define LOOPY_INF UINT32_MAX        /* gamma[u]: infinite */
#define LOOPY_DRAW UINT32_MAX       /* remote[u]: no remoteness (a draw) */

/* The labelling: gamma[u] (LOOPY_INF for ∞), counter[u] (finite ones: the order they were
   labelled in), and for each infinite u its set K (the finite values of its followers, increasing,
   without repeats) at kval[koff[u] .. koff[u + 1]) (koff has n + 1 entries; finite u: empty).
   remote[u]: Smith's remoteness, LOOPY_DRAW for a draw. Arrays are allocated here. */
typedef struct LoopyLabels {
    uint32_t *gamma, *counter, *remote;
    uint64_t *koff;
    uint32_t *kval;
} LoopyLabels;

/* Both labellings. With parallel (--jobs > 1), the remoteness pass runs in a second thread
   beside γ's on graphs of LOOPY_PARALLEL_FROM vertices or more (each only reads g; the
   remoteness pass allocates nothing in its thread): the same labels, sooner. */
#define LOOPY_PARALLEL_FROM 65536
void loopy_label(const LoopyGraph *g, LoopyLabels *out, bool parallel);
/* The two parts: γ with counters and K sets (remote left NULL), and the remoteness alone (an
   array of g->n entries). */
void loopy_label_gamma(const LoopyGraph *g, LoopyLabels *out);
void loopy_label_remote(const LoopyGraph *g, uint32_t *remote);
void loopy_labels_fini(LoopyLabels *l);
/* Build CSR arrays (successors and predecessors, repeats dropped) from arcs (u, v) of n
   vertices; the arrays are allocated here (freed with loopy_graph_fini). */
void loopy_graph_from_arcs(LoopyGraph *g, uint32_t n, uint64_t *arcs, uint64_t m);
void loopy_graph_fini(LoopyGraph *g);
#endif
