/* closed_multi.c: closed forms of games on several heaps at once: Moore's Nim_k, staircase games
   in disguise (KamPebbles on differences, JumpRow on runs of pieces) and the splitting game Beans (one independent game per bean). */
#include "config.h"
#include "solve/closed/closed.h"
#include "solve/core/nimber.h"
#include "bignum.h"
#include "vm.h"
#include "numth.h"
#include <stdlib.h>
#include <string.h>

static bool nonneg_ints(const Value *a, int from, int n)
{
    for (int i = from; i < n; i++)
        if (!closed_int(&a[i]) || a[i].u.i < 0) return false;
    return true;
}

/* ---- heaps beyond 64 bits: the same rules in GMP ---- */

static bool nats_from(const Value *a, int from, int n)
{
    for (int i = from; i < n; i++)
        if (!closed_nat(&a[i])) return false;
    return true;
}

static mpz_t *mpz_heaps(const Value *a, int n)
{
    mpz_t *h = xmalloc((size_t)(n ? n : 1) * sizeof *h);
    for (int i = 0; i < n; i++) {
        mpz_init(h[i]);
        big_get(h[i], &a[i]);
    }
    return h;
}

static void mpz_heaps_free(mpz_t *h, int n)
{
    for (int i = 0; i < n; i++) mpz_clear(h[i]);
    xfree(h);
}

/* ---- MooreNim(k, a...): P iff every binary digit has a multiple of k + 1 ones ------------------ */

static bool moore_p(uint64_t k, const int64_t *h, int n)
{
    for (int bit = 0; bit < 63; bit++) {
        uint64_t c = 0;
        for (int i = 0; i < n; i++) c += ((uint64_t)h[i] >> bit) & 1;
        if (c % (k + 1)) return false;
    }
    return true;
}

/* The same rule and construction in GMP, for heaps beyond 64 bits. */
static bool moore_p_mpz(uint64_t k, mpz_t *h, int n)
{
    size_t bits = 0;
    for (int i = 0; i < n; i++)
        if (mpz_sizeinbase(h[i], 2) > bits) bits = mpz_sizeinbase(h[i], 2);
    for (size_t bit = 0; bit < bits; bit++) {
        uint64_t c = 0;
        for (int i = 0; i < n; i++) c += (uint64_t)mpz_tstbit(h[i], bit);
        if (c % (k + 1)) return false;
    }
    return true;
}

static bool moore_construct_mpz(uint64_t k, mpz_t *h, int n, mpz_t *out)
{
    bool *changed = xcalloc((size_t)(n ? n : 1), sizeof *changed);
    int *idx = xmalloc((size_t)(n ? n : 1) * sizeof *idx);
    uint64_t m = 0;
    size_t bits = 0;
    bool ok = true;
    for (int i = 0; i < n; i++) {
        mpz_set(out[i], h[i]);
        if (mpz_sizeinbase(h[i], 2) > bits) bits = mpz_sizeinbase(h[i], 2);
    }
    for (size_t b = bits; b-- > 0 && ok;) {
        int cnt = 0;
        for (int i = 0; i < n; i++)
            if (!changed[i] && mpz_tstbit(h[i], b)) idx[cnt++] = i;
        uint64_t r = (uint64_t)cnt % (k + 1);
        for (int i = 0; i < n; i++)
            if (changed[i]) mpz_clrbit(out[i], b);   /* a changed heap's lower bits start at 0 */
        if (r == 0) continue;
        if (m + r <= k) {
            for (uint64_t j = 0; j < r; j++) {
                int i = idx[j];
                changed[i] = true;
                m++;
                mpz_fdiv_q_2exp(out[i], h[i], b + 1);   /* bit cleared, lower bits free */
                mpz_mul_2exp(out[i], out[i], b + 1);
            }
        } else {
            uint64_t need = k + 1 - r, set = 0;
            for (int i = 0; i < n && set < need; i++)
                if (changed[i]) { mpz_setbit(out[i], b); set++; }
            if (set < need) ok = false;
        }
    }
    xfree(changed);
    xfree(idx);
    return ok && m > 0;
}

