/* brute_rules.c: brute forces of the games whose closed forms were only checked against the same
   .game rules (coin turning, AntiNim, MooreNim, KamPebbles, JumpRow, Beans, Staircase, FibNim,
   PrimePowerSubtract): each is written from the game's statement, as a person states it, with
   plain recursion or a table over small states; none uses a formula. */
#include "brute.h"
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

static int mex(const bool *seen, int n)
{
    int m = 0;
    while (m < n && seen[m]) m++;
    return m;
}

/* ---- coin turning: a row is a bitmask of heads (bit i = position i, from 0); a move turns over
   a set of coins whose largest goes from heads to tails, so the mask decreases and the values can
   be filled in increasing order. ---------------------------------------------------------------- */

enum { COINS_MAX = 14 };

/* The value of every row of len coins under game kind. */
static int *coin_table(int kind, int len)
{
    int size = 1 << len;
    int *g = malloc((size_t)size * sizeof *g);
    bool seen[COINS_MAX * COINS_MAX * 4 + 64];
    for (int m = 0; m < size; m++) {
        memset(seen, 0, sizeof seen);
        int cap = (int)sizeof seen;
        for (int x = 0; x < len; x++) {
            if (!(m >> x & 1)) continue;
            int base = m & ~(1 << x);   /* x goes from heads to tails */
            switch (kind) {
            case BRUTE_TURN_ONE: seen[g[base]] = true; break;
            case BRUTE_TURTLES:   /* one coin, or two */
                seen[g[base]] = true;
                for (int y = 0; y < x; y++) seen[g[base ^ (1 << y)]] = true;
                break;
            case BRUTE_TWINS:   /* exactly two */
                for (int y = 0; y < x; y++) seen[g[base ^ (1 << y)]] = true;
                break;
            case BRUTE_MOCK:   /* one, two or three */
                seen[g[base]] = true;
                for (int y = 0; y < x; y++) {
                    seen[g[base ^ (1 << y)]] = true;
                    for (int z = 0; z < y; z++) seen[g[base ^ (1 << y) ^ (1 << z)]] = true;
                }
                break;
            default:   /* BRUTE_RULER: a block of consecutive coins ending at x */
                for (int k = 1; k <= x + 1; k++) {
                    int block = ((1 << k) - 1) << (x - k + 1);
                    seen[g[m ^ block]] = true;
                }
                break;
            }
        }
        g[m] = mex(seen, cap);
    }
    return g;
}

int brute_coins(int kind, const char *s)
{
    int len = (int)strlen(s), m = 0;
    for (int i = 0; i < len; i++)
        if (s[i] == 'H') m |= 1 << i;
    int *g = coin_table(kind, len);
    int v = g[m];
    free(g);
    return v;
}

/* Turning Corners on rows x cols: a head at (x, y) with a < x, b < y: turn (a, b), (a, y), (x, b),
   (x, y). Bit x * cols + y; (x, y) is the largest of the four, so the mask decreases. */
int brute_corners(const char *const *rows, int nrows)
{
    int cols = nrows ? (int)strlen(rows[0]) : 0, cells = nrows * cols, size = 1 << cells, m = 0;
    for (int x = 0; x < nrows; x++)
        for (int y = 0; y < cols; y++)
            if (rows[x][y] == 'H') m |= 1 << (x * cols + y);
    int *g = malloc((size_t)size * sizeof *g);
    bool seen[256];
    for (int s = 0; s < size; s++) {
        memset(seen, 0, sizeof seen);
        for (int x = 0; x < nrows; x++)
            for (int y = 0; y < cols; y++) {
                if (!(s >> (x * cols + y) & 1)) continue;
                for (int a = 0; a < x; a++)
                    for (int b = 0; b < y; b++) {
                        int t = s ^ (1 << (x * cols + y)) ^ (1 << (x * cols + b)) ^ (1 << (a * cols + y)) ^ (1 << (a * cols + b));
                        if (g[t] < 256) seen[g[t]] = true;
                    }
            }
        g[s] = mex(seen, 256);
    }
    int v = g[m];
    free(g);
    return v;
}

/* ---- heaps in a small tuple: memoised recursion keyed by the tuple (a simple hash table) ------ */

typedef struct Memo { uint64_t *key; int *val; size_t cap; } Memo;

static uint64_t pack(const int *a, int n)   /* each entry < 2^12, at most 5 entries */
{
    uint64_t k = (uint64_t)n;
    for (int i = 0; i < n; i++) k = k << 12 | (uint64_t)a[i];
    return k;
}

