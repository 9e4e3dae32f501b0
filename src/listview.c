/* listview.c: the registry of long integer lists held by position keys as views (listview.h).
   Rows are lists copied once; a view is (row, offset, length); each content has one canonical
   view, whose index is the id keys hold. Contents are found by a polynomial hash modulo the prime
   2^61 - 1: a row's prefix sums give the hash of any of its slices in O(1), and two contents are
   the same only when their elements compare equal (a hash collision costs time, never an id). */
#include "config.h"
#include "listview.h"
#include <stdlib.h>
#include <string.h>

#define LV_P (((uint64_t)1 << 61) - 1)
#define LV_BASE 0x1b873593a5cd7e3ull   /* below LV_P */

typedef struct LvRow {
    int64_t *elems;
    uint64_t *pre;      /* pre[i]: the hash sum of elems[0..i) (NULL until a proper slice is met) */
    uint64_t hash;      /* the whole row's */
    uint32_t n;
    /* the slices' direct index, for a row of at most LV_TRI_MAX numbers: by[len][off / LV_PAGE]
       [off % LV_PAGE] is the id + 1 of slice [off, off + len) (0: not met yet). The pages of a
       length, and each page, are allocated as slices need them, while the cells of all rows (a
       page pointer counting as 2, and by[] itself) stay within max(LV_TRI_FREE, LV_PAGE per slice
       set): past the first LV_TRI_FREE cells (1 MB), slices met sparsely cost at most 64 bytes
       each, about what the hash table's place would, and a search that fills the index, as
       `Ends(a...)`'s does, walks no table for a slice met before. Suffixes and prefixes, of a row
       of any length, have an index of their own: by offset (end[0]) and by length (end[1]), in
       pages of LV_END_PAGE cells (one page of n + 1 for a shorter row), under the same bound: the
       slices of games that take from one end (a stack of coins) */
    uint32_t ***by;
    uint32_t **end[2];
    int64_t *isum;      /* isum[i]: elems[0] + ... + elems[i - 1] (NULL until lview_sum asks) */
    bool isum_over;     /* a running sum passed 64 bits: lview_sum declines for the row */
} LvRow;

#define LV_TRI_MAX 8192
#define LV_TRI_FREE ((size_t)1 << 18)
#define LV_PAGE 16
#define LV_END_PAGE 1024

/* A view: canon is the index of the canonical view of the same content (itself when it is one);
   the others are slices met elsewhere with a content seen before, remembered so that meeting
   them again compares no element. */
typedef struct LvView { uint32_t row, off, len, canon; } LvView;

/* The table's slots: the view's index + 1 (0: empty) in the low 32 bits, 32 bits of its content's
   hash (TAG) in the high ones, from which the home slot is found, so a probe reads a view only
   when the tags agree and growing the table reads no view. */
#define TAG(h) ((uint32_t)((h) >> 29))
#define SLOT(id, tag) (((uint64_t)(id) + 1) | (uint64_t)(tag) << 32)
#define SLOT_ID(t) ((uint32_t)(t) - 1)
#define SLOT_TAG(t) ((uint32_t)((t) >> 32))
static inline size_t home(uint32_t tag, size_t cap) { return (size_t)(((uint64_t)tag * cap) >> 32); }
static inline size_t next(size_t j, size_t cap) { return j + 1 == cap ? 0 : j + 1; }

struct ListViews {
    LvRow *rows; size_t nrows, caprows;
    LvView *views; size_t nviews, capviews;
    uint64_t *tab; size_t tcap;     /* open addressing, at most half full: SLOT(view index, tag) */
    uint64_t *ipow; size_t nipow;   /* LV_BASE^-i */
    uint64_t inv;                   /* LV_BASE^-1 */
    size_t cells, used;             /* the rows' slice indexes: cells allocated, cells set */
};

static uint64_t mulmod(uint64_t a, uint64_t b)
{
    unsigned __int128 z = (unsigned __int128)a * b;
    uint64_t r = ((uint64_t)z & LV_P) + (uint64_t)(z >> 61);
    r = (r & LV_P) + (r >> 61);
    return r >= LV_P ? r - LV_P : r;
}

