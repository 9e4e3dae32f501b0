/* duel_bigint.c: the language's integer arithmetic against GMP computed here, directly from the
   operators' definitions (floor division, two's complement bit operations, exact everything).
   Operands are drawn around 0, around +-2^63 and +-2^64 (where the 64-bit fast path hands over to
   the exact one) and up to +-10^40; every binary operator, unary minus, the comparisons, abs,
   min, max, popcount, sum, int() of digits, and integers as list elements, set elements and
   position arguments (equal values, equal positions). The engine prints each value with `print`
   in JSON; each line is compared with the reference. Seeded; DUEL_BIGINT_SCALE=N multiplies the
   number of operand pairs. */
#include "config.h"
#include "jsonduel.h"
#include <gmp.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng_s = 20261203;
static uint64_t rnd64(void) { return duel_splitmix(&rng_s); }
static long rndr(long lo, long hi) { return lo + (long)(rnd64() % (uint64_t)(hi - lo + 1)); }

/* An operand: small, near +-2^63 or +-2^64 (within 1000), a random 64-bit pattern, or up to
   +-10^40. */
static void operand(mpz_t z)
{
    mpz_t r;
    mpz_init(r);
    switch (rndr(0, 6)) {
    case 0: mpz_set_si(z, rndr(-1000, 1000)); break;
    case 1: mpz_ui_pow_ui(z, 2, 63); mpz_add_ui(z, z, 1000); mpz_sub_ui(z, z, (unsigned long)rndr(0, 2000)); break;
    case 2: mpz_ui_pow_ui(z, 2, 64); mpz_add_ui(z, z, 1000); mpz_sub_ui(z, z, (unsigned long)rndr(0, 2000)); break;
    case 3: mpz_set_ui(z, rnd64()); break;
    case 4: mpz_set_ui(z, rnd64() >> rndr(1, 62)); break;
    default:
        mpz_set_ui(z, rnd64());
        for (int i = 0; i < 2; i++) {
            mpz_mul_2exp(z, z, 64);
            mpz_set_ui(r, rnd64());
            mpz_add(z, z, r);
        }
        mpz_ui_pow_ui(r, 10, (unsigned long)rndr(1, 40));
        mpz_mod(z, z, r);
        break;
    }
    if (rndr(0, 1)) mpz_neg(z, z);
    mpz_clear(r);
}


/* The program and, line by line, the JSON values it must print. */
typedef struct Duel { Str prog, want; int n; } Duel;

/* A literal for z: negative values in parentheses (the program's text is a sum of such terms). */
static void lit(Str *t, const mpz_t z) { sput(t, mpz_sgn(z) < 0 ? "(%Zd)" : "%Zd", z); }

static void expect_int(Duel *d, const char *expr_fmt, const mpz_t a, const mpz_t b, const char *op, const mpz_t r)
{
    (void)expr_fmt;
    sput(&d->prog, "print ");
    lit(&d->prog, a);
    sput(&d->prog, " %s ", op);
    lit(&d->prog, b);
    sput(&d->prog, ";\n");
    sput(&d->want, "%Zd\n", r);
    d->n++;
}

static void expect_text(Duel *d, const char *prog_line, const char *want)
{
    sput(&d->prog, "%s\n", prog_line);
    sput(&d->want, "%s\n", want);
    d->n++;
}

/* One pair of operands through every operator. */
static void pair(Duel *d, const mpz_t a, const mpz_t b)
{
    mpz_t r;
    mpz_init(r);
    mpz_add(r, a, b);
    expect_int(d, NULL, a, b, "+", r);
    mpz_sub(r, a, b);
    expect_int(d, NULL, a, b, "-", r);
    mpz_mul(r, a, b);
    expect_int(d, NULL, a, b, "*", r);
    if (mpz_sgn(b)) {   /* floor division: the remainder has the divisor's sign */
        mpz_fdiv_q(r, a, b);
        expect_int(d, NULL, a, b, "/", r);
        mpz_fdiv_r(r, a, b);
        expect_int(d, NULL, a, b, "%", r);
    }
    mpz_and(r, a, b);
    expect_int(d, NULL, a, b, "&", r);
    mpz_ior(r, a, b);
    expect_int(d, NULL, a, b, "|", r);
    mpz_xor(r, a, b);
    expect_int(d, NULL, a, b, "^", r);
    /* shifts by 0..200; a right shift floors */
    mpz_t s;
    mpz_init_set_ui(s, (unsigned long)rndr(0, 200));
    mpz_mul_2exp(r, a, mpz_get_ui(s));
    expect_int(d, NULL, a, s, "<<", r);
    mpz_fdiv_q_2exp(r, a, mpz_get_ui(s));
    expect_int(d, NULL, a, s, ">>", r);
    /* powers: exponents that keep the result below a few thousand bits */
    unsigned long e = (unsigned long)rndr(0, mpz_sizeinbase(a, 2) > 64 ? 20 : 60);
    mpz_set_ui(s, e);
    mpz_pow_ui(r, a, e);
    expect_int(d, NULL, a, s, "**", r);
    /* comparisons, as one list of booleans (printed as 0 and 1) */
    int c = mpz_cmp(a, b);
    char line[64];
    snprintf(line, sizeof line, "[%d,%d,%d,%d,%d,%d]", c < 0, c <= 0, c > 0, c >= 0, c == 0, c != 0);
    Str p = { 0 };
    sput(&p, "print [");
    const char *ops[] = { "<", "<=", ">", ">=", "==", "!=" };
    for (int i = 0; i < 6; i++) {
        sput(&p, "%s", i ? ", " : "");
        lit(&p, a);
        sput(&p, " %s ", ops[i]);
        lit(&p, b);
    }
    sput(&p, "];");
    expect_text(d, p.s, line);
    free(p.s);
    mpz_clear(s);
    mpz_clear(r);
}

