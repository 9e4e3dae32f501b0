/* period.h: periods in sequences of values (see period.c). */
#ifndef GRUNDY_PERIOD_H
#define GRUNDY_PERIOD_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* What a period search found (the period statement). */
typedef struct SolvePeriod {
    bool found;
    uint64_t e, p;          /* preperiod and period */
    int64_t s;              /* saltus: G(n + p) = G(n) + s for n >= e */
    bool proven;
    const char *proof;      /* the certificate ("subtraction window", ...), or NULL */
    uint64_t checked;       /* values computed: G(0 .. checked - 1) */
    const char *method;     /* how they were computed ("sequence (recognised)", "search") */
    /* a search without a range that ended without a proof: why it stopped there (the default work
       of such a search, or the largest table it builds); PERIOD_RAN otherwise */
    enum { PERIOD_RAN, PERIOD_STOP_WORK, PERIOD_STOP_TABLE, PERIOD_STOP_LIMIT } stopped;   /* LIMIT: the table
                               has the most values --max-states allows */
    uint64_t work_limit;    /* PERIOD_STOP_WORK: the steps of work it had (--max-steps) */
} SolvePeriod;

/* z[p] = the number of n, counting down from L - 1 - p, with v[n + p] == v[n]; so the smallest
   preperiod for period p is L - p - z[p]. The caller frees the array. */
uint32_t *period_zback(const uint32_t *v, size_t L);
uint32_t *period_zback8(const uint8_t *v, size_t L);
/* The octal periodicity theorem's check of v[0..L) (t: the largest removal) in O(L) time and no
   memory beyond the table: true with the smallest period p (2p <= L) whose smallest preperiod e
   satisfies L >= 2 max(e, 1) + 2p + t, as a loop over period_zback would find it. Such a p
   needs the last ceil((L + t) / 2) values to repeat p earlier; the smallest shift where they do,
   p0, is found by rolling hashes, and every other is a multiple of p0 (Fine and Wilf). False
   otherwise, with *need: the table a candidate period seen over the last eighth would need to
   be proven (0: none seen). */
bool period_octal8(const uint8_t *v, size_t L, size_t t, uint64_t *e, uint64_t *p, uint64_t *need);
bool period_octal32(const uint32_t *v, size_t L, size_t t, uint64_t *e, uint64_t *p, uint64_t *need);
#define PERIOD_M61 (((uint64_t)1 << 61) - 1)
/* A period seen in g[0..L) (with a saltus): repeated at least three times, over at least the
   second half of the values (a repetition only at the end is no evidence). */
bool period_observed(const uint32_t *g, size_t L, SolvePeriod *out);
bool period_observed8(const uint8_t *g, size_t L, SolvePeriod *out);
#endif
