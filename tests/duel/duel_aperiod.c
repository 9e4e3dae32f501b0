/* duel_aperiod.c: the `period` statement's arithmetic periodicity (G(n + p) = G(n) + s for all
   n >= e) and the queries answered from it, against a brute force written from the rules of
   one-heap take-and-break games as a person states them:
     - take any k >= f (f in 1..3) leaving one non-empty heap n - k, and optionally the whole heap
       (k = n, leaving nothing) for n >= f;
     - take k from a finite set T (0-3 values in 1..6), leaving a non-empty heap;
     - split without taking into two non-empty heaps a + b = n (any, or only a != b);
     - take i from a finite set U (0-2 values in 1..4), then split the rest into two non-empty
       heaps;
     - in every tenth ruleset: take any i >= g (g in 1..3), then split the rest into two
       non-empty heaps.
   The SG value of a heap is the mex of its options' values, the value of two heaps the XOR of
   theirs, a move to nothing has value 0.  No closed form is used for the random rulesets; Lasker's
   Nim (take any k >= 1 including the whole heap, or split) is also checked against Winning Ways'
   formula (SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4, SG(4k+4) = 4k+3).

   About 40 random rulesets (own splitmix64 PRNG, seed DUEL_APERIOD_SEED), plus Lasker's Nim
   written by hand and the standard library's Lasker(n), are each written as a `.game` file
   (rule shapes the take-and-break recogniser knows: `k in f..n`, `k in f..n - 1`, `k in {..}`
   with a guard keeping n - k >= 1, `a in 1..n / 2`, `a in 1..(n - 1) / 2`, `k in .., a in
   1..(n - k) / 2`) and given to `$GRUNDY --json FILE` with `period NAME(n) for n;`.  Checked:
     1. the JSON line (preperiod, period, saltus, proven, checked);
     2. the brute force G(0..NF-1), NF = 4 * max(checked, 4096), at most 20000 for games that
        split (a take-only game is cheap: at most 2^20), is itself cross-checked against a naive
        enumeration of every option for the first heaps;
     3. a proven claim: G(n + p) == G(n) + s for every e <= n < NF - p (a mismatch is a false
        proof); an unproven observed period: the same for every n + p < checked;
     4. a second, fresh grundy process queries ~12 single heaps (4 below 200, the others in
        (checked, NF), all of them up to NF when proven; when unproven only up to twice checked
        (checked * 17 / 16 with the cubic take-any-then-split rule), under --timeout 5, and a
        refusal with a limit error is recorded, not failed; a heap without moves is echoed as
        "0"): outcome and
        "sg" against the brute force, every "winning" result must be a legal option of value 0
        (results are parsed as "0", "NAME(a)", "NAME(a) + NAME(b)", "2 * NAME(a)"), listed once,
        and, unless "winning_truncated", as many as the brute force's distinct value-0 options
        (options are counted as distinct multisets of heaps with the terminal heaps, those
        without moves, dropped, as the engine prints positions);
     5. both Lasker's: proven with e = 1, p = 4, s = 4, and queries of 10^12 + r and 10^30 + r
        (r = 0..3, __int128 arithmetic; "sg" a JSON number or string) against the formula, their
        winning results being "0" and, for an even heap h, "2 * NAME(h / 2)" (all of these
        unless "winning_truncated", each once, nothing else); the hand-written one's huge
        queries only when its period is proven.
   Environment: GRUNDY (default ./grundy; exit 77 when it is missing), DUEL_APERIOD_SEED
   (default a fixed constant), TMPDIR (default /tmp).  Every grundy process runs under a 4 GB
   address-space limit.  Prints one line per ruleset, one report per failure, and the summary
   "duel_aperiod: R rulesets, P proven, Q queries (X refused), C checks, F failed"; exits 0 iff
   nothing failed. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#if !defined(_GNU_SOURCE)
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_SEED 0xa9e210d5eedULL
#define NRANDOM 40              /* random rulesets */
#define NF_SPLIT_CAP 20000      /* brute-force heaps at most, for games that split */
#define NF_TAKE_CAP (1 << 20)   /* ... for take-only games */
#define NAIVE_N 300             /* heaps the naive enumeration cross-checks */
#define VMAX (1 << 21)          /* SG values tracked by the mex arrays */
#define KEYCAP (1 << 21)        /* distinct value-0 options collected per heap at most */
#define CHILD_TIMEOUT 120       /* seconds before a hung grundy is killed */
#define UNPROVEN_TIMEOUT "5"    /* --timeout for queries of an unproven game */
#define AS_LIMIT_KB 4000000L    /* ulimit -v for grundy */
#define MAXFAIL_SHOWN 60

typedef __int128 big;

/* ---------- PRNG (splitmix64) ---------- */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static int rnd(uint64_t *s, int lo, int hi) { return lo + (int)(splitmix(s) % (uint64_t)(hi - lo + 1)); }

/* ---------- growable strings ---------- */
typedef struct Buf { char *s; size_t len, cap; } Buf;
static void bprintf(Buf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void bprintf(Buf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(b->s ? b->s + b->len : NULL, b->s ? b->cap - b->len : 0, fmt, ap);
        va_end(ap);
        if (n < 0) exit(2);
        if (b->s && b->len + (size_t)n < b->cap) { b->len += (size_t)n; return; }
        b->cap = (b->cap + (size_t)n + 256) * 2;
        b->s = realloc(b->s, b->cap);
        if (!b->s) { fprintf(stderr, "duel_aperiod: out of memory\n"); exit(2); }
        if (b->len == 0) b->s[0] = 0;
    }
}
static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) { fprintf(stderr, "duel_aperiod: out of memory\n"); exit(2); }
    return p;
}
static void *xcalloc(size_t n, size_t sz)
{
    void *p = calloc(n ? n : 1, sz ? sz : 1);
    if (!p) { fprintf(stderr, "duel_aperiod: out of memory\n"); exit(2); }
    return p;
}

