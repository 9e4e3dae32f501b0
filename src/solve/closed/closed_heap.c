/* closed_heap.c: closed forms of one-heap and staircase games: Nim heaps, Bash, TakeRange,
   Lasker's Nim, prime-power subtraction, staircase Nim, and SplitEqual's parity table. */
#include "config.h"
#include "solve/closed/closed.h"
#include "solve/core/nimber.h"
#include "bignum.h"
#include "vm.h"
#include "numth.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

/* Heap(n): SG n; the move to value t < n is Heap(t). */
static bool heap_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || !closed_nat(&a[0])) return false;
    if (a[0].t == VT_BIG) {
        mpz_t z;
        mpz_init(z);
        big_get(z, &a[0]);
        closed_sg_mpz(r, z);
        mpz_clear(z);
        return true;
    }
    r->sg = (uint64_t)a[0].u.i;
    r->terminal = a[0].u.i == 0;
    return true;
}
/* A heap is a Nim heap; its remoteness and suspense: 1 (take it all), misere 1, 2 and 3 for
   heaps of 0, 1 and more (take all but one). */
static bool heap_pace(const Value *a, int n, unsigned which, uint64_t *out)
{
    if (n != 1 || !closed_nat(&a[0])) return false;
    bool zero = a[0].t == VT_INT && a[0].u.i == 0, one = a[0].t == VT_INT && a[0].u.i == 1;
    if (which == PACE_NIM) *out = 1;
    else if (which == PACE_R || which == PACE_S) *out = !zero;
    else *out = zero ? 1 : one ? 2 : 3;
    return true;
}

static bool heap_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    Value t = nim_value(want, vm, (Loc){ 0 });
    if (big_cmp(&t, &a[0]) < 0) closed_yield(vm, gid, &t, 1, cb, ctx);
    return true;
}

/* ---- the GMP path of the forms below: arguments or values beyond 64 bits -------------------- */

/* Bash(n, m), m >= 1: SG n mod (m + 1); the move to value t takes k = (n - t) mod (m + 1). */
static bool bash_big(const Value *a, ClosedAnswer *r)
{
    mpz_t h, m1;
    mpz_inits(h, m1, NULL);
    big_get(h, &a[0]);
    big_get(m1, &a[1]);
    r->terminal = mpz_sgn(h) == 0;
    mpz_add_ui(m1, m1, 1);
    mpz_fdiv_r(h, h, m1);
    closed_sg_mpz(r, h);
    mpz_clears(h, m1, NULL);
    return true;
}
static bool bash_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !closed_nat(&a[0]) || !closed_nat(&a[1]) || (a[1].t == VT_INT && a[1].u.i < 1)) return false;
    if (closed_any_big(a, 2)) return bash_big(a, r);
    uint64_t m1 = (uint64_t)a[1].u.i + 1;
    r->sg = (uint64_t)a[0].u.i % m1;
    r->terminal = a[0].u.i == 0;
    return true;
}
static bool bash_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    if (want->big || closed_any_big(a, 2)) {
        mpz_t h, m, k, t;
        mpz_inits(h, m, k, t, NULL);
        big_get(h, &a[0]);
        big_get(m, &a[1]);
        nim_to_mpz(t, want);
        mpz_sub(k, h, t);
        mpz_add_ui(t, m, 1);
        mpz_fdiv_r(k, k, t);   /* (n - t) mod (m + 1) */
        bool ok = mpz_sgn(k) > 0 && mpz_cmp(k, m) <= 0 && mpz_cmp(k, h) <= 0;
        Value v[2] = { val_int(0), a[1] };
        if (ok) {
            mpz_sub(h, h, k);
            v[0] = closed_arg(vm, h);
        }
        mpz_clears(h, m, k, t, NULL);
        if (ok) closed_yield(vm, gid, v, 2, cb, ctx);
        return true;
    }
    uint64_t t = want->n;
    uint64_t nn = (uint64_t)a[0].u.i, m = (uint64_t)a[1].u.i, m1 = m + 1;
    uint64_t k = ((nn % m1) + m1 - t % m1) % m1;
    if (k >= 1 && k <= m && k <= nn) {
        Value v[2] = { val_int((int64_t)(nn - k)), a[1] };
        closed_yield(vm, gid, v, 2, cb, ctx);
    }
    return true;
}

