/* brute_sum.c: sums of the brute-force games (brute_sum.h): a reader of position texts, the memo
   of canonical components with their moves and SG values (mex by plain recursion), and the
   multisets a sum's positions are. */
#include "brute_sum.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct State {
    char *text;             /* canonical */
    const BrGame *g;
    BrVal *args;            /* parsed from text (owned: the tree lives in the arena below) */
    int nargs;
    int sg;                 /* -1: not yet; -2: being computed (a cycle: an error) */
    bool expanded;
    BsMove *moves;
    int nmoves, capmoves;
} State;

/* The memo (one per test process). */
static State *st;
static int nst, capst;
static int *tab;            /* open addressing: state id + 1, 0 empty */
static size_t tabcap;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) abort();
    return p;
}

static char *xstrdup(const char *s)
{
    size_t n = strlen(s) + 1;
    return memcpy(xmalloc(n), s, n);
}

static uint64_t hash(const char *s)
{
    uint64_t h = 1469598103934665603ULL;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ULL;
    return h;
}

static const BrGame *const families[] = { brute_heap_games, brute_rows_games, brute_coin_games };

const BrGame *bs_find(const char *name)
{
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const BrGame *g = families[f]; g->name; g++)
            if (!strcmp(g->name, name)) return g;
    return NULL;
}

/* ---- reading texts ---- */

typedef struct Rd { const char *p; char *err; size_t errcap; bool bad; } Rd;

static void fail(Rd *r, const char *what)
{
    if (!r->bad) snprintf(r->err, r->errcap, "%s at \"%.40s\"", what, r->p);
    r->bad = true;
}

static void sp(Rd *r)
{
    while (*r->p == ' ') r->p++;
}

static int cmp_val(const void *x, const void *y)
{
    const BrVal *a = x, *b = y;
    if (a->kind != b->kind) return a->kind < b->kind ? -1 : 1;
    if (a->kind == BR_INT) return (a->i > b->i) - (a->i < b->i);
    if (a->kind == BR_STR) return strcmp(a->s, b->s);
    return 0;
}

static void val(Rd *r, BrVal *v);

static void seq(Rd *r, BrVal *v, char close)
{
    int cap = 4;
    BrVal *items = xmalloc((size_t)cap * sizeof *items);
    v->n = 0;
    r->p++;
    sp(r);
    if (*r->p == close) r->p++;
    else
        for (;;) {
            if (v->n == cap) {
                cap *= 2;
                items = realloc(items, (size_t)cap * sizeof *items);
                if (!items) abort();
            }
            val(r, &items[v->n++]);
            if (r->bad) break;
            sp(r);
            if (*r->p == ',') { r->p++; continue; }
            if (*r->p == close) { r->p++; break; }
            fail(r, "expected ',' or a closing bracket");
            break;
        }
    if (v->kind == BR_SET && !r->bad) {   /* increasing, no repeats */
        qsort(items, (size_t)v->n, sizeof *items, cmp_val);
        int m = 0;
        for (int i = 0; i < v->n; i++)
            if (!m || cmp_val(&items[m - 1], &items[i])) items[m++] = items[i];
        v->n = m;
    }
    v->v = items;
}

static void val(Rd *r, BrVal *v)
{
    sp(r);
    memset(v, 0, sizeof *v);
    char c = *r->p;
    if (c == '[' || c == '{') {
        v->kind = c == '[' ? BR_LIST : BR_SET;
        seq(r, v, c == '[' ? ']' : '}');
    } else if (c == '"') {
        const char *q = strchr(r->p + 1, '"');
        if (!q) { fail(r, "an unclosed string"); return; }
        char *s = xmalloc((size_t)(q - r->p));
        memcpy(s, r->p + 1, (size_t)(q - r->p - 1));
        s[q - r->p - 1] = 0;
        v->kind = BR_STR;
        v->s = s;
        v->n = (int)(q - r->p - 1);
        r->p = q + 1;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        char *e;
        v->kind = BR_INT;
        v->i = strtoll(r->p, &e, 10);
        r->p = e;
    } else {
        fail(r, "expected a value");
    }
}

static void val_free(BrVal *v)
{
    if (v->kind == BR_STR) free((char *)v->s);
    if (v->kind == BR_LIST || v->kind == BR_SET) {
        for (int i = 0; i < v->n; i++) val_free((BrVal *)&v->v[i]);
        free((BrVal *)v->v);
    }
}

static int intern(const BrGame *g, const char *text);

/* One component: "NAME(args)"; its state id, or -1. */
static int component(Rd *r)
{
    sp(r);
    const char *name = r->p;
    while ((*r->p >= 'A' && *r->p <= 'Z') || (*r->p >= 'a' && *r->p <= 'z') || (*r->p >= '0' && *r->p <= '9') || *r->p == '_')
        r->p++;
    char nm[64];
    size_t len = (size_t)(r->p - name);
    if (!len || len >= sizeof nm || *r->p != '(') { fail(r, "expected a game's position"); return -1; }
    memcpy(nm, name, len);
    nm[len] = 0;
    const BrGame *g = bs_find(nm);
    if (!g) { fail(r, "a game the brute force does not have"); return -1; }
    BrVal all = { .kind = BR_LIST };
    seq(r, &all, ')');   /* "(a, b)" read as a list closed by ')' */
    if (r->bad) {
        val_free(&all);
        return -1;
    }
    BrBuf b;
    br_init(&b);
    bool ok = g->canon(all.v, all.n, &b);
    val_free(&all);
    if (!ok) {
        br_free(&b);
        fail(r, "arguments the game's canon rejects");
        return -1;
    }
    int id = intern(g, b.s);
    br_free(&b);
    return id;
}

