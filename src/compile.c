/* compile.c: code generation from the checked AST to the stack bytecode, with constant folding. */
#include "config.h"
#include "compile.h"
#include "builtins.h"
#include "util.h"
#include "bignum.h"
#include "graph.h"
#include "peep.h"
#include "rules.h"
#include <stdlib.h>
#include <string.h>

typedef struct Cg {
    Program *p;
    Func *f;
    int fidx;
    int depth, maxdepth;
    int errors;
} Cg;

static void expr(Cg *c, Node *n);

static Func *F(Cg *c) { return &c->p->code.fns[c->fidx]; }

static size_t emit(Cg *c, Loc loc, int op, int64_t a, int64_t b)
{
    Func *f = F(c);
    int na = ir_op_nargs(op);
    size_t capl = f->capcode;
    util_grow((void **)&f->code, &f->capcode, f->ncode + 3, sizeof *f->code);
    if (f->capcode != capl) {
        f->locs = xrealloc(f->locs, f->capcode * sizeof *f->locs);
    }
    size_t at = f->ncode;
    f->locs[at] = loc;
    f->code[f->ncode++] = op;
    if (na > 0) { f->locs[f->ncode] = loc; f->code[f->ncode++] = a; }
    if (na > 1) { f->locs[f->ncode] = loc; f->code[f->ncode++] = b; }
    return at;
}

static void push(Cg *c, int n)
{
    c->depth += n;
    if (c->depth > c->maxdepth) c->maxdepth = c->depth;
}

static void patch(Cg *c, size_t at, int which, size_t target) { F(c)->code[at + 1 + (size_t)which] = (int64_t)target; }
static size_t here(Cg *c) { return F(c)->ncode; }

static int add_const(Cg *c, Value v)
{
    Func *f = F(c);
    VEC_PUSH(f->consts, f->nconsts, f->capconsts, v);
    return (int)f->nconsts - 1;
}

/* Fold an integer operation; false if it overflows or is undefined (the caller reports). */
static bool fold(int op, int64_t a, int64_t b, int64_t *r)
{
    switch (op) {
    case OP_ADD: return !__builtin_add_overflow(a, b, r);
    case OP_SUB: return !__builtin_sub_overflow(a, b, r);
    case OP_MUL: return !__builtin_mul_overflow(a, b, r);
    default: return false;
    }
}

static bool is_int(Node *n) { return n->kind == N_INT; }

static void *arena_alloc_cb(void *arena, size_t bytes) { return arena_alloc(arena, bytes); }

/* Arguments from this many on, all integer literals, are pushed by one constant list spread
   (Nim of 10^6 heaps: 8 bytes an argument instead of two code words and their two locations,
   and one instruction instead of 10^6). */
#define ARGS_AS_LIST 16

static void args(Cg *c, NodeList *l, int *argc)
{
    if (l->n >= ARGS_AS_LIST) {
        int i = 0;
        while (i < l->n && is_int(l->v[i])) i++;
        if (i == l->n) {   /* a constant list of them, spread: no argument can fail */
            int64_t *a = arena_alloc(&c->p->code.arena, (size_t)l->n * sizeof *a);
            for (i = 0; i < l->n; i++) a[i] = l->v[i]->ival;
            Value v = { .t = VT_LIST, .n = (uint32_t)l->n };
            v.u.a = a;
            emit(c, l->v[0]->loc, IR_MARK, 0, 0);
            emit(c, l->v[0]->loc, IR_KONST, add_const(c, v), 0);
            emit(c, l->v[0]->loc, IR_SPREAD, 0, 0);
            push(c, 1);   /* the list; the spread values are counted as a splat's are (not at all) */
            *argc = -1;
            return;
        }
    }
    bool splat = false;
    for (int i = 0; i < l->n; i++)
        if (l->v[i]->kind == N_SPLAT) splat = true;
    if (splat) emit(c, l->n ? l->v[0]->loc : (Loc){0}, IR_MARK, 0, 0);
    for (int i = 0; i < l->n; i++) {
        Node *x = l->v[i];
        if (x->kind == N_SPLAT) {
            expr(c, x->a);
            emit(c, x->loc, IR_SPREAD, 0, 0);   /* pushes a run-time count; SPREAD checks the room */
        } else {
            expr(c, x);
        }
    }
    *argc = splat ? -1 : l->n;
}

