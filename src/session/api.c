/* api.c: the public C API (include/grundy.h). A session is a program with the standard library,
   its options and its own interrupt flag; gr_eval loads a text and runs its statements as the
   command line's `--json -e TEXT` would, into memory streams, inside one prog_try (nothing below
   unwinds past it, nothing exits), with the calling thread's allocation failures routed to the
   session. */
#include "config.h"
#include "grundy.h"
#include "session/session.h"
#include "session/api_int.h"
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
    xfree(s->def_line);
    xfree(s->def_doc);
    xfree(s->defs);
    for (size_t i = 0; i < s->nheld; i++) key_copy_free(&s->held[i]);
    xfree(s->held);
    util_set_meter(meter0);
    util_free_libc(s->strategy);   /* the session's own blocks: the C library's */
    util_free_libc(s->dot);
    util_free_libc(s->input);
    util_free_libc(s->plot);
    util_free_libc(s->last_messages);
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
    else if (!strcmp(option, "jobs") && !strcmp(value, "auto")) p->opt.jobs = jobs_cpus(), p->opt.jobs_auto = true;
    else if (!strcmp(option, "jobs") && opt_count(value, &n) && n <= 256) p->opt.jobs = (int)n, p->opt.jobs_auto = false;
    else if (!strcmp(option, "jobs-after") && opt_seconds_or_zero(value, &secs)) p->opt.jobs_after = secs, p->opt.jobs_after_set = true;
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

int gr_session_set_input(gr_session *s, const char *text, size_t len)
{
    if (!s) return EXIT_USAGE;
    Program *p = &s->p;
    char *copy = NULL;
    if (text) {
        copy = util_calloc_libc(len + 1);
        if (!copy) return EXIT_LIMIT;
        memcpy(copy, text, len);
    }
    if (!p->run.in.borrowed) xfree(p->run.in.buf);
    util_free_libc(s->input);
    s->input = copy;
    p->run.in.buf = copy;
    p->run.in.len = len;
    p->run.in.pos = 0;
    p->run.in.nl = 0;
    p->run.in.loaded = true;
    p->run.in.borrowed = true;
    p->run.in.refuse = text ? NULL : "this session has no standard input to read (give the data in a file)";
    return EXIT_OK;
}

/* The text, loaded and run (inside session_run). */
typedef struct EvalRun { gr_session *s; const char *text, *name; int status; size_t len; } EvalRun;

/* A text that defines nothing leaves nothing behind, whether it ran to its end, failed to compile
   (its messages are written), failed, reached a limit or was interrupted (gr_stopped_at's text is
   taken first): session_run_on forgets it when the call ends. */
void session_forget_at_end(gr_session *s)
{
    s->forget = drv_mark(&s->p);
    s->forget_armed = true;
}

static void eval_run(Program *p, void *ctx)
{
    EvalRun *r = ctx;
    session_forget_at_end(r->s);
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
    p->run.started = p->run.last_progress = prog_now();   /* a progress line counts from the call's start */
    p->run.work_what = NULL;
    p->run.work_done = 0;
    if (!s->spanning) s->stop = 0;   /* (inside gr_engine_move: an interrupt between its calls stands) */
    s->stopped[0] = 0;
    util_free_libc(s->last_messages);   /* (a gr_exec's messages went to its client: none kept) */
    s->last_messages = NULL;
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
    p->run.picture = s->picture;
    p->run.picture_ctx = s->picture_ctx;
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
        /* a position's text that stays (it loaded a library definition): its statement never runs
           again, as when it is answered */
        if (!drv_forget(p, &s->forget) && s->restore_armed && p->code.nstmts > s->forget.nstmts)
            p->code.nstmts = s->forget.nstmts;
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
    p->run.picture = NULL;
    p->run.out = NULL;
    p->diag.out = NULL;
    p->diag.json = NULL;
    util_set_meter(meter0);
    return *status;
}

/* session_run_on with the JSON lines into *json (NULL: discarded) and the messages' text
   dropped. */
int session_run(gr_session *s, void (*fn)(Program *, void *), void *ctx, int *status, char **json)
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
    if (s->messages && elen) s->messages(s->messages_ctx, 2, ebuf, elen);
    util_free_libc(s->last_messages);
    s->last_messages = ebuf;   /* (gr_session_last_messages: until the next call) */
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

void gr_session_messages(gr_session *s, gr_write_fn *write, void *ctx)
{
    if (!s) return;
    s->messages = write;
    s->messages_ctx = ctx;
}

const char *gr_stopped_at(gr_session *s) { return s && s->stopped[0] ? s->stopped : NULL; }

const char *gr_session_last_messages(gr_session *s)
{
    return s && s->last_messages ? s->last_messages : "";
}

void gr_session_progress(gr_session *s, gr_progress_fn *fn, void *ctx)
{
    if (!s) return;
    s->progress = fn;
    s->progress_ctx = ctx;
}

void gr_session_pictures(gr_session *s, gr_picture_fn *fn, void *ctx)
{
    if (!s) return;
    s->picture = fn;
    s->picture_ctx = ctx;
}

/* ---- the command line's own needs (session/session.h) ---- */

void session_as_file(gr_session *s, bool file) { s->as_file = file; }

bool session_too_many_errors(gr_session *s) { return s->p.diag.errors > DIAG_MAX_ERRORS; }

void session_run_timeout(gr_session *s, double seconds)
{
    s->timeout = seconds;
    s->p.opt.timeout = seconds;
    s->run_deadline = seconds > 0 ? prog_now() + seconds : 0;
}

int gr_eval(gr_session *s, const char *text, const char *name, char **json)
{
    if (json) *json = NULL;
    if (!s || !text) return EXIT_USAGE;
    EvalRun r = { s, text, name ? name : "<eval>", EXIT_OK, strlen(text) };
    return session_run(s, eval_run, &r, &r.status, json);
}

void gr_interrupt(gr_session *s)
{
    if (s) s->stop = 1;
}

void gr_free(void *p) { util_free_libc(p); }   /* what is handed out is never the session's */
