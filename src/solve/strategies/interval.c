/* interval.c: the interval strategy, for scoring games over a row of numbers (interval.h): the
   rules compiled, a position is (its integers, an offset and a length in one row of the list
   registry, listview.h), and the values of the row's positions are kept in a table of their own,
   one array over the offsets for each (integers, numbers dropped from the end); negamax's values,
   without keys, states or the interpreter. It answers a position whose list is a view (a list of
   LVIEW_MIN numbers or more: shorter ones are negamax's), and declines, for the game on that row
   from then on, wherever the interpreter could say something else: an error of the rules (an index out of
   range, an overflow: negamax then reports it or computes in GMP), a cycle, a value beyond 64 bits,
   more positions than --max-states, or a table too sparse for its arrays. */
#include "config.h"
#include "solve/strategies/interval.h"
#include "solve/core/score.h"
#include "listview.h"
#include "key.h"
#include <stdlib.h>
#include <string.h>

/* A cell: the value v stored as v with its top bit flipped, so that zeroed memory is unknown
   (C_UNK, the value INT64_MIN), C_ONPATH (INT64_MIN + 1) marks a position being expanded and
   C_NONE (INT64_MIN + 2) one without options (the running best's (h, w) for h below lo: IGame.prefix);
   a value that would read as one of them declines. */
#define C_UNK 0u
#define C_ONPATH 1u
#define C_NONE 2u
static inline uint64_t enc(int64_t v) { return (uint64_t)v ^ ((uint64_t)1 << 63); }
static inline int64_t dec(uint64_t c) { return (int64_t)(c ^ ((uint64_t)1 << 63)); }

/* The tables' cells (all rows) may pass IV_FREE cells (64 MB) only while they stay within
   IV_SPARSE a position solved: a search down one edge of the table (Ends' positions without their
   last number, one after the other) touches an array for each length before it fills them. A
   game with integers has IV_FREE_INTS (8 MB) before the bound: an integer that runs away (`t -
   1` without a guard) makes an array a value and fills one cell of each. */
#define IV_FREE ((size_t)1 << 23)
#define IV_FREE_INTS ((size_t)1 << 20)
#define IV_SPARSE 16

/* A row's table for one game: its numbers a[0..n) and their running sums; the cells of the
   positions with r numbers dropped from the end, by offset (0..n - r), in one array for each
   (integers, r): by r directly when the game has no integers, else in an open-addressing map. */
typedef struct IRowKey { int64_t k[IV_MAXINT + 1]; uint64_t *cells; } IRowKey;
typedef struct ITable {
    int gid;
    uint64_t base;
    const int64_t *a;
    uint32_t n;
    __int128 *rsum;      /* rsum[i]: a[0] + ... + a[i - 1] */
    uint64_t **byr;
    IRowKey *map;
    size_t mcap, mn;
    size_t cells;
    struct ITable *next;   /* the next table of the same row (another game's) */
    bool dead;             /* declined (give_up): no cells, negamax's row */
} ITable;

/* A position on the search stack (48 bytes: a stack of 10^6 coins keeps about two a number);
   opt: where its options start in Interval.opt. */
typedef struct IFrame { int64_t c[IV_MAXINT]; uint64_t *cell; uint32_t off, len, opt; bool expanded; } IFrame;
/* An option (16 bytes): its gain and the cell after it, whose low bit (cells are 8-byte words)
   is IO_KEEP for the running best's (h - 1, w), whose best is taken as it is (the same player's
   choice, not a move). */
typedef struct IOpt { int64_t gain; uintptr_t cell; } IOpt;
#define IO_KEEP ((uintptr_t)1)
static inline const uint64_t *opt_cell(const IOpt *o) { return (const uint64_t *)(o->cell & ~IO_KEEP); }

typedef struct Interval {
    IGame **games;
    bool *tried;
    size_t ngames;
    ITable **tabs;
    size_t ntabs, captabs;
    ITable **byrow;      /* by the row's base: its tables, chained */
    size_t nbyrow;
    IFrame *stack;
    size_t sp, scap;
    IOpt *opt;
    size_t nopt, capopt;
    int64_t *vars;
    size_t nvars;
    size_t used;         /* positions solved, all tables */
    size_t cells;        /* the tables' cells */
    uint64_t work;       /* expansions since the last poll */
    size_t probe;        /* > 0: count the options of a position, record nothing */
    EvalCtx ev;
    jmp_buf *decline;
    Loc loc;
} Interval;