/* TakeRange(n, a, b), 1 <= a <= b: SG floor((n mod (a + b)) / a) (take a..b tokens). a + b may
   exceed 2^63 - 1 but not 2^64: the period is computed unsigned. */
static bool range_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 3 || !closed_nat(&a[0]) || !closed_nat(&a[1]) || !closed_nat(&a[2]) || big_cmp(&a[1], &a[2]) > 0 ||
        (a[1].t == VT_INT && a[1].u.i < 1))
        return false;
    if (closed_any_big(a, 3)) {
        mpz_t h, lo, per;
        mpz_inits(h, lo, per, NULL);
        big_get(h, &a[0]);
        big_get(lo, &a[1]);
        big_get(per, &a[2]);
        r->terminal = mpz_cmp(h, lo) < 0;
        mpz_add(per, per, lo);
        mpz_fdiv_r(h, h, per);
        mpz_fdiv_q(h, h, lo);
        closed_sg_mpz(r, h);
        mpz_clears(h, lo, per, NULL);
        return true;
    }
    int64_t h = a[0].u.i, lo = a[1].u.i, hi = a[2].u.i;
    uint64_t per = (uint64_t)lo + (uint64_t)hi;
    r->sg = ((uint64_t)h % per) / (uint64_t)lo;
    r->terminal = h < lo;
    return true;
}
/* The same scan in GMP: z[0] = h, z[1] = a, z[2] = b, z[3] = a + b, z[4] = window start, z[5] =
   window end, z[6] = k, z[7] = a scratch value. */
static bool range_moves_big(Vm *vm, int gid, const Value *a, const GameValue *want, VmYield cb, void *ctx)
{
    ClosedTmp *T = closed_tmp(vm);
    mpz_t *z = T->z;
    big_get(z[0], &a[0]);
    big_get(z[1], &a[1]);
    big_get(z[2], &a[2]);
    mpz_add(z[3], z[1], z[2]);
    nim_to_mpz(z[4], want);
    mpz_sub_ui(z[7], z[3], 1);   /* the largest value: (a + b - 1) / a */
    mpz_fdiv_q(z[7], z[7], z[1]);
    bool complete = true;
    if (mpz_cmp(z[4], z[7]) <= 0) {
        mpz_mul(z[4], z[4], z[1]);
        mpz_add(z[5], z[4], z[1]);
        mpz_sub_ui(z[5], z[5], 1);
        if (mpz_cmp(z[5], z[3]) >= 0) mpz_sub_ui(z[5], z[3], 1);   /* the window ends at a + b - 1 */
        mpz_set(z[6], z[1]);   /* k from a to min(b, h) */
        const mpz_t *kmax = mpz_cmp(z[2], z[0]) < 0 ? &z[2] : &z[0];
        for (uint64_t scanned = 0; mpz_cmp(z[6], *kmax) <= 0;) {
            if (++scanned > CLOSED_MAX_SCAN) { complete = false; break; }
            mpz_sub(z[7], z[0], z[6]);   /* the remainder */
            bool in = false;
            mpz_t m;
            mpz_init(m);
            mpz_fdiv_r(m, z[7], z[3]);
            in = mpz_cmp(m, z[4]) >= 0 && mpz_cmp(m, z[5]) <= 0;
            if (in) {
                mpz_clear(m);
                Value v[3] = { closed_arg(vm, z[7]), a[1], a[2] };
                if (closed_yield(vm, gid, v, 3, cb, ctx)) break;
                if (mpz_cmp(z[7], z[1]) < 0) break;   /* every later result is terminal too */
                mpz_add_ui(z[6], z[6], 1);
                continue;
            }
            if (mpz_cmp(m, z[5]) > 0) mpz_sub(m, m, z[5]);   /* the step to the next remainder in the window */
            else { mpz_add(m, m, z[3]); mpz_sub(m, m, z[5]); }
            mpz_add(z[6], z[6], m);
            mpz_clear(m);
        }
    }
    closed_tmp_end(T);
    return complete;
}
/* The winning k, ascending (the rules' order): h - k in a window [t a, t a + a - 1] modulo a + b. */
static bool range_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    if (want->big || closed_any_big(a, 3)) return range_moves_big(vm, gid, a, want, cb, ctx);
    uint64_t t = want->n;
    uint64_t h = (uint64_t)a[0].u.i, lo = (uint64_t)a[1].u.i, hi = (uint64_t)a[2].u.i, per = lo + hi;
    if (t > (per - 1) / lo) return true;   /* the largest value, at remainder a + b - 1 */
    uint64_t wlo = t * lo, whi = wlo + lo - 1 < per ? wlo + lo - 1 : per - 1;   /* the window, within a period */
    uint64_t kmax = hi < h ? hi : h;
    uint64_t scanned = 0;
    for (uint64_t k = lo; k <= kmax;) {
        if (++scanned > CLOSED_MAX_SCAN) return false;
        uint64_t rem = h - k, m = rem % per;
        uint64_t step;
        if (m >= wlo && m <= whi) {
            Value v[3] = { val_int((int64_t)rem), a[1], a[2] };
            if (closed_yield(vm, gid, v, 3, cb, ctx)) return true;
            if (rem < lo) break;   /* every later result is terminal too: the same empty position */
            step = 1;
        } else {
            step = m > whi ? m - whi : m + per - whi;   /* the next remainder in the window */
        }
        if (step > kmax - k) break;
        k += step;
    }
    return true;
}

