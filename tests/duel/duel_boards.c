/* duel_boards.c: the board games of the standard library against brute force written here from
   their rules as a person states them: Green Hackenbush (exhaustive play over the subsets of
   edges, on random multigraphs with loops and parallel edges, up to 7 vertices and 9 edges),
   vertex geography (random digraphs), node Kayles (random graphs), the coin on a ring (Luogu
   P1288, small rings with a 0 edge) and the token on a permutation (Codeforces 1033C). Each is
   answered by the engine's own choice (the closed forms where there are some) and by `memo` (the
   rules), and both must agree with the brute force's SG values (outcomes for the ring); for
   Hackenbush also the number of winning cuts, alone and beside a Nim heap (where a cut may need a
   value above the graph's own), and both runs list the same ones. Seeded;
   DUEL_BOARDS_SCALE=N multiplies the number of instances. */
#include "config.h"
#include "jsonduel.h"
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 20261205;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }


static int mex(const bool *seen, int n)
{
    int m = 0;
    while (m < n && seen[m]) m++;
    return m;
}

/* ---- Green Hackenbush: a state is the set of edges left; after a cut, the edges with no path to
   the ground go too ---- */

typedef struct Hk { int n, m, eu[9], ev[9]; bool ground[7]; int memo[512]; } Hk;

static int hk_prune(const Hk *h, int mask)
{
    bool reach[7] = { false };
    for (int v = 0; v < h->n; v++) reach[v] = h->ground[v];
    for (bool grew = true; grew;) {
        grew = false;
        for (int e = 0; e < h->m; e++)
            if ((mask >> e & 1) && reach[h->eu[e]] != reach[h->ev[e]]) {
                reach[h->eu[e]] = reach[h->ev[e]] = true;
                grew = true;
            }
    }
    int keep = 0;
    for (int e = 0; e < h->m; e++)
        if ((mask >> e & 1) && reach[h->eu[e]]) keep |= 1 << e;
    return keep;
}

static int hk_sg(Hk *h, int mask)
{
    if (h->memo[mask] >= 0) return h->memo[mask];
    bool seen[16] = { false };
    for (int e = 0; e < h->m; e++)
        if (mask >> e & 1) seen[hk_sg(h, hk_prune(h, mask & ~(1 << e)))] = true;
    return h->memo[mask] = mex(seen, 16);
}

/* ---- vertex geography on a digraph: (visited, at) ---- */

typedef struct Geo { int n; bool arc[7][7]; } Geo;

static int geo_sg(const Geo *g, int visited, int at)
{
    bool seen[8] = { false };
    for (int w = 0; w < g->n; w++)
        if (g->arc[at][w] && w != at && !(visited >> w & 1)) seen[geo_sg(g, visited | 1 << w, w)] = true;
    return mex(seen, 8);
}

/* ---- node Kayles: the set of vertices left ---- */

typedef struct Nk { int n; int nb[8]; int memo[256]; } Nk;   /* nb: closed neighbourhood masks */

static int nk_sg(Nk *k, int left)
{
    if (k->memo[left] >= 0) return k->memo[left];
    bool seen[16] = { false };
    for (int v = 0; v < k->n; v++)
        if (left >> v & 1) seen[nk_sg(k, left & ~k->nb[v])] = true;
    return k->memo[left] = mex(seen, 16);
}

/* ---- the coin on a ring: (coin, weights) by plain recursion ---- */

static bool ring_win(int c, int *w, int n)
{
    for (int dir = 0; dir < 2; dir++) {
        int e = dir ? (c + n - 1) % n : c, to = dir ? (c + n - 1) % n : (c + 1) % n, old = w[e];
        for (int x = 0; x < old; x++) {
            w[e] = x;
            bool opp = ring_win(to, w, n);
            w[e] = old;
            if (!opp) return true;
        }
    }
    return false;
}

/* ---- the token on a permutation: SG by recursion ---- */

static int perm_sg(const int *a, int n, int i)
{
    bool seen[16] = { false };
    for (int j = 0; j < n; j++)
        if (j != i && abs(j - i) % a[i] == 0 && a[j] > a[i]) seen[perm_sg(a, n, j)] = true;
    return mex(seen, 16);
}

/* ---- the duel ---- */

typedef struct Want { char *stmt, *what; int sg; char outcome; int nwin; char *win; } Want;   /* nwin -1: not checked */
typedef struct Plan { Want *v; int n, cap; } Plan;
static void want(Plan *p, char *stmt, char *what, int sg, char outcome)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->v = realloc(p->v, (size_t)p->cap * sizeof *p->v);
    }
    p->v[p->n++] = (Want){ stmt, what, sg, outcome, -1, NULL };
}

