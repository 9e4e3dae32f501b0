/* duel_compound.c: misere play and the compounds against exhaustive play of the explicit compound.
   Random sums of 1-4 small components (subtraction games with random sets, Kayles rows, Euclid
   pairs, tokens on random DAGs) are played by the compounds' rules as a person states them: each
   component is expanded into its own game graph from its rules, the compound's moves are formed
   from the components' moves (one component: misere sum; every live one: every; every one,
   ended when one has ended: conj; any non-empty set of live ones: select; any non-empty set,
   ended when one has ended: shortselect), and the outcome is found by plain recursion, normal
   play (no move: lose) or misere (no move: win). No formula of docs/theory.md is used here.
   The engine answers outcome(misere(...)), outcome(every(...)), ... for the same sums; winning
   moves are checked by the engine's own outcome of each listed move being P (the move's legality
   and position text are checked for Nim-like sums by duel_big). Fixed seed. */
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x5eed0c0a9001ULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* ---- a component as an explicit game graph ---- */
#define MAXS 256
#define MAXO 24
typedef struct Graph {
    int n;
    char key[MAXS][32];     /* a state's description (for interning while expanding) */
    int nopt[MAXS], opt[MAXS][MAXO];
} Graph;

static int intern(Graph *g, const char *key)
{
    for (int i = 0; i < g->n; i++)
        if (!strcmp(g->key[i], key)) return i;
    if (g->n == MAXS) { fprintf(stderr, "duel: component too big\n"); exit(2); }
    snprintf(g->key[g->n], sizeof g->key[0], "%s", key);
    g->nopt[g->n] = 0;
    return g->n++;
}

static void add_opt(Graph *g, int from, const char *key)
{
    int to = intern(g, key);
    for (int i = 0; i < g->nopt[from]; i++)
        if (g->opt[from][i] == to) return;
    if (g->nopt[from] == MAXO) { fprintf(stderr, "duel: too many options\n"); exit(2); }
    g->opt[from][g->nopt[from]++] = to;
}

/* Kayles: a row of heaps (a sorted list of sizes); take one pin or two adjacent pins. */
static void kayles_key(int *h, int n, char *out)
{
    for (int i = 0; i < n; i++)   /* sort */
        for (int j = i + 1; j < n; j++)
            if (h[j] < h[i]) { int t = h[i]; h[i] = h[j]; h[j] = t; }
    out[0] = 'k';
    int w = 1;
    for (int i = 0; i < n; i++)
        if (h[i]) w += snprintf(out + w, 32 - (size_t)w, "%d,", h[i]);
    out[w] = 0;
}

static int parse_heaps(const char *key, int *h)
{
    int n = 0;
    for (const char *p = key + 1; *p;) {
        h[n++] = atoi(p);
        while (*p && *p != ',') p++;
        if (*p) p++;
    }
    return n;
}

typedef struct Comp { int kind; int a, b; int set[4], nset; int dag; char text[96]; Graph g; } Comp;
enum { SUB, KAY, EUC, DAG };
static int dag_arcs[8][8], ndag;

static void expand(Comp *c)
{
    Graph *g = &c->g;
    g->n = 0;
    char k[32];
    if (c->kind == SUB) snprintf(k, sizeof k, "s%d", c->a);
    else if (c->kind == KAY) snprintf(k, sizeof k, "k%d,", c->a);
    else if (c->kind == EUC) snprintf(k, sizeof k, "e%d,%d", c->a > c->b ? c->a : c->b, c->a > c->b ? c->b : c->a);
    else snprintf(k, sizeof k, "d%d", c->a);
    intern(g, k);
    for (int i = 0; i < g->n; i++) {
        const char *key = g->key[i];
        char nk[32];
        if (key[0] == 's') {
            int n = atoi(key + 1);
            for (int j = 0; j < c->nset; j++)
                if (c->set[j] <= n) {
                    snprintf(nk, sizeof nk, "s%d", n - c->set[j]);
                    add_opt(g, i, nk);
                }
        } else if (key[0] == 'k') {
            int h[16], n = parse_heaps(key, h);
            for (int j = 0; j < n; j++)
                for (int take = 1; take <= 2; take++)
                    for (int left = 0; left + take <= h[j]; left++) {
                        int hh[16];
                        memcpy(hh, h, sizeof hh);
                        hh[j] = left;
                        hh[n] = h[j] - left - take;
                        kayles_key(hh, n + 1, nk);
                        add_opt(g, i, nk);
                    }
        } else if (key[0] == 'e') {
            int a, b;
            sscanf(key + 1, "%d,%d", &a, &b);
            if (b == 0) continue;   /* a position with a 0 has ended */
            for (int m = 1; m * b <= a; m++) {
                int x = a - m * b, y = b;
                snprintf(nk, sizeof nk, "e%d,%d", x > y ? x : y, x > y ? y : x);
                add_opt(g, i, nk);
            }
        } else {
            int v = atoi(key + 1);
            for (int w = 0; w < ndag; w++)
                if (dag_arcs[v][w]) {
                    snprintf(nk, sizeof nk, "d%d", w);
                    add_opt(g, i, nk);
                }
        }
    }
}

