/* vm_rt.c: the interpreter's runtime services, below its loop: calls to the host (the solver's
   table), tentative computations, errors, scratch allocation, GMP temporaries and fuel. The
   builtins (builtins.c) and the loop (vm.c) both use them; they call neither. */
#include "config.h"
#include "vm.h"
#include "bignum.h"
#include <stdarg.h>
#include <stdlib.h>

void vm_set_host(Vm *vm, const VmHost *host) { vm->host = *host; }

/* One more host call in progress; the caller undoes it (an error resets the count instead). */
static inline void host_enter(Vm *vm, Loc loc)
{
    if (!vm->host.sg) vm_fail(vm, loc, "no solver is connected to this interpreter");
    if (vm->host_depth >= VM_MAX_HOST_DEPTH)
        prog_fail(vm->p, EXIT_LIMIT, loc, "game values asked for while computing game values nest more than %d "
                  "deep (a canon that needs sg() of other positions, which need their canons, ...)",
                  VM_MAX_HOST_DEPTH);
    vm->host_depth++;
}

Value vm_host_sg(Vm *vm, const Value *pos, bool gamma, Loc loc)
{
    host_enter(vm, loc);
    Value g = vm->host.sg(vm->host.ctx, pos, gamma, loc);
    vm->host_depth--;
    return g;
}

Value vm_host_sg_ints(Vm *vm, int g, const int64_t *args, int n, Loc loc)
{
    host_enter(vm, loc);
    Value v = vm->host.sg_ints(vm->host.ctx, g, args, n, loc);
    vm->host_depth--;
    return v;
}

Value vm_host_score(Vm *vm, const Value *pos, Loc loc)
{
    host_enter(vm, loc);
    Value v = vm->host.score(vm->host.ctx, pos, loc);
    vm->host_depth--;
    return v;
}

char vm_host_outcome(Vm *vm, const Value *pos, Loc loc)
{
    host_enter(vm, loc);
    char o = vm->host.outcome(vm->host.ctx, pos, loc);
    vm->host_depth--;
    return o;
}

bool vm_host_same(Vm *vm, const Value *a, const Value *b, Loc loc)
{
    host_enter(vm, loc);
    bool same = vm->host.same(vm->host.ctx, a, b, loc);
    vm->host_depth--;
    return same;
}

char vm_host_compare(Vm *vm, const Value *a, const Value *b, Loc loc)
{
    host_enter(vm, loc);
    char c = vm->host.compare(vm->host.ctx, a, b, loc);
    vm->host_depth--;
    return c;
}

Value vm_host_partizan(Vm *vm, const Value *pos, int which, Loc loc)
{
    host_enter(vm, loc);
    Value v = vm->host.partizan(vm->host.ctx, pos, which, loc);
    vm->host_depth--;
    return v;
}

int64_t vm_host_winning_count(Vm *vm, const Value *pos, bool positions, Loc loc)
{
    host_enter(vm, loc);
    int64_t n = vm->host.winning_count(vm->host.ctx, pos, positions, loc);
    vm->host_depth--;
    return n;
}

Value vm_host_winning_move(Vm *vm, const Value *pos, int64_t i, Loc loc)
{
    host_enter(vm, loc);
    Value v = vm->host.winning_move(vm->host.ctx, pos, i, loc);
    vm->host_depth--;
    return v;
}

void vm_try_enter(Vm *vm)
{
    VmSnap snap = { vm->sp, vm->nframes, vm->nmarks, scratch_mark(&vm->scratch), vm->host_depth, vm->fuel };
    VEC_PUSH(vm->snaps, vm->nsnaps, vm->capsnaps, snap);
}

void vm_try_leave(Vm *vm) { vm->nsnaps--; }

void vm_try_fail(Vm *vm)
{
    VmSnap snap = vm->snaps[--vm->nsnaps];
    vm->host_depth = snap.host_depth;
    vm->sp = snap.sp;
    vm->nframes = snap.nframes;
    vm->nmarks = snap.nmarks;
    vm->fuel = snap.fuel;   /* a tentative computation's budget ends with it, however it ends */
    scratch_release(&vm->scratch, snap.scratch);
}

_Noreturn void vm_fail(Vm *vm, Loc loc, const char *fmt, ...)
{
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    prog_fail(vm->p, EXIT_COMPILE, loc, "%s", msg);
}

_Noreturn void vm_fail_limit(Vm *vm, Loc loc, const char *msg)
{
    prog_fail(vm->p, EXIT_LIMIT, loc, "%s", msg);
}

void *vm_alloc_slow(Vm *vm, size_t bytes, Loc loc)
{
    if (bytes >= VM_BIG_VALUE) prog_memory_need(vm->p, bytes, loc, "a value being built");   /* before it is filled */
    void *m = scratch_alloc(&vm->scratch, bytes);
    if (!m) vm_fail_limit(vm, loc, "scratch memory exhausted (1 GiB of values built while evaluating); "
                                   "the lists or sums here are too large");
    return m;
}


static void *scratch_cb(void *vm, size_t bytes) { return vm_alloc(vm, bytes, (Loc){ 0 }); }

_Noreturn void vm_too_big(Vm *vm, Loc loc)
{
    char snip[160];
    diag_snippet(&vm->p->diag, loc, snip, sizeof snip);
    prog_fail(vm->p, EXIT_LIMIT, loc, "integer too large in '%s' (the limit is %zu bits)", snip, VM_BIG_BITS);
}

static void big_tmp_clear(void *arg)
{
    VmBig *t = arg;
    mpz_clears(t->x, t->y, t->r, NULL);
}

VmBig *vm_big_begin(Vm *vm, Loc loc)
{
    VmBig *t = vm_alloc(vm, sizeof *t, loc);
    mpz_inits(t->x, t->y, t->r, NULL);
    t->mark = prog_defer(vm->p, big_tmp_clear, t);
    return t;
}

void vm_big_drop(Vm *vm, VmBig *t)
{
    prog_release(vm->p, t->mark);
    big_tmp_clear(t);
}

Value vm_big_end(Vm *vm, VmBig *t, Loc loc)
{
    if (mpz_sizeinbase(t->r, 2) > VM_BIG_BITS) vm_too_big(vm, loc);
    Value v = big_value(t->r, scratch_cb, vm);
    prog_release(vm->p, t->mark);
    big_tmp_clear(t);
    return v;
}

void vm_charge_copy(Vm *vm, uint64_t size, Loc loc)
{
    vm_charge(vm, size, loc);
    prog_poll_n(vm->p, size, loc);
}

void vm_charge(Vm *vm, uint64_t size, Loc loc)
{
    if (!vm->fuel || size < 8) return;
    if (vm->fuel <= size / 8) prog_fail(vm->p, PROG_BUDGET, loc, "out of fuel");
    vm->fuel -= size / 8;
}
