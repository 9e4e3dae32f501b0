/* pos.c: the position store: interning of canonical position keys in an open-addressing hash table. */
#include "config.h"
#include "key.h"
#include "pos.h"
#include "rules.h"
#include <stdlib.h>
#include <string.h>

#define KEY_CHUNK_WORDS ((size_t)1 << KEY_REF_SHIFT)
#define ALIAS_BIT 0x80000000u

Engine *eng_new(Program *p, Vm *vm)
{
    Engine *e = xcalloc(1, sizeof *e);
    e->p = p;
    e->vm = vm;
    e->tcap = 1024;
    e->tab = xcalloc(e->tcap, sizeof *e->tab);
    return e;
}

static void index_free(DenseIndex *d)
{
    xfree(d->map);
    for (size_t i = 0; i < d->npage; i++) xfree(d->page[i]);
    xfree(d->page);
}

static void free_chunks(Engine *e)
{
    for (size_t i = 0; i < e->nkchunk; i++) xfree(e->kchunk[i]);
    e->nkchunk = 0;
    e->kused = e->ksize = 0;
}

void eng_free(Engine *e)
{
    if (!e) return;
    free_chunks(e);
    xfree(e->kchunk);
    xfree(e->st);
    xfree(e->tab);
    for (size_t i = 0; i < e->ndense; i++) index_free(&e->dense[i]);
    xfree(e->dense);
    xfree(e->akey);
    xfree(e->astate);
    xfree(e);
}

void eng_clear(Engine *e)
{
    free_chunks(e);
    e->key_words = 0;
    e->n = 0;
    e->nalias = 0;
    e->nhash = 0;
    for (size_t i = 0; i < e->ndense; i++) {
        index_free(&e->dense[i]);
        memset(&e->dense[i], 0, sizeof e->dense[i]);
    }
    memset(e->tab, 0, e->tcap * sizeof *e->tab);
    e->ncanon = 0;
    e->root = NULL;
}

EngMemory eng_memory(const Engine *e)
{
    EngMemory m = { e->n * sizeof *e->st, e->tcap * sizeof *e->tab, e->key_words * sizeof(int64_t),
                    e->nalias * (sizeof *e->akey + sizeof *e->astate), 0 };
    for (size_t i = 0; i < e->ndense; i++) m.index += e->dense[i].cells * sizeof(uint32_t) + e->dense[i].npage * sizeof(uint32_t *);
    return m;
}

void eng_recover(Engine *e)
{
    e->ncanon = 0;
    e->root = NULL;
}

static _Noreturn void limit_error(Engine *e, const int64_t *key, Loc loc, bool keys);

/* Copy key into the chunks; its reference (KEY_REF_SHIFT). */
static uint32_t store_key(Engine *e, const int64_t *key, size_t len, Loc loc)
{
    /* the keys' memory is the memory budget's (--max-memory: the polls of new positions read it);
       past KEY_MAX_CHUNKS chunks the store has no room at all */
    if (!e->nkchunk || e->ksize - e->kused < len) {
        /* small at first (a run that stores a few positions allocates little), doubling up to
           KEY_CHUNK_WORDS; a longer key has a chunk of its own */
        size_t sz = e->nkchunk ? (e->ksize >= KEY_CHUNK_WORDS / 2 ? KEY_CHUNK_WORDS : e->ksize * 2) : 512;
        if (sz < len) sz = len;
        if (e->nkchunk == KEY_MAX_CHUNKS) limit_error(e, key, loc, true);
        int64_t *chunk = xmalloc(sz * sizeof(int64_t));   /* first: a failed allocation unwinds before the count grows */
        VEC_PUSH(e->kchunk, e->nkchunk, e->capkchunk, chunk);
        e->ksize = sz;
        e->kused = 0;
    }
    e->key_words += len;
    uint32_t ref = (uint32_t)(e->nkchunk - 1) << KEY_REF_SHIFT | (uint32_t)e->kused;
    memcpy(e->kchunk[e->nkchunk - 1] + e->kused, key, len * sizeof *key);
    e->kused += len;
    return ref;
}

