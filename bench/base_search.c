/* base_search.c: hand-written baselines of memoized searches at a size given on the command line,
   written as the lecture's templates (recursion over a memo array, a seen[] array per position):
     cutting N   sum of SG(Cutting(w, h)) over 1 <= w, h <= N
     ed N        sum of SG(ED(a, b)) over 1 <= a, b <= N, by the search (not the closed form)
     h3 N        SG of the three-heap game H3(N, N - 1, N - 3): take any number from one heap, or the
                 same number from two heaps; heaps sorted (the user's canon)
     h4 N        SG of the four-heap game H4(N, N - 1, N - 2, N - 3): take any number from one heap, or
                 the same number from the two smallest or the two largest heaps; heaps sorted (canon)
     sets N      sum of SG over 1 <= a, b <= N of two heaps with moves from literal sets (1, 3 or 4
                 from a; 2 or 5 from b; 1 or 2 from both)
     cram R      SG of Cram on a 4 x R board as a bitmask (bit 4r + c), memo over all masks
     chomp N     SG of Chomp on an N x N board (N <= 15): the rows' lengths, non-increasing, packed 4
                 bits each (row 0 lowest), memo in an open-addressing hash table
     nk N        SG of Node Kayles on a graph of N vertices (a path and N/2 chords, fixed seed) as a
                 bitmask, memo over all masks; nkgraph N prints the graph as a list of neighbour masks
   Prints the answer. */
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <string.h>

static int n_max;
static int *memo;

static int cut(int w, int h)
{
    if (w > h) { int t = w; w = h; h = t; }
    int *m = &memo[w * (n_max + 1) + h];
    if (*m >= 0) return *m;
    unsigned char *seen = calloc((size_t)(2 * n_max + 2), 1);
    for (int i = 2; i <= w - 2; i++) seen[cut(i, h) ^ cut(w - i, h)] = 1;
    for (int j = 2; j <= h - 2; j++) seen[cut(w, j) ^ cut(w, h - j)] = 1;
    int g = 0;
    while (seen[g]) g++;
    free(seen);
    return *m = g;
}

static int ed(int a, int b)
{
    if (a > b) { int t = a; a = b; b = t; }
    int *m = &memo[a * (n_max + 1) + b];
    if (*m >= 0) return *m;
    unsigned char seen[64] = { 0 };
    for (int x = 1; x < a; x++) seen[ed(x, a - x)] = 1;
    for (int x = 1; x < b; x++) seen[ed(x, b - x)] = 1;
    int g = 0;
    while (seen[g]) g++;
    return *m = g;
}

static int h3(int a, int b, int c)
{
    int t;
    if (a > b) { t = a; a = b; b = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a > b) { t = a; a = b; b = t; }
    size_t d = (size_t)n_max + 1;
    int *m = &memo[((size_t)a * d + (size_t)b) * d + (size_t)c];
    if (*m >= 0) return *m;
    unsigned char *seen = calloc((size_t)(6 * n_max + 8), 1);
    for (int k = 1; k <= a; k++) seen[h3(a - k, b, c)] = 1;
    for (int k = 1; k <= b; k++) seen[h3(a, b - k, c)] = 1;
    for (int k = 1; k <= c; k++) seen[h3(a, b, c - k)] = 1;
    for (int k = 1; k <= a; k++) seen[h3(a - k, b - k, c)] = 1;
    for (int k = 1; k <= a; k++) seen[h3(a - k, b, c - k)] = 1;
    for (int k = 1; k <= b; k++) seen[h3(a, b - k, c - k)] = 1;
    int g = 0;
    while (seen[g]) g++;
    free(seen);
    return *m = g;
}

static void sort4(int *x)
{
    for (int i = 1; i < 4; i++)
        for (int j = i; j > 0 && x[j - 1] > x[j]; j--) {
            int t = x[j];
            x[j] = x[j - 1];
            x[j - 1] = t;
        }
}