static void *iv_init(Solver *s)
{
    Interval *iv = xcalloc(1, sizeof *iv);
    iv->ev.p = s->p;
    return iv;
}

/* A table's cells, arrays and running sums freed (the table itself stays, empty). */
static void free_cells(ITable *t)
{
    if (t->byr)
        for (size_t r = 0; r <= t->n; r++) xfree(t->byr[r]);
    for (size_t i = 0; i < t->mcap; i++) xfree(t->map[i].cells);
    xfree(t->byr);
    xfree(t->map);
    xfree(t->rsum);
    t->byr = NULL;
    t->map = NULL;
    t->rsum = NULL;
    t->mcap = t->mn = 0;
}

static void free_table(ITable *t)
{
    free_cells(t);
    xfree(t);
}

static void drop_tables(Interval *iv, int gid)
{
    size_t k = 0;
    for (size_t i = 0; i < iv->ntabs; i++) {
        if (gid < 0 || iv->tabs[i]->gid == gid) {
            iv->cells -= iv->tabs[i]->cells;
            free_table(iv->tabs[i]);
        } else {
            iv->tabs[k++] = iv->tabs[i];
        }
    }
    iv->ntabs = k;
    if (gid < 0) iv->used = 0;
    if (iv->byrow) memset(iv->byrow, 0, iv->nbyrow * sizeof *iv->byrow);   /* the chains of the tables left */
    for (size_t i = 0; i < iv->ntabs; i++) {
        iv->tabs[i]->next = iv->byrow[iv->tabs[i]->base];
        iv->byrow[iv->tabs[i]->base] = iv->tabs[i];
    }
}

static void iv_fini(Solver *s, void *st)
{
    (void)s;
    Interval *iv = st;
    drop_tables(iv, -1);
    for (size_t i = 0; i < iv->ngames; i++) iv_free_game(iv->games[i]);
    xfree(iv->games);
    xfree(iv->tried);
    xfree(iv->tabs);
    xfree(iv->byrow);
    xfree(iv->stack);
    xfree(iv->opt);
    xfree(iv->vars);
    xfree(iv);
}

/* Game gid compiled (once), or NULL. */
static IGame *game_of(Interval *iv, Program *p, uint32_t gid)
{
    if (gid >= iv->ngames) {
        size_t n = p->code.ngames > gid ? p->code.ngames : (size_t)gid + 1;
        iv->games = xrealloc(iv->games, n * sizeof *iv->games);
        iv->tried = xrealloc(iv->tried, n * sizeof *iv->tried);
        memset(iv->games + iv->ngames, 0, (n - iv->ngames) * sizeof *iv->games);
        memset(iv->tried + iv->ngames, 0, (n - iv->ngames) * sizeof *iv->tried);
        iv->ngames = n;
    }
    if (!iv->tried[gid]) {
        iv->tried[gid] = true;
        iv->games[gid] = iv_compile(p, (int)gid);
    }
    return iv->games[gid];
}

/* The row gives up for the game: its table keeps no cells, and negamax answers the game's
   positions on it from now on (the values handed out so far are right: they stay; the game's
   other rows keep their tables, as an error or an overflow is a row's). */
static void give_up(Interval *iv, ITable *t)
{
    free_cells(t);
    iv->cells -= t->cells;
    t->cells = 0;
    t->dead = true;
    iv->sp = iv->nopt = 0;
    iv->probe = 0;
}

static _Noreturn void decline(Interval *iv) { longjmp(*iv->decline, 1); }

/* A position of key: its integers, and its list's row, offset and length; false when the key is
   not of this shape (a list written out, a big integer). */
static bool coords_of(const Program *p, const IGame *g, const int64_t *key, int64_t *c, uint64_t *base, uint32_t *off,
                      uint32_t *len)
{
    uint64_t sig = (uint64_t)key[1];
    size_t w = 2;
    for (int i = 0; i < g->nint; i++) {
        if (((sig >> (2 * i)) & 3) != POS_ARG_INT) return false;
        c[i] = key[w++];
    }
    uint64_t lw = (uint64_t)key[w];
    if (((sig >> (2 * g->nint)) & 3) != POS_ARG_LIST || !(lw & KEY_VIEW_BIT) || (lw & (KEY_STRS_BIT | KEY_BIG_BIT)))
        return false;
    uint32_t n, rn;
    const int64_t *a = lview_elems(p, (uint64_t)key[w + 1], &n, base);
    const int64_t *row = lview_row(p, *base, &rn);
    if (!row || a < row || a + n > row + rn) return false;
    *off = (uint32_t)(a - row);
    *len = n;
    return true;
}

