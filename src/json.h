/* json.h: minimal JSON writing helpers (strings escaped, one object per line). */
#ifndef GRUNDY_JSON_H
#define GRUNDY_JSON_H
#include "util.h"
#include <stdio.h>

void json_str(StrBuf *b, const char *s);
/* The same for s[0..n) written to f (a long string need not be copied into a buffer first). */
void json_fstr(FILE *f, const char *s, size_t n);
#endif
