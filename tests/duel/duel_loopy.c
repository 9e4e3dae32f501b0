/* duel_loopy.c: games with cycles against brute force written here from the definitions. Random
   digraphs (up to 8 vertices; self-loops and repeated arcs included), a token on them answered
   by the engine two ways (the standard library's Token through the token strategy, and a user's
   own ruleset through the retrograde strategy), compared with:
   (a) outcomes by iterating the win/loss rules to a fixpoint (never reached: a draw);
   (b) outcomes of sums, tokens plus a Nim heap and two or three tokens, by the same fixpoint on
       the explicit product graph: "token + *k is P" holds exactly for k = γ, and "N" exactly for
       k in K when γ = ∞(K), so this checks every γ and K set up to the heaps tried;
   (d) on acyclic digraphs, γ against the ordinary SG value by recursion;
   (e) remoteness against a depth-bounded minimax (the least d within which the mover wins, or
       loses against the fastest win);
   (f) cycles found only deep in the search: a random subtraction game with a move back up from
       one heap size in the thousands, queried first from far above it (the search walks down
       thousands of positions before it meets the cycle), then below and around it, alone and
       plus heaps, against the fixpoint over every heap size and heap;
   (g) the listed moves of the sums of (b), read back as multisets of tokens and a heap: an
       N-position's winning positions are exactly the P-positions one move away, a D-position's
       drawing positions exactly the D-positions one move away (each listed once), and a
       P-position's defence answers every opponent move (the set of positions one move away) with
       a reply that leads to a P-position again.
   Seeded; DUEL_LOOPY_SCALE=N multiplies the number of graphs. */
#include "config.h"
#include "jsonduel.h"
#include "jread.h"
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAXV 8
typedef struct Dg { int n; int nsucc[MAXV]; int succ[MAXV][3 * MAXV]; } Dg;   /* arcs, repeats kept */

static uint64_t seed = 20261204;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

static void random_dg(Dg *g, bool acyclic)
{
    g->n = rnd(1, MAXV);
    int dens = rnd(0, 3);
    bool chain = rnd(0, 2) == 0;   /* a path through every vertex: long remoteness */
    for (int u = 0; u < g->n; u++) {
        g->nsucc[u] = 0;
        if (chain && u + 1 < g->n) g->succ[u][g->nsucc[u]++] = u + 1;
        int k = rnd(0, 1 + dens);
        for (int i = 0; i < k; i++) {
            int v = rnd(0, g->n - 1);
            if (acyclic && v <= u) continue;
            g->succ[u][g->nsucc[u]++] = v;
            if (rnd(0, 9) == 0) g->succ[u][g->nsucc[u]++] = v;   /* a repeated arc */
        }
    }
}

/* ---- brute force: win/loss/draw by iteration to a fixpoint over an explicit state graph ---- */

enum { UNK, WIN, LOSS };

/* States 0..ns-1 with followers from fol(s, out) (returns how many); o[s] set to WIN / LOSS / UNK. */
typedef int (*Followers)(const void *ctx, int s, int *out);
static void fixpoint(const void *ctx, int ns, Followers fol, uint8_t *o)
{
    memset(o, UNK, (size_t)ns);
    int buf[256];
    for (bool changed = true; changed;) {
        changed = false;
        for (int s = 0; s < ns; s++) {
            if (o[s] != UNK) continue;
            int k = fol(ctx, s, buf);
            bool all_win = true, some_loss = false;
            for (int i = 0; i < k; i++) {
                some_loss |= o[buf[i]] == LOSS;
                all_win &= o[buf[i]] == WIN;
            }
            if (some_loss) { o[s] = WIN; changed = true; }
            else if (all_win) { o[s] = LOSS; changed = true; }
        }
    }
}

static char letter(uint8_t o) { return o == WIN ? 'N' : o == LOSS ? 'P' : 'D'; }

