/* jsonduel.h: duel driver shared by the duel tests (see jsonduel.c). */
#ifndef GRUNDY_JSONDUEL_H
#define GRUNDY_JSONDUEL_H
#include <stddef.h>
typedef struct Batch { char *text; size_t len, cap; int n; const char *prelude; } Batch;
/* Queue "query TEXT;". */
void batch_add(Batch *b, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Run the batch by the engine's choice and by memo; every answer must agree, and the engine's
   strategy must start with one of prefixes (NULL-terminated). Returns the failures; empties b. */
int batch_check(Batch *b, const char *what, const char *const *prefixes, int *passed);
/* Run a program (the stdlib loaded first) with JSON output, by the engine's choice of strategy or
   the one named: returns stdout; *status is the exit status, *errors (if asked) stderr. */
char *duel_run(const char *text, const char *strategy, int *status, char **errors);
/* The same with --max-states (0: the default). */
char *duel_run_capped(const char *text, const char *strategy, size_t max_states, int *status, char **errors);
/* The lines of out, split in place (at most max of them); their number. */
int duel_lines(char *out, char **line, int max);
/* Run prog by the engine's choice and by memo: each run must fail (a non-zero status) with needle
   in its errors. Returns the runs that did not (0..2), describing them, and prog after them, when
   show is set; what names the case. */
int duel_both_fail(const char *prog, size_t max_states, const char *needle, const char *what, int show);
/* Whether a query's JSON line (NULL: none) has "sg" want; *table: whether its "strategy" is
   "table"; *got: its "sg" as written (malloc'd, NULL when absent). */
int duel_query_sg(const char *line, int want, int *table, char **got);
/* splitmix64: the next number of the sequence seeded by *s (the same on every platform). */
#include <stdint.h>
uint64_t duel_splitmix(uint64_t *s);
/* A growing string; sput appends with gmp_printf's format (%Zd prints a GMP integer). */
typedef struct Str { char *s; size_t len, cap; } Str;
void sput(Str *t, const char *fmt, ...);
/* A new string (malloc'd) by gmp_printf's format. */
char *duel_fmt(const char *fmt, ...);
/* The raw text of field name in a JSON line (up to the next ',' or '}'), malloc'd; NULL if absent. */
char *duel_field(const char *line, const char *name);
/* A parsed JSON value. t: 'o' object (keys k[], values a[]), 'a' array (a[]), 's' string (s),
   'l' literal or number (its text in s). */
typedef struct DJson { char t; char *s; struct DJson *a; char **k; int n; } DJson;
/* Parse the value at p into v (free with dj_free, also after a failure); returns the text after
   it, or NULL when it is not JSON. */
const char *dj_parse(const char *p, DJson *v);
void dj_free(DJson *v);
/* Object o's member key (NULL if absent, or o is not an object); a string member's text. */
const DJson *dj_get(const DJson *o, const char *key);
const char *dj_get_str(const DJson *o, const char *key);
#endif
