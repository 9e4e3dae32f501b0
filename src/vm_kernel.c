/* vm_kernel.c: comprehensions of integers ([E for v in D when C], peep.c's ITERMAP) run by a
   typed kernel: the loop's body interpreted over bare 64-bit words, without the interpreter's
   values, its step count per iteration or its scratch bookkeeping. Anything the kernel does not
   take on (a value of another type, an overflow, an index out of range, a division by zero, a
   budget that would run out inside the loop) sends the loop back to the interpreter from its
   start: the kernel has written nothing the program can see by then, so the loop's result, its
   errors and their places are the interpreter's own. */
#include "config.h"
#include "vm_kernel.h"
#include "builtins.h"
#include <string.h>

/* A kernel value's type: an integer, a truth value (a number too, 0 or 1) or a list of integers
   (its word points at the list's Value). */
enum { K_INT, K_BOOL, K_LIST };
/* The kernel's operand stack is this deep at most (else the interpreter runs the loop). */
#define K_STACK 32
/* A loop over more values than this runs in the interpreter, whose polls see an interrupt or the
   time limit as it goes: the kernel polls once, after the loop (4M values: well under a second). */
#define K_MAX_COUNT ((uint64_t)1 << 22)

/* The kernel word of value x into *w, *t; false when the kernel does not take x. */
static inline bool k_value(const Value *x, int64_t *w, uint8_t *t)
{
    if (x->t == VT_INT || x->t == VT_BOOL) {
        *w = x->u.i;
        *t = x->t == VT_INT ? K_INT : K_BOOL;
        return true;
    }
    if (x->t == VT_LIST && x->strs == LIST_INTS) {
        *w = (int64_t)(intptr_t)x;
        *t = K_LIST;
        return true;
    }
    return false;
}

/* Slot s as a plain integer into *x (the binder, slot v, is cur); false when it is not one. */
static inline bool k_int(const Value *st, int64_t s, int64_t v, int64_t cur, int64_t *x)
{
    if (s == v) {
        *x = cur;
        return true;
    }
    if (st[s].t != VT_INT) return false;
    *x = st[s].u.i;
    return true;
}

/* The body of the loop, code[from .. fold), for one value cur of the binder (slot v); appends its
   result to fo when it reaches the FOLD. The jumps go to next (the NEXT: this value is
   done) or within the body (peep.c checked both; a jump threaded to another, peep_func, stays
   within). Returns false to hand the loop back to the interpreter. */
