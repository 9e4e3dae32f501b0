/* rare.c: the rare-value method (see rare.h). Correct for any mask; the mask (chosen by a
   Walsh-Hadamard transform of the value counts, as in docs/theory.md) only makes it fast. */
#include "config.h"
#include "solve/rare.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

bool rare_applies(const HeapRules *hr)
{
    bool split = hr->digit && (hr->digit[0] & HR_TWO);
    for (size_t j = 0; j < hr->nrem; j++)
        if (hr->digit[hr->rem[j]] & HR_TWO) split = true;
    return split && !(hr->inf_from && (hr->inf_bits & HR_TWO));
}

static inline bool is_rare(uint32_t mask, uint32_t v) { return !(__builtin_popcount(v & mask) & 1); }
static inline bool has(const uint64_t *s, uint32_t v) { return (s[v >> 6] >> (v & 63)) & 1; }
static inline void put(uint64_t *s, uint32_t v) { s[v >> 6] |= (uint64_t)1 << (v & 63); }

static uint32_t bitlen(uint32_t v)
{
    uint32_t b = 1;
    while (b < 32 && ((uint32_t)1 << b) <= v) b++;
    return b;
}

/* Choose the mask with the fewest rare heaps among G(1..n-1), and list those heaps. */
static void rebuild(Rare *r, const uint32_t *g, size_t n, uint32_t maxv)
{
    uint32_t b = bitlen(maxv);
    size_t size = (size_t)1 << b;
    int64_t *w = xcalloc(size, sizeof *w);
    for (size_t a = 1; a < n; a++) w[g[a]]++;
    for (size_t h = 1; h < size; h *= 2)   /* W(m) = sum_v cnt[v] (-1)^popcount(v & m) */
        for (size_t i = 0; i < size; i += 2 * h)
            for (size_t j = i; j < i + h; j++) {
                int64_t x = w[j], y = w[j + h];
                w[j] = x + y;
                w[j + h] = x - y;
            }
    uint32_t best = 1;
    for (size_t m = 2; m < size; m++)
        if (w[m] < w[best]) best = (uint32_t)m;
    free(w);
    r->mask = best;
    r->bits = b;
    r->nrp = 0;
    for (size_t a = 1; a < n; a++)
        if (is_rare(best, g[a])) VEC_PUSH(r->rp, r->nrp, r->caprp, (uint32_t)a);
    r->next_rebuild = 2 * n;
}

typedef struct Src { size_t r; bool unequal; } Src;

/* rare_value for values below 256: the option values marked in a byte map (a plain store per
   split, no read-modify-write chain through a bitset), the rare values still missing in a short
   list checked after each block of 64 splits (a few splits marked past the last one needed are
   options all the same). Steps as in rare_value. */
