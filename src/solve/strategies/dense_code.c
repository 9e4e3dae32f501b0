/* dense_code.c: the table strategy's integer expression code (dense.h): a rule's integer
   expressions compiled to a small stack code (defs inlined), recognised as affine forms or bitmask
   shapes where they are, and evaluated with the language's 64-bit arithmetic (arith.h). */
#include "config.h"
#include "solve/strategies/dense.h"
#include "rules.h"
#include "builtins.h"
#include "arith.h"
#include <stdlib.h>
#include <string.h>

/* A def's parameters while its body is compiled inline: its arguments (compiled where the call
   is: outer), one per parameter slot. */
typedef struct Subst { const Node *const *args; int n; const struct Subst *outer; } Subst;
typedef struct Cc { Program *p; bool ok; int depth, maxdepth; const Subst *sub; int inlined; } Cc;

/* Inlining stops at this depth (a recursive def is not compiled) and past this many instructions. */
#define MAX_INLINE_DEPTH 4
#define MAX_OPS 4096

static bool binary_op(int op)
{
    return (op >= MO_ADD && op <= MO_MOD) || (op >= MO_EQ && op <= MO_MAX) || op == MO_SHL || op == MO_SHR ||
           op == MO_POW;
}

/* Whether a jump lands on the next instruction (which then starts a path of its own). */
static bool jump_target_here(const Ops *o)
{
    for (int i = 0; i < o->n; i++) {
        int op = o->v[i].op;
        if ((op == MO_JF || op == MO_JMP || op == MO_JFK || op == MO_JTK) && o->v[i].a == o->n) return true;
    }
    return false;
}

static void put(Ops *o, int op, int a, int64_t k, const Node *n)
{
    if (o->n && !jump_target_here(o)) {
        MOp *last = &o->v[o->n - 1];
        if (binary_op(op) && !last->rk && (last->op == MO_CONST || last->op == MO_VAR)) {   /* fuse */
            last->rk = last->op == MO_CONST ? 1 : 2;
            last->op = op;
            last->n = n;
            return;
        }
        if (op == MO_TRUTH && ((last->op >= MO_EQ && last->op <= MO_GE) || last->op == MO_NOT || last->op == MO_TRUTH ||
                               last->op == MO_IN))
            return;   /* already 0 or 1 */
    }
    if (o->n == o->cap) {
        o->cap = o->cap ? o->cap * 2 : 8;
        o->v = xrealloc(o->v, (size_t)o->cap * sizeof *o->v);
    }
    o->v[o->n++] = (MOp){ op, a, 0, k, n, NULL };
}

/* The integers of constant n (a name of the program's constants) when it is a list of 64-bit
   integers, else NULL. */
static const Value *const_int_list(const Cc *c, const Node *n)
{
    if (n->kind != N_NAME || n->ref != REF_CONST || !c->p->code.const_ready[n->ref_id]) return NULL;
    const Value *v = &c->p->code.consts[n->ref_id];
    return v->t == VT_LIST && v->strs == LIST_INTS && v->n <= INT32_MAX ? v : NULL;
}

static void depth(Cc *c, int d)
{
    c->depth += d;
    if (c->depth > c->maxdepth) c->maxdepth = c->depth;
    if (c->maxdepth >= EVAL_STACK) c->ok = false;
}