static const int64_t *key_at(const Engine *e, uint32_t ref)
{
    return e->kchunk[ref >> KEY_REF_SHIFT] + (ref & KEY_REF_MASK);
}

static const int64_t *ref_key(const Engine *e, uint32_t ref)
{
    return (ref & ALIAS_BIT) ? e->akey[ref & ~ALIAS_BIT] : eng_key(e, ref - 1);
}

static uint32_t ref_state(const Engine *e, uint32_t ref)
{
    return (ref & ALIAS_BIT) ? e->astate[ref & ~ALIAS_BIT] : ref - 1;
}

/* Slots are found from the high 32 bits of a key's hash, which the slot keeps: growing the table
   never reads a key again. */
static inline size_t home_slot(uint32_t hh, size_t cap) { return (size_t)(((uint64_t)hh * cap) >> 32); }
static inline size_t next_slot(size_t j, size_t cap) { return j + 1 == cap ? 0 : j + 1; }
#define SLOT(ref, hh) ((uint64_t)(ref) | (uint64_t)(hh) << 32)
#define SLOT_REF(t) ((uint32_t)(t))
#define SLOT_HASH(t) ((uint32_t)((t) >> 32))

/* The table grows by half past three quarters full: it stays between half and three quarters
   full, so linear probing stays short (the probes of a lookup share cache lines) and a slot costs
   at most 16 bytes a key (8 / (1/2)). A home slot is the hash scaled to the table (any size). */
static bool full(const Engine *e) { return e->nhash * 4 > e->tcap * 3; }

static void rehash(Engine *e)
{
    size_t ncap = e->tcap + e->tcap / 2;
    uint64_t *tab = xcalloc(ncap, sizeof *tab);
    for (size_t i = 0; i < e->tcap; i++) {
        uint64_t t = e->tab[i];
        if (!SLOT_REF(t)) continue;
        size_t j = home_slot(SLOT_HASH(t), ncap);
        while (tab[j]) j = next_slot(j, ncap);
        tab[j] = t;
    }
    xfree(e->tab);
    e->tab = tab;
    e->tcap = ncap;
}

/* The state limit (keys: the key memory's): named after the component being solved, or, outside
   a solve (listing winning moves), after the position that would have been the state too many.
   Inside a tentative search it gives up the search only. */
static _Noreturn void limit_error(Engine *e, const int64_t *key, Loc loc, bool keys)
{
    if (e->budget) prog_fail(e->p, PROG_BUDGET, loc, "over the budget of a tentative search");
    char what[200];
    const int64_t *named = e->root ? e->root : key;
    const char *how = e->root ? "while solving" : "at", *game = e->p->code.games[KEY_GAME(named)].name;
    key_text(e->p, named, what, sizeof what);
    if (keys)
        prog_fail(e->p, EXIT_LIMIT, loc,
                  "the store is full %s %s: the keys of the positions of game '%s' and its parts take %zu MB, "
                  "all the room the store has for keys (their arguments keep growing?)",
                  how, what, game, e->key_words * 8 >> 20);
    Value deep[POS_MAX_ARGS];
    char hint[400];
    int n = e->root && KEY_GAME(key) == KEY_GAME(e->root) ? key_decode(e->p, key, deep) : -1;
    if (n >= 0 && key_runaway(e->p, e->root, deep, n, hint, sizeof hint))
        prog_fail(e->p, EXIT_LIMIT, loc,
                  "state limit reached %s %s: more than %llu position%s of game '%s' and its parts (--max-states); %s",
                  how, what, (unsigned long long)e->p->opt.max_states, e->p->opt.max_states == 1 ? "" : "s", game, hint);
    prog_fail(e->p, EXIT_LIMIT, loc,
              "state limit reached %s %s: more than %llu position%s of game '%s' and its parts "
              "(raise the limit with --max-states N)",
              how, what, (unsigned long long)e->p->opt.max_states, e->p->opt.max_states == 1 ? "" : "s", game);
}