static uint64_t addmod(uint64_t a, uint64_t b)
{
    uint64_t r = a + b;
    return r >= LV_P ? r - LV_P : r;
}

static uint64_t powmod(uint64_t b, uint64_t e)
{
    uint64_t r = 1;
    for (; e; e >>= 1, b = mulmod(b, b))
        if (e & 1) r = mulmod(r, b);
    return r;
}

/* An element's term before its power: a mix of its bits, below LV_P. */
static uint64_t elem_term(int64_t x)
{
    uint64_t z = (uint64_t)x + 0x9E3779B97F4A7C15ull;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    z = (z ^ (z >> 31)) >> 3;
    return z >= LV_P ? z - LV_P : z;
}

/* sum of elem_term(a[j]) * LV_BASE^j */
static uint64_t hash_of(const int64_t *a, uint32_t n)
{
    uint64_t h = 0, pw = 1;
    for (uint32_t j = 0; j < n; j++) {
        h = addmod(h, mulmod(elem_term(a[j]), pw));
        pw = mulmod(pw, LV_BASE);
    }
    return h;
}

static struct ListViews *reg(Program *p)
{
    if (!p->code.views) {
        struct ListViews *r = xcalloc(1, sizeof *r);
        r->inv = powmod(LV_BASE, LV_P - 2);
        p->code.views = r;
    }
    return p->code.views;
}

/* LV_BASE^-i */
static uint64_t ipow(struct ListViews *r, size_t i)
{
    if (i >= r->nipow) {
        size_t n = r->nipow ? r->nipow : 1;
        while (n <= i) n *= 2;
        r->ipow = xrealloc(r->ipow, n * sizeof *r->ipow);
        if (!r->nipow) r->ipow[r->nipow++] = 1;
        for (; r->nipow < n; r->nipow++) r->ipow[r->nipow] = mulmod(r->ipow[r->nipow - 1], r->inv);
    }
    return r->ipow[i];
}

/* The hash of row's elements [off, off + len). */
static uint64_t slice_hash(struct ListViews *r, LvRow *row, uint32_t off, uint32_t len)
{
    if (off == 0 && len == row->n) return row->hash;
    if (!row->pre) {
        row->pre = xmalloc(((size_t)row->n + 1) * sizeof *row->pre);
        uint64_t pw = 1;
        row->pre[0] = 0;
        for (uint32_t j = 0; j < row->n; j++) {
            row->pre[j + 1] = addmod(row->pre[j], mulmod(elem_term(row->elems[j]), pw));
            pw = mulmod(pw, LV_BASE);
        }
    }
    uint64_t d = row->pre[off + len] + LV_P - row->pre[off];
    if (d >= LV_P) d -= LV_P;
    return mulmod(d, ipow(r, off));
}

static void grow(struct ListViews *r)
{
    size_t cap = r->tcap ? r->tcap * 2 : 1024;
    uint64_t *t = xcalloc(cap, sizeof *t);
    for (size_t i = 0; i < r->tcap; i++) {
        if (!r->tab[i]) continue;
        size_t j = home(SLOT_TAG(r->tab[i]), cap);
        while (t[j]) j = next(j, cap);
        t[j] = r->tab[i];
    }
    xfree(r->tab);
    r->tab = t;
    r->tcap = cap;
}

static uint32_t add_view(struct ListViews *r, uint64_t h, uint32_t row, uint32_t off, uint32_t len, int64_t canon)
{
    if ((r->nviews + 1) * 2 > r->tcap) grow(r);
    uint32_t id = (uint32_t)r->nviews;
    LvView v = { row, off, len, canon < 0 ? id : (uint32_t)canon };
    VEC_PUSH(r->views, r->nviews, r->capviews, v);
    size_t j = home(TAG(h), r->tcap);
    while (r->tab[j]) j = next(j, r->tcap);
    r->tab[j] = SLOT(id, TAG(h));
    return v.canon;
}

static const int64_t *view_elems(const struct ListViews *r, const LvView *v)
{
    return r->rows[v->row].elems + v->off;
}

