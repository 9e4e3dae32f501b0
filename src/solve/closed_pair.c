/* closed_pair.c: closed forms of two-number games: Wythoff and WythoffK (Beatty pairs, exact
   integers), Euclid (the a >= 2b rule), E&D (trailing ones) and Fibonacci Nim (Zeckendorf). */
#include "config.h"
#include "solve/closed.h"
#include "numth.h"
#include <gmp.h>
#include <math.h>
#include <string.h>

static bool ints(const Value *a, int n, int want)
{
    if (n != want) return false;
    for (int i = 0; i < n; i++)
        if (!closed_int(&a[i]) || a[i].u.i < 0) return false;
    return true;
}

/* ---- Wythoff: P iff (min, max) = (floor(k phi), floor(k phi) + k), exact with GMP for any size:
   heap sizes are integers, or decimal strings beyond 64 bits. --------------------------------- */

static bool big_arg(const Value *v)
{
    return (v->t == VT_STR && v->n <= 4000 && util_is_decimal(v->u.s, v->n)) || (closed_int(v) && v->u.i >= 0);
}

static void to_mpz(mpz_t z, const Value *v)
{
    if (v->t == VT_INT) {
        mpz_init_set_ui(z, (unsigned long)v->u.i);
        return;
    }
    char buf[4001];
    memcpy(buf, v->u.s, v->n);
    buf[v->n] = 0;
    mpz_init_set_str(z, buf, 10);
}

/* floor(k phi) = (k + isqrt(5 k^2)) / 2 */
static void big_lower(mpz_t out, const mpz_t k)
{
    mpz_t t;
    mpz_init(t);
    mpz_mul(t, k, k);
    mpz_mul_ui(t, t, 5);
    mpz_sqrt(t, t);
    mpz_add(t, t, k);
    mpz_fdiv_q_2exp(out, t, 1);
    mpz_clear(t);
}

static bool big_wythoff_p(const mpz_t a, const mpz_t b)
{
    mpz_t x, d, l;
    mpz_inits(x, d, l, NULL);
    if (mpz_cmp(a, b) <= 0) { mpz_set(x, a); mpz_sub(d, b, a); } else { mpz_set(x, b); mpz_sub(d, a, b); }
    big_lower(l, d);
    bool p = mpz_cmp(l, x) == 0;
    mpz_clears(x, d, l, NULL);
    return p;
}

/* The w with (v, w) a P-position: v = floor(k phi) gives w = v + k; v = floor(k phi) + k gives
   w = floor(k phi). k is found from an estimate and checked exactly. */
static void big_partner(mpz_t w, const mpz_t v)
{
    mpz_t s, k, l, t;
    mpz_inits(s, k, l, t, NULL);
    mpz_mul(s, v, v);
    mpz_mul_ui(s, s, 5);
    mpz_sqrt(s, s);                      /* floor(v sqrt 5) */
    bool found = false;
    for (int upper = 0; upper < 2 && !found; upper++) {
        /* lower: k ~ v / phi = (v sqrt5 - v) / 2; upper: k ~ v / phi^2 = (3v - v sqrt5) / 2 */
        if (!upper) mpz_sub(t, s, v);
        else { mpz_mul_ui(t, v, 3); mpz_sub(t, t, s); }
        mpz_fdiv_q_2exp(t, t, 1);
        for (int dk = -2; dk <= 2 && !found; dk++) {
            if (dk < 0) mpz_sub_ui(k, t, (unsigned long)-dk); else mpz_add_ui(k, t, (unsigned long)dk);
            if (mpz_sgn(k) < 0) continue;
            big_lower(l, k);
            if (upper) mpz_add(l, l, k);
            if (mpz_cmp(l, v) != 0) continue;
            if (upper) mpz_sub(w, v, k); else mpz_add(w, v, k);
            found = true;
        }
    }
    if (!found) mpz_set_si(w, -1);   /* every number is in exactly one pair: not reached */
    mpz_clears(s, k, l, t, NULL);
}

/* A heap size as the argument of a result: a decimal string if the query used strings, else an
   integer (results never exceed the query's heaps). */
static Value big_value(Vm *vm, const mpz_t z, bool strings)
{
    if (!strings) return val_int((int64_t)mpz_get_si(z));
    size_t len = mpz_sizeinbase(z, 10) + 2;
    char *s = vm_alloc(vm, len, (Loc){ 0 });
    mpz_get_str(s, 10, z);
    Value v = { .t = VT_STR, .n = (uint32_t)strlen(s) };
    v.u.s = s;
    return v;
}

