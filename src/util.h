/* util.h: allocation that aborts on out-of-memory, growable arrays, small string helpers. */
#ifndef GRUNDY_UTIL_H
#define GRUNDY_UTIL_H
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

/* Blocks of at least UTIL_HUGE_FROM bytes get mappings of their own (util_tune_malloc); blocks
   of at least UTIL_ADVISE_FROM (xmalloc, xcalloc, xrealloc), in a mapping or in the heap, are
   advised to be huge pages. The smaller bound lets an array of 10^6 words (4,000,000 bytes, just
   under 4 MiB) be faulted in 2 MiB at a time; below 2 MiB no aligned huge page fits in a block. */
#define UTIL_HUGE_FROM ((size_t)4 << 20)
#define UTIL_ADVISE_FROM ((size_t)2 << 20)
/* At the start of the program: blocks from UTIL_HUGE_FROM on get their own mappings (glibc
   otherwise raises that threshold as big blocks are freed, and a growing array in the heap is
   copied at every doubling, each copy faulting its pages in one by one), so that they are
   advised to be huge pages when made and grow without copies (mremap); and memory freed into the
   heap stays there up to 64 MiB (the trim threshold: glibc's default of 128 KiB, kept once the
   mapping threshold is fixed, gave it back at every free, to be faulted in again). */
void util_tune_malloc(void);
/* The memory a session has allocated: every block of xmalloc, xcalloc, xrealloc (and the
   helpers built on them) and every mapping of util_map_zero and util_remap_zero is added to the
   calling thread's meter (util_set_meter) when made and taken off when xfree, xrealloc or
   util_unmap gives it back, so a session's budget counts its own memory, not the process's.
   Hence the rule: memory from these functions is freed with xfree (never free), and memory the
   C library or readline allocated is freed with util_free_libc (never xfree). */
typedef struct UtilMeter { int64_t bytes; } UtilMeter;
/* Make m the calling thread's meter (NULL: none, nothing is counted); returns the one it
   replaces (to restore). A thread that runs a session sets the session's meter around the call;
   memory made under one meter must be freed under the same one (or under none: the count then
   stays high, never wrong the other way). */
UtilMeter *util_set_meter(UtilMeter *m);
/* Add (or, negative, take off) bytes on the calling thread's meter: memory an owner commits by
   itself (the pages of a reserved region as it touches them). */
void util_meter_add(int64_t bytes);
/* Whether the meters count exactly (the allocator tells a block's size: malloc_usable_size);
   without it a session's memory can only be read from the process. */
bool util_meter_exact(void);
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
void xfree(void *p);
/* n bytes aligned to align (a power of two dividing n), counted and freed like xmalloc's; NULL when
   the allocator cannot (the caller falls back to xmalloc). */
void *util_aligned_or_null(size_t align, size_t n);
/* Memory that the C library, readline or an open_memstream allocated (never counted): free. And
   a copy of s for such a library to free (readline's completions): NULL when out of memory. */
void util_free_libc(void *p);
char *util_strdup_libc(const char *s);
/* n zeroed bytes from the C library (never counted, freed with util_free_libc): NULL when out of
   memory (a session's own struct, made before its meter exists). */
void *util_calloc_libc(size_t n);
/* A large zeroed block (freed with xfree): fresh pages from the kernel, which are zero already (no
   pass over them here), advised to be huge pages: a big table touched all over then costs one
   fault per 2 MiB instead of one per 4 KiB. */
void *xcalloc_big(size_t count, size_t size);
/* Reserve size bytes of zeroed address space, backed by memory only where touched (a stack that
   may grow deep, scratch memory; huge pages past its first 8 MiB); released with util_unreserve.
   Costs the same at any size (no allocator, no sanitizer poisoning of the whole block). */
void *util_reserve(size_t size);
void util_unreserve(void *p, size_t size);
/* A zeroed block of n bytes in a mapping of its own (advised to be huge pages), which
   util_remap_zero grows (or shrinks) to n bytes without copying: its pages move, and the new ones
   are zero and cost nothing until touched. Freed by util_unmap with its size. Out of memory:
   util_fatal. */