/* The canonical view of content a[0..n) with hash h, or -1. */
static int64_t find_content(const struct ListViews *r, const int64_t *a, uint32_t n, uint64_t h)
{
    if (!r->tcap) return -1;
    for (size_t j = home(TAG(h), r->tcap); r->tab[j]; j = next(j, r->tcap)) {
        if (SLOT_TAG(r->tab[j]) != TAG(h)) continue;
        const LvView *v = &r->views[SLOT_ID(r->tab[j])];
        if (v->len == n && v->canon == SLOT_ID(r->tab[j]) && !memcmp(view_elems(r, v), a, (size_t)n * sizeof *a))
            return v->canon;
    }
    return -1;
}

/* The direct index's cell of row's slice [off, off + n), or NULL: a slice inside a row longer
   than LV_TRI_MAX, or cells that would pass the bound. Suffixes and prefixes are end_cell's at
   any length of the row (a stack's suffixes would otherwise take a length's pages each). */
static uint32_t *end_cell(struct ListViews *r, LvRow *row, uint32_t off, uint32_t n);

/* Whether the slice indexes may take need cells more (the bound of LvRow.by). */
static bool index_room(const struct ListViews *r, size_t need)
{
    return r->cells + need <= (LV_PAGE * r->used > LV_TRI_FREE ? LV_PAGE * r->used : LV_TRI_FREE);
}

static uint32_t *slice_cell(struct ListViews *r, LvRow *row, uint32_t off, uint32_t n)
{
    if (off == 0 || off + n == row->n || row->n > LV_TRI_MAX) return end_cell(r, row, off, n);
    uint32_t **pages = row->by ? row->by[n] : NULL, *page = pages ? pages[off / LV_PAGE] : NULL;
    if (page) return &page[off % LV_PAGE];
    size_t k = ((size_t)row->n - n) / LV_PAGE + 1;   /* the pages of length n */
    size_t need = (pages ? 0 : 2 * k) + (row->by ? 0 : 2 * ((size_t)row->n + 1)) + LV_PAGE;
    if (!index_room(r, need)) return NULL;
    if (!row->by) row->by = xcalloc((size_t)row->n + 1, sizeof *row->by);
    if (!pages) pages = row->by[n] = xcalloc(k, sizeof *pages);
    page = pages[off / LV_PAGE] = xcalloc(LV_PAGE, sizeof *page);
    r->cells += need;
    return &page[off % LV_PAGE];
}

/* A suffix's or a prefix's cell (slice_cell), else NULL: pages of LV_END_PAGE cells, or one page
   of the row's length + 1 for a shorter row. */
static uint32_t *end_cell(struct ListViews *r, LvRow *row, uint32_t off, uint32_t n)
{
    int side = off + n == row->n ? 0 : off == 0 ? 1 : -1;
    if (side < 0) return NULL;
    size_t ps = row->n < LV_END_PAGE ? (size_t)row->n + 1 : LV_END_PAGE;
    size_t at = side == 0 ? off : n, np = (size_t)row->n / ps + 1;
    uint32_t **pages = row->end[side], *page = pages ? pages[at / ps] : NULL;
    if (page) return &page[at % ps];
    size_t need = (pages ? 0 : 2 * np) + ps;
    if (!index_room(r, need)) return NULL;
    if (!pages) pages = row->end[side] = xcalloc(np, sizeof *pages);
    page = pages[at / ps] = xcalloc(ps, sizeof *page);
    r->cells += need;
    return &page[at % ps];
}

/* The row whose elements hold a[0..n), named by base (a row index + 1), or -1. */
static int64_t row_of(const struct ListViews *r, const int64_t *a, uint32_t n, uint64_t base)
{
    if (!base || base > r->nrows) return -1;
    const LvRow *row = &r->rows[base - 1];
    uintptr_t pa = (uintptr_t)a, p0 = (uintptr_t)row->elems;
    if (pa < p0 || (pa - p0) % sizeof *a || (pa - p0) / sizeof *a + n > row->n) return -1;
    return (int64_t)(base - 1);
}

