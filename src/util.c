/* util.c: checked allocation, string buffers, edit distance and word hashing. */
#include "config.h"
#include "util.h"
#include <errno.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <string.h>

/* The handler of each thread's allocation failures: per thread, since an allocation has no
   session to name (the one piece of state that is not a caller's). */
static _Thread_local UtilOom oom_handler;

/* The meter of the session the calling thread runs (util_set_meter): per thread, like the
   handler, since malloc's callers carry no session. */
static _Thread_local UtilMeter *meter;

UtilMeter *util_set_meter(UtilMeter *m)
{
    UtilMeter *old = meter;
    meter = m;
    return old;
}

void util_meter_add(int64_t bytes)
{
    if (meter) meter->bytes += bytes;
}

#ifdef HAVE_MALLOC_USABLE_SIZE
bool util_meter_exact(void) { return true; }
/* The bytes a block holds (at least what was asked for): what it costs the session. */
static inline int64_t block_bytes(void *p) { return (int64_t)malloc_usable_size(p); }
#else
bool util_meter_exact(void) { return false; }
static inline int64_t block_bytes(void *p) { (void)p; return 0; }
#endif

void xfree(void *p)
{
    if (!p) return;
    if (meter) meter->bytes -= block_bytes(p);
    free(p);
}

void *util_aligned_or_null(size_t align, size_t n)
{
    void *p = aligned_alloc(align, n);
    if (p && meter) meter->bytes += block_bytes(p);
    return p;
}

void util_free_libc(void *p) { free(p); }

char *util_strdup_libc(const char *s) { return strdup(s); }

void *util_calloc_libc(size_t n) { return calloc(1, n); }

UtilOom util_set_oom(UtilOom h)
{
    UtilOom old = oom_handler;
    oom_handler = h;
    return old;
}

_Noreturn void util_fatal(size_t bytes, const char *fmt, ...)
{
    char msg[200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (oom_handler.fn) oom_handler.fn(oom_handler.ctx, bytes, msg);
    abort();   /* no handler took it: the caller broke util_set_oom's contract */
}

/* Advise the kernel to back the pages of [p, p + n) with huge pages where 2 MiB of them are
   aligned (advice only: nothing happens where it is not supported). A page fault then maps 2 MiB
   at once: filling a block of hundreds of MB costs a few hundred faults instead of one per 4 KiB,
   which on a virtual machine was 40% of the time of a query over 10^6 heaps. All the block's
   pages, not only its aligned middle: advice on part of a mapping splits it, and glibc then
   cannot grow the block in place (mremap fails with EFAULT) and realloc copies it. */
static void advise_huge(void *p, size_t n)
{
    const uintptr_t page = 4096;
    uintptr_t a = (uintptr_t)p & ~(page - 1), e = ((uintptr_t)p + n + page - 1) & ~(page - 1);
#ifdef MADV_HUGEPAGE
    madvise((void *)a, e - a, MADV_HUGEPAGE);
#else
    (void)a;
    (void)e;
#endif
}

void util_tune_malloc(void)
{
#ifdef M_MMAP_THRESHOLD
    mallopt(M_MMAP_THRESHOLD, (int)UTIL_HUGE_FROM);
#endif
#ifdef M_TRIM_THRESHOLD
    mallopt(M_TRIM_THRESHOLD, 64 << 20);
#endif
}

void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) util_fatal(n, "out of memory (%zu bytes)", n);
    if (meter) meter->bytes += block_bytes(p);
    if (n >= UTIL_ADVISE_FROM) advise_huge(p, n);
    return p;
}

void *xcalloc_big(size_t count, size_t size)
{
    void *p = xcalloc(count, size);
    advise_huge(p, count * size);   /* xcalloc checked the product */
    return p;
}

#ifdef __EMSCRIPTEN__
/* WebAssembly has no address space to reserve: its mmap allocates and clears the whole length at
   once (a second for a gigabyte). A block of the heap instead, not cleared (no user of a
   reservation reads what it has not written). */
void *util_reserve(size_t size)
{
    void *p = malloc(size);
    if (!p) util_fatal(size, "cannot reserve %zu bytes of memory", size);
    return p;
}

