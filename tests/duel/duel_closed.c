/* duel_closed.c: every closed form against the engine's search of the same game's rules: on every
   small instance, the query answered by the form (strategy "closed:...") and by `memo` must agree
   on outcome, SG value (where the form gives one) and the list of winning moves. */
#include "config.h"
#include "program.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char *run(const char *text, const char *strategy)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    Program p;
    prog_init(&p, out, stderr);
    p.json = true;
    p.force_strategy = strategy;
    if (prog_load_stdlib(&p) || prog_load(&p, "duel.game", text, strlen(text), NULL) || prog_run(&p)) {
        fprintf(stderr, "duel program failed (%s)\n", strategy ? strategy : "default");
        exit(99);
    }
    prog_fini(&p);
    fclose(out);
    return buf;
}

/* Cut the "strategy" field off a JSON line (it is last); returns the strategy. */
static char *cut_strategy(char *line)
{
    char *s = strstr(line, ",\"strategy\":\"");
    if (!s) return NULL;
    *s = 0;
    return s + 13;
}

/* Where the form knows only the outcome it prints "sg":null: drop the searched value too. */
static void null_sg(char *line)
{
    char *s = strstr(line, "\"sg\":");
    if (!s) return;
    s += 5;
    char *e = s;
    while (*e >= '0' && *e <= '9') e++;
    if (e == s) return;
    memmove(s + 4, e, strlen(e) + 1);
    memcpy(s, "null", 4);
}

typedef struct Batch { char *text; size_t len, cap; int n; } Batch;

static void add(Batch *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void add(Batch *b, const char *fmt, ...)
{
    char line[512];
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(line, sizeof line - 8, fmt, ap);
    va_end(ap);
    if (b->len + (size_t)k + 16 > b->cap) {
        b->cap = (b->cap + (size_t)k + 16) * 2;
        b->text = realloc(b->text, b->cap);
    }
    b->len += (size_t)sprintf(b->text + b->len, "query %s;\n", line);
    b->n++;
}

/* Compare the batch; every query must have used a closed form (or a sum of them). */
static int check(Batch *b, const char *what, int *passed)
{
    char *fa = run(b->text, NULL), *fb = run(b->text, "memo");
    int failed = 0, closed = 0;
    char *sa = NULL, *sb = NULL;
    char *la = strtok_r(fa, "\n", &sa), *lb = strtok_r(fb, "\n", &sb);
    const char *q = b->text;
    for (int i = 0; i < b->n; i++) {
        const char *qe = strchr(q, '\n');
        if (!la || !lb) { printf("%s: missing output\n", what); failed++; break; }
        char *strat = cut_strategy(la);
        cut_strategy(lb);
        if (strstr(la, "\"sg\":null")) null_sg(lb);
        if (strat && (!strncmp(strat, "closed:", 7) || !strncmp(strat, "sum", 3))) closed++;
        else printf("%s: %.*s was not answered by a closed form (%s)\n", what, (int)(qe - q), q, strat ? strat : "?");
        if (strcmp(la, lb)) {
            if (failed < 5) printf("MISMATCH %s: %.*s\n  closed form: %s\n  search:      %s\n", what, (int)(qe - q), q, la, lb);
            failed++;
        } else {
            (*passed)++;
        }
        q = qe + 1;
        la = strtok_r(NULL, "\n", &sa);
        lb = strtok_r(NULL, "\n", &sb);
    }
    if (closed != b->n) failed++;
    printf("%-16s %5d instances, %d mismatches\n", what, b->n, failed);
    free(fa);
    free(fb);
    free(b->text);
    memset(b, 0, sizeof *b);
    return failed;
}

static int rnd(int lo, int hi) { return lo + rand() % (hi - lo + 1); }

static void coin_strings(Batch *b, const char *game, int maxlen)
{
    for (int len = 0; len <= maxlen; len++)
        for (int m = 0; m < (1 << len); m++) {
            char s[32];
            for (int i = 0; i < len; i++) s[i] = (m >> i) & 1 ? 'H' : 'T';
            s[len] = 0;
            add(b, "%s(\"%s\")", game, s);
        }
}

int main(void)
{
    srand(20261130);
    Batch b = { 0 };
    int failed = 0, passed = 0;
    for (int n = 0; n <= 60; n++) add(&b, "Heap(%d)", n);
    for (int t = 0; t < 300; t++) {
        int k = rnd(1, 4);
        char s[128];
        int len = sprintf(s, "Nim(");
        for (int i = 0; i < k; i++) len += sprintf(s + len, "%s%d", i ? ", " : "", rnd(0, 12));
        add(&b, "%s)", s);
    }
    failed += check(&b, "nim", &passed);
    for (int n = 0; n <= 40; n++)
        for (int m = 1; m <= 8; m++) add(&b, "Bash(%d, %d)", n, m);
    failed += check(&b, "bash", &passed);
    for (int n = 0; n <= 40; n++)
        for (int a = 1; a <= 5; a++)
            for (int w = 0; w <= 5; w++) add(&b, "TakeRange(%d, %d, %d)", n, a, a + w);
    failed += check(&b, "takerange", &passed);
    for (int n = 0; n <= 80; n++) add(&b, "Lasker(%d)", n);
    for (int t = 0; t < 200; t++) add(&b, "Lasker(%d) + Lasker(%d)", rnd(0, 25), rnd(0, 25));
    failed += check(&b, "lasker", &passed);
    for (int n = 0; n <= 150; n++) add(&b, "PrimePowerSubtract(%d)", n);
    failed += check(&b, "primepower", &passed);
    for (int m = 0; m < 256; m++) add(&b, "Staircase(%d, %d, %d, %d)", m & 3, (m >> 2) & 3, (m >> 4) & 3, m >> 6);
    for (int t = 0; t < 200; t++) add(&b, "Staircase(%d, %d, %d, %d, %d)", rnd(0, 4), rnd(0, 4), rnd(0, 4), rnd(0, 4), rnd(0, 4));
    failed += check(&b, "staircase", &passed);
    for (int x = 0; x <= 25; x++)
        for (int y = 0; y <= 25; y++) add(&b, "Wythoff(%d, %d)", x, y);
    failed += check(&b, "wythoff", &passed);
    for (int x = 0; x <= 30; x++)
        for (int y = 0; y <= 30; y++) add(&b, "Euclid(%d, %d)", x, y);
    failed += check(&b, "euclid", &passed);
    for (int x = 1; x <= 30; x++)
        for (int y = 1; y <= 30; y++) add(&b, "ED(%d, %d)", x, y);
    failed += check(&b, "ed", &passed);
    for (int n = 0; n <= 60; n++) {
        add(&b, "FibNim(%d)", n);
        for (int l = 0; l <= 20; l++) add(&b, "FibNim(%d, %d)", n, l);
    }
    failed += check(&b, "fibnim", &passed);
    coin_strings(&b, "TurnOne", 7);
    coin_strings(&b, "TurningTurtles", 7);
    coin_strings(&b, "Twins", 7);
    coin_strings(&b, "MockTurtles", 7);
    coin_strings(&b, "Ruler", 7);
    failed += check(&b, "coins", &passed);
    for (int t = 0; t < 300; t++)
        add(&b, "Heap(%d) + Bash(%d, %d) + Lasker(%d) + ED(%d, %d) + MockTurtles(\"%s\")", rnd(0, 9), rnd(0, 20), rnd(1, 4),
            rnd(0, 12), rnd(1, 9), rnd(1, 9), rnd(0, 1) ? "THTH" : "HHT");
    failed += check(&b, "sums", &passed);
    printf("closed-form duel: %d agreed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