static void big_str(big v, char *out, size_t cap)
{
    char tmp[64];
    int l = 0;
    bool neg = v < 0;
    unsigned __int128 u = neg ? (unsigned __int128)(-(v + 1)) + 1 : (unsigned __int128)v;
    do { tmp[l++] = (char)('0' + (int)(u % 10)); u /= 10; } while (u && l < 60);
    size_t o = 0;
    if (neg && o + 1 < cap) out[o++] = '-';
    while (l > 0 && o + 1 < cap) out[o++] = tmp[--l];
    out[o] = 0;
}

/* ---------- rulesets ---------- */
typedef struct Rules {
    char name[16];       /* the game's name in the file and in printed positions */
    bool stdlib;         /* the standard library's Lasker: no definition written */
    bool lasker;         /* must be proven with e = 1, p = 4, s = 4 */
    int f;               /* take any k >= f leaving a non-empty heap */
    bool whole;          /* ... and the whole heap when n >= f */
    int T[3], nT;        /* take k in T leaving a non-empty heap */
    int split;           /* 0 none, 1 any a + b = n, 2 only a != b */
    int U[2], nU;        /* take i in U, split the rest */
    int g;               /* 0 none, else take any i >= g and split the rest */
    Buf def;             /* the game definition */
} Rules;

static bool has_splits(const Rules *r) { return r->split || r->nU || r->g; }

static void describe(const Rules *r, char *out, size_t cap)
{
    size_t l = (size_t)snprintf(out, cap, "take any k >= %d%s", r->f, r->whole ? " (whole heap too)" : "");
    if (r->nT) {
        l += (size_t)snprintf(out + l, cap - l, "; take k in {");
        for (int i = 0; i < r->nT; i++) l += (size_t)snprintf(out + l, cap - l, "%s%d", i ? ", " : "", r->T[i]);
        l += (size_t)snprintf(out + l, cap - l, "}");
    }
    if (r->split) l += (size_t)snprintf(out + l, cap - l, "; split%s", r->split == 2 ? " unequal" : "");
    if (r->nU) {
        l += (size_t)snprintf(out + l, cap - l, "; take i in {");
        for (int i = 0; i < r->nU; i++) l += (size_t)snprintf(out + l, cap - l, "%s%d", i ? ", " : "", r->U[i]);
        l += (size_t)snprintf(out + l, cap - l, "} and split");
    }
    if (r->g) snprintf(out + l, cap - l, "; take any i >= %d and split", r->g);
}

static void sort_int(int *v, int n)
{
    for (int i = 1; i < n; i++)
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) { int t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
}

static void pick_distinct(uint64_t *s, int *v, int n, int lo, int hi)
{
    for (int i = 0; i < n; i++) {
        bool again;
        do {
            v[i] = rnd(s, lo, hi);
            again = false;
            for (int j = 0; j < i; j++) again |= v[j] == v[i];
        } while (again);
    }
    sort_int(v, n);
}

static void set_text(const int *v, int n, char *out, size_t cap)
{
    size_t l = (size_t)snprintf(out, cap, "{");
    for (int i = 0; i < n; i++) l += (size_t)snprintf(out + l, cap - l, "%s%d", i ? ", " : "", v[i]);
    snprintf(out + l, cap - l, "}");
}

/* The definition, in shapes the recogniser accepts (a few spellings each). */
static void render(Rules *r, uint64_t *s)
{
    const char *N = r->name;
    Buf *b = &r->def;
    bprintf(b, "game %s(n) {\n", N);
    if (r->whole) bprintf(b, "    move take(k in %d..n) => %s(n - k);\n", r->f, N);
    else if (rnd(s, 0, 3)) bprintf(b, "    move take(k in %d..n - 1) => %s(n - k);\n", r->f, N);
    else bprintf(b, "    move take(k in %d..n) when n - k >= 1 => %s(n - k);\n", r->f, N);
    if (r->nT) {
        static const char *const guard[] = {"k <= n - 1", "n - k >= 1", "k + 1 <= n", "n - k > 0"};
        char st[64];
        set_text(r->T, r->nT, st, sizeof st);
        bprintf(b, "    move sub(k in %s) when %s => %s(n - k);\n", st, guard[rnd(s, 0, 3)], N);
    }
    if (r->split) {
        const char *range = r->split == 1 ? "1..n / 2" : "1..(n - 1) / 2";
        if (rnd(s, 0, 4)) bprintf(b, "    move cut(a in %s) => %s(a) + %s(n - a);\n", range, N, N);
        else bprintf(b, "    move cut(a in %s) => %s(n - a) + %s(a);\n", range, N, N);
    }
    if (r->nU) {
        char st[64];
        set_text(r->U, r->nU, st, sizeof st);
        bprintf(b, "    move takecut(k in %s, a in 1..(n - k) / 2) when k <= n => %s(a) + %s(n - k - a);\n", st, N, N);
    }
    if (r->g) bprintf(b, "    move anycut(k in %d..n, a in 1..(n - k) / 2) => %s(a) + %s(n - k - a);\n", r->g, N, N);
    bprintf(b, "}\n");
}

static void make_random(uint64_t *s, int id, Rules *r)
{
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "AP%d", id);
    r->f = rnd(s, 1, 3);
    r->whole = rnd(s, 0, 1);
    r->nT = rnd(s, 0, 3);
    pick_distinct(s, r->T, r->nT, 1, 6);
    r->split = rnd(s, 0, 2);
    r->nU = rnd(s, 0, 9) < 6 ? 0 : rnd(s, 1, 2);
    pick_distinct(s, r->U, r->nU, 1, 4);
    /* sometimes: exactly every tenth ruleset (4 of 40), as the engine searches such a game
       (take any and take any then split) in cubic time while it does not recognise it */
    r->g = id % 10 == 5 ? rnd(s, 1, 3) : 0;
    render(r, s);
}

static void make_lasker(Rules *r, bool stdlib)
{
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "%s", stdlib ? "Lasker" : "G");
    r->stdlib = stdlib;
    r->lasker = true;
    r->f = 1;
    r->whole = true;
    r->split = 1;
    if (!stdlib)
        bprintf(&r->def, "game G(n) {\n    move take(k in 1..n) => G(n - k);\n"
                         "    move split(a in 1..n / 2) => G(a) + G(n - a);\n}\n");
}