static void binder_loop(Cg *c, Node *b, int release, size_t *next_at)
{
    expr(c, b->a);
    emit(c, b->loc, IR_ITER, b->ref_id, release);
    push(c, -1);
    *next_at = emit(c, b->loc, IR_NEXT, b->ref_id, 0);
}

static void gen(Cg *c, Node *n)
{
    int acc = n->ref_id;
    switch (n->op) {
    case FOLD_SUM: case FOLD_COUNT: case FOLD_XOR: case FOLD_BOR: emit(c, n->loc, IR_INT, 0, 0); break;
    case FOLD_ANY: emit(c, n->loc, IR_BOOL, 0, 0); break;
    case FOLD_ALL: emit(c, n->loc, IR_BOOL, 1, 0); break;
    case FOLD_MIN: case FOLD_MAX: case FOLD_BAND: {
        Value none = { .t = VT_NONE };
        emit(c, n->loc, IR_KONST, add_const(c, none), 0);
        break;
    }
    default: emit(c, n->loc, IR_LIST, 0, 0); break;
    }
    push(c, 1);
    emit(c, n->loc, IR_STORE, acc, 0);
    push(c, -1);
    int nb = n->list.n;
    size_t *nexts = xmalloc((size_t)nb * sizeof *nexts);   /* a generator has at least one binder */
    /* a fold to a single value releases what each iteration built while the accumulator is a
       plain integer or truth value (not a position or big integer, which live in scratch) */
    bool scalar = n->op != FOLD_LIST;
    for (int i = 0; i < nb; i++) binder_loop(c, n->list.v[i], scalar ? 2 + acc : 0, &nexts[i]);
    size_t inner = nexts[nb - 1];
    if (n->b) {
        expr(c, n->b);
        emit(c, n->b->loc, IR_JF, (int64_t)inner, 0);
        push(c, -1);
    }
    expr(c, n->a);
    emit(c, n->loc, IR_FOLD, n->op, acc);
    push(c, -1);
    emit(c, n->loc, IR_JMP, (int64_t)inner, 0);
    size_t end = here(c);
    for (int i = 0; i < nb; i++) patch(c, nexts[i], 1, i == 0 ? end : nexts[i - 1]);
    xfree(nexts);
    emit(c, n->loc, IR_LOAD, acc, 0);
    push(c, 1);
    emit(c, n->loc, IR_FOLDEND, n->op, 0);
}

static int binop_ir(int op)
{
    switch (op) {
    case OP_ADD: return IR_ADD; case OP_SUB: return IR_SUB; case OP_MUL: return IR_MUL; case OP_DIV: return IR_DIV;
    case OP_MOD: return IR_MOD; case OP_POW: return IR_POW; case OP_EQ: return IR_EQ; case OP_NE: return IR_NE;
    case OP_LT: return IR_LT; case OP_LE: return IR_LE; case OP_GT: return IR_GT; case OP_GE: return IR_GE; case OP_FUZZY: return IR_FUZZY;
    case OP_BAND: return IR_BAND; case OP_BOR: return IR_BOR; case OP_BXOR: return IR_BXOR;
    case OP_SHL: return IR_SHL; case OP_SHR: return IR_SHR; default: return IR_IN;
    }
}

