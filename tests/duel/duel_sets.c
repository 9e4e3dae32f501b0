/* duel_sets.c: two-coordinate rulesets whose binders run over literal sets and lists ({1, 3, 4},
   [5, 2, 5]; every third one a constant of the program, `const C0 = {1, 3, 4}`), the shape the table strategy compiles to native loops. Random rulesets (fixed
   seed): each rule takes k from its set off one coordinate, off both, or off one while splitting
   off a second position T(k, 0); guards compare k with the coordinates (upper and lower bounds,
   which the table turns into the loop's bounds; one rule kind loops over a range 1..b). The engine's table of
   T(0..A, 0..B) (its own choice of strategy: the table's for most, a subtraction game's when one
   coordinate alone moves) is compared with SG
   values computed in C from the rules as stated here, by a plain recursion over the grid. Then
   one-coordinate subtraction games written as moves without binders, by the table's bottom-up
   fill (subtraction_duel). */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULESETS 150
#define A 24
#define B 18
#define MAXR 4
#define MAXV 5

static uint64_t seed = 0x5e75a11ULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* A rule: k from vals; kind 0: T(a - k, b) when k <= a; 1: T(a, b - k) when k <= b; 2: T(a - k,
   b - k) when k <= a and k <= b; 3: T(a - k, b) + T(k, 0) when k <= a and k < a - k (a split);
   4: T(a - k, b) when k <= a and a - k < b (a lower bound on k); 5: k over the range 1..b (not
   vals), T(a - k, b - 1) when k <= a and k + 2 >= b; 6: through two defs (which the table
   inlines): k in 1..cap(a, b), T(a - k, b) when odd(k + b), with cap(a, b) = min(a, b + 2) and
   odd(x) = x % 2 == 1; 7: k over 1..a, T(a - k, b) when popcount(k) == 1 (a power of two); 8: k
   over 1..4, T(a - k ** 2, b - 1) when k ** 2 <= a and b >= 1 (a square off a, one off b); 9: k
   over 1..a, T(a - k, b) when k in S<i>, a constant set of vals. */
typedef struct Rule { int kind, vals[MAXV], nvals; bool set, named; } Rule;   /* named: the set is a constant C<i> */
typedef struct Rules { Rule r[MAXR]; int n; } Rules;

static int sg[A + 1][B + 1];
static bool known[A + 1][B + 1];

static int value(const Rules *rs, int a, int b)
{
    if (known[a][b]) return sg[a][b];
    bool seen[64] = { false };
    for (int i = 0; i < rs->n; i++) {
        const Rule *r = &rs->r[i];
        for (int j = 0; j < r->nvals; j++) {
            int k = r->vals[j], x = -1;
            switch (r->kind) {
            case 0: if (k <= a) x = value(rs, a - k, b); break;
            case 1: if (k <= b) x = value(rs, a, b - k); break;
            case 2: if (k <= a && k <= b) x = value(rs, a - k, b - k); break;
            case 3: if (k <= a && k < a - k) x = value(rs, a - k, b) ^ value(rs, k, 0); break;
            case 4: if (k <= a && a - k < b) x = value(rs, a - k, b); break;
            default: break;
            }
            if (x >= 0 && x < 64) seen[x] = true;
        }
        if (r->kind == 5)
            for (int k = 1; k <= b; k++)
                if (k <= a && k + 2 >= b) seen[value(rs, a - k, b - 1)] = true;
        if (r->kind == 6)
            for (int k = 1; k <= (a < b + 2 ? a : b + 2); k++)
                if ((k + b) % 2 == 1) seen[value(rs, a - k, b)] = true;
        if (r->kind == 7)
            for (int k = 1; k <= a; k++)
                if ((k & (k - 1)) == 0) seen[value(rs, a - k, b)] = true;
        if (r->kind == 8)
            for (int k = 1; k <= 4; k++)
                if (k * k <= a && b >= 1) seen[value(rs, a - k * k, b - 1)] = true;
        if (r->kind == 9)
            for (int k = 1; k <= a; k++)
                for (int j = 0; j < r->nvals; j++)
                    if (r->vals[j] == k) {
                        seen[value(rs, a - k, b)] = true;
                        break;
                    }
    }
    int g = 0;
    while (seen[g]) g++;
    known[a][b] = true;
    return sg[a][b] = g;
}

static void random_rules(Rules *rs)
{
    rs->n = rnd(1, MAXR);
    for (int i = 0; i < rs->n; i++) {
        Rule *r = &rs->r[i];
        r->kind = rnd(0, 9);
        r->set = rnd(0, 3) > 0;
        r->nvals = rnd(1, MAXV);
        for (int j = 0; j < r->nvals; j++) r->vals[j] = rnd(1, 7);
        r->named = false;
    }
}

static void set_text(Str *t, const Rule *r)
{
    sput(t, "%c", r->set ? '{' : '[');
    for (int j = 0; j < r->nvals; j++) sput(t, "%s%d", j ? ", " : "", r->vals[j]);
    sput(t, "%c", r->set ? '}' : ']');
}

