/* graph.c: graphs as values (see graph.h): canonical construction (labels sorted, edges sorted),
   adjacency in CSR form, interning by content, the graphs derived from one, printing. */
#include "config.h"
#include "graph.h"
#include <stdlib.h>
#include <string.h>

/* ---- building from a spec -------------------------------------------------------------------- */

/* The word of label v (0 after the first bad label: err says why). */
static int64_t spec_word(GraphSpec *s, const Value *v)
{
    if (s->err) return 0;
    uint8_t kind = v->t == VT_INT ? 1 : v->t == VT_STR ? 2 : 0;
    if (!kind) {
        s->err = "a vertex is an integer (within 64 bits) or a string";
        return 0;
    }
    if (s->kind && s->kind != kind) {
        s->err = "a graph's vertices are all integers or all strings";
        return 0;
    }
    s->kind = kind;
    return kind == 1 ? v->u.i : (int64_t)(intptr_t)prog_intern(s->p, v->u.s, v->n);
}

void graph_spec_vertex(GraphSpec *s, Value v)
{
    int64_t w = spec_word(s, &v);
    VEC_PUSH(s->verts, s->nverts, s->capverts, w);
}

void graph_spec_ground(GraphSpec *s, Value v)
{
    int64_t w = spec_word(s, &v);
    VEC_PUSH(s->ground, s->nground, s->capground, w);
}

void graph_spec_edge(GraphSpec *s, Value u, Value v)
{
    int64_t a = spec_word(s, &u), b = spec_word(s, &v);
    VEC_PUSH(s->ends, s->nends, s->capends, a);
    VEC_PUSH(s->ends, s->nends, s->capends, b);
    if (s->colours) VEC_PUSH(s->colours, s->ncolours, s->capcolours, 'G');
}

char graph_colour_word(const char *w)
{
    static const char *const words[] = { "L", "blue", "R", "red", "G", "green" };
    for (int i = 0; i < 6; i++)
        if (!strcmp(w, words[i])) return "LLRRGG"[i];
    return 0;
}

void graph_spec_colour_edge(GraphSpec *s, Value u, Value v, char c)
{
    graph_spec_edge(s, u, v);
    if (c != 'G' && !s->colours)   /* the first coloured edge: the ones before are green */
        while (s->ncolours < s->nends / 2) VEC_PUSH(s->colours, s->ncolours, s->capcolours, 'G');
    if (s->colours) s->colours[s->ncolours - 1] = (uint8_t)c;
}

void graph_spec_int_edge(GraphSpec *s, int64_t u, int64_t v)
{
    if (s->kind == 2 && !s->err) s->err = "a graph's vertices are all integers or all strings";
    s->kind = 1;
    VEC_PUSH(s->ends, s->nends, s->capends, u);
    VEC_PUSH(s->ends, s->nends, s->capends, v);
    if (s->colours) VEC_PUSH(s->colours, s->ncolours, s->capcolours, 'G');
}

void graph_spec_fini(GraphSpec *s)
{
    xfree(s->verts);
    xfree(s->ends);
    xfree(s->ground);
    xfree(s->colours);
    memset(s, 0, sizeof *s);
}

/* Label order: integers numerically, strings by bytes (then length). */
static int cmp_str_label(int64_t a, int64_t b)
{
    const StrRec *x = (const StrRec *)(intptr_t)a, *y = (const StrRec *)(intptr_t)b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    if (c) return c < 0 ? -1 : 1;
    return (x->len > y->len) - (x->len < y->len);
}

static int cmp_str_label_q(const void *a, const void *b) { return cmp_str_label(*(const int64_t *)a, *(const int64_t *)b); }

static uint64_t mix(uint64_t h, uint64_t x)
{
    h ^= x + 0x9E3779B97F4A7C15ull + (h << 6) + (h >> 2);
    return h * 0xff51afd7ed558ccdull;
}

/* The neighbour lists' length of g's adjacency: every arc once (directed), or both ends of each
   edge, a loop once (undirected). */
static uint64_t adjacency_words(const Graph *g)
{
    if (g->directed) return g->m;
    uint64_t w = 0;
    for (uint64_t e = 0; e < g->m; e++) w += g->eu[e] == g->ev[e] ? 1 : 2;
    return w;
}

/* The CSR arrays of g from its sorted edges, into g's off, adj (and poff, padj for a digraph),
   allocated to their sizes; at is room for n + 1 words. */
