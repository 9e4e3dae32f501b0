/* brute_list_coins.c: brute-force moves of the coin-turning and two-number standard games. */
#include "brute_list.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- shared helpers ------------------------------------------------------------------------ */

/* A string of H and T only (the empty string counts: a row without coins). */
static bool is_coins(const BrVal *v)
{
    if (v->kind != BR_STR) return false;
    for (const char *p = v->s; *p; p++)
        if (*p != 'H' && *p != 'T') return false;
    return true;
}

static char flipc(char c)
{
    return c == 'H' ? 'T' : 'H';
}

/* A non-negative integer argument; with strings_ok also a string of decimal digits (Wythoff's
   heaps may be written "35"), at most 18 digits so that it fits. */
static bool get_nat(const BrVal *v, bool strings_ok, long long *out)
{
    if (v->kind == BR_INT) {
        if (v->i < 0) return false;
        *out = v->i;
        return true;
    }
    if (!strings_ok || v->kind != BR_STR) return false;
    size_t n = strlen(v->s);
    if (n == 0 || n > 18) return false;
    long long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (v->s[i] < '0' || v->s[i] > '9') return false;
        x = 10 * x + (v->s[i] - '0');
    }
    *out = x;
    return true;
}


static void random_coins(uint64_t *seed, int lo, int hi, BrBuf *out)
{
    int n = br_range(seed, lo, hi);
    int heads = br_range(seed, 0, 4); /* 0: all tails, 4: all heads, else about half */
    br_printf(out, "\"");
    for (int i = 0; i < n; i++) {
        bool h = heads == 0 ? false : heads == 4 ? true : br_range(seed, 0, 1) == 1;
        br_printf(out, "%c", h ? 'H' : 'T');
    }
    br_printf(out, "\"");
}

static void random_coin_game(const char *name, uint64_t *seed, int size, BrBuf *out)
{
    static const int lo[4] = {0, 3, 5, 7}, hi[4] = {3, 5, 7, 8};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    br_printf(out, "%s(", name);
    random_coins(seed, lo[size], hi[size], out);
    br_printf(out, ")");
}

/* One string of H and T: the canon of every one-row coin game is the string itself. */
static bool canon_row(const char *name, const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs != 1 || !is_coins(&args[0])) return false;
    br_printf(out, "%s(\"%s\")", name, args[0].s);
    return true;
}

/* A working copy of the row, to flip coins in and write out. */
static char *dup_row(const BrVal *v)
{
    size_t n = strlen(v->s);
    char *t = malloc(n + 1);
    if (!t) abort();
    memcpy(t, v->s, n + 1);
    return t;
}

/* ---- TurnOne(s) ------------------------------------------------------------------------------
   Turn one heads coin to tails: turn(x) for every x (0-based index) with s[x] = H. */
static bool turnone_canon(const BrVal *args, int nargs, BrBuf *out)
{
    return canon_row("TurnOne", args, nargs, out);
}

static void turnone_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    BrOut o;
    br_out_init(&o, emit, ctx);
    char *t = dup_row(&args[0]);
    int n = (int)strlen(t);
    for (int x = 0; x < n; x++) {
        if (t[x] != 'H') continue;
        t[x] = 'T';
        br_printf(&o.args, "{\"x\":%d}", x);
        br_printf(&o.res, "TurnOne(\"%s\")", t);
        br_out_send(&o, "turn");
        t[x] = 'H';
    }
    free(t);
    br_out_done(&o);
}

static void turnone_random(uint64_t *seed, int size, BrBuf *out)
{
    random_coin_game("TurnOne", seed, size, out);
}

/* ---- TurningTurtles(s) -----------------------------------------------------------------------
   Turn one or two coins, the rightmost going heads to tails: one(x) turns the head at x;
   two(x, y) turns the head at x and any coin y left of it (y < x). */
static bool turtles_canon(const BrVal *args, int nargs, BrBuf *out)
{
    return canon_row("TurningTurtles", args, nargs, out);
}

/* The moves turning 1..maxc coins (maxc <= 3), the largest x heads, the others y > z below it;
   with minc = 2 only the two- and three-coin moves (Twins has only two). */