#define SMALL_MAP 512   /* above any value a table of values below 256 can have (a mex of them) */
static uint32_t small_value(Rare *r, const uint32_t *g, size_t n, const Src *src, size_t ns, const uint64_t *seen,
                            size_t words)
{
    uint8_t m[SMALL_MAP + 1];   /* m[SMALL_MAP]: where the excluded equal split writes */
    memset(m, 0, sizeof m);
    for (size_t q = 0; q < words && q < SMALL_MAP / 64; q++)   /* the options that are no splits */
        for (uint64_t b = seen[q]; b; b &= b - 1) m[q * 64 + (size_t)__builtin_ctzll(b)] = 1;
    /* 1: every split with a rare part */
    for (size_t k = 0; k < ns; k++) {
        size_t rk = src[k].r, skip = src[k].unequal && rk % 2 == 0 ? rk / 2 : 0;
        for (size_t i = 0; i < r->nrp && r->rp[i] < rk; i++) {
            size_t a = r->rp[i];
            m[a == skip ? SMALL_MAP : g[a] ^ g[rk - a]] = 1;
        }
    }
    /* 2: the smallest common value not seen */
    uint32_t limit = (uint32_t)(words * 64 < SMALL_MAP ? words * 64 : SMALL_MAP), c = 0;
    while (c < limit && (is_rare(r->mask, c) || m[c])) c++;
    /* 3: the rare values below it still missing */
    uint32_t miss[SMALL_MAP];
    size_t nmiss = 0;
    for (uint32_t v = 0; v < c; v++)
        if (is_rare(r->mask, v) && !m[v]) miss[nmiss++] = v;
    /* 4: every split, a block at a time, until they are all seen */
    for (size_t k = 0; k < ns && nmiss; k++) {
        size_t rk = src[k].r, half = src[k].unequal ? (rk - 1) / 2 : rk / 2;
        for (size_t a = 1; a <= half && nmiss;) {
            size_t end = half - a < 63 ? half : a + 63;
            for (; a <= end; a++) m[g[a] ^ g[rk - a]] = 1;
            size_t kept = 0;
            for (size_t i = 0; i < nmiss; i++)
                if (!m[miss[i]]) miss[kept++] = miss[i];
            nmiss = kept;
        }
    }
    if (!nmiss) return c;
    /* 5: the smallest missing rare value (miss is increasing), and this heap is rare */
    VEC_PUSH(r->rp, r->nrp, r->caprp, (uint32_t)n);
    return miss[0];
}

uint32_t rare_value(Rare *r, const HeapRules *hr, const uint32_t *g, size_t n, uint64_t *seen, size_t words, uint32_t maxv)
{
    if (!r->mask || n >= r->next_rebuild || bitlen(maxv) != r->bits) rebuild(r, g, n, maxv);
    /* the splits of this heap: without removal (a leading 4), and after each removal with bit 4 */
    Src src[64];
    size_t ns = 0;
    if (hr->digit[0] & HR_TWO) src[ns++] = (Src){ n, (hr->digit[0] & HR_UNEQUAL) != 0 };
    for (size_t j = 0; j < hr->nrem && hr->rem[j] + 2 <= n; j++) {
        uint8_t d = hr->digit[hr->rem[j]];
        if (!(d & HR_TWO)) continue;
        if (ns == 64) return UINT32_MAX;   /* too many splitting digits: the caller scans naively */
        src[ns++] = (Src){ n - hr->rem[j], (d & HR_UNEQUAL) != 0 };
    }
    if (r->bits <= 8) return small_value(r, g, n, src, ns, seen, words);
    /* 1: every split with a rare part */
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < r->nrp && r->rp[i] < src[k].r; i++) {
            size_t a = r->rp[i], b = src[k].r - a;
            if (src[k].unequal && a == b) continue;
            put(seen, g[a] ^ g[b]);
        }
    /* 2: the smallest common value not seen is exact: a common value needs a rare part */
    uint32_t limit = (uint32_t)(words * 64), c = 0;
    while (c < limit && (is_rare(r->mask, c) || has(seen, c))) c++;
    /* 3: rare values below c still missing */
    uint32_t missing = 0;
    for (uint32_t v = 0; v < c; v++)
        if (is_rare(r->mask, v) && !has(seen, v)) missing++;
    /* 4: scan every split until they are all seen */
    for (size_t k = 0; k < ns && missing; k++) {
        size_t half = src[k].unequal ? (src[k].r - 1) / 2 : src[k].r / 2;
        for (size_t a = 1; a <= half && missing; a++) {
            uint32_t v = g[a] ^ g[src[k].r - a];
            if (v < c && !has(seen, v)) {
                put(seen, v);
                if (is_rare(r->mask, v)) missing--;
            }
        }
    }
    uint32_t val = c;
    if (missing) {   /* 5: the smallest missing rare value, and this heap is rare */
        val = 0;
        while (!is_rare(r->mask, val) || has(seen, val)) val++;
        VEC_PUSH(r->rp, r->nrp, r->caprp, (uint32_t)n);
    }
    return val;
}

void rare_fini(Rare *r)
{
    free(r->rp);
    memset(r, 0, sizeof *r);
}
