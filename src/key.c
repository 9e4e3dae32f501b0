/* key.c: position keys: decoding a key's arguments and printing keys and sums as expressions that
   parse back. */
#include "config.h"
#include "key.h"
#include "graph.h"
#include "listview.h"
#include "json.h"
#include <stdlib.h>
#include <string.h>

size_t key_arg_words(const int64_t *key, size_t w, int type)
{
    uint64_t len = (uint64_t)key[w];
    switch (type) {
    case POS_ARG_INT: return 1;
    case POS_ARG_STR:
        if (len & (KEY_BIG_BIT | KEY_GRAPH_BIT)) return 1 + (size_t)(uint32_t)len;
        return 1 + ((size_t)(uint32_t)len + 7) / 8;
    default: return len & KEY_VIEW_BIT ? 2 : 1 + (size_t)(uint32_t)len;
    }
}

size_t key_arg_word(const int64_t *key, int arg)
{
    uint64_t sig = (uint64_t)key[1];
    size_t w = 2;
    for (int i = 0; i < arg; i++) w += key_arg_words(key, w, (int)((sig >> (2 * i)) & 3));
    return w;
}

int key_decode(const Program *p, const int64_t *key, Value *out)
{
    const Game *G = &p->code.games[KEY_GAME(key)];
    uint64_t sig = (uint64_t)key[1];
    size_t w = 2;
    for (int i = 0; i < G->nparams; i++) {
        Value v = { .t = VT_INT };
        int type = (int)((sig >> (2 * i)) & 3);
        uint64_t len = (uint64_t)key[w];
        if (type == POS_ARG_INT) {   /* the common case */
            v.u.i = key[w++];
            out[i] = v;
            continue;
        }
        switch (type) {
        case POS_ARG_LIST: case POS_ARG_SET:
            v.t = type == POS_ARG_LIST ? VT_LIST : VT_SET;
            v.strs = (len & KEY_STRS_BIT) ? ((len & KEY_BIG_BIT) ? LIST_LISTS : LIST_STRS) : (len & KEY_BIG_BIT) ? LIST_BIGS : LIST_INTS;
            v.n = (uint32_t)len;
            if (len & KEY_VIEW_BIT) v.u.l.a = lview_elems(p, (uint64_t)key[w + 1], &v.n, &v.u.l.base);
            else v.u.a = key + w + 1;
            break;
        default:
            if (len & KEY_GRAPH_BIT) {
                v.t = VT_GRAPH;
                v.u.g = graph_of(p, (uint64_t)key[w + 1]);
                break;
            }
            if (len & KEY_BIG_BIT) {
                v = val_int_words(key + w);
                break;
            }
            v.t = VT_STR;
            v.n = (uint32_t)len;
            v.u.s = (const char *)(key + w + 1);
        }
        w += key_arg_words(key, w, type);
        out[i] = v;
    }
    return G->nparams;
}

static void print_str(StrBuf *b, const char *s, size_t n)
{
    Value v = { .t = VT_STR, .n = (uint32_t)n };
    v.u.s = s;
    val_print(b, &v);
}

void key_print(const Program *p, StrBuf *b, const int64_t *key)
{
    const Game *g = &p->code.games[KEY_GAME(key)];
    Value args[POS_MAX_ARGS];
    int n = key_decode(p, key, args);
    sb_puts(b, g->name);
    sb_putc(b, '(');
    bool first = true;
    for (int i = 0; i < n; i++) {
        const Value *a = &args[i];
        if (g->variadic && i == n - 1) {
            for (uint32_t j = 0; j < a->n; j++) {
                if (!first) sb_puts(b, ", ");
                Value e = val_elem(a, j);
                val_print(b, &e);
                first = false;
            }
            continue;
        }
        if (!first) sb_puts(b, ", ");
        first = false;
        if (a->t == VT_STR) print_str(b, a->u.s, a->n);
        else if (a->t == VT_GRAPH) graph_print(b, a->u.g);
        else val_print(b, a);
    }
    sb_putc(b, ')');
}