static void expr(Cg *c, Node *n)
{
    switch (n->kind) {
    case N_INT: emit(c, n->loc, IR_INT, n->ival, 0); push(c, 1); return;
    case N_BIGINT: {   /* a constant of the function, its limbs in the program's arena */
        Value v;
        if (!big_parse(n->name, n->slen, arena_alloc_cb, &c->p->code.arena, &v)) v = val_int(0);
        emit(c, n->loc, IR_KONST, add_const(c, v), 0);
        push(c, 1);
        return;
    }
    case N_BOOL: emit(c, n->loc, IR_BOOL, n->ival, 0); push(c, 1); return;
    case N_STR: {
        Value v = { .t = VT_STR, .n = (uint32_t)n->slen };
        v.u.s = arena_strndup(&c->p->code.arena, n->name, n->slen);
        emit(c, n->loc, IR_KONST, add_const(c, v), 0);
        push(c, 1);
        return;
    }
    case N_GRAPHLIT: {   /* built here: a constant of the function */
        GraphSpec spec = { .p = c->p, .directed = n->op != 0 };
        for (int i = 0; i < n->list.n; i++) {
            Node *st = n->list.v[i];
            for (int j = 0; j < st->list.n; j++) {
                Node *g = st->list.v[j];
                for (int k = 0; k < g->list.n; k++) {
                    Node *x = g->list.v[k];
                    Value v = x->kind == N_INT ? val_int(x->ival) : (Value){ .t = VT_STR, .n = (uint32_t)x->slen };
                    if (x->kind != N_INT) v.u.s = x->name;
                    if (st->ival) graph_spec_ground(&spec, v);
                    else if (st->list.n == 1) graph_spec_vertex(&spec, v);
                    if (j == 0) continue;
                    Node *prev = st->list.v[j - 1];   /* every vertex of the previous list to this one */
                    for (int q = 0; q < prev->list.n; q++) {
                        Node *y = prev->list.v[q];
                        Value u = y->kind == N_INT ? val_int(y->ival) : (Value){ .t = VT_STR, .n = (uint32_t)y->slen };
                        if (y->kind != N_INT) u.u.s = y->name;
                        graph_spec_colour_edge(&spec, u, v, st->a ? graph_colour_word(st->a->name) : 'G');
                    }
                }
            }
        }
        const char *why = NULL;
        const Graph *gr = graph_make(c->p, &spec, &why);
        graph_spec_fini(&spec);
        Value v = { .t = VT_GRAPH };
        if (!gr) {
            diag_error(&c->p->diag, n->loc, "%s", why);
            c->errors++;
            v = val_int(0);
        } else {
            v.u.g = gr;
        }
        emit(c, n->loc, IR_KONST, add_const(c, v), 0);
        push(c, 1);
        return;
    }
    case N_NAME:
        if (n->ref == REF_LOCAL) emit(c, n->loc, IR_LOAD, n->ref_id, 0);
        else emit(c, n->loc, IR_GLOBAL, n->ref_id, 0);
        push(c, 1);
        return;
    case N_LIST: case N_SET: {
        bool allconst = true;
        for (int i = 0; i < n->list.n; i++)
            if (!is_int(n->list.v[i])) allconst = false;
        if (allconst) {
            int64_t *a = arena_alloc(&c->p->code.arena, (size_t)(n->list.n + 1) * sizeof *a);
            uint32_t k = 0;
            for (int i = 0; i < n->list.n; i++) a[k++] = n->list.v[i]->ival;
            if (n->kind == N_SET) k = (uint32_t)util_sort_unique_i64(a, k);   /* sorted, each once */
            Value v = { .t = n->kind == N_SET ? VT_SET : VT_LIST, .n = k };
            v.u.a = a;
            emit(c, n->loc, IR_KONST, add_const(c, v), 0);
            push(c, 1);
            return;
        }
        int argc;
        int d0 = c->depth;
        args(c, &n->list, &argc);
        emit(c, n->loc, n->kind == N_SET ? IR_SET : IR_LIST, argc, 0);
        c->depth = d0;
        push(c, 1);
        return;
    }
    case N_RANGE:
        expr(c, n->a);
        expr(c, n->b);
        emit(c, n->loc, IR_RANGE, 0, 0);
        push(c, -1);
        return;
    case N_UNARY:
        if (n->op == OP_NEG && is_int(n->a) && n->a->ival != INT64_MIN) {
            emit(c, n->loc, IR_INT, -n->a->ival, 0);
            push(c, 1);
            return;
        }
        expr(c, n->a);
        emit(c, n->loc, n->op == OP_NEG ? IR_NEG : IR_NOT, 0, 0);
        return;
    case N_BINARY: {
        int64_t r;
        if (is_int(n->a) && is_int(n->b) && (n->op == OP_ADD || n->op == OP_SUB || n->op == OP_MUL)) {
            if (fold(n->op, n->a->ival, n->b->ival, &r)) {
                n->kind = N_INT;   /* lets enclosing expressions fold too */
                n->ival = r;
                emit(c, n->loc, IR_INT, r, 0);
                push(c, 1);
                return;
            }
            /* beyond 64 bits: computed at run time, exactly */
        }
        expr(c, n->a);
        expr(c, n->b);
        emit(c, n->loc, binop_ir(n->op), 0, 0);
        push(c, -1);
        return;
    }
    case N_AND: case N_OR: {
        expr(c, n->a);
        emit(c, n->a->loc, IR_TRUTH, 0, 0);
        size_t j = emit(c, n->loc, n->kind == N_AND ? IR_JFK : IR_JTK, 0, 0);
        push(c, -1);
        expr(c, n->b);
        emit(c, n->b->loc, IR_TRUTH, 0, 0);
        patch(c, j, 0, here(c));
        return;
    }
    case N_LETIN:
        expr(c, n->a);
        emit(c, n->a->loc, IR_STORE, n->ref_id, 0);
        push(c, -1);
        expr(c, n->b);
        return;
    case N_IF: {
        expr(c, n->a);
        size_t jf = emit(c, n->a->loc, IR_JF, 0, 0);
        push(c, -1);
        expr(c, n->b);
        size_t jend = emit(c, n->loc, IR_JMP, 0, 0);
        push(c, -1);
        patch(c, jf, 0, here(c));
        expr(c, n->c);
        patch(c, jend, 0, here(c));
        return;
    }
    case N_CALL: {
        int argc;
        int d0 = c->depth;
        args(c, &n->list, &argc);
        if (n->ref == REF_BUILTIN) emit(c, n->loc, IR_BUILTIN, n->ref_id, argc);
        else if (n->ref == REF_DEF) emit(c, n->loc, IR_CALL, n->ref_id, argc);
        else emit(c, n->loc, IR_POS, n->ref_id, argc);
        c->depth = d0;
        push(c, 1);
        return;
    }
    case N_INDEX:
        expr(c, n->a);
        expr(c, n->b);
        emit(c, n->loc, IR_INDEX, 0, 0);
        push(c, -1);
        return;
    case N_UPDATE: {
        int d0 = c->depth;
        expr(c, n->a);
        for (int i = 0; i < n->list.n; i++) {
            expr(c, n->list.v[i]->a);
            expr(c, n->list.v[i]->b);
        }
        emit(c, n->loc, IR_UPDATE, n->list.n, 0);
        c->depth = d0;
        push(c, 1);
        return;
    }
    case N_GEN: gen(c, n); return;
    case N_IS:
        expr(c, n->a);
        emit(c, n->loc, IR_IS, n->op, 0);
        return;
    default:
        expr(c, n->a);
        return;
    }
}

