/* duel_colsnort.c: Col and Snort (ColBoard(G, c), SnortBoard(G, c), Col(G), Snort(G), G an
   undirected `graph`) against a brute force written here from the rules as Winning Ways (ch. 2)
   states them, independent of the engine: Left colours an uncoloured vertex blue (L), Right red
   (R); in Col never next to a vertex of the player's own colour, in Snort never next to one of the
   opponent's; colours already on the board only constrain new moves (they may be "illegal"
   themselves); parallel edges change nothing; who cannot move loses. Nothing here reads the
   engine's code: the brute force is a plain minimax over the uncoloured vertices of a sum of
   boards, memoized on a base-3 key (digit 0 uncoloured, 1 blue, 2 red), with Left moving first
   and with Right moving first; a move wins when the opponent, moving first after it, loses.
   Checked, with fixed seeds:
   1. single boards on random graphs of 1-8 vertices (scattered labels, so "index" means the rank
      of the vertex label; random densities, isolated vertices, chains and repeated edges in the
      declaration), Col and Snort, colourings empty, reached by random legal play, or arbitrary
      (possibly breaking the rule): the outcome class and the exact sets of Left's and Right's
      winning vertex indices; where the engine prints a simple value (0, *, *k, +-x, a number),
      that its sign / class agrees with the outcome found here;
   2. sums of 2-3 boards (Col and Snort mixed, at most 12 uncoloured vertices in all): the outcome
      and the exact sets of winning (component, index) moves;
   3. published and hand-derived facts (facts[] below), outcome, value and winning moves.
   `duel_colsnort --brute` prints this file's own answers for the facts (no engine). */
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
enum { COL = 0, SNORT = 1 };
enum { MAXV = 8, MAXE = 40, MAXCOMP = 3, MAXFREE = 12 };

static uint64_t seed;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* ---- graphs ------------------------------------------------------------------------------------- */

/* A declared graph: vertices are indices 0..n-1 in increasing label order (lab[] sorted); adj[i]
   the bitmask of i's neighbours; eu/ev the edges as declared (label pairs, repeats kept). */
typedef struct Graph {
    char name[16];
    int n, lab[MAXV];
    unsigned adj[MAXV];
    int ne, eu[MAXE], ev[MAXE];
    char *text;
} Graph;

static int label_index(const Graph *g, int label)
{
    for (int i = 0; i < g->n; i++)
        if (g->lab[i] == label) return i;
    return -1;
}

static void graph_edge(Graph *g, int a, int b)   /* a, b: indices */
{
    g->eu[g->ne] = g->lab[a];
    g->ev[g->ne] = g->lab[b];
    g->ne++;
    g->adj[a] |= 1u << b;
    g->adj[b] |= 1u << a;
}

/* The declaration: edges in a random order and direction, consecutive ones that continue a path
   written as a chain, isolated vertices (and now and then a connected one) as lone statements at
   random places. */
static void graph_text(Graph *g)
{
    int order[MAXE], flip[MAXE];
    for (int i = 0; i < g->ne; i++) order[i] = i;
    for (int i = g->ne - 1; i > 0; i--) {
        int j = rnd(0, i), t = order[i];
        order[i] = order[j];
        order[j] = t;
    }
    for (int i = 0; i < g->ne; i++) flip[i] = rnd(0, 1);
    /* lone statements: every isolated vertex, sometimes a connected one too */
    int lone[MAXV], nlone = 0;
    for (int i = 0; i < g->n; i++)
        if (!g->adj[i] || rnd(0, 9) == 0) lone[nlone++] = g->lab[i];
    Str t = { 0 };
    sput(&t, "graph %s {", g->name);
    int li = 0, prev_end = -1;
    for (int k = 0; k < g->ne; k++) {
        int e = order[k], a = flip[k] ? g->ev[e] : g->eu[e], b = flip[k] ? g->eu[e] : g->ev[e];
        if (prev_end >= 0 && b == prev_end) { int x = a; a = b; b = x; }
        if (prev_end >= 0 && a == prev_end && rnd(0, 2)) {
            sput(&t, " - %d", b);   /* continue the chain */
        } else {
            if (prev_end >= 0) sput(&t, ";");
            while (li < nlone && rnd(0, 2) == 0) sput(&t, " %d;", lone[li++]);
            sput(&t, " %d - %d", a, b);
        }
        prev_end = b;
    }
    if (prev_end >= 0) sput(&t, ";");
    while (li < nlone) sput(&t, " %d;", lone[li++]);
    sput(&t, " }");
    free(g->text);
    g->text = t.s;
}

