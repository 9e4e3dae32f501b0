/* scratch.c: a large reserved region used as a stack allocator; never moves, so pointers stay
   valid. The part in use counts on the session's meter as it is first reached. */
#include "config.h"
#include "scratch.h"
#include "util.h"

void scratch_init(Scratch *s, size_t size)
{
    s->base = util_reserve(size);
    s->used = 0;
    s->committed = 0;
    s->size = size;
}

void scratch_fini(Scratch *s)
{
    util_unreserve(s->base, s->size);
    util_meter_add(-(int64_t)s->committed);
    s->base = NULL;
    s->used = s->committed = 0;
}

void *scratch_more(Scratch *s, size_t n)
{
    if (n > s->size - s->used) return NULL;
    size_t want = s->used + n, c = s->committed;
    while (c < want) c = s->size - c > SCRATCH_COMMIT ? c + SCRATCH_COMMIT : s->size;
    util_meter_add((int64_t)(c - s->committed));
    s->committed = c;
    void *p = s->base + s->used;
    s->used += n;
    return p;
}
