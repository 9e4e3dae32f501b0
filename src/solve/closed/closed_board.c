/* closed_board.c: closed forms of board games: Green Hackenbush by the colon and fusion
   principles (bridges and 2-edge-connected blocks, O(V + E)), the coin on a ring (Luogu P1288)
   and the token on a permutation (Codeforces 1033C) by a table in decreasing order of values. */
#include "config.h"
#include "graph.h"
#include "solve/closed/closed.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

/* ---- Green Hackenbush: fuse the ground into one vertex r; the bridges reachable from r form a
   tree of 2-edge-connected blocks; a block is worth the parity of its other edges (fusion: a
   cycle becomes loops, a loop is *1) and a block's value is that XOR the values of the subtrees
   hanging from it, each plus one (colon: an edge under a subtree of value x is worth x + 1). ---- */

typedef struct HkEdge { uint32_t to, id; } HkEdge;

/* The value of g's grounded part, with edge `skip` deleted (UINT64_MAX: none); *work counts the
   steps. With cut (g->m entries, zeroed), also decides the cuts that leave the value `target`
   without valuing a new graph: cut[e] = 2 (wins) or 1 (does not) for every bridge and loop, 0 for
   the other edges. Top-down, need[b] is the value block b must take for the root to reach the
   target (none: no change inside b's branch can do it). Cutting the bridge above a child d of c
   removes d's term val[d] + 1 from val[c]: it wins iff val[c] XOR (val[d] + 1) = need[c]. A
   loop's cut (after fusing) flips its block's weight and changes no bridge: it wins iff
   val[b] XOR 1 = need[b]. */
