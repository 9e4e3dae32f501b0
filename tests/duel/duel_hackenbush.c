/* duel_hackenbush.c: Blue-Red-Green Hackenbush on graphs (HackenbushGraph(T), T a `graph` with
   ground vertices and edges coloured L, R or G) against a brute force written here from the rules
   as Winning Ways (ch. 1-2) states them, independent of the engine: a position is the set of edges
   still joined to the ground; Left cuts a blue (L) or green (G) edge, Right a red (R) or green one,
   then every edge no longer joined to a ground vertex falls; who cannot move loses. Nothing here
   reads the engine's code: the brute force is a plain minimax memoized on the bitmask of the edges
   left, values of blue-red graphs come from the simplicity rule for numbers ({a | b} is the
   simplest dyadic strictly between the best Left option a and the best Right option b), values of
   green graphs from the mex rule (an impartial game is the nimber of its Grundy value).
   Checked, with fixed seeds:
   1. random small graphs (2-9 edges, 1-2 ground vertices, loops and parallel edges, colours only
      L/R, only G, or all three): the outcome class and the exact sets of Left's and Right's
      winning first cuts (edge numbers: the edges of the position sorted by (min end, max end,
      colour), G < L < R);
   2. blue-red graphs: the exact value (a dyadic number); green graphs: the nimber *n;
   3. sums of two or three graphs: the outcome and the winning cuts as (component, edge) pairs
      (and the value when every component is blue-red, or every one green);
   4. published and hand-derived facts (below, in facts[]);
   5. edges not joined to the ground in the declaration: the position is the grounded part, and
      the edges are numbered in it (as Hackenbush(T) numbers grounded(T)).
   `duel_hackenbush --brute` prints this file's own answers for the facts (no engine). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* strdup, strndup */
#endif
#include "jsonduel.h"
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

enum { LEFT = 0, RIGHT = 1 };
enum { MAXV = 16, MAXE = 14, MAXCOMP = 3 };

static uint64_t seed;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* ---- graphs ------------------------------------------------------------------------------------- */

/* An edge between vertex indices u and v (u == v: a loop), colour 'L', 'R' or 'G'; bare: declared
   without ": G". */
typedef struct Edge { int u, v; char c; bool bare; } Edge;

/* A declared graph: vertices are indices 0..nv-1 with the labels lab[]; decl the edges as declared
   (floating ones too), in the order written; e[0..m) the edges joined to the ground, sorted as the
   engine numbers them. */
typedef struct Graph {
    char name[16];
    int nv, lab[MAXV];
    unsigned ground;   /* bit i: vertex i is ground */
    Edge decl[MAXE];
    int ndecl;
    Edge e[MAXE];
    int m;
    char *text;        /* the declaration */
} Graph;

/* The vertices joined to the ground through the edges of mask (of list ed). */
static unsigned reach(const Edge *ed, int n, unsigned mask, unsigned ground)
{
    unsigned seen = ground;
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < n; i++) {
            if (!(mask >> i & 1)) continue;
            bool in_u = seen >> ed[i].u & 1, in_v = seen >> ed[i].v & 1;
            if (in_u != in_v) {   /* one end in, the other out */
                seen |= 1u << ed[i].u | 1u << ed[i].v;
                grew = true;
            }
        }
    }
    return seen;
}

/* The edges of mask still joined to the ground. */
static unsigned settle(const Graph *g, unsigned mask)
{
    unsigned seen = reach(g->e, g->m, mask, g->ground), keep = 0;
    for (int i = 0; i < g->m; i++)
        if (mask >> i & 1 && seen >> g->e[i].u & 1) keep |= 1u << i;
    return keep;
}

static bool may_cut(char colour, int side)
{
    return colour == 'G' || colour == (side == LEFT ? 'L' : 'R');
}

static int edge_cmp(const Graph *g, const Edge *x, const Edge *y)
{
    int xa = g->lab[x->u], xb = g->lab[x->v], ya = g->lab[y->u], yb = g->lab[y->v];
    int x0 = xa < xb ? xa : xb, x1 = xa < xb ? xb : xa, y0 = ya < yb ? ya : yb, y1 = ya < yb ? yb : ya;
    if (x0 != y0) return x0 < y0 ? -1 : 1;
    if (x1 != y1) return x1 < y1 ? -1 : 1;
    return (x->c > y->c) - (x->c < y->c);   /* 'G' < 'L' < 'R' */
}

/* e[] from decl[]: the grounded edges, sorted (insertion sort: a handful of edges). */
static void graph_ground(Graph *g)
{
    unsigned all = (1u << g->ndecl) - 1, seen = reach(g->decl, g->ndecl, all, g->ground);
    g->m = 0;
    for (int i = 0; i < g->ndecl; i++) {
        if (!(seen >> g->decl[i].u & 1)) continue;
        int j = g->m++;
        while (j > 0 && edge_cmp(g, &g->e[j - 1], &g->decl[i]) > 0) {
            g->e[j] = g->e[j - 1];
            j--;
        }
        g->e[j] = g->decl[i];
    }
}

