/* duel_moves.c: winning moves counted as moves: winning_count of random sums of Nim heaps,
   subtraction games, Kayles rows, Dawson's Kayles rows and Grundy's game heaps (the last two up
   to 150: their splits are labelled by jumps over the innermost binder, label_jump.c, once a
   loop is long enough) against a count written from
   the rules in C (every term as
   written is a pile a player may move in; each rule option whose result makes the XOR zero is
   one winning move), Nim positions against the lecture's formula (piles with a ^ X < a), and
   misere Nim against exhaustive play (whoever takes the last token loses); and the moves listed
   in Kayles and Dawson's Kayles rows of up to 10^18 pins (next to a small Kayles row) against the
   values extended by their published periods, which the brute force confirms first. */
#include "config.h"
#include "brute.h"
#include "jsonduel.h"
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SUMS 400

static uint64_t seed = 0x30e5000ULL;
static int rnd(int lo, int hi) { return lo + (int)(duel_splitmix(&seed) % (uint64_t)(hi - lo + 1)); }

enum { T_HEAP, T_SUB, T_KAYLES, T_DAWSON, T_GRUNDY };
typedef struct Term { int kind, n, set[4], nset; } Term;

static int sg_term(const Term *t, int n)
{
    if (t->kind == T_HEAP) return n;
    if (t->kind == T_SUB) return brute_subtract(n, t->set, t->nset);
    if (t->kind == T_DAWSON) return brute_dawson(n);
    if (t->kind == T_GRUNDY) return brute_grundygame(n);
    return brute_kayles(n);
}

/* the winning moves of the terms, counted from the rules as stated */
static long long count_winning(const Term *t, int nt)
{
    int x = 0;
    for (int i = 0; i < nt; i++) x ^= sg_term(&t[i], t[i].n);
    long long c = 0;
    for (int i = 0; i < nt; i++) {
        int rest = x ^ sg_term(&t[i], t[i].n), n = t[i].n;
        if (t[i].kind == T_HEAP) {   /* take k in 1..n */
            for (int k = 1; k <= n; k++) c += (rest ^ (n - k)) == 0;
        } else if (t[i].kind == T_SUB) {   /* take k in S, k <= n */
            for (int j = 0; j < t[i].nset; j++)
                if (t[i].set[j] <= n) c += (rest ^ sg_term(&t[i], n - t[i].set[j])) == 0;
        } else if (t[i].kind == T_DAWSON) {   /* knock two pins leaving rows a and n - 2 - a, a <= n - 2 - a */
            for (int a = 0; n >= 2 && a <= (n - 2) / 2; a++) c += (rest ^ brute_dawson(a) ^ brute_dawson(n - 2 - a)) == 0;
        } else if (t[i].kind == T_GRUNDY) {   /* split into a and n - a, 1 <= a < n - a */
            for (int a = 1; a <= (n - 1) / 2; a++) c += (rest ^ brute_grundygame(a) ^ brute_grundygame(n - a)) == 0;
        } else {   /* knock k = 1 or 2 pins leaving rows a and n - k - a, a <= n - k - a (each split once) */
            for (int k = 1; k <= 2 && k <= n; k++)
                for (int a = 0; a <= (n - k) / 2; a++) c += (rest ^ brute_kayles(a) ^ brute_kayles(n - k - a)) == 0;
        }
    }
    return c;
}

static void term_text(const Term *t, char *out, size_t cap)
{
    if (t->kind == T_HEAP) snprintf(out, cap, "Heap(%d)", t->n);
    else if (t->kind == T_KAYLES) snprintf(out, cap, "Kayles(%d)", t->n);
    else if (t->kind == T_DAWSON) snprintf(out, cap, "DawsonKayles(%d)", t->n);
    else if (t->kind == T_GRUNDY) snprintf(out, cap, "GrundyGame(%d)", t->n);
    else {
        int len = snprintf(out, cap, "Subtract(%d, {", t->n);
        for (int j = 0; j < t->nset; j++) len += snprintf(out + len, cap - (size_t)len, "%s%d", j ? ", " : "", t->set[j]);
        snprintf(out + len, cap - (size_t)len, "})");
    }
}

/* misere Nim by exhaustive play: at most 4 heaps of at most 7, memoised by n and the sorted heaps */
static signed char mis_memo[1 << 15];

