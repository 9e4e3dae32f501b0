/* program.c: compilation units in order (parse, declare, check, compile), constants, error unwinding. */
#include "config.h"
#include "program.h"
#include "parse.h"
#include "sema.h"
#include "compile.h"
#include "vm.h"
#include "pos.h"
#include "run.h"
#include "solve/solve.h"
#include "solve/dense.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void prog_init(Program *p, FILE *out, FILE *err)
{
    memset(p, 0, sizeof *p);
    diag_init(&p->diag, err);
    arena_init(&p->arena);
    p->out = out;
    p->max_states = 50000000;
    p->max_instances = 100000000;
    p->vm = vm_new(p);
    p->eng = eng_new(p, p->vm);
}

const StrRec *prog_intern(Program *p, const char *s, size_t n)
{
    if ((p->nstr + 1) * 2 > p->capstr) {   /* grow and rehash */
        size_t cap = p->capstr ? p->capstr * 2 : 64;
        const StrRec **t = xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < p->capstr; i++) {
            const StrRec *r = p->strtab[i];
            if (!r) continue;
            size_t j = util_hash_bytes(r->s, r->len) & (cap - 1);
            while (t[j]) j = (j + 1) & (cap - 1);
            t[j] = r;
        }
        free(p->strtab);
        p->strtab = t;
        p->capstr = cap;
    }
    size_t j = util_hash_bytes(s, n) & (p->capstr - 1);
    for (; p->strtab[j]; j = (j + 1) & (p->capstr - 1))
        if (p->strtab[j]->len == n && !memcmp(p->strtab[j]->s, s, n)) return p->strtab[j];
    StrRec *r = arena_alloc(&p->arena, sizeof *r + n + 1);
    r->len = (uint32_t)n;
    memcpy(r->s, s, n);
    r->s[n] = 0;
    p->strtab[j] = r;
    p->nstr++;
    return r;
}

void prog_fini(Program *p)
{
    free(p->strtab);
    dense_free_all(p);
    eng_free(p->eng);
    vm_free(p->vm);
    for (size_t i = 0; i < p->nfns; i++) {
        free(p->fns[i].code);
        free(p->fns[i].locs);
        free(p->fns[i].consts);
    }
    free(p->fns);
    free(p->games);
    free(p->syms);
    free(p->consts);
    free(p->const_fn);
    free(p->const_ready);
    free(p->stmts);
    for (size_t i = 0; i < p->nunits; i++) arena_fini(&p->units[i]);
    free(p->units);
    arena_fini(&p->arena);
    diag_fini(&p->diag);
}

Symbol *prog_lookup(Program *p, const char *name)
{
    for (size_t i = p->nsyms; i-- > 0;)
        if (!strcmp(p->syms[i].name, name)) return &p->syms[i];
    return NULL;
}

int prog_add_func(Program *p, const char *name, FuncKind kind)
{
    Func f;
    memset(&f, 0, sizeof f);
    f.name = name;
    f.kind = kind;
    VEC_PUSH(p->fns, p->nfns, p->capfns, f);
    return (int)p->nfns - 1;
}

_Noreturn void prog_fail(Program *p, int status, Loc loc, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    diag_error(&p->diag, loc, "%s", msg);
    const SrcFile *f = loc.line ? diag_file(&p->diag, loc.file) : NULL;
    if (p->stmt && f && !strncmp(f->name, "<stdlib>", 8) && p->stmt->loc.file != loc.file)
        diag_note(&p->diag, p->stmt->loc, "while running this statement");
    if (!p->on_error) exit(status);
    longjmp(*p->on_error, status);
}

int prog_try(Program *p, void (*fn)(Program *, void *), void *ctx)
{
    jmp_buf jb, *saved = p->on_error;
    volatile int status = 0;
    p->on_error = &jb;
    int st = setjmp(jb);
    if (st == 0) {
        fn(p, ctx);
    } else {
        status = st;
        vm_reset(p->vm);
        eng_recover(p->eng);
        if (st == EXIT_LIMIT) eng_clear(p->eng);   /* a runaway search leaves only half-built states */
        run_recover(p);
    }
    p->on_error = saved;
    return status;
}

/* ---- loading units --------------------------------------------------------- */

typedef struct ConstRun { size_t from, to; } ConstRun;

static void eval_consts(Program *p, void *ctx)
{
    ConstRun *cr = ctx;
    for (size_t i = cr->from; i < cr->to; i++) {
        if (p->const_fn[i] < 0) continue;
        Value v = vm_call(p->vm, p->const_fn[i], NULL, 0, NULL, NULL);
        /* constants outlive scratch memory: copy lists, sets and strings into the program arena */
        if (v.t == VT_LIST || v.t == VT_SET) {
            int64_t *a = arena_alloc(&p->arena, (v.n + 1) * sizeof *a);
            if (v.n) memcpy(a, v.u.a, v.n * sizeof *a);
            v.u.a = a;
        } else if (v.t == VT_STR) {
            v.u.s = arena_strndup(&p->arena, v.u.s, v.n);
        } else if (v.t == VT_POS) {
            prog_fail(p, EXIT_COMPILE, p->fns[p->const_fn[i]].locs[0], "a constant cannot be a position");
        }
        p->consts[i] = v;
        p->const_ready[i] = true;
        scratch_release(&p->vm->scratch, 0);
    }
}

int prog_load(Program *p, const char *name, const char *text, size_t len, bool *incomplete)
{
    uint32_t file = diag_add_file(&p->diag, name, text, len);
    const SrcFile *sf = diag_file(&p->diag, file);
    Arena a;
    arena_init(&a);
    VEC_PUSH(p->units, p->nunits, p->capunits, a);
    Arena *ua = &p->units[p->nunits - 1];
    ParseCtx pc;
    int errors = parse_unit(&pc, ua, &p->diag, file, sf->text, sf->len);
    if (incomplete) *incomplete = pc.incomplete;
    if (errors) return errors;
    size_t nsyms0 = p->nsyms, nstmts0 = p->nstmts, nconsts0 = p->nconsts;
    errors += sema_declare(p, ua, &pc.items);
    static const NodeKind order[] = { N_CONST, N_DEF, N_GAME, N_QUERY };
    for (int phase = 0; phase < 4; phase++) {
        for (int i = 0; i < pc.items.n; i++) {
            Node *it = pc.items.v[i];
            bool stmt = it->kind == N_QUERY || it->kind == N_TABLE || it->kind == N_EXPECT || it->kind == N_CLAIM ||
                        it->kind == N_PERIOD;
            if (phase < 3 ? it->kind != order[phase] : !stmt) continue;
            if (!stmt && it->ref == REF_NONE) continue;   /* redefinition: already reported */
            SemaInfo info;
            int e = sema_item(p, ua, it, &info);
            if (!e) e = compile_item(p, it, &info, !p->loading_stdlib);
            errors += e;
        }
    }
    if (errors) {   /* forget this unit's names and statements, so a REPL can go on */
        p->nsyms = nsyms0;
        p->nstmts = nstmts0;
        return errors;
    }
    ConstRun cr = { nconsts0, p->nconsts };
    int st = prog_try(p, eval_consts, &cr);
    if (st) {
        p->nsyms = nsyms0;
        p->nstmts = nstmts0;
        return 1;
    }
    return 0;
}

int prog_load_stdlib(Program *p)
{
    int errors = 0;
    p->loading_stdlib = true;
    for (const StdlibFile *f = prog_stdlib_files; f->name; f++) errors += prog_load(p, f->name, f->text, f->len, NULL);
    p->loading_stdlib = false;
    return errors;
}
