/* dense_code.c: the table strategy's integer expression code (dense.h): a rule's integer
   expressions compiled to a small stack code (defs inlined), recognised as affine forms or bitmask
   shapes where they are, and evaluated with the language's 64-bit arithmetic (arith.h). */
#include "config.h"
#include "solve/strategies/dense.h"
#include "rules.h"
#include "builtins.h"
#include "ir.h"
#include "arith.h"
#include <stdlib.h>
#include <string.h>

/* A def's parameters while its body is compiled inline: its arguments (compiled where the call
   is: outer), one per parameter slot. */
typedef struct Subst { const Node *const *args; int n; const struct Subst *outer; } Subst;
/* bd: compiling a board game's rules (DBoard; NULL: integer parameters); wlist: a window's list
   parameter (its local slot; -1: none; see dense_cexpr_win). */
typedef struct Cc { Program *p; bool ok; int depth, maxdepth; const Subst *sub; int inlined; const DBoard *bd; int wlist; } Cc;

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

static void cexpr(Cc *c, Ops *o, const Node *n);

/* Whether n is a window's list as written in the game's rules (not inside an inlined def). */
static bool win_list(const Cc *c, const Node *n)
{
    return c->wlist >= 0 && !c->sub && n->kind == N_NAME && n->ref == REF_LOCAL && n->ref_id == c->wlist;
}

const Node *dense_win_slice(const Node *g, int wlist)
{
    if (g->kind != N_GEN || g->list.n != 1 || g->b) return NULL;
    const Node *b = g->list.v[0], *e = g->a, *x = e->a;
    if (b->kind != N_BINDER || !b->a || b->a->kind != N_RANGE || e->kind != N_INDEX || x->kind != N_NAME ||
        x->ref != REF_LOCAL || x->ref_id != wlist || e->b->kind != N_NAME || e->b->ref != REF_LOCAL ||
        e->b->ref_id != b->ref_id)
        return NULL;
    return b->a;
}

const Node *dense_win_sum(const Node *n, int wlist)
{
    if (n->kind == N_GEN && n->op == FOLD_SUM) return dense_win_slice(n, wlist);
    if (n->kind == N_CALL && n->ref == REF_BUILTIN && n->ref_id == BI_SUM && n->list.n == 1 &&
        n->list.v[0]->kind == N_GEN && n->list.v[0]->op == FOLD_LIST)
        return dense_win_slice(n->list.v[0], wlist);
    return NULL;
}

/* sum() of a window's slice: its range's bounds, then MO_WSUM. False (nothing compiled) for
   anything else. */
static bool win_sum(Cc *c, Ops *o, const Node *n)
{
    const Node *r = c->wlist < 0 || c->sub ? NULL : dense_win_sum(n, c->wlist);
    if (!r) return false;
    cexpr(c, o, r->a);
    cexpr(c, o, r->b);
    put(o, MO_WSUM, 0, 0, n);
    depth(c, -1);
    return true;
}

/* Whether n is a board's rows as written in the game's rules (not inside an inlined def, whose
   names are its own). */
static bool board_rows(const Cc *c, const Node *n)
{
    return c->bd && !c->sub && n->kind == N_NAME && n->ref == REF_LOCAL && n->ref_id == 0;
}

/* Whether n is a row of a board's rows, `rows[r]`. */
static bool board_row(const Cc *c, const Node *n)
{
    return c->bd && !c->bd->line && !c->bd->ints && n->kind == N_INDEX && board_rows(c, n->a);
}

/* Whether n is a character of a board's rules: a one-character literal or a cell `rows[r][c]`
   (a longer literal counts, so that comparing it with a cell declines). */
static bool board_char(const Cc *c, const Node *n)
{
    if (n->kind == N_STR) return true;
    if (n->kind != N_INDEX || c->bd->ints) return false;
    return c->bd->line ? board_rows(c, n->a) : n->a->kind == N_INDEX && board_rows(c, n->a->a);
}