/* The memory budget ran out as the store grew (a poll found it over, and gives the store until
   the next poll to stop): as at the state limit, the message says what the positions look like
   when they show a runaway argument. */
static _Noreturn void memory_error(Engine *e, const int64_t *key, Loc loc)
{
    Value deep[POS_MAX_ARGS];
    char hint[400];
    int n = e->root && KEY_GAME(key) == KEY_GAME(e->root) ? key_decode(e->p, key, deep) : -1;
    prog_memory_stop(e->p, loc, n >= 0 && key_runaway(e->p, e->root, deep, n, hint, sizeof hint) ? hint : NULL);
}

/* The state a key (canonical or an alias) maps to, or UINT32_MAX with *slot the free slot. */
static uint32_t lookup(Engine *e, const int64_t *key, size_t len, uint64_t h, size_t *slot)
{
    uint32_t hh = (uint32_t)(h >> 32);
    size_t j = home_slot(hh, e->tcap);
    for (;;) {
        uint64_t t = e->tab[j];
        if (!t) { *slot = j; return UINT32_MAX; }
        if (SLOT_HASH(t) == hh) {
            const int64_t *k = ref_key(e, SLOT_REF(t));
            if (k[0] == key[0] && memcmp(k, key, len * sizeof *k) == 0) return ref_state(e, SLOT_REF(t));
        }
        j = next_slot(j, e->tcap);
    }
}

/* key's state, created if new: in *cell when cell is given (the direct index holds the key), else
   in the hash table. */
static uint32_t intern_new(Engine *e, const int64_t *key, size_t len, uint64_t h, uint32_t *cell, size_t slot, Loc loc);

static uint32_t intern_canonical(Engine *e, const int64_t *key, size_t len, uint64_t h, uint32_t *cell, Loc loc)
{
    size_t slot;
    uint32_t id = lookup(e, key, len, h, &slot);
    if (id != UINT32_MAX) return id;
    return intern_new(e, key, len, h, cell, slot, loc);
}

/* A new state for key (not in the store): in *cell when cell is given, else in hash slot slot
   (free, found by lookup with hash h). */
static uint32_t intern_new(Engine *e, const int64_t *key, size_t len, uint64_t h, uint32_t *cell, size_t slot, Loc loc)
{
    if (e->budget && e->n >= e->budget) prog_fail(e->p, PROG_BUDGET, loc, "over the budget of a tentative search");
    /* a step, and one more for every 64 words of a long key (copied into the store: the
       memory is read as such keys pile up, not after 4096 of them) */
    prog_poll_n(e->p, len / 64, loc);
    if (e->n >= e->p->opt.max_states || e->n >= ALIAS_BIT - 2) limit_error(e, key, loc, false);
    if (e->p->run.mem_over && !e->budget) memory_error(e, key, loc);
    if (e->n == e->cap) util_grow((void **)&e->st, &e->cap, e->n + 1, sizeof *e->st);
    uint32_t stored = store_key(e, key, len, loc);
    uint32_t id = (uint32_t)e->n++;
    e->st[id] = (State){ .kref = stored };
    if (cell) {
        *cell = id + 1;
        e->dense[KEY_GAME(key)].used++;
        return id;
    }
    e->tab[slot] = SLOT(id + 1, h >> 32);
    e->nhash++;
    if (full(e)) rehash(e);
    return id;
}

static uint32_t intern_slow(Engine *e, const int64_t *raw, bool alias, uint32_t *cell, Loc loc);
static bool intern_native(Engine *e, const int64_t *raw, size_t len, bool find_only, uint32_t *cell, Loc loc,
                          uint32_t *id);
static CanonForm native_form(Engine *e, uint32_t g);

/* A dimension of the dense index that holds coordinate x: at least half again the old one, a
   multiple of 8. */
