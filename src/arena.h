/* arena.h: bump allocator; one arena per compilation unit, freed in one call. */
#ifndef GRUNDY_ARENA_H
#define GRUNDY_ARENA_H
#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;
typedef struct Arena { ArenaChunk *head; size_t first; } Arena;

void arena_init(Arena *a);
/* An arena whose first chunk holds about first bytes (the next ones double as usual): a small
   unit (a query's text) then costs a little memory, not the 64 KiB of a first chunk. */
void arena_init_sized(Arena *a, size_t first);
void arena_fini(Arena *a);
/* Zeroed, 16-byte aligned memory that lives until arena_fini. */
void *arena_alloc(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n);
#endif