#define HK_NONE UINT64_MAX
static uint64_t hackenbush_solve(const Graph *g, uint64_t skip, uint64_t *work, uint64_t target, uint8_t *cut)
{
    uint32_t n = g->n;
    if (!g->ground || !n) return 0;
    *work += 8 * ((uint64_t)n + g->m);   /* several passes over the arrays */
    uint32_t r = UINT32_MAX;   /* every ground vertex is r (the first one) */
    uint32_t *rep = xmalloc(n * sizeof *rep);
    for (uint32_t i = 0; i < n; i++) {
        rep[i] = i;
        if (g->ground[i]) {
            if (r == UINT32_MAX) r = i;
            rep[i] = r;
        }
    }
    uint32_t *deg = xcalloc((size_t)n + 1, sizeof *deg);
    uint64_t m = g->m;
    for (uint64_t e = 0; e < m; e++) {
        if (e == skip) continue;
        uint32_t u = rep[g->eu[e]], v = rep[g->ev[e]];
        if (u != v) { deg[u + 1]++; deg[v + 1]++; }
    }
    for (uint32_t i = 0; i < n; i++) deg[i + 1] += deg[i];
    HkEdge *adj = xmalloc((deg[n] ? deg[n] : 1) * sizeof *adj);
    uint32_t *at = xmalloc(((size_t)n + 1) * sizeof *at);
    memcpy(at, deg, ((size_t)n + 1) * sizeof *at);
    for (uint64_t e = 0; e < m; e++) {
        if (e == skip) continue;
        uint32_t u = rep[g->eu[e]], v = rep[g->ev[e]];
        if (u == v) continue;   /* a loop (after fusing) is never a bridge */
        adj[at[u]++] = (HkEdge){ v, (uint32_t)e };
        adj[at[v]++] = (HkEdge){ u, (uint32_t)e };
    }
    /* bridges by an iterative depth-first search from r (Tarjan: low-link, parent edge by id) */
    uint32_t *tin = xmalloc(n * sizeof *tin), *low = xmalloc(n * sizeof *low);
    uint32_t *pe = xmalloc(n * sizeof *pe), *it = xmalloc(n * sizeof *it), *stack = xmalloc(n * sizeof *stack);
    uint8_t *bridge = xcalloc(m ? m : 1, 1);
    for (uint32_t i = 0; i < n; i++) tin[i] = UINT32_MAX;
    uint32_t sp = 0, timer = 0;
    tin[r] = low[r] = timer++;
    pe[r] = UINT32_MAX;
    it[r] = deg[r];
    stack[sp++] = r;
    while (sp) {
        uint32_t u = stack[sp - 1];
        if (it[u] < deg[u + 1]) {
            HkEdge x = adj[it[u]++];
            if (x.id == pe[u]) continue;
            if (tin[x.to] == UINT32_MAX) {
                tin[x.to] = low[x.to] = timer++;
                pe[x.to] = x.id;
                it[x.to] = deg[x.to];
                stack[sp++] = x.to;
            } else if (tin[x.to] < low[u]) {
                low[u] = tin[x.to];
            }
        } else {
            sp--;
            if (sp) {
                uint32_t p = stack[sp - 1];
                if (low[u] < low[p]) low[p] = low[u];
                if (low[u] > tin[p]) bridge[pe[u]] = 1;
            }
        }
    }
    /* blocks: flood over non-bridge edges; a block's weight: the parity of its non-bridge edges */
    uint32_t *blk = xmalloc(n * sizeof *blk), nb = 0;
    for (uint32_t i = 0; i < n; i++) blk[i] = UINT32_MAX;
    for (uint32_t s = 0; s < n; s++) {
        if (tin[s] == UINT32_MAX || blk[s] != UINT32_MAX) continue;
        uint32_t top = 0;
        stack[top++] = s;
        blk[s] = nb;
        while (top) {
            uint32_t u = stack[--top];
            for (uint32_t k = deg[u]; k < deg[u + 1]; k++)
                if (!bridge[adj[k].id] && blk[adj[k].to] == UINT32_MAX) {
                    blk[adj[k].to] = nb;
                    stack[top++] = adj[k].to;
                }
        }
        nb++;
    }
    uint8_t *w = xcalloc(nb ? nb : 1, 1);
    for (uint64_t e = 0; e < m; e++) {
        if (e == skip) continue;
        uint32_t u = rep[g->eu[e]];
        if (tin[u] == UINT32_MAX || bridge[e]) continue;   /* not grounded, or a bridge */
        w[blk[u]] ^= 1;
    }
    /* the bridge tree, rooted at r's block: values bottom-up in reverse discovery order of the
       blocks' first vertices (a child's first vertex is discovered after its parent's) */
    uint32_t *parent = xmalloc((nb ? nb : 1) * sizeof *parent), *order = xmalloc((nb ? nb : 1) * sizeof *order);
    uint64_t *val = xcalloc(nb ? nb : 1, sizeof *val);
    uint32_t *first = xmalloc((nb ? nb : 1) * sizeof *first);
    for (uint32_t b = 0; b < nb; b++) first[b] = UINT32_MAX;
    for (uint32_t i = 0; i < n; i++)
        if (tin[i] != UINT32_MAX && (first[blk[i]] == UINT32_MAX || tin[i] < tin[first[blk[i]]])) first[blk[i]] = i;
    for (uint32_t b = 0; b < nb; b++) {
        parent[b] = UINT32_MAX;
        order[b] = b;
    }
    for (uint32_t i = 0; i < n; i++)   /* the bridge into a block ends at its first vertex */
        if (tin[i] != UINT32_MAX && first[blk[i]] == i && pe[i] != UINT32_MAX && bridge[pe[i]]) {
            uint32_t e = pe[i], a = rep[g->eu[e]], c = rep[g->ev[e]];
            parent[blk[i]] = blk[a == i ? c : a];
        }
    /* sort blocks by their first vertex's discovery time, latest first */
    for (uint32_t b = 0; b < nb; b++) order[b] = b;
    uint32_t *byt = xmalloc(((size_t)n + 1) * sizeof *byt);
    for (uint32_t t = 0; t <= n; t++) byt[t] = UINT32_MAX;
    for (uint32_t b = 0; b < nb; b++) byt[tin[first[b]]] = b;
    uint32_t k = 0;
    for (uint32_t t = n + 1; t-- > 0;)
        if (byt[t] != UINT32_MAX) order[k++] = byt[t];
    for (uint32_t i = 0; i < nb; i++) {
        uint32_t b = order[i];
        val[b] ^= w[b];
        if (parent[b] != UINT32_MAX) val[parent[b]] ^= val[b] + 1;
    }
    uint64_t result = nb ? val[blk[r]] : 0;
    if (cut && nb) {   /* parents before children: the discovery order */
        uint64_t *need = xmalloc(nb * sizeof *need);
        uint32_t *above = xmalloc(nb * sizeof *above);   /* the bridge into each block */
        for (uint32_t b = 0; b < nb; b++) above[b] = UINT32_MAX;
        for (uint32_t i = 0; i < n; i++)
            if (tin[i] != UINT32_MAX && first[blk[i]] == i && pe[i] != UINT32_MAX && bridge[pe[i]]) above[blk[i]] = pe[i];
        for (uint32_t i = nb; i-- > 0;) {
            uint32_t d = order[i], c = parent[d];
            if (c == UINT32_MAX) {
                need[d] = target;
                continue;
            }
            uint64_t rest = need[c] == HK_NONE ? HK_NONE : need[c] ^ val[c] ^ (val[d] + 1);   /* d's term must become this */
            cut[above[d]] = rest == 0 ? 2 : 1;
            need[d] = rest == HK_NONE || rest == 0 ? HK_NONE : rest - 1;
        }
        for (uint64_t e = 0; e < m; e++) {
            uint32_t u = rep[g->eu[e]];
            if (e == skip || tin[u] == UINT32_MAX || u != rep[g->ev[e]]) continue;
            cut[e] = need[blk[u]] != HK_NONE && (val[blk[u]] ^ 1) == need[blk[u]] ? 2 : 1;
        }
        xfree(need);
        xfree(above);
    }
    xfree(rep); xfree(deg); xfree(adj); xfree(at); xfree(tin); xfree(low); xfree(pe); xfree(it); xfree(stack);
    xfree(bridge); xfree(blk); xfree(w); xfree(parent); xfree(order); xfree(val); xfree(first); xfree(byt);
    return result;
}

