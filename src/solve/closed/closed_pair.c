/* closed_pair.c: closed forms of two-number games: Wythoff and WythoffK (Beatty pairs, exact
   integers), Euclid (the a >= 2b rule), E&D (trailing ones) and Fibonacci Nim (Zeckendorf). */
#include "config.h"
#include "solve/closed/closed.h"
#include "solve/core/nimber.h"
#include "bignum.h"
#include "vm.h"
#include "numth.h"
#include "gmpx.h"
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* n arguments, integers >= 0 of any size. */
static bool nats(const Value *a, int n, int want)
{
    if (n != want) return false;
    for (int i = 0; i < n; i++)
        if (!closed_nat(&a[i])) return false;
    return true;
}

/* ---- Wythoff's game and WythoffK(k): the P-positions are the pairs (a_m, b_m) = (floor(m alpha),
   floor(m alpha) + k m) with alpha = (2 - k + sqrt(k^2 + 4)) / 2 (Fraenkel, "How to beat your
   Wythoff games' opponent on three fronts", 1982; k = 1 is Wythoff's game, alpha = phi). Every
   number >= 1 is in exactly one pair (the two Beatty sequences are complementary). Exact with GMP
   for any size (the games' canons read heaps written as decimal strings as integers). --------- */

#define WK_MAX_K 1000000

static void to_mpz(mpz_t z, const Value *v)
{
    mpz_init(z);
    big_get(z, v);
}

/* a_m = floor(m alpha) = floor((m (2 - k) + sqrt(m^2 (k^2 + 4))) / 2); k^2 + 4 is never a square,
   so flooring the square root first does not change the result. */
static void wk_lower(mpz_t out, uint64_t k, const mpz_t m)
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

static bool wk_p(uint64_t k, const mpz_t a, const mpz_t b)
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
static void wk_partner(mpz_t w, uint64_t k, const mpz_t v)
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
            if (dm < 0) mpz_sub_ui(m, est, -(uint64_t)dm); else mpz_add_ui(m, est, (uint64_t)dm);
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

/* The winning moves found, as arguments ready to yield (strings in scratch memory). */
typedef struct WkMoves { Value v[5][3]; int n, nargs; } WkMoves;

/* Record (x, y) as the game's arguments: (x, y), or (k, x, y) when kv is given. */
static void wk_add(Vm *vm, WkMoves *out, const Value *kv, const mpz_t x, const mpz_t y)
{
    Value *v = out->v[out->n++];
    int n = 0;
    if (kv) v[n++] = *kv;
    v[n++] = closed_arg(vm, x);
    v[n++] = closed_arg(vm, y);
    out->nargs = n;
}

/* The moves of (A, B) to P-positions in the rules' order: from the first heap, from the second,
   then from both (x ascending, then y), with x, y >= 1 and |x - y| < k. A move from both lands on
   (a_m, b_m) with x - y = k m - (B - A), or on (b_m, a_m) with x - y = (A - B) - k m: |x - y| < k
   leaves m in {floor(D / k), floor(D / k) + 1} (D = B - A), resp. m = 0. All are computed before
   any is yielded, so no GMP value is alive when a callback may end in an error. */
