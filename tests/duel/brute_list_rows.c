/* brute_list_rows.c: brute-force moves of the standard library's rows, coupled heaps and small boards (brute_list.h). */
#include "brute_list.h"
#include <stdlib.h>
#include <string.h>

/* ---- shared helpers ------------------------------------------------------------------------ */


/* args[from..nargs-1] are all integers >= lo. */
static bool ints_at_least(const BrVal *args, int from, int nargs, long long lo)
{
    for (int i = from; i < nargs; i++)
        if (args[i].kind != BR_INT || args[i].i < lo) return false;
    return true;
}

/* A malloc'd copy of the integers args[from..nargs-1] (never NULL). */
static long long *copy_ints(const BrVal *args, int from, int nargs)
{
    int n = nargs - from;
    long long *v = malloc(sizeof *v * (size_t)(n > 0 ? n : 1));
    if (!v) abort();
    for (int i = 0; i < n; i++) v[i] = args[from + i].i;
    return v;
}

/* Appends v[0..n-1] as ", a, b" (lead) or "a, b". */
static void put_ints(BrBuf *b, const long long *v, int n, bool lead)
{
    for (int i = 0; i < n; i++) br_printf(b, "%s%lld", (i || lead) ? ", " : "", v[i]);
}

static int cmp_ll(const void *x, const void *y)
{
    long long a = *(const long long *)x, b = *(const long long *)y;
    return (a > b) - (a < b);
}

/* Random: a shuffled copy of v in place. */
static void shuffle_ll(uint64_t *seed, long long *v, int n)
{
    for (int i = n - 1; i > 0; i--) {
        int j = br_range(seed, 0, i);
        long long t = v[i];
        v[i] = v[j];
        v[j] = t;
    }
}

/* ---- Staircase(a0, ..., ak) ---------------------------------------------------------------------
   Coins on steps 0..k; a move takes k >= 1 coins from a step i >= 1 and puts them on step i - 1.
   Step 0 is the ground: its count does not matter (canonically 0). Staircase() is empty. */
static bool stair_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (!ints_at_least(args, 0, nargs, 0)) return false;
    br_printf(out, "Staircase(");
    for (int i = 0; i < nargs; i++) br_printf(out, "%s%lld", i ? ", " : "", i == 0 ? 0LL : args[i].i);
    br_printf(out, ")");
    return true;
}

static void stair_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut m;
    br_out_init(&m, emit, ctx);
    long long *v = copy_ints(args, 0, nargs);
    for (int i = 1; i < nargs; i++)
        for (long long k = 1; k <= args[i].i; k++) {
            br_out_clear(&m);
            v[i] -= k;
            v[i - 1] += k;
            br_printf(&m.args, "{\"i\":%d,\"k\":%lld}", i, k);
            br_printf(&m.res, "Staircase(");
            put_ints(&m.res, v, nargs, false);
            br_printf(&m.res, ")");
            v[i] += k;
            v[i - 1] -= k;
            br_out_send(&m, "down");
        }
    free(v);
    br_out_done(&m);
}

static void stair_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int len_lo[4] = {0, 2, 3, 4}, len_hi[4] = {3, 4, 5, 5}, top[4] = {2, 2, 3, 4};
    int n = br_range(seed, len_lo[size], len_hi[size]);
    int same = br_range(seed, 0, 3) == 0 ? br_range(seed, 0, top[size]) : -1;
    br_printf(out, "Staircase(");
    for (int i = 0; i < n; i++) {
        int x = i == 0 ? br_range(seed, 0, 5) : same >= 0 ? same : br_range(seed, 0, top[size]);
        br_printf(out, "%s%d", i ? ", " : "", x);
    }
    br_printf(out, ")");
}

/* ---- MooreNim(k, a...) ------------------------------------------------------------------------
   Moore's Nim_k: take positive amounts from at least one and at most k heaps at once (k >= 1). The
   rule enumerates a move as the mixed-radix number c = sum t_i * prod_{j > i}(a_j + 1), the digit
   t_i (0..a_i) the amount taken from heap i (the last heap the lowest digit), c from 1; c is one
   move when at most k digits are non-zero. */
static bool moore_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs < 1 || !ints_at_least(args, 0, 1, 1) || !ints_at_least(args, 1, nargs, 0)) return false;
    br_printf(out, "MooreNim(%lld", args[0].i);
    for (int i = 1; i < nargs; i++) br_printf(out, ", %lld", args[i].i);
    br_printf(out, ")");
    return true;
}