/* Lasker's Nim: SG(4k+1) = 4k+1, SG(4k+2) = 4k+2, SG(4k+3) = 4k+4, SG(4k+4) = 4k+3. */
static uint64_t lasker(uint64_t n)
{
    if (n == 0) return 0;
    switch (n % 4) {
    case 3: return n + 1;
    case 0: return n - 1;
    default: return n;
    }
}
static void lasker_mpz(mpz_t out, const mpz_t n)
{
    mpz_set(out, n);
    if (mpz_sgn(n) == 0) return;
    unsigned long m = mpz_fdiv_ui(n, 4);
    if (m == 3) mpz_add_ui(out, out, 1);
    else if (m == 0) mpz_sub_ui(out, out, 1);
}
static bool lasker_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || !closed_nat(&a[0])) return false;
    if (a[0].t == VT_BIG) {
        mpz_t z;
        mpz_init(z);
        big_get(z, &a[0]);
        lasker_mpz(z, z);
        closed_sg_mpz(r, z);
        mpz_clear(z);
        return true;
    }
    r->sg = lasker((uint64_t)a[0].u.i);
    r->terminal = a[0].u.i == 0;
    return true;
}
/* z[0] = h, z[1] = t, z[2] = x, z[3] = h - x, z[4], z[5] = their values, z[6] = h / 2. */
static bool lasker_moves_big(Vm *vm, int gid, const Value *a, const GameValue *want, VmYield cb, void *ctx)
{
    ClosedTmp *T = closed_tmp(vm);
    mpz_t *z = T->z;
    big_get(z[0], &a[0]);
    nim_to_mpz(z[1], want);
    lasker_mpz(z[2], z[1]);   /* lasker is its own inverse */
    bool stop = false, complete = true;
    if (mpz_cmp(z[2], z[0]) < 0) {
        Value v = closed_arg(vm, z[2]);
        stop = closed_yield(vm, gid, &v, 1, cb, ctx) != 0;
    }
    /* a split x + (h - x) has value lasker(x) ^ lasker(h - x) >= |lasker(x) - lasker(h - x)| >=
       |h - 2x| - 2 (lasker moves a number by at most 1): value t needs x >= (h - t - 2) / 2 */
    mpz_fdiv_q_2exp(z[6], z[0], 1);
    mpz_sub(z[2], z[0], z[1]);
    mpz_sub_ui(z[2], z[2], 2);
    mpz_fdiv_q_2exp(z[2], z[2], 1);
    if (mpz_cmp_ui(z[2], 1) < 0) mpz_set_ui(z[2], 1);
    for (uint64_t scanned = 0; !stop && mpz_cmp(z[2], z[6]) <= 0; mpz_add_ui(z[2], z[2], 1)) {
        if (++scanned > CLOSED_MAX_SCAN) { complete = false; break; }
        mpz_sub(z[3], z[0], z[2]);
        lasker_mpz(z[4], z[2]);
        lasker_mpz(z[5], z[3]);
        mpz_xor(z[4], z[4], z[5]);
        if (mpz_cmp(z[4], z[1]) != 0) continue;
        Value xa = closed_arg(vm, z[2]), xb = closed_arg(vm, z[3]);
        Value l = vm_make_pos(vm, gid, &xa, 1, (Loc){ 0 });
        Value rr = vm_make_pos(vm, gid, &xb, 1, (Loc){ 0 });
        Value s = vm_add(vm, l, rr, (Loc){ 0 });
        stop = cb(ctx, &s, NULL) != 0;
    }
    closed_tmp_end(T);
    return complete;
}
static bool lasker_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)n;
    if (want->big || a[0].t == VT_BIG) return lasker_moves_big(vm, gid, a, want, cb, ctx);
    uint64_t t = want->n;
    uint64_t h = (uint64_t)a[0].u.i;
    uint64_t inv = t == 0 ? 0 : t % 4 == 3 ? t + 1 : t % 4 == 0 ? t - 1 : t;   /* lasker is its own inverse */
    if (inv < h) {
        Value v = val_int((int64_t)inv);
        if (closed_yield(vm, gid, &v, 1, cb, ctx)) return true;
    }
    /* a split x + (h - x) has value lasker(x) ^ lasker(h - x) >= |lasker(x) - lasker(h - x)| >=
       |h - 2x| - 2 (lasker moves a number by at most 1): value t needs x >= (h - t - 2) / 2 */
    uint64_t from = h > t + 2 ? (h - t - 2) / 2 : 1;
    if (from < 1) from = 1;
    for (uint64_t x = from; x <= h / 2; x++) {
        if (x - from >= CLOSED_MAX_SCAN) return false;
        if ((lasker(x) ^ lasker(h - x)) != t) continue;
        Value xa = val_int((int64_t)x), xb = val_int((int64_t)(h - x));
        Value l = vm_make_pos(vm, gid, &xa, 1, (Loc){ 0 });
        Value rr = vm_make_pos(vm, gid, &xb, 1, (Loc){ 0 });
        Value s = vm_add(vm, l, rr, (Loc){ 0 });
        if (cb(ctx, &s, NULL)) return true;
    }
    return true;
}