static bool moore_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n > CLOSED_MAX_ARGS) return false;   /* its arrays are on the stack */
    if (n >= 1 && closed_int(&a[0]) && a[0].u.i >= 1 && nats_from(a, 1, n) && closed_any_big(a, n)) {
        mpz_t *h = mpz_heaps(a + 1, n - 1);
        r->outcome_only = true;
        r->sg = !moore_p_mpz((uint64_t)a[0].u.i, h, n - 1);
        mpz_heaps_free(h, n - 1);
        return true;
    }
    if (n < 1 || !nonneg_ints(a, 0, n) || a[0].u.i < 1) return false;
    int64_t h[CLOSED_MAX_ARGS];
    bool any = false;
    for (int i = 1; i < n; i++) { h[i - 1] = a[i].u.i; if (h[i - 1]) any = true; }
    r->outcome_only = true;
    r->sg = !moore_p((uint64_t)a[0].u.i, h, n - 1);
    r->terminal = !any;
    return true;
}

/* One winning move by Moore's construction, from the top bit down: the heaps already changed (at
   most k) may take any lower bits; a bit's count of ones is made a multiple of k + 1 by clearing
   it in r more heaps when they fit in k, else by setting it in k + 1 - r changed heaps. */
static bool moore_construct(uint64_t k, const int64_t *h, int n, int64_t *out)
{
    bool changed[CLOSED_MAX_ARGS] = { false };
    int m = 0;
    for (int i = 0; i < n; i++) out[i] = h[i];
    for (int bit = 62; bit >= 0; bit--) {
        uint64_t mask = (uint64_t)1 << bit;
        int idx[CLOSED_MAX_ARGS], cnt = 0;
        for (int i = 0; i < n; i++)
            if (!changed[i] && ((uint64_t)h[i] & mask)) idx[cnt++] = i;
        uint64_t r = (uint64_t)cnt % (k + 1);
        for (int i = 0; i < n; i++)
            if (changed[i]) out[i] &= (int64_t)~mask;   /* a changed heap's lower bits start at 0 */
        if (r == 0) continue;
        if ((uint64_t)m + r <= k) {
            for (uint64_t j = 0; j < r; j++) {
                int i = idx[j];
                changed[i] = true;
                m++;
                out[i] = (int64_t)(((uint64_t)h[i] & ~(mask | (mask - 1))));   /* bit cleared, lower bits free */
            }
        } else {
            uint64_t need = k + 1 - r, set = 0;
            for (int i = 0; i < n && set < need; i++)
                if (changed[i]) { out[i] |= (int64_t)mask; set++; }
            if (set < need) return false;
        }
    }
    return m > 0;
}

