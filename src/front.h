/* front.h: the command line: options, files, -e texts, the REPL switch, exit statuses. */
#ifndef GRUNDY_FRONT_H
#define GRUNDY_FRONT_H
#include <stdio.h>
#include <stddef.h>

/* Run grundy with these arguments, printing to out and err; returns the exit status. */
int front_main(int argc, char **argv, FILE *out, FILE *err);
#endif