/* PrimePowerSubtract(n): SG n mod 6 (no prime power is a multiple of 6, and 1..5 are prime powers). */
static bool pps_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || !closed_nat(&a[0])) return false;
    if (a[0].t == VT_BIG) {
        mpz_t z;
        mpz_init(z);
        big_get(z, &a[0]);
        r->sg = mpz_fdiv_ui(z, 6);
        mpz_clear(z);
        return true;
    }
    r->sg = (uint64_t)a[0].u.i % 6;
    r->terminal = a[0].u.i == 0;
    return true;
}
/* A heap beyond 64 bits: the powers of 2 or 3 up to it (a few hundred), or the prime powers k of
   the scan (all below 2^64), each leaving h - k. z[0] = h, z[1] = k, z[2] = h - k. */
static bool pps_moves_big(Vm *vm, int gid, const Value *a, uint64_t t, VmYield cb, void *ctx)
{
    ClosedTmp *T = closed_tmp(vm);
    mpz_t *z = T->z;
    big_get(z[0], &a[0]);
    uint64_t hm = mpz_fdiv_ui(z[0], 6);
    bool complete = true;
    if (t < 6 && t != hm) {
        uint64_t r = (hm + 6 - t) % 6;   /* the take's remainder mod 6 (t may exceed the heap's own value) */
        if (r >= 2 && r <= 4) {
            unsigned long base = r == 3 ? 3 : 2;
            for (mpz_set_ui(z[1], base); mpz_cmp(z[1], z[0]) <= 0; mpz_mul_ui(z[1], z[1], base)) {
                if (mpz_fdiv_ui(z[1], 6) != r) continue;
                mpz_sub(z[2], z[0], z[1]);
                Value v = closed_arg(vm, z[2]);
                if (closed_yield(vm, gid, &v, 1, cb, ctx)) break;
            }
        } else {
            uint64_t scanned = 0;
            for (uint64_t k = r;; k += 6) {
                if (++scanned > CLOSED_MAX_SCAN) { complete = false; break; }
                if (!numth_is_prime_power(k)) continue;
                mpz_sub_ui(z[2], z[0], k);
                Value v = closed_arg(vm, z[2]);
                if (closed_yield(vm, gid, &v, 1, cb, ctx)) break;
            }
        }
    }
    closed_tmp_end(T);
    return complete;
}
static bool pps_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big) return true;   /* every option's value is below 6 */
    uint64_t t = want->n;
    (void)n;
    if (a[0].t == VT_BIG) return pps_moves_big(vm, gid, a, t, cb, ctx);
    uint64_t h = (uint64_t)a[0].u.i;
    if (t >= 6 || t == h % 6) return true;
    uint64_t r = (h % 6 + 6 - t) % 6;   /* the take's remainder mod 6 (t may exceed the heap's own value) */
    if (r >= 2 && r <= 4) {   /* an even prime power is a power of 2, one divisible by 3 a power of 3 */
        uint64_t base = r == 3 ? 3 : 2;
        for (uint64_t k = base; k <= h; k *= base) {
            if (k % 6 == r) {
                Value v = val_int((int64_t)(h - k));
                if (closed_yield(vm, gid, &v, 1, cb, ctx)) return true;
            }
            if (k > h / base) break;
        }
        return true;
    }
    uint64_t scanned = 0;
    for (uint64_t k = r; k <= h; k += 6) {
        if (++scanned > CLOSED_MAX_SCAN) return false;
        if (!numth_is_prime_power(k)) continue;
        Value v = val_int((int64_t)(h - k));
        if (closed_yield(vm, gid, &v, 1, cb, ctx)) return true;
        if (k > UINT64_MAX - 6) break;
    }
    return true;
}

