/* cellmap.c: coordinates to values, paged or hashed, the varying coordinates only (see
   cellmap.h). */
#include "config.h"
#include "solve/core/cellmap.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

void cm_init(CellMap *m, int np)
{
    memset(m, 0, sizeof *m);
    m->np = np;
}

/* The storage dropped (no cells); the coordinates' description kept. */
static void drop(CellMap *m)
{
    xfree(m->slot);
    m->slot = NULL;
    m->cap = 0;
    for (size_t i = 0; i < m->nslab; i++) xfree(m->slab[i]);
    xfree(m->slab);
    m->slab = NULL;
    m->nslab = m->slab_pages = m->slab_last = m->slab_left = 0;
    xfree(m->page);
    m->page = NULL;
    m->ndir = m->npages = 0;
    m->n = 0;
}

void cm_free(CellMap *m)
{
    drop(m);
    int np = m->np;
    cm_init(m, np);
}

size_t cm_bytes(const CellMap *m)
{
    return m->cap * cm_stride(m) * sizeof *m->slot + m->ndir * sizeof *m->page +
           m->slab_pages * CM_PAGE * sizeof **m->page;
}

/* A new zeroed page from the slabs (a new slab when the last is used up, of as many pages as all
   the slabs before: 16 at first, 2^10 at most; huge pages for the big ones). */
static uint32_t *new_page(CellMap *m)
{
    if (!m->slab_left) {
        size_t n = m->slab_pages < 16 ? 16 : m->slab_pages > 1024 ? 1024 : m->slab_pages;
        m->slab = xrealloc(m->slab, (m->nslab + 1) * sizeof *m->slab);
        m->slab[m->nslab++] = xcalloc_big(n * CM_PAGE, sizeof **m->slab);
        m->slab_pages += n;
        m->slab_last = m->slab_left = n;
    }
    return m->slab[m->nslab - 1] + (m->slab_last - m->slab_left--) * CM_PAGE;
}

/* Hashing: the slot of the varying coordinates v: theirs, or the empty one where they go. */
static uint64_t *find(CellMap *m, const int64_t *v)
{
    size_t stride = cm_stride(m), mask = m->cap - 1;
    for (size_t j = (size_t)cm_hash(v, m->nv) & mask;; j = (j + 1) & mask) {
        uint64_t *s = m->slot + j * stride;
        if (!s[stride - 1]) return s;
        if (cm_same(m, s, v)) return s;
    }
}

/* Hashing: slot s's (in use) varying coordinates into v; its value word (CM_USED set, no
   coordinate) returned. */
static uint64_t slot_cell(const CellMap *m, const uint64_t *s, int64_t *v)
{
    size_t vw = cm_stride(m) - 1;
    for (size_t k = 0; k < vw; k++) v[k] = (int64_t)s[k];
    if (m->tuck) v[vw] = (int64_t)(s[vw] >> CM_TUCK_SHIFT);
    return (uint64_t)(uint32_t)s[vw] | CM_USED;
}

/* Paged: whether a new page keeps the pages and the directory (of ndir entries) within the bound
   for cells cells. */
static bool pages_fit(const CellMap *m, size_t ndir, size_t cells)
{
    size_t bytes = (m->npages + 1) * CM_PAGE * sizeof **m->page + ndir * sizeof *m->page;
    return bytes <= (size_t)CM_PAGED_BYTES * cells + ((size_t)1 << 20);
}

/* Put value val (CM_USED set) at the varying coordinates v, room made; cells: how many cells the
   map will hold (the pages' bound). False, nothing changed, when the storage cannot hold it:
   paged, v is outside [0, 2^32) or the page it needs would break the bound; tucked, the last
   coordinate is outside [0, CM_TUCK_END). */
static bool put(CellMap *m, const int64_t *v, uint64_t val, size_t cells)
{
    if (!m->page) {
        size_t vw = cm_stride(m) - 1;
        if (m->tuck && (v[vw] < 0 || v[vw] >= CM_TUCK_END)) return false;
        uint64_t *s = find(m, v);
        if (!s[vw]) {
            memcpy(s, v, vw * sizeof *s);
            m->n++;
        }
        s[vw] = val | (m->tuck ? (uint64_t)v[vw] << CM_TUCK_SHIFT : 0);
        return true;
    }
    if (v[0] < 0 || v[0] > (int64_t)UINT32_MAX) return false;
    size_t p = (size_t)((uint64_t)v[0] >> CM_PAGE_BITS);
    if (p >= m->ndir || !m->page[p]) {
        size_t nd = m->ndir;
        while (nd <= p) nd *= 2;
        if (!pages_fit(m, nd, cells)) return false;
        if (nd != m->ndir) {
            m->page = xrealloc(m->page, nd * sizeof *m->page);
            memset(m->page + m->ndir, 0, (nd - m->ndir) * sizeof *m->page);
            m->ndir = nd;
        }
        m->page[p] = new_page(m);
        m->npages++;
    }
    uint32_t *x = &m->page[p][(uint64_t)v[0] & (CM_PAGE - 1)];
    if (!*x) m->n++;
    *x = ~(uint32_t)val;
    return true;
}

/* Empty storage for the varying coordinates varmask: paged (a directory of one empty entry) or
   hashing with room for n cells, tucking the last varying coordinate that has not failed to fit
   (moved to the end of var). */
