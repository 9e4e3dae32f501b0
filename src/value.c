/* value.c: names, equality and printing of run-time values. */
#include "config.h"
#include "value.h"
#include "gmpx.h"
#include <stdlib.h>
#include <string.h>

const char *val_type_name(int t)
{
    static const char *names[] = { "value", "integer", "boolean", "string", "list", "set", "range", "position", "integer",
                                   "graph" };
    return (t >= 0 && t <= VT_GRAPH) ? names[t] : "value";
}

const char *val_type_an(int t)
{
    static const char *names[] = { "a value", "an integer", "a boolean", "a string", "a list", "a set", "a range",
                                   "a position", "an integer", "a graph" };
    return (t >= 0 && t <= VT_GRAPH) ? names[t] : "a value";
}

int val_equal(const Value *a, const Value *b)
{
    if ((a->t == VT_INT || a->t == VT_BOOL) && (b->t == VT_INT || b->t == VT_BOOL)) return a->u.i == b->u.i;
    if (a->t != b->t) {
        return 0;
    }
    switch (a->t) {
    case VT_STR: return a->n == b->n && memcmp(a->u.s, b->u.s, a->n) == 0;
    case VT_LIST: case VT_SET:
        return a->n == b->n && (a->n == 0 || (a->strs == b->strs && memcmp(a->u.a, b->u.a, a->n * sizeof(int64_t)) == 0));
    case VT_RANGE: return a->u.r.lo == b->u.r.lo && a->u.r.hi == b->u.r.hi && a->strs == b->strs;
    case VT_BIG: return a->n == b->n && a->strs == b->strs && memcmp(a->u.a, b->u.a, a->n * sizeof(int64_t)) == 0;
    case VT_GRAPH: return a->u.g == b->u.g;   /* interned by content */
    case VT_POS:
        if (a->n != b->n || a->strs != b->strs) return 0;
        for (uint32_t i = 0; i < a->n; i++) {
            if (val_count_raw(a, i) != val_count_raw(b, i)) return 0;
            size_t la = KEY_LEN(a->u.p[i]);
            if (la != KEY_LEN(b->u.p[i]) || memcmp(a->u.p[i], b->u.p[i], la * sizeof(int64_t))) return 0;
        }
        return 1;
    default: return 0;
    }
}

/* The decimal digits of an integer beyond 64 bits. */
static void print_big(StrBuf *b, const Value *v)
{
    mpz_t z;
    mpz_init(z);
    mpz_import(z, v->n, -1, sizeof(int64_t), 0, 0, v->u.a);
    if (v->strs) mpz_neg(z, z);
    char *s = mpz_get_str(NULL, 10, z);
    sb_puts(b, s);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, strlen(s) + 1);
    mpz_clear(z);
}

void val_print(StrBuf *b, const Value *v)
{
    switch (v->t) {
    case VT_INT: sb_put_i64(b, v->u.i); break;
    case VT_BIG: print_big(b, v); break;
    case VT_BOOL: sb_puts(b, v->u.i ? "true" : "false"); break;
    case VT_STR:
        sb_putc(b, '"');
        for (uint32_t i = 0; i < v->n; i++) {   /* as the lexer reads it back: escapes for the other bytes */
            unsigned char c = (unsigned char)v->u.s[i];
            size_t k;
            if (c == '"' || c == '\\') sb_putc(b, '\\');
            if (c == '\n') sb_puts(b, "\\n");
            else if (c == '\t') sb_puts(b, "\\t");
            else if (c < 0x20 || c == 0x7f) sb_printf(b, "\\x%02x", c);
            else if (c < 0x80) sb_putc(b, (char)c);
            else if ((k = util_utf8_len((const unsigned char *)v->u.s + i, v->n - i))) {
                sb_putn(b, v->u.s + i, k);
                i += (uint32_t)k - 1;
            } else sb_printf(b, "\\x%02x", c);
        }
        sb_putc(b, '"');
        break;
    case VT_LIST: case VT_SET:
        sb_putc(b, v->t == VT_LIST ? '[' : '{');
        for (uint32_t i = 0; i < v->n; i++) {
            if (i) sb_puts(b, ", ");
            Value e = val_elem(v, i);
            val_print(b, &e);
        }
        sb_putc(b, v->t == VT_LIST ? ']' : '}');
        break;
    case VT_RANGE: {
        Value top = val_range_top(v);
        sb_printf(b, "%lld..", (long long)v->u.r.lo);
        val_print(b, &top);
        break;
    }
    case VT_POS: sb_printf(b, "<position of %u components>", v->n); break;
    case VT_GRAPH: sb_puts(b, "<graph>"); break;   /* the layers above print it (graph_print) */
    default: sb_puts(b, "<none>");
    }
}

const char *val_mode_name(unsigned compound)
{
    static const char *const names[] = { NULL, "every", "conj", "select", "shortselect" };
    return compound < sizeof names / sizeof *names ? names[compound] : NULL;
}
