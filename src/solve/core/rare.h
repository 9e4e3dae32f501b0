/* rare.h: the rare-value method for splitting heap games (docs/theory.md section 4): values whose
   popcount under a mask is even are "rare"; a common option value needs a rare part, so the
   splits through the few heaps with rare values find every common option value, and the full
   scan of splits runs only until the missing rare values below that are seen. */
#ifndef GRUNDY_RARE_H
#define GRUNDY_RARE_H
#include "solve/core/heaprules.h"
#include <stddef.h>
#include <stdint.h>

#define RARE_MAP 512   /* above any value a table of values below 256 can have (a mex of them) */

typedef struct Rare {
    uint32_t mask;          /* 0: not set up yet */
    uint32_t *rp;           /* heap sizes >= 1 with rare values, increasing */
    uint8_t *rg;            /* their values, while every value is below 256 */
    int32_t *rn;            /* ... and their sizes negated (offsets back from a heap) */
    size_t nrp, caprp, caprg, caprn;
    size_t next_rebuild;    /* n at which the mask is chosen again */
    uint32_t bits;          /* bit length of the largest value when the mask was chosen */
    uint8_t gen;            /* the mark of this heap's option values in map (1..255; 0 marks nothing) */
    uint8_t map[RARE_MAP];   /* option values seen (marked gen), values below 256 */
    /* the work so far, in units of about a third of a nanosecond (the sequence strategy's measure
       of a period search): a rare heap marked 1, a block of 64 byte splits 8, a split of the
       32-bit scan 4 */
    uint64_t work;
} Rare;

/* The table the method reads: bytes while every value is below 256 (g8), else 32-bit values
   (g32); exactly one is set. */
typedef struct RareTable { const uint8_t *g8; const uint32_t *g32; } RareTable;

/* Whether the method applies to these rules (two-heap splits, none among infinitely many removals). */
bool rare_applies(const HeapRules *hr);
/* G(n) from G(0..n-1) in g; seen holds the values of the options that are not splits (words
   64-bit words, covering every value below 2^bits of the largest value so far, maxv; bytes in
   g8 exactly when maxv < 256). */
uint32_t rare_value(Rare *r, const HeapRules *hr, RareTable g, size_t n, uint64_t *seen, size_t words, uint32_t maxv);
void rare_fini(Rare *r);
#endif
