/* duel_cpdmoves.c: the REPL command `:moves POS` for positions of the four compounds
   (every-SG every(...), conjunctive conj(...), selective select(...), shortened selective
   shortselect(...)), some wrapped in misere(...), against a brute force written from the rules
   (Winning Ways): a component is one game or a sum of games (a sum moves by moving exactly one of
   its games); every moves every component that can still move, conj moves every component and
   has no moves once one has ended, select moves any one or more components that can move,
   shortselect is select with no moves once one has ended; normal play: P iff every move leads to
   N (no moves: P); misere: no moves is N, else P iff every move leads to N.  The games are
   Heap(n <= 4) (take any positive number) and Kayles(n <= 5) (knock down one pin or two adjacent
   pins, leaving two rows).

   About 150 seeded random positions (own PRNG, seed from DUEL_CPDMOVES_SEED) of 1-3 components
   each (a game, or a sum of two) are given to one grundy process (GRUNDY, default ./grundy) as
   `-e ':moves POS'`, and its text output (the command has no JSON form) is parsed: every printed
   position is read back into a canonical multiset of components (a component being a multiset of
   games, terminal games Heap(0)/Kayles(0)/0 removed from it; in every and select the ended
   components are dropped, in conj and shortselect they are kept, since they end the game).  The
   printed syntax is read as the program writes it: a lone argument that is a sum lists the
   components (k * A being k components A); two arguments of which the second is a literal 0 are
   one component, the sum; otherwise each argument is one component.  Checked: the echoed
   position, the position's outcome, that the SET of distinct result positions equals the brute
   force's (the engine may list one result more than once), each listed result's outcome letter,
   the star on exactly the moves to P-positions, "no moves" exactly when the brute force has none
   (its text saying the player to move loses in normal play and wins in misere play), and the
   closing count line against the listed lines. */
#ifdef HAVE_CONFIG_H
#include "config.h"
#endif
#if !defined(_GNU_SOURCE) && !defined(_POSIX_C_SOURCE)
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#define NPOS 150
#define MAXC 3
#define NG 9 /* game kinds: Heap(1..4) are 0..3, Kayles(1..5) are 4..8 */
#define MAXRES 2048
#define MAXFAIL_SHOWN 60
#define DEFAULT_SEED 0xc0d5e11ULL

enum { T_EVERY, T_CONJ, T_SELECT, T_SHORT };
static const char *const TYPE_NAME[4] = {"every", "conj", "select", "shortselect"};

typedef struct Game { int kind, n; } Game; /* kind 0 Heap, 1 Kayles; n may be 0 */

/* a canonical position: components as 27-bit count codes (3 bits per game kind), sorted */
typedef struct Pos { int n; uint32_t c[MAXC]; } Pos;

typedef struct Spec {  /* one random position as generated, before canonical form */
    int type;
    bool misere;
    int ncomp, ngames[MAXC];
    Game g[MAXC][2];
    char text[512];
    Pos pos;
} Spec;

typedef struct Memo { uint64_t *ka, *kb; signed char *val; size_t cap, used; } Memo;

typedef struct Ctx {
    uint64_t rng;
    Memo memo;
    long checks, failed;
} Ctx;

/* ---------- PRNG ---------- */
static uint64_t splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}
static int rnd(Ctx *x, int lo, int hi) { return lo + (int)(splitmix(&x->rng) % (uint64_t)(hi - lo + 1)); }

/* ---------- failures ---------- */
static void check(Ctx *x, bool ok, const char *what, const char *pos, const char *detail)
{
    x->checks++;
    if (ok) return;
    x->failed++;
    if (x->failed <= MAXFAIL_SHOWN) printf("FAIL %s: %s%s%s\n", what, pos, detail[0] ? ": " : "", detail);
    else if (x->failed == MAXFAIL_SHOWN + 1) printf("(further failures not shown)\n");
}

/* ---------- components ---------- */
static int game_index(Game g) { return g.n <= 0 ? -1 : (g.kind == 0 ? g.n - 1 : 4 + g.n - 1); }
static int comp_get(uint32_t c, int k) { return (int)((c >> (3 * k)) & 7u); }
static uint32_t comp_add(uint32_t c, int k, int d)
{
    int v = comp_get(c, k) + d;
    if (v < 0 || v > 7) { fprintf(stderr, "duel_cpdmoves: component count out of range\n"); exit(2); }
    return (c & ~(7u << (3 * k))) | ((uint32_t)v << (3 * k));
}
static uint32_t comp_add_game(uint32_t c, Game g)
{
    int k = game_index(g);
    return k < 0 ? c : comp_add(c, k, 1);
}