static bool big_wythoff_moves(Vm *vm, int gid, const Value *a, VmYield cb, void *ctx)
{
    bool str = a[0].t == VT_STR || a[1].t == VT_STR;
    mpz_t x, y, w, lo, d, ad, k;
    to_mpz(x, &a[0]);
    to_mpz(y, &a[1]);
    mpz_inits(w, lo, d, ad, k, NULL);
    Value v[2];
    bool stop = false;
    /* rules' order: take from the first heap, from the second, from both */
    big_partner(w, y);
    if (mpz_sgn(w) >= 0 && mpz_cmp(w, x) < 0) {
        v[0] = big_value(vm, w, str); v[1] = big_value(vm, y, str);
        stop = closed_yield(vm, gid, v, 2, cb, ctx);
    }
    big_partner(w, x);
    if (!stop && mpz_sgn(w) >= 0 && mpz_cmp(w, y) < 0) {
        v[0] = big_value(vm, x, str); v[1] = big_value(vm, w, str);
        stop = closed_yield(vm, gid, v, 2, cb, ctx);
    }
    if (mpz_cmp(x, y) <= 0) { mpz_set(lo, x); mpz_sub(d, y, x); } else { mpz_set(lo, y); mpz_sub(d, x, y); }
    big_lower(ad, d);
    if (!stop && mpz_cmp(ad, lo) < 0) {
        mpz_sub(k, lo, ad);
        mpz_sub(x, x, k);
        mpz_sub(y, y, k);
        v[0] = big_value(vm, x, str); v[1] = big_value(vm, y, str);
        closed_yield(vm, gid, v, 2, cb, ctx);
    }
    mpz_clears(x, y, w, lo, d, ad, k, NULL);
    return true;
}

static bool wythoff_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !big_arg(&a[0]) || !big_arg(&a[1])) return false;
    mpz_t x, y;
    to_mpz(x, &a[0]);
    to_mpz(y, &a[1]);
    r->sg = !big_wythoff_p(x, y);
    r->outcome_only = true;
    r->terminal = mpz_sgn(x) == 0 && mpz_sgn(y) == 0;
    mpz_clears(x, y, NULL);
    return true;
}

static bool wythoff_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    if (t != 0) return true;   /* only moves to P-positions are known */
    return big_wythoff_moves(vm, gid, a, cb, ctx);
}

/* ---- WythoffK: P-positions (floor(n alpha), floor(n alpha) + k n), alpha = (2 - k + sqrt(k^2 + 4)) / 2
   (Fraenkel, "How to beat your Wythoff games' opponent on three fronts", 1982; k = 1 is Wythoff).
   floor(n alpha) = (n (2 - k) + isqrt(n^2 (k^2 + 4))) / 2, exact in GMP. ------------------------ */

static void wk_lower(mpz_t out, uint64_t k, const mpz_t n)
{
    mpz_t t, u;
    mpz_inits(t, u, NULL);
    mpz_mul(t, n, n);
    mpz_mul_ui(t, t, (unsigned long)(k * k + 4));
    mpz_sqrt(t, t);
    mpz_mul_ui(u, n, (unsigned long)k);
    mpz_sub(t, t, u);
    mpz_addmul_ui(t, n, 2);
    mpz_fdiv_q_2exp(out, t, 1);
    mpz_clears(t, u, NULL);
}

static bool wk_p(uint64_t k, uint64_t a, uint64_t b)
{
    uint64_t x = a < b ? a : b, d = (a < b ? b : a) - x;
    if (d % k) return false;
    mpz_t n, l;
    mpz_init_set_ui(n, (unsigned long)(d / k));
    mpz_init(l);
    wk_lower(l, k, n);
    bool p = mpz_cmp_ui(l, (unsigned long)x) == 0;
    mpz_clears(n, l, NULL);
    return p;
}

/* a_n and b_n = a_n + k n, if they fit in 63 bits. */
static bool wk_pair(uint64_t k, uint64_t n, uint64_t *an, uint64_t *bn)
{
    mpz_t z, l;
    mpz_init_set_ui(z, (unsigned long)n);
    mpz_init(l);
    wk_lower(l, k, z);
    bool ok = mpz_sizeinbase(l, 2) <= 62;
    if (ok) *an = (uint64_t)mpz_get_ui(l);
    mpz_clears(z, l, NULL);
    if (!ok || __builtin_mul_overflow(k, n, bn) || __builtin_add_overflow(*bn, *an, bn) || *bn > INT64_MAX) return false;
    return true;
}