void key_text(const Program *p, const int64_t *key, char *buf, size_t cap)
{
    StrBuf b;
    sb_init(&b);
    key_print(p, &b, key);
    if (b.len >= cap) {
        memcpy(buf, b.s, cap - 4);
        memcpy(buf + cap - 4, "...", 4);
    } else {
        memcpy(buf, b.s, b.len + 1);
    }
    sb_fini(&b);
}

void key_print_sum(const Program *p, StrBuf *b, const int64_t *const *keys, const uint64_t *cnt, size_t n)
{
    if (n == 0) {
        sb_putc(b, '0');
        return;
    }
    for (size_t i = 0; i < n; i++) {
        if (i) sb_puts(b, " + ");
        if (cnt && cnt[i] != 1) {
            char t[32];
            snprintf(t, sizeof t, "%llu * ", (unsigned long long)cnt[i]);
            sb_puts(b, t);
        }
        key_print(p, b, keys[i]);
    }
}


void key_mode_open(StrBuf *b, unsigned mode)
{
    if (mode & PM_MISERE) sb_puts(b, "misere(");
    if (mode & PM_COMPOUND) {
        sb_puts(b, val_mode_name(mode & PM_COMPOUND));
        sb_putc(b, '(');
    }
}

void key_mode_close(StrBuf *b, unsigned mode)
{
    if (mode & PM_COMPOUND) sb_putc(b, ')');
    if (mode & PM_MISERE) sb_putc(b, ')');
}

void key_print_groups(const Program *p, StrBuf *b, const int64_t *const *keys, const uint64_t *cnt, size_t n)
{
    size_t args = 0;
    for (size_t i = 0; i < n; i++) args += (cnt[i] & POS_GROUP) ? !(cnt[i] & POS_JOIN) : cnt[i] & POS_COUNT_MASK;
    for (size_t i = 0; i < n; i++) {
        uint64_t c = cnt[i] & POS_COUNT_MASK;
        if (i) sb_puts(b, (cnt[i - 1] & POS_JOIN) ? " + " : ", ");
        if (cnt[i] & POS_GROUP) {   /* a part of a component that is a sum */
            key_print_sum(p, b, &keys[i], &c, 1);
            continue;
        }
        for (uint64_t k = 0; k < c; k++) {   /* c components */
            if (k) sb_puts(b, ", ");
            key_print(p, b, keys[i]);
        }
    }
    if (args == 1) sb_puts(b, ", 0");   /* one component that is a sum: A + B alone would be two */
}

void key_print_pos(const Program *p, StrBuf *b, const Value *v)
{
    key_mode_open(b, v->strs);
    if (val_grouped(v)) key_print_groups(p, b, v->u.pos.keys, v->u.pos.cnt, v->n);
    else key_print_sum(p, b, v->u.pos.keys, v->u.pos.cnt, v->n);
    key_mode_close(b, v->strs);
}

/* A value as an expression; positions as sums of their components. */
void key_print_value(const Program *p, StrBuf *b, const Value *v)
{
    if (v->t == VT_POS) key_print_pos(p, b, v);
    else if (v->t == VT_GRAPH) graph_print(b, v->u.g);
    else val_print(b, v);
}

/* A value as JSON: integers as numbers with all their digits, lists and sets as arrays, strings,
   ranges and positions as strings. */
void key_json_value(const Program *p, StrBuf *b, const Value *v)
{
    if (v->t == VT_LIST || v->t == VT_SET) {
        sb_putc(b, '[');
        for (uint32_t i = 0; i < v->n; i++) {
            if (i) sb_putc(b, ',');
            Value e = val_elem(v, i);
            key_json_value(p, b, &e);
        }
        sb_putc(b, ']');
        return;
    }
    if (v->t == VT_INT || v->t == VT_BIG || v->t == VT_BOOL) {
        val_print(b, v);
        return;
    }
    StrBuf t;
    sb_init(&t);
    if (v->t == VT_STR) sb_putn(&t, v->u.s, v->n);
    else key_print_value(p, &t, v);
    json_str(b, t.s ? t.s : "");
    sb_fini(&t);
}