static void moore_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut m;
    br_out_init(&m, emit, ctx);
    int h = nargs - 1;
    long long k = args[0].i;
    long long *a = copy_ints(args, 1, nargs), *t = copy_ints(args, 1, nargs);
    long long size = 1;
    for (int i = 0; i < h; i++) size *= a[i] + 1;
    for (long long c = 1; c < size; c++) {
        long long rest = c;
        int used = 0;
        for (int i = h - 1; i >= 0; i--) {
            t[i] = rest % (a[i] + 1);
            rest /= a[i] + 1;
            if (t[i] > 0) used++;
        }
        if (used > k) continue;
        br_out_clear(&m);
        br_printf(&m.args, "{\"c\":%lld}", c);
        br_printf(&m.res, "MooreNim(%lld", k);
        for (int i = 0; i < h; i++) br_printf(&m.res, ", %lld", a[i] - t[i]);
        br_printf(&m.res, ")");
        br_out_send(&m, "take");
    }
    free(a);
    free(t);
    br_out_done(&m);
}

static void moore_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int h_lo[4] = {0, 2, 2, 3}, h_hi[4] = {2, 2, 3, 3}, top[4] = {2, 3, 3, 4};
    int h = br_range(seed, h_lo[size], h_hi[size]);
    int k = br_range(seed, 1, h + 1 > 3 ? 3 : h + 1);
    int same = br_range(seed, 0, 3) == 0 ? br_range(seed, 0, top[size]) : -1;
    br_printf(out, "MooreNim(%d", k);
    for (int i = 0; i < h; i++) br_printf(out, ", %d", same >= 0 ? same : br_range(seed, 0, top[size]));
    br_printf(out, ")");
}

/* ---- MergePiles(n, m) and MergeState(m, p...) ---------------------------------------------------
   n piles of one token; a move merges two piles into one when the result has at most m tokens.
   From the start all piles are alike: its rule is the one move (two ones into a two, when n >= 2
   and m >= 2) to MergeState(m, 2, 1, ..., 1). MergeState's piles are a multiset (canonically
   sorted); its move merge(i, j), i < j indexes into the sorted piles, joins piles i and j when
   p_i + p_j <= m. */
static bool mergep_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs != 2 || !ints_at_least(args, 0, 2, 0)) return false;
    br_printf(out, "MergePiles(%lld, %lld)", args[0].i, args[1].i);
    return true;
}

static void mergep_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    long long n = args[0].i, m = args[1].i;
    if (n < 2 || m < 2) return;
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    br_out_clear(&mv);
    br_printf(&mv.args, "{}");
    br_printf(&mv.res, "MergeState(%lld, 2", m);
    for (long long i = 0; i < n - 2; i++) br_printf(&mv.res, ", 1");
    br_printf(&mv.res, ")");
    br_out_send(&mv, "merge");
    br_out_done(&mv);
}

static void mergep_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {0, 2, 5, 10}, n_hi[4] = {3, 6, 10, 16};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    int m = br_range(seed, size == 0 ? 0 : 1, n > 2 ? n : 2);
    br_printf(out, "MergePiles(%d, %d)", n, m);
}

static bool merges_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs < 1 || !ints_at_least(args, 0, 1, 0) || !ints_at_least(args, 1, nargs, 1)) return false;
    long long *p = copy_ints(args, 1, nargs);
    qsort(p, (size_t)(nargs - 1), sizeof *p, cmp_ll);
    br_printf(out, "MergeState(%lld", args[0].i);
    put_ints(out, p, nargs - 1, true);
    br_printf(out, ")");
    free(p);
    return true;
}

static void merges_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    long long m = args[0].i;
    int n = nargs - 1;
    long long *p = copy_ints(args, 1, nargs);
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++) {
            if (p[i] + p[j] > m) continue;
            br_out_clear(&mv);
            br_printf(&mv.args, "{\"i\":%d,\"j\":%d}", i, j);
            br_printf(&mv.res, "MergeState(%lld", m);
            for (int t = 0; t < n; t++)
                if (t != i && t != j) br_printf(&mv.res, ", %lld", p[t]);
            br_printf(&mv.res, ", %lld)", p[i] + p[j]);
            br_out_send(&mv, "merge");
        }
    free(p);
    br_out_done(&mv);
}

