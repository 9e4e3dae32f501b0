/* dense_eval.c: the table strategy's integer expression code run (dense.h): the stack code with
   the language's 64-bit arithmetic (arith.h), a board's cells and a list's elements set, and the
   errors of the rules (declined, abandoned or reported, as the walk allows). */
#include "config.h"
#include "solve/strategies/dense.h"
#include "arith.h"
#include <stdlib.h>
#include <string.h>

int64_t dense_eval_put(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    int64_t m = vars[BD_M], nr = vars[BD_R], nc = vars[BD_C], row[MAX_CELL_PUTS];
    int64_t cm = (INT64_C(1) << o->cbits) - 1;
    for (int i = 0; i < o->ncput; i++) {
        const struct CellPut *c = &o->cput[i];
        int64_t ri = c->ro, ci = c->co;
        if ((c->rs >= 0 && __builtin_add_overflow(ri, vars[c->rs], &ri)) ||
            (c->cs >= 0 && __builtin_add_overflow(ci, vars[c->cs], &ci)) || (uint64_t)ri >= (uint64_t)nr ||
            (uint64_t)ci >= (uint64_t)nc)
            return dense_eval_code(p, o, vars);   /* out of range: its error */
        row[i] = ri;
        for (int j = 0; j < i; j++)   /* a row written twice: the later write wins (the stack code) */
            if (o->cput[j].grp != c->grp && row[j] == ri) return dense_eval_code(p, o, vars);
        int64_t s = (ri * nc + ci) * o->cbits;
        m = (m & ~(cm << s)) | ((int64_t)c->code << s);
    }
    return m;
}

int64_t dense_eval_lput(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    int64_t m = vars[BD_M], b = vars[BD_R], n = vars[BD_C], mask = (INT64_C(1) << b) - 1;
    for (int i = 0; i < o->ncput; i++) {
        const struct CellPut *c = &o->cput[i];
        int64_t ix = c->ro, x = c->co;
        if ((c->rs >= 0 && __builtin_add_overflow(ix, vars[c->rs], &ix)) || (uint64_t)ix >= (uint64_t)n ||
            (c->cs >= 0 && __builtin_add_overflow(x, vars[c->cs], &x)))
            return dense_eval_code(p, o, vars);   /* its error */
        if (c->vk) {   /* element x plus or minus the slot or constant */
            if ((uint64_t)x >= (uint64_t)n) return dense_eval_code(p, o, vars);
            int64_t e = (vars[BD_M] >> (x * b)) & mask, d = c->xs >= 0 ? vars[c->xs] : c->xo;
            if (c->xneg ? __builtin_sub_overflow(e, d, &x) : __builtin_add_overflow(e, d, &x)) return dense_eval_code(p, o, vars);
        }
        if (x < 0 || (x >> b) != 0) return dense_eval_code(p, o, vars);   /* not in the cell: it declines */
        m = (m & ~(mask << (ix * b))) | (x << (ix * b));
    }
    return m;
}

/* The program's error what at n (the text of n quoted). */
static _Noreturn void eval_error(const EvalCtx *ev, const Node *n, const char *what);
_Noreturn void dense_fail(const EvalCtx *ev, const Node *n, const char *what)
{
    if (ev->spec) longjmp(*ev->spec, 1);
    if (ev->decline && (!strcmp(what, "integer overflow") || !strcmp(what, "index out of range")))
        longjmp(*ev->decline, 1);
    eval_error(ev, n, what);
}

/* An arithmetic status other than ARITH_OK (arith.h): a result beyond 64 bits, or an error the
   interpreter words with the operands (a negative exponent or shift), declines where the
   strategy may; division by zero is the program's error either way. */
static _Noreturn void eval_arith(const EvalCtx *ev, const Node *n, ArithStatus st)
{
    if (ev->spec) longjmp(*ev->spec, 1);
    if (ev->decline && st != ARITH_DIV_ZERO) longjmp(*ev->decline, 1);
    eval_error(ev, n, arith_message(st));
}

static _Noreturn void eval_error(const EvalCtx *ev, const Node *n, const char *what)
{
    Program *p = ev->p;
    char snip[160];
    diag_snippet(&p->diag, n->loc, snip, sizeof snip);
    prog_fail(p, EXIT_COMPILE, n->loc, "%s in '%s'%s", what, snip,
              !strcmp(what, "integer overflow") ? " (integers are 64-bit)" : "");
}