/* Product states: up to three tokens (t tokens), then a heap 0..H-1 (H = 1: none). */
typedef struct Prod { const Dg *g; int t, H; } Prod;
static int prod_states(const Prod *p)
{
    unsigned s = (unsigned)p->H;
    for (int i = 0; i < p->t; i++) s *= (unsigned)p->g->n;
    return (int)(s & 0xffffu);   /* at most 26 * 8 or 8^3 */
}
static int prod_fol(const void *ctx, int s, int *out)
{
    const Prod *p = ctx;
    int k = 0, h = s % p->H, rest = s / p->H, pos[3], mul[3], m = p->H;
    for (int i = 0; i < p->t; i++) {
        pos[i] = rest % p->g->n;
        rest /= p->g->n;
        mul[i] = m;
        m *= p->g->n;
    }
    for (int x = 0; x < h; x++) out[k++] = s - h + x;   /* the heap */
    for (int i = 0; i < p->t; i++)
        for (int a = 0; a < p->g->nsucc[pos[i]]; a++) out[k++] = s + (p->g->succ[pos[i]][a] - pos[i]) * mul[i];
    return k;
}
static int prod_index(const Prod *p, const int *pos, int h)
{
    int s = 0, m = p->H;
    for (int i = 0; i < p->t; i++) {
        s += pos[i] * m;
        m *= p->g->n;
    }
    return s + h;
}

/* (f) Deep(n): take k in sub[] (k <= n), and at n == at[j] move up to n + up[j]. States n * H + h
   with a Nim heap h < H beside it. */
typedef struct Deep { int nsub, sub[4], nat, at[2], up[2], H; } Deep;
static int deep_fol(const void *ctx, int s, int *out)
{
    const Deep *d = ctx;
    int n = s / d->H, h = s % d->H, k = 0;
    for (int x = 0; x < h; x++) out[k++] = s - h + x;
    for (int i = 0; i < d->nsub; i++)
        if (n >= d->sub[i]) out[k++] = s - d->sub[i] * d->H;
    for (int j = 0; j < d->nat; j++)
        if (n == d->at[j]) out[k++] = s + d->up[j] * d->H;
    return k;
}

/* ---- (d) SG by recursion on an acyclic digraph; (e) remoteness by depth-bounded minimax ---- */

static int sg_dag(const Dg *g, int v, int *memo)
{
    if (memo[v] >= 0) return memo[v];
    bool seen[3 * MAXV + 2] = { false };
    for (int a = 0; a < g->nsucc[v]; a++) seen[sg_dag(g, g->succ[v][a], memo)] = true;
    int m = 0;
    while (seen[m]) m++;
    return memo[v] = m;
}

/* -1 for a draw. win[d][v]: the mover wins within d plies; lose[d][v]: loses within d plies. */
static int remoteness(const Dg *g, int v)
{
    enum { D = 4 * MAXV + 4 };
    static bool win[D][MAXV], lose[D][MAXV];
    for (int u = 0; u < g->n; u++) {
        win[0][u] = false;
        lose[0][u] = g->nsucc[u] == 0;
    }
    for (int d = 1; d < D; d++)
        for (int u = 0; u < g->n; u++) {
            bool w = false, l = true;
            for (int a = 0; a < g->nsucc[u]; a++) {
                w |= lose[d - 1][g->succ[u][a]];
                l &= win[d - 1][g->succ[u][a]];
            }
            win[d][u] = w;
            lose[d][u] = l;
        }
    for (int d = 0; d < D; d++)
        if (win[d][v] || lose[d][v]) return d;
    return -1;
}

/* ---- the engine's answers ----------------------------------------------------------------- */


/* remote -2: not checked. keys: (g) the positions the listed moves must reach, sorted and distinct
   (winning, drawing, or the opponent's moves of a defence); pairs: a defence's "move=>reply"
   pairs that keep the position lost for the opponent. */
typedef struct Want {
    char *stmt, *what;
    char outcome;
    int remote;
    int sg;
    char **keys, **pairs;
    int nkeys, npairs;
} Want;
typedef struct Plan { Want *v; int n, cap; } Plan;

static Want *want(Plan *p, char *stmt, char *what, char outcome, int remote, int sg)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 256;
        p->v = realloc(p->v, (size_t)p->cap * sizeof *p->v);
    }
    p->v[p->n] = (Want){ stmt, what, outcome, remote, sg, NULL, NULL, 0, 0 };
    return &p->v[p->n++];
}

