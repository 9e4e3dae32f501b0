/* jread.h: a small JSON reader for the duels: one line of grundy's --json output parsed into a
   tree, with lookups by key. Numbers keep their text (they may have any number of digits). */
#ifndef GRUNDY_JREAD_H
#define GRUNDY_JREAD_H
#include <stdbool.h>
#include <stddef.h>

typedef enum JKind { J_NULL, J_BOOL, J_NUM, J_STR, J_ARR, J_OBJ } JKind;
typedef struct JVal {
    JKind kind;
    bool b;                 /* J_BOOL */
    char *s;                /* J_NUM: the digits as written; J_STR: the text, unescaped */
    struct JVal *v;         /* J_ARR, J_OBJ: the elements (an object's values) */
    char **keys;            /* J_OBJ: the keys */
    size_t n;
} JVal;

/* Parse text (one JSON value); NULL when it is not JSON. Free with jread_free. */
JVal *jread(const char *text);
void jread_free(JVal *v);
/* The value of key in object o (NULL: absent, or o not an object). */
const JVal *jget(const JVal *o, const char *key);
/* The number's value as a long long (0 when not a number that fits). */
long long jnum(const JVal *v);
/* v as compact JSON text again (malloc'd): {"k":2} */
char *jtext(const JVal *v);
#endif