static int *memo_slot(Memo *m, uint64_t key, bool *found)
{
    if (!m->cap) {
        m->cap = 1 << 16;
        m->key = calloc(m->cap, sizeof *m->key);
        m->val = calloc(m->cap, sizeof *m->val);
    }
    size_t i = (size_t)(key * 0x9E3779B97F4A7C15ull >> 40) & (m->cap - 1);
    while (m->key[i] && m->key[i] != key + 1) i = (i + 1) & (m->cap - 1);
    *found = m->key[i] != 0;
    m->key[i] = key + 1;
    return &m->val[i];
}

static void memo_free(Memo *m)
{
    free(m->key);
    free(m->val);
    memset(m, 0, sizeof *m);
}

/* AntiNim: take any positive number of tokens from one heap, but never the last token on the
   table; with no token at all there is one move (to a lone token, a lost position). */
static int antinim_rec(Memo *m, int *a, int n)
{
    bool found;
    int total = 0;
    for (int i = 0; i < n; i++) total += a[i];
    int *slot = memo_slot(m, pack(a, n), &found);
    if (found) return *slot;
    bool seen[64] = { false };
    if (total == 0) {
        int one = 1;
        seen[antinim_rec(m, &one, 1)] = true;
    }
    for (int i = 0; i < n; i++)
        for (int k = 1; k <= a[i]; k++) {
            if (total - k == 0) continue;   /* the last token may not be taken */
            a[i] -= k;
            seen[antinim_rec(m, a, n)] = true;
            a[i] += k;
        }
    int v = mex(seen, 64);
    *memo_slot(m, pack(a, n), &found) = v;
    return v;
}

int brute_antinim(const int *h, int n)
{
    Memo m = { 0 };
    int a[5];
    memcpy(a, h, (size_t)n * sizeof *a);
    int v = antinim_rec(&m, a, n);
    memo_free(&m);
    return v;
}

/* MooreNim: take positive amounts from at least one and at most k heaps. */
static int moore_rec(Memo *m, int k, int *a, int n)
{
    bool found;
    int *slot = memo_slot(m, pack(a, n), &found);
    if (found) return *slot;
    bool seen[256] = { false };
    /* every non-empty choice of heaps of size <= k, every amount from each */
    for (int set = 1; set < (1 << n); set++) {
        if (__builtin_popcount((unsigned)set) > k) continue;
        int idx[5], c = 0;
        for (int i = 0; i < n; i++)
            if (set >> i & 1) idx[c++] = i;
        bool ok = true;
        for (int i = 0; i < c; i++) ok &= a[idx[i]] > 0;
        if (!ok) continue;
        int take[5];
        for (int i = 0; i < c; i++) take[i] = 1;
        for (;;) {
            for (int i = 0; i < c; i++) a[idx[i]] -= take[i];
            int v = moore_rec(m, k, a, n);
            if (v < 256) seen[v] = true;
            for (int i = 0; i < c; i++) a[idx[i]] += take[i];
            int j = 0;   /* next amounts, like an odometer */
            while (j < c && take[j] == a[idx[j]]) take[j++] = 1;
            if (j == c) break;
            take[j]++;
        }
    }
    int v = mex(seen, 256);
    *memo_slot(m, pack(a, n), &found) = v;
    return v;
}

int brute_moore(int k, const int *h, int n)
{
    Memo m = { 0 };
    int a[5];
    memcpy(a, h, (size_t)n * sizeof *a);
    int v = moore_rec(&m, k, a, n);
    memo_free(&m);
    return v;
}

/* KamPebbles: piles a_1 <= ... <= a_n; take pebbles from one pile so that they stay non-decreasing. */
static int kam_rec(Memo *m, int *a, int n)
{
    bool found;
    int *slot = memo_slot(m, pack(a, n), &found);
    if (found) return *slot;
    bool seen[64] = { false };
    for (int i = 0; i < n; i++)
        for (int k = 1; a[i] - k >= (i ? a[i - 1] : 0); k++) {
            a[i] -= k;
            seen[kam_rec(m, a, n)] = true;
            a[i] += k;
        }
    int v = mex(seen, 64);
    *memo_slot(m, pack(a, n), &found) = v;
    return v;
}

int brute_kampebbles(const int *p, int n)
{
    Memo m = { 0 };
    int a[5];
    memcpy(a, p, (size_t)n * sizeof *a);
    int v = kam_rec(&m, a, n);
    memo_free(&m);
    return v;
}

/* Staircase: move any positive number of coins from step i >= 1 down to step i - 1; coins on the
   ground (step 0) no longer matter. */
