/* duel_partizan.c: partizan games (Left and Right have different moves) against a plain minimax
   written here from the rules as a person states them, independent of the engine:
   HackenbushString (a stalk of L/R/G edges), DomineeringBoard (Left vertical, Right horizontal),
   Cutcake (Left cuts vertically, Right horizontally), ToadsFrogs, Clobber (a row or a grid), Heap
   (impartial: both players) and random partizan subtraction games defined in the program (left,
   right and shared move sets from 1..6, possibly empty). For random sums of 1-3 small components
   of mixed kinds, the outcome class (L, R, P, N: minimax with Left and with Right to move, a memo
   on the sorted components) and the exact sets winning_left / winning_right (positions compared
   as multisets of components, those with no move for either player left out) must agree. X + (-X)
   and X + (-X) + Y + (-Y), the negative built by the rules (swap L/R, transpose, swap toads and
   frogs, swap x/o, swapped move sets), must have the value 0 and be P; so must X - X, the
   engine's negative; and sums written with the engine's -(N) for the rules' negative N of a
   component must answer as the component itself, winning moves included. Every Hackenbush string of
   L and R up to 8 edges must have the value of its sign expansion, exact. And published values
   (Domineering 2x2 is +-1, 2x1 is 1, 1x2 is -1; LR = 1/2, LRR = 1/4, LLR = 3/2). */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE   /* strdup, strndup */
#endif
#include "jsonduel.h"
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t seed = 0x9a271a2b5eedULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

enum { LEFT = 0, RIGHT = 1 };
enum Kind { HACK, DOM, CUT, TOADS, CLOB, HEAP, SUBT, NKINDS };

/* ---- random partizan subtraction games: set[0] Left's, set[1] Right's, set[2] both's ----------- */

typedef struct Rule { char name[16]; int set[3][6], n[3]; bool both_line; int neg; } Rule;
enum { MAXRULES = 8 };
static Rule rules[MAXRULES];
static int nrules;

static void rand_set(int *set, int *n)
{
    *n = 0;
    int p = rnd(1, 3);   /* each of 1..6 in with probability 1/5, 1/3 or 1/2 */
    for (int k = 1; k <= 6; k++)
        if (rnd(1, 10) <= (p == 1 ? 2 : p == 2 ? 3 : 5)) set[(*n)++] = k;
}

/* A new random rule named PS<i>; with neg, also its negative NPS<i> (Left's and Right's sets swapped). */
static void rand_rule(bool neg)
{
    Rule *r = &rules[nrules];
    memset(r, 0, sizeof *r);
    snprintf(r->name, sizeof r->name, "PS%d", nrules + 1);
    rand_set(r->set[0], &r->n[0]);
    rand_set(r->set[1], &r->n[1]);
    r->both_line = rnd(0, 2) > 0;
    if (r->both_line) rand_set(r->set[2], &r->n[2]);
    r->neg = nrules++;
    if (!neg) return;
    Rule *m = &rules[nrules];
    *m = *r;
    snprintf(m->name, sizeof m->name, "NPS%d", nrules);
    memcpy(m->set[0], r->set[1], sizeof m->set[0]);
    memcpy(m->set[1], r->set[0], sizeof m->set[1]);
    m->n[0] = r->n[1];
    m->n[1] = r->n[0];
    r->neg = nrules;
    m->neg = nrules - 1;
    nrules++;
}

static void memo_clear(void);

/* Forget the rules (and the positions searched under them: PS1 is another game next time). */
static void rules_reset(void)
{
    nrules = 0;
    memo_clear();
}

static void rule_line(Str *t, const char *head, const char *label, const Rule *r, int which)
{
    sput(t, "    %s %s(k in {", head, label);
    for (int j = 0; j < r->n[which]; j++) sput(t, "%s%d", j ? ", " : "", r->set[which][j]);
    sput(t, "}) when k <= n => %s(n - k);\n", r->name);
}

static void rules_text(Str *t)
{
    for (int i = 0; i < nrules; i++) {
        const Rule *r = &rules[i];
        sput(t, "game %s(n) {\n", r->name);
        rule_line(t, "left move", "l", r, 0);
        rule_line(t, "right move", "r", r, 1);
        if (r->both_line) rule_line(t, "move", "b", r, 2);
        sput(t, "}\n");
    }
}

/* ---- components ---------------------------------------------------------------------------------- */

/* a, b: rows and columns of a board (DOM, CLOB, cells row by row in s), width and height (CUT),
   the counters (HEAP, SUBT, b the rule); s the string of HACK and TOADS. str is the printed form. */
typedef struct Comp { int kind, a, b; char s[16]; char str[64]; bool dead, alias; } Comp;

typedef struct Move { Comp part[2]; int n; } Move;
typedef struct Moves { Move *m; int n, cap; bool probe; } Moves;

static void comp_fix(Comp *c);

/* One move to a (and b: a Cutcake cut). A probe only counts. */
static void push(Moves *ms, const Comp *a, const Comp *b)
{
    if (ms->probe) { ms->n++; return; }
    if (ms->n == ms->cap) {
        ms->cap = ms->cap ? 2 * ms->cap : 16;
        ms->m = realloc(ms->m, (size_t)ms->cap * sizeof *ms->m);
    }
    Move *m = &ms->m[ms->n++];
    m->n = b ? 2 : 1;
    m->part[0] = *a;
    comp_fix(&m->part[0]);
    if (b) {
        m->part[1] = *b;
        comp_fix(&m->part[1]);
    }
}

static void moves_hack(const Comp *c, int side, Moves *ms)
{
    char mine = side == LEFT ? 'L' : 'R';
    for (int i = 0; c->s[i]; i++)
        if (c->s[i] == mine || c->s[i] == 'G') {   /* edge i and everything above it go */
            Comp t = *c;
            t.s[i] = 0;
            push(ms, &t, NULL);
        }
}