static int begin(Cg *c, Program *p, int fidx, const SemaInfo *info, bool user)
{
    c->p = p;
    c->fidx = fidx;
    c->depth = c->maxdepth = 0;
    Func *f = F(c);
    f->nlocals = info->nlocals;
    f->user = user;
    f->slotnames = (const char **)info->slotnames;
    f->nslotnames = info->nlocals;
    return fidx;
}

static void finish(Cg *c)
{
    F(c)->maxstack = c->maxdepth + 4;
    peep_func(F(c));
}

static int thunk(Program *p, Cg *c, const char *name, Node *e, const SemaInfo *info, bool user, FuncKind kind)
{
    int fidx = prog_add_func(p, name, kind);
    begin(c, p, fidx, info, user);
    expr(c, e);
    emit(c, e->loc, IR_RET, 0, 0);
    finish(c);
    return fidx;
}

/* A function yielding e for every combination of item's binders (at most 16), in order, that a
   claim's `when` holds for: the instances of a claim (and of its two sides), the probe positions
   of a period. */
static int instances(Cg *c, Program *p, const char *name, Node *item, Node *e, const SemaInfo *info, bool user)
{
    int fidx = prog_add_func(p, name, FN_CLAIM);
    begin(c, p, fidx, info, user);
    size_t nexts[16];
    int nb = item->list.n < 16 ? item->list.n : 16;
    for (int j = 0; j < nb; j++) binder_loop(c, item->list.v[j], 1, &nexts[j]);
    if (item->kind == N_CLAIM && nb > 0) emit(c, item->loc, IR_GATE, (int64_t)nexts[nb - 1], 0);   /* --jobs */
    if (item->kind == N_CLAIM && item->b) {   /* when: other combinations are no instances */
        expr(c, item->b);
        emit(c, item->b->loc, IR_JF, (int64_t)nexts[nb - 1], 0);
        push(c, -1);
    }
    expr(c, e);
    emit(c, e->loc, IR_YIELD, 0, 0);
    push(c, -1);
    emit(c, item->loc, IR_JMP, (int64_t)nexts[nb - 1], 0);
    size_t end = here(c);
    for (int j = 0; j < nb; j++) patch(c, nexts[j], 1, j == 0 ? end : nexts[j - 1]);
    emit(c, item->loc, IR_INT, 0, 0);
    emit(c, item->loc, IR_RET, 0, 0);
    push(c, 1);
    finish(c);
    return fidx;
}

