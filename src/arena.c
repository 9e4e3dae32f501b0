/* arena.c: chunked bump allocator; chunks are never moved, so pointers stay valid. */
#include "config.h"
#include "arena.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

struct ArenaChunk { ArenaChunk *next; size_t used, size; _Alignas(16) unsigned char data[]; };

void arena_init(Arena *a) { a->head = NULL; }

void arena_fini(Arena *a)
{
    ArenaChunk *c = a->head;
    while (c) {
        ArenaChunk *n = c->next;
        free(c);
        c = n;
    }
    a->head = NULL;
}

void *arena_alloc(Arena *a, size_t n)
{
    n = (n + 15) & ~(size_t)15;
    ArenaChunk *c = a->head;
    if (!c || c->size - c->used < n) {
        size_t sz = n > 65536 ? n : 65536;
        c = xmalloc(sizeof *c + sz);
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
