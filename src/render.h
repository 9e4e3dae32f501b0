/* render.h: answers and values rendered for the output (render.c): a query's answer as text or
   JSON, and the output helpers the statements share. Above the solver, below the statements. */
#ifndef GRUNDY_RENDER_H
#define GRUNDY_RENDER_H
#include "program.h"
#include "solve/solve.h"

/* Write what b holds to the output and empty it (erasing a progress line first). */
void render_emit_part(Program *p, StrBuf *b);
/* The same, then a newline; b is freed. */
void render_emit_line(Program *p, StrBuf *b);
/* A position's text as a move's result in text output: the ended position "0" reads
   "0 (no moves left)", not as a number. */
void render_pos_text(StrBuf *b, const char *pos);
/* A JSON string into the line b builds; a long one (a query's position can take megabytes) is
   written straight to the output after what b holds, not copied into b. */
void render_json(Program *p, StrBuf *b, const char *s);
/* A move's binders as the text output writes them ("k=2, a=[1, 2]"; nothing for none) and as
   the JSON output's "args" object ({"k":2,"a":[1,2]}). */
void render_binders_text(StrBuf *b, const AnswerBinders *args);
void render_binders_json(StrBuf *b, const AnswerBinders *args);
/* The answer a to query st, as text lines or one JSON line (p->opt.json), on the output. */
void render_query(Program *p, const Stmt *st, const Answer *a);
/* A query's --json object (no newline) appended to b: what render_query prints with --json. */
void render_query_json(Program *p, const Answer *a, StrBuf *b);
#endif