static size_t dense_dim(size_t old, uint64_t x)
{
    uint64_t n = old + old / 2;
    if (n <= x) n = x + 1;
    return (size_t)((n + 7) & ~(uint64_t)7);
}

/* The cells of a simplex of the given dimensions (2 or 3) over coordinates below d: the sorted
   tuples, C(d + 1, 2) or C(d + 2, 3). */
static size_t simplex_cells(size_t d, int dims)
{
    return dims == 2 ? d * (d + 1) / 2 : d * (d + 1) / 2 * (d + 2) / 3;
}

/* Cell (a, b, c) of an index that holds it (a simplex's coordinates sorted upwards). */
static inline uint32_t *dense_at(const DenseIndex *d, uint64_t a, uint64_t b, uint64_t c)
{
    if (d->kind == DIX_SIMPLEX) {
        if (d->dims == 2) return &d->map[(size_t)(b * (b + 1) / 2 + a)];
        return &d->map[(size_t)(c * (c + 1) / 2 * (c + 2) / 3 + b * (b + 1) / 2 + a)];
    }
    return &d->map[((size_t)a * d->d1 + (size_t)b) * d->d2 + (size_t)c];
}

/* raw's coordinates for index d (len: raw's words): (a, b, c), sorted when d is a simplex. */
static inline void dense_coords(const DenseIndex *d, const int64_t *raw, size_t len, int64_t *a, int64_t *b,
                                int64_t *c)
{
    *a = raw[2];
    *b = len >= 4 ? raw[3] : 0;
    *c = len == 5 ? raw[4] : 0;
    if (d->kind != DIX_SIMPLEX) return;
    int64_t t;
    if (*a > *b) { t = *a; *a = *b; *b = t; }
    if (d->dims == 3) {
        if (*b > *c) { t = *b; *b = *c; *c = t; }
        if (*a > *b) { t = *a; *a = *b; *b = t; }
    }
}

/* Whether d holds coordinates (a, b, c) as they stand. */
static inline bool dense_holds(const DenseIndex *d, uint64_t a, uint64_t b, uint64_t c)
{
    if (d->kind == DIX_SIMPLEX) return (d->dims == 2 ? b : c) < d->d0;
    return a < d->d0 && b < d->d1 && c < d->d2;
}

/* Whether game g's direct index is where its states live (dense_home) rather than a cache of raw
   keys: the game has no canon, or one the store applies itself (a sort of its integer
   arguments, so raw keys and canonical keys share cells). */
static bool dense_home(Engine *e, uint32_t g)
{
    if (e->p->code.games[g].canon_fn < 0) return true;
    CanonForm cf = native_form(e, g);
    return cf == CF_SORT_UP || cf == CF_SORT_DOWN;
}

/* Grow d (its kind set) to hold (a, b, c), sorted for a simplex; false when it would be too big or
   too sparse. */
