/* closed_heap.c: closed forms of one-heap and staircase games: Nim heaps, Bash, TakeRange,
   Lasker's Nim, prime-power subtraction, staircase Nim, and SplitEqual's parity table. */
#include "config.h"
#include "solve/closed.h"
#include "numth.h"
#include "util.h"
#include <stdlib.h>
#include <string.h>

/* Heap(n): SG n; the move to value t < n is Heap(t). */
static bool heap_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || !closed_int(&a[0]) || a[0].u.i < 0) return false;
    r->sg = (uint64_t)a[0].u.i;
    r->terminal = a[0].u.i == 0;
    return true;
}
static bool heap_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    if (t < (uint64_t)a[0].u.i) {
        Value v = val_int((int64_t)t);
        closed_yield(vm, gid, &v, 1, cb, ctx);
    }
    return true;
}

/* Bash(n, m), m >= 1: SG n mod (m + 1); the move to value t takes k = (n - t) mod (m + 1). */
static bool bash_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !closed_int(&a[0]) || !closed_int(&a[1]) || a[0].u.i < 0 || a[1].u.i < 1) return false;
    uint64_t m1 = (uint64_t)a[1].u.i + 1;
    r->sg = (uint64_t)a[0].u.i % m1;
    r->terminal = a[0].u.i == 0;
    return true;
}
static bool bash_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
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
    if (n != 3 || !closed_int(&a[0]) || !closed_int(&a[1]) || !closed_int(&a[2])) return false;
    int64_t h = a[0].u.i, lo = a[1].u.i, hi = a[2].u.i;
    if (h < 0 || lo < 1 || hi < lo) return false;
    uint64_t per = (uint64_t)lo + (uint64_t)hi;
    r->sg = ((uint64_t)h % per) / (uint64_t)lo;
    r->terminal = h < lo;
    return true;
}
/* The winning k, ascending (the rules' order): h - k in a window [t a, t a + a - 1] modulo a + b. */
static bool range_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    uint64_t h = (uint64_t)a[0].u.i, lo = (uint64_t)a[1].u.i, hi = (uint64_t)a[2].u.i, per = lo + hi;
    if (t > hi / lo) return true;
    uint64_t wlo = t * lo, whi = wlo + lo - 1;   /* t <= b / a, so t a + a - 1 <= a + b - 1 */
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
static bool lasker_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || !closed_int(&a[0]) || a[0].u.i < 0) return false;
    r->sg = lasker((uint64_t)a[0].u.i);
    r->terminal = a[0].u.i == 0;
    return true;
}
static bool lasker_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    uint64_t h = (uint64_t)a[0].u.i;
    uint64_t inv = t == 0 ? 0 : t % 4 == 3 ? t + 1 : t % 4 == 0 ? t - 1 : t;   /* lasker is its own inverse */
    if (inv < h) {
        Value v = val_int((int64_t)inv);
        if (closed_yield(vm, gid, &v, 1, cb, ctx)) return true;
    }
    /* lasker is a bijection: lasker(x) ^ lasker(h - x) = 0 only for x = h - x */
    uint64_t from = t == 0 ? (h % 2 ? h : h / 2) : 1;
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
    if (n != 1 || !closed_int(&a[0]) || a[0].u.i < 0) return false;
    r->sg = (uint64_t)a[0].u.i % 6;
    r->terminal = a[0].u.i == 0;
    return true;
}
static bool pps_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    uint64_t h = (uint64_t)a[0].u.i;
    if (t >= h % 6) return true;
    uint64_t r = h % 6 - t;
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
    for (uint64_t k = h % 6 - t; k <= h; k += 6) {
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
        if (!closed_int(&a[i]) || a[i].u.i < 0) return false;
        if (i % 2) x ^= (uint64_t)a[i].u.i;
        if (i > 0 && a[i].u.i > 0) any = true;
    }
    r->sg = x;
    r->terminal = !any;
    return true;
}
static bool stair_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    uint64_t s = 0;
    for (int i = 1; i < n; i += 2) s ^= (uint64_t)a[i].u.i;
    s ^= t;
    bool complete = true;
    Value v[CLOSED_MAX_ARGS];
    for (int i = 1; i < n; i++) {
        int odd = i % 2 ? i : i - 1;   /* the odd step whose count changes */
        uint64_t cur = (uint64_t)a[odd].u.i, want = cur ^ s;
        uint64_t k = odd == i ? (want < cur ? cur - want : 0) : (want > cur ? want - cur : 0);
        if (k == 0 || k > (uint64_t)a[i].u.i) continue;
        for (int j = 0; j < n; j++) v[j] = a[j];
        v[i].u.i -= (int64_t)k;
        /* step i - 1 may pass 2^63 - 1: that winning move has no 64-bit position to show */
        if (__builtin_add_overflow(v[i - 1].u.i, (int64_t)k, &v[i - 1].u.i)) { complete = false; continue; }
        if (closed_yield(vm, gid, v, n, cb, ctx)) return true;
    }
    return complete;
}

