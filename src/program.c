/* program.c: the compiled program's data (symbols, functions, strings) and run-time error
   unwinding: prog_fail jumps to the innermost prog_try, which runs the cleanups registered since
   and the recovery hooks. */
#include "config.h"
#include "program.h"
#include <time.h>
#include <stdarg.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

void prog_init(Program *p, FILE *out, FILE *err)
{
    memset(p, 0, sizeof *p);
    diag_init(&p->diag, err);
    arena_init(&p->code.arena);
    p->run.out = out;
    p->opt.max_states = 50000000;
    p->opt.max_instances = 100000000;
    p->opt.max_steps = PROG_DEFAULT_STEPS;
    p->opt.max_memory = PROG_MEMORY_DEFAULT;
    p->run.interrupt = &p->run.no_signal;
    p->run.statm_fd = -1;
    p->run.work_game = -1;
    p->opt.jobs = 1;
    p->opt.jobs_after = 0.1;
    prog_budget_start(p);
}

uint64_t prog_default_memory(void)
{
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    uint64_t phys = pages > 0 && size > 0 ? (uint64_t)pages * (uint64_t)size : (uint64_t)8 << 30;
    FILE *f = fopen("/sys/fs/cgroup/memory.max", "r");   /* a container's limit (cgroup v2), if lower */
    if (f) {
        unsigned long long lim;
        if (fscanf(f, "%llu", &lim) == 1 && lim > 0 && lim < phys) phys = lim;
        fclose(f);
    }
    return phys / 2;
}

void prog_budget_start(Program *p)
{
    p->run.stopping = false;
    p->run.steps_end = p->run.polls + p->opt.max_steps;
    if (p->run.steps_end < p->run.polls) p->run.steps_end = UINT64_MAX - 1;
    p->run.poll_next = p->run.polls + 1;   /* check the clock and the memory at once */
    p->run.mem_next = 0;
    p->run.mem_over = false;
}

uint64_t prog_memory_used(Program *p)
{
    if (p->run.meter && util_meter_exact()) return p->run.meter->bytes > 0 ? (uint64_t)p->run.meter->bytes : 0;
    if (p->run.statm_fd == -1) {
        p->run.statm_fd = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
        if (p->run.statm_fd < 0) p->run.statm_fd = -2;
    }
    if (p->run.statm_fd >= 0) {
        char b[128];
        ssize_t n = pread(p->run.statm_fd, b, sizeof b - 1, 0);
        unsigned long long size, rss;
        if (n > 0) {
            b[n] = 0;
            if (sscanf(b, "%llu %llu", &size, &rss) == 2) return (uint64_t)rss * (uint64_t)sysconf(_SC_PAGESIZE);
        }
    }
    struct rusage ru;   /* elsewhere: the peak, the best there is */
    if (getrusage(RUSAGE_SELF, &ru) == 0) return (uint64_t)ru.ru_maxrss * 1024;
    return 0;
}

/* A number of bytes for a message: "1.5 GB", "300 MB". */
static void bytes_text(char *b, size_t n, uint64_t v)
{
    if (v >= (uint64_t)1 << 30) snprintf(b, n, "%.2f GB", (double)v / (double)(1 << 30));
    else snprintf(b, n, "%.1f MB", (double)v / (double)(1 << 20));
}

/* A budget ran out: the statement stops (every prog_try passes it on), with a message even
   inside a tentative computation. */
/* Stop the statement: the message, the game being solved, then how to raise the budget. */
static _Noreturn void budget_stop(Program *p, Loc loc, const char *raise, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static _Noreturn void budget_stop(Program *p, Loc loc, const char *raise, const char *fmt, ...)
{
    char msg[600], game[200] = "";
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->run.work_game >= 0 && (size_t)p->run.work_game < p->code.ngames)
        snprintf(game, sizeof game, " while solving game '%s'", p->code.games[p->run.work_game].name);
    p->run.stopping = true;
    p->run.silent = 0;
    prog_fail(p, EXIT_LIMIT, loc, "%s%s (%s)", msg, game, raise);
}

