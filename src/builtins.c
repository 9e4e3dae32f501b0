/* builtins.c: the built-in functions of the language. */
#include "config.h"
#include "key.h"
#include "builtins.h"
#include "vm.h"
#include "bignum.h"
#include "graph.h"
#include "input.h"
#include "listview.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static bool isnum(const Value *v) { return v->t == VT_INT || v->t == VT_BOOL; }

static _Noreturn void bad_arg(Vm *vm, Loc loc, const char *fn, const char *need, const Value *v)
{
    vm_fail(vm, loc, "%s() needs %s, not %s", fn, need, val_type_an(v->t));
}

#define MAX_EXPAND 100000000

/* Elements of a list, set or range as a fresh array in scratch (ranges up to MAX_EXPAND). */
static int cmp_strrec(const void *a, const void *b)
{
    const StrRec *x = (const StrRec *)(intptr_t)*(const int64_t *)a, *y = (const StrRec *)(intptr_t)*(const int64_t *)b;
    size_t n = x->len < y->len ? x->len : y->len;
    int c = memcmp(x->s, y->s, n);
    if (c) return c;
    return (x->len > y->len) - (x->len < y->len);
}

/* Lists in the order sort() gives them: element by element (integers by value, strings by their
   bytes, lists the same way), a list that is a prefix of another first; elements of different
   kinds by kind (integers, strings, lists). */
static int cmp_list_values(const Value *x, const Value *y)
{
    uint32_t n = x->n < y->n ? x->n : y->n;
    for (uint32_t i = 0; i < n; i++) {
        Value a = val_elem(x, i), b = val_elem(y, i);
        int ka = a.t == VT_STR ? 1 : a.t == VT_LIST ? 2 : 0, kb = b.t == VT_STR ? 1 : b.t == VT_LIST ? 2 : 0, c;
        if (ka != kb) return ka < kb ? -1 : 1;
        if (ka == 0) c = big_cmp(&a, &b);
        else if (ka == 2) c = cmp_list_values(&a, &b);
        else {
            c = memcmp(a.u.s, b.u.s, a.n < b.n ? a.n : b.n);
            c = c ? (c < 0 ? -1 : 1) : (a.n > b.n) - (a.n < b.n);
        }
        if (c) return c;
    }
    return (x->n > y->n) - (x->n < y->n);
}

static int cmp_listrec(const void *a, const void *b)
{
    Value x = val_list_rec((const StrRec *)(intptr_t)*(const int64_t *)a);
    Value y = val_list_rec((const StrRec *)(intptr_t)*(const int64_t *)b);
    return cmp_list_values(&x, &y);
}

static const int64_t *elems(Vm *vm, const Value *v, size_t *n, const char *fn, Loc loc)
{
    if (v->t == VT_LIST && (v->strs == LIST_STRS || v->strs == LIST_LISTS))
        vm_fail(vm, loc, "%s() needs a list of integers, not a list of %s", fn, v->strs == LIST_STRS ? "strings" : "lists");
    if (v->t == VT_RANGE && v->strs)
        vm_fail(vm, loc, "%s() of a range that reaches beyond 2^63 - 1", fn);
    if (v->t == VT_LIST || v->t == VT_SET) {
        *n = v->n;
        return v->u.a;
    }
    if (v->t == VT_RANGE) {
        if (v->u.r.lo > v->u.r.hi) { *n = 0; return NULL; }
        uint64_t d = (uint64_t)v->u.r.hi - (uint64_t)v->u.r.lo;
        if (d >= MAX_EXPAND) prog_fail(vm->p, EXIT_LIMIT, loc, "%s() of a range of more than %d values", fn, MAX_EXPAND);
        *n = (size_t)d + 1;
        int64_t *a = vm_alloc(vm, *n * sizeof *a, loc);
        for (size_t i = 0; i < *n; i++) a[i] = v->u.r.lo + (int64_t)i;
        return a;
    }
    bad_arg(vm, loc, fn, "a list, set or range", v);
}

static int cmp_rec(const void *a, const void *b)
{
    Value l = { .t = VT_LIST, .n = 1, .strs = LIST_BIGS }, r = l;
    l.u.a = a;
    r.u.a = b;
    Value x = val_elem(&l, 0), y = val_elem(&r, 0);
    return big_cmp(&x, &y);
}

/* The sum of the elements of l, or of the n words at e (l NULL), exactly. */
static Value big_sum(Vm *vm, const Value *l, const int64_t *e, size_t n, Loc loc)
{
    VmBig *t = vm_big_begin(vm, loc);
    for (size_t i = 0; i < (l ? l->n : n); i++) {
        Value x = l ? val_elem(l, (uint32_t)i) : val_int(e[i]);
        big_get(t->x, &x);
        mpz_add(t->r, t->r, t->x);
    }
    return vm_big_end(vm, t, loc);
}

static int cmp64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Big integers are written as strings of decimal digits (Wythoff beyond 64 bits); min and max
   compare them, and integers, as numbers. */
static bool is_digits(const Value *v) { return v->t == VT_STR && util_is_decimal(v->u.s, v->n); }

static bool any_digits(const Value *args, int nargs)
{
    for (int i = 0; i < nargs; i++)
        if (args[i].t == VT_STR) return true;
    return false;
}

