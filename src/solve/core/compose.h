/* compose.h: game values and play modes. A solved component has a value (an SG value, or only
   an outcome, and room for the values later modes need); a play mode says how the values of a
   position's components combine into the position's outcome and value, and what value a
   component must reach for a winning move. The disjunctive sum of normal play is the first
   mode; misère play, Every-SG and the other compounds are further entries of this kind. */
#ifndef GRUNDY_COMPOSE_H
#define GRUNDY_COMPOSE_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "program.h"

/* ORDER GV */
typedef enum GvKind {
    GV_SG,          /* n: the Sprague-Grundy value */
    GV_OUTCOME,     /* only the outcome is known (a form that decides P/N) */
    GV_DRAW,        /* neither player can force a win (games with cycles) */
    GV_LOOPY,       /* a generalized SG value: n, or infinite with the finite set K (loopy games) */
    GV_REMOTENESS,  /* n: moves to the end under best play (Every-SG, suspense) */
    GV_SCORE        /* score: the best score difference for the player to move (scoring games) */
} GvKind;

typedef struct GameValue {
    uint8_t kind;   /* GvKind */
    char outcome;   /* 'P', 'N' or 'D' */
    uint64_t n;     /* SG value; GV_LOOPY: the finite value (infinite: the XOR of a sum's finite parts) */
    const int64_t *big;   /* beyond 64 bits: the words of an interned record (GV_SG: n, nimber.h; GV_SCORE: score, score.h) */
    int64_t score;  /* GV_SCORE: the score (beyond 64 bits: big, score.h); GV_LOOPY finite: the
                       counter of the labelling (defence) */
    /* GV_LOOPY infinite: the set K of ∞(K): an interned record of uint64 words, the count first,
       then the values increasing (loopy.h); NULL when the value is finite */
    const uint64_t *kset;
} GameValue;

static inline GameValue gv_sg(uint64_t n) { return (GameValue){ .kind = GV_SG, .outcome = n ? 'N' : 'P', .n = n }; }
static inline GameValue gv_outcome(char o) { return (GameValue){ .kind = GV_OUTCOME, .outcome = o }; }
/* Whether v is a finite number a sum can XOR (an SG value, or a finite loopy value). */
static inline bool gv_finite(const GameValue *v) { return (v->kind == GV_SG || v->kind == GV_LOOPY) && !v->kset; }
/* The outcome of ∞(K): N when 0 is in K (a move to a P-position), else D. */
static inline char gv_inf_outcome(const uint64_t *kset) { return kset[0] && kset[1] == 0 ? 'N' : 'D'; }

typedef struct Compose {
    const char *name;
    /* The value of a position whose (non-terminal) components have the values v[0..n), count[i]
       copies of each (count NULL: one each; p interns values beyond 64 bits). */
    GameValue (*combine)(Program *p, const GameValue *v, const uint64_t *count, size_t n);
    /* With the position at total, whether a move in one of the count copies of a component now
       at comp can win, and the value that copy must then have (*want). */
    bool (*target)(Program *p, const GameValue *total, const GameValue *comp, uint64_t count, GameValue *want);
    /* Whether a component that moved to got meets want. */
    bool (*meets)(const GameValue *got, const GameValue *want);
} Compose;

/* Normal play: SG values XOR (Sprague-Grundy); a lone component may be known by its outcome. */
extern const Compose compose_sum;
#endif
