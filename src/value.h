/* value.h: run-time values of the language (integers, booleans, strings, lists, sets, ranges, positions). */
#ifndef GRUNDY_VALUE_H
#define GRUNDY_VALUE_H
#include "util.h"
#include <stddef.h>
#include <stdint.h>

/* ORDER VT: also the static types of sema (VT_NONE = unknown), except VT_BIG: an integer outside
   the 64-bit range at run time (sema's type for it is VT_INT): n limbs of 64 bits, least
   significant first, at u.a; strs = 1 when negative. Canonical: a value that fits int64 is
   always a VT_INT, so equal integers have one representation (keys, equality). */
typedef enum VType { VT_NONE, VT_INT, VT_BOOL, VT_STR, VT_LIST, VT_SET, VT_RANGE, VT_POS, VT_BIG, VT_GRAPH } VType;

/* A position component is a key: k[0] = game id | (total words << 32), k[1] = argument type
 * signature (2 bits per argument: POS_ARG_*), then the arguments: an integer is one word; a list,
 * set or string is a length word followed by its elements (strings packed 8 bytes a word); an
 * integer beyond 64 bits is a POS_ARG_STR argument whose length word has KEY_BIG_BIT, then its
 * limbs; a graph one whose length word has KEY_GRAPH_BIT, then its id; a list of at least
 * LVIEW_MIN integers has KEY_VIEW_BIT in its length word, then its view id (listview.h). */
enum { POS_ARG_INT = 0, POS_ARG_LIST = 1, POS_ARG_SET = 2, POS_ARG_STR = 3 };
#define POS_MAX_ARGS 32
#define KEY_GAME(k) ((uint32_t)((uint64_t)(k)[0] & 0xffffffffu))
#define KEY_LEN(k) ((size_t)((uint64_t)(k)[0] >> 32))

/* What the elements of a list or set are (Value.strs). A list holds one integer per word unless
   one of its elements is beyond 64 bits: then every element is an interned integer record
   (LIST_BIGS), so equal lists have one representation. A list of strings holds interned string
   records, a list of lists interned list records (LIST_LISTS: see val_list_rec). Sets hold
   integers only. */
enum { LIST_INTS = 0, LIST_STRS = 1, LIST_BIGS = 2, LIST_LISTS = 3 };

typedef struct Value {
    uint8_t t;          /* VType */
    uint8_t strs;       /* LIST, SET: LIST_*; BIG: 1 when negative; RANGE: 1 when hi is beyond 64 bits */
    uint32_t n;         /* element count of STR, LIST, SET, POS; limbs of BIG */
    union {   /* the 16-byte member first: an initializer that names none zeroes all of it */
        struct { int64_t lo, hi; } r;   /* RANGE lo..hi inclusive (hi beyond 64 bits: val_range_hi) */
        int64_t i;                  /* INT, BOOL */
        const int64_t *a;           /* LIST, SET (sets sorted, no duplicates); BIG: the limbs */
        /* LIST: a and, in the third word, the base of a view (listview.h: 0 when none; a hint
           that a points into a registered row, checked before it is used) */
        struct { const int64_t *a; uint64_t base; } l;
        const char *s;              /* STR (not NUL-terminated) */
        const int64_t *const *p;    /* POS: n component keys (a sum; n = 0 is the empty position) */
        /* POS: the keys (= p) and how many copies of each (NULL: one each): k * A is a count */
        struct {   /* each pointer in a word of its own, as val_pos writes them (32-bit pointers too) */
            union { const int64_t *const *keys; uint64_t keys_word; };
            union { const uint64_t *cnt; uint64_t cnt_word; };
        } pos;
        const struct Graph *g;      /* GRAPH: the program's interned graph (graph.h) */
    } u;
} Value;

_Static_assert(sizeof(Value) == 24 && offsetof(Value, n) == 4 && offsetof(Value, u) == 8, "a value is three words");
_Static_assert(offsetof(Value, u.pos.cnt) == 16, "a position's counts are the third word (val_pos)");
/* A value built word by word. The interpreter's hot constructors use it: a Value initialised
   field by field is written to a temporary with stores of 1, 8 and 16 bytes and then read back
   with one 16-byte load, which the processor cannot forward from those stores (a stall of tens
   of cycles, measured at 10-20% of a list game's search). Here the first two words are one
   16-byte store and the third one 8-byte store, straight to the destination: the widths the
   compiler uses to copy a Value, so a copy that soon follows reads from the stores in flight. */
