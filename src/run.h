/* run.h: executing statements (query, table, expect, claim) and printing their results, text or JSON. */
#ifndef GRUNDY_RUN_H
#define GRUNDY_RUN_H
#include "program.h"

/* Run the statements queued since the last call; returns an exit status (0, 1, 3 or 4). */
int run_pending(Program *p);
#endif
