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
static inline Value val_bool(int b) { Value v = { .t = VT_BOOL }; v.u.i = b != 0; return v; }
const char *val_type_name(int t);
/* The type name with its article: "an integer", "a list". */
const char *val_type_an(int t);
/* Structural equality (lists, sets, strings, positions as multisets are NOT normalised here). */
int val_equal(const Value *a, const Value *b);
/* Append a readable rendering (parses back for integers, lists, sets, strings). */
void val_print(StrBuf *b, const Value *v);
#endif