uint64_t prog_memory_budget(Program *p)
{
    if (p->opt.max_memory == PROG_MEMORY_DEFAULT) p->opt.max_memory = prog_default_memory();
    return p->opt.max_memory;
}

void prog_memory_need(Program *p, uint64_t extra, Loc loc, const char *what)
{
    if (!prog_memory_budget(p)) return;
    uint64_t used = prog_memory_used(p);
    if (used + extra <= p->opt.max_memory && extra <= p->opt.max_memory) return;
    char a[40], b[40], c[40];
    bytes_text(a, sizeof a, extra);
    bytes_text(b, sizeof b, used);
    bytes_text(c, sizeof c, p->opt.max_memory);
    budget_stop(p, loc, "raise it with --max-memory SIZE", "%s needs %s more memory, with %s in use and a budget of %s",
                what, a, b, c);
}

void prog_memory_stop(Program *p, Loc loc, const char *hint)
{
    char a[40], b[40];
    bytes_text(a, sizeof a, prog_memory_used(p));
    bytes_text(b, sizeof b, p->opt.max_memory);
    if (!hint)
        budget_stop(p, loc, "raise it with --max-memory SIZE", "the run uses %s of memory, over its budget of %s", a, b);
    char game[200] = "";
    if (p->run.work_game >= 0 && (size_t)p->run.work_game < p->code.ngames)
        snprintf(game, sizeof game, " while solving game '%s'", p->code.games[p->run.work_game].name);
    p->run.stopping = true;
    p->run.silent = 0;
    prog_fail(p, EXIT_LIMIT, loc, "the run uses %s of memory, over its budget of %s%s (--max-memory); %s", a, b, game, hint);
}

const StrRec *prog_intern(Program *p, const char *s, size_t n)
{
    if ((p->code.nstr + 1) * 2 > p->code.capstr) {   /* grow and rehash */
        size_t cap = p->code.capstr ? p->code.capstr * 2 : 64;
        const StrRec **t = xcalloc(cap, sizeof *t);
        for (size_t i = 0; i < p->code.capstr; i++) {
            const StrRec *r = p->code.strtab[i];
            if (!r) continue;
            size_t j = util_hash_bytes(r->s, r->len) & (cap - 1);
            while (t[j]) j = (j + 1) & (cap - 1);
            t[j] = r;
        }
        xfree(p->code.strtab);
        p->code.strtab = t;
        p->code.capstr = cap;
    }
    size_t j = util_hash_bytes(s, n) & (p->code.capstr - 1);
    for (; p->code.strtab[j]; j = (j + 1) & (p->code.capstr - 1))
        if (p->code.strtab[j]->len == n && !memcmp(p->code.strtab[j]->s, s, n)) return p->code.strtab[j];
    StrRec *r = arena_alloc(&p->code.arena, sizeof *r + n + 1);
    r->len = (uint32_t)n;
    memcpy(r->s, s, n);
    r->s[n] = 0;
    p->code.strtab[j] = r;
    p->code.nstr++;
    return r;
}

const StrRec *prog_intern_int(Program *p, const Value *v)
{
    int64_t small[2] = { 0, v->u.i };
    if (v->t != VT_BIG) return prog_intern(p, (const char *)small, sizeof small);
    size_t bytes = (1 + (size_t)v->n) * sizeof(int64_t);
    int64_t *w = xmalloc(bytes);
    w[0] = (int64_t)((uint64_t)v->n | (v->strs ? KEY_NEG_BIT : 0));
    memcpy(w + 1, v->u.a, v->n * sizeof *w);
    const StrRec *r = prog_intern(p, (const char *)w, bytes);
    xfree(w);
    return r;
}

