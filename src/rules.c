/* rules.c: reading a game's rules once for the recognisers (see rules.h). */
#include "config.h"
#include "rules.h"
#include "arith.h"
#include "builtins.h"
#include "util.h"
#include <string.h>

/* ---- the canon's shape ---- */

static bool param_ref(const Node *x, int i)
{
    return x->kind == N_NAME && x->ref == REF_LOCAL && x->ref_id == i;
}

static bool builtin_call(const Node *x, int id, int nargs)
{
    return x->kind == N_CALL && x->ref == REF_BUILTIN && x->ref_id == id && x->list.n == nargs;
}

/* `sort(...)...` */
static bool sort_splat(const Node *x)
{
    return x->kind == N_SPLAT && builtin_call(x->a, BI_SORT, 1);
}

/* x is parameter i, or int() of it when loose (the identity on integers). */
static bool param_or_int(const Node *x, int i, bool loose)
{
    return param_ref(x, i) || (loose && builtin_call(x, BI_INT, 1) && param_ref(x->list.v[0], i));
}

/* (min(a, b), max(a, b)) in either argument order: 1; (max, min): -1; else 0 (loose: a and b
   may be under int()). */
static int minmax(const Node *cn, bool loose)
{
    if (cn->list.n != 2) return 0;
    int kind[2];
    for (int k = 0; k < 2; k++) {
        const Node *c = cn->list.v[k];
        if (!builtin_call(c, BI_MIN, 2) && !builtin_call(c, BI_MAX, 2)) return 0;
        const Node *x = c->list.v[0], *y = c->list.v[1];
        if (!((param_or_int(x, 0, loose) && param_or_int(y, 1, loose)) || (param_or_int(x, 1, loose) && param_or_int(y, 0, loose))))
            return 0;
        kind[k] = c->ref_id;
    }
    return kind[0] == BI_MIN && kind[1] == BI_MAX ? 1 : kind[0] == BI_MAX && kind[1] == BI_MIN ? -1 : 0;
}

static CanonForm canon_form(const Node *cn, int np, bool variadic)
{
    if (!cn) return CF_NONE;
    if (!variadic && np == 2 && minmax(cn, false)) return minmax(cn, false) > 0 ? CF_SORT_UP : CF_SORT_DOWN;
    if (!variadic && np >= 2 && np <= 64 && cn->list.n == 1 && sort_splat(cn->list.v[0])) {
        const Node *l = cn->list.v[0]->a->list.v[0];
        if (l->kind != N_LIST || l->list.n != np) return CF_NONE;
        uint64_t seen = 0;
        for (int i = 0; i < np; i++) {
            const Node *x = l->list.v[i];
            if (x->kind != N_NAME || x->ref != REF_LOCAL || x->ref_id < 0 || x->ref_id >= np || (seen >> x->ref_id & 1))
                return CF_NONE;
            seen |= (uint64_t)1 << x->ref_id;
        }
        return CF_SORT_UP;
    }
    if (variadic && np <= 32 && cn->list.n == np) {
        for (int i = 0; i < np - 1; i++)
            if (!param_ref(cn->list.v[i], i)) return CF_NONE;
        const Node *last = cn->list.v[np - 1];
        if (sort_splat(last) && param_ref(last->a->list.v[0], np - 1)) return CF_SORT_TAIL;
    }
    return CF_NONE;
}

static bool canon_permutes(const Node *cn, CanonForm f, int np, bool variadic)
{
    if (f == CF_SORT_UP || f == CF_SORT_DOWN) return true;
    if (!cn || variadic || np != 2 || f != CF_NONE) return false;
    return minmax(cn, true) != 0;
}

/* ---- a rule's parts ---- */

/* The integer literals of a set or list literal (negated ones too): false for anything else. */
static bool literal_ints(Arena *a, RBinder *b, const Node *d)
{
    int64_t *v = arena_alloc(a, ((size_t)d->list.n + 1) * sizeof *v);
    for (int i = 0; i < d->list.n; i++) {
        const Node *x = d->list.v[i];
        if (x->kind == N_INT) v[i] = x->ival;
        else if (x->kind == N_UNARY && x->op == OP_NEG && x->a->kind == N_INT && x->a->ival != INT64_MIN) v[i] = -x->a->ival;
        else return false;
    }
    int64_t *s = arena_alloc(a, ((size_t)d->list.n + 1) * sizeof *s);
    memcpy(s, v, (size_t)d->list.n * sizeof *s);
    b->nsorted = (int)util_sort_unique_i64(s, (size_t)d->list.n);
    b->sorted = s;
    b->is_set = d->kind == N_SET;
    b->ints = b->is_set ? s : v;
    b->nints = b->is_set ? b->nsorted : d->list.n;
    return true;
}