/* A character's code: a one-character literal's, or a cell's (MO_CELL). */
static void board_char_code(Cc *c, Ops *o, const Node *n)
{
    if (!c->ok) return;
    if (n->kind == N_STR) {
        int k = n->slen == 1 ? c->bd->code[(unsigned char)n->name[0]] : -1;
        if (k < 0) { c->ok = false; return; }
        put(o, MO_CONST, 0, k, n);
        depth(c, 1);
        return;
    }
    if (!board_char(c, n)) { c->ok = false; return; }
    if (c->bd->line) {
        put(o, MO_CONST, 0, 0, n);
        depth(c, 1);
    } else {
        cexpr(c, o, n->a->b);
    }
    cexpr(c, o, n->b);
    put(o, MO_CELL, c->bd->bits, 0, n);
    depth(c, -1);
}

/* len(x) of a board: of its rows (BD_R), or of a row (MO_ROWLEN). False (nothing compiled) for
   anything else. */
static bool board_len(Cc *c, Ops *o, const Node *x)
{
    if (!c->bd) return false;
    if (board_rows(c, x)) {
        put(o, MO_VAR, c->bd->line || c->bd->ints ? BD_C : BD_R, 0, x);
        depth(c, 1);
        return true;
    }
    if (c->bd->line || c->bd->ints || x->kind != N_INDEX || !board_rows(c, x->a)) return false;
    cexpr(c, o, x->b);
    put(o, MO_ROWLEN, 0, 0, x);
    return true;
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
        if (n->ref == REF_LOCAL && c->wlist >= 0) {   /* a window's list only as win_* read it; locals shifted */
            if (n->ref_id == c->wlist) { c->ok = false; return; }
            put(o, MO_VAR, n->ref_id + W_SHIFT, 0, n);
            depth(c, 1);
            return;
        }
        if (n->ref == REF_LOCAL && c->bd) {   /* a board's rows only as board_* read them; locals shifted */
            if (n->ref_id == 0) { c->ok = false; return; }
            put(o, MO_VAR, n->ref_id + BD_SHIFT, 0, n);
            depth(c, 1);
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
        if (board_row(c, n->a) && board_row(c, n->b)) {   /* two rows (of one length): == and != of their cells */
            if (op != MO_EQ && op != MO_NE) { c->ok = false; return; }
            cexpr(c, o, n->a->b);
            put(o, MO_ROWGET, c->bd->bits, 0, n->a);
            cexpr(c, o, n->b->b);
            put(o, MO_ROWGET, c->bd->bits, 0, n->b);
            put(o, op, 0, 0, n);
            depth(c, -1);
            return;
        }
        if (c->bd && (board_char(c, n->a) || board_char(c, n->b))) {   /* characters: == and != of their codes */
            if (op != MO_EQ && op != MO_NE) { c->ok = false; return; }
            board_char_code(c, o, n->a);
            board_char_code(c, o, n->b);
            put(o, op, 0, 0, n);
            depth(c, -1);
            return;
        }
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
    case N_GEN:
        if (!win_sum(c, o, n)) c->ok = false;
        return;
    case N_CALL:
        if (win_sum(c, o, n)) return;
        if (n->ref == REF_BUILTIN && n->ref_id == BI_LEN && n->list.n == 1 && win_list(c, n->list.v[0])) {
            put(o, MO_VAR, W_LEN, 0, n);
            depth(c, 1);
            return;
        }
        if (n->ref == REF_BUILTIN && (n->ref_id == BI_MIN || n->ref_id == BI_MAX) && n->list.n >= 2) {
            for (int i = 0; i < n->list.n; i++) {
                if (n->list.v[i]->kind == N_SPLAT) { c->ok = false; return; }
                cexpr(c, o, n->list.v[i]);
                if (i) { put(o, n->ref_id == BI_MIN ? MO_MIN : MO_MAX, 0, 0, n); depth(c, -1); }
            }
            return;
        }
        if (n->ref == REF_BUILTIN && n->ref_id == BI_LEN && n->list.n == 1 && board_len(c, o, n->list.v[0])) return;
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
        if (win_list(c, n->a)) {   /* an element of a window */
            cexpr(c, o, n->b);
            put(o, MO_WELEM, 0, 0, n);
            return;
        }
        if (c->bd && c->bd->ints && board_rows(c, n->a)) {   /* an element of a list of integers */
            cexpr(c, o, n->b);
            put(o, MO_ELEM, 0, 0, n);
            return;
        }
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

/* An index of a board's cell in v[*i..]: a variable or a constant, plus or minus a constant; its
   slot (-1: none) and constant in *slot and *off, *i moved past it. */
static bool cell_index(const MOp *v, int n, int *i, int *slot, int64_t *off)
{
    if (*i >= n || v[*i].rk || (v[*i].op != MO_VAR && v[*i].op != MO_CONST)) return false;
    *slot = v[*i].op == MO_VAR ? v[*i].a : -1;
    *off = v[*i].op == MO_CONST ? v[*i].k : 0;
    (*i)++;
    if (*i < n && v[*i].rk == 1 && (v[*i].op == MO_ADD || v[*i].op == MO_SUB)) {
        int64_t k = v[*i].k;
        if (v[*i].op == MO_SUB ? __builtin_sub_overflow(*off, k, off) : __builtin_add_overflow(*off, k, off)) return false;
        (*i)++;
    }
    return true;
}

/* SH_CELL: a cell compared with a character (the comparison read by bit_shape). */
static void cell_shape(Ops *o, int n)
{
    int i = 0;
    if (!o->scmp || !cell_index(o->v, n, &i, &o->cr, &o->cro) || !cell_index(o->v, n, &i, &o->cc, &o->cco) ||
        i != n - 1 || o->v[i].op != MO_CELL || o->v[i].rk)
        return;
    o->cbits = o->v[i].a;
    o->shape = SH_CELL;
}

/* SH_PUT: the code of a board's result, `mask` then groups `r r ROWGET (c CELLPUT)* ROWPUT`
   whose two row indexes are the same (a row rewritten from itself), read as its cells. */
static void put_shape(Ops *o)
{
    const MOp *v = o->v;
    int n = o->n, i = 1, grp = 0;
    struct CellPut cp[MAX_CELL_PUTS];
    int ncp = 0;
    if (n < 2 || v[0].op != MO_VAR || v[0].rk || v[0].a != BD_M) return;
    while (i < n) {
        int rs, ss;
        int64_t ro, so;
        if (!cell_index(v, n, &i, &rs, &ro) || !cell_index(v, n, &i, &ss, &so) || rs != ss || ro != so) return;
        if (i >= n || v[i].op != MO_ROWGET || v[i].rk) return;
        i++;
        if (i < n && v[i].op == MO_ROWPUT) return;   /* a row put back as it was: no cell names it (the stack code) */
        while (i < n && v[i].op != MO_ROWPUT) {
            if (ncp == MAX_CELL_PUTS) return;
            struct CellPut *c = &cp[ncp++];
            c->grp = grp;
            c->rs = rs;
            c->ro = ro;
            if (!cell_index(v, n, &i, &c->cs, &c->co) || i >= n || v[i].op != MO_CELLPUT || v[i].rk) return;
            c->code = (int)v[i].k;
            o->cbits = v[i].a;
            i++;
        }
        if (i >= n || v[i].rk) return;
        i++;
        grp++;
    }
    if (!ncp) return;
    o->cput = xmalloc((size_t)ncp * sizeof *o->cput);
    memcpy(o->cput, cp, (size_t)ncp * sizeof *cp);
    o->ncput = ncp;
    o->shape = SH_PUT;
}

/* SH_ROWLEN: `len(rows[r + i]) + j` (i, j constants; r a variable or absent), j within 2^62. */
static void rowlen_shape(Ops *o)
{
    int i = 0;
    if (o->shape || !cell_index(o->v, o->n, &i, &o->cr, &o->cro) || i >= o->n || o->v[i].op != MO_ROWLEN || o->v[i].rk)
        return;
    o->cco = 0;
    if (++i < o->n && o->v[i].rk == 1 && (o->v[i].op == MO_ADD || o->v[i].op == MO_SUB) && o->v[i].k > -((int64_t)1 << 62) &&
        o->v[i].k < ((int64_t)1 << 62)) {
        o->cco = o->v[i].op == MO_ADD ? o->v[i].k : -o->v[i].k;
        i++;
    }
    if (i == o->n) o->shape = SH_ROWLEN;
}

/* SH_LPUT: the code of a list's result, `list` then `i v ELEMSET` for each element set, i a
   variable or constant plus a constant, v either that too or `a[j]` plus or minus a variable or
   constant (`a[i := a[i] - k]`). */
static void lput_shape(Ops *o)
{
    const MOp *v = o->v;
    int n = o->n, i = 1;
    struct CellPut cp[MAX_CELL_PUTS];
    int ncp = 0;
    if (o->shape || n < 2 || v[0].op != MO_VAR || v[0].rk || v[0].a != BD_M) return;
    while (i < n) {
        if (ncp == MAX_CELL_PUTS) return;
        struct CellPut *c = &cp[ncp++];
        memset(c, 0, sizeof *c);
        c->xs = -1;
        if (!cell_index(v, n, &i, &c->rs, &c->ro) || !cell_index(v, n, &i, &c->cs, &c->co) || i >= n) return;
        if (v[i].op == MO_ELEM && !v[i].rk) {
            c->vk = 1;
            if (++i < n && (v[i].op == MO_ADD || v[i].op == MO_SUB) && v[i].rk) {
                c->xneg = v[i].op == MO_SUB;
                if (v[i].rk == 2) c->xs = v[i].a;
                else c->xo = v[i].k;
                if (c->xo == INT64_MIN) return;
                i++;
            }
        }
        if (i >= n || v[i].op != MO_ELEMSET || v[i].rk) return;
        i++;
    }
    o->cput = xmalloc((size_t)ncp * sizeof *o->cput);
    memcpy(o->cput, cp, (size_t)ncp * sizeof *cp);
    o->ncput = ncp;
    o->shape = SH_LPUT;
}

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
    } else if (o->scmp) {
        cell_shape(o, n);
    } else {
        put_shape(o);
        rowlen_shape(o);
        lput_shape(o);
    }
}