static bool has_colour(const Graph *g, char c)
{
    for (int i = 0; i < g->m; i++)
        if (g->e[i].c == c) return true;
    return false;
}

/* The declaration: consecutive edges of one colour that continue a path are written as a chain. */
static void graph_text(Graph *g)
{
    Str t = { 0 };
    sput(&t, "graph %s { ground", g->name);
    for (int i = 0, k = 0; i < g->nv; i++)
        if (g->ground >> i & 1) sput(&t, "%s %d", k++ ? "," : "", g->lab[i]);
    sput(&t, ";");
    for (int i = 0; i < g->ndecl;) {
        const Edge *x = &g->decl[i];
        int end = x->v;
        sput(&t, " %d - %d", g->lab[x->u], g->lab[x->v]);
        int j = i + 1;
        while (j < g->ndecl && g->decl[j].c == x->c && g->decl[j].bare == x->bare && g->decl[j].u == end) {
            end = g->decl[j].v;
            sput(&t, " - %d", g->lab[end]);
            j++;
        }
        if (!x->bare) sput(&t, " : %c", x->c);
        sput(&t, ";");
        i = j;
    }
    sput(&t, " }");
    free(g->text);
    g->text = t.s;
}

/* The graph from a declaration's parts (for the facts): ground labels, edges as label pairs. */
static void graph_make(Graph *g, const char *name, const int *ground, int ng, const int (*ends)[2], const char *colours, int n)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    for (int k = 0; k < ng + 2 * n; k++) {
        int label = k < ng ? ground[k] : ends[(k - ng) / 2][(k - ng) % 2], i = 0;
        while (i < g->nv && g->lab[i] != label) i++;
        if (i == g->nv) g->lab[g->nv++] = label;
        if (k < ng) g->ground |= 1u << i;
        else if ((k - ng) % 2 == 0) g->decl[(k - ng) / 2].u = i;
        else g->decl[(k - ng) / 2].v = i;
    }
    g->ndecl = n;
    for (int i = 0; i < n; i++) g->decl[i].c = colours[i];
    graph_ground(g);
    graph_text(g);
}

/* A random graph: nv vertices (labels 0.. or scattered), m edges coloured from mix ("LR", "G",
   "LRG"), paths, loops and parallel edges; with floating, one or two edges on two more vertices
   joined to nothing. */
static void graph_random(Graph *g, const char *name, const char *mix, int mmin, int mmax, bool floating)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    int m = rnd(mmin, mmax), ncol = (int)strlen(mix), grown = 1;
    bool tree = rnd(0, 2) == 0;   /* mostly a tree grown from vertex 0: values with fractions */
    g->nv = tree ? m + 1 : rnd(2, 8);
    int extra = floating ? 2 : 0;
    bool scattered = rnd(0, 2) == 0;
    for (int i = 0; i < g->nv + extra; i++) {   /* distinct labels */
        for (bool dup = true; dup;) {
            g->lab[i] = scattered ? rnd(0, 40) : rnd(0, g->nv + extra + 1);
            dup = false;
            for (int j = 0; j < i; j++) dup |= g->lab[j] == g->lab[i];
        }
    }
    g->ground = 1u;
    if (g->nv > 2 && rnd(0, 2) == 0) g->ground |= 1u << rnd(1, g->nv - 1);
    for (int i = 0; i < m; i++) {
        Edge *x = &g->decl[i];
        int r = rnd(0, 99);
        if (tree && r >= 10 && grown < g->nv) {   /* a new vertex hangs from one grown before */
            x->u = rnd(0, grown - 1);
            x->v = grown++;
            r = 99;
        } else if (i > 0 && r < 12) {   /* parallel to an earlier edge */
            *x = g->decl[rnd(0, i - 1)];
            if (rnd(0, 1)) { int t = x->u; x->u = x->v; x->v = t; }
        } else if (r < 22) {   /* a loop */
            x->u = x->v = rnd(0, g->nv - 1);
        } else {
            x->u = i > 0 && r < 55 ? g->decl[i - 1].v : rnd(0, g->nv - 1);   /* often a path */
            do x->v = rnd(0, g->nv - 1);
            while (x->v == x->u);
        }
        x->c = mix[rnd(0, ncol - 1)];
        if (i > 0 && r >= 22 && r < 55 && rnd(0, 1)) x->c = g->decl[i - 1].c;   /* chains of one colour */
        x->bare = x->c == 'G' && rnd(0, 1);
    }
    for (int k = 0; k < extra && floating; k++, m++) {   /* floating: on vertices nv, nv + 1 */
        Edge *x = &g->decl[m];
        x->u = g->nv + rnd(0, 1);
        x->v = k == 0 ? g->nv + 1 - (x->u - g->nv) : x->u;   /* an edge between them, then maybe a loop */
        x->c = mix[rnd(0, ncol - 1)];
        if (k == 1 && rnd(0, 1)) break;
    }
    g->nv += extra;
    g->ndecl = m;
    graph_ground(g);
    graph_text(g);
}