static void merges_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_hi[4] = {3, 5, 7, 10}, m_hi[4] = {3, 5, 7, 9};
    int n = br_range(seed, 0, n_hi[size]);
    int m = br_range(seed, 1, m_hi[size]);
    int big = br_range(seed, 1, 3);
    br_printf(out, "MergeState(%d", m);
    for (int i = 0; i < n; i++) br_printf(out, ", %d", br_range(seed, 1, big));
    br_printf(out, ")");
}

/* ---- Beans(c...) --------------------------------------------------------------------------------
   Bottles 0..n-1 hold c_i beans; a move takes a bean from a bottle i and puts one bean into
   bottle j and one into bottle k, i < j <= k. Each (i, j, k) with c_i > 0 is one move. */
static bool beans_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (!ints_at_least(args, 0, nargs, 0)) return false;
    long long *c = copy_ints(args, 0, nargs);
    br_printf(out, "Beans(");
    put_ints(out, c, nargs, false);
    br_printf(out, ")");
    free(c);
    return true;
}

static void beans_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    long long *c = copy_ints(args, 0, nargs);
    for (int i = 0; i < nargs; i++) {
        if (c[i] <= 0) continue;
        for (int j = i + 1; j < nargs; j++)
            for (int k = j; k < nargs; k++) {
                br_out_clear(&mv);
                c[i]--;
                c[j]++;
                c[k]++;
                br_printf(&mv.args, "{\"i\":%d,\"j\":%d,\"k\":%d}", i, j, k);
                br_printf(&mv.res, "Beans(");
                put_ints(&mv.res, c, nargs, false);
                br_printf(&mv.res, ")");
                c[i]++;
                c[j]--;
                c[k]--;
                br_out_send(&mv, "split");
            }
    }
    free(c);
    br_out_done(&mv);
}

static void beans_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {0, 2, 3, 4}, n_hi[4] = {2, 3, 4, 5}, top[4] = {2, 2, 3, 2};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    br_printf(out, "Beans(");
    for (int i = 0; i < n; i++) {
        /* the first bottles fan out the most: keep them lighter on long rows */
        int hi = n == 5 ? 1 : (n == 4 && size < 3 && i == 0) ? 1 : top[size];
        br_printf(out, "%s%d", i ? ", " : "", br_range(seed, 0, hi));
    }
    br_printf(out, ")");
}

/* ---- JumpRow(s) ----------------------------------------------------------------------------------
   A row of cells, "1" a piece, "0" empty: a piece at x moves right to the nearest empty cell y > x,
   jumping over the pieces between (no move when no empty cell is to its right). jump(x). */
static bool jump_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs != 1 || args[0].kind != BR_STR) return false;
    for (const char *p = args[0].s; *p; p++)
        if (*p != '0' && *p != '1') return false;
    br_printf(out, "JumpRow(\"%s\")", args[0].s);
    return true;
}

static void jump_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    size_t n = strlen(args[0].s);
    char *s = malloc(n + 1);
    if (!s) abort();
    memcpy(s, args[0].s, n + 1);
    for (size_t x = 0; x < n; x++) {
        if (s[x] != '1') continue;
        size_t y = x + 1;
        while (y < n && s[y] != '0') y++;
        if (y >= n) continue;
        br_out_clear(&mv);
        s[x] = '0';
        s[y] = '1';
        br_printf(&mv.args, "{\"x\":%zu}", x);
        br_printf(&mv.res, "JumpRow(\"%s\")", s);
        s[x] = '1';
        s[y] = '0';
        br_out_send(&mv, "jump");
    }
    free(s);
    br_out_done(&mv);
}

static void jump_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {0, 4, 7, 9}, n_hi[4] = {3, 6, 8, 10};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    int dens = br_range(seed, 1, 3); /* pieces with probability dens / 4 */
    br_printf(out, "JumpRow(\"");
    for (int i = 0; i < n; i++) br_printf(out, "%c", br_range(seed, 0, 3) < dens ? '1' : '0');
    br_printf(out, "\")");
}

/* ---- EndPiles(a...) ------------------------------------------------------------------------------
   Piles (positive) in a row; take k >= 1 tokens from the leftmost pile (left) or the rightmost
   pile (right); an emptied pile is gone. With one pile both rules take from it. */