/* ---------- brute force ---------- */
typedef struct Brute {
    int N;
    uint32_t *G;
    bool *moves;        /* the heap has a move (else it is terminal) */
    int *order, *start; /* heaps 1..N-1 grouped by value (increasing heap within a value) */
    int maxv;
} Brute;

/* G(0..N-1) by mex; the options that grow with n (take any, take any then split) are kept in a
   cumulative set, the others are marked per heap. */
static void brute(const Rules *r, int N, Brute *B)
{
    B->N = N;
    B->G = xcalloc((size_t)N, sizeof *B->G);
    B->moves = xcalloc((size_t)N, sizeof *B->moves);
    unsigned char *cum = xcalloc(VMAX + 1, 1);
    int *stamp = xcalloc(VMAX + 1, sizeof *stamp);
    uint32_t *G = B->G;
    int cmex = 0;
#define CUM(v) do { uint32_t v_ = (v); if (v_ < VMAX) { cum[v_] = 1; while (cum[cmex]) cmex++; } } while (0)
#define MARK(v) do { uint32_t v_ = (v); if (v_ < VMAX) stamp[v_] = n + 1; } while (0)
    for (int n = 0; n < N; n++) {
        bool any = false;
        if (n - r->f >= 1) { CUM(G[n - r->f]); any = true; }
        if (r->whole && n >= r->f && n >= 1) { CUM(0); any = true; }
        if (r->g && n - r->g >= 2) {
            int rr = n - r->g;
            for (int a = 1; a <= rr / 2; a++) CUM(G[a] ^ G[rr - a]);
        }
        if (r->g && n - r->g >= 2) any = true;
        for (int i = 0; i < r->nT; i++)
            if (r->T[i] <= n - 1) { MARK(G[n - r->T[i]]); any = true; }
        if (r->split) {
            int hi = r->split == 1 ? n / 2 : (n - 1) / 2;
            for (int a = 1; a <= hi; a++) MARK(G[a] ^ G[n - a]);
            if (hi >= 1) any = true;
        }
        for (int i = 0; i < r->nU; i++) {
            int rr = n - r->U[i];
            if (rr < 2) continue;
            any = true;
            for (int a = 1; a <= rr / 2; a++) MARK(G[a] ^ G[rr - a]);
        }
        int v = any ? cmex : 0;
        if (any)
            while (v < VMAX && (cum[v] || stamp[v] == n + 1)) v++;
        if (v >= VMAX) { fprintf(stderr, "duel_aperiod: SG value beyond %d\n", VMAX); exit(2); }
        G[n] = (uint32_t)v;
        B->moves[n] = any;
    }
#undef CUM
#undef MARK
    free(cum);
    free(stamp);
    int maxv = 0;
    for (int n = 0; n < N; n++) maxv = (int)G[n] > maxv ? (int)G[n] : maxv;
    B->maxv = maxv;
    B->start = xcalloc((size_t)maxv + 2, sizeof *B->start);
    B->order = xcalloc((size_t)N, sizeof *B->order);
    for (int n = 1; n < N; n++) B->start[G[n] + 1]++;
    for (int v = 0; v <= maxv; v++) B->start[v + 1] += B->start[v];
    int *fill = xcalloc((size_t)maxv + 1, sizeof *fill);
    for (int n = 1; n < N; n++) B->order[B->start[G[n]] + fill[G[n]]++] = n;
    free(fill);
}

static void brute_free(Brute *B)
{
    free(B->G);
    free(B->moves);
    free(B->order);
    free(B->start);
    memset(B, 0, sizeof *B);
}

/* Every option of every heap listed one by one (no cumulative sets), for the first heaps. */
static int naive_check(const Rules *r, const Brute *B, int N, char *why, size_t cap)
{
    uint32_t *G = xcalloc((size_t)N, sizeof *G);
    size_t scap = 1 << 14;
    unsigned char *seen = xcalloc(scap, 1);
    int bad = -1;
    for (int n = 0; n < N && bad < 0; n++) {
        memset(seen, 0, scap);
        bool any = false;
        for (int k = r->f; k <= n; k++) {
            if (k <= n - 1) { seen[G[n - k]] = 1; any = true; }
            else if (r->whole && k == n) { seen[0] = 1; any = true; }
        }
        for (int i = 0; i < r->nT; i++)
            if (r->T[i] <= n - 1) { seen[G[n - r->T[i]]] = 1; any = true; }
        for (int a = 1; a < n; a++) {
            int b = n - a;
            if (a > b) break;
            if (r->split == 1 || (r->split == 2 && a != b)) { seen[G[a] ^ G[b]] = 1; any = true; }
        }
        for (int i = 0; i <= n; i++) {
            bool inU = false;
            for (int j = 0; j < r->nU; j++) inU |= r->U[j] == i;
            bool inG = r->g && i >= r->g;
            if (!inU && !inG) continue;
            for (int a = 1; 2 * a <= n - i; a++) { seen[G[a] ^ G[n - i - a]] = 1; any = true; }
        }
        uint32_t v = 0;
        while (seen[v]) v++;
        if (v + 1 >= scap / 2) { fprintf(stderr, "duel_aperiod: naive values too large\n"); exit(2); }
        G[n] = v;
        if (G[n] != B->G[n] || any != B->moves[n]) {
            bad = n;
            snprintf(why, cap, "heap %d: naive %u (%s), fast %u (%s)", n, G[n], any ? "moves" : "terminal", B->G[n],
                     B->moves[n] ? "moves" : "terminal");
        }
    }
    free(G);
    free(seen);
    return bad;
}

/* ---------- value-0 options of a heap, as canonical keys ---------- */
/* A key is a multiset of at most two non-terminal heaps: (x << 32) | y with x <= y, 0 = absent. */
typedef struct Keys { uint64_t *k; size_t n; bool overflow; } Keys;

