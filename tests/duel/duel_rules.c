/* duel_rules.c: the ruleset duel. Thousands of random one-heap rulesets (rulegen.c: ranges, sets,
   lists, constants, fixed removals, unbounded ranges, splits into 2 or 3 parts, guards on n, k and
   parity, shapes that look octal and are not, a second parameter) are written as `.game` text
   and answered three ways: by the engine's own choice of strategy, by `--strategy memo`, and by
   the brute force of rulegen.c. Tables, outcomes, SG values and the complete winning-move lists
   must agree; every period the engine reports is checked against the brute force far beyond the
   values it used, and heaps answered through a proven period (up to 10^18) against the period
   the brute force confirmed. Seeded: the same rulesets every run; DUEL_RULESETS=N runs N. */
#include "config.h"
#include "jsonduel.h"
#include "rulegen.h"
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define BATCH 40
#define MAX_FAIL_SHOWN 8

/* ---- what each output line should be ----------------------------------------------------- */

typedef enum LineKind { L_TABLE, L_QUERY, L_PERIOD } LineKind;
typedef struct Line {
    LineKind kind;
    int rs;                 /* index of the ruleset in the batch */
    char *stmt;             /* the statement (for messages) */
    char *want;             /* the expected JSON without "strategy" (tables, queries), or NULL */
} Line;

typedef struct Plan { Line *v; size_t n, cap; } Plan;

static void plan_add(Plan *p, LineKind k, int rs, char *stmt, char *want)
{
    if (p->n == p->cap) {
        p->cap = p->cap ? 2 * p->cap : 64;
        p->v = realloc(p->v, p->cap * sizeof *p->v);
    }
    p->v[p->n++] = (Line){ k, rs, stmt, want };
}

static void plan_free(Plan *p)
{
    for (size_t i = 0; i < p->n; i++) {
        free(p->v[i].stmt);
        free(p->v[i].want);
    }
    free(p->v);
    memset(p, 0, sizeof *p);
}

/* ---- the brute force's answers --------------------------------------------------------------- */

typedef struct Inst {
    Ruleset rs;
    RgValues v;             /* G(0..N) */
    int N;                  /* queries and the table cover 0..N */
    char *text;             /* the game's declaration, for failure reports */
    bool recognised;        /* the engine answered it by the sequence strategy */
    bool heap_kind;         /* ... as a "heap" game (not finite: no period can be proven) */
    bool by_table;          /* a query of it was answered by the table strategy */
} Inst;

static void pos_text(const Ruleset *rs, long long n, Str *t)
{
    char b[128];
    rg_pos(rs, n, b, sizeof b);
    sput(t, "%s", b);
}

/* A sum of heaps as the engine prints positions: equal heaps next to each other as "k * R(n)". */
static void sum_text(const Ruleset *rs, const long long *h, int n, Str *t)
{
    if (!n) sput(t, "0");
    for (int i = 0, k = 0; i < n; i += k, k = 0) {
        while (i + k < n && h[i + k] == h[i]) k++;
        sput(t, "%s", i ? " + " : "");
        if (k > 1) sput(t, "%d * ", k);
        pos_text(rs, h[i], t);
    }
}

/* Whether some rule splits the heap after a removal from a range that grows with n. */
static bool unbounded_split(const Ruleset *rs)
{
    for (int i = 0; i < rs->nrules; i++) {
        const RgRule *r = &rs->r[i];
        if (r->parts >= 2 && r->dom == RG_RANGE && r->hi != RG_HI_CONST && r->hi != RG_HI_M && r->hi != RG_HI_MIN_CN &&
            r->hi != RG_HI_MIN_MN)
            return true;
    }
    return false;
}

/* The value of heap n: from the table, or through the period the brute force confirmed. */
typedef struct Per { bool ok; long long e, p, s; } Per;   /* G(n + p) = G(n) + s from e on */

static uint64_t val_of(const Inst *in, const Per *per, long long n)
{
    if (n <= in->v.N) return in->v.g[n];
    long long i = per->e + (n - per->e) % per->p;
    return in->v.g[i] + (uint64_t)per->s * (uint64_t)((n - per->e) / per->p);
}

static bool any_cb(const long long *parts, int np, void *ctx)
{
    (void)parts;
    (void)np;
    *(bool *)ctx = true;
    return true;
}

/* Beyond the table only rulesets with finite domains are asked about: enumerate. */
static bool has_move(const Inst *in, const Per *per, long long n)
{
    (void)per;
    if (n <= in->v.N) return in->v.moves[n];
    bool any = false;
    rg_moves(&in->rs, n, any_cb, &any);
    return any;
}

typedef struct WinCtx {
    const Inst *in;
    const Per *per;
    const long long *comps;   /* the non-terminal components of the position */
    int nc, which, copies;    /* a move in one of the copies comps[which .. which + copies) */
    uint64_t target;
    long long (*seen)[64];    /* sorted multisets already listed */
    int *seenlen;
    int nseen, capseen;
    Str *list;
    bool truncated;
    long long count;        /* winning moves, each rule option in each copy (duplicates included) */
} WinCtx;

static int cmp_ll(const void *a, const void *b)
{
    long long x = *(const long long *)a, y = *(const long long *)b;
    return (x > y) - (x < y);
}