/* the rows/heaps one move in game kind k leaves: up to 2 games each, returns the option count */
static int game_options(int k, Game out[][2], int *nout)
{
    int m = 0;
    if (k < 4) {
        int n = k + 1;
        for (int r = 0; r < n; r++) { out[m][0] = (Game){0, r}; nout[m] = 1; m++; }
    } else {
        int n = k - 3;
        for (int take = 1; take <= 2; take++)
            for (int i = 0; i + take <= n; i++) {
                out[m][0] = (Game){1, i};
                out[m][1] = (Game){1, n - take - i};
                nout[m] = 2;
                m++;
            }
    }
    return m;
}

/* the distinct components one move of component c leads to */
static int comp_options(uint32_t c, uint32_t *out)
{
    int m = 0;
    for (int k = 0; k < NG; k++) {
        if (!comp_get(c, k)) continue;
        Game og[16][2];
        int on[16];
        int no = game_options(k, og, on);
        for (int o = 0; o < no; o++) {
            uint32_t r = comp_add(c, k, -1);
            for (int j = 0; j < on[o]; j++) r = comp_add_game(r, og[o][j]);
            bool dup = false;
            for (int i = 0; i < m; i++) dup |= out[i] == r;
            if (!dup) out[m++] = r;
        }
    }
    return m;
}

/* ---------- positions ---------- */
static void pos_canon(Pos *p, int type)
{
    int m = 0;
    for (int i = 0; i < p->n; i++)
        if (p->c[i] || type == T_CONJ || type == T_SHORT) p->c[m++] = p->c[i];
    p->n = m;
    for (int i = 1; i < m; i++)
        for (int j = i; j > 0 && p->c[j - 1] > p->c[j]; j--) {
            uint32_t t = p->c[j];
            p->c[j] = p->c[j - 1];
            p->c[j - 1] = t;
        }
}
static bool pos_eq(const Pos *a, const Pos *b)
{
    if (a->n != b->n) return false;
    for (int i = 0; i < a->n; i++) if (a->c[i] != b->c[i]) return false;
    return true;
}
static void comp_str(uint32_t c, char *buf, size_t sz)
{
    size_t l = 0;
    buf[0] = 0;
    if (!c) { snprintf(buf, sz, "0"); return; }
    for (int k = 0; k < NG; k++)
        for (int v = comp_get(c, k); v > 0; v--)
            l += (size_t)snprintf(buf + l, sz - l, "%s%s(%d)", l ? "+" : "", k < 4 ? "Heap" : "Kayles", k < 4 ? k + 1 : k - 3);
}
static void pos_str(const Pos *p, char *buf, size_t sz)
{
    size_t l = (size_t)snprintf(buf, sz, "{");
    for (int i = 0; i < p->n; i++) {
        char cb[128];
        comp_str(p->c[i], cb, sizeof cb);
        l += (size_t)snprintf(buf + l, sz - l, "%s[%s]", i ? " " : "", cb);
    }
    snprintf(buf + l, sz - l, "}");
}

/* the distinct result positions of the compound, canonical */
static int compound_moves(int type, const Pos *p, Pos *out)
{
    uint32_t opt[MAXC][64];
    int nopt[MAXC];
    bool ended = false, any = false;
    for (int i = 0; i < p->n; i++) {
        nopt[i] = comp_options(p->c[i], opt[i]);
        if (nopt[i] == 0) ended = true; else any = true;
    }
    if (!any) return 0;
    if (ended && (type == T_CONJ || type == T_SHORT)) return 0;
    bool selective = type == T_SELECT || type == T_SHORT;
    /* choice -1 = the component stays */
    int ch[MAXC];
    for (int i = 0; i < p->n; i++) ch[i] = (nopt[i] == 0 || selective) ? -1 : 0;
    int m = 0;
    for (;;) {
        bool moved = false;
        for (int i = 0; i < p->n; i++) moved |= ch[i] >= 0;
        if (moved) {
            Pos r = {p->n, {0}};
            for (int i = 0; i < p->n; i++) r.c[i] = ch[i] < 0 ? p->c[i] : opt[i][ch[i]];
            pos_canon(&r, type);
            bool dup = false;
            for (int j = 0; j < m && !dup; j++) dup = pos_eq(&out[j], &r);
            if (!dup) {
                if (m >= MAXRES) { fprintf(stderr, "duel_cpdmoves: too many results\n"); exit(2); }
                out[m++] = r;
            }
        }
        /* next choice vector */
        int i = 0;
        for (; i < p->n; i++) {
            if (nopt[i] == 0) continue;
            if (ch[i] + 1 < nopt[i]) { ch[i]++; break; }
            ch[i] = selective ? -1 : 0;
        }
        if (i == p->n) break;
    }
    return m;
}