static void cexpr(Cc *c, Ops *o, const Node *n)
{
    if (!c->ok) return;
    if (o->n > MAX_OPS) {
        c->ok = false;
        return;
    }
    switch (n->kind) {
    case N_INT: case N_BOOL: put(o, MO_CONST, 0, n->ival, n); depth(c, 1); return;
    case N_NAME:
        if (n->ref == REF_LOCAL && c->sub) {   /* a parameter of an inlined def: its argument */
            const Subst *sub = c->sub;
            if (n->ref_id < 0 || n->ref_id >= sub->n) { c->ok = false; return; }
            c->sub = sub->outer;
            cexpr(c, o, sub->args[n->ref_id]);
            c->sub = sub;
            return;
        }
        if (n->ref == REF_LOCAL) { put(o, MO_VAR, n->ref_id, 0, n); depth(c, 1); return; }
        if (n->ref == REF_CONST && c->p->code.const_ready[n->ref_id] &&
            (c->p->code.consts[n->ref_id].t == VT_INT || c->p->code.consts[n->ref_id].t == VT_BOOL)) {
            put(o, MO_CONST, 0, c->p->code.consts[n->ref_id].u.i, n);
            depth(c, 1);
            return;
        }
        c->ok = false;
        return;
    case N_UNARY:
        cexpr(c, o, n->a);
        put(o, n->op == OP_NEG ? MO_NEG : MO_NOT, 0, 0, n);
        return;
    case N_BINARY: {
        static const int map[] = { [OP_ADD] = MO_ADD, [OP_SUB] = MO_SUB, [OP_MUL] = MO_MUL, [OP_DIV] = MO_DIV,
            [OP_MOD] = MO_MOD, [OP_POW] = MO_POW, [OP_NEG] = -1, [OP_NOT] = -1, [OP_EQ] = MO_EQ, [OP_NE] = MO_NE,
            [OP_LT] = MO_LT, [OP_LE] = MO_LE, [OP_GT] = MO_GT, [OP_GE] = MO_GE, [OP_BAND] = MO_BAND,
            [OP_BOR] = MO_BOR, [OP_BXOR] = MO_BXOR, [OP_SHL] = MO_SHL, [OP_SHR] = MO_SHR, [OP_IN] = -1 };
        if (n->op == OP_IN && n->b->kind == N_NAME && n->b->ref == REF_CONST && c->p->code.const_ready[n->b->ref_id]) {
            /* membership in a constant set of integers (sorted, each once): a binary search */
            const Value *v = &c->p->code.consts[n->b->ref_id];
            if (v->t != VT_SET || v->strs != LIST_INTS || v->n > INT32_MAX) { c->ok = false; return; }
            cexpr(c, o, n->a);
            put(o, MO_IN, (int)v->n, 0, n);
            if (c->ok) o->v[o->n - 1].tab = v->u.a;
            return;
        }
        int op = map[n->op];
        if (op < 0) { c->ok = false; return; }
        cexpr(c, o, n->a);
        cexpr(c, o, n->b);
        put(o, op, 0, 0, n);
        depth(c, -1);
        return;
    }
    case N_AND: case N_OR: {
        cexpr(c, o, n->a);
        put(o, MO_TRUTH, 0, 0, n->a);
        int j = o->n;
        put(o, n->kind == N_AND ? MO_JFK : MO_JTK, 0, 0, n);
        depth(c, -1);
        cexpr(c, o, n->b);
        put(o, MO_TRUTH, 0, 0, n->b);
        if (c->ok) o->v[j].a = o->n;
        return;
    }
    case N_IF: {
        cexpr(c, o, n->a);
        int jf = o->n;
        put(o, MO_JF, 0, 0, n->a);
        depth(c, -1);
        cexpr(c, o, n->b);
        int je = o->n;
        put(o, MO_JMP, 0, 0, n);
        depth(c, -1);
        if (c->ok) o->v[jf].a = o->n;
        cexpr(c, o, n->c);
        if (c->ok) o->v[je].a = o->n;
        return;
    }
    case N_CALL:
        if (n->ref == REF_BUILTIN && (n->ref_id == BI_MIN || n->ref_id == BI_MAX) && n->list.n >= 2) {
            for (int i = 0; i < n->list.n; i++) {
                if (n->list.v[i]->kind == N_SPLAT) { c->ok = false; return; }
                cexpr(c, o, n->list.v[i]);
                if (i) { put(o, n->ref_id == BI_MIN ? MO_MIN : MO_MAX, 0, 0, n); depth(c, -1); }
            }
            return;
        }
        const Value *lenof = n->ref == REF_BUILTIN && n->ref_id == BI_LEN && n->list.n == 1 ? const_int_list(c, n->list.v[0]) : NULL;
        if (lenof) {   /* len() of a constant list */
            put(o, MO_CONST, 0, lenof->n, n);
            depth(c, 1);
            return;
        }
        if (n->ref == REF_BUILTIN && (n->ref_id == BI_ABS || n->ref_id == BI_POPCOUNT) && n->list.n == 1 &&
            n->list.v[0]->kind != N_SPLAT) {
            cexpr(c, o, n->list.v[0]);
            put(o, n->ref_id == BI_ABS ? MO_ABS : MO_POPCOUNT, 0, 0, n);
            return;
        }
        if (n->ref == REF_DEF && c->inlined < MAX_INLINE_DEPTH) {   /* a def of integer code: inline */
            const Node *d = c->p->code.fns[n->ref_id].ast;
            if (!d || d->variadic || d->nparams != n->list.n) { c->ok = false; return; }
            for (int i = 0; i < n->list.n; i++)
                if (n->list.v[i]->kind == N_SPLAT) { c->ok = false; return; }
            Subst sub = { (const Node *const *)n->list.v, n->list.n, c->sub };
            const Subst *saved = c->sub;
            c->sub = &sub;
            c->inlined++;
            cexpr(c, o, d->a);
            c->inlined--;
            c->sub = saved;
            return;
        }
        c->ok = false;
        return;
    case N_INDEX: {   /* an element of a constant list of integers (out of range: declined) */
        const Value *l = const_int_list(c, n->a);
        if (!l) { c->ok = false; return; }
        cexpr(c, o, n->b);
        put(o, MO_INDEX, (int)l->n, 0, n);
        if (c->ok) o->v[o->n - 1].tab = l->u.a;
        return;
    }
    default:
        c->ok = false;
        return;
    }
}

