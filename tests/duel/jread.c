/* jread.c: the duels' JSON reader (jread.h): recursive descent over one value; strings unescaped
   (\uXXXX as UTF-8), numbers kept as text. */
#include "jread.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct In { const char *p; bool bad; } In;

static void ws(In *in)
{
    while (*in->p == ' ' || *in->p == '\t' || *in->p == '\n' || *in->p == '\r') in->p++;
}

static void *xzalloc(size_t n)
{
    void *p = calloc(1, n ? n : 1);
    if (!p) abort();
    return p;
}

static void put_utf8(char **o, unsigned c)
{
    if (c < 0x80) *(*o)++ = (char)c;
    else if (c < 0x800) { *(*o)++ = (char)(0xc0 | c >> 6); *(*o)++ = (char)(0x80 | (c & 0x3f)); }
    else { *(*o)++ = (char)(0xe0 | c >> 12); *(*o)++ = (char)(0x80 | ((c >> 6) & 0x3f)); *(*o)++ = (char)(0x80 | (c & 0x3f)); }
}

static char *str(In *in)
{
    if (*in->p != '"') { in->bad = true; return NULL; }
    in->p++;
    const char *q = in->p;
    while (*q && *q != '"') q += *q == '\\' && q[1] ? 2 : 1;
    char *out = xzalloc((size_t)(q - in->p) * 2 + 1), *o = out;
    while (*in->p && *in->p != '"') {
        char c = *in->p++;
        if (c != '\\') { *o++ = c; continue; }
        c = *in->p++;
        switch (c) {
        case 'n': *o++ = '\n'; break;
        case 't': *o++ = '\t'; break;
        case 'r': *o++ = '\r'; break;
        case 'b': *o++ = '\b'; break;
        case 'f': *o++ = '\f'; break;
        case 'u': {
            unsigned u = 0;
            for (int i = 0; i < 4 && *in->p; i++) {
                char h = *in->p++;
                u = u * 16 + (unsigned)(h >= 'a' ? h - 'a' + 10 : h >= 'A' ? h - 'A' + 10 : h - '0');
            }
            put_utf8(&o, u);
            break;
        }
        default: *o++ = c; break;
        }
    }
    if (*in->p != '"') in->bad = true; else in->p++;
    *o = 0;
    return out;
}

static void value(In *in, JVal *v);

static void items(In *in, JVal *v, bool obj)
{
    char close = obj ? '}' : ']';
    in->p++;
    size_t cap = 4;
    v->v = xzalloc(cap * sizeof *v->v);
    if (obj) v->keys = xzalloc(cap * sizeof *v->keys);
    ws(in);
    if (*in->p == close) { in->p++; return; }
    for (;;) {
        if (v->n == cap) {
            cap *= 2;
            v->v = realloc(v->v, cap * sizeof *v->v);
            if (obj) v->keys = realloc(v->keys, cap * sizeof *v->keys);
            if (!v->v || (obj && !v->keys)) abort();
        }
        ws(in);
        if (obj) {
            v->keys[v->n] = str(in);
            ws(in);
            if (*in->p != ':') { in->bad = true; return; }
            in->p++;
        }
        memset(&v->v[v->n], 0, sizeof v->v[v->n]);
        value(in, &v->v[v->n++]);
        if (in->bad) return;
        ws(in);
        if (*in->p == ',') { in->p++; continue; }
        if (*in->p == close) { in->p++; return; }
        in->bad = true;
        return;
    }
}

static void value(In *in, JVal *v)
{
    ws(in);
    char c = *in->p;
    if (c == '{' || c == '[') {
        v->kind = c == '{' ? J_OBJ : J_ARR;
        items(in, v, c == '{');
    } else if (c == '"') {
        v->kind = J_STR;
        v->s = str(in);
    } else if (!strncmp(in->p, "null", 4)) {
        v->kind = J_NULL;
        in->p += 4;
    } else if (!strncmp(in->p, "true", 4) || !strncmp(in->p, "false", 5)) {
        v->kind = J_BOOL;
        v->b = c == 't';
        in->p += v->b ? 4 : 5;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
        const char *q = in->p + 1;
        while ((*q >= '0' && *q <= '9') || *q == '.' || *q == 'e' || *q == 'E' || *q == '+' || *q == '-') q++;
        v->kind = J_NUM;
        v->s = xzalloc((size_t)(q - in->p) + 1);
        memcpy(v->s, in->p, (size_t)(q - in->p));
        in->p = q;
    } else {
        in->bad = true;
    }
}

static void fini(JVal *v)
{
    for (size_t i = 0; i < v->n; i++) {
        fini(&v->v[i]);
        if (v->keys) free(v->keys[i]);
    }
    free(v->v);
    free(v->keys);
    free(v->s);
}

JVal *jread(const char *text)
{
    In in = { text, false };
    JVal *v = xzalloc(sizeof *v);
    value(&in, v);
    ws(&in);
    if (in.bad || *in.p) {
        jread_free(v);
        return NULL;
    }
    return v;
}

void jread_free(JVal *v)
{
    if (!v) return;
    fini(v);
    free(v);
}

const JVal *jget(const JVal *o, const char *key)
{
    if (!o || o->kind != J_OBJ) return NULL;
    for (size_t i = 0; i < o->n; i++)
        if (!strcmp(o->keys[i], key)) return &o->v[i];
    return NULL;
}

long long jnum(const JVal *v)
{
    if (!v || v->kind != J_NUM) return 0;
    return strtoll(v->s, NULL, 10);
}

static void emit(const JVal *v, char **buf, size_t *len, size_t *cap);

static void add(char **buf, size_t *len, size_t *cap, const char *s)
{
    size_t k = strlen(s);
    if (*len + k + 1 > *cap) {
        *cap = 2 * (*len + k + 1);
        *buf = realloc(*buf, *cap);
        if (!*buf) abort();
    }
    memcpy(*buf + *len, s, k + 1);
    *len += k;
}

static void add_str(char **buf, size_t *len, size_t *cap, const char *s)
{
    add(buf, len, cap, "\"");
    for (; *s; s++) {
        char one[8] = { *s, 0 };
        if (*s == '"' || *s == '\\') snprintf(one, sizeof one, "\\%c", *s);
        else if ((unsigned char)*s < 0x20) snprintf(one, sizeof one, "\\u%04x", (unsigned)*s);
        add(buf, len, cap, one);
    }
    add(buf, len, cap, "\"");
}

static void emit(const JVal *v, char **buf, size_t *len, size_t *cap)
{
    switch (v->kind) {
    case J_NULL: add(buf, len, cap, "null"); break;
    case J_BOOL: add(buf, len, cap, v->b ? "true" : "false"); break;
    case J_NUM: add(buf, len, cap, v->s); break;
    case J_STR: add_str(buf, len, cap, v->s); break;
    case J_ARR:
    case J_OBJ:
        add(buf, len, cap, v->kind == J_ARR ? "[" : "{");
        for (size_t i = 0; i < v->n; i++) {
            if (i) add(buf, len, cap, ",");
            if (v->kind == J_OBJ) {
                add_str(buf, len, cap, v->keys[i]);
                add(buf, len, cap, ":");
            }
            emit(&v->v[i], buf, len, cap);
        }
        add(buf, len, cap, v->kind == J_ARR ? "]" : "}");
        break;
    }
}

char *jtext(const JVal *v)
{
    char *buf = NULL;
    size_t len = 0, cap = 0;
    add(&buf, &len, &cap, "");
    emit(v, &buf, &len, &cap);
    return buf;
}
