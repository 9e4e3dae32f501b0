/* brute.c: brute-force SG tables written from the game definitions (no engine code), and the
   batch driver for comparing them with the engine. */
#include "config.h"
#include "driver.h"
#include "run.h"
#include "brute.h"
#include "program.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int mex(const char *seen, int n)
{
    int m = 0;
    while (m < n && seen[m]) m++;
    return m;
}

#define MAXN 512

int brute_bash(int n, int m)
{
    int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[MAXN] = { 0 };
        for (int k = 1; k <= m && k <= i; k++) seen[g[i - k]] = 1;
        g[i] = mex(seen, MAXN);
    }
    return g[n];
}

int brute_takerange(int n, int a, int b)
{
    int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[MAXN] = { 0 };
        for (int k = a; k <= b && k <= i; k++)
            if (k >= 1) seen[g[i - k]] = 1;
        g[i] = mex(seen, MAXN);
    }
    return g[n];
}

int brute_subtract(int n, const int *s, int ns)
{
    int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[MAXN] = { 0 };
        for (int j = 0; j < ns; j++)
            if (s[j] >= 1 && s[j] <= i) seen[g[i - s[j]]] = 1;
        g[i] = mex(seen, MAXN);
    }
    return g[n];
}

int brute_lasker(int n)
{
    static int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[2 * MAXN] = { 0 };
        for (int k = 1; k <= i; k++) seen[g[i - k]] = 1;
        for (int a = 1; a < i; a++) seen[g[a] ^ g[i - a]] = 1;
        g[i] = mex(seen, 2 * MAXN);
    }
    return g[n];
}

#define M2 64
int brute_euclid(int a, int b)
{
    static int g[M2][M2];
    for (int x = 0; x <= a || x <= b; x++)
        for (int y = 0; y <= x; y++) {
            char seen[M2 * 2] = { 0 };
            if (y > 0)
                for (int k = 1; k * y <= x; k++) {
                    int r = x - k * y;   /* the pair becomes (r, y) */
                    seen[r >= y ? g[r][y] : g[y][r]] = 1;
                }
            g[x][y] = mex(seen, M2 * 2);
        }
    return a >= b ? g[a][b] : g[b][a];
}

/* ED(a, b) depends on pairs whose sum is a or b, so fill by increasing sum. */
int brute_ed(int a, int b)
{
    static int g[M2][M2];
    int top = a > b ? a : b;
    for (int sum = 2; sum <= 2 * top; sum++)
        for (int x = 1; x < sum && x <= top; x++) {
            int y = sum - x;
            if (y > top) continue;
            char seen[M2 * 2] = { 0 };
            for (int i = 1; i < x; i++) seen[g[i][x - i]] = 1;
            for (int i = 1; i < y; i++) seen[g[i][y - i]] = 1;
            g[x][y] = mex(seen, M2 * 2);
        }
    return g[a][b];
}

int brute_cutting(int w, int h)
{
    static int g[M2][M2];
    int top = w > h ? w : h;
    for (int x = 1; x <= top; x++)
        for (int y = 1; y <= top; y++) {
            char seen[M2 * 4] = { 0 };
            for (int i = 2; i <= x - 2; i++) seen[g[i][y] ^ g[x - i][y]] = 1;
            for (int j = 2; j <= y - 2; j++) seen[g[x][j] ^ g[x][y - j]] = 1;
            g[x][y] = mex(seen, M2 * 4);
        }
    return g[w][h];
}

int brute_wythoff(int a, int b)
{
    static int g[M2][M2];
    int top = a > b ? a : b;
    for (int x = 0; x <= top; x++)
        for (int y = 0; y <= top; y++) {
            char seen[M2 * 4] = { 0 };
            for (int k = 1; k <= x; k++) seen[g[x - k][y]] = 1;
            for (int k = 1; k <= y; k++) seen[g[x][y - k]] = 1;
            for (int k = 1; k <= x && k <= y; k++) seen[g[x - k][y - k]] = 1;
            g[x][y] = mex(seen, M2 * 4);
        }
    return g[a][b];
}

/* Take-and-break on one row: remove r in {rmin..rmax} adjacent, leaving two rows (either empty). */
static int row_game(int n, int rmin, int rmax)
{
    static int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[2 * MAXN] = { 0 };
        for (int r = rmin; r <= rmax && r <= i; r++)
            for (int a = 0; a <= i - r; a++) seen[g[a] ^ g[i - r - a]] = 1;
        g[i] = mex(seen, 2 * MAXN);
    }
    return g[n];
}

