/* dense.c: the table strategy. A ruleset is recognised on its checked syntax tree when its
   positions are 1-3 integers and every move is integer arithmetic over ranges (binders over
   a..b, lets, guards) leading to a sum of positions of the same game. Such a game is compiled to
   a small integer expression code and solved by an explicit-stack search over a dense array of
   SG values: no interpreter values, no keys, no hashing. Anything else is left to memo. */
#include "config.h"
#include "key.h"
#include "solve/solve.h"
#include "solve/core/cellmap.h"
#include "ast.h"
#include "canonform.h"
#include "builtins.h"
#include "arith.h"
#include <setjmp.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

/* ---- integer expression code ------------------------------------------------- */

typedef enum MOpCode {
    MO_CONST, MO_VAR, MO_ADD, MO_SUB, MO_MUL, MO_DIV, MO_MOD, MO_NEG, MO_NOT, MO_EQ, MO_NE, MO_LT,
    MO_LE, MO_GT, MO_GE, MO_BAND, MO_BOR, MO_BXOR, MO_MIN, MO_MAX, MO_ABS, MO_TRUTH, MO_JF, MO_JMP,
    MO_JFK, MO_JTK, MO_SHL, MO_SHR, MO_POW, MO_POPCOUNT, MO_INDEX, MO_IN
} MOpCode;

/* An instruction. rk: a binary operation's right operand comes with it (1: the constant k, 2:
   the variable a) instead of from the stack: a constant or variable pushed just before it is
   fused into it, which saves a dispatch. */
typedef struct MOp { int op; int a; int rk; int64_t k; const Node *n; const int64_t *tab; } MOp;
/* An expression; when it is affine (c + sum of k * variable, at most MAX_TERMS terms) it is
   evaluated in that form, without the stack code. */
#define MAX_TERMS 4
typedef struct Ops {
    MOp *v;
    int n, cap;
    bool affine;
    int cmp;                /* affine: 0, or the comparison of the form with 0 (MO_LE, MO_EQ, MO_NE) */
    int nterms;
    int64_t c, k[MAX_TERMS];
    int slot[MAX_TERMS];
    int64_t vmax;           /* affine: variables up to this magnitude cannot overflow the form */
    /* not affine: a bitmask idiom evaluated at once (shape, see bit_shape), x op K or x op (K << y)
       compared with C (cmp: 0, MO_EQ or MO_NE); the stack code where it would fail or differ */
    int shape, sop, scmp, sx, sy;
    int64_t sk, sc;
    const Node *node;       /* for overflow messages */
} Ops;

#define MAX_RULES 32
#define MAX_BINDERS 8
#define MAX_CLAUSES 16
#define MAX_COMPS 8
/* Parameters of a compiled game (coordinates of its cells). */
#define DNP 6
_Static_assert(DNP <= CM_MAXP, "the map holds a cell's coordinates");
#define EVAL_STACK 32

/* A clause; a guard on the innermost binder i that can be read for every i in 0..63 at once has
   a bit kind (bk): BK_ZERO `(x >> i) & K == 0` or `x & (K << i) == 0` (either way round), and
   BK_NONZERO the same with `!=` (x not i), from x's bits; BK_BINDER, a guard of i alone (affine
   or a shape: `i % 4 != 3`), whose values for i in 0..63 are bmask. */
enum { BK_NONE, BK_ZERO, BK_NONZERO, BK_BINDER };
typedef struct DClause {
    bool let;
    int slot;
    Ops e;
    int bk;
    uint64_t bmask;
    bool inv;            /* does not read the innermost binder (see invariants) */
} DClause;
typedef struct DRule {
    int nb;
    int slot[MAX_BINDERS];
    Ops lo[MAX_BINDERS], hi[MAX_BINDERS];
    /* a binder over a literal set or list of integers ({1, 3, 4}): its values (set[i] NULL: a
       range lo..hi) */
    int64_t *set[MAX_BINDERS];
    int nset[MAX_BINDERS];
    /* the leading guards (before any let) that bound the innermost binder: an affine d <= 0
       whose binder coefficient is +1 (an upper bound) or -1 (a lower bound); while the other
       variables stay within the form's vmax they narrow its loop instead of being evaluated per
       value (the clauses from nhoist on are evaluated as usual) */
    int nhoist;
    int ncl;
    DClause cl[MAX_CLAUSES];
    int ncomp;
    Ops arg[MAX_COMPS][DNP];
    bool fast;           /* no clauses and affine arguments: the innermost loop steps the arguments */
    bool args_affine;    /* every argument affine: the innermost loop may step them (fast_range) */
    /* a stencil (two coordinates, no canon): one binder over a literal set whose clauses are all
       hoisted bounds, one component with affine arguments; option x is the cell (A + sda * x,
       B + sdb * x), A and B the arguments at x = 0 (see stencil) */
    bool sten;
    int64_t sda, sdb;
    /* a stencil's hoisted bounds hk * x + hc + ha * a + hb * b <= 0 (hk 1 or -1; the coordinates
       a and b within hv) */
    int64_t hk[MAX_CLAUSES], hc[MAX_CLAUSES], ha[MAX_CLAUSES], hb[MAX_CLAUSES], hv[MAX_CLAUSES];
} DRule;

typedef struct DenseGame {
    int gid, np, nlocals;
    int nrules;
    DRule *rules;        /* one per move (12 KB each: not MAX_RULES of them in every game) */
    bool canon;
    bool record;         /* a rule is not fast: a cell's options are recorded on its first walk */
    /* a subtraction game among the flat ones: every rule one component n - sub[i] under guards
       n >= c; from sub_from on (up to flat_max) every rule applies (nsub 0: not this shape) */
    int nsub;
    int64_t sub[MAX_RULES], sub_from;
    int64_t flat_max;    /* > 0: one coordinate, rules without binders or lets whose guards and
                            arguments are affine in it: the fill reads them directly up to here */
    int sort;            /* canon recognised as sorting the parameters: 1 ascending, -1 descending */
    Ops canon_arg[DNP];
    /* the table: UNK, ONPATH, or the SG value; TERM marks terminal positions. A dense cell holds
       the complement of its value (~v), so zeroed memory is all unknown and a new table needs no
       pass of its own. Dense (val, dim)
       until it would be mostly empty, then sparse (map; dim stays 0, so every direct read is out
       of bounds and goes through visit()) */
    uint32_t *val;
    size_t dim[DNP];
    bool sparse;
    CellMap map;
    size_t solved;
    /* search state, owned here so that an error unwinding the search leaks nothing */
    int64_t *vars;
    /* the search stack: a cell, and where its recorded options start (NOREC: not recorded) */
    struct DStack { struct DEntry { int64_t c[DNP]; size_t rec; } *v; size_t n, cap; } ds;
    /* options recorded on a cell's first walk, so that its value once they are solved needs no
       second walk: per move its component count, then each component's np coordinates */
    int64_t *rv;
    size_t rn, rcap;
} DenseGame;

/* Tables beyond this many cells are declined (memo answers instead). */
#define DENSE_TABLE_CELLS ((size_t)1 << 26)

/* The strategy's state: each game's compiled form (NULL when not recognised), once analysed. */
typedef struct Dense {
    DenseGame **games;
    bool *tried;
    size_t n;
    Mex mex;
} Dense;