static bool win_cb(const long long *parts, int np, void *ctx)
{
    WinCtx *w = ctx;
    uint64_t x = 0;
    for (int i = 0; i < np; i++) x ^= val_of(w->in, w->per, parts[i]);
    if (x != w->target) return false;
    w->count += w->copies;
    long long res[64], live[64];
    int nr = 0, nl = 0;
    for (int i = 0; i < w->which; i++) res[nr++] = w->comps[i];
    for (int i = 1; i < w->copies; i++) res[nr++] = w->comps[w->which];
    for (int i = 0; i < np; i++)
        if (has_move(w->in, w->per, parts[i])) res[nr++] = live[nl++] = parts[i];
    for (int i = w->which + w->copies; i < w->nc; i++) res[nr++] = w->comps[i];
    long long key[64];
    memcpy(key, res, (size_t)nr * sizeof *key);
    qsort(key, (size_t)nr, sizeof *key, cmp_ll);
    for (int i = 0; i < w->nseen; i++)
        if (w->seenlen[i] == nr && !memcmp(w->seen[i], key, (size_t)nr * sizeof *key)) return false;
    if (w->nseen == w->capseen) {
        w->capseen = w->capseen ? 2 * w->capseen : 16;
        w->seen = realloc(w->seen, (size_t)w->capseen * sizeof *w->seen);
        w->seenlen = realloc(w->seenlen, (size_t)w->capseen * sizeof *w->seenlen);
    }
    memcpy(w->seen[w->nseen], key, (size_t)nr * sizeof *key);
    w->seenlen[w->nseen++] = nr;
    /* the engine's text: the query's groups of equal components, the moved group's text replaced by
       the copies left and the parts (each merged on its own) */
    sput(w->list, "%s\"", w->nseen > 1 ? "," : "");
    Str txt = { 0 };
    if (w->which) sum_text(&w->in->rs, w->comps, w->which, &txt);
    if (w->copies > 1) {
        sput(&txt, "%s", txt.len ? " + " : "");
        if (w->copies > 2) sput(&txt, "%d * ", w->copies - 1);
        pos_text(&w->in->rs, w->comps[w->which], &txt);
    }
    if (nl) {
        sput(&txt, "%s", txt.len ? " + " : "");
        sum_text(&w->in->rs, live, nl, &txt);
    }
    if (w->which + w->copies < w->nc) {
        sput(&txt, "%s", txt.len ? " + " : "");
        sum_text(&w->in->rs, w->comps + w->which + w->copies, w->nc - w->which - w->copies, &txt);
    }
    sput(w->list, "%s\"", txt.len ? txt.s : "0");
    free(txt.s);
    if (w->nseen >= 1000) {   /* the engine lists at most 1000 */
        w->truncated = true;
        return true;
    }
    return false;
}

/* The expected JSON (without the strategy) of a query on the sum of heaps n[0..k-1]. */
static char *want_query(const Inst *in, const Per *per, const long long *n, int k)
{
    long long comps[8];
    int nc = 0;
    uint64_t x = 0;
    for (int i = 0; i < k; i++)
        if (has_move(in, per, n[i])) {
            comps[nc++] = n[i];
            x ^= val_of(in, per, n[i]);
        }
    Str t = { 0 };
    sput(&t, "{\"kind\":\"query\",\"position\":\"");
    sum_text(&in->rs, comps, nc, &t);
    sput(&t, "\",\"outcome\":\"%c\",\"sg\":%llu,\"winning\":[", x ? 'N' : 'P', (unsigned long long)x);
    WinCtx w = { .in = in, .per = per, .comps = comps, .nc = nc, .list = &t };
    bool countable = true;   /* rg_moves lists every option of heaps below 100000 */
    for (int i = 0; i < nc && x && !w.truncated; i++) {
        if (i && comps[i - 1] == comps[i]) continue;   /* a move in another copy: the same positions */
        uint64_t g = val_of(in, per, comps[i]);
        /* a move to a larger value wins too: options may exceed the heap's own value */
        if (comps[i] >= 100000) countable = false;
        w.which = i;
        for (w.copies = 1; i + w.copies < nc && comps[i + w.copies] == comps[i]; w.copies++) {}
        w.target = x ^ g;
        rg_moves(&in->rs, comps[i], win_cb, &w);
    }
    sput(&t, "]");
    if (w.truncated || !countable) sput(&t, ",\"nmoves\":?");
    else sput(&t, ",\"nmoves\":%lld", w.count);
    sput(&t, "%s", w.truncated ? ",\"winning_truncated\":true" : "");
    free(w.seen);
    free(w.seenlen);
    return t.s;
}

static char *want_table(const Inst *in, const Per *per, long long lo, long long hi)
{
    Str t = { 0 };
    sput(&t, "{\"kind\":\"table\",\"position\":\"");
    char b[128];
    rg_pos(&in->rs, 0, b, sizeof b);
    /* R(lo..hi) or R(lo..hi, m): the heap is the first argument */
    char *paren = strchr(b, '(');
    *paren = 0;
    sput(&t, "%s(%lld..%lld%s\",\"ranges\":[{\"from\":%lld,\"to\":%lld}],\"values\":[", b, lo, hi,
         strchr(paren + 1, ',') ? strchr(paren + 1, ',') : ")", lo, hi);
    for (long long n = lo; n <= hi; n++) sput(&t, "%s%llu", n > lo ? "," : "", (unsigned long long)val_of(in, per, n));
    sput(&t, "]}");
    return t.s;
}

static char *table_stmt(const Inst *in, long long lo, long long hi)
{
    char b[128];
    rg_pos(&in->rs, 0, b, sizeof b);
    char *paren = strchr(b, '(');
    *paren = 0;
    Str t = { 0 };
    sput(&t, "table %s(%lld..%lld%s;", b, lo, hi, strchr(paren + 1, ',') ? strchr(paren + 1, ',') : ")");
    return t.s;
}

static char *query_stmt(const Inst *in, const long long *n, int k)
{
    Str t = { 0 };
    sput(&t, "query ");
    for (int i = 0; i < k; i++) {
        if (i) sput(&t, " + ");
        pos_text(&in->rs, n[i], &t);
    }
    sput(&t, ";");
    return t.s;
}

/* ---- reading the engine's lines ----------------------------------------------------------------- */

/* Replace the "moves" array of a query line by ",\"nmoves\":N", the moves counted with their
   copies ("?" when the engine marked them incomplete, or unknown says the brute force cannot
   count them), where the brute force's line has it. */
static void fold_moves(char *line, bool unknown)
{
    char *m = strstr(line, ",\"moves\":[");
    if (!m) return;
    char *p = m + 10;
    int depth = 1;
    long long total = 0;
    bool instr = false;
    for (; *p && depth; p++) {
        if (instr) {
            if (*p == '\\') p++;
            else if (*p == '"') instr = false;
            continue;
        }
        if (*p == '"') {
            instr = true;
            if (!strncmp(p, "\"copies\":", 9)) total += strtoll(p + 9, NULL, 10);
        } else if (*p == '[' || *p == '{') depth++;
        else if (*p == ']' || *p == '}') depth--;
    }
    const char *rest = p;
    if (!strncmp(rest, ",\"moves_incomplete\":true", 24)) rest += 24;
    if (!strncmp(rest, ",\"move_count\":", 14)) {   /* the total, the listed ones or not */
        rest += 14;
        if (!strncmp(rest, "null", 4)) unknown = true;
        else total = strtoll(rest, NULL, 10);
        while (*rest && *rest != ',' && *rest != '}') rest++;
    }
    char tail[4096];
    snprintf(tail, sizeof tail, "%s", rest);
    if (unknown) sprintf(m, ",\"nmoves\":?%s", tail);
    else sprintf(m, ",\"nmoves\":%lld%s", total, tail);
}