static void moves_dom(const Comp *c, int side, Moves *ms)
{
    int r = c->a, w = c->b, di = side == LEFT ? 1 : 0, dj = side == LEFT ? 0 : 1;   /* Left vertical */
    for (int i = 0; i + di < r; i++)
        for (int j = 0; j + dj < w; j++) {
            int p = i * w + j, q = (i + di) * w + j + dj;
            if (c->s[p] != '.' || c->s[q] != '.') continue;
            Comp t = *c;
            t.s[p] = t.s[q] = '#';
            push(ms, &t, NULL);
        }
}

static void moves_cut(const Comp *c, int side, Moves *ms)
{
    int w = c->a, h = c->b;
    if (side == LEFT)   /* vertical cuts: the width splits */
        for (int x = 1; x < w; x++) {
            Comp p = *c, q = *c;
            p.a = x;
            q.a = w - x;
            push(ms, &p, &q);
        }
    else
        for (int y = 1; y < h; y++) {
            Comp p = *c, q = *c;
            p.b = y;
            q.b = h - y;
            push(ms, &p, &q);
        }
}

static void moves_toads(const Comp *c, int side, Moves *ms)
{
    int n = (int)strlen(c->s);
    for (int i = 0; i < n; i++) {
        Comp t = *c;
        if (side == LEFT && c->s[i] == 'T') {   /* toads go right: a step, or a jump over one frog */
            if (i + 1 < n && c->s[i + 1] == '.') t.s[i + 1] = 'T';
            else if (i + 2 < n && c->s[i + 1] == 'F' && c->s[i + 2] == '.') t.s[i + 2] = 'T';
            else continue;
        } else if (side == RIGHT && c->s[i] == 'F') {   /* frogs go left: a step, or a jump over one toad */
            if (i >= 1 && c->s[i - 1] == '.') t.s[i - 1] = 'F';
            else if (i >= 2 && c->s[i - 1] == 'T' && c->s[i - 2] == '.') t.s[i - 2] = 'F';
            else continue;
        } else {
            continue;
        }
        t.s[i] = '.';
        push(ms, &t, NULL);
    }
}

static void moves_clob(const Comp *c, int side, Moves *ms)
{
    char mine = side == LEFT ? 'x' : 'o', theirs = side == LEFT ? 'o' : 'x';
    static const int di[4] = { -1, 1, 0, 0 }, dj[4] = { 0, 0, -1, 1 };
    for (int i = 0; i < c->a; i++)
        for (int j = 0; j < c->b; j++) {
            if (c->s[i * c->b + j] != mine) continue;
            for (int d = 0; d < 4; d++) {
                int y = i + di[d], x = j + dj[d];
                if (y < 0 || y >= c->a || x < 0 || x >= c->b || c->s[y * c->b + x] != theirs) continue;
                Comp t = *c;
                t.s[y * c->b + x] = mine;   /* the stone moves onto the clobbered one */
                t.s[i * c->b + j] = '.';
                push(ms, &t, NULL);
            }
        }
}

static void moves_subt(const Comp *c, int side, Moves *ms)
{
    const Rule *r = &rules[c->b];
    bool used[7] = { false };
    for (int w = 0; w < 2; w++) {
        int which = w ? 2 : side;   /* the player's own set, then the shared one */
        for (int j = 0; j < r->n[which]; j++) {
            int k = r->set[which][j];
            if (k > c->a || used[k]) continue;
            used[k] = true;
            Comp t = *c;
            t.a = c->a - k;
            push(ms, &t, NULL);
        }
    }
}

static void comp_moves(const Comp *c, int side, Moves *ms)
{
    switch (c->kind) {
    case HACK: moves_hack(c, side, ms); break;
    case DOM: moves_dom(c, side, ms); break;
    case CUT: moves_cut(c, side, ms); break;
    case TOADS: moves_toads(c, side, ms); break;
    case CLOB: moves_clob(c, side, ms); break;
    case HEAP:   /* either player takes k >= 1 */
        for (int k = 1; k <= c->a; k++) {
            Comp t = *c;
            t.a = c->a - k;
            push(ms, &t, NULL);
        }
        break;
    case SUBT: moves_subt(c, side, ms); break;
    }
}

static bool has_move(const Comp *c, int side)
{
    Moves ms = { .probe = true };
    comp_moves(c, side, &ms);
    return ms.n > 0;
}

static void print_rows(char *p, size_t cap, const char *name, const Comp *c)
{
    int k = snprintf(p, cap, "%s(", name);
    for (int i = 0; i < c->a; i++) k += snprintf(p + k, cap - (size_t)k, "%s\"%.*s\"", i ? ", " : "", c->b, c->s + i * c->b);
    snprintf(p + k, cap - (size_t)k, ")");
}

/* The printed form (as the engine prints positions) and whether either player can move. */
static void comp_fix(Comp *c)
{
    size_t cap = sizeof c->str;
    switch (c->kind) {
    case HACK: snprintf(c->str, cap, "HackenbushString(\"%s\")", c->s); break;
    case DOM: print_rows(c->str, cap, "DomineeringBoard", c); break;
    case CUT: snprintf(c->str, cap, "Cutcake(%d, %d)", c->a, c->b); break;
    case TOADS: snprintf(c->str, cap, "ToadsFrogs(\"%s\")", c->s); break;
    case CLOB: print_rows(c->str, cap, "Clobber", c); break;
    case HEAP: snprintf(c->str, cap, "Heap(%d)", c->a); break;
    case SUBT: snprintf(c->str, cap, "%s(%d)", rules[c->b].name, c->a); break;
    }
    c->dead = !has_move(c, LEFT) && !has_move(c, RIGHT);
}

/* The component as a query writes it: an empty Domineering board sometimes as Domineering(r, c). */
static void query_term(Str *t, const Comp *c)
{
    if (c->alias) sput(t, "Domineering(%d, %d)", c->a, c->b);
    else sput(t, "%s", c->str);
}

static void rand_string(char *s, int n, const char *alphabet, const int *weight)
{
    int total = 0;
    for (int i = 0; alphabet[i]; i++) total += weight[i];
    for (int j = 0; j < n; j++) {
        int x = rnd(1, total), i = 0;
        while (x > weight[i]) x -= weight[i++];
        s[j] = alphabet[i];
    }
    s[n] = 0;
}