/* The grounded edges as text (equal keys: the engine may print one graph by the other's name). */
static char *graph_key(const Graph *g)
{
    Str t = { 0 };
    sput(&t, "");
    for (int i = 0; i < g->m; i++) {
        int a = g->lab[g->e[i].u], b = g->lab[g->e[i].v];
        sput(&t, "%d-%d%c ", a < b ? a : b, a < b ? b : a, g->e[i].c);
    }
    return t.s;
}

/* ---- the brute force ------------------------------------------------------------------------------ */

/* A sum of components; a position is their masks side by side in one key (off[c]: where component
   c's mask starts). memo[key]: bit 0/1 Left moving first known/wins, bit 2/3 the same for Right. */
typedef struct Sum { const Graph *g[MAXCOMP]; int k, off[MAXCOMP], bits; unsigned char *memo; } Sum;

static unsigned comp_mask(const Sum *s, uint32_t key, int c)
{
    return key >> s->off[c] & ((1u << s->g[c]->m) - 1);
}

/* The position after cutting edge e of component c. */
static uint32_t sum_cut(const Sum *s, uint32_t key, int c, int e)
{
    const Graph *g = s->g[c];
    uint32_t field = ((1u << g->m) - 1) << s->off[c];
    unsigned left = settle(g, comp_mask(s, key, c) & ~(1u << e));
    return (key & ~field) | (uint32_t)left << s->off[c];
}

/* Does side, moving first in key, win? */
static bool wins(Sum *s, uint32_t key, int side)
{
    unsigned char known = side == LEFT ? 1 : 4, yes = side == LEFT ? 2 : 8;
    if (s->memo[key] & known) return s->memo[key] & yes;
    bool w = false;
    for (int c = 0; c < s->k && !w; c++) {
        unsigned mask = comp_mask(s, key, c);
        for (int e = 0; e < s->g[c]->m && !w; e++)
            if (mask >> e & 1 && may_cut(s->g[c]->e[e].c, side)) w = !wins(s, sum_cut(s, key, c, e), !side);
    }
    s->memo[key] |= known | (w ? yes : 0);
    return w;
}

static void sum_init(Sum *s, const Graph *const *g, int k)
{
    memset(s, 0, sizeof *s);
    s->k = k;
    for (int c = 0; c < k; c++) {
        s->g[c] = g[c];
        s->off[c] = s->bits;
        s->bits += g[c]->m;
    }
    s->memo = calloc((size_t)1 << s->bits, 1);
}

/* ---- numbers: dyadics scaled by 2^SCALE ----------------------------------------------------------- */

enum { SCALE = 30 };
#define ONE ((int64_t)1 << SCALE)

static int64_t floor_div(int64_t a, int64_t b)
{
    int64_t q = a / b;
    if (a % b && (a < 0) != (b < 0)) q--;
    return q;
}

/* The simplest number strictly between lo and hi (an absent bound: no bound). False when lo >= hi
   (not a number). An integer if one fits, the one nearest 0; otherwise the dyadic of the least
   denominator (in (lo, hi) without an integer there is one of them). */
static bool simplest(bool has_lo, int64_t lo, bool has_hi, int64_t hi, int64_t *x)
{
    if (has_lo && has_hi && lo >= hi) return false;
    if ((!has_lo || lo < 0) && (!has_hi || hi > 0)) { *x = 0; return true; }
    if (has_lo && lo >= 0) {
        int64_t n = (floor_div(lo, ONE) + 1) * ONE;   /* the least integer above lo */
        if (!has_hi || n < hi) { *x = n; return true; }
    } else {   /* hi <= 0 */
        int64_t n = -(floor_div(-hi, ONE) + 1) * ONE;   /* the greatest integer below hi */
        if (!has_lo || n > lo) { *x = n; return true; }
    }
    for (int k = 1; k <= SCALE; k++) {
        int64_t step = ONE >> k, n = (floor_div(lo, step) + 1) * step;
        if (n < hi) { *x = n; return true; }
    }
    return false;
}

static void num_text(int64_t x, char *out, size_t cap)
{
    if (x % ONE == 0) {
        snprintf(out, cap, "%lld", (long long)(x / ONE));
        return;
    }
    int64_t den = ONE;
    while (x % 2 == 0) {
        x /= 2;
        den /= 2;
    }
    snprintf(out, cap, "%lld/%lld", (long long)x, (long long)den);
}

/* The value of a blue-red graph's position mask, by the simplicity rule on its options' values;
   vmemo[mask] (vknown marks it). False if some position is not a number (a bug here). */