static void turn_upto(const char *name, const BrVal *s, int minc, int maxc, BrEmit emit, void *ctx)
{
    static const char *const labels[4] = {NULL, "one", "two", "three"};
    BrOut o;
    br_out_init(&o, emit, ctx);
    char *t = dup_row(s);
    int n = (int)strlen(t);
    /* The game's rules come one after another: all of rule one, then all of rule two, ... */
    for (int c = minc; c <= maxc; c++) {
        for (int x = 0; x < n; x++) {
            if (t[x] != 'H') continue;
            t[x] = 'T';
            if (c == 1) {
                br_printf(&o.args, "{\"x\":%d}", x);
                br_printf(&o.res, "%s(\"%s\")", name, t);
                br_out_send(&o, labels[c]);
            } else {
                for (int y = 0; y < x; y++) {
                    t[y] = flipc(t[y]);
                    if (c == 2) {
                        br_printf(&o.args, "{\"x\":%d,\"y\":%d}", x, y);
                        br_printf(&o.res, "%s(\"%s\")", name, t);
                        br_out_send(&o, labels[c]);
                    } else {
                        for (int z = 0; z < y; z++) {
                            t[z] = flipc(t[z]);
                            br_printf(&o.args, "{\"x\":%d,\"y\":%d,\"z\":%d}", x, y, z);
                            br_printf(&o.res, "%s(\"%s\")", name, t);
                            br_out_send(&o, labels[c]);
                            t[z] = flipc(t[z]);
                        }
                    }
                    t[y] = flipc(t[y]);
                }
            }
            t[x] = 'H';
        }
    }
    free(t);
    br_out_done(&o);
}

static void turtles_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    turn_upto("TurningTurtles", &args[0], 1, 2, emit, ctx);
}

static void turtles_random(uint64_t *seed, int size, BrBuf *out)
{
    random_coin_game("TurningTurtles", seed, size, out);
}

/* ---- Twins(s) --------------------------------------------------------------------------------
   Turn exactly two coins: two(x, y), the head at x to tails and any coin y < x. */
static bool twins_canon(const BrVal *args, int nargs, BrBuf *out)
{
    return canon_row("Twins", args, nargs, out);
}

static void twins_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    turn_upto("Twins", &args[0], 2, 2, emit, ctx);
}

static void twins_random(uint64_t *seed, int size, BrBuf *out)
{
    random_coin_game("Twins", seed, size, out);
}

/* ---- MockTurtles(s) --------------------------------------------------------------------------
   Turn one, two or three coins, the rightmost heads to tails: one(x), two(x, y) with y < x,
   three(x, y, z) with z < y < x. */
static bool mock_canon(const BrVal *args, int nargs, BrBuf *out)
{
    return canon_row("MockTurtles", args, nargs, out);
}

static void mock_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    turn_upto("MockTurtles", &args[0], 1, 3, emit, ctx);
}

static void mock_random(uint64_t *seed, int size, BrBuf *out)
{
    random_coin_game("MockTurtles", seed, size, out);
}

/* ---- Ruler(s) --------------------------------------------------------------------------------
   Turn a block of k >= 1 consecutive coins x-k+1..x whose rightmost x is heads: block(x, k). */
static bool ruler_canon(const BrVal *args, int nargs, BrBuf *out)
{
    return canon_row("Ruler", args, nargs, out);
}

static void ruler_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    BrOut o;
    br_out_init(&o, emit, ctx);
    char *t = dup_row(&args[0]);
    int n = (int)strlen(t);
    for (int x = 0; x < n; x++) {
        if (t[x] != 'H') continue;
        for (int k = 1; k <= x + 1; k++) {
            for (int i = x - k + 1; i <= x; i++) t[i] = flipc(t[i]);
            br_printf(&o.args, "{\"x\":%d,\"k\":%d}", x, k);
            br_printf(&o.res, "Ruler(\"%s\")", t);
            br_out_send(&o, "block");
            for (int i = x - k + 1; i <= x; i++) t[i] = flipc(t[i]);
        }
    }
    free(t);
    br_out_done(&o);
}

static void ruler_random(uint64_t *seed, int size, BrBuf *out)
{
    random_coin_game("Ruler", seed, size, out);
}