static void build_adjacency(Graph *g, uint32_t *at)
{
    uint32_t n = g->n;
    uint64_t m = g->m;
    memset(g->off, 0, ((size_t)n + 1) * sizeof *g->off);
    if (g->directed) {
        memset(g->poff, 0, ((size_t)n + 1) * sizeof *g->poff);
        for (uint64_t e = 0; e < m; e++) {
            g->off[g->eu[e] + 1]++;
            g->poff[g->ev[e] + 1]++;
        }
        for (uint32_t i = 0; i < n; i++) {
            g->off[i + 1] += g->off[i];
            g->poff[i + 1] += g->poff[i];
        }
        for (uint64_t e = 0; e < m; e++) g->adj[e] = g->ev[e];   /* sorted by (u, v): already grouped */
        memcpy(at, g->poff, ((size_t)n + 1) * sizeof *at);
        for (uint64_t e = 0; e < m; e++) g->padj[at[g->ev[e]]++] = g->eu[e];   /* u increasing per v */
        return;
    }
    /* undirected: both ends of each edge, a loop once, each list increasing */
    for (uint64_t e = 0; e < m; e++) {
        g->off[g->eu[e] + 1]++;
        if (g->eu[e] != g->ev[e]) g->off[g->ev[e] + 1]++;
    }
    for (uint32_t i = 0; i < n; i++) g->off[i + 1] += g->off[i];
    memcpy(at, g->off, ((size_t)n + 1) * sizeof *at);
    /* neighbours below a vertex come from edges (w, v) with w < v, in w order; then those at or
       above it from (v, w), in w order: two passes keep each list sorted */
    for (uint64_t e = 0; e < m; e++)
        if (g->eu[e] != g->ev[e]) g->adj[at[g->ev[e]]++] = g->eu[e];
    for (uint64_t e = 0; e < m; e++) g->adj[at[g->eu[e]]++] = g->ev[e];
    g->poff = g->off;
    g->padj = g->adj;
}

static uint64_t hash_of(const Graph *g)
{
    uint64_t h = mix(g->directed * 2 + g->str_labels, g->n);
    for (uint32_t i = 0; i < g->n; i++) h = mix(h, (uint64_t)g->label[i]);
    h = mix(h, g->m);
    for (uint64_t e = 0; e < g->m; e++) h = mix(h, (uint64_t)g->eu[e] << 32 | g->ev[e]);
    for (uint64_t e = 0; g->colour && e < g->m; e++) h = mix(h, g->colour[e]);
    if (g->ground)
        for (uint32_t i = 0; i < g->n; i++)
            if (g->ground[i]) h = mix(h, i);
    return h;
}

static bool same(const Graph *a, const Graph *b)
{
    if (a->hash != b->hash || a->directed != b->directed || a->str_labels != b->str_labels || a->n != b->n ||
        a->m != b->m || a->nground != b->nground)
        return false;
    if (memcmp(a->label, b->label, a->n * sizeof *a->label)) return false;
    if (a->m && (memcmp(a->eu, b->eu, a->m * sizeof *a->eu) || memcmp(a->ev, b->ev, a->m * sizeof *a->ev))) return false;
    if (a->nground && memcmp(a->ground, b->ground, a->n)) return false;
    if (!a->colour != !b->colour || (a->colour && memcmp(a->colour, b->colour, a->m))) return false;
    return true;
}

/* A record is one block (graph_record): the struct, then its arrays; its adjacency, once built
   (graph_adjacency), another. */
static void free_graph(Graph *g)
{
    xfree(g->off);
    xfree(g);
}

/* The bytes of n elements of 8, 4 or 1 bytes in a record, each array starting 8-aligned. */
static size_t words8(size_t n) { return n * 8; }
static size_t words4(size_t n) { return (n * 4 + 7) & ~(size_t)7; }
static size_t bytes1(size_t n) { return (n + 7) & ~(size_t)7; }

/* The lasting record of candidate c: one block holding the struct, c's labels (unless shared with
   the parent, which lives as long), edges, ground and colours, each array its exact size (a graph
   derived from a big one keeps only what it uses). No adjacency yet: most records are graphs a
   program only derives others from (G - nbhd(G, v), whose components are the positions). */
static Graph *graph_record(const Graph *c)
{
    size_t n = c->n, m = (size_t)c->m;
    size_t size = bytes1(sizeof(Graph)) + (c->shared_label ? 0 : words8(n)) + 2 * words4(m) + (c->ground ? bytes1(n) : 0) +
                  (c->colour ? bytes1(m) : 0);
    char *b = xmalloc(size), *at = b + bytes1(sizeof(Graph));
    Graph *g = (Graph *)(void *)b;
    *g = *c;
    g->off = g->adj = g->poff = g->padj = NULL;
    if (!c->shared_label) {
        g->label = (int64_t *)(void *)at;
        if (n) memcpy(g->label, c->label, n * sizeof *g->label);
        at += words8(n);
    }
    g->eu = (uint32_t *)(void *)at;
    at += words4(m);
    g->ev = (uint32_t *)(void *)at;
    at += words4(m);
    if (m) {
        memcpy(g->eu, c->eu, m * sizeof *g->eu);
        memcpy(g->ev, c->ev, m * sizeof *g->ev);
    }
    if (c->ground) {
        g->ground = (uint8_t *)at;
        memcpy(g->ground, c->ground, n);
        at += bytes1(n);
    }
    if (c->colour) {
        g->colour = (uint8_t *)at;
        if (m) memcpy(g->colour, c->colour, m);
    }
    return g;
}