static int h4(int a, int b, int c, int d)
{
    int x[4] = { a, b, c, d };
    sort4(x);
    a = x[0], b = x[1], c = x[2], d = x[3];
    size_t e = (size_t)n_max + 1;
    int *m = &memo[(((size_t)a * e + (size_t)b) * e + (size_t)c) * e + (size_t)d];
    if (*m >= 0) return *m;
    unsigned char *seen = calloc((size_t)(8 * n_max + 8), 1);
    for (int k = 1; k <= a; k++) seen[h4(a - k, b, c, d)] = 1;
    for (int k = 1; k <= b; k++) seen[h4(a, b - k, c, d)] = 1;
    for (int k = 1; k <= c; k++) seen[h4(a, b, c - k, d)] = 1;
    for (int k = 1; k <= d; k++) seen[h4(a, b, c, d - k)] = 1;
    for (int k = 1; k <= a; k++) seen[h4(a - k, b - k, c, d)] = 1;
    for (int k = 1; k <= c; k++) seen[h4(a, b, c - k, d - k)] = 1;
    int g = 0;
    while (seen[g]) g++;
    free(seen);
    return *m = g;
}

/* Two heaps, moves from literal sets: take 1, 3 or 4 from a; 2 or 5 from b; 1 or 2 from both. */
static int sets2(int a, int b)
{
    int *m = &memo[a * (n_max + 1) + b];
    if (*m >= 0) return *m;
    static const int ta[] = { 1, 3, 4 }, tb[] = { 2, 5 }, tab[] = { 1, 2 };
    unsigned char seen[16] = { 0 };
    for (int i = 0; i < 3; i++) if (ta[i] <= a) seen[sets2(a - ta[i], b)] = 1;
    for (int i = 0; i < 2; i++) if (tb[i] <= b) seen[sets2(a, b - tb[i])] = 1;
    for (int i = 0; i < 2; i++) if (tab[i] <= a && tab[i] <= b) seen[sets2(a - tab[i], b - tab[i])] = 1;
    int g = 0;
    while (seen[g]) g++;
    return *m = g;
}

static int rows;
static signed char *cmemo;

/* Node Kayles on a graph of N vertices (a path 0-1-...-(N-1) and N/2 random chords, fixed seed):
   pick a free vertex, which takes its neighbours too; memo over all masks. */
static uint32_t nk_adj[32];

static void nk_graph(int n)
{
    uint64_t s = 20261202;
    memset(nk_adj, 0, sizeof nk_adj);
    for (int v = 0; v + 1 < n; v++) {
        nk_adj[v] |= 1u << (v + 1);
        nk_adj[v + 1] |= 1u << v;
    }
    for (int e = 0; e < n / 2; e++) {
        s = s * 6364136223846793005ull + 1442695040888963407ull;
        int a = (int)((s >> 33) % (uint64_t)n), b = (int)((s >> 13) % (uint64_t)n);
        if (a == b) continue;
        nk_adj[a] |= 1u << b;
        nk_adj[b] |= 1u << a;
    }
}

static int nk(uint32_t m)
{
    if (cmemo[m] >= 0) return cmemo[m];
    unsigned char seen[64] = { 0 };
    for (int v = 0; v < rows; v++)
        if (!((m >> v) & 1)) seen[nk(m | (1u << v) | nk_adj[v])] = 1;
    int g = 0;
    while (seen[g]) g++;
    return cmemo[m] = (signed char)g;
}

static int cram(uint32_t m)
{
    if (cmemo[m] >= 0) return cmemo[m];
    unsigned char seen[64] = { 0 };
    for (int i = 0; i <= 4 * rows - 2; i++)
        if (i % 4 != 3 && !((m >> i) & 3)) seen[cram(m | (3u << i))] = 1;
    for (int i = 0; i <= 4 * rows - 5; i++)
        if (!((m >> i) & 17)) seen[cram(m | (17u << i))] = 1;
    int g = 0;
    while (seen[g]) g++;
    return cmemo[m] = (signed char)g;
}

/* Chomp: a position is the rows' lengths a[0] >= a[1] >= ... (empty rows dropped); a move takes
   cell (r, c) other than (0, 0) with c < a[r] and every cell (i, j) with i >= r and j >= c. */