/* Staircase(a0, ..., ak): SG = a1 ^ a3 ^ ... (a0 is the ground). */
static bool stair_eval(const Value *a, int n, ClosedAnswer *r)
{
    uint64_t x = 0;
    bool any = false;
    for (int i = 0; i < n; i++) {
        if (!closed_nat(&a[i])) return false;
        if (i % 2 && a[i].t == VT_INT) x ^= (uint64_t)a[i].u.i;
        if (i > 0 && (a[i].t == VT_BIG || a[i].u.i > 0)) any = true;
    }
    r->sg = x;
    r->terminal = !any;
    if (closed_any_big(a, n)) {
        mpz_t acc, z;
        mpz_inits(acc, z, NULL);
        for (int i = 1; i < n; i += 2) {
            big_get(z, &a[i]);
            mpz_xor(acc, acc, z);
        }
        closed_sg_mpz(r, acc);
        mpz_clears(acc, z, NULL);
    }
    return true;
}
/* z[0] = s (the XOR of the odd steps and the target), z[1] = the odd step's count, z[2] = its
   wanted count, z[3] = k, z[4] = step i's count, z[5] = a result's count. */
static bool stair_moves_big(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    ClosedTmp *T = closed_tmp(vm);
    mpz_t *z = T->z;
    nim_to_mpz(z[0], want);
    for (int i = 1; i < n; i += 2) {
        big_get(z[1], &a[i]);
        mpz_xor(z[0], z[0], z[1]);
    }
    Value *v = vm_alloc(vm, (size_t)n * sizeof *v, (Loc){ 0 });
    for (int i = 1; i < n; i++) {
        int odd = i % 2 ? i : i - 1;   /* the odd step whose count changes */
        big_get(z[1], &a[odd]);
        mpz_xor(z[2], z[1], z[0]);
        if (odd == i) mpz_sub(z[3], z[1], z[2]); else mpz_sub(z[3], z[2], z[1]);
        big_get(z[4], &a[i]);
        if (mpz_sgn(z[3]) <= 0 || mpz_cmp(z[3], z[4]) > 0) continue;
        for (int j = 0; j < n; j++) v[j] = a[j];
        mpz_sub(z[5], z[4], z[3]);
        v[i] = closed_arg(vm, z[5]);
        big_get(z[5], &a[i - 1]);
        mpz_add(z[5], z[5], z[3]);
        v[i - 1] = closed_arg(vm, z[5]);
        if (closed_yield(vm, gid, v, n, cb, ctx)) break;
    }
    closed_tmp_end(T);
    return true;
}
static bool stair_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (n > CLOSED_MAX_ARGS) return false;   /* its arrays are on the stack */
    /* a step beyond 64 bits, a target beyond it, or a move that takes step i - 1 past 2^63 - 1 */
    if (want->big || closed_any_big(a, n)) return stair_moves_big(vm, gid, a, n, want, cb, ctx);
    uint64_t t = want->n;
    uint64_t s = 0;
    for (int i = 1; i < n; i += 2) s ^= (uint64_t)a[i].u.i;
    s ^= t;
    bool overflow = false;
    Value v[CLOSED_MAX_ARGS];
    for (int i = 1; i < n; i++) {
        int odd = i % 2 ? i : i - 1;   /* the odd step whose count changes */
        uint64_t cur = (uint64_t)a[odd].u.i, wanted = cur ^ s;
        uint64_t k = odd == i ? (wanted < cur ? cur - wanted : 0) : (wanted > cur ? wanted - cur : 0);
        if (k == 0 || k > (uint64_t)a[i].u.i) continue;
        if (a[i - 1].u.i > INT64_MAX - (int64_t)k) { overflow = true; break; }
    }
    if (overflow) return stair_moves_big(vm, gid, a, n, want, cb, ctx);
    for (int i = 1; i < n; i++) {
        int odd = i % 2 ? i : i - 1;
        uint64_t cur = (uint64_t)a[odd].u.i, wanted = cur ^ s;
        uint64_t k = odd == i ? (wanted < cur ? cur - wanted : 0) : (wanted > cur ? wanted - cur : 0);
        if (k == 0 || k > (uint64_t)a[i].u.i) continue;
        for (int j = 0; j < n; j++) v[j] = a[j];
        v[i].u.i -= (int64_t)k;
        v[i - 1].u.i += (int64_t)k;
        if (closed_yield(vm, gid, v, n, cb, ctx)) return true;
    }
    return true;
}

