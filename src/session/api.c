/* api.c: the public C API (include/grundy.h). A session is a program with the standard library,
   its options and its own interrupt flag; gr_eval loads a text and runs its statements as the
   command line's `--json -e TEXT` would, into memory streams, inside one prog_try (nothing below
   unwinds past it, nothing exits), with the calling thread's allocation failures routed to the
   session. */
#include "config.h"
#include "grundy.h"
#include "session/session.h"
#include "jobs.h"
#include "driver.h"
#include "options.h"
#include "program.h"
#include "run.h"
#include "render.h"
#include "key.h"
#include "pos.h"
#include "vm.h"
#include "solve/solve.h"
#include "solve/core/nimber.h"
#include "solve/core/score.h"
#include <errno.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gr_session {
    Program p;
    UtilMeter meter;              /* the session's memory (max-memory): the thread's meter in each call */
    ProgFlag stop;                /* gr_interrupt's flag: the program's interrupt points here */
    double timeout;               /* seconds each gr_eval may take (0: none) */
    char *strategy;               /* the forced strategy (NULL: the engine's choice) */
    char *dot, *plot;             /* the files draw and two-dimensional tables write (NULL: none) */
    bool json_output;             /* gr_exec's output: JSON lines ("output" "json") or text */
    bool loading;                 /* the last call was gr_load: a further one counts its errors on */
    bool as_file;                 /* texts are files: no redefinition, no bare values printed */
    double run_deadline;          /* session_run_timeout: one deadline for every call (0: none) */
    gr_progress_fn *progress;     /* the client's progress line (NULL: none) */
    void *progress_ctx;
    char stopped[600];            /* where the last interrupted call stopped ("" none) */
    bool sink;                    /* the call writes through the client's function (not memory) */
    int load_failed;              /* the status of a failed gr_load in the current run of them (0: none) */
    DrvMark forget;               /* forget_armed: the text being run is forgotten when the call ends, */
    bool forget_armed;            /* however it ends, if it defined nothing (drv_forget) */
    size_t restore_next;          /* restore_armed: the statement gr_run starts from after the call */
    bool restore_armed;
};

const char *gr_version(void) { return PACKAGE_VERSION; }

/* Out of memory while a session is built: back to gr_session_new, which gives NULL. */
typedef struct NewCtx { jmp_buf jb; } NewCtx;
static void new_oom(void *ctx, size_t bytes, const char *msg)
{
    (void)bytes;
    (void)msg;
    longjmp(((NewCtx *)ctx)->jb, 1);
}

gr_session *gr_session_new(void)
{
    gr_session *volatile s = util_calloc_libc(sizeof *s);   /* volatile: read after a longjmp */
    if (!s) return NULL;
    NewCtx nc;
    UtilOom old = util_set_oom((UtilOom){ new_oom, &nc });
    UtilMeter *meter0 = util_set_meter(&s->meter);
    if (setjmp(nc.jb)) {   /* what was built so far is lost: the process is out of memory anyway */
        util_set_meter(meter0);
        util_set_oom(old);
        return NULL;
    }
    Program *p = &s->p;
    drv_init(p, NULL, NULL);   /* the streams are set per gr_eval */
    p->run.meter = &s->meter;
    drv_load_stdlib(p);
    util_set_meter(meter0);
    util_set_oom(old);
    /* output form, redefinition and bare values are set per call (session_run_on: -e texts unless
       session_as_file) */
    p->opt.jobs = 1;            /* no worker processes unless asked for */
    p->run.interrupt = &s->stop;
    return s;
}

void gr_session_free(gr_session *s)
{
    if (!s) return;
    UtilMeter *meter0 = util_set_meter(&s->meter);
    drv_fini(&s->p);
    util_set_meter(meter0);
    util_free_libc(s->strategy);   /* the session's own blocks: the C library's */
    util_free_libc(s->dot);
    util_free_libc(s->plot);
    util_free_libc(s);
}

unsigned long long gr_session_memory(gr_session *s) { return s ? prog_memory_used(&s->p) : 0; }

