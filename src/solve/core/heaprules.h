/* heaprules.h: one-heap games in take-and-break form: for each removal i, which results are
   allowed (octal digit bits), read off a ruleset's syntax tree for one instance of its fixed
   parameters, or from an octal code. The sequence strategy (seq.c) computes their SG values. */
#ifndef GRUNDY_HEAPRULES_H
#define GRUNDY_HEAPRULES_H
#include "program.h"

/* Digit bits (docs/theory.md section 4): remove i tokens and leave nothing (1), one non-empty heap
   (2), two non-empty heaps (4). HR_UNEQUAL: the two heaps must differ (Grundy's game). */
enum { HR_NONE = 1, HR_ONE = 2, HR_TWO = 4, HR_UNEQUAL = 8 };
#define HR_MAX_T ((size_t)1 << 20)

/* One rule as written: the removals its binder yields, in order, with their digit bits (an
   unbounded rule: every removal from inf_from on). Values need only the merged digits; listing
   winning moves in the rules' order needs these. */
typedef struct HrRule {
    size_t *rem;
    uint8_t *bits;
    size_t n, cap;
    size_t inf_from;     /* > 0: unbounded, with inf_bits */
    uint8_t inf_bits;
    bool one_last;       /* the one-heap result comes after the splits (a in 1..r: a = r leaves one heap) */
    bool swapped;        /* the split is written G(r - a) + G(a) */
} HrRule;

typedef struct HeapRules {
    size_t t;            /* the largest removal with a non-zero digit (finite part) */
    uint8_t *digit;      /* digit[0..t]; digit[0] may only hold HR_TWO (| HR_UNEQUAL): split without removal */
    size_t inf_from;     /* 0, or every removal >= inf_from allows inf_bits (merged into digit[] up to t,
                            read from inf_bits beyond t) */
    uint8_t inf_bits;
    size_t *rem;         /* the removals 1..t with a non-zero digit, increasing (sparse sets stay fast) */
    size_t nrem;
    HrRule *rules;       /* the rules in the order written */
    size_t nrules;
    const char *kind;    /* "subtraction" (no splits, finite), "octal" (finite), or "heap" (other) */
    bool recognised;     /* read off a user's ruleset (not a standard-library name) */
} HeapRules;

/* Read the rules of the instance key, whose coordinate is argument coord (an integer): true and
   *hr filled when every move is a take or a take-and-split of the heap in a recognised form. */
bool heaprules_read(Program *p, const int64_t *key, int coord, HeapRules *hr);
/* From an octal code such as "0.77" or "4.07"; false when it is not one. */
bool heaprules_octal(const char *code, size_t len, HeapRules *hr);
void heaprules_fini(HeapRules *hr);
/* Whether the heap of n has a move. */
bool heaprules_has_move(const HeapRules *hr, uint64_t n);
/* The code as text ("0.137", or a description when it is not finite). */
void heaprules_describe(const HeapRules *hr, StrBuf *b);
#endif