/* A random graph of nmin..nmax vertices: labels 0..n-1 or scattered, each pair an edge with a
   probability of 0, 15, 30, 50 or 80 %, sometimes an edge declared twice. */
static void graph_random(Graph *g, const char *name, int nmin, int nmax)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    g->n = rnd(nmin, nmax);
    bool scattered = rnd(0, 1);
    for (int i = 0; i < g->n; i++) {
        for (bool dup = true; dup;) {
            g->lab[i] = scattered ? rnd(0, 60) : rnd(0, g->n + 1);
            dup = false;
            for (int j = 0; j < i; j++) dup |= g->lab[j] == g->lab[i];
        }
    }
    for (int i = 1; i < g->n; i++)   /* sort the labels: index = rank */
        for (int j = i; j > 0 && g->lab[j - 1] > g->lab[j]; j--) {
            int x = g->lab[j];
            g->lab[j] = g->lab[j - 1];
            g->lab[j - 1] = x;
        }
    static const int dens[5] = { 0, 15, 30, 50, 80 };
    int p = dens[rnd(0, 4)];
    for (int a = 0; a < g->n; a++)
        for (int b = a + 1; b < g->n; b++)
            if (rnd(0, 99) < p) graph_edge(g, a, b);
    if (g->ne > 0 && rnd(0, 5) == 0) {   /* a parallel edge */
        int e = rnd(0, g->ne - 1);
        graph_edge(g, label_index(g, g->eu[e]), label_index(g, g->ev[e]));
    }
    graph_text(g);
}

/* A graph from labels and label pairs (for the facts). */
static void graph_make(Graph *g, const char *name, const int *labels, int n, const int (*ends)[2], int ne)
{
    memset(g, 0, sizeof *g);
    snprintf(g->name, sizeof g->name, "%s", name);
    g->n = n;
    memcpy(g->lab, labels, sizeof(int) * (size_t)n);   /* given sorted */
    for (int e = 0; e < ne; e++) graph_edge(g, label_index(g, ends[e][0]), label_index(g, ends[e][1]));
    Str t = { 0 };
    sput(&t, "graph %s {", name);
    for (int i = 0; i < n; i++)
        if (!g->adj[i]) sput(&t, " %d;", g->lab[i]);
    for (int e = 0; e < ne; e++) sput(&t, " %d - %d;", ends[e][0], ends[e][1]);
    sput(&t, " }");
    g->text = t.s;
}

/* Content key (vertex labels, edges with multiplicity): equal graphs are one value to the engine
   and would print by one name. */
static char *graph_key(const Graph *g)
{
    int pairs[MAXE];
    for (int e = 0; e < g->ne; e++) {
        int a = g->eu[e] < g->ev[e] ? g->eu[e] : g->ev[e], b = g->eu[e] < g->ev[e] ? g->ev[e] : g->eu[e];
        pairs[e] = a * 100 + b;
    }
    for (int i = 1; i < g->ne; i++)
        for (int j = i; j > 0 && pairs[j - 1] > pairs[j]; j--) {
            int x = pairs[j];
            pairs[j] = pairs[j - 1];
            pairs[j - 1] = x;
        }
    Str t = { 0 };
    sput(&t, "");
    for (int i = 0; i < g->n; i++) sput(&t, "%d,", g->lab[i]);
    sput(&t, "|");
    for (int e = 0; e < g->ne; e++) sput(&t, "%d ", pairs[e]);
    return t.s;
}