const Graph *graph_adjacency(const Graph *cg)
{
    if (cg->off) return cg;
    Graph *g = (Graph *)(uintptr_t)cg;   /* the program owns every graph; the adjacency is a cache */
    size_t n = g->n, m = (size_t)g->m, adj = (size_t)adjacency_words(g);
    char *b = xmalloc(words4(n + 1) + words4(adj) + (g->directed ? words4(n + 1) + words4(m) : 0)), *at = b;
    g->adj = (uint32_t *)(void *)(at + words4(n + 1));
    at += words4(n + 1) + words4(adj);
    if (g->directed) {
        g->poff = (uint32_t *)(void *)at;
        g->padj = (uint32_t *)(void *)(at + words4(n + 1));
    }
    g->off = (uint32_t *)(void *)b;   /* (set last: a record has its adjacency when off is set) */
    uint32_t *tmp = xmalloc((n + 1) * sizeof *tmp);
    build_adjacency(g, tmp);
    xfree(tmp);
    return g;
}

/* Intern candidate c, whose labels, edges and ground are canonical (labels increasing, edges
   sorted, undirected edges with u <= v) and whose arrays stay the caller's: the program's equal
   graph, or a new record (graph_record); *made says which. */
static Graph *intern(Program *p, const Graph *c, bool *made)
{
    Graph k = *c;
    if (k.colour) {   /* all green: no colours */
        uint64_t e = 0;
        while (e < k.m && k.colour[e] == 'G') e++;
        if (e == k.m) k.colour = NULL;
    }
    k.hash = hash_of(&k);
    if ((p->code.ngraphs + 1) * 2 > p->code.gtcap) {   /* grow and rehash */
        size_t cap = p->code.gtcap ? p->code.gtcap * 2 : 64;
        uint64_t *t = xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < p->code.ngraphs; i++) {
            uint64_t h = p->code.graphs[i]->hash;
            size_t j = h & (cap - 1);
            while (t[j]) j = (j + 1) & (cap - 1);
            t[j] = (h & 0xffffffff00000000u) | ((uint64_t)i + 1);
        }
        xfree(p->code.gtab);
        p->code.gtab = t;
        p->code.gtcap = cap;
    }
    /* a slot's high half is its graph's hash's: a probe reads a record only when they agree (a
       miss each: the records are all over memory) */
    uint64_t hi = k.hash & 0xffffffff00000000u;
    size_t j = k.hash & (p->code.gtcap - 1);
    *made = false;
    for (; p->code.gtab[j]; j = (j + 1) & (p->code.gtcap - 1)) {
        uint64_t s = p->code.gtab[j];
        if ((s & 0xffffffff00000000u) != hi) continue;
        Graph *o = p->code.graphs[(uint32_t)s - 1];
        if (same(o, &k)) return o;
    }
    Graph *g = graph_record(&k);
    g->id = (uint32_t)p->code.ngraphs;
    VEC_PUSH(p->code.graphs, p->code.ngraphs, p->code.capgraphs, g);
    p->code.gtab[j] = hi | ((uint64_t)g->id + 1);
    *made = true;
    return g;
}

static int64_t find_label(const Graph *g, int64_t w)
{
    size_t lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        int c = g->str_labels ? cmp_str_label(g->label[mid], w) : (g->label[mid] > w) - (g->label[mid] < w);
        if (c == 0) return (int64_t)mid;
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return -1;
}

/* Labels to vertex indices, in place (every label is one of g's). Integer labels within a span
   of a few times n go through a direct table; others by binary search (strings are interned by
   content, so their words compare as the labels do only by content: searched too). */
static void to_indices(const Graph *g, int64_t *w, size_t k)
{
    uint64_t span = g->n ? (uint64_t)g->label[g->n - 1] - (uint64_t)g->label[0] : 0;
    if (!g->str_labels && g->n && span == g->n - 1) {   /* consecutive labels */
        for (size_t i = 0; i < k; i++) w[i] = (int64_t)((uint64_t)w[i] - (uint64_t)g->label[0]);
        return;
    }
    if (!g->str_labels && g->n && span < 4 * (uint64_t)g->n + 1024) {
        uint32_t *at = xmalloc(((size_t)span + 1) * sizeof *at);
        for (uint32_t i = 0; i < g->n; i++) at[(uint64_t)g->label[i] - (uint64_t)g->label[0]] = i;
        for (size_t i = 0; i < k; i++) w[i] = at[(uint64_t)w[i] - (uint64_t)g->label[0]];
        xfree(at);
        return;
    }
    for (size_t i = 0; i < k; i++) w[i] = find_label(g, w[i]);
}

/* The distinct integer labels of the k words at w (from the three lists), increasing, into
   *out (allocated); returns how many. Labels within a span of a few times k are marked in a
   table and read back in order; others are radix-sorted. */
