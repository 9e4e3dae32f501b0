/* duel_wide.c: rulesets of four to six integer parameters, which the table strategy compiles to
   native loops over a map of cells (a dense array holds three coordinates at most). Random
   rulesets (fixed seed): a rule takes k off one coordinate, the same k off two, splits k off one
   into a second position T(k, 0, ...), or takes k off one under a lower bound that another
   coordinate sets; k runs over a range up to the coordinate or over a literal set; some rulesets
   sort their coordinates (canon). The engine's SG value of every position with coordinates in
   0..M is compared with values computed in C from the rules as stated here (a recursion over the
   grid, the canon applied before a position's moves are made: a sort of every coordinate, or of
   the first two only, which the table evaluates as expressions). The winning moves of a few
   positions per ruleset are compared with memo's (batch_check). */
#include "config.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RULESETS 300
#define MAXNP 6
#define MAXR 4
#define MAXV 4
#define CELLS 4096
/* --max-states of the second run: every position fits (at most 4096), an array of 16 per
   coordinate does not (the table then keeps a map) */
#define SPARSE_STATES 5000
/* queries per ruleset whose winning moves are compared with memo's */
#define QUERIES 6

static const char *const table_prefix[] = { "table", NULL };

static uint64_t seed = 0x3a1de5ULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

/* A rule on coordinates i (and j): kind 0: k off i; 1: k off i and j; 2: k off i, split into
   T(k, 0, ...) when k < x_i - k; 3: k off i when x_i - k < x_j. k over vals (set) or 1..x_i. */
typedef struct Rule { int kind, i, j, vals[MAXV], nvals; bool range; } Rule;
/* canon: 0 none, 1 every coordinate sorted, 2 the first two in order (min, max), the others kept */
typedef struct Rules { Rule r[MAXR]; int n, np, m, canon; } Rules;

static int sg[CELLS];
static bool known[CELLS];

static int index_of(const Rules *rs, const int *x)
{
    int ix = 0;
    for (int q = 0; q < rs->np; q++) ix = ix * (rs->m + 1) + x[q];
    return ix;
}

static void sorted(const Rules *rs, int *x)
{
    for (int q = 1; q < rs->np; q++)
        for (int p = q; p > 0 && x[p - 1] > x[p]; p--) {
            int t = x[p];
            x[p] = x[p - 1];
            x[p - 1] = t;
        }
}

static int value(const Rules *rs, const int *pos)
{
    int x[MAXNP];
    memcpy(x, pos, sizeof x);
    /* the canon: the position it gives stands for every position it maps there */
    if (rs->canon == 1) sorted(rs, x);
    if (rs->canon == 2 && x[0] > x[1]) {
        int t = x[0];
        x[0] = x[1];
        x[1] = t;
    }
    int ix = index_of(rs, x);
    if (known[ix]) return sg[ix];
    bool seen[64] = { false };
    for (int r = 0; r < rs->n; r++) {
        const Rule *u = &rs->r[r];
        int hi = u->range ? x[u->i] : u->nvals - 1;
        for (int v = u->range ? 1 : 0; v <= hi; v++) {
            int k = u->range ? v : u->vals[v];
            if (k > x[u->i]) continue;
            int y[MAXNP];
            memcpy(y, x, sizeof y);
            y[u->i] -= k;
            int g = -1;
            switch (u->kind) {
            case 0: g = value(rs, y); break;
            case 1:
                if (k <= x[u->j]) {
                    y[u->j] -= k;
                    g = value(rs, y);
                }
                break;
            case 2:
                if (k < x[u->i] - k) {
                    int z[MAXNP] = { 0 };
                    z[0] = k;
                    g = value(rs, y) ^ value(rs, z);
                }
                break;
            default:
                if (x[u->i] - k < x[u->j]) g = value(rs, y);
                break;
            }
            if (g >= 0) seen[g] = true;
        }
    }
    int g = 0;
    while (seen[g]) g++;
    known[ix] = true;
    return sg[ix] = g;
}

static const char *const names = "abcdef";

static void random_rules(Rules *rs)
{
    rs->np = rnd(4, MAXNP);
    rs->m = rs->np == 4 ? 6 : rs->np == 5 ? 4 : 3;   /* at most 7^4 = 2401 cells */
    rs->canon = rnd(0, 4);
    if (rs->canon > 2) rs->canon = 0;
    rs->n = rnd(1, MAXR);
    for (int r = 0; r < rs->n; r++) {
        Rule *u = &rs->r[r];
        u->kind = rnd(0, 3);
        u->i = rnd(0, rs->np - 1);
        do u->j = rnd(0, rs->np - 1); while (u->j == u->i);
        u->range = rnd(0, 2) == 0;
        u->nvals = rnd(1, MAXV);
        for (int v = 0; v < u->nvals; v++) u->vals[v] = rnd(1, 5);
    }
}

/* T(...) with coordinate i less k (and j too when both), or T(k, 0, ...) when split. */
static void position(Str *t, const Rules *rs, int i, int j, bool split)
{
    sput(t, "T(");
    for (int q = 0; q < rs->np; q++) {
        if (split) sput(t, "%s%s", q ? ", " : "", q ? "0" : "k");
        else sput(t, "%s%c%s", q ? ", " : "", names[q], q == i || q == j ? " - k" : "");
    }
    sput(t, ")");
}

