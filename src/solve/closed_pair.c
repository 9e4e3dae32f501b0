/* closed_pair.c: closed forms of two-number games: Wythoff (Beatty pairs, exact integers), Euclid
   (the a >= 2b rule), E&D (trailing ones) and Fibonacci Nim (Zeckendorf). */
#include "config.h"
#include "solve/closed.h"
#include "numth.h"

static bool ints(const Value *a, int n, int want)
{
    if (n != want) return false;
    for (int i = 0; i < n; i++)
        if (!closed_int(&a[i]) || a[i].u.i < 0) return false;
    return true;
}

/* ---- Wythoff: P iff (min, max) = (floor(k phi), floor(k phi) + k) --------------------------- */

static bool wythoff_p(uint64_t a, uint64_t b)
{
    uint64_t x = a < b ? a : b, d = (a < b ? b : a) - x;
    return d <= NUMTH_WYTHOFF_KMAX && numth_wythoff_lower(d) == x;
}

/* The v' with (v, v') a P-position, if it fits in 64 bits. */
static bool wythoff_partner(uint64_t v, uint64_t *w)
{
    uint64_t k;
    if (numth_wythoff_index(v, false, &k)) {
        if (v > INT64_MAX - k) return false;
        *w = v + k;
        return true;
    }
    if (numth_wythoff_index(v, true, &k)) { *w = v - k; return true; }
    return false;
}

static bool wythoff_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (!ints(a, n, 2)) return false;
    bool p = wythoff_p((uint64_t)a[0].u.i, (uint64_t)a[1].u.i);
    r->sg = !p;
    r->outcome_only = true;
    r->terminal = a[0].u.i == 0 && a[1].u.i == 0;
    return true;
}

static bool wythoff_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    if (t != 0) return true;   /* only moves to P-positions are known */
    uint64_t x = (uint64_t)a[0].u.i, y = (uint64_t)a[1].u.i, w;
    Value v[2];
    /* rules' order: take from the first heap, from the second, from both */
    if (wythoff_partner(y, &w) && w < x) {
        v[0] = val_int((int64_t)w); v[1] = a[1];
        if (closed_yield(vm, gid, v, 2, cb, ctx)) return true;
    }
    if (wythoff_partner(x, &w) && w < y) {
        v[0] = a[0]; v[1] = val_int((int64_t)w);
        if (closed_yield(vm, gid, v, 2, cb, ctx)) return true;
    }
    uint64_t lo = x < y ? x : y, d = (x < y ? y : x) - lo;
    if (d <= NUMTH_WYTHOFF_KMAX) {
        uint64_t ad = numth_wythoff_lower(d);
        if (ad < lo) {
            uint64_t k = lo - ad;
            v[0] = val_int((int64_t)(x - k)); v[1] = val_int((int64_t)(y - k));
            closed_yield(vm, gid, v, 2, cb, ctx);
        }
    }
    return true;
}

/* ---- Euclid: with a >= b > 0, the mover wins iff a >= 2b, or b divides a, or (b, a - b) loses ---- */

static bool euclid_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (!ints(a, n, 2)) return false;
    uint64_t x = (uint64_t)a[0].u.i, y = (uint64_t)a[1].u.i;
    if (x < y) { uint64_t t = x; x = y; y = t; }
    r->outcome_only = true;
    r->terminal = y == 0;
    bool win = false;   /* for the player to move at the current (x, y) */
    bool flip = false;
    while (y > 0) {
        if (x / y >= 2 || x % y == 0) { win = true; break; }
        uint64_t t = x - y;   /* the only move: (x - y, y) with y < x < 2y, so x - y < y */
        x = y;
        y = t;
        flip = !flip;
    }
    r->sg = win != flip;
    return true;
}

