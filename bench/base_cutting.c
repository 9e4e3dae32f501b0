/* base_cutting.c: hand-written baseline: memoized SG of Cutting(w, h), w, h <= N, sum of the table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200
static int memo[N + 1][N + 1];

static int sg(int w, int h)
{
    if (w > h) { int t = w; w = h; h = t; }
    if (memo[w][h] >= 0) return memo[w][h];
    unsigned char seen[4 * N];
    memset(seen, 0, sizeof seen);
    for (int i = 2; i <= w - 2; i++) seen[sg(i, h) ^ sg(w - i, h)] = 1;
    for (int j = 2; j <= h - 2; j++) seen[sg(w, j) ^ sg(w, h - j)] = 1;
    int m = 0;
    while (seen[m]) m++;
    return memo[w][h] = m;
}

int main(void)
{
    memset(memo, -1, sizeof memo);
    long total = 0;
    for (int w = 1; w <= N; w++)
        for (int h = 1; h <= N; h++) total += sg(w, h);
    printf("%ld\n", total);
    return 0;
}
