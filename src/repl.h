/* repl.h: the interactive loop (readline, continuation lines, commands). */
#ifndef GRUNDY_REPL_H
#define GRUNDY_REPL_H
#include "program.h"

/* Read items until end of input or :quit; returns the exit status of the last item. files:
   those loaded before (for :reload); use_readline: readline when both ends are terminals. */
int repl_run(Program *p, const char *const *files, size_t nfiles, bool use_readline);
#endif
