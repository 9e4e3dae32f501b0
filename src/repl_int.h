/* repl_int.h: the REPL's parts shared by its files, each calling only the ones below it: the
   loop (repl.c: input, readline, signals) above the commands (repl_cmd.c), above playing against
   the engine (repl_play.c), above one item (repl_item.c). Every part talks to the session through
   the public API (include/grundy.h) alone (tests/layers.sh checks it). */
#ifndef GRUNDY_REPL_INT_H
#define GRUNDY_REPL_INT_H
#include "grundy.h"
#include <signal.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

typedef struct Repl Repl;
struct Repl {
    gr_session *s;
    FILE *out, *err;        /* the REPL's own lines; the session's runs write through write(io) */
    gr_write_fn *write;
    void *io;
    const bool *failed;     /* set when the output could not be written */
    bool readline;          /* GNU readline on a terminal (else plain lines, no prompts) */
    bool time;              /* :time on: each item's time after it */
    bool json;              /* :json on: the statements' output as JSON lines */
    int cmd_status;         /* the worst status a command's call returned (an -e command's exit status) */
    int unit;               /* units loaded so far (names "<repl N>") */
    char **files;           /* files loaded (-i FILE..., :load), for :reload */
    size_t nfiles, capfiles;
    const char *histfile;   /* NULL: no history file; else histpath */
    char histpath[4096];
    size_t gen_at;          /* readline's completion generator: the next candidate */
    volatile sig_atomic_t *sigint;   /* set by Ctrl-C (between the session's calls too) */
    /* One line of input (malloc'd, no newline) after prompt (shown only with readline); NULL at
       the end of input. The loop's reader (repl.c), for the commands that ask for lines. */
    char *(*read)(Repl *r, const char *prompt);
};

/* The seconds since some fixed point (an item's clock). */
double repl_now(void);
/* After a call that returned st: an interrupt said so. */
void repl_settle(Repl *r, int st);
/* An item ended with status st (an interrupt reported, its time from t0 when :time is on);
   returns st. */
int repl_end_item(Repl *r, int st, double t0);
/* Run text (len bytes) as the next REPL unit, named name: its definitions stay, its statements
   run; returns the exit status. */
int repl_eval(Repl *r, const char *name, const char *text, size_t len);
/* The name of the next unit ("<repl N>"), counted, into buf. */
const char *repl_next_name(Repl *r, char *buf, size_t cap);
/* Run a command line (":moves Nim(3)"); true when it asks to quit. */
bool repl_command(Repl *r, const char *line, int *status);
/* :play POS [first|second] */
void repl_play(Repl *r, const char *args);
/* The commands a completion may offer, NULL-ended. */
extern const char *const repl_commands[];
#endif
