/* base_nim.c: the hand-written baseline of bench case (g): a Nim sum of many heaps read from a
   .game file's "query Nim(a, b, ...);" line: the XOR of the heaps and every winning move (a heap
   a_i goes to a_i ^ x when that is smaller). Prints the XOR and the number of winning moves. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
    if (argc < 2) return 2;
    FILE *f = fopen(argv[1], "r");
    if (!f) return 2;
    size_t cap = 1 << 20, n = 0;
    unsigned long long *h = malloc(cap * sizeof *h), x = 0;
    int c;
    while ((c = fgetc(f)) != EOF && c != '(') {}
    for (;;) {
        unsigned long long v = 0;
        int digits = 0;
        while ((c = fgetc(f)) != EOF && (c < '0' || c > '9') && c != ')') {}
        if (c == EOF || c == ')') break;
        do { v = v * 10 + (unsigned long long)(c - '0'); digits++; } while ((c = fgetc(f)) >= '0' && c <= '9');
        if (n == cap) h = realloc(h, (cap *= 2) * sizeof *h);
        h[n++] = v;
        x ^= v;
        if (c == ')') break;
    }
    fclose(f);
    size_t wins = 0;
    for (size_t i = 0; i < n && x; i++)
        if ((h[i] ^ x) < h[i]) wins++;
    printf("%llu %zu\n", x, wins);
    free(h);
    return 0;
}
