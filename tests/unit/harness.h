/* harness.h: helpers shared by the cmocka unit tests: programs with captured output. */
#ifndef GRUNDY_TEST_HARNESS_H
#define GRUNDY_TEST_HARNESS_H
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>
#include "program.h"
#include "front.h"
#include "driver.h"
#include "run.h"
#include "solve/solve.h"

/* A program with the standard library, writing to in-memory files. */
typedef struct H {
    Program p;
    char *out, *err;
    size_t outn, errn;
    FILE *fo, *fe;
} H;

static inline H *h_new(void)
{
    H *h = calloc(1, sizeof *h);
    h->fo = open_memstream(&h->out, &h->outn);
    h->fe = open_memstream(&h->err, &h->errn);
    drv_init(&h->p, h->fo, h->fe);
    assert_int_equal(drv_load_stdlib(&h->p), 0);
    return h;
}

static inline void h_free(H *h)
{
    drv_fini(&h->p);
    fclose(h->fo);
    fclose(h->fe);
    free(h->out);
    free(h->err);
    free(h);
}

/* Load and run text; returns the exit status (3 for compile errors). */
static inline int h_run(H *h, const char *text)
{
    int e = drv_load(&h->p, "test.game", text, strlen(text), NULL);
    if (e) { fflush(h->fe); return 3; }
    int st = run_pending(&h->p);
    fflush(h->fo);
    fflush(h->fe);
    return st;
}

static inline const char *h_out(H *h) { fflush(h->fo); return h->out ? h->out : ""; }
static inline const char *h_err(H *h) { fflush(h->fe); return h->err ? h->err : ""; }

/* Value of a constant expression evaluated in h (asserts success). */
static inline Value h_eval(H *h, const char *expr)
{
    static int counter;
    char name[32], buf[4096];
    snprintf(name, sizeof name, "H_%d", ++counter);
    snprintf(buf, sizeof buf, "const %s = %s;", name, expr);
    int e = drv_load(&h->p, "eval.game", buf, strlen(buf), NULL);
    if (e) { fflush(h->fe); fprintf(stderr, "h_eval(%s) failed:\n%s\n", expr, h_err(h)); }
    assert_int_equal(e, 0);
    Symbol *s = prog_lookup(&h->p, name);
    assert_non_null(s);
    return h->p.code.consts[s->id];
}

static inline int64_t h_int(H *h, const char *expr)
{
    Value v = h_eval(h, expr);
    assert_true(v.t == VT_INT || v.t == VT_BOOL);
    return v.u.i;
}

/* Status of loading (compile) + running text in a fresh program; stderr copied to *err if given. */
static inline int h_status(const char *text, char **err)
{
    H *h = h_new();
    int st = h_run(h, text);
    if (err) *err = strdup(h_err(h));
    h_free(h);
    return st;
}
/* Assert that text fails with exit status 3 and a message containing msg. */
static inline void h_expect_error(const char *text, const char *msg)
{
    char *err;
    int st = h_status(text, &err);
    if (st != 3 || !strstr(err, msg)) fprintf(stderr, "program: %s\nwanted: %s\ngot (%d): %s\n", text, msg, st, err);
    assert_int_equal(st, 3);
    assert_non_null(strstr(err, msg));
    free(err);
}
#endif