/* The table of game gid over the row base (made when new). */
static ITable *table_of(Interval *iv, Program *p, const IGame *g, uint64_t base, Loc loc)
{
    if (base < iv->nbyrow)
        for (ITable *t = iv->byrow[base]; t; t = t->next)
            if (t->gid == g->gid) return t;
    uint32_t n;
    const int64_t *a = lview_row(p, base, &n);
    prog_memory_need(p, ((size_t)n + 1) * (sizeof(__int128) + (g->nint ? 0 : sizeof(uint64_t *))), loc, "the game's table");
    ITable *t = xcalloc(1, sizeof *t);
    t->gid = g->gid;
    t->base = base;
    t->a = a;
    t->n = n;
    t->rsum = xmalloc(((size_t)n + 1) * sizeof *t->rsum);
    t->rsum[0] = 0;
    for (uint32_t i = 0; i < n; i++) t->rsum[i + 1] = t->rsum[i] + a[i];
    if (!g->nint) t->byr = xcalloc((size_t)n + 1, sizeof *t->byr);
    VEC_PUSH(iv->tabs, iv->ntabs, iv->captabs, t);
    if (base >= iv->nbyrow) {
        size_t m = iv->nbyrow ? iv->nbyrow : 64;
        while (m <= base) m *= 2;
        iv->byrow = xrealloc(iv->byrow, m * sizeof *iv->byrow);
        memset(iv->byrow + iv->nbyrow, 0, (m - iv->nbyrow) * sizeof *iv->byrow);
        iv->nbyrow = m;
    }
    t->next = iv->byrow[base];
    iv->byrow[base] = t;
    return t;
}

static uint64_t *new_row(Interval *iv, ITable *t, uint32_t r)
{
    size_t m = (size_t)t->n + 1 - r;
    if (iv->cells + m > (t->byr ? IV_FREE : IV_FREE_INTS) && iv->cells + m > IV_SPARSE * (iv->used + 1))
        decline(iv);   /* too sparse */
    Program *p = iv->ev.p;
    uint64_t budget = prog_memory_budget(p);
    if (budget && prog_memory_used(p) + m * sizeof(uint64_t) > budget) decline(iv);   /* negamax meets the budget its own way */
    t->cells += m;
    iv->cells += m;
    return xcalloc(m, sizeof(uint64_t));
}

static size_t row_hash(const int64_t *k, int nk, size_t cap)
{
    uint64_t h = 0x9E3779B97F4A7C15ull;
    for (int i = 0; i < nk; i++) h = (h ^ (uint64_t)k[i]) * 0xBF58476D1CE4E5B9ull;
    return (size_t)((h ^ (h >> 31)) & (cap - 1));
}

/* The cells of (integers c, r) in a game with integers. */
static uint64_t *map_row(Interval *iv, ITable *t, int nint, const int64_t *c, uint32_t r)
{
    int64_t k[IV_MAXINT + 1];
    memcpy(k, c, (size_t)nint * sizeof *k);
    k[nint] = r;
    int nk = nint + 1;
    if (t->mcap) {
        for (size_t j = row_hash(k, nk, t->mcap); t->map[j].cells; j = (j + 1) & (t->mcap - 1))
            if (!memcmp(t->map[j].k, k, (size_t)nk * sizeof *k)) return t->map[j].cells;
    }
    uint64_t *cells = new_row(iv, t, r);
    if (2 * (t->mn + 1) > t->mcap) {   /* grow: at most half full */
        size_t cap = t->mcap ? 2 * t->mcap : 64;
        IRowKey *m = xcalloc(cap, sizeof *m);
        for (size_t i = 0; i < t->mcap; i++) {
            if (!t->map[i].cells) continue;
            size_t j = row_hash(t->map[i].k, nk, cap);
            while (m[j].cells) j = (j + 1) & (cap - 1);
            m[j] = t->map[i];
        }
        xfree(t->map);
        t->map = m;
        t->mcap = cap;
    }
    size_t j = row_hash(k, nk, t->mcap);
    while (t->map[j].cells) j = (j + 1) & (t->mcap - 1);
    memcpy(t->map[j].k, k, sizeof k);
    t->map[j].cells = cells;
    t->mn++;
    return cells;
}

