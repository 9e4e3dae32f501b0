/* repl.h: the interactive loop (readline, continuation lines, commands), a client of the session
   (include/grundy.h). */
#ifndef GRUNDY_REPL_H
#define GRUNDY_REPL_H
#include "grundy.h"
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Read items until end of input or :quit on the session s; returns the exit status of the last
   item. files: those loaded before (for :reload); use_readline: readline when both ends are
   terminals; out and err: where the REPL writes; write(io, ...): where the session's runs write
   (the command line's streams), *failed set by it when the output could not be written. */
int repl_run(gr_session *s, const char *const *files, size_t nfiles, bool use_readline, FILE *out, FILE *err,
             gr_write_fn *write, void *io, const bool *failed);
/* Run one REPL command (":moves Nim(3, 4)", an -e text of the command line) on session s, its
   output on out and err; returns the status of what it ran (0 when nothing failed). */
int repl_one_command(gr_session *s, const char *cmd, FILE *out, FILE *err, gr_write_fn *write, void *io,
                     const bool *failed);
#endif