static void read_binder(Arena *a, RBinder *b, const Node *n)
{
    const Node *d = n->a;
    *b = (RBinder){ .name = n->name, .slot = n->ref_id, .kind = RD_OTHER, .dom = d };
    if (d->kind == N_RANGE) {
        b->kind = RD_RANGE;
        b->lo = d->a;
        b->hi = d->b;
    } else if ((d->kind == N_SET || d->kind == N_LIST) && literal_ints(a, b, d)) {
        b->kind = RD_INTS;
    } else if (d->kind == N_NAME && (d->ref == REF_LOCAL || d->ref == REF_CONST)) {
        b->kind = RD_NAME;
        b->ref = d->ref;
        b->ref_id = d->ref_id;
    }
}

static int count_and(const Node *e) { return e->kind == N_AND ? count_and(e->a) + count_and(e->b) : 1; }

static void split_and(RRule *r, const Node *e)
{
    if (e->kind == N_AND) {
        split_and(r, e->a);
        split_and(r, e->b);
        return;
    }
    r->cl[r->ncl++] = (RClause){ .e = e };
}

/* Whether e is a sum of calls of games and literal zeros; counts them. */
static bool sum_shape(const Node *e, int *calls, int *zeros)
{
    if (e->kind == N_BINARY && e->op == OP_ADD) return sum_shape(e->a, calls, zeros) && sum_shape(e->b, calls, zeros);
    if (e->kind == N_INT && e->ival == 0) { (*zeros)++; return true; }
    if (e->kind != N_CALL || e->ref != REF_GAME) return false;
    (*calls)++;
    return true;
}

static void sum_calls(RRule *r, const Node *e)
{
    if (e->kind == N_BINARY && e->op == OP_ADD) {
        sum_calls(r, e->a);
        sum_calls(r, e->b);
        return;
    }
    if (e->kind != N_CALL) return;
    RCall *c = &r->calls[r->ncalls++];
    *c = (RCall){ .node = e, .game = e->ref_id, .nargs = e->list.n, .args = (const Node *const *)e->list.v };
    for (int i = 0; i < e->list.n; i++) c->splat |= e->list.v[i]->kind == N_SPLAT;
}

static void read_move(Arena *a, RRule *r, const Node *m)
{
    r->name = m->name;
    r->loc = m->loc;
    r->nb = m->list.n;
    r->b = arena_alloc(a, ((size_t)r->nb + 1) * sizeof *r->b);
    for (int i = 0; i < r->nb; i++) read_binder(a, &r->b[i], m->list.v[i]);
    int ncl = 0;
    for (int i = 0; i < m->list2.n; i++) {
        const Node *c = m->list2.v[i];
        ncl += c->kind == N_WHEN ? count_and(c->a) : 1;
    }
    r->cl = arena_alloc(a, ((size_t)ncl + 1) * sizeof *r->cl);
    for (int i = 0; i < m->list2.n; i++) {
        const Node *c = m->list2.v[i];
        if (c->kind == N_WHEN) {
            r->nwhen++;
            split_and(r, c->a);
        } else {
            r->lets = true;
            r->cl[r->ncl++] = (RClause){ .let = true, .slot = c->ref_id, .e = c->a };
        }
    }
    r->result = m->a;
    r->gain = m->b;
    int calls = 0, zeros = 0;
    if (m->a && sum_shape(m->a, &calls, &zeros)) {
        r->sum = true;
        r->nzeros = zeros;
        r->calls = arena_alloc(a, ((size_t)calls + 1) * sizeof *r->calls);
        sum_calls(r, m->a);
    }
}

GameRules *rules_read(Arena *a, const Node *g)
{
    GameRules *gr = arena_alloc(a, sizeof *gr);
    memset(gr, 0, sizeof *gr);
    gr->gid = g->ref_id;
    gr->np = g->nparams;
    gr->variadic = g->variadic;
    gr->n = g->list.n;
    gr->items = arena_alloc(a, ((size_t)gr->n + 1) * sizeof *gr->items);
    memset(gr->items, 0, ((size_t)gr->n + 1) * sizeof *gr->items);
    const Node *cn = NULL;
    for (int i = 0; i < g->list.n; i++) {
        const Node *m = g->list.v[i];
        RRule *r = &gr->items[i];
        if (m->kind == N_CANON) {
            r->canon = true;
            r->loc = m->loc;
            r->canon_args = (const Node *const *)m->list.v;
            r->ncanon_args = m->list.n;
            gr->canon = r;
            cn = m;
            continue;
        }
        read_move(a, r, m);
        gr->nmoves++;
    }
    gr->canon_form = canon_form(cn, gr->np, gr->variadic);
    gr->canon_permutes = canon_permutes(cn, gr->canon_form, gr->np, gr->variadic);
    return gr;
}

bool rules_passes_on(const RCall *c, int i)
{
    return i < c->nargs && param_ref(c->args[i], i);
}

/* ---- integer expressions ---- */

bool rules_mentions(const Node *e, int slot)
{
    if (!e) return false;
    if (e->kind == N_NAME && e->ref == REF_LOCAL && e->ref_id == slot) return true;
    if (rules_mentions(e->a, slot) || rules_mentions(e->b, slot) || rules_mentions(e->c, slot)) return true;
    for (int i = 0; i < e->list.n; i++)
        if (rules_mentions(e->list.v[i], slot)) return true;
    for (int i = 0; i < e->list2.n; i++)
        if (rules_mentions(e->list2.v[i], slot)) return true;
    return false;
}