static int cmp_part(const void *x, const void *y)
{
    const BsPart *a = x, *b = y;
    return (a->id > b->id) - (a->id < b->id);
}

/* Sort, merge equal parts, drop terminal ones. */
static void normalise(BsPos *p)
{
    qsort(p->p, (size_t)p->n, sizeof *p->p, cmp_part);
    int m = 0;
    for (int i = 0; i < p->n; i++) {
        if (!p->p[i].count || bs_terminal(p->p[i].id)) continue;
        if (m && p->p[m - 1].id == p->p[i].id) p->p[m - 1].count += p->p[i].count;
        else p->p[m++] = p->p[i];
    }
    p->n = m;
}

bool bs_parse(const char *text, BsPos *out, char *err, size_t errcap)
{
    Rd r = { text, err, errcap, false };
    int cap = 4;
    out->p = xmalloc((size_t)cap * sizeof *out->p);
    out->n = 0;
    sp(&r);
    if (r.p[0] == '0' && (r.p[1] == 0 || r.p[1] == ' ')) {
        r.p++;
        sp(&r);
        if (*r.p) fail(&r, "text after 0");
    } else {
        for (;;) {
            sp(&r);
            uint64_t count = 1;
            if (*r.p >= '0' && *r.p <= '9') {
                char *e;
                count = strtoull(r.p, &e, 10);
                r.p = e;
                sp(&r);
                if (*r.p != '*') { fail(&r, "expected '*'"); break; }
                r.p++;
            }
            int id = component(&r);
            if (r.bad) break;
            if (out->n == cap) {
                cap *= 2;
                out->p = realloc(out->p, (size_t)cap * sizeof *out->p);
                if (!out->p) abort();
            }
            out->p[out->n++] = (BsPart){ id, count };
            sp(&r);
            if (!*r.p) break;
            if (*r.p != '+') { fail(&r, "expected '+'"); break; }
            r.p++;
        }
    }
    if (r.bad) {
        bs_pos_free(out);
        return false;
    }
    normalise(out);
    return true;
}

void bs_pos_free(BsPos *p)
{
    free(p->p);
    p->p = NULL;
    p->n = 0;
}

/* ---- the memo ---- */

static void grow_tab(void)
{
    size_t cap = tabcap ? 2 * tabcap : 1024;
    int *t = calloc(cap, sizeof *t);
    if (!t) abort();
    for (int i = 0; i < nst; i++) {
        size_t j = hash(st[i].text) & (cap - 1);
        while (t[j]) j = (j + 1) & (cap - 1);
        t[j] = i + 1;
    }
    free(tab);
    tab = t;
    tabcap = cap;
}

static int intern(const BrGame *g, const char *text)
{
    if (2 * ((size_t)nst + 1) > tabcap) grow_tab();
    size_t j = hash(text) & (tabcap - 1);
    for (; tab[j]; j = (j + 1) & (tabcap - 1))
        if (!strcmp(st[tab[j] - 1].text, text)) return tab[j] - 1;
    if (nst == capst) {
        capst = capst ? 2 * capst : 256;
        st = realloc(st, (size_t)capst * sizeof *st);
        if (!st) abort();
    }
    State *s = &st[nst];
    memset(s, 0, sizeof *s);
    s->text = xstrdup(text);
    s->g = g;
    s->sg = -1;
    /* the arguments again, from the canonical text (what moves receive) */
    const char *open = strchr(text, '(');
    Rd r = { open, NULL, 0, false };
    char dummy[8];
    r.err = dummy;
    r.errcap = sizeof dummy;
    BrVal all = { .kind = BR_LIST };
    seq(&r, &all, ')');
    if (r.bad) {
        fprintf(stderr, "brute: the canonical text %s does not read back\n", text);
        exit(99);
    }
    s->args = (BrVal *)all.v;
    s->nargs = all.n;
    tab[j] = nst + 1;
    return nst++;
}

int bs_states(void) { return nst; }
const char *bs_text(int id) { return st[id].text; }
const BrGame *bs_game(int id) { return st[id].g; }

typedef struct Coll { int id; } Coll;

static void on_move(void *ctx, const char *label, const char *args_json, const char *result)
{
    Coll *c = ctx;
    char err[200];
    BsPos to;
    if (!bs_parse(result, &to, err, sizeof err)) {
        fprintf(stderr, "brute: a move of %s leads to \"%s\", which does not read: %s\n", st[c->id].text, result, err);
        exit(99);
    }
    State *s = &st[c->id];   /* after bs_parse: interning may move the memo */
    if (s->nmoves == s->capmoves) {
        s->capmoves = s->capmoves ? 2 * s->capmoves : 8;
        s->moves = realloc(s->moves, (size_t)s->capmoves * sizeof *s->moves);
        if (!s->moves) abort();
    }
    s->moves[s->nmoves++] = (BsMove){ label ? xstrdup(label) : NULL, xstrdup(args_json), to };
}

