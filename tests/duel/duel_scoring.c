/* duel_scoring.c: scoring games (negamax) against plain recursion written here from the rules as
   stated: Ends (take a number from either end of the row), CoinGame (a stack of coins, take 1..2t
   where the opponent took t, 1..2 first), YoungChess (fill a staircase on an R x C board, the
   first player scoring A[i][j] for a cell, the second B[i][j]: matrices as lists of lists), and
   random one-heap scoring rulesets (take k from a set while k <= n, scoring a formula of n and k). The value must agree, and so must the totals of
   the best line the engine reports (the first best move in the rules' order each time). Ends
   rows also with numbers around and beyond 64 bits (values, totals and best moves in GMP here),
   and the best moves the engine lists for Ends rows: exactly the moves whose gain less the value
   after is the position's value. Ends also through the interpreter's loop (not the copied
   slice) and over words (slices of a list of strings); Pick (take any number of the row: the
   rest copied at once but one index) both ways. Long rows (24 to 90 numbers, which position keys
   hold as views: listview.h) by value, totals and best moves, from a few numbers so that equal
   slices recur at other places of a row and in other rows; and a row of one number repeated,
   whose slices must be one position per length however they are made (a slice of the row, or a
   list built element by element), under a cap on the positions stored. Stacks on rows of more
   than 8192 numbers, taking from the front, from the back, or alternately inside the row. Cut,
   keeping either part of a long row and scoring the sum of the other. Mix and Pre (an integer and
   a row: guards, lets, literal sets, the list kept whole, a bound that reads the integer) and
   CoinGame on stacks of 24-60 coins. Cut, Mix, Pre and the long CoinGame stacks run twice: by the
   engine's choice, which must be the compiled interval table, and by negamax. */
#include <gmp.h>
#include "config.h"
#include "jsonduel.h"
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x5c0e1ULL;
/* the strategy the long rows' duels ask for (NULL: the engine's choice, which for a row held as a
   view is the compiled interval table; "negamax": the interpreter's search), and the "strategy"
   their answers must name */
static const char *strategy, *strategy_json;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* A random row a[0..n) of numbers in lo..hi, queried as game(a...): "query Ends(4, -2, 7);" */
static void query_row(Str *prog, const char *game, int *a, int n, int lo, int hi)
{
    sput(prog, "query %s(", game);
    for (int j = 0; j < n; j++) {
        a[j] = rnd(lo, hi);
        sput(prog, "%s%d", j ? ", " : "", a[j]);
    }
    sput(prog, ");\n");
}

/* ---- Ends: a[l..r] ---------------------------------------------------------------------------- */

static long long ends(const int *a, int l, int r)
{
    if (l > r) return 0;
    long long x = a[l] - ends(a, l + 1, r), y = a[r] - ends(a, l, r - 1);
    return x > y ? x : y;
}

static void ends_line(const int *a, int n, long long t[2])
{
    int l = 0, r = n - 1, who = 0;
    t[0] = t[1] = 0;
    while (l <= r) {
        long long v = ends(a, l, r);
        if (a[l] - ends(a, l + 1, r) == v) t[who] += a[l++];   /* the rule "left" comes first */
        else t[who] += a[r--];
        who ^= 1;
    }
}

/* ---- Pick: take any number of the row (mask: the numbers left) ------------------------------ */

static long long pick(const int *a, int n, unsigned mask)
{
    long long best = 0;
    bool any = false;
    for (int i = 0; i < n; i++)
        if (mask >> i & 1) {
            long long v = a[i] - pick(a, n, mask & ~(1u << i));
            if (!any || v > best) best = v;
            any = true;
        }
    return best;
}

/* ---- CoinGame: coins c[i..n), the last take t ---------------------------------------------- */

/* memoized for the row cmc (long stacks: the recursion alone is exponential) */
#define CMN 61
static const int *cmc;
static long long cmv[CMN][CMN];
static bool cmk[CMN][CMN];

static long long coins(const int *c, int n, int i, int t)
{
    if (t > n) t = n;   /* the same takes */
    if (c == cmc && cmk[i][t]) return cmv[i][t];
    long long best = 0;
    int got = 0;
    for (int k = 1; k <= 2 * t && i + k <= n; k++) {
        got += c[i + k - 1];
        long long v = got - coins(c, n, i + k, k);
        if (k == 1 || v > best) best = v;
    }
    if (c == cmc) {
        cmk[i][t] = true;
        cmv[i][t] = best;
    }
    return best;
}

static void coins_line(const int *c, int n, long long t[2])
{
    int i = 0, last = 1, who = 0;
    t[0] = t[1] = 0;
    while (i < n) {
        long long v = coins(c, n, i, last);
        int got = 0;
        for (int k = 1; k <= 2 * last && i + k <= n; k++) {
            got += c[i + k - 1];
            if (got - coins(c, n, i + k, k) == v) {
                t[who] += got;
                i += k;
                last = k;
                break;
            }
        }
        who ^= 1;
    }
}

/* ---- YoungChess: row i of an R x C board filled to p[i] (p never increasing down the rows) ---- */

enum { YR = 4, YC = 4 };
static int yr, yc, ya[YR][YC], yb[YR][YC];

/* The value for the player to move, who is the first player when the filled cells are even. */
static long long young(int *p)
{
    int filled = 0;
    for (int i = 0; i < yr; i++) filled += p[i];
    long long best = 0;
    bool any = false;
    for (int i = 0; i < yr; i++) {
        if (p[i] == yc || (i > 0 && p[i - 1] == p[i])) continue;   /* full, or the row above not longer */
        int g = filled % 2 == 0 ? ya[i][p[i]] : yb[i][p[i]];
        p[i]++;
        long long v = g - young(p);
        p[i]--;
        if (!any || v > best) best = v;
        any = true;
    }
    return best;
}

