/* api_client.c: a client of libgrundy built only from the installed files (tests/install.sh
   compiles it with `pkg-config --cflags --libs grundy` against a temporary prefix). Modes:
     goldens GRUNDY FILE.game...   each program through gr_eval in a fresh session, against
                                   `GRUNDY --json [its options] -e "$(cat FILE.game)"` run in the
                                   file's directory: the same JSON lines, the same status
     threads FILE.game...          two sessions in two threads at once give what one session gives
                                   alone, program by program
     limits                        a memory limit and a step limit inside gr_eval return 4 and the
                                   session goes on; gr_interrupt from another thread stops a long
                                   computation with 130, and the next gr_eval works; bad options 2;
                                   gr_query's answers as data: Bouton's move in Nim(3, 4, 5), the
                                   three winning moves of Wythoff(3, 5) + Heap(2), the same outcome,
                                   value, strategy and moves as the JSON of `query` for other
                                   positions, its errors (3, with the text's own columns) and limits
                                   two sessions' memory budgets are their own (gr_session_memory);
                                   the REPL's calls; gr_engine_move against brute forces of the
                                   rules as stated (a subtraction game, Nim, Ends, a draw)
     quiet                         errors, limits and interrupts driven through the API with the
                                   standard output and error redirected to files: both stay empty
   Prints one line per failure and a summary; exits 1 on any failure. */
#define _GNU_SOURCE
#include <grundy.h>
#include <limits.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int failures, passes;

static void check(bool ok, const char *what, const char *detail)
{
    if (ok) { passes++; return; }
    failures++;
    printf("FAIL %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
}

static void meters(void);
static void streams(void);
static void interactive(void);
static void engine_moves(void);
static void query_json(gr_session *s);

/* A file's text (NULL when it cannot be read, or holds a NUL byte: gr_eval takes a C string). */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int c;
    while ((c = fgetc(f)) != EOF) {
        if (len + 2 > cap) {
            cap = cap ? 2 * cap : 4096;
            buf = realloc(buf, cap);
            if (!buf) abort();
        }
        buf[len++] = (char)c;
    }
    fclose(f);
    if (!buf) buf = calloc(1, 1);
    buf[len] = 0;
    if (strlen(buf) != len) {
        free(buf);
        return NULL;
    }
    return buf;
}

/* The options of a golden program (NAME.args) as session options; false when it has one the
   API has no counterpart of (or that depends on the clock). */
static bool golden_options(const char *args, gr_session *s, char *cli, size_t cap)
{
    cli[0] = 0;
    if (!args) return true;
    char *copy = strdup(args), *save = NULL;
    bool ok = true;
    for (char *t = strtok_r(copy, " \t\n", &save); t && ok; t = strtok_r(NULL, " \t\n", &save)) {
        if (!strcmp(t, "--json")) continue;
        static const char *const opts[] = { "--max-states", "--max-instances", "--max-steps", "--max-memory", "--strategy", NULL };
        int k = 0;
        while (opts[k] && strcmp(opts[k], t)) k++;
        char *v = opts[k] ? strtok_r(NULL, " \t\n", &save) : NULL;
        if (!opts[k] || !v) { ok = false; break; }
        ok = gr_session_set(s, opts[k] + 2, v) == 0;
        snprintf(cli + strlen(cli), cap - strlen(cli), " %s %s", t, v);
    }
    free(copy);
    return ok;
}

/* Run cmd with sh; its standard output (malloc'd) and exit status. */
static char *run_cmd(const char *cmd, int *status)
{
    FILE *p = popen(cmd, "r");
    if (!p) { *status = -1; return NULL; }
    char *buf = NULL;
    size_t len = 0, cap = 0;
    char chunk[65536];
    size_t n;
    while ((n = fread(chunk, 1, sizeof chunk, p)) > 0) {
        if (len + n + 1 > cap) {
            cap = 2 * (len + n + 1);
            buf = realloc(buf, cap);
            if (!buf) abort();
        }
        memcpy(buf + len, chunk, n);
        len += n;
    }
    int st = pclose(p);
    *status = WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
    if (!buf) buf = calloc(1, 1);
    buf[len] = 0;
    return buf;
}

/* What gr_exec wrote, stream by stream. */
typedef struct Streams { char *buf[3]; size_t len[3], cap[3]; size_t calls; } Streams;

static int collect(void *ctx, int stream, const char *data, size_t n)
{
    Streams *w = ctx;
    w->calls++;
    if (stream != 1 && stream != 2) abort();
    if (w->len[stream] + n + 1 > w->cap[stream]) {
        w->cap[stream] = 2 * (w->len[stream] + n + 1);
        w->buf[stream] = realloc(w->buf[stream], w->cap[stream]);
        if (!w->buf[stream]) abort();
    }
    memcpy(w->buf[stream] + w->len[stream], data, n);
    w->len[stream] += n;
    w->buf[stream][w->len[stream]] = 0;
    return 0;
}

/* The golden program through gr_exec with text output, against `GRUNDY [options] -e TEXT`: the
   same standard output, the same standard error, the same status. */
static void golden_text(const char *grundy, const char *path, const char *base, const char *text, const char *args)
{
    gr_session *s = gr_session_new();
    char cli[1024];
    if (!s || !golden_options(args, s, cli, sizeof cli) || gr_session_set(s, "output", "text")) {
        gr_session_free(s);
        return;
    }
    Streams w;
    memset(&w, 0, sizeof w);
    int st = gr_exec(s, text, NULL, collect, &w);
    char errpath[] = "/tmp/grundy-api-text-XXXXXX";
    int fd = mkstemp(errpath);
    if (fd < 0) abort();
    close(fd);
    char cmd[8192];
    snprintf(cmd, sizeof cmd, "'%s'%s -e \"$(cat '%s')\" 2>'%s'", grundy, cli, base, errpath);
    int want_st;
    char *want = run_cmd(cmd, &want_st), *want_err = read_file(errpath);
    unlink(errpath);
    const char *o = w.buf[1] ? w.buf[1] : "", *e = w.buf[2] ? w.buf[2] : "";
    char what[1200];
    snprintf(what, sizeof what, "golden %s as text (gr_exec)", path);
    bool same = want && want_err && !strcmp(o, want) && !strcmp(e, want_err) && st == want_st;
    if (!same) {
        printf("--- %s: the command line printed (status %d)\n%s--- and on stderr\n%s--- gr_exec gave (status %d)\n%s"
               "--- and on stream 2\n%s", path, want_st, want ? want : "", want_err ? want_err : "", st, o, e);
    }
    check(same, what, same ? NULL : "the text differs");
    free(w.buf[1]);
    free(w.buf[2]);
    free(want);
    free(want_err);
    gr_session_free(s);
}

static void goldens(const char *grundy, int n, char **files)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd)) abort();
    int skipped = 0;
    for (int i = 0; i < n; i++) {
        const char *path = files[i];
        char dir[4096], base[1024], argsfile[4096];
        const char *slash = strrchr(path, '/');
        snprintf(dir, sizeof dir, "%.*s", slash ? (int)(slash - path) : 1, slash ? path : ".");
        snprintf(base, sizeof base, "%s", slash ? slash + 1 : path);
        snprintf(argsfile, sizeof argsfile, "%.*s.args", (int)(strlen(path) - 5), path);
        char *text = read_file(path), *args = read_file(argsfile);
        gr_session *s = gr_session_new();
        char cli[1024];
        if (!text || !s || !golden_options(args, s, cli, sizeof cli)) {
            skipped++;
            free(text);
            free(args);
            gr_session_free(s);
            continue;
        }
        if (chdir(dir)) abort();
        golden_text(grundy, path, base, text, args);
        char *json = NULL;
        int st = gr_eval(s, text, NULL, &json);
        char cmd[8192];
        snprintf(cmd, sizeof cmd, "'%s' --json%s -e \"$(cat '%s')\" 2>/dev/null", grundy, cli, base);
        int want_st;
        char *want = run_cmd(cmd, &want_st);
        if (chdir(cwd)) abort();
        char what[1200];
        snprintf(what, sizeof what, "golden %s", path);
        bool same = json && want && !strcmp(json, want);
        if (!same) {
            printf("--- %s: the command line printed\n%s--- gr_eval gave\n%s", path, want ? want : "(nothing)",
                   json ? json : "(nothing)");
        }
        check(same, what, same ? NULL : "the JSON differs");
        char sts[64];
        snprintf(sts, sizeof sts, "gr_eval %d, the command line %d", st, want_st);
        check(st == want_st, what, st == want_st ? NULL : sts);
        gr_free(json);
        free(want);
        free(text);
        free(args);
        gr_session_free(s);
    }
    printf("api goldens: %d programs, %d skipped (options the API leaves to the command line, NUL bytes)\n", n - skipped,
           skipped);
}

/* ---- two sessions in two threads ---- */

typedef struct Work { int n; char **texts; char **out; int *status; } Work;

static void *run_texts(void *arg)
{
    Work *w = arg;
    gr_session *s = gr_session_new();
    for (int i = 0; i < w->n; i++) w->status[i] = gr_eval(s, w->texts[i], NULL, &w->out[i]);
    gr_session_free(s);
    return NULL;
}

static void threads(int n, char **files)
{
    char **texts = calloc((size_t)n, sizeof *texts);
    int m = 0;
    for (int i = 0; i < n; i++) {
        char *t = read_file(files[i]);
        if (t && !strstr(t, "read_")) texts[m++] = t;   /* no files: the threads share one directory */
        else free(t);
    }
    Work alone = { m, texts, calloc((size_t)m, sizeof(char *)), calloc((size_t)m, sizeof(int)) };
    run_texts(&alone);
    Work w[2];
    pthread_t th[2];
    for (int k = 0; k < 2; k++) {
        w[k] = (Work){ m, texts, calloc((size_t)m, sizeof(char *)), calloc((size_t)m, sizeof(int)) };
        pthread_create(&th[k], NULL, run_texts, &w[k]);
    }
    for (int k = 0; k < 2; k++) pthread_join(th[k], NULL);
    int diff = 0;
    for (int i = 0; i < m; i++)
        for (int k = 0; k < 2; k++)
            if (w[k].status[i] != alone.status[i] || strcmp(w[k].out[i] ? w[k].out[i] : "", alone.out[i] ? alone.out[i] : "")) {
                if (diff++ < 3) printf("--- thread %d differs on program %d:\n%s--- alone:\n%s", k, i, w[k].out[i], alone.out[i]);
            }
    check(diff == 0, "two sessions in two threads at once", diff ? "results differ from one session alone" : NULL);
    printf("api threads: %d programs in two threads at once\n", m);
    for (int i = 0; i < m; i++) {
        for (int k = 0; k < 2; k++) gr_free(w[k].out[i]);
        gr_free(alone.out[i]);
        free(texts[i]);
    }
    for (int k = 0; k < 2; k++) {
        free(w[k].out);
        free(w[k].status);
    }
    free(alone.out);
    free(alone.status);
    free(texts);
}

/* ---- limits and interrupts ---- */

