/* json.c: JSON string escaping. */
#include "config.h"
#include "json.h"
#include "util.h"
#include <stdint.h>
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

void json_str(StrBuf *b, const char *s)
{
    sb_putc(b, '"');
    size_t n = strlen(s), i = 0;
    while (i < n) {
        size_t run = i;   /* characters that need no escape, copied at once */
        while (i + 8 <= n) {
            uint64_t x;
            memcpy(&x, s + i, 8);
            if (needs_escape8(x)) break;
            i += 8;
        }
        while (i < n && (unsigned char)s[i] >= 32 && (unsigned char)s[i] < 0x7f && s[i] != '"' && s[i] != '\\') i++;
        if (i > run) sb_putn(b, s + run, i - run);
        if (i == n) break;
        switch (s[i]) {
        case '"': sb_puts(b, "\\\""); break;
        case '\\': sb_puts(b, "\\\\"); break;
        case '\n': sb_puts(b, "\\n"); break;
        case '\t': sb_puts(b, "\\t"); break;
        case '\r': sb_puts(b, "\\r"); break;
        default: {
            unsigned char c = (unsigned char)s[i];
            size_t k = c >= 0x80 ? util_utf8_len((const unsigned char *)s + i, n - i) : 0;
            if (k) {   /* a well-formed character as it is */
                sb_putn(b, s + i, k);
                i += k - 1;
            } else {   /* a control byte, or a byte that is not UTF-8: its code as a character */
                sb_printf(b, "\\u%04x", c);
            }
            break;
        }
        }
        i++;
    }
    sb_putc(b, '"');
}
