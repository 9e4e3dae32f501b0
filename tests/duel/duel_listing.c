/* duel_listing.c: every listed winning move against brute force. For each game of the standard
   library that brute_list.h has (closed forms, sequence tables, searches: every impartial game
   that is not a board), random positions alone, in sums with a Nim heap, with another game, with
   both, and with two copies of themselves are queried (--json, the engine's own choice of
   strategy), and the answer is compared with the brute force's, written from the rules in C and
   valued by plain recursion (brute_sum.h):
   - the outcome, and the SG value where the engine gives one;
   - the set of listed winning positions (each read back into canonical components), no position
     listed twice, against every position one move away whose XOR is 0;
   - every listed move (component, copies, rule label, binder values, result) against the brute
     force's winning moves, as multisets, and move_count against their number counted with copies;
   - winning_count() and winning_positions() against the same numbers;
   - nothing cut ("winning_truncated", "moves_incomplete"): these positions are small.
   Then heaps past 65536 of take-only games: the sequence strategy's (Subtract with a random set,
   Octal with a random code of digits 0-3), whose winning moves come from the table's digits
   rather than the rules there, and FibSubtract's deep search: the brute force values every heap
   up to them, from 0 up.
   Fixed seed; DUEL_LISTING_SCALE=N multiplies the number of positions per game. */
#include "config.h"
#include "brute_sum.h"
#include "jread.h"
#include "jsonduel.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PER_GAME 48           /* random positions of each game (times the scale) */
#define CHUNK 60              /* cases per engine program */
#define MISERE_SUMS 400       /* misère sums (times the scale) */

static uint64_t seed = 0x1157ed0c0a11ULL;

typedef struct Case { char *text; } Case;
typedef struct Cases { Case *c; int n, cap; } Cases;

static void add_case(Cases *cs, const char *text)
{
    if (cs->n == cs->cap) {
        cs->cap = cs->cap ? 2 * cs->cap : 64;
        cs->c = realloc(cs->c, (size_t)cs->cap * sizeof *cs->c);
        if (!cs->c) abort();
    }
    cs->c[cs->n++].text = strdup(text);
}

static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }


/* A growing list of strings. */
typedef struct Strs { char **s; int n, cap; } Strs;
static void strs_add(Strs *l, char *s)
{
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->s = realloc(l->s, (size_t)l->cap * sizeof *l->s);
        if (!l->s) abort();
    }
    l->s[l->n++] = s;
}
static void strs_sort(Strs *l)
{
    if (l->n > 1) qsort(l->s, (size_t)l->n, sizeof *l->s, cmp_str);   /* (an empty list has no array) */
}
static void strs_free(Strs *l)
{
    for (int i = 0; i < l->n; i++) free(l->s[i]);
    free(l->s);
    memset(l, 0, sizeof *l);
}

/* What the rules say of a position: its value, its winning positions (keys, sorted, distinct),
   its winning moves ("component|copies|label|args|result key", sorted) and their number counted
   with copies. */
typedef struct Truth { int sg; bool win_misere; Strs win, moves; long long count; } Truth;

/* Whether the position after a move is lost for the player to move then. */
static bool lost(const BsPos *after, bool misere)
{
    return misere ? !bs_misere_win(after) : bs_pos_sg(after) == 0;
}

static void truth_of(const BsPos *p, bool misere, Truth *t)
{
    memset(t, 0, sizeof *t);
    t->sg = bs_pos_sg(p);
    if (misere) t->win_misere = bs_misere_win(p);
    for (int i = 0; i < p->n; i++) {
        const BsMove *m;
        int nm = bs_moves(p->p[i].id, &m);
        for (int k = 0; k < nm; k++) {
            m = NULL;
            bs_moves(p->p[i].id, &m);
            BsPos after;
            bs_after(p, i, &m[k], &after);
            if (lost(&after, misere)) {
                char *key = bs_key(&after);
                BrBuf b;
                br_init(&b);
                br_printf(&b, "%s|%llu|%s|%s|%s", bs_text(p->p[i].id), (unsigned long long)p->p[i].count,
                          m[k].label ? m[k].label : "(none)", m[k].args, key);
                strs_add(&t->moves, b.s);
                t->count += (long long)p->p[i].count;
                strs_add(&t->win, key);
            }
            bs_pos_free(&after);
        }
    }
    strs_sort(&t->win);
    int m = 0;   /* distinct positions */
    for (int i = 0; i < t->win.n; i++) {
        if (m && !strcmp(t->win.s[m - 1], t->win.s[i])) free(t->win.s[i]);
        else t->win.s[m++] = t->win.s[i];
    }
    t->win.n = m;
    strs_sort(&t->moves);
}

