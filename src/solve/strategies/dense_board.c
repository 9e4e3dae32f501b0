/* dense_board.c: boards of text and lists of integers for the table strategy (dense.h, DBoard):
   the characters a game's rules name, and a position's rows (or list) read as a cell. */
#include "config.h"
#include "solve/strategies/dense.h"
#include "rules.h"
#include <string.h>

/* Add the one-character literals of expression n to bd, in the order they are written; false
   past BD_MAX_ALPHA of them. */
static bool chars_of(const Node *n, DBoard *bd)
{
    if (!n) return true;
    if (n->kind == N_STR && n->slen == 1) {
        unsigned char ch = (unsigned char)n->name[0];
        if (bd->code[ch] >= 0) return true;
        if (bd->nalpha == BD_MAX_ALPHA) return false;
        bd->code[ch] = (signed char)bd->nalpha;
        bd->alpha[bd->nalpha++] = ch;
        return true;
    }
    if (!chars_of(n->a, bd) || !chars_of(n->b, bd) || !chars_of(n->c, bd)) return false;
    for (int i = 0; i < n->list.n; i++)
        if (!chars_of(n->list.v[i], bd)) return false;
    return true;
}

bool dense_board_read(const GameRules *gr, DBoard *bd)
{
    memset(bd, 0, sizeof *bd);
    memset(bd->code, -1, sizeof bd->code);
    if (gr->np != 1 || gr->canon) return false;
    for (int i = 0; i < gr->n; i++) {
        const RRule *m = &gr->items[i];
        for (int j = 0; j < m->nb; j++)
            if (!chars_of(m->b[j].dom, bd)) return false;
        for (int j = 0; j < m->ncl; j++)
            if (!chars_of(m->cl[j].e, bd)) return false;
        if (!chars_of(m->result, bd)) return false;
    }
    if (bd->nalpha == 0) return false;
    bd->bits = 1;
    while ((1 << bd->bits) < bd->nalpha) bd->bits++;
    return true;
}

bool dense_list_read(const GameRules *gr, DBoard *bd)
{
    memset(bd, 0, sizeof *bd);
    memset(bd->code, -1, sizeof bd->code);
    if (gr->np != 1) return false;
    bd->ints = true;
    bd->sort = gr->canon && gr->canon_form == CF_SORT_TAIL && gr->variadic;   /* any other canon: compiled (DenseGame) */
    return true;
}

/* Order x and y (no branch: the comparison of random cells is a coin toss, which a branch
   mispredicts half the time). */
#define SORT2(x, y)                       \
    do {                                  \
        int64_t lo_ = (x) < (y) ? (x) : (y); \
        (y) = (x) < (y) ? (y) : (x);      \
        (x) = lo_;                        \
    } while (0)

int64_t dense_sort_cells(int64_t m, int64_t n, int64_t bits)
{
    int64_t v[BD_MAX_BITS], mask = (INT64_C(1) << bits) - 1, r = 0;
    if (n >= 2 && n <= 4) {   /* a sorting network: the lists of a few heaps */
        int64_t a = m & mask, b = (m >> bits) & mask, c = n > 2 ? (m >> 2 * bits) & mask : 0,
                d = n > 3 ? (m >> 3 * bits) & mask : 0;
        if (n == 2) SORT2(a, b);
        else if (n == 3) {
            SORT2(a, b);
            SORT2(b, c);
            SORT2(a, b);
        } else {
            SORT2(a, b);
            SORT2(c, d);
            SORT2(a, c);
            SORT2(b, d);
            SORT2(b, c);
        }
        return a | b << bits | (n > 2 ? c << 2 * bits : 0) | (n > 3 ? d << 3 * bits : 0);
    }
    for (int64_t i = 0; i < n; i++) {   /* insertion sort: a handful of elements */
        int64_t x = (m >> (i * bits)) & mask, j = i;
        for (; j > 0 && v[j - 1] > x; j--) v[j] = v[j - 1];
        v[j] = x;
    }
    for (int64_t i = 0; i < n; i++) r |= v[i] << (i * bits);
    return r;
}