typedef struct Long { gr_session *s; int status; char *json; } Long;
static void *long_eval(void *arg)
{
    Long *l = arg;
    l->status = gr_eval(l->s, "print count(x for x in 0..10**15 when x % 7 == 3);", NULL, &l->json);
    return NULL;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static bool has(const char *json, const char *text) { return json && strstr(json, text); }

/* ---- one position's answer as data (gr_query) ---- */

/* Whether the answer's result i (a position) is a result the JSON of the same query lists. */
static bool json_lists(const char *json, const char *position)
{
    char want[600];
    snprintf(want, sizeof want, "\"%s\"", position);
    return has(json, want);
}

static void queries(gr_session *s, bool quietly)
{
    (void)quietly;
    gr_answer *a = NULL;
    char *err = NULL;
    /* Bouton: 3 ^ 4 ^ 5 = 2, and only the heap of 3 can go down to 3 ^ 2 = 1 */
    int st = gr_query(s, "Nim(3, 4, 5)", &a, &err);
    const char *comp = NULL, *rule = NULL, *args = NULL, *res = NULL;
    unsigned long long copies = 0;
    check(st == 0 && a && gr_answer_outcome(a) == 'N' && gr_answer_value(a) && !strcmp(gr_answer_value(a), "2") &&
              !strcmp(gr_answer_strategy(a), "closed:nim") && gr_answer_result_count(a) == 1 &&
              !strcmp(gr_answer_result(a, 0), "Heap(1) + Heap(4) + Heap(5)") && gr_answer_move_count(a) == 1 &&
              gr_answer_move(a, 0, &comp, &rule, &args, &res, &copies) == 0 && !strcmp(comp, "Heap(3)") &&
              !strcmp(rule, "take") && !strcmp(args, "k=2") && !strcmp(res, gr_answer_result(a, 0)) && copies == 1 &&
              gr_answer_move(a, 1, NULL, NULL, NULL, NULL, NULL) == -1 && gr_answer_certificate(a),
          "gr_query: Nim(3, 4, 5) is N, SG 2, one move: take k=2 from Heap(3)", err);
    const char *bname = NULL, *btext = NULL;
    long long bval = 0;
    check(st == 0 && gr_answer_binder_count(a, 0) == 1 && gr_answer_binder(a, 0, 0, &bname, &btext, &bval) == 1 &&
              !strcmp(bname, "k") && !strcmp(btext, "2") && bval == 2 && gr_answer_binder(a, 0, 1, NULL, NULL, NULL) == -1 &&
              gr_answer_binder_count(a, 1) == 0 && gr_answer_binder(a, 1, 0, NULL, NULL, NULL) == -1,
          "gr_query: the move's binder k is the integer 2", NULL);
    gr_answer_free(a);
    gr_free(err);
    /* Wythoff(3, 5) is a P-position (SG 0; (3, 5) = (floor(2 phi), floor(2 phi) + 2)) and Heap(2) has
       SG 2: the heap emptied, or the Wythoff moves to its positions of SG 2, (3, 4) and (0, 2) */
    st = gr_query(s, "Wythoff(3, 5) + Heap(2)", &a, NULL);
    bool w1 = false, w2 = false, w3 = false;
    for (size_t i = 0; st == 0 && i < gr_answer_result_count(a); i++) {
        w1 |= !strcmp(gr_answer_result(a, i), "Wythoff(3, 4) + Heap(2)");
        w2 |= !strcmp(gr_answer_result(a, i), "Wythoff(0, 2) + Heap(2)");
        w3 |= !strcmp(gr_answer_result(a, i), "Wythoff(3, 5)");
    }
    check(st == 0 && gr_answer_result_count(a) == 3 && w1 && w2 && w3, "gr_query: Wythoff(3, 5) + Heap(2)'s three moves", NULL);
    gr_answer_free(a);
    /* the same answer as the JSON of `query` */
    char *json = NULL;
    gr_eval(s, "digraph D { 0 -> 0; 1 -> 1; 1 -> 2; } game T(n) { move t(k in 1..3) when k <= n => T(n - k); }", NULL, &json);
    gr_free(json);
    const char *positions[] = { "Kayles(20)", "T(10) + T(7)", "misere(Nim(2, 2, 1))", "Token(D, 1)", "Token(D, 0) + Heap(1)",
                                "Wythoff(100, 163)", "3 * Heap(5) + DawsonKayles(12)", "Heap(0)" };
    for (size_t k = 0; k < sizeof positions / sizeof *positions; k++) {
        char text[200], detail[400];
        snprintf(text, sizeof text, "query %s;", positions[k]);
        int js = gr_eval(s, text, NULL, &json);
        st = gr_query(s, positions[k], &a, NULL);
        bool ok = js == 0 && st == 0 && a;
        char want[200];
        if (ok) {
            snprintf(want, sizeof want, "\"outcome\":\"%c\"", gr_answer_outcome(a));
            ok &= has(json, want);
            snprintf(want, sizeof want, "\"strategy\":\"%s\"", gr_answer_strategy(a));
            ok &= has(json, want);
            if (gr_answer_value(a) && !strchr(gr_answer_value(a), '(')) {
                snprintf(want, sizeof want, "\"sg\":%s", gr_answer_value(a));
                ok &= has(json, want);
            }
            ok &= json_lists(json, gr_answer_position(a));
            for (size_t i = 0; i < gr_answer_result_count(a); i++) ok &= json_lists(json, gr_answer_result(a, i));
            for (size_t i = 0; i < gr_answer_move_count(a); i++) {
                gr_answer_move(a, i, &comp, &rule, &args, &res, &copies);
                ok &= json_lists(json, comp) && json_lists(json, res) && (!rule || has(json, rule));
                /* its binders: the JSON's "args" object, and the text's "k=1, a=4" */
                char obj[300] = "\"args\":{", txt[300] = "";
                for (size_t j = 0; j < gr_answer_binder_count(a, i); j++) {
                    const char *n = NULL, *t = NULL;
                    long long v = 0;
                    int isint = gr_answer_binder(a, i, j, &n, &t, &v);
                    char num[32];
                    snprintf(num, sizeof num, "%lld", v);
                    ok &= isint == 1 && !strcmp(t, num);
                    snprintf(obj + strlen(obj), sizeof obj - strlen(obj), "%s\"%s\":%s", j ? "," : "", n, t);
                    snprintf(txt + strlen(txt), sizeof txt - strlen(txt), "%s%s=%s", j ? ", " : "", n, t);
                }
                strcat(obj, "}");
                ok &= has(json, obj) && (args ? !strcmp(args, txt) : !*txt);
            }
        }
        snprintf(detail, sizeof detail, "%s: status %d, JSON %s", positions[k], st, json ? json : "(none)");
        check(ok, "gr_query gives what the JSON of `query` gives", ok ? NULL : detail);
        gr_answer_free(a);
        gr_free(json);
    }
    /* the certificate's figures: Kayles's proven period (Guy and Smith: 12 from 71 on, octal code
       0.77), a recognised subtraction game's table, and none for Nim */
    st = gr_query(s, "Kayles(1000)", &a, NULL);
    const char *ft = NULL, *fn = NULL;
    long long fv = 0, fp = 0, fe = 0, ftab = 0, frec = -1;
    bool kay = st == 0 && gr_answer_fact(a, "family", &ft, NULL) == 0 && !strcmp(ft, "octal") &&
               gr_answer_fact(a, "code", &ft, NULL) == 0 && !strcmp(ft, "0.77") &&
               gr_answer_fact(a, "period", &ft, &fp) == 1 && fp == 12 && !strcmp(ft, "12") &&
               gr_answer_fact(a, "preperiod", NULL, &fe) == 1 && fe == 71 &&
               gr_answer_fact(a, "proof", &ft, NULL) == 0 && strstr(ft, "periodicity") &&
               gr_answer_fact(a, "table", NULL, NULL) == -1 && gr_answer_fact(a, "nosuch", NULL, NULL) == -1 &&
               gr_answer_fact_count(a) >= 5 && gr_answer_fact_at(a, 0, &fn, &ft, &fv) >= 0 && fn &&
               gr_answer_fact_at(a, gr_answer_fact_count(a), NULL, NULL, NULL) == -1;
    check(kay, "gr_query: Kayles(1000)'s certificate: octal 0.77, period 12 after 71", gr_answer_certificate(a));
    gr_answer_free(a);
    st = gr_query(s, "T(10)", &a, NULL);
    check(st == 0 && gr_answer_fact(a, "family", &ft, NULL) == 0 && !strcmp(ft, "subtraction") &&
              gr_answer_fact(a, "recognised", NULL, &frec) == 1 && frec == 1 && gr_answer_fact(a, "table", NULL, &ftab) == 1 &&
              ftab == 11 && gr_answer_fact(a, "period", NULL, NULL) == -1,
          "gr_query: a recognised subtraction game's table of 11 values", gr_answer_certificate(a));
    gr_answer_free(a);
    /* a closed form: its name, its theorem, whether it knows only the outcome */
    st = gr_query(s, "Nim(3, 4, 5)", &a, NULL);
    long long fo = -1;
    check(st == 0 && gr_answer_fact(a, "period", NULL, NULL) == -1 && gr_answer_fact(a, "form", &ft, NULL) == 0 &&
              !strcmp(ft, "nim") && gr_answer_fact(a, "theorem", &ft, NULL) == 0 && strstr(ft, "Bouton") &&
              gr_answer_fact(a, "outcome_only", NULL, &fo) == 1 && fo == 0,
          "gr_query: Nim's closed form, by Bouton's theorem", gr_answer_certificate(a));
    gr_answer_free(a);
    /* the play modes: misere Nim by the tame sum rule (1 ^ 2 ^ 3 = 0, a heap of 2 or more: P);
       every's suspense (Kayles(3) and Kayles(5) each 3: the largest odd, N); a compound with a
       cycle by retrograde analysis (3 positions, 3 moves); a wild misere sum's genus */
    st = gr_query(s, "misere(Nim(1, 2, 3))", &a, NULL);
    long long fx = -1, ff = -1;
    check(st == 0 && gr_answer_outcome(a) == 'P' && gr_answer_fact(a, "rule", &ft, NULL) == 0 && !strcmp(ft, "tame") &&
              gr_answer_fact(a, "xor", NULL, &fx) == 1 && fx == 0 && gr_answer_fact(a, "firm", NULL, &ff) == 1 && ff == 1,
          "gr_query: misere Nim's figures: the tame rule, XOR 0, firm", gr_answer_certificate(a));
    gr_answer_free(a);
    st = gr_query(s, "every(Kayles(3), Kayles(5))", &a, NULL);
    long long fd = -1, fm = -1;
    check(st == 0 && gr_answer_fact(a, "measure", &ft, NULL) == 0 && !strcmp(ft, "suspense") &&
              gr_answer_fact(a, "decisive", NULL, &fd) == 1 && fd == 3 && gr_answer_fact(a, "misere", NULL, &fm) == 1 && fm == 0,
          "gr_query: every's figures: the largest suspense, 3", gr_answer_certificate(a));
    gr_answer_free(a);
    gr_eval(s, "game Loop(n) { move a => Loop(1 - n); }", NULL, NULL);
    st = gr_query(s, "Loop(0)", &a, NULL);
    check(st == 0 && gr_answer_fact(a, "method", &ft, NULL) == 0 && !strcmp(ft, "retrograde"),
          "gr_query: a game with cycles: its method", gr_answer_certificate(a));
    gr_answer_free(a);
    st = gr_query(s, "Ends(1, 5, 2)", &a, NULL);
    check(st == 0 && gr_answer_fact(a, "method", &ft, NULL) == 0 && !strcmp(ft, "negamax"),
          "gr_query: a scoring game: its method", gr_answer_certificate(a));
    gr_answer_free(a);
    st = gr_query(s, "every(Loop(0) + Heap(1))", &a, NULL);
    long long fpos = -1, fmov = -1;
    check(st == 0 && gr_answer_outcome(a) == 'D' && gr_answer_fact(a, "positions", NULL, &fpos) == 1 && fpos == 3 &&
              gr_answer_fact(a, "moves", NULL, &fmov) == 1 && fmov == 3,
          "gr_query: a compound with a cycle: 3 positions, 3 moves", gr_answer_certificate(a));
    gr_answer_free(a);
    /* two games (no one family's misère quotient): the sum is searched */
    st = gr_query(s, "misere(Kayles(4) + Kayles(4) + Octal(\"0.77\", 7))", &a, NULL);
    check(st == 0 && gr_answer_fact(a, "rule", &ft, NULL) == 0 && gr_answer_certificate(a) &&
              !strcmp(ft, "search") && gr_answer_fact(a, "genus", &ft, NULL) == 0 && strstr(gr_answer_certificate(a), ft),
          "gr_query: a misere sum's rule, and the genus its search found", gr_answer_certificate(a));
    gr_answer_free(a);
    /* binders that are not 64-bit integers: a list and a number past 64 bits, as text */
    gr_eval(s, "game Q(n) { move say(w in [[1, 2], [3]], k in [10**20], j in -2..-2) when n > 0 => Q(n - 1); }", NULL, &json);
    gr_free(json);
    st = gr_query(s, "Q(1)", &a, NULL);
    const char *n0 = NULL, *t0 = NULL, *n1 = NULL, *t1 = NULL, *n2 = NULL, *t2 = NULL;
    long long v2 = 0;
    check(st == 0 && gr_answer_move_count(a) == 2 && gr_answer_binder_count(a, 0) == 3 &&
              gr_answer_binder(a, 0, 0, &n0, &t0, NULL) == 0 && !strcmp(n0, "w") && !strcmp(t0, "[1, 2]") &&
              gr_answer_binder(a, 0, 1, &n1, &t1, NULL) == 0 && !strcmp(n1, "k") && !strcmp(t1, "100000000000000000000") &&
              gr_answer_binder(a, 0, 2, &n2, &t2, &v2) == 1 && !strcmp(n2, "j") && !strcmp(t2, "-2") && v2 == -2 &&
              gr_answer_move(a, 1, NULL, NULL, &args, NULL, NULL) == 0 && !strcmp(args, "w=[3], k=100000000000000000000, j=-2"),
          "gr_query: a list binder, a binder past 64 bits (as text) and an integer binder", NULL);
    gr_answer_free(a);
    /* errors: not a position, a syntax error (columns of the text itself), two statements */
    st = gr_query(s, "7", &a, &err);
    check(st == 3 && !a && has(err, "\"col\":1") && has(err, "needs a position"), "gr_query of an integer is 3", err);
    gr_free(err);
    st = gr_query(s, "Nim(3", &a, &err);
    check(st == 3 && !a && has(err, "\"col\":6"), "gr_query of a syntax error is 3, at the text's own column", err);
    gr_free(err);
    st = gr_query(s, "Nim(3); Nim(4)", &a, &err);
    check(st == 3 && !a && has(err, "one position"), "gr_query of two statements is 3", err);
    gr_free(err);
    check(gr_query(NULL, "Nim(1)", &a, NULL) == 2 && gr_query(s, NULL, &a, NULL) == 2 && gr_query(s, "Nim(1)", NULL, NULL) == 2,
          "gr_query with NULL arguments is 2", NULL);
    /* a text with a definition is refused and leaves nothing behind */
    st = gr_query(s, "game X(n) { move m when n > 0 => X(n - 1); } X(3)", &a, &err);
    check(st == 3 && !a && has(err, "no definitions"), "gr_query of a definition is 3", err);
    gr_free(err);
    st = gr_eval(s, "query X(3);", NULL, &json);
    check(st == 3, "a definition refused by gr_query is not in the session", json);
    gr_free(json);
    st = gr_query(s, "Heap(3)", &a, NULL);
    check(st == 0 && !strcmp(gr_answer_value(a), "3"), "the standard library's names stay as they were", NULL);
    gr_answer_free(a);
    /* the values a query builds are released: many queries building lists in a row */
    bool all = true;
    for (int i = 0; i < 600 && all; i++) {
        all = gr_query(s, "Heap(len([k for k in 1..100000]) % 7)", &a, NULL) == 0 && !strcmp(gr_answer_value(a), "5");
        gr_answer_free(a);
    }
    check(all, "600 queries building lists of 10^5 elements each all succeed", NULL);
    /* the moves' list cut at 1000 is marked incomplete */
    gr_eval(s, "game M(n) { move a(k in 1..2000) when n > 0 => M(0); }", NULL, &json);
    gr_free(json);
    st = gr_query(s, "M(1)", &a, NULL);
    check(st == 0 && gr_answer_move_count(a) == 1000 && gr_answer_incomplete(a), "a cut list of moves is incomplete", NULL);
    gr_answer_free(a);
    /* a limit: 4, and the session goes on */
    check(gr_session_set(s, "max-states", "1000") == 0 && gr_session_set(s, "strategy", "memo") == 0, "set a small state limit", NULL);
    st = gr_query(s, "T(100000)", &a, &err);
    check(st == 4 && !a && has(err, "--max-states"), "gr_query at a limit is 4", err);
    gr_free(err);
    check(gr_session_set(s, "max-states", "100000000") == 0 && gr_session_set(s, "strategy", "auto") == 0, "reset the limit", NULL);
    st = gr_query(s, "T(100000)", &a, NULL);
    check(st == 0 && a && gr_answer_outcome(a) == 'P' && !strcmp(gr_answer_value(a), "0"), "gr_query goes on after a limit", NULL);
    gr_answer_free(a);
    query_json(s);
}

/* gr_query_json: the object `query POSITION;` prints with --json, for positions of every kind; the
   refusals and failures of gr_query, with the errors' columns in the text given. */
static void query_json(gr_session *s)
{
    static const char *const positions[] = { "Nim(3, 4, 5)", "Kayles(7) + Kayles(9)", "Wythoff(3, 5)", "misere(Nim(1, 1, 2))",
                                             "every(Kayles(4), Heap(2))", "Nim(2 ** 70, 1)", "0", "Loop(0)", "T(10)" };
    for (size_t k = 0; k < sizeof positions / sizeof *positions; k++) {
        char text[200], *json = NULL, *obj = NULL, *err = NULL;
        snprintf(text, sizeof text, "query %s;", positions[k]);
        int st = gr_eval(s, text, NULL, &json), st2 = gr_query_json(s, positions[k], NULL, &obj, &err);
        size_t n = json ? strlen(json) : 0;
        bool same = st == 0 && st2 == 0 && obj && (!err || !*err) && n > 1 && json[n - 1] == '\n' && strlen(obj) == n - 1 &&
                    !strncmp(json, obj, n - 1);
        char what[300];
        snprintf(what, sizeof what, "gr_query_json(%s) is the --json object of its query", positions[k]);
        check(same, what, obj ? obj : err);
        gr_free(json);
        gr_free(obj);
        gr_free(err);
    }
    char *obj = NULL, *err = NULL;
    int st = gr_query_json(s, "Nim(1) + Foo(3)", "q.game", &obj, &err);
    check(st == 3 && !obj && has(err, "\"file\":\"q.game\",\"line\":1,\"col\":10"), "gr_query_json of an unknown name: 3 at its column",
          err);
    gr_free(err);
    /* the last call's messages, as the command line prints them */
    const char *msg = gr_session_last_messages(s);
    const char *first = "q.game:1:10: error: unknown function or game 'Foo'";
    check(!strncmp(msg, first, strlen(first)) &&
              has(msg, "\n    1 | Nim(1) + Foo(3)\n      |          ^~~\n"),
          "gr_session_last_messages: the failed call's message with its line and caret", msg);
    st = gr_query_json(s, "Nim(1)", NULL, &obj, NULL);
    check(st == 0 && !strcmp(gr_session_last_messages(s), "") && !strcmp(gr_session_last_messages(NULL), ""),
          "gr_session_last_messages after a call without messages: \"\"", NULL);
    gr_free(obj);
    st = gr_query_json(s, "Nim(1); Nim(2)", NULL, &obj, &err);
    check(st == 3 && !obj && has(err, "one position"), "gr_query_json of two statements is 3", err);
    gr_free(err);
    check(gr_query_json(NULL, "Nim(1)", NULL, &obj, NULL) == 2 && gr_query_json(s, NULL, NULL, &obj, NULL) == 2 &&
              gr_query_json(s, "Nim(1)", NULL, NULL, NULL) == 2,
          "gr_query_json with NULL arguments is 2", NULL);
    check(gr_session_set(s, "max-states", "10") == 0, "a state limit of 10", NULL);
    st = gr_query_json(s, "Kayles(60) + T(5000)", NULL, &obj, &err);
    check(st == 4 && !obj && has(err, "--max-states"), "gr_query_json at a limit is 4", err);
    gr_free(err);
    check(gr_session_set(s, "max-states", "100000000") == 0, "reset the limit", NULL);
}

static void limits(bool quietly)
{
    gr_session *s = gr_session_new();
    char *json = NULL;
    /* a step limit */
    check(gr_session_set(s, "max-steps", "100000") == 0, "set max-steps", NULL);
    int st = gr_eval(s, "print count(x for x in 0..10**12 when x < 0);", NULL, &json);
    check(st == 4 && has(json, "\"kind\":\"error\"") && has(json, "--max-steps"), "a step limit returns 4", json);
    gr_free(json);
    check(gr_session_set(s, "max-steps", "10000000000") == 0, "set max-steps back", NULL);
    /* a memory limit (the budget of the process's memory: the session goes on after it) */
    check(gr_session_set(s, "max-memory", "150M") == 0, "set max-memory", NULL);
    st = gr_eval(s, "print sg(Cutting(6000, 6000));", NULL, &json);
    check(st == 4 && has(json, "--max-memory"), "a memory limit returns 4", json);
    gr_free(json);
    st = gr_eval(s, "print sg(Nim(3, 4, 5));", NULL, &json);
    check(st == 0 && has(json, "{\"kind\":\"print\",\"value\":2}"), "the session goes on after a limit", json);
    gr_free(json);
    /* a limit while a text's constants are evaluated: the text leaves nothing behind (its
       constants, a redefinition's old value) and the session's bare expressions still print */
    check(gr_session_set(s, "max-steps", "100000") == 0, "set max-steps again", NULL);
    gr_eval(s, "const K = 5;", NULL, &json);
    gr_free(json);
    st = gr_eval(s, "const K = 7; const C = sum(k for k in 1..10000000); game Y(n) { move m when n > 0 => Y(n - 1); }", NULL, &json);
    check(st == 4, "a limit in a constant returns 4", json);
    gr_free(json);
    st = gr_eval(s, "print K;", NULL, &json);
    check(st == 0 && has(json, "\"value\":5"), "the redefined constant keeps its old value", json);
    gr_free(json);
    st = gr_eval(s, "print C;", NULL, &json);
    check(st == 3, "the failed text's constant is not defined", json);
    gr_free(json);
    st = gr_eval(s, "query Y(1);", NULL, &json);
    check(st == 3, "the failed text's game is not defined", json);
    gr_free(json);
    gr_answer *qa = NULL;
    st = gr_query(s, "Nim(sum(k for k in 1..10000000))", &qa, NULL);
    check(st == 4 && !qa, "a limit inside gr_query returns 4", NULL);
    st = gr_eval(s, "sg(Nim(3, 4, 5))", NULL, &json);
    check(st == 0 && has(json, "\"value\":2"), "a bare expression still prints after it", json);
    gr_free(json);
    /* a statement a limit stopped is not read again by a later text's error (statements grow) */
    st = gr_eval(s, "print sum(k for k in 1..10000000);", NULL, &json);
    gr_free(json);
    {
        char big[8000] = "";
        for (int i = 0; i < 300; i++) strcat(big, "Nim(1); ");
        strcat(big, "const Z = cram_row(\"a\");");   /* an error inside the standard library */
        st = gr_eval(s, big, NULL, &json);
        check(st == 3, "an error after a stopped statement, with many statements since", NULL);
        gr_free(json);
    }
    check(gr_session_set(s, "max-steps", "10000000000") == 0, "set max-steps back again", NULL);
    /* errors */
    st = gr_eval(s, "query Foo(1);", "bad.game", &json);
    check(st == 3 && has(json, "\"file\":\"bad.game\""), "a compile error returns 3 with its file", json);
    gr_free(json);
    st = gr_eval(s, "expect Nim(1) is P;", NULL, &json);
    check(st == 1, "a failed expect returns 1", json);
    gr_free(json);
    /* definitions stay, and may be redefined */
    st = gr_eval(s, "game G(n) { move t(k in {1, 2}) when k <= n => G(n - k); }", NULL, &json);
    gr_free(json);
    st = gr_eval(s, "print sg(G(7));", NULL, &json);
    check(st == 0 && has(json, "\"value\":1"), "a definition stays in the session", json);
    gr_free(json);
    st = gr_eval(s, "game G(n) { move t(k in {1}) when k <= n => G(n - k); } print sg(G(7));", NULL, &json);
    check(st == 0 && has(json, "\"value\":1"), "a later text redefines it", json);
    gr_free(json);
    /* an interrupt from another thread */
    Long l = { s, -1, NULL };
    pthread_t th;
    double t0 = now();
    pthread_create(&th, NULL, long_eval, &l);
    struct timespec d = { 0, 300000000 };
    nanosleep(&d, NULL);
    gr_interrupt(s);
    pthread_join(th, NULL);
    double took = now() - t0;
    char detail[200];
    snprintf(detail, sizeof detail, "status %d after %.2f s", l.status, took);
    check(l.status == 130 && took < 20, "gr_interrupt stops gr_eval with 130", quietly ? NULL : detail);
    const char *at = gr_stopped_at(s);
    check(at && !strcmp(at, "<eval>:1: print count(x for x in 0..10**15 when x % 7 == 3);"),
          "gr_stopped_at names the statement the interrupt stopped", at);
    gr_free(l.json);
    st = gr_eval(s, "print 6 * 7;", NULL, &json);
    check(st == 0 && has(json, "{\"kind\":\"print\",\"value\":42}"), "the next gr_eval works", json);
    gr_free(json);
    /* options */
    check(gr_session_set(s, "max-states", "abc") == 2 && gr_session_set(s, "colour", "1") == 2 &&
              gr_session_set(s, "strategy", "nosuch") == 2 && gr_session_set(s, "strategy", "memo") == 0,
          "options: a bad value or an unknown option is 2", NULL);
    st = gr_eval(s, "query Kayles(9);", NULL, &json);
    check(st == 0 && has(json, "\"strategy\":\"memo\""), "the strategy option holds", json);
    gr_free(json);
    check(gr_version() && !strcmp(gr_version(), PACKAGE_VERSION_WANTED), "gr_version", gr_version());
    check(gr_session_set(s, "strategy", "auto") == 0, "the strategy option back to the engine's choice", NULL);
    queries(s, quietly);
    gr_session_free(s);
    meters();
    streams();
    interactive();
    engine_moves();
}

/* ---- each session's memory is its own ---- */

/* Two sessions in one process: one holds a 36 MB table; the other's budget, below that, counts
   only its own memory (a budget read from the process would stop it at once), still stops its
   own big table, and its memory goes back when a computation fails. */
static void meters(void)
{
    gr_session *a = gr_session_new(), *b = gr_session_new();
    char *json = NULL;
    unsigned long long a0 = gr_session_memory(a), b0 = gr_session_memory(b);
    char detail[200];
    snprintf(detail, sizeof detail, "a fresh session holds %llu and %llu bytes", a0, b0);
    check(a0 > 0 && a0 < (50ull << 20) && b0 > 0 && b0 < (50ull << 20), "a fresh session's memory", detail);
    const char *game = "game T(a, b) { move x when a > 0 => T(a - 1, b); move y when b > 1 => T(a, b - 2); "
                       "move z when a > 2 and b > 0 => T(a - 3, b - 1); }";
    int st = gr_eval(a, game, NULL, &json);
    gr_free(json);
    st = gr_eval(b, game, NULL, &json);
    gr_free(json);
    b0 = gr_session_memory(b);
    st = gr_eval(a, "print sg(T(3000, 3000));", NULL, &json);
    check(st == 0 && has(json, "{\"kind\":\"print\",\"value\":"), "a big table in session a", json);
    gr_free(json);
    unsigned long long a1 = gr_session_memory(a);
    snprintf(detail, sizeof detail, "%llu bytes before, %llu after", a0, a1);
    check(a1 >= a0 + (34ull << 20), "the table counts in session a's memory (9 * 10^6 cells of 4 bytes)", detail);
    check(gr_session_memory(b) == b0, "session a's table does not count in session b", NULL);
    char budget[40];
    snprintf(budget, sizeof budget, "%llu", b0 + (20ull << 20));
    check(gr_session_set(b, "max-memory", budget) == 0, "set b's max-memory below a's table", NULL);
    st = gr_eval(b, "print sg(Nim(3, 4, 5)); query Kayles(40);", NULL, &json);
    check(st == 0 && has(json, "{\"kind\":\"print\",\"value\":2}"), "session b runs within its own budget beside a's table",
          json);
    gr_free(json);
    st = gr_eval(b, "print sg(T(3000, 3000));", NULL, &json);
    check(st == 4 && has(json, "--max-memory"), "session b's own big table is over its budget: 4", json);
    gr_free(json);
    unsigned long long b1 = gr_session_memory(b);
    snprintf(detail, sizeof detail, "%llu bytes at first, %llu after the limit", b0, b1);
    check(b1 < b0 + (20ull << 20), "what the stopped table had taken is given back", detail);
    st = gr_eval(a, "print sg(T(2999, 3000));", NULL, &json);
    check(st == 0 && gr_session_memory(a) < a1 + (4ull << 20), "session a answers from its kept table", json);
    gr_free(json);
    /* texts that define nothing leave nothing behind: thousands of queries and evaluations in a
       row keep the session's memory where it was */
    gr_answer *ans = NULL;
    gr_query(a, "Nim(3, 4, 5) + Kayles(9)", &ans, NULL);
    gr_answer_free(ans);
    gr_eval(a, "print sg(Kayles(9)); print 1 +;", NULL, &json);
    gr_free(json);
    unsigned long long m0 = gr_session_memory(a);
    bool same = true;
    for (int i = 0; i < 2000; i++) {
        same &= gr_query(a, "Nim(3, 4, 5) + Kayles(9)", &ans, NULL) == 0 && !strcmp(gr_answer_value(ans), "6");
        gr_answer_free(ans);
        same &= gr_eval(a, "print sg(Kayles(9));", NULL, &json) == 0 && has(json, "{\"kind\":\"print\",\"value\":4}");
        gr_free(json);
        same &= gr_eval(a, "print 1 +;", NULL, &json) == 3;
        gr_free(json);
    }
    unsigned long long m1 = gr_session_memory(a);
    snprintf(detail, sizeof detail, "%llu bytes before, %llu after 2000 queries and 4000 evaluations", m0, m1);
    check(same && m1 < m0 + (64ull << 10), "queries and texts that define nothing leave nothing behind", detail);
    /* nor do texts that fail as they run, reach a limit, do not compile (with a constant and a
       game declared), or that gr_query refuses (one with a game in it too): each left 2 to 11 KB
       before */
    gr_eval(a, "print 1 / 0;", NULL, NULL);
    gr_query(a, "Heap(1 / 0)", &ans, NULL);
    gr_session_set(a, "max-steps", "1000");
    gr_eval(a, "print [sg(Kayles(n)) for n in 0..500];", NULL, NULL);
    gr_query(a, "Kayles(3) + Nim(1 / 0)", &ans, NULL);
    gr_session_set(a, "max-steps", "10000000000");
    gr_session_set(a, "max-states", "30");
    char *dot0 = NULL;
    gr_draw(a, "Kayles(200)", NULL, 3, &dot0, NULL);
    gr_position(a, "Kayles(200) + Kayles(150)", NULL, GR_EVERY_MOVE, 0, &ans, NULL);
    gr_session_set(a, "max-states", "50000000");
    m0 = gr_session_memory(a);
    same = true;
    for (int i = 0; i < 1000; i++) {
        same &= gr_eval(a, "print 1; print 1 / 0; print 2;", NULL, NULL) == 3;
        same &= gr_eval(a, "const K = 3; game Y(n) { move m when n > K => Y(n - 1); } print 1 +;", NULL, NULL) == 3;
        same &= gr_query(a, "1 + 2", &ans, NULL) == 3 && !ans;
        same &= gr_query(a, "game Z(n) { move m when n > 0 => Z(n - 1); } Z(3)", &ans, NULL) == 3;
        same &= gr_query(a, "Heap(1 / 0)", &ans, NULL) == 3;
        gr_session_set(a, "max-steps", "1000");
        same &= gr_eval(a, "print [sg(Kayles(n)) for n in 0..500];", NULL, NULL) == 4;
        same &= gr_query(a, "Kayles(3) + Nim(1 / 0)", &ans, NULL) == 3;
        gr_session_set(a, "max-steps", "10000000000");
        gr_session_set(a, "max-states", "30");   /* a drawing and a list of every move cut by a limit */
        char *dot = NULL;
        same &= gr_draw(a, "Kayles(200)", NULL, 3, &dot, NULL) == 4 && !dot;
        same &= gr_position(a, "Kayles(200) + Kayles(150)", NULL, GR_EVERY_MOVE, 0, &ans, NULL) == 4 && !ans;
        gr_session_set(a, "max-states", "50000000");
    }
    m1 = gr_session_memory(a);
    snprintf(detail, sizeof detail, "%llu bytes before, %llu after 9000 failing calls", m0, m1);
    check(same && m1 < m0 + (64ull << 10), "texts that fail, reach a limit or are refused leave nothing behind", detail);
    gr_session_free(a);
    gr_session_free(b);
}

/* ---- gr_exec: the command line's streams through a write function ---- */

static void streams(void)
{
    gr_session *s = gr_session_new();
    Streams w;
    memset(&w, 0, sizeof w);
    int st = gr_exec(s, "print 1; print 2; query Nim(1, 2);", NULL, collect, &w);
    check(st == 0 && w.buf[1] && !strcmp(w.buf[1], "1\n2\nNim(1, 2): N (sg 3) [closed:nim]\n  = Heap(1) + Heap(2)\n"
                                                     "  by Bouton: SG of a heap is its size; a sum is the XOR\n"
                                                     "  winning move: take k=1 from Heap(2) -> Heap(1) + Heap(1)\n") &&
              !w.buf[2] && w.calls >= 3,
          "gr_exec: text output, a statement at a time", w.buf[1]);
    free(w.buf[1]);
    memset(&w, 0, sizeof w);
    st = gr_exec(s, "print 1 +;", "t.game", collect, &w);
    check(st == 3 && !w.buf[1] && w.buf[2] && strstr(w.buf[2], "t.game:1:10: error:") && strstr(w.buf[2], "^"),
          "gr_exec: an error's message with its caret on stream 2", w.buf[2]);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    check(gr_session_set(s, "output", "json") == 0 && gr_session_set(s, "output", "xml") == 2, "the output option", NULL);
    char *json = NULL;
    gr_eval(s, "query Kayles(12); print 1 +;", NULL, &json);
    st = gr_exec(s, "query Kayles(12); print 1 +;", NULL, collect, &w);
    check(st == 3 && w.buf[1] && json && !strcmp(w.buf[1], json) && w.buf[2] && strstr(w.buf[2], "error:"),
          "gr_exec with output json: gr_eval's JSON lines, and the messages as text", w.buf[1]);
    gr_free(json);
    free(w.buf[1]);
    free(w.buf[2]);
    /* standard input given as text: consumed in order by the reads of later texts; NULL refuses */
    gr_session_set(s, "output", "text");
    const char *in = "2\n3 1 2 3\n1 4\nrest of it\n";
    check(gr_session_set_input(s, in, strlen(in)) == 0, "gr_session_set_input", NULL);
    memset(&w, 0, sizeof w);
    st = gr_exec(s, "for t in 1..read_ints(\"-\", 0, 1)[0] { const n = read_ints(\"-\", 0, 1)[0]; "
                    "const a = read_ints(\"-\", 0, n); print n, sum(a), if Nim(a...) is N then \"N\" else \"P\"; }",
                 NULL, collect, &w);
    int st_lines = gr_exec(s, "print read_lines(\"-\")...;", NULL, collect, &w);
    check(st == 0 && st_lines == 0 && w.buf[1] && !strcmp(w.buf[1], "3 6 P\n1 4 N\nrest of it\n") && !w.buf[2],
          "a for statement reads test cases from the input given, a later text reads on", w.buf[1] ? w.buf[1] : w.buf[2]);
    free(w.buf[1]);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    check(gr_session_set_input(s, NULL, 0) == 0, "gr_session_set_input(NULL)", NULL);
    st = gr_exec(s, "print read_ints(\"-\");", NULL, collect, &w);
    check(st == 3 && !w.buf[1] && w.buf[2] && strstr(w.buf[2], "read_ints(): this session has no standard input"),
          "no standard input: reading it is an error", w.buf[2]);
    free(w.buf[2]);
    /* gr_load and gr_run: texts compiled as one program, then their statements run; a NUL byte is
       an error of the text */
    memset(&w, 0, sizeof w);
    gr_session_set(s, "output", "text");
    const char *f1 = "game V(n) { move m when n > 0 => V(n - 1); } print 1;",
               *f2 = "game U(n) { move m when n > 0 => V(n - 1); } query U(5);";
    st = gr_load(s, f1, strlen(f1), "v.game", collect, &w);
    int st2 = gr_load(s, f2, strlen(f2), "u.game", collect, &w);
    check(st == 0 && st2 == 0 && !w.buf[1] && !w.buf[2], "gr_load: two files, the second naming the first's game, load silently",
          w.buf[2]);
    st = gr_run(s, collect, &w);
    check(st == 0 && w.buf[1] && !strncmp(w.buf[1], "1\nU(5): N (sg 1)", 16), "gr_run: both files' statements in order",
          w.buf[1]);
    free(w.buf[1]);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    st = gr_load(s, "print 1;\0print 2;", 18, "nul.game", collect, &w);
    check(st == 3 && w.buf[2] && strstr(w.buf[2], "nul.game:1:9: error:"), "gr_load: a NUL byte is an error at its place",
          w.buf[2]);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    /* the run of loads failed: gr_run runs nothing of it, a good file loaded after the bad one
       included (as the command line runs nothing), and says why */
    st = gr_load(s, "print 5;", 8, "good.game", collect, &w);
    st2 = gr_run(s, collect, &w);
    check(st == 0 && st2 == 3 && !w.buf[1], "gr_run after a failed gr_load runs nothing and returns 3", w.buf[1]);
    free(w.buf[1]);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    st = gr_run(s, collect, &w);
    check(st == 0 && !w.buf[1], "gr_run then starts afresh", w.buf[1]);
    memset(&w, 0, sizeof w);
    /* a query between gr_load and gr_run leaves the loaded statements waiting */
    const char *f3 = "print 7;";
    gr_answer *qa = NULL;
    st = gr_load(s, f3, strlen(f3), "w.game", collect, &w);
    st2 = gr_query(s, "Nim(1)", &qa, NULL);
    gr_answer_free(qa);
    int st3 = gr_run(s, collect, &w);
    check(st == 0 && st2 == 0 && st3 == 0 && w.buf[1] && !strcmp(w.buf[1], "7\n"), "gr_query between gr_load and gr_run",
          w.buf[1]);
    free(w.buf[1]);
    memset(&w, 0, sizeof w);
    st = gr_dump_ir(s, collect, &w);
    check(st == 0 && w.buf[1] && strstr(w.buf[1], "U") && strstr(w.buf[1], "V"), "gr_dump_ir: the user's definitions", NULL);
    free(w.buf[1]);
    memset(&w, 0, sizeof w);
    check(gr_session_set(s, "jobs", "auto") == 0 && gr_session_set(s, "jobs", "1") == 0 && gr_session_set(s, "jobs-after", "0") == 0 &&
              gr_session_set(s, "jobs-after", "-1") == 2 && gr_session_set(s, "plot", "x.png") == 2 &&
              gr_session_set(s, "plot", "") == 0 && gr_session_set(s, "dot", "") == 0,
          "options: jobs auto, jobs-after, plot an SVG file", NULL);
    check(gr_session_set(s, "max-steps", "1000") == 0 && gr_exec(s, "print count(x for x in 0..10**9);", NULL, NULL, NULL) == 4 &&
              gr_session_set(s, "max-steps", "10000000000") == 0 && gr_exec(s, "print 5;", NULL, NULL, NULL) == 0,
          "gr_exec with no write function: a limit is 4, and the session goes on", NULL);
    gr_session_free(s);
}

/* ---- nothing written to the standard output or error ---- */

static void quiet(void)
{
    fflush(stdout);
    fflush(stderr);
    char out_path[] = "/tmp/grundy-api-out-XXXXXX", err_path[] = "/tmp/grundy-api-err-XXXXXX";
    int fo = mkstemp(out_path), fe = mkstemp(err_path);
    int save_out = dup(1), save_err = dup(2);
    dup2(fo, 1);
    dup2(fe, 2);
    int before = failures;
    limits(true);
    fflush(stdout);
    fflush(stderr);
    dup2(save_out, 1);
    dup2(save_err, 2);
    close(save_out);
    close(save_err);
    struct stat so, se;
    fstat(fo, &so);
    fstat(fe, &se);
    close(fo);
    close(fe);
    unlink(out_path);
    unlink(err_path);
    /* a failure above printed its FAIL line into the file: count it, then demand the files empty */
    bool ok = failures == before && so.st_size == 0 && se.st_size == 0;
    char detail[200];
    snprintf(detail, sizeof detail, "%lld bytes on stdout, %lld on stderr", (long long)so.st_size, (long long)se.st_size);
    check(ok, "the library writes nothing to stdout or stderr", ok ? NULL : detail);
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "usage: api_client goldens GRUNDY FILE... | threads FILE... | limits | quiet\n");
        return 2;
    }
    if (!strcmp(argv[1], "goldens") && argc >= 3) goldens(argv[2], argc - 3, argv + 3);
    else if (!strcmp(argv[1], "threads")) threads(argc - 2, argv + 2);
    else if (!strcmp(argv[1], "limits")) limits(false);
    else if (!strcmp(argv[1], "quiet")) quiet();
    else return 2;
    printf("api client (%s): %d passed, %d failed\n", argv[1], passes, failures);
    return failures ? 1 : 0;
}

