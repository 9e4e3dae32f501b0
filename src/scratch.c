/* scratch.c: a large reserved region used as a stack allocator; never moves, so pointers stay valid. */
#include "config.h"
#include "scratch.h"
#include "util.h"

void scratch_init(Scratch *s, size_t size)
{
    s->base = util_reserve(size);
    s->used = 0;
    s->size = size;
}

void scratch_fini(Scratch *s)
{
    util_unreserve(s->base, s->size);
    s->base = NULL;
}