/* Both totals along the best line, the first best move (the lowest row) each time. */
static void young_line(long long t[2])
{
    int p[YR] = { 0 }, who = 0;
    t[0] = t[1] = 0;
    for (;;) {
        long long v = young(p);
        int i = 0;
        for (; i < yr; i++) {
            if (p[i] == yc || (i > 0 && p[i - 1] == p[i])) continue;
            int g = who == 0 ? ya[i][p[i]] : yb[i][p[i]];
            p[i]++;
            long long after = young(p);
            p[i]--;
            if (g - after == v) {
                t[who] += g;
                p[i]++;
                break;
            }
        }
        if (i == yr) return;
        who ^= 1;
    }
}

static void young_matrix(Str *prog, int m[YR][YC])
{
    sput(prog, "[");
    for (int i = 0; i < yr; i++) {
        sput(prog, "%s[", i ? ", " : "");
        for (int j = 0; j < yc; j++) sput(prog, "%s%d", j ? ", " : "", m[i][j]);
        sput(prog, "]");
    }
    sput(prog, "]");
}

/* ---- random rulesets: R(n), take k in S (k <= n), gain (A n + B k + C) % M - D ---------------- */

typedef struct Rule { int set[4], nset, A, B, C, M, D; } Rule;

static long long gain(const Rule *r, int n, int k) { return (long long)((r->A * n + r->B * k + r->C) % r->M) - r->D; }

static long long ruled(const Rule *r, int n)
{
    long long best = 0;
    bool any = false;
    for (int j = 0; j < r->nset; j++) {
        int k = r->set[j];
        if (k > n) continue;
        long long v = gain(r, n, k) - ruled(r, n - k);
        if (!any || v > best) best = v;
        any = true;
    }
    return best;
}

/* ---- Ends of any size: a[l..r] in GMP, memoised by (l, r) ----------------------------------- */

#define BIGN 91
static mpz_t bigv[BIGN][BIGN];
static bool bigk[BIGN][BIGN];

static void ends_big(mpz_t *a, int l, int r, mpz_t out)
{
    if (l > r) { mpz_set_ui(out, 0); return; }
    if (bigk[l][r]) { mpz_set(out, bigv[l][r]); return; }
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    ends_big(a, l + 1, r, x);
    mpz_sub(x, a[l], x);
    ends_big(a, l, r - 1, y);
    mpz_sub(y, a[r], y);
    mpz_set(out, mpz_cmp(x, y) >= 0 ? x : y);
    mpz_init_set(bigv[l][r], out);
    bigk[l][r] = true;
    mpz_clears(x, y, NULL);
}

/* The expected JSON fields of a query on Ends(a): value, totals and the set of best positions. */
static char *ends_big_expect(mpz_t *a, int n)
{
    for (int i = 0; i < BIGN; i++)
        for (int j = 0; j < BIGN; j++)
            if (bigk[i][j]) { mpz_clear(bigv[i][j]); bigk[i][j] = false; }
    Str e = { 0 };
    mpz_t v, t[2], x;
    mpz_inits(v, t[0], t[1], x, NULL);
    ends_big(a, 0, n - 1, v);
    sput(&e, "\"value\":%Zd", v);
    int l = 0, r = n - 1, who = 0;
    while (l <= r) {   /* the best line, "left" first */
        ends_big(a, l, r, x);
        mpz_t y;
        mpz_init(y);
        ends_big(a, l + 1, r, y);
        mpz_sub(y, a[l], y);
        if (!mpz_cmp(y, x)) mpz_add(t[who], t[who], a[l++]);
        else mpz_add(t[who], t[who], a[r--]);
        mpz_clear(y);
        who ^= 1;
    }
    if (n) sput(&e, ",\"totals\":[%Zd,%Zd]", t[0], t[1]);
    /* the best moves: left (rest a[1..]) and right (rest a[..n-2]), each when worth the value */
    sput(&e, ",\"winning\":[");
    bool first = true;
    for (int side = 0; side < 2 && n; side++) {
        if (side == 1 && n == 1) break;   /* one number: left and right reach the same 0 */
        int lo = side ? 0 : 1, hi = side ? n - 2 : n - 1;
        ends_big(a, lo, hi, x);
        mpz_sub(x, a[side ? n - 1 : 0], x);
        if (mpz_cmp(x, v)) continue;
        if (side == 1 && n >= 2 && first == false) {
            /* both best: the same position only when the rest reads the same */
            bool same = true;
            for (int i = 0; i + 1 < n && same; i++) same = !mpz_cmp(a[1 + i], a[i]);
            if (same) continue;
        }
        sput(&e, "%s\"", first ? "" : ",");
        if (lo > hi) sput(&e, "0");
        else {
            sput(&e, "Ends(");
            for (int i = lo; i <= hi; i++) sput(&e, "%s%Zd", i > lo ? ", " : "", a[i]);
            sput(&e, ")");
        }
        sput(&e, "\"");
        first = false;
    }
    sput(&e, "]");
    mpz_clears(v, t[0], t[1], x, NULL);
    return e.s;
}

/* Ends rows against ends_big_expect, field by field: rows of 0-8 numbers around and beyond 64 bits
   (big), or long rows of 24-90 numbers (views in keys), each row drawn from 0..2, or one number
   repeated, or a short pattern repeated, or -50..1000. */
/* rows Ends queries in one program: short rows with numbers of any size, or long rows (views)
   of small numbers; mixed: long rows, every third of numbers whose sums pass 64 bits (the
   interval table declines for that row, negamax answers in GMP), the others must still be the
   interval table's. */
