/* duel_scoring.c: scoring games (negamax) against plain recursion written here from the rules as
   stated: Ends (take a number from either end of the row), CoinGame (a stack of coins, take 1..2t
   where the opponent took t, 1..2 first), YoungChess (fill a staircase on an R x C board, the
   first player scoring A[i][j] for a cell, the second B[i][j]: matrices as lists of lists), and
   random one-heap scoring rulesets (take k from a set while k <= n, scoring a formula of n and k). The value must agree, and so must the totals of
   the best line the engine reports (the first best move in the rules' order each time). */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x5c0e1ULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* ---- Ends: a[l..r] ---------------------------------------------------------------------------- */

static long long ends(const int *a, int l, int r)
{
    if (l > r) return 0;
    long long x = a[l] - ends(a, l + 1, r), y = a[r] - ends(a, l, r - 1);
    return x > y ? x : y;
}

static void ends_line(const int *a, int n, long long t[2])
{
    int l = 0, r = n - 1, who = 0;
    t[0] = t[1] = 0;
    while (l <= r) {
        long long v = ends(a, l, r);
        if (a[l] - ends(a, l + 1, r) == v) t[who] += a[l++];   /* the rule "left" comes first */
        else t[who] += a[r--];
        who ^= 1;
    }
}

/* ---- CoinGame: coins c[i..n), the last take t ---------------------------------------------- */

static long long coins(const int *c, int n, int i, int t)
{
    long long best = 0;
    int got = 0;
    for (int k = 1; k <= 2 * t && i + k <= n; k++) {
        got += c[i + k - 1];
        long long v = got - coins(c, n, i + k, k);
        if (k == 1 || v > best) best = v;
    }
    return best;
}

static void coins_line(const int *c, int n, long long t[2])
{
    int i = 0, last = 1, who = 0;
    t[0] = t[1] = 0;
    while (i < n) {
        long long v = coins(c, n, i, last);
        int got = 0;
        for (int k = 1; k <= 2 * last && i + k <= n; k++) {
            got += c[i + k - 1];
            if (got - coins(c, n, i + k, k) == v) {
                t[who] += got;
                i += k;
                last = k;
                break;
            }
        }
        who ^= 1;
    }
}

/* ---- YoungChess: row i of an R x C board filled to p[i] (p never increasing down the rows) ---- */

enum { YR = 4, YC = 4 };
static int yr, yc, ya[YR][YC], yb[YR][YC];

/* The value for the player to move, who is the first player when the filled cells are even. */
static long long young(int *p)
{
    int filled = 0;
    for (int i = 0; i < yr; i++) filled += p[i];
    long long best = 0;
    bool any = false;
    for (int i = 0; i < yr; i++) {
        if (p[i] == yc || (i > 0 && p[i - 1] == p[i])) continue;   /* full, or the row above not longer */
        int g = filled % 2 == 0 ? ya[i][p[i]] : yb[i][p[i]];
        p[i]++;
        long long v = g - young(p);
        p[i]--;
        if (!any || v > best) best = v;
        any = true;
    }
    return best;
}

/* Both totals along the best line, the first best move (the lowest row) each time. */
static void young_line(long long t[2])
{
    int p[YR] = { 0 }, who = 0;
    t[0] = t[1] = 0;
    for (;;) {
        long long v = young(p);
        int i = 0;
        for (; i < yr; i++) {
            if (p[i] == yc || (i > 0 && p[i - 1] == p[i])) continue;
            int g = who == 0 ? ya[i][p[i]] : yb[i][p[i]];
            p[i]++;
            long long after = young(p);
            p[i]--;
            if (g - after == v) {
                t[who] += g;
                p[i]++;
                break;
            }
        }
        if (i == yr) return;
        who ^= 1;
    }
}

static void young_matrix(Str *prog, int m[YR][YC])
{
    sput(prog, "[");
    for (int i = 0; i < yr; i++) {
        sput(prog, "%s[", i ? ", " : "");
        for (int j = 0; j < yc; j++) sput(prog, "%s%d", j ? ", " : "", m[i][j]);
        sput(prog, "]");
    }
    sput(prog, "]");
}

/* ---- random rulesets: R(n), take k in S (k <= n), gain (A n + B k + C) % M - D ---------------- */

typedef struct Rule { int set[4], nset, A, B, C, M, D; } Rule;

static long long gain(const Rule *r, int n, int k) { return (long long)((r->A * n + r->B * k + r->C) % r->M) - r->D; }

static long long ruled(const Rule *r, int n)
{
    long long best = 0;
    bool any = false;
    for (int j = 0; j < r->nset; j++) {
        int k = r->set[j];
        if (k > n) continue;
        long long v = gain(r, n, k) - ruled(r, n - k);
        if (!any || v > best) best = v;
        any = true;
    }
    return best;
}

/* ---- the duel ------------------------------------------------------------------------------- */

typedef struct Want { long long v, t[2]; bool line; } Want;

