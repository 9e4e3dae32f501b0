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

/* ---- Wythoff's game and WythoffK(k): the P-positions are the pairs (a_m, b_m) = (floor(m alpha),
   floor(m alpha) + k m) with alpha = (2 - k + sqrt(k^2 + 4)) / 2 (Fraenkel, "How to beat your
   Wythoff games' opponent on three fronts", 1982; k = 1 is Wythoff's game, alpha = phi). Every
   number >= 1 is in exactly one pair (the two Beatty sequences are complementary). Exact with GMP
   for any size: heaps are integers, or decimal strings beyond 64 bits. ------------------------- */

#define WK_MAX_K 1000000
#define WK_MAX_DIGITS 4000

static bool big_arg(const Value *v)
{
    return (v->t == VT_STR && v->n <= WK_MAX_DIGITS && util_is_decimal(v->u.s, v->n)) || (closed_int(v) && v->u.i >= 0);
}

static void to_mpz(mpz_t z, const Value *v)
{
    if (v->t == VT_INT) {
        mpz_init_set_ui(z, (unsigned long)v->u.i);
        return;
    }
    char buf[WK_MAX_DIGITS + 1];
    memcpy(buf, v->u.s, v->n);
    buf[v->n] = 0;
    mpz_init_set_str(z, buf, 10);
}

/* a_m = floor(m alpha) = floor((m (2 - k) + sqrt(m^2 (k^2 + 4))) / 2); k^2 + 4 is never a square,
   so flooring the square root first does not change the result. */
static void wk_lower(mpz_t out, unsigned long k, const mpz_t m)
{
    mpz_t t;
    mpz_init(t);
    mpz_mul(t, m, m);
    mpz_mul_ui(t, t, k * k + 4);
    mpz_sqrt(t, t);
    mpz_addmul_ui(t, m, 2);
    mpz_submul_ui(t, m, k);
    mpz_fdiv_q_2exp(out, t, 1);
    mpz_clear(t);
}

static bool wk_p(unsigned long k, const mpz_t a, const mpz_t b)
{
    mpz_t x, d, l;
    mpz_inits(x, d, l, NULL);
    if (mpz_cmp(a, b) <= 0) { mpz_set(x, a); mpz_sub(d, b, a); } else { mpz_set(x, b); mpz_sub(d, a, b); }
    bool p = mpz_divisible_ui_p(d, k);
    if (p) {
        mpz_divexact_ui(d, d, k);
        wk_lower(l, k, d);
        p = mpz_cmp(l, x) == 0;
    }
    mpz_clears(x, d, l, NULL);
    return p;
}

/* The w with (v, w) or (w, v) a P-position. m is estimated from v / alpha (v a lower member) or
   v / (alpha + k) (an upper member), 1 / alpha = (sqrt(k^2 + 4) + k - 2) / (2k) and
   1 / (alpha + k) = (k + 2 - sqrt(k^2 + 4)) / (2k), and the neighbours are checked exactly. */
