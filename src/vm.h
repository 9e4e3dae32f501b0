/* vm.h: the bytecode interpreter: evaluates defs, guards, results and canon; enumerates moves. */
#ifndef GRUNDY_VM_H
#define GRUNDY_VM_H
#include "program.h"
#include "gmpx.h"
#include "scratch.h"

/* Called for each YIELD (a move's result, a claim instance). frame points at the function's slots.
   Return nonzero to stop the run. */
typedef int (*VmYield)(void *ctx, const Value *v, const Value *frame);

/* A caller's frame: its function, where it goes on, its base; memo: the key (with its hash) under
   which the callee's result is remembered on return (a memoized def), or NULL; the polls at the
   call and whether the callee's cost is timed on return (vm_memo_cost). */
/* reads0: the program's reads of standard input when the call began (a call that read it is not
   remembered: its result depends on more than its arguments) */
typedef struct VmFrame { int fn; size_t pc; size_t base; const int64_t *memo; uint64_t hash; uint64_t polls0, reads0; bool timed; } VmFrame;

/* Called before a loop over a range (lo..hi) takes its index *i (0-based; slot: the binder's
   frame slot; fn and pc: the function and the loop's instruction, which identify the loop;
   frame: the function's slots, the binder's own not set yet). It may move *i forward (past the
   end: the loop ends). The labelling of moves (solve/labels.c) uses it to jump to the binder
   values that reach the positions it looks for. */
typedef void (*VmIterHook)(void *ctx, int fn, size_t pc, size_t slot, int64_t lo, int64_t hi, uint64_t *i,
                           const Value *frame);

/* Called by GATE, before each combination of a claim's binders (in order) is evaluated: whether
   to take it (VM_GATE_TAKE), skip it (VM_GATE_SKIP: its `when` and condition are not evaluated),
   or end the run as a yield returning nonzero does (VM_GATE_STOP). --jobs hands combinations
   out to worker processes through it (jobs.c). */
typedef enum VmGateAction { VM_GATE_TAKE, VM_GATE_SKIP, VM_GATE_STOP } VmGateAction;
typedef VmGateAction (*VmGate)(void *ctx);

/* What the interpreter asks of the solver (sg(), 'is', outcome(), '==' on positions, the
   winning-move functions). The driver installs it; the interpreter knows no solver. */
typedef struct VmHost {
    void *ctx;
    /* an integer of any size (a generalized value ∞(K): an error); with gamma, the value as text */
    Value (*sg)(void *ctx, const Value *pos, bool gamma, Loc loc);
    char (*outcome)(void *ctx, const Value *pos, Loc loc);
    bool (*same)(void *ctx, const Value *a, const Value *b, Loc loc);
    /* a partizan position's figure (VmPartizan) as a string */
    Value (*partizan)(void *ctx, const Value *pos, int which, Loc loc);
    /* two positions compared as games: '<', '>', '=' or '|' (confused) */
    char (*compare)(void *ctx, const Value *a, const Value *b, Loc loc);
    int64_t (*winning_count)(void *ctx, const Value *pos, bool positions, Loc loc);
    Value (*winning_move)(void *ctx, const Value *pos, int64_t i, Loc loc);
    /* a scoring game's value: the best score difference for the player to move */
    Value (*score)(void *ctx, const Value *pos, Loc loc);
    /* sg() of the position of game g with n (at most VM_SGPOS_MAX) integer arguments, as sg
       would give it, without a position value (SGPOS); NULL: the interpreter makes the position */
    Value (*sg_ints)(void *ctx, int g, const int64_t *args, int n, Loc loc);
} VmHost;
#define VM_SGPOS_MAX 8
/* The figures of a partizan position the host gives (mean(), temperature(), leftstop(), rightstop()). */
enum { VM_PZ_MEAN, VM_PZ_TEMPERATURE, VM_PZ_LEFTSTOP, VM_PZ_RIGHTSTOP };

/* Host calls nest when a canon asks for values that need other canons: this bounds them. */
#define VM_MAX_HOST_DEPTH 64

#define VM_STACK_VALUES ((size_t)1 << 21)
#define VM_MAX_CALLS 100000
/* (where pointers have 32 bits, as in WebAssembly, a quarter: the whole address space is 4 GiB) */
#if SIZE_MAX > 0xffffffffu
#define VM_SCRATCH_BYTES ((size_t)1 << 30)
#else
#define VM_SCRATCH_BYTES ((size_t)1 << 28)
#endif

/* Where the interpreter was when a prog_try began. */
typedef struct VmSnap { size_t sp, nframes, nmarks, scratch; int host_depth; uint64_t fuel; } VmSnap;