/* ---- TurningCorners(rows...) -----------------------------------------------------------------
   A grid of coins, one H/T string per row, all rows of one length. turn(x, y, a, b) with a < x
   (rows) and b < y (columns) turns the corners (a, b), (a, y), (x, b), (x, y); the coin at row x,
   column y must be heads. */
static bool corners_grid(const BrVal *args, int nargs)
{
    for (int i = 0; i < nargs; i++) {
        if (!is_coins(&args[i])) return false;
        if (strlen(args[i].s) != strlen(args[0].s)) return false;
    }
    return true;
}

static void put_corners(BrBuf *b, const char *g, int rows, int cols)
{
    br_printf(b, "TurningCorners(");
    for (int r = 0; r < rows; r++)
        br_printf(b, "%s\"%.*s\"", r ? ", " : "", cols, g + (size_t)r * (size_t)cols);
    br_printf(b, ")");
}

static bool corners_canon(const BrVal *args, int nargs, BrBuf *out)
{
    if (nargs < 0 || !corners_grid(args, nargs)) return false;
    br_printf(out, "TurningCorners(");
    for (int r = 0; r < nargs; r++) br_printf(out, "%s\"%s\"", r ? ", " : "", args[r].s);
    br_printf(out, ")");
    return true;
}

static void corners_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    if (nargs <= 0) return;
    int rows = nargs, cols = (int)strlen(args[0].s);
    char *g = malloc((size_t)rows * (size_t)cols + 1);
    if (!g) abort();
    for (int r = 0; r < rows; r++) memcpy(g + (size_t)r * (size_t)cols, args[r].s, (size_t)cols);
    BrOut o;
    br_out_init(&o, emit, ctx);
#define CELL(r, c) g[(size_t)(r) * (size_t)cols + (size_t)(c)]
    for (int x = 0; x < rows; x++)
        for (int y = 0; y < cols; y++) {
            if (CELL(x, y) != 'H') continue;
            for (int a = 0; a < x; a++)
                for (int b = 0; b < y; b++) {
                    CELL(x, y) = flipc(CELL(x, y));
                    CELL(x, b) = flipc(CELL(x, b));
                    CELL(a, y) = flipc(CELL(a, y));
                    CELL(a, b) = flipc(CELL(a, b));
                    br_printf(&o.args, "{\"x\":%d,\"y\":%d,\"a\":%d,\"b\":%d}", x, y, a, b);
                    put_corners(&o.res, g, rows, cols);
                    br_out_send(&o, "turn");
                    CELL(x, y) = flipc(CELL(x, y));
                    CELL(x, b) = flipc(CELL(x, b));
                    CELL(a, y) = flipc(CELL(a, y));
                    CELL(a, b) = flipc(CELL(a, b));
                }
        }
#undef CELL
    br_out_done(&o);
    free(g);
}

static void corners_random(uint64_t *seed, int size, BrBuf *out)
{
    int rows, cols;
    switch (size <= 0 ? 0 : size >= 3 ? 3 : size) {
    case 0: rows = br_range(seed, 1, 2); cols = br_range(seed, 1, 3); break;
    case 1: rows = 2; cols = br_range(seed, 2, 3); break;
    case 2:
        if (br_range(seed, 0, 1)) { rows = 3; cols = 3; }
        else { rows = 2; cols = 4; }
        break;
    default:
        if (br_range(seed, 0, 1)) { rows = 3; cols = 4; }
        else { rows = 4; cols = 3; }
        break;
    }
    int heads = br_range(seed, 0, 5); /* 0: all tails, 1: one head in the corner, else random */
    br_printf(out, "TurningCorners(");
    for (int r = 0; r < rows; r++) {
        br_printf(out, "%s\"", r ? ", " : "");
        for (int c = 0; c < cols; c++) {
            bool h = heads == 0 ? false
                   : heads == 1 ? (r == rows - 1 && c == cols - 1)
                   : br_range(seed, 0, 1) == 1;
            br_printf(out, "%c", h ? 'H' : 'T');
        }
        br_printf(out, "\"");
    }
    br_printf(out, ")");
}

/* ---- Euclid(a, b) ----------------------------------------------------------------------------
   Subtract a positive multiple k of the smaller number from the larger (the larger stays >= 0);
   a position with a 0 is terminal. Canonical (larger, smaller); sub(k), k = 1..a / b. */