static int stair_rec(Memo *m, int *a, int n)
{
    bool found;
    int *slot = memo_slot(m, pack(a, n), &found);
    if (found) return *slot;
    bool seen[64] = { false };
    for (int i = 1; i < n; i++)
        for (int k = 1; k <= a[i]; k++) {
            a[i] -= k;
            int saved = a[i - 1];
            a[i - 1] = i == 1 ? 0 : a[i - 1] + k;
            seen[stair_rec(m, a, n)] = true;
            a[i - 1] = saved;
            a[i] += k;
        }
    int v = mex(seen, 64);
    *memo_slot(m, pack(a, n), &found) = v;
    return v;
}

int brute_staircase(const int *s, int n)
{
    Memo m = { 0 };
    int a[5];
    memcpy(a, s, (size_t)n * sizeof *a);
    if (n) a[0] = 0;
    int v = stair_rec(&m, a, n);
    memo_free(&m);
    return v;
}

/* JumpRow: cells 0/1; a piece moves right to the nearest empty cell, jumping the pieces between. */
int brute_jumprow(const char *s)
{
    int len = (int)strlen(s), size = 1 << len, start = 0;
    for (int i = 0; i < len; i++)
        if (s[i] == '1') start |= 1 << i;
    /* a move sends a piece right: the cells' weighted sum grows, so fill from the largest */
    int *g = malloc((size_t)size * sizeof *g);
    for (int m = size - 1; m >= 0; m--) {
        bool seen[64] = { false };
        for (int x = 0; x < len; x++) {
            if (!(m >> x & 1)) continue;
            int y = x + 1;
            while (y < len && (m >> y & 1)) y++;
            if (y == len) continue;
            int t = (m & ~(1 << x)) | (1 << y);
            if (g[t] < 64) seen[g[t]] = true;
        }
        g[m] = mex(seen, 64);
    }
    int v = g[start];
    free(g);
    return v;
}

/* Beans: take a bean from bottle i and put one bean into bottle j and one into bottle k,
   i < j <= k. Beans only move right, so the recursion ends. */
static int beans_rec(Memo *m, int *c, int n)
{
    bool found;
    int *slot = memo_slot(m, pack(c, n), &found);
    if (found) return *slot;
    bool seen[64] = { false };
    for (int i = 0; i < n; i++) {
        if (!c[i]) continue;
        for (int j = i + 1; j < n; j++)
            for (int k = j; k < n; k++) {
                c[i]--;
                c[j]++;
                c[k]++;
                seen[beans_rec(m, c, n)] = true;
                c[i]++;
                c[j]--;
                c[k]--;
            }
    }
    int v = mex(seen, 64);
    *memo_slot(m, pack(c, n), &found) = v;
    return v;
}

int brute_beans(const int *b, int n)
{
    Memo m = { 0 };
    int c[5];
    memcpy(c, b, (size_t)n * sizeof *c);
    int v = beans_rec(&m, c, n);
    memo_free(&m);
    return v;
}

/* Fibonacci Nim: a heap of n with limit l: take k with 1 <= k <= min(n, l); the next limit is 2k.
   The first move may take 1..n-1 (l = n - 1). */
int brute_fibnim(int n, int l)
{
    /* g[r][q]: heap r, limit q (limits above r act as r) */
    int *g = malloc((size_t)(n + 1) * (size_t)(n + 1) * sizeof *g);
    for (int r = 0; r <= n; r++)
        for (int q = 0; q <= r; q++) {
            bool seen[64] = { false };
            for (int k = 1; k <= q; k++) {
                int nq = 2 * k < r - k ? 2 * k : r - k;
                seen[g[(r - k) * (n + 1) + nq]] = true;
            }
            g[r * (n + 1) + q] = mex(seen, 64);
        }
    int v = g[n * (n + 1) + (l < n ? l : n)];
    free(g);
    return v;
}

/* Prime-power subtraction: take p^e tokens (p prime, e >= 0, so 1 counts). */
static bool prime_power(int k)
{
    if (k == 1) return true;
    int p = 0;
    for (int d = 2; d * d <= k; d++)
        if (k % d == 0) { p = d; break; }
    if (!p) return true;
    while (k % p == 0) k /= p;
    return k == 1;
}

int brute_primepower(int n)
{
    int *g = malloc((size_t)(n + 1) * sizeof *g);
    for (int h = 0; h <= n; h++) {
        bool seen[64] = { false };
        for (int k = 1; k <= h; k++)
            if (prime_power(k)) seen[g[h - k]] = true;
        g[h] = mex(seen, 64);
    }
    int v = g[n];
    free(g);
    return v;
}