static int duel_big_ends(int rows, bool long_rows, bool mixed)
{
    Str prog = { 0 };
    char **want = calloc((size_t)rows, sizeof *want);
    for (int q = 0; q < rows; q++) {
        int n = long_rows ? rnd(24, BIGN - 1) : rnd(0, 8), row = rnd(0, 3), period = rnd(1, 4), pat[4];
        for (int j = 0; j < 4; j++) pat[j] = rnd(0, 9);
        mpz_t a[BIGN];
        sput(&prog, "query Ends(");
        for (int j = 0; j < n; j++) {
            mpz_init(a[j]);
            int kind = long_rows ? -1 : rnd(0, 3);
            if (mixed && q % 3 == 0) {   /* +-(3 * 2^61 + a little) in the pattern - + + -: values past 64 bits */
                mpz_ui_pow_ui(a[j], 2, 61);
                mpz_mul_ui(a[j], a[j], 3);
                mpz_add_ui(a[j], a[j], (unsigned long)rnd(0, 9));
                if (j % 4 == 0 || j % 4 == 3) mpz_neg(a[j], a[j]);
            } else if (long_rows)
                mpz_set_si(a[j], row == 0 ? rnd(0, 2) : row == 1 ? pat[0] : row == 2 ? pat[j % period] : rnd(-50, 1000));
            else if (kind == 0) mpz_set_si(a[j], rnd(-9, 30));                     /* small */
            else if (kind == 1) {                                             /* 2^63 +- a little */
                mpz_ui_pow_ui(a[j], 2, 63);
                mpz_add_ui(a[j], a[j], (unsigned long)rnd(0, 3));
                mpz_sub_ui(a[j], a[j], 2);
            } else {                                                          /* 10^k, k up to 30 */
                mpz_ui_pow_ui(a[j], 10, (unsigned long)rnd(15, 30));
                mpz_mul_ui(a[j], a[j], (unsigned long)rnd(1, 9));
            }
            if (kind > 0 && rnd(0, 2) == 0) mpz_neg(a[j], a[j]);
            char *t = mpz_get_str(NULL, 10, a[j]);
            sput(&prog, "%s%s", j ? ", " : "", t);
            free(t);
        }
        sput(&prog, ");\n");
        want[q] = ends_big_expect(a, n);
        for (int j = 0; j < n; j++) mpz_clear(a[j]);
    }
    int status;
    char *err = NULL;
    char *out = duel_run(prog.s, NULL, &status, &err);
    int fails = 0, q = 0, declined = 0;
    if (status) {
        fprintf(stderr, "%s Ends: exit %d: %s\n", long_rows ? "long" : "big", status, err ? err : "");
        fails = rows;
    }
    for (char *line = status ? NULL : strtok(out, "\n"); line && q < rows; line = strtok(NULL, "\n"), q++) {
        /* every expected field, as the engine writes it: "value":..., "totals":[...], "winning":[...] */
        bool ok = true;
        char *w = want[q];
        for (char *f = w; f && *f && ok;) {
            char *next = strstr(f + 1, ",\"");
            size_t len = next ? (size_t)(next - f) : strlen(f);
            char field[2048];
            snprintf(field, sizeof field, "%.*s", (int)len, f);
            ok = strstr(line, field) != NULL;
            f = next ? next + 1 : NULL;
        }
        /* the rows of small numbers stay the interval table's after a row that declined */
        if (mixed && q % 3 && !strstr(line, "\"strategy\":\"interval\"")) ok = false;
        declined += mixed && !(q % 3) && strstr(line, "\"strategy\":\"negamax\"");
        if (!ok) {
            if (fails < 5) fprintf(stderr, "%s Ends #%d: want %s\n  got: %s\n", long_rows ? "long" : "big", q, w, line);
            fails++;
        }
    }
    if (!status && q != rows) fails += rows - q;
    for (int i = 0; i < rows; i++) free(want[i]);
    free(want);
    free(out);
    free(err);
    free(prog.s);
    if (mixed && !declined) {   /* the decline of one row must have been met */
        fprintf(stderr, "mixed Ends: no row of numbers past 64 bits went to negamax\n");
        fails++;
    }
    return fails;
}

/* ---- the duel ------------------------------------------------------------------------------- */

typedef struct Want { long long v, t[2]; bool line; } Want;

static int check(const char *what, const char *prog, const Want *want, int n)
{
    int status;
    char *err = NULL;
    char *out = duel_run(prog, NULL, &status, &err);
    int fails = 0, i = 0;
    if (status) {
        fprintf(stderr, "%s: exit %d: %s\n", what, status, err ? err : "");
        free(out);
        free(err);
        return n;
    }
    for (char *line = strtok(out, "\n"); line && i < n; line = strtok(NULL, "\n"), i++) {
        char *v = duel_field(line, "value");
        long long got = v ? atoll(v) : 0x7fffffffffffffffLL, t0 = 0, t1 = 0;
        const char *tp = strstr(line, "\"totals\":[");
        bool line_ok = !want[i].line ||
                       (tp && sscanf(tp, "\"totals\":[%lld,%lld]", &t0, &t1) == 2 && t0 == want[i].t[0] && t1 == want[i].t[1]);
        if (!v || got != want[i].v || !line_ok) {
            if (fails < 5)
                fprintf(stderr, "%s #%d: want value %lld (totals %lld, %lld), got: %s\n", what, i, want[i].v, want[i].t[0],
                        want[i].t[1], line);
            fails++;
        }
        free(v);
    }
    if (i != n) {
        fprintf(stderr, "%s: %d answers for %d queries\n", what, i, n);
        fails += n - i;
    }
    free(out);
    free(err);
    return fails;
}

/* ---- stacks on rows longer than 8192 numbers ---------------------------------------------------
   Long rows and their slices, the three ways a slice lies in its row (views: listview.c): SF takes
   1..K numbers from the front of the row and scores their sum (the positions are the suffixes), SB
   takes 1..K from the back (the prefixes), and SM takes the front number when the row's length
   is not a multiple of 3 and the back one when it is not 1 more than one, until D numbers are gone
   (the positions are slices inside the row). Values computed here from those rules; SF and SB
   also the totals of the best line (the smallest best take each time). */

#define LONGN 12001
static int lrow[LONGN];
static long long lv[LONGN], smv[301][301];

/* SF on lrow[0..n): lv[i] the value of the suffix from i. */
static void sf_values(int n, int K)
{
    lv[n] = 0;
    for (int i = n - 1; i >= 0; i--) {
        long long best = 0, sum = 0;
        for (int k = 1; k <= K && i + k <= n; k++) {
            sum += lrow[i + k - 1];
            if (k == 1 || sum - lv[i + k] > best) best = sum - lv[i + k];
        }
        lv[i] = best;
    }
}

