/* period.c: finding periods in a sequence of values: the Z-function of the sequence read
   backwards gives, for every period p at once, the smallest preperiod (linear time). */
#include "config.h"
#include "solve/period.h"
#include "util.h"
#include <stdlib.h>

/* The Z-function of a sequence read backwards, R[k] = v[L - 1 - k]: z[p] is the number of n
   (counting down from L - 1 - p) with v[n + p] == v[n], so the smallest preperiod for period p is
   L - p - z[p]. Linear time: long runs of equal values (Subtract(n, {10^6})) cost nothing extra. */
#define ZBACK(name, T) \
    uint32_t *name(const T *v, size_t L) \
    { \
        uint32_t *z = xcalloc(L ? L : 1, sizeof *z); \
        size_t l = 0, r = 0; \
        if (L) z[0] = (uint32_t)L; \
        for (size_t i = 1; i < L; i++) { \
            size_t k = 0; \
            if (i < r) k = z[i - l] < r - i ? z[i - l] : r - i; \
            while (i + k < L && v[L - 1 - k] == v[L - 1 - i - k]) k++; \
            z[i] = (uint32_t)k; \
            if (i + k > r) { l = i; r = i + k; } \
        } \
        return z; \
    }
ZBACK(period_zback, uint32_t)
static ZBACK(zback_i64, int64_t)

/* A period seen in G(0..L) (with a saltus): repeated at least three times, over at least the
   second half of the values (a repetition only at the end is no evidence). */
bool period_observed(const uint32_t *g, size_t L, SolvePeriod *out)
{
    /* G(n + p) - G(n) is constant from e on iff the differences D(n) = G(n + 1) - G(n) have
       period p from e on */
    if (L < 2) return false;
    int64_t *d = xmalloc((L - 1) * sizeof *d);
    for (size_t n = 0; n + 1 < L; n++) d[n] = (int64_t)g[n + 1] - (int64_t)g[n];
    uint32_t *z = zback_i64(d, L - 1);
    bool found = false;
    for (size_t p = 1; 3 * p < L && !found; p++) {
        uint64_t e = L - 1 - p - z[p];
        int64_t s = (int64_t)g[L - 1] - (int64_t)g[L - 1 - p];
        if (L - e >= 3 * p && 2 * (L - e) >= L && L - e >= 12) {
            *out = (SolvePeriod){ .found = true, .e = e, .p = p, .s = s, .checked = L };
            found = true;
        }
    }
    free(z);
    free(d);
    return found;
}