static void wk_moves(Vm *vm, int gid, const Value *kv, uint64_t k, const Value *ha, const Value *hb, VmYield cb,
                     void *ctx)
{
    WkMoves out = { .n = 0 };
    mpz_t A, B, w, D, m, am, bm, x, y;
    to_mpz(A, ha);
    to_mpz(B, hb);
    mpz_inits(w, D, m, am, bm, x, y, NULL);
    wk_partner(w, k, B);
    if (mpz_sgn(w) >= 0 && mpz_cmp(w, A) < 0) wk_add(vm, &out, kv, w, B);
    wk_partner(w, k, A);
    if (mpz_sgn(w) >= 0 && mpz_cmp(w, B) < 0) wk_add(vm, &out, kv, A, w);
    /* candidates from both heaps: at most three targets (x, y) */
    mpz_t tx[3], ty[3];
    int nc = 0;
    mpz_sub(D, B, A);
    for (int orient = 0; orient < 2; orient++) {
        mpz_t base;
        mpz_init(base);
        if (orient == 0) mpz_fdiv_q_ui(base, D, k);
        for (int dm = -1; dm <= 1; dm++) {
            if (dm < 0) mpz_sub_ui(m, base, 1); else mpz_add_ui(m, base, (uint64_t)dm);
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
        wk_add(vm, &out, kv, x, y);
        mpz_clears(tx[i], ty[i], NULL);
    }
    mpz_clears(A, B, w, D, m, am, bm, x, y, NULL);
    for (int i = 0; i < out.n; i++)
        if (closed_yield(vm, gid, out.v[i], out.nargs, cb, ctx)) break;
}

static bool wk_eval(uint64_t k, const Value *ha, const Value *hb, ClosedAnswer *r)
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
    if (n != 2 || !closed_nat(&a[0]) || !closed_nat(&a[1])) return false;
    return wk_eval(1, &a[0], &a[1], r);
}

/* Only moves to P-positions are known (an outcome-only form); the position is canonical: a <= b. */
static bool wythoff_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big) return true;   /* every option's value is below 2^64 */
    uint64_t t = want->n;
    (void)n;
    if (t == 0) wk_moves(vm, gid, NULL, 1, &a[0], &a[1], cb, ctx);
    return true;
}

static bool wythoffk_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 3 || !closed_int(&a[0]) || a[0].u.i < 1 || a[0].u.i > WK_MAX_K || !closed_nat(&a[1]) || !closed_nat(&a[2]))
        return false;
    return wk_eval((uint64_t)a[0].u.i, &a[1], &a[2], r);
}

static bool wythoffk_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big) return true;   /* every option's value is below 2^64 */
    uint64_t t = want->n;
    (void)n;
    if (t == 0) wk_moves(vm, gid, &a[0], (uint64_t)a[0].u.i, &a[1], &a[2], cb, ctx);
    return true;
}

/* ---- Euclid: with a >= b > 0, the mover wins iff a >= 2b, or b divides a, or (b, a - b) loses ---- */

static bool euclid_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (!nats(a, n, 2)) return false;
    mpz_t x, y, q;
    to_mpz(x, &a[0]);
    to_mpz(y, &a[1]);
    mpz_init(q);
    if (mpz_cmp(x, y) < 0) mpz_swap(x, y);
    r->outcome_only = true;
    r->terminal = mpz_sgn(y) == 0;
    bool win = false;   /* for the player to move at the current (x, y) */
    bool flip = false;
    while (mpz_sgn(y) > 0) {   /* a ratio below 2 each time: O(log x) forced moves */
        mpz_fdiv_q(q, x, y);
        if (mpz_cmp_ui(q, 2) >= 0 || mpz_divisible_p(x, y)) { win = true; break; }
        mpz_sub(x, x, y);   /* the only move: (x - y, y) with y < x < 2y, so x - y < y */
        mpz_swap(x, y);
        flip = !flip;
    }
    r->sg = win != flip;
    mpz_clears(x, y, q, NULL);
    return true;
}

/* Remoteness and suspense of Euclid (docs/theory.md section 8): with a = q b + r, the options
   are X_j = (r + j b, b), j < q; X_1 has the one option X_0 = (b, r), and X_j (j >= 2) has X_0
   and X_1 among its options, one of them even, the rest odd. So both recursions give the same
   number v: v(a, b) = v(b, r) + 1 when q = 1, else v(b, r) + 1 if that is even, + 2 if odd; a
   terminal position has 0 (normal play) or 1 (misere). */
