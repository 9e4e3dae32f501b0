/* duel_closed.c: every closed form against the engine's search of the same game's rules: on every
   small instance, the query answered by the form (strategy "closed:...") and by `memo` must agree
   on outcome, SG value (where the form gives one) and the list of winning moves. */
#include "config.h"
#include "jsonduel.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const closed_prefixes[] = { "closed:", "sum", NULL };
#define check(b, what, passed) batch_check(b, what, closed_prefixes, passed)

static int rnd(int lo, int hi) { return lo + rand() % (hi - lo + 1); }

typedef struct { int n, sum, a[8]; } Row;

/* By tokens, then length, then piles: equal rows are neighbours. */
static int row_cmp(const void *x, const void *y)
{
    const Row *p = x, *q = y;
    if (p->sum != q->sum) return p->sum < q->sum ? -1 : 1;
    if (p->n != q->n) return p->n < q->n ? -1 : 1;
    for (int i = 0; i < p->n; i++)
        if (p->a[i] != q->a[i]) return p->a[i] < q->a[i] ? -1 : 1;
    return 0;
}

static void coin_strings(Batch *b, const char *game, int maxlen)
{
    for (int len = 0; len <= maxlen; len++)
        for (int m = 0; m < (1 << len); m++) {
            char s[32];
            for (int i = 0; i < len; i++) s[i] = (m >> i) & 1 ? 'H' : 'T';
            s[len] = 0;
            batch_add(b, "%s(\"%s\")", game, s);
        }
}