void util_unreserve(void *p, size_t size)
{
    (void)size;
    free(p);
}
#else
void *util_reserve(size_t size)
{
    void *p = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (p == MAP_FAILED) util_fatal(size, "cannot reserve %zu bytes of address space", size);
    /* past its first 8 MiB, which most runs stay within (a huge page there would be 2 MiB
       touched and cleared for a few values), huge pages */
    const size_t small = (size_t)8 << 20;
    if (size > small) advise_huge((char *)p + small, size - small);
    return p;
}

void util_unreserve(void *p, size_t size)
{
    if (p) munmap(p, size);
}
#endif

#define HUGE_PAGE ((size_t)2 << 20)

/* The length of the mapping for n bytes: whole pages, and whole huge pages from one on (the last
   one partly used: it is all huge pages, not one and a tail of 4 KiB pages). */
static size_t map_len(size_t n)
{
    size_t len = n ? (n + 4095) & ~(size_t)4095 : 4096;
    return len < HUGE_PAGE ? len : (len + HUGE_PAGE - 1) & ~(HUGE_PAGE - 1);
}

#ifdef __EMSCRIPTEN__
/* WebAssembly: no pages to map or move (emscripten's mmap is a cleared heap block, and cannot give
   back part of one): blocks of the heap, cleared, grown by realloc. */
void *util_map_zero(size_t n)
{
    void *p = calloc(1, map_len(n));
    if (!p) util_fatal(n, "out of memory (%zu bytes)", n);
    util_meter_add((int64_t)map_len(n));
    return p;
}

void *util_remap_zero(void *p, size_t old, size_t n)
{
    size_t lo = map_len(old), len = map_len(n);
    char *q = realloc(p, len);
    if (!q) util_fatal(n, "out of memory (%zu bytes)", n);
    if (len > lo) memset(q + lo, 0, len - lo);
    util_meter_add((int64_t)len - (int64_t)lo);
    return q;
}

void util_unmap(void *p, size_t n)
{
    if (!p) return;
    free(p);
    util_meter_add(-(int64_t)map_len(n));
}
#else
/* A fresh zeroed mapping of len bytes (map_len) that starts at a 2 MiB boundary when it
   holds one or more huge pages, so that all of it can be huge pages; MAP_FAILED when out of
   memory. */
