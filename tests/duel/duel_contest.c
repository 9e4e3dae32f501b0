/* duel_contest.c: the contest examples against brute force written from the problems' statements.
 *
 * For nine contest problems (examples/<name>.game) this program generates
 * random inputs in the problem's exact input format from a fixed seed,
 * computes the expected output by exhaustive game-tree search written only
 * from the problem statements (memoised "a position is a win iff some move
 * reaches a losing position", a retrograde fixpoint for the cyclic graph
 * game, and Sprague-Grundy values obtained by mex over the real moves of a
 * single component only where the components are genuinely independent),
 * runs "$GRUNDY $SRCDIR/examples/<name>.game < input" and compares standard
 * output byte for byte (and the exit status with 0).  No closed-form
 * solution (XOR rule, Wythoff pairs, Lasker pattern, ...) is used.
 *
 * Environment: GRUNDY (default ./grundy), SRCDIR (default .),
 * DUEL_CONTEST_SEED (default a fixed constant), TMPDIR (default /tmp).
 * Prints one report per failure and the summary line
 * "duel_contest: N checks, F failed"; exits 0 iff nothing failed.
 */
#include "config.h"
#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEFAULT_SEED 0x5eed2024c0ffeeULL
#define RUNS 25            /* random inputs per problem */
#define CHILD_TIMEOUT 60   /* seconds before a hung example is killed */
#define SHOW_INPUT_MAX 600 /* longer inputs are shown truncated */

/* ------------------------------------------------------------------ */
/* Small utilities: allocation, growable strings, PRNG.               */
/* ------------------------------------------------------------------ */

/* Abort on allocation failure: a test driver has nothing better to do. */
static void *xcalloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) {
        fprintf(stderr, "duel_contest: out of memory\n");
        exit(2);
    }
    return p;
}

/* A growable NUL-terminated byte string. */
typedef struct {
    char *s;
    size_t len, cap;
} sbuf;

/* Make room for n more bytes plus the terminator. */
static void sb_reserve(sbuf *b, size_t n)
{
    if (b->len + n + 1 <= b->cap)
        return;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->len + n + 1)
        cap *= 2;
    char *s = realloc(b->s, cap);
    if (!s) {
        fprintf(stderr, "duel_contest: out of memory\n");
        exit(2);
    }
    b->s = s;
    b->cap = cap;
}

/* Append raw bytes. */
static void sb_add(sbuf *b, const char *p, size_t n)
{
    sb_reserve(b, n);
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* Append printf-formatted text. */
static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    sb_reserve(b, (size_t)n);
    va_start(ap, fmt);
    vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
    va_end(ap);
    b->len += (size_t)n;
}

/* Append "v0 v1 ... vn-1\n". */
static void sb_ints_line(sbuf *b, const int *v, int n)
{
    for (int i = 0; i < n; i++)
        sb_printf(b, i ? " %d" : "%d", v[i]);
    sb_add(b, "\n", 1);
}

