/* vm_kernel.h: what the kernel's two files share (vm_kernel.c runs a generator or a loop's guard,
   vm_kernel_reg.c decodes its code into register code and runs it): the language's 64-bit arithmetic, the folds,
   the table of decoded loops. Internal to the interpreter. */
#ifndef GRUNDY_VM_KERNEL_H
#define GRUNDY_VM_KERNEL_H
#include "vm.h"
#include "arith.h"

/* Integer a op b (IR_ADD .. IR_SHR) as the interpreter has it in 64 bits; false for anything else (an overflow the
   interpreter takes to GMP, or an error it reports). */
static inline __attribute__((always_inline)) bool k_arith(int64_t op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case IR_ADD: return !__builtin_add_overflow(a, b, r);
    case IR_SUB: return !__builtin_sub_overflow(a, b, r);
    case IR_MUL: return !__builtin_mul_overflow(a, b, r);
    case IR_DIV: case IR_MOD: return arith_divmod(a, b, op == IR_MOD, r) == ARITH_OK;
    case IR_POW: return arith_pow(a, b, r) == ARITH_OK;
    case IR_BAND: *r = a & b; return true;
    case IR_BOR: *r = a | b; return true;
    case IR_BXOR: *r = a ^ b; return true;
    case IR_SHL: return arith_shl(a, b, r) == ARITH_OK;
    case IR_SHR: return arith_shr(a, b, r) == ARITH_OK;
    default: return false;
    }
}

/* Where a loop's values go: the list being built (FOLD_LIST: out, n of them), or a scalar fold's
   accumulator (kind FOLD_SUM .. FOLD_BAND: its word, and whether it holds a value yet: min, max
   and the bitwise folds may start empty). */
typedef struct KFold { int kind; Vm *vm; Loc loc; int64_t *out; size_t n; int64_t acc; bool set; } KFold;

/* Room for one more element of the list being built (vm_kernel_reg.c): its buffer grows by doubling
   in scratch memory at the FOLD's place (loc), as the interpreter's FOLD grows it, so the memory
   used, the limits and their errors are the interpreter's, at the same value. */
void k_grow(KFold *f);

/* Fold value v (a plain integer, or a truth value as 0 or 1 where the fold takes one) in, as the
   interpreter's FOLD does; false on an overflow (the interpreter goes on in GMP). */
static inline bool k_fold(KFold *f, int64_t v)
{
    switch (f->kind) {
    case FOLD_LIST:
        if (f->n == 0 || (f->n & (f->n - 1)) == 0) k_grow(f);
        f->out[f->n++] = v;
        return true;
    case FOLD_SUM: return !__builtin_add_overflow(f->acc, v, &f->acc);
    case FOLD_MIN: if (!f->set || v < f->acc) f->acc = v; break;
    case FOLD_MAX: if (!f->set || v > f->acc) f->acc = v; break;
    case FOLD_XOR: f->acc = f->set ? f->acc ^ v : v; break;
    case FOLD_BOR: f->acc = f->set ? f->acc | v : v; break;
    case FOLD_BAND: f->acc = f->set ? f->acc & v : v; break;
    case FOLD_ANY: f->acc = f->acc || v; break;
    case FOLD_ALL: f->acc = f->acc && v; break;
    default: f->acc += v != 0; break;   /* FOLD_COUNT */
    }
    f->set = true;
    return true;
}
/* Whether a fold of that kind takes a truth value (a sum takes only integers). */
static inline bool k_fold_takes_bool(int kind) { return kind != FOLD_SUM; }

/* Value i of a domain the kernel takes (a range within 64 bits, or a list of plain integers). */
static inline int64_t k_value(const Value *d, uint64_t i)
{
    return d->t == VT_RANGE ? (int64_t)((uint64_t)d->u.r.lo + i) : d->u.a[i];
}

/* A loop's register code (vm_kernel_reg.c). */
typedef struct KCode KCode;

/* The loop's register code for the types its operands have now (frame at base): a generator's
   body (ITERMAP at at, binder slot v: its code up to the FOLD and the jump back), or a guard
   (NEXTG at at: the code after it up to its JF back to it). NULL when it cannot be (a list held
   across a jump, types that differ where branches meet, too deep a stack). */
KCode *kcode_decode(const Vm *vm, const Func *f, size_t at, size_t base);
void kcode_free(KCode *k);
/* A guard's: the code word after its JF, where the body goes on with a value it takes. */
size_t kcode_exit(const KCode *k);
/* A loop's tally: a run of it took this many values (a guard: judged them; a generator: made
   them). After its first K_TALLY runs, a loop whose runs are short (the values a run takes times
   its instructions is under K_WORTH) is left to the interpreter: entering the kernel costs more
   than such a loop does there (Chomp's guard `r > 0 or c > 0`, which takes nearly every value; a
   comprehension of one or two values). Deterministic: the run's values decide. */
#define K_TALLY 256
#define K_WORTH 16
void kcode_tally(KCode *k, uint64_t values);
/* Whether the loop is left to the interpreter (kcode_tally). */
bool kcode_off(const KCode *k);
/* Run the decoded code for values *at .. end - 1 of the domain d (a generator's into fold fo):
   1 done (a guard: *at is the value it takes, or end when it takes none); 0 the operands' types
   are not the ones it was decoded for (nothing done: it may be decoded again); -1 the
   interpreter must take value *at (an overflow, an index out of range, a division by zero: a
   generator's values before it are folded into fo, a guard's were turned down). */
int kcode_run(const KCode *c, const Vm *vm, const Func *f, size_t base, const Value *d, uint64_t *at, uint64_t end,
              KFold *fo);

/* The interpreter's table of decoded loops, by function and place (Vm.kernels). */
struct VmKernels;
/* The decoded code of the loop at (fn, at), decoding it on first use (again: decoded anew, for the
   operands' types now); NULL when it has none. */
KCode *vm_kernels_get(Vm *vm, int fn, const Func *f, size_t at, size_t base, bool again);
#endif
