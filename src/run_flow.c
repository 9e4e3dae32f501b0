/* run_flow.c: the order statements run in: the queued ones in turn (run_pending), each inside
   its own error handler with its budgets; for and if statements: a for runs its body's statements
   once per element of the domain, with the loop variable and the body's constants (set by let
   statements) kept in an arena of the loop's, emptied after each element; an if runs one of its
   two bodies. What each other statement does is run.c's (run_simple). */
#include "config.h"
#include "run.h"
#include "run_int.h"
#include "driver.h"
#include "vm.h"
#include <string.h>

static void run_loop(Program *p, size_t at);
static void run_if(Program *p, size_t at);
static void run_let(Program *p, Stmt *st);

/* One statement: an error inside the standard library also points at it. */
static void run_stmt(Program *p, Stmt *st)
{
    p->run.stmt = st;
    switch (st->kind) {
    case ST_FOR: run_loop(p, (size_t)(st - p->code.stmts)); break;
    case ST_IF: run_if(p, (size_t)(st - p->code.stmts)); break;
    case ST_LET: run_let(p, st); break;
    default: run_simple(p, st); break;
    }
    scratch_release(&p->vm->scratch, 0);
}

typedef struct RunCtx { Stmt *st; } RunCtx;

static void run_one(Program *p, void *ctx)
{
    RunCtx *rc = ctx;
    run_stmt(p, rc->st);
}

int run_pending(Program *p)
{
    while (p->code.next_stmt < p->code.nstmts) {
        drv_apply_redefinitions(p, p->code.next_stmt);   /* a unit's definitions hold from its statements on */
        RunCtx rc = { &p->code.stmts[p->code.next_stmt++] };
        p->run.work_what = NULL;
        p->run.work_done = 0;
        p->run.work_game = -1;
        p->vm->gate = NULL;   /* a claim stopped by an error left its gate */
        prog_budget_start(p);
        if (p->run.progress) p->run.started = p->run.last_progress = prog_now();
        int st = prog_try(p, run_one, &rc);
        prog_report_oom(p, rc.st->loc);
        p->run.stmt = NULL;
        prog_progress_clear(p);
        if (!prog_out_ok(p)) {
            p->code.next_stmt = p->code.nstmts;
            return EXIT_USAGE;
        }
        if (st) {
            p->code.next_stmt = p->code.nstmts;
            return st;
        }
        if (rc.st->kind == ST_FOR || rc.st->kind == ST_IF) p->code.next_stmt = rc.st->body_end;   /* the bodies ran inside it */
    }
    drv_apply_redefinitions(p, p->code.next_stmt);   /* those of units without statements after the last */
    return p->run.failed ? EXIT_FAILED : EXIT_OK;
}

/* A loop being run: a copy of its domain's elements (a list's or set's words; a range is not
   copied), its arena, and the arena of the loop around it (put back when it ends). */
typedef struct Loop { Program *p; int64_t *words; Arena arena; Arena *outer; } Loop;

static void loop_free(void *arg)
{
    Loop *l = arg;
    l->p->run.loop_arena = l->outer;
    arena_fini(&l->arena);
    xfree(l->words);
    xfree(l);
}

/* The statements from to to (a nested for's or if's body runs inside it), each with its budget. */
static void run_block(Program *p, size_t from, size_t to)
{
    for (size_t j = from; j < to;) {
        Stmt *b = &p->code.stmts[j];
        prog_budget_start(p);
        run_stmt(p, b);
        j = b->kind == ST_FOR || b->kind == ST_IF ? b->body_end : j + 1;
    }
}

static void run_if(Program *p, size_t at)
{
    Stmt *st = &p->code.stmts[at];
    Value c = vm_call(p->vm, st->fn, NULL, 0, NULL, NULL);
    if (c.t != VT_BOOL && c.t != VT_INT)
        prog_fail(p, EXIT_COMPILE, st->loc, "an if statement needs a condition, not %s", val_type_an(c.t));
    bool yes = c.u.i != 0;
    Arena *outer = p->run.loop_arena;   /* the body's constants live as long as the loop's around it */
    scratch_release(&p->vm->scratch, 0);
    if (yes) run_block(p, at + 1, st->else_at);
    else run_block(p, st->else_at, st->body_end);
    p->run.loop_arena = outer;
    p->run.stmt = &p->code.stmts[at];
}

static void run_let(Program *p, Stmt *st)
{
    Value v = vm_call(p->vm, st->fn, NULL, 0, NULL, NULL);
    Arena *a = p->run.loop_arena ? p->run.loop_arena : &p->code.arena;
    /* the value outlives the statement's scratch: lists, sets, strings and big integers are copied
       (their elements' records are the program's already) */
    if (v.t == VT_LIST || v.t == VT_SET || v.t == VT_BIG) {
        int64_t *w = arena_alloc(a, ((size_t)v.n + 1) * sizeof *w);
        if (v.n) memcpy(w, v.u.a, (size_t)v.n * sizeof *w);
        v.u.a = w;
    } else if (v.t == VT_STR) {
        v.u.s = arena_strndup(a, v.u.s, v.n);
    } else if (v.t == VT_POS) {
        prog_fail(p, EXIT_COMPILE, st->loc, "a constant cannot be a position; use def %s() = ... instead", st->binder_name[0]);
    }
    p->code.consts[st->target_id] = v;
    p->code.const_ready[st->target_id] = true;
}

static void run_loop(Program *p, size_t at)
{
    Stmt *st = &p->code.stmts[at];
    Value d = vm_call(p->vm, st->fn, NULL, 0, NULL, NULL);
    if (d.t == VT_RANGE && d.strs)
        prog_fail(p, EXIT_COMPILE, st->loc, "for runs over a range beyond 64 bits (%lld..)", (long long)d.u.r.lo);
    if (d.t != VT_RANGE && d.t != VT_LIST && d.t != VT_SET)
        prog_fail(p, EXIT_COMPILE, st->loc, "for runs over a range, a list or a set, not %s", val_type_an(d.t));
    Loop *l = xcalloc(1, sizeof *l);
    l->p = p;
    l->outer = p->run.loop_arena;
    arena_init(&l->arena);
    if (d.t != VT_RANGE) {
        l->words = xmalloc(((size_t)d.n + 1) * sizeof *l->words);
        if (d.n) memcpy(l->words, d.u.a, (size_t)d.n * sizeof *l->words);
        d.u.a = l->words;
    }
    size_t mark = prog_defer(p, loop_free, l);
    p->run.loop_arena = &l->arena;
    scratch_release(&p->vm->scratch, 0);
    bool range = d.t == VT_RANGE, empty = range ? d.u.r.hi < d.u.r.lo : d.n == 0;
    for (uint64_t k = 0; !empty; k++) {
        prog_poll(p, st->loc);
        Value x = range ? val_int((int64_t)((uint64_t)d.u.r.lo + k)) : val_elem(&d, (uint32_t)k);
        p->code.consts[st->target_id] = x;
        p->code.const_ready[st->target_id] = true;
        run_block(p, at + 1, st->body_end);
        arena_fini(&l->arena);
        arena_init(&l->arena);
        empty = range ? x.u.i == d.u.r.hi : k + 1 == d.n;
    }
    p->run.stmt = st;
    prog_release(p, mark);
    loop_free(l);
}