/* The cell of position (c, off, len) (the empty list is one position, at offset 0). */
static inline uint64_t *cell_at(Interval *iv, ITable *t, const IGame *g, const int64_t *c, uint32_t off, uint32_t len)
{
    if (!len) off = 0;
    uint32_t r = t->n - off - len;
    uint64_t *row;
    if (!g->nint) {
        row = t->byr[r];
        if (!row) row = t->byr[r] = new_row(iv, t, r);
    } else {
        row = map_row(iv, t, g->nint, c, r);
    }
    return &row[off];
}

/* The running best's h for integer x at (off, len): max(hi, lo - 1) there (the slots overwritten). */
static int64_t canon_h(Interval *iv, const IGame *g, int64_t x, uint32_t off, uint32_t len)
{
    const IRule *r = &g->rules[0];
    int64_t *v = iv->vars;
    v[W_OFF] = off;
    v[W_LEN] = len;
    v[W_SHIFT] = x;
    int64_t lo = eval(&iv->ev, &r->lo[0], v), hi = eval(&iv->ev, &r->hi[0], v);
    if (lo == INT64_MIN) decline(iv);
    return hi < lo ? lo - 1 : hi;
}

/* One option of frame f (its binders, lets and guards set in vars): its gain and the position
   after it recorded, that position pushed when unknown. */
static void option(Interval *iv, ITable *t, const IGame *g, const IRule *r, const IFrame *f)
{
    int64_t *v = iv->vars;
    const EvalCtx *ev = &iv->ev;
    iv->work++;   /* a move examined: a step (--max-steps) */
    for (int i = 0; i < r->ncl; i++) {
        int64_t x = eval(ev, &r->cl[i], v);
        if (r->let[i]) v[r->lslot[i]] = x;
        else if (!x) return;
    }
    if (iv->probe) {
        iv->probe++;
        return;
    }
    int64_t gain = 0, x, y;
    switch (r->gk) {   /* the native forms, else the code (which then reports or declines) */
    case IG_ELEM:
        x = eval(ev, &r->gx, v);
        gain = (uint64_t)x < f->len ? t->a[f->off + x] : eval(ev, &r->gain, v);
        break;
    case IG_SUM: {
        x = eval(ev, &r->gx, v);
        y = eval(ev, &r->gy, v);
        __int128 d = y < x ? 0 : x >= 0 && y < f->len ? t->rsum[f->off + y + 1] - t->rsum[f->off + x] : (__int128)1 << 64;
        gain = d >= INT64_MIN && d <= INT64_MAX ? (int64_t)d : eval(ev, &r->gain, v);
        break;
    }
    default:
        if (r->has_gain) gain = eval(ev, &r->gain, v);
    }
    IFrame n = { .expanded = false };
    for (int i = 0; i < g->nint; i++) n.c[i] = eval(ev, &r->arg[i], v);
    if (r->whole) {
        n.off = f->off;
        n.len = f->len;
    } else {
        int64_t lo = eval(ev, &r->slo, v), hi = eval(ev, &r->shi, v);
        if (hi < lo) {
            n.off = n.len = 0;
        } else {
            if (lo < 0 || hi >= f->len) decline(iv);   /* the interpreter's index out of range */
            n.off = f->off + (uint32_t)lo;
            n.len = (uint32_t)(hi - lo + 1);
        }
    }
    if (g->prefix) n.c[0] = canon_h(iv, g, n.c[0], n.off, n.len);   /* the last use of the slots */
    n.cell = cell_at(iv, t, g, n.c, n.off, n.len);
    if (*n.cell == C_ONPATH) decline(iv);   /* a cycle: negamax reports it */
    IOpt o = { gain, (uintptr_t)n.cell };
    VEC_PUSH(iv->opt, iv->nopt, iv->capopt, o);
    if (*n.cell == C_UNK) VEC_PUSH(iv->stack, iv->sp, iv->scap, n);
}

/* Count the work done since the last poll, and poll (which may stop the run: --timeout, ^C). */
static void poll(Interval *iv)
{
    prog_poll_n(iv->ev.p, iv->work, iv->loc);
    iv->work = 0;
}

static void bind(Interval *iv, ITable *t, const IGame *g, const IRule *r, int level, const IFrame *f)
{
    if (level == r->nb) {
        option(iv, t, g, r, f);
        return;
    }
    int64_t *v = iv->vars;
    int s = r->slot[level];
    if (r->set[level]) {
        for (int j = 0; j < r->nset[level]; j++) {
            v[s] = r->set[level][j];
            bind(iv, t, g, r, level + 1, f);
        }
        return;
    }
    int64_t lo = eval(&iv->ev, &r->lo[level], v), hi = eval(&iv->ev, &r->hi[level], v);
    for (int64_t x = lo; x <= hi; x++) {
        v[s] = x;
        bind(iv, t, g, r, level + 1, f);
        if (x == hi) break;
        if (++iv->work >= 4096) poll(iv);   /* a long range whose guards fail still polls */
    }
}