static bool br_value(const Graph *g, unsigned mask, int64_t *vmemo, unsigned char *vknown, int64_t *out)
{
    if (vknown[mask]) { *out = vmemo[mask]; return true; }
    bool has[2] = { false, false };
    int64_t best[2] = { 0, 0 };   /* Left's greatest option, Right's least */
    for (int e = 0; e < g->m; e++) {
        if (!(mask >> e & 1)) continue;
        int64_t v;
        if (!br_value(g, settle(g, mask & ~(1u << e)), vmemo, vknown, &v)) return false;
        for (int side = 0; side < 2; side++) {
            if (!may_cut(g->e[e].c, side)) continue;
            if (!has[side] || (side == LEFT ? v > best[side] : v < best[side])) best[side] = v;
            has[side] = true;
        }
    }
    if (!simplest(has[LEFT], best[LEFT], has[RIGHT], best[RIGHT], out)) return false;
    vmemo[mask] = *out;
    vknown[mask] = 1;
    return true;
}

/* The Grundy value of a green graph's position mask (mex of its options'); nmemo[mask] - 1. */
static int green_value(const Graph *g, unsigned mask, int *nmemo)
{
    if (nmemo[mask]) return nmemo[mask] - 1;
    uint64_t seen = 0;
    for (int e = 0; e < g->m; e++)
        if (mask >> e & 1) {
            int v = green_value(g, settle(g, mask & ~(1u << e)), nmemo);
            if (v < 64) seen |= 1ull << v;
        }
    int v = 0;
    while (seen >> v & 1) v++;
    nmemo[mask] = v + 1;
    return v;
}

static void nimber_text(int n, char *out, size_t cap)
{
    if (n == 0) snprintf(out, cap, "0");
    else if (n == 1) snprintf(out, cap, "*");
    else snprintf(out, cap, "*%d", n);
}

/* ---- a query and its answer from here --------------------------------------------------------------- */

/* A winning move: component c, edge i (c * 64 + i). */
typedef struct Query {
    const Graph *g[MAXCOMP];
    int k;
    char text[256];
    char outcome;
    char value[48];   /* "" when not checked */
    int win[2][MAXCOMP * MAXE], nwin[2];
} Query;

static int brute_failures;

/* This file's own answer contradicts itself or a worked example: counted, the first 10 shown. */
static void brute_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void brute_fail(const char *fmt, ...)
{
    if (brute_failures++ >= 10) return;
    va_list ap;
    va_start(ap, fmt);
    printf("BRUTE FORCE: ");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
}

/* The value of q's sum here when every component is blue-red (a sum of numbers) or every one is
   green (a nimber: the xor of the components'); otherwise none (""). A number's outcome is its
   sign, a nimber's N or P: the minimax must agree. */
static void query_value(Query *q)
{
    bool blue_red = true, green = true;
    for (int c = 0; c < q->k; c++) {
        blue_red &= !has_colour(q->g[c], 'G');
        green &= !has_colour(q->g[c], 'L') && !has_colour(q->g[c], 'R');
    }
    char want = 0;
    if (blue_red) {
        int64_t total = 0;
        for (int c = 0; c < q->k; c++) {
            const Graph *g = q->g[c];
            size_t n = (size_t)1 << g->m;
            int64_t *vm = calloc(n, sizeof *vm), v = 0;
            unsigned char *vk = calloc(n, 1);
            if (!br_value(g, (1u << g->m) - 1, vm, vk, &v)) brute_fail("%s is not a number here", g->text);
            total += v;
            free(vm);
            free(vk);
        }
        num_text(total, q->value, sizeof q->value);
        want = total > 0 ? 'L' : total < 0 ? 'R' : 'P';
    } else if (green) {
        int x = 0;
        for (int c = 0; c < q->k; c++) {
            int *nm = calloc((size_t)1 << q->g[c]->m, sizeof *nm);
            x ^= green_value(q->g[c], (1u << q->g[c]->m) - 1, nm);
            free(nm);
        }
        nimber_text(x, q->value, sizeof q->value);
        want = x ? 'N' : 'P';
    }
    if (want && q->outcome != want) brute_fail("%s has the value %s but outcome %c here", q->text, q->value, q->outcome);
}

/* Solve the sum of g[0..k) here: the outcome by minimax, the winning cuts (those after which the
   opponent, moving first, loses), the value where query_value knows it. */
static void query_solve(Query *q, const Graph *const *g, int k)
{
    memset(q, 0, sizeof *q);
    q->k = k;
    int len = 0;
    for (int c = 0; c < k; c++) {
        q->g[c] = g[c];
        len += snprintf(q->text + len, sizeof q->text - (size_t)len, "%sHackenbushGraph(%s)", c ? " + " : "", g[c]->name);
    }
    Sum s;
    sum_init(&s, g, k);
    uint32_t root = 0;
    for (int c = 0; c < k; c++) root |= (uint32_t)((1u << g[c]->m) - 1) << s.off[c];
    bool lw = wins(&s, root, LEFT), rw = wins(&s, root, RIGHT);
    q->outcome = lw ? (rw ? 'N' : 'L') : (rw ? 'R' : 'P');
    for (int side = 0; side < 2; side++)
        for (int c = 0; c < k; c++)
            for (int e = 0; e < g[c]->m; e++)
                if (may_cut(g[c]->e[e].c, side) && !wins(&s, sum_cut(&s, root, c, e), !side))
                    q->win[side][q->nwin[side]++] = c * 64 + e;
    free(s.memo);
    query_value(q);
}

