/* peep.c: superinstructions (see peep.h): the sequences a move loop or a generator runs per
   value (two loads, an index, a comparison and its jump, an addition or subtraction, the loop's
   jump back, min or max of two, a list spread into a variadic game, sg() of a position made
   there, a comprehension that copies a slice of a list, or a list but one index) become one
   dispatch each; a generator of integers is run whole by the kernel (vm_kernel.c), and so is the
   guard that starts a loop's body. */
#include "config.h"
#include "peep.h"
#include "builtins.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

static bool is_cmp(int64_t op)
{
    return op == IR_EQ || op == IR_NE || op == IR_LT || op == IR_LE || op == IR_GT || op == IR_GE;
}

/* The fused instruction for a sequence of three or more instructions starting at i (a LOAD, then
   a LOAD or an INT), read off the original code c of n words; -1 when none applies. */
static int64_t fuse3(const int64_t *c, size_t n, size_t i)
{
    /* (i + 5 < n: a comparison's fused form reads the instruction after it, a TRUTH or not) */
    if (i + 5 >= n || c[i] != IR_LOAD || (c[i + 2] != IR_LOAD && c[i + 2] != IR_INT)) return -1;
    bool k = c[i + 2] == IR_INT;
    int64_t op = c[i + 4];
    if (op == IR_INDEX && !k) return IR_LLIDX;
    if (op == IR_ADD || op == IR_SUB) return k ? IR_LKARITH : IR_LLARITH;
    if (!is_cmp(op)) return -1;
    if (i + 6 < n && c[i + 5] == IR_JF) return k ? IR_LKCMPJ : IR_LLCMPJ;
    return k ? IR_LKCMP : IR_LLCMP;
}

/* Whether the n words of c hold a loop head at i whose loop ends at i + len: ITER v 0; NEXT v
   (to i + len). */
static bool loop_head(const int64_t *c, size_t n, size_t i, size_t len)
{
    return i + len <= n && c[i] == IR_ITER && c[i + 2] == 0 && c[i + 3] == IR_NEXT && c[i + 4] == c[i + 1] &&
           c[i + 5] == (int64_t)(i + len);
}

/* Whether the words at b append a[v] to a list accumulator and jump back to the NEXT at next:
   LOAD a; LOAD v; INDEX; FOLD list acc; JMP (a, v and acc three slots). */
static bool appends_elem(const int64_t *c, size_t b, int64_t v, size_t next)
{
    return c[b] == IR_LOAD && c[b + 1] != v && c[b + 2] == IR_LOAD && c[b + 3] == v && c[b + 4] == IR_INDEX &&
           c[b + 5] == IR_FOLD && c[b + 6] == FOLD_LIST && c[b + 7] != v && c[b + 7] != c[b + 1] && c[b + 8] == IR_JMP &&
           c[b + 9] == (int64_t)next;
}

/* Whether the instructions at i are a list comprehension that copies a slice of a list: a loop
   head, then the append (16 words in all). */
static bool is_slice(const int64_t *c, size_t n, size_t i)
{
    return loop_head(c, n, i, 16) && appends_elem(c, i + 6, c[i + 1], i + 3);
}

/* Whether the instructions at i are a list comprehension that copies a list but one index: a
   loop head; LOAD v; LOAD s (or the two the other way round); NE; JF (to the NEXT); the append
   (23 words in all; s is not the accumulator). */
static bool is_skip(const int64_t *c, size_t n, size_t i)
{
    if (!loop_head(c, n, i, 23)) return false;
    int64_t v = c[i + 1], s = c[i + 7] == v ? c[i + 9] : c[i + 7];
    return c[i + 6] == IR_LOAD && c[i + 8] == IR_LOAD && (c[i + 7] == v) != (c[i + 9] == v) && c[i + 10] == IR_NE &&
           c[i + 11] == IR_JF && c[i + 12] == (int64_t)(i + 3) && appends_elem(c, i + 13, v, i + 3) && c[i + 20] != s;
}

/* Whether op (with its operands at c[p + 1..]) is one the typed kernel runs (vm_kernel.c): integer
   arithmetic, comparisons, truth values and their jumps, an index, min or max of two, len and
   abs, a load of anything but the accumulator acc. */
static bool kernel_op(const int64_t *c, size_t p, int64_t acc)
{
    switch (c[p]) {
    case IR_INT: case IR_BOOL: case IR_KONST: case IR_GLOBAL: case IR_ADD: case IR_SUB: case IR_MUL: case IR_DIV:
    case IR_MOD: case IR_POW: case IR_NEG: case IR_NOT: case IR_EQ: case IR_NE: case IR_LT: case IR_LE: case IR_GT:
    case IR_GE: case IR_BAND: case IR_BOR: case IR_BXOR: case IR_SHL: case IR_SHR: case IR_TRUTH: case IR_INDEX:
    case IR_JMP: case IR_JF: case IR_JFK: case IR_JTK:
        return true;
    case IR_LOAD: return c[p + 1] != acc;
    case IR_BUILTIN:
        return ((c[p + 1] == BI_MIN || c[p + 1] == BI_MAX) && c[p + 2] == 2) ||
               ((c[p + 1] == BI_LEN || c[p + 1] == BI_ABS) && c[p + 2] == 1);
    default: return false;
    }
}