static size_t int_labels(const int64_t *const lists[3], const size_t counts[3], size_t k, int64_t **out)
{
    int64_t lo = INT64_MAX, hi = INT64_MIN;
    for (int l = 0; l < 3; l++)
        for (size_t i = 0; i < counts[l]; i++) {
            if (lists[l][i] < lo) lo = lists[l][i];
            if (lists[l][i] > hi) hi = lists[l][i];
        }
    size_t n = 0;
    if (k && (uint64_t)hi - (uint64_t)lo < 4 * (uint64_t)k + 1024) {
        size_t span = (size_t)((uint64_t)hi - (uint64_t)lo) + 1;
        uint8_t *seen = xcalloc(span, 1);
        for (int l = 0; l < 3; l++)
            for (size_t i = 0; i < counts[l]; i++) seen[(uint64_t)lists[l][i] - (uint64_t)lo] = 1;
        for (size_t i = 0; i < span; i++) n += seen[i];
        int64_t *labels = xmalloc((n ? n : 1) * sizeof *labels);
        n = 0;
        for (size_t i = 0; i < span; i++)
            if (seen[i]) labels[n++] = (int64_t)((uint64_t)lo + i);
        xfree(seen);
        *out = labels;
        return n;
    }
    int64_t *u = xmalloc((k ? k : 1) * sizeof *u);
    for (int l = 0; l < 3; l++)
        for (size_t i = 0; i < counts[l]; i++) u[n++] = lists[l][i];
    *out = u;
    return util_sort_unique_i64(u, k);
}

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

typedef struct ColEdge { uint32_t u, v; uint8_t c; } ColEdge;

static int cmp_col_edge(const void *a, const void *b)
{
    const ColEdge *x = a, *y = b;
    if (x->u != y->u) return x->u < y->u ? -1 : 1;
    if (x->v != y->v) return x->v < y->v ? -1 : 1;
    return (x->c > y->c) - (x->c < y->c);
}

/* g's coloured edges (u <= v) sorted by (u, v, colour), into eu, ev and colour. */
static void sort_col_edges(Graph *g, const uint32_t *us, const uint32_t *vs, const uint8_t *col)
{
    uint64_t m = g->m;
    ColEdge *t = xmalloc((m ? m : 1) * sizeof *t);
    for (uint64_t e = 0; e < m; e++) {
        uint32_t u = us[e], v = vs[e];
        t[e] = (ColEdge){ u < v ? u : v, u < v ? v : u, col[e] };
    }
    qsort(t, m, sizeof *t, cmp_col_edge);
    g->eu = xmalloc((m ? m : 1) * sizeof *g->eu);
    g->ev = xmalloc((m ? m : 1) * sizeof *g->ev);
    g->colour = xmalloc(m ? m : 1);
    for (uint64_t e = 0; e < m; e++) {
        g->eu[e] = t[e].u;
        g->ev[e] = t[e].v;
        g->colour[e] = t[e].c;
    }
    xfree(t);
}

/* g's arcs (or edges, u <= v) from the vertex indices at idx (2 per edge), sorted by (u, v):
   grouped by u by counting, then each group sorted by v. */
static void sort_edges(Graph *g, const int64_t *idx)
{
    uint64_t m = g->m;
    uint32_t *at = xcalloc((size_t)g->n + 1, sizeof *at);
    g->eu = xmalloc((m ? m : 1) * sizeof *g->eu);
    g->ev = xmalloc((m ? m : 1) * sizeof *g->ev);
    for (uint64_t e = 0; e < m; e++) {
        uint32_t u = (uint32_t)idx[2 * e], v = (uint32_t)idx[2 * e + 1];
        at[(!g->directed && v < u ? v : u) + 1]++;
    }
    for (uint32_t i = 0; i < g->n; i++) at[i + 1] += at[i];
    for (uint32_t u = 0; u < g->n; u++)
        for (uint32_t i = at[u]; i < at[u + 1]; i++) g->eu[i] = u;
    for (uint64_t e = 0; e < m; e++) {
        uint32_t u = (uint32_t)idx[2 * e], v = (uint32_t)idx[2 * e + 1];
        if (!g->directed && v < u) { uint32_t t = u; u = v; v = t; }
        g->ev[at[u]++] = v;
    }
    for (uint64_t i = 0, j; i < m; i = j) {   /* at[u] is now the end of u's group */
        uint32_t *v = g->ev;
        for (j = i + 1; j < m && g->eu[j] == g->eu[i]; j++) {}
        if (j - i > 32) {
            qsort(v + i, j - i, sizeof *v, cmp_u32);
            continue;
        }
        for (uint64_t a = i + 1; a < j; a++)
            for (uint64_t b = a; b > i && v[b - 1] > v[b]; b--) {
                uint32_t t = v[b];
                v[b] = v[b - 1];
                v[b - 1] = t;
            }
    }
    xfree(at);
}