static bool endp_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (!ints_at_least(args, 0, nargs, 1)) return false;
    long long *a = copy_ints(args, 0, nargs);
    br_printf(out, "EndPiles(");
    put_ints(out, a, nargs, false);
    br_printf(out, ")");
    free(a);
    return true;
}

static void endp_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    if (nargs == 0) return;
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    long long *a = copy_ints(args, 0, nargs);
    for (int side = 0; side < 2; side++) {
        int at = side == 0 ? 0 : nargs - 1;
        long long pile = a[at];
        for (long long k = 1; k <= pile; k++) {
            br_out_clear(&mv);
            a[at] = pile - k;
            br_printf(&mv.args, "{\"k\":%lld}", k);
            br_printf(&mv.res, "EndPiles(");
            if (a[at] > 0) put_ints(&mv.res, a, nargs, false);
            else if (side == 0) put_ints(&mv.res, a + 1, nargs - 1, false);
            else put_ints(&mv.res, a, nargs - 1, false);
            br_printf(&mv.res, ")");
            a[at] = pile;
            br_out_send(&mv, side == 0 ? "left" : "right");
        }
    }
    free(a);
    br_out_done(&mv);
}

static void endp_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {0, 2, 3, 4}, n_hi[4] = {2, 3, 4, 5}, top[4] = {2, 3, 4, 6};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    int same = br_range(seed, 0, 3) == 0 ? br_range(seed, 1, top[size]) : 0;
    br_printf(out, "EndPiles(");
    for (int i = 0; i < n; i++) br_printf(out, "%s%d", i ? ", " : "", same ? same : br_range(seed, 1, top[size]));
    br_printf(out, ")");
}

/* ---- KamPebbles(a...) ----------------------------------------------------------------------------
   Non-decreasing piles a_0 <= a_1 <= ... (a_0 >= 0); take k >= 1 pebbles from pile i so that the
   piles stay non-decreasing: 1 <= k <= a_i - a_(i-1) (a_i for the first pile). take(i, k). */
static bool kam_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (!ints_at_least(args, 0, nargs, 0)) return false;
    for (int i = 1; i < nargs; i++)
        if (args[i].i < args[i - 1].i) return false;
    long long *a = copy_ints(args, 0, nargs);
    br_printf(out, "KamPebbles(");
    put_ints(out, a, nargs, false);
    br_printf(out, ")");
    free(a);
    return true;
}

static void kam_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    long long *a = copy_ints(args, 0, nargs);
    for (int i = 0; i < nargs; i++) {
        long long room = a[i] - (i == 0 ? 0 : a[i - 1]);
        for (long long k = 1; k <= room; k++) {
            br_out_clear(&mv);
            a[i] -= k;
            br_printf(&mv.args, "{\"i\":%d,\"k\":%lld}", i, k);
            br_printf(&mv.res, "KamPebbles(");
            put_ints(&mv.res, a, nargs, false);
            br_printf(&mv.res, ")");
            a[i] += k;
            br_out_send(&mv, "take");
        }
    }
    free(a);
    br_out_done(&mv);
}

static void kam_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {0, 2, 3, 4}, n_hi[4] = {2, 3, 4, 5}, top[4] = {2, 4, 6, 8};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    long long v[8];
    for (int i = 0; i < n; i++) v[i] = br_range(seed, 0, top[size]);
    qsort(v, (size_t)n, sizeof v[0], cmp_ll);
    br_printf(out, "KamPebbles(");
    put_ints(out, v, n, false);
    br_printf(out, ")");
}

/* ---- ArrayGame(n, w...) --------------------------------------------------------------------------
   Cells 1..n, the cells of w white (a set: distinct cells of 1..n, in any order). A move chooses a
   white cell x and k >= 1 with kx <= n and flips x, 2x, ..., kx. flip(i, k): x is the i-th
   (from 0) of the white cells in increasing order. */
static bool array_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs < 1 || !ints_at_least(args, 0, nargs, 0)) return false;
    long long n = args[0].i;
    long long *w = copy_ints(args, 1, nargs);
    int nw = nargs - 1;
    qsort(w, (size_t)nw, sizeof *w, cmp_ll);
    bool ok = true;
    for (int i = 0; i < nw; i++)
        if (w[i] < 1 || w[i] > n || (i > 0 && w[i] == w[i - 1])) ok = false;
    if (ok) {
        br_printf(out, "ArrayGame(%lld", n);
        put_ints(out, w, nw, true);
        br_printf(out, ")");
    }
    free(w);
    return ok;
}

