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
} SolvePeriod;

/* z[p] = the number of n, counting down from L - 1 - p, with v[n + p] == v[n]; so the smallest
   preperiod for period p is L - p - z[p]. The caller frees the array. */
uint32_t *period_zback(const uint32_t *v, size_t L);
/* A period seen in g[0..L) (with a saltus): repeated at least three times, over at least the
   second half of the values (a repetition only at the end is no evidence). */
bool period_observed(const uint32_t *g, size_t L, SolvePeriod *out);
#endif
