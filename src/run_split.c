/* run_split.c: --jobs for the statements: a table's cells, a period's values and a claim's binder
   combinations handed to worker processes (jobs.h) and their records merged in order. */
#include "config.h"
#include "run_int.h"
#include "jobs.h"
#include <stdlib.h>
#include <string.h>

/* --jobs: the values from the split on, chunk by chunk, elem bytes each (a table's GameValues:
   one of more than 64 bits or a set ∞(K) points into the worker's memory, so it cannot be sent;
   a period's 32-bit values). */
typedef struct ValuesJob { const RunValues *v; uint64_t total; } ValuesJob;

static void free_values(void *arg) { xfree(*(void **)arg); }

static void values_work(Program *p, Jobs *j, void *ctx)
{
    ValuesJob *vj = ctx;
    const RunValues *rv = vj->v;
    unsigned char *v = NULL;
    size_t cap = 0;
    size_t mark = prog_defer(p, free_values, &v);   /* the buffer as it is when an error unwinds */
    for (;;) {
        uint64_t lo, n;
        jobs_take(j, &lo, &n);
        if (lo >= vj->total) break;
        if (n > vj->total - lo) n = vj->total - lo;
        util_grow((void **)&v, &cap, (size_t)n * rv->elem, 1);
        for (uint64_t q = 0; q < n; q++)
            if (!rv->at(p, rv->ctx, lo + q, v + q * rv->elem)) {
                jobs_send(j, lo, n, JOBS_ERROR, NULL, 0);
                goto done;
            }
        jobs_send(j, lo, n, JOBS_OK, v, (size_t)n * rv->elem);
    }
done:
    prog_release(p, mark);
    xfree(v);
}

static int values_merge(void *ctx, uint64_t lo, uint64_t n, JobsStatus status, const void *data, size_t len)
{
    ValuesJob *vj = ctx;
    if (status != JOBS_OK || len != n * vj->v->elem || n > vj->total - lo) return -1;
    memcpy((unsigned char *)vj->v->out + lo * vj->v->elem, data, len);
    return lo + n == vj->total;
}

bool run_values_split(Program *p, const RunValues *rv, uint64_t q, uint64_t total, JobsWatch *w, Loc loc)
{
    ValuesJob vj = { rv, total };
    JobsSpec s = { q, jobs_first_chunk(p, w, q), values_work, values_merge, &vj, rv->what, w };
    return jobs_run(p, &s, loc);
}

static void claim_take(ClaimJob *cj)
{
    uint64_t n;
    jobs_take(cj->j, &cj->lo, &n);
    cj->hi = cj->lo + n;
    cj->checked = 0;
}

static VmGateAction claim_worker_gate(void *ctx)
{
    ClaimJob *cj = ctx;
    uint64_t ci = cj->combos++;
    if (ci == cj->lo && !cj->clocked) {   /* the replay up to the first chunk is not its cost */
        cj->clocked = true;
        jobs_clock(cj->j);
    }
    while (ci >= cj->hi) {
        jobs_send(cj->j, cj->lo, cj->hi - cj->lo, JOBS_OK, &cj->checked, sizeof cj->checked);
        claim_take(cj);
    }
    return ci >= cj->lo ? VM_GATE_TAKE : VM_GATE_SKIP;
}

static int claim_worker_instance(void *ctx, const Value *v, const Value *frame)
{
    ClaimJob *cj = ctx;
    cj->c->checked = cj->checked;
    int r = cj->instance(cj->c, v, frame);
    cj->checked = cj->c->checked;
    if (!r) return 0;
    StrBuf b;   /* instances, the counterexample, its JSON fields (nothing here unwinds) */
    sb_init(&b);
    sb_putn(&b, (const char *)&cj->checked, sizeof cj->checked);
    sb_puts(&b, cj->c->counter);
    sb_putc(&b, '\0');
    sb_puts(&b, cj->c->fields.s ? cj->c->fields.s : "");
    jobs_send(cj->j, cj->lo, cj->hi - cj->lo, JOBS_FAILED, b.s, b.len);
    sb_fini(&b);
    cj->stopped = true;
    return 1;
}

static void claim_work(Program *p, Jobs *j, void *ctx)
{
    ClaimJob *cj = ctx;
    ClaimCtx c;
    memset(&c, 0, sizeof c);
    c.p = p;
    c.st = cj->c->st;
    sb_init(&c.fields);
    cj->c = &c;
    cj->j = j;
    cj->combos = 0;
    claim_take(cj);
    p->vm->gate = claim_worker_gate;
    p->vm->gate_ctx = cj;
    vm_call(p->vm, c.st->fn, NULL, 0, claim_worker_instance, cj);
    if (!cj->stopped) jobs_send(j, cj->lo, cj->hi - cj->lo, JOBS_END, &cj->checked, sizeof cj->checked);
}

static int claim_merge(void *ctx, uint64_t lo, uint64_t n, JobsStatus status, const void *data, size_t len)
{
    (void)lo;
    (void)n;
    ClaimJob *cj = ctx;
    ClaimCtx *c = cj->c;
    uint64_t k;
    if (len < sizeof k) return -1;
    memcpy(&k, data, sizeof k);
    cj->total += k;
    if (c->checked + cj->total > c->p->opt.max_instances) return -1;   /* the run alone stops at the limit */
    if (status == JOBS_OK) return 0;
    if (status == JOBS_FAILED) {
        const char *counter = (const char *)data + sizeof k;
        size_t cl = strnlen(counter, len - sizeof k);
        if (cl == len - sizeof k) return -1;
        snprintf(c->counter, sizeof c->counter, "%s", counter);
        sb_printf(&c->fields, "%.*s", (int)(len - sizeof k - cl - 1), counter + cl + 1);
        c->failed = true;
    }
    c->checked += cj->total;
    return 1;
}

/* The parent's gate: every combination is taken; once the claim has run for --jobs-after, the
   rest goes to the workers, and when they have done it the run stops here. */
VmGateAction run_claim_gate(void *ctx)
{
    ClaimJob *cj = ctx;
    Program *p = cj->c->p;
    uint64_t ci = cj->combos++;
    if (cj->split || !jobs_due(p, &cj->watch, ci)) return VM_GATE_TAKE;
    cj->split = true;
    JobsSpec s = { ci, jobs_first_chunk(p, &cj->watch, ci), claim_work, claim_merge, cj, "claim combinations",
                   &cj->watch };
    return jobs_run(p, &s, cj->c->st->loc) ? VM_GATE_STOP : VM_GATE_TAKE;
}