static bool moore_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (n > CLOSED_MAX_ARGS) return false;   /* its arrays are on the stack */
    if (want->big) return true;   /* every option's value is below 2^64 */
    uint64_t t = want->n;
    if (t != 0) return true;
    uint64_t k = (uint64_t)a[0].u.i;
    int nh = n - 1;
    if (closed_any_big(a, n)) {   /* one move by the construction, found before it is yielded */
        mpz_t *h = mpz_heaps(a + 1, nh), *w = mpz_heaps(a + 1, nh);
        Value *v = vm_alloc(vm, (size_t)n * sizeof *v, (Loc){ 0 });
        bool ok = moore_construct_mpz(k, h, nh, w);
        v[0] = a[0];
        for (int i = 0; ok && i < nh; i++) v[i + 1] = closed_arg(vm, w[i]);
        mpz_heaps_free(h, nh);
        mpz_heaps_free(w, nh);
        if (ok) closed_yield(vm, gid, v, n, cb, ctx);
        return false;   /* one winning move of possibly many */
    }
    int64_t h[CLOSED_MAX_ARGS], w[CLOSED_MAX_ARGS];
    for (int i = 0; i < nh; i++) h[i] = a[i + 1].u.i;
    Value v[CLOSED_MAX_ARGS];
    v[0] = a[0];
    /* every move of a small position, in the rules' order (the mixed-radix number c ascending) */
    uint64_t size = 1;
    bool small = true;
    for (int i = 0; i < nh && small; i++)
        if (__builtin_mul_overflow(size, (uint64_t)h[i] + 1, &size) || size > CLOSED_MAX_SCAN) small = false;
    if (small) {
        for (uint64_t c = 1; c < size; c++) {
            uint64_t rest = c, changed = 0;
            for (int i = nh - 1; i >= 0; i--) {
                uint64_t take = rest % ((uint64_t)h[i] + 1);
                rest /= (uint64_t)h[i] + 1;
                w[i] = h[i] - (int64_t)take;
                changed += take > 0;
            }
            if (changed > k || !moore_p(k, w, nh)) continue;
            for (int i = 0; i < nh; i++) v[i + 1] = val_int(w[i]);
            if (closed_yield(vm, gid, v, n, cb, ctx)) return true;
        }
        return true;
    }
    if (!moore_construct(k, h, nh, w)) return false;
    for (int i = 0; i < nh; i++) v[i + 1] = val_int(w[i]);
    closed_yield(vm, gid, v, n, cb, ctx);
    return false;   /* one winning move of possibly many */
}

/* ---- KamPebbles: staircase Nim on the differences, counted from the right -------------------- */

/* KamPebbles with a pile beyond 64 bits: the same staircase in GMP. d(i) = a_i - a_(i-1). */
static void kam_diff(mpz_t d, const Value *a, int i)
{
    mpz_t t;
    mpz_init(t);
    big_get(d, &a[i]);
    if (i) big_get(t, &a[i - 1]);
    mpz_sub(d, d, t);
    mpz_clear(t);
}

static bool kam_big(Vm *vm, int gid, const Value *a, int n, ClosedAnswer *r, const GameValue *want, VmYield cb, void *ctx)
{
    mpz_t x, d, up, s, k;
    mpz_inits(x, d, up, s, k, NULL);
    bool ok = true, moves = false;
    for (int i = 0; i < n && ok; i++) {
        kam_diff(d, a, i);
        if (mpz_sgn(d) < 0) ok = false;   /* not non-decreasing: the rules decide */
        if (mpz_sgn(d) > 0) moves = true;
        if ((n - 1 - i) % 2 == 0) mpz_xor(x, x, d);
    }
    struct { int i; Value w; } *mv = NULL;
    int nm = 0;
    if (ok && r) {
        closed_sg_mpz(r, x);
        r->terminal = !moves;
    } else if (ok) {   /* the moves of kam_moves, found before any is yielded */
        mv = vm_alloc(vm, (size_t)n * sizeof *mv, (Loc){ 0 });
        nim_to_mpz(s, want);
        mpz_xor(s, s, x);
        for (int i = 0; i < n; i++) {
            kam_diff(d, a, i);
            mpz_set_ui(k, 0);
            if ((n - 1 - i) % 2 == 0) {
                mpz_xor(up, d, s);
                if (mpz_cmp(up, d) < 0) mpz_sub(k, d, up);
            } else {
                kam_diff(up, a, i + 1);
                mpz_xor(s, s, up);   /* up ^ s, then s back */
                if (mpz_cmp(s, up) > 0) {
                    mpz_sub(k, s, up);
                    if (mpz_cmp(k, d) > 0) mpz_set_ui(k, 0);
                }
                mpz_xor(s, s, up);
            }
            if (mpz_sgn(k) == 0) continue;
            big_get(d, &a[i]);
            mpz_sub(d, d, k);
            mv[nm].i = i;
            mv[nm++].w = closed_arg(vm, d);
        }
    }
    mpz_clears(x, d, up, s, k, NULL);
    if (nm) {
        Value *v = vm_alloc(vm, (size_t)n * sizeof *v, (Loc){ 0 });
        for (int m = 0; m < nm; m++) {
            for (int j = 0; j < n; j++) v[j] = a[j];
            v[mv[m].i] = mv[m].w;
            if (closed_yield(vm, gid, v, n, cb, ctx)) break;
        }
    }
    return ok;
}