static uint64_t hackenbush_value(const Graph *g, uint64_t skip, uint64_t *work)
{
    return hackenbush_solve(g, skip, work, 0, NULL);
}

static bool hackenbush_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || a[0].t != VT_GRAPH || a[0].u.g->directed) return false;
    uint64_t work = 0;
    r->sg = hackenbush_value(a[0].u.g, UINT64_MAX, &work);
    r->terminal = a[0].u.g->m == 0 || !a[0].u.g->ground;
    return true;
}

/* Winning cuts in the rules' order (edge by edge): every bridge decided at once by the top-down
   pass; each other edge valued by the fusion algorithm on the graph without it, until the work
   passes a bound (later ones are skipped and the list may be incomplete). */
#define HK_MAX_WORK ((uint64_t)1 << 24)
static bool hackenbush_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    if (want->big) return true;
    const Graph *g = a[0].u.g;
    uint64_t work = 0;
    /* scratch memory (the caller's mark frees it): a callback, or a budget below, may end in an
       error */
    Loc loc = prog_here(vm->p, (Loc){ 0 });
    uint8_t *cut = vm_alloc(vm, g->m ? g->m : 1, loc);
    memset(cut, 0, g->m ? g->m : 1);
    hackenbush_solve(g, UINT64_MAX, &work, want->n, cut);
    bool complete = true;
    for (uint64_t e = 0; e < g->m; e++) {
        if (e && g->eu[e] == g->eu[e - 1] && g->ev[e] == g->ev[e - 1] && graph_colour(g, e) == graph_colour(g, e - 1))
            continue;   /* a parallel copy of the same colour: the same result */
        bool wins = cut[e] == 2;
        if (!cut[e]) {   /* an edge on a cycle: the blocks may change, value the graph without it */
            if (work > HK_MAX_WORK) {
                complete = false;
                continue;
            }
            wins = hackenbush_value(g, e, &work) == want->n;
        }
        if (!wins) continue;
        /* the graph without the edge, grounded (the canon's form, made in one copy: the graph
           without the edge alone would be a second one), is kept with its position: its size
           counts as work, so the budgets (the memory above all) are checked as the copies pile up */
        prog_poll_n(vm->p, (uint64_t)g->n + g->m, loc);
        Value arg = { .t = VT_GRAPH };
        arg.u.g = graph_cut(vm->p, g, e);
        if (closed_yield(vm, gid, &arg, 1, cb, ctx)) return true;
    }
    return complete;
}

/* ---- the coin on a ring: with an edge of weight 0 somewhere, the mover wins iff the run of
   positive edges from the coin in one direction or the other (up to the first 0) is odd long. A
   ring without a 0 is left to the rules. ---- */

static bool ring_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n < 2 || !closed_int(&a[0])) return false;
    int64_t c = a[0].u.i, len = n - 1;
    const Value *w = a + 1;
    bool zero = false;
    for (int i = 0; i < len; i++) {
        if (!closed_int(&w[i]) || w[i].u.i < 0) return false;
        zero |= w[i].u.i == 0;
    }
    if (c < 0 || c >= len || !zero) return false;
    int64_t right = 0, left = 0;
    for (int64_t i = c; w[i % len].u.i != 0; i++) right++;
    for (int64_t i = c - 1 + len; w[i % len].u.i != 0; i--) left++;
    r->outcome_only = true;
    r->sg = right % 2 || left % 2;
    r->terminal = !right && !left;
    return true;
}

/* ---- the token on a list (Codeforces 1033C): values in decreasing order of a[i], each the mex
   of the values of the cells it can jump to (a DAG: a[j] > a[i]); O(n log n) for a permutation. ---- */