bool prog_out_ok(Program *p)
{
    if (p->run.out_failed) return false;
    errno = 0;
    if (fflush(p->run.out) == 0 && !ferror(p->run.out)) return true;
    int e = p->run.out_errno ? p->run.out_errno : errno;
    p->run.out_failed = true;
    fprintf(p->diag.out, "grundy: error: cannot write the output: %s\n", e ? strerror(e) : "write error");
    fflush(p->diag.out);
    return false;
}

void prog_forget_fns(Program *p, size_t n)
{
    for (; p->code.nfns > n; p->code.nfns--) {
        Func *f = &p->code.fns[p->code.nfns - 1];
        xfree(f->code);
        xfree(f->locs);
        xfree(f->consts);
    }
}

void prog_fini(Program *p)
{
    if (p->run.statm_fd >= 0) close(p->run.statm_fd);
    xfree(p->code.strtab);
    for (size_t i = 0; i < p->code.nfns; i++) {
        xfree(p->code.fns[i].code);
        xfree(p->code.fns[i].locs);
        xfree(p->code.fns[i].consts);
    }
    xfree(p->code.fns);
    xfree(p->code.games);
    xfree(p->code.syms);
    xfree(p->code.symtab);
    xfree(p->code.consts);
    xfree(p->code.const_fn);
    xfree(p->code.const_ready);
    xfree(p->code.stmts);
    xfree(p->run.recover);
    xfree(p->run.cleanups);
    if (!p->run.in.borrowed) xfree(p->run.in.buf);
    xfree(p->code.redefs);
    xfree(p->code.lib);
    xfree(p->code.libtab);
    for (size_t i = 0; i < p->code.nunits; i++) arena_fini(&p->code.units[i]);
    xfree(p->code.units);
    arena_fini(&p->code.arena);
    diag_fini(&p->diag);
}

/* The slot of name in the symbol index: the one holding it, or the empty one where it goes. */
static size_t sym_slot(const Program *p, const char *name)
{
    size_t j = (size_t)util_hash_bytes(name, strlen(name)) & (p->code.symcap - 1);
    while (p->code.symtab[j] && strcmp(p->code.syms[p->code.symtab[j] - 1].name, name)) j = (j + 1) & (p->code.symcap - 1);
    return j;
}

void prog_forget_syms(Program *p, size_t n)
{
    if (n >= p->code.nsyms) return;
    for (size_t i = 0; i < p->code.nlib; i++)   /* loaded with the failed unit: loaded again when used */
        if (p->code.lib[i].sym >= (int)n) p->code.lib[i].sym = LIB_UNLOADED;
    p->code.nsyms = n;
    p->code.symidx = 0;   /* rebuilt on the next lookup */
    if (p->code.symtab) memset(p->code.symtab, 0, p->code.symcap * sizeof *p->code.symtab);
}

/* Index the symbols from p->symidx on. */
static void sym_index(Program *p)
{
    if (p->code.nsyms * 2 >= p->code.symcap) {
        size_t cap = p->code.symcap ? p->code.symcap : 256;
        while (p->code.nsyms * 2 >= cap) cap *= 2;
        xfree(p->code.symtab);
        p->code.symtab = xcalloc(cap, sizeof *p->code.symtab);
        p->code.symcap = cap;
        p->code.symidx = 0;
    }
    for (; p->code.symidx < p->code.nsyms; p->code.symidx++)
        if (!p->code.syms[p->code.symidx].hidden)
            p->code.symtab[sym_slot(p, p->code.syms[p->code.symidx].name)] = (uint32_t)p->code.symidx + 1;
}

void prog_hide_sym(Program *p, size_t i)
{
    p->code.syms[i].hidden = true;
    p->code.symidx = 0;   /* rebuilt on the next lookup */
    if (p->code.symtab) memset(p->code.symtab, 0, p->code.symcap * sizeof *p->code.symtab);
}

/* The symbol of the library's item it, loading it first if need be (NULL: it is loading, or it
   did not compile). */
