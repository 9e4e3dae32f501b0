/* period.c: finding periods in a sequence of values: the Z-function of the sequence read
   backwards gives, for every period p at once, the smallest preperiod (linear time). */
#include "config.h"
#include "solve/core/period.h"
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
ZBACK(period_zback8, uint8_t)
static ZBACK(zback_i64, int64_t)

/* x * y mod 2^61 - 1 (both below it). */
static inline uint64_t mulmod61(uint64_t x, uint64_t y)
{
    unsigned __int128 t = (unsigned __int128)x * y;
    uint64_t lo = (uint64_t)t & PERIOD_M61, hi = (uint64_t)(t >> 61);
    uint64_t r = lo + hi;
    return r >= PERIOD_M61 ? r - PERIOD_M61 : r;
}

/* The shift search of period_octal (see period.h), for one element type: v[j] == v[j + p] for j
   in [L - p - M, L - p) means the last M values repeat p earlier. The windows
   v[L - p - M .. L - p) are hashed as sum v[L - p - M + i] * B^i mod 2^61 - 1, each from the one
   before in O(1); an equal hash is checked value by value. */
#define SHIFT_SEARCH(name, T) \
    static uint64_t name(const T *v, size_t L, size_t M, size_t from) \
    { \
        if (M == 0 || M >= L || from > L - M) return 0; \
        const uint64_t B = 0x5bd1e9955bd1e995ull % PERIOD_M61; \
        uint64_t bm = 1, want = 0, h = 0;   /* bm = B^(M - 1) */ \
        for (size_t i = M; i-- > 0;) { \
            want = (mulmod61(want, B) + v[L - M + i] + 1) % PERIOD_M61; \
            h = (mulmod61(h, B) + v[L - from - M + i] + 1) % PERIOD_M61; \
            if (i) bm = mulmod61(bm, B); \
        } \
        for (size_t p = from;; p++) { \
            if (h == want) { \
                size_t i = 0; \
                while (i < M && v[L - p - M + i] == v[L - M + i]) i++; \
                if (i == M) return p; \
            } \
            if (p + 1 > L - M) return 0; \
            /* drop v[L - p - 1] (weight B^(M - 1)), shift up, add v[L - p - 1 - M] at weight 1 */ \
            uint64_t d = mulmod61((uint64_t)v[L - p - 1] + 1, bm); \
            h = h >= d ? h - d : h + PERIOD_M61 - d; \
            h = (mulmod61(h, B) + v[L - p - 1 - M] + 1) % PERIOD_M61; \
        } \
    } \
    /* z(p): how many n, counting down from L - 1 - p, have v[n + p] == v[n], from a known lower bound. */ \
    static size_t name##_z(const T *v, size_t L, size_t p, size_t lb) \
    { \
        size_t z = lb; \
        while (z < L - p && v[L - 1 - p - z] == v[L - 1 - z]) z++; \
        return z; \
    }
SHIFT_SEARCH(shift8, uint8_t)
SHIFT_SEARCH(shift32, uint32_t)

/* period_octal for one element type. */
#define OCTAL_PROVEN(name, T, shift) \
    bool name(const T *v, size_t L, size_t t, uint64_t *e, uint64_t *p, uint64_t *need) \
    { \
        *need = 0; \
        size_t M = (L + t + 1) / 2;   /* 2 z(p) >= L + t: the theorem's condition with e >= 1 */ \
        uint64_t p0 = L >= 2 ? shift(v, L, M, 1) : 0; \
        if (p0) { \
            size_t z0 = shift##_z(v, L, p0, M); \
            /* every shift the last M values repeat at is a multiple of p0 (Fine and Wilf: M >= L / 2) */ \
            for (uint64_t q = p0; q + M <= L; q += p0) { \
                size_t lb = q == p0 ? z0 : z0 > q - p0 ? z0 - (q - p0) : 0; \
                size_t z = q == p0 ? z0 : shift##_z(v, L, q, lb); \
                uint64_t ee = L - q - z, e1 = ee ? ee : 1; \
                if (2 * q <= L && L >= 2 * e1 + 2 * q + t) { \
                    *e = ee; \
                    *p = q; \
                    return true; \
                } \
            } \
        } \
        /* not proven: the smallest shift the last eighth repeats at, and the table it needs */ \
        size_t Mc = L / 8 > 12 ? L / 8 : 12; \
        uint64_t pc = L >= 2 * Mc ? shift(v, L, Mc, 1) : 0; \
        if (pc) { \
            size_t z = shift##_z(v, L, pc, Mc); \
            uint64_t ee = L - pc - z; \
            *need = 2 * (ee ? ee : 1) + 2 * pc + t; \
        } \
        return false; \
    }
OCTAL_PROVEN(period_octal8, uint8_t, shift8)
OCTAL_PROVEN(period_octal32, uint32_t, shift32)

/* A period seen in G(0..L) (with a saltus): repeated at least three times, over at least the
   second half of the values (a repetition only at the end is no evidence). */
#define OBSERVED(name, T) \
    bool name(const T *g, size_t L, SolvePeriod *out) \
    { \
        /* G(n + p) - G(n) is constant from e on iff the differences D(n) = G(n + 1) - G(n) have \
           period p from e on */ \
        if (L < 2) return false; \
        int64_t *d = xmalloc((L - 1) * sizeof *d); \
        for (size_t n = 0; n + 1 < L; n++) d[n] = (int64_t)g[n + 1] - (int64_t)g[n]; \
        uint32_t *z = zback_i64(d, L - 1); \
        bool found = false; \
        for (size_t p = 1; 3 * p < L && !found; p++) { \
            uint64_t e = L - 1 - p - z[p]; \
            int64_t s = (int64_t)g[L - 1] - (int64_t)g[L - 1 - p]; \
            if (L - e >= 3 * p && 2 * (L - e) >= L && L - e >= 12) { \
                *out = (SolvePeriod){ .found = true, .e = e, .p = p, .s = s, .checked = L }; \
                found = true; \
            } \
        } \
        xfree(z); \
        xfree(d); \
        return found; \
    }
OBSERVED(period_observed, uint32_t)
OBSERVED(period_observed8, uint8_t)