/* -1, 0, 1 comparing a and b (each a non-negative integer or a digit string) as numbers. */
static int num_cmp(const Value *a, const Value *b)
{
    char ba[24], bb[24];
    const char *sa = a->u.s, *sb = b->u.s;
    size_t la = a->n, lb = b->n;
    if (a->t != VT_STR) { la = (size_t)snprintf(ba, sizeof ba, "%lld", (long long)a->u.i); sa = ba; }
    if (b->t != VT_STR) { lb = (size_t)snprintf(bb, sizeof bb, "%lld", (long long)b->u.i); sb = bb; }
    if (la != lb) return la < lb ? -1 : 1;
    int c = memcmp(sa, sb, la);
    return (c > 0) - (c < 0);
}

static Value big_minmax(Vm *vm, int id, const Value *args, int nargs, const char *fn, Loc loc)
{
    int best = 0;
    for (int i = 0; i < nargs; i++) {
        if (!is_digits(&args[i]) && !(isnum(&args[i]) && args[i].u.i >= 0))
            bad_arg(vm, loc, fn, "integers, or non-negative numbers written as decimal strings", &args[i]);
        int c = num_cmp(&args[i], &args[best]);
        if (id == BI_MIN ? c < 0 : c > 0) best = i;
    }
    return args[best];
}

/* ---- graphs ---------------------------------------------------------------------------------- */

static const Graph *need_graph(Vm *vm, Loc loc, const char *fn, const Value *v)
{
    if (v->t != VT_GRAPH) bad_arg(vm, loc, fn, "a graph", v);
    return v->u.g;
}

static uint32_t need_vertex(Vm *vm, Loc loc, const char *fn, const Graph *g, const Value *v)
{
    int64_t i = graph_vertex(g, v);
    if (i < 0) {
        StrBuf b;
        sb_init(&b);
        val_print(&b, v);
        char text[128];
        snprintf(text, sizeof text, "%s", b.s ? b.s : "");
        sb_fini(&b);
        vm_fail(vm, loc, "%s(): %s is not a vertex of the graph%s", fn, text,
                v->t == VT_INT ? " (a vertex without arcs is one only when the graph says so: "
                "read_digraph(file, skip, count, n) has the vertices 1..n)" : "");
    }
    return (uint32_t)i;
}

/* A list of the labels of vertices idx[0..n) (strings or integers, as the graph's). */
static Value label_list(Vm *vm, const Graph *g, const uint32_t *idx, size_t n, Loc loc)
{
    if (n > UINT32_MAX) vm_fail(vm, loc, "a list of more than 2^32 vertices");
    int64_t *d = vm_alloc(vm, (n + 1) * sizeof *d, loc);
    for (size_t i = 0; i < n; i++) d[i] = g->label[idx[i]];   /* interned string records, or integers */
    Value v = { .t = VT_LIST, .n = (uint32_t)n, .strs = g->str_labels ? LIST_STRS : LIST_INTS };
    v.u.a = d;
    return v;
}

/* Distinct neighbours of v: successors (out), predecessors (in), or both. */
static Value neighbours(Vm *vm, const Graph *g, uint32_t v, bool out, bool in, bool self, Loc loc)
{
    g = graph_adjacency(g);
    size_t cap = 1 + (out ? g->off[v + 1] - g->off[v] : 0) + (in ? g->poff[v + 1] - g->poff[v] : 0);
    uint32_t *idx = vm_alloc(vm, cap * sizeof *idx, loc);
    size_t n = 0;
    /* both lists are increasing: merge them, dropping repeats */
    uint32_t a = out ? g->off[v] : 0, ae = out ? g->off[v + 1] : 0, b = in ? g->poff[v] : 0, be = in ? g->poff[v + 1] : 0;
    bool selfdone = !self;
    while (a < ae || b < be || !selfdone) {
        uint32_t x = UINT32_MAX;
        if (a < ae) x = g->adj[a];
        if (b < be && g->padj[b] < x) x = g->padj[b];
        if (!selfdone && v <= x) {
            x = v;
            selfdone = true;
        }
        if (!n || idx[n - 1] != x) idx[n++] = x;
        while (a < ae && g->adj[a] == x) a++;
        while (b < be && g->padj[b] == x) b++;
    }
    return label_list(vm, g, idx, n, loc);
}

/* The labels of a list or set into spec as vertices (which: 0), edge ends (1) or ground (2). */
static void spec_from(Vm *vm, Loc loc, const char *fn, GraphSpec *s, const Value *l, int which)
{
    if (l->t != VT_LIST && l->t != VT_SET) bad_arg(vm, loc, fn, "a list of vertices", l);
    if (which == 1 && l->n % 2) vm_fail(vm, loc, "%s(): the list of edge ends has an odd length (%u)", fn, l->n);
    for (uint32_t i = 0; i < l->n; i++) {
        Value v = val_elem(l, i);
        if (which == 0) graph_spec_vertex(s, v);
        else if (which == 2) graph_spec_ground(s, v);
        else if (i % 2) graph_spec_edge(s, val_elem(l, i - 1), v);
    }
}