static bool dense_grow(DenseIndex *d, size_t len, uint64_t a, uint64_t b, uint64_t c)
{
    if (a >= DENSE_MAX_CELLS || b >= DENSE_MAX_CELLS || c >= DENSE_MAX_CELLS) return false;
    /* a far-out key (beyond the limit, or sparse: more than 4 cells per key the index holds,
       past 2^20 cells) is the hash table's */
    size_t room = 4 * d->used > ((size_t)1 << 20) ? 4 * d->used : (size_t)1 << 20;
    if (d->kind == DIX_SIMPLEX) {
        size_t n = dense_dim(d->d0, d->dims == 2 ? b : c);
        if (n > 8192) return false;   /* past DENSE_MAX_CELLS either way (and no overflow below) */
        size_t cells = simplex_cells(n, d->dims);
        if (cells > DENSE_MAX_CELLS || cells > room) return false;
        /* the simplex grows at its end: the cells it has keep their places */
        d->map = xrealloc(d->map, cells * sizeof *d->map);
        memset(d->map + d->cells, 0, (cells - d->cells) * sizeof *d->map);
        d->d0 = d->d1 = d->d2 = n;
        d->cells = cells;
        return true;
    }
    /* a dimension grows when the key is beyond it (by half at least: a few copies in all) */
    size_t n0 = a < d->d0 ? d->d0 : dense_dim(d->d0, a), n1 = len < 4 ? 1 : b < d->d1 ? d->d1 : dense_dim(d->d1, b),
           n2 = len < 5 ? 1 : c < d->d2 ? d->d2 : dense_dim(d->d2, c);
    if (n0 > DENSE_MAX_CELLS || n1 > DENSE_MAX_CELLS || n2 > DENSE_MAX_CELLS || n0 * n1 > DENSE_MAX_CELLS ||
        n0 * n1 * n2 > DENSE_MAX_CELLS || n0 * n1 * n2 > room)
        return false;
    uint32_t *m = xcalloc(n0 * n1 * n2, sizeof *m);
    for (size_t i = 0; i < d->d0; i++)
        for (size_t j = 0; j < d->d1; j++)
            memcpy(m + (i * n1 + j) * n2, d->map + (i * d->d1 + j) * d->d2, d->d2 * sizeof *m);
    xfree(d->map);
    d->map = m;
    d->d0 = n0;
    d->d1 = n1;
    d->d2 = n2;
    d->cells = n0 * n1 * n2;
    return true;
}

static DenseIndex *index_grow(Engine *e, uint32_t g)
{
    size_t n = e->p->code.ngames + 1;
    e->dense = xrealloc(e->dense, n * sizeof *e->dense);
    memset(e->dense + e->ndense, 0, (n - e->ndense) * sizeof *e->dense);
    e->ndense = n;
    return &e->dense[g];
}

/* Game g's direct index (DIX_NONE until it has a kind). */
static inline DenseIndex *index_of(Engine *e, uint32_t g)
{
    return g < e->ndense ? &e->dense[g] : index_grow(e, g);
}

/* Whether raw is a key of one long list and nothing else (a view: DIX_VIEW). */
static inline bool view_key(const int64_t *raw)
{
    return KEY_LEN(raw) == 4 && raw[1] == POS_ARG_LIST && ((uint64_t)raw[2] & KEY_VIEW_BIT);
}

/* The view index's cell of view key raw (view_key), or NULL: the game has a canon (its cells
   would be a cache, which the hash table is already), or the page would pass the bound of 4
   cells a key (spilled then). */
static uint32_t *view_cell(Engine *e, const int64_t *raw)
{
    uint32_t g = KEY_GAME(raw);
    if (e->p->code.games[g].canon_fn >= 0) return NULL;
    DenseIndex *d = index_of(e, g);
    if (d->kind != DIX_NONE && d->kind != DIX_VIEW) return NULL;   /* a game of one parameter met with integers first */
    uint64_t id = (uint64_t)raw[3];
    size_t pg = (size_t)(id >> DIX_PAGE_BITS);
    if (pg < d->npage && d->page[pg]) return &d->page[pg][id & (((uint64_t)1 << DIX_PAGE_BITS) - 1)];
    size_t room = 4 * d->used > DIX_VIEW_FREE ? 4 * d->used : DIX_VIEW_FREE;
    if (d->cells + ((size_t)1 << DIX_PAGE_BITS) > room) {
        d->spilled = true;
        return NULL;
    }
    d->kind = DIX_VIEW;
    if (pg >= d->npage) {
        size_t n = d->npage ? 2 * d->npage : 16;
        while (n <= pg) n *= 2;
        d->page = xrealloc(d->page, n * sizeof *d->page);
        memset(d->page + d->npage, 0, (n - d->npage) * sizeof *d->page);
        d->npage = n;
    }
    d->page[pg] = xcalloc((size_t)1 << DIX_PAGE_BITS, sizeof **d->page);
    d->cells += (size_t)1 << DIX_PAGE_BITS;
    return &d->page[pg][id & (((uint64_t)1 << DIX_PAGE_BITS) - 1)];
}