KeyCopy key_copy_parts(const int64_t *const *keys, const uint64_t *cnt, uint32_t n, unsigned mode)
{
    KeyCopy c = { xmalloc((n ? n : 1) * sizeof *c.keys), xmalloc((n ? n : 1) * sizeof *c.cnt), 0, mode };
    for (uint32_t i = 0; i < n; i++) {
        if (cnt && !cnt[i]) continue;
        size_t len = KEY_LEN(keys[i]);
        c.keys[c.n] = xmalloc(len * sizeof **c.keys);
        memcpy(c.keys[c.n], keys[i], len * sizeof **c.keys);
        c.cnt[c.n++] = cnt ? cnt[i] : 1;
    }
    return c;
}

KeyCopy key_copy(const Value *pos) { return key_copy_parts(pos->u.pos.keys, pos->u.pos.cnt, pos->n, pos->strs); }

void key_copy_free(KeyCopy *c)
{
    for (uint32_t i = 0; i < c->n; i++) xfree(c->keys[i]);
    xfree(c->keys);
    xfree(c->cnt);
    *c = (KeyCopy){ NULL, NULL, 0, 0 };
}

Value key_copy_value(const KeyCopy *c)
{
    Value v = val_pos((const int64_t **)c->keys, c->cnt, c->n);
    v.strs = (uint8_t)c->mode;
    return v;
}

bool key_runaway(const Program *p, const int64_t *root, const Value *deep, int n, char *buf, size_t cap)
{
    if (!root) return false;
    Value r[POS_MAX_ARGS];
    if (key_decode(p, root, r) != n) return false;
    const Game *g = &p->code.games[KEY_GAME(root)];
    const Func *f = &p->code.fns[g->moves_fn];
    /* the first local after the parameters (the first move's first binder), for the guard to suggest */
    const char *binder = f->nparams < f->nslotnames ? f->slotnames[f->nparams] : NULL;
    for (int i = 0; i < n; i++) {
        if (r[i].t != VT_INT || deep[i].t != VT_INT) continue;
        int64_t a = r[i].u.i, d = deep[i].u.i;
        uint64_t ma = a < 0 ? (uint64_t)0 - (uint64_t)a : (uint64_t)a;
        bool falls = a >= 0 && d < -100;
        bool grows = d > a && (uint64_t)d - (uint64_t)a > 1000 + (ma < UINT64_MAX / 200 ? 100 * ma : UINT64_MAX / 2);
        if (!falls && !grows) continue;
        const char *name = i < f->nslotnames && f->slotnames[i] ? f->slotnames[i] : "an argument";
        StrBuf b;
        sb_init(&b);
        sb_printf(&b, "%s(", g->name);
        for (int k = 0; k < n; k++) {
            if (k) sb_puts(&b, ", ");
            key_print_value(p, &b, &deep[k]);
        }
        sb_putc(&b, ')');
        if (falls && binder)
            snprintf(buf, cap, "positions of %s reach %.100s: %s keeps falling below zero, so a guard such as "
                     "\"when %s <= %s\" may be missing", g->name, b.s, name, binder, name);
        else if (falls)
            snprintf(buf, cap, "positions of %s reach %.100s: %s keeps falling below zero, so a guard such as "
                     "\"when %s > 0\" may be missing", g->name, b.s, name, name);
        else
            snprintf(buf, cap, "positions of %s reach %.100s: %s keeps growing, so a move that should make the game "
                     "smaller may not, or a guard that bounds it may be missing", g->name, b.s, name);
        sb_fini(&b);
        return true;
    }
    return false;
}