/* A random small component of the kind. */
static Comp rand_comp(int kind)
{
    Comp c;
    memset(&c, 0, sizeof c);
    c.kind = kind;
    switch (kind) {
    case HACK: {
        static const int w[3] = { 3, 3, 2 };
        rand_string(c.s, rnd(1, 7), "LRG", w);
        break;
    }
    case DOM: {
        do {
            c.a = rnd(1, 4);
            c.b = rnd(1, 4);
        } while (c.a * c.b > 12 || c.a * c.b < 2);
        int fill = rnd(0, 2) * 15;   /* percent of filled cells: 0, 15, 30 */
        for (int i = 0; i < c.a * c.b; i++) c.s[i] = rnd(0, 99) < fill ? '#' : '.';
        c.alias = !strchr(c.s, '#') && rnd(0, 1);
        break;
    }
    case CUT:
        c.a = rnd(1, 5);
        c.b = rnd(1, 5);
        break;
    case TOADS: {
        static const int w[3] = { 2, 2, 3 };
        rand_string(c.s, rnd(2, 7), "TF.", w);
        break;
    }
    case CLOB: {
        static const int w[3] = { 3, 3, 1 };
        if (rnd(0, 1)) {
            c.a = 1;
            c.b = rnd(2, 7);
        } else {
            c.a = 2;
            c.b = rnd(2, 4);
        }
        rand_string(c.s, c.a * c.b, "xo.", w);
        break;
    }
    case HEAP: c.a = rnd(0, 4); break;
    case SUBT:
        c.a = rnd(0, 12);
        c.b = rnd(0, nrules - 1);
        break;
    }
    comp_fix(&c);
    return c;
}

/* -X by the rules: Left's and Right's moves exchanged. */
static Comp neg_comp(const Comp *x)
{
    Comp c = *x;
    c.alias = false;
    switch (x->kind) {
    case HACK:
        for (int i = 0; c.s[i]; i++) c.s[i] = x->s[i] == 'L' ? 'R' : x->s[i] == 'R' ? 'L' : x->s[i];
        break;
    case DOM:   /* transposed: vertical dominoes become horizontal */
        c.a = x->b;
        c.b = x->a;
        for (int i = 0; i < x->a; i++)
            for (int j = 0; j < x->b; j++) c.s[j * c.b + i] = x->s[i * x->b + j];
        c.alias = x->alias && rnd(0, 1);
        break;
    case CUT:
        c.a = x->b;
        c.b = x->a;
        break;
    case TOADS: {   /* reversed, toads and frogs exchanged */
        int n = (int)strlen(x->s);
        for (int i = 0; i < n; i++) {
            char ch = x->s[n - 1 - i];
            c.s[i] = ch == 'T' ? 'F' : ch == 'F' ? 'T' : ch;
        }
        break;
    }
    case CLOB:
        for (int i = 0; c.s[i]; i++) c.s[i] = x->s[i] == 'x' ? 'o' : x->s[i] == 'o' ? 'x' : x->s[i];
        break;
    case HEAP: break;
    case SUBT: c.b = rules[x->b].neg; break;
    }
    comp_fix(&c);
    return c;
}

/* ---- reading the engine's printed positions ------------------------------------------------------ */

/* One printed component "Name(args)" (string literals without escapes, integers) into c. */
static bool parse_comp(const char *t, Comp *c)
{
    memset(c, 0, sizeof *c);
    const char *open = strchr(t, '(');
    size_t len = strlen(t);
    if (!open || len < 3 || t[len - 1] != ')') return false;
    char name[32];
    size_t nl = (size_t)(open - t);
    if (nl == 0 || nl >= sizeof name) return false;
    memcpy(name, t, nl);
    name[nl] = 0;
    char strs[8][16];
    int nstr = 0, nint = 0, ints[4];
    const char *p = open + 1, *end = t + len - 1;
    while (p < end) {
        if (*p == '"') {
            const char *q = strchr(p + 1, '"');
            if (!q || q >= end || nstr == 8 || q - p - 1 >= 16 || memchr(p + 1, '\\', (size_t)(q - p - 1))) return false;
            memcpy(strs[nstr], p + 1, (size_t)(q - p - 1));
            strs[nstr++][q - p - 1] = 0;
            p = q + 1;
        } else {
            char *q;
            long v = strtol(p, &q, 10);
            if (q == p || nint == 4 || v < 0 || v > 99) return false;
            ints[nint++] = (int)v;
            p = q;
        }
        if (p < end) {
            if (strncmp(p, ", ", 2)) return false;
            p += 2;
            if (p >= end) return false;
        }
    }
    if (nstr && nint) return false;
    if (!strcmp(name, "HackenbushString") || !strcmp(name, "ToadsFrogs")) {
        bool hack = name[0] == 'H';
        if (nstr != 1 || strspn(strs[0], hack ? "LRG" : "TF.") != strlen(strs[0])) return false;
        c->kind = hack ? HACK : TOADS;
        strcpy(c->s, strs[0]);
    } else if (!strcmp(name, "DomineeringBoard") || !strcmp(name, "Clobber")) {
        bool dom = name[0] == 'D';
        if (nstr < 1) return false;
        c->kind = dom ? DOM : CLOB;
        c->a = nstr;
        c->b = (int)strlen(strs[0]);
        if (c->a * c->b >= 16) return false;
        for (int i = 0; i < nstr; i++) {
            if ((int)strlen(strs[i]) != c->b || strspn(strs[i], dom ? ".#" : "xo.") != strlen(strs[i])) return false;
            memcpy(c->s + i * c->b, strs[i], (size_t)c->b);
        }
    } else if (!strcmp(name, "Cutcake")) {
        if (nint != 2 || ints[0] < 1 || ints[1] < 1) return false;
        c->kind = CUT;
        c->a = ints[0];
        c->b = ints[1];
    } else if (nint == 1) {
        c->a = ints[0];
        if (!strcmp(name, "Heap")) c->kind = HEAP;
        else {
            int r = 0;
            while (r < nrules && strcmp(rules[r].name, name)) r++;
            if (r == nrules) return false;
            c->kind = SUBT;
            c->b = r;
        }
    } else {
        return false;
    }
    comp_fix(c);
    return !strcmp(c->str, t);
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }

static char *join_sorted(char **terms, int n)
{
    qsort(terms, (size_t)n, sizeof *terms, cmp_str);
    Str t = { 0 };
    sput(&t, "%s", n ? "" : "0");
    for (int i = 0; i < n; i++) sput(&t, "%s%s", i ? " + " : "", terms[i]);
    return t.s;
}

/* A printed sum as the sorted terms, copies spelled out; the components without a move for either
   player left out unless keep_dead (the empty sum "0"). NULL when it does not read as a sum. */
static char *norm_position(const char *text, bool keep_dead)
{
    char *terms[256];
    int n = 0;
    bool bad = false;
    const char *p = text;
    if (!strcmp(text, "0")) return strdup("0");
    while (*p && !bad) {
        const char *q = p;   /* the term ends at " + " outside quotes */
        bool quoted = false;
        while (*q && (quoted || strncmp(q, " + ", 3))) {
            if (*q == '"') quoted = !quoted;
            q++;
        }
        char term[256];
        size_t len = (size_t)(q - p);
        if (len == 0 || len >= sizeof term) { bad = true; break; }
        memcpy(term, p, len);
        term[len] = 0;
        p = *q ? q + 3 : q;
        if (*q && !*p) bad = true;
        int copies = 1;
        char *t = term;
        if (term[0] >= '1' && term[0] <= '9') {   /* "k * Name(args)" */
            char *e;
            long k = strtol(term, &e, 10);
            if (strncmp(e, " * ", 3) || k < 1 || k > 64) { bad = true; break; }
            copies = (int)k;
            t = e + 3;
        }
        Comp c;
        if (t[0] == '-') {   /* the engine's negative of a component: the rules' negative, as printed */
            if (!parse_comp(t + 1, &c)) { bad = true; break; }
            c = neg_comp(&c);
            t = c.str;
            if (c.dead && !keep_dead) continue;
        } else if (parse_comp(t, &c) && c.dead && !keep_dead) {
            continue;
        }
        for (int i = 0; i < copies && !bad; i++) {
            if (n == 256) bad = true;
            else terms[n++] = strdup(t);
        }
    }
    char *r = bad ? NULL : join_sorted(terms, n);
    for (int i = 0; i < n; i++) free(terms[i]);
    return r;
}

/* ---- plain minimax on sums, a memo on the sorted printed components ------------------------------- */

enum { MAXC = 80, KEYCAP = MAXC * 64 + 8 };
static char **mkeys;
static unsigned char *mvals;
static size_t mcap, mn;
static long budget;   /* new memo entries left for this query */
static bool blown;    /* the search outgrew its budget: the query is dropped */