/* ---- the explicit compound ---- */
enum { M_SUM, M_EVERY, M_CONJ, M_SELECT, M_SHORT };
static const char *const mode_name[] = { "", "every", "conj", "select", "shortselect" };
static Comp comps[4];
static int ncomp, radix[4];
static signed char *memo;   /* per product state: 0 unknown, 1 lose, 2 win */
static int mode, misere;
static bool last_any;   /* whether the last state win() decided had a move */

static int code(const int *s)
{
    int c = 0;
    for (int i = ncomp - 1; i >= 0; i--) c = c * radix[i] + s[i];
    return c;
}

static bool win(const int *s);

/* Try every move: components in mask move (each to every option); depth = component index. */
static bool some_move_wins(const int *s, int mask, int i, int *t)
{
    if (i == ncomp) return !win(t);
    if (!(mask >> i & 1)) {
        t[i] = s[i];
        return some_move_wins(s, mask, i + 1, t);
    }
    const Graph *g = &comps[i].g;
    for (int k = 0; k < g->nopt[s[i]]; k++) {
        t[i] = g->opt[s[i]][k];
        if (some_move_wins(s, mask, i + 1, t)) return true;
    }
    return false;
}

static bool win(const int *s)
{
    int c = code(s);
    if (memo[c]) return memo[c] == 2;
    int live = 0;
    bool ended = false;
    for (int i = 0; i < ncomp; i++) {
        if (comps[i].g.nopt[s[i]]) live |= 1 << i;
        else ended = true;
    }
    bool any = false, w = false;
    int t[4];
    if ((mode == M_CONJ || mode == M_SHORT) && ended) {
        any = false;
    } else if (mode == M_SUM) {
        for (int i = 0; i < ncomp && !w; i++)
            if (live >> i & 1) { any = true; w = some_move_wins(s, 1 << i, 0, t); }
    } else if (mode == M_EVERY || mode == M_CONJ) {
        if (live) { any = true; w = some_move_wins(s, live, 0, t); }
    } else {
        for (int m = 1; m < (1 << ncomp) && !w; m++)
            if ((m & live) == m) { any = true; w = some_move_wins(s, m, 0, t); }
    }
    if (!any) w = misere;
    last_any = any;
    memo[c] = w ? 2 : 1;
    return w;
}

static void random_comp(Comp *c)
{
    c->kind = rnd(0, 3);
    if (c->kind == SUB) {
        c->nset = rnd(1, 3);
        int used = 0;
        for (int i = 0; i < c->nset; i++) {
            int x;
            do x = rnd(1, 5); while (used >> x & 1);
            used |= 1 << x;
        }
        c->nset = 0;
        for (int x = 1; x <= 5; x++)
            if (used >> x & 1) c->set[c->nset++] = x;
        c->a = rnd(0, 14);
        int w = snprintf(c->text, sizeof c->text, "Subtract(%d, {", c->a);
        for (int i = 0; i < c->nset; i++) w += snprintf(c->text + w, sizeof c->text - (size_t)w, "%s%d", i ? ", " : "", c->set[i]);
        snprintf(c->text + w, sizeof c->text - (size_t)w, "})");
    } else if (c->kind == KAY) {
        c->a = rnd(0, 7);
        snprintf(c->text, sizeof c->text, "Kayles(%d)", c->a);
    } else if (c->kind == EUC) {
        c->a = rnd(0, 13);
        c->b = rnd(0, 13);
        snprintf(c->text, sizeof c->text, "Euclid(%d, %d)", c->a, c->b);
    } else {
        c->a = rnd(0, ndag - 1);
        snprintf(c->text, sizeof c->text, "Dag(%d)", c->a);
    }
    expand(c);
}