/* ---- what an interactive client asks (the REPL's commands) ---- */

/* The moves of Kayles(n) by its rules as stated: knock down one pin (k = 1) or two adjacent pins
   (k = 2), leaving a row of a and one of n - k - a with a <= (n - k) / 2. */
static size_t kayles_moves(int n)
{
    size_t m = 0;
    for (int k = 1; k <= 2; k++)
        if (n >= k) m += (size_t)((n - k) / 2 + 1);
    return m;
}

/* A position's text as a sorted multiset of its components ("2 * A + B" and "B + A + A" are one
   position), into buf: its play-mode wrapper kept, "k * X" counted k times. */
static int cmp_str(const void *x, const void *y) { return strcmp(*(char *const *)x, *(char *const *)y); }
static void normal_form(const char *text, char *buf, size_t cap)
{
    char tmp[1000];
    snprintf(tmp, sizeof tmp, "%s", text);
    char *body = tmp, *wrap = NULL;
    char *open = strchr(tmp, '(');
    if (!strncmp(tmp, "misere(", 7)) {
        wrap = "misere";
        body = open + 1;
        body[strlen(body) - 1] = 0;
    }
    char *parts[200];
    int n = 0;
    for (char *t = body; t && *t && n < 200;) {
        char *e = strstr(t, " + ");
        if (e) *e = 0;
        char *star = strstr(t, " * ");
        int k = star ? atoi(t) : 1;
        for (int i = 0; i < k && n < 200; i++) parts[n++] = star ? star + 3 : t;
        t = e ? e + 3 : NULL;
    }
    qsort(parts, (size_t)n, sizeof *parts, cmp_str);
    snprintf(buf, cap, "%s:", wrap ? wrap : "");
    for (int i = 0; i < n; i++) {
        strncat(buf, parts[i], cap - strlen(buf) - 1);
        strncat(buf, ";", cap - strlen(buf) - 1);
    }
}