static bool kam_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (nats_from(a, 0, n) && closed_any_big(a, n)) return kam_big(NULL, 0, a, n, r, NULL, NULL, NULL);
    if (!nonneg_ints(a, 0, n)) return false;
    uint64_t x = 0;
    bool moves = false;
    for (int i = 0; i < n; i++) {
        int64_t d = a[i].u.i - (i ? a[i - 1].u.i : 0);
        if (d < 0) return false;   /* not non-decreasing: the rules decide */
        if (d > 0) moves = true;
        if ((n - 1 - i) % 2 == 0) x ^= (uint64_t)d;
    }
    r->sg = x;
    r->terminal = !moves;
    return true;
}

/* A move on pile i by k lowers d_i by k and raises d_(i+1) by k: on a counted step that is one
   pile of staircase Nim shrinking (k = d_i - (d_i ^ s)), on an uncounted one the counted step
   i + 1 growing (k = (d_(i+1) ^ s) - d_(i+1) <= d_i). One k per pile, in the rules' order. */
static bool kam_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (n > CLOSED_MAX_ARGS) return false;   /* its arrays are on the stack */
    if (want->big || closed_any_big(a, n)) return kam_big(vm, gid, a, n, NULL, want, cb, ctx);
    uint64_t t = want->n;
    uint64_t x = 0;
    for (int i = 0; i < n; i++)
        if ((n - 1 - i) % 2 == 0) x ^= (uint64_t)(a[i].u.i - (i ? a[i - 1].u.i : 0));
    uint64_t s = x ^ t;
    Value v[CLOSED_MAX_ARGS];
    for (int i = 0; i < n; i++) {
        uint64_t d = (uint64_t)(a[i].u.i - (i ? a[i - 1].u.i : 0)), k = 0;
        if ((n - 1 - i) % 2 == 0) {
            if ((d ^ s) < d) k = d - (d ^ s);
        } else {
            uint64_t up = (uint64_t)(a[i + 1].u.i - a[i].u.i);
            if ((up ^ s) > up && (up ^ s) - up <= d) k = (up ^ s) - up;
        }
        if (k == 0) continue;
        for (int j = 0; j < n; j++) v[j] = a[j];
        v[i] = val_int(a[i].u.i - (int64_t)k);
        if (closed_yield(vm, gid, v, n, cb, ctx)) return true;
    }
    return true;
}

/* ---- JumpRow: pieces with k empty cells to their right are staircase step k ----------------- */

static bool jump_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 1 || a[0].t != VT_STR) return false;
    uint64_t x = 0, cnt = 0, k = 0;
    bool moves = false;
    for (uint32_t i = a[0].n; i-- > 0;) {
        char ch = a[0].u.s[i];
        if (ch == '0') {
            if (k % 2) x ^= cnt;
            cnt = 0;
            k++;
        } else if (ch == '1') {
            cnt++;
            if (k > 0) moves = true;
        } else {
            return false;   /* not a row of 0 and 1: the rules decide */
        }
    }
    if (k % 2) x ^= cnt;
    r->sg = x;
    r->terminal = !moves;
    return true;
}

/* ---- Beans: SG(bean in bottle i) = mex{SG(j) ^ SG(k) : i < j <= k <= n} ---------------------- */

#define BEANS_MAX 64
static void beans_values(int n, uint64_t *g)
{
    for (int i = n - 1; i >= 0; i--) {   /* g depends on the bottles to the right only */
        bool seen[256] = { false };
        for (int j = i + 1; j < n; j++)
            for (int k = j; k < n; k++)
                if ((g[j] ^ g[k]) < 256) seen[g[j] ^ g[k]] = true;
        uint64_t m = 0;
        while (seen[m]) m++;
        g[i] = m;
    }
}