struct Vm {
    Program *p;
    Value *stack;
    size_t sp;              /* values in use */
    VmFrame *frames;
    size_t nframes, capframes;
    size_t *marks;
    size_t nmarks, capmarks;
    Scratch scratch;
    VmHost host;
    int host_depth;         /* host calls in progress */
    uint64_t fuel;          /* > 0: loop steps and calls left to a tentative computation (PROG_BUDGET at 0) */
    int yield_tag;          /* the YIELD being handed over: the move's index in its game's items */
    int64_t gain;           /* ... and its gain, in a scoring game (score.h reads both) */
    const int64_t *gain_big;   /* a gain beyond 64 bits: the words of its interned record (else NULL) */
    VmIterHook iter_hook;   /* NULL, or called by every range loop (see VmIterHook) */
    void *iter_ctx;
    VmGate gate;            /* NULL (take every combination), or asked by GATE */
    void *gate_ctx;
    VmSnap *snaps;          /* one per prog_try in progress */
    size_t nsnaps, capsnaps;
    /* results of recursive defs (vm_memo.c): keys (the def's id and its arguments, encoded as a
       position's) and values in their own arena, indexed by open addressing (entry + 1) */
    struct VmMemo *memo;
    /* the components of the last graph asked for them (ncomponents, component): comp_of's */
    const struct Graph *comp_of;
    uint32_t *comp, ncomp;
    size_t capcomp;
    struct VmKernels *kernels;   /* comprehensions' register code, by function and place (vm_kernel_reg.c) */
};

/* GMP values for exact arithmetic beyond 64 bits, in scratch: an error that unwinds past them
   clears them. vm_big_end returns r as a value (a limit error past 2^22 bits) and clears them. */
typedef struct VmBig { size_t mark; mpz_t x, y, r; } VmBig;
VmBig *vm_big_begin(Vm *vm, Loc loc);
Value vm_big_end(Vm *vm, VmBig *t, Loc loc);
/* Clear them without a result. */
void vm_big_drop(Vm *vm, VmBig *t);

Vm *vm_new(Program *p);
void vm_free(Vm *vm);
void vm_set_host(Vm *vm, const VmHost *host);
/* The host's answers, with the nesting bound (a limit error past VM_MAX_HOST_DEPTH). */
Value vm_host_sg(Vm *vm, const Value *pos, bool gamma, Loc loc);
Value vm_host_sg_ints(Vm *vm, int g, const int64_t *args, int n, Loc loc);
char vm_host_outcome(Vm *vm, const Value *pos, Loc loc);
bool vm_host_same(Vm *vm, const Value *a, const Value *b, Loc loc);
char vm_host_compare(Vm *vm, const Value *a, const Value *b, Loc loc);
Value vm_host_partizan(Vm *vm, const Value *pos, int which, Loc loc);
int64_t vm_host_winning_count(Vm *vm, const Value *pos, bool positions, Loc loc);
Value vm_host_winning_move(Vm *vm, const Value *pos, int64_t i, Loc loc);
Value vm_host_score(Vm *vm, const Value *pos, Loc loc);
/* The interpreter's part in prog_try (driver.c registers them): remember the run state, forget
   it, or return to it after an error unwound through the interpreter (scratch memory made since
   is released). */
void vm_try_enter(Vm *vm);
void vm_try_leave(Vm *vm);
void vm_try_fail(Vm *vm);
/* Run function fn on args; the result may point into scratch memory. */
Value vm_call(Vm *vm, int fn, const Value *args, int nargs, VmYield yield, void *ctx);
/* Build a one-component position of game g from args (variadic packing, type checks). */
Value vm_make_pos(Vm *vm, int g, const Value *args, int nargs, Loc loc);
/* Canonical key of a component (the game's canon applied), possibly in scratch; key itself if none. */
const int64_t *vm_canon(Vm *vm, const int64_t *key);
/* Enumerate the moves of component key; cb gets each result (a POS value, possibly empty). */
void vm_enum_moves(Vm *vm, const int64_t *key, VmYield cb, void *ctx);
/* Run the generator whose ITERMAP is at f's code[at] (peep.c: is_map) in the typed kernel
   (vm_kernel.c), its domain on top of the stack and its frame at base: the list in its
   accumulator, the binder's slots as the loop leaves them, the domain popped, the loop's steps
   counted. False (nothing changed) when the interpreter must run the loop as written. */
bool vm_kernel_map(Vm *vm, int fn, const Func *f, size_t at, size_t base);
/* Advance the loop whose NEXTG is at f's code[at] (peep.c: is_guard), frame at base, past the
   values its guard turns down, in the typed kernel: the place to go on at (the body after the
   guard, with the binder set to the value it takes; or the loop's end), the steps of the NEXTs
   passed counted. 0 when the interpreter's NEXT must go on from where the kernel stopped (no code
   for the guard, a value it does not take on, or one whose guard the interpreter must evaluate:
   an error, an overflow); the values passed before that are counted and skipped. */