void *util_map_zero(size_t n);
void *util_remap_zero(void *p, size_t old, size_t n);
void util_unmap(void *p, size_t n);
/* The length (2 to 4) of the well-formed UTF-8 sequence of a non-ASCII character starting at s
   (n bytes available), or 0 when the bytes there are not one (RFC 3629: no overlongs, no
   surrogates, nothing beyond U+10FFFF). */
size_t util_utf8_len(const unsigned char *s, size_t n);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* Out of memory: the calling thread's handler (util_set_oom) takes it, with the bytes wanted and
   the message; it must not return (without one, or when it returns: abort). */
_Noreturn void util_fatal(size_t bytes, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Where the calling thread's allocation failures go: fn(ctx, bytes, msg) unwinds (a session
   turns the failure into a status-4 result) or ends the process (the command line: the message
   and exit 4); it never returns. Returns the handler it replaces (to restore). The one piece of
   state here is per thread, because malloc's callers carry no context. */
typedef struct UtilOom { void (*fn)(void *ctx, size_t bytes, const char *msg); void *ctx; } UtilOom;
UtilOom util_set_oom(UtilOom h);

/* Grow *pp (element size elem) so it holds at least need elements; *cap is updated. */
void util_grow(void **pp, size_t *cap, size_t need, size_t elem);
#define VEC_PUSH(arr, len, cap, val) do { \
    if ((len) >= (cap)) util_grow((void **)&(arr), &(cap), (len) + 1, sizeof *(arr)); \
    (arr)[(len)++] = (val); } while (0)

/* A growable string buffer. */
typedef struct StrBuf { char *s; size_t len, cap; } StrBuf;
void sb_init(StrBuf *b);
void sb_fini(StrBuf *b);
void sb_putn(StrBuf *b, const char *s, size_t n);
/* Room for n more bytes at once (a long string built in pieces is copied once). */
void sb_reserve(StrBuf *b, size_t n);
static inline void sb_putc(StrBuf *b, char c)
{
    if (b->len + 2 <= b->cap) {   /* room for c and the terminating NUL */
        b->s[b->len++] = c;
        b->s[b->len] = 0;
        return;
    }
    sb_putn(b, &c, 1);
}
/* A decimal integer (faster than sb_printf's "%lld"). */
void sb_put_i64(StrBuf *b, int64_t v);
void sb_puts(StrBuf *b, const char *s);
void sb_printf(StrBuf *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Detach: return the malloc'd string (NUL-terminated) and reset b. */
char *sb_take(StrBuf *b);

/* Edit distance (for "did you mean"); stops early above limit and returns limit + 1. */
size_t util_edit_distance(const char *a, const char *b, size_t limit);

/* 64-bit hash of n words. */
uint64_t util_hash_words(const int64_t *w, size_t n);
uint64_t util_hash_bytes(const char *s, size_t n);
/* s (n bytes) writes a non-negative integer in decimal: digits only, no leading zero. */
bool util_is_decimal(const char *s, size_t n);
/* Sort n 64-bit keys increasing (LSD radix: linear in n). */
void util_sort_u64(uint64_t *a, size_t n);
/* Sort n signed integers increasing (the same on the words with the sign bit flipped); the
   _unique form also drops repeats and returns how many are left. */
void util_sort_i64(int64_t *a, size_t n);
size_t util_sort_unique_i64(int64_t *a, size_t n);
/* Read a whole file ("-" = standard input) into a malloc'd, NUL-terminated buffer (*len bytes
   before the NUL); NULL with errno set on failure: EISDIR for a directory, EFBIG past
   UTIL_MAX_FILE_BYTES. */
#define UTIL_MAX_FILE_BYTES ((size_t)256 << 20)
char *util_read_file(const char *path, size_t *len);
#endif
