/* arena.h: bump allocator; one arena per compilation unit, freed in one call. */
#ifndef GRUNDY_ARENA_H
#define GRUNDY_ARENA_H
#include <stddef.h>

typedef struct ArenaChunk ArenaChunk;
typedef struct Arena { ArenaChunk *head; } Arena;

void arena_init(Arena *a);
void arena_fini(Arena *a);
/* Zeroed, 16-byte aligned memory that lives until arena_fini. */
void *arena_alloc(Arena *a, size_t n);
char *arena_strndup(Arena *a, const char *s, size_t n);
#endif
