/* rulegen.h: random one-heap rulesets for the ruleset duel: a ruleset is generated as a list of
   rules (a removal domain, guards, a result shape), rendered as `.game` text, and evaluated by
   its own brute force, written from the rules as stated here and sharing no code with the engine. */
#ifndef GRUNDY_RULEGEN_H
#define GRUNDY_RULEGEN_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Where the removal k comes from. */
typedef enum RgDom {
    RG_RANGE,       /* k in lo..hi, hi per RgHi */
    RG_SET,         /* k in {..} (iterated in increasing order) */
    RG_LIST,        /* k in [..] (iterated as written, duplicates included) */
    RG_CONST,       /* k in C, a named constant set */
    RG_PARAM,       /* k in S, the ruleset's set parameter */
    RG_FIXED,       /* no binder: the removal is the constant fixed */
    RG_HALVE        /* no removal: n splits into `copies` equal heaps (c * R(n / c)) */
} RgDom;

typedef enum RgHi { RG_HI_CONST, RG_HI_N, RG_HI_NMINUS, RG_HI_MIN_CN, RG_HI_M, RG_HI_MIN_MN } RgHi;

typedef enum RgGuard {
    RG_K_LE_N, RG_N_GE_K, RG_R_GE, RG_R_GT, RG_K_LT_N1, RG_KC_LE_N, RG_2K_LE_N, RG_K_LE_HALF, RG_K_EQ_N,
    /* the safe ones above keep n - k >= 0 (RG_K_EQ_N: = 0) */
    RG_N_GE_C, RG_K_PAR, RG_N_PAR, RG_K_NE, RG_K_LE_M, RG_N_LE_C, RG_N_MOD3, RG_R_NE,
    RG__GUARDS
} RgGuard;

/* How a split binder a ranges, r = n - k being what is left to split. */
typedef enum RgSplit {
    RG_S_HALF1,     /* a in 1..r / 2 */
    RG_S_HALF0,     /* a in 0..r / 2 */
    RG_S_CEIL0,     /* a in 0..(r + 1) / 2 */
    RG_S_RM1,       /* a in 1..r - 1 */
    RG_S_R0,        /* a in 0..r */
    RG_S_R1,        /* a in 1..r */
    RG_S_UNEQ,      /* a in 1..(r - 1) / 2 */
    RG_S_LO2,       /* a in 2..r / 2 */
    RG_S_THIRD,     /* a in 1..r / 3 */
    RG__SPLITS
} RgSplit;

#define RG_MAX_RULES 5
#define RG_MAX_VALS 6
#define RG_MAX_GUARDS 3

typedef struct RgRule {
    RgDom dom;
    int lo, hi_c;           /* RG_RANGE: lo..hi; hi_c is the constant of RG_HI_CONST / NMINUS / MIN_CN */
    RgHi hi;
    int vals[RG_MAX_VALS], nvals;   /* RG_SET / RG_LIST / RG_CONST values (as written) */
    int fixed;              /* RG_FIXED removal; RG_HALVE copies */
    RgGuard g[RG_MAX_GUARDS];
    int gc[RG_MAX_GUARDS];
    int ng;
    bool guards_joined;     /* "when g1 and g2" instead of "when g1 when g2" */
    int parts;              /* 0 (=> 0), 1 (R(r)), 2 (R(a) + R(r - a)), 3 (R(a) + R(b) + R(r - a - b)) */
    RgSplit split;
    bool swapped;           /* parts written R(r - a) + R(a) */
    bool use_let;           /* parts 1: let r = n - k when r >= 0 => R(r) */
    int affine;             /* how n - k is written: 0 "n - k", 1 "-k + n", 2 "n - k + 0", 3 "(n + 1) - (k + 1)" */
} RgRule;

typedef enum RgParam { RG_P_NONE, RG_P_INT, RG_P_SET } RgParam;

typedef struct Ruleset {
    char name[16];
    RgParam param;          /* a second, fixed parameter: m (an integer) or S (a set) */
    int m;                  /* the value the instances use */
    int S[RG_MAX_VALS], nS; /* the set the instances use (sorted, distinct) */
    int cvals[RG_MAX_VALS], ncvals; bool cset;   /* the named constant (a set, or a list) */
    RgRule r[RG_MAX_RULES];
    int nrules;
    bool has_splits;
} Ruleset;

typedef struct RgRng { uint64_t s; } RgRng;
uint64_t rg_next(RgRng *g);
int rg_int(RgRng *g, int lo, int hi);

/* A random valid ruleset (acyclic, never a negative heap) named R<id>. */
void rg_generate(RgRng *g, int id, Ruleset *rs);
/* The declarations (a const when used, then the game) appended to *buf. */
void rg_render(const Ruleset *rs, char **buf, size_t *len, size_t *cap);
/* The instance R<id>(n) or R<id>(n, m) / R<id>(n, {..}) as text. */
int rg_pos(const Ruleset *rs, long long n, char *out, size_t cap);

/* Brute force: G[0..N] and whether each heap has a move. */
typedef struct RgValues { int N; uint32_t *g; bool *moves; } RgValues;
void rg_values(const Ruleset *rs, int N, RgValues *v);
void rg_values_free(RgValues *v);
/* Enumerate the moves of heap n in the rules' order: cb(parts, nparts, ctx) per move; cb returns
   true to stop. A huge n only for rules whose domains do not grow with n and without splits. */
typedef bool (*RgMoveCb)(const long long *parts, int nparts, void *ctx);
void rg_moves(const Ruleset *rs, long long n, RgMoveCb cb, void *ctx);
/* Whether every rule removes from a finite domain and leaves at most one heap. */
bool rg_finite_take(const Ruleset *rs);
#endif