static void array_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    long long n = args[0].i;
    int nw = nargs - 1;
    long long *w = copy_ints(args, 1, nargs);
    bool *white = calloc((size_t)n + 1, sizeof *white);
    if (!white) abort();
    for (int i = 0; i < nw; i++) white[w[i]] = true;
    for (int i = 0; i < nw; i++) {
        long long x = w[i];
        for (long long k = 1; k * x <= n; k++) {
            br_out_clear(&mv);
            for (long long t = 1; t <= k; t++) white[t * x] = !white[t * x];
            br_printf(&mv.args, "{\"i\":%d,\"k\":%lld}", i, k);
            br_printf(&mv.res, "ArrayGame(%lld", n);
            for (long long y = 1; y <= n; y++)
                if (white[y]) br_printf(&mv.res, ", %lld", y);
            br_printf(&mv.res, ")");
            for (long long t = 1; t <= k; t++) white[t * x] = !white[t * x];
            br_out_send(&mv, "flip");
        }
    }
    free(white);
    free(w);
    br_out_done(&mv);
}

static void array_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {0, 4, 7, 10}, n_hi[4] = {3, 6, 9, 11};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    long long w[16];
    int nw = 0;
    int dens = br_range(seed, 1, 3);
    for (int x = 1; x <= n; x++)
        if (br_range(seed, 0, 3) < dens) w[nw++] = x;
    shuffle_ll(seed, w, nw);
    br_printf(out, "ArrayGame(%d", n);
    put_ints(out, w, nw, true);
    br_printf(out, ")");
}

/* ---- RingCoinAt(c, w...) -------------------------------------------------------------------------
   A ring of L = len(w) >= 1 edges, edge i joining vertices i and (i + 1) mod L with weight w_i >= 0;
   a coin on vertex c (0 <= c < L). A move slides the coin across an adjacent edge of positive
   weight and lowers that weight to any x in 0..w - 1: right crosses edge c to vertex c + 1, left
   crosses edge c - 1 to vertex c - 1 (mod L). With L = 1 both cross the one loop edge. */
static bool ring_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs < 2 || !ints_at_least(args, 0, nargs, 0)) return false;
    if (args[0].i >= nargs - 1) return false;
    br_printf(out, "RingCoinAt(%lld", args[0].i);
    for (int i = 1; i < nargs; i++) br_printf(out, ", %lld", args[i].i);
    br_printf(out, ")");
    return true;
}

static void ring_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    int len = nargs - 1;
    int c = (int)args[0].i;
    long long *w = copy_ints(args, 1, nargs);
    for (int side = 0; side < 2; side++) {
        int e = side == 0 ? c : (c + len - 1) % len;          /* the edge crossed */
        int to = side == 0 ? (c + 1) % len : (c + len - 1) % len;
        long long old = w[e];
        for (long long x = 0; x < old; x++) {
            br_out_clear(&mv);
            w[e] = x;
            br_printf(&mv.args, "{\"x\":%lld}", x);
            br_printf(&mv.res, "RingCoinAt(%d", to);
            put_ints(&mv.res, w, len, true);
            br_printf(&mv.res, ")");
            w[e] = old;
            br_out_send(&mv, side == 0 ? "right" : "left");
        }
    }
    free(w);
    br_out_done(&mv);
}

static void ring_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int l_lo[4] = {1, 2, 3, 4}, l_hi[4] = {2, 3, 4, 5};
    int len = br_range(seed, l_lo[size], l_hi[size]);
    int top = size == 0 ? 2 : len == 5 ? 2 : size == 3 ? 4 : 3;
    bool zero = br_range(seed, 0, 1) == 0; /* the contest's rings have an edge of weight 0 */
    int z = br_range(seed, 0, len - 1);
    br_printf(out, "RingCoinAt(%d", br_range(seed, 0, len - 1));
    for (int i = 0; i < len; i++) br_printf(out, ", %d", zero && i == z ? 0 : br_range(seed, 0, top));
    br_printf(out, ")");
}

/* ---- Permutation(a, i) ---------------------------------------------------------------------------
   A token on index i (from 0) of the list a of positive integers; it jumps to j with a_j > a_i and
   |i - j| = k * a_i, k >= 1: up(k) to j = i + k a_i, down(k) to j = i - k a_i. */
