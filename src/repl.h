/* repl.h: the interactive loop (readline, continuation lines, commands). */
#ifndef GRUNDY_REPL_H
#define GRUNDY_REPL_H
#include "program.h"

/* Read items until end of input or :quit; returns the exit status of the last item. files:
   those loaded before (for :reload); use_readline: readline when both ends are terminals. */
int repl_run(Program *p, const char *const *files, size_t nfiles, bool use_readline);
/* The progress line on stderr (a terminal): the time so far and what the computation counts
   (p->run.work_what, or the positions stored) with its rate, then tail (the command line's too). */
void repl_progress_line(Program *p, double elapsed, const char *tail);
#endif