int main(void)
{
    srand(20261130);
    Batch b = { 0 };
    int failed = 0, passed = 0;
    for (int n = 0; n <= 60; n++) batch_add(&b, "Heap(%d)", n);
    for (int t = 0; t < 300; t++) {
        int k = rnd(1, 4);
        char s[128];
        int len = sprintf(s, "Nim(");
        for (int i = 0; i < k; i++) len += sprintf(s + len, "%s%d", i ? ", " : "", rnd(0, 12));
        batch_add(&b, "%s)", s);
    }
    failed += check(&b, "nim", &passed);
    for (int n = 0; n <= 40; n++)
        for (int m = 1; m <= 8; m++) batch_add(&b, "Bash(%d, %d)", n, m);
    failed += check(&b, "bash", &passed);
    for (int n = 0; n <= 40; n++)
        for (int a = 1; a <= 5; a++)
            for (int w = 0; w <= 5; w++) batch_add(&b, "TakeRange(%d, %d, %d)", n, a, a + w);
    failed += check(&b, "takerange", &passed);
    for (int n = 0; n <= 80; n++) batch_add(&b, "Lasker(%d)", n);
    for (int t = 0; t < 200; t++) batch_add(&b, "Lasker(%d) + Lasker(%d)", rnd(0, 25), rnd(0, 25));
    failed += check(&b, "lasker", &passed);
    for (int n = 0; n <= 150; n++) batch_add(&b, "PrimePowerSubtract(%d)", n);
    failed += check(&b, "primepower", &passed);
    for (int m = 0; m < 256; m++) batch_add(&b, "Staircase(%d, %d, %d, %d)", m & 3, (m >> 2) & 3, (m >> 4) & 3, m >> 6);
    for (int t = 0; t < 200; t++) batch_add(&b, "Staircase(%d, %d, %d, %d, %d)", rnd(0, 4), rnd(0, 4), rnd(0, 4), rnd(0, 4), rnd(0, 4));
    failed += check(&b, "staircase", &passed);
    for (int x = 0; x <= 25; x++)
        for (int y = 0; y <= 25; y++) batch_add(&b, "Wythoff(%d, %d)", x, y);
    failed += check(&b, "wythoff", &passed);
    for (int k = 1; k <= 5; k++)
        for (int x = 0; x <= 18; x++)
            for (int y = 0; y <= 18; y++) batch_add(&b, "WythoffK(%d, %d, %d)", k, x, y);
    failed += check(&b, "wythoffk", &passed);
    for (int x = 0; x <= 30; x++)
        for (int y = 0; y <= 30; y++) batch_add(&b, "Euclid(%d, %d)", x, y);
    failed += check(&b, "euclid", &passed);
    for (int x = 1; x <= 30; x++)
        for (int y = 1; y <= 30; y++) batch_add(&b, "ED(%d, %d)", x, y);
    failed += check(&b, "ed", &passed);
    for (int n = 0; n <= 60; n++) {
        batch_add(&b, "FibNim(%d)", n);
        for (int l = 0; l <= 20; l++) batch_add(&b, "FibNim(%d, %d)", n, l);
    }
    failed += check(&b, "fibnim", &passed);
    coin_strings(&b, "TurnOne", 7);
    coin_strings(&b, "TurningTurtles", 7);
    coin_strings(&b, "Twins", 7);
    coin_strings(&b, "MockTurtles", 7);
    coin_strings(&b, "Ruler", 7);
    failed += check(&b, "coins", &passed);
    for (int m = 0; m < 512; m++) {   /* every 3 x 3 board */
        char r[3][4];
        for (int i = 0; i < 9; i++) r[i / 3][i % 3] = (m >> i) & 1 ? 'H' : 'T';
        for (int i = 0; i < 3; i++) r[i][3] = 0;
        batch_add(&b, "TurningCorners(\"%s\", \"%s\", \"%s\")", r[0], r[1], r[2]);
    }
    for (int t = 0; t < 120; t++) {   /* random 4 x 4 boards */
        char r[4][5];
        for (int i = 0; i < 16; i++) r[i / 4][i % 4] = rnd(0, 2) == 0 ? 'H' : 'T';
        for (int i = 0; i < 4; i++) r[i][4] = 0;
        batch_add(&b, "TurningCorners(\"%s\", \"%s\", \"%s\", \"%s\")", r[0], r[1], r[2], r[3]);
    }
    failed += check(&b, "turningcorners", &passed);
    /* coupled heaps */
    for (int k = 1; k <= 3; k++)
        for (int m = 0; m < 256; m++) batch_add(&b, "MooreNim(%d, %d, %d, %d, %d)", k, m % 4, m / 4 % 4, m / 16 % 4, m / 64);
    for (int m = 0; m < 64; m++) batch_add(&b, "MooreNim(2, %d, %d)", m % 8, m / 8);
    failed += check(&b, "moore", &passed);
    for (int a = 0; a <= 6; a++)
        for (int c = a; c <= 6; c++)
            for (int d = c; d <= 6; d++) {
                batch_add(&b, "KamPebbles(%d, %d, %d)", a, c, d);
                for (int e = d; e <= 6; e += 2) batch_add(&b, "KamPebbles(%d, %d, %d, %d)", a, c, d, e);
            }
    failed += check(&b, "kampebbles", &passed);
    for (int len = 0; len <= 9; len++)
        for (int m = 0; m < (1 << len); m++) {
            char s[16];
            for (int i = 0; i < len; i++) s[i] = (m >> i) & 1 ? '1' : '0';
            s[len] = 0;
            batch_add(&b, "JumpRow(\"%s\")", s);
        }
    failed += check(&b, "jumprow", &passed);
    for (int n = 1; n <= 5; n++) {
        int total = 1;
        for (int i = 0; i < n; i++) total *= 3;
        for (int m = 0; m < total; m++) {
            char s[64];
            int len = 0, x = m;
            for (int i = 0; i < n; i++, x /= 3) len += snprintf(s + len, sizeof s - (size_t)len, "%s%d", i ? ", " : "", x % 3);
            batch_add(&b, "Beans(%s)", s);
        }
    }
    failed += check(&b, "beans", &passed);
    for (int n = 0; n <= 14; n++)
        for (int m = 1; m <= 8; m++) batch_add(&b, "MergePiles(%d, %d)", n, m);
    for (int k = 0; k <= 13; k++)   /* the position after the start's only merge */
        for (int m = 2; m <= 8; m++) {
            char s[128];
            int len = snprintf(s, sizeof s, "MergeState(%d", m);
            for (int i = 0; i < k; i++) len += snprintf(s + len, sizeof s - (size_t)len, ", 1");
            batch_add(&b, "%s, 2)", s);
        }
    failed += check(&b, "mergepiles", &passed);
    /* Every row of up to 4 piles of 1..5 and random rows of 5 and 6 piles, in ascending order of
       tokens: a query is never a position an earlier query's SG search stored (those have fewer
       tokens), so each must be answered by the form itself. */
    Row *rows = malloc(2000 * sizeof *rows);
    int nrows = 0;
    for (int len = 0; len <= 4; len++) {
        int total = 1;
        for (int i = 0; i < len; i++) total *= 5;
        for (int m = 0; m < total; m++) {
            Row *r = &rows[nrows++];
            r->n = len;
            r->sum = 0;
            for (int i = 0, x = m; i < len; i++, x /= 5) r->sum += r->a[i] = 1 + x % 5;
        }
    }
    for (int t = 0; t < 200; t++) {
        Row *r = &rows[nrows++];
        r->n = rnd(5, 6);
        r->sum = 0;
        for (int i = 0; i < r->n; i++) r->sum += r->a[i] = rnd(1, 4);
    }
    qsort(rows, (size_t)nrows, sizeof *rows, row_cmp);
    for (int i = 0; i < nrows; i++) {
        if (i > 0 && row_cmp(&rows[i], &rows[i - 1]) == 0) continue;
        char s[128];
        int len = 0;
        s[0] = 0;
        for (int j = 0; j < rows[i].n; j++) len += snprintf(s + len, sizeof s - (size_t)len, "%s%d", j ? ", " : "", rows[i].a[j]);
        batch_add(&b, "EndPiles(%s)", s);
    }
    free(rows);
    failed += check(&b, "endpiles", &passed);
    for (int t = 0; t < 300; t++) {
        char s[128];
        int n = rnd(1, 12), len = snprintf(s, sizeof s, "ArrayGame(%d", n);
        for (int x = 1; x <= n; x++)
            if (rnd(0, 3) == 0) len += snprintf(s + len, sizeof s - (size_t)len, ", %d", x);
        batch_add(&b, "%s)", s);
    }
    failed += check(&b, "arraygame", &passed);
    for (int n = 0; n <= 40; n++)
        for (int f = 1; f <= 6; f++) batch_add(&b, "SplitEqual(%d, %d)", n, f);
    failed += check(&b, "splitequal", &passed);
    for (int t = 0; t < 300; t++)
        batch_add(&b, "Heap(%d) + Bash(%d, %d) + Lasker(%d) + ED(%d, %d) + MockTurtles(\"%s\")", rnd(0, 9), rnd(0, 20), rnd(1, 4),
            rnd(0, 12), rnd(1, 9), rnd(1, 9), rnd(0, 1) ? "THTH" : "HHT");
    failed += check(&b, "sums", &passed);
    printf("closed-form duel: %d agreed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
