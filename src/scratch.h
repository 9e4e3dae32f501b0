/* scratch.h: stack-like scratch memory for values made while enumerating moves (released per move). */
#ifndef GRUNDY_SCRATCH_H
#define GRUNDY_SCRATCH_H
#include <stddef.h>

/* used bytes of size reserved; the first committed of them are counted on the session's meter
   (pages once touched stay with the process: the count only grows, until scratch_fini). */
typedef struct Scratch { unsigned char *base; size_t used, committed, size; } Scratch;

/* Reserve size bytes of address space (pages are committed on use). */
void scratch_init(Scratch *s, size_t size);
/* Give the reservation back (and take its count off the calling thread's meter). */
void scratch_fini(Scratch *s);
/* scratch_alloc past the committed part: counts more of the reservation (SCRATCH_COMMIT at a
   time) on the calling thread's meter; NULL when the reservation is exhausted. */
void *scratch_more(Scratch *s, size_t n);
#define SCRATCH_COMMIT ((size_t)1 << 20)
/* 8-byte aligned memory; NULL when the reservation is exhausted (the caller reports a limit).
   Inline: the interpreter makes every value it builds here. */
static inline void *scratch_alloc(Scratch *s, size_t n)
{
    n = (n + 7) & ~(size_t)7;
    if (n > s->committed - s->used) return scratch_more(s, n);
    void *p = s->base + s->used;
    s->used += n;
    return p;
}
static inline size_t scratch_mark(const Scratch *s) { return s->used; }
static inline void scratch_release(Scratch *s, size_t mark) { if (mark < s->used) s->used = mark; }
#endif