/* SB on lrow[0..n): lv[L] the value of the prefix of length L. */
static void sb_values(int n, int K)
{
    lv[0] = 0;
    for (int L = 1; L <= n; L++) {
        long long best = 0, sum = 0;
        for (int k = 1; k <= K && k <= L; k++) {
            sum += lrow[L - k];
            if (k == 1 || sum - lv[L - k] > best) best = sum - lv[L - k];
        }
        lv[L] = best;
    }
}

/* The totals of the best line from the whole row: the mover's gain each time, the smallest best
   take (the rules' order), the players alternating. */
static void stack_line(int n, int K, bool back, long long t[2])
{
    t[0] = t[1] = 0;
    for (int left = n, who = 0; left > 0; who ^= 1) {
        long long cur = back ? lv[left] : lv[n - left], sum = 0;
        int k = 1;
        for (; k <= K && k <= left; k++) {
            sum += back ? lrow[left - k] : lrow[n - left + k - 1];
            if (sum - (back ? lv[left - k] : lv[n - left + k]) == cur) break;
        }
        t[who] += sum;
        left -= k;
    }
}

/* SM: the value of the slice from off of length len (n - len <= D numbers gone). */
static long long sm_value(int n, int D, int off, int len)
{
    int gone = n - len;
    if (gone >= D || len == 0) return 0;
    long long *m = &smv[gone][off];
    if (*m != LLONG_MIN) return *m;
    long long best = LLONG_MIN;
    if (len % 3 != 0) best = lrow[off] - sm_value(n, D, off + 1, len - 1);
    if (len % 3 != 1) {
        long long b = lrow[off + len - 1] - sm_value(n, D, off, len - 1);
        if (best == LLONG_MIN || b > best) best = b;
    }
    return *m = best;
}

static int duel_long_stacks(int *asked)
{
    int fails = 0;
    for (int q = 0; q < 9; q++) {
        int n = q < 3 ? 8193 + q : rnd(8200, LONGN - 1), K = rnd(1, 3), kind = q % 3, D = rnd(30, 300);
        for (int j = 0; j < n; j++) lrow[j] = kind == 0 ? rnd(0, 999) : kind == 1 ? rnd(0, 2) : 7;
        for (int g = 0; g < 3; g++) {
            Str prog = { 0 };
            if (g == 0)
                sput(&prog, "scoring game SF(c...) { move take(k in 1..min(%d, len(c))) => SF([c[i] for i in k..len(c) - 1]...) "
                            "gain sum([c[i] for i in 0..k - 1]); }\nquery SF(", K);
            else if (g == 1)
                sput(&prog, "scoring game SB(c...) { move take(k in 1..min(%d, len(c))) => SB([c[i] for i in 0..len(c) - 1 - k]...) "
                            "gain sum([c[i] for i in len(c) - k..len(c) - 1]); }\nquery SB(", K);
            else
                sput(&prog, "scoring game SM(c...) {\n"
                            "    move front when len(c) > %d and len(c) %% 3 != 0 => SM([c[i] for i in 1..len(c) - 1]...) gain c[0];\n"
                            "    move back when len(c) > %d and len(c) %% 3 != 1 => SM([c[i] for i in 0..len(c) - 2]...) gain c[len(c) - 1];\n"
                            "}\nquery SM(", n - D, n - D);
            for (int j = 0; j < n; j++) sput(&prog, "%s%d", j ? ", " : "", lrow[j]);
            sput(&prog, ");\n");
            Want w = { .line = g < 2 };
            if (g == 0) sf_values(n, K);
            if (g == 1) sb_values(n, K);
            if (g < 2) {
                w.v = g ? lv[n] : lv[0];
                stack_line(n, K, g == 1, w.t);
            } else {
                for (int a = 0; a <= D; a++)
                    for (int b = 0; b <= D; b++) smv[a][b] = LLONG_MIN;
                w.v = sm_value(n, D, 0, n);
            }
            fails += check(g == 0 ? "SF on a long row" : g == 1 ? "SB on a long row" : "SM on a long row", prog.s, &w, 1);
            (*asked)++;
            free(prog.s);
        }
    }
    return fails;
}

/* ---- Cut: sums of slices of long rows -----------------------------------------------------------
   Cut(a...) keeps either part of its row and scores the sum of the part it drops, less the row's
   length: `left(k)` keeps a[k..], scoring a[0] + ... + a[k - 1]; `right(k)` keeps a[0..k - 1],
   scoring the rest; k in 1..len - 1. The rows are 24 to 40 numbers (views: sum() of a slice of one
   reads its row's running sums, listview.c), small ones, and ones around 1.5 * 2^62 in the pattern
   - + + - so that the running sums fit 64 bits while some slices' sums do not, or around 2^60
   so that the running sums pass 64 bits: values, totals and the best moves' positions here in 128
   bits. */

#define CUTN 40
static __int128 cutv[CUTN + 1][CUTN + 1];
static bool cutk[CUTN + 1][CUTN + 1];
static __int128 cuta[CUTN];

static __int128 cut_sum(int l, int r)
{
    __int128 s = 0;
    for (int i = l; i < r; i++) s += cuta[i];
    return s;
}

/* The value of the slice [l, l + len). */
static __int128 cut_value(int l, int len)
{
    if (len <= 1) return 0;
    if (cutk[l][len]) return cutv[l][len];
    __int128 best = 0;
    bool any = false;
    for (int k = 1; k < len; k++) {   /* left(k), then right(k): the rules' order */
        __int128 x = cut_sum(l, l + k) - len - cut_value(l + k, len - k);
        if (!any || x > best) best = x;
        any = true;
    }
    for (int k = 1; k < len; k++) {
        __int128 x = cut_sum(l + k, l + len) - len - cut_value(l, k);
        if (x > best) best = x;
    }
    cutk[l][len] = true;
    return cutv[l][len] = best;
}

