/* value.h: run-time values of the language (integers, booleans, strings, lists, sets, ranges, positions). */
#ifndef GRUNDY_VALUE_H
#define GRUNDY_VALUE_H
#include "util.h"
#include <stdint.h>

/* ORDER VT: also the static types of sema (VT_NONE = unknown). */
typedef enum VType { VT_NONE, VT_INT, VT_BOOL, VT_STR, VT_LIST, VT_SET, VT_RANGE, VT_POS } VType;

/* A position component is a key: k[0] = game id | (total words << 32), k[1] = argument type
 * signature (2 bits per argument: POS_ARG_*), then the arguments: an integer is one word; a list,
 * set or string is a length word followed by its elements (strings packed 8 bytes a word). */
enum { POS_ARG_INT = 0, POS_ARG_LIST = 1, POS_ARG_SET = 2, POS_ARG_STR = 3 };
#define POS_MAX_ARGS 32
#define KEY_GAME(k) ((uint32_t)((uint64_t)(k)[0] & 0xffffffffu))
#define KEY_LEN(k) ((size_t)((uint64_t)(k)[0] >> 32))

typedef struct Value {
    uint8_t t;          /* VType */
    uint8_t strs;       /* LIST: the elements are strings (StrRec pointers), not integers */
    uint32_t n;         /* element count of STR, LIST, SET, POS */
    union {
        int64_t i;                  /* INT, BOOL */
        const int64_t *a;           /* LIST, SET (sets sorted, no duplicates) */
        const char *s;              /* STR (not NUL-terminated) */
        const int64_t *const *p;    /* POS: n component keys (a sum; n = 0 is the empty position) */
        struct { int64_t lo, hi; } r;   /* RANGE lo..hi inclusive */
    } u;
} Value;

static inline Value val_int(int64_t i) { Value v = { .t = VT_INT }; v.u.i = i; return v; }

/* A string held in a list: interned once per program (prog_intern), so equal strings are the
   same record and a list of strings is an array of record pointers. In a key the list's length
   word carries KEY_STRS_BIT. */
typedef struct StrRec { uint32_t len; char s[]; } StrRec;
#define KEY_STRS_BIT ((uint64_t)1 << 62)
static inline Value val_str_rec(const StrRec *r)
{
    Value v = { .t = VT_STR, .n = r->len };
    v.u.s = r->s;
    return v;
}
/* Element i of a list or set (an integer or, in a list of strings, a string). */
static inline Value val_elem(const Value *l, uint32_t i)
{
    if (l->strs) return val_str_rec((const StrRec *)(intptr_t)l->u.a[i]);
    return val_int(l->u.a[i]);
}
static inline Value val_bool(int b) { Value v = { .t = VT_BOOL }; v.u.i = b != 0; return v; }
const char *val_type_name(int t);
/* The type name with its article: "an integer", "a list". */
const char *val_type_an(int t);
/* Structural equality (lists, sets, strings, positions as multisets are NOT normalised here). */
int val_equal(const Value *a, const Value *b);
/* Append a readable rendering (parses back for integers, lists, sets, strings). */
void val_print(StrBuf *b, const Value *v);
#endif
