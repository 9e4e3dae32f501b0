/* input.c: reading a program's data (input.h): a file streamed in blocks of whole lines, or the
   program's standard input from where the last read stopped; integers, lines and edge lines. */
#include "config.h"
#include "input.h"
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A file is read in blocks of this many bytes (a line may not be longer). */
#define IN_BLOCK ((size_t)1 << 20)
/* Lines or integers read between two polls (each a step): a file of 10^8 lines meets the budgets,
   the timeout and Ctrl-C while it is read. */
#define IN_POLL 65536

/* A source being read: a file (f; buf holds whole lines of it from pos to have) or standard
   input (std: buf is the program's copy, read from pos). nl: the newlines before pos, so the
   line at pos is line nl + 1. What a read collects (integers, string records) is in vals; the
   cleanup registered while it reads (prog_defer) frees it all. */
typedef struct InSrc {
    FILE *f;
    char *buf;
    size_t pos, have;
    bool eof, std;
    int64_t nl;
    int64_t *vals;
    size_t nvals, capvals;
    char path[4096];
} InSrc;

static void src_free(void *arg)
{
    InSrc *r = arg;
    if (r->f) fclose(r->f);
    if (!r->std) xfree(r->buf);
    xfree(r->vals);
    xfree(r);
}

static _Noreturn void bad_arg(Vm *vm, Loc loc, const char *fn, const char *need, const Value *v)
{
    vm_fail(vm, loc, "%s() needs %s, not %s", fn, need, val_type_an(v->t));
}

/* The path of file name f: a relative name is taken from the directory of the source file that
   asks for it (a program's data beside it), or from the working directory for -e texts, standard
   input and the REPL. */
static void data_path(Vm *vm, Loc loc, const char *fn, const Value *f, char *out, size_t cap)
{
    const SrcFile *src = diag_file(&vm->p->diag, loc.file);
    const char *slash = f->n && f->u.s[0] != '/' && src && src->name[0] != '<' ? strrchr(src->name, '/') : NULL;
    int n = slash ? snprintf(out, cap, "%.*s/%.*s", (int)(slash - src->name), src->name, (int)f->n, f->u.s)
                  : snprintf(out, cap, "%.*s", (int)f->n, f->u.s);
    if (n < 0 || (size_t)n >= cap || memchr(f->u.s, 0, f->n)) vm_fail(vm, loc, "%s(): the file name is too long or has a NUL", fn);
}

/* The program's standard input, read whole the first time (the text a client gave instead is
   loaded already). */
static void stdin_load(Vm *vm, Loc loc, const char *fn)
{
    Program *p = vm->p;
    if (p->run.in.loaded) return;
    size_t len = 0, cap = 1 << 16;
    char *buf = xmalloc(cap + 1);
    for (;;) {
        if (len == cap) {
            cap *= 2;
            buf = xrealloc(buf, cap + 1);
        }
        size_t got = fread(buf + len, 1, cap - len, stdin);
        len += got;
        if (got == 0) break;
    }
    bool bad = ferror(stdin);
    int e = errno;
    if (bad && e == EINTR) {   /* a signal while the read waited: the interrupt, not an error */
        clearerr(stdin);
        xfree(buf);
        prog_poll(p, loc);
        vm_fail(vm, loc, "%s(): reading standard input was interrupted", fn);
    }
    p->run.in.buf = buf;
    p->run.in.len = len;
    p->run.in.pos = 0;
    p->run.in.nl = 0;
    p->run.in.loaded = true;
    if (bad) vm_fail(vm, loc, "%s(): cannot read standard input: %s", fn, strerror(e ? e : EIO));
}

/* Open file (a name, or "-" for standard input) for reading; the source is freed by the cleanup
   registered, whose mark is returned in *mark. */
