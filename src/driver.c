/* driver.c: the top of the layers below the statements: builds a program's interpreter and
   solver, connects them (the interpreter reaches the solver only through its host table, the
   recovery after an error goes through the program's hooks), loads compilation units (parse,
   declare, check, compile, evaluate constants) and frees everything in one place. */
#include "config.h"
#include "driver.h"
#include "graph.h"
#include "listview.h"
#include "parse.h"
#include "sema.h"
#include "compile.h"
#include "vm.h"
#include "solve/solve.h"
#include <stdlib.h>
#include <string.h>

static void interp_enter(void *ctx) { vm_try_enter(ctx); }
static void interp_leave(void *ctx) { vm_try_leave(ctx); }
static void interp_fail(void *ctx, int status)
{
    (void)status;
    vm_try_fail(ctx);
}

static void solver_enter(void *ctx) { solve_try_enter(ctx); }
static void solver_leave(void *ctx) { solve_try_leave(ctx); }
/* a runaway search (a limit) leaves only half-built states: the store is emptied */
static void solver_fail(void *ctx, int status) { solve_try_fail(ctx, status == EXIT_LIMIT); }

void drv_init(Program *p, FILE *out, FILE *err)
{
    prog_init(p, out, err);
    p->vm = vm_new(p);
    p->solver = solve_new(p, p->vm);
    VmHost host;
    solve_host(p->solver, &host);
    vm_set_host(p->vm, &host);
    Recover vm = { interp_enter, interp_leave, interp_fail, p->vm }, solver = { solver_enter, solver_leave, solver_fail, p->solver };
    prog_on_error(p, &vm);
    prog_on_error(p, &solver);
}

void drv_fini(Program *p)
{
    solve_free(p->solver);
    vm_free(p->vm);
    graph_free_all(p);
    lview_free_all(p);
    prog_fini(p);
}

typedef struct ConstRun { size_t from, to, redefs; Value *saved; } ConstRun;

/* A unit being loaded: what to put back if its constants fail (its names and statements
   forgotten) and, either way, the old values of the constants it redefines. */
typedef struct LoadUndo { Program *p; size_t nsyms0, nstmts0, nredefs0; Value *saved; } LoadUndo;

/* Put the redefined constants' old values back; with forget, also forget the unit. Frees u. */
static void load_restore(LoadUndo *u, bool forget)
{
    Program *p = u->p;
    for (size_t r = u->nredefs0; r < p->code.nredefs; r++)
        if (p->code.redefs[r].kind == SYM_CONST) p->code.consts[p->code.redefs[r].target] = u->saved[r - u->nredefs0];
    if (forget) {
        prog_forget_syms(p, u->nsyms0);
        p->code.nstmts = u->nstmts0;
        p->code.nredefs = u->nredefs0;
    }
    xfree(u->saved);
    xfree(u);
}

/* The cleanup of a load that a limit or an interrupt unwound: the unit is forgotten. */
static void load_undo(void *arg) { load_restore(arg, true); }