const Graph *graph_make(Program *p, GraphSpec *s, const char **err)
{
    if (s->err) {
        *err = s->err;
        return NULL;
    }
    size_t total = s->nverts + s->nends + s->nground;
    if (total == 0 && !s->allow_empty) {
        *err = "a graph needs at least one vertex";
        return NULL;
    }
    if (s->nends / 2 > UINT32_MAX - 1) {
        *err = "a graph has at most 2^32 - 2 arcs or edges";
        return NULL;
    }
    if (s->colours && s->directed) {
        *err = "edge colours are for a graph's edges, not a digraph's arcs";
        return NULL;
    }
    bool str = s->kind == 2;
    const int64_t *const lists[3] = { s->verts, s->ends, s->ground };
    const size_t counts[3] = { s->nverts, s->nends, s->nground };
    int64_t *labels;
    size_t n;
    if (str) {
        labels = xmalloc((total ? total : 1) * sizeof *labels);
        if (s->nverts) memcpy(labels, s->verts, s->nverts * sizeof *labels);
        if (s->nends) memcpy(labels + s->nverts, s->ends, s->nends * sizeof *labels);
        if (s->nground) memcpy(labels + s->nverts + s->nends, s->ground, s->nground * sizeof *labels);
        qsort(labels, total, sizeof *labels, cmp_str_label_q);
        n = 0;
        for (size_t i = 0; i < total; i++)
            if (n == 0 || cmp_str_label(labels[n - 1], labels[i])) labels[n++] = labels[i];
    } else {
        n = int_labels(lists, counts, total, &labels);
    }
    if (n > UINT32_MAX - 1) {
        xfree(labels);
        *err = "a graph has at most 2^32 - 2 vertices";
        return NULL;
    }
    Graph *g = xcalloc(1, sizeof *g);
    g->directed = s->directed;
    g->str_labels = str;
    g->n = (uint32_t)n;
    g->label = xrealloc(labels, (n ? n : 1) * sizeof *labels);
    g->m = s->nends / 2;
    to_indices(g, s->ends, s->nends);   /* in place: the spec is done with */
    to_indices(g, s->ground, s->nground);
    if (!g->directed && s->nground) {
        g->ground = xcalloc(n, 1);
        for (size_t i = 0; i < s->nground; i++) g->ground[s->ground[i]] = 1;
        for (uint32_t i = 0; i < g->n; i++) g->nground += g->ground[i];
    }
    xfree(s->verts);   /* the memory back early: a big graph's peak */
    s->verts = NULL;
    s->nverts = s->capverts = 0;
    if (s->colours) {
        uint32_t *us = xmalloc((g->m ? g->m : 1) * sizeof *us), *vs = xmalloc((g->m ? g->m : 1) * sizeof *vs);
        for (uint64_t e = 0; e < g->m; e++) {
            us[e] = (uint32_t)s->ends[2 * e];
            vs[e] = (uint32_t)s->ends[2 * e + 1];
        }
        sort_col_edges(g, us, vs, s->colours);
        xfree(us);
        xfree(vs);
    } else {
        sort_edges(g, s->ends);
    }
    xfree(s->ends);
    s->ends = NULL;
    s->nends = s->capends = 0;
    bool made;
    const Graph *r = intern(p, g, &made);   /* (copied when new: the candidate's arrays go) */
    xfree(g->label);
    xfree(g->eu);
    xfree(g->ev);
    xfree(g->ground);
    xfree(g->colour);
    xfree(g);
    return r;
}

int64_t graph_vertex(const Graph *g, const Value *v)
{
    if (g->str_labels != (v->t == VT_STR) || (v->t != VT_STR && v->t != VT_INT)) return -1;
    if (!g->str_labels) {   /* the common case: labels 0..n-1 or a block of consecutive integers */
        if (!g->n) return -1;
        uint64_t i = (uint64_t)v->u.i - (uint64_t)g->label[0];
        if (i < g->n && g->label[i] == v->u.i) return (int64_t)i;
        return find_label(g, v->u.i);
    }
    /* strings are interned by content in the program: compare by content here */
    size_t lo = 0, hi = g->n;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        const StrRec *x = (const StrRec *)(intptr_t)g->label[mid];
        size_t n = x->len < v->n ? x->len : v->n;
        int c = memcmp(x->s, v->u.s, n);
        if (!c) c = (x->len > v->n) - (x->len < v->n);
        if (c == 0) return (int64_t)mid;
        if (c < 0) lo = mid + 1; else hi = mid;
    }
    return -1;
}

Value graph_label(const Graph *g, uint32_t i)
{
    if (g->str_labels) return val_str_rec((const StrRec *)(intptr_t)g->label[i]);
    return val_int(g->label[i]);
}

/* ---- graphs derived from one (their order is inherited: no sorting) -------------------------- */

/* The program's candidate for derived graphs: a graph is built here, then interned (copied into a
   record of its own only when it is new, graph_record), so the many derived graphs met before
   cost no allocation. Its arrays grow and are kept. */
typedef struct GraphCand {
    Graph g;
    int64_t *label;
    uint32_t *eu, *ev, *idx;
    uint8_t *ground, *colour;
    size_t caplabel, capedge, capidx, capground;
} GraphCand;