/* The text of a misère position without its wrapper: misere(A + B) -> A + B (in buf). */
static const char *unwrap(const char *text, char *buf, size_t cap)
{
    size_t n = strlen(text);
    if (strncmp(text, "misere(", 7) || n < 8 || text[n - 1] != ')') return text;
    snprintf(buf, cap, "%.*s", (int)(n - 8), text + 7);
    return buf;
}

/* The key of a position text the engine printed (NULL, with a message, when it does not read). */
static char *key_of(const char *text0, const char *what, const char *pos)
{
    BsPos p;
    char err[300], buf[4096];
    const char *text = unwrap(text0, buf, sizeof buf);
    if (!bs_parse(text, &p, err, sizeof err)) {
        printf("FAIL %s: %s \"%s\" does not read: %s\n", pos, what, text, err);
        return NULL;
    }
    char *k = bs_key(&p);
    bs_pos_free(&p);
    return k;
}

/* Two sorted lists of strings equal; the first difference printed. */
static bool same_list(const Strs *want, const Strs *got, const char *what, const char *pos)
{
    int i = 0, j = 0;
    bool ok = true;
    while (i < want->n || j < got->n) {
        int c = i == want->n ? 1 : j == got->n ? -1 : strcmp(want->s[i], got->s[j]);
        if (!c) { i++; j++; continue; }
        if (ok) printf("FAIL %s: %s: ", pos, what);
        if (c < 0) printf("missing %s; ", want->s[i++]);
        else printf("not winning (or extra) %s; ", got->s[j++]);
        ok = false;
    }
    if (!ok) printf("\n");
    return ok;
}

static bool check_case(const char *pos0, const JVal *q, const JVal *cnt, const JVal *npos)
{
    BsPos p;
    char err[300], buf[4096];
    const char *pos = unwrap(pos0, buf, sizeof buf);
    bool misere = pos != pos0;
    if (!bs_parse(pos, &p, err, sizeof err)) {
        printf("FAIL the duel's own position %s does not read: %s\n", pos, err);
        return false;
    }
    pos = pos0;
    Truth t;
    truth_of(&p, misere, &t);
    bool ok = true;
    const JVal *kind = jget(q, "kind");
    if (!kind || kind->kind != J_STR || strcmp(kind->s, "query")) {
        char *txt = jtext(q);
        printf("FAIL %s: not a query answer: %s\n", pos, txt);
        free(txt);
        ok = false;
        goto out;
    }
    const JVal *o = jget(q, "outcome"), *sg = jget(q, "sg");
    char want_o = (misere ? t.win_misere : t.sg != 0) ? 'N' : 'P';
    if (!o || o->kind != J_STR || o->s[0] != want_o) {
        printf("FAIL %s: outcome %s, brute force %c\n", pos, o && o->kind == J_STR ? o->s : "?", want_o);
        ok = false;
    }
    if (sg && sg->kind == J_NUM && (misere || jnum(sg) != t.sg)) {
        printf("FAIL %s: sg %s, brute force %d\n", pos, sg->s, t.sg);
        ok = false;
    }
    if (jget(q, "winning_truncated") || jget(q, "moves_incomplete")) {
        printf("FAIL %s: the list is cut (winning_truncated or moves_incomplete)\n", pos);
        ok = false;
    }
    /* the winning positions */
    Strs win = { 0 };
    const JVal *w = jget(q, "winning");
    for (size_t i = 0; w && w->kind == J_ARR && i < w->n; i++) {
        char *k = key_of(w->v[i].s, "winning position", pos);
        if (!k) { ok = false; continue; }
        for (int j = 0; j < win.n; j++)
            if (!strcmp(win.s[j], k)) {
                printf("FAIL %s: winning position %s listed twice\n", pos, w->v[i].s);
                ok = false;
            }
        strs_add(&win, k);
    }
    strs_sort(&win);
    ok &= same_list(&t.win, &win, "winning positions", pos);
    /* the moves */
    Strs mv = { 0 };
    const JVal *ms = jget(q, "moves");
    long long listed = 0;
    for (size_t i = 0; ms && ms->kind == J_ARR && i < ms->n; i++) {
        const JVal *m = &ms->v[i];
        const JVal *comp = jget(m, "component"), *copies = jget(m, "copies"), *label = jget(m, "label"),
                   *args = jget(m, "args"), *res = jget(m, "result");
        if (!comp || !copies || !label || !args || !res) {
            printf("FAIL %s: a move without its fields\n", pos);
            ok = false;
            continue;
        }
        char *ck = key_of(comp->s, "component", pos), *rk = key_of(res->s, "result", pos);
        if (!ck || !rk) {
            ok = false;
            free(ck);
            free(rk);
            continue;
        }
        char *at = jtext(args);
        BrBuf b;
        br_init(&b);
        br_printf(&b, "%s|%lld|%s|%s|%s", ck, jnum(copies), label->kind == J_STR ? label->s : "(none)", at, rk);
        strs_add(&mv, b.s);
        listed += jnum(copies);
        free(at);
        free(ck);
        free(rk);
    }
    strs_sort(&mv);
    ok &= same_list(&t.moves, &mv, "winning moves", pos);
    const JVal *mc = jget(q, "move_count");
    if (!mc || mc->kind != J_NUM || jnum(mc) != t.count || listed != t.count) {
        printf("FAIL %s: move_count %s (moves listed %lld), brute force %lld\n", pos,
               mc && mc->kind == J_NUM ? mc->s : "null", listed, t.count);
        ok = false;
    }
    const JVal *cv = jget(cnt, "value"), *pv = jget(npos, "value");
    if (jnum(cv) != t.count || !cv || cv->kind != J_NUM) {
        printf("FAIL %s: winning_count %s, brute force %lld\n", pos, cv && cv->kind == J_NUM ? cv->s : "?", t.count);
        ok = false;
    }
    if (jnum(pv) != t.win.n || !pv || pv->kind != J_NUM) {
        printf("FAIL %s: winning_positions %s, brute force %d\n", pos, pv && pv->kind == J_NUM ? pv->s : "?", t.win.n);
        ok = false;
    }
    strs_free(&win);
    strs_free(&mv);
out:
    strs_free(&t.win);
    strs_free(&t.moves);
    bs_pos_free(&p);
    return ok;
}