/* The edges' colours (a string of L, R and G, one per edge) into spec. */
static void spec_colours(Vm *vm, Loc loc, const char *fn, GraphSpec *s, const Value *c)
{
    if (c->t != VT_STR) bad_arg(vm, loc, fn, "a string of edge colours (L, R, G)", c);
    if (c->n != s->nends / 2)
        vm_fail(vm, loc, "%s(): %u edge colour%s for %zu edge%s", fn, c->n, c->n == 1 ? "" : "s", s->nends / 2,
                s->nends / 2 == 1 ? "" : "s");
    for (uint32_t i = 0; i < c->n; i++)
        if (!strchr("LRG", c->u.s[i]) || !c->u.s[i])
            vm_fail(vm, loc, "%s(): an edge colour is L (blue), R (red) or G (green), not '%c'", fn, c->u.s[i]);
    xfree(s->colours);
    s->colours = xmalloc(c->n ? c->n : 1);
    if (c->n) memcpy(s->colours, c->u.s, c->n);
    s->ncolours = s->capcolours = c->n;
}

static void spec_free(void *arg) { graph_spec_fini(arg); }

static Value make_graph(Vm *vm, Loc loc, const char *fn, GraphSpec *s, size_t mark)
{
    const char *why = NULL;
    const Graph *g = graph_make(vm->p, s, &why);
    prog_release(vm->p, mark);
    graph_spec_fini(s);
    if (!g) vm_fail(vm, loc, "%s(): %s", fn, why);
    Value v = { .t = VT_GRAPH };
    v.u.g = g;
    return v;
}

/* The value of a graph about to be derived from g (its pointer still to be set): a budgeted run
   pays for its size first, and the size counts as work (a loop deriving copies of a big graph
   keeps them all: the memory budget is checked as they pile up). */
static Value derived_graph(Vm *vm, const Graph *g, Loc loc)
{
    vm_charge_copy(vm, (uint64_t)g->n + g->m, loc);
    return (Value){ .t = VT_GRAPH };
}