/* The dense-index cell of raw, or NULL when raw does not qualify (or the index would be too big). */
static uint32_t *dense_cell(Engine *e, const int64_t *raw)
{
    uint32_t g = KEY_GAME(raw);
    size_t len = KEY_LEN(raw);
    if (view_key(raw)) return view_cell(e, raw);
    if (raw[1] != 0 || len < 3 || len > 5) return NULL;   /* integer arguments only, one to three */
    DenseIndex *d = index_of(e, g);
    if (d->kind == DIX_VIEW) return NULL;   /* a game of one parameter met with a long list first */
    if (d->kind == DIX_NONE) {
        d->kind = len >= 4 && e->p->code.games[g].canon_fn >= 0 && dense_home(e, g) ? DIX_SIMPLEX : DIX_BOX;
        d->dims = (int)len - 2;
    }
    int64_t a, b, c;
    dense_coords(d, raw, len, &a, &b, &c);
    if (a < 0 || b < 0 || c < 0) return NULL;
    if (!dense_holds(d, (uint64_t)a, (uint64_t)b, (uint64_t)c) &&
        !dense_grow(d, len, (uint64_t)a, (uint64_t)b, (uint64_t)c))
        return NULL;
    return dense_at(d, (uint64_t)a, (uint64_t)b, (uint64_t)c);
}

void eng_prefetch(const Engine *e, const int64_t *raw)
{
    uint32_t g = KEY_GAME(raw);
    size_t len = KEY_LEN(raw);
    if (view_key(raw) && g < e->ndense && e->dense[g].kind == DIX_VIEW) {   /* a view index cell, if it has one */
        const DenseIndex *d = &e->dense[g];
        size_t pg = (size_t)((uint64_t)raw[3] >> DIX_PAGE_BITS);
        if (pg < d->npage && d->page[pg]) __builtin_prefetch(&d->page[pg][(uint64_t)raw[3] & (((uint64_t)1 << DIX_PAGE_BITS) - 1)]);
        return;
    }
    if (len >= 3 && len <= 5 && raw[1] == 0 && g < e->ndense) {   /* a direct index cell, if it has one */
        const DenseIndex *d = &e->dense[g];
        int64_t a, b, c;
        dense_coords(d, raw, len, &a, &b, &c);
        if ((d->kind == DIX_BOX || d->kind == DIX_SIMPLEX) && a >= 0 && b >= 0 && c >= 0 && dense_holds(d, (uint64_t)a, (uint64_t)b, (uint64_t)c))
            __builtin_prefetch(dense_at(d, (uint64_t)a, (uint64_t)b, (uint64_t)c));
        return;
    }
    if (e->p->code.games[g].canon_fn < 0)   /* no canon: the key's home slot */
        __builtin_prefetch(&e->tab[home_slot((uint32_t)(util_hash_words(raw, len) >> 32), e->tcap)]);
}

uint32_t eng_intern(Engine *e, const int64_t *raw, Loc loc)
{
    uint32_t *cell = dense_cell(e, raw);
    if (!cell) return intern_slow(e, raw, true, NULL, loc);
    if (*cell) return *cell - 1;
    uint32_t g = KEY_GAME(raw);
    if (e->dense[g].kind == DIX_VIEW && !e->dense[g].spilled) {
        /* no key of the game is in the hash table: an empty cell is a new position */
        uint32_t id = intern_new(e, raw, KEY_LEN(raw), 0, cell, 0, loc);
        if (!*cell) {   /* not reached: intern_new fills the cell */
            *cell = id + 1;
            e->dense[g].used++;
        }
        return id;
    }
    if (dense_home(e, g)) {
        /* a new state goes into the cell; one created before the index held it is found in the
           hash table, and the cell remembers it (the cell's place does not move meanwhile: a
           canon the store applies interns nothing else) */
        uint32_t id = intern_slow(e, raw, false, cell, loc);
        if (!*cell) {
            *cell = id + 1;
            e->dense[g].used++;
        }
        return id;
    }
    uint32_t id = intern_slow(e, raw, false, NULL, loc);   /* the cell is raw's alias */
    cell = dense_cell(e, raw);   /* canon may have grown the index */
    if (cell && !*cell) {
        *cell = id + 1;
        e->dense[g].used++;
    }
    return id;
}

