/* cellmap.h: a map from one to six integer coordinates to a 32-bit value. A coordinate that has
   had one value in every cell so far (a parameter the moves pass along unchanged, like a board's
   size) is kept once for the whole map; the first cell with another value of it makes it varying
   (the map is rebuilt; at most once per coordinate). With one varying coordinate in [0, 2^32)
   (a bitmask, say) the cells are kept in pages of CM_PAGE consecutive values, allocated on first
   use and found through a directory: cells whose coordinates are near each other are near each
   other in memory, as in a plain array, while the pages in use cost at most CM_PAGED_BYTES a
   cell (past that, or with a second varying coordinate, the map goes over to hashing). Otherwise
   open addressing with the varying coordinates inline (one probe reads one place); the last of
   them rides in the value's word while it is in [0, 2^31) (a list's length, a heap): a slot of
   two varying coordinates is 16 bytes, not 24, so more of them share a cache line. The first
   cell with a value outside that range makes another varying coordinate the tucked one, or the
   slots wide (the map is rebuilt; at most once per coordinate). The table strategy keeps a
   sparse game's values here instead of a dense array. */
#ifndef GRUNDY_CELLMAP_H
#define GRUNDY_CELLMAP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define CM_MAXP 6
#define CM_PAGE_BITS 10
#define CM_PAGE ((size_t)1 << CM_PAGE_BITS)
/* The pages and their directory stay within this many bytes a cell set (and 1 MB). */
#define CM_PAGED_BYTES 64
/* No value: what cm_get returns for a cell the map does not have (storing it is storing nothing). */
#define CM_NONE UINT32_MAX

typedef struct CellMap {
    uint64_t *slot;     /* hashing: per slot, nv varying coordinates, then the value with CM_USED
                           set (0: empty); tucked, the last coordinate is in the value's word,
                           shifted by CM_TUCK_SHIFT (cm_stride words a slot) */
    size_t cap, n;      /* slots (a power of two); cells set (an upper bound once values were replaced) */
    uint32_t **page;    /* paged (non-NULL): page[x >> CM_PAGE_BITS] holds ~value of cells x (0: none) */
    size_t ndir, npages;
    uint32_t **slab;    /* the pages' memory: slabs of as many pages as all before (16 at first, 2^10 at most) */
    size_t nslab, slab_pages, slab_last, slab_left;   /* slabs; pages in all, in the last, not handed out */
    bool nopage;        /* the pages were given up: hashing from then on */
    bool tuck;          /* hashing with the last varying coordinate in the value's word */
    uint32_t nofit;     /* bit k: coordinate k had a value that does not fit there: never tucked */
    int np;             /* coordinates of a cell */
    int nv;             /* of which varying (stored in each slot) */
    uint8_t var[CM_MAXP];         /* the varying coordinates, in order but the tucked one last */
    uint32_t varmask;             /* bit k: coordinate k varies */
    int64_t fixed[CM_MAXP];       /* every cell's value of a coordinate that does not vary */
} CellMap;

#define CM_USED ((uint64_t)1 << 32)
#define CM_TUCK_SHIFT 33
#define CM_TUCK_END ((int64_t)1 << 31)   /* a tucked coordinate is in [0, CM_TUCK_END) */

/* Words a slot: the varying coordinates and the value, less the tucked one. */
static inline size_t cm_stride(const CellMap *m) { return (size_t)m->nv + !m->tuck; }

void cm_init(CellMap *m, int np);
void cm_free(CellMap *m);
/* The value at c, or CM_NONE. */
static inline uint32_t cm_get(const CellMap *m, const int64_t *c);
/* Set the value at c. */
void cm_set(CellMap *m, const int64_t *c, uint32_t v);
/* Every value equal to from becomes to. */
void cm_replace(CellMap *m, uint32_t from, uint32_t to);
/* Bytes held. */
size_t cm_bytes(const CellMap *m);

static inline uint64_t cm_hash(const int64_t *c, int np)
{
    uint64_t h = (uint64_t)(np > 0 ? c[0] : 0) * 0x9e3779b97f4a7c15ull;
    if (np > 1) h = (h ^ (h >> 29) ^ (uint64_t)c[1]) * 0xbf58476d1ce4e5b9ull;
    if (np > 2) h = (h ^ (h >> 31) ^ (uint64_t)c[2]) * 0x94d049bb133111ebull;
    for (int k = 3; k < np; k++) h = (h ^ (h >> 29) ^ (uint64_t)c[k]) * 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

/* The varying coordinates of c into v; false when a fixed one differs from the map's (then the
   map has no such cell). */
static inline bool cm_gather(const CellMap *m, const int64_t *c, int64_t *v)
{
    for (int k = 0; k < m->np; k++)
        if (!((m->varmask >> k) & 1) && c[k] != m->fixed[k]) return false;
    for (int i = 0; i < m->nv; i++) v[i] = c[m->var[i]];
    return true;
}

/* Whether slot s (in use) holds the varying coordinates v. */
static inline bool cm_same(const CellMap *m, const uint64_t *s, const int64_t *v)
{
    int nv = m->nv, nk = nv - m->tuck;
    if (m->tuck && (int64_t)(s[nk] >> CM_TUCK_SHIFT) != v[nk]) return false;
    if ((nk > 0 && (int64_t)s[0] != v[0]) || (nk > 1 && (int64_t)s[1] != v[1]) || (nk > 2 && (int64_t)s[2] != v[2]))
        return false;
    for (int k = 3; k < nk; k++)
        if ((int64_t)s[k] != v[k]) return false;
    return true;
}

/* Paged: the cell of x (its page allocated), or NULL. */
static inline uint32_t *cm_cell(const CellMap *m, int64_t x)
{
    uint64_t p = (uint64_t)x >> CM_PAGE_BITS;
    if (p >= m->ndir || !m->page[p]) return NULL;
    return &m->page[p][(uint64_t)x & (CM_PAGE - 1)];
}

static inline uint32_t cm_get(const CellMap *m, const int64_t *c)
{
    int64_t v[CM_MAXP];
    if (!m->n || !cm_gather(m, c, v)) return CM_NONE;
    if (m->page) {
        const uint32_t *x = cm_cell(m, v[0]);
        return x ? ~*x : CM_NONE;
    }
    size_t stride = cm_stride(m), vw = stride - 1, mask = m->cap - 1;
    for (size_t j = (size_t)cm_hash(v, m->nv) & mask;; j = (j + 1) & mask) {
        const uint64_t *s = m->slot + j * stride;
        if (!s[vw]) return CM_NONE;
        if (cm_same(m, s, v)) return (uint32_t)s[vw];
    }
}

/* Ask for the memory cm_get(m, c) will read. */
static inline void cm_prefetch(const CellMap *m, const int64_t *c)
{
    int64_t v[CM_MAXP];
    if (!m->n || !cm_gather(m, c, v)) return;
    if (m->page) {
        const uint32_t *x = cm_cell(m, v[0]);
        if (x) __builtin_prefetch(x);
        return;
    }
    __builtin_prefetch(m->slot + ((size_t)cm_hash(v, m->nv) & (m->cap - 1)) * cm_stride(m));
}
#endif