static void query_print(const Query *q)
{
    printf("    here: outcome %c", q->outcome);
    if (q->value[0]) printf(", value %s", q->value);
    for (int side = 0; side < 2; side++) {
        printf(", %s cuts {", side == LEFT ? "Left" : "Right");
        for (int j = 0; j < q->nwin[side]; j++) {
            int c = q->win[side][j] / 64, e = q->win[side][j] % 64;
            if (q->k > 1) printf("%s%s:%d", j ? " " : "", q->g[c]->name, e);
            else printf("%s%d", j ? " " : "", e);
        }
        printf("}");
    }
    printf("\n");
}

/* ---- comparing the engine's answer ------------------------------------------------------------------ */

static int passed, failed, checks, shown;

/* The component of a sum q a move's "component" text names: the one whose graph name (H12) it
   contains as a whole word; -1 if none or more than one. (A graph is printed by the first name or
   history it had: grounded(H12) may print as a board derived from another graph, met earlier. So a
   single query's moves must name its "position", and sums use graphs without floating edges, which
   are their own grounded parts and keep their names.) */
static int which_comp(const Query *q, const char *text)
{
    int found = -1;
    for (int c = 0; c < q->k; c++) {
        const char *name = q->g[c]->name;
        size_t n = strlen(name);
        for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
            bool before = p > text && (p[-1] == '_' || (p[-1] >= 'A' && p[-1] <= 'Z') || (p[-1] >= 'a' && p[-1] <= 'z') ||
                                       (p[-1] >= '0' && p[-1] <= '9'));
            char a = p[n];
            bool after = a == '_' || (a >= 'A' && a <= 'Z') || (a >= 'a' && a <= 'z') || (a >= '0' && a <= '9');
            if (before || after) continue;
            if (found >= 0 && found != c) return -1;
            found = c;
            break;
        }
    }
    return found;
}

static int cmp_int(const void *x, const void *y) { return (*(const int *)x > *(const int *)y) - (*(const int *)x < *(const int *)y); }

/* The engine's winning moves of one side against ours: the same set of (component, edge). */
static void compare_moves(Str *why, const Query *q, const DJson *line, int side)
{
    const char *field = side == LEFT ? "moves_left" : "moves_right";
    const DJson *arr = dj_get(line, field);
    const char *position = dj_get_str(line, "position");
    checks++;
    if (!arr || arr->t != 'a') {
        sput(why, "  no %s array\n", field);
        return;
    }
    int *got = malloc(sizeof(int) * (size_t)(arr->n + 1)), ngot = 0;
    for (int j = 0; j < arr->n; j++) {
        const DJson *mv = &arr->a[j];
        const char *comp = dj_get_str(mv, "component"), *label = dj_get_str(mv, "label");
        const DJson *args = dj_get(mv, "args"), *i = dj_get(args, "i"), *copies = dj_get(mv, "copies");
        int c = !comp ? -1 : q->k > 1 ? which_comp(q, comp) : !position || !strcmp(comp, position) ? 0 : -1;
        char *end = NULL;
        long e = i && i->t == 'l' ? strtol(i->s, &end, 10) : -1;
        if (c < 0 || !end || *end || e < 0 || e >= 64) {
            sput(why, "  %s[%d]: component %s is not one of the query's, or no edge number i\n", field, j, comp ? comp : "absent");
            continue;
        }
        if (!label || strcmp(label, "cut")) sput(why, "  %s[%d]: label %s, want cut\n", field, j, label ? label : "absent");
        if (!copies || copies->t != 'l' || strcmp(copies->s, "1")) sput(why, "  %s[%d]: copies not 1\n", field, j);
        if (!dj_get_str(mv, "result")) sput(why, "  %s[%d]: no result\n", field, j);
        got[ngot++] = c * 64 + (int)e;
    }
    qsort(got, (size_t)ngot, sizeof *got, cmp_int);
    for (int j = 1; j < ngot; j++)
        if (got[j] == got[j - 1]) sput(why, "  %s: %s edge %d listed twice\n", field, q->g[got[j] / 64]->name, got[j] % 64);
    int want[MAXCOMP * MAXE], nwant = q->nwin[side];
    memcpy(want, q->win[side], sizeof(int) * (size_t)nwant);
    qsort(want, (size_t)nwant, sizeof *want, cmp_int);
    for (int a = 0, b = 0; a < nwant || b < ngot;) {
        if (b < ngot && b > 0 && got[b] == got[b - 1]) { b++; continue; }
        if (b == ngot || (a < nwant && want[a] < got[b])) {
            sput(why, "  %s: missing %s edge %d\n", field, q->g[want[a] / 64]->name, want[a] % 64);
            a++;
        } else if (a == nwant || got[b] < want[a]) {
            sput(why, "  %s: %s edge %d is not a winning cut here\n", field, q->g[got[b] / 64]->name, got[b] % 64);
            b++;
        } else {
            a++;
            b++;
        }
    }
    free(got);
}