static bool mis_win(const int *h, int n)
{
    int code = 0, any = 0;
    int s[4];
    memcpy(s, h, (size_t)n * sizeof *s);
    for (int i = 1; i < n; i++)   /* sort: the memo is on the multiset */
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            int t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    for (int i = 0; i < n; i++) {
        code = code * 8 + s[i];
        any |= s[i];
    }
    code += n * 4096;
    if (!any) return true;   /* no move: the player to move has won (the opponent took the last) */
    if (mis_memo[code]) return mis_memo[code] > 0;
    bool win = false;
    for (int i = 0; i < n && !win; i++)
        for (int k = 1; k <= s[i] && !win; k++) {
            s[i] -= k;
            win = !mis_win(s, n);
            s[i] += k;
        }
    mis_memo[code] = win ? 1 : -1;
    return win;
}

/* ---- rows beyond any table: the listed moves of Kayles(n) and DawsonKayles(n), n up to 10^18 ---- */

/* The value of a row of n pins (Kayles: knock one or two; Dawson's: two) from brute force below
   HUGE_BRUTE, beyond by the published period (Kayles 12 from 71, Dawson's Kayles 34 from 53),
   which huge_period_ok checks against brute force first. */
#define HUGE_BRUTE 500
static int huge_g[2][HUGE_BRUTE];   /* [kayles][n], filled by huge_period_ok */

static int huge_value(int kayles, uint64_t n)
{
    int pre = kayles ? 71 : 53, per = kayles ? 12 : 34;
    if (n < HUGE_BRUTE) return huge_g[kayles][n];
    return huge_g[kayles][(uint64_t)pre + (n - (uint64_t)pre) % (uint64_t)per];
}

static bool huge_period_ok(void)
{
    for (int n = 0; n < HUGE_BRUTE; n++) {
        huge_g[1][n] = brute_kayles(n);
        huge_g[0][n] = brute_dawson(n);
    }
    for (int n = 71 + 12; n < HUGE_BRUTE; n++)
        if (huge_g[1][n] != huge_g[1][n - 12]) return false;
    for (int n = 53 + 34; n < HUGE_BRUTE; n++)
        if (huge_g[0][n] != huge_g[0][n - 34]) return false;
    return true;
}

/* Query R(n) + Kayles(s) for random huge n; the moves listed in R(n) (JSON "args": k and a) must
   be, for each k, the first winning splits in increasing a (the engine scans the first 2^18
   splits of a rule; C finds the next winning a from the last listed), and there must be some
   when C finds one among the first 2^18 splits. Returns the failures. */
static int huge_rows(int *passed)
{
    int failed = 0;
    for (int q = 0; q < 40; q++) {
        int kayles = q % 2 == 0, s = rnd(0, 9);
        uint64_t n = 1000000000000ull + duel_splitmix(&seed) % 999000000000000000ull;
        const char *name = kayles ? "Kayles" : "DawsonKayles";
        char *prog = duel_fmt("query %s(%llu) + Kayles(%d);\n", name, (unsigned long long)n, s);
        int status;
        char *out = duel_run(prog, NULL, &status, NULL);
        int rest = brute_kayles(s);
        char comp[80];
        snprintf(comp, sizeof comp, "\"component\":\"%s(%llu)\"", name, (unsigned long long)n);
        int64_t last[3] = { -1, -1, -1 };   /* per k: the last listed a */
        int listed = 0;
        bool bad = !out || !strstr(out, "\"moves\":[");
        for (const char *m = bad ? NULL : strstr(out, comp); m && !bad; m = strstr(m + 1, comp)) {
            const char *ar = strstr(m, "\"args\":{");
            if (!ar) { bad = true; break; }
            const char *kp = strstr(ar, "\"k\":"), *ap = strstr(ar, "\"a\":"), *end = strchr(ar, '}');
            int k = kayles ? (kp && kp < end ? atoi(kp + 4) : -1) : 2;
            int64_t a = ap && ap < end ? strtoll(ap + 4, NULL, 10) : -1;
            if (k < 1 || k > 2 || a < 0) { bad = true; break; }
            /* the next winning a after the last listed one for this k must be this one */
            int64_t want = last[k] + 1;
            uint64_t r = n - (uint64_t)k;
            while ((uint64_t)want <= r / 2 &&
                   (rest ^ huge_value(kayles, (uint64_t)want) ^ huge_value(kayles, r - (uint64_t)want)) != 0)
                want++;
            if (want != a) {
                if (failed < 10)
                    printf("FAIL: %s(%llu) + Kayles(%d): listed k=%d a=%lld, the next winning a is %lld\n", name,
                           (unsigned long long)n, s, k, (long long)a, (long long)want);
                bad = true;
                break;
            }
            last[k] = a;
            listed++;
        }
        if (!bad && listed == 0) {   /* none listed: then none among the splits the engine scans */
            for (int k = kayles ? 1 : 2; k <= 2 && !bad; k++)
                for (uint64_t a = 0; a <= ((uint64_t)1 << 18) && a <= (n - (uint64_t)k) / 2; a++)
                    if ((rest ^ huge_value(kayles, a) ^ huge_value(kayles, n - (uint64_t)k - a)) == 0) {
                        if (failed < 10)
                            printf("FAIL: %s(%llu) + Kayles(%d): no move listed, C has k=%d a=%llu\n", name,
                                   (unsigned long long)n, s, k, (unsigned long long)a);
                        bad = true;
                        break;
                    }
        }
        if (bad) failed++;
        else (*passed)++;
        free(out);
        free(prog);
    }
    return failed;
}

