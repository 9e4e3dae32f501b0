/* base_lecture.c: hand-written baselines of three olympiad problems at their real sizes, as the
   problems' published solutions compute them:
     endpiles FILE   ZJOI 2009 (Luogu P2599): the interval tables left[i][j], right[i][j] over a
                     row of piles read from FILE (whitespace-separated); prints 1 if the first
                     player wins, else 0
     array N X       HAOI 2015 (Luogu P3179): SG of a lone white cell X on cells 1..N, from the
                     values f(N / y) over the O(sqrt N) quotients
     splitequal N F  Luogu P3235: the sum of the SG values of SplitEqual(0..N, F) (only parities
                     of the parts matter; two m per block of equal N / m)
   and three scoring games over a row of numbers read from FILE, the value (the best difference
   the player to move forces) by the textbook tables:
     ends FILE       take the number at either end (Luogu P2734): the interval table v[i][j]
     coins FILE      USACO 2009 (Luogu P2964), a stack, c[0] on top: take 1..2t coins where the
                     opponent took t (1..2 first); best[i][t] over the coins left and the bound,
                     with the running maximum over the take (O(n^2))
     stack FILE      a stack: take one or two coins from the top (the suffix table, O(n))
   and a list comprehension of integers (the typed kernel's work, vm_kernel.c):
     listdp N R      the sum over k = 1..R of the list [(L[x] + L[(7x + k) mod N] * 3 + x) mod 1000003
                     for x in 0..N - 1 when x != k], L[i] = 7919 i mod 1000 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The numbers of FILE (whitespace-separated) in a malloc'd array; NULL on failure. */
static long long *read_row(const char *path, size_t *n)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return NULL; }
    size_t cap = 1024;
    long long *a = malloc(cap * sizeof *a);
    *n = 0;
    while (fscanf(f, "%lld", &a[*n]) == 1)
        if (++*n == cap) a = realloc(a, (cap *= 2) * sizeof *a);
    fclose(f);
    return a;
}

static int scoring(const char *game, const char *path)
{
    size_t n;
    long long *a = read_row(path, &n), r = 0;
    if (!a) return 2;
    if (!strcmp(game, "ends")) {   /* v[i][j] = max(a[i] - v[i+1][j], a[j] - v[i][j-1]), by rows of length */
        long long *v = calloc(n * n + 1, sizeof *v);
        for (size_t len = 1; len <= n; len++)
            for (size_t i = 0; i + len <= n; i++) {
                size_t j = i + len - 1;
                long long x = a[i] - (len > 1 ? v[(i + 1) * n + j] : 0), y = a[j] - (len > 1 ? v[i * n + j - 1] : 0);
                v[i * n + j] = x > y ? x : y;
            }
        r = n ? v[n - 1] : 0;
        free(v);
    } else if (!strcmp(game, "coins")) {
        /* f[i][t]: coins i.. left, the mover may take 1..min(t, n - i); the value is
           max over k of (sum c[i..i+k) - f[i+k][2k]), and f[i][t] = max(f[i][t-1], that for k = t) */
        long long *suf = calloc(n + 1, sizeof *suf), *f = calloc((n + 1) * (2 * n + 2), sizeof *f);
        size_t w = 2 * n + 2;
        for (size_t i = n; i-- > 0;) suf[i] = suf[i + 1] + a[i];
        for (size_t i = n; i-- > 0;)
            for (size_t t = 1; t < w; t++) {
                long long best = f[i * w + t - 1];
                if (t <= n - i) {
                    size_t j = i + t, nt = 2 * t < w ? 2 * t : w - 1;
                    long long v = suf[i] - suf[j] - f[j * w + nt];
                    if (t == 1 || v > best) best = v;
                }
                f[i * w + t] = best;
            }
        r = n ? f[0 * w + 2] : 0;
        free(suf);
        free(f);
    } else if (!strcmp(game, "stack")) {   /* v[i] = max(c[i] - v[i+1], c[i] + c[i+1] - v[i+2]) */
        long long *v = calloc(n + 2, sizeof *v);
        for (size_t i = n; i-- > 0;) {
            long long x = a[i] - v[i + 1];
            if (i + 1 < n && a[i] + a[i + 1] - v[i + 2] > x) x = a[i] + a[i + 1] - v[i + 2];
            v[i] = x;
        }
        r = v[0];
        free(v);
    } else {
        free(a);
        return 2;
    }
    printf("%lld\n", r);
    free(a);
    return 0;
}