/* Empty the string, keeping its storage. */
static void sb_clear(sbuf *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

/* Release the storage. */
static void sb_free(sbuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

/* splitmix64 generator state. */
typedef struct {
    uint64_t s;
} rng;

/* Next 64 random bits. */
static uint64_t rng_next(rng *r)
{
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* Uniform integer in [lo, hi]. */
static int rng_range(rng *r, int lo, int hi)
{
    return lo + (int)(rng_next(r) % (uint64_t)(hi - lo + 1));
}

/* Fill v[0..n) with values in [lo, hi]. */
static void rng_fill(rng *r, int *v, int n, int lo, int hi)
{
    for (int i = 0; i < n; i++)
        v[i] = rng_range(r, lo, hi);
}

/* Smallest non-negative integer not marked in seen[0..n). */
static int mex(const unsigned char *seen, int n)
{
    int m = 0;
    while (m < n && seen[m])
        m++;
    if (m >= n) {
        fprintf(stderr, "duel_contest: mex table too small\n");
        exit(2);
    }
    return m;
}

/* ------------------------------------------------------------------ */
/* Running an example and comparing its output.                        */
/* ------------------------------------------------------------------ */

/* Run configuration and counters. */
typedef struct {
    const char *grundy;
    const char *srcdir;
    const char *tmpdir;
    int checks;
    int failed;
} duel;

/* Write all of buf to fd; 0 on success. */
static int write_all(int fd, const char *buf, size_t n)
{
    while (n > 0) {
        ssize_t w = write(fd, buf, n);
        if (w < 0) {
            if (errno == EINTR)
                continue;
            return -1;
        }
        buf += w;
        n -= (size_t)w;
    }
    return 0;
}

/* Store input in a temporary file and return a read descriptor on it
 * (the file itself is already unlinked), or -1. */
static int input_fd(const duel *d, const char *input, size_t len)
{
    sbuf path = {0};
    sb_printf(&path, "%s/duel_contest_XXXXXX", d->tmpdir);
    int fd = mkstemp(path.s);
    if (fd < 0) {
        perror("duel_contest: mkstemp");
        sb_free(&path);
        return -1;
    }
    int ok = write_all(fd, input, len) == 0;
    close(fd);
    int rfd = ok ? open(path.s, O_RDONLY) : -1;
    unlink(path.s);
    sb_free(&path);
    return rfd;
}

/* Run the example <name> on input; collect stdout in out.  Returns the
 * wait status, or -1 if the process could not be started. */
static int run_example(const duel *d, const char *name, const sbuf *input,
                       sbuf *out)
{
    sbuf game = {0};
    sb_printf(&game, "%s/examples/%s.game", d->srcdir, name);
    int in = input_fd(d, input->s, input->len);
    int p[2];
    if (in < 0 || pipe(p) != 0) {
        if (in >= 0)
            close(in);
        sb_free(&game);
        return -1;
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(in, 0);
        dup2(p[1], 1);
        close(in);
        close(p[0]);
        close(p[1]);
        alarm(CHILD_TIMEOUT); /* survives exec: kills a hung example */
        execl(d->grundy, d->grundy, game.s, (char *)NULL);
        _exit(127);
    }
    close(in);
    close(p[1]);
    sb_free(&game);
    if (pid < 0) {
        close(p[0]);
        return -1;
    }
    char buf[4096];
    for (;;) {
        ssize_t n = read(p[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        sb_add(out, buf, (size_t)n);
    }
    close(p[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return status;
}

/* Print s, truncated to SHOW_INPUT_MAX bytes. */
static void show_text(const char *label, const sbuf *s)
{
    size_t n = s->len;
    printf("  %s (%zu bytes):\n", label, n);
    if (n > SHOW_INPUT_MAX)
        printf("%.*s... [truncated]\n", SHOW_INPUT_MAX, s->s ? s->s : "");
    else
        printf("%s%s", s->s ? s->s : "",
               n && s->s[n - 1] == '\n' ? "" : "[no final newline]\n");
}

/* Run one check: example output must equal expected, exit status 0. */
static void check(duel *d, const char *name, const sbuf *input,
                  const sbuf *expected)
{
    sbuf got = {0};
    int status = run_example(d, name, input, &got);
    int exit_ok = status >= 0 && WIFEXITED(status) && WEXITSTATUS(status) == 0;
    int same = got.len == expected->len &&
               (got.len == 0 || memcmp(got.s, expected->s, got.len) == 0);
    d->checks++;
    if (!exit_ok || !same) {
        d->failed++;
        printf("FAIL %s:", name);
        if (status < 0)
            printf(" could not run the example");
        else if (WIFEXITED(status))
            printf(" exit status %d", WEXITSTATUS(status));
        else if (WIFSIGNALED(status))
            printf(" killed by signal %d", WTERMSIG(status));
        printf("%s\n", same ? "" : ", output differs");
        show_text("input", input);
        show_text("expected", expected);
        show_text("got", &got);
    }
    sb_free(&got);
}

/* ------------------------------------------------------------------ */
/* Heap games searched as a whole (the sum state, no Sprague-Grundy). */
/* ------------------------------------------------------------------ */

#define MAXK 8

enum heap_rule {
    RULE_NIM,     /* take any positive number from one heap */
    RULE_FIB,     /* take a Fibonacci number from one heap */
    RULE_WYTHOFF  /* Nim moves, or the same number from both heaps */
};

/* A memoised search over vectors of heap sizes bounded by the start. */
typedef struct {
    enum heap_rule rule;
    int misere; /* the player who makes the last move loses */
    int k;
    long stride[MAXK];
    signed char *memo; /* 0 unknown, 1 win, 2 loss (for the mover) */
} heapgame;

/* Is t in 1, 2, 3, 5, 8, 13, ...? */
static int is_fib(int t)
{
    int a = 1, b = 2;
    while (a < t) {
        int c = a + b;
        a = b;
        b = c;
    }
    return a == t;
}

/* May t objects be taken from one heap under this rule? */
static int amount_ok(enum heap_rule rule, int t)
{
    return rule != RULE_FIB || is_fib(t);
}

/* Prepare a search whose states are all vectors below h[0..k). */
static void hg_init(heapgame *g, enum heap_rule rule, int misere,
                   const int *h, int k)
{
    long size = 1;
    g->rule = rule;
    g->misere = misere;
    g->k = k;
    for (int i = 0; i < k; i++) {
        g->stride[i] = size;
        size *= h[i] + 1;
    }
    g->memo = xcalloc((size_t)size, 1);
}

/* Release the memo table. */
static void hg_free(heapgame *g)
{
    free(g->memo);
    g->memo = NULL;
}

/* Does the player to move at h win?  h is restored before returning. */
static int hg_win(heapgame *g, int *h)
{
    long idx = 0;
    for (int i = 0; i < g->k; i++)
        idx += h[i] * g->stride[i];
    if (g->memo[idx])
        return g->memo[idx] == 1;
    int moved = 0, win = 0;
    for (int i = 0; i < g->k && !win; i++)
        for (int t = 1; t <= h[i] && !win; t++) {
            if (!amount_ok(g->rule, t))
                continue;
            moved = 1;
            h[i] -= t;
            win = !hg_win(g, h);
            h[i] += t;
        }
    if (g->rule == RULE_WYTHOFF)
        for (int t = 1; t <= h[0] && t <= h[1] && !win; t++) {
            moved = 1;
            h[0] -= t;
            h[1] -= t;
            win = !hg_win(g, h);
            h[0] += t;
            h[1] += t;
        }
    if (!moved)
        win = g->misere; /* the opponent made the last move */
    g->memo[idx] = win ? 1 : 2;
    return win;
}

/* Does the first player win the heap game starting at h[0..k)? */
static int heaps_first_wins(enum heap_rule rule, int misere, const int *h,
                            int k)
{
    heapgame g;
    int v[MAXK];
    memcpy(v, h, (size_t)k * sizeof *v);
    hg_init(&g, rule, misere, v, k);
    int win = hg_win(&g, v);
    hg_free(&g);
    return win;
}

/* Pick at random, by search, a last heap in [lo, hi] that makes h a lost
 * position for the first player; leave h alone if there is none. */
static void bias_to_loss(rng *r, enum heap_rule rule, int misere, int *h,
                         int k, int lo, int hi)
{
    int cand[128], n = 0;
    for (int v = lo; v <= hi && n < 128; v++) {
        h[k - 1] = v;
        if (!heaps_first_wins(rule, misere, h, k))
            cand[n++] = v;
    }
    h[k - 1] = n ? cand[rng_range(r, 0, n - 1)] : rng_range(r, lo, hi);
}

/* ------------------------------------------------------------------ */
/* 1. luogu-p1247-matches                                              */
/* ------------------------------------------------------------------ */

/* Expected answer: the first winning move (smallest heap, then amount). */
static void p1247_expect(const int *h0, int k, sbuf *out)
{
    heapgame g;
    int h[MAXK];
    memcpy(h, h0, (size_t)k * sizeof *h);
    hg_init(&g, RULE_NIM, 0, h, k);
    for (int b = 0; b < k; b++)
        for (int a = 1; a <= h[b]; a++) {
            h[b] -= a;
            int lost = !hg_win(&g, h);
            if (lost) {
                sb_printf(out, "%d %d\n", a, b + 1);
                sb_ints_line(out, h, k);
                hg_free(&g);
                return;
            }
            h[b] += a;
        }
    sb_printf(out, "lose\n");
    hg_free(&g);
}

/* Emit one input and check it. */
static void p1247_case(duel *d, const int *h, int k)
{
    sbuf in = {0}, exp = {0};
    sb_printf(&in, "%d\n", k);
    sb_ints_line(&in, h, k);
    p1247_expect(h, k, &exp);
    check(d, "luogu-p1247-matches", &in, &exp);
    sb_free(&in);
    sb_free(&exp);
}

/* Edge cases plus random inputs (k <= 5, heaps 1..7). */
static void duel_p1247(duel *d, rng *r)
{
    static const int e1[] = {5}, e2[] = {3, 3}, e3[] = {1, 2, 3},
                     e4[] = {1}, e5[] = {7, 7, 7, 7, 7};
    p1247_case(d, e1, 1);
    p1247_case(d, e2, 2);
    p1247_case(d, e3, 3);
    p1247_case(d, e4, 1);
    p1247_case(d, e5, 5);
    for (int run = 0; run < RUNS; run++) {
        int h[MAXK], k = rng_range(r, 1, 5);
        rng_fill(r, h, k, 1, 7);
        if (run % 3 == 0) /* bias towards lost positions */
            bias_to_loss(r, RULE_NIM, 0, h, k, 1, 7);
        p1247_case(d, h, k);
    }
}

/* ------------------------------------------------------------------ */
/* 2. hdu-1848-fibonacci                                               */
/* ------------------------------------------------------------------ */

#define FIB_SMALL 30  /* lines with all heaps <= this: whole-sum search */
#define FIB_BIG 1000  /* other lines: per-heap Grundy values by mex */

/* Grundy values of one heap under Fibonacci subtraction, by mex. */
static void fib_sg_table(int *sg, int max)
{
    for (int n = 0; n <= max; n++) {
        unsigned char seen[64] = {0};
        for (int t = 1; t <= n; t++)
            if (is_fib(t))
                seen[sg[n - t]] = 1;
        sg[n] = mex(seen, 64);
    }
}

/* Does the first player win the line m n p? */
static int fib_first_wins(const int *h, const int *sg)
{
    if (h[0] <= FIB_SMALL && h[1] <= FIB_SMALL && h[2] <= FIB_SMALL)
        return heaps_first_wins(RULE_FIB, 0, h, 3);
    return (sg[h[0]] ^ sg[h[1]] ^ sg[h[2]]) != 0;
}

/* Append a line to the input and its answer to the expectation. */
static void fib_line(sbuf *in, sbuf *exp, const int *h, const int *sg)
{
    sb_ints_line(in, h, 3);
    sb_printf(exp, "%s\n", fib_first_wins(h, sg) ? "Fibo" : "Nacci");
}

/* Edge lines plus random multi-line inputs. */
static void duel_fib(duel *d, rng *r)
{
    int *sg = xcalloc(FIB_BIG + 1, sizeof *sg);
    fib_sg_table(sg, FIB_BIG);
    sbuf in = {0}, exp = {0};
    static const int edge[][3] = {{1, 1, 1}, {1, 4, 1}, {1, 1, 2},
                                  {4, 4, 4}, {2, 3, 1}, {1000, 1000, 1000}};
    for (size_t i = 0; i < sizeof edge / sizeof edge[0]; i++)
        fib_line(&in, &exp, edge[i], sg);
    sb_printf(&in, "0 0 0\n");
    check(d, "hdu-1848-fibonacci", &in, &exp);
    for (int run = 0; run < RUNS; run++) {
        sb_clear(&in);
        sb_clear(&exp);
        int lines = rng_range(r, 1, 6);
        for (int l = 0; l < lines; l++) {
            int h[3];
            int hi = (run % 5 == 4 && l == 0) ? FIB_BIG : FIB_SMALL;
            rng_fill(r, h, 3, 1, hi);
            if (l % 2 == 1 && hi == FIB_SMALL) /* bias towards losses */
                bias_to_loss(r, RULE_FIB, 0, h, 3, 1, FIB_SMALL);
            fib_line(&in, &exp, h, sg);
        }
        sb_printf(&in, "0 0 0\n");
        check(d, "hdu-1848-fibonacci", &in, &exp);
    }
    sb_free(&in);
    sb_free(&exp);
    free(sg);
}

/* ------------------------------------------------------------------ */
/* 3. hdu-3032-lasker                                                  */
/* ------------------------------------------------------------------ */

#define LASKER_MAX 60

/* Grundy values of one heap: take any amount, or split in two (mex). */
static void lasker_sg_table(int *sg, int max)
{
    for (int n = 0; n <= max; n++) {
        unsigned char seen[256] = {0};
        for (int j = 0; j < n; j++)
            seen[sg[j]] = 1;
        for (int a = 1; a < n; a++)
            seen[sg[a] ^ sg[n - a]] = 1;
        sg[n] = mex(seen, 256);
    }
}

/* Replace the last heap by one in [1, hi] that makes the case lost, if
 * one exists (chosen by the Grundy values computed above). */
static void lasker_bias(rng *r, int *h, int n, int hi, const int *sg)
{
    int x = 0, cand[LASKER_MAX], nc = 0;
    for (int i = 0; i < n - 1; i++)
        x ^= sg[h[i]];
    for (int v = 1; v <= hi; v++)
        if (sg[v] == x)
            cand[nc++] = v;
    if (nc)
        h[n - 1] = cand[rng_range(r, 0, nc - 1)];
}

/* Append one case (N and heaps) and its answer. */
static void lasker_case(sbuf *in, sbuf *exp, const int *h, int n,
                        const int *sg)
{
    int x = 0;
    sb_printf(in, "%d\n", n);
    sb_ints_line(in, h, n);
    for (int i = 0; i < n; i++)
        x ^= sg[h[i]];
    sb_printf(exp, "%s\n", x ? "Alice" : "Bob");
}

/* Edge inputs plus random multi-case inputs. */
static void duel_lasker(duel *d, rng *r)
{
    int sg[LASKER_MAX + 1];
    lasker_sg_table(sg, LASKER_MAX);
    sbuf in = {0}, exp = {0};
    static const int e1[] = {2, 2, 3}, e2[] = {3, 3}, e3[] = {1},
                     e4[] = {4}, e5[] = {1, 1}, e6[] = {3, 4};
    sb_printf(&in, "6\n");
    lasker_case(&in, &exp, e1, 3, sg);
    lasker_case(&in, &exp, e2, 2, sg);
    lasker_case(&in, &exp, e3, 1, sg);
    lasker_case(&in, &exp, e4, 1, sg);
    lasker_case(&in, &exp, e5, 2, sg);
    lasker_case(&in, &exp, e6, 2, sg);
    check(d, "hdu-3032-lasker", &in, &exp);
    for (int run = 0; run < RUNS; run++) {
        sb_clear(&in);
        sb_clear(&exp);
        int t = rng_range(r, 1, 5);
        sb_printf(&in, "%d\n", t);
        for (int c = 0; c < t; c++) {
            int h[MAXK], n = rng_range(r, 1, 6);
            int hi = c % 2 ? LASKER_MAX : 12;
            rng_fill(r, h, n, 1, hi);
            if (c % 2 == 0)
                lasker_bias(r, h, n, hi, sg);
            lasker_case(&in, &exp, h, n, sg);
        }
        check(d, "hdu-3032-lasker", &in, &exp);
    }
    sb_free(&in);
    sb_free(&exp);
}

/* ------------------------------------------------------------------ */
/* 4. luogu-p2252-wythoff                                              */
/* ------------------------------------------------------------------ */

/* One input "a b" and its answer by whole-game search. */
static void wythoff_case(duel *d, int a, int b)
{
    sbuf in = {0}, exp = {0};
    int h[2] = {a, b};
    sb_printf(&in, "%d %d\n", a, b);
    sb_printf(&exp, "%d\n", heaps_first_wins(RULE_WYTHOFF, 0, h, 2));
    check(d, "luogu-p2252-wythoff", &in, &exp);
    sb_free(&in);
    sb_free(&exp);
}

#define WYTHOFF_MAX 100

/* Random b in [0, WYTHOFF_MAX] with (a, b) lost, found by search. */
static int wythoff_losing_partner(rng *r, int a)
{
    heapgame g;
    int top[2] = {a, WYTHOFF_MAX}, cand[WYTHOFF_MAX + 1], n = 0;
    hg_init(&g, RULE_WYTHOFF, 0, top, 2);
    for (int b = 0; b <= WYTHOFF_MAX; b++) {
        int h[2] = {a, b};
        if (!hg_win(&g, h))
            cand[n++] = b;
    }
    hg_free(&g);
    return n ? cand[rng_range(r, 0, n - 1)] : rng_range(r, 0, WYTHOFF_MAX);
}

/* Edge inputs plus random inputs up to WYTHOFF_MAX. */
static void duel_wythoff(duel *d, rng *r)
{
    wythoff_case(d, 0, 0);
    wythoff_case(d, 0, 7);
    wythoff_case(d, 1, 2);
    wythoff_case(d, 5, 3);
    wythoff_case(d, 8, 4);
    wythoff_case(d, 6, 6);
    for (int run = 0; run < RUNS; run++) {
        int a = rng_range(r, 0, WYTHOFF_MAX);
        int b = run % 3 == 0 ? wythoff_losing_partner(r, a)
                             : rng_range(r, 0, WYTHOFF_MAX);
        wythoff_case(d, a, b);
    }
}

/* ------------------------------------------------------------------ */
/* 5. luogu-p6560-flow                                                 */
/* ------------------------------------------------------------------ */

#define FLOW_MAXN 10
#define FLOW_MAXM 24
#define FLOW_MAXQ 8

/* A directed multigraph with queries. */
typedef struct {
    int n, m, q;
    int u[FLOW_MAXM], v[FLOW_MAXM];
    int qx[FLOW_MAXQ], qy[FLOW_MAXQ];
} flowgraph;

enum { UNKNOWN = 0, WIN = 1, LOSS = 2 };

/* Value for the mover with the token on x: reaching y wins at once.
 * Retrograde fixpoint; states never decided are draws. */
static int flow_value(const flowgraph *g, int x, int y)
{
    int val[FLOW_MAXN + 1] = {0};
    val[y] = LOSS; /* the opponent just moved onto y */
    for (int changed = 1; changed;) {
        changed = 0;
        for (int w = 1; w <= g->n; w++) {
            if (val[w] != UNKNOWN)
                continue;
            int any_loss = 0, all_win = 1;
            for (int e = 0; e < g->m; e++) {
                if (g->u[e] != w)
                    continue;
                if (val[g->v[e]] == LOSS)
                    any_loss = 1;
                if (val[g->v[e]] != WIN)
                    all_win = 0;
            }
            if (any_loss || all_win) { /* no arc at all: all_win, a loss */
                val[w] = any_loss ? WIN : LOSS;
                changed = 1;
            }
        }
    }
    return val[x] == WIN ? 1 : val[x] == LOSS ? -1 : 0;
}

/* Random graph: some isolated vertices, self-loops, repeated arcs. */
static void flow_random(rng *r, flowgraph *g)
{
    g->n = rng_range(r, 2, FLOW_MAXN);
    int used = g->n - (rng_range(r, 0, 2) == 0 ? rng_range(r, 0, 2) : 0);
    if (used < 2)
        used = 2;
    g->m = rng_range(r, 0, 2 * used);
    for (int e = 0; e < g->m; e++) {
        int kind = rng_range(r, 0, 9);
        if (kind == 0 && e > 0) { /* repeat an earlier arc */
            int o = rng_range(r, 0, e - 1);
            g->u[e] = g->u[o];
            g->v[e] = g->v[o];
        } else {
            g->u[e] = rng_range(r, 1, used);
            g->v[e] = kind == 1 ? g->u[e] : rng_range(r, 1, used);
        }
    }
    g->q = rng_range(r, 1, FLOW_MAXQ);
    for (int i = 0; i < g->q; i++) {
        g->qx[i] = rng_range(r, 1, g->n);
        do
            g->qy[i] = rng_range(r, 1, g->n);
        while (g->qy[i] == g->qx[i]);
    }
}

/* Emit the input of g, compute its answers, and check. */
static void flow_check(duel *d, const flowgraph *g)
{
    sbuf in = {0}, exp = {0};
    sb_printf(&in, "%d %d %d\n", g->n, g->m, g->q);
    for (int e = 0; e < g->m; e++)
        sb_printf(&in, "%d %d\n", g->u[e], g->v[e]);
    for (int i = 0; i < g->q; i++) {
        sb_printf(&in, "%d %d\n", g->qx[i], g->qy[i]);
        sb_printf(&exp, "%d\n", flow_value(g, g->qx[i], g->qy[i]));
    }
    check(d, "luogu-p6560-flow", &in, &exp);
    sb_free(&in);
    sb_free(&exp);
}

/* Hand-made graphs plus random ones. */
static void duel_flow(duel *d, rng *r)
{
    /* 1->2 direct, 3 a dead end, 4<->5 a 2-cycle, 6 a self-loop,
     * 7 isolated; queries cover win, loss and draw. */
    flowgraph g = {7, 6, 7,
                   {1, 1, 4, 5, 6, 2},
                   {2, 3, 5, 4, 6, 3},
                   {1, 7, 4, 6, 2, 3, 5},
                   {2, 1, 1, 1, 3, 1, 7}};
    flow_check(d, &g);
    for (int run = 0; run < RUNS; run++) {
        flow_random(r, &g);
        flow_check(d, &g);
    }
}

/* ------------------------------------------------------------------ */
/* 6. poj-3710-christmas                                               */
/* ------------------------------------------------------------------ */

#define XMAS_MAXE 15   /* edges in a whole case: 2^15 states at most */
#define XMAS_MAXV 64
#define XMAS_MAXTREES 4

/* All trees of one case merged into one graph with several roots. */
typedef struct {
    int ntrees;
    int nv[XMAS_MAXTREES], ne[XMAS_MAXTREES]; /* per tree, for printing */
    int nvert, nedge;                         /* merged graph */
    int root[XMAS_MAXTREES];
    int a[XMAS_MAXE], b[XMAS_MAXE]; /* merged vertex ids, 0-based */
    int local_a[XMAS_MAXE], local_b[XMAS_MAXE]; /* 1-based within tree */
} xmas;

/* Edges of mask still connected to a root of their own tree. */
static uint32_t xmas_prune(const xmas *x, uint32_t mask)
{
    unsigned char seen[XMAS_MAXV] = {0};
    for (int t = 0; t < x->ntrees; t++)
        seen[x->root[t]] = 1;
    for (int changed = 1; changed;) {
        changed = 0;
        for (int e = 0; e < x->nedge; e++)
            if ((mask >> e & 1) && seen[x->a[e]] != seen[x->b[e]]) {
                seen[x->a[e]] = seen[x->b[e]] = 1;
                changed = 1;
            }
    }
    uint32_t keep = 0;
    for (int e = 0; e < x->nedge; e++)
        if ((mask >> e & 1) && seen[x->a[e]])
            keep |= 1u << e;
    return keep;
}

/* Does the mover win with the edge set mask (already pruned)? */
static int xmas_win(const xmas *x, signed char *memo, uint32_t mask)
{
    if (memo[mask])
        return memo[mask] == 1;
    int win = 0;
    for (int e = 0; e < x->nedge && !win; e++)
        if (mask >> e & 1)
            win = !xmas_win(x, memo, xmas_prune(x, mask & ~(1u << e)));
    memo[mask] = win ? 1 : 2;
    return win;
}

/* Does Sally (first) win the whole case? */
static int xmas_first_wins(const xmas *x)
{
    signed char *memo = xcalloc((size_t)1 << x->nedge, 1);
    int win = xmas_win(x, memo, ((uint32_t)1 << x->nedge) - 1);
    free(memo);
    return win;
}

/* Add a tree with about `budget` edges: pendant edges and cycles of
 * length 3..6 hanging at one vertex (cycle interiors take nothing). */
static void xmas_add_tree(rng *r, xmas *x, int budget)
{
    int anchor[XMAS_MAXV], nanchor = 1, nv = 1, ne = 0;
    int ea[XMAS_MAXE], eb[XMAS_MAXE];
    anchor[0] = 1;
    while (ne < budget) {
        int v = anchor[rng_range(r, 0, nanchor - 1)];
        int room = budget - ne;
        if (room >= 3 && rng_range(r, 0, 2) == 0) {
            int len = rng_range(r, 3, room < 6 ? room : 6), prev = v;
            for (int i = 1; i < len; i++) {
                ea[ne] = prev;
                eb[ne++] = ++nv;
                prev = nv;
            }
            ea[ne] = prev;
            eb[ne++] = v;
        } else {
            ea[ne] = v;
            eb[ne++] = ++nv;
            anchor[nanchor++] = nv;
        }
    }
    /* relabel 2..nv randomly (root stays 1), shuffle, flip edges */
    int label[XMAS_MAXV];
    for (int i = 1; i <= nv; i++)
        label[i] = i;
    for (int i = nv; i > 2; i--) {
        int j = rng_range(r, 2, i), t = label[i];
        label[i] = label[j];
        label[j] = t;
    }
    for (int i = ne - 1; i > 0; i--) {
        int j = rng_range(r, 0, i), ta = ea[i], tb = eb[i];
        ea[i] = ea[j], eb[i] = eb[j];
        ea[j] = ta, eb[j] = tb;
    }
    int t = x->ntrees++, base = x->nvert;
    x->nv[t] = nv;
    x->ne[t] = ne;
    x->root[t] = base;
    for (int i = 0; i < ne; i++) {
        int la = label[ea[i]], lb = label[eb[i]];
        if (rng_range(r, 0, 1)) {
            int s = la;
            la = lb;
            lb = s;
        }
        x->local_a[x->nedge] = la;
        x->local_b[x->nedge] = lb;
        x->a[x->nedge] = base + la - 1;
        x->b[x->nedge++] = base + lb - 1;
    }
    x->nvert += nv;
}

/* Append one case's text and answer. */
static void xmas_emit(const xmas *x, sbuf *in, sbuf *exp)
{
    int e = 0;
    sb_printf(in, "%d\n", x->ntrees);
    for (int t = 0; t < x->ntrees; t++) {
        sb_printf(in, "%d %d\n", x->nv[t], x->ne[t]);
        for (int i = 0; i < x->ne[t]; i++, e++)
            sb_printf(in, "%d %d\n", x->local_a[e], x->local_b[e]);
    }
    sb_printf(exp, "%s\n", xmas_first_wins(x) ? "Sally" : "Harry");
}

/* Build a random case with at most XMAS_MAXE edges in total. */
static void xmas_random(rng *r, xmas *x)
{
    memset(x, 0, sizeof *x);
    int trees = rng_range(r, 1, XMAS_MAXTREES);
    int left = rng_range(r, trees, XMAS_MAXE);
    for (int t = 0; t < trees; t++) {
        int share = left - (trees - t - 1);  /* leave >= 1 per tree */
        int budget = t == trees - 1 ? share : rng_range(r, 1, share);
        xmas_add_tree(r, x, budget);
        left -= budget;
    }
}

/* Build a case from fixed edge lists (edge cases). */
static void xmas_fixed(xmas *x, int ntrees, const int *spec)
{
    /* spec: per tree m k then k pairs */
    memset(x, 0, sizeof *x);
    for (int t = 0; t < ntrees; t++) {
        int m = *spec++, k = *spec++, base = x->nvert;
        x->nv[t] = m;
        x->ne[t] = k;
        x->root[t] = base;
        for (int i = 0; i < k; i++) {
            x->local_a[x->nedge] = spec[0];
            x->local_b[x->nedge] = spec[1];
            x->a[x->nedge] = base + spec[0] - 1;
            x->b[x->nedge++] = base + spec[1] - 1;
            spec += 2;
        }
        x->nvert += m;
    }
    x->ntrees = ntrees;
}

/* Edge cases plus random multi-case inputs. */
static void duel_xmas(duel *d, rng *r)
{
    static const int single[] = {2, 1, 1, 2};
    static const int two[] = {2, 1, 1, 2, 2, 1, 2, 1};
    static const int tri[] = {3, 3, 1, 2, 2, 3, 3, 1};
    static const int square[] = {4, 4, 1, 2, 2, 3, 3, 4, 4, 1};
    static const int sample[] = {2, 1, 1, 2, 4, 4, 1, 2, 2, 3, 2, 4, 3, 4};
    xmas x;
    sbuf in = {0}, exp = {0};
    xmas_fixed(&x, 1, single);
    xmas_emit(&x, &in, &exp);
    xmas_fixed(&x, 2, two);
    xmas_emit(&x, &in, &exp);
    xmas_fixed(&x, 1, tri);
    xmas_emit(&x, &in, &exp);
    xmas_fixed(&x, 1, square);
    xmas_emit(&x, &in, &exp);
    xmas_fixed(&x, 2, sample);
    xmas_emit(&x, &in, &exp);
    check(d, "poj-3710-christmas", &in, &exp);
    for (int run = 0; run < RUNS; run++) {
        sb_clear(&in);
        sb_clear(&exp);
        int cases = rng_range(r, 1, 3);
        for (int c = 0; c < cases; c++) {
            xmas_random(r, &x);
            xmas_emit(&x, &in, &exp);
        }
        check(d, "poj-3710-christmas", &in, &exp);
    }
    sb_free(&in);
    sb_free(&exp);
}

/* ------------------------------------------------------------------ */
/* 7. luogu-p2197-nim and 8. luogu-p4279-antinim                       */
/* ------------------------------------------------------------------ */

/* Append one "n / heaps" case and its answer by whole-sum search. */
static void nim_case(sbuf *in, sbuf *exp, const int *h, int n, int misere,
                     const char *yes, const char *no)
{
    sb_printf(in, "%d\n", n);
    sb_ints_line(in, h, n);
    sb_printf(exp, "%s\n",
              heaps_first_wins(RULE_NIM, misere, h, n) ? yes : no);
}

/* Shared driver for normal (P2197) and misere (P4279) Nim. */
static void duel_nim_family(duel *d, rng *r, const char *name, int misere,
                            const char *yes, const char *no)
{
    int lo = misere ? 1 : 0; /* P4279 heaps are >= 1 */
    sbuf in = {0}, exp = {0};
    static const int e1[] = {1}, e2[] = {1, 1}, e3[] = {1, 1, 1},
                     e4[] = {0}, e5[] = {1, 0}, e6[] = {3, 5, 1},
                     e7[] = {2, 2}, e8[] = {5};
    const int *edges[] = {e1, e2, e3, e4, e5, e6, e7, e8};
    const int sizes[] = {1, 2, 3, 1, 2, 3, 2, 1};
    int ne = 0;
    for (int i = 0; i < 8; i++) {
        int ok = 1;
        for (int j = 0; j < sizes[i]; j++)
            ok &= edges[i][j] >= lo;
        ne += ok;
    }
    sb_printf(&in, "%d\n", ne);
    for (int i = 0; i < 8; i++) {
        int ok = 1;
        for (int j = 0; j < sizes[i]; j++)
            ok &= edges[i][j] >= lo;
        if (ok)
            nim_case(&in, &exp, edges[i], sizes[i], misere, yes, no);
    }
    check(d, name, &in, &exp);
    for (int run = 0; run < RUNS; run++) {
        sb_clear(&in);
        sb_clear(&exp);
        int t = rng_range(r, 1, 5);
        sb_printf(&in, "%d\n", t);
        for (int c = 0; c < t; c++) {
            int h[MAXK], n = rng_range(r, 1, 6);
            /* heaps of 1 and 2 matter most for the misere rule */
            rng_fill(r, h, n, lo, c % 2 ? 2 : 6);
            if (rng_range(r, 0, 2) == 0)
                bias_to_loss(r, RULE_NIM, misere, h, n, lo, 6);
            nim_case(&in, &exp, h, n, misere, yes, no);
        }
        check(d, name, &in, &exp);
    }
    sb_free(&in);
    sb_free(&exp);
}

/* ------------------------------------------------------------------ */
/* 9. luogu-p2148-ed                                                   */
/* ------------------------------------------------------------------ */

#define ED_MAX 40

/* Grundy value of one pair (a, b) by mex over its moves: keep one heap's
 * total and split it into the new pair.  sg is (ED_MAX+1)^2, -1 unknown. */
static int ed_sg(int *sg, int a, int b)
{
    int *slot = &sg[a * (ED_MAX + 1) + b];
    if (*slot >= 0)
        return *slot;
    unsigned char seen[128] = {0};
    for (int c = 1; c < b; c++)
        seen[ed_sg(sg, c, b - c)] = 1;
    for (int c = 1; c < a; c++)
        seen[ed_sg(sg, c, a - c)] = 1;
    return *slot = mex(seen, 128);
}

/* Replace the last pair by one within [1, hi] that makes the case lost,
 * if one exists (chosen by the pair Grundy values). */
static void ed_bias(rng *r, int *h, int n, int hi, int *sg)
{
    int x = 0, cand[ED_MAX * ED_MAX], nc = 0;
    for (int i = 0; i + 2 < n; i += 2)
        x ^= ed_sg(sg, h[i], h[i + 1]);
    for (int a = 1; a <= hi; a++)
        for (int b = 1; b <= hi; b++)
            if (ed_sg(sg, a, b) == x)
                cand[nc++] = a * (ED_MAX + 1) + b;
    if (nc) {
        int c = cand[rng_range(r, 0, nc - 1)];
        h[n - 2] = c / (ED_MAX + 1);
        h[n - 1] = c % (ED_MAX + 1);
    }
}

/* Append one case and its answer (pairs are independent components). */
static void ed_case(sbuf *in, sbuf *exp, const int *h, int n, int *sg)
{
    int x = 0;
    sb_printf(in, "%d\n", n);
    sb_ints_line(in, h, n);
    for (int i = 0; i < n; i += 2)
        x ^= ed_sg(sg, h[i], h[i + 1]);
    sb_printf(exp, "%s\n", x ? "YES" : "NO");
}

/* Edge cases plus random multi-case inputs. */
static void duel_ed(duel *d, rng *r)
{
    int *sg = xcalloc((ED_MAX + 1) * (ED_MAX + 1), sizeof *sg);
    for (int i = 0; i < (ED_MAX + 1) * (ED_MAX + 1); i++)
        sg[i] = -1;
    sbuf in = {0}, exp = {0};
    static const int e1[] = {1, 2, 3, 1}, e2[] = {1, 1, 1, 1, 1, 1},
                     e3[] = {1, 1}, e4[] = {1, 2}, e5[] = {2, 2},
                     e6[] = {40, 40};
    sb_printf(&in, "6\n");
    ed_case(&in, &exp, e1, 4, sg);
    ed_case(&in, &exp, e2, 6, sg);
    ed_case(&in, &exp, e3, 2, sg);
    ed_case(&in, &exp, e4, 2, sg);
    ed_case(&in, &exp, e5, 2, sg);
    ed_case(&in, &exp, e6, 2, sg);
    check(d, "luogu-p2148-ed", &in, &exp);
    for (int run = 0; run < RUNS; run++) {
        sb_clear(&in);
        sb_clear(&exp);
        int t = rng_range(r, 1, 5);
        sb_printf(&in, "%d\n", t);
        for (int c = 0; c < t; c++) {
            int h[MAXK], n = 2 * rng_range(r, 1, 4);
            int hi = c % 2 ? ED_MAX : 6;
            rng_fill(r, h, n, 1, hi);
            if (c % 2 == 0)
                ed_bias(r, h, n, hi, sg);
            ed_case(&in, &exp, h, n, sg);
        }
        check(d, "luogu-p2148-ed", &in, &exp);
    }
    sb_free(&in);
    sb_free(&exp);
    free(sg);
}

/* ------------------------------------------------------------------ */

/* Environment variable or a default. */
static const char *env_or(const char *name, const char *def)
{
    const char *v = getenv(name);
    return v && *v ? v : def;
}

int main(void)
{
    duel d = {env_or("GRUNDY", "./grundy"), env_or("SRCDIR", "."),
              env_or("TMPDIR", "/tmp"), 0, 0};
    uint64_t seed = DEFAULT_SEED;
    const char *s = getenv("DUEL_CONTEST_SEED");
    if (s && *s)
        seed = strtoull(s, NULL, 0);
    rng r = {seed};

    duel_p1247(&d, &r);
    duel_fib(&d, &r);
    duel_lasker(&d, &r);
    duel_wythoff(&d, &r);
    duel_flow(&d, &r);
    duel_xmas(&d, &r);
    duel_nim_family(&d, &r, "luogu-p2197-nim", 0, "Yes", "No");
    duel_nim_family(&d, &r, "luogu-p4279-antinim", 1, "John", "Brother");
    duel_ed(&d, &r);

    printf("duel_contest: %d checks, %d failed", d.checks, d.failed);
    if (d.failed)
        printf(" (seed %#llx)", (unsigned long long)seed);
    printf("\n");
    return d.failed ? 1 : 0;
}
