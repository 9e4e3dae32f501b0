/* jobs.h: --jobs: a statement whose instances are independent (a claim's combinations, a table's
   cells, a period's values one by one) runs alone for --jobs-after seconds; if it is not done by then, what is left is handed
   out in chunks to forked worker processes (each starts from the program as it is, with every
   position solved so far), and the parent takes their results chunk by chunk in order, so the
   output is the serial run's. A worker that fails in any way (an error, a budget, a value it
   cannot send, a crash) makes the parent do the rest alone, from where it split: the statement
   then runs exactly as it would have without workers. */
#ifndef GRUNDY_JOBS_H
#define GRUNDY_JOBS_H
#include "program.h"

typedef struct Jobs Jobs;

/* A statement's serial run as --jobs watches it (the program's opt.jobs_auto: the default of the
   command line). Before it splits it must pay: the machine's idle processors, measured over the
   serial run (/proc/stat), bound the workers (none when fewer than one is idle besides this
   process); and once the workers' first chunks are in, their CPU time per unit is set against the
   serial run's over its second half. Workers that would not beat the serial run by a quarter
   (they solve again what another worker solved: the instances build on each other) are stopped,
   and the statement goes on alone. With an explicit --jobs N the workers are always N. */
typedef struct JobsWatch {
    double started;         /* prog_now() when the statement began */
    double next;            /* the next time to consider a split (after one the load refused) */
    double cpu_mid;         /* the process's CPU time at the serial run's middle, at unit mid */
    uint64_t mid;
    bool at_mid;
    uint64_t idle0, total0; /* the machine's idle and total CPU ticks when the sample began (0: none) */
    int workers;            /* jobs_due's verdict: how many workers to fork */
    double unit_cpu;        /* the serial run's CPU seconds a unit, over its second half (0: unknown) */
} JobsWatch;

/* Start watching a statement (the machine's load sampled only when it may split by default). */
void jobs_watch(const Program *p, JobsWatch *w);

/* What a chunk's record says. */
typedef enum JobsStatus {
    JOBS_OK,        /* the chunk is done */
    JOBS_FAILED,    /* the chunk ends the statement (a claim's counterexample) */
    JOBS_END,       /* the instances ended inside (or before) the chunk */
    JOBS_ERROR      /* the worker could not do the chunk: the parent goes on alone */
} JobsStatus;

typedef struct JobsSpec {
    uint64_t first;     /* the first unit (a combination, a cell) the workers do */
    uint64_t chunk;     /* units in a worker's first chunk (then sized to about 20 ms each) */
    /* in each worker, under prog_try: take chunks with jobs_take, send a record for every chunk
       taken with jobs_send (an error unwinding out of it sends JOBS_ERROR for the last one) */
    void (*work)(Program *p, Jobs *j, void *ctx);
    /* in the parent, the chunks' records in order of their units: 0 go on, 1 the statement's
       result is complete, -1 the parent must go on alone (a limit the serial run would meet) */
    int (*merge)(void *ctx, uint64_t start, uint64_t count, JobsStatus status, const void *data, size_t len);
    void *ctx;
    const char *what;   /* for the progress line: what the units are ("claim instances") */
    JobsWatch *watch;   /* the serial run (jobs_due said yes) */
} JobsSpec;

/* Whether the statement watched by w, at unit (units done so far), should split now: --jobs > 1,
   not in a worker, --jobs-after seconds have passed and (--jobs by default) the serial run's pace
   is measured and processors are idle; sets w->workers. A split refused is considered again
   --jobs-after later (at least a quarter of a second). */
bool jobs_due(const Program *p, JobsWatch *w, uint64_t unit);
/* The seconds a statement runs alone before it may split: --jobs-after, by default 0.1 with an
   explicit --jobs N and 0.5 (JOBS_AUTO_AFTER) without. */
double jobs_after(const Program *p);
/* The units in the workers' first chunks, for a split at unit: about 10 ms at the pace so far
   (by default 2 ms at the serial run's recent pace). */
uint64_t jobs_first_chunk(const Program *p, const JobsWatch *w, uint64_t unit);
/* Fork the workers and merge their records: true when merge completed the statement; false when
   the parent must go on alone (its own state is as it was: only the workers did any work; also
   when --jobs by default finds that the workers do not pay). An
   interrupt or a budget of the parent unwinds out of it as usual, the workers killed. */
bool jobs_run(Program *p, const JobsSpec *s, Loc loc);
/* Worker side: the next chunk to do, units *start .. *start + *count - 1 (handed out in
   increasing order; the size follows how long the worker's last chunk took). */
void jobs_take(Jobs *j, uint64_t *start, uint64_t *count);
/* Worker side: the chunk's CPU time counts from now (a claim's worker, once its run of the
   instance loop has skipped to its first chunk: that replay is paid once, not per unit). */
void jobs_clock(Jobs *j);
/* Worker side: send the record of the chunk taken at start, count units (payload: len bytes). */
void jobs_send(Jobs *j, uint64_t start, uint64_t count, JobsStatus status, const void *data, size_t len);
/* The number of processors this process may run on (at least 1): --jobs by default. */
int jobs_cpus(void);
#endif