#define V_UNK 0xFFFFFFFFu
_Static_assert(V_UNK == CM_NONE, "an unknown cell is one the map does not have");
#define V_ONPATH 0xFFFFFFFEu
#define V_TERM 0x80000000u     /* flag on a solved value: the position has no moves */
#define V_MASK 0x7FFFFFFFu

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
    if (n->kind != N_NAME || n->ref != REF_CONST || !c->p->const_ready[n->ref_id]) return NULL;
    const Value *v = &c->p->consts[n->ref_id];
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
        if (n->ref == REF_CONST && c->p->const_ready[n->ref_id] &&
            (c->p->consts[n->ref_id].t == VT_INT || c->p->consts[n->ref_id].t == VT_BOOL)) {
            put(o, MO_CONST, 0, c->p->consts[n->ref_id].u.i, n);
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
        if (n->op == OP_IN && n->b->kind == N_NAME && n->b->ref == REF_CONST && c->p->const_ready[n->b->ref_id]) {
            /* membership in a constant set of integers (sorted, each once): a binary search */
            const Value *v = &c->p->consts[n->b->ref_id];
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
            const Node *d = c->p->fns[n->ref_id].ast;
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

/* The affine form is used only while every variable is at most AFF_VAR_MAX in magnitude, and only
   for code whose every intermediate value is then provably below AFF_SAFE: in that range neither
   the stack code nor the affine form can overflow, so both give the same exact integer. */
#define AFF_VAR_MAX ((int64_t)1 << 20)
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

static void affine(Ops *o)
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

/* Bitmask idioms (shapes) the stack code is read as: (x >> y) & K, x & (K << y), x | (K << y),
   x ^ (K << y), x & K, x % K (K > 0), each alone or compared (== or !=) with a constant C; x and y
   variables. */
enum { SH_NONE, SH_SHR_AND, SH_SHL_OP, SH_OP_K };

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

static bool cexpr_top(Program *p, Ops *o, const Node *n)
{
    Cc c = { p, true, 0, 0, NULL, 0 };
    cexpr(&c, o, n);
    o->node = n;
    if (c.ok) affine(o);
    if (c.ok && !o->affine) bit_shape(o);
    return c.ok;
}

/* What the integer code runs for: the program (its messages); during the bottom-up fill, where
   an error returns to instead (the fill stops there; nothing is reported); during a search, where
   an overflow returns to (the table declines: the language's integers have any size). */
typedef struct EvalCtx { Program *p; jmp_buf *spec, *decline; } EvalCtx;

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

/* Evaluate o over the slots vars (integers; conditions are 0 or 1). */
static int64_t eval_code(const EvalCtx *p, const Ops *o, const int64_t *vars);

/* A shape's value (see bit_shape), or the stack code's where a shift leaves 0..63 or loses bits. */
static inline __attribute__((always_inline)) int64_t eval_shape(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    int64_t x = vars[o->sx], r;
    switch (o->shape) {
    case SH_SHR_AND: {
        int64_t y = vars[o->sy];
        if ((uint64_t)y > 63) return eval_code(p, o, vars);
        r = (x >> y) & o->sk;
        break;
    }
    case SH_SHL_OP: {
        int64_t y = vars[o->sy];
        if ((uint64_t)y > 63) return eval_code(p, o, vars);
        int64_t t = (int64_t)((uint64_t)o->sk << y);
        if ((t >> y) != o->sk) return eval_code(p, o, vars);
        r = o->sop == MO_BAND ? x & t : o->sop == MO_BOR ? x | t : x ^ t;
        break;
    }
    default:
        if (o->sop == MO_MOD) {   /* the floor's remainder; by a power of two, the low bits (negative x too) */
            if (!(o->sk & (o->sk - 1))) {
                r = x & (o->sk - 1);
            } else {
                r = x % o->sk;
                if (r < 0) r += o->sk;
            }
        } else {
            r = o->sop == MO_BAND ? x & o->sk : o->sop == MO_BOR ? x | o->sk : x ^ o->sk;
        }
        break;
    }
    if (!o->scmp) return r;
    return (o->scmp == MO_EQ) == (r == o->sc);
}

static inline __attribute__((always_inline)) int64_t eval(const EvalCtx *p, const Ops *o, const int64_t *vars)
{
    if (!o->affine) return o->shape ? eval_shape(p, o, vars) : eval_code(p, o, vars);
    int64_t r = o->c;
    for (int j = 0; j < o->nterms; j++) {
        int64_t x = vars[o->slot[j]];
        if (__builtin_expect(x > o->vmax || x < -o->vmax, 0)) return eval_code(p, o, vars);
        r += o->k[j] * x;   /* cannot overflow: see vmax */
    }
    if (__builtin_expect(!o->cmp, 1)) return r;
    return o->cmp == MO_LE ? r <= 0 : (o->cmp == MO_EQ) == (r == 0);
}

static int64_t eval_code(const EvalCtx *p, const Ops *o, const int64_t *vars)
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

/* ---- recognition ------------------------------------------------------------- */

static bool comps(Program *p, DRule *r, const Node *n, int gid, int np)
{
    if (n->kind == N_INT && n->ival == 0) return true;
    if (n->kind == N_BINARY && n->op == OP_ADD) return comps(p, r, n->a, gid, np) && comps(p, r, n->b, gid, np);
    if (n->kind != N_CALL || n->ref != REF_GAME || n->ref_id != gid || n->list.n != np || r->ncomp == MAX_COMPS)
        return false;
    for (int i = 0; i < np; i++) {
        if (n->list.v[i]->kind == N_SPLAT || !cexpr_top(p, &r->arg[r->ncomp][i], n->list.v[i])) return false;
    }
    r->ncomp++;
    return true;
}

/* A guard as clauses: `a and b` is the clause a then the clause b (each may then be affine). */
static bool guard(Program *p, DRule *r, const Node *e)
{
    if (e->kind == N_AND) return guard(p, r, e->a) && guard(p, r, e->b);
    if (r->ncl == MAX_CLAUSES) return false;
    r->cl[r->ncl].let = false;
    return cexpr_top(p, &r->cl[r->ncl++].e, e);
}

/* The integers of a literal set or list ({1, 3, 4}, [2, -1]: integer literals, negated ones
   too), each once, ascending (the order does not matter to a value): false for anything else. */
static bool literal_set(const Node *e, int64_t **out, int *n)
{
    int64_t *v = xmalloc(((size_t)e->list.n + 1) * sizeof *v);
    int k = 0;
    for (int i = 0; i < e->list.n; i++) {
        const Node *x = e->list.v[i];
        int64_t y;
        if (x->kind == N_INT) y = x->ival;
        else if (x->kind == N_UNARY && x->op == OP_NEG && x->a->kind == N_INT && x->a->ival != INT64_MIN) y = -x->a->ival;
        else {
            free(v);
            return false;
        }
        bool seen = false;
        for (int j = 0; j < k && !seen; j++) seen = v[j] == y;
        if (!seen) v[k++] = y;
    }
    for (int i = 1; i < k; i++)   /* ascending: a bound on the binder cuts the loop short */
        for (int j = i; j > 0 && v[j] < v[j - 1]; j--) { int64_t t = v[j]; v[j] = v[j - 1]; v[j - 1] = t; }
    *out = v;
    *n = k;
    return true;
}

/* The same for a binder over a constant of the program that is a list or set of 64-bit integers
   (`const S = {1, 3, 4}; ... k in S`): false for anything else. */
static bool const_set(const Program *p, const Node *e, int64_t **out, int *n)
{
    if (e->kind != N_NAME || e->ref != REF_CONST || !p->const_ready[e->ref_id]) return false;
    const Value *c = &p->consts[e->ref_id];
    if ((c->t != VT_LIST && c->t != VT_SET) || c->strs != LIST_INTS || c->n > ((uint32_t)1 << 24)) return false;
    int64_t *v = xmalloc(((size_t)c->n + 1) * sizeof *v);
    if (c->n) memcpy(v, c->u.a, c->n * sizeof *v);
    *out = v;
    *n = (int)util_sort_unique_i64(v, c->n);   /* ascending, each once */
    return true;
}

/* Whether clause cl is a guard that bounds the binder in slot: d <= 0, affine, with the binder's
   coefficient +1 or -1. */
static bool hoistable(const DClause *cl, int slot)
{
    if (cl->let || !cl->e.affine || cl->e.cmp != MO_LE) return false;
    for (int j = 0; j < cl->e.nterms; j++)
        if (cl->e.slot[j] == slot) return cl->e.k[j] == 1 || cl->e.k[j] == -1;
    return false;
}

static inline __attribute__((always_inline)) int64_t eval(const EvalCtx *p, const Ops *o, const int64_t *vars);

/* Whether code o reads the variable in slot. */
static bool reads_slot(const Ops *o, int slot)
{
    for (int i = 0; i < o->n; i++)
        if ((o->v[i].op == MO_VAR || o->v[i].rk == 2) && o->v[i].a == slot) return true;
    return false;
}

/* The bit kind of guard cl on the binder in slot (see DClause). */
static void bit_kind(Program *p, DClause *cl, int slot)
{
    const Ops *o = &cl->e;
    cl->bk = BK_NONE;
    if (cl->let) return;
    if ((o->shape == SH_SHR_AND || (o->shape == SH_SHL_OP && o->sop == MO_BAND)) && o->sy == slot && o->sx != slot &&
        o->sc == 0 && o->scmp) {
        cl->bk = o->scmp == MO_EQ ? BK_ZERO : BK_NONZERO;
        return;
    }
    /* i alone, in a form that evaluates without a failure: its values for i = 0..63 */
    bool alone = false;
    if (o->affine) {
        alone = true;
        for (int j = 0; j < o->nterms; j++) alone &= o->slot[j] == slot;
    } else if (o->shape == SH_OP_K) {
        alone = o->sx == slot;
    }
    if (!alone) return;
    int64_t *vars = xcalloc((size_t)slot + 1, sizeof *vars);
    EvalCtx ev = { p, NULL, NULL };
    cl->bmask = 0;
    for (int i = 0; i < 64; i++) {
        vars[slot] = i;
        if (eval(&ev, o, vars)) cl->bmask |= (uint64_t)1 << i;
    }
    free(vars);
    cl->bk = BK_BINDER;
}

static int64_t coef(const Ops *o, int slot);

static bool rule(Program *p, DRule *r, const Node *m, int gid, int np)
{
    if (m->list.n > MAX_BINDERS || m->list2.n > MAX_CLAUSES) return false;
    r->nb = m->list.n;
    for (int i = 0; i < m->list.n; i++) {
        const Node *b = m->list.v[i];
        r->slot[i] = b->ref_id;
        if (b->a->kind == N_SET || b->a->kind == N_LIST) {
            if (!literal_set(b->a, &r->set[i], &r->nset[i])) return false;
            continue;
        }
        if (const_set(p, b->a, &r->set[i], &r->nset[i])) continue;
        if (b->a->kind != N_RANGE) return false;
        if (!cexpr_top(p, &r->lo[i], b->a->a) || !cexpr_top(p, &r->hi[i], b->a->b)) return false;
    }
    r->ncl = 0;
    for (int i = 0; i < m->list2.n; i++) {
        const Node *c = m->list2.v[i];
        if (c->kind == N_LET) {
            if (r->ncl == MAX_CLAUSES) return false;
            r->cl[r->ncl].let = true;
            r->cl[r->ncl].slot = c->ref_id;
            if (!cexpr_top(p, &r->cl[r->ncl++].e, c->a)) return false;
        } else if (!guard(p, r, c->a)) {
            return false;
        }
    }
    if (!comps(p, r, m->a, gid, np)) return false;
    r->nhoist = 0;
    while (r->nb > 0 && r->nhoist < r->ncl && hoistable(&r->cl[r->nhoist], r->slot[r->nb - 1])) r->nhoist++;
    for (int i = 0; r->nb > 0 && !r->set[r->nb - 1] && i < r->ncl; i++) bit_kind(p, &r->cl[i], r->slot[r->nb - 1]);
    for (int i = 0; r->nb > 0 && i < r->ncl; i++) r->cl[i].inv = !reads_slot(&r->cl[i].e, r->slot[r->nb - 1]);
    bool args = true;
    for (int i = 0; i < r->ncomp; i++)
        for (int k = 0; k < np; k++)
            if (!r->arg[i][k].affine || r->arg[i][k].cmp) args = false;
    r->fast = args && r->nb > 0 && r->ncl == 0 && !r->set[r->nb - 1];
    r->args_affine = args;
    int ns = r->nb == 1 && r->set[0] ? r->nset[0] : 0;
    r->sten = np == 2 && args && ns > 0 && r->nhoist == r->ncl && r->ncomp == 1 && r->set[0][0] >= -AFF_VAR_MAX &&
              r->set[0][ns - 1] <= AFF_VAR_MAX;
    for (int i = 0; r->sten && i < r->nhoist; i++) {   /* each bound over the binder and the coordinates only */
        const Ops *o = &r->cl[i].e;
        int seen = 0;
        for (int j = 0; j < o->nterms; j++) seen += o->slot[j] == r->slot[0] || o->slot[j] == 0 || o->slot[j] == 1;
        r->sten = seen == o->nterms;
        r->hk[i] = coef(o, r->slot[0]);
        r->hc[i] = o->c;
        r->ha[i] = coef(o, 0);
        r->hb[i] = coef(o, 1);
        r->hv[i] = o->vmax;
    }
    if (r->sten) {
        r->sda = coef(&r->arg[0][0], r->slot[0]);
        r->sdb = coef(&r->arg[0][1], r->slot[0]);
    }
    return true;
}

/* 1 if the canon is (min(a, b), max(a, b)) of the two parameters, -1 for (max, min), else 0. */
/* Coordinates in the order of a sorting canon (g->sort: 1 ascending, -1 descending). */
static inline void sort_coords(int sort, int np, int64_t *c)
{
    int64_t t;
#define SORT_CMP(i, j) if ((sort > 0) == (c[i] > c[j])) { t = c[i]; c[i] = c[j]; c[j] = t; }
    if (np == 4) {   /* a sorting network, without branches */
#define CSWAP(i, j)                                                             \
        do {                                                                    \
            int64_t x_ = c[i], y_ = c[j];                                       \
            bool s_ = (sort > 0) == (x_ > y_);                                  \
            c[i] = s_ ? y_ : x_;                                                \
            c[j] = s_ ? x_ : y_;                                                \
        } while (0)
        CSWAP(0, 1);
        CSWAP(2, 3);
        CSWAP(0, 2);
        CSWAP(1, 3);
        CSWAP(1, 2);
#undef CSWAP
        return;
    }
    if (np > 3) {   /* insertion sort */
        for (int i = 1; i < np; i++)
            for (int j = i; j > 0; j--) SORT_CMP(j - 1, j) else break;
        return;
    }
    SORT_CMP(0, 1);
    if (np == 3) {
        SORT_CMP(1, 2);
        SORT_CMP(0, 1);
    }
#undef SORT_CMP
}

static void free_ops(Ops *o) { free(o->v); o->v = NULL; o->n = o->cap = 0; }

/* The dimensions a table of g spans: its coordinates, and at least three (those past np are 1). */
static inline int ndims(const DenseGame *g) { return g->np > 3 ? g->np : 3; }

/* The cells of g's dense table (0: none yet). */
static size_t table_cells(const DenseGame *g)
{
    size_t n = 1;
    for (int i = 0; i < ndims(g); i++) n *= g->dim[i];
    return n;
}

/* The dense table (a mapping of its own: util_map_zero) freed; no table. */
static void drop_table(DenseGame *g)
{
    if (g->val) util_unmap(g->val, table_cells(g) * sizeof *g->val);
    g->val = NULL;
    memset(g->dim, 0, sizeof g->dim);
}

static void free_game(DenseGame *g)
{
    for (int i = 0; i < g->nrules; i++) {
        DRule *r = &g->rules[i];
        for (int j = 0; j < MAX_BINDERS; j++) { free_ops(&r->lo[j]); free_ops(&r->hi[j]); free(r->set[j]); }
        for (int j = 0; j < MAX_CLAUSES; j++) free_ops(&r->cl[j].e);
        for (int j = 0; j < MAX_COMPS; j++)
            for (int k = 0; k < DNP; k++) free_ops(&r->arg[j][k]);
    }
    free(g->rules);
    for (int k = 0; k < DNP; k++) free_ops(&g->canon_arg[k]);
    drop_table(g);
    free(g->rv);
    cm_free(&g->map);
    free(g->vars);
    free(g->ds.v);
    free(g);
}

/* Whether o is affine in the coordinate (slot 0) alone; *lim: the least magnitude it allows. */
static bool flat_form(const Ops *o, int64_t *lim)
{
    if (!o->affine) return false;
    for (int j = 0; j < o->nterms; j++)
        if (o->slot[j] != 0) return false;
    if (o->vmax < *lim) *lim = o->vmax;
    return true;
}

/* The largest coordinate up to which fill_flat may read the rules directly (0: not at all). */
static int64_t flat_limit(const DenseGame *g)
{
    if (g->np != 1 || g->canon) return 0;
    int64_t lim = INT64_MAX;
    for (int i = 0; i < g->nrules; i++) {
        const DRule *r = &g->rules[i];
        if (r->nb || r->ncomp < 1) return 0;
        for (int j = 0; j < r->ncl; j++)
            if (r->cl[j].let || !flat_form(&r->cl[j].e, &lim)) return 0;
        for (int j = 0; j < r->ncomp; j++)
            if (!flat_form(&r->arg[j][0], &lim)) return 0;
    }
    return lim;
}

/* Whether the flat game g is a subtraction game as sub_from/sub describe (see DenseGame). */
static void sub_shape(DenseGame *g)
{
    g->nsub = 0;
    if (g->flat_max <= 0 || g->nrules < 1) return;
    int64_t from = 0;
    for (int i = 0; i < g->nrules; i++) {
        const DRule *r = &g->rules[i];
        const Ops *a = &r->arg[0][0];
        if (r->ncomp != 1 || a->cmp || a->nterms != 1 || a->k[0] != 1 || a->c >= 0 || a->c == INT64_MIN) return;
        for (int j = 0; j < r->ncl; j++) {   /* -n + c <= 0: n >= c */
            const Ops *c = &r->cl[j].e;
            if (c->cmp != MO_LE || c->nterms != 1 || c->k[0] != -1) return;
            if (c->c > from) from = c->c;
        }
        if (-a->c > from) from = -a->c;
        g->sub[i] = -a->c;
    }
    g->nsub = g->nrules;
    g->sub_from = from;
}

static DenseGame *analyse(Program *p, int gid)
{
    Game *G = &p->games[gid];
    const Node *ast = G->ast;
    if (!ast || G->variadic || G->nparams < 1 || G->nparams > DNP) return NULL;
    DenseGame *g = xcalloc(1, sizeof *g);
    g->gid = gid;
    g->np = G->nparams;
    g->nlocals = G->nlocals;
    g->vars = xcalloc((size_t)g->nlocals + 3, sizeof *g->vars);
    int nmoves = 0;
    for (int i = 0; i < ast->list.n; i++) nmoves += ast->list.v[i]->kind != N_CANON;
    g->rules = xcalloc(nmoves < MAX_RULES ? (size_t)nmoves + 1 : MAX_RULES, sizeof *g->rules);
    bool ok = true;
    for (int i = 0; i < ast->list.n && ok; i++) {
        const Node *m = ast->list.v[i];
        if (m->kind == N_CANON) {
            g->canon = true;
            CanonForm cf = canonform_of(ast, g->np, false);
            if (cf == CF_SORT_UP || cf == CF_SORT_DOWN) {   /* coordinates sorted natively */
                g->sort = cf == CF_SORT_UP ? 1 : -1;
                continue;
            }
            if (m->list.n != g->np) ok = false;
            for (int k = 0; k < m->list.n && ok; k++)
                ok = m->list.v[k]->kind != N_SPLAT && cexpr_top(p, &g->canon_arg[k], m->list.v[k]);
            continue;
        }
        if (g->nrules == MAX_RULES) { ok = false; break; }
        ok = rule(p, &g->rules[g->nrules++], m, gid, g->np);
    }
    if (!ok) {
        free_game(g);
        return NULL;
    }
    for (int i = 0; i < g->nrules; i++) g->record |= !g->rules[i].fast;   /* fast rules walk again cheaply */
    for (int i = 0; i < g->nrules; i++) g->rules[i].sten &= !g->canon;
    g->flat_max = flat_limit(g);
    sub_shape(g);
    return g;
}

static DenseGame *game_of(Dense *d, Program *p, int gid)
{
    if ((size_t)gid >= d->n) {
        size_t n = p->ngames;
        d->games = xrealloc(d->games, n * sizeof *d->games);
        d->tried = xrealloc(d->tried, n * sizeof *d->tried);
        memset(d->games + d->n, 0, (n - d->n) * sizeof *d->games);
        memset(d->tried + d->n, 0, (n - d->n) * sizeof *d->tried);
        d->n = n;
    }
    if (!d->tried[gid]) {
        d->tried[gid] = true;
        d->games[gid] = analyse(p, gid);
    }
    return d->games[gid];
}

/* ---- the table ---------------------------------------------------------------- */

/* The table grows to hold a query's position (the box below it, where a search whose moves go
   down stays) up to DENSE_TABLE_CELLS; for the positions a search meets beyond, it stays dense
   while it has at most SPARSE_FROM cells or SPARSE_RATIO cells per position solved or on the
   stack. Past that (a bitmask game, coordinates far apart), or at a negative coordinate, the
   values move to a map (sparse). */
#define SPARSE_FROM ((size_t)1 << 20)
#define SPARSE_RATIO 16

static void to_sparse(DenseGame *g)
{
    cm_init(&g->map, g->np);
    size_t n = table_cells(g);
    int64_t c[DNP] = { 0 };
    for (size_t x = 0; x < n; x++) {   /* c: the coordinates of cell x, the last one fastest */
        uint32_t v = ~g->val[x];
        if (v != V_UNK) cm_set(&g->map, c, v);
        for (int i = ndims(g) - 1; i >= 0 && ++c[i] == (int64_t)g->dim[i]; i--) c[i] = 0;
    }
    drop_table(g);
    g->sparse = true;
}

/* Make room for coordinates c (in the dense table, or by going sparse); root: c is the query's. */
static void ensure(DenseGame *g, const int64_t *c, Program *p, Loc loc, bool root)
{
    if (g->sparse) return;
    uint64_t max_states = p->max_states;
    size_t cap = DENSE_TABLE_CELLS;
    if (max_states < cap / 4) cap = (size_t)max_states * 4 < 1024 ? 1024 : (size_t)max_states * 4;
    bool grow = false;
    size_t nd[DNP], cells = 1;
    int nd_ = ndims(g);
    for (int i = 0; i < nd_; i++) {
        nd[i] = g->dim[i] ? g->dim[i] : 1;
        if (i < g->np) {
            if (c[i] < 0 || (uint64_t)c[i] >= cap) {
                to_sparse(g);
                return;
            }
            if (!g->dim[i]) nd[i] = (uint64_t)c[i] < 16 ? 16 : (size_t)c[i] + 1;   /* a first table: the query's box */
            while (nd[i] <= (uint64_t)c[i]) nd[i] *= 2;
        }
        if (nd[i] != g->dim[i]) grow = true;
        if (nd[i] > cap / cells) {   /* more cells than the cap (and no overflow) */
            to_sparse(g);
            return;
        }
        cells *= nd[i];
    }
    if (!grow) return;
    if (!root && cells > SPARSE_FROM && cells / SPARSE_RATIO > g->solved + g->ds.n) {
        to_sparse(g);
        return;
    }
    size_t had = g->val ? table_cells(g) : 0;
    prog_memory_need(p, (cells - had) * sizeof *g->val, loc, "the game's table");
    bool inner_same = true;   /* only the outermost dimension grows: the old table is the new one's start */
    for (int i = 1; i < nd_; i++) inner_same &= nd[i] == g->dim[i];
    if (had && inner_same) {   /* its pages move, the new ones are zero (all unknown): no copy */
        g->val = util_remap_zero(g->val, had * sizeof *g->val, cells * sizeof *g->val);
        memcpy(g->dim, nd, (size_t)nd_ * sizeof *nd);
        return;
    }
    uint32_t *v = util_map_zero(cells * sizeof *v);   /* all unknown */
    if (had) {   /* the old table's rows (along the last dimension) into their places */
        size_t row = g->dim[nd_ - 1], rows = had / row;
        for (size_t r = 0; r < rows; r++) {
            size_t at = 0, q = r;
            size_t idx[DNP];
            for (int i = nd_ - 2; i >= 0; i--) {
                idx[i] = q % g->dim[i];
                q /= g->dim[i];
            }
            for (int i = 0; i < nd_ - 1; i++) at = at * nd[i] + idx[i];
            memcpy(v + at * nd[nd_ - 1], g->val + r * row, row * sizeof *v);
        }
    }
    drop_table(g);
    g->val = v;
    memcpy(g->dim, nd, (size_t)nd_ * sizeof *nd);
}

static inline size_t cell(const DenseGame *g, const int64_t *c)
{
    size_t x = ((size_t)c[0] * g->dim[1] + (size_t)(g->np > 1 ? c[1] : 0)) * g->dim[2] + (size_t)(g->np > 2 ? c[2] : 0);
    for (int i = 3; i < g->np; i++) x = x * g->dim[i] + (size_t)c[i];
    return x;
}

static inline bool in_table(const DenseGame *g, const int64_t *c)
{
    if (!((uint64_t)c[0] < g->dim[0] && (uint64_t)c[1] < g->dim[1] && (uint64_t)c[2] < g->dim[2])) return false;
    for (int i = 3; i < g->np; i++)
        if ((uint64_t)c[i] >= g->dim[i]) return false;
    return true;
}

/* The value of the cell at c (V_UNK when the table has no room for it yet). */
static inline uint32_t getv(const DenseGame *g, const int64_t *c)
{
    if (g->sparse) return cm_get(&g->map, c);
    return in_table(g, c) ? ~g->val[cell(g, c)] : V_UNK;
}

/* Set the cell at c (room made). */
static inline void setv(DenseGame *g, const int64_t *c, uint32_t v, Program *p, Loc loc)
{
    if (!g->sparse && !in_table(g, c)) ensure(g, c, p, loc, false);
    if (g->sparse) cm_set(&g->map, c, v);
    else g->val[cell(g, c)] = ~v;
}

/* first enumeration, the value once options are solved, or a cell of the bottom-up fill (an
   option not solved yet stops the walk: the cell is left to the search) */
typedef enum Mode { M_EXPAND, M_MEX, M_FILL } Mode;
#define PEND_DEPTH 4

typedef struct Walk {
    Solver *sv;
    Engine *e;
    Mex *mex;
    DenseGame *g;
    Loc loc;
    Mode mode;
    EvalCtx ev;
    int64_t *vars;
    size_t pushed, moves;
    bool abort;
    bool cycled;        /* the abort was a cycle */
    bool skip;          /* M_FILL: an option is not solved yet (or outside the table) */
    bool ahead;         /* M_FILL reading ahead (read_ahead): an option outside the table is not made room for */
    bool rec, rec_lost; /* M_EXPAND: recording the options (rec_put); the record ran out of room */
    int from_clause;    /* the innermost binder's loop took the hoisted guards as bounds: the clauses left */
    const int64_t *key; /* the query (for a limit message) */
    size_t solved0, room; /* the game's cells solved before the query; how many more a budget allows */
    /* a sparse game's options wait here, PEND_DEPTH at most, their map slots asked for from memory
       meanwhile (see on_result): a ring from phead, npend of them */
    bool settling;      /* settle_one is visiting one of them */
    int phead, npend;
    int pn[PEND_DEPTH];
    int64_t pend[PEND_DEPTH][MAX_COMPS][DNP];
} Walk;

/* More positions solved or waiting than --max-states allows, or than a tentative search's budget
   allows this query (the solver then gives up the search, not the run). */
static inline bool over_limit(const Walk *w, size_t waiting)
{
    const DenseGame *g = w->g;
    return g->solved + waiting > w->e->p->max_states || g->solved - w->solved0 + waiting > w->room;
}

static _Noreturn void state_limit(Walk *w)
{
    char b[200];
    Program *p = w->e->p;
    if (w->e->budget) prog_fail(p, PROG_BUDGET, w->loc, "over the budget of a tentative search");
    key_text(p, w->key, b, sizeof b);
    prog_fail(p, EXIT_LIMIT, w->loc,
              "state limit reached while solving %s: more than %llu positions of game '%s' "
              "(raise the limit with --max-states N)", b, (unsigned long long)p->max_states, p->games[w->g->gid].name);
}

typedef struct DStack DStack;

/* A cell met again on the search path: the ruleset has a cycle. The walk stops; the solver names
   the position (its key goes to the solver's buffer). */
static bool cycle(Walk *w, const int64_t *c)
{
    int64_t *key = w->sv->cycle_buf;
    key[0] = (int64_t)((uint64_t)(uint32_t)w->g->gid | ((uint64_t)(2 + w->g->np) << 32));
    key[1] = 0;
    for (int i = 0; i < w->g->np; i++) key[2 + i] = c[i];
    w->sv->cycle = key;
    w->cycled = true;
    w->abort = true;
    return false;
}

#define NOREC ((size_t)-1)
/* Records past this many words are not kept (the cell is walked again instead). */
#define REC_MAX ((size_t)1 << 24)

static void push_cell(DStack *ds, const int64_t *c, int np)
{
    if (ds->n == ds->cap) {
        ds->cap = ds->cap ? ds->cap * 2 : 256;
        ds->v = xrealloc(ds->v, ds->cap * sizeof *ds->v);
    }
    struct DEntry *d = &ds->v[ds->n++];
    memset(d->c, 0, sizeof d->c);   /* the coordinates past np stay 0 (in_table reads three) */
    memcpy(d->c, c, (size_t)np * sizeof *c);
    d->rec = NOREC;
}

/* Record a word of the walked cell's options (w->rec: recording; past REC_MAX it stops and the
   cell's record is lost). */
static inline void rec_put(Walk *w, int64_t x)
{
    DenseGame *g = w->g;
    if (__builtin_expect(g->rn == g->rcap, 0)) {
        if (g->rcap >= REC_MAX) {
            w->rec = false;
            w->rec_lost = true;
            return;
        }
        g->rcap = g->rcap ? 2 * g->rcap : 4096;
        g->rv = xrealloc(g->rv, g->rcap * sizeof *g->rv);
    }
    g->rv[g->rn++] = x;
}


/* One option component c (canonical coordinates): grow the table if needed; push it when it is
   unknown (first enumeration); report a cycle; add a solved value to *acc. False when the table
   declines (c is outside what it may hold). */
static bool settle_result(Walk *w, DStack *ds);

static inline bool visit(Walk *w, DStack *ds, const int64_t *c, uint32_t *acc)
{
    if (__builtin_expect(w->npend && !w->settling, 0) && !settle_result(w, ds)) return false;   /* the options in their order */
    DenseGame *g = w->g;
    if (!g->sparse && !in_table(g, c)) {
        if (w->ahead) {   /* cells nobody asked for yet: no table growth for them */
            w->skip = true;
            return false;
        }
        ensure(g, c, w->e->p, w->loc, false);
    }
    if (g->sparse && w->mode == M_FILL) {   /* the fill works on the dense table only */
        w->skip = true;
        return false;
    }
    uint32_t v = g->sparse ? cm_get(&g->map, c) : ~g->val[cell(g, c)];
    if (v >= V_ONPATH && w->mode == M_FILL) {
        w->skip = true;
        return false;
    }
    if (v == V_UNK) {
        if (w->mode == M_EXPAND) {
            if (over_limit(w, ds->n + 1)) state_limit(w);
            push_cell(ds, c, g->np);
            w->pushed++;
        }
        return true;
    }
    if (v == V_ONPATH) return cycle(w, c);
    *acc ^= v & V_MASK;
    return true;
}

/* The oldest waiting option's components visited, its value into the mex. False to stop the walk. */
static bool settle_one(Walk *w, DStack *ds)
{
    int at = w->phead;
    w->phead = (w->phead + 1) % PEND_DEPTH;
    w->npend--;
    w->settling = true;   /* visit() must not settle the others first */
    uint32_t x = 0;
    bool ok = true;
    for (int i = 0; i < w->pn[at] && ok; i++) ok = visit(w, ds, w->pend[at][i], &x);
    w->settling = false;
    if (!ok) {   /* the walk stops: the others are dropped */
        w->npend = 0;
        return false;
    }
    if (!w->pushed) mex_set(w->mex, x);
    return true;
}

/* Every waiting option, in order. */
static bool settle_result(Walk *w, DStack *ds)
{
    while (w->npend)
        if (!settle_one(w, ds)) return false;
    return true;
}

/* One move's result: its components are in comp[0..n). Returns false to stop the walk. In a
   sparse game (the map) an option waits while the next PEND_DEPTH - 1 come (or until the walk
   ends) and its slots are fetched: a big map's lookups are cache misses, which then overlap the
   code making the next options. Options are visited in their order all the same (a visit by
   another path settles the waiting ones first). */
static bool on_result(Walk *w, DStack *ds, int64_t (*comp)[DNP], int n)
{
    w->moves++;
    uint32_t x = 0;
    if (w->rec) {
        rec_put(w, n);
        for (int i = 0; i < n; i++)
            for (int k = 0; k < w->g->np; k++) rec_put(w, comp[i][k]);
    }
    if (w->g->sparse && w->mode != M_FILL) {
        if (w->npend == PEND_DEPTH && !settle_one(w, ds)) return false;
        int at = (w->phead + w->npend) % PEND_DEPTH;
        memcpy(w->pend[at], comp, (size_t)n * sizeof *comp);
        w->pn[at] = n;
        w->npend++;
        for (int i = 0; i < n; i++) cm_prefetch(&w->g->map, comp[i]);
        return true;
    }
    for (int i = 0; i < n; i++)
        if (!visit(w, ds, comp[i], &x)) return false;
    if (!w->pushed) mex_set(w->mex, x);
    return true;
}

/* Coefficient of slot in an affine form. */
static int64_t coef(const Ops *o, int slot)
{
    for (int j = 0; j < o->nterms; j++)
        if (o->slot[j] == slot) return o->k[j];
    return 0;
}

/* Whether every variable of o other than skip is small enough for the affine form. */
static bool vars_small(const Ops *o, const int64_t *vars, int skip)
{
    for (int j = 0; j < o->nterms; j++) {
        int64_t x = vars[o->slot[j]];
        if (o->slot[j] != skip && (x > AFF_VAR_MAX || x < -AFF_VAR_MAX)) return false;
    }
    return true;
}

/* The loop of fast_loop2 for nc components and a sort (1 ascending, -1 descending, 0 none), both
   constants where it is inlined, so that the compiler unrolls the components and keeps the
   coordinates in registers. */
static inline __attribute__((always_inline)) bool loop2(Walk *w, DStack *ds, int64_t *a, int64_t *b, const int64_t *da,
                                                        const int64_t *db, int64_t lo, int64_t hi, const int nc,
                                                        const int sort, const int64_t *xs)
{
    DenseGame *g = w->g;
    size_t d0 = g->dim[0], d1 = g->dim[1];
    const uint32_t *val = g->val;
    Mex *mex = w->mex;
    size_t moves = 0, pushed = w->pushed;
    bool ok = true;
    /* option values below 64 gather in a register (the set's word 0 at the end) */
    uint64_t low = 0;
    bool rec = w->rec;   /* rec_put turns it off when the record is full */
#define MEX_ADD(x)                                           \
    do {                                                     \
        uint32_t x_ = (x);                                   \
        if (x_ < 64) low |= (uint64_t)1 << x_;               \
        else mex_set(mex, x_);                               \
    } while (0)
    /* one component: its coordinates (c0, c1) from (A, B), stepped; its value into acc (a cell
       outside the table, not solved yet or on the path goes through visit()) */
#define LOOP2_COMP(A, B, DA, DB)                                                              \
    do {                                                                                      \
        int64_t c0 = (A), c1 = (B);                                                           \
        (A) += (DA);                                                                          \
        (B) += (DB);                                                                          \
        if (sort) {                                                                           \
            int64_t s0 = c0 < c1 ? c0 : c1, s1 = c0 < c1 ? c1 : c0;                           \
            c0 = sort > 0 ? s0 : s1;                                                          \
            c1 = sort > 0 ? s1 : s0;                                                          \
        }                                                                                     \
        if (rec) {                                                                            \
            rec_put(w, c0);                                                                   \
            rec_put(w, c1);                                                                   \
            rec = w->rec;                                                                     \
        }                                                                                     \
        uint32_t v = V_UNK;                                                                   \
        if ((uint64_t)c0 < d0 && (uint64_t)c1 < d1) v = ~val[(size_t)c0 * d1 + (size_t)c1];   \
        if (__builtin_expect(v >= V_ONPATH, 0)) {                                             \
            int64_t c[DNP] = { c0, c1, 0 };                                                   \
            uint32_t vx = 0;                                                                  \
            w->pushed = pushed;                                                               \
            if (!visit(w, ds, c, &vx)) { pushed = w->pushed; ok = false; goto out; }         \
            pushed = w->pushed;                                                               \
            d0 = g->dim[0];                                                                   \
            d1 = g->dim[1];                                                                   \
            val = g->val;                                                                     \
            acc ^= vx;                                                                        \
        } else                                                                                \
            acc ^= v;                                                                         \
    } while (0)
    if (xs) {   /* the values xs[lo..hi] of a literal set: (a, b) are the coordinates at 0 */
        for (int64_t j = lo; j <= hi; j++) {
            moves++;
            uint32_t acc = 0;
            if (rec) { rec_put(w, nc); rec = w->rec; }
            for (int i = 0; i < nc; i++) {
                int64_t ai = a[i] + da[i] * xs[j], bi = b[i] + db[i] * xs[j];
                LOOP2_COMP(ai, bi, 0, 0);
            }
            if (!pushed) MEX_ADD(acc & V_MASK);
        }
        goto out;
    }
    if (nc == 2) {   /* the common shape, in registers */
        int64_t a0 = a[0], b0 = b[0], a1 = a[1], b1 = b[1];
        for (int64_t x = lo; x <= hi; x++) {
            moves++;
            uint32_t acc = 0;
            if (rec) { rec_put(w, 2); rec = w->rec; }
            LOOP2_COMP(a0, b0, da[0], db[0]);
            LOOP2_COMP(a1, b1, da[1], db[1]);
            if (!pushed) MEX_ADD(acc & V_MASK);
        }
        goto out;
    }
    if (nc == 1) {
        int64_t a0 = a[0], b0 = b[0];
        for (int64_t x = lo; x <= hi; x++) {
            moves++;
            uint32_t acc = 0;
            if (rec) { rec_put(w, 1); rec = w->rec; }
            LOOP2_COMP(a0, b0, da[0], db[0]);
            if (!pushed) MEX_ADD(acc & V_MASK);
        }
        goto out;
    }
    for (int64_t x = lo; x <= hi; x++) {
        moves++;
        uint32_t acc = 0;
        if (rec) { rec_put(w, nc); rec = w->rec; }
        for (int i = 0; i < nc; i++) LOOP2_COMP(a[i], b[i], da[i], db[i]);
        if (!pushed) MEX_ADD(acc & V_MASK);
    }
#undef LOOP2_COMP
#undef MEX_ADD
out:
    mex_set_low(mex, low);
    w->moves += moves;
    w->pushed = pushed;
    return ok;
}

/* fast_loop for two coordinates (the common case), with visit() unrolled for them and the
   usual shapes (one or two components, sorted or not) specialised. */
static bool fast_loop2(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi, const int64_t *xs)
{
    int slot = r->slot[level], nc = r->ncomp;
    int64_t a[MAX_COMPS], b[MAX_COMPS], da[MAX_COMPS], db[MAX_COMPS];
    w->vars[slot] = xs ? 0 : lo;
    for (int i = 0; i < nc; i++) {
        a[i] = eval(&w->ev, &r->arg[i][0], w->vars);
        b[i] = eval(&w->ev, &r->arg[i][1], w->vars);
        da[i] = coef(&r->arg[i][0], slot);
        db[i] = coef(&r->arg[i][1], slot);
    }
    int sort = w->g->sort;
    if (xs) {   /* a literal set: positions xs[lo..hi] of it */
        if (nc == 1 && sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 1, xs);
        if (nc == 1 && sort == 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 0, xs);
        return loop2(w, ds, a, b, da, db, lo, hi, nc, sort, xs);
    }
    if (nc == 2 && sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, 2, 1, NULL);
    if (nc == 1 && sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 1, NULL);
    if (nc == 2 && sort == 0) return loop2(w, ds, a, b, da, db, lo, hi, 2, 0, NULL);
    if (nc == 1 && sort == 0) return loop2(w, ds, a, b, da, db, lo, hi, 1, 0, NULL);
    if (sort > 0) return loop2(w, ds, a, b, da, db, lo, hi, nc, 1, NULL);
    if (sort < 0) return loop2(w, ds, a, b, da, db, lo, hi, nc, -1, NULL);
    return loop2(w, ds, a, b, da, db, lo, hi, nc, 0, NULL);
}

/* The innermost binder of a fast rule, x in lo..hi: each argument is affine, so it moves by a
   constant step per iteration. Returns false when the walk must stop. */
static bool fast_loop(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    DenseGame *g = w->g;
    int slot = r->slot[level], np = g->np, nc = r->ncomp;
    int64_t cur[MAX_COMPS][DNP] = { { 0 } }, step[MAX_COMPS][DNP] = { { 0 } };
    w->vars[slot] = lo;
    for (int i = 0; i < nc; i++)
        for (int k = 0; k < np; k++) {
            cur[i][k] = eval(&w->ev, &r->arg[i][k], w->vars);
            step[i][k] = coef(&r->arg[i][k], slot);
        }
    for (int64_t x = lo; x <= hi; x++) {
        w->moves++;
        uint32_t acc = 0;
        if (w->rec) rec_put(w, nc);
        for (int i = 0; i < nc; i++) {
            int64_t c[DNP];
            memcpy(c, cur[i], sizeof c);
            for (int k = 0; k < np; k++) cur[i][k] += step[i][k];
            if (g->sort) sort_coords(g->sort, np, c);
            for (int k = 0; k < np && w->rec; k++) rec_put(w, c[k]);
            if (!g->sparse && in_table(g, c)) {   /* a solved cell read directly */
                uint32_t v = ~g->val[cell(g, c)];
                if (v < V_ONPATH) {
                    acc ^= v & V_MASK;
                    continue;
                }
            }
            if (!visit(w, ds, c, &acc)) return false;
        }
        if (!w->pushed) mex_set(w->mex, acc);
    }
    return true;
}

/* fast_loop for one component of three coordinates (sorted or not): the coordinates stepped in
   registers, the cell read directly; anything unusual (a cell outside the table, not solved, on
   the path) goes through visit(). */
static bool fast_loop3(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    DenseGame *g = w->g;
    int slot = r->slot[level];
    w->vars[slot] = lo;
    int64_t a = eval(&w->ev, &r->arg[0][0], w->vars), b = eval(&w->ev, &r->arg[0][1], w->vars),
            c = eval(&w->ev, &r->arg[0][2], w->vars);
    int64_t da = coef(&r->arg[0][0], slot), db = coef(&r->arg[0][1], slot), dc = coef(&r->arg[0][2], slot);
    int sort = g->sort;
    size_t d0 = g->dim[0], d1 = g->dim[1], d2 = g->dim[2];
    size_t moves = 0;
    bool ok = true;
    for (int64_t x = lo; x <= hi; x++) {
        moves++;
        int64_t k[DNP] = { a, b, c };
        a += da;
        b += db;
        c += dc;
        if (sort > 0) {
            int64_t t;
            if (k[0] > k[1]) { t = k[0]; k[0] = k[1]; k[1] = t; }
            if (k[1] > k[2]) { t = k[1]; k[1] = k[2]; k[2] = t; }
            if (k[0] > k[1]) { t = k[0]; k[0] = k[1]; k[1] = t; }
        } else if (sort)
            sort_coords(sort, 3, k);
        if (w->rec) {
            rec_put(w, 1);
            rec_put(w, k[0]);
            rec_put(w, k[1]);
            rec_put(w, k[2]);
        }
        uint32_t v = V_UNK;
        if ((uint64_t)k[0] < d0 && (uint64_t)k[1] < d1 && (uint64_t)k[2] < d2) v = ~g->val[((size_t)k[0] * d1 + (size_t)k[1]) * d2 + (size_t)k[2]];
        if (__builtin_expect(v >= V_ONPATH, 0)) {   /* the general path (it may grow the table) */
            uint32_t acc = 0;
            w->moves += moves;
            moves = 0;
            if (!visit(w, ds, k, &acc)) { ok = false; break; }
            d0 = g->dim[0];
            d1 = g->dim[1];
            d2 = g->dim[2];
            if (!w->pushed) mex_set(w->mex, acc);
            continue;
        }
        if (!w->pushed) mex_set(w->mex, v & V_MASK);
    }
    w->moves += moves;
    return ok;
}

/* The bounds the hoisted guards of r put on its innermost binder (vars: the other variables):
   false when a variable is beyond a form's vmax (the guards are then evaluated per value). */
static bool hoist_bounds(const DRule *r, const int64_t *vars, int64_t *lo, int64_t *hi)
{
    int slot = r->slot[r->nb - 1];
    for (int i = 0; i < r->nhoist; i++) {
        const Ops *o = &r->cl[i].e;
        int64_t rest = o->c, kb = 0;
        for (int j = 0; j < o->nterms; j++) {
            if (o->slot[j] == slot) {
                kb = o->k[j];
                continue;
            }
            int64_t x = vars[o->slot[j]];
            if (x > o->vmax || x < -o->vmax) return false;
            rest += o->k[j] * x;   /* cannot overflow: see vmax */
        }
        /* kb * k + rest <= 0: k <= -rest (kb 1), or k >= rest (kb -1) */
        if (kb == 1 && -rest < *hi) *hi = -rest;
        if (kb == -1 && rest > *lo) *lo = rest;
    }
    return true;
}

/* The innermost binder of r over lo..hi by the stepping loops (fast_loop*), when no clause is
   left to evaluate and the arguments' variables are small enough: the walk's result (1 go on, 0
   stop), or -1 when it must go the general way. */
static int fast_range(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    if ((w->g->canon && !w->g->sort) || lo < -AFF_VAR_MAX || hi > AFF_VAR_MAX) return -1;
    for (int i = 0; i < r->ncomp; i++)
        for (int k = 0; k < w->g->np; k++)
            if (!vars_small(&r->arg[i][k], w->vars, r->slot[level])) return -1;
    if (lo > hi) return 1;
    if (w->g->np == 2) return fast_loop2(w, ds, r, level, lo, hi, NULL);
    if (w->g->np == 3 && r->ncomp == 1) return fast_loop3(w, ds, r, level, lo, hi);
    return fast_loop(w, ds, r, level, lo, hi);
}

/* The values set[i..j] of the innermost binder (ascending) by the stepping loops: as fast_range. */
static int fast_set(Walk *w, DStack *ds, const DRule *r, int level, int i, int j)
{
    const int64_t *xs = r->set[level];
    if (w->g->np != 2 || (w->g->canon && !w->g->sort) || xs[i] < -AFF_VAR_MAX || xs[j] > AFF_VAR_MAX) return -1;
    for (int c = 0; c < r->ncomp; c++)
        for (int k = 0; k < 2; k++)
            if (!vars_small(&r->arg[c][k], w->vars, r->slot[level])) return -1;
    return fast_loop2(w, ds, r, level, i, j, xs);
}

/* Binder values of the general loop between two counts of its steps. */
#define BINDER_BURN 4096

/* The clauses from w->from_clause on with the binders' values set: lets assigned; false when a
   guard fails. */
static inline bool clauses(Walk *w, const DRule *r)
{
    for (int i = w->from_clause; i < r->ncl; i++) {
        int64_t v = eval(&w->ev, &r->cl[i].e, w->vars);
        if (r->cl[i].let) w->vars[r->cl[i].slot] = v;
        else if (!v) return false;
    }
    return true;
}

/* The move's result once its clauses passed: as binders. */
static bool result(Walk *w, DStack *ds, const DRule *r)
{
    const EvalCtx *p = &w->ev;
    if (w->g->np == 1 && !w->g->canon) {   /* one coordinate: the cells read directly */
        DenseGame *g = w->g;
        uint32_t acc = 0;
        w->moves++;
        if (w->rec) rec_put(w, r->ncomp);
        for (int i = 0; i < r->ncomp; i++) {
            int64_t c0 = eval(p, &r->arg[i][0], w->vars);
            if (w->rec) rec_put(w, c0);
            if ((uint64_t)c0 < g->dim[0]) {
                uint32_t v = ~g->val[c0];
                if (v < V_ONPATH) {
                    acc ^= v;
                    continue;
                }
            }
            int64_t c[DNP] = { c0, 0, 0 };
            uint32_t x = 0;
            if (!visit(w, ds, c, &x)) return false;
            acc ^= x;
        }
        if (!w->pushed) mex_set(w->mex, acc & V_MASK);
        return true;
    }
    int64_t comp[MAX_COMPS][DNP];
    for (int i = 0; i < r->ncomp; i++) {
        int64_t *c = comp[i];   /* in place: a copy read back as a whole stalls on the stores just made */
        for (int k = 0; k < DNP; k++) c[k] = k < w->g->np ? eval(p, &r->arg[i][k], w->vars) : 0;
        if (w->g->sort) {
            sort_coords(w->g->sort, w->g->np, c);
        } else if (w->g->canon) {   /* canon reads the child's own parameters */
            int64_t saved[DNP];
            for (int k = 0; k < w->g->np; k++) { saved[k] = w->vars[k]; w->vars[k] = c[k]; }
            int64_t cc[DNP] = { 0, 0, 0 };
            for (int k = 0; k < w->g->np; k++) cc[k] = eval(p, &w->g->canon_arg[k], w->vars);
            for (int k = 0; k < w->g->np; k++) { w->vars[k] = saved[k]; c[k] = cc[k]; }
        }
    }
    return on_result(w, ds, comp, r->ncomp);
}

/* The innermost binder over lo..hi (0 <= lo <= hi <= 63) when the clauses from w->from_clause on start
   with guards of a bit kind: those are read for every value at once (a word of the values that
   pass), the values that pass all of them go on in order through the other clauses and the
   result. */
static bool bit_loop(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    uint64_t pass = (hi == 63 ? ~(uint64_t)0 : ((uint64_t)1 << (hi + 1)) - 1) & ~(((uint64_t)1 << lo) - 1);
    int j = w->from_clause;
    for (; j < r->ncl && r->cl[j].bk && pass; j++) {
        const DClause *cl = &r->cl[j];
        if (cl->bk == BK_BINDER) {
            pass &= cl->bmask;
            continue;
        }
        /* bit b of (x >> i) is bit i of (x >> b), both arithmetic shifts, for i, b in 0..63; so is
           bit i + b of x while K << i keeps every bit (else the clause goes value by value, and
           the shift's error comes at its value) */
        int64_t k = cl->e.sk;
        if (cl->e.shape == SH_SHL_OP && (k <= 0 || 64 - __builtin_clzll((uint64_t)k) + hi > 63)) break;
        int64_t x = w->vars[cl->e.sx];
        uint64_t any = 0;
        for (uint64_t b = (uint64_t)k; b; b &= b - 1) any |= (uint64_t)(x >> __builtin_ctzll(b));
        pass &= cl->bk == BK_ZERO ? ~any : any;
    }
    int from = w->from_clause;
    w->from_clause = j;
    for (; pass; pass &= pass - 1) {
        w->vars[r->slot[level]] = __builtin_ctzll(pass);
        if (clauses(w, r) && !result(w, ds, r)) {
            w->from_clause = from;
            return false;
        }
    }
    w->from_clause = from;
    return true;
}

static bool binders(Walk *w, DStack *ds, const DRule *r, int level);

/* The innermost binder's loop-invariant clauses: the leading run from w->from_clause on of
   clauses that do not read the binder (inv), evaluated once before a loop over values that is
   not empty, as they would be at its first value (lets assigned); false when a guard fails (the
   loop has no moves). w->from_clause moves past them. */
static bool invariants(Walk *w, const DRule *r)
{
    int i = w->from_clause;
    for (; i < r->ncl && r->cl[i].inv; i++) {
        int64_t v = eval(&w->ev, &r->cl[i].e, w->vars);
        if (r->cl[i].let) w->vars[r->cl[i].slot] = v;
        else if (!v) return false;
    }
    w->from_clause = i;
    return true;
}

/* The values set[i..j] (within the hoisted bounds, not empty) of the binder at level. */
static bool set_loop(Walk *w, DStack *ds, const DRule *r, int level, int i, int j)
{
    bool fast = level == r->nb - 1 && r->args_affine && w->from_clause == r->ncl;
    if (fast) {   /* the values at once */
        int f = fast_set(w, ds, r, level, i, j);
        if (f >= 0) return f;
    }
    for (int k = i; k <= j; k++) {
        int64_t x = r->set[level][k];
        int f = fast ? fast_range(w, ds, r, level, x, x) : -1;
        if (f >= 0) {
            if (!f) return false;
            continue;
        }
        w->vars[r->slot[level]] = x;
        if (!binders(w, ds, r, level + 1)) return false;
    }
    return true;
}

/* The values lo..hi (not empty) of the binder at level. */
static bool range_loop(Walk *w, DStack *ds, const DRule *r, int level, int64_t lo, int64_t hi)
{
    bool last = level == r->nb - 1;
    if (last && r->args_affine && w->from_clause == r->ncl) {   /* no clause left: the stepping loops */
        int f = fast_range(w, ds, r, level, lo, hi);
        if (f >= 0) return f;
    }
    if (last && lo >= 0 && hi <= 63 && w->from_clause < r->ncl && r->cl[w->from_clause].bk)
        return bit_loop(w, ds, r, level, lo, hi);
    for (int64_t x = lo; x <= hi; x++) {
        w->vars[r->slot[level]] = x;
        if (last ? clauses(w, r) && !result(w, ds, r) : !binders(w, ds, r, level + 1)) return false;
        /* binder values whose guards fail are no moves: counted here, so that a loop over
           10^12 values meets --max-steps, the clock and interrupts */
        if (((uint64_t)x - (uint64_t)lo) % BINDER_BURN == BINDER_BURN - 1) solve_burn(w->sv, BINDER_BURN, w->loc);
        if (x == INT64_MAX) break;
    }
    return true;
}

/* A stencil rule's options when every one of them is in the table and solved, with a value below
   64: their values into the mex and true. False, with nothing changed but bits the rule's usual
   walk sets all the same: that walk decides (an option outside the table, unknown or on the path;
   coordinates too big for the affine forms; a cell whose options are being recorded). */
static inline bool stencil(Walk *w, const DRule *r)
{
    const DenseGame *g = w->g;
    int64_t *vars = w->vars;
    if (w->rec || g->sparse || vars[0] > AFF_VAR_MAX || vars[0] < -AFF_VAR_MAX || vars[1] > AFF_VAR_MAX ||
        vars[1] < -AFF_VAR_MAX)
        return false;
    int64_t lo = INT64_MIN, hi = INT64_MAX, ca = vars[0], cb = vars[1];
    for (int i = 0; i < r->nhoist; i++) {   /* as hoist_bounds */
        if ((r->ha[i] && (ca > r->hv[i] || ca < -r->hv[i])) || (r->hb[i] && (cb > r->hv[i] || cb < -r->hv[i])))
            return false;
        int64_t rest = r->hc[i] + r->ha[i] * ca + r->hb[i] * cb;
        if (r->hk[i] == 1 && -rest < hi) hi = -rest;
        if (r->hk[i] == -1 && rest > lo) lo = rest;
    }
    vars[r->slot[0]] = 0;
    int64_t a = eval(&w->ev, &r->arg[0][0], vars), b = eval(&w->ev, &r->arg[0][1], vars);
    const int64_t *xs = r->set[0];
    const uint32_t *val = g->val;
    size_t d0 = g->dim[0], d1 = g->dim[1], moves = 0;
    uint64_t low = 0;
    for (int i = 0, n = r->nset[0]; i < n; i++) {
        int64_t x = xs[i];
        if (x < lo) continue;
        if (x > hi) break;
        int64_t c0 = a + r->sda * x, c1 = b + r->sdb * x;
        if ((uint64_t)c0 >= d0 || (uint64_t)c1 >= d1) return false;
        uint32_t v = ~val[(size_t)c0 * d1 + (size_t)c1];
        if (v >= V_ONPATH || (v & V_MASK) >= 64) return false;
        low |= (uint64_t)1 << (v & V_MASK);
        moves++;
    }
    mex_set_low(w->mex, low);
    w->moves += moves;
    return true;
}

/* The binders from level on, then the clauses and the result. At the innermost binder its
   hoisted guards become bounds [blo, bhi] when they can be worked out, and its loop-invariant
   clauses are evaluated once; with no clause left and affine arguments its values go through the
   stepping loops. A stencil rule reads its cells directly first (stencil). */
static bool binders(Walk *w, DStack *ds, const DRule *r, int level)
{
    if (level == 0 && r->sten && stencil(w, r)) return true;
    if (level == r->nb) return !clauses(w, r) || result(w, ds, r);
    bool last = level == r->nb - 1;
    int64_t blo = INT64_MIN, bhi = INT64_MAX;
    bool hoisted = last && r->nhoist && hoist_bounds(r, w->vars, &blo, &bhi);
    int from = w->from_clause;
    if (hoisted) w->from_clause = r->nhoist;
    bool ok = true;
    if (r->set[level]) {
        int i = 0, j = r->nset[level] - 1;
        while (i <= j && r->set[level][i] < blo) i++;
        while (j >= i && r->set[level][j] > bhi) j--;
        if (i <= j && (!last || invariants(w, r))) ok = set_loop(w, ds, r, level, i, j);
    } else {
        int64_t lo = eval(&w->ev, &r->lo[level], w->vars), hi = eval(&w->ev, &r->hi[level], w->vars);
        if (blo > lo) lo = blo;
        if (bhi < hi) hi = bhi;
        if (lo <= hi && (!last || invariants(w, r))) ok = range_loop(w, ds, r, level, lo, hi);
    }
    w->from_clause = from;
    return ok;
}

/* Enumerate the moves of position c in the given mode. */
static void walk(Walk *w, DStack *ds, const int64_t *c)
{
    for (int k = 0; k < w->g->np; k++) w->vars[k] = c[k];
    w->pushed = 0;
    w->moves = 0;
    w->abort = false;
    w->from_clause = 0;   /* a walk the fill's error cut short may have left it set */
    w->npend = w->phead = 0;
    w->settling = false;
    bool ok = true;
    for (int i = 0; i < w->g->nrules && ok; i++) ok = binders(w, ds, &w->g->rules[i], 0);
    if (ok) settle_result(w, ds);   /* the last options */
    w->npend = 0;
}

/* The bottom-up fill of a one-parameter game whose search went deep (FILL_DEPTH cells on the
   stack, covering at least 1 / FILL_SPARSE of their range): every unknown cell from 0 up to the
   largest on the stack, in increasing order, each by one walk whose options are all solved (a
   cell with an option not solved yet, a move upwards for one, stays for the search; a cell the
   search has expanded is solved all the same, and the search pops it when it is on top). A chain of
   moves downwards then costs one walk per cell and no stack, where the search walks each cell
   twice and stacks them all. An error in the code (an overflow, a division by zero) ends the fill
   without a message: the search reports it if it meets it; so does the state limit. */
#define FILL_DEPTH 256
#define FILL_SPARSE 64

/* An affine form of the coordinate alone at n (|n| within the form's vmax). */
static inline int64_t flat_eval(const Ops *o, int64_t n)
{
    int64_t r = o->c;
    for (int j = 0; j < o->nterms; j++) r += o->k[j] * n;
    if (!o->cmp) return r;
    return o->cmp == MO_LE ? r <= 0 : (o->cmp == MO_EQ) == (r == 0);
}

/* Cell n of a flat game (g->flat_max) read directly: 1 and *val when every option is solved and
   every value below 64; 0 when an option is not solved yet (the cell stays for the search); -1
   for the general walk (an option outside the table, a value of 64 or more). */
static int fill_flat(const DenseGame *g, int64_t n, uint32_t *val, uint64_t *moves)
{
    uint64_t seen = 0, nm = 0;
    for (int i = 0; i < g->nrules; i++) {
        const DRule *r = &g->rules[i];
        bool ok = true;
        for (int j = 0; j < r->ncl && ok; j++) ok = flat_eval(&r->cl[j].e, n) != 0;
        if (!ok) continue;
        nm++;
        uint32_t x = 0;
        for (int j = 0; j < r->ncomp; j++) {
            int64_t c = flat_eval(&r->arg[j][0], n);
            if ((uint64_t)c >= g->dim[0]) return -1;
            uint32_t v = ~g->val[c];
            if (v >= V_ONPATH) return 0;
            x ^= v & V_MASK;
        }
        if (x >= 64) return -1;
        seen |= (uint64_t)1 << x;
    }
    *val = (uint32_t)__builtin_ctzll(~seen) | (nm ? 0 : V_TERM);
    *moves = nm;
    return 1;
}

/* fill_flat for cell n, its value stored when known; false: the general walk is needed. */
static bool fill_flat_cell(Walk *w, DenseGame *g, int64_t n, Loc loc)
{
    uint32_t v = 0;
    uint64_t moves = 0;
    int f = fill_flat(g, n, &v, &moves);
    if (f < 0) return false;
    solve_burn(w->sv, moves + 1, loc);
    if (f) {
        g->val[n] = ~v;
        g->solved++;
    }
    return true;
}

/* One cell of a fill or of reading ahead (w in M_FILL), walked once: 1 when its value is set
   (every option solved), 0 when an option is not solved yet or lies outside the table (w->skip),
   -1 when filling must stop (a value too big for the table, or the table went sparse). The
   caller counts the walk's work (w->moves). */
static int fill_one(Walk *w, DStack *ds, const int64_t *c)
{
    DenseGame *g = w->g;
    mex_clear(w->mex);
    w->skip = false;
    walk(w, ds, c);
    if (w->skip) return 0;
    uint64_t m = mex_value(w->mex);
    if (m >= V_MASK || g->sparse) return -1;
    setv(g, c, (uint32_t)m | (w->moves ? 0 : V_TERM), w->e->p, w->loc);
    g->solved++;
    return 1;
}

static void fill_cells(Walk *w, DStack *ds, int64_t top, Loc loc)
{
    DenseGame *g = w->g;
    const uint64_t max = w->e->p->max_states;
    jmp_buf jb;
    w->ev.spec = &jb;
    w->mode = M_FILL;
    if (setjmp(jb) == 0) {
        uint64_t burn = 0;   /* the subtraction loop's work, counted in batches */
        for (int64_t k = 0; k < top && g->solved < max && !g->sparse; k++) {
            if (~g->val[k] < V_ONPATH) continue;   /* a cell on the search path may be filled too */
            if (g->nsub && k >= g->sub_from && k <= g->flat_max) {   /* mex of v(k - d), every d */
                uint64_t seen = 0;
                int i = 0;
                for (; i < g->nsub; i++) {
                    uint32_t v = ~g->val[k - g->sub[i]];
                    if (v >= V_ONPATH || (v & V_MASK) >= 64) break;
                    seen |= (uint64_t)1 << (v & V_MASK);
                }
                if (i == g->nsub) {
                    g->val[k] = ~(uint32_t)__builtin_ctzll(~seen);
                    g->solved++;
                    if ((burn += (uint64_t)g->nsub + 1) >= 4096) {
                        solve_burn(w->sv, burn, loc);
                        burn = 0;
                    }
                    continue;
                }
            }
            if (g->flat_max > 0 && k <= g->flat_max && fill_flat_cell(w, g, k, loc)) continue;
            int64_t c[DNP] = { k, 0, 0 };
            int f = fill_one(w, ds, c);
            solve_burn(w->sv, w->moves + 1, loc);
            if (f < 0) break;
            if (f) prog_poll(w->e->p, loc);
        }
        if (burn) solve_burn(w->sv, burn, loc);
    }
    w->ev.spec = NULL;
}

static void fill(Walk *w, DStack *ds, Loc loc)
{
    int64_t lo = INT64_MAX, hi = 0;
    for (size_t i = 0; i < ds->n; i++) {
        if (ds->v[i].c[0] > hi) hi = ds->v[i].c[0];
        if (ds->v[i].c[0] < lo) lo = ds->v[i].c[0];
    }
    if ((uint64_t)(hi - lo) <= (uint64_t)FILL_SPARSE * ds->n && !w->g->sparse) fill_cells(w, ds, hi, loc);
}

/* The value of a cell from its options recorded on its first walk (all solved by now): the mex
   and w->moves. False (nothing changed but the mex) when an option is not solved after all. */
static bool from_record(Walk *w, size_t from)
{
    DenseGame *g = w->g;
    int np = g->np;
    size_t moves = 0;
    for (size_t i = from; i < g->rn; moves++) {
        int64_t k = g->rv[i++];
        uint32_t acc = 0;
        for (int64_t j = 0; j < k; j++, i += (size_t)np) {
            int64_t c[DNP] = { 0, 0, 0 };
            for (int q = 0; q < np; q++) c[q] = g->rv[i + (size_t)q];
            uint32_t v = getv(g, c);
            if (v >= V_ONPATH) return false;
            acc ^= v;
        }
        mex_set(w->mex, acc & V_MASK);
    }
    w->moves = moves;
    return true;
}

/* The search from root (unknown): false when it stopped (w->abort: outside the table, or a
   cycle). The stack is the game's own (g->ds), so an error or a decline unwinding from inside
   leaves it owned. */
static bool search(Walk *w, const int64_t *root)
{
    DenseGame *g = w->g;
    Engine *e = w->e;
    DStack *ds = &g->ds;
    bool filled = g->np != 1;
    ds->n = 0;
    push_cell(ds, root, g->np);
    while (ds->n) {
        if (ds->n >= FILL_DEPTH && !filled) {
            filled = true;
            fill(w, ds, w->loc);
        }
        int64_t c[DNP];
        memcpy(c, ds->v[ds->n - 1].c, sizeof c);
        uint32_t v = getv(g, c);
        if (v != V_UNK && v != V_ONPATH) {   /* solved meanwhile (by the fill): its record goes too */
            if (ds->v[ds->n - 1].rec != NOREC) g->rn = ds->v[ds->n - 1].rec;
            ds->n--;
            continue;
        }
        mex_clear(w->mex);
        size_t n0 = ds->n, own = ds->v[n0 - 1].rec;
        size_t from = v == V_ONPATH && own != NOREC ? own : g->rn;   /* where this cell's record starts */
        if (v == V_ONPATH && own != NOREC && from_record(w, own)) {
            g->rn = own;   /* its options' values from the record: no second walk */
        } else {
            mex_clear(w->mex);
            w->mode = v == V_UNK ? M_EXPAND : M_MEX;
            /* the query's own cell is not recorded: when every option is solved already (one
               sg() after another along a loop) the record would be thrown away at once, and
               otherwise one second walk is all it costs */
            bool recording = v == V_UNK && g->record && ds->n > 1;
            w->rec = recording;
            w->rec_lost = false;
            setv(g, c, V_ONPATH, e->p, w->loc);
            walk(w, ds, c);
            w->rec = false;
            solve_burn(w->sv, w->moves + 1, w->loc);
            if (w->abort) return false;
            if (w->pushed) {   /* options first; the cell is finished when it is on top again */
                ds->v[n0 - 1].rec = recording && !w->rec_lost ? from : NOREC;
                if (ds->v[n0 - 1].rec == NOREC) g->rn = from;
                continue;
            }
            g->rn = from;
        }
        ds->n = n0 - 1;
        uint64_t m = mex_value(w->mex);
        if (m >= V_MASK) prog_fail(e->p, EXIT_LIMIT, w->loc, "SG value too large");
        setv(g, c, (uint32_t)m | (w->moves ? 0 : V_TERM), e->p, w->loc);
        g->solved++;
        if (over_limit(w, 0)) state_limit(w);
    }
    return true;
}

/* Positions left half-done go back to unknown. */
static void reset_onpath(DenseGame *g)
{
    for (size_t i = 0, n = g->val ? table_cells(g) : 0; i < n; i++)
        if (~g->val[i] == V_ONPATH) g->val[i] = ~V_UNK;
    g->rn = 0;
    if (g->sparse) cm_replace(&g->map, V_ONPATH, V_UNK);
    g->ds.n = 0;
}

/* The search with its decline: an integer beyond 64 bits in the rules' arithmetic (the language's
   integers have any size) makes the table decline, and memo answers with exact integers. */
static bool search_or_decline(Walk *w, const int64_t *root)
{
    jmp_buf jb;
    w->ev.decline = &jb;
    if (setjmp(jb)) {
        w->ev.decline = NULL;
        w->abort = true;
        w->cycled = false;
        return false;
    }
    bool ok = search(w, root);
    w->ev.decline = NULL;
    return ok;
}

/* A walk of game g for the query key. */
static void walk_init(Walk *w, Solver *sv, Dense *d, Engine *e, DenseGame *g, const int64_t *key, Loc loc)
{
    memset(w, 0, offsetof(Walk, pn));   /* not the waiting options (1.5 KB): each is written before it is read */
    w->sv = sv;
    w->e = e;
    w->mex = &d->mex;
    w->g = g;
    w->loc = loc;
    w->vars = g->vars;
    w->ev = (EvalCtx){ e->p, NULL, NULL };
    w->key = key;
    w->solved0 = g->solved;
    w->room = e->budget ? e->budget - (e->budget < e->n ? e->budget : e->n) : SIZE_MAX;
}

static SolveResult table_solve(Solver *sv, Dense *d, Engine *e, const int64_t *key, Loc loc, uint64_t *sg, bool *terminal)
{
    DenseGame *g = game_of(d, e->p, (int)KEY_GAME(key));
    int64_t root[DNP] = { 0, 0, 0 };
    for (int i = 0; i < g->np; i++) root[i] = key[2 + i];
    if (!g->sparse && !in_table(g, root)) ensure(g, root, e->p, loc, true);
    uint32_t v = getv(g, root);
    if (v == V_UNK) {
        Walk w;
        walk_init(&w, sv, d, e, g, key, loc);
        if (!search_or_decline(&w, root)) {
            reset_onpath(g);
            return w.cycled ? SOLVE_CYCLE : SOLVE_DECLINE;
        }
        v = getv(g, root);
    }
    *sg = v & V_MASK;
    *terminal = (v & V_TERM) != 0;
    return SOLVE_DONE;
}

/* ---- the strategy ------------------------------------------------------------------------------ */

static void *dense_init(Solver *s)
{
    (void)s;
    return xcalloc(1, sizeof(Dense));
}

static void dense_fini(Solver *s, void *st)
{
    (void)s;
    Dense *d = st;
    for (size_t i = 0; i < d->n; i++)
        if (d->games[i]) free_game(d->games[i]);
    free(d->games);
    free(d->tried);
    mex_fini(&d->mex);
    free(d);
}

/* After an error: positions left in progress go back to unknown; after a limit (cleared) every
   table is dropped, as the store's states are. */
static void dense_recover(Solver *s, void *st, bool cleared)
{
    (void)s;
    Dense *d = st;
    for (size_t i = 0; i < d->n; i++) {
        DenseGame *g = d->games[i];
        if (!g || (!g->val && !g->sparse)) continue;
        if (cleared) {
            drop_table(g);
            cm_free(&g->map);
            g->sparse = false;
            g->solved = 0;
            g->ds.n = 0;
            continue;
        }
        reset_onpath(g);
    }
}

/* Games recognised as integer arithmetic (1 to 3 parameters, moves over ranges leading to
   positions of the same game), at non-negative coordinates. */
static bool dense_applies(Solver *s, void *st, const int64_t *key)
{
    if (key[1] != 0) return false;   /* integer arguments only */
    DenseGame *g = game_of(st, s->p, (int)KEY_GAME(key));
    if (!g) return false;
    for (int i = 0; i < g->np; i++)
        if (key[2 + i] < 0) return false;
    return true;
}

static SolveResult table_solve(Solver *sv, Dense *d, Engine *e, const int64_t *key, Loc loc, uint64_t *sg, bool *terminal);

/* Reading ahead. A query of cell c that the table had not solved, while the cell before it along
   the last coordinate is solved, is most likely one of a scan (sg() over a range, a claim or a
   table over every position): each such query would be a search of its own, with its setup, for
   one cell. So the cells after c along that coordinate are solved too, up to AHEAD_CELLS of them
   inside the table as it is, each by one walk whose options are all solved (as the bottom-up
   fill's), and the scan's next queries find their values. It stops at the first cell with an
   option not solved yet or outside the table (no table growth for cells nobody asked for), at an
   error in the rules' arithmetic (no message: a query of that cell reports it), at the state
   limit, and never runs in a tentative search. Two or more coordinates, dense tables, not sorted
   downwards (a step up the last coordinate would leave the sorted cells). */
#define AHEAD_CELLS 64
static void read_ahead(Solver *sv, Dense *d, Engine *e, DenseGame *g, const int64_t *key, const int64_t *c0, Loc loc)
{
    int last = g->np - 1;
    if (g->np < 2 || g->sparse || g->sort < 0 || e->budget || c0[last] < 1) return;
    int64_t c[DNP] = { 0, 0, 0 };
    memcpy(c, c0, (size_t)g->np * sizeof *c);
    c[last]--;
    if (getv(g, c) >= V_ONPATH) return;   /* the cell before it is not solved: not a scan */
    const uint64_t max = e->p->max_states;
    Walk w;
    walk_init(&w, sv, d, e, g, key, loc);
    w.mode = M_FILL;
    w.ahead = true;
    jmp_buf jb;
    w.ev.spec = &jb;
    volatile uint64_t burn = 0;   /* the walks' work, counted once (it survives a longjmp) */
    if (setjmp(jb) == 0) {
        for (int64_t j = 1; j <= AHEAD_CELLS && g->solved < max; j++) {
            c[last] = c0[last] + j;
            if (!in_table(g, c)) break;
            if (getv(g, c) != V_UNK) continue;
            int f = fill_one(&w, &g->ds, c);
            burn += w.moves + 1;
            if (f <= 0) break;
        }
    }
    w.ev.spec = NULL;
    solve_burn(sv, burn, loc);
}

/* The value of key (the coordinates sorted by a sorting canon; a canon the table evaluates itself
   is not applied here: no answer) when its game is compiled already (the table strategy took a
   position of it before): from its cell, or by a search of the table (no state stored for key;
   a search that declines or meets a cycle leaves key to the usual way, which reports it). */
static bool dense_peek(Solver *s, void *st, const int64_t *key, Loc loc, uint64_t *sg)
{
    Dense *d = st;
    uint32_t gid = KEY_GAME(key);
    if (key[1] != 0 || gid >= d->n || !d->games[gid]) return false;   /* analysed games only */
    DenseGame *g = d->games[gid];
    if ((g->canon && !g->sort) || KEY_LEN(key) != 2 + (size_t)g->np) return false;
    int64_t c[DNP] = { 0, 0, 0 };
    for (int i = 0; i < g->np; i++) c[i] = key[2 + i];
    if (g->sort) sort_coords(g->sort, g->np, c);
    for (int i = 0; i < g->np; i++)
        if (c[i] < 0) return false;
    uint32_t v = getv(g, c);
    if (v == V_UNK && !s->busy) {   /* the search starts from the sorted coordinates, as from a stored key */
        int64_t k[2 + DNP];
        memcpy(k, key, 2 * sizeof *k);
        for (int i = 0; i < g->np; i++) k[2 + i] = c[i];
        bool terminal;
        int game = s->p->work_game;
        s->p->work_game = (int)gid;   /* for the budgets' messages */
        bool done = table_solve(s, d, s->store, k, loc, sg, &terminal) == SOLVE_DONE;
        if (done) read_ahead(s, d, s->store, g, k, c, loc);
        s->p->work_game = game;
        return done;
    }
    if (v >= V_ONPATH) return false;
    *sg = v & V_MASK;
    return true;
}

/* Declines when a position falls outside the table (a negative coordinate, or too many cells). */
static SolveResult dense_solve(Solver *s, void *st, uint32_t id, Loc loc, bool need_sg)
{
    (void)need_sg;
    uint64_t g;
    bool terminal;
    SolveResult r = table_solve(s, st, s->store, eng_key(s->store, id), loc, &g, &terminal);
    if (r != SOLVE_DONE) return r;
    State *x = &s->store->st[id];
    x->sg = g;
    x->flags = ST_DONE | (terminal ? ST_TERMINAL : 0);
    x->how = solve_how(&strategy_table, 0);
    return SOLVE_DONE;
}

const Strategy strategy_table = {
    .name = "table",
    .id = STRATEGY_TABLE,
    .init = dense_init,
    .fini = dense_fini,
    .recover = dense_recover,
    .applies = dense_applies,
    .solve = dense_solve,
    .peek = dense_peek,
};