int brute_kayles(int n) { return row_game(n, 1, 2); }
int brute_dawson(int n) { return row_game(n, 2, 2); }

int brute_grundygame(int n)
{
    static int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[2 * MAXN] = { 0 };
        for (int a = 1; 2 * a < i; a++) seen[g[a] ^ g[i - a]] = 1;
        g[i] = mex(seen, 2 * MAXN);
    }
    return g[n];
}

int brute_wythoffk(int k, int a, int b)
{
    static int g[M2][M2];
    int top = a > b ? a : b;
    for (int x = 0; x <= top; x++)
        for (int y = 0; y <= top; y++) {
            char seen[M2 * 8] = { 0 };
            for (int i = 1; i <= x; i++) seen[g[x - i][y]] = 1;
            for (int j = 1; j <= y; j++) seen[g[x][y - j]] = 1;
            for (int i = 1; i <= x; i++)
                for (int j = 1; j <= y; j++)
                    if (i - j < k && j - i < k) seen[g[x - i][y - j]] = 1;
            g[x][y] = mex(seen, M2 * 8);
        }
    return g[a][b];
}

int brute_splitequal(int n, int f)
{
    static int g[MAXN];
    for (int i = 0; i <= n; i++) {
        char seen[2 * MAXN] = { 0 };
        if (i >= f)
            for (int m = 2; m <= i; m++) {
                int q = i / m, r = i % m;
                seen[((r & 1) ? g[q + 1] : 0) ^ (((m - r) & 1) ? g[q] : 0)] = 1;
            }
        g[i] = mex(seen, 2 * MAXN);
    }
    return g[n];
}

/* ---- engine side ------------------------------------------------------------ */

typedef struct Item { char *pos; long long want; bool raw; } Item;
struct Duel { Item *items; size_t n, cap; };

Duel *duel_new(void) { return calloc(1, sizeof(Duel)); }

void duel_free(Duel *d)
{
    for (size_t i = 0; i < d->n; i++) free(d->items[i].pos);
    free(d->items);
    free(d);
}

void duel_add(Duel *d, const char *position, long long want)
{
    if (d->n == d->cap) {
        d->cap = d->cap ? d->cap * 2 : 64;
        d->items = realloc(d->items, d->cap * sizeof *d->items);
    }
    d->items[d->n].pos = strdup(position);
    d->items[d->n].want = want;
    d->items[d->n].raw = false;
    d->n++;
}

void duel_expr(Duel *d, long long want, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    duel_add(d, buf, want);
    d->items[d->n - 1].raw = true;
}

void duel_addf(Duel *d, long long want, const char *fmt, ...)
{
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    duel_add(d, buf, want);
}

/* Run the batch with the engine's own strategy choice, then with memo forced (solver vs solver). */
static int check_with(Duel *d, int *passed, const char *strategy);

int duel_check(Duel *d, int *passed)
{
    int failed = check_with(d, passed, NULL) + check_with(d, passed, "memo");
    for (size_t i = 0; i < d->n; i++) free(d->items[i].pos);
    d->n = 0;
    return failed;
}

int duel_check_default(Duel *d, int *passed)
{
    int failed = check_with(d, passed, NULL);
    for (size_t i = 0; i < d->n; i++) free(d->items[i].pos);
    d->n = 0;
    return failed;
}

static int check_with(Duel *d, int *passed, const char *strategy)
{
    Program p;
    drv_init(&p, stdout, stderr);
    p.opt.force_strategy = strategy;
    if (drv_load_stdlib(&p)) { fprintf(stderr, "stdlib failed\n"); exit(99); }
    StrBuf b;
    sb_init(&b);
    for (size_t i = 0; i < d->n; i++)
        sb_printf(&b, d->items[i].raw ? "const DUEL_%zu = %s;\n" : "const DUEL_%zu = sg(%s);\n", i, d->items[i].pos);
    int failed = 0;
    if (drv_load(&p, "duel.game", b.s, b.len, NULL)) {
        fprintf(stderr, "duel program did not run\n");
        failed = (int)d->n;
    } else {
        for (size_t i = 0; i < d->n; i++) {
            char name[32];
            snprintf(name, sizeof name, "DUEL_%zu", i);
            Symbol *s = prog_lookup(&p, name);
            long long got = p.code.consts[s->id].u.i;
            if (got != d->items[i].want) {
                printf("MISMATCH sg(%s): engine (%s) %lld, brute force %lld\n", d->items[i].pos,
                       strategy ? strategy : "default", got, d->items[i].want);
                failed++;
            } else {
                (*passed)++;
            }
        }
    }
    sb_fini(&b);
    drv_fini(&p);
    return failed;
}
