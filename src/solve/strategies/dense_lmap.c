/* dense_lmap.c: lists of integers made by a comprehension in the table strategy (dense.h,
   LMap: `[min(a[i], c) for i in 0..len(a) - 1]`, `[x for x in a when x > 0]`, compiled in
   dense_code.c) evaluated over a list's cells, natively where the element has one of a few
   forms. */
#include "config.h"
#include "solve/strategies/dense.h"
#include <string.h>

/* The element the list's width holds, or declined. */
static inline int64_t fit(const EvalCtx *p, const Ops *o, int64_t x, int64_t b)
{
    if (x < 0 || (x >> b) != 0) dense_fail(p, o->node, "integer overflow");   /* not in the cell: declined */
    return x;
}

/* The values i in [s, e) of piece pc made into lanes from lane s - base on: their cells. The
   list's cells src, n of them, b bits each. */
static int64_t piece_lanes(const EvalCtx *p, const Ops *o, const LPiece *pc, int64_t *vars, int64_t s, int64_t e, int64_t base)
{
    const LMap *l = o->lmap;
    int64_t b = vars[BD_R], n = vars[BD_C], src = vars[BD_M], mask = (INT64_C(1) << b) - 1, m = 0;
    if (s >= e) return 0;
    if (pc->kind != LK_INV && pc->kind != LK_GEN && (s < 0 || e > n)) dense_fail(p, o->node, "index out of range");
    int64_t k = pc->kind == LK_ELEM || pc->kind == LK_GEN ? 0 : eval(p, pc->k, vars);
    int kind = pc->kind;
    if ((kind == LK_MIN && k >= mask) || (kind == LK_MAX && k <= 0) || ((kind == LK_ADD || kind == LK_SUB) && k == 0))
        kind = LK_ELEM;   /* the element itself */
    if (kind == LK_ELEM) {
        int64_t w = (e - s) * b;
        return ((src >> (s * b)) & ((INT64_C(1) << w) - 1)) << ((s - base) * b);
    }
    for (int64_t i = s; i < e; i++) {
        int64_t x = 0, y = kind == LK_INV ? 0 : (src >> (i * b)) & mask;   /* an invariant's i may be outside the list */
        switch (kind) {
        case LK_MIN: x = y < k ? y : k; break;
        case LK_MAX: x = y > k ? y : k; break;
        case LK_ADD: if (__builtin_add_overflow(y, k, &x)) x = -1; break;
        case LK_SUB: if (__builtin_sub_overflow(y, k, &x)) x = -1; break;
        case LK_INV: x = k; break;
        default:
            vars[l->slot] = i;
            x = eval(p, l->e, vars);
            break;
        }
        m |= fit(p, o, x, b) << ((i - base) * b);
    }
    return m;
}

static inline int64_t clamp(int64_t x, int64_t lo, int64_t hi) { return x < lo ? lo : x > hi ? hi : x; }

/* Bound k of l's split, t[k] + tadd[k] (past 2^63 - 1: that). */
static inline int64_t bound(const EvalCtx *p, const LMap *l, int k, int64_t *vars)
{
    int64_t x;
    if (__builtin_add_overflow(eval(p, l->t[k], vars), l->tadd[k], &x)) x = INT64_MAX;
    return x;
}

/* Whether one of the cnt lanes of b bits of m is 0 (cnt * b <= BD_MAX_BITS): subtracting 1 from
   every lane borrows out of a lane, setting its top bit where it was clear, only past a lane that
   was 0. */
static inline bool has_zero_lane(uint64_t m, int64_t cnt, int64_t b)
{
    uint64_t all = ((uint64_t)1 << (cnt * b)) - 1, ones = all / (((uint64_t)1 << b) - 1), high = ones << (b - 1);
    return ((m - ones) & ~m & high) != 0;
}

/* The list by the native pieces, lo..hi its binder's values (hi - lo < LMAP_MAX_RANGE); false
   where the general way must make it (a list too long for the cell before its filter). */