/* A picture's JSON object, as a line of stream 1 of the Streams ctx. */
static void picture_lines(void *ctx, const char *json, size_t len)
{
    collect(ctx, 1, json, len);
    collect(ctx, 1, "\n", 1);
    ((Streams *)ctx)->calls--;   /* (one call per picture) */
}

static void interactive(void)
{
    gr_session *s = gr_session_new();
    /* whether a text ends inside an item */
    check(gr_incomplete("game X(n) {", 11) == 1 && gr_incomplete("Nim(3,", 6) == 1 && gr_incomplete("[1, 2", 5) == 1 &&
              gr_incomplete("Nim(3, 4)", 9) == 0 && gr_incomplete("1 +;", 4) == 0 && gr_incomplete("print )", 7) == 0 &&
              gr_incomplete("", 0) == 0,
          "gr_incomplete: unclosed items wait, complete texts and other errors do not", NULL);
    /* every move: as many as Kayles's rules give, each valued; the ones to make are exactly the
       winning moves gr_query lists */
    static const char *const positions[] = { "Kayles(10)", "Kayles(9) + Heap(3)", "Kayles(4) + Kayles(4) + Kayles(7)",
                                             "misere(Nim(2, 3, 2))", "Heap(0)" };
    for (size_t k = 0; k < sizeof positions / sizeof *positions; k++) {
        gr_answer *all = NULL, *win = NULL;
        int st = gr_position(s, positions[k], NULL, GR_EVERY_MOVE, 0, &all, NULL);
        int st2 = gr_query(s, positions[k], &win, NULL);
        bool ok = st == 0 && st2 == 0 && gr_answer_outcome(all) == gr_answer_outcome(win) && !gr_answer_incomplete(all);
        size_t n = gr_answer_move_count(all), best = 0;
        for (size_t i = 0; ok && i < n; i++) {
            const char *to, *value;
            int kind, b;
            gr_answer_move(all, i, NULL, NULL, NULL, &to, NULL);
            char o = gr_answer_move_value(all, i, &value, &kind, &b, NULL, NULL, NULL);
            bool listed = false;
            char nt[1000], nw[1000];
            normal_form(to, nt, sizeof nt);
            for (size_t j = 0; j < gr_answer_result_count(win); j++) {
                normal_form(gr_answer_result(win, j), nw, sizeof nw);
                listed |= !strcmp(nw, nt);
            }
            ok &= (o == 'P') == (b != 0) && (b != 0) == listed && (k == 3 ? !value : kind == GR_VALUE_SG && value);
            best += b != 0;
        }
        if (k == 0) ok &= n == kayles_moves(10);
        if (k == 4) ok &= n == 0 && gr_answer_outcome(all) == 'P';
        char detail[200];
        snprintf(detail, sizeof detail, "%s: status %d %d, %zu moves, %zu to make, %zu winning results", positions[k], st,
                 st2, n, best, gr_answer_result_count(win));
        check(ok && gr_answer_move_value(all, n, NULL, NULL, NULL, NULL, NULL, NULL) == 0,
              "gr_position: every move, its value, and the ones to make are gr_query's winning moves", detail);
        gr_answer_free(all);
        gr_answer_free(win);
    }
    gr_answer *a = NULL;
    check(gr_position(s, "Kayles(10)", NULL, GR_EVERY_MOVE, 3, &a, NULL) == 0 && gr_answer_move_count(a) == 3 &&
              gr_answer_incomplete(a),
          "gr_position: at most max moves, and more said", NULL);
    gr_answer_free(a);
    /* outcomes alone: the same moves and outcomes as with values, no value */
    gr_answer *b = NULL;
    int sa = gr_position(s, "Kayles(9) + Heap(3)", NULL, GR_EVERY_MOVE, (size_t)-1, &a, NULL);
    int sb = gr_position(s, "Kayles(9) + Heap(3)", NULL, GR_EVERY_OUTCOME, (size_t)-1, &b, NULL);
    bool same = sa == 0 && sb == 0 && gr_answer_move_count(a) == gr_answer_move_count(b) && !gr_answer_value(b) &&
                gr_answer_outcome(a) == gr_answer_outcome(b) && !gr_answer_incomplete(b);
    for (size_t i = 0; same && i < gr_answer_move_count(a); i++) {
        const char *ta, *tb, *vb = "x";
        gr_answer_move(a, i, NULL, NULL, NULL, &ta, NULL);
        gr_answer_move(b, i, NULL, NULL, NULL, &tb, NULL);
        same &= !strcmp(ta, tb) && gr_answer_move_value(a, i, NULL, NULL, NULL, NULL, NULL, NULL) ==
                                       gr_answer_move_value(b, i, &vb, NULL, NULL, NULL, NULL, NULL) && !vb;
    }
    check(same, "gr_position: GR_EVERY_OUTCOME lists the same moves with their outcomes alone", NULL);
    gr_answer_free(a);
    gr_answer_free(b);
    /* held positions: a move's id answers as its text would, and stays the library's game when
       the user shadows the library's name (the text, read back, would be the user's) */
    int sp = gr_position(s, "Nim(2, 3)", NULL, GR_EVERY_OUTCOME | GR_HOLD, 0, &a, NULL);
    unsigned long long id = 0;
    const char *to = NULL;
    for (size_t i = 0; sp == 0 && i < gr_answer_move_count(a); i++) {
        gr_answer_move(a, i, NULL, NULL, NULL, &to, NULL);
        if (!strcmp(to, "Heap(2) + Heap(1)")) id = gr_answer_move_id(a, i);
    }
    gr_answer_free(a);
    gr_eval(s, "game Heap(n) { move t(k in 1..min(n, 1)) => Heap(n - k); }", NULL, NULL);
    int sh = gr_position_held(s, id, GR_EVERY_MOVE, 0, &a, NULL);
    /* the library's Heap(2) + Heap(1): take 1 or 2 from the first, 1 from the second; XOR 3: N */
    check(sp == 0 && id && sh == 0 && gr_answer_move_count(a) == 3 && gr_answer_outcome(a) == 'N' &&
              !strcmp(gr_answer_value(a), "3") && gr_position_held(s, 0, GR_VALUE, 0, &b, NULL) == 2,
          "gr_position_held: a held position is the game it was, whatever shadows its name since", NULL);
    gr_answer_free(a);
    unsigned long long mark = gr_session_held(s);
    sp = gr_position_held(s, id, GR_EVERY_OUTCOME | GR_HOLD, 0, &a, NULL);
    bool newer = sp == 0 && gr_answer_move_count(a) == 3 && gr_answer_move_id(a, 0) == mark + 1 &&
                 gr_session_held(s) == mark + 3;
    gr_answer_free(a);
    gr_session_release(s, mark);
    newer &= gr_session_held(s) == mark && gr_position_held(s, mark + 1, GR_VALUE, 0, &a, NULL) == 2 &&
             gr_position_held(s, id, GR_VALUE, 0, &b, NULL) == 0;
    gr_answer_free(b);
    check(newer, "gr_session_release(s, mark): the positions held after the mark go, the others stay", NULL);
    gr_session_release(s, 0);
    check(gr_position_held(s, id, GR_VALUE, 0, &a, NULL) == 2 && !a && gr_session_held(s) == 0,
          "gr_session_release(s, 0): the ids mean nothing after", NULL);
    /* a position that fails the first time a library game is used: its text never runs again,
       and what gr_load left waits for gr_run (the REPL's next item ran it again) */
    Streams p;
    memset(&p, 0, sizeof p);
    int l = gr_load(s, "print 111;", 10, "w.game", collect, &p);
    int q = gr_position(s, "DawsonKayles(1 / 0)", NULL, GR_VALUE, 0, &a, NULL);
    int rn = gr_run(s, collect, &p);
    check(l == 0 && q == 3 && !a && rn == 0 && p.buf[1] && !strcmp(p.buf[1], "111\n"),
          "a failed position that loaded a library game is not run again by gr_run", p.buf[1]);
    free(p.buf[1]);
    free(p.buf[2]);
    memset(&p, 0, sizeof p);
    q = gr_position(s, "GrundyGame(1 / 0)", NULL, GR_EVERY_MOVE, 0, &a, NULL);
    rn = gr_exec(s, "print 4;", NULL, collect, &p);
    check(q == 3 && rn == 0 && p.buf[1] && !strcmp(p.buf[1], "4\n"), "and the next text runs, alone", p.buf[1]);
    free(p.buf[1]);
    free(p.buf[2]);
    /* the messages of a refused position go to the messages writer, with their caret */
    Streams w;
    memset(&w, 0, sizeof w);
    gr_session_messages(s, collect, &w);
    char *errors = NULL;
    int st = gr_position(s, "Nope(3)", "<cmd>", GR_EVERY_MOVE, 0, &a, &errors);
    check(st == 3 && !a && errors && strstr(errors, "\"error\"") && w.buf[2] && strstr(w.buf[2], "<cmd>:1:1: error:") &&
              strstr(w.buf[2], "^"),
          "gr_position: an unknown game is refused, the message on the messages writer", w.buf[2]);
    gr_free(errors);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    /* a compound's moves: each move of the compound, no rule, the outcome it reaches */
    errors = NULL;
    st = gr_position(s, "every(Kayles(2), Heap(1))", "<cmd>", GR_EVERY_MOVE, 0, &a, &errors);
    const char *mfrom = NULL, *mrule = "x", *margs = NULL, *mto = NULL;
    unsigned long long mcopies = 0;
    size_t nm = a ? gr_answer_move_count(a) : 0;
    int best = 0, stars = 0;
    for (size_t i = 0; i < nm; i++) {
        const char *v, *g, *af, *wo;
        int kind;
        gr_answer_move_value(a, i, &v, &kind, &best, &g, &af, &wo);
        stars += best;
    }
    if (nm) gr_answer_move(a, 0, &mfrom, &mrule, &margs, &mto, &mcopies);
    check(st == 0 && a && nm == 2 && !mrule && mfrom && !strcmp(mfrom, "every(Kayles(2) + Heap(1))") && stars == 1,
          "gr_position: every move of a compound (Kayles(2) to Kayles(1) or 0, with Heap(1) to 0)", mto);
    gr_answer_free(a);
    a = NULL;
    gr_free(errors);
    free(w.buf[2]);
    memset(&w, 0, sizeof w);
    st = gr_position(s, "game W(n) { move m when n > 0 => W(n - 1); } W(3)", NULL, GR_VALUE, 0, &a, NULL);
    check(st == 3 && !a && w.buf[2] && strstr(w.buf[2], "needs one position"), "gr_position: a definition is refused",
          w.buf[2]);
    free(w.buf[2]);
    gr_session_messages(s, NULL, NULL);
    /* the value alone, with the components and how each was solved */
    unsigned long long before = gr_session_positions(s, NULL);
    st = gr_position(s, "Kayles(20) + Nim(3)", NULL, GR_VALUE, 0, &a, NULL);
    const char *pos = NULL, *how = NULL, *why = NULL;
    unsigned long long copies = 0;
    check(st == 0 && gr_answer_component_count(a) == 2 && gr_answer_component(a, 1, &pos, &copies, &how, &why) == 0 &&
              !strcmp(pos, "Heap(3)") && copies == 1 && !strcmp(how, "closed:nim") && why && strstr(why, "Bouton") &&
              gr_answer_move_count(a) == 0 && gr_answer_component(a, 2, NULL, NULL, NULL, NULL) == -1 &&
              gr_answer_value_kind(a) == GR_VALUE_SG && !strcmp(gr_answer_value(a), "2") &&
              gr_session_positions(s, NULL) > before,
          "gr_position: the value alone, with each component's strategy and certificate", pos);
    gr_answer_free(a);
    char many[8000] = "Nim(1";
    for (int i = 2; i <= 1100; i++) snprintf(many + strlen(many), sizeof many - strlen(many), ", %d", i);
    strcat(many, ")");
    st = gr_position(s, many, NULL, GR_VALUE, 0, &a, NULL);
    check(st == 0 && gr_answer_component_count(a) == 1000 && gr_answer_component_total(a) == 1100,
          "gr_position: 1000 components listed of 1100", NULL);
    gr_answer_free(a);
    /* the game graph, as `draw` writes it */
    char *dot = NULL, *dot2 = NULL;
    st = gr_draw(s, "Nim(1, 2)", NULL, 1, &dot, NULL);
    gr_session_set(s, "output", "text");
    Streams d;
    memset(&d, 0, sizeof d);
    gr_exec(s, "draw Nim(1, 2) depth 1;", NULL, collect, &d);
    check(st == 0 && dot && d.buf[1] && !strcmp(dot, d.buf[1]) && gr_draw(s, "Nim(1)", NULL, 51, &dot2, NULL) == 2,
          "gr_draw: the draw statement's graph", dot);
    gr_free(dot);
    free(d.buf[1]);
    /* pictures as data: each draw's and each two-range table's JSON object, whatever the output,
       the same as --json prints (here: gr_eval's JSON lines of the same text in another session) */
    {
        static const char text[] = "draw Nim(1, 2) depth 1; table Cutting(2..4, 2..5); table Heap(0..3); "
                                   "query Nim(1); table outcome(Wythoff(0..2, 0..2));";
        Streams pics, out;
        memset(&pics, 0, sizeof pics);
        memset(&out, 0, sizeof out);
        gr_session *t = gr_session_new();
        gr_session_pictures(t, picture_lines, &pics);
        int st1 = gr_exec(t, text, NULL, collect, &out);   /* text output */
        char *json = NULL;
        gr_session *u = gr_session_new();
        int st2 = gr_eval(u, text, NULL, &json);
        /* the lines of the draw and of the two grids, in order */
        char want[20000] = "";
        for (const char *l = json; l && *l;) {
            const char *e = strchr(l, '\n');
            size_t n = e ? (size_t)(e - l) : strlen(l);
            static const char draw[] = "{\"kind\":\"draw\"", table[] = "{\"kind\":\"table\"";
            if ((!strncmp(l, draw, strlen(draw)) || (!strncmp(l, table, strlen(table)) && memmem(l, n, "\"rows\":", 7))) &&
                strlen(want) + n + 2 < sizeof want)
                strncat(want, l, n), strcat(want, "\n");
            l = e ? e + 1 : l + n;
        }
        bool ok = st1 == 0 && st2 == 0 && pics.calls == 3 && pics.buf[1] && !strcmp(pics.buf[1], want) && out.buf[1] &&
                  strstr(out.buf[1], "digraph game {") && strstr(out.buf[1], "table Cutting(2..4, 2..5):");
        check(ok, "gr_session_pictures: the JSON objects of draw and two-range tables, as --json prints them",
              pics.buf[1]);
        /* JSON output too, and none once the function is taken away */
        free(pics.buf[1]);
        memset(&pics, 0, sizeof pics);
        char *json2 = NULL;
        gr_session_pictures(u, picture_lines, &pics);
        ok = gr_eval(u, "table Cutting(2..3, 2..3);", NULL, &json2) == 0 && pics.calls == 1 && json2 &&
             !strcmp(pics.buf[1], json2);
        gr_session_pictures(u, NULL, NULL);
        ok &= gr_eval(u, "draw Nim(1) depth 1;", NULL, NULL) == 0 && pics.calls == 1;
        check(ok, "gr_session_pictures: with JSON output too; none once the function is taken away", json2);
        free(pics.buf[1]);
        free(out.buf[1]);
        free(out.buf[2]);
        gr_free(json);
        gr_free(json2);
        gr_session_free(t);
        gr_session_free(u);
    }
    /* names, definitions, options */
    const char *first = NULL, *doc = NULL;
    int kind = 0, stdlib = 0;
    bool heap = false;
    for (size_t i = 0; i < gr_session_name_count(s); i++) heap |= !strcmp(gr_session_name(s, i), "Heap");
    check(heap && gr_session_def_find(s, "Kayles", &kind, &stdlib, &first, &doc) == 0 && kind == 'g' && stdlib &&
              !strcmp(first, "game Kayles(n) {") && strstr(doc, "Octal 0.77") && gr_session_def_find(s, "nosuch", NULL, NULL,
                                                                                                   NULL, NULL) == -1 &&
              gr_builtin_doc("winning_count") && !gr_builtin_doc("nosuch"),
          "definitions: Kayles's first line and doc comment, a built-in's description", first);
    gr_eval(s, "// Mine: mine.\ngame Mine(n) { move m when n > 0 => Mine(n - 1); }", NULL, NULL);
    size_t nd = gr_session_def_count(s), mine = 0, lib = 0;
    const char *name = NULL;
    for (size_t i = 0; i < nd; i++) {
        gr_session_def(s, i, &name, &kind, &stdlib, &first, &doc);
        lib += stdlib != 0;
        if (!strcmp(name, "Mine")) mine += !stdlib && kind == 'g' && !strcmp(doc, "Mine: mine.\n") && i == nd - 1;
    }
    check(nd > 40 && lib == nd - 2 && mine == 1 && gr_session_def(s, nd, NULL, NULL, NULL, NULL, NULL) == -1,
          "definitions: the standard library's, then the session's (Heap, which shadows the library's, and Mine) "
          "with its doc comment", NULL);
    gr_session_set(s, "max-states", "12345");
    check(!strcmp(gr_session_get(s, "max-states"), "12345") && !strcmp(gr_session_get(s, "output"), "text") &&
              !gr_session_get(s, "nosuch"),
          "gr_session_get: an option's value", NULL);
    gr_session_free(s);
}

