/* pos.h: the position store: canonical keys interned to state ids, with SG values and flags. */
#ifndef GRUNDY_POS_H
#define GRUNDY_POS_H
#include "program.h"
#include "vm.h"

enum { ST_DONE = 1, ST_ONPATH = 2, ST_TERMINAL = 4 };

typedef struct State { const int64_t *key; uint32_t sg; uint32_t flags; } State;

typedef struct KeyChunk KeyChunk;

struct Engine {
    Program *p;
    Vm *vm;
    State *st;
    size_t n, cap;
    uint32_t *tab;          /* open addressing: state index + 1, 0 = empty */
    uint32_t *thash;        /* high bits of each slot's hash, to skip most key compares */
    size_t tcap;
    KeyChunk *chunks;
    /* aliases: a non-canonical key seen before maps straight to its canonical state, so canon
       runs once per distinct key (table refs with ALIAS_BIT set index these) */
    const int64_t **akey;
    uint32_t *astate;
    size_t nalias, capakey, capastate;
    uint64_t max_states;
    /* memo search */
    uint32_t *stack;
    size_t sp, scap;
    uint64_t *seen;
    size_t seen_words, seen_hi;
    int busy;               /* > 0 while enumerating moves */
    const int64_t *root;    /* the component being solved, for messages */
};

Engine *eng_new(Program *p, Vm *vm);
void eng_free(Engine *e);
/* Clear in-progress marks after an error unwound a search (solved states are kept). */
void eng_recover(Engine *e);
/* Canonicalise key (the game's canon) and return its state id, creating the state if new.
   Stops with a resource error when the state limit is reached. */
uint32_t eng_intern(Engine *e, const int64_t *key, Loc loc);
/* Look up without creating (after canon); UINT32_MAX if absent. */
uint32_t eng_find(Engine *e, const int64_t *key);
/* Reset to no states (keeps the limit). */
void eng_clear(Engine *e);
#endif
