/* api.c: the public C API (include/grundy.h). A session is a program with the standard library,
   its options and its own interrupt flag; gr_eval loads a text and runs its statements as the
   command line's `--json -e TEXT` would, into memory streams, inside one prog_try (nothing below
   unwinds past it, nothing exits), with the calling thread's allocation failures routed to the
   session. */
#include "config.h"
#include "grundy.h"
#include "driver.h"
#include "options.h"
#include "program.h"
#include "run.h"
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct gr_session {
    Program p;
    ProgFlag stop;                /* gr_interrupt's flag: the program's interrupt points here */
    double timeout;               /* seconds each gr_eval may take (0: none) */
    char *strategy;               /* the forced strategy (NULL: the engine's choice) */
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
    gr_session *volatile s = calloc(1, sizeof *s);   /* volatile: read after a longjmp */
    if (!s) return NULL;
    NewCtx nc;
    UtilOom old = util_set_oom((UtilOom){ new_oom, &nc });
    if (setjmp(nc.jb)) {   /* what was built so far is lost: the process is out of memory anyway */
        util_set_oom(old);
        return NULL;
    }
    Program *p = &s->p;
    drv_init(p, NULL, NULL);   /* the streams are set per gr_eval */
    drv_load_stdlib(p);
    util_set_oom(old);
    p->json = true;
    p->redefine = true;     /* a later text may replace a definition, as in the REPL */
    p->bare_print = true;   /* a bare expression that is not a position prints its value, as in -e */
    p->jobs = 1;            /* no worker processes unless asked for */
    p->interrupt = &s->stop;
    return s;
}

void gr_session_free(gr_session *s)
{
    if (!s) return;
    drv_fini(&s->p);
    free(s->strategy);
    free(s);
}

int gr_session_set(gr_session *s, const char *option, const char *value)
{
    if (!s || !option || !value) return EXIT_USAGE;
    Program *p = &s->p;
    uint64_t n;
    double secs;
    if (!strcmp(option, "max-states") && opt_count(value, &n)) p->max_states = n;
    else if (!strcmp(option, "max-instances") && opt_count(value, &n)) p->max_instances = n;
    else if (!strcmp(option, "max-steps") && opt_count(value, &n)) p->max_steps = n;
    else if (!strcmp(option, "max-memory") && opt_size(value, &n)) p->max_memory = n;
    else if (!strcmp(option, "timeout") && !strcmp(value, "0")) s->timeout = 0;
    else if (!strcmp(option, "timeout") && opt_seconds(value, &secs)) s->timeout = secs;
    else if (!strcmp(option, "jobs") && opt_count(value, &n) && n <= 256) p->jobs = (int)n;
    else if (!strcmp(option, "strategy") && (!*value || !strcmp(value, "auto") || opt_strategy_known(value, NULL, 0))) {
        char *copy = *value && strcmp(value, "auto") ? strdup(value) : NULL;
        if (*value && strcmp(value, "auto") && !copy) return EXIT_LIMIT;
        free(s->strategy);
        s->strategy = copy;
        p->force_strategy = copy;
    } else {
        return EXIT_USAGE;
    }
    return EXIT_OK;
}

/* The text, loaded and run (inside gr_eval's prog_try). */
typedef struct EvalRun { const char *text, *name; int status; } EvalRun;

static void eval_run(Program *p, void *ctx)
{
    EvalRun *r = ctx;
    if (drv_load(p, r->name, r->text, strlen(r->text), NULL)) {
        r->status = p->load_status == EXIT_LIMIT ? EXIT_LIMIT : EXIT_COMPILE;
        return;
    }
    r->status = run_pending(p);
}

int gr_eval(gr_session *s, const char *text, const char *name, char **json)
{
    if (json) *json = NULL;
    if (!s || !text) return EXIT_USAGE;
    Program *p = &s->p;
    char *obuf = NULL, *ebuf = NULL;
    size_t olen = 0, elen = 0;
    FILE *out = open_memstream(&obuf, &olen), *err = open_memstream(&ebuf, &elen);
    if (!out || !err) {
        if (out) fclose(out);
        if (err) fclose(err);
        free(obuf);
        free(ebuf);
        return EXIT_LIMIT;
    }
    p->out = out;
    p->diag.out = err;      /* the text of the messages (the command line's stderr): not handed out */
    p->diag.json = out;     /* the errors as JSON lines, with the statements' */
    p->diag.errors = 0;
    p->failed = 0;
    p->out_failed = false;
    s->stop = 0;
    p->timeout = s->timeout;
    p->deadline = s->timeout > 0 ? prog_now() + s->timeout : 0;
    EvalRun r = { text, name ? name : "<eval>", EXIT_OK };
    UtilOom old = prog_catch_oom(p);
    int st = prog_try(p, eval_run, &r);
    prog_report_oom(p, (Loc){ 0 });
    util_set_oom(old);
    if (st) {   /* a limit or an interrupt unwound the whole text: its other statements do not run */
        p->next_stmt = p->nstmts;
        r.status = st;
    }
    if (!prog_out_ok(p) && r.status < EXIT_LIMIT) r.status = EXIT_LIMIT;   /* the memory stream failed */
    p->out = NULL;
    p->diag.out = NULL;
    p->diag.json = NULL;
    fclose(out);
    fclose(err);
    free(ebuf);
    if (json) *json = obuf;
    else free(obuf);
    return r.status;
}

void gr_interrupt(gr_session *s)
{
    if (s) s->stop = 1;
}

void gr_free(void *p) { free(p); }
