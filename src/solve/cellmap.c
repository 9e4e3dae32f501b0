/* cellmap.c: coordinates to values by open addressing, coordinates inline (see cellmap.h). */
#include "config.h"
#include "solve/cellmap.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

void cm_init(CellMap *m, int np)
{
    memset(m, 0, sizeof *m);
    m->np = np;
}

void cm_free(CellMap *m)
{
    free(m->slot);
    int np = m->np;
    cm_init(m, np);
}

static uint64_t *find(CellMap *m, const int64_t *c)
{
    size_t stride = (size_t)m->np + 1, mask = m->cap - 1;
    for (size_t j = (size_t)cm_hash(c, m->np) & mask;; j = (j + 1) & mask) {
        uint64_t *s = m->slot + j * stride;
        if (!s[m->np]) return s;
        if (cm_same(s, c, m->np)) return s;
    }
}

static void grow(CellMap *m)
{
    size_t stride = (size_t)m->np + 1, old = m->cap;
    uint64_t *was = m->slot;
    m->cap = old ? old * 2 : 1024;
    m->slot = xcalloc_big(m->cap * stride, sizeof *m->slot);   /* huge pages: a probe is a TLB miss less */
    for (size_t i = 0; i < old; i++) {
        const uint64_t *s = was + i * stride;
        if (!s[m->np]) continue;
        memcpy(find(m, (const int64_t *)s), s, stride * sizeof *s);
    }
    free(was);
}

void cm_set(CellMap *m, const int64_t *c, uint32_t v)
{
    if ((m->n + 1) * 4 > m->cap * 3) grow(m);   /* at most three quarters full */
    uint64_t *s = find(m, c);
    if (!s[m->np]) {
        for (int k = 0; k < m->np; k++) s[k] = (uint64_t)c[k];
        m->n++;
    }
    s[m->np] = CM_USED | v;
}