#if defined(__GNUC__)
typedef uint64_t ValueHalf __attribute__((vector_size(16), aligned(8)));
typedef union ValueWords { Value v; struct { ValueHalf lo; uint64_t hi; } h; } ValueWords;
static inline Value val_words(uint64_t head, uint64_t w1, uint64_t w2)
{
    ValueWords x;
    x.h.lo = (ValueHalf){ head, w1 };
    x.h.hi = w2;
    return x.v;
}
#else
typedef union ValueWords { Value v; uint64_t w[3]; } ValueWords;
static inline Value val_words(uint64_t head, uint64_t w1, uint64_t w2)
{
    ValueWords x = { .w = { head, w1, w2 } };
    return x.v;
}
#endif
/* The first word of a value: its type, strs and n. */
static inline uint64_t val_head(unsigned t, unsigned strs, uint32_t n)
{
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    return (uint64_t)t << 56 | (uint64_t)strs << 48 | n;
#else
    return (uint64_t)t | (uint64_t)strs << 8 | (uint64_t)n << 32;
#endif
}

/* A position's play mode (Value.strs of a POS): normal play of the sum (PM_SUM), or one of the
   compounds of its components (Every-SG, conjunctive, selective, shortened selective), with
   PM_MISERE or-ed in for misere play. misere(...) and the compounds' builtins set it; adding
   positions of one mode keeps it, adding positions of different modes is an error. */
enum { PM_SUM = 0, PM_EVERY = 1, PM_CONJ = 2, PM_SELECT = 3, PM_SHORTSELECT = 4, PM_COMPOUND = 7, PM_MISERE = 8 };
/* The name of a compound as the language writes it ("every"; NULL for PM_SUM). */
const char *val_mode_name(unsigned compound);

/* A position of n components (keys) with their counts (NULL: one each). */
static inline Value val_pos(const int64_t *const *keys, const uint64_t *cnt, uint32_t n)
{
    return val_words(val_head(7 /* VT_POS */, 0, n), (uint64_t)(uintptr_t)keys, (uint64_t)(uintptr_t)cnt);
}
/* In a compound's counts (strs has PM_COMPOUND bits), the parts that make one component:
   POS_GROUP marks a part of a component that is a sum (one argument of every(A + B, C)),
   POS_JOIN a part whose component goes on with the next part. A part without POS_GROUP and a
   count k is k components, as in every(A + B). Other positions never have these bits. */
#define POS_GROUP ((uint64_t)1 << 62)
#define POS_JOIN ((uint64_t)1 << 63)
#define POS_COUNT_MASK (POS_GROUP - 1)
/* Part i's count word as stored (with those bits). */
static inline uint64_t val_count_raw(const Value *v, uint32_t i) { return v->u.pos.cnt ? v->u.pos.cnt[i] : 1; }
/* How many copies of component i a position holds. */
static inline uint64_t val_count(const Value *v, uint32_t i)
{
    uint64_t c = val_count_raw(v, i);
    return (v->strs & PM_COMPOUND) ? c & POS_COUNT_MASK : c;
}
/* Whether a position has a component that is a sum (a compound written with arguments). */
static inline bool val_grouped(const Value *v)
{
    if (!(v->strs & PM_COMPOUND) || !v->u.pos.cnt) return false;
    for (uint32_t i = 0; i < v->n; i++)
        if (v->u.pos.cnt[i] & POS_GROUP) return true;
    return false;
}

static inline Value val_int(int64_t i) { return val_words(val_head(VT_INT, 0, 0), (uint64_t)i, 0); }

/* A string held in a list: interned once per program (prog_intern), so equal strings are the
   same record and a list of strings is an array of record pointers. In a key the list's length
   word carries KEY_STRS_BIT. The bytes start 8-aligned: an integer record (LIST_BIGS) is an
   interned string whose bytes are words: a length word (0: one int64 follows; else the limb
   count | KEY_NEG_BIT when negative) and the value. */