/* ---- SplitEqual(n, F): only parities matter (equal heaps cancel): a split into m parts has value
   [n mod m odd] g(n/m + 1) ^ [m - n mod m odd] g(n/m). Within a block of m with the same n/m
   those parities repeat with period 2, so two m per block suffice: O(n sqrt n) for g(0..n). ---- */

#define SPLITEQ_MAX 1000000

/* g(x) for x in from..n into g (g(0..from - 1) filled already). With p, each value's steps
   count as work (a fill to 10^6 takes about 10 s: the budgets, the timeout and Ctrl-C are met
   inside it); an error may then unwind past it, which frees its own memory. */
static void splitequal_fill(uint32_t *g, int64_t from, int64_t n, int64_t f, Program *p, Loc loc)
{
    char *seen = xcalloc((size_t)n + 64, 1);
    size_t mark = p ? prog_defer(p, xfree, seen) : 0;
    for (int64_t x = from > f ? from : f > 2 ? f : 2; x <= n; x++) {
        size_t lim = 1;
        uint64_t steps = 0;
        for (int64_t m = 2; m <= x; steps++) {
            int64_t q = x / m, last = x / q;   /* m..last share q */
            for (int64_t mm = m; mm <= last && mm <= m + 1; mm++) {
                int64_t r = x % mm;
                uint32_t v = ((r & 1) ? g[q + 1] : 0) ^ (((mm - r) & 1) ? g[q] : 0);
                if (v + 1 > lim) { memset(seen + lim, 0, v + 1 - lim); lim = v + 1; }
                seen[v] = 1;
            }
            m = last + 1;
        }
        uint32_t mex = 0;
        while (mex < lim && seen[mex]) mex++;
        g[x] = mex;
        memset(seen, 0, lim);
        if (p) prog_poll_n(p, steps, loc);
    }
    if (p) prog_release(p, mark);
    xfree(seen);
}