/* ---------- memoised outcome ---------- */
static void memo_key(int type, bool mis, const Pos *p, uint64_t *a, uint64_t *b)
{
    uint32_t c[MAXC] = {0};
    for (int i = 0; i < p->n; i++) c[i] = p->c[i];
    *a = (uint64_t)c[0] | ((uint64_t)c[1] << 27) | ((uint64_t)p->n << 54) | 1ULL << 60;
    *b = (uint64_t)c[2] | ((uint64_t)type << 27) | ((uint64_t)mis << 30);
}
static size_t memo_slot(const Memo *m, uint64_t a, uint64_t b)
{
    uint64_t h = a * 0x9e3779b97f4a7c15ULL ^ (b + 0x632be59bd9b4e019ULL) * 0xc2b2ae3d27d4eb4fULL;
    size_t i = (size_t)(h ^ (h >> 29)) & (m->cap - 1);
    while (m->ka[i] && !(m->ka[i] == a && m->kb[i] == b)) i = (i + 1) & (m->cap - 1);
    return i;
}
static void memo_init(Memo *m, size_t cap)
{
    m->cap = cap;
    m->used = 0;
    m->ka = calloc(cap, sizeof *m->ka);
    m->kb = calloc(cap, sizeof *m->kb);
    m->val = calloc(cap, 1);
    if (!m->ka || !m->kb || !m->val) { fprintf(stderr, "duel_cpdmoves: out of memory\n"); exit(2); }
}
static void memo_free(Memo *m) { free(m->ka); free(m->kb); free(m->val); }
static void memo_put(Memo *m, uint64_t a, uint64_t b, signed char v)
{
    if (2 * (m->used + 1) > m->cap) {
        Memo n;
        memo_init(&n, m->cap * 2);
        for (size_t i = 0; i < m->cap; i++)
            if (m->ka[i]) {
                size_t s = memo_slot(&n, m->ka[i], m->kb[i]);
                n.ka[s] = m->ka[i]; n.kb[s] = m->kb[i]; n.val[s] = m->val[i];
            }
        n.used = m->used;
        memo_free(m);
        *m = n;
    }
    size_t s = memo_slot(m, a, b);
    if (!m->ka[s]) m->used++;
    m->ka[s] = a; m->kb[s] = b; m->val[s] = v;
}

/* 'P' or 'N' */
static char outcome(Ctx *x, int type, bool mis, const Pos *p)
{
    uint64_t a, b;
    memo_key(type, mis, p, &a, &b);
    size_t s = memo_slot(&x->memo, a, b);
    if (x->memo.ka[s]) return (char)x->memo.val[s];
    Pos *res = malloc(MAXRES * sizeof *res);
    if (!res) exit(2);
    int m = compound_moves(type, p, res);
    char o;
    if (m == 0) o = mis ? 'N' : 'P';
    else {
        o = 'P';
        for (int i = 0; i < m && o == 'P'; i++) if (outcome(x, type, mis, &res[i]) == 'P') o = 'N';
    }
    free(res);
    memo_put(&x->memo, a, b, (signed char)o);
    return o;
}

/* ---------- parsing the printed positions ---------- */
typedef struct Parser { const char *s; bool bad; } Parser;

