/* base_octal.c: hand-written baseline: the naive SG table of a two-digit octal game (default
   Kayles, 0.77) or of Grundy's game ("grundy") up to n: every split, bitset mex. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 100000;
    int grundy = argc > 2 && !strcmp(argv[2], "grundy");
    uint32_t *g = calloc((size_t)n + 1, sizeof *g);
    uint32_t maxv = 0;
    uint64_t seen[1024];
    for (long m = 0; m <= n; m++) {
        size_t words = 1;
        while (words * 64 <= 2 * (size_t)maxv + 1) words *= 2;
        memset(seen, 0, words * sizeof *seen);
        if (grundy) {
            for (long a = 1; 2 * a < m; a++) {
                uint32_t v = g[a] ^ g[m - a];
                seen[v >> 6] |= (uint64_t)1 << (v & 63);
            }
        } else {
            for (long i = 1; i <= 2 && i <= m; i++) {   /* 0.77: remove 1 or 2, leave 0, 1 or 2 heaps */
                long r = m - i;
                for (long a = 0; a <= r / 2; a++) {
                    uint32_t v = g[a] ^ g[r - a];
                    seen[v >> 6] |= (uint64_t)1 << (v & 63);
                }
            }
        }
        uint32_t x = 0;
        while (seen[x >> 6] >> (x & 63) & 1) x++;
        g[m] = x;
        if (x > maxv) maxv = x;
    }
    printf("%u\n", g[n]);
    free(g);
    return 0;
}