static void compare(const char *what, const char *line, const Query *q)
{
    Str why = { 0 };
    sput(&why, "");
    DJson v;
    if (!dj_parse(line, &v)) {
        sput(&why, "  not JSON\n");
    } else {
        const char *outcome = dj_get_str(&v, "outcome"), *value = dj_get_str(&v, "value");
        checks++;
        if (!outcome || strlen(outcome) != 1 || outcome[0] != q->outcome) sput(&why, "  outcome %s, want %c\n", outcome ? outcome : "absent", q->outcome);
        if (q->value[0]) {
            checks++;
            if (!value || strcmp(value, q->value)) sput(&why, "  value %s, want %s\n", value ? value : "absent", q->value);
        }
        compare_moves(&why, q, &v, LEFT);
        compare_moves(&why, q, &v, RIGHT);
    }
    dj_free(&v);
    if (why.len) {
        if (shown++ < 10) {
            printf("MISMATCH %s: %s\n", what, q->text);
            for (int c = 0; c < q->k; c++) printf("    %s\n", q->g[c]->text);
            printf("%s", why.s);
            query_print(q);
            printf("    engine: %.3000s\n", line);
        }
        failed++;
    } else {
        passed++;
    }
    free(why.s);
}

/* ---- a program: the graphs' declarations, then the queries ---------------------------------------- */

enum { MAXG = 256, MAXQ = 256 };
typedef struct Prog {
    const char *what;
    Graph *g[MAXG];
    int ng;
    Query q[MAXQ];
    int nq;
} Prog;

/* Keep g in p unless its grounded part equals one already there (graphs are compared by content,
   and a position prints a graph by the first name or history it had: two equal grounded parts
   would print alike). False: dropped. */
static bool prog_graph(Prog *p, Graph *g)
{
    char *key = graph_key(g);
    bool dup = false;
    for (int i = 0; i < p->ng && !dup; i++) {
        char *k = graph_key(p->g[i]);
        dup = !strcmp(k, key);
        free(k);
    }
    free(key);
    if (dup || p->ng == MAXG) return false;
    p->g[p->ng++] = g;
    return true;
}

static void prog_query(Prog *p, const Graph *const *g, int k)
{
    if (p->nq < MAXQ) query_solve(&p->q[p->nq++], g, k);
}

static void prog_free(Prog *p)
{
    for (int i = 0; i < p->ng; i++) {
        free(p->g[i]->text);
        free(p->g[i]);
    }
    memset(p, 0, sizeof *p);
}

/* Run the program and compare every answer; a summary line. */
static void prog_run(Prog *p, const char *note)
{
    Str t = { 0 };
    sput(&t, "");
    for (int i = 0; i < p->ng; i++) sput(&t, "%s\n", p->g[i]->text);
    for (int i = 0; i < p->nq; i++) sput(&t, "%s;\n", p->q[i].text);
    int status = 0, answered = 0;
    char *err = NULL, *out = duel_run(t.s, NULL, &status, &err), *sv = NULL;
    if (status) {
        printf("%s: the program failed (exit %d): %.2000s\n", p->what, status, err ? err : "");
        if (shown++ < 10) printf("  program:\n%.6000s\n", t.s);
    }
    for (char *line = out ? strtok_r(out, "\n", &sv) : NULL; line; line = strtok_r(NULL, "\n", &sv)) {
        DJson v;
        bool query = dj_parse(line, &v) && dj_get_str(&v, "kind") && !strcmp(dj_get_str(&v, "kind"), "query");
        dj_free(&v);
        if (!query) continue;
        if (answered == p->nq) {
            printf("%s: an answer too many: %.300s\n", p->what, line);
            failed++;
            break;
        }
        compare(p->what, line, &p->q[answered++]);
    }
    if (answered < p->nq) {
        printf("%s: %d answers for %d queries\n", p->what, answered, p->nq);
        failed += p->nq - answered;
    }
    int cls[4] = { 0 }, moves = 0, values = 0;
    for (int i = 0; i < p->nq; i++) {
        cls[strchr("LRPN", p->q[i].outcome) - "LRPN"]++;
        moves += p->q[i].nwin[LEFT] + p->q[i].nwin[RIGHT];
        values += p->q[i].value[0] != 0;
    }
    printf("%-26s %4d queries (L %d, R %d, P %d, N %d; %d winning cuts; %d values)%s\n", p->what, p->nq, cls[0], cls[1], cls[2],
           cls[3], moves, values, note ? note : "");
    free(t.s);
    free(out);
    free(err);
}

/* ---- the parts ------------------------------------------------------------------------------------- */

static int graph_serial;

static Graph *new_random(const char *mix, int mmin, int mmax, bool floating)
{
    Graph *g = malloc(sizeof *g);
    char name[16];
    snprintf(name, sizeof name, "H%d", ++graph_serial);
    graph_random(g, name, mix, mmin, mmax, floating);
    return g;
}

