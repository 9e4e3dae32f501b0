/* test_util.c: big blocks (xmalloc, xcalloc, xrealloc, string buffers past UTIL_HUGE_FROM): their
   contents through growth, and their huge-page advice without splitting their mapping; the radix
   sort against qsort. */
#include "config.h"
#include "harness.h"
#include "util.h"
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#if defined(__GLIBC__)
#include <malloc.h>
#endif

/* under the address sanitizer, whose allocator lays blocks out otherwise, the mappings are not
   checked */
#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

static uint64_t pattern(size_t i) { return (uint64_t)i * 0x9E3779B97F4A7C15ull ^ (uint64_t)i >> 7; }

/* An array grown by doubling from below UTIL_HUGE_FROM to 16 times it keeps every word. */
static void test_grow_keeps_content(void **state)
{
    (void)state;
    util_tune_malloc();
    size_t n = 1000;
    uint64_t *a = xmalloc(n * sizeof *a);
    for (size_t i = 0; i < n; i++) a[i] = pattern(i);
    while (n * sizeof *a < 16 * UTIL_HUGE_FROM) {
        a = xrealloc(a, 2 * n * sizeof *a);
        for (size_t i = 0; i < n; i += 4099) assert_true(a[i] == pattern(i));
        assert_true(a[n - 1] == pattern(n - 1));
        for (size_t i = n; i < 2 * n; i++) a[i] = pattern(i);
        n *= 2;
    }
    for (size_t i = 0; i < n; i++)
        if (a[i] != pattern(i)) fail_msg("word %zu lost in growth", i);
    free(a);
    uint32_t *z = xcalloc(3 * UTIL_HUGE_FROM / sizeof *z, sizeof *z);
    for (size_t i = 0; i < 3 * UTIL_HUGE_FROM / sizeof *z; i++)
        if (z[i]) fail_msg("xcalloc: word %zu not zero", i);
    free(z);
    StrBuf b;   /* a string past UTIL_HUGE_FROM, against the same digits written out plainly */
    sb_init(&b);
    size_t len = 0, cap = 12000000;
    char *ref = malloc(cap);
    assert_non_null(ref);
    for (int i = 0; i < 3000000; i++) {
        sb_put_i64(&b, i % 1000);
        len += (size_t)snprintf(ref + len, cap - len, "%d", i % 1000);
    }
    assert_true(b.len == len && b.len > UTIL_HUGE_FROM);
    assert_memory_equal(b.s, ref, len);
    free(ref);
    sb_fini(&b);
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static int cmp_i64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* util_sort_u64, and util_sort_unique_i64 on the same words as signed integers, against qsort at sizes around its three ways (insertion, byte digits, 16-bit
   digits), on random words, on words that differ only in some bytes, and with repeats. */
static void test_sort_u64(void **state)
{
    (void)state;
    static const size_t sizes[] = { 0, 1, 2, 63, 64, 65, 1000, 4000, 65535, 65536, 65537, 200000 };
    uint64_t x = 88172645463325252ull;   /* xorshift64 */
    for (size_t si = 0; si < sizeof sizes / sizeof *sizes; si++)
        for (int kind = 0; kind < 3; kind++) {
            size_t n = sizes[si];
            uint64_t *a = xmalloc((n + 1) * sizeof *a), *b = xmalloc((n + 1) * sizeof *b);
            for (size_t i = 0; i < n; i++) {
                x ^= x << 13;
                x ^= x >> 7;
                x ^= x << 17;
                a[i] = kind == 0 ? x : kind == 1 ? (x & 0xff00ff0000ull) | 0x7700000000000000ull : x % 37;
                b[i] = a[i];
            }
            util_sort_u64(a, n);
            qsort(b, n, sizeof *b, cmp_u64);
            for (size_t i = 0; i < n; i++)
                if (a[i] != b[i]) fail_msg("n = %zu, kind %d: word %zu is %llu, qsort has %llu", n, kind, i,
                                           (unsigned long long)a[i], (unsigned long long)b[i]);
            /* the same words as signed integers (half of the random ones negative), each once */
            int64_t *sa = (int64_t *)(void *)a, *sb = (int64_t *)(void *)b;
            for (size_t i = 0; i < n; i++) sa[i] = sb[i] = (int64_t)(a[i] - (kind == 2 ? 18 : 0));
            size_t m = util_sort_unique_i64(sa, n);
            qsort(sb, n, sizeof *sb, cmp_i64);
            size_t mb = 0;
            for (size_t i = 0; i < n; i++)
                if (!mb || sb[mb - 1] != sb[i]) sb[mb++] = sb[i];
            assert_true(m == mb);
            for (size_t i = 0; i < m; i++)
                if (sa[i] != sb[i]) fail_msg("n = %zu, kind %d: integer %zu is %lld, qsort has %lld", n, kind, i,
                                             (long long)sa[i], (long long)sb[i]);
            free(a);
            free(b);
        }
}

/* The first line of /proc/self/maps whose range holds address a: its range, and whether its
   flags in smaps say huge pages were advised ("hg"). False where there is no such file. */
static bool mapping_of(uintptr_t a, uintptr_t *lo, uintptr_t *hi, bool *hg)
{
    FILE *f = fopen("/proc/self/smaps", "r");
    if (!f) return false;
    char line[512];
    bool found = false, in = false;
    while (fgets(line, sizeof line, f)) {
        unsigned long x, y;
        char c;
        if (sscanf(line, "%lx-%lx %c", &x, &y, &c) == 3 && strchr(line, '-') < strchr(line, ' ')) {
            if (found) break;   /* the next mapping */
            in = a >= x && a < y;
            if (in) {
                *lo = x;
                *hi = y;
                *hg = false;
                found = true;
            }
            continue;
        }
        if (in && !strncmp(line, "VmFlags:", 8)) *hg = strstr(line, " hg") != NULL;
    }
    fclose(f);
    return found;
}

/* [p, p + n) lies in one mapping, advised to be huge pages where the kernel has them (not
   checked under the address sanitizer, nor without smaps). */
static void one_mapping(const void *p, size_t n)
{
    uintptr_t lo, hi;
    bool hg;
    if (UNDER_ASAN || !mapping_of((uintptr_t)p, &lo, &hi, &hg)) return;
    if ((uintptr_t)p + n > hi) fail_msg("a block of %zu bytes is split: its mapping ends %zu bytes in", n,
                                        (size_t)(hi - (uintptr_t)p));
    if (access("/sys/kernel/mm/transparent_hugepage/enabled", R_OK) == 0 && n >= UTIL_HUGE_FROM) assert_true(hg);
}

/* A mapped block grown and shrunk by util_remap_zero keeps its first words and reads zero past
   them, as the table strategy's tables expect of a growth along their outermost dimension; it
   stays one mapping (advice on part of it would split it, and a later mremap of the parts fails
   on kernels before 6.17). */
static void test_remap_zero(void **state)
{
    (void)state;
    size_t n = 1000;   /* words */
    uint32_t *a = util_map_zero(n * sizeof *a);
    for (size_t i = 0; i < n; i++) assert_true(a[i] == 0);
    for (size_t i = 0; i < n; i++) a[i] = (uint32_t)pattern(i);
    while (n < 8 * UTIL_HUGE_FROM / sizeof *a) {
        a = util_remap_zero(a, n * sizeof *a, 2 * n * sizeof *a + 12);
        for (size_t i = 0; i < n; i++)
            if (a[i] != (uint32_t)pattern(i)) fail_msg("word %zu of %zu moved or lost", i, n);
        for (size_t i = n; i < 2 * n + 3; i++)
            if (a[i]) fail_msg("word %zu of the new part is not zero", i);
        for (size_t i = n; i < 2 * n + 3; i++) a[i] = (uint32_t)pattern(i);
        n = 2 * n + 3;
        one_mapping(a, n * sizeof *a);
    }
    a = util_remap_zero(a, n * sizeof *a, 100 * sizeof *a);   /* shrinking keeps the start */
    for (size_t i = 0; i < 100; i++) assert_true(a[i] == (uint32_t)pattern(i));
    util_unmap(a, 100 * sizeof *a);
    size_t big = 3 * ((size_t)1 << 20) + 5;   /* made big: a part of a huge page at its end */
    char *b = util_map_zero(big);
    memset(b, 7, big);
    b = util_remap_zero(b, big, 3 * big);
    one_mapping(b, 3 * big);
    for (size_t i = 0; i < 3 * big; i += 4093) assert_true(b[i] == (i < big ? 7 : 0));
    util_unmap(b, 3 * big);
}

/* A big block is advised as a whole: it stays one mapping (advice on its aligned middle split it
   in three, and glibc's realloc then copied it at every doubling instead of moving its pages),
   and that mapping carries the advice where the kernel has transparent huge pages. */
static void test_big_block_one_mapping(void **state)
{
    (void)state;
    if (UNDER_ASAN) skip();
    util_tune_malloc();
    size_t n = 1000;   /* from a small block: the first big one is a new mapping (xrealloc advises it) */
    char *p = xmalloc(n);
    n = 2 * UTIL_HUGE_FROM + 12345;
    p = xrealloc(p, n);
    for (int round = 0; round < 3; round++) {
        memset(p, round + 1, n);
        one_mapping(p, n);
        n = 2 * n + 777;
        p = xrealloc(p, n);
    }
    free(p);
}

/* A block of 10^6 words (4,000,000 bytes: under the mapping threshold, so in the heap) from each
   allocator carries the huge-page advice: a retrograde pass over 10^6 vertices faulted its three
   work arrays in 4 KiB at a time, 3,000 faults, 18 of its 29 ms. */
static void test_mid_block_advised(void **state)
{
    (void)state;
    if (UNDER_ASAN || access("/sys/kernel/mm/transparent_hugepage/enabled", R_OK) != 0) skip();
    util_tune_malloc();
    size_t n = 1000000 * sizeof(uint32_t);
    assert_true(n >= UTIL_ADVISE_FROM && n < UTIL_HUGE_FROM);
    void *b[3] = { xmalloc(n), xcalloc(1000000, sizeof(uint32_t)), xrealloc(xmalloc(100), n) };
    for (int i = 0; i < 3; i++) {
        uintptr_t lo, hi;
        bool hg;
        memset(b[i], i + 1, n);
        for (size_t at = 0; at < n; at += n / 4) {   /* four places along it, whichever mapping holds each */
            if (!mapping_of((uintptr_t)b[i] + at, &lo, &hi, &hg)) skip();
            if (!hg) fail_msg("block %d of %zu bytes (from %s) is not advised to be huge pages at byte %zu", i, n,
                              i == 0 ? "xmalloc" : i == 1 ? "xcalloc" : "xrealloc", at);
        }
    }
    for (int i = 0; i < 3; i++) free(b[i]);
}

/* Memory freed into the heap stays there for the next blocks (a trim threshold of 64 MiB): a
   query that builds and drops the same arrays for each of its moves (Hackenbush's winning cuts)
   faulted every page again when the heap gave each drop back to the kernel. */
static void test_heap_kept(void **state)
{
    (void)state;
#if defined(__GLIBC__) && defined(M_TRIM_THRESHOLD)
    if (UNDER_ASAN) skip();
    util_tune_malloc();
    enum { N = 12 };
    size_t sz = UTIL_HUGE_FROM / 2;   /* below the mapping threshold: heap blocks */
    char *b[N];
    for (int i = 0; i < N; i++) {
        b[i] = xmalloc(sz);
        memset(b[i], i, sz);
    }
    size_t before = mallinfo2().arena;
    for (int i = N - 1; i >= 0; i--) free(b[i]);
    size_t after = mallinfo2().arena;
    if (after + (size_t)N * sz / 2 < before) fprintf(stderr, "heap %zu -> %zu bytes after the frees\n", before, after);
    assert_true(after + (size_t)N * sz / 2 >= before);
#else
    skip();
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mid_block_advised),   /* first: no heap memory advised by the others yet */
        cmocka_unit_test(test_grow_keeps_content),
        cmocka_unit_test(test_big_block_one_mapping),
        cmocka_unit_test(test_remap_zero),
        cmocka_unit_test(test_sort_u64),
        cmocka_unit_test(test_heap_kept),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