/* "nmoves":N becomes "nmoves":? */
static void count_unknown(char *line)
{
    char *wc = strstr(line, "\"nmoves\":");
    if (!wc || wc[9] == '?') return;
    char *e = wc + 9;
    while (*e >= '0' && *e <= '9') e++;
    memmove(wc + 10, e, strlen(e) + 1);
    wc[9] = '?';
}

/* Cut ",\"strategy\":..." off a line; returns the strategy (or ""). */
static const char *cut_strategy(char *line)
{
    char *s = strstr(line, ",\"strategy\":");
    if (!s) return "";
    *s = 0;
    s += 12;
    if (*s == '"') s++;
    char *e = strchr(s, '"');
    if (e) *e = 0;
    return s;
}

/* A number or null field; false when absent or null. */
static bool json_ll(const char *line, const char *field, long long *v)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":", field);
    const char *s = strstr(line, key);
    if (!s) return false;
    s += strlen(key);
    if (!strncmp(s, "null", 4)) return false;
    *v = strtoll(s, NULL, 10);
    return true;
}

static bool json_true(const char *line, const char *field)
{
    char key[64];
    snprintf(key, sizeof key, "\"%s\":true", field);
    return strstr(line, key) != NULL;
}

/* ---- the duel ------------------------------------------------------------------------------- */

typedef struct Stats {
    long rulesets, lines, queries, tables, periods_proven, periods_saltus, periods_observed, periods_none, far_checks, huge_checks;
    long recognised, failed;
    long by_strategy[4];   /* sequence/period, table, memo, other */
    long moves_counted, moves_unknown;   /* winning-move counts compared; left unknown by the engine */
    long deep, far_deep;    /* deep tables compared (phase 3), and those past 2^20 */
    long h3;                /* three-heap positions compared (phase 4) */
    long cram;              /* Cram positions compared (phase 5) */
    long flat;              /* values of rulesets without binders compared (phase 6) */
} Stats;

static void report(Stats *st, const Inst *in, const char *stmt, const char *what, const char *got, const char *want)
{
    st->failed++;
    if (st->failed > MAX_FAIL_SHOWN) return;
    printf("MISMATCH (%s) in\n%s  %s\n  engine: %s\n  wanted: %s\n", what, in->text, stmt, got ? got : "(no line)",
           want ? want : "(see above)");
}

/* Split buf into lines (in place). */
static char **lines_of(char *buf, size_t *n)
{
    size_t cap = 64;
    char **v = malloc(cap * sizeof *v);
    *n = 0;
    char *save = NULL;
    for (char *l = strtok_r(buf, "\n", &save); l; l = strtok_r(NULL, "\n", &save)) {
        if (*n == cap) v = realloc(v, (cap *= 2) * sizeof *v);
        v[(*n)++] = l;
    }
    return v;
}

static int strategy_class(const char *s)
{
    if (!strncmp(s, "sequence", 8) || !strncmp(s, "period", 6)) return 0;
    if (!strcmp(s, "table")) return 1;
    if (!strcmp(s, "memo")) return 2;
    return 3;
}

/* Run text by the engine's choice and by memo (when memo_too) and compare with the plan. */
static void run_and_compare(Inst *ins, const char *decls, const Plan *plan, const Str *stmts, bool memo_too, Stats *st)
{
    Str full = { 0 };
    sput(&full, "%s\n%s", decls, stmts->s ? stmts->s : "");
    int sa, sb = 0;
    char *ea = NULL, *eb = NULL;
    char *fa = duel_run(full.s, NULL, &sa, &ea);
    char *fb = memo_too ? duel_run(full.s, "memo", &sb, &eb) : NULL;
    if (sa || sb) {
        st->failed++;
        printf("engine error (status %d / %d) on this program:\n%s\n--- stderr:\n%s%s\n", sa, sb, full.s, ea ? ea : "",
               eb ? eb : "");
    }
    size_t na, nb = 0;
    char **la = lines_of(fa, &na), **lb = memo_too ? lines_of(fb, &nb) : NULL;
    for (size_t i = 0; i < plan->n; i++) {
        const Line *L = &plan->v[i];
        Inst *in = &ins[L->rs];
        char *a = i < na ? la[i] : NULL, *b = memo_too && i < nb ? lb[i] : NULL;
        if (!a || (memo_too && !b)) {
            report(st, in, L->stmt, "missing output", a, L->want);
            break;
        }
        st->lines++;
        const char *strat = cut_strategy(a);
        if (b) cut_strategy(b);
        if (L->kind == L_QUERY) {
            st->queries++;
            int c = strategy_class(strat);
            st->by_strategy[c]++;
            if (c == 0) in->recognised = true;
            if (c == 1) in->by_table = true;
            if (c == 0 && strstr(strat, ":heap")) in->heap_kind = true;
        }
        if (L->kind == L_TABLE) st->tables++;
        char *want = L->want ? strdup(L->want) : NULL;
        if (want && L->kind == L_QUERY) {
            bool unknown = strstr(want, "\"nmoves\":?") != NULL;
            fold_moves(a, unknown);
            if (b) fold_moves(b, unknown);
            /* the engine may decline to count (too many moves to enumerate): that is honest, and
               then only the listed positions are compared */
            bool engine_unknown = strstr(a, "\"nmoves\":?") || (b && strstr(b, "\"nmoves\":?"));
            if (engine_unknown && !unknown && strstr(want, "\"nmoves\":")) st->moves_unknown++;
            else if (!unknown && strstr(want, "\"nmoves\":")) st->moves_counted++;
            if (engine_unknown) {
                count_unknown(want);
                count_unknown(a);
                if (b) count_unknown(b);
            }
        }
        if (want) {
            /* a table line ends with "}" the plan includes; a query's strategy was cut */
            if (strcmp(a, want)) report(st, in, L->stmt, "engine vs brute force", a, want);
            else if (b && strcmp(b, want)) report(st, in, L->stmt, "memo vs brute force", b, want);
        }
        free(want);
    }
    if (!sa && !sb && na != plan->n) printf("note: %zu lines for %zu statements\n", na, plan->n);
    free(la);
    free(lb);
    free(fa);
    free(fb);
    free(ea);
    free(eb);
    free(full.s);
}