size_t vm_kernel_guard(Vm *vm, int fn, const Func *f, size_t at, size_t base);
/* The scratch release a loop's NEXT makes (its binder slot at slot; ITER left in slot + 3 the mark,
   and in its n when to release: 1 always, 2 + s while slot s of the frame at base holds a scalar). */
static inline void vm_loop_release(Vm *vm, const Value *st, size_t base, size_t slot)
{
    if (st[slot + 3].u.i < 0) return;
    uint32_t rel = st[slot + 3].n;
    uint8_t t = rel >= 2 ? st[base + rel - 2].t : VT_INT;
    if (t == VT_INT || t == VT_BOOL || t == VT_NONE) scratch_release(&vm->scratch, (size_t)st[slot + 3].u.i);
}
/* Forget the loops decoded for the kernel (vm_kernel_reg.c): a function was compiled again, or
   forgotten. */
void vm_kernel_forget(Vm *vm);
/* Memoized defs (vm_memo.c). Forget every result and which defs are recursive (a definition
   changed). */
void vm_memo_forget(Vm *vm);
/* Forget what is known of functions from index from on (the program forgot them: their indices
   will be used again). */
void vm_memo_forget_fns(Vm *vm, size_t from);
/* Whether calls of def fn are remembered: > 0 when they are (1: it runs a loop, on trial; 2: it
   may call itself, through other defs or directly); -2: it runs a loop, but its calls are too
   cheap to remember (timed still); 0 or -1: not. */
int vm_memo_kind(Vm *vm, int fn);
/* A call of def fn whose kind was 1 or -2 took steps polls: the trial of loop defs (vm_memo.c). */
void vm_memo_cost(Vm *vm, int fn, uint64_t steps);
/* fn read standard input: its calls are never remembered from now on. */
void vm_memo_forbid(Vm *vm, int fn);
/* The key of a call of fn on args in a buffer of the memo's (valid until the next call), with its
   hash; NULL when an argument is of a kind that is not remembered by. */
const int64_t *vm_memo_key(Vm *vm, int fn, const Value *args, int nargs, uint64_t *hash);
/* The remembered result of the call with that key, if there is one. */
bool vm_memo_find(Vm *vm, const int64_t *key, uint64_t hash, Value *out);
/* A lasting copy of a key, to remember the call's result under (NULL: the memo is full). */
const int64_t *vm_memo_keep(Vm *vm, const int64_t *key);
/* Remember the result v (copied) of the call with that key. */
void vm_memo_put(Vm *vm, const int64_t *key, uint64_t hash, const Value *v);
/* Scratch allocation that reports a resource limit at loc when exhausted: the common case
   inline, a big value (it asks the memory budget first) or an exhausted scratch in vm_rt.c. */
void *vm_alloc_slow(Vm *vm, size_t bytes, Loc loc);
static inline void *vm_alloc(Vm *vm, size_t bytes, Loc loc);
/* A value this big asks the memory budget first (--max-memory). */
#define VM_BIG_VALUE ((size_t)16 << 20)
static inline void *vm_alloc(Vm *vm, size_t bytes, Loc loc)
{
    if (bytes < VM_BIG_VALUE) {
        void *m = scratch_alloc(&vm->scratch, bytes);
        if (m) return m;
    }
    return vm_alloc_slow(vm, bytes, loc);
}
/* A budgeted run (fuel set) pays for building a value of this size (a list's elements, a graph's
   vertices and edges): one step per 8, so a tentative search over huge positions stops in time. */
void vm_charge(Vm *vm, uint64_t size, Loc loc);
/* A copy of size words that is kept (a graph derived from another: graphs are interned): charged
   as above, and counted as that much work, so the memory budget is read as copies pile up. */
void vm_charge_copy(Vm *vm, uint64_t size, Loc loc);
/* An error of the program at loc (exit status 1), formatted. */
_Noreturn void vm_fail(Vm *vm, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* A resource limit reached at loc (exit status 3), with msg as its text. */
_Noreturn void vm_fail_limit(Vm *vm, Loc loc, const char *msg);
/* Integers are bounded so that a runaway computation stops with a clear error, not a full memory:
   vm_too_big reports a result past VM_BIG_BITS bits at loc. */
#define VM_BIG_BITS ((size_t)1 << 22)
_Noreturn void vm_too_big(Vm *vm, Loc loc);
/* Checked addition of integers, positions or lists (the IR's ADD), shared with the solver. */
Value vm_add(Vm *vm, Value a, Value b, Loc loc);
/* -a for a position: each partizan component's key made one of its game's negative (Game.neg;
   -(-G) is G); impartial components are their own negatives. Other values are returned as they are. */
Value vm_negate(Vm *vm, Value a, Loc loc);
/* Apply builtin id (builtins.h) to args (builtins.c); errors go through the program's error path. */
Value builtin_call(Vm *vm, int id, Value *args, int nargs, Loc loc);
#endif
