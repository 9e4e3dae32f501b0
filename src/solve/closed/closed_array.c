/* closed_array.c: the closed form of ArrayGame(n, w...) (HAOI 2015, Luogu P3179), a coin-turning
   game on cells 1..n: a lone white cell x is worth f(n / x), where
       f(m) = mex { XOR_{j = 2..k} f(m / j) : 1 <= k <= m }      (integer division)
   and a position is worth the XOR over its white cells (docs/theory.md section 2). Only the
   O(sqrt n) values n / y occur, and m / j is constant on O(sqrt m) blocks of j, so a table of
   them all costs O(n^(3/4)) (filled in increasing order); it is kept between positions of one n (the form's cache). */
#include "config.h"
#include "solve/closed/closed.h"
#include "vm.h"
#include <stdlib.h>
#include <string.h>

#define ARRAY_N_MAX 10000000000LL   /* n beyond it: the table would take minutes (the search too) */
#define ARRAY_K_MAX 1000            /* winning moves flipping more cells are not written down */

typedef struct ArrTab {
    ClosedCache base;
    int64_t n, s;           /* s = floor(sqrt(n)) */
    int32_t *lo, *hi;       /* f(v) for v <= s at lo[v], for v > s at hi[n / v] (all filled by arr_fill) */
    uint32_t *mark, stamp;  /* the mex's marks (stamped), 2s + 4 of them */
    size_t nmark;
} ArrTab;

static void arr_free(ClosedCache *c)
{
    ArrTab *t = (ArrTab *)c;
    xfree(t->lo);
    xfree(t->hi);
    xfree(t->mark);
    xfree(t);
}

static int32_t *arr_slot(ArrTab *t, int64_t v) { return v <= t->s ? &t->lo[v] : &t->hi[t->n / v]; }

/* f(m) from the values below m (all in the table already). */
static int32_t arr_calc(ArrTab *t, int64_t m)
{
    if (++t->stamp == 0) {
        memset(t->mark, 0, t->nmark * sizeof *t->mark);
        t->stamp = 1;
    }
    t->mark[0] = t->stamp;   /* k = 1: x alone */
    uint32_t p = 0;
    if (t->n <= UINT32_MAX) {   /* the same loop in 32-bit division (about three times faster) */
        uint32_t n32 = (uint32_t)t->n, s32 = (uint32_t)t->s, m32 = (uint32_t)m;
        for (uint32_t j = 2; j <= m32;) {
            uint32_t q = m32 / j, j2 = m32 / q;
            uint32_t v = (uint32_t)(q <= s32 ? t->lo[q] : t->hi[n32 / q]);
            if ((p ^ v) < t->nmark) t->mark[p ^ v] = t->stamp;
            if ((j2 - j + 1) & 1) p ^= v;
            if (j2 == UINT32_MAX) break;
            j = j2 + 1;
        }
    } else {
        for (int64_t j = 2; j <= m;) {
            int64_t q = m / j, j2 = m / q;
            uint32_t v = (uint32_t)*arr_slot(t, q);
            if ((p ^ v) < t->nmark) t->mark[p ^ v] = t->stamp;   /* k = j; k = j + 1 gives p again */
            if ((j2 - j + 1) & 1) p ^= v;
            j = j2 + 1;
        }
    }
    int32_t r = 0;
    while (t->mark[r] == t->stamp) r++;
    return r;
}

/* Every f(v), v <= s, then every f(n / y) above s, in increasing order of the argument. */
static void arr_fill(ArrTab *t)
{
    for (int64_t v = 1; v <= t->s; v++) t->lo[v] = arr_calc(t, v);
    for (int64_t y = t->n / (t->s + 1); y >= 1; y--) {
        int64_t v = t->n / y;
        if (v > t->s) *arr_slot(t, v) = arr_calc(t, v);
    }
}

static ArrTab *arr_new(int64_t n)
{
    ArrTab *t = xcalloc(1, sizeof *t);
    t->base.free = arr_free;
    t->n = n;
    int64_t s = 0;
    while ((s + 1) * (s + 1) <= n) s++;
    t->s = s;
    size_t nhi = (size_t)(n / (s + 1)) + 2;
    t->lo = xcalloc((size_t)(s + 1), sizeof *t->lo);
    t->hi = xcalloc(nhi, sizeof *t->hi);
    t->nmark = (size_t)(2 * s + 4);
    t->mark = xcalloc(t->nmark, sizeof *t->mark);
    arr_fill(t);
    return t;
}

static int32_t arr_f(ArrTab *t, int64_t m) { return *arr_slot(t, m); }