/* g(0..n) in a new table (with p: freed if an error unwinds past its fill). */
static uint32_t *splitequal_table(int64_t n, int64_t f, Program *p, Loc loc)
{
    uint32_t *g = xcalloc((size_t)n + 2, sizeof *g);
    size_t mark = p ? prog_defer(p, xfree, g) : 0;
    splitequal_fill(g, 0, n, f, p, loc);
    if (p) prog_release(p, mark);
    return g;
}

/* The tables of the last few thresholds F, grown on demand: a `table` over n costs what its
   largest entry does. */
#define SPLITEQ_KEEP 8
typedef struct SplitEqCache {
    ClosedCache base;
    struct { int64_t f, n; uint32_t *g; } t[SPLITEQ_KEEP];   /* g(0..n); g NULL: unused */
    int next;   /* the slot replaced next */
} SplitEqCache;

static void splitequal_free(ClosedCache *c)
{
    SplitEqCache *s = (SplitEqCache *)c;
    for (int i = 0; i < SPLITEQ_KEEP; i++) xfree(s->t[i].g);
    xfree(s);
}

/* g(h) for threshold f, from the cache when there is one. */
static uint32_t splitequal_value(ClosedCache **slot, int64_t h, int64_t f, Program *p, Loc loc)
{
    if (!slot) {
        uint32_t *g = splitequal_table(h, f, p, loc);
        uint32_t v = g[h];
        xfree(g);
        return v;
    }
    if (!*slot) {
        SplitEqCache *c = xcalloc(1, sizeof *c);
        c->base.free = splitequal_free;
        *slot = &c->base;
    }
    SplitEqCache *c = (SplitEqCache *)*slot;
    int i = 0;
    while (i < SPLITEQ_KEEP && !(c->t[i].g && c->t[i].f == f)) i++;
    if (i == SPLITEQ_KEEP) {   /* a new threshold */
        i = c->next;
        c->next = (c->next + 1) % SPLITEQ_KEEP;
        xfree(c->t[i].g);
        c->t[i].f = f;
        c->t[i].n = -1;
        c->t[i].g = NULL;
    }
    if (h > c->t[i].n) {   /* grow to at least twice the size: a table's entries cost O(n sqrt n) in all */
        int64_t n = h;
        if (c->t[i].n > 0 && n < 2 * c->t[i].n) n = 2 * c->t[i].n < SPLITEQ_MAX ? 2 * c->t[i].n : SPLITEQ_MAX;
        uint32_t *g = xrealloc(c->t[i].g, ((size_t)n + 2) * sizeof *g);
        int64_t from = c->t[i].n + 1;
        memset(g + from, 0, ((size_t)(n - from) + 2) * sizeof *g);
        c->t[i].g = g;   /* before the fill: an error inside it leaves the table as it was, longer */
        splitequal_fill(g, from, n, f, p, loc);
        c->t[i].n = n;
    }
    return c->t[i].g[h];
}