/* The "winning" array of a JSON line (a copy) and how many positions it lists (-1: none). */
static char *winning(const char *line, int *count)
{
    const char *a = strstr(line, "\"winning\":["), *e;
    *count = -1;
    if (!a) return NULL;
    a += 10;   /* at the '[' */
    *count = 0;
    for (e = a + 1; *e && *e != ']'; e++)
        if (*e == '"') {   /* a position: no quotes inside */
            (*count)++;
            e = strchr(e + 1, '"');
            if (!e) return NULL;
        }
    return duel_fmt("%.*s", (int)(e - a + 1), a);
}

/* Every answer against its want; the winning moves counted (where wanted) and, run after run,
   the same list as the first run's. */
static int compare(Plan *p, char *out, const char *how)
{
    int failed = 0, shown = 0;
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; i < p->n; i++) {
        Want *w = &p->v[i];
        if (!line) { printf("missing output (%s) from %s\n", how, w->stmt); return failed + 1; }
        const char *o = strstr(line, "\"outcome\":\""), *sg = strstr(line, "\"sg\":");
        bool ok = o && (w->outcome ? o[11] == w->outcome : sg && atoi(sg + 5) == w->sg && sg[5] != 'n');
        if (ok && w->nwin >= 0) {
            int k;
            char *list = winning(line, &k);
            ok = list && k == w->nwin && (!w->win || !strcmp(w->win, list));
            if (ok && !w->win) w->win = list;
            else free(list);
            if (!ok && shown < 8) printf("  winning moves: %d wanted%s\n", w->nwin, w->win ? ", the same as the first run's" : "");
        }
        if (!ok) {
            failed++;
            if (shown++ < 8) printf("MISMATCH (%s, %s) %s\n  engine: %s\n  wanted: sg %d outcome %c\n", w->what, how, w->stmt, line,
                                    w->sg, w->outcome ? w->outcome : '-');
        }
        line = strtok_r(NULL, "\n", &save);
    }
    return failed;
}