static void skip_ws(Parser *ps) { while (*ps->s == ' ') ps->s++; }
static bool eat(Parser *ps, const char *t)
{
    skip_ws(ps);
    size_t l = strlen(t);
    if (strncmp(ps->s, t, l) == 0) { ps->s += l; return true; }
    return false;
}
static long parse_int(Parser *ps)
{
    skip_ws(ps);
    if (*ps->s < '0' || *ps->s > '9') { ps->bad = true; return 0; }
    char *e;
    long v = strtol(ps->s, &e, 10);
    ps->s = e;
    return v;
}

/* a parsed argument: its games in order with multiplicity (terminal ones kept, for the lone
   argument whose games are the components), and whether it is exactly a literal 0 */
typedef struct Arg { Game g[32]; int ng; bool zero; } Arg;

static void parse_sum(Parser *ps, Arg *a, int mult);
static void parse_term(Parser *ps, Arg *a, int mult)
{
    skip_ws(ps);
    int k = 1;
    const char *save = ps->s;
    if (*ps->s >= '0' && *ps->s <= '9') {
        long v = parse_int(ps);
        if (eat(ps, "*")) k = (int)v;
        else { ps->s = save; }
    }
    if (k < 0 || k > 16) { ps->bad = true; return; }
    if (eat(ps, "(")) {
        parse_sum(ps, a, mult * k);
        if (!eat(ps, ")")) ps->bad = true;
        return;
    }
    Game g;
    if (eat(ps, "Heap(")) g.kind = 0;
    else if (eat(ps, "Kayles(")) g.kind = 1;
    else if (eat(ps, "0")) return; /* the zero game: nothing */
    else { ps->bad = true; return; }
    g.n = (int)parse_int(ps);
    if (!eat(ps, ")")) ps->bad = true;
    if (g.n < 0 || (g.kind == 0 && g.n > 4) || (g.kind == 1 && g.n > 5)) { ps->bad = true; return; }
    for (int i = 0; i < mult * k; i++) {
        if (a->ng >= 32) { ps->bad = true; return; }
        a->g[a->ng++] = g;
    }
}
static void parse_sum(Parser *ps, Arg *a, int mult)
{
    do parse_term(ps, a, mult);
    while (!ps->bad && eat(ps, "+"));
}

/* parses "misere(T(args))" or "T(args)" in full; returns false on a syntax error */
static bool parse_position(const char *text, int *type, bool *mis, Pos *out)
{
    Parser ps = {text, false};
    *mis = eat(&ps, "misere(");
    *type = -1;
    /* longest name first: shortselect before select */
    static const int order[4] = {T_SHORT, T_SELECT, T_EVERY, T_CONJ};
    for (int i = 0; i < 4 && *type < 0; i++) {
        char buf[32];
        snprintf(buf, sizeof buf, "%s(", TYPE_NAME[order[i]]);
        if (eat(&ps, buf)) *type = order[i];
    }
    if (*type < 0) return false;
    Arg args[8];
    int na = 0;
    do {
        if (na >= 8) return false;
        Arg *a = &args[na++];
        a->ng = 0;
        skip_ws(&ps);
        const char *st = ps.s;
        parse_sum(&ps, a, 1);
        a->zero = ps.s - st == 1 && *st == '0';
    } while (!ps.bad && eat(&ps, ","));
    if (ps.bad || !eat(&ps, ")")) return false;
    if (*mis && !eat(&ps, ")")) return false;
    skip_ws(&ps);
    if (*ps.s) return false;
    Pos p = {0, {0}};
    if (na == 1) { /* the lone sum lists the components */
        if (args[0].ng > MAXC) return false;
        for (int i = 0; i < args[0].ng; i++) p.c[p.n++] = comp_add_game(0, args[0].g[i]);
    } else if (na == 2 && args[1].zero) { /* a lone sum as one component */
        uint32_t c = 0;
        for (int i = 0; i < args[0].ng; i++) c = comp_add_game(c, args[0].g[i]);
        p.c[p.n++] = c;
    } else {
        if (na > MAXC) return false;
        for (int j = 0; j < na; j++) {
            uint32_t c = 0;
            for (int i = 0; i < args[j].ng; i++) c = comp_add_game(c, args[j].g[i]);
            p.c[p.n++] = c;
        }
    }
    pos_canon(&p, *type);
    *out = p;
    return true;
}

