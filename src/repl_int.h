/* repl_int.h: the REPL's parts shared by its files, each calling only the ones below it: the
   loop (repl.c: input, readline, signals) above the commands (repl_cmd.c), above playing against
   the engine (repl_play.c), above one item (repl_item.c). */
#ifndef GRUNDY_REPL_INT_H
#define GRUNDY_REPL_INT_H
#include "program.h"

typedef struct Repl Repl;
struct Repl {
    Program *p;
    bool readline;          /* GNU readline on a terminal (else plain lines, no prompts) */
    bool time;              /* :time on: each item's time after it */
    int unit;               /* units loaded so far (names "<repl N>") */
    char **files;           /* files loaded (-i FILE..., :load), for :reload */
    size_t nfiles, capfiles;
    const char *histfile;   /* NULL: no history file; else histpath */
    char histpath[4096];
    size_t gen_at;          /* readline's completion generator: the next candidate */
    Loc loc;                /* the position a command is working on (for its errors) */
    /* One line of input (malloc'd, no newline) after prompt (shown only with readline); NULL at
       the end of input. The loop's reader (repl.c), for the commands that ask for lines. */
    char *(*read)(Repl *r, const char *prompt);
};

/* Load text as a REPL unit and run its statements; returns the exit status. */
int repl_eval(Repl *r, const char *name, const char *text, size_t len);
/* After a computation: erase the progress line; after an interrupt, say so and clear it. */
void repl_settle(Repl *r, int status);
/* An item begins: its clock (returned), its deadline and steps, no interrupt pending, a fresh
   error count. */
double repl_begin_item(Repl *r);
/* An item ended with status st: progress erased, an interrupt reported, its time (:time on);
   returns st. */
int repl_end_item(Repl *r, int st, double t0);
/* The status of a unit that failed to load. */
int repl_load_status(Program *p);
/* Run a command line (":moves Nim(3)"); true when it asks to quit. */
bool repl_command(Repl *r, const char *line, int *status);
/* Evaluate text as one position and call fn on it, errors caught (reported; false). */
bool repl_with_pos(Repl *r, const char *text, void (*fn)(Repl *r, const Value *pos, void *ctx), void *ctx);
/* :play POS [first|second] */
void repl_play(Repl *r, const char *args);
/* The standard-library and user names a completion may offer, and the commands, NULL-ended. */
extern const char *const repl_commands[];
#endif
