/* names.c: what an interactive client asks a session besides answers (include/grundy.h): whether a
   text is complete, the names for completion, the definitions with their first lines and doc
   comments, the built-ins' descriptions, the store's size, an option's value. */
#include "config.h"
#include "session/api_int.h"
#include "builtins.h"
#include "jobs.h"
#include "parse.h"
#include "pos.h"
#include "solve/solve.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int gr_incomplete(const char *text, size_t len)
{
    if (!text) return 0;
    UtilMeter *meter = util_set_meter(NULL);   /* nothing of a session's */
    char *buf = NULL;
    size_t n = 0;
    FILE *sink = open_memstream(&buf, &n);   /* the messages are not wanted */
    if (!sink) {
        util_set_meter(meter);
        return 0;
    }
    Diag d;
    diag_init(&d, sink);
    if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3)) {   /* a byte-order mark, as drv_load skips it */
        text += 3;
        len -= 3;
    }
    uint32_t file = diag_add_file(&d, "<text>", text, len);
    const SrcFile *sf = diag_file(&d, file);
    Arena a;
    arena_init_sized(&a, 16 * len);
    ParseCtx pc;
    int errors = parse_unit(&pc, &a, &d, file, sf->text, sf->len);
    arena_fini(&a);
    diag_fini(&d);
    fclose(sink);
    util_free_libc(buf);   /* the memory stream's */
    util_set_meter(meter);
    return errors && pc.incomplete;
}

unsigned long long gr_session_positions(gr_session *s, unsigned long long bytes[5])
{
    if (!s) return 0;
    const Engine *e = s->p.solver->store;
    if (bytes) {
        EngMemory m = eng_memory(e);
        bytes[0] = m.states;
        bytes[1] = m.table;
        bytes[2] = m.keys;
        bytes[3] = m.aliases;
        bytes[4] = m.index;
    }
    return e->n;
}

const char *gr_session_get(gr_session *s, const char *option)
{
    if (!s || !option) return NULL;
    const Program *p = &s->p;
    unsigned long long v;
    if (!strcmp(option, "max-states")) v = p->opt.max_states;
    else if (!strcmp(option, "max-instances")) v = p->opt.max_instances;
    else if (!strcmp(option, "max-steps")) v = p->opt.max_steps;
    else if (!strcmp(option, "max-memory")) v = p->opt.max_memory;
    else if (!strcmp(option, "jobs")) v = (unsigned long long)p->opt.jobs;
    else if (!strcmp(option, "timeout")) {
        snprintf(s->got, sizeof s->got, "%.17g", s->timeout);
        return s->got;
    } else if (!strcmp(option, "jobs-after")) {
        snprintf(s->got, sizeof s->got, "%.17g", jobs_after(p));
        return s->got;
    } else if (!strcmp(option, "output")) {
        return s->json_output ? "json" : "text";
    } else if (!strcmp(option, "strategy")) {
        return s->strategy ? s->strategy : "auto";
    } else if (!strcmp(option, "dot") || !strcmp(option, "plot")) {
        const char *f = option[0] == 'd' ? s->dot : s->plot;
        return f ? f : "";
    } else {
        return NULL;
    }
    snprintf(s->got, sizeof s->got, "%llu", v);
    return s->got;
}

/* ---- names and definitions ------------------------------------------------------------------- */

size_t gr_session_name_count(gr_session *s) { return s ? s->p.code.nlib + s->p.code.nsyms : 0; }

const char *gr_session_name(gr_session *s, size_t i)
{
    if (!s) return NULL;
    const Program *p = &s->p;
    if (i < p->code.nlib) return p->code.lib[i].name;
    i -= p->code.nlib;
    return i < p->code.nsyms && !p->code.syms[i].hidden ? p->code.syms[i].name : NULL;
}

static bool listed_kind(const Symbol *sy)
{
    return (sy->kind == SYM_GAME || sy->kind == SYM_DEF || sy->kind == SYM_CONST) && !strchr(sy->name, '.');
}

/* The symbol in force for name (a session's shadows the library's), or NULL. */
static const Symbol *current(const Program *p, const char *name)
{
    const Symbol *found = NULL;
    for (size_t i = 0; i < p->code.nsyms; i++)
        if (!p->code.syms[i].hidden && !strcmp(p->code.syms[i].name, name) && (!found || found->stdlib))
            found = &p->code.syms[i];
    return found;
}

/* The i-th symbol in listing order: the library's in the order of its files, then the rest (NULL:
   not listed there). */
static const Symbol *listed(const Program *p, size_t i)
{
    if (i < p->code.nlib) return p->code.lib[i].sym >= 0 ? &p->code.syms[p->code.lib[i].sym] : NULL;
    const Symbol *sy = &p->code.syms[i - p->code.nlib];
    return sy->stdlib ? NULL : sy;
}