/* Room for n elements of size sz in *buf (capacity *cap), the old contents dropped. */
static void *room(void *buf, size_t *cap, size_t n, size_t sz)
{
    if (n <= *cap && buf) return buf;
    size_t c = *cap ? *cap : 64;
    while (c < n) c *= 2;
    xfree(buf);
    *cap = c;
    return xmalloc(c * sz);
}

/* g without the vertices marked in drop (NULL: none) and without edge skip_edge (UINT64_MAX:
   none), in the program's candidate. */
static Graph *derived(Program *p, const Graph *g, const bool *drop, uint64_t skip_edge)
{
    if (!p->code.gcand) p->code.gcand = xcalloc(1, sizeof *p->code.gcand);
    GraphCand *c = p->code.gcand;
    Graph *h = &c->g;
    memset(h, 0, sizeof *h);
    h->directed = g->directed;
    h->str_labels = g->str_labels;
    uint32_t *idx = c->idx = room(c->idx, &c->capidx, (size_t)g->n + 1, sizeof *c->idx);
    if (!drop) {   /* the same vertices: the labels are shared (graphs live as long as the program) */
        h->label = g->label;
        h->shared_label = true;
        h->n = g->n;
        for (uint32_t i = 0; i < g->n; i++) idx[i] = i;
    } else {
        h->label = c->label = room(c->label, &c->caplabel, (size_t)g->n + 1, sizeof *c->label);
        for (uint32_t i = 0; i < g->n; i++) {
            if (drop[i]) {
                idx[i] = UINT32_MAX;
                continue;
            }
            idx[i] = h->n;
            h->label[h->n++] = g->label[i];
        }
    }
    if (c->capedge < g->m + 1 || !c->eu) {   /* the three edge arrays share a capacity */
        size_t cap = c->capedge;
        c->eu = room(c->eu, &cap, (size_t)g->m + 1, sizeof *c->eu);
        cap = c->capedge;
        c->ev = room(c->ev, &cap, (size_t)g->m + 1, sizeof *c->ev);
        cap = c->capedge;
        c->colour = room(c->colour, &cap, (size_t)g->m + 1, 1);
        c->capedge = cap;
    }
    h->eu = c->eu;
    h->ev = c->ev;
    if (g->colour) h->colour = c->colour;
    for (uint64_t e = 0; e < g->m; e++) {
        if (e == skip_edge || idx[g->eu[e]] == UINT32_MAX || idx[g->ev[e]] == UINT32_MAX) continue;
        if (g->colour) h->colour[h->m] = g->colour[e];
        h->eu[h->m] = idx[g->eu[e]];
        h->ev[h->m++] = idx[g->ev[e]];
    }
    if (g->ground) {
        h->ground = c->ground = room(c->ground, &c->capground, (size_t)h->n + 1, 1);
        memset(h->ground, 0, h->n);
        for (uint32_t i = 0; i < g->n; i++)
            if (idx[i] != UINT32_MAX && g->ground[i]) {
                h->ground[idx[i]] = 1;
                h->nground++;
            }
        if (!h->nground) h->ground = NULL;
    }
    return h;
}

/* h (the candidate), interned; a new graph remembers how it came from g (an equal graph made
   before keeps its own history: its parent is older, so histories never loop), and edge, the
   edge of g that GRAPH_CUT removed. */
static const Graph *intern_from(Program *p, const Graph *h, const Graph *g, uint8_t how, uint32_t arg, uint64_t edge)
{
    bool made;
    Graph *r = intern(p, h, &made);
    if (made) {
        r->how = how;
        r->how_arg = arg;
        r->how_edge = edge;
        r->parent = g;
    }
    return r;
}

static const Graph *without(Program *p, const Graph *g, const bool *drop, uint8_t how, uint32_t arg)
{
    return intern_from(p, derived(p, g, drop, UINT64_MAX), g, how, arg, 0);
}

const Graph *graph_without(Program *p, const Graph *g, const bool *drop)
{
    return without(p, g, drop, GRAPH_WITHOUT_VERTICES, 0);
}

const Graph *graph_without_edge(Program *p, const Graph *g, uint64_t e)
{
    return intern_from(p, derived(p, g, NULL, e), g, GRAPH_WITHOUT_EDGE, 0, 0);
}