/* Phase 3 for the rulesets the engine did not recognise, with integer arguments, no splits and
   few moves per heap: the last values of a table up to DEEP_N, where the engine's search goes
   thousands of heaps deep (its table strategy then fills the cells bottom-up), against the brute
   force to DEEP_N. Then a few of those the table strategy answers past 2^20 (FAR_N), where its
   affine arithmetic leaves the small-variable range (FAR_PER_BATCH in every third batch). */
#define DEEP_N 9000
#define FAR_N 1060000
#define FAR_PER_BATCH 1
static void deep(Inst *ins, int nin, const char *decls, Stats *st, long N, int most, long *count)
{
    Str stmts = { 0 };
    Plan plan = { 0 };
    Per none = { false, 0, 1, 0 };
    for (int i = 0; i < nin; i++) {
        Inst *in = &ins[i];
        bool few = !in->recognised && !in->rs.has_splits && in->rs.param != RG_P_SET;
        for (int j = 0; j < in->rs.nrules && few; j++) {
            const RgRule *r = &in->rs.r[j];
            few = r->parts < 2 && r->dom != RG_HALVE && (r->dom != RG_RANGE || r->hi == RG_HI_CONST || r->hi == RG_HI_M);
        }
        for (int j = 0; j < in->rs.nrules && few && N > DEEP_N; j++)   /* far: a few moves a heap (sanitizer builds) */
            few = in->rs.r[j].dom != RG_RANGE || (in->rs.r[j].hi == RG_HI_CONST && in->rs.r[j].hi_c <= 8);
        if (!few || (N > DEEP_N && !in->by_table) || most-- <= 0) continue;
        RgValues keep = in->v, dv;
        rg_values(&in->rs, N, &dv);
        in->v = dv;
        char *ts = table_stmt(in, N - 15, N);
        sput(&stmts, "%s\n", ts);
        plan_add(&plan, L_TABLE, i, ts, want_table(in, &none, N - 15, N));
        in->v = keep;
        rg_values_free(&dv);
        (*count)++;
    }
    if (plan.n) run_and_compare(ins, decls, &plan, &stmts, false, st);
    plan_free(&plan);
    free(stmts.s);
}

/* Phase 4: three heaps with a sorting canon, `canon (sort([a, b, c])...)` (the table strategy
   sorts the coordinates natively): take any number from one heap, or the same number from two
   (twice = 1), or also split one heap into two non-empty heaps, one of which replaces the
   smallest (split = 1: a made-up rule with a sum). Every position with heaps up to H3_MAX, by the
   engine's choice and by memo, against this recursion written from the rules. */
#define H3_MAX 11
static int h3_memo[H3_MAX + 1][H3_MAX + 1][H3_MAX + 1];

static int h3_sg(int a, int b, int c, bool split)
{
    int t;
    if (a > b) { t = a; a = b; b = t; }
    if (b > c) { t = b; b = c; c = t; }
    if (a > b) { t = a; a = b; b = t; }
    if (h3_memo[a][b][c] >= 0) return h3_memo[a][b][c];
    bool seen[256] = { false };
    int h[3] = { a, b, c };
    for (int i = 0; i < 3; i++)
        for (int k = 1; k <= h[i]; k++) {
            int x[3] = { a, b, c };
            x[i] -= k;
            seen[h3_sg(x[0], x[1], x[2], split)] = true;
        }
    for (int i = 0; i < 3; i++)
        for (int j = i + 1; j < 3; j++)
            for (int k = 1; k <= h[i] && k <= h[j]; k++) {
                int x[3] = { a, b, c };
                x[i] -= k;
                x[j] -= k;
                seen[h3_sg(x[0], x[1], x[2], split)] = true;
            }
    if (split)   /* the largest heap c splits into p + (c - p), p replacing the smallest: (p, b, c - p) + (0, 0, a) */
        for (int p = 1; p < c; p++) seen[h3_sg(p, b, c - p, split) ^ h3_sg(0, 0, a, split)] = true;
    int g = 0;
    while (seen[g]) g++;
    return h3_memo[a][b][c] = g;
}

static void three_heaps(Stats *st)
{
    for (int split = 0; split < 2; split++) {
        memset(h3_memo, 0xff, sizeof h3_memo);
        Str prog = { 0 };
        sput(&prog, "game H3(a, b, c) {\n    canon (sort([%s])...);\n", split ? "c, a, b" : "a, b, c");
        sput(&prog, "    move one_a(k in 1..a) => H3(a - k, b, c);\n    move one_b(k in 1..b) => H3(a, b - k, c);\n"
                    "    move one_c(k in 1..c) => H3(a, b, c - k);\n    move two_ab(k in 1..min(a, b)) => H3(a - k, b - k, c);\n"
                    "    move two_ac(k in 1..min(a, c)) => H3(a - k, b, c - k);\n    move two_bc(k in 1..min(b, c)) => H3(a, b - k, c - k);\n");
        if (split)
            sput(&prog, "    move split(p in 1..max(a, max(b, c)) - 1) => H3(p, a + b + c - min(a, min(b, c)) - max(a, max(b, c)), "
                        "max(a, max(b, c)) - p) + H3(0, 0, min(a, min(b, c)));\n");
        sput(&prog, "}\n");
        /* heaps in a rotating order, so that the canon sees every permutation */
        for (int a = 0; a <= H3_MAX; a++)
            for (int b = 0; b <= H3_MAX; b++)
                for (int c = 0; c <= H3_MAX; c++) sput(&prog, "print sg(H3(%d, %d, %d));\n", (a + b) % 2 ? c : a, b, (a + b) % 2 ? a : c);
        /* then sg() in an expression over positions solved already (the table answers those
           without the store), in an order its canon sorts */
        sput(&prog, "print sum((7 * a + 3 * b + c + 1) * sg(H3(c, a, b)) for a in 0..%d, b in 0..%d, c in 0..%d);\n", H3_MAX,
             H3_MAX, H3_MAX);
        long long wsum = 0;
        for (int a = 0; a <= H3_MAX; a++)
            for (int b = 0; b <= H3_MAX; b++)
                for (int c = 0; c <= H3_MAX; c++) wsum += (7LL * a + 3 * b + c + 1) * h3_sg(c, a, b, split);
        for (int memo = 0; memo < 2; memo++) {
            int status;
            char *errs = NULL;
            char *out = duel_run(prog.s, memo ? "memo" : NULL, &status, &errs);
            char *line = out;
            for (int a = 0; a <= H3_MAX; a++)
                for (int b = 0; b <= H3_MAX; b++)
                    for (int c = 0; c <= H3_MAX; c++) {
                        int want = h3_sg(a, b, c, split);
                        const char *v = line ? strstr(line, "\"value\":") : NULL;
                        int got = v ? atoi(v + 8) : -1;
                        st->h3++;
                        if (got != want && st->failed++ < MAX_FAIL_SHOWN)
                            printf("three heaps (split %d, %s): H3(%d, %d, %d) is %d, the brute force says %d%s%s\n", split,
                                   memo ? "memo" : "default", a, b, c, got, want, status ? "; errors: " : "", status ? errs : "");
                        line = line ? strchr(line, '\n') : NULL;
                        if (line) line++;
                    }
            const char *v = line ? strstr(line, "\"value\":") : NULL;
            long long got = v ? atoll(v + 8) : -1;
            if (got != wsum && st->failed++ < MAX_FAIL_SHOWN)
                printf("three heaps (split %d, %s): the weighted sum of sg() is %lld, the brute force says %lld\n", split,
                       memo ? "memo" : "default", got, wsum);
            free(out);
            free(errs);
        }
        free(prog.s);
    }
}

