/* repl_item.c: one item of the REPL, below its loop and its commands: text run as a unit, a
   position evaluated for a command, the progress line, and settling after an interrupt. */
#include "config.h"
#include "driver.h"
#include "run.h"
#include "solve/solve.h"
#include "repl.h"
#include "repl_int.h"
#include "pos.h"
#include "util.h"
#include <ctype.h>
#include <stdio.h>
#include <string.h>

void repl_progress_line(Program *p, double elapsed, const char *tail)
{
    if (elapsed < 0) {   /* erase it */
        fputs("\r\033[K", stderr);
        fflush(stderr);
        return;
    }
    uint64_t n = p->run.work_what ? p->run.work_done : (uint64_t)p->solver->store->n;
    fprintf(stderr, "\r\033[K  ... %.0f s, %llu %s (%.0f/s)%s", elapsed, (unsigned long long)n,
            p->run.work_what ? p->run.work_what : "positions stored", (double)n / elapsed, tail);
    fflush(stderr);
    p->run.progress_shown = true;
}

/* ---- items ----------------------------------------------------------------------------------- */

void repl_settle(Repl *r, int status)
{
    prog_progress_clear(r->p);
    if (status == EXIT_INTERRUPT) {
        if (r->p->run.interrupt) *r->p->run.interrupt = 0;
        fflush(r->p->run.out);
        fputs("interrupted (the session and what it solved are kept)\n", stderr);
    }
}

/* An item begins: its clock (returned), no interrupt pending, a fresh error count. */
double repl_begin_item(Repl *r)
{
    Program *p = r->p;
    double t0 = prog_now();
    p->run.started = p->run.last_progress = t0;
    if (p->opt.timeout > 0) p->run.deadline = t0 + p->opt.timeout;   /* --timeout: each item has its own */
    prog_budget_start(p);   /* and its own steps (a command runs no statement that would start them) */
    if (p->run.interrupt) *p->run.interrupt = 0;
    p->diag.errors = 0;
    p->diag.suppressed = false;
    return t0;
}

/* An item ended with status st: progress erased, an interrupt reported, its time (:time on). */
int repl_end_item(Repl *r, int st, double t0)
{
    repl_settle(r, st);
    if (r->time) fprintf(r->p->run.out, "(%.3f s)\n", prog_now() - t0);
    fflush(r->p->run.out);
    return st;
}

int repl_load_status(Program *p) { return p->run.load_status ? p->run.load_status : EXIT_COMPILE; }

int repl_eval(Repl *r, const char *name, const char *text, size_t len)
{
    Program *p = r->p;
    double t0 = repl_begin_item(r);
    if (drv_load(p, name, text, len, NULL)) return repl_end_item(r, repl_load_status(p), t0);
    p->run.failed = 0;
    return repl_end_item(r, run_pending(p), t0);
}

/* ---- evaluating a position --------------------------------------------------------------------- */

typedef struct PosRun { Repl *r; int fn; void (*cb)(Repl *, const Value *, void *); void *ctx; } PosRun;

static void pos_run(Program *p, void *ctx)
{
    PosRun *pr = ctx;
    Value v = vm_call(p->vm, pr->fn, NULL, 0, NULL, NULL);
    if (v.t == VT_INT && v.u.i == 0) v = val_pos(NULL, NULL, 0);
    if (v.t != VT_POS) {
        Loc loc = p->code.stmts[p->code.nstmts - 1].loc;
        prog_fail(p, EXIT_COMPILE, loc, "this needs a position, but this is %s", val_type_an(v.t));
    }
    pr->r->loc = p->code.stmts[p->code.nstmts - 1].loc;
    pr->cb(pr->r, &v, pr->ctx);
}

bool repl_with_pos(Repl *r, const char *text, void (*fn)(Repl *r, const Value *pos, void *ctx), void *ctx)
{
    Program *p = r->p;
    while (isspace((unsigned char)*text)) text++;
    if (!*text) {
        fputs("this command needs a position, e.g. Nim(3, 4, 5)\n", p->run.out);
        return false;
    }
    char name[32];
    snprintf(name, sizeof name, "<repl %d>", ++r->unit);
    size_t n0 = p->code.nstmts;
    bool bare = p->opt.bare_print;
    p->opt.bare_print = false;
    p->diag.errors = 0;
    int errors = drv_load(p, name, text, strlen(text), NULL);
    p->opt.bare_print = bare;
    if (errors) return false;
    if (p->code.nstmts != n0 + 1 || p->code.stmts[n0].kind != ST_QUERY) {
        p->code.next_stmt = p->code.nstmts;
        fputs("this command needs one position, e.g. Nim(3, 4, 5)\n", p->run.out);
        return false;
    }
    drv_apply_redefinitions(p, n0);
    p->code.next_stmt = p->code.nstmts;
    PosRun pr = { r, p->code.stmts[n0].fn, fn, ctx };
    p->run.started = p->run.last_progress = prog_now();
    p->run.stmt = &p->code.stmts[n0];
    int st = prog_try(p, pos_run, &pr);
    p->run.stmt = NULL;
    scratch_release(&p->vm->scratch, 0);
    repl_settle(r, st);
    fflush(p->run.out);
    return st == 0;
}