static void program(Str *t, const Rules *rs)
{
    sput(t, "game T(");
    for (int q = 0; q < rs->np; q++) sput(t, "%s%c", q ? ", " : "", names[q]);
    sput(t, ") {");
    if (rs->canon == 1) {
        sput(t, " canon (sort([");
        for (int q = 0; q < rs->np; q++) sput(t, "%s%c", q ? ", " : "", names[q]);
        sput(t, "])...);");
    }
    if (rs->canon == 2) {
        sput(t, " canon (min(a, b), max(a, b)");
        for (int q = 2; q < rs->np; q++) sput(t, ", %c", names[q]);
        sput(t, ");");
    }
    for (int r = 0; r < rs->n; r++) {
        const Rule *u = &rs->r[r];
        char xi = names[u->i], xj = names[u->j];
        if (u->range) sput(t, " move m%d(k in 1..%c)", r, xi);
        else {
            sput(t, " move m%d(k in {", r);
            for (int v = 0; v < u->nvals; v++) sput(t, "%s%d", v ? ", " : "", u->vals[v]);
            sput(t, "}) when k <= %c", xi);
        }
        const char *and = u->range ? " when" : " and";
        switch (u->kind) {
        case 0: sput(t, " => "); position(t, rs, u->i, -1, false); break;
        case 1: sput(t, "%s k <= %c => ", and, xj); position(t, rs, u->i, u->j, false); break;
        case 2:
            sput(t, "%s k < %c - k => ", and, xi);
            position(t, rs, u->i, -1, false);
            sput(t, " + ");
            position(t, rs, -1, -1, true);
            break;
        default: sput(t, "%s %c - k < %c => ", and, xi, xj); position(t, rs, u->i, -1, false); break;
        }
        sput(t, ";");
    }
    sput(t, " }\nprint [sg(T(");
    for (int q = 0; q < rs->np; q++) sput(t, "%s%c", q ? ", " : "", names[q]);
    sput(t, ")) for ");
    for (int q = 0; q < rs->np; q++) sput(t, "%s%c in 0..%d", q ? ", " : "", names[q], rs->m);
    sput(t, "];\nquery T(");
    for (int q = 0; q < rs->np; q++) sput(t, "%s%d", q ? ", " : "", rs->m);
    sput(t, ");\n");
}

int main(void)
{
    int failures = 0, cells = 0, tabled[2] = { 0, 0 }, moves_passed = 0;
    for (int t = 0; t < RULESETS; t++) {
        Rules rs;
        random_rules(&rs);
        Str prog = { 0 };
        program(&prog, &rs);
        memset(known, 0, sizeof known);
        /* every position, the last coordinate fastest, as the list prints them */
        Str want = { 0 };
        sput(&want, "\"value\":[");
        int x[MAXNP] = { 0 }, n = 0;
        for (;;) {
            sput(&want, "%s%d", n++ ? "," : "", value(&rs, x));
            int q = rs.np - 1;
            while (q >= 0 && x[q] == rs.m) x[q--] = 0;
            if (q < 0) break;
            x[q]++;
        }
        sput(&want, "]");
        /* twice: the table as a dense array, then (a state limit of SPARSE_STATES keeps the
           array below what the coordinates need) as a map */
        for (int run = 0; run < 2; run++) {
            int st;
            char *out = duel_run_capped(prog.s, NULL, run ? SPARSE_STATES : 0, &st, NULL);
            cells += n;
            if (st || !out || !strstr(out, want.s)) {
                const char *got = out ? strstr(out, "\"value\":[") : NULL;
                size_t at = 0;
                while (got && got[at] && got[at] == want.s[at]) at++;
                fprintf(stderr, "ruleset %d (%s, status %d): the values differ from the rules in C:\n%s\nfirst difference "
                        "at character %zu of the list: want %.40s\ngot  %.40s\n", t, run ? "map" : "array", st, prog.s, at,
                        want.s + at, got ? got + at : "(no list)");
                failures++;
            }
            char *q = out ? strstr(out, "\"kind\":\"query\"") : NULL;
            char *strat = q ? duel_field(q, "strategy") : NULL;
            bool table = strat && !strcmp(strat, "\"table\"");
            if (table) tabled[run]++;
            free(strat);
            free(out);
            if (!table || run) continue;
            /* the winning moves: queries by the table and by memo must print the same (the values
               are the recursion's above; the moves come from the rules either way) */
            char *cut = strstr(prog.s, "\nprint");
            Batch b = { 0 };
            char *prelude = cut ? duel_fmt("%.*s", (int)(cut - prog.s), prog.s) : NULL;
            b.prelude = prelude;   /* batch_check clears b */
            for (int qi = 0; qi < QUERIES; qi++) {
                Str pos = { 0 };
                for (int c = 0; c < rs.np; c++) sput(&pos, "%s%d", c ? ", " : "", rnd(0, rs.m));
                batch_add(&b, "T(%s)", pos.s);
                free(pos.s);
            }
            char what[32];
            snprintf(what, sizeof what, "wide %d", t);
            failures += batch_check(&b, what, table_prefix, &moves_passed);
            free(prelude);
        }
        free(want.s);
        free(prog.s);
    }
    if (tabled[0] < RULESETS * 3 / 4 || tabled[1] < RULESETS * 3 / 4) {
        fprintf(stderr, "only %d and %d rulesets answered by the table strategy: the duel no longer tests its wide games\n",
                tabled[0], tabled[1]);
        failures++;
    }
    printf("wide duel: %d rulesets of 4-6 parameters, %d positions compared, answered by the table strategy: %d as an "
           "array, %d as a map; %d queries with the same winning moves as memo's; %d failures\n", RULESETS, cells,
           tabled[0], tabled[1], moves_passed, failures);
    return failures ? 1 : 0;
}
