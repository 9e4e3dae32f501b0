/* scratch.h: stack-like scratch memory for values made while enumerating moves (released per move). */
#ifndef GRUNDY_SCRATCH_H
#define GRUNDY_SCRATCH_H
#include <stddef.h>

typedef struct Scratch { unsigned char *base; size_t used, size; } Scratch;

/* Reserve size bytes of address space (pages are committed on use). */
void scratch_init(Scratch *s, size_t size);
void scratch_fini(Scratch *s);
/* 8-byte aligned memory; NULL when the reservation is exhausted (the caller reports a limit).
   Inline: the interpreter makes every value it builds here. */
static inline void *scratch_alloc(Scratch *s, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    if (n > s->size - s->used) return NULL;
    void *p = s->base + s->used;
    s->used += n;
    return p;
}
static inline size_t scratch_mark(const Scratch *s) { return s->used; }
static inline void scratch_release(Scratch *s, size_t mark) { if (mark < s->used) s->used = mark; }
#endif