static void i128_text(__int128 x, char *buf)
{
    char tmp[48];
    int n = 0;
    bool neg = x < 0;
    unsigned __int128 u = neg ? -(unsigned __int128)x : (unsigned __int128)x;
    do {
        tmp[n++] = (char)('0' + (int)(u % 10));
        u /= 10;
    } while (u);
    int j = 0;
    if (neg) buf[j++] = '-';
    while (n) buf[j++] = tmp[--n];
    buf[j] = 0;
}

static int duel_cut(int *asked)
{
    int fails = 0;
    for (int q = 0; q < 48; q++) {
        int n = rnd(24, CUTN), kind = q % 3;
        const __int128 X = (__int128)3 << 61, Y = (__int128)1 << 60;
        Str prog = { 0 };
        sput(&prog, "scoring game Cut(a...) {\n"
                    "    move left(k in 1..len(a) - 1) => Cut([a[i] for i in k..len(a) - 1]...) gain sum([a[i] for i in 0..k - 1]) - len(a);\n"
                    "    move right(k in 1..len(a) - 1) => Cut([a[i] for i in 0..k - 1]...) gain sum([a[i] for i in k..len(a) - 1]) - len(a);\n"
                    "}\nquery Cut(");
        for (int j = 0; j < n; j++) {
            char b[48];
            cuta[j] = kind == 0 ? rnd(-50, 999) : kind == 1 ? ((j % 4 == 1 || j % 4 == 2) ? X : -X) + rnd(-3, 3) : Y + rnd(-9, 9);
            i128_text(cuta[j], b);
            sput(&prog, "%s%s", j ? ", " : "", b);
        }
        sput(&prog, ");\n");
        memset(cutk, 0, sizeof cutk);
        __int128 v = cut_value(0, n), t[2] = { 0, 0 };
        for (int l = 0, len = n, who = 0; len > 1; who ^= 1) {   /* the first best move each time */
            __int128 cur = cut_value(l, len);
            int k = 1;
            bool left = true;
            for (; k < len; k++)
                if (cut_sum(l, l + k) - len - cut_value(l + k, len - k) == cur) break;
            if (k == len) {
                left = false;
                for (k = 1; k < len; k++)
                    if (cut_sum(l + k, l + len) - len - cut_value(l, k) == cur) break;
            }
            t[who] += (left ? cut_sum(l, l + k) : cut_sum(l + k, l + len)) - len;
            if (left) {
                l += k;
                len -= k;
            } else {
                len = k;
            }
        }
        char vb[48], t0[48], t1[48];
        i128_text(v, vb);
        i128_text(t[0], t0);
        i128_text(t[1], t1);
        Str want = { 0 };
        sput(&want, "\"value\":%s,\"totals\":[%s,%s],\"winning\":[", vb, t0, t1);
        /* the best moves' positions in the rules' order, each position once: left(k) keeps
           a[k..n), right(k) keeps a[0..k); one number left has no move, a position printed 0 */
        int lo[2 * CUTN], hi[2 * CUTN], nw = 0;
        for (int side = 0; side < 2; side++)
            for (int k = 1; k < n; k++) {
                int l = side ? 0 : k, h = side ? k : n;
                __int128 g = (side ? cut_sum(k, n) : cut_sum(0, k)) - n - cut_value(l, h - l);
                bool seen = false;
                for (int w = 0; w < nw && !seen; w++)
                    seen = hi[w] - lo[w] == h - l &&
                           (h - l == 1 || !memcmp(&cuta[lo[w]], &cuta[l], (size_t)(h - l) * sizeof *cuta));
                if (g != v || seen) continue;
                sput(&want, "%s\"%s", nw ? "," : "", h - l == 1 ? "0" : "Cut(");
                for (int i = l; i < h && h - l > 1; i++) {
                    char b[48];
                    i128_text(cuta[i], b);
                    sput(&want, "%s%s", i > l ? ", " : "", b);
                }
                sput(&want, "%s\"", h - l == 1 ? "" : ")");
                lo[nw] = l;
                hi[nw++] = h;
            }
        sput(&want, "]");
        int status;
        char *err = NULL, *out = duel_run(prog.s, strategy, &status, &err);
        /* rows of small numbers stay in 64 bits: the interval table by default; the others may
           leave them (it then declines, and negamax answers) */
        if (status || !out || !strstr(out, want.s) || (kind == 0 && !strstr(out, strategy_json))) {
            if (fails < 3) fprintf(stderr, "Cut #%d (%d numbers): want %s, got: %s%s\n", q, n, want.s, out ? out : "", err ? err : "");
            fails++;
        }
        free(want.s);
        free(out);
        free(err);
        free(prog.s);
        (*asked)++;
    }
    return fails;
}

/* ---- Mix and Pre: an integer and a row, the rules the interval table compiles ------------------
   Mix(t, a...) with the instance's K, M, R, P, C: "front" takes the first k numbers (1 <= k <= K + t,
   k <= len) when a[k - 1] % M != R, scoring their sum less t, and leaves t = k % 3; "back" drops the
   last k numbers (k in {1, 2}) when len % 2 == P, scoring max(a[len - k], C) - 2k; "skip" (t > 0,
   len > 0) lowers t by one, scoring a[len / 2] % 5 - 2. Pre(t, a...) with M, R, D has one rule whose
   bound reads the integer (the table keeps a running best): take the first k numbers, 1 + len % 2 <=
   k <= min(t + 2, len), when a[k - 1] % M != R, scoring their sum less D * k; then t = 2k % 5. Values
   and the totals of the best line (the first best move in the rules' order each time), computed
   here from those rules over a[l..l + n). */
#define MIXN 44
#define MIXJ (MIXN + 3)   /* options a position has at most, numbered in the rules' order */
static int mixa[MIXN], mK, mM, mR, mP, mC, pD;

/* Option j of Mix's position (t, l, n) in the rules' order (front k = 1.., back k = 1, 2, skip):
   false when it is not a move; else its gain and the position after. */
