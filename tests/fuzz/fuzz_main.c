/* fuzz_main.c: the AFL++-compatible entry, also the replayer of saved inputs: runs each file
   argument (or standard input) through fuzz_one and prints its status. Built with afl-clang-fast
   it loops in persistent mode (__AFL_LOOP); built plainly it replays tests/fuzz/regress. */
#include "config.h"
#include "fuzz_one.h"
#include <stdio.h>
#include <stdlib.h>

#ifndef __AFL_LOOP
#define __AFL_LOOP(n) (first ? (first = 0, 1) : 0)
#endif

static unsigned char *slurp(FILE *f, size_t *n)
{
    size_t cap = 4096;
    unsigned char *b = malloc(cap);
    *n = 0;
    for (size_t got; b && (got = fread(b + *n, 1, cap - *n, f)) > 0;) {
        *n += got;
        if (*n == cap) b = realloc(b, cap *= 2);
    }
    return b;
}

int main(int argc, char **argv)
{
    if (argc > 1) {
        for (int i = 1; i < argc; i++) {
            FILE *f = fopen(argv[i], "rb");
            if (!f) {
                perror(argv[i]);
                return 2;
            }
            size_t n;
            unsigned char *b = slurp(f, &n);
            fclose(f);
            if (!b) return 2;
            printf("%s: status %d\n", argv[i], fuzz_one(b, n));
            free(b);
        }
        return 0;
    }
    int first = 1;
    (void)first;
    while (__AFL_LOOP(1000)) {
        size_t n;
        unsigned char *b = slurp(stdin, &n);
        if (!b) return 2;
        fuzz_one(b, n);
        free(b);
    }
    return 0;
}
