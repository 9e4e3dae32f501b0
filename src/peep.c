/* peep.c: superinstructions (see peep.h): the sequences a move loop or a generator runs per
   value (two loads, an index, a comparison and its jump, an addition or subtraction, the loop's
   jump back, min or max of two, a list spread into a variadic game, sg() of a position made
   there, a comprehension that copies a slice of a list, or a list but one index) become one
   dispatch each. */
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

/* Whether the instructions at i are a list comprehension that copies a slice of a list:
   ITER v 0; NEXT v end; LOAD a; LOAD v; INDEX; FOLD list acc; JMP (to the NEXT), end just after. */
static bool is_slice(const int64_t *c, size_t n, size_t i)
{
    if (i + 16 > n || c[i] != IR_ITER || c[i + 2] != 0 || c[i + 3] != IR_NEXT) return false;
    int64_t v = c[i + 1];
    return c[i + 4] == v && c[i + 5] == (int64_t)(i + 16) && c[i + 6] == IR_LOAD && c[i + 7] != v &&
           c[i + 8] == IR_LOAD && c[i + 9] == v && c[i + 10] == IR_INDEX && c[i + 11] == IR_FOLD &&
           c[i + 12] == FOLD_LIST && c[i + 13] != v && c[i + 13] != c[i + 7] && c[i + 14] == IR_JMP &&
           c[i + 15] == (int64_t)(i + 3);
}

/* Whether the instructions at i are a list comprehension that copies a list but one index:
   ITER v 0; NEXT v end; LOAD v; LOAD s (or the two the other way round); NE; JF (to the NEXT);
   LOAD a; LOAD v; INDEX; FOLD list acc; JMP (to the NEXT), end just after. */
static bool is_skip(const int64_t *c, size_t n, size_t i)
{
    if (i + 23 > n || c[i] != IR_ITER || c[i + 2] != 0 || c[i + 3] != IR_NEXT) return false;
    int64_t v = c[i + 1], s = c[i + 7] == v ? c[i + 9] : c[i + 7];
    return c[i + 4] == v && c[i + 5] == (int64_t)(i + 23) && c[i + 6] == IR_LOAD && c[i + 8] == IR_LOAD &&
           (c[i + 7] == v) != (c[i + 9] == v) && c[i + 10] == IR_NE && c[i + 11] == IR_JF &&
           c[i + 12] == (int64_t)(i + 3) && c[i + 13] == IR_LOAD && c[i + 14] != v && c[i + 15] == IR_LOAD &&
           c[i + 16] == v && c[i + 17] == IR_INDEX && c[i + 18] == IR_FOLD && c[i + 19] == FOLD_LIST &&
           c[i + 20] != v && c[i + 20] != c[i + 14] && c[i + 20] != s && c[i + 21] == IR_JMP && c[i + 22] == (int64_t)(i + 3);
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
        }
    }
    xfree(c);
}