static uint64_t canon_key(const Brute *B, long a, long b)
{
    if (a > 0 && a < B->N && !B->moves[a]) a = 0;
    if (b > 0 && b < B->N && !B->moves[b]) b = 0;
    if (a > b) { long t = a; a = b; b = t; }
    return ((uint64_t)a << 32) | (uint64_t)b;
}

static void key_add(Keys *K, uint64_t key)
{
    if (K->n >= KEYCAP) { K->overflow = true; return; }
    K->k[K->n++] = key;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static void zero_options(const Rules *r, const Brute *B, int n, Keys *K)
{
    const uint32_t *G = B->G;
    K->n = 0;
    K->overflow = false;
    if (r->whole && n >= r->f && n >= 1) key_add(K, canon_key(B, 0, 0));
    for (int m = 1; m <= n - r->f; m++)
        if (G[m] == 0) key_add(K, canon_key(B, 0, m));
    for (int i = 0; i < r->nT; i++)
        if (r->T[i] <= n - 1 && G[n - r->T[i]] == 0) key_add(K, canon_key(B, 0, n - r->T[i]));
    if (r->split) {
        int hi = r->split == 1 ? n / 2 : (n - 1) / 2;
        for (int a = 1; a <= hi; a++)
            if (G[a] == G[n - a]) key_add(K, canon_key(B, a, n - a));
    }
    for (int i = 0; i < r->nU; i++) {
        int rr = n - r->U[i];
        for (int a = 1; a <= rr / 2; a++)
            if (G[a] == G[rr - a]) key_add(K, canon_key(B, a, rr - a));
    }
    if (r->g) {
        int rr = n - r->g; /* pairs a <= b, a + b <= rr */
        for (int a = 1; a <= rr / 2 && !K->overflow; a++) {
            uint32_t v = G[a];
            int lo = B->start[v], hi = B->start[v + 1];
            while (lo < hi) { /* first b >= a */
                int mid = (lo + hi) / 2;
                if (B->order[mid] < a) lo = mid + 1; else hi = mid;
            }
            for (int j = lo; j < B->start[v + 1] && B->order[j] <= rr - a && !K->overflow; j++)
                key_add(K, canon_key(B, a, B->order[j]));
        }
    }
    qsort(K->k, K->n, sizeof *K->k, cmp_u64);
    size_t m = 0;
    for (size_t i = 0; i < K->n; i++)
        if (!m || K->k[m - 1] != K->k[i]) K->k[m++] = K->k[i];
    K->n = m;
}

/* ---------- failures ---------- */
typedef struct Ctx {
    const char *prog, *tmpdir;
    long checks, failed, queries, refused, proven;
} Ctx;

static void check(Ctx *x, bool ok, const char *what, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void check(Ctx *x, bool ok, const char *what, const char *fmt, ...)
{
    x->checks++;
    if (ok) return;
    x->failed++;
    if (x->failed > MAXFAIL_SHOWN) {
        if (x->failed == MAXFAIL_SHOWN + 1) printf("(further failures not shown)\n");
        return;
    }
    printf("FAIL %s: ", what);
    va_list ap;
    va_start(ap, fmt);
    vprintf(fmt, ap);
    va_end(ap);
    printf("\n");
}

/* ---------- running grundy ---------- */
static char *write_file(const Ctx *x, const char *tag, const char *text)
{
    Buf p = {0};
    bprintf(&p, "%s/duel_aperiod_%s_XXXXXX.game", x->tmpdir, tag);
    int fd = mkstemps(p.s, 5);
    if (fd < 0) { perror("duel_aperiod: mkstemps"); exit(2); }
    size_t n = strlen(text);
    const char *q = text;
    while (n) {
        ssize_t w = write(fd, q, n);
        if (w < 0) {
            if (errno == EINTR) continue;
            perror("duel_aperiod: write");
            exit(2);
        }
        q += w;
        n -= (size_t)w;
    }
    close(fd);
    return p.s;
}

/* Runs GRUNDY --json [--timeout T] FILE, returns its standard output; *status the wait status. */
static char *run_grundy(const Ctx *x, const char *file, const char *timeout, int *status)
{
    int fd[2];
    if (pipe(fd)) { perror("pipe"); exit(2); }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
#ifndef __SANITIZE_ADDRESS__   /* the sanitizer's shadow memory needs terabytes of address space */
        struct rlimit rl = {(rlim_t)AS_LIMIT_KB * 1024, (rlim_t)AS_LIMIT_KB * 1024};
        setrlimit(RLIMIT_AS, &rl);
#endif
        dup2(fd[1], 1);
        int nul = open("/dev/null", O_WRONLY);
        if (nul >= 0) dup2(nul, 2);
        close(fd[0]);
        close(fd[1]);
        alarm(CHILD_TIMEOUT); /* survives exec: kills a hung grundy */
        if (timeout) execl(x->prog, x->prog, "--json", "--timeout", timeout, file, (char *)NULL);
        else execl(x->prog, x->prog, "--json", file, (char *)NULL);
        _exit(127);
    }
    close(fd[1]);
    Buf out = {0};
    bprintf(&out, "%s", "");
    char buf[65536];
    for (;;) {
        ssize_t n = read(fd[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) break;
        bprintf(&out, "%.*s", (int)n, buf);
    }
    close(fd[0]);
    while (waitpid(pid, status, 0) < 0)
        if (errno != EINTR) { *status = -1; break; }
    return out.s;
}

static const char *status_text(int st, char *buf, size_t cap)
{
    if (st == -1) snprintf(buf, cap, "not started");
    else if (WIFEXITED(st) && WEXITSTATUS(st) == 127) snprintf(buf, cap, "exit 127: GRUNDY could not be executed");
    else if (WIFEXITED(st)) snprintf(buf, cap, "exit %d", WEXITSTATUS(st));
    else if (WIFSIGNALED(st)) snprintf(buf, cap, "signal %d", WTERMSIG(st));
    else snprintf(buf, cap, "status %d", st);
    return buf;
}

/* ---------- a little JSON ---------- */
/* The value after "key": at its first occurrence in line (NULL if absent). */
static const char *jfind(const char *line, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    return p ? p + strlen(pat) : NULL;
}
static bool jnull(const char *v) { return v && strncmp(v, "null", 4) == 0; }
static bool jtrue(const char *v) { return v && strncmp(v, "true", 4) == 0; }
/* An integer written as a JSON number or a string of digits; false if neither. */
static bool jbig(const char *v, big *out)
{
    if (!v) return false;
    bool q = *v == '"';
    if (q) v++;
    bool neg = *v == '-';
    if (neg) v++;
    if (*v < '0' || *v > '9') return false;
    big x = 0;
    int digits = 0;
    while (*v >= '0' && *v <= '9') {
        if (++digits > 37) return false;
        x = x * 10 + (*v++ - '0');
    }
    if (q && *v != '"') return false;
    if (!q && (*v == '.' || *v == 'e' || *v == 'E')) return false;
    *out = neg ? -x : x;
    return true;
}
/* A JSON string at v into out (escapes \" and \\ only); returns the end or NULL. */
static const char *jstr(const char *v, char *out, size_t cap)
{
    if (*v != '"') return NULL;
    v++;
    size_t l = 0;
    while (*v && *v != '"') {
        char c = *v++;
        if (c == '\\' && *v) c = *v++;
        if (l + 1 < cap) out[l++] = c;
    }
    out[l] = 0;
    return *v == '"' ? v + 1 : NULL;
}
/* The strings of the array at v; returns the count, -1 if unreadable. */
static int jstrings(const char *v, char (*out)[256], int cap)
{
    if (!v || *v != '[') return -1;
    v++;
    int n = 0;
    while (*v == ' ') v++;
    if (*v == ']') return 0;
    for (;;) {
        char tmp[256];
        const char *e = jstr(v, tmp, sizeof tmp);
        if (!e) return -1;
        if (n < cap) snprintf(out[n], 256, "%s", tmp);
        n++;
        v = e;
        while (*v == ' ') v++;
        if (*v == ']') return n;
        if (*v != ',') return -1;
        v++;
        while (*v == ' ') v++;
    }
}

/* Splits out into lines (in place); returns the count. */
static int split_lines(char *out, char ***lines)
{
    int n = 0, cap = 64;
    *lines = xmalloc((size_t)cap * sizeof **lines);
    for (char *p = out; *p;) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        if (*p) {
            if (n == cap) {
                cap *= 2;
                *lines = realloc(*lines, (size_t)cap * sizeof **lines);
                if (!*lines) exit(2);
            }
            (*lines)[n++] = p;
        }
        if (!e) break;
        p = e + 1;
    }
    return n;
}

/* ---------- parsing a printed position ---------- */
/* "0", or terms "[c * ]NAME(h)" joined by " + ": the heaps (with multiplicity, at most cap). */
static int parse_position(const char *s, const char *name, big *heaps, int cap)
{
    if (strcmp(s, "0") == 0) return 0;
    int n = 0;
    size_t nl = strlen(name);
    for (;;) {
        big c = 1;
        if (*s >= '0' && *s <= '9') {
            const char *q = s;
            big v = 0;
            while (*q >= '0' && *q <= '9') v = v * 10 + (*q++ - '0');
            if (strncmp(q, " * ", 3) != 0) return -1;
            c = v;
            s = q + 3;
        }
        if (strncmp(s, name, nl) != 0 || s[nl] != '(') return -1;
        s += nl + 1;
        if (*s < '0' || *s > '9') return -1;
        big h = 0;
        int digits = 0;
        while (*s >= '0' && *s <= '9') {
            if (++digits > 37) return -1;
            h = h * 10 + (*s++ - '0');
        }
        if (*s++ != ')') return -1;
        if (c < 1 || c > cap) return -1;
        for (big i = 0; i < c; i++) {
            if (n >= cap) return -1;
            heaps[n++] = h;
        }
        if (!*s) return n;
        if (strncmp(s, " + ", 3) != 0) return -1;
        s += 3;
    }
}

/* ---------- the checks ---------- */
typedef struct Period { bool ok, has, proven; long e, p, s, checked; char raw[512], strategy[64]; } Period;

static Period read_period(Ctx *x, const Rules *r, char *out, int st)
{
    Period P = {0};
    char **lines, sb[64];
    int nl = split_lines(out, &lines);
    const char *line = NULL;
    for (int i = 0; i < nl; i++)
        if (strstr(lines[i], "\"kind\":\"period\"")) line = lines[i];
    snprintf(P.raw, sizeof P.raw, "%.500s", line ? line : nl ? lines[0] : "(no output)");
    check(x, line && WIFEXITED(st) && WEXITSTATUS(st) == 0, "period run", "%s: %s, output %s", r->name,
          status_text(st, sb, sizeof sb), P.raw);
    if (!line) { free(lines); return P; }
    const char *ve = jfind(line, "preperiod"), *vp = jfind(line, "period"), *vs = jfind(line, "saltus"),
               *vpr = jfind(line, "proven"), *vc = jfind(line, "checked");
    big e = 0, p = 0, s = 0, c = 0;
    bool ge = jbig(ve, &e), gp = jbig(vp, &p), gs = jbig(vs, &s), gc = jbig(vc, &c);
    bool nulls = jnull(ve) && jnull(vp) && jnull(vs);
    bool readable = ((ge && gp && gs) || nulls) && gc && vpr && (jtrue(vpr) || strncmp(vpr, "false", 5) == 0);
    check(x, readable, "period JSON", "%s: unreadable line %s", r->name, P.raw);
    if (!readable) { free(lines); return P; }
    P.ok = true;
    P.has = !nulls;
    P.proven = jtrue(vpr);
    P.e = (long)e;
    P.p = (long)p;
    P.s = (long)s;
    P.checked = (long)c;
    const char *vst = jfind(line, "strategy");
    if (!vst || !jstr(vst, P.strategy, sizeof P.strategy)) snprintf(P.strategy, sizeof P.strategy, "?");
    if (P.has) check(x, P.e >= 0 && P.p >= 1, "period JSON", "%s: preperiod %ld, period %ld", r->name, P.e, P.p);
    if (P.proven) check(x, P.has && P.p >= 1, "proof without a period", "%s: %s", r->name, P.raw);
    free(lines);
    return P;
}

/* G(n + p) == G(n) + s for lo <= n, n + p < hi; the first bad n or -1. */
static long first_bad(const Brute *B, long e, long p, long s, long hi)
{
    if (p < 1) return e;
    for (long n = e; n + p < hi; n++)
        if ((long)B->G[n + p] != (long)B->G[n] + s) return n;
    return -1;
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return x < y ? -1 : x > y;
}

/* Checks one query's JSON line for heap h (h < N). */
static void check_query(Ctx *x, const Rules *r, const Brute *B, long h, const char *line, Keys *K, const char *desc)
{
    const char *N = r->name;
    big sg = -1;
    const char *vsg = jfind(line, "sg"), *vo = jfind(line, "outcome");
    bool got = jbig(vsg, &sg);
    uint32_t want = B->G[h];
    char sgs[64];
    if (got) big_str(sg, sgs, sizeof sgs); else snprintf(sgs, sizeof sgs, "%.20s", vsg ? vsg : "(absent)");
    check(x, got && sg == (big)want, "query sg", "%s(%ld): expected %u, got %s [%s]", N, h, want, sgs, desc);
    char oc = vo && vo[0] == '"' ? vo[1] : '?';
    check(x, oc == (want ? 'N' : 'P'), "query outcome", "%s(%ld): expected %c, got %c [%s]", N, h, want ? 'N' : 'P', oc,
          desc);
    static char win[1100][256];
    int nw = jstrings(jfind(line, "winning"), win, 1100);
    check(x, nw >= 0 && nw <= 1100, "query winning list", "%s(%ld): unreadable: %.200s", N, h, line);
    if (nw < 0 || nw > 1100) return;
    bool truncated = jtrue(jfind(line, "winning_truncated"));
    zero_options(r, B, (int)h, K);
    uint64_t *listed = xmalloc((size_t)(nw + 1) * sizeof *listed);
    int nlisted = 0;
    for (int i = 0; i < nw; i++) {
        big hp[4];
        int np = parse_position(win[i], N, hp, 4);
        bool in_range = np >= 0 && np <= 2;
        for (int j = 0; in_range && j < np; j++) in_range = hp[j] >= 0 && hp[j] < h;
        check(x, in_range, "winning result", "%s(%ld): \"%s\" is not a position of at most two smaller heaps [%s]", N,
              h, win[i], desc);
        if (!in_range) continue;
        long a = np >= 1 ? (long)hp[0] : 0, b = np == 2 ? (long)hp[1] : 0;
        uint32_t v = (np >= 1 ? B->G[a] : 0) ^ (np == 2 ? B->G[b] : 0);
        check(x, v == 0, "winning result", "%s(%ld): \"%s\" has value %u, not 0 [%s]", N, h, win[i], v, desc);
        uint64_t key = canon_key(B, a, b);
        if (!K->overflow)
            check(x, bsearch(&key, K->k, K->n, sizeof *K->k, cmp_u64) != NULL, "winning result",
                  "%s(%ld): \"%s\" is not an option of value 0 [%s]", N, h, win[i], desc);
        listed[nlisted++] = key;
    }
    qsort(listed, (size_t)nlisted, sizeof *listed, cmp_u64);
    int dup = 0;
    for (int i = 1; i < nlisted; i++) dup += listed[i] == listed[i - 1];
    check(x, dup == 0, "winning list", "%s(%ld): %d results listed twice [%s]", N, h, dup, desc);
    if (!truncated)
        check(x, !K->overflow && (size_t)nw == K->n, "winning count",
              "%s(%ld): %d winning results listed (complete), brute force has %s%zu distinct options of value 0 [%s]",
              N, h, nw, K->overflow ? "more than " : "", K->n, desc);
    free(listed);
}

/* Is the JSON error line a resource limit? */
static bool limit_error(const char *line)
{
    return strstr(line, "took more than") || strstr(line, "limit") || strstr(line, "max-") || strstr(line, "budget") ||
           strstr(line, "memory");
}

static void run_queries(Ctx *x, const Rules *r, const Brute *B, const Period *P, uint64_t *rng, const char *desc)
{
    long N = B->N;
    long q[16];
    int nq = 0;
    for (int i = 0; i < 4; i++) q[nq++] = rnd(rng, 1, 199);
    long lo = P->checked + 1, hi;
    if (P->proven) hi = N - 1;
    else if (r->g) hi = P->checked + P->checked / 16; /* a search of these is cubic */
    else hi = 2 * P->checked;
    if (hi > N - 1) hi = N - 1;
    if (hi >= lo) {
        q[nq++] = hi;
        for (int i = 0; i < 7; i++) q[nq++] = lo + (long)(splitmix(rng) % (uint64_t)(hi - lo + 1));
    }
    qsort(q, (size_t)nq, sizeof *q, cmp_long);
    Buf text = {0};
    bprintf(&text, "%s", r->def.s ? r->def.s : "");
    for (int i = 0; i < nq; i++) bprintf(&text, "query %s(%ld);\n", r->name, q[i]);
    char *file = write_file(x, "q", text.s);
    int st;
    char *out = run_grundy(x, file, P->proven ? NULL : UNPROVEN_TIMEOUT, &st);
    unlink(file);
    free(file);
    char **lines;
    int nl = split_lines(out, &lines);
    Keys K = {xmalloc((size_t)KEYCAP * sizeof(uint64_t)), 0, false};
    int li = 0, answered = 0;
    const char *err = NULL;
    for (int i = 0; i < nq; i++) {
        while (li < nl && !strstr(lines[li], "\"kind\":\"query\"") && !strstr(lines[li], "\"kind\":\"error\"")) li++;
        if (li >= nl) break;
        if (strstr(lines[li], "\"kind\":\"error\"")) { err = lines[li]; break; }
        char want[64], pos[256] = "";
        /* a heap without moves is a terminal component: printed as 0 */
        if (B->moves[q[i]]) snprintf(want, sizeof want, "%s(%ld)", r->name, q[i]);
        else snprintf(want, sizeof want, "0");
        const char *vp = jfind(lines[li], "position");
        if (vp) jstr(vp, pos, sizeof pos);
        check(x, strcmp(pos, want) == 0, "query position", "expected %s, got \"%s\" [%s]", want, pos, desc);
        x->queries++;
        answered++;
        check_query(x, r, B, q[i], lines[li], &K, desc);
        li++;
    }
    char sb[64];
    if (answered < nq) {
        long first = q[answered];
        bool beyond = first > P->checked;
        bool is_limit = err && limit_error(err);
        if (!P->proven && beyond && is_limit) {
            x->refused += nq - answered;
            printf("  %s: %d of %d queries refused with a limit (not proven), from %s(%ld): %.200s\n", r->name,
                   nq - answered, nq, r->name, first, err);
        } else {
            check(x, false, "query refused", "%s(%ld)%s, %s: %d of %d queries unanswered (%s), error: %.300s [%s]",
                  r->name, first, P->proven ? " (period proven)" : "", beyond ? "beyond the table" : "within the table",
                  nq - answered, nq, status_text(st, sb, sizeof sb), err ? err : "(none)", desc);
        }
    } else {
        check(x, WIFEXITED(st) && WEXITSTATUS(st) == 0, "query run", "%s: %s [%s]", r->name,
              status_text(st, sb, sizeof sb), desc);
    }
    free(K.k);
    free(lines);
    free(out);
    free(text.s);
}

/* Winning Ways: SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4, SG(4k+4) = 4k+3. */
static big lasker_formula(big h)
{
    if (h == 0) return 0;
    switch ((int)(h % 4)) {
    case 3: return h + 1;
    case 0: return h - 1;
    default: return h;
    }
}

static int cmp_big2(const void *a, const void *b)
{
    const big *x = a, *y = b;
    for (int i = 0; i < 2; i++)
        if (x[i] != y[i]) return x[i] < y[i] ? -1 : 1;
    return 0;
}

static void huge_queries(Ctx *x, const Rules *r, const char *desc)
{
    big ten12 = 1000000000000LL, ten30 = ten12 * ten12 * 1000000;
    big q[8];
    for (int i = 0; i < 4; i++) { q[i] = ten12 + i; q[4 + i] = ten30 + i; }
    Buf text = {0};
    bprintf(&text, "%s", r->def.s ? r->def.s : "");
    for (int i = 0; i < 8; i++) {
        char hs[64];
        big_str(q[i], hs, sizeof hs);
        bprintf(&text, "query %s(%s);\n", r->name, hs);
    }
    char *file = write_file(x, "h", text.s);
    int st;
    char *out = run_grundy(x, file, "30", &st);
    unlink(file);
    free(file);
    char **lines, sb[64];
    int nl = split_lines(out, &lines);
    int li = 0, i = 0;
    for (; i < 8; i++) {
        while (li < nl && !strstr(lines[li], "\"kind\":\"query\"") && !strstr(lines[li], "\"kind\":\"error\"")) li++;
        if (li >= nl || strstr(lines[li], "\"kind\":\"error\"")) break;
        const char *line = lines[li++];
        x->queries++;
        char hs[64], gs[64] = "?", ws[64];
        big_str(q[i], hs, sizeof hs);
        big want = lasker_formula(q[i]), sg;
        big_str(want, ws, sizeof ws);
        bool got = jbig(jfind(line, "sg"), &sg);
        if (got) big_str(sg, gs, sizeof gs);
        check(x, got && sg == want, "huge query sg", "%s(%s): formula %s, got %s [%s]", r->name, hs, ws, gs, desc);
        const char *vo = jfind(line, "outcome");
        check(x, vo && strncmp(vo, "\"N\"", 3) == 0, "huge query outcome", "%s(%s): expected N [%s]", r->name, hs, desc);
        static char win[1100][256];
        int nw = jstrings(jfind(line, "winning"), win, 1100);
        check(x, nw >= 0 && nw <= 1100, "huge query winning", "%s(%s): unreadable: %.200s", r->name, hs, line);
        if (nw < 0 || nw > 1100) continue;
        /* the value-0 options: nothing left, and for an even heap two equal halves (the values of
           positive heaps are distinct, so no other pair and no single heap has value 0) */
        big expect[2][2] = {{0, 0}, {q[i] / 2, q[i] / 2}};
        int nexp = q[i] % 2 == 0 ? 2 : 1;
        big got2[1100][2];
        int ng = 0;
        for (int j = 0; j < nw; j++) {
            big hp[4];
            int np = parse_position(win[j], r->name, hp, 4);
            bool ok = np >= 0 && np <= 2;
            if (ok) {
                big k[2] = {np >= 1 ? hp[0] : 0, np == 2 ? hp[1] : 0};
                if (np == 1) { k[1] = k[0]; k[0] = 0; }
                if (k[0] > k[1]) { big t = k[0]; k[0] = k[1]; k[1] = t; }
                ok = false;
                for (int e = 0; e < nexp; e++) ok |= k[0] == expect[e][0] && k[1] == expect[e][1];
                got2[ng][0] = k[0];
                got2[ng][1] = k[1];
                ng++;
            }
            check(x, ok, "huge query winning", "%s(%s): \"%s\" is not a move to value 0 [%s]", r->name, hs, win[j], desc);
        }
        qsort(got2, (size_t)ng, sizeof got2[0], cmp_big2);
        int dup = 0;
        for (int j = 1; j < ng; j++) dup += cmp_big2(got2[j], got2[j - 1]) == 0;
        check(x, dup == 0, "huge query winning", "%s(%s): %d results listed twice [%s]", r->name, hs, dup, desc);
        if (!jtrue(jfind(line, "winning_truncated")))
            check(x, nw == nexp, "huge query winning count", "%s(%s): %d listed, %d expected [%s]", r->name, hs, nw,
                  nexp, desc);
    }
    if (i < 8) {
        const char *err = li < nl ? lines[li] : "(none)";
        check(x, false, "huge query refused", "%s: %d of 8 unanswered (%s), error: %.300s [%s]", r->name, 8 - i,
              status_text(st, sb, sizeof sb), err, desc);
    }
    free(lines);
    free(out);
    free(text.s);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void duel_one(Ctx *x, Rules *r, uint64_t *rng)
{
    double t0 = now();
    char desc[512];
    describe(r, desc, sizeof desc);
    if (r->stdlib) snprintf(desc + strlen(desc), sizeof desc - strlen(desc), " (stdlib Lasker)");
    Buf text = {0};
    bprintf(&text, "%s%s", r->def.s ? r->def.s : "", "");
    bprintf(&text, "period %s(n) for n;\n", r->name);
    char *file = write_file(x, "p", text.s);
    int st;
    char *out = run_grundy(x, file, NULL, &st);
    unlink(file);
    free(file);
    Period P = read_period(x, r, out, st);
    free(out);
    free(text.s);

    long base = P.checked > 4096 ? P.checked : 4096;
    long cap = has_splits(r) ? NF_SPLIT_CAP : NF_TAKE_CAP;
    long N = 4 * base < cap ? 4 * base : cap;
    Brute B;
    brute(r, (int)N, &B);
    char why[256];
    int nb = naive_check(r, &B, NAIVE_N, why, sizeof why);
    check(x, nb < 0, "brute force self-check", "%s: %s [%s]", r->name, why, desc);
    if (r->lasker) {
        long bad = -1;
        for (long n = 0; n < N && bad < 0; n++)
            if ((big)B.G[n] != lasker_formula(n)) bad = n;
        check(x, bad < 0, "brute force self-check", "Lasker's Nim brute force differs from Winning Ways at n = %ld", bad);
    }

    if (P.ok && P.proven) {
        x->proven++;
        long bad = first_bad(&B, P.e, P.p, P.s, N);
        check(x, bad < 0, "FALSE PROOF", "%s: claimed G(n + %ld) = G(n) + %ld for n >= %ld, but G(%ld) = %u, G(%ld) = %u "
              "(checked to %ld) [%s]\n%s", r->name, P.p, P.s, P.e, bad, bad >= 0 ? B.G[bad] : 0, bad + P.p,
              bad >= 0 ? B.G[bad + P.p] : 0, N, desc, r->def.s ? r->def.s : "(stdlib)");
    } else if (P.ok && P.has && P.checked <= N) {
        long bad = first_bad(&B, P.e, P.p, P.s, P.checked);
        check(x, bad < 0, "observed period", "%s: reported G(n + %ld) = G(n) + %ld for %ld <= n, n + p < %ld, but G(%ld) = %u,"
              " G(%ld) = %u [%s]", r->name, P.p, P.s, P.e, P.checked, bad, bad >= 0 ? B.G[bad] : 0, bad + P.p,
              bad >= 0 ? B.G[bad + P.p] : 0, desc);
    }
    if (r->lasker)
        check(x, P.ok && P.proven && P.e == 1 && P.p == 4 && P.s == 4, "Lasker proof",
              "%s: expected proven true, preperiod 1, period 4, saltus 4; got %s", r->name, P.raw);

    long refused0 = x->refused, queries0 = x->queries;
    if (P.ok) run_queries(x, r, &B, &P, rng, desc);
    if (r->lasker) {
        if (P.proven || r->stdlib) huge_queries(x, r, desc);
        else printf("  %s: huge queries skipped (period not proven)\n", r->name);
    }
    char ps[96];
    if (!P.ok) snprintf(ps, sizeof ps, "no period result");
    else if (!P.has) snprintf(ps, sizeof ps, "no period, checked %ld", P.checked);
    else snprintf(ps, sizeof ps, "e %ld, p %ld, s %ld, %s, checked %ld", P.e, P.p, P.s, P.proven ? "PROVEN" : "observed",
                  P.checked);
    printf("%-6s %s [%s]; NF %ld; %ld queries, %ld refused; %.1f s; %s\n", r->name, ps, P.strategy, N,
           x->queries - queries0, x->refused - refused0, now() - t0, desc);
    fflush(stdout);
    brute_free(&B);
}

static const char *env_or(const char *name, const char *def)
{
    const char *v = getenv(name);
    return v && *v ? v : def;
}

int main(void)
{
    Ctx x = {0};
    x.prog = env_or("GRUNDY", "./grundy");
    x.tmpdir = env_or("TMPDIR", "/tmp");
    if (access(x.prog, X_OK) != 0) {
        printf("duel_aperiod: %s not found, skipped\n", x.prog);
        return 77;
    }
    const char *sv = getenv("DUEL_APERIOD_SEED");
    uint64_t seed = sv && *sv ? strtoull(sv, NULL, 0) : DEFAULT_SEED;
    uint64_t gen = seed, qrng = seed ^ 0x5bd1e9955bd1e995ULL;

    int nr = NRANDOM + 2;
    Rules *rs = xcalloc((size_t)nr, sizeof *rs);
    make_lasker(&rs[0], false);
    make_lasker(&rs[1], true);
    for (int i = 2; i < nr; i++) make_random(&gen, i - 1, &rs[i]);
    for (int i = 0; i < nr; i++) {
        duel_one(&x, &rs[i], &qrng);
        free(rs[i].def.s);
    }
    free(rs);
    printf("duel_aperiod: %d rulesets, %ld proven, %ld queries (%ld refused), %ld checks, %ld failed", nr, x.proven,
           x.queries, x.refused, x.checks, x.failed);
    if (x.failed) printf(" (seed %#llx)", (unsigned long long)seed);
    printf("\n");
    return x.failed ? 1 : 0;
}
