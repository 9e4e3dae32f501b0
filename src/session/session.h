/* session.h: what the command line needs of a session beyond the public API (include/grundy.h):
   its files' rules, one deadline for the whole run, and the program itself for the REPL's :play,
   which walks positions as the program's keys (the API hands out no position a client can move on
   from yet). Nothing else includes it. */
#ifndef GRUNDY_SESSION_H
#define GRUNDY_SESSION_H
#include "grundy.h"
#include "program.h"

/* The session's program (:play reaches into it). */
Program *session_program(gr_session *s);
/* Texts loaded from now on are files (true): a name may not be defined twice, and a bare
   expression is a query, not a value printed; false: -e texts and the REPL (the default). */
void session_as_file(gr_session *s, bool file);
/* Whether the texts loaded so far made more errors than are reported (the command line then loads
   no more files). */
bool session_too_many_errors(gr_session *s);
/* One deadline for every call from now on, seconds away (--timeout: the whole run; 0: none). */
void session_run_timeout(gr_session *s, double seconds);
/* Hand the program to a client that drives it itself (the REPL) with its output on out and its
   messages on err, until session_detach: the calling thread's meter and allocation failures go
   to the session, and an error with nothing to unwind to goes to fatal (which must not return).
   Returns the handler of allocation failures replaced, and the meter in *meter0, to give back. */
UtilOom session_attach(gr_session *s, FILE *out, FILE *err, void (*fatal)(Program *, int), UtilMeter **meter0);
void session_detach(gr_session *s, UtilOom oom, UtilMeter *meter0);
#endif
