/* brute_list.h: the moves of the standard library's games, written in C from their rules as a
   person states them (docs/language.md and the comments of the stdlib .game files), for the duels of
   listed moves (duel_listing.c). Nothing here uses the engine: a position comes in as the text
   grundy prints, parsed into BrVal arguments, and every move goes out as the text of the
   position after it. The driver values positions by plain recursion over these moves. */
#ifndef GRUNDY_BRUTE_LIST_H
#define GRUNDY_BRUTE_LIST_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A growing string (malloc'd; s is "" when empty, never NULL after br_init). */
typedef struct BrBuf { char *s; size_t len, cap; } BrBuf;
void br_init(BrBuf *b);
void br_free(BrBuf *b);
void br_clear(BrBuf *b);
void br_printf(BrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* An argument of a position as grundy prints it: an integer, a string ("0.77", "HTTH": the
   characters without the quotes), a list [a, b] or a set {a, b} of such values. */
typedef enum BrKind { BR_INT, BR_STR, BR_LIST, BR_SET } BrKind;
typedef struct BrVal {
    BrKind kind;
    long long i;            /* BR_INT */
    const char *s;          /* BR_STR (NUL-terminated) */
    const struct BrVal *v;  /* BR_LIST, BR_SET: the elements (a set's increasing, no repeats) */
    int n;                  /* BR_LIST, BR_SET: how many; BR_STR: the length */
} BrVal;
/* Append v as grundy writes it: 3, "HT", [1, 2], {1, 3, 4}. */
void br_put_val(BrBuf *b, const BrVal *v);

/* Where a game's moves go, one call per move: the rule's label (NULL: an unnamed rule), the
   binder values as a JSON object ("{\"k\":2}", "{\"k\":1,\"a\":0}"; "{}" without binders), and
   the position after the move written as grundy writes positions: "Name(args)", a sum
   "Kayles(1) + Kayles(3)", copies "2 * Kayles(2)", or "0" when nothing is left. Terminal
   components may be written or left out. The strings are copied by the callee. */
typedef void (*BrEmit)(void *ctx, const char *label, const char *args_json, const char *result);

/* Where a game's moves are written before they go to emit: the binder JSON and the result text
   of one move at a time (br_out_send sends them and empties both). */
typedef struct BrOut { BrEmit emit; void *ctx; BrBuf args, res; } BrOut;
void br_out_init(BrOut *o, BrEmit emit, void *ctx);
void br_out_clear(BrOut *o);
void br_out_send(BrOut *o, const char *label);
void br_out_done(BrOut *o);

/* One game of the standard library (a game, not a def: the positions grundy prints). */
typedef struct BrGame {
    const char *name;   /* as grundy prints it: "Wythoff", "Octal", "ChompRows", "RingCoinAt" */
    /* The canonical text of the position name(args) into out: one text for all the ways of
       writing the same position (Wythoff(4, 2) and Wythoff(2, 4) are one position; Staircase's
       ground count does not matter), in the form "Name(a, b)". false when args are not a
       position of the game (their number or kinds). */
    bool (*canon)(const BrVal *args, int nargs, BrBuf *out);
    /* Every move of the position (given canonical), each once in the way the rules enumerate
       them: a rule option is one move, even when two options reach the same position. */
    void (*moves)(const BrVal *args, int nargs, BrEmit emit, void *ctx);
    /* A random position for the duels, written as a user would write it (any text canon
       accepts), small enough that everything reachable from it is a few thousand positions at
       most: size picks how big, 0 (tiny) to 3 (the largest the game affords). */
    void (*random)(uint64_t *seed, int size, BrBuf *out);
} BrGame;

/* The families (brute_list_heap.c, brute_list_rows.c, brute_list_coins.c), each ended by an entry
   with name NULL. */
extern const BrGame brute_heap_games[];
extern const BrGame brute_rows_games[];
extern const BrGame brute_coin_games[];

/* splitmix64 step and a uniform integer in lo..hi (the duels' only randomness). */
uint64_t br_rand(uint64_t *seed);
int br_range(uint64_t *seed, int lo, int hi);
#endif