int64_t dense_eval_code(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    int64_t st[EVAL_STACK];
    int sp = 0;
    for (int i = 0; i < o->n; i++) {
        const MOp *m = &o->v[i];
        int64_t r;
        ArithStatus as;
        if (m->rk) st[sp++] = m->rk == 1 ? m->k : vars[m->a];   /* the fused right operand */
        switch (m->op) {
        case MO_CONST: st[sp++] = m->k; break;
        case MO_VAR: st[sp++] = vars[m->a]; break;
        case MO_ADD: if ((as = arith_add(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        case MO_SUB: if ((as = arith_sub(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        case MO_MUL: if ((as = arith_mul(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        case MO_DIV: case MO_MOD:
            if ((as = arith_divmod(st[sp - 2], st[sp - 1], m->op == MO_MOD, &r))) eval_arith(p, m->n, as);
            st[--sp - 1] = r;
            break;
        case MO_NEG: if ((as = arith_neg(st[sp - 1], &r))) eval_arith(p, m->n, as); st[sp - 1] = r; break;
        case MO_NOT: st[sp - 1] = !st[sp - 1]; break;
        case MO_EQ: st[sp - 2] = st[sp - 2] == st[sp - 1]; sp--; break;
        case MO_NE: st[sp - 2] = st[sp - 2] != st[sp - 1]; sp--; break;
        case MO_LT: st[sp - 2] = st[sp - 2] < st[sp - 1]; sp--; break;
        case MO_LE: st[sp - 2] = st[sp - 2] <= st[sp - 1]; sp--; break;
        case MO_GT: st[sp - 2] = st[sp - 2] > st[sp - 1]; sp--; break;
        case MO_GE: st[sp - 2] = st[sp - 2] >= st[sp - 1]; sp--; break;
        case MO_BAND: st[sp - 2] &= st[sp - 1]; sp--; break;
        case MO_BOR: st[sp - 2] |= st[sp - 1]; sp--; break;
        case MO_BXOR: st[sp - 2] ^= st[sp - 1]; sp--; break;
        /* shifts and powers as the interpreter does them (arith.h); a negative amount or
           exponent (the interpreter's error, worded with the operand) declines like an overflow,
           so that memo reports it */
        case MO_SHL: if ((as = arith_shl(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        case MO_SHR: if ((as = arith_shr(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        case MO_MIN: if (st[sp - 1] < st[sp - 2]) st[sp - 2] = st[sp - 1]; sp--; break;
        case MO_MAX: if (st[sp - 1] > st[sp - 2]) st[sp - 2] = st[sp - 1]; sp--; break;
        case MO_ABS:
            if (st[sp - 1] == INT64_MIN) dense_fail(p, m->n, "integer overflow");
            if (st[sp - 1] < 0) st[sp - 1] = -st[sp - 1];
            break;
        case MO_POW: if ((as = arith_pow(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        /* a negative popcount() argument is the interpreter's error: declined like an overflow */
        case MO_POPCOUNT:
            if (st[sp - 1] < 0) dense_fail(p, m->n, "integer overflow");
            st[sp - 1] = __builtin_popcountll((unsigned long long)st[sp - 1]);
            break;
        case MO_INDEX:
            if (st[sp - 1] < 0 || st[sp - 1] >= m->a) dense_fail(p, m->n, "index out of range");
            st[sp - 1] = m->tab[st[sp - 1]];
            break;
        case MO_IN: {
            int64_t x = st[sp - 1];
            int lo = 0, hi = m->a;   /* the first element >= x in tab[lo..hi) */
            while (lo < hi) {
                int mid = lo + (hi - lo) / 2;
                if (m->tab[mid] < x) lo = mid + 1;
                else hi = mid;
            }
            st[sp - 1] = lo < m->a && m->tab[lo] == x;
            break;
        }
        /* a board (DBoard): R * C * bits <= BD_MAX_BITS, so no shift below reaches bit 63 */
        case MO_CELL: {
            int64_t ri = st[sp - 2], c = st[sp - 1], nc = vars[BD_C];
            if ((uint64_t)ri >= (uint64_t)vars[BD_R] || (uint64_t)c >= (uint64_t)nc) dense_fail(p, m->n, "index out of range");
            st[--sp - 1] = (vars[BD_M] >> ((ri * nc + c) * m->a)) & ((INT64_C(1) << m->a) - 1);
            break;
        }
        case MO_ROWLEN:
            if ((uint64_t)st[sp - 1] >= (uint64_t)vars[BD_R]) dense_fail(p, m->n, "index out of range");
            st[sp - 1] = vars[BD_C];
            break;
        case MO_ROWGET: {
            int64_t ri = st[sp - 1], w = vars[BD_C] * m->a;
            if ((uint64_t)ri >= (uint64_t)vars[BD_R]) dense_fail(p, m->n, "index out of range");
            st[sp - 1] = (vars[BD_M] >> (ri * w)) & ((INT64_C(1) << w) - 1);
            break;
        }
        case MO_CELLPUT: {
            int64_t c = st[sp - 1];
            if ((uint64_t)c >= (uint64_t)vars[BD_C]) dense_fail(p, m->n, "index out of range");
            int64_t s = c * m->a, row = st[sp - 2];
            st[--sp - 1] = (row & ~(((INT64_C(1) << m->a) - 1) << s)) | (m->k << s);
            break;
        }
        case MO_ROWPUT: {
            int64_t ri = st[sp - 2], w = vars[BD_C] * m->a;
            if ((uint64_t)ri >= (uint64_t)vars[BD_R]) dense_fail(p, m->n, "index out of range");
            int64_t s = ri * w;
            st[sp - 3] = (st[sp - 3] & ~(((INT64_C(1) << w) - 1) << s)) | (st[sp - 1] << s);
            sp -= 2;
            break;
        }
        case MO_ELEM: {   /* a list of integers: its width in BD_R, its length in BD_C */
            int64_t ix = st[sp - 1], b = vars[BD_R];
            if ((uint64_t)ix >= (uint64_t)vars[BD_C]) dense_fail(p, m->n, "index out of range");
            st[sp - 1] = (vars[BD_M] >> (ix * b)) & ((INT64_C(1) << b) - 1);
            break;
        }
        case MO_ELEMSET: {
            int64_t ix = st[sp - 2], v = st[sp - 1], b = vars[BD_R];
            if ((uint64_t)ix >= (uint64_t)vars[BD_C]) dense_fail(p, m->n, "index out of range");
            if (v < 0 || (v >> b) != 0) dense_fail(p, m->n, "integer overflow");   /* not in the cell: declined */
            st[sp - 3] = (st[sp - 3] & ~(((INT64_C(1) << b) - 1) << (ix * b))) | (v << (ix * b));
            sp -= 2;
            break;
        }
        case MO_WELEM: {   /* a window of p->row: its offset and length in W_OFF, W_LEN */
            int64_t ix = st[sp - 1];
            if ((uint64_t)ix >= (uint64_t)vars[W_LEN]) dense_fail(p, m->n, "index out of range");
            st[sp - 1] = p->row[vars[W_OFF] + ix];
            break;
        }
        case MO_WSUM: {   /* elements lo..hi of the window: a difference of the row's running sums */
            int64_t lo = st[sp - 2], hi = st[sp - 1];
            if (hi < lo) {
                st[--sp - 1] = 0;
                break;
            }
            if (lo < 0 || hi >= vars[W_LEN]) dense_fail(p, m->n, "index out of range");
            __int128 d = p->rsum[vars[W_OFF] + hi + 1] - p->rsum[vars[W_OFF] + lo];
            if (d > INT64_MAX || d < INT64_MIN) dense_fail(p, m->n, "integer overflow");
            st[--sp - 1] = (int64_t)d;
            break;
        }
        case MO_TRUTH: st[sp - 1] = st[sp - 1] != 0; break;
        case MO_JF: if (!st[--sp]) i = m->a - 1; break;
        case MO_JMP: i = m->a - 1; break;
        case MO_JFK: if (!st[sp - 1]) i = m->a - 1; else sp--; break;
        case MO_JTK: if (st[sp - 1]) i = m->a - 1; else sp--; break;
        }
    }
    return st[sp - 1];
}