/* Try to read the code as an affine form: simulate the stack with affine values. */
typedef struct Aff { bool ok; int nt; int64_t c, k[MAX_TERMS]; int slot[MAX_TERMS]; double bound; } Aff;

/* (AFF_VAR_MAX: dense.h) */
#define AFF_SAFE 1.0e17

static bool aff_addterm(Aff *a, int slot, int64_t k)
{
    for (int i = 0; i < a->nt; i++)
        if (a->slot[i] == slot) return !__builtin_add_overflow(a->k[i], k, &a->k[i]);
    if (a->nt == MAX_TERMS) return false;
    a->slot[a->nt] = slot;
    a->k[a->nt++] = k;
    return true;
}

void dense_affine(Ops *o)
{
    Aff st[EVAL_STACK];
    int sp = 0;
    o->affine = false;
    o->cmp = 0;
    for (int i = 0; i < o->n; i++) {
        const MOp *m = &o->v[i];
        if (m->rk == 1) st[sp++] = (Aff){ .ok = true, .c = m->k, .bound = m->k < 0 ? -(double)m->k : (double)m->k };
        else if (m->rk == 2) {
            st[sp] = (Aff){ .ok = true, .bound = (double)AFF_VAR_MAX };
            aff_addterm(&st[sp], m->a, 1);
            sp++;
        }
        switch (m->op) {
        case MO_CONST: st[sp++] = (Aff){ .ok = true, .c = m->k, .bound = m->k < 0 ? -(double)m->k : (double)m->k }; break;
        case MO_VAR: st[sp] = (Aff){ .ok = true, .bound = (double)AFF_VAR_MAX }; aff_addterm(&st[sp], m->a, 1); sp++; break;
        case MO_ADD: case MO_SUB: {
            Aff *a = &st[sp - 2], *b = &st[sp - 1];
            int64_t sign = m->op == MO_ADD ? 1 : -1;
            if (__builtin_add_overflow(a->c, sign * b->c, &a->c) || b->c == INT64_MIN) return;
            for (int j = 0; j < b->nt; j++)
                if (b->k[j] == INT64_MIN || !aff_addterm(a, b->slot[j], sign * b->k[j])) return;
            a->bound += b->bound;
            if (a->bound > AFF_SAFE) return;
            sp--;
            break;
        }
        case MO_MUL: {
            Aff *a = &st[sp - 2], *b = &st[sp - 1];
            if (a->nt && b->nt) return;
            if (a->nt) { Aff t = *a; *a = *b; *b = t; }   /* a is the constant */
            int64_t k = a->c;
            Aff r = { .ok = true, .bound = a->bound * b->bound };
            if (r.bound > AFF_SAFE) return;
            if (__builtin_mul_overflow(b->c, k, &r.c)) return;
            for (int j = 0; j < b->nt; j++) {
                int64_t t;
                if (__builtin_mul_overflow(b->k[j], k, &t) || !aff_addterm(&r, b->slot[j], t)) return;
            }
            *a = r;
            sp--;
            break;
        }
        case MO_NEG: {
            Aff *a = &st[sp - 1];
            if (a->c == INT64_MIN) return;
            a->c = -a->c;
            for (int j = 0; j < a->nt; j++) {
                if (a->k[j] == INT64_MIN) return;
                a->k[j] = -a->k[j];
            }
            break;
        }
        case MO_EQ: case MO_NE: case MO_LT: case MO_LE: case MO_GT: case MO_GE: {
            /* a comparison of two affine forms as the whole code: the difference against 0 */
            Aff *a = &st[sp - 2], *b = &st[sp - 1];
            if (i != o->n - 1 || sp != 2) return;
            if (__builtin_add_overflow(a->c, -b->c, &a->c) || b->c == INT64_MIN) return;
            for (int j = 0; j < b->nt; j++)
                if (b->k[j] == INT64_MIN || !aff_addterm(a, b->slot[j], -b->k[j])) return;
            a->bound += b->bound;
            if (a->bound > AFF_SAFE) return;
            sp--;
            /* as d <= 0, d == 0 or d != 0: d < 0 is d + 1 <= 0, d > 0 is -d + 1 <= 0, d >= 0 is -d <= 0 */
            o->cmp = m->op == MO_EQ || m->op == MO_NE ? m->op : MO_LE;
            if (m->op == MO_GT || m->op == MO_GE) {
                if (a->c == INT64_MIN) return;
                a->c = -a->c;
                for (int j = 0; j < a->nt; j++) {
                    if (a->k[j] == INT64_MIN) return;
                    a->k[j] = -a->k[j];
                }
            }
            if (m->op == MO_LT || m->op == MO_GT) {
                if (a->c == INT64_MAX) return;
                a->c++;
                a->bound += 1;
            }
            break;
        }
        default: return;
        }
    }
    if (sp != 1) return;
    o->affine = true;
    o->c = st[0].c;
    o->nterms = st[0].nt;
    for (int j = 0; j < st[0].nt; j++) { o->k[j] = st[0].k[j]; o->slot[j] = st[0].slot[j]; }
    /* |c| + sum |k| * vmax stays below 2^62, so no partial sum overflows; at least AFF_VAR_MAX
       (the bound above) */
    uint64_t sumk = 0;
    for (int j = 0; j < o->nterms; j++) sumk += o->k[j] < 0 ? -(uint64_t)o->k[j] : (uint64_t)o->k[j];
    uint64_t room = ((uint64_t)1 << 62) - (o->c < 0 ? -(uint64_t)o->c : (uint64_t)o->c);
    o->vmax = sumk ? (int64_t)(room / sumk) : INT64_MAX;
    if (o->vmax < AFF_VAR_MAX) o->vmax = AFF_VAR_MAX;
}

