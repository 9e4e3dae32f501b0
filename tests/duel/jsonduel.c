/* jsonduel.c: a duel driver: one batch of queries answered twice, by the engine's own choice of
   strategy and by the memo search of the same rules, compared line by line in JSON (outcome, SG
   value where the fast path gives one, winning moves). */
#include "config.h"
#include "driver.h"
#include "run.h"
#include "jsonduel.h"
#include "program.h"
#include <gmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

char *duel_run(const char *text, const char *strategy, int *status, char **errors)
{
    return duel_run_capped(text, strategy, 0, status, errors);
}

char *duel_run_capped(const char *text, const char *strategy, size_t max_states, int *status, char **errors)
{
    char *buf = NULL, *ebuf = NULL;
    size_t len = 0, elen = 0;
    FILE *out = open_memstream(&buf, &len), *err = open_memstream(&ebuf, &elen);
    Program p;
    drv_init(&p, out, err);
    p.opt.json = true;
    p.opt.force_strategy = strategy;
    if (max_states) p.opt.max_states = max_states;
    int st = drv_load_stdlib(&p) ? 99 : drv_load(&p, "duel.game", text, strlen(text), NULL) ? 3 : run_pending(&p);
    drv_fini(&p);
    fclose(out);
    fclose(err);
    *status = st;
    if (errors) *errors = ebuf;
    else free(ebuf);
    return buf;
}

static char *run(const char *text, const char *strategy)
{
    int st;
    char *buf = duel_run(text, strategy, &st, NULL);
    if (st) {
        fprintf(stderr, "duel program failed (%s)\n", strategy ? strategy : "default");
        exit(99);
    }
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

void batch_add(Batch *b, const char *fmt, ...)
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
    b->len += (size_t)snprintf(b->text + b->len, b->cap - b->len, "query %s;\n", line);
    b->n++;
}

/* Compare the batch; every query must have used a closed form (or a sum of them). */
int batch_check(Batch *b, const char *what, const char *const *prefixes, int *passed)
{
    char *full = malloc(b->len + (b->prelude ? strlen(b->prelude) : 0) + 2);
    sprintf(full, "%s\n%s", b->prelude ? b->prelude : "", b->text);
    char *fa = run(full, NULL), *fb = run(full, "memo");
    free(full);
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
        bool fast = false;
        for (int j = 0; strat && prefixes[j]; j++)
            if (!strncmp(strat, prefixes[j], strlen(prefixes[j]))) fast = true;
        if (fast) closed++;
        else printf("%s: %.*s was not answered by the fast path (%s)\n", what, (int)(qe - q), q, strat ? strat : "?");
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


void sput(Str *t, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        va_start(ap, fmt);
        int n = gmp_vsnprintf(t->s ? t->s + t->len : NULL, t->s ? t->cap - t->len : 0, fmt, ap);
        va_end(ap);
        if (t->s && t->len + (size_t)n < t->cap) {
            t->len += (size_t)n;
            return;
        }
        t->cap = (t->cap + (size_t)n + 64) * 2;
        t->s = realloc(t->s, t->cap);
    }
}

