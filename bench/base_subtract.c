/* base_subtract.c: hand-written baseline: SG table of the subtraction game {1,3,4} up to n (dense DP, mex). */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 10000000;
    static const int S[] = { 1, 3, 4 };
    unsigned char *g = malloc((size_t)n + 1);
    for (long i = 0; i <= n; i++) {
        unsigned seen = 0;
        for (int j = 0; j < 3; j++)
            if (S[j] <= i) seen |= 1u << g[i - S[j]];
        int m = 0;
        while (seen >> m & 1) m++;
        g[i] = (unsigned char)m;
    }
    printf("%d\n", g[n]);
    free(g);
    return 0;
}
