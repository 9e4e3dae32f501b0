/* repl_item.c: one item of the REPL, below its loop and its commands: text run as a unit through
   the session, its clock, and what an interrupt leaves to say. */
#include "config.h"
#include "repl_int.h"
#include <stdio.h>
#include <time.h>

double repl_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

const char *repl_next_name(Repl *r, char *buf, size_t cap)
{
    snprintf(buf, cap, "<repl %d>", ++r->unit);
    return buf;
}

void repl_settle(Repl *r, int st)
{
    if (st != 130) return;   /* the session stopped at its next poll and is as it was */
    fflush(r->out);
    fputs("interrupted (the session and what it solved are kept)\n", r->err);
}

int repl_end_item(Repl *r, int st, double t0)
{
    repl_settle(r, st);
    if (r->time) fprintf(r->out, "(%.3f s)\n", repl_now() - t0);
    fflush(r->out);
    return st;
}

int repl_eval(Repl *r, const char *name, const char *text, size_t len)
{
    double t0 = repl_now();
    int st = gr_load(r->s, text, len, name, r->write, r->io);
    int ran = gr_run(r->s, r->write, r->io);   /* after a failed load: nothing, and the next load starts afresh */
    return repl_end_item(r, st ? st : ran, t0);
}
