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
    /* the later games: rules in the language against brute force from the problem statements */
    for (int t = 0; t < 200; t++) {
        int n = rnd(0, 3000);
        snprintf(buf, sizeof buf, "DigitGame(%d)", n);
        duel_add(d, buf, brute_digitgame(n));
    }
    for (int n = 0; n <= 9; n++)
        for (int m = 1; m <= 6; m++) {
            snprintf(buf, sizeof buf, "MergePiles(%d, %d)", n, m);
            duel_add(d, buf, brute_mergepiles(n, m));
        }
    for (int t = 0; t < 300; t++) {
        int a[5], n = rnd(0, 4), len = snprintf(buf, sizeof buf, "EndPiles(");
        for (int i = 0; i < n; i++) {
            a[i] = rnd(1, 6);
            len += snprintf(buf + len, sizeof buf - (size_t)len, "%s%d", i ? ", " : "", a[i]);
        }
        snprintf(buf + len, sizeof buf - (size_t)len, ")");
        duel_add(d, buf, brute_endpiles(a, n));
    }
    for (int t = 0; t < 200; t++) {
        int n = rnd(1, 10), len = snprintf(buf, sizeof buf, "ArrayGame(%d", n);
        unsigned white = 0;
        for (int x = 1; x <= n; x++)
            if (rnd(0, 2) == 0) {
                white |= 1u << x;
                len += snprintf(buf + len, sizeof buf - (size_t)len, ", %d", x);
            }
        snprintf(buf + len, sizeof buf - (size_t)len, ")");
        duel_add(d, buf, brute_arraygame(n, white));
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