/* ---- the engine's move (gr_engine_move) against brute forces of the rules as stated ---- */

/* The target of the move gr_engine_move chose in position (by text, or held id): its text and rule
   as gr_position lists them, *why the reason; false when the call failed or there was no move. */
static bool engine_target(gr_session *s, const char *position, unsigned long long id, char *to, size_t cap,
                          char *rule, size_t rcap, const char **why)
{
    size_t i = 12345;
    int st = gr_engine_move(s, position, NULL, id, &i, why, NULL);
    gr_answer *a = NULL;
    int st2 = id ? gr_position_held(s, id, GR_EVERY_OUTCOME, (size_t)-1, &a, NULL)
                 : gr_position(s, position, NULL, GR_EVERY_OUTCOME, (size_t)-1, &a, NULL);
    const char *t = NULL, *r = NULL;
    bool ok = st == 0 && st2 == 0 && i != (size_t)-1 && gr_answer_move(a, i, NULL, &r, NULL, &t, NULL) == 0;
    snprintf(to, cap, "%s", ok ? t : "");
    snprintf(rule, rcap, "%s", ok && r ? r : "");
    gr_answer_free(a);
    return ok;
}

/* Subtraction {1, 3, 4} as a person states it: from n take 1, 3 or 4 (at most n); who cannot move
   loses. win[n], and the remoteness rem[n]: 0 with no move; a winner's 1 + the least over moves
   to a loss; a loser's 1 + the largest over all moves. */