static bool euclid_canon(const BrVal *args, int nargs, BrBuf *out)
{
    long long a, b;
    if (nargs != 2 || !get_nat(&args[0], false, &a) || !get_nat(&args[1], false, &b)) return false;
    br_printf(out, "Euclid(%lld, %lld)", a > b ? a : b, a > b ? b : a);
    return true;
}

static void euclid_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    long long a = args[0].i, b = args[1].i;
    if (a < b) { long long t = a; a = b; b = t; }
    if (b <= 0) return;
    BrOut o;
    br_out_init(&o, emit, ctx);
    for (long long k = 1; k * b <= a; k++) {
        br_printf(&o.args, "{\"k\":%lld}", k);
        br_printf(&o.res, "Euclid(%lld, %lld)", a - k * b, b);
        br_out_send(&o, "sub");
    }
    br_out_done(&o);
}

static void euclid_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int hi[4] = {8, 20, 40, 60};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    int a = br_range(seed, 0, hi[size]), b = br_range(seed, 0, hi[size]);
    int shape = br_range(seed, 0, 7);
    if (shape == 0 && size == 0) b = 0;   /* terminal */
    else if (shape == 1) b = a;           /* equal: one move to the end */
    else if (shape == 2 && b > 0) a = b * br_range(seed, 1, hi[size] / b > 0 ? hi[size] / b : 1);
    br_printf(out, "Euclid(%d, %d)", a, b);
}

/* ---- ED(a, b) --------------------------------------------------------------------------------
   Remove one pile and split the other into two non-empty piles: split_a(x) keeps x and a - x
   (x = 1..a-1, each x a move), split_b(x) the same with b. Canonical (smaller, larger). */
static bool ed_canon(const BrVal *args, int nargs, BrBuf *out)
{
    long long a, b;
    if (nargs != 2 || !get_nat(&args[0], false, &a) || !get_nat(&args[1], false, &b)) return false;
    br_printf(out, "ED(%lld, %lld)", a < b ? a : b, a < b ? b : a);
    return true;
}

static void ed_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    long long a = args[0].i, b = args[1].i;
    if (a > b) { long long t = a; a = b; b = t; }
    BrOut o;
    br_out_init(&o, emit, ctx);
    for (long long x = 1; x <= a - 1; x++) {
        br_printf(&o.args, "{\"x\":%lld}", x);
        br_printf(&o.res, "ED(%lld, %lld)", x, a - x);
        br_out_send(&o, "split_a");
    }
    for (long long x = 1; x <= b - 1; x++) {
        br_printf(&o.args, "{\"x\":%lld}", x);
        br_printf(&o.res, "ED(%lld, %lld)", x, b - x);
        br_out_send(&o, "split_b");
    }
    br_out_done(&o);
}

static void ed_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int hi[4] = {4, 10, 20, 30};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    int a = br_range(seed, 1, hi[size]), b = br_range(seed, 1, hi[size]);
    int shape = br_range(seed, 0, 5);
    if (shape == 0 && size == 0) a = b = 1;  /* terminal */
    else if (shape == 1) b = a;              /* equal piles */
    br_printf(out, "ED(%d, %d)", a, b);
}

/* ---- Cutting(w, h) ---------------------------------------------------------------------------
   Cut the w x h sheet along a grid line into two sheets, each at least 2 in the cut direction:
   cut(i) gives i x h and (w - i) x h (i = 2..w-2), cut(j) gives w x j and w x (h - j)
   (j = 2..h-2). Canonical (smaller, larger); the result is the sum of the two sheets. */
static bool cutting_canon(const BrVal *args, int nargs, BrBuf *out)
{
    long long w, h;
    if (nargs != 2 || !get_nat(&args[0], false, &w) || !get_nat(&args[1], false, &h)) return false;
    if (w < 1 || h < 1) return false;
    br_printf(out, "Cutting(%lld, %lld)", w < h ? w : h, w < h ? h : w);
    return true;
}

