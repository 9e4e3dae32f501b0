/* nimber.c: SG values beyond 64 bits (see nimber.h). */
#include "config.h"
#include "bignum.h"
#include "solve/core/nimber.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

GameValue nim_from_mpz(Program *p, const mpz_t z)
{
    if (mpz_sizeinbase(z, 2) <= 64) {
        uint64_t lo = 0;
        mpz_export(&lo, NULL, -1, sizeof lo, 0, 0, z);
        return gv_sg(lo);
    }
    size_t n = (mpz_sizeinbase(z, 2) + 63) / 64;
    int64_t *w = xmalloc((n + 1) * sizeof *w);
    mpz_export(w + 1, NULL, -1, sizeof *w, 0, 0, z);
    Value v = { .t = VT_BIG, .n = (uint32_t)n };
    v.u.a = w + 1;
    const StrRec *r = prog_intern_int(p, &v);
    xfree(w);
    GameValue g = { .kind = GV_SG, .outcome = 'N', .n = UINT64_MAX };
    g.big = (const int64_t *)(const void *)r->s;
    return g;
}

void nim_to_mpz(mpz_t z, const GameValue *v)
{
    if (!v->big) {
        mpz_import(z, 1, -1, sizeof v->n, 0, 0, &v->n);
        return;
    }
    Value x = val_int_words(v->big);
    big_get(z, &x);
}

Value nim_value(const GameValue *v, Vm *vm, Loc loc)
{
    if (v->big) return val_int_words(v->big);
    if (v->n <= (uint64_t)INT64_MAX) return val_int((int64_t)v->n);
    int64_t *limb = vm_alloc(vm, sizeof *limb, loc);   /* 2^63 .. 2^64 - 1: one limb */
    memcpy(limb, &v->n, sizeof *limb);
    Value x = { .t = VT_BIG, .n = 1 };
    x.u.a = limb;
    return x;
}

void nim_print(StrBuf *b, const GameValue *v)
{
    if (!v->big) {
        char tmp[24];
        snprintf(tmp, sizeof tmp, "%llu", (unsigned long long)v->n);
        sb_puts(b, tmp);
        return;
    }
    Value x = val_int_words(v->big);
    val_print(b, &x);
}

int nim_cmp(const GameValue *a, const GameValue *b)
{
    if (!a->big && !b->big) return (a->n > b->n) - (a->n < b->n);
    if (!a->big) return -1;
    if (!b->big) return 1;
    if (a->big == b->big) return 0;
    Value x = val_int_words(a->big), y = val_int_words(b->big);
    return big_cmp(&x, &y);
}

const uint64_t *gv_kset(Program *p, const uint64_t *vals, size_t n)
{
    uint64_t *w = xmalloc((n + 1) * sizeof *w);
    w[0] = n;
    if (n) memcpy(w + 1, vals, n * sizeof *w);
    const StrRec *r = prog_intern(p, (const char *)w, (n + 1) * sizeof *w);
    xfree(w);
    return (const uint64_t *)(const void *)r->s;
}

void gv_print_loopy(StrBuf *b, const GameValue *v)
{
    if (!v->kset) {
        nim_print(b, v);
        return;
    }
    sb_puts(b, "\xe2\x88\x9e(");   /* ∞ */
    for (uint64_t i = 0; i < v->kset[0]; i++) {
        char t[24];
        snprintf(t, sizeof t, "%s%llu", i ? "," : "", (unsigned long long)v->kset[1 + i]);
        sb_puts(b, t);
    }
    sb_putc(b, ')');
}

bool nim_xor_small(const Engine *e, const uint32_t *ids, size_t n, uint64_t *x)
{
    mpz_t acc, t;
    mpz_init(acc);
    mpz_init(t);
    for (size_t i = 0; i < n; i++) {
        GameValue v = nim_of_state(&e->st[ids[i]]);
        nim_to_mpz(t, &v);
        mpz_xor(acc, acc, t);
    }
    bool small = mpz_sizeinbase(acc, 2) <= 64;
    *x = 0;
    if (small) mpz_export(x, NULL, -1, sizeof *x, 0, 0, acc);
    mpz_clear(acc);
    mpz_clear(t);
    return small;
}
