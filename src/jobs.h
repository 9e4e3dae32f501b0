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
} JobsSpec;

/* Whether a statement that began at started (prog_now) should split now: --jobs > 1, not in a
   worker, and --jobs-after seconds have passed. */
bool jobs_due(const Program *p, double started);
/* Fork the workers and merge their records: true when merge completed the statement; false when
   the parent must go on alone (its own state is as it was: only the workers did any work). An
   interrupt or a budget of the parent unwinds out of it as usual, the workers killed. */
bool jobs_run(Program *p, const JobsSpec *s, Loc loc);
/* Worker side: the next chunk to do, units *start .. *start + *count - 1 (handed out in
   increasing order; the size follows how long the worker's last chunk took). */
void jobs_take(Jobs *j, uint64_t *start, uint64_t *count);
/* Worker side: send the record of the chunk taken at start, count units (payload: len bytes). */
void jobs_send(Jobs *j, uint64_t start, uint64_t count, JobsStatus status, const void *data, size_t len);
/* The number of processors this process may run on (at least 1): --jobs by default. */
int jobs_cpus(void);
#endif
