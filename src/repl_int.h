/* repl_int.h: the REPL's parts shared by its files (the loop: repl.c; commands: repl_cmd.c;
   playing against the engine: repl_play.c). */
#ifndef GRUNDY_REPL_INT_H
#define GRUNDY_REPL_INT_H
#include "program.h"

typedef struct Repl {
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
} Repl;

/* One line of input (malloc'd, no newline) after prompt (shown only with readline); NULL at the
   end of input. */
char *repl_read(Repl *r, const char *prompt);
/* Load text as a REPL unit and run its statements; returns the exit status. */
int repl_eval(Repl *r, const char *name, const char *text, size_t len);
/* After a computation: erase the progress line; after an interrupt, say so and clear it. */
void repl_settle(Repl *r, int status);
/* Run a command line (":moves Nim(3)"); true when it asks to quit. */
bool repl_command(Repl *r, const char *line, int *status);
/* Evaluate text as one position and call fn on it, errors caught (reported; false). */
bool repl_with_pos(Repl *r, const char *text, void (*fn)(Repl *r, const Value *pos, void *ctx), void *ctx);
/* :play POS [first|second] */
void repl_play(Repl *r, const char *args);
/* The standard-library and user names a completion may offer, and the commands, NULL-ended. */
extern const char *const repl_commands[];
#endif