/* ---------- random positions ---------- */
static size_t game_text(Game g, char *buf, size_t sz)
{
    return (size_t)snprintf(buf, sz, "%s(%d)", g.kind == 0 ? "Heap" : "Kayles", g.n);
}
static Game rand_game(Ctx *x)
{
    Game g;
    g.kind = rnd(x, 0, 1);
    g.n = g.kind == 0 ? rnd(x, 0, 4) : rnd(x, 0, 5);
    if (g.n == 0 && rnd(x, 0, 2)) g.n = 1 + rnd(x, 0, g.kind == 0 ? 3 : 4); /* terminal games now and then */
    return g;
}
static int game_cmp(const void *a, const void *b)
{
    const Game *x = a, *y = b;
    return x->kind != y->kind ? x->kind - y->kind : x->n - y->n;
}
static void make_spec(Ctx *x, Spec *s)
{
    s->type = rnd(x, 0, 3);
    s->misere = rnd(x, 0, 2) == 0;
    s->ncomp = rnd(x, 1, MAXC);
    bool all_single = true;
    for (int i = 0; i < s->ncomp; i++) {
        s->ngames[i] = rnd(x, 0, 99) < 35 ? 2 : 1;
        all_single &= s->ngames[i] == 1;
        for (int j = 0; j < s->ngames[i]; j++) s->g[i][j] = rand_game(x);
    }
    s->pos.n = s->ncomp;
    for (int i = 0; i < s->ncomp; i++) {
        uint32_t c = 0;
        for (int j = 0; j < s->ngames[i]; j++) c = comp_add_game(c, s->g[i][j]);
        s->pos.c[i] = c;
    }
    pos_canon(&s->pos, s->type);

    char *b = s->text;
    size_t sz = sizeof s->text, l = 0;
    if (s->misere) l += (size_t)snprintf(b + l, sz - l, "misere(");
    l += (size_t)snprintf(b + l, sz - l, "%s(", TYPE_NAME[s->type]);
    if (s->ncomp == 1) { /* a lone sum needs the ", 0" mark; a lone game may carry it too */
        for (int j = 0; j < s->ngames[0]; j++) {
            if (j) l += (size_t)snprintf(b + l, sz - l, " + ");
            l += game_text(s->g[0][j], b + l, sz - l);
        }
        if (s->ngames[0] == 2 || rnd(x, 0, 3) == 0) l += (size_t)snprintf(b + l, sz - l, ", 0");
    } else if (all_single && rnd(x, 0, 1)) { /* one sum argument: its terms are the components */
        Game gs[MAXC];
        for (int i = 0; i < s->ncomp; i++) gs[i] = s->g[i][0];
        qsort(gs, (size_t)s->ncomp, sizeof gs[0], game_cmp);
        for (int i = 0; i < s->ncomp;) {
            int k = 1;
            while (i + k < s->ncomp && game_cmp(&gs[i], &gs[i + k]) == 0) k++;
            if (i) l += (size_t)snprintf(b + l, sz - l, " + ");
            if (k > 1) l += (size_t)snprintf(b + l, sz - l, "%d * ", k);
            l += game_text(gs[i], b + l, sz - l);
            i += k;
        }
    } else {
        for (int i = 0; i < s->ncomp; i++) {
            if (i) l += (size_t)snprintf(b + l, sz - l, ", ");
            for (int j = 0; j < s->ngames[i]; j++) {
                if (j) l += (size_t)snprintf(b + l, sz - l, " + ");
                l += game_text(s->g[i][j], b + l, sz - l);
            }
        }
    }
    l += (size_t)snprintf(b + l, sz - l, ")");
    if (s->misere) snprintf(b + l, sz - l, ")");
}