static uint64_t fnv(const char *s)
{
    uint64_t h = 1469598103934665603ull;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

static int memo_get(const char *k)
{
    if (!mcap) return -1;
    for (size_t i = fnv(k) & (mcap - 1);; i = (i + 1) & (mcap - 1)) {
        if (!mkeys[i]) return -1;
        if (!strcmp(mkeys[i], k)) return mvals[i];
    }
}

static void memo_put(const char *k, bool v)
{
    if (2 * (mn + 1) > mcap) {
        size_t oc = mcap;
        char **ok = mkeys;
        unsigned char *ov = mvals;
        mcap = mcap ? 2 * mcap : 1 << 20;
        mkeys = calloc(mcap, sizeof *mkeys);
        mvals = calloc(mcap, 1);
        for (size_t j = 0; j < oc; j++) {
            if (!ok[j]) continue;
            size_t i = fnv(ok[j]) & (mcap - 1);
            while (mkeys[i]) i = (i + 1) & (mcap - 1);
            mkeys[i] = ok[j];
            mvals[i] = ov[j];
        }
        free(ok);
        free(ov);
    }
    size_t i = fnv(k) & (mcap - 1);
    while (mkeys[i]) i = (i + 1) & (mcap - 1);
    mkeys[i] = strdup(k);
    mvals[i] = v;
    mn++;
}

static void memo_clear(void)
{
    for (size_t i = 0; i < mcap; i++) free(mkeys[i]);
    free(mkeys);
    free(mvals);
    mkeys = NULL;
    mvals = NULL;
    mcap = mn = 0;
}

static int cmp_comp(const void *x, const void *y) { return strcmp((*(const Comp *const *)x)->str, (*(const Comp *const *)y)->str); }

/* The sum's text: its components sorted, joined by " + "; "0" when none. */
static void sum_text(const Comp **cs, int n, char *buf, size_t cap)
{
    qsort(cs, (size_t)n, sizeof *cs, cmp_comp);
    size_t k = 0;
    for (int i = 0; i <= n; i++) {
        const char *part = i == n ? (n ? "" : "0") : cs[i]->str;
        size_t len = strlen(part);
        if (k + len + 4 > cap) {
            fprintf(stderr, "duel_partizan: a position too long to print\n");
            exit(99);
        }
        if (i && i < n) {
            memcpy(buf + k, " + ", 3);
            k += 3;
        }
        memcpy(buf + k, part, len + 1);
        k += len;
    }
}

/* The sum after move m of component i: the others, then m's parts that can still move. */
static int child_of(const Comp **cs, int n, int i, const Move *m, const Comp **out)
{
    int k = 0;
    for (int j = 0; j < n; j++)
        if (j != i) out[k++] = cs[j];
    for (int j = 0; j < m->n; j++)
        if (!m->part[j].dead) {
            if (k == MAXC) { blown = true; return k; }
            out[k++] = &m->part[j];
        }
    return k;
}

/* Whether side, to move in the sum of the live components cs[0..n), wins (normal play). */
static bool win(const Comp **cs, int n, int side)
{
    char key[KEYCAP];
    key[0] = side == LEFT ? 'L' : 'R';
    key[1] = ':';
    sum_text(cs, n, key + 2, sizeof key - 2);
    int v = memo_get(key);
    if (v >= 0) return v;
    bool w = false;
    Moves ms = { 0 };
    const Comp *child[MAXC];
    for (int i = 0; i < n && !w && !blown; i++) {
        ms.n = 0;
        comp_moves(cs[i], side, &ms);
        for (int j = 0; j < ms.n && !w && !blown; j++) {
            int m = child_of(cs, n, i, &ms.m[j], child);
            if (!blown && !win(child, m, !side)) w = true;
        }
    }
    free(ms.m);
    if (blown) return false;
    memo_put(key, w);
    if (--budget < 0) blown = true;
    return w;
}

/* ---- queries and what the engine must answer ------------------------------------------------------ */

typedef struct Query {
    char *text;         /* the position as queried */
    char outcome;       /* L, R, P, N */
    char **win[2];      /* the winning positions for Left and for Right, normalised */
    int nwin[2];
    char *value;        /* the value's text when it is checked, else NULL */
    bool impartial;     /* every component queried is a Heap: the engine answers it as an impartial game */
} Query;

static void add_unique(char ***set, int *n, const char *s)
{
    for (int i = 0; i < *n; i++)
        if (!strcmp((*set)[i], s)) return;
    *set = realloc(*set, (size_t)(*n + 1) * sizeof **set);
    (*set)[(*n)++] = strdup(s);
}

static void query_free(Query *q)
{
    for (int s = 0; s < 2; s++) {
        for (int i = 0; i < q->nwin[s]; i++) free(q->win[s][i]);
        free(q->win[s]);
    }
    free(q->text);
    free(q->value);
    memset(q, 0, sizeof *q);
}

/* The outcome and winning sets of the sum in[0..n0), searched within limit new positions; false
   when it takes more (nothing kept). */
static bool expect(const Comp *in, int n0, Query *q, long limit)
{
    const Comp *cs[MAXC];
    int n = 0;
    for (int i = 0; i < n0; i++)
        if (!in[i].dead) cs[n++] = &in[i];
    if (mn > 1500000) memo_clear();
    blown = false;
    budget = limit;
    bool w[2];
    w[LEFT] = win(cs, n, LEFT);
    w[RIGHT] = win(cs, n, RIGHT);
    q->outcome = w[LEFT] ? (w[RIGHT] ? 'N' : 'L') : (w[RIGHT] ? 'R' : 'P');
    q->impartial = true;
    for (int i = 0; i < n0; i++) q->impartial &= in[i].kind == HEAP;   /* a partizan game named, dead or not: partizan */
    const Comp *child[MAXC];
    char text[KEYCAP];
    Moves ms = { 0 };
    for (int side = 0; side < 2 && !blown; side++)
        for (int i = 0; i < n && !blown; i++) {
            ms.n = 0;
            comp_moves(cs[i], side, &ms);
            for (int j = 0; j < ms.n && !blown; j++) {
                int m = child_of(cs, n, i, &ms.m[j], child);
                if (blown || win(child, m, !side) || blown) continue;
                sum_text(child, m, text, sizeof text);
                add_unique(&q->win[side], &q->nwin[side], text);
            }
        }
    free(ms.m);
    if (!blown && ((q->nwin[LEFT] > 0) != w[LEFT] || (q->nwin[RIGHT] > 0) != w[RIGHT])) {
        fprintf(stderr, "duel_partizan: the brute force contradicts itself on %s\n", q->text);
        exit(99);
    }
    if (blown) {
        for (int s = 0; s < 2; s++) {
            for (int i = 0; i < q->nwin[s]; i++) free(q->win[s][i]);
            free(q->win[s]);
            q->win[s] = NULL;
            q->nwin[s] = 0;
        }
        return false;
    }
    return true;
}

/* The value of a Hackenbush string of L and R by its sign expansion: the first run counts 1 an
   edge, each edge after the first change of letter half the one before; exact, reduced. */
static void sign_value(const char *s, char *out, size_t cap)
{
    int n = (int)strlen(s), i = 0;
    long den = 1L << n, num = 0;
    while (i < n && s[i] == s[0]) num += (s[i++] == 'L' ? 1 : -1) * den;
    for (long w = den / 2; i < n; i++, w /= 2) num += s[i] == 'L' ? w : -w;
    while (den > 1 && num % 2 == 0) {
        num /= 2;
        den /= 2;
    }
    if (den == 1) snprintf(out, cap, "%ld", num);
    else snprintf(out, cap, "%ld/%ld", num, den);
}

/* ---- a minimal JSON reader: one object per line ----------------------------------------------------- */

typedef struct JVal { char type; char *s; char **items; int n; } JVal;   /* type 's', 'a' (of strings), 'l' (literal), 'o' */

static const char *ws(const char *p)
{
    while (*p == ' ' || *p == '\t') p++;
    return p;
}

/* A JSON string at p (at its quote) into *out (malloc'd, unescaped); returns the end, NULL if bad. */
static const char *jstring(const char *p, char **out)
{
    if (*p != '"') return NULL;
    Str t = { 0 };
    sput(&t, "");
    for (p++; *p && *p != '"'; p++) {
        char ch = *p;
        if (ch == '\\') {
            p++;
            switch (*p) {
            case 'n': ch = '\n'; break;
            case 't': ch = '\t'; break;
            case 'r': ch = '\r'; break;
            case 'b': ch = '\b'; break;
            case 'f': ch = '\f'; break;
            case 'u': {
                unsigned v = 0;
                for (int i = 1; i <= 4; i++) {
                    char h = p[i];
                    if (!h) { free(t.s); return NULL; }
                    v = v * 16 + (unsigned)(h <= '9' ? h - '0' : (h | 32) - 'a' + 10);
                }
                p += 4;
                ch = v < 128 ? (char)v : '?';
                break;
            }
            case 0: free(t.s); return NULL;
            default: ch = *p; break;   /* \" \\ \/ */
            }
        }
        sput(&t, "%c", ch);
    }
    if (*p != '"') { free(t.s); return NULL; }
    *out = t.s;
    return p + 1;
}

/* Skip any JSON value at p; NULL if bad. */
static const char *jskip(const char *p)
{
    p = ws(p);
    if (*p == '"') {
        char *s;
        p = jstring(p, &s);
        if (p) free(s);
        return p;
    }
    if (*p == '[' || *p == '{') {
        char close = *p == '[' ? ']' : '}';
        p = ws(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            if (close == '}') {
                char *k;
                if (!(p = jstring(ws(p), &k))) return NULL;
                free(k);
                p = ws(p);
                if (*p++ != ':') return NULL;
            }
            if (!(p = jskip(p))) return NULL;
            p = ws(p);
            if (*p == close) return p + 1;
            if (*p++ != ',') return NULL;
        }
    }
    size_t n = strcspn(p, ",]}");
    return n ? p + n : NULL;
}

static void jfree(JVal *v)
{
    free(v->s);
    for (int i = 0; i < v->n; i++) free(v->items[i]);
    free(v->items);
    memset(v, 0, sizeof *v);
}

/* The field name of the object line: a string, an array of strings, or a literal's text. */
static bool jfield(const char *line, const char *name, JVal *v)
{
    memset(v, 0, sizeof *v);
    const char *p = ws(line);
    if (*p++ != '{') return false;
    p = ws(p);
    if (*p == '}') return false;
    for (;;) {
        char *k;
        if (!(p = jstring(ws(p), &k))) return false;
        p = ws(p);
        bool hit = !strcmp(k, name);
        free(k);
        if (*p++ != ':') return false;
        p = ws(p);
        if (!hit) {
            if (!(p = jskip(p))) return false;
        } else if (*p == '"') {
            v->type = 's';
            return jstring(p, &v->s) != NULL;
        } else if (*p == '[') {
            v->type = 'a';
            p = ws(p + 1);
            if (*p == ']') return true;
            for (;;) {
                char *s;
                if (!(p = jstring(ws(p), &s))) { v->type = 'o'; return true; }
                v->items = realloc(v->items, (size_t)(v->n + 1) * sizeof *v->items);
                v->items[v->n++] = s;
                p = ws(p);
                if (*p == ']') return true;
                if (*p++ != ',') { v->type = 'o'; return true; }
            }
        } else {
            const char *e = jskip(p);
            if (!e) return false;
            v->type = *p == '{' ? 'o' : 'l';
            v->s = strndup(p, (size_t)(e - p));
            return true;
        }
        p = ws(p);
        if (*p++ != ',') return false;
    }
}

/* ---- running a program and comparing -------------------------------------------------------------- */

typedef struct Prog { Str text; Query *q; int n, cap, dropped; const char *what; } Prog;

static int passed, failed, checks, shown;

static void prog_add(Prog *p, Query *q)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->q = realloc(p->q, (size_t)p->cap * sizeof *p->q);
    }
    p->q[p->n++] = *q;
    sput(&p->text, "query %s;\n", q->text);
}

