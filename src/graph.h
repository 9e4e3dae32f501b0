/* graph.h: graphs as values of the language: digraphs (arcs; self-loops and repeated arcs kept)
   and undirected multigraphs (loops, parallel edges, ground vertices). A graph is immutable and
   interned by content in the program (the same vertices, edges and ground give the same record),
   so a position key holds it as one word (its id) and equal graphs make equal positions. */
#ifndef GRUNDY_GRAPH_H
#define GRUNDY_GRAPH_H
#include "program.h"

enum { GRAPH_BUILT, GRAPH_WITHOUT_EDGE, GRAPH_WITHOUT_VERTICES, GRAPH_GROUNDED, GRAPH_COMPONENT, GRAPH_UNDIRECTED,
       GRAPH_CUT };

typedef struct Graph {
    uint32_t id;            /* index in the program's table */
    bool directed;
    bool str_labels;        /* vertices are named by strings (interned StrRec pointers), else integers */
    uint32_t n;             /* vertices, in increasing label order */
    uint64_t m;             /* arcs; or edges, a loop or a parallel edge counted once each */
    int64_t *label;         /* n labels */
    bool shared_label;      /* label is the parent's array (the same vertices): not freed here */
    /* The arcs (the edges, each once with u <= v), sorted: (eu[i], ev[i]) as vertex indices. */
    uint32_t *eu, *ev;
    /* Adjacency, CSR: the successors of vertex i are adj[off[i] .. off[i + 1]) in increasing
       order, repeated per parallel arc (undirected: every neighbour, a loop once); the
       predecessors likewise in padj / poff (undirected: the same arrays). Built on first use:
       NULL until graph_adjacency(g). */
    uint32_t *off, *adj, *poff, *padj;
    uint8_t *ground;        /* undirected: ground vertices (NULL: none) */
    /* undirected: each edge's colour, parallel to eu/ev: 'G' (green, the default), 'L' (blue, Left's)
       or 'R' (red, Right's); NULL when every edge is green. Edges sort by (u, v, colour). */
    uint8_t *colour;
    uint32_t nground;
    const char *name;       /* the constant it was first bound to (printing), or NULL */
    /* How it was first made from another graph (printing: "remove_edge(G, 1, 2)" rather than its
       whole list of edges): GRAPH_BUILT, or an operation on the older graph `parent`. */
    uint8_t how;
    uint32_t how_arg;       /* GRAPH_COMPONENT: the index */
    uint64_t how_edge;      /* GRAPH_CUT: the edge of parent removed */
    const struct Graph *parent;
    uint64_t hash;
} Graph;

/* What a graph is built from: vertex labels (integers or strings, duplicates allowed), edges
   between labels (pairs in ends), ground labels; each label kept as one word (the integer, or
   the program's interned string). The first bad label (not an integer or a string, or a kind
   other than the first label's) is remembered in err and reported by graph_make. */
typedef struct GraphSpec {
    Program *p;             /* interns string labels */
    bool directed;
    bool allow_empty;       /* a graph without vertices is made (else an error) */
    uint8_t kind;           /* the labels so far: 0 none, 1 integers, 2 strings */
    const char *err;
    int64_t *verts; size_t nverts, capverts;
    int64_t *ends; size_t nends, capends;   /* 2 per edge: u, v */
    int64_t *ground; size_t nground, capground;
    uint8_t *colours; size_t ncolours, capcolours;   /* per edge ('G', 'L', 'R'); NULL: all 'G' */
} GraphSpec;

void graph_spec_vertex(GraphSpec *s, Value v);
void graph_spec_edge(GraphSpec *s, Value u, Value v);
/* The colour a declaration's word names: 'L' for L or blue, 'R' for R or red, 'G' for G or
   green; 0 for any other word. */
char graph_colour_word(const char *w);
/* An edge of colour c ('G', 'L' or 'R'; an undirected graph's). */
void graph_spec_colour_edge(GraphSpec *s, Value u, Value v, char c);
void graph_spec_ground(GraphSpec *s, Value v);
/* An edge between integer labels (reading files: no Values). */
void graph_spec_int_edge(GraphSpec *s, int64_t u, int64_t v);
void graph_spec_fini(GraphSpec *s);
/* The program's graph of spec; NULL with *err set (a static message) when the spec mixes
   integer and string labels or has no vertex. Vertices named by edges or ground are added. The
   spec's words are overwritten (its ends and ground become vertex indices): fini it after. */
const Graph *graph_make(Program *p, GraphSpec *spec, const char **err);
/* g with its adjacency (off, adj, poff, padj) built, on its first use (a graph only derived from
   never has one). Call it before reading them; not from two threads at once (build it before a
   graph's arrays go to a solver thread). */
const Graph *graph_adjacency(const Graph *g);
/* The index of the vertex labelled v, or -1. */
int64_t graph_vertex(const Graph *g, const Value *v);
/* Vertex i's label as a value. */
Value graph_label(const Graph *g, uint32_t i);
/* The graph without the vertices whose indices are marked in drop[] (n of them). */
const Graph *graph_without(Program *p, const Graph *g, const bool *drop);
/* Edge e's colour ('G' when the graph has none). */
static inline char graph_colour(const Graph *g, uint64_t e) { return g->colour ? (char)g->colour[e] : 'G'; }
/* The graph without one copy of edge / arc number e (an index into eu/ev). */
const Graph *graph_without_edge(Program *p, const Graph *g, uint64_t e);
/* grounded(graph_without_edge(g, e)) in one copy (Green Hackenbush's cut): the graph without edge
   e and without the parts it no longer joins to the ground. */
const Graph *graph_cut(Program *p, const Graph *g, uint64_t e);
/* The undirected graph with the same vertices and edges, the ground vertices given (marked). */
const Graph *graph_undirected(Program *p, const Graph *g, const bool *ground);
/* The part connected to the ground (undirected); the empty graph when there is no ground. */
const Graph *graph_grounded(Program *p, const Graph *g);
/* The i-th weakly connected component (ordered by their smallest vertex; i below their number);
   comp is graph_components' array for g. */
const Graph *graph_component(Program *p, const Graph *g, const uint32_t *comp, uint32_t i);
/* Weakly connected components: comp[i] for each vertex (numbered by their smallest vertex);
   returns their number. comp has g->n entries. */
uint32_t graph_components(const Graph *g, uint32_t *comp);
/* Give g a name to print by, unless it has one (the first constant bound to it). */
void graph_name(const Graph *g, const char *name);
/* Print as an expression that parses back: its name; how it was made from a named graph
   (`grounded(remove_edge(T, 1, 2))`, `G - 3`, at most 16 steps); or a builder call. */
void graph_print(StrBuf *b, const Graph *g);
/* The same, a builder call even when it has a name. */
void graph_print_expr(StrBuf *b, const Graph *g);
/* The program's graph number id. */
const Graph *graph_of(const Program *p, uint64_t id);
/* Free every graph (prog_fini). */
void graph_free_all(Program *p);
#endif