uint64_t lview_intern(Program *p, const int64_t *a, uint32_t n, uint64_t base, Loc loc)
{
    struct ListViews *r = reg(p);
    int64_t ri = row_of(r, a, n, base);
    if (ri >= 0) {   /* a slice of a row: the same slice again is found by place */
        LvRow *row = &r->rows[ri];
        uint32_t off = (uint32_t)(a - row->elems);
        uint32_t *cell = slice_cell(r, row, off, n);
        if (cell && *cell) return *cell - 1;
        uint64_t h = slice_hash(r, row, off, n);
        if (cell) {   /* the place is the index's: only a new content makes a view */
            int64_t c = find_content(r, a, n, h);
            uint32_t id = c >= 0 ? (uint32_t)c : add_view(r, h, (uint32_t)ri, off, n, -1);
            *cell = id + 1;
            r->used++;
            return id;
        }
        for (size_t j = home(TAG(h), r->tcap); r->tab[j]; j = next(j, r->tcap)) {
            if (SLOT_TAG(r->tab[j]) != TAG(h)) continue;
            const LvView *v = &r->views[SLOT_ID(r->tab[j])];
            if (v->len == n && v->row == (uint32_t)ri && v->off == off) return v->canon;
        }
        int64_t c = find_content(r, a, n, h);
        return add_view(r, h, (uint32_t)ri, off, n, c);
    }
    uint64_t h = hash_of(a, n);
    int64_t c = find_content(r, a, n, h);
    if (c >= 0) return (uint64_t)c;
    prog_poll_n(p, n / 64, loc);
    LvRow row = { xmalloc((size_t)n * sizeof *a), NULL, h, n, NULL, { NULL, NULL }, NULL, false };
    memcpy(row.elems, a, (size_t)n * sizeof *a);
    VEC_PUSH(r->rows, r->nrows, r->caprows, row);
    return add_view(r, h, (uint32_t)(r->nrows - 1), 0, n, -1);
}

bool lview_sum(Program *p, const int64_t *a, uint32_t n, uint64_t base, int64_t *sum)
{
    struct ListViews *r = p->code.views;
    if (!r) return false;
    int64_t ri = row_of(r, a, n, base);
    if (ri < 0) return false;
    LvRow *row = &r->rows[ri];
    if (row->isum_over) return false;
    if (!row->isum) {
        int64_t *s = xmalloc(((size_t)row->n + 1) * sizeof *s);
        s[0] = 0;
        for (uint32_t j = 0; j < row->n; j++)
            if (__builtin_add_overflow(s[j], row->elems[j], &s[j + 1])) {
                xfree(s);
                row->isum_over = true;
                return false;
            }
        row->isum = s;
    }
    size_t off = (size_t)(a - row->elems);
    int64_t d;
    if (__builtin_sub_overflow(row->isum[off + n], row->isum[off], &d)) return false;   /* *sum untouched */
    *sum = d;
    return true;
}

const int64_t *lview_elems(const Program *p, uint64_t id, uint32_t *n, uint64_t *base)
{
    const struct ListViews *r = p->code.views;
    const LvView *v = &r->views[id];
    *n = v->len;
    *base = (uint64_t)v->row + 1;
    return view_elems(r, v);
}

const int64_t *lview_row(const Program *p, uint64_t base, uint32_t *n)
{
    const struct ListViews *r = p->code.views;
    if (!r || !base || base > r->nrows) return NULL;
    *n = r->rows[base - 1].n;
    return r->rows[base - 1].elems;
}

void lview_free_all(Program *p)
{
    struct ListViews *r = p->code.views;
    if (!r) return;
    for (size_t i = 0; i < r->nrows; i++) {
        xfree(r->rows[i].elems);
        xfree(r->rows[i].pre);
        LvRow *row = &r->rows[i];
        for (size_t j = 0; row->by && j <= row->n; j++) {
            for (size_t k = 0; row->by[j] && k <= (row->n - j) / LV_PAGE; k++) xfree(row->by[j][k]);
            xfree(row->by[j]);
        }
        xfree(row->by);
        xfree(row->isum);
        size_t ps = row->n < LV_END_PAGE ? (size_t)row->n + 1 : LV_END_PAGE;
        for (int side = 0; side < 2; side++) {
            for (size_t k = 0; row->end[side] && k <= row->n / ps; k++) xfree(row->end[side][k]);
            xfree(row->end[side]);
        }
    }
    xfree(r->rows);
    xfree(r->views);
    xfree(r->tab);
    xfree(r->ipow);
    xfree(r);
    p->code.views = NULL;
}
