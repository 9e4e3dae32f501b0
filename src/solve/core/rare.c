/* rare.c: the rare-value method (see rare.h). Correct for any mask; the mask (chosen by a
   Walsh-Hadamard transform of the value counts, as in docs/theory.md) only makes it fast. */
#include "config.h"
#include "solve/core/rare.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>
#if defined(__SSE2__) && !defined(GRUNDY_NO_SIMD)
#include <emmintrin.h>
#endif

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

static inline uint32_t gval(RareTable g, size_t i) { return g.g8 ? g.g8[i] : g.g32[i]; }

/* Choose the mask with the fewest rare heaps among G(1..n-1), and list those heaps. */
static void rebuild(Rare *r, RareTable g, size_t n, uint32_t maxv)
{
    uint32_t b = bitlen(maxv);
    size_t size = (size_t)1 << b;
    int64_t *w = xcalloc(size, sizeof *w);
    if (g.g8) {
        for (size_t a = 1; a < n; a++) w[g.g8[a]]++;
    } else {
        for (size_t a = 1; a < n; a++) w[g.g32[a]]++;
    }
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
    xfree(w);
    r->mask = best;
    r->bits = b;
    r->nrp = 0;
    for (size_t a = 1; a < n; a++)
        if (is_rare(best, gval(g, a))) VEC_PUSH(r->rp, r->nrp, r->caprp, (uint32_t)a);
    if (g.g8) {
        util_grow((void **)&r->rg, &r->caprg, r->nrp, 1);
        util_grow((void **)&r->rn, &r->caprn, r->nrp, sizeof *r->rn);
        for (size_t i = 0; i < r->nrp; i++) {
            r->rg[i] = g.g8[r->rp[i]];
            r->rn[i] = -(int32_t)r->rp[i];
        }
    }
    r->next_rebuild = 2 * n;
}

typedef struct Src { size_t r; bool unequal; } Src;

/* A fresh mark for the map (the map is cleared once every 255 heaps). */
static uint8_t next_gen(Rare *r)
{
    if (++r->gen == 0) {
        memset(r->map, 0, sizeof r->map);
        r->gen = 1;
    }
    return r->gen;
}

/* Mark g(rp[i]) ^ g(rk - rp[i]) for i in [from, to): base = g8 + rk, rg[i] = g(rp[i]),
   rn[i] = -rp[i]. The hot loop of the method: two splits an iteration (its own function: all
   its pointers in registers). */
__attribute__((noinline)) static void mark_rare(uint8_t *restrict map, uint8_t gen, const int32_t *restrict rn,
                                               const uint8_t *restrict rg, const uint8_t *restrict base,
                                               size_t from, size_t to)
{
    size_t i = from;
    for (; i + 1 < to; i += 2) {
        map[rg[i] ^ base[rn[i]]] = gen;
        map[rg[i + 1] ^ base[rn[i + 1]]] = gen;
    }
    if (i < to) map[rg[i] ^ base[rn[i]]] = gen;
}

/* The same for two sources at once (b0 = g8 + rk0, b1 = g8 + rk1), i in [0, to). */
__attribute__((noinline)) static void mark_rare2(uint8_t *restrict map, uint8_t gen, const int32_t *restrict rn,
                                                const uint8_t *restrict rg, const uint8_t *restrict b0,
                                                const uint8_t *restrict b1, size_t to)
{
    for (size_t i = 0; i < to; i++) {
        int32_t o = rn[i];
        uint8_t x = rg[i];
        map[x ^ b0[o]] = gen;
        map[x ^ b1[o]] = gen;
    }
}

/* Which of the values miss[0..nmiss) are among g8[a + j] ^ g8[rk - a - j] for j < cnt (<= 64),
   as bits of *found; needs a + 63 < rk - a - 63 + 64 and rk - a >= 63 (whole blocks are read). */
#if defined(__SSE2__) && !defined(GRUNDY_NO_SIMD)
static inline __m128i rev_bytes(__m128i x)
{
    x = _mm_or_si128(_mm_slli_epi16(x, 8), _mm_srli_epi16(x, 8));
    x = _mm_shufflelo_epi16(x, _MM_SHUFFLE(0, 1, 2, 3));
    x = _mm_shufflehi_epi16(x, _MM_SHUFFLE(0, 1, 2, 3));
    return _mm_shuffle_epi32(x, _MM_SHUFFLE(1, 0, 3, 2));
}
#endif

/* Drop from miss[0..*nmiss) (kept in order) the values among the splits (a + j, rk - a - j),
   j < cnt <= 64, a block read whole: rk - a >= 63. */
static void block_drop(const uint8_t *g8, size_t a, size_t rk, size_t cnt, uint32_t *miss, size_t *nmiss)
{
    uint64_t valid = cnt >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << cnt) - 1;
#if defined(__SSE2__) && !defined(GRUNDY_NO_SIMD)
    __m128i x[4];
    for (int q = 0; q < 4; q++) {
        __m128i lo = _mm_loadu_si128((const __m128i *)(g8 + a + 16 * q));
        __m128i hi = _mm_loadu_si128((const __m128i *)(g8 + rk - a - 16 * q - 15));
        x[q] = _mm_xor_si128(lo, rev_bytes(hi));
    }
    size_t kept = 0;
    for (size_t i = 0; i < *nmiss; i++) {
        __m128i v = _mm_set1_epi8((char)miss[i]);
        uint64_t hit = (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x[0], v)) |
                       (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x[1], v)) << 16 |
                       (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x[2], v)) << 32 |
                       (uint64_t)(uint32_t)_mm_movemask_epi8(_mm_cmpeq_epi8(x[3], v)) << 48;
        if (!(hit & valid) || miss[i] > 255) miss[kept++] = miss[i];   /* no split of bytes reaches 256 */
    }