static void sub134(int n, bool *win, int *rem)
{
    static const int S[] = { 1, 3, 4 };
    for (int m = 0; m <= n; m++) {
        win[m] = false;
        int lo = -1, hi = -1;
        for (int j = 0; j < 3; j++) {
            if (S[j] > m) continue;
            int c = m - S[j];
            if (!win[c]) {
                win[m] = true;
                if (lo < 0 || rem[c] < lo) lo = rem[c];
            }
            if (rem[c] > hi) hi = rem[c];
        }
        rem[m] = hi < 0 ? 0 : win[m] ? lo + 1 : hi + 1;
    }
}

/* Nim's remoteness by the rules (take any number from one heap; who cannot move loses), over
   three heaps each below 8: *win and the remoteness. */
static int nim_rem(int a, int b, int c, bool *win)
{
    static int memo[8][8][8];
    static bool known[8][8][8], wins[8][8][8];
    if (known[a][b][c]) {
        *win = wins[a][b][c];
        return memo[a][b][c];
    }
    int h[3] = { a, b, c }, lo = -1, hi = -1;
    bool w = false;
    for (int j = 0; j < 3; j++)
        for (int t = 0; t < h[j]; t++) {
            int g[3] = { h[0], h[1], h[2] };
            g[j] = t;
            bool cw;
            int r = nim_rem(g[0], g[1], g[2], &cw);
            if (!cw) {
                w = true;
                if (lo < 0 || r < lo) lo = r;
            }
            if (r > hi) hi = r;
        }
    int r = hi < 0 ? 0 : w ? lo + 1 : hi + 1;
    known[a][b][c] = true;
    wins[a][b][c] = w;
    memo[a][b][c] = r;
    *win = w;
    return r;
}