static void expand(int id)
{
    if (st[id].expanded) return;
    Coll c = { id };
    /* the arguments are copied: the memo may move while the game emits */
    BrVal *args = st[id].args;
    int nargs = st[id].nargs;
    const BrGame *g = st[id].g;
    g->moves(args, nargs, on_move, &c);
    st[id].expanded = true;
}

bool bs_terminal(int id)
{
    expand(id);
    return st[id].nmoves == 0;
}

int bs_moves(int id, const BsMove **out)
{
    expand(id);
    *out = st[id].moves;
    return st[id].nmoves;
}

int bs_pos_sg(const BsPos *p)
{
    int x = 0;
    for (int i = 0; i < p->n; i++)
        if (p->p[i].count & 1) x ^= bs_sg(p->p[i].id);
    return x;
}

int bs_sg(int id)
{
    if (st[id].sg >= 0) return st[id].sg;
    if (st[id].sg == -2) {
        fprintf(stderr, "brute: %s is reached again from itself\n", st[id].text);
        exit(99);
    }
    st[id].sg = -2;
    const BsMove *m;
    int n = bs_moves(id, &m);
    bool *seen = calloc((size_t)n + 2, 1);
    if (!seen) abort();
    for (int i = 0; i < n; i++) {
        m = st[id].moves;   /* valuing an option may move the memo */
        int v = bs_pos_sg(&m[i].to);
        if (v <= n) seen[v] = true;
    }
    int g = 0;
    while (seen[g]) g++;
    free(seen);
    st[id].sg = g;
    return g;
}

void bs_after(const BsPos *p, int which, const BsMove *m, BsPos *out)
{
    out->n = 0;
    out->p = xmalloc(((size_t)p->n + (size_t)m->to.n + 1) * sizeof *out->p);
    for (int i = 0; i < p->n; i++) {
        uint64_t c = p->p[i].count - (i == which);
        if (c) out->p[out->n++] = (BsPart){ p->p[i].id, c };
    }
    for (int i = 0; i < m->to.n; i++) out->p[out->n++] = m->to.p[i];
    normalise(out);
}

static int cmp_text(const void *x, const void *y)
{
    const BsPart *a = x, *b = y;
    return strcmp(st[a->id].text, st[b->id].text);
}

char *bs_key(const BsPos *p)
{
    BsPart *s = xmalloc(((size_t)p->n + 1) * sizeof *s);
    memcpy(s, p->p, (size_t)p->n * sizeof *s);
    qsort(s, (size_t)p->n, sizeof *s, cmp_text);
    BrBuf b;
    br_init(&b);
    for (int i = 0; i < p->n; i++) {
        if (i) br_printf(&b, " + ");
        if (s[i].count != 1) br_printf(&b, "%llu * ", (unsigned long long)s[i].count);
        br_printf(&b, "%s", st[s[i].id].text);
    }
    if (!p->n) br_printf(&b, "0");
    free(s);
    return b.s;
}

/* ---- misère play of a sum: a memo of whole positions by their keys ---- */

typedef struct MisEntry { char *key; bool win; } MisEntry;
static MisEntry *mis;
static size_t nmis, capmis;   /* open addressing, capmis a power of two */

static MisEntry *mis_slot(const char *key)
{
    if (2 * (nmis + 1) > capmis) {
        size_t cap = capmis ? 2 * capmis : 1024;
        MisEntry *t = calloc(cap, sizeof *t);
        if (!t) abort();
        for (size_t i = 0; i < capmis; i++) {
            if (!mis[i].key) continue;
            size_t j = hash(mis[i].key) & (cap - 1);
            while (t[j].key) j = (j + 1) & (cap - 1);
            t[j] = mis[i];
        }
        free(mis);
        mis = t;
        capmis = cap;
    }
    size_t j = hash(key) & (capmis - 1);
    while (mis[j].key && strcmp(mis[j].key, key)) j = (j + 1) & (capmis - 1);
    return &mis[j];
}

bool bs_misere_win(const BsPos *p)
{
    char *key = bs_key(p);
    MisEntry *e = mis_slot(key);
    if (e->key) {
        free(key);
        return e->win;
    }
    bool win = p->n == 0;   /* no component left: no move, and in misère play that wins */
    for (int i = 0; i < p->n && !win; i++) {
        const BsMove *m;
        int nm = bs_moves(p->p[i].id, &m);
        for (int k = 0; k < nm && !win; k++) {
            bs_moves(p->p[i].id, &m);   /* the memo may have moved */
            BsPos after;
            bs_after(p, i, &m[k], &after);
            win = !bs_misere_win(&after);
            bs_pos_free(&after);
        }
    }
    e = mis_slot(key);   /* the table may have grown */
    e->key = key;
    e->win = win;
    nmis++;
    return win;
}
