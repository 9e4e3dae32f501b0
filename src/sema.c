/* sema.c: checks names (with "did you mean"), arity and obvious type errors; assigns slots. */
#include "config.h"
#include "sema.h"
#include "builtins.h"
#include "graph.h"
#include "util.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

typedef struct Var { const char *name; int slot; int type; } Var;

typedef struct Sema {
    Program *p;
    Arena *a;
    Diag *d;
    Var *vars;
    size_t nvars, capvars;
    int nlocals;
    const char **slotnames;
    size_t capslots;
    int depth;
    int errors;
    bool in_game;
} Sema;

static int expr(Sema *s, Node *n);

static void err(Sema *s, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void err(Sema *s, Loc loc, const char *fmt, ...)
{
    char msg[600];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(s->d, loc, "%s", msg);
    s->errors++;
}

static int new_slots(Sema *s, const char *name, int count)
{
    int base = s->nlocals;
    s->nlocals += count;
    util_grow((void **)&s->slotnames, &s->capslots, (size_t)s->nlocals, sizeof *s->slotnames);
    for (int i = base; i < s->nlocals; i++) s->slotnames[i] = (i == base) ? name : NULL;
    return base;
}

static void push_var(Sema *s, const char *name, int slot, int type)
{
    Var v = { name, slot, type };
    VEC_PUSH(s->vars, s->nvars, s->capvars, v);
}

int sema_fold_kind(const char *name)
{
    static const char *folds[] = { "sum", "min", "max", "any", "all", "count", "list", "xor", "bitor", "bitand" };  /* ORDER FOLD */
    for (int i = 0; i < 10; i++)
        if (!strcmp(name, folds[i])) return i;
    return -1;
}

/* Suggest the closest known name within edit distance 2 (1 for names of up to 3 letters: "Foo" is
   not a misspelt "Col"; locals first). */
static const char *suggest(Sema *s, const char *name)
{
    const char *best = NULL;
    size_t bestd = strlen(name) <= 3 ? 1 : 2;
    bestd++;
    for (size_t i = s->nvars; i-- > 0;) {
        size_t dd = util_edit_distance(name, s->vars[i].name, bestd - 1);
        if (dd < bestd) { bestd = dd; best = s->vars[i].name; }
    }
    for (size_t i = 0; i < s->p->code.nlib; i++) {   /* the library's names, loaded or not */
        size_t dd = util_edit_distance(name, s->p->code.lib[i].name, bestd - 1);
        if (dd < bestd) { bestd = dd; best = s->p->code.lib[i].name; }
    }
    for (size_t i = 0; i < s->p->code.nsyms; i++) {
        if (s->p->code.syms[i].hidden) continue;
        size_t dd = util_edit_distance(name, s->p->code.syms[i].name, bestd - 1);
        if (dd < bestd) { bestd = dd; best = s->p->code.syms[i].name; }
    }
    for (int i = 0; i < BI__COUNT; i++) {
        size_t dd = util_edit_distance(name, builtins[i].name, bestd - 1);
        if (dd < bestd) { bestd = dd; best = builtins[i].name; }
    }
    return best;
}

static void unknown(Sema *s, Loc loc, const char *what, const char *name)
{
    const char *sug = suggest(s, name);
    if (sug) {
        diag_error(s->d, loc, "unknown %s '%s'; did you mean '%s'?", what, name, sug);
    } else {
        diag_error(s->d, loc, "unknown %s '%s'", what, name);
    }
    s->errors++;
}

static Var *find_var(Sema *s, const char *name)
{
    for (size_t i = s->nvars; i-- > 0;)
        if (!strcmp(s->vars[i].name, name)) return &s->vars[i];
    return NULL;
}

static bool numeric(int t) { return t == VT_NONE || t == VT_INT || t == VT_BOOL; }

static void need(Sema *s, Node *n, int t, bool ok, const char *what)
{
    if (!ok) {
        err(s, n->loc, "expected %s here, not %s", what,val_type_an(t));
    }
}

static void binder(Sema *s, Node *b)
{
    int t = expr(s, b->a);
    if (!(t == VT_NONE || t == VT_RANGE || t == VT_LIST || t == VT_SET || t == VT_STR))
        err(s, b->a->loc, "cannot choose '%s' from %s; use a range a..b, a list, a set or a string", b->name, val_type_an(t));
    b->ref_id = new_slots(s, b->name, 4);
    /* lists may hold strings; a string gives its characters */
    push_var(s, b->name, b->ref_id, t == VT_LIST || t == VT_NONE ? VT_NONE : t == VT_STR ? VT_STR : VT_INT);
}

/* Arguments of a call or a literal list or set; splats are allowed here only. Returns -1 if any
   splat. elems: 0 any (a call), 1 integers (a set), 2 integers, strings or lists (a list). */
static int args(Sema *s, NodeList *l, int elems)
{
    int splat = 0, kinds = 0;   /* 1: an integer seen, 2: a string seen, 4: a list seen */
    for (int i = 0; i < l->n; i++) {
        Node *x = l->v[i];
        if (x->kind == N_SPLAT) {
            int t = expr(s, x->a);
            if (!(t == VT_NONE || t == VT_LIST || t == VT_SET || t == VT_RANGE))
                err(s, x->loc, "cannot spread %s; '...' needs a list, set or range", val_type_an(t));
            splat = 1;
        } else {
            int t = expr(s, x);
            if (elems == 1 && !numeric(t)) err(s, x->loc, "set elements must be integers, not %s", val_type_an(t));
            if (elems == 2 && !numeric(t) && t != VT_STR && t != VT_LIST)
                err(s, x->loc, "list elements must be integers, strings or lists, not %s", val_type_an(t));
            if (elems == 2 && t != VT_NONE) {
                kinds |= t == VT_STR ? 2 : t == VT_LIST ? 4 : numeric(t) ? 1 : 0;
                if (kinds != 0 && kinds != 1 && kinds != 2 && kinds != 4) {
                    err(s, x->loc, "a list holds integers, strings or lists, not a mix of them");
                    kinds = 0;
                }
            }
        }
    }
    return splat ? -1 : l->n;
}

static int call(Sema *s, Node *n)
{
    int argc = args(s, &n->list, 0);
    Var *v = find_var(s, n->name);
    if (v) {
        err(s, n->c->loc, "'%s' is a variable, not a function", n->name);
        return VT_NONE;
    }
    Symbol *sym = prog_lookup(s->p, n->name);
    int bi = sym ? -1 : builtin_find(n->name);
    if (!sym && bi < 0) {
        unknown(s, n->c->loc, "function or game", n->name);
        return VT_NONE;
    }
    if (bi >= 0) {
        n->ref = REF_BUILTIN;
        n->ref_id = bi;
        /* a compound that keeps ended components writes one a move left empty as Heap(0) */
        if (bi == BI_CONJ || bi == BI_SHORTSELECT) (void)prog_lookup(s->p, "Heap");
        const Builtin *b = &builtins[bi];
        if (argc >= 0 && (argc < b->minargs || (b->maxargs >= 0 && argc > b->maxargs))) {
            err(s, n->loc, "'%s' takes %s%d argument%s, but %d %s given", n->name,
                b->maxargs == b->minargs ? "" : "at least ", b->minargs, b->minargs == 1 ? "" : "s", argc,
                argc == 1 ? "was" : "were");
        }
        if (bi == BI_SG || bi == BI_OUTCOME || bi == BI_WINNING_COUNT || bi == BI_WINNING_MOVE || bi == BI_MISERE ||
            bi == BI_EVERY || bi == BI_CONJ || bi == BI_SELECT || bi == BI_SHORTSELECT) {
            for (int i = 0; i < (bi == BI_WINNING_MOVE ? 1 : n->list.n); i++)
                if (n->list.v[i]->type != VT_NONE && n->list.v[i]->type != VT_POS &&
                    !(n->list.v[i]->kind == N_INT && n->list.v[i]->ival == 0))   /* 0: the empty position */
                    err(s, n->list.v[i]->loc, "'%s' needs a position, but this is %s", n->name,
                        val_type_an(n->list.v[i]->type));
        }
        if (bi == BI_MIN || bi == BI_MAX) return argc == 1 ? VT_INT : VT_INT;
        return b->type;
    }
    if (sym->kind == SYM_CONST) {
        err(s, n->c->loc, "'%s' is a constant, not a function", n->name);
        return VT_NONE;
    }
    n->ref = sym->kind == SYM_DEF ? REF_DEF : REF_GAME;
    n->ref_id = sym->id;
    if (argc >= 0) {
        int fixed = sym->variadic ? sym->nparams - 1 : sym->nparams;
        if ((!sym->variadic && argc != fixed) || (sym->variadic && argc < fixed)) {
            err(s, n->loc, "%s '%s' takes %s%d argument%s, but %d %s given",
                sym->kind == SYM_GAME ? "game" : "function", n->name, sym->variadic ? "at least " : "", fixed,
                fixed == 1 ? "" : "s", argc, argc == 1 ? "was" : "were");
            diag_note(s->d, sym->loc, "'%s' is defined here", sym->name);
        }
    }
    for (int i = 0; i < n->list.n; i++) {
        Node *x = n->list.v[i];
        if (x->type == VT_POS && sym->kind == SYM_GAME)
            err(s, x->loc, "a position cannot be an argument of game '%s'", n->name);
    }
    return sym->kind == SYM_GAME ? VT_POS : sym->type;
}

static int gen(Sema *s, Node *n)
{
    int fold = sema_fold_kind(n->name);
    if (fold < 0) {
        err(s, n->loc, "'%s' cannot take a generator; use sum, min, max, any, all, count, xor, bitor, bitand or [... for ...]",
            n->name);
        return VT_NONE;
    }
    n->op = fold;
    size_t mark = s->nvars;
    n->ref_id = new_slots(s, "(accumulator)", 1);
    for (int i = 0; i < n->list.n; i++) binder(s, n->list.v[i]);
    if (n->b) expr(s, n->b);
    int t = expr(s, n->a);
    s->nvars = mark;
    switch (fold) {
    case FOLD_SUM:
        if (!(t == VT_NONE || t == VT_INT || t == VT_BOOL || t == VT_POS))
            err(s, n->a->loc, "sum needs integers or positions, not %s", val_type_an(t));
        return t == VT_POS ? VT_POS : (t == VT_NONE ? VT_NONE : VT_INT);
    case FOLD_MIN: case FOLD_MAX: case FOLD_XOR: case FOLD_BOR: case FOLD_BAND:
        need(s, n->a, t, numeric(t), "integers");
        return VT_INT;
    case FOLD_ANY: case FOLD_ALL: case FOLD_COUNT:
        return fold == FOLD_COUNT ? VT_INT : VT_BOOL;
    default:
        need(s, n->a, t, numeric(t) || t == VT_STR || t == VT_LIST, "integers, strings or lists");
        return VT_LIST;
    }
}

static int binary(Sema *s, Node *n)
{
    int a = expr(s, n->a), b = expr(s, n->b);
    switch (n->op) {
    case OP_ADD:
        if (a == VT_POS || b == VT_POS) {
            if (!(a == VT_POS || a == VT_NONE || (n->a->kind == N_INT && n->a->ival == 0)) ||
                !(b == VT_POS || b == VT_NONE || (n->b->kind == N_INT && n->b->ival == 0)))
                err(s, n->loc, "'+' adds two positions or two integers, not %s and %s", val_type_an(a), val_type_an(b));
            return VT_POS;
        }
        if ((a == VT_LIST || a == VT_NONE) && (b == VT_LIST || b == VT_NONE) && (a == VT_LIST || b == VT_LIST)) return VT_LIST;
        if ((a == VT_STR || a == VT_NONE) && (b == VT_STR || b == VT_NONE) && (a == VT_STR || b == VT_STR)) return VT_STR;
        need(s, n->a, a, numeric(a), "integers");
        need(s, n->b, b, numeric(b), "integers");
        return (a == VT_NONE || b == VT_NONE) ? VT_NONE : VT_INT;
    case OP_MUL:
        if (a == VT_POS || b == VT_POS) {
            if (a == VT_POS && b == VT_POS)
                err(s, n->loc, "'*' cannot multiply two positions; write k * A for k copies of A");
            else if (!numeric(a == VT_POS ? b : a))
                err(s, n->loc, "'*' needs an integer count of copies, not %s", val_type_an(a == VT_POS ? b : a));
            return VT_POS;
        }
        /* fall through */
    case OP_SUB: case OP_DIV: case OP_MOD: case OP_POW: case OP_BAND: case OP_BOR: case OP_BXOR:
    case OP_SHL: case OP_SHR:
        if (n->op == OP_SUB && a == VT_GRAPH) return VT_GRAPH;   /* G - v, G - [vertices] */
        if (n->op == OP_SUB && (a == VT_POS || b == VT_POS)) {   /* A - B: A + (-B), a game */
            if (!(a == VT_POS || a == VT_NONE || (n->a->kind == N_INT && n->a->ival == 0)) ||
                !(b == VT_POS || b == VT_NONE || (n->b->kind == N_INT && n->b->ival == 0)))
                err(s, n->loc, "'-' subtracts a position from a position, or integers, not %s and %s", val_type_an(a), val_type_an(b));
            return VT_POS;
        }
        if ((n->op == OP_SUB || n->op == OP_BAND || n->op == OP_BOR) && (a == VT_SET || b == VT_SET)) {
            /* union, intersection, difference of sets */
            if (!((a == VT_SET || a == VT_NONE) && (b == VT_SET || b == VT_NONE)))
                err(s, n->loc, "'%s' of sets needs two sets, not %s and %s", n->op == OP_SUB ? "-" : n->op == OP_BAND ? "&" : "|",
                    val_type_an(a), val_type_an(b));
            return VT_SET;
        }
        if (n->op == OP_SUB && a == VT_NONE && (b == VT_LIST || b == VT_SET || b == VT_STR)) return VT_NONE;   /* maybe a graph */
        need(s, n->a, a, numeric(a), "integers");
        need(s, n->b, b, numeric(b), "integers");
        return (a == VT_NONE || b == VT_NONE) && n->op != OP_POW ? VT_NONE : VT_INT;
    case OP_FUZZY:
        if (!((a == VT_POS || a == VT_NONE || numeric(a)) && (b == VT_POS || b == VT_NONE || numeric(b))))
            err(s, n->loc, "'||' compares two games (positions), not %s and %s", val_type_an(a), val_type_an(b));
        return VT_BOOL;
    case OP_LT: case OP_LE: case OP_GT: case OP_GE:
        if (!((numeric(a) && numeric(b)) || (a == VT_STR && b == VT_STR) || a == VT_NONE || b == VT_NONE ||
              ((a == VT_POS || numeric(a)) && (b == VT_POS || numeric(b)))))
            err(s, n->loc, "cannot order %s and %s", val_type_an(a), val_type_an(b));
        return VT_BOOL;
    case OP_EQ: case OP_NE:
        return VT_BOOL;
    case OP_IN:
        if (!(b == VT_NONE || b == VT_LIST || b == VT_SET || b == VT_RANGE || b == VT_STR))
            err(s, n->b->loc, "'in' needs a list, set, range or string on the right, not %s", val_type_an(b));
        return VT_BOOL;
    }
    return VT_NONE;
}

/* A graph literal: arcs in a digraph, edges in a graph, ground vertices only in a graph, and
   vertices all numbers or all names. */
static int graph_literal(Sema *s, Node *n)
{
    int kind = -1;   /* N_INT or N_STR, from the first vertex */
    for (int i = 0; i < n->list.n; i++) {
        Node *st = n->list.v[i];
        if (st->ival && n->op) err(s, st->loc, "a digraph has no ground vertices (ground is for graph)");
        if (st->a && n->op) err(s, st->a->loc, "a digraph's arcs have no colours (edge colours are for graph)");
        else if (st->a && st->list.n < 2) err(s, st->a->loc, "a colour follows a chain of edges, as in 'u - v : L;'");
        else if (st->a && !graph_colour_word(st->a->name))
            err(s, st->a->loc, "unknown edge colour '%s' (L or blue, R or red, G or green)", st->a->name);
        for (int j = 0; j < st->list.n; j++) {
            Node *g = st->list.v[j];
            if (j && n->op && g->op != '>') err(s, g->loc, "a digraph's arcs are written 'u -> v'");
            if (j && !n->op && g->op != '-') err(s, g->loc, "a graph's edges are written 'u - v'");
            for (int k = 0; k < g->list.n; k++) {
                Node *v = g->list.v[k];
                if (kind < 0) kind = (int)v->kind;
                else if ((int)v->kind != kind)
                    err(s, v->loc, "a graph's vertices are all numbers or all names (the first one is %s)",
                        kind == N_INT ? "a number" : "a name");
            }
        }
    }
    if (kind < 0) err(s, n->loc, "a graph needs at least one vertex");
    return VT_GRAPH;
}

static int expr_inner(Sema *s, Node *n)
{
    switch (n->kind) {
    case N_GRAPHLIT: return graph_literal(s, n);
    case N_INT: case N_BIGINT: return VT_INT;
    case N_BOOL: return VT_BOOL;
    case N_STR: return VT_STR;
    case N_NAME: {
        Var *v = find_var(s, n->name);
        if (v) {
            n->ref = REF_LOCAL;
            n->ref_id = v->slot;
            return v->type;
        }
        Symbol *sym = prog_lookup(s->p, n->name);
        if (sym && sym->kind == SYM_CONST) {
            n->ref = REF_CONST;
            n->ref_id = sym->id;
            return sym->type;
        }
        if (sym) {
            err(s, n->loc, "'%s' is a %s; call it with arguments, e.g. %s(...)", n->name,
                sym->kind == SYM_GAME ? "game" : "function", n->name);
            return VT_NONE;
        }
        if (builtin_find(n->name) >= 0) {
            err(s, n->loc, "'%s' is a built-in function; call it with arguments", n->name);
            return VT_NONE;
        }
        unknown(s, n->loc, "name", n->name);
        return VT_NONE;
    }
    case N_LIST: args(s, &n->list, 2); return VT_LIST;
    case N_SET: args(s, &n->list, 1); return VT_SET;
    case N_RANGE: {
        int a = expr(s, n->a), b = expr(s, n->b);
        need(s, n->a, a, numeric(a), "integers");
        need(s, n->b, b, numeric(b), "integers");
        return VT_RANGE;
    }
    case N_UNARY: {
        int t = expr(s, n->a);
        if (n->op == OP_NEG) {
            if (t == VT_POS) return VT_POS;   /* -A: the game with Left and Right swapped */
            need(s, n->a, t, numeric(t) || t == VT_POS, "integers or positions");
            return t == VT_NONE ? VT_NONE : VT_INT;
        }
        return VT_BOOL;
    }
    case N_BINARY: return binary(s, n);
    case N_AND: case N_OR: {
        int a = expr(s, n->a), b = expr(s, n->b);
        if (n->kind == N_OR && n->op == 1 && (a == VT_POS || b == VT_POS)) {   /* A || B of games: confused */
            n->kind = N_BINARY;
            n->op = OP_FUZZY;
        }
        return VT_BOOL;
    }
    case N_IF: {
        expr(s, n->a);
        int a = expr(s, n->b), b = expr(s, n->c);
        return a == b ? a : VT_NONE;
    }
    case N_LETIN: {   /* let name = a in b: name holds a's value in b only */
        int t = expr(s, n->a);
        size_t mark = s->nvars;
        n->ref_id = new_slots(s, n->name, 1);
        push_var(s, n->name, n->ref_id, t);
        int r = expr(s, n->b);
        s->nvars = mark;
        return r;
    }
    case N_CALL: return call(s, n);
    case N_INDEX: {
        int a = expr(s, n->a), i = expr(s, n->b);
        if (!(a == VT_NONE || a == VT_LIST || a == VT_STR))
            err(s, n->a->loc, "cannot index %s; only lists and strings have elements", val_type_an(a));
        need(s, n->b, i, numeric(i), "an integer index");
        return a == VT_STR ? VT_STR : VT_NONE;   /* a list holds integers, strings or lists */
    }
    case N_UPDATE: {
        int a = expr(s, n->a);
        if (!(a == VT_NONE || a == VT_LIST || a == VT_STR))
            err(s, n->a->loc, "cannot update %s; only lists and strings have elements", val_type_an(a));
        for (int i = 0; i < n->list.n; i++) {
            expr(s, n->list.v[i]->a);
            expr(s, n->list.v[i]->b);
        }
        return a;
    }
    case N_SPLAT:
        err(s, n->loc, "'...' may only follow the last argument of a call, list or canon");
        expr(s, n->a);
        return VT_NONE;
    case N_GEN: return gen(s, n);
    case N_IS: {
        int t = expr(s, n->a);
        if (!(t == VT_NONE || t == VT_POS))
            err(s, n->a->loc, "'is %s' needs a position, but this is %s", n->op == 'P' ? "P" : n->op == 'N' ? "N" : "D",
                val_type_an(t));
        return VT_BOOL;
    }
    default:
        err(s, n->loc, "internal error: unexpected node");
        return VT_NONE;
    }
}

static int expr(Sema *s, Node *n)
{
    ast_balance_chain(s->a, n);   /* a sum of 10^5 terms is not 10^5 levels deep */
    if (++s->depth > SEMA_MAX_DEPTH) {
        if (s->depth == SEMA_MAX_DEPTH + 1)
            err(s, n->loc, "expression is nested too deeply (the limit is %s levels)", "1000");
        s->depth--;
        return VT_NONE;
    }
    n->type = expr_inner(s, n);
    s->depth--;
    return n->type;
}

/* A new constant's slot: no value yet, no code to compute it. Returns its index. */
static int new_const(Program *p)
{
    int id = (int)p->code.nconsts;
    Value none = { .t = VT_NONE };
    VEC_PUSH(p->code.consts, p->code.nconsts, p->code.capconsts, none);
    util_grow((void **)&p->code.const_fn, &p->code.capconstfn, p->code.nconsts, sizeof *p->code.const_fn);
    util_grow((void **)&p->code.const_ready, &p->code.capconstready, p->code.nconsts, sizeof *p->code.const_ready);
    p->code.const_fn[id] = -1;
    p->code.const_ready[id] = false;
    return id;
}

int sema_declare(Program *p, Arena *a, NodeList *items)
{
    (void)a;
    int errors = 0;
    for (int i = 0; i < items->n; i++) {
        Node *n = items->v[i];
        if (n->kind != N_CONST && n->kind != N_DEF && n->kind != N_GAME) continue;
        Symbol *old = prog_lookup(p, n->name);
        if (old && p->run.loading_stdlib && !old->stdlib) old = NULL;   /* the library's names are its own */
        SymKind kind = n->kind == N_CONST ? SYM_CONST : n->kind == N_DEF ? SYM_DEF : SYM_GAME;
        bool replace = false;
        if (old) {
            bool same_unit = old->loc.file == n->loc.file;
            if (!same_unit && old->stdlib && !p->run.loading_stdlib) {
                /* a user's own name: the standard library keeps its definition */
                diag_note(&p->diag, n->loc, "'%s' shadows the standard library's '%s' in what follows", n->name, n->name);
            } else if (!same_unit && p->opt.redefine && old->kind == kind && !old->stdlib) {
                replace = true;   /* staged below, copied over the old one when the unit loads */
            } else {
                diag_error(&p->diag, n->loc, "redefinition of '%s'", n->name);
                diag_note(&p->diag, old->loc, "'%s' was first defined here", n->name);
                errors++;
                n->ref = REF_NONE;
                continue;
            }
        }
        if (builtin_find(n->name) >= 0) {
            diag_error(&p->diag, n->loc, "'%s' is a built-in function and cannot be redefined", n->name);
            errors++;
            continue;
        }
        if (n->kind != N_CONST) {
            for (int j = 0; j < n->nparams; j++)
                for (int k = 0; k < j; k++)
                    if (!strcmp(n->params[j], n->params[k])) {
                        diag_error(&p->diag, n->list2.v[j]->loc, "parameter '%s' appears twice", n->params[j]);
                        errors++;
                    }
            if (n->nparams > POS_MAX_ARGS) {
                diag_error(&p->diag, n->loc, "'%s' has %d parameters; the limit is %d", n->name, n->nparams, POS_MAX_ARGS);
                errors++;
            }
        }
        Symbol sym = { .name = n->name, .loc = n->loc, .nparams = n->nparams, .variadic = n->variadic, .stdlib = p->run.loading_stdlib };
        char *name = arena_strndup(&p->code.arena, n->name, strlen(n->name));
        sym.name = name;
        if (n->kind == N_CONST) {
            sym.kind = SYM_CONST;
            sym.id = new_const(p);
        } else if (n->kind == N_DEF) {
            sym.kind = SYM_DEF;
            sym.id = prog_add_func(p, name, FN_DEF);
        } else {
            sym.kind = SYM_GAME;
            Game g = { .name = name, .nparams = n->nparams, .variadic = n->variadic, .loc = n->loc, .canon_fn = -1,
                       .stdlib = p->run.loading_stdlib, .scoring = n->op == 1, .neg = -1 };
            for (int k = 0; k < n->list.n; k++)
                if (n->list.v[k]->kind == N_MOVE && n->list.v[k]->op != MOVE_BOTH) g.partizan = true;
            g.moves_fn = prog_add_func(p, name, FN_MOVES);
            sym.id = (int)p->code.ngames;
            if (g.partizan) g.neg = sym.id + 1;
            VEC_PUSH(p->code.games, p->code.ngames, p->code.capgames, g);
            if (g.partizan) {   /* its negative, next to it (compile fills it in from g) */
                char *neg = arena_alloc(&p->code.arena, strlen(name) + 2);
                neg[0] = '-';
                strcpy(neg + 1, name);
                Game t = g;
                t.name = neg;
                t.neg = sym.id;
                t.negated = true;
                VEC_PUSH(p->code.games, p->code.ngames, p->code.capgames, t);
            }
        }
        n->ref = REF_CONST + (int)sym.kind;   /* marks the item as declared */
        n->ref_id = sym.id;
        if (replace) {   /* the item compiles into the staged entity; the name means the old one */
            Redefinition r = { (int)kind, sym.id, old->id, p->code.nstmts };
            VEC_PUSH(p->code.redefs, p->code.nredefs, p->code.capredefs, r);
            sym.id = old->id;
        }
        VEC_PUSH(p->code.syms, p->code.nsyms, p->code.capsyms, sym);
    }
    return errors;
}

/* e must be a condition (a boolean or an integer): else an error, msg then ", not <type>". */
static void want_condition(Sema *s, Node *e, const char *msg)
{
    int t = expr(s, e);
    if (!(t == VT_BOOL || t == VT_INT || t == VT_NONE)) err(s, e->loc, "%s, not %s", msg, val_type_an(t));
}

/* e must be a position (or 0) for statement what. */
static void want_position(Sema *s, Node *e, const char *what)
{
    int t = expr(s, e);
    bool zero = e->kind == N_INT && e->ival == 0;
    if (!(t == VT_POS || t == VT_NONE || zero))
        err(s, e->loc, "%s needs a position (a game with arguments, or a sum), not %s", what, val_type_an(t));
}

int sema_declare_local(Program *p, Node *n, int type)
{
    Symbol *old = prog_lookup(p, n->name);
    if (old && !old->stdlib) {
        diag_error(&p->diag, n->loc, "'%s' is already defined; a for statement's names are new ones", n->name);
        diag_note(&p->diag, old->loc, "'%s' was first defined here", n->name);
        return -1;
    }
    if (builtin_find(n->name) >= 0) {
        diag_error(&p->diag, n->loc, "'%s' is a built-in function and cannot be redefined", n->name);
        return -1;
    }
    if (old) diag_note(&p->diag, n->loc, "'%s' shadows the standard library's '%s' in what follows", n->name, n->name);
    Symbol sym = { .kind = SYM_CONST, .loc = n->loc, .type = type, .id = new_const(p) };
    sym.name = arena_strndup(&p->code.arena, n->name, strlen(n->name));
    VEC_PUSH(p->code.syms, p->code.nsyms, p->code.capsyms, sym);
    return sym.id;
}

static void params(Sema *s, Node *item)
{
    for (int i = 0; i < item->nparams; i++) {
        int slot = new_slots(s, item->params[i], 1);
        push_var(s, item->params[i], slot, (item->variadic && i == item->nparams - 1) ? VT_LIST : VT_NONE);
    }
}

int sema_item(Program *p, Arena *a, Node *item, SemaInfo *info)
{
    Sema s = { .p = p, .a = a, .d = &p->diag };
    switch (item->kind) {
    case N_CONST: {
        int t = expr(&s, item->a);
        if (t == VT_POS) err(&s, item->a->loc, "a constant cannot be a position; use def %s() = ... instead", item->name);
        Symbol *sym = prog_lookup(p, item->name);
        if (sym && item->ref != REF_NONE) sym->type = t;
        break;
    }
    case N_DEF: {
        params(&s, item);
        int t = expr(&s, item->a);
        Symbol *sym = prog_lookup(p, item->name);
        if (sym && item->ref != REF_NONE) sym->type = t;
        break;
    }
    case N_GAME: {
        params(&s, item);
        s.in_game = true;
        int ncanon = 0;
        for (int i = 0; i < item->list.n; i++) {
            Node *m = item->list.v[i];
            size_t mark = s.nvars;
            if (m->kind == N_CANON) {
                if (++ncanon > 1) err(&s, m->loc, "game '%s' has more than one canon", item->name);
                int argc = args(&s, &m->list, false);
                int fixed = item->variadic ? item->nparams - 1 : item->nparams;
                if (argc >= 0 && ((!item->variadic && argc != fixed) || (item->variadic && argc < fixed))) {
                    err(&s, m->loc, "canon of '%s' must give %d argument%s, like the game's parameters",
                        item->name, item->nparams, item->nparams == 1 ? "" : "s");
                }
                continue;
            }
            for (int j = 0; j < m->list.n; j++) binder(&s, m->list.v[j]);
            for (int j = 0; j < m->list2.n; j++) {
                Node *c = m->list2.v[j];
                int t = expr(&s, c->a);
                if (c->kind == N_LET) {
                    c->ref_id = new_slots(&s, c->name, 1);
                    push_var(&s, c->name, c->ref_id, t);
                } else if (t == VT_POS || t == VT_STR || t == VT_LIST || t == VT_SET || t == VT_RANGE) {
                    err(&s, c->a->loc, "a 'when' guard must be a condition, not %s", val_type_an(t));
                }
            }
            int t = expr(&s, m->a);
            bool zero = m->a->kind == N_INT && m->a->ival == 0;
            if (!(t == VT_POS || t == VT_NONE || zero))
                err(&s, m->a->loc, "a move must lead to a position (or 0 for nothing left), not %s",val_type_an(t));
            if (m->b && item->op != 1)
                err(&s, m->b->loc, "'gain' belongs to the moves of a scoring game (declare it 'scoring game %s')", item->name);
            if (m->b) {
                int g = expr(&s, m->b);
                if (!(g == VT_INT || g == VT_NONE)) err(&s, m->b->loc, "a gain must be an integer, not %s", val_type_an(g));
            }
            if (item->op == 1 && m->op != MOVE_BOTH)
                err(&s, m->loc, "a scoring game's moves belong to both players ('%s move' is for partizan games)",
                    m->op == MOVE_LEFT ? "left" : "right");
            if (m->a->kind == N_CALL && m->a->ref == REF_GAME && p->code.games[m->a->ref_id].partizan &&
                !p->code.games[item->ref_id].partizan)
                err(&s, m->a->loc, "a move of impartial game '%s' cannot lead to '%s', a partizan game (mark the "
                    "moves 'left move' or 'right move' to make '%s' partizan)", item->name, m->a->name, item->name);
            if (item->op != 1 && m->a->kind == N_CALL && m->a->ref == REF_GAME && p->code.games[m->a->ref_id].scoring)
                err(&s, m->a->loc, "a move of an impartial game cannot lead to '%s', a scoring game", m->a->name);
            if (item->op == 1 && m->a->kind == N_CALL && m->a->ref == REF_GAME && !p->code.games[m->a->ref_id].scoring)
                err(&s, m->a->loc, "a scoring game's move must lead to a scoring game's position (or 0), not to '%s'",
                    m->a->name);
            if (item->op == 1 && ((m->a->kind == N_BINARY && m->a->op == OP_ADD) || m->a->kind == N_GEN))
                err(&s, m->a->loc, "a scoring game's move leads to one position (or 0): sums of scoring games have no "
                    "value, as scores do not add up under alternating play");
            s.nvars = mark;
        }
        break;
    }
    case N_EXPLAIN:
        want_position(&s, item->a, "explain");
        break;
    case N_THERMO:
        want_position(&s, item->a, "thermograph");
        break;
    case N_QUERY: case N_TABLE: case N_GENUS: {
        int t = expr(&s, item->a);
        bool zero = item->a->kind == N_INT && item->a->ival == 0;
        if (item->kind == N_QUERY && p->opt.bare_print && !(t == VT_POS || t == VT_NONE || zero))
            item->kind = N_PRINT;   /* typed at a prompt: its value is what the person wants */
        else if (item->kind != N_TABLE && !(t == VT_POS || t == VT_NONE || zero))
            err(&s, item->a->loc, "%s needs a position (a game with arguments, or a sum), not %s",
                item->kind == N_QUERY ? "a query" : "genus", val_type_an(t));
        const Node *call = item->a;   /* table outcome(G(...)): the outcomes of G's positions */
        if (item->kind == N_TABLE && call->kind == N_CALL && call->ref == REF_BUILTIN && call->ref_id == BI_OUTCOME &&
            call->list.n == 1)
            call = call->list.v[0];
        if (item->kind == N_TABLE && !(call->kind == N_CALL && (call->ref == REF_GAME || call->ref == REF_DEF)))
            err(&s, item->a->loc, "a table needs a call of a game or function with range arguments, e.g. %s, or "
                "outcome(...) of one", "Subtract(0..30, {1, 3, 4})");
        if (item->kind == N_TABLE && call->kind == N_CALL && call->list.n > TABLE_MAX_ARGS)
            err(&s, item->a->loc, "too many arguments in a table");
        break;
    }
    case N_EXPECT:
        want_condition(&s, item->a, "expect needs a condition such as 'X is P' or 'sg(X) == 2'");
        break;
    case N_DRAW: {
        want_position(&s, item->a, "draw");
        int t;
        if (item->b && !((t = expr(&s, item->b)) == VT_INT || t == VT_NONE))
            err(&s, item->b->loc, "a drawing's depth is an integer, not %s", val_type_an(t));
        break;
    }
    case N_PRINT: {
        int n = item->list.n ? item->list.n : 1;
        if (n > TABLE_MAX_ARGS) err(&s, item->list.v[TABLE_MAX_ARGS]->loc, "print shows at most %d values", TABLE_MAX_ARGS);
        for (int i = 0; i < n; i++) {
            Node *e = item->list.n ? item->list.v[i] : item->a;
            bool spread = e->kind == N_SPLAT;
            if (spread) e = e->a;
            int t = expr(&s, e);
            if (t == VT_RANGE && !spread) err(&s, e->loc, "print shows a value, not a range (a table shows values over a range)");
            if (spread && !(t == VT_LIST || t == VT_SET || t == VT_RANGE || t == VT_NONE))
                err(&s, e->loc, "print spreads the elements of a list, a set or a range, not %s", val_type_an(t));
        }
        break;
    }
    case N_IFSTMT:
        want_condition(&s, item->a, "an if statement needs a condition");
        break;
    case N_FOR: {
        int t = expr(&s, item->a);
        if (!(t == VT_RANGE || t == VT_LIST || t == VT_SET || t == VT_NONE))
            err(&s, item->a->loc, "for runs over a range, a list or a set, not %s", val_type_an(t));
        break;
    }
    case N_PERIOD: case N_QUOTIENT: {
        bool per = item->kind == N_PERIOD;
        if (item->b) {
            int t = expr(&s, item->b);
            if (!(t == VT_RANGE || t == VT_NONE))
                err(&s, item->b->loc, "%s a range such as %s, not %s", per ? "period searches" : "a quotient covers",
                    per ? "0..5000" : "0..20", val_type_an(t));
        }
        binder(&s, item->list.v[0]);
        int t = expr(&s, item->a);
        if (!(t == VT_POS || t == VT_NONE))
            err(&s, item->a->loc, "%s needs a position such as %s, not %s", per ? "period" : "quotient",
                per ? "Kayles(n)" : "misere(Kayles(n))", val_type_an(t));
        break;
    }
    case N_CLAIM: {
        if (item->list.n > 16) err(&s, item->loc, "a claim may have at most 16 variables");
        for (int j = 0; j < item->list.n; j++) binder(&s, item->list.v[j]);
        if (item->b) {   /* when: the instances it holds for */
            int w = expr(&s, item->b);
            if (!(w == VT_BOOL || w == VT_INT || w == VT_NONE))
                err(&s, item->b->loc, "a claim's 'when' needs a condition, not %s", val_type_an(w));
        }
        int t = expr(&s, item->a);
        if (!(t == VT_BOOL || t == VT_INT || t == VT_NONE))
            err(&s, item->a->loc, "a claim needs a condition, not %s", val_type_an(t));
        break;
    }
    default: break;
    }
    info->nlocals = s.nlocals;
    info->slotnames = arena_alloc(a, (size_t)(s.nlocals + 1) * sizeof *info->slotnames);
    for (int i = 0; i < s.nlocals; i++) info->slotnames[i] = s.slotnames[i];
    info->errors = s.errors;
    xfree(s.vars);
    xfree(s.slotnames);
    return s.errors;
}
