/* cgt_text.c: partizan forms in the field's notation: 3/8, *2, ^*, vv, +-1, {2|-1/2} (docs/language.md, "Partizan games"). */
#include "config.h"
#include "solve/core/cgt.h"
#include <stdlib.h>
#include <string.h>

/* ---- the notation ---- */

static void star(StrBuf *b, uint32_t n)
{
    if (!n) return;
    sb_putc(b, '*');
    if (n > 1) sb_put_i64(b, n);
}

/* u.↑ (u > 0) or u.↓ (u < 0) */
static void ups(StrBuf *b, int u, bool unicode)
{
    int n = u < 0 ? -u : u;
    if (unicode) sb_puts(b, n == 2 ? (u > 0 ? "⇑" : "⇓") : (u > 0 ? "↑" : "↓"));
    else sb_puts(b, u > 0 ? (n == 2 ? "^^" : "^") : (n == 2 ? "vv" : "v"));
    if (n > 2) sb_put_i64(b, n);
}

#define CGT_MAX_UPS 16

/* a = x + u.↑ + *n with x its stops: written so; false when it is not of that form. */
static bool print_ups(CgtStore *st, StrBuf *b, CgtId a, bool unicode)
{
    CgtNum ls = cgt_leftstop(st, a), rs = cgt_rightstop(st, a);
    if (cgt_num_cmp(ls, rs)) return false;
    CgtId x = cgt_number(st, (CgtNum){ -ls.m, ls.k });
    CgtId h = x == CGT_NONE ? x : cgt_add(st, a, x);
    if (h == CGT_NONE) return false;
    uint32_t nim;
    int u = 0;
    if (!cgt_is_nimber(st, h, &nim)) {
        for (int n = 1; n <= CGT_MAX_UPS && !u; n++) {
            CgtId up = cgt_up_times(st, (uint32_t)n);
            if (up == CGT_NONE) return false;
            CgtId d = cgt_add(st, h, cgt_neg(st, up)), e = cgt_add(st, h, up);
            if (d != CGT_NONE && cgt_is_nimber(st, d, &nim)) u = n;
            else if (e != CGT_NONE && cgt_is_nimber(st, e, &nim)) u = -n;
        }
        if (!u) return false;
    }
    if (ls.m) cgt_num_print(b, ls);
    if (u) ups(b, u, unicode);
    star(b, nim);
    return true;
}

typedef struct Opt { bool num; CgtNum x; char *s; } Opt;

static int opt_order(const void *p, const void *q)
{
    const Opt *a = p, *b = q;
    if (a->num != b->num) return a->num ? -1 : 1;
    if (a->num) return cgt_num_cmp(a->x, b->x);
    return strcmp(a->s, b->s);
}

static void print_side(CgtStore *st, StrBuf *b, CgtId a, bool left, bool unicode)
{
    size_t n = left ? cgt_nleft(st, a) : cgt_nright(st, a);
    Opt *o = xcalloc(n ? n : 1, sizeof *o);
    for (size_t i = 0; i < n; i++) {
        CgtId g = left ? cgt_left(st, a, i) : cgt_right(st, a, i);
        StrBuf t;
        sb_init(&t);
        cgt_print(st, &t, g, unicode);
        o[i].num = cgt_is_number(st, g, &o[i].x);
        o[i].s = sb_take(&t);
    }
    qsort(o, n, sizeof *o, opt_order);
    for (size_t i = 0; i < n; i++) {
        if (i) sb_putc(b, ',');
        sb_puts(b, o[i].s);
        xfree(o[i].s);
    }
    xfree(o);
}

void cgt_print(CgtStore *st, StrBuf *b, CgtId a, bool unicode)
{
    CgtNum x, y;
    uint32_t n;
    if (cgt_is_number(st, a, &x)) {
        cgt_num_print(b, x);
        return;
    }
    if (cgt_is_nimber(st, a, &n)) {
        star(b, n);
        return;
    }
    if (print_ups(st, b, a, unicode)) return;
    if (cgt_nleft(st, a) == 1 && cgt_nright(st, a) == 1 && cgt_is_number(st, cgt_left(st, a, 0), &x) &&
        cgt_is_number(st, cgt_right(st, a, 0), &y) && x.m == -y.m && x.k == y.k) {
        sb_puts(b, unicode ? "±" : "+-");
        cgt_num_print(b, x);
        return;
    }
    sb_putc(b, '{');
    print_side(st, b, a, true, unicode);
    sb_putc(b, '|');
    print_side(st, b, a, false, unicode);
    sb_putc(b, '}');
}