static Value graph_builtin(Vm *vm, int id, Value *args, int nargs, Loc loc)
{
    const char *fn = builtins[id].name;
    Value *a = &args[0];
    switch (id) {
    case BI_SUCC: case BI_PRED: {
        const Graph *g = need_graph(vm, loc, fn, a);
        uint32_t v = need_vertex(vm, loc, fn, g, &args[1]);
        return neighbours(vm, g, v, id == BI_SUCC, id == BI_PRED, false, loc);
    }
    case BI_VERTEX_INDEX: {
        const Graph *g = need_graph(vm, loc, fn, a);
        return val_int(need_vertex(vm, loc, fn, g, &args[1]));
    }
    case BI_NBHD: {
        const Graph *g = need_graph(vm, loc, fn, a);
        uint32_t v = need_vertex(vm, loc, fn, g, &args[1]);
        return neighbours(vm, g, v, true, true, true, loc);
    }
    case BI_VERTICES: {
        const Graph *g = need_graph(vm, loc, fn, a);
        uint32_t *idx = vm_alloc(vm, ((size_t)g->n + 1) * sizeof *idx, loc);
        for (uint32_t i = 0; i < g->n; i++) idx[i] = i;
        return label_list(vm, g, idx, g->n, loc);
    }
    case BI_EDGES: {
        const Graph *g = need_graph(vm, loc, fn, a);
        if (g->m > UINT32_MAX / 2) vm_fail(vm, loc, "edges(): a graph of more than 2^31 edges");
        uint32_t *idx = vm_alloc(vm, (2 * g->m + 1) * sizeof *idx, loc);
        for (uint64_t e = 0; e < g->m; e++) {
            idx[2 * e] = g->eu[e];
            idx[2 * e + 1] = g->ev[e];
        }
        return label_list(vm, g, idx, 2 * g->m, loc);
    }
    case BI_EDGE_COLOURS: {
        const Graph *g = need_graph(vm, loc, fn, a);
        if (g->directed) vm_fail(vm, loc, "edge_colours(): a digraph's arcs have no colours (edge colours are for graph)");
        if (g->m > UINT32_MAX / 2) vm_fail(vm, loc, "edge_colours(): a graph of more than 2^31 edges");
        char *t = vm_alloc(vm, g->m + 1, loc);
        for (uint64_t e = 0; e < g->m; e++) t[e] = graph_colour(g, e);
        Value r = { .t = VT_STR, .n = (uint32_t)g->m };
        r.u.s = t;
        return r;
    }
    case BI_DEGREE: {
        const Graph *g = graph_adjacency(need_graph(vm, loc, fn, a));
        uint32_t v = need_vertex(vm, loc, fn, g, &args[1]);
        int64_t d = g->off[v + 1] - g->off[v];
        if (!g->directed)   /* a loop is listed once but has two ends */
            for (uint32_t k = g->off[v]; k < g->off[v + 1]; k++) d += g->adj[k] == v;
        return val_int(d);
    }
    case BI_REMOVE_EDGE: {
        const Graph *g = need_graph(vm, loc, fn, a);
        uint32_t u = need_vertex(vm, loc, fn, g, &args[1]), v = need_vertex(vm, loc, fn, g, &args[2]);
        if (!g->directed && u > v) { uint32_t t = u; u = v; v = t; }
        char c = 0;   /* a colour asked for (0: any) */
        if (nargs > 3) {
            if (g->directed) vm_fail(vm, loc, "remove_edge(): a digraph's arcs have no colours");
            if (args[3].t != VT_STR) bad_arg(vm, loc, fn, "a colour \"L\", \"R\" or \"G\"", &args[3]);
            if (args[3].n != 1 || !args[3].u.s[0] || !strchr("LRG", args[3].u.s[0]))
                vm_fail(vm, loc, "remove_edge(): a colour is \"L\" (blue), \"R\" (red) or \"G\" (green), not \"%.*s\"",
                        (int)(args[3].n < 16 ? args[3].n : 16), args[3].u.s);
            c = args[3].u.s[0];
        }
        uint64_t lo = 0, hi = g->m;   /* the edges are sorted by (u, v, colour): find (u, v[, c]) */
        while (lo < hi) {
            uint64_t mid = (lo + hi) / 2;
            if (g->eu[mid] < u || (g->eu[mid] == u && (g->ev[mid] < v || (g->ev[mid] == v && c && graph_colour(g, mid) < c))))
                lo = mid + 1;
            else
                hi = mid;
        }
        if (lo == g->m || g->eu[lo] != u || g->ev[lo] != v || (c && graph_colour(g, lo) != c))
            vm_fail(vm, loc, "remove_edge(): the graph has no %s%s between these vertices",
                    c == 'L' ? "blue " : c == 'R' ? "red " : c == 'G' ? "green " : "", g->directed ? "arc" : "edge");
        Value r = derived_graph(vm, g, loc);
        r.u.g = graph_without_edge(vm->p, g, lo);
        return r;
    }
    case BI_DIGRAPH_FROM: case BI_GRAPH_FROM: case BI_READ_DIGRAPH: case BI_READ_GRAPH: {
        GraphSpec *s = vm_alloc(vm, sizeof *s, loc);
        memset(s, 0, sizeof *s);
        s->p = vm->p;
        s->directed = id == BI_DIGRAPH_FROM || id == BI_READ_DIGRAPH;
        s->allow_empty = id == BI_DIGRAPH_FROM || id == BI_GRAPH_FROM;
        size_t mark = prog_defer(vm->p, spec_free, s);
        if (id == BI_READ_DIGRAPH || id == BI_READ_GRAPH) {
            int k = id == BI_READ_DIGRAPH ? 1 : 2;
            int64_t skip = 0, count = -1, nverts = 0;
            if (nargs > k) {
                if (!isnum(&args[k]) || args[k].u.i < 0) bad_arg(vm, loc, fn, "a number of lines to skip", &args[k]);
                skip = args[k].u.i;
            }
            if (nargs > k + 1) {
                if (!isnum(&args[k + 1]) || args[k + 1].u.i < 0) bad_arg(vm, loc, fn, "a number of edge lines", &args[k + 1]);
                count = args[k + 1].u.i;
            }
            if (nargs > k + 2) {
                if (!isnum(&args[k + 2]) || args[k + 2].u.i < 0 || args[k + 2].u.i > (int64_t)1 << 24)
                    bad_arg(vm, loc, fn, "a vertex count from 0 to 2^24", &args[k + 2]);
                nverts = args[k + 2].u.i;
            }
            if (id == BI_READ_GRAPH) spec_from(vm, loc, fn, s, &args[1], 2);
            input_read_edges(vm, loc, fn, a, skip, count, nverts, s);
        } else {
            spec_from(vm, loc, fn, s, a, 1);
            if (id == BI_DIGRAPH_FROM && nargs > 1) spec_from(vm, loc, fn, s, &args[1], 0);
            if (id == BI_GRAPH_FROM && nargs > 1) spec_from(vm, loc, fn, s, &args[1], 2);
            if (id == BI_GRAPH_FROM && nargs > 2) spec_from(vm, loc, fn, s, &args[2], 0);
            if (id == BI_GRAPH_FROM && nargs > 3) spec_colours(vm, loc, fn, s, &args[3]);
        }
        return make_graph(vm, loc, fn, s, mark);
    }
    case BI_PATH: case BI_CYCLE: case BI_GRID: {
        for (int i = 0; i < nargs; i++)
            if (!isnum(&args[i]) || args[i].u.i < 1 || args[i].u.i > (int64_t)1 << 24)
                bad_arg(vm, loc, fn, "a size from 1 to 2^24", &args[i]);
        GraphSpec *s = vm_alloc(vm, sizeof *s, loc);
        memset(s, 0, sizeof *s);
        s->p = vm->p;
        size_t mark = prog_defer(vm->p, spec_free, s);
        s->directed = id != BI_GRID;
        int64_t n = a->u.i;
        if (id == BI_GRID) {
            int64_t c = args[1].u.i;
            if (n * c > (int64_t)1 << 24) vm_fail(vm, loc, "grid(): more than 2^24 vertices");
            for (int64_t i = 0; i < n * c; i++) graph_spec_vertex(s, val_int(i));
            for (int64_t i = 0; i < n; i++)
                for (int64_t j = 0; j < c; j++) {
                    if (j + 1 < c) graph_spec_edge(s, val_int(i * c + j), val_int(i * c + j + 1));
                    if (i + 1 < n) graph_spec_edge(s, val_int(i * c + j), val_int((i + 1) * c + j));
                }
        } else {
            for (int64_t i = 0; i < n; i++) graph_spec_vertex(s, val_int(i));
            for (int64_t i = 0; i + 1 < n; i++) graph_spec_edge(s, val_int(i), val_int(i + 1));
            if (id == BI_CYCLE) graph_spec_edge(s, val_int(n - 1), val_int(0));
        }
        return make_graph(vm, loc, fn, s, mark);
    }
    case BI_UNDIRECTED: case BI_WITH_GROUND: {
        const Graph *g = need_graph(vm, loc, fn, a);
        if (id == BI_WITH_GROUND && g->directed) bad_arg(vm, loc, fn, "a graph (not a digraph)", a);
        bool *ground = vm_alloc(vm, ((size_t)g->n + 1) * sizeof *ground, loc);
        memset(ground, 0, ((size_t)g->n + 1) * sizeof *ground);
        if (nargs > 1) {
            const Value *l = &args[1];
            if (l->t != VT_LIST && l->t != VT_SET) bad_arg(vm, loc, fn, "a list of ground vertices", l);
            for (uint32_t i = 0; i < l->n; i++) {
                Value v = val_elem(l, i);
                ground[need_vertex(vm, loc, fn, g, &v)] = true;
            }
        }
        Value r = derived_graph(vm, g, loc);
        r.u.g = graph_undirected(vm->p, g, ground);
        return r;
    }
    case BI_GROUNDED: {
        const Graph *g = need_graph(vm, loc, fn, a);
        Value r = derived_graph(vm, g, loc);
        r.u.g = graph_grounded(vm->p, g);
        return r;
    }
    case BI_NCOMPONENTS: case BI_COMPONENT: {
        const Graph *g = need_graph(vm, loc, fn, a);
        /* the last graph's components are kept: ncomponents(H), then component(H, i) for each i,
           find them once */
        if (vm->comp_of != g) {
            vm->comp_of = NULL;
            if (g->n + 1 > vm->capcomp) util_grow((void **)&vm->comp, &vm->capcomp, (size_t)g->n + 1, sizeof *vm->comp);
            vm->ncomp = graph_components(g, vm->comp);
            vm->comp_of = g;
        }
        uint32_t k = vm->ncomp;
        if (id == BI_NCOMPONENTS) return val_int(k);
        if (!isnum(&args[1]) || args[1].u.i < 0 || args[1].u.i >= k)
            vm_fail(vm, loc, "component(): the graph has %u components, numbered from 0", k);
        Value r = derived_graph(vm, g, loc);
        r.u.g = graph_component(vm->p, g, vm->comp, (uint32_t)args[1].u.i);
        return r;
    }
    }
    vm_fail(vm, loc, "internal error: unknown builtin");
}