static bool euclid_pace(const Value *a, int n, unsigned which, uint64_t *out)
{
    if (n != 2 || which == PACE_NIM || !closed_int(&a[0]) || !closed_int(&a[1]) || a[0].u.i < 0 || a[1].u.i < 0)
        return false;
    uint64_t x = (uint64_t)a[0].u.i, y = (uint64_t)a[1].u.i, q[128];
    if (x < y) { uint64_t t = x; x = y; y = t; }
    int k = 0;
    while (y) {   /* at most ~92 steps below 2^63 (Fibonacci) */
        q[k++] = x / y;
        uint64_t r = x % y;
        x = y;
        y = r;
    }
    uint64_t v = which == PACE_RM || which == PACE_SM;
    while (k--) v += q[k] == 1 || !(v & 1) ? 1 : 2;
    *out = v;
    return true;
}

static bool euclid_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    if (want->big || want->n) return true;   /* an outcome-only form: moves to P-positions */
    /* (x - k y, y) for k <= q - 2 keeps a ratio >= 2 (an N-position); only k = q - 1, q can be P */
    mpz_t x, y, q, r;
    to_mpz(x, &a[0]);
    to_mpz(y, &a[1]);
    mpz_inits(q, r, NULL);
    Value v[2][2];
    int nv = 0;
    if (mpz_sgn(y) > 0 && mpz_cmp(x, y) >= 0) {   /* canonical positions have x >= y */
        mpz_fdiv_q(q, x, y);
        if (mpz_cmp_ui(q, 1) > 0) mpz_sub_ui(q, q, 1);
        for (int i = 0; i < 2; i++, mpz_add_ui(q, q, 1)) {
            mpz_set(r, x);
            mpz_submul(r, q, y);
            if (mpz_sgn(r) < 0) break;
            v[nv][0] = closed_arg(vm, r);
            v[nv][1] = a[1];
            nv++;
        }
    }
    mpz_clears(x, y, q, r, NULL);   /* before any callback */
    for (int i = 0; i < nv; i++)
        if (closed_yield(vm, gid, v[i], 2, cb, ctx)) break;
    return true;
}

/* ---- E&D: SG(a, b) = the number of trailing one bits of (a - 1) | (b - 1) ---------------------- */

static uint64_t ed(uint64_t a, uint64_t b) { return (uint64_t)__builtin_ctzll(~((a - 1) | (b - 1))); }

static uint64_t ed_mpz(mpz_t x, mpz_t y)   /* x, y >= 1; both are changed */
{
    mpz_sub_ui(x, x, 1);
    mpz_sub_ui(y, y, 1);
    mpz_ior(x, x, y);
    return (uint64_t)mpz_scan0(x, 0);
}

static bool ed_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n == 2 && a[0].t == VT_INT && a[1].t == VT_INT && a[0].u.i >= 1 && a[1].u.i >= 1) {   /* the 64-bit path */
        r->sg = ed((uint64_t)a[0].u.i, (uint64_t)a[1].u.i);
        r->terminal = a[0].u.i == 1 && a[1].u.i == 1;
        return true;
    }
    if (!nats(a, n, 2) || (a[0].t == VT_INT && a[0].u.i < 1) || (a[1].t == VT_INT && a[1].u.i < 1)) return false;
    {
        mpz_t x, y;
        to_mpz(x, &a[0]);
        to_mpz(y, &a[1]);
        r->sg = ed_mpz(x, y);
        mpz_clears(x, y, NULL);
        return true;
    }
    r->sg = ed((uint64_t)a[0].u.i, (uint64_t)a[1].u.i);
    r->terminal = a[0].u.i == 1 && a[1].u.i == 1;
    return true;
}

/* A side beyond 64 bits: splits x + (h - x) with x from 1 (the scan is cut). z[0] = h, z[1] = x,
   z[2] = h - x, z[3], z[4]: copies for ed_mpz. */