typedef struct StrRec { uint32_t len; uint32_t pad; char s[]; } StrRec;
#define KEY_STRS_BIT ((uint64_t)1 << 62)
/* In a POS_ARG_STR length word: the argument is a big integer of that many limbs (KEY_NEG_BIT:
   negative), not a string. In a list's length word: the elements are integer records. */
#define KEY_BIG_BIT ((uint64_t)1 << 61)
#define KEY_NEG_BIT ((uint64_t)1 << 60)
/* In a POS_ARG_STR length word: the argument is a graph, the next word its id (graph.h). */
#define KEY_GRAPH_BIT ((uint64_t)1 << 59)
/* In a POS_ARG_LIST length word: the list is a view, the next word its id (listview.h). */
#define KEY_VIEW_BIT ((uint64_t)1 << 58)
/* A list inside a list: an interned record whose words are the inner list's kind (LIST_*), then
   its elements (themselves records when they are strings, big integers or lists), so equal lists
   are one record at any depth. */
static inline Value val_list_rec(const StrRec *r)
{
    const int64_t *w = (const int64_t *)(const void *)r->s;
    return val_words(val_head(VT_LIST, (uint8_t)w[0], r->len / 8 - 1), (uint64_t)(uintptr_t)(w + 1), 0);
}
/* A string of n bytes at s (not NUL-terminated); a list or set of kind strs (LIST_*). */
static inline Value val_str(const char *s, uint32_t n) { return val_words(val_head(VT_STR, 0, n), (uint64_t)(uintptr_t)s, 0); }
static inline Value val_list(unsigned t, unsigned strs, const int64_t *a, uint32_t n)
{
    return val_words(val_head(t, strs, n), (uint64_t)(uintptr_t)a, 0);
}
static inline Value val_str_rec(const StrRec *r)
{
    return val_words(val_head(VT_STR, 0, r->len), (uint64_t)(uintptr_t)r->s, 0);
}
/* The integer of a record (words as described at StrRec). */
static inline Value val_int_words(const int64_t *w)
{
    if (w[0] == 0) return val_int(w[1]);
    Value v = { .t = VT_BIG, .n = (uint32_t)((uint64_t)w[0] & 0xffffffffu), .strs = ((uint64_t)w[0] & KEY_NEG_BIT) != 0 };
    v.u.a = w + 1;
    return v;
}
/* Element i of a list or set (an integer or, in a list of strings or lists, a string or a list). */
static inline Value val_elem(const Value *l, uint32_t i)
{
    if (l->strs == LIST_INTS) return val_int(l->u.a[i]);
    const StrRec *r = (const StrRec *)(intptr_t)l->u.a[i];
    if (l->strs == LIST_STRS) return val_str_rec(r);
    if (l->strs == LIST_LISTS) return val_list_rec(r);
    return val_int_words((const int64_t *)(const void *)r->s);
}
/* A range's upper end as 64 bits: INT64_MAX when it is beyond (strs set: u.r.hi then holds the
   address of its interned record's words), and exactly. */
static inline int64_t val_range_hi(const Value *r) { return r->strs ? INT64_MAX : r->u.r.hi; }
static inline Value val_range_top(const Value *r)
{
    if (!r->strs) return val_int(r->u.r.hi);
    return val_int_words((const int64_t *)(intptr_t)r->u.r.hi);
}
static inline Value val_bool(int b) { return val_words(val_head(VT_BOOL, 0, 0), b != 0, 0); }
/* An integer of either representation. */
static inline int val_is_int(const Value *v) { return v->t == VT_INT || v->t == VT_BOOL || v->t == VT_BIG; }
const char *val_type_name(int t);
/* The type name with its article: "an integer", "a list". */
const char *val_type_an(int t);
/* Structural equality (lists, sets, strings, positions as multisets are NOT normalised here). */
int val_equal(const Value *a, const Value *b);
/* Append a readable rendering (parses back for integers, lists, sets, strings). */
void val_print(StrBuf *b, const Value *v);
#endif
