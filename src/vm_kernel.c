/* vm_kernel.c: generators of integers (peep.c's ITERMAP: [E for v in D when C], or sum, min, max,
   any, all, count, xor, bitor or bitand of E) run whole by the kernel: the domain and the
   accumulator checked, the loop's register code (vm_kernel_reg.c) run, the loop's steps counted at
   once and its slots left as the interpreter's loop leaves them. Anything the kernel does not take
   on (a value of another type, an overflow, an index out of range, a division by zero, a budget
   that would run out inside the loop) sends the loop back to the interpreter from its start: the
   kernel has written nothing the program can see by then, so the loop's result, its errors and
   their places are the interpreter's own. */
#include "config.h"
#include "vm_kernel.h"
#include "builtins.h"
#include <string.h>

/* A loop over more values than this runs in the interpreter, whose polls see an interrupt or the
   time limit as it goes: the kernel polls once, after the loop (4M values: well under a second). */
#define K_MAX_COUNT ((uint64_t)1 << 22)

/* The loop's register code (*kc, as the caller looked it up: not NULL, not off), run over values
   *i .. end - 1 (kcode_run): 1 done, -1 the interpreter must take value *i (a run that met what
   the kernel does not take on, or no code for the operands' types now). *kc is the code run. */
static int k_run(Vm *vm, int fn, const Func *f, size_t at, size_t base, const Value *d, uint64_t *i, uint64_t end,
                 KFold *fo, KCode **kc)
{
    int done = kcode_run(*kc, vm, f, base, d, i, end, fo);
    if (done == 0) {   /* the operands' types are not the ones it was decoded for: decoded again for these */
        *kc = vm_kernels_get(vm, fn, f, at, base, true);
        done = *kc ? kcode_run(*kc, vm, f, base, d, i, end, fo) : -1;
    }
    return done == 1 ? 1 : -1;
}

/* The loop's code, unless it has none or is left to the interpreter (kcode_tally). */
static KCode *k_code(Vm *vm, int fn, const Func *f, size_t at, size_t base)
{
    KCode *kc = vm_kernels_get(vm, fn, f, at, base, false);
    return kc && !kcode_off(kc) ? kc : NULL;
}

/* The values of domain d the kernel takes (a range within 64 bits, or a list of plain integers):
   their count, or false. */
static bool k_domain(const Value *d, uint64_t *count)
{
    *count = 0;
    if (d->t == VT_RANGE && !d->strs) {   /* (the span first: the whole 64-bit range has 2^64 values) */
        if (d->u.r.lo <= d->u.r.hi && (uint64_t)d->u.r.hi - (uint64_t)d->u.r.lo >= K_MAX_COUNT) return false;
        if (d->u.r.lo <= d->u.r.hi) *count = (uint64_t)d->u.r.hi - (uint64_t)d->u.r.lo + 1;
        return true;
    }
    if (d->t == VT_LIST && d->strs == LIST_INTS) {
        *count = d->n;
        return *count < K_MAX_COUNT;
    }
    return false;
}

size_t vm_kernel_guard(Vm *vm, int fn, const Func *f, size_t at, size_t base)
{
    const int64_t *code = f->code;
    Value *st = vm->stack;
    size_t slot = base + (size_t)code[at + 1];
    const Value *d = &st[slot + 1];
    uint64_t count, i = (uint64_t)st[slot + 2].u.i;
    if (vm->iter_hook || !k_domain(d, &count) || i >= count) return 0;   /* (the last NEXT: the interpreter's) */
    KCode *kc = k_code(vm, fn, f, at, base);
    if (!kc) return 0;
    uint64_t end = count;
    if (vm->fuel && vm->fuel - 1 <= end - i) {   /* a NEXT per value and the one that ends the loop: the fuel lasts */
        if (vm->fuel <= 2) return 0;
        end = i + (vm->fuel - 2);
    }
    vm_loop_release(vm, st, base, slot);   /* (as a NEXT: the guard allocates nothing, so once is as every time) */
    uint64_t j = i;
    KFold none = { .kind = FOLD_SUM, .vm = vm };
    int r = k_run(vm, fn, f, at, base, d, &j, end, &none, &kc);
    Loc loc = f->locs[at];
    /* the NEXTs of the values the guard turned down (i .. j - 1), and of the value it takes or the
       one that ends the loop */
    bool took = r == 1 && j < end, over = r == 1 && j == count;
    if (r == 1) kcode_tally(kc, j - i + took);   /* (kc is not NULL when r is 1) */
    uint64_t steps = j - i + (took || over);
    if (steps) {
        prog_poll_n(vm->p, steps - 1, loc);   /* (the poll adds one) */
        if (vm->fuel) vm->fuel -= steps;
    }
    /* the binder as the last NEXT passed leaves it, and the next value's index */
    uint64_t next = took ? j + 1 : j;
    if (next > i) st[slot] = val_int(k_value(d, next - 1));
    st[slot + 2].u.i = (int64_t)next;
    if (took) return kcode_exit(kc);
    return over ? (size_t)code[at + 2] : 0;   /* (0: the interpreter's NEXT goes on at value j) */
}