static void wk_partner(mpz_t w, unsigned long k, const mpz_t v)
{
    mpz_t s, est, m, l;
    mpz_inits(s, est, m, l, NULL);
    mpz_mul(s, v, v);
    mpz_mul_ui(s, s, k * k + 4);
    mpz_sqrt(s, s);
    bool found = false;
    for (int upper = 0; upper < 2 && !found; upper++) {
        if (!upper) { mpz_set(est, s); mpz_addmul_ui(est, v, k); mpz_submul_ui(est, v, 2); }
        else { mpz_mul_ui(est, v, k + 2); mpz_sub(est, est, s); }
        mpz_fdiv_q_ui(est, est, 2 * k);
        for (int dm = -3; dm <= 3 && !found; dm++) {
            if (dm < 0) mpz_sub_ui(m, est, (unsigned long)-dm); else mpz_add_ui(m, est, (unsigned long)dm);
            if (mpz_sgn(m) < 0) continue;
            wk_lower(l, k, m);
            if (upper) mpz_addmul_ui(l, m, k);
            if (mpz_cmp(l, v) != 0) continue;
            mpz_set(w, v);
            if (upper) mpz_submul_ui(w, m, k); else mpz_addmul_ui(w, m, k);
            found = true;
        }
    }
    if (!found) mpz_set_si(w, -1);   /* every number is in exactly one pair: not reached */
    mpz_clears(s, est, m, l, NULL);
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

/* The winning moves found, as arguments ready to yield (strings in scratch memory). */
typedef struct WkMoves { Value v[5][3]; int n, nargs; } WkMoves;

/* Record (x, y) as the game's arguments: (x, y), or (k, x, y) when kv is given. */
static void wk_add(Vm *vm, WkMoves *out, const Value *kv, const mpz_t x, const mpz_t y, bool str)
{
    Value *v = out->v[out->n++];
    int n = 0;
    if (kv) v[n++] = *kv;
    v[n++] = big_value(vm, x, str);
    v[n++] = big_value(vm, y, str);
    out->nargs = n;
}

/* The moves of (A, B) to P-positions in the rules' order: from the first heap, from the second,
   then from both (x ascending, then y), with x, y >= 1 and |x - y| < k. A move from both lands on
   (a_m, b_m) with x - y = k m - (B - A), or on (b_m, a_m) with x - y = (A - B) - k m: |x - y| < k
   leaves m in {floor(D / k), floor(D / k) + 1} (D = B - A), resp. m = 0. All are computed before
   any is yielded, so no GMP value is alive when a callback may end in an error. */
static void wk_moves(Vm *vm, int gid, const Value *kv, unsigned long k, const Value *ha, const Value *hb, VmYield cb,
                     void *ctx)
{
    bool str = ha->t == VT_STR || hb->t == VT_STR;
    WkMoves out = { .n = 0 };
    mpz_t A, B, w, D, m, am, bm, x, y;
    to_mpz(A, ha);
    to_mpz(B, hb);
    mpz_inits(w, D, m, am, bm, x, y, NULL);
    wk_partner(w, k, B);
    if (mpz_sgn(w) >= 0 && mpz_cmp(w, A) < 0) wk_add(vm, &out, kv, w, B, str);
    wk_partner(w, k, A);
    if (mpz_sgn(w) >= 0 && mpz_cmp(w, B) < 0) wk_add(vm, &out, kv, A, w, str);
    /* candidates from both heaps: at most three targets (x, y) */
    mpz_t tx[3], ty[3];
    int nc = 0;
    mpz_sub(D, B, A);
    for (int orient = 0; orient < 2; orient++) {
        mpz_t base;
        mpz_init(base);
        if (orient == 0) mpz_fdiv_q_ui(base, D, k);
        for (int dm = -1; dm <= 1; dm++) {
            if (dm < 0) mpz_sub_ui(m, base, 1); else mpz_add_ui(m, base, (unsigned long)dm);
            if (mpz_sgn(m) < 0) continue;
            wk_lower(am, k, m);
            mpz_set(bm, am);
            mpz_addmul_ui(bm, m, k);
            mpz_sub(x, A, orient ? bm : am);
            mpz_sub(y, B, orient ? am : bm);
            if (mpz_sgn(x) <= 0 || mpz_sgn(y) <= 0) continue;
            mpz_sub(w, x, y);
            mpz_abs(w, w);
            if (mpz_cmp_ui(w, k) >= 0) continue;
            bool dup = false;
            for (int i = 0; i < nc; i++) dup |= !mpz_cmp(tx[i], x) && !mpz_cmp(ty[i], y);
            if (dup || nc == 3) continue;
            mpz_init_set(tx[nc], x);
            mpz_init_set(ty[nc], y);
            nc++;
        }
        mpz_clear(base);
    }
    for (int i = 1; i < nc; i++)   /* x ascending, then y */
        for (int j = i; j > 0 && (mpz_cmp(tx[j], tx[j - 1]) < 0 || (!mpz_cmp(tx[j], tx[j - 1]) && mpz_cmp(ty[j], ty[j - 1]) < 0)); j--) {
            mpz_swap(tx[j], tx[j - 1]);
            mpz_swap(ty[j], ty[j - 1]);
        }
    for (int i = 0; i < nc; i++) {
        mpz_sub(x, A, tx[i]);
        mpz_sub(y, B, ty[i]);
        wk_add(vm, &out, kv, x, y, str);
        mpz_clears(tx[i], ty[i], NULL);
    }
    mpz_clears(A, B, w, D, m, am, bm, x, y, NULL);
    for (int i = 0; i < out.n; i++)
        if (closed_yield(vm, gid, out.v[i], out.nargs, cb, ctx)) break;
}

static bool wk_eval(unsigned long k, const Value *ha, const Value *hb, ClosedAnswer *r)
{
    mpz_t x, y;
    to_mpz(x, ha);
    to_mpz(y, hb);
    r->sg = !wk_p(k, x, y);
    r->outcome_only = true;
    r->terminal = mpz_sgn(x) == 0 && mpz_sgn(y) == 0;
    mpz_clears(x, y, NULL);
    return true;
}

static bool wythoff_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !big_arg(&a[0]) || !big_arg(&a[1])) return false;
    return wk_eval(1, &a[0], &a[1], r);
}

/* Only moves to P-positions are known (an outcome-only form); the position is canonical: a <= b. */
static bool wythoff_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    if (t == 0) wk_moves(vm, gid, NULL, 1, &a[0], &a[1], cb, ctx);
    return true;
}

static bool wythoffk_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 3 || !closed_int(&a[0]) || a[0].u.i < 1 || a[0].u.i > WK_MAX_K || !big_arg(&a[1]) || !big_arg(&a[2]))
        return false;
    return wk_eval((unsigned long)a[0].u.i, &a[1], &a[2], r);
}

static bool wythoffk_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    if (t == 0) wk_moves(vm, gid, &a[0], (unsigned long)a[0].u.i, &a[1], &a[2], cb, ctx);
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
        /* k < rest / 2 when rest > 0, so 2k fits; taking everything leaves an empty heap, terminal
           whatever its limit (2k may not fit then) */
        Value v[2] = { val_int((int64_t)rest), val_int(rest ? (int64_t)(2 * k) : 0) };
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