static bool perm_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs != 2 || args[0].kind != BR_LIST || args[1].kind != BR_INT) return false;
    const BrVal *a = &args[0];
    if (a->n < 1 || args[1].i < 0 || args[1].i >= a->n) return false;
    for (int t = 0; t < a->n; t++)
        if (a->v[t].kind != BR_INT || a->v[t].i < 1) return false;
    br_printf(out, "Permutation(");
    br_put_val(out, a);
    br_printf(out, ", %lld)", args[1].i);
    return true;
}

static void perm_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    const BrVal *a = &args[0];
    long long n = a->n, i = args[1].i, step = a->v[i].i;
    for (int side = 0; side < 2; side++)
        for (long long k = 1;; k++) {
            long long j = side == 0 ? i + k * step : i - k * step;
            if (j < 0 || j >= n) break;
            if (a->v[j].i <= step) continue;
            br_out_clear(&mv);
            br_printf(&mv.args, "{\"k\":%lld}", k);
            br_printf(&mv.res, "Permutation(");
            br_put_val(&mv.res, a);
            br_printf(&mv.res, ", %lld)", j);
            br_out_send(&mv, side == 0 ? "up" : "down");
        }
    br_out_done(&mv);
}

static void perm_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int n_lo[4] = {1, 3, 6, 12}, n_hi[4] = {2, 5, 11, 20};
    int n = br_range(seed, n_lo[size], n_hi[size]);
    long long a[20];
    bool perm = br_range(seed, 0, 2) > 0;
    for (int t = 0; t < n; t++) a[t] = perm ? t + 1 : br_range(seed, 1, n);
    if (perm) shuffle_ll(seed, a, n);
    br_printf(out, "Permutation([");
    put_ints(out, a, n, false);
    int i = br_range(seed, 0, n - 1), j = br_range(seed, 0, n - 1);
    br_printf(out, "], %d)", a[j] < a[i] ? j : i); /* the smaller of two: fewer dead starts */
}

/* ---- ChompRows(a...) -----------------------------------------------------------------------------
   Chomp: row r keeps its first a_r cells, a non-increasing; the poisoned cell is (0, 0). A move
   takes a cell (r, c) other than (0, 0) with it every cell (r', c') with r' >= r and c' >= c: rows
   r' >= r are cut to min(a_r', c). Empty rows are dropped (ChompRows(3, 1, 0) is ChompRows(3, 1)). */
static bool chomp_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (!ints_at_least(args, 0, nargs, 0)) return false;
    for (int i = 1; i < nargs; i++)
        if (args[i].i > args[i - 1].i) return false;
    br_printf(out, "ChompRows(");
    for (int i = 0; i < nargs && args[i].i > 0; i++) br_printf(out, "%s%lld", i ? ", " : "", args[i].i);
    br_printf(out, ")");
    return true;
}

static void chomp_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    long long *a = copy_ints(args, 0, nargs);
    for (int r = 0; r < nargs; r++)
        for (long long c = 0; c < a[r]; c++) {
            if (r == 0 && c == 0) continue;
            br_out_clear(&mv);
            br_printf(&mv.args, "{\"r\":%d,\"c\":%lld}", r, c);
            br_printf(&mv.res, "ChompRows(");
            for (int i = 0; i < nargs; i++) {
                long long x = i >= r && a[i] > c ? c : a[i];
                if (x == 0) break;
                br_printf(&mv.res, "%s%lld", i ? ", " : "", x);
            }
            br_printf(&mv.res, ")");
            br_out_send(&mv, "take");
        }
    free(a);
    br_out_done(&mv);
}

static void chomp_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int r_lo[4] = {0, 1, 2, 2}, r_hi[4] = {1, 2, 3, 3}, c_lo[4] = {0, 1, 2, 3}, c_hi[4] = {2, 3, 3, 4};
    int rows = br_range(seed, r_lo[size], r_hi[size]);
    int cols = br_range(seed, c_lo[size], c_hi[size]);
    bool rect = br_range(seed, 0, 2) == 0;
    long long v[4];
    for (int i = 0; i < rows; i++) v[i] = rect || i == 0 ? cols : br_range(seed, 0, cols);
    qsort(v, (size_t)rows, sizeof v[0], cmp_ll);
    br_printf(out, "ChompRows(");
    for (int i = rows - 1; i >= 0; i--) br_printf(out, "%s%lld", i < rows - 1 ? ", " : "", v[i]);
    br_printf(out, ")");
}