/* The engine's list for one side against ours: the same set, no position twice. */
static void compare_set(Str *why, const char *field, const JVal *v, char **want, int nwant)
{
    char **got = NULL, **raw = NULL;
    int ngot = 0, nraw = 0;
    checks++;
    for (int i = 0; i < v->n; i++) {
        char *all = norm_position(v->items[i], true), *live = norm_position(v->items[i], false);
        if (!all || !live) {
            sput(why, "  %s: \"%s\" does not read as a sum\n", field, v->items[i]);
        } else {
            int before = nraw;
            add_unique(&raw, &nraw, all);
            if (nraw == before) sput(why, "  %s: \"%s\" listed twice\n", field, v->items[i]);
            add_unique(&got, &ngot, live);
        }
        free(all);
        free(live);
    }
    for (int i = 0; i < nwant; i++) {
        bool in = false;
        for (int j = 0; j < ngot && !in; j++) in = !strcmp(got[j], want[i]);
        if (!in) sput(why, "  %s: missing %s\n", field, want[i]);
    }
    for (int j = 0; j < ngot; j++) {
        bool in = false;
        for (int i = 0; i < nwant && !in; i++) in = !strcmp(got[j], want[i]);
        if (!in) sput(why, "  %s: not winning (or not a move) %s\n", field, got[j]);
    }
    for (int i = 0; i < ngot; i++) free(got[i]);
    for (int i = 0; i < nraw; i++) free(raw[i]);
    free(got);
    free(raw);
}

static void compare(const char *what, const char *line, const Query *q)
{
    Str why = { 0 };
    sput(&why, "");
    JVal v;
    checks++;
    if (!jfield(line, "outcome", &v) || v.type != 's') sput(&why, "  no outcome\n");
    else if (strlen(v.s) != 1 || v.s[0] != q->outcome) sput(&why, "  outcome %s, want %c\n", v.s, q->outcome);
    jfree(&v);
    static const char *const names[2] = { "winning_left", "winning_right" };
    if (q->impartial) {   /* a sum of heaps stays impartial: its winning moves are both players' */
        if (!jfield(line, "winning", &v) || v.type != 'a') sput(&why, "  no winning (an array of strings)\n");
        else compare_set(&why, "winning", &v, q->win[LEFT], q->nwin[LEFT]);
        jfree(&v);
    }
    for (int s = 0; s < 2 && !q->impartial; s++) {
        if (!jfield(line, names[s], &v) || v.type != 'a') sput(&why, "  no %s (an array of strings)\n", names[s]);
        else compare_set(&why, names[s], &v, q->win[s], q->nwin[s]);
        jfree(&v);
    }
    if (q->value && q->impartial) {   /* X + (-X) of heaps: SG value 0 */
        checks++;
        if (!jfield(line, "sg", &v) || v.type != 'l') sput(&why, "  no sg\n");
        else if (strcmp(q->value, "0") || strcmp(v.s, "0")) sput(&why, "  sg %s, want the value %s\n", v.s, q->value);
        jfree(&v);
    } else if (q->value) {
        checks++;
        if (!jfield(line, "value", &v) || (v.type != 's' && v.type != 'l')) sput(&why, "  no value\n");
        else if (strcmp(v.s, q->value)) sput(&why, "  value %s, want %s\n", v.s, q->value);
        jfree(&v);
    }
    if (why.len) {
        if (shown++ < 6) printf("MISMATCH %s: %s\n%s  engine: %.900s\n", what, q->text, why.s, line);
        failed++;
    } else {
        passed++;
    }
    free(why.s);
}

