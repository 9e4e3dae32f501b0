/* diag.c: rendering of diagnostics with the source line and a caret underline, gcc style. */
#include "config.h"
#include "diag.h"
#include "json.h"
#include "util.h"
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

void diag_init(Diag *d, FILE *out)
{
    memset(d, 0, sizeof *d);
    d->out = out;
}

void diag_fini(Diag *d)
{
    for (size_t i = 0; i < d->nfiles; i++) {
        xfree(d->files[i].name);
        xfree(d->files[i].text);
    }
    xfree(d->files);
    memset(d, 0, sizeof *d);
}

uint32_t diag_add_file(Diag *d, const char *name, const char *text, size_t len)
{
    SrcFile f = { xstrdup(name), xstrndup(text, len), len };
    VEC_PUSH(d->files, d->nfiles, d->capfiles, f);
    return (uint32_t)(d->nfiles - 1);
}

const SrcFile *diag_file(const Diag *d, uint32_t id) { return id < d->nfiles ? &d->files[id] : NULL; }

void diag_forget_files(Diag *d, size_t n)
{
    for (; d->nfiles > n; d->nfiles--) {
        xfree(d->files[d->nfiles - 1].name);
        xfree(d->files[d->nfiles - 1].text);
    }
}

Loc diag_span(Loc a, Loc b)
{
    Loc r = a;
    if (b.file == a.file && b.end > r.end) r.end = b.end;
    return r;
}

/* The length of the well-formed UTF-8 sequence of more than one byte at s (n bytes left), or 0
   (C1 control characters, overlong forms and surrogates are not printed either). */
static size_t utf8_len(const unsigned char *s, size_t n)
{
    size_t k = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3 : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 0;
    if (!k || k > n) return 0;
    for (size_t i = 1; i < k; i++)
        if ((s[i] & 0xC0) != 0x80) return 0;
    unsigned lo = 0x80, hi = 0xBF;   /* the second byte's range */
    if (s[0] == 0xC2) lo = 0xA0;
    else if (s[0] == 0xE0) lo = 0xA0;
    else if (s[0] == 0xED) hi = 0x9F;
    else if (s[0] == 0xF0) lo = 0x90;
    else if (s[0] == 0xF4) hi = 0x8F;
    return s[1] >= lo && s[1] <= hi ? k : 0;
}

/* The line as it is (tabs as spaces), one column per character: control bytes and broken UTF-8
   as '?'. */
static void print_printable(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        unsigned char c = (unsigned char)s[i];
        size_t k = c >= 0x80 ? utf8_len((const unsigned char *)s + i, n - i) : 0;
        if (k) {
            fwrite(s + i, 1, k, out);
            i += k - 1;
        } else {
            fputc(c == '\t' ? ' ' : (c < 32 || c >= 127) ? '?' : c, out);
        }
    }
}

/* The columns bytes [from, to) of a line take as print_printable shows them. */
static size_t columns(const char *s, size_t from, size_t to)
{
    size_t cols = 0;
    for (size_t i = from; i < to; i++, cols++) {
        size_t k = (unsigned char)s[i] >= 0x80 ? utf8_len((const unsigned char *)s + i, to - i) : 0;
        if (k) i += k - 1;
    }
    return cols;
}

static void render(Diag *d, Loc loc, const char *kind, const char *fmt, va_list ap)
{
    const SrcFile *f = loc.line ? diag_file(d, loc.file) : NULL;
    if (f) fprintf(d->out, "%s:%u:%u: %s: ", f->name, loc.line, loc.col, kind);
    else fprintf(d->out, "grundy: %s: ", kind);
    vfprintf(d->out, fmt, ap);
    fputc('\n', d->out);
    if (!f || loc.off > f->len) return;
    size_t ls = loc.off;
    while (ls > 0 && f->text[ls - 1] != '\n') ls--;
    size_t le = loc.off;
    while (le < f->len && f->text[le] != '\n') le++;
    if (le - ls > 300) return; /* absurdly long line (binary junk): the location says enough */
    fprintf(d->out, "%5u | ", loc.line);
    print_printable(d->out, f->text + ls, le - ls);
    fputs("\n      | ", d->out);
    for (size_t i = columns(f->text, ls, loc.off); i > 0; i--) fputc(' ', d->out);
    fputc('^', d->out);
    size_t end = loc.end < le ? loc.end : le;
    for (size_t i = end > loc.off ? columns(f->text, loc.off, end) : 0; i > 1; i--) fputc('~', d->out);
    fputc('\n', d->out);
}

void diag_error(Diag *d, Loc loc, const char *fmt, ...)
{
    d->errors++;
    if (d->errors > DIAG_MAX_ERRORS) {
        if (!d->suppressed) {
            fprintf(d->out, "grundy: too many errors (%d); stopping\n", DIAG_MAX_ERRORS);
            d->suppressed = true;
        }
        return;
    }
    va_list ap;
    va_start(ap, fmt);
    render(d, loc, "error", fmt, ap);
    va_end(ap);
    if (d->json) {   /* {"kind":"error","file":..,"line":..,"col":..,"message":..} */
        char msg[2048];
        va_start(ap, fmt);
        vsnprintf(msg, sizeof msg, fmt, ap);
        va_end(ap);
        const SrcFile *f = loc.line ? diag_file(d, loc.file) : NULL;
        StrBuf b;
        sb_init(&b);
        sb_puts(&b, "{\"kind\":\"error\",\"file\":");
        if (f) {
            json_str(&b, f->name);
            sb_printf(&b, ",\"line\":%u,\"col\":%u", loc.line, loc.col);
        } else {
            sb_puts(&b, "null,\"line\":null,\"col\":null");
        }
        sb_puts(&b, ",\"message\":");
        json_str(&b, msg);
        sb_puts(&b, "}\n");
        fputs(b.s, d->json);
        sb_fini(&b);
    }
}

void diag_note(Diag *d, Loc loc, const char *fmt, ...)
{
    if (d->errors > DIAG_MAX_ERRORS) return;
    va_list ap;
    va_start(ap, fmt);
    render(d, loc, "note", fmt, ap);
    va_end(ap);
}

void diag_snippet(const Diag *d, Loc loc, char *buf, size_t cap)
{
    const SrcFile *f = diag_file(d, loc.file);
    buf[0] = 0;
    if (!f || loc.off >= f->len || loc.end <= loc.off || cap < 8) return;
    size_t end = loc.end < f->len ? loc.end : f->len;
    size_t n = 0;
    bool space = false;
    for (size_t i = loc.off; i < end; i++) {
        char c = f->text[i];
        if (c == '\n' || c == '\t' || c == '\r' || c == ' ') {
            space = true;
            continue;
        }
        if (space && n > 0) { if (n + 1 >= cap - 4) break; buf[n++] = ' '; }
        space = false;
        if (n + 1 >= cap - 4) {
            memcpy(buf + n, "...", 4);
            return;
        }
        buf[n++] = ((unsigned char)c < 32) ? '?' : c;
    }
    buf[n] = 0;
}
