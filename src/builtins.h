/* builtins.h: the table of built-in functions (min, max, len, sg, ...): names, arity and result
   types, read by sema and the compiler; builtins_table.c holds the table, builtins.c implements the functions for the interpreter (vm.h). */
#ifndef GRUNDY_BUILTINS_H
#define GRUNDY_BUILTINS_H
#include "value.h"
#include "diag.h"

/* ORDER BI: keep in step with the table in builtins_table.c. */
typedef enum BuiltinId {
    BI_MIN, BI_MAX, BI_ABS, BI_LEN, BI_SORT, BI_SG, BI_POPCOUNT, BI_MEX, BI_SUM, BI_LIST, BI_SET, BI_OUTCOME, BI_INT,
    BI_WINNING_COUNT, BI_WINNING_MOVE, BI_ERROR, BI_GAMMA,
    /* graphs (graph.h) */
    BI_SUCC, BI_PRED, BI_VERTICES, BI_EDGES, BI_EDGE_COLOURS, BI_DEGREE, BI_NBHD, BI_VERTEX_INDEX, BI_REMOVE_EDGE, BI_DIGRAPH_FROM, BI_GRAPH_FROM,
    BI_READ_DIGRAPH, BI_READ_GRAPH, BI_PATH, BI_CYCLE, BI_GRID, BI_UNDIRECTED, BI_WITH_GROUND, BI_GROUNDED,
    BI_NCOMPONENTS, BI_COMPONENT, BI_MISERE, BI_EVERY, BI_CONJ, BI_SELECT, BI_SHORTSELECT,
    BI_WINNING_POSITIONS, BI_VALUE,
    /* contest input (input.h) */
    BI_READ_INTS, BI_READ_LINES,
    BI_MEAN, BI_TEMPERATURE, BI_LEFTSTOP, BI_RIGHTSTOP,
    BI__COUNT
} BuiltinId;

typedef struct Builtin { const char *name; int minargs, maxargs; int type; const char *doc; } Builtin;
extern const Builtin builtins[BI__COUNT];
/* Index of the builtin called name, or -1. */
int builtin_find(const char *name);
#endif