static void moves(Cg *c, Node *g, const SemaInfo *info, bool user)
{
    Program *p = c->p;
    Game *game = &p->code.games[g->ref_id];
    game->rules = rules_read(p->code.unit ? p->code.unit : &p->code.arena, g);
    game->tail_inline = game->rules && game->rules->canon_form == CF_SORT_TAIL && game->variadic;
    const char **names = arena_alloc(p->code.unit ? p->code.unit : &p->code.arena, ((size_t)g->list.n + 1) * sizeof *names);
    for (int i = 0; i < g->list.n; i++) names[i] = g->list.v[i]->kind == N_MOVE ? g->list.v[i]->name : NULL;
    game->move_names = names;
    unsigned char *sides = arena_alloc(p->code.unit ? p->code.unit : &p->code.arena, (size_t)g->list.n + 1);
    for (int i = 0; i < g->list.n; i++) sides[i] = g->list.v[i]->kind == N_MOVE ? (unsigned char)g->list.v[i]->op : MOVE_BOTH;
    game->move_sides = sides;
    game->nmove_names = g->list.n;
    game->nlocals = info->nlocals;
    begin(c, p, game->moves_fn, info, user);
    F(c)->nparams = g->nparams;
    F(c)->variadic = g->variadic;
    for (int i = 0; i < g->list.n; i++) {
        Node *m = g->list.v[i];
        if (m->kind == N_CANON) continue;
        /* every binder and guard of the move, however many */
        int nb = m->list.n;
        size_t *nexts = xmalloc(((size_t)nb + 1) * sizeof *nexts);
        for (int j = 0; j < nb; j++) binder_loop(c, m->list.v[j], 1, &nexts[j]);
        size_t *fails = xmalloc(((size_t)m->list2.n + 1) * sizeof *fails);
        int nf = 0;
        for (int j = 0; j < m->list2.n; j++) {
            Node *cl = m->list2.v[j];
            expr(c, cl->a);
            if (cl->kind == N_LET) {
                emit(c, cl->loc, IR_STORE, cl->ref_id, 0);
            } else {
                fails[nf++] = emit(c, cl->loc, IR_JF, 0, 0);
            }
            push(c, -1);
        }
        if (g->op == 1) {   /* a scoring game: the move's gain first */
            if (m->b) expr(c, m->b);
            else {
                emit(c, m->loc, IR_INT, 0, 0);
                push(c, 1);
            }
            emit(c, m->b ? m->b->loc : m->loc, IR_GAIN, 0, 0);
            push(c, -1);
        }
        expr(c, m->a);
        emit(c, m->a->loc, IR_YIELD, i, 0);
        push(c, -1);
        size_t cont = 0;
        if (nb > 0) {
            cont = nexts[nb - 1];
            emit(c, m->loc, IR_JMP, (int64_t)cont, 0);
        }
        size_t end = here(c);
        if (nb == 0) cont = end;
        for (int j = 0; j < nf; j++) patch(c, fails[j], 0, cont);
        for (int j = 0; j < nb; j++) patch(c, nexts[j], 1, j == 0 ? end : nexts[j - 1]);
        xfree(nexts);
        xfree(fails);
    }
    emit(c, g->loc, IR_INT, 0, 0);
    emit(c, g->loc, IR_RET, 0, 0);
    push(c, 1);
    finish(c);
    for (int i = 0; i < g->list.n; i++) {
        Node *m = g->list.v[i];
        if (m->kind != N_CANON) continue;
        char *name = arena_alloc(&p->code.arena, strlen(g->name) + 8);
        sprintf(name, "%s.canon", g->name);
        int fidx = prog_add_func(p, name, FN_CANON);
        game = &p->code.games[g->ref_id];
        game->canon_fn = fidx;
        begin(c, p, fidx, info, user);
        F(c)->nparams = g->nparams;
        F(c)->variadic = g->variadic;
        int argc;
        args(c, &m->list, &argc);
        emit(c, m->loc, IR_POS, g->ref_id, argc);
        emit(c, m->loc, IR_RET, 0, 0);
        finish(c);
        break;
    }
    game = &p->code.games[g->ref_id];
    if (game->neg >= 0) {   /* -G: G's functions; Left's and Right's moves swapped */
        Game *t = &p->code.games[game->neg];
        const char *tname = t->name;
        *t = *game;
        t->name = tname;
        t->neg = g->ref_id;
        t->negated = true;   /* its rules are G's: the labels and binders of its moves */
        unsigned char *sw = arena_alloc(p->code.unit ? p->code.unit : &p->code.arena, (size_t)g->list.n + 1);
        for (int i = 0; i < g->list.n; i++)
            sw[i] = game->move_sides[i] == MOVE_LEFT ? MOVE_RIGHT : game->move_sides[i] == MOVE_RIGHT ? MOVE_LEFT : MOVE_BOTH;
        t->move_sides = sw;
    }
}

