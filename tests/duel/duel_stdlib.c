/* duel_stdlib.c: every first-stdlib game against its independent brute force on random instances,
   and random sums against the XOR of brute-force values (the sum rule). */
#include "config.h"
#include "brute.h"
#include <stdio.h>
#include <stdlib.h>

static int rnd(int lo, int hi) { return lo + rand() % (hi - lo + 1); }

int main(void)
{
    srand(20261130);
    Duel *d = duel_new();
    int passed = 0, failed = 0;
    char buf[256];
    for (int t = 0; t < 300; t++) {
        int n = rnd(0, 80), m = rnd(1, 9);
        snprintf(buf, sizeof buf, "Bash(%d, %d)", n, m);
        duel_add(d, buf, brute_bash(n, m));
        int a = rnd(1, 5), b = a + rnd(0, 5);
        snprintf(buf, sizeof buf, "TakeRange(%d, %d, %d)", n, a, b);
        duel_add(d, buf, brute_takerange(n, a, b));
        int h = rnd(0, 60);
        snprintf(buf, sizeof buf, "Heap(%d)", h);
        duel_add(d, buf, h);
        snprintf(buf, sizeof buf, "Lasker(%d)", rnd(0, 120));
        duel_add(d, buf, brute_lasker(atoi(buf + 7)));
    }
    failed += duel_check(d, &passed);
    for (int t = 0; t < 300; t++) {
        int a = rnd(0, 40), b = rnd(0, 40);
        snprintf(buf, sizeof buf, "Euclid(%d, %d)", a, b);
        duel_add(d, buf, brute_euclid(a, b));
        a = rnd(1, 30); b = rnd(1, 30);
        snprintf(buf, sizeof buf, "ED(%d, %d)", a, b);
        duel_add(d, buf, brute_ed(a, b));
        a = rnd(1, 25); b = rnd(1, 25);
        snprintf(buf, sizeof buf, "Cutting(%d, %d)", a, b);
        duel_add(d, buf, brute_cutting(a, b));
        a = rnd(0, 30); b = rnd(0, 30);
        snprintf(buf, sizeof buf, "Wythoff(%d, %d)", a, b);
        duel_add(d, buf, brute_wythoff(a, b));
    }
    failed += duel_check(d, &passed);
    for (int t = 0; t < 200; t++) {
        int n = rnd(0, 120);
        snprintf(buf, sizeof buf, "Kayles(%d)", n);
        duel_add(d, buf, brute_kayles(n));
        snprintf(buf, sizeof buf, "DawsonKayles(%d)", n);
        duel_add(d, buf, brute_dawson(n));
        snprintf(buf, sizeof buf, "Octal(\"0.77\", %d)", n % 50);
        duel_add(d, buf, brute_kayles(n % 50));
        snprintf(buf, sizeof buf, "GrundyGame(%d)", n);
        duel_add(d, buf, brute_grundygame(n));
        int k = rnd(1, 4), a = rnd(0, 20), b = rnd(0, 20);
        snprintf(buf, sizeof buf, "WythoffK(%d, %d, %d)", k, a, b);
        duel_add(d, buf, brute_wythoffk(k, a, b));
        int f = rnd(1, 6), m = rnd(0, 60);
        snprintf(buf, sizeof buf, "SplitEqual(%d, %d)", m, f);
        duel_add(d, buf, brute_splitequal(m, f));
    }
    failed += duel_check(d, &passed);
    /* sums: Nim and mixed sums obey the XOR rule */
    for (int t = 0; t < 300; t++) {
        int k = rnd(1, 5), x = 0, len = snprintf(buf, sizeof buf, "Nim(");
        for (int i = 0; i < k; i++) {
            int v = rnd(0, 20);
            x ^= v;
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%d", i ? ", " : "", v);
        }
        snprintf(buf + len, sizeof buf - (size_t)len, ")");
        duel_add(d, buf, x);
        int n = rnd(0, 40), m = rnd(1, 5), a = rnd(1, 12), b = rnd(1, 12), c = rnd(0, 60);
        snprintf(buf, sizeof buf, "Bash(%d, %d) + Cutting(%d, %d) + Lasker(%d)", n, m, a, b, c);
        duel_add(d, buf, brute_bash(n, m) ^ brute_cutting(a, b) ^ brute_lasker(c));
        snprintf(buf, sizeof buf, "2 * Lasker(%d) + Wythoff(%d, %d)", c, a, b);
        duel_add(d, buf, brute_wythoff(a, b));
    }
    failed += duel_check(d, &passed);
    duel_free(d);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