static void *map_aligned(size_t len)
{
    if (len < HUGE_PAGE) return mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    char *r = mmap(NULL, len + HUGE_PAGE, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (r == MAP_FAILED) return r;
    char *a = (char *)(((uintptr_t)r + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (a > r) munmap(r, (size_t)(a - r));   /* the unaligned head and tail back */
    if (r + len + HUGE_PAGE > a + len) munmap(a + len, (size_t)(r + len + HUGE_PAGE - (a + len)));
    return a;
}

void *util_map_zero(size_t n)
{
    if (n > SIZE_MAX - 2 * HUGE_PAGE) util_fatal(n, "out of memory (%zu bytes)", n);
    void *p = map_aligned(map_len(n));
    if (p == MAP_FAILED) util_fatal(n, "out of memory (%zu bytes)", n);
    util_meter_add((int64_t)map_len(n));
    advise_huge(p, map_len(n));   /* the whole mapping (not split): a table, touched all over */
    return p;
}

void *util_remap_zero(void *p, size_t old, size_t n)
{
    if (n > SIZE_MAX - 2 * HUGE_PAGE) util_fatal(n, "out of memory (%zu bytes)", n);
#ifdef MREMAP_MAYMOVE
    size_t len = map_len(n);
    void *q;
    if (len < HUGE_PAGE) {
        q = mremap(p, map_len(old), len, MREMAP_MAYMOVE);
    } else {   /* onto an aligned place (which mremap then replaces) */
        void *at = map_aligned(len);
        if (at == MAP_FAILED) util_fatal(n, "out of memory (%zu bytes)", n);
        q = mremap(p, map_len(old), len, MREMAP_MAYMOVE | MREMAP_FIXED, at);
        if (q == MAP_FAILED) munmap(at, len);
    }
    if (q == MAP_FAILED) util_fatal(n, "out of memory (%zu bytes)", n);
    util_meter_add((int64_t)map_len(n) - (int64_t)map_len(old));
    return q;   /* the advice of util_map_zero moved with the mapping */
#else   /* no mremap (not Linux): a new mapping and a copy */
    void *q = util_map_zero(n);
    memcpy(q, p, old < n ? old : n);
    util_unmap(p, old);
    return q;
#endif
}

void util_unmap(void *p, size_t n)
{
    if (!p) return;
    munmap(p, map_len(n));
    util_meter_add(-(int64_t)map_len(n));
}
#endif

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
    if (!p) util_fatal(count * size, "out of memory (%zu x %zu bytes)", count, size);
    if (meter) meter->bytes += block_bytes(p);
    if (count * size >= UTIL_ADVISE_FROM) advise_huge(p, count * size);   /* calloc checked the product */
    return p;
}

void *xrealloc(void *p, size_t n)
{
    int64_t had = p && meter ? block_bytes(p) : 0;
    void *q = realloc(p, n ? n : 1);
    if (!q) util_fatal(n, "out of memory (%zu bytes)", n);
    if (meter) meter->bytes += block_bytes(q) - had;
    /* a block that has just grown past the bound is a new mapping; a bigger one keeps its advice
       when glibc moves it (mremap) */
    if (n >= UTIL_ADVISE_FROM) advise_huge(q, n);
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
        if (c > SIZE_MAX / 2 / elem) util_fatal(SIZE_MAX, "array too large");
        c *= 2;
    }
    *pp = xrealloc(*pp, c * elem);
    *cap = c;
}

void sb_init(StrBuf *b) { b->s = NULL; b->len = b->cap = 0; }
void sb_fini(StrBuf *b) { xfree(b->s); sb_init(b); }

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
    xfree(big);
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
    /* fewer than 65536 words a byte at a time (eight passes over 256 counters), more 16 bits at a
       time (four passes over 65536, which cost more than the words below that) */
    int bits = n < 65536 ? 8 : 16;
    size_t buckets = (size_t)1 << bits, mask = buckets - 1, small[256];
    size_t *cnt = bits == 8 ? small : xmalloc(buckets * sizeof *cnt);
    uint64_t *tmp = xmalloc(n * sizeof *tmp);
    for (int shift = 0; shift < 64; shift += bits) {
        memset(cnt, 0, buckets * sizeof *cnt);
        for (size_t i = 0; i < n; i++) cnt[(a[i] >> shift) & mask]++;
        if (cnt[(a[0] >> shift) & mask] == n) continue;
        size_t sum = 0;
        for (size_t d = 0; d < buckets; d++) {
            size_t c = cnt[d];
            cnt[d] = sum;
            sum += c;
        }
        for (size_t i = 0; i < n; i++) tmp[cnt[(a[i] >> shift) & mask]++] = a[i];
        memcpy(a, tmp, n * sizeof *a);
    }
    if (cnt != small) xfree(cnt);
    xfree(tmp);
}

void util_sort_i64(int64_t *a, size_t n)
{
    uint64_t *u = (uint64_t *)(void *)a;
    for (size_t i = 0; i < n; i++) u[i] ^= (uint64_t)1 << 63;
    util_sort_u64(u, n);
    for (size_t i = 0; i < n; i++) u[i] ^= (uint64_t)1 << 63;
}

size_t util_sort_unique_i64(int64_t *a, size_t n)
{
    util_sort_i64(a, n);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!m || a[m - 1] != a[i]) a[m++] = a[i];
    return m;
}

char *util_read_file(const char *path, size_t *len)
{
    FILE *f = strcmp(path, "-") ? fopen(path, "rb") : stdin;
    if (!f) return NULL;
    struct stat sb;
    if (fstat(fileno(f), &sb) == 0 && S_ISDIR(sb.st_mode)) {   /* reading one fails with EISDIR, or EIO */
        if (f != stdin) fclose(f);
        errno = EISDIR;
        return NULL;
    }
    StrBuf b;
    sb_init(&b);
    char buf[65536];
    size_t n;
    while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
        sb_putn(&b, buf, n);
        if (b.len > UTIL_MAX_FILE_BYTES) {
            if (f != stdin) fclose(f);
            sb_fini(&b);
            errno = EFBIG;
            return NULL;
        }
    }
    int bad = ferror(f), e = errno;
    if (f != stdin) fclose(f);
    if (bad) {
        sb_fini(&b);
        errno = e ? e : EIO;
        return NULL;
    }
    *len = b.len;
    return sb_take(&b);
}