static bool mix_opt(int t, int l, int n, int j, long long *gain, int *t2, int *l2, int *n2)
{
    int kf = mK + t < n ? mK + t : n;
    if (j < kf) {
        int k = j + 1;
        if (mixa[l + k - 1] % mM == mR) return false;
        long long s = 0;
        for (int i = 0; i < k; i++) s += mixa[l + i];
        *gain = s - t;
        *t2 = k % 3, *l2 = l + k, *n2 = n - k;
        return true;
    }
    j -= kf;
    if (j < 2) {
        int k = j + 1;
        if (k > n || n % 2 != mP) return false;
        int x = mixa[l + n - k];
        *gain = (x > mC ? x : mC) - 2 * k;
        *t2 = t, *l2 = l, *n2 = n - k;
        return true;
    }
    if (j > 2 || t == 0 || n == 0) return false;
    *gain = mixa[l + n / 2] % 5 - 2;
    *t2 = t - 1, *l2 = l, *n2 = n;
    return true;
}

/* Option j of Pre's position: k = j + 1. */
static bool pre_opt(int t, int l, int n, int j, long long *gain, int *t2, int *l2, int *n2)
{
    int k = j + 1, hi = t + 2 < n ? t + 2 : n;
    if (k < 1 + n % 2 || k > hi || mixa[l + k - 1] % mM == mR) return false;
    long long s = 0;
    for (int i = 0; i < k; i++) s += mixa[l + i];
    *gain = s - (long long)pD * k;
    *t2 = 2 * k % 5, *l2 = l + k, *n2 = n - k;
    return true;
}

typedef bool (*RowOpt)(int t, int l, int n, int j, long long *gain, int *t2, int *l2, int *n2);
static RowOpt rg_opt;
static long long rgv[5][MIXN + 1][MIXN + 1];
static bool rgk[5][MIXN + 1][MIXN + 1];

static long long rg_value(int t, int l, int n)
{
    if (rgk[t][l][n]) return rgv[t][l][n];
    long long best = 0, g;
    bool any = false;
    int t2, l2, n2;
    for (int j = 0; j < MIXJ; j++)
        if (rg_opt(t, l, n, j, &g, &t2, &l2, &n2)) {
            long long v = g - rg_value(t2, l2, n2);
            if (!any || v > best) best = v;
            any = true;
        }
    rgk[t][l][n] = true;
    return rgv[t][l][n] = best;
}

/* What the engine must print for (t, l, n): its value and the best line's totals; a position
   without a move has no best line. */
static void rg_want(Str *w, int t, int l, int n)
{
    long long tot[2] = { 0, 0 }, v = rg_value(t, l, n), g;
    int moves = 0, t2, l2, n2;
    for (int who = 0;; who ^= 1, moves++) {
        long long cur = rg_value(t, l, n);
        int j = 0;
        for (; j < MIXJ; j++)
            if (rg_opt(t, l, n, j, &g, &t2, &l2, &n2) && g - rg_value(t2, l2, n2) == cur) break;
        if (j == MIXJ) break;
        tot[who] += g;
        t = t2, l = l2, n = n2;
    }
    if (moves) sput(w, "\"value\":%lld,\"totals\":[%lld,%lld]", v, tot[0], tot[1]);
    else sput(w, "\"value\":0,\"winning\":[]");
}

/* 12 programs of game `name` (rules: its declaration, made anew for each by make), 6 queries each
   at suffixes of one row of 24 to MIXN numbers and integers 0..tmax, against rg_opt's values. */
static int duel_rows(const char *name, RowOpt opt, int tmax, void (*make)(Str *prog), int *asked)
{
    enum { Q = 6 };
    int fails = 0;
    rg_opt = opt;
    for (int prog_i = 0; prog_i < 12; prog_i++) {
        Str prog = { 0 }, want[Q] = { { 0 } };
        make(&prog);
        int n = rnd(24, MIXN), t0[Q];
        for (int j = 0; j < n; j++) mixa[j] = rnd(0, 50);
        memset(rgk, 0, sizeof rgk);
        for (int q = 0; q < Q; q++) {   /* suffixes of one row at several t: one table */
            int l = rnd(0, n - 24);
            t0[q] = rnd(0, tmax);
            sput(&prog, "query %s(%d", name, t0[q]);
            for (int j = l; j < n; j++) sput(&prog, ", %d", mixa[j]);
            sput(&prog, ");\n");
            rg_want(&want[q], t0[q], l, n - l);
        }
        int status;
        char *err = NULL, *out = duel_run(prog.s, strategy, &status, &err);
        char *line[Q];
        int nl = out && !status ? duel_lines(out, line, Q) : 0;
        for (int q = 0; q < Q; q++) {
            if (q < nl && strstr(line[q], want[q].s) && strstr(line[q], strategy_json)) continue;
            if (fails < 3)
                fprintf(stderr, "%s #%d.%d (%s t %d): want %s (%s), got: %s%s\n", name, prog_i, q, prog.s, t0[q], want[q].s,
                        strategy_json, q < nl ? line[q] : "(none)", err ? err : "");
            fails++;
        }
        for (int q = 0; q < Q; q++) free(want[q].s);
        *asked += Q;
        free(out);
        free(err);
        free(prog.s);
    }
    return fails;
}

static void mix_make(Str *prog)
{
    mK = rnd(1, 3), mM = rnd(2, 7), mR = rnd(0, mM - 1), mP = rnd(0, 1), mC = rnd(0, 40);
    sput(prog, "scoring game Mix(t, a...) {\n"
               "    move front(k in 1..min(%d + t, len(a))) when a[k - 1] %% %d != %d => Mix(k %% 3, [a[i] for i in k..len(a) - 1]...)\n"
               "        gain sum([a[i] for i in 0..k - 1]) - t;\n"
               "    move back(k in {1, 2}) when k <= len(a) and len(a) %% 2 == %d => Mix(t, [a[i] for i in 0..len(a) - 1 - k]...)\n"
               "        gain max(a[len(a) - k], %d) - 2 * k;\n"
               "    move skip when t > 0 and len(a) > 0 let h = a[len(a) / 2] => Mix(t - 1, a...) gain h %% 5 - 2;\n}\n",
         mK, mM, mR, mP, mC);
}

