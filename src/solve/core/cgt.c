/* cgt.c: the store of partizan game forms: interning, comparison, canonical forms, sums and
   negatives (docs/theory.md, "Short partizan games"; Siegel, Combinatorial Game Theory, ch. II). */
#include "config.h"
#include "solve/core/cgt.h"
#include <stdlib.h>
#include <string.h>

/* Nimbers made at most (a nimber *n has n options on each side). */
#define CGT_MAX_NIMBER 4096u

enum { CGT_F_CANON = 1, CGT_F_NUMBER = 2, CGT_F_NIMBER = 4, CGT_F_LSTOP = 8, CGT_F_RSTOP = 16 };

/* A form: its options (opts[off .. off + nl) Left's, then nr of Right's, each sorted by id), its
   canonical form once known, its negative once made, and what it is. */
typedef struct CgtForm {
    uint32_t off, nl, nr, flags;
    CgtId canon, neg;
    uint32_t nim;
    uint64_t hash;
    CgtNum num, lstop, rstop;
} CgtForm;

/* 64-bit keys to 32-bit values. */
typedef struct CgtMap { uint64_t *keys; uint32_t *vals; size_t n, cap; } CgtMap;

struct CgtStore {
    CgtForm *f;
    size_t n, cap, max;
    CgtId *opts;
    size_t nopts, capopts;
    uint32_t *table;        /* forms by their options: id + 1, 0 empty */
    size_t tcap;
    CgtMap le, sum, nums;   /* a <= b by (a, b); a + b by (a, b), a < b; numbers by value */
    CgtId *nims;            /* *0 .. *(nnims - 1) */
    uint32_t nnims;
    CgtId *ups;             /* n.↑ for n in 1..nups (index n - 1) */
    uint32_t nups;
    CgtId zero;
    bool zero_made, full, toobig, stopped;
    bool (*poll)(void *ctx);   /* asked every CGT_POLL_EVERY operations whether to stop */
    void *poll_ctx;
    uint64_t ticks;
};


/* ---- a map from 64-bit keys to 32-bit values (open addressing; key + 1 stored, 0 empty) ---- */

static uint64_t mix64(uint64_t x)
{
    x ^= x >> 33;
    x *= 0xff51afd7ed558ccdULL;
    x ^= x >> 33;
    x *= 0xc4ceb9fe1a85ec53ULL;
    return x ^ (x >> 33);
}

static bool cgt_map_get(const CgtMap *m, uint64_t key, uint32_t *v)
{
    if (!m->cap) return false;
    for (size_t i = mix64(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->keys[i]) return false;
        if (m->keys[i] == key + 1) {
            *v = m->vals[i];
            return true;
        }
    }
}

static void cgt_map_put(CgtMap *m, uint64_t key, uint32_t v)
{
    if (2 * (m->n + 1) > m->cap) {
        CgtMap g = { .cap = m->cap ? 2 * m->cap : 1024 };
        g.keys = xcalloc(g.cap, sizeof *g.keys);
        g.vals = xmalloc(g.cap * sizeof *g.vals);
        for (size_t i = 0; i < m->cap; i++)
            if (m->keys[i]) cgt_map_put(&g, m->keys[i] - 1, m->vals[i]);
        xfree(m->keys);
        xfree(m->vals);
        *m = g;
    }
    for (size_t i = mix64(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->keys[i]) {
            m->keys[i] = key + 1;
            m->vals[i] = v;
            m->n++;
            return;
        }
        if (m->keys[i] == key + 1) {
            m->vals[i] = v;
            return;
        }
    }
}

static void map_free(CgtMap *m)
{
    xfree(m->keys);
    xfree(m->vals);
    memset(m, 0, sizeof *m);
}

/* ---- the store ---- */

CgtStore *cgt_new(size_t max_forms)
{
    CgtStore *st = xcalloc(1, sizeof *st);
    st->max = max_forms ? max_forms : (size_t)1 << 26;
    return st;
}

void cgt_free(CgtStore *st)
{
    if (!st) return;
    xfree(st->f);
    xfree(st->opts);
    xfree(st->table);
    xfree(st->nims);
    xfree(st->ups);
    map_free(&st->le);
    map_free(&st->sum);
    map_free(&st->nums);
    xfree(st);
}