/* Unary operators and builtins of one operand, and the operand inside lists, sets, positions. */
static void single(Duel *d, const mpz_t a, const mpz_t b)
{
    mpz_t r;
    mpz_init(r);
    Str p = { 0 }, w = { 0 };
    mpz_neg(r, a);
    sput(&p, "print -");
    lit(&p, a);
    sput(&p, ";");
    sput(&w, "%Zd", r);
    expect_text(d, p.s, w.s);
    p.len = w.len = 0;
    mpz_abs(r, a);
    sput(&p, "print abs(");
    lit(&p, a);
    sput(&p, ");");
    sput(&w, "%Zd", r);
    expect_text(d, p.s, w.s);
    p.len = w.len = 0;
    if (mpz_sgn(a) >= 0) {
        sput(&p, "print popcount(%Zd);", a);
        sput(&w, "%lu", (unsigned long)mpz_popcount(a));
        expect_text(d, p.s, w.s);
        p.len = w.len = 0;
        sput(&p, "print int(\"%Zd\");", a);   /* digits to an integer */
        sput(&w, "%Zd", a);
        expect_text(d, p.s, w.s);
        p.len = w.len = 0;
    }
    /* min, max, sum over a list; the list printed back; a set sorted without duplicates */
    mpz_t lo, hi, sum;
    mpz_inits(lo, hi, sum, NULL);
    bool le = mpz_cmp(a, b) <= 0;
    mpz_set(lo, le ? a : b);
    mpz_set(hi, le ? b : a);
    mpz_add(sum, a, b);
    sput(&p, "print [min(");
    lit(&p, a);
    sput(&p, ", ");
    lit(&p, b);
    sput(&p, "), max([");
    lit(&p, a);
    sput(&p, ", ");
    lit(&p, b);
    sput(&p, "]), sum([");
    lit(&p, a);
    sput(&p, ", ");
    lit(&p, b);
    sput(&p, "])];");
    sput(&w, "[%Zd,%Zd,%Zd]", lo, hi, sum);
    expect_text(d, p.s, w.s);
    p.len = w.len = 0;
    sput(&p, "print {");
    lit(&p, b);
    sput(&p, ", ");
    lit(&p, a);
    sput(&p, ", ");
    lit(&p, b);
    sput(&p, "};");
    if (mpz_cmp(a, b)) sput(&w, "[%Zd,%Zd]", lo, hi); else sput(&w, "[%Zd]", a);
    expect_text(d, p.s, w.s);
    p.len = w.len = 0;
    /* positions: equal arguments make equal positions, as keys of any size (a heap of n < 0 has
       no move: every such position is the empty game) */
    mpz_t a2;
    mpz_init(a2);
    mpz_abs(a2, a);
    sput(&p, "print [Heap(%Zd) == Heap(%Zd + 0), Heap(abs(", a2, a2);
    lit(&p, a);
    sput(&p, ")) == Heap(abs(");
    lit(&p, b);
    sput(&p, ")), [");
    lit(&p, a);
    sput(&p, ", 1][0] == ");
    lit(&p, a);
    sput(&p, "];");
    sput(&w, "[1,%d,1]", mpz_cmpabs(a, b) == 0);
    expect_text(d, p.s, w.s);
    mpz_clears(lo, hi, sum, a2, NULL);
    free(p.s);
    free(w.s);
    mpz_clear(r);
}

int main(void)
{
    const char *env = getenv("DUEL_BIGINT_SCALE");
    int scale = env ? atoi(env) : 1;
    Duel d = { 0 };
    mpz_t a, b;
    mpz_inits(a, b, NULL);
    int pairs = 400 * scale;
    for (int i = 0; i < pairs; i++) {
        operand(a);
        operand(b);
        if (rndr(0, 9) == 0) mpz_set(b, a);
        pair(&d, a, b);
        single(&d, a, b);
    }
    mpz_clears(a, b, NULL);
    int st;
    char *errs = NULL;
    char *out = duel_run(d.prog.s, NULL, &st, &errs);
    int failed = 0, passed = 0, shown = 0;
    if (st) {
        printf("engine error (status %d):\n%s\n", st, errs ? errs : "");
        failed++;
    }
    /* each line: {"kind":"print","value":V} */
    char *save1 = NULL, *save2 = NULL, *save3 = NULL;
    char *line = strtok_r(out, "\n", &save1), *want = strtok_r(d.want.s, "\n", &save2);
    char *prog = strtok_r(d.prog.s, "\n", &save3);
    for (int i = 0; i < d.n; i++) {
        if (!line) { printf("missing output from line %d: %s\n", i + 1, prog); failed++; break; }
        const char *v = strstr(line, "\"value\":");
        size_t vl = v ? strlen(v + 8) : 0;
        bool ok = v && vl > 0 && v[8 + vl - 1] == '}' && vl - 1 == strlen(want) && !strncmp(v + 8, want, vl - 1);
        if (ok) passed++;
        else {
            failed++;
            if (shown++ < 10) printf("MISMATCH %s\n  engine: %s\n  wanted: %s\n", prog, line, want);
        }
        line = strtok_r(NULL, "\n", &save1);
        want = strtok_r(NULL, "\n", &save2);
        prog = strtok_r(NULL, "\n", &save3);
    }
    printf("big-integer duel: %d operand pairs, %d values agreed, %d failed\n", pairs, passed, failed);
    free(out);
    free(errs);
    free(d.prog.s);
    free(d.want.s);
    return failed ? 1 : 0;
}