static bool k_body(const Vm *vm, const Func *f, size_t base, size_t from, size_t fold, size_t next, int64_t v,
                   int64_t cur, KFold *fo)
{
    const int64_t *code = f->code;
    const Value *st = vm->stack + base;
    int64_t w[K_STACK];
    uint8_t t[K_STACK];
    size_t sp = 0, pc = from;
    for (;;) {
        if (pc == next) return sp == 0;
        int64_t op = code[pc];
        switch (op) {
        case IR_INT: case IR_BOOL:
            if (sp == K_STACK) return false;
            w[sp] = code[pc + 1];
            t[sp++] = op == IR_INT ? K_INT : K_BOOL;
            pc += 2;
            break;
        /* the fused sequences (peep.c) of plain integers at once; otherwise their first LOAD,
           and the sequence's other words follow */
        case IR_LLIDX: {   /* LOAD a; LOAD i; INDEX */
            int64_t i;
            const Value *a = &st[code[pc + 1]];
            if (code[pc + 1] == v || a->t != VT_LIST || a->strs != LIST_INTS || !k_int(st, code[pc + 3], v, cur, &i) ||
                (uint64_t)i >= a->n || sp == K_STACK)
                goto load;
            w[sp] = a->u.a[i];
            t[sp++] = K_INT;
            pc += 5;
            break;
        }
        case IR_LLARITH: case IR_LKARITH: case IR_LLCMP: case IR_LKCMP: case IR_LLCMPJ: case IR_LKCMPJ: {
            int64_t a, b;   /* LOAD a; LOAD b or INT b; an addition, a subtraction or a comparison */
            if (!k_int(st, code[pc + 1], v, cur, &a) || sp == K_STACK) goto load;
            if (op == IR_LKARITH || op == IR_LKCMP || op == IR_LKCMPJ) b = code[pc + 3];
            else if (!k_int(st, code[pc + 3], v, cur, &b)) goto load;
            int64_t o = code[pc + 4];
            if (op == IR_LLARITH || op == IR_LKARITH) {
                if (!k_arith(o, a, b, &w[sp])) goto load;
                t[sp++] = K_INT;
                pc += 5;
            } else if (op == IR_LLCMPJ || op == IR_LKCMPJ) {   /* and the JF after it */
                pc = k_cmp(o, a, b) ? pc + 7 : (size_t)code[pc + 6];
            } else {
                w[sp] = k_cmp(o, a, b);
                t[sp++] = K_BOOL;
                pc += 5;
                if (code[pc] == IR_TRUTH) pc++;
            }
            break;
        }
        load:
        case IR_LOAD: case IR_LL: {
            int64_t s = code[pc + 1];
            if (sp == K_STACK) return false;
            if (s == v) {
                w[sp] = cur;
                t[sp++] = K_INT;
            } else if (!k_value(&st[s], &w[sp], &t[sp])) {
                return false;
            } else {
                sp++;
            }
            pc += 2;
            break;
        }
        case IR_GLOBAL: {
            int64_t id = code[pc + 1];
            if (sp == K_STACK || !vm->p->code.const_ready[id] || !k_value(&vm->p->code.consts[id], &w[sp], &t[sp])) return false;
            sp++;
            pc += 2;
            break;
        }
        case IR_KONST:
            if (sp == K_STACK || !k_value(&f->consts[code[pc + 1]], &w[sp], &t[sp])) return false;
            sp++;
            pc += 2;
            break;
        case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV: case IR_MOD: case IR_POW: case IR_BAND: case IR_BOR:
        case IR_BXOR: case IR_SHL: case IR_SHR:
            if (t[sp - 2] != K_INT || t[sp - 1] != K_INT || !k_arith(op, w[sp - 2], w[sp - 1], &w[sp - 2])) return false;
            sp--;
            pc++;
            break;
        case IR_NEG:
            if (t[sp - 1] != K_INT || w[sp - 1] == INT64_MIN) return false;
            w[sp - 1] = -w[sp - 1];
            pc++;
            break;
        case IR_EQ: case IR_NE:   /* integers (a truth value compares by type: the interpreter) */
            if (t[sp - 2] != K_INT || t[sp - 1] != K_INT) return false;
            w[sp - 2] = k_cmp(op, w[sp - 2], w[sp - 1]);
            t[sp - 2] = K_BOOL;
            sp--;
            pc++;
            break;
        case IR_LT: case IR_LE: case IR_GT: case IR_GE:   /* numbers: integers and truth values */
            if (t[sp - 2] == K_LIST || t[sp - 1] == K_LIST) return false;
            w[sp - 2] = k_cmp(op, w[sp - 2], w[sp - 1]);
            t[sp - 2] = K_BOOL;
            sp--;
            pc++;
            break;
        case IR_NOT: case IR_TRUTH:
            if (t[sp - 1] == K_LIST) return false;
            w[sp - 1] = op == IR_NOT ? !w[sp - 1] : w[sp - 1] != 0;
            t[sp - 1] = K_BOOL;
            pc++;
            break;
        case IR_JMP: case IR_JNEXT:
            pc = (size_t)code[pc + 1];
            break;
        case IR_JF:
            if (t[sp - 1] == K_LIST) return false;
            sp--;
            pc = w[sp] ? pc + 2 : (size_t)code[pc + 1];
            break;
        case IR_JFK: case IR_JTK:
            if (t[sp - 1] == K_LIST) return false;
            if ((w[sp - 1] != 0) == (op == IR_JTK)) {
                pc = (size_t)code[pc + 1];
            } else {
                sp--;
                pc += 2;
            }
            break;
        case IR_INDEX: {
            if (t[sp - 2] != K_LIST || t[sp - 1] == K_LIST) return false;
            const Value *l = (const Value *)(intptr_t)w[sp - 2];
            if ((uint64_t)w[sp - 1] >= l->n) return false;
            w[sp - 2] = l->u.a[w[sp - 1]];
            t[sp - 2] = K_INT;
            sp--;
            pc++;
            break;
        }
        case IR_BUILTIN:
            if (code[pc + 1] == BI_LEN && code[pc + 2] == 1) {   /* a list's length */
                if (t[sp - 1] != K_LIST) return false;
                w[sp - 1] = ((const Value *)(intptr_t)w[sp - 1])->n;
                t[sp - 1] = K_INT;
                pc += 3;
                break;
            }
            if (code[pc + 1] == BI_ABS && code[pc + 2] == 1) {
                if (t[sp - 1] != K_INT || w[sp - 1] == INT64_MIN) return false;
                if (w[sp - 1] < 0) w[sp - 1] = -w[sp - 1];
                pc += 3;
                break;
            }
            if ((code[pc + 1] != BI_MIN && code[pc + 1] != BI_MAX) || code[pc + 2] != 2) return false;
            /* fall through */
        case IR_MIN2: case IR_MAX2: {
            bool min = op == IR_MIN2 || (op == IR_BUILTIN && code[pc + 1] == BI_MIN);
            if (t[sp - 2] != K_INT || t[sp - 1] != K_INT) return false;
            int64_t a = w[sp - 2], b = w[sp - 1];
            w[sp - 2] = min ? (b < a ? b : a) : (b > a ? b : a);
            sp--;
            pc += 3;
            break;
        }
        case IR_FOLD:
            if (pc != fold || sp != 1 || t[0] == K_LIST || (t[0] == K_BOOL && !k_fold_takes_bool(fo->kind)) ||
                !k_fold(fo, w[0]))
                return false;
            sp = 0;
            pc += 3;
            break;
        default:
            return false;
        }
    }
}