bool cgt_full(const CgtStore *st) { return st->full || st->toobig || st->stopped; }
bool cgt_stopped(const CgtStore *st) { return st->stopped; }

void cgt_set_poll(CgtStore *st, bool (*poll)(void *ctx), void *ctx)
{
    st->poll = poll;
    st->poll_ctx = ctx;
}

#define CGT_POLL_EVERY 1024

/* Count an operation; true once the poll asked to stop (every operation then ends at once). */
static bool tick(CgtStore *st)
{
    if (st->stopped) return true;
    if (++st->ticks % CGT_POLL_EVERY || !st->poll) return false;
    st->stopped = st->poll(st->poll_ctx);
    return st->stopped;
}
bool cgt_too_big(const CgtStore *st) { return st->toobig; }
size_t cgt_count(const CgtStore *st) { return st->n; }

size_t cgt_bytes(const CgtStore *st)
{
    return st->cap * sizeof *st->f + st->capopts * sizeof *st->opts + st->tcap * sizeof *st->table +
           (st->le.cap + st->sum.cap + st->nums.cap) * (sizeof(uint64_t) + sizeof(uint32_t));
}

size_t cgt_nleft(const CgtStore *st, CgtId a) { return st->f[a].nl; }
size_t cgt_nright(const CgtStore *st, CgtId a) { return st->f[a].nr; }
CgtId cgt_left(const CgtStore *st, CgtId a, size_t i) { return st->opts[st->f[a].off + i]; }
CgtId cgt_right(const CgtStore *st, CgtId a, size_t i) { return st->opts[st->f[a].off + st->f[a].nl + i]; }

static uint64_t form_hash(const CgtId *L, size_t nl, const CgtId *R, size_t nr)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ nl;
    for (size_t i = 0; i < nl; i++) h = mix64(h ^ L[i]);
    h = mix64(h ^ 0x5bd1e995u ^ nr);
    for (size_t i = 0; i < nr; i++) h = mix64(h ^ R[i]);
    return h;
}

static bool form_is(const CgtStore *st, CgtId a, const CgtId *L, size_t nl, const CgtId *R, size_t nr)
{
    const CgtForm *f = &st->f[a];
    return f->nl == nl && f->nr == nr && (!nl || !memcmp(st->opts + f->off, L, nl * sizeof *L)) &&
           (!nr || !memcmp(st->opts + f->off + nl, R, nr * sizeof *R));
}

static void table_grow(CgtStore *st)
{
    size_t cap = st->tcap ? 2 * st->tcap : 1024;
    uint32_t *t = xcalloc(cap, sizeof *t);
    for (size_t a = 0; a < st->n; a++)
        for (size_t i = st->f[a].hash & (cap - 1);; i = (i + 1) & (cap - 1))
            if (!t[i]) {
                t[i] = (uint32_t)a + 1;
                break;
            }
    xfree(st->table);
    st->table = t;
    st->tcap = cap;
}

static int id_order(const void *x, const void *y)
{
    CgtId a = *(const CgtId *)x, b = *(const CgtId *)y;
    return (a > b) - (a < b);
}

/* Sort and drop repeats; returns the new count. */
static size_t sort_unique(CgtId *v, size_t n)
{
    if (n < 2) return n;
    qsort(v, n, sizeof *v, id_order);
    size_t k = 1;
    for (size_t i = 1; i < n; i++)
        if (v[i] != v[k - 1]) v[k++] = v[i];
    return k;
}