/* The strategies that answered (the paths the duel reached), with counts. */
static char *paths[64];
static int npaths, pathn[64];
static void tally(const JVal *q)
{
    const JVal *st = jget(q, "strategy");
    if (!st || st->kind != J_STR) return;
    for (int i = 0; i < npaths; i++)
        if (!strcmp(paths[i], st->s)) { pathn[i]++; return; }
    if (npaths < 64) { paths[npaths] = strdup(st->s); pathn[npaths++] = 1; }
}

/* Run cases[from..to) in one program and check each: the failures. */
static int run_chunk(const Cases *cs, int from, int to, int *passed)
{
    Str prog = { 0 };
    for (int i = from; i < to; i++)
        sput(&prog, "query %s;\nprint winning_count(%s);\nprint winning_positions(%s);\n", cs->c[i].text, cs->c[i].text,
             cs->c[i].text);
    int status;
    char *errs = NULL;
    char *out = duel_run(prog.s, NULL, &status, &errs);
    int fails = 0;
    if (status) {
        printf("FAIL a program of cases %d..%d ended with status %d: %s\n", from, to - 1, status, errs ? errs : "");
        fails++;
    }
    char *line = out;
    for (int i = from; i < to && !status; i++) {
        JVal *v[3] = { NULL, NULL, NULL };
        for (int k = 0; k < 3; k++) {
            char *nl = line ? strchr(line, '\n') : NULL;
            if (!nl) break;
            *nl = 0;
            v[k] = jread(line);
            line = nl + 1;
        }
        if (!v[0] || !v[1] || !v[2]) {
            printf("FAIL %s: the engine's lines do not read as JSON\n", cs->c[i].text);
            fails++;
        } else if (tally(v[0]), check_case(cs->c[i].text, v[0], v[1], v[2])) {
            (*passed)++;
        } else {
            fails++;
        }
        for (int k = 0; k < 3; k++) jread_free(v[k]);
    }
    free(out);
    free(errs);
    free(prog.s);
    return fails;
}

static const BrGame *const *all_games(int *n)
{
    static const BrGame *list[256];
    const BrGame *const fam[] = { brute_heap_games, brute_rows_games, brute_coin_games };
    *n = 0;
    for (size_t f = 0; f < 3; f++)
        for (const BrGame *g = fam[f]; g->name; g++)
            if (g->random && *n < 256) list[(*n)++] = g;
    return list;
}

