/* closed.c: the closed-form registry: finds the form for a standard-library game and checks that
   its proof covers the position (each family decides that in its eval). */
#include "config.h"
#include "key.h"
#include "solve/closed.h"
#include <string.h>

static const ClosedForm *const families[] = { closed_heap_forms, closed_pair_forms, closed_coin_forms, closed_multi_forms };

const ClosedForm *closed_at(int i)
{
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const ClosedForm *c = families[f]; c->game; c++)
            if (i-- == 0) return c;
    return NULL;
}

int closed_index(const ClosedForm *form)
{
    int i = 0;
    for (size_t f = 0; f < sizeof families / sizeof families[0]; f++)
        for (const ClosedForm *c = families[f]; c->game; c++, i++)
            if (c == form) return i;
    return -1;
}

static const ClosedForm *form_of(Program *p, int gid)
{
    Game *G = &p->games[gid];
    if (!G->closed_tried) {
        G->closed_tried = true;
        G->closed = -1;
        for (int i = 0; G->stdlib && closed_at(i); i++)
            if (!strcmp(closed_at(i)->game, G->name)) G->closed = i;
    }
    return G->closed < 0 ? NULL : closed_at(G->closed);
}

bool closed_has_form(const Program *cp, const int64_t *key)
{
    return form_of((Program *)cp, (int)KEY_GAME(key)) != NULL;   /* only the per-game cache is written */
}

int closed_args(const Program *p, const int64_t *key, Value *args)
{
    int n = key_decode(p, key, args);
    const Game *G = &p->games[KEY_GAME(key)];
    if (G->variadic) {   /* spread the variadic list into separate arguments */
        Value last = args[n - 1];
        n--;
        if (last.t != VT_LIST || n + (int)last.n > CLOSED_MAX_ARGS) return -1;
        for (uint32_t i = 0; i < last.n; i++) args[n++] = val_elem(&last, i);
    }
    return n;
}

const ClosedForm *closed_find(const Program *cp, const int64_t *key, ClosedAnswer *a)
{
    Program *p = (Program *)cp;   /* only the per-game cache is written */
    const ClosedForm *f = form_of(p, (int)KEY_GAME(key));
    if (!f) return NULL;
    Value args[CLOSED_MAX_ARGS];
    int n = closed_args(p, key, args);
    if (n < 0) return NULL;
    memset(a, 0, sizeof *a);
    return f->eval(args, n, a) ? f : NULL;
}

int closed_yield(Vm *vm, int gid, const Value *args, int nargs, VmYield cb, void *ctx)
{
    Value v = vm_make_pos(vm, gid, args, nargs, (Loc){ 0 });
    return cb(ctx, &v, NULL);
}

uint64_t closed_nim_mul(uint64_t a, uint64_t b)
{
    if (a < 2 || b < 2) return a * b;
    unsigned h = 32;
    while (h > 1 && a < ((uint64_t)1 << h) && b < ((uint64_t)1 << h)) h /= 2;
    /* now a or b is at least 2^h and both are below 2^(2h) */
    uint64_t mask = ((uint64_t)1 << h) - 1;
    uint64_t a1 = a >> h, a0 = a & mask, b1 = b >> h, b0 = b & mask;
    uint64_t p = closed_nim_mul(a0, b0), q = closed_nim_mul(a1, b1), r = closed_nim_mul(a0 ^ a1, b0 ^ b1);
    return ((r ^ p) << h) ^ p ^ closed_nim_mul(q, (uint64_t)1 << (h - 1));
}