/* The form {L | R} (sorted, no repeats) as it is, interned: CGT_NONE when the store is full. */
static CgtId cgt_intern(CgtStore *st, const CgtId *L, size_t nl, const CgtId *R, size_t nr)
{
    uint64_t h = form_hash(L, nl, R, nr);
    if (st->tcap)
        for (size_t i = h & (st->tcap - 1); st->table[i]; i = (i + 1) & (st->tcap - 1)) {
            CgtId a = st->table[i] - 1;
            if (st->f[a].hash == h && form_is(st, a, L, nl, R, nr)) return a;
        }
    if (st->n >= st->max || st->nopts + nl + nr > UINT32_MAX) {
        st->full = true;
        return CGT_NONE;
    }
    if (st->n == st->cap) {
        st->cap = st->cap ? 2 * st->cap : 256;
        st->f = xrealloc(st->f, st->cap * sizeof *st->f);
    }
    if (st->nopts + nl + nr > st->capopts) {
        while (st->nopts + nl + nr > st->capopts) st->capopts = st->capopts ? 2 * st->capopts : 1024;
        st->opts = xrealloc(st->opts, st->capopts * sizeof *st->opts);
    }
    CgtId a = (CgtId)st->n++;
    CgtForm *f = &st->f[a];
    memset(f, 0, sizeof *f);
    f->off = (uint32_t)st->nopts;
    f->nl = (uint32_t)nl;
    f->nr = (uint32_t)nr;
    f->hash = h;
    f->canon = CGT_NONE;
    f->neg = CGT_NONE;
    if (nl) memcpy(st->opts + st->nopts, L, nl * sizeof *L);   /* (L, R may be NULL when empty) */
    if (nr) memcpy(st->opts + st->nopts + nl, R, nr * sizeof *R);
    st->nopts += nl + nr;
    if (2 * st->n > st->tcap) table_grow(st);
    else
        for (size_t i = h & (st->tcap - 1);; i = (i + 1) & (st->tcap - 1))
            if (!st->table[i]) {
                st->table[i] = a + 1;
                break;
            }
    return a;
}

/* ---- comparison ---- */

bool cgt_le(CgtStore *st, CgtId a, CgtId b)
{
    if (a == b) return true;
    const CgtForm *fa = &st->f[a], *fb = &st->f[b];
    if ((fa->flags & CGT_F_NUMBER) && (fb->flags & CGT_F_NUMBER)) return cgt_num_cmp(fa->num, fb->num) <= 0;
    if ((fa->flags & CGT_F_NIMBER) && (fb->flags & CGT_F_NIMBER)) return false;   /* distinct nimbers */
    uint64_t key = (uint64_t)a << 32 | b;
    uint32_t v;
    if (cgt_map_get(&st->le, key, &v)) return v;
    if (tick(st)) return false;   /* (stopped: the answer is dropped) */
    bool le = true;
    /* a <= b unless some a^L >= b or some b^R <= a */
    for (size_t i = 0; le && i < st->f[a].nl; i++)
        if (cgt_le(st, b, cgt_left(st, a, i))) le = false;
    for (size_t i = 0; le && i < st->f[b].nr; i++)
        if (cgt_le(st, cgt_right(st, b, i), a)) le = false;
    if (!st->stopped) cgt_map_put(&st->le, key, le);
    return le;
}

char cgt_cmp(CgtStore *st, CgtId a, CgtId b)
{
    bool le = cgt_le(st, a, b), ge = cgt_le(st, b, a);
    return le && ge ? '=' : le ? '<' : ge ? '>' : '|';
}

char cgt_outcome(CgtStore *st, CgtId a)
{
    char c = cgt_cmp(st, a, cgt_zero(st));
    return c == '=' ? 'P' : c == '>' ? 'L' : c == '<' ? 'R' : 'N';
}

/* ---- canonical forms ---- */

/* A growable list of ids. */
typedef struct Ids { CgtId *v; size_t n, cap; } Ids;
static void ids_push(Ids *l, CgtId a)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 8;
        l->v = xrealloc(l->v, l->cap * sizeof *l->v);
    }
    l->v[l->n++] = a;
}

/* Drop the options dominated within l (for Left: a <= another; for Right: a >= another). Canonical
   options that differ are different games, so a <= b with a != b is a < b. */
static void drop_dominated(CgtStore *st, Ids *l, bool left)
{
    size_t k = 0;
    for (size_t i = 0; i < l->n; i++) {
        bool dominated = false;
        for (size_t j = 0; j < l->n && !dominated; j++)
            if (j != i) dominated = left ? cgt_le(st, l->v[i], l->v[j]) : cgt_le(st, l->v[j], l->v[i]);
        if (!dominated) l->v[k++] = l->v[i];
    }
    l->n = k;
}

/* Bypass the reversible options of l against g (the form being simplified): a Left option A with
   a Right option A^R <= g is replaced by A^R's Left options (dually for Right). Every option is
   tested against the same g: bypassing one keeps the game equal, so the others stay reversible.
   Returns whether anything changed. */