/* ---------- running grundy ---------- */
static char *run_grundy(const char *prog, Spec *specs, int n, int *status)
{
    char **argv = calloc((size_t)(2 * n + 2), sizeof *argv);
    char (*cmds)[540] = calloc((size_t)n, sizeof *cmds);
    if (!argv || !cmds) exit(2);
    char dash_e[] = "-e", *progcopy = strdup(prog);
    if (!progcopy) exit(2);
    argv[0] = progcopy;
    for (int i = 0; i < n; i++) {
        snprintf(cmds[i], sizeof cmds[i], ":moves %s", specs[i].text);
        argv[1 + 2 * i] = dash_e;
        argv[2 + 2 * i] = cmds[i];
    }
    int fd[2];
    if (pipe(fd)) { perror("pipe"); exit(2); }
    fflush(stdout);
    pid_t pid = fork();
    if (pid < 0) { perror("fork"); exit(2); }
    if (pid == 0) {
        dup2(fd[1], 1);
        close(fd[0]);
        close(fd[1]);
        execv(prog, argv);
        execvp(prog, argv);
        perror(prog);
        _exit(127);
    }
    close(fd[1]);
    size_t cap = 1 << 20, len = 0;
    char *out = malloc(cap);
    if (!out) exit(2);
    for (;;) {
        if (len + 65536 + 1 > cap) {
            cap *= 2;
            out = realloc(out, cap);
            if (!out) exit(2);
        }
        ssize_t r = read(fd[0], out + len, 65536);
        if (r <= 0) break;
        len += (size_t)r;
    }
    out[len] = 0;
    close(fd[0]);
    waitpid(pid, status, 0);
    free(argv);
    free(cmds);
    free(progcopy);
    return out;
}

/* ---------- checking one command's output ---------- */
static bool is_header(const char *line) { return line[0] && line[0] != ' ' && line[0] != '*'; }

/* splits "TEXT: X" at its last ": " */
static bool split_letter(char *line, char *letter)
{
    char *c = NULL;
    for (char *q = strstr(line, ": "); q; q = strstr(q + 1, ": ")) c = q;
    if (!c || (c[2] != 'P' && c[2] != 'N') || c[3]) return false;
    *letter = c[2];
    *c = 0;
    return true;
}

static void check_one(Ctx *x, const Spec *s, char **lines, int nl)
{
    const char *tx = s->text;
    char detail[1024];
    Pos *res = malloc(MAXRES * sizeof *res);
    if (!res) exit(2);
    int nres = compound_moves(s->type, &s->pos, res);
    char own = outcome(x, s->type, s->misere, &s->pos);
    bool *seen = calloc((size_t)(nres + 1), sizeof *seen);
    if (!seen) exit(2);

    /* the header */
    char *hdr = lines[0], hl = 0;
    bool hok = split_letter(hdr, &hl);
    int htype = -1;
    bool hmis = false;
    Pos hp;
    if (hok) hok = parse_position(hdr, &htype, &hmis, &hp);
    snprintf(detail, sizeof detail, "header \"%s\"", lines[0]);
    check(x, hok && htype == s->type && hmis == s->misere && pos_eq(&hp, &s->pos), "echoed position", tx, detail);
    snprintf(detail, sizeof detail, "expected %c, got %c", own, hl ? hl : '?');
    check(x, hl == own, "position outcome", tx, detail);

    int nmoves = 0, nstar = 0;
    bool nomoves_line = false, count_line = false;
    long said_moves = -1, said_win = -1;
    for (int i = 1; i < nl; i++) {
        char *ln = lines[i];
        if (strncmp(ln, "  no moves", 10) == 0) {
            nomoves_line = true;
            /* normal play: the player who cannot move loses; misere: that player wins */
            bool wins = strstr(ln, "wins") != NULL, loses = strstr(ln, "loses") != NULL;
            snprintf(detail, sizeof detail, "%s play, line \"%s\"", s->misere ? "misere" : "normal", ln);
            check(x, s->misere ? (wins && !loses) : (loses && !wins), "no-moves text", tx, detail);
            continue;
        }
        long a, w;
        if (sscanf(ln, " %ld move%*[s], %ld winning", &a, &w) == 2 || sscanf(ln, " %ld move, %ld winning", &a, &w) == 2) {
            count_line = true;
            said_moves = a;
            said_win = w;
            continue;
        }
        bool star = ln[0] == '*';
        char *p = ln + 1;
        while (*p == ' ') p++;
        while (*p >= '0' && *p <= '9') p++;
        char letter = 0;
        char *arrow = strstr(ln, " -> ");
        bool ok = strncmp(p, ". move from ", 12) == 0 && arrow && (ln[0] == '*' || ln[0] == ' ');
        if (ok) ok = split_letter(arrow + 4, &letter);
        if (ok) { *arrow = 0; ok = strcmp(p + 12, hdr) == 0; }
        int rtype = -1;
        bool rmis = false;
        Pos rp;
        if (ok) ok = parse_position(arrow + 4, &rtype, &rmis, &rp) && rtype == s->type && rmis == s->misere;
        if (!ok) {
            snprintf(detail, sizeof detail, "line \"%s\"", lines[i]);
            check(x, false, "unreadable move line", tx, detail);
            continue;
        }
        nmoves++;
        nstar += star;
        int j = 0;
        while (j < nres && !pos_eq(&res[j], &rp)) j++;
        char ps[400];
        pos_str(&rp, ps, sizeof ps);
        snprintf(detail, sizeof detail, "listed result %s = %s is not a move", arrow + 4, ps);
        check(x, j < nres, "move set", tx, detail);
        if (j >= nres) continue;
        seen[j] = true;
        char ro = outcome(x, s->type, s->misere, &res[j]);
        snprintf(detail, sizeof detail, "result %s: expected %c, got %c", arrow + 4, ro, letter);
        check(x, letter == ro, "result outcome", tx, detail);
        snprintf(detail, sizeof detail, "result %s (%c): star %s", arrow + 4, ro, star ? "present" : "absent");
        check(x, star == (ro == 'P' && own == 'N'), "winning-move star", tx, detail);
    }
    for (int j = 0; j < nres; j++) {
        char ps[400];
        pos_str(&res[j], ps, sizeof ps);
        snprintf(detail, sizeof detail, "missing result %s (%c)", ps, outcome(x, s->type, s->misere, &res[j]));
        check(x, seen[j], "move set", tx, detail);
    }
    snprintf(detail, sizeof detail, "brute force has %d moves, \"no moves\" line %s, %d move lines", nres,
             nomoves_line ? "present" : "absent", nmoves);
    check(x, nomoves_line == (nres == 0) && (nres == 0) == (nmoves == 0), "no moves", tx, detail);
    snprintf(detail, sizeof detail, "count line says %ld moves, %ld winning; listed %d, starred %d", said_moves,
             said_win, nmoves, nstar);
    check(x, nres == 0 ? !count_line : (count_line && said_moves == nmoves && said_win == nstar), "count line", tx,
          detail);
    free(seen);
    free(res);
}

