/* base_ed.c: hand-written baseline: memoized SG of E&D pairs ED(a, b), a, b <= N, sum of the table. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 200
static int memo[N + 1][N + 1];

static int sg(int a, int b)
{
    if (a > b) { int t = a; a = b; b = t; }
    if (memo[a][b] >= 0) return memo[a][b];
    unsigned char seen[2 * N + 2];
    memset(seen, 0, sizeof seen);
    for (int x = 1; x < a; x++) seen[sg(x, a - x)] = 1;
    for (int x = 1; x < b; x++) seen[sg(x, b - x)] = 1;
    int m = 0;
    while (seen[m]) m++;
    return memo[a][b] = m;
}

int main(void)
{
    memset(memo, -1, sizeof memo);
    long total = 0;
    for (int a = 1; a <= N; a++)
        for (int b = 1; b <= N; b++) total += sg(a, b);
    printf("%ld\n", total);
    return 0;
}