/* every(A, B, ...): each argument one component, a sum of games when it has several parts (the
   parts marked POS_GROUP, linked by POS_JOIN: value.h). An argument 0 adds no component (so
   every(A + B, 0) is one component, the sum A + B); an ended component of conj or shortselect is
   a position of its game with no move. */
static Value compound_of_args(Vm *vm, int id, const Value *args, int nargs, const char *fn, Loc loc)
{
    size_t total = 0;
    for (int i = 0; i < nargs; i++) {
        const Value *x = &args[i];
        if (x->t != VT_POS && !(isnum(x) && x->u.i == 0)) bad_arg(vm, loc, fn, "positions", x);
        if (x->t == VT_POS && x->strs)
            vm_fail(vm, loc, "%s(A, B, ...) takes the components in normal play; misere(%s(A, B)) plays the compound misere",
                    fn, fn);
        total += x->t == VT_POS ? x->n : 0;
    }
    if (total > UINT32_MAX) vm_fail(vm, loc, "a compound of more than 2^32 parts");
    const int64_t **keys = vm_alloc(vm, (total ? total : 1) * sizeof *keys, loc);
    uint64_t *cnt = vm_alloc(vm, (total ? total : 1) * sizeof *cnt, loc);
    size_t k = 0;
    for (int i = 0; i < nargs; i++) {
        const Value *x = &args[i];
        if (x->t != VT_POS) continue;
        bool group = x->n > 1 || (x->n == 1 && val_count(x, 0) != 1);
        for (uint32_t j = 0; j < x->n; j++) {
            uint64_t c = val_count(x, j);
            if (c > POS_COUNT_MASK) vm_fail(vm, loc, "a component of a compound with more than 2^62 copies of a part");
            keys[k] = x->u.pos.keys[j];
            cnt[k++] = c | (group ? POS_GROUP : 0) | (group && j + 1 < x->n ? POS_JOIN : 0);
        }
    }
    Value v = val_pos(keys, cnt, (uint32_t)k);
    v.strs = (uint8_t)(id - BI_MISERE);
    return v;
}