static void pre_make(Str *prog)
{
    mM = rnd(2, 7), mR = rnd(0, mM - 1), pD = rnd(0, 20);
    sput(prog, "scoring game Pre(t, a...) {\n"
               "    move take(k in 1 + len(a) %% 2..min(t + 2, len(a))) when a[k - 1] %% %d != %d\n"
               "        => Pre(2 * k %% 5, [a[i] for i in k..len(a) - 1]...) gain sum([a[i] for i in 0..k - 1]) - %d * k;\n}\n",
         mM, mR, pD);
}

/* CoinGame on stacks of 24 to 60 coins (a view: the interval table by default), values and the
   best line's totals from the recursion above. */
static int duel_long_coins(int *asked)
{
    enum { Q = 40 };
    Want *want = calloc(Q, sizeof *want);
    Str prog = { 0 };
    for (int i = 0; i < Q; i++) {
        int n = rnd(24, 60), c[60];
        sput(&prog, "query CoinGame(");
        for (int j = 0; j < n; j++) {
            c[j] = rnd(0, 99);
            sput(&prog, "%s%d", j ? ", " : "", c[j]);
        }
        sput(&prog, ");\n");
        cmc = c;
        memset(cmk, 0, sizeof cmk);
        want[i].v = coins(c, n, 0, 1);
        want[i].line = true;
        coins_line(c, n, want[i].t);
        cmc = NULL;
    }
    int status;
    char *err = NULL, *out = duel_run(prog.s, strategy, &status, &err);
    int fails = 0;
    char *line[Q];
    int nl = out && !status ? duel_lines(out, line, Q) : 0;
    for (int i = 0; i < Q; i++) {
        char w[160];
        snprintf(w, sizeof w, "\"value\":%lld,\"totals\":[%lld,%lld]", want[i].v, want[i].t[0], want[i].t[1]);
        if (i < nl && strstr(line[i], w) && strstr(line[i], strategy_json)) continue;
        if (fails < 3) fprintf(stderr, "CoinGame #%d (long): want %s (%s), got: %s%s\n", i, w, strategy_json, i < nl ? line[i] : "(none)",
                               err ? err : "");
        fails++;
    }
    *asked += Q;
    free(out);
    free(err);
    free(prog.s);
    free(want);
    return fails;
}

