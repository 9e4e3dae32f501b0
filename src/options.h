/* options.h: the values of the engine's options as the command line and the API write them
   (--max-states N, --max-memory 512M, --timeout 2.5, --strategy memo): one reading for both. */
#ifndef GRUNDY_OPTIONS_H
#define GRUNDY_OPTIONS_H
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A positive integer (no sign, no suffix). */
bool opt_count(const char *s, uint64_t *out);
/* A size: a positive number of bytes, or with a suffix K, M, G or T (powers of 1024; "MB",
   "MiB" alike). */
bool opt_size(const char *s, uint64_t *out);
/* A positive number of seconds (at most 10^9). */
bool opt_seconds(const char *s, double *out);
/* A number of seconds, 0 allowed (at most 10^9). */
bool opt_seconds_or_zero(const char *s, double *out);
/* Whether name is a strategy of the solver (solve_strategies); names: the list, comma-separated,
   for a message (may be NULL). */
bool opt_strategy_known(const char *name, char *names, size_t cap);
#endif