static int endpiles(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f) { perror(path); return 2; }
    size_t n = 0, cap = 1024;
    long long *a = malloc(cap * sizeof *a);
    while (fscanf(f, "%lld", &a[n]) == 1)
        if (++n == cap) a = realloc(a, (cap *= 2) * sizeof *a);
    fclose(f);
    /* L[i][j]: the pile x with x, a[i..j] a P-position; R[i][j] the same on the right */
    long long *L = malloc(n * n * sizeof *L), *R = malloc(n * n * sizeof *R);
    for (size_t i = 0; i < n; i++) L[i * n + i] = R[i * n + i] = a[i];
    for (size_t len = 2; len <= n; len++)
        for (size_t i = 0; i + len <= n; i++) {
            size_t j = i + len - 1;
            long long l = L[i * n + j - 1], r = R[i * n + j - 1], x = a[j];
            L[i * n + j] = x == r ? 0 : (x < l && x < r) || (x > l && x > r) ? x : l <= x && x < r ? x + 1 : x - 1;
            l = L[(i + 1) * n + j], r = R[(i + 1) * n + j], x = a[i];
            R[i * n + j] = x == l ? 0 : (x < l && x < r) || (x > l && x > r) ? x : r <= x && x < l ? x + 1 : x - 1;
        }
    int win = n == 1 || (n > 1 && L[1 * n + n - 1] != a[0]);
    printf("%d\n", win);
    free(L);
    free(R);
    free(a);
    return 0;
}

static int array_game(long long N, long long X)
{
    long long s = 1;
    while ((s + 1) * (s + 1) <= N) s++;
    int *lo = calloc((size_t)s + 2, sizeof *lo), *hi = calloc((size_t)s + 2, sizeof *hi);
    int *mark = calloc(4 * (size_t)s + 8, sizeof *mark), stamp = 0;
    for (long long y = N; y >= 1; y = N / (N / y + 1)) {   /* every quotient v = N / y, increasing */
        long long v = N / y;
        stamp++;
        mark[0] = stamp;
        int p = 0;
        for (long long j = 2; j <= v;) {
            long long q = v / j, j2 = v / q;
            int g = q <= s ? lo[q] : hi[N / q];
            if ((p ^ g) < 4 * s + 8) mark[p ^ g] = stamp;
            if ((j2 - j + 1) & 1) p ^= g;
            j = j2 + 1;
        }
        int r = 0;
        while (mark[r] == stamp) r++;
        if (v <= s) lo[v] = r;
        else hi[N / v] = r;
        if (y == 1) break;
    }
    long long v = N / X;
    printf("%d\n", v <= s ? lo[v] : hi[N / v]);
    free(lo);
    free(hi);
    free(mark);
    return 0;
}

static int split_equal(long long N, long long F)
{
    unsigned *g = calloc((size_t)N + 2, sizeof *g);
    char *seen = calloc((size_t)N + 64, 1);
    unsigned long long total = 0;
    for (long long x = F > 2 ? F : 2; x <= N; x++) {
        unsigned top = 0;   /* the largest value marked */
        for (long long m = 2; m <= x;) {
            long long q = x / m, last = x / q;
            for (long long mm = m; mm <= last && mm <= m + 1; mm++) {
                long long r = x % mm;
                unsigned v = ((r & 1) ? g[q + 1] : 0) ^ (((mm - r) & 1) ? g[q] : 0);
                seen[v] = 1;
                if (v > top) top = v;
            }
            m = last + 1;
        }
        unsigned mex = 0;
        while (seen[mex]) mex++;
        g[x] = mex;
        total += mex;
        memset(seen, 0, (size_t)top + 1);
    }
    printf("%llu\n", total);
    free(g);
    free(seen);
    return 0;
}

static int list_dp(long n, long rounds)
{
    int64_t *l = malloc((size_t)(n ? n : 1) * sizeof *l), total = 0;
    if (!l) return 1;
    for (long i = 0; i < n; i++) l[i] = i * 7919 % 1000;
    for (long k = 1; k <= rounds; k++)
        for (long x = 0; x < n; x++)
            if (x != k) total += (l[x] + l[(x * 7 + k) % n] * 3 + x) % 1000003;
    printf("%lld\n", (long long)total);
    free(l);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc == 3 && !strcmp(argv[1], "endpiles")) return endpiles(argv[2]);
    if (argc == 3 && (!strcmp(argv[1], "ends") || !strcmp(argv[1], "coins") || !strcmp(argv[1], "stack")))
        return scoring(argv[1], argv[2]);
    if (argc == 4 && !strcmp(argv[1], "array")) return array_game(atoll(argv[2]), atoll(argv[3]));
    if (argc == 4 && !strcmp(argv[1], "splitequal")) return split_equal(atoll(argv[2]), atoll(argv[3]));
    if (argc == 4 && !strcmp(argv[1], "listdp")) return list_dp(atol(argv[2]), atol(argv[3]));
    fprintf(stderr, "usage: base_lecture endpiles FILE | array N X | splitequal N F | ends|coins|stack FILE | listdp N R\n");
    return 2;
}
