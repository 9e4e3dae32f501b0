/* base_readints.c: the C reference for reading a contest input (bench/run.sh, (k)): a count n,
   then n integers, read from standard input whole (one fread) and parsed by hand, as a fast
   contest reader does; prints n and the sum of the numbers (the engine must agree). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* The next integer at *p (whitespace skipped before it; an optional minus sign). */
static int64_t next_int(const char **p, const char *end)
{
    const char *s = *p;
    while (s < end && (*s == ' ' || *s == '\n' || *s == '\r' || *s == '\t')) s++;
    int neg = s < end && *s == '-';
    if (neg) s++;
    int64_t x = 0;
    while (s < end && *s >= '0' && *s <= '9') x = x * 10 + (*s++ - '0');
    *p = s;
    return neg ? -x : x;
}

int main(void)
{
    size_t cap = 1 << 20, len = 0, got;
    char *buf = malloc(cap);
    while (buf && (got = fread(buf + len, 1, cap - len, stdin)) > 0) {
        len += got;
        if (len == cap) buf = realloc(buf, cap *= 2);
    }
    if (!buf) return 1;
    const char *p = buf, *end = buf + len;
    int64_t n = next_int(&p, end), sum = 0;
    int64_t *a = malloc((size_t)(n > 0 ? n : 1) * sizeof *a);
    for (int64_t i = 0; i < n; i++) a[i] = next_int(&p, end);
    for (int64_t i = 0; i < n; i++) sum += a[i];
    printf("%lld %lld\n", (long long)n, (long long)sum);
    free(a);
    free(buf);
    return 0;
}