/* The running best's (h, w) (IGame.prefix): (h - 1, w) kept, and the option k = h. */
static void expand_prefix(Interval *iv, ITable *t, const IGame *g, const IFrame *f)
{
    const IRule *r = &g->rules[0];
    int64_t *v = iv->vars, h = f->c[0];
    int64_t lo = eval(&iv->ev, &r->lo[0], v);
    if (h < lo) return;   /* no option */
    if (h > lo) {
        IFrame n = *f;
        n.c[0] = h - 1;
        n.expanded = false;
        n.cell = cell_at(iv, t, g, n.c, n.off, n.len);
        if (*n.cell == C_ONPATH) decline(iv);
        IOpt o = { 0, (uintptr_t)n.cell | IO_KEEP };
        VEC_PUSH(iv->opt, iv->nopt, iv->capopt, o);
        if (*n.cell == C_UNK) VEC_PUSH(iv->stack, iv->sp, iv->scap, n);
    }
    v[r->slot[0]] = h;
    option(iv, t, g, r, f);
}

/* Every option of the position of frame f. */
static void expand(Interval *iv, ITable *t, const IGame *g, const IFrame *f)
{
    int64_t *v = iv->vars;
    v[W_OFF] = f->off;
    v[W_LEN] = f->len;
    iv->ev.row = t->a;
    iv->ev.rsum = t->rsum;
    if (g->prefix) {
        v[W_SHIFT] = 0;   /* t is read by hi alone, which h stands for */
        expand_prefix(iv, t, g, f);
        return;
    }
    for (int i = 0; i < g->nint; i++) v[W_SHIFT + i] = f->c[i];
    for (int i = 0; i < g->nrules; i++) bind(iv, t, g, &g->rules[i], 0, f);
}

/* The value of frame f's position from its options opt[from..nopt) (all solved). */
static void finish(Interval *iv, uint64_t *cell, size_t from)
{
    int64_t best = 0;
    bool any = false;
    for (size_t i = from; i < iv->nopt; i++) {
        const IOpt *o = &iv->opt[i];
        uint64_t c = *opt_cell(o);
        int64_t v;
        if (o->cell & IO_KEEP) {
            if (c == C_NONE) continue;
            v = dec(c);
        } else if (__builtin_sub_overflow(o->gain, c == C_NONE ? 0 : dec(c), &v)) {
            decline(iv);   /* GMP is negamax's */
        }
        if (!any || v > best) best = v;
        any = true;
    }
    if (any && enc(best) <= C_NONE) decline(iv);
    *cell = any ? enc(best) : C_NONE;
    iv->nopt = from;
    if (++iv->used > iv->ev.p->opt.max_states) decline(iv);   /* negamax's store says what the limit is */
}

/* Solve the position of frame root and every unknown one it reaches, depth first. */
static void search(Interval *iv, ITable *t, const IGame *g, const IFrame *root)
{
    size_t base = iv->sp;
    VEC_PUSH(iv->stack, iv->sp, iv->scap, *root);
    while (iv->sp > base) {
        size_t fi = iv->sp - 1;
        IFrame *f = &iv->stack[fi];
        if (f->expanded) {   /* second visit: every option is solved */
            finish(iv, f->cell, f->opt);
            iv->sp--;
            continue;
        }
        if (*f->cell != C_UNK) {   /* solved since it was pushed */
            iv->sp--;
            continue;
        }
        *f->cell = C_ONPATH;
        f->expanded = true;
        if (iv->nopt > UINT32_MAX) decline(iv);
        f->opt = (uint32_t)iv->nopt;
        IFrame cur = *f;
        expand(iv, t, g, &cur);   /* may move the stack */
        if (iv->sp == fi + 1) {   /* nothing pushed: done now */
            finish(iv, cur.cell, cur.opt);
            iv->sp--;
        } else {   /* the options in the rules' order, the first on top */
            for (size_t i = fi + 1, j = iv->sp - 1; i < j; i++, j--) {
                IFrame x = iv->stack[i];
                iv->stack[i] = iv->stack[j];
                iv->stack[j] = x;
            }
        }
        if (++iv->work >= 4096) poll(iv);
    }
    if (iv->work) poll(iv);   /* a short search counts too (--max-steps) */
}