bool dense_cexpr_top(Program *p, Ops *o, const Node *n, const DBoard *bd)
{
    Cc c = { p, true, 0, 0, NULL, 0, bd, -1 };
    cexpr(&c, o, n);
    o->node = n;
    if (c.ok) dense_affine(o);
    if (c.ok && !o->affine) bit_shape(o);
    return c.ok;
}

bool dense_cexpr_win(Program *p, Ops *o, const Node *n, int wlist)
{
    Cc c = { p, true, 0, 0, NULL, 0, NULL, wlist };
    cexpr(&c, o, n);
    o->node = n;
    if (c.ok) dense_affine(o);
    if (c.ok && !o->affine) bit_shape(o);
    return c.ok;
}

/* The cells update u sets in the row on the stack (`row[c := "x", ...]`, one-character literals):
   MO_CELLPUT each. */
static bool cell_puts(Cc *c, Ops *o, const Node *u)
{
    for (int j = 0; j < u->list.n && c->ok; j++) {
        const Node *cp = u->list.v[j], *v = cp->b;
        int k = v->kind == N_STR && v->slen == 1 ? c->bd->code[(unsigned char)v->name[0]] : -1;
        if (k < 0) return false;
        cexpr(c, o, cp->a);
        put(o, MO_CELLPUT, c->bd->bits, k, cp);
        depth(c, -1);
    }
    return c->ok;
}