const Graph *graph_undirected(Program *p, const Graph *g, const bool *ground)
{
    Graph *h = derived(p, g, NULL, UINT64_MAX);
    h->directed = false;
    if (g->directed) {   /* arcs as edges u <= v, sorted (an undirected graph's are already) */
        uint64_t *keys = xmalloc((h->m ? h->m : 1) * sizeof *keys);
        for (uint64_t e = 0; e < h->m; e++) {
            uint64_t u = h->eu[e], v = h->ev[e];
            if (u > v) { uint64_t t = u; u = v; v = t; }
            keys[e] = u << 32 | v;
        }
        util_sort_u64(keys, h->m);
        for (uint64_t e = 0; e < h->m; e++) {
            h->eu[e] = (uint32_t)(keys[e] >> 32);
            h->ev[e] = (uint32_t)keys[e];
        }
        xfree(keys);
    }
    GraphCand *c = p->code.gcand;
    h->ground = NULL;
    h->nground = 0;
    for (uint32_t i = 0; ground && i < h->n; i++)
        if (ground[i]) {
            if (!h->ground) {
                h->ground = c->ground = room(c->ground, &c->capground, (size_t)h->n + 1, 1);
                memset(h->ground, 0, h->n);
            }
            h->ground[i] = 1;
            h->nground++;
        }
    if (!h->nground) return intern_from(p, h, g, GRAPH_UNDIRECTED, 0, 0);
    bool made;
    return intern(p, h, &made);
}

static uint32_t find_root(uint32_t *up, uint32_t x)
{
    while (up[x] != x) {
        up[x] = up[up[x]];
        x = up[x];
    }
    return x;
}

uint32_t graph_components(const Graph *g, uint32_t *comp)
{
    uint32_t *up = xmalloc(((size_t)g->n + 1) * sizeof *up);
    for (uint32_t i = 0; i < g->n; i++) up[i] = i;
    for (uint64_t e = 0; e < g->m; e++) {
        uint32_t a = find_root(up, g->eu[e]), b = find_root(up, g->ev[e]);
        if (a != b) up[a > b ? a : b] = a < b ? a : b;   /* the smaller index is the root */
    }
    uint32_t k = 0;
    for (uint32_t i = 0; i < g->n; i++) {
        uint32_t r = find_root(up, i);
        comp[i] = r == i ? k++ : comp[r];
    }
    xfree(up);
    return k;
}

const Graph *graph_grounded(Program *p, const Graph *g)
{
    if (!g->ground) {   /* nothing is joined to a ground: the empty graph */
        bool *all = xmalloc((g->n ? g->n : 1) * sizeof *all);
        for (uint32_t i = 0; i < g->n; i++) all[i] = true;
        const Graph *h = without(p, g, all, GRAPH_GROUNDED, 0);
        xfree(all);
        return h;
    }
    uint32_t *comp = xmalloc(((size_t)g->n + 1) * sizeof *comp);
    uint32_t k = graph_components(g, comp);
    bool *keep = xcalloc(k ? k : 1, sizeof *keep), *drop = xcalloc(g->n ? g->n : 1, sizeof *drop);
    bool any = false;
    for (uint32_t i = 0; i < g->n; i++)
        if (g->ground[i]) keep[comp[i]] = true;
    for (uint32_t i = 0; i < g->n; i++) {
        drop[i] = !keep[comp[i]];
        any |= drop[i];
    }
    const Graph *h = any ? without(p, g, drop, GRAPH_GROUNDED, 0) : g;
    xfree(comp);
    xfree(keep);
    xfree(drop);
    return h;
}

const Graph *graph_cut(Program *p, const Graph *g, uint64_t e)
{
    /* the components without e (as graph_components), those with a ground vertex kept */
    uint32_t *up = xmalloc(((size_t)g->n + 1) * sizeof *up);
    for (uint32_t i = 0; i < g->n; i++) up[i] = i;
    for (uint64_t k = 0; k < g->m; k++) {
        if (k == e) continue;
        uint32_t a = find_root(up, g->eu[k]), b = find_root(up, g->ev[k]);
        if (a != b) up[a > b ? a : b] = a < b ? a : b;
    }
    bool *keep = xcalloc((size_t)g->n + 1, sizeof *keep), *drop = xmalloc(((size_t)g->n + 1) * sizeof *drop);
    for (uint32_t i = 0; g->ground && i < g->n; i++)
        if (g->ground[i]) keep[find_root(up, i)] = true;
    bool any = false;
    for (uint32_t i = 0; i < g->n; i++) {
        drop[i] = !keep[find_root(up, i)];
        any |= drop[i];
    }
    xfree(up);
    xfree(keep);
    Graph *h = derived(p, g, any ? drop : NULL, e);
    xfree(drop);
    return intern_from(p, h, g, any ? GRAPH_CUT : GRAPH_WITHOUT_EDGE, 0, e);
}

const Graph *graph_component(Program *p, const Graph *g, const uint32_t *comp, uint32_t i)
{
    bool *drop = xmalloc(((size_t)g->n + 1) * sizeof *drop);
    for (uint32_t v = 0; v < g->n; v++) drop[v] = comp[v] != i;
    const Graph *h = without(p, g, drop, GRAPH_COMPONENT, i);
    xfree(drop);
    return h;
}

const Graph *graph_of(const Program *p, uint64_t id) { return p->code.graphs[id]; }

void graph_name(const Graph *g, const char *name)
{
    if (!g->name) ((Graph *)(uintptr_t)g)->name = name;   /* the program owns every graph */
}