static uint64_t *ckeys;
static int *cvals;
static size_t cmask;

static int chomp(uint64_t key)
{
    size_t h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & cmask;
    while (ckeys[h]) {
        if (ckeys[h] == key) return cvals[h];
        h = (h + 1) & cmask;
    }
    int a[16], n = 0;
    for (uint64_t k = key; k & 15; k >>= 4) a[n++] = (int)(k & 15);
    unsigned char seen[256] = { 0 };
    for (int r = 0; r < n; r++)
        for (int c = 0; c < a[r]; c++) {
            if (r == 0 && c == 0) continue;
            uint64_t k = 0;
            for (int i = n - 1; i >= 0; i--) {
                int x = i >= r && a[i] > c ? c : a[i];
                if (x) k = k << 4 | (uint64_t)x;
            }
            seen[chomp(k)] = 1;
        }
    int g = 0;
    while (seen[g]) g++;
    h = (size_t)((key * 0x9E3779B97F4A7C15ull) >> 20) & cmask;   /* the table did not change size */
    while (ckeys[h]) h = (h + 1) & cmask;
    ckeys[h] = key;
    cvals[h] = g;
    return g;
}

int main(int argc, char **argv)
{
    if (argc != 3) {
        fprintf(stderr, "usage: base_search cutting|ed|h3|h4|sets|cram|chomp|nk|nkgraph N\n");
        return 2;
    }
    n_max = atoi(argv[2]);
    if (!strcmp(argv[1], "nkgraph") || !strcmp(argv[1], "nk")) {   /* the graph as a list of masks, or the value */
        rows = n_max;
        nk_graph(rows);
        if (!strcmp(argv[1], "nkgraph")) {
            for (int v = 0; v < rows; v++) printf("%s%u", v ? ", " : "[", nk_adj[v]);
            printf("]\n");
            return 0;
        }
        cmemo = malloc((size_t)1 << rows);
        memset(cmemo, 0xff, (size_t)1 << rows);
        printf("%d\n", nk(0));
        free(cmemo);
        return 0;
    }
    if (!strcmp(argv[1], "chomp")) {   /* at most C(2N, N) positions: a table of 4 times that */
        double pos = 1;
        for (int i = 1; i <= n_max; i++) pos = pos * (n_max + i) / i;
        size_t cap = 1024;
        while ((double)cap < 4 * pos) cap *= 2;
        cmask = cap - 1;
        ckeys = calloc(cap, sizeof *ckeys);
        cvals = malloc(cap * sizeof *cvals);
        uint64_t key = 0;
        for (int i = 0; i < n_max; i++) key = key << 4 | (uint64_t)n_max;
        printf("%d\n", chomp(key));
        free(ckeys);
        free(cvals);
        return 0;
    }
    if (!strcmp(argv[1], "cram")) {
        rows = n_max;
        cmemo = malloc((size_t)1 << (4 * rows));
        memset(cmemo, 0xff, (size_t)1 << (4 * rows));
        printf("%d\n", cram(0));
        free(cmemo);
        return 0;
    }
    size_t d = (size_t)n_max + 1, cells = !strcmp(argv[1], "h3") ? d * d * d : !strcmp(argv[1], "h4") ? d * d * d * d : d * d;
    memo = malloc(cells * sizeof *memo);
    memset(memo, 0xff, cells * sizeof *memo);
    long total = 0;
    if (!strcmp(argv[1], "h3")) total = h3(n_max, n_max - 1, n_max - 3);
    else if (!strcmp(argv[1], "h4")) total = h4(n_max, n_max - 1, n_max - 2, n_max - 3);
    else
        for (int a = 1; a <= n_max; a++)
            for (int b = 1; b <= n_max; b++)
                total += !strcmp(argv[1], "ed") ? ed(a, b) : !strcmp(argv[1], "sets") ? sets2(a, b) : cut(a, b);
    printf("%ld\n", total);
    free(memo);
    return 0;
}