static void eval_consts(Program *p, void *ctx)
{
    ConstRun *cr = ctx;
    for (size_t i = cr->from; i < cr->to; i++) {
        if (p->code.const_fn[i] < 0) continue;
        Value v = vm_call(p->vm, p->code.const_fn[i], NULL, 0, NULL, NULL);
        /* constants outlive scratch memory: copy lists, sets, strings and big integers into the program arena */
        if (v.t == VT_LIST || v.t == VT_SET) {
            int64_t *a = arena_alloc(&p->code.arena, (v.n + 1) * sizeof *a);
            if (v.n) memcpy(a, v.u.a, v.n * sizeof *a);
            v.u.a = a;
        } else if (v.t == VT_BIG) {
            int64_t *a = arena_alloc(&p->code.arena, v.n * sizeof *a);
            memcpy(a, v.u.a, v.n * sizeof *a);
            v.u.a = a;
        } else if (v.t == VT_STR) {
            v.u.s = arena_strndup(&p->code.arena, v.u.s, v.n);
        } else if (v.t == VT_POS) {
            prog_fail(p, EXIT_COMPILE, p->code.fns[p->code.const_fn[i]].locs[0], "a constant cannot be a position");
        } else if (v.t == VT_GRAPH) {   /* printed by this name from now on */
            for (size_t k = 0; k < p->code.nsyms; k++)
                if (p->code.syms[k].kind == SYM_CONST && (size_t)p->code.syms[k].id == i) graph_name(v.u.g, p->code.syms[k].name);
        }
        p->code.consts[i] = v;
        p->code.const_ready[i] = true;
        /* a redefined constant: the unit's later constants see the new value (the statements see
           it when they reach the unit: drv_restore_consts puts the old one back meanwhile) */
        for (size_t r = cr->redefs; r < p->code.nredefs; r++)
            if (p->code.redefs[r].kind == SYM_CONST && (size_t)p->code.redefs[r].staged == i) p->code.consts[p->code.redefs[r].target] = v;
        scratch_release(&p->vm->scratch, 0);
    }
}

void drv_apply_redefinitions(Program *p, size_t upto)
{
    size_t r = 0;
    for (; r < p->code.nredefs && p->code.redefs[r].at_stmt <= upto; r++) {
        Redefinition *d = &p->code.redefs[r];
        if (d->kind == SYM_GAME) {
            const char *name = p->code.games[d->target].name;
            p->code.games[d->target] = p->code.games[d->staged];
            p->code.games[d->target].name = name;
            int neg = p->code.games[d->target].neg;   /* the new negative's base is the target */
            if (neg >= 0) p->code.games[neg].neg = (int)d->target;
        } else if (d->kind == SYM_DEF) {   /* swap: the old code stays owned by the staged slot */
            Func old = p->code.fns[d->target];
            p->code.fns[d->target] = p->code.fns[d->staged];
            p->code.fns[d->target].name = old.name;
            p->code.fns[d->staged] = old;
        } else {
            p->code.consts[d->target] = p->code.consts[d->staged];
        }
    }
    if (!r) return;
    memmove(p->code.redefs, p->code.redefs + r, (p->code.nredefs - r) * sizeof *p->code.redefs);
    p->code.nredefs -= r;
    solve_forget(p->solver);   /* every value computed from the old definitions */
    vm_memo_forget(p->vm);
    vm_kernel_forget(p->vm);
}

static bool is_stmt(const Node *it)
{
    return it->kind == N_QUERY || it->kind == N_TABLE || it->kind == N_EXPECT || it->kind == N_CLAIM ||
           it->kind == N_PERIOD || it->kind == N_QUOTIENT || it->kind == N_PRINT || it->kind == N_GENUS || it->kind == N_DRAW || it->kind == N_FOR ||
           it->kind == N_IFSTMT || it->kind == N_EXPLAIN || it->kind == N_THERMO;
}

/* What a unit's constants after its first statement need to know: its items, and which
   constants are set in order (in_order). */
typedef struct Order { Program *p; const NodeList *items; const bool *in_order; } Order;

/* Whether expression e may read standard input, or uses a constant that does: a reading builtin
   whose file is "-" or not a literal string, a def (of the unit, or an earlier one) whose body
   may, or a constant of the unit set in order. depth bounds the defs followed. */