static bool cboard_rows(Program *p, Ops *o, const Node *n, const DBoard *bd)
{
    if (bd->ints && (n->kind == N_GEN || (n->kind == N_CALL && n->ref == REF_BUILTIN && n->ref_id == BI_SORT)))
        return dense_clmap(p, o, n, bd);
    Cc c = { p, true, 0, 0, NULL, 0, bd, -1 };
    put(o, MO_VAR, BD_M, 0, n);
    depth(&c, 1);
    if (!board_rows(&c, n) && bd->ints) {   /* a[i := v, ...] */
        if (n->kind != N_UPDATE || !board_rows(&c, n->a)) return false;
        for (int j = 0; j < n->list.n && c.ok; j++) {
            cexpr(&c, o, n->list.v[j]->a);
            cexpr(&c, o, n->list.v[j]->b);
            put(o, MO_ELEMSET, 0, 0, n->list.v[j]);
            depth(&c, -2);
        }
    } else if (!board_rows(&c, n) && bd->line) {   /* s[c := "x", ...]: row 0 rewritten */
        if (n->kind != N_UPDATE || !board_rows(&c, n->a)) return false;
        put(o, MO_CONST, 0, 0, n);
        put(o, MO_CONST, 0, 0, n);
        put(o, MO_ROWGET, bd->bits, 0, n);
        depth(&c, 2);
        if (!cell_puts(&c, o, n)) return false;
        put(o, MO_ROWPUT, bd->bits, 0, n);
        depth(&c, -2);
    } else if (!board_rows(&c, n)) {
        if (n->kind != N_UPDATE || !board_rows(&c, n->a)) return false;
        for (int i = 0; i < n->list.n && c.ok; i++) {
            const Node *pr = n->list.v[i], *x = pr->b;
            const Node *row = x->kind == N_UPDATE ? x->a : x;   /* rows[j], or rows[j][c := "x", ...] */
            if (row->kind != N_INDEX || !board_rows(&c, row->a)) return false;
            cexpr(&c, o, pr->a);
            cexpr(&c, o, row->b);
            put(o, MO_ROWGET, bd->bits, 0, row);
            if (x->kind == N_UPDATE && !cell_puts(&c, o, x)) return false;
            put(o, MO_ROWPUT, bd->bits, 0, pr);
            depth(&c, -2);
        }
    }
    o->node = n;
    if (c.ok) dense_affine(o);
    if (c.ok && !o->affine) bit_shape(o);
    return c.ok;
}