/* The heaps of a Nim position's text ("Heap(1) + Heap(3)", "2 * Heap(1)", "0"; heaps of 0 may be
   left out), into h[3], the sizes sorted (the memo's index is the multiset). */
static void heaps_of(const char *text, int h[3])
{
    h[0] = h[1] = h[2] = 0;
    int n = 0;
    for (const char *p = text; (p = strstr(p, "Heap(")) && n < 3; p += 5) {
        int copies = 1;   /* "K * Heap(x)": the K before */
        const char *q = p;
        if (q - text >= 4 && !strncmp(q - 3, " * ", 3)) {
            q -= 3;
            while (q > text && q[-1] >= '0' && q[-1] <= '9') q--;
            copies = atoi(q);
        }
        for (int c = 0; c < copies && n < 3; c++) h[n++] = atoi(p + 5);
    }
    for (int i = 0; i < 3; i++)   /* sorted, so the memo's index is the multiset */
        for (int j = i + 1; j < 3; j++)
            if (h[j] < h[i]) {
                int t = h[i];
                h[i] = h[j];
                h[j] = t;
            }
}

/* Ends as stated: numbers in a row, a move takes either end and scores it; the value is the best
   difference the player to move can force. v[i][j] over a[i..j-1]. */
static long long ends_value(const long long *a, int i, int j, long long v[][12])
{
    if (i >= j) return 0;
    if (v[i][j] != LLONG_MIN) return v[i][j];
    long long l = a[i] - ends_value(a, i + 1, j, v), r = a[j - 1] - ends_value(a, i, j - 1, v);
    return v[i][j] = l > r ? l : r;
}