static Symbol *lib_symbol(Program *p, LibItem *it)
{
    if (it->sym == LIB_UNLOADED && p->code.lib_load) {
        it->sym = LIB_LOADING;
        bool was = p->run.loading_stdlib;
        p->run.loading_stdlib = true;
        int errors = p->code.lib_load(p, it);
        p->run.loading_stdlib = was;
        if (errors || it->sym < 0) it->sym = LIB_BROKEN;
    }
    return it->sym >= 0 ? &p->code.syms[it->sym] : NULL;
}

Symbol *prog_lookup(Program *p, const char *name)
{
    LibItem *it = p->code.nlib ? prog_lib_find(p, name) : NULL;
    if (it) {
        Symbol *sy = lib_symbol(p, it);
        if (sy && p->run.loading_stdlib) return sy;
    }
    if (p->code.symidx != p->code.nsyms) sym_index(p);
    if (!p->code.symcap) return NULL;
    uint32_t t = p->code.symtab[sym_slot(p, name)];
    return t ? &p->code.syms[t - 1] : NULL;
}

int prog_stdlib_game(const Program *p, const char *name)
{
    const LibItem *it = prog_lib_find(p, name);
    if (!it || it->sym < 0 || p->code.syms[it->sym].kind != SYM_GAME) return -1;
    return p->code.syms[it->sym].id;
}

/* The slot of name in the library's index: the one holding it, or the empty one where it goes. */
static size_t lib_slot(const Program *p, const char *name, size_t n)
{
    size_t j = (size_t)util_hash_bytes(name, n) & (p->code.libcap - 1);
    while (p->code.libtab[j]) {
        const char *s = p->code.lib[p->code.libtab[j] - 1].name;
        if (!strncmp(s, name, n) && !s[n]) break;
        j = (j + 1) & (p->code.libcap - 1);
    }
    return j;
}

LibItem *prog_lib_find(const Program *p, const char *name)
{
    if (!p->code.libcap) return NULL;
    uint32_t t = p->code.libtab[lib_slot(p, name, strlen(name))];
    return t ? &p->code.lib[t - 1] : NULL;
}

