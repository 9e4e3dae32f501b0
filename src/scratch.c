/* scratch.c: a large reserved region used as a stack allocator; never moves, so pointers stay valid. */
#include "config.h"
#include "scratch.h"
#include "util.h"
#include <sys/mman.h>

void scratch_init(Scratch *s, size_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) util_fatal("cannot reserve %zu bytes of scratch memory", size);
    s->base = p;
    s->used = 0;
    s->size = size;
}

void scratch_fini(Scratch *s)
{
    if (s->base) munmap(s->base, s->size);
    s->base = NULL;
}

void *scratch_alloc(Scratch *s, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    if (n > s->size - s->used) return NULL;
    void *p = s->base + s->used;
    s->used += n;
    return p;
}