/* The w with (v, w) or (w, v) a P-position (every number is in exactly one pair). */
static bool wk_partner(uint64_t k, uint64_t v, uint64_t *w)
{
    long double alpha = (2.0L - (long double)k + sqrtl((long double)(k * k + 4))) / 2.0L;
    for (int upper = 0; upper < 2; upper++) {
        long double est = (long double)v / (upper ? alpha + (long double)k : alpha);
        uint64_t c = est < 4 ? 0 : (uint64_t)est - 3;
        for (uint64_t n = c; n <= c + 8; n++) {
            uint64_t an, bn;
            if (!wk_pair(k, n, &an, &bn)) break;
            if ((upper ? bn : an) == v) { *w = upper ? an : bn; return true; }
        }
    }
    return false;
}

static bool wythoffk_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (!ints(a, n, 3) || a[0].u.i < 1 || a[0].u.i > 1000000) return false;
    r->outcome_only = true;
    r->sg = !wk_p((uint64_t)a[0].u.i, (uint64_t)a[1].u.i, (uint64_t)a[2].u.i);
    r->terminal = a[1].u.i == 0 && a[2].u.i == 0;
    return true;
}

typedef struct WkMove { uint64_t x, y; } WkMove;

static bool wythoffk_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    if (t != 0) return true;
    uint64_t k = (uint64_t)a[0].u.i, A = (uint64_t)a[1].u.i, B = (uint64_t)a[2].u.i, w;
    Value v[3] = { a[0], a[1], a[2] };
    /* rules' order: take from the first heap, from the second, then from both (x, then y) */
    if (wk_partner(k, B, &w) && w < A) {
        v[1] = val_int((int64_t)w);
        if (closed_yield(vm, gid, v, 3, cb, ctx)) return true;
        v[1] = a[1];
    }
    if (wk_partner(k, A, &w) && w < B) {
        v[2] = val_int((int64_t)w);
        if (closed_yield(vm, gid, v, 3, cb, ctx)) return true;
        v[2] = a[2];
    }
    WkMove mv[8];
    int nm = 0;
    for (int orient = 0; orient < 2; orient++) {
        /* (A', B') = (a_m, b_m) needs |(A - B) + k m| < k; (b_m, a_m) needs |(A - B) - k m| < k */
        int64_t diff = orient ? (int64_t)A - (int64_t)B : (int64_t)B - (int64_t)A;
        if (diff < -(int64_t)k) continue;
        uint64_t base = diff < 0 ? 0 : (uint64_t)diff / k;
        for (uint64_t m = base > 0 ? base - 1 : 0; m <= base + 1; m++) {
            uint64_t am, bm;
            if (!wk_pair(k, m, &am, &bm)) continue;
            uint64_t na = orient ? bm : am, nb = orient ? am : bm;
            if (na >= A || nb >= B) continue;
            uint64_t x = A - na, y = B - nb;
            if ((x > y ? x - y : y - x) >= k) continue;
            bool dup = false;
            for (int i = 0; i < nm; i++) dup |= mv[i].x == x && mv[i].y == y;
            if (!dup && nm < 8) mv[nm++] = (WkMove){ x, y };
        }
    }
    for (int i = 1; i < nm; i++)   /* x ascending, then y */
        for (int j = i; j > 0 && (mv[j].x < mv[j - 1].x || (mv[j].x == mv[j - 1].x && mv[j].y < mv[j - 1].y)); j--) {
            WkMove tmp = mv[j]; mv[j] = mv[j - 1]; mv[j - 1] = tmp;
        }
    for (int i = 0; i < nm; i++) {
        v[1] = val_int((int64_t)(A - mv[i].x));
        v[2] = val_int((int64_t)(B - mv[i].y));
        if (closed_yield(vm, gid, v, 3, cb, ctx)) return true;
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
    { "WythoffK", "closed:wythoffk", wythoffk_eval, wythoffk_moves, "Fraenkel: P iff (min, max) = (floor(n alpha), floor(n alpha) + k n), alpha = (2 - k + sqrt(k^2 + 4)) / 2" },
    { "Euclid", "closed:euclid", euclid_eval, euclid_moves, "with a >= b the mover wins iff a >= 2b or b divides a, else the move is forced" },
    { "ED", "closed:ed", ed_eval, ed_moves, "SG = number of trailing one bits of (a - 1) | (b - 1)" },
    { "FibNim", "closed:fibnim", fibnim_eval, fibnim_moves, "Zeckendorf: the mover loses iff the limit is below the smallest Zeckendorf term" },
    { NULL, NULL, NULL, NULL, NULL },
};