bool rules_linear(const Node *e, int slot)
{
    if (!rules_mentions(e, slot)) return true;
    if (e->kind == N_NAME) return true;
    if (e->kind == N_UNARY && e->op == OP_NEG) return rules_linear(e->a, slot);
    if (e->kind != N_BINARY) return false;
    if (e->op == OP_ADD || e->op == OP_SUB) return rules_linear(e->a, slot) && rules_linear(e->b, slot);
    if (e->op == OP_MUL)
        return (!rules_mentions(e->a, slot) && rules_linear(e->b, slot)) || (!rules_mentions(e->b, slot) && rules_linear(e->a, slot));
    return false;
}

static RAffine bad(void) { return (RAffine){ .ok = false }; }

static RAffine constant(int64_t c) { return (RAffine){ .ok = true, .c = c }; }

bool rules_affine_const(RAffine x)
{
    if (!x.ok) return false;
    for (int i = 0; i < RULES_TRACK; i++)
        if (x.k[i]) return false;
    return true;
}

/* x + sy * y */
static RAffine comb(RAffine x, RAffine y, int64_t sy)
{
    RAffine r = { .ok = x.ok && y.ok };
    int64_t t;
    if (!r.ok) return r;
    r.ok = arith_mul(y.c, sy, &t) == ARITH_OK && arith_add(x.c, t, &r.c) == ARITH_OK;
    for (int i = 0; i < RULES_TRACK && r.ok; i++)
        r.ok = arith_mul(y.k[i], sy, &t) == ARITH_OK && arith_add(x.k[i], t, &r.k[i]) == ARITH_OK;
    return r;
}

static RAffine from_value(const Value *v)
{
    return v->t == VT_INT ? constant(v->u.i) : bad();
}

RAffine rules_affine(const RFold *f, const Node *e)
{
    switch (e->kind) {
    case N_INT: return constant(e->ival);
    case N_NAME:
        if (e->ref == REF_LOCAL) {
            for (int i = 0; i < RULES_TRACK; i++)
                if (f->track[i] >= 0 && e->ref_id == f->track[i]) {
                    RAffine r = constant(0);
                    r.k[i] = 1;
                    return r;
                }
            if (e->ref_id < f->nlocals && f->locals) return from_value(&f->locals[e->ref_id]);
            return bad();
        }
        if (e->ref == REF_CONST && f->consts && (!f->ready || f->ready[e->ref_id])) return from_value(&f->consts[e->ref_id]);
        return bad();
    case N_UNARY:
        if (e->op != OP_NEG) return bad();
        return comb(constant(0), rules_affine(f, e->a), -1);
    case N_BINARY: {
        if (e->op == OP_ADD || e->op == OP_SUB) return comb(rules_affine(f, e->a), rules_affine(f, e->b), e->op == OP_ADD ? 1 : -1);
        if (e->op != OP_MUL) return bad();
        RAffine x = rules_affine(f, e->a), y = rules_affine(f, e->b);
        if (!x.ok || !y.ok) return bad();
        if (!rules_affine_const(x)) { RAffine t = x; x = y; y = t; }
        if (!rules_affine_const(x)) return bad();
        return comb(constant(0), y, x.c);
    }
    default: return bad();
    }
}

bool rules_compare(const RFold *f, const Node *e, int *op, RAffine *d)
{
    if (e->kind == N_BOOL) {
        *op = e->ival ? OP_EQ : OP_NE;
        *d = constant(0);
        return true;
    }
    if (e->kind != N_BINARY || e->op < OP_EQ || e->op > OP_GE) return false;
    *op = e->op;
    *d = comb(rules_affine(f, e->a), rules_affine(f, e->b), -1);
    return d->ok;
}

int rules_local(const Node *e)
{
    return e && e->kind == N_NAME && e->ref == REF_LOCAL ? e->ref_id : -1;
}

const Node *rules_halved(const Node *e)
{
    return e->kind == N_BINARY && e->op == OP_DIV && e->b->kind == N_INT && e->b->ival == 2 ? e->a : NULL;
}

bool rules_min_of(const Node *e, const Node **x, const Node **y)
{
    if (!builtin_call(e, BI_MIN, 2)) return false;
    *x = e->list.v[0];
    *y = e->list.v[1];
    return true;
}

bool rules_int_values(const RFold *f, const RBinder *b, int excluded, const int64_t **v, size_t *n)
{
    if (b->kind == RD_INTS) {
        *v = b->ints;
        *n = (size_t)b->nints;
        return true;
    }
    if (b->kind != RD_NAME) return false;
    const Value *x = NULL;
    if (b->ref == REF_LOCAL && b->ref_id < f->nlocals && b->ref_id != excluded && f->locals) x = &f->locals[b->ref_id];
    if (b->ref == REF_CONST && f->consts && (!f->ready || f->ready[b->ref_id])) x = &f->consts[b->ref_id];
    if (!x || (x->t != VT_SET && x->t != VT_LIST) || x->strs != LIST_INTS) return false;
    *v = x->u.a;
    *n = x->n;
    return true;
}
