/* diag.h: source map and diagnostics: "file:line:col: error: message", the source line and a caret. */
#ifndef GRUNDY_DIAG_H
#define GRUNDY_DIAG_H
#include <stdint.h>
#include <stdio.h>
#include <stdbool.h>
#include <stddef.h>

/* A source range: file id, 1-based line/column of its start, byte offsets [off, end). */
typedef struct Loc { uint32_t file, line, col, off, end; } Loc;

typedef struct SrcFile { char *name; char *text; size_t len; } SrcFile;

#define DIAG_MAX_ERRORS 20

typedef struct Diag {
    SrcFile *files;
    size_t nfiles, capfiles;
    FILE *out;          /* where messages go (stderr by default) */
    FILE *json;         /* if set, each error is also one JSON object on a line there (--json: stdout) */
    int errors;         /* errors reported so far (including suppressed ones) */
    bool suppressed;    /* the "too many errors" note was printed */
} Diag;

void diag_init(Diag *d, FILE *out);
void diag_fini(Diag *d);
/* Register a source text (copied); returns its file id. */
uint32_t diag_add_file(Diag *d, const char *name, const char *text, size_t len);
const SrcFile *diag_file(const Diag *d, uint32_t id);
/* Forget the files from index n on (nothing refers to them any more). */
void diag_forget_files(Diag *d, size_t n);
/* Report an error at loc; prints at most DIAG_MAX_ERRORS of them. */
void diag_error(Diag *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void diag_note(Diag *d, Loc loc, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Copy the source text of loc (at most cap-1 bytes, newlines folded, "..." if cut) into buf. */
void diag_snippet(const Diag *d, Loc loc, char *buf, size_t cap);
/* The location that spans a and b. */
Loc diag_span(Loc a, Loc b);
#endif