#define PERM_MAX_WORK ((uint64_t)1 << 27)

typedef struct PermCell { int64_t v; uint32_t i; } PermCell;
static int cmp_cell(const void *x, const void *y)
{
    const PermCell *a = x, *b = y;
    return (a->v < b->v) - (a->v > b->v);   /* decreasing */
}

/* The values of every cell, or NULL when the list is not positive integers or too much work. */
static uint32_t *perm_table(const Value *l)
{
    if (l->t != VT_LIST || l->strs != LIST_INTS) return NULL;
    uint32_t n = l->n;
    uint64_t work = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (l->u.a[i] < 1) return NULL;
        work += n / (uint64_t)l->u.a[i] + 1;
    }
    if (work > PERM_MAX_WORK) return NULL;
    PermCell *c = xmalloc((n ? n : 1) * sizeof *c);
    for (uint32_t i = 0; i < n; i++) c[i] = (PermCell){ l->u.a[i], i };
    qsort(c, n, sizeof *c, cmp_cell);
    uint32_t *g = xmalloc((n ? n : 1) * sizeof *g);
    uint8_t *seen = xcalloc((size_t)n + 2, 1);
    uint32_t *list = xmalloc(((size_t)n + 2) * sizeof *list);
    for (uint32_t k = 0; k < n; k++) {
        uint32_t i = c[k].i, nl = 0;
        int64_t s = l->u.a[i];
        for (int64_t j = (int64_t)i + s; j < (int64_t)n; j += s)
            if (l->u.a[j] > s && g[j] <= n && !seen[g[j]]) { seen[g[j]] = 1; list[nl++] = g[j]; }
        for (int64_t j = (int64_t)i - s; j >= 0; j -= s)
            if (l->u.a[j] > s && g[j] <= n && !seen[g[j]]) { seen[g[j]] = 1; list[nl++] = g[j]; }
        uint32_t mex = 0;
        while (seen[mex]) mex++;
        g[i] = mex;
        for (uint32_t q = 0; q < nl; q++) seen[list[q]] = 0;
    }
    xfree(c);
    xfree(seen);
    xfree(list);
    return g;
}

static bool perm_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !closed_int(&a[1]) || a[1].u.i < 0 || a[0].t != VT_LIST || (uint64_t)a[1].u.i >= a[0].n) return false;
    uint32_t *g = perm_table(&a[0]);
    if (!g) return false;
    int64_t i = a[1].u.i, s = a[0].u.a[i];
    r->sg = g[i];
    bool moves = false;
    for (int64_t j = i % s; j < (int64_t)a[0].n && !moves; j += s) moves |= a[0].u.a[j] > s;
    r->terminal = !moves;
    xfree(g);
    return true;
}

static bool perm_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    if (want->big) return true;
    uint32_t *g = perm_table(&a[0]);
    if (!g) return false;
    int64_t i = a[1].u.i, s = a[0].u.a[i], len = a[0].n;
    /* the rules' order: up (k = 1, 2, ...), then down; the targets found before any is yielded */
    int64_t *to = xmalloc((size_t)(len / s + 2) * 2 * sizeof *to);
    size_t nt = 0;
    for (int64_t j = i + s; j < len; j += s)
        if (a[0].u.a[j] > s && g[j] == want->n) to[nt++] = j;
    for (int64_t j = i - s; j >= 0; j -= s)
        if (a[0].u.a[j] > s && g[j] == want->n) to[nt++] = j;
    xfree(g);
    Value *args = vm_alloc(vm, (nt + 1) * sizeof *args, (Loc){ 0 });
    for (size_t k = 0; k < nt; k++) args[k] = val_int(to[k]);
    xfree(to);
    for (size_t k = 0; k < nt; k++) {
        Value v[2] = { a[0], args[k] };
        if (closed_yield(vm, gid, v, 2, cb, ctx)) break;
    }
    return true;
}

const ClosedForm closed_board_forms[] = {
    { "Hackenbush", "closed:hackenbush", hackenbush_eval, hackenbush_moves, "Green Hackenbush: the fusion principle (cycles to loops, a loop is *1) and the colon principle on the bridge tree", NULL, false },
    { "RingCoinAt", "closed:ringcoin", ring_eval, NULL, "the mover wins iff a run of positive edges from the coin, up to a 0, has odd length", NULL, true },
    { "Permutation", "closed:permutation", perm_eval, perm_moves, "values in decreasing order of a[i]: the mex of the cells a jump reaches", NULL, false },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};
