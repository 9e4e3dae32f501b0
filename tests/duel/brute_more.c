/* brute_more.c: brute-force SG values of the later standard-library games, written from their
   rules as the problems state them (no engine code): DigitGame, MergePiles, EndPiles, ArrayGame. */
#include "config.h"
#include "brute.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int mex64(const char *seen)
{
    int m = 0;
    while (m < 64 && seen[m]) m++;
    return m;
}

int brute_digitgame(int n)
{
    static int g[100000];
    for (int i = 0; i <= n; i++) {
        int hi = 0, lo = 10;
        for (int x = i; x > 0; x /= 10) {
            int d = x % 10;
            if (d > hi) hi = d;
            if (d && d < lo) lo = d;
        }
        char seen[64] = { 0 };
        if (i > 0) { seen[g[i - hi]] = 1; seen[g[i - lo]] = 1; }
        g[i] = mex64(seen);
    }
    return g[n];
}

/* MergePiles: piles as a sorted array; memo on a base-(m+1) code of the counts of each size. */
static int merge_rec(int *cnt, int m, int *memo, int *pw)
{
    int code = 0;
    for (int s = 1; s <= m; s++) code += cnt[s] * pw[s];
    if (memo[code] >= 0) return memo[code];
    char seen[64] = { 0 };
    for (int a = 1; a <= m; a++)
        for (int b = a; a + b <= m; b++) {
            if (!cnt[a] || !cnt[b] || (a == b && cnt[a] < 2)) continue;
            cnt[a]--; cnt[b]--; cnt[a + b]++;
            seen[merge_rec(cnt, m, memo, pw)] = 1;
            cnt[a]++; cnt[b]++; cnt[a + b]--;
        }
    return memo[code] = mex64(seen);
}

int brute_mergepiles(int n, int m)
{
    /* counts per size 1..m are at most n: code base n + 1 */
    int pw[16], cnt[16] = { 0 };
    pw[1] = 1;
    for (int s = 2; s <= m; s++) pw[s] = pw[s - 1] * (n + 1);
    int cells = pw[m] * (n + 1);
    int *memo = malloc((size_t)cells * sizeof *memo);
    memset(memo, -1, (size_t)cells * sizeof *memo);
    cnt[1] = n;
    int r = n ? merge_rec(cnt, m, memo, pw) : 0;
    free(memo);
    return r;
}

/* EndPiles: memo over (list) encoded in base 8, at most 5 piles of at most 6. */
static int end_rec(const int *a, int n, int *memo)
{
    int code = n;
    for (int i = 0; i < n; i++) code = code * 8 + a[i];
    if (memo[code] >= 0) return memo[code];
    char seen[64] = { 0 };
    int b[8];
    for (int side = 0; side < 2 && n > 0; side++) {
        int i = side ? n - 1 : 0;
        for (int k = 1; k <= a[i]; k++) {
            memcpy(b, a, (size_t)n * sizeof *b);
            b[i] -= k;
            if (b[i] == 0) {
                if (side) seen[end_rec(b, n - 1, memo)] = 1;
                else seen[end_rec(b + 1, n - 1, memo)] = 1;
            } else {
                seen[end_rec(b, n, memo)] = 1;
            }
        }
    }
    return memo[code] = mex64(seen);
}

int brute_endpiles(const int *a, int n)
{
    static int *memo;
    if (!memo) {
        memo = malloc(((size_t)6 << 15) * 8 * sizeof *memo);
        memset(memo, -1, ((size_t)6 << 15) * 8 * sizeof *memo);
    }
    return end_rec(a, n, memo);
}

/* ArrayGame: white cells as a bit mask over 1..n (n <= 14). */
int brute_arraygame(int n, unsigned white)
{
    static int memo[15][1 << 15];
    static bool init[15];
    if (!init[n]) {
        for (unsigned m = 0; m < (1u << (n + 1)); m++) memo[n][m] = -1;
        init[n] = true;
    }
    if (memo[n][white] >= 0) return memo[n][white];
    char seen[64] = { 0 };
    for (int x = 1; x <= n; x++) {
        if (!(white >> x & 1)) continue;
        unsigned w = white;
        for (int k = 1; k * x <= n; k++) {
            w ^= 1u << (k * x);
            seen[brute_arraygame(n, w)] = 1;
        }
    }
    return memo[n][white] = mex64(seen);
}

/* ArrayGame with one white cell x on cells 1..n: by the coin-turning principle the cells are
   independent, and a white cell y is worth mex over k (ky <= n) of the XOR of the values of the
   cells 2y..ky. Straight over the cells, from n down to x: O(n log n) (the harmonic sum of n / y). */
int brute_arraycell(int n, int x)
{
    int *g = malloc(((size_t)n + 1) * sizeof *g);
    char *seen = malloc((size_t)n + 2);
    for (int y = n; y >= x; y--) {
        int opts = n / y;   /* k = 1..n / y: the mex is at most opts */
        memset(seen, 0, (size_t)opts + 2);
        int p = 0;
        seen[0] = 1;
        for (int k = 2; k * y <= n; k++) {
            p ^= g[k * y];
            if (p <= opts) seen[p] = 1;
        }
        int r = 0;
        while (seen[r]) r++;
        g[y] = r;
    }
    int r = g[x];
    free(g);
    free(seen);
    return r;
}