/* (the shapes: dense.h) */

static bool is_var(const MOp *m) { return m->op == MO_VAR && !m->rk; }

static void bit_shape(Ops *o)
{
    o->shape = SH_NONE;
    int n = o->n;
    const MOp *v = o->v;
    if (n >= 2 && v[n - 1].rk == 1 && (v[n - 1].op == MO_EQ || v[n - 1].op == MO_NE)) {
        o->scmp = v[n - 1].op;
        o->sc = v[n - 1].k;
        n--;
    } else {
        o->scmp = 0;
    }
    if (n == 3 && is_var(&v[0]) && v[1].op == MO_SHR && v[1].rk == 2 && v[2].op == MO_BAND && v[2].rk == 1) {
        o->shape = SH_SHR_AND;   /* (x >> y) & K */
        o->sx = v[0].a;
        o->sy = v[1].a;
        o->sk = v[2].k;
    } else if (n == 4 && is_var(&v[0]) && v[1].op == MO_CONST && !v[1].rk && v[2].op == MO_SHL && v[2].rk == 2 &&
               (v[3].op == MO_BAND || v[3].op == MO_BOR || v[3].op == MO_BXOR) && !v[3].rk) {
        o->shape = SH_SHL_OP;    /* x op (K << y) */
        o->sx = v[0].a;
        o->sk = v[1].k;
        o->sy = v[2].a;
        o->sop = v[3].op;
    } else if (n == 3 && v[0].op == MO_CONST && !v[0].rk && v[1].op == MO_SHL && v[1].rk == 2 &&
               (v[2].op == MO_BAND || v[2].op == MO_BOR || v[2].op == MO_BXOR) && v[2].rk == 2) {
        o->shape = SH_SHL_OP;    /* (K << y) op x */
        o->sk = v[0].k;
        o->sy = v[1].a;
        o->sx = v[2].a;
        o->sop = v[2].op;
    } else if (n == 2 && is_var(&v[0]) && v[1].rk == 1 &&
               (v[1].op == MO_BAND || v[1].op == MO_BOR || v[1].op == MO_BXOR || (v[1].op == MO_MOD && v[1].k > 0))) {
        o->shape = SH_OP_K;      /* x op K */
        o->sx = v[0].a;
        o->sk = v[1].k;
        o->sop = v[1].op;
    }
}

