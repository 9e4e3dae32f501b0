/* parse.h: the parser's entry point and the state shared by the reentrant scanner and pure parser. */
#ifndef GRUNDY_PARSE_H
#define GRUNDY_PARSE_H
#include "ast.h"
#include "diag.h"
#include "arena.h"
#include <stdbool.h>

typedef struct ParseCtx {
    Arena *arena;
    Diag *diag;
    uint32_t file;
    uint32_t line, col, off;  /* scanner position */
    NodeList items;           /* the unit's items, in order */
    int errors;               /* syntax errors in this unit */
    bool incomplete;          /* the input ended in the middle of an item */
    Loc comment;              /* where the open block comment started */
    Loc last;                 /* just after the last token: where the end of input is reported */
} ParseCtx;

/* Parse text (registered in diag as file) into pc->items; returns the number of syntax errors. */
int parse_unit(ParseCtx *pc, Arena *arena, Diag *diag, uint32_t file, const char *text, size_t len);
/* The same for a part of file: text starts at byte off of the file, on line line (column 1). */
int parse_unit_at(ParseCtx *pc, Arena *arena, Diag *diag, uint32_t file, const char *text, size_t len,
                  uint32_t off, uint32_t line);
#endif
