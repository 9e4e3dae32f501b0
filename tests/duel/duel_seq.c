/* duel_seq.c: the sequence strategy (dense heap tables, proven periods, recognised rulesets)
   against the memo search of the same rules: subtraction games with random sets, random octal
   codes, the stdlib's take-and-break games, heaps far beyond the table (answered through the
   proven period), and users' rulesets written with other names and shapes. */
#include "config.h"
#include "jsonduel.h"
#include <stdio.h>
#include <stdlib.h>

static const char *const seq_prefixes[] = { "sequence:", "period:", "sum", NULL };
static const char *const slow_prefixes[] = { "memo", "table", NULL };

static int rnd(int lo, int hi) { return lo + rand() % (hi - lo + 1); }

static const char *const user_rules =
    "game S1(n) { move take(k in {1, 3, 4}) when k <= n => S1(n - k); }\n"
    "game S2(n, m) { move take(k in 1..min(m, n)) => S2(n - k, m); }\n"
    "game K1(n) { move one(a in 0..(n - 1) / 2) when n >= 1 => K1(a) + K1(n - 1 - a);\n"
    "             move two(a in 0..(n - 2) / 2) when n >= 2 => K1(a) + K1(n - 2 - a); }\n"
    "game K2(n) { move k(i in 1..2, a in 0..n - i) when i <= n => K2(a) + K2(n - i - a); }\n"
    "game L1(n) { move t(k in 1..n) => L1(n - k); move s(a in 1..n - 1) => L1(a) + L1(n - a); }\n"
    "game G1(n) { move s(a in 1..(n - 1) / 2) => G1(a) + G1(n - a); }\n"
    "game LeaveOne(n) { move t(k in [1, 2, 5]) when n - k >= 1 => LeaveOne(n - k); }\n"
    "game Ceil(n) { move c(k in 1..3, a in 0..(n - k + 1) / 2) when k <= n => Ceil(a) + Ceil(n - k - a); }\n"
    "const T = {2, 5, 6};\n"
    "game Param(n, S) { move t(k in S) when n >= k => Param(n - k, S); }\n"
    "game Split0(n, S) { move p(s in S, a in 0..n - s) when s >= 1 and s <= n => Split0(a, S) + Split0(n - s - a, S); }\n"
    /* not heap games in the recognised sense: the guard depends on n otherwise */
    "game W(n) { move t(k in {1, 2}) when k <= n and n % 3 != 0 => W(n - k); }\n"
    "game Up(n) { move t(k in {1, 2}) when k <= n and n <= 40 => Up(n - k); }\n";

int main(void)
{
    srand(20261201);
    Batch b = { 0 };
    int failed = 0, passed = 0;
    for (int t = 0; t < 60; t++) {
        char set[64];
        int len = 0, size = rnd(1, 4);
        for (int i = 0; i < size; i++) len += snprintf(set + len, sizeof set - (size_t)len, "%s%d", i ? ", " : "", rnd(1, 9));
        for (int n = 0; n <= 30; n++) batch_add(&b, "Subtract(%d, {%s})", n, set);
    }
    failed += batch_check(&b, "subtraction", seq_prefixes, &passed);
    for (int t = 0; t < 40; t++) {
        char code[16];
        snprintf(code, sizeof code, "%c.%d%d%d", rnd(0, 3) ? '0' : '4', rnd(0, 7), rnd(0, 7), rnd(1, 7));
        for (int n = 0; n <= 24; n++) batch_add(&b, "Octal(\"%s\", %d)", code, n);
    }
    failed += batch_check(&b, "octal codes", seq_prefixes, &passed);
    for (int n = 0; n <= 60; n++) {
        batch_add(&b, "Kayles(%d)", n);
        batch_add(&b, "DawsonKayles(%d)", n);
        batch_add(&b, "GrundyGame(%d)", n);
        batch_add(&b, "Stripes(%d, {1, 3})", n);
    }
    failed += batch_check(&b, "take-and-break", seq_prefixes, &passed);
    /* beyond the proven period's certificate: the table stops at 256 values */
    for (int t = 0; t < 40; t++) {
        batch_add(&b, "Kayles(%d)", rnd(300, 1500));
        batch_add(&b, "DawsonKayles(%d)", rnd(300, 1500));
        batch_add(&b, "Subtract(%d, {2, 5, 7})", rnd(300, 5000));
        batch_add(&b, "Kayles(%d) + DawsonKayles(%d)", rnd(300, 900), rnd(300, 900));
    }
    failed += batch_check(&b, "through periods", seq_prefixes, &passed);
    b.prelude = user_rules;
    for (int n = 0; n <= 40; n++) {
        batch_add(&b, "S1(%d)", n);
        batch_add(&b, "S2(%d, %d)", n, rnd(1, 6));
        batch_add(&b, "K1(%d)", n);
        batch_add(&b, "K2(%d)", n);
        batch_add(&b, "L1(%d)", n);
        batch_add(&b, "G1(%d)", n);
        batch_add(&b, "LeaveOne(%d)", n);
        batch_add(&b, "Ceil(%d)", n);
        batch_add(&b, "Param(%d, T)", n);
        batch_add(&b, "Split0(%d, {2, 3})", n);
    }
    failed += batch_check(&b, "recognised", seq_prefixes, &passed);
    b.prelude = user_rules;
    for (int n = 0; n <= 40; n++) {
        batch_add(&b, "W(%d)", n);
        batch_add(&b, "Up(%d)", n);
    }
    failed += batch_check(&b, "not recognised", slow_prefixes, &passed);
    printf("sequence duel: %d agreed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