static bool reads_stdin(const Order *o, const Node *e, int depth)
{
    if (!e || depth > 64) return false;
    if (e->kind == N_CALL && !strncmp(e->name, "read_", 5) && e->list.n > 0 &&
        (e->list.v[0]->kind != N_STR || (e->list.v[0]->slen == 1 && e->list.v[0]->name[0] == '-')))
        return true;
    if (e->kind == N_CALL || e->kind == N_NAME) {
        for (int i = 0; i < o->items->n; i++) {
            const Node *it = o->items->v[i];
            if (!it->name || strcmp(it->name, e->name)) continue;
            if (e->kind == N_NAME && it->kind == N_CONST) return o->in_order[i];
            if (e->kind == N_CALL && it->kind == N_DEF) return reads_stdin(o, it->a, depth + 1);
        }
        const Symbol *sym = e->kind == N_CALL ? prog_lookup(o->p, e->name) : NULL;
        if (sym && sym->kind == SYM_DEF && !sym->stdlib && o->p->code.fns[sym->id].ast &&
            reads_stdin(o, o->p->code.fns[sym->id].ast->a, depth + 1))
            return true;
    }
    if (reads_stdin(o, e->a, depth) || reads_stdin(o, e->b, depth) || reads_stdin(o, e->c, depth)) return true;
    for (int i = 0; i < e->list.n; i++)
        if (reads_stdin(o, e->list.v[i], depth)) return true;
    for (int i = 0; i < e->list2.n; i++)
        if (reads_stdin(o, e->list2.v[i], depth)) return true;
    return false;
}

static int load_block(Program *p, Arena *ua, Node *it);

/* The items of a for or if statement's body, in order: each checked and compiled as it comes (a
   const: declared after its value is checked, so it cannot refer to itself; its symbol added to
   names, to be hidden after the body). Returns the errors. */
static int load_body(Program *p, Arena *ua, NodeList *body, size_t *names, size_t *nnames)
{
    int errors = 0;
    for (int i = 0; i < body->n; i++) {
        Node *b = body->v[i];
        if (b->kind == N_FOR || b->kind == N_IFSTMT) {
            errors += load_block(p, ua, b);
            continue;
        }
        SemaInfo info;
        int e = sema_item(p, ua, b, &info);
        if (b->kind == N_CONST) {
            int id = e ? -1 : sema_declare_local(p, b, b->a->type);
            if (id < 0) {
                errors += e + 1;
                continue;
            }
            names[(*nnames)++] = p->code.nsyms - 1;
            e = compile_let(p, b, &info, !p->run.loading_stdlib, id);
        } else if (!e) {
            e = compile_item(p, b, &info, !p->run.loading_stdlib);
        }
        errors += e;
    }
    return errors;
}

/* A for statement (its domain, its name, its body) or an if statement (its condition, its two
   bodies), compiled into the statement and its bodies' statements after it; the names of a body
   are hidden after it. Returns the errors. */
static int load_block(Program *p, Arena *ua, Node *it)
{
    SemaInfo info;
    int errors = sema_item(p, ua, it, &info);
    bool loop = it->kind == N_FOR;
    int var = -1;
    if (loop && !errors) var = sema_declare_local(p, it->b, it->a->type == VT_RANGE ? VT_INT : VT_NONE);
    if (errors || (loop && var < 0)) return errors + 1;
    size_t *names = xmalloc(((size_t)it->list.n + it->list2.n + 2) * sizeof *names), nnames = 0;
    if (loop) names[nnames++] = p->code.nsyms - 1;
    size_t at = compile_block(p, it, &info, !p->run.loading_stdlib, var);
    errors += load_body(p, ua, &it->list, names, &nnames);
    for (size_t i = 0; i < nnames; i++) prog_hide_sym(p, names[i]);
    nnames = 0;
    p->code.stmts[at].else_at = p->code.nstmts;
    errors += load_body(p, ua, &it->list2, names, &nnames);
    for (size_t i = 0; i < nnames; i++) prog_hide_sym(p, names[i]);
    p->code.stmts[at].body_end = p->code.nstmts;
    xfree(names);
    return errors;
}