/* ---- SplitEqual(n, F): only parities matter (equal heaps cancel): a split into m parts has value
   [n mod m odd] g(n/m + 1) ^ [m - n mod m odd] g(n/m). Within a block of m with the same n/m
   those parities repeat with period 2, so two m per block suffice: O(n sqrt n) for g(0..n). ---- */

#define SPLITEQ_MAX 1000000
static uint32_t *splitequal_table(int64_t n, int64_t f)
{
    uint32_t *g = xcalloc((size_t)n + 2, sizeof *g);
    char *seen = xmalloc((size_t)n + 64);
    for (int64_t x = f > 2 ? f : 2; x <= n; x++) {
        size_t lim = 1;
        for (int64_t m = 2; m <= x;) {
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
    }
    free(seen);
    return g;
}

static bool splitequal_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !closed_int(&a[0]) || !closed_int(&a[1]) || a[0].u.i < 0 || a[0].u.i > SPLITEQ_MAX) return false;
    int64_t h = a[0].u.i, f = a[1].u.i;
    uint32_t *g = splitequal_table(h, f);
    r->sg = g[h];
    r->terminal = h < f || h < 2;
    free(g);
    return true;
}

/* Winning moves: the splits whose result has at most SPLITEQ_LIST heaps (listing a split into
   thousands of heaps is no help); false when some were skipped. */
#define SPLITEQ_LIST 64
static bool splitequal_moves(Vm *vm, int gid, const Value *a, int n, uint64_t t, VmYield cb, void *ctx)
{
    (void)n;
    int64_t h = a[0].u.i, f = a[1].u.i;
    if (h < f || h < 2) return true;
    /* the m to list, found before any is yielded: the table is freed first (a callback may end in
       an error that unwinds past this frame) */
    int64_t ms[SPLITEQ_LIST];
    int nm = 0;
    bool complete = true;
    uint32_t *g = splitequal_table(h, f);
    for (int64_t m = 2; m <= h; m++) {
        int64_t q = h / m, r = h % m;
        uint32_t v = ((r & 1) ? g[q + 1] : 0) ^ (((m - r) & 1) ? g[q] : 0);
        if (v != t) continue;
        if (m > SPLITEQ_LIST) { complete = false; break; }
        ms[nm++] = m;
    }
    free(g);
    for (int i = 0; i < nm; i++) {
        int64_t m = ms[i], q = h / m, r = h % m;
        Value parts = { .t = VT_POS, .n = 0 };
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
    { "SplitEqual", "closed:splitequal", splitequal_eval, splitequal_moves, "only parities matter: a split into m is [n mod m odd] g(n/m + 1) ^ [m - n mod m odd] g(n/m)" },
    { "Heap", "closed:nim", heap_eval, heap_moves, "Bouton: SG of a heap is its size; a sum is the XOR" },
    { "Bash", "closed:bash", bash_eval, bash_moves, "SG = n mod (m + 1)" },
    { "TakeRange", "closed:takerange", range_eval, range_moves, "SG = floor((n mod (a + b)) / a)" },
    { "Lasker", "closed:lasker", lasker_eval, lasker_moves, "Lasker's Nim: SG(4k+3) = 4k+4, SG(4k+4) = 4k+3, else n" },
    { "PrimePowerSubtract", "closed:primepower", pps_eval, pps_moves, "SG = n mod 6: no prime power is a multiple of 6" },
    { "Staircase", "closed:staircase", stair_eval, stair_moves, "staircase Nim: SG = XOR of the odd steps" },
    { NULL, NULL, NULL, NULL, NULL },
};
