/* util.c: checked allocation, string buffers, edit distance and word hashing. */
#include "config.h"
#include "util.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <string.h>

_Noreturn void util_fatal(const char *fmt, ...)
{
    va_list ap;
    fputs("grundy: fatal: ", stderr);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    exit(4);
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) util_fatal("out of memory (%zu bytes)", n);
    return p;
}

void *xcalloc_big(size_t count, size_t size)
{
    void *p = xcalloc(count, size);
    const uintptr_t huge = (uintptr_t)2 << 20;
    size_t n = count * size;   /* xcalloc checked the product */
    uintptr_t a = ((uintptr_t)p + huge - 1) & ~(huge - 1), e = ((uintptr_t)p + n) & ~(huge - 1);
#ifdef MADV_HUGEPAGE
    if (e > a) madvise((void *)a, e - a, MADV_HUGEPAGE);   /* the aligned middle; advice only */
#else
    (void)a;
    (void)e;
#endif
    return p;
}

void *util_reserve(size_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) util_fatal("cannot reserve %zu bytes of address space", size);
    return p;
}

void util_unreserve(void *p, size_t size)
{
    if (p) munmap(p, size);
}

size_t util_utf8_len(const unsigned char *s, size_t n)
{
    unsigned c = s[0];
    size_t k = c >= 0xC2 && c <= 0xDF ? 2 : c >= 0xE0 && c <= 0xEF ? 3 : c >= 0xF0 && c <= 0xF4 ? 4 : 0;
    if (!k || k > n) return 0;
    unsigned lo = 0x80, hi = 0xBF;   /* the second byte's range */
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;
    if (s[1] < lo || s[1] > hi) return 0;
    for (size_t i = 2; i < k; i++)
        if (s[i] < 0x80 || s[i] > 0xBF) return 0;
    return k;
}

void *xcalloc(size_t count, size_t size)
{
    void *p = calloc(count ? count : 1, size ? size : 1);
    if (!p) util_fatal("out of memory (%zu x %zu bytes)", count, size);
    return p;
}

void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) util_fatal("out of memory (%zu bytes)", n);
    return q;
}

char *xstrndup(const char *s, size_t n)
{
    char *d = xmalloc(n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

char *xstrdup(const char *s) { return xstrndup(s, strlen(s)); }

void util_grow(void **pp, size_t *cap, size_t need, size_t elem)
{
    if (need <= *cap) return;
    size_t c = *cap ? *cap : 8;
    while (c < need) {
        if (c > SIZE_MAX / 2 / elem) util_fatal("array too large");
        c *= 2;
    }
    *pp = xrealloc(*pp, c * elem);
    *cap = c;
}

void sb_init(StrBuf *b) { b->s = NULL; b->len = b->cap = 0; }
void sb_fini(StrBuf *b) { free(b->s); sb_init(b); }

void sb_putn(StrBuf *b, const char *s, size_t n)
{
    util_grow((void **)&b->s, &b->cap, b->len + n + 1, 1);
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = 0;
}

void sb_reserve(StrBuf *b, size_t n)
{
    util_grow((void **)&b->s, &b->cap, b->len + n + 1, 1);
}

void sb_put_i64(StrBuf *b, int64_t v)
{
    char tmp[24];
    size_t i = sizeof tmp;
    uint64_t u = v < 0 ? 0 - (uint64_t)v : (uint64_t)v;
    do {
        tmp[--i] = (char)('0' + u % 10);
        u /= 10;
    } while (u);
    if (v < 0) tmp[--i] = '-';
    sb_putn(b, tmp + i, sizeof tmp - i);
}
void sb_puts(StrBuf *b, const char *s) { sb_putn(b, s, strlen(s)); }

void sb_printf(StrBuf *b, const char *fmt, ...)
{
    va_list ap;
    char tmp[256];
    va_start(ap, fmt);
    int n = vsnprintf(tmp, sizeof tmp, fmt, ap);
    va_end(ap);
    if (n < 0) return;
    if ((size_t)n < sizeof tmp) { sb_putn(b, tmp, (size_t)n); return; }
    char *big = xmalloc((size_t)n + 1);
    va_start(ap, fmt);
    vsnprintf(big, (size_t)n + 1, fmt, ap);
    va_end(ap);
    sb_putn(b, big, (size_t)n);
    free(big);
}

char *sb_take(StrBuf *b)
{
    char *s = b->s ? b->s : xstrdup("");
    sb_init(b);
    return s;
}

size_t util_edit_distance(const char *a, const char *b, size_t limit)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > lb + limit || lb > la + limit) return limit + 1;
    if (lb > 63) return limit + 1;
    size_t row[64], prev;
    for (size_t j = 0; j <= lb; j++) row[j] = j;
    for (size_t i = 1; i <= la; i++) {
        prev = row[0];
        row[0] = i;
        size_t best = row[0];
        for (size_t j = 1; j <= lb; j++) {
            size_t cur = row[j];
            size_t cost = (a[i - 1] == b[j - 1]) ? 0 : 1;
            size_t v = prev + cost;
            if (row[j] + 1 < v) v = row[j] + 1;
            if (row[j - 1] + 1 < v) v = row[j - 1] + 1;
            row[j] = v;
            prev = cur;
            if (v < best) best = v;
        }
        if (best > limit) return limit + 1;
    }
    return row[lb];
}

uint64_t util_hash_words(const int64_t *w, size_t n)
{
    uint64_t h = 0x9e3779b97f4a7c15ULL ^ (uint64_t)n;
    for (size_t i = 0; i < n; i++) {
        uint64_t k = (uint64_t)w[i];
        k *= 0xbf58476d1ce4e5b9ULL;
        k ^= k >> 31;
        h = (h ^ k) * 0x94d049bb133111ebULL;
        h ^= h >> 29;
    }
    return h;
}

uint64_t util_hash_bytes(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;   /* FNV-1a */
    for (size_t i = 0; i < n; i++) {
        h ^= (unsigned char)s[i];
        h *= 1099511628211ull;
    }
    return h ^ (h >> 29);
}

bool util_is_decimal(const char *s, size_t n)
{
    if (n == 0 || (n > 1 && s[0] == '0')) return false;
    for (size_t i = 0; i < n; i++)
        if (s[i] < '0' || s[i] > '9') return false;
    return true;
}

/* Sort n 64-bit keys (LSD radix, 16 bits a pass; passes whose digit never varies are skipped). */
void util_sort_u64(uint64_t *a, size_t n)
{
    if (n < 64) {
        for (size_t i = 1; i < n; i++)
            for (size_t j = i; j > 0 && a[j - 1] > a[j]; j--) {
                uint64_t t = a[j];
                a[j] = a[j - 1];
                a[j - 1] = t;
            }
        return;
    }
    uint64_t *tmp = xmalloc(n * sizeof *tmp);
    size_t *cnt = xmalloc(65536 * sizeof *cnt);
    for (int shift = 0; shift < 64; shift += 16) {
        memset(cnt, 0, 65536 * sizeof *cnt);
        for (size_t i = 0; i < n; i++) cnt[(a[i] >> shift) & 0xffff]++;
        if (cnt[(a[0] >> shift) & 0xffff] == n) continue;
        size_t sum = 0;
        for (size_t d = 0; d < 65536; d++) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) tmp[cnt[(a[i] >> shift) & 0xffff]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
    free(cnt);
    free(tmp);
}