static void setup(CellMap *m, uint32_t varmask, bool paged, size_t n)
{
    drop(m);
    m->nv = 0;
    for (int k = 0; k < m->np; k++)
        if ((varmask >> k) & 1) m->var[m->nv++] = (uint8_t)k;
    m->varmask = varmask;
    m->tuck = false;
    for (int i = m->nv - 1; i >= 0 && !paged; i--)
        if (!((m->nofit >> m->var[i]) & 1)) {
            uint8_t t = m->var[i];
            memmove(m->var + i, m->var + i + 1, (size_t)(m->nv - 1 - i));
            m->var[m->nv - 1] = t;
            m->tuck = true;
            break;
        }
    if (paged) {
        m->page = xcalloc(1, sizeof *m->page);
        m->ndir = 1;
        return;
    }
    m->cap = 1024;
    while ((n + 1) * 4 > m->cap * 3) m->cap *= 2;
    m->slot = xcalloc_big(m->cap * cm_stride(m), sizeof *m->slot);   /* huge pages: a probe is a TLB miss less */
}

/* The storage could not hold a cell (put): pages give way to hashing, the tucked coordinate to
   another one or to wide slots. */
static void give_up(CellMap *m)
{
    if (m->page) m->nopage = true;
    else m->nofit |= 1u << m->var[m->nv - 1];
}

/* Rebuild with the varying coordinates varmask (a superset of the map's), paged when one varies
   and the pages were not given up (and hold every cell within their bound), tucked where a
   coordinate fits (setup): each cell's coordinates are its
   stored varying ones and the map's fixed ones. */
static void rebuild(CellMap *m, uint32_t varmask)
{
    size_t n = 0, w = (size_t)m->np + 1;
    int64_t *all = xmalloc((m->n ? m->n : 1) * w * sizeof *all);
    size_t stride = cm_stride(m);
    for (size_t i = 0; i < m->cap; i++) {
        const uint64_t *s = m->slot + i * stride;
        if (!s[stride - 1]) continue;
        int64_t *c = all + n++ * w, v[CM_MAXP];
        memcpy(c, m->fixed, (size_t)m->np * sizeof *c);
        c[m->np] = (int64_t)slot_cell(m, s, v);
        for (int j = 0; j < m->nv; j++) c[m->var[j]] = v[j];
    }
    for (size_t p = 0; p < m->ndir; p++)
        for (size_t k = 0; m->page[p] && k < CM_PAGE; k++) {
            if (!m->page[p][k]) continue;
            int64_t *c = all + n++ * w;
            memcpy(c, m->fixed, (size_t)m->np * sizeof *c);
            c[m->var[0]] = (int64_t)(p * CM_PAGE + k);
            c[m->np] = (int64_t)(CM_USED | ~m->page[p][k]);
        }
    for (;;) {   /* paged, tucked (each coordinate tried at most once), wide */
        setup(m, varmask, __builtin_popcount(varmask) == 1 && !m->nopage, n);
        size_t i = 0;
        for (; i < n; i++) {
            int64_t v[CM_MAXP];
            cm_gather(m, all + i * w, v);
            if (!put(m, v, (uint64_t)all[i * w + m->np], n)) break;
        }
        if (i == n) break;
        give_up(m);
    }
    xfree(all);
}

/* Hashing: twice the slots, the cells moved over from the old ones. */
static void grow(CellMap *m)
{
    size_t stride = cm_stride(m), old = m->cap;
    uint64_t *was = m->slot;
    m->cap *= 2;
    m->slot = xcalloc_big(m->cap * stride, sizeof *m->slot);
    for (size_t i = 0; i < old; i++) {
        const uint64_t *s = was + i * stride;
        int64_t v[CM_MAXP];
        if (!s[stride - 1]) continue;
        slot_cell(m, s, v);
        memcpy(find(m, v), s, stride * sizeof *s);
    }
    xfree(was);
}

void cm_set(CellMap *m, const int64_t *c, uint32_t val)
{
    if (!m->n) {   /* the first cell: every coordinate fixed at its value, hashing */
        memcpy(m->fixed, c, (size_t)m->np * sizeof *c);
        setup(m, 0, false, 0);
    }
    uint32_t differ = 0;
    for (int k = 0; k < m->np; k++)
        if (!((m->varmask >> k) & 1) && c[k] != m->fixed[k]) differ |= 1u << k;
    if (differ) rebuild(m, m->varmask | differ);
    if (!m->page && (m->n + 1) * 4 > m->cap * 3) grow(m);   /* at most three quarters full */
    int64_t v[CM_MAXP];
    cm_gather(m, c, v);
    while (!put(m, v, CM_USED | val, m->n + 1)) {   /* paged no longer, or tucked otherwise */
        give_up(m);
        rebuild(m, m->varmask);
        cm_gather(m, c, v);
    }
}

void cm_replace(CellMap *m, uint32_t from, uint32_t to)
{
    size_t stride = cm_stride(m);
    for (size_t i = 0; i < m->cap; i++) {
        uint64_t *v = &m->slot[i * stride + stride - 1];
        if ((*v & (CM_USED | UINT32_MAX)) == (CM_USED | from)) *v = (*v & ~(uint64_t)UINT32_MAX) | to;
    }
    for (size_t p = 0; p < m->ndir; p++)
        for (size_t k = 0; m->page[p] && k < CM_PAGE; k++)
            if (m->page[p][k] == ~from) m->page[p][k] = ~to;
}