bool dense_cexpr_top(Program *p, Ops *o, const Node *n)
{
    Cc c = { p, true, 0, 0, NULL, 0 };
    cexpr(&c, o, n);
    o->node = n;
    if (c.ok) dense_affine(o);
    if (c.ok && !o->affine) bit_shape(o);
    return c.ok;
}

/* The program's error what at n (the text of n quoted). */
static _Noreturn void eval_error(const EvalCtx *ev, const Node *n, const char *what);

static _Noreturn void eval_fail(const EvalCtx *ev, const Node *n, const char *what)
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
            if (st[sp - 1] == INT64_MIN) eval_fail(p, m->n, "integer overflow");
            if (st[sp - 1] < 0) st[sp - 1] = -st[sp - 1];
            break;
        case MO_POW: if ((as = arith_pow(st[sp - 2], st[sp - 1], &r))) eval_arith(p, m->n, as); st[--sp - 1] = r; break;
        /* a negative popcount() argument is the interpreter's error: declined like an overflow */
        case MO_POPCOUNT:
            if (st[sp - 1] < 0) eval_fail(p, m->n, "integer overflow");
            st[sp - 1] = __builtin_popcountll((unsigned long long)st[sp - 1]);
            break;
        case MO_INDEX:
            if (st[sp - 1] < 0 || st[sp - 1] >= m->a) eval_fail(p, m->n, "index out of range");
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
        case MO_TRUTH: st[sp - 1] = st[sp - 1] != 0; break;
        case MO_JF: if (!st[--sp]) i = m->a - 1; break;
        case MO_JMP: i = m->a - 1; break;
        case MO_JFK: if (!st[sp - 1]) i = m->a - 1; else sp--; break;
        case MO_JTK: if (st[sp - 1]) i = m->a - 1; else sp--; break;
        }
    }
    return st[sp - 1];
}