/* A count's parity and whether it is positive, at any size. */
static bool odd(const Value *v) { return v->t == VT_BIG ? (v->u.a[0] & 1) != 0 : (v->u.i & 1) != 0; }
static bool positive(const Value *v) { return v->t == VT_BIG || v->u.i > 0; }

/* v + delta (delta = -1 or 1) at any size. */
static Value add_one(Vm *vm, const Value *v, int delta)
{
    int64_t r;
    if (v->t == VT_INT && !__builtin_add_overflow(v->u.i, (int64_t)delta, &r)) return val_int(r);
    VmBig *t = vm_big_begin(vm, (Loc){ 0 });
    big_get(t->r, v);
    if (delta > 0) mpz_add_ui(t->r, t->r, 1); else mpz_sub_ui(t->r, t->r, 1);
    return vm_big_end(vm, t, (Loc){ 0 });
}

static bool beans_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n > BEANS_MAX || !nats_from(a, 0, n)) return false;
    uint64_t g[BEANS_MAX];
    beans_values(n, g);
    uint64_t x = 0;
    bool moves = false;
    for (int i = 0; i < n; i++) {
        if (odd(&a[i])) x ^= g[i];
        if (positive(&a[i]) && i < n - 1) moves = true;
    }
    r->sg = x;
    r->terminal = !moves;
    return true;
}

/* A move (i, j, k) flips the parities of bottles i, j and k (j = k: of i alone), so the value
   becomes x ^ g(i) ^ g(j) ^ g(k). Candidates in the rules' order; counts of any size. */
static bool beans_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    if (want->big) return true;   /* every option's value is below 2^64 */
    uint64_t t = want->n;
    uint64_t g[BEANS_MAX], x = 0;
    beans_values(n, g);
    for (int i = 0; i < n; i++)
        if (odd(&a[i])) x ^= g[i];
    Value v[BEANS_MAX];
    for (int i = 0; i < n; i++) {
        if (!positive(&a[i])) continue;
        for (int j = i + 1; j < n; j++)
            for (int k = j; k < n; k++) {
                if ((x ^ g[i] ^ g[j] ^ g[k]) != t) continue;
                for (int q = 0; q < n; q++) v[q] = a[q];
                v[i] = add_one(vm, &v[i], -1);
                v[j] = add_one(vm, &v[j], 1);
                v[k] = add_one(vm, &v[k], 1);
                if (closed_yield(vm, gid, v, n, cb, ctx)) return true;
            }
    }
    return true;
}

/* ---- MergePiles(n, m) and MergeState(m, piles...): from n piles of one the game lasts
   (n / m)(m - 1) + max(n mod m - 1, 0) merges under best play (HEOI 2014, Luogu P4101; checked
   against search for all n, m <= 34), so the first player wins iff that number is odd. The start
   is a game of its own (its n piles are never written down); its one option (two piles of one
   merged) is MergeState(m, 1, ..., 1, 2), a merge later, so its outcome is the start's reversed.
   Counted in GMP: n and m of any size. -------------------------------------------------------- */

/* The outcome of `piles` piles of one under limit m after `done` merges of best play. */
static void merge_answer(const mpz_t piles, const Value *m, uint64_t done, ClosedAnswer *r)
{
    mpz_t M, q, rem, moves;
    mpz_inits(M, q, rem, moves, NULL);
    big_get(M, m);
    if (mpz_sgn(M) > 0) {
        mpz_fdiv_qr(q, rem, piles, M);
        mpz_sub_ui(M, M, 1);
        mpz_mul(moves, q, M);   /* (n / m)(m - 1) */
        if (mpz_sgn(rem) > 0) {
            mpz_sub_ui(rem, rem, 1);
            mpz_add(moves, moves, rem);
        }
    }
    mpz_sub_ui(moves, moves, done);
    r->outcome_only = true;
    r->sg = mpz_odd_p(moves) != 0;
    r->terminal = mpz_sgn(moves) == 0;
    mpz_clears(M, q, rem, moves, NULL);
}