int drv_load(Program *p, const char *name, const char *text, size_t len, bool *incomplete)
{
    p->run.load_status = 0;
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {   /* a UTF-8 byte-order mark: not part of the program */
        text += 3;
        len -= 3;
    }
    uint32_t file = diag_add_file(&p->diag, name, text, len);
    const SrcFile *sf = diag_file(&p->diag, file);
    Arena a;
    arena_init_sized(&a, 16 * len);   /* about what its syntax tree takes */
    VEC_PUSH(p->code.units, p->code.nunits, p->code.capunits, a);
    Arena *ua = &p->code.units[p->code.nunits - 1];
    ParseCtx pc;
    int errors = parse_unit(&pc, ua, &p->diag, file, sf->text, sf->len);
    if (incomplete) *incomplete = pc.incomplete;
    if (errors) return errors;
    size_t nsyms0 = p->code.nsyms, nstmts0 = p->code.nstmts, nconsts0 = p->code.nconsts, nredefs0 = p->code.nredefs;
    errors += sema_declare(p, ua, &pc.items);
    static const NodeKind order[] = { N_CONST, N_DEF, N_GAME, N_QUERY };
    p->code.unit = ua;
    /* a constant that reads standard input after a statement is set when the statements reach it,
       so that the reads happen in the order they are written */
    bool *in_order = xcalloc((size_t)pc.items.n + 1, sizeof *in_order);
    Order ord = { p, &pc.items, in_order };
    for (int i = 0, seen_stmt = 0; i < pc.items.n; i++) {
        Node *it = pc.items.v[i];
        seen_stmt |= is_stmt(it);
        in_order[i] = seen_stmt && it->kind == N_CONST && reads_stdin(&ord, it->a, 0);
    }
    for (int phase = 0; phase < 4; phase++) {
        for (int i = 0; i < pc.items.n; i++) {
            Node *it = pc.items.v[i];
            bool stmt = is_stmt(it) || in_order[i];
            if (phase < 3 ? it->kind != order[phase] || stmt : !stmt) continue;
            if (it->kind != N_QUERY && it->ref == REF_NONE && !is_stmt(it)) continue;   /* redefinition: already reported */
            if (in_order[i]) {
                SemaInfo info;
                int e = sema_item(p, ua, it, &info);
                if (!e) e = compile_let(p, it, &info, !p->run.loading_stdlib, it->ref_id);
                errors += e;
                continue;
            }
            if (it->kind == N_FOR || it->kind == N_IFSTMT) {
                errors += load_block(p, ua, it);
                continue;
            }
            SemaInfo info;
            int e = sema_item(p, ua, it, &info);
            if (!e) e = compile_item(p, it, &info, !p->run.loading_stdlib);
            errors += e;
        }
    }
    p->code.unit = NULL;
    xfree(in_order);
    if (errors) {   /* forget this unit's names and statements, so a REPL can go on */
        prog_forget_syms(p, nsyms0);
        p->code.nstmts = nstmts0;
        p->code.nredefs = nredefs0;
        return errors;
    }
    /* the redefined constants' old values, put back after the unit's constants are evaluated; a
       limit or an interrupt that unwinds past this load (it stops the whole text) undoes the unit
       through the cleanup, as an error here does */
    LoadUndo *u = xcalloc(1, sizeof *u);
    *u = (LoadUndo){ p, nsyms0, nstmts0, nredefs0, xcalloc(p->code.nredefs - nredefs0 + 1, sizeof *u->saved) };
    for (size_t r = nredefs0; r < p->code.nredefs; r++)
        if (p->code.redefs[r].kind == SYM_CONST) u->saved[r - nredefs0] = p->code.consts[p->code.redefs[r].target];
    size_t mark = prog_defer(p, load_undo, u);
    ConstRun cr = { nconsts0, p->code.nconsts, nredefs0, u->saved };
    p->run.work_game = -1;
    prog_budget_start(p);
    int st = prog_try(p, eval_consts, &cr);
    prog_release(p, mark);
    prog_report_oom(p, (Loc){ file, 1, 1, 0, 0 });
    load_restore(u, st != 0);
    if (st) {
        p->run.load_status = st;
        return 1;
    }
    return 0;
}

/* The library's hook (Program.code.lib_load): parse, declare and compile the one definition in its
   text; the names it uses load as the sema meets them. */