/* The value of position f (its cell found here) into *value, and whether it has no move; false
   when the row declines (give_up). */
static bool solve_at(Interval *iv, ITable *t, const IGame *g, IFrame *f, uint64_t *value, bool *terminal)
{
    jmp_buf jb;
    iv->decline = &jb;
    iv->ev.spec = &jb;   /* every error of the rules declines */
    if (setjmp(jb)) {
        iv->ev.spec = NULL;
        give_up(iv, t);
        return false;
    }
    iv->ev.row = t->a;
    iv->ev.rsum = t->rsum;
    if (g->prefix) f->c[0] = canon_h(iv, g, f->c[0], f->off, f->len);
    f->cell = cell_at(iv, t, g, f->c, f->off, f->len);
    if (*f->cell == C_UNK) search(iv, t, g, f);
    if (*f->cell == C_ONPATH) decline(iv);
    *terminal = *f->cell == C_NONE;
    if (!g->prefix) {
        iv->probe = 1;   /* whether the position has a move */
        expand(iv, t, g, f);
        *terminal = iv->probe == 1;
        iv->probe = 0;
    }
    iv->ev.spec = NULL;
    *value = *f->cell;
    return true;
}

static SolveResult iv_solve(Solver *sv, void *st, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    Interval *iv = st;
    Engine *e = sv->store;
    Program *p = sv->p;
    if (e->budget) return SOLVE_DECLINE;   /* no tentative searches of scoring games */
    const int64_t *key = eng_key(e, id);
    int gid = (int)KEY_GAME(key);
    IGame *g = game_of(iv, p, (uint32_t)gid);
    IFrame f = { .expanded = false };
    uint64_t base;
    if (!g || !coords_of(p, g, key, f.c, &base, &f.off, &f.len)) return SOLVE_DECLINE;
    if ((size_t)g->nvars > iv->nvars) {
        iv->vars = xrealloc(iv->vars, (size_t)g->nvars * sizeof *iv->vars);
        iv->nvars = (size_t)g->nvars;
    }
    memset(iv->vars, 0, iv->nvars * sizeof *iv->vars);
    iv->loc = prog_here(p, loc);
    ITable *t = table_of(iv, p, g, base, iv->loc);
    uint64_t value;
    bool terminal;
    if (t->dead || !solve_at(iv, t, g, &f, &value, &terminal)) return SOLVE_DECLINE;
    State *x = &e->st[id];
    GameValue v = score_int(terminal ? 0 : dec(value));
    x->flags = ST_DONE | ((uint32_t)GV_SCORE << ST_KIND_SHIFT) | (terminal ? ST_TERMINAL : 0);
    score_store(x, &v);
    x->how = solve_how(&strategy_interval, 0);
    return SOLVE_DONE;
}

/* After an error: the positions on the search path are unknown again; after a limit (cleared)
   every table goes, as the store's states do. */
static void iv_recover(Solver *s, void *st, bool cleared)
{
    (void)s;
    Interval *iv = st;
    for (size_t i = 0; i < iv->sp; i++)
        if (*iv->stack[i].cell == C_ONPATH) *iv->stack[i].cell = C_UNK;
    iv->sp = iv->nopt = 0;
    iv->probe = 0;
    iv->ev.spec = NULL;
    if (cleared) drop_tables(iv, -1);
}

static bool iv_applies(Solver *s, void *st, const int64_t *key)
{
    Interval *iv = st;
    if (!s->p->code.games[KEY_GAME(key)].scoring) return false;
    IGame *g = game_of(iv, s->p, KEY_GAME(key));
    int64_t c[IV_MAXINT];
    uint64_t base;
    uint32_t off, len;
    return g && coords_of(s->p, g, key, c, &base, &off, &len);
}

static void iv_explain(Solver *s, void *st, uint32_t id, uint32_t variant, StrBuf *b, AnswerFacts *facts)
{
    (void)s;
    (void)st;
    (void)id;
    (void)variant;
    solve_fact_text(facts, "method", "interval");
    sb_puts(b, "interval: the value is the best of (gain - the value after) over the moves, 0 at the end, "
               "over the slices of the row (the rules compiled, a table by offset and length)");
}

const Strategy strategy_interval = {
    .name = "interval",
    .id = STRATEGY_INTERVAL,
    .scoring = true,
    .init = iv_init,
    .fini = iv_fini,
    .recover = iv_recover,
    .applies = iv_applies,
    .solve = iv_solve,
    .explain = iv_explain,
};
