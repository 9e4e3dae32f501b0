/* closed_lib.c: what the closed forms share (closed.h): arguments beyond 64 bits, SG values in
   GMP, GMP temporaries that outlive a callback, yielding a move's position, the nim-product. The
   forms (closed_*.c) call it; closed.c, the strategy and the table of forms, sits above them. */
#include "config.h"
#include "solve/closed/closed.h"
#include "solve/solve.h"
#include "bignum.h"
#include "vm.h"
#include <stdlib.h>

bool closed_any_big(const Value *a, int n)
{
    for (int i = 0; i < n; i++)
        if (a[i].t == VT_BIG) return true;
    return false;
}

void closed_sg_mpz(ClosedAnswer *r, const mpz_t z)
{
    if (r->is_big) mpz_set(r->big, z);
    else mpz_init_set(r->big, z);
    r->is_big = true;
}

static void *scratch_cb(void *vm, size_t bytes) { return vm_alloc(vm, bytes, (Loc){ 0 }); }

Value closed_arg(Vm *vm, const mpz_t z) { return big_value(z, scratch_cb, vm); }

static void tmp_clear(void *arg)
{
    ClosedTmp *t = arg;
    for (int i = 0; i < t->n; i++) mpz_clear(t->z[i]);
    t->n = 0;
}

ClosedTmp *closed_tmp(Vm *vm)
{
    ClosedTmp *t = vm_alloc(vm, sizeof *t, (Loc){ 0 });
    t->vm = vm;
    t->n = 8;
    for (int i = 0; i < t->n; i++) mpz_init(t->z[i]);
    t->mark = prog_defer(vm->p, tmp_clear, t);
    return t;
}

void closed_tmp_end(ClosedTmp *t)
{
    prog_release(t->vm->p, t->mark);
    tmp_clear(t);
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