int main(void)
{
    Ctx x = {0};
    const char *sv = getenv("DUEL_CPDMOVES_SEED");
    uint64_t seed = sv && *sv ? strtoull(sv, NULL, 0) : DEFAULT_SEED;
    x.rng = seed;
    memo_init(&x.memo, 1 << 16);
    const char *prog = getenv("GRUNDY");
    if (!prog || !*prog) prog = "./grundy";

    Spec *specs = calloc(NPOS, sizeof *specs);
    if (!specs) return 2;
    for (int i = 0; i < NPOS; i++) make_spec(&x, &specs[i]);

    int status = 0;
    char *out = run_grundy(prog, specs, NPOS, &status);
    check(&x, WIFEXITED(status) && WEXITSTATUS(status) == 0, "grundy exit status", prog, "");

    /* split into lines */
    size_t nlines = 0, cap = 1024;
    char **lines = malloc(cap * sizeof *lines);
    if (!lines) return 2;
    for (char *p = out; *p;) {
        char *e = strchr(p, '\n');
        if (e) *e = 0;
        if (nlines == cap) {
            cap *= 2;
            lines = realloc(lines, cap * sizeof *lines);
            if (!lines) return 2;
        }
        lines[nlines++] = p;
        if (!e) break;
        p = e + 1;
    }
    size_t li = 0;
    for (int i = 0; i < NPOS; i++) {
        while (li < nlines && !is_header(lines[li])) li++; /* stray lines: reported by header mismatch */
        if (li >= nlines) {
            check(&x, false, "missing output", specs[i].text, "");
            continue;
        }
        size_t end = li + 1;
        while (end < nlines && !is_header(lines[end])) end++;
        check_one(&x, &specs[i], lines + li, (int)(end - li));
        li = end;
    }
    if (li < nlines) check(&x, false, "extra output", lines[li], "");

    printf("duel_cpdmoves: %ld checks, %ld failed\n", x.checks, x.failed);
    if (x.failed) printf("duel_cpdmoves: seed 0x%llx\n", (unsigned long long)seed);
    free(lines);
    free(out);
    free(specs);
    memo_free(&x.memo);
    return x.failed ? 1 : 0;
}
