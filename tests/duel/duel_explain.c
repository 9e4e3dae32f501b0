/* duel_explain.c: the `explain POS;` statement against brute force.
 *
 * For a seeded random selection of single positions (Kayles, Dawson's
 * Kayles, subtraction games with a few sets, Nim heaps) and of sums of 2..5
 * written terms (mixing these games, repeated components, "c * G" terms,
 * Nim(...) terms and empty heaps) this program writes many `explain ...;`
 * statements into one temporary file, runs "$GRUNDY --json FILE" (one
 * process per batch) and checks every JSON line against values computed here
 * by brute force only from the rules of the games (mex over the real moves,
 * memoised arrays; a sum is the XOR of its components):
 *
 *  - "sg" is the brute-force SG value; "outcome" is "P" iff it is 0;
 *    "position" names the same position (terminal components dropped);
 *  - a single position: the option count line ("N options" / "1 option" or
 *    "more than 64 options" / "no moves: ..."), one option line per distinct
 *    move whose label is a legal move, whose named result is that move's
 *    result and whose value is the brute-force SG of that result; the
 *    multiset of results is the brute force's; the line
 *    "SG = mex{...} = v" lists the option values in order and v is their mex;
 *  - a sum: one line per written term ("c * G" with its even/odd note),
 *    each value and binary string right (as many digits as the largest
 *    component value needs, at least 1), every component accounted for with
 *    its full count (empty components may be listed or left out), and the
 *    XOR line with the right value, digits and P/N words.
 * The same batch is also run without --json: each statement's text block
 * must be a header "explain TEXT: O (sg V) [strategy]" and the JSON lines
 * indented by two spaces.
 *
 * Environment: GRUNDY (default ./grundy), TMPDIR (default /tmp),
 * DUEL_EXPLAIN_SEED (default a fixed constant).  Prints one line per failed
 * check and the summary "duel_explain: N checks, F failed"; exits 1 on any
 * failure (2 when the program cannot be run at all).
 */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#if !defined(_GNU_SOURCE) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define DEFAULT_SEED 0xe5a1a1ULL
#define NMAX 128          /* largest heap / row size the tables hold */
#define MAXSETS 32        /* distinct subtraction sets (given or parsed) */
#define MAXSETEL 16       /* elements of one subtraction set */
#define MAXTERMS 64       /* distinct components of one position */
#define MAXMOVES (NMAX + 8)
#define N_SINGLE 150      /* random single positions */
#define N_SUM 100         /* random sums */
#define BATCH 64          /* statements per grundy process */
#define CHILD_TIMEOUT 60  /* seconds before a hung grundy is killed */
#define MAX_REPORTS 300   /* failure lines printed (all are counted) */
#define OPTION_LIMIT 64   /* more options than this are not listed */

enum { G_HEAP, G_KAYLES, G_DAWSON, G_SUB };

/* One game component: a heap, a row of pins or a subtraction heap. */
typedef struct { int game, n, set; } Comp;
/* A component with its number of copies. */
typedef struct { Comp c; int count; } Term;
/* A position: a multiset of components. */
typedef struct { Term t[MAXTERMS]; int nt; } Pos;
/* A subtraction set, sorted, without repeats. */
typedef struct { int n, e[MAXSETEL]; } Set;
/* One move of a single component: its label numbers and its result. */
typedef struct { int k, a; Pos result; int used; } Move;

/* A growable NUL-terminated string. */
typedef struct { char *s; size_t len, cap; } Str;

/* One statement of a batch: the text as written and what it denotes. */
typedef struct {
    char *text;   /* the position as written after "explain " */
    int is_sum;   /* written as a sum of terms */
    Pos expect;   /* every component with its total count (empty ones too) */
} Stmt;

/* One JSON line of the engine's answer. */
typedef struct {
    char *kind, *position, *outcome, *strategy;
    long long sg;
    int has_sg;
    char **lines;
    int nlines;
} Reply;

/* Everything the test needs: configuration, tables, counters. */
typedef struct {
    const char *grundy, *tmpdir;
    uint64_t rng;
    int heap_sg[NMAX + 1], kay_sg[NMAX + 1], daw_sg[NMAX + 1];
    Set sets[MAXSETS];
    int sub_sg[MAXSETS][NMAX + 1];
    int nsets, ngiven;  /* all sets; the first ngiven are the generator's */
    long checks, failed;
    const char *cur;    /* the statement being checked (for reports) */
} Ctx;

/* ------------------------------------------------------------------ */
/* Utilities.                                                          */
/* ------------------------------------------------------------------ */

/* Abort on allocation failure: a test driver has nothing better to do. */
static void *xrealloc(void *p, size_t n)
{
    p = realloc(p, n ? n : 1);
    if (!p) {
        fprintf(stderr, "duel_explain: out of memory\n");
        exit(2);
    }
    return p;
}

/* A malloc'd copy of s. */
static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xrealloc(NULL, n), s, n);
}

/* Append n raw bytes to a string. */
static void sadd(Str *b, const char *p, size_t n)
{
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        b->s = xrealloc(b->s, cap);
        b->cap = cap;
    }
    memcpy(b->s + b->len, p, n);
    b->len += n;
    b->s[b->len] = '\0';
}

