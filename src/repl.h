/* repl.h: the interactive loop (readline, continuation lines, commands). */
#ifndef GRUNDY_REPL_H
#define GRUNDY_REPL_H
#include "program.h"

/* Read statements until end of input or :quit; returns the exit status of the session. */
int repl_run(Program *p);
#endif