int main(void)
{
    Str prog = { 0 };
    long long *want = malloc(3 * SUMS * sizeof *want);
    int nq = 0;
    for (int q = 0; q < SUMS; q++) {   /* random sums; equal terms are frequent (small sizes) */
        Term t[4];
        int nt = rnd(1, 4);
        int subset[4], nsub = rnd(1, 3);
        for (int j = 0; j < nsub; j++) subset[j] = j == 0 ? rnd(1, 3) : subset[j - 1] + rnd(1, 3);
        char text[400] = "";
        size_t len = 0;
        for (int i = 0; i < nt; i++) {
            t[i].kind = rnd(0, 4);
            t[i].n = rnd(0, t[i].kind == T_HEAP ? 7 : t[i].kind >= T_DAWSON ? 150 : 12);
            t[i].nset = nsub;
            memcpy(t[i].set, subset, sizeof subset);
            char one[80];
            term_text(&t[i], one, sizeof one);
            len += (size_t)snprintf(text + len, sizeof text - len, "%s%s", i ? " + " : "", one);
        }
        sput(&prog, "print winning_count(%s);\n", text);
        want[nq++] = count_winning(t, nt);
    }
    for (int q = 0; q < SUMS; q++) {   /* Nim(a...) by the lecture's rule: piles where a ^ X < a */
        int h[5], n = rnd(1, 5), x = 0;
        char text[200];
        int len = snprintf(text, sizeof text, "Nim(");
        for (int i = 0; i < n; i++) {
            h[i] = rnd(0, 15);
            x ^= h[i];
            len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", i ? ", " : "", h[i]);
        }
        snprintf(text + len, sizeof text - (size_t)len, ")");
        int c = 0;
        for (int i = 0; i < n; i++) c += (h[i] ^ x) < h[i];
        sput(&prog, "print winning_count(%s);\n", text);
        want[nq++] = c;
    }
    for (int q = 0; q < SUMS / 2; q++) {   /* misere(Nim(a...)): moves to positions the opponent loses */
        int h[4], n = rnd(1, 4);
        char text[200];
        int len = snprintf(text, sizeof text, "misere(Nim(");
        for (int i = 0; i < n; i++) {
            h[i] = rnd(0, 7);
            len += snprintf(text + len, sizeof text - (size_t)len, "%s%d", i ? ", " : "", h[i]);
        }
        snprintf(text + len, sizeof text - (size_t)len, "))");
        int c = 0;
        bool any = false;
        for (int i = 0; i < n; i++) any |= h[i] > 0;
        for (int i = 0; i < n && any; i++)
            for (int k = 1; k <= h[i]; k++) {
                h[i] -= k;
                c += !mis_win(h, n);
                h[i] += k;
            }
        sput(&prog, "print winning_count(%s);\n", text);
        want[nq++] = c;
    }
    int status;
    char *out = duel_run(prog.s, NULL, &status, NULL);
    int passed = 0, failed = 0;
    const char *line = out;
    for (int q = 0; q < nq; q++) {
        const char *v = line ? strstr(line, "\"value\":") : NULL;
        if (!v) {
            printf("FAIL: no answer for query %d (status %d)\n", q, status);
            failed++;
            break;
        }
        long long got = strtoll(v + 8, NULL, 10);
        if (got == want[q]) passed++;
        else if (failed++ < 10) {
            const char *s = prog.s;
            for (int k = 0; k < q && s; k++) s = strchr(s, '\n') + 1;
            printf("FAIL: %.*s engine %lld, brute force %lld\n", (int)(strchr(s, '\n') - s), s, got, want[q]);
        }
        line = strchr(v, '\n');
    }
    if (!huge_period_ok()) {
        printf("FAIL: Kayles' or Dawson's Kayles' brute-force values do not have the published period\n");
        failed++;
    } else {
        failed += huge_rows(&passed);
    }
    printf("duel_moves: %d passed, %d failed\n", passed, failed);
    free(out);
    free(prog.s);
    free(want);
    return failed ? 1 : 0;
}