static bool merge_start_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n != 2 || !closed_nat(&a[0]) || !closed_nat(&a[1])) return false;
    mpz_t piles;
    mpz_init(piles);
    big_get(piles, &a[0]);
    merge_answer(piles, &a[1], 0, r);
    mpz_clear(piles);
    return true;
}

/* MergeState(m, 1, ..., 1) and, after the start's merge, MergeState(m, 1, ..., 1, 2). */
static bool merge_eval(const Value *a, int n, ClosedAnswer *r)
{
    if (n < 1 || !closed_nat(&a[0]) || (a[0].t == VT_INT && a[0].u.i < 1)) return false;
    bool after = n >= 2 && closed_int(&a[n - 1]) && a[n - 1].u.i == 2;   /* canon: the piles sorted */
    for (int i = 1; i < n - after; i++)
        if (!closed_int(&a[i]) || a[i].u.i != 1) return false;
    if (after && a[0].t == VT_INT && a[0].u.i < 2) return false;   /* not reached from a start */
    mpz_t piles;
    mpz_init_set_ui(piles, (uint64_t)(n - 1 + after));
    merge_answer(piles, &a[0], after, r);
    mpz_clear(piles);
    r->rules_moves = after;   /* the forms list only the moves of piles of one */
    return true;
}

/* The one option of `piles` >= 2 piles of one under limit m >= 2, MergeState(m, 1, ..., 1, 2),
   where it is small enough to write down (false: not listed). */
#define MERGE_WRITE_MAX 1000
static bool merge_option(Vm *vm, const Value *m, int64_t piles, VmYield cb, void *ctx)
{
    int state = prog_stdlib_game(vm->p, "MergeState");
    if (piles - 2 > MERGE_WRITE_MAX || state < 0) return false;
    size_t k = (size_t)piles;   /* m, then piles - 2 piles of one and a pile of two */
    Value *v = vm_alloc(vm, k * sizeof *v, (Loc){ 0 });
    v[0] = *m;
    for (size_t i = 1; i + 1 < k; i++) v[i] = val_int(1);
    v[k - 1] = val_int(2);
    closed_yield(vm, state, v, (int)k, cb, ctx);
    return true;
}

static bool merge_start_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)gid;
    (void)n;
    if (want->big || want->n != 0 || (a[1].t == VT_INT && a[1].u.i < 2)) return true;   /* no move to a P-position */
    if (a[0].t != VT_INT) return false;   /* n beyond 64 bits: not written down */
    return a[0].u.i < 2 || merge_option(vm, &a[1], a[0].u.i, cb, ctx);
}

static bool merge_moves(Vm *vm, int gid, const Value *a, int n, const GameValue *want, VmYield cb, void *ctx)
{
    (void)gid;
    if (want->big || want->n != 0 || n < 3 || (a[0].t == VT_INT && a[0].u.i < 2)) return true;
    return merge_option(vm, &a[0], n - 1, cb, ctx);
}

const ClosedForm closed_multi_forms[] = {
    { "MergePiles", "closed:mergepiles", merge_start_eval, merge_start_moves, "HEOI 2014: the game lasts (n / m)(m - 1) + max(n mod m - 1, 0) merges", NULL, true },
    { "MergeState", "closed:mergepiles", merge_eval, merge_moves, "HEOI 2014: the game lasts (n / m)(m - 1) + max(n mod m - 1, 0) merges", NULL, true },
    { "MooreNim", "closed:moore", moore_eval, moore_moves, "Moore: P iff every binary digit has a multiple of k + 1 ones", NULL, true },
    { "KamPebbles", "closed:kampebbles", kam_eval, kam_moves, "staircase Nim on the differences, the last on step 1", NULL, false },
    { "JumpRow", "closed:jumprow", jump_eval, NULL, "staircase Nim: pieces with k empty cells to their right are on step k", NULL, false },
    { "Beans", "closed:beans", beans_eval, beans_moves, "each bean is a game: SG(i) = mex{SG(j) ^ SG(k) : i < j <= k}", NULL, false },
    { NULL, NULL, NULL, NULL, NULL, NULL, false },
};