/* ---- the brute force ------------------------------------------------------------------------------ */

/* One board of a sum: the game, the graph, the colouring ('.', 'L', 'R' per index). */
typedef struct Comp { int kind; const Graph *g; char col[MAXV + 1]; } Comp;

/* May side colour vertex i of a board whose blue / red vertices are m[0] / m[1]? */
static bool legal(int kind, const Graph *g, const unsigned m[2], int i, int side)
{
    if ((m[0] | m[1]) >> i & 1) return false;
    unsigned forbidden = kind == COL ? m[side] : m[!side];   /* Col: own colour; Snort: the other */
    return !(g->adj[i] & forbidden);
}

/* A sum being searched: the free (initially uncoloured) vertices f = 0..nf-1 are (fc[f], fi[f]);
   m[c][side] the current colour masks of component c; memo[key]: bit 0/1 Left moving first
   known/wins, bit 2/3 the same for Right. */
typedef struct Search {
    const Comp *c;
    int k, nf, fc[MAXFREE], fi[MAXFREE];
    unsigned m[MAXCOMP][2];
    int pow3[MAXFREE + 1];
    unsigned char *memo;
} Search;

static bool wins(Search *s, int key, int side)
{
    unsigned char known = side == LEFT ? 1 : 4, yes = side == LEFT ? 2 : 8;
    if (s->memo[key] & known) return s->memo[key] & yes;
    bool w = false;
    for (int f = 0; f < s->nf && !w; f++) {
        if (key / s->pow3[f] % 3) continue;
        int c = s->fc[f], i = s->fi[f];
        if (!legal(s->c[c].kind, s->c[c].g, s->m[c], i, side)) continue;
        s->m[c][side] |= 1u << i;
        w = !wins(s, key + (side + 1) * s->pow3[f], !side);
        s->m[c][side] &= ~(1u << i);
    }
    s->memo[key] |= known | (w ? yes : 0);
    return w;
}

/* Set up s for the sum c[0..k); false if it has more than MAXFREE uncoloured vertices. */
static bool search_init(Search *s, const Comp *c, int k)
{
    memset(s, 0, sizeof *s);
    s->c = c;
    s->k = k;
    for (int j = 0; j < k; j++)
        for (int i = 0; i < c[j].g->n; i++) {
            if (c[j].col[i] == 'L') s->m[j][LEFT] |= 1u << i;
            else if (c[j].col[i] == 'R') s->m[j][RIGHT] |= 1u << i;
            else {
                if (s->nf == MAXFREE) return false;
                s->fc[s->nf] = j;
                s->fi[s->nf++] = i;
            }
        }
    s->pow3[0] = 1;
    for (int f = 1; f <= s->nf; f++) s->pow3[f] = 3 * s->pow3[f - 1];
    s->memo = calloc((size_t)s->pow3[s->nf], 1);
    return true;
}

/* ---- a query and its answer from here --------------------------------------------------------------- */