int main(void)
{
    int fails = 0, total = 0;
    enum { N = 300 };
    Want *want = calloc(N, sizeof *want);
    Str prog = { 0 };
    /* Ends: rows of up to 12 numbers, some negative */
    for (int i = 0; i < N; i++) {
        int n = rnd(0, 12), a[12];
        query_row(&prog, "Ends", a, n, -5, 30);
        want[i].v = ends(a, 0, n - 1);
        want[i].line = n > 0;
        ends_line(a, n, want[i].t);
    }
    fails += check("Ends", prog.s, want, N);
    total += N;
    prog.len = 0;
    prog.s[0] = 0;
    /* The engine copies a comprehension [a[i] for i in lo..hi] as one slice (peep.c, vm.c:
       ITERSLICE); the same rows through the interpreter's loop (a filter keeps it from the
       copy), and rows of words (a list of strings, sliced the same way, scoring each word's
       length), against the same recursion */
    for (int pass = 0; pass < 2; pass++) {
        sput(&prog, pass ? "scoring game W(w...) {\n"
                           "    move left when len(w) > 0 => W([w[i] for i in 1..len(w) - 1]...) gain len(w[0]);\n"
                           "    move right when len(w) > 0 => W([w[i] for i in 0..len(w) - 2]...) gain len(w[len(w) - 1]);\n}\n"
                         : "scoring game EI(a...) {\n"
                           "    move left when len(a) > 0 => EI([a[i] for i in 1..len(a) - 1 when true]...) gain a[0];\n"
                           "    move right when len(a) > 0 => EI([a[i] for i in 0..len(a) - 2 when true]...) gain a[len(a) - 1];\n}\n");
        for (int i = 0; i < N; i++) {
            int n = rnd(0, 12), a[12];
            sput(&prog, pass ? "query W(" : "query EI(");
            for (int j = 0; j < n; j++) {
                a[j] = pass ? rnd(0, 9) : rnd(-5, 30);
                if (pass) sput(&prog, "%s\"%.*s\"", j ? ", " : "", a[j], "abcdefghi");
                else sput(&prog, "%s%d", j ? ", " : "", a[j]);
            }
            sput(&prog, ");\n");
            want[i].v = ends(a, 0, n - 1);
            want[i].line = n > 0;
            ends_line(a, n, want[i].t);
        }
        fails += check(pass ? "Ends over words (sliced)" : "Ends through the loop", prog.s, want, N);
        total += N;
        prog.len = 0;
        prog.s[0] = 0;
    }
    /* Pick: take any number of the row (the rest is [a[t] for t in 0..len(a) - 1 when t != i],
       copied at once but one index: ITERSKIP), and the same through the interpreter's loop */
    for (int pass = 0; pass < 2; pass++) {
        sput(&prog, "scoring game Pick(a...) { move pick(i in 0..len(a) - 1) => Pick([a[t] for t in 0..len(a) - 1 when %s]...) "
                    "gain a[i]; }\n",
             pass ? "t != i and true" : "t != i");
        for (int i = 0; i < N / 3; i++) {
            int n = rnd(0, 9), a[9];
            query_row(&prog, "Pick", a, n, -5, 30);
            want[i] = (Want){ .v = pick(a, n, (1u << n) - 1), .line = false };
        }
        fails += check(pass ? "Pick through the loop" : "Pick", prog.s, want, N / 3);
        total += N / 3;
        prog.len = 0;
        prog.s[0] = 0;
    }
    /* CoinGame: stacks of up to 10 coins */
    for (int i = 0; i < N; i++) {
        int n = rnd(0, 10), c[10];
        sput(&prog, "query CoinGame(");
        for (int j = 0; j < n; j++) {
            c[j] = rnd(0, 25);
            sput(&prog, "%s%d", j ? ", " : "", c[j]);
        }
        sput(&prog, ");\n");
        want[i].v = coins(c, n, 0, 1);
        want[i].line = n > 0;
        coins_line(c, n, want[i].t);
    }
    fails += check("CoinGame", prog.s, want, N);
    total += N;
    prog.len = 0;
    prog.s[0] = 0;
    /* YoungChess: boards of up to 4 x 4, scores from -3 to 20 */
    for (int i = 0; i < N; i++) {
        yr = rnd(1, YR);
        yc = rnd(1, YC);
        for (int r = 0; r < yr; r++)
            for (int c = 0; c < yc; c++) {
                ya[r][c] = rnd(-3, 20);
                yb[r][c] = rnd(-3, 20);
            }
        sput(&prog, "query YoungChess(");
        young_matrix(&prog, ya);
        sput(&prog, ", ");
        young_matrix(&prog, yb);
        sput(&prog, ");\n");
        int p[YR] = { 0 };
        want[i].v = young(p);
        want[i].line = true;
        young_line(want[i].t);
    }
    fails += check("YoungChess", prog.s, want, N);
    total += N;
    /* random rulesets, each asked at a few heaps */
    int asked = 0;
    for (int r = 0; r < 60; r++) {
        Rule ru = { .nset = rnd(1, 3), .A = rnd(0, 7), .B = rnd(0, 7), .C = rnd(0, 9), .M = rnd(1, 11), .D = rnd(0, 6) };
        for (int j = 0; j < ru.nset; j++) ru.set[j] = rnd(1, 5);
        prog.len = 0;
        prog.s[0] = 0;
        sput(&prog, "scoring game R(n) { move take(k in {");
        for (int j = 0; j < ru.nset; j++) sput(&prog, "%s%d", j ? ", " : "", ru.set[j]);
        sput(&prog, "}) when k <= n => R(n - k) gain (%d * n + %d * k + %d) %% %d - %d; }\n", ru.A, ru.B, ru.C, ru.M, ru.D);
        int q = 0;
        for (int n = 0; n <= 24; n += rnd(1, 5)) {
            sput(&prog, "query R(%d);\n", n);
            want[q] = (Want){ .v = ruled(&ru, n), .line = false };
            q++;
        }
        fails += check("random ruleset", prog.s, want, q);
        asked += q;
    }
    total += asked;
    int big = duel_big_ends(200, false, false), longr = duel_big_ends(200, true, false) + duel_big_ends(60, true, true), nstacks = 0;
    int stacks = duel_long_stacks(&nstacks), ncut = 0, cut = 0, nmix = 0, mix = 0, nlc = 0, lc = 0;
    /* the rows held as views, by the engine's choice (the interval table) and by negamax */
    for (int pass = 0; pass < 2; pass++) {
        strategy = pass ? "negamax" : NULL;
        strategy_json = pass ? "\"strategy\":\"negamax\"" : "\"strategy\":\"interval\"";
        cut += duel_cut(&ncut);
        mix += duel_rows("Mix", mix_opt, 3, mix_make, &nmix) + duel_rows("Pre", pre_opt, 4, pre_make, &nmix);
        lc += duel_long_coins(&nlc);
    }
    fails += big + longr + stacks + cut + mix + lc;
    total += 460 + nstacks + ncut + nmix + nlc;
    /* one number repeated n times: the positions are its n + 1 lengths, one each whether a move
       slices the row at either end (Ends) or builds the rest element by element (EM's right,
       through the loop); the store is capped at n + 1 positions (a slice not found as the content
       it is would need about n^2 / 2), and the best moves, left and right, are one (the same
       position) */
    int capped = 0;
    for (int n = 25; n <= 200; n += 43)
        for (int g = 0; g < 2; g++) {
            const char *name = g ? "Ends" : "EM";
            prog.len = 0;
            prog.s[0] = 0;
            if (!g)
                sput(&prog, "scoring game EM(a...) {\n"
                            "    move left when len(a) > 0 => EM([a[i] for i in 1..len(a) - 1]...) gain a[0];\n"
                            "    move right when len(a) > 0 => EM([a[i] for i in 0..len(a) - 2 when true]...) gain a[len(a) - 1];\n}\n");
            sput(&prog, "query %s(", name);
            for (int j = 0; j < n; j++) sput(&prog, "%s5", j ? ", " : "");
            sput(&prog, ");\n");
            int status;
            char *err = NULL, *out = duel_run_capped(prog.s, NULL, (size_t)n + 1, &status, &err);
            char best[64], twice[64];
            snprintf(best, sizeof best, "\"winning\":[\"%s(5,", name);
            snprintf(twice, sizeof twice, "\",\"%s(", name);
            const char *wv = n % 2 ? "\"value\":5," : "\"value\":0,";
            if (status || !out || !strstr(out, wv) || !strstr(out, best) || strstr(out, twice)) {
                if (capped < 3)
                    fprintf(stderr, "%s(5 x %d): exit %d, want %s one best move: %s%s\n", name, n, status, wv, out ? out : "",
                            err ? err : "");
                capped++;
            }
            free(out);
            free(err);
            total++;
        }
    fails += capped;
    free(prog.s);
    free(want);
    printf("scoring duel: %d queries (Ends, CoinGame, YoungChess, %d of 60 random rulesets, 200 Ends rows with numbers "
           "beyond 64 bits: %d failed, 260 long rows (60 of them mixed with rows past 64 bits): %d failed, %d stacks on rows of 8193-12000: %d failed, 10 rows of "
           "one number under a cap: %d failed, %d Cut rows (sums of slices): %d failed, %d Mix and Pre rows: %d failed, %d long "
           "CoinGame stacks: %d failed; these three by the interval table and by negamax), %d failed\n",
           total, asked, big, longr, nstacks, stacks, capped, ncut, cut, nmix, mix, nlc, lc, fails);
    return fails ? 1 : 0;
}