static bool ed_moves_big(Vm *vm, int gid, const Value *a, uint64_t t, VmYield cb, void *ctx)
{
    ClosedTmp *T = closed_tmp(vm);
    mpz_t *z = T->z;
    bool complete = true, stop = false;
    uint64_t scanned = 0;
    for (int side = 0; side < 2 && !stop; side++) {
        big_get(z[0], &a[side]);
        uint64_t hlow = mpz_get_ui(z[0]);   /* the low 64 bits (gmpx.h) */
        for (mpz_set_ui(z[1], 1); !stop && mpz_cmp(z[1], z[0]) < 0; mpz_add_ui(z[1], z[1], 1)) {
            if (++scanned > CLOSED_MAX_SCAN) { complete = false; stop = true; break; }
            /* the low 64 bits of (x - 1) | (h - x - 1) decide unless they are all ones */
            uint64_t x = mpz_get_ui(z[1]), low = (x - 1) | (hlow - x - 1);
            if (~low && (uint64_t)__builtin_ctzll(~low) != t) continue;
            mpz_sub(z[2], z[0], z[1]);
            mpz_set(z[3], z[1]);
            mpz_set(z[4], z[2]);
            if (ed_mpz(z[3], z[4]) != t) continue;
            Value v[2] = { closed_arg(vm, z[1]), closed_arg(vm, z[2]) };
            stop = closed_yield(vm, gid, v, 2, cb, ctx) != 0;
        }
    }
    closed_tmp_end(T);
    return complete;
}

static bool ed_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big) return true;   /* every option's value is below 2^64 */
    uint64_t t = want->n;
    (void)n;
    if (closed_any_big(a, 2)) return ed_moves_big(vm, gid, a, t, cb, ctx);
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

/* Beyond 64 bits: the Zeckendorf terms of h, smallest first (up to FIB_MAX_BITS: the work grows
   with the square of the size). */
#define FIB_MAX_BITS 4096
static mpz_t *zeck_terms(const mpz_t h, size_t *nt)
{
    mpz_t lo, hi, rest;
    mpz_init_set_ui(lo, 1);   /* consecutive Fibonacci numbers 1, 2, 3, 5, ... */
    mpz_init_set_ui(hi, 2);
    mpz_init_set(rest, h);
    while (mpz_cmp(hi, h) <= 0) {
        mpz_add(lo, lo, hi);
        mpz_swap(lo, hi);
    }
    size_t cap = 16, n = 0;
    mpz_t *t = xmalloc(cap * sizeof *t);
    mpz_sub(hi, hi, lo);   /* (lo, hi) = (F_k, F_(k-1)): the largest term <= h and the one below */
    while (mpz_sgn(rest) > 0) {
        if (mpz_cmp(lo, rest) <= 0) {
            if (n == cap) t = xrealloc(t, (cap *= 2) * sizeof *t);
            mpz_init_set(t[n++], lo);
            mpz_sub(rest, rest, lo);
        }
        mpz_sub(lo, lo, hi);   /* one step down: (F_(k-1), F_(k-2)) */
        mpz_swap(lo, hi);
        if (mpz_sgn(lo) == 0) break;
    }
    for (size_t i = 0; i < n / 2; i++) mpz_swap(t[i], t[n - 1 - i]);
    mpz_clears(lo, hi, rest, NULL);
    *nt = n;
    return t;
}
static void zeck_free(mpz_t *t, size_t n)
{
    for (size_t i = 0; i < n; i++) mpz_clear(t[i]);
    xfree(t);
}

/* h, the limit l and m = min(l, h) of FibNim(h) or FibNim(h, l), as GMP values (initialised here). */
static void fib_args(const Value *a, int n, mpz_t h, mpz_t l, mpz_t m)
{
    to_mpz(h, &a[0]);
    mpz_init(l);
    if (n == 2) big_get(l, &a[1]);
    else if (mpz_sgn(h) > 0) mpz_sub_ui(l, h, 1);
    mpz_init_set(m, mpz_cmp(l, h) < 0 ? l : h);
}

