/* pos.h: the position store: canonical keys interned to state ids, with SG values and flags. */
#ifndef GRUNDY_POS_H
#define GRUNDY_POS_H
#include "program.h"
#include "vm.h"

/* ST_OUTCOME: only the outcome is known (a closed form that decides P/N): sg is 0 (P) or 1 (N). */
enum { ST_DONE = 1, ST_ONPATH = 2, ST_TERMINAL = 4, ST_OUTCOME = 8 };

/* how: which strategy solved the state (solve.c numbers them). */
typedef struct State { const int64_t *key; uint64_t sg; uint32_t flags; uint32_t how; } State;

typedef struct KeyChunk KeyChunk;

/* A DFS stack entry: the state, and where its recorded options start (MEMO_UNEXPANDED before
   it is enumerated, MEMO_NORECORD when the option buffer was full). */
typedef struct DenseIndex { uint32_t *map; size_t d0, d1; } DenseIndex;
#define DENSE_MAX_CELLS ((size_t)1 << 24)

typedef struct MemoFrame { uint32_t id; size_t opt; } MemoFrame;
#define MEMO_UNEXPANDED ((size_t)-1)
#define MEMO_NORECORD ((size_t)-2)
#define MEMO_MAX_OPT ((size_t)1 << 27)

#define ENG_MAX_CANON_DEPTH 64

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
    /* direct index for games with one or two small non-negative integer arguments:
       dense[g] maps (a, b) straight to the state (raw keys included), skipping hash and canon */
    struct DenseIndex *dense;
    size_t ndense;
    const int64_t **akey;
    uint32_t *astate;
    size_t nalias, capakey, capastate;
    uint64_t max_states;
    /* memo search: the explicit DFS stack, and the options recorded for expanded states
       (per move: component count, then the component ids) so a state is enumerated once */
    struct MemoFrame *stack;
    size_t sp, scap;
    uint32_t *opt;
    size_t nopt, capopt;
    uint64_t *seen;
    size_t seen_words, seen_hi;
    struct SeqInst **seqs;  /* the sequence strategy's instances (seq.c) */
    size_t nseq, capseq;
    int busy;               /* > 0 while enumerating moves */
    /* keys whose canon is running: a canon may ask for values (sg(), 'is'), which intern and
       canonicalise other positions; bounded, and the same key twice is a cycle */
    const int64_t *canon_path[ENG_MAX_CANON_DEPTH];
    int ncanon;
    const int64_t *root;    /* the component being solved, for messages */
};

Engine *eng_new(Program *p, Vm *vm);
void eng_free(Engine *e);
/* Clear in-progress marks after an error unwound a search (solved states are kept). */
void eng_recover(Engine *e);
/* Canonicalise key (the game's canon) and return its state id, creating the state if new.
   Stops with a resource error when the state limit is reached. */
uint32_t eng_intern(Engine *e, const int64_t *key, Loc loc);
/* Reset to no states (keeps the limit). */
void eng_clear(Engine *e);
#endif