/* Append printf-formatted text to a string. */
static void sprintf_add(Str *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void sprintf_add(Str *b, const char *fmt, ...)
{
    char small[256];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(small, sizeof small, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if ((size_t)n < sizeof small) {
        sadd(b, small, (size_t)n);
        return;
    }
    char *tmp = xrealloc(NULL, (size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(tmp, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sadd(b, tmp, (size_t)n);
    free(tmp);
}

/* Empty a string (keeps the buffer). */
static void sclear(Str *b)
{
    b->len = 0;
    if (b->s)
        b->s[0] = '\0';
}

/* The string's text ("" when nothing was ever added). */
static const char *stext(const Str *b)
{
    return b->s ? b->s : "";
}

/* splitmix64: the next pseudo-random number (same on every platform). */
static uint64_t rnd(Ctx *x)
{
    uint64_t z = (x->rng += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* A pseudo-random integer in [lo, hi]. */
static int rnd_in(Ctx *x, int lo, int hi)
{
    return lo + (int)(rnd(x) % (uint64_t)(hi - lo + 1));
}

/* Count one check; report it when it failed.  Returns ok. */
static int check(Ctx *x, int ok, const char *what, const char *expected, const char *got)
{
    x->checks++;
    if (!ok) {
        x->failed++;
        if (x->failed <= MAX_REPORTS)
            printf("FAIL explain %s; -- %s: expected %s, got %s\n", x->cur ? x->cur : "?", what,
                   expected, got ? got : "(nothing)");
        else if (x->failed == MAX_REPORTS + 1)
            printf("(further failures not shown)\n");
    }
    return ok;
}

/* check() for two integers. */
static int check_int(Ctx *x, long long want, long long got, const char *what)
{
    char e[32], g[32];
    snprintf(e, sizeof e, "%lld", want);
    snprintf(g, sizeof g, "%lld", got);
    return check(x, want == got, what, e, g);
}

/* check() for two strings (got may be NULL: missing). */
static int check_str(Ctx *x, const char *want, const char *got, const char *what)
{
    Str e = {0}, g = {0};
    sprintf_add(&e, "\"%s\"", want);
    if (got)
        sprintf_add(&g, "\"%s\"", got);
    int ok = check(x, got && strcmp(want, got) == 0, what, stext(&e), got ? stext(&g) : NULL);
    free(e.s);
    free(g.s);
    return ok;
}

/* The mex of n values: the least non-negative integer not among them. */
static int mex(const int *v, int n)
{
    for (int m = 0;; m++) {
        int seen = 0;
        for (int i = 0; i < n && !seen; i++)
            seen = v[i] == m;
        if (!seen)
            return m;
    }
}

/* ------------------------------------------------------------------ */
/* Brute force: the games' rules and SG values.                        */
/* ------------------------------------------------------------------ */

/* Fill sub_sg[s] by mex over "take e in S with e <= n". */
static void fill_sub(Ctx *x, int s)
{
    const Set *S = &x->sets[s];
    for (int n = 0; n <= NMAX; n++) {
        int v[MAXSETEL], k = 0;
        for (int i = 0; i < S->n; i++)
            if (S->e[i] <= n)
                v[k++] = x->sub_sg[s][n - S->e[i]];
        x->sub_sg[s][n] = mex(v, k);
    }
}

/* The index of set e[0..n) (sorted and deduplicated here), added if new; -1 if full or bad. */
static int set_index(Ctx *x, const int *e0, int n0)
{
    Set S = {0};
    for (int i = 0; i < n0; i++) {
        if (e0[i] <= 0)
            return -1;
        int dup = 0;
        for (int j = 0; j < S.n; j++)
            dup |= S.e[j] == e0[i];
        if (dup)
            continue;
        if (S.n == MAXSETEL)
            return -1;
        int j = S.n++;
        while (j > 0 && S.e[j - 1] > e0[i]) {
            S.e[j] = S.e[j - 1];
            j--;
        }
        S.e[j] = e0[i];
    }
    if (S.n == 0)
        return -1;
    for (int s = 0; s < x->nsets; s++)
        if (x->sets[s].n == S.n && memcmp(x->sets[s].e, S.e, sizeof(int) * (size_t)S.n) == 0)
            return s;
    if (x->nsets == MAXSETS)
        return -1;
    x->sets[x->nsets] = S;
    fill_sub(x, x->nsets);
    return x->nsets++;
}

/* Fill the Heap, Kayles and Dawson's Kayles tables by mex over every move. */
static void fill_tables(Ctx *x)
{
    int v[2 * NMAX + 2];
    for (int n = 0; n <= NMAX; n++) {
        int k = 0;
        for (int t = 1; t <= n; t++)   /* Nim: take t >= 1 */
            v[k++] = x->heap_sg[n - t];
        x->heap_sg[n] = mex(v, k);
        k = 0;                         /* Kayles: knock 1 or 2 adjacent pins */
        for (int kn = 1; kn <= 2; kn++)
            for (int a = 0; a + kn <= n; a++)
                v[k++] = x->kay_sg[a] ^ x->kay_sg[n - kn - a];
        x->kay_sg[n] = mex(v, k);
        k = 0;                         /* Dawson's Kayles: knock exactly 2 adjacent */
        for (int a = 0; a + 2 <= n; a++)
            v[k++] = x->daw_sg[a] ^ x->daw_sg[n - 2 - a];
        x->daw_sg[n] = mex(v, k);
    }
}

/* The brute-force SG value of one component. */
static int comp_sg(const Ctx *x, Comp c)
{
    switch (c.game) {
    case G_HEAP: return x->heap_sg[c.n];
    case G_KAYLES: return x->kay_sg[c.n];
    case G_DAWSON: return x->daw_sg[c.n];
    default: return x->sub_sg[c.set][c.n];
    }
}

/* The brute-force SG value of a position: XOR over its components' copies. */
static int pos_sg(const Ctx *x, const Pos *p)
{
    int v = 0;
    for (int i = 0; i < p->nt; i++)
        if (p->t[i].count & 1)
            v ^= comp_sg(x, p->t[i].c);
    return v;
}

/* Add count copies of c to p (merging equal components). */
static void pos_add(Pos *p, Comp c, int count)
{
    for (int i = 0; i < p->nt; i++)
        if (p->t[i].c.game == c.game && p->t[i].c.n == c.n && p->t[i].c.set == c.set) {
            p->t[i].count += count;
            return;
        }
    if (p->nt < MAXTERMS)
        p->t[p->nt++] = (Term){c, count};
}

/* The number of copies of c in p. */
static int pos_count(const Pos *p, Comp c)
{
    for (int i = 0; i < p->nt; i++)
        if (p->t[i].c.game == c.game && p->t[i].c.n == c.n && p->t[i].c.set == c.set)
            return p->t[i].count;
    return 0;
}

/* Enumerate the distinct moves of one component (mirror images once). */
static int comp_moves(const Ctx *x, Comp c, Move *m)
{
    int k = 0;
    switch (c.game) {
    case G_HEAP:
        for (int t = 1; t <= c.n; t++) {
            m[k] = (Move){t, 0, {.nt = 0}, 0};
            pos_add(&m[k++].result, (Comp){G_HEAP, c.n - t, -1}, 1);
        }
        break;
    case G_KAYLES:
        for (int kn = 1; kn <= 2 && kn <= c.n; kn++)
            for (int a = 0; a <= (c.n - kn) / 2; a++) {
                m[k] = (Move){kn, a, {.nt = 0}, 0};
                pos_add(&m[k].result, (Comp){G_KAYLES, a, -1}, 1);
                pos_add(&m[k++].result, (Comp){G_KAYLES, c.n - kn - a, -1}, 1);
            }
        break;
    case G_DAWSON:
        for (int a = 0; c.n >= 2 && a <= (c.n - 2) / 2; a++) {
            m[k] = (Move){2, a, {.nt = 0}, 0};
            pos_add(&m[k].result, (Comp){G_DAWSON, a, -1}, 1);
            pos_add(&m[k++].result, (Comp){G_DAWSON, c.n - 2 - a, -1}, 1);
        }
        break;
    default:
        for (int i = 0; i < x->sets[c.set].n; i++)
            if (x->sets[c.set].e[i] <= c.n) {
                m[k] = (Move){x->sets[c.set].e[i], 0, {.nt = 0}, 0};
                pos_add(&m[k++].result, (Comp){G_SUB, c.n - x->sets[c.set].e[i], c.set}, 1);
            }
    }
    return k;
}

/* Whether a component has no move at all (it is the empty game 0). */
static int comp_terminal(const Ctx *x, Comp c)
{
    switch (c.game) {
    case G_HEAP: case G_KAYLES: return c.n == 0;
    case G_DAWSON: return c.n < 2;
    default: return c.n < x->sets[c.set].e[0];
    }
}

/* Order of components: game, then size, then set. */
static int term_cmp(const void *pa, const void *pb)
{
    const Term *a = pa, *b = pb;
    if (a->c.game != b->c.game)
        return a->c.game - b->c.game;
    if (a->c.n != b->c.n)
        return a->c.n - b->c.n;
    return a->c.set - b->c.set;
}

/* The canonical form of p: terminal components and zero counts dropped, sorted. */
static Pos pos_norm(const Ctx *x, const Pos *p)
{
    Pos q = {.nt = 0};
    for (int i = 0; i < p->nt; i++)
        if (p->t[i].count > 0 && !comp_terminal(x, p->t[i].c))
            pos_add(&q, p->t[i].c, p->t[i].count);
    qsort(q.t, (size_t)q.nt, sizeof q.t[0], term_cmp);
    return q;
}

/* Whether two positions are the same game position (up to empty components). */
static int pos_same(const Ctx *x, const Pos *a, const Pos *b)
{
    Pos p = pos_norm(x, a), q = pos_norm(x, b);
    if (p.nt != q.nt)
        return 0;
    for (int i = 0; i < p.nt; i++)
        if (term_cmp(&p.t[i], &q.t[i]) != 0 || p.t[i].count != q.t[i].count)
            return 0;
    return 1;
}

/* Append the canonical text of a component ("Subtract(7, {1, 3, 4})"). */
static void comp_text(const Ctx *x, Str *b, Comp c)
{
    static const char *const name[] = {"Heap", "Kayles", "DawsonKayles", "Subtract"};
    sprintf_add(b, "%s(%d", name[c.game], c.n);
    if (c.game == G_SUB) {
        sadd(b, ", {", 3);
        for (int i = 0; i < x->sets[c.set].n; i++)
            sprintf_add(b, "%s%d", i ? ", " : "", x->sets[c.set].e[i]);
        sadd(b, "}", 1);
    }
    sadd(b, ")", 1);
}

/* Append the text of a position as this test writes it ("0" when empty). */
static void pos_text(const Ctx *x, Str *b, const Pos *p)
{
    Pos q = pos_norm(x, p);
    if (q.nt == 0)
        sadd(b, "0", 1);
    for (int i = 0; i < q.nt; i++) {
        if (i)
            sadd(b, " + ", 3);
        if (q.t[i].count > 1)
            sprintf_add(b, "%d * ", q.t[i].count);
        comp_text(x, b, q.t[i].c);
    }
}

/* ------------------------------------------------------------------ */
/* Parsing the engine's position texts.                                */
/* ------------------------------------------------------------------ */

/* Skip spaces. */
static const char *skip_ws(const char *s)
{
    while (*s == ' ')
        s++;
    return s;
}

/* Parse a non-negative decimal integer (at most 9 digits); NULL if none. */
static const char *parse_uint(const char *s, int *v)
{
    if (*s < '0' || *s > '9')
        return NULL;
    long long n = 0;
    int d = 0;
    while (*s >= '0' && *s <= '9' && d < 10) {
        n = n * 10 + (*s++ - '0');
        d++;
    }
    if (d >= 10)
        return NULL;
    *v = (int)n;
    return s;
}

/* Expect the literal lit after optional spaces; the rest, or NULL. */
static const char *expect_lit(const char *s, const char *lit)
{
    s = skip_ws(s);
    size_t n = strlen(lit);
    return strncmp(s, lit, n) == 0 ? s + n : NULL;
}

/* Parse one component "Name(n)" or "Subtract(n, {a, b})"; the rest, or NULL. */
static const char *parse_comp(Ctx *x, const char *s, Comp *c)
{
    static const struct { const char *name; int game; } names[] = {
        {"DawsonKayles(", G_DAWSON}, {"Kayles(", G_KAYLES}, {"Heap(", G_HEAP}, {"Subtract(", G_SUB}};
    s = skip_ws(s);
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++) {
        size_t len = strlen(names[i].name);
        if (strncmp(s, names[i].name, len) != 0)
            continue;
        const char *p = parse_uint(skip_ws(s + len), &c->n);
        if (!p || c->n > NMAX)
            return NULL;
        c->game = names[i].game;
        c->set = -1;
        if (c->game == G_SUB) {
            int e[MAXSETEL], k = 0;
            if (!(p = expect_lit(p, ",")) || !(p = expect_lit(p, "{")))
                return NULL;
            for (;;) {
                if (k == MAXSETEL || !(p = parse_uint(skip_ws(p), &e[k++])))
                    return NULL;
                p = skip_ws(p);
                if (*p == '}')
                    break;
                if (*p++ != ',')
                    return NULL;
            }
            p++;
            if ((c->set = set_index(x, e, k)) < 0)
                return NULL;
        }
        return expect_lit(p, ")");
    }
    return NULL;
}

/* Parse one term "[c * ]Component"; the rest, or NULL. */
static const char *parse_term(Ctx *x, const char *s, Comp *c, int *count)
{
    s = skip_ws(s);
    *count = 1;
    if (*s >= '0' && *s <= '9') {
        const char *p = parse_uint(s, count);
        if (!p || !(p = expect_lit(p, "*")) || *count < 1)
            return NULL;
        s = p;
    }
    return parse_comp(x, s, c);
}

/* Parse a whole position text ("0", "0 (no moves left)" or terms joined by " + "); 0 if bad. */
static int parse_pos(Ctx *x, const char *s, Pos *p)
{
    p->nt = 0;
    s = skip_ws(s);
    if (strcmp(s, "0") == 0 || strcmp(s, "0 (no moves left)") == 0)
        return 1;
    for (;;) {
        Comp c;
        int count;
        if (!(s = parse_term(x, s, &c, &count)))
            return 0;
        pos_add(p, c, count);
        s = skip_ws(s);
        if (*s == '\0')
            return 1;
        if (*s++ != '+')
            return 0;
    }
}

/* ------------------------------------------------------------------ */
/* JSON: a small parser for the flat answer lines.                    */
/* ------------------------------------------------------------------ */

/* Append code point u as UTF-8. */
static void put_utf8(Str *b, unsigned u)
{
    char t[4];
    size_t n;
    if (u < 0x80) { t[0] = (char)u; n = 1; }
    else if (u < 0x800) { t[0] = (char)(0xC0 | (u >> 6)); t[1] = (char)(0x80 | (u & 0x3F)); n = 2; }
    else if (u < 0x10000) {
        t[0] = (char)(0xE0 | (u >> 12)); t[1] = (char)(0x80 | ((u >> 6) & 0x3F));
        t[2] = (char)(0x80 | (u & 0x3F)); n = 3;
    } else {
        t[0] = (char)(0xF0 | (u >> 18)); t[1] = (char)(0x80 | ((u >> 12) & 0x3F));
        t[2] = (char)(0x80 | ((u >> 6) & 0x3F)); t[3] = (char)(0x80 | (u & 0x3F)); n = 4;
    }
    sadd(b, t, n);
}

/* Four hex digits; -1 if bad. */
static long hex4(const char *s)
{
    long v = 0;
    for (int i = 0; i < 4; i++) {
        char ch = s[i];
        int d = ch >= '0' && ch <= '9' ? ch - '0' : ch >= 'a' && ch <= 'f' ? ch - 'a' + 10
              : ch >= 'A' && ch <= 'F' ? ch - 'A' + 10 : -1;
        if (d < 0)
            return -1;
        v = v * 16 + d;
    }
    return v;
}

/* Parse a JSON string at *s (at the quote) into a malloc'd text; NULL if bad. */
static char *json_string(const char **s)
{
    const char *p = *s;
    if (*p++ != '"')
        return NULL;
    Str b = {0};
    sadd(&b, "", 0);
    while (*p != '"') {
        if (*p == '\0') {
            free(b.s);
            return NULL;
        }
        if (*p != '\\') {
            sadd(&b, p++, 1);
            continue;
        }
        p++;
        char c = *p++;
        switch (c) {
        case '"': case '\\': case '/': sadd(&b, &c, 1); break;
        case 'n': sadd(&b, "\n", 1); break;
        case 't': sadd(&b, "\t", 1); break;
        case 'r': sadd(&b, "\r", 1); break;
        case 'b': sadd(&b, "\b", 1); break;
        case 'f': sadd(&b, "\f", 1); break;
        case 'u': {
            long u = hex4(p);
            if (u < 0) { free(b.s); return NULL; }
            p += 4;
            if (u >= 0xD800 && u < 0xDC00 && p[0] == '\\' && p[1] == 'u') {
                long lo = hex4(p + 2);
                if (lo >= 0xDC00 && lo < 0xE000) {
                    u = 0x10000 + ((u - 0xD800) << 10) + (lo - 0xDC00);
                    p += 6;
                }
            }
            put_utf8(&b, (unsigned)u);
            break;
        }
        default: free(b.s); return NULL;
        }
    }
    *s = p + 1;
    return b.s;
}

/* Skip JSON whitespace. */
static const char *json_ws(const char *s)
{
    while (*s == ' ' || *s == '\t' || *s == '\r' || *s == '\n')
        s++;
    return s;
}

/* Free a reply's fields. */
static void reply_free(Reply *r)
{
    free(r->kind); free(r->position); free(r->outcome); free(r->strategy);
    for (int i = 0; i < r->nlines; i++)
        free(r->lines[i]);
    free(r->lines);
    memset(r, 0, sizeof *r);
}

/* Parse one flat JSON object (strings, integers, literals, arrays of strings); 0 if bad. */
static int json_reply(const char *s, Reply *r)
{
    memset(r, 0, sizeof *r);
    s = json_ws(s);
    if (*s++ != '{')
        return 0;
    s = json_ws(s);
    if (*s == '}')
        return 1;
    for (;;) {
        s = json_ws(s);
        char *key = json_string(&s);
        if (!key)
            return 0;
        s = json_ws(s);
        if (*s++ != ':') { free(key); return 0; }
        s = json_ws(s);
        int ok = 1;
        if (*s == '"') {
            char *v = json_string(&s);
            char **slot = !strcmp(key, "kind") ? &r->kind : !strcmp(key, "position") ? &r->position
                        : !strcmp(key, "outcome") ? &r->outcome : !strcmp(key, "strategy") ? &r->strategy : NULL;
            if (!v)
                ok = 0;
            else if (slot) { free(*slot); *slot = v; }
            else free(v);
        } else if (*s == '-' || (*s >= '0' && *s <= '9')) {
            char *end;
            long long v = strtoll(s, &end, 10);
            if (*end == '.' || *end == 'e' || *end == 'E')
                ok = 0;
            if (!strcmp(key, "sg")) { r->sg = v; r->has_sg = 1; }
            s = end;
        } else if (*s == '[') {
            s = json_ws(s + 1);
            int keep = !strcmp(key, "lines");
            while (ok && *s != ']') {
                char *v = json_string(&s);
                if (!v) { ok = 0; break; }
                if (keep) {
                    r->lines = xrealloc(r->lines, sizeof(char *) * (size_t)(r->nlines + 1));
                    r->lines[r->nlines++] = v;
                } else free(v);
                s = json_ws(s);
                if (*s == ',')
                    s = json_ws(s + 1);
                else if (*s != ']')
                    ok = 0;
            }
            if (ok)
                s++;
        } else if (!strncmp(s, "true", 4) || !strncmp(s, "null", 4)) s += 4;
        else if (!strncmp(s, "false", 5)) s += 5;
        else ok = 0;
        free(key);
        if (!ok)
            return 0;
        s = json_ws(s);
        if (*s == '}')
            return 1;
        if (*s++ != ',')
            return 0;
    }
}

/* ------------------------------------------------------------------ */
/* Checking one answer.                                                */
/* ------------------------------------------------------------------ */

/* Binary digits of v, at least width digits. */
static void bin_text(Str *b, int v, int width)
{
    for (int i = width - 1; i >= 0; i--)
        sadd(b, (v >> i) & 1 ? "1" : "0", 1);
}

/* Digits needed for v (at least 1). */
static int bits_of(int v)
{
    int w = 1;
    while (v >> w)
        w++;
    return w;
}

/* Index of the first line equal to (or, with prefix, starting with) s; -1 if none. */
static int find_line(const Reply *r, const char *s, int prefix)
{
    for (int i = 0; i < r->nlines; i++)
        if (prefix ? strncmp(r->lines[i], s, strlen(s)) == 0 : strcmp(r->lines[i], s) == 0)
            return i;
    return -1;
}

/* Parse an option label of component c into (k, a); 0 if it has no known form. */
static int parse_label(const Comp c, const char *label, int *k, int *a)
{
    int used = -1;
    *a = 0;
    switch (c.game) {
    case G_KAYLES:
        return sscanf(label, "knock k=%d, a=%d%n", k, a, &used) == 2 && used == (int)strlen(label);
    case G_DAWSON:
        *k = 2;
        return sscanf(label, "knock a=%d%n", a, &used) == 1 && used == (int)strlen(label);
    default:
        return sscanf(label, "take k=%d%n", k, &used) == 1 && used == (int)strlen(label);
    }
}

/* Check the explanation of a single component c. */
static void check_single(Ctx *x, const Reply *r, Comp c)
{
    Move *mv = xrealloc(NULL, sizeof(Move) * MAXMOVES);
    Pos *claimed = xrealloc(NULL, sizeof(Pos) * MAXMOVES);
    int nm = comp_moves(x, c, mv);
    if (nm == 0) {
        check(x, find_line(r, "no moves: the player to move loses (SG = mex{} = 0)", 0) >= 0,
              "no-moves line", "\"no moves: the player to move loses (SG = mex{} = 0)\"", "no such line");
        check_int(x, 0, find_line(r, "  ", 1) >= 0, "option lines of a position without moves");
        free(mv);
        free(claimed);
        return;
    }
    if (nm > OPTION_LIMIT) {
        int i = find_line(r, "more than 64 options", 1);
        check(x, i >= 0, "options line", "\"more than 64 options...\"", "no such line");
        check_int(x, 0, find_line(r, "  ", 1) >= 0, "option lines listed beyond the limit");
        free(mv);
        free(claimed);
        return;
    }
    Str want = {0};
    sprintf_add(&want, nm == 1 ? "%d option, with its SG value:" : "%d options, each with its SG value:", nm);
    int head = -1;
    for (int i = 0; i < r->nlines && head < 0; i++) {
        int n;
        char sfx;
        if (sscanf(r->lines[i], "%d option%c", &n, &sfx) == 2)
            head = i;
    }
    check_str(x, stext(&want), head >= 0 ? r->lines[head] : NULL, "option count line");
    int vals[MAXMOVES], nv = 0, bad_lines = 0;
    for (int i = head + 1; head >= 0 && i < r->nlines && !strncmp(r->lines[i], "  ", 2); i++) {
        const char *line = r->lines[i] + 2, *arrow = strstr(line, " -> "), *colon = strrchr(line, ':');
        int v = -1, k, a;
        if (!arrow || !colon || colon < arrow || sscanf(colon + 1, " %d", &v) != 1 || nv == MAXMOVES) {
            check(x, 0, "option line", "\"LABEL -> POSITION: VALUE\"", r->lines[i]);
            bad_lines++;
            continue;
        }
        char *label = xstrdup(line), *ptext = xstrdup(arrow + 4);
        label[arrow - line] = '\0';
        ptext[colon - (arrow + 4)] = '\0';
        Pos p;
        if (!check(x, parse_pos(x, ptext, &p), "option result is a position", "a position text", ptext)) {
            bad_lines++;
        } else {
            sclear(&want);
            sprintf_add(&want, "SG of option \"%s\"", line);
            check_int(x, pos_sg(x, &p), v, stext(&want));
            claimed[nv] = p;
            vals[nv++] = v;
            /* The label must name an unused legal move whose result is this position. */
            int found = -1;
            if (parse_label(c, label, &k, &a))
                for (int j = 0; j < nm && found < 0; j++)
                    if (mv[j].k == k && mv[j].a == a && !mv[j].used)
                        found = j;
            sclear(&want);
            sprintf_add(&want, "a distinct legal move of %s", x->cur);
            if (check(x, found >= 0, "option label", stext(&want), label)) {
                mv[found].used = 1;
                sclear(&want);
                pos_text(x, &want, &mv[found].result);
                check(x, pos_same(x, &mv[found].result, &p), "result of the move", stext(&want), ptext);
            }
        }
        free(label);
        free(ptext);
    }
    check_int(x, nm, nv + bad_lines, "number of option lines");
    /* The multiset of results equals the brute force's. */
    int match = 0;
    char taken[MAXMOVES] = {0};
    for (int j = 0; j < nm; j++)
        for (int i = 0; i < nv; i++)
            if (!taken[i] && pos_same(x, &mv[j].result, &claimed[i])) {
                taken[i] = 1;
                match++;
                break;
            }
    check_int(x, nm, match, "option results matching the brute force's multiset");
    /* The mex line: the values in order, then their mex. */
    sclear(&want);
    sadd(&want, "SG = mex{", 9);
    for (int i = 0; i < nv; i++)
        sprintf_add(&want, "%s%d", i ? ", " : "", vals[i]);
    sprintf_add(&want, "} = %d (the least value no option has)", mex(vals, nv));
    int ml = find_line(r, "SG = mex{", 1);
    check_str(x, stext(&want), ml >= 0 ? r->lines[ml] : NULL, "mex line");
    check_int(x, comp_sg(x, c), mex(vals, nv), "mex of the listed values vs brute-force SG");
    free(want.s);
    free(mv);
    free(claimed);
}

/* Check the "a sum: ..." explanation from line head on, against the expected components. */
static void check_sum_lines(Ctx *x, const Reply *r, int head, const Pos *expect)
{
    Pos seen = {.nt = 0};
    Str want = {0};
    int first = head + 1, last = first;
    while (last < r->nlines && strncmp(r->lines[last], "  XOR: ", 7) != 0)
        last++;
    int width = 1;
    for (int pass = 0; pass < 2; pass++)
        for (int i = first; i < last; i++) {
            Comp c;
            int count;
            const char *rest = parse_term(x, r->lines[i], &c, &count);
            if (!rest || strncmp(r->lines[i], "  ", 2) != 0) {
                if (pass)
                    check(x, 0, "component line", "\"  [c * ]GAME(...): v = bits[ (note)]\"", r->lines[i]);
                continue;
            }
            int v = comp_sg(x, c);
            if (pass == 0) {
                if (bits_of(v) > width)
                    width = bits_of(v);
                continue;
            }
            sclear(&want);
            sadd(&want, r->lines[i], (size_t)(rest - r->lines[i]));
            sprintf_add(&want, ": %d = ", v);
            bin_text(&want, v, width);
            if (count > 1)
                sadd(&want, count % 2 ? " (an odd number of copies: once)" : " (an even number of copies: cancels)",
                     count % 2 ? 32 : 36);
            check_str(x, stext(&want), r->lines[i], "component line");
            pos_add(&seen, c, count);
        }
    /* Every component with its full count; empty ones may be left out. */
    for (int i = 0; i < expect->nt; i++) {
        int got = pos_count(&seen, expect->t[i].c);
        sclear(&want);
        sadd(&want, "copies of ", 10);
        comp_text(x, &want, expect->t[i].c);
        sadd(&want, " listed", 7);
        if (comp_terminal(x, expect->t[i].c) && got == 0)
            check_int(x, 0, got, stext(&want));
        else
            check_int(x, expect->t[i].count, got, stext(&want));
    }
    for (int i = 0; i < seen.nt; i++) {
        sclear(&want);
        comp_text(x, &want, seen.t[i].c);
        check(x, pos_count(expect, seen.t[i].c) > 0, "listed component", "one of the sum's", stext(&want));
    }
    int xr = pos_sg(x, expect);
    sclear(&want);
    sprintf_add(&want, "  XOR: %d = ", xr);
    bin_text(&want, xr, width);
    sadd(&want, xr ? ", not 0: N (a winning move makes the XOR 0)" : ", 0: P (every move makes it non-zero)",
         strlen(xr ? ", not 0: N (a winning move makes the XOR 0)" : ", 0: P (every move makes it non-zero)"));
    check_str(x, stext(&want), last < r->nlines ? r->lines[last] : NULL, "XOR line");
    free(want.s);
}

/* Check one statement's JSON answer against the brute force. */
static void check_reply(Ctx *x, const Stmt *st, const Reply *r)
{
    int sg = pos_sg(x, &st->expect);
    check_str(x, "explain", r->kind, "kind");
    check_int(x, sg, r->has_sg ? r->sg : -1, "sg");
    check_str(x, sg ? "N" : "P", r->outcome, "outcome");
    Pos p;
    Str want = {0};
    pos_text(x, &want, &st->expect);
    if (check(x, r->position && parse_pos(x, r->position, &p), "position field", stext(&want), r->position))
        check(x, pos_same(x, &p, &st->expect), "position field", stext(&want), r->position);
    free(want.s);
    const char *sum_head = "a sum: its SG value is the XOR of its components' values (Sprague-Grundy), bit by bit:";
    int head = find_line(r, sum_head, 0);
    Pos q = pos_norm(x, &st->expect);
    if (head >= 0) {
        check(x, st->is_sum, "kind of explanation", "the options of a single position", "a sum");
        check_sum_lines(x, r, head, &st->expect);
    } else if (!st->is_sum || (q.nt == 1 && q.t[0].count == 1)) {
        /* A single position, or a sum of one non-empty component. */
        Comp c = q.nt ? q.t[0].c : st->expect.t[0].c;
        if (q.nt == 0 && st->is_sum)
            check(x, find_line(r, "no moves: the player to move loses (SG = mex{} = 0)", 0) >= 0
                         || find_line(r, "the empty position: no moves, the player to move loses (SG 0)", 0) >= 0,
                  "explanation of an empty sum", "a no-moves line", "none");
        else
            check_single(x, r, c);
    } else
        check(x, 0, "kind of explanation", "a sum (\"a sum: ...\" line)", "no such line");
}

/* ------------------------------------------------------------------ */
/* Running the program.                                                */
/* ------------------------------------------------------------------ */

/* Run "$GRUNDY [--json] FILE"; stdout into out.  Returns the exit status, or -1. */
static int run_grundy(const Ctx *x, const char *path, int json, Str *out)
{
    int p[2];
    if (pipe(p) != 0)
        return -1;
    fflush(NULL);
    pid_t pid = fork();
    if (pid == 0) {
        dup2(p[1], 1);
        close(p[0]);
        close(p[1]);
        alarm(CHILD_TIMEOUT); /* survives exec: kills a hung program */
        if (json)
            execlp(x->grundy, x->grundy, "--json", path, (char *)NULL);
        else
            execlp(x->grundy, x->grundy, path, (char *)NULL);
        _exit(127);
    }
    close(p[1]);
    if (pid < 0) {
        close(p[0]);
        return -1;
    }
    char buf[8192];
    for (;;) {
        ssize_t n = read(p[0], buf, sizeof buf);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            break;
        sadd(out, buf, (size_t)n);
    }
    close(p[0]);
    int status;
    while (waitpid(pid, &status, 0) < 0)
        if (errno != EINTR)
            return -1;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + (WIFSIGNALED(status) ? WTERMSIG(status) : 0);
}

/* The next line of *s (without its newline), malloc'd; NULL at the end. */
static char *next_line(const char **s)
{
    if (!**s)
        return NULL;
    const char *e = strchr(*s, '\n');
    size_t n = e ? (size_t)(e - *s) : strlen(*s);
    char *l = xrealloc(NULL, n + 1);
    memcpy(l, *s, n);
    l[n] = '\0';
    *s += n + (e ? 1 : 0);
    return l;
}

/* Check the text output: per statement a header and the JSON lines indented. */
static void check_text(Ctx *x, const Stmt *st, const Reply *rs, int n, const char *text)
{
    Str want = {0};
    const char *s = text;
    char *l = next_line(&s);
    for (int i = 0; i < n; i++) {
        x->cur = st[i].text;
        sclear(&want);
        if (rs[i].outcome && rs[i].strategy)
            sprintf_add(&want, "explain %s: %s (sg %lld) [%s]", st[i].text, rs[i].outcome, rs[i].sg, rs[i].strategy);
        check_str(x, stext(&want), l, "text header");
        free(l);
        /* The block runs to the next unindented line: compare it line by line
           (after a first difference the rest of the block is not compared). */
        int j = 0, same = 1;
        while ((l = next_line(&s)) && l[0] == ' ') {
            sclear(&want);
            if (j < rs[i].nlines)
                sprintf_add(&want, "  %s", rs[i].lines[j]);
            if (same)
                same = check_str(x, stext(&want), l, "text line");
            free(l);
            j++;
        }
        check_int(x, rs[i].nlines, j, "text lines of the statement");
    }
    x->cur = "(batch)";
    check(x, l == NULL, "text output", "nothing more", l);
    free(l);
    free(want.s);
}

/* Run one batch of statements both ways and check every answer. */
static void run_batch(Ctx *x, const Stmt *st, int n)
{
    Str prog = {0}, out = {0}, path = {0};
    for (int i = 0; i < n; i++)
        sprintf_add(&prog, "explain %s;\n", st[i].text);
    sprintf_add(&path, "%s/duel_explain_XXXXXX", x->tmpdir);
    int fd = mkstemp(path.s);
    if (fd < 0 || write(fd, prog.s, prog.len) != (ssize_t)prog.len) {
        perror("duel_explain: temporary file");
        exit(2);
    }
    close(fd);
    int status = run_grundy(x, path.s, 1, &out);
    if (status < 0 || status == 127) {
        fprintf(stderr, "duel_explain: cannot run %s\n", x->grundy);
        unlink(path.s);
        exit(2);
    }
    x->cur = "(batch)";
    check_int(x, 0, status, "exit status of grundy --json");
    Reply *rs = xrealloc(NULL, sizeof(Reply) * (size_t)n);
    memset(rs, 0, sizeof(Reply) * (size_t)n);
    const char *s = out.s ? out.s : "";
    for (int i = 0; i < n; i++) {
        x->cur = st[i].text;
        char *l = next_line(&s);
        if (check(x, l && json_reply(l, &rs[i]), "a JSON answer line", "{...}", l))
            check_reply(x, &st[i], &rs[i]);
        free(l);
    }
    x->cur = "(batch)";
    check(x, *s == '\0', "JSON output", "one line per statement", s);
    sclear(&out);
    status = run_grundy(x, path.s, 0, &out);
    check_int(x, 0, status, "exit status of grundy (text)");
    check_text(x, st, rs, n, stext(&out));
    unlink(path.s);
    for (int i = 0; i < n; i++)
        reply_free(&rs[i]);
    free(rs);
    free(prog.s);
    free(out.s);
    free(path.s);
}

/* ------------------------------------------------------------------ */
/* Generating statements.                                              */
/* ------------------------------------------------------------------ */

/* Append a component's text as written in a statement (sets sometimes out of order). */
static void write_comp(Ctx *x, Str *b, Comp c)
{
    if (c.game != G_SUB || rnd(x) % 4) {
        comp_text(x, b, c);
        return;
    }
    const Set *S = &x->sets[c.set];
    sprintf_add(b, "Subtract(%d, {", c.n);
    for (int i = 0; i < S->n; i++)
        sprintf_add(b, "%s%d", i ? ", " : "", S->e[S->n - 1 - i]);
    sadd(b, "})", 2);
}

/* A random component of the given game (sizes within the test's ranges). */
static Comp random_comp(Ctx *x, int game)
{
    switch (game) {
    case G_HEAP: return (Comp){G_HEAP, rnd(x) % 6 == 0 ? 0 : rnd_in(x, 1, 20), -1};
    case G_KAYLES: return (Comp){G_KAYLES, rnd_in(x, 0, 60), -1};
    case G_DAWSON: return (Comp){G_DAWSON, rnd_in(x, 0, 60), -1};
    default: return (Comp){G_SUB, rnd_in(x, 0, 40), rnd_in(x, 0, x->ngiven - 1)};
    }
}

/* A single-position statement for component c. */
static Stmt single_stmt(Ctx *x, Comp c)
{
    Stmt st = {0};
    Str b = {0};
    write_comp(x, &b, c);
    st.text = b.s;
    pos_add(&st.expect, c, 1);
    return st;
}

/* A random sum of 2..5 written terms. */
static Stmt sum_stmt(Ctx *x)
{
    Stmt st = {0};
    st.is_sum = 1;
    Str b = {0};
    Comp prev[8];
    int np = 0, terms = rnd_in(x, 2, 5);
    for (int t = 0; t < terms; t++) {
        if (t)
            sadd(&b, " + ", 3);
        int kind = rnd_in(x, 0, 99);
        if (kind < 12) {              /* Nim(a, b, ...): one heap each */
            int h = rnd_in(x, 1, 3);
            sadd(&b, "Nim(", 4);
            for (int i = 0; i < h; i++) {
                Comp c = {G_HEAP, rnd(x) % 5 == 0 ? 0 : rnd_in(x, 0, 15), -1};
                if (i && rnd(x) % 3 == 0 && np)
                    c = (Comp){G_HEAP, prev[np - 1].game == G_HEAP ? prev[np - 1].n : c.n, -1};
                sprintf_add(&b, "%s%d", i ? ", " : "", c.n);
                pos_add(&st.expect, c, 1);
                if (np < 8)
                    prev[np++] = c;
            }
            sadd(&b, ")", 1);
            continue;
        }
        Comp c = np && kind < 35 ? prev[rnd_in(x, 0, np - 1)] : random_comp(x, rnd_in(x, 0, 3));
        int count = kind >= 35 && kind < 55 ? rnd_in(x, 2, 4) : 1;
        if (count > 1)
            sprintf_add(&b, "%d * ", count);
        write_comp(x, &b, c);
        pos_add(&st.expect, c, count);
        if (np < 8)
            prev[np++] = c;
    }
    st.text = b.s;
    return st;
}

/* ------------------------------------------------------------------ */
/* Main.                                                               */
/* ------------------------------------------------------------------ */

/* Read an environment variable with a default. */
static const char *env_or(const char *name, const char *def)
{
    const char *v = getenv(name);
    return v && *v ? v : def;
}

/* Build the statements, run them in batches, report. */
int main(void)
{
    Ctx *x = xrealloc(NULL, sizeof *x);
    memset(x, 0, sizeof *x);
    x->grundy = env_or("GRUNDY", "./grundy");
    x->tmpdir = env_or("TMPDIR", "/tmp");
    x->rng = getenv("DUEL_EXPLAIN_SEED") ? strtoull(getenv("DUEL_EXPLAIN_SEED"), NULL, 0) : DEFAULT_SEED;
    fill_tables(x);
    static const int given[][5] = {{1, 3, 4}, {1, 2}, {2, 5}, {1, 2, 3}, {3, 5, 7}, {2, 3, 7, 11}, {1, 4, 9, 16}};
    static const int given_n[] = {3, 2, 2, 3, 3, 4, 4};
    for (size_t i = 0; i < sizeof given_n / sizeof given_n[0]; i++)
        set_index(x, given[i], given_n[i]);
    x->ngiven = x->nsets;

    int cap = N_SINGLE + N_SUM + 32, n = 0;
    Stmt *st = xrealloc(NULL, sizeof(Stmt) * (size_t)cap);
    /* Fixed edge cases: no moves, one move, exactly 64 and more than 64 options. */
    static const Comp fixed[] = {{G_KAYLES, 0, -1}, {G_KAYLES, 1, -1}, {G_KAYLES, 2, -1}, {G_DAWSON, 0, -1},
                                 {G_DAWSON, 1, -1}, {G_DAWSON, 2, -1}, {G_DAWSON, 3, -1}, {G_HEAP, 0, -1},
                                 {G_HEAP, 1, -1}, {G_HEAP, 64, -1}, {G_HEAP, 65, -1}, {G_HEAP, 100, -1},
                                 {G_SUB, 1, 2}, {G_SUB, 2, 2}, {G_SUB, 0, 0}, {G_KAYLES, 60, -1}};
    for (size_t i = 0; i < sizeof fixed / sizeof fixed[0]; i++)
        st[n++] = single_stmt(x, fixed[i]);
    for (int i = 0; i < N_SINGLE; i++) {
        int r = rnd_in(x, 0, 99);
        int game = r < 35 ? G_KAYLES : r < 60 ? G_DAWSON : r < 90 ? G_SUB : G_HEAP;
        Comp c = random_comp(x, game);
        if (game == G_HEAP && rnd(x) % 3 == 0)
            c.n = rnd_in(x, 40, 100);
        st[n++] = single_stmt(x, c);
    }
    for (int i = 0; i < N_SUM; i++)
        st[n++] = sum_stmt(x);

    for (int i = 0; i < n; i += BATCH)
        run_batch(x, st + i, n - i < BATCH ? n - i : BATCH);
    for (int i = 0; i < n; i++)
        free(st[i].text);
    free(st);
    printf("duel_explain: %ld checks, %ld failed\n", x->checks, x->failed);
    int rc = x->failed ? 1 : 0;
    free(x);
    return rc;
}
