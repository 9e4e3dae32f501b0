/* cellmap.h: a map from one to six integer coordinates to a 32-bit value, by open addressing
   with the coordinates inline (np + 1 words a slot: one probe reads one place). The table
   strategy keeps a sparse game's values here instead of a dense array. */
#ifndef GRUNDY_CELLMAP_H
#define GRUNDY_CELLMAP_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef struct CellMap {
    uint64_t *slot;     /* per slot: np coordinates, then the value with CM_USED set (0: empty) */
    size_t cap, n;      /* slots (a power of two), used slots */
    int np;
} CellMap;

#define CM_USED ((uint64_t)1 << 32)

void cm_init(CellMap *m, int np);
void cm_free(CellMap *m);
/* The value at c, or absent when the map does not have it. */
static inline uint32_t cm_get(const CellMap *m, const int64_t *c, uint32_t absent);
/* Set the value at c (adding it). */
void cm_set(CellMap *m, const int64_t *c, uint32_t v);

static inline uint64_t cm_hash(const int64_t *c, int np)
{
    uint64_t h = (uint64_t)c[0] * 0x9e3779b97f4a7c15ull;
    if (np > 1) h = (h ^ (h >> 29) ^ (uint64_t)c[1]) * 0xbf58476d1ce4e5b9ull;
    if (np > 2) h = (h ^ (h >> 31) ^ (uint64_t)c[2]) * 0x94d049bb133111ebull;
    for (int k = 3; k < np; k++) h = (h ^ (h >> 29) ^ (uint64_t)c[k]) * 0xbf58476d1ce4e5b9ull;
    return h ^ (h >> 32);
}

/* Whether slot s holds the coordinates c. */
static inline bool cm_same(const uint64_t *s, const int64_t *c, int np)
{
    if ((int64_t)s[0] != c[0] || (np > 1 && (int64_t)s[1] != c[1]) || (np > 2 && (int64_t)s[2] != c[2])) return false;
    for (int k = 3; k < np; k++)
        if ((int64_t)s[k] != c[k]) return false;
    return true;
}

static inline uint32_t cm_get(const CellMap *m, const int64_t *c, uint32_t absent)
{
    if (!m->cap) return absent;
    size_t stride = (size_t)m->np + 1, mask = m->cap - 1;
    for (size_t j = (size_t)cm_hash(c, m->np) & mask;; j = (j + 1) & mask) {
        const uint64_t *s = m->slot + j * stride;
        if (!s[m->np]) return absent;
        if (cm_same(s, c, m->np)) return (uint32_t)s[m->np];
    }
}
/* Ask for the memory cm_get(m, c) will read first. */
static inline void cm_prefetch(const CellMap *m, const int64_t *c)
{
    if (m->cap) __builtin_prefetch(m->slot + ((size_t)cm_hash(c, m->np) & (m->cap - 1)) * ((size_t)m->np + 1));
}
#endif