/* A partizan heap as a person states it: Left takes 1 or 3, Right takes 2 or 3 (at most n); who
   cannot move on their turn loses. win[n][p] for player p (0 Left, 1 Right) to move, and the
   remoteness rem[n][p] as sub134's. */
static const int PZ_TAKE[2][2] = { { 1, 3 }, { 2, 3 } };
static void pz_heap(int n, bool win[][2], int rem[][2])
{
    for (int m = 0; m <= n; m++)
        for (int p = 0; p < 2; p++) {
            win[m][p] = false;
            int lo = -1, hi = -1;
            for (int j = 0; j < 2; j++) {
                if (PZ_TAKE[p][j] > m) continue;
                int c = m - PZ_TAKE[p][j];
                if (!win[c][1 - p]) {
                    win[m][p] = true;
                    if (lo < 0 || rem[c][1 - p] < lo) lo = rem[c][1 - p];
                }
                if (rem[c][1 - p] > hi) hi = rem[c][1 - p];
            }
            rem[m][p] = hi < 0 ? 0 : win[m][p] ? lo + 1 : hi + 1;
        }
}

/* gr_engine_move_side playing Left and Right in the partizan heap, n = 0..30: the first winning
   move of its side (k ascending), else its slowest loss, else no move; without a side, an error. */
static void engine_partizan(gr_session *s)
{
    gr_eval(s, "game PZ(n) { left move take(k in {1, 3}) when k <= n => PZ(n - k); "
               "right move take(k in {2, 3}) when k <= n => PZ(n - k); }", NULL, NULL);
    bool win[31][2];
    int rem[31][2], bad = 0;
    char detail[300] = "";
    pz_heap(30, win, rem);
    for (int n = 0; n <= 30; n++)
        for (int p = 0; p < 2; p++) {
            char pos[32];
            snprintf(pos, sizeof pos, "PZ(%d)", n);
            int want = -1;
            for (int j = 0; j < 2; j++) {
                if (PZ_TAKE[p][j] > n) continue;
                int c = n - PZ_TAKE[p][j];
                if (win[n][p] ? !win[c][1 - p] && want < 0 : want < 0 || rem[c][1 - p] > rem[want][1 - p]) want = c;
            }
            size_t i = 12345;
            const char *why = NULL;
            int st = gr_engine_move_side(s, pos, NULL, 0, p ? 'R' : 'L', &i, &why, NULL);
            gr_answer *a = NULL;
            const char *to = NULL;
            char side = 0;
            bool ok = st == 0 && gr_position(s, pos, NULL, GR_EVERY_OUTCOME, (size_t)-1, &a, NULL) == 0;
            if (ok && want < 0) {
                ok = i == (size_t)-1 && why && !strcmp(why, "no move");
            } else if (ok) {
                char wt[32];
                snprintf(wt, sizeof wt, want ? "PZ(%d)" : "0", want);
                ok = i != (size_t)-1 && gr_answer_move(a, i, NULL, NULL, NULL, &to, NULL) == 0 && !strcmp(to, wt) &&
                     (side = gr_answer_move_side(a, i)) == (p ? 'R' : 'L') &&
                     !strcmp(why, win[n][p] ? "a winning move" : "no winning move; the one that loses slowest");
            }
            if (!ok && bad++ == 0)
                snprintf(detail, sizeof detail, "%s, %s to move: %s (%c, %s), want %d", pos, p ? "Right" : "Left",
                         to ? to : "-", side ? side : '-', why ? why : "-", want);
            gr_answer_free(a);
        }
    check(bad == 0, "gr_engine_move_side: a partizan heap, Left and Right, n = 0..30: a winning move of the side, "
                    "else its slowest loss, else no move", detail);
    size_t i = 0;
    const char *why = NULL;
    char *errors = NULL;
    int st = gr_engine_move(s, "PZ(5)", NULL, 0, &i, &why, &errors);
    check(st == 3 && i == (size_t)-1 && errors && strstr(errors, "gr_engine_move_side"),
          "gr_engine_move: a partizan position needs a side (gr_engine_move_side)", errors ? errors : "");
    gr_free(errors);
}

static void engine_moves(void)
{
    gr_session *s = gr_session_new();
    char to[4000], rule[100], detail[400];
    const char *why = NULL;
    /* a subtraction game: winning moves, slowest losses, no move */
    gr_eval(s, "game T(n) { move take(k in {1, 3, 4}) when k <= n => T(n - k); }", NULL, NULL);
    bool win[41];
    int rem[41];
    sub134(40, win, rem);
    int bad = 0, first_bad = -1;
    for (int n = 0; n <= 40; n++) {
        char pos[32];
        snprintf(pos, sizeof pos, "T(%d)", n);
        int want = -1;   /* the target: the first move (k ascending, the rules' order) that the rule picks */
        static const int S[] = { 1, 3, 4 };
        for (int j = 0; j < 3; j++) {
            if (S[j] > n) continue;
            int c = n - S[j];
            if (win[n] ? !win[c] && want < 0 : want < 0 || rem[c] > rem[want]) want = c;
        }
        bool ok;
        if (want < 0) {
            size_t i = 7;
            ok = gr_engine_move(s, pos, NULL, 0, &i, &why, NULL) == 0 && i == (size_t)-1 && !strcmp(why, "no move");
        } else {
            char wt[32];   /* (a position with no move is written 0) */
            snprintf(wt, sizeof wt, want ? "T(%d)" : "0", want);
            ok = engine_target(s, pos, 0, to, sizeof to, rule, sizeof rule, &why) && !strcmp(to, wt) &&
                 !strcmp(why, win[n] ? "a winning move" : "no winning move; the one that loses slowest");
        }
        if (!ok && first_bad < 0) {
            first_bad = n;
            snprintf(detail, sizeof detail, "T(%d) -> %.100s (%.100s)", n, to, why ? why : "");
        }
        bad += !ok;
    }
    check(bad == 0, "gr_engine_move: subtraction {1, 3, 4}, T(0..40): a winning move, else the slowest loss", detail);
    /* Nim with three heaps below 8, by text and by held id; the positions held before stay */
    bad = 0;
    unsigned long long mark0 = gr_session_held(s);
    for (int a = 0; a < 8; a++)
        for (int b = a; b < 8; b++)
            for (int c = b; c < 8; c++) {
                if (!c) continue;
                char pos[64];
                snprintf(pos, sizeof pos, "Nim(%d, %d, %d)", a, b, c);
                bool w;
                nim_rem(a, b, c, &w);
                bool ok = engine_target(s, pos, 0, to, sizeof to, rule, sizeof rule, &why);
                int h[3];
                heaps_of(to, h);
                bool cw;
                int r = nim_rem(h[0], h[1], h[2], &cw);
                if (w) {
                    ok &= !cw;
                } else {   /* the largest remoteness among the moves */
                    int hi = -1, g[3] = { a, b, c };
                    for (int j = 0; j < 3; j++)
                        for (int t = 0; t < g[j]; t++) {
                            int x[3] = { g[0], g[1], g[2] }, y[3];
                            x[j] = t;
                            char tt[64];
                            snprintf(tt, sizeof tt, "Heap(%d) + Heap(%d) + Heap(%d)", x[0], x[1], x[2]);
                            heaps_of(tt, y);
                            int rr = nim_rem(y[0], y[1], y[2], &cw);
                            if (rr > hi) hi = rr;
                        }
                    ok &= r == hi;
                }
                if (!ok && bad++ == 0) snprintf(detail, sizeof detail, "%s -> %.100s (%.100s)", pos, to, why ? why : "");
            }
    gr_answer *a = NULL;
    int st = gr_position(s, "Nim(1, 2, 3)", NULL, GR_EVERY_OUTCOME | GR_HOLD, 0, &a, NULL);
    unsigned long long mark = gr_session_held(s), id = gr_answer_move_id(a, 0);   /* Heap(2) + Heap(3): N */
    bool held = st == 0 && id && engine_target(s, NULL, id, to, sizeof to, rule, sizeof rule, &why) &&
                !strcmp(why, "a winning move") && gr_session_held(s) == mark;
    gr_answer_free(a);
    size_t i = 0;
    held &= gr_position_held(s, id, GR_VALUE, 0, &a, NULL) == 0 && gr_engine_move(s, NULL, NULL, 0, &i, &why, NULL) == 2;
    gr_answer_free(a);
    gr_session_release(s, mark0);
    check(bad == 0, "gr_engine_move: Nim with three heaps below 8: a winning move, else the slowest loss", detail);
    check(held, "gr_engine_move: a held position; the ids held before stay; no position is a usage error", to);
    /* Ends: the first move worth the most (gain - value after), random rows with a fixed seed */
    srand(37);
    bad = 0;
    for (int t = 0; t < 200; t++) {
        int n = 1 + rand() % 10;
        long long row[12], v[12][12];
        char pos[200] = "Ends(";
        for (int k = 0; k < n; k++) {
            row[k] = rand() % 21 - 5;
            snprintf(pos + strlen(pos), sizeof pos - strlen(pos), "%s%lld", k ? ", " : "", row[k]);
        }
        strcat(pos, ")");
        for (int x = 0; x < 12; x++)
            for (int y = 0; y < 12; y++) v[x][y] = LLONG_MIN;
        long long l = row[0] - ends_value(row, 1, n, v), r = row[n - 1] - ends_value(row, 0, n - 1, v);
        const char *want = l >= r ? "left" : "right";
        bool ok = engine_target(s, pos, 0, to, sizeof to, rule, sizeof rule, &why) && !strcmp(rule, want) &&
                  !strcmp(why, "a best move");
        if (!ok && bad++ == 0) snprintf(detail, sizeof detail, "%.200s: %.20s, not %s", pos, rule, want);
    }
    check(bad == 0, "gr_engine_move: Ends, 200 random rows: the first move worth the most", detail);
    /* a draw kept: from 0 the token may go to 1 (the other then moves to 2 and wins; listed first)
       or to 3, from where it can only come back to 0: a cycle, drawn */
    gr_eval(s, "digraph DrawOr { 0 -> 1; 0 -> 3; 3 -> 0; 1 -> 2; }", NULL, NULL);
    check(engine_target(s, "Token(DrawOr, 0)", 0, to, sizeof to, rule, sizeof rule, &why) &&
              !strcmp(to, "Token(DrawOr, 3)") && !strcmp(why, "no winning move; one that keeps the draw"),
          "gr_engine_move: no winning move, but one keeping the draw", to);
    engine_partizan(s);
    gr_session_free(s);
}