static InSrc *src_open(Vm *vm, Loc loc, const char *fn, const Value *file, size_t *mark)
{
    Program *p = vm->p;
    if (file->t != VT_STR) bad_arg(vm, loc, fn, "a file name (\"-\" for standard input)", file);
    if (p->opt.no_files) vm_fail(vm, loc, "%s(): this run may not read files", fn);
    InSrc *r = xcalloc(1, sizeof *r);
    if (file->n == 1 && file->u.s[0] == '-') {
        if (p->run.in.refuse) {
            xfree(r);
            vm_fail(vm, loc, "%s(): %s", fn, p->run.in.refuse);
        }
        stdin_load(vm, loc, fn);
        p->run.in.reads++;
        r->std = true;
        r->buf = p->run.in.buf;
        r->have = p->run.in.len;
        r->pos = p->run.in.pos;
        r->nl = p->run.in.nl;
        r->eof = true;
        snprintf(r->path, sizeof r->path, "standard input");
        *mark = prog_defer(p, src_free, r);
        return r;
    }
    char path[4096];
    data_path(vm, loc, fn, file, path, sizeof path);
    FILE *f = fopen(path, "rb");
    if (!f) {
        int e = errno;
        xfree(r);
        vm_fail(vm, loc, "%s(): cannot read '%s': %s", fn, path, strerror(e));
    }
    r->f = f;
    r->buf = xmalloc(IN_BLOCK + 1);
    snprintf(r->path, sizeof r->path, "'%.4090s'", path);
    *mark = prog_defer(p, src_free, r);
    return r;
}

/* The next line of r at *s, *n bytes (its newline cut); false at the end. *toolong: a line of a
   file longer than the block. */
static bool src_line(InSrc *r, const char **s, size_t *n, bool *toolong)
{
    for (;;) {
        char *nl = memchr(r->buf + r->pos, '\n', r->have - r->pos);
        size_t end;
        if (nl) end = (size_t)(nl - r->buf);
        else if (r->eof) {
            if (r->pos == r->have) return false;
            end = r->have;   /* the last line, without a newline */
        } else {
            memmove(r->buf, r->buf + r->pos, r->have - r->pos);
            r->have -= r->pos;
            r->pos = 0;
            if (r->have == IN_BLOCK) {
                *toolong = true;
                return false;
            }
            size_t got = fread(r->buf + r->have, 1, IN_BLOCK - r->have, r->f);
            r->have += got;
            if (got == 0) r->eof = true;
            continue;
        }
        *s = r->buf + r->pos;
        *n = end - r->pos;
        r->pos = end + (end < r->have);
        r->nl += end < r->have;
        return true;
    }
}

/* Where standard input's next read starts: at byte at, nl newlines before it. */
static void src_done(Program *p, const InSrc *r, size_t at, int64_t nl)
{
    if (!r->std) return;
    p->run.in.pos = at;
    p->run.in.nl = nl;
}

/* A read of lines from standard input that starts inside a line whose rest is blank (after the
   integers read before) starts at the next line. */
static void src_align(InSrc *r)
{
    if (!r->std || r->pos == 0 || r->buf[r->pos - 1] == '\n') return;
    size_t i = r->pos;
    while (i < r->have && (r->buf[i] == ' ' || r->buf[i] == '\t' || r->buf[i] == '\r')) i++;
    if (i == r->have) r->pos = i;
    else if (r->buf[i] == '\n') {
        r->pos = i + 1;
        r->nl++;
    }
}

static void src_check(Vm *vm, Loc loc, const char *fn, InSrc *r, bool toolong)
{
    if (toolong) vm_fail(vm, loc, "%s(): line %lld of %s is longer than %zu bytes", fn, (long long)r->nl + 1, r->path, IN_BLOCK);
    if (r->f && ferror(r->f)) vm_fail(vm, loc, "%s(): cannot read %s", fn, r->path);
}

static void vals_push(InSrc *r, int64_t v)
{
    if (r->nvals == r->capvals) {
        r->capvals = r->capvals ? 2 * r->capvals : 1024;
        r->vals = xrealloc(r->vals, r->capvals * sizeof *r->vals);
    }
    r->vals[r->nvals++] = v;
}