int main(void)
{
    const char *sc = getenv("DUEL_LISTING_SCALE");
    int scale = sc && atoi(sc) > 0 ? atoi(sc) : 1;
    int ng;
    const BrGame *const *games = all_games(&ng);
    Cases cs = { 0 };
    BrBuf a, b;
    br_init(&a);
    br_init(&b);
    for (int gi = 0; gi < ng; gi++) {
        for (int r = 0; r < PER_GAME * scale; r++) {
            br_clear(&a);
            games[gi]->random(&seed, r % 4, &a);
            const BrGame *other = games[br_range(&seed, 0, ng - 1)];
            br_clear(&b);
            other->random(&seed, br_range(&seed, 0, 2), &b);
            int heap = br_range(&seed, 0, 7);
            BrBuf t;
            br_init(&t);
            switch (r % 6) {
            case 0: br_printf(&t, "%s", a.s); break;
            case 1: br_printf(&t, "%s + Heap(%d)", a.s, heap); break;
            case 2: br_printf(&t, "%s + %s", a.s, b.s); break;
            case 3: br_printf(&t, "%s + %s + Heap(%d)", a.s, b.s, heap); break;
            case 4: br_printf(&t, "%s + %s + Heap(%d)", a.s, a.s, heap); break;
            default: br_printf(&t, "Heap(%d) + %s", heap, a.s); break;
            }
            add_case(&cs, t.s);
            br_free(&t);
        }
    }
    /* misère play of small sums: 1-3 positions of the smallest sizes, some with a heap (the
       engine's paths: misère Nim, Sprague-Grundy for tame sums, the genus, the search of the sum) */
    for (int r = 0; r < MISERE_SUMS * scale; r++) {
        int k = br_range(&seed, 1, 3);
        BrBuf t;
        br_init(&t);
        br_printf(&t, "misere(");
        for (int i = 0; i < k; i++) {
            br_clear(&a);
            games[br_range(&seed, 0, ng - 1)]->random(&seed, br_range(&seed, 0, 1), &a);
            br_printf(&t, "%s%s", i ? " + " : "", a.s);
        }
        if (r % 3 == 0) br_printf(&t, " + Heap(%d)", br_range(&seed, 0, 5));
        br_printf(&t, ")");
        add_case(&cs, t.s);
        br_free(&t);
    }
    br_free(&a);
    br_free(&b);
    /* heaps past the sequence strategy's rule enumeration (2^16) */
    enum { BIG_FROM = 65536, BIG_TO = 66600 };
    for (int kind = 0; kind < 3; kind++) {
        char set[64] = "";
        if (kind == 0) {   /* Subtract: 1-4 distinct takes of 1..9 */
            int used = 0, w = 0, k = br_range(&seed, 1, 4);
            for (int i = 0; i < k; i++) used |= 1 << br_range(&seed, 1, 9);
            for (int x = 1; x <= 9; x++)
                if (used >> x & 1) w += snprintf(set + w, sizeof set - (size_t)w, "%s%d", w ? ", " : "", x);
        } else if (kind == 2) {   /* Octal: "0." and 1-5 digits of 0..3, the last not 0 */
            int k = br_range(&seed, 1, 5), w = snprintf(set, sizeof set, "0.");
            for (int i = 0; i < k; i++) w += snprintf(set + w, sizeof set - (size_t)w, "%d", br_range(&seed, i + 1 < k ? 0 : 1, 3));
        }
        BrBuf t;
        br_init(&t);
        for (int n = 0; n <= BIG_TO; n++) {   /* every value from 0 up: no deep recursion later */
            br_clear(&t);
            if (kind == 0) br_printf(&t, "Subtract(%d, {%s})", n, set);
            else if (kind == 1) br_printf(&t, "FibSubtract(%d)", n);
            else br_printf(&t, "Octal(\"%s\", %d)", set, n);
            BsPos p;
            char err[200];
            if (!bs_parse(t.s, &p, err, sizeof err)) {
                printf("FAIL %s does not read: %s\n", t.s, err);
                return 1;
            }
            bs_pos_sg(&p);
            bs_pos_free(&p);
        }
        for (int r = 0; r < 8 * scale; r++) {
            int n = br_range(&seed, BIG_FROM, BIG_TO), m = br_range(&seed, BIG_FROM, BIG_TO), heap = br_range(&seed, 0, 7);
            char x[96], y[96];
            if (kind == 0) snprintf(x, sizeof x, "Subtract(%d, {%s})", n, set), snprintf(y, sizeof y, "Subtract(%d, {%s})", m, set);
            else if (kind == 1) snprintf(x, sizeof x, "FibSubtract(%d)", n), snprintf(y, sizeof y, "FibSubtract(%d)", m);
            else snprintf(x, sizeof x, "Octal(\"%s\", %d)", set, n), snprintf(y, sizeof y, "Octal(\"%s\", %d)", set, m);
            br_clear(&t);
            if (r % 3 == 0) br_printf(&t, "%s", x);
            else if (r % 3 == 1) br_printf(&t, "%s + Heap(%d)", x, heap);
            else br_printf(&t, "%s + %s", x, y);
            add_case(&cs, t.s);
        }
        br_free(&t);
    }
    int passed = 0, fails = 0;
    for (int i = 0; i < cs.n; i += CHUNK) fails += run_chunk(&cs, i, i + CHUNK < cs.n ? i + CHUNK : cs.n, &passed);
    printf("duel_listing: %d of %d positions of %d games agree (brute force: %d states); the paths:", passed, cs.n, ng,
           bs_states());
    for (int i = 0; i < npaths; i++) {
        printf("%s %s %d", i ? "," : "", paths[i], pathn[i]);
        free(paths[i]);
    }
    printf("\n");
    for (int i = 0; i < cs.n; i++) free(cs.c[i].text);
    free(cs.c);
    return fails ? 1 : 0;
}