static int load_lib_item(Program *p, LibItem *it)
{
    const SrcFile *sf = diag_file(&p->diag, it->file);
    ParseCtx pc;
    int errors = parse_unit_at(&pc, &p->code.arena, &p->diag, it->file, sf->text + it->off, it->end - it->off, it->off, it->line);
    if (errors) return errors;
    if (pc.items.n != 1 || (pc.items.v[0]->kind != N_DEF && pc.items.v[0]->kind != N_GAME) || strcmp(pc.items.v[0]->name, it->name)) {
        diag_error(&p->diag, (Loc){ it->file, it->line, 1, it->off, it->off }, "internal error: the standard library's "
                   "text for '%s' holds %d definitions, not it alone", it->name, pc.items.n);
        return 1;
    }
    Node *n = pc.items.v[0];
    size_t nsyms0 = p->code.nsyms;
    errors = sema_declare(p, &p->code.arena, &pc.items);
    if (errors || p->code.nsyms != nsyms0 + 1) return errors + 1;
    it->sym = (int)nsyms0;   /* its own name means it from here on (recursion) */
    SemaInfo info;
    errors = sema_item(p, &p->code.arena, n, &info);
    if (!errors) errors = compile_item(p, n, &info, false);
    return errors;
}

int drv_load_stdlib(Program *p)
{
    p->code.lib_load = load_lib_item;
    for (const StdlibFile *f = prog_stdlib_files; f->name; f++)
        prog_lib_add(p, diag_add_file(&p->diag, f->name, f->text, f->len));
    return 0;
}

int drv_load_stdlib_all(Program *p)
{
    return drv_load_stdlib(p) + prog_lib_load_all(p);
}

void drv_dump_ir(Program *p)
{
    const char **fn_names = xmalloc((p->code.nfns + 1) * sizeof *fn_names);
    const char **game_names = xmalloc((p->code.ngames + 1) * sizeof *game_names);
    for (size_t i = 0; i < p->code.nfns; i++) fn_names[i] = p->code.fns[i].name;
    for (size_t i = 0; i < p->code.ngames; i++) game_names[i] = p->code.games[i].name;
    for (size_t i = 0; i < p->code.nfns; i++)
        if (p->code.fns[i].user) ir_dump(p->run.out, &p->code.fns[i], fn_names, game_names);
    xfree(fn_names);
    xfree(game_names);
}

DrvMark drv_mark(const Program *p)
{
    return (DrvMark){ p->code.nfns, p->code.nstmts, p->code.nunits, p->diag.nfiles, p->code.nsyms, p->code.ngames,
                      p->code.nconsts, p->code.nredefs };
}

bool drv_undeclare(Program *p, const DrvMark *m, bool consts)
{
    if (!consts && p->code.nconsts != m->nconsts) return false;
    prog_forget_syms(p, m->nsyms);
    p->code.ngames = m->ngames;
    p->code.nconsts = m->nconsts;
    p->code.nredefs = m->nredefs;
    return true;
}

bool drv_forget(Program *p, const DrvMark *m)
{
    if (p->code.nsyms != m->nsyms || p->code.ngames != m->ngames || p->code.nconsts != m->nconsts ||
        p->code.nredefs != m->nredefs)
        return false;
    const Stmt *gone = p->code.stmts + m->nstmts;
    if (p->run.stop_stmt >= gone && p->run.stop_stmt < p->code.stmts + p->code.nstmts) p->run.stop_stmt = NULL;
    if (p->run.stmt >= gone && p->run.stmt < p->code.stmts + p->code.nstmts) p->run.stmt = NULL;
    vm_memo_forget_fns(p->vm, m->nfns);
    vm_kernel_forget(p->vm);
    prog_forget_fns(p, m->nfns);
    p->code.nstmts = m->nstmts;
    if (p->code.next_stmt > m->nstmts) p->code.next_stmt = m->nstmts;
    for (; p->code.nunits > m->nunits; p->code.nunits--) arena_fini(&p->code.units[p->code.nunits - 1]);
    diag_forget_files(&p->diag, m->nfiles);
    return true;
}