void graph_free_all(Program *p)
{
    for (size_t i = 0; i < p->code.ngraphs; i++) free_graph(p->code.graphs[i]);
    xfree(p->code.graphs);
    xfree(p->code.gtab);
    GraphCand *c = p->code.gcand;
    if (c) {
        xfree(c->label);
        xfree(c->eu);
        xfree(c->ev);
        xfree(c->idx);
        xfree(c->ground);
        xfree(c->colour);
        xfree(c);
    }
}

/* ---- printing --------------------------------------------------------------------------------- */

static void print_label(StrBuf *b, const Graph *g, uint32_t i)
{
    Value v = graph_label(g, i);
    val_print(b, &v);
}

/* Edge e's ends, and its colour when the graph has colours: `1, 2` or `1, 2, "L"`. */
static void print_edge(StrBuf *b, const Graph *g, uint64_t e)
{
    print_label(b, g, g->eu[e]);
    sb_puts(b, ", ");
    print_label(b, g, g->ev[e]);
    if (g->colour) sb_printf(b, ", \"%c\"", g->colour[e]);
}

/* Whether g prints by its history: a named graph within 16 steps up. */
static bool printable_history(const Graph *g)
{
    for (int d = 0; d <= 16 && g; d++, g = g->parent)
        if (g->name) return true;
    return false;
}

static void print_history(StrBuf *b, const Graph *g)
{
    if (g->name) {
        sb_puts(b, g->name);
        return;
    }
    const Graph *q = g->parent;
    switch (g->how) {
    case GRAPH_WITHOUT_EDGE: {   /* the same vertices: the first arc where the lists part */
        uint64_t e = 0;
        while (e < g->m && g->eu[e] == q->eu[e] && g->ev[e] == q->ev[e] && graph_colour(g, e) == graph_colour(q, e)) e++;
        sb_puts(b, "remove_edge(");
        print_history(b, q);
        sb_puts(b, ", ");
        print_edge(b, q, e);
        sb_putc(b, ')');
        return;
    }
    case GRAPH_WITHOUT_VERTICES: {   /* the labels of q that g lacks (both increasing) */
        uint32_t gone = q->n - g->n;
        print_history(b, q);
        sb_puts(b, gone == 1 ? " - " : " - [");
        for (uint32_t i = 0, j = 0, k = 0; i < q->n; i++) {
            if (j < g->n && g->label[j] == q->label[i]) {
                j++;
                continue;
            }
            if (k++) sb_puts(b, ", ");
            print_label(b, q, i);
        }
        if (gone != 1) sb_putc(b, ']');
        return;
    }
    case GRAPH_CUT:   /* grounded(remove_edge(...)) made at once: the edge is remembered */
        sb_puts(b, "grounded(remove_edge(");
        print_history(b, q);
        sb_puts(b, ", ");
        print_edge(b, q, g->how_edge);
        sb_puts(b, "))");
        return;
    case GRAPH_GROUNDED:
        sb_puts(b, "grounded(");
        print_history(b, q);
        sb_putc(b, ')');
        return;
    case GRAPH_UNDIRECTED:
        sb_puts(b, "undirected(");
        print_history(b, q);
        sb_putc(b, ')');
        return;
    default:   /* GRAPH_COMPONENT */
        sb_puts(b, "component(");
        print_history(b, q);
        sb_printf(b, ", %u)", g->how_arg);
        return;
    }
}

void graph_print(StrBuf *b, const Graph *g)
{
    if (printable_history(g)) print_history(b, g);
    else graph_print_expr(b, g);
}

void graph_print_expr(StrBuf *b, const Graph *g)
{
    sb_puts(b, g->directed ? "digraph_from([" : "graph_from([");
    for (uint64_t e = 0; e < g->m; e++) {
        if (e) sb_puts(b, ", ");
        print_label(b, g, g->eu[e]);
        sb_puts(b, ", ");
        print_label(b, g, g->ev[e]);
    }
    sb_puts(b, "], [");
    for (uint32_t i = 0, k = 0; i < g->n; i++) {   /* digraph: every vertex; graph: the ground */
        if (!g->directed && !(g->ground && g->ground[i])) continue;
        if (k++) sb_puts(b, ", ");
        print_label(b, g, i);
    }
    sb_puts(b, "]");
    if (!g->directed) {   /* the vertices without an edge; the colours */
        bool *touched = xcalloc(g->n ? g->n : 1, 1);
        for (uint64_t e = 0; e < g->m; e++) touched[g->eu[e]] = touched[g->ev[e]] = 1;
        uint32_t k = 0;
        for (uint32_t i = 0; i < g->n; i++)
            if (!touched[i]) {
                sb_puts(b, k++ ? ", " : ", [");
                print_label(b, g, i);
            }
        if (k) sb_putc(b, ']');
        else if (g->colour) sb_puts(b, ", []");
        xfree(touched);
        if (g->colour) {
            sb_puts(b, ", \"");
            for (uint64_t e = 0; e < g->m; e++) sb_putc(b, (char)g->colour[e]);
            sb_putc(b, '"');
        }
    }
    sb_putc(b, ')');
}