/* Phase 6: one-heap rulesets written without binders, one move per removal, as a user writes a
   subtraction game: `move m3 when n >= 3 and n != 17 => F(n - 3);`, some moves leaving two heaps
   (`=> F(n - 3) + F(n - 5)`, `F(n - 4) + F(2)`), guards affine in n (n >= c, n != c, 2 n <= c,
   n - c == d): the table fills them bottom-up reading the rules directly. The last values of
   tables to 9000 and to 1.06 million, against this loop written from the rules. */
#define FLAT_RULESETS 24
#define FLAT_MOVES 6
typedef struct FlatMove { int take, take2, fixed; int guard, gc; } FlatMove;

static bool flat_guard(const FlatMove *m, long n)
{
    switch (m->guard) {
    case 1: return n != m->gc;
    case 2: return 2 * n <= m->gc;
    case 3: return n >= m->gc;
    case 4: return n - m->gc != 7;
    default: return true;
    }
}

static void flat_rulesets(Stats *st, RgRng *rng)
{
    static const long tops[] = { 9000, 1060000 };
    for (int rs = 0; rs < FLAT_RULESETS; rs++) {
        FlatMove mv[FLAT_MOVES];
        int nm = rg_int(rng, 1, FLAT_MOVES);
        Str prog = { 0 };
        sput(&prog, "game F(n) {\n");
        for (int i = 0; i < nm; i++) {
            FlatMove *m = &mv[i];
            m->take = rg_int(rng, 1, 9);
            m->take2 = rg_int(rng, 0, 3) == 0 ? rg_int(rng, 1, 9) : 0;
            m->fixed = m->take2 == 0 && rg_int(rng, 0, 4) == 0 ? rg_int(rng, 0, 5) : -1;
            m->guard = rg_int(rng, 0, 4);
            m->gc = m->guard == 2 ? rg_int(rng, 0, 3000000) : rg_int(rng, 0, 40);
            sput(&prog, "    move m%d when n >= %d", i, m->take > m->take2 ? m->take : m->take2);
            if (m->fixed >= 0) sput(&prog, " and n > %d", m->fixed);   /* no cycle through F(fixed) */
            if (m->guard == 1) sput(&prog, " and n != %d", m->gc);
            if (m->guard == 2) sput(&prog, " when 2 * n <= %d", m->gc);
            if (m->guard == 3) sput(&prog, " and n >= %d", m->gc);
            if (m->guard == 4) sput(&prog, " when n - %d != 7", m->gc);
            sput(&prog, " => F(n - %d)", m->take);
            if (m->take2) sput(&prog, " + F(n - %d)", m->take2);
            if (m->fixed >= 0) sput(&prog, " + F(%d)", m->fixed);
            sput(&prog, ";\n");
        }
        sput(&prog, "}\n");
        long N = tops[rs % 3 == 2];
        for (int t = 0; t < 2; t++) sput(&prog, "print sg(F(%ld));\n", N - t);
        /* the brute force: every heap in increasing order */
        uint8_t *g = malloc((size_t)N + 1);
        for (long n = 0; n <= N; n++) {
            uint64_t seen = 0;
            for (int i = 0; i < nm; i++) {
                const FlatMove *m = &mv[i];
                if (n < m->take || n < m->take2 || n <= m->fixed || !flat_guard(m, n)) continue;
                int x = g[n - m->take] ^ (m->take2 ? g[n - m->take2] : 0) ^ (m->fixed >= 0 ? g[m->fixed] : 0);
                seen |= (uint64_t)1 << x;
            }
            g[n] = (uint8_t)__builtin_ctzll(~seen);
        }
        int status;
        char *errs = NULL;
        char *out = duel_run(prog.s, "table", &status, &errs);
        const char *line = out;
        for (int t = 0; t < 2; t++) {
            const char *v = line ? strstr(line, "\"value\":") : NULL;
            int got = v ? atoi(v + 8) : -1;
            st->flat++;
            if (got != g[N - t] && st->failed++ < MAX_FAIL_SHOWN)
                printf("flat ruleset: F(%ld) is %d, the brute force says %d%s%s\n%s", N - t, got, g[N - t],
                       status ? "; errors: " : "", status ? errs : "", prog.s);
            line = line ? strchr(line, '\n') : NULL;
            if (line) line++;
        }
        free(g);
        free(out);
        free(errs);
        free(prog.s);
    }
    /* A ruleset with a binder is not read directly: its cells below a solved one stay for the
       walk (reading its rule as if flat once made G(0) = 1 here, after G(5) had solved cell 1: the search
       from 6000 goes deep enough for the bottom-up fill). */
    static const long asks[] = { 5, 6000, 0 };
    const char *prog = "game G(n) { move t(k in 2..n) => G(n - k + 1); }\n"
                       "print sg(G(5));\nprint sg(G(6000));\nprint sg(G(0));\n";
    enum { GN = 6000 };
    int *g = calloc(GN + 1, sizeof *g);
    unsigned char *seen = calloc(GN + 2, 1);
    for (int n = 0; n <= GN; n++) {   /* the options of n are the heaps 1 .. n - 1 */
        for (int k = 2; k <= n; k++) seen[g[n - k + 1]] = 1;
        while (seen[g[n]]) g[n]++;
        for (int k = 2; k <= n; k++) seen[g[n - k + 1]] = 0;
    }
    int status;
    char *errs = NULL;
    char *out = duel_run(prog, "table", &status, &errs);
    const char *line = out;
    for (int t = 0; t < 3; t++) {
        const char *v = line ? strstr(line, "\"value\":") : NULL;
        int got = v ? atoi(v + 8) : -1;
        st->flat++;
        if (got != g[asks[t]] && st->failed++ < MAX_FAIL_SHOWN)
            printf("ruleset with a binder: G(%ld) is %d, the brute force says %d\n", asks[t], got, g[asks[t]]);
        line = line ? strchr(line, '\n') : NULL;
        if (line) line++;
    }
    free(out);
    free(errs);
    free(g);
    free(seen);
}