static bool bypass(CgtStore *st, Ids *l, CgtId g, bool left)
{
    Ids out = { 0 };
    bool changed = false;
    for (size_t i = 0; i < l->n; i++) {
        CgtId a = l->v[i], rev = CGT_NONE;
        size_t n = left ? st->f[a].nr : st->f[a].nl;
        for (size_t j = 0; j < n && rev == CGT_NONE; j++) {
            CgtId x = left ? cgt_right(st, a, j) : cgt_left(st, a, j);
            if (left ? cgt_le(st, x, g) : cgt_le(st, g, x)) rev = x;
        }
        if (rev == CGT_NONE) {
            ids_push(&out, a);
            continue;
        }
        changed = true;
        size_t m = left ? st->f[rev].nl : st->f[rev].nr;
        for (size_t j = 0; j < m; j++) ids_push(&out, left ? cgt_left(st, rev, j) : cgt_right(st, rev, j));
    }
    xfree(l->v);
    *l = out;
    return changed;
}

/* Set the flags of canonical form a: a number (its value), a nimber (its value). */
static void classify(CgtStore *st, CgtId a)
{
    CgtForm *f = &st->f[a];
    f->flags |= CGT_F_CANON;
    f->canon = a;
    size_t nl = f->nl, nr = f->nr;
    if (nl <= 1 && nr <= 1) {
        CgtId l = nl ? cgt_left(st, a, 0) : CGT_NONE, r = nr ? cgt_right(st, a, 0) : CGT_NONE;
        bool ln = !nl || (st->f[l].flags & CGT_F_NUMBER), rn = !nr || (st->f[r].flags & CGT_F_NUMBER);
        CgtNum lo = nl ? st->f[l].num : (CgtNum){ 0, 0 }, hi = nr ? st->f[r].num : (CgtNum){ 0, 0 }, x;
        if (ln && rn && (!nl || !nr || cgt_num_cmp(lo, hi) < 0) && cgt_num_simplest(nl, lo, nr, hi, &x)) {
            st->f[a].flags |= CGT_F_NUMBER;
            st->f[a].num = x;
            return;
        }
    }
    if (nl == nr && nl) {
        /* a nimber *n: both sides {*0, ..., *(n-1)} */
        const CgtId *L = st->opts + f->off, *R = L + nl;
        if (memcmp(L, R, nl * sizeof *L)) return;
        uint64_t seen = 0;
        for (size_t i = 0; i < nl; i++) {
            const CgtForm *o = &st->f[L[i]];
            uint32_t v = (o->flags & CGT_F_NIMBER) ? o->nim : (o->flags & CGT_F_NUMBER) && !o->num.m ? 0 : UINT32_MAX;
            if (v >= nl) return;
            if (v < 64) seen |= (uint64_t)1 << v;
        }
        /* distinct ids of nimbers below nl, nl of them: all of 0..nl-1 (checked for the first 64) */
        if (nl <= 64 && seen != (nl == 64 ? UINT64_MAX : ((uint64_t)1 << nl) - 1)) return;
        st->f[a].flags |= CGT_F_NIMBER;
        st->f[a].nim = (uint32_t)nl;
    }
}

CgtId cgt_make(CgtStore *st, const CgtId *L0, size_t nl, const CgtId *R0, size_t nr)
{
    if (tick(st)) return CGT_NONE;
    Ids L = { 0 }, R = { 0 };
    for (size_t i = 0; i < nl; i++) ids_push(&L, L0[i]);
    for (size_t i = 0; i < nr; i++) ids_push(&R, R0[i]);
    L.n = sort_unique(L.v, L.n);
    R.n = sort_unique(R.v, R.n);
    CgtId first = cgt_intern(st, L.v, L.n, R.v, R.n), g = first;
    if (g != CGT_NONE && st->f[g].canon != CGT_NONE) {
        xfree(L.v);
        xfree(R.v);
        return st->f[g].canon;
    }
    while (g != CGT_NONE) {
        drop_dominated(st, &L, true);
        drop_dominated(st, &R, false);
        g = cgt_intern(st, L.v, L.n, R.v, R.n);
        if (g == CGT_NONE) break;
        if (st->f[g].canon != CGT_NONE) {
            g = st->f[g].canon;
            break;
        }
        bool changed = bypass(st, &L, g, true);
        changed |= bypass(st, &R, g, false);
        if (!changed) {
            classify(st, g);
            break;
        }
        L.n = sort_unique(L.v, L.n);
        R.n = sort_unique(R.v, R.n);
        g = cgt_intern(st, L.v, L.n, R.v, R.n);
        if (g != CGT_NONE && st->f[g].canon != CGT_NONE) {
            g = st->f[g].canon;
            break;
        }
    }
    if (st->stopped) g = CGT_NONE;   /* comparisons cut short: nothing is kept */
    if (g != CGT_NONE) st->f[first].canon = g;
    xfree(L.v);
    xfree(R.v);
    return g;
}