/* The table for n: the cached one if it is for n. */
static ArrTab *arr_table(ClosedCache **cache, int64_t n, bool *owned)
{
    if (cache && *cache && ((ArrTab *)*cache)->n == n) {
        *owned = false;
        return (ArrTab *)*cache;
    }
    ArrTab *t = arr_new(n);
    *owned = !cache;
    if (cache) {
        if (*cache) (*cache)->free(*cache);
        *cache = &t->base;
    }
    return t;
}

/* n and the white cells: distinct, sorted (the canon), in 1..n. */
static bool arr_args(const Value *a, int nargs)
{
    if (nargs < 1 || !closed_int(&a[0]) || a[0].u.i < 0 || a[0].u.i > ARRAY_N_MAX) return false;
    for (int i = 1; i < nargs; i++)
        if (!closed_int(&a[i]) || a[i].u.i < 1 || a[i].u.i > a[0].u.i || (i > 1 && a[i].u.i <= a[i - 1].u.i)) return false;
    return true;
}

static bool array_eval(const Value *a, int nargs, ClosedAnswer *r)
{
    if (!arr_args(a, nargs)) return false;
    r->terminal = nargs == 1;
    if (nargs == 1) return true;
    bool owned;
    ArrTab *t = arr_table(r->cache, a[0].u.i, &owned);
    uint64_t x = 0;
    for (int i = 1; i < nargs; i++) x ^= (uint64_t)arr_f(t, t->n / a[i].u.i);
    if (owned) arr_free(&t->base);
    r->sg = x;
    return true;
}

/* w with the cells x, 2x, ..., kx flipped, sorted, after n: into out; returns the count. */
static int arr_flip(const Value *a, int nargs, int64_t x, int64_t k, Value *out)
{
    int c = 0, i = 1;
    out[c++] = a[0];
    for (int64_t t = 1; t <= k || i < nargs;) {
        int64_t y = t <= k ? t * x : INT64_MAX;
        if (i < nargs && a[i].u.i < y) {
            out[c++] = a[i++];
        } else if (i < nargs && a[i].u.i == y) {   /* white turns black */
            i++;
            t++;
        } else {
            out[c++] = val_int(y);
            t++;
        }
    }
    return c;
}

/* The options worth want: for each white cell x (in the rules' order), each k <= ARRAY_K_MAX
   whose flipped cells 2x..kx make up the XOR needed; false when some k beyond it would too. */
static bool array_moves(Vm *vm, int gid, const Value *a, int nargs, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big || !arr_args(a, nargs)) return want->big;
    int64_t n = a[0].u.i;
    ArrTab *t = arr_new(n);
    uint64_t total = 0;
    for (int i = 1; i < nargs; i++) total ^= (uint64_t)arr_f(t, n / a[i].u.i);
    bool complete = true;
    /* the candidates first (a callback may end in an error: nothing of ours stays allocated) */
    size_t ncand = 0, capcand = 0;
    struct Cand { int64_t x, k; } *cand = NULL;
    for (int i = 1; i < nargs; i++) {
        int64_t x = a[i].u.i, m = n / x;
        uint64_t u = want->n ^ total ^ (uint64_t)arr_f(t, m), p = 0;
        int64_t k = 1;
        for (; k <= m && k <= ARRAY_K_MAX; k++) {
            if (k >= 2) p ^= (uint64_t)arr_f(t, m / k);
            if (p == u) VEC_PUSH(cand, ncand, capcand, ((struct Cand){ x, k }));
        }
        for (int64_t j = k; j <= m && complete;) {   /* beyond: whether any k would do */
            int64_t q = m / j, j2 = m / q;
            uint64_t v = (uint64_t)arr_f(t, q);
            if ((p ^ v) == u || (j2 > j && p == u)) complete = false;
            if ((j2 - j + 1) & 1) p ^= v;
            j = j2 + 1;
        }
    }
    arr_free(&t->base);
    Value *out = vm_alloc(vm, ((size_t)nargs + ARRAY_K_MAX + 1) * sizeof *out, (Loc){ 0 });
    struct Cand *c = vm_alloc(vm, (ncand ? ncand : 1) * sizeof *c, (Loc){ 0 });
    if (ncand) memcpy(c, cand, ncand * sizeof *c);
    xfree(cand);
    for (size_t i = 0; i < ncand; i++)
        if (closed_yield(vm, gid, out, arr_flip(a, nargs, c[i].x, c[i].k, out), cb, ctx)) return true;
    return complete;
}

const ClosedForm closed_array_forms[] = {
    { "ArrayGame", "closed:arraygame", array_eval, array_moves,
      "coin turning: SG = XOR over the white cells x of f(n / x), f(m) = mex over k of XOR f(m / j), j = 2..k", NULL, false },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};
