/* json.c: JSON string escaping. */
#include "config.h"
#include "json.h"
#include "util.h"
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* Whether one of the 8 bytes of x needs a look: below 32, '"', a backslash, 0x7f or a byte of a
   non-ASCII character (bit tricks: a byte becomes zero, or borrows, exactly there; a false alarm
   only sends the bytes to the careful loop). */
static inline bool needs_escape8(uint64_t x)
{
    const uint64_t ones = 0x0101010101010101ull, highs = 0x8080808080808080ull;
    uint64_t lt32 = (x - 32 * ones) & ~x & highs;
    uint64_t q = x ^ (0x22 * ones), bs = x ^ (0x5c * ones), del = x ^ (0x7f * ones);
    return ((x & highs) | lt32 | ((q - ones) & ~q & highs) | ((bs - ones) & ~bs & highs) | ((del - ones) & ~del & highs)) != 0;
}

/* Escape s[0..n) as a JSON string's contents, passing the pieces to put. */
static void escape(const char *s, size_t n, void (*put)(void *, const char *, size_t), void *ctx)
{
    size_t i = 0;
    while (i < n) {
        size_t run = i;   /* characters that need no escape, copied at once */
        while (i + 8 <= n) {
            uint64_t x;
            memcpy(&x, s + i, 8);
            if (needs_escape8(x)) break;
            i += 8;
        }
        while (i < n && (unsigned char)s[i] >= 32 && (unsigned char)s[i] < 0x7f && s[i] != '"' && s[i] != '\\') i++;
        if (i > run) put(ctx, s + run, i - run);
        if (i == n) break;
        switch (s[i]) {
        case '"': put(ctx, "\\\"", 2); break;
        case '\\': put(ctx, "\\\\", 2); break;
        case '\n': put(ctx, "\\n", 2); break;
        case '\t': put(ctx, "\\t", 2); break;
        case '\r': put(ctx, "\\r", 2); break;
        default: {
            unsigned char c = (unsigned char)s[i];
            size_t k = c >= 0x80 ? util_utf8_len((const unsigned char *)s + i, n - i) : 0;
            if (k) {   /* a well-formed character as it is */
                put(ctx, s + i, k);
                i += k - 1;
            } else {   /* a control byte, or a byte that is not UTF-8: its code as a character */
                char u[8];
                snprintf(u, sizeof u, "\\u%04x", c);
                put(ctx, u, 6);
            }
            break;
        }
        }
        i++;
    }
}

static void put_sb(void *ctx, const char *s, size_t n) { sb_putn(ctx, s, n); }
static void put_file(void *ctx, const char *s, size_t n) { fwrite(s, 1, n, ctx); }

void json_str(StrBuf *b, const char *s)
{
    sb_putc(b, '"');
    escape(s, strlen(s), put_sb, b);
    sb_putc(b, '"');
}

void json_fstr(FILE *f, const char *s, size_t n)
{
    fputc('"', f);
    escape(s, n, put_file, f);
    fputc('"', f);
}