int main(void)
{
    const char *env = getenv("DUEL_BOARDS_SCALE");
    int scale = env ? atoi(env) : 1;
    Str text = { 0 };
    Plan plan = { 0 };
    int count[5] = { 0 };
    for (int t = 0; t < 600 * scale; t++) {   /* Hackenbush */
        Hk h = { .n = rnd(1, 7), .m = rnd(0, 9) };
        for (int e = 0; e < h.m; e++) {
            h.eu[e] = rnd(0, h.n - 1);
            h.ev[e] = rnd(0, 3) ? rnd(0, h.n - 1) : h.eu[e];   /* some loops */
            if (e && rnd(0, 5) == 0) { h.eu[e] = h.eu[e - 1]; h.ev[e] = h.ev[e - 1]; }   /* parallel */
        }
        int ng = 0;
        for (int v = 0; v < h.n; v++) ng += h.ground[v] = rnd(0, 3) == 0;
        if (!ng) h.ground[0] = true;
        for (int i = 0; i < 512; i++) h.memo[i] = -1;
        int all = hk_prune(&h, (1 << h.m) - 1), sg = hk_sg(&h, all), nwin = 0;
        for (int e = 0; e < h.m && sg; e++) {   /* winning cuts: parallel copies are one move */
            bool again = false;
            for (int f = 0; f < e; f++)
                again |= (all >> f & 1) && ((h.eu[f] == h.eu[e] && h.ev[f] == h.ev[e]) || (h.eu[f] == h.ev[e] && h.ev[f] == h.eu[e]));
            if ((all >> e & 1) && !again && hk_sg(&h, hk_prune(&h, all & ~(1 << e))) == 0) nwin++;
        }
        Str q = { 0 };
        sput(&q, "query Hackenbush(graph_from([");
        for (int e = 0; e < h.m; e++) sput(&q, "%s%d, %d", e ? ", " : "", h.eu[e], h.ev[e]);
        sput(&q, "], [");
        for (int v = 0, k = 0; v < h.n; v++)
            if (h.ground[v]) sput(&q, "%s%d", k++ ? ", " : "", v);
        sput(&q, "], [");
        for (int v = 0; v < h.n; v++) sput(&q, "%s%d", v ? ", " : "", v);
        sput(&q, "]));");
        want(&plan, q.s, duel_fmt("hackenbush %d", t), sg, 0);
        plan.v[plan.n - 1].nwin = nwin;
        count[0]++;
        /* beside a heap of k: a cut must leave the value k, above the graph's own value too, and
           the heap can go down to the graph's value */
        int k = rnd(1, 4), nwin2 = 0;
        for (int e = 0; e < h.m && (sg ^ k); e++) {
            bool again = false;
            for (int f = 0; f < e; f++)
                again |= (all >> f & 1) && ((h.eu[f] == h.eu[e] && h.ev[f] == h.ev[e]) || (h.eu[f] == h.ev[e] && h.ev[f] == h.eu[e]));
            if ((all >> e & 1) && !again && hk_sg(&h, hk_prune(&h, all & ~(1 << e))) == k) nwin2++;
        }
        if ((sg ^ k) && sg < k) nwin2++;
        char *q2 = duel_fmt("%.*s + Heap(%d);", (int)strlen(q.s) - 1, q.s, k);
        want(&plan, q2, duel_fmt("hackenbush %d + heap", t), sg ^ k, 0);
        plan.v[plan.n - 1].nwin = nwin2;
        count[0]++;
    }
    for (int t = 0; t < 300 * scale; t++) {   /* geography */
        Geo g = { .n = rnd(1, 7) };
        Str q = { 0 };
        sput(&q, "query Geography(digraph_from([");
        int k = 0;
        for (int u = 0; u < g.n; u++)
            for (int v = 0; v < g.n; v++)
                if (rnd(0, 2) == 0) {
                    g.arc[u][v] = true;
                    sput(&q, "%s%d, %d", k++ ? ", " : "", u, v);
                }
        sput(&q, "], [");
        for (int v = 0; v < g.n; v++) sput(&q, "%s%d", v ? ", " : "", v);
        int at = rnd(0, g.n - 1);
        sput(&q, "]), %d);", at);
        want(&plan, q.s, duel_fmt("geography %d", t), geo_sg(&g, 1 << at, at), 0);
        count[1]++;
    }
    for (int t = 0; t < 300 * scale; t++) {   /* node Kayles */
        Nk k = { .n = rnd(1, 8) };
        for (int v = 0; v < k.n; v++) k.nb[v] = 1 << v;
        Str q = { 0 };
        sput(&q, "query NodeKayles(graph_from([");
        int e = 0;
        for (int u = 0; u < k.n; u++)
            for (int v = u + 1; v < k.n; v++)
                if (rnd(0, 2) == 0) {
                    k.nb[u] |= 1 << v;
                    k.nb[v] |= 1 << u;
                    sput(&q, "%s%d, %d", e++ ? ", " : "", u, v);
                }
        sput(&q, "], [], [");
        for (int v = 0; v < k.n; v++) sput(&q, "%s%d", v ? ", " : "", v);
        sput(&q, "]));");
        for (int i = 0; i < 256; i++) k.memo[i] = -1;
        want(&plan, q.s, duel_fmt("node kayles %d", t), nk_sg(&k, (1 << k.n) - 1), 0);
        count[2]++;
    }
    for (int t = 0; t < 400 * scale; t++) {   /* the ring: outcomes */
        int n = rnd(2, 5), w[5];
        bool zero = false;
        for (int i = 0; i < n; i++) zero |= (w[i] = rnd(0, 3)) == 0;
        if (!zero) w[rnd(0, n - 1)] = 0;
        int c = rnd(0, n - 1);
        Str q = { 0 };
        sput(&q, "query RingCoinAt(%d", c);
        for (int i = 0; i < n; i++) sput(&q, ", %d", w[i]);
        sput(&q, ");");
        want(&plan, q.s, duel_fmt("ring %d", t), 0, ring_win(c, w, n) ? 'N' : 'P');
        count[3]++;
    }
    for (int t = 0; t < 100 * scale; t++) {   /* the permutation, every cell */
        int n = rnd(1, 10), a[10];
        for (int i = 0; i < n; i++) a[i] = i + 1;
        for (int i = n - 1; i > 0; i--) { int j = rnd(0, i), x = a[i]; a[i] = a[j]; a[j] = x; }
        Str l = { 0 };
        for (int i = 0; i < n; i++) sput(&l, "%s%d", i ? ", " : "", a[i]);
        for (int i = 0; i < n; i++) {
            want(&plan, duel_fmt("query Permutation([%s], %d);", l.s, i), duel_fmt("permutation %d", t), perm_sg(a, n, i), 0);
            count[4]++;
        }
        free(l.s);
    }
    for (int i = 0; i < plan.n; i++) sput(&text, "%s\n", plan.v[i].stmt);
    int failed = 0;
    const char *how[2] = { NULL, "memo" };
    for (int k = 0; k < 2; k++) {
        int st;
        char *errs = NULL;
        char *out = duel_run(text.s, how[k], &st, &errs);
        if (st) {
            printf("engine error (%s, status %d):\n%s\n", how[k] ? how[k] : "default", st, errs ? errs : "");
            failed++;
        }
        failed += compare(&plan, out, how[k] ? how[k] : "default");
        free(out);
        free(errs);
    }
    printf("boards duel: %d Hackenbush, %d geography, %d node Kayles, %d ring, %d permutation cells, "
           "each by default and by memo; %d failed\n", count[0], count[1], count[2], count[3], count[4], failed);
    for (int i = 0; i < plan.n; i++) {
        free(plan.v[i].stmt);
        free(plan.v[i].what);
        free(plan.v[i].win);
    }
    free(plan.v);
    free(text.s);
    return failed ? 1 : 0;
}
