/* score.c: scores of any size (score.h): 64-bit fast paths, GMP beyond them, records interned in
   the program so that a score beyond 64 bits is one pointer. */
#include "config.h"
#include "solve/core/score.h"
#include "bignum.h"
#include "program.h"
#include <stdlib.h>
#include <string.h>

/* The record's words as a GameValue: canonical (a score that fits 64 bits is never big). */
GameValue score_record(const int64_t *w)
{
    if (w[0] == 0) return score_int(w[1]);
    bool neg = ((uint64_t)w[0] & KEY_NEG_BIT) != 0;
    return (GameValue){ .kind = GV_SCORE, .outcome = neg ? 'P' : 'N', .big = w };
}

GameValue score_from_mpz(Program *p, const mpz_t z)
{
    if (mpz_fits_slong_p(z)) return score_int((int64_t)mpz_get_si(z));
    size_t n = (mpz_sizeinbase(z, 2) + 63) / 64;
    int64_t *w = xmalloc((n + 1) * sizeof *w);
    size_t got = 0;
    mpz_export(w, &got, -1, sizeof *w, 0, 0, z);
    Value v = { .t = VT_BIG, .n = (uint32_t)got, .strs = mpz_sgn(z) < 0 };
    v.u.a = w;
    const StrRec *r = prog_intern_int(p, &v);
    xfree(w);
    return score_record((const int64_t *)(const void *)r->s);
}

void score_to_mpz(mpz_t z, const GameValue *v)
{
    if (!v->big) {
        mpz_set_si(z, (int64_t)v->score);
        return;
    }
    Value x = val_int_words(v->big);
    big_get(z, &x);
}

static GameValue arith(Program *p, const GameValue *a, const GameValue *b, bool sub)
{
    int64_t r;
    if (!a->big && !b->big &&
        !(sub ? __builtin_sub_overflow(a->score, b->score, &r) : __builtin_add_overflow(a->score, b->score, &r)))
        return score_int(r);
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    score_to_mpz(x, a);
    score_to_mpz(y, b);
    if (sub) mpz_sub(x, x, y); else mpz_add(x, x, y);
    GameValue v = score_from_mpz(p, x);
    mpz_clears(x, y, NULL);
    return v;
}

GameValue score_sub(Program *p, const GameValue *a, const GameValue *b) { return arith(p, a, b, true); }
GameValue score_add(Program *p, const GameValue *a, const GameValue *b) { return arith(p, a, b, false); }

int score_cmp(const GameValue *a, const GameValue *b)
{
    if (a->big && a->big == b->big) return 0;   /* records are interned */
    Value x = score_value(a), y = score_value(b);
    return big_cmp(&x, &y);
}

void score_print(StrBuf *b, const GameValue *v)
{
    if (!v->big) {
        sb_put_i64(b, v->score);
        return;
    }
    Value x = val_int_words(v->big);
    val_print(b, &x);
}

Value score_value(const GameValue *v)
{
    return v->big ? val_int_words(v->big) : val_int(v->score);
}

GameValue score_gain(const Vm *vm)
{
    return vm->gain_big ? score_record(vm->gain_big) : score_int(vm->gain);
}

void score_store(State *st, const GameValue *v)
{
    if (v->big) {
        st->sg = (uint64_t)(uintptr_t)v->big;
        st->flags |= ST_BIG;
    } else {
        st->sg = (uint64_t)v->score;
        st->flags &= ~(uint32_t)ST_BIG;
    }
}

GameValue score_load(const State *st)
{
    if (st->flags & ST_BIG) return score_record((const int64_t *)(uintptr_t)st->sg);
    return score_int((int64_t)st->sg);
}