static const int64_t *canon_of(Engine *e, const int64_t *raw, size_t len, Loc loc);

uint32_t eng_find(Engine *e, const int64_t *raw, Loc loc)
{
    uint32_t *cell = dense_cell(e, raw);
    if (cell && *cell) return *cell - 1;
    size_t len = KEY_LEN(raw), slot;
    uint32_t id = lookup(e, raw, len, util_hash_words(raw, len), &slot);
    if (id != UINT32_MAX || e->p->code.games[KEY_GAME(raw)].canon_fn < 0) return id;
    if (intern_native(e, raw, len, true, NULL, loc, &id)) return id;
    const int64_t *key = canon_of(e, raw, len, loc);
    size_t klen = KEY_LEN(key);
    return lookup(e, key, klen, util_hash_words(key, klen), &slot);
}

/* Run raw's canon, refusing a canon that needs its own position's value (a cycle through sg()
   or 'is') or nests such requests without end. */
static const int64_t *canon_of(Engine *e, const int64_t *raw, size_t len, Loc loc)
{
    for (int i = 0; i < e->ncanon; i++) {
        if (KEY_LEN(e->canon_path[i]) != len || memcmp(e->canon_path[i], raw, len * sizeof *raw)) continue;
        char b[200];
        key_text(e->p, raw, b, sizeof b);
        prog_fail(e->p, EXIT_COMPILE, loc, "the canon of game '%s' needs the value of %s, the position it is "
                  "canonicalising (a cycle through sg(), 'is' or a winning-move function)",
                  e->p->code.games[KEY_GAME(raw)].name, b);
    }
    if (e->ncanon >= ENG_MAX_CANON_DEPTH) {
        char b[200];
        key_text(e->p, raw, b, sizeof b);
        prog_fail(e->p, EXIT_LIMIT, loc, "canons asking for the values of other positions nest more than %d deep "
                  "(at %s of game '%s'); a canon should not need game values", ENG_MAX_CANON_DEPTH, b,
                  e->p->code.games[KEY_GAME(raw)].name);
    }
    e->canon_path[e->ncanon++] = raw;
    const int64_t *key = vm_canon(e->vm, raw);
    e->ncanon--;
    return key;
}

/* ---- canons the store applies itself --------------------------------------------------------
   Recognised on the game's syntax tree: `canon (sort([p1, ..., pk])...)` over every parameter
   once and `canon (min(a, b), max(a, b))` (the integer arguments sorted; `(max(a, b), min(a, b))`
   sorted downwards), and for a variadic game `canon (f1, ..., fj, sort(v)...)`
   (its fixed parameters as they are, the list of integers sorted). Such a canon gives the key
   the interpreter would build, without running it and without remembering aliases; a key it
   does not cover (an argument that is not a plain integer) goes to the interpreter. */
static void sort_words(int64_t *w, size_t n)
{
    for (size_t i = 1; i < n; i++) {
        int64_t x = w[i];
        size_t j = i;
        for (; j > 0 && w[j - 1] > x; j--) w[j] = w[j - 1];
        w[j] = x;
    }
}