/* ---- (g) listed moves as multisets: "v1,v2|h" (token vertices sorted, then the heap) ---- */

static int cmp_int(const void *x, const void *y) { return *(const int *)x - *(const int *)y; }
static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

static char *multiset_key(int *v, int n, int h)
{
    qsort(v, (size_t)n, sizeof *v, cmp_int);
    char b[64];
    int len = 0;
    for (int i = 0; i < n; i++) len += snprintf(b + len, sizeof b - (size_t)len, "%s%d", i ? "," : "", v[i]);
    snprintf(b + len, sizeof b - (size_t)len, "|%d", h);
    return strdup(b);
}

/* A token on a vertex without arcs is a terminal component: no part of the position. */
static char *state_key(const Prod *p, int s)
{
    int h = s % p->H, rest = s / p->H, v[3], n = 0;
    for (int i = 0; i < p->t; i++) {
        int x = rest % p->g->n;
        rest /= p->g->n;
        if (p->g->nsucc[x]) v[n++] = x;
    }
    return multiset_key(v, n, h);
}

/* The key of a position the engine printed: tokens Token(G, v) or U<g>(v), a Nim heap, "k * X". */
static char *text_key(const char *t)
{
    int v[64], n = 0, h = 0;
    while (*t) {
        while (*t == ' ' || *t == '+') t++;
        if (!*t) break;
        int copies = 1;
        if (*t >= '0' && *t <= '9') {
            char *e;
            long c = strtol(t, &e, 10);
            while (*e == ' ') e++;
            if (*e != '*') return *t == '0' && !t[1] ? multiset_key(v, 0, 0) : NULL;   /* "0": nothing left */
            copies = (int)c;
            t = e + 1;
            while (*t == ' ') t++;
        }
        const char *close = strchr(t, ')'), *last = close;
        if (!close) return NULL;
        while (last > t && last[-1] != ',' && last[-1] != '(') last--;   /* the last argument */
        int x = atoi(last);
        for (int c = 0; c < copies; c++) {
            if (!strncmp(t, "Heap(", 5)) h += x;   /* at most one heap in these sums */
            else if (n < 64) v[n++] = x;
            else return NULL;
        }
        t = close + 1;
    }
    return multiset_key(v, n, h);
}

/* Sort and drop repeats; returns the count. */
static int distinct(char **k, int n)
{
    qsort(k, (size_t)n, sizeof *k, cmp_str);
    int m = 0;
    for (int i = 0; i < n; i++) {
        if (m && !strcmp(k[m - 1], k[i])) free(k[i]);
        else k[m++] = k[i];
    }
    return m;
}

/* What the listed moves of state s of p must be (o: the product's outcomes). */
static void want_moves(Want *w, const Prod *p, const uint8_t *o, int s)
{
    int f[256], nf = prod_fol(p, s, f);
    w->keys = malloc((size_t)(nf + 1) * sizeof *w->keys);
    for (int i = 0; i < nf; i++) {
        bool in = o[s] == WIN ? o[f[i]] == LOSS : o[s] == UNK ? o[f[i]] == UNK : true;
        if (in) w->keys[w->nkeys++] = state_key(p, f[i]);
    }
    w->nkeys = distinct(w->keys, w->nkeys);
    if (o[s] != LOSS) return;
    int cap = 16;
    w->pairs = malloc((size_t)cap * sizeof *w->pairs);
    for (int i = 0; i < nf; i++) {
        int g[256], ng = prod_fol(p, f[i], g);
        char *mk = state_key(p, f[i]);
        for (int j = 0; j < ng; j++) {
            if (o[g[j]] != LOSS) continue;
            char *rk = state_key(p, g[j]);
            if (w->npairs == cap) w->pairs = realloc(w->pairs, (size_t)(cap *= 2) * sizeof *w->pairs);
            w->pairs[w->npairs++] = duel_fmt("%s=>%s", mk, rk);
            free(rk);
        }
        free(mk);
    }
    w->npairs = distinct(w->pairs, w->npairs);
}

