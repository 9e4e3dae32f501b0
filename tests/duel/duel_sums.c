/* duel_sums.c: sg() and outcome() of sums, which the solver answers from the strategies' values
   without storing a state when every component has one at hand (a closed form, its arguments
   sorted when its canon sorts them; a compiled table), and the usual way otherwise. Random sums
   (fixed seed) of Nim heaps, of a two-coordinate game the table compiles, of Empty and Divide
   pairs in either order (a closed form behind a sorting canon), of Kayles rows (a sequence) and
   of Wythoff positions (a closed form behind a canon of int()s, which has no peek), with
   repeated components and counts (2 * A); the values are checked against SG values computed
   here from the rules as stated (the XOR of the parts). */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUMS 400
#define PER_PROGRAM 50
#define MAXV 40

static uint64_t seed = 0x50e5ULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

static int mex(const bool *seen)
{
    int g = 0;
    while (seen[g]) g++;
    return g;
}

/* T(a, b): take 1 or 2 from a, or any number from b while a >= 1 */
static int t_memo[MAXV + 1][MAXV + 1];
static int t_sg(int a, int b)
{
    if (t_memo[a][b] >= 0) return t_memo[a][b];
    bool seen[4 * MAXV] = { false };
    for (int k = 1; k <= 2 && k <= a; k++) seen[t_sg(a - k, b)] = true;
    for (int k = 1; k <= b && a >= 1; k++) seen[t_sg(a, b - k)] = true;
    return t_memo[a][b] = mex(seen);
}

/* Kayles(n): knock down one pin or two adjacent ones, the row may split */
static int k_memo[MAXV + 1];
static int kayles(int n)
{
    if (k_memo[n] >= 0) return k_memo[n];
    bool seen[4 * MAXV] = { false };
    for (int k = 1; k <= 2 && k <= n; k++)
        for (int a = 0; a <= n - k; a++) seen[kayles(a) ^ kayles(n - k - a)] = true;
    return k_memo[n] = mex(seen);
}

/* Wythoff(a, b): any number from one pile, or the same from both */
static int w_memo[MAXV + 1][MAXV + 1];
static int wythoff(int a, int b)
{
    if (w_memo[a][b] >= 0) return w_memo[a][b];
    bool seen[8 * MAXV] = { false };
    for (int k = 1; k <= a; k++) seen[wythoff(a - k, b)] = true;
    for (int k = 1; k <= b; k++) seen[wythoff(a, b - k)] = true;
    for (int k = 1; k <= a && k <= b; k++) seen[wythoff(a - k, b - k)] = true;
    return w_memo[a][b] = mex(seen);
}

/* ED(a, b): split one pile into two non-empty piles, the other pile is removed */
static int e_memo[MAXV + 1][MAXV + 1];
static int ed(int a, int b)
{
    if (e_memo[a][b] >= 0) return e_memo[a][b];
    bool seen[4 * MAXV] = { false };
    for (int x = 1; x < a; x++) seen[ed(x, a - x)] = true;
    for (int x = 1; x < b; x++) seen[ed(x, b - x)] = true;
    return e_memo[a][b] = mex(seen);
}

/* A random component: its text into t, its SG value returned. */
static int component(Str *t, bool table_only)
{
    int kind = table_only ? rnd(0, 2) : rnd(0, 4), a = rnd(0, MAXV), b = rnd(0, MAXV);
    switch (kind) {
    case 0: sput(t, "Heap(%d)", a); return a;
    case 1: sput(t, "T(%d, %d)", a, b); return t_sg(a, b);
    case 2:
        a += !a;
        b += !b;
        sput(t, "ED(%d, %d)", a, b);
        return ed(a, b);
    case 3: sput(t, "Kayles(%d)", a); return kayles(a);
    default: sput(t, "Wythoff(%d, %d)", a, b); return wythoff(a, b);
    }
}

int main(void)
{
    memset(t_memo, 0xff, sizeof t_memo);
    memset(k_memo, 0xff, sizeof k_memo);
    memset(w_memo, 0xff, sizeof w_memo);
    memset(e_memo, 0xff, sizeof e_memo);
    int failures = 0, sums = 0;
    for (int prog = 0; prog < SUMS / PER_PROGRAM; prog++) {
        Str text = { 0 }, want_sg = { 0 }, want_out = { 0 };
        sput(&text, "game T(a, b) { move x(k in 1..2) when k <= a => T(a - k, b); move y(k in 1..b) when a >= 1 => T(a, b - k); }\n");
        Str sgs = { 0 }, outs = { 0 };
        sput(&sgs, "print [");
        sput(&outs, "print [");
        sput(&want_sg, "\"value\":[");
        sput(&want_out, "\"value\":[");
        for (int i = 0; i < PER_PROGRAM; i++) {
            /* half of the sums from peeked components only (Heap, T, ED), half mixed */
            bool table_only = i % 2 == 0;
            int n = rnd(1, 6), x = 0;
            Str sum = { 0 };
            for (int c = 0; c < n; c++) {
                int copies = rnd(0, 3) ? 1 : rnd(2, 3);
                if (c) sput(&sum, " + ");
                if (copies > 1) sput(&sum, "%d * ", copies);
                int g = component(&sum, table_only);
                if (copies & 1) x ^= g;
            }
            sput(&sgs, "%ssg(%s)", i ? ", " : "", sum.s);
            sput(&outs, "%soutcome(%s)", i ? ", " : "", sum.s);
            sput(&want_sg, "%s%d", i ? "," : "", x);
            sput(&want_out, "%s\"%c\"", i ? "," : "", x ? 'N' : 'P');
            free(sum.s);
            sums++;
        }
        sput(&sgs, "];\n");
        sput(&outs, "];\n");
        sput(&want_sg, "]");
        sput(&want_out, "]");
        sput(&text, "%s%s", sgs.s, outs.s);
        int st;
        char *out = duel_run(text.s, NULL, &st, NULL);
        char *second = out ? strstr(out, "\n{") : NULL;
        if (st || !out || !second || !strstr(out, want_sg.s) || !strstr(second, want_out.s)) {
            fprintf(stderr, "program %d (status %d): the sums differ from the XOR of the parts' values in C:\n%s\nwant %s\n"
                    "and  %s\ngot  %s", prog, st, text.s, want_sg.s, want_out.s, out ? out : "(nothing)");
            failures++;
        }
        free(out);
        free(text.s);
        free(sgs.s);
        free(outs.s);
        free(want_sg.s);
        free(want_out.s);
    }
    printf("sum duel: %d sums by sg() and outcome(), %d failures\n", sums, failures);
    return failures ? 1 : 0;
}