/* Phase 5: Cram on boards of C columns and R rows as a bitmask (bit C r + c), sizes whose masks
   make the table strategy keep its values in a map (sparse), also as the negated mask (negative
   coordinates): the empty board and positions after random moves, against this memo over every
   mask written from the rules (place a domino on two free adjacent cells); then the standard
   library's CramBoard (rows of text) on boards of up to 16 cells, against the same memo, and the
   same rules with the guards through a def (CramPlain): CramBoard's guards are the kernel's
   (NEXTG: test_peep asserts such loops are made so), CramPlain's the interpreter's. */
static int cram_cols, cram_rows;
static signed char *cram_memo;

static int cram_sg(uint32_t m)
{
    if (cram_memo[m] >= 0) return cram_memo[m];
    bool seen[64] = { false };
    int C = cram_cols, n = cram_cols * cram_rows;
    for (int i = 0; i < n; i++) {
        if (i % C != C - 1 && !(m >> i & 1) && !(m >> (i + 1) & 1)) seen[cram_sg(m | 1u << i | 1u << (i + 1))] = true;
        if (i + C < n && !(m >> i & 1) && !(m >> (i + C) & 1)) seen[cram_sg(m | 1u << i | 1u << (i + C))] = true;
    }
    int g = 0;
    while (seen[g]) g++;
    return cram_memo[m] = (signed char)g;
}

static void cram_boards(Stats *st, RgRng *rng)
{
    static const int sizes[][2] = { { 3, 7 }, { 4, 5 }, { 5, 4 }, { 7, 3 } };
    Str prog = { 0 };
    sput(&prog, "game Cram(m, C, R) {\n"
                "    move h(i in 0..C * R - 2) when i %% C != C - 1 and (m >> i) & 3 == 0 => Cram(m | (3 << i), C, R);\n"
                "    move v(i in 0..C * R - C - 1) when (m >> i) & (1 | (1 << C)) == 0 => Cram(m | (1 << i) | (1 << (i + C)), C, R);\n"
                "}\n"
                "game Neg(x, C, R) {\n"
                "    move h(i in 0..C * R - 2) when i %% C != C - 1 and ((-x) >> i) & 3 == 0 => Neg(x - (3 << i), C, R);\n"
                "    move v(i in 0..C * R - C - 1) when ((-x) >> i) & (1 | (1 << C)) == 0 => Neg(x - (1 << i) - (1 << (i + C)), C, R);\n"
                "}\n");
    uint32_t masks[4][41];
    for (int b = 0; b < 4; b++) {
        int C = sizes[b][0], R = sizes[b][1];
        masks[b][0] = 0;
        for (int q = 1; q <= 40; q++) {   /* random domino placements from the empty board */
            uint32_t m = 0;
            int steps = rg_int(rng, 1, 6);
            for (int t = 0; t < steps; t++) {
                int i = rg_int(rng, 0, C * R - 1);
                if (i % C != C - 1 && !(m >> i & 1) && !(m >> (i + 1) & 1)) m |= 1u << i | 1u << (i + 1);
                else if (i + C < C * R && !(m >> i & 1) && !(m >> (i + C) & 1)) m |= 1u << i | 1u << (i + C);
            }
            masks[b][q] = m;
        }
        for (int q = 0; q <= 40; q++)
            sput(&prog, "print sg(Cram(%u, %d, %d));\nprint sg(Neg(-%u, %d, %d));\n", masks[b][q], C, R, masks[b][q], C, R);
    }
    int status;
    char *errs = NULL;
    char *out = duel_run(prog.s, NULL, &status, &errs);
    char *line = out;
    for (int b = 0; b < 4; b++) {
        cram_cols = sizes[b][0];
        cram_rows = sizes[b][1];
        size_t cells = (size_t)1 << (cram_cols * cram_rows);
        cram_memo = malloc(cells);
        memset(cram_memo, 0xff, cells);
        for (int q = 0; q <= 40; q++)
            for (int neg = 0; neg < 2; neg++) {
                int want = cram_sg(masks[b][q]);
                const char *v = line ? strstr(line, "\"value\":") : NULL;
                int got = v ? atoi(v + 8) : -1;
                st->cram++;
                if (got != want && st->failed++ < MAX_FAIL_SHOWN)
                    printf("Cram %dx%d%s mask %u: engine %d, brute force %d%s%s\n", cram_cols, cram_rows, neg ? " (negated)" : "",
                           masks[b][q], got, want, status ? "; errors: " : "", status ? errs : "");
                line = line ? strchr(line, '\n') : NULL;
                if (line) line++;
            }
        free(cram_memo);
    }
    free(out);
    free(errs);
    /* the standard library's CramBoard (rows of text, "#" covered) on smaller boards, from the same
       kind of random placements, against the same brute force */
    static const int small[][2] = { { 4, 3 }, { 3, 4 }, { 5, 2 }, { 4, 4 } };
    uint32_t sm[4][21];
    prog.len = 0;
    prog.s[0] = 0;
    sput(&prog, "def free(s, c) = s[c] == \".\";\n"
                "game CramPlain(rows...) {\n"
                "    move across(r in 0..len(rows) - 1, c in 0..len(rows[r]) - 2) when free(rows[r], c) and free(rows[r], c + 1)\n"
                "        => CramPlain(rows[r := rows[r][c := \"#\", c + 1 := \"#\"]]...);\n"
                "    move down(r in 0..len(rows) - 2, c in 0..len(rows[r]) - 1) when free(rows[r], c) and free(rows[r + 1], c)\n"
                "        => CramPlain(rows[r := rows[r][c := \"#\"], r + 1 := rows[r + 1][c := \"#\"]]...);\n"
                "}\n");
    for (int b = 0; b < 4; b++) {
        int C = small[b][0], R = small[b][1];
        for (int q = 0; q <= 20; q++) {
            uint32_t m = 0;
            int steps = q ? rg_int(rng, 1, 4) : 0;
            for (int t = 0; t < steps; t++) {
                int i = rg_int(rng, 0, C * R - 1);
                if (i % C != C - 1 && !(m >> i & 1) && !(m >> (i + 1) & 1)) m |= 1u << i | 1u << (i + 1);
                else if (i + C < C * R && !(m >> i & 1) && !(m >> (i + C) & 1)) m |= 1u << i | 1u << (i + C);
            }
            sm[b][q] = m;
            for (int plain = 0; plain < 2; plain++) {
                sput(&prog, "print sg(%s(", plain ? "CramPlain" : "CramBoard");
                for (int r = 0; r < R; r++) {
                    sput(&prog, "%s\"", r ? ", " : "");
                    for (int c = 0; c < C; c++) sput(&prog, "%c", (m >> (r * C + c) & 1) ? '#' : '.');
                    sput(&prog, "\"");
                }
                sput(&prog, "));\n");
            }
        }
    }
    out = duel_run(prog.s, NULL, &status, &errs);
    line = out;
    for (int b = 0; b < 4; b++) {
        cram_cols = small[b][0];
        cram_rows = small[b][1];
        size_t cells = (size_t)1 << (cram_cols * cram_rows);
        cram_memo = malloc(cells);
        memset(cram_memo, 0xff, cells);
        for (int q = 0; q <= 20; q++) {
            int want = cram_sg(sm[b][q]);
            for (int plain = 0; plain < 2; plain++) {
                const char *v = line ? strstr(line, "\"value\":") : NULL;
                int got = v ? atoi(v + 8) : -1;
                st->cram++;
                if (got != want && st->failed++ < MAX_FAIL_SHOWN)
                    printf("%s %dx%d mask %u: engine %d, brute force %d%s%s\n", plain ? "CramPlain" : "stdlib CramBoard",
                           cram_cols, cram_rows, sm[b][q], got, want, status ? "; errors: " : "", status ? errs : "");
                line = line ? strchr(line, '\n') : NULL;
                if (line) line++;
            }
        }
        free(cram_memo);
    }
    free(out);
    free(errs);
    free(prog.s);
}