static void cutting_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    long long w = args[0].i, h = args[1].i;
    if (w > h) { long long t = w; w = h; h = t; }
    BrOut o;
    br_out_init(&o, emit, ctx);
    for (long long i = 2; i <= w - 2; i++) {
        br_printf(&o.args, "{\"i\":%lld}", i);
        br_printf(&o.res, "Cutting(%lld, %lld) + Cutting(%lld, %lld)", i, h, w - i, h);
        br_out_send(&o, "cut");
    }
    for (long long j = 2; j <= h - 2; j++) {
        br_printf(&o.args, "{\"j\":%lld}", j);
        br_printf(&o.res, "Cutting(%lld, %lld) + Cutting(%lld, %lld)", w, j, w, h - j);
        br_out_send(&o, "cut");
    }
    br_out_done(&o);
}

static void cutting_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int hi[4] = {4, 6, 9, 12};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    int w = br_range(seed, 2, hi[size]), h = br_range(seed, 2, hi[size]);
    if (br_range(seed, 0, 4) == 0) h = w;
    br_printf(out, "Cutting(%d, %d)", w, h);
}

/* ---- Wythoff(a, b) ---------------------------------------------------------------------------
   Two heaps: one(k) takes k from heap a (k = 1..a), then one(k) takes k from heap b, both(k)
   takes k from both (k = 1..min). Canonical (smaller, larger); heaps may be digit strings. */
static bool wythoff_canon(const BrVal *args, int nargs, BrBuf *out)
{
    long long a, b;
    if (nargs != 2 || !get_nat(&args[0], true, &a) || !get_nat(&args[1], true, &b)) return false;
    br_printf(out, "Wythoff(%lld, %lld)", a < b ? a : b, a < b ? b : a);
    return true;
}

static void wythoff_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    long long a = 0, b = 0;
    if (!get_nat(&args[0], true, &a) || !get_nat(&args[1], true, &b)) return;
    if (a > b) { long long t = a; a = b; b = t; }
    BrOut o;
    br_out_init(&o, emit, ctx);
    for (long long k = 1; k <= a; k++) {
        br_printf(&o.args, "{\"k\":%lld}", k);
        br_printf(&o.res, "Wythoff(%lld, %lld)", a - k, b);
        br_out_send(&o, "one");
    }
    for (long long k = 1; k <= b; k++) {
        br_printf(&o.args, "{\"k\":%lld}", k);
        br_printf(&o.res, "Wythoff(%lld, %lld)", a, b - k);
        br_out_send(&o, "one");
    }
    for (long long k = 1; k <= a; k++) {
        br_printf(&o.args, "{\"k\":%lld}", k);
        br_printf(&o.res, "Wythoff(%lld, %lld)", a - k, b - k);
        br_out_send(&o, "both");
    }
    br_out_done(&o);
}

static void wythoff_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int hi[4] = {3, 6, 9, 12};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    int a = br_range(seed, 0, hi[size]), b = br_range(seed, 0, hi[size]);
    int shape = br_range(seed, 0, 9);
    if (shape == 0) b = a;
    else if (shape == 1 && size == 0) a = b = 0;
    if (shape == 2) br_printf(out, "Wythoff(\"%d\", \"%d\")", a, b);  /* the old string writing */
    else br_printf(out, "Wythoff(%d, %d)", a, b);
}

/* ---- WythoffK(k, a, b) -----------------------------------------------------------------------
   one(x) takes x from heap a, one(y) takes y from heap b, both(x, y) takes x >= 1 from a and
   y >= 1 from b with |x - y| < k. Canonical (k, smaller, larger); heaps may be digit strings. */
static bool wythoffk_canon(const BrVal *args, int nargs, BrBuf *out)
{
    long long k, a, b;
    if (nargs != 3 || !get_nat(&args[0], false, &k) || !get_nat(&args[1], true, &a)
        || !get_nat(&args[2], true, &b))
        return false;
    br_printf(out, "WythoffK(%lld, %lld, %lld)", k, a < b ? a : b, a < b ? b : a);
    return true;
}

