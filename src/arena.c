/* arena.c: chunked bump allocator; chunks are never moved, so pointers stay valid. */
#include "config.h"
#include "arena.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

struct ArenaChunk { ArenaChunk *next; size_t used, size; _Alignas(16) unsigned char data[]; };

void arena_init(Arena *a) { a->head = NULL; a->first = 65536; }

void arena_init_sized(Arena *a, size_t first)
{
    a->head = NULL;
    a->first = first < 1024 ? 1024 : first > 65536 ? 65536 : (first + 1023) & ~(size_t)1023;
}

void arena_fini(Arena *a)
{
    ArenaChunk *c = a->head;
    while (c) {
        ArenaChunk *n = c->next;
        xfree(c);
        c = n;
    }
    a->head = NULL;
}

void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    ArenaChunk *c = a->head;
    if (!c || c->size - c->used < n) {
        /* chunks double from 64 KiB to 4 MiB (a big program's tree: fewer, larger chunks); the
           large ones aligned to 2 MiB and offered to transparent huge pages, which take the page
           faults of a big tree from one per 4 KiB to one per 2 MiB */
        size_t sz = c ? 2 * c->size : a->first;
        if (sz > ((size_t)4 << 20)) sz = (size_t)4 << 20;
        if (sz < n) sz = n;
        if (sz >= ((size_t)2 << 20)) {
            size_t total = (sizeof *c + sz + ((size_t)2 << 20) - 1) & ~(((size_t)2 << 20) - 1);
            c = util_aligned_or_null((size_t)2 << 20, total);
            if (!c) c = xmalloc(total);
#ifdef MADV_HUGEPAGE
            else madvise(c, total, MADV_HUGEPAGE);
#endif
            sz = total - sizeof *c;
        } else {
            c = xmalloc(sizeof *c + sz);
        }
        c->size = sz;
        c->used = 0;
        c->next = a->head;
        a->head = c;
    }
    void *p = c->data + c->used;
    c->used += n;
    memset(p, 0, n);
    return p;
}

char *arena_strndup(Arena *a, const char *s, size_t n)
{
    char *d = arena_alloc(a, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}
