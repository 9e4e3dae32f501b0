/* driver.h: building, loading and freeing a whole program (interpreter and solver included). */
#ifndef GRUNDY_DRIVER_H
#define GRUNDY_DRIVER_H
#include "program.h"

/* A program with its interpreter and solver connected; drv_fini frees all of it. */
void drv_init(Program *p, FILE *out, FILE *err);
void drv_fini(Program *p);
/* Make the embedded standard library available: its definitions are indexed by name and each
   compiles the first time a name is looked up (startup does not pay for the whole library).
   Returns 0. */
int drv_load_stdlib(Program *p);
/* The same, then compile every definition now (listings, tests); returns the compile errors (0
   expected). */
int drv_load_stdlib_all(Program *p);
/* Parse, check and compile one unit; its statements are queued (run.h runs them). Returns the
   number of errors. *incomplete is set when the text ended in the middle of an item (REPL
   continuation). */
int drv_load(Program *p, const char *name, const char *text, size_t len, bool *incomplete);
/* What the program held at a point (drv_mark), to forget the units loaded since (drv_forget). */
typedef struct DrvMark { size_t nfns, nstmts, nunits, nfiles, nsyms, ngames, nconsts, nredefs; } DrvMark;
DrvMark drv_mark(const Program *p);
/* Forget the units loaded since m, their statements (run or not), functions, syntax trees and
   source texts, when they defined no name (a query's text: a session asked millions of queries
   stays the size it was); false, leaving everything, when they did (or loaded a definition of
   the standard library, which stays). */
bool drv_forget(Program *p, const DrvMark *m);
/* Take back the names, games, constants and redefinitions declared since m by a text none of whose
   code ran: it did not compile (consts true: its constants were never evaluated), or it compiled
   and declared no constant (consts false) and its statements did not run; nothing can hold one of
   its game ids. False, changing nothing, when consts is false and it declared constants (their
   values may have reached the store). drv_forget can then forget the rest. */
bool drv_undeclare(Program *p, const DrvMark *m, bool consts);

/* The compiled bytecode of the user's definitions (not the standard library's), on the output
   (--dump-ir). */
void drv_dump_ir(Program *p);
/* Redefinitions (REPL, -e texts) of the units whose statements start at or before statement upto
   take effect (run.c calls it as the statements go; SIZE_MAX: all). */
void drv_apply_redefinitions(Program *p, size_t upto);
#endif