bool vm_kernel_map(Vm *vm, int fn, const Func *f, size_t at, size_t base)
{
    const int64_t *code = f->code;
    const Value *d = &vm->stack[vm->sp - 1];
    size_t next = at + 3, fold = (size_t)code[at + 5] - 5;
    int64_t v = code[at + 1], rel = code[at + 2];
    Value *acc = &vm->stack[base + (size_t)code[fold + 2]];
    KFold fo = { .kind = (int)code[fold + 1] };
    if (vm->iter_hook) return false;
    KCode *kc = k_code(vm, fn, f, at, base);
    if (!kc) return false;
    /* the accumulator as the generator starts it: an empty list, 0 for a sum or a count, false
       or true for any and all, none yet or 0 for min, max and the bitwise folds */
    switch (fo.kind) {
    case FOLD_LIST: if (acc->t != VT_LIST || acc->n) return false; break;
    case FOLD_SUM: case FOLD_COUNT: if (acc->t != VT_INT) return false; break;
    case FOLD_ANY: case FOLD_ALL: if (acc->t != VT_BOOL) return false; break;
    default: if (acc->t != VT_NONE && acc->t != VT_INT) return false; break;
    }
    fo.set = acc->t != VT_NONE;
    fo.acc = fo.set ? acc->u.i : 0;
    uint64_t count, i = 0;
    if (!k_domain(d, &count)) return false;
    /* the steps the loop takes: a NEXT per value and the one that ends it */
    if (vm->fuel && vm->fuel <= count + 1) return false;
    size_t mark = scratch_mark(&vm->scratch);
    fo.vm = vm;
    fo.loc = f->locs[fold];
    if (count && k_run(vm, fn, f, at, base, d, &i, count, &fo, &kc) < 0) {
        scratch_release(&vm->scratch, mark);
        return false;
    }
    if (count) kcode_tally(kc, count);   /* (a loop of a value or two is the interpreter's: kcode_tally) */
    prog_poll_n(vm->p, count, f->locs[next]);   /* (the poll adds one) */
    if (vm->fuel) vm->fuel -= count + 1;
    size_t slot = base + (size_t)v;
    if (count) vm->stack[slot] = val_int(k_value(d, count - 1));
    vm->stack[slot + 1] = *d;
    vm->stack[slot + 2] = val_int((int64_t)count);
    vm->stack[slot + 3] = val_int(rel ? (int64_t)mark : -1);   /* (as ITER leaves it) */
    vm->stack[slot + 3].n = (uint32_t)rel;
    switch (fo.kind) {
    case FOLD_LIST:
        if (fo.n) {
            acc->u.l.a = fo.out;
            acc->u.l.base = 0;
            acc->n = (uint32_t)fo.n;
            acc->strs = LIST_INTS;
        } else {
            scratch_release(&vm->scratch, mark);
        }
        break;
    case FOLD_ANY: case FOLD_ALL: *acc = val_bool(fo.acc != 0); break;
    default: if (fo.set) *acc = val_int(fo.acc); break;
    }
    vm->sp--;
    return true;
}