uint64_t duel_splitmix(uint64_t *s)
{
    uint64_t z = (*s += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

char *duel_fmt(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = NULL;
    if (gmp_vasprintf(&s, fmt, ap) < 0) abort();
    va_end(ap);
    return s;
}

char *duel_field(const char *line, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", name);
    const char *s = strstr(line, key);
    if (!s) return NULL;
    s += strlen(key);
    size_t n = strcspn(s, ",}");
    char *r = malloc(n + 1);
    memcpy(r, s, n);
    r[n] = 0;
    return r;
}

/* ---- a small JSON reader (jsonduel.h) ---- */


static const char *dj_ws(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\n' || *p == '\r') p++;
    return p;
}

static const char *dj_str(const char *p, char **out)
{
    if (*p != '"') return NULL;
    Str t = { 0 };
    sput(&t, "");
    for (p++; *p != '"'; p++) {
        if (!*p) { free(t.s); return NULL; }
        if (*p != '\\') { sput(&t, "%c", *p); continue; }
        p++;
        if (*p == 'u') {   /* not needed here: kept as '?' */
            for (int i = 0; i < 4; i++)
                if (!p[1 + i]) { free(t.s); return NULL; }
            p += 4;
            sput(&t, "?");
        } else if (*p) {
            sput(&t, "%c", *p == 'n' ? '\n' : *p == 't' ? '\t' : *p);
        } else {
            free(t.s);
            return NULL;
        }
    }
    *out = t.s;
    return p + 1;
}

void dj_free(DJson *v)
{
    free(v->s);
    for (int i = 0; i < v->n; i++) {
        dj_free(&v->a[i]);
        if (v->k) free(v->k[i]);
    }
    free(v->a);
    free(v->k);
    memset(v, 0, sizeof *v);
}

const char *dj_parse(const char *p, DJson *v)
{
    memset(v, 0, sizeof *v);
    p = dj_ws(p);
    if (*p == '"') {
        v->t = 's';
        return dj_str(p, &v->s);
    }
    if (*p == '{' || *p == '[') {
        char close = *p == '{' ? '}' : ']';
        v->t = *p == '{' ? 'o' : 'a';
        p = dj_ws(p + 1);
        if (*p == close) return p + 1;
        for (;;) {
            v->a = realloc(v->a, (size_t)(v->n + 1) * sizeof *v->a);
            memset(&v->a[v->n], 0, sizeof *v->a);
            if (v->t == 'o') {
                v->k = realloc(v->k, (size_t)(v->n + 1) * sizeof *v->k);
                v->k[v->n] = NULL;
                if (!(p = dj_str(dj_ws(p), &v->k[v->n]))) { v->n++; return NULL; }
                p = dj_ws(p);
                if (*p++ != ':') { v->n++; return NULL; }
            }
            p = dj_parse(p, &v->a[v->n++]);
            if (!p) return NULL;
            p = dj_ws(p);
            if (*p == close) return p + 1;
            if (*p++ != ',') return NULL;
        }
    }
    size_t n = strcspn(p, ",]} \t\r\n");
    if (!n) return NULL;
    v->t = 'l';
    v->s = strndup(p, n);
    return p + n;
}

const DJson *dj_get(const DJson *o, const char *key)
{
    if (!o || o->t != 'o') return NULL;
    for (int i = 0; i < o->n; i++)
        if (!strcmp(o->k[i], key)) return &o->a[i];
    return NULL;
}

const char *dj_get_str(const DJson *o, const char *key)
{
    const DJson *v = dj_get(o, key);
    return v && v->t == 's' ? v->s : NULL;
}

int duel_lines(char *out, char **line, int max)
{
    int n = 0;
    for (char *s = out; s && *s && n < max; n++) {
        line[n] = s;
        s = strchr(s, '\n');
        if (s) *s++ = 0;
    }
    return n;
}

int duel_both_fail(const char *prog, size_t max_states, const char *needle, const char *what, int show)
{
    int bad = 0;
    for (int run = 0; run < 2; run++) {
        int st;
        char *e = NULL;
        char *out = duel_run_capped(prog, run ? "memo" : NULL, max_states, &st, &e);
        if (st == 0 || !e || !strstr(e, needle)) {
            bad++;
            if (show)
                printf("%s (%s): expected an error with \"%s\", the engine gave status %d: %s%s\n%s\n", what,
                       run ? "memo" : "default", needle, st, out ? out : "", e ? e : "", prog);
        }
        free(out);
        free(e);
    }
    return bad;
}

int duel_query_sg(const char *line, int want, int *table, char **got)
{
    char *sg = line ? duel_field(line, "sg") : NULL, *strat = line ? duel_field(line, "strategy") : NULL;
    int ok = sg && strcmp(sg, "null") != 0 && atoi(sg) == want;
    *table = strat && !strcmp(strat, "\"table\"");
    *got = sg;
    free(strat);
    return ok;
}