bool dense_cboard_args(Program *p, Ops *out, const Node *x, const DBoard *bd)
{
    bool ok = cboard_rows(p, &out[BD_M], x, bd);
    put(&out[BD_R], MO_VAR, BD_R, 0, x);
    put(&out[BD_C], MO_VAR, out[BD_M].lmap ? out[BD_M].lmap->len : BD_C, 0, x);   /* a comprehension's length */
    for (int k = BD_R; k <= BD_C; k++) {
        out[k].node = x;
        dense_affine(&out[k]);
    }
    return ok;
}

void dense_free_ops(Ops *o)
{
    if (!o) return;
    dense_clear_ops(o);
    xfree(o);
}

void dense_clear_ops(Ops *o)
{
    LMap *l = o->lmap;
    if (l) {
        dense_free_ops(l->lo);
        dense_free_ops(l->hi);
        dense_free_ops(l->e);
        dense_free_ops(l->f);
        dense_free_ops(l->t[0]);
        dense_free_ops(l->t[1]);
        dense_free_ops(l->piece[0].k);
        dense_free_ops(l->piece[1].k);
        xfree(l);
    }
    xfree(o->v);
    xfree(o->cput);
    o->v = NULL;
    o->cput = NULL;
    o->lmap = NULL;
    o->n = o->cap = o->ncput = 0;
}

/* ---- lists made by a comprehension (LMap), compiled ---- */

bool dense_reads_slot(const Ops *o, int slot)
{
    for (int i = 0; i < o->n; i++)
        if ((o->v[i].op == MO_VAR || o->v[i].rk == 2) && o->v[i].a == slot) return true;
    return false;
}

/* Whether n is the game's list itself (its parameter, slot 0). */
static bool is_list(const Node *n) { return n->kind == N_NAME && n->ref == REF_LOCAL && n->ref_id == 0; }

/* Whether n names the comprehension's binder (its sema slot bs). */
static bool is_binder(const Node *n, int bs) { return n->kind == N_NAME && n->ref == REF_LOCAL && n->ref_id == bs; }

/* Whether expression n of a comprehension over a list of integers is an integer (not a truth
   value, which a list keeps as such): sema's type, or where it has none, its form. */
static bool int_valued(const Node *n)
{
    if (n->type == VT_INT) return true;
    if (n->type != VT_NONE) return false;
    switch (n->kind) {
    case N_INT: case N_NAME: case N_INDEX: return true;
    case N_IF: return int_valued(n->b) && int_valued(n->c);
    case N_UNARY: return n->op == OP_NEG;
    case N_BINARY: return n->op <= OP_POW || (n->op >= OP_BAND && n->op <= OP_SHR);
    case N_CALL: return n->ref == REF_BUILTIN && (n->ref_id == BI_MIN || n->ref_id == BI_MAX || n->ref_id == BI_ABS);
    default: return false;
    }
}