/* Run the program (the rules' definitions, then the queries) and compare each answer. */
static void prog_run(Prog *p)
{
    Str full = { 0 };
    sput(&full, "");
    rules_text(&full);
    sput(&full, "%s", p->text.s ? p->text.s : "");
    int status;
    char *err = NULL;
    char *out = duel_run(full.s, NULL, &status, &err);
    int i = 0;
    if (status) {
        printf("%s: the program failed (exit %d): %.2000s\n", p->what, status, err ? err : "");
        failed += p->n;
        i = p->n;
    }
    char *sv = NULL;
    for (char *line = status || !out ? NULL : strtok_r(out, "\n", &sv); line; line = strtok_r(NULL, "\n", &sv)) {
        JVal kind;
        bool query = jfield(line, "kind", &kind) && kind.type == 's' && !strcmp(kind.s, "query");
        jfree(&kind);
        if (!query) continue;
        if (i == p->n) {
            printf("%s: an answer too many: %.300s\n", p->what, line);
            failed++;
            break;
        }
        compare(p->what, line, &p->q[i++]);
    }
    if (i < p->n) {
        printf("%s: %d answers for %d queries\n", p->what, i, p->n);
        failed += p->n - i;
    }
    int cls[4] = { 0 }, moves = 0;
    for (int j = 0; j < p->n; j++) {
        cls[strchr("LRPN", p->q[j].outcome) - "LRPN"]++;
        moves += p->q[j].nwin[LEFT] + p->q[j].nwin[RIGHT];
    }
    printf("%-22s %4d queries (L %d, R %d, P %d, N %d; %d winning positions; %d too big to search, left out)\n", p->what, p->n,
           cls[0], cls[1], cls[2], cls[3], moves, p->dropped);
    for (int j = 0; j < p->n; j++) query_free(&p->q[j]);
    free(p->q);
    free(p->text.s);
    free(full.s);
    free(out);
    free(err);
    memset(p, 0, sizeof *p);
}

/* ---- the duels ----------------------------------------------------------------------------------------- */

/* Query text for comps[0..n): "A + B", a run of equal neighbours sometimes as "k * A". */
static char *sum_query(const Comp *c, int n)
{
    Str t = { 0 };
    sput(&t, "");
    for (int i = 0; i < n;) {
        int k = 1;
        while (i + k < n && !strcmp(c[i + k].str, c[i].str) && c[i + k].alias == c[i].alias) k++;
        if (k > 1 && rnd(0, 1)) k = 1;   /* equal neighbours: sometimes "A + A", sometimes "2 * A" */
        sput(&t, "%s", i ? " + " : "");
        if (k > 1) sput(&t, "%d * ", k);
        query_term(&t, &c[i]);
        i += k;
    }
    return t.s;
}

/* Random sums of 1-3 components of mixed kinds: outcome and both winning sets. */
static void duel_sums(int programs, int per)
{
    for (int pr = 0; pr < programs; pr++) {
        rules_reset();
        for (int r = rnd(1, 3); r > 0; r--) rand_rule(false);
        Prog p = { .what = "random sums" };
        for (int made = 0, tries = 0; made < per && tries < 40 * per; tries++) {
            Comp c[3];
            int n = rnd(1, 3);
            for (int i = 0; i < n; i++) c[i] = rand_comp(rnd(0, NKINDS - 1));
            if (made % 5 == 0) {   /* a Heap among partizan components */
                n = rnd(2, 3);
                c[0] = rand_comp(HEAP);
                if (!c[0].a) {
                    c[0].a = rnd(1, 4);
                    comp_fix(&c[0]);
                }
                for (int i = 1; i < n; i++) c[i] = rand_comp(rnd(0, NKINDS - 1) == HEAP ? SUBT : rnd(0, HEAP - 1));
            } else if (made % 7 == 3 && n >= 2) {   /* two copies of one */
                c[1] = c[0];
            }
            Query q = { .text = sum_query(c, n) };
            if (!expect(c, n, &q, 60000)) {
                query_free(&q);
                p.dropped++;
                continue;
            }
            prog_add(&p, &q);
            made++;
        }
        prog_run(&p);
    }
}

/* X + (-X), and X + (-X) + Y + (-Y): value 0, outcome P (here too). */
/* Sums of 1-3 components, each written as the engine's negative of the rules' negative, -(N), half
   of the time: outcome and both winning sets as for plain sums (the engine prints the positions
   its moves reach in a negated component as -Name(...), read back as the rules' negative). */
static void duel_negated(int programs, int per)
{
    for (int pr = 0; pr < programs; pr++) {
        rules_reset();
        for (int r = rnd(1, 2); r > 0; r--) rand_rule(true);
        Prog p = { .what = "sums with -(N)" };
        for (int made = 0, tries = 0; made < per && tries < 40 * per; tries++) {
            Comp c[3];
            int n = rnd(1, 3);
            Str t = { 0 };
            sput(&t, "");
            for (int i = 0; i < n; i++) {
                c[i] = rand_comp(rnd(0, NKINDS - 1));
                sput(&t, "%s", i ? " + " : "");
                if (rnd(0, 1)) {
                    Comp neg = neg_comp(&c[i]);
                    sput(&t, "-(");
                    query_term(&t, &neg);
                    sput(&t, ")");
                } else {
                    query_term(&t, &c[i]);
                }
            }
            Query q = { .text = t.s };
            if (!expect(c, n, &q, 60000)) {
                query_free(&q);
                p.dropped++;
                continue;
            }
            prog_add(&p, &q);
            made++;
        }
        prog_run(&p);
    }
}

