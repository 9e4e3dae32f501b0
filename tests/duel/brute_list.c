/* brute_list.c: what the brute-force games of brute_list.h share: growing strings, writing an
   argument as grundy writes it, and the duels' random numbers. */
#include "brute_list.h"
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void br_init(BrBuf *b)
{
    b->cap = 64;
    b->len = 0;
    b->s = malloc(b->cap);
    if (!b->s) abort();
    b->s[0] = 0;
}

void br_free(BrBuf *b)
{
    free(b->s);
    b->s = NULL;
    b->len = b->cap = 0;
}

void br_clear(BrBuf *b)
{
    b->len = 0;
    b->s[0] = 0;
}

void br_printf(BrBuf *b, const char *fmt, ...)
{
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int k = vsnprintf(b->s + b->len, b->cap - b->len, fmt, ap);
        va_end(ap);
        if (k < 0) abort();
        if ((size_t)k < b->cap - b->len) {
            b->len += (size_t)k;
            return;
        }
        b->cap = 2 * b->cap + (size_t)k;
        b->s = realloc(b->s, b->cap);
        if (!b->s) abort();
    }
}

void br_put_val(BrBuf *b, const BrVal *v)
{
    switch (v->kind) {
    case BR_INT: br_printf(b, "%lld", v->i); break;
    case BR_STR: br_printf(b, "\"%s\"", v->s); break;
    case BR_LIST:
    case BR_SET:
        br_printf(b, "%c", v->kind == BR_LIST ? '[' : '{');
        for (int i = 0; i < v->n; i++) {
            if (i) br_printf(b, ", ");
            br_put_val(b, &v->v[i]);
        }
        br_printf(b, "%c", v->kind == BR_LIST ? ']' : '}');
        break;
    }
}

void br_out_init(BrOut *o, BrEmit emit, void *ctx)
{
    o->emit = emit;
    o->ctx = ctx;
    br_init(&o->args);
    br_init(&o->res);
}

void br_out_clear(BrOut *o)
{
    br_clear(&o->args);
    br_clear(&o->res);
}

void br_out_send(BrOut *o, const char *label)
{
    o->emit(o->ctx, label, o->args.s, o->res.s);
    br_out_clear(o);
}

void br_out_done(BrOut *o)
{
    br_free(&o->args);
    br_free(&o->res);
}

uint64_t br_rand(uint64_t *seed)
{
    uint64_t z = (*seed += 0x9e3779b97f4a7c15ULL);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

int br_range(uint64_t *seed, int lo, int hi)
{
    return lo + (int)(br_rand(seed) % (uint64_t)(hi - lo + 1));
}