/* ---- numbers, nimbers, ups ---- */

CgtId cgt_zero(CgtStore *st)
{
    if (st->zero_made) return st->zero;
    CgtId z = cgt_intern(st, NULL, 0, NULL, 0);
    if (z == CGT_NONE) return z;
    st->f[z].flags |= CGT_F_CANON | CGT_F_NUMBER | CGT_F_NIMBER;
    st->f[z].canon = z;
    st->f[z].num = (CgtNum){ 0, 0 };
    st->f[z].nim = 0;
    st->zero = z;
    st->zero_made = true;
    return z;
}

static uint64_t num_key(CgtNum x) { return ((uint64_t)(x.m + ((int64_t)1 << 52)) << 6) | (uint64_t)x.k; }

/* The canonical number form of x, made from its options as they are (they are canonical). */
static CgtId number_form(CgtStore *st, CgtNum x, CgtId lo, CgtId hi)
{
    CgtId L[1] = { lo }, R[1] = { hi };
    CgtId a = cgt_intern(st, L, lo != CGT_NONE, R, hi != CGT_NONE);
    if (a == CGT_NONE) return a;
    st->f[a].flags |= CGT_F_CANON | CGT_F_NUMBER;
    st->f[a].canon = a;
    st->f[a].num = x;
    cgt_map_put(&st->nums, num_key(x), a);
    return a;
}

CgtId cgt_number(CgtStore *st, CgtNum x)
{
    if (x.k > 60 || x.m > ((int64_t)1 << 62) || x.m < -((int64_t)1 << 62) || (x.m >> x.k) > CGT_MAX_INTEGER ||
        (x.m >> x.k) < -CGT_MAX_INTEGER) {
        st->toobig = true;
        return CGT_NONE;
    }
    if (!x.m) return cgt_zero(st);
    uint32_t v;
    if (cgt_map_get(&st->nums, num_key(x), &v)) return v;
    if (x.k == 0) {
        /* n = {n - 1 | } for n > 0, { | n + 1} for n < 0: from the nearest integer made already */
        int64_t step = x.m > 0 ? 1 : -1, n = x.m - step;
        while (n && !cgt_map_get(&st->nums, num_key((CgtNum){ n, 0 }), &v)) n -= step;
        CgtId prev = n ? v : cgt_zero(st);
        for (n += step; prev != CGT_NONE; n += step) {
            prev = x.m > 0 ? number_form(st, (CgtNum){ n, 0 }, prev, CGT_NONE) : number_form(st, (CgtNum){ n, 0 }, CGT_NONE, prev);
            if (n == x.m) break;
        }
        return prev;
    }
    /* m / 2^k = {(m - 1) / 2^k | (m + 1) / 2^k}, each reduced */
    CgtNum lo = { x.m - 1, x.k }, hi = { x.m + 1, x.k };
    while (lo.k && !(lo.m & 1)) lo.m /= 2, lo.k--;
    while (hi.k && !(hi.m & 1)) hi.m /= 2, hi.k--;
    CgtId l = cgt_number(st, lo), h = l == CGT_NONE ? l : cgt_number(st, hi);
    return h == CGT_NONE ? h : number_form(st, x, l, h);
}

CgtId cgt_integer(CgtStore *st, int64_t n) { return cgt_number(st, (CgtNum){ n, 0 }); }