/* Parts 1 and 2: single random graphs of one colour mix. */
static void part_single(const char *what, const char *mix, int programs, int per)
{
    for (int pr = 0; pr < programs; pr++) {
        Prog p = { .what = what };
        int floating = 0, loops = 0, parallel = 0;
        while (p.nq < per) {
            Graph *g = new_random(mix, 2, 9, rnd(0, 5) == 0);
            if (!prog_graph(&p, g)) {
                free(g->text);
                free(g);
                continue;
            }
            floating += g->m < g->ndecl;
            for (int i = 0; i < g->m; i++) {
                loops += g->e[i].u == g->e[i].v;
                parallel += i > 0 && !edge_cmp(g, &g->e[i], &g->e[i - 1]);
            }
            const Graph *one[1] = { g };
            prog_query(&p, one, 1);
        }
        char note[96];
        snprintf(note, sizeof note, " [%d with floating edges, %d loops, %d parallel twins]", floating, loops, parallel);
        prog_run(&p, note);
        prog_free(&p);
    }
}

/* Part 3: sums of two or three small graphs, mixes chosen per sum (all blue-red, all green, or mixed). */
static void part_sums(int programs, int per)
{
    static const char *const mixes[4] = { "LR", "G", "LRG", "LRG" };
    for (int pr = 0; pr < programs; pr++) {
        Prog p = { .what = "sums of 2-3 graphs" };
        while (p.nq < per) {
            int k = rnd(2, 3), kind = rnd(0, 3), bits = 0;
            Graph *g[MAXCOMP];
            int made = 0;
            for (int tries = 0; made < k && tries < 50; tries++) {
                const char *mix = kind == 3 ? mixes[rnd(0, 2)] : mixes[kind];
                Graph *x = new_random(mix, 1, k == 2 ? 6 : 4, false);
                if (x->m == 0 || x->m < x->ndecl || bits + x->m > 16 || !prog_graph(&p, x)) {
                    free(x->text);
                    free(x);
                    continue;
                }
                bits += x->m;
                g[made++] = x;
            }
            if (made < 2) continue;   /* its graphs stay declared: harmless */
            prog_query(&p, (const Graph *const *)g, made);
        }
        prog_run(&p, NULL);
        prog_free(&p);
    }
}

/* Part 5: every graph with edges joined to nothing (labels scattered, so they sort anywhere). */
static void part_floating(int per)
{
    Prog p = { .what = "floating edges" };
    int before = 0;
    static const char *const mixes[3] = { "LR", "G", "LRG" };
    while (p.nq < per) {
        Graph *g = new_random(mixes[p.nq % 3], 2, 7, true);
        if (g->m == g->ndecl || !prog_graph(&p, g)) {
            free(g->text);
            free(g);
            continue;
        }
        /* a floating edge that sorts before a grounded one: the numbering is the grounded graph's */
        bool early = false;
        for (int i = 0; i < g->ndecl && !early; i++) {
            unsigned seen = reach(g->decl, g->ndecl, (1u << g->ndecl) - 1, g->ground);
            if (seen >> g->decl[i].u & 1) continue;
            for (int j = 0; j < g->m && !early; j++) early = edge_cmp(g, &g->decl[i], &g->e[j]) < 0;
        }
        before += early;
        const Graph *one[1] = { g };
        prog_query(&p, one, 1);
    }
    char note[64];
    snprintf(note, sizeof note, " [%d with a floating edge sorting early]", before);
    prog_run(&p, note);
    prog_free(&p);
}

/* Part 4: facts, each derived by hand (and checked against the brute force here too).
   - one blue edge on the ground: 1 (Left has a move, Right none: {0|} = 1);
   - a blue edge with a red one on top (a stalk LR): {0|1} = 1/2;
   - one green edge: {0|0} = *;
   - a triangle on the ground, two blue edges from the ground and a red one across the top: Left's
     cuts leave a stalk LR (1/2), Right's leaves two blue edges (2): {1/2|2} = 1;
   - a blue loop at the ground: 1; a red edge with a blue loop at its top: {-1|0} = -1/2;
   - two green edges in parallel from the ground: a cut leaves one green edge, {*|*} = 0 (P);
   - a green triangle on the ground: cuts leave a green stalk of 2 (*2) or two green edges on the
     ground (* + * = 0): mex{2, 0} = 1, *;
   - a blue edge with a green one on top: Left's cuts give 0 or 1, Right's 1: {0, 1|1} = {1|1} = 1*;
   - a blue stalk of two with a floating red edge elsewhere: the floating edge is gone, 2. */