int main(void)
{
    int failed = 0, checked = 0, moves_checked = 0;
    for (int round = 0; round < 8; round++) {
        /* a random DAG on 5-8 vertices for this round's Dag(v) */
        ndag = rnd(5, 8);
        memset(dag_arcs, 0, sizeof dag_arcs);
        Str prog = { 0 };
        sput(&prog, "const G = digraph_from([");
        int first = 1;
        for (int u = 0; u < ndag; u++)
            for (int v = u + 1; v < ndag; v++)
                if (rnd(0, 2) == 0) {
                    dag_arcs[u][v] = 1;
                    sput(&prog, "%s%d, %d", first ? "" : ", ", u, v);
                    first = 0;
                }
        sput(&prog, "], [");
        for (int v = 0; v < ndag; v++) sput(&prog, "%s%d", v ? ", " : "", v);
        sput(&prog, "]);\ngame Dag(v) { move (w in succ(G, v)) => Dag(w); }\n");
        enum { PER = 300 };
        char expect[PER];
        bool movable[PER];
        char *query[PER];
        for (int q = 0; q < PER; q++) {
            ncomp = rnd(1, 4);
            int total = 1;
            for (int i = 0; i < ncomp; i++) {
                do random_comp(&comps[i]); while (total * comps[i].g.n > 200000);
                radix[i] = comps[i].g.n;
                total *= radix[i];
            }
            mode = rnd(0, 4);
            misere = rnd(0, 1);
            if (mode == M_SUM && !misere) misere = 1;   /* normal play of a sum: the other duels */
            memo = calloc((size_t)total, 1);
            int s[4] = { 0, 0, 0, 0 };
            expect[q] = win(s) ? 'N' : 'P';   /* the start is decided last */
            movable[q] = last_any;
            free(memo);
            Str t = { 0 };
            sput(&t, "%s%s%s", misere ? "misere(" : "", mode_name[mode], mode ? "(" : "");
            for (int i = 0; i < ncomp; i++) sput(&t, "%s%s", i ? " + " : "", comps[i].text);
            sput(&t, "%s%s", mode ? ")" : "", misere ? ")" : "");
            query[q] = t.s;
            sput(&prog, "print outcome(%s);\n", t.s);
            /* every listed winning move must be a P-position (the engine's count, then each) */
            sput(&prog, "print [outcome(winning_move(%s, i)) for i in 0..winning_count(%s) - 1];\n", t.s, t.s);
        }
        int status;
        char *errors = NULL;
        char *out = duel_run(prog.s, NULL, &status, &errors);
        if (status) {
            fprintf(stderr, "engine failed (status %d):\n%s\n", status, errors ? errors : "");
            return 1;
        }
        char *line = out;
        for (int q = 0; q < PER; q++) {
            char *nl = strchr(line, '\n');
            char *nl2 = nl ? strchr(nl + 1, '\n') : NULL;
            if (!nl || !nl2) { fprintf(stderr, "missing output for %s\n", query[q]); return 1; }
            *nl = *nl2 = 0;
            char *v = duel_field(line, "value");
            checked++;
            char got = v && strlen(v) >= 3 ? v[1] : '?';
            if (got != expect[q]) {
                if (failed++ < 10) fprintf(stderr, "MISMATCH %s: engine %c, explicit compound %c\n", query[q], got, expect[q]);
            }
            free(v);
            /* the moves: all "P", and at least one when N */
            const char *l2 = nl + 1;
            bool any = strstr(l2, "\"P\"") != NULL, bad = strstr(l2, "\"N\"") || strstr(l2, "\"D\"");
            if (bad || (expect[q] == 'N' && movable[q] && !any)) {
                if (failed++ < 10) fprintf(stderr, "BAD MOVES %s: %s\n", query[q], l2);
                if (getenv("DUEL_DUMP") && failed == 1) {
                    FILE *f = fopen(getenv("DUEL_DUMP"), "w");
                    if (f) { fputs(prog.s, f); fclose(f); }
                }
            }
            moves_checked += any;
            line = nl2 + 1;
            free(query[q]);
        }
        free(out);
        free(errors);
        free(prog.s);
    }
    printf("compound duel: %d sums, %d with winning moves checked, %d failures\n", checked, moves_checked, failed);
    return failed ? 1 : 0;
}