static bool ident_char(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

/* The length of the definition's name if the line at s starts one ("game NAME", "scoring game
   NAME" or "def NAME"). */
static size_t item_name(const char *s, const char *end, const char **name)
{
    size_t k = end - s >= 5 && !strncmp(s, "game ", 5) ? 5 : end - s >= 4 && !strncmp(s, "def ", 4) ? 4
               : end - s >= 13 && !strncmp(s, "scoring game ", 13) ? 13 : 0;
    if (!k) return 0;
    const char *n = s + k, *e = n;
    while (e < end && ident_char(*e)) e++;
    *name = n;
    return (size_t)(e - n);
}

size_t prog_lib_add(Program *p, uint32_t file)
{
    const SrcFile *f = diag_file(&p->diag, file);
    const char *t = f->text, *end = t + f->len;
    size_t first = p->code.nlib;
    uint32_t line = 1, comment_off = 0, comment_line = 0;   /* where the comment block above starts */
    bool in_comment = false;
    for (const char *s = t; s < end;) {
        const char *nl = memchr(s, '\n', (size_t)(end - s));
        const char *le = nl ? nl : end;
        const char *name;
        size_t n = item_name(s, le, &name);
        if (n) {
            uint32_t off = in_comment ? comment_off : (uint32_t)(s - t);
            if (p->code.nlib > first) p->code.lib[p->code.nlib - 1].end = off;
            LibItem it = { arena_strndup(&p->code.arena, name, n), file, off, (uint32_t)f->len,
                           in_comment ? comment_line : line, LIB_UNLOADED };
            VEC_PUSH(p->code.lib, p->code.nlib, p->code.caplib, it);
            in_comment = false;
        } else if (le - s >= 2 && s[0] == '/' && s[1] == '/') {
            if (!in_comment) {
                comment_off = (uint32_t)(s - t);
                comment_line = line;
            }
            in_comment = true;
        } else {
            in_comment = false;
        }
        line++;
        s = nl ? nl + 1 : end;
    }
    if (p->code.nlib * 2 >= p->code.libcap) {   /* rebuild the index */
        size_t cap = 64;
        while (p->code.nlib * 2 >= cap) cap *= 2;
        xfree(p->code.libtab);
        p->code.libtab = xcalloc(cap, sizeof *p->code.libtab);
        p->code.libcap = cap;
        for (size_t i = 0; i < first; i++) p->code.libtab[lib_slot(p, p->code.lib[i].name, strlen(p->code.lib[i].name))] = (uint32_t)i + 1;
    }
    for (size_t i = first; i < p->code.nlib; i++) {
        size_t j = lib_slot(p, p->code.lib[i].name, strlen(p->code.lib[i].name));
        if (!p->code.libtab[j]) p->code.libtab[j] = (uint32_t)i + 1;   /* a second item of one name: the first is found */
    }
    return p->code.nlib - first;
}

int prog_lib_load_all(Program *p)
{
    int broken = 0;
    for (size_t i = 0; i < p->code.nlib; i++) {
        if (!lib_symbol(p, &p->code.lib[i]) && p->code.lib[i].sym == LIB_BROKEN) broken++;
    }
    return broken;
}

int prog_add_func(Program *p, const char *name, FuncKind kind)
{
    Func f;
    memset(&f, 0, sizeof f);
    f.name = name;
    f.kind = kind;
    VEC_PUSH(p->code.fns, p->code.nfns, p->code.capfns, f);
    return (int)p->code.nfns - 1;
}

_Noreturn void prog_fail(Program *p, int status, Loc loc, const char *fmt, ...)
{
    char msg[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    if (p->run.silent && p->run.on_error) longjmp(*p->run.on_error, status);
    prog_progress_clear(p);
    /* an error inside the standard library's code is the user's statement's: reported there, with
       the library's line as a note */
    const SrcFile *f = loc.line ? diag_file(&p->diag, loc.file) : NULL;
    if (p->run.stmt && f && !strncmp(f->name, "<stdlib>", 8) && p->run.stmt->loc.file != loc.file) {
        diag_error(&p->diag, p->run.stmt->loc, "%s", msg);
        diag_note(&p->diag, loc, "inside the standard library, here");
    } else {
        diag_error(&p->diag, loc, "%s", msg);
    }
    if (!p->run.on_error) prog_no_handler(p, status);
    longjmp(*p->run.on_error, status);
}

_Noreturn void prog_no_handler(Program *p, int status)
{
    if (p->run.fatal) p->run.fatal(p, status);
    abort();   /* a library caller always runs inside a prog_try */
}

void prog_oom(void *ctx, size_t bytes, const char *msg)
{
    Program *p = ctx;
    if (!p->run.on_error) {   /* nothing to unwind to: the handler before this one (the command line's) */
        if (p->run.oom_outer.fn) p->run.oom_outer.fn(p->run.oom_outer.ctx, bytes, msg);
        abort();
    }
    p->run.oom = bytes ? bytes : 1;
    p->run.stopping = true;
    p->run.silent = 0;
    longjmp(*p->run.on_error, EXIT_LIMIT);
}

void prog_report_oom(Program *p, Loc loc)
{
    if (!p->run.oom) return;
    prog_progress_clear(p);
    size_t n = p->run.oom;
    p->run.oom = 0;
    char b[40];
    bytes_text(b, sizeof b, n);
    diag_error(&p->diag, loc, "out of memory: an allocation of %s failed (lower the budgets: --max-memory SIZE)", b);
}

UtilOom prog_catch_oom(Program *p)
{
    p->run.oom_outer = util_set_oom((UtilOom){ prog_oom, p });
    return p->run.oom_outer;
}

double prog_now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

void prog_progress_clear(Program *p)
{
    if (!p->run.progress_shown) return;
    p->run.progress_shown = false;
    if (p->run.progress) p->run.progress(p, -1, p->run.progress_ctx);
}

void prog_poll_slow(Program *p, Loc loc)
{
    if (*p->run.interrupt) {   /* no message: whoever set the flag says it; every prog_try passes it on */
        p->run.stop_stmt = p->run.stmt;
        if (!p->run.on_error) prog_no_handler(p, EXIT_INTERRUPT);
        longjmp(*p->run.on_error, EXIT_INTERRUPT);
    }
    if (p->run.polls > p->run.steps_end)
        budget_stop(p, loc, "raise the limit with --max-steps N",
                    "the statement took more than %llu steps (loop steps, calls, positions)", (unsigned long long)p->opt.max_steps);
    p->run.poll_next = p->run.polls + PROG_POLL_EVERY;
    if (p->run.poll_next > p->run.steps_end) p->run.poll_next = p->run.steps_end + 1;
    double now = prog_now();
    if (now >= p->run.mem_next && prog_memory_budget(p)) {
        p->run.mem_next = now + PROG_MEMORY_EVERY;
        uint64_t used = prog_memory_used(p);
        if (used > p->opt.max_memory && !p->run.mem_over)
            p->run.mem_over = true;   /* one poll's grace: a store growing may name a runaway first */
        else if (used > p->opt.max_memory) {
            char a[40], b[40];
            bytes_text(a, sizeof a, used);
            bytes_text(b, sizeof b, p->opt.max_memory);
            budget_stop(p, loc, "raise it with --max-memory SIZE", "the run uses %s of memory, over its budget of %s", a, b);
        }
    }
    if (!p->run.progress && !p->run.deadline) return;
    if (p->run.deadline && now >= p->run.deadline)
        budget_stop(p, loc, "raise the limit with --timeout SECONDS", "the run took more than %g second%s", p->opt.timeout,
                    p->opt.timeout == 1 ? "" : "s");
    if (!p->run.progress) return;
    if (now - p->run.started >= 1.0 && now - p->run.last_progress >= 1.0) {
        p->run.last_progress = now;
        p->run.progress(p, now - p->run.started, p->run.progress_ctx);
    }
}

int prog_try(Program *p, void (*fn)(Program *, void *), void *ctx)
{
    jmp_buf jb, *saved = p->run.on_error;
    volatile size_t cleanups = p->run.ncleanups;
    volatile int status = 0;
    volatile int silent = p->run.silent;
    for (size_t i = 0; i < p->run.nrecover; i++) p->run.recover[i].enter(p->run.recover[i].ctx);
    p->run.on_error = &jb;
    int st = setjmp(jb);
    if (st == 0) {
        fn(p, ctx);
        for (size_t i = p->run.nrecover; i-- > 0;) p->run.recover[i].leave(p->run.recover[i].ctx);
    } else {
        status = st;
        while (p->run.ncleanups > cleanups) {   /* newest first */
            Cleanup c = p->run.cleanups[--p->run.ncleanups];
            c.fn(c.arg);
        }
        for (size_t i = p->run.nrecover; i-- > 0;) p->run.recover[i].fail(p->run.recover[i].ctx, st);
        p->run.silent = silent;
    }
    p->run.on_error = saved;
    /* an interrupt ends the whole computation, not just the tentative part that caught it */
    if ((status == EXIT_INTERRUPT || p->run.stopping) && saved) longjmp(*saved, status);
    return status;
}

void prog_on_error(Program *p, const Recover *r)
{
    VEC_PUSH(p->run.recover, p->run.nrecover, p->run.caprecover, *r);
}

size_t prog_defer(Program *p, void (*fn)(void *arg), void *arg)
{
    size_t mark = p->run.ncleanups;
    Cleanup c = { fn, arg };
    VEC_PUSH(p->run.cleanups, p->run.ncleanups, p->run.capcleanups, c);
    return mark;
}

void prog_release(Program *p, size_t mark)
{
    if (mark < p->run.ncleanups) p->run.ncleanups = mark;
}