bool dense_int_valued(const Node *n) { return int_valued(n); }

/* Expression n compiled into a new Ops (*ok false when it does not compile). */
static Ops *sub_ops(Program *p, const Node *n, const DBoard *bd, bool *ok)
{
    Ops *o = xcalloc(1, sizeof *o);
    if (*ok && !dense_cexpr_top(p, o, n, bd)) *ok = false;
    return o;
}

/* Whether n is the element at the binder: `a[i]` (i over a range) or x (over the list). */
static bool elem_of(const LMap *l, const Node *n, int bs)
{
    if (l->over) return is_binder(n, bs);
    return n->kind == N_INDEX && is_list(n->a) && is_binder(n->b, bs);
}

/* n as a piece (LPiece) of l, whose binder has sema slot bs; false when it has no native form. */
static bool piece_of(Program *p, const LMap *l, const Node *n, int bs, const DBoard *bd, LPiece *pc)
{
    pc->kind = LK_GEN;
    if (elem_of(l, n, bs)) {
        pc->kind = LK_ELEM;
        return true;
    }
    const Node *x = NULL, *k = NULL;
    int kind = LK_GEN;
    if (n->kind == N_CALL && n->ref == REF_BUILTIN && (n->ref_id == BI_MIN || n->ref_id == BI_MAX) && n->list.n == 2) {
        const Node *u = n->list.v[0], *v = n->list.v[1];
        if (u->kind == N_SPLAT || v->kind == N_SPLAT) return false;
        x = elem_of(l, u, bs) ? u : v;
        k = x == u ? v : u;
        kind = n->ref_id == BI_MIN ? LK_MIN : LK_MAX;
    } else if (n->kind == N_BINARY && (n->op == OP_ADD || n->op == OP_SUB)) {
        x = n->a;
        k = n->b;
        if (n->op == OP_ADD && !elem_of(l, x, bs)) { x = n->b; k = n->a; }
        kind = n->op == OP_ADD ? LK_ADD : LK_SUB;
    }
    bool ok = true;
    if (!x || !elem_of(l, x, bs)) {   /* k alone? */
        k = n;
        kind = LK_INV;
    }
    Ops *ko = sub_ops(p, k, bd, &ok);
    if (!ok || dense_reads_slot(ko, l->slot)) {   /* not invariant */
        dense_free_ops(ko);
        return false;
    }
    pc->kind = kind;
    pc->k = ko;
    return true;
}

/* Comparison c of the binder (sema slot bs) with an expression t that does not read it, as
   `i op t`: its operator (mirrored where t comes first) and t, or false. */
static bool binder_cmp(const Node *c, int bs, int *op, const Node **t)
{
    if (c->kind != N_BINARY) return false;
    *op = c->op;
    if (is_binder(c->a, bs)) {
        *t = c->b;
    } else if (is_binder(c->b, bs)) {   /* t op i: i op' t */
        *t = c->a;
        *op = *op == OP_LT ? OP_GT : *op == OP_LE ? OP_GE : *op == OP_GT ? OP_LT : *op == OP_GE ? OP_LE : *op;
    } else {
        return false;
    }
    return *op >= OP_EQ && *op <= OP_GE;
}

/* Bound k of l's interval from `i op t` (op one of < <= > >=): i >= t and i > t (t + 1) bound it
   below (k 0), i < t and i <= t (t + 1) above (k 1). False when t reads the binder or does not
   compile, or the bound is set already. */
static bool bound_of(Program *p, LMap *l, int op, const Node *t, const DBoard *bd, int *k)
{
    *k = op == OP_GE || op == OP_GT ? 0 : 1;
    if (l->t[*k]) return false;
    l->tadd[*k] = op == OP_GT || op == OP_LE;
    bool ok = true;
    l->t[*k] = sub_ops(p, t, bd, &ok);
    return ok && !dense_reads_slot(l->t[*k], l->slot);
}

/* The split of l at `if COND then A else B` (see LMap: COND a comparison of the binder i over a
   range, or `and` of a lower and an upper bound), its pieces A (inside) and B; false when n is
   not of this form. */