/* "X - (X)": X and the engine's negative of X, 0 exactly when the engine negates X (as the rules'
   negative N does: the brute force searches X + N). */
static char *neg_query(const Comp *x)
{
    Str t = { 0 };
    sput(&t, "");
    query_term(&t, x);
    sput(&t, " - (");
    query_term(&t, x);
    sput(&t, ")");
    return t.s;
}

/* X + (-X) with the negative built by the rules; in odd programs, also X - X (the engine's
   negative, neg_query). */
static void duel_negatives(int programs, int per)
{
    for (int pr = 0; pr < programs; pr++) {
        rules_reset();
        for (int r = rnd(1, 3); r > 0; r--) rand_rule(true);
        Prog p = { .what = pr % 2 ? "X - X, X + (-X)" : "X + (-X)" };
        for (int made = 0, tries = 0; made < per && tries < 40 * per; tries++) {
            Comp c[4];
            int n = made % 3 == 2 ? 4 : 2;
            for (int i = 0; i < n; i += 2) {
                c[i] = rand_comp(rnd(0, NKINDS - 1));
                c[i + 1] = neg_comp(&c[i]);
            }
            if (n == 4 && rnd(0, 1)) {   /* the order X + Y + (-X) + (-Y) */
                Comp t = c[1];
                c[1] = c[2];
                c[2] = t;
            }
            Query q = { .text = pr % 2 && n == 2 ? neg_query(&c[0]) : sum_query(c, n), .value = strdup("0") };
            if (!expect(c, n, &q, 40000)) {
                query_free(&q);
                p.dropped++;
                continue;
            }
            checks++;
            if (q.outcome != 'P') {
                printf("BRUTE FORCE: %s is %c here, not P: the negative is wrong\n", q.text, q.outcome);
                failed++;
            }
            prog_add(&p, &q);
            made++;
        }
        prog_run(&p);
    }
}

/* Every Hackenbush string of L and R up to 8 edges: the value by its sign expansion. */
static void duel_hackenbush(void)
{
    rules_reset();
    Prog p = { .what = "Hackenbush L/R values" };
    for (int len = 0; len <= 8; len++)
        for (int bits = 0; bits < 1 << len; bits++) {
            Comp c;
            memset(&c, 0, sizeof c);
            c.kind = HACK;
            for (int i = 0; i < len; i++) c.s[i] = bits >> i & 1 ? 'R' : 'L';
            comp_fix(&c);
            char v[32];
            sign_value(c.s, v, sizeof v);
            Query q = { .text = strdup(c.str), .value = strdup(v) };
            if (!expect(&c, 1, &q, 1000000)) {
                printf("BRUTE FORCE: %s is too big to search\n", c.str);
                failed++;
                query_free(&q);
                continue;
            }
            char sign = v[0] == '-' ? 'R' : strcmp(v, "0") ? 'L' : 'P';   /* a number's outcome is its sign */
            checks++;
            if (q.outcome != sign) {
                printf("BRUTE FORCE: %s has the value %s but outcome %c here\n", c.str, v, q.outcome);
                failed++;
            }
            prog_add(&p, &q);
        }
    prog_run(&p);
}

/* Published values, asked the engine as stated (with outcome and winning sets from here). */
static void duel_facts(void)
{
    static const struct { const char *text, *value, *my; } facts[] = {
        { "Domineering(2, 2)", "+-1", "DomineeringBoard(\"..\", \"..\")" },
        { "Domineering(2, 1)", "1", "DomineeringBoard(\".\", \".\")" },
        { "Domineering(1, 2)", "-1", "DomineeringBoard(\"..\")" },
        { "HackenbushString(\"LR\")", "1/2", NULL },
        { "HackenbushString(\"LRR\")", "1/4", NULL },
        { "HackenbushString(\"LLR\")", "3/2", NULL },
    };
    static const char outcome[] = "NLRLLL";
    rules_reset();
    Prog p = { .what = "published values" };
    for (size_t i = 0; i < sizeof facts / sizeof *facts; i++) {
        Comp c;
        if (!parse_comp(facts[i].my ? facts[i].my : facts[i].text, &c)) {
            printf("BRUTE FORCE: cannot read %s\n", facts[i].text);
            failed++;
            continue;
        }
        Query q = { .text = strdup(facts[i].text), .value = strdup(facts[i].value) };
        checks++;
        if (!expect(&c, 1, &q, 1000000) || q.outcome != outcome[i]) {
            printf("BRUTE FORCE: %s is %c here, published %c\n", facts[i].text, q.outcome, outcome[i]);
            failed++;
        }
        prog_add(&p, &q);
    }
    prog_run(&p);
}

/* The sign expansion against the examples of the rules (a check of this file, not the engine). */
static void self_checks(void)
{
    static const char *const ex[][2] = { { "LR", "1/2" },  { "LRR", "1/4" }, { "LLR", "3/2" }, { "RL", "-1/2" },
                                         { "RRRL", "-5/2" }, { "", "0" },     { "LLL", "3" },   { "RLLRL", "-5/16" } };
    for (size_t i = 0; i < sizeof ex / sizeof *ex; i++) {
        char v[32];
        sign_value(ex[i][0], v, sizeof v);
        checks++;
        if (strcmp(v, ex[i][1])) {
            printf("BRUTE FORCE: sign expansion of \"%s\" is %s here, want %s\n", ex[i][0], v, ex[i][1]);
            failed++;
        }
    }
}

int main(void)
{
    self_checks();
    duel_facts();
    duel_hackenbush();
    duel_sums(8, 80);
    duel_negatives(4, 60);
    duel_negated(4, 60);
    memo_clear();
    printf("partizan duel: %d passed, %d failed (%d checks)\n", passed, failed, checks);
    if (passed + failed == 0 || checks == 0) {
        printf("partizan duel: nothing was checked\n");
        return 1;
    }
    return failed ? 1 : 0;
}