typedef struct Fact { const char *name; int ground[2], ng; int ends[4][2]; const char *colours; const char *value; char outcome; } Fact;
static const Fact facts[] = {
    { "HF1", { 0 }, 1, { { 0, 1 } }, "L", "1", 'L' },
    { "HF2", { 0 }, 1, { { 0, 1 }, { 1, 2 } }, "LR", "1/2", 'L' },
    { "HF3", { 0 }, 1, { { 0, 1 } }, "G", "*", 'N' },
    { "HF4", { 0 }, 1, { { 0, 1 }, { 0, 2 }, { 1, 2 } }, "LLR", "1", 'L' },
    { "HF5", { 3 }, 1, { { 3, 3 } }, "L", "1", 'L' },
    { "HF6", { 0 }, 1, { { 0, 1 }, { 1, 1 } }, "RL", "-1/2", 'R' },
    { "HF7", { 0 }, 1, { { 0, 1 }, { 1, 0 } }, "GG", "0", 'P' },
    { "HF8", { 0 }, 1, { { 0, 1 }, { 1, 2 }, { 2, 0 } }, "GGG", "*", 'N' },
    { "HF9", { 0 }, 1, { { 0, 1 }, { 1, 2 } }, "LG", "1*", 'L' },
    { "HF10", { 2 }, 1, { { 2, 4 }, { 4, 5 }, { 0, 1 } }, "LLR", "2", 'L' },
};
enum { NFACTS = sizeof facts / sizeof *facts };

static Graph *fact_graph(const Fact *f)
{
    Graph *g = malloc(sizeof *g);
    graph_make(g, f->name, f->ground, f->ng, f->ends, f->colours, (int)strlen(f->colours));
    return g;
}

static void part_facts(bool brute_only)
{
    Prog p = { .what = "published facts" };
    for (int i = 0; i < NFACTS; i++) {
        Graph *g = fact_graph(&facts[i]);
        if (!prog_graph(&p, g)) {
            brute_fail("fact %s duplicates another", facts[i].name);
            free(g->text);
            free(g);
            continue;
        }
        const Graph *one[1] = { g };
        prog_query(&p, one, 1);
        Query *q = &p.q[p.nq - 1];
        checks++;
        if (q->outcome != facts[i].outcome || (q->value[0] && strcmp(q->value, facts[i].value)))
            brute_fail("%s (%s) is %c %s here, want %c %s", g->text, q->text, q->outcome, q->value, facts[i].outcome, facts[i].value);
        snprintf(q->value, sizeof q->value, "%s", facts[i].value);   /* 1* too: the engine must print it */
        if (brute_only) {
            printf("%s\n  %s:", g->text, q->text);
            query_print(q);
        }
    }
    if (!brute_only) prog_run(&p, NULL);
    prog_free(&p);
}

/* The simplicity rule against worked examples (a check of this file, not the engine). */
static void self_checks(void)
{
    static const struct { int lo_set, hi_set; double lo, hi, want; } ex[] = {
        { 0, 0, 0, 0, 0 },        { 1, 0, 0, 0, 1 },          { 0, 1, 0, 0, -1 },     { 1, 1, 0, 1, 0.5 },
        { 1, 1, -1, 0, -0.5 },    { 1, 1, 0.5, 1, 0.75 },     { 1, 1, 1, 2, 1.5 },    { 1, 1, 0.5, 2, 1 },
        { 1, 1, -3, 5, 0 },       { 1, 0, 2.5, 0, 3 },        { 0, 1, 0, -2.5, -3 },  { 1, 1, 0.25, 0.5, 0.375 },
        { 1, 1, 0.25, 0.75, 0.5 }, { 1, 1, -1.25, -1, -1.125 }, { 1, 1, 1, 1.5, 1.25 },
    };
    for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
        int64_t x;
        checks++;
        if (!simplest(ex[i].lo_set, (int64_t)(ex[i].lo * ONE), ex[i].hi_set, (int64_t)(ex[i].hi * ONE), &x) ||
            x != (int64_t)(ex[i].want * ONE))
            brute_fail("simplest example %zu wrong", i);
    }
    char t[48];
    num_text(-5 * ONE / 4, t, sizeof t);
    checks++;
    if (strcmp(t, "-5/4")) brute_fail("-5/4 prints as %s", t);
}

int main(int argc, char **argv)
{
    bool brute_only = argc > 1 && !strcmp(argv[1], "--brute");
    clock_t start = clock();
    self_checks();
    seed = 0x4ac4e9b05bd1ULL;
    part_facts(brute_only);
    if (brute_only) {
        printf("brute force: %d failures\n", brute_failures);
        return brute_failures ? 1 : 0;
    }
    seed = 0x1b2e3d4c5f60ULL;
    part_single("blue-red graphs", "LR", 4, 80);
    part_single("green graphs", "G", 3, 80);
    part_single("blue-red-green graphs", "LRG", 6, 80);
    seed = 0x5a5ec0de2024ULL;
    part_sums(4, 60);
    seed = 0xf10a7ed9e5ULL;
    part_floating(80);
    failed += brute_failures;
    printf("hackenbush duel: %d passed, %d failed (%d checks, %.1f s cpu)\n", passed, failed, checks,
           (double)(clock() - start) / CLOCKS_PER_SEC);
    if (passed + failed == 0) {
        printf("hackenbush duel: nothing was checked\n");
        return 1;
    }
    return failed ? 1 : 0;
}