/* min(), max() */
static Value bi_min(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    if (nargs == 1 && (a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) {
        Value best = val_elem(a, 0);
        for (uint32_t i = 1; i < a->n; i++) {
            Value e = val_elem(a, i);
            if (id == BI_MIN ? big_cmp(&e, &best) < 0 : big_cmp(&e, &best) > 0) best = e;
        }
        return best;
    }
    if (nargs == 1 && !val_is_int(a)) {
        size_t n;
        if (a->t == VT_RANGE) {
            if (a->u.r.lo > val_range_hi(a)) vm_fail(vm, loc, "%s() of an empty range", fn);
            return id == BI_MIN ? val_int(a->u.r.lo) : val_range_top(a);
        }
        const int64_t *e = elems(vm, a, &n, fn, loc);
        if (n == 0) vm_fail(vm, loc, "%s() of an empty %s", fn, val_type_name(a->t));
        int64_t r = e[0];
        for (size_t i = 1; i < n; i++) r = (id == BI_MIN) ? (e[i] < r ? e[i] : r) : (e[i] > r ? e[i] : r);
        return val_int(r);
    }
    if (nargs >= 2 && any_digits(args, nargs)) return big_minmax(vm, id, args, nargs, fn, loc);
    int64_t m = 0;
    int k = 0;
    for (; k < nargs && isnum(&args[k]); k++)   /* the 64-bit path */
        if (k == 0 || (id == BI_MIN ? args[k].u.i < m : args[k].u.i > m)) m = args[k].u.i;
    if (k == nargs) return val_int(m);
    Value r = val_int(0);
    for (int i = 0; i < nargs; i++) {
        if (!val_is_int(&args[i])) bad_arg(vm, loc, fn, "integers (or one list, set or range)", &args[i]);
        Value x = args[i].t == VT_BOOL ? val_int(args[i].u.i) : args[i];
        if (i == 0 || (id == BI_MIN ? big_cmp(&x, &r) < 0 : big_cmp(&x, &r) > 0)) r = x;
    }
    return r;
}

/* abs() */
static Value bi_abs(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (!val_is_int(a)) bad_arg(vm, loc, fn, "an integer", a);
    if (a->t == VT_BIG || a->u.i == INT64_MIN) {
        VmBig *t = vm_big_begin(vm, loc);
        big_get(t->r, a);
        mpz_abs(t->r, t->r);
        return vm_big_end(vm, t, loc);
    }
    return val_int(a->u.i < 0 ? -a->u.i : a->u.i);
}

/* len() */
static Value bi_len(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    switch (a->t) {
    case VT_LIST: case VT_SET: case VT_STR: case VT_POS: return val_int(a->n);
    case VT_RANGE: {
        if (a->u.r.lo > val_range_hi(a)) return val_int(0);
        if (a->strs) {   /* hi - lo + 1, exactly */
            VmBig *t = vm_big_begin(vm, loc);
            Value top = val_range_top(a);
            big_get(t->r, &top);
            mpz_set_si(t->x, a->u.r.lo);
            mpz_sub(t->r, t->r, t->x);
            mpz_add_ui(t->r, t->r, 1);
            return vm_big_end(vm, t, loc);
        }
        uint64_t d = (uint64_t)a->u.r.hi - (uint64_t)a->u.r.lo;
        if (d >= (uint64_t)INT64_MAX) vm_fail(vm, loc, "integer overflow in len() of a range");
        return val_int((int64_t)d + 1);
    }
    default: bad_arg(vm, loc, fn, "a list, set, string or range", a);
    }
}

/* sort(), list(), set() */
static Value bi_sort(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)nargs;
    if ((a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) {   /* integer records */
        int64_t *d = vm_alloc(vm, (a->n + 1) * sizeof *d, loc);
        memcpy(d, a->u.a, a->n * sizeof *d);
        size_t n = a->n;
        if (id != BI_LIST) qsort(d, n, sizeof *d, cmp_rec);
        if (id == BI_SET && n > 1) {   /* records are interned: equal values, equal words */
            size_t m = 1;
            for (size_t i = 1; i < n; i++)
                if (d[i] != d[m - 1]) d[m++] = d[i];
            n = m;
        }
        Value v = { .t = id == BI_SET ? VT_SET : VT_LIST, .n = (uint32_t)n, .strs = LIST_BIGS };
        v.u.a = d;
        return v;
    }
    if (a->t == VT_LIST && (a->strs == LIST_STRS || a->strs == LIST_LISTS)) {   /* copied, or sorted by content */
        if (id == BI_SET)
            bad_arg(vm, loc, fn, a->strs == LIST_STRS ? "integers (sets of strings are not supported)"
                                                      : "integers (sets of lists are not supported)", a);
        int64_t *d = vm_alloc(vm, (a->n + 1) * sizeof *d, loc);
        if (a->n) memcpy(d, a->u.a, a->n * sizeof *d);
        if (id == BI_SORT) qsort(d, a->n, sizeof *d, a->strs == LIST_STRS ? cmp_strrec : cmp_listrec);
        Value v = *a;
        v.u.a = d;
        return v;
    }
    size_t n;
    const int64_t *e = elems(vm, a, &n, fn, loc);
    int64_t *d = vm_alloc(vm, (n + 1) * sizeof *d, loc);
    if (n) memcpy(d, e, n * sizeof *d);
    if (id != BI_LIST) qsort(d, n, sizeof *d, cmp64);
    if (id == BI_SET && n > 1) {
        size_t m = 1;
        for (size_t i = 1; i < n; i++)
            if (d[i] != d[m - 1]) d[m++] = d[i];
        n = m;
    }
    Value v = { .t = id == BI_SET ? VT_SET : VT_LIST, .n = (uint32_t)n };
    v.u.a = d;
    return v;
}

/* sg() */
static Value bi_sg(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    return vm_host_sg(vm, a, false, loc);
}

/* misere(), every(), conj(), select(), shortselect() */
static Value bi_misere(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    if (nargs > 1) return compound_of_args(vm, id, args, nargs, fn, loc);
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    Value v = a->t == VT_POS ? *a : val_pos(NULL, NULL, 0);
    if (id == BI_MISERE) {
        if (v.strs & PM_MISERE) vm_fail(vm, loc, "misere() of a position already in misere play");
        v.strs |= PM_MISERE;
    } else {
        if (v.strs & PM_COMPOUND)
            vm_fail(vm, loc, "%s() of a compound (%s): a compound's components are played in normal or misere play, "
                    "not in another compound", fn, val_mode_name(v.strs & PM_COMPOUND));
        v.strs |= (uint8_t)(id - BI_MISERE);
    }
    return v;
}

/* value() */
static Value bi_value(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    return vm_host_score(vm, a, loc);
}

/* mean(), temperature(), leftstop(), rightstop() of a partizan position: text from the host */
static Value bi_partizan(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    return vm_host_partizan(vm, a, id == BI_MEAN ? VM_PZ_MEAN : id == BI_TEMPERATURE ? VM_PZ_TEMPERATURE
                                   : id == BI_LEFTSTOP ? VM_PZ_LEFTSTOP : VM_PZ_RIGHTSTOP, loc);
}

/* gamma() */
static Value bi_gamma(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    return vm_host_sg(vm, a, true, loc);
}

/* winning_count(), winning_positions() */
static Value bi_winning_count(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    return val_int(vm_host_winning_count(vm, a, id == BI_WINNING_POSITIONS, loc));
}

/* winning_move() */
static Value bi_winning_move(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    if (!isnum(&args[1])) bad_arg(vm, loc, fn, "an index", &args[1]);
    return vm_host_winning_move(vm, a, args[1].u.i, loc);
}

/* outcome() */
static Value bi_outcome(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (a->t != VT_POS && !(isnum(a) && a->u.i == 0)) bad_arg(vm, loc, fn, "a position", a);
    char o = vm_host_outcome(vm, a, loc);
    Value v = { .t = VT_STR, .n = 1 };
    v.u.s = o == 'P' ? "P" : o == 'N' ? "N" : o == 'L' ? "L" : o == 'R' ? "R" : "D";
    return v;
}

/* int() */
static Value bi_int(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (a->t == VT_INT || a->t == VT_BOOL) return val_int(a->u.i);
    if (a->t == VT_BIG) return *a;
    if (a->t != VT_STR || a->n == 0) bad_arg(vm, loc, fn, "a string of decimal digits", a);
    int64_t r = 0;
    bool small = true;
    for (uint32_t i = 0; i < a->n; i++) {
        char c = a->u.s[i];
        if (c < '0' || c > '9') vm_fail(vm, loc, "int() of a string that is not a decimal number");
        if (small && (__builtin_mul_overflow(r, 10, &r) || __builtin_add_overflow(r, c - '0', &r))) small = false;
    }
    if (small) return val_int(r);
    if ((size_t)a->n * 10 / 3 > ((size_t)1 << 22))   /* about 3.33 bits a digit */
        prog_fail(vm->p, EXIT_LIMIT, loc, "int() of a string of %u digits: integers are limited to 2^22 bits", a->n);
    VmBig *t = vm_big_begin(vm, loc);
    char *digits = vm_alloc(vm, a->n + 1, loc);
    memcpy(digits, a->u.s, a->n);
    digits[a->n] = 0;
    mpz_set_str(t->r, digits, 10);
    return vm_big_end(vm, t, loc);
}

/* error(): a rule's own check of its arguments; the message is the user's */
static Value bi_error(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    (void)id;
    (void)fn;
    StrBuf m;
    sb_init(&m);
    for (int i = 0; i < nargs; i++) {
        if (args[i].t == VT_STR) sb_printf(&m, "%.*s", (int)args[i].n, args[i].u.s);
        else if (args[i].t == VT_POS) key_print_pos(vm->p, &m, &args[i]);
        else val_print(&m, &args[i]);
    }
    char text[1024];
    snprintf(text, sizeof text, "%s", m.len ? m.s : "");
    sb_fini(&m);
    vm_fail(vm, loc, "%s", text);
}

/* popcount() */
static Value bi_popcount(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if (!val_is_int(a)) bad_arg(vm, loc, fn, "an integer", a);
    if (a->t == VT_BIG) {
        if (a->strs) vm_fail(vm, loc, "popcount() of a negative number");
        int64_t c = 0;
        for (uint32_t i = 0; i < a->n; i++) c += __builtin_popcountll((unsigned long long)a->u.a[i]);
        return val_int(c);
    }
    if (a->u.i < 0) vm_fail(vm, loc, "popcount() of a negative number (%lld)", (long long)a->u.i);
    return val_int(__builtin_popcountll((unsigned long long)a->u.i));
}

/* mex() */
static Value bi_mex(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if ((a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) {   /* the small elements matter */
        size_t words = a->n / 64 + 1;
        uint64_t *bits = vm_alloc(vm, words * sizeof *bits, loc);
        memset(bits, 0, words * sizeof *bits);
        for (uint32_t i = 0; i < a->n; i++) {
            Value e = val_elem(a, i);
            if (e.t == VT_INT && e.u.i >= 0 && (uint64_t)e.u.i < words * 64) bits[e.u.i >> 6] |= (uint64_t)1 << (e.u.i & 63);
        }
        for (size_t i = 0; i < words; i++)
            if (~bits[i]) return val_int((int64_t)(i * 64 + (size_t)__builtin_ctzll(~bits[i])));
        return val_int((int64_t)(words * 64));
    }
    size_t n;
    const int64_t *e = elems(vm, a, &n, fn, loc);
    size_t words = n / 64 + 1;
    uint64_t *bits = vm_alloc(vm, words * sizeof *bits, loc);
    memset(bits, 0, words * sizeof *bits);
    for (size_t i = 0; i < n; i++)
        if (e[i] >= 0 && (uint64_t)e[i] < words * 64) bits[e[i] >> 6] |= (uint64_t)1 << (e[i] & 63);
    for (size_t i = 0; i < words; i++)
        if (~bits[i]) return val_int((int64_t)(i * 64 + (size_t)__builtin_ctzll(~bits[i])));
    return val_int((int64_t)(words * 64));
}

/* sum() */
/* The shortest slice whose sum() asks the views' registry for its row's running sums. */
#define LVIEW_SUM_MIN 8

static Value bi_sum(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    Value *a = &args[0];
    (void)id;
    (void)nargs;
    if ((a->t == VT_LIST || a->t == VT_SET) && a->strs == LIST_BIGS) return big_sum(vm, a, NULL, 0, loc);
    size_t n;
    const int64_t *e = elems(vm, a, &n, fn, loc);
    int64_t r = 0, q;
    /* a slice of a row of the views' registry (a comprehension's `[c[i] for i in lo..hi]` shares
       its row): the row's running sums, O(1) */
    if (a->t == VT_LIST && a->u.l.base && n >= LVIEW_SUM_MIN && lview_sum(vm->p, e, (uint32_t)n, a->u.l.base, &q))
        return val_int(q);
    for (size_t i = 0; i < n; i++)
        if (__builtin_add_overflow(r, e[i], &r)) return big_sum(vm, NULL, e, n, loc);   /* exactly */
    return val_int(r);
}

/* the graph builtins (graph_builtin) */
static Value bi_graph(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    (void)fn;
    return graph_builtin(vm, id, args, nargs, loc);
}

static Value bi_read(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc)
{
    return id == BI_READ_INTS ? input_read_ints(vm, args, nargs, fn, loc) : input_read_lines(vm, args, nargs, fn, loc);
}

/* Each builtin's implementation, by its id (builtins.h); the arity is checked before. */
typedef Value (*BuiltinFn)(Vm *vm, int id, Value *args, int nargs, const char *fn, Loc loc);
static const BuiltinFn builtin_impl[BI__COUNT] = {
    [BI_MIN] = bi_min,
    [BI_MAX] = bi_min,
    [BI_ABS] = bi_abs,
    [BI_LEN] = bi_len,
    [BI_SORT] = bi_sort,
    [BI_LIST] = bi_sort,
    [BI_SET] = bi_sort,
    [BI_SG] = bi_sg,
    [BI_MISERE] = bi_misere,
    [BI_EVERY] = bi_misere,
    [BI_CONJ] = bi_misere,
    [BI_SELECT] = bi_misere,
    [BI_SHORTSELECT] = bi_misere,
    [BI_VALUE] = bi_value,
    [BI_GAMMA] = bi_gamma,
    [BI_WINNING_COUNT] = bi_winning_count,
    [BI_WINNING_POSITIONS] = bi_winning_count,
    [BI_WINNING_MOVE] = bi_winning_move,
    [BI_OUTCOME] = bi_outcome,
    [BI_INT] = bi_int,
    [BI_ERROR] = bi_error,
    [BI_POPCOUNT] = bi_popcount,
    [BI_MEX] = bi_mex,
    [BI_SUM] = bi_sum,
    [BI_SUCC] = bi_graph,
    [BI_PRED] = bi_graph,
    [BI_VERTICES] = bi_graph,
    [BI_EDGES] = bi_graph,
    [BI_EDGE_COLOURS] = bi_graph,
    [BI_DEGREE] = bi_graph,
    [BI_NBHD] = bi_graph,
    [BI_VERTEX_INDEX] = bi_graph,
    [BI_REMOVE_EDGE] = bi_graph,
    [BI_DIGRAPH_FROM] = bi_graph,
    [BI_GRAPH_FROM] = bi_graph,
    [BI_READ_DIGRAPH] = bi_graph,
    [BI_READ_GRAPH] = bi_graph,
    [BI_PATH] = bi_graph,
    [BI_CYCLE] = bi_graph,
    [BI_GRID] = bi_graph,
    [BI_UNDIRECTED] = bi_graph,
    [BI_WITH_GROUND] = bi_graph,
    [BI_GROUNDED] = bi_graph,
    [BI_NCOMPONENTS] = bi_graph,
    [BI_COMPONENT] = bi_graph,
    [BI_READ_INTS] = bi_read,
    [BI_READ_LINES] = bi_read,
    [BI_MEAN] = bi_partizan, [BI_TEMPERATURE] = bi_partizan, [BI_LEFTSTOP] = bi_partizan, [BI_RIGHTSTOP] = bi_partizan,
};

Value builtin_call(Vm *vm, int id, Value *args, int nargs, Loc loc)
{
    const Builtin *b = &builtins[id];
    if (nargs < b->minargs || (b->maxargs >= 0 && nargs > b->maxargs))
        vm_fail(vm, loc, "%s() takes %d argument%s, but %d were given", b->name, b->minargs, b->minargs == 1 ? "" : "s",
                nargs);
    if (id < 0 || id >= BI__COUNT || !builtin_impl[id]) vm_fail(vm, loc, "internal error: unknown builtin");
    return builtin_impl[id](vm, id, args, nargs, b->name, loc);
}
