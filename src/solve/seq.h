/* seq.h: the sequence strategy: one-heap take-and-break games (heaprules.h) computed bottom-up
   as a dense table G(0..L) with a bitset mex, and periods: found, proven by the subtraction
   window or the octal periodicity theorem (docs/theory.md section 4), and used to answer any n. */
#ifndef GRUNDY_SEQ_H
#define GRUNDY_SEQ_H
#include "pos.h"

typedef struct SeqPeriod {
    bool found;
    uint64_t e, p;      /* preperiod and period */
    int64_t s;          /* saltus: G(n + p) = G(n) + s for n >= e */
    bool proven;
    const char *proof;  /* "subtraction window", "octal periodicity theorem", or NULL */
    uint64_t checked;   /* values computed: G(0 .. checked - 1) */
} SeqPeriod;

bool seq_applies(Engine *e, const int64_t *key);
bool seq_solve(Engine *e, uint32_t id, Loc loc, bool need_sg);
/* Strategy name of a state solved by the sequence strategy (how - SOLVED_SEQ). */
const char *seq_how_name(uint32_t variant);
/* The period statement: the positions key0 (n = 0) and key1 (n = 1) of the family. Values are
   computed up to bound (0: a default), by the table when the rules are recognised, else by the
   other strategies one n at a time. */
void seq_period(Program *p, const int64_t *key0, const int64_t *key1, uint64_t bound, Loc loc, SeqPeriod *out,
                const char **method);
void seq_free_all(Engine *e);
/* Heaps from this size on get their winning moves from the digits (seq_moves), not the rules. */
#define SEQ_ENUM_RULES ((uint64_t)1 << 16)
#define SEQ_SCAN_SPLITS ((uint64_t)1 << 18)
bool seq_big_heap(Program *p, const int64_t *key);
/* A line on how key's value was found: the rules' code and the period with its proof. */
void seq_explain(Program *p, const int64_t *key, StrBuf *b);
/* Options of key (a solved heap) with value target, by removal, then by split; false when the
   list was cut (more than SEQ_SCAN_SPLITS candidates). */
bool seq_moves(Program *p, const int64_t *key, uint64_t target, VmYield cb, void *ctx);
#endif