static bool splitequal_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n == 2 && closed_int(&a[0]) && a[0].u.i >= 0 && a[1].t == VT_BIG && !a[1].strs) {
        r->sg = 0;   /* a threshold beyond 64 bits: no heap splits */
        r->terminal = true;
        return true;
    }
    if (n != 2 || !closed_int(&a[0]) || !closed_int(&a[1]) || a[0].u.i < 0 || a[0].u.i > SPLITEQ_MAX) return false;
    int64_t h = a[0].u.i, f = a[1].u.i;
    r->sg = splitequal_value(r->cache, h, f, r->p, r->loc);
    r->terminal = h < f || h < 2;
    return true;
}

/* Winning moves: the splits whose result has at most SPLITEQ_LIST heaps (listing a split into
   thousands of heaps is no help); false when some were skipped. */
#define SPLITEQ_LIST 64
static bool splitequal_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big) return true;   /* every option's value is below 2^64 */
    uint64_t t = want->n;
    (void)n;
    int64_t h = a[0].u.i, f = a[1].u.i;
    if (h < f || h < 2) return true;
    /* the m to list, found before any is yielded: the table is freed first (a callback may end in
       an error that unwinds past this frame) */
    int64_t ms[SPLITEQ_LIST];
    int nm = 0;
    bool complete = true;
    uint32_t *g = splitequal_table(h, f, vm->p, prog_here(vm->p, (Loc){ 0 }));
    for (int64_t m = 2; m <= h; m++) {
        int64_t q = h / m, r = h % m;
        uint32_t v = ((r & 1) ? g[q + 1] : 0) ^ (((m - r) & 1) ? g[q] : 0);
        if (v != t) continue;
        if (m > SPLITEQ_LIST) { complete = false; break; }
        ms[nm++] = m;
    }
    xfree(g);
    for (int i = 0; i < nm; i++) {
        int64_t m = ms[i], q = h / m, r = h % m;
        Value parts = val_pos(NULL, NULL, 0);
        for (int64_t j = 0; j < m; j++) {
            Value sz[2] = { val_int(j < r ? q + 1 : q), a[1] };
            Value one = vm_make_pos(vm, gid, sz, 2, (Loc){ 0 });
            parts = vm_add(vm, parts, one, (Loc){ 0 });
        }
        if (cb(ctx, &parts, NULL)) break;
    }
    return complete;
}

const ClosedForm closed_heap_forms[] = {
    { "SplitEqual", "closed:splitequal", splitequal_eval, splitequal_moves, "only parities matter: a split into m is [n mod m odd] g(n/m + 1) ^ [m - n mod m odd] g(n/m)", NULL, false },
    { "Heap", "closed:nim", heap_eval, heap_moves, "Bouton: SG of a heap is its size; a sum is the XOR", heap_pace, false },
    { "Bash", "closed:bash", bash_eval, bash_moves, "SG = n mod (m + 1)", NULL, false },
    { "TakeRange", "closed:takerange", range_eval, range_moves, "SG = floor((n mod (a + b)) / a)", NULL, false },
    { "Lasker", "closed:lasker", lasker_eval, lasker_moves, "Lasker's Nim: SG(4k+3) = 4k+4, SG(4k+4) = 4k+3, else n", NULL, false },
    { "PrimePowerSubtract", "closed:primepower", pps_eval, pps_moves, "SG = n mod 6: no prime power is a multiple of 6", NULL, false },
    { "Staircase", "closed:staircase", stair_eval, stair_moves, "staircase Nim: SG = XOR of the odd steps", NULL, false },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};