static void rule_text(Str *t, const Rule *r, int i)
{
    /* kinds 5-8: one fixed rule each (value() has their C side); 9: membership in S<i> */
    static const char *const fixed[] = { "(k in 1..b) when k <= a and k + 2 >= b => T(a - k, b - 1);",
                                         "(k in 1..cap(a, b)) when odd(k + b) => T(a - k, b);",
                                         "(k in 1..a) when popcount(k) == 1 => T(a - k, b);",
                                         "(k in 1..4) when k ** 2 <= a and b >= 1 => T(a - k ** 2, b - 1);" };
    if (r->kind >= 5 && r->kind <= 8) {
        sput(t, " move m%d%s", i, fixed[r->kind - 5]);
        return;
    }
    if (r->kind == 9) {   /* membership in a constant set */
        sput(t, " move m%d(k in 1..a) when k in S%d => T(a - k, b);", i, i);
        return;
    }
    if (r->named) {
        sput(t, " move m%d(k in C%d)", i, i);
    } else {
        sput(t, " move m%d(k in ", i);
        set_text(t, r);
        sput(t, ")");
    }
    switch (r->kind) {
    case 0: sput(t, " when k <= a => T(a - k, b);"); break;
    case 1: sput(t, " when k <= b => T(a, b - k);"); break;
    case 2: sput(t, " when k <= a and k <= b => T(a - k, b - k);"); break;
    case 3: sput(t, " when k <= a and k < a - k => T(a - k, b) + T(k, 0);"); break;
    default: sput(t, " when k <= a and a - k < b => T(a - k, b);"); break;
    }
}

/* One coordinate, moves without binders (`move m0 when n >= 5 => S(n - 3)`): the table's
   bottom-up fill of a subtraction game (its own loop once every rule applies), after a query deep
   enough to start it, against v(n) = mex { v(n - d) : n >= c } computed here. */
#define SUBS 120
#define SUB_N 3000
static int subtraction_duel(int *cells)
{
    int failures = 0;
    static int v[SUB_N + 1];
    for (int t = 0; t < SUBS; t++) {
        int nr = rnd(1, 4), d[4], c[4];
        Str prog = { 0 };
        sput(&prog, "game S(n) {");
        for (int i = 0; i < nr; i++) {
            d[i] = rnd(1, 9);
            c[i] = d[i] + (rnd(0, 2) ? 0 : rnd(1, 12));
            sput(&prog, " move m%d when n >= %d => S(n - %d);", i, c[i], d[i]);
        }
        sput(&prog, " }\nquery S(%d);\ntable S(0..%d);\n", SUB_N, SUB_N);
        Str want = { 0 };
        sput(&want, "\"values\":[");
        for (int n = 0; n <= SUB_N; n++) {
            bool seen[16] = { false };
            for (int i = 0; i < nr; i++)
                if (n >= c[i]) seen[v[n - d[i]]] = true;
            int g = 0;
            while (seen[g]) g++;
            v[n] = g;
            sput(&want, "%s%d", n ? "," : "", g);
        }
        sput(&want, "]");
        *cells += SUB_N + 1;
        int st;
        char *out = duel_run(prog.s, "table", &st, NULL);
        if (st || !out || !strstr(out, want.s)) {
            fprintf(stderr, "subtraction ruleset %d (status %d): the table differs from the rules in C:\n%s", t, st, prog.s);
            failures++;
        }
        free(out);
        free(want.s);
        free(prog.s);
    }
    return failures;
}

int main(void)
{
    int failures = 0, cells = 0, tabled = 0;
    for (int t = 0; t < RULESETS; t++) {
        Rules rs;
        random_rules(&rs);
        Str prog = { 0 };
        sput(&prog, "def odd(x) = x %% 2 == 1;\ndef cap(a, b) = min(a, b + 2);\n");
        for (int i = 0; i < rs.n; i++) {   /* every third set a constant of the program */
            Rule *r = &rs.r[i];
            if (r->kind == 9) {
                Rule set = *r;
                set.set = true;
                sput(&prog, "const S%d = ", i);
                set_text(&prog, &set);
                sput(&prog, ";\n");
                continue;
            }
            if (r->kind >= 5 || (t + i) % 3) continue;
            r->named = true;
            sput(&prog, "const C%d = ", i);
            set_text(&prog, r);
            sput(&prog, ";\n");
        }
        sput(&prog, "game T(a, b) {");
        for (int i = 0; i < rs.n; i++) rule_text(&prog, &rs.r[i], i);
        sput(&prog, " }\ntable T(0..%d, 0..%d);\nquery T(%d, %d);\n", A, B, A, B);
        int st;
        char *out = duel_run(prog.s, NULL, &st, NULL);
        if (st || !out) {
            fprintf(stderr, "ruleset %d: the engine failed (status %d):\n%s", t, st, prog.s);
            failures++;
            free(out);
            free(prog.s);
            continue;
        }
        memset(known, 0, sizeof known);
        /* the expected rows as the JSON prints them */
        Str want = { 0 };
        sput(&want, "\"rows\":[");
        for (int a = 0; a <= A; a++) {
            sput(&want, "%s[", a ? "," : "");
            for (int b = 0; b <= B; b++) sput(&want, "%s%d", b ? "," : "", value(&rs, a, b));
            sput(&want, "]");
        }
        sput(&want, "]");
        cells += (A + 1) * (B + 1);
        if (!strstr(out, want.s)) {
            fprintf(stderr, "ruleset %d: the table differs from the rules in C:\n%s\nwant %s\ngot  %s", t, prog.s, want.s, out);
            failures++;
        }
        char *q = strstr(out, "\"kind\":\"query\"");
        char *strat = q ? duel_field(q, "strategy") : NULL;
        if (strat && !strncmp(strat, "\"table", 6)) tabled++;   /* one coordinate alone: a subtraction game */
        free(strat);
        free(want.s);
        free(out);
        free(prog.s);
    }
    int subcells = 0;
    failures += subtraction_duel(&subcells);
    printf("set duel: %d subtraction rulesets by the table's fill, %d values compared\n", SUBS, subcells);
    if (tabled < RULESETS * 3 / 4) {
        fprintf(stderr, "only %d rulesets answered by the table strategy: the duel no longer tests its set binders\n", tabled);
        failures++;
    }
    printf("set duel: %d rulesets, %d cells compared, %d answered by the table strategy, %d failures\n", RULESETS, cells,
           tabled, failures);
    return failures ? 1 : 0;
}