static int check(const char *what, const char *prog, const Want *want, int n)
{
    int status;
    char *err = NULL;
    char *out = duel_run(prog, NULL, &status, &err);
    int fails = 0, i = 0;
    if (status) {
        fprintf(stderr, "%s: exit %d: %s\n", what, status, err ? err : "");
        free(out);
        free(err);
        return n;
    }
    for (char *line = strtok(out, "\n"); line && i < n; line = strtok(NULL, "\n"), i++) {
        char *v = duel_field(line, "value");
        long long got = v ? atoll(v) : 0x7fffffffffffffffLL, t0 = 0, t1 = 0;
        const char *tp = strstr(line, "\"totals\":[");
        bool line_ok = !want[i].line ||
                       (tp && sscanf(tp, "\"totals\":[%lld,%lld]", &t0, &t1) == 2 && t0 == want[i].t[0] && t1 == want[i].t[1]);
        if (!v || got != want[i].v || !line_ok) {
            if (fails < 5)
                fprintf(stderr, "%s #%d: want value %lld (totals %lld, %lld), got: %s\n", what, i, want[i].v, want[i].t[0],
                        want[i].t[1], line);
            fails++;
        }
        free(v);
    }
    if (i != n) {
        fprintf(stderr, "%s: %d answers for %d queries\n", what, i, n);
        fails += n - i;
    }
    free(out);
    free(err);
    return fails;
}

int main(void)
{
    int fails = 0, total = 0;
    enum { N = 300 };
    Want *want = calloc(N, sizeof *want);
    Str prog = { 0 };
    /* Ends: rows of up to 12 numbers, some negative */
    for (int i = 0; i < N; i++) {
        int n = rnd(0, 12), a[12];
        sput(&prog, "query Ends(");
        for (int j = 0; j < n; j++) {
            a[j] = rnd(-5, 30);
            sput(&prog, "%s%d", j ? ", " : "", a[j]);
        }
        sput(&prog, ");\n");
        want[i].v = ends(a, 0, n - 1);
        want[i].line = n > 0;
        ends_line(a, n, want[i].t);
    }
    fails += check("Ends", prog.s, want, N);
    total += N;
    prog.len = 0;
    prog.s[0] = 0;
    /* CoinGame: stacks of up to 10 coins */
    for (int i = 0; i < N; i++) {
        int n = rnd(0, 10), c[10];
        sput(&prog, "query CoinGame(");
        for (int j = 0; j < n; j++) {
            c[j] = rnd(0, 25);
            sput(&prog, "%s%d", j ? ", " : "", c[j]);
        }
        sput(&prog, ");\n");
        want[i].v = coins(c, n, 0, 1);
        want[i].line = n > 0;
        coins_line(c, n, want[i].t);
    }
    fails += check("CoinGame", prog.s, want, N);
    total += N;
    prog.len = 0;
    prog.s[0] = 0;
    /* YoungChess: boards of up to 4 x 4, scores from -3 to 20 */
    for (int i = 0; i < N; i++) {
        yr = rnd(1, YR);
        yc = rnd(1, YC);
        for (int r = 0; r < yr; r++)
            for (int c = 0; c < yc; c++) {
                ya[r][c] = rnd(-3, 20);
                yb[r][c] = rnd(-3, 20);
            }
        sput(&prog, "query YoungChess(");
        young_matrix(&prog, ya);
        sput(&prog, ", ");
        young_matrix(&prog, yb);
        sput(&prog, ");\n");
        int p[YR] = { 0 };
        want[i].v = young(p);
        want[i].line = true;
        young_line(want[i].t);
    }
    fails += check("YoungChess", prog.s, want, N);
    total += N;
    /* random rulesets, each asked at a few heaps */
    int asked = 0;
    for (int r = 0; r < 60; r++) {
        Rule ru = { .nset = rnd(1, 3), .A = rnd(0, 7), .B = rnd(0, 7), .C = rnd(0, 9), .M = rnd(1, 11), .D = rnd(0, 6) };
        for (int j = 0; j < ru.nset; j++) ru.set[j] = rnd(1, 5);
        prog.len = 0;
        prog.s[0] = 0;
        sput(&prog, "scoring game R(n) { move take(k in {");
        for (int j = 0; j < ru.nset; j++) sput(&prog, "%s%d", j ? ", " : "", ru.set[j]);
        sput(&prog, "}) when k <= n => R(n - k) gain (%d * n + %d * k + %d) %% %d - %d; }\n", ru.A, ru.B, ru.C, ru.M, ru.D);
        int q = 0;
        for (int n = 0; n <= 24; n += rnd(1, 5)) {
            sput(&prog, "query R(%d);\n", n);
            want[q] = (Want){ .v = ruled(&ru, n), .line = false };
            q++;
        }
        fails += check("random ruleset", prog.s, want, q);
        asked += q;
    }
    total += asked;
    free(prog.s);
    free(want);
    printf("scoring duel: %d queries (Ends, CoinGame, YoungChess, %d of 60 random rulesets), %d failed\n", total, asked, fails);
    return fails ? 1 : 0;
}
