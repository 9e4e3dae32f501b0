/* run_int.h: what run.c shares with run_split.c and run_flow.c: the table's and the claim's state,
   one claim instance, the entry points of their split between worker processes, and one
   statement's run. */
#ifndef GRUNDY_RUN_INT_H
#define GRUNDY_RUN_INT_H
#include "program.h"
#include "vm.h"
#include "solve/core/compose.h"
#include "jobs.h"

/* A table statement's arguments (ranges among them) and its values. */
typedef struct TableCtx {
    Program *p;
    Stmt *st;
    Value args[TABLE_MAX_ARGS];
    int ranges[3], nranges;
    GameValue *vals;        /* layers x rows x cols */
    size_t rows, cols;
    int64_t lo[3];          /* where the ranges begin */
} TableCtx;

/* A claim's run: instances checked, and the first counterexample (text and JSON fields). */
typedef struct ClaimCtx { Program *p; Stmt *st; uint64_t checked; bool failed; char counter[600]; StrBuf fields; } ClaimCtx;

/* --jobs: the claim's binder combinations (GATE counts them) from the split on, chunk by chunk;
   a chunk's record starts with its instances checked, and a counterexample's adds its two texts. */
typedef struct ClaimJob {
    ClaimCtx *c;
    VmYield instance;           /* run.c's claim instance (run_on_instance), for the workers' runs */
    JobsWatch watch;            /* parent: the serial run */
    uint64_t combos;            /* combinations met (parent: this run; worker: its own run) */
    bool split;                 /* parent: tried (once) */
    uint64_t total;             /* parent: instances in the chunks merged */
    Jobs *j;                    /* worker: its chunk (combinations lo..hi - 1), instances checked */
    uint64_t lo, hi, checked;
    bool stopped;
    bool clocked;               /* worker: its first chunk's clock started where the chunk does */
} ClaimJob;

/* A claim's instance (VmYield): counts it; a false one fills in the counterexample and stops. */
int run_on_instance(void *ctx, const Value *v, const Value *frame);
/* A statement's independent values (a table's cells, a period's G(n)): at computes the q-th into
   out (elem bytes); false when it cannot be sent from a worker (it points into the worker's
   memory). out is an array of them all. */
typedef struct RunValues {
    bool (*at)(Program *p, void *ctx, uint64_t q, void *out);
    void *ctx;
    void *out;
    size_t elem;
    const char *what;   /* for the progress line */
} RunValues;
/* --jobs: split the values at q (of total; w: the serial run so far): true when the
   workers did the rest, into rv->out. */
bool run_values_split(Program *p, const RunValues *rv, uint64_t q, uint64_t total, JobsWatch *w, Loc loc);
/* --jobs: the claim's gate (ctx: its ClaimJob) in the main process: takes every combination until
   the claim is due to split, then hands the rest to workers and stops the claim's run when they
   have done it. */
VmGateAction run_claim_gate(void *ctx);
/* Run a statement other than for, if and let (run.c): what it prints, its errors through the
   program's error path. */
void run_simple(Program *p, Stmt *st);
#endif