/* Phase 2 for the recognised rulesets: the period statement, checked against the brute force far
   beyond the values the engine used, then heaps answered through the period. */
static void periods(Inst *ins, int nin, const char *decls, Stats *st, RgRng *g)
{
    Str stmts = { 0 };
    Plan plan = { 0 };
    for (int i = 0; i < nin; i++) {
        if (!ins[i].recognised) continue;
        char b[128];
        rg_pos(&ins[i].rs, 0, b, sizeof b);
        /* period R(n) for n; period R(n, m) for n */
        char *paren = strchr(b, '(');
        *paren = 0;
        Str s = { 0 };
        /* a game that is not finite has no certificate: its period is only observed, on the
           values of a range */
        sput(&s, "period %s(n%s for n", b, strchr(paren + 1, ',') ? strchr(paren + 1, ',') : ")");
        /* splitting games over a range of 4096 values (the brute force of a split is quadratic);
           the others without one, the table doubling until a period is proven within the
           program's --max-states of 65535 (the engine alone goes to 2^25 values: the unranged
           statement is checked against published periods in tests/golden/stdlib) */
        if (ins[i].heap_kind) sput(&s, " in 0..%d", ins[i].N);
        else if (ins[i].rs.has_splits) sput(&s, " in 0..4095");
        sput(&s, ";");
        sput(&stmts, "%s\n", s.s);
        plan_add(&plan, L_PERIOD, i, s.s, NULL);
    }
    if (!plan.n) return;
    Str full = { 0 };
    sput(&full, "%s\n%s", decls, stmts.s);
    int sa;
    char *ea = NULL;
    char *fa = duel_run_capped(full.s, NULL, 65535, &sa, &ea);
    if (sa) {
        st->failed++;
        printf("engine error (status %d) on the period program:\n%s\n--- stderr:\n%s\n", sa, full.s, ea);
    }
    size_t na;
    char **la = lines_of(fa, &na);
    /* the far checks: one more program with tables and queries through the periods */
    Str far = { 0 };
    Plan fplan = { 0 };
    Per *pers = calloc((size_t)nin, sizeof *pers);
    for (size_t i = 0; i < plan.n && i < na; i++) {
        Inst *in = &ins[plan.v[i].rs];
        const char *line = la[i];
        long long e, p, s = 0, checked = 0;
        json_ll(line, "saltus", &s);
        json_ll(line, "checked", &checked);
        if (!json_ll(line, "preperiod", &e) || !json_ll(line, "period", &p)) {
            st->periods_none++;
            continue;
        }
        bool proven = json_true(line, "proven");
        if (p < 1 || e < 0 || checked < e + p) {
            report(st, in, plan.v[i].stmt, "a period that is no period", line, NULL);
            continue;
        }
        /* a proven period must hold far beyond the values it was proven from; an observed one on
           the values it was observed on */
        long long F = proven ? checked + (in->rs.has_splits ? 400 : 2000) : checked - 1;
        if (F > in->v.N) {
            rg_values_free(&in->v);
            rg_values(&in->rs, (int)F, &in->v);
        }
        long long bad = -1;
        for (long long n = e + p; n <= F && bad < 0; n++)
            if ((long long)in->v.g[n] != (long long)in->v.g[n - p] + s) bad = n;
        if (bad >= 0) {
            char msg[160];
            snprintf(msg, sizeof msg, "period claim fails at n = %lld (brute force G(n) = %u, G(n - p) = %u)", bad,
                     in->v.g[bad], in->v.g[bad - p]);
            report(st, in, plan.v[i].stmt, msg, line, NULL);
            continue;
        }
        if (!proven) {
            st->periods_observed++;
            continue;
        }
        st->periods_proven++;
        if (s) st->periods_saltus++;   /* an arithmetic period (aperiod.c's check) */
        Per *per = &pers[plan.v[i].rs];
        *per = (Per){ true, e, p, s };
        /* values beyond the engine's table, up to the far bound the brute force checked */
        long long lo = checked + rg_int(g, 0, (int)(F - checked - 40));
        char *ts = table_stmt(in, lo, lo + 31);
        sput(&far, "%s\n", ts);
        plan_add(&fplan, L_TABLE, plan.v[i].rs, ts, want_table(in, per, lo, lo + 31));
        /* heaps near 10^18 through the period */
        long long huge = 1000000000000000000LL + rg_int(g, 0, 1000);
        ts = table_stmt(in, huge, huge + 7);
        sput(&far, "%s\n", ts);
        plan_add(&fplan, L_TABLE, plan.v[i].rs, ts, want_table(in, per, huge, huge + 7));
        /* winning moves of heaps from 2^16 on come from the digits, not the rules (not asked of a
           ruleset that splits after any removal: its listing scans every removal's splits, about
           n^2 / 4 of them, too slow for the sanitizers' run) */
        for (int j = 0; j < 2 && !unbounded_split(&in->rs); j++) {
            long long n[2] = { 65536 + rg_int(g, 0, 3000), rg_int(g, 0, in->N) };   /* values through the period */
            char *qs = query_stmt(in, n, j + 1);
            sput(&far, "%s\n", qs);
            plan_add(&fplan, L_QUERY, plan.v[i].rs, qs, want_query(in, per, n, j + 1));
        }
        if (rg_finite_take(&in->rs)) {   /* winning moves near 10^18 too */
            for (int j = 0; j < 3; j++) {
                long long n[2] = { huge + j, rg_int(g, 0, in->N) };
                int k = j == 2 ? 2 : 1;
                char *qs = query_stmt(in, n, k);
                sput(&far, "%s\n", qs);
                plan_add(&fplan, L_QUERY, plan.v[i].rs, qs, want_query(in, per, n, k));
            }
        }
        st->far_checks++;
    }
    if (fplan.n) {
        run_and_compare(ins, decls, &fplan, &far, false, st);
        st->huge_checks += (long)fplan.n;
    }
    free(pers);
    plan_free(&fplan);
    free(far.s);
    free(la);
    free(fa);
    free(ea);
    free(full.s);
    plan_free(&plan);
    free(stmts.s);
}