#else
    uint8_t x[64];
    for (size_t j = 0; j < 64; j++) x[j] = g8[a + j] ^ g8[rk - a - j];
    size_t kept = 0;
    for (size_t i = 0; i < *nmiss; i++) {
        uint64_t hit = 0;
        for (size_t j = 0; j < 64; j++) hit |= (uint64_t)(x[j] == miss[i]) << j;   /* never true from 256 on */
        if (!(hit & valid)) miss[kept++] = miss[i];
    }
#endif
    *nmiss = kept;
}

/* rare_value for values below 256 (a byte table): the option values marked in a byte map, the
   rare values still missing checked a block of 64 splits at a time. Steps as in rare_value. */
static uint32_t small_value(Rare *r, const uint8_t *g8, size_t n, const Src *src, size_t ns, const uint64_t *seen,
                            size_t words)
{
    uint8_t gen = next_gen(r), *map = r->map;
    for (size_t q = 0; q < words && q < RARE_MAP / 64; q++)   /* the options that are no splits */
        for (uint64_t b = seen[q]; b; b &= b - 1) map[q * 64 + (size_t)__builtin_ctzll(b)] = gen;
    /* 1: every split with a rare part (the equal split excluded where the digit says unequal) */
    size_t cnt[64], skip[64];
    for (size_t k = 0; k < ns; k++) {
        size_t rk = src[k].r, c = r->nrp;
        while (c && r->rp[c - 1] >= rk) c--;
        cnt[k] = skip[k] = c;   /* skip: the index of rk / 2 among the rare heaps, when that split is excluded */
        if (src[k].unequal && rk % 2 == 0) {
            size_t lo = 0, hi = c;
            while (lo < hi) {
                size_t mid = (lo + hi) / 2;
                if (r->rp[mid] < rk / 2) lo = mid + 1;
                else hi = mid;
            }
            if (lo < c && r->rp[lo] == rk / 2) skip[k] = lo;
        }
    }
    for (size_t k = 0; k < ns; k++) r->work += cnt[k];
    for (size_t k = 0; k < ns; k++) {
        const uint8_t *base = g8 + src[k].r;
        if (k + 1 < ns && skip[k] == cnt[k] && skip[k + 1] == cnt[k + 1]) {   /* two sources, one pass */
            size_t both = cnt[k] < cnt[k + 1] ? cnt[k] : cnt[k + 1];
            mark_rare2(map, gen, r->rn, r->rg, base, g8 + src[k + 1].r, both);
            mark_rare(map, gen, r->rn, r->rg, base, both, cnt[k]);
            mark_rare(map, gen, r->rn, r->rg, g8 + src[k + 1].r, both, cnt[k + 1]);
            k++;
            continue;
        }
        mark_rare(map, gen, r->rn, r->rg, base, 0, skip[k]);
        if (skip[k] < cnt[k]) mark_rare(map, gen, r->rn, r->rg, base, skip[k] + 1, cnt[k]);
    }
    /* 2: the smallest common value not seen */
    uint32_t limit = (uint32_t)(words * 64 < RARE_MAP ? words * 64 : RARE_MAP), c = 0;
    while (c < limit && (is_rare(r->mask, c) || map[c] == gen)) c++;
    /* 3: the rare values below it still missing */
    uint32_t miss[RARE_MAP];
    size_t nmiss = 0;
    for (uint32_t v = 0; v < c; v++)
        if (is_rare(r->mask, v) && map[v] != gen) miss[nmiss++] = v;
    /* 4: every split, a block at a time, until they are all seen */
    for (size_t k = 0; k < ns && nmiss; k++) {
        size_t rk = src[k].r, half = src[k].unequal ? (rk - 1) / 2 : rk / 2;
        size_t a = 1;
        if (rk >= 256)   /* whole blocks can be read on both sides */
            for (; a <= half && nmiss; a += 64) {
                block_drop(g8, a, rk, half - a + 1, miss, &nmiss);
                r->work += 8;
            }
        for (; a <= half && nmiss; a++) {
            r->work += 4;
            uint8_t v = g8[a] ^ g8[rk - a];
            size_t kept = 0;
            for (size_t i = 0; i < nmiss; i++)
                if (miss[i] != v) miss[kept++] = miss[i];
            nmiss = kept;
        }
    }
    if (!nmiss) return c;
    /* 5: the smallest missing rare value (miss is increasing), and this heap is rare */
    VEC_PUSH(r->rp, r->nrp, r->caprp, (uint32_t)n);
    util_grow((void **)&r->rg, &r->caprg, r->nrp, 1);
    util_grow((void **)&r->rn, &r->caprn, r->nrp, sizeof *r->rn);
    r->rg[r->nrp - 1] = (uint8_t)miss[0];
    r->rn[r->nrp - 1] = -(int32_t)n;
    return miss[0];
}

uint32_t rare_value(Rare *r, const HeapRules *hr, RareTable gt, size_t n, uint64_t *seen, size_t words, uint32_t maxv)
{
    if (!r->mask || n >= r->next_rebuild || bitlen(maxv) != r->bits) rebuild(r, gt, n, maxv);
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
    if (gt.g8) return small_value(r, gt.g8, n, src, ns, seen, words);
    const uint32_t *g = gt.g32;
    /* 1: every split with a rare part */
    for (size_t k = 0; k < ns; k++)
        for (size_t i = 0; i < r->nrp && r->rp[i] < src[k].r; i++) {
            size_t a = r->rp[i], b = src[k].r - a;
            r->work += 4;
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
            r->work += 4;
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
    xfree(r->rp);
    xfree(r->rg);
    xfree(r->rn);
    memset(r, 0, sizeof *r);
}