static int cmp_words(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* The canonical form of raw into out (len words) when the game's canon is native and raw's
   arguments are what it covers; false otherwise. */
/* The shape of game g's canon (read with its rules, rules.h). */
static CanonForm native_form(Engine *e, uint32_t g)
{
    const Game *G = &e->p->code.games[g];
    return G->rules ? G->rules->canon_form : CF_NONE;
}

static bool native_canon(Engine *e, const int64_t *raw, size_t len, int64_t *out)
{
    uint32_t g = KEY_GAME(raw);
    CanonForm cf = native_form(e, g);
    int np = e->p->code.games[g].nparams;
    if (cf == CF_SORT_UP || cf == CF_SORT_DOWN) {
        if (raw[1] != 0 || len != 2 + (size_t)np) return false;
        memcpy(out, raw, len * sizeof *out);
        sort_words(out + 2, (size_t)np);
        if (cf == CF_SORT_DOWN) {   /* two parameters */
            int64_t t = out[2];
            out[2] = out[3];
            out[3] = t;
        }
        return true;
    }
    if (cf != CF_SORT_TAIL) return false;
    /* the fixed parameters integers, the last a list of integers: the signature says so */
    if ((uint64_t)raw[1] != (uint64_t)POS_ARG_LIST << (2 * (np - 1))) return false;
    size_t at = 2 + (size_t)(np - 1);
    if (len <= at) return false;
    uint64_t hdr = (uint64_t)raw[at];
    if (hdr & (KEY_STRS_BIT | KEY_BIG_BIT) || at + 1 + hdr != len) return false;
    memcpy(out, raw, len * sizeof *out);
    if (hdr <= 16) sort_words(out + at + 1, hdr);
    else qsort(out + at + 1, hdr, sizeof *out, cmp_words);
    return true;
}

/* Whether raw's canon is native (see native_canon); then *id is its state (find_only:
   UINT32_MAX when the store does not have it, else created: in *cell when cell is given). */
static bool intern_native(Engine *e, const int64_t *raw, size_t len, bool find_only, uint32_t *cell, Loc loc,
                          uint32_t *id)
{
    int64_t buf[32];
    int64_t *key = len <= 32 ? buf : vm_alloc(e->vm, len * sizeof *key, loc);   /* scratch: freed by the caller's loop */
    if (!native_canon(e, raw, len, key)) return false;
    uint64_t h = util_hash_words(key, len);
    size_t slot;
    *id = find_only ? lookup(e, key, len, h, &slot) : intern_canonical(e, key, len, h, cell, loc);
    return true;
}

/* raw's state; a non-canonical raw is remembered as an alias in the table when alias is set (a
   key the dense index holds has its cell instead). cell: the direct index's cell of raw when
   the index is where raw's state lives (dense_home), to put a new state there. */
static uint32_t intern_slow(Engine *e, const int64_t *raw, bool alias, uint32_t *cell, Loc loc)
{
    size_t len = KEY_LEN(raw), slot;
    uint32_t id;
    if (e->p->code.games[KEY_GAME(raw)].canon_fn >= 0 && intern_native(e, raw, len, false, cell, loc, &id)) return id;
    uint64_t h = util_hash_words(raw, len);
    if (e->p->code.games[KEY_GAME(raw)].canon_fn < 0) return intern_canonical(e, raw, len, h, cell, loc);
    id = lookup(e, raw, len, h, &slot);
    if (id != UINT32_MAX) return id;
    const int64_t *key = canon_of(e, raw, len, loc);
    size_t klen = KEY_LEN(key);
    if (klen == len && memcmp(key, raw, len * sizeof *key) == 0) return intern_canonical(e, raw, len, h, NULL, loc);
    id = intern_canonical(e, key, klen, util_hash_words(key, klen), NULL, loc);
    if (alias && e->nalias < e->p->opt.max_states && e->nalias < ALIAS_BIT - 2) {   /* remember raw -> id */
        lookup(e, raw, len, h, &slot);
        size_t n = e->nalias;
        VEC_PUSH(e->akey, e->nalias, e->capakey, key_at(e, store_key(e, raw, len, loc)));
        e->nalias = n;
        VEC_PUSH(e->astate, e->nalias, e->capastate, id);
        e->tab[slot] = SLOT(ALIAS_BIT | (uint32_t)n, h >> 32);
        e->nhash++;
        if (full(e)) rehash(e);
    }
    return id;
}
