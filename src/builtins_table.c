/* builtins_table.c: the table of built-in functions (builtins.h): names, arity, result types and
   help texts, read by sema, the compiler and the REPL's :help; builtins.c implements them. */
#include "config.h"
#include "builtins.h"
#include <string.h>

/* ORDER BI */
const Builtin builtins[BI__COUNT] = {
    { "min", 1, -1, VT_INT, "smallest of the arguments, or of one list, set or range" },
    { "max", 1, -1, VT_INT, "largest of the arguments, or of one list, set or range" },
    { "abs", 1, 1, VT_INT, "absolute value" },
    { "len", 1, 1, VT_INT, "length of a list, set, string or range" },
    { "sort", 1, 1, VT_LIST, "the list in increasing order" },
    { "sg", 1, 1, VT_INT, "Sprague-Grundy value of a position" },
    { "popcount", 1, 1, VT_INT, "number of 1 bits of a non-negative integer" },
    { "mex", 1, 1, VT_INT, "least non-negative integer not in a list or set" },
    { "sum", 1, 1, VT_INT, "sum of a list, set or range" },
    { "list", 1, 1, VT_LIST, "a list of the elements of a set, range or list" },
    { "set", 1, 1, VT_SET, "a set of the elements of a list, range or set" },
    { "outcome", 1, 1, VT_STR, "\"P\", \"N\" or \"D\" for a position; \"L\", \"R\", \"P\" or \"N\" for a partizan one" },
    { "int", 1, 1, VT_INT, "the integer written in a string of decimal digits" },
    { "winning_count", 1, 1, VT_INT, "the number of winning moves of a position: each rule in each copy of a component" },
    { "winning_move", 2, 2, VT_POS, "the position after the i-th winning move (from 0, as a query lists them; i < winning_positions)" },
    { "error", 1, -1, VT_NONE, "stop with an error whose message joins the arguments (strings as they are)" },
    { "gamma", 1, 1, VT_STR, "the generalized SG value of a position as text: \"2\", or \"∞(0,2)\" (with cycles: it can be drawn)" },
    { "succ", 2, 2, VT_LIST, "the vertices an arc from v leads to (a graph: v's neighbours), increasing" },
    { "pred", 2, 2, VT_LIST, "the vertices with an arc to v (a graph: v's neighbours), increasing" },
    { "vertices", 1, 1, VT_LIST, "the vertices of a graph, increasing" },
    { "edges", 1, 1, VT_LIST, "the arcs or edges of a graph as a flat list u1, v1, u2, v2, ..." },
    { "edge_colours", 1, 1, VT_STR, "the colours of a graph's edges in the order of edges(G): \"L\" blue, \"R\" red, \"G\" green (the default)" },
    { "degree", 2, 2, VT_INT, "the arcs leaving v (a graph: the edge ends at v, a loop counting 2)" },
    { "nbhd", 2, 2, VT_LIST, "v and its neighbours (both directions in a digraph), increasing" },
    { "vertex_index", 2, 2, VT_INT, "the index of vertex v in vertices(G) (from 0)" },
    { "remove_edge", 3, 4, VT_GRAPH, "the graph without one arc u -> v (one edge u - v; of colour c if given)" },
    { "digraph_from", 1, 2, VT_GRAPH, "the digraph of arcs [u1, v1, u2, v2, ...], with more vertices if given" },
    { "graph_from", 1, 4, VT_GRAPH, "the graph of edges [u1, v1, ...], with ground vertices, more vertices and the edges' colours (a string of L, R, G) if given" },
    { "read_digraph", 1, 4, VT_GRAPH, "the digraph of a file (\"-\": standard input) of lines \"u v\" (after skipping k lines; at most c of them; vertices 1..n)" },
    { "read_graph", 2, 5, VT_GRAPH, "the graph of a file (\"-\": standard input) of lines \"u v\", with ground vertices (after skipping k lines; at most c; vertices 1..n)" },
    { "path", 1, 1, VT_GRAPH, "the digraph 0 -> 1 -> ... -> n - 1" },
    { "cycle", 1, 1, VT_GRAPH, "the digraph 0 -> 1 -> ... -> n - 1 -> 0" },
    { "grid", 2, 2, VT_GRAPH, "the r x c grid graph, vertex i * c + j, edges between neighbours" },
    { "undirected", 1, 2, VT_GRAPH, "the graph of a digraph's arcs as edges, with ground vertices if given" },
    { "with_ground", 2, 2, VT_GRAPH, "the graph with these ground vertices (instead of its own)" },
    { "grounded", 1, 1, VT_GRAPH, "the part of a graph joined to the ground by a path (nothing without ground)" },
    { "ncomponents", 1, 1, VT_INT, "the number of (weakly) connected components" },
    { "component", 2, 2, VT_GRAPH, "the i-th (weakly) connected component, from 0, ordered by their smallest vertex" },
    { "misere", 1, 1, VT_POS, "misere play of a position (of a sum, or of a compound): whoever cannot move wins" },
    { "every", 1, -1, VT_POS, "Every-SG of components (a sum's terms, or the arguments): a move moves every one that can" },
    { "conj", 1, -1, VT_POS, "the conjunctive compound: a move moves every component; it ends when one has ended" },
    { "select", 1, -1, VT_POS, "the selective compound: a move moves any one or more components that can move" },
    { "shortselect", 1, -1, VT_POS, "the shortened selective compound: as select, but it ends when one component has ended" },
    { "winning_positions", 1, 1, VT_INT, "the number of distinct positions the winning moves of a position reach" },
    { "value", 1, 1, VT_NONE, "the value of a scoring game's position (the best score difference for the player to move), or of a partizan position (its canonical form as text: \"1/2\", \"^*\", \"+-1\")" },
    { "read_ints", 1, 3, VT_LIST, "the integers of a file (\"-\": standard input, read on from where the last read stopped), after skipping k, at most c" },
    { "read_lines", 1, 3, VT_LIST, "the lines of a file (\"-\": standard input, read on from the next line) as strings, after skipping k, at most c" },
    { "mean", 1, 1, VT_STR, "the mean of a partizan position (where its thermograph's mast stands) as text: \"3/4\"" },
    { "temperature", 1, 1, VT_STR, "the temperature of a partizan position (where its thermograph's walls meet) as text: \"5/4\"" },
    { "leftstop", 1, 1, VT_STR, "the left stop of a partizan position (the number reached when Left starts and both play well) as text" },
    { "rightstop", 1, 1, VT_STR, "the right stop of a partizan position (Right starting) as text" },
};

int builtin_find(const char *name)
{
    for (int i = 0; i < BI__COUNT; i++)
        if (!strcmp(builtins[i].name, name)) return i;
    return -1;
}
