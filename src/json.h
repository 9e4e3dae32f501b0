/* json.h: minimal JSON writing helpers (strings escaped, one object per line). */
#ifndef GRUNDY_JSON_H
#define GRUNDY_JSON_H
#include "util.h"

void json_str(StrBuf *b, const char *s);
#endif
