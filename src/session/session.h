/* session.h: what the command line's batch run needs of a session beyond the public API
   (include/grundy.h): its files' rules and one deadline for the whole run. Nothing else includes
   it. */
#ifndef GRUNDY_SESSION_H
#define GRUNDY_SESSION_H
#include "grundy.h"
#include <stdbool.h>

/* Texts loaded from now on are files (true): a name may not be defined twice, and a bare
   expression is a query, not a value printed; false: -e texts and the REPL (the default). */
void session_as_file(gr_session *s, bool file);
/* Whether the texts loaded so far made more errors than are reported (the command line then loads
   no more files). */
bool session_too_many_errors(gr_session *s);
/* One deadline for every call from now on, seconds away (--timeout: the whole run; 0: none). */
void session_run_timeout(gr_session *s, double seconds);
#endif
