/* bignum.c: integers beyond 64 bits (see bignum.h). */
#include "config.h"
#include "bignum.h"
#include <stdlib.h>
#include <string.h>

void big_get(mpz_t z, const Value *v)
{
    if (v->t != VT_BIG) {
        mpz_set_si(z, v->u.i);
        return;
    }
    mpz_import(z, v->n, -1, sizeof(int64_t), 0, 0, v->u.a);
    if (v->strs) mpz_neg(z, z);
}

Value big_value(const mpz_t z, BigAlloc alloc, void *ctx)
{
    if (mpz_fits_slong_p(z)) return val_int((int64_t)mpz_get_si(z));
    size_t n = (mpz_sizeinbase(z, 2) + 63) / 64;
    int64_t *limbs = alloc(ctx, n * sizeof *limbs);
    size_t count = 0;
    mpz_export(limbs, &count, -1, sizeof(int64_t), 0, 0, z);
    Value v = { .t = VT_BIG, .n = (uint32_t)count, .strs = mpz_sgn(z) < 0 };
    v.u.a = limbs;
    return v;
}

Value big_from_key(const int64_t *w, uint64_t lenword)
{
    Value v = { .t = VT_BIG, .n = (uint32_t)(lenword & 0xffffffffu), .strs = (lenword & KEY_NEG_BIT) != 0 };
    v.u.a = w;
    return v;
}

bool big_parse(const char *s, size_t n, BigAlloc alloc, void *ctx, Value *out)
{
    char *t = xmalloc(n + 1);
    size_t k = 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] != '_') t[k++] = s[i];
    t[k] = 0;
    mpz_t z;
    mpz_init(z);
    bool ok = k > 0 && mpz_set_str(z, t, 10) == 0;
    if (ok) *out = big_value(z, alloc, ctx);
    mpz_clear(z);
    xfree(t);
    return ok;
}

int big_cmp(const Value *a, const Value *b)
{
    if (a->t != VT_BIG && b->t != VT_BIG) return (a->u.i > b->u.i) - (a->u.i < b->u.i);
    mpz_t x, y;
    mpz_inits(x, y, NULL);
    big_get(x, a);
    big_get(y, b);
    int c = mpz_cmp(x, y);
    mpz_clears(x, y, NULL);
    return (c > 0) - (c < 0);
}