static bool fibnim_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n < 1 || n > 2 || !nats(a, n, n)) return false;
    if (closed_any_big(a, n)) {
        if (a[0].t == VT_BIG && a[0].n * 64 > FIB_MAX_BITS) return false;
        mpz_t h, l, m;
        fib_args(a, n, h, l, m);
        size_t nt;
        mpz_t *t = zeck_terms(h, &nt);
        r->outcome_only = true;
        r->terminal = mpz_sgn(m) == 0;
        r->sg = mpz_sgn(m) > 0 && nt && mpz_cmp(t[0], l) <= 0;
        zeck_free(t, nt);
        mpz_clears(h, l, m, NULL);
        return true;
    }
    uint64_t h = (uint64_t)a[0].u.i;
    uint64_t l = n == 2 ? (uint64_t)a[1].u.i : h ? h - 1 : 0;
    uint64_t m = l < h ? l : h;
    r->outcome_only = true;
    r->terminal = m == 0;
    r->sg = m > 0 && numth_zeckendorf_smallest(h) <= l;
    return true;
}

/* The same as fibnim_moves in GMP; every move is found before any is yielded. */
static bool fibnim_moves_big(Vm *vm, int gid, const Value *a, int n, VmYield cb, void *ctx)
{
    mpz_t h, l, m, k, k2;
    fib_args(a, n, h, l, m);
    mpz_inits(k, k2, NULL);
    size_t nt, nv = 0;
    mpz_t *t = zeck_terms(h, &nt);
    Value(*v)[2] = vm_alloc(vm, (nt + 1) * sizeof *v, (Loc){ 0 });
    for (size_t i = 0; i < nt && mpz_sgn(m) > 0; i++) {
        mpz_add(k, k, t[i]);
        mpz_sub(h, h, t[i]);   /* h is the rest */
        if (mpz_cmp(k, m) > 0) break;
        mpz_mul_2exp(k2, k, 1);
        if (i + 1 < nt && mpz_cmp(t[i + 1], k2) <= 0) continue;
        v[nv][0] = closed_arg(vm, h);
        v[nv][1] = i + 1 < nt ? closed_arg(vm, k2) : val_int(0);
        nv++;
    }
    zeck_free(t, nt);
    mpz_clears(h, l, m, k, k2, NULL);
    for (size_t i = 0; i < nv; i++)
        if (closed_yield(vm, gid, v[i], 2, cb, ctx)) break;
    return true;
}

static bool fibnim_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big || want->n) return true;   /* an outcome-only form: moves to P-positions */
    if (closed_any_big(a, n)) return fibnim_moves_big(vm, gid, a, n, cb, ctx);
    uint64_t h = (uint64_t)a[0].u.i;
    uint64_t l = n == 2 ? (uint64_t)a[1].u.i : h ? h - 1 : 0;
    uint64_t m = l < h ? l : h;
    if (m == 0) return true;
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
    { "Wythoff", "closed:wythoff", wythoff_eval, wythoff_moves, "Wythoff: P iff (min, max) = (floor(k phi), floor(k phi) + k), exact integers", NULL, true },
    { "WythoffK", "closed:wythoffk", wythoffk_eval, wythoffk_moves, "Fraenkel: P iff (min, max) = (floor(n alpha), floor(n alpha) + k n), alpha = (2 - k + sqrt(k^2 + 4)) / 2", NULL, true },
    { "Euclid", "closed:euclid", euclid_eval, euclid_moves, "with a >= b the mover wins iff a >= 2b or b divides a, else the move is forced", euclid_pace, true },
    { "ED", "closed:ed", ed_eval, ed_moves, "SG = number of trailing one bits of (a - 1) | (b - 1)", NULL, false },
    { "FibNim", "closed:fibnim", fibnim_eval, fibnim_moves, "Zeckendorf: the mover loses iff the limit is below the smallest Zeckendorf term", NULL, true },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};