static bool has_key(char **k, int n, const char *x)
{
    return bsearch(&x, k, (size_t)n, sizeof *k, cmp_str) != NULL;
}

/* (g) the engine's listed moves against w; a message for the first difference. */
static bool check_moves(const Want *w, const char *line, char *why, size_t cap)
{
    if (!w->keys) return true;
    JVal *j = jread(line);
    if (!j) {
        snprintf(why, cap, "the answer does not read as JSON");
        return false;
    }
    bool ok = true;
    const JVal *list = jget(j, w->outcome == 'D' ? "drawing" : "winning");
    if (w->outcome != 'P') {
        char **got = malloc(((list ? list->n : 0) + 1) * sizeof *got);
        int n = 0;
        for (size_t i = 0; ok && list && i < list->n; i++) {
            char *k = text_key(list->v[i].s);
            if (!k) { snprintf(why, cap, "listed position %s does not read", list->v[i].s); ok = false; break; }
            got[n++] = k;
        }
        int m = ok ? distinct(got, n) : n;   /* got[0..m) live */
        if (ok && m != n) { snprintf(why, cap, "a position listed twice"); ok = false; }
        for (int i = 0; ok && i < m; i++)
            if (!has_key(w->keys, w->nkeys, got[i])) { snprintf(why, cap, "listed %s, which does not keep it", got[i]); ok = false; }
        for (int i = 0; ok && i < w->nkeys; i++)
            if (!has_key(got, m, w->keys[i])) { snprintf(why, cap, "missing the move to %s", w->keys[i]); ok = false; }
        for (int i = 0; i < m; i++) free(got[i]);
        free(got);
    } else if (w->nkeys && jget(j, "defence")) {   /* a defence (a P-position with cycles): every opponent move answered */
        const JVal *d = jget(j, "defence");
        char **got = malloc(((d ? d->n : 0) + 1) * sizeof *got);
        int n = 0;
        for (size_t i = 0; ok && d && i < d->n; i++) {
            const JVal *mv = jget(&d->v[i], "move"), *rp = jget(&d->v[i], "reply");
            char *mk = mv ? text_key(mv->s) : NULL, *rk = rp ? text_key(rp->s) : NULL;
            char *pair = mk && rk ? duel_fmt("%s=>%s", mk, rk) : NULL;
            if (!pair) snprintf(why, cap, "a defence entry does not read");
            else if (!has_key(w->pairs, w->npairs, pair)) snprintf(why, cap, "the reply %s does not keep it lost", pair);
            else got[n++] = mk, mk = NULL;
            ok = pair && has_key(w->pairs, w->npairs, pair);
            free(pair);
            free(mk);
            free(rk);
        }
        int m = ok ? distinct(got, n) : n;   /* got[0..m) live */
        for (int i = 0; ok && i < w->nkeys; i++)
            if (!has_key(got, m, w->keys[i])) { snprintf(why, cap, "no reply to the move to %s", w->keys[i]); ok = false; }
        for (int i = 0; i < m; i++) free(got[i]);
        free(got);
    }
    jread_free(j);
    return ok;
}