/* Whether the instructions at i are a generator the typed kernel runs (vm_kernel.c): a loop head
   whose NEXT ends the loop at e; a body of kernel operations whose jumps stay in it or go to the
   NEXT (a `when` that fails); FOLD kind acc at e - 5 (a list, a sum, min, max, any, all, count
   or a bitwise fold); the jump back at e - 2. */
static bool is_map(const int64_t *c, size_t n, size_t i)
{
    if (i + 6 >= n || c[i] != IR_ITER || c[i + 3] != IR_NEXT || c[i + 4] != c[i + 1]) return false;
    size_t e = (size_t)c[i + 5], next = i + 3, fold = e - 5;
    if (e > n || e < i + 12 || c[fold] != IR_FOLD || c[fold + 2] == c[i + 1] || c[e - 2] != IR_JMP ||
        c[e - 1] != (int64_t)next)
        return false;
    /* a list (its loop releases nothing), or a fold to one integer or truth value (its loop
       releases while the accumulator holds one: ITER's operand 2 + the accumulator's slot) */
    int64_t kind = c[fold + 1];
    if (kind == FOLD_LIST ? c[i + 2] != 0 : (kind < FOLD_SUM || kind > FOLD_BAND || c[i + 2] != 2 + c[fold + 2]))
        return false;
    size_t p = i + 6;
    for (; p < fold; p += 1 + (size_t)ir_op_nargs((int)c[p])) {
        if (!kernel_op(c, p, c[fold + 2])) return false;
        if (c[p] == IR_JMP || c[p] == IR_JF || c[p] == IR_JFK || c[p] == IR_JTK) {
            size_t t = (size_t)c[p + 1];
            if (t != next && (t < i + 6 || t > fold)) return false;
        }
    }
    return p == fold;
}

/* Whether the NEXT at i starts its body with a guard the kernel runs (vm_kernel.c): kernel
   operations up to the first JF back to the NEXT (the `when` of a move or of a comprehension that
   fails), whose jumps go forward and stay in the guard. */
static bool is_guard(const int64_t *c, size_t n, size_t i)
{
    if (i + 3 >= n || c[i] != IR_NEXT) return false;
    size_t reach = 0;   /* the farthest place a jump in the guard goes */
    for (size_t p = i + 3; p < n; p += 1 + (size_t)ir_op_nargs((int)c[p])) {
        if (!kernel_op(c, p, -1)) return false;
        if (c[p] != IR_JMP && c[p] != IR_JF && c[p] != IR_JFK && c[p] != IR_JTK) continue;
        size_t t = (size_t)c[p + 1];
        if (c[p] == IR_JF && t == i) return p > i + 3 && reach <= p;
        if (t <= p) return false;
        if (t > reach) reach = t;
    }
    return false;
}

void peep_func(Func *f)
{
    size_t n = f->ncode;
    if (!n) return;
    int64_t *c = xmalloc(n * sizeof *c);   /* matched on the original, rewritten in f->code */
    memcpy(c, f->code, n * sizeof *c);
    for (size_t i = 0; i < n; i += 1 + (size_t)ir_op_nargs((int)c[i])) {
        int64_t op = c[i], fused = fuse3(c, n, i);
        if (fused >= 0) {
            f->code[i] = fused;
        } else if (op == IR_LOAD && i + 2 < n && c[i + 2] == IR_LOAD && fuse3(c, n, i + 2) < 0) {
            f->code[i] = IR_LL;   /* two loads, unless the second starts a longer sequence */
        } else if (op == IR_JMP) {
            size_t t = (size_t)c[i + 1];
            for (int hops = 0; hops < 8 && t < n && c[t] == IR_JMP; hops++) t = (size_t)c[t + 1];
            f->code[i + 1] = (int64_t)t;
            if (t < n && c[t] == IR_NEXT) f->code[i] = IR_JNEXT;   /* a loop's jump back: its NEXT at once */
        } else if (op == IR_BUILTIN && (c[i + 1] == BI_MIN || c[i + 1] == BI_MAX) && c[i + 2] == 2) {
            f->code[i] = c[i + 1] == BI_MIN ? IR_MIN2 : IR_MAX2;
        } else if (op == IR_SPREAD && i + 3 < n && c[i + 1] == IR_POS && c[i + 3] == -1) {
            f->code[i] = IR_SPREADPOS;
        } else if (op == IR_POS && c[i + 2] >= 0 && i + 5 < n && c[i + 3] == IR_BUILTIN && c[i + 4] == BI_SG &&
                   c[i + 5] == 1) {
            f->code[i] = IR_SGPOS;   /* sg(G(a, b)) */
        } else if (is_slice(c, n, i)) {
            f->code[i] = IR_ITERSLICE;   /* [a[i] for i in lo..hi] */
        } else if (is_skip(c, n, i)) {
            f->code[i] = IR_ITERSKIP;    /* [a[i] for i in lo..hi when i != s] */
        } else if (is_map(c, n, i)) {
            f->code[i] = IR_ITERMAP;     /* [E for v in D when C], or a fold of it, of integers */
        } else if (is_guard(c, n, i)) {
            f->code[i] = IR_NEXTG;       /* a loop whose body starts with a `when` */
        }
    }
    xfree(c);
}