int main(void)
{
    const char *env = getenv("DUEL_RULESETS");
    int total = env ? atoi(env) : 2000;
    RgRng g = { 20261201 };
    Stats st = { 0 };
    for (int base = 0; base < total; base += BATCH) {
        int nin = total - base < BATCH ? total - base : BATCH;
        Inst *ins = calloc((size_t)nin, sizeof *ins);
        Str decls = { 0 }, stmts = { 0 };
        Plan plan = { 0 };
        Per none = { false, 0, 1, 0 };
        for (int i = 0; i < nin; i++) {
            Inst *in = &ins[i];
            rg_generate(&g, base + i, &in->rs);
            bool three = false;
            for (int j = 0; j < in->rs.nrules; j++) three |= in->rs.r[j].parts == 3;
            in->N = three ? rg_int(&g, 24, 40) : in->rs.has_splits ? rg_int(&g, 40, 90) : rg_int(&g, 120, 300);
            rg_values(&in->rs, in->N, &in->v);
            size_t len = 0, cap = 0;
            in->text = NULL;
            rg_render(&in->rs, &in->text, &len, &cap);
            sput(&decls, "%s", in->text);
            st.rulesets++;
            char *ts = table_stmt(in, 0, in->N);
            sput(&stmts, "%s\n", ts);
            plan_add(&plan, L_TABLE, i, ts, want_table(in, &none, 0, in->N));
            /* every small heap, some larger ones, and sums */
            for (int q = 0; q < 34; q++) {
                long long n[3];
                int k = q < 26 ? 1 : q < 32 ? 2 : 3;
                for (int j = 0; j < k; j++) n[j] = q < 18 && j == 0 ? q : rg_int(&g, 0, in->N);
                char *qs = query_stmt(in, n, k);
                sput(&stmts, "%s\n", qs);
                plan_add(&plan, L_QUERY, i, qs, want_query(in, &none, n, k));
            }
        }
        run_and_compare(ins, decls.s, &plan, &stmts, true, &st);
        for (int i = 0; i < nin; i++) st.recognised += ins[i].recognised;
        periods(ins, nin, decls.s, &st, &g);
        deep(ins, nin, decls.s, &st, DEEP_N, nin, &st.deep);
        deep(ins, nin, decls.s, &st, FAR_N, base % (3 * BATCH) == 0 ? FAR_PER_BATCH : 0, &st.far_deep);   /* every third batch */
        for (int i = 0; i < nin; i++) {
            rg_values_free(&ins[i].v);
            free(ins[i].text);
        }
        free(ins);
        plan_free(&plan);
        free(decls.s);
        free(stmts.s);
    }
    printf("ruleset duel: %ld rulesets (%ld answered by the sequence strategy), %ld queries, %ld tables\n", st.rulesets,
           st.recognised, st.queries, st.tables);
    printf("  strategies of the queries: sequence/period %ld, table %ld, memo %ld, other %ld\n", st.by_strategy[0],
           st.by_strategy[1], st.by_strategy[2], st.by_strategy[3]);
    printf("  periods: %ld proven and confirmed far beyond (%ld of them with a saltus), %ld observed and confirmed, %ld none; "
           "%ld far/huge lines\n", st.periods_proven, st.periods_saltus, st.periods_observed, st.periods_none, st.huge_checks);
    /* the duel must keep exercising every path: recognition, the table strategy and memo */
    if (total >= 200 && (st.recognised * 5 < st.rulesets || st.by_strategy[1] == 0 || st.by_strategy[2] == 0 ||
                         st.periods_proven * 10 < st.rulesets || st.periods_saltus * 100 < st.rulesets)) {
        printf("the generator no longer covers every strategy\n");
        st.failed++;
    }
    three_heaps(&st);
    flat_rulesets(&st, &g);
    cram_boards(&st, &g);
    printf("  Cram as a bitmask (the table's map): %ld positions compared\n", st.cram);
    printf("  three heaps with a sorting canon: %ld positions compared\n", st.h3);
    printf("  rulesets without binders (the table's direct fill): %ld values compared\n", st.flat);
    printf("  deep tables (to heap %d, filled bottom-up): %ld; to heap %d: %ld\n", DEEP_N, st.deep, FAR_N, st.far_deep);
    if (total >= 200 && (st.deep < 20 || st.far_deep * 1200 < total)) {
        printf("the generator no longer gives deep tables\n");
        st.failed++;
    }
    printf("  winning moves counted: %ld compared, %ld left uncounted by the engine (too many to enumerate)\n",
           st.moves_counted, st.moves_unknown);
    if (total >= 200 && st.moves_unknown * 20 > st.moves_counted) {
        printf("the engine leaves too many winning-move counts unknown\n");
        st.failed++;
    }
    printf("%ld failures\n", st.failed);
    return st.failed ? 1 : 0;
}