int main(void)
{
    const char *env = getenv("DUEL_LOOPY_SCALE");
    int scale = env ? atoi(env) : 1, graphs = 1500 * scale;
    Str text = { 0 };
    Plan plan = { 0 };
    int counts[6] = { 0 };   /* lone tokens, token + heap, token sums, acyclic, deep, wrong lists */
    for (int gi = 0; gi < graphs; gi++) {
        Dg g;
        bool acyclic = gi % 5 == 4;
        random_dg(&g, acyclic);
        sput(&text, "digraph G%d {", gi);
        for (int u = 0; u < g.n; u++) {
            sput(&text, " %d;", u);
            for (int a = 0; a < g.nsucc[u]; a++) sput(&text, " %d -> %d;", u, g.succ[u][a]);
        }
        sput(&text, " }\ngame U%d(v) { move (w in succ(G%d, v)) => U%d(w); }\n", gi, gi, gi);
        Prod one = { &g, 1, 1 };
        uint8_t o1[MAXV];
        fixpoint(&one, prod_states(&one), prod_fol, o1);
        int memo[MAXV];
        for (int v = 0; v < g.n; v++) memo[v] = -1;
        for (int v = 0; v < g.n; v++) {   /* (a), (d), (e) */
            int r = remoteness(&g, v);
            int sg = acyclic ? sg_dag(&g, v, memo) : -1;
            want(&plan, duel_fmt("query Token(G%d, %d);", gi, v), duel_fmt("token, graph %d", gi), letter(o1[v]), r, sg);
            want(&plan, duel_fmt("query U%d(%d);", gi, v), duel_fmt("user ruleset, graph %d", gi), letter(o1[v]), r, sg);
            counts[0] += 2;
            counts[3] += acyclic;
        }
        int H = 3 * MAXV + 2;   /* (b) token + heap: every k up to past any follower count */
        Prod th = { &g, 1, H };
        uint8_t *o2 = malloc((size_t)prod_states(&th));
        fixpoint(&th, prod_states(&th), prod_fol, o2);
        for (int v = 0; v < g.n; v++)
            for (int k = 0; k < (gi % 3 == 0 ? H : 4); k++) {
                int pos[1] = { v };
                char o = letter(o2[prod_index(&th, pos, k)]);
                Want *w;
                if (gi % 2) w = want(&plan, duel_fmt("query Token(G%d, %d) + Heap(%d);", gi, v, k), duel_fmt("token + heap, graph %d", gi), o, -2, -1);
                else w = want(&plan, duel_fmt("query U%d(%d) + Heap(%d);", gi, v, k), duel_fmt("user ruleset + heap, graph %d", gi), o, -2, -1);
                if (k < 4 && !(acyclic && o == 'P')) want_moves(w, &th, o2, prod_index(&th, pos, k));
                counts[1]++;
            }
        free(o2);
        int t = rnd(2, 3);   /* (b) two or three tokens */
        Prod tt = { &g, t, 1 };
        uint8_t *o3 = malloc((size_t)prod_states(&tt));
        fixpoint(&tt, prod_states(&tt), prod_fol, o3);
        for (int q = 0; q < 6; q++) {
            int pos[3] = { rnd(0, g.n - 1), rnd(0, g.n - 1), rnd(0, g.n - 1) };
            char o = letter(o3[prod_index(&tt, pos, 0)]);
            Want *w;
            if (t == 2) w = want(&plan, duel_fmt("query Tokens(G%d, %d, %d);", gi, pos[0], pos[1]), duel_fmt("two tokens, graph %d", gi), o, -2, -1);
            else w = want(&plan, duel_fmt("query Tokens(G%d, %d, %d, %d);", gi, pos[0], pos[1], pos[2]), duel_fmt("three tokens, graph %d", gi), o, -2, -1);
            if (!(acyclic && o == 'P')) want_moves(w, &tt, o3, prod_index(&tt, pos, 0));
            counts[2]++;
        }
        free(o3);
    }
    for (int gi = 0; gi < 12 * scale; gi++) {   /* (f) */
        Deep d = { .nsub = rnd(1, 4), .nat = rnd(1, 2), .H = 4 };
        for (int i = 0; i < d.nsub; i++) d.sub[i] = rnd(1, 7);
        for (int j = 0; j < d.nat; j++) {
            d.at[j] = rnd(1000, 4000);
            d.up[j] = rnd(1, 15);
        }
        int top = rnd(20000, 40000), ns = (top + 1) * d.H;
        sput(&text, "game Deep%d(n) { move (k in [%d", gi, d.sub[0]);
        for (int i = 1; i < d.nsub; i++) sput(&text, ", %d", d.sub[i]);
        sput(&text, "]) when n >= k => Deep%d(n - k);", gi);
        for (int j = 0; j < d.nat; j++) sput(&text, " move when n == %d => Deep%d(n + %d);", d.at[j], gi, d.up[j]);
        sput(&text, " }\n");
        uint8_t *od = malloc((size_t)ns);
        fixpoint(&d, ns, deep_fol, od);
        for (int q = 0; q < 40; q++) {
            int n = q == 0 ? top : q < 20 ? d.at[q % d.nat] + rnd(-20, 20) : rnd(0, top);
            int h = q < 10 ? 0 : rnd(0, d.H - 1);
            char o = letter(od[n * d.H + h]);
            if (h) want(&plan, duel_fmt("query Deep%d(%d) + Heap(%d);", gi, n, h), duel_fmt("deep cycle + heap, ruleset %d", gi), o, -2, -1);
            else want(&plan, duel_fmt("query Deep%d(%d);", gi, n), duel_fmt("deep cycle, ruleset %d", gi), o, -2, -1);
            counts[4]++;
        }
        free(od);
    }
    for (int i = 0; i < plan.n; i++) sput(&text, "%s\n", plan.v[i].stmt);
    int st;
    char *errs = NULL;
    char *out = duel_run(text.s, NULL, &st, &errs);
    int failed = 0, shown = 0;
    if (st) {
        printf("engine error (status %d):\n%s\n", st, errs ? errs : "");
        failed++;
    }
    char *save = NULL, *line = strtok_r(out, "\n", &save);
    for (int i = 0; i < plan.n; i++) {
        const Want *w = &plan.v[i];
        if (!line) { printf("missing output from %s\n", w->stmt); failed++; break; }
        char *o = duel_field(line, "outcome"), *r = duel_field(line, "remoteness"), *sg = duel_field(line, "sg");
        bool ok = o && o[1] == w->outcome;
        /* a lone token: its remoteness (null for a draw) where the engine labelled it backwards
           (the token and retrograde strategies: a part without cycles that memo answered first has
           none; a terminal position is no component at all) */
        bool labelled = strstr(line, "\"strategy\":\"tokens\"") || strstr(line, "\"strategy\":\"retrograde\"");
        if (ok && w->remote != -2 && labelled && !strstr(line, "\"position\":\"0\"")) {
            if (w->remote < 0) ok = r && !strcmp(r, "null");
            else ok = r && atoi(r) == w->remote;
        }
        if (ok && w->remote != -2 && strstr(line, "\"strategy\":\"tokens\"") && !strstr(line, "\"position\":\"0\"") && !r)
            ok = false;   /* the token strategy always knows it */
        if (ok && w->sg >= 0) ok = sg && atoi(sg) == w->sg;
        char why[300] = "";
        if (ok && !check_moves(w, line, why, sizeof why)) {
            ok = false;
            counts[5]++;
        }
        if (!ok) {
            failed++;
            if (shown++ < 10)
                printf("MISMATCH (%s) %s\n  engine: %s\n  wanted: outcome %c, remoteness %d, sg %d%s%s\n", w->what, w->stmt,
                       line, w->outcome, w->remote, w->sg, why[0] ? "; listed moves: " : "", why);
        }
        free(o);
        free(r);
        free(sg);
        line = strtok_r(NULL, "\n", &save);
    }
    int listed = 0, defences = 0;
    for (int i = 0; i < plan.n; i++) {
        listed += plan.v[i].keys != NULL;
        defences += plan.v[i].npairs > 0;
    }
    printf("loopy duel: %d graphs; %d lone tokens (outcome, remoteness), %d of them on acyclic graphs (SG), "
           "%d token + heap sums (every gamma and K), %d sums of tokens, %d positions of games with a deep cycle; "
           "listed moves of %d sums (%d P-positions with a defence to check; %d lists wrong); %d of %d answers failed\n",
           graphs, counts[0], counts[3], counts[1], counts[2], counts[4], listed, defences, counts[5], failed, plan.n);
    for (int i = 0; i < plan.n; i++) {
        free(plan.v[i].stmt);
        free(plan.v[i].what);
        for (int k = 0; k < plan.v[i].nkeys; k++) free(plan.v[i].keys[k]);
        for (int k = 0; k < plan.v[i].npairs; k++) free(plan.v[i].pairs[k]);
        free(plan.v[i].keys);
        free(plan.v[i].pairs);
    }
    free(plan.v);
    free(text.s);
    free(out);
    free(errs);
    return failed ? 1 : 0;
}