CgtId cgt_nimber(CgtStore *st, uint32_t n)
{
    if (n > CGT_MAX_NIMBER) {
        st->full = true;
        return CGT_NONE;
    }
    if (!st->nnims) {
        CgtId z = cgt_zero(st);
        if (z == CGT_NONE) return z;
        st->nims = xmalloc(sizeof *st->nims);
        st->nims[0] = z;
        st->nnims = 1;
    }
    if (n >= st->nnims) {
        st->nims = xrealloc(st->nims, (n + 1) * sizeof *st->nims);
        for (uint32_t k = st->nnims; k <= n; k++) {
            /* *k = {*0, ..., *(k-1) | the same}: canonical already */
            CgtId *o = xmalloc(k * sizeof *o);
            memcpy(o, st->nims, k * sizeof *o);
            uint32_t cnt = sort_unique(o, k) == k ? k : 0;
            CgtId a = cnt ? cgt_intern(st, o, k, o, k) : CGT_NONE;
            xfree(o);
            if (a == CGT_NONE) return a;
            st->f[a].flags |= CGT_F_CANON | CGT_F_NIMBER;
            st->f[a].canon = a;
            st->f[a].nim = k;
            st->nims[k] = a;
            st->nnims = k + 1;
        }
    }
    return st->nims[n];
}

CgtId cgt_up(CgtStore *st)
{
    CgtId z = cgt_zero(st), s = cgt_nimber(st, 1);
    if (z == CGT_NONE || s == CGT_NONE) return CGT_NONE;
    return cgt_make(st, &z, 1, &s, 1);
}

bool cgt_is_number(const CgtStore *st, CgtId a, CgtNum *x)
{
    if (!(st->f[a].flags & CGT_F_NUMBER)) return false;
    if (x) *x = st->f[a].num;
    return true;
}

bool cgt_is_nimber(const CgtStore *st, CgtId a, uint32_t *n)
{
    if (!(st->f[a].flags & CGT_F_NIMBER)) return false;
    if (n) *n = st->f[a].nim;
    return true;
}

/* ---- sums and negatives ---- */

CgtId cgt_neg(CgtStore *st, CgtId a)
{
    CgtForm *f = &st->f[a];
    if (f->neg != CGT_NONE) return f->neg;
    if (f->flags & CGT_F_NIMBER) return f->neg = a;
    CgtId r;
    if (f->flags & CGT_F_NUMBER) r = cgt_number(st, (CgtNum){ -f->num.m, f->num.k });
    else {
        size_t nl = f->nl, nr = f->nr;
        CgtId *o = xmalloc((nl + nr + 1) * sizeof *o);
        r = a;
        for (size_t i = 0; i < nr && r != CGT_NONE; i++) r = o[i] = cgt_neg(st, cgt_right(st, a, i));
        for (size_t i = 0; i < nl && r != CGT_NONE; i++) r = o[nr + i] = cgt_neg(st, cgt_left(st, a, i));
        if (r != CGT_NONE) r = cgt_make(st, o, nr, o + nr, nl);
        xfree(o);
    }
    if (r != CGT_NONE) {
        st->f[a].neg = r;
        st->f[r].neg = a;
    }
    return r;
}

/* x + *n (x a number, n >= 1) = {x, x + *, ..., x + *(n - 1) | the same}: number avoidance, and
   canonical as it is (the options are pairwise confused, and none reverses: x + *i <= x + *n
   only for i = n). Made upwards from x + *1, each remembered as a sum, without comparisons. */
static CgtId number_star(CgtStore *st, CgtId x, uint32_t n)
{
    CgtId nim = cgt_nimber(st, n);
    if (nim == CGT_NONE) return nim;
    uint64_t key = (uint64_t)(x < nim ? x : nim) << 32 | (x < nim ? nim : x);
    uint32_t v;
    if (cgt_map_get(&st->sum, key, &v)) return v;
    CgtId *o = xmalloc(((size_t)n + 1) * sizeof *o), r = x;
    o[0] = x;
    for (uint32_t k = 1; k <= n && r != CGT_NONE; k++) {
        CgtId sk = st->nims[k];
        uint64_t kk = (uint64_t)(x < sk ? x : sk) << 32 | (x < sk ? sk : x);
        if (!cgt_map_get(&st->sum, kk, &v)) {
            CgtId *s = xmalloc((size_t)k * sizeof *s);
            memcpy(s, o, (size_t)k * sizeof *s);
            size_t m = sort_unique(s, k);
            v = cgt_intern(st, s, m, s, m);
            xfree(s);
            if (v == CGT_NONE) {
                r = CGT_NONE;
                break;
            }
            st->f[v].flags |= CGT_F_CANON;
            st->f[v].canon = v;
            cgt_map_put(&st->sum, kk, v);
        }
        o[k] = v;
        r = v;
    }
    xfree(o);
    return r;
}