/* The list of r's values, in scratch. */
static Value vals_list(Vm *vm, Loc loc, const char *fn, InSrc *r, unsigned strs)
{
    if (r->nvals > UINT32_MAX - 1) vm_fail(vm, loc, "%s(): a list of more than 2^32 elements", fn);
    vm_charge(vm, r->nvals, loc);
    int64_t *a = vm_alloc(vm, (r->nvals + 1) * sizeof *a, loc);
    if (r->nvals) memcpy(a, r->vals, r->nvals * sizeof *a);
    return val_list(VT_LIST, strs, a, (uint32_t)r->nvals);
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

/* The integer written at [s, e) (an optional sign, then digits); false if it is not one, *big when
   it is one beyond 64 bits. */
static bool parse_int(const char *s, const char *e, int64_t *out, bool *big)
{
    bool neg = *s == '-';
    if (*s == '-' || *s == '+') s++;
    if (s == e) return false;
    uint64_t x = 0;
    *big = false;
    for (; s < e; s++) {
        if (*s < '0' || *s > '9') return false;
        if (x > (UINT64_MAX - 9) / 10) *big = true;
        else x = x * 10 + (uint64_t)(*s - '0');
    }
    if (x > (uint64_t)INT64_MAX + neg) *big = true;
    *out = neg ? (int64_t)(0 - x) : (int64_t)x;
    return true;
}

/* An optional count argument (skip or count), -1 when not given. */
static int64_t count_arg(Vm *vm, Loc loc, const char *fn, Value *args, int nargs, int i, const char *what)
{
    if (nargs <= i) return -1;
    if (!((args[i].t == VT_INT) && args[i].u.i >= 0)) {
        if (args[i].t == VT_INT) vm_fail(vm, loc, "%s() needs %s, not %lld", fn, what, (long long)args[i].u.i);
        bad_arg(vm, loc, fn, what, &args[i]);
    }
    return args[i].u.i;
}

Value input_read_ints(Vm *vm, Value *args, int nargs, const char *fn, Loc loc)
{
    Program *p = vm->p;
    int64_t skip = count_arg(vm, loc, fn, args, nargs, 1, "a number of integers to skip");
    int64_t count = count_arg(vm, loc, fn, args, nargs, 2, "a number of integers to read");
    if (skip < 0) skip = 0;
    size_t mark;
    InSrc *r = src_open(vm, loc, fn, &args[0], &mark);
    size_t end_at = r->pos;
    int64_t end_nl = r->nl, seen = 0, lines = 0;
    bool toolong = false;
    const char *s;
    size_t n;
    while (count < 0 || (int64_t)r->nvals < count) {
        int64_t line_nl = r->nl;
        if (!src_line(r, &s, &n, &toolong)) break;
        const char *q = s, *e = s + n;
        bool stopped = false;
        for (;;) {
            while (q < e && is_space(*q)) q++;
            if (q == e) break;
            const char *t = q;
            while (q < e && !is_space(*q)) q++;
            int64_t v;
            bool big;
            if (!parse_int(t, q, &v, &big))
                vm_fail(vm, loc, "%s(): line %lld of %s has '%.*s' where an integer was expected", fn,
                        (long long)line_nl + 1, r->path, (int)(q - t > 40 ? 40 : q - t), t);
            if (big)
                vm_fail(vm, loc, "%s(): line %lld of %s has %.*s%s, an integer beyond 64 bits", fn, (long long)line_nl + 1,
                        r->path, (int)(q - t > 40 ? 40 : q - t), t, q - t > 40 ? "..." : "");
            if (++seen % IN_POLL == 0) prog_poll_n(p, IN_POLL, loc);
            if (seen <= skip) continue;
            vals_push(r, v);
            if (count >= 0 && (int64_t)r->nvals == count) {   /* the next read goes on after it */
                end_at = (size_t)(q - r->buf);
                end_nl = line_nl;
                stopped = true;
                break;
            }
        }
        if (!stopped) {
            end_at = r->pos;
            end_nl = r->nl;
        }
        if (++lines % IN_POLL == 0) prog_poll_n(p, IN_POLL, loc);
    }
    src_check(vm, loc, fn, r, toolong);
    src_done(p, r, end_at, end_nl);
    Value l = vals_list(vm, loc, fn, r, LIST_INTS);
    prog_release(p, mark);
    src_free(r);
    return l;
}

Value input_read_lines(Vm *vm, Value *args, int nargs, const char *fn, Loc loc)
{
    Program *p = vm->p;
    int64_t skip = count_arg(vm, loc, fn, args, nargs, 1, "a number of lines to skip");
    int64_t count = count_arg(vm, loc, fn, args, nargs, 2, "a number of lines to read");
    size_t mark;
    InSrc *r = src_open(vm, loc, fn, &args[0], &mark);
    src_align(r);
    bool toolong = false;
    const char *s;
    size_t n;
    for (int64_t k = 0; count < 0 || (int64_t)r->nvals < count; k++) {
        if (!src_line(r, &s, &n, &toolong)) break;
        if (k % IN_POLL == IN_POLL - 1) prog_poll_n(p, IN_POLL, loc);
        if (k < skip) continue;
        if (n && s[n - 1] == '\r') n--;
        vals_push(r, (int64_t)(intptr_t)prog_intern(p, s, n));
    }
    src_check(vm, loc, fn, r, toolong);
    src_done(p, r, r->pos, r->nl);
    Value l = vals_list(vm, loc, fn, r, LIST_STRS);
    prog_release(p, mark);
    src_free(r);
    return l;
}

void input_read_edges(Vm *vm, Loc loc, const char *fn, const Value *file, int64_t skip, int64_t count,
                      int64_t nverts, GraphSpec *gs)
{
    Program *p = vm->p;
    size_t mark;
    InSrc *r = src_open(vm, loc, fn, file, &mark);
    src_align(r);
    for (int64_t v = 1; v <= nverts; v++) graph_spec_vertex(gs, val_int(v));
    int64_t lineno = 0, got = 0, first = r->nl;
    bool toolong = false;
    const char *s;
    size_t n;
    while (got != count) {
        int64_t line_nl = r->nl;
        if (!src_line(r, &s, &n, &toolong)) break;
        if (lineno % IN_POLL == IN_POLL - 1) prog_poll_n(p, IN_POLL, loc);
        if (lineno++ < skip) continue;
        const char *q = s, *e = s + n;
        while (q < e && is_space(*q)) q++;
        if (q == e || *q == '#') continue;
        int64_t uv[2];
        for (int k = 0; k < 2; k++) {
            while (q < e && is_space(*q)) q++;
            const char *t = q;
            while (q < e && !is_space(*q)) q++;
            bool big = false;
            if (t == q || !parse_int(t, q, &uv[k], &big) || big)
                vm_fail(vm, loc, "%s(): line %lld of %s is not two integers \"u v\" (within 64 bits)", fn,
                        (long long)line_nl + 1, r->path);
            if (nverts > 0 && (uv[k] < 1 || uv[k] > nverts))
                vm_fail(vm, loc, "%s(): line %lld of %s has the vertex %lld, but the vertices are 1..%lld", fn,
                        (long long)line_nl + 1, r->path, (long long)uv[k], (long long)nverts);
        }
        graph_spec_int_edge(gs, uv[0], uv[1]);
        got++;
    }
    src_check(vm, loc, fn, r, toolong);
    if (count >= 0 && got < count)
        vm_fail(vm, loc, "%s(): %s has %lld edge line%s after line %lld, not %lld", fn, r->path, (long long)got,
                got == 1 ? "" : "s", (long long)(first + skip), (long long)count);
    src_done(p, r, r->pos, r->nl);
    prog_release(p, mark);
    src_free(r);
}
