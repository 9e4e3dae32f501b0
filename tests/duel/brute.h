/* brute.h: independent brute-force SG values straight from the rules, for duel tests, plus a
   small driver that asks the engine for many sg(...) values in one program. */
#ifndef GRUNDY_BRUTE_H
#define GRUNDY_BRUTE_H
#include <stdint.h>
#include <stddef.h>

int brute_bash(int n, int m);
int brute_takerange(int n, int a, int b);
int brute_subtract(int n, const int *s, int ns);
int brute_lasker(int n);
int brute_euclid(int a, int b);
int brute_ed(int a, int b);
int brute_cutting(int w, int h);
int brute_wythoff(int a, int b);
int brute_kayles(int n);
int brute_dawson(int n);
int brute_grundygame(int n);
int brute_wythoffk(int k, int a, int b);
int brute_splitequal(int n, int f);
int brute_digitgame(int n);
int brute_mergepiles(int n, int m);
int brute_endpiles(const int *a, int n);
/* white: bit x set for each white cell x in 1..n (n <= 14) */
int brute_arraygame(int n, unsigned white);
/* ArrayGame(n, x): one white cell, n up to about 10^5 */
int brute_arraycell(int n, int x);

/* Written from the statements of the games whose closed forms were checked only against the
   same .game rules (brute_rules.c). Coin rows are strings of H and T. */
enum { BRUTE_TURN_ONE, BRUTE_TURTLES, BRUTE_TWINS, BRUTE_MOCK, BRUTE_RULER };
int brute_coins(int kind, const char *s);
int brute_corners(const char *const *rows, int nrows);
int brute_antinim(const int *h, int n);
int brute_moore(int k, const int *h, int n);
int brute_kampebbles(const int *p, int n);
int brute_staircase(const int *s, int n);
int brute_jumprow(const char *s);
int brute_beans(const int *b, int n);
int brute_fibnim(int n, int limit);
int brute_primepower(int n);

/* Engine side: queue the expression (a position), then evaluate all queued ones. */
typedef struct Duel Duel;
Duel *duel_new(void);
void duel_free(Duel *d);
void duel_add(Duel *d, const char *position, long long want);
/* Any integer expression instead of sg(position): duel_expr(d, want, "if X is N then 1 else 0"). */
void duel_expr(Duel *d, long long want, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* The same with the position formatted: duel_addf(d, want, "ED(%d, %d)", a, b). */
void duel_addf(Duel *d, long long want, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Returns the number of mismatches (each printed); adds to *passed. */
int duel_check(Duel *d, int *passed);
/* The same with the engine's own strategy choice only (instances too big for a forced search). */
int duel_check_default(Duel *d, int *passed);
#endif