CgtId cgt_add(CgtStore *st, CgtId a, CgtId b)
{
    const CgtForm *fa = &st->f[a], *fb = &st->f[b];
    if ((fa->flags & CGT_F_NUMBER) && !fa->num.m) return b;
    if ((fb->flags & CGT_F_NUMBER) && !fb->num.m) return a;
    if ((fa->flags & CGT_F_NUMBER) && (fb->flags & CGT_F_NUMBER)) {   /* (past the bounds: no form) */
        CgtNum s;
        if (cgt_num_add(fa->num, fb->num, &s)) return cgt_number(st, s);
        st->toobig = true;
        return CGT_NONE;
    }
    if ((fa->flags & CGT_F_NIMBER) && (fb->flags & CGT_F_NIMBER)) return cgt_nimber(st, fa->nim ^ fb->nim);
    if ((fa->flags & CGT_F_NUMBER) && (fb->flags & CGT_F_NIMBER)) return number_star(st, a, fb->nim);
    if ((fb->flags & CGT_F_NUMBER) && (fa->flags & CGT_F_NIMBER)) return number_star(st, b, fa->nim);
    if (a > b) {
        CgtId t = a;
        a = b;
        b = t;
    }
    uint64_t key = (uint64_t)a << 32 | b;
    uint32_t v;
    if (cgt_map_get(&st->sum, key, &v)) return v;
    if (tick(st)) return CGT_NONE;
    Ids L = { 0 }, R = { 0 };
    CgtId r = a;
    bool an = st->f[a].flags & CGT_F_NUMBER, bn = st->f[b].flags & CGT_F_NUMBER;
    /* number translation: x + G = {x + G^L | x + G^R} when G is not a number (no move in x) */
    if (!an || bn) {
        for (size_t i = 0; i < st->f[a].nl && r != CGT_NONE; i++) ids_push(&L, r = cgt_add(st, cgt_left(st, a, i), b));
        for (size_t i = 0; i < st->f[a].nr && r != CGT_NONE; i++) ids_push(&R, r = cgt_add(st, cgt_right(st, a, i), b));
    }
    if (!bn || an) {
        for (size_t i = 0; i < st->f[b].nl && r != CGT_NONE; i++) ids_push(&L, r = cgt_add(st, a, cgt_left(st, b, i)));
        for (size_t i = 0; i < st->f[b].nr && r != CGT_NONE; i++) ids_push(&R, r = cgt_add(st, a, cgt_right(st, b, i)));
    }
    if (r != CGT_NONE) r = cgt_make(st, L.v, L.n, R.v, R.n);
    xfree(L.v);
    xfree(R.v);
    if (r != CGT_NONE) cgt_map_put(&st->sum, key, r);
    return r;
}

/* ---- stops ---- */

static CgtNum stop(CgtStore *st, CgtId a, bool left)
{
    CgtForm *f = &st->f[a];
    if (f->flags & CGT_F_NUMBER) return f->num;
    unsigned have = left ? CGT_F_LSTOP : CGT_F_RSTOP;
    if (f->flags & have) return left ? f->lstop : f->rstop;
    size_t n = left ? f->nl : f->nr;
    CgtNum best = { 0, 0 };
    for (size_t i = 0; i < n; i++) {
        CgtNum s = stop(st, left ? cgt_left(st, a, i) : cgt_right(st, a, i), !left);
        if (!i || (left ? cgt_num_cmp(s, best) > 0 : cgt_num_cmp(s, best) < 0)) best = s;
    }
    f = &st->f[a];
    f->flags |= have;
    if (left) f->lstop = best;
    else f->rstop = best;
    return best;
}

CgtNum cgt_leftstop(CgtStore *st, CgtId a) { return stop(st, a, true); }
CgtNum cgt_rightstop(CgtStore *st, CgtId a) { return stop(st, a, false); }

/* n.↑ for n >= 1, made once */
CgtId cgt_up_times(CgtStore *st, uint32_t n)
{
    while (st->nups < n) {
        CgtId u = cgt_up(st), prev = st->nups ? st->ups[st->nups - 1] : CGT_NONE;
        CgtId next = prev == CGT_NONE ? u : u == CGT_NONE ? u : cgt_add(st, prev, u);
        if (next == CGT_NONE) return next;
        st->ups = xrealloc(st->ups, (st->nups + 1) * sizeof *st->ups);
        st->ups[st->nups++] = next;
    }
    return st->ups[n - 1];
}