bool vm_kernel_map(Vm *vm, int fn, const Func *f, size_t at, size_t base)
{
    const int64_t *code = f->code;
    const Value *d = &vm->stack[vm->sp - 1];
    size_t next = at + 3, end = (size_t)code[at + 5], fold = end - 5;
    int64_t v = code[at + 1], rel = code[at + 2];
    Value *acc = &vm->stack[base + (size_t)code[fold + 2]];
    KFold fo = { .kind = (int)code[fold + 1] };
    if (vm->iter_hook) return false;
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
    uint64_t count = 0;
    if (d->t == VT_RANGE && !d->strs) {   /* (the span first: the whole 64-bit range has 2^64 values) */
        if (d->u.r.lo <= d->u.r.hi && (uint64_t)d->u.r.hi - (uint64_t)d->u.r.lo >= K_MAX_COUNT) return false;
        if (d->u.r.lo <= d->u.r.hi) count = (uint64_t)d->u.r.hi - (uint64_t)d->u.r.lo + 1;
    } else if (d->t == VT_LIST && d->strs == LIST_INTS) {
        count = d->n;
    } else {
        return false;
    }
    /* the steps the loop takes: a NEXT per value and the one that ends it */
    if (count >= K_MAX_COUNT || (vm->fuel && vm->fuel <= count + 1)) return false;
    size_t mark = scratch_mark(&vm->scratch);
    fo.vm = vm;
    fo.loc = f->locs[fold];
    /* the loop's register code when its operands have the types it was decoded for, else the
       typed walk over the code words */
    const KCode *kc = count ? vm_kernels_get(vm, fn, f, at, base) : NULL;
    int done = kc ? kcode_run(kc, vm, f, base, d, count, &fo) : 0;
    for (uint64_t i = 0; done == 0 && i < count; i++) {
        int64_t cur = d->t == VT_RANGE ? (int64_t)((uint64_t)d->u.r.lo + i) : d->u.a[i];
        if (!k_body(vm, f, base, at + 6, fold, next, v, cur, &fo)) done = -1;
    }
    if (done < 0) {
        scratch_release(&vm->scratch, mark);
        return false;
    }
    prog_poll_n(vm->p, count, f->locs[next]);   /* (the poll adds one) */
    if (vm->fuel) vm->fuel -= count + 1;
    size_t slot = base + (size_t)v;
    if (count) vm->stack[slot] = val_int(d->t == VT_RANGE ? d->u.r.hi : d->u.a[count - 1]);
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