static void wythoffk_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    (void)nargs;
    long long k = args[0].i, a = 0, b = 0;
    if (!get_nat(&args[1], true, &a) || !get_nat(&args[2], true, &b)) return;
    if (a > b) { long long t = a; a = b; b = t; }
    BrOut o;
    br_out_init(&o, emit, ctx);
    for (long long x = 1; x <= a; x++) {
        br_printf(&o.args, "{\"x\":%lld}", x);
        br_printf(&o.res, "WythoffK(%lld, %lld, %lld)", k, a - x, b);
        br_out_send(&o, "one");
    }
    for (long long y = 1; y <= b; y++) {
        br_printf(&o.args, "{\"y\":%lld}", y);
        br_printf(&o.res, "WythoffK(%lld, %lld, %lld)", k, a, b - y);
        br_out_send(&o, "one");
    }
    for (long long x = 1; x <= a; x++)
        for (long long y = 1; y <= b; y++) {
            long long d = x > y ? x - y : y - x;
            if (d >= k) continue;
            br_printf(&o.args, "{\"x\":%lld,\"y\":%lld}", x, y);
            br_printf(&o.res, "WythoffK(%lld, %lld, %lld)", k, a - x, b - y);
            br_out_send(&o, "both");
        }
    br_out_done(&o);
}

static void wythoffk_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int hi[4] = {3, 6, 9, 12};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    int k = br_range(seed, 1, size == 0 ? 2 : 4);
    int a = br_range(seed, 0, hi[size]), b = br_range(seed, 0, hi[size]);
    int shape = br_range(seed, 0, 9);
    if (shape == 0) b = a;
    else if (shape == 1 && size == 0) a = b = 0;
    if (shape == 2) br_printf(out, "WythoffK(%d, \"%d\", \"%d\")", k, a, b);
    else br_printf(out, "WythoffK(%d, %d, %d)", k, a, b);
}

/* ---- FibNim(n) / FibNim(n, l) ----------------------------------------------------------------
   Fibonacci Nim on a heap of n: from the start FibNim(n) take(k) with k = 1..n-1; from FibNim(n, l)
   take(k) with k = 1..min(n, l). The next player's limit is twice the take: FibNim(n - k, 2k). */
static bool fibnim_canon(const BrVal *args, int nargs, BrBuf *out)
{
    long long n, l;
    if (nargs < 1 || nargs > 2 || !get_nat(&args[0], false, &n)) return false;
    if (nargs == 1) {
        br_printf(out, "FibNim(%lld)", n);
        return true;
    }
    if (!get_nat(&args[1], false, &l)) return false;
    br_printf(out, "FibNim(%lld, %lld)", n, l);
    return true;
}

static void fibnim_moves(const BrVal *args, int nargs, BrEmit emit, void *ctx)
{
    long long n = args[0].i;
    long long most = nargs == 1 ? n - 1 : (args[1].i < n ? args[1].i : n);
    BrOut o;
    br_out_init(&o, emit, ctx);
    for (long long k = 1; k <= most; k++) {
        br_printf(&o.args, "{\"k\":%lld}", k);
        br_printf(&o.res, "FibNim(%lld, %lld)", n - k, 2 * k);
        br_out_send(&o, "take");
    }
    br_out_done(&o);
}

static void fibnim_random(uint64_t *seed, int size, BrBuf *out)
{
    static const int hi[4] = {5, 12, 21, 30};
    if (size < 0) size = 0;
    if (size > 3) size = 3;
    int n = br_range(seed, size == 0 ? 0 : 1, hi[size]);
    if (br_range(seed, 0, 2) == 0)
        br_printf(out, "FibNim(%d, %d)", n, br_range(seed, size == 0 ? 0 : 1, 2 * hi[size]));
    else
        br_printf(out, "FibNim(%d)", n);
}

const BrGame brute_coin_games[] = {
    {"TurnOne", turnone_canon, turnone_moves, turnone_random},
    {"TurningTurtles", turtles_canon, turtles_moves, turtles_random},
    {"Twins", twins_canon, twins_moves, twins_random},
    {"MockTurtles", mock_canon, mock_moves, mock_random},
    {"Ruler", ruler_canon, ruler_moves, ruler_random},
    {"TurningCorners", corners_canon, corners_moves, corners_random},
    {"Euclid", euclid_canon, euclid_moves, euclid_random},
    {"ED", ed_canon, ed_moves, ed_random},
    {"Cutting", cutting_canon, cutting_moves, cutting_random},
    {"Wythoff", wythoff_canon, wythoff_moves, wythoff_random},
    {"WythoffK", wythoffk_canon, wythoffk_moves, wythoffk_random},
    {"FibNim", fibnim_canon, fibnim_moves, fibnim_random},
    {NULL, NULL, NULL, NULL},
};