static bool lmap_fast(const EvalCtx *p, const Ops *o, int64_t *vars, int64_t lo, int64_t hi, int64_t *res)
{
    const LMap *l = o->lmap;
    const int64_t base = lo;   /* the first value's lane is 0 */
    int64_t b = vars[BD_R], cnt = hi >= lo ? hi - lo + 1 : 0;
    if (cnt * b > BD_MAX_BITS) {
        if (l->nz) return false;
        dense_fail(p, o->node, "integer overflow");   /* a list the cell does not hold: declined */
    }
    /* the split's interval [in, out); pieces made in the order of the binder's values, and each
       bound evaluated where the interpreter first evaluates it, so that the first error is its */
    int64_t in = hi + 1, out = hi + 1, m = 0;
    if (l->split && cnt) {
        in = lo;
        if (l->eq) {
            int64_t x = eval(p, l->t[0], vars), y;
            if (__builtin_add_overflow(x, 1, &y)) y = INT64_MAX;
            in = clamp(x, lo, hi + 1);   /* [x, x + 1) within lo..hi: empty where x is outside */
            out = clamp(y, lo, hi + 1);
        } else if (l->t[1] && l->first == 0) {   /* i >= t0 and i <= t1: t1 first at the first i >= t0 */
            in = clamp(bound(p, l, 0, vars), lo, hi + 1);
            m = piece_lanes(p, o, &l->piece[0], vars, lo, in, lo);
            out = in <= hi ? clamp(bound(p, l, 1, vars), lo, hi + 1) : in;
            if (out < in) out = in;
            lo = in;   /* [lo, in) made */
        } else {   /* one bound, or the upper one first: the lower at the first value, where the upper holds */
            if (l->t[1]) out = clamp(bound(p, l, 1, vars), lo, hi + 1);
            if (l->t[0] && out > lo) in = clamp(bound(p, l, 0, vars), lo, hi + 1);
            if (out < in) out = in;
        }
    }
    m |= piece_lanes(p, o, &l->piece[0], vars, lo, in, base) | piece_lanes(p, o, &l->piece[1], vars, in, out, base) |
         piece_lanes(p, o, &l->piece[0], vars, out, hi + 1, base);
    int64_t len = cnt;
    if (l->nz && cnt && has_zero_lane((uint64_t)m, cnt, b)) {   /* the non-zero lanes, in order (e the element) */
        int64_t mask = (INT64_C(1) << b) - 1, r = 0;
        len = 0;
        for (int64_t j = 0; j < cnt; j++) {
            int64_t x = (m >> (j * b)) & mask;
            if (x) r |= x << (len++ * b);
        }
        m = r;
    }
    vars[l->len] = len;
    *res = l->sorted ? dense_sort_cells(m, len, b) : m;
    return true;
}

int64_t dense_eval_lmap(const EvalCtx *p, const Ops *o, int64_t *vars)
{
    const LMap *l = o->lmap;
    int64_t b = vars[BD_R], n = vars[BD_C], src = vars[BD_M], mask = (INT64_C(1) << b) - 1, lo = 0, hi = n - 1;
    if (!l->over) {
        lo = eval(p, l->lo, vars);
        hi = eval(p, l->hi, vars);
        /* a long range, or one ending within 2 of 2^63 - 1 (its end plus one is computed): declined */
        if (hi >= lo && ((uint64_t)hi - (uint64_t)lo >= LMAP_MAX_RANGE || hi > INT64_MAX - 2))
            dense_fail(p, o->node, "integer overflow");
    }
    int64_t m = 0, len = 0;
    if (l->fast && lmap_fast(p, o, vars, lo, hi, &m)) return m;
    for (int64_t i = lo; i <= hi; i++) {   /* hi - lo < LMAP_MAX_RANGE: no overflow */
        vars[l->slot] = l->over ? (src >> (i * b)) & mask : i;
        if (l->filt && !eval(p, l->f, vars)) continue;
        int64_t x = fit(p, o, eval(p, l->e, vars), b);
        if ((len + 1) * b > BD_MAX_BITS) dense_fail(p, o->node, "integer overflow");   /* declined */
        m |= x << (len * b);
        len++;
    }
    vars[l->len] = len;
    return l->sorted ? dense_sort_cells(m, len, b) : m;
}
