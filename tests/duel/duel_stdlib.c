/* duel_stdlib.c: every first-stdlib game against its independent brute force on random instances,
   and random sums against the XOR of brute-force values (the sum rule). */
#include "config.h"
#include "brute.h"
#include <stdio.h>
#include <stdlib.h>

static int rnd(int lo, int hi) { return lo + rand() % (hi - lo + 1); }

/* "a, b, c" for the n integers v, in buf. */
static const char *join(const int *v, int n, char *buf, size_t cap)
{
    size_t len = 0;
    buf[0] = 0;
    for (int i = 0; i < n && len < cap; i++) len += (size_t)snprintf(buf + len, cap - len, "%s%d", i ? ", " : "", v[i]);
    return buf;
}

int main(void)
{
    srand(20261130);
    Duel *d = duel_new();
    int passed = 0, failed = 0;
    char buf[256];
    for (int t = 0; t < 300; t++) {
        int n = rnd(0, 80), m = rnd(1, 9);
        duel_addf(d, brute_bash(n, m), "Bash(%d, %d)", n, m);
        int a = rnd(1, 5), b = a + rnd(0, 5);
        duel_addf(d, brute_takerange(n, a, b), "TakeRange(%d, %d, %d)", n, a, b);
        int h = rnd(0, 60);
        duel_addf(d, h, "Heap(%d)", h);
        int l = rnd(0, 120);
        duel_addf(d, brute_lasker(l), "Lasker(%d)", l);
    }
    failed += duel_check(d, &passed);
    for (int t = 0; t < 300; t++) {
        int a = rnd(0, 40), b = rnd(0, 40);
        duel_addf(d, brute_euclid(a, b), "Euclid(%d, %d)", a, b);
        a = rnd(1, 30); b = rnd(1, 30);
        duel_addf(d, brute_ed(a, b), "ED(%d, %d)", a, b);
        a = rnd(1, 25); b = rnd(1, 25);
        duel_addf(d, brute_cutting(a, b), "Cutting(%d, %d)", a, b);
        a = rnd(0, 30); b = rnd(0, 30);
        duel_addf(d, brute_wythoff(a, b), "Wythoff(%d, %d)", a, b);
    }
    failed += duel_check(d, &passed);
    for (int t = 0; t < 200; t++) {
        int n = rnd(0, 120);
        duel_addf(d, brute_kayles(n), "Kayles(%d)", n);
        duel_addf(d, brute_dawson(n), "DawsonKayles(%d)", n);
        duel_addf(d, brute_kayles(n % 50), "Octal(\"0.77\", %d)", n % 50);
        duel_addf(d, brute_grundygame(n), "GrundyGame(%d)", n);
        int k = rnd(1, 4), a = rnd(0, 20), b = rnd(0, 20);
        duel_addf(d, brute_wythoffk(k, a, b), "WythoffK(%d, %d, %d)", k, a, b);
        int f = rnd(1, 6), m = rnd(0, 60);
        duel_addf(d, brute_splitequal(m, f), "SplitEqual(%d, %d)", m, f);
    }
    failed += duel_check(d, &passed);
    /* the later games: rules in the language against brute force from the problem statements */
    for (int t = 0; t < 200; t++) {
        int n = rnd(0, 3000);
        duel_addf(d, brute_digitgame(n), "DigitGame(%d)", n);
    }
    for (int n = 0; n <= 9; n++)
        for (int m = 1; m <= 6; m++) {
            duel_addf(d, brute_mergepiles(n, m), "MergePiles(%d, %d)", n, m);
        }
    for (int t = 0; t < 300; t++) {
        int a[5], n = rnd(0, 4);
        for (int i = 0; i < n; i++) a[i] = rnd(1, 6);
        duel_addf(d, brute_endpiles(a, n), "EndPiles(%s)", join(a, n, buf, sizeof buf));
    }
    for (int t = 0; t < 200; t++) {
        int n = rnd(1, 10), w[16], k = 0;
        unsigned white = 0;
        for (int x = 1; x <= n; x++)
            if (rnd(0, 2) == 0) {
                white |= 1u << x;
                w[k++] = x;
            }
        duel_addf(d, brute_arraygame(n, white), "ArrayGame(%d%s%s)", n, k ? ", " : "", join(w, k, buf, sizeof buf));
    }
    failed += duel_check(d, &passed);
    for (int t = 0; t < 60; t++) {   /* larger boards (the closed form only: a search of the rules is hopeless) */
        int n = t < 30 ? rnd(1, 300) : rnd(1000, 60000), x = rnd(1, t % 3 ? 40 : n);
        if (x > n) x = n;
        duel_addf(d, brute_arraycell(n, x), "ArrayGame(%d, %d)", n, x);
    }
    failed += duel_check_default(d, &passed);
    /* the games whose closed forms were checked only against the same .game rules: their rules
       (sg() searches them) and their forms (the outcome, by the form) against brute forces from
       the statements */
    static const char *const coin_games[] = { "TurnOne", "TurningTurtles", "Twins", "MockTurtles", "Ruler" };
    for (int t = 0; t < 150; t++) {
        char s[16];
        int len = rnd(0, 9);
        for (int i = 0; i < len; i++) s[i] = rnd(0, 1) ? 'H' : 'T';
        s[len] = 0;
        int kind = t % 5, g = brute_coins(kind, s);
        duel_addf(d, g, "%s(\"%s\")", coin_games[kind], s);
    }
    for (int t = 0; t < 60; t++) {
        char r[3][5];
        const char *rows[3];
        int nr = rnd(1, 3), nc = rnd(1, 4);
        for (int i = 0; i < nr; i++) {
            for (int j = 0; j < nc; j++) r[i][j] = rnd(0, 2) ? 'T' : 'H';
            r[i][nc] = 0;
            rows[i] = r[i];
        }
        char text[64];
        size_t tl = 0;
        for (int i = 0; i < nr; i++) tl += (size_t)snprintf(text + tl, sizeof text - tl, "%s\"%s\"", i ? ", " : "", r[i]);
        duel_addf(d, brute_corners(rows, nr), "TurningCorners(%s)", text);
    }
    for (int t = 0; t < 120; t++) {
        int h[4], n = rnd(0, 4);
        for (int i = 0; i < n; i++) h[i] = rnd(0, 4);
        int g = brute_antinim(h, n);
        duel_expr(d, g != 0, "if AntiNim(%s) is N then 1 else 0", join(h, n, buf, sizeof buf));
        int k = rnd(1, 3), m = rnd(1, 4);
        for (int i = 0; i < m; i++) h[i] = rnd(0, 3);
        g = brute_moore(k, h, m);
        duel_addf(d, g, "MooreNim(%d, %s)", k, join(h, m, buf, sizeof buf));
        duel_expr(d, g != 0, "if MooreNim(%d, %s) is N then 1 else 0", k, join(h, m, buf, sizeof buf));
        int p[4], np = rnd(1, 4);
        for (int i = 0; i < np; i++) p[i] = (i ? p[i - 1] : 0) + rnd(0, 3);
        duel_addf(d, brute_kampebbles(p, np), "KamPebbles(%s)", join(p, np, buf, sizeof buf));
        int st[5], ns = rnd(1, 4);
        for (int i = 0; i < ns; i++) st[i] = rnd(0, 3);
        duel_addf(d, brute_staircase(st, ns), "Staircase(%s)", join(st, ns, buf, sizeof buf));
        int c[4], nb = rnd(1, 4);
        for (int i = 0; i < nb; i++) c[i] = rnd(0, 2);
        duel_addf(d, brute_beans(c, nb), "Beans(%s)", join(c, nb, buf, sizeof buf));
        char row[12];
        int len = rnd(0, 10);
        for (int i = 0; i < len; i++) row[i] = rnd(0, 1) ? '1' : '0';
        row[len] = 0;
        duel_addf(d, brute_jumprow(row), "JumpRow(\"%s\")", row);
        int fn = rnd(1, 60), fl = rnd(0, 70);
        g = brute_fibnim(fn, fl);
        duel_addf(d, g, "FibNim(%d, %d)", fn, fl);
        duel_expr(d, g != 0, "if FibNim(%d, %d) is N then 1 else 0", fn, fl);
        duel_addf(d, brute_fibnim(fn, fn - 1), "FibNim(%d)", fn);
        int pp = rnd(0, 400);
        duel_addf(d, brute_primepower(pp), "PrimePowerSubtract(%d)", pp);
    }
    failed += duel_check(d, &passed);
    /* sums: Nim and mixed sums obey the XOR rule */
    for (int t = 0; t < 300; t++) {
        int k = rnd(1, 5), x = 0, h[5];
        for (int i = 0; i < k; i++) x ^= h[i] = rnd(0, 20);
        duel_addf(d, x, "Nim(%s)", join(h, k, buf, sizeof buf));
        int n = rnd(0, 40), m = rnd(1, 5), a = rnd(1, 12), b = rnd(1, 12), c = rnd(0, 60);
        duel_addf(d, brute_bash(n, m) ^ brute_cutting(a, b) ^ brute_lasker(c), "Bash(%d, %d) + Cutting(%d, %d) + Lasker(%d)", n, m, a, b, c);
        duel_addf(d, brute_wythoff(a, b), "2 * Lasker(%d) + Wythoff(%d, %d)", c, a, b);
    }
    failed += duel_check(d, &passed);
    duel_free(d);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