int gr_session_set(gr_session *s, const char *option, const char *value)
{
    if (!s || !option || !value) return EXIT_USAGE;
    Program *p = &s->p;
    uint64_t n;
    double secs;
    if (!strcmp(option, "max-states") && opt_count(value, &n)) p->opt.max_states = n;
    else if (!strcmp(option, "max-instances") && opt_count(value, &n)) p->opt.max_instances = n;
    else if (!strcmp(option, "max-steps") && opt_count(value, &n)) p->opt.max_steps = n;
    else if (!strcmp(option, "max-memory") && opt_size(value, &n)) p->opt.max_memory = n;
    else if (!strcmp(option, "timeout") && !strcmp(value, "0")) s->timeout = 0;
    else if (!strcmp(option, "timeout") && opt_seconds(value, &secs)) s->timeout = secs;
    else if (!strcmp(option, "jobs") && !strcmp(value, "auto")) p->opt.jobs = jobs_cpus();
    else if (!strcmp(option, "jobs") && opt_count(value, &n) && n <= 256) p->opt.jobs = (int)n;
    else if (!strcmp(option, "jobs-after") && opt_seconds_or_zero(value, &secs)) p->opt.jobs_after = secs;
    else if (!strcmp(option, "dot") || !strcmp(option, "plot")) {
        bool plot = option[0] == 'p';
        size_t len = strlen(value);
        if (plot && *value && (len < 4 || strcmp(value + len - 4, ".svg"))) return EXIT_USAGE;   /* an SVG file */
        char *copy = *value ? util_strdup_libc(value) : NULL;
        if (*value && !copy) return EXIT_LIMIT;
        char **slot = plot ? &s->plot : &s->dot;
        util_free_libc(*slot);
        *slot = copy;
        if (plot) p->opt.plot_file = copy;
        else p->opt.dot_file = copy;
    }
    else if (!strcmp(option, "output") && (!strcmp(value, "text") || !strcmp(value, "json"))) s->json_output = !strcmp(value, "json");
    else if (!strcmp(option, "strategy") && (!*value || !strcmp(value, "auto") || opt_strategy_known(value, NULL, 0))) {
        char *copy = *value && strcmp(value, "auto") ? util_strdup_libc(value) : NULL;
        if (*value && strcmp(value, "auto") && !copy) return EXIT_LIMIT;
        util_free_libc(s->strategy);
        s->strategy = copy;
        p->opt.force_strategy = copy;
    } else {
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The text, loaded and run (inside session_run). */
typedef struct EvalRun { gr_session *s; const char *text, *name; int status; size_t len; } EvalRun;

/* A text that defines nothing leaves nothing behind, whether it ran to its end, failed to compile
   (its messages are written), failed, reached a limit or was interrupted (gr_stopped_at's text is
   taken first): session_run_on forgets it when the call ends. */
static void forget_at_end(gr_session *s)
{
    s->forget = drv_mark(&s->p);
    s->forget_armed = true;
}

static void eval_run(Program *p, void *ctx)
{
    EvalRun *r = ctx;
    forget_at_end(r->s);
    if (drv_load(p, r->name, r->text, r->len, NULL)) {
        r->status = p->run.load_status == EXIT_LIMIT ? EXIT_LIMIT : EXIT_COMPILE;
        if (!p->run.load_status) drv_undeclare(p, &r->s->forget, true);   /* it did not compile: nothing ran */
        return;
    }
    r->status = run_pending(p);
}

/* Run fn(p, ctx) in the session with its output on out and its messages on err (the command
   line's stdout and stderr), as JSON lines (the errors too, on out) or as text, inside one
   prog_try with the calling thread's allocation failures routed to the session; *status is what
   fn set (a limit or an interrupt that unwound it replaces it; a write that failed makes it 4).
   Returns the status. The streams stay the caller's. */
/* The client's progress function, from the program's hook: the figures of repl_progress_line. */
static void on_progress(Program *p, double elapsed, void *ctx)
{
    gr_session *s = ctx;
    if (elapsed >= 0) p->run.progress_shown = true;
    uint64_t n = p->run.work_what ? p->run.work_done : (uint64_t)p->solver->store->n;
    s->progress(s->progress_ctx, elapsed, n, p->run.work_what ? p->run.work_what : "positions stored");
}

static int session_run_on(gr_session *s, void (*fn)(Program *, void *), void *ctx, int *status, FILE *out, FILE *err,
                          bool json, bool load)
{
    Program *p = &s->p;
    UtilMeter *meter0 = util_set_meter(&s->meter);
    p->run.out = out;
    p->diag.out = err;      /* the text of the messages */
    p->diag.json = json ? out : NULL;   /* the errors as JSON lines, with the statements' */
    p->opt.json = json;
    if (!(load && s->loading)) {   /* gr_load after gr_load: one compilation, one count of errors */
        p->diag.errors = 0;
        p->diag.suppressed = false;
    }
    s->loading = load;
    p->run.failed = 0;
    p->run.out_failed = false;
    s->stop = 0;
    s->stopped[0] = 0;
    if (s->run_deadline) {
        p->run.deadline = s->run_deadline;
    } else {
        p->opt.timeout = s->timeout;
        p->run.deadline = s->timeout > 0 ? prog_now() + s->timeout : 0;
    }
    p->opt.redefine = !s->as_file;
    p->opt.bare_print = !s->as_file;
    p->run.progress = s->progress ? on_progress : NULL;
    p->run.progress_ctx = s;
    bool bare = p->opt.bare_print;
    UtilOom old = prog_catch_oom(p);
    int st = prog_try(p, fn, ctx);
    prog_progress_clear(p);
    if ((st == EXIT_INTERRUPT || *status == EXIT_INTERRUPT) && p->run.stop_stmt) {
        const Stmt *at = p->run.stop_stmt;
        char snip[300];
        diag_snippet(&p->diag, at->loc, snip, sizeof snip);
        snprintf(s->stopped, sizeof s->stopped, "%s:%u: %s", diag_file(&p->diag, at->loc.file)->name, (unsigned)at->loc.line,
                 snip);
    }
    if (s->forget_armed) {
        s->forget_armed = false;
        drv_forget(p, &s->forget);
    }
    util_set_meter(&s->meter);   /* again: a run that unwound may have left another in place */
    /* what a statement that a limit or an interrupt unwound past its own runner left behind */
    prog_report_oom(p, p->run.stmt ? p->run.stmt->loc : (Loc){ 0 });
    util_set_oom(old);
    p->run.stmt = NULL;
    p->vm->gate = NULL;
    p->run.work_game = -1;
    p->opt.bare_print = bare;
    scratch_release(&p->vm->scratch, 0);   /* the values the run built (gr_query's too) */
    if (st) {   /* a limit or an interrupt unwound the whole text: its other statements do not run */
        p->code.next_stmt = p->code.nstmts;
        *status = st;
    }
    if (s->restore_armed) {   /* a gr_query that unwound: what gr_load left waits for gr_run still */
        s->restore_armed = false;
        if (s->restore_next < p->code.next_stmt) p->code.next_stmt = s->restore_next;
    }
    /* a write that failed: the memory stream (out of memory), or the client's (its I/O error) */
    if (!prog_out_ok(p) && *status < EXIT_LIMIT) *status = s->sink ? EXIT_USAGE : EXIT_LIMIT;
    p->run.progress = NULL;
    p->run.out = NULL;
    p->diag.out = NULL;
    p->diag.json = NULL;
    util_set_meter(meter0);
    return *status;
}

/* session_run_on with the JSON lines into *json (NULL: discarded) and the messages' text
   dropped. */
static int session_run(gr_session *s, void (*fn)(Program *, void *), void *ctx, int *status, char **json)
{
    char *obuf = NULL, *ebuf = NULL;
    size_t olen = 0, elen = 0;
    FILE *out = open_memstream(&obuf, &olen), *err = open_memstream(&ebuf, &elen);
    if (!out || !err) {
        if (out) fclose(out);
        if (err) fclose(err);
        util_free_libc(obuf);
        util_free_libc(ebuf);
        return EXIT_LIMIT;
    }
    s->sink = false;
    session_run_on(s, fn, ctx, status, out, err, true, false);
    if (fclose(out) && *status < EXIT_LIMIT) *status = EXIT_LIMIT;
    fclose(err);
    util_free_libc(ebuf);
    if (json) *json = obuf;
    else util_free_libc(obuf);
    return *status;
}

/* A stream whose writes go to the client's write function (fopencookie). */
typedef struct Sink { gr_write_fn *fn; void *ctx; int stream; int *err; } Sink;

static ssize_t sink_write(void *cookie, const char *data, size_t n)
{
    Sink *k = cookie;
    if (k->fn && n && k->fn(k->ctx, k->stream, data, n)) {
        if (k->err && !*k->err) *k->err = errno ? errno : EIO;   /* for the message (prog_out_ok) */
        return -1;
    }
    return (ssize_t)n;
}

static FILE *sink_open(Sink *k)
{
    cookie_io_functions_t io = { NULL, sink_write, NULL, NULL };
    FILE *f = fopencookie(k, "w", io);
    /* the output in full buffers, written at the end of each statement (prog_out_ok flushes) and
       when a buffer fills; the messages line by line */
    if (f) setvbuf(f, NULL, k->stream == 1 ? _IOFBF : _IOLBF, 0);
    return f;
}

/* fn(p, ctx) in the session with both streams through write; *status as session_run_on. */
static int session_run_sink(gr_session *s, void (*fn)(Program *, void *), void *ctx, int *status, gr_write_fn *write,
                            void *wctx, bool load)
{
    s->p.run.out_errno = 0;
    Sink ko = { write, wctx, 1, &s->p.run.out_errno }, ke = { write, wctx, 2, NULL };
    FILE *out = sink_open(&ko), *err = sink_open(&ke);
    if (!out || !err) {
        if (out) fclose(out);
        if (err) fclose(err);
        return EXIT_LIMIT;
    }
    s->sink = true;
    session_run_on(s, fn, ctx, status, out, err, s->json_output, load);
    fclose(out);
    fclose(err);
    return *status;
}

int gr_exec(gr_session *s, const char *text, const char *name, gr_write_fn *write, void *ctx)
{
    if (!s || !text) return EXIT_USAGE;
    EvalRun r = { s, text, name ? name : "<eval>", EXIT_OK, strlen(text) };
    return session_run_sink(s, eval_run, &r, &r.status, write, ctx, false);
}

/* The text compiled, its statements left for gr_run (inside session_run). */
static void load_run(Program *p, void *ctx)
{
    EvalRun *r = ctx;
    if (drv_load(p, r->name, r->text, r->len, NULL))
        r->status = p->run.load_status == EXIT_LIMIT ? EXIT_LIMIT : EXIT_COMPILE;
}

int gr_load(gr_session *s, const char *text, size_t len, const char *name, gr_write_fn *write, void *ctx)
{
    if (!s || !text) return EXIT_USAGE;
    if (!s->loading) s->load_failed = 0;   /* a new run of loads: one compilation */
    EvalRun r = { s, text, name ? name : "<eval>", EXIT_OK, len };
    int st = session_run_sink(s, load_run, &r, &r.status, write, ctx, true);
    if (st && !s->load_failed) s->load_failed = st;
    return st;
}

static void pending_run(Program *p, void *ctx) { *(int *)ctx = run_pending(p); }

int gr_run(gr_session *s, gr_write_fn *write, void *ctx)
{
    if (!s) return EXIT_USAGE;
    if (s->load_failed) {   /* one of the loads did not compile: nothing runs, as on the command line */
        int st = s->load_failed;
        s->load_failed = 0;
        s->loading = false;
        s->p.code.next_stmt = s->p.code.nstmts;
        return st;
    }
    int status = EXIT_OK;
    return session_run_sink(s, pending_run, &status, &status, write, ctx, false);
}

static void dump_run(Program *p, void *ctx)
{
    (void)ctx;
    drv_dump_ir(p);
}

int gr_dump_ir(gr_session *s, gr_write_fn *write, void *ctx)
{
    if (!s) return EXIT_USAGE;
    int status = EXIT_OK;
    return session_run_sink(s, dump_run, NULL, &status, write, ctx, false);
}

const char *gr_stopped_at(gr_session *s) { return s && s->stopped[0] ? s->stopped : NULL; }

void gr_session_progress(gr_session *s, gr_progress_fn *fn, void *ctx)
{
    if (!s) return;
    s->progress = fn;
    s->progress_ctx = ctx;
}

/* ---- the command line's own needs (session/session.h) ---- */

Program *session_program(gr_session *s) { return &s->p; }

void session_as_file(gr_session *s, bool file) { s->as_file = file; }

bool session_too_many_errors(gr_session *s) { return s->p.diag.errors > DIAG_MAX_ERRORS; }

void session_run_timeout(gr_session *s, double seconds)
{
    s->timeout = seconds;
    s->p.opt.timeout = seconds;
    s->run_deadline = seconds > 0 ? prog_now() + seconds : 0;
}

UtilOom session_attach(gr_session *s, FILE *out, FILE *err, void (*fatal)(Program *, int), UtilMeter **meter0)
{
    Program *p = &s->p;
    *meter0 = util_set_meter(&s->meter);
    p->run.out = out;
    p->diag.out = err;
    p->diag.json = s->json_output ? out : NULL;
    p->opt.json = s->json_output;
    p->opt.redefine = true;
    p->opt.bare_print = true;
    p->run.fatal = fatal;
    p->run.failed = 0;
    s->stop = 0;
    if (s->run_deadline) p->run.deadline = s->run_deadline;
    return prog_catch_oom(p);
}

void session_detach(gr_session *s, UtilOom oom, UtilMeter *meter0)
{
    Program *p = &s->p;
    util_set_oom(oom);
    p->run.fatal = NULL;
    p->run.out = NULL;
    p->diag.out = NULL;
    p->diag.json = NULL;
    util_set_meter(meter0);
}

int gr_eval(gr_session *s, const char *text, const char *name, char **json)
{
    if (json) *json = NULL;
    if (!s || !text) return EXIT_USAGE;
    EvalRun r = { s, text, name ? name : "<eval>", EXIT_OK, strlen(text) };
    return session_run(s, eval_run, &r, &r.status, json);
}

/* ---- one position's answer, as data ----------------------------------------------------------- */

/* A named value handed out: a binder of a move, a figure of the certificate. */
typedef struct gr_binder { char *name, *text; bool is_int; long long value; } gr_binder;

/* e set to name = the integer i (is_int) or to text. */
static void named_set(gr_binder *e, const char *name, bool is_int, int64_t i, const char *text)
{
    e->name = xstrdup(name);
    e->is_int = is_int;
    e->value = is_int ? (long long)i : 0;
    if (!is_int) {
        e->text = xstrdup(text);
        return;
    }
    StrBuf b;
    sb_init(&b);
    sb_put_i64(&b, i);
    e->text = sb_take(&b);
    sb_fini(&b);
}

static void named_free(gr_binder *v, size_t n)
{
    for (size_t j = 0; j < n; j++) {
        xfree(v[j].name);
        xfree(v[j].text);
    }
    xfree(v);
}

/* The accessors' common part: -1 out of range, else 1 for an integer, 0 for a text. */
static int named_get(const gr_binder *v, size_t n, size_t j, const char **name, const char **text, long long *value)
{
    if (j >= n) return -1;
    if (name) *name = v[j].name;
    if (text) *text = v[j].text;
    if (value) *value = v[j].value;
    return v[j].is_int;
}
typedef struct gr_move {
    char *component, *rule, *args, *result;
    uint64_t copies;
    gr_binder *binders;     /* the rule's binders with their values */
    size_t nbinders;
} gr_move;

struct gr_answer {
    char outcome;
    char *value, *position, *strategy, *why;
    bool scoring, drawing, incomplete;
    char **results;         /* the distinct positions the listed moves reach */
    size_t nresults;
    gr_move *moves;         /* each move reaching one of them */
    size_t nmoves;
    gr_binder *facts;       /* the certificate's figures (name, text, integer) */
    size_t nfacts;
};

static char *dup_or_null(const char *t) { return t ? xstrdup(t) : NULL; }

void gr_answer_free(gr_answer *a)
{
    if (!a) return;
    UtilMeter *meter = util_set_meter(NULL);   /* the caller's memory, never a session's */
    xfree(a->value);
    xfree(a->position);
    xfree(a->strategy);
    xfree(a->why);
    for (size_t i = 0; i < a->nresults; i++) xfree(a->results[i]);
    xfree(a->results);
    for (size_t i = 0; i < a->nmoves; i++) {
        xfree(a->moves[i].component);
        xfree(a->moves[i].rule);
        xfree(a->moves[i].args);
        xfree(a->moves[i].result);
        named_free(a->moves[i].binders, a->moves[i].nbinders);
    }
    named_free(a->facts, a->nfacts);
    xfree(a->moves);
    xfree(a);
    util_set_meter(meter);
}

/* The position text, loaded as a one-statement unit and answered (inside session_run). */
typedef struct QueryRun { gr_session *s; const char *text; gr_answer *out; int status; } QueryRun;

static void query_run(Program *p, void *ctx)
{
    QueryRun *r = ctx;
    size_t n0 = p->code.nstmts, nsyms0 = p->code.nsyms, nredefs0 = p->code.nredefs, pending = p->code.next_stmt;
    DrvMark m0 = drv_mark(p);   /* the query's text is forgotten once answered */
    forget_at_end(r->s);          /* or when an error, a limit or an interrupt ends it */
    r->s->restore_next = pending;
    r->s->restore_armed = true;
    p->opt.bare_print = false;   /* a bare expression is a query (session_run puts it back) */
    int errors = drv_load(p, "<query>", r->text, strlen(r->text), NULL);
    if (errors) {
        r->status = p->run.load_status == EXIT_LIMIT ? EXIT_LIMIT : EXIT_COMPILE;
        if (!p->run.load_status) drv_undeclare(p, &m0, true);   /* it did not compile: nothing ran */
        drv_forget(p, &m0);   /* its messages are written */
        return;
    }
    p->code.next_stmt = p->code.nstmts;   /* the unit's statement runs here, not in a later gr_eval */
    bool defines = p->code.nredefs != nredefs0;   /* a definition (the standard library's load as they are used) */
    for (size_t i = nsyms0; i < p->code.nsyms; i++) defines |= !p->code.syms[i].stdlib;
    if (defines || p->code.nstmts != n0 + 1 || p->code.stmts[n0].kind != ST_QUERY) {
        Loc at = n0 < p->code.nstmts ? p->code.stmts[n0].loc : (Loc){ 0 };
        if (!drv_undeclare(p, &m0, false)) {   /* the text leaves nothing behind (a constant: its name) */
            prog_forget_syms(p, nsyms0);
            p->code.nredefs = nredefs0;
        }
        p->code.nstmts = p->code.next_stmt = n0;
        prog_fail(p, EXIT_COMPILE, at, "gr_query needs one position, such as Nim(3, 4, 5), and no definitions");
    }
    drv_apply_redefinitions(p, n0);
    Stmt *st = &p->code.stmts[n0];
    p->run.stmt = st;
    prog_budget_start(p);
    Value v = vm_call(p->vm, st->fn, NULL, 0, NULL, NULL);
    if (v.t == VT_INT && v.u.i == 0) v = val_pos(NULL, NULL, 0);
    if (v.t != VT_POS) prog_fail(p, EXIT_COMPILE, st->loc, "gr_query needs a position, but this is %s", val_type_an(v.t));
    size_t mark;
    Answer *a = solve_answer_new(p, &mark);
    solve_query(p->solver, &v, st->loc, true, a);
    solve_label(p->solver, a, &v, st->loc);
    /* the answer is the caller's memory, not the session's: made under no meter, and held by
       r->out at once (gr_query frees it if an allocation fails on the way; session_run puts the
       session's meter back) */
    UtilMeter *meter = util_set_meter(NULL);
    gr_answer *g = r->out = xcalloc(1, sizeof *g);
    g->outcome = a->outcome;
    StrBuf b;
    sb_init(&b);
    if (a->scoring) score_print(&b, &a->sg);
    else if (a->has_sg) nim_print(&b, &a->sg);
    else if (a->sg.kind == GV_LOOPY && a->sg.kset) gv_print_loopy(&b, &a->sg);
    g->value = b.len ? sb_take(&b) : NULL;
    sb_fini(&b);
    g->position = dup_or_null(a->position);
    g->strategy = dup_or_null(a->strategy);
    g->why = dup_or_null(a->why);
    g->facts = xcalloc(a->facts.n ? a->facts.n : 1, sizeof *g->facts);
    for (uint32_t j = 0; j < a->facts.n; j++) {
        const AnswerFact *f = &a->facts.v[j];
        named_set(&g->facts[g->nfacts++], f->key, f->is_int, f->i, f->text);
    }
    g->scoring = a->scoring;
    g->drawing = a->drawing;
    uint64_t listed = 0;   /* the moves kept, with their copies, against the moves there are */
    for (size_t i = 0; i < a->nlabels; i++) listed += a->labels[i].copies;
    g->incomplete = a->truncated || a->unvalued || a->labels_cut || a->unwritten || listed < a->nmoves;
    g->results = xcalloc(a->nwin ? a->nwin : 1, sizeof *g->results);
    for (size_t i = 0; i < a->nwin; i++) g->results[g->nresults++] = dup_or_null(a->winning[i]);
    g->moves = xcalloc(a->nlabels ? a->nlabels : 1, sizeof *g->moves);
    for (size_t i = 0; i < a->nlabels; i++) {
        const struct AnswerLabel *l = &a->labels[i];
        gr_move *m = &g->moves[g->nmoves++];
        StrBuf c;
        sb_init(&c);
        key_print(p, &c, eng_key(p->solver->store, a->comps[l->comp]));
        m->component = sb_take(&c);
        sb_fini(&c);
        m->rule = dup_or_null(l->label);
        render_binders_text(&c, &l->args);
        m->args = c.len ? sb_take(&c) : NULL;
        sb_fini(&c);
        m->binders = xcalloc(l->args.n ? l->args.n : 1, sizeof *m->binders);
        for (uint32_t j = 0; j < l->args.n; j++) {
            const AnswerBinder *d = &l->args.v[j];
            named_set(&m->binders[m->nbinders++], d->name, d->is_int, d->i, d->text);
        }
        m->result = dup_or_null(a->winning[l->result]);
        m->copies = l->copies;
    }
    util_set_meter(meter);
    prog_release(p, mark);
    solve_answer_free(a);
    p->run.stmt = NULL;
    r->s->forget_armed = r->s->restore_armed = false;
    if (!drv_forget(p, &m0)) p->code.nstmts = n0;   /* its statement never runs again (a gr_run) */
    p->code.next_stmt = pending;   /* statements gr_load left for gr_run stay for it */
}

int gr_query(gr_session *s, const char *position, gr_answer **out, char **errors)
{
    if (out) *out = NULL;
    if (errors) *errors = NULL;
    if (!s || !position || !out) return EXIT_USAGE;
    QueryRun r = { s, position, NULL, EXIT_OK };   /* a bare position is a query: columns are the text's own */
    int st = session_run(s, query_run, &r, &r.status, errors);
    if (st) {
        gr_answer_free(r.out);
        return st;
    }
    *out = r.out;
    return EXIT_OK;
}

char gr_answer_outcome(const gr_answer *a) { return a ? a->outcome : 0; }
const char *gr_answer_value(const gr_answer *a) { return a ? a->value : NULL; }
const char *gr_answer_position(const gr_answer *a) { return a ? a->position : NULL; }
const char *gr_answer_strategy(const gr_answer *a) { return a ? a->strategy : NULL; }
const char *gr_answer_certificate(const gr_answer *a) { return a ? a->why : NULL; }
int gr_answer_is_scoring(const gr_answer *a) { return a && a->scoring; }
int gr_answer_is_draw(const gr_answer *a) { return a && a->drawing; }
int gr_answer_incomplete(const gr_answer *a) { return a && a->incomplete; }
size_t gr_answer_result_count(const gr_answer *a) { return a ? a->nresults : 0; }
const char *gr_answer_result(const gr_answer *a, size_t i) { return a && i < a->nresults ? a->results[i] : NULL; }
size_t gr_answer_move_count(const gr_answer *a) { return a ? a->nmoves : 0; }

int gr_answer_move(const gr_answer *a, size_t i, const char **component, const char **rule, const char **args,
                   const char **result, unsigned long long *copies)
{
    if (!a || i >= a->nmoves) return -1;
    const gr_move *m = &a->moves[i];
    if (component) *component = m->component;
    if (rule) *rule = m->rule;
    if (args) *args = m->args;
    if (result) *result = m->result;
    if (copies) *copies = m->copies;
    return 0;
}

size_t gr_answer_binder_count(const gr_answer *a, size_t i) { return a && i < a->nmoves ? a->moves[i].nbinders : 0; }

int gr_answer_binder(const gr_answer *a, size_t i, size_t j, const char **name, const char **text, long long *value)
{
    if (!a || i >= a->nmoves) return -1;
    return named_get(a->moves[i].binders, a->moves[i].nbinders, j, name, text, value);
}

size_t gr_answer_fact_count(const gr_answer *a) { return a ? a->nfacts : 0; }

int gr_answer_fact_at(const gr_answer *a, size_t j, const char **name, const char **text, long long *value)
{
    return a ? named_get(a->facts, a->nfacts, j, name, text, value) : -1;
}

int gr_answer_fact(const gr_answer *a, const char *name, const char **text, long long *value)
{
    for (size_t j = 0; a && name && j < a->nfacts; j++)
        if (!strcmp(a->facts[j].name, name)) return gr_answer_fact_at(a, j, NULL, text, value);
    return -1;
}

void gr_interrupt(gr_session *s)
{
    if (s) s->stop = 1;
}

void gr_free(void *p) { util_free_libc(p); }   /* what is handed out is never the session's */