/* ---- CramBoard(rows...) --------------------------------------------------------------------------
   A board of rows of one length, "." empty and "#" covered; a move covers two empty cells next to
   each other: across(r, c) the cells (r, c), (r, c + 1); down(r, c) the cells (r, c), (r + 1, c).
   The rows are a position as written (no symmetry is identified). */
static bool cram_canon(const BrVal *args, int nargs, BrBuf *out)
{
    for (int r = 0; r < nargs; r++) {
        if (args[r].kind != BR_STR || args[r].n != args[0].n) return false;
        for (const char *p = args[r].s; *p; p++)
            if (*p != '.' && *p != '#') return false;
    }
    br_printf(out, "CramBoard(");
    for (int r = 0; r < nargs; r++) br_printf(out, "%s\"%s\"", r ? ", " : "", args[r].s);
    br_printf(out, ")");
    return true;
}

static void cram_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    BrOut mv;
    br_out_init(&mv, emit, ctx);
    int w = nargs > 0 ? (int)strlen(args[0].s) : 0;
    char *g = malloc((size_t)nargs * (size_t)(w + 1) + 1);
    if (!g) abort();
    for (int r = 0; r < nargs; r++) memcpy(g + r * (w + 1), args[r].s, (size_t)w + 1);
    for (int dir = 0; dir < 2; dir++) {
        int dr = dir == 0 ? 0 : 1, dc = dir == 0 ? 1 : 0;
        for (int r = 0; r + dr < nargs; r++)
            for (int c = 0; c + dc < w; c++) {
                char *p = g + r * (w + 1) + c, *q = g + (r + dr) * (w + 1) + c + dc;
                if (*p != '.' || *q != '.') continue;
                br_out_clear(&mv);
                *p = *q = '#';
                br_printf(&mv.args, "{\"r\":%d,\"c\":%d}", r, c);
                br_printf(&mv.res, "CramBoard(");
                for (int t = 0; t < nargs; t++) br_printf(&mv.res, "%s\"%s\"", t ? ", " : "", g + t * (w + 1));
                br_printf(&mv.res, ")");
                *p = *q = '.';
                br_out_send(&mv, dir == 0 ? "across" : "down");
            }
    }
    free(g);
    br_out_done(&mv);
}

static void cram_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int r_hi[4] = {2, 2, 3, 3}, c_hi[4] = {3, 4, 3, 3};
    int rows = br_range(seed, size == 0 ? 0 : 1, r_hi[size]);
    int cols = br_range(seed, size == 0 ? 0 : 2, c_hi[size]);
    if (size == 3 && br_range(seed, 0, 1)) rows = cols = 3;
    int holes = size == 3 ? br_range(seed, 0, 1) : br_range(seed, 0, 3); /* '#' with chance holes / 8 */
    br_printf(out, "CramBoard(");
    for (int r = 0; r < rows; r++) {
        br_printf(out, "%s\"", r ? ", " : "");
        for (int c = 0; c < cols; c++) br_printf(out, "%c", br_range(seed, 0, 7) < holes ? '#' : '.');
        br_printf(out, "\"");
    }
    br_printf(out, ")");
}

const BrGame brute_rows_games[] = {
    { "Staircase", stair_canon, stair_moves, stair_random },
    { "MooreNim", moore_canon, moore_moves, moore_random },
    { "MergePiles", mergep_canon, mergep_moves, mergep_random },
    { "MergeState", merges_canon, merges_moves, merges_random },
    { "Beans", beans_canon, beans_moves, beans_random },
    { "JumpRow", jump_canon, jump_moves, jump_random },
    { "EndPiles", endp_canon, endp_moves, endp_random },
    { "KamPebbles", kam_canon, kam_moves, kam_random },
    { "ArrayGame", array_canon, array_moves, array_random },
    { "RingCoinAt", ring_canon, ring_moves, ring_random },
    { "Permutation", perm_canon, perm_moves, perm_random },
    { "ChompRows", chomp_canon, chomp_moves, chomp_random },
    { "CramBoard", cram_canon, cram_moves, cram_random },
    { NULL, NULL, NULL, NULL },
};
