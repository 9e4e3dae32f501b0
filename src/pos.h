/* pos.h: the position store: canonical keys interned to state ids, with their values and flags. */
#ifndef GRUNDY_POS_H
#define GRUNDY_POS_H
#include "program.h"
#include "vm.h"

/* ST_OUTCOME: only the outcome is known (a closed form that decides P/N): sg is 0 (P), 1 (N) or
   2 (D).
   ST_ONPATH: a strategy's search has the state in progress (a cycle if it is met again).
   ST_SGSEARCH: how names the strategy that decided the outcome; the SG value came from a search.
   ST_BIG: the value is beyond 64 bits: sg points (as an integer) at its interned record, the
   words of an integer (val_int_words).
   ST_INF: a loopy value ∞(K): sg points at K's interned record (a finite loopy value keeps the
   value in the low 32 bits of sg and the labelling's counter in the high 32). */
enum { ST_DONE = 1, ST_ONPATH = 2, ST_TERMINAL = 4, ST_OUTCOME = 8, ST_SGSEARCH = 16, ST_BIG = 32, ST_INF = 64 };

/* A state's value: flags ST_DONE (or ST_OUTCOME) and the value's kind in bits 8-15 (the solver's
   GvKind: an SG value, an outcome only, a draw, a loopy value, a remoteness, a score), with sg
   holding the SG value, the loopy finite value, the remoteness or the score (as int64_t).
   how: which strategy solved the state (the solver's numbering: solve_how, 16 bits).
   kref: where the state's canonical key is in the store's key chunks (eng_key).
   16 bytes a state: the key's pointer as a 32-bit reference, flags and how 16 bits each. */
typedef struct State { uint64_t sg; uint32_t kref; uint32_t flags : 16; uint32_t how : 16; } State;
#define ST_KIND_SHIFT 8
#define ST_KIND(flags) (((flags) >> ST_KIND_SHIFT) & 0xffu)

/* A key reference: the chunk's number in the high bits, the word offset in it in the low ones (a
   key longer than a chunk has a chunk of its own, at offset 0). */
#define KEY_REF_SHIFT 17
#define KEY_REF_MASK (((uint32_t)1 << KEY_REF_SHIFT) - 1)
#define KEY_MAX_CHUNKS ((size_t)1 << (32 - KEY_REF_SHIFT))
typedef struct Engine Engine;

/* A game's direct index: a box d0 x d1 x d2 of cells over its (a, b, c), or, for a game whose
   canon the store sorts itself (two or three parameters), a simplex over the sorted arguments
   (x <= y <= z: cell T(z) + t(y) + x, T and t the tetrahedral and triangular numbers; every
   coordinate below d0), which holds each canonical key once and grows at its end.
   used: the cells set; cells: the cells allocated (the index grows only while it stays within 4
   cells per key it holds: 16 bytes a key at most, past its first 2^20 cells).
   A game without a canon whose key is one long list and nothing else ([g | 4, POS_ARG_LIST,
   KEY_VIEW_BIT | n, view id]: the scoring games over a row, `Ends(a...)`) has a view index
   instead (DIX_VIEW): pages of 2^DIX_PAGE_BITS cells by view id (page[id >> DIX_PAGE_BITS]),
   allocated as the ids it meets need them, within 4 cells a key past its first DIX_VIEW_FREE
   (view ids are the program's, so a game met late has sparse ones). spilled: a
   key of the game went to the hash table (its page would have passed the bound), so an empty
   cell may still have a state there; until then an empty cell is a new position. */
enum { DIX_NONE, DIX_BOX, DIX_SIMPLEX, DIX_VIEW };
typedef struct DenseIndex {
    uint32_t *map;
    uint32_t **page;
    size_t d0, d1, d2, used, cells, npage;
    int kind, dims;
    bool spilled;
} DenseIndex;
#define DENSE_MAX_CELLS ((size_t)1 << 24)
#define DIX_PAGE_BITS 12
#define DIX_VIEW_FREE ((size_t)1 << 16)   /* a view index's cells before the bound of 4 a key applies */

#define ENG_MAX_CANON_DEPTH 64

/* The position store: canonical keys interned to states with their values. It knows no strategy:
   the solver (solve/) decides how a state's value is found. */
struct Engine {
    Program *p;
    Vm *vm;
    State *st;
    size_t n, cap;
    uint64_t *tab;          /* open addressing: state index + 1 (0 = empty) in the low 32 bits, the high
                               32 bits of the key's hash in the high ones (one load per probe) */
    size_t tcap, nhash;     /* nhash: the slots in use (states the direct index holds have none) */
    int64_t **kchunk;       /* the key chunks (never moved: key pointers stay valid); the last one fills */
    size_t nkchunk, capkchunk, kused, ksize;
    /* aliases: a non-canonical key seen before maps straight to its canonical state, so canon
       runs once per distinct key (table refs with ALIAS_BIT set index these) */
    /* direct index for games with one to three small non-negative integer arguments:
       dense[g] maps (a, b, c) straight to the state (raw keys included), skipping hash and canon.
       For a game without a canon, or with one the store applies itself, the index is where a
       state it covers lives: such a state has no hash slot (one created before the index grew
       over it keeps its slot, and its cell is set when it is next met). For any other canon the
       cells are a cache of raw keys in front of the hash table. */
    struct DenseIndex *dense;
    size_t ndense;
    const int64_t **akey;
    uint32_t *astate;
    size_t nalias, capakey, capastate;
    /* keys whose canon is running: a canon may ask for values (sg(), 'is'), which intern and
       canonicalise other positions; the same key twice is a cycle */
    const int64_t *canon_path[ENG_MAX_CANON_DEPTH];
    int ncanon;
    const int64_t *root;    /* the component the solver is working on, to name it in a limit message */
    size_t budget;          /* > 0: a tentative search may create states up to this count (PROG_BUDGET past it) */
    size_t key_words;       /* words of the stored keys: bounded with the states (pos.c: key_limit) */
};

/* The canonical key of state id (valid until the store is cleared). */
static inline const int64_t *eng_key(const Engine *e, uint32_t id)
{
    uint32_t r = e->st[id].kref;
    return e->kchunk[r >> KEY_REF_SHIFT] + (r & KEY_REF_MASK);
}

Engine *eng_new(Program *p, Vm *vm);
void eng_free(Engine *e);
/* Forget work in progress after an error unwound through the store (solved states are kept). */
void eng_recover(Engine *e);
/* Canonicalise key (the game's canon) and return its state id, creating the state if new.
   Stops with a resource error when the state limit is reached. */
uint32_t eng_intern(Engine *e, const int64_t *key, Loc loc);
/* Ask for the memory eng_intern(e, key) will read first (its direct index cell, or the home slot
   of a key without a canon), to intern it a little later without waiting. */
void eng_prefetch(const Engine *e, const int64_t *key);
/* The state id of key (canonicalised) if the store has it, else UINT32_MAX; creates nothing. */
uint32_t eng_find(Engine *e, const int64_t *key, Loc loc);
/* Reset to no states (keeps the limit). */
void eng_clear(Engine *e);
/* The store's memory in bytes, by part: the states (16 bytes each), the hash table, the keys'
   words, the aliases (their references; their keys are in keys), the direct index's cells. */
typedef struct EngMemory { size_t states, table, keys, aliases, index; } EngMemory;
EngMemory eng_memory(const Engine *e);
#endif