static bool split_of(Program *p, LMap *l, const Node *n, int bs, const DBoard *bd)
{
    if (l->over || n->kind != N_IF) return false;
    const Node *c = n->a, *t, *in = n->b, *out = n->c;
    int op, k;
    if (c->kind == N_AND) {
        int op2, k2;
        const Node *t2;
        if (!binder_cmp(c->a, bs, &op, &t) || !binder_cmp(c->b, bs, &op2, &t2) || op == OP_EQ || op == OP_NE ||
            op2 == OP_EQ || op2 == OP_NE)
            return false;
        if (!bound_of(p, l, op, t, bd, &k) || !bound_of(p, l, op2, t2, bd, &k2)) return false;
        l->first = k;
    } else {
        if (!binder_cmp(c, bs, &op, &t)) return false;
        if (op == OP_EQ || op == OP_NE) {
            bool ok = true;
            l->eq = true;
            l->t[0] = sub_ops(p, t, bd, &ok);
            if (!ok || dense_reads_slot(l->t[0], l->slot)) return false;
            if (op == OP_NE) { in = n->c; out = n->b; }
        } else if (!bound_of(p, l, op, t, bd, &k)) {
            return false;
        }
        l->first = l->t[0] ? 0 : 1;
    }
    l->split = true;
    return piece_of(p, l, out, bs, bd, &l->piece[0]) && piece_of(p, l, in, bs, bd, &l->piece[1]);
}

/* Whether filter f keeps the non-zero elements: `x > 0`, `x != 0`, `x >= 1` (either way round)
   of the element at the binder. */
static bool nz_filter(const LMap *l, const Node *f, int bs)
{
    if (f->kind != N_BINARY) return false;
    const Node *x = f->a, *k = f->b;
    int op = f->op;
    if (!elem_of(l, x, bs)) {
        x = f->b;
        k = f->a;
        op = op == OP_LT ? OP_GT : op == OP_LE ? OP_GE : op == OP_GT ? OP_LT : op == OP_GE ? OP_LE : op;   /* k op x: x op' k */
    }
    if (!elem_of(l, x, bs) || k->kind != N_INT) return false;
    return ((op == OP_GT || op == OP_NE) && k->ival == 0) || (op == OP_GE && k->ival == 1);
}

bool dense_clmap(Program *p, Ops *o, const Node *n, const DBoard *bd)
{
    bool sorted = n->kind == N_CALL;   /* sort([...]) */
    if (sorted) {
        if (n->list.n != 1 || n->list.v[0]->kind != N_GEN) return false;
        n = n->list.v[0];
    }
    if (n->op != FOLD_LIST || n->list.n != 1 || !int_valued(n->a)) return false;
    const Node *b = n->list.v[0], *dom = b->a;
    bool over = is_list(dom);
    if (!over && dom->kind != N_RANGE) return false;
    LMap *l = xcalloc(1, sizeof *l);
    o->lmap = l;
    o->shape = SH_LMAP;
    o->node = n;
    int bs = b->ref_id;
    l->slot = bs + BD_SHIFT;
    l->len = bs + 1 + BD_SHIFT;
    l->over = over;
    l->sorted = sorted;
    l->filt = n->b != NULL;
    bool ok = true;
    if (!over) {
        l->lo = sub_ops(p, dom->a, bd, &ok);
        l->hi = sub_ops(p, dom->b, bd, &ok);
    }
    l->e = sub_ops(p, n->a, bd, &ok);
    if (l->filt) l->f = sub_ops(p, n->b, bd, &ok);
    if (!ok) return false;
    /* the native forms; anything else the stack code per element */
    l->nz = l->filt && nz_filter(l, n->b, bs);
    if (l->filt && !(l->nz && elem_of(l, n->a, bs))) return true;
    if (split_of(p, l, n->a, bs, bd)) {
        l->fast = true;
        return true;
    }
    for (int i = 0; i < 2; i++) {
        dense_free_ops(l->piece[i].k);
        dense_free_ops(l->t[i]);
        l->t[i] = NULL;
    }
    memset(l->piece, 0, sizeof l->piece);
    l->split = l->eq = false;
    l->fast = piece_of(p, l, n->a, bs, bd, &l->piece[0]);
    return true;
}