/* A list of integers' key: LIST_INTS written out, every element >= 0; the width the bits of the
   largest (at least 1), n * width at most BD_MAX_BITS; sorted for a sorting canon. */
static bool list_cell(const DBoard *bd, const int64_t *key, int64_t *c)
{
    uint64_t len = (uint64_t)key[2];
    uint32_t n = (uint32_t)len;
    if ((uint64_t)key[1] != POS_ARG_LIST || (len & (KEY_STRS_BIT | KEY_BIG_BIT | KEY_VIEW_BIT)) || n > BD_MAX_BITS)
        return false;
    int64_t max = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (key[3 + i] < 0) return false;
        if (key[3 + i] > max) max = key[3 + i];
    }
    int bits = max ? 64 - __builtin_clzll((uint64_t)max) : 1;
    if ((uint64_t)n * (uint64_t)bits > BD_MAX_BITS) return false;
    int64_t m = 0;
    for (uint32_t i = 0; i < n; i++) m |= key[3 + i] << (i * bits);
    c[BD_M] = bd->sort ? dense_sort_cells(m, n, bits) : m;
    c[BD_R] = bits;
    c[BD_C] = n;
    return true;
}

/* A board's key: one argument, a list of strings (or an empty list) of equal lengths, every
   character one of the board's, R * C * bits at most BD_MAX_BITS. */
static bool board_cell(const DBoard *bd, const int64_t *key, int64_t *c)
{
    if (bd->line) {   /* one string: a row */
        uint64_t len = (uint64_t)key[2];
        if ((uint64_t)key[1] != POS_ARG_STR || (len & (KEY_BIG_BIT | KEY_GRAPH_BIT)) || len * (uint64_t)bd->bits > BD_MAX_BITS)
            return false;
        const unsigned char *s = (const unsigned char *)(key + 3);
        uint64_t m = 0;
        for (uint64_t j = 0; j < len; j++) {
            int k = bd->code[s[j]];
            if (k < 0) return false;
            m |= (uint64_t)k << (j * (uint64_t)bd->bits);
        }
        c[BD_M] = (int64_t)m;
        c[BD_R] = 1;
        c[BD_C] = (int64_t)len;
        return true;
    }
    if ((uint64_t)key[1] != POS_ARG_LIST) return false;
    uint64_t len = (uint64_t)key[2];
    uint32_t n = (uint32_t)len;
    c[BD_M] = c[BD_R] = c[BD_C] = 0;
    if (n == 0) return true;
    if ((len & (KEY_STRS_BIT | KEY_BIG_BIT | KEY_VIEW_BIT)) != KEY_STRS_BIT || n > BD_MAX_BITS) return false;
    const StrRec *r0 = (const StrRec *)(intptr_t)key[3];
    uint32_t cols = r0->len;
    if ((uint64_t)n * cols * (uint64_t)bd->bits > BD_MAX_BITS) return false;
    uint64_t m = 0;
    int at = 0;
    for (uint32_t i = 0; i < n; i++) {
        const StrRec *r = (const StrRec *)(intptr_t)key[3 + i];
        if (r->len != cols) return false;
        for (uint32_t j = 0; j < cols; j++, at += bd->bits) {
            int k = bd->code[(unsigned char)r->s[j]];
            if (k < 0) return false;
            m |= (uint64_t)k << at;
        }
    }
    c[BD_M] = (int64_t)m;
    c[BD_R] = n;
    c[BD_C] = cols;
    return true;
}

bool dense_cell_of(const DenseGame *g, const int64_t *key, int64_t *c)
{
    if (g->board) return g->board->ints ? list_cell(g->board, key, c) : board_cell(g->board, key, c);
    if (key[1] != 0) return false;   /* integer arguments only */
    for (int i = 0; i < g->np; i++) {
        c[i] = key[2 + i];
        if (c[i] < 0) return false;
    }
    return true;
}