/* A winning move: component c, vertex index i (c * 64 + i). */
typedef struct Query {
    Comp c[MAXCOMP];
    int k;
    char text[512];
    char ctext[MAXCOMP][64];   /* each component as the engine prints it: ColBoard(G, "c") */
    char outcome;
    char value[48];   /* the value to check ("" none) */
    int win[2][MAXCOMP * MAXV], nwin[2];
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

static const char *const kind_name[2] = { "Col", "Snort" };

/* Solve the sum c[0..k) here; the query text writes an empty board as Col(G) / Snort(G) when
   short_empty (and the coin says so). */
static void query_solve(Query *q, const Comp *c, int k, bool short_empty)
{
    memset(q, 0, sizeof *q);
    q->k = k;
    int len = 0;
    for (int j = 0; j < k; j++) {
        q->c[j] = c[j];
        snprintf(q->ctext[j], sizeof q->ctext[j], "%sBoard(%s, \"%s\")", kind_name[c[j].kind], c[j].g->name, c[j].col);
        bool empty = strspn(c[j].col, ".") == strlen(c[j].col);
        if (empty && short_empty)
            len += snprintf(q->text + len, sizeof q->text - (size_t)len, "%s%s(%s)", j ? " + " : "", kind_name[c[j].kind], c[j].g->name);
        else
            len += snprintf(q->text + len, sizeof q->text - (size_t)len, "%s%s", j ? " + " : "", q->ctext[j]);
    }
    Search s;
    if (!search_init(&s, q->c, k)) {
        brute_fail("%s: too many uncoloured vertices", q->text);
        return;
    }
    bool lw = wins(&s, 0, LEFT), rw = wins(&s, 0, RIGHT);
    q->outcome = lw ? (rw ? 'N' : 'L') : (rw ? 'R' : 'P');
    for (int side = 0; side < 2; side++)
        for (int f = 0; f < s.nf; f++) {
            int j = s.fc[f], i = s.fi[f];
            if (!legal(q->c[j].kind, q->c[j].g, s.m[j], i, side)) continue;
            s.m[j][side] |= 1u << i;
            if (!wins(&s, (side + 1) * s.pow3[f], !side)) q->win[side][q->nwin[side]++] = j * 64 + i;
            s.m[j][side] &= ~(1u << i);
        }
    free(s.memo);
}

static void query_print(const Query *q)
{
    printf("    here: outcome %c", q->outcome);
    if (q->value[0]) printf(", value %s", q->value);
    for (int side = 0; side < 2; side++) {
        printf(", %s wins by {", side == LEFT ? "Left" : "Right");
        for (int j = 0; j < q->nwin[side]; j++) {
            int c = q->win[side][j] / 64, i = q->win[side][j] % 64;
            if (q->k > 1) printf("%s%s:%d", j ? " " : "", q->ctext[c], i);
            else printf("%s%d", j ? " " : "", i);
        }
        printf("}");
    }
    printf("\n");
}

/* ---- comparing the engine's answer ------------------------------------------------------------------ */

static int passed, failed, checks, shown, value_checks;

static int cmp_int(const void *x, const void *y) { return (*(const int *)x > *(const int *)y) - (*(const int *)x < *(const int *)y); }

/* The outcome class a simple value string implies: "0" P; "*", "*k" (k > 0) N; "+-x" N; a
   number n or a/b (optionally followed by * or *k) its sign's (L, R), 0* / 0*k N. 0 when the
   string is not of these forms. */
static char value_class(const char *v)
{
    if (!strcmp(v, "0")) return 'P';
    if (!strncmp(v, "+-", 2)) return 'N';
    const char *p = v;
    bool neg = *p == '-';
    if (neg) p++;
    bool nonzero = false, digits = false;
    if (*p == '*') goto star;   /* "*", "*k" */
    while (*p >= '0' && *p <= '9') { nonzero |= *p != '0'; digits = true; p++; }
    if (!digits) return 0;
    if (*p == '/') {
        p++;
        if (!(*p >= '1' && *p <= '9')) return 0;
        while (*p >= '0' && *p <= '9') p++;
    }
    if (!*p) return nonzero ? (neg ? 'R' : 'L') : 'P';
    if (*p != '*') return 0;
    if (nonzero) {   /* n* or n*k: a number plus a nimber, the number decides */
        p++;
        while (*p >= '0' && *p <= '9') p++;
        return *p ? 0 : neg ? 'R' : 'L';
    }
star:
    p++;
    if (!*p) return 'N';
    if (*p == '0') return 0;
    while (*p >= '0' && *p <= '9') p++;
    return *p ? 0 : 'N';
}

/* The engine's winning moves of one side against ours: the same set of (component, index). */
static void compare_moves(Str *why, const Query *q, const DJson *line, int side)
{
    const char *field = side == LEFT ? "moves_left" : "moves_right";
    const DJson *arr = dj_get(line, field);
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
        int c = -1;
        for (int x = 0; comp && x < q->k; x++)
            if (!strcmp(comp, q->ctext[x])) c = x;
        char *end = NULL;
        long e = i && i->t == 'l' ? strtol(i->s, &end, 10) : -1;
        if (c < 0 || !end || *end || e < 0 || e >= q->c[c].g->n) {
            sput(why, "  %s[%d]: component %s is not one of the query's, or no vertex index i in range\n", field, j,
                 comp ? comp : "absent");
            continue;
        }
        if (!label || strcmp(label, "paint")) sput(why, "  %s[%d]: label %s, want paint\n", field, j, label ? label : "absent");
        if (!copies || copies->t != 'l' || strcmp(copies->s, "1")) sput(why, "  %s[%d]: copies not 1\n", field, j);
        if (!dj_get_str(mv, "result")) sput(why, "  %s[%d]: no result\n", field, j);
        got[ngot++] = c * 64 + (int)e;
    }
    qsort(got, (size_t)ngot, sizeof *got, cmp_int);
    for (int j = 1; j < ngot; j++)
        if (got[j] == got[j - 1]) sput(why, "  %s: %s vertex %d listed twice\n", field, q->ctext[got[j] / 64], got[j] % 64);
    int want[MAXCOMP * MAXV], nwant = q->nwin[side];
    memcpy(want, q->win[side], sizeof(int) * (size_t)nwant);
    qsort(want, (size_t)nwant, sizeof *want, cmp_int);
    for (int a = 0, b = 0; a < nwant || b < ngot;) {
        if (b < ngot && b > 0 && got[b] == got[b - 1]) { b++; continue; }
        if (b == ngot || (a < nwant && want[a] < got[b])) {
            sput(why, "  %s: missing %s vertex %d\n", field, q->ctext[want[a] / 64], want[a] % 64);
            a++;
        } else if (a == nwant || got[b] < want[a]) {
            sput(why, "  %s: %s vertex %d is not a winning move here\n", field, q->ctext[got[b] / 64], got[b] % 64);
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
        char cls = value ? value_class(value) : 0;
        if (cls) {
            checks++;
            value_checks++;
            if (cls != q->outcome) sput(&why, "  value %s means outcome %c, but it is %c\n", value, cls, q->outcome);
        }
        compare_moves(&why, q, &v, LEFT);
        compare_moves(&why, q, &v, RIGHT);
    }
    dj_free(&v);
    if (why.len) {
        if (shown++ < 10) {
            printf("MISMATCH %s: %s\n", what, q->text);
            for (int c = 0; c < q->k; c++) {
                bool dup = false;
                for (int d = 0; d < c; d++) dup |= q->c[d].g == q->c[c].g;
                if (!dup) printf("    %s\n", q->c[c].g->text);
            }
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

/* Keep g in p unless it equals one already there. False: dropped (the caller frees it). */
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

static void graph_free(Graph *g)
{
    free(g->text);
    free(g);
}

static void prog_free(Prog *p)
{
    for (int i = 0; i < p->ng; i++) graph_free(p->g[i]);
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
    int cls[4] = { 0 }, moves = 0;
    for (int i = 0; i < p->nq; i++) {
        cls[strchr("LRPN", p->q[i].outcome) - "LRPN"]++;
        moves += p->q[i].nwin[LEFT] + p->q[i].nwin[RIGHT];
    }
    printf("%-24s %4d queries (L %d, R %d, P %d, N %d; %d winning moves)%s\n", p->what, p->nq, cls[0], cls[1], cls[2], cls[3],
           moves, note ? note : "");
    free(t.s);
    free(out);
    free(err);
}

/* ---- the parts ------------------------------------------------------------------------------------- */

static int graph_serial;

/* A new random graph kept in p (a duplicate is drawn again). */
static Graph *new_random(Prog *p, int nmin, int nmax)
{
    for (;;) {
        Graph *g = malloc(sizeof *g);
        char name[16];
        snprintf(name, sizeof name, "G%d", ++graph_serial);
        graph_random(g, name, nmin, nmax);
        if (prog_graph(p, g)) return g;
        graph_free(g);
    }
}

/* A random colouring of a board: empty; reached by random legal moves (either player, any order);
   or arbitrary (each vertex coloured with some probability, the rule ignored). *how: 0, 1, 2. */
static void random_colouring(Comp *c, int *how)
{
    int n = c->g->n;
    memset(c->col, '.', (size_t)n);
    c->col[n] = 0;
    int r = rnd(0, 9);
    *how = r < 3 ? 0 : r < 7 ? 1 : 2;
    if (*how == 1) {
        unsigned m[2] = { 0, 0 };
        int steps = rnd(1, n);
        for (int s = 0; s < steps; s++) {
            int side = rnd(0, 1), cand[MAXV], nc = 0;
            for (int i = 0; i < n; i++)
                if (legal(c->kind, c->g, m, i, side)) cand[nc++] = i;
            if (!nc) continue;
            int i = cand[rnd(0, nc - 1)];
            m[side] |= 1u << i;
            c->col[i] = side == LEFT ? 'L' : 'R';
        }
    } else if (*how == 2) {
        int pct = rnd(15, 60);
        for (int i = 0; i < n; i++)
            if (rnd(0, 99) < pct) c->col[i] = rnd(0, 1) ? 'L' : 'R';
    }
}

/* Part 1: single boards on random graphs of 1-8 vertices. */
static void part_single(int programs, int per)
{
    int total[3] = { 0 }, kinds[2] = { 0 }, q_before = passed + failed, f_before = failed;
    for (int pr = 0; pr < programs; pr++) {
        Prog p = { .what = "single boards" };
        while (p.nq < per) {
            Graph *g = new_random(&p, 1, 8);
            int uses = rnd(1, 3);   /* a graph serves a few boards */
            for (int u = 0; u < uses && p.nq < per; u++) {
                Comp c = { .kind = rnd(0, 1), .g = g };
                int how;
                random_colouring(&c, &how);
                bool same = false;   /* the same board twice in a row adds nothing */
                for (int x = 0; x < p.nq && !same; x++)
                    same = p.q[x].c[0].g == g && p.q[x].c[0].kind == c.kind && !strcmp(p.q[x].c[0].col, c.col);
                if (same) continue;
                total[how]++;
                kinds[c.kind]++;
                query_solve(&p.q[p.nq++], &c, 1, rnd(0, 1));
            }
        }
        char note[96];
        snprintf(note, sizeof note, " [%d graphs]", p.ng);
        prog_run(&p, note);
        prog_free(&p);
    }
    printf("part 1 (single boards): %d queries, %d failed; colourings %d empty, %d by legal play, %d arbitrary; %d Col, %d Snort\n",
           passed + failed - q_before, failed - f_before, total[0], total[1], total[2], kinds[0], kinds[1]);
}

/* Part 2: sums of 2-3 boards, Col and Snort mixed, at most 12 uncoloured vertices in all. */
static void part_sums(int programs, int per)
{
    int q_before = passed + failed, f_before = failed, mixed = 0, three = 0;
    for (int pr = 0; pr < programs; pr++) {
        Prog p = { .what = "sums of 2-3 boards" };
        while (p.nq < per) {
            int k = rnd(2, 3), nfree = 0;
            Comp c[MAXCOMP];
            bool ok = true;
            for (int j = 0; j < k && ok; j++) {
                /* a new graph, or one of this program's already declared */
                const Graph *g = p.ng > 0 && rnd(0, 3) == 0 ? p.g[rnd(0, p.ng - 1)] : new_random(&p, 1, k == 2 ? 6 : 5);
                c[j].g = g;
                c[j].kind = rnd(0, 1);
                int how;
                random_colouring(&c[j], &how);
                for (int i = 0; i < g->n; i++) nfree += c[j].col[i] == '.';
                for (int d = 0; d < j; d++)   /* components must print differently */
                    ok &= !(c[d].g == g && c[d].kind == c[j].kind && !strcmp(c[d].col, c[j].col));
            }
            if (!ok || nfree > MAXFREE || nfree == 0) continue;
            bool col = false, snort = false;
            for (int j = 0; j < k; j++) {
                col |= c[j].kind == COL;
                snort |= c[j].kind == SNORT;
            }
            mixed += col && snort;
            three += k == 3;
            query_solve(&p.q[p.nq++], c, k, rnd(0, 1));
        }
        prog_run(&p, NULL);
        prog_free(&p);
    }
    printf("part 2 (sums): %d queries, %d failed; %d mixing Col and Snort, %d of three boards\n", passed + failed - q_before,
           failed - f_before, mixed, three);
}

/* Part 3: facts. Published (Winning Ways ch. 2):
   - Col on a single vertex is * (either player colours it, then nothing is left: {0|0});
   - Col on an edge is 0 (after either colouring, the other end is open only to the opponent:
     {-1|1} = 0);
   - Snort on an edge is +-1 (after a colouring, the other end is open only to the same player:
     {1|-1}).
   Derived by hand here:
   - Snort on a single vertex is * (as Col: no neighbour, no rule);
   - Col on two isolated vertices is * + * = 0 (P);
   - Col on a path a - b - c is 0: Left at an end leaves "L..", whose options are Left -> "L.L"
     (-1: only Right may take b) and Right -> "LR." (1) or "L.R" (0: b is next to both), so
     {-1|0} = -1/2; Left in the middle leaves ".L.", where only Right moves, to -1: -2. So
     Col(P3) = {-1/2 | 1/2} = 0 (P), and by symmetry nobody has a winning move;
   - Col on a triangle is 0: after "L.." only Right can colour one of the two others, then the
     last vertex is next to both colours: "L.." = {|0} = -1, so {-1|1} = 0;
   - ColBoard(edge, "L.") is -1 (only Right may colour the other end), SnortBoard(edge, "L.") is 1
     (only Left may);
   - Snort on a path a - b - c: Left in the middle leaves ".L." where only Left moves, twice: 2;
     Left at an end leaves "L..", from which Right colours c and b is dead (0): not winning. So
     the outcome is N, each player's only winning move is the middle (index 1), and the value is
     {2|-2}, written +-2. */
typedef struct Fact {
    const char *name;
    int kind, n, labels[MAXV], ne, ends[4][2];
    const char *col, *value;   /* value "": not checked */
    char outcome;
    int lwin, rwin;   /* bitmask of each player's winning indices */
} Fact;
static const Fact facts[] = {
    { "F1", COL, 1, { 0 }, 0, { { 0 } }, ".", "*", 'N', 1, 1 },
    { "F2", COL, 2, { 0, 1 }, 1, { { 0, 1 } }, "..", "0", 'P', 0, 0 },
    { "F3", SNORT, 2, { 4, 9 }, 1, { { 9, 4 } }, "..", "+-1", 'N', 3, 3 },
    { "F4", SNORT, 1, { 7 }, 0, { { 0 } }, ".", "*", 'N', 1, 1 },
    { "F5", COL, 2, { 2, 5 }, 0, { { 0 } }, "..", "0", 'P', 0, 0 },
    { "F6", COL, 3, { 0, 1, 2 }, 2, { { 0, 1 }, { 1, 2 } }, "...", "0", 'P', 0, 0 },
    { "F7", COL, 3, { 1, 2, 3 }, 3, { { 1, 2 }, { 2, 3 }, { 3, 1 } }, "...", "0", 'P', 0, 0 },
    { "F8", COL, 2, { 0, 3 }, 1, { { 3, 0 } }, "L.", "-1", 'R', 0, 2 },
    { "F9", SNORT, 2, { 1, 6 }, 1, { { 1, 6 } }, "L.", "1", 'L', 2, 0 },
    { "F10", SNORT, 3, { 3, 4, 5 }, 2, { { 4, 3 }, { 4, 5 } }, "...", "+-2", 'N', 2, 2 },
};
enum { NFACTS = sizeof facts / sizeof *facts };

static void part_facts(bool brute_only)
{
    Prog p = { .what = "facts" };
    int f_before = failed;
    for (int i = 0; i < NFACTS; i++) {
        const Fact *f = &facts[i];
        Graph *g = malloc(sizeof *g);
        graph_make(g, f->name, f->labels, f->n, f->ends, f->ne);
        if (!prog_graph(&p, g)) {
            brute_fail("fact %s duplicates another graph", f->name);
            graph_free(g);
            continue;
        }
        Comp c = { .kind = f->kind, .g = g };
        snprintf(c.col, sizeof c.col, "%s", f->col);
        Query *q = &p.q[p.nq++];
        query_solve(q, &c, 1, true);
        int mask[2] = { 0, 0 };
        for (int side = 0; side < 2; side++)
            for (int j = 0; j < q->nwin[side]; j++) mask[side] |= 1 << q->win[side][j] % 64;
        checks++;
        if (q->outcome != f->outcome || mask[LEFT] != f->lwin || mask[RIGHT] != f->rwin)
            brute_fail("%s (%s) is %c here with winning masks %d/%d, want %c %d/%d", g->text, q->text, q->outcome, mask[LEFT],
                       mask[RIGHT], f->outcome, f->lwin, f->rwin);
        snprintf(q->value, sizeof q->value, "%s", f->value);
        if (brute_only) {
            printf("%s\n  %s:", g->text, q->text);
            query_print(q);
        }
    }
    if (!brute_only) {
        prog_run(&p, NULL);
        printf("part 3 (facts): %d queries, %d failed\n", p.nq, failed - f_before);
    }
    prog_free(&p);
}

/* The value-class reader against examples (a check of this file, not the engine). */
static void self_checks(void)
{
    static const struct { const char *v; char c; } ex[] = {
        { "0", 'P' },   { "*", 'N' },  { "*3", 'N' },  { "+-1", 'N' },  { "1", 'L' },       { "-1", 'R' },  { "-1*", 'R' },
        { "3/4", 'L' }, { "-1/2", 'R' }, { "2*", 'L' }, { "{2|0}", 0 },  { "^", 0 },        { "1*3", 'L' }, { "-5/4*2", 'R' },
    };
    for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
        checks++;
        if (value_class(ex[i].v) != ex[i].c) brute_fail("value_class(%s) is %c, want %c", ex[i].v, value_class(ex[i].v), ex[i].c ? ex[i].c : '0');
    }
}

int main(int argc, char **argv)
{
    bool brute_only = argc > 1 && !strcmp(argv[1], "--brute");
    clock_t start = clock();
    time_t wall = time(NULL);
    self_checks();
    seed = 0xc015e0a7ULL;
    part_facts(brute_only);
    if (brute_only) {
        printf("brute force: %d failures\n", brute_failures);
        return brute_failures ? 1 : 0;
    }
    seed = 0x5a0127c01ULL;
    part_single(6, 120);
    seed = 0x2b0a4d5c0ULL;
    part_sums(5, 80);
    failed += brute_failures;
    printf("colsnort duel: %d passed, %d failed (%d checks, %d value-class checks, %.1f s cpu, %ld s wall)\n", passed, failed, checks,
           value_checks, (double)(clock() - start) / CLOCKS_PER_SEC, (long)(time(NULL) - wall));
    if (passed + failed == 0) {
        printf("colsnort duel: nothing was checked\n");
        return 1;
    }
    return failed ? 1 : 0;
}