static bool euclid_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    uint64_t x = (uint64_t)a[0].u.i, y = (uint64_t)a[1].u.i;
    if (t != 0 || y == 0 || x < y) return true;   /* canonical positions have x >= y */
    /* (x - k y, y) for k <= q - 2 keeps a ratio >= 2 (an N-position); only k = q - 1, q can be P */
    uint64_t q = x / y;
    for (uint64_t k = q > 1 ? q - 1 : 1; k <= q; k++) {
        Value v[2] = { val_int((int64_t)(x - k * y)), a[1] };
        if (closed_yield(vm, gid, v, 2, cb, ctx)) return true;
    }
    return true;
}

/* ---- E&D: SG(a, b) = the number of trailing one bits of (a - 1) | (b - 1) ---------------------- */

static uint64_t ed(uint64_t a, uint64_t b) { return (uint64_t)__builtin_ctzll(~((a - 1) | (b - 1))); }

static bool ed_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (!ints(a, n, 2) || a[0].u.i < 1 || a[1].u.i < 1) return false;
    r->sg = ed((uint64_t)a[0].u.i, (uint64_t)a[1].u.i);
    r->terminal = a[0].u.i == 1 && a[1].u.i == 1;
    return true;
}

static bool ed_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    uint64_t scanned = 0;
    for (int side = 0; side < 2; side++) {
        uint64_t h = (uint64_t)a[side].u.i;
        for (uint64_t x = 1; x < h; x++) {
            if (++scanned > CLOSED_MAX_SCAN) return false;
            if (ed(x, h - x) != t) continue;
            Value v[2] = { val_int((int64_t)x), val_int((int64_t)(h - x)) };
            if (closed_yield(vm, gid, v, 2, cb, ctx)) return true;
        }
    }
    return true;
}

/* ---- Fibonacci Nim: (n, limit l) is lost for the mover iff l < the smallest Zeckendorf term ---- */

static bool fibnim_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n < 1 || n > 2 || !ints(a, n, n)) return false;
    uint64_t h = (uint64_t)a[0].u.i;
    uint64_t l = n == 2 ? (uint64_t)a[1].u.i : h ? h - 1 : 0;
    uint64_t m = l < h ? l : h;
    r->outcome_only = true;
    r->terminal = m == 0;
    r->sg = m > 0 && numth_zeckendorf_smallest(h) <= l;
    return true;
}

static bool fibnim_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    uint64_t h = (uint64_t)a[0].u.i;
    uint64_t l = n == 2 ? (uint64_t)a[1].u.i : h ? h - 1 : 0;
    uint64_t m = l < h ? l : h;
    if (t != 0 || m == 0) return true;
    /* A move k reaches a P-position (h - k, 2k) iff z(h - k) > 2k. Then k < z(h - k) / 2 < the
       Fibonacci number below z(h - k), so the Zeckendorf terms of k and of h - k do not touch:
       k is a sum of the smallest terms of h. Those sums, in increasing order, are all candidates. */
    uint64_t k = 0, rest = h;
    while (rest) {
        uint64_t z = numth_zeckendorf_smallest(rest);
        k += z;
        rest -= z;
        if (k > m) break;
        if (rest && numth_zeckendorf_smallest(rest) <= 2 * k) continue;
        Value v[2] = { val_int((int64_t)rest), val_int((int64_t)(2 * k)) };
        if (closed_yield(vm, gid, v, 2, cb, ctx)) return true;
    }
    return true;
}

const ClosedForm closed_pair_forms[] = {
    { "Wythoff", "closed:wythoff", wythoff_eval, wythoff_moves, "Wythoff: P iff (min, max) = (floor(k phi), floor(k phi) + k), exact integers" },
    { "Euclid", "closed:euclid", euclid_eval, euclid_moves, "with a >= b the mover wins iff a >= 2b or b divides a, else the move is forced" },
    { "ED", "closed:ed", ed_eval, ed_moves, "SG = number of trailing one bits of (a - 1) | (b - 1)" },
    { "FibNim", "closed:fibnim", fibnim_eval, fibnim_moves, "Zeckendorf: the mover loses iff the limit is below the smallest Zeckendorf term" },
    { NULL, NULL, NULL, NULL, NULL },
};