/* The comment lines just above the line of loc (without "// "), each ending in a newline. */
static void doc_of(const Program *p, Loc loc, StrBuf *b)
{
    const SrcFile *f = diag_file(&p->diag, loc.file);
    if (!f || loc.off > f->len) return;
    size_t ls = loc.off;
    while (ls > 0 && f->text[ls - 1] != '\n') ls--;
    size_t start = ls;   /* walk up over comment lines */
    while (start > 0) {
        size_t prev = start - 1;
        while (prev > 0 && f->text[prev - 1] != '\n') prev--;
        const char *t = f->text + prev;
        while (*t == ' ' || *t == '\t') t++;
        if (strncmp(t, "//", 2)) break;
        start = prev;
    }
    while (start < ls) {
        size_t e = start;
        while (e < ls && f->text[e] != '\n') e++;
        const char *t = f->text + start;
        while (*t == ' ' || *t == '\t') t++;
        t += 2;
        if (*t == ' ') t++;
        sb_putn(b, t, (size_t)(f->text + e - t));
        sb_putc(b, '\n');
        start = e + 1;
    }
}

/* The definition's first line as written ("game Heap(n) {", at most 100 bytes). */
static void first_line(const Program *p, const Symbol *sy, StrBuf *b)
{
    const SrcFile *f = diag_file(&p->diag, sy->loc.file);
    if (!f || sy->loc.off > f->len) {
        sb_puts(b, sy->name);
        return;
    }
    size_t ls = sy->loc.off;
    while (ls > 0 && f->text[ls - 1] != '\n') ls--;
    size_t le = sy->loc.off;
    while (le < f->len && f->text[le] != '\n') le++;
    while (ls < le && (f->text[ls] == ' ' || f->text[ls] == '\t')) ls++;
    if (le - ls > 100) le = ls + 100;
    sb_putn(b, f->text + ls, le - ls);
}

/* sy's fields into the out pointers; its texts kept in the session until the next call. */
static int def_out(gr_session *s, const Symbol *sy, const char **name, int *kind, int *stdlib, const char **line,
                   const char **doc)
{
    Program *p = &s->p;
    UtilMeter *meter0 = util_set_meter(&s->meter);
    StrBuf b, d;
    sb_init(&b);
    sb_init(&d);
    first_line(p, sy, &b);
    doc_of(p, sy->loc, &d);
    xfree(s->def_line);
    xfree(s->def_doc);
    s->def_line = sb_take(&b);
    s->def_doc = d.len ? sb_take(&d) : xstrdup("");
    sb_fini(&b);
    sb_fini(&d);
    util_set_meter(meter0);
    if (name) *name = sy->name;
    if (kind) *kind = sy->kind == SYM_GAME ? 'g' : sy->kind == SYM_DEF ? 'd' : 'c';
    if (stdlib) *stdlib = sy->stdlib;
    if (line) *line = s->def_line;
    if (doc) *doc = s->def_doc;
    return 0;
}

/* The definitions to list (every symbol in force of a listed kind, in listing order), rebuilt. */
static void defs_index(gr_session *s)
{
    Program *p = &s->p;
    UtilMeter *meter0 = util_set_meter(&s->meter);
    xfree(s->defs);
    s->defs = xmalloc((p->code.nlib + p->code.nsyms + 1) * sizeof *s->defs);
    s->ndefs = 0;
    for (size_t i = 0; i < p->code.nlib + p->code.nsyms; i++) {
        const Symbol *sy = listed(p, i);
        if (!sy || !listed_kind(sy) || current(p, sy->name) != sy) continue;
        s->defs[s->ndefs++] = (size_t)(sy - p->code.syms);
    }
    util_set_meter(meter0);
}

/* Load the whole standard library (inside session_run: an error in it unwinds there). */
static void load_all(Program *p, void *ctx)
{
    (void)ctx;
    prog_lib_load_all(p);
}

size_t gr_session_def_count(gr_session *s)
{
    if (!s) return 0;
    int status = EXIT_OK;
    session_run(s, load_all, NULL, &status, NULL);
    defs_index(s);
    return s->ndefs;
}

int gr_session_def(gr_session *s, size_t i, const char **name, int *kind, int *stdlib, const char **first,
                   const char **doc)
{
    if (!s || i >= s->ndefs || s->defs[i] >= s->p.code.nsyms) return -1;
    return def_out(s, &s->p.code.syms[s->defs[i]], name, kind, stdlib, first, doc);
}

typedef struct FindRun { const char *name; } FindRun;

/* A library name not used yet is loaded (inside session_run). */
static void find_run(Program *p, void *ctx) { prog_lookup(p, ((FindRun *)ctx)->name); }

int gr_session_def_find(gr_session *s, const char *name, int *kind, int *stdlib, const char **first, const char **doc)
{
    if (!s || !name) return -1;
    FindRun f = { name };
    int status = EXIT_OK;
    session_run(s, find_run, &f, &status, NULL);
    const Symbol *sy = current(&s->p, name);
    if (!sy || !listed_kind(sy)) return -1;
    return def_out(s, sy, NULL, kind, stdlib, first, doc);
}

const char *gr_builtin_doc(const char *name)
{
    if (!name) return NULL;
    int bi = builtin_find(name);
    return bi >= 0 ? builtins[bi].doc : NULL;
}