static Stmt *new_stmt(Program *p, StmtKind k, Node *item)
{
    Stmt st;
    memset(&st, 0, sizeof st);
    st.kind = k;
    st.loc = item->loc;
    st.lhs_fn = st.rhs_fn = -1;
    char buf[400];
    diag_snippet(&p->diag, item->a->loc, buf, sizeof buf);
    /* in the unit's arena: a unit that defines nothing is forgotten with its statements (drv_forget) */
    st.text = arena_strndup(p->code.unit ? p->code.unit : &p->code.arena, buf, strlen(buf));
    VEC_PUSH(p->code.stmts, p->code.nstmts, p->code.capstmts, st);
    return &p->code.stmts[p->code.nstmts - 1];
}

int compile_item(Program *p, Node *item, const SemaInfo *info, bool user)
{
    Cg c;
    memset(&c, 0, sizeof c);
    c.p = p;
    switch (item->kind) {
    case N_CONST: {
        int fidx = thunk(p, &c, item->name, item->a, info, user, FN_THUNK);
        p->code.const_fn[item->ref_id] = fidx;
        break;
    }
    case N_DEF: {
        begin(&c, p, item->ref_id, info, user);
        F(&c)->nparams = item->nparams;
        F(&c)->variadic = item->variadic;
        F(&c)->ast = item;
        expr(&c, item->a);
        emit(&c, item->a->loc, IR_RET, 0, 0);
        finish(&c);
        break;
    }
    case N_GAME: moves(&c, item, info, user); break;
    case N_QUERY: {
        int fidx = thunk(p, &c, "query", item->a, info, user, FN_THUNK);
        Stmt *st = new_stmt(p, ST_QUERY, item);
        st->fn = fidx;
        st->bare = p->opt.bare_print;
        break;
    }
    case N_TABLE: {
        Node *call = item->a;
        bool outcomes = call->kind == N_CALL && call->ref == REF_BUILTIN && call->ref_id == BI_OUTCOME;
        if (outcomes) call = call->list.v[0];   /* table outcome(G(0..n)): the outcomes, not the values */
        Stmt tmp;
        memset(&tmp, 0, sizeof tmp);
        tmp.target_kind = call->ref == REF_GAME ? SYM_GAME : SYM_DEF;
        tmp.target_id = call->ref_id;
        tmp.nargs = call->list.n;
        for (int i = 0; i < call->list.n && i < TABLE_MAX_ARGS; i++) {
            Node *x = call->list.v[i];
            tmp.arg_splat[i] = x->kind == N_SPLAT;
            tmp.arg_fn[i] = thunk(p, &c, "table argument", x->kind == N_SPLAT ? x->a : x, info, user, FN_THUNK);
        }
        Stmt *st = new_stmt(p, ST_TABLE, item);
        st->outcome = outcomes ? 'O' : 0;
        st->target_kind = tmp.target_kind;
        st->target_id = tmp.target_id;
        st->nargs = tmp.nargs;
        memcpy(st->arg_fn, tmp.arg_fn, sizeof tmp.arg_fn);
        memcpy(st->arg_splat, tmp.arg_splat, sizeof tmp.arg_splat);
        break;
    }
    case N_EXPECT: {
        Node *e = item->a;
        int fidx, outcome = 0, lhs = -1, rhs = -1;
        if (e->kind == N_IS) {
            fidx = thunk(p, &c, "expect", e->a, info, user, FN_THUNK);
            outcome = e->op;
        } else {
            fidx = thunk(p, &c, "expect", e, info, user, FN_THUNK);
            if (e->kind == N_BINARY && e->op >= OP_EQ && e->op <= OP_GE) {
                lhs = thunk(p, &c, "expect lhs", e->a, info, user, FN_THUNK);
                rhs = thunk(p, &c, "expect rhs", e->b, info, user, FN_THUNK);
            }
        }
        Stmt *st = new_stmt(p, ST_EXPECT, item);
        st->fn = fidx;
        st->outcome = outcome;
        st->lhs_fn = lhs;
        st->rhs_fn = rhs;
        break;
    }
    case N_PRINT: {
        int n = item->list.n, fns[TABLE_MAX_ARGS] = { 0 };
        for (int i = 0; i < n && i < TABLE_MAX_ARGS; i++) {
            Node *x = item->list.v[i];
            fns[i] = thunk(p, &c, "print", x->kind == N_SPLAT ? x->a : x, info, user, FN_THUNK);
        }
        int fn = n ? fns[0] : thunk(p, &c, "print", item->a, info, user, FN_THUNK);
        Stmt *st = new_stmt(p, ST_PRINT, item);
        st->fn = fn;
        st->nargs = n;
        for (int i = 0; i < n && i < TABLE_MAX_ARGS; i++) {
            st->arg_fn[i] = fns[i];
            st->arg_splat[i] = item->list.v[i]->kind == N_SPLAT;
        }
        break;
    }
    case N_EXPLAIN:
        new_stmt(p, ST_EXPLAIN, item)->fn = thunk(p, &c, "explain", item->a, info, user, FN_THUNK);
        break;
    case N_GENUS:
        new_stmt(p, ST_GENUS, item)->fn = thunk(p, &c, "genus", item->a, info, user, FN_THUNK);
        break;
    case N_THERMO:
        new_stmt(p, ST_THERMO, item)->fn = thunk(p, &c, "thermograph", item->a, info, user, FN_THUNK);
        break;
    case N_DRAW: {
        int depth = item->b ? thunk(p, &c, "draw depth", item->b, info, user, FN_THUNK) : -1;
        Stmt *st = new_stmt(p, ST_DRAW, item);
        st->fn = thunk(p, &c, "draw", item->a, info, user, FN_THUNK);
        st->range_fn = depth;
        break;
    }
    case N_PERIOD: case N_QUOTIENT: {
        bool per = item->kind == N_PERIOD;
        int range = item->b ? thunk(p, &c, per ? "period range" : "quotient range", item->b, info, user, FN_THUNK) : -1;
        Stmt *st = new_stmt(p, per ? ST_PERIOD : ST_QUOTIENT, item);
        st->fn = instances(&c, p, per ? "period" : "quotient", item, item->a, info, user);
        st->range_fn = range;
        st->binder_name[0] = item->list.v[0]->name;   /* for the hint to search further */
        break;
    }
    case N_CLAIM: {
        int nb = item->list.n < 16 ? item->list.n : 16;
        Stmt *st = new_stmt(p, ST_CLAIM, item);
        st->fn = instances(&c, p, "claim", item, item->a, info, user);
        if (item->a->kind == N_BINARY && item->a->op >= OP_EQ && item->a->op <= OP_GE) {   /* for the message */
            st->lhs_fn = instances(&c, p, "claim lhs", item, item->a->a, info, user);
            st->rhs_fn = instances(&c, p, "claim rhs", item, item->a->b, info, user);
        }
        st->nbinders = nb;
        for (int j = 0; j < nb; j++) {
            st->binder_slot[j] = item->list.v[j]->ref_id;
            st->binder_name[j] = arena_strndup(&p->code.arena, item->list.v[j]->name, strlen(item->list.v[j]->name));
        }
        break;
    }
    default: break;
    }
    return c.errors;
}

size_t compile_block(Program *p, Node *item, const SemaInfo *info, bool user, int var)
{
    Cg c;
    memset(&c, 0, sizeof c);
    c.p = p;
    bool loop = item->kind == N_FOR;
    int fn = thunk(p, &c, loop ? "for" : "if", item->a, info, user, FN_THUNK);
    Stmt *st = new_stmt(p, loop ? ST_FOR : ST_IF, item);
    st->fn = fn;
    st->target_id = var;
    st->binder_name[0] = item->name;
    st->else_at = st->body_end = p->code.nstmts;
    return p->code.nstmts - 1;
}

int compile_let(Program *p, Node *item, const SemaInfo *info, bool user, int id)
{
    Cg c;
    memset(&c, 0, sizeof c);
    c.p = p;
    int fn = thunk(p, &c, item->name, item->a, info, user, FN_THUNK);
    Stmt *st = new_stmt(p, ST_LET, item);
    st->fn = fn;
    st->target_id = id;
    st->binder_name[0] = item->name;
    return c.errors;
}
